"""ruff and mypy are part of the test run, so a red lint is a red CI."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.skipif(
    shutil.which("ruff") is None and not (Path(sys.prefix) / "bin" / "ruff").exists(),
    reason="ruff not installed",
)
def test_ruff_is_clean() -> None:
    r = _run(sys.executable, "-m", "ruff", "check", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_is_clean() -> None:
    r = _run(sys.executable, "-m", "mypy")
    assert r.returncode == 0, r.stdout + r.stderr


# Where a function may not run over LONGEST lines (its ``def`` to its last line).
LONGEST = 60
CHECKED = ("bot", "engine")
LONG_ALLOWED: tuple[str, ...] = ()


def long_functions(
    root: Path = ROOT, dirs: tuple[str, ...] = CHECKED, allowed: tuple[str, ...] = ()
) -> list[str]:
    """``path:name lines`` for every function over ``LONGEST`` lines under ``dirs``
    (but those under ``allowed``)."""
    out: list[str] = []
    for d in dirs:
        for path in sorted((root / d).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if rel.startswith(allowed):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    lines = (node.end_lineno or node.lineno) - node.lineno + 1
                    if lines > LONGEST:
                        out.append(f"{rel}:{node.name} {lines}")
    return out


def test_no_function_is_over_60_lines() -> None:
    assert long_functions(allowed=LONG_ALLOWED) == []


def test_a_function_of_61_lines_is_found(tmp_path: Path) -> None:
    (tmp_path / "bot").mkdir()
    body = "".join(f"    x{i} = {i}\n" for i in range(59))
    (tmp_path / "bot" / "a.py").write_text(
        f"def fits() -> None:\n{body}\n\nasync def over() -> None:\n{body}    y = 0\n"
    )
    assert long_functions(tmp_path, ("bot",)) == ["bot/a.py:over 61"]
