"""The Candy Empire state: a native record (``engine.core.records``), a plain
dataclass the build compiles: a field is one line, its copy and its JSON are
derived from the annotations."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from engine.candy.cards import Character
from engine.candy.values import CandyOptions, GameResult, Reaction
from engine.core import Pending
from engine.core.records import native

Phase = Literal["playing", "break", "over"]
SCHEMA_VERSION: Final = 2


@dataclass(kw_only=True)
class CandyState:
    """The whole table.  The parts most moves leave alone are ``Sequence``s and
    ``Mapping``s: never changed in place, only replaced, so a copy of the state
    shares them (the seats, the cards of the game, each hand and each empire,
    who left, the protected cards, the banned characters, the finished games,
    the big game's standings, the winners).  They are lists and dicts, as JSON
    gives them back."""

    seq: int = 0  # what every state has (``engine.core.rules.StateLike``)
    clock_ms: int = 0
    prompts: list[Pending] = field(default_factory=list)
    prompt_seq: int = 0

    game: Literal["candy"] = "candy"
    schema_version: int = SCHEMA_VERSION
    options: CandyOptions
    seed: int
    rng: int
    phase: Phase = "playing"
    seats: Sequence[int]  # seat order; teams are seats[0::2] and seats[1::2]
    left: Sequence[int] = field(default_factory=list)  # players who walked out (their empire stays)
    cards: Sequence[int]  # the card ids of this table's deck
    full: bool  # all combos count (3–4 players, or «Без границ»)
    deck: list[int] = field(default_factory=list)  # the top is the end of the list
    discard: list[int] = field(default_factory=list)  # the top is the end of the list
    hands: dict[int, Sequence[int]] = field(default_factory=dict)
    empires: dict[int, Sequence[int]] = field(default_factory=dict)
    protected: Sequence[int] = field(default_factory=list)
    banned: Sequence[Character] = field(default_factory=list)
    current: int = 0
    acted: bool = False  # the turn's action (play, protect, discard) is done
    boss_used: bool = False  # no draw at the end of this turn
    reaction: Reaction | None = None
    last_window: int | None = None  # whose window closed last (a block now is "too late")
    timer_ms: int = 0  # when the present wait began (the turn timer counts from it)
    timeouts: Mapping[int, int] = field(default_factory=dict)  # timed-out turns in a row, per player
    away: Sequence[int] = field(default_factory=list)  # players the referee plays for until they press again
    game_no: int = 1
    break_until: int | None = None
    results: Sequence[GameResult] = field(default_factory=list)
    points: Mapping[int, int] = field(default_factory=dict)  # big game: placement points so far
    candies: Mapping[int, int] = field(default_factory=dict)  # big game: candies so far
    winners: Sequence[int] = field(default_factory=list)


native(CandyState)
