"""Simulation benchmark of any game's engine (run on demand, never a pass/fail test).

    python -m tests.bench.bench_engine [--game svintus] [--seconds 3] [--players 2,4,10]
                                       [--options '{"mode": "catch"}']

Random players press random legal actions (nobody walks out or talks in a
silence, so games get played), random time passes between presses, and the
referee ticks at every deadline.  Prints, per table size: actions applied per
second (``apply`` alone, and the whole loop with ``legal`` and the choice),
how many views a second one player's screen costs, games (Svintus: rounds)
finished per second, and the mean number of actions each took.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from engine.core import Tick
from engine.registry import get, names

# Svintus matches run for many rounds: its unit of play is the round.
UNIT_EVENT = {"svintus": "svintus-ev-round-won"}
DEFAULT_PLAYERS = {"svintus": "2,4,10", "candy": "2,3,4", "dobble": "2,4,8", "smashup": "2,3,4"}
QUIET = ("leave", "speak")  # actions a benchmark player never takes


def run(name: str, players: int, seconds: float, options: Any = None, seed: int = 1) -> dict[str, float]:
    game = get(name)
    rnd = random.Random(seed)
    opts = game.options(options)
    apply_time = view_time = 0.0
    actions = units = views = 0
    unit_event = UNIT_EVENT.get(name)
    started = time.perf_counter()
    seats = list(range(1, players + 1))
    while time.perf_counter() - started < seconds:
        state, _ = game.start(seats, rnd.getrandbits(63), opts, 0)
        now = 0
        for _ in range(50_000):  # a bound, in case random play never ends a game
            if game.outcome(state).status == "over":
                units += unit_event is None
                break
            now += rnd.randint(0, 1500)
            due = game.next_deadline(state)
            action: Any
            if due is not None and due <= now:
                action = Tick()
            else:
                moves = [
                    a for p in seats for a in game.legal(state, p) if getattr(a, "type", None) not in QUIET
                ]
                if not moves:
                    if due is None:
                        break
                    now = due
                    action = Tick()
                else:
                    action = rnd.choice(moves)
            t = time.perf_counter()
            state, events = game.apply(state, action, now)
            apply_time += time.perf_counter() - t
            actions += 1
            if unit_event is not None:
                units += sum(1 for e in events if e.key == unit_event)
            if actions % 16 == 0:
                t = time.perf_counter()
                game.view(state, seats[actions % players])
                view_time += time.perf_counter() - t
                views += 1
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=names(), default="svintus")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", default=None)
    parser.add_argument("--options", default=None, help="the table options, as JSON")
    args = parser.parse_args()
    options = json.loads(args.options) if args.options else None
    unit = "rounds" if args.game in UNIT_EVENT else "games"
    print(
        f"{'players':>7} {'actions':>8} {'apply/s':>9} {'view/s':>8} {'loop/s':>8} "
        f"{unit + '/s':>9} {'acts/' + unit[:-1]:>10}"
    )
    for n in (int(x) for x in (args.players or DEFAULT_PLAYERS.get(args.game, "2,4")).split(",")):
        r = run(args.game, n, args.seconds, options)
        print(
            f"{r['players']:>7} {r['actions']:>8} {r['apply_per_s']:>9.0f} {r['view_per_s']:>8.0f} "
            f"{r['loop_per_s']:>8.0f} {r['units_per_s']:>9.2f} {r['actions_per_unit']:>10.0f}"
        )


if __name__ == "__main__":
    main()
