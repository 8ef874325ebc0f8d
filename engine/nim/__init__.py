"""Nim («Ним»): take one to three cards from a pile; whoever takes the last one
wins.  The rules: docs/rules/nim.md."""

from engine.nim.game import GAME, NimGame

__all__ = ["GAME", "NimGame"]
