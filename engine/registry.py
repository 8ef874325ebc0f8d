"""Games by name: ``engine.registry.get("svintus")``."""

from __future__ import annotations

from typing import Any

from engine.svintus.game import GAME as SVINTUS

_GAMES: dict[str, Any] = {SVINTUS.name: SVINTUS}


def get(name: str) -> Any:
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {sorted(_GAMES)}") from None


def names() -> list[str]:
    return sorted(_GAMES)
