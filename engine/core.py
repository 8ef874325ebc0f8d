"""What every game shares: the protocol, rule errors, events, time, prompts and randomness.

A game is an object with pure functions (``Game``).  State, actions and events
are pydantic models, so a session is one JSON document and a replay is a seed
plus a list of ``(action, now_ms)`` pairs.  Time is always an input: nothing in
an engine reads a clock or does I/O.

The pieces every game speaks in, so that the bot needs no game's rules:

- ``Event``: a fact the referee announces (a locale key and its arguments);
  ``to`` makes it private to one player.
- ``RuleError``: a refused action (a locale key); the state is untouched.
- ``Wait``: whom the game waits on and until when — the player to move, one
  player's reaction window, everyone at once, or setup choices.
- ``Prompt``: a choice a card or ability asks one player for (choose ``min``
  to ``max`` of ``options``); it is part of that player's view, and one
  ``Answer`` action answers it.
- ``View``: what one viewer may see; every view carries ``zone_counts`` (zone
  -> number of cards, summing to every card in the game) and the viewer's own
  ``prompt``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, permutations
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

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


class Event(BaseModel):
    """A fact the referee announces: a locale key and its arguments.

    ``to`` is None for a public fact, or the one player allowed to see it (the
    bot shows it to that player alone).
    """

    model_config = ConfigDict(frozen=True)

    key: str
    args: dict[str, ArgValue] = {}
    to: int | None = None


def event(key: str, to: int | None = None, **args: ArgValue) -> Event:
    """Build an event without re-validating (hot path); the key is a str enum."""
    return Event.model_construct(key=str(key), args=args, to=to)


class Tick(BaseModel):
    """Let time pass: fires every deadline due at ``now_ms``."""

    type: Literal["tick"] = "tick"
    now_ms: int | None = None


Status = Literal["setup", "playing", "over"]


class Outcome(BaseModel):
    """Where a game stands.  ``winners``: who won once it is over (ties share a
    win; empty when nobody did, e.g. everybody left)."""

    status: Status
    winners: list[int] = []
    scores: dict[int, int] = {}


WaitKind = Literal["turn", "reaction", "all", "setup"]


class Wait(BaseModel):
    """Whom the game waits on, and until when (None: no deadline).

    - ``turn``: the player to move (answering a prompt of their turn included);
    - ``reaction``: one player's reaction window (Candy Empire's block, the
      Hedgehog's duty) — the others play on;
    - ``all``: everyone listed at once (Dobble's race, a slap race);
    - ``setup``: choices before play starts (animal picks, a faction draft).

    The bot draws "whose move", the urgency of a hand and "waiting for X" from
    these, for every game alike.
    """

    model_config = ConfigDict(frozen=True)

    kind: WaitKind
    players: list[int]
    until_ms: int | None = None


# --- prompts -------------------------------------------------------------------

PromptValue = int | str


class Prompt(BaseModel):
    """A choice one player must make: ``min`` to ``max`` of ``options``.

    - ``id`` is distinct for every prompt a game raises (a counter in the
      state will do); an answer names it, so a press on an old prompt is stale.
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

    model_config = ConfigDict(frozen=True)

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


class Answer(BaseModel):
    """The one action that answers a prompt: the picks, or ``cancel``."""

    model_config = ConfigDict(frozen=True)

    type: Literal["answer"] = "answer"
    player: int
    prompt: int
    picks: list[PromptValue] = []
    cancel: bool = False


class PromptKey:
    """Locale keys of the refusals every game's prompts share (bot.ftl)."""

    STALE = "core-err-prompt-stale"
    NOT_YOURS = "core-err-prompt-not-yours"
    COUNT = "core-err-prompt-count"  # min, max
    OPTION = "core-err-prompt-option"
    REPEATED = "core-err-prompt-repeated"
    NO_CANCEL = "core-err-prompt-no-cancel"
    NOTHING = "core-err-nothing-to-answer"


def check_answer(prompt: Prompt | None, answer: Answer) -> None:
    """Refuse an answer that does not fit ``prompt`` (the one open for its player).

    What a game checks beyond this (Ninja Turtle's "one value") is its own.
    """
    if prompt is None:
        raise RuleError(PromptKey.NOTHING)
    if answer.player != prompt.player:
        raise RuleError(PromptKey.NOT_YOURS)
    if answer.prompt != prompt.id:
        raise RuleError(PromptKey.STALE)
    if answer.cancel:
        if not prompt.cancel:
            raise RuleError(PromptKey.NO_CANCEL)
        return
    picks = answer.picks
    if not prompt.min <= len(picks) <= prompt.max:
        raise RuleError(PromptKey.COUNT, min=prompt.min, max=prompt.max)
    if len(set(picks)) != len(picks):
        raise RuleError(PromptKey.REPEATED)
    allowed = set(prompt.options)
    if any(p not in allowed for p in picks):
        raise RuleError(PromptKey.OPTION)


MAX_LISTED_ANSWERS = 256


def answers(prompt: Prompt, cap: int = MAX_LISTED_ANSWERS) -> list[Answer]:
    """The answers to list in ``legal``: every selection of ``min``..``max``
    options (in the options' order; every order when ``ordered``), the first
    ``cap`` of them, then the cancel if allowed.  Deterministic, so replays and
    property tests agree; a game whose prompt allows more selections than
    ``cap`` still accepts every valid one."""
    out: list[Answer] = []
    opts = list(prompt.options)
    for n in range(prompt.min, min(prompt.max, len(opts)) + 1):
        pick_sets: Any = permutations(opts, n) if prompt.ordered else combinations(opts, n)
        for picks in pick_sets:
            if len(out) >= cap:
                break
            out.append(Answer.model_construct(player=prompt.player, prompt=prompt.id, picks=list(picks)))
    if prompt.cancel:
        out.append(Answer.model_construct(player=prompt.player, prompt=prompt.id, picks=[], cancel=True))
    return out


# --- views -----------------------------------------------------------------------


class View(BaseModel):
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
        return list(type(self).model_fields)


def hand_zone(player: int) -> str:
    return f"hand:{player}"


# --- the protocol ------------------------------------------------------------------

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A")
V = TypeVar("V", bound=View, covariant=True)
O = TypeVar("O", bound=BaseModel)  # noqa: E741 - the options type


class Game(Protocol[S, A, V, O]):
    """The protocol every game implements (state, action, view, options types).

    - ``options(raw)``: the table options, validated (a ``RuleError`` when bad);
    - ``start(players, seed, options, now_ms)``: a new game — in its setup
      phase when it has one (its legal actions are the setup choices);
    - ``legal(state, player)``: what the player may do now (what a keyboard may
      offer, what a computer player chooses from);
    - ``apply(state, action, now_ms)``: the one door through which a game
      changes; an illegal action raises ``RuleError`` and changes nothing;
      ``Tick`` lets time pass;
    - ``view(state, viewer)``: what one player (None: the public) may see;
    - ``next_deadline(state)``: when time alone will change the game;
    - ``waiting(state)``: whom the game waits on;
    - ``outcome(state)``: setup, playing or over, and the winners;
    - ``parse_action``/``load``/``dump``: actions and states to and from JSON.

    ``keys``: every locale key the engine may put in an event, a rule error or
    a prompt; ``sample_args``: a plausible value for each argument they take
    (the locale tests format every key with them).
    """

    name: str
    min_players: int
    max_players: int
    keys: ClassVar[Sequence[str]]
    sample_args: ClassVar[Mapping[str, ArgValue]]

    def options(self, raw: Mapping[str, Any] | BaseModel | None = None) -> O: ...

    def start(self, players: list[int], seed: int, options: O, now_ms: int = 0) -> tuple[S, list[Event]]: ...

    def legal(self, state: S, player: int) -> list[A]: ...

    def apply(self, state: S, action: A | Tick, now_ms: int) -> tuple[S, list[Event]]: ...

    def view(self, state: S, viewer: int | None = None) -> V: ...

    def next_deadline(self, state: S) -> int | None: ...

    def waiting(self, state: S) -> list[Wait]: ...

    def outcome(self, state: S) -> Outcome: ...

    def parse_action(self, data: Any) -> A: ...

    def load(self, data: str | bytes | Mapping[str, Any]) -> S: ...

    def dump(self, state: S) -> str: ...


AnyGame = Game[Any, Any, Any, Any]

SM = TypeVar("SM", bound=BaseModel)
OM = TypeVar("OM", bound=BaseModel)


class Models(Generic[SM, OM]):
    """What every game does alike with its pydantic models: table options from a
    dict, the player list checked, states and actions to and from JSON.  A game
    names its models and its two refusal keys; anything malformed is a
    ``RuleError``, never a pydantic traceback."""

    State: type[SM]
    Options: type[OM]
    _actions: ClassVar[TypeAdapter[Any]]
    _bad_action: ClassVar[str]
    _bad_options: ClassVar[str]

    def options(self, raw: Mapping[str, Any] | BaseModel | None = None) -> OM:
        if raw is None:
            return self.Options()
        if isinstance(raw, self.Options):
            return raw
        try:
            return self.Options.model_validate(raw.model_dump() if isinstance(raw, BaseModel) else raw)
        except ValidationError as e:
            raise RuleError(self._bad_options) from e

    def _players(self, players: Sequence[int]) -> list[int]:
        """The seats, or a ``RuleError`` for anything but a sequence of ints."""
        if not isinstance(players, list | tuple) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in players
        ):
            raise RuleError(self._bad_action)
        return list(players)

    def load(self, data: str | bytes | Mapping[str, Any]) -> SM:
        if isinstance(data, Mapping):
            return self.State.model_validate(data)
        return self.State.model_validate_json(data)

    def dump(self, state: SM) -> str:
        return state.model_dump_json()

    def parse_action(self, data: Any) -> Any:
        """An action from a dict or JSON; a malformed one is a RuleError."""
        try:
            if isinstance(data, str | bytes):
                return self._actions.validate_json(data)
            return self._actions.validate_python(data)
        except ValidationError as e:
            raise RuleError(self._bad_action) from e


# --- randomness -----------------------------------------------------------
# splitmix64: tiny, fast, and stable across Python versions, so a replay made
# today gives the same game tomorrow.  Its whole state is one int in the state.

_MASK = (1 << 64) - 1


def rng_seed(seed: int) -> int:
    return seed & _MASK


def rng_next(state: int) -> tuple[int, int]:
    """Return (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def rng_below(state: int, n: int) -> tuple[int, int]:
    """Return (new state, a uniform int in [0, n))."""
    if n <= 0:
        raise ValueError(n)
    limit = _MASK - (_MASK % n)
    while True:
        state, out = rng_next(state)
        if out < limit:
            return state, out % n


def rng_shuffle(state: int, items: list[Any]) -> int:
    """Shuffle ``items`` in place (Fisher–Yates); return the new rng state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = rng_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
