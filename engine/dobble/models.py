"""Dobble options, state, actions and views: records (options: a pydantic model), JSON round-trip exact."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import Leave, PlayerAction, State, View, record
from engine.dobble.cards import CARD_COUNT, SYMBOL_COUNT
from engine.dobble.symbols import DEFAULT_SET, SETS

Mode = Literal["tower", "well", "catch", "gift"]
MODES: tuple[Mode, ...] = ("tower", "well", "catch", "gift")
Stage = Literal["countdown", "live", "over"]
SCHEMA_VERSION = 2


class DobbleOptions(BaseModel):
    """Table options, each with its default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # one mini-game, or "match": the mini-games of ``match_modes`` in a row
    mode: Literal["tower", "well", "catch", "gift", "match"] = "tower"
    match_modes: tuple[Mode, ...] = Field(MODES, min_length=1, max_length=8)
    # Catch Them All: rounds to play (fewer if the deck runs out first)
    length: int = Field(5, ge=1, le=27)
    # the "3-2-1" before each new card; 0 shows it at once
    countdown_ms: int = Field(3_000, ge=0, le=10_000)
    # a match: the break between two mini-games, before the next countdown
    pause_ms: int = Field(5_000, ge=0, le=60_000)
    symbols: str = DEFAULT_SET  # a symbol set of engine.dobble.symbols.SETS

    @field_validator("symbols")
    @classmethod
    def _known_set(cls, v: str) -> str:
        if v not in SETS:
            raise ValueError(v)
        return v

    def plan(self) -> list[Mode]:
        return list(self.match_modes) if self.mode == "match" else [self.mode]


@record(value=True)
class Won:
    """The card just won: who pressed which symbol on which pair of cards."""

    player: int
    symbol: int
    centre: int
    card: int  # the other card of the pair: the winner's own, an outer card, the target's
    target: int | None = None  # Poisoned Gift: who was given the centre card
    by_card: bool = False  # Catch Them All: the outer card was won, the centre stays
    shown: int = 0  # the reveal it was won on (DobbleState.shown)


@record(value=True)
class Result:
    """A finished mini-game: cards at its end, places (1 = won) and placement points."""

    mode: Mode
    winner: int
    cards: dict[int, int]
    places: dict[int, int]
    points: dict[int, int]


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Read a state saved by an older engine.

    Version 1 (before the engine core) had no prompt queue: Dobble never asks
    anything, so the queue starts empty.  Its JSON is otherwise today's: the
    lists (piles, deck, symbol orders, results, ...) are read as the tuples
    they are now, and written as the same JSON lists.
    """
    data.setdefault("prompts", [])
    data.setdefault("prompt_seq", 0)
    return data


@record
class DobbleState(State):
    """A Dobble table.  Its sequences are tuples: a rule replaces one instead
    of changing it, so a copy of the state (one per press) shares them and
    copies only the dicts."""

    game: Literal["dobble"] = "dobble"
    schema_version: int = SCHEMA_VERSION
    options: DobbleOptions
    seed: int
    rng: int
    players: tuple[int, ...]  # still at the table, in seat order
    left: tuple[int, ...] = ()
    unused: tuple[int, ...]  # the two lines of the plane that stay in the box
    plan: tuple[Mode, ...]
    mode_no: int = 0  # index into plan
    stage: Stage = "countdown"
    reveal_at: int | None = None  # the countdown's end
    deck: tuple[int, ...]  # face down; the top is the end
    centre: tuple[int, ...] = ()  # the top is the end; Well's pile grows under it
    piles: dict[int, tuple[int, ...]]  # each player's cards; the top (face up) is the end
    outer: tuple[int, ...] = ()  # Catch Them All: the cards around the centre
    box: tuple[int, ...] = ()  # out of play: Catch's spent centres, a leaver's cards
    round: int = 0  # Catch Them All
    rounds: int = 0
    # face-up card -> its symbols in display order (``legal`` and ``view`` key
    # their shared presses and faces on these very tuples)
    faces: dict[int, tuple[int, ...]] = {}
    locked: tuple[int, ...] = ()  # wrong on this card: no press until the next one
    shown: int = 0  # reveals so far: a press names the one it was made on
    last: Won | None = None
    duel: tuple[int, ...] = ()  # tied players duelling; empty when no duel is on
    duel_for: Literal["mode", "match"] | None = None
    standing: dict[int, int] = {}  # the finished mini-game's cards, while its tie is duelled
    emptied: int | None = None  # Well: who emptied their pile
    results: tuple[Result, ...] = ()
    points: dict[int, int]  # placement points so far
    winners: tuple[int, ...] = ()

    @property
    def mode(self) -> Mode:
        return self.plan[self.mode_no]


# --- actions ---------------------------------------------------------------

_Symbol = Annotated[int, Field(ge=0, lt=SYMBOL_COUNT)]
_Card = Annotated[int, Field(ge=0, lt=CARD_COUNT)]


@record(value=True)
class Spot(PlayerAction):
    """A press of ``symbol``: "this symbol is on both ``centre`` and ``card``".

    ``card`` is the pair's other card, the one the pressed button belonged to
    or was shown with: one's own top card (Tower, Well, a duel), an outer card
    (Catch Them All), another player's top card (Poisoned Gift).  Naming both
    cards makes a press on a card that has since changed "too late" instead of
    a press on a card the player never saw.
    """

    type: Literal["spot"] = "spot"
    symbol: _Symbol
    centre: _Card
    card: _Card
    # the reveal the press was made on (``DobbleView.shown``): the same two cards
    # up again later (a match re-deals the deck) do not make an old press count
    shown: Annotated[int, Field(ge=0)]

    def evident(self) -> bool:
        return True


# Every action ``DobbleGame`` takes (``legal`` lists, ``apply`` accepts, ``decode``
# reads): a press, or walking out.  Dobble asks no questions: no ``Answer``.  The
# same types as the game's handlers (``Rules.actions``): a test says so.
DobbleAction = Spot | Leave


# --- views -----------------------------------------------------------------


@record(value=True)
class Face:
    """A face-up card: its id (for ``Spot``), its symbols in display order, its owner."""

    card: int
    symbols: tuple[int, ...]
    owner: int | None = None


@record(value=True)
class DobbleView(View):
    """What one player (or, with ``viewer`` None, the public) may see.

    While a countdown runs no card face is shown at all (``centre``, ``tops``,
    ``outer``, ``own`` and ``pairs`` are empty): the next card appears at
    ``reveal_at_ms``, for everybody at once.
    """

    seq: int
    symbols: str  # the symbol set: engine.dobble.symbols.glyph_key/name_key
    mode: Mode
    plan: list[Mode]
    mode_number: int  # 1-based, in plan
    stage: Stage
    reveal_at_ms: int | None
    shown: int  # reveals so far; a press made now names it
    players: list[int]
    left: list[int]
    duel: list[int]  # the duellists, when a tie is being settled
    round: int  # Catch Them All
    rounds: int
    centre: Face | None
    tops: dict[int, Face]  # every player's face-up top card (Tower, Well, Poisoned Gift, a duel)
    outer: list[Face]  # Catch Them All
    own: Face | None  # the viewer's top card
    pairs: list[Face]  # the cards a press of the viewer names as ``card``, with the centre
    locked: list[int]
    last: Won | None
    cards: dict[int, int]  # each player's pile now
    standing: dict[int, int]  # while a tie is duelled: the finished mini-game's cards
    results: list[Result]
    points: dict[int, int]
    winners: list[int]
