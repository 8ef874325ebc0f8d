"""Our engines against a peer: RLCard's UNO, in the same process and the same loop.

    pip install -c constraints.txt -e '.[bench]'
    python -m tests.bench.bench_rlcard [--seconds 5] [--games svintus:4,candy:2,dobble:4,smashup:2]

The loop is the one RLCard's own games run: the legal actions of the player
to move, a random choice, apply (RLCard: ``get_legal_actions`` and ``step``;
here ``waiting`` names the player to move, ``legal`` and ``apply``, with a
``Tick`` whenever a deadline falls due, and a new game whenever one ends).
Prints actions a second for each and the ratio to UNO's.  RLCard is a bench
dependency only (the ``bench`` extra), never the bot's.
"""

from __future__ import annotations

import argparse
import random
import time

from tests.bench.bench_engine import run


def uno(players: int, seconds: float, seed: int = 1) -> float:
    """RLCard's UNO: actions a second of random play of the player to move."""
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.configure({"game_num_players": players})
    game.np_random.seed(seed)
    rnd = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rnd.randrange(len(legal))])
            actions += 1
    return actions / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", default="svintus:4,candy:2,dobble:4,smashup:2")
    args = parser.parse_args()
    peer = uno(4, args.seconds)
    print(f"{'engine':<16} {'players':>7} {'actions/s':>10} {'vs UNO':>7}")
    print(f"{'rlcard uno':<16} {4:>7} {peer:>10.0f} {1.0:>7.2f}")
    for spec in args.games.split(","):
        name, players = spec.split(":")
        r = run(name, int(players), args.seconds, mover=True)
        print(f"{name:<16} {players:>7} {r['loop_per_s']:>10.0f} {r['loop_per_s'] / peer:>7.2f}")


if __name__ == "__main__":
    main()
