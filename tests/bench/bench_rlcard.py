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

from engine.core import Tick
from engine.registry import get
from tests.bench.bench_engine import step


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


def ours(name: str, players: int, seconds: float, seed: int = 1) -> float:
    """One of our games in the same loop: actions a second (no timing inside the
    loop, no views: only what UNO's loop does, plus asking whom the game waits on
    and letting time pass)."""
    game = get(name)
    rnd = random.Random(seed)
    options = game.options()
    seats = list(range(1, players + 1))
    actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, _ = game.start(seats, rnd.getrandbits(63), options, 0)
        now = 0
        for _ in range(50_000):
            if game.outcome(state).status == "over":
                break
            now += rnd.randint(0, 1500)
            action = step(game, state, seats, rnd, now, True)
            if action is None:
                due = game.next_deadline(state)
                if due is None:
                    break
                now = max(now, due)
                action = Tick()
            state, _ = game.apply(state, action, now)
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
        rate = ours(name, int(players), args.seconds)
        print(f"{name:<16} {players:>7} {rate:>10.0f} {rate / peer:>7.2f}")


if __name__ == "__main__":
    main()
