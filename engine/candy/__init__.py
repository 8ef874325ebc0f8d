"""Candy Empire («Конфетная империя»): the rules as docs/rules/candy_empire.md
specifies them (a § in this package is a section of that sheet)."""

from engine.candy.game import GAME, CandyGame

__all__ = ["GAME", "CandyGame"]
