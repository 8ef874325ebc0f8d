"""Buttons as the tests name them: a short notation read from a button's data (``notation``)
and back into what a press of it means (``body_of``, ``pressed``).

An action's engine code as it is (``play.c.14``); ``=`` and a selection (``=c12``,
``=~leave``); ``!`` and a prompt's button (``!3:red``, ``!3+12``, ``!3.ok``, ``!3.skip``,
``!3.x``, ``!3.p1``: a value's int in decimal); the lobby's ``j`` ``x`` ``g`` ``r``
``c<level>`` and ``o<option>…`` as the data writes them; ``~again``; ``~mine`` (the board's
«🃏 My cards»); a game's name on the
picker; "" for a link or data that is no button.  The grammar itself is ``bot.buttons``.
"""

from __future__ import annotations

from bot.buttons import (
    Act,
    Again,
    BadButton,
    Body,
    Hint,
    Mine,
    NewGame,
    Pick,
    Pressed,
    Seats,
    Show,
    data,
    parse,
    text,
)
from engine.core import PromptValue

_OPS = {"k": ".ok", "s": ".skip", "x": ".x"}


def notation(data: object) -> str:
    """A button's data in the tests' notation."""
    try:
        body = parse(data if isinstance(data, str) else None).body
    except BadButton:
        return ""
    match body:
        case Act(action):
            return action
        case Show(value):
            return "=" + value
        case Pick(prompt, op, value):
            tail = _OPS.get(op) or (f".p{value}" if op == "p" else f"{op}{value}")
            return f"!{prompt}{tail}"
        case Seats(op, arg):
            return op + arg
        case Again():
            return "~again"
        case NewGame(game):
            return game
        case Mine():
            return "~mine"
        case Hint():
            return "~hint"
    return text(body)  # a setting: o<option>…; /forget's f<op><user>


def body_of(notation: str) -> Body:
    """What a button named so in the tests' notation does."""
    if notation.startswith("="):
        return Show(notation[1:])
    if notation.startswith("!"):
        return _pick(notation[1:])
    if notation == "~again":
        return Again()
    if notation == "~mine":
        return Mine()
    if notation in ("j", "x", "g", "r", "h") or notation.startswith("c"):
        return Seats(notation[0], notation[1:])  # type: ignore[arg-type]
    if notation.startswith("o") and len(notation) >= 2:
        return parse(f"o|0|-|-|{notation[1:]}").body
    return Act(notation)


def pressed(chat_id: int, game_id: str, tag: str, notation: str) -> Pressed:
    """The press of that button, read from its data as the bot reads a real one."""
    return parse(data(chat_id, game_id, body_of(notation), tag))


def _pick(rest: str) -> Pick:
    digits = len(rest) - len(rest.lstrip("0123456789"))
    prompt, tail = int(rest[:digits]), rest[digits:]
    for op, written in (("k", ".ok"), ("s", ".skip"), ("x", ".x")):
        if tail == written:
            return Pick(prompt, op)  # type: ignore[arg-type]
    if tail.startswith(".p"):
        return Pick(prompt, "p", int(tail[2:]))
    return Pick(prompt, tail[0], _value(tail[1:]))  # type: ignore[arg-type]


def _value(text: str) -> PromptValue:
    return int(text) if text.lstrip("-").isdigit() else text
