"""The events and waits every rule makes, made fast: without the keyword parsing
of ``Event(...)`` and ``Wait(...)`` (a rule makes many), and compiled
(``engine._build``) next to the rules that call them."""

from __future__ import annotations

from typing import Final

from engine.core.protocol import ArgValue, Event, Wait, WaitKind

_new: Final = object.__new__


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
