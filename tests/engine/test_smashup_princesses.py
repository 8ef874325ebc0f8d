"""Princesses («Принцессы»): every card at its timing (docs/rules/smashup.md §1.2)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.smashup import GAME
from engine.smashup.keys import Err, Ev
from engine.smashup.models import PlayCard, UseTalent
from tests.engine.smashup_helpers import (
    Table,
    answer,
    end,
    find,
    keys,
    play,
    power,
    prompt,
    talent,
    where,
)

ROYALS = {1: ["princesses", "kitty-cats"], 2: ["fairies", "mythic-horses"]}
BASES = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]


def test_apricot_destroys_another_players_minion_of_power_2_or_less_here() -> None:
    t = Table(ROYALS, bases=BASES)
    apricot = t.minion(1, "apricot", base=0)
    tinx = t.minion(2, "tinx", base=0)
    far = t.minion(2, "tinx", base=1)  # not here
    t.minion(2, "glymmer", base=0)  # too strong
    mine = t.minion(1, "mr-grumpers", base=0)  # not another player's
    s, ev = talent(t.state, 1, apricot)  # one target: taken at once
    assert where(s, tinx) == "discard:2" and Ev.DESTROYED in keys(ev)
    assert where(s, far) == f"base:{t.base(1)}" and where(s, mine) == f"base:{t.base(0)}"


def test_apricot_has_no_talent_without_a_target() -> None:
    t = Table(ROYALS, bases=BASES)
    apricot = t.minion(1, "apricot", base=0)
    t.minion(2, "tinx", base=1)
    assert UseTalent(player=1, card=apricot) not in GAME.legal(t.state, 1)


def test_eliza_lets_each_opponent_play_at_most_one_extra_card_a_turn() -> None:
    t = Table(ROYALS, bases=BASES, current=2)
    t.minion(1, "eliza", base=0)
    ballet = t.hand(2, "fairy-ballet")
    acorns = t.hand(2, "magic-acorns")
    tricks = t.hand(2, "playful-tricks")
    s, _ = play(t.state, 2, ballet)  # the turn's action
    s, _ = answer(s, 2, "draw1-action")
    s, _ = play(s, 2, acorns)  # the first extra: allowed
    s, _ = answer(s, 2, "draw1-action")
    assert any(c.action for c in s.credits)
    assert PlayCard(player=2, card=tricks) not in GAME.legal(s, 2)
    with pytest.raises(RuleError) as e:
        play(s, 2, tricks)
    assert e.value.key == Err.FORBIDDEN


def test_eliza_does_not_limit_her_own_player() -> None:
    t = Table(ROYALS, bases=BASES)
    t.minion(1, "eliza", base=0)
    nine = t.hand(1, "nine-lives")
    m1, m2 = t.hand(1, "muffin", "muffin")
    grumpers = t.minion(1, "mr-grumpers", base=1)
    s, _ = play(t.state, 1, nine)  # the extra minion
    s, _ = answer(s, 1, grumpers)
    s, _ = play(s, 1, m1, base=t.base(0))
    s, _ = play(s, 1, m2, base=t.base(0))
    assert where(s, m2) == f"base:{t.base(0)}"


def test_griselda_takes_an_heirloom_from_the_discard_pile_into_hand() -> None:
    t = Table(ROYALS, bases=BASES)
    griselda = t.minion(1, "griselda", base=0)
    heirloom = t.discard(1, "heirloom")
    t.discard(1, "skillet")
    s, ev = talent(t.state, 1, griselda)
    assert where(s, heirloom) == "hand:1" and Ev.TO_HAND in keys(ev)


def test_griselda_has_no_talent_without_an_heirloom_in_the_discard_pile() -> None:
    t = Table(ROYALS, bases=BASES)
    griselda = t.minion(1, "griselda", base=0)
    t.discard(1, "skillet")
    assert UseTalent(player=1, card=griselda) not in GAME.legal(t.state, 1)


def test_marie_degraw_draws_a_revealed_minion() -> None:
    t = Table(ROYALS, bases=BASES)
    marie = t.minion(1, "marie-degraw", base=0)
    muffin = t.deck_top(1, "muffin")
    s, ev = talent(t.state, 1, marie)
    assert find(ev, Ev.REVEALED).args["cards"] == ["muffin"]
    assert where(s, muffin) == "hand:1"


def test_marie_degraw_puts_a_revealed_action_on_the_bottom() -> None:
    t = Table(ROYALS, bases=BASES)
    marie = t.minion(1, "marie-degraw", base=0)
    skillet = t.deck_top(1, "skillet")
    s, _ = talent(t.state, 1, marie)
    assert s.decks[1][0] == skillet and s.hands[1] == []


def test_sleeping_beauty_is_shuffled_into_the_deck_instead_of_the_discard_pile() -> None:
    t = Table(ROYALS, bases=BASES)
    beauty = t.minion(1, "sleeping-beauty", base=0)
    fight = t.hand(1, "cat-fight")
    s, ev = play(t.state, 1, fight)  # Beauty is the only minion: chosen at once
    assert where(s, beauty) == "deck:1"
    assert Ev.TO_DECK in keys(ev) and len(s.hands[1]) == 5


def test_snow_white_moves_a_minion_from_another_base_here() -> None:
    t = Table(ROYALS, bases=BASES)
    snow = t.minion(1, "snow-white", base=0)
    titania = t.minion(2, "titania", base=1)
    puck = t.minion(2, "puck", base=2)
    s, _ = talent(t.state, 1, snow)
    assert set(prompt(s, 1).options) == {titania, puck}
    s, ev = answer(s, 1, titania)
    assert where(s, titania) == f"base:{t.base(0)}" and Ev.MOVED in keys(ev)


def test_direct_to_dvd_sequel_shuffles_a_minion_from_the_discard_pile_into_the_deck_then_draws() -> None:
    t = Table(ROYALS, bases=BASES)
    dvd = t.hand(1, "direct-to-dvd-sequel")
    apricot = t.discard(1, "apricot")
    muffin = t.discard(1, "muffin")
    t.discard(1, "skillet")
    s, _ = play(t.state, 1, dvd)
    assert set(prompt(s, 1).options) == {apricot, muffin}
    deck = len(s.decks[1])
    s, _ = answer(s, 1, apricot)
    assert where(s, apricot) in ("deck:1", "hand:1")
    assert len(s.decks[1]) == deck and len(s.hands[1]) == 1


def test_fairy_godmother_draws_2_cards() -> None:
    t = Table(ROYALS, bases=BASES)
    godmother = t.hand(1, "fairy-godmother")
    s, _ = play(t.state, 1, godmother)
    assert prompt(s, 1).options == ["draw2", "power3"]
    s, _ = answer(s, 1, "draw2")
    assert len(s.hands[1]) == 2


def test_fairy_godmother_gives_a_minion_plus_3_until_end_of_turn() -> None:
    t = Table(ROYALS, bases=BASES)
    godmother = t.hand(1, "fairy-godmother")
    muffin = t.minion(1, "muffin", base=0)
    t.minion(2, "tinx", base=0)
    s, _ = play(t.state, 1, godmother)
    s, _ = answer(s, 1, "power3")
    s, _ = answer(s, 1, muffin)
    assert power(s, muffin) == 6
    s, _ = end(s, 1)
    assert power(s, muffin) == 3


def test_happily_ever_after_gives_its_player_1_vp_more_for_winning_the_base() -> None:
    t = Table(ROYALS, bases=["ice-castle", "fairy-ring", "land-of-balance"])
    t.on_base(1, "happily-ever-after", base=0)
    t.minion(1, "apricot", base=0)
    t.minion(1, "eliza", base=0)
    t.minion(2, "titania", base=0)  # 10 against 5: 15, the breakpoint
    s, ev = end(t.state, 1)
    assert s.vp == {1: 3 + 1, 2: 2}
    assert find(ev, Ev.VP).args == {"player": 1, "points": 1, "source": "happily-ever-after"}


def test_happily_ever_after_gives_nothing_to_a_player_who_does_not_win() -> None:
    t = Table(ROYALS, bases=["ice-castle", "fairy-ring", "land-of-balance"])
    t.on_base(1, "happily-ever-after", base=0)
    t.minion(1, "apricot", base=0)
    t.minion(2, "titania", base=0)
    t.minion(2, "glymmer", base=0)
    t.minion(2, "tinx", base=0)
    s, _ = end(t.state, 1)
    assert s.vp == {1: 2, 2: 3}


def test_heirloom_gives_its_minion_n_times_n_power_and_cannot_be_destroyed() -> None:
    t = Table(ROYALS, bases=BASES)
    muffin = t.minion(1, "muffin", base=0)
    h1 = t.on_minion(1, "heirloom", muffin)
    assert power(t.state, muffin) == 3 + 1
    t.on_minion(1, "heirloom", muffin)
    assert power(t.state, muffin) == 3 + 4
    h3 = t.hand(1, "heirloom")
    s, _ = play(t.state, 1, h3, minion=muffin)
    assert power(s, muffin) == 3 + 9
    t2 = Table(ROYALS, bases=BASES, current=2)
    m = t2.minion(1, "muffin", base=0)
    t2.on_minion(1, "heirloom", m)
    freedom = t2.hand(2, "freedom-power")
    s, _ = play(t2.state, 2, freedom)
    assert not s.prompts and power(s, m) == 4  # no action to destroy
    assert h1 is not None


def test_skillet_destroys_a_minion_of_power_2_or_less_then_draws() -> None:
    t = Table(ROYALS, bases=BASES)
    skillet = t.hand(1, "skillet")
    tinx = t.minion(2, "tinx", base=0)
    t.minion(2, "puck", base=0)
    s, ev = play(t.state, 1, skillet)  # one target
    assert where(s, tinx) == "discard:2"
    assert len(s.hands[1]) == 1
    assert keys(ev).index(Ev.DESTROYED) < keys(ev).index(Ev.DREW)


def test_some_day_my_prince_moves_a_minion_from_the_scoring_base_before_it_scores() -> None:
    t = Table(ROYALS, bases=["ice-castle", "fairy-ring", "land-of-balance"])
    prince = t.hand(1, "some-day-my-prince")
    t.minion(1, "apricot", base=0)
    titania = t.minion(2, "titania", base=0)
    t.minion(2, "glymmer", base=0)
    t.minion(2, "tinx", base=0)  # 11 against 5, breakpoint 15
    s, _ = end(t.state, 1)
    s, _ = answer(s, 1, prince)
    s, _ = answer(s, 1, titania)
    s, _ev = answer(s, 1, t.base(2))
    assert where(s, titania) == f"base:{t.base(2)}"
    assert s.vp == {1: 2, 2: 3}  # still scored, at 11 power: 6 against 5


def test_tale_as_old_as_time_moves_all_your_minions_to_a_base() -> None:
    t = Table(ROYALS, bases=BASES)
    tale = t.hand(1, "tale-as-old-as-time")
    a = t.minion(1, "apricot", base=0)
    b = t.minion(1, "eliza", base=1)
    c = t.minion(1, "muffin", base=2)
    theirs = t.minion(2, "tinx", base=0)
    s, _ = play(t.state, 1, tale)
    s, _ = answer(s, 1, t.base(1))
    assert {where(s, x) for x in (a, b, c)} == {f"base:{t.base(1)}"}
    assert where(s, theirs) == f"base:{t.base(0)}"


def test_true_loves_kiss_moves_any_minion_to_another_base() -> None:
    t = Table(ROYALS, bases=BASES)
    kiss = t.hand(1, "true-loves-kiss")
    titania = t.minion(2, "titania", base=0)
    t.minion(1, "apricot", base=1)
    s, _ = play(t.state, 1, kiss)
    s, _ = answer(s, 1, titania)
    assert prompt(s, 1).options == [t.base(1), t.base(2)]
    s, _ = answer(s, 1, t.base(2))
    assert where(s, titania) == f"base:{t.base(2)}"


def test_woodland_helpers_lets_you_put_a_played_action_on_the_bottom_of_your_deck() -> None:
    t = Table(ROYALS, bases=BASES)
    t.on_base(1, "woodland-helpers", base=2)
    nine = t.hand(1, "nine-lives")
    s, _ = play(t.state, 1, nine)
    p = prompt(s, 1)
    assert p.options == ["discard", "bottom"]
    s, _ = answer(s, 1, "bottom")
    assert s.decks[1][0] == nine


def test_woodland_helpers_does_not_help_other_players() -> None:
    t = Table(ROYALS, bases=BASES, current=2)
    t.on_base(1, "woodland-helpers", base=2)
    puck_action = t.hand(2, "fairy-ballet")
    s, _ = play(t.state, 2, puck_action)
    s, _ = answer(s, 2, "draw2")
    assert where(s, puck_action) == "discard:2"
