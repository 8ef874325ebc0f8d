"""Random Dobble games through the shared playout harness: every mode, 2 to 8
players, cards conserved, legal presses accepted, stale ones refused, games
finish by play (not by leaving), replays identical."""

from __future__ import annotations

from typing import Any

import pytest

from engine.dobble import rules
from tests.engine.playout import leaves, play, replay

MODES: list[dict[str, Any]] = [
    {"mode": "tower"},
    {"mode": "well"},
    {"mode": "catch", "length": 4},
    {"mode": "gift"},
    {"mode": "match", "length": 2, "countdown_ms": 1_000, "pause_ms": 1_000},
]


def _hidden_stays_hidden(game: Any, state: Any) -> None:
    up = set(rules.face_up(state)) if state.stage == "live" else set()
    for viewer in (None, *state.players):
        v = game.view(state, viewer)
        shown = {f.card for f in (v.centre, v.own, *v.tops.values(), *v.outer, *v.pairs) if f is not None}
        assert shown <= up


@pytest.mark.parametrize("options", MODES, ids=[o["mode"] for o in MODES])
@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_of_every_mode_finish_by_play(options: dict[str, Any], players: int) -> None:
    seed = 1000 * players + len(options)
    r = play(
        "dobble",
        list(range(1, players + 1)),
        seed,
        options,
        max_steps=12_000,
        avoid=leaves,
        avoid_weight=0.0,
        check=_hidden_stays_hidden,
    )
    assert r.finished, f"{options} with {players} players did not finish in {r.steps} steps"
    assert not any(getattr(a, "type", None) == "leave" for a, _ in r.log)
    assert r.final.results and r.final.winners
    assert r.game.dump(replay(r)) == r.game.dump(r.final)
    assert r.refused_stale > 0
