"""Scoring in the sheet's four steps (§4): cards, the Candy Buyer, Pickpocket pairs, combos."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from engine.candy.cards import (
    BUYER_BONUS,
    CANDIES,
    CHARACTER_OF,
    PICKPOCKET_PAIR_BONUS,
    Character,
    Combo,
)
from engine.candy.models import ComboMade, Score

C = Character


def score(empire: Iterable[int], combos: tuple[Combo, ...]) -> Score:
    """The candies of one empire.  Protected cards score and combine like any other."""
    cards = list(empire)
    count = Counter(CHARACTER_OF[c] for c in cards)
    printed = sum(CANDIES[c] for c in cards)
    # only one Buyer counts, however many there are
    buyer = BUYER_BONUS * (count[C.SNATCHER] + count[C.CANDY_THIEF]) if count[C.CANDY_BUYER] else 0
    pickpockets = PICKPOCKET_PAIR_BONUS * (count[C.PICKPOCKET] // 2)
    made: list[ComboMade] = []
    for combo in combos:
        # each card counts in at most one pair of a kind
        pairs = min(count[combo.a], count[combo.b])
        if pairs:
            made.append(ComboMade(a=combo.a, b=combo.b, count=pairs, candies=pairs * combo.candies))
    bonus = sum(m.candies for m in made)
    return Score(
        cards=printed,
        buyer=buyer,
        pickpockets=pickpockets,
        combos=bonus,
        total=printed + buyer + pickpockets + bonus,
        made=made,
    )


def places(totals: dict[int, int]) -> dict[int, int]:
    """Competition ranking: ties take the higher place, the next one skips
    (10, 10, 8 → 1, 1, 3).  [decision] the sheet says only "ties take the higher place"."""
    return {p: 1 + sum(1 for q in totals.values() if q > t) for p, t in totals.items()}


PLACE_POINTS = {1: 3, 2: 2, 3: 1}


def best(values: Mapping[int, tuple[int, ...]]) -> list[int]:
    """Everyone whose value is the highest (ties share), in ``values``' order."""
    if not values:
        return []
    top = max(values.values())
    return [p for p, v in values.items() if v == top]
