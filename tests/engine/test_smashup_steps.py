"""A handler schedules by returning its steps (``engine.smashup.tasks``): a step
made and not returned would silently never run.  No statement of the engine
makes one and drops it (a function that makes steps says so: it returns a
``Task``, a ``list[Task]`` or ``Then``)."""

from __future__ import annotations

import ast
from pathlib import Path

import engine.smashup

ROOT = Path(engine.smashup.__file__).parent
STEPS = {"Task", "Task | None", "Then", "list[Task]"}  # what a function making steps returns


def _modules() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(ROOT.rglob("*.py"))]


def _step_makers(modules: list[tuple[Path, ast.Module]]) -> set[str]:
    """Functions of the engine (not methods) that return steps."""
    return {
        node.name
        for _, tree in modules
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.returns is not None
        and ast.unparse(node.returns).strip("'\"") in STEPS
    }


def _called(call: ast.Call) -> str | None:
    f = call.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def test_the_step_makers_are_found() -> None:
    makers = _step_makers(_modules())
    assert {"ask", "go", "call", "destroy", "play", "fire_now", "pick_minion", "pick_effect"} <= makers


def test_no_step_is_made_and_dropped() -> None:
    modules = _modules()
    makers = _step_makers(modules)
    dropped = [
        f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}"
        for path, tree in modules
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and _called(node.value) in makers
    ]
    assert dropped == [], "steps made but not returned (return them):\n" + "\n".join(dropped)
