"""Instructions an ``apply`` costs, counted by valgrind (the same on a busy machine).

    python -m tests.bench.bench_instructions [--game svintus] [--players 4] [--positions 3000]

Plays random games (every seat's legal actions, one at random, as
``bench_engine`` does; nobody walks out or talks in a silence) to collect
``--positions`` positions with the action taken in each, then applies every
action to its position again.  Run twice under ``valgrind --tool=callgrind``,
once applying each once and once three times, the difference is the
instructions of two ``apply`` per position, whatever it cost to start Python
and play the games.  Only the registry's ``start``/``legal``/``apply``/
``outcome``/``next_deadline`` are used, so the same file counts an older
engine in its own checkout (``PYTHONPATH=<checkout> python <this file>``).
Needs valgrind (Debian's ``valgrind`` package); hash seeds are fixed so that
a count repeats exactly.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from typing import Any

QUIET = ("leave", "speak")


def positions(name: str, players: int, n: int, seed: int = 5) -> tuple[Any, list[tuple[Any, Any, int]]]:
    from engine.core import Tick
    from engine.registry import get

    game = get(name)
    rnd = random.Random(seed)
    seats = list(range(1, players + 1))
    options = game.options()
    out: list[tuple[Any, Any, int]] = []
    while len(out) < n:
        state, _ = game.start(seats, rnd.getrandbits(63), options, 0)
        now = 0
        for _ in range(50_000):
            if len(out) >= n or game.outcome(state).status == "over":
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
            out.append((state, action, now))
            state, _ = game.apply(state, action, now)
    return game, out


def replay(name: str, players: int, n: int, times: int) -> None:
    game, trail = positions(name, players, n)
    for _ in range(times):
        for state, action, now in trail:
            game.apply(state, action, now)


def count(name: str, players: int, n: int, times: int) -> int:
    """Instructions of the whole run, under callgrind."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--replay",
        str(times),
        "--game",
        name,
        "--players",
        str(players),
        "--positions",
        str(n),
    ]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="svintus")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--replay", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.replay is not None:
        replay(args.game, args.players, args.positions, args.replay)
        return
    once = count(args.game, args.players, args.positions, 1)
    thrice = count(args.game, args.players, args.positions, 3)
    per = (thrice - once) / (2 * args.positions)
    print(f"{args.game} {args.players} players: {per:,.0f} instructions an apply")


if __name__ == "__main__":
    main()
