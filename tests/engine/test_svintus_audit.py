"""Positions from the rules audit (sheet vs. the Metamorphoses rulebook), one test per defect."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Answer, Leave, RuleError, Tick
from engine.svintus import GAME
from engine.svintus.animals import Animal
from engine.svintus.keys import Err, Ev
from engine.svintus.models import (
    Accept,
    Draw,
    Pass,
    Play,
    Slap,
    SvintusOptions,
    SvintusState,
    UseAbility,
)
from tests.engine.helpers import Faces, check_cards, find, keys, table

G = GAME
A = Animal
META = SvintusOptions(metamorphoses=True)


def meta(
    hands: dict[int, list[int]], top: int, animals: dict[int, Animal], dark: tuple[int, ...] = (), **kw: Any
) -> SvintusState:
    return table(hands, top, options=META, animals=dict(animals), dark=list(dark), **kw)


def answer(s: SvintusState, p: int, *picks: Any, now: int = 1) -> tuple[SvintusState, list[Any]]:
    """Answer ``p``'s open prompt (a dark ability's choice)."""
    prompt = G.view(s, p).prompt
    assert prompt is not None
    return G.apply(s, Answer(player=p, prompt=prompt.id, picks=list(picks)), now)


def play(s: SvintusState, p: int, card: int, now: int = 1) -> tuple[SvintusState, list[Any]]:
    s, ev = G.apply(s, Play(player=p, card=card, on=s.pile[-1]), now)
    check_cards(s)
    return s, ev


def rejects(s: SvintusState, action: Any, key: str, now: int = 1) -> None:
    before = G.dump(s)
    with pytest.raises(RuleError) as e:
        G.apply(s, action, now)
    assert e.value.key == key, e.value
    assert G.dump(s) == before
    assert action not in G.legal(s, action.player)


# --- 1. an identical card on one's own turn is an intercept -----------------------------


def test_identical_card_on_own_turn_is_an_intercept() -> None:
    f = Faces()
    fives = [f.card("red", 5), f.card("red", 5)]
    s = meta(
        {1: [fives[0], f.card("blue", 1)], 2: [fives[1], f.card("green", 2)], 3: [f.card("green", 1)]},
        f.card("red", 3),
        {1: A.CAT, 2: A.COW, 3: A.OWL},
        current=1,
    )
    s, ev = play(s, 1, fives[0])
    assert keys(ev)[0] == Ev.PLAYED and s.current == 2
    s, ev = play(s, 2, fives[1], 2)  # the Cow's own turn, the other red 5
    assert find(ev, Ev.INTERCEPTED_OWN).args == {"player": 2, "card": fives[1]}
    assert Ev.PLAYED not in keys(ev)
    assert s.dark == [2] and find(ev, Ev.FLIPPED_DARK).args == {"player": 2, "animal": "cow"}
    assert s.current == 3


def test_identical_card_on_own_turn_is_an_intercept_so_not_for_the_turtle() -> None:
    f = Faces()
    twin, other = f.card("red", 5), f.card("red", 2)
    s = meta({1: [twin, other], 2: [f.card("green", 2)]}, f.card("red", 5), {1: A.TURTLE, 2: A.CAT})
    rejects(s, Play(player=1, card=twin, on=s.pile[-1]), Err.ANIMAL_NO_INTERCEPT)
    s, ev = play(s, 1, other)  # an ordinary play is still open
    assert Ev.PLAYED in keys(ev)


def test_identical_card_on_own_turn_is_an_intercept_even_when_just_drawn() -> None:
    f = Faces()
    twin = f.card("red", 5)
    # the Turtle's drawn twin is not playable for it: the turn passes
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 2)]},
        f.card("red", 5),
        {1: A.TURTLE, 2: A.CAT},
        deck=[twin],
    )
    s, ev = G.apply(s, {"type": "draw", "player": 1}, 1)
    assert s.drawn == [] and s.current == 2 and twin in s.hands[1]
    # anyone else's drawn twin is played as the intercept it is
    f = Faces()
    twin = f.card("red", 5)
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 2)]}, f.card("red", 5), {1: A.OWL, 2: A.CAT}, deck=[twin]
    )
    s, _ = G.apply(s, {"type": "draw", "player": 1}, 1)
    assert s.drawn == [twin]
    s, ev = play(s, 1, twin, 2)
    assert Ev.INTERCEPTED_OWN in keys(ev) and s.dark == [1]


def test_identical_card_on_own_turn_is_an_intercept_the_donkey_must_make() -> None:
    f = Faces()
    twin = f.card("red", 5)
    s = meta(
        {1: [twin, f.card("blue", 1)], 2: [f.card("green", 2)]}, f.card("red", 5), {1: A.DONKEY, 2: A.CAT}
    )
    rejects(s, Draw(player=1), Err.MUST_PLAY)  # an intercept is a play it can make
    s, ev = play(s, 1, twin)
    assert Ev.INTERCEPTED_OWN in keys(ev) and s.dark == [1]


def test_identical_card_on_own_turn_is_an_intercept_the_hedgehog_reacts_the_fox_does_not_bite() -> None:
    f = Faces()
    twin = f.card("red", 5)
    s = meta(
        {1: [twin, f.card("blue", 1)], 2: [f.card("green", 2)], 3: [f.card("green", 3)]},
        f.card("red", 5),
        {1: A.FOX, 2: A.HEDGEHOG, 3: A.CAT},
    )
    s, ev = play(s, 1, twin, 1000)
    assert Ev.FOX_BITE not in keys(ev)  # nobody's turn was taken
    assert find(ev, Ev.HEDGEHOG_DUTY).args["player"] == 2 and [d.player for d in s.duties] == [2]


def test_identical_card_on_own_turn_is_an_intercept_not_on_the_start_card() -> None:
    f = Faces()
    twin = f.card("red", 5)
    s = meta(
        {1: [twin, f.card("blue", 1)], 2: [f.card("green", 2)]},
        f.card("red", 5),
        {1: A.COW, 2: A.CAT},
        top_live=False,
    )
    s, ev = play(s, 1, twin)  # the start card cannot be intercepted: an ordinary play
    assert Ev.PLAYED in keys(ev) and s.dark == []


def test_identical_card_on_own_turn_is_an_intercept_a_grab_aimed_at_you_is_still_transferred() -> None:
    f = Faces()
    grabs = [f.card("grab", "red"), f.card("grab", "red")]
    s = meta(
        {1: [grabs[0], f.card("blue", 1)], 2: [grabs[1], f.card("green", 2)], 3: [f.card("green", 3)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.COW, 3: A.OWL},
    )
    s, _ = play(s, 1, grabs[0])
    s, ev = play(s, 2, grabs[1], 2)  # the target's identical Grab: a transfer, as the sheet's Hare implies
    assert Ev.TRANSFERRED in keys(ev) and s.attack is not None and s.attack.count == 6


# --- 2. the Donkey may not pass while holding a drawn card that fits ---------------------


def test_donkey_may_not_pass_holding_a_drawn_card_that_fits() -> None:
    f = Faces()
    seven = f.card("red", 7)
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 0)]},
        f.card("red", 3),
        {1: A.DONKEY, 2: A.CAT},
        deck=[seven],
    )
    s, _ = G.apply(s, Draw(player=1), 1)
    assert s.drawn == [seven] and s.current == 1
    assert Play(player=1, card=seven, on=s.pile[-1]) in G.legal(s, 1)
    rejects(s, Pass(player=1), Err.MUST_PLAY)
    s, ev = play(s, 1, seven, 2)
    assert Ev.PLAYED in keys(ev) and s.current == 2
    # anyone else may still keep the card they drew
    f = Faces()
    seven = f.card("red", 7)
    s = meta(
        {1: [f.card("blue", 1)], 2: [f.card("green", 0)]},
        f.card("red", 3),
        {1: A.OWL, 2: A.CAT},
        deck=[seven],
    )
    s, _ = G.apply(s, Draw(player=1), 1)
    assert Pass(player=1) in G.legal(s, 1)
    s, ev = G.apply(s, Pass(player=1), 2)
    assert Ev.PASSED in keys(ev) and s.current == 2


# --- 3. the Cat (and the Tomcat's race) spares only itself --------------------------------


def test_cat_and_the_tomcats_race_spare_only_the_cat() -> None:
    f = Faces()
    slap = f.card("hoofslap", "red")
    s = meta(
        {1: [slap, f.card("blue", 1)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.OWL, 2: A.COW, 3: A.CAT},
    )
    s, _ = play(s, 1, slap, 1000)
    s, _ = G.apply(s, Slap(player=1), 1100)
    assert G.waiting(s)[0].players == [2]  # the Cat need not press
    s, ev = G.apply(s, Tick(), 4000)  # the Cat did not press, the Cow did not either
    assert [e.args["player"] for e in ev if e.key == Ev.PENALTY_SLAP_MISSED] == [2]
    assert len(s.hands[2]) == 3 and len(s.hands[3]) == 1

    # the Tomcat's race closes as soon as everyone else has pressed; the slowest of them pays
    f = Faces()
    s = meta(
        {1: [f.card("blue", 1), f.card("blue", 2)], 2: [f.card("green", 0)], 3: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.CAT, 2: A.COW, 3: A.OWL},
        dark=(1,),
    )
    s, _ = G.apply(s, UseAbility(player=1), 1000)
    s, _ = G.apply(s, Slap(player=2), 1100)
    assert s.race is not None
    s, ev = G.apply(s, Slap(player=3), 1200)
    assert s.race is None and find(ev, Ev.PENALTY_SLAP_LAST).args["player"] == 3
    assert len(s.hands[1]) == 2 and len(s.hands[3]) == 3 and s.current == 2


# --- 4. nobody sits at 0 cards in a round that goes on --------------------------------------


def test_player_never_sits_at_zero_cards_in_a_round_that_goes_on() -> None:
    f = Faces()
    last = f.card("green", 4)
    s = meta(
        {
            1: [f.card("blue", 1)],
            2: [last],
            3: [f.card("green", 1), f.card("blue", 6)],
            4: [f.card("red", 0)],
        },
        f.card("red", 5),
        {1: A.FOX, 2: A.COW, 3: A.OWL, 4: A.CAT},
        dark=(1,),
    )
    s, _ = G.apply(s, UseAbility(player=1), 1)
    s, ev = answer(s, 1, 2, now=2)  # the Silver Fox takes the only card
    assert s.hands[2] == [] and s.phase == "playing" and s.ability is not None  # its ability is pending
    s, ev = G.apply(s, Leave(player=1), 3)
    check_cards(s)
    assert s.phase == "round_over" and s.round_winner == 2
    assert find(ev, Ev.ROUND_WON).args == {"player": 2, "points": 3, "score": 3}


def test_player_never_sits_at_zero_cards_in_a_round_that_goes_on_the_fox_gives_back_first() -> None:
    f = Faces()
    last = f.card("green", 4)
    gifts = [f.card("blue", 2), f.card("blue", 3)]
    s = meta(
        {1: [*gifts], 2: [last], 3: [f.card("green", 1)]},
        f.card("red", 5),
        {1: A.FOX, 2: A.COW, 3: A.OWL},
        dark=(1,),
    )
    s, _ = G.apply(s, UseAbility(player=1), 1)
    s, _ = answer(s, 1, 2, now=2)
    s, _ = answer(s, 1, *gifts, now=3)
    assert s.phase == "playing" and sorted(s.hands[2]) == sorted(gifts) and s.hands[1] == [last]


# --- 5. a Hush ends when play comes round to its caller, even for a lost turn ---------------


def hush_table(caller: Animal) -> tuple[SvintusState, Faces]:
    """Player 1 (``caller``) plays a Hush; 2 is a dark Donkey, 3 a Cat."""
    f = Faces()
    s = meta(
        {
            1: [f.card("hush", "red"), f.card("blue", 1), f.card("blue", 2)],
            2: [f.card("red", 1), f.card("red", 2), f.card("snore", "green")],
            3: [f.card("red", 3), f.card("snore", "red"), f.card("green", 6)],
        },
        f.card("red", 5),
        {1: caller, 2: A.DONKEY, 3: A.CAT},
        dark=(2,),
    )
    s, _ = play(s, 1, s.hands[1][0])
    assert s.silence == 1 and s.current == 2
    return s, f


def test_hush_ends_when_play_comes_round_to_a_caller_who_loses_that_turn() -> None:
    # the Stubborn Mule: the caller's next turn is lost, the silence still ends there
    s, _ = hush_table(A.OWL)
    s, _ = G.apply(s, UseAbility(player=2), 2)
    s, _ = answer(s, 2, 1, now=3)
    assert s.current == 3 and s.silence == 1
    s, ev = play(s, 3, s.hands[3][0], 4)
    assert find(ev, Ev.TURN_LOST).args == {"player": 1} and s.current == 2
    assert s.silence is None and find(ev, Ev.SILENCE_ENDED).args == {"player": 1}

    # a Snore aimed at the caller: their lost turn comes, the silence ends
    s, _ = hush_table(A.OWL)
    s, _ = play(s, 2, s.hands[2][0], 2)
    s, ev = play(s, 3, s.hands[3][1], 3)  # the red Snore, aimed at 1
    assert s.attack is not None and s.attack.target == 1 and s.silence is None
    s, _ = G.apply(s, Accept(player=1), 4)
    assert s.current == 2 and s.silence is None

    # the caller is a Rooster that passes the Snore on: play has gone round past it
    s, _ = hush_table(A.ROOSTER)
    s, _ = play(s, 2, s.hands[2][0], 2)
    s, ev = play(s, 3, s.hands[3][1], 3)
    assert find(ev, Ev.ROOSTER_PASSES).args == {"player": 1, "target": 2}
    assert s.attack is not None and s.attack.target == 2
    assert s.silence is None and find(ev, Ev.SILENCE_ENDED).args == {"player": 1}
