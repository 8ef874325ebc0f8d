"""Simulation benchmark of the Svintus engine (run on demand, never a pass/fail test).

    python -m tests.bench.bench_engine [--seconds 3] [--players 2,4,10]

Random players press random legal actions (nobody walks out or talks in a
silence, so rounds get played), random time passes between presses, and the
referee ticks at every deadline.  Prints, per table size: actions applied per
second (``apply`` alone, and the whole loop with ``legal`` and the choice),
rounds finished per second, and the mean number of actions a round took.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from engine.core import Tick
from engine.registry import get
from engine.svintus.models import Leave, Speak


def run(players: int, seconds: float, seed: int = 1) -> dict[str, float]:
    game = get("svintus")
    rnd = random.Random(seed)
    apply_time = 0.0
    actions = rounds = matches = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, _ = game.start(list(range(1, players + 1)), seed=rnd.getrandbits(64))
        now = 0
        for _ in range(20_000):  # a bound, in case random play never ends a match
            if state.phase == "match_over":
                matches += 1
                break
            now += rnd.randint(0, 1500)
            due = game.next_deadline(state)
            action: Any
            if due is not None and due <= now:
                action = Tick()
            else:
                seat = rnd.choice(state.seats)
                acts = [a for a in game.legal(state, seat) if not isinstance(a, Leave | Speak)]
                if not acts:
                    continue
                action = rnd.choice(acts)
            t = time.perf_counter()
            state, events = game.apply(state, action, now)
            apply_time += time.perf_counter() - t
            actions += 1
            rounds += sum(1 for e in events if e.key == "svintus-ev-round-won")
    wall = time.perf_counter() - started
    return {
        "players": players,
        "actions": actions,
        "apply_per_s": actions / apply_time if apply_time else 0.0,
        "loop_per_s": actions / wall,
        "rounds_per_s": rounds / wall,
        "actions_per_round": actions / rounds if rounds else float("nan"),
        "matches": matches,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", default="2,4,10")
    args = parser.parse_args()
    print(f"{'players':>7} {'actions':>8} {'apply/s':>9} {'loop/s':>8} {'rounds/s':>9} {'acts/round':>10}")
    for n in (int(x) for x in args.players.split(",")):
        r = run(n, args.seconds)
        print(
            f"{r['players']:>7} {r['actions']:>8} {r['apply_per_s']:>9.0f} {r['loop_per_s']:>8.0f} "
            f"{r['rounds_per_s']:>9.2f} {r['actions_per_round']:>10.0f}"
        )


if __name__ == "__main__":
    main()
