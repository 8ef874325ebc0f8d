"""The Madness card and deck (docs/rules/smashup.md §2.5), end to end: its two choices, who
owns it, the empty deck, the end-game penalty and the fewer-Madness tie-break."""

from __future__ import annotations

from engine.core import Answer, Event, Tick, dump
from engine.smashup import GAME
from engine.smashup.effects import G
from engine.smashup.keys import Ev, Pr
from engine.smashup.models import PlayCard, SmashUpOptions, SmashUpState
from engine.smashup.prompts import default_picks
from tests.engine.smashup_helpers import (
    Table,
    answer,
    check_cards,
    end,
    find,
    keys,
    play,
    prompt,
    where,
)

P = {1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}
QUIET = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]


def _table(vp: dict[int, int] | None = None, bases: list[str] | None = None, current: int = 1) -> Table:
    return Table(P, bases=bases or QUIET, madness=True, vp=vp, current=current)


def _scores(t: Table) -> None:
    """Player 1 is about to win the first base (Cat Fanciers' Alley, 18: 3/2/1)."""
    for c in ("queen-fluffy", "eliza", "griselda", "apricot"):
        t.minion(1, c, base=0)


def _penalties(ev: list[Event]) -> dict[int, tuple[int, int]]:
    """player -> (Madness cards held, VP lost), from the penalty events."""
    return {
        e.args["player"]: (e.args["madness"], e.args["points"]) for e in ev if e.key == Ev.MADNESS_PENALTY
    }


# --- the card -------------------------------------------------------------------


def test_the_madness_card_asks_its_player_to_draw_2_or_return_it() -> None:
    t = _table()
    m = t.hand(1, "madness")
    s, ev = play(t.state, 1, m)
    p = prompt(s, 1)
    assert p.key == Pr.EFFECT and p.kind == "choice" and p.args == {"card": "madness"}
    assert p.options == ["draw2", "return-madness"] and (p.min, p.max) == (1, 1)
    assert GAME.view(s, 1).prompt == p and GAME.view(s, 2).prompt is None
    assert find(ev, Ev.PLAYED_ACTION).args == {"player": 1, "card": "madness"}


def test_the_madness_card_draws_two_cards_and_goes_to_its_players_discard_pile() -> None:
    t = _table()
    m = t.hand(1, "madness")
    s, _ = play(t.state, 1, m)
    s, ev = answer(s, 1, "draw2")
    assert len(s.hands[1]) == 2 and find(ev, Ev.DREW).args == {"player": 1, "count": 2}
    assert where(s, m) == "discard:1" and s.owners[m] == 1
    assert G(s, []).madness_count(1) == 1  # still held: it counts at the end
    check_cards(s)


def test_the_madness_card_may_return_itself_to_the_madness_deck() -> None:
    t = _table()
    m = t.hand(1, "madness")
    s, _ = play(t.state, 1, m)
    s, ev = answer(s, 1, "return-madness")
    assert where(s, m) == "madness" and s.owners[m] == -1 and s.madness[-1] == m
    assert find(ev, Ev.MADNESS_RETURNED).args == {"player": 1}
    assert s.hands[1] == [] and G(s, []).madness_count(1) == 0
    assert GAME.view(s, None).madness_deck == 30
    check_cards(s)


def test_the_madness_card_is_played_as_the_turns_action() -> None:
    t = _table()
    m = t.hand(1, "madness")
    paw = t.hand(1, "cats-paw")
    assert PlayCard(player=1, card=m) in GAME.legal(t.state, 1)
    s, _ = play(t.state, 1, m)
    s, _ = answer(s, 1, "return-madness")
    assert PlayCard(player=1, card=paw) not in GAME.legal(s, 1)


def test_a_timed_out_madness_choice_draws_2() -> None:
    t = Table(P, bases=QUIET, madness=True, options=SmashUpOptions(turn_timer_ms=10_000))
    m = t.hand(1, "madness")
    s, _ = play(t.state, 1, m, now=1_000)
    assert default_picks(prompt(s, 1)) == ["draw2"]
    s, _ = GAME.apply(s, Tick(), 11_000)
    assert where(s, m) == "discard:1" and s.current == 2


# --- drawing it, and whose it is -------------------------------------------------------------------


def test_madness_drawn_at_mountains_of_madness_goes_to_its_drawers_discard_pile() -> None:
    t = _table(bases=["mountains-of-madness", *QUIET[:2]], current=2)
    tinx = t.hand(2, "tinx")
    s, _ = play(t.state, 2, tinx, base=t.base(0))
    (m,) = [c for c in s.hands[2] if s.cards[c] == "madness"]
    assert s.owners[m] == 2 and GAME.view(s, None).madness_deck == 29
    s, _ = play(s, 2, m)
    s, _ = answer(s, 2, "draw2")
    assert where(s, m) == "discard:2"


def test_a_madness_card_given_to_another_player_is_theirs_and_goes_to_their_discard_pile() -> None:
    t = _table(current=2)
    m = t.hand(1, "madness")
    s = t.state
    G(s, []).give_card(m, 2)
    assert s.owners[m] == 2 and G(s, []).madness_count(1) == 0
    s, _ = play(s, 2, m)
    s, _ = answer(s, 2, "draw2")
    assert where(s, m) == "discard:2" and G(s, []).madness_count(2) == 1


def test_a_madness_card_taken_into_another_hand_changes_owner_and_is_discarded_there() -> None:
    t = _table()
    m = t.discard(2, "madness")
    s = t.state
    G(s, []).to_hand(m, 1)
    assert where(s, m) == "hand:1" and s.owners[m] == 1
    for c in (
        "queen-fluffy",
        "whiskers",
        "whiskers",
        "muffin",
        "muffin",
        "muffin",
        "eliza",
        "griselda",
        "apricot",
    ):
        t.hand(1, c)
    s, _ = end(s, 1)  # 10 + 2 drawn: discard 2
    p = prompt(s, 1)
    assert p.key == Pr.HAND_LIMIT and m in p.options
    other = next(c for c in p.options if c != m)
    s, _ = answer(s, 1, m, other)
    assert where(s, m) == "discard:1"


def test_an_empty_madness_deck_ignores_instructions_to_draw_madness() -> None:
    t = _table(bases=["mountains-of-madness", *QUIET[:2]])
    queen = t.hand(1, "queen-fluffy")
    g = G(t.state, [])
    assert len(g.draw_madness(2, 31)) == 30  # one more than there is
    s, ev = play(t.state, 1, queen, base=t.base(0))
    assert Ev.MADNESS_DRAWN not in keys(ev) and s.hands[1] == [] and s.madness == []
    assert G(s, []).draw_madness(1, 2) == [] and GAME.view(s, None).madness_deck == 0
    check_cards(s)


def test_the_public_view_counts_each_players_madness_and_the_madness_deck() -> None:
    t = _table()
    m = t.hand(1, "madness")
    t.discard(1, "madness")
    t.deck_top(2, "madness")
    v = GAME.view(t.state, None)
    assert {pv.player: pv.madness for pv in v.players} == {1: 2, 2: 1} and v.madness_deck == 27
    assert v.zone_counts["madness"] == 27 and sum(v.zone_counts.values()) == 80 + 8 + 30
    assert m in {c.uid for c in GAME.view(t.state, 1).hand or []}
    assert m not in {c.uid for c in GAME.view(t.state, 2).hand or []}


# --- the end of the game -------------------------------------------------------------------


def test_five_madness_cards_cost_2_vp_and_a_player_below_15_after_it_still_wins_with_the_most() -> None:
    t = _table(vp={1: 12, 2: 12})
    _scores(t)
    t.hand(1, "madness", "madness")  # hand, deck and discard pile all count
    t.deck_top(1, "madness", "madness")
    t.discard(1, "madness")
    s, ev = end(t.state, 1)  # 12 + 3 = 15, less 2 = 13
    assert s.phase == "over" and s.winners == [1]
    assert _penalties(ev) == {1: (5, 2)}
    assert find(ev, Ev.WON).args == {"winner": 1, "score": 13}
    assert s.vp == {1: 13, 2: 12} and GAME.outcome(s).scores == {1: 13, 2: 12}
    assert keys(ev).index(Ev.MADNESS_PENALTY) < keys(ev).index(Ev.WON)


def test_the_rulebooks_example_15_with_5_madness_loses_to_14_with_none() -> None:
    t = _table(vp={1: 12, 2: 14})
    _scores(t)
    t.hand(1, *["madness"] * 5)
    s, ev = end(t.state, 1)
    assert s.phase == "over" and s.winners == [2]
    assert find(ev, Ev.WON).args == {"winner": 2, "score": 14} and s.vp == {1: 13, 2: 14}


def test_fewer_madness_cards_win_a_tie_after_the_penalty() -> None:
    t = _table(vp={1: 13, 2: 15})
    _scores(t)  # 16, two Madness: 15
    t.hand(1, "madness", "madness")
    t.discard(2, "madness")  # 15, one Madness: 15
    s, ev = end(t.state, 1)
    assert s.phase == "over" and s.winners == [2]
    assert find(ev, Ev.WON).args == {"winner": 2, "score": 15} and _penalties(ev) == {1: (2, 1)}


def test_a_tie_on_vp_and_madness_plays_on_and_takes_nothing_off() -> None:
    t = _table(vp={1: 12, 2: 15})
    _scores(t)
    t.hand(1, "madness")
    t.hand(2, "madness")
    s, ev = end(t.state, 1)
    assert s.phase == "playing" and s.current == 2
    assert find(ev, Ev.TIE_PLAY_ON).args == {"score": 15} and not _penalties(ev)
    assert s.vp == {1: 15, 2: 15}
    G(s, []).gain_vp(2, 1, "test")
    s, ev = end(s, 2)  # the next end of a turn decides
    assert s.phase == "over" and s.winners == [2] and find(ev, Ev.WON).args["score"] == 16


def test_returning_madness_before_the_end_lifts_the_penalty() -> None:
    t = _table(vp={1: 15, 2: 14})
    m1, _ = t.hand(1, "madness", "madness")
    s, _ = play(t.state, 1, m1)
    s, _ = answer(s, 1, "return-madness")  # one Madness left: no penalty
    s, ev = end(s, 1)
    assert s.winners == [1] and not _penalties(ev) and s.vp == {1: 15, 2: 14}
    t = _table(vp={1: 15, 2: 14})
    t.hand(1, "madness", "madness")  # kept: 15 - 1 = 14, and more Madness than player 2
    s, _ = end(t.state, 1)
    assert s.winners == [2]


def test_the_penalty_never_takes_vp_below_zero() -> None:
    t = _table(vp={1: 15, 2: 1})
    t.hand(2, *["madness"] * 4)
    s, ev = end(t.state, 1)
    assert s.winners == [1] and s.vp == {1: 15, 2: 0} and _penalties(ev) == {2: (4, 1)}


def test_without_the_madness_deck_there_is_no_penalty() -> None:
    t = Table(P, bases=QUIET, vp={1: 15, 2: 14})
    s: SmashUpState = t.state
    assert not s.madness_on and GAME.view(s, None).madness_deck is None
    s, ev = end(s, 1)
    assert s.winners == [1] and Ev.MADNESS_PENALTY not in keys(ev)


def test_a_whole_answer_round_trip_of_the_madness_prompt_through_json() -> None:
    t = _table()
    m = t.hand(1, "madness")
    s, _ = play(t.state, 1, m)
    p = prompt(s, 1)
    action = GAME.parse_action(dump(Answer(player=1, prompt=p.id, picks=["draw2"])))
    s2, _ = GAME.apply(GAME.load(GAME.dump(s)), action, 0)
    assert where(s2, m) == "discard:1"
