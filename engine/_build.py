"""Which modules the build compiles (``setup.py``), what it derives for them
(``generate``), and the guard that keeps a stale compiled module from running:
after a source changes, the sources of every compiled module run instead (all
or none: compiled modules call each other directly) until ``pip install -e .``
compiles them again.  ``ENGINE_PURE=1`` runs the sources too (and, installing,
compiles nothing)."""

from __future__ import annotations

import builtins
import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable, Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

# the template every game's apply runs, and the whole of Svintus's and Candy
# Empire's rules.  Not a
# class deriving from an ABC (``Sequence``: ``Moves``, ``Answers``): mypyc gives
# it the ABC's registry, so any list would pass ``isinstance`` for one.
COMPILED = (
    "engine/core/make.py",
    "engine/core/prompts.py",
    "engine/core/rng.py",
    "engine/core/rules.py",
    "engine/svintus/cards.py",
    "engine/svintus/animals.py",
    "engine/svintus/state.py",
    "engine/svintus/rules.py",
    "engine/svintus/abilities.py",
    "engine/svintus/table.py",
    "engine/svintus/game.py",
    "engine/candy/cards.py",
    "engine/candy/state.py",
    "engine/candy/rules.py",
    "engine/candy/scoring.py",
    "engine/candy/seats.py",
    "engine/candy/abilities.py",
    "engine/candy/table.py",
    "engine/candy/game.py",
)
# What the build derives from the native records' annotations (``generate``;
# ``engine.core.records``): their copies, compiled with them, and their
# annotations for their JSON (a compiled class keeps none).  Not in git.
COPIES = "engine/_copies.py"
HINTS = "engine/_hints.py"
GENERATED = (COPIES, HINTS)
ROOT = Path(__file__).resolve().parent.parent
STAMPED = "engine/_compiled.json"  # the sources' digests at the build
STAMP = ROOT / STAMPED


def digests(root: Path = ROOT) -> dict[str, str]:
    return {p: hashlib.sha256((root / p).read_bytes()).hexdigest() for p in (*COMPILED, *GENERATED)}


def _stamped(root: Path = ROOT) -> bool:
    """Whether the stamp holds the sources' digests as they are (the build was of them)."""
    try:
        return bool(json.loads((root / STAMPED).read_text(encoding="utf-8")) == digests(root))
    except (OSError, ValueError):  # no stamp, or a source or a generated module missing
        return False


def libraries(root: Path = ROOT) -> list[Path]:
    """The files an install compiles beside the sources, for this Python (its ABI's suffix):
    each module's (the copies' too), and the group's that holds their code."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    modules = [root / (p.removesuffix(".py") + suffix) for p in (*COMPILED, COPIES)]
    return [*modules, root / f"engine__mypyc{suffix}"]


def reusable(root: Path = ROOT) -> bool:
    """Whether an editable install may keep the compiled modules beside the sources instead
    of compiling them again: each is there, for this Python, compiled after the stamp was
    written (``setup.py`` writes it before it compiles: a compile that failed left older
    files), and the stamp holds the sources' digests as they are.  ``ENGINE_PURE=1`` or
    ``ENGINE_REBUILD=1``: no."""
    if os.environ.get("ENGINE_PURE") == "1" or os.environ.get("ENGINE_REBUILD") == "1":
        return False
    try:
        stamped = (root / STAMPED).stat().st_mtime
        return all(lib.stat().st_mtime >= stamped for lib in libraries(root)) and _stamped(root)
    except OSError:
        return False


def compiler_problem(environ: Mapping[str, str] = os.environ, include: str | None = None) -> str | None:
    """Why the compile cannot run here (None: it can), in one line: the C compiler
    distutils would call (``CC``, else Python's own, from sysconfig) is on no PATH, or
    Python's headers are missing (``include``: where they are looked for)."""
    if os.name == "nt":
        return None  # MSVC: distutils finds it its own way
    cc = environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(cc)
    program = words[0] if words else "cc"
    where = "CC" if environ.get("CC") else "Python's sysconfig CC"
    headers = Path(include or sysconfig.get_paths()["include"]) / "Python.h"
    if shutil.which(program, path=environ.get("PATH", os.defpath)) is None:
        missing = f"no C compiler: {program} ({where}) is not on PATH"
    elif not headers.is_file():
        missing = f"no Python headers: {headers} is missing"
    else:
        return None
    return (
        f"card-referee-bot: cannot compile the engine with mypyc, {missing}. Install a C compiler and "
        "Python's headers "
        "(Debian: apt-get install gcc python3-dev) or install the engine as plain Python: "
        "ENGINE_PURE=1 pip install ..."
    )


def _built(path: str) -> bool:
    source = ROOT / path
    return any(source.parent.glob(source.stem + ".*.so")) or any(source.parent.glob(source.stem + ".*.pyd"))


class _Sources:
    """A finder that loads the compiled modules from their ``.py`` files."""

    def __init__(self, names: dict[str, Path]) -> None:
        self.names = names

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.names.get(name)
        return importlib.util.spec_from_file_location(name, file) if file is not None else None


def guard() -> bool:
    """Whether the compiled modules run; if they are stale (or ``ENGINE_PURE=1``),
    make the sources run."""
    if not any(_built(p) for p in COMPILED):
        return False
    pure = os.environ.get("ENGINE_PURE") == "1"
    if not pure and _stamped():
        return True
    names = {_module(p): ROOT / p for p in (*COMPILED, COPIES)}
    sys.meta_path.insert(0, _Sources(names))
    if not pure:
        # an operator's log line (docs/operations.md): the sources run, reinstalling compiles them
        logging.getLogger("engine.build").warning("stale-compiled-modules %s", sorted(names))
    return False


def _module(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


# --- what the build derives ---------------------------------------------------------------


def generate() -> list[str]:
    """Write ``GENERATED`` from the sources (in a process of their own, running
    them: ``ENGINE_PURE=1``) and check it; the modules to compile with
    ``COMPILED``.  A field that cannot be derived stops the build, saying which."""
    for path in GENERATED:
        (ROOT / path).unlink(missing_ok=True)
    env = {**os.environ, "ENGINE_PURE": "1"}
    subprocess.run([sys.executable, "-m", "engine._build", "generate"], cwd=ROOT, env=env, check=True)
    return [COPIES]


def write_generated() -> None:
    """``generate``'s work, in a process that runs the sources."""
    from engine.core import records

    compiled = {_module(p) for p in COMPILED}
    for name in sorted(compiled):
        importlib.import_module(name)
    classes = sorted((c for c in records.natives() if c.__module__ in compiled), key=records._name)
    mutable = [c for c in classes if not records.is_value(c)]  # a value is its own copy
    (ROOT / COPIES).write_text(copies_source(mutable, compiled), encoding="utf-8")
    (ROOT / HINTS).write_text(hints_source(classes), encoding="utf-8")
    written = importlib.import_module(_module(HINTS)).HINTS
    for cls in classes:  # the annotations written are the sources' own
        if written[cls] != records.hints(cls):
            raise TypeError(f"{records._name(cls)}: the annotations in {HINTS} differ from the source's")
    if set(importlib.import_module(_module(COPIES)).CLONES) != set(mutable):
        raise TypeError(f"{COPIES} does not copy every native record")


def _header(what: str) -> list[str]:
    return [
        f'"""{what}',
        "",
        "Generated by the build (``engine._build.generate``) from the sources: not in",
        'git, do not edit."""',
        "",
    ]


_CALLS = {"clone": "_clone", "deep_copy": "_deep"}


def copies_source(classes: list[type], compiled: set[str]) -> str:
    """``engine/_copies.py``: the native records' copies (``records.clone_source``),
    typed, for the compiler; ``CLONES``, each class's."""
    from engine.core import records

    ref = {c: f"_t{i}" for i, c in enumerate(classes)}

    def nested(owner: type) -> Callable[[type], str]:
        def name(tp: type) -> str:
            if tp in ref:
                return f"_clone{classes.index(tp)}"
            if tp.__module__ in compiled:
                raise records.Undeclared(f"{records._name(tp)} (in {records._name(owner)})")
            return "_clone"  # a record of a module not compiled: records.clone

        return name

    code = [
        records.clone_source(c, records.hints(c), attrs=True, name=f"_clone{i}", ref=ref[c], nested=nested(c))
        for i, c in enumerate(classes)
    ]
    out = _header("The native records' copies (``engine.core.records.clone``), compiled.")
    out += ["from __future__ import annotations", "", "from typing import Any, Final", ""]
    used = "".join(code)  # what the copies call: records.clone (a record not compiled), deep_copy (Any)
    out += [f"from engine.core.records import {f} as {a}" for f, a in _CALLS.items() if f"{a}(" in used]
    out += [f"from {c.__module__} import {c.__qualname__} as {ref[c]}" for c in classes]
    for text in code:
        out += ["", "", *text.splitlines()]
    table = ", ".join(f"{ref[c]}: _clone{i}" for i, c in enumerate(classes))
    out += ["", "", f"CLONES: Final[dict[type, Any]] = {{{table}}}"]
    return "\n".join(out) + "\n"


def hints_source(classes: list[type]) -> str:
    """``engine/_hints.py``: the native records' annotations as written in their
    sources, each name in them read from its module (which keeps it compiled):
    ``HINTS``, each class's fields and their annotations, evaluated."""
    import ast
    import dataclasses
    import inspect

    from engine.core import records

    modules: dict[str, str] = {}
    table: list[str] = []
    for cls in classes:
        fields = {f.name for f in dataclasses.fields(cls)}
        table.append(f"    _m{_alias(modules, cls.__module__)}.{cls.__qualname__}: {{")
        for klass in reversed(cls.__mro__):
            if not dataclasses.is_dataclass(klass):
                continue
            scope = vars(sys.modules[klass.__module__])
            alias = f"_m{_alias(modules, klass.__module__)}"
            for name, text in inspect.get_annotations(klass).items():
                if name not in fields:
                    continue  # a ClassVar
                where = f"{records._name(klass)}.{name}"
                if not isinstance(text, str):
                    raise TypeError(f"{where}: its module lacks `from __future__ import annotations`")
                tree = ast.parse(text, mode="eval")
                for node in ast.walk(tree):
                    if isinstance(node, ast.Name) and node.id not in scope and not hasattr(builtins, node.id):
                        raise TypeError(f"{where}: {node.id!r} is no name of {klass.__module__} at run time")
                table.append(f"        {name!r}: {ast.unparse(_qualified(tree, scope, alias))},")
        table.append("    },")
    out = _header("The native records' annotations, for their JSON (``engine.core.records.hints``).")
    out += ["from typing import Any, Final", "", *(f"import {m} as _m{i}" for m, i in modules.items())]
    out += ["", "HINTS: Final[dict[type, dict[str, Any]]] = {", *table, "}"]
    return "\n".join(out) + "\n"


def _alias(modules: dict[str, str], module: str) -> str:
    return modules.setdefault(module, str(len(modules)))


def _qualified(tree: Any, scope: dict[str, Any], alias: str) -> Any:
    """The expression ``tree`` with each name of the module ``scope`` read from it (``alias``)."""
    import ast

    class Qualify(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            if node.id not in scope:
                return node  # a builtin
            return ast.Attribute(value=ast.Name(id=alias, ctx=ast.Load()), attr=node.id, ctx=ast.Load())

    return Qualify().visit(tree)


COMPILED_RUNNING = guard() if __name__ == "engine._build" else False


if __name__ == "__main__" and sys.argv[1:] == ["generate"]:  # ``generate``'s process
    write_generated()
