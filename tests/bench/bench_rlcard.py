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
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Tick
from engine.registry import get
from tests.bench.bench_engine import QUIET, playable


def uno(players: int, seconds: float, seed: int = 1) -> float:
    """RLCard's UNO: actions a second of random play of the player to move."""
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.configure({"game_num_players": players})
    game.np_random.seed(seed)
    pick = random.Random(seed).random
    actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[int(pick() * len(legal))])
            actions += 1
    return actions / (time.perf_counter() - started)


def ours(name: str, players: int, seconds: float, seed: int = 1) -> float:
    """One of our games in the same loop: actions a second (no timing inside the
    loop, no views: only what UNO's loop does, plus asking whom the game waits on
    and letting time pass).  A random choice is made as UNO's loop makes it; a
    benchmark player never walks out or talks in a silence (``QUIET``): such a
    pick is drawn again."""
    game = get(name)
    rnd = random.Random(seed)
    pick = rnd.random
    options = game.options()
    seats = list(range(1, players + 1))
    waiting, legal, apply, next_deadline = game.waiting, game.legal, game.apply, game.next_deadline
    tick = Tick()
    actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, _ = game.start(seats, rnd.getrandbits(63), options, 0)
        now = 0
        for _ in range(50_000):
            if game.outcome(state).status == "over":
                break
            now += int(pick() * 1501)
            due = next_deadline(state)
            action = None
            if due is None or due > now:
                waits = waiting(state)
                who = waits[0].players if len(waits) == 1 else [p for w in waits for p in w.players]
                if who:
                    menu = legal(state, who[0] if len(who) == 1 else who[int(pick() * len(who))])
                    action = _pick(menu, pick)
            if action is None:
                if due is None:
                    break
                now = max(now, due)
                action = tick
            state, _ = apply(state, action, now)
            actions += 1
    return actions / (time.perf_counter() - started)


def _pick(menu: Sequence[Any], pick: Callable[[], float]) -> Any:
    """A random action of ``menu`` that is not ``QUIET`` (None: there is none)."""
    for _ in range(4):  # most menus have one or two quiet actions: a few draws find another
        if not menu:
            return None
        action = menu[int(pick() * len(menu))]
        if action.type not in QUIET:
            return action
    menu = playable(menu)
    return menu[int(pick() * len(menu))] if menu else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="per engine, in rounds of one second")
    parser.add_argument("--games", default="svintus:4,candy:2,dobble:4,smashup:2")
    args = parser.parse_args()
    games = [(name, int(players)) for name, players in (spec.split(":") for spec in args.games.split(","))]
    # Rounds of one second each, UNO's and ours in turn: a busy machine slows both
    # alike within a round, so each round's ratio holds where the rates drift.
    rounds = max(1, round(args.seconds))
    peer: list[float] = []
    rates: dict[tuple[str, int], list[float]] = {g: [] for g in games}
    for r in range(rounds):
        peer.append(uno(4, args.seconds / rounds, seed=r + 1))
        for name, players in games:
            rates[name, players].append(ours(name, players, args.seconds / rounds, seed=r + 1))
    print(f"{'engine':<16} {'players':>7} {'actions/s':>10} {'vs UNO':>7}  (medians of {rounds} rounds)")
    print(f"{'rlcard uno':<16} {4:>7} {statistics.median(peer):>10.0f} {1.0:>7.2f}")
    for (name, players), xs in rates.items():
        ratio = statistics.median(x / u for x, u in zip(xs, peer, strict=True))
        print(f"{name:<16} {players:>7} {statistics.median(xs):>10.0f} {ratio:>7.2f}")


if __name__ == "__main__":
    main()
