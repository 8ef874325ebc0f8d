"""Two defects an audit found in the Me-First window and the mulligan, replayed.

A. A player leaving during a Me-First window: the engine counted responders
   by position over the players still at the table, so a leaver shifted
   everyone — a Special played by one player was announced and resolved as
   the next one's (and stayed in its owner's hand: playable twice), and the
   next responder could be skipped.  The window now names its responder and
   who passed by player id; a leaver's open question is answered with a pass.
B. Hidden information in the public wait list: only players holding a usable
   Special were asked in a window, and only players with no minion at the
   mulligan, so ``waiting()`` told who held what.  Everyone is asked alike now.
"""

from __future__ import annotations

from typing import Any

from engine.core import Answer, Event, Leave, to_jsonable
from engine.smashup import GAME, setup
from engine.smashup.cards import FACTIONS
from engine.smashup.effects import G
from engine.smashup.keys import Choice, Ev, Pr
from engine.smashup.models import SmashUpOptions, SmashUpState
from engine.smashup.tasks import CORE, call, run
from tests.engine.smashup_helpers import (
    Table,
    answer_raw,
    check_cards,
    end_raw,
    find,
    keys,
    prompt,
    where,
)

QUIET = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]
THREE = {1: ["kitty-cats", "fairies"], 2: ["princesses", "mythic-horses"], 3: ["fairies", "kitty-cats"]}
FOUR = {
    1: ["kitty-cats", "fairies"],
    2: ["fairies", "mythic-horses"],
    3: ["princesses", "kitty-cats"],
    4: ["mythic-horses", "princesses"],
}


def _window_prompt(s: SmashUpState) -> Any:
    """The one open question of the window (a window asks one player at a time)."""
    assert len(s.prompts) == 1
    p = s.prompts[0].prompt
    assert p.key in (Pr.ME_FIRST, Pr.AFTER_SCORING) and p.min == 0 and p.skip_key == Pr.PASS
    return p


def _pass(s: SmashUpState) -> tuple[SmashUpState, list[Event]]:
    p = _window_prompt(s)
    return GAME.apply(s, Answer(player=p.player, prompt=p.id, picks=[]), 0)


def _four_at_the_ice_castle() -> tuple[Table, int]:
    """Player 1 ends a turn with the Ice Castle (15) at 18; player 3 holds Some
    Day My Prince (usable: minions there, other bases to move one to)."""
    t = Table(FOUR, bases=["ice-castle", *QUIET, "pony-paradise"])
    prince = t.hand(3, "some-day-my-prince")
    for c in ("queen-fluffy", "whiskers", "whiskers"):
        t.minion(1, c, base=0)  # 13
    t.minion(4, "apricot", base=0)  # 18
    return t, prince


# --- A: a player leaving during a Me-First window -----------------------------------------


def test_a_player_leaving_during_me_first_does_not_shift_who_answers() -> None:
    """The current player passes and walks out while player 2 is being asked:
    player 2's Special is player 2's — announced, paid from and resolved for them."""
    t = Table(THREE, bases=["ice-castle", *QUIET])
    prince = t.hand(2, "some-day-my-prince")
    for c in ("queen-fluffy", "whiskers", "whiskers"):
        t.minion(1, c, base=0)
    tinx = t.minion(3, "tinx", base=0)  # 15: the Ice Castle scores
    s, _ = end_raw(t.state, 1)
    assert _window_prompt(s).player == 1
    s, _ = _pass(s)
    asked = _window_prompt(s)
    assert asked.player == 2 and asked.options == [prince]
    s, ev = GAME.apply(s, Leave(player=1), 0)  # the current player leaves, out of their turn to answer
    assert _window_prompt(s) == asked  # player 2's question stays open, unchanged
    assert s.window is not None and s.window.responder == 2
    s, ev = answer_raw(s, 2, prince)
    assert find(ev, Ev.PLAYED_SPECIAL).args == {
        "player": 2,
        "card": "some-day-my-prince",
        "base": "ice-castle",
    }
    assert prince not in s.hands[2] and Ev.USED_SPECIAL not in keys(ev)
    # the Prince resolves as player 2's: Tinx (the only minion left there) is taken at
    # once, and player 2 — not player 3 — says where it goes
    assert prompt(s, 2).key == Pr.MOVE_TO and not any(x.prompt.player == 3 for x in s.prompts)
    s, _ = answer_raw(s, 2, t.base(1))
    assert where(s, tinx) == f"base:{t.base(1)}" and where(s, prince) == "discard:2"
    check_cards(s)


def test_a_special_played_in_the_window_leaves_its_owners_hand_once() -> None:
    """A player before the responder leaves out of turn: the responder's Special is
    still theirs, leaves their hand once, and is never offered again."""
    t, prince = _four_at_the_ice_castle()
    s, _ = end_raw(t.state, 1)
    s, _ = _pass(s)  # 1
    s, _ = _pass(s)  # 2
    assert _window_prompt(s).player == 3 and _window_prompt(s).options == [prince]
    s, _ = GAME.apply(s, Leave(player=2), 0)
    s, ev = answer_raw(s, 3, prince)
    played = [e for e in ev if e.key in (Ev.PLAYED_SPECIAL, Ev.USED_SPECIAL)]
    assert [(e.key, e.args["player"]) for e in played] == [(Ev.PLAYED_SPECIAL, 3)]
    assert prince not in s.hands[3]
    p = prompt(s, 3)  # the Prince asks its player which minion leaves the scoring base
    assert p.key == Pr.MOVE and t.state.bases[0].minions[3].uid in p.options
    apricot = t.state.bases[0].minions[3].uid
    s, _ = answer_raw(s, 3, apricot)
    s, ev = answer_raw(s, 3, t.base(1))
    specials = 1
    asked = []
    while Ev.PLACE not in keys(ev):
        q = _window_prompt(s)
        asked.append(q.player)
        assert prince not in q.options  # gone from the hand: never offered twice
        s, ev = _pass(s)
        specials += sum(1 for e in ev if e.key in (Ev.PLAYED_SPECIAL, Ev.USED_SPECIAL))
    assert asked == [4, 1, 3] and specials == 1  # player 2 has left: everyone else passed in a row
    assert where(s, prince) == "discard:3" and where(s, apricot) == f"base:{t.base(1)}"
    check_cards(s)


def test_the_next_responder_is_not_skipped_when_someone_leaves() -> None:
    """The responder walks out: their question is answered with a pass, and the
    next player round the table is asked — nobody is skipped."""
    t, prince = _four_at_the_ice_castle()
    s, ev = end_raw(t.state, 1)
    s, more = _pass(s)  # 1 passes
    ev += more
    assert _window_prompt(s).player == 2
    s, more = GAME.apply(s, Leave(player=2), 0)  # 2 leaves while asked: a pass
    ev += more
    asked = [1, 2]
    while Ev.PLACE not in keys(ev):
        q = _window_prompt(s)
        asked.append(q.player)
        if q.player == 3:
            assert q.options == [prince]  # 3 is asked, with their Special
        s, more = _pass(s)
        ev += more
    # 1 passed, 2 passed on leaving, 3 and 4 passed: all of them in a row
    assert asked == [1, 2, 3, 4]
    assert [e.args["player"] for e in ev if e.key == Ev.PASSED] == [1, 2, 3, 4]
    assert keys(ev).index(Ev.LEFT) < keys(ev).index(Ev.PLACE)


def test_the_window_closes_when_everyone_left_at_the_table_has_passed_in_a_row() -> None:
    """The leaver's pass does not count, and the others' passes before a play don't either."""
    # 1 and 2 pass, 3 walks out on its question: 1 and 2 have passed in a row: it closes
    t = Table(THREE, bases=["ice-castle", *QUIET])
    for c in ("queen-fluffy", "whiskers", "whiskers"):
        t.minion(1, c, base=0)
    t.minion(3, "tinx", base=0)
    s, _ = end_raw(t.state, 1)
    s, _ = _pass(s)
    s, _ = _pass(s)
    assert _window_prompt(s).player == 3
    s, ev = GAME.apply(s, Leave(player=3), 0)
    assert [e.args["player"] for e in ev if e.key == Ev.PASSED] == [3]
    assert Ev.PLACE in keys(ev)
    # 1 passes, 2 plays the Prince, 3 walks out: 1 and 2 must pass again before it closes
    t = Table(THREE, bases=["ice-castle", *QUIET])
    prince = t.hand(2, "some-day-my-prince")
    for c in ("queen-fluffy", "whiskers", "whiskers"):
        t.minion(1, c, base=0)
    tinx = t.minion(3, "tinx", base=0)
    s, _ = end_raw(t.state, 1)
    s, _ = _pass(s)
    s, _ = answer_raw(s, 2, prince)
    s, _ = answer_raw(s, 2, tinx)
    s, _ = answer_raw(s, 2, t.base(1))
    assert _window_prompt(s).player == 3
    s, ev = GAME.apply(s, Leave(player=3), 0)
    asked = []
    while Ev.PLACE not in keys(ev):
        asked.append(_window_prompt(s).player)
        s, ev = _pass(s)
    assert asked == [1, 2]


# --- B: what the public wait list tells -------------------------------------------------------


def _public(s: SmashUpState, events: list[Event]) -> Any:
    """Everything a player who is not asked sees: the public view, whom the
    game waits on, the public events."""
    return (
        to_jsonable(GAME.view(s, None)),
        [to_jsonable(w) for w in GAME.waiting(s)],
        [to_jsonable(e) for e in events if e.to is None],
    )


def test_the_wait_list_does_not_tell_who_holds_a_special() -> None:
    """Two tables alike but for one card in player 3's hand: a usable Special, or
    a card that is none.  Whoever is not player 3 sees the very same window."""
    runs = []
    for card in ("some-day-my-prince", "skillet"):
        t, _ = _four_at_the_ice_castle() if card == "some-day-my-prince" else _with_skillet()
        s, ev = end_raw(t.state, 1)
        seen = [_public(s, ev), [to_jsonable(GAME.view(s, p)) for p in (1, 2, 4)]]
        asked = []
        while Ev.PLACE not in keys(ev):
            q = _window_prompt(s)
            asked.append((q.player, q.key))
            s, ev = _pass(s)
            seen += [_public(s, ev), [to_jsonable(GAME.view(s, p)) for p in (1, 2, 4)]]
        runs.append((seen, asked))
    (seen_a, asked_a), (seen_b, asked_b) = runs
    assert asked_a == asked_b == [(p, Pr.ME_FIRST) for p in (1, 2, 3, 4)]
    assert seen_a == seen_b


def _with_skillet() -> tuple[Table, int]:
    """``_four_at_the_ice_castle`` with a Skillet (no Special) where the Prince was."""
    t = Table(FOUR, bases=["ice-castle", *QUIET, "pony-paradise"])
    skillet = t.hand(3, "skillet")
    for c in ("queen-fluffy", "whiskers", "whiskers"):
        t.minion(1, c, base=0)
    t.minion(4, "apricot", base=0)
    return t, skillet


def test_only_the_asked_player_sees_what_they_may_play() -> None:
    t, prince = _four_at_the_ice_castle()
    s, _ = end_raw(t.state, 1)
    s, _ = _pass(s)
    s, _ = _pass(s)
    assert GAME.view(s, 3).prompt is not None and GAME.view(s, 3).prompt.options == [prince]  # type: ignore[union-attr]
    assert all(GAME.view(s, p).prompt is None for p in (1, 2, 4)) and GAME.view(s, None).prompt is None
    assert [(w.kind, w.players) for w in GAME.waiting(s)] == [("reaction", [3])]


def _mulligan_position(hand2: list[str]) -> tuple[SmashUpState, list[Event]]:
    """Two players at the mulligan, player 1 with a minion in hand, player 2
    with ``hand2`` (the rest of each deck where it was)."""
    factions = {1: ["kitty-cats", "princesses"], 2: ["fairies", "princesses"]}
    s = SmashUpState(
        options=SmashUpOptions(),
        seed=1,
        rng=1,
        seats=[1, 2],
        boxes=["pretty-pretty"],
        pool=list(FACTIONS),
        hands={1: [], 2: []},
        decks={1: [], 2: []},
        discards={1: [], 2: []},
        factions={1: [], 2: []},
        vp={1: 0, 2: 0},
        current=1,
    )
    g = G(s, [])
    setup.new_deck_cards(g)
    for p, fs in factions.items():
        for f in fs:
            setup.take_faction(g, p, f)
    for _ in range(3):
        G(s, []).add_base(s.base_deck.pop())
    for p, hand in ((1, ["muffin", "skillet", "skillet", "heirloom", "heirloom"]), (2, hand2)):
        for card in hand:
            uid = next(u for u in s.decks[p] if s.cards[u] == card)
            s.decks[p].remove(uid)
            s.hands[p].append(uid)
    out: list[Event] = []
    run(G(s, out), call(CORE, "mulligan"))
    return s, out


def test_the_mulligan_asks_every_player_alike() -> None:
    """Player 2's hand has no minion in one position and one in the other: both
    players are asked in both, and nothing public tells the two apart."""
    no_minion, ev_a = _mulligan_position(
        ["skillet", "skillet", "heirloom", "tale-as-old-as-time", "true-loves-kiss"]
    )
    minion, ev_b = _mulligan_position(["skillet", "skillet", "heirloom", "tale-as-old-as-time", "tinx"])
    for s in (no_minion, minion):
        assert sorted(x.prompt.player for x in s.prompts) == [1, 2]
        assert [(w.kind, w.players) for w in GAME.waiting(s)] == [("setup", [1, 2])]
    assert _public(no_minion, ev_a) == _public(minion, ev_b)
    assert to_jsonable(GAME.view(no_minion, 1)) == to_jsonable(GAME.view(minion, 1))
    # the difference is in player 2's own question only
    a, b = prompt(no_minion, 2), prompt(minion, 2)
    assert (a.key, a.options) == (Pr.MULLIGAN, [Choice.KEEP, Choice.REDRAW])
    assert (b.key, b.options) == (Pr.MULLIGAN_KEEP, [Choice.KEEP])
    assert a.id == b.id and prompt(no_minion, 1) == prompt(minion, 1)
    assert prompt(minion, 1).key == Pr.MULLIGAN_KEEP
    # keeping looks the same too
    after = []
    for s in (no_minion, minion):
        events: list[Event] = []
        for p in (1, 2):
            s, ev = GAME.apply(s, Answer(player=p, prompt=prompt(s, p).id, picks=[Choice.KEEP.value]), 0)
            events += ev
        assert s.phase == "playing" and [e.args["player"] for e in events if e.key == Ev.KEEP] == [1, 2]
        after.append(_public(s, events))
    assert after[0] == after[1]


def test_every_player_is_asked_at_the_mulligan_of_a_new_game() -> None:
    for seed in range(12):
        s, _ = GAME.start([1, 2, 3], seed=seed, options=GAME.options({"draft": "random"}))
        assert sorted(x.prompt.player for x in s.prompts) == [1, 2, 3]
        for x in s.prompts:
            has_minion = any(FACTIONS_CARDS[s.cards[c]] for c in s.hands[x.prompt.player])
            assert x.prompt.key == (Pr.MULLIGAN_KEEP if has_minion else Pr.MULLIGAN)
        assert GAME.waiting(s)[0].players == [x.prompt.player for x in s.prompts]


FACTIONS_CARDS = {c.id: c.minion for f in FACTIONS.values() for c in f.cards}
