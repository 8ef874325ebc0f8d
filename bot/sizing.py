"""Telegram's limits on one message, kept by the core for every screen.

A message's text may hold 4,096 characters once its markup is parsed
(counted here as Telegram counts them, in UTF-16 units), its keyboard 100
buttons, a button's data 64 bytes.  Every board and hand is drawn through
``guard``: drawn as the adapter draws it; if that breaks a limit, drawn again
*compact* (``Ctx.compact``: the adapter's own rule for a shorter screen, and
the core's — a shorter log, fewer notes); if even that breaks one, cut down
(the text at a line, the keyboard's last buttons) and logged, since a screen
Telegram refuses is a screen nobody sees.  The tests draw every game's worst
case (most players, longest names, fullest hands, largest prompts) and
check that compact is as far as it ever goes.
"""

from __future__ import annotations

import hashlib
import html
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

log = logging.getLogger(__name__)
TAG = re.compile(r"<(/?)([a-zA-Z-]+)[^>]*>")

TEXT_MAX = 4096  # a message's text, after its markup is parsed
BUTTONS_MAX = 100  # the buttons of one inline keyboard
DATA_MAX = 64  # the bytes of one button's callback data
ANSWER_MAX = 200  # the characters of a press's answer
NAME_MAX = 32  # the characters of a player's name on a screen
TITLE_MAX = 2 * NAME_MAX  # and of a chat's title
# the characters of button labels a phone shows across one row of a keyboard: a
# label longer than its share of the row (12 in a row of three) is cut with …
ROW_MAX = 36

CUT = "…"


@dataclass(frozen=True)
class Rendered:
    """One message: HTML text and its keyboard."""

    text: str
    markup: InlineKeyboardMarkup | None
    # a hand whose owner must act now: under load it goes out ahead of hands that only wait
    urgent: bool = False
    # a screen between two states (a countdown before the next card is up) that
    # need not replace what the message shows: sent only where no message is shown yet
    hold: bool = False

    def digest(self) -> str:
        """What the message shows, in 16 hex digits: an edit to the same digest is not sent."""
        rows = (
            [[_shows(b) for b in row] for row in self.markup.inline_keyboard]
            if self.markup is not None
            else None
        )
        return hashlib.blake2b(repr((self.text, rows)).encode(), digest_size=8).hexdigest()


def _shows(b: InlineKeyboardButton) -> tuple[Any, ...]:
    """What a button shows and does: its colour and greying only where set (so that the
    digest of a plain button is what it always was)."""
    plain = (b.text, b.callback_data, b.url)
    extra = (b.style, bool(b.api_kwargs.get("disabled")))
    return plain if extra == (None, False) else (*plain, *extra)


def text_of(markup: str) -> str:
    """What ``markup`` shows: its tags dropped, its entities read (``&lt;3`` → ``<3``).
    Screens are drawn in HTML (Telegram's parse mode); a button's label and a press's
    answer are plain text: what that HTML shows."""
    return html.unescape(TAG.sub("", markup))


def visible(text: str) -> int:
    """The length Telegram counts: the text without its tags, entities read, in UTF-16 units."""
    return len(text_of(text).encode("utf-16-le")) // 2


def short_name(name: str, limit: int = NAME_MAX) -> str:
    """A name as screens show it: at most ``limit`` characters (a long one ends in …)."""
    name = " ".join(name.split()) or "?"
    return name if len(name) <= limit else name[: limit - 1].rstrip() + CUT


def label_max(per_row: int) -> int:
    """The characters a button's label may have, ``per_row`` buttons in its row, uncut on a phone."""
    return ROW_MAX // max(per_row, 1)


def shown(name: str, limit: int = NAME_MAX) -> str:
    """A player's or a chat's name on a screen: at most ``limit`` characters, escaped."""
    return html.escape(short_name(name, limit))


def answer(text: str) -> str:
    """A press's answer: plain text (the words' HTML undone), at most 200 characters."""
    plain = text_of(text)
    if len(plain.encode("utf-16-le")) // 2 <= ANSWER_MAX:
        return plain
    while len((plain + CUT).encode("utf-16-le")) // 2 > ANSWER_MAX:
        plain = plain[:-1]
    return plain.rstrip() + CUT


def message(text: str, markup: InlineKeyboardMarkup | None = None, what: str = "a message") -> Rendered:
    """A message of its own (a reply, an announcement) within the limits."""
    return guard(lambda compact: Rendered(text, markup), what)


def buttons(rendered: Rendered) -> list[InlineKeyboardButton]:
    return [b for row in rendered.markup.inline_keyboard for b in row] if rendered.markup is not None else []


def broken(rendered: Rendered) -> list[str]:
    """The limits ``rendered`` breaks (empty: Telegram takes it)."""
    found = []
    if visible(rendered.text) > TEXT_MAX:
        found.append(f"text of {visible(rendered.text)} characters")
    keys = buttons(rendered)
    if len(keys) > BUTTONS_MAX:
        found.append(f"{len(keys)} buttons")
    long = [b.callback_data for b in keys if b.callback_data and _bytes(b.callback_data) > DATA_MAX]
    if long:
        found.append(f"button data over {DATA_MAX} bytes: {long[0]!r}")
    return found


def guard(draw: Callable[[bool], Rendered], what: str) -> Rendered:
    """``draw(compact)`` within the limits: as drawn, else compact, else cut down."""
    rendered = draw(False)
    if not broken(rendered):
        return rendered
    rendered = draw(True)
    problems = broken(rendered)
    if not problems:
        return rendered
    log.error("%s breaks Telegram's limits even compact (%s): cut down", what, "; ".join(problems))
    return cut(rendered)


def cut(rendered: Rendered) -> Rendered:
    """The last resort: the text's lines that fit (and …), the buttons that fit."""
    text = rendered.text
    if visible(text) > TEXT_MAX:
        lines = text.split("\n")
        while lines and visible(close_tags("\n".join(lines)) + "\n" + CUT) > TEXT_MAX:
            lines.pop()
        text = close_tags("\n".join(lines)) + "\n" + CUT
        if visible(text) > TEXT_MAX:  # one line longer than a message: its start
            text = html.escape(text_of(rendered.text)[: TEXT_MAX // 2 - 1]) + CUT
    markup = rendered.markup
    if markup is not None:
        left = BUTTONS_MAX
        rows = []
        for row in markup.inline_keyboard:
            kept = [b for b in row if b.callback_data is None or _bytes(b.callback_data) <= DATA_MAX][:left]
            left -= len(kept)
            if kept:
                rows.append(kept)
        markup = InlineKeyboardMarkup(rows) if rows else None
    return Rendered(text, markup, rendered.urgent, rendered.hold)


def close_tags(text: str) -> str:
    """``text`` with the tags a cut left open closed again, in order."""
    open_tags: list[str] = []
    for m in TAG.finditer(text):
        closing, name = m.group(1), m.group(2).lower()
        if not closing:
            open_tags.append(name)
        elif open_tags and open_tags[-1] == name:
            open_tags.pop()
    if text.count("<") > text.count(">"):  # a tag cut in half
        text = text[: text.rfind("<")]
    return text + "".join(f"</{name}>" for name in reversed(open_tags))


def _bytes(data: str | object) -> int:
    return len(str(data).encode())
