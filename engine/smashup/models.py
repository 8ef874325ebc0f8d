"""Smash Up options, state, actions and views: pydantic models, one JSON document.

Cards are instances numbered 0..N-1 (``uid``); ``SmashUpState.cards[uid]`` is
the card id (a faction card, a base, or ``madness``).  Bases are cards too:
the ones in play are ``bases`` (each with the minions and actions on it), the
rest lie in ``base_deck`` or ``base_discard``.  Every list of uids that is a
pile keeps its top at the end.
"""

from __future__ import annotations

import copy
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Answer, Prompt, PromptValue, Tick, View

DEFAULT_GOAL = 15
HAND_LIMIT = 10
HAND_SIZE = 5


class SmashUpOptions(BaseModel):
    """Table options.  ``boxes``/``factions``: what may be drafted (None: all of
    the registered ones); the base deck is every base of ``boxes``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: tuple[str, ...] | None = None
    factions: tuple[str, ...] | None = None
    goal: int = Field(DEFAULT_GOAL, ge=1, le=100)
    # [decision] a player's time for each decision (a move of the play phase or
    # a prompt); 0 = no timer.  On timeout: a prompt takes its default answer
    # (its first ``min`` options: a "may" declines), the play phase ends.
    turn_timer_ms: int = Field(0, ge=0, le=3_600_000)
    # snake: 1..n then n..1, one faction a pick; random: two factions each at random
    draft: Literal["snake", "random"] = "snake"
    # [decision] False: several players may take the same faction (one box per
    # player, as the rulebooks allow with several boxes), never one player twice
    unique_factions: bool = False


# --- the pieces of a state ---------------------------------------------------


class Task(BaseModel):
    """One pending step of the engine: ability code keyed by ``card`` (a card
    id, a base id, or ``core``) and ``step``, resumed with ``data``.

    ``player`` is "you" for that ability (its card's controller); ``src`` is the
    card instance whose ability it is (-1: none).  ``data`` must stay JSON:
    str keys; ints, strs, bools, lists and dicts of those.  The answer of a
    prompt arrives in ``data["picks"]``.
    """

    card: str
    step: str
    player: int = -1
    src: int = -1
    data: dict[str, Any] = {}
    resume: bool = False  # the continuation of an answered prompt: runs at once

    @property
    def picks(self) -> list[Any]:
        return list(self.data.get("picks", []))

    def pick(self) -> Any:
        """The single pick (None when the prompt was declined or had no options)."""
        picks = self.data.get("picks", [])
        return picks[0] if picks else None


class Attached(BaseModel):
    """An action in play on a minion or a base; ``controller`` played it."""

    uid: int
    controller: int
    data: dict[str, Any] = {}


class MinionSlot(BaseModel):
    uid: int
    controller: int
    attached: list[Attached] = []


class BaseSlot(BaseModel):
    uid: int
    minions: list[MinionSlot] = []
    actions: list[Attached] = []


class Temp(BaseModel):
    """A temporary effect.  ``power``: ``amount`` on minion ``target``;
    ``control``: ``by`` controls ``target``, which goes back to ``prev``.
    ``until``: ``end_turn`` (this turn's end) or ``start_turn`` of ``player``."""

    kind: Literal["power", "control"]
    target: int
    by: int
    src: str
    amount: int = 0
    prev: int = -1
    until: Literal["end_turn", "start_turn"] = "end_turn"
    player: int = -1


class Credit(BaseModel):
    """A play the current player may still make this turn (§4.7).

    ``minion``/``action``: what it may be spent on; a minion play may be
    constrained to one ``base``, to a base where the player already has a
    minion (``where_own``), or to a power at most ``max_power``.  ``extra``:
    an extra play (what Eliza counts), not the turn's own.
    """

    minion: bool = False
    action: bool = False
    extra: bool = True
    base: int | None = None
    where_own: bool = False
    max_power: int | None = None
    names: list[str] | None = None  # the minion must be one of these card ids
    source: str = ""


class Pending(BaseModel):
    """An open prompt and the task its answer resumes."""

    prompt: Prompt
    then: Task


class Window(BaseModel):
    """The Me-First window of a scoring base: ``turn`` counts responders from
    the current player; it closes when every active player passes in a row."""

    base: int
    timing: Literal["before", "after"]
    turn: int = 0
    passes: int = 0


class Scoring(BaseModel):
    """The base being scored, and once awarded, each player's place and power."""

    base: int
    places: dict[int, int] = {}
    powers: dict[int, int] = {}


class Played(BaseModel):
    """A minion played this turn (for "first time you play a minion here")."""

    player: int
    minion: int
    base: int
    from_hand: bool = True


Phase = Literal["setup", "playing", "over"]


class SmashUpState(BaseModel):
    game: Literal["smashup"] = "smashup"
    schema_version: int = 1
    options: SmashUpOptions
    seed: int
    rng: int
    seq: int = 0
    clock_ms: int = 0
    phase: Phase = "setup"
    seats: list[int]  # turn order (clockwise), the first player first
    left: list[int] = []
    current: int = -1
    turn: int = 0
    boxes: list[str]
    pool: list[str]  # factions that may be drafted
    madness_on: bool = False
    cards: list[str] = []  # uid -> card id
    owners: list[int] = []  # uid -> owner (-1: none; Madness: whoever holds it)
    factions: dict[int, list[str]] = {}
    hands: dict[int, list[int]] = {}
    decks: dict[int, list[int]] = {}  # top = end
    discards: dict[int, list[int]] = {}
    bases: list[BaseSlot] = []
    base_deck: list[int] = []
    base_discard: list[int] = []
    madness: list[int] = []  # the Madness deck
    aside: list[int] = []  # cards being played or revealed mid-resolution (public)
    vp: dict[int, int] = {}
    credits: list[Credit] = []
    extras: dict[int, int] = {}  # extra plays made this turn, per player
    talents: list[int] = []  # uids whose talent was used this turn
    played: list[Played] = []
    memo: dict[str, int] = {}  # per-turn flags of abilities ("seastar:3")
    temps: list[Temp] = []
    stack: list[Task] = []  # the next task is the last one
    prompts: list[Pending] = []
    prompt_seq: int = 0
    window: Window | None = None
    scoring: Scoring | None = None
    deadline_ms: int | None = None
    winners: list[int] = []

    def clone(self) -> SmashUpState:
        """A copy whose containers may be mutated without touching ``self``
        (the frozen and never-mutated pieces are shared)."""
        new = self.model_copy()
        d = new.__dict__
        for name in ("seats", "left", "cards", "owners", "base_deck", "base_discard", "madness", "aside"):
            d[name] = list(d[name])
        for name in ("credits", "talents", "played", "temps", "prompts", "winners", "pool", "boxes"):
            d[name] = list(d[name])
        for name in ("hands", "decks", "discards", "factions"):
            d[name] = {p: list(v) for p, v in d[name].items()}
        for name in ("vp", "extras", "memo"):
            d[name] = dict(d[name])
        d["bases"] = [_copy_base(b) for b in self.bases]
        d["stack"] = [_copy_task(t) for t in self.stack]
        return new


def _copy_attached(a: Attached) -> Attached:
    new = a.model_copy()
    new.__dict__["data"] = dict(a.data)
    return new


def _copy_base(b: BaseSlot) -> BaseSlot:
    new = b.model_copy()
    minions = []
    for m in b.minions:
        mc = m.model_copy()
        mc.__dict__["attached"] = [_copy_attached(a) for a in m.attached]
        minions.append(mc)
    new.__dict__["minions"] = minions
    new.__dict__["actions"] = [_copy_attached(a) for a in b.actions]
    return new


def _copy_task(t: Task) -> Task:
    new = t.model_copy()
    new.__dict__["data"] = copy.deepcopy(t.data)
    return new


# --- actions -------------------------------------------------------------------


class PlayCard(BaseModel):
    """Play ``card`` from hand: a minion on ``base``; an action on ``minion``,
    on ``base``, or (standard) on nothing."""

    model_config = ConfigDict(frozen=True)
    type: Literal["play"] = "play"
    player: int
    card: int
    base: int | None = None
    minion: int | None = None


class UseTalent(BaseModel):
    """Use the talent of ``card`` (a minion, an attached action or a base)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["talent"] = "talent"
    player: int
    card: int


class EndPlays(BaseModel):
    """Done playing cards: score, draw, end the turn."""

    model_config = ConfigDict(frozen=True)
    type: Literal["end"] = "end"
    player: int


class Leave(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["leave"] = "leave"
    player: int


PlayerAction = PlayCard | UseTalent | EndPlays | Leave | Answer
SmashUpAction = Annotated[
    PlayCard | UseTalent | EndPlays | Leave | Answer | Tick,
    Field(discriminator="type"),
]


# --- views ---------------------------------------------------------------------


class CardRef(BaseModel):
    uid: int
    card: str


class ActionView(BaseModel):
    uid: int
    card: str
    owner: int
    controller: int
    data: dict[str, Any] = {}
    talent_used: bool = False


class MinionView(BaseModel):
    uid: int
    card: str
    owner: int
    controller: int
    power: int
    printed: int
    attached: list[ActionView]
    talent_used: bool = False


class BaseView(BaseModel):
    uid: int
    card: str
    breakpoint: int
    vp: list[int]
    total: int
    powers: dict[int, int]  # total power per player here
    minions: list[MinionView]
    actions: list[ActionView]


class PlayerView(BaseModel):
    player: int
    vp: int
    factions: list[str]
    hand: int
    deck: int
    discard: list[CardRef]  # discard piles are public
    madness: int  # Madness cards in hand, deck and discard (public knowledge)
    left: bool


class CreditView(BaseModel):
    minion: bool
    action: bool
    extra: bool
    base: int | None
    where_own: bool
    max_power: int | None
    names: list[str] | None = None
    source: str


class SmashUpView(View):
    seq: int
    phase: Phase
    seats: list[int]
    current: int | None
    turn: int
    goal: int
    players: list[PlayerView]
    bases: list[BaseView]
    base_deck: int
    base_discard: list[str]
    madness_deck: int | None  # None: no Madness in this game
    aside: list[CardRef]
    credits: list[CreditView]  # the current player's plays left
    window: Window | None
    scoring: int | None  # the base being scored
    waiting_for: list[int]
    deadline_ms: int | None
    winners: list[int]
    hand: list[CardRef] | None = None  # the viewer's own cards
    cards: dict[int, str] = Field(default_factory=dict)  # uid -> card id of the viewer's prompt options
    pool: list[str] = Field(default_factory=list)


PromptOptions = list[PromptValue]
