"""Game adapters by the engine's short name: ``bot.games.get("svintus")``.

A game's adapter is the module ``bot.games.<name>`` with an ``ADAPTER``; the
games the bot offers are the engine registry's that have one, in its order,
so adding a game touches no file here.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from bot.adapter import AnyAdapter
from engine import registry


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
    """Every game the bot offers (an engine with an adapter), in the registry's order."""
    return list(_playable())
