"""The 112-card deck as data.  Another edition's deck is a change to DECK_SPEC."""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple


class Color(StrEnum):
    RED = "red"
    ORANGE = "orange"
    GREEN = "green"
    BLUE = "blue"


COLORS: Final[tuple[Color, ...]] = tuple(Color)


class Kind(StrEnum):
    NUMBER = "number"
    GRAB = "grab"  # Хапёж
    SNORE = "snore"  # Захрапин
    TURNABOUT = "turnabout"  # Перехрюк
    HUSH = "hush"  # Тихохрюн
    HOOFSLAP = "hoofslap"  # Хлопкопыт
    POLYPIG = "polypig"  # Полисвин


class DeckEntry(NamedTuple):
    kind: Kind
    values: tuple[int, ...] | None  # number values; None for specials
    copies: int  # per colour, or in all for a colourless card
    coloured: bool


# docs/rules/svintus.md §1: numbers 0–7 twice in each colour, five specials twice in each
# colour, eight Polypigs.
DECK_SPEC: Final[tuple[DeckEntry, ...]] = (
    DeckEntry(Kind.NUMBER, tuple(range(8)), 2, True),
    DeckEntry(Kind.GRAB, None, 2, True),
    DeckEntry(Kind.SNORE, None, 2, True),
    DeckEntry(Kind.TURNABOUT, None, 2, True),
    DeckEntry(Kind.HUSH, None, 2, True),
    DeckEntry(Kind.HOOFSLAP, None, 2, True),
    DeckEntry(Kind.POLYPIG, None, 8, False),
)


class Card(NamedTuple):
    id: int
    color: Color | None
    kind: Kind
    value: int | None


def _build(spec: tuple[DeckEntry, ...]) -> tuple[Card, ...]:
    cards: list[Card] = []
    for entry in spec:
        colours: tuple[Color | None, ...] = COLORS if entry.coloured else (None,)
        values: tuple[int | None, ...] = entry.values if entry.values is not None else (None,)
        for colour in colours:
            for value in values:
                for _ in range(entry.copies):
                    cards.append(Card(len(cards), colour, entry.kind, value))
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _build(DECK_SPEC)
DECK_SIZE: Final = len(CARDS)

# Flat lookups for the hot path.
KIND: Final[tuple[Kind, ...]] = tuple(c.kind for c in CARDS)
COLOR: Final[tuple[Color | None, ...]] = tuple(c.color for c in CARDS)
VALUE: Final[tuple[int | None, ...]] = tuple(c.value for c in CARDS)
# Two cards are identical when their face is: same kind, colour and value.
Face = tuple[Kind, Color | None, int | None]
FACE: Final[tuple[Face, ...]] = tuple((c.kind, c.color, c.value) for c in CARDS)
# The same as a number (the face's place among the faces): compared natively,
# where comparing two faces makes and compares tuples.
_FACES: Final = list(dict.fromkeys(FACE))
FACE_NO: Final[tuple[int, ...]] = tuple(_FACES.index(f) for f in FACE)
# The cards identical to each card (itself included): what intercepts it.
IDENTICAL: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(d.id for d in CARDS if FACE[d.id] == FACE[c.id]) for c in CARDS
)
# What a card "is called" for matching: the value for numbers, the kind otherwise.
NAME: Final[tuple[object, ...]] = tuple(c.value if c.kind is Kind.NUMBER else c.kind for c in CARDS)


def is_special(card: int) -> bool:
    return KIND[card] is not Kind.NUMBER


def identical(a: int, b: int) -> bool:
    return FACE_NO[a] == FACE_NO[b]


def matches(card: int, top: int, color: Color | None) -> bool:
    """May ``card`` be played on ``top`` while ``color`` is the colour in force?"""
    if KIND[card] is Kind.POLYPIG:
        return True
    if color is not None and COLOR[card] == color:
        return True
    if KIND[top] is Kind.POLYPIG:
        return False  # only the named colour matches a Polypig
    return NAME[card] == NAME[top]


_FITTING: Final[dict[int, frozenset[int]]] = {}  # by top * 8 + the colour's place (0: none)
_FIT_FLAGS: Final[dict[int, list[bool]]] = {}  # the same, as a flag per card


def _fit_key(top: int, color: Color | None) -> int:
    """``top`` and ``color`` as one int: an enum's hash is a Python call
    (``Enum.__hash__``), many times a lookup's cost, and so is ``tuple.index``
    on enums; the colours are compared by identity."""
    if color is None:
        return top * 8
    place = 1
    for c in COLORS:
        if c is color:
            break
        place += 1
    return top * 8 + place


def fitting(top: int, color: Color | None) -> frozenset[int]:
    """Every card that ``matches`` ``top`` while ``color`` is in force (worked out
    once per pair: a hand is checked against it card by card)."""
    key = _fit_key(top, color)
    found = _FITTING.get(key)
    if found is None:
        found = _FITTING[key] = frozenset(c for c in range(DECK_SIZE) if matches(c, top, color))
    return found


def fit_flags(top: int, color: Color | None) -> list[bool]:
    """``fitting`` as a flag per card id (read by index, not hashed): never changed."""
    key = _fit_key(top, color)
    found = _FIT_FLAGS.get(key)
    if found is None:
        fit = fitting(top, color)
        found = _FIT_FLAGS[key] = [c in fit for c in range(DECK_SIZE)]
    return found
