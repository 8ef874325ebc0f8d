"""Kitty Cats («Котики»): every card at its timing (docs/rules/smashup.md §1.1)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.smashup import GAME
from engine.smashup.keys import Ev
from engine.smashup.models import UseTalent
from tests.engine.smashup_helpers import (
    Table,
    answer,
    controller,
    end,
    find,
    keys,
    play,
    power,
    prompt,
    talent,
    where,
)

CATS = {1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}
BASES = ["pony-paradise", "fairy-ring", "land-of-balance"]


def test_queen_fluffy_takes_control_of_a_minion_of_power_3_until_end_of_turn() -> None:
    t = Table(CATS, bases=BASES)
    queen = t.minion(1, "queen-fluffy", base=0)
    tinx = t.minion(2, "tinx", base=1)
    puck = t.minion(2, "puck", base=2)
    t.minion(2, "titania", base=1)  # power 5: out of reach
    s, _ = talent(t.state, 1, queen)
    assert set(prompt(s, 1).options) == {tinx, puck}
    s, ev = answer(s, 1, tinx)
    assert controller(s, tinx) == 1 and find(ev, Ev.CONTROL).args["player"] == 1
    s, ev = end(s, 1)
    assert Ev.CONTROL_BACK in keys(ev)
    assert controller(s, tinx) == 2


def test_queen_fluffy_talent_is_used_once_a_turn() -> None:
    t = Table(CATS, bases=BASES)
    queen = t.minion(1, "queen-fluffy", base=0)
    t.minion(2, "tinx", base=1)
    t.minion(2, "tinx", base=1)
    assert UseTalent(player=1, card=queen) in GAME.legal(t.state, 1)
    s, _ = talent(t.state, 1, queen)
    s, _ = answer(s, 1, prompt(s, 1).options[0])
    assert UseTalent(player=1, card=queen) not in GAME.legal(s, 1)
    with pytest.raises(RuleError):
        talent(s, 1, queen)


def test_whiskers_gives_an_extra_action_then_destroys_one_of_your_minions() -> None:
    t = Table(CATS, bases=BASES)
    whiskers = t.minion(1, "whiskers", base=0)
    muffin = t.minion(1, "muffin", base=1)
    s, ev = talent(t.state, 1, whiskers)
    assert find(ev, Ev.EXTRA_PLAY).args["kind"] == "action"
    assert sum(c.action for c in s.credits) == 2
    assert set(prompt(s, 1).options) == {whiskers, muffin}
    s, ev = answer(s, 1, muffin)
    assert where(s, muffin) == "discard:1" and Ev.DESTROYED in keys(ev)


def test_muffin_takes_control_of_a_minion_of_power_3_when_played() -> None:
    t = Table(CATS, bases=BASES)
    muffin = t.hand(1, "muffin")
    puck = t.minion(2, "puck", base=1)
    tinx = t.minion(2, "tinx", base=2)
    t.minion(2, "glymmer", base=1)  # power 4: out of reach
    s, _ = play(t.state, 1, muffin, base=t.base(0))
    assert set(prompt(s, 1).options) == {puck, tinx}
    s, _ = answer(s, 1, puck)
    assert controller(s, puck) == 1
    assert s.bases[1].minions[0].controller == 1


def test_mr_grumpers_gives_a_minion_minus_2_until_end_of_turn() -> None:
    t = Table(CATS, bases=BASES)
    grumpers = t.hand(1, "mr-grumpers")
    glymmer = t.minion(2, "glymmer", base=1)
    s, _ = play(t.state, 1, grumpers, base=t.base(0))
    assert set(prompt(s, 1).options) == {grumpers, glymmer}
    s, _ = answer(s, 1, glymmer)
    assert power(s, glymmer) == 2
    s, _ = end(s, 1)
    assert power(s, glymmer) == 4


def test_can_has_cheeseburger_takes_control_at_the_scoring_base_before_it_scores() -> None:
    t = Table(CATS, bases=["ice-castle", "fairy-ring", "land-of-balance"])
    burger = t.hand(1, "can-has-cheeseburger")
    t.minion(1, "queen-fluffy", base=0)
    t.minion(1, "whiskers", base=0)
    t.minion(2, "titania", base=0)
    puck = t.minion(2, "puck", base=0)
    t.minion(2, "tinx", base=0)  # 9 against 10, breakpoint 15
    s, ev = end(t.state, 1)
    assert Ev.SCORING in keys(ev)
    p = prompt(s, 1)
    assert p.options == [burger] and p.min == 0
    s, ev = answer(s, 1, burger)
    assert Ev.PLAYED_SPECIAL in keys(ev)
    assert puck in prompt(s, 1).options
    s, ev = answer(s, 1, puck)
    places = {e.args["player"]: e.args["place"] for e in ev if e.key == Ev.PLACE}
    assert places == {1: 1, 2: 2}
    assert s.vp == {1: 3, 2: 2}
    assert where(s, puck) == "discard:2"  # the owner's pile after scoring
    assert where(s, burger) == "discard:1"


def test_can_has_cheeseburger_is_not_playable_as_the_turns_action() -> None:
    t = Table(CATS, bases=BASES)
    burger = t.hand(1, "can-has-cheeseburger")
    t.minion(2, "puck", base=0)
    assert not any(getattr(a, "card", None) == burger for a in GAME.legal(t.state, 1))


def test_cat_fight_draws_cards_equal_to_a_minions_power_then_destroys_it() -> None:
    t = Table(CATS, bases=BASES)
    fight = t.hand(1, "cat-fight")
    queen = t.minion(1, "queen-fluffy", base=0)
    t.minion(2, "titania", base=0)
    muffin = t.minion(1, "muffin", base=1)
    s, _ = play(t.state, 1, fight)
    assert set(prompt(s, 1).options) == {queen, muffin}
    s, _ = answer(s, 1, queen)
    assert len(s.hands[1]) == 5
    assert where(s, queen) == "discard:1"
    assert where(s, fight) == "discard:1"


def test_cats_paw_takes_control_of_a_minion_of_power_5_or_less() -> None:
    t = Table(CATS, bases=BASES)
    paw = t.hand(1, "cats-paw")
    titania = t.minion(2, "titania", base=1)
    puck = t.minion(2, "puck", base=0)
    t.minion(2, "starlyte", base=0)  # 5 + 1 for Puck... no: Puck is not hers; Starlyte alone is 5
    s, _ = play(t.state, 1, paw)
    assert set(prompt(s, 1).options) >= {titania, puck}
    s, _ = answer(s, 1, titania)
    assert controller(s, titania) == 1


def test_grumpiness_gives_its_minion_minus_2() -> None:
    t = Table(CATS, bases=BASES)
    grump = t.hand(1, "grumpiness")
    titania = t.minion(2, "titania", base=1)
    s, ev = play(t.state, 1, grump, minion=titania)
    assert Ev.PLAYED_ON_MINION in keys(ev)
    assert power(s, titania) == 3 and where(s, grump) == f"base:{t.base(1)}"


def test_hang_in_there_moves_the_minion_instead_of_its_destruction_and_is_destroyed() -> None:
    t = Table(CATS, bases=BASES)
    grumpers = t.minion(1, "mr-grumpers", base=0)
    hang = t.on_minion(1, "hang-in-there", grumpers)
    tinx = t.minion(2, "tinx", base=0)
    skillet = t.hand(1, "skillet")
    s, _ = play(t.state, 1, skillet)
    assert set(prompt(s, 1).options) == {grumpers, tinx}
    s, ev = answer(s, 1, grumpers)
    assert Ev.REPLACED in keys(ev)
    assert prompt(s, 1).options == [t.base(1), t.base(2)]  # Hang in There's player picks the base
    s, ev = answer(s, 1, t.base(2))
    assert where(s, grumpers) == f"base:{t.base(2)}"
    assert where(s, hang) == "discard:1"
    assert Ev.DESTROYED not in keys(ev)


def test_hang_in_there_is_played_only_on_a_minion_you_control() -> None:
    t = Table(CATS, bases=BASES)
    hang = t.hand(1, "hang-in-there")
    mine = t.minion(1, "muffin", base=0)
    theirs = t.minion(2, "tinx", base=0)
    targets = {a.minion for a in GAME.legal(t.state, 1) if getattr(a, "card", None) == hang}
    assert targets == {mine} and theirs not in targets


def test_hissy_fit_gives_other_players_minions_here_minus_1() -> None:
    t = Table(CATS, bases=BASES)
    fit = t.hand(1, "hissy-fit")
    mine = t.minion(1, "muffin", base=0)
    theirs = t.minion(2, "titania", base=0)
    elsewhere = t.minion(2, "puck", base=1)
    s, _ = play(t.state, 1, fit, base=t.base(0))
    assert (power(s, mine), power(s, theirs), power(s, elsewhere)) == (3, 4, 3)


def test_invisible_bicycle_moves_any_number_of_small_minions_from_a_base_to_another() -> None:
    t = Table(CATS, bases=BASES)
    bike = t.hand(1, "invisible-bicycle")
    tinx = t.minion(2, "tinx", base=0)
    pinkie = t.minion(2, "pinkie", base=0)
    t.minion(2, "titania", base=0)
    mine = t.minion(1, "mr-grumpers", base=0)
    t.minion(2, "tinx", base=1)
    s, _ = play(t.state, 1, bike)
    assert set(prompt(s, 1).options) == {t.base(0), t.base(1)}
    s, _ = answer(s, 1, t.base(0))
    assert set(prompt(s, 1).options) == {tinx, mine}  # Pinkie has 3 power next to Titania
    s, _ = answer(s, 1, tinx, mine)
    assert set(prompt(s, 1).options) == {t.base(1), t.base(2)}
    s, ev = answer(s, 1, t.base(2))
    assert where(s, tinx) == where(s, mine) == f"base:{t.base(2)}"
    assert where(s, pinkie) == f"base:{t.base(0)}"
    assert Ev.PLAYED_MINION not in keys(ev)  # a move is not a play


def test_nine_lives_destroys_one_of_your_minions_then_gives_an_extra_minion() -> None:
    t = Table(CATS, bases=BASES)
    lives = t.hand(1, "nine-lives")
    muffin = t.minion(1, "muffin", base=0)
    queen = t.minion(1, "queen-fluffy", base=1)
    s, _ = play(t.state, 1, lives)
    assert set(prompt(s, 1).options) == {muffin, queen}
    s, _ = answer(s, 1, muffin)
    assert where(s, muffin) == "discard:1"
    assert sum(c.minion for c in s.credits) == 2


def test_a_minion_destroyed_by_the_player_who_took_control_goes_to_its_owners_discard() -> None:
    """§4.3, the Kitty combo: take a minion, then destroy it as one of yours."""
    t = Table(CATS, bases=BASES)
    paw = t.hand(1, "cats-paw")
    titania = t.minion(2, "titania", base=1)
    whiskers = t.minion(1, "whiskers", base=0)
    s, _ = play(t.state, 1, paw)  # one target: taken at once
    assert controller(s, titania) == 1
    s, _ = talent(s, 1, whiskers)
    assert set(prompt(s, 1).options) == {whiskers, titania}
    s, _ = answer(s, 1, titania)
    assert where(s, titania) == "discard:2"
