"""Callback data: what a button means, in at most 64 bytes.

``<kind>|<chat id>|<game id>|<tag>|<code>``

- kind: ``h`` a hand or board button of a running game, ``l`` the lobby,
  ``L`` the language picker;
- game id: the session's id, so a button of an old game is recognised;
- tag: a digest of what the presser saw when the button was drawn (their own
  view of the game), so a press on an outdated keyboard changes nothing;
- code: the action (``p<card>.<top>``, ``d``, ``s``, ``a``, ``c<colour>``, ``v``,
  ``k``, ``h``; Metamorphoses: ``u`` use the dark ability, ``t<player>`` its
  opponent, ``q<card>``/``r<card>`` choose/un-choose a card for it, ``f`` done
  choosing, ``z`` cancel,
  ``e`` the Hedgehog's reaction) or the lobby command.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from engine.svintus.cards import COLORS, DECK_SIZE
from engine.svintus.models import (
    Accept,
    Cancel,
    Catch,
    ChooseColor,
    Confirm,
    Declare,
    Draw,
    Pass,
    Pick,
    Play,
    React,
    Slap,
    Target,
    UseAbility,
)

MAX_BYTES = 64
ON_TOP = -1  # a card button that names no top card: "whatever is on top now"


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
    if len(parts) != 5 or parts[0] not in ("h", "l", "L"):
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


# --- game actions --------------------------------------------------------------


def action_code(action: Any) -> str:
    if isinstance(action, Play):
        return f"p{action.card}.{action.on}"
    if isinstance(action, ChooseColor):
        return f"c{COLORS.index(action.color)}"
    if isinstance(action, Target):
        return f"t{action.target}"
    if isinstance(action, Pick):
        return f"q{action.card}"
    for cls, code in _SIMPLE.items():
        if isinstance(action, cls):
            return code
    raise BadCallback(repr(action))


_SIMPLE: dict[type, str] = {
    Draw: "d",
    Pass: "s",
    Accept: "a",
    Declare: "v",
    Catch: "k",
    Slap: "h",
    UseAbility: "u",
    Confirm: "f",
    Cancel: "z",
    React: "e",
}
_BY_CODE = {code: cls for cls, code in _SIMPLE.items()}


def parse_action(code: str, player: int) -> Any:
    """The engine action a code stands for, for ``player``; BadCallback if forged."""
    try:
        if code.startswith("p"):
            parts = [int(x) for x in code[1:].split(".")]
            if len(parts) == 1:
                parts.append(ON_TOP)
            card, on = parts
            if len(parts) != 2 or not (0 <= card < DECK_SIZE and (0 <= on < DECK_SIZE or on == ON_TOP)):
                raise BadCallback(code)
            return Play(player=player, card=card, on=on)
        if code.startswith("c"):
            return ChooseColor(player=player, color=COLORS[int(code[1:])])
        if code.startswith("t"):
            return Target(player=player, target=int(code[1:]))
        if code.startswith(("q", "r")):  # choose / un-choose a card: both toggle it
            card = int(code[1:])
            if not 0 <= card < DECK_SIZE:
                raise BadCallback(code)
            return Pick(player=player, card=card)
        return _BY_CODE[code](player=player)
    except (ValueError, IndexError, KeyError):
        raise BadCallback(code) from None
