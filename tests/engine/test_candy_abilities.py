"""Candy Empire: every character's ability of docs/rules/candy_empire.md (§1), the Snatcher's block,
protected cards and the Kidnapper's ban — each in a position built for it."""

from __future__ import annotations

import pytest

from engine.candy import GAME
from engine.candy.cards import Character
from engine.candy.keys import Choice, Err, Ev, Pr
from engine.candy.models import Allow, Block, CandyOptions, Discard, PlayToDiscard, PlayToEmpire, Protect
from engine.core import RuleError, Tick
from tests.engine.candy_helpers import act, answer, deal_cards, find, keys, prompt_of, table

C = Character


def play(s, p: int, card: int, now: int = 0):  # type: ignore[no-untyped-def]
    return act(s, {"type": "empire", "player": p, "card": card}, now)


# --- Boss -----------------------------------------------------------------------------


def test_boss_takes_three_then_puts_two_back_on_top_in_the_chosen_order() -> None:
    k = deal_cards()
    boss, keep = k.boss, k.trader
    top = [k.judge, k.hitman, k.lawyer]
    s = table(hands={1: [boss, keep, k.policeman], 2: [k.trader], 3: [k.trader]}, deck=top)
    s, _ = play(s, 1, boss)
    pr = prompt_of(s, 1)
    assert pr.kind == "choice" and pr.options == [Choice.TAKE.value] and pr.min == 0
    s, ev = answer(s, 1, Choice.TAKE.value)
    assert find(ev, Ev.BOSS_TOOK).args == {"player": 1, "count": 3}
    assert sorted(e.args["card"] for e in ev if e.key == Ev.DREW_CARD and e.to == 1) == sorted(top)
    assert Ev.DREW not in keys(ev)
    pr = prompt_of(s, 1)
    assert pr.ordered and pr.min == pr.max == 2 and len(pr.options) == 5 and pr.args == {"count": 2}
    first, second = top[2], keep
    s, ev = answer(s, 1, first, second)
    assert s.deck[-1] == first and s.deck[-2] == second  # the first chosen ends on top
    assert len(s.hands[1]) == 3 and s.current == 2  # and no draw after the Boss
    assert find(ev, Ev.BOSS_RETURNED).args == {"player": 1, "count": 2}


def test_boss_declined_draws_as_usual() -> None:
    k = deal_cards()
    boss = k.boss
    s = table(hands={1: [boss, k.trader, k.trader], 2: [k.trader], 3: [k.trader]})
    s, _ = play(s, 1, boss)
    s, ev = answer(s, 1)
    assert Ev.DECLINED in keys(ev) and find(ev, Ev.DREW).args["count"] == 1


def test_boss_with_an_empty_deck_does_nothing() -> None:
    k = deal_cards()
    boss = k.boss
    s = table(hands={1: [boss, k.trader], 2: [k.trader], 3: [k.trader]}, rest="discard")
    s, ev = play(s, 1, boss)
    assert find(ev, Ev.NO_EFFECT).args == {"player": 1, "card": boss} and s.current == 2


# --- Lawyer ------------------------------------------------------------------------------


def test_lawyer_played_to_the_discard_looks_through_it_and_takes_a_card_into_the_empire() -> None:
    k = deal_cards()
    lawyer, trader, hidden = k.lawyer, k.trader, k.judge
    s = table(hands={1: [lawyer, k.trader], 2: [k.trader], 3: [k.trader]}, discard=[hidden, trader])
    s, ev = act(s, {"type": "to_discard", "player": 1, "card": lawyer})
    assert Ev.LAWYER_LOOKS in keys(ev)
    pr = prompt_of(s, 1)
    assert pr.kind == "card" and trader in pr.options and lawyer not in pr.options and pr.min == 0
    # the Lawyer's owner looks through the pile; nobody else does
    seen = [c.id for c in GAME.view(s, 1).discard or []]
    assert hidden in seen and trader in seen
    assert GAME.view(s, 2).discard is None and GAME.view(s, None).discard is None
    s, ev = answer(s, 1, trader)
    assert s.empires[1] == [trader] and lawyer in s.discard
    assert find(ev, Ev.LAWYER_TOOK).args == {"player": 1, "card": trader}
    assert GAME.view(s, 1).discard is None


def test_lawyer_cannot_take_itself_back() -> None:
    k = deal_cards()
    lawyer = k.lawyer
    s = table(hands={1: [lawyer, k.trader], 2: [k.trader], 3: [k.trader]}, discard=[], rest="deck")
    s, ev = act(s, {"type": "to_discard", "player": 1, "card": lawyer})
    assert find(ev, Ev.NO_EFFECT).args == {"player": 1, "card": lawyer} and s.current == 2


def test_lawyer_resolves_the_taken_cards_ability_as_if_just_played() -> None:
    k = deal_cards()
    lawyer, hitman, victim = k.lawyer, k.hitman, k.trader
    s = table(hands={1: [lawyer], 2: [k.trader], 3: [k.trader]}, discard=[hitman], empires={2: [victim]})
    s, _ = act(s, {"type": "to_discard", "player": 1, "card": lawyer})
    s, _ = answer(s, 1, hitman)
    assert prompt_of(s, 1).key == Pr.HITMAN
    s, ev = answer(s, 1, victim)
    assert find(ev, Ev.HITMAN).args == {"player": 1, "target": 2, "card": victim}


def test_lawyer_taken_thief_goes_back_to_the_discard_and_steals() -> None:
    k = deal_cards()
    lawyer, thief, trader = k.lawyer, k.candy_thief, k.trader
    s = table(hands={1: [lawyer], 2: [k.boss], 3: [k.boss]}, discard=[thief], empires={2: [trader]})
    s, _ = act(s, {"type": "to_discard", "player": 1, "card": lawyer})
    s, _ = answer(s, 1, thief)
    assert prompt_of(s, 1).key == Pr.THIEF
    s, ev = answer(s, 1, trader)
    assert s.empires[1] == [trader] and thief in s.discard and not s.empires[2]
    assert keys(ev)[:2] == [Ev.THIEF_BACK, Ev.THIEF_TOOK]


def test_lawyer_taken_boss_means_no_draw() -> None:
    k = deal_cards()
    lawyer, boss = k.lawyer, k.boss
    s = table(hands={1: [lawyer, k.trader, k.trader], 2: [k.trader], 3: [k.trader]}, discard=[boss])
    s, _ = act(s, {"type": "to_discard", "player": 1, "card": lawyer})
    s, _ = answer(s, 1, boss)
    s, _ = answer(s, 1, Choice.TAKE.value)
    picks = prompt_of(s, 1).options[:2]
    s, ev = answer(s, 1, *picks)
    assert len(s.hands[1]) == 3 and Ev.DREW not in keys(ev) and s.current == 2


def test_lawyer_cannot_take_a_banned_character_from_the_discard() -> None:
    k = deal_cards()
    lawyer, banned, fine = k.lawyer, k.trader, k.judge
    s = table(hands={1: [lawyer], 2: [k.trader], 3: [k.trader]}, discard=[banned, fine], banned=[C.TRADER])
    s, _ = act(s, {"type": "to_discard", "player": 1, "card": lawyer})
    assert banned not in prompt_of(s, 1).options and fine in prompt_of(s, 1).options


# --- Detective ------------------------------------------------------------------------------


def test_detective_makes_every_other_player_discard_a_thief_buyer_or_boss_of_their_choice() -> None:
    k = deal_cards()
    det = k.detective
    boss2, buyer2, thief3, keep3 = k.boss, k.candy_buyer, k.candy_thief, k.trader
    s = table(
        hands={1: [det, k.trader], 2: [k.trader], 3: [k.trader]},
        empires={2: [boss2, buyer2], 3: [thief3, keep3]},
    )
    s, ev = play(s, 1, det)
    # player 3 has one choice: given up at once; player 2 chooses
    assert find(ev, Ev.DETECTIVE).args == {"player": 1}
    assert find(ev, Ev.DETECTIVE_GAVE).args == {"player": 3, "card": thief3}
    pr = prompt_of(s, 2)
    assert sorted(pr.options) == sorted([boss2, buyer2]) and pr.min == 1 and pr.args == {"player": 1}
    assert GAME.waiting(s)[0].players == [2]
    s, ev = answer(s, 2, buyer2)
    assert s.empires[2] == [boss2] and buyer2 in s.discard and s.current == 2


def test_detective_asks_every_victim_at_once() -> None:
    k = deal_cards(4)
    det = k.detective
    s = table(
        players=[1, 2, 3, 4],
        hands={1: [det, k.trader], 2: [k.trader], 3: [k.trader], 4: [k.trader]},
        empires={2: [k.boss, k.candy_buyer], 3: [k.candy_thief, k.boss], 4: [k.trader]},
    )
    s, _ = play(s, 1, det)
    w = GAME.waiting(s)
    assert w[0].kind == "all" and w[0].players == [2, 3]
    assert GAME.view(s, 2).prompt is not None and GAME.view(s, 3).prompt is not None
    assert GAME.view(s, 1).prompt is None and GAME.view(s, 4).prompt is None
    s, _ = answer(s, 3, prompt_of(s, 3).options[0])
    assert s.current == 1
    s, _ = answer(s, 2, prompt_of(s, 2).options[1])
    assert s.current == 2


def test_detective_skips_players_without_one() -> None:
    k = deal_cards()
    det = k.detective
    s = table(hands={1: [det, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [k.trader]})
    s, ev = play(s, 1, det)
    assert find(ev, Ev.NO_EFFECT).args == {"player": 1, "card": det} and s.current == 2


# --- Pickpocket, Candy Buyer, Trader: passive ----------------------------------------------


@pytest.mark.parametrize("ch", ["pickpocket", "candy_buyer", "trader", "snatcher"])
def test_pickpocket_candy_buyer_trader_and_snatcher_do_nothing_when_played(ch: str) -> None:
    k = deal_cards()
    card = k(ch)
    s = table(hands={1: [card, k.judge], 2: [k.judge], 3: [k.judge]}, empires={2: [k.snatcher]})
    s2, ev = play(s, 1, card)
    assert keys(ev)[0] == Ev.PLAYED and not s2.prompts and s2.current == 2
    assert s2.empires[2] == s.empires[2]


# --- Candy Thief ----------------------------------------------------------------------------------


def test_candy_thief_moves_a_card_from_another_empire_without_its_ability() -> None:
    k = deal_cards()
    thief, judge, own = k.candy_thief, k.judge, k.trader
    s = table(hands={1: [thief, k.trader], 2: [k.trader], 3: [k.trader]}, empires={1: [own], 3: [judge]})
    s, _ = act(s, {"type": "to_discard", "player": 1, "card": thief})
    pr = prompt_of(s, 1)
    assert pr.options == [judge] and pr.min == 0  # never one's own
    s, ev = answer(s, 1, judge)
    assert s.empires[1] == [own, judge] and not s.empires[3] and thief in s.discard
    assert find(ev, Ev.THIEF_TOOK).args == {"player": 1, "target": 3, "card": judge}
    assert not s.prompts and s.current == 2  # the Judge's ability does not fire


# --- Hitman ------------------------------------------------------------------------------------


def test_hitman_discards_any_card_but_a_kidnapper_own_included() -> None:
    k = deal_cards()
    hitman, own, theirs, kid = k.hitman, k.trader, k.boss, k.kidnapper
    s = table(
        hands={1: [hitman, k.trader], 2: [k.trader], 3: [k.trader]}, empires={1: [own], 2: [theirs, kid]}
    )
    s, _ = play(s, 1, hitman)
    pr = prompt_of(s, 1)
    assert sorted(pr.options) == sorted([own, theirs])  # not the Kidnapper, not itself
    s, ev = answer(s, 1, own)
    assert s.empires[1] == [hitman] and own in s.discard
    assert find(ev, Ev.HITMAN).args == {"player": 1, "target": 1, "card": own}


# --- Policeman ---------------------------------------------------------------------------------


def test_policeman_moves_a_pickpocket_or_snatcher_without_its_ability() -> None:
    k = deal_cards()
    cop, pick, snatch, trader = k.policeman, k.pickpocket, k.snatcher, k.trader
    s = table(
        hands={1: [cop, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [pick, trader], 3: [snatch]}
    )
    s, _ = play(s, 1, cop)
    pr = prompt_of(s, 1)
    assert sorted(pr.options) == sorted([pick, snatch]) and pr.min == 0
    s, ev = answer(s, 1, pick)
    assert s.empires[1] == [cop, pick] and s.empires[2] == [trader]
    assert find(ev, Ev.POLICEMAN).args == {"player": 1, "target": 2, "card": pick}


# --- Snatcher: the block -----------------------------------------------------------------------


def _judge_at_snatchers(protect_one: bool = False, window: int = 5_000):  # type: ignore[no-untyped-def]
    k = deal_cards()
    judge = k.judge
    sn = k.many("snatcher", 2)
    hand1 = [judge, k.trader, k.trader]
    hand2 = [k.boss, k.boss, k.lawyer]
    s = table(
        players=[1, 2],
        hands={1: hand1, 2: hand2},
        empires={2: sn},
        protected=[sn[0]] if protect_one else [],
        options=CandyOptions(no_limits=True, reaction_window_ms=window),
    )
    return s, judge, sn


def test_snatcher_block_inside_the_window_cancels_the_judge() -> None:
    s, judge, sn = _judge_at_snatchers()
    s, ev = play(s, 1, judge, now=1_000)
    e = find(ev, Ev.WINDOW_OPEN)
    assert e.args == {"player": 2, "by": 1, "card": judge, "until": 6_000}
    assert GAME.next_deadline(s) == 6_000
    w = GAME.waiting(s)
    assert [(x.kind, x.players, x.until_ms) for x in w] == [("reaction", [2], 6_000)]
    assert GAME.legal(s, 2)[:2] == [Block(player=2), Allow(player=2)]
    assert GAME.legal(s, 1) == [GAME.legal(s, 1)[0]] and GAME.legal(s, 1)[0].type == "leave"
    v = GAME.view(s, None)
    assert v.reaction is not None and v.reaction.player == 2 and v.reaction.card.id == judge
    assert GAME.view(s, 2).can_block and not GAME.view(s, 1).can_block
    hand2 = list(s.hands[2])
    s, ev = act(s, {"type": "block", "player": 2}, now=5_999)
    assert find(ev, Ev.BLOCKED).args == {"player": 2, "by": 1, "card": judge}
    assert s.hands[2] == hand2 and not s.empires[2] and set(sn) <= set(s.discard)
    assert s.current == 2


def test_snatcher_block_after_the_window_is_too_late() -> None:
    s, judge, _ = _judge_at_snatchers()
    s, _ = play(s, 1, judge, now=1_000)
    with pytest.raises(RuleError) as e:
        act(s, {"type": "block", "player": 2}, now=6_001)
    assert e.value.key == Err.TOO_LATE
    s2, ev = GAME.apply(s, Tick(), 6_000)
    assert Ev.NOT_BLOCKED in keys(ev) and Ev.JUDGE_SWAPPED in keys(ev)
    with pytest.raises(RuleError) as e:
        act(s2, {"type": "block", "player": 2}, now=6_001)
    assert e.value.key == Err.TOO_LATE


def test_a_block_after_a_policeman_took_a_snatcher_is_still_too_late() -> None:
    """The window closed and the Policeman took one of the two Snatchers: a late
    block hears that it is too late, not that two Snatchers are needed."""
    k = deal_cards()
    cop = k.policeman
    sn = k.many("snatcher", 2)
    s = table(
        players=[1, 2],
        hands={1: [cop, k.trader, k.trader], 2: [k.boss, k.boss, k.lawyer]},
        empires={2: sn},
        options=CandyOptions(no_limits=True),
    )
    s, _ = play(s, 1, cop, now=1_000)
    s, ev = answer(s, 1, sn[0], now=1_000)
    assert Ev.WINDOW_OPEN in keys(ev)
    s, ev = GAME.apply(s, Tick(), 6_000)
    assert find(ev, Ev.POLICEMAN).args["card"] == sn[0] and s.empires[2] == [sn[1]]
    with pytest.raises(RuleError) as e:
        act(s, {"type": "block", "player": 2}, now=6_001)
    assert e.value.key == Err.TOO_LATE


def test_snatcher_window_is_a_deadline_not_a_sleep() -> None:
    s, judge, _ = _judge_at_snatchers(window=2_000)
    s, _ = play(s, 1, judge, now=1_000)
    same, ev = GAME.apply(s, Tick(), 2_999)
    assert same is s and not ev
    with pytest.raises(RuleError) as e:
        act(s, {"type": "discard", "player": 1, "card": s.hands[1][0]}, now=1_500)
    assert e.value.key == Err.WAIT_REACTION
    s2, _ = GAME.apply(s, Tick(), 3_000)
    assert s2.reaction is None and s2.current == 2


def test_snatcher_block_with_fewer_than_two_unprotected_is_refused() -> None:
    s, judge, _ = _judge_at_snatchers(protect_one=True)
    s, ev = play(s, 1, judge)
    assert Ev.WINDOW_OPEN not in keys(ev) and Ev.JUDGE_SWAPPED in keys(ev)
    with pytest.raises(RuleError) as e:
        act(s, {"type": "block", "player": 2})
    assert e.value.key == Err.NEED_TWO_SNATCHERS


def test_snatcher_block_without_a_window_is_refused() -> None:
    s, _, _ = _judge_at_snatchers()
    with pytest.raises(RuleError) as e:
        act(s, {"type": "block", "player": 2})
    assert e.value.key == Err.NO_WINDOW


def test_allow_closes_the_window_and_the_ability_happens() -> None:
    s, judge, _ = _judge_at_snatchers()
    mine = list(s.hands[1])
    mine.remove(judge)
    s, _ = play(s, 1, judge)
    theirs = list(s.hands[2])
    s, _ = act(s, {"type": "allow", "player": 2})
    assert s.hands[1] == theirs and s.hands[2][:2] == mine and len(s.hands[2]) == 3
    with pytest.raises(RuleError) as e:
        act(s, {"type": "allow", "player": 2})
    assert e.value.key == Err.NO_WINDOW


def test_snatcher_block_cancels_the_policeman() -> None:
    k = deal_cards()
    cop, pick = k.policeman, k.pickpocket
    sn = k.many("snatcher", 2)
    s = table(hands={1: [cop, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: [pick, *sn]})
    s, _ = play(s, 1, cop)
    s, ev = answer(s, 1, pick)
    assert find(ev, Ev.WINDOW_OPEN).args["player"] == 2
    assert GAME.legal(s, 3) == [GAME.legal(s, 3)[0]]  # only the target may react
    with pytest.raises(RuleError):
        act(s, {"type": "block", "player": 3})
    s, _ = act(s, {"type": "block", "player": 2})
    assert s.empires[2] == [pick] and s.empires[1] == [cop]


def test_snatcher_cannot_block_the_sly_cop() -> None:
    k = deal_cards()
    sly = k.sly_cop
    sn = k.many("snatcher", 3)
    s = table(hands={1: [sly, k.trader], 2: [k.trader], 3: [k.trader]}, empires={2: sn}, discard=[])
    s, ev = play(s, 1, sly)
    assert Ev.WINDOW_OPEN not in keys(ev) and s.reaction is None
    assert find(ev, Ev.SLY_COP_TOOK).args == {"player": 1, "target": 2, "count": 2}


# --- Kidnapper ---------------------------------------------------------------------------------


def test_kidnapper_bans_a_character_and_discards_it_from_every_empire() -> None:
    k = deal_cards()
    kid = k.kidnapper
    t1, t2, t3, kept = k.trader, k.trader, k.trader, k.trader
    s = table(
        hands={1: [kid, k.judge], 2: [k.boss], 3: [k.boss]},
        empires={1: [t1], 2: [t2, kept], 3: [t3]},
        protected=[kept],
    )
    s, _ = play(s, 1, kid)
    pr = prompt_of(s, 1)
    assert pr.kind == "character" and pr.min == 1 and C.KIDNAPPER.value not in pr.options
    s, ev = answer(s, 1, C.TRADER.value)
    assert find(ev, Ev.KIDNAPPED).args == {"player": 1, "character": "trader", "count": 3}
    assert s.banned == [C.TRADER] and s.empires[2] == [kept]  # the protected one stays and scores
    assert GAME.view(s, None).banned == [C.TRADER] and GAME.view(s, None).scores[2].total == 5


def test_kidnapper_cannot_name_itself_or_a_banned_character() -> None:
    k = deal_cards()
    kid = k.kidnapper
    s = table(hands={1: [kid, k.judge], 2: [k.boss], 3: [k.boss]}, banned=[C.TRADER])
    s, _ = play(s, 1, kid)
    opts = prompt_of(s, 1).options
    assert "trader" not in opts and "kidnapper" not in opts and "boss" in opts
    with pytest.raises(RuleError):
        answer(s, 1, "trader")


def test_kidnapper_with_an_empty_hand_does_nothing() -> None:
    k = deal_cards()
    kid = k.kidnapper
    s = table(hands={1: [kid, k.judge], 2: [], 3: [k.boss]}, empires={3: [k.trader]})
    s, ev = play(s, 1, kid)
    assert find(ev, Ev.KIDNAPPER_IDLE).args == {"player": 1, "target": 2}
    assert not s.banned and s.empires[1] == [kid]


def test_banned_character_cannot_be_played_into_an_empire_but_may_be_discarded() -> None:
    k = deal_cards()
    banned, mine = k.trader, k.boss
    s = table(hands={1: [banned, k.judge], 2: [k.boss], 3: [k.boss]}, empires={1: [mine]}, banned=[C.TRADER])
    legal = GAME.legal(s, 1)
    assert PlayToEmpire(player=1, card=banned) not in legal
    assert Discard(player=1, card=banned) in legal
    assert Protect(player=1, card=banned, protect=mine) in legal  # it may pay for a protection
    with pytest.raises(RuleError) as e:
        play(s, 1, banned)
    assert e.value.key == Err.BANNED and e.value.params == {"character": "trader"}
    hand = {c.id: c for c in GAME.view(s, 1).hand or []}
    assert not hand[banned].empire and hand[banned].discard and hand[banned].protect == [mine]
    s2, _ = act(s, {"type": "discard", "player": 1, "card": banned})
    assert banned in s2.discard


def test_banned_thief_cannot_be_played_for_its_ability() -> None:
    k = deal_cards()
    thief = k.candy_thief
    s = table(hands={1: [thief, k.judge], 2: [k.boss], 3: [k.boss]}, banned=[C.CANDY_THIEF])
    assert PlayToDiscard(player=1, card=thief) not in GAME.legal(s, 1)
    with pytest.raises(RuleError) as e:
        act(s, {"type": "to_discard", "player": 1, "card": thief})
    assert e.value.key == Err.BANNED


# --- Judge -----------------------------------------------------------------------------------


def test_judge_swaps_hands_and_whoever_has_two_draws_a_third() -> None:
    k = deal_cards()
    judge = k.judge
    mine = [k.trader, k.trader]
    theirs2 = [k.boss, k.boss, k.boss]
    s = table(hands={1: [judge, *mine], 2: [k.lawyer], 3: theirs2})
    s, _ = play(s, 1, judge)
    pr = prompt_of(s, 1)
    assert pr.options == [2, 3] and pr.kind == "player"
    s, ev = answer(s, 1, 3)
    assert find(ev, Ev.JUDGE_SWAPPED).args == {"player": 1, "target": 3}
    assert s.hands[3][:2] == mine and len(s.hands[3]) == 3  # 2 cards: a third is drawn
    assert s.hands[1] == theirs2


def test_judge_is_skipped_when_the_deck_cannot_refill() -> None:
    k = deal_cards()
    judge = k.judge
    s = table(hands={1: [judge, k.trader, k.trader], 2: [k.boss, k.boss], 3: [k.lawyer]}, rest="discard")
    s, ev = play(s, 1, judge)
    assert find(ev, Ev.JUDGE_SKIPPED).args == {"player": 1}
    assert len(s.hands[2]) == 2


def test_judge_targets_only_players_holding_cards() -> None:
    k = deal_cards()
    judge = k.judge
    theirs = [k.boss, k.boss, k.boss]
    s = table(hands={1: [judge, k.trader, k.trader], 2: [], 3: theirs})
    s, ev = play(s, 1, judge)  # one target only: the referee aims at once
    assert find(ev, Ev.JUDGE_SWAPPED).args == {"player": 1, "target": 3}
    assert s.hands[1] == theirs


# --- Trader ----------------------------------------------------------------------------------


def test_trader_has_no_ability_and_five_candies() -> None:
    k = deal_cards()
    trader = k.trader
    s = table(hands={1: [trader, k.judge], 2: [k.boss], 3: [k.boss]})
    s, _ = play(s, 1, trader)
    assert not s.prompts and GAME.view(s, None).scores[1].total == 5


# --- Sly Cop -----------------------------------------------------------------------------------


def test_sly_cop_takes_every_snatcher_from_the_discard() -> None:
    k = deal_cards()
    sly = k.sly_cop
    pile = k.many("snatcher", 3)
    s = table(hands={1: [sly, k.judge], 2: [k.boss], 3: [k.boss]}, discard=pile, empires={2: [k.snatcher]})
    s, ev = play(s, 1, sly)
    assert find(ev, Ev.SLY_COP_DISCARD).args == {"player": 1, "count": 3}
    assert s.empires[1] == [sly, *pile] and len(s.empires[2]) == 1


def test_sly_cop_takes_up_to_two_from_the_player_with_the_most() -> None:
    k = deal_cards()
    sly = k.sly_cop
    s = table(
        hands={1: [sly, k.judge], 2: [k.boss], 3: [k.boss]},
        empires={2: k.many("snatcher", 3), 3: [k.snatcher]},
        discard=[],
    )
    s, ev = play(s, 1, sly)
    assert find(ev, Ev.SLY_COP_TOOK).args == {"player": 1, "target": 2, "count": 2}
    assert len(s.empires[1]) == 3 and len(s.empires[2]) == 1


def test_sly_cop_asks_which_player_on_a_tie() -> None:
    k = deal_cards()
    sly = k.sly_cop
    s = table(
        hands={1: [sly, k.judge], 2: [k.boss], 3: [k.boss]},
        empires={2: [k.snatcher], 3: [k.snatcher]},
        discard=[],
    )
    s, _ = play(s, 1, sly)
    pr = prompt_of(s, 1)
    assert pr.kind == "player" and pr.options == [2, 3] and pr.min == 1
    s, ev = answer(s, 1, 3)
    assert find(ev, Ev.SLY_COP_TOOK).args == {"player": 1, "target": 3, "count": 1}


def test_sly_cop_ignores_banned_snatchers_in_the_discard() -> None:
    k = deal_cards()
    sly = k.sly_cop
    s = table(hands={1: [sly, k.judge], 2: [k.boss], 3: [k.boss]}, discard=[k.snatcher], banned=[C.SNATCHER])
    s, ev = play(s, 1, sly)
    assert Ev.NO_EFFECT in keys(ev) and s.empires[1] == [sly]


# --- protected cards -----------------------------------------------------------------------------


def test_protected_cards_cannot_be_chosen_by_any_ability() -> None:
    k = deal_cards()
    hitman, thief, cop, det = k.hitman, k.candy_thief, k.policeman, k.detective
    shielded = [k.trader, k.pickpocket, k.snatcher, k.boss]
    s = table(
        hands={1: [hitman, thief, cop], 2: [k.judge], 3: [k.judge]}, empires={2: shielded}, protected=shielded
    )
    for action in (
        {"type": "empire", "player": 1, "card": hitman},
        {"type": "to_discard", "player": 1, "card": thief},
        {"type": "empire", "player": 1, "card": cop},
    ):
        _, ev = act(s, action)
        assert Ev.NO_EFFECT in keys(ev)
    s = table(hands={1: [det], 2: [k.lawyer], 3: [k.lawyer]}, empires={2: shielded}, protected=shielded)
    _, ev = play(s, 1, det)
    assert Ev.NO_EFFECT in keys(ev)


def test_protected_cards_still_score_and_combine() -> None:
    k = deal_cards()
    buyer, thief = k.candy_buyer, k.candy_thief
    s = table(
        hands={1: [k.judge], 2: [k.boss], 3: [k.boss]}, empires={1: [buyer, thief]}, protected=[buyer, thief]
    )
    sc = GAME.view(s, None).scores[1]
    assert (sc.cards, sc.buyer, sc.combos, sc.total) == (2, 2, 5, 9)
