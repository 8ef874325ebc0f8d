"""Smash Up options, state, actions and views: records (options: a pydantic
model), one JSON document.

Cards are instances numbered 0..N-1 (``uid``); ``SmashUpState.cards[uid]`` is
the card id (a faction card, a base, or ``madness``).  Bases are cards too:
the ones in play are ``bases`` (each with the minions and actions on it), the
rest lie in ``base_deck`` or ``base_discard``.  Every list of uids that is a
pile keeps its top at the end.

The state is a mutable record (``@record``) whose piles are lists.  Every
other part is a value (``@record(value=True)``), replaced instead of changed,
so a clone shares it: what is in play (``bases``: tuples of base, minion and
attached-action slots; ``effects.G`` replaces the slots a change touches), the
temporary effects, the credits, the plays, the window, the tasks on the
stack; and every action and view.  That what is in play is shared until it
changes is also what lets ``board`` remember, per ``bases`` tuple, where each
card is and each minion's power (``Known``: kept on the state itself, as an
opaque slot: this module imports nothing of the package, ``board`` reads it).
"""

from __future__ import annotations

from typing import Any, Literal
from weakref import ReferenceType

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Answer, Leave, PlayerAction, PromptValue, State, View, record

_new = object.__new__

DEFAULT_GOAL = 15
HAND_LIMIT = 10
HAND_SIZE = 5

# 1: before the core's prompt queue (a prompt held the Task it resumed; the
# Me-First window counted responders by position).  2: the core's queue (a
# ``Pending`` names the resume step ``TASK_STEP`` and carries the Task as
# JSON); the window names its responder and who passed by player id.
# 3: two timers (``response_timer_ms`` beside ``turn_timer_ms``, whose default
# is no longer 0) and the ``timeouts`` counts; a stored table keeps its timing.
SCHEMA_VERSION = 3
TASK_STEP = "task"  # the one resume step: the answered prompt's Task goes on


class SmashUpOptions(BaseModel):
    """Table options.  ``boxes``/``factions``: what may be drafted (None: all of
    the registered ones); the base deck is every base of ``boxes``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: tuple[str, ...] | None = None
    factions: tuple[str, ...] | None = None
    goal: int = Field(DEFAULT_GOAL, ge=1, le=100)
    # [decision] two timers, each for one decision at a time (every change
    # restarts it); 0 = no timer.  ``turn_timer_ms``: the setup's decisions
    # (draft, mulligan) and the current player's (their play phase, a
    # question of theirs).  ``response_timer_ms``: a question asked of a
    # player on someone else's turn (a Me-First window, a card asking another
    # player), while the current player has nothing to decide.  On timeout: a
    # prompt takes its default answer (its first ``min`` options: a "may"
    # declines; the discard down to 10: cards at random), the play phase ends.
    turn_timer_ms: int = Field(120_000, ge=0, le=3_600_000)
    response_timer_ms: int = Field(30_000, ge=0, le=3_600_000)
    # snake: 1..n then n..1, one faction a pick; random: two factions each at random
    draft: Literal["snake", "random"] = "snake"
    # [decision] False: several players may take the same faction (one box per
    # player, as the rulebooks allow with several boxes), never one player twice
    unique_factions: bool = False


# --- the pieces of a state ---------------------------------------------------


@record(value=True)
class Task:
    """One pending step of the engine: ability code keyed by ``card`` (a card
    id, a base id, or ``core``) and ``step``, resumed with ``data``.

    ``player`` is "you" for that ability (its card's controller); ``src`` is the
    card instance whose ability it is (-1: none).  ``data`` must stay JSON:
    str keys; ints, strs, bools, lists and dicts of those.  The answer of a
    prompt arrives in ``data["picks"]``.

    A value: a task on the stack is shared by the states that hold it; the
    engine runs a private copy of it (``tasks.run``), which its handler may
    change freely.
    """

    card: str
    step: str
    player: int = -1
    src: int = -1
    data: dict[str, Any] = {}
    resume: bool = False  # the continuation of an answered prompt: runs at once

    @staticmethod
    def make(card: str, step: str, player: int, src: int, data: dict[str, Any], resume: bool = False) -> Task:
        """A task, made without the keyword constructor's overhead (the engine
        makes several for every action)."""
        t = _new(Task)
        t.card = card
        t.step = step
        t.player = player
        t.src = src
        t.data = data
        t.resume = resume
        return t

    @property
    def picks(self) -> list[Any]:
        return list(self.data.get("picks", ()))

    def pick(self) -> Any:
        """The single pick (None when the prompt was declined or had no options)."""
        picks = self.data.get("picks")
        return picks[0] if picks else None


# what a step returns: nothing, the next task, or the tasks to run in that order (``tasks``)
Then = Task | list[Task] | None


@record(value=True)
class Attached:
    """An action in play on a minion or a base; ``controller`` played it.
    ``data``: what its ability keeps on it (replaced, never changed in place)."""

    uid: int
    controller: int
    data: dict[str, Any] = {}


@record(value=True)
class MinionSlot:
    uid: int
    controller: int
    attached: tuple[Attached, ...] = ()


@record(value=True)
class BaseSlot:
    uid: int
    minions: tuple[MinionSlot, ...] = ()
    actions: tuple[Attached, ...] = ()


@record(value=True)
class Temp:
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


@record(value=True)
class Credit:
    """A play the current player may still make this turn (docs/rules/smashup.md §4.7).

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


@record(value=True)
class Window:
    """The Me-First window of a scoring base (public).  ``responder``: the
    player whose turn it is to play a Special or pass (None: not started);
    ``passed``: the players who passed since the last Special was played.
    It closes once every player still at the table has passed in a row.
    Players are named by id, never by a position in a list that shrinks
    when someone leaves."""

    base: int
    timing: Literal["before", "after"]
    responder: int | None = None
    passed: list[int] = []


@record(value=True)
class Scoring:
    """The base being scored, and once awarded, each player's place and power."""

    base: int
    places: dict[int, int] = {}
    powers: dict[int, int] = {}


@record(value=True)
class Played:
    """A minion played this turn (for "first time you play a minion here")."""

    player: int
    minion: int
    base: int
    from_hand: bool = True


Phase = Literal["setup", "playing", "over"]


class Known:
    """What the engine works out about a state, kept on the state itself rather
    than in a module (where a search in a thread would meet the event loop).
    No fields: never saved, never compared.  A clone starts with its
    original's; its ``sealed`` names the original, not the clone (``queries.sealed``)."""

    # where everything in play is, worked out for the ``bases`` tuple it names:
    # a ``board.Board`` (``board.board_of``), shared by a clone for as long as it
    # has the same tuple.  Typed ``object``: the data names nothing built on it
    # (this module is the package's leaf; a test holds it to that).
    board: object = None
    # the state itself, once handed out (``queries.seal``): it will not change any more
    sealed: ReferenceType[SmashUpState] | None = None
    public: SmashUpView | None = None  # its public view, once sealed (``game.view``)


@record
class SmashUpState(State, Known):
    game: Literal["smashup"] = "smashup"
    schema_version: int = SCHEMA_VERSION
    options: SmashUpOptions
    seed: int
    rng: int
    phase: Phase = "setup"
    seats: list[int]  # turn order (clockwise), the first player first
    left: list[int] = []
    current: int = -1
    turn: int = 0
    boxes: list[str]
    pool: list[str]  # factions that may be drafted
    madness_on: bool = False
    # uid -> card id: only setup adds cards (a new tuple), so clones share it
    cards: tuple[str, ...] = ()
    owners: list[int] = []  # uid -> owner (-1: none; Madness: whoever holds it)
    factions: dict[int, list[str]] = {}
    hands: dict[int, list[int]] = {}
    decks: dict[int, list[int]] = {}  # top = end
    discards: dict[int, list[int]] = {}
    bases: tuple[BaseSlot, ...] = ()  # in play, in order (replaced when it changes: effects.G)
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
    temps: tuple[Temp, ...] = ()
    stack: list[Task] = []  # the next task is the last one
    window: Window | None = None
    scoring: Scoring | None = None
    deadline_ms: int | None = None
    # per player: their turns in a row that ran out (a tick ended their play
    # phase); any action of their own clears it.  Absent: 0.
    timeouts: dict[int, int] = {}
    winners: list[int] = []


# --- actions -------------------------------------------------------------------


@record(value=True)
class PlayCard(PlayerAction):
    """Play ``card`` from hand: a minion on ``base``; an action on ``minion``,
    on ``base``, or (standard) on nothing."""

    type: Literal["play"] = "play"
    card: int
    base: int | None = None
    minion: int | None = None


@record(value=True)
class UseTalent(PlayerAction):
    """Use the talent of ``card`` (a minion, an attached action or a base)."""

    type: Literal["talent"] = "talent"
    card: int


@record(value=True)
class EndPlays(PlayerAction):
    """Done playing cards: score, draw, end the turn."""

    type: Literal["end"] = "end"


# Every action ``SmashUpGame`` takes (``legal`` lists, ``apply`` accepts, ``decode``
# reads): a play, a talent, the end of one's plays, walking out, and an answer to a
# prompt (the draft, a mulligan, every ability's choice).  The same types as the
# game's handlers (``Rules.actions``): a test says so.
SmashUpAction = PlayCard | UseTalent | EndPlays | Leave | Answer


# --- views ---------------------------------------------------------------------


@record(value=True)
class CardRef:
    uid: int
    card: str


@record(value=True)
class ActionView:
    uid: int
    card: str
    owner: int
    controller: int
    data: dict[str, Any] = {}
    talent_used: bool = False


@record(value=True)
class MinionView:
    uid: int
    card: str
    owner: int
    controller: int
    power: int
    printed: int
    attached: list[ActionView]
    talent_used: bool = False


@record(value=True)
class BaseView:
    uid: int
    card: str
    breakpoint: int
    vp: list[int]
    total: int
    powers: dict[int, int]  # total power per player here
    minions: list[MinionView]
    actions: list[ActionView]
    talent_used: bool = False  # a base's own talent (Cat Fanciers' Alley), used this turn


@record(value=True)
class PlayerView:
    player: int
    vp: int
    factions: list[str]
    hand: int
    deck: int
    discard: list[CardRef]  # discard piles are public
    madness: int  # Madness cards in hand, deck and discard (public knowledge)
    left: bool


# a play credit as the view shows it: the credit itself (a value)
CreditView = Credit


@record(value=True)
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
    credits: list[Credit]  # the current player's plays left
    window: Window | None
    scoring: int | None  # the base being scored
    waiting_for: list[int]
    deadline_ms: int | None
    winners: list[int]
    hand: list[CardRef] | None = None  # the viewer's own cards
    cards: dict[int, str] = {}  # uid -> card id of the viewer's prompt options
    pool: list[str] = []
    # what this turn has seen so far (public): the extra plays made, the minions
    # played, the abilities' per-turn flags; a computer player's imagined world
    # needs them to allow the same plays as the real one
    extras: dict[int, int] = {}
    played: list[Played] = []
    memo: dict[str, int] = {}


PromptOptions = list[PromptValue]


# --- stored by older engines ---------------------------------------------------------


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """A state document of an older schema, in today's shape: version 1 to 2
    (``_migrate_1``), then 2 to 3 (``_migrate_2``)."""
    version = data.get("schema_version", 1)
    if version >= SCHEMA_VERSION:
        return data
    if version < 2:
        data = _migrate_1(data)
    data = _migrate_2(data)
    data["schema_version"] = SCHEMA_VERSION
    return data


def _migrate_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 had one timer, ``turn_timer_ms`` (default 0), for every
    decision.  [decision] A stored table keeps the timing it was playing
    with: a missing ``turn_timer_ms`` stays 0 (the old default: an untimed
    game gets no timer), and its questions off turn keep the turn's timer
    (``response_timer_ms`` = ``turn_timer_ms``: an untimed game stays
    untimed).  The ``timeouts`` counts start empty (the field's default)."""
    options = data.get("options")
    if isinstance(options, dict):
        turn = options.get("turn_timer_ms", 0)
        data["options"] = {
            **options,
            "turn_timer_ms": turn,
            "response_timer_ms": options.get("response_timer_ms", turn),
        }
    return data


def _migrate_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2.

    Version 1 kept its own prompt list (``{prompt, then: Task}``); each open
    prompt becomes a core ``Pending`` resuming ``TASK_STEP`` with the Task as
    its data.  Its Me-First window counted responders by position over the
    players at the table from the current one (``turn``) and the passes in
    a row (``passes``): both become player ids (``responder``, ``passed``),
    in the window, in its open prompt's Task and in a window step waiting on
    the stack.  Under version 1 a player with no usable Special passed
    silently: those silent passes count as passes.
    """
    seats = [int(p) for p in data.get("seats", [])]
    left = {int(p) for p in data.get("left", [])}
    current = int(data.get("current", -1))
    order = _order(seats, left, current)

    def by_id(d: dict[str, Any]) -> dict[str, Any]:
        """A version 1 window's bookkeeping (turn, passes) by player id."""
        turn, passes = int(d.get("turn", 0)), int(d.get("passes", 0))
        out = {k: v for k, v in d.items() if k not in ("turn", "passes")}
        if not order:
            return {**out, "responder": None, "passed": []}
        n = len(order)
        out["responder"] = order[turn % n]
        out["passed"] = [order[(turn - j) % n] for j in range(min(passes, n - 1), 0, -1)]
        return out

    pendings = []
    for x in data.get("prompts", []):
        then = dict(x["then"])
        then.pop("resume", None)
        if then.get("card") == "core" and then.get("step") == "window_pick":
            # the answer is the asked player's (by id); who passed before them rides along
            then["data"] = by_id(dict(then.get("data", {})))
            then["player"] = int(x["prompt"]["player"])
        pendings.append({"prompt": x["prompt"], "then": TASK_STEP, "data": then})
    data["prompts"] = pendings
    stack = []
    for t in data.get("stack", []):
        if t.get("card") == "core" and t.get("step") == "window":
            t = {**t, "data": by_id(dict(t.get("data", {})))}
        stack.append(t)
    data["stack"] = stack
    window = data.get("window")
    if isinstance(window, dict):
        # the live bookkeeping is the open window prompt's (or the waiting step's)
        live = next(
            (p["data"]["data"] for p in pendings if p["data"].get("step") == "window_pick"),
            next((t["data"] for t in reversed(stack) if t.get("step") == "window"), None),
        )
        w = live if live is not None else by_id(window)
        data["window"] = {
            "base": w["base"],
            "timing": w["timing"],
            "responder": w.get("responder"),
            "passed": w.get("passed", []),
        }
    data["schema_version"] = 2
    return data


def _order(seats: list[int], left: set[int], current: int) -> list[int]:
    """Version 1's responder order: the players at the table from the current
    player on (from the first seat when the current player had left)."""
    active = [p for p in seats if p not in left]
    if current in active:
        i = active.index(current)
        active = active[i:] + active[:i]
    return active
