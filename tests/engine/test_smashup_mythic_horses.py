"""Mythic Horses («Волшебные пони»): every card at its timing (docs/rules/smashup.md §1.4)."""

from __future__ import annotations

from engine.smashup import GAME
from engine.smashup.keys import Ev
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

HORSES = {1: ["mythic-horses", "fairies"], 2: ["kitty-cats", "princesses"]}
BASES = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]


def test_starlyte_has_plus_1_for_each_other_minion_you_control_here() -> None:
    t = Table(HORSES, bases=BASES)
    star = t.minion(1, "starlyte", base=0)
    assert t.power(star) == 5
    t.minion(1, "tinx", base=0)
    t.minion(1, "puck", base=0)
    t.minion(2, "muffin", base=0)  # not hers
    t.minion(1, "titania", base=1)  # not here
    assert t.power(star) == 7


def test_rainbow_draws_a_card_if_you_played_another_minion_here_this_turn() -> None:
    t = Table(HORSES, bases=BASES)
    rainbow = t.minion(1, "rainbow", base=0)
    tinx = t.hand(1, "tinx")
    assert UseTalent(player=1, card=rainbow) not in GAME.legal(t.state, 1)
    s, _ = play(t.state, 1, tinx, base=t.base(0))
    s, _ = answer(s, 1) if s.prompts else (s, [])
    assert UseTalent(player=1, card=rainbow) in GAME.legal(s, 1)
    s, ev = talent(s, 1, rainbow)
    assert len(s.hands[1]) == 1 and Ev.DREW in keys(ev)


def test_rainbow_does_not_count_a_minion_played_on_another_base() -> None:
    t = Table(HORSES, bases=BASES)
    rainbow = t.minion(1, "rainbow", base=0)
    tinx = t.hand(1, "tinx")
    s, _ = play(t.state, 1, tinx, base=t.base(1))
    s, _ = answer(s, 1) if s.prompts else (s, [])
    assert UseTalent(player=1, card=rainbow) not in GAME.legal(s, 1)


def test_seastar_gives_an_extra_minion_when_played_where_you_already_have_a_minion() -> None:
    t = Table(HORSES, bases=BASES)
    t.minion(1, "pinkie", base=0)
    s1, s2 = t.hand(1, "seastar", "seastar")
    s, ev = play(t.state, 1, s1, base=t.base(0))
    assert find(ev, Ev.EXTRA_PLAY).args["source"] == "seastar"
    s, ev = play(s, 1, s2, base=t.base(0))  # the extra play; a second Seastar gives nothing
    assert Ev.EXTRA_PLAY not in keys(ev)
    assert not any(c.minion for c in s.credits)


def test_seastar_gives_nothing_on_a_base_without_your_minion() -> None:
    t = Table(HORSES, bases=BASES)
    t.minion(2, "muffin", base=0)
    star = t.hand(1, "seastar")
    _s, ev = play(t.state, 1, star, base=t.base(0))
    assert Ev.EXTRA_PLAY not in keys(ev)


def test_pinkie_has_plus_1_while_another_of_your_minions_is_here() -> None:
    t = Table(HORSES, bases=BASES)
    pinkie = t.minion(1, "pinkie", base=0)
    t.minion(2, "muffin", base=0)
    assert t.power(pinkie) == 2
    t.minion(1, "tinx", base=0)
    t.minion(1, "puck", base=0)
    assert t.power(pinkie) == 3


def test_adventure_power_moves_any_number_of_your_minions_to_a_base() -> None:
    t = Table(HORSES, bases=BASES)
    adventure = t.hand(1, "adventure-power")
    a = t.minion(1, "pinkie", base=0)
    b = t.minion(1, "tinx", base=1)
    c = t.minion(1, "puck", base=1)
    theirs = t.minion(2, "muffin", base=0)
    s, _ = play(t.state, 1, adventure)
    s, _ = answer(s, 1, t.base(2))
    assert set(prompt(s, 1).options) == {a, b, c}
    s, _ = answer(s, 1, a, c)
    assert where(s, a) == where(s, c) == f"base:{t.base(2)}"
    assert where(s, b) == f"base:{t.base(1)}" and where(s, theirs) == f"base:{t.base(0)}"


def test_encouragement_power_gives_plus_1_per_other_minion_of_yours_on_its_base() -> None:
    t = Table(HORSES, bases=BASES)
    tinx = t.minion(1, "tinx", base=0)
    t.minion(1, "puck", base=0)
    t.minion(1, "titania", base=0)
    t.minion(2, "muffin", base=0)
    courage = t.hand(1, "encouragement-power")
    theirs = t.state.bases[0].minions[-1].uid
    assert PlayCard(player=1, card=courage, minion=theirs) not in GAME.legal(t.state, 1)
    s, _ = play(t.state, 1, courage, minion=tinx)
    assert power(s, tinx) == 4


def test_freedom_power_destroys_an_action_on_a_minion_or_a_base() -> None:
    t = Table(HORSES, bases=BASES)
    freedom = t.hand(1, "freedom-power")
    muffin = t.minion(2, "muffin", base=0)
    grump = t.on_minion(2, "grumpiness", muffin)
    fit = t.on_base(2, "hissy-fit", base=1)
    s, _ = play(t.state, 1, freedom)
    assert set(prompt(s, 1).options) == {grump, fit}
    s, _ = answer(s, 1, fit)
    assert where(s, fit) == "discard:2" and where(s, grump) == f"base:{t.base(0)}"


def test_friendship_power_moves_one_of_your_minions_to_a_base_where_you_have_another() -> None:
    t = Table(HORSES, bases=BASES)
    friend = t.hand(1, "friendship-power")
    lone = t.minion(1, "pinkie", base=0)
    pal = t.minion(1, "tinx", base=1)
    s, _ = play(t.state, 1, friend)
    assert set(prompt(s, 1).options) == {lone, pal}
    s, _ = answer(s, 1, lone)  # Tinx's base is the only one with another minion of yours
    assert where(s, lone) == f"base:{t.base(1)}"
    assert prompt(s, 1).options == ["discard", "hand"]
    s, _ = answer(s, 1, "hand")
    assert where(s, friend) == "hand:1"


def test_sharing_power_draws_a_card_at_the_start_of_your_turn_with_two_minions_here() -> None:
    t = Table(HORSES, bases=BASES, current=2)
    t.on_base(1, "sharing-power", base=0)
    t.minion(1, "pinkie", base=0)
    t.minion(1, "tinx", base=0)
    s, _ = end(t.state, 2)
    assert s.current == 1
    assert len(s.hands[1]) == 1  # the turn's draw is player 2's; this card is Sharing Power's


def test_sharing_power_draws_nothing_with_one_minion_here() -> None:
    t = Table(HORSES, bases=BASES, current=2)
    t.on_base(1, "sharing-power", base=0)
    t.minion(1, "pinkie", base=0)
    s, _ = end(t.state, 2)
    assert s.current == 1 and s.hands[1] == []


def test_super_future_space_armor_power_gives_plus_2_to_your_minions_sharing_a_base() -> None:
    t = Table(HORSES, bases=BASES)
    armor = t.hand(1, "super-future-space-armor-power")
    a = t.minion(1, "tinx", base=0)
    b = t.minion(1, "puck", base=0)
    alone = t.minion(1, "glymmer", base=1)
    theirs = t.minion(2, "muffin", base=0)
    s, _ = play(t.state, 1, armor)
    assert (power(s, a), power(s, b), power(s, alone), power(s, theirs)) == (4, 5, 4, 3)
    s, _ = end(s, 1)
    assert (power(s, a), power(s, b)) == (2, 3)


def test_teaching_power_reveals_a_card_per_minion_and_plays_a_revealed_minion_there() -> None:
    t = Table(HORSES, bases=["ice-castle", "enchanted-glade", "fairy-ring"], current=1)
    teach = t.hand(1, "teaching-power")
    t.minion(1, "titania", base=1)
    t.minion(1, "starlyte", base=1)
    t.minion(2, "queen-fluffy", base=1)
    t.minion(2, "apricot", base=1)  # 10 against 10 at Enchanted Glade, breakpoint 20
    puck, ballet = t.deck_top(1, "puck", "fairy-ballet")
    s, _ = end(t.state, 1)
    assert prompt(s, 1).options == [teach]
    s, ev = answer(s, 1, teach)
    assert find(ev, Ev.REVEALED).args["cards"] == ["fairy-ballet", "puck"]
    assert prompt(s, 1).options == [puck]
    s, ev = answer(s, 1, puck)  # the ballet goes back on top, the Puck is played there
    assert Ev.PLAYED_MINION in keys(ev)
    s, _ = answer(s, 1, "draw1")  # Puck's own choice: draws the Fairy Ballet back
    assert s.vp[1] == 4 and s.vp[2] == 2
    assert where(s, ballet) == "hand:1"


def test_togetherness_power_gives_an_extra_minion_on_a_base_where_you_have_one() -> None:
    t = Table(HORSES, bases=BASES)
    together = t.hand(1, "togetherness-power")
    t.minion(1, "pinkie", base=0)
    tinx, puck = t.hand(1, "tinx", "puck")
    s, _ = play(t.state, 1, together)
    s, _ = play(s, 1, tinx, base=t.base(1))  # the turn's own minion play, anywhere
    s, _ = answer(s, 1) if s.prompts else (s, [])
    legal = GAME.legal(s, 1)
    assert PlayCard(player=1, card=puck, base=t.base(0)) in legal
    assert PlayCard(player=1, card=puck, base=t.base(1)) in legal
    assert PlayCard(player=1, card=puck, base=t.base(2)) not in legal
