"""Dobble's computer players: every level finds the symbol; what sets the
levels apart is how long a person of that level takes to see it (``delay_ms``:
lognormal, easy around 4 s, hard around 1.5 s), so people often beat easy and
sometimes hard."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.dobble.models import DobbleAction, DobbleView, Spot
from engine.players.base import Player, Simple, active, lognormal_ms, random_policy

# the median time to spot the symbol, and the spread (sigma of the log)
MEDIAN_MS = {"easy": 4000.0, "hard": 1500.0, "lookahead": 1500.0, "random": 2500.0}
SIGMA = 0.35
FASTEST_MS = 500
SLOWEST_MS = 15_000


def policy(view: DobbleView, legal: Sequence[DobbleAction], rng: random.Random) -> Spot | None:
    """The right press: the symbol the centre shares with a card the press may
    name; in Poisoned Gift, on the card of the player with the fewest cards."""
    centre = view.centre
    if centre is None:
        return None
    faces = {f.card: set(f.symbols) for f in view.pairs}
    common = set(centre.symbols)
    right = [
        a
        for a in active(legal)
        if isinstance(a, Spot)
        and a.centre == centre.card
        and a.symbol in common
        and a.symbol in faces.get(a.card, ())
    ]
    if not right:
        return None
    if view.mode == "gift":
        owner = {f.card: f.owner for f in view.pairs}
        return min(right, key=lambda a: (view.cards.get(owner.get(a.card) or -1, 0), a.card))
    return right[rng.randrange(len(right))]


def delay_ms(level: str) -> Any:
    median = MEDIAN_MS[level]

    def delay(view: Any, rng: random.Random) -> int:
        return lognormal_ms(rng, median, SIGMA, FASTEST_MS, SLOWEST_MS)

    return delay


def make(level: str, playouts: int | None) -> Player:
    if level == "random":
        return Simple("dobble", level, random_policy, delay_ms(level))
    return Simple("dobble", level, policy, delay_ms(level))


# --- the coach's reasons (``engine.players.coach``) -------------------------------------

HINT_KEYS = ("dobble-hint-spot", "dobble-hint-gift", "dobble-hint-move")


def reason(
    view: DobbleView, legal: Sequence[DobbleAction], action: DobbleAction
) -> tuple[str, dict[str, Any]]:
    """The symbol the card shares with the centre (that is the whole game); in
    Poisoned Gift, whose card it goes to (the fewest cards)."""
    if not isinstance(action, Spot):
        return "dobble-hint-move", {"move": action.type}
    if view.mode == "gift":
        owner = next((f.owner for f in view.pairs if f.card == action.card), None)
        if owner is not None and owner != view.viewer:
            return "dobble-hint-gift", {"symbol": action.symbol, "player": owner}
    return "dobble-hint-spot", {"symbol": action.symbol}
