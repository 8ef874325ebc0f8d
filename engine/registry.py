"""Games by short name: ``engine.registry.get("svintus")``.

Adding a game is one line in ``_GAMES`` (and, for a typed ``get``, one overload).
"""

from __future__ import annotations

from typing import Literal, overload

from engine.candy.game import GAME as CANDY
from engine.candy.game import CandyGame
from engine.core import AnyGame
from engine.dobble.game import GAME as DOBBLE
from engine.dobble.game import DobbleGame
from engine.smashup.game import GAME as SMASHUP
from engine.smashup.game import SmashUpGame
from engine.svintus.game import GAME as SVINTUS
from engine.svintus.game import SvintusGame

_GAMES: dict[str, AnyGame] = {g.name: g for g in (SVINTUS, CANDY, DOBBLE, SMASHUP)}


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
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {sorted(_GAMES)}") from None


def names() -> list[str]:
    """Every game, in the order the bot offers them."""
    return list(_GAMES)
