"""What every game speaks in, so that the bot needs no game's rules.

- ``Event``: a fact the referee announces (a locale key and its arguments);
  ``to`` makes it private to one player.
- ``RuleError``: a refused action (a locale key); the state is untouched.
- ``Tick``: let time pass.  ``PlayerAction``: what every player's action is
  (``player`` and a ``type`` tag); ``Leave``: walking out, in every game.
- ``Wait``: whom the game waits on and until when.
- ``Outcome``: setup, playing or over, and the winners.
- ``View``: what one viewer may see; every view carries ``zone_counts`` (zone
  -> number of cards, summing to every card in the game) and the viewer's own
  ``prompt``.
- ``Game``: the protocol every game implements (``engine.core.rules.Rules``
  implements the part every game shares).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol, TypeVar

from pydantic import BaseModel

from engine.core.records import record

ArgValue = int | str | bool | None | list[int] | list[str]


class RuleError(Exception):
    """An action the rules do not allow.  Carries a locale key and its arguments.

    Raising it never changes the state: ``apply`` works on a copy.
    """

    def __init__(self, key: str, **params: ArgValue) -> None:
        super().__init__(key)
        self.key = str(key)
        self.params: dict[str, ArgValue] = params

    def __repr__(self) -> str:
        return f"RuleError({self.key!r}, {self.params!r})"


@record(value=True)
class Event:
    """A fact the referee announces: a locale key and its arguments.

    ``to`` is None for a public fact, or the one player allowed to see it (the
    bot shows it to that player alone).
    """

    key: str
    args: dict[str, ArgValue] = {}
    to: int | None = None


@record(value=True)
class Tick:
    """Let time pass: fires every deadline due at ``now_ms``."""

    type: Literal["tick"] = "tick"
    now_ms: int | None = None


@record(value=True)
class PlayerAction:
    """What every player's action has: who does it.  A game's action is a
    value record deriving from it with a ``type`` tag (``Literal``) and its
    own fields; ``engine.core.codec`` derives its button code from them."""

    player: int

    def evident(self) -> bool:
        """Whether the action says all it means: it names what it was aimed at
        (a top card, a reveal), so a press of it means the same whenever it
        arrives and the rules refuse it once that is gone ("too late").  An
        action that is not (draw, pass) counts only if pressed on the keyboard
        its player sees now."""
        return False


@record(value=True)
class Leave(PlayerAction):
    """Walk out of the game (each game's rules say what becomes of one's cards)."""

    type: Literal["leave"] = "leave"

    def evident(self) -> bool:
        return True  # leaving means the same whenever it is pressed


Status = Literal["setup", "playing", "over"]


@record(value=True)
class Outcome:
    """Where a game stands.  ``winners``: who won once it is over (ties share a
    win; empty when nobody did, e.g. everybody left); ``scores`` rank the players
    (the higher the better); ``scored``: whether the scores are worth showing
    as such (a one-race Dobble game ranks by place alone)."""

    status: Status
    winners: Sequence[int] = []
    scores: Mapping[int, int] = {}
    scored: bool = True


WaitKind = Literal["turn", "reaction", "all", "setup"]


@record(value=True)
class Wait:
    """Whom the game waits on, and until when (None: no deadline).

    - ``turn``: the player to move (answering a prompt of their turn included);
    - ``reaction``: one player's reaction window (Candy Empire's block, the
      Hedgehog's duty, a Me First! answer) — the others play on;
    - ``all``: everyone listed at once (Dobble's race, a slap race);
    - ``setup``: choices before play starts (animal picks, a faction draft).

    The bot draws "whose move", the urgency of a hand and "waiting for X" from
    these, for every game alike.
    """

    kind: WaitKind
    players: list[int]
    until_ms: int | None = None


# --- prompts --------------------------------------------------------------------------------

PromptValue = int | str


@record(value=True)
class Prompt:
    """A choice one player must make: ``min`` to ``max`` of ``options``.

    - ``id`` is distinct for every prompt a game raises (``State.prompt_seq``);
      an answer names it, so a press on an old prompt is stale.
    - ``key``/``args``: the question, a locale key of the game.
    - ``kind`` tells the bot what the options are, so that it can label them:
      ``player``, ``card``, ``color``, ``choice`` (a locale key suffix) or any
      kind the game's adapter knows.
    - ``min`` 0 makes the choice optional (answering with nothing declines);
      ``skip_key`` names that answer's button when it needs a better word than
      "skip" (a game locale key).
    - ``ordered``: the order of the picks matters (the first picked first).
    - ``cancel``: the whole move the prompt belongs to may still be abandoned.
    """

    id: int
    player: int
    key: str
    args: dict[str, ArgValue] = {}
    kind: str
    options: list[PromptValue]
    min: int = 1
    max: int = 1
    ordered: bool = False
    cancel: bool = False
    skip_key: str | None = None


@record(value=True)
class Answer(PlayerAction):
    """The one action that answers a prompt: the picks, or ``cancel``."""

    type: Literal["answer"] = "answer"
    prompt: int
    picks: list[PromptValue] = []
    cancel: bool = False

    def evident(self) -> bool:
        return True  # it names its prompt: an answer to an old one is refused


@record(value=True)
class Pending:
    """An open prompt in a state's queue, and what its answer resumes: the
    game's resume step ``then`` (a name in its ``resumes`` table), with
    ``data`` it left for it (JSON)."""

    prompt: Prompt
    then: str
    data: dict[str, Any] = {}


@record
class State:
    """What every game's state has: ``seq`` counts applied changes (a press
    names the state it was made in), ``clock_ms`` is the time of the latest,
    ``prompts`` is the queue of open prompts and ``prompt_seq`` numbers them."""

    seq: int = 0
    clock_ms: int = 0
    prompts: list[Pending] = []
    prompt_seq: int = 0


def hand_zone(player: int) -> str:
    """The zone of ``player``'s hand in ``View.zone_counts`` (a view asks it for every seat)."""
    zone = _HAND_ZONES.get(player)
    if zone is None:
        if len(_HAND_ZONES) >= 1 << 16:
            _HAND_ZONES.clear()
        zone = _HAND_ZONES[player] = f"hand:{player}"
    return zone


_HAND_ZONES: dict[int, str] = {}


# --- views --------------------------------------------------------------------------------


@record(value=True)
class View:
    """Base of what one viewer (None: the public) may see.

    ``zone_counts``: zone -> number of cards there, summing to every card in
    the game (hands as ``hand:<player>``).  ``prompt``: the choice the viewer
    must make now, if any (never another player's).
    """

    viewer: int | None = None
    zone_counts: dict[str, int] = {}
    prompt: Prompt | None = None

    def __getitem__(self, name: str) -> Any:
        try:
            return getattr(self, name)
        except AttributeError:
            raise KeyError(name) from None

    def get(self, name: str, default: Any = None) -> Any:
        return getattr(self, name, default)

    def keys(self) -> list[str]:
        return [f for f in self.__dataclass_fields__]


# --- what a screen is drawn from ------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Sight:
    """All one player's screen (None: the public board) is drawn from, asked of the
    game at once (``sight``): the view, their legal actions, whom the game
    waits on, each plain legal action's code (a button's data: ``codes``), and
    the codes of those that are not evident (``PlayerAction.evident``) — what a
    keyboard offers that a press of it must still mean (``aimed``)."""

    view: Any
    legal: Sequence[Any]
    waits: list[Wait]
    codes: Mapping[Any, str]
    aimed: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Standing:
    """Where a game stands, asked of the game at once (``standing``): its outcome,
    whom it waits on, and when time alone will change it (``next_deadline``) —
    what a table does after each change (the end noticed, nudges, its timer)."""

    outcome: Outcome
    waits: list[Wait]
    deadline: int | None


# --- the protocol -------------------------------------------------------------------------

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V", bound=View, covariant=True)
O = TypeVar("O", bound=BaseModel)  # noqa: E741 - the options type


class Game(Protocol[S, A, V, O]):
    """The protocol every game implements (state, action, view, options types).

    - ``options(raw)``: the table options, validated (a ``RuleError`` when bad);
    - ``start(players, seed, options, now_ms)``: a new game — in its setup
      phase when it has one (its legal actions are the setup choices);
    - ``legal(state, player)``: everything the player may do now, complete: a
      large prompt's answers are enumerated lazily (``engine.core.Moves``);
    - ``is_legal(state, action)``: whether ``apply`` would accept it, cheaply;
    - ``apply(state, action, now_ms)``: the one door through which a game
      changes; an illegal action raises ``RuleError`` and changes nothing;
      ``Tick`` lets time pass, and a deadline already due fires first;
    - ``view(state, viewer)``: what one player (None: the public) may see;
    - ``next_deadline(state)``: when time alone will change the game;
    - ``waiting(state)``: whom the game waits on;
    - ``outcome(state)``: setup, playing or over, and the winners;
    - ``standing(state)``: its outcome, waits and next deadline in one call;
    - ``encode(action)`` / ``decode(code, player)``: an action as a short
      string (a button's data) and back; ``encode_all(actions)``, a screen's
      buttons' codes in one call;
    - ``parse_action``/``load``/``dump``: actions and states to and from JSON.

    ``keys``: every locale key the engine may put in an event, a rule error or
    a prompt; ``sample_args``: a plausible value for each argument they take
    (the locale tests format every key with them).  What a table needs to know
    of a game's words, as data: ``player_args``, the argument names that carry
    a player; ``fleeting``, the keys of events no screen keeps: private ones
    the answer to the press tells, public ones whose effect the board shows
    (a log line for each would repeat it); ``spoken``, the type tag
    of the action a player's message in the group chat is, when legal (None:
    messages do not matter to the game).
    """

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    keys: ClassVar[Sequence[str]]
    sample_args: ClassVar[Mapping[str, ArgValue]]
    player_args: ClassVar[frozenset[str]]
    fleeting: ClassVar[frozenset[str]]
    spoken: ClassVar[str | None]

    def options(self, raw: Mapping[str, Any] | BaseModel | None = None) -> O: ...

    def start(self, players: list[int], seed: int, options: O, now_ms: int = 0) -> tuple[S, list[Event]]: ...

    def legal(self, state: S, player: int) -> Sequence[A]: ...

    def is_legal(self, state: S, action: A) -> bool: ...

    def apply(self, state: S, action: A | Tick, now_ms: int) -> tuple[S, list[Event]]: ...

    def view(self, state: S, viewer: int | None = None) -> V: ...

    def next_deadline(self, state: S) -> int | None: ...

    def waiting(self, state: S) -> list[Wait]: ...

    def outcome(self, state: S) -> Outcome: ...

    def standing(self, state: S) -> Standing: ...

    def encode(self, action: A) -> str: ...

    def encode_all(self, actions: Sequence[A]) -> list[str]: ...

    def decode(self, code: str, player: int) -> A: ...

    def parse_action(self, data: Any) -> A: ...

    def load(self, data: str | bytes | Mapping[str, Any]) -> S: ...

    def dump(self, state: S) -> str: ...


AnyGame = Game[Any, Any, Any, Any]
