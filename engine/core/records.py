"""Records: the engine's plain, fast, typed values — and their copies and JSON.

A record is a slotted, keyword-only dataclass (``@record``).  Inside the engine
it is as cheap as a Python object gets (no validation on construction or on
assignment); at the edges — a session saved to Redis, an action parsed from a
button — pydantic validates and serialises it from the same annotations
(``load``, ``dump``, ``to_jsonable``).

- ``@record`` is a record a rule may change in place (a state and its mutable
  parts).  ``clone()`` copies it deeply enough that changing the copy never
  touches the original, derived from its annotations: a ``list``, ``dict`` or
  ``set`` is copied (records in it cloned), everything immutable is shared —
  and so is a ``Sequence`` or a ``Mapping``: a field typed so is never changed
  in place (the type checker holds rules to that), only replaced, so a clone
  may share it (copy on write, for the parts of a state most moves leave
  alone).  No field can be forgotten, because nobody lists the fields.
- ``@record(value=True)`` is a value: never changed once made (actions,
  events, prompts, views).  A clone shares it.  A value is slotted (cheap to
  make); a mutable record keeps its fields in a ``__dict__``, which a clone
  copies in one step.

A mutable default (``= []``, ``= {}``) is a fresh copy for every instance.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, ClassVar, TypeVar, dataclass_transform, get_args, get_origin, overload

from pydantic import BaseModel, TypeAdapter

T = TypeVar("T")

_VALUE = "__record_value__"


@overload
def record(cls: type[T], /) -> type[T]: ...
@overload
def record(*, value: bool = False) -> Callable[[type[T]], type[T]]: ...
@dataclass_transform(kw_only_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T] | None = None, /, *, value: bool = False) -> Any:
    """Make ``cls`` a record (see the module's docstring)."""

    def make(c: type[T]) -> type[T]:
        for name in inspect.get_annotations(c):
            default = c.__dict__.get(name)
            if isinstance(default, list | dict | set):
                setattr(c, name, dataclasses.field(default_factory=default.copy))
        out: Any = dataclasses.dataclass(slots=value, kw_only=True, eq=True, repr=True)(c)
        setattr(out, _VALUE, value)
        out.clone = _same if value else _compile_on_first_use
        if value:
            out.__hash__ = _value_hash  # a value may go in a set, as the frozen model it replaces
        return typing.cast(type[T], out)

    return make(cls) if cls is not None else make


def is_value(tp: Any) -> bool:
    return bool(getattr(tp, _VALUE, False))


def _same(self: T) -> T:
    return self


def _value_hash(self: Any) -> int:
    return hash((type(self), *(_hashable(getattr(self, f)) for f in self.__dataclass_fields__)))


def _hashable(v: Any) -> Any:
    if isinstance(v, list | tuple):
        return tuple(_hashable(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, _hashable(x)) for k, x in v.items())
    return v


def _compile_on_first_use(self: T) -> T:
    fn = _clone_function(type(self))
    type(self).clone = fn  # type: ignore[attr-defined]
    return fn(self)


# --- deriving a clone from the annotations ------------------------------------------------

_SHARED = (int, str, float, bool, bytes, Enum, BaseModel, type(None))


def _clone_function(cls: type[T]) -> Callable[[T], T]:
    hints = typing.get_type_hints(cls)
    ns: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_deep": deep_copy, "_set": object.__setattr__}
    lines = ["def clone(o):", "    d = o.__dict__.copy()"]
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        src = f"d[{f.name!r}]"
        expr = _copy_expr(hints[f.name], src, ns, 0)
        if expr is not None:
            lines.append(f"    {src} = {expr}")
    lines += ["    n = _new(_cls)", "    _set(n, '__dict__', d)", "    return n"]
    exec("\n".join(lines), ns)
    fn: Callable[[T], T] = ns["clone"]
    fn.__qualname__ = f"{cls.__qualname__}.clone"
    return fn


def _copy_expr(tp: Any, src: str, ns: dict[str, Any], depth: int) -> str | None:
    """A Python expression copying the value ``src`` of type ``tp``; None: share it."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is typing.Annotated:
        return _copy_expr(args[0], src, ns, depth)
    if tp is Any or tp is object or isinstance(tp, TypeVar):
        return f"_deep({src})"
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        exprs = [_copy_expr(a, src, ns, depth) for a in members]
        if all(e is None for e in exprs):
            return None
        if len(members) == 1:
            return f"(None if {src} is None else {exprs[0]})"
        return f"_deep({src})"
    if origin is typing.Literal or origin is ClassVar:
        return None
    x, k = f"x{depth}", f"k{depth}"
    if origin is list:
        inner = _copy_expr(args[0], x, ns, depth + 1) if args else f"_deep({x})"
        return f"{src}[:]" if inner is None else f"[{inner} for {x} in {src}]"
    if origin is dict:
        inner = _copy_expr(args[1], x, ns, depth + 1) if args else f"_deep({x})"
        return f"{src}.copy()" if inner is None else f"{{{k}: {inner} for {k}, {x} in {src}.items()}}"
    if origin is set:
        return f"{src}.copy()"
    if origin in (tuple, frozenset, Sequence, Mapping) or tp in (tuple, frozenset):
        return None  # immutable, or replaced rather than changed: shared
    if tp in (list, dict, set):
        return f"_deep({src})"
    if isinstance(tp, type):
        if issubclass(tp, _SHARED) or is_value(tp):
            return None
        if dataclasses.is_dataclass(tp):
            return f"{src}.clone()"
    raise TypeError(f"uncopyable field type: {tp!r}")  # make it a record, a value or JSON


def deep_copy(v: Any) -> Any:
    """A copy of a JSON-like value (lists, dicts and sets of them; records cloned)."""
    t = type(v)
    if t is list:
        return [deep_copy(x) for x in v]
    if t is dict:
        return {k: deep_copy(x) for k, x in v.items()}
    if t is set:
        return set(v)
    clone = getattr(t, "clone", None)
    if clone is not None and dataclasses.is_dataclass(t):
        return clone(v)
    return v


def replace(obj: T, **changes: Any) -> T:
    """A copy of a record with some fields changed (the rest shared)."""
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


# --- JSON at the edges --------------------------------------------------------------------


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def adapter(tp: Any) -> TypeAdapter[Any]:
    """pydantic's validator and serialiser for a type (made once per type)."""
    found = _ADAPTERS.get(tp)
    if found is None:
        found = _ADAPTERS[tp] = TypeAdapter(tp)
    return found


def dump(obj: Any) -> str:
    """A record (or any value pydantic knows) as JSON."""
    return adapter(type(obj)).dump_json(obj).decode()


def to_jsonable(obj: Any) -> Any:
    """A record as plain JSON-ready Python (dicts, lists, strings, numbers)."""
    return adapter(type(obj)).dump_python(obj, mode="json")


def load(tp: type[T], data: str | bytes | Any) -> T:
    """A value of ``tp`` from JSON text or from plain Python data, validated."""
    a = adapter(tp)
    if isinstance(data, str | bytes):
        return a.validate_json(data)  # type: ignore[no-any-return]
    return a.validate_python(data)  # type: ignore[no-any-return]
