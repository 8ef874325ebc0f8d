"""Callback data: what a button means, in at most 64 bytes.

``<kind>|<chat id>|<game id>|<tag>|<code>``

- kind: ``h`` a button of a running game (hand or board), ``l`` the lobby,
  ``L`` the language picker, ``n`` the game picker of ``/new``;
- game id: the session's id, so a button of an old game is recognised;
- tag: a digest of what the presser's keyboard was drawn from, so a press on
  an outdated keyboard changes nothing (``-`` on buttons that mean the same
  whenever they are shown);
- code: what the button does — the game adapter's action code, ``!…`` a
  prompt's answer (see ``bot.prompts``), or a lobby command (``j`` join,
  ``x`` leave, ``g`` start, ``o<option>`` cycle an option).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

MAX_BYTES = 64
KINDS = ("h", "l", "L", "n")


class BadCallback(ValueError):
    pass


@dataclass(frozen=True)
class Press:
    kind: str
    chat_id: int
    game_id: str
    tag: str
    code: str


def encode(kind: str, chat_id: int, game_id: str, tag: str, code: str) -> str:
    data = f"{kind}|{chat_id}|{game_id}|{tag}|{code}"
    if len(data.encode()) > MAX_BYTES:
        raise BadCallback(data)
    return data


def decode(data: str | None) -> Press:
    if not data or len(data.encode()) > MAX_BYTES:
        raise BadCallback(data)
    parts = data.split("|")
    if len(parts) != 5 or parts[0] not in KINDS:
        raise BadCallback(data)
    kind, chat, game_id, tag, code = parts
    try:
        chat_id = int(chat)
    except ValueError:
        raise BadCallback(data) from None
    return Press(kind, chat_id, game_id, tag, code)


def tag_of(*parts: Any) -> str:
    """A short digest of what a keyboard was drawn from."""
    return format(zlib.crc32(repr(parts).encode()) & 0xFFFFFF, "x")


def number(text: str, low: int, high: int) -> int:
    """An int from a code, within [low, high]; BadCallback otherwise (forged data)."""
    try:
        value = int(text)
    except ValueError:
        raise BadCallback(text) from None
    if not low <= value <= high:
        raise BadCallback(text)
    return value
