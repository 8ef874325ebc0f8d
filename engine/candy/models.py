"""Candy Empire options, state, actions and views: records (options: a pydantic model).

JSON round-trips exactly (``engine.core.dump``/``load``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.candy.cards import CHARACTER_OF, Character
from engine.core import PlayerAction, State, View, record


class CandyOptions(BaseModel):
    """Table options (sheet §3, §5) with their defaults."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # the Snatcher's block: how long the targeted player has to decide
    reaction_window_ms: int = Field(5_000, ge=1_000, le=60_000)
    # 0: off.  On timeout the referee discards a random card for the player and
    # answers their open prompts (decline a "may", a seeded random pick for a "must")
    turn_timer_ms: int = Field(60_000, ge=0, le=600_000)
    # [decision] after this many timed-out turns in a row a player is away: the
    # referee plays for them after ``away_autoplay_ms``; any press of theirs brings them back
    away_after_timeouts: int = Field(2, ge=1, le=100)
    away_autoplay_ms: int = Field(5_000, ge=500, le=600_000)
    team_game: bool = False  # 4 players, partners sit alternately, team score
    big_game: bool = False  # 5 games, places 1/2/3 earn 3/2/1 points
    # big game: pause between games; any player may start the next one sooner (0: at once)
    break_ms: int = Field(15_000, ge=0, le=600_000)
    defenceless: bool = False  # «Беззащитность»: no protecting
    no_limits: bool = False  # «Без границ»: two players with the full deck and all combos
    open_discard: bool = False  # «Всезнайка»: the discard pile is open to everyone

    @model_validator(mode="after")
    def _one_variant(self) -> CandyOptions:
        # [decision] the team game and the big game do not combine
        if self.team_game and self.big_game:
            raise ValueError("team_game and big_game")
        return self


class Step:
    """The ability steps: each is the ``then`` of a prompt in the core's queue
    (``engine.core.ask``), with ``data`` {"owner", "card", "via_lawyer"}: whose
    ability, the card whose ability it is, and whether a Lawyer brought it back
    from the discard.  ``abilities.STEPS`` carries each one out."""

    BOSS_USE = "boss_use"
    BOSS_RETURN = "boss_return"
    LAWYER = "lawyer"
    THIEF = "thief"
    HITMAN = "hitman"
    POLICEMAN = "policeman"
    DETECTIVE = "detective"
    KIDNAPPER = "kidnapper"
    JUDGE = "judge"
    SLY_COP = "sly_cop"


@record(value=True)
class Reaction:
    """An open Snatcher window: ``player`` may block ``by``'s ``card`` until ``until_ms``."""

    player: int
    by: int
    card: int  # the Judge or Policeman
    until_ms: int
    take: int | None = None  # the Policeman's chosen card


@record(value=True)
class ComboMade:
    a: Character
    b: Character
    count: int  # pairs made
    candies: int  # all of them together


@record(value=True)
class Score:
    """A player's candies in the sheet's four steps (§4)."""

    cards: int  # 1. the candies printed on the cards
    buyer: int  # 2. the Candy Buyer's +2 per Snatcher and Candy Thief
    pickpockets: int  # 3. +2 per pair of Pickpockets
    combos: int  # 4. combo bonuses
    total: int
    made: list[ComboMade] = []


@record(value=True)
class GameResult:
    """One finished game: each player's score, and in a big game their place and points."""

    game: int
    scores: dict[int, Score]
    places: dict[int, int] = {}
    points: dict[int, int] = {}
    winners: list[int] = []


Phase = Literal["playing", "break", "over"]
SCHEMA_VERSION = 2


@record
class CandyState(State):
    """The whole table.  The parts most moves leave alone are ``Sequence``s and
    ``Mapping``s: never changed in place, only replaced, so a copy of the state
    shares them (the seats, the cards of the game, each hand and each empire,
    who left, the protected cards, the banned characters, the finished games,
    the big game's standings, the winners).  They are lists and dicts, as JSON
    gives them back."""

    game: Literal["candy"] = "candy"
    schema_version: int = SCHEMA_VERSION
    options: CandyOptions
    seed: int
    rng: int
    phase: Phase = "playing"
    seats: Sequence[int]  # seat order; teams are seats[0::2] and seats[1::2]
    left: Sequence[int] = []  # players who walked out (their empire stays)
    cards: Sequence[int]  # the card ids of this table's deck
    full: bool  # all combos count (3–4 players, or «Без границ»)
    deck: list[int] = []  # the top is the end of the list
    discard: list[int] = []  # the top is the end of the list
    hands: dict[int, Sequence[int]] = {}
    empires: dict[int, Sequence[int]] = {}
    protected: Sequence[int] = []
    banned: Sequence[Character] = []
    current: int = 0
    acted: bool = False  # the turn's action (play, protect, discard) is done
    boss_used: bool = False  # no draw at the end of this turn
    reaction: Reaction | None = None
    last_window: int | None = None  # whose window closed last (a block now is "too late")
    timer_ms: int = 0  # when the present wait began (the turn timer counts from it)
    timeouts: Mapping[int, int] = {}  # timed-out turns in a row, per player
    away: Sequence[int] = []  # players the referee plays for until they press again
    game_no: int = 1
    break_until: int | None = None
    results: Sequence[GameResult] = []
    points: Mapping[int, int] = {}  # big game: placement points so far
    candies: Mapping[int, int] = {}  # big game: candies so far
    winners: Sequence[int] = []


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
