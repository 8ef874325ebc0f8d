"""Every registered game, played at random through ``engine.registry``: cards
conserved, legal actions accepted, stale ones refused, games finish, replays identical."""

from __future__ import annotations

import pytest

from engine import registry
from tests.engine.playout import leaves, play, replay


@pytest.mark.parametrize("name", registry.names())
def test_random_games_conserve_cards_finish_and_replay(name: str) -> None:
    game = registry.get(name)
    finished = 0
    for seed in range(6):
        count = game.min_players + seed % (min(game.max_players, 6) - game.min_players + 1)
        r = play(name, list(range(1, count + 1)), seed, avoid=leaves, max_steps=8000)
        finished += r.finished
        assert game.dump(replay(r)) == game.dump(r.final)
    assert finished >= 3, f"only {finished} of 6 random {name} games finished"
