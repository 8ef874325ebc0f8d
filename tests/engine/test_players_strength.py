"""The Svintus expert's turns (issue 46, item 2): it plays a card when it holds
one that fits, as a person who knows the game would, rather than draw or pass.

The old search (48 whole-round playouts split over the candidates, each scored
by the round's outcome) chose almost at random among its options: it drew or
passed with a fitting card in about a quarter of its turns.  The arena's win
rates are a benchmark (docs/benchmarks.md), not a test."""

from __future__ import annotations

import random
from typing import Any

from engine import registry
from engine.core import Tick
from engine.players import get
from engine.players.svintus import SvintusBrain
from engine.svintus.models import Play

GAME = registry.get("svintus")


def turns(rounds: int) -> list[tuple[Any, int]]:
    """(state, player) at each turn, with more than one option, of 2-player
    rounds played by the novice."""
    brain = SvintusBrain()
    novice = get("svintus", "easy")
    out: list[tuple[Any, int]] = []
    for seed in range(rounds):
        rng = random.Random(seed)
        state, _ = GAME.start([1, 2], seed, GAME.options({"target_score": 1}), 0)
        now = 0
        while GAME.outcome(state).status != "over" and now < 3_600_000:
            action = None
            for p in (1, 2):
                legal = GAME.legal(state, p)
                if not legal:
                    continue
                view = GAME.view(state, p)
                if brain.searchable(view, legal) and len(brain.candidates(view, legal, rng)) > 1:
                    out.append((state, p))
                action = novice.choose(view, legal, rng)
                if action is not None:
                    break
            now += 500
            if action is None:
                due = GAME.next_deadline(state)
                if due is None:
                    break
                now = max(now, due)
                state, _ = GAME.apply(state, Tick(), now)
            else:
                state, _ = GAME.apply(state, action, now)
    return out


def test_the_svintus_expert_plays_a_fitting_card_rather_than_draw() -> None:
    expert = get("svintus", "hard")
    could = held_back = 0
    for k, (state, me) in enumerate(turns(4)):
        legal = GAME.legal(state, me)
        if not any(isinstance(a, Play) for a in legal):
            continue
        could += 1
        action = expert.choose(GAME.view(state, me), legal, random.Random(k))
        held_back += action is not None and action.type in ("draw", "pass")
    assert could >= 60
    assert held_back <= 0.1 * could, (held_back, could)
