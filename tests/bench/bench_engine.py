"""Simulation benchmark of any game's engine (run on demand, never a pass/fail test).

    python -m tests.bench.bench_engine [--game svintus] [--seconds 3] [--players 2,4,10]
                                       [--options '{"mode": "catch"}'] [--mover] [--views]

Random players press random legal actions (nobody walks out or talks in a
silence, so games get played), random time passes between presses, and the
referee ticks at every deadline.  By default every seated player's ``legal``
is asked each step and one of all their actions is pressed (uniformly, a
prompt's answers included without listing them); ``--mover`` asks only the
players the game waits on (``waiting``) and picks one of them, as RLCard's
loop does (``tests/bench/bench_rlcard.py``).  Prints, per table size: actions
applied per second (``apply`` alone, and the whole loop with ``legal`` and the
choice), views a second (every seat's and the public's), games (Svintus:
rounds) finished per second, and the mean number of actions each took.
``--views``: instead, the cost of ``view`` in µs a seat over positions from
the second half of random games (where most cards are in play): every seat's
view of a position just loaded (nothing worked out yet), per seat, and the
first seat's alone.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from typing import Any

from engine.core import AnyGame, Moves, Tick
from engine.registry import get, names

# Svintus matches run for many rounds: its unit of play is the round.
UNIT_EVENT = {"svintus": "svintus-ev-round-won"}
DEFAULT_PLAYERS = {"svintus": "2,4,10", "candy": "2,3,4", "dobble": "2,4,8", "smashup": "2,3,4"}
QUIET = ("leave", "speak")  # actions a benchmark player never takes


def playable(legal: Sequence[Any]) -> Sequence[Any]:
    """The actions a benchmark player may press (a prompt's answers stay lazy)."""
    if isinstance(legal, Moves):
        return Moves([a for a in legal.plain if a.type not in QUIET], legal.answers)
    return [a for a in legal if a.type not in QUIET]


def choose(game: AnyGame, state: Any, players: Sequence[int], rnd: random.Random) -> Any:
    """One of the players' actions, uniformly over all of them (None: none)."""
    menus = [m for m in (playable(game.legal(state, p)) for p in players) if m]
    total = sum(len(m) for m in menus)
    if not total:
        return None
    i = rnd.randrange(total)
    for m in menus:
        if i < len(m):
            return m[i]
        i -= len(m)
    raise AssertionError("unreachable")


def movers(game: AnyGame, state: Any) -> list[int]:
    return [p for w in game.waiting(state) for p in w.players]


def step(game: AnyGame, state: Any, seats: list[int], rnd: random.Random, now: int, mover: bool) -> Any:
    """The next action of a random game (a Tick when time must pass first)."""
    due = game.next_deadline(state)
    if due is not None and due <= now:
        return Tick()
    if mover:
        who = movers(game, state)
        action = None
        if who:
            p = who[rnd.randrange(len(who))]
            menu = playable(game.legal(state, p))
            action = menu[rnd.randrange(len(menu))] if menu else None
    else:
        action = choose(game, state, seats, rnd)
    return action


def run(
    name: str,
    players: int,
    seconds: float,
    options: Any = None,
    seed: int = 1,
    mover: bool = False,
    views_too: bool = True,
) -> dict[str, float]:
    game = get(name)
    rnd = random.Random(seed)
    opts = game.options(options)
    apply_time = view_time = 0.0
    actions = units = views = 0
    unit_event = UNIT_EVENT.get(name)
    started = time.perf_counter()
    seats = list(range(1, players + 1))
    viewers: list[int | None] = [None, *seats]
    while time.perf_counter() - started < seconds:
        state, _ = game.start(seats, rnd.getrandbits(63), opts, 0)
        now = 0
        for _ in range(50_000):  # a bound, in case random play never ends a game
            if game.outcome(state).status == "over":
                units += unit_event is None
                break
            now += rnd.randint(0, 1500)
            action = step(game, state, seats, rnd, now, mover)
            if action is None:
                due = game.next_deadline(state)
                if due is None:
                    break
                now = max(now, due)
                action = Tick()
            t = time.perf_counter()
            state, events = game.apply(state, action, now)
            apply_time += time.perf_counter() - t
            actions += 1
            if unit_event is not None:
                units += sum(1 for e in events if e.key == unit_event)
            if views_too and actions % 16 == 0:
                t = time.perf_counter()
                for v in viewers:
                    game.view(state, v)
                view_time += time.perf_counter() - t
                views += len(viewers)
    wall = time.perf_counter() - started
    return {
        "players": players,
        "actions": actions,
        "apply_per_s": actions / apply_time if apply_time else 0.0,
        "view_per_s": views / view_time if view_time else 0.0,
        "loop_per_s": actions / wall,
        "units_per_s": units / wall,
        "actions_per_unit": actions / units if units else float("nan"),
    }


def views(name: str, players: int, seconds: float, options: Any = None, seed: int = 1) -> dict[str, float]:
    """``view`` for every seat of positions from the second half of random games."""
    game = get(name)
    rnd = random.Random(seed)
    opts = game.options(options)
    seats = list(range(1, players + 1))
    every = first = 0.0
    positions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, _ = game.start(seats, rnd.getrandbits(63), opts, 0)
        now, trail = 0, []
        for _ in range(50_000):
            if game.outcome(state).status == "over":
                break
            now += rnd.randint(0, 1500)
            action = step(game, state, seats, rnd, now, False)
            if action is None:
                due = game.next_deadline(state)
                if due is None:
                    break
                now = max(now, due)
                action = Tick()
            state, _ = game.apply(state, action, now)
            trail.append(state)
        for s in trail[len(trail) // 2 :: 7]:
            fresh = game.load(game.dump(s))
            t = time.perf_counter()
            game.view(fresh, seats[0])
            first += time.perf_counter() - t
            for p in seats[1:]:
                game.view(fresh, p)
            every += time.perf_counter() - t
            positions += 1
    return {
        "players": players,
        "positions": positions,
        "every_us": every / (positions * players) * 1e6 if positions else float("nan"),
        "first_us": first / positions * 1e6 if positions else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=names(), default="svintus")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", default=None)
    parser.add_argument("--options", default=None, help="the table options, as JSON")
    parser.add_argument("--mover", action="store_true", help="only the players the game waits on act")
    parser.add_argument("--views", action="store_true", help="µs of a view a seat, in later positions")
    args = parser.parse_args()
    options = json.loads(args.options) if args.options else None
    if args.views:
        print(f"{'players':>7} {'positions':>9} {'µs/seat':>8} {'µs first':>9}")
        for n in (int(x) for x in (args.players or DEFAULT_PLAYERS.get(args.game, "2,4")).split(",")):
            r = views(args.game, n, args.seconds, options)
            print(f"{r['players']:>7} {r['positions']:>9} {r['every_us']:>8.1f} {r['first_us']:>9.1f}")
        return
    unit = "rounds" if args.game in UNIT_EVENT else "games"
    print(
        f"{'players':>7} {'actions':>8} {'apply/s':>9} {'view/s':>8} {'loop/s':>8} "
        f"{unit + '/s':>9} {'acts/' + unit[:-1]:>10}"
    )
    for n in (int(x) for x in (args.players or DEFAULT_PLAYERS.get(args.game, "2,4")).split(",")):
        r = run(args.game, n, args.seconds, options, mover=args.mover)
        print(
            f"{r['players']:>7} {r['actions']:>8} {r['apply_per_s']:>9.0f} {r['view_per_s']:>8.0f} "
            f"{r['loop_per_s']:>8.0f} {r['units_per_s']:>9.2f} {r['actions_per_unit']:>10.0f}"
        )


if __name__ == "__main__":
    main()
