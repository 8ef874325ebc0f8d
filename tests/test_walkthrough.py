"""The worked example of docs/architecture.md ("Adding a game") is the project's Nim,
and Nim came in through the seam alone.

- The doc's code is the real code.  Convention: the last line of text before each
  code block ends with a file's path in backticks and a colon; the block is that
  whole file, unless it has lines that are only ``...``, which make it an excerpt:
  each run of lines between them (blank lines at its ends aside) is found in the
  file as it is, in the same order.  A ``sh`` block (commands) names no file.
- Adding Nim changed no file of the bot core: the commit that added
  ``engine/nim/game.py`` touched, in ``bot/``, ``engine/`` and ``locales/``, only
  Nim's own files and the two registration lines; and no other file of ``bot/``
  names Nim at all.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
import subprocess
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
SECTION = "## Adding a game: a worked example"
FENCE = re.compile(r"^```(\w*)$")
PATH = re.compile(r"`([\w./-]+)`:$")
GAP = "..."

# Nim's package: the files the walk-through shows whole, and every file adding it made
SHOWN_WHOLE = {
    "engine/nim/keys.py",
    "engine/nim/game.py",
    "engine/nim/__init__.py",
    "engine/players/nim.py",
    "bot/games/nim.py",
    "locales/en/nim.ftl",
}
PACKAGE = (
    "engine/nim/*",
    "engine/players/nim.py",
    "bot/games/nim.py",
    "locales/*/nim.ftl",
    "docs/rules/nim*",
)
REGISTRATIONS = ("engine/registry.py", "engine/players/__init__.py")  # one line each (and an overload)
CORE = ("bot/", "engine/", "locales/")  # what a game may touch only through the seam


@dataclass(frozen=True)
class Block:
    path: str | None  # None: a block no path leads into
    lang: str
    lines: list[str]
    line: int  # where it begins in the doc (1-based)


def blocks(doc: str) -> list[Block]:
    """The code blocks of the walk-through (up to the next ``## `` heading outside a
    block), each with the path that leads into it."""
    lines = doc.split("\n")
    start = lines.index(SECTION)
    out: list[Block] = []
    i = start + 1
    while i < len(lines) and not lines[i].startswith("## "):
        m = FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        close = lines.index("```", i + 1)
        before = next((lines[j] for j in range(i - 1, start, -1) if lines[j].strip()), "")
        lead = PATH.search(before)
        out.append(Block(lead.group(1) if lead else None, m.group(1), lines[i + 1 : close], i + 1))
        i = close + 1
    return out


def trimmed(run: list[str]) -> list[str]:
    """A run of an excerpt without the blank lines at its ends (a formatter puts two
    around a definition next to a ``...``)."""
    while run and not run[0].strip():
        run = run[1:]
    while run and not run[-1].strip():
        run = run[:-1]
    return run


def excerpt_found(runs: list[list[str]], text: list[str]) -> bool:
    """Whether each run is in ``text`` as it is, one after another."""
    at = 0
    for run in runs:
        found = next((k for k in range(at, len(text) - len(run) + 1) if text[k : k + len(run)] == run), None)
        if found is None:
            return False
        at = found + len(run)
    return True


def differences(doc: str, root: Path) -> list[str]:
    """Where the walk-through's code is not the files' (empty: none)."""
    out: list[str] = []
    for b in blocks(doc):
        where = f"docs/architecture.md:{b.line}"
        if b.lang == "sh":
            continue
        if b.path is None:
            out.append(f"{where}: a {b.lang or 'plain'} block with no file's path before it")
            continue
        file = root / b.path
        if not file.is_file():
            out.append(f"{where}: {b.path} does not exist")
            continue
        text = file.read_text(encoding="utf-8").rstrip("\n").split("\n")
        if any(line.strip() == GAP for line in b.lines):
            runs: list[list[str]] = [[]]
            for line in b.lines:
                if line.strip() == GAP:
                    runs.append([])
                else:
                    runs[-1].append(line)
            if not excerpt_found([trimmed(r) for r in runs if trimmed(r)], text):
                out.append(f"{where}: the excerpt of {b.path} is not in it as it is")
        elif b.lines != text:
            first = next(
                (k for k, (x, y) in enumerate(zip(b.lines, text, strict=False)) if x != y),
                min(len(b.lines), len(text)),
            )
            out.append(f"{where}: {b.path} differs from the block at its line {first + 1}")
    return out


def test_the_walkthroughs_code_is_the_real_code() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert differences(doc, ROOT) == []
    shown = {b.path for b in blocks(doc) if b.path and not any(x.strip() == GAP for x in b.lines)}
    assert shown >= SHOWN_WHOLE  # every file of the package is shown, whole
    excerpts = {b.path for b in blocks(doc) if b.path and any(x.strip() == GAP for x in b.lines)}
    assert excerpts >= set(REGISTRATIONS)


def test_a_changed_line_a_missing_file_and_a_pathless_block_are_found() -> None:
    """The check itself: each way the doc can drift is reported."""
    doc = DOC.read_text(encoding="utf-8")
    changed = doc.replace("    min_players = 2\n", "    min_players = 3\n", 1)
    assert changed != doc
    assert any("engine/nim/game.py differs" in d for d in differences(changed, ROOT))
    moved = doc.replace("in `engine/nim/keys.py`:", "in `engine/nim/words.py`:", 1)
    assert any("engine/nim/words.py does not exist" in d for d in differences(moved, ROOT))
    unled = doc.replace("in `engine/nim/keys.py`:", "in the keys file.", 1)
    assert any("no file's path" in d for d in differences(unled, ROOT))
    reordered = doc.replace('    "nim": Listed("engine.nim.game", offered=False),\n}', '}\n    "nim": 1,', 1)
    assert any("excerpt of engine/registry.py" in d for d in differences(reordered, ROOT))


# --- the seam: adding Nim touched no file of the bot core ------------------------------------


def git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    ).stdout


def nim_commit() -> str:
    """The commit that added Nim (``engine/nim/game.py``); without the history, the
    test is skipped (in CI, with ``CI`` set, it fails, unless the clone is shallow)."""
    try:
        if git("rev-parse", "--is-shallow-repository").strip() == "true":
            pytest.skip("a shallow clone: its first commit holds every file, Nim's commit is not there")
        added = git("log", "--diff-filter=A", "--format=%H", "--", "engine/nim/game.py").split()
    except (OSError, subprocess.CalledProcessError) as e:
        added, why = [], f"no git history here ({e})"
    else:
        why = "the history has no commit that added engine/nim/game.py (a shallow clone?)"
    if not added:
        if os.environ.get("CI"):
            pytest.fail(why + ": CI runs on a full clone", pytrace=False)
        pytest.skip(why)
    return added[-1]  # the first that added it


def touched_outside_the_package(files: list[str]) -> list[str]:
    """The files of the bot core, the engine and the locales among ``files`` that are
    not Nim's own nor its registrations."""
    return [
        f
        for f in files
        if f.startswith(CORE) and f not in REGISTRATIONS and not any(fnmatch(f, p) for p in PACKAGE)
    ]


def test_adding_nim_touched_no_file_of_the_bot_core() -> None:
    sha = nim_commit()
    files = git("show", "--format=", "--name-only", sha).split()
    assert "bot/games/nim.py" in files and "engine/nim/game.py" in files  # the commit is the one
    assert touched_outside_the_package(files) == [], sha
    # the registrations: Nim's lines only (a typed ``get`` takes an ``@overload`` line too)
    for path in REGISTRATIONS:
        changed = code_changes(git("show", f"{sha}^:{path}"), git("show", f"{sha}:{path}"))
        strays = [line for line in changed if "nim" not in line.lower() and line.strip() != "@overload"]
        assert strays == [], (sha, path)
    changed = code_changes(
        git("show", f"{sha}^:engine/registry.py"), git("show", f"{sha}:engine/registry.py")
    )
    assert any('"nim"' in line for line in changed)  # its line is there


def code_changes(before: str, after: str) -> list[str]:
    """The lines of code (docstrings and comments aside) one version of a module adds or
    removes against the other."""
    old, new = _code(before), _code(after)
    return [
        line[1:]
        for line in difflib.unified_diff(old, new, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def _code(source: str) -> list[str]:
    """The module's lines, its docstrings (whose doctests change with the list of
    games) and blank lines left out."""
    lines = source.split("\n")
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            doc = body[0]
            for i in range(doc.lineno - 1, doc.end_lineno or doc.lineno):
                lines[i] = ""
    return [line for line in lines if line.strip()]


def test_a_registration_that_changes_more_than_nims_line_is_found() -> None:
    before = 'GAMES = {\n    "dobble": 1,\n}\n'
    nims = 'GAMES = {\n    "dobble": 1,\n    "nim": 2,\n}\n'
    assert code_changes(before, nims) == ["    'nim': 2}"] or all(
        "nim" in x for x in code_changes(before, nims)
    )
    assert code_changes('"""1 game"""\nX = 1\n', '"""2 games: nim"""\nX = 1\n') == []
    more = 'GAMES = {\n    "dobble": 3,\n    "nim": 2,\n}\n'
    assert any("nim" not in x for x in code_changes(before, more))


def test_the_check_of_the_files_touched_catches_a_core_file() -> None:
    package = ["engine/nim/game.py", "bot/games/nim.py", "locales/ru/nim.ftl", "docs/rules/nim.md"]
    assert touched_outside_the_package([*package, "tests/e2e/test_nim.py", "docs/architecture.md"]) == []
    core = ["bot/handlers.py", "engine/core/rules.py", "locales/en/bot.ftl", "bot/games/__init__.py"]
    assert touched_outside_the_package(package + core) == core


def test_no_other_file_of_the_bot_names_nim() -> None:
    """Whatever commit it came in: the bot core knows Nim only through its adapter."""
    naming = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "bot").rglob("*"))
        if p.is_file()
        and p.suffix in (".py", ".js", ".html", ".css")
        and p != ROOT / "bot" / "games" / "nim.py"
        and re.search(r"\bnim\b", p.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert naming == []
