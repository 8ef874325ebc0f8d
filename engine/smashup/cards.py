"""Card data: factions, their cards, bases and boxes, as plain frozen records.

A faction module (``engine/smashup/factions/<faction>.py``) calls
``register_faction`` once with its 20 cards; a box's base module
(``engine/smashup/bases/<box>.py``) calls ``register_box`` and
``register_bases``.  Every id is stable: it names the card in states, events,
views and locale keys (``smashup-card-<id>``, ``smashup-base-<id>``,
``smashup-faction-<id>``), so it never changes once published.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property


class Kind(StrEnum):
    MINION = "minion"
    ACTION = "action"


class Target(StrEnum):
    """Where a card goes when played.

    A minion is always played on a base (``BASE``).  An action is standard
    (``NONE``: it resolves and is discarded), or stays in play attached to a
    minion (``MINION``; ``OWN_MINION``: one its player controls) or to a base.
    """

    NONE = "none"
    BASE = "base"
    MINION = "minion"
    OWN_MINION = "own_minion"


@dataclass(frozen=True)
class CardDef:
    id: str
    faction: str
    kind: Kind
    power: int = 0  # printed power (minions)
    copies: int = 1
    target: Target = Target.NONE
    special: bool = False  # a Special action: played only in its window, never as the turn's action

    @cached_property
    def minion(self) -> bool:
        return self.kind is Kind.MINION


@dataclass(frozen=True)
class BaseDef:
    id: str
    box: str
    breakpoint: int
    vp: tuple[int, int, int]
    faction: str = ""  # the faction whose art it carries (information only)


@dataclass(frozen=True)
class FactionDef:
    id: str
    box: str
    cards: tuple[CardDef, ...]

    @property
    def size(self) -> int:
        return sum(c.copies for c in self.cards)


@dataclass(frozen=True)
class BoxDef:
    id: str
    madness: bool = False  # the box brings the Madness deck


FACTIONS: dict[str, FactionDef] = {}
CARDS: dict[str, CardDef] = {}
BASES: dict[str, BaseDef] = {}
BOXES: dict[str, BoxDef] = {}

MADNESS = "madness"
MADNESS_COPIES = 30
FACTION_SIZE = 20

# The Madness card (docs/rules/smashup.md §2.5): not in any faction; its ability lives in madness.py.
CARDS[MADNESS] = CardDef(MADNESS, MADNESS, Kind.ACTION, copies=MADNESS_COPIES)


def register_box(box: BoxDef) -> None:
    BOXES.setdefault(box.id, box)


def register_faction(faction: FactionDef) -> None:
    """Add a faction and its cards.  Ids are unique across cards and bases."""
    if faction.id in FACTIONS:
        return
    if faction.size != FACTION_SIZE:
        raise ValueError(f"{faction.id}: {faction.size} cards")
    for c in faction.cards:
        if c.id in CARDS or c.id in BASES:
            raise ValueError(f"duplicate id {c.id}")
        if c.faction != faction.id:
            raise ValueError(f"{c.id} names faction {c.faction}")
    FACTIONS[faction.id] = faction
    for c in faction.cards:
        CARDS[c.id] = c


def register_bases(*bases: BaseDef) -> None:
    for b in bases:
        if b.id in BASES:
            continue
        if b.id in CARDS:
            raise ValueError(f"duplicate id {b.id}")
        BASES[b.id] = b


def factions_of(box: str) -> list[str]:
    return [f.id for f in FACTIONS.values() if f.box == box]


def bases_of(box: str) -> list[str]:
    return [b.id for b in BASES.values() if b.box == box]


def minion(faction: str, id: str, power: int, copies: int = 1) -> CardDef:
    return CardDef(id, faction, Kind.MINION, power, copies, Target.BASE)


def action(
    faction: str, id: str, copies: int = 1, target: Target = Target.NONE, special: bool = False
) -> CardDef:
    return CardDef(id, faction, Kind.ACTION, 0, copies, target, special)
