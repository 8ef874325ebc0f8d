"""One test per rule of docs/rules/nim.md, named after it."""

from __future__ import annotations

import pytest

from engine.core import Leave, RuleError, Tick, hand_zone
from engine.nim import GAME
from engine.nim.game import NimState, Take
from engine.nim.keys import Err, Ev

G = GAME
NOW = 5_000
P = [11, 22, 33]


def start(n: int = 3, seed: int = 1, **options: int) -> NimState:
    s, events = G.start(P[:n] if n <= 3 else list(range(1, n + 1)), seed=seed, options=options, now_ms=NOW)
    assert events == []
    return s


def to_move(s: NimState) -> int:
    return s.players[s.turn]


def take(s: NimState, count: int, now: int = NOW + 1) -> tuple[NimState, list[str]]:
    s, events = G.apply(s, Take(player=to_move(s), count=count), now)
    return s, [e.key for e in events]


def refused(s: NimState, action: Take | Leave, key: str) -> None:
    with pytest.raises(RuleError) as e:
        G.apply(s, action, NOW + 1)
    assert e.value.key == key


# --- §1 the table -------------------------------------------------------------------------


def test_two_to_six_players() -> None:
    for n in (2, 6):
        assert len(start(n).players) == n
    for players in ([1], list(range(1, 8))):
        with pytest.raises(RuleError) as e:
            G.start(players, seed=1, now_ms=NOW)
        assert e.value.key == Err.PLAYER_COUNT


def test_the_pile_is_21_cards_by_default_and_5_to_60_at_most() -> None:
    assert start().pile == 21
    assert start(cards=45).pile == 45
    for cards in (4, 61):
        with pytest.raises(RuleError) as e:
            G.start(P, seed=1, options={"cards": cards}, now_ms=NOW)
        assert e.value.key == Err.BAD_OPTIONS


def test_who_moves_first_is_drawn_by_lot_from_the_seed() -> None:
    firsts = {to_move(start(seed=seed)) for seed in range(40)}
    assert firsts == set(P)  # every seat starts some game
    assert to_move(start(seed=7)) == to_move(start(seed=7))  # the same seed, the same lot


def test_turns_go_round_in_seating_order() -> None:
    s = start()
    order = [to_move(s)]
    for _ in range(3):
        s, _ = take(s, 1)
        order.append(to_move(s))
    i = P.index(order[0])
    assert order == [P[(i + k) % 3] for k in range(4)]


# --- §2 a turn ------------------------------------------------------------------------------


def test_a_turn_takes_one_to_three_cards() -> None:
    s = start()
    me = to_move(s)
    assert [a.count for a in G.legal(s, me) if isinstance(a, Take)] == [1, 2, 3]
    s2, keys = take(s, 3)
    assert s2.pile == 18 and s2.taken[me] == 3 and keys == [Ev.TOOK]
    refused(s, Take(player=me, count=4), Err.TOO_MANY)
    refused(s, Take(player=me, count=0), Err.TOO_MANY)


def test_the_lobby_may_allow_up_to_five_at_once() -> None:
    s = start(most=5)
    assert [a.count for a in G.legal(s, to_move(s)) if isinstance(a, Take)] == [1, 2, 3, 4, 5]
    with pytest.raises(RuleError):
        G.start(P, seed=1, options={"most": 6}, now_ms=NOW)


def test_never_more_than_the_pile_holds() -> None:
    s = start(cards=5)
    s, _ = take(s, 3)  # 2 left
    me = to_move(s)
    assert [a.count for a in G.legal(s, me) if isinstance(a, Take)] == [1, 2]
    refused(s, Take(player=me, count=3), Err.TOO_MANY)


def test_only_the_player_to_move_may_take() -> None:
    s = start()
    other = next(p for p in P if p != to_move(s))
    assert G.legal(s, other) == [Leave(player=other)]
    refused(s, Take(player=other, count=1), Err.NOT_YOUR_TURN)


def test_every_card_is_in_the_pile_or_with_one_player() -> None:
    s = start()
    for count in (3, 1, 2, 3):
        s, _ = take(s, count)
        zones = G.view(s).zone_counts
        assert sum(zones.values()) == 21
        assert zones["pile"] == s.pile and all(zones[hand_zone(p)] == s.taken[p] for p in P)


# --- §3 the end -------------------------------------------------------------------------------


def test_whoever_takes_the_last_card_wins() -> None:
    s = start(cards=5)
    s, _ = take(s, 2)
    last = to_move(s)
    s, keys = take(s, 3)
    assert keys == [Ev.TOOK, Ev.WON]
    assert s.winner == last and G.finished(s)
    assert G.outcome(s).winners == [last]


def test_a_finished_game_takes_no_more_moves() -> None:
    s = start(cards=5)
    s, _ = take(s, 2)
    s, _ = take(s, 3)
    assert all(G.legal(s, p) == [] for p in P)
    refused(s, Leave(player=P[0]), Err.OVER)
    assert G.waiting(s) == [] and G.next_deadline(s) is None


def test_the_result_ranks_by_place_alone() -> None:
    s = start(cards=5)
    s, _ = take(s, 2)
    s, _ = take(s, 3)
    outcome = G.outcome(s)
    assert outcome.status == "over" and not outcome.scored
    assert outcome.scores == {p: int(p == s.winner) for p in P}


# --- §4 the turn timer --------------------------------------------------------------------------


def test_a_turn_that_runs_out_takes_one_card_for_the_player() -> None:
    s = start()
    me = to_move(s)
    assert G.next_deadline(s) == NOW + 30_000
    s, events = G.apply(s, Tick(), NOW + 30_000)
    assert [e.key for e in events] == [Ev.TIMED_OUT, Ev.TOOK]
    assert s.taken[me] == 1 and s.pile == 20 and to_move(s) != me
    assert G.next_deadline(s) == NOW + 60_000  # the next turn's timer


def test_a_turn_that_runs_out_on_the_last_card_wins() -> None:
    s = start(cards=5)
    s, _ = take(s, 3)
    s, _ = take(s, 1)  # 1 left
    me = to_move(s)
    s, events = G.apply(s, Tick(), NOW + 100_000)
    assert [e.key for e in events] == [Ev.TIMED_OUT, Ev.TOOK, Ev.WON] and s.winner == me


def test_the_timer_may_be_60_s_or_none() -> None:
    assert G.next_deadline(start(turn_timer_ms=60_000)) == NOW + 60_000
    s = start(turn_timer_ms=0)
    assert G.next_deadline(s) is None and G.waiting(s)[0].until_ms is None


# --- §5 leaving -------------------------------------------------------------------------------------


def test_a_player_who_leaves_puts_their_cards_back_on_the_pile() -> None:
    s = start()
    first = to_move(s)
    s, _ = take(s, 3)
    s, events = G.apply(s, Leave(player=first), NOW + 2)
    assert [(e.key, e.args["count"]) for e in events] == [(Ev.PLAYER_LEFT, 3)]
    assert s.pile == 21 and first not in s.players and first not in s.taken
    assert sum(G.view(s).zone_counts.values()) == 21


def test_leaving_on_ones_turn_begins_the_next_players_with_a_fresh_timer() -> None:
    s = start()
    me = to_move(s)
    nxt = s.players[(s.turn + 1) % 3]
    s, _ = G.apply(s, Leave(player=me), NOW + 10_000)
    assert to_move(s) == nxt and G.next_deadline(s) == NOW + 40_000


def test_leaving_out_of_turn_keeps_the_player_to_moves_turn_and_timer() -> None:
    for seed in range(12):  # every seat of the one to move, every seat of the one leaving
        s = start(seed=seed)
        me = to_move(s)
        for other in (p for p in P if p != me):
            after, _ = G.apply(s, Leave(player=other), NOW + 10_000)
            assert to_move(after) == me and G.next_deadline(after) == NOW + 30_000


def test_the_last_one_at_the_table_wins() -> None:
    s = start(n=2)
    a, b = s.players
    s, events = G.apply(s, Leave(player=a), NOW + 1)
    assert [e.key for e in events] == [Ev.PLAYER_LEFT, Ev.WON]
    assert s.winner == b and G.outcome(s).winners == [b]
