"""The soak (issue 47, item 2): many tables of every game on real bot processes (webhook
workers sharing one Redis, and a polling worker on its own fake Telegram and Redis) while
faults overlap at random; then, within a heal window, what must hold again.

People press at a person's pace what their hands show (the e2e tests' simulated players),
computers sit at every table, a finished game is played again through «Play again».  The
faults are the fake Bot API's (``bot.playground.botapi``): outages (502/503/504 and held
calls), late answers, flood waits, a basic group upgraded, the bot kicked and added back,
people blocking and unblocking it, every update delivered twice; and kill -9 of a worker
(started again), and with a Redis Cluster a master killed (its replica takes over).

When the faults end everything is healed (the bot added back, people unblocking it), and
within ``heal`` seconds:

- every unfinished game moves again (a press accepted or a timer fired: its session changes);
- every board and hand shows the game as it is in Redis;
- no message was sent twice (the same text twice in a row in a chat);
- no press was applied twice (an update id twice among a session's applied ones, sampled);
- every press made outside an outage was answered;
- no worker logged a traceback;
and the workers' memory (RSS) is sampled throughout.  ``run`` returns a ``Report``;
``Report.violations`` lists what broke (the goal: none)."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import itertools
import random
import signal
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redis.exceptions import RedisError

from bot import screens
from bot.playground.botapi import Ephemeral, FakeTelegram, Message
from bot.session import Session
from bot.store import Store
from tests.e2e import test_candy, test_smashup
from tests.e2e.conftest import RELAXED, BotProcess, free_port
from tests.e2e.table import Table, code_of
from tests.e2e.telegram import T, shows

GAMES = ("svintus", "candy", "dobble", "smashup")
MARKS = {"svintus": "🐷", "candy": "🍬", "dobble": "👀", "smashup": "💥"}
FAULTS = ("outage", "late", "flood", "twice", "kill", "kick", "block", "migrate", "drop", "failover")
PACE = (0.4, 1.5)  # seconds between two presses of one person
RETRY = 6.0  # a person presses an unchanged screen again after this long (their press was lost)
HEAL = 20.0
# a lobby option that makes a game short enough to end (and be played again) within a soak:
# the button, the option, its value
SHORT: dict[str, tuple[str, str, Any]] = {
    "svintus": ("ot", "target_score", 10),
    "dobble": ("om", "mode", "catch"),
}


@dataclass
class Config:
    faults_for: float = 60.0  # seconds of faults, after the warm-up
    warmup: float = 15.0  # seconds of play before the first fault
    heal: float = HEAL
    tables: int = 1  # tables of each game, on each deployment
    games: tuple[str, ...] = GAMES
    webhook_workers: int = 2
    polling_workers: int = 1
    faults: tuple[str, ...] = FAULTS
    fault_gap: float = 3.0  # mean seconds between two faults' starts
    longest_flood: float = 60.0
    seed: int = 1
    cluster: bool = False  # the webhook workers on a Redis Cluster (else one redis-server)


@dataclass
class Report:
    tables: int = 0
    workers: int = 0
    games_started: int = 0
    games_finished: int = 0
    rematches: int = 0
    presses: int = 0
    presses_in_outages: int = 0
    redelivered: int = 0  # updates delivered twice
    unanswered: int = 0
    faults: Counter[str] = field(default_factory=Counter)  # the faults the harness made
    hits: Counter[str] = field(default_factory=Counter)  # the refusals the fake Telegram gave
    violations: list[str] = field(default_factory=list)
    memory: dict[str, list[float]] = field(default_factory=dict)  # worker process -> RSS (MiB) samples
    failovers: list[float] = field(default_factory=list)  # seconds each replica took to take over
    seconds: float = 0.0

    def summary(self) -> str:
        lines = [
            f"tables {self.tables} on {self.workers} workers, {self.seconds:.0f} s",
            f"games started {self.games_started}, finished {self.games_finished}, rematches {self.rematches}",
            f"presses {self.presses} ({self.presses_in_outages} during outages),"
            f" unanswered {self.unanswered}; updates delivered twice {self.redelivered}",
            "faults " + ", ".join(f"{k} {v}" for k, v in sorted(self.faults.items())),
            "refusals " + ", ".join(f"{k} {v}" for k, v in sorted(self.hits.items())),
        ]
        if self.failovers:
            took = ", ".join(f"{s:.1f}" for s in self.failovers)
            lines.append(f"failovers {len(self.failovers)} (a replica took over in {took} s)")
        for name, rss in sorted(self.memory.items()):
            if len(rss) >= 7:  # a process that lived 30 s or more (a kill -9 starts another)
                lines.append(
                    f"memory {name}: {rss[0]:.0f} -> {rss[-1]:.0f} MiB (max {max(rss):.0f});"
                    f" {rss[6]:.0f} at 30 s, over {5 * (len(rss) - 1)} s"
                )
        lines.append(f"violations {len(self.violations)}")
        lines += [f"  {v}" for v in self.violations]
        return "\n".join(lines)


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


# --- a deployment: one fake Telegram, its Redis, its workers -----------------------------------


class Deployment:
    def __init__(
        self, name: str, redis_url: str, workers: int, webhook: bool, data: Path, env: dict[str, str]
    ) -> None:
        self.name, self.redis_url, self.webhook, self.data, self.env = name, redis_url, webhook, data, env
        self.api = FakeTelegram.enforcing(RELAXED)
        self.api.faults.callback_expiry = 15.0  # Telegram forgets a press after about 15 s
        self.count = workers
        self.workers: list[BotProcess] = []
        self.outages: list[tuple[float, float]] = []  # monotonic windows
        self.store = Store.from_url(redis_url, cluster=env.get("REDIS_CLUSTER") == "1")
        self._push = self.api.push_raw
        self.retired_logs: list[str] = []
        self.redelivered = 0  # updates delivered twice

    async def start(self) -> None:
        base = await self.api.start()
        for i in range(self.count):
            d = self.data / f"{self.name}{i}"
            d.mkdir(parents=True, exist_ok=True)
            port = free_port() if self.webhook else None
            p = BotProcess(self.api, base, d, self.redis_url, "en", port, i == 0, RELAXED, self.env)
            await p.start()
            self.workers.append(p)
        if self.webhook:
            self.api.deliver_to([w.url for w in self.workers])

    def twice(self, on: bool) -> None:
        """Every update delivered twice (same update_id), or once again."""
        push = self._push

        def both(update: dict[str, Any]) -> None:
            self.redelivered += 1
            push(update)
            push(update)

        self.api.push_raw = both if on else push  # type: ignore[method-assign]

    def in_outage(self, at: float) -> bool:
        return any(start <= at <= end for start, end in self.outages)

    async def stop(self) -> None:
        for w in self.workers:
            await w.stop()
        await self.store.close()
        await self.api.stop()


# --- a table: a group, its people and computers ------------------------------------------------


def svintus_choose(t: SoakTable, user: int, rnd: random.Random) -> tuple[Message, dict[str, Any]] | None:
    return t.choose(user)


def dobble_choose(t: SoakTable, user: int, rnd: random.Random) -> tuple[Message, dict[str, Any]] | None:
    """The symbol the centre card shares with the player's (now and then a wrong one)."""
    import re

    hand = t.hand(user)
    if hand is None:
        return None
    centre = {x for row in re.findall(r"<b>(.*?)</b>", hand.text) for x in row.split()}
    symbols = [b for b in t.buttons(hand) if code_of(b).startswith("spot.")]
    right = rnd.random() < 0.9
    found = [b for b in symbols if (b["text"] in centre) == right]
    return (hand, rnd.choice(found)) if centre and found else None


CHOOSERS: dict[str, Callable[[Any, int, random.Random], tuple[Message, dict[str, Any]] | None]] = {
    "svintus": svintus_choose,
    "candy": test_candy.choose,
    "dobble": dobble_choose,
    "smashup": test_smashup.choose,
}


class SoakTable(Table):
    def __init__(
        self,
        dep: Deployment,
        group: int,
        game: str,
        people: list[int],
        computers: int,
        rnd: random.Random,
        in_group: bool = False,
    ) -> None:
        super().__init__(dep.api, group)
        self.dep, self.game, self.people, self.computers, self.rnd = dep, game, people, computers, rnd
        self.in_group = in_group  # people who never opened the bot: their hands in the group
        self.mark = MARKS[game]
        self.name = f"{dep.name}:{game}{'@group' if in_group else ''}:{group}"
        self.tried: dict[Any, float] = {}  # what was last tried when (not again too soon)
        self.last: dict[int, tuple[int, int]] = {}  # the hand each person last pressed
        self.session: Session | None = None
        self.games: set[str] = set()  # game ids seen playing
        self.finished: set[str] = set()
        self.rematches = 0
        self.applied_twice: list[int] = []
        self.paused = False
        self.acts: list[float] = []  # when (time.time()) somebody did something at the table
        self.chats = {group, *people}  # where what the bot sends for this table goes

    def due(self, key: Any, every: float = RETRY) -> bool:
        now = time.monotonic()
        if now - self.tried.get(key, -1e9) < every:
            return False
        self.tried[key] = now
        return True

    def press_button(
        self, soak: Soak, user: int, msg: Message | Ephemeral, button: dict[str, Any] | None
    ) -> None:
        if button is None:
            return
        if isinstance(msg, Ephemeral):
            qid = self.api.press_ephemeral(user, msg.chat_id, msg.ephemeral_id, button["callback_data"])
        else:
            qid = self.api.press(user, msg.chat_id, msg.message_id, button["callback_data"])
        soak.pressed(self.dep, qid)
        self.acted()

    def acted(self) -> None:
        """Somebody at the table did something (or something was done to it): the bot may say
        the same words again after it."""
        self.acts.append(time.time())

    def hand(self, user: int) -> Any:
        """The newest hand ``user`` sees: in the private chat, or in the group for them alone
        — not one of an earlier game there (its buttons name it): that one stays as it was
        when the game ended (as a private chat's do), and they press «My cards» for this one."""
        if not self.in_group:
            return super().hand(user)
        mine = [e for e in self.api.seen_ephemerals(user, self.group) if e.text.startswith(self.mark)]
        if not mine:
            return None
        # a button's data: <kind>|<chat>|<game id>|<tag>|<body> (bot.buttons)
        named = [str(b.get("callback_data", "")).split("|") for b in self.buttons(mine[-1])]
        games = {parts[2] for parts in named if len(parts) == 5 and parts[2] != "-"}
        if self.session is not None and games and self.session.game_id not in games:
            return None
        return mine[-1]

    async def load(self) -> Session | None:
        session, _ = await self.dep.store.load(self.group)
        if session is not None:
            counts = Counter(session.applied)
            self.applied_twice += [u for u, n in counts.items() if n > 1 and u not in self.applied_twice]
            if session.status == "playing":
                self.games.add(session.game_id)
            elif session.status == "over" and session.game_id in self.games:
                self.finished.add(session.game_id)
        self.session = session
        return session

    async def run(self, soak: Soak) -> None:
        for p in self.people:
            if not self.in_group:
                self.api.say(p, p, "/start")
                self.acted()
        while not soak.stopping:
            if not self.paused:
                # (a chat upgraded meanwhile; the harness's own Redis client in a failover)
                with contextlib.suppress(ValueError, KeyError, RedisError):
                    await self.step(soak, await self.load())
            await asyncio.sleep(self.rnd.uniform(*PACE) / max(1, len(self.people)))

    async def step(self, soak: Soak, session: Session | None) -> None:
        creator = self.people[0]
        if session is None or (session.status == "over" and not self.again()):
            if self.due("new", 10.0):
                self.api.say(creator, self.group, f"/new {self.game}")
                self.acted()
            return
        board = self.board()
        if session.status == "over":
            found = self.again()
            if found is not None and self.due(("again", found[0].message_id)):
                self.press_button(soak, self.rnd.choice(self.people), *found)
                self.rematches += 1
            return
        if session.status == "lobby":
            self.lobby(soak, session, board)
            return
        for p in self.people:
            picked = CHOOSERS[self.game](self, p, self.rnd)
            lost = self.in_group and board is not None and self.hand(p) is None
            if lost and self.due(("mine", p), RETRY):  # no hand here (or the app lost it): «My cards»
                self.press_button(soak, p, board, self.find(board, "~mine"))
                return
            if picked is None:
                continue
            msg, button = picked
            if self.last.get(p) == self.version(msg) and not self.due(("same", p)):
                continue
            self.last[p] = self.version(msg)
            self.tried[("same", p)] = time.monotonic()
            self.press_button(soak, p, msg, button)
            return  # one press a step: a person's pace

    def again(self) -> tuple[Message, dict[str, Any]] | None:
        """The newest result's «Play again» button (after the newest board)."""
        msgs = list(self.api.messages.get(self.group, {}).values())
        for m in reversed(msgs):
            b = self.find(m, "~again")
            if b is not None:
                return m, b
            if m.text.startswith(self.mark):
                return None
        return None

    def lobby(self, soak: Soak, session: Session, board: Message | None) -> None:
        if board is None or self.find(board, "g") is None:
            return
        seated = {m.id for m in session.members}
        for p in self.people:
            if p not in seated:
                if self.due(("join", p, session.game_id)):
                    self.press_button(soak, p, board, self.find(board, "j"))
                return
        short = SHORT.get(self.game)
        if short is not None and session.options.get(short[1]) != short[2]:
            if self.due(("option", session.game_id, str(session.options.get(short[1]))), 2.0):
                self.press_button(soak, session.creator, board, self.find(board, short[0]))
            return
        computers = sum(1 for m in session.members if m.level is not None)
        if computers < self.computers:
            if self.due(("computer", session.game_id, computers)):
                code = self.rnd.choice(("chard", "ceasy"))
                self.press_button(soak, session.creator, board, self.find(board, code))
            return
        if self.due(("go", session.game_id)):
            self.press_button(soak, session.creator, board, self.find(board, "g"))

    def difference(self, session: Session, screen: str) -> str:
        """What a stale screen shows and what it should: their first lines that differ."""
        if screen == "board":
            shown, drawn = self.board(), screens.draw_board(T, session.lang, session, self.api.username)
        else:
            who = int(screen.split(":")[1])
            shown = self.hand(who)
            drawn = screens.draw_hand(
                T, session.lang, session, who, self.api.username, in_group=self.in_group
            )
            if self.in_group:  # which of the hands they see in the group
                seen = [e for e in self.api.seen_ephemerals(who, self.group) if e.text.startswith(self.mark)]
                screen += f" (the newest of {len(seen)} seen)"
        if shown is None:
            return f"{screen} missing"
        pairs = itertools.zip_longest(shown.text.split("\n"), drawn.text.split("\n"), fillvalue="")
        diff = next(((a, b) for a, b in pairs if a != b), None)
        if diff is None:
            return f"{screen}: its buttons differ"
        return f"{screen} shows {diff[0][:70]!r}, not {diff[1][:70]!r} (edited {shown.edits} times)"

    def stale(self, session: Session) -> list[str]:
        """The screens (board, each person's hand) that do not show ``session`` as it is.  Not
        the group's screens of a game that ended when the group removed the bot: nothing more
        is sent to the group then, nor redrawn there once the bot is added back (operations.md,
        "The bot removed from a group"); the group's next game brings new ones."""
        found: list[str] = []
        if session.removed:  # the hands in private only (each says why the game ended)
            return [] if self.in_group else self._stale_hands(session)
        if not shows(self.board(), screens.draw_board(T, session.lang, session, self.api.username)):
            found.append("board")
        return found + self._stale_hands(session)

    def _stale_hands(self, session: Session) -> list[str]:
        found = []
        if session.state is not None:
            for m in session.members:
                hand = self.hand(m.id)
                if m.level is None and not (self.in_group and hand is None):  # (a hand not open)
                    drawn = screens.draw_hand(
                        T, session.lang, session, m.id, self.api.username, in_group=self.in_group
                    )
                    if not shows(hand, drawn):
                        found.append(f"hand:{m.id}")
        return found


# --- the soak ---------------------------------------------------------------------------------


class Soak:
    def __init__(self, config: Config, deployments: list[Deployment], cluster: Any = None) -> None:
        self.config, self.deps, self.cluster = config, deployments, cluster
        self.rnd = random.Random(config.seed)
        self.report = Report()
        self.tables: list[SoakTable] = []
        self.presses: list[tuple[Deployment, str, float]] = []
        self.stopping = False
        self.faulting = False
        self.tasks: set[asyncio.Task[Any]] = set()
        self.restarts: list[asyncio.Task[None]] = []
        self.blocked: set[tuple[Deployment, int]] = set()
        self.kicked: set[tuple[Deployment, int]] = set()
        self.fault_tasks: list[asyncio.Task[None]] = []
        self.failing_over = asyncio.Lock()
        self.killing: set[BotProcess] = set()  # workers the harness is killing (and starting again)
        self._build()

    def _build(self) -> None:
        user = 7_000_000
        for d, dep in enumerate(self.deps):
            for g, game in enumerate(self.config.games):
                for i in range(self.config.tables):
                    basic = game == "svintus" and i == 0  # a basic group, to be upgraded
                    gid = -(5_000_000 + d * 100_000 + g * 1_000 + i)
                    if not basic:
                        gid = int(f"-100{abs(gid)}")
                    people = 1 if game == "smashup" else 2 + (i % 2)
                    ids = list(range(user, user + people))
                    user += people
                    dep.api.add_group(gid, f"{game} {i}", kind="group" if basic else "supergroup")
                    for p in ids:
                        dep.api.add_user(p, f"P{p % 1000}", "en")
                    rnd = random.Random(self.rnd.random())
                    self.tables.append(SoakTable(dep, gid, game, ids, 1, rnd))
            if "svintus" in self.config.games:  # and one whose people see their hands in the group
                gid = -(1_005_900_000 + d)
                ids = [user, user + 1]
                user += 2
                dep.api.add_group(gid, "svintus here", admins={dep.api.bot_id})
                for p in ids:
                    dep.api.add_user(p, f"P{p % 1000}", "en")
                rnd = random.Random(self.rnd.random())
                self.tables.append(SoakTable(dep, gid, "svintus", ids, 1, rnd, in_group=True))
        self.report.tables = len(self.tables)

    def pressed(self, dep: Deployment, qid: str) -> None:
        self.presses.append((dep, qid, time.monotonic()))

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def run(self) -> Report:
        started = time.monotonic()
        self.report.workers = sum(len(d.workers) for d in self.deps)
        players = [self.spawn(t.run(self)) for t in self.tables]
        memory = self.spawn(self.sample_memory())
        await asyncio.sleep(self.config.warmup)  # the tables open and play a while
        self.faulting = True
        await self.make_faults(time.monotonic() + self.config.faults_for)
        self.faulting = False
        await self.heal_all()
        await self.check_heal()
        self.stopping = True
        await asyncio.gather(*players, return_exceptions=True)
        memory.cancel()
        self.final_checks()
        self.report.seconds = time.monotonic() - started
        return self.report

    # --- faults -------------------------------------------------------------------------------

    async def make_faults(self, until: float) -> None:
        deck: list[str] = []  # every kind of fault once, in a random order, then again
        while (left := until - time.monotonic()) > 0.5:
            if not deck:
                deck = [k for k in self.config.faults if k != "failover" or self.cluster is not None]
                self.rnd.shuffle(deck)
            kind = deck.pop()
            dep = self.rnd.choice(self.deps)
            seconds = min(left, self.rnd.uniform(1.0, 8.0))
            self.fault_tasks.append(self.spawn(self.fault(kind, dep, seconds, until)))
            await asyncio.sleep(min(left, self.rnd.expovariate(1 / self.config.fault_gap)))
        await asyncio.gather(*self.fault_tasks, return_exceptions=True)
        for dep in self.deps:  # the faults end with an outage: screens it failed must be drawn again
            dep.api.faults.outage("502", seconds=2.0)
            dep.outages.append((time.monotonic(), time.monotonic() + 2.0))
        await asyncio.sleep(2.0)

    async def fault(self, kind: str, dep: Deployment, seconds: float, until: float) -> None:
        faults = dep.api.faults
        if kind == "outage":
            what = self.rnd.choice(("502", "503", "504", "timeout"))
            faults.outage(what, seconds=seconds)
            now = time.monotonic()
            dep.outages.append((now, now + seconds))
        elif kind == "late":
            method = self.rnd.choice(("sendMessage", "editMessageText", "answerCallbackQuery"))
            faults.late(self.rnd.uniform(0.5, 4.0), method, count=self.rnd.randint(1, 5))
        elif kind == "flood":
            longest = min(self.config.longest_flood, until - time.monotonic())
            chat = self.rnd.choice([None, *(t.group for t in self.tables if t.dep is dep)])
            faults.flood(self.rnd.uniform(1.0, max(1.0, longest)), chat_id=chat)
        elif kind == "twice":
            dep.twice(True)
            await asyncio.sleep(seconds)
            dep.twice(False)
        elif kind == "kill":
            await self.kill(dep, seconds)
        elif kind == "kick":
            await self.kick(dep, seconds)
        elif kind == "block":
            await self.block(dep, seconds)
        elif kind == "drop":  # an app loses the hands in the group sent to it meanwhile
            people = [p for t in self.tables if t.dep is dep and t.in_group for p in t.people]
            if not people:
                return
            p = self.rnd.choice(people)
            faults.drop_ephemerals(p)
            await asyncio.sleep(seconds)
            faults.drop_ephemerals(p, dropping=False)
            if self.rnd.random() < 0.5:
                dep.api.restart_app(p)  # and those it showed
        elif kind == "migrate":
            if not self.migrate(dep):
                return
        elif kind == "failover":  # (on the webhook deployment's cluster, whatever ``dep``)
            if self.cluster is None:
                return
            async with self.failing_over:  # one at a time: two could take a slot's last copy
                try:
                    self.report.failovers.append(await asyncio.to_thread(self.failover))
                except TimeoutError as e:
                    self.report.violations.append(f"cluster: a failover did not end: {e}")
                    return
        self.report.faults[kind] += 1

    async def kill(self, dep: Deployment, seconds: float) -> None:
        alive = [w for w in dep.workers if w.proc is not None and w not in self.killing]
        if not alive:
            return
        worker = self.rnd.choice(alive)
        self.killing.add(worker)
        try:
            await worker.stop(signal.SIGKILL)
            await asyncio.sleep(min(seconds, 3.0))
            dep.retired_logs.append(worker.log())
            await worker.start()
        finally:
            self.killing.discard(worker)

    async def kick(self, dep: Deployment, seconds: float) -> None:
        tables = [t for t in self.tables if t.dep is dep and (dep, t.group) not in self.kicked]
        if not tables:
            return
        t = self.rnd.choice(tables)
        group = t.group
        if dep.api.chats[group].bot_status != "member":
            return
        self.kicked.add((dep, group))
        dep.api.kick_bot(group, t.people[0])
        t.acted()
        await asyncio.sleep(seconds)
        dep.api.add_bot(group, t.people[0])
        t.acted()
        self.kicked.discard((dep, group))

    async def block(self, dep: Deployment, seconds: float) -> None:
        """A person blocks the bot, then unblocks it (with the /start of «Restart bot»).  Not
        one who sees their hands in the group: never having opened the bot, they cannot
        block it, and unblocking with /start would open it (their hands go to their private
        chat from then on, which the table does not look at)."""
        people = [
            p
            for t in self.tables
            if t.dep is dep and not t.in_group
            for p in t.people
            if (dep, p) not in self.blocked
        ]
        if not people:
            return
        p = self.rnd.choice(people)
        self.blocked.add((dep, p))
        dep.api.block(p)
        await asyncio.sleep(seconds)
        dep.api.unblock(p, restart=True)
        for t in self.tables:
            if t.dep is dep and p in t.people:
                t.acted()
        self.blocked.discard((dep, p))

    def migrate(self, dep: Deployment) -> bool:
        for t in self.tables:
            chat = dep.api.chats.get(t.group)
            free = (dep, t.group) not in self.kicked
            if t.dep is dep and chat is not None and chat.kind == "group" and free:
                t.chats.add(t.group)
                t.group = dep.api.migrate(t.group, t.people[0])
                t.chats.add(t.group)
                t.acted()
                return True
        return False

    def failover(self) -> float:
        """A master of the cluster killed: its replica takes over, then it is started again
        and comes back as the new master's replica, in sync; the seconds the takeover took.

        It waits for the takeover before starting the master again: started at once (within
        the cluster's node timeout) it came back as the master before anyone missed it, and
        empty (the nodes keep no files), its replica then syncing from it: no failover, a
        third of the keys gone."""
        from tests.cluster.cluster import wait_for

        cluster = self.cluster
        cluster.wait_healthy(timeout=60)  # every master's replica in sync (the last one back)
        master = self.rnd.choice(cluster.masters())
        replica = cluster.replica_of(master)
        killed = time.monotonic()
        cluster.kill(master)
        wait_for(lambda: cluster.role(replica) == "master", 30, f"replica {replica} taking over")
        took = time.monotonic() - killed
        cluster.wait_healthy(timeout=30, replicated=False)
        cluster.start_node(master)
        wait_for(lambda: cluster.role(master) == "slave", 30, f"{master} back as a replica")
        cluster.wait_healthy(timeout=60)
        return took

    async def heal_all(self) -> None:
        for dep in self.deps:
            dep.api.faults.heal()
            dep.api.faults.dropping.clear()
            dep.twice(False)
            for w in dep.workers:
                if w.proc is None:
                    await w.start()

    # --- after the faults -----------------------------------------------------------------------

    async def check_heal(self) -> None:
        """Within the heal window: every table's people first stop pressing, and its screens
        must come to show its game (drawn again by the bot itself, after the outage the faults
        end with); then they press again, and every unfinished game must move; and every
        press made outside an outage must be answered."""
        deadline = time.monotonic() + self.config.heal
        at_heal = {t.name: await self.mark(t) for t in self.tables}
        waiting = {t.name for t in self.tables if at_heal[t.name] is not None}
        stale: dict[str, list[str]] = {}
        for t in self.tables:
            t.paused = True
        while (waiting or any(t.paused for t in self.tables)) and time.monotonic() < deadline:
            for t in self.tables:
                if t.paused:
                    session = await t.load()
                    stale[t.name] = t.stale(session) if session is not None else []
                    t.paused = bool(stale[t.name])  # current: its people press again
                if t.name in waiting and await self.mark(t) != at_heal[t.name]:
                    waiting.discard(t.name)
            await asyncio.sleep(0.2)
        for name in sorted(waiting):
            self.report.violations.append(f"{name}: the game did not move within {self.config.heal:.0f} s")
        for t in self.tables:
            if t.paused and t.session is not None:
                what = "; ".join(t.difference(t.session, screen) for screen in stale.get(t.name, []))
                self.report.violations.append(f"{t.name}: stale after the heal window: {what}")
        while time.monotonic() < deadline and self.unanswered():
            await asyncio.sleep(0.2)

    async def mark(self, t: SoakTable) -> tuple[Any, ...] | None:
        """What changes when a game moves (None: no unfinished game there)."""
        for _ in range(50):  # (the harness's own Redis client, in a failover)
            with contextlib.suppress(RedisError):
                session = await t.load()
                break
            await asyncio.sleep(0.2)
        else:
            raise RuntimeError(f"{t.name}: Redis did not answer")
        if session is None or session.status == "over":
            return None
        seq = session.state.seq if session.state is not None else -1
        return (session.game_id, session.status, seq, len(session.members))

    def unanswered(self) -> list[tuple[Deployment, str, float]]:
        return [
            (dep, qid, at)
            for dep, qid, at in self.presses
            if qid in dep.api.pending_queries and not dep.in_outage(at)
        ]

    def final_checks(self) -> None:
        r = self.report
        r.presses = len(self.presses)
        r.presses_in_outages = sum(1 for dep, _, at in self.presses if dep.in_outage(at))
        lost = self.unanswered()
        r.unanswered = len(lost)
        for dep, qid, at in lost[:20]:
            r.violations.append(f"{dep.name}: press {qid} (at {at:.1f}) never answered")
        for t in self.tables:
            r.games_started += len(t.games)
            r.games_finished += len(t.finished)
            r.rematches += t.rematches
            for u in t.applied_twice:
                r.violations.append(f"{t.name}: update {u} applied twice")
        for dep in self.deps:
            r.redelivered += dep.redelivered
            r.hits.update(dep.api.faults.hits)
            r.violations += [f"{dep.name}: fake Telegram: {v}" for v in dep.api.violations[:20]]
            tables = [t for t in self.tables if t.dep is dep]
            r.violations += [f"{dep.name}: sent twice: {d}" for d in sent_twice(dep.api, tables)[:20]]
            for i, w in enumerate(dep.workers):
                for log in [*dep.retired_logs, w.log()]:
                    if "Traceback" in log:
                        at = log.index("Traceback")
                        r.violations.append(f"{dep.name}{i}: a traceback: {log[at : at + 600]}")
                        break

    async def sample_memory(self) -> None:
        """Every 5 s, each worker's memory; and a worker that ended when the harness did not
        kill it (a crash, or a signal from outside the soak) is a violation, started again."""
        while True:
            for dep in self.deps:
                for i, w in enumerate(dep.workers):
                    if w.proc is None or w in self.killing:
                        continue
                    code = w.proc.poll()
                    if code is not None:
                        self.report.violations.append(
                            f"{dep.name}{i}: pid {w.pid} ended by itself (code {code})"
                        )
                        w.proc = None
                        dep.retired_logs.append(w.log())
                        await w.start()
                        continue
                    rss = rss_mib(w.pid)
                    if rss is not None:
                        self.report.memory.setdefault(f"{dep.name}{i} pid {w.pid}", []).append(rss)
            await asyncio.sleep(5.0)


def sent_twice(api: FakeTelegram, tables: list[SoakTable]) -> list[str]:
    """Messages whose text is the same as the message the bot sent just before in that chat,
    with nothing done at the chat's table in between: one change told twice."""
    found = []
    for chat, kept in api.messages.items():
        acts = sorted(a for t in tables if chat in t.chats for a in t.acts)
        gone = [m for m in api.deleted if m.chat_id == chat]
        sent = sorted([*kept.values(), *gone], key=lambda m: m.message_id)
        for a, b in itertools.pairwise(sent):
            news = bisect.bisect_right(acts, a.date) < bisect.bisect_left(acts, b.date)
            if a.text == b.text and b.message_id == a.message_id + 1 and not news:
                found.append(f"{chat}: {b.text[:80]!r}")
    return found


# --- one run ------------------------------------------------------------------------------------


async def soak(config: Config, redis_urls: list[str] | None = None, data: Path | None = None) -> Report:
    """Start the deployments (on ``redis_urls``: the webhook one's, then the polling one's;
    else redis-servers of its own), soak them, stop them; the report."""
    from tests.conftest import RedisProcess

    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        root = data or Path(tmp)
        servers: list[Any] = []
        cluster = None
        env: dict[str, str] = {}
        urls = list(redis_urls or [])
        if config.cluster:
            from tests.cluster.cluster import LocalCluster

            cluster = LocalCluster(root / "cluster")
            cluster.start()
            urls = [cluster.url, *urls]
        while len(urls) < (config.webhook_workers > 0) + (config.polling_workers > 0):
            d = root / f"redis{len(servers)}"
            d.mkdir(parents=True, exist_ok=True)
            server = RedisProcess(d, fsync="everysec")
            server.start()
            servers.append(server)
            urls.append(server.url)
        deps = []
        if config.webhook_workers:
            cluster_env = {"REDIS_CLUSTER": "1"} if config.cluster else {}
            deps.append(Deployment("webhook", urls[0], config.webhook_workers, True, root, cluster_env))
        if config.polling_workers:
            deps.append(Deployment("polling", urls[-1], config.polling_workers, False, root, env))
        try:
            for dep in deps:
                await dep.start()
            return await Soak(config, deps, cluster).run()
        finally:
            for dep in deps:
                await dep.stop()
            for server in servers:
                server.stop()
            if cluster is not None:
                cluster.stop()
