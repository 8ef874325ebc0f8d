"""One test per rule of docs/rules/dobble.md (§2 presses, §3 mini-games, ties)
and per decision the sheet left open."""

from __future__ import annotations

import pytest

from engine.core import Leave, RuleError, Tick, Wait, clone, replace
from engine.dobble import GAME, rules
from engine.dobble.cards import CARD_SETS, CARDS, SHARED
from engine.dobble.keys import Err, Ev
from engine.dobble.models import DobbleOptions, Spot
from tests.engine.dobble_helpers import (
    check_cards,
    find,
    keys,
    position,
    press,
    rejects,
    right,
    spread,
    wrong,
)

G = GAME
NOW = 10_000


def live(s):  # type: ignore[no-untyped-def]
    """Let the countdown run out."""
    assert s.stage == "countdown"
    s, ev = G.apply(s, Tick(), s.reveal_at)
    assert s.stage == "live" and ev == []
    return s


# --- options and seats ---------------------------------------------------------------


def test_two_to_eight_players() -> None:
    for n in (2, 8):
        s, _ = G.start(list(range(1, n + 1)), seed=1)
        assert len(s.players) == n
    for n in (1, 9):
        with pytest.raises(RuleError) as e:
            G.start(list(range(1, n + 1)), seed=1)
        assert e.value.key == Err.PLAYER_COUNT
    with pytest.raises(RuleError) as e:
        G.start([1, 1], seed=1)
    assert e.value.key == Err.DUPLICATE_PLAYER


def test_bad_options_are_refused() -> None:
    for raw in ({"mode": "poker"}, {"length": 0}, {"countdown_ms": -1}, {"match_modes": []}, {"x": 1}):
        with pytest.raises(RuleError) as e:
            G.options(raw)
        assert e.value.key == Err.BAD_OPTIONS
    o = G.options({"mode": "catch", "length": 3, "countdown_ms": 0})
    assert (o.mode, o.length, o.countdown_ms) == ("catch", 3, 0)
    assert G.options(None) == DobbleOptions()
    assert DobbleOptions().countdown_ms == 3_000


def test_a_press_by_somebody_not_at_the_table_is_refused() -> None:
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a])
    rejects(s, Spot(player=9, symbol=right(s, b), centre=a, card=b, shown=s.shown), Err.NOT_A_PLAYER)
    rejects(s, Leave(player=9), Err.NOT_A_PLAYER)
    with pytest.raises(RuleError) as e:
        G.apply(s, {"type": "spot", "player": 1, "symbol": 57, "centre": a, "card": b}, 0)
    assert e.value.key == Err.BAD_ACTION
    with pytest.raises(RuleError):
        G.apply(s, "not json", 0)


# --- Tower ------------------------------------------------------------------------------


def test_tower_deals_one_card_each_and_stacks_the_rest_face_down_in_the_centre() -> None:
    s, ev = G.start([1, 2, 3], seed=3, options=DobbleOptions(mode="tower"), now_ms=NOW)
    assert keys(ev) == [Ev.MODE_STARTED]
    assert find(ev, Ev.MODE_STARTED).args == {"mode": "tower", "number": 1, "total": 1}
    assert {p: len(c) for p, c in s.piles.items()} == {1: 1, 2: 1, 3: 1}
    assert len(s.centre) == 1 and len(s.deck) == 51
    z = G.view(s).zone_counts
    assert z == {"deck": 51, "centre": 1, "outer": 0, "box": 0, "hand:1": 1, "hand:2": 1, "hand:3": 1}


def test_tower_right_press_takes_the_centre_card_onto_ones_own_pile() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    symbol = right(s, b)
    s2, ev = press(s, 1, b, now=NOW)
    assert s2.piles[1] == (b, a)  # the centre card is now player 1's top card
    assert find(ev, Ev.TOOK).args == {"player": 1, "symbol": symbol, "count": 2}
    assert s2.centre == (d,) and s2.stage == "countdown"
    assert s2.last is not None and (s2.last.player, s2.last.symbol) == (1, symbol)
    check_cards(s2)


def test_tower_pressing_the_symbol_on_the_centre_or_on_ones_own_card_is_the_same_press() -> None:
    """The screen shows both cards as buttons: the shared symbol is on both."""
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a])
    symbol = right(s, b)
    assert symbol in CARDS[a] and symbol in CARDS[b]
    presses = [x for x in G.legal(s, 1) if isinstance(x, Spot) and x.symbol == symbol]
    assert len(presses) == 1  # listed once


def test_tower_ends_when_the_centre_is_empty_and_most_cards_wins() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c], 3: [d]}, [a], rest="box")
    s2, ev = press(s, 2, c, now=NOW)
    assert s2.stage == "over" and s2.winners == (2,)
    assert G.outcome(s2).status == "over" and G.outcome(s2).winners == [2]
    assert find(ev, Ev.MODE_WON).args == {"mode": "tower", "player": 2, "points": 2, "match": False}
    result = s2.results[-1]
    assert result.cards == {1: 1, 2: 2, 3: 1}
    assert result.places == {1: 2, 2: 1, 3: 2}  # tied losers share second place
    assert result.points == {1: 1, 2: 2, 3: 1}
    assert G.legal(s2, 1) == []


# --- Well -----------------------------------------------------------------------------


def test_well_deals_everything_but_the_centre_card() -> None:
    s, _ = G.start([1, 2, 3, 4], seed=3, options=DobbleOptions(mode="well"))
    assert {p: len(c) for p, c in s.piles.items()} == {1: 13, 2: 13, 3: 13, 4: 13}
    # 54 cards do not share out among 4: the two left over lie under the centre card
    assert len(s.centre) == 3 and s.deck == ()
    assert sum(G.view(s).zone_counts.values()) == 55


def test_well_right_press_puts_ones_top_card_on_the_centre() -> None:
    a, b, c, d = spread(4)
    s = position({1: [d, b], 2: [c]}, [a], mode="well", rest="box")
    s2, ev = press(s, 1, b, now=NOW)
    assert s2.centre[-1] == b and s2.piles[1] == (d,)
    assert find(ev, Ev.PLAYED).args["count"] == 1
    assert s2.stage == "countdown"  # the new centre and player 1's next card show together
    s3 = live(s2)
    v = G.view(s3, 1)
    assert v.centre is not None and v.centre.card == b
    assert v.own is not None and v.own.card == d


def test_well_first_to_empty_their_pile_wins() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [d, c]}, [a], mode="well", rest="box")
    s2, ev = press(s, 1, b, now=NOW)
    assert s2.stage == "over" and s2.winners == (1,)
    assert find(ev, Ev.PLAYED).args["count"] == 0
    assert s2.results[-1].places == {1: 1, 2: 2}


# --- Catch Them All -------------------------------------------------------------------


def test_catch_deals_a_centre_card_and_one_outer_card_per_player() -> None:
    s, ev = G.start([1, 2, 3], seed=2, options=DobbleOptions(mode="catch", length=4))
    assert find(ev, Ev.ROUND_STARTED).args == {"round": 1, "rounds": 4}
    assert len(s.centre) == 1 and len(s.outer) == 3
    assert all(c == () for c in s.piles.values())
    s = live(s)
    v = G.view(s, 2)
    assert [f.card for f in v.outer] == list(s.outer) and [f.card for f in v.pairs] == list(s.outer)
    assert v.tops == {} and v.own is None


def test_catch_number_of_rounds_is_a_table_option_capped_by_the_deck() -> None:
    s, _ = G.start([1, 2], seed=2, options=DobbleOptions(mode="catch", length=3))
    assert s.rounds == 3
    s, _ = G.start(list(range(1, 9)), seed=2, options=DobbleOptions(mode="catch", length=27))
    assert s.rounds == 6  # 9 cards a round: 55 cards make six


def test_catch_right_press_takes_that_outer_card_and_the_round_goes_on_at_once() -> None:
    a, b, c, d = spread(4)
    s = position({1: [], 2: [], 3: []}, [a], mode="catch", outer=[b, c, d], rounds=2)
    s2, ev = press(s, 2, c, now=NOW)
    assert s2.piles[2] == (c,) and s2.outer == (b, d)
    assert find(ev, Ev.CAUGHT).args == {"player": 2, "symbol": right(s, c), "count": 1}
    assert s2.stage == "live"  # nothing new to reveal: the others hunt on
    s3, _ = press(s2, 1, b, now=NOW + 1)
    assert s3.piles[1] == (b,)


def test_catch_round_ends_when_the_outer_cards_are_caught_and_the_centre_card_leaves_play() -> None:
    a, b, c = spread(3)
    s = position({1: [], 2: []}, [a], mode="catch", outer=[b, c], rounds=2)
    s, _ = press(s, 1, b, now=NOW)
    s, ev = press(s, 1, c, now=NOW + 5)
    assert a in s.box and s.round == 2
    assert find(ev, Ev.ROUND_STARTED).args == {"round": 2, "rounds": 2}
    assert s.stage == "countdown" and len(s.outer) == 2
    check_cards(s)


def test_catch_after_the_agreed_rounds_most_cards_wins() -> None:
    a, b, c, d = spread(4)
    s = position({1: [], 2: [], 3: []}, [a], mode="catch", outer=[b, c, d], rounds=1)
    s, _ = press(s, 3, b, now=NOW)
    s, _ = press(s, 3, c, now=NOW + 1)
    s, _ev = press(s, 1, d, now=NOW + 2)
    assert s.stage == "over" and s.winners == (3,)
    assert s.results[-1].cards == {1: 1, 2: 0, 3: 2}
    assert s.results[-1].places == {1: 2, 2: 3, 3: 1}


def test_catch_a_press_names_the_outer_card_it_was_made_on() -> None:
    a, b, c = spread(3)
    s = position({1: [], 2: []}, [a], mode="catch", outer=[b, c])
    # the symbol shared by the centre and b, claimed for c: wrong, c does not have it
    symbol = right(s, b)
    s2, ev = press(s, 1, c, symbol=symbol, now=NOW)
    assert s2.locked == (1,) and s2.outer == (b, c)
    assert find(ev, Ev.WRONG).to == 1


# --- Poisoned Gift --------------------------------------------------------------------


def test_gift_sets_up_as_the_tower() -> None:
    s, _ = G.start([1, 2, 3], seed=3, options=DobbleOptions(mode="gift"))
    assert {p: len(c) for p, c in s.piles.items()} == {1: 1, 2: 1, 3: 1}
    assert len(s.centre) == 1 and len(s.deck) == 51


def test_gift_right_press_sends_the_centre_card_to_the_other_player() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c], 3: [d]}, [a], mode="gift")
    v = G.view(s, 1)
    assert [(f.card, f.owner) for f in v.pairs] == [(c, 2), (d, 3)]  # the others' cards, not one's own
    s2, ev = press(s, 1, d, now=NOW)
    assert s2.piles[3] == (d, a) and s2.piles[1] == (b,)
    assert find(ev, Ev.GIFTED).args == {"player": 1, "target": 3, "symbol": right(s, d), "count": 2}
    assert s2.last is not None and s2.last.target == 3


def test_gift_ones_own_card_is_not_a_target() -> None:
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a], mode="gift")
    assert all(x.card == c for x in G.legal(s, 1) if isinstance(x, Spot))
    rejects(s, Spot(player=1, symbol=right(s, b), centre=a, card=b, shown=s.shown), Err.OLD_CARD)


def test_gift_ends_when_the_centre_is_empty_and_fewest_cards_wins() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c], 3: [d]}, [a], mode="gift", rest="box")
    s2, _ = press(s, 1, c, now=NOW)
    assert s2.duel == (1, 3)  # players 1 and 3 tie on one card: a duel settles it
    s3 = live(s2)
    d1 = s3.piles[1][-1]
    s4, ev = press(s3, 3, s3.piles[3][-1], now=s3.clock_ms + 10)
    assert s4.stage == "over" and s4.winners == (3,)
    assert s4.results[-1].places == {1: 2, 2: 3, 3: 1}
    assert keys(ev) == [Ev.DUEL_WON, Ev.MODE_WON]
    assert d1 in s3.piles[1]


# --- §2 wrong presses -------------------------------------------------------------------


def test_wrong_press_locks_the_player_out_until_the_next_card() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    bad = wrong(s, b)
    s2, ev = press(s, 1, b, symbol=bad, now=NOW)
    assert s2.locked == (1,) and s2.centre == (a,)  # nothing moved
    wrong_ev = find(ev, Ev.WRONG)
    assert wrong_ev.to == 1 and wrong_ev.args == {"player": 1, "symbol": bad}  # told privately
    assert s2.seq == s.seq + 1
    # locked: even the right symbol does not count now
    rejects(s2, Spot(player=1, symbol=right(s, b), centre=a, card=b, shown=s.shown), Err.LOCKED, NOW + 1)
    assert G.legal(s2, 1) == [Leave(player=1)]
    assert G.view(s2, 1).locked == [1]
    assert G.waiting(s2) == [Wait(kind="all", players=[2], until_ms=None)]
    # the other player wins the card; on the next card player 1 may press again
    s3, _ = press(s2, 2, c, now=NOW + 2)
    assert s3.locked == ()
    s4 = live(s3)
    s5, _ = press(s4, 1, b, now=s4.clock_ms + 1)
    assert s5.piles[1][-1] == d


def test_when_everybody_has_missed_the_locks_are_lifted() -> None:
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a])
    s, _ = press(s, 1, b, symbol=wrong(s, b), now=NOW)
    s, ev = press(s, 2, c, symbol=wrong(s, c), now=NOW + 1)
    assert keys(ev) == [Ev.WRONG, Ev.LOCKS_LIFTED]
    assert s.locked == ()
    s, _ = press(s, 2, c, now=NOW + 2)
    assert s.piles[2][-1] == a


def test_a_symbol_on_neither_card_is_refused_and_locks_nobody() -> None:
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a])
    stray = next(x for x in range(57) if x not in CARD_SETS[a] | CARD_SETS[b])
    rejects(s, Spot(player=1, symbol=stray, centre=a, card=b, shown=s.shown), Err.NOT_ON_CARD)


def test_catch_lock_lasts_until_the_next_card_is_caught() -> None:
    a, b, c, d = spread(4)
    s = position({1: [], 2: [], 3: []}, [a], mode="catch", outer=[b, c, d])
    s, _ = press(s, 1, b, symbol=wrong(s, b), now=NOW)
    rejects(s, Spot(player=1, symbol=right(s, c), centre=a, card=c, shown=s.shown), Err.LOCKED)
    s, _ = press(s, 2, b, now=NOW + 1)
    assert s.locked == ()
    s, _ = press(s, 1, c, now=NOW + 2)
    assert s.piles[1] == (c,)


# --- §2 the countdown ---------------------------------------------------------------------


def test_each_new_card_shows_after_the_countdown() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d], options=DobbleOptions(countdown_ms=3_000))
    s2, _ = press(s, 1, b, now=NOW)
    assert s2.stage == "countdown" and s2.reveal_at == NOW + 3_000
    assert G.next_deadline(s2) == NOW + 3_000
    assert G.waiting(s2) == [Wait(kind="all", players=[1, 2], until_ms=NOW + 3_000)]
    same, ev = G.apply(s2, Tick(), NOW + 2_999)
    assert same is s2 and ev == []
    s3, _ = G.apply(s2, Tick(), NOW + 3_000)
    assert s3.stage == "live" and G.next_deadline(s3) is None
    assert G.waiting(s3) == [Wait(kind="all", players=[1, 2], until_ms=None)]
    assert G.view(s3).centre is not None and G.view(s3).centre.card == d  # type: ignore[union-attr]


def test_no_press_counts_before_the_reveal() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    s2, _ = press(s, 1, b, now=NOW)
    # even somebody who guessed the hidden card's id and symbol is refused
    for p, card in ((2, c), (1, a)):
        rejects(
            s2,
            Spot(player=p, symbol=SHARED[d][card], centre=d, card=card, shown=s.shown),
            Err.NOT_YET,
            NOW + 100,
        )
    assert G.legal(s2, 2) == [Leave(player=2)]


def test_a_press_after_the_reveal_time_meets_the_revealed_card() -> None:
    """The countdown is a deadline: a press arriving once it is over finds the
    card revealed (time passes first), though nobody ticked in between."""
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    s2, _ = press(s, 2, c, now=NOW)
    due = G.next_deadline(s2)
    assert s2.stage == "countdown" and due == NOW + 3_000
    # made on the card just won: somebody was quicker (not "not yet")
    late = Spot(player=1, symbol=right(s, b), centre=a, card=b, shown=s.shown)
    rejects(s2, late, Err.SECOND, due + 5)
    # made on the revealed card (as its screen shows it): it counts
    shown, _ = G.apply(s2, Tick(), due)
    s3, ev = G.apply(s2, Spot(player=1, symbol=SHARED[d][b], centre=d, card=b, shown=shown.shown), due + 5)
    assert keys(ev) == [Ev.TOOK] and s3.piles[1] == (b, d) and s3.seq == s2.seq + 1


def test_the_view_never_shows_the_next_card_before_its_reveal() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    s2, _ = press(s, 2, c, now=NOW)
    for viewer in (None, 1, 2):
        v = G.view(s2, viewer)
        assert v.stage == "countdown" and v.reveal_at_ms == s2.reveal_at
        assert v.centre is None and v.tops == {} and v.own is None and v.pairs == []
        assert str(d) not in {str(x) for x in (v.centre, v.own)}
        assert f"card={d}," not in repr(v)
    assert G.view(s2).last is not None and G.view(s2).last.player == 2  # type: ignore[union-attr]


def test_a_countdown_of_zero_shows_the_next_card_at_once() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d], options=DobbleOptions(countdown_ms=0))
    s2, _ = press(s, 1, b, now=NOW)
    assert s2.stage == "live" and s2.centre == (d,) and G.next_deadline(s2) is None


def test_the_first_card_of_a_game_waits_for_the_countdown_too() -> None:
    s, _ = G.start([1, 2], seed=4, now_ms=NOW)
    assert s.stage == "countdown" and s.reveal_at == NOW + 3_000
    assert G.view(s, 1).own is None


# --- §2 fairness: who was first -------------------------------------------------------------


def test_two_right_presses_one_ms_apart_the_first_applied_wins_the_second_is_told_second() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    first = Spot(player=2, symbol=right(s, c), centre=a, card=c, shown=s.shown)
    second = Spot(player=1, symbol=right(s, b), centre=a, card=b, shown=s.shown)
    s2, _ = G.apply(s, first, NOW)
    e = rejects(s2, second, Err.SECOND, NOW + 1)
    assert e.params == {"winner": 2, "symbol": right(s, c)}
    assert s2.piles[1] == (b,)


def test_a_late_wrong_press_on_the_card_just_won_is_an_old_card() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    s2, _ = press(s, 2, c, now=NOW)
    rejects(s2, Spot(player=1, symbol=wrong(s, b), centre=a, card=b, shown=s.shown), Err.OLD_CARD, NOW + 1)


def test_a_press_on_an_older_card_is_told_old_card() -> None:
    a, b, c, d, e = spread(5)
    s = position({1: [b], 2: [c]}, [a], deck=[d, e], options=DobbleOptions(countdown_ms=0))
    s, _ = press(s, 2, c, now=NOW)  # centre a won, d is up
    s, _ = press(s, 2, a, now=NOW + 10)  # centre d won (player 2's top is now a), e is up
    rejects(s, Spot(player=1, symbol=SHARED[a][b], centre=a, card=b, shown=s.shown), Err.OLD_CARD, NOW + 11)


def test_a_press_on_two_cards_shown_again_later_is_an_old_card() -> None:
    """A match re-deals the deck, so the same centre card and the same top card
    may be up together again: a press made the first time names that reveal
    and never counts on the later one."""
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a], options=DobbleOptions(countdown_ms=0))
    stale = Spot(player=1, symbol=right(s, b), centre=a, card=b, shown=s.shown)
    later = clone(s)
    rules.reveal(later)  # the same two cards, a later reveal
    assert later.shown == s.shown + 1 and later.centre == (a,) and later.piles[1] == (b,)
    rejects(later, stale, Err.OLD_CARD, NOW)
    assert stale not in G.legal(later, 1)
    now_made = replace(stale, shown=later.shown)
    assert now_made in G.legal(later, 1)
    s2, ev = G.apply(later, now_made, NOW)
    assert s2.piles[1] == (b, a) and Ev.TOOK in keys(ev)


def test_a_late_press_never_counts_on_the_next_card() -> None:
    """A press made on the old centre card is refused even when its symbol
    happens to be right for the new one."""
    a, b, c = spread(3)
    # the next centre card shares with b the very symbol a shares with b
    d = next(x for x in range(57) if x not in (a, b, c) and SHARED[x][b] == SHARED[a][b])
    s = position({1: [b], 2: [c]}, [a], deck=[d], options=DobbleOptions(countdown_ms=0))
    s2, _ = press(s, 2, c, now=NOW)
    assert s2.centre == (d,) and s2.stage == "live"
    late = Spot(player=1, symbol=SHARED[a][b], centre=a, card=b, shown=s.shown)
    assert SHARED[d][b] == late.symbol
    rejects(s2, late, Err.SECOND, NOW + 1)
    assert late not in G.legal(s2, 1)


def test_the_winners_own_second_tap_is_an_old_card() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    s2, _ = press(s, 1, b, now=NOW)
    rejects(s2, Spot(player=1, symbol=right(s, b), centre=a, card=b, shown=s.shown), Err.OLD_CARD, NOW + 1)


def test_catch_a_right_press_on_an_outer_card_just_caught_is_told_second() -> None:
    a, b, c = spread(3)
    s = position({1: [], 2: []}, [a], mode="catch", outer=[b, c], rounds=2)
    s2, _ = press(s, 1, b, now=NOW)
    e = rejects(s2, Spot(player=2, symbol=right(s, b), centre=a, card=b, shown=s.shown), Err.SECOND, NOW + 1)
    assert e.params["winner"] == 1
    s3, _ = press(s2, 2, c, now=NOW + 2)  # the other outer card is still there to catch
    assert s3.piles[2] == (c,)


def test_catch_a_press_on_a_card_caught_earlier_is_old_even_during_the_countdown() -> None:
    """Not "not yet": the press was made on a card that was up, not on the hidden one."""
    a, b, c = spread(3)
    s = position({1: [], 2: []}, [a], mode="catch", outer=[b, c], rounds=2)
    s2, _ = press(s, 1, b, now=NOW)
    s3, _ = press(s2, 2, c, now=NOW + 1)  # the round's last outer card: the next round counts down
    assert s3.stage == "countdown"
    rejects(s3, Spot(player=2, symbol=right(s, b), centre=a, card=b, shown=s.shown), Err.OLD_CARD, NOW + 2)


def test_presses_apply_in_the_order_the_bot_calls_apply() -> None:
    """Server time decides: the engine never reorders presses."""
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    s2, _ = press(s, 1, b, now=NOW + 5)
    rejects(s2, Spot(player=2, symbol=right(s, c), centre=a, card=c, shown=s.shown), Err.SECOND, NOW)


# --- ties: the one-card duel -----------------------------------------------------------------


def test_a_tie_for_first_is_settled_by_a_one_card_duel() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c], 3: [d]}, [a], rest="box")
    s2, _ = press(s, 1, b, now=NOW)  # the last card: two cards against one each, no tie
    assert s2.winners == (1,) and s2.duel == ()
    # a tie: players 1 and 2 both hold two cards when the centre runs out
    e = spread(5)[4]
    s = position({1: [b, e], 2: [c], 3: [d]}, [a], rest="box")
    s2, ev = press(s, 2, c, now=NOW)
    assert keys(ev) == [Ev.TOOK, Ev.DUEL_STARTED]
    assert find(ev, Ev.DUEL_STARTED).args == {"count": 2}
    assert s2.duel == (1, 2) and s2.standing == {1: 2, 2: 2, 3: 1}
    # a centre card and one card for each duellist; everything else back in the deck
    assert len(s2.centre) == 1 and len(s2.piles[1]) == len(s2.piles[2]) == 1 and s2.piles[3] == ()
    check_cards(s2)
    assert s2.stage == "countdown"
    s3 = live(s2)
    assert G.waiting(s3) == [Wait(kind="all", players=[1, 2], until_ms=None)]
    assert G.legal(s3, 3) == [Leave(player=3)]
    v = G.view(s3)
    assert set(v.tops) == {1, 2} and v.duel == [1, 2] and v.standing == {1: 2, 2: 2, 3: 1}
    s4, ev = press(s3, 1, s3.piles[1][-1], now=s3.clock_ms + 1)
    assert keys(ev) == [Ev.DUEL_WON, Ev.MODE_WON]
    assert s4.winners == (1,)
    r = s4.results[-1]
    assert r.cards == {1: 2, 2: 2, 3: 1}
    assert r.places == {1: 1, 2: 2, 3: 3} and r.points == {1: 2, 2: 1, 3: 0}


def test_only_the_duellists_may_press_in_a_duel() -> None:
    s = _duel_position()
    duel_centre = s.centre[-1]
    other = s.piles[1][-1]
    rejects(
        s,
        Spot(player=3, symbol=SHARED[duel_centre][other], centre=duel_centre, card=other, shown=s.shown),
        Err.NOT_IN_DUEL,
    )


def test_a_wrong_press_in_a_duel_locks_that_duellist_out() -> None:
    s = _duel_position()
    s2, _ = press(s, 1, s.piles[1][-1], symbol=wrong(s, s.piles[1][-1]), now=s.clock_ms + 1)
    assert s2.locked == (1,)
    s3, _ev = press(s2, 2, s.piles[2][-1], now=s.clock_ms + 2)
    assert s3.winners == (2,)


def test_a_duellist_who_leaves_hands_the_duel_to_the_other() -> None:
    s = _duel_position()
    s2, ev = G.apply(s, Leave(player=1), s.clock_ms + 1)
    assert keys(ev) == [Ev.PLAYER_LEFT, Ev.MODE_WON]
    assert s2.winners == (2,) and s2.results[-1].places == {2: 1, 3: 2}


def _duel_position():  # type: ignore[no-untyped-def]
    a, b, c, d, e = spread(5)
    s = position({1: [b, e], 2: [c], 3: [d]}, [a], rest="box")
    s, _ = press(s, 2, c, now=NOW)
    return live(s)


# --- a match: several mini-games with placement points -----------------------------------------


def test_a_match_chains_the_mini_games_and_scores_places() -> None:
    opts = DobbleOptions(mode="match", match_modes=("tower", "gift"), pause_ms=5_000)
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c], 3: [d]}, [a], options=opts, rest="box")
    assert s.plan == ("tower", "gift")
    s2, ev = press(s, 3, d, now=NOW)
    assert keys(ev) == [Ev.TOOK, Ev.MODE_WON, Ev.MODE_STARTED]
    assert find(ev, Ev.MODE_STARTED).args == {"mode": "gift", "number": 2, "total": 2}
    assert s2.points == {1: 1, 2: 1, 3: 2}
    assert s2.mode == "gift" and s2.mode_no == 1
    # the next mini-game: dealt afresh from all 55 cards, after the break and the countdown
    assert s2.reveal_at == NOW + 5_000 + 3_000
    assert {p: len(x) for p, x in s2.piles.items()} == {1: 1, 2: 1, 3: 1} and len(s2.deck) == 51
    check_cards(s2)
    assert G.outcome(s2).status == "playing" and G.outcome(s2).scores == {1: 1, 2: 1, 3: 2}


def test_the_match_goes_to_the_most_points() -> None:
    opts = DobbleOptions(mode="match", match_modes=("tower", "gift"))
    a, b, c, d = spread(4)
    s = position(
        {1: [b], 2: [c], 3: [d]}, [a], options=opts, rest="box", mode_no=1, points={1: 0, 2: 2, 3: 1}
    )
    assert s.mode == "gift"
    s2, ev = press(s, 1, d, now=NOW)  # gift to 3: players 1 and 2 tie on fewest cards: a duel
    assert s2.duel == (1, 2) and s2.duel_for == "mode"
    s3 = live(s2)
    s4, ev = press(s3, 2, s3.piles[2][-1], now=s3.clock_ms + 1)
    assert keys(ev) == [Ev.DUEL_WON, Ev.MODE_WON, Ev.MATCH_WON]
    assert s4.points == {1: 1, 2: 4, 3: 1} and s4.winners == (2,)
    assert find(ev, Ev.MATCH_WON).args == {"player": 2, "points": 4}


def test_a_tie_on_match_points_is_settled_by_a_duel() -> None:
    opts = DobbleOptions(mode="match", match_modes=("tower", "gift"))
    a, b, c, d = spread(4)
    s = position(
        {1: [b], 2: [c], 3: [d]}, [a], options=opts, rest="box", mode_no=1, points={1: 0, 2: 0, 3: 2}
    )
    s2, ev = press(s, 2, d, now=NOW)  # player 3 gets the gift: 1 and 2 duel for the mini-game
    s3 = live(s2)
    s4, ev = press(s3, 1, s3.piles[1][-1], now=s3.clock_ms + 1)
    assert s4.points == {1: 2, 2: 1, 3: 2}
    assert s4.duel == (1, 3) and s4.duel_for == "match"
    s5 = live(s4)
    s6, ev = press(s5, 3, s5.piles[3][-1], now=s5.clock_ms + 1)
    assert keys(ev) == [Ev.DUEL_WON, Ev.MATCH_WON] and s6.winners == (3,)


def test_a_match_plays_every_mode_of_the_option_in_order() -> None:
    s, ev = G.start([1, 2], seed=1, options=DobbleOptions(mode="match"))
    assert s.plan == ("tower", "well", "catch", "gift")
    assert find(ev, Ev.MODE_STARTED).args == {"mode": "tower", "number": 1, "total": 4}


# --- leaving ------------------------------------------------------------------------------------


def test_a_leaver_s_cards_are_set_aside() -> None:
    a, b, c, d, e = spread(5)
    s = position({1: [b, e], 2: [c], 3: [d]}, [a])
    s2, ev = G.apply(s, Leave(player=1), NOW)
    assert find(ev, Ev.PLAYER_LEFT).args == {"player": 1, "count": 2}
    assert s2.players == (2, 3) and s2.left == (1,) and b in s2.box and e in s2.box
    assert "hand:1" not in G.view(s2).zone_counts
    check_cards(s2)
    rejects(s2, Leave(player=1), Err.NOT_A_PLAYER)
    assert G.legal(s2, 1) == []


def test_with_fewer_than_two_players_the_game_ends() -> None:
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a])
    s2, ev = G.apply(s, Leave(player=2), NOW)
    assert keys(ev) == [Ev.PLAYER_LEFT, Ev.WALKOVER]
    assert s2.stage == "over" and s2.winners == (1,)
    rejects(s2, Spot(player=1, symbol=right(s, b), centre=a, card=b, shown=s.shown), Err.OVER)


def test_leaving_lifts_the_locks_if_only_locked_players_remain() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c], 3: [d]}, [a])
    s, _ = press(s, 1, b, symbol=wrong(s, b), now=NOW)
    s, _ = press(s, 2, c, symbol=wrong(s, c), now=NOW)
    s, ev = G.apply(s, Leave(player=3), NOW)
    assert Ev.LOCKS_LIFTED in keys(ev) and s.locked == ()


# --- views --------------------------------------------------------------------------------------


def test_the_public_view_holds_the_scoreboard_the_centre_the_tops_and_the_last_winner() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d], options=DobbleOptions(countdown_ms=0))
    s, _ = press(s, 2, c, now=NOW)
    v = G.view(s)
    assert v.viewer is None and v.own is None and v.pairs == []
    assert v.centre is not None and v.centre.card == d and sorted(v.centre.symbols) == sorted(CARDS[d])
    assert {p: f.card for p, f in v.tops.items()} == {1: b, 2: a}
    assert v.cards == {1: 1, 2: 2} and v.points == {1: 0, 2: 0}
    assert v.last is not None and (v.last.player, v.last.symbol) == (2, SHARED[a][c])
    assert sum(v.zone_counts.values()) == 55


def test_a_players_view_holds_their_card_the_centre_and_their_lock() -> None:
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a])
    v = G.view(s, 1)
    assert v.own is not None and v.own.card == b and v.own.symbols == s.faces[b]
    assert v.centre is not None and v.centre.symbols == s.faces[a]
    assert [f.card for f in v.pairs] == [b]
    s2, _ = press(s, 1, b, symbol=wrong(s, b), now=NOW)
    assert G.view(s2, 1).locked == [1]


def test_legal_offers_every_symbol_button_of_the_screen_right_and_wrong() -> None:
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a])
    spots = [x for x in G.legal(s, 1) if isinstance(x, Spot)]
    assert {x.symbol for x in spots} == CARD_SETS[a] | CARD_SETS[b]  # 15 buttons
    assert len(spots) == 15
    assert sum(x.symbol == right(s, b) for x in spots) == 1
    assert G.legal(s, 1)[-1] == Leave(player=1)


def test_symbols_show_in_a_fresh_seeded_order_on_every_card() -> None:
    orders = []
    for seed in range(6):
        s, _ = G.start([1, 2], seed=seed, options=DobbleOptions(countdown_ms=0))
        c = s.centre[-1]
        assert sorted(s.faces[c]) == list(CARDS[c])
        orders.append(s.faces[c])
        again, _ = G.start([1, 2], seed=seed, options=DobbleOptions(countdown_ms=0))
        assert again.faces == s.faces  # part of the state: a replay shows the same
    assert any(list(o) != sorted(o) for o in orders)  # the orders are tuples


def test_waiting_is_everyone_not_locked_out_while_a_card_is_up() -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c], 3: [d]}, [a])
    assert G.waiting(s) == [Wait(kind="all", players=[1, 2, 3], until_ms=None)]
    s, _ = press(s, 3, d, symbol=wrong(s, d), now=NOW)
    assert G.waiting(s) == [Wait(kind="all", players=[1, 2], until_ms=None)]
