"""What every game shares: the protocol, rule errors, events, time and randomness.

A game is an object with pure functions (see ``Game``).  State, actions and
events are pydantic models, so a session is one JSON document and a replay is
a seed plus a list of ``(action, now_ms)`` pairs.  Time is always an input.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict

ArgValue = int | str | bool | None | list[int]


class RuleError(Exception):
    """An action the rules do not allow.  Carries a locale key and its arguments.

    Raising it never changes the state: ``apply`` works on a copy.
    """

    def __init__(self, key: str, **params: ArgValue) -> None:
        super().__init__(key)
        self.key = key
        self.params: dict[str, ArgValue] = params

    def __repr__(self) -> str:
        return f"RuleError({self.key!r}, {self.params!r})"


class Event(BaseModel):
    """A fact the referee announces: a locale key and its arguments.

    ``to`` is None for a public fact, or the one player allowed to see it.
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


class Outcome(BaseModel):
    """Where a game stands: still playing, between rounds, or finished."""

    status: Literal["playing", "round_over", "match_over"]
    round_winner: int | None = None
    match_winner: int | None = None
    scores: dict[int, int] = {}


class View(BaseModel):
    """Base of what one viewer may see.  Also readable like a mapping."""

    def __getitem__(self, name: str) -> Any:
        try:
            return getattr(self, name)
        except AttributeError:
            raise KeyError(name) from None

    def get(self, name: str, default: Any = None) -> Any:
        return getattr(self, name, default)

    def keys(self) -> list[str]:
        return list(type(self).model_fields)


S = TypeVar("S", bound=BaseModel)


@runtime_checkable
class Game(Protocol):
    """The protocol every game implements."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def start(
        self,
        players: list[int],
        seed: int,
        options: Any = None,
        now_ms: int = 0,
    ) -> tuple[Any, list[Event]]: ...

    def legal(self, state: Any, player: int) -> list[Any]: ...

    def apply(self, state: Any, action: Any, now_ms: int) -> tuple[Any, list[Event]]: ...

    def view(self, state: Any, viewer: int | None) -> View: ...

    def next_deadline(self, state: Any) -> int | None: ...

    def outcome(self, state: Any) -> Outcome: ...

    def parse_action(self, data: Any) -> Any: ...

    def load(self, data: str | bytes) -> Any: ...


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
