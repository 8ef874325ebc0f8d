"""Svintus («Свинтус»): the classic rules as docs/rules/svintus.md specifies them
(a § in this package is a section of that sheet)."""

from engine.svintus.game import GAME, SvintusGame

__all__ = ["GAME", "SvintusGame"]
