"""The arena: computer players against each other, win rates and decision times.

    python -m engine.players.arena --game candy --seats hard,random --games 1000
        [--seed N] [--playouts N] [--options JSON] [--processes 2] [--same-deals]

Seats are rotated across games (game g seats the players shifted by g), so no
level keeps the first seat.  Each player is asked, after every change of the
game, what it would do (``choose``) and how long a person would take
(``delay_ms``); the earliest move (or the next deadline) happens, and every
player is asked again.  Prints each level's win rate (a tie shares the win)
with its 95% Wilson interval, the median and p99 time of ``choose`` (CPU time
of the process, so that other work on a shared machine does not count: what
one free core would take), and the CPU seconds a seat of that level costs per
minute of the table's clock (the game's length with every seat's human-like
delays).  Levels: ``engine.players.LEVELS``; a seat per player, so
``--seats hard,lookahead,lookahead,lookahead`` is a 4-player table.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.core import Tick
from engine.players import Player, get

MAX_EVENTS = 20_000  # a bound on one game's steps, in case players stall it


@dataclass
class Result:
    """One game: each level's share of the win and its decision times (ms)."""

    wins: dict[int, float] = field(default_factory=dict)  # seat index -> share of the win
    times: dict[int, list[float]] = field(default_factory=dict)
    finished: bool = False
    steps: int = 0
    table_ms: int = 0  # the game's length on the table's clock (people's and computers' delays)


def play_game(
    name: str,
    players: Sequence[Player],
    seed: int,
    options: Any = None,
    rotate: int = 0,
) -> Result:
    """One game of ``players`` (their seat order rotated by ``rotate``)."""
    game = registry.get(name)
    n = len(players)
    order = [(i + rotate) % n for i in range(n)]  # seat k is played by players[order[k]]
    ids = list(range(1, n + 1))
    who = {ids[k]: order[k] for k in range(n)}
    rng = random.Random(seed)
    state, _ = game.start(ids, seed, game.options(options), 0)
    now = 0
    result = Result(times={i: [] for i in range(n)})
    proposals: dict[int, tuple[int, Any]] = {}
    asked = -1
    for step in range(MAX_EVENTS):
        if game.outcome(state).status == "over":
            result.finished = True
            break
        if asked != state.seq:
            asked = state.seq
            proposals = {}
            for p in ids:
                legal = game.legal(state, p)
                if not legal:
                    continue
                view = game.view(state, p)
                player = players[who[p]]
                t = time.process_time()
                action = player.choose(view, legal, rng)
                result.times[who[p]].append((time.process_time() - t) * 1000)
                if action is not None:
                    proposals[p] = (now + player.delay_ms(view, rng), action)
        due = game.next_deadline(state)
        first = min(proposals.items(), key=lambda kv: (kv[1][0], kv[0]), default=None)
        if first is None and due is None:
            break  # nobody will act and time changes nothing
        if first is None or (due is not None and due <= first[1][0]):
            assert due is not None
            now = max(now, due)
            state, _ = game.apply(state, Tick(), now)
            continue
        p, (at, action) = first
        now = max(now, at)
        state, _ = game.apply(state, action, now)
        result.steps = step + 1
    result.table_ms = now
    outcome = game.outcome(state)
    winners = [who[p] for p in outcome.winners if p in who]
    for i in range(n):
        result.wins[i] = 1.0 / len(winners) if i in winners else 0.0
    return result


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    ys = sorted(xs)
    return ys[min(len(ys) - 1, math.ceil(q * len(ys)) - 1)]


def _one(job: tuple[str, list[str], int, Any, int, int | None]) -> Result:
    name, levels, seed, options, rotate, playouts = job
    players = [get(name, lv, playouts) for lv in levels]
    return play_game(name, players, seed, options, rotate)


def run(
    name: str,
    levels: list[str],
    games: int,
    seed: int = 1,
    options: Any = None,
    playouts: int | None = None,
    processes: int = 1,
    same_deals: bool = False,
) -> list[Result]:
    """``games`` games; ``same_deals``: each deal is played once from every
    rotation of the seats (games ``k*n`` .. ``k*n+n-1`` share a seed), so that
    the luck of the deal cancels out of the comparison."""
    n = len(levels)
    jobs = [
        (name, levels, seed * 1_000_003 + (g // n if same_deals else g), options, g % n, playouts)
        for g in range(games)
    ]
    if processes <= 1:
        return [_one(j) for j in jobs]
    with ProcessPoolExecutor(processes) as pool:
        return list(pool.map(_one, jobs, chunksize=max(1, games // (processes * 8))))


def report(levels: list[str], results: list[Result]) -> list[str]:
    n = len(results)
    lines = [f"{n} games, {sum(r.finished for r in results)} finished"]
    lines.append(
        f"{'seat':<12} {'win rate':>8} {'95% interval':>16} {'decisions':>9} {'median ms':>9} {'p99 ms':>8}"
        f" {'CPU s/table min':>15}"
    )
    minutes = sum(r.table_ms for r in results) / 60_000
    for i, level in enumerate(levels):
        wins = sum(r.wins.get(i, 0.0) for r in results)
        low, high = wilson(wins, n)
        times = [t for r in results for t in r.times.get(i, [])]
        med = statistics.median(times) if times else float("nan")
        lines.append(
            f"{i}:{level:<10} {wins / n if n else 0:>8.1%} {f'[{low:.1%}, {high:.1%}]':>16} "
            f"{len(times):>9} {med:>9.2f} {percentile(times, 0.99):>8.2f}"
            f" {sum(times) / 1000 / minutes if minutes else float('nan'):>15.3f}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=registry.names(), required=True)
    parser.add_argument("--seats", required=True, help="levels: hard,lookahead")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", "--budget", type=int, default=None, help="hard level's playouts")
    parser.add_argument("--options", default=None, help="options as JSON")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--same-deals", action="store_true", help="every deal rotated")
    args = parser.parse_args(argv)
    levels = args.seats.split(",")
    options = json.loads(args.options) if args.options else None
    started = time.perf_counter()
    results = run(
        args.game, levels, args.games, args.seed, options, args.playouts, args.processes, args.same_deals
    )
    for line in report(levels, results):
        print(line)
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
