"""Whole Candy Empire games played by seeded random tables through the generic
playout harness (cards conserved, legal accepted, stale refused, games finish,
replays identical), for 2–4 players and every variant; together they reach
every ability."""

from __future__ import annotations

from typing import Any

import pytest

from engine.candy import GAME
from engine.candy.keys import Ev
from tests.engine.playout import leaves, play, replay

ABILITY_EVENTS = {
    Ev.BOSS_TOOK, Ev.BOSS_RETURNED, Ev.LAWYER_TOOK, Ev.THIEF_TOOK, Ev.HITMAN, Ev.POLICEMAN,
    Ev.DETECTIVE_GAVE, Ev.KIDNAPPED, Ev.JUDGE_SWAPPED, Ev.SLY_COP_TOOK, Ev.SLY_COP_DISCARD,
    Ev.WINDOW_OPEN, Ev.BLOCKED, Ev.NOT_BLOCKED, Ev.PROTECTED, Ev.DECLINED, Ev.WON,
}  # fmt: skip

VARIANTS: list[dict[str, Any]] = [
    {},
    {"turn_timer_ms": 4_000, "reaction_window_ms": 1_000},
    {"defenceless": True},
    {"no_limits": True, "open_discard": True},
]


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_candy_games_finish_for_two_to_four_players(n: int, options: dict[str, Any]) -> None:
    for seed in range(4):
        r = play("candy", list(range(1, n + 1)), seed, options=options, avoid=leaves)
        assert r.finished, (n, options, seed)
        assert GAME.dump(replay(r)) == GAME.dump(r.final)


def test_team_and_big_games_finish() -> None:
    for seed in range(3):
        r = play("candy", [1, 2, 3, 4], seed, options={"team_game": True}, avoid=leaves)
        assert r.finished and set(r.final.winners) in ({1, 3}, {2, 4}, {1, 2, 3, 4})
        r = play("candy", [1, 2, 3], seed, options={"big_game": True, "break_ms": 3_000}, avoid=leaves)
        assert r.finished and len(r.final.results) == 5


def test_games_with_players_walking_out_finish() -> None:
    for seed in range(6):
        r = play("candy", [1, 2, 3, 4], seed, avoid=leaves, avoid_weight=0.05)
        assert r.finished
        assert not set(r.final.winners) & set(r.final.left)


def test_random_play_reaches_every_ability() -> None:
    # Snatcher windows are rare in random play (two unprotected Snatchers under a
    # Judge or a Policeman): look through up to 120 games, stopping once all are seen
    seen: set[str] = set()
    for seed in range(120):
        if not {str(k) for k in ABILITY_EVENTS} - seen:
            break
        n = 2 + seed % 3
        r = play("candy", list(range(1, n + 1)), seed, options={"no_limits": n == 2}, avoid=leaves)
        state, _ = GAME.start(list(range(1, n + 1)), seed, r.options, 0)
        for action, now in r.log:
            state, events = GAME.apply(state, action, now)
            seen |= {e.key for e in events}
    missing = {str(k) for k in ABILITY_EVENTS} - seen
    assert not missing, missing
