"""Computer players: ``get(game, level).choose(view, legal, rng)``.

Levels: ``easy`` (a heuristic per game), ``hard`` (determinized search over
the engine with the heuristic as rollout policy, a budget in playouts) and
``random`` (uniform over the legal actions: the arena's yardstick).  A player
sees only its view and its legal actions; see ``engine.players.base``.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.players.base import Player, Searcher, Simple, random_policy

LEVELS = ("easy", "hard", "lookahead", "random")
_MODULES = {
    "svintus": "engine.players.svintus",
    "candy": "engine.players.candy",
    "dobble": "engine.players.dobble",
    "smashup": "engine.players.smashup",
    "nim": "engine.players.nim",
}


GAMES = tuple(_MODULES)  # the games with computer players (and the coach's hints)


def module_of(game: str) -> Any:
    """``game``'s players module (its heuristic ``policy``, its hints' ``reason``)."""
    module = _MODULES.get(game)
    if module is None:
        raise KeyError(f"unknown game {game!r}; known: {sorted(_MODULES)}")
    return importlib.import_module(module)


def get(game: str, level: str, playouts: int | None = None) -> Player:
    """The computer player of ``game`` at ``level``; ``playouts``: the hard
    level's budget (its default suits the 250 ms a decision the table allows)."""
    module = _MODULES.get(game)
    if module is None:
        raise KeyError(f"unknown game {game!r}; known: {sorted(_MODULES)}")
    if level not in LEVELS:
        raise KeyError(f"unknown level {level!r}; known: {LEVELS}")
    m = importlib.import_module(module)
    made: Player = m.make(level, playouts)
    return made


__all__ = ["GAMES", "LEVELS", "Player", "Searcher", "Simple", "get", "module_of", "random_policy"]
