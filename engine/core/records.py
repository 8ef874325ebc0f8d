"""Records: the engine's plain, fast, typed values — and their copies and JSON.

A record is a keyword-only dataclass.  Inside the engine it is as cheap as a
Python object gets (no validation on construction or on assignment); at the
edges — a session saved to Redis, an action parsed from a button — pydantic
validates and serialises it from the same annotations (``load``, ``dump``,
``to_jsonable``).  There are two kinds:

- a *value* is never changed once made (actions, events, prompts, views):
  ``@record(value=True)`` (slotted: cheap to make; hashable, as the frozen
  model it replaces), or a frozen dataclass.  A copy shares it.
- a *mutable record* is changed in place by the rules (a state and its
  mutable parts): ``@record``, or, in a module the build compiles (mypyc),
  where a class takes no decorator of ours, a plain ``@dataclass(kw_only=True)``
  declared with ``native(...)`` after it.  ``clone(r)`` copies it deeply
  enough that changing the copy never touches the original: a ``list``,
  ``dict`` or ``set`` is copied (mutable records in it cloned), everything
  immutable is shared — and so is a ``Sequence`` or a ``Mapping``: a field
  typed so is never changed in place (the type checker holds rules to that),
  only replaced, so a copy may share it (copy on write, for the parts of a
  state most moves leave alone).

Nothing about a record is written twice: its fields are its annotations,
and its copy and its JSON are derived from them, so a field is one line.
No field can be forgotten, because nobody lists the fields.

- The copy is a function made from the annotations (``clone_source``) the
  first time a class is copied (a ``@record`` keeps its fields in a
  ``__dict__``, which it copies in one step), or, for a native record, when
  its module declares it, so that what cannot be derived fails the import.
  A compiled class keeps no annotations, so the build
  (``engine._build.generate``, run by ``setup.py``) writes the same functions
  for the native records, from their sources, into ``engine/_copies.py`` and
  compiles them with the classes: field by field, as fast as a copy written
  by hand.
- The JSON: pydantic reads a record's class.  It cannot read a native
  record's (compiled, its annotations are gone), so that one goes through a
  *twin*: a plain dataclass with the same fields and annotations (``hints``:
  the class's own from its source, or those the build wrote into
  ``engine/_hints.py`` when it runs compiled), validated and serialised by
  pydantic as the class itself would be, then turned into the class
  (``load``) or made from it (``dump``).  The same path runs compiled or not.

A mutable default (``= []``, ``= {}``) of a ``@record`` is a fresh copy for
every instance (a plain dataclass says ``field(default_factory=list)``).
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.machinery
import inspect
import sys
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
        if value:
            out.__hash__ = _value_hash  # a value may go in a set, as the frozen model it replaces
        return typing.cast(type[T], out)

    return make(cls) if cls is not None else make


def is_value(tp: Any) -> bool:
    """A record never changed once made: ``@record(value=True)``, or a frozen dataclass."""
    if getattr(tp, _VALUE, False):
        return True
    params = getattr(tp, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


_NATIVE: set[type] = set()


def native(*classes: type) -> None:
    """Declare plain dataclasses records (see the module's docstring): called by
    their module, after them (a compiled class takes no decorator of ours).
    From the sources, their copies and twins are derived at once, so that a
    field that cannot be fails the import, saying which."""
    for cls in classes:
        if not dataclasses.is_dataclass(cls) or hasattr(cls, _VALUE):
            raise TypeError(f"plain dataclass expected: {cls.__qualname__}")  # a native record is one
        _NATIVE.add(cls)
    for cls in classes:
        if not compiled(cls):
            try:
                copier(cls)
                twin(cls)
            except (NameError, TypeError) as e:
                raise TypeError(f"{_name(cls)}: no copy or JSON derives from its annotations: {e}") from e


def natives() -> frozenset[type]:
    """Every native record declared so far."""
    return frozenset(_NATIVE)


def is_native(tp: Any) -> bool:
    """A native record (``native``)."""
    return tp in _NATIVE


def _value_hash(self: Any) -> int:
    return hash((type(self), *(_hashable(getattr(self, f)) for f in self.__dataclass_fields__)))


def _hashable(v: Any) -> Any:
    if isinstance(v, list | tuple):
        return tuple(_hashable(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, _hashable(x)) for k, x in v.items())
    return v


# --- annotations --------------------------------------------------------------------------

_HINTS: dict[type, dict[str, Any]] = {}


def hints(cls: type) -> dict[str, Any]:
    """The fields of the dataclass ``cls`` and their annotations, evaluated (with
    their ``Annotated`` extras): the class's own, or, for a class running
    compiled, those the build derived from its source (``engine/_hints.py``)."""
    found = _HINTS.get(cls)
    if found is None:
        if compiled(cls):
            found = _built("engine._hints", "HINTS").get(cls)
            if found is None:
                raise Undeclared(f"no annotations derived by the build for {_name(cls)}")
        else:
            every = typing.get_type_hints(cls, include_extras=True)
            found = {f.name: every[f.name] for f in dataclasses.fields(cls)}
        _HINTS[cls] = found
    return found


def compiled(cls: type) -> bool:
    """Whether ``cls`` runs compiled (its module is an extension: mypyc erased its annotations)."""
    file = getattr(sys.modules.get(cls.__module__), "__file__", None) or ""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


class Undeclared(TypeError):
    """A mutable dataclass of a compiled module is declared ``native(...)`` after its first use."""


def _built(module: str, table: str) -> dict[type, Any]:
    """A table the build writes (``engine._build.generate``) next to the compiled modules."""
    try:
        found: dict[type, Any] = getattr(importlib.import_module(module), table)
    except ImportError as e:  # the compiled modules run, so the build ran: it wrote them
        raise RuntimeError(f"{module} is missing: install again (pip install -e .)") from e
    return found


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


# --- copies -------------------------------------------------------------------------------

_COPIES: dict[type, Callable[[Any], Any]] = {}


def clone(obj: T) -> T:
    """A copy of a record that a rule may change without touching ``obj`` (a
    value is its own copy): see the module's docstring."""
    fn = _COPIES.get(type(obj))
    if fn is None:
        fn = copier(type(obj))
    return fn(obj)  # type: ignore[no-any-return]


def copier(cls: type[T]) -> Callable[[T], T]:
    """The function ``clone`` copies a ``cls`` with (made once per class)."""
    fn = _COPIES.get(cls)
    if fn is None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"not a record: {_name(cls)}")
        if is_value(cls):
            fn = _same
        elif compiled(cls):
            fn = _built("engine._copies", "CLONES").get(cls)
            if fn is None:
                raise Undeclared(f"no copy derived by the build for {_name(cls)}")
        else:
            ns: dict[str, Any] = {"_cls": cls, "_new": object.__new__, "_set": object.__setattr__}
            ns.update(_deep=deep_copy, _clone=clone)
            exec(clone_source(cls, hints(cls), attrs=cls.__dictoffset__ == 0), ns)
            fn = ns["clone"]
            fn.__qualname__ = f"{cls.__qualname__}.clone"
        _COPIES[cls] = fn
    return fn


def _same(obj: T) -> T:
    return obj


_SHARED = (int, str, float, bool, bytes, Enum, BaseModel, type(None))


def clone_source(
    cls: type,
    hints: Mapping[str, Any],
    *,
    attrs: bool,
    name: str = "clone",
    ref: str = "_cls",
    nested: Callable[[type], str] | None = None,
) -> str:
    """The source of a function ``name(o)`` copying ``o``, a ``cls`` (``ref`` in
    the code) whose fields have these annotations: field by field (``attrs``:
    an instance without a ``__dict__``, as a compiled one), or the ``__dict__``
    at once with the fields to copy copied.  The code calls ``_clone`` on a
    mutable record in a field (or what ``nested`` names for its class), and
    ``_deep`` on a field typed ``Any``."""
    into = nested or (lambda tp: "_clone")
    fields = [f.name for f in dataclasses.fields(cls)]
    if attrs:
        lines = [f"def {name}(o: {ref}) -> {ref}:", f"    n = {ref}.__new__({ref})"]
        for f in fields:
            expr = _copy_expr(hints[f], f"o.{f}", 0, into)
            lines.append(f"    n.{f} = {expr or f'o.{f}'}")
    else:
        lines = [f"def {name}(o):", "    d = o.__dict__.copy()"]
        for f in fields:
            expr = _copy_expr(hints[f], f"d[{f!r}]", 0, into)
            if expr is not None:
                lines.append(f"    d[{f!r}] = {expr}")
        lines += [f"    n = _new({ref})", "    _set(n, '__dict__', d)"]
    lines.append("    return n")
    return "\n".join(lines) + "\n"


def _copy_expr(tp: Any, src: str, depth: int, nested: Callable[[type], str]) -> str | None:
    """A Python expression copying the value ``src`` of type ``tp``; None: share it."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is typing.Annotated:
        return _copy_expr(args[0], src, depth, nested)
    if tp is Any or tp is object or isinstance(tp, TypeVar):
        return f"_deep({src})"
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        exprs = [_copy_expr(a, src, depth, nested) for a in members]
        if all(e is None for e in exprs):
            return None
        if len(members) == 1:
            return f"(None if {src} is None else {exprs[0]})"
        return f"_deep({src})"
    if origin is typing.Literal or origin is ClassVar:
        return None
    x, k = f"x{depth}", f"k{depth}"
    if origin is list:
        inner = _copy_expr(args[0], x, depth + 1, nested) if args else f"_deep({x})"
        return f"{src}[:]" if inner is None else f"[{inner} for {x} in {src}]"
    if origin is dict:
        inner = _copy_expr(args[1], x, depth + 1, nested) if args else f"_deep({x})"
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
            return f"{nested(tp)}({src})"
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
    if dataclasses.is_dataclass(t):
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


# --- native records' JSON: twins with their annotations ------------------------------------

_TWINS: dict[type, type] = {}
_NATIVES: dict[type, type] = {}


def twin(cls: type) -> type:
    """The plain dataclass pydantic reads and writes for the native record ``cls``."""
    found = _TWINS.get(cls)
    if found is None:
        annotations = hints(cls)
        fields: list[tuple[str, Any, Any]] = []
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                spec = dataclasses.field(default=f.default)
            elif f.default_factory is not dataclasses.MISSING:
                spec = dataclasses.field(default_factory=f.default_factory)
            else:
                spec = dataclasses.field()
            fields.append((f.name, _twin_type(annotations[f.name]), spec))
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
