"""Dobble options, state, actions and views: pydantic models, JSON round-trip exact."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import Tick, View
from engine.dobble.cards import CARD_COUNT, SYMBOL_COUNT
from engine.dobble.symbols import DEFAULT_SET, SETS

Mode = Literal["tower", "well", "catch", "gift"]
MODES: tuple[Mode, ...] = ("tower", "well", "catch", "gift")
Stage = Literal["countdown", "live", "over"]


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


class Won(BaseModel):
    """The card just won: who pressed which symbol on which pair of cards."""

    player: int
    symbol: int
    centre: int
    card: int  # the other card of the pair: the winner's own, an outer card, the target's
    target: int | None = None  # Poisoned Gift: who was given the centre card
    by_card: bool = False  # Catch Them All: the outer card was won, the centre stays
    shown: int = 0  # the reveal it was won on (DobbleState.shown)


class Result(BaseModel):
    """A finished mini-game: cards at its end, places (1 = won) and placement points."""

    mode: Mode
    winner: int
    cards: dict[int, int]
    places: dict[int, int]
    points: dict[int, int]


class DobbleState(BaseModel):
    game: Literal["dobble"] = "dobble"
    schema_version: int = 1
    options: DobbleOptions
    seed: int
    rng: int
    seq: int = 0  # counts applied changes
    clock_ms: int = 0
    players: list[int]  # still at the table, in seat order
    left: list[int] = []
    unused: list[int]  # the two lines of the plane that stay in the box
    plan: list[Mode]
    mode_no: int = 0  # index into plan
    stage: Stage = "countdown"
    reveal_at: int | None = None  # the countdown's end
    deck: list[int]  # face down; the top is the end of the list
    centre: list[int] = []  # the top is the end; Well's pile grows under it
    piles: dict[int, list[int]]  # each player's cards; the top (face up) is the end
    outer: list[int] = []  # Catch Them All: the cards around the centre
    box: list[int] = []  # out of play: Catch's spent centres, a leaver's cards
    round: int = 0  # Catch Them All
    rounds: int = 0
    faces: dict[int, list[int]] = {}  # face-up card -> its symbols in display order
    locked: list[int] = []  # wrong on this card: no press until the next one
    shown: int = 0  # reveals so far: a press names the one it was made on
    last: Won | None = None
    duel: list[int] = []  # tied players duelling; empty when no duel is on
    duel_for: Literal["mode", "match"] | None = None
    standing: dict[int, int] = {}  # the finished mini-game's cards, while its tie is duelled
    emptied: int | None = None  # Well: who emptied their pile
    results: list[Result] = []
    points: dict[int, int]  # placement points so far
    winners: list[int] = []

    @property
    def mode(self) -> Mode:
        return self.plan[self.mode_no]

    def clone(self) -> DobbleState:
        """A copy whose containers may be mutated without touching ``self``."""
        new = self.model_copy()
        d = new.__dict__
        d["players"] = self.players[:]
        d["left"] = self.left[:]
        d["deck"] = self.deck[:]
        d["centre"] = self.centre[:]
        d["piles"] = {p: c[:] for p, c in self.piles.items()}
        d["outer"] = self.outer[:]
        d["box"] = self.box[:]
        d["faces"] = dict(self.faces)  # the symbol lists are replaced, never mutated
        d["locked"] = self.locked[:]
        d["duel"] = self.duel[:]
        d["standing"] = dict(self.standing)
        d["results"] = self.results[:]  # Results are never mutated
        d["points"] = dict(self.points)
        d["winners"] = self.winners[:]
        return new


# --- actions ---------------------------------------------------------------

_Symbol = Annotated[int, Field(ge=0, lt=SYMBOL_COUNT)]
_Card = Annotated[int, Field(ge=0, lt=CARD_COUNT)]


class Spot(BaseModel):
    """A press of ``symbol``: "this symbol is on both ``centre`` and ``card``".

    ``card`` is the pair's other card, the one the pressed button belonged to
    or was shown with: one's own top card (Tower, Well, a duel), an outer card
    (Catch Them All), another player's top card (Poisoned Gift).  Naming both
    cards makes a press on a card that has since changed "too late" instead of
    a press on a card the player never saw.
    """

    model_config = ConfigDict(frozen=True)
    type: Literal["spot"] = "spot"
    player: int
    symbol: _Symbol
    centre: _Card
    card: _Card
    # the reveal the press was made on (``DobbleView.shown``): the same two cards
    # up again later (a match re-deals the deck) do not make an old press count
    shown: int = Field(ge=0)


class Leave(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["leave"] = "leave"
    player: int


PlayerAction = Spot | Leave
DobbleAction = Annotated[Spot | Leave | Tick, Field(discriminator="type")]


# --- views -----------------------------------------------------------------


class Face(BaseModel):
    """A face-up card: its id (for ``Spot``), its symbols in display order, its owner."""

    card: int
    symbols: list[int]
    owner: int | None = None


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
