"""The 49-card deck as data: every character's candies and copies in ONE table.

The rulebook prints neither each card's candies nor how many copies there are;
the values marked ``assumed`` come from the project's sheet
(docs/rules/candy_empire.md §1).  Real numbers are a change to
``CHARACTERS`` alone: card ids, decks and scoring are all derived from it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal, NamedTuple


class Character(StrEnum):
    """The thirteen characters; the value is the id used in locale keys
    (``candy-card-<id>`` for the name, ``candy-card-<id>-rule`` for its rule)."""

    BOSS = "boss"  # Авторитет
    LAWYER = "lawyer"  # Адвокат
    DETECTIVE = "detective"  # Детектив
    PICKPOCKET = "pickpocket"  # Карманник
    CANDY_THIEF = "candy_thief"  # Конфетный вор
    HITMAN = "hitman"  # Наёмник
    SNATCHER = "snatcher"  # Отнимаша
    POLICEMAN = "policeman"  # Полицейский
    KIDNAPPER = "kidnapper"  # Похититель
    CANDY_BUYER = "candy_buyer"  # Скупщик конфет
    JUDGE = "judge"  # Судья
    TRADER = "trader"  # Торгаш
    SLY_COP = "sly_cop"  # Хитрый полицейский


Use = Literal["must", "may", "passive", "none"]


class Spec(NamedTuple):
    character: Character
    candies: int
    copies: int  # in the full deck (3–4 players, «Без границ»)
    copies_2p: int  # in the two-player deck
    use: Use  # must/may: whether playing it obliges its ability
    assumed: bool  # True: candies (or copies) are the sheet's assumption, not the rulebook's


C = Character

# sheet §1, in its order.  Card ids are given in this order: 0–2 Boss, 3–5 Lawyer, …
CHARACTERS: Final[tuple[Spec, ...]] = (
    Spec(C.BOSS, 3, 3, 3, "may", True),
    Spec(C.LAWYER, 1, 3, 3, "may", True),
    Spec(C.DETECTIVE, -1, 2, 0, "must", True),
    Spec(C.PICKPOCKET, 3, 5, 0, "passive", False),  # +3: the rulebook's example
    Spec(C.CANDY_THIEF, 1, 6, 5, "may", True),
    Spec(C.HITMAN, -2, 3, 3, "may", True),
    Spec(C.SNATCHER, -1, 8, 6, "may", True),
    Spec(C.POLICEMAN, 2, 3, 3, "may", True),
    Spec(C.KIDNAPPER, -3, 2, 0, "must", True),
    Spec(C.CANDY_BUYER, 1, 4, 3, "passive", True),
    Spec(C.JUDGE, -1, 3, 3, "must", True),
    Spec(C.TRADER, 5, 5, 3, "none", True),
    Spec(C.SLY_COP, 0, 2, 0, "must", True),
)

SPEC: Final[dict[Character, Spec]] = {s.character: s for s in CHARACTERS}


class Combo(NamedTuple):
    a: Character
    b: Character
    candies: int
    full_only: bool  # only with 3–4 players (or two players «Без границ»)


# sheet §2
COMBOS: Final[tuple[Combo, ...]] = (
    Combo(C.CANDY_BUYER, C.CANDY_THIEF, 5, False),
    Combo(C.POLICEMAN, C.SNATCHER, 3, False),
    Combo(C.JUDGE, C.HITMAN, 7, False),
    Combo(C.LAWYER, C.BOSS, 3, False),
    Combo(C.KIDNAPPER, C.PICKPOCKET, 5, True),
    Combo(C.DETECTIVE, C.SLY_COP, 7, True),
)

BUYER_BONUS: Final = 2  # per Snatcher and per Candy Thief, with at least one Candy Buyer
PICKPOCKET_PAIR_BONUS: Final = 2  # per two Pickpockets


def _build() -> tuple[tuple[Character, ...], tuple[int, ...]]:
    chars: list[Character] = []
    two: list[int] = []
    for spec in CHARACTERS:
        first = len(chars)
        chars.extend([spec.character] * spec.copies)
        two.extend(range(first, first + spec.copies_2p))
    return tuple(chars), tuple(two)


# CHARACTER_OF[card id]; the two-player deck: the first ``copies_2p`` ids of each character
CHARACTER_OF, TWO_PLAYER_DECK = _build()

FULL_DECK: Final[tuple[int, ...]] = tuple(range(len(CHARACTER_OF)))
CANDIES: Final[tuple[int, ...]] = tuple(SPEC[c].candies for c in CHARACTER_OF)


def deck_for(players: int, no_limits: bool) -> tuple[int, ...]:
    """The cards of a game: the two-player deck for two, unless «Без границ»."""
    return FULL_DECK if is_full(players, no_limits) else TWO_PLAYER_DECK


def is_full(players: int, no_limits: bool) -> bool:
    """The full deck and every combo: 3–4 players, or two «Без границ»."""
    return players > 2 or no_limits


def combos_for(full: bool) -> tuple[Combo, ...]:
    return tuple(c for c in COMBOS if full or not c.full_only)


# Characters that may be played openly to the discard for their ability (sheet §3 A).
FOR_ABILITY: Final[frozenset[Character]] = frozenset({Character.CANDY_THIEF, Character.LAWYER})
# per card id: may it be played to the discard for its ability?
TO_DISCARD: Final[tuple[bool, ...]] = tuple(ch in FOR_ABILITY for ch in CHARACTER_OF)
