"""Screens are drawn in HTML (Telegram's parse mode): the words from the locale
files, and whatever people wrote escaped where it enters them.  A button's
label and a press's answer are plain text: what that HTML shows."""

from __future__ import annotations

import html
import re

TAG = re.compile(r"<(/?)([a-zA-Z-]+)[^>]*>")


def text_of(markup: str) -> str:
    """What ``markup`` shows: its tags dropped, its entities read (``&lt;3`` → ``<3``)."""
    return html.unescape(TAG.sub("", markup))
