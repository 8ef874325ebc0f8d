"""Miskatonic University («Мискатоникский университет»): every card at its
timing, original-print texts (docs/rules/smashup.md §2.4), and the §4 interactions it takes
part in."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.smashup import GAME
from engine.smashup.cards import FACTIONS
from engine.smashup.effects import G
from engine.smashup.keys import Err, Ev, Pr
from engine.smashup.models import PlayCard, SmashUpState, UseTalent
from tests.engine.smashup_helpers import (
    Table,
    answer,
    check_cards,
    end,
    find,
    has_prompt,
    keys,
    play,
    power,
    prompt,
    talent,
    where,
)
from tests.engine.test_smashup_innsmouth import random_games

MU = {1: ["miskatonic-university", "kitty-cats"], 2: ["fairies", "princesses"]}
BASES = ["cat-fanciers-alley", "enchanted-glade", "pony-paradise"]
SCORING = ["ice-castle", "enchanted-glade", "pony-paradise"]  # the first scores at 15


def _plays(s: SmashUpState, p: int, card: int) -> set[tuple[int | None, int | None]]:
    return {(a.base, a.minion) for a in GAME.legal(s, p) if isinstance(a, PlayCard) and a.card == card}


def _give_madness(t: Table, p: int, hand: int = 0, discard: int = 0) -> list[int]:
    """Madness cards from the Madness deck into ``p``'s hand and discard pile."""
    g = G(t.state, [])
    got = g.draw_madness(p, hand + discard)
    for c in got[hand:]:
        t.state.hands[p].remove(c)
        t.state.discards[p].append(c)
    return got


def _madness(s: SmashUpState, pile: list[int]) -> int:
    return sum(1 for c in pile if s.cards[c] == "madness")


def test_miskatonic_university_is_ten_minions_of_power_30_and_ten_actions() -> None:
    f = FACTIONS["miskatonic-university"]
    assert f.box == "cthulhu" and f.size == 20
    minions = {c.id: (c.power, c.copies) for c in f.cards if c.minion}
    assert minions == {"professor": (5, 1), "librarian": (4, 2), "psychologist": (3, 3), "researcher": (2, 4)}
    assert sum(c.copies for c in f.cards if not c.minion) == 10
    assert {c.id for c in f.cards if c.special} == {"old-man-jenkins", "things-best-not-known"}


# --- minions ---------------------------------------------------------------------------------


def test_professor_discards_a_madness_card_for_an_extra_action_and_an_extra_minion() -> None:
    t = Table(MU, bases=BASES, madness=True)
    prof = t.minion(1, "professor", base=0)
    mad = t.hand(1, "madness")
    s, ev = talent(t.state, 1, prof)
    assert where(s, mad) == "discard:1" and find(ev, Ev.DISCARDED).args["cards"] == ["madness"]
    assert sorted(str(e.args["kind"]) for e in ev if e.key == Ev.EXTRA_PLAY) == ["action", "minion"]
    assert sum(c.minion for c in s.credits) == 2 and sum(c.action for c in s.credits) == 2


def test_professor_has_no_talent_without_a_madness_card_in_hand() -> None:
    t = Table(MU, bases=BASES, madness=True)
    prof = t.minion(1, "professor", base=0)
    t.discard(1, "madness")  # in the discard pile: not enough
    assert UseTalent(player=1, card=prof) not in GAME.legal(t.state, 1)
    with pytest.raises(RuleError) as e:
        talent(t.state, 1, prof)
    assert e.value.key == Err.NO_TALENT


def test_librarian_discards_a_madness_card_to_draw_a_card() -> None:
    t = Table(MU, bases=BASES, madness=True)
    lib = t.minion(1, "librarian", base=0)
    mad = t.hand(1, "madness")
    top = t.deck_top(1, "muffin")
    s, _ = talent(t.state, 1, lib)
    assert where(s, mad) == "discard:1" and s.hands[1] == [top]
    assert UseTalent(player=1, card=lib) not in GAME.legal(s, 1)


def test_psychologist_may_return_a_madness_card_from_hand_or_discard_pile_to_the_madness_deck() -> None:
    t = Table(MU, bases=BASES, madness=True)
    psy = t.hand(1, "psychologist")
    in_hand, in_discard = _give_madness(t, 1, hand=1, discard=1)
    s, _ = play(t.state, 1, psy, base=t.base(0))
    p = prompt(s, 1)
    assert p.options == ["miskatonic-from-hand", "miskatonic-from-discard"] and p.min == 0
    s, ev = answer(s, 1, "miskatonic-from-discard")
    assert where(s, in_discard) == "madness" and s.owners[in_discard] == -1
    assert where(s, in_hand) == "hand:1" and Ev.MADNESS_RETURNED in keys(ev)
    check_cards(s)


def test_psychologist_may_keep_the_madness() -> None:
    t = Table(MU, bases=BASES, madness=True)
    psy = t.hand(1, "psychologist")
    mad = t.hand(1, "madness")
    s, _ = play(t.state, 1, psy, base=t.base(0))
    assert prompt(s, 1).options == ["miskatonic-from-hand"]
    s, _ = answer(s, 1)
    assert where(s, mad) == "hand:1"
    t2 = Table(MU, bases=BASES, madness=True)
    psy2 = t2.hand(1, "psychologist")
    s, _ = play(t2.state, 1, psy2, base=t2.base(0))  # no Madness anywhere: nothing to ask
    assert not s.prompts


def test_researcher_may_draw_a_madness_card() -> None:
    t = Table(MU, bases=BASES, madness=True)
    res = t.hand(1, "researcher")
    s, _ = play(t.state, 1, res, base=t.base(0))
    p = prompt(s, 1)
    assert p.key == "smashup-prompt-miskatonic-draw-madness" and p.options == ["yes"] and p.min == 0
    s1, ev = answer(s, 1, "yes")
    assert _madness(s1, s1.hands[1]) == 1 and Ev.MADNESS_DRAWN in keys(ev)
    s2, _ = answer(s, 1)
    assert s2.hands[1] == [] and len(s2.madness) == 30


def test_researcher_asks_nothing_when_the_madness_deck_is_empty() -> None:
    t = Table(MU, bases=BASES, madness=True)
    G(t.state, []).draw_madness(2, 30)
    res = t.hand(1, "researcher")
    s, _ = play(t.state, 1, res, base=t.base(0))
    assert not s.prompts and s.hands[1] == []


# --- actions ---------------------------------------------------------------------------------


def _jenkins_position() -> tuple[Table, int, int]:
    """Ice Castle (15): player 1 (Librarian, two Researchers: 8) is second to
    player 2 (Titania and Glymmer: 9)."""
    t = Table(MU, bases=SCORING, madness=True)
    jenkins = t.hand(1, "old-man-jenkins")
    t.minion(1, "librarian", base=0)
    t.minion(1, "researcher", base=0)
    t.minion(1, "researcher", base=0)
    titania = t.minion(2, "titania", base=0)
    t.minion(2, "glymmer", base=0)
    return t, jenkins, titania


def test_old_man_jenkins_destroys_a_highest_power_minion_on_the_scoring_base() -> None:
    """The rulebook's example: second place kills the strongest minion, wins,
    and the base scores though its total fell below the breakpoint."""
    t, jenkins, titania = _jenkins_position()
    s, ev = end(t.state, 1)
    assert Ev.SCORING in keys(ev)
    p = prompt(s, 1)
    assert p.key == Pr.ME_FIRST and p.options == [jenkins]
    s, ev = answer(s, 1, jenkins)  # Titania (5) is the one highest: destroyed at once
    assert where(s, titania) == "discard:2" and Ev.DESTROYED in keys(ev)
    places = {e.args["player"]: e.args["place"] for e in ev if e.key == Ev.PLACE}
    assert places == {1: 1, 2: 2} and s.vp == {1: 3, 2: 2}
    assert where(s, jenkins) == "discard:1"


def test_old_man_jenkins_lets_you_choose_among_tied_highest_minions() -> None:
    t, jenkins, titania = _jenkins_position()
    snow = t.minion(2, "snow-white", base=0)
    prof = t.minion(1, "professor", base=0)
    s, _ = end(t.state, 1)
    s, _ = answer(s, 1, jenkins)
    assert set(prompt(s, 1).options) == {titania, snow, prof}  # any player's, all at 5
    s, _ = answer(s, 1, snow)
    assert where(s, snow) == "discard:2"


def test_old_man_jenkins_is_not_offered_when_the_highest_minion_cannot_be_destroyed() -> None:
    t, jenkins, titania = _jenkins_position()
    t.on_minion(2, "ladybug", titania)  # it can't be destroyed: no next-highest instead
    s, ev = end(t.state, 1)
    assert not has_prompt(s, 1) and Ev.PLACE in keys(ev)
    assert where(s, jenkins) == "hand:1"


def test_it_just_might_work_discards_a_madness_card_to_give_your_minions_plus_1() -> None:
    t = Table(MU, bases=BASES, madness=True)
    a = t.minion(1, "researcher", base=0)
    b = t.minion(1, "professor", base=1)
    theirs = t.minion(2, "tinx", base=0)
    mad = t.hand(1, "madness")
    work = t.hand(1, "it-just-might-work")
    s, _ = play(t.state, 1, work)
    assert where(s, mad) == "discard:1"
    assert (power(s, a), power(s, b), power(s, theirs)) == (3, 6, 2)
    s, _ = end(s, 1)
    assert (power(s, a), power(s, b)) == (2, 5)


def test_it_just_might_work_does_nothing_without_a_madness_card() -> None:
    t = Table(MU, bases=BASES, madness=True)
    a = t.minion(1, "researcher", base=0)
    work = t.hand(1, "it-just-might-work")
    s, ev = play(t.state, 1, work)
    assert power(s, a) == 2 and Ev.POWER not in keys(ev)


def test_field_trip_puts_cards_from_hand_on_the_bottom_of_the_deck_and_draws_as_many() -> None:
    t = Table(MU, bases=BASES, madness=True)
    trip = t.hand(1, "field-trip")
    a, b, keep = t.hand(1, "muffin", "madness", "researcher")
    top1, top2 = t.deck_top(1, "jinkies", "professor")
    s, _ = play(t.state, 1, trip)
    p = prompt(s, 1)
    assert p.kind == "card" and set(p.options) == {a, b, keep} and (p.min, p.max) == (0, 3)
    assert GAME.view(s, 2).prompt is None  # asked of player 1 only
    s, ev = answer(s, 1, a, b)
    assert s.decks[1][:2] == [b, a]  # both on the bottom
    assert sorted(s.hands[1]) == sorted([keep, top1, top2])
    bottom = [e for e in ev if e.key == Ev.TO_BOTTOM]
    assert len(bottom) == 2 and all(e.to == 1 for e in bottom)  # face down: only their player is told
    assert find(ev, Ev.DREW).args["count"] == 2
    check_cards(s)


def test_field_trip_may_put_nothing_back() -> None:
    t = Table(MU, bases=BASES, madness=True)
    trip = t.hand(1, "field-trip")
    a = t.hand(1, "muffin")
    s, ev = play(t.state, 1, trip)
    s, ev = answer(s, 1)
    assert s.hands[1] == [a] and Ev.DREW not in keys(ev)


def test_gate_to_beyond_talent_draws_a_madness_card_and_gives_an_extra_minion_here() -> None:
    t = Table(MU, bases=BASES, madness=True)
    gate = t.on_base(1, "gate-to-beyond", base=1)
    first, extra = t.hand(1, "queen-fluffy", "professor")
    s, _ = play(t.state, 1, first, base=t.base(0))
    s, ev = talent(s, 1, gate)
    assert find(ev, Ev.MADNESS_DRAWN).args["count"] == 1
    assert _plays(s, 1, extra) == {(t.base(1), None)}  # here only
    assert UseTalent(player=1, card=gate) not in GAME.legal(s, 1)  # once a turn
    s, _ = play(s, 1, extra, base=t.base(1))
    assert where(s, extra) == f"base:{t.base(1)}"


def test_gate_to_beyond_still_gives_the_minion_when_the_madness_deck_is_empty() -> None:
    t = Table(MU, bases=BASES, madness=True)
    gate = t.on_base(1, "gate-to-beyond", base=1)
    G(t.state, []).draw_madness(2, 30)
    s, ev = talent(t.state, 1, gate)
    assert Ev.MADNESS_DRAWN not in keys(ev) and sum(c.minion for c in s.credits) == 2


def test_jinkies_returns_up_to_two_madness_cards_from_hand_and_or_discard_pile() -> None:
    t = Table(MU, bases=BASES, madness=True)
    jinkies = t.hand(1, "jinkies")
    _give_madness(t, 1, hand=2, discard=1)
    s, _ = play(t.state, 1, jinkies)
    assert prompt(s, 1).options == ["miskatonic-from-hand", "miskatonic-from-discard"]
    s, _ = answer(s, 1, "miskatonic-from-discard")
    assert prompt(s, 1).options == ["miskatonic-from-hand"]  # the discard pile has none left
    s, ev = answer(s, 1, "miskatonic-from-hand")
    assert not s.prompts  # two returned: done
    assert _madness(s, s.hands[1]) == 1 and _madness(s, s.discards[1]) == 0
    assert len([e for e in ev if e.key == Ev.MADNESS_RETURNED]) == 1 and len(s.madness) == 30 - 1


def test_jinkies_may_stop_after_one() -> None:
    t = Table(MU, bases=BASES, madness=True)
    jinkies = t.hand(1, "jinkies")
    t.hand(1, "madness", "madness")
    s, _ = play(t.state, 1, jinkies)
    s, _ = answer(s, 1, "miskatonic-from-hand")
    s, _ = answer(s, 1)
    assert _madness(s, s.hands[1]) == 1


def test_thats_so_crazy_draws_a_madness_card_gives_your_minions_plus_1_and_an_extra_action() -> None:
    t = Table(MU, bases=BASES, madness=True)
    a = t.minion(1, "researcher", base=0)
    theirs = t.minion(2, "tinx", base=0)
    crazy = t.hand(1, "thats-so-crazy")
    s, ev = play(t.state, 1, crazy)
    assert _madness(s, s.hands[1]) == 1
    assert (power(s, a), power(s, theirs)) == (3, 2)
    assert find(ev, Ev.EXTRA_PLAY).args["kind"] == "action" and sum(c.action for c in s.credits) == 1


def _things_position() -> tuple[Table, int, int, int]:
    """Ice Castle (15): player 1 (Researcher, Librarian: 6) trails player 2 (Titania, Glymmer: 9)."""
    t = Table(MU, bases=SCORING, madness=True)
    things = t.hand(1, "things-best-not-known")
    res = t.minion(1, "researcher", base=0)
    t.minion(1, "librarian", base=0)
    titania = t.minion(2, "titania", base=0)
    t.minion(2, "glymmer", base=0)
    return t, things, res, titania


def test_things_best_not_known_gives_a_minion_plus_2_per_madness_card_drawn_before_scoring() -> None:
    t, things, res, titania = _things_position()
    s, _ = end(t.state, 1)
    s, _ = answer(s, 1, things)
    p = prompt(s, 1)
    assert p.key == "smashup-prompt-miskatonic-boost" and titania in p.options and res in p.options
    s, _ = answer(s, 1, res)
    p = prompt(s, 1)
    assert (
        p.options == ["miskatonic-madness-1", "miskatonic-madness-2", "miskatonic-madness-3"] and p.min == 0
    )
    s, ev = answer(s, 1, "miskatonic-madness-3")
    assert find(ev, Ev.POWER).args == {"card": "researcher", "amount": 6}
    places = {e.args["player"]: e.args["place"] for e in ev if e.key == Ev.PLACE}
    assert places == {1: 1, 2: 2}  # 12 against 9
    assert _madness(s, s.hands[1]) == 3


def test_things_best_not_known_drawing_no_madness_gives_nothing() -> None:
    t, things, res, _ = _things_position()
    s, _ = end(t.state, 1)
    s, _ = answer(s, 1, things)
    s, _ = answer(s, 1, res)
    s, ev = answer(s, 1)
    assert Ev.POWER not in keys(ev) and s.vp == {1: 2, 2: 3}


def test_things_best_not_known_is_not_offered_with_an_empty_madness_deck() -> None:
    t, things, _, _ = _things_position()
    G(t.state, []).draw_madness(2, 30)
    s, ev = end(t.state, 1)
    assert not has_prompt(s, 1) and Ev.PLACE in keys(ev) and where(s, things) == "hand:1"


def test_those_meddling_kids_destroy_any_number_of_actions_on_one_base() -> None:
    t = Table({1: ["miskatonic-university", "kitty-cats"], 2: ["fairies", "princesses"]}, bases=BASES)
    kids = t.hand(1, "those-meddling-kids")
    tinx = t.minion(2, "tinx", base=0)
    on_base = t.on_base(2, "magic-ward", base=0)
    on_minion = t.on_minion(2, "daisy-chain", tinx)
    heirloom = t.on_minion(2, "heirloom", tinx)  # can't be destroyed
    elsewhere = t.on_base(2, "enchantment", base=1, data={"mode": 1})
    s, _ = play(t.state, 1, kids)
    assert prompt(s, 1).options == [t.base(0), t.base(1)]
    s, _ = answer(s, 1, t.base(0))
    p = prompt(s, 1)
    assert set(p.options) == {on_base, on_minion} and (p.min, p.max) == (0, 2)
    s, ev = answer(s, 1, on_base, on_minion)
    assert where(s, on_base) == where(s, on_minion) == "discard:2"
    assert where(s, heirloom) == f"base:{t.base(0)}" and where(s, elsewhere) == f"base:{t.base(1)}"
    assert len([e for e in ev if e.key == Ev.ACTION_DESTROYED]) == 2


# --- §4 interactions ---------------------------------------------------------------------------


def test_me_first_things_best_not_known_then_old_man_jenkins_on_the_boosted_minion() -> None:
    """§4.1: specials go round from the current player until all pass in a row;
    a play reopens the round (the Jenkins player answers the boost)."""
    t = Table(
        {1: ["miskatonic-university", "kitty-cats"], 2: ["miskatonic-university", "fairies"]},
        bases=SCORING,
        madness=True,
    )
    things = t.hand(1, "things-best-not-known")
    jenkins = t.hand(2, "old-man-jenkins")
    res = t.minion(1, "researcher", base=0)
    t.minion(1, "queen-fluffy", base=0)
    t.minion(2, "professor", base=0)
    t.minion(2, "glymmer", base=0)  # 7 against 9: 16
    s, _ = end(t.state, 1)
    assert prompt(s, 1).options == [things]
    s, _ = answer(s, 1, things)
    s, _ = answer(s, 1, res)
    s, _ = answer(s, 1, "miskatonic-madness-2")  # Researcher 6: 11 against 9
    assert power(s, res) == 6
    p = prompt(s, 2)
    assert p.key == Pr.ME_FIRST and p.options == [jenkins]
    s, _ = answer(s, 2, jenkins)  # the Researcher is now the highest
    assert where(s, res) == "discard:1"
    assert s.vp == {1: 2, 2: 3}  # 5 against 9


def test_madness_from_miskatonic_cards_costs_vp_at_the_end_and_jinkies_sheds_it() -> None:
    """§2.5/§4.5: the penalty counts hand, deck and discard; returned cards don't count."""
    t = Table(MU, bases=BASES, madness=True, vp={1: 15, 2: 14})
    _give_madness(t, 1, hand=2, discard=2)
    jinkies = t.hand(1, "jinkies")
    s, _ = play(t.state, 1, jinkies)
    s, _ = answer(s, 1, "miskatonic-from-hand")
    s, _ = answer(s, 1, "miskatonic-from-discard")
    s, ev = end(s, 1)  # two Madness cards left: -1, 14 against 14, and fewer Madness
    assert find(ev, Ev.MADNESS_PENALTY).args == {"player": 1, "madness": 2, "points": 1}
    assert Ev.TIE_PLAY_ON not in keys(ev) and s.winners == [2]


def test_gate_to_beyonds_extra_minion_is_capped_by_an_opponents_eliza() -> None:
    """§4.7 with §4.9: a talent on an action grants an extra play that Eliza counts."""
    t = Table(MU, bases=BASES, madness=True)
    t.minion(2, "eliza", base=2)
    gate = t.on_base(1, "gate-to-beyond", base=1)
    prof = t.minion(1, "professor", base=0)
    r1, r2, r3 = t.hand(1, "researcher", "researcher", "researcher")
    s, _ = talent(t.state, 1, gate)  # a Madness card and an extra minion here
    s, _ = talent(s, 1, prof)  # discards it: an extra minion and an extra action
    s, _ = play(s, 1, r1, base=t.base(0))
    s, _ = answer(s, 1)
    s, _ = play(s, 1, r2, base=t.base(1))  # the one extra Eliza allows
    s, _ = answer(s, 1)
    assert not _plays(s, 1, r3)


def test_old_man_jenkins_held_by_another_player_is_played_by_that_player() -> None:
    """§4.1: the window skips a current player with nothing to play; the next
    player's Special resolves as theirs (their card, their discard pile)."""
    t = Table({1: ["kitty-cats", "fairies"], 2: ["miskatonic-university", "princesses"]}, bases=SCORING)
    jenkins = t.hand(2, "old-man-jenkins")
    queen = t.minion(1, "queen-fluffy", base=0)
    t.minion(1, "puck", base=0)
    t.minion(2, "librarian", base=0)
    t.minion(2, "researcher", base=0)
    t.minion(2, "researcher", base=0)  # 8 against 8: 16
    s, _ = end(t.state, 1)
    assert not has_prompt(s, 1) and prompt(s, 2).options == [jenkins]
    s, ev = answer(s, 2, jenkins)
    assert find(ev, Ev.PLAYED_SPECIAL).args["player"] == 2
    assert where(s, queen) == "discard:1" and where(s, jenkins) == "discard:2"
    assert s.vp == {1: 2, 2: 3}  # 3 against 8


def test_before_scoring_specials_are_not_offered_after_scoring() -> None:
    """§4.1: Old Man Jenkins and Things Best Not Known belong to the window
    before scoring; passing it, they stay in hand."""
    t, jenkins, _ = _jenkins_position()
    things = t.hand(1, "things-best-not-known")
    s, _ = end(t.state, 1)
    assert set(prompt(s, 1).options) == {jenkins, things}
    s, ev = answer(s, 1)  # pass: nobody else has a Special
    assert Ev.PLACE in keys(ev) and Ev.BASE_DONE in keys(ev) and not s.prompts
    assert where(s, jenkins) == where(s, things) == "hand:1"


def test_gate_to_beyond_talent_is_used_only_on_its_controllers_turn() -> None:
    """§4.9: a talent on an action, once a turn, in its controller's play phase."""
    t = Table(MU, bases=BASES, madness=True, current=2)
    gate = t.on_base(1, "gate-to-beyond", base=1)
    assert UseTalent(player=1, card=gate) not in GAME.legal(t.state, 1)
    with pytest.raises(RuleError):
        talent(t.state, 1, gate)


def test_random_games_with_miskatonic_university_finish_and_play_every_miskatonic_card() -> None:
    played = random_games(["miskatonic-university", "innsmouth", "princesses"], range(10, 16))
    assert {c.id for c in FACTIONS["miskatonic-university"].cards} <= played
