"""The events and waits every rule makes, made fast: without the keyword parsing
of ``Event(...)`` and ``Wait(...)`` (a rule makes many), and compiled
(``engine._build``) next to the rules that call them; and ``kept``, the
bounded memo of what a game makes once per player and hands out again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from engine.core.protocol import ArgValue, Event, Wait, WaitKind

_new: Final = object.__new__

K = TypeVar("K")
V = TypeVar("V")


def event(key: str, to: int | None = None, **args: ArgValue) -> Event:
    """An event (made without the keyword parsing of ``Event(...)``: rules make
    many); ``key`` may be a member of a game's ``StrEnum`` of keys (a str)."""
    e: Event = _new(Event)
    e.key = key
    e.args = args
    e.to = to
    return e


def wait(kind: WaitKind, players: list[int], until_ms: int | None = None) -> Wait:
    """A ``Wait`` (made without the keyword parsing of ``Wait(...)``: every
    question of whom a game waits on makes one)."""
    w: Wait = _new(Wait)
    w.kind = kind
    w.players = players
    w.until_ms = until_ms
    return w


def kept(table: dict[K, V], key: K, make: Callable[[K], V], limit: int) -> V:
    """``table[key]``, made by ``make(key)`` the first time it is asked for: a
    memo of values (a player's ready-made actions, say) that forgets all at
    once past ``limit`` entries, so a long-running bot's memory stays bounded."""
    value = table.get(key)
    if value is None:
        if len(table) >= limit:
            table.clear()
        value = table[key] = make(key)
    return value
