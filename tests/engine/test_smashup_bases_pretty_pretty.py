"""The bases of «Мимими» (docs/rules/smashup.md §1.5): every base's ability."""

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
    find,
    keys,
    play,
    power,
    prompt,
    talent,
    where,
)

P = {1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}


def test_cat_fanciers_alley_lets_you_destroy_your_minion_here_to_draw_a_card() -> None:
    t = Table(P, bases=["cat-fanciers-alley", "enchanted-glade", "fairy-ring"])
    alley = t.base(0)
    muffin = t.minion(1, "muffin", base=0)
    t.minion(2, "tinx", base=0)
    s, _ = talent(t.state, 1, alley)  # Muffin is the only minion of yours there
    assert where(s, muffin) == "discard:1" and len(s.hands[1]) == 1
    assert UseTalent(player=1, card=alley) not in GAME.legal(s, 1)  # once a turn
    # everyone sees it used this turn (a computer player's dealt worlds keep it so)
    assert all(GAME.view(s, p).bases[0].talent_used for p in (None, 1, 2))
    assert not GAME.view(t.state, 1).bases[0].talent_used


def test_cat_fanciers_alley_offers_nothing_without_your_minion_there() -> None:
    t = Table(P, bases=["cat-fanciers-alley", "enchanted-glade", "fairy-ring"])
    t.minion(2, "tinx", base=0)
    t.minion(1, "muffin", base=1)
    assert UseTalent(player=1, card=t.base(0)) not in GAME.legal(t.state, 1)


def test_house_of_nine_lives_lets_the_owner_move_a_minion_about_to_be_destroyed_there() -> None:
    t = Table(P, bases=["house-of-nine-lives", "enchanted-glade", "fairy-ring"])
    skillet = t.hand(1, "skillet")
    tinx = t.minion(2, "tinx", base=1)
    s, _ = play(t.state, 1, skillet)
    p = prompt(s, 2)  # the owner decides
    assert p.options == [t.base(0)] and p.min == 0
    s, ev = answer(s, 2, t.base(0))
    assert where(s, tinx) == f"base:{t.base(0)}"
    assert Ev.DESTROYED not in keys(ev)


def test_house_of_nine_lives_may_be_declined() -> None:
    t = Table(P, bases=["house-of-nine-lives", "enchanted-glade", "fairy-ring"])
    skillet = t.hand(1, "skillet")
    tinx = t.minion(2, "tinx", base=1)
    s, _ = play(t.state, 1, skillet)
    s, ev = answer(s, 2)
    assert where(s, tinx) == "discard:2" and Ev.DESTROYED in keys(ev)


def test_house_of_nine_lives_does_not_save_its_own_minions() -> None:
    t = Table(P, bases=["house-of-nine-lives", "enchanted-glade", "fairy-ring"])
    skillet = t.hand(1, "skillet")
    tinx = t.minion(2, "tinx", base=0)
    s, _ = play(t.state, 1, skillet)
    assert where(s, tinx) == "discard:2" and not s.prompts


def test_enchanted_glade_draws_a_card_after_you_play_an_action_on_a_minion_here() -> None:
    t = Table(P, bases=["enchanted-glade", "cat-fanciers-alley", "fairy-ring"])
    grump = t.hand(1, "grumpiness")
    tinx = t.minion(2, "tinx", base=0)
    s, ev = play(t.state, 1, grump, minion=tinx)
    assert len(s.hands[1]) == 1 and Ev.DREW in keys(ev)


def test_enchanted_glade_draws_nothing_for_an_action_elsewhere() -> None:
    t = Table(P, bases=["enchanted-glade", "cat-fanciers-alley", "fairy-ring"])
    grump = t.hand(1, "grumpiness")
    tinx = t.minion(2, "tinx", base=1)
    s, _ = play(t.state, 1, grump, minion=tinx)
    assert s.hands[1] == []


def test_fairy_ring_gives_an_extra_minion_here_or_an_extra_action_the_first_time_each_turn() -> None:
    t = Table(P, bases=["fairy-ring", "cat-fanciers-alley", "enchanted-glade"])
    m1, m2, m3 = t.hand(1, "mr-grumpers", "mr-grumpers", "mr-grumpers")
    s, ev = play(t.state, 1, m1, base=t.base(0))
    s, _ = answer(s, 1, m1) if s.prompts else (s, [])
    assert find(ev, Ev.EXTRA_PLAY).args["kind"] == "both"
    legal = GAME.legal(s, 1)
    assert PlayCard(player=1, card=m2, base=t.base(0)) in legal
    assert PlayCard(player=1, card=m2, base=t.base(1)) not in legal
    s, ev = play(s, 1, m2, base=t.base(0))  # a second minion here: no more extra
    assert Ev.EXTRA_PLAY not in keys(ev)
    s, _ = answer(s, 1, m2) if s.prompts else (s, [])
    assert not any(c.minion for c in s.credits)
    assert m3


def test_fairy_ring_extra_play_may_be_an_action() -> None:
    t = Table(P, bases=["fairy-ring", "cat-fanciers-alley", "enchanted-glade"])
    queen = t.hand(1, "queen-fluffy")
    paw, kiss = t.hand(1, "cats-paw", "true-loves-kiss")
    s, _ = play(t.state, 1, queen, base=t.base(0))
    s, _ = play(s, 1, paw)
    assert PlayCard(player=1, card=kiss) in GAME.legal(s, 1)


def test_beautiful_castle_shields_minions_of_power_5_or_more_from_other_players_cards() -> None:
    t = Table(P, bases=["beautiful-castle", "cat-fanciers-alley", "enchanted-glade"])
    titania = t.minion(2, "titania", base=0)
    tinx = t.minion(2, "tinx", base=0)
    grump, paw = t.hand(1, "grumpiness", "cats-paw")
    legal = GAME.legal(t.state, 1)
    assert PlayCard(player=1, card=grump, minion=titania) not in legal
    assert PlayCard(player=1, card=grump, minion=tinx) in legal
    s, _ = play(t.state, 1, paw)  # only Tinx can be taken
    assert G(s, []).controller(tinx) == 1 and G(s, []).controller(titania) == 2


def test_beautiful_castle_ignores_power_changes_from_other_players_on_a_protected_minion() -> None:
    t = Table(P, bases=["beautiful-castle", "cat-fanciers-alley", "enchanted-glade"])
    titania = t.minion(2, "titania", base=0)
    t.on_base(1, "hissy-fit", base=0)
    assert t.power(titania) == 5


def test_beautiful_castle_lets_a_change_lift_a_minion_to_5() -> None:
    """§4.4's circular case: +1 turning a 4 into a 5 applies."""
    t = Table(
        {1: ["fairies", "kitty-cats"], 2: ["mythic-horses", "princesses"]},
        bases=["beautiful-castle", "cat-fanciers-alley", "enchanted-glade"],
    )
    rainbow = t.minion(2, "rainbow", base=0)
    t.on_base(1, "enchantment", base=0, data={"mode": 1})
    assert t.power(rainbow) == 5


def test_ice_castle_forbids_playing_minions_there_but_not_moving_them() -> None:
    t = Table(P, bases=["ice-castle", "cat-fanciers-alley", "enchanted-glade"])
    muffin = t.hand(1, "muffin")
    kiss = t.hand(1, "true-loves-kiss")
    queen = t.minion(1, "queen-fluffy", base=1)
    assert PlayCard(player=1, card=muffin, base=t.base(0)) not in GAME.legal(t.state, 1)
    with pytest.raises(RuleError) as e:
        play(t.state, 1, muffin, base=t.base(0))
    assert e.value.key == Err.FORBIDDEN
    s, _ = play(t.state, 1, kiss)  # the Queen is the only minion
    s, _ = answer(s, 1, t.base(0))
    assert where(s, queen) == f"base:{t.base(0)}"


def test_land_of_balance_lets_you_move_one_of_your_minions_here_after_playing_one() -> None:
    t = Table(P, bases=["land-of-balance", "cat-fanciers-alley", "enchanted-glade"])
    queen = t.hand(1, "queen-fluffy")
    muffin = t.minion(1, "muffin", base=1)
    eliza = t.minion(1, "eliza", base=2)
    s, _ = play(t.state, 1, queen, base=t.base(0))
    p = prompt(s, 1)
    assert set(p.options) == {muffin, eliza} and p.min == 0
    s, _ = answer(s, 1, muffin)
    assert where(s, muffin) == f"base:{t.base(0)}" and where(s, eliza) == f"base:{t.base(2)}"


def test_pony_paradise_protects_your_minions_there_while_you_have_two() -> None:
    t = Table(P, bases=["pony-paradise", "cat-fanciers-alley", "enchanted-glade"])
    skillet = t.hand(1, "skillet")
    tinx = t.minion(2, "tinx", base=0)
    pinkie = t.minion(2, "pinkie", base=0)
    far = t.minion(2, "tinx", base=1)
    g = G(t.state, [])
    assert g.protected(tinx, 1, "destroy") and g.protected(pinkie, 1, "destroy")
    s, _ = play(t.state, 1, skillet)  # only the Tinx elsewhere can be destroyed
    assert where(s, far) == "discard:2" and where(s, tinx) == f"base:{t.base(0)}"


def test_pony_paradise_does_not_protect_a_lone_minion() -> None:
    t = Table(P, bases=["pony-paradise", "cat-fanciers-alley", "enchanted-glade"])
    skillet = t.hand(1, "skillet")
    tinx = t.minion(2, "tinx", base=0)
    s, _ = play(t.state, 1, skillet)
    assert where(s, tinx) == "discard:2"
    assert power(s, tinx) == 2
