"""The import map: no circle in ``engine/`` or ``bot/``.

Every import that runs counts as an arrow: at the top of a module, inside a
class, or inside a function (an import deferred to a function hides a circle
from Python, not from a reader).  An import under ``if TYPE_CHECKING:`` runs
never: it names a type for the checker, and is no arrow of this map.  What it
may not do is turn the data into a client of what is built on it: Smash Up's
``models`` imports nothing of its package, type-only imports included.

An ``import_module`` call is an arrow too: to the module its string names, or,
for a name made at run time, to every module its constant beginning may name.

``graph`` reads any package (``engine``, ``bot``).  In ``bot``, the seam runs one
way: ``screens`` calls the adapters (``games``), and the adapters draw with
``kit`` and ``adapter``, never with ``screens``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root``, by dotted name (a package by its own)."""
    out: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


Importing = ast.Import | ast.ImportFrom | ast.Call


def _import_module(node: ast.AST) -> bool:
    """``importlib.import_module(...)`` or ``import_module(...)``."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "import_module") or (
        isinstance(f, ast.Name) and f.id == "import_module"
    )


def _imports(tree: ast.AST, typing_too: bool) -> Iterator[Importing]:
    """The imports of a module, wherever they stand (statements and
    ``import_module`` calls); under ``if TYPE_CHECKING:`` only with
    ``typing_too`` (its ``else`` runs: it counts)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif _import_module(node):
            assert isinstance(node, ast.Call)
            yield node
            yield from _imports(node, typing_too)
        elif isinstance(node, ast.If) and _type_checking(node):
            if typing_too:
                for child in node.body:
                    yield from _imports(ast.Module(body=[child], type_ignores=[]), typing_too)
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), typing_too)
        else:
            yield from _imports(node, typing_too)


def _targets(node: Importing, name: str, is_package: bool, modules: dict[str, Path]) -> set[str]:
    """The modules of the map an import of module ``name`` reaches.  A name made at
    run time (``import_module(f"bot.games.{name}")``) reaches every module its
    constant beginning may name."""

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    found: list[str | None] = []
    if isinstance(node, ast.Call):
        arg = node.args[0] if node.args else None
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found = [known(arg.value)]
        elif isinstance(arg, ast.JoinedStr):
            head = ""
            for part in arg.values:
                if not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
                    break
                head += part.value
            found = [m for m in modules if m.startswith(head)] if head.endswith(".") else [known(head)]
    elif isinstance(node, ast.Import):
        found = [known(a.name) for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = name.split(".") if is_package else name.split(".")[:-1]
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join([*parts, base] if base else parts)
        for a in node.names:  # ``from pkg import mod`` reaches the module itself
            sub = f"{base}.{a.name}"
            found.append(sub if sub in modules else known(base))
    return {m for m in found if m is not None and m != name}


def graph(package: str, root: Path = ROOT, typing_too: bool = False) -> dict[str, set[str]]:
    """``package``'s import map: each module -> the modules of the package it imports
    (run-time imports; ``typing_too``: the type-only ones as well)."""
    modules = _modules(root, package)
    out: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets: set[str] = set()
        for node in _imports(tree, typing_too):
            targets |= _targets(node, name, path.name == "__init__.py", modules)
        out[name] = targets
    return out


def circles(arrows: dict[str, set[str]]) -> list[list[str]]:
    """The map's circles: each strongly connected group of two modules or more
    (Tarjan's algorithm), sorted, smallest name first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(arrows.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: list[str] = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(arrows):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_engine_has_no_circle_in_its_imports() -> None:
    assert circles(graph("engine")) == []


def test_the_bot_has_no_circle_in_its_imports() -> None:
    assert circles(graph("bot")) == []


def test_smashup_data_imports_nothing_of_its_package() -> None:
    """``models`` (the state, actions, views and their migration) is the leaf
    every other module builds on: not even a type-only import runs back up."""
    arrows = graph("engine", typing_too=True)["engine.smashup.models"]
    assert {m for m in arrows if m.startswith("engine.smashup")} == set()


def test_a_circle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    """What the map counts: a deferred import closes a circle; a type-only one does not."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def later() -> None:\n    from pkg.c import f\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import b\n")
    assert circles(graph("pkg", tmp_path)) == []
    assert circles(graph("pkg", tmp_path, typing_too=True)) == [["pkg.b", "pkg.c"]]
    (pkg / "c.py").write_text("class C:\n    from . import a\n")
    assert circles(graph("pkg", tmp_path)) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_a_circle_through_a_module_imported_by_name_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "games").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    screens = "import importlib\ndef f(n: str) -> None:\n    importlib.import_module(f'pkg.games.{n}')\n"
    (pkg / "screens.py").write_text(screens)
    (pkg / "games" / "__init__.py").write_text("")
    (pkg / "games" / "nim.py").write_text("x = 1\n")
    assert circles(graph("pkg", tmp_path)) == []
    (pkg / "games" / "nim.py").write_text("from pkg.screens import f\n")
    assert circles(graph("pkg", tmp_path)) == [["pkg.games.nim", "pkg.screens"]]


def test_a_faction_or_a_box_imports_the_package_from_the_kit_only() -> None:
    """A faction author needs one import: ``engine.smashup.kit`` (a faction may
    name another faction's keys, as Elder Things name the cult's)."""
    arrows = graph("engine")
    authored = [m for m in arrows if m.startswith(("engine.smashup.factions.", "engine.smashup.bases."))]
    assert len(authored) >= 10
    own = ("engine.smashup.kit", "engine.smashup.factions", "engine.smashup.bases")
    beyond = {
        m: sorted(t for t in arrows[m] if t.startswith("engine.smashup") and not t.startswith(own))
        for m in authored
    }
    assert {m: t for m, t in beyond.items() if t} == {}
