"""Nim's computer players: ``easy`` takes at random; ``hard`` leaves the pile at
a multiple of (most + 1) whenever it can, the winning line of two-player Nim."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.nim.game import NimAction, NimView, Take
from engine.players.base import Player, Simple, active, lognormal_ms, random_policy


def policy(view: NimView, legal: Sequence[NimAction], rng: random.Random) -> Take | None:
    takes = [a for a in active(legal) if isinstance(a, Take)]
    if not takes:
        return None
    best = [a for a in takes if (view.pile - a.count) % (len(takes) + 1) == 0]
    return (best or takes)[rng.randrange(len(best or takes))]


def delay(view: NimView, rng: random.Random) -> int:
    return lognormal_ms(rng, 2_000.0, 0.4, 800, 8_000)


def make(level: str, playouts: int | None) -> Player:
    return Simple("nim", level, policy if level == "hard" else random_policy, delay)


# --- the coach's reasons (``engine.players.coach``) -------------------------------------

HINT_KEYS = ("nim-hint-win", "nim-hint-any", "nim-hint-move")


def reason(view: NimView, legal: Sequence[NimAction], action: NimAction) -> tuple[str, dict[str, int | str]]:
    """A take that leaves a multiple of (most + 1): the winning line; none does: any."""
    if not isinstance(action, Take):
        return "nim-hint-move", {"move": action.type}
    most = len([a for a in active(legal) if isinstance(a, Take)])
    left = view.pile - action.count
    if left % (most + 1) == 0:
        return "nim-hint-win", {"count": action.count, "left": left, "step": most + 1}
    return "nim-hint-any", {"count": action.count, "left": left}
