"""The install's two questions (``engine._build``, asked by ``setup.py``): can this machine
compile the engine — if not, the install stops at once, in one line that says what to
install or how to do without — and may an editable install keep the modules it
compiled before, because their sources have not changed since."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from engine import _build

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def setup_py(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``setup.py egg_info``, pip's first step of an install (into ``tmp_path``)."""
    return subprocess.run(
        [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def no_compiler(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a machine without a C compiler: a PATH with none on it; and
    a rebuild asked for, so that modules compiled here before are not kept instead."""
    empty = tmp_path / "bin"
    empty.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("CC", "ENGINE_PURE")}
    return {**env, "PATH": str(empty), "ENGINE_REBUILD": "1", **extra}


def test_without_a_compiler_the_install_stops_at_once_in_one_line(tmp_path: Path) -> None:
    done = setup_py(no_compiler(tmp_path), tmp_path)
    assert done.returncode == 1, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    for words in (f"no C compiler: {compiler}", "ENGINE_PURE=1", "apt-get install gcc python3-dev"):
        assert words in lines[0], lines[0]
    assert not list(tmp_path.glob("*.egg-info"))  # stopped before anything


def test_a_compiler_named_by_cc_is_the_one_looked_for(tmp_path: Path) -> None:
    env = {**no_compiler(tmp_path), "PATH": os.environ.get("PATH", os.defpath), "CC": "/nowhere/gcc-42 -O2"}
    done = setup_py(env, tmp_path)
    assert done.returncode == 1
    assert "no C compiler: /nowhere/gcc-42 (CC) is not on PATH" in done.stderr, done.stderr


def test_engine_pure_installs_without_a_compiler(tmp_path: Path) -> None:
    """What the one line offers works: ``ENGINE_PURE=1`` on the same machine gets past it
    (in a copy of the checkout: a pure install removes compiled modules)."""
    tree = tmp_path / "checkout"
    skip = shutil.ignore_patterns("*.so", "__pycache__", "_compiled.json", "*.egg-info")
    for name in ("engine", "bot", "locales"):
        shutil.copytree(ROOT / name, tree / name, ignore=skip)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    env = {**no_compiler(tmp_path), "ENGINE_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.glob("*.egg-info"))


def test_without_pythons_headers_the_install_says_so(tmp_path: Path) -> None:
    if shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0]) is None:
        pytest.skip("no C compiler on this machine")
    problem = _build.compiler_problem(os.environ, include=str(tmp_path))
    assert problem is not None and f"no Python headers: {tmp_path / 'Python.h'} is missing" in problem
    assert "ENGINE_PURE=1" in problem
    assert _build.compiler_problem(os.environ) is None  # this machine compiles


# --- keeping an editable install's compiled modules -------------------------------------------


def compiled_tree(root: Path) -> None:
    """A checkout as an install leaves it: the sources, what the build derives, its stamp,
    then the modules compiled from them (after the stamp: ``setup.py`` writes it first)."""
    for path in (*_build.COMPILED, *_build.GENERATED):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(f"# {path}\n", encoding="utf-8")
    stamp = root / _build.STAMPED
    stamp.write_text(json.dumps(_build.digests(root)), encoding="utf-8")
    for lib in _build.libraries(root):
        lib.write_bytes(b"ELF")
        os.utime(lib, (stamp.stat().st_mtime + 1, stamp.stat().st_mtime + 1))


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("ENGINE_PURE", raising=False)
    monkeypatch.delenv("ENGINE_REBUILD", raising=False)
    compiled_tree(tmp_path)
    return tmp_path


def test_unchanged_sources_keep_their_compiled_modules(tree: Path) -> None:
    assert _build.reusable(tree)
    assert {p.name for p in _build.libraries(tree)} >= {f"rules{SUFFIX}", f"engine__mypyc{SUFFIX}"}


def test_an_edited_source_is_compiled_again(tree: Path) -> None:
    (tree / "engine/candy/rules.py").write_text("# edited\n", encoding="utf-8")
    assert not _build.reusable(tree)


def test_a_missing_compiled_module_is_compiled_again(tree: Path) -> None:
    (tree / f"engine/svintus/game{SUFFIX}").unlink()
    assert not _build.reusable(tree)


def test_modules_older_than_the_stamp_are_compiled_again(tree: Path) -> None:
    """The stamp is written before the compile: modules older than it are of a compile
    before, not of these sources (the last compile failed)."""
    lib = tree / f"engine/core/rules{SUFFIX}"
    old = (tree / _build.STAMPED).stat().st_mtime - 10
    os.utime(lib, (old, old))
    assert not _build.reusable(tree)


def test_modules_of_another_python_are_not_this_ones(tree: Path) -> None:
    for lib in _build.libraries(tree):
        lib.rename(lib.with_name(lib.name.replace(SUFFIX, ".cpython-399-x86_64-linux-gnu.so")))
    assert not _build.reusable(tree)


def test_no_stamp_or_a_generated_module_missing_is_compiled_again(tree: Path) -> None:
    (tree / _build.COPIES).unlink()
    assert not _build.reusable(tree)
    compiled_tree(tree)
    (tree / _build.STAMPED).unlink()
    assert not _build.reusable(tree)


@pytest.mark.parametrize("setting", ["ENGINE_PURE", "ENGINE_REBUILD"])
def test_asked_not_to_keep_them_it_does_not(
    tree: Path, setting: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(setting, "1")
    assert not _build.reusable(tree)


def test_an_editable_install_that_keeps_the_engine_still_finds_it(tmp_path: Path) -> None:
    """Kept, not compiled: the group's module (at the checkout's root) is still mapped by
    setuptools' editable finder, so the bot run from any directory loads the compiled
    engine (unmapped, it failed: No module named 'engine__mypyc')."""
    if not _build.reusable():
        pytest.skip("this checkout's compiled modules are not fresh: the install would compile")
    done = subprocess.run(  # pip's own editable install, into a prefix of this test's
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--ignore-installed",
            "--prefix",
            str(tmp_path),
            "-e",
            ".",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    [finder] = tmp_path.glob("lib/python*/site-packages/__editable__*finder.py")
    assert f"'engine__mypyc': '{ROOT / 'engine__mypyc'}'" in finder.read_text(encoding="utf-8")
    assert _build.reusable()  # nothing compiled, nothing stamped
