"""Candy Empire actions and views: records (the state: ``state``; options: ``values``).

JSON round-trips exactly (``engine.core.dump``/``load``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from engine.candy.cards import CHARACTER_OF, Character
from engine.candy.state import SCHEMA_VERSION as SCHEMA_VERSION
from engine.candy.state import CandyState as CandyState
from engine.candy.state import Phase as Phase
from engine.candy.values import CandyOptions as CandyOptions
from engine.candy.values import ComboMade as ComboMade
from engine.candy.values import GameResult as GameResult
from engine.candy.values import Reaction as Reaction
from engine.candy.values import Score as Score
from engine.candy.values import Step as Step
from engine.core import Answer, Leave, PlayerAction, View, record


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Read a state saved by an older engine.

    Version 1 (before the core's prompt queue) kept its open prompts as
    ``steps`` ({kind, prompt, owner, card, via_lawyer}) and the next prompt's
    id as ``next_prompt``: each step becomes a ``Pending`` of the queue (its
    prompt as it was, ``then`` its kind, ``data`` its owner, card and Lawyer
    flag), and the counter the last id given (``prompt_seq``).
    """
    if data.get("schema_version", 1) < 2:
        steps = data.pop("steps", None) or []
        data["prompts"] = [
            {
                "prompt": st["prompt"],
                "then": st["kind"],
                "data": {
                    "owner": st["owner"],
                    "card": st["card"],
                    "via_lawyer": bool(st.get("via_lawyer", False)),
                },
            }
            for st in steps
        ]
        data["prompt_seq"] = int(data.pop("next_prompt", 1)) - 1
        data["schema_version"] = SCHEMA_VERSION
    return data


# --- actions ---------------------------------------------------------------

_Card = Annotated[int, Field(ge=0, lt=len(CHARACTER_OF))]  # checked where an action comes in (a button)


@record(value=True)
class PlayToEmpire(PlayerAction):
    """A. Play ``card`` from hand into one's empire (its ability, if any, follows)."""

    type: Literal["empire"] = "empire"
    card: _Card


@record(value=True)
class PlayToDiscard(PlayerAction):
    """A. Play a Candy Thief or a Lawyer openly to the discard pile for its ability."""

    type: Literal["to_discard"] = "to_discard"
    card: _Card


@record(value=True)
class Protect(PlayerAction):
    """B. Discard ``card`` face down and protect ``protect`` in one's empire."""

    type: Literal["protect"] = "protect"
    card: _Card
    protect: _Card


@record(value=True)
class Discard(PlayerAction):
    """C. Discard ``card`` face down and do nothing."""

    type: Literal["discard"] = "discard"
    card: _Card


@record(value=True)
class Block(PlayerAction):
    """Discard two unprotected Snatchers to cancel the Judge or Policeman aimed at one."""

    type: Literal["block"] = "block"

    def evident(self) -> bool:
        return True


@record(value=True)
class Allow(PlayerAction):
    """Let the Judge or Policeman aimed at one happen (closes the window early)."""

    type: Literal["allow"] = "allow"


@record(value=True)
class NextGame(PlayerAction):
    """Big game: start the next game before the break runs out."""

    type: Literal["next_game"] = "next_game"

    def evident(self) -> bool:
        return True


# Every action ``CandyGame`` takes (``legal`` lists, ``apply`` accepts, ``decode``
# reads): its own, walking out, and an answer to an ability's prompt.  The same
# types as the game's handlers (``Rules.actions``): a test says so.
CandyAction = PlayToEmpire | PlayToDiscard | Protect | Discard | Block | Allow | NextGame | Leave | Answer


# --- views -----------------------------------------------------------------


@record(value=True)
class CardView:
    id: int
    character: Character
    candies: int


@record(value=True)
class EmpireCardView(CardView):
    protected: bool


@record(value=True)
class HandCardView(CardView):
    """A card of the viewer's hand and the moves it allows now (the bot groups
    the legal actions by card): into the empire, to the discard for its
    ability, pay with it to protect one of ``protect``, discard it."""

    empire: bool = False
    ability: bool = False
    protect: list[int] = []
    discard: bool = False


@record(value=True)
class ReactionView:
    player: int  # who may block
    by: int
    card: CardView  # the Judge or Policeman
    until_ms: int
    take: CardView | None = None  # the Policeman's chosen card


@record(value=True)
class CandyView(View):
    """What one player (or, with ``viewer`` None, the group board) may see."""

    seq: int
    phase: Phase
    game_no: int
    games: int  # 1, or 5 in a big game
    seats: list[int]
    left: list[int]
    away: list[int]
    teams: list[list[int]] | None
    current: int | None
    empires: dict[int, list[EmpireCardView]]
    scores: dict[int, Score]  # running totals with their breakdown; final once over
    team_scores: list[int] | None
    hand_counts: dict[int, int]
    deck_count: int
    discard_count: int
    discard: list[CardView] | None  # «Всезнайка» for all; the Lawyer's owner while choosing
    banned: list[Character]
    reaction: ReactionView | None
    waiting_on: list[int]  # players the table waits for (prompts of the Detective's victims)
    deadline_ms: int | None
    results: list[GameResult]  # finished games (the big game's standings)
    points: dict[int, int]  # big game: placement points
    candies: dict[int, int]  # big game: candies over the games played
    winners: list[int]
    defenceless: bool
    no_limits: bool
    open_discard: bool
    reaction_window_ms: int  # how long a Snatcher's block window stays open
    turn_timer_ms: int  # 0: no turn timer
    hand: list[HandCardView] | None  # the viewer's own cards; None for the public
    can_block: bool = False  # the viewer's window is open
