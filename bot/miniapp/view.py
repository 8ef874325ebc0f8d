"""What a Mini App page shows of one seat: the board and the hand, each as the
chat's message shows it (text and buttons) and as cards drawn (``bot.miniapp.art``),
every button and every tap carrying the data of the one grammar
(``bot.buttons``): a press from the page is a button press."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot import buttons, kit, screens
from bot.adapter import Ctx
from bot.buttons import Act
from bot.i18n import Translator
from bot.miniapp import art
from bot.session import Session
from bot.sizing import Rendered
from engine.core import View

BOARDS_KEPT = 4096  # boards a worker keeps drawn (the latest of each chat and language)


class Boards:
    """The board's part of the pages, drawn once per saved session and language for
    every page that shows it.  Keyed on the session object: a saved session
    (``Store.load_shared``) is never changed, so the same object draws the same board."""

    def __init__(self, kept: int = BOARDS_KEPT) -> None:
        self.kept = kept
        self._drawn: dict[tuple[int, str], tuple[Session, dict[str, Any]]] = {}

    def message(self, t: Translator, lang: str, session: Session, bot_username: str) -> dict[str, Any]:
        """``session``'s board as the page shows it (the caller must not change it)."""
        name = (session.chat_id, lang)
        hit = self._drawn.get(name)
        if hit is not None and hit[0] is session:
            return hit[1]
        drawn = _message(screens.draw_board(t, lang, session, bot_username))
        self._drawn.pop(name, None)
        self._drawn[name] = (session, drawn)
        if len(self._drawn) > self.kept:
            self._drawn.pop(next(iter(self._drawn)))
        return drawn


def table(
    t: Translator, lang: str, session: Session, user_id: int, bot_username: str, boards: Boards | None = None
) -> dict[str, Any]:
    """The page of ``user_id``'s seat at ``session``'s table (a running game): the
    board's and the hand's messages, and the cards as that player sees them (the
    table's and their hand's, every tap a press of their hand).  ``boards``: the
    board drawn once for every page of the same session and language."""
    ctx, mine = screens.hand_sight(t, lang, session, user_id, bot_username)
    if boards is not None:
        board = boards.message(t, lang, session, bot_username)
    else:
        board = _message(screens.draw_board(t, lang, session, bot_username))
    hand = screens.draw_hand(t, lang, session, user_id, bot_username, on_page=True)
    doc: dict[str, Any] = {
        "chat": session.chat_id,
        "game": session.game,
        "title": t(lang, "miniapp-title", game=kit.game_label(t, lang, session.game), chat=ctx.title),
        "board": board,
        "hand": _message(hand),
        "pieces": _pieces(session.game, ctx, mine.view, mine.legal),
        "over": session.status != "playing",
    }
    doc["version"] = hashlib.blake2b(json.dumps(doc, sort_keys=True).encode(), digest_size=8).hexdigest()
    return doc


def _message(drawn: Rendered) -> dict[str, Any]:
    """A message as the page shows it: its HTML, and its buttons by rows (a link
    opens; the button that opens this page is left out)."""
    return {"html": drawn.text, "rows": _rows(drawn.markup)}


def _rows(markup: InlineKeyboardMarkup | None) -> list[list[dict[str, Any]]]:
    rows: list[list[dict[str, Any]]] = []
    for row in markup.inline_keyboard if markup is not None else ():
        shown = [_button(b) for b in row if isinstance(b.callback_data, str) or b.url]
        if shown:
            rows.append(shown)
    return rows


def _button(b: InlineKeyboardButton) -> dict[str, Any]:
    """A button as the page draws it: a link, or a press (greyed and idle where the
    chat's button is ``disabled``: an action not allowed now)."""
    if not b.callback_data:
        return {"text": b.text, "url": b.url}
    if b.api_kwargs.get("disabled"):
        return {"text": b.text, "data": b.callback_data, "disabled": True}
    return {"text": b.text, "data": b.callback_data}


def _pieces(game: str, ctx: Ctx, view: View, legal: Any) -> list[dict[str, Any]]:
    draw = art.drawer(game)
    if draw is None:
        return []
    return [
        {
            "svg": p.svg,
            "label": p.label,
            "row": p.row,
            "key": p.key,
            "big": p.big,
            "taps": [[{"label": c.label, "data": _data(ctx, c.action)} for c in tap] for tap in p.taps],
        }
        for p in draw(ctx, view, legal)
    ]


def _data(ctx: Ctx, action: Any) -> str:
    return buttons.data(ctx.chat_id, ctx.game_id, Act(ctx.code(action)), ctx.tag)
