"""Nim in the bot: the lobby's options, the board and the hands from the engine's views."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from telegram import InlineKeyboardMarkup

from bot.adapter import Adapter, Cycle, Number
from bot.kit import Ctx, Rendered, waiting_line
from engine.core import Wait
from engine.nim.game import NimOptions, NimState, NimView, Take
from engine.registry import get


class NimAdapter(Adapter[NimState, Any, NimView, NimOptions]):
    game = get("nim")
    choices = (
        Number("c", "cards", 9, 45, lambda c, n: c("nim-button-cards", n=n), step=4),
        Cycle("m", "most", (3, 4, 5, 2), lambda c, n: c("nim-button-most", n=n)),
        Cycle("t", "turn_timer_ms", (30_000, 60_000, 0), lambda c, ms: c("nim-button-timer", s=ms // 1000)),
    )

    def lobby_lines(self, ctx: Ctx, options: NimOptions) -> list[str]:
        return [ctx("nim-lobby", cards=options.cards, most=options.most)]

    def board(self, ctx: Ctx, view: NimView, waits: Sequence[Wait]) -> Rendered:
        title = ctx("game-title", emoji=ctx("nim-emoji"), name=ctx("nim-name"))
        lines = [title, ctx("nim-pile", count=view.pile), ""]
        for p in view.players:
            line = ctx("nim-board-player", player=ctx.name(p), count=view.taken[p])
            lines.append(ctx("board-seat", line=line))
        lines += [waiting_line(ctx, w) for w in waits]
        return Rendered("\n".join(lines), None)

    def hand(self, ctx: Ctx, view: NimView, legal: Sequence[Any], waits: Sequence[Wait]) -> Rendered:
        title = ctx("game-title", emoji=ctx("nim-emoji"), name=ctx("nim-name"))
        lines = [title, ctx("nim-pile", count=view.pile)]
        takes = [a for a in legal if isinstance(a, Take)]
        if takes:
            lines.append(ctx("nim-hand-your-turn"))
        row = [ctx.act(ctx("nim-button-take", n=a.count), a) for a in takes]
        return Rendered("\n".join(lines), InlineKeyboardMarkup([row]) if row else None)


ADAPTER = NimAdapter()
