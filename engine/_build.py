"""Which modules the build compiles (``setup.py``), and the guard that keeps a
stale compiled module from running: after a source changes, the sources of
every compiled module run instead (all or none: compiled modules call each
other directly) until ``pip install -e .`` compiles them again.
``ENGINE_PURE=1`` runs the sources too (and, installing, compiles nothing)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

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
ROOT = Path(__file__).resolve().parent.parent
STAMP = Path(__file__).with_name("_compiled.json")  # the sources' digests at the build


def digests() -> dict[str, str]:
    return {p: hashlib.sha256((ROOT / p).read_bytes()).hexdigest() for p in COMPILED}


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
    try:
        fresh = not pure and json.loads(STAMP.read_text(encoding="utf-8")) == digests()
    except (OSError, ValueError):
        fresh = False
    if fresh:
        return True
    names = {p.removesuffix(".py").replace("/", "."): ROOT / p for p in COMPILED}
    sys.meta_path.insert(0, _Sources(names))
    if not pure:
        # an operator's log line (README, "The engines"): the sources run, reinstalling compiles them
        logging.getLogger("engine.build").warning("stale-compiled-modules %s", sorted(names))
    return False


COMPILED_RUNNING = guard() if __name__ == "engine._build" else False
