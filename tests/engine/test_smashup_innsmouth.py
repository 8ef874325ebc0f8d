"""Innsmouth («Инсмут»): every card at its timing (docs/rules/smashup.md §2.3), and the §4
interactions it takes part in."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Leave, RuleError, Tick
from engine.smashup import GAME
from engine.smashup.cards import FACTIONS
from engine.smashup.effects import G
from engine.smashup.keys import Err, Ev, Pr
from engine.smashup.models import EndPlays, PlayCard, SmashUpState, UseTalent
from tests.engine.smashup_helpers import (
    Table,
    answer,
    check_cards,
    controller,
    end,
    end_raw,
    find,
    has_prompt,
    keys,
    pass_empty_windows,
    play,
    power,
    prompt,
    talent,
    where,
)
from tests.engine.test_smashup_properties import conserved, private

INN = {1: ["innsmouth", "kitty-cats"], 2: ["fairies", "princesses"]}
BASES = ["cat-fanciers-alley", "beautiful-castle", "pony-paradise"]
SCORING = ["ice-castle", "beautiful-castle", "pony-paradise"]  # the first scores at 15


def _plays(s: SmashUpState, p: int, card: int) -> set[tuple[int | None, int | None]]:
    return {(a.base, a.minion) for a in GAME.legal(s, p) if isinstance(a, PlayCard) and a.card == card}


def test_innsmouth_is_ten_locals_and_ten_actions() -> None:
    f = FACTIONS["innsmouth"]
    cards = {c.id: c for c in f.cards}
    assert f.box == "cthulhu" and f.size == 20
    assert (cards["the-locals"].copies, cards["the-locals"].power) == (10, 2)
    assert sum(c.copies for c in f.cards if not c.minion) == 10
    assert cards["return-to-the-sea"].special
    assert {c.id for c in f.cards if c.copies == 2} == {"spreading-the-word", "the-deep-ones"}


# --- The Locals ------------------------------------------------------------------------------


def test_the_locals_reveal_the_top_3_cards_take_the_locals_and_put_the_rest_on_the_bottom() -> None:
    t = Table(INN, bases=BASES, madness=True)
    locals_ = t.hand(1, "the-locals")
    recruit, other, deep = t.deck_top(1, "recruitment", "the-locals", "the-deep-ones")
    s, ev = play(t.state, 1, locals_, base=t.base(0))
    shown = find(ev, Ev.REVEALED)
    assert shown.to is None and shown.args["cards"] == ["the-deep-ones", "the-locals", "recruitment"]
    assert where(s, other) == "hand:1"
    assert set(s.decks[1][:2]) == {recruit, deep}  # to the bottom
    assert where(s, locals_) == f"base:{t.base(0)}"
    check_cards(s)


def test_the_locals_reveal_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    t = Table(INN, bases=BASES, madness=True)
    locals_ = t.hand(1, "the-locals")
    t.empty_deck(1)
    top = t.deck_top(1, "the-locals")
    s, ev = play(t.state, 1, locals_, base=t.base(0))
    assert Ev.RESHUFFLED in keys(ev)
    shown = find(ev, Ev.REVEALED).args["cards"]
    assert isinstance(shown, list) and len(shown) == 3
    assert where(s, top) == "hand:1"
    check_cards(s)


# --- actions ---------------------------------------------------------------------------------


def test_in_plain_sight_protects_your_minions_of_power_2_or_less_here_from_other_players_cards() -> None:
    t = Table(INN, bases=BASES, madness=True, current=2)
    t.on_base(1, "in-plain-sight", base=0)
    small = t.minion(1, "the-locals", base=0)
    big = t.minion(1, "muffin", base=0)  # power 3: not covered
    away = t.minion(1, "the-locals", base=2)  # another base: not covered
    skillet, daisy, kiss = t.hand(2, "skillet", "daisy-chain", "true-loves-kiss")
    assert (None, small) not in _plays(t.state, 2, daisy)
    assert (None, big) in _plays(t.state, 2, daisy)
    s, _ = play(t.state, 2, skillet)  # the only minion it may destroy: taken at once
    assert where(s, away) == "discard:1" and where(s, small) == f"base:{t.base(0)}"
    s, _ = play(t.state, 2, kiss)
    assert small not in prompt(s, 2).options and big in prompt(s, 2).options


def test_in_plain_sight_does_not_stop_your_own_cards() -> None:
    t = Table(INN, bases=BASES, madness=True)
    t.on_base(1, "in-plain-sight", base=0)
    small = t.minion(1, "the-locals", base=0)
    fight = t.hand(1, "cat-fight")
    s, _ = play(t.state, 1, fight)  # its only minion: chosen at once
    assert where(s, small) == "discard:1"


def test_in_plain_sight_blocks_other_players_power_changes_and_control() -> None:
    t = Table({1: ["innsmouth", "fairies"], 2: ["kitty-cats", "princesses"]}, bases=BASES, current=2)
    t.on_base(1, "in-plain-sight", base=0)
    small = t.minion(1, "the-locals", base=0)
    tinx = t.minion(1, "tinx", base=1)
    grumpers, paw = t.hand(2, "mr-grumpers", "cats-paw")
    s, _ = play(t.state, 2, grumpers, base=t.base(1))
    assert small not in prompt(s, 2).options and tinx in prompt(s, 2).options
    s, _ = answer(s, 2, tinx)
    s, _ = play(s, 2, paw)  # Tinx is the only one it may take
    assert controller(s, small) == 1 and controller(s, tinx) == 2


def test_mysteries_of_the_deep_draws_3_then_may_draw_2_more_and_2_madness_cards() -> None:
    t = Table(INN, bases=BASES, madness=True)
    for _ in range(3):
        t.minion(1, "the-locals", base=1)
    mysteries = t.hand(1, "mysteries-of-the-deep")
    s, ev = play(t.state, 1, mysteries)
    assert find(ev, Ev.DREW).args["count"] == 3
    p = prompt(s, 1)
    assert p.key == "smashup-prompt-innsmouth-more" and p.options == ["yes"] and p.min == 0
    s, ev = answer(s, 1, "yes")
    assert len(s.hands[1]) == 3 + 2 + 2
    assert find(ev, Ev.MADNESS_DRAWN).args["count"] == 2 and len(s.madness) == 28


def test_mysteries_of_the_deep_may_stop_after_3_cards() -> None:
    t = Table(INN, bases=BASES, madness=True)
    for _ in range(3):
        t.minion(1, "the-locals", base=1)
    mysteries = t.hand(1, "mysteries-of-the-deep")
    s, _ = play(t.state, 1, mysteries)
    s, _ = answer(s, 1)
    assert len(s.hands[1]) == 3 and len(s.madness) == 30


def test_mysteries_of_the_deep_needs_three_minions_of_one_name_on_one_base() -> None:
    t = Table(INN, bases=BASES, madness=True)
    t.minion(1, "the-locals", base=0)
    t.minion(1, "the-locals", base=0)
    t.minion(1, "the-locals", base=1)  # not the same base
    t.minion(1, "muffin", base=0)  # not the same name
    t.minion(2, "tinx", base=0, controller=1)  # a third name
    mysteries = t.hand(1, "mysteries-of-the-deep")
    s, ev = play(t.state, 1, mysteries)
    assert Ev.DREW not in keys(ev) and not s.prompts and s.hands[1] == []


def test_new_acolytes_makes_every_player_shuffle_the_minions_of_their_discard_pile_into_their_deck() -> None:
    t = Table(INN, bases=BASES, madness=True)
    acolytes = t.hand(1, "new-acolytes")
    mine = t.discard(1, "the-locals", "the-locals", "muffin")
    kept = t.discard(1, "the-deep-ones")
    theirs = t.discard(2, "tinx", "snow-white")
    their_action = t.discard(2, "skillet")
    s, ev = play(t.state, 1, acolytes)
    assert all(where(s, c) == "deck:1" for c in mine)
    assert all(where(s, c) == "deck:2" for c in theirs)
    assert where(s, kept) == "discard:1" and where(s, their_action) == "discard:2"
    assert where(s, acolytes) == "discard:1"
    assert len([e for e in ev if e.key == Ev.TO_DECK]) == 5
    check_cards(s)


def test_recruitment_draws_up_to_3_madness_cards_and_gives_an_extra_minion_for_each() -> None:
    t = Table(INN, bases=BASES, madness=True)
    recruit = t.hand(1, "recruitment")
    s, _ = play(t.state, 1, recruit)
    p = prompt(s, 1)
    assert p.options == ["innsmouth-madness-1", "innsmouth-madness-2", "innsmouth-madness-3"] and p.min == 0
    s, ev = answer(s, 1, "innsmouth-madness-2")
    assert find(ev, Ev.MADNESS_DRAWN).args["count"] == 2
    assert [s.cards[c] for c in s.hands[1]] == ["madness", "madness"]
    assert sum(c.minion for c in s.credits) == 3  # the turn's own and two extras
    assert len([e for e in ev if e.key == Ev.EXTRA_PLAY]) == 2


def test_recruitment_draws_no_more_madness_than_the_madness_deck_holds() -> None:
    t = Table(INN, bases=BASES, madness=True)
    G(t.state, []).draw_madness(2, 29)  # one Madness card left
    recruit = t.hand(1, "recruitment")
    s, _ = play(t.state, 1, recruit)
    assert prompt(s, 1).options == ["innsmouth-madness-1"]
    s, _ = answer(s, 1, "innsmouth-madness-1")
    assert sum(c.minion for c in s.credits) == 2


def test_recruitment_with_an_empty_madness_deck_gives_nothing() -> None:
    """§2.5: an instruction to draw Madness from an empty deck is ignored."""
    t = Table(INN, bases=BASES, madness=True)
    G(t.state, []).draw_madness(2, 30)
    recruit = t.hand(1, "recruitment")
    s, ev = play(t.state, 1, recruit)
    assert not s.prompts and Ev.EXTRA_PLAY not in keys(ev)
    assert sum(c.minion for c in s.credits) == 1


def _sea_position() -> tuple[Table, int, list[int], int]:
    """Ice Castle (15): player 1 has three Locals and Muffin (9), player 2 Titania and Tinx (7)."""
    t = Table(INN, bases=SCORING, madness=True)
    sea = t.hand(1, "return-to-the-sea")
    locals_ = [t.minion(1, "the-locals", base=0) for _ in range(3)]
    muffin = t.minion(1, "muffin", base=0)
    t.minion(2, "titania", base=0)
    t.minion(2, "tinx", base=0)
    return t, sea, locals_, muffin


def test_return_to_the_sea_returns_your_minions_of_one_name_to_hand_after_the_base_scores() -> None:
    t, sea, locals_, muffin = _sea_position()
    s, ev = end(t.state, 1)
    assert Ev.PLACE in keys(ev) and s.vp == {1: 3, 2: 2}  # no before-scoring window: VP first
    p = prompt(s, 1)
    assert p.key == Pr.AFTER_SCORING and p.options == [sea]
    s, ev = answer(s, 1, sea)
    assert find(ev, Ev.PLAYED_SPECIAL).args["card"] == "return-to-the-sea"
    p = prompt(s, 1)
    assert p.key == "smashup-prompt-innsmouth-sea-name" and set(p.options) == {locals_[0], muffin}
    s, _ = answer(s, 1, locals_[0])
    p = prompt(s, 1)
    assert p.key == "smashup-prompt-innsmouth-sea-which" and p.options == locals_ and p.min == 0
    s, ev = answer(s, 1, locals_[0], locals_[2])
    assert where(s, locals_[0]) == where(s, locals_[2]) == "hand:1"
    assert where(s, locals_[1]) == "discard:1" and where(s, muffin) == "discard:1"
    assert where(s, sea) == "discard:1" and Ev.BASE_DONE in keys(ev)
    check_cards(s)


def test_return_to_the_sea_is_not_playable_before_scoring_nor_as_the_turns_action() -> None:
    t, sea, _, _ = _sea_position()
    assert not _plays(t.state, 1, sea)
    with pytest.raises(RuleError) as e:
        play(t.state, 1, sea)
    assert e.value.key == Err.SPECIAL_ONLY
    s, ev = end_raw(t.state, 1)
    # everyone is asked before scoring, and nobody is offered anything: the
    # empty questions passed, the base scores with no Special played
    assert prompt(s, 1).key == Pr.ME_FIRST and prompt(s, 1).options == []
    s, ev = pass_empty_windows(s, ev)
    assert Ev.PLAYED_SPECIAL not in keys(ev)
    assert Ev.PLACE in keys(ev) and prompt(s, 1).key == Pr.AFTER_SCORING


def test_return_to_the_sea_takes_the_minions_actions_to_the_discard_pile() -> None:
    """Return: cards attached to the returned minion are discarded."""
    t, sea, locals_, _ = _sea_position()
    heirloom = t.on_minion(2, "heirloom", locals_[0])
    s, _ = end(t.state, 1)
    s, _ = answer(s, 1, sea)
    s, _ = answer(s, 1, locals_[0])
    s, ev = answer(s, 1, locals_[0])
    assert where(s, locals_[0]) == "hand:1" and where(s, heirloom) == "discard:2"
    assert find(ev, Ev.RETURNED).args == {"owner": 1, "card": "the-locals"}


def test_sacred_circle_talent_plays_an_extra_minion_here_with_the_name_of_a_minion_here() -> None:
    t = Table(INN, bases=BASES, madness=True)
    circle = t.on_base(1, "sacred-circle", base=0)
    t.minion(1, "the-locals", base=0)
    first = t.hand(1, "muffin")
    extra = t.hand(1, "the-locals")
    s, _ = play(t.state, 1, first, base=t.base(1))  # the turn's minion goes elsewhere
    assert not _plays(s, 1, extra)
    s, ev = talent(s, 1, circle)
    assert find(ev, Ev.EXTRA_PLAY).args["kind"] == "minion"
    assert _plays(s, 1, extra) == {(t.base(0), None)}  # here only
    assert UseTalent(player=1, card=circle) not in GAME.legal(s, 1)  # once a turn
    s, _ = play(s, 1, extra, base=t.base(0))
    assert where(s, extra) == f"base:{t.base(0)}"


def test_sacred_circle_names_only_minions_already_on_its_base() -> None:
    t = Table(INN, bases=BASES, madness=True)
    circle = t.on_base(1, "sacred-circle", base=0)
    t.minion(2, "tinx", base=0)  # any player's minion gives its name
    t.minion(1, "the-locals", base=1)  # not here
    muffin, locals_ = t.hand(1, "muffin", "the-locals")
    assert UseTalent(player=1, card=circle) not in GAME.legal(t.state, 1)  # no Tinx in hand
    t.minion(1, "muffin", base=0)
    s, _ = talent(t.state, 1, circle)
    s, _ = play(s, 1, locals_, base=t.base(1))  # the turn's minion
    assert _plays(s, 1, muffin) == {(t.base(0), None)}


def test_sacred_circle_talent_is_used_only_on_its_controllers_turn() -> None:
    t = Table(INN, bases=BASES, madness=True, current=2)
    circle = t.on_base(1, "sacred-circle", base=0)
    t.minion(1, "the-locals", base=0)
    t.hand(1, "the-locals")
    with pytest.raises(RuleError):
        talent(t.state, 1, circle)


def test_spreading_the_word_plays_up_to_two_extra_minions_of_the_chosen_name() -> None:
    t = Table(INN, bases=BASES, madness=True)
    mine = t.minion(1, "the-locals", base=0)
    t.minion(1, "the-locals", base=1)
    titania = t.minion(2, "titania", base=2)
    word = t.hand(1, "spreading-the-word")
    l1, l2, l3 = t.hand(1, "the-locals", "the-locals", "the-locals")
    muffin = t.hand(1, "muffin")
    s, _ = play(t.state, 1, word)
    assert prompt(s, 1).options == [mine, titania]  # one minion a name
    s, ev = answer(s, 1, mine)
    assert len([e for e in ev if e.key == Ev.EXTRA_PLAY]) == 2
    s, _ = play(s, 1, muffin, base=t.base(2))  # the turn's own minion
    s, _ = play(s, 1, l1, base=t.base(2))
    s, _ = play(s, 1, l2, base=t.base(0))
    assert not _plays(s, 1, l3)  # up to two
    assert not s.credits or not any(c.minion for c in s.credits)


def test_spreading_the_word_extras_take_only_the_chosen_name() -> None:
    t = Table(INN, bases=BASES, madness=True)
    titania = t.minion(2, "titania", base=2)
    word = t.hand(1, "spreading-the-word")
    muffin, locals_ = t.hand(1, "muffin", "the-locals")
    s, _ = play(t.state, 1, word)  # Titania is the only minion in play
    s, _ = play(s, 1, muffin, base=t.base(0))
    assert not _plays(s, 1, locals_)
    assert titania


def test_the_deep_ones_give_your_minions_of_power_2_or_less_plus_1_until_the_end_of_the_turn() -> None:
    t = Table(INN, bases=BASES, madness=True)
    small = t.minion(1, "the-locals", base=0)
    grumpers = t.minion(1, "mr-grumpers", base=1)
    muffin = t.minion(1, "muffin", base=0)
    theirs = t.minion(2, "tinx", base=0)
    deep = t.hand(1, "the-deep-ones")
    s, _ = play(t.state, 1, deep)
    assert (power(s, small), power(s, grumpers), power(s, muffin), power(s, theirs)) == (3, 3, 3, 2)
    s, _ = end(s, 1)
    assert (power(s, small), power(s, grumpers)) == (2, 2)


# --- §4 interactions ---------------------------------------------------------------------------


def test_in_plain_sight_reads_current_power_as_the_original_print_says() -> None:
    """Original print: power now (POD: printed power).  Puck at 3 made 2 by a
    Hissy Fit is covered; a Local at 3 after The Deep Ones is not."""
    t = Table({1: ["innsmouth", "fairies"], 2: ["kitty-cats", "princesses"]}, bases=BASES, current=2)
    t.on_base(1, "in-plain-sight", base=0)
    t.on_base(2, "hissy-fit", base=0)
    muffin = t.minion(1, "puck", base=0)  # power 3
    assert power(t.state, muffin) == 2  # the Hissy Fit still applies: at 3 it was not covered
    skillet = t.hand(2, "skillet")
    s, ev = play(t.state, 2, skillet)
    assert where(s, muffin) == f"base:{t.base(0)}" and Ev.DESTROYED not in keys(ev)


def test_in_plain_sight_stops_covering_a_minion_your_own_card_lifts_above_2() -> None:
    t = Table({1: ["innsmouth", "kitty-cats"], 2: ["kitty-cats", "princesses"]}, bases=BASES, madness=True)
    t.on_base(1, "in-plain-sight", base=0)
    small = t.minion(1, "the-locals", base=0)
    deep = t.hand(1, "the-deep-ones")
    assert not G(t.state, []).can_affect(2, small, "destroy")
    s, _ = play(t.state, 1, deep)  # the Local is at 3 until the end of this turn
    assert G(s, []).can_affect(2, small, "destroy")


def test_recruitment_extras_are_capped_by_an_opponents_eliza() -> None:
    """§4.7: Eliza lets each other player make one extra play a turn."""
    t = Table(INN, bases=BASES, madness=True)
    t.minion(2, "eliza", base=2)
    recruit = t.hand(1, "recruitment")
    l1, l2, l3 = t.hand(1, "the-locals", "the-locals", "the-locals")
    s, _ = play(t.state, 1, recruit)
    s, _ = answer(s, 1, "innsmouth-madness-3")
    s, _ = play(s, 1, l1, base=t.base(0))
    s, _ = play(s, 1, l2, base=t.base(0))  # the first extra
    with pytest.raises(RuleError) as e:
        play(s, 1, l3, base=t.base(0))
    assert e.value.key == Err.FORBIDDEN


def test_madness_drawn_by_recruitment_counts_against_its_player_at_the_end() -> None:
    t = Table(INN, bases=SCORING, madness=True, vp={1: 16, 2: 14})
    recruit = t.hand(1, "recruitment")
    s, _ = play(t.state, 1, recruit)
    s, _ = answer(s, 1, "innsmouth-madness-3")
    s, ev = end(s, 1)
    assert find(ev, Ev.MADNESS_PENALTY).args == {"player": 1, "madness": 3, "points": 1}
    assert s.winners == [1]  # 15 against 14


def test_spreading_the_word_extras_are_plays_so_the_locals_reveal_again() -> None:
    """An extra play is a play: the on-play ability fires (moves never do)."""
    t = Table(INN, bases=BASES, madness=True)
    t.minion(1, "the-locals", base=0)
    word = t.hand(1, "spreading-the-word")
    muffin, extra = t.hand(1, "muffin", "the-locals")
    s, _ = play(t.state, 1, word)  # the only minion in play: its name at once
    assert not has_prompt(s, 1)
    s, _ = play(s, 1, muffin, base=t.base(1))  # the turn's own minion
    s, ev = play(s, 1, extra, base=t.base(1))  # an extra one
    assert Ev.PLAYED_MINION in keys(ev) and Ev.REVEALED in keys(ev)


def test_return_to_the_sea_is_offered_round_the_table_after_scoring() -> None:
    """§4.1/§4.2: the after-scoring window goes round from the current player;
    the base's cards are discarded only once it closes."""
    t = Table({1: ["kitty-cats", "fairies"], 2: ["innsmouth", "princesses"]}, bases=SCORING, madness=True)
    sea = t.hand(2, "return-to-the-sea")
    t.minion(1, "queen-fluffy", base=0)
    t.minion(1, "whiskers", base=0)
    locals_ = [t.minion(2, "the-locals", base=0) for _ in range(3)]  # 9 against 6
    s, ev = end(t.state, 1)
    assert s.vp == {1: 3, 2: 2} and Ev.BASE_DONE not in keys(ev)
    assert not has_prompt(s, 1) and prompt(s, 2).options == [sea]
    s, _ = answer(s, 2, sea)  # one name: only "which ones" is asked
    s, ev = answer(s, 2, *locals_)
    assert all(where(s, m) == "hand:2" for m in locals_) and Ev.BASE_DONE in keys(ev)


def test_return_to_the_sea_sends_a_minion_you_control_to_its_owners_hand() -> None:
    """§4.3: "your minions" are the ones you control; a returned card goes to its owner."""
    t = Table({1: ["innsmouth", "kitty-cats"], 2: ["innsmouth", "fairies"]}, bases=SCORING, madness=True)
    sea = t.hand(1, "return-to-the-sea")
    paw = t.hand(1, "cats-paw")
    mine = [t.minion(1, "the-locals", base=0) for _ in range(2)]
    theirs = t.minion(2, "the-locals", base=0)
    t.minion(2, "titania", base=0)
    t.minion(1, "queen-fluffy", base=0)  # 9 against 7
    s, _ = play(t.state, 1, paw)
    s, _ = answer(s, 1, theirs)
    assert controller(s, theirs) == 1
    s, _ = end(s, 1)
    s, _ = answer(s, 1, sea)
    s, _ = answer(s, 1, mine[0])  # the Locals' name (the Queen is another)
    assert set(prompt(s, 1).options) == {*mine, theirs}
    s, _ = answer(s, 1, *mine, theirs)
    assert where(s, theirs) == "hand:2" and all(where(s, m) == "hand:1" for m in mine)
    check_cards(s)


# --- random games ------------------------------------------------------------------------------


def random_games(factions: list[str], seeds: range, check: bool = True) -> set[str]:
    """Seeded random tables drafting from ``factions`` (2 to 4 players): every
    game finishes with one winner, cards are conserved and hands stay private
    (checked every few steps: views are the slow part).
    Returns the ids of the cards played (Specials included) and talents used."""
    played: set[str] = set()
    for seed in seeds:
        n = 2 + seed % 3
        rnd = random.Random(seed)
        s, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=GAME.options({"factions": factions}))
        now = 0
        for step in range(3000):
            if s.phase == "over":
                break
            now += 1000
            acts = [a for p in s.seats for a in GAME.legal(s, p) if not isinstance(a, Leave)]
            plays = [a for a in acts if not isinstance(a, EndPlays)]
            action: Any = rnd.choice(plays if plays and rnd.random() < 0.85 else acts) if acts else Tick()
            if isinstance(action, PlayCard | UseTalent):
                played.add(s.cards[action.card])
            s, ev = GAME.apply(s, action, now)
            played |= {str(e.args["card"]) for e in ev if e.key == Ev.PLAYED_SPECIAL}
            if check and step % 4 == 0:
                conserved(s)
                private(s)
        assert s.phase == "over" and len(s.winners) == 1, (seed, s.vp)
    return played


def test_random_games_with_innsmouth_finish_and_play_every_innsmouth_card() -> None:
    played = random_games(["innsmouth", "miskatonic-university", "kitty-cats"], range(6))
    assert {c.id for c in FACTIONS["innsmouth"].cards} <= played
