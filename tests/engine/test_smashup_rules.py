"""Smash Up core rules (docs/rules/smashup.md §0) and the hard interactions of its §4, in built positions."""

from __future__ import annotations

import pytest

from engine.core import Answer, Leave, RuleError, Tick, hand_zone
from engine.smashup import GAME
from engine.smashup.abilities import REGISTRY, ability
from engine.smashup.cards import BASES, FACTIONS
from engine.smashup.effects import G
from engine.smashup.game import talents
from engine.smashup.keys import Err, Ev, Pr
from engine.smashup.models import EndPlays, PlayCard, SmashUpOptions, Task
from tests.engine.smashup_helpers import (
    Table,
    answer,
    check_cards,
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

P = {1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}
QUIET = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]


def _answer_all(s, pick=lambda p: p.options[: p.min]):  # type: ignore[no-untyped-def]
    """Answer every open prompt with ``pick`` (setup helper)."""
    while s.prompts:
        p = s.prompts[0].prompt
        s, _ = GAME.apply(s, Answer(player=p.player, prompt=p.id, picks=pick(p)), 0)
    return s


# --- setup -------------------------------------------------------------------------------


def test_the_draft_goes_in_snake_order_one_faction_a_pick() -> None:
    s, ev = GAME.start([10, 20, 30], seed=3)
    first = find(ev, Ev.FIRST_PLAYER).args["player"]
    order = s.seats
    assert order[0] == first and sorted(order) == [10, 20, 30]
    pickers = []
    while s.phase == "setup" and s.prompts and s.prompts[0].prompt.key == Pr.DRAFT:
        p = s.prompts[0].prompt
        pickers.append(p.player)
        assert p.kind == "faction" and p.args["round"] == (1 if len(pickers) <= 3 else 2)
        s, _ = GAME.apply(s, Answer(player=p.player, prompt=p.id, picks=[p.options[0]]), 0)
    assert pickers == order + order[::-1]
    assert all(len(set(s.factions[q])) == 2 for q in order)


def test_a_player_never_drafts_the_same_faction_twice() -> None:
    s, _ = GAME.start([1, 2], seed=1)
    p = s.prompts[0].prompt
    s, _ = GAME.apply(s, Answer(player=p.player, prompt=p.id, picks=["kitty-cats"]), 0)
    p2 = s.prompts[0].prompt
    assert "kitty-cats" in p2.options  # another player may take it too
    s, _ = GAME.apply(s, Answer(player=p2.player, prompt=p2.id, picks=["kitty-cats"]), 0)
    p3 = s.prompts[0].prompt
    assert p3.player == p2.player and "kitty-cats" not in p3.options


def test_unique_factions_option_keeps_each_faction_to_one_player() -> None:
    s, _ = GAME.start([1, 2], seed=1, options=GAME.options({"unique_factions": True}))
    p = s.prompts[0].prompt
    s, _ = GAME.apply(s, Answer(player=p.player, prompt=p.id, picks=["fairies"]), 0)
    assert "fairies" not in s.prompts[0].prompt.options
    with pytest.raises(RuleError) as e:
        # the four factions of one box can't give three players two each
        GAME.start(
            [1, 2, 3], seed=1, options=GAME.options({"unique_factions": True, "boxes": ["pretty-pretty"]})
        )
    assert e.value.key == Err.TOO_FEW_FACTIONS


def test_setup_deals_players_plus_one_bases_and_five_cards_each() -> None:
    for n in (2, 3, 4):
        s, _ = GAME.start(list(range(1, n + 1)), seed=n, options=GAME.options({"draft": "random"}))
        assert len(s.bases) == n + 1
        # every box with a faction is in play by default, with all its bases
        in_play = {b.box for b in BASES.values() if any(f.box == b.box for f in FACTIONS.values())}
        assert len(s.base_deck) == sum(1 for b in BASES.values() if b.box in in_play) - (n + 1)
        s = _answer_all(s)
        assert s.phase == "playing"
        for p in s.seats:
            assert len(s.hands[p]) == 5
            assert len(s.hands[p]) + len(s.decks[p]) + len(s.discards[p]) == 40


def test_a_hand_without_minions_may_be_shown_and_redrawn_once() -> None:
    for seed in range(200):
        s, _ = GAME.start([1, 2], seed=seed, options=GAME.options({"draft": "random"}))
        # every player is asked (see test_the_mulligan_asks_every_player_alike): the
        # one without a minion may redraw
        if any(x.prompt.key == Pr.MULLIGAN for x in s.prompts):
            break
    else:  # pragma: no cover
        pytest.fail("no minion-less hand in 200 deals")
    p = next(x.prompt for x in s.prompts if x.prompt.key == Pr.MULLIGAN)
    assert p.key == Pr.MULLIGAN and p.options == ["keep", "redraw"]
    old = list(s.hands[p.player])
    s, ev = GAME.apply(s, Answer(player=p.player, prompt=p.id, picks=["redraw"]), 0)
    shown = find(ev, Ev.MULLIGAN)
    assert shown.to is None and sorted(shown.args["cards"]) == sorted(s.cards[c] for c in old)
    assert sorted(s.discards[p.player]) == sorted(old) and len(s.hands[p.player]) == 5


def test_random_draft_option_skips_the_picks() -> None:
    s, _ = GAME.start([1, 2, 3, 4], seed=9, options=GAME.options({"draft": "random"}))
    assert all(len(s.factions[p]) == 2 and len(set(s.factions[p])) == 2 for p in s.seats)
    assert not any(x.prompt.key == Pr.DRAFT for x in s.prompts)


def test_options_are_validated() -> None:
    for bad in (
        {"goal": 0},
        {"boxes": ["nope"]},
        {"factions": ["nope"]},
        {"extra": 1},
        {"factions": ["fairies"]},
    ):
        with pytest.raises(RuleError):
            GAME.options(bad)
    assert GAME.options({"goal": 12}).goal == 12
    with pytest.raises(RuleError) as e:
        GAME.start([1], seed=1)
    assert e.value.key == Err.PLAYER_COUNT


# --- the turn --------------------------------------------------------------------------------


def test_a_turn_allows_one_minion_and_one_action() -> None:
    t = Table(P, bases=QUIET)
    m1, m2 = t.hand(1, "queen-fluffy", "eliza")
    a1, a2 = t.hand(1, "cats-paw", "true-loves-kiss")
    s, _ = play(t.state, 1, m1, base=t.base(1))
    assert not any(isinstance(a, PlayCard) and a.card == m2 for a in GAME.legal(s, 1))
    with pytest.raises(RuleError) as e:
        play(s, 1, m2, base=t.base(1))
    assert e.value.key == Err.NO_PLAYS
    s, _ = play(s, 1, a1)
    s, _ = (
        GAME.apply(s, Answer(player=1, prompt=s.prompts[0].prompt.id, picks=[]), 0) if s.prompts else (s, [])
    )
    assert not any(isinstance(a, PlayCard) for a in GAME.legal(s, 1))
    assert a2


def test_only_the_current_player_plays_cards() -> None:
    t = Table(P, bases=QUIET)
    tinx = t.hand(2, "tinx")
    with pytest.raises(RuleError) as e:
        play(t.state, 2, tinx, base=t.base(0))
    assert e.value.key == Err.NOT_YOUR_TURN
    assert GAME.legal(t.state, 2) == [Leave(player=2)]


def test_ending_the_turn_draws_2_and_passes_play_on() -> None:
    t = Table(P, bases=QUIET)
    s, ev = end(t.state, 1)
    assert len(s.hands[1]) == 2 and s.current == 2
    assert keys(ev).index(Ev.DREW) < keys(ev).index(Ev.TURN)
    private = [e for e in ev if e.key == Ev.DREW_CARDS]
    assert private and all(e.to == 1 for e in private)


def test_a_hand_over_10_cards_is_discarded_down_to_10_after_drawing() -> None:
    t = Table(P, bases=QUIET)
    t.hand(1, *["muffin"] * 3, *["whiskers"] * 2, *["mr-grumpers"] * 4)  # 9 cards, +2 = 11
    s, _ = end(t.state, 1)
    p = prompt(s, 1)
    assert p.key == Pr.HAND_LIMIT and p.min == p.max == 1 and len(p.options) == 11
    s, ev = answer(s, 1, p.options[0])
    assert len(s.hands[1]) == 10 and s.current == 2 and Ev.DISCARDED in keys(ev)


def test_an_empty_deck_is_refilled_from_the_shuffled_discard_pile() -> None:
    t = Table(P, bases=QUIET)
    t.empty_deck(1)
    s, ev = end(t.state, 1)
    assert Ev.RESHUFFLED in keys(ev) and len(s.hands[1]) == 2 and len(s.decks[1]) == 38


def test_until_end_of_turn_effects_expire_and_control_returns() -> None:
    t = Table(P, bases=QUIET)
    paw = t.hand(1, "cats-paw")
    titania = t.minion(2, "titania", base=0)
    s, _ = play(t.state, 1, paw)
    assert controller(s, titania) == 1
    assert GAME.view(s, None).bases[0].powers == {1: 5}
    s, ev = end(s, 1)
    assert controller(s, titania) == 2 and find(ev, Ev.CONTROL_BACK).args["player"] == 2


def test_talents_are_used_only_in_your_own_turn() -> None:
    t = Table(P, bases=QUIET, current=2)
    queen = t.minion(1, "queen-fluffy", base=0)
    t.minion(2, "tinx", base=0)
    with pytest.raises(RuleError):
        talent(t.state, 1, queen)


def test_a_taken_minions_talent_is_used_by_its_new_controller() -> None:
    t = Table(P, bases=["ice-castle", "enchanted-glade", "fairy-ring"], current=2)
    queen = t.minion(1, "queen-fluffy", base=0)
    t.minion(1, "muffin", base=1)
    g = G(t.state, [])
    g.take_control(queen, 2, "test")
    assert talents(g, 2) == [queen] and talents(g, 1) == []


# --- scoring --------------------------------------------------------------------------------


def test_a_base_at_its_breakpoint_scores_1st_2nd_and_3rd() -> None:
    t = Table(
        {1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"], 3: ["princesses", "fairies"]},
        bases=["ice-castle", *QUIET],
    )
    t.minion(1, "queen-fluffy", base=0)
    t.minion(1, "whiskers", base=0)  # 9
    t.minion(2, "titania", base=0)  # 5
    t.minion(3, "tinx", base=0)  # 2: total 16 >= 15
    s, ev = end(t.state, 1)
    assert [(e.args["player"], e.args["place"], e.args["points"]) for e in ev if e.key == Ev.PLACE] == [
        (1, 1, 3),
        (2, 2, 2),
        (3, 3, 2),
    ]
    assert s.vp == {1: 3, 2: 2, 3: 2}


def test_ties_share_the_higher_place_and_skip_the_next() -> None:
    """10/10/5: both 10s are 1st, the 5 is 3rd, nobody is 2nd."""
    t = Table(
        {1: ["princesses", "kitty-cats"], 2: ["princesses", "fairies"], 3: ["princesses", "mythic-horses"]},
        bases=["fairy-ring", "ice-castle", "enchanted-glade", "cat-fanciers-alley"],
    )
    for p in (1, 2):
        t.minion(p, "apricot", base=0)
        t.minion(p, "eliza", base=0)
    t.minion(3, "snow-white", base=0)
    t.minion(3, "marie-degraw", base=0)  # 10/10/10: total 30 >= 26
    s, ev = end(t.state, 1)
    assert s.vp == {1: 4, 2: 4, 3: 4}
    t = Table(
        {1: ["princesses", "kitty-cats"], 2: ["princesses", "fairies"], 3: ["princesses", "mythic-horses"]},
        bases=["fairy-ring", "ice-castle", "enchanted-glade", "cat-fanciers-alley"],
    )
    for p in (1, 2):
        t.minion(p, "apricot", base=0)
        t.minion(p, "eliza", base=0)
        t.minion(p, "griselda", base=0)
    t.minion(3, "snow-white", base=0)  # 15/15/5
    s, ev = end(t.state, 1)
    places = {e.args["player"]: e.args["place"] for e in ev if e.key == Ev.PLACE}
    assert places == {1: 1, 2: 1, 3: 3}
    assert s.vp == {1: 4, 2: 4, 3: 2}


def test_two_players_tied_for_2nd_leave_3rd_empty() -> None:
    t = Table(
        {
            1: ["princesses", "kitty-cats"],
            2: ["princesses", "fairies"],
            3: ["princesses", "mythic-horses"],
            4: ["fairies", "kitty-cats"],
        },
        bases=["fairy-ring", "ice-castle", "enchanted-glade", "cat-fanciers-alley", "land-of-balance"],
    )
    for c in ("apricot", "eliza", "griselda"):
        t.minion(1, c, base=0)  # 15
    t.minion(2, "snow-white", base=0)
    t.minion(3, "snow-white", base=0)  # 5 and 5
    t.minion(4, "tinx", base=0)  # 2: total 27
    s, ev = end(t.state, 1)
    places = {e.args["player"]: e.args["place"] for e in ev if e.key == Ev.PLACE}
    assert places == {1: 1, 2: 2, 3: 2, 4: 4}
    assert s.vp == {1: 4, 2: 3, 3: 3, 4: 0}


def test_a_player_with_a_zero_power_minion_still_places() -> None:
    t = Table(P, bases=["ice-castle", *QUIET])
    for c in ("queen-fluffy", "whiskers", "whiskers", "muffin"):
        t.minion(1, c, base=0)  # 16
    tinx = t.minion(2, "tinx", base=0)
    t.on_minion(1, "grumpiness", tinx)  # 0 power
    _s, ev = end(t.state, 1)
    assert {e.args["player"]: e.args["points"] for e in ev if e.key == Ev.PLACE} == {1: 3, 2: 2}


def test_the_current_player_orders_several_scoring_bases() -> None:
    t = Table(P, bases=["ice-castle", "pony-paradise", "fairy-ring"])
    for c in ("queen-fluffy", "whiskers", "whiskers", "muffin"):
        t.minion(1, c, base=0)  # 16 >= 15
    for c in ("apricot", "eliza", "griselda", "muffin"):
        t.minion(1, c, base=1)  # 18 >= 18
    s, _ = end(t.state, 1)
    p = prompt(s, 1)
    assert p.key == Pr.SCORE_ORDER and set(p.options) == {t.base(0), t.base(1)}
    s, ev = answer(s, 1, t.base(1))
    scored = [e.args["base"] for e in ev if e.key == Ev.SCORING]
    assert scored == ["pony-paradise", "ice-castle"]
    assert s.vp[1] == 3 + 3


def test_after_scoring_cards_go_to_their_owners_discard_piles_and_the_base_is_replaced() -> None:
    t = Table(P, bases=["ice-castle", *QUIET])
    paw = t.hand(1, "cats-paw")
    titania = t.minion(2, "titania", base=0)
    t.minion(1, "queen-fluffy", base=0)
    t.minion(1, "apricot", base=0)
    t.minion(1, "whiskers", base=0)
    grump = t.on_minion(1, "grumpiness", titania)
    s, _ = play(t.state, 1, paw)  # Titania is taken: 14 + 3 for player 1
    s, ev = end(s, 1)
    assert where(s, titania) == "discard:2" and where(s, grump) == "discard:1"
    assert Ev.DESTROYED not in keys(ev)  # leaving play, not destruction
    done = find(ev, Ev.BASE_DONE)
    assert done.args["base"] == "ice-castle" and len(s.bases) == 4
    assert s.cards[s.bases[0].uid] == done.args["new_base"]
    check_cards(s)


def test_sleeping_beauty_is_shuffled_into_the_deck_after_scoring() -> None:
    """§4.2 step 7: a discard replacement applies when a base's cards leave play."""
    t = Table(P, bases=["ice-castle", *QUIET])
    beauty = t.minion(1, "sleeping-beauty", base=0)
    t.minion(1, "apricot", base=0)
    t.minion(1, "eliza", base=0)
    s, ev = end(t.state, 1)
    assert where(s, beauty) in ("deck:1", "hand:1")  # maybe drawn right back
    assert find(ev, Ev.TO_DECK).args["card"] == "sleeping-beauty"


def test_a_base_scores_even_after_its_minions_drop_below_the_breakpoint() -> None:
    t = Table(P, bases=["ice-castle", *QUIET])
    prince = t.hand(1, "some-day-my-prince")
    queen = t.minion(1, "queen-fluffy", base=0)
    t.minion(1, "whiskers", base=0)
    t.minion(2, "titania", base=0)
    t.minion(2, "glymmer", base=0)  # 9 against 9: 18 >= 15
    s, _ = end(t.state, 1)
    s, _ = answer(s, 1, prince)
    s, _ = answer(s, 1, t.state.bases[0].minions[2].uid)  # Titania leaves: 9 against 4
    s, ev = answer(s, 1, t.base(1))
    assert Ev.PLACE in keys(ev) and s.vp == {1: 3, 2: 2}
    assert queen


def test_me_first_passing_does_not_lock_a_player_out() -> None:
    """§4.1: the window goes round from the current player until all pass in a row."""
    t = Table({1: ["princesses", "kitty-cats"], 2: ["kitty-cats", "fairies"]}, bases=["ice-castle", *QUIET])
    prince = t.hand(1, "some-day-my-prince")
    burger = t.hand(2, "can-has-cheeseburger")
    t.minion(1, "apricot", base=0)
    t.minion(1, "eliza", base=0)
    grumpers = t.minion(1, "mr-grumpers", base=0)
    t.minion(2, "puck", base=0)
    t.minion(2, "muffin", base=0)  # 12 against 6
    s, _ = end(t.state, 1)
    assert prompt(s, 1).options == [prince]
    s, ev = answer(s, 1)  # player 1 passes
    assert find(ev, Ev.PASSED).args["player"] == 1
    assert prompt(s, 2).options == [burger]
    assert GAME.view(s, None).window is not None
    s, _ = answer(s, 2, burger)  # Grumpers is the only target
    assert controller(s, grumpers) == 2
    assert prompt(s, 1).options == [prince]  # asked again after a play
    s, ev = answer(s, 1)
    assert Ev.PLACE in keys(ev)  # player 2 has nothing left: the window closes


def test_a_special_is_offered_only_when_it_can_do_something() -> None:
    t = Table(P, bases=["ice-castle", *QUIET])
    t.hand(1, "can-has-cheeseburger")
    for c in ("queen-fluffy", "whiskers", "whiskers", "muffin"):
        t.minion(1, c, base=0)  # no other player's minion there
    s, ev = end(t.state, 1)
    assert not s.prompts and Ev.PLACE in keys(ev)


# --- §4 interactions ----------------------------------------------------------------------


def test_heirloom_n_squared_with_three_heirlooms() -> None:
    t = Table(P, bases=QUIET)
    tinx = t.minion(2, "tinx", base=0)
    for _ in range(3):
        t.on_minion(1, "heirloom", tinx)
    assert t.power(tinx) == 2 + 9


def test_daisy_chain_follows_control_of_its_minion() -> None:
    t = Table({1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}, bases=QUIET)
    tinx = t.minion(2, "tinx", base=0)
    t.on_minion(2, "daisy-chain", tinx)
    paw = t.hand(1, "cats-paw")
    assert t.power(tinx) == 4
    s, _ = play(t.state, 1, paw)
    assert controller(s, tinx) == 1 and power(s, tinx) == 0  # 2 - 2
    s, _ = end(s, 1)
    assert power(s, tinx) == 4


def test_several_destruction_replacements_let_the_minions_controller_pick_one() -> None:
    t = Table(P, bases=["house-of-nine-lives", "enchanted-glade", "fairy-ring"])
    grumpers = t.minion(1, "mr-grumpers", base=1)
    hang = t.on_minion(1, "hang-in-there", grumpers)
    skillet = t.hand(1, "skillet")
    t.minion(2, "tinx", base=2)
    s, _ = play(t.state, 1, skillet)
    s, _ = answer(s, 1, grumpers)
    p = prompt(s, 1)
    assert p.key == Pr.REPLACE and set(p.options) == {hang, t.base(0)} and p.min == 1
    s, _ = answer(s, 1, t.base(0))  # the House: the Hang in There stays on it
    assert where(s, grumpers) == f"base:{t.base(0)}" and where(s, hang) == f"base:{t.base(0)}"


def test_simultaneous_triggers_are_ordered_by_the_current_player() -> None:
    """Two different cards reacting to one play: the current player orders them."""
    calls: list[str] = []
    ice, glade = ability("ice-castle"), ability("enchanted-glade")
    saved = (dict(ice.triggers), dict(ice.steps), dict(glade.triggers), dict(glade.steps))
    try:
        for a in (ice, glade):
            a.triggers["end_turn"] = lambda g, src, d: True
            a.steps["on:end_turn"] = lambda g, t, name=a.id: calls.append(name)  # type: ignore[misc]
        t = Table(P, bases=["ice-castle", "enchanted-glade", "fairy-ring"])
        s, _ = end(t.state, 1)
        p = prompt(s, 1)
        assert p.key == Pr.ORDER and p.ordered and set(p.options) == {t.base(0), t.base(1)}
        s, _ = answer(s, 1, t.base(1), t.base(0))
        assert calls == ["enchanted-glade", "ice-castle"] and s.current == 2
    finally:
        ice.triggers, ice.steps, glade.triggers, glade.steps = saved


# --- the end of the game ------------------------------------------------------------------


def test_the_game_ends_at_the_end_of_a_turn_with_someone_at_15() -> None:
    t = Table(P, bases=["ice-castle", *QUIET], vp={1: 13, 2: 10})
    for c in ("queen-fluffy", "whiskers", "whiskers", "muffin"):
        t.minion(1, c, base=0)
    s, ev = end(t.state, 1)
    assert s.phase == "over" and s.winners == [1] and GAME.outcome(s).winners == [1]
    assert find(ev, Ev.WON).args == {"winner": 1, "score": 16}
    assert GAME.legal(s, 1) == [] and GAME.legal(s, 2) == []
    with pytest.raises(RuleError) as e:
        end(s, 1)
    assert e.value.key == Err.GAME_OVER


def test_a_tie_for_the_lead_plays_on() -> None:
    t = Table(P, bases=QUIET, vp={1: 15, 2: 15})
    s, ev = end(t.state, 1)
    assert s.phase == "playing" and Ev.TIE_PLAY_ON in keys(ev) and s.current == 2


def test_the_vp_goal_is_a_table_option() -> None:
    t = Table(P, bases=QUIET, vp={1: 8, 2: 3}, options=SmashUpOptions(goal=8))
    s, _ = end(t.state, 1)
    assert s.phase == "over" and s.winners == [1]


# --- Madness (hooks for the Cthulhu set) -----------------------------------------------------


def test_madness_deck_is_a_zone_and_drawing_madness_moves_it_to_a_hand() -> None:
    t = Table(P, bases=QUIET, madness=True)
    s = t.state
    assert GAME.view(s, None).zone_counts["madness"] == 30
    g = G(s, [])
    got = g.draw_madness(1, 2)
    assert len(got) == 2 and all(s.cards[c] == "madness" and s.owners[c] == 1 for c in got)
    assert g.madness_count(1) == 2 and GAME.view(s, None).madness_deck == 28
    check_cards(s)


def test_drawing_madness_from_an_empty_madness_deck_does_nothing() -> None:
    t = Table(P, bases=QUIET, madness=True)
    g = G(t.state, [])
    g.draw_madness(2, 30)
    assert g.draw_madness(1, 1) == [] and g.madness_count(1) == 0


def test_a_madness_card_draws_2_or_goes_back_to_the_madness_deck() -> None:
    t = Table(P, bases=QUIET, madness=True)
    m1 = t.hand(1, "madness")
    s, _ = play(t.state, 1, m1)
    assert prompt(s, 1).options == ["draw2", "return-madness"]
    s, ev = answer(s, 1, "return-madness")
    assert where(s, m1) == "madness" and s.owners[m1] == -1 and Ev.MADNESS_RETURNED in keys(ev)
    t = Table(P, bases=QUIET, madness=True)
    m2 = t.hand(1, "madness")
    s, _ = play(t.state, 1, m2)
    s, _ = answer(s, 1, "draw2")
    assert where(s, m2) == "discard:1" and len(s.hands[1]) == 2


def test_the_madness_penalty_applies_before_the_winner_is_chosen() -> None:
    """The rulebook's example: 15 VP with 5 Madness is 13; 14 with 3 is 13; 13 with none wins."""
    t = Table(
        {1: P[1], 2: P[2], 3: ["fairies", "kitty-cats"]},
        bases=[*QUIET, "ice-castle"],
        madness=True,
        vp={1: 15, 2: 14, 3: 13},
    )
    t.discard(1, *["madness"] * 5)
    t.discard(2, *["madness"] * 3)
    s, ev = end(t.state, 1)
    assert s.phase == "over" and s.winners == [3]
    assert {e.args["player"]: e.args["points"] for e in ev if e.key == Ev.MADNESS_PENALTY} == {1: 2, 2: 1}


def test_fewer_madness_cards_break_a_tie_for_the_lead() -> None:
    t = Table(P, bases=QUIET, madness=True, vp={1: 16, 2: 15})
    t.hand(1, "madness", "madness")  # 16 - 1 = 15, two Madness
    t.discard(2, "madness")  # 15 - 0 = 15, one Madness
    s, _ = end(t.state, 1)
    assert s.phase == "over" and s.winners == [2]


# --- time, leaving, views ---------------------------------------------------------------------


def test_the_turn_timer_ends_the_play_phase_and_answers_prompts_by_default() -> None:
    t = Table(P, bases=QUIET, options=SmashUpOptions(turn_timer_ms=30_000))
    s = t.state
    s.deadline_ms = 30_000
    assert GAME.next_deadline(s) == 30_000
    same, ev = GAME.apply(s, Tick(), 29_999)
    assert same is s and not ev
    s, ev = GAME.apply(s, Tick(), 30_000)
    assert find(ev, Ev.TIMEOUT).args["player"] == 1 and s.current == 2
    assert GAME.next_deadline(s) == 60_000


def test_a_timed_out_prompt_takes_its_default_and_ends_the_slow_players_turn() -> None:
    t = Table(P, bases=QUIET, options=SmashUpOptions(turn_timer_ms=10_000))
    godmother = t.hand(1, "fairy-godmother")
    s, _ = play(t.state, 1, godmother, now=5_000)
    assert prompt(s, 1).options == ["draw2", "power3"] and GAME.next_deadline(s) == 15_000
    s, ev = GAME.apply(s, Tick(), 15_000)
    assert find(ev, Ev.TIMEOUT).args["player"] == 1
    assert s.current == 2 and len(s.hands[1]) == 2 + 2  # the default (draw 2), then the turn's draw


def test_a_timed_out_reaction_does_not_end_the_current_players_turn() -> None:
    t = Table(
        P,
        bases=["house-of-nine-lives", "enchanted-glade", "fairy-ring"],
        options=SmashUpOptions(turn_timer_ms=10_000, response_timer_ms=10_000),
    )
    skillet = t.hand(1, "skillet")
    tinx = t.minion(2, "tinx", base=1)
    s, _ = play(t.state, 1, skillet)
    assert prompt(s, 2).min == 0
    s, _ = GAME.apply(s, Tick(), 10_000)
    assert where(s, tinx) == "discard:2"  # the "may" declined
    assert s.current == 1 and GAME.waiting(s)[0].players == [1]


def test_timers_of_zero_set_no_deadline() -> None:
    t = Table(P, bases=QUIET, options=SmashUpOptions(turn_timer_ms=0, response_timer_ms=0))
    s, _ = end(t.state, 1)
    assert s.current == 2 and GAME.next_deadline(s) is None


def test_a_player_leaving_a_two_player_game_ends_it() -> None:
    t = Table(P, bases=QUIET)
    s, ev = GAME.apply(t.state, Leave(player=2), 0)
    assert s.phase == "over" and s.winners == [1] and Ev.LEFT in keys(ev)


def test_a_player_leaving_takes_their_cards_out_of_play_and_loses_their_turns() -> None:
    t = Table({1: P[1], 2: P[2], 3: ["fairies", "kitty-cats"]}, bases=[*QUIET, "ice-castle"])
    tinx = t.minion(2, "tinx", base=0)
    paw = t.hand(1, "cats-paw")
    muffin = t.minion(3, "muffin", base=1)
    s, _ = play(t.state, 1, paw)
    s, _ = answer(s, 1, muffin) if s.prompts else (s, [])
    s, _ = GAME.apply(s, Leave(player=2), 0)
    assert where(s, tinx) == "discard:2" and s.phase == "playing"
    s, _ = end(s, 1)
    assert s.current == 3
    assert GAME.legal(s, 2) == []
    with pytest.raises(RuleError) as e:
        GAME.apply(s, EndPlays(player=2), 0)
    assert e.value.key == Err.NOT_A_PLAYER


def test_the_public_view_shows_the_board_and_no_hand() -> None:
    t = Table(P, bases=QUIET)
    tinx = t.minion(2, "tinx", base=0)
    t.on_minion(1, "grumpiness", tinx)
    t.hand(1, "muffin", "skillet")
    v = GAME.view(t.state, None)
    assert v.hand is None and v.prompt is None
    b = v.bases[0]
    assert (b.card, b.breakpoint, b.vp) == ("cat-fanciers-alley", 18, [3, 2, 1])
    m = b.minions[0]
    assert (m.card, m.owner, m.controller, m.power, m.printed) == ("tinx", 2, 2, 0, 2)
    assert m.attached[0].card == "grumpiness" and b.powers == {2: 0}
    assert [pv.hand for pv in v.players] == [2, 0]
    assert v.zone_counts[hand_zone(1)] == 2
    assert sum(v.zone_counts.values()) == 80 + 8
    assert [(c.minion, c.action) for c in v.credits] == [(True, False), (False, True)]


def test_a_players_view_adds_their_hand_and_their_prompt_only() -> None:
    t = Table(P, bases=QUIET)
    muffin = t.hand(1, "muffin")
    t.minion(2, "tinx", base=0)
    t.minion(2, "puck", base=1)
    s, _ = play(t.state, 1, muffin, base=t.base(2))
    mine, theirs = GAME.view(s, 1), GAME.view(s, 2)
    assert mine.prompt is not None and theirs.prompt is None
    assert theirs.hand is not None and all(c.uid not in s.hands[1] for c in theirs.hand)
    assert GAME.waiting(s)[0].players == [1]


def test_a_finished_game_ignores_time() -> None:
    t = Table(P, bases=QUIET)
    s, _ = GAME.apply(t.state, Leave(player=2), 0)
    same, ev = GAME.apply(s, Tick(), 10**9)
    assert same is s and not ev and GAME.next_deadline(s) is None


def test_every_task_step_is_registered() -> None:
    assert "core" in REGISTRY
    assert isinstance(Task(card="core", step="x"), Task)


# --- framework hooks the Cthulhu factions use ------------------------------------------------


def test_an_extra_minion_play_may_be_held_to_card_names_and_a_power_cap() -> None:
    t = Table(P, bases=QUIET)
    muffin, queen, grumpers = t.hand(1, "muffin", "queen-fluffy", "mr-grumpers")
    s = t.state
    s.credits = []
    G(s, []).credit(1, "test", minion=True, names=["muffin", "mr-grumpers"], max_power=2)
    legal = {a.card for a in GAME.legal(s, 1) if isinstance(a, PlayCard)}
    assert legal == {grumpers} and muffin and queen


def test_a_cards_own_play_condition_is_checked_in_hand() -> None:
    a = ability("muffin")
    saved = a.play_ok
    try:
        a.play_ok = lambda g, check: check.base is not None and bool(g.minions(check.base, check.player))
        t = Table(P, bases=QUIET)
        muffin = t.hand(1, "muffin")
        t.minion(1, "queen-fluffy", base=2)
        bases = {x.base for x in GAME.legal(t.state, 1) if isinstance(x, PlayCard) and x.card == muffin}
        assert bases == {t.base(2)}
    finally:
        a.play_ok = saved


def test_plays_record_whether_the_card_came_from_hand() -> None:
    t = Table(P, bases=QUIET)
    muffin = t.hand(1, "muffin")
    s, _ = play(t.state, 1, muffin, base=t.base(0))
    assert [(x.minion, x.from_hand) for x in s.played] == [(muffin, True)]


def test_a_madness_card_given_to_another_player_changes_owner() -> None:
    t = Table(P, bases=QUIET, madness=True)
    m = t.hand(1, "madness")
    g = G(t.state, [])
    g.give_card(m, 2)
    assert where(t.state, m) == "hand:2" and t.state.owners[m] == 2 and g.madness_count(2) == 1
