"""Whole Smash Up games played by a seeded random table, every step checked.

2 to 4 players, random faction pairs (the snake draft picks at random): cards
conserved, hands private, games reach 15 VP within a few thousand steps,
every card gets played somewhere, and a replay gives the same state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Leave, Tick
from engine.smashup import GAME
from engine.smashup.effects import G
from engine.smashup.keys import Ev
from engine.smashup.models import EndPlays, PlayCard, SmashUpState
from tests.engine import playout
from tests.engine.test_smashup_properties import conserved, private


def play_game(
    seed: int, n: int, max_steps: int = 4000, check: bool = True, options: Any = None
) -> tuple[SmashUpState, list[tuple[Any, int]], set[str]]:
    """A table that mostly plays cards (ending its plays now and then).
    ``seen``: the cards played, the event keys, and ``source:<id>`` of every
    event that names its source."""
    rnd = random.Random(seed)
    s, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=options, now_ms=0)
    now, log, seen = 0, [], set()
    for _ in range(max_steps):
        if s.phase == "over":
            break
        now += rnd.choice((200, 1000, 4000))
        acts = [a for p in s.seats for a in GAME.legal(s, p) if not isinstance(a, Leave)]
        plays = [a for a in acts if not isinstance(a, EndPlays)]
        if not acts:
            action: Any = Tick()
        elif plays and rnd.random() < 0.85:
            action = rnd.choice(plays)
        else:
            action = rnd.choice(acts)
        if isinstance(action, PlayCard):
            seen.add(s.cards[action.card])
        s, ev = GAME.apply(s, action, now)
        seen |= {str(e.key) for e in ev}
        seen |= {f"source:{e.args['source']}" for e in ev if "source" in e.args}
        log.append((action, now))
        if check:
            conserved(s)
            private(s)
    return s, log, seen


@pytest.mark.parametrize("seed", range(6))
def test_random_games_of_2_to_4_players_reach_the_goal(seed: int) -> None:
    n = 2 + seed % 3
    s, log, seen = play_game(seed, n)
    assert s.phase == "over" and len(s.winners) == 1
    assert s.vp[s.winners[0]] == max(s.vp.values())
    # someone reached the goal; with Madness the penalty may take the winner under it
    assert max(s.vp.values()) >= 15 or str(Ev.MADNESS_PENALTY) in seen
    again, _ = GAME.start(list(range(1, n + 1)), seed=seed, now_ms=0)
    for action, now in log:
        again, _ = GAME.apply(again, action, now)
    assert GAME.dump(again) == GAME.dump(s)


def test_random_games_play_every_card_and_reach_the_scoring_windows() -> None:
    seen: set[str] = set()
    for seed in range(100, 112):
        _, _, got = play_game(seed, 2 + seed % 3, check=False)
        seen |= got
    from engine.smashup.cards import FACTIONS

    cards = {c.id for f in FACTIONS.values() for c in f.cards if not c.special}
    assert cards <= seen, sorted(cards - seen)
    assert {Ev.PLAYED_SPECIAL, Ev.SCORING, Ev.PLACE, Ev.BASE_DONE, Ev.WON} <= seen


# --- the Cthulhu box's bases and Madness deck, with the «Мимими» factions ------------------------

CTHULHU = {"boxes": ["pretty-pretty", "cthulhu"]}


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_the_cthulhu_bases_reach_the_goal(seed: int) -> None:
    n = 2 + seed % 3
    s, log, _ = play_game(seed, n, options=CTHULHU)
    assert s.madness_on and s.phase == "over" and len(s.winners) == 1
    assert max(s.vp.values()) >= 15 or any(G(s, []).madness_count(p) >= 2 for p in s.seats)
    again, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=CTHULHU, now_ms=0)
    for action, now in log:
        again, _ = GAME.apply(again, action, now)
    assert GAME.dump(again) == GAME.dump(s)


def test_random_games_with_the_cthulhu_bases_use_every_base_ability_and_madness() -> None:
    seen: set[str] = set()
    for seed in range(200, 212):
        _, _, got = play_game(seed, 2 + seed % 3, check=False, options=CTHULHU)
        seen |= got
    assert {Ev.MADNESS_DRAWN, Ev.MADNESS_RETURNED, Ev.TO_BOTTOM, Ev.TO_DECK, Ev.BASE_DONE, Ev.WON} <= seen
    assert {"source:rlyeh", "source:plateau-of-leng", "madness"} <= seen


@pytest.mark.parametrize("seed", range(3))
def test_generic_playouts_with_the_cthulhu_box_conserve_cards_and_finish(seed: int) -> None:
    r = playout.play("smashup", [1, 2, 3][: 2 + seed % 2], seed, options=CTHULHU, avoid=playout.leaves)
    assert r.finished
    assert GAME.dump(playout.replay(r)) == GAME.dump(r.final)
