"""Games by short name: ``engine.registry.get("svintus")``.

>>> from engine import registry
>>> registry.names()
['svintus', 'candy', 'dobble', 'smashup', 'nim']
>>> game = registry.get("dobble")
>>> game.name, game.min_players, game.max_players
('dobble', 2, 8)
>>> registry.get("chess")
Traceback (most recent call last):
  ...
KeyError: "unknown game 'chess'; known: ['candy', 'dobble', 'nim', 'smashup', 'svintus']"

Adding a game is one line in ``_GAMES`` (and, for a typed ``get``, one
overload); docs/architecture.md walks through the rest.  A game's package is
imported the first time it is asked for.

A game listed with ``offered=False`` is one the bot has but offers players only
when an operator turns it on (the bot's ``EXTRA_GAMES`` setting):

>>> [name for name in registry.names() if not registry.offered(name)]
['nim']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Literal, NamedTuple, overload

from engine.core import AnyGame

if TYPE_CHECKING:
    from engine.candy.game import CandyGame
    from engine.dobble.game import DobbleGame
    from engine.nim.game import NimGame
    from engine.smashup.game import SmashUpGame
    from engine.svintus.game import SvintusGame


class Listed(NamedTuple):
    """A game's line: the module holding its ``GAME``, and whether the bot offers it
    unless told otherwise (False: only when an operator names it in ``EXTRA_GAMES``)."""

    module: str
    offered: bool = True


# name -> its line, in the order the bot offers them
_GAMES: dict[str, Listed] = {
    "svintus": Listed("engine.svintus.game"),
    "candy": Listed("engine.candy.game"),
    "dobble": Listed("engine.dobble.game"),
    "smashup": Listed("engine.smashup.game"),
    "nim": Listed("engine.nim.game", offered=False),
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
def get(name: Literal["nim"]) -> NimGame: ...
@overload
def get(name: str) -> AnyGame: ...
def get(name: str) -> AnyGame:
    """The game called ``name`` (its ``GAME``); ``KeyError`` if no game is.

    >>> game = get("svintus")
    >>> game.name, game.min_players, game.max_players
    ('svintus', 2, 10)
    """
    listed = _GAMES.get(name)
    if listed is None:
        raise KeyError(f"unknown game {name!r}; known: {sorted(_GAMES)}")
    game: AnyGame = importlib.import_module(listed.module).GAME
    return game


def names() -> list[str]:
    """Every game, in the order the bot offers them.

    >>> "smashup" in names()
    True
    """
    return list(_GAMES)


def offered(name: str) -> bool:
    """Whether the bot offers ``name`` by default (else only when an operator turns it
    on); ``KeyError`` if no game is called so.

    >>> offered("svintus")
    True
    """
    return _GAMES[name].offered
