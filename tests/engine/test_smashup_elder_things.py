"""Elder Things («Старцы»): every card at its timing (docs/rules/smashup.md §2.2), and the §4
interactions of their reveals, random discards and Madness."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Leave, RuleError, Tick
from engine.smashup import GAME
from engine.smashup.effects import G
from engine.smashup.keys import Ev
from engine.smashup.models import EndPlays, PlayCard, SmashUpState
from tests.engine.smashup_helpers import (
    Table,
    answer,
    check_cards,
    controller,
    end,
    find,
    has_prompt,
    keys,
    play,
    power,
    prompt,
    where,
)
from tests.engine.test_smashup_properties import conserved, private

ELDER = {1: ["elder-things", "minions-of-cthulhu"], 2: ["kitty-cats", "fairies"]}
ELDER3 = {**ELDER, 3: ["princesses", "mythic-horses"]}
QUIET = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]
SCORING = ["ice-castle", *QUIET]  # ice-castle: breakpoint 15, 3/2/2


def targets(s: SmashUpState, p: int, card: int) -> set[int | None]:
    """Where ``p`` may play ``card`` now: bases (a minion) or minions (an action on one)."""
    return {
        a.base if a.base is not None else a.minion
        for a in GAME.legal(s, p)
        if isinstance(a, PlayCard) and a.card == card
    }


# --- minions -------------------------------------------------------------------------


def test_elder_thing_on_play_destroys_two_of_your_other_minions_when_you_choose_it() -> None:
    t = Table(ELDER, bases=QUIET, madness=True)
    elder = t.hand(1, "elder-thing")
    migo = t.minion(1, "mi-go", base=0)
    byakhee = t.minion(1, "byakhee", base=1)
    servitor = t.minion(1, "servitor", base=2)
    s, _ = play(t.state, 1, elder, base=t.base(0))
    assert prompt(s, 1).options == ["destroy-two", "bottom"]
    s, _ = answer(s, 1, "destroy-two")
    p = prompt(s, 1)
    assert set(p.options) == {migo, byakhee, servitor} and p.min == p.max == 2
    s, _ = answer(s, 1, migo, servitor)
    assert where(s, migo) == where(s, servitor) == "discard:1"
    assert where(s, elder) == f"base:{t.base(0)}" and where(s, byakhee) == f"base:{t.base(1)}"


def test_elder_thing_on_play_goes_to_the_bottom_of_your_deck_when_you_choose_it() -> None:
    t = Table(ELDER, bases=QUIET, madness=True)
    elder = t.hand(1, "elder-thing")
    t.minion(1, "mi-go", base=0)
    t.minion(1, "byakhee", base=1)
    s, _ = play(t.state, 1, elder, base=t.base(0))
    s, ev = answer(s, 1, "bottom")
    assert s.decks[1][0] == elder and Ev.TO_BOTTOM in keys(ev)


def test_elder_thing_without_two_other_minions_goes_to_the_bottom() -> None:
    """[decision] The destroy option needs two of your other minions to destroy."""
    t = Table(ELDER, bases=QUIET, madness=True)
    elder = t.hand(1, "elder-thing")
    migo = t.minion(1, "mi-go", base=0)
    s, _ = play(t.state, 1, elder, base=t.base(0))
    assert not s.prompts and s.decks[1][0] == elder and where(s, migo) == f"base:{t.base(0)}"


def test_elder_thing_is_not_affected_by_opponents_cards() -> None:
    t = Table(
        {1: ["elder-things", "kitty-cats"], 2: ["kitty-cats", "minions-of-cthulhu"]},
        bases=QUIET,
        madness=True,
        current=2,
    )
    elder = t.minion(1, "elder-thing", base=0)
    migo = t.minion(1, "mi-go", base=0)
    muffin = t.minion(2, "muffin", base=1)
    t.on_base(2, "hissy-fit", base=0)  # -1 to other players' minions here
    grump, paw, corruption = t.hand(2, "grumpiness", "cats-paw", "corruption")
    s = t.state
    assert power(s, elder) == 10 and power(s, migo) == 2  # no power change
    assert targets(s, 2, grump) == {migo, muffin}  # no action played on it
    s, _ = play(s, 2, paw)  # control: the Mi-go is the only one, taken at once
    assert controller(s, migo) == 2 and controller(s, elder) == 1
    G(s, []).credit(2, "test", action=True)
    s, _ = play(s, 2, corruption)
    assert set(prompt(s, 2).options) == {migo, muffin}  # no destruction


def test_elder_thing_is_affected_by_its_own_players_cards() -> None:
    t = Table(ELDER, bases=QUIET, madness=True)
    elder = t.minion(1, "elder-thing", base=0)
    dunwich = t.hand(1, "dunwich-horror")
    s, _ = play(t.state, 1, dunwich, minion=elder)
    assert power(s, elder) == 15


def test_shoggoth_is_played_only_where_you_already_have_6_power() -> None:
    t = Table(ELDER, bases=QUIET, madness=True)
    shoggoth = t.hand(1, "shoggoth")
    t.minion(1, "mi-go", base=0)
    t.minion(1, "mi-go", base=0)  # 6
    t.minion(1, "mi-go", base=1)
    t.minion(1, "byakhee", base=1)  # 5
    t.minion(2, "queen-fluffy", base=2)
    t.minion(2, "whiskers", base=2)  # another player's 9
    assert targets(t.state, 1, shoggoth) == {t.base(0)}
    with pytest.raises(RuleError):
        play(t.state, 1, shoggoth, base=t.base(1))


def test_shoggoth_each_other_player_draws_madness_or_loses_a_minion_here() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    shoggoth = t.hand(1, "shoggoth")
    t.minion(1, "mi-go", base=0)
    t.minion(1, "mi-go", base=0)
    muffin = t.minion(2, "muffin", base=0)
    pinkie = t.minion(3, "pinkie", base=0)
    snow = t.minion(3, "snow-white", base=0)
    far = t.minion(3, "seastar", base=1)
    s, _ = play(t.state, 1, shoggoth, base=t.base(0))
    p = prompt(s, 2)
    assert p.options == ["draw-madness", "lose-minion"] and p.args["base"] == "cat-fanciers-alley"
    assert not has_prompt(s, 1)
    s, ev = answer(s, 2, "draw-madness")
    assert find(ev, Ev.MADNESS_DRAWN).args == {"player": 2, "count": 1}
    s, _ = answer(s, 3, "lose-minion")
    p = prompt(s, 1)  # the Shoggoth's player picks which of player 3's minions here
    assert set(p.options) == {pinkie, snow} and p.args["target"] == 3
    s, _ = answer(s, 1, snow)
    assert where(s, snow) == "discard:3" and where(s, pinkie) == f"base:{t.base(0)}"
    assert where(s, muffin) == f"base:{t.base(0)}" and where(s, far) == f"base:{t.base(1)}"


def test_shoggoth_with_the_madness_deck_empty_destroys_without_asking() -> None:
    """[decision] Nobody can choose to draw from an empty Madness deck."""
    t = Table(ELDER, bases=QUIET, madness=True)
    shoggoth = t.hand(1, "shoggoth")
    t.minion(1, "mi-go", base=0)
    t.minion(1, "mi-go", base=0)
    muffin = t.minion(2, "muffin", base=0)
    t.state.madness = []
    s, _ = play(t.state, 1, shoggoth, base=t.base(0))
    assert not has_prompt(s, 2) and where(s, muffin) == "discard:2"


def test_mi_go_each_other_player_may_draw_madness_and_you_may_draw_for_each_who_does_not() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    migo = t.hand(1, "mi-go")
    s, _ = play(t.state, 1, migo, base=t.base(0))
    p = prompt(s, 2)
    assert p.options == ["draw-madness"] and p.min == 0
    s, _ = answer(s, 2)  # declines
    s, _ = answer(s, 3, "draw-madness")
    assert G(s, []).madness_count(3) == 1 and G(s, []).madness_count(2) == 0
    p = prompt(s, 1)  # one refusal: one card you may draw
    assert p.options == ["draw1"] and p.min == 0
    s, _ = answer(s, 1, "draw1")
    assert len(s.hands[1]) == 1 and not s.prompts


def test_mi_go_asks_once_per_refusal() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    migo = t.hand(1, "mi-go")
    s, _ = play(t.state, 1, migo, base=t.base(0))
    s, _ = answer(s, 2)
    s, _ = answer(s, 3)
    s, _ = answer(s, 1, "draw1")
    s, _ = answer(s, 1, "draw1")
    assert len(s.hands[1]) == 2 and not s.prompts


def test_byakhee_gives_a_madness_card_to_each_other_player_with_a_minion_here() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    byakhee = t.hand(1, "byakhee")
    t.minion(2, "muffin", base=0)
    t.minion(3, "pinkie", base=1)
    s, _ = play(t.state, 1, byakhee, base=t.base(0))
    g = G(s, [])
    assert (g.madness_count(1), g.madness_count(2), g.madness_count(3)) == (0, 1, 0)


# --- actions -------------------------------------------------------------------------


def test_begin_the_summoning_puts_a_minion_from_your_discard_on_top_and_gives_an_extra_action() -> None:
    t = Table(ELDER, bases=QUIET, madness=True)
    summon = t.hand(1, "begin-the-summoning")
    migo, shoggoth = t.discard(1, "mi-go", "shoggoth")
    t.discard(1, "insanity")
    s, ev = play(t.state, 1, summon)
    assert find(ev, Ev.EXTRA_PLAY).args["kind"] == "action"
    assert set(prompt(s, 1).options) == {migo, shoggoth}
    s, ev = answer(s, 1, shoggoth)
    assert s.decks[1][-1] == shoggoth and sum(c.action for c in s.credits) == 1
    assert find(ev, "smashup-ev-to-top").args == {"owner": 1, "card": "shoggoth"}


def test_dunwich_horror_gives_plus_5_then_destroys_its_minion_at_the_end_of_the_turn() -> None:
    t = Table(ELDER, bases=QUIET, madness=True)
    dunwich = t.hand(1, "dunwich-horror")
    muffin = t.minion(2, "muffin", base=0)
    s, _ = play(t.state, 1, dunwich, minion=muffin)
    assert power(s, muffin) == 8 and where(s, dunwich) == f"base:{t.base(0)}"
    s, ev = end(s, 1)
    assert where(s, muffin) == "discard:2" and where(s, dunwich) == "discard:1"
    assert find(ev, Ev.DESTROYED).args["card"] == "muffin"


def test_insanity_gives_every_other_player_two_madness_cards() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    insanity = t.hand(1, "insanity")
    s, _ = play(t.state, 1, insanity)
    g = G(s, [])
    assert (g.madness_count(1), g.madness_count(2), g.madness_count(3)) == (0, 2, 2)
    assert len(s.madness) == 26


def test_power_of_madness_reveals_hands_discards_their_madness_and_shuffles_discards_in() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    pom = t.hand(1, "power-of-madness")
    m1, m2, muffin = t.hand(2, "madness", "madness", "muffin")
    old = t.discard(2, "cat-fight")
    s, ev = play(t.state, 1, pom)
    shown = [e for e in ev if e.key == Ev.REVEALED]
    assert [(e.to, e.args["player"]) for e in shown] == [(None, 2)]  # public; player 3 shows nothing
    assert sorted(shown[0].args["cards"]) == ["madness", "madness", "muffin"]
    assert find(ev, "smashup-ev-empty-hand").args == {"player": 3}
    assert s.hands[2] == [muffin] and s.discards[2] == []
    assert where(s, m1) == where(s, m2) == where(s, old) == "deck:2"
    assert find(ev, "smashup-ev-discard-shuffled").args == {"player": 2, "count": 3}
    assert G(s, []).madness_count(2) == 2  # §4.5: still counted, now in the deck
    check_cards(s)


def test_spreading_horror_discards_random_cards_until_one_is_not_madness() -> None:
    for seed in range(8):
        t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True, seed=seed)
        horror = t.hand(1, "spreading-horror")
        t.hand(2, "madness", "madness", "muffin", "madness", "cat-fight")
        t.hand(3, "madness", "madness")
        s, ev = play(t.state, 1, horror)
        gone2 = [c for e in ev if e.key == Ev.DISCARDED and e.args["player"] == 2 for c in e.args["cards"]]
        assert gone2 and all(c == "madness" for c in gone2[:-1]) and gone2[-1] != "madness"
        assert len(s.hands[2]) == 5 - len(gone2)
        assert s.hands[3] == [] and G(s, []).madness_count(3) == 2  # all Madness: the hand empties
        assert all(s.owners[c] == 2 for c in s.discards[2])  # a discarded Madness is its holder's


def test_the_price_of_power_reveals_hands_there_for_plus_2_per_madness_to_one_of_your_minions() -> None:
    t = Table(ELDER3, bases=[*SCORING, "pony-paradise"], madness=True)
    price = t.hand(1, "the-price-of-power")
    migo = t.minion(1, "mi-go", base=0)
    byakhee = t.minion(1, "byakhee", base=0)  # 5
    t.minion(2, "queen-fluffy", base=0)
    t.minion(2, "whiskers", base=0)  # 9: total 14 ...
    t.minion(3, "pinkie", base=0)  # ... 16 with player 3's Pinkie
    t.hand(2, "madness", "madness", "muffin")
    t.hand(3, "madness")
    t.minion(2, "tinx", base=1)
    s, ev = end(t.state, 1)
    assert prompt(s, 1).options == [price]
    s, ev = answer(s, 1, price)
    revealed = [e.args["player"] for e in ev if e.key == Ev.REVEALED]
    assert revealed == [2, 3]
    p = prompt(s, 1)
    assert set(p.options) == {migo, byakhee} and p.args["amount"] == 6
    s, ev = answer(s, 1, byakhee)
    places = {e.args["player"]: (e.args["place"], e.args["power"]) for e in ev if e.key == Ev.PLACE}
    assert places == {1: (1, 11), 2: (2, 9), 3: (3, 2)}


def test_the_price_of_power_needs_one_of_your_minions_on_the_scoring_base() -> None:
    t = Table(ELDER, bases=SCORING, madness=True)
    t.hand(1, "the-price-of-power")
    t.minion(1, "mi-go", base=1)
    for c in ("queen-fluffy", "whiskers", "whiskers", "muffin"):
        t.minion(2, c, base=0)
    s, ev = end(t.state, 1)
    assert not has_prompt(s, 1) and Ev.PLACE in keys(ev)


def test_touch_of_madness_gives_others_madness_and_you_a_card_and_an_extra_action() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    touch = t.hand(1, "touch-of-madness")
    s, _ = play(t.state, 1, touch)
    g = G(s, [])
    assert (g.madness_count(1), g.madness_count(2), g.madness_count(3)) == (0, 1, 1)
    assert len(s.hands[1]) == 1 and sum(c.action for c in s.credits) == 1


def test_unfathomable_goals_makes_each_player_revealing_madness_destroy_one_of_their_minions() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    goals = t.hand(1, "unfathomable-goals")
    t.hand(2, "madness", "muffin")
    t.hand(3, "snow-white")
    muffin = t.minion(2, "muffin", base=0)
    tinx = t.minion(2, "tinx", base=1)
    pinkie = t.minion(3, "pinkie", base=0)
    s, ev = play(t.state, 1, goals)
    assert [e.args["player"] for e in ev if e.key == Ev.REVEALED] == [2, 3]
    p = prompt(s, 2)  # the player who showed Madness picks one of their own
    assert set(p.options) == {muffin, tinx} and not has_prompt(s, 3)
    s, _ = answer(s, 2, tinx)
    assert where(s, tinx) == "discard:2" and where(s, muffin) == f"base:{t.base(0)}"
    assert where(s, pinkie) == f"base:{t.base(0)}"


# --- §4 interactions -------------------------------------------------------------------


def test_unfathomable_goals_cannot_touch_an_opponents_elder_thing() -> None:
    t = Table({1: ["elder-things", "kitty-cats"], 2: ["elder-things", "fairies"]}, bases=QUIET, madness=True)
    goals = t.hand(1, "unfathomable-goals")
    t.hand(2, "madness")
    elder = t.minion(2, "elder-thing", base=0)
    s, _ = play(t.state, 1, goals)
    assert not s.prompts and where(s, elder) == f"base:{t.base(0)}"


def test_madness_handed_out_by_insanity_decides_the_game_at_the_end() -> None:
    """§4.5: 16 VP with two Madness is 15, against 15 with none: fewer Madness wins the tie."""
    t = Table(ELDER, bases=QUIET, madness=True, vp={1: 15, 2: 16})
    insanity = t.hand(1, "insanity")
    s, _ = play(t.state, 1, insanity)
    s, ev = end(s, 1)
    assert s.phase == "over" and s.winners == [1]
    assert find(ev, Ev.MADNESS_PENALTY).args == {"player": 2, "madness": 2, "points": 1}


def test_a_player_who_left_is_not_asked_by_the_mi_go() -> None:
    t = Table(ELDER3, bases=[*QUIET, "pony-paradise"], madness=True)
    migo = t.hand(1, "mi-go")
    s, _ = GAME.apply(t.state, GAME.parse_action({"type": "leave", "player": 3}), 0)
    s, _ = play(s, 1, migo, base=t.base(0))
    s, _ = answer(s, 2, "draw-madness")
    assert not s.prompts and G(s, []).madness_count(3) == 0
    check_cards(s)


# --- whole games -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_both_cthulhu_factions_finish(seed: int) -> None:
    """Every player holds Minions of Cthulhu or Elder Things: Madness everywhere,
    cards conserved, hands private, a single winner, an identical replay."""
    rnd = random.Random(seed)
    n = 2 + seed % 3
    pool = ["minions-of-cthulhu", "elder-things", "kitty-cats"]  # two of three: one Cthulhu faction at least
    opts = GAME.options({"factions": pool, "draft": "random", "goal": 12})
    s, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=opts, now_ms=0)
    assert s.madness_on and all(
        {"minions-of-cthulhu", "elder-things"} & set(fs) for fs in s.factions.values()
    )
    log: list[tuple[Any, int]] = []
    now = 0
    for _ in range(3000):
        if s.phase == "over":
            break
        now += rnd.choice((200, 1000, 4000))
        acts = [a for p in s.seats for a in GAME.legal(s, p) if not isinstance(a, Leave)]
        plays = [a for a in acts if not isinstance(a, EndPlays)]
        action: Any = rnd.choice(plays if plays and rnd.random() < 0.85 else acts) if acts else Tick()
        s, _ = GAME.apply(s, action, now)
        log.append((action, now))
        if len(log) % 3 == 0:
            conserved(s)
            private(s)
    assert s.phase == "over" and len(s.winners) == 1
    again, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=opts, now_ms=0)
    for action, t in log:
        again, _ = GAME.apply(again, action, t)
    assert GAME.dump(again) == GAME.dump(s)
