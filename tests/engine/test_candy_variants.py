"""Candy Empire's variants (docs/rules/candy_empire.md §5): the team game, the big game
and the three modes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.candy import GAME
from engine.candy.keys import Err, Ev
from engine.candy.models import CandyOptions, CandyState, NextGame, Protect
from engine.candy.scoring import places
from engine.core import RuleError, Tick
from tests.engine.candy_helpers import act, deal_cards, find, keys, table

# --- team game ---------------------------------------------------------------------------


def test_team_game_needs_four_players() -> None:
    with pytest.raises(RuleError) as e:
        GAME.start([1, 2, 3], seed=1, options=CandyOptions(team_game=True))
    assert e.value.key == Err.TEAM_NEEDS_FOUR


def test_team_game_partners_sit_alternately_and_score_together() -> None:
    k = deal_cards(4)
    card = k.judge
    s = table(
        players=[1, 2, 3, 4],
        hands={1: [card], 2: [], 3: [k.boss], 4: [k.boss]},
        empires={1: [k.trader], 2: [k.trader, k.trader], 3: [k.trader], 4: [k.lawyer]},
        rest="discard",
        options=CandyOptions(team_game=True),
    )
    v = GAME.view(s, None)
    assert v.teams == [[1, 3], [2, 4]] and v.team_scores == [10, 11]
    s2, ev = act(s, {"type": "discard", "player": 1, "card": card})
    assert s2.phase == "over" and s2.winners == [2, 4]
    assert find(ev, Ev.TEAM_WON).args == {"player": 2, "partner": 4, "score": 11}
    assert [e.args["score"] for e in ev if e.key == Ev.TEAM_SCORE] == [10, 11]
    assert GAME.outcome(s2).scores == {1: 10, 2: 11, 3: 10, 4: 11}


def test_team_game_ends_when_a_team_has_nobody_left() -> None:
    s, _ = GAME.start([1, 2, 3, 4], seed=2, options=CandyOptions(team_game=True))
    s, _ = act(s, {"type": "leave", "player": 1})
    assert s.phase == "playing"
    s, ev = act(s, {"type": "leave", "player": 3})
    assert s.phase == "over" and s.winners == [2, 4] and Ev.TEAM_WON in keys(ev)


# --- big game -----------------------------------------------------------------------------


def test_big_game_needs_three_players() -> None:
    with pytest.raises(RuleError) as e:
        GAME.start([1, 2], seed=1, options=CandyOptions(big_game=True))
    assert e.value.key == Err.BIG_GAME_NEEDS_THREE


def test_big_game_ties_take_the_higher_place() -> None:
    assert places({1: 10, 2: 10, 3: 8, 4: 5}) == {1: 1, 2: 1, 3: 3, 4: 4}
    assert places({1: 3, 2: 7, 3: 7}) == {1: 3, 2: 1, 3: 1}


def _random_turns(
    s: CandyState, rnd: random.Random, until_phase: str, now: int = 0
) -> tuple[CandyState, int]:
    for _ in range(2_000):
        if s.phase == until_phase or s.phase == "over":
            break
        due = GAME.next_deadline(s)
        moves = [a for p in s.seats for a in GAME.legal(s, p) if a.type not in ("leave", "next_game")]
        now += 100
        if not moves:
            assert due is not None
            now = max(now, due)
            s, _ = GAME.apply(s, Tick(), now)
            continue
        s, _ = GAME.apply(s, rnd.choice(moves), now)
    return s, now


def test_big_game_plays_five_games_and_places_earn_3_2_1_points() -> None:
    s, _ = GAME.start([1, 2, 3, 4], seed=8, options=CandyOptions(big_game=True, break_ms=10_000))
    rnd = random.Random(8)
    now = 0
    for game in range(1, 6):
        assert s.game_no == game
        s, now = _random_turns(s, rnd, "break", now)
        res = s.results[-1]
        assert res.game == game
        for p, place in res.places.items():
            assert res.points[p] == {1: 3, 2: 2, 3: 1}.get(place, 0)
        if game < 5:
            assert s.phase == "break" and GAME.next_deadline(s) == s.break_until
            assert NextGame(player=1) in GAME.legal(s, 1)
            v = GAME.view(s, None)
            assert v.games == 5 and v.points == s.points
            if game % 2:
                s, ev = GAME.apply(s, Tick(), s.break_until or 0)
            else:
                s, ev = act(s, {"type": "next_game", "player": 2}, now)
            assert find(ev, Ev.BIG_GAME_STARTED).args["game"] == game + 1
            assert all(len(h) == 3 for h in s.hands.values()) and not any(s.empires.values())
    assert s.phase == "over" and len(s.results) == 5
    total = {p: sum(r.points[p] for r in s.results) for p in s.seats}
    assert total == s.points
    assert GAME.outcome(s).scores == s.points
    best = max(s.points.values())
    leaders = [p for p in s.seats if s.points[p] == best]
    top = max(s.candies[p] for p in leaders)
    assert s.winners == [p for p in leaders if s.candies[p] == top]


def test_big_game_ties_on_points_are_broken_by_candies_over_the_five_games() -> None:
    k = deal_cards()
    card = k.judge
    s = table(
        hands={1: [card], 2: [], 3: [k.boss]},
        empires={1: [k.trader], 2: [k.trader], 3: [k.lawyer]},
        rest="discard",
        options=CandyOptions(big_game=True),
        game_no=5,
        points={1: 10, 2: 10, 3: 12},
        candies={1: 40, 2: 44, 3: 20},
    )
    s2, ev = act(s, {"type": "discard", "player": 1, "card": card})
    # this game: 1 and 2 tie on 5 candies → both first (3 points); 3 is third (1 point)
    assert s2.points == {1: 13, 2: 13, 3: 13}
    assert s2.candies == {1: 45, 2: 49, 3: 21}
    assert s2.phase == "over" and s2.winners == [2]
    assert find(ev, Ev.MATCH_WON).args == {"player": 2, "points": 13, "score": 49}


def test_big_game_between_games_refuses_turn_moves() -> None:
    k = deal_cards()
    card = k.judge
    s = table(
        hands={1: [card], 2: [], 3: [k.boss]},
        rest="discard",
        options=CandyOptions(big_game=True),
        points={1: 0, 2: 0, 3: 0},
        candies={1: 0, 2: 0, 3: 0},
    )
    s2, _ = act(s, {"type": "discard", "player": 1, "card": card})
    assert s2.phase == "break"
    with pytest.raises(RuleError) as e:
        act(s2, {"type": "discard", "player": 3, "card": s2.hands[3][0]})
    assert e.value.key == Err.BETWEEN_GAMES
    with pytest.raises(RuleError) as e:
        act(s, {"type": "next_game", "player": 1})
    assert e.value.key == Err.NOT_BETWEEN_GAMES


# --- modes --------------------------------------------------------------------------------------


def test_defenceless_mode_forbids_protecting() -> None:
    k = deal_cards()
    pay, mine = k.judge, k.trader
    s = table(
        hands={1: [pay], 2: [k.trader], 3: [k.trader]},
        empires={1: [mine]},
        options=CandyOptions(defenceless=True),
    )
    assert not any(isinstance(a, Protect) for a in GAME.legal(s, 1))
    with pytest.raises(RuleError) as e:
        act(s, {"type": "protect", "player": 1, "card": pay, "protect": mine})
    assert e.value.key == Err.NO_PROTECTING
    assert GAME.view(s, 1).defenceless and (GAME.view(s, 1).hand or [])[0].protect == []


def test_no_limits_mode_counts_every_combo_for_two() -> None:
    k = deal_cards(2, no_limits=True)
    card = k.judge
    empire = [k.kidnapper, k.pickpocket]
    s = table(
        players=[1, 2],
        hands={1: [card], 2: []},
        empires={1: empire},
        rest="discard",
        options=CandyOptions(no_limits=True),
    )
    assert GAME.view(s, None).scores[1].combos == 5
    assert GAME.view(s, None).no_limits


def test_open_discard_mode_shows_the_pile_to_everyone_and_names_discards() -> None:
    opts = CandyOptions(open_discard=True)
    s, _ = GAME.start([1, 2, 3], seed=4, options=opts)
    for viewer in (None, 1, 2, 3):
        v = GAME.view(s, viewer)
        assert v.discard is not None and [c.id for c in v.discard] == s.discard and v.open_discard
    p = s.current
    card = s.hands[p][0]
    _, ev = act(s, {"type": "discard", "player": p, "card": card})
    assert find(ev, Ev.DISCARDED_OPEN).args == {"player": p, "card": card}
    k = deal_cards()
    pay, mine = k.judge, k.trader
    s = table(hands={1: [pay], 2: [k.boss], 3: [k.boss]}, empires={1: [mine]}, options=opts)
    _, ev = act(s, {"type": "protect", "player": 1, "card": pay, "protect": mine})
    assert find(ev, Ev.PROTECTED_OPEN).args == {"player": 1, "card": mine, "discarded": pay}


def test_modes_combine() -> None:
    opts = GAME.options({"defenceless": True, "no_limits": True, "open_discard": True})
    s, _ = GAME.start([1, 2], seed=9, options=opts)
    assert len(s.cards) == 49
    v: Any = GAME.view(s, None)
    assert v.defenceless and v.no_limits and v.open_discard
