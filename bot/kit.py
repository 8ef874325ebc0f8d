"""What a game's adapter draws with, from one place: the screen's context (``Ctx``), its
rows (``Rows``) and what it returns (``Rendered``), rows of buttons that fit a phone,
the game's title and label, «whose move» and «waiting for», seconds.

Nothing here calls an adapter: ``bot.screens`` draws around the adapters and uses this
kit too, and an adapter never imports ``bot.screens`` (the seam runs one way).
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton

from bot import sizing
from bot.adapter import Ctx as Ctx
from bot.adapter import Rows as Rows
from bot.i18n import Translator
from bot.sizing import Rendered as Rendered
from engine.core import Wait

PER_ROW = 3


def game_title(t: Translator, lang: str, game: str) -> str:
    return t(lang, "game-title", emoji=t(lang, f"{game}-emoji"), name=t(lang, f"{game}-name"))


def game_label(t: Translator, lang: str, game: str) -> str:
    """The game's name on a button (no markup)."""
    return t(lang, "game-label", emoji=t(lang, f"{game}-emoji"), name=t(lang, f"{game}-name"))


def in_rows(buttons: Sequence[InlineKeyboardButton], per_row: int = PER_ROW) -> Rows:
    return [list(buttons[i : i + per_row]) for i in range(0, len(buttons), per_row)]


def per_row_for(labels: Sequence[str], most: int = PER_ROW) -> int:
    """How many buttons a row of these labels may hold (at most ``most``) with none
    cut on a phone: fewer, down to one a row, when a label is too wide for its share."""
    longest = max((len(label) for label in labels), default=0)
    return next((n for n in range(most, 1, -1) if longest <= sizing.label_max(n)), 1)


def fitting_rows(buttons: Sequence[InlineKeyboardButton], most: int = PER_ROW) -> Rows:
    """``buttons`` in rows of at most ``most``, as many a row as a phone shows uncut."""
    return in_rows(buttons, per_row_for([b.text for b in buttons], most))


def waiting_line(ctx: Ctx, wait: Wait) -> str:
    """ "Whose move" and "waiting for X", the same for every game: the player to move,
    one player's reaction window, everyone still to press, setup choices."""
    players = ", ".join(ctx.name(p) for p in wait.players)
    return ctx(f"board-wait-{wait.kind}", players=players, count=len(wait.players))


def seconds(ms: int) -> int:
    """A duration the engine keeps in milliseconds, as a screen says it."""
    return ms // 1000
