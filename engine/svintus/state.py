"""The Svintus state: native records (``engine.core.records``), plain
dataclasses the build compiles: a field is one line, its copy and its JSON
are derived from the annotations.

A § is a section of docs/rules/svintus.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from engine.core import Pending
from engine.core.records import native
from engine.svintus.animals import Animal
from engine.svintus.cards import Color
from engine.svintus.values import Attack, Duty, SvintusOptions

Phase = Literal["setup", "playing", "round_over", "match_over"]
SCHEMA_VERSION: Final = 3
# the prompt queue's resume steps
COLOR_STEP: Final = "color"  # a Polypig's colour
ABILITY_STEP: Final = "ability"  # a dark ability's current step


@dataclass(kw_only=True)
class Race:
    """An open Hoofslap race."""

    by: int
    deadline_ms: int
    players: list[int]
    pressed: list[int] = field(default_factory=list)
    exempt: list[int] = field(default_factory=list)  # Metamorphoses (Cat) hook: never the loser
    then_end_round: bool = False  # the Hoofslap was its player's last card


@dataclass(kw_only=True)
class AbilityRun:
    """A dark ability being used: which step it is at and what was chosen so far.
    Each step is one prompt to the owner (in the state's prompt queue)."""

    player: int
    animal: Animal
    step: int = 0  # index into the animal's ``Dark.steps``
    target: int | None = None
    picked: list[int] = field(
        default_factory=list
    )  # cards chosen so far (the lead, the card to give), in order
    committed: bool = False  # something was revealed or moved: no cancelling now


@dataclass(kw_only=True)
class SvintusState:
    """A Svintus match.  The parts most moves leave alone are ``Sequence`` and
    ``Mapping`` fields: never changed in place, only replaced, so copying a
    state for a move shares them (``engine.core.records``)."""

    seq: int = 0  # what every state has (``engine.core.rules.StateLike``)
    clock_ms: int = 0
    prompts: list[Pending] = field(default_factory=list)
    prompt_seq: int = 0

    game: Literal["svintus"] = "svintus"
    schema_version: int = SCHEMA_VERSION
    options: SvintusOptions
    seed: int
    rng: int
    phase: Phase = "playing"
    round: int = 0
    seats: Sequence[int]  # seat order = clockwise
    hands: dict[int, Sequence[int]]  # copied with the state: most moves change a hand
    scores: Mapping[int, int]
    deck: Sequence[int]  # the top of the deck is the end of the list
    pile: Sequence[int]  # the top of the pile is the end of the list
    top_live: bool = False  # False for the start card: it cannot be intercepted
    color: Color | None = None  # the colour in force (a Polypig's named colour)
    current: int = 0
    direction: int = 1  # 1 clockwise, -1 counter-clockwise
    turn_started_ms: int = 0
    attack: Attack | None = None
    drawn: Sequence[int] = field(default_factory=list)  # cards drawn this turn that may still be played
    silence: int | None = None  # who played the Hush in force
    race: Race | None = None
    one_card_since: dict[int, int] = field(default_factory=dict)  # who holds one card, since when
    declared: Sequence[int] = field(default_factory=list)  # of those, who said «Свинтус!»
    timeouts: Mapping[int, int] = field(default_factory=dict)  # turn timeouts in a row
    away: Sequence[int] = field(default_factory=list)
    last_winner: int | None = None
    round_winner: int | None = None
    match_winner: int | None = None
    round_ended_ms: int | None = None
    # §7 Metamorphoses
    animals: Mapping[int, Animal] = field(default_factory=dict)
    dark: Sequence[int] = field(default_factory=list)  # players whose animal shows its dark side
    ability: AbilityRun | None = None
    duties: Sequence[Duty] = field(default_factory=list)
    skips: Sequence[int] = field(default_factory=list)  # players who lose their next turn (once per entry)
    setup_until_ms: int | None = None  # chosen animals: when the picks close
    # who drew on their turn rather than play, and on what: player -> [the top,
    # the colour in force (its place in COLORS + 1, 0: none), how many of the
    # cards they held then may be in their hand still].  Public: a person at the
    # table remembers it (``view.drew_on``).  Kept without animals only (they
    # change what fits and move cards between hands).
    drew_on: Mapping[int, Sequence[int]] = field(default_factory=dict)

    @property
    def awaiting_color(self) -> bool:
        """The current player must name a colour (a Polypig's): their prompt is open."""
        prompts = self.prompts
        return bool(prompts) and any(x.then == COLOR_STEP for x in prompts)


native(Race, AbilityRun, SvintusState)
