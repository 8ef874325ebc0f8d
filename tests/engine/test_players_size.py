"""The computer players' code reads in steps (issue 48, item 3): no function or
method in ``engine/players/`` is over 60 lines, a world's deal included."""

from __future__ import annotations

import ast
from pathlib import Path

PLAYERS = Path(__file__).resolve().parents[2] / "engine" / "players"
LIMIT = 60


def test_no_function_of_the_players_is_over_60_lines() -> None:
    long = []
    for path in sorted(PLAYERS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LIMIT:
                    long.append(f"{path.name}:{node.name} {lines}")
    assert not long
