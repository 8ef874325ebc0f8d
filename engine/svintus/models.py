"""Svintus actions and views: records, JSON round-trip exact (the state: ``state``; options: ``values``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field

from engine.core import Answer, Leave, PlayerAction, View, record
from engine.svintus.animals import DARK, Animal
from engine.svintus.cards import DECK_SIZE, Color, Kind
from engine.svintus.state import (
    ABILITY_STEP as ABILITY_STEP,
)
from engine.svintus.state import (
    COLOR_STEP as COLOR_STEP,
)
from engine.svintus.state import (
    SCHEMA_VERSION as SCHEMA_VERSION,
)
from engine.svintus.state import (
    AbilityRun as AbilityRun,
)
from engine.svintus.state import (
    Phase as Phase,
)
from engine.svintus.state import (
    Race as Race,
)
from engine.svintus.state import (
    SvintusState as SvintusState,
)
from engine.svintus.values import Attack as Attack
from engine.svintus.values import Duty as Duty
from engine.svintus.values import SvintusOptions as SvintusOptions


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


# Every action ``SvintusGame`` takes (``legal`` lists, ``apply`` accepts, ``decode``
# reads): its own, walking out, and an answer to a prompt (a Polypig's colour, an
# ability's step).  The same types as the game's handlers (``Rules.actions``): a test says so.
SvintusAction = (
    Play
    | Draw
    | Pass
    | Accept
    | Declare
    | Catch
    | Slap
    | Speak
    | Join
    | NextRound
    | UseAbility
    | React
    | PickAnimal
    | Leave
    | Answer
)


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
    # the pile, bottom first (its top is ``top``): every card on it was seen
    # played since the pile was last shuffled into the deck, so anyone who
    # watched knows it (a computer player's memory; the screens draw the top only)
    pile: Sequence[int] = []
    # who drew on their turn rather than play, on what (``SvintusState.drew_on``):
    # none of the cards they held then fitted, as everyone saw
    drew_on: Mapping[int, Sequence[int]] = {}
