"""Svintus («Свинтус»): the classic rules as shared/rules/svintus.md specifies them."""

from engine.svintus.game import GAME, SvintusGame

__all__ = ["GAME", "SvintusGame"]
