"""One test per rule of docs/rules/svintus.md (sections 1–6 and 8)."""

from __future__ import annotations

import pytest

from engine.core import Leave, RuleError, Tick
from engine.svintus import GAME
from engine.svintus.cards import CARDS, DECK_SIZE, Color, Kind
from engine.svintus.keys import Err, Ev
from engine.svintus.models import (
    Accept,
    Catch,
    Declare,
    Draw,
    Join,
    NextRound,
    Pass,
    Play,
    Slap,
    Speak,
    SvintusOptions,
)
from tests.engine.helpers import Faces, check_cards, choose_color, find, keys, table

G = GAME


def rejects(s, action, key, now=0):  # type: ignore[no-untyped-def]
    before = G.dump(s)
    with pytest.raises(RuleError) as e:
        G.apply(s, action, now)
    assert e.value.key == key
    assert G.dump(s) == before
    return e.value


# --- §1 the deck -------------------------------------------------------------


def test_deck_has_112_cards() -> None:
    assert DECK_SIZE == 112 == len({c.id for c in CARDS})


def test_deck_counts_by_kind_and_colour() -> None:
    by_kind = {k: sum(1 for c in CARDS if c.kind is k) for k in Kind}
    assert by_kind[Kind.NUMBER] == 64
    for k in (Kind.GRAB, Kind.SNORE, Kind.TURNABOUT, Kind.HUSH, Kind.HOOFSLAP, Kind.POLYPIG):
        assert by_kind[k] == 8
    for colour in Color:
        for v in range(8):
            assert sum(1 for c in CARDS if c.color == colour and c.value == v) == 2
        assert sum(1 for c in CARDS if c.color == colour and c.kind is Kind.GRAB) == 2
    assert all(c.color is None for c in CARDS if c.kind is Kind.POLYPIG)


# --- §2 setup and a round ------------------------------------------------------


def test_deal_eight_cards_each() -> None:
    s, ev = G.start([1, 2, 3], seed=1)
    assert all(len(h) == 8 for h in s.hands.values())
    assert len(s.pile) == 1 and len(s.deck) == 112 - 24 - 1
    check_cards(s)
    assert ev[-1].key == Ev.ROUND_STARTED


def test_start_card_is_a_number_special_ones_go_back() -> None:
    returned = 0
    for seed in range(200):
        s, ev = G.start([1, 2], seed=seed)
        assert CARDS[s.pile[-1]].kind is Kind.NUMBER
        returned += keys(ev).count(Ev.START_CARD_RETURNED)
        check_cards(s)
    assert returned > 0  # some seeds did turn up a special card first


def test_start_card_cannot_be_intercepted() -> None:
    s, _ = G.start([1, 2, 3], seed=3)
    top = s.pile[-1]
    twin = next(
        c.id
        for c in CARDS
        if c.id != top and (c.kind, c.color, c.value) == (CARDS[top].kind, CARDS[top].color, CARDS[top].value)
    )
    other = next(p for p in s.seats if p != s.current)
    # put the twin in a waiting player's hand
    s.hands = {p: [c for c in h if c != twin] for p, h in s.hands.items()}
    s.deck = [c for c in s.deck if c != twin]
    s.hands = {**s.hands, other: [*s.hands[other], twin]}
    rejects(s, Play(player=other, card=twin, on=top), Err.START_CARD)


def test_first_round_random_starter_later_rounds_after_winner() -> None:
    starters = {G.start([1, 2, 3, 4], seed=seed)[0].current for seed in range(40)}
    assert len(starters) > 1
    f = Faces()
    s = table(
        {1: [f.card("red", 3)], 2: [f.card("blue", 1)], 3: [f.card("green", 1)]},
        top=f.card("red", 5),
        current=1,
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 10)
    assert s.phase == "round_over" and s.round_winner == 1
    s, _ = G.apply(s, NextRound(player=3), 20)
    assert s.current == 2  # the player after the winner, clockwise


def test_play_goes_clockwise() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("red", 1), f.card("red", 2)],
            2: [f.card("red", 3), f.card("blue", 0)],
            3: [f.card("green", 0), f.card("red", 4)],
        },
        top=f.card("red", 5),
        current=1,
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.current == 2
    s, _ = G.apply(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), 2)
    assert s.current == 3


def test_empty_deck_reshuffles_pile_except_top() -> None:
    f = Faces()
    s = table(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 1), f.card("green", 2)]},
        top=f.card("red", 5),
        current=1,
    )
    under = s.deck[:]  # move the whole deck under the top card
    s.pile, s.deck = under + s.pile, []
    top = s.pile[-1]
    s, ev = G.apply(s, Draw(player=1), 1)
    e = find(ev, Ev.DECK_RESHUFFLED)
    assert e.args["count"] == len(under)
    assert s.pile == [top]
    assert len(s.hands[1]) == 3
    check_cards(s)


def test_draw_skipped_when_nothing_to_draw() -> None:
    f = Faces()
    cards = [c for c in range(DECK_SIZE)]
    top = f.card("red", 5)
    cards.remove(top)
    s = table({1: cards[:55], 2: cards[55:]}, top=top, current=1)
    assert s.deck == []
    s, ev = G.apply(s, Draw(player=1), 1)
    assert Ev.DRAW_SKIPPED in keys(ev) and s.current == 2
    check_cards(s)


# --- §3 a turn -----------------------------------------------------------------


def test_play_matching_colour() -> None:
    f = Faces()
    s = table({1: [f.card("red", 1), f.card("blue", 2)], 2: [f.card("green", 0)]}, top=f.card("red", 5))
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert ev[0].key == Ev.PLAYED and s.current == 2


def test_play_matching_value() -> None:
    f = Faces()
    s = table({1: [f.card("blue", 5), f.card("blue", 2)], 2: [f.card("green", 0)]}, top=f.card("red", 5))
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.color == Color.BLUE


def test_play_matching_special_by_name() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("turnabout", "blue"), f.card("blue", 2)],
            2: [f.card("green", 0)],
            3: [f.card("green", 1)],
        },
        top=f.card("turnabout", "red"),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.direction == -1 and s.current == 3


def test_non_matching_card_is_rejected() -> None:
    f = Faces()
    s = table({1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 0)]}, top=f.card("red", 5))
    rejects(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), Err.NO_MATCH)


def test_polypig_matches_anything_and_waits_for_a_colour() -> None:
    f = Faces()
    s = table(
        {1: [f.card("polypig"), f.card("blue", 2)], 2: [f.card("green", 0), f.card("green", 1)]},
        top=f.card("red", 5),
    )
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.awaiting_color and s.current == 1 and Ev.COLOR_NEEDED not in keys(ev)  # one line: the play
    rejects(s, Draw(player=1), Err.CHOOSE_COLOR_FIRST)
    rejects(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), Err.NOT_YOUR_TURN)
    s, ev = G.apply(s, choose_color(s, 1, Color.GREEN), 2)
    assert s.color == Color.GREEN and s.current == 2 and not s.awaiting_color


def test_named_colour_must_be_matched() -> None:
    f = Faces()
    s = table(
        {1: [f.card("blue", 5), f.card("green", 5)], 2: [f.card("red", 0)]},
        top=f.card("polypig"),
        color=Color.GREEN,
    )
    rejects(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), Err.NO_MATCH)
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][1], on=s.pile[-1]), 1)
    assert s.current == 2


def test_draw_then_play_the_drawn_card() -> None:
    f = Faces()
    drawn = f.card("red", 7)
    s = table({1: [f.card("blue", 1)], 2: [f.card("green", 0)]}, top=f.card("red", 5), deck=[drawn])
    s, _ = G.apply(s, Draw(player=1), 1)
    assert s.current == 1 and s.drawn == [drawn]
    rejects(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), Err.ONLY_DRAWN_CARD)
    s, _ = G.apply(s, Play(player=1, card=drawn, on=s.pile[-1]), 2)
    assert s.pile[-1] == drawn and s.current == 2


def test_draw_unplayable_card_ends_the_turn() -> None:
    f = Faces()
    s = table(
        {1: [f.card("blue", 1)], 2: [f.card("green", 0)]}, top=f.card("red", 5), deck=[f.card("blue", 7)]
    )
    s, _ = G.apply(s, Draw(player=1), 1)
    assert s.current == 2 and s.drawn == [] and len(s.hands[1]) == 2


def test_pass_after_drawing_a_playable_card() -> None:
    f = Faces()
    s = table(
        {1: [f.card("blue", 1)], 2: [f.card("green", 0)]}, top=f.card("red", 5), deck=[f.card("red", 7)]
    )
    rejects(s, Pass(player=1), Err.CANNOT_PASS)
    s, _ = G.apply(s, Draw(player=1), 1)
    rejects(s, Draw(player=1), Err.ALREADY_DREW)
    s, ev = G.apply(s, Pass(player=1), 2)
    assert s.current == 2 and Ev.PASSED in keys(ev)


def test_draw_allowed_while_holding_a_playable_card() -> None:
    f = Faces()
    s = table({1: [f.card("red", 1)], 2: [f.card("green", 0)]}, top=f.card("red", 5))
    s, _ = G.apply(s, Draw(player=1), 1)
    assert len(s.hands[1]) == 2


def test_draw_with_playable_option_off_forces_a_play() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1)], 2: [f.card("green", 0)]},
        top=f.card("red", 5),
        options=SvintusOptions(draw_with_playable=False),
    )
    rejects(s, Draw(player=1), Err.MUST_PLAY)


def test_grab_next_player_takes_three_and_loses_the_turn() -> None:
    f = Faces()
    s = table(
        {1: [f.card("grab", "red"), f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        top=f.card("red", 5),
    )
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.attack is not None and s.attack.count == 3 and s.attack.target == 2
    s, ev = G.apply(s, Accept(player=2), 2)
    assert len(s.hands[2]) == 4 and s.current == 3
    assert find(ev, Ev.GRAB_TAKEN).args["count"] == 3


def test_snore_next_player_loses_the_turn() -> None:
    f = Faces()
    s = table(
        {1: [f.card("snore", "red"), f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    s, ev = G.apply(s, Accept(player=2), 2)
    assert len(s.hands[2]) == 1 and s.current == 3 and Ev.SNORE_TAKEN in keys(ev)


def test_turnabout_reverses_direction() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("turnabout", "red"), f.card("blue", 1)],
            2: [f.card("green", 0)],
            3: [f.card("green", 1)],
            4: [f.card("green", 2)],
        },
        top=f.card("red", 5),
    )
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.direction == -1 and s.current == 4
    assert find(ev, Ev.DIRECTION).args["clockwise"] is False


def test_turnabout_with_two_players_the_other_moves_next() -> None:
    f = Faces()
    s = table(
        {1: [f.card("turnabout", "red"), f.card("blue", 1)], 2: [f.card("green", 0)]}, top=f.card("red", 5)
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.current == 2


def test_hush_silence_until_play_comes_back_round() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("hush", "red"), f.card("blue", 1)],
            2: [f.card("red", 0), f.card("red", 3)],
            3: [f.card("red", 1), f.card("red", 4)],
        },
        top=f.card("red", 5),
    )
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.silence == 1 and Ev.SILENCE_STARTED in keys(ev)
    s, _ = G.apply(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), 2)
    assert s.silence == 1
    s, ev = G.apply(s, Play(player=3, card=s.hands[3][0], on=s.pile[-1]), 3)
    assert s.silence is None and find(ev, Ev.SILENCE_ENDED).args["player"] == 1


def test_hush_restarted_by_another_hush() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("hush", "red"), f.card("blue", 1)],
            2: [f.card("hush", "blue"), f.card("red", 3)],
            3: [f.card("red", 1), f.card("red", 4)],
        },
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    s, _ = G.apply(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), 2)
    assert s.silence == 2


def test_hoofslap_race_last_to_press_takes_two() -> None:
    f = Faces()
    s = table(
        {1: [f.card("hoofslap", "red"), f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        top=f.card("red", 5),
    )
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1000)
    assert s.race is not None and find(ev, Ev.SLAP_RACE).args["until"] == 4000
    assert G.next_deadline(s) == 4000
    rejects(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), Err.RACE_ON, 1100)
    s, _ = G.apply(s, Slap(player=2), 1200)
    rejects(s, Slap(player=2), Err.ALREADY_SLAPPED, 1250)
    s, _ = G.apply(s, Slap(player=1), 1300)
    s, ev = G.apply(s, Slap(player=3), 1400)
    assert s.race is None
    e = find(ev, Ev.PENALTY_SLAP_LAST)
    assert e.args == {"player": 3, "count": 2} and len(s.hands[3]) == 3
    assert s.current == 2 and s.turn_started_ms == 1400


def test_hoofslap_everyone_who_missed_the_window_takes_two() -> None:
    f = Faces()
    s = table(
        {1: [f.card("hoofslap", "red"), f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 0)
    s, _ = G.apply(s, Slap(player=2), 500)
    same, ev = G.apply(s, Tick(), 2999)
    assert same is s and ev == []
    s, ev = G.apply(s, Tick(), 3000)
    missed = [e.args["player"] for e in ev if e.key == Ev.PENALTY_SLAP_MISSED]
    assert missed == [1, 3]
    assert len(s.hands[1]) == 3 and len(s.hands[2]) == 1 and len(s.hands[3]) == 3


# --- §4 named rules -----------------------------------------------------------------


def test_intercept_identical_card_by_any_player() -> None:
    f = Faces()
    s = table(
        {1: [f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("red", 5), f.card("red", 2)]},
        top=f.card("red", 5),
        current=1,
    )
    s, ev = G.apply(s, Play(player=3, card=s.hands[3][0], on=s.pile[-1]), 1)
    e = find(ev, Ev.INTERCEPTED)
    assert e.args["player"] == 3 and e.args["from_player"] == 1


def test_intercept_skips_players_between() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("blue", 1)],
            2: [f.card("green", 0)],
            3: [f.card("red", 5), f.card("red", 2)],
            4: [f.card("blue", 2)],
        },
        top=f.card("red", 5),
        current=1,
    )
    s, _ = G.apply(s, Play(player=3, card=s.hands[3][0], on=s.pile[-1]), 1)
    assert s.current == 4  # play continues from the interceptor: 1 and 2 are skipped


def test_intercept_yourself_two_identical_cards_in_a_row() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("red", 5), f.card("red", 5), f.card("blue", 1)],
            2: [f.card("green", 0)],
            3: [f.card("green", 1)],
        },
        top=f.card("red", 3),
        current=1,
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.current == 2
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 2)
    assert Ev.INTERCEPTED in keys(ev) and s.current == 2


def test_intercept_requires_an_identical_card() -> None:
    f = Faces()
    s = table(
        {1: [f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("blue", 5), f.card("red", 2)]},
        top=f.card("red", 5),
        current=1,
    )
    rejects(s, Play(player=3, card=s.hands[3][0], on=s.pile[-1]), Err.NOT_YOUR_TURN)
    rejects(s, Play(player=3, card=s.hands[3][1], on=s.pile[-1]), Err.NOT_YOUR_TURN)


def test_intercept_applies_the_special_effect() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("blue", 1)],
            2: [f.card("green", 0)],
            3: [f.card("snore", "red"), f.card("red", 2)],
            4: [f.card("blue", 2)],
        },
        top=f.card("snore", "red"),
        current=1,
        top_live=True,
    )
    s, _ = G.apply(s, Play(player=3, card=s.hands[3][0], on=s.pile[-1]), 1)
    assert s.attack is not None and s.attack.kind == "snore" and s.attack.target == 4


def test_intercept_of_pending_grab_grows_and_passes_after_interceptor() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("grab", "red"), f.card("blue", 1)],
            2: [f.card("green", 0)],
            3: [f.card("grab", "red"), f.card("red", 2)],
            4: [f.card("blue", 2)],
        },
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.attack is not None and s.attack.target == 2
    s, _ = G.apply(s, Play(player=3, card=s.hands[3][0], on=s.pile[-1]), 2)
    assert s.attack is not None and s.attack.target == 4 and s.attack.count == 6


def test_first_intercept_wins_the_later_one_is_too_late() -> None:
    f = Faces()
    top = f.card("polypig")
    s = table(
        {
            1: [f.card("blue", 1)],
            2: [f.card("polypig"), f.card("green", 0)],
            3: [f.card("polypig"), f.card("red", 2)],
        },
        top=top,
        current=1,
        color=Color.RED,
    )
    first = Play(player=2, card=s.hands[2][0], on=top)
    late = Play(player=3, card=s.hands[3][0], on=top)
    s, ev = G.apply(s, first, 1)
    assert Ev.INTERCEPTED in keys(ev) and s.current == 2 and s.awaiting_color
    rejects(s, late, Err.TOO_LATE, 2)
    rejects(s, first, Err.TOO_LATE, 2)  # a second tap on the same card


def test_grab_transfer_grows_by_three() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("grab", "red"), f.card("blue", 1)],
            2: [f.card("grab", "green"), f.card("green", 0)],
            3: [f.card("grab", "blue"), f.card("green", 1)],
            4: [f.card("blue", 2)],
        },
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    s, ev = G.apply(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), 2)
    assert Ev.TRANSFERRED in keys(ev)
    assert s.attack is not None and (s.attack.target, s.attack.count) == (3, 6)
    s, _ = G.apply(s, Play(player=3, card=s.hands[3][0], on=s.pile[-1]), 3)
    assert s.attack is not None and (s.attack.target, s.attack.count) == (4, 9)
    s, _ = G.apply(s, Accept(player=4), 4)
    assert len(s.hands[4]) == 10 and s.current == 1


def test_snore_transfer_moves_it_on() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("snore", "red"), f.card("blue", 1)],
            2: [f.card("snore", "blue"), f.card("green", 0)],
            3: [f.card("green", 1)],
        },
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    s, _ = G.apply(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), 2)
    assert s.attack is not None and s.attack.target == 3 and s.attack.kind == "snore"


def test_no_other_play_while_an_attack_is_pending() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("grab", "red"), f.card("blue", 1)],
            2: [f.card("red", 0), f.card("snore", "red")],
            3: [f.card("green", 1)],
        },
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    rejects(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), Err.MUST_ANSWER_ATTACK)
    rejects(s, Play(player=2, card=s.hands[2][1], on=s.pile[-1]), Err.MUST_ANSWER_ATTACK)
    rejects(s, Draw(player=2), Err.MUST_ANSWER_ATTACK)
    rejects(s, Accept(player=3), Err.NOTHING_TO_ACCEPT)


def test_declare_svintus_with_one_card() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1), f.card("blue", 1)], 2: [f.card("green", 0), f.card("green", 2)]},
        top=f.card("red", 5),
    )
    rejects(s, Declare(player=1), Err.CANNOT_DECLARE)
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1000)
    assert s.one_card_since == {1: 1000}
    s, ev = G.apply(s, Declare(player=1), 1500)
    assert Ev.DECLARED in keys(ev) and s.declared == [1]
    rejects(s, Catch(player=2), Err.NOBODY_TO_CATCH, 9000)
    rejects(s, Declare(player=1), Err.CANNOT_DECLARE)


def test_catch_after_the_grace_costs_two_cards() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1), f.card("blue", 1)], 2: [f.card("green", 0), f.card("green", 2)]},
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1000)
    rejects(s, Catch(player=1), Err.CATCH_YOURSELF, 5000)  # not yourself: say «Svintus!» instead
    s, ev = G.apply(s, Catch(player=2), 4000)
    e = find(ev, Ev.PENALTY_CAUGHT)
    assert e.args == {"player": 1, "count": 2, "catcher": 2}
    assert len(s.hands[1]) == 3 and 1 not in s.one_card_since


def test_catch_before_the_grace_does_nothing() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1), f.card("blue", 1)], 2: [f.card("green", 0), f.card("green", 2)]},
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1000)
    s, ev = G.apply(s, Catch(player=2), 3999)
    assert keys(ev) == [Ev.CATCH_TOO_EARLY] and len(s.hands[1]) == 1


def test_turn_timer_draws_one_and_passes() -> None:
    f = Faces()
    s = table({1: [f.card("red", 1)], 2: [f.card("green", 0)]}, top=f.card("red", 5), now=0)
    assert G.next_deadline(s) == 30_000
    s, ev = G.apply(s, Tick(), 30_000)
    assert keys(ev)[:2] == [Ev.TIMEOUT, Ev.DREW]
    assert len(s.hands[1]) == 2 and s.current == 2 and s.turn_started_ms == 30_000


def test_three_timeouts_in_a_row_mark_away_and_autoplay() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1)], 2: [f.card("green", 0)]},
        top=f.card("red", 5),
        options=SvintusOptions(turn_timer_ms=10_000),
    )
    t = 0
    for _i in range(3):
        t = G.next_deadline(s) or 0
        s, ev = G.apply(s, Tick(), t)  # player 1 times out
        t2 = G.next_deadline(s) or 0
        s, _ = G.apply(s, Draw(player=2), t2 - 1)  # player 2 is fine
        if s.current == 2:
            s, _ = G.apply(s, Pass(player=2), t2 - 1)
    assert 1 in s.away and Ev.AWAY in keys(ev)
    assert G.next_deadline(s) == s.turn_started_ms + 5_000
    s, ev = G.apply(s, Draw(player=1), s.turn_started_ms + 100)
    assert 1 not in s.away and Ev.BACK in keys(ev)


def test_penalty_is_two_cards_from_the_deck() -> None:
    f = Faces()
    s = table({1: [f.card("red", 1)], 2: [f.card("green", 0)]}, top=f.card("hush", "red"), silence=2)
    deck_before = len(s.deck)
    s, _ = G.apply(s, Speak(player=1), 1)
    assert len(s.hands[1]) == 3 and len(s.deck) == deck_before - 2


def test_timeout_with_pending_grab_takes_it() -> None:
    f = Faces()
    s = table(
        {1: [f.card("grab", "red"), f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 0)
    s, _ = G.apply(s, Tick(), 30_000)
    assert len(s.hands[2]) == 4 and s.current == 3


def test_timeout_while_naming_a_colour_names_the_most_held_one() -> None:
    f = Faces()
    s = table(
        {1: [f.card("polypig"), f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 0)]},
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 0)
    s, ev = G.apply(s, Tick(), 30_000)
    assert s.color == Color.BLUE and s.current == 2 and Ev.COLOR_AUTO in keys(ev)


# --- §5 reactions in a chat --------------------------------------------------------


def test_reaction_window_is_a_table_option() -> None:
    f = Faces()
    s = table(
        {1: [f.card("hoofslap", "red"), f.card("blue", 1)], 2: [f.card("green", 0)]},
        top=f.card("red", 5),
        options=SvintusOptions(reaction_window_ms=5_000),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 100)
    assert G.next_deadline(s) == 5_100


def test_silence_a_group_message_costs_two() -> None:
    f = Faces()
    s = table({1: [f.card("red", 1)], 2: [f.card("green", 0)]}, top=f.card("red", 5))
    rejects(s, Speak(player=1), Err.NO_SILENCE)
    s.silence = 2
    s, ev = G.apply(s, Speak(player=2), 1)  # the caller of the silence too
    assert find(ev, Ev.PENALTY_SILENCE).args == {"player": 2, "count": 2}


def test_silence_declaring_svintus_costs_two() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1)], 2: [f.card("green", 0), f.card("green", 1)]}, top=f.card("red", 5), silence=2
    )
    s, ev = G.apply(s, Declare(player=1), 1)
    assert keys(ev) == [Ev.DECLARED, Ev.PENALTY_SILENCE] and len(s.hands[1]) == 3


def test_silence_catching_costs_two() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1)], 2: [f.card("green", 0), f.card("green", 1)]}, top=f.card("red", 5), silence=1
    )
    s, ev = G.apply(s, Catch(player=2), 5000)
    assert keys(ev) == [Ev.PENALTY_CAUGHT, Ev.PENALTY_SILENCE]
    assert len(s.hands[1]) == 3 and len(s.hands[2]) == 4


def test_silence_naming_a_colour_costs_two_and_the_colour_is_still_named() -> None:
    f = Faces()
    s = table(
        {1: [f.card("polypig"), f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        top=f.card("red", 5),
        silence=3,
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    s, ev = G.apply(s, choose_color(s, 1, Color.BLUE), 2)
    assert keys(ev)[:2] == [Ev.PENALTY_SILENCE, Ev.COLOR_CHOSEN]
    assert s.color == Color.BLUE and len(s.hands[1]) == 3


def test_silence_messages_not_counted_when_the_option_is_off() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1)], 2: [f.card("green", 0)]},
        top=f.card("red", 5),
        silence=2,
        options=SvintusOptions(hush_counts_messages=False),
    )
    rejects(s, Speak(player=1), Err.NO_SILENCE)


# --- §6 end of a round and of the match ---------------------------------------------


def test_round_ends_when_a_hand_is_empty_and_winner_scores_opponents_cards() -> None:
    f = Faces()
    s = table(
        {
            1: [f.card("red", 1)],
            2: [f.card("green", 0), f.card("green", 1)],
            3: [f.card("blue", 0), f.card("blue", 1), f.card("blue", 2)],
        },
        top=f.card("red", 5),
    )
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    e = find(ev, Ev.ROUND_WON)
    assert e.args == {"player": 1, "points": 5, "score": 5}
    assert s.phase == "round_over" and s.round_winner == 1 and G.outcome(s).status == "playing"
    rejects(s, Draw(player=2), Err.ROUND_OVER)


def test_last_grab_still_makes_the_next_player_take() -> None:
    f = Faces()
    s = table(
        {1: [f.card("grab", "red")], 2: [f.card("green", 0)], 3: [f.card("green", 1)]}, top=f.card("red", 5)
    )
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert find(ev, Ev.LAST_GRAB).args == {"player": 2, "count": 3}
    assert find(ev, Ev.ROUND_WON).args["points"] == 5


def test_last_hoofslap_race_resolves_before_the_round_ends() -> None:
    f = Faces()
    s = table(
        {1: [f.card("hoofslap", "red")], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        top=f.card("red", 5),
    )
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 0)
    assert s.phase == "playing"
    s, _ = G.apply(s, Slap(player=1), 100)
    s, ev = G.apply(s, Tick(), 3000)
    assert keys(ev)[:2] == [Ev.PENALTY_SLAP_MISSED, Ev.PENALTY_SLAP_MISSED]
    assert find(ev, Ev.ROUND_WON).args == {"player": 1, "points": 6, "score": 6}


def test_match_goes_to_the_target_score() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1)], 2: [f.card("green", 0), f.card("green", 1)]},
        top=f.card("red", 5),
        options=SvintusOptions(target_score=2),
    )
    s, ev = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert s.phase == "match_over" and find(ev, Ev.MATCH_WON).args == {"player": 1, "score": 2}
    assert G.outcome(s).winners == [1] and G.legal(s, 2) == []
    rejects(s, Leave(player=2), Err.MATCH_OVER)
    assert G.next_deadline(s) is None


def test_next_round_after_the_break_deals_again() -> None:
    f = Faces()
    s = table({1: [f.card("red", 1)], 2: [f.card("green", 0), f.card("green", 1)]}, top=f.card("red", 5))
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1000)
    assert G.next_deadline(s) == 16_000
    s, _ = G.apply(s, Tick(), 16_000)
    assert s.round == 2 and s.phase == "playing" and all(len(h) == 8 for h in s.hands.values())
    assert s.scores == {1: 2, 2: 0}
    check_cards(s)


def test_leaving_shuffles_the_hand_into_the_deck() -> None:
    f = Faces()
    s = table(
        {1: [f.card("red", 1)], 2: [f.card("green", 0), f.card("green", 1)], 3: [f.card("blue", 1)]},
        top=f.card("red", 5),
        current=2,
    )
    deck = len(s.deck)
    s, ev = G.apply(s, Leave(player=2), 1)
    assert find(ev, Ev.PLAYER_LEFT).args == {"player": 2, "count": 2}
    assert len(s.deck) == deck + 2 and s.seats == [1, 3] and s.current == 3 and s.phase == "playing"
    check_cards(s)


def test_last_player_left_wins_by_walkover() -> None:
    f = Faces()
    s = table({1: [f.card("red", 1)], 2: [f.card("green", 0)]}, top=f.card("red", 5))
    s, ev = G.apply(s, Leave(player=2), 1)
    assert s.phase == "match_over" and s.match_winner == 1 and Ev.WALKOVER in keys(ev)
    check_cards(s)


def test_newcomer_joins_between_rounds_only() -> None:
    f = Faces()
    s = table({1: [f.card("red", 1)], 2: [f.card("green", 0), f.card("green", 1)]}, top=f.card("red", 5))
    rejects(s, Join(player=9), Err.NOT_BETWEEN_ROUNDS)
    s, _ = G.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert G.legal(s, 9) == [Join(player=9)]
    s, _ = G.apply(s, Join(player=9), 2)
    rejects(s, Join(player=9), Err.ALREADY_SEATED)
    s, _ = G.apply(s, NextRound(player=9), 3)
    assert s.seats == [1, 2, 9] and len(s.hands[9]) == 8
    check_cards(s)


# --- §8 table options and bad input ---------------------------------------------------


def test_table_option_defaults_are_the_sheet() -> None:
    o = SvintusOptions()
    assert (o.target_score, o.turn_timer_ms, o.reaction_window_ms, o.hush_counts_messages) == (
        30,
        30_000,
        3_000,
        True,
    )
    assert (o.hand_size, o.penalty_cards, o.grab_cards, o.grab_growth) == (8, 2, 3, 3)
    assert o.draw_with_playable and o.intercept_grows_grab and o.away_after_timeouts == 3


def test_bad_options_and_player_lists_are_rule_errors() -> None:
    for bad in ({"target_score": 0}, {"nonsense": 1}, {"turn_timer_ms": "soon"}):
        with pytest.raises(RuleError) as e:
            G.start([1, 2], seed=1, options=bad)
        assert e.value.key == Err.BAD_OPTIONS
    with pytest.raises(RuleError) as e:
        G.start([1], seed=1)
    assert e.value.key == Err.PLAYER_COUNT
    with pytest.raises(RuleError):
        G.start(list(range(11)), seed=1)
    with pytest.raises(RuleError) as e:
        G.start([1, 1], seed=1)
    assert e.value.key == Err.DUPLICATE_PLAYER


def test_unknown_player_and_malformed_actions_are_rule_errors() -> None:
    s, _ = G.start([1, 2], seed=1)
    rejects(s, Draw(player=99), Err.NOT_A_PLAYER)
    for junk in (
        {"type": "play"},
        {"type": "fly", "player": 1},
        "not json",
        42,
        None,
        {"type": "play", "player": 1, "card": "x"},
    ):
        rejects(s, junk, Err.BAD_ACTION)
    s2, _ = G.apply(s, {"type": "leave", "player": 2}, 5)
    assert s2.phase == "match_over"


def test_time_never_runs_backwards() -> None:
    s, _ = G.start([1, 2], seed=1, now_ms=50_000)
    s2, _ = G.apply(s, Leave(player=2), 10)
    assert s2.clock_ms == 50_000
