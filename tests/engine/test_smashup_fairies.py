"""Fairies («Феи»): every card at its timing (docs/rules/smashup.md §1.3)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.smashup import GAME
from engine.smashup.effects import G
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

FAIRIES = {1: ["fairies", "mythic-horses"], 2: ["kitty-cats", "princesses"]}
BASES = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]


def test_titania_returns_an_opponents_minion_to_its_owners_hand() -> None:
    t = Table(FAIRIES, bases=BASES)
    titania = t.hand(1, "titania")
    queen = t.minion(2, "queen-fluffy", base=1)
    muffin = t.minion(2, "muffin", base=1)
    heirloom = t.on_minion(2, "heirloom", queen)
    s, _ = play(t.state, 1, titania, base=t.base(0))
    assert prompt(s, 1).options == ["return-minion", "extra-minion"]
    s, _ = answer(s, 1, "return-minion")
    assert set(prompt(s, 1).options) == {queen, muffin}
    s, ev = answer(s, 1, queen)
    assert where(s, queen) == "hand:2" and Ev.RETURNED in keys(ev)
    assert where(s, heirloom) == "discard:2"  # what was on it is discarded


def test_titania_can_give_an_extra_minion_instead() -> None:
    t = Table(FAIRIES, bases=BASES)
    titania = t.hand(1, "titania")
    s, _ = play(t.state, 1, titania, base=t.base(0))
    s, _ = answer(s, 1, "extra-minion")
    assert [(c.minion, c.extra) for c in s.credits if c.minion] == [(True, True)]


def test_glymmer_gives_another_minion_minus_4_until_the_start_of_your_next_turn() -> None:
    t = Table(FAIRIES, bases=BASES)
    glymmer = t.minion(1, "glymmer", base=0)
    queen = t.minion(2, "queen-fluffy", base=1)
    s, _ = talent(t.state, 1, glymmer)
    assert prompt(s, 1).options == ["weaken", "boost"]
    s, _ = answer(s, 1, "weaken")  # the Queen is the only other minion: chosen at once
    assert power(s, queen) == 1
    s, _ = end(s, 1)  # player 2's turn: still weakened
    assert s.current == 2 and power(s, queen) == 1
    s, _ = end(s, 2)  # back to player 1: it wears off
    assert s.current == 1 and power(s, queen) == 5


def test_glymmer_can_give_itself_plus_1_until_the_start_of_your_next_turn() -> None:
    t = Table(FAIRIES, bases=BASES)
    glymmer = t.minion(1, "glymmer", base=0)
    s, _ = talent(t.state, 1, glymmer)
    s, _ = answer(s, 1, "boost")
    assert power(s, glymmer) == 5
    s, _ = end(s, 1)
    assert power(s, glymmer) == 5
    s, _ = end(s, 2)
    assert power(s, glymmer) == 4


def test_puck_gives_an_extra_action() -> None:
    t = Table(FAIRIES, bases=BASES)
    puck = t.hand(1, "puck")
    s, _ = play(t.state, 1, puck, base=t.base(0))
    assert prompt(s, 1).options == ["extra-action", "draw1"]
    s, _ = answer(s, 1, "extra-action")
    assert sum(c.action for c in s.credits) == 2


def test_puck_can_draw_a_card_instead() -> None:
    t = Table(FAIRIES, bases=BASES)
    puck = t.hand(1, "puck")
    s, _ = play(t.state, 1, puck, base=t.base(0))
    s, _ = answer(s, 1, "draw1")
    assert len(s.hands[1]) == 1


def test_tinx_may_transfer_an_action_from_another_minion_onto_itself() -> None:
    t = Table(FAIRIES, bases=BASES)
    tinx = t.hand(1, "tinx")
    starlyte = t.minion(1, "starlyte", base=1)
    armor = t.on_minion(1, "leaf-armor", starlyte)
    queen = t.minion(2, "queen-fluffy", base=1)
    grump = t.on_minion(2, "grumpiness", queen)
    s, _ = play(t.state, 1, tinx, base=t.base(0))
    p = prompt(s, 1)
    assert set(p.options) == {armor, grump} and p.min == 0
    s, ev = answer(s, 1, armor)
    assert where(s, armor) == f"base:{t.base(0)}" and power(s, tinx) == 3
    assert Ev.TRANSFERRED in keys(ev) and Ev.PLAYED_ON_MINION not in keys(ev)


def test_tinx_may_decline_the_transfer() -> None:
    t = Table(FAIRIES, bases=BASES)
    tinx = t.hand(1, "tinx")
    queen = t.minion(2, "queen-fluffy", base=1)
    grump = t.on_minion(2, "grumpiness", queen)
    s, _ = play(t.state, 1, tinx, base=t.base(0))
    s, _ = answer(s, 1)
    assert where(s, grump) == f"base:{t.base(1)}" and power(s, queen) == 3


def test_daisy_chain_gives_plus_2_while_its_player_controls_the_minion_and_minus_2_otherwise() -> None:
    t = Table(FAIRIES, bases=BASES)
    mine = t.minion(1, "tinx", base=0)
    theirs = t.minion(2, "queen-fluffy", base=0)
    d1, d2 = t.hand(1, "daisy-chain", "daisy-chain")
    s, _ = play(t.state, 1, d1, minion=mine)
    assert power(s, mine) == 4
    t2 = Table(FAIRIES, bases=BASES)
    theirs = t2.minion(2, "queen-fluffy", base=0)
    d = t2.hand(1, "daisy-chain")
    s, _ = play(t2.state, 1, d, minion=theirs)
    assert power(s, theirs) == 3
    assert d2 is not None


def test_enchantment_gives_every_minion_here_plus_1() -> None:
    t = Table(FAIRIES, bases=BASES)
    spell = t.hand(1, "enchantment")
    a = t.minion(1, "tinx", base=0)
    b = t.minion(2, "queen-fluffy", base=0)
    c = t.minion(2, "muffin", base=1)
    s, _ = play(t.state, 1, spell, base=t.base(0))
    assert prompt(s, 1).options == ["plus", "minus"]
    s, _ = answer(s, 1, "plus")
    assert (power(s, a), power(s, b), power(s, c)) == (3, 6, 3)


def test_enchantment_can_give_every_minion_here_minus_1() -> None:
    t = Table(FAIRIES, bases=BASES)
    spell = t.hand(1, "enchantment")
    a = t.minion(1, "tinx", base=0)
    b = t.minion(2, "queen-fluffy", base=0)
    s, _ = play(t.state, 1, spell, base=t.base(0))
    s, _ = answer(s, 1, "minus")
    assert (power(s, a), power(s, b)) == (1, 4)


def test_fairy_ballet_draws_2_cards() -> None:
    t = Table(FAIRIES, bases=BASES)
    ballet = t.hand(1, "fairy-ballet")
    s, _ = play(t.state, 1, ballet)
    assert prompt(s, 1).options == ["draw2", "draw1-action"]
    s, _ = answer(s, 1, "draw2")
    assert len(s.hands[1]) == 2


def test_fairy_ballet_can_draw_1_and_give_an_extra_action() -> None:
    t = Table(FAIRIES, bases=BASES)
    ballet = t.hand(1, "fairy-ballet")
    s, _ = play(t.state, 1, ballet)
    s, _ = answer(s, 1, "draw1-action")
    assert len(s.hands[1]) == 1 and any(c.action for c in s.credits)


def test_ladybug_makes_its_minion_indestructible() -> None:
    t = Table(FAIRIES, bases=BASES, current=2)
    tinx = t.minion(1, "tinx", base=0)
    t.on_minion(1, "ladybug", tinx)
    grumpers = t.minion(2, "mr-grumpers", base=1)
    skillet = t.hand(2, "skillet")
    s, _ev = play(t.state, 2, skillet)  # Tinx is no target: only Grumpers is
    assert where(s, tinx) == f"base:{t.base(0)}" and where(s, grumpers) == "discard:2"
    assert G(s, []).protected(tinx, 2, "destroy") and not G(s, []).protected(tinx, 2, "move")


def test_ladybug_talent_moves_it_onto_another_minion() -> None:
    t = Table(FAIRIES, bases=BASES)
    tinx = t.minion(1, "tinx", base=0)
    bug = t.on_minion(1, "ladybug", tinx)
    puck = t.minion(1, "puck", base=1)
    queen = t.minion(2, "queen-fluffy", base=2)
    assert UseTalent(player=1, card=bug) in GAME.legal(t.state, 1)
    s, _ = talent(t.state, 1, bug)
    assert set(prompt(s, 1).options) == {puck, queen}
    s, _ = answer(s, 1, puck)
    assert where(s, bug) == f"base:{t.base(1)}"
    assert UseTalent(player=1, card=bug) not in GAME.legal(s, 1)


def test_leaf_armor_gives_plus_1_and_its_talent_moves_it() -> None:
    t = Table(FAIRIES, bases=BASES)
    tinx = t.minion(1, "tinx", base=0)
    armor = t.hand(1, "leaf-armor")
    puck = t.minion(1, "puck", base=1)
    s, _ = play(t.state, 1, armor, minion=tinx)
    assert power(s, tinx) == 3
    s, _ = talent(s, 1, armor)  # Puck is the only other minion
    assert power(s, tinx) == 2 and power(s, puck) == 4


def test_magic_acorns_makes_every_other_player_discard_a_random_card() -> None:
    t = Table(
        {1: ["fairies", "mythic-horses"], 2: ["kitty-cats", "princesses"], 3: ["princesses", "fairies"]}
    )
    acorns = t.hand(1, "magic-acorns")
    t.hand(2, "muffin", "skillet")
    t.hand(3, "eliza")
    mine = t.hand(1, "puck")
    s, _ = play(t.state, 1, acorns)
    s, ev = answer(s, 1, "others-discard")
    assert len(s.hands[2]) == 1 and s.hands[3] == [] and s.hands[1] == [mine]
    assert {e.args["player"] for e in ev if e.key == Ev.DISCARDED} == {2, 3}


def test_magic_acorns_can_draw_1_and_give_an_extra_action() -> None:
    t = Table(FAIRIES, bases=BASES)
    acorns = t.hand(1, "magic-acorns")
    s, _ = play(t.state, 1, acorns)
    s, _ = answer(s, 1, "draw1-action")
    assert len(s.hands[1]) == 1 and any(c.action for c in s.credits)


def test_magic_ward_forbids_other_players_actions_on_this_base_and_its_minions() -> None:
    t = Table(FAIRIES, bases=BASES, current=2)
    t.on_base(1, "magic-ward", base=0)
    fairy = t.minion(1, "tinx", base=0)
    own = t.minion(2, "muffin", base=0)
    elsewhere = t.minion(1, "puck", base=1)
    grump = t.hand(2, "grumpiness")
    fit = t.hand(2, "hissy-fit")
    legal = GAME.legal(t.state, 2)
    assert PlayCard(player=2, card=grump, minion=fairy) not in legal
    assert PlayCard(player=2, card=grump, minion=own) not in legal
    assert PlayCard(player=2, card=grump, minion=elsewhere) in legal
    assert PlayCard(player=2, card=fit, base=t.base(0)) not in legal
    assert PlayCard(player=2, card=fit, base=t.base(1)) in legal
    with pytest.raises(RuleError) as e:
        play(t.state, 2, grump, minion=fairy)
    assert e.value.key == Err.FORBIDDEN
    t1 = Table(FAIRIES, bases=BASES)
    t1.on_base(1, "magic-ward", base=0)
    mine = t1.minion(1, "tinx", base=0)
    daisy = t1.hand(1, "daisy-chain")
    assert PlayCard(player=1, card=daisy, minion=mine) in GAME.legal(t1.state, 1)  # its own player may


def test_playful_tricks_destroys_up_to_two_actions_on_minions_and_bases() -> None:
    t = Table(FAIRIES, bases=BASES)
    tricks = t.hand(1, "playful-tricks")
    queen = t.minion(2, "queen-fluffy", base=0)
    grump = t.on_minion(2, "grumpiness", queen)
    fit = t.on_base(2, "hissy-fit", base=1)
    heir = t.on_minion(2, "heirloom", queen)
    ward = t.on_base(1, "magic-ward", base=2)
    s, _ = play(t.state, 1, tricks)
    p = prompt(s, 1)
    assert set(p.options) == {grump, fit, ward} and (p.min, p.max) == (0, 2)  # an Heirloom can't be destroyed
    s, ev = answer(s, 1, grump, fit)
    assert where(s, grump) == where(s, fit) == "discard:2"
    assert where(s, heir) == f"base:{t.base(0)}"
    assert find(ev, Ev.ACTION_DESTROYED).args["card"] == "grumpiness"
