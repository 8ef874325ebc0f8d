"""Every button's data, in one grammar: what a press means, in at most 64 bytes.

    <kind>|<chat id>|<game id>|<tag>|<body>

``data(...)`` writes it and ``parse(...)`` reads it back, for every kind of
button the bot draws, as python-chess's ``uci()``/``from_uci()`` do for a move
(and as the engine's codec does for an action, whose code a game button
carries).  The parts:

- the chat: the group the game lives in (a private hand's buttons name it too);
- the game id: the session's, so a button of an old game is recognised
  (``-`` on buttons that belong to no game: the language and game pickers);
- the tag: a digest of what a hand's keyboard offered (``tag_of``), so a press
  on an outdated keyboard changes nothing (``-`` on buttons that mean the same
  whenever they are shown);
- the body, by kind:

  ====  ==========  =======================================================
  kind  body        what a press does
  ====  ==========  =======================================================
  a     Act         an engine action: its code (``Game.encode``), as is
  s     Show        what the presser's hand shows (``Ctx.select``): a
                    card picked to see its moves, ``~leave`` (the core's
                    «Leave» before it is confirmed); the value as is
  p     Pick        a prompt's button: ``<id><op>[<value>]``, op ``:`` answer
                    with one, ``+``/``-`` choose/un-choose one, ``k`` send the
                    draft, ``s`` skip, ``x`` back out, ``p`` turn to a page
  l     Seats       ``j`` join, ``x`` leave, ``g`` start, ``r`` who takes a
                    leaver's seat, ``h`` hints off/on, ``c<level>``/``cx`` a
                    computer player in/out
  o     Setting     a lobby option's button: ``<code>[<change>]``, change
                    ``-``/``+`` a number, ``:<n>`` an item of a panel, ``.``
                    close the panel, ``.<n>`` its page; none: the option's
                    own button (cycle it, open its panel)
  n     NewGame     the ``/new`` picker's game: its short name
  r     Again       «Play again» on a finished game (the game id says which)
  L     Language    the ``/language`` picker's language
  m     Mine        the board's «🃏 My cards»: the presser's hand, shown to them
                    alone in the group (an ephemeral message); no body
  f     Forget      ``/forget``'s question: ``y`` delete or ``n`` keep, then
                    the asker's user id in base 36 (nobody else's press counts)
  h     Hint        a hand's «💡 Hint»: the hand's owner's user id in base 36
                    (anybody else's press is refused); tagged as the hand
  ====  ==========  =======================================================

A value is typed as the engine's codec types a prompt's pick: an int in base
36, a string after ``~``, so the int 5 and the string "5" never meet.  ``|``
is the frame's: no part may hold it.  Anything else — too long, an unknown
kind, a malformed body, a value of the wrong type — is a ``BadButton``, which
the handlers answer in one place, with one localized answer.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, Literal

from engine.core import PromptValue
from engine.core.codec import b36

MAX_BYTES = 64
NO = "-"  # no game id, no tag
STRING = "~"  # a string value (an int value is a number in base 36)


class BadButton(ValueError):
    """Data that is no button of ours (forged, truncated, or of an older bot)."""


# --- the bodies ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Act:
    """An engine action, by its code (the engine's codec writes and reads it)."""

    code: str


@dataclass(frozen=True)
class Show:
    """A change to what the presser's hand shows, not to the game (``Ctx.select``)."""

    value: str = ""


LEAVE = Show("~leave")  # the core's «Leave» on every hand, before it is confirmed

PickOp = Literal[":", "+", "-", "k", "s", "x", "p"]


@dataclass(frozen=True)
class Pick:
    """A prompt's button: answer with ``value`` (``:``), choose or un-choose it for
    the draft (``+``, ``-``), send the draft (``k``), skip (``s``), back out
    (``x``), or turn the keyboard to page ``value`` (``p``)."""

    prompt: int
    op: PickOp
    value: PromptValue | None = None


SeatsOp = Literal["j", "x", "g", "r", "h", "c"]


@dataclass(frozen=True)
class Seats:
    """A seat or a start: join, leave, start, who takes a leaver's seat, hints off/on,
    and a computer player of level ``arg`` seated (``arg`` "x": the last one unseated)."""

    op: SeatsOp
    arg: str = ""


SettingChange = Literal["", "-", "+", "item", "close", "page"]


@dataclass(frozen=True)
class Setting:
    """A lobby option's button (``code``: the option's, one character): its own button
    (""), ➖/➕ of a number, an item of its panel turned (``n``), the panel closed or
    turned to its page ``n``."""

    code: str
    change: SettingChange = ""
    n: int = 0


@dataclass(frozen=True)
class NewGame:
    game: str


@dataclass(frozen=True)
class Again:
    pass


@dataclass(frozen=True)
class Language:
    code: str


@dataclass(frozen=True)
class Mine:
    """The board's «🃏 My cards»: the presser's hand, in the group, for them alone."""


ForgetOp = Literal["y", "n"]


@dataclass(frozen=True)
class Forget:
    """``/forget``'s answer: delete (``y``) or keep (``n``) the statistics of ``user``,
    the one who asked (a press of anybody else changes nothing)."""

    op: ForgetOp
    user: int


@dataclass(frozen=True)
class Hint:
    """A hand's «💡 Hint»: the expert's move for ``user``, the hand's owner, told to them
    alone; it changes nothing in the game."""

    user: int


Body = Act | Show | Pick | Seats | Setting | NewGame | Again | Language | Forget | Mine | Hint
GAME_BODIES = (Act, Show, Pick)  # the buttons of a running game (hands and the board)


@dataclass(frozen=True)
class Pressed:
    """A button's data, read (``parse``); ``said``: its body as the data wrote it,
    with its kind (what a press of the same button repeats)."""

    chat_id: int
    game_id: str
    tag: str
    body: Body
    said: str


# --- writing ---------------------------------------------------------------------------------------


def data(chat_id: int, game_id: str, body: Body, tag: str = NO) -> str:
    """The button's data (``BadButton``: it cannot be one — a ``|`` in a part, too long)."""
    kind, text = _write(body)
    for part in (game_id, tag, text):
        if "|" in part:
            raise BadButton(f"{part!r} holds '|'")
    out = f"{kind}|{chat_id}|{game_id}|{tag}|{text}"
    if len(out.encode()) > MAX_BYTES:
        raise BadButton(f"{out!r} is over {MAX_BYTES} bytes")
    return out


def text(body: Body) -> str:
    """The body as the data writes it, with its kind (what a press of it repeats)."""
    kind, written = _write(body)
    return kind + written


def value(v: PromptValue) -> str:
    if isinstance(v, bool) or not isinstance(v, int | str):
        raise BadButton(f"{v!r} is no prompt value")
    return b36(v) if isinstance(v, int) else STRING + v


def _write(body: Body) -> tuple[str, str]:
    match body:
        case Act(code):
            return "a", code
        case Show(v):
            return "s", v
        case Pick(prompt, op, v):
            return "p", f"{prompt}{op}{'' if v is None else value(v)}"
        case Seats(op, arg):
            return "l", op + arg
        case Setting(code, change, n):
            if len(code) != 1:
                raise BadButton(f"option code {code!r}")
            tail = {"": "", "-": "-", "+": "+", "item": f":{n}", "close": ".", "page": f".{n}"}[change]
            return "o", code + tail
        case NewGame(game):
            return "n", game
        case Again():
            return "r", ""
        case Mine():
            return "m", ""
        case Language(code):
            return "L", code
        case Forget(op, user):
            if op not in ("y", "n") or isinstance(user, bool) or not isinstance(user, int) or user <= 0:
                raise BadButton(f"{body!r} is no button")
            return "f", op + b36(user)
        case Hint(user):
            if isinstance(user, bool) or not isinstance(user, int) or user <= 0:
                raise BadButton(f"{body!r} is no button")
            return "h", b36(user)
    raise BadButton(f"{body!r} is no button")


# --- reading ---------------------------------------------------------------------------------------


def parse(raw: str | None) -> Pressed:
    """What a button's data means (``BadButton``: nothing of ours)."""
    if not raw:
        raise BadButton(raw)
    try:
        size = len(raw.encode())
    except UnicodeEncodeError:  # lone surrogates: bytes that were no UTF-8, no button of ours
        raise BadButton(raw) from None
    if size > MAX_BYTES:
        raise BadButton(raw)
    parts = raw.split("|")
    if len(parts) != 5:
        raise BadButton(raw)
    kind, chat, game_id, tag, text = parts
    reader = _READERS.get(kind)
    if reader is None or not game_id or not tag:
        raise BadButton(raw)
    try:
        press = Pressed(int(chat), game_id, tag, reader(text), kind + text)
        canonical = data(press.chat_id, game_id, press.body, tag)
    except ValueError:  # BadButton too
        raise BadButton(raw) from None
    if canonical != raw:  # a number written another way (``01``, ``+1``): not ours
        raise BadButton(raw)
    return press


def read_value(text: str) -> PromptValue:
    if text.startswith(STRING):
        return text[1:]
    return _int(text)


def _int(text: str) -> int:
    digits = text.removeprefix("-")
    if not digits or digits != digits.lower() or not digits.isalnum() or not digits.isascii():
        raise BadButton(text)
    n = int(digits, 36)
    return -n if text.startswith("-") else n


def _act(text: str) -> Body:
    if not text:
        raise BadButton(text)
    return Act(text)


def _prompt(text: str) -> Body:
    head = "".join(c for c in _takewhile_digits(text))
    rest = text[len(head) :]
    if not head or not rest or rest[0] not in ":+-ksxp":
        raise BadButton(text)
    op: Any = rest[0]
    tail = rest[1:]
    if op in "ksx":
        if tail:
            raise BadButton(text)
        return Pick(int(head), op)
    if op == "p":
        return Pick(int(head), op, _int(tail))
    return Pick(int(head), op, read_value(tail))


def _takewhile_digits(text: str) -> str:
    n = 0
    while n < len(text) and text[n].isdigit() and text[n].isascii():
        n += 1
    return text[:n]


def _lobby(text: str) -> Body:
    op, arg = text[:1], text[1:]
    if op in ("j", "x", "g", "r", "h") and not arg:
        return Seats(op)  # type: ignore[arg-type]
    if op == "c" and arg:
        return Seats("c", arg)
    raise BadButton(text)


def _option(text: str) -> Body:
    code, tail = text[:1], text[1:]
    if not code:
        raise BadButton(text)
    if tail in ("", "-", "+"):
        return Setting(code, tail)  # type: ignore[arg-type]
    if tail == ".":
        return Setting(code, "close")
    if tail[:1] == ":":
        return Setting(code, "item", _count(tail[1:]))
    if tail[:1] == ".":
        return Setting(code, "page", _count(tail[1:]))
    raise BadButton(text)


def _count(text: str) -> int:
    if not text.isdigit() or not text.isascii() or len(text) > 4:
        raise BadButton(text)
    return int(text)


def _named(make: Any) -> Any:
    def read(text: str) -> Body:
        if not text:
            raise BadButton(text)
        return make(text)  # type: ignore[no-any-return]

    return read


def _again(text: str) -> Body:
    if text:
        raise BadButton(text)
    return Again()


def _mine(text: str) -> Body:
    if text:
        raise BadButton(text)
    return Mine()


def _forget(text: str) -> Body:
    op, user = text[:1], text[1:]
    if op not in ("y", "n") or user.startswith("-"):
        raise BadButton(text)
    return Forget(op, _int(user))  # type: ignore[arg-type]


def _hint(text: str) -> Body:
    if not text or text.startswith("-"):
        raise BadButton(text)
    return Hint(_int(text))


_READERS = {
    "a": _act,
    "s": Show,
    "p": _prompt,
    "l": _lobby,
    "o": _option,
    "n": _named(NewGame),
    "r": _again,
    "L": _named(Language),
    "f": _forget,
    "m": _mine,
    "h": _hint,
}


def tag_of(*parts: Any) -> str:
    """A short digest of what a keyboard was drawn from."""
    return format(zlib.crc32(repr(parts).encode()) & 0xFFFFFF, "x")
