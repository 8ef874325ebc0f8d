"""Candy Empire («Конфетная империя»): the rules engine."""

from engine.candy.game import GAME, CandyGame

__all__ = ["GAME", "CandyGame"]
