"""The bases of «Неизбежный выпуск про Ктулху» (docs/rules/smashup.md §2.6) and the box itself,
tested with the «Мимими» factions' minions."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.smashup import GAME
from engine.smashup.bases.cthulhu import BOX, CPr
from engine.smashup.cards import BASES, BOXES, FACTIONS, bases_of, factions_of
from engine.smashup.effects import G
from engine.smashup.keys import Err, Ev, Pr
from engine.smashup.models import PlayCard, SmashUpOptions, SmashUpState
from engine.smashup.tasks import run
from tests.engine.smashup_helpers import (
    Table,
    answer,
    check_cards,
    end,
    find,
    has_prompt,
    keys,
    play,
    prompt,
    where,
)

P = {1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}
FILL = ["cat-fanciers-alley", "enchanted-glade"]
BOTH = ("pretty-pretty", BOX)


def _table(base: str) -> Table:
    """Player 1's turn, ``base`` first, the Madness deck in play."""
    return Table(P, bases=[base, *FILL], madness=True)


# --- the box -------------------------------------------------------------------


def test_the_cthulhu_box_has_eight_bases_with_their_breakpoints_and_vp() -> None:
    got = {b: (BASES[b].breakpoint, BASES[b].vp) for b in bases_of(BOX)}
    assert got == {
        "the-asylum": (16, (3, 1, 1)),
        "innsmouth": (23, (5, 3, 2)),
        "mountains-of-madness": (20, (6, 4, 3)),
        "miskatonic-university": (24, (3, 3, 2)),
        "plateau-of-leng": (18, (3, 2, 1)),
        "rlyeh": (18, (4, 2, 1)),
        "ritual-site": (20, (4, 2, 2)),
        "antarctic-base": (24, (5, 3, 2)),
    }
    assert BOXES[BOX].madness


def test_a_table_with_the_cthulhu_box_gets_its_bases_and_the_madness_deck() -> None:
    s, _ = GAME.start([1, 2], seed=4, options={"boxes": list(BOTH), "draft": "random"})
    v = GAME.view(s, None)
    assert s.madness_on and v.madness_deck == 30 and v.zone_counts["madness"] == 30
    in_game = {s.cards[b.uid] for b in s.bases} | {s.cards[u] for u in s.base_deck}
    assert in_game == set(bases_of("pretty-pretty")) | set(bases_of(BOX))
    assert sum(v.zone_counts.values()) == 2 * 40 + 16 + 30
    check_cards(s)


def test_the_draft_offers_only_registered_factions_of_the_chosen_boxes() -> None:
    s, _ = GAME.start([1, 2], seed=4, options={"boxes": list(BOTH)})
    assert s.pool == [f for f, d in FACTIONS.items() if d.box in BOTH]
    assert prompt(s, s.seats[0]).options == s.pool


def test_the_default_boxes_are_those_with_a_faction_to_draft() -> None:
    s, _ = GAME.start([1, 2], seed=4)
    assert s.boxes == [b for b in BOXES if any(f.box == b for f in FACTIONS.values())]
    assert s.madness_on == any(BOXES[b].madness for b in s.boxes)


def test_a_table_with_fewer_than_two_factions_to_draft_is_refused() -> None:
    one = factions_of(BOX)[0]
    with pytest.raises(RuleError) as e:
        GAME.options(SmashUpOptions(boxes=(BOX,), factions=(one,)))
    assert e.value.key == Err.TOO_FEW_FACTIONS
    assert len(GAME.options(SmashUpOptions(boxes=(BOX,))).boxes or ()) == 1  # the box's own four are enough


# --- The Asylum -------------------------------------------------------------------


def test_the_asylum_lets_the_owner_of_a_minion_played_there_return_a_madness_card() -> None:
    t = _table("the-asylum")
    queen = t.hand(1, "queen-fluffy")
    mad = t.hand(1, "madness", "madness")
    s, _ = play(t.state, 1, queen, base=t.base(0))
    p = prompt(s, 1)
    assert p.key == CPr.ASYLUM and p.min == 0 and p.skip_key == Pr.NO and len(p.options) == 1
    assert p.options[0] in mad and p.args["card"] == "the-asylum"
    s, ev = answer(s, 1, p.options[0])
    assert where(s, p.options[0]) == "madness" and s.owners[p.options[0]] == -1
    assert Ev.MADNESS_RETURNED in keys(ev) and G(s, []).madness_count(1) == 1
    check_cards(s)


def test_the_asylum_may_be_declined() -> None:
    t = _table("the-asylum")
    queen = t.hand(1, "queen-fluffy")
    mad = t.hand(1, "madness")
    s, _ = play(t.state, 1, queen, base=t.base(0))
    s, _ = answer(s, 1)
    assert where(s, mad) == "hand:1"


def test_the_asylum_asks_alike_without_madness_in_hand_and_nothing_for_a_minion_elsewhere() -> None:
    """Being asked must not tell the table that a hand holds Madness: without
    one, the owner is asked too, with nothing to return but «No»."""
    t = _table("the-asylum")
    queen = t.hand(1, "queen-fluffy")
    s, _ = play(t.state, 1, queen, base=t.base(0))
    asked = prompt(s, 1)
    assert asked.key == CPr.ASYLUM and asked.options == [] and asked.min == 0
    hand = list(s.hands[1])
    s, _ = answer(s, 1)
    assert not s.prompts and s.hands[1] == hand
    t = _table("the-asylum")
    whiskers = t.hand(1, "whiskers")
    t.hand(1, "madness")
    s, _ = play(t.state, 1, whiskers, base=t.base(1))
    assert not s.prompts


# --- Innsmouth -------------------------------------------------------------------


def test_innsmouth_lets_the_owner_put_a_card_from_any_discard_pile_under_its_owners_deck() -> None:
    t = _table("innsmouth")
    queen = t.hand(1, "queen-fluffy")
    tinx = t.discard(2, "tinx")
    skillet = t.discard(1, "skillet")
    s, _ = play(t.state, 1, queen, base=t.base(0))
    p = prompt(s, 1)
    assert p.key == CPr.INNSMOUTH and set(p.options) == {tinx, skillet} and p.min == 0
    s, ev = answer(s, 1, tinx)
    assert s.decks[2][0] == tinx and s.discards[2] == []
    assert find(ev, Ev.TO_BOTTOM).args == {"owner": 2, "card": "tinx"}


def test_innsmouth_may_be_declined_and_asks_nothing_when_every_discard_pile_is_empty() -> None:
    t = _table("innsmouth")
    queen = t.hand(1, "queen-fluffy")
    s, _ = play(t.state, 1, queen, base=t.base(0))
    assert not s.prompts
    t = _table("innsmouth")
    queen = t.hand(1, "queen-fluffy")
    skillet = t.discard(1, "skillet")
    s, _ = play(t.state, 1, queen, base=t.base(0))
    s, _ = answer(s, 1)
    assert where(s, skillet) == "discard:1"


# --- Mountains of Madness -------------------------------------------------------------------


def test_mountains_of_madness_gives_a_madness_card_for_every_minion_played_there_extras_too() -> None:
    t = Table(
        {1: ["mythic-horses", "kitty-cats"], 2: ["fairies", "princesses"]},
        bases=["mountains-of-madness", *FILL],
        madness=True,
    )
    pinkie1, pinkie2 = t.hand(1, "pinkie", "pinkie")
    together = t.hand(1, "togetherness-power")
    s, ev = play(t.state, 1, pinkie1, base=t.base(0))
    assert find(ev, Ev.MADNESS_DRAWN).args == {"player": 1, "count": 1}
    s, _ = play(s, 1, together)
    s, ev = play(s, 1, pinkie2, base=t.base(0))  # the extra minion
    assert Ev.MADNESS_DRAWN in keys(ev)
    g = G(s, [])
    assert g.madness_count(1) == 2 and len(s.madness) == 28
    assert [s.cards[c] for c in s.hands[1]] == ["madness", "madness"]
    check_cards(s)


def test_mountains_of_madness_gives_nothing_when_the_madness_deck_is_empty() -> None:
    t = _table("mountains-of-madness")
    queen = t.hand(1, "queen-fluffy")
    G(t.state, []).draw_madness(2, 30)
    s, ev = play(t.state, 1, queen, base=t.base(0))
    assert Ev.MADNESS_DRAWN not in keys(ev) and s.hands[1] == [] and not s.prompts
    assert where(s, queen) == f"base:{t.base(0)}"


def test_mountains_of_madness_ignores_minions_played_elsewhere() -> None:
    t = _table("mountains-of-madness")
    queen = t.hand(1, "queen-fluffy")
    s, _ = play(t.state, 1, queen, base=t.base(1))
    assert len(s.madness) == 30


# --- Miskatonic University -------------------------------------------------------------------


def _miskatonic(p1: list[str], p2: list[str]) -> Table:
    t = _table("miskatonic-university")
    for c in p1:
        t.minion(1, c, base=0)
    for c in p2:
        t.minion(2, c, base=0)
    return t


def test_miskatonic_university_lets_its_winner_return_madness_from_hand_and_discard() -> None:
    t = _miskatonic(["queen-fluffy", "eliza", "griselda", "apricot", "snow-white"], ["tinx"])
    h1, h2 = t.hand(1, "madness", "madness")
    d1 = t.discard(1, "madness")
    t.deck_top(1, "madness")  # in the deck: not offered
    theirs = t.hand(2, "madness")
    s, ev = end(t.state, 1)
    p = prompt(s, 1)
    assert p.key == CPr.MISKATONIC and set(p.options) == {h1, h2, d1}
    assert (p.min, p.max) == (0, 3) and p.skip_key == Pr.NONE
    assert find(ev, Ev.PLACE).args["points"] == 3
    s, ev = answer(s, 1, h1, d1)
    assert where(s, h1) == where(s, d1) == "madness" and where(s, theirs) == "hand:2"
    assert where(s, h2) == "hand:1" and not has_prompt(s, 2)
    assert s.current == 2 and s.vp == {1: 3, 2: 3}  # 3/3/2: second place gets 3 too
    check_cards(s)


def test_miskatonic_university_tied_winners_each_return_madness_in_turn_order() -> None:
    """The rulebook's example of tied winners each using a base's ability."""
    t = _miskatonic(["queen-fluffy", "eliza", "griselda"], ["titania", "glymmer", "glymmer", "tinx"])
    m1 = t.hand(1, "madness")
    m2 = t.discard(2, "madness")
    s, _ = end(t.state, 1)
    assert prompt(s, 1).options == [m1] and not has_prompt(s, 2)  # the current player first
    s, _ = answer(s, 1, m1)
    assert prompt(s, 2).options == [m2]
    s, _ = answer(s, 2, m2)
    assert where(s, m1) == where(s, m2) == "madness" and s.vp == {1: 3, 2: 3}


def test_miskatonic_university_asks_every_winner_alike_and_no_loser() -> None:
    """A winner with no Madness is asked too (with nothing to return): being
    asked must not tell the table what a hand holds; a loser is never asked."""
    t = _miskatonic(["queen-fluffy", "eliza", "griselda", "apricot", "snow-white"], ["tinx"])
    loser = t.hand(2, "madness")
    s, _ = end(t.state, 1)
    asked = prompt(s, 1)
    assert asked.key == CPr.MISKATONIC and asked.options == []
    assert not has_prompt(s, 2)
    s, _ = answer(s, 1)
    assert not s.prompts and where(s, loser) == "hand:2" and s.current == 2


# --- Plateau of Leng -------------------------------------------------------------------


def test_plateau_of_leng_lets_the_first_minion_from_hand_bring_an_extra_of_the_same_name_there() -> None:
    t = _table("plateau-of-leng")
    w1, w2 = t.hand(1, "whiskers", "whiskers")
    queen = t.hand(1, "queen-fluffy")
    s, ev = play(t.state, 1, w1, base=t.base(0))
    assert find(ev, Ev.EXTRA_PLAY).args == {"player": 1, "source": "plateau-of-leng", "kind": "minion"}
    legal = GAME.legal(s, 1)
    assert PlayCard(player=1, card=w2, base=t.base(0)) in legal
    assert PlayCard(player=1, card=w2, base=t.base(1)) not in legal  # only here
    assert not any(isinstance(a, PlayCard) and a.card == queen for a in legal)  # only the same name
    s, ev = play(s, 1, w2, base=t.base(0))
    assert Ev.EXTRA_PLAY not in keys(ev)  # the second play here brings nothing
    assert not any(c.minion for c in s.credits)


def test_plateau_of_leng_keeps_the_turns_own_minion_play_when_the_extra_is_used() -> None:
    t = _table("plateau-of-leng")
    m1, m2 = t.hand(1, "queen-fluffy", "whiskers")
    s = t.state
    G(s, []).credit(1, "test", minion=True)  # a second general minion play
    s, _ = play(s, 1, m1, base=t.base(0))
    s, _ = play(s, 1, m2, base=t.base(1))  # the general play, not the Plateau's
    assert [c.names for c in s.credits if c.minion] == [["queen-fluffy"]]


def test_plateau_of_leng_does_not_count_a_minion_moved_there() -> None:
    t = _table("plateau-of-leng")
    queen = t.minion(1, "queen-fluffy", base=1)
    w1 = t.hand(1, "whiskers")
    s = t.state
    g = G(s, [])
    g.move(queen, t.base(0), 1)
    run(g)  # the "moved" trigger (nothing listens)
    assert where(s, queen) == f"base:{t.base(0)}" and len(s.credits) == 2
    s, ev = play(s, 1, w1, base=t.base(0))  # still the first play here from hand
    assert find(ev, Ev.EXTRA_PLAY).args["source"] == "plateau-of-leng"


def test_plateau_of_leng_gives_each_player_its_extra_on_their_own_turn() -> None:
    t = _table("plateau-of-leng")
    w1 = t.hand(1, "whiskers")
    s, _ = play(t.state, 1, w1, base=t.base(0))
    s, _ = end(s, 1)
    tinx = _take(s, 2, "tinx")
    s, ev = play(s, 2, tinx, base=t.base(0))
    assert find(ev, Ev.EXTRA_PLAY).args == {"player": 2, "source": "plateau-of-leng", "kind": "minion"}


def _take(s: SmashUpState, p: int, card: str) -> int:
    """Put a copy of ``card`` from ``p``'s deck or discard pile into their hand."""
    for pile in (s.decks[p], s.discards[p]):
        for uid in pile:
            if s.cards[uid] == card:
                pile.remove(uid)
                s.hands[p].append(uid)
                return uid
    raise LookupError(card)


# --- R'lyeh -------------------------------------------------------------------


def test_rlyeh_lets_a_player_destroy_their_minion_there_at_the_start_of_their_turn_for_1_vp() -> None:
    t = _table("rlyeh")
    tinx = t.minion(2, "tinx", base=0)
    t.minion(1, "queen-fluffy", base=0)  # not player 2's: not offered
    s, _ = end(t.state, 1)
    p = prompt(s, 2)
    assert p.key == CPr.RLYEH and p.options == [tinx] and p.min == 0 and s.current == 2
    s, ev = answer(s, 2, tinx)
    assert where(s, tinx) == "discard:2" and s.vp[2] == 1
    assert find(ev, Ev.VP).args == {"player": 2, "points": 1, "source": "rlyeh"}
    assert Ev.DESTROYED in keys(ev)


def test_rlyeh_may_be_declined() -> None:
    t = _table("rlyeh")
    tinx = t.minion(2, "tinx", base=0)
    s, _ = end(t.state, 1)
    s, _ = answer(s, 2)
    assert where(s, tinx) == f"base:{t.base(0)}" and s.vp[2] == 0


def test_rlyeh_asks_nobody_without_a_minion_of_theirs_there() -> None:
    t = _table("rlyeh")
    t.minion(1, "queen-fluffy", base=0)
    t.minion(2, "tinx", base=1)
    s, _ = end(t.state, 1)
    assert not s.prompts and s.current == 2


def test_rlyeh_gives_no_vp_for_a_minion_that_cannot_be_destroyed() -> None:
    t = Table(P, bases=["rlyeh", "pony-paradise", "enchanted-glade"], madness=True)
    pinkie = t.minion(2, "pinkie", base=0)
    t.on_minion(2, "ladybug", pinkie)
    s, _ = end(t.state, 1)
    assert not s.prompts and s.vp[2] == 0


# --- Ritual Site -------------------------------------------------------------------


def test_ritual_site_shuffles_its_minions_into_their_owners_decks_after_scoring() -> None:
    t = _table("ritual-site")
    mine = [t.minion(1, c, base=0) for c in ("queen-fluffy", "eliza", "griselda", "apricot")]
    tinx = t.minion(2, "tinx", base=0)
    grump = t.on_minion(1, "grumpiness", tinx)
    decks = {p: len(t.state.decks[p]) for p in (1, 2)}
    s, ev = end(t.state, 1)
    assert all(where(s, m) == "deck:1" for m in mine) and where(s, tinx) == "deck:2"
    assert where(s, grump) == "discard:1"  # an action on a minion is discarded as usual
    assert len(s.decks[1]) == decks[1] + 4 - 2 and len(s.decks[2]) == decks[2] + 1
    assert s.vp == {1: 4, 2: 2} and [e.args["card"] for e in ev if e.key == Ev.TO_DECK] == [
        "queen-fluffy",
        "eliza",
        "griselda",
        "apricot",
        "tinx",
    ]
    check_cards(s)


def test_ritual_site_returns_a_borrowed_minion_to_its_owners_deck() -> None:
    t = _table("ritual-site")
    for c in ("queen-fluffy", "eliza", "griselda"):
        t.minion(1, c, base=0)
    titania = t.minion(2, "titania", base=0, controller=1)  # taken this turn
    s, _ = end(t.state, 1)
    assert where(s, titania) == "deck:2"


# --- Antarctic Base -------------------------------------------------------------------


def test_antarctic_base_allows_each_player_one_minion_there_a_turn() -> None:
    t = _table("antarctic-base")
    queen, whiskers = t.hand(1, "queen-fluffy", "whiskers")
    s = t.state
    G(s, []).credit(1, "test", minion=True)
    s, _ = play(s, 1, queen, base=t.base(0))
    legal = GAME.legal(s, 1)
    assert PlayCard(player=1, card=whiskers, base=t.base(0)) not in legal
    assert PlayCard(player=1, card=whiskers, base=t.base(1)) in legal
    with pytest.raises(RuleError) as e:
        play(s, 1, whiskers, base=t.base(0))
    assert e.value.key == Err.FORBIDDEN


def test_antarctic_base_counts_plays_not_moves_and_starts_afresh_each_turn() -> None:
    t = _table("antarctic-base")
    queen = t.minion(1, "queen-fluffy", base=1)
    whiskers = t.hand(1, "whiskers")
    s = t.state
    g = G(s, [])
    g.move(queen, t.base(0), 1)
    run(g)  # the "moved" trigger (nothing listens)
    assert PlayCard(player=1, card=whiskers, base=t.base(0)) in GAME.legal(s, 1)
    s, _ = play(s, 1, whiskers, base=t.base(0))
    s, _ = end(s, 1)
    s, _ = end(s, 2)
    assert s.current == 1
    grumpers = _take(s, 1, "mr-grumpers")
    assert PlayCard(player=1, card=grumpers, base=t.base(0)) in GAME.legal(s, 1)
