"""Games by short name: ``engine.registry.get("svintus")``.

>>> from engine import registry
>>> registry.names()
['svintus', 'candy', 'dobble', 'smashup']
>>> game = registry.get("dobble")
>>> game.name, game.min_players, game.max_players
('dobble', 2, 8)
>>> registry.get("chess")
Traceback (most recent call last):
  ...
KeyError: "unknown game 'chess'; known: ['candy', 'dobble', 'smashup', 'svintus']"

Adding a game is one line in ``_GAMES`` (and, for a typed ``get``, one
overload); docs/architecture.md walks through the rest.  A game's package is
imported the first time it is asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Literal, overload

from engine.core import AnyGame

if TYPE_CHECKING:
    from engine.candy.game import CandyGame
    from engine.dobble.game import DobbleGame
    from engine.smashup.game import SmashUpGame
    from engine.svintus.game import SvintusGame

# name -> the module holding its GAME, in the order the bot offers them
_GAMES: dict[str, str] = {
    "svintus": "engine.svintus.game",
    "candy": "engine.candy.game",
    "dobble": "engine.dobble.game",
    "smashup": "engine.smashup.game",
}


@overload
def get(name: Literal["svintus"]) -> SvintusGame: ...
@overload
def get(name: Literal["candy"]) -> CandyGame: ...
@overload
def get(name: Literal["dobble"]) -> DobbleGame: ...
@overload
def get(name: Literal["smashup"]) -> SmashUpGame: ...
@overload
def get(name: str) -> AnyGame: ...
def get(name: str) -> AnyGame:
    """The game called ``name`` (its ``GAME``); ``KeyError`` if no game is.

    >>> game = get("svintus")
    >>> game.name, game.min_players, game.max_players
    ('svintus', 2, 10)
    """
    module = _GAMES.get(name)
    if module is None:
        raise KeyError(f"unknown game {name!r}; known: {sorted(_GAMES)}")
    game: AnyGame = importlib.import_module(module).GAME
    return game


def names() -> list[str]:
    """Every game, in the order the bot offers them.

    >>> "smashup" in names()
    True
    """
    return list(_GAMES)
