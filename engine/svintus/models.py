"""Svintus options, state, actions and views: records (options: a pydantic model), JSON round-trip exact."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import PlayerAction, State, View, record
from engine.svintus.animals import DARK, Animal
from engine.svintus.cards import DECK_SIZE, Color, Kind


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


@record(value=True)
class Attack:
    """A Grab or Snore aimed at ``target``, waiting for a transfer or acceptance."""

    kind: Literal["grab", "snore"]
    count: int  # cards to take (0 for a Snore)
    target: int


@record
class Race:
    """An open Hoofslap race."""

    by: int
    deadline_ms: int
    players: list[int]
    pressed: list[int] = []
    exempt: list[int] = []  # Metamorphoses (Cat) hook: never the loser
    then_end_round: bool = False  # the Hoofslap was its player's last card


@record(value=True)
class Duty:
    """An animal's reaction owed by ``player`` before ``until_ms`` (the Hedgehog's)."""

    player: int
    until_ms: int


@record
class AbilityRun:
    """A dark ability being used: which step it is at and what was chosen so far.
    Each step is one prompt to the owner (in the state's prompt queue)."""

    player: int
    animal: Animal
    step: int = 0  # index into the animal's ``Dark.steps``
    target: int | None = None
    picked: list[int] = []  # cards chosen so far (the lead, the card to give), in order
    committed: bool = False  # something was revealed or moved: no cancelling now


Phase = Literal["setup", "playing", "round_over", "match_over"]
SCHEMA_VERSION = 3
# the prompt queue's resume steps
COLOR_STEP = "color"  # a Polypig's colour
ABILITY_STEP = "ability"  # a dark ability's current step


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Read a state saved by an older engine.

    - Version 1 (before prompts): a dark ability's partial card choices were
      kept in the state; they are dropped (the owner chooses again), and the
      Eagle-Owl's swap became two steps.
    - Version 2 (before the core's prompt queue): ``prompts`` counted prompts
      (now ``prompt_seq``), a Polypig's colour was ``awaiting_color`` and a
      dark ability held its prompt's id; both are prompts in the queue now
      (``SvintusGame.upgrade`` asks them again, under their old ids).
    """
    version = data.get("schema_version", 1)
    run = data.get("ability")
    if version < 2 and isinstance(run, dict):
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
    if version < 3:
        counter = data.get("prompts", 0)
        data["prompt_seq"] = counter if isinstance(counter, int) else 0
        data["prompts"] = []
        data.pop("awaiting_color", None)
    return data


@record
class SvintusState(State):
    """A Svintus match.  The parts most moves leave alone are ``Sequence`` and
    ``Mapping`` fields: never changed in place, only replaced, so copying a
    state for a move shares them (``engine.core.records``)."""

    game: Literal["svintus"] = "svintus"
    schema_version: int = SCHEMA_VERSION
    options: SvintusOptions
    seed: int
    rng: int
    phase: Phase = "playing"
    round: int = 0
    seats: Sequence[int]  # seat order = clockwise
    hands: Mapping[int, Sequence[int]]
    scores: Mapping[int, int]
    deck: Sequence[int]  # the top of the deck is the end of the list
    pile: Sequence[int]  # the top of the pile is the end of the list
    top_live: bool = False  # False for the start card: it cannot be intercepted
    color: Color | None = None  # the colour in force (a Polypig's named colour)
    current: int = 0
    direction: int = 1  # 1 clockwise, -1 counter-clockwise
    turn_started_ms: int = 0
    attack: Attack | None = None
    drawn: Sequence[int] = []  # cards drawn this turn that may still be played
    silence: int | None = None  # who played the Hush in force
    race: Race | None = None
    one_card_since: Mapping[int, int] = {}  # players down to one card, and since when
    declared: Sequence[int] = []  # of those, who said «Свинтус!»
    timeouts: Mapping[int, int] = {}  # turn timeouts in a row
    away: Sequence[int] = []
    last_winner: int | None = None
    round_winner: int | None = None
    match_winner: int | None = None
    round_ended_ms: int | None = None
    # §7 Metamorphoses
    animals: Mapping[int, Animal] = {}
    dark: Sequence[int] = []  # players whose animal shows its dark side
    ability: AbilityRun | None = None
    duties: Sequence[Duty] = []
    skips: Sequence[int] = []  # players who lose their next turn (once per entry)
    setup_until_ms: int | None = None  # chosen animals: when the picks close

    @property
    def awaiting_color(self) -> bool:
        """The current player must name a colour (a Polypig's): their prompt is open."""
        prompts = self.prompts
        return bool(prompts) and any(x.then == COLOR_STEP for x in prompts)


# --- actions ---------------------------------------------------------------

_Card = Annotated[int, Field(ge=0, lt=DECK_SIZE)]  # checked where an action comes in (a button)


@record(value=True)
class Play(PlayerAction):
    """Play ``card`` on the pile's top card ``on``: on your turn, as an intercept
    or as a transfer.  Naming the top makes a late press (the top has changed
    since the player saw it) "too late" instead of a play on a card never seen.
    ``on`` None: on whatever is on top when the press arrives (a waiting
    player's hand does not show the top: pressing a card tries to intercept).
    """

    type: Literal["play"] = "play"
    card: _Card
    on: _Card | None = None

    def evident(self) -> bool:
        return self.on is not None


@record(value=True)
class Draw(PlayerAction):
    type: Literal["draw"] = "draw"


@record(value=True)
class Pass(PlayerAction):
    """End the turn after drawing a playable card without playing it."""

    type: Literal["pass"] = "pass"


@record(value=True)
class Accept(PlayerAction):
    """Take the pending Grab's cards, or the Snore's lost turn."""

    type: Literal["accept"] = "accept"


@record(value=True)
class Declare(PlayerAction):
    """«Свинтус!»"""

    type: Literal["declare"] = "declare"


@record(value=True)
class Catch(PlayerAction):
    """«Поймать!»: catch every opponent down to one card who has not declared."""

    type: Literal["catch"] = "catch"

    def evident(self) -> bool:
        return True


@record(value=True)
class Slap(PlayerAction):
    """«Хлоп!»"""

    type: Literal["slap"] = "slap"

    def evident(self) -> bool:
        return True


@record(value=True)
class Speak(PlayerAction):
    """The player sent a message to the group (it matters only in a silence)."""

    type: Literal["speak"] = "speak"


@record(value=True)
class Join(PlayerAction):
    """Take a seat between rounds."""

    type: Literal["join"] = "join"


@record(value=True)
class NextRound(PlayerAction):
    type: Literal["next_round"] = "next_round"

    def evident(self) -> bool:
        return True


@record(value=True)
class UseAbility(PlayerAction):
    """Use one's dark ability instead of the turn; its choices are then prompts."""

    type: Literal["ability"] = "ability"


@record(value=True)
class React(PlayerAction):
    """Answer one's animal's reaction duty («Ёж берёт!»)."""

    type: Literal["react"] = "react"


@record(value=True)
class PickAnimal(PlayerAction):
    """Setup with chosen animals: take a free animal (one's own pick may change)."""

    type: Literal["pick_animal"] = "pick_animal"
    animal: Animal

    def evident(self) -> bool:
        return True


# --- views -----------------------------------------------------------------


@record(value=True)
class CardView:
    id: int
    color: Color | None
    kind: Kind
    value: int | None


@record(value=True)
class RaceView:
    by: int
    deadline_ms: int
    players: list[int]
    pressed: list[int]


@record(value=True)
class AbilityView:
    """A dark ability in use, as everyone sees it (its choices are the owner's prompt)."""

    player: int
    animal: Animal
    step: str
    target: int | None


@record(value=True)
class SvintusView(View):
    """What one player (or, with ``viewer`` None, the public) may see.  A view is a
    value: its Sequences and Mappings are the state's own (never changed in place)."""

    seq: int
    phase: Phase
    round: int
    seats: Sequence[int]
    current: int | None
    direction: int
    top: CardView | None
    color: Color | None
    top_live: bool
    deck_count: int
    pile_count: int
    hand_counts: dict[int, int]
    scores: Mapping[int, int]
    target_score: int
    penalty_cards: int = 2  # what a word in a silence (or another slip) costs
    round_break_ms: int = 15_000  # between rounds, before the next deals itself
    attack: Attack | None
    awaiting_color: bool
    silence: int | None
    race: RaceView | None
    one_card: Mapping[int, int]  # players down to one card: since when
    declared: Sequence[int]
    away: Sequence[int]
    deadline_ms: int | None
    round_winner: int | None
    match_winner: int | None
    hand: list[CardView] | None  # the viewer's own cards; None for the public
    drawn: Sequence[int]  # the viewer's drawn card that may still be played
    animals: Mapping[int, Animal] = {}
    dark: Sequence[int] = []
    ability: AbilityView | None = None
    duties: Sequence[Duty] = []
    skips: Sequence[int] = []
    deck_top: CardView | None = None  # the Owl's owner only
    peek: list[CardView] | None = None  # the Eagle-Owl's owner only, while swapping: the target's hand
    given: CardView | None = None  # the Eagle-Owl's owner only: the card chosen to give
