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

A plain ``@dataclass`` declared with ``native(...)`` is a *native* record: a module the
build compiles (mypyc) makes it a C-level class, many times cheaper to read and
copy.  Such a class cannot take a decorator's additions, so what ``@record``
derives is written in its body: its ``clone`` (``clone_source`` derives it
from the annotations and a test holds the written one to it), and a frozen one
is a value.  A compiled class keeps no annotations pydantic could read, so its
JSON goes through a *twin*: a plain dataclass built from the annotations in
the class's source file, validated and serialised by pydantic as the class
itself would be, then turned into the class (``load``) or made from it
(``dump``).  The same path runs compiled or not.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from pathlib import Path
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
    """A record never changed once made: ``@record(value=True)``, or a frozen native record."""
    if getattr(tp, _VALUE, False):
        return True
    params = getattr(tp, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


_NATIVE: set[type] = set()


def native(*classes: type) -> None:
    """Declare plain dataclasses native records (see the module's docstring): called
    by their module, after them (a compiled class takes no decorator of ours)."""
    for cls in classes:
        if not dataclasses.is_dataclass(cls) or hasattr(cls, _VALUE):
            raise TypeError(f"plain dataclass expected: {cls.__qualname__}")  # a native record is one
        _NATIVE.add(cls)


def natives() -> frozenset[type]:
    """Every native record declared so far."""
    return frozenset(_NATIVE)


def is_native(tp: Any) -> bool:
    """A native record (``native``)."""
    return tp in _NATIVE


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


def clone_source(cls: type) -> str:
    """The ``clone`` method a native record writes in its body: what ``@record``
    derives for a record, as attribute copies (a compiled class has no ``__dict__``)."""
    hints = source_hints(cls)
    name = cls.__name__
    ns: dict[str, Any] = {}
    lines = [
        f"    def clone(self) -> {name}:",
        f"        n = {name}.__new__({name})",
    ]
    for f in dataclasses.fields(cls):
        src = f"self.{f.name}"
        expr = _copy_expr(hints[f.name], src, ns, 0)
        if expr is not None and "_deep" in expr:
            raise TypeError(f"imprecise native field: {name}.{f.name}")  # Any: no copy to write out
        lines.append(f"        n.{f.name} = {src if expr is None else expr}")
    lines.append("        return n")
    return "\n".join(lines) + "\n"


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
    tp = type(obj)
    if is_native(tp):
        return adapter(twin(tp)).dump_json(_to_twin(obj)).decode()
    return adapter(tp).dump_json(obj).decode()


def to_jsonable(obj: Any) -> Any:
    """A record as plain JSON-ready Python (dicts, lists, strings, numbers)."""
    tp = type(obj)
    if is_native(tp):
        return adapter(twin(tp)).dump_python(_to_twin(obj), mode="json")
    return adapter(tp).dump_python(obj, mode="json")


def load(tp: type[T], data: str | bytes | Any) -> T:
    """A value of ``tp`` from JSON text or from plain Python data, validated."""
    native = is_native(tp)
    a = adapter(twin(tp) if native else tp)
    value = a.validate_json(data) if isinstance(data, str | bytes) else a.validate_python(data)
    return _from_twin(value) if native else value  # type: ignore[no-any-return]


# --- native records' JSON: twins built from the source's annotations -----------------------

_SOURCES: dict[str, ast.Module] = {}
_HINTS: dict[type, dict[str, Any]] = {}
_TWINS: dict[type, type] = {}
_NATIVES: dict[type, type] = {}


def source_hints(cls: type) -> dict[str, Any]:
    """The field annotations of ``cls`` and its bases, evaluated, as written in
    their source files (a compiled class keeps only placeholders)."""
    found = _HINTS.get(cls)
    if found is None:
        found = {}
        for c in reversed(cls.__mro__):
            if c is not object and dataclasses.is_dataclass(c):
                found.update(_own_hints(c))
        _HINTS[cls] = found
    return found


def _own_hints(cls: type) -> dict[str, Any]:
    module = sys.modules[cls.__module__]
    file = Path(str(module.__file__))
    path = file if file.suffix == ".py" else file.with_name(file.name.split(".")[0] + ".py")
    tree = _SOURCES.get(str(path))
    text = path.read_text(encoding="utf-8")
    if tree is None:
        tree = _SOURCES[str(path)] = ast.parse(text)
    node = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__), None)
    if node is None:
        raise TypeError(f"class not found: {cls.__qualname__} in {path}")  # at the top of its module
    hints: dict[str, Any] = {}
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            text_of = ast.get_source_segment(text, stmt.annotation) or ""
            if not text_of.startswith("ClassVar"):
                hints[stmt.target.id] = eval(text_of, vars(module))  # the module's own annotation
    return hints


def twin(cls: type) -> type:
    """The plain dataclass pydantic reads and writes for the native record ``cls``."""
    found = _TWINS.get(cls)
    if found is None:
        hints = source_hints(cls)
        fields: list[tuple[str, Any, Any]] = []
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                spec = dataclasses.field(default=f.default)
            elif f.default_factory is not dataclasses.MISSING:
                spec = dataclasses.field(default_factory=f.default_factory)
            else:
                spec = dataclasses.field()
            fields.append((f.name, _twin_type(hints[f.name]), spec))
        frozen = is_value(cls)
        found = dataclasses.make_dataclass(cls.__name__, fields, kw_only=True, frozen=frozen)
        found.__module__ = cls.__module__
        _TWINS[cls], _NATIVES[found] = found, cls
    return found


def _twin_type(tp: Any) -> Any:
    """``tp`` with every native record in it replaced by its twin."""
    if is_native(tp):
        return twin(tp)
    args = get_args(tp)
    if not args:
        return tp
    origin = get_origin(tp)
    if origin is typing.Literal:
        return tp
    new = tuple(_twin_type(a) for a in args)
    if new == args:
        return tp
    if origin is typing.Annotated:
        return typing.Annotated[(new[0], *tp.__metadata__)]
    if origin in (typing.Union, types.UnionType):
        return typing.Union[new]  # noqa: UP007 - built from a tuple
    return types.GenericAlias(origin, new)


def _from_twin(v: Any) -> Any:
    return _convert(v, _NATIVES.get)


def _to_twin(v: Any) -> Any:
    return _convert(v, lambda t: twin(t) if is_native(t) else None)


def _convert(v: Any, into: Callable[[type], type | None]) -> Any:
    """``v`` with every record ``into`` names a class for made anew as that class."""
    target = into(type(v))
    if target is not None:
        return target(**{f.name: _convert(getattr(v, f.name), into) for f in dataclasses.fields(v)})
    t = type(v)
    if t is list:
        return [_convert(x, into) for x in v]
    if t is dict:
        return {k: _convert(x, into) for k, x in v.items()}
    if t is tuple:
        return tuple(_convert(x, into) for x in v)
    return v
