"""Game adapters by the engine's short name: ``bot.games.get("svintus")``.

A game's adapter is the module ``bot.games.<name>`` with an ``ADAPTER``; the
games the bot has are the engine registry's that have one, in its order,
so adding a game touches no file here.

The bot *has* every such game (``names``: a stored session of any of them plays
on, its screens are drawn), but *offers* players (the picker, ``/new <game>``,
``/rules``, ``/help``, the command list) only those the registry offers by
default and those an operator turns on (``EXTRA_GAMES``: ``offer``, at start).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable
from functools import cache

from bot.adapter import AnyAdapter
from engine import registry

_TURNED_ON: set[str] = set()  # games offered besides the registry's defaults (``offer``)


@cache
def get(name: str) -> AnyAdapter:
    if name not in names():
        raise KeyError(name)
    adapter: AnyAdapter = importlib.import_module(f"bot.games.{name}").ADAPTER
    return adapter


@cache
def _playable() -> tuple[str, ...]:
    return tuple(n for n in registry.names() if importlib.util.find_spec(f"bot.games.{n}") is not None)


def names() -> list[str]:
    """Every game the bot has (an engine with an adapter), in the registry's order,
    offered or not."""
    return list(_playable())


def offer(extra: Iterable[str]) -> None:
    """Offer players these games too (``EXTRA_GAMES``), besides the registry's
    defaults: the games the process offers from now on.  A name of no game the
    bot has is refused (``KeyError``)."""
    wanted = set(extra)
    unknown = sorted(wanted - set(names()))
    if unknown:
        raise KeyError(f"no game {', '.join(unknown)}; games: {', '.join(names())}")
    _TURNED_ON.clear()
    _TURNED_ON.update(wanted)


def offered() -> list[str]:
    """The games players are offered: the registry's defaults and those turned on, in
    its order (a subset of ``names``)."""
    return [n for n in _playable() if registry.offered(n) or n in _TURNED_ON]
