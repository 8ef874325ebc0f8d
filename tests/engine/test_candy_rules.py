"""Candy Empire: the deck, setup, the three turn options, drawing, the end of the game,
scoring, the closed discard, the turn timer and leaving — one test per rule of the sheet."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import registry
from engine.candy import GAME
from engine.candy.cards import (
    CANDIES,
    CHARACTER_OF,
    CHARACTERS,
    FULL_DECK,
    SPEC,
    TWO_PLAYER_DECK,
    Character,
    combos_for,
)
from engine.candy.keys import Err, Ev, Pr
from engine.candy.models import Block, CandyOptions, Discard, PlayToDiscard, PlayToEmpire, Protect
from engine.candy.scoring import score
from engine.core import Answer, RuleError, Tick, hand_zone
from tests.engine.candy_helpers import act, answer, deal_cards, find, keys, prompt_of, table

C = Character
FULL = combos_for(True)
TWO = combos_for(False)


# --- the deck ------------------------------------------------------------------


def test_registry_serves_the_candy_engine() -> None:
    assert registry.get("candy") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 4)


def test_full_deck_has_49_cards_and_the_two_player_deck_32() -> None:
    assert len(FULL_DECK) == 49
    assert len(TWO_PLAYER_DECK) == 32
    full = Counter(CHARACTER_OF[c] for c in FULL_DECK)
    two = Counter(CHARACTER_OF[c] for c in TWO_PLAYER_DECK)
    for spec in CHARACTERS:
        assert full[spec.character] == spec.copies
        assert two[spec.character] == spec.copies_2p
    # the two-player deck drops the four characters of the 3–4-player combos
    assert not {C.KIDNAPPER, C.PICKPOCKET, C.DETECTIVE, C.SLY_COP} & set(two)


def test_each_cards_candies_and_copies_come_from_one_data_table() -> None:
    assert all(CANDIES[c] == SPEC[CHARACTER_OF[c]].candies for c in FULL_DECK)
    assert SPEC[C.PICKPOCKET].candies == 3 and not SPEC[C.PICKPOCKET].assumed
    assert all(s.assumed for s in CHARACTERS if s.character is not C.PICKPOCKET)
    # card ids are stable: table order, copies in a row
    assert [CHARACTER_OF[c] for c in (0, 3, 6)] == [C.BOSS, C.LAWYER, C.DETECTIVE]


# --- setup -------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4])
def test_setup_puts_one_card_face_down_on_the_discard_and_deals_three_each(n: int) -> None:
    s, ev = GAME.start(list(range(1, n + 1)), seed=3)
    assert len(s.discard) == 1
    assert all(len(h) == 3 for h in s.hands.values())
    assert len(s.deck) == 49 - 1 - 3 * n
    assert find(ev, Ev.SETUP_DISCARD).args["count"] == 1


@pytest.mark.parametrize("no_limits", [False, True])
def test_setup_puts_two_cards_face_down_for_two_players(no_limits: bool) -> None:
    s, _ = GAME.start([1, 2], seed=3, options=CandyOptions(no_limits=no_limits))
    assert len(s.discard) == 2
    assert len(s.cards) == (49 if no_limits else 32)
    assert len(s.deck) == len(s.cards) - 2 - 6


def test_first_player_is_random() -> None:
    firsts = {GAME.start([1, 2, 3], seed=seed)[0].current for seed in range(30)}
    assert firsts == {1, 2, 3}


def test_no_limits_gives_two_players_the_full_deck_and_all_combos() -> None:
    s, _ = GAME.start([1, 2], seed=1, options=CandyOptions(no_limits=True))
    assert s.full and sorted(s.cards) == list(FULL_DECK)
    plain, _ = GAME.start([1, 2], seed=1)
    assert not plain.full and sorted(plain.cards) == sorted(TWO_PLAYER_DECK)


def test_options_are_validated() -> None:
    assert GAME.options({}) == CandyOptions()
    assert CandyOptions().reaction_window_ms == 5_000 and CandyOptions().turn_timer_ms == 60_000
    with pytest.raises(RuleError) as e:
        GAME.options({"reaction_window_ms": 10})
    assert e.value.key == Err.BAD_OPTIONS
    with pytest.raises(RuleError):
        GAME.options({"nonsense": 1})
    with pytest.raises(RuleError):
        GAME.options({"team_game": True, "big_game": True})
    with pytest.raises(RuleError) as e:
        GAME.start([1], seed=1)
    assert e.value.key == Err.PLAYER_COUNT
    with pytest.raises(RuleError) as e:
        GAME.start([1, 1], seed=1)
    assert e.value.key == Err.DUPLICATE_PLAYER


# --- the three turn options ------------------------------------------------------------


def test_play_into_the_empire_moves_the_card_and_ends_the_turn_with_a_draw() -> None:
    k = deal_cards()
    trader = k.trader
    s = table(hands={1: [trader, k.trader, k.trader], 2: [k.trader], 3: [k.trader]}, deck=[k.judge])
    s2, ev = act(s, {"type": "empire", "player": 1, "card": trader})
    assert s2.empires[1] == [trader]
    assert len(s2.hands[1]) == 3 and s2.current == 2
    assert find(ev, Ev.PLAYED).args == {"player": 1, "card": trader}
    assert find(ev, Ev.DREW).args == {"player": 1, "count": 1}
    assert find(ev, Ev.DREW_CARD).to == 1


def test_thief_and_lawyer_can_be_played_to_the_discard_other_cards_cannot() -> None:
    k = deal_cards()
    thief, lawyer, trader = k.candy_thief, k.lawyer, k.trader
    s = table(hands={1: [thief, lawyer, trader], 2: [k.trader], 3: [k.trader]})
    legal = GAME.legal(s, 1)
    assert PlayToDiscard(player=1, card=thief) in legal
    assert PlayToDiscard(player=1, card=lawyer) in legal
    assert PlayToDiscard(player=1, card=trader) not in legal
    with pytest.raises(RuleError) as e:
        act(s, {"type": "to_discard", "player": 1, "card": trader})
    assert e.value.key == Err.NO_DISCARD_ABILITY


def test_other_cards_fire_only_when_played_into_the_empire_so_a_thief_there_has_no_ability() -> None:
    k = deal_cards()
    thief = k.candy_thief
    s = table(hands={1: [thief, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [k.trader]})
    s2, _ = act(s, {"type": "empire", "player": 1, "card": thief})
    assert s2.empires[1] == [thief] and not s2.prompts and s2.current == 2


def test_protect_discards_a_card_face_down_and_protects_one_in_the_empire() -> None:
    k = deal_cards()
    pay, mine = k.judge, k.trader
    s = table(hands={1: [pay, k.trader], 2: [k.trader], 3: [k.trader]}, empires={1: [mine]})
    s2, ev = act(s, {"type": "protect", "player": 1, "card": pay, "protect": mine})
    assert mine in s2.protected and s2.discard[-1] == pay
    e = find(ev, Ev.PROTECTED)
    assert e.args == {"player": 1, "card": mine}  # the paid card is not named
    assert GAME.view(s2, None).empires[1][0].protected


def test_protect_with_nothing_to_protect_is_refused() -> None:
    k = deal_cards()
    pay = k.judge
    s = table(hands={1: [pay], 2: [k.trader], 3: [k.trader]}, empires={2: [k.trader]})
    assert not any(isinstance(a, Protect) for a in GAME.legal(s, 1))
    with pytest.raises(RuleError) as e:
        act(s, {"type": "protect", "player": 1, "card": pay, "protect": s.empires[2][0]})
    assert e.value.key == Err.NOTHING_TO_PROTECT
    k = deal_cards()
    pay, mine = k.judge, k.trader
    s = table(hands={1: [pay], 2: [k.trader], 3: [k.trader]}, empires={1: [mine]}, protected=[mine])
    with pytest.raises(RuleError) as e:
        act(s, {"type": "protect", "player": 1, "card": pay, "protect": mine})
    assert e.value.key == Err.NOTHING_TO_PROTECT  # everything is protected already


def test_protect_refuses_a_card_outside_ones_empire_or_already_protected() -> None:
    k = deal_cards()
    pay, a, b, theirs = k.judge, k.trader, k.trader, k.trader
    s = table(hands={1: [pay], 2: [k.trader], 3: [k.trader]}, empires={1: [a, b], 2: [theirs]}, protected=[a])
    with pytest.raises(RuleError) as e:
        act(s, {"type": "protect", "player": 1, "card": pay, "protect": theirs})
    assert e.value.key == Err.NOT_IN_EMPIRE
    with pytest.raises(RuleError) as e:
        act(s, {"type": "protect", "player": 1, "card": pay, "protect": a})
    assert e.value.key == Err.ALREADY_PROTECTED


def test_discard_does_nothing_and_names_no_card() -> None:
    k = deal_cards()
    card = k.boss
    s = table(hands={1: [card, k.trader], 2: [k.trader], 3: [k.trader]})
    s2, ev = act(s, {"type": "discard", "player": 1, "card": card})
    assert s2.discard[-1] == card and not s2.empires[1]
    assert find(ev, Ev.DISCARDED).args == {"player": 1}
    assert all(e.args.get("card") != card for e in ev if e.to is None)


def test_only_the_current_player_moves() -> None:
    k = deal_cards()
    card = k.trader
    s = table(hands={1: [k.trader], 2: [card], 3: [k.trader]}, current=1)
    with pytest.raises(RuleError) as e:
        act(s, {"type": "discard", "player": 2, "card": card})
    assert e.value.key == Err.NOT_YOUR_TURN
    with pytest.raises(RuleError) as e:
        act(s, {"type": "discard", "player": 1, "card": card})
    assert e.value.key == Err.NOT_IN_HAND
    with pytest.raises(RuleError) as e:
        act(s, {"type": "discard", "player": 9, "card": card})
    assert e.value.key == Err.NOT_A_PLAYER
    with pytest.raises(RuleError) as e:
        GAME.apply(s, {"type": "fly", "player": 1}, 0)
    assert e.value.key == Err.BAD_ACTION


# --- abilities: may and must ----------------------------------------------------------


def test_may_ability_prompt_has_min_zero_and_can_be_declined() -> None:
    k = deal_cards()
    hitman = k.hitman
    s = table(hands={1: [hitman, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [k.trader]})
    s, _ = act(s, {"type": "empire", "player": 1, "card": hitman})
    pr = prompt_of(s, 1)
    assert pr.min == 0 and pr.skip_key == Pr.SKIP
    s, ev = answer(s, 1)
    assert find(ev, Ev.DECLINED).args == {"player": 1, "card": hitman}
    assert s.current == 2 and len(s.empires[2]) == 1


def test_must_ability_prompt_cannot_be_declined() -> None:
    k = deal_cards()
    judge = k.judge
    s = table(hands={1: [judge, k.trader], 2: [k.trader], 3: [k.trader]})
    s, _ = act(s, {"type": "empire", "player": 1, "card": judge})
    pr = prompt_of(s, 1)
    assert pr.min == 1 and pr.skip_key is None and pr.kind == "player"
    with pytest.raises(RuleError):
        answer(s, 1)


def test_answers_are_checked_against_the_open_prompt() -> None:
    k = deal_cards()
    hitman = k.hitman
    s = table(hands={1: [hitman, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [k.trader]})
    s, _ = act(s, {"type": "empire", "player": 1, "card": hitman})
    pr = prompt_of(s, 1)
    with pytest.raises(RuleError) as e:
        GAME.apply(s, Answer(player=1, prompt=pr.id + 1, picks=[]), 0)
    assert e.value.key == "core-err-prompt-stale"
    with pytest.raises(RuleError) as e:  # the core names another player's question
        GAME.apply(s, Answer(player=2, prompt=pr.id, picks=[]), 0)
    assert e.value.key == "core-err-prompt-not-yours"
    with pytest.raises(RuleError) as e:
        GAME.apply(s, Answer(player=2, prompt=pr.id + 1, picks=[]), 0)
    assert e.value.key == "core-err-nothing-to-answer"
    with pytest.raises(RuleError) as e:
        act(s, {"type": "discard", "player": 1, "card": s.hands[1][0]})
    assert e.value.key == Err.ANSWER_FIRST
    assert GAME.view(s, 2).prompt is None and GAME.view(s, None).prompt is None


# --- the end of the turn ------------------------------------------------------------------


def test_draw_up_to_three_at_the_end_of_the_turn() -> None:
    k = deal_cards()
    card = k.trader
    s = table(hands={1: [card], 2: [k.trader], 3: [k.trader]})
    s2, ev = act(s, {"type": "discard", "player": 1, "card": card})
    assert len(s2.hands[1]) == 3 and find(ev, Ev.DREW).args["count"] == 3


def test_no_draw_when_the_deck_is_empty() -> None:
    k = deal_cards()
    card = k.trader
    s = table(hands={1: [card, k.trader], 2: [k.trader], 3: [k.trader]}, rest="discard")
    s2, ev = act(s, {"type": "discard", "player": 1, "card": card})
    assert len(s2.hands[1]) == 1 and Ev.DREW not in keys(ev)


def test_hand_limit_shuffles_random_cards_from_the_hand_back_into_the_deck() -> None:
    k = deal_cards()
    card = k.trader
    hand = [card, *k.many("judge", 3), k.boss]
    s = table(hands={1: hand, 2: [k.trader], 3: [k.trader]})
    deck_before = len(s.deck)
    s2, ev = act(s, {"type": "discard", "player": 1, "card": card})
    assert len(s2.hands[1]) == 3 and set(s2.hands[1]) < set(hand)
    assert len(s2.deck) == deck_before + 1
    assert find(ev, Ev.HAND_LIMIT).args == {"player": 1, "count": 1}


def test_game_ends_when_play_would_pass_to_a_player_with_an_empty_hand() -> None:
    k = deal_cards()
    card = k.trader
    s = table(hands={1: [card, k.trader], 2: [], 3: [k.trader]}, rest="discard")
    s2, ev = act(s, {"type": "discard", "player": 1, "card": card})
    assert s2.phase == "over" and Ev.GAME_OVER in keys(ev)
    assert GAME.outcome(s2).status == "over"
    assert all(GAME.legal(s2, p) == [] for p in (1, 2, 3))
    with pytest.raises(RuleError) as e:
        act(s2, {"type": "discard", "player": 1, "card": s2.hands[1][0]})
    assert e.value.key == Err.GAME_OVER


def test_game_goes_on_while_the_next_player_holds_cards() -> None:
    k = deal_cards()
    card = k.trader
    s = table(hands={1: [card], 2: [k.trader], 3: []}, rest="discard")
    s2, _ = act(s, {"type": "discard", "player": 1, "card": card})
    assert s2.phase == "playing" and s2.current == 2


# --- scoring ---------------------------------------------------------------------------------


def test_scoring_sums_the_candies_printed_on_the_empires_cards() -> None:
    k = deal_cards()
    empire = [k.trader, k.hitman, k.boss]
    sc = score(empire, FULL)
    assert sc.cards == 5 - 2 + 3 == sc.total


def test_candy_buyer_adds_two_per_snatcher_and_thief_and_only_one_buyer_counts() -> None:
    k = deal_cards()
    # the rulebook's example: 3 Buyers, 2 Snatchers, 2 Thieves → the Buyers bring 8
    empire = [*k.many("candy_buyer", 3), *k.many("snatcher", 2), *k.many("candy_thief", 2)]
    sc = score(empire, FULL)
    assert sc.buyer == 8
    assert score([k.snatcher], FULL).buyer == 0


def test_every_two_pickpockets_add_two() -> None:
    k = deal_cards()
    # the rulebook's example: 3 Pickpockets → 3 + 3 + 2 + 3 = 11
    sc = score(k.many("pickpocket", 3), FULL)
    assert (sc.cards, sc.pickpockets, sc.total) == (9, 2, 11)


def test_combos_count_each_card_in_at_most_one_pair_of_a_kind() -> None:
    k = deal_cards()
    # 2 Buyers and 2 Thieves: 2 pairs; a third Thief pairs with nothing
    empire = [*k.many("candy_buyer", 2), *k.many("candy_thief", 3), k.judge, k.hitman, k.lawyer, k.boss]
    sc = score(empire, FULL)
    made = {(m.a, m.b): (m.count, m.candies) for m in sc.made}
    assert made[(C.CANDY_BUYER, C.CANDY_THIEF)] == (2, 10)
    assert made[(C.JUDGE, C.HITMAN)] == (1, 7)
    assert made[(C.LAWYER, C.BOSS)] == (1, 3)
    assert sc.combos == 20
    assert sc.total == sc.cards + sc.buyer + sc.pickpockets + sc.combos


def test_policeman_and_snatcher_combo() -> None:
    k = deal_cards()
    sc = score([k.policeman, k.snatcher, k.snatcher], FULL)
    assert sc.combos == 3


def test_kidnapper_pickpocket_and_detective_sly_cop_combos_count_only_with_the_full_deck() -> None:
    k = deal_cards()
    empire = [k.kidnapper, k.pickpocket, k.detective, k.sly_cop]
    assert score(empire, FULL).combos == 12
    assert score(empire, TWO).combos == 0


def test_cards_left_in_hand_score_nothing() -> None:
    k = deal_cards()
    s = table(hands={1: [k.trader, k.trader], 2: [k.trader], 3: [k.trader]})
    assert GAME.view(s, None).scores[1].total == 0


def test_ties_share_the_win() -> None:
    k = deal_cards()
    card = k.judge
    s = table(
        hands={1: [card], 2: [], 3: [k.boss]},
        empires={1: [k.trader], 2: [k.trader], 3: [k.lawyer]},
        rest="discard",
    )
    s2, ev = act(s, {"type": "discard", "player": 1, "card": card})
    assert GAME.outcome(s2).winners == [1, 2] == s2.winners
    assert [e.args["player"] for e in ev if e.key == Ev.WON] == [1, 2]
    assert GAME.outcome(s2).scores == {1: 5, 2: 5, 3: 1}


def test_final_view_carries_each_players_score_with_its_breakdown() -> None:
    k = deal_cards()
    card = k.judge
    s = table(
        hands={1: [card], 2: [], 3: [k.boss]},
        empires={1: [k.candy_buyer, k.candy_thief, *k.many("pickpocket", 2)], 2: [k.trader]},
        rest="discard",
    )
    s2, _ = act(s, {"type": "discard", "player": 1, "card": card})
    v = GAME.view(s2, None)
    assert v.phase == "over" and v.winners == [1]
    sc = v.scores[1]
    assert (sc.cards, sc.buyer, sc.pickpockets, sc.combos) == (1 + 1 + 6, 2, 2, 5)
    assert sc.total == 17
    assert v.results[-1].scores[1] == sc


# --- the closed discard ------------------------------------------------------------------------


def test_the_discard_pile_is_closed_in_every_view() -> None:
    s, _ = GAME.start([1, 2, 3], seed=5)
    for viewer in (None, 1, 2, 3):
        v = GAME.view(s, viewer)
        assert v.discard is None and v.discard_count == 1


def test_cards_played_for_their_ability_are_announced_but_the_pile_stays_closed() -> None:
    k = deal_cards()
    thief = k.candy_thief
    s = table(hands={1: [thief, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [k.trader]})
    s2, ev = act(s, {"type": "to_discard", "player": 1, "card": thief})
    assert find(ev, Ev.PLAYED_FOR_ABILITY).args == {"player": 1, "card": thief} and ev[0].to is None
    assert all(GAME.view(s2, v).discard is None for v in (None, 1, 2, 3))


# --- the turn timer ---------------------------------------------------------------------------


def test_turn_timer_is_on_by_default_and_may_be_turned_off() -> None:
    s, _ = GAME.start([1, 2, 3], seed=5, now_ms=1_000)
    assert GAME.next_deadline(s) == 61_000 and GAME.waiting(s)[0].until_ms == 61_000
    s, _ = GAME.start([1, 2, 3], seed=5, options=CandyOptions(turn_timer_ms=0))
    assert GAME.next_deadline(s) is None
    assert GAME.waiting(s)[0].kind == "turn" and GAME.waiting(s)[0].until_ms is None


def test_turn_timer_discards_a_random_card_for_the_player_and_moves_on() -> None:
    s, _ = GAME.start([1, 2, 3], seed=5, options=CandyOptions(turn_timer_ms=30_000), now_ms=1_000)
    p = s.current
    assert GAME.next_deadline(s) == 31_000
    same, ev = GAME.apply(s, Tick(), 30_999)
    assert same is s and not ev
    s2, ev = GAME.apply(s, Tick(), 31_000)
    assert keys(ev)[:2] == [Ev.TIMEOUT, Ev.DISCARDED]
    assert len(s2.discard) == 2 and s2.current != p and len(s2.hands[p]) == 3


def _timeout(s: Any) -> tuple[Any, list[Any]]:
    due = GAME.next_deadline(s)
    assert due is not None
    return GAME.apply(s, Tick(), due)


def test_two_timed_out_turns_in_a_row_and_the_player_is_away_told_in_the_group_and_in_private() -> None:
    """[decision] After two timed-out turns in a row the referee plays for the
    player after 5 s instead of the full timer, until a press of theirs."""
    s, _ = GAME.start([1, 2], seed=5, options=CandyOptions(turn_timer_ms=30_000), now_ms=0)
    p = s.current
    s, ev = _timeout(s)  # p's first
    assert s.timeouts == {p: 1} and Ev.AWAY not in keys(ev)
    other = s.current
    s, _ = act(s, {"type": "discard", "player": other, "card": s.hands[other][0]}, now=s.timer_ms + 1)
    assert s.current == p
    s, ev = _timeout(s)  # p's second in a row
    assert s.away == [p] and find(ev, Ev.AWAY).to is None
    assert [e.to for e in ev if e.key == Ev.AWAY_YOU] == [p]
    s, _ = act(s, {"type": "discard", "player": other, "card": s.hands[other][0]}, now=s.timer_ms + 1)
    assert s.current == p and GAME.next_deadline(s) == s.timer_ms + 5_000  # played for quickly
    assert GAME.view(s, None).away == [p]


def test_any_press_of_an_away_player_brings_them_back_and_a_move_resets_their_count() -> None:
    s, _ = GAME.start([1, 2], seed=5, options=CandyOptions(turn_timer_ms=30_000, away_after_timeouts=1))
    p = s.current
    s, ev = _timeout(s)
    assert s.away == [p]
    other = s.current
    s, _ = act(s, {"type": "discard", "player": other, "card": s.hands[other][0]}, now=s.timer_ms + 1)
    s, ev = act(s, {"type": "discard", "player": p, "card": s.hands[p][0]}, now=s.timer_ms + 1)
    assert s.away == [] and s.timeouts == {} and find(ev, Ev.BACK).args == {"player": p}
    assert GAME.next_deadline(s) == s.timer_ms + 30_000


def test_a_refused_press_does_not_bring_an_away_player_back() -> None:
    s, _ = GAME.start([1, 2], seed=5, options=CandyOptions(turn_timer_ms=30_000, away_after_timeouts=1))
    p = s.current
    s, _ = _timeout(s)
    with pytest.raises(RuleError):
        GAME.apply(s, Block(player=p), s.timer_ms + 1)  # nothing to block: refused, state unchanged
    assert s.away == [p]


def test_turn_timer_declines_an_optional_prompt_and_answers_a_must_one_at_random() -> None:
    k = deal_cards()
    hitman, judge = k.hitman, k.judge
    opts = CandyOptions(turn_timer_ms=10_000)
    s = table(
        hands={1: [hitman, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [k.trader]}, options=opts
    )
    s, _ = act(s, {"type": "empire", "player": 1, "card": hitman}, now=2_000)
    assert GAME.next_deadline(s) == 12_000  # the timer counts from the prompt
    s2, ev = GAME.apply(s, Tick(), 12_000)
    assert Ev.DECLINED in keys(ev) and len(s2.empires[2]) == 1 and s2.current == 2
    k = deal_cards()
    judge = k.judge
    s = table(hands={1: [judge, k.trader], 2: [k.trader], 3: [k.trader, k.trader]}, options=opts)
    s, _ = act(s, {"type": "empire", "player": 1, "card": judge})
    s2, ev = GAME.apply(s, Tick(), 10_000)
    assert Ev.JUDGE_SWAPPED in keys(ev)


# --- leaving ----------------------------------------------------------------------------------------


def test_leave_puts_the_hand_under_the_deck_and_the_empire_stays() -> None:
    k = deal_cards()
    hand = [k.trader, k.boss]
    mine = k.trader
    s = table(hands={1: [k.trader], 2: hand, 3: [k.trader]}, empires={2: [mine]})
    s2, ev = act(s, {"type": "leave", "player": 2})
    assert s2.deck[:2] == hand and s2.hands[2] == [] and s2.empires[2] == [mine]
    assert find(ev, Ev.LEFT).args == {"player": 2, "count": 2}
    assert 2 in GAME.view(s2, None).left and GAME.legal(s2, 2) == []
    with pytest.raises(RuleError) as e:
        act(s2, {"type": "leave", "player": 2})
    assert e.value.key == Err.HAS_LEFT


def test_a_player_who_left_is_skipped_and_cannot_win() -> None:
    k = deal_cards()
    card = k.judge
    s = table(
        hands={1: [card, k.trader], 2: [k.trader], 3: [k.boss]},
        empires={2: k.many("trader", 3), 3: [k.lawyer]},
    )
    s, _ = act(s, {"type": "leave", "player": 2})
    s, _ = act(s, {"type": "discard", "player": 1, "card": card})
    assert s.current == 3
    k = deal_cards()
    card = k.judge
    s = table(hands={1: [card], 2: [k.trader], 3: []}, empires={2: k.many("trader", 3)}, rest="discard")
    s, _ = act(s, {"type": "leave", "player": 2})
    s, _ = act(s, {"type": "discard", "player": 1, "card": card})
    assert s.phase == "over" and 2 not in s.winners and s.winners == [1, 3]


def test_the_game_ends_with_fewer_than_two_players_left() -> None:
    s, _ = GAME.start([1, 2], seed=4)
    s2, ev = act(s, {"type": "leave", "player": 1})
    assert s2.phase == "over" and s2.winners == [2] and Ev.GAME_OVER in keys(ev)


def test_leaving_on_ones_turn_passes_play_on() -> None:
    k = deal_cards()
    hitman = k.hitman
    s = table(hands={1: [hitman, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [k.trader]})
    s, _ = act(s, {"type": "empire", "player": 1, "card": hitman})
    s2, _ = act(s, {"type": "leave", "player": 1})
    assert s2.current == 2 and not s2.prompts and len(s2.empires[2]) == 1


def test_a_detective_victim_who_leaves_is_answered_by_the_referee() -> None:
    k = deal_cards()
    det = k.detective
    s = table(
        hands={1: [det, k.trader], 2: [k.trader], 3: [k.trader]},
        empires={2: [k.boss, k.candy_buyer], 3: [k.candy_thief, k.boss]},
    )
    s, _ = act(s, {"type": "empire", "player": 1, "card": det})
    assert {st.prompt.player for st in s.prompts} == {2, 3}
    s2, ev = act(s, {"type": "leave", "player": 2})
    assert len(s2.empires[2]) == 1 and Ev.DETECTIVE_GAVE in keys(ev)
    assert [st.prompt.player for st in s2.prompts] == [3]


# --- views ---------------------------------------------------------------------------------------


def test_hand_view_lists_the_moves_each_card_allows() -> None:
    k = deal_cards()
    thief, trader, mine = k.candy_thief, k.trader, k.boss
    s = table(hands={1: [thief, trader], 2: [k.trader], 3: [k.trader]}, empires={1: [mine]})
    hand = {c.id: c for c in (GAME.view(s, 1).hand or [])}
    assert (
        hand[thief].empire and hand[thief].ability and hand[thief].discard and hand[thief].protect == [mine]
    )
    assert hand[trader].empire and not hand[trader].ability
    legal = GAME.legal(s, 1)
    assert PlayToEmpire(player=1, card=trader) in legal
    assert Protect(player=1, card=trader, protect=mine) in legal
    assert Discard(player=1, card=trader) in legal
    other = GAME.view(s, 2).hand or []
    assert not any(c.empire or c.discard or c.protect for c in other)


def test_views_show_the_board_and_hide_the_hands() -> None:
    k = deal_cards()
    mine = k.trader
    s = table(
        hands={1: [k.trader], 2: [k.trader, k.boss], 3: []},
        empires={1: [mine, k.policeman, k.snatcher]},
        protected=[mine],
    )
    v = GAME.view(s, None)
    assert v.hand is None and v.hand_counts == {1: 1, 2: 2, 3: 0}
    assert [c.protected for c in v.empires[1]] == [True, False, False]
    assert v.scores[1].combos == 3 and v.scores[1].total == 5 + 2 - 1 + 3
    assert v.current == 1 and v.deck_count == len(s.deck)
    assert sum(v.zone_counts.values()) == 49 and v.zone_counts[hand_zone(2)] == 2
    v2 = GAME.view(s, 2)
    assert [c.id for c in v2.hand or []] == s.hands[2]


def test_views_carry_the_block_window_and_the_turn_timer() -> None:
    opts = CandyOptions(reaction_window_ms=3_000, turn_timer_ms=30_000)
    s = table(options=opts)
    for viewer in (None, 1):
        v = GAME.view(s, viewer)
        assert (v.reaction_window_ms, v.turn_timer_ms) == (3_000, 30_000)


def test_every_legal_action_has_a_button_code_that_reads_back() -> None:
    for seed in range(6):
        s, _ = GAME.start([1, 2, 3], seed=seed)
        for _ in range(60):
            if s.phase == "over":
                break
            acts = [a for p in s.seats for a in GAME.legal(s, p)]
            for a in acts:
                assert GAME.decode(GAME.encode(a), a.player) == a
            plain = [a for a in acts if a.type != "leave"]
            if not plain:
                break
            s, _ = GAME.apply(s, plain[(seed * 7 + len(plain)) % len(plain)], s.clock_ms + 100)
