"""Native records — the plain dataclasses the build compiles (Svintus's and
Candy Empire's states) — copied and stored as every record is, from their
annotations alone: running from the sources, and through what the build
derives for the compiled classes (``engine._build.generate``).  A field added
to a state is one line: its copy and its JSON follow with no other edit."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import itertools
import json
import random
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from engine import _build, registry
from engine.core import Tick, records
from engine.core.records import clone, dump, hints, load, twin
from engine.svintus.animals import Animal
from engine.svintus.state import AbilityRun, Race, SvintusState
from engine.svintus.values import Attack, SvintusOptions

Scratch = Callable[[str, str], ModuleType]


@pytest.fixture
def scratch(tmp_path: Any) -> Iterator[Scratch]:
    """Import a module written from ``source`` (its native records forgotten after the test)."""
    import sys

    declared = set(records._NATIVE)
    names: list[str] = []

    def make(name: str, source: str) -> ModuleType:
        path = tmp_path / f"{name}.py"
        path.write_text(source, encoding="utf-8")
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        names.append(name)
        spec.loader.exec_module(module)
        return module

    yield make
    for name in names:
        sys.modules.pop(name, None)
    records._NATIVE.intersection_update(declared)


def built(scratch: Scratch, name: str, classes: list[type]) -> tuple[dict[type, Any], dict[type, Any]]:
    """What the build writes for these classes (their copies, their annotations), imported."""
    compiled = {c.__module__ for c in classes}
    copies = scratch(f"{name}_copies", _build.copies_source(classes, compiled))
    annotations = scratch(f"{name}_hints", _build.hints_source(classes))
    return copies.CLONES, annotations.HINTS


def _copied(tp: Any) -> bool:
    """Whether a copy copies a field of type ``tp`` (or else shares it)."""
    return records._copy_expr(tp, "v", 0, lambda t: "_clone") is not None


def _positions(name: str, seed: int, steps: int = 200) -> Iterator[Any]:
    game = registry.get(name)
    rnd = random.Random(seed)
    seats = list(range(1, 5))
    s, _ = game.start(seats, seed, game.options(), 0)
    now = 0
    for _ in range(steps):
        yield s
        if game.outcome(s).status == "over":
            return
        now += rnd.randint(0, 1500)
        due = game.next_deadline(s)
        menu = [a for p in seats for a in game.legal(s, p) if a.type not in ("leave", "speak")]
        if (due is not None and due <= now) or not menu:
            if due is None:
                return
            s, _ = game.apply(s, Tick(), max(now, due))
        else:
            s, _ = game.apply(s, menu[rnd.randrange(len(menu))], now)


def _parts(s: Any) -> Iterator[Any]:
    """``s`` and every native record in it."""
    yield s
    for f in dataclasses.fields(s):
        v = getattr(s, f.name)
        if records.is_native(type(v)):
            yield from _parts(v)


def _same_copy(copy: Callable[[Any], Any], s: Any, annotations: dict[str, Any]) -> None:
    """``copy(s)`` equals ``s``, copies each field a move may change in place and shares the rest."""
    c = copy(s)
    assert type(c) is type(s) and c == s and c is not s
    for name, tp in annotations.items():
        a, b = getattr(s, name), getattr(c, name)
        if isinstance(a, list | dict | set | tuple) or dataclasses.is_dataclass(a):
            assert (b is a) != _copied(tp), name
        # (nothing else to share: a compiled class stores an int unboxed, read it is a new one)


# --- the engine's native records ----------------------------------------------------------


def _engine_natives() -> list[type]:
    """The native records of the modules the build compiles."""
    modules = {p.removesuffix(".py").replace("/", ".") for p in _build.COMPILED}
    for module in modules:
        importlib.import_module(module)
    return sorted((c for c in records.natives() if c.__module__ in modules), key=records._name)


def test_the_engine_declares_its_compiled_states_native() -> None:
    assert {c.__name__ for c in _engine_natives()} == {"SvintusState", "Race", "AbilityRun", "CandyState"}


@pytest.mark.parametrize("name", ["svintus", "candy"])
def test_the_builds_copies_and_annotations_are_the_sources_own(name: str, scratch: Scratch) -> None:
    """What the build derives for the compiled classes — from the sources here,
    or as it compiled it when the engine runs compiled — copies each native
    record of random games as its annotations say, and gives its JSON the
    annotations of its source."""
    game = registry.get(name)
    classes = _engine_natives()
    if records.compiled(game.State):
        copies = {c: records.copier(c) for c in classes}
        annotations = {c: records.hints(c) for c in classes}
        assert all(type(f).__name__ == "builtin_function_or_method" for f in copies.values())  # compiled
    else:
        copies, annotations = built(scratch, "derived", classes)
        assert annotations == {c: records.hints(c) for c in classes}  # the sources' own
    assert annotations[SvintusState]["race"] == Race | None
    seen: set[type] = set()
    for s in itertools.islice(_positions(name, 3), 0, None, 5):
        for part in _parts(s):
            _same_copy(copies[type(part)], part, annotations[type(part)])
            _same_copy(clone, part, annotations[type(part)])
            seen.add(type(part))
    assert game.State in seen


def test_a_native_records_copy_shares_nothing_a_move_changes_in_place() -> None:
    s = SvintusState(
        options=SvintusOptions(),
        seed=1,
        rng=1,
        seats=[1, 2],
        hands={1: [1], 2: [2]},
        scores={1: 0, 2: 0},
        deck=[3],
        pile=[4],
        race=Race(by=1, deadline_ms=5, players=[1, 2]),
        ability=AbilityRun(player=1, animal=Animal.HEDGEHOG, picked=[3]),
    )
    c = clone(s)
    assert c == s and c is not s
    assert c.prompts is not s.prompts and c.race is not s.race and c.ability is not s.ability
    assert c.race is not None and s.race is not None and c.race.pressed is not s.race.pressed
    assert c.hands == s.hands and c.hands is not s.hands  # a dict: copied, a move changes it in place
    assert c.hands[1] is s.hands[1]  # a hand (a Sequence): replaced, never changed, so shared
    assert c.deck is s.deck  # a Sequence: shared


def test_a_native_record_goes_to_json_and_back_through_its_twin() -> None:
    """A compiled class keeps no annotations pydantic could read: its JSON goes
    through a twin dataclass with its annotations, and comes back as the class."""
    assert hints(SvintusState)["race"] == Race | None
    assert twin(SvintusState).__dataclass_fields__["race"].type == twin(Race) | None  # type: ignore[attr-defined]
    s = SvintusState(
        options=SvintusOptions(target_score=40),
        seed=1,
        rng=2,
        seats=[1, 2],
        hands={1: [1], 2: [2, 3]},
        scores={1: 0, 2: 5},
        deck=[3],
        pile=[4],
        attack=Attack(kind="grab", count=3, target=2),
        race=Race(by=1, deadline_ms=5, players=[1, 2], pressed=[2]),
        ability=AbilityRun(player=1, animal=Animal.HEDGEHOG, picked=[3]),
    )
    back = load(SvintusState, dump(s))
    assert type(back) is SvintusState and type(back.race) is Race and type(back.ability) is AbilityRun
    assert back == s and dump(back) == dump(s)
    assert '"hands":{"1":[1],"2":[2,3]}' in dump(s)


# --- a field is one line ------------------------------------------------------------------

ADDED = "    fouls: dict[int, int] = field(default_factory=dict)  # a new field: the one edit\n"


def test_a_field_added_to_the_svintus_state_is_one_line(scratch: Scratch) -> None:
    """``engine/svintus/state.py`` with one line added to ``SvintusState``, and
    nothing else: the copy copies the new dict, the JSON stores it, a document
    stored before it loads with its default and is written back as it was
    plus the field — from the sources and through what the build derives."""
    source = (_build.ROOT / "engine/svintus/state.py").read_text(encoding="utf-8")
    # after its last field, whichever that is now (where a new field goes)
    last = f"\n    {dataclasses.fields(SvintusState)[-1].name}:"
    at = source.index("\n", source.index(last, source.index("\nclass SvintusState")) + 1) + 1
    edited = scratch("svintus_state_plus_one", source[:at] + ADDED + source[at:])
    New = edited.SvintusState
    assert [f.name for f in dataclasses.fields(New)] == [f.name for f in dataclasses.fields(SvintusState)] + [
        "fouls"
    ]

    game = registry.get("svintus")
    old = next(s for s in _positions("svintus", 11) if s.race is not None or s.ability is not None)
    stored = game.dump(old)  # a document stored before the field
    s = load(New, stored)
    assert s.fouls == {} and type(s) is New
    assert dump(s) == stored[:-1] + ',"fouls":{}}'  # byte for byte, plus the field
    s.fouls[7] = 1
    c = clone(s)
    c.fouls[7] = 2
    assert s.fouls == {7: 1} and c.deck is s.deck and c.hands is not s.hands
    assert load(New, dump(c)) == c and json.loads(dump(c))["fouls"] == {"7": 2}

    copies, annotations = built(scratch, "plus_one", [edited.Race, edited.AbilityRun, New])
    assert annotations[New]["fouls"] == dict[int, int] and annotations[New] == hints(New)
    for part in _parts(s):
        _same_copy(copies[type(part)], part, annotations[type(part)])


def test_a_scratch_native_record_needs_no_more_than_its_fields(scratch: Scratch) -> None:
    """A plain dataclass declared ``native``: copied and stored from its
    fields, through the sources and through what the build derives."""
    m = scratch(
        "scratch_record",
        """
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.records import native


@dataclass(kw_only=True)
class Inner:
    marks: list[int] = field(default_factory=list)


@dataclass(kw_only=True)
class Table:
    seq: int = 0
    hands: dict[int, list[int]] = field(default_factory=dict)
    order: Sequence[int] = ()
    inner: Inner | None = None
    notes: set[str] = field(default_factory=set)


native(Inner, Table)
""",
    )
    t = m.Table(hands={1: [2]}, order=[3], inner=m.Inner(marks=[4]), notes={"x"})
    copies, _ = built(scratch, "scratch", [m.Inner, m.Table])
    for copy in (clone, copies[m.Table]):
        c = copy(t)
        c.hands[1].append(5)
        c.inner.marks.append(6)
        c.notes.add("y")
        assert t == m.Table(hands={1: [2]}, order=[3], inner=m.Inner(marks=[4]), notes={"x"})
        assert c.order is t.order
    assert load(m.Table, dump(t)) == t
    assert dump(t) == '{"seq":0,"hands":{"1":[2]},"order":[3],"inner":{"marks":[4]},"notes":["x"]}'


def test_what_cannot_be_derived_stops_the_import_or_the_build_saying_which(scratch: Scratch) -> None:
    """A name only the type checker sees fails the import (from the sources: the
    build's own run is one); a mutable record of a compiled module that is not
    declared native, the build."""
    with pytest.raises(TypeError, match=r"scratch_unseen\.Later: .*'Sequence' is not defined"):
        scratch(
            "scratch_unseen",
            """
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.records import native

if TYPE_CHECKING:
    from collections.abc import Sequence


@dataclass(kw_only=True)
class Later:
    order: Sequence[int]


native(Later)
""",
        )
    m = scratch(
        "scratch_undeclared",
        """
from __future__ import annotations

from dataclasses import dataclass

from engine.core.records import native


@dataclass(kw_only=True)
class Inner:
    n: int = 0


@dataclass(kw_only=True)
class Outer:
    inner: Inner


native(Outer)
""",
    )
    with pytest.raises(
        records.Undeclared, match=r"scratch_undeclared\.Inner \(in scratch_undeclared\.Outer\)"
    ):
        _build.copies_source([m.Outer], {"scratch_undeclared"})
