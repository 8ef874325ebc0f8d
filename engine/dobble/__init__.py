"""Dobble («Доббль»): the symbol race as shared/rules/dobble.md specifies it."""

from engine.dobble.game import GAME, DobbleGame

__all__ = ["GAME", "DobbleGame"]
