"""Candy Empire options, state, actions and views: pydantic models, JSON round-trip exact."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.candy.cards import Character
from engine.core import Answer, Prompt, Tick, View


class CandyOptions(BaseModel):
    """Table options (sheet §3, §5) with their defaults."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # the Snatcher's block: how long the targeted player has to decide
    reaction_window_ms: int = Field(5_000, ge=1_000, le=60_000)
    # 0: off.  On timeout the referee discards a random card for the player and
    # answers their open prompts (decline a "may", a seeded random pick for a "must")
    turn_timer_ms: int = Field(0, ge=0, le=600_000)
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


StepKind = Literal[
    "boss_use",
    "boss_return",
    "lawyer",
    "thief",
    "hitman",
    "policeman",
    "detective",
    "kidnapper",
    "judge",
    "sly_cop",
]


class Step(BaseModel):
    """An open prompt of an ability: its kind, its owner and the card whose
    ability it is.  Never mutated: replaced."""

    model_config = ConfigDict(frozen=True)

    kind: StepKind
    prompt: Prompt
    owner: int  # whose ability
    card: int  # the card whose ability it is
    via_lawyer: bool = False  # the card came from the discard through a Lawyer


class Reaction(BaseModel):
    """An open Snatcher window: ``player`` may block ``by``'s ``card`` until ``until_ms``."""

    model_config = ConfigDict(frozen=True)

    player: int
    by: int
    card: int  # the Judge or Policeman
    until_ms: int
    take: int | None = None  # the Policeman's chosen card


class ComboMade(BaseModel):
    model_config = ConfigDict(frozen=True)

    a: Character
    b: Character
    count: int  # pairs made
    candies: int  # all of them together


class Score(BaseModel):
    """A player's candies in the sheet's four steps (§4)."""

    model_config = ConfigDict(frozen=True)

    cards: int  # 1. the candies printed on the cards
    buyer: int  # 2. the Candy Buyer's +2 per Snatcher and Candy Thief
    pickpockets: int  # 3. +2 per pair of Pickpockets
    combos: int  # 4. combo bonuses
    total: int
    made: list[ComboMade] = []


class GameResult(BaseModel):
    """One finished game: each player's score, and in a big game their place and points."""

    model_config = ConfigDict(frozen=True)

    game: int
    scores: dict[int, Score]
    places: dict[int, int] = {}
    points: dict[int, int] = {}
    winners: list[int] = []


Phase = Literal["playing", "break", "over"]


class CandyState(BaseModel):
    game: Literal["candy"] = "candy"
    schema_version: int = 1
    options: CandyOptions
    seed: int
    rng: int
    seq: int = 0
    clock_ms: int = 0
    phase: Phase = "playing"
    seats: list[int]  # seat order; teams are seats[0::2] and seats[1::2]
    left: list[int] = []  # players who walked out (their empire stays)
    cards: list[int]  # the card ids of this table's deck
    full: bool  # all combos count (3–4 players, or «Без границ»)
    deck: list[int] = []  # the top is the end of the list
    discard: list[int] = []  # the top is the end of the list
    hands: dict[int, list[int]] = {}
    empires: dict[int, list[int]] = {}
    protected: list[int] = []
    banned: list[Character] = []
    current: int = 0
    acted: bool = False  # the turn's action (play, protect, discard) is done
    boss_used: bool = False  # no draw at the end of this turn
    steps: list[Step] = []  # open prompts (several only for the Detective's victims)
    reaction: Reaction | None = None
    last_window: int | None = None  # whose window closed last (a block now is "too late")
    next_prompt: int = 1
    timer_ms: int = 0  # when the present wait began (the turn timer counts from it)
    game_no: int = 1
    break_until: int | None = None
    results: list[GameResult] = []
    points: dict[int, int] = {}  # big game: placement points so far
    candies: dict[int, int] = {}  # big game: candies so far
    winners: list[int] = []

    def clone(self) -> CandyState:
        """A copy whose containers may be mutated without touching ``self``."""
        new = self.model_copy()
        d = new.__dict__
        d["seats"] = self.seats[:]
        d["left"] = self.left[:]
        d["deck"] = self.deck[:]
        d["discard"] = self.discard[:]
        d["hands"] = {p: h[:] for p, h in self.hands.items()}
        d["empires"] = {p: e[:] for p, e in self.empires.items()}
        d["protected"] = self.protected[:]
        d["banned"] = self.banned[:]
        d["steps"] = self.steps[:]
        d["results"] = self.results[:]
        d["points"] = dict(self.points)
        d["candies"] = dict(self.candies)
        d["winners"] = self.winners[:]
        return new


# --- actions ---------------------------------------------------------------


class PlayToEmpire(BaseModel):
    """A. Play ``card`` from hand into one's empire (its ability, if any, follows)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["empire"] = "empire"
    player: int
    card: int


class PlayToDiscard(BaseModel):
    """A. Play a Candy Thief or a Lawyer openly to the discard pile for its ability."""

    model_config = ConfigDict(frozen=True)
    type: Literal["to_discard"] = "to_discard"
    player: int
    card: int


class Protect(BaseModel):
    """B. Discard ``card`` face down and protect ``protect`` in one's empire."""

    model_config = ConfigDict(frozen=True)
    type: Literal["protect"] = "protect"
    player: int
    card: int
    protect: int


class Discard(BaseModel):
    """C. Discard ``card`` face down and do nothing."""

    model_config = ConfigDict(frozen=True)
    type: Literal["discard"] = "discard"
    player: int
    card: int


class Block(BaseModel):
    """Discard two unprotected Snatchers to cancel the Judge or Policeman aimed at one."""

    model_config = ConfigDict(frozen=True)
    type: Literal["block"] = "block"
    player: int


class Allow(BaseModel):
    """Let the Judge or Policeman aimed at one happen (closes the window early)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["allow"] = "allow"
    player: int


class Leave(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["leave"] = "leave"
    player: int


class NextGame(BaseModel):
    """Big game: start the next game before the break runs out."""

    model_config = ConfigDict(frozen=True)
    type: Literal["next_game"] = "next_game"
    player: int


PlayerAction = PlayToEmpire | PlayToDiscard | Protect | Discard | Block | Allow | Leave | NextGame | Answer
CandyAction = Annotated[
    PlayToEmpire | PlayToDiscard | Protect | Discard | Block | Allow | Leave | NextGame | Answer | Tick,
    Field(discriminator="type"),
]


# --- views -----------------------------------------------------------------


class CardView(BaseModel):
    id: int
    character: Character
    candies: int


class EmpireCardView(CardView):
    protected: bool


class HandCardView(CardView):
    """A card of the viewer's hand and the moves it allows now (the bot groups
    the legal actions by card): into the empire, to the discard for its
    ability, pay with it to protect one of ``protect``, discard it."""

    empire: bool = False
    ability: bool = False
    protect: list[int] = []
    discard: bool = False


class ReactionView(BaseModel):
    player: int  # who may block
    by: int
    card: CardView  # the Judge or Policeman
    until_ms: int
    take: CardView | None = None  # the Policeman's chosen card


class CandyView(View):
    """What one player (or, with ``viewer`` None, the group board) may see."""

    seq: int
    phase: Phase
    game_no: int
    games: int  # 1, or 5 in a big game
    seats: list[int]
    left: list[int]
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
