"""Smash Up's table timers: the turn's and the response's, what a timeout
picks, and a player whose turns keep running out (``engine/smashup/game.py``:
``_set_deadline``, ``tick``; ``prompts.timeout_picks``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import Answer, Event, Leave, Moves, RuleError, Tick, clone
from engine.smashup import GAME, prompts
from engine.smashup.effects import G
from engine.smashup.keys import Ev, Pr, all_keys
from engine.smashup.models import SCHEMA_VERSION, EndPlays, PlayCard, SmashUpOptions, SmashUpState
from tests.engine.smashup_helpers import (
    Table,
    check_cards,
    end_raw,
    find,
    keys,
    play,
    prompt,
    where,
)
from tests.engine.test_smashup_properties import conserved, private

P = {1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}
QUIET = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]
TURN, RESPONSE = 120_000, 30_000  # the defaults
DATA = Path(__file__).parent.parent / "data"


def _timed(t: Table, now: int = 0) -> SmashUpState:
    """The table's state with the timer of its opening decision running (``Table``
    builds a position without one)."""
    s = t.state
    s.deadline_ms = now + s.options.turn_timer_ms
    return s


def _time_out(s: SmashUpState) -> tuple[SmashUpState, list[Event]]:
    """Let the running timer run out."""
    due = GAME.next_deadline(s)
    assert due is not None
    return GAME.apply(s, Tick(), due)


# --- options --------------------------------------------------------------------------------


def test_the_timers_default_to_two_minutes_a_turn_and_thirty_seconds_an_answer() -> None:
    opts = SmashUpOptions()
    assert (opts.turn_timer_ms, opts.response_timer_ms) == (TURN, RESPONSE)
    # options given without the new field (a lobby's older settings) take its default
    assert GAME.options({"turn_timer_ms": 0}).response_timer_ms == RESPONSE
    assert GAME.options({"response_timer_ms": 0, "turn_timer_ms": 3_600_000}).response_timer_ms == 0
    for bad in ({"response_timer_ms": -1}, {"response_timer_ms": 3_600_001}, {"turn_timer_ms": -1}):
        with pytest.raises(RuleError):
            GAME.options(bad)


# --- which timer runs -----------------------------------------------------------------------


def test_the_setup_runs_the_turn_timer_and_waiting_shows_the_deadline() -> None:
    s, _ = GAME.start([1, 2], seed=4, now_ms=1_000)
    assert s.phase == "setup" and s.prompts[0].prompt.key == Pr.DRAFT
    assert GAME.next_deadline(s) == 1_000 + TURN
    assert [w.until_ms for w in GAME.waiting(s)] == [1_000 + TURN]
    x = s.prompts[0].prompt
    s, _ = GAME.apply(s, Answer(player=x.player, prompt=x.id, picks=[x.options[0]]), 5_000)
    assert GAME.next_deadline(s) == 5_000 + TURN  # every decision restarts it


def test_zero_timers_set_no_deadline_anywhere() -> None:
    opts = SmashUpOptions(turn_timer_ms=0, response_timer_ms=0)
    s, _ = GAME.start([1, 2], seed=4, options=opts, now_ms=1_000)
    assert GAME.next_deadline(s) is None and all(w.until_ms is None for w in GAME.waiting(s))
    t = Table(P, bases=["house-of-nine-lives", "enchanted-glade", "fairy-ring"], options=opts)
    skillet = t.hand(1, "skillet")
    t.minion(2, "tinx", base=1)
    s, _ = play(t.state, 1, skillet, now=2_000)
    assert prompt(s, 2) and GAME.next_deadline(s) is None


def test_the_current_players_play_phase_and_own_question_run_the_turn_timer() -> None:
    t = Table(P, bases=QUIET)
    godmother, muffin = t.hand(1, "fairy-godmother", "muffin")
    s, _ = play(t.state, 1, muffin, base=t.base(0), now=3_000)
    assert not s.prompts and GAME.next_deadline(s) == 3_000 + TURN  # the play phase
    s, _ = play(s, 1, godmother, now=5_000)
    assert prompt(s, 1).key and GAME.next_deadline(s) == 5_000 + TURN  # a question of the current player's
    assert GAME.waiting(s)[0].kind == "turn" and GAME.waiting(s)[0].until_ms == 5_000 + TURN


def test_a_question_to_another_player_runs_the_response_timer_and_times_out_on_it() -> None:
    t = Table(P, bases=["house-of-nine-lives", "enchanted-glade", "fairy-ring"])
    skillet = t.hand(1, "skillet")
    tinx = t.minion(2, "tinx", base=1)
    s, _ = play(t.state, 1, skillet, now=2_000)
    assert prompt(s, 2).min == 0 and not any(x.prompt.player == 1 for x in s.prompts)
    assert GAME.next_deadline(s) == 2_000 + RESPONSE
    assert [(w.kind, w.players, w.until_ms) for w in GAME.waiting(s)] == [("reaction", [2], 2_000 + RESPONSE)]
    same, ev = GAME.apply(s, Tick(), 2_000 + RESPONSE - 1)
    assert same is s and not ev
    s, ev = GAME.apply(s, Tick(), 2_000 + RESPONSE)
    assert find(ev, Ev.TIMEOUT).args["player"] == 2 and where(s, tinx) == "discard:2"  # the "may" declined
    # the current player's turn goes on, on the turn's timer again; it is not their timeout
    assert s.current == 1 and not s.prompts and GAME.next_deadline(s) == 2_000 + RESPONSE + TURN
    assert s.timeouts == {}


def test_a_me_first_window_times_the_current_player_by_the_turn_and_the_others_by_the_response() -> None:
    t = Table(P, bases=["ice-castle", *QUIET])
    for card in ("titania", "glymmer", "glymmer", "puck"):  # 16 power at the Ice Castle (15)
        t.minion(2, card, base=0)
    s, _ = end_raw(t.state, 1)
    x = prompt(s, 1)
    assert x.key == Pr.ME_FIRST and s.current == 1 and GAME.next_deadline(s) == TURN
    s, _ = GAME.apply(s, Answer(player=1, prompt=x.id, picks=[]), 1_000)
    x = prompt(s, 2)
    assert x.key == Pr.ME_FIRST and GAME.next_deadline(s) == 1_000 + RESPONSE
    s, ev = _time_out(s)  # player 2's pass is taken for them: the window closes, the base scores
    assert find(ev, Ev.TIMEOUT).args["player"] == 2 and Ev.PLACE in keys(ev)
    check_cards(s)


# --- what a timeout picks ---------------------------------------------------------------------


def _over_the_hand_limit(seed: int) -> SmashUpState:
    """Player 1 ends their plays with 11 cards: the draw makes 13, 3 to discard."""
    t = Table(P, bases=QUIET, seed=seed)
    s = t.state
    s.hands[1] += s.decks[1][:11]
    del s.decks[1][:11]
    s, _ = end_raw(s, 1)
    x = prompt(s, 1)
    assert x.key == Pr.HAND_LIMIT and x.min == x.max == 3 and len(x.options) == 13
    return s


def test_a_timed_out_discard_to_ten_picks_its_cards_at_random_with_the_states_rng() -> None:
    firsts = []
    for seed in range(1, 7):
        s = _over_the_hand_limit(seed)
        x = prompt(s, 1)
        assert GAME.next_deadline(s) == TURN  # the current player's own question
        after, ev = _time_out(s)
        thrown = find(ev, Ev.DISCARDED)
        gone = [c for c in x.options if c not in after.hands[1]]
        assert len(gone) == 3 and set(gone) <= set(after.discards[1]) and len(after.hands[1]) == 10
        assert sorted(thrown.args["cards"]) == sorted(after.cards[c] for c in gone)
        assert after.current == 2 and after.rng != s.rng
        again, _ = _time_out(s)  # the same state, the same cards: the rng is the state's
        assert GAME.dump(again) == GAME.dump(after)
        firsts.append(set(gone) == set(prompts.default_picks(x)))
        check_cards(after)
    assert not all(firsts)  # not simply the first ones


def test_other_prompts_still_take_their_default_on_a_timeout() -> None:
    t = Table(P, bases=QUIET)
    godmother = t.hand(1, "fairy-godmother")
    s, _ = play(t.state, 1, godmother, now=5_000)
    x = prompt(s, 1)
    assert prompts.timeout_picks(G(clone(s), []), x) == prompts.default_picks(x) == ["draw2"]
    s, _ = _time_out(s)
    assert len(s.hands[1]) == 2 + 2  # the default (draw 2), then the turn's draw


# --- a player whose turns run out ------------------------------------------------------------------


def test_the_away_keys_are_registered() -> None:
    assert {"smashup-ev-away", "smashup-ev-away-you"} <= set(all_keys()) <= set(GAME.keys)


def _away_events(ev: list[Event]) -> list[tuple[str, int | None, Any]]:
    return [(str(e.key), e.to, e.args.get("player")) for e in ev if e.key in (Ev.AWAY, Ev.AWAY_YOU)]


def test_two_timed_out_turns_in_a_row_tell_the_table_and_the_player_once() -> None:
    s = _timed(Table(P, bases=QUIET))
    s, ev = _time_out(s)
    assert find(ev, Ev.TIMEOUT).args["player"] == 1 and s.current == 2
    assert s.timeouts == {1: 1} and _away_events(ev) == []
    s, _ = GAME.apply(s, EndPlays(player=2), 130_000)
    assert s.current == 1 and s.timeouts == {1: 1}  # another player's action clears nothing of 1's
    with pytest.raises(RuleError):  # refused by its handler: the copy it was made on is dropped
        GAME.apply(s, PlayCard(player=1, card=s.decks[1][0], base=s.bases[0].uid), 131_000)
    assert s.timeouts == {1: 1}
    s, ev = _time_out(s)
    assert s.timeouts == {1: 2} and s.current == 2
    # a public announcement and a private word to the player, before the turn ends
    assert _away_events(ev) == [(Ev.AWAY, None, 1), (Ev.AWAY_YOU, 1, 1)]
    assert keys(ev).index(Ev.AWAY) < keys(ev).index(Ev.TURN_END)
    s, _ = GAME.apply(s, EndPlays(player=2), GAME.next_deadline(s) - 1)
    s, ev = _time_out(s)  # a third in a row: nothing more is said, the turn is not skipped
    assert s.timeouts == {1: 3} and _away_events(ev) == [] and Ev.TIMEOUT in keys(ev)
    s, _ = GAME.apply(s, EndPlays(player=2), GAME.next_deadline(s) - 1)
    assert s.current == 1 and GAME.waiting(s)[0].players == [1]  # still gets their turn
    s, _ = GAME.apply(s, EndPlays(player=1), GAME.next_deadline(s) - 1)  # back
    assert s.timeouts == {}
    s, _ = GAME.apply(s, EndPlays(player=2), GAME.next_deadline(s) - 1)
    s, ev = _time_out(s)
    assert s.timeouts == {1: 1} and _away_events(ev) == []
    s, _ = GAME.apply(s, EndPlays(player=2), GAME.next_deadline(s) - 1)
    s, ev = _time_out(s)  # two in a row again: told again
    assert _away_events(ev) == [(Ev.AWAY, None, 1), (Ev.AWAY_YOU, 1, 1)]


def test_a_play_in_between_breaks_the_run() -> None:
    t = Table(P, bases=QUIET)
    muffin = t.hand(1, "muffin")
    s, _ = _time_out(_timed(t))
    assert s.timeouts == {1: 1}
    s, _ = GAME.apply(s, EndPlays(player=2), 1_000)
    s, _ = play(s, 1, muffin, base=t.base(0), now=2_000)  # a play of their own, then silence
    assert s.timeouts == {}
    s, ev = _time_out(s)
    assert s.timeouts == {1: 1} and _away_events(ev) == []


def test_an_answer_off_turn_breaks_the_run_and_a_refused_action_does_not() -> None:
    t = Table(P, bases=["ice-castle", *QUIET])
    s, _ = _time_out(_timed(t))
    assert s.timeouts == {1: 1} and s.current == 2
    with pytest.raises(RuleError):
        GAME.apply(s, EndPlays(player=1), 1_000)  # not their turn: refused, nothing changes
    assert s.timeouts == {1: 1}
    t.s = s
    for card in ("starlyte", "rainbow", "rainbow", "seastar"):  # 16 at the Ice Castle: it scores
        t.minion(2, card, base=0)
    s, _ = end_raw(s, 2)
    x = prompt(s, 2)
    s, _ = GAME.apply(s, Answer(player=2, prompt=x.id, picks=[]), 1_000)
    x = prompt(s, 1)
    assert x.key == Pr.ME_FIRST and s.timeouts == {1: 1}
    s, _ = GAME.apply(s, Answer(player=1, prompt=x.id, picks=[]), 2_000)  # they answer: they are here
    assert s.timeouts == {}


def test_a_timed_out_question_on_the_players_own_turn_counts_as_a_timed_out_turn() -> None:
    t = Table(P, bases=QUIET)
    godmother = t.hand(1, "fairy-godmother")
    s, _ = GAME.apply(_timed(t), EndPlays(player=1), 0)
    s, _ = _time_out(s)  # player 2 idles
    assert s.timeouts == {2: 1} and s.current == 1
    s, _ = play(s, 1, godmother, now=1_000)
    assert prompt(s, 1).options == ["draw2", "power3"]
    s, ev = _time_out(s)  # their question runs out (its default), and their play phase with it
    assert s.timeouts == {1: 1, 2: 1} and s.current == 2 and keys(ev).count(Ev.TIMEOUT) == 1
    s, ev = _time_out(s)
    assert s.timeouts == {1: 1, 2: 2} and _away_events(ev) == [(Ev.AWAY, None, 2), (Ev.AWAY_YOU, 2, 2)]


# --- stored documents ------------------------------------------------------------------------------


def _schema_2(options: dict[str, Any]) -> dict[str, Any]:
    """Today's document of a game, as the schema 2 engine stored it."""
    s, _ = GAME.start([1, 2], seed=9, options=SmashUpOptions(turn_timer_ms=0, response_timer_ms=0))
    raw: dict[str, Any] = json.loads(GAME.dump(s))
    raw.pop("timeouts")
    return {**raw, "schema_version": 2, "options": options}


def test_a_schema_2_game_keeps_the_timing_it_had() -> None:
    base = {"boxes": None, "factions": None, "goal": 15, "draft": "snake", "unique_factions": False}
    for stored, want in (
        ({**base, "turn_timer_ms": 0}, (0, 0)),  # untimed stays untimed
        ({**base, "turn_timer_ms": 30_000}, (30_000, 30_000)),  # one timer for every decision, as it was
        (base, (0, 0)),  # no turn timer stored: the old default, 0
    ):
        raw = _schema_2(stored)
        copy = json.loads(json.dumps(raw))
        s = GAME.load(raw)
        assert raw == copy  # the stored document itself is left alone
        assert s.schema_version == SCHEMA_VERSION == 3 and s.timeouts == {}
        assert (s.options.turn_timer_ms, s.options.response_timer_ms) == want
        assert GAME.load(GAME.dump(s)) == s


@pytest.mark.parametrize("name", ["draft", "prompt", "window"])
def test_the_stored_sessions_load_untimed(name: str) -> None:
    raw = json.loads((DATA / f"session_v2_smashup_{name}.json").read_text())["state"]
    s = GAME.load(raw)
    assert (s.options.turn_timer_ms, s.options.response_timer_ms) == (0, 0) and s.timeouts == {}
    x = s.prompts[0].prompt
    s, _ = GAME.apply(s, Answer(player=x.player, prompt=x.id, picks=x.options[: x.min]), s.clock_ms)
    assert GAME.next_deadline(s) is None


def test_the_timeouts_round_trip_through_json() -> None:
    s, _ = _time_out(_timed(Table(P, bases=QUIET)))
    assert s.timeouts == {1: 1}
    assert GAME.load(GAME.dump(s)).timeouts == {1: 1}


# --- random games with the timers firing ------------------------------------------------------------


def _timed_game(seed: int, n: int) -> tuple[SmashUpState, list[tuple[Any, int]], list[Event]]:
    """Short timers and slow players: many decisions time out, the table plays on."""
    rnd = random.Random(seed)
    opts = SmashUpOptions(turn_timer_ms=3_000, response_timer_ms=1_000)
    s, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=opts, now_ms=0)
    now, log, events = 0, [], []
    for _ in range(3000):
        if s.phase == "over":
            break
        menu: list[Any] = []
        for p in s.seats:
            legal = GAME.legal(s, p)
            menu += [
                a for a in (legal.plain if isinstance(legal, Moves) else legal) if not isinstance(a, Leave)
            ]
            if isinstance(legal, Moves) and legal.answers:
                menu.append(legal.answers[rnd.randrange(len(legal.answers))])
        due = GAME.next_deadline(s)
        assert due is not None and s.deadline_ms == due
        assert all(w.until_ms == due for w in GAME.waiting(s))
        now += rnd.choice((100, 500, 2_000))
        action: Any = Tick() if not menu or rnd.random() < 0.35 else rnd.choice(menu)
        if isinstance(action, Tick):
            now = max(now, due)
        elif now >= due:
            now = due - 1
        s, ev = GAME.apply(s, action, now)
        events += ev
        log.append((action, now))
        conserved(s)
        private(s)
    return s, log, events


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_timers_firing_finish_and_replay(seed: int) -> None:
    n = 2 + seed % 3
    s, log, events = _timed_game(seed, n)
    assert s.phase == "over" and len(s.winners) == 1
    assert Ev.TIMEOUT in keys(events)
    for e in events:
        if e.key == Ev.AWAY_YOU:
            assert e.to == e.args["player"]
        elif e.key == Ev.AWAY:
            assert e.to is None
    again, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=s.options, now_ms=0)
    for action, now in log:
        again, _ = GAME.apply(again, action, now)
    assert GAME.dump(again) == GAME.dump(s)


def test_random_timed_games_tell_of_players_away() -> None:
    seen: set[str] = set()
    for seed in range(10, 14):
        _, _, events = _timed_game(seed, 2 + seed % 3)
        seen |= set(keys(events))
    assert {Ev.TIMEOUT, Ev.AWAY, Ev.AWAY_YOU} <= seen


def test_an_away_player_is_played_for_after_five_seconds_and_a_press_brings_them_back() -> None:
    """[decision] Once away, a player's turn lasts ``AWAY_MS`` instead of the whole
    timer (the table is not held up); their own press says they are back."""
    from engine.smashup.game import AWAY_MS

    s = _timed(Table(P, bases=QUIET))
    for _ in range(2):
        s, _ = _time_out(s)
        s, _ = GAME.apply(s, EndPlays(player=2), GAME.next_deadline(s) - 1)
    assert s.current == 1 and s.timeouts == {1: 2}
    started = s.clock_ms
    assert GAME.next_deadline(s) == started + AWAY_MS
    s, ev = GAME.apply(s, EndPlays(player=1), started + 1)
    assert find(ev, Ev.BACK).args == {"player": 1} and s.timeouts == {}
    s, _ = GAME.apply(s, EndPlays(player=2), s.clock_ms + 1)
    assert GAME.next_deadline(s) == s.clock_ms + s.options.turn_timer_ms  # the whole timer again
