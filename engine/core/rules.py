"""``Rules``: what every game's rules object does alike, written once.

In the spirit of boardgame.io's ``moves``: a game writes a handler per action
type (``@move``), a resume step per kind of prompt answer (``@resume``), what
time does (``deadline``, ``tick``) and its view; ``Rules`` supplies the rest
of the ``Game`` protocol:

- the template ``apply``: validate the action type (a dict, JSON or a code is
  parsed first), advance the clock, fire the deadlines already due, refuse a
  finished game, copy the state (``engine.core.records.clone``, derived from
  its annotations), dispatch to the handler, let the game settle, bump ``seq``;
- the prompt queue (``engine.core.prompts``): an ``Answer`` is checked
  against the open prompt and resumes the step that asked;
- ``legal`` complete (a prompt's answers lazily, ``Moves``), ``is_legal``;
- options, players, states and actions to and from JSON, and the action codec.

A handler changes the copy in place and raises ``RuleError`` to refuse; the
caller's state is never touched.
"""

from __future__ import annotations

import functools
import json
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Final, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from engine.core.codec import Codec, CodecError
from engine.core.moves import Answers, Moves
from engine.core.prompts import PromptKey, check_answer, fits, pending_of
from engine.core.protocol import (
    Answer,
    Event,
    Outcome,
    Pending,
    PlayerAction,
    RuleError,
    Standing,
    Tick,
    Wait,
)
from engine.core.records import copier, dump, load

MAX_TICKS: Final = 100_000

A = TypeVar("A")
S = TypeVar("S", bound="StateLike")
O = TypeVar("O", bound=BaseModel)  # noqa: E741 - the options type
F = TypeVar("F", bound=Callable[..., Any])
Out = list[Event]


class StateLike(Protocol):
    """What ``Rules`` needs of a state: ``State``'s fields (a record, copied by
    ``engine.core.records.clone``).  A native record (``engine.core.records``:
    compiled, so it cannot derive from the ``@record`` ``State``) declares the
    four fields itself."""

    seq: int
    clock_ms: int
    prompts: list[Pending]
    prompt_seq: int


_MOVES: Final[dict[Any, tuple[type, ...]]] = {}  # a handler -> the action types it handles
_RESUMES: Final[dict[Any, tuple[str, ...]]] = {}  # a resume step -> the prompts' ``then`` names


def move(*types: type) -> Callable[[F], F]:
    """Mark a method as the handler of these action types:
    ``handler(self, s, action, now, out)`` changes ``s`` or raises ``RuleError``."""

    def mark(fn: F) -> F:
        _MOVES[fn] = types  # a table, not an attribute: a compiled function takes none
        return fn

    return mark


def resume(*names: str) -> Callable[[F], F]:
    """Mark a method as the step an answer to a prompt asked with ``then=name``
    (one of ``names``) resumes: ``step(self, s, pending, answer, now, out)``."""

    def mark(fn: F) -> F:
        _RESUMES[fn] = names
        return fn

    return mark


def interned(make: Callable[..., A], limit: int = 1 << 16) -> Callable[..., A]:
    """``make`` remembered by its (positional, hashable) arguments, in a bounded
    cache: actions are values, so ``moves`` may hand out the same few objects
    again instead of making them anew on every call."""
    made: dict[tuple[Any, ...], A] = {}

    def get(*key: Any) -> A:
        action = made.get(key)
        if action is None:
            if len(made) >= limit:
                made.clear()
            action = made[key] = make(*key)
        return action

    return get


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled; the games not compiled derive from it
class Rules(Generic[S, A, O]):
    """The shared half of every game (see the module's docstring).

    A game sets ``name``, ``min_players``/``max_players``, ``keys`` and
    ``sample_args`` (the locale tests format every key with them), ``State``
    and ``Options``, ``bad_action``/``bad_options``/``over_key`` (its refusal
    keys), ``player_args``/``fleeting``/``spoken`` where they differ from the
    defaults (see ``engine.core.protocol.Game``), and writes ``new``, its
    handlers, ``moves``, ``view``, ``waiting``, ``outcome``, ``finished`` and,
    where time matters, ``deadline`` and ``tick``.
    """

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    keys: ClassVar[Sequence[str]]
    sample_args: ClassVar[Mapping[str, Any]]
    State: ClassVar[type[Any]]
    Options: ClassVar[type[Any]]
    bad_action: ClassVar[str]
    bad_options: ClassVar[str]
    over_key: ClassVar[str]
    schema_version: ClassVar[int] = 1
    player_args: ClassVar[frozenset[str]] = frozenset({"player"})
    fleeting: ClassVar[frozenset[str]] = frozenset()
    spoken: ClassVar[str | None] = None

    _moves: ClassVar[dict[type, Callable[..., None]]]
    _resumes: ClassVar[dict[str, Callable[..., None]]]
    _checks: ClassVar[bool] = True
    _befores: ClassVar[bool] = True
    _settles: ClassVar[bool] = True
    _codec: Codec | None = None
    _parser: TypeAdapter[Any] | None = None

    def __init__(self) -> None:
        # the class's tables and hooks, read on every apply: an instance's own
        # attributes are read natively (compiled), a class's by name
        cls = type(self)
        self._handlers: dict[type, Callable[..., None]] = cls._moves
        self._steps: dict[str, Callable[..., None]] = cls._resumes
        self._does_check: bool = cls._checks
        self._does_before: bool = cls._befores
        self._does_settle: bool = cls._settles
        # the copy of a state, ``records.copier(State)``: found at the first apply
        # (the build's copies of a compiled state import the game's package)
        self._copier: Callable[[Any], Any] | None = None

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        moves: dict[type, Callable[..., None]] = {}
        resumes: dict[str, Callable[..., None]] = {}
        for klass in reversed(cls.__mro__):
            for fn in vars(klass).values():
                if type(fn).__hash__ is None:  # a table (``sample_args``) is no handler
                    continue
                for t in _MOVES.get(fn, ()):
                    moves[t] = fn
                for name in _RESUMES.get(fn, ()):
                    resumes[name] = fn
        if resumes:
            moves[Answer] = Rules._answer
        cls._moves, cls._resumes = moves, resumes
        cls._codec = cls._parser = None
        # the hooks a game leaves as they are do nothing: apply need not call them
        cls._checks = cls.check is not Rules.check
        cls._befores = cls.before is not Rules.before
        cls._settles = cls.settle is not Rules.settle

    # --- what a game writes -------------------------------------------------------------

    def new(self, players: list[int], seed: int, options: O, now: int) -> tuple[S, Out]:
        """A new game (players and options already checked)."""
        raise NotImplementedError

    def moves(self, s: S, player: int) -> list[A]:
        """What ``player`` may do now besides answering their prompt."""
        raise NotImplementedError

    def finished(self, s: S) -> bool:
        raise NotImplementedError

    def deadline(self, s: S) -> int | None:
        """When time alone will change the game (None: never, as it stands)."""
        return None

    def tick(self, s: S, due: int, out: Out) -> None:
        """What time does at ``due`` (a deadline of ``deadline``); it must move
        the deadline on."""
        raise NotImplementedError

    def check(self, s: S, action: Any) -> None:
        """Refusals every action shares (not a player, ...), before the copy."""

    def before(self, s: S, action: Any, now: int, out: Out) -> None:
        """On the copy, before the action's handler: what any action of a player's
        own does first (if the handler then refuses, the copy is dropped with it)."""

    def settle(self, s: S, now: int, out: Out) -> None:
        """After every change (an action, or time passing): what follows from it alone."""

    def prompt_for(self, s: S, player: int | None) -> Pending | None:
        """The prompt ``player`` must answer now, if any."""
        return pending_of(s, player)

    def check_picks(self, s: S, pending: Pending, answer: Answer) -> None:
        """What a game checks of an answer beyond ``check_answer``."""

    # --- the one door -------------------------------------------------------------------

    def apply(self, state: S, action: A | Tick, now_ms: int) -> tuple[S, Out]:
        handler = self._handlers.get(type(action))
        if handler is None:
            if type(action) is not Tick:
                action = self.parse_action(action)
            if isinstance(action, Tick):
                return self._pass_time(state, action, now_ms)
            handler = self._handlers[type(action)]
        now = int(now_ms)
        if now < state.clock_ms:
            now = state.clock_ms
        out: Out = []
        s = state
        due = self.deadline(state)
        if due is not None and due <= now:  # time first: a late press meets a closed window
            s = self._copy(state)
            self._fire(s, now, out)
        if self.finished(s):
            raise RuleError(self.over_key)
        if self._does_check:
            self.check(s, action)
        if s is state:
            s = self._copy(state)
        if self._does_before:
            self.before(s, action, now, out)
        handler(self, s, action, now, out)
        if self._does_settle:
            self.settle(s, now, out)
        s.clock_ms = now
        s.seq += 1
        return s, out

    def _pass_time(self, state: S, tick: Tick, now_ms: int) -> tuple[S, Out]:
        now = max(int(now_ms), state.clock_ms, tick.now_ms or 0)
        due = self.deadline(state)
        if due is None or due > now:
            return state, []
        s = self._copy(state)
        out: Out = []
        self._fire(s, now, out)
        self.settle(s, now, out)
        s.clock_ms = now
        s.seq += 1
        return s, out

    def _copy(self, state: S) -> S:
        copy = self._copier
        if copy is None:
            copy = self._copier = copier(self.State)
        return copy(state)  # type: ignore[no-any-return]

    def _fire(self, s: S, now: int, out: Out) -> None:
        for _ in range(MAX_TICKS):
            due = self.deadline(s)
            if due is None or due > now:
                return
            self.tick(s, due, out)
        raise RuntimeError(f"endless deadlines: {self.name} {now}")

    def _answer(self, s: S, a: Answer, now: int, out: Out) -> None:
        pending = self.prompt_for(s, a.player)
        if pending is None or pending.prompt.id != a.prompt:  # someone else's question?
            other = next((x for x in s.prompts if x.prompt.id == a.prompt), None)
            if other is not None and other.prompt.player != a.player:
                raise RuleError(PromptKey.NOT_YOURS)
        check_answer(pending.prompt if pending is not None else None, a)
        assert pending is not None
        self.check_picks(s, pending, a)
        for i, x in enumerate(s.prompts):
            if x is pending:
                del s.prompts[i]
                break
        self._steps[pending.then](self, s, pending, a, now, out)

    # --- what may happen ----------------------------------------------------------------

    def legal(self, state: S, player: int) -> Sequence[A]:
        plain = self.moves(state, player)
        if not state.prompts:
            return plain
        pending = self.prompt_for(state, player)
        if pending is None:
            return plain
        return Moves(plain, Answers(pending.prompt))

    def is_legal(self, state: S, action: Any) -> bool:
        if not isinstance(action, PlayerAction):
            return False
        if isinstance(action, Answer):
            pending = self.prompt_for(state, action.player)
            if pending is None or not fits(pending.prompt, action):
                return False
            try:
                self.check_picks(state, pending, action)
            except RuleError:
                return False
            return True
        return action in self.moves(state, action.player)

    def next_deadline(self, state: S) -> int | None:
        return self.deadline(state)

    def outcome(self, state: S) -> Outcome:
        raise NotImplementedError

    def waiting(self, state: S) -> list[Wait]:
        raise NotImplementedError

    def standing(self, state: S) -> Standing:
        """Where the game stands in ``state``, in one call: what a table does after each
        change (the end noticed, the «your turn» nudges, its timer) depends on it."""
        return Standing(self.outcome(state), self.waiting(state), self.deadline(state))

    # --- setting up ---------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any] | BaseModel | None = None) -> O:
        if raw is None:
            return self.Options()  # type: ignore[no-any-return]
        if isinstance(raw, self.Options):
            return raw  # type: ignore[no-any-return]
        try:
            return self.Options.model_validate(  # type: ignore[no-any-return]
                raw.model_dump() if isinstance(raw, BaseModel) else raw
            )
        except ValidationError as e:
            raise RuleError(self.bad_options) from e

    def start(self, players: list[int], seed: int, options: Any = None, now_ms: int = 0) -> tuple[S, Out]:
        return self.new(self._players(players), int(seed), self.options(options), int(now_ms))

    def _players(self, players: Sequence[int]) -> list[int]:
        """The seats, or a ``RuleError`` for anything but a sequence of ints."""
        if not isinstance(players, list | tuple) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in players
        ):
            raise RuleError(self.bad_action)
        return list(players)

    # --- to and from JSON ---------------------------------------------------------------

    def migrate(self, data: dict[str, Any]) -> dict[str, Any]:
        """A state document saved by an older engine, in today's shape."""
        return data

    def upgrade(self, state: S, old: Mapping[str, Any]) -> None:
        """What a state migrated from the older document ``old`` still needs
        once loaded (a prompt asked again, say): done on the state."""

    def load(self, data: str | bytes | Mapping[str, Any]) -> S:
        raw: Any = json.loads(data) if isinstance(data, str | bytes) else data
        old = raw.get("schema_version", 1) < self.schema_version if isinstance(raw, Mapping) else False
        state: S = load(self.State, self.migrate(dict(raw)) if old else raw)
        if old:
            self.upgrade(state, raw)
            state.schema_version = self.schema_version  # type: ignore[attr-defined]
        return state

    def dump(self, state: S) -> str:
        return dump(state)

    @property
    def actions(self) -> tuple[type, ...]:
        """The game's player actions (those it has a handler for)."""
        return tuple(self._moves)

    def parse_action(self, data: Any) -> Any:
        """An action (or a ``Tick``) from a dict or JSON; a malformed one is a RuleError."""
        parser = type(self)._parser
        if parser is None:
            union = functools.reduce(operator.or_, (*self.actions, Tick))
            tagged: Any = Annotated[union, Field(discriminator="type")]
            parser = type(self)._parser = TypeAdapter(tagged)
        try:
            if isinstance(data, str | bytes):
                return parser.validate_json(data)
            if isinstance(data, PlayerAction | Tick):
                return parser.validate_python(_as_dict(data))
            return parser.validate_python(data)
        except ValidationError as e:
            raise RuleError(self.bad_action) from e

    def _coder(self) -> Codec:
        codec = type(self)._codec
        if codec is None:
            codec = type(self)._codec = Codec(self.actions)
        return codec

    def encode(self, action: A) -> str:
        """The action's code (a button's data), derived from its record."""
        return self._coder().encode(action)

    def encode_all(self, actions: Sequence[A]) -> list[str]:
        """Each action's code, in order (a screen's buttons, in one call)."""
        return self._coder().encode_all(actions)

    def decode(self, code: str, player: int) -> A:
        """The action ``code`` stands for, pressed by ``player``; ``RuleError`` if none."""
        try:
            return self._coder().decode(code, player)  # type: ignore[no-any-return]
        except CodecError as e:
            raise RuleError(self.bad_action) from e


def _as_dict(action: Any) -> dict[str, Any]:
    return {f: getattr(action, f) for f in action.__dataclass_fields__}
