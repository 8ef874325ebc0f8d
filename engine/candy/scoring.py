"""Scoring in docs/rules/candy_empire.md's four steps (§4): cards, the Candy Buyer,
Pickpocket pairs, combos."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, TypeVar

from engine.candy.cards import (
    BUYER_BONUS,
    CANDIES,
    CHARACTER_OF,
    PICKPOCKET_PAIR_BONUS,
    Character,
    Combo,
    combos_for,
)
from engine.candy.models import ComboMade, Score

C = Character
# characters counted in a list: each character's place in it, and each card's
_SLOT: Final = {ch: i for i, ch in enumerate(Character)}
_CARD_SLOT: Final = tuple(_SLOT[ch] for ch in CHARACTER_OF)
_SNATCHER, _THIEF, _BUYER, _PICKPOCKET = (
    _SLOT[ch] for ch in (C.SNATCHER, C.CANDY_THIEF, C.CANDY_BUYER, C.PICKPOCKET)
)
# per deck kind: each combo with the places of its two characters
_COMBOS: Final = {
    full: tuple((_SLOT[x.a], _SLOT[x.b], x) for x in combos_for(full)) for full in (False, True)
}
_SCORES: Final[dict[bool, dict[tuple[int, ...], Score]]] = {False: {}, True: {}}
SCORE_CACHE: Final = 20_000  # empires remembered per deck kind before the memo starts over


def score(empire: Iterable[int], combos: tuple[Combo, ...]) -> Score:
    """The candies of one empire.  Protected cards score and combine like any other."""
    return _score(empire, tuple((_SLOT[x.a], _SLOT[x.b], x) for x in combos))


def _score(empire: Iterable[int], combos: tuple[tuple[int, int, Combo], ...]) -> Score:
    count = [0] * len(_SLOT)
    printed = 0
    for c in empire:
        count[_CARD_SLOT[c]] += 1
        printed += CANDIES[c]
    # only one Buyer counts, however many there are
    buyer = BUYER_BONUS * (count[_SNATCHER] + count[_THIEF]) if count[_BUYER] else 0
    pickpockets = PICKPOCKET_PAIR_BONUS * (count[_PICKPOCKET] // 2)
    made: list[ComboMade] = []
    bonus = 0
    for a, b, combo in combos:
        # each card counts in at most one pair of a kind
        pairs = min(count[a], count[b])
        if pairs:
            made.append(ComboMade(a=combo.a, b=combo.b, count=pairs, candies=pairs * combo.candies))
            bonus += pairs * combo.candies
    return Score(
        cards=printed,
        buyer=buyer,
        pickpockets=pickpockets,
        combos=bonus,
        total=printed + buyer + pickpockets + bonus,
        made=made,
    )


def score_of(empire: Sequence[int], full: bool) -> Score:
    """``score`` of an empire, remembered: an empire changes once a turn at most,
    while every view and the end of the game score all of them."""
    return _remembered(_SCORES[full], empire, full, _score)


_TOTALS: dict[bool, dict[tuple[int, ...], int]] = {False: {}, True: {}}


def total_of(empire: Sequence[int], full: bool) -> int:
    """``score_of(empire, full).total``, without the score's parts: what a computer
    player weighs its every candidate move by, remembered the same way."""
    return _remembered(_TOTALS[full], empire, full, _total)


T = TypeVar("T")


def _remembered(
    memo: dict[tuple[int, ...], T],
    empire: Sequence[int],
    full: bool,
    make: Callable[[tuple[int, ...], tuple[tuple[int, int, Combo], ...]], T],
) -> T:
    key = tuple(empire)
    found = memo.get(key)
    if found is None:
        if len(memo) >= SCORE_CACHE:
            memo.clear()
        found = memo[key] = make(key, _COMBOS[full])
    return found


def _total(empire: tuple[int, ...], combos: tuple[tuple[int, int, Combo], ...]) -> int:
    count = [0] * len(_SLOT)
    total = 0
    for c in empire:
        count[_CARD_SLOT[c]] += 1
        total += CANDIES[c]
    if count[_BUYER]:
        total += BUYER_BONUS * (count[_SNATCHER] + count[_THIEF])
    total += PICKPOCKET_PAIR_BONUS * (count[_PICKPOCKET] // 2)
    for a, b, combo in combos:
        total += min(count[a], count[b]) * combo.candies
    return total


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
