"""Every player action as a short string and back, derived from the action records.

Like python-chess's ``Move.uci()`` / ``Move.from_uci()``: a button's data is
the action's code, written by nobody.  A code is the action's ``type`` tag,
then its fields in declaration order (all but ``type`` and ``player``: the
player is whoever pressed), separated by ``.``:

- an int in base 36 (``-`` before a negative one), a bool ``1``/``0``;
- a string or a string enum as it is (it may not hold ``. , ~ |``);
- ``None`` as nothing;
- a list as its items joined by ``,``; in a list of ints and strings (a
  prompt's picks) a string is marked with ``~``.

Trailing fields at their defaults are left out.  ``Play(player=7, card=12,
on=40)`` is ``play.c.14``; ``Answer(player=7, prompt=3, picks=[5, "yes"])`` is
``answer.3.5,~yes``.  Decoding validates
the fields with the record's own annotations (ranges, enums), so a forged
code is refused, never half-understood.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, get_args, get_origin

from pydantic import ValidationError

from engine.core.records import load

RESERVED = ".,~|"
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

Enc = Callable[[Any], str]
Dec = Callable[[str], Any]


class CodecError(ValueError):
    """A code that names no action (or an action that has no code)."""


def b36(n: int) -> str:
    if n < 0:
        return "-" + b36(-n)
    if n < 36:
        return _DIGITS[n]
    out = []
    while n:
        n, d = divmod(n, 36)
        out.append(_DIGITS[d])
    return "".join(reversed(out))


def _int(text: str) -> int:
    if not text or text != text.lower() or text.startswith("+"):
        raise CodecError(text)
    try:
        return int(text, 36)
    except ValueError:
        raise CodecError(text) from None


def _str(value: Any) -> str:
    text = value.value if isinstance(value, Enum) else str(value)
    if any(c in RESERVED for c in text):
        raise CodecError(f"{text!r} holds one of {RESERVED!r}")
    return text


def _bool(text: str) -> bool:
    if text not in ("0", "1"):
        raise CodecError(text)
    return text == "1"


def _item(value: Any) -> str:
    return b36(value) if isinstance(value, int) else "~" + _str(value)


def _unitem(text: str) -> Any:
    return text[1:] if text.startswith("~") else _int(text)


def _field_codec(tp: Any) -> tuple[Enc, Dec]:
    origin, args = get_origin(tp), get_args(tp)
    if origin is typing.Annotated:
        return _field_codec(args[0])
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        if len(members) < len(args):  # Optional: None is the empty string
            enc, dec = _field_codec(members[0] if len(members) == 1 else typing.Union[tuple(members)])  # noqa: UP007
            return (lambda v: "" if v is None else _nonempty(enc(v))), (lambda t: None if t == "" else dec(t))
        if set(members) <= {int, str}:
            return _item, _unitem
    if origin is list:
        enc, dec = _field_codec(args[0])
        return (lambda v: ",".join(enc(x) for x in v)), (
            lambda t: [dec(x) for x in t.split(",")] if t else []
        )
    if tp is bool:
        return (lambda v: "1" if v else "0"), _bool
    if tp is int:
        return b36, _int
    if tp is str or origin is typing.Literal or (isinstance(tp, type) and issubclass(tp, str)):
        return _str, lambda t: t
    raise TypeError(f"uncodable field type: {tp!r}")


def _nonempty(text: str) -> str:
    if not text:
        raise CodecError("empty value")  # None reads the same
    return text


@dataclasses.dataclass(frozen=True)
class _Spec:
    cls: type
    fields: tuple[tuple[str, Enc, Dec], ...]
    defaults: tuple[Any, ...]  # each field's default (_NONE: it has none)


_NONE = object()


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return _NONE


class Codec:
    """Codes for a game's player actions (records with ``type`` and ``player``)."""

    def __init__(self, actions: Sequence[type]) -> None:
        self._by_tag: dict[str, _Spec] = {}
        self._by_cls: dict[type, tuple[str, _Spec]] = {}
        for cls in actions:
            hints = typing.get_type_hints(cls, include_extras=True)
            tag = next(f.default for f in dataclasses.fields(cls) if f.name == "type")
            if not isinstance(tag, str) or any(c in RESERVED for c in tag) or tag in self._by_tag:
                raise TypeError(f"{cls.__name__}: ambiguous tag {tag!r}")
            own = [f for f in dataclasses.fields(cls) if f.name not in ("type", "player")]
            spec = _Spec(
                cls,
                tuple((f.name, *_field_codec(hints[f.name])) for f in own),
                tuple(_default(f) for f in own),
            )
            self._by_tag[tag] = spec
            self._by_cls[cls] = (tag, spec)

    def encode(self, action: Any) -> str:
        found = self._by_cls.get(type(action))
        if found is None:
            raise CodecError(f"no code for {type(action).__name__}")
        tag, spec = found
        values = [getattr(action, name) for name, _, _ in spec.fields]
        n = len(values)
        while n and values[n - 1] == spec.defaults[n - 1]:  # trailing defaults go without saying
            n -= 1
        if not n:
            return tag
        return tag + "." + ".".join(spec.fields[i][1](values[i]) for i in range(n))

    def encode_all(self, actions: Sequence[Any]) -> list[str]:
        """Each action's code, in order."""
        return [self.encode(a) for a in actions]

    def decode(self, code: str, player: int) -> Any:
        """The action ``code`` stands for, made by ``player``; ``CodecError`` if none."""
        tag, *parts = code.split(".")
        spec = self._by_tag.get(tag)
        if spec is None or len(parts) > len(spec.fields):
            raise CodecError(code)
        data: dict[str, Any] = {"type": tag, "player": player}
        for (name, _, dec), part in zip(spec.fields, parts, strict=False):
            data[name] = dec(part)
        try:
            action: Any = load(spec.cls, data)
        except ValidationError:
            raise CodecError(code) from None
        if self.encode(action) != code:  # one action, one code: "01" or "c0" are not "1"
            raise CodecError(code)
        return action
