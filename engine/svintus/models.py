"""Svintus options, state, actions and views: pydantic models, JSON round-trip exact."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import Answer, Tick, View
from engine.svintus.animals import DARK, Animal
from engine.svintus.cards import Color, Kind


class SvintusOptions(BaseModel):
    """Table options (sheet §8) and every [decision] of the sheet, with its default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    target_score: int = Field(30, ge=1, le=1000)
    turn_timer_ms: int = Field(30_000, ge=0, le=600_000)  # 0: no turn timer
    reaction_window_ms: int = Field(3_000, ge=500, le=30_000)  # also the catch grace
    hush_counts_messages: bool = True
    hand_size: int = Field(8, ge=1, le=10)
    penalty_cards: int = Field(2, ge=0, le=10)
    grab_cards: int = Field(3, ge=1, le=10)
    grab_growth: int = Field(3, ge=0, le=10)
    # [decision] a player may draw while holding a playable card
    draw_with_playable: bool = True
    # [decision] a pending Grab intercepted by an identical Grab grows
    intercept_grows_grab: bool = True
    # [decision] «Не мешкай!»: timeouts in a row before a player is marked away
    away_after_timeouts: int = Field(3, ge=1, le=100)
    away_autoplay_ms: int = Field(5_000, ge=500, le=600_000)
    # pause between rounds; any player may start the next round sooner
    round_break_ms: int = Field(15_000, ge=0, le=3_600_000)
    # §7 Metamorphoses: one animal each, dealt at random or chosen in the lobby
    metamorphoses: bool = False
    animal_deal: Literal["random", "chosen"] = "random"
    # chosen animals: how long the table waits for picks; the rest are dealt at random
    setup_timer_ms: int = Field(60_000, ge=5_000, le=600_000)


class Attack(BaseModel):
    """A Grab or Snore aimed at ``target``, waiting for a transfer or acceptance."""

    kind: Literal["grab", "snore"]
    count: int  # cards to take (0 for a Snore)
    target: int


class Race(BaseModel):
    """An open Hoofslap race."""

    by: int
    deadline_ms: int
    players: list[int]
    pressed: list[int] = []
    exempt: list[int] = []  # Metamorphoses (Cat) hook: never the loser
    then_end_round: bool = False  # the Hoofslap was its player's last card


class Duty(BaseModel):
    """An animal's reaction owed by ``player`` before ``until_ms`` (the Hedgehog's)."""

    player: int
    until_ms: int


class AbilityRun(BaseModel):
    """A dark ability being used: which step it is at and what was chosen so far.
    Each step is one prompt to the owner; ``prompt`` is the open one's id."""

    player: int
    animal: Animal
    step: int = 0  # index into the animal's ``Dark.steps``
    target: int | None = None
    picked: list[int] = []  # cards chosen so far (the lead, the card to give), in order
    committed: bool = False  # something was revealed or moved: no cancelling now
    prompt: int = 0


Phase = Literal["setup", "playing", "round_over", "match_over"]
SCHEMA_VERSION = 2


def _migrate(data: Any) -> Any:
    """Read a state saved by an older engine.  Version 1 (before prompts): a dark
    ability's partial card choices were kept in the state; they are dropped (the
    owner chooses again), and the Eagle-Owl's swap became two steps."""
    if not isinstance(data, dict) or data.get("schema_version", 1) >= SCHEMA_VERSION:
        return data
    data = dict(data)
    run = data.get("ability")
    if isinstance(run, dict):
        run = dict(run)
        animal = Animal(run["animal"])
        picked = list(run.get("picked", []))
        step = int(run.get("step", 0))
        if animal is Animal.OWL and step >= 1:
            step, picked = (2, picked[:1]) if picked else (1, [])
        else:
            picked = []
        run.update(step=min(step, len(DARK[animal].steps)), picked=picked, prompt=1)
        data["ability"] = run
        data["prompts"] = 1
    data["schema_version"] = SCHEMA_VERSION
    return data


class SvintusState(BaseModel):
    game: Literal["svintus"] = "svintus"
    schema_version: int = SCHEMA_VERSION

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        return _migrate(data)

    options: SvintusOptions
    seed: int
    rng: int
    seq: int = 0  # counts applied changes: a press names the state it was made in
    clock_ms: int = 0
    phase: Phase = "playing"
    round: int = 0
    seats: list[int]  # seat order = clockwise
    hands: dict[int, list[int]]
    scores: dict[int, int]
    deck: list[int]  # the top of the deck is the end of the list
    pile: list[int]  # the top of the pile is the end of the list
    top_live: bool = False  # False for the start card: it cannot be intercepted
    color: Color | None = None  # the colour in force (a Polypig's named colour)
    current: int = 0
    direction: int = 1  # 1 clockwise, -1 counter-clockwise
    turn_started_ms: int = 0
    attack: Attack | None = None
    awaiting_color: bool = False  # the current player must name a colour
    drawn: list[int] = []  # cards drawn this turn that may still be played
    silence: int | None = None  # who played the Hush in force
    race: Race | None = None
    one_card_since: dict[int, int] = {}  # players down to one card, and since when
    declared: list[int] = []  # of those, who said «Свинтус!»
    timeouts: dict[int, int] = {}  # turn timeouts in a row
    away: list[int] = []
    last_winner: int | None = None
    round_winner: int | None = None
    match_winner: int | None = None
    round_ended_ms: int | None = None
    # §7 Metamorphoses
    animals: dict[int, Animal] = {}
    dark: list[int] = []  # players whose animal shows its dark side
    ability: AbilityRun | None = None
    duties: list[Duty] = []
    skips: list[int] = []  # players who lose their next turn (once per entry)
    setup_until_ms: int | None = None  # chosen animals: when the picks close
    prompts: int = 0  # prompts raised so far (a prompt's id)

    def clone(self) -> SvintusState:
        """A copy whose containers may be mutated without touching ``self``."""
        new = self.model_copy()
        d = new.__dict__
        d["seats"] = self.seats[:]
        d["hands"] = {p: h[:] for p, h in self.hands.items()}
        d["scores"] = dict(self.scores)
        d["deck"] = self.deck[:]
        d["pile"] = self.pile[:]
        d["drawn"] = self.drawn[:]
        d["one_card_since"] = dict(self.one_card_since)
        d["declared"] = self.declared[:]
        d["timeouts"] = dict(self.timeouts)
        d["away"] = self.away[:]
        if self.race is not None:
            race = self.race.model_copy()
            race.__dict__["players"] = self.race.players[:]
            race.__dict__["pressed"] = self.race.pressed[:]
            race.__dict__["exempt"] = self.race.exempt[:]
            d["race"] = race
        if self.animals:
            d["animals"] = dict(self.animals)
            d["dark"] = self.dark[:]
            d["duties"] = self.duties[:]  # Duty objects are replaced, never mutated
            d["skips"] = self.skips[:]
            if self.ability is not None:
                run = self.ability.model_copy()
                run.__dict__["picked"] = self.ability.picked[:]
                d["ability"] = run
        return new


# --- actions ---------------------------------------------------------------


class Play(BaseModel):
    """Play ``card`` on the pile's top card ``on``: on your turn, as an intercept
    or as a transfer.  Naming the top makes a late press (the top has changed
    since the player saw it) "too late" instead of a play on a card never seen.
    """

    model_config = ConfigDict(frozen=True)
    type: Literal["play"] = "play"
    player: int
    card: int
    on: int


class Draw(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["draw"] = "draw"
    player: int


class Pass(BaseModel):
    """End the turn after drawing a playable card without playing it."""

    model_config = ConfigDict(frozen=True)
    type: Literal["pass"] = "pass"
    player: int


class Accept(BaseModel):
    """Take the pending Grab's cards, or the Snore's lost turn."""

    model_config = ConfigDict(frozen=True)
    type: Literal["accept"] = "accept"
    player: int


class ChooseColor(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["color"] = "color"
    player: int
    color: Color


class Declare(BaseModel):
    """«Свинтус!»"""

    model_config = ConfigDict(frozen=True)
    type: Literal["declare"] = "declare"
    player: int


class Catch(BaseModel):
    """«Поймать!»: catch every opponent down to one card who has not declared."""

    model_config = ConfigDict(frozen=True)
    type: Literal["catch"] = "catch"
    player: int


class Slap(BaseModel):
    """«Хлоп!»"""

    model_config = ConfigDict(frozen=True)
    type: Literal["slap"] = "slap"
    player: int


class Speak(BaseModel):
    """The player sent a message to the group (it matters only in a silence)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["speak"] = "speak"
    player: int


class Leave(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["leave"] = "leave"
    player: int


class Join(BaseModel):
    """Take a seat between rounds."""

    model_config = ConfigDict(frozen=True)
    type: Literal["join"] = "join"
    player: int


class NextRound(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["next_round"] = "next_round"
    player: int


class UseAbility(BaseModel):
    """Use one's dark ability instead of the turn; its choices are then prompts."""

    model_config = ConfigDict(frozen=True)
    type: Literal["ability"] = "ability"
    player: int


class React(BaseModel):
    """Answer one's animal's reaction duty («Ёж берёт!»)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["react"] = "react"
    player: int


class PickAnimal(BaseModel):
    """Setup with chosen animals: take a free animal (one's own pick may change)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["pick_animal"] = "pick_animal"
    player: int
    animal: Animal


PlayerAction = (
    Play
    | Draw
    | Pass
    | Accept
    | ChooseColor
    | Declare
    | Catch
    | Slap
    | Speak
    | Leave
    | Join
    | NextRound
    | UseAbility
    | React
    | PickAnimal
    | Answer
)
SvintusAction = Annotated[
    Play
    | Draw
    | Pass
    | Accept
    | ChooseColor
    | Declare
    | Catch
    | Slap
    | Speak
    | Leave
    | Join
    | NextRound
    | UseAbility
    | React
    | PickAnimal
    | Answer
    | Tick,
    Field(discriminator="type"),
]


# --- views -----------------------------------------------------------------


class CardView(BaseModel):
    id: int
    color: Color | None
    kind: Kind
    value: int | None


class RaceView(BaseModel):
    by: int
    deadline_ms: int
    players: list[int]
    pressed: list[int]


class AbilityView(BaseModel):
    """A dark ability in use, as everyone sees it (its choices are the owner's prompt)."""

    player: int
    animal: Animal
    step: str
    target: int | None


class SvintusView(View):
    """What one player (or, with ``viewer`` None, the public) may see."""

    viewer: int | None
    seq: int
    phase: Phase
    round: int
    seats: list[int]
    current: int | None
    direction: int
    top: CardView | None
    color: Color | None
    top_live: bool
    deck_count: int
    pile_count: int
    hand_counts: dict[int, int]
    scores: dict[int, int]
    target_score: int
    attack: Attack | None
    awaiting_color: bool
    silence: int | None
    race: RaceView | None
    one_card: dict[int, int]  # players down to one card: since when
    declared: list[int]
    away: list[int]
    deadline_ms: int | None
    round_winner: int | None
    match_winner: int | None
    hand: list[CardView] | None  # the viewer's own cards; None for the public
    drawn: list[int]  # the viewer's drawn card that may still be played
    animals: dict[int, Animal] = Field(default_factory=dict)
    dark: list[int] = Field(default_factory=list)
    ability: AbilityView | None = None
    duties: list[Duty] = Field(default_factory=list)
    skips: list[int] = Field(default_factory=list)
    deck_top: CardView | None = None  # the Owl's owner only
    peek: list[CardView] | None = None  # the Eagle-Owl's owner only, while swapping: the target's hand
    given: CardView | None = None  # the Eagle-Owl's owner only: the card chosen to give
