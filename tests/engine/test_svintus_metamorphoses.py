"""Metamorphoses (docs/rules/svintus.md §7): the flip rules and every animal, both sides."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Answer, Leave, Prompt, PromptKey, RuleError, Tick, clone
from engine.svintus import GAME
from engine.svintus.animals import ANIMALS, Animal
from engine.svintus.cards import CARDS, COLOR, Color, Kind
from engine.svintus.keys import Err, Ev
from engine.svintus.models import (
    Accept,
    Catch,
    Declare,
    Draw,
    NextRound,
    Pass,
    PickAnimal,
    Play,
    React,
    Slap,
    SvintusOptions,
    SvintusState,
    UseAbility,
)
from tests.engine.helpers import Faces, check_cards, find, keys, table

G = GAME
META = SvintusOptions(metamorphoses=True)
A = Animal


def meta(
    hands: dict[int, list[int]],
    top: int,
    animals: dict[int, Animal],
    dark: tuple[int, ...] = (),
    **kw: Any,
) -> SvintusState:
    """A mid-round position with these animals (``dark``: whose show the dark side)."""
    options = kw.pop("options", META)
    return table(hands, top, options=options, animals=dict(animals), dark=list(dark), **kw)


def rejects(s: SvintusState, action: Any, key: str, now: int = 0) -> None:
    before = G.dump(s)
    with pytest.raises(RuleError) as e:
        G.apply(s, action, now)
    assert e.value.key == key, e.value
    assert G.dump(s) == before


def prompt(s: SvintusState, p: int) -> Prompt:
    """The choice ``p``'s view asks them for now."""
    asked = G.view(s, p).prompt
    assert asked is not None, "no prompt for this player"
    return asked


def choose(s: SvintusState, p: int, *picks: Any, now: int = 1) -> tuple[SvintusState, list[Any]]:
    """Answer ``p``'s open prompt with ``picks`` (one action, as a button press would)."""
    return apply(s, Answer(player=p, prompt=prompt(s, p).id, picks=list(picks)), now)


def back_out(s: SvintusState, p: int) -> Answer:
    return Answer(player=p, prompt=prompt(s, p).id, cancel=True)


def play(s: SvintusState, p: int, card: int, now: int = 1) -> tuple[SvintusState, list[Any]]:
    return G.apply(s, Play(player=p, card=card, on=s.pile[-1]), now)


def apply(s: SvintusState, action: Any, now: int = 1) -> tuple[SvintusState, list[Any]]:
    s, ev = G.apply(s, action, now)
    check_cards(s)
    return s, ev


# --- dealing -------------------------------------------------------------------------


def test_metamorphoses_off_by_default_no_animals() -> None:
    s, _ = G.start([1, 2, 3], seed=1)
    assert s.animals == {} and G.view(s, 1).animals == {}
    rejects(s, UseAbility(player=s.current), Err.NO_ANIMAL)


def test_each_player_gets_a_different_animal_light_side_up() -> None:
    for seed in range(30):
        s, _ = G.start(list(range(1, 11)), seed=seed, options=META)
        assert set(s.animals) == set(s.seats) and len(set(s.animals.values())) == 10
        assert s.dark == []


CHOSEN = SvintusOptions(metamorphoses=True, animal_deal="chosen")


def test_chosen_animals_are_picked_in_a_setup_phase_before_the_deal() -> None:
    s, ev = G.start([1, 2, 3], seed=5, options=CHOSEN, now_ms=0)
    assert s.phase == "setup" and s.hands == {1: [], 2: [], 3: []} and Ev.SETUP_STARTED in keys(ev)
    assert G.waiting(s)[0].kind == "setup" and G.waiting(s)[0].players == [1, 2, 3]
    assert G.next_deadline(s) == CHOSEN.setup_timer_ms
    assert PickAnimal(player=1, animal=A.OWL) in G.legal(s, 1)
    rejects(s, Draw(player=1), Err.SETUP_ON)
    s, ev = apply(s, PickAnimal(player=1, animal=A.OWL))
    assert find(ev, Ev.ANIMAL_PICKED).args == {"player": 1, "animal": "owl"}
    rejects(s, PickAnimal(player=2, animal=A.OWL), Err.ANIMAL_TAKEN)  # taken: it names who has it
    assert PickAnimal(player=2, animal=A.OWL) not in G.legal(s, 2)
    s, _ = apply(s, PickAnimal(player=1, animal=A.CAT))  # one's own pick may change
    s, _ = apply(s, PickAnimal(player=2, animal=A.OWL))
    assert s.phase == "setup" and G.view(s, None).animals == {1: A.CAT, 2: A.OWL}
    s, ev = apply(s, PickAnimal(player=3, animal=A.COW), 500)
    assert s.phase == "playing" and Ev.ROUND_STARTED in keys(ev)
    assert s.animals == {1: A.CAT, 2: A.OWL, 3: A.COW} and all(len(h) == 8 for h in s.hands.values())
    rejects(s, PickAnimal(player=1, animal=A.FOX), Err.NOT_SETUP)


def test_chosen_animals_the_rest_are_dealt_at_random_when_the_picks_close() -> None:
    s, _ = G.start([1, 2, 3], seed=5, options=CHOSEN, now_ms=0)
    s, _ = apply(s, PickAnimal(player=1, animal=A.OWL))
    s, ev = apply(s, Tick(), CHOSEN.setup_timer_ms)
    assert s.phase == "playing" and s.animals[1] is A.OWL and len(set(s.animals.values())) == 3
    assert [e.args["player"] for e in ev if e.key == Ev.ANIMAL_DEALT] == [2, 3]


def test_leaving_during_the_picks_starts_the_game_for_the_rest() -> None:
    s, _ = G.start([1, 2, 3], seed=5, options=CHOSEN, now_ms=0)
    s, _ = apply(s, PickAnimal(player=1, animal=A.OWL))
    s, _ = apply(s, PickAnimal(player=2, animal=A.CAT))
    s, _ = apply(s, Leave(player=3))
    assert s.phase == "playing" and s.seats == [1, 2]
    s2, _ = G.start([1, 2], seed=5, options=CHOSEN, now_ms=0)
    s2, ev = apply(s2, Leave(player=2))
    assert s2.phase == "match_over" and find(ev, Ev.WALKOVER).args["player"] == 1


def test_every_round_starts_with_every_animal_light() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("red", 1)], 2: [f.card("red", 2), f.card("red", 3)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.OWL},
        dark=(1, 2),
    )
    s, _ = play(s, 1, s.hands[1][0])
    assert s.phase == "round_over"
    s, _ = apply(s, NextRound(player=1), 2)
    assert s.dark == [] and s.animals == {1: A.CAT, 2: A.OWL}


def test_a_newcomer_between_rounds_gets_a_free_animal() -> None:
    from engine.svintus.models import Join

    f = Faces()
    s = meta({1: [f.card("red", 1)], 2: [f.card("red", 2)]}, f.card("red", 5), {1: A.CAT, 2: A.OWL})
    s, _ = play(s, 1, s.hands[1][0])
    s, _ = apply(s, Join(player=3), 2)
    assert s.animals[3] not in (A.CAT, A.OWL)


# --- the flip rules -------------------------------------------------------------------


def test_an_intercept_turns_a_light_animal_dark() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("red", 5), f.card("green", 2)], 3: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.OWL, 3: A.HARE},
    )
    s, ev = play(s, 2, s.hands[2][0])
    assert s.dark == [2] and find(ev, Ev.FLIPPED_DARK).args == {"player": 2, "animal": "owl"}
    assert s.current == 3


def test_a_transfer_turns_a_light_animal_dark() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("snore", "green"), f.card("green", 2)], 3: [f.card("green", 1)]},
        f.card("snore", "red"),
        {1: A.CAT, 2: A.OWL, 3: A.COW},
        attack=None,
        current=2,
    )
    from engine.svintus.models import Attack

    s.attack = Attack(kind="snore", count=0, target=2)
    s, ev = play(s, 2, s.hands[2][0])
    assert 2 in s.dark and Ev.FLIPPED_DARK in keys(ev) and s.attack is not None and s.attack.target == 3


def test_an_ordinary_play_does_not_flip() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("red", 1), f.card("blue", 2)], 2: [f.card("green", 2)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.OWL},
    )
    s, ev = play(s, 1, s.hands[1][0])
    assert s.dark == [] and Ev.FLIPPED_DARK not in keys(ev)


def test_dark_ability_replaces_the_whole_turn_and_flips_back_to_light() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 2)], 3: [f.card("green", 3)]},
        f.card("red", 5),
        {1: A.HEDGEHOG, 2: A.OWL, 3: A.CAT},
        dark=(1,),
    )
    pile = list(s.pile)
    s, ev = apply(s, UseAbility(player=1))
    assert s.pile == pile and len(s.hands[1]) == 2  # no play, no draw
    assert s.dark == [] and find(ev, Ev.FLIPPED_LIGHT).args == {"player": 1, "animal": "hedgehog"}
    assert s.current == 2


def test_the_dark_ability_only_on_your_own_turn_before_drawing() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 2), f.card("green", 3)]},
        f.card("red", 5),
        {1: A.HEDGEHOG, 2: A.OWL},
        dark=(1, 2),
        deck=[f.card("red", 6)],
    )
    rejects(s, UseAbility(player=2), Err.NOT_YOUR_TURN)
    s2, _ = apply(s, Draw(player=1))
    rejects(s2, UseAbility(player=1), Err.ALREADY_DREW)
    s3 = clone(s)
    s3.dark = [2]
    rejects(s3, UseAbility(player=1), Err.NOT_DARK)


def test_no_dark_ability_on_a_turn_that_must_be_lost() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("grab", "red"), f.card("blue", 1)], 2: [f.card("green", 0), f.card("green", 4)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.HEDGEHOG},
        dark=(2,),
    )
    s, _ = play(s, 1, s.hands[1][0])
    assert s.current == 2 and s.attack is not None
    rejects(s, UseAbility(player=2), Err.MUST_ANSWER_ATTACK)


def test_no_win_until_the_dark_ability_has_fully_resolved() -> None:
    f = Faces()
    mine = [f.card("blue", 1), f.card("blue", 2)]
    s = meta(
        {1: mine[:], 2: [f.card("green", 2)], 3: [f.card("green", 3)]},
        f.card("red", 5),
        {1: A.SQUIRREL, 2: A.OWL, 3: A.CAT},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    s, _ = choose(s, 1, 3)
    assert s.phase == "playing" and s.ability is not None
    s, ev = choose(s, 1, mine[0], mine[1])
    assert s.hands[1] == [] and set(mine) <= set(s.hands[3])
    assert keys(ev).index(Ev.FLIPPED_LIGHT) < keys(ev).index(Ev.ROUND_WON)
    assert s.phase == "round_over" and s.round_winner == 1


def test_svintus_when_an_ability_takes_you_from_two_cards_to_one() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 2), f.card("green", 3)]},
        f.card("red", 5),
        {1: A.MOUSE, 2: A.OWL},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1), 100)
    s, _ = choose(s, 1, s.hands[1][0], now=100)
    assert len(s.hands[1]) == 1 and s.one_card_since == {1: 100}
    assert Declare(player=1) in G.legal(s, 1)
    s, ev = apply(s, Catch(player=2), 3200)
    assert find(ev, Ev.PENALTY_CAUGHT).args["player"] == 1 and len(s.hands[1]) == 3


def test_cancel_before_anything_is_revealed_but_not_after() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 2)], 3: [f.card("red", 3)]},
        f.card("red", 5),
        {1: A.OWL, 2: A.CAT, 3: A.COW},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    rejects(s, Draw(player=1), Err.ABILITY_ON)
    assert prompt(s, 1).cancel
    c, ev = apply(s, back_out(s, 1))
    assert c.ability is None and c.dark == [1] and c.current == 1 and Ev.ABILITY_CANCELLED in keys(ev)
    s, _ = choose(s, 1, 2)
    assert not prompt(s, 1).cancel
    rejects(s, back_out(s, 1), PromptKey.NO_CANCEL)


def test_nobody_plays_across_a_dark_ability_in_use() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("red", 5), f.card("green", 2)]},
        f.card("red", 5),
        {1: A.OWL, 2: A.CAT},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    rejects(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), Err.ABILITY_ON)


def test_timeout_mid_ability_after_a_reveal_finishes_it_at_random() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 2), f.card("green", 3)]},
        f.card("red", 5),
        {1: A.FOX, 2: A.CAT},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1), 10)
    s, _ = choose(s, 1, 2, now=20)
    s, ev = apply(s, Tick(), 30_000)
    assert Ev.TIMEOUT in keys(ev) and find(ev, Ev.SILVER_FOX_GIVES).args["count"] == 2
    assert s.ability is None and s.dark == [] and len(s.hands[1]) == 1 and len(s.hands[2]) == 3
    assert s.current == 2


def test_timeout_before_a_reveal_drops_the_ability_and_draws() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 2)]},
        f.card("red", 5),
        {1: A.OWL, 2: A.CAT},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1), 10)
    s, ev = apply(s, Tick(), 30_000)
    assert Ev.ABILITY_CANCELLED in keys(ev) and Ev.DREW in keys(ev) and s.dark == [1] and len(s.hands[1]) == 3


# --- 1 Hedgehog / Porcupine --------------------------------------------------------


def hedgehog_table() -> SvintusState:
    f = Faces()
    return meta(
        {
            1: [f.card("blue", 1), f.card("blue", 2)],
            2: [f.card("red", 5), f.card("green", 2)],
            3: [f.card("green", 3)],
        },
        f.card("red", 5),
        {1: A.HEDGEHOG, 2: A.CAT, 3: A.COW},
    )


def test_hedgehog_takes_one_when_an_opponent_intercepts() -> None:
    s = hedgehog_table()
    s, ev = G.apply(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), 1000)
    assert find(ev, Ev.HEDGEHOG_DUTY).args == {"player": 1, "until": 4000}
    assert React(player=1) in G.legal(s, 1) and React(player=3) not in G.legal(s, 3)
    s, ev = apply(s, React(player=1), 2000)
    assert len(s.hands[1]) == 3 and find(ev, Ev.HEDGEHOG_TOOK).args["count"] == 1
    assert s.duties == [] and G.next_deadline(s) == 1000 + 30_000
    rejects(s, React(player=1), Err.NO_DUTY, 2100)


def test_hedgehog_missing_its_reaction_takes_two_after_the_window() -> None:
    s = hedgehog_table()
    s, _ = G.apply(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), 1000)
    assert G.next_deadline(s) == 4000
    s, ev = apply(s, Tick(), 4000)
    assert find(ev, Ev.PENALTY_DUTY_MISSED).args == {"player": 1, "count": 2} and len(s.hands[1]) == 4
    assert s.duties == []


def test_hedgehog_own_intercept_owes_nothing() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("red", 5), f.card("blue", 2)], 2: [f.card("green", 2)], 3: [f.card("green", 3)]},
        f.card("red", 5),
        {1: A.HEDGEHOG, 2: A.CAT, 3: A.COW},
        current=2,
    )
    s, ev = play(s, 1, s.hands[1][0])
    assert s.duties == [] and Ev.HEDGEHOG_DUTY not in keys(ev)


def test_porcupine_every_opponent_takes_one() -> None:
    s = hedgehog_table()
    s.dark = [1]
    s, ev = apply(s, UseAbility(player=1))
    assert Ev.PORCUPINE in keys(ev) and len(s.hands[2]) == 3 and len(s.hands[3]) == 2 and len(s.hands[1]) == 2


# --- 2 Leaping Squirrel / Flying Squirrel ----------------------------------------------


def test_leaping_squirrel_takes_from_under_the_top_of_the_pile() -> None:
    f = Faces()
    under, five = f.card("green", 7), f.card("red", 5)
    s = meta(
        {1: [f.card("grab", "red"), f.card("blue", 1)], 2: [f.card("green", 0), f.card("green", 1)]},
        five,
        {1: A.CAT, 2: A.SQUIRREL},
        under=[under],
    )
    deck = len(s.deck)
    s, _ = play(s, 1, s.hands[1][0])
    s, ev = apply(s, Accept(player=2))
    # the two cards under the Grab on top, then the third from the deck
    assert {under, five} <= set(s.hands[2]) and len(s.hands[2]) == 5 and len(s.deck) == deck - 1
    assert len(s.pile) == 1 and CARDS[s.pile[-1]].kind is Kind.GRAB
    assert find(ev, Ev.FROM_PILE).args == {"player": 2, "count": 2}


def test_leaping_squirrel_draws_of_its_own_choice_come_from_the_deck() -> None:
    f = Faces()
    under = [f.card("green", 7)]
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 0)]},
        f.card("red", 5),
        {1: A.SQUIRREL, 2: A.CAT},
        under=under,
        deck=[f.card("blue", 6)],
    )
    s, _ = apply(s, Draw(player=1))
    assert under[0] in s.pile and len(s.hands[1]) == 2


def test_flying_squirrel_gives_two_chosen_cards_to_a_chosen_opponent() -> None:
    f = Faces()
    mine = [f.card("blue", 1), f.card("blue", 2), f.card("polypig")]
    s = meta(
        {1: mine[:], 2: [f.card("green", 2)], 3: [f.card("green", 3)]},
        f.card("red", 5),
        {1: A.SQUIRREL, 2: A.OWL, 3: A.CAT},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    asked = prompt(s, 1)
    assert asked.kind == "player" and asked.options == [2, 3] and (asked.min, asked.max) == (1, 1)
    rejects(s, Answer(player=1, prompt=asked.id, picks=[1]), PromptKey.OPTION)  # not oneself
    rejects(s, Answer(player=2, prompt=asked.id, picks=[3]), PromptKey.NOT_YOURS)
    s, _ = choose(s, 1, 3)
    asked = prompt(s, 1)
    assert asked.kind == "card" and (asked.min, asked.max) == (2, 2) and sorted(asked.options) == sorted(mine)
    rejects(s, Answer(player=1, prompt=asked.id - 1, picks=mine[1:]), PromptKey.STALE)
    rejects(s, Answer(player=1, prompt=asked.id, picks=mine[:1]), PromptKey.COUNT)
    rejects(s, Answer(player=1, prompt=asked.id, picks=[mine[1], mine[1]]), PromptKey.REPEATED)
    s, ev = choose(s, 1, mine[1], mine[2])
    assert s.hands[1] == [mine[0]] and set(mine[1:]) <= set(s.hands[3])
    assert find(ev, Ev.FLYING_SQUIRREL).args == {"player": 1, "target": 3, "count": 2}
    assert s.current == 2 and s.dark == []


# --- 3 Polite Pig / Boor Hog -----------------------------------------------------------


def test_polite_pig_may_not_play_a_higher_number() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("red", 6), f.card("red", 4), f.card("blue", 5)], 2: [f.card("green", 2)]},
        f.card("red", 5),
        {1: A.POLITE_PIG, 2: A.CAT},
    )
    rejects(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), Err.ANIMAL_NUMBER_TOO_HIGH)
    assert {a.card for a in G.legal(s, 1) if isinstance(a, Play)} == set(s.hands[1][1:])
    s, _ = play(s, 1, s.hands[1][1])
    assert s.current == 2


def test_boor_hog_puts_up_to_two_cards_under_the_deck() -> None:
    f = Faces()
    mine = [f.card("blue", 1), f.card("blue", 2), f.card("green", 6)]
    s = meta({1: mine[:], 2: [f.card("green", 2)]}, f.card("red", 5), {1: A.POLITE_PIG, 2: A.CAT}, dark=(1,))
    s, _ = apply(s, UseAbility(player=1))
    assert (prompt(s, 1).min, prompt(s, 1).max) == (0, 2)
    s, ev = choose(s, 1, mine[2])
    assert s.deck[0] == mine[2] and s.hands[1] == mine[:2]
    assert find(ev, Ev.BOOR_HOG).args == {"player": 1, "count": 1} and s.current == 2


# --- 4 Turtle / Ninja Turtle ------------------------------------------------------------


def test_turtle_may_not_intercept() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("red", 5), f.card("green", 2)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.TURTLE},
    )
    rejects(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), Err.ANIMAL_NO_INTERCEPT)


def test_ninja_turtle_plays_numbers_of_one_value_at_once() -> None:
    f = Faces()
    threes = [f.card("red", 3), f.card("blue", 3), f.card("green", 3)]
    seven = f.card("blue", 7)
    s = meta(
        {1: [*threes, seven], 2: [f.card("green", 2)]}, f.card("red", 5), {1: A.TURTLE, 2: A.CAT}, dark=(1,)
    )
    s, _ = apply(s, UseAbility(player=1))
    assert prompt(s, 1).options == [threes[0]]  # the first must fit the red 5 and have a twin
    rejects(s, Answer(player=1, prompt=prompt(s, 1).id, picks=[seven]), PromptKey.OPTION)
    s, _ = choose(s, 1, threes[0])
    asked = prompt(s, 1)  # then one or two more of its value, in order: the last is the new top
    assert sorted(asked.options) == sorted(threes[1:]) and (asked.min, asked.max, asked.ordered) == (
        1,
        2,
        True,
    )
    s, ev = choose(s, 1, threes[2], threes[1])
    assert s.pile[-3:] == [threes[0], threes[2], threes[1]] and s.color is Color.BLUE
    assert find(ev, Ev.NINJA).args["count"] == 3 and s.hands[1] == [seven] and s.top_live


def test_ninja_turtle_needs_a_pair_that_fits() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 3), f.card("green", 4)], 2: [f.card("green", 2)]},
        f.card("red", 5),
        {1: A.TURTLE, 2: A.CAT},
        dark=(1,),
    )
    rejects(s, UseAbility(player=1), Err.ABILITY_CANNOT)


# --- 5 Owl / Eagle-Owl -------------------------------------------------------------------


def test_owl_always_sees_the_top_card_of_the_deck() -> None:
    f = Faces()
    nxt = f.card("green", 6)
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 2)]}, f.card("red", 5), {1: A.CAT, 2: A.OWL}, deck=[nxt]
    )
    assert G.view(s, 2).deck_top is not None and G.view(s, 2).deck_top.id == nxt  # type: ignore[union-attr]
    assert G.view(s, 1).deck_top is None and G.view(s, None).deck_top is None
    s.dark = [2]
    assert G.view(s, 2).deck_top is None  # exactly one side is in force


def test_eagle_owl_looks_at_a_hand_and_swaps_one_card() -> None:
    f = Faces()
    mine, theirs = [f.card("blue", 1), f.card("blue", 2)], [f.card("green", 2), f.card("polypig")]
    s = meta(
        {1: mine[:], 2: theirs[:], 3: [f.card("red", 1)]},
        f.card("red", 5),
        {1: A.OWL, 2: A.CAT, 3: A.COW},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    assert G.view(s, 1).peek is None
    s, ev = choose(s, 1, 2)
    assert find(ev, Ev.EAGLE_OWL_LOOKS).args == {"player": 1, "target": 2}
    assert {c.id for c in G.view(s, 1).peek or []} == set(theirs)
    assert G.view(s, 2).peek is None and G.view(s, 3).peek is None and G.view(s, None).peek is None
    assert sorted(prompt(s, 1).options) == sorted(mine)  # one of one's own first
    s, _ = choose(s, 1, mine[0])
    assert sorted(prompt(s, 1).options) == sorted(theirs) and G.view(s, 1).given is not None
    assert G.view(s, 2).prompt is None and G.view(s, 2).given is None
    s, ev = choose(s, 1, theirs[1])
    assert sorted(s.hands[1]) == sorted([mine[1], theirs[1]]) and sorted(s.hands[2]) == sorted(
        [theirs[0], mine[0]]
    )
    assert Ev.EAGLE_OWL_SWAPS in keys(ev) and "card" not in find(ev, Ev.EAGLE_OWL_SWAPS).args
    assert G.view(s, 1).peek is None and s.current == 2
    told = [e for e in ev if e.key == Ev.SWAPPED_WITH_YOU]
    assert [e.to for e in told] == [2] and told[0].args == {"player": 1, "card": theirs[1], "given": mine[0]}


# --- 6 Cat / Tomcat ------------------------------------------------------------------------


def test_cat_is_never_the_one_who_takes_in_a_slap_race() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("hoofslap", "red"), f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.OWL, 2: A.COW, 3: A.CAT},
    )
    s, _ = play(s, 1, s.hands[1][0], 1000)
    s, _ = apply(s, Slap(player=1), 1100)
    s, ev = apply(s, Slap(player=2), 1200)  # the Cat need not press: the race is over
    assert s.race is None
    assert find(ev, Ev.PENALTY_SLAP_LAST).args["player"] == 2 and len(s.hands[3]) == 1


def test_tomcat_starts_a_slap_race_it_cannot_lose() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.COW, 3: A.OWL},
        dark=(1,),
    )
    s, ev = apply(s, UseAbility(player=1), 1000)
    assert s.race is not None and 1 in s.race.exempt and find(ev, Ev.TOMCAT).args["until"] == 4000
    s, ev = apply(s, Tick(), 4000)  # nobody slapped: all but the Tomcat pay
    assert {e.args["player"] for e in ev if e.key == Ev.PENALTY_SLAP_MISSED} == {2, 3}
    assert len(s.hands[1]) == 2 and s.current == 2 and s.dark == []


# --- 7 Hare / Mad Hare ------------------------------------------------------------------------


def test_hare_may_not_transfer() -> None:
    from engine.svintus.models import Attack

    f = Faces()
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("grab", "green"), f.card("green", 2)]},
        f.card("grab", "red"),
        {1: A.CAT, 2: A.HARE},
        current=2,
    )
    s.attack = Attack(kind="grab", count=3, target=2)
    rejects(s, Play(player=2, card=s.hands[2][0], on=s.pile[-1]), Err.ANIMAL_NO_TRANSFER)
    assert [type(a) for a in G.legal(s, 2)].count(Accept) == 1


def test_mad_hare_reverses_and_the_next_player_loses_a_turn() -> None:
    f = Faces()
    hands = {q: [f.card("blue", q), f.card("green", q)] for q in (1, 2, 3, 4)}
    s = meta(hands, f.card("red", 5), {1: A.HARE, 2: A.CAT, 3: A.COW, 4: A.OWL}, dark=(1,))
    s, ev = apply(s, UseAbility(player=1))
    assert s.direction == -1 and find(ev, Ev.MAD_HARE).args["target"] == 4
    assert find(ev, Ev.TURN_LOST).args == {"player": 4} and s.current == 3


# --- 8 Fox / Silver Fox ----------------------------------------------------------------------


def test_fox_intercepting_makes_the_skipped_turn_owner_take_one() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 1)], 3: [f.card("red", 5), f.card("green", 3)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.COW, 3: A.FOX},
    )
    s, ev = play(s, 3, s.hands[3][0])
    assert find(ev, Ev.FOX_BITE).args == {"player": 3, "target": 1, "count": 1} and len(s.hands[1]) == 2
    assert 3 in s.dark


def test_silver_fox_snatches_at_random_then_gives_two() -> None:
    f = Faces()
    mine, theirs = (
        [f.card("blue", 1), f.card("blue", 2)],
        [f.card("green", 2), f.card("green", 3), f.card("green", 4)],
    )
    s = meta({1: mine[:], 2: theirs[:]}, f.card("red", 5), {1: A.FOX, 2: A.CAT}, dark=(1,))
    s, _ = apply(s, UseAbility(player=1))
    s, ev = choose(s, 1, 2)
    assert "card" not in find(ev, Ev.SILVER_FOX_TAKES).args  # the snatched card stays secret...
    snatched = find(ev, Ev.YOU_TOOK)  # ...but both players are told which it was, privately
    assert snatched.to == 1 and snatched.args["card"] in theirs
    assert (
        find(ev, Ev.TAKEN_FROM_YOU).to == 2
        and find(ev, Ev.TAKEN_FROM_YOU).args["card"] == snatched.args["card"]
    )
    assert len(s.hands[1]) == 3 and len(s.hands[2]) == 2
    s, ev = choose(s, 1, mine[0], mine[1])
    assert len(s.hands[1]) == 1 and set(s.hands[1]) <= set(theirs) and len(s.hands[2]) == 4
    assert find(ev, Ev.SILVER_FOX_GIVES).args["count"] == 2
    assert find(ev, Ev.GIVEN_TO_YOU).to == 2 and sorted(find(ev, Ev.GIVEN_TO_YOU).args["cards"]) == sorted(
        mine
    )


# --- 9 Rooster / Alarm Rooster ----------------------------------------------------------------


def test_rooster_passes_a_snore_on_without_a_flip() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("snore", "red"), f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.ROOSTER, 3: A.COW},
    )
    s, ev = play(s, 1, s.hands[1][0])
    assert find(ev, Ev.ROOSTER_PASSES).args == {"player": 2, "target": 3}
    assert s.attack is not None and s.attack.target == 3 and s.current == 3 and s.dark == []


def test_alarm_rooster_opponents_with_fewer_cards_take_one() -> None:
    f = Faces()
    s = meta(
        {
            1: [f.card("blue", 1), f.card("blue", 2), f.card("blue", 3)],
            2: [f.card("green", 0)],
            3: [f.card("green", 1), f.card("green", 2), f.card("green", 3)],
        },
        f.card("red", 5),
        {1: A.ROOSTER, 2: A.CAT, 3: A.COW},
        dark=(1,),
    )
    s, ev = apply(s, UseAbility(player=1))
    assert (
        len(s.hands[2]) == 2
        and len(s.hands[3]) == 3
        and [e.args["player"] for e in ev if e.key == Ev.TOOK] == [2]
    )


# --- 10 Cow / Minotaur -------------------------------------------------------------------------


def test_cow_may_not_play_a_polypig() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("polypig"), f.card("blue", 1)], 2: [f.card("green", 0)]},
        f.card("red", 5),
        {1: A.COW, 2: A.CAT},
    )
    rejects(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), Err.ANIMAL_NO_POLYPIG)


def test_minotaur_names_a_colour_and_those_without_it_take_two() -> None:
    f = Faces()
    s = meta(
        {
            1: [f.card("blue", 1), f.card("blue", 2)],
            2: [f.card("green", 0), f.card("polypig")],
            3: [f.card("red", 1)],
        },
        f.card("red", 5),
        {1: A.COW, 2: A.CAT, 3: A.OWL},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    assert prompt(s, 1).kind == "color"
    s, ev = choose(s, 1, "red")
    assert find(ev, Ev.MINOTAUR).args["color"] == "red"
    assert len(s.hands[2]) == 4 and len(s.hands[3]) == 1 and s.color is Color.RED and s.current == 2


# --- 11 Bear / Roaming Bear ---------------------------------------------------------------------


def test_bear_draws_two_and_may_play_one_that_fits() -> None:
    f = Faces()
    fit, other = f.card("red", 2), f.card("blue", 6)
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 0)]},
        f.card("red", 5),
        {1: A.BEAR, 2: A.CAT},
        deck=[fit, other],
    )
    s, ev = apply(s, Draw(player=1))
    assert find(ev, Ev.DREW).args["count"] == 2 and s.drawn == [fit] and s.current == 1
    s, _ = play(s, 1, fit)
    assert s.current == 2 and other in s.hands[1]


def test_roaming_bear_shuffles_two_hands_and_deals_half_rounded_up() -> None:
    f = Faces()
    mine = [f.card("blue", 1), f.card("blue", 2)]
    theirs = [f.card("green", 0), f.card("green", 1), f.card("green", 2)]
    s = meta(
        {1: mine[:], 2: theirs[:], 3: [f.card("red", 1)]},
        f.card("red", 5),
        {1: A.BEAR, 2: A.CAT, 3: A.OWL},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    s, ev = choose(s, 1, 2)
    assert (
        len(s.hands[2]) == 3 and len(s.hands[1]) == 2 and set(s.hands[1] + s.hands[2]) == set(mine + theirs)
    )
    assert find(ev, Ev.ROAMING_BEAR).args == {"player": 1, "target": 2, "count": 3, "mine": 2}


# --- 12 Donkey / Stubborn Mule ------------------------------------------------------------------


def test_donkey_must_play_when_it_can() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("red", 1), f.card("blue", 1)], 2: [f.card("green", 0)]},
        f.card("red", 5),
        {1: A.DONKEY, 2: A.CAT},
    )
    rejects(s, Draw(player=1), Err.MUST_PLAY)
    s2 = meta({1: [f.card("blue", 2)], 2: [f.card("green", 0)]}, f.card("red", 6), {1: A.DONKEY, 2: A.CAT})
    s2, _ = apply(s2, Draw(player=1))
    assert len(s2.hands[1]) == 2


def test_stubborn_mule_the_target_loses_their_next_turn() -> None:
    f = Faces()
    hands = {q: [f.card("blue", q), f.card("green", q)] for q in (1, 2, 3)}
    s = meta(hands, f.card("red", 5), {1: A.DONKEY, 2: A.CAT, 3: A.OWL}, dark=(1,))
    s, _ = apply(s, UseAbility(player=1))
    s, ev = choose(s, 1, 3)
    assert find(ev, Ev.MULE).args == {"player": 1, "target": 3} and s.skips == [3] and s.current == 2
    s, ev = apply(s, Draw(player=2))
    if s.current != 1:
        s, ev = apply(s, Pass(player=2))
    assert find(ev, Ev.TURN_LOST).args == {"player": 3} and s.current == 1 and s.skips == []


# --- 13 Mouse / Bat ------------------------------------------------------------------------------


def test_mouse_takes_one_fewer_of_three_or_more() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("grab", "red"), f.card("blue", 1)], 2: [f.card("green", 0)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.MOUSE},
    )
    s, _ = play(s, 1, s.hands[1][0])
    s, ev = apply(s, Accept(player=2))
    assert len(s.hands[2]) == 3 and find(ev, Ev.GRAB_TAKEN).args["count"] == 2 and Ev.MOUSE_SPARED in keys(ev)
    s2 = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.MOUSE},
        one_card_since={2: 0},
    )
    s2, ev = apply(s2, Catch(player=1), 5000)  # a 2-card penalty is taken in full
    assert len(s2.hands[2]) == 3


def test_bat_drops_any_card_on_the_pile_without_its_effect() -> None:
    f = Faces()
    grab = f.card("grab", "blue")
    s = meta(
        {1: [grab, f.card("green", 2)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.MOUSE, 2: A.CAT, 3: A.OWL},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    s, ev = choose(s, 1, grab)
    assert s.pile[-1] == grab and s.attack is None and s.color is Color.BLUE and s.current == 2
    assert find(ev, Ev.BAT).args == {"player": 1, "card": grab}


# --- 14 Chameleon / Shapeshifter -----------------------------------------------------------------


def test_chameleon_any_number_fits_a_polypig() -> None:
    f = Faces()
    pig = f.card("polypig")
    s = meta(
        {1: [f.card("blue", 3), f.card("grab", "green")], 2: [f.card("blue", 4)]},
        pig,
        {1: A.CHAMELEON, 2: A.CAT},
        color=Color.RED,
    )
    assert {a.card for a in G.legal(s, 1) if isinstance(a, Play)} == {s.hands[1][0]}
    s, _ = play(s, 1, s.hands[1][0])
    assert s.color is Color.BLUE
    s2 = meta(
        {2: [f.card("green", 3)], 1: [f.card("blue", 6)]},
        f.card("polypig"),
        {1: A.CHAMELEON, 2: A.CAT},
        color=Color.RED,
    )
    rejects(s2, Play(player=2, card=s2.hands[2][0], on=s2.pile[-1]), Err.NO_MATCH)


def test_shapeshifter_recolours_the_pile_then_plays_or_takes_one() -> None:
    f = Faces()
    green = f.card("green", 2)
    s = meta(
        {1: [green, f.card("blue", 1)], 2: [f.card("green", 0)]},
        f.card("red", 5),
        {1: A.CHAMELEON, 2: A.CAT},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    s, ev = choose(s, 1, "green")
    assert s.color is Color.GREEN and find(ev, Ev.SHAPESHIFTER).args["color"] == "green"
    rejects(s, back_out(s, 1), PromptKey.NO_CANCEL)
    asked = prompt(s, 1)  # a card that fits the new colour, or nothing: take 1
    assert asked.options == [green] and asked.min == 0 and asked.skip_key == "svintus-prompt-take-one"
    rejects(s, Answer(player=1, prompt=asked.id, picks=[s.hands[1][1]]), PromptKey.OPTION)
    rejects(s, Play(player=1, card=green, on=s.pile[-1]), Err.ABILITY_ON)
    t, ev = choose(s, 1, green)
    assert t.pile[-1] == green and t.dark == [] and t.current == 2
    u, ev = choose(s, 1)
    assert len(u.hands[1]) == 3 and u.current == 2 and u.dark == []


# --- 15 Elephant / Mammoth ---------------------------------------------------------------------------


def test_elephant_grab_makes_its_victim_take_four_transfer_adds_three() -> None:
    f = Faces()
    s = meta(
        {
            1: [f.card("grab", "red"), f.card("blue", 1)],
            2: [f.card("grab", "green"), f.card("green", 0)],
            3: [f.card("green", 1)],
        },
        f.card("red", 5),
        {1: A.ELEPHANT, 2: A.CAT, 3: A.OWL},
    )
    s, _ = play(s, 1, s.hands[1][0])
    assert s.attack is not None and s.attack.count == 4
    s, _ = play(s, 2, s.hands[2][0])
    assert s.attack is not None and s.attack.count == 7 and s.attack.target == 3


def test_mammoth_the_next_two_players_lose_a_turn() -> None:
    f = Faces()
    hands = {q: [f.card("blue", q), f.card("green", q)] for q in (1, 2, 3, 4)}
    s = meta(hands, f.card("red", 5), {1: A.ELEPHANT, 2: A.CAT, 3: A.OWL, 4: A.COW}, dark=(1,))
    s, ev = apply(s, UseAbility(player=1))
    assert [e.args["player"] for e in ev if e.key == Ev.TURN_LOST] == [2, 3] and s.current == 4


def test_mammoth_with_two_players_the_opponent_loses_one_turn() -> None:
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 0)]},
        f.card("red", 5),
        {1: A.ELEPHANT, 2: A.CAT},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    assert s.current == 1 and s.skips == []


# --- the roster as data ---------------------------------------------------------------------------


def test_the_menagerie_has_fifteen_animals_with_both_sides() -> None:
    from engine.svintus.animals import DARK, LIGHT

    assert len(ANIMALS) == 15 and set(LIGHT) == set(DARK) == set(ANIMALS)


def test_bat_polypig_keeps_the_colour_in_force() -> None:
    f = Faces()
    pig = f.card("polypig")
    s = meta(
        {1: [pig, f.card("green", 2)], 2: [f.card("green", 0)]},
        f.card("red", 5),
        {1: A.MOUSE, 2: A.CAT},
        dark=(1,),
    )
    s, _ = apply(s, UseAbility(player=1))
    s, _ = choose(s, 1, pig)
    assert s.pile[-1] == pig and s.color is Color.RED and not s.awaiting_color
    assert COLOR[pig] is None
