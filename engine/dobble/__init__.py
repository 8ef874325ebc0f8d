"""Dobble («Доббль»): the symbol race as docs/rules/dobble.md specifies it
(a § in this package is a section of that sheet)."""

from engine.dobble.game import GAME, DobbleGame

__all__ = ["GAME", "DobbleGame"]
