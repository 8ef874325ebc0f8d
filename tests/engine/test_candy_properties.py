"""Invariants of the Candy Empire engine over random games (hypothesis): cards conserved,
no view shows another's hand or the closed discard, legal ⇔ accepted, replays identical,
JSON round-trip, a finished game stays finished."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.candy import GAME
from engine.candy.keys import Ev
from engine.candy.models import (
    Allow,
    Block,
    CandyOptions,
    CandyState,
    Discard,
    NextGame,
    PlayToDiscard,
    PlayToEmpire,
    Protect,
    Step,
)
from engine.core import Answer, Event, Leave, RuleError, Tick, answers, pending_of, replace, to_jsonable
from tests.engine.candy_helpers import check_cards
from tests.engine.playout import follow

G = GAME
EVENT_KEYS = {str(k) for k in Ev}
OPTIONS = [
    CandyOptions(),
    CandyOptions(turn_timer_ms=3_000, reaction_window_ms=1_000),
    CandyOptions(team_game=True),
    CandyOptions(big_game=True, break_ms=0),
    CandyOptions(big_game=True, break_ms=2_000, turn_timer_ms=5_000),
    CandyOptions(defenceless=True),
    CandyOptions(no_limits=True, open_discard=True),
    CandyOptions(open_discard=True, reaction_window_ms=2_000),
]

steps = st.lists(
    st.tuples(st.integers(0, 9), st.integers(0, 60), st.integers(0, 7_000)),
    min_size=40,
    max_size=160,
)
games = st.tuples(st.integers(0, 2**64 - 1), st.integers(2, 4), st.sampled_from(OPTIONS), steps)


def players_for(n: int, options: CandyOptions) -> list[int]:
    if options.team_game:
        n = 4
    if options.big_game:
        n = max(n, 3)
    return list(range(101, 101 + n))


def drive(
    seed: int, n: int, options: CandyOptions, plan: list[tuple[int, int, int]], check: Any = None
) -> tuple[CandyState, list[tuple[Any, int]]]:
    """Play ``plan``: each step lets time pass, then some player picks a legal action."""
    s, ev = G.start(players_for(n, options), seed=seed, options=options, now_ms=1_000)
    assert {e.key for e in ev} <= EVENT_KEYS
    return follow(
        G,
        s,
        plan,
        keys=EVENT_KEYS,
        askers=lambda s: s.seats,
        rare=lambda a: isinstance(a, Leave),
        rare_now=lambda pick, dt: pick == 60 and dt % 7 == 0,  # leaving stays rare
        check=check,
    )


def conserved(s: CandyState) -> None:
    check_cards(s)
    for viewer in (None, *s.seats):
        assert sum(G.view(s, viewer).zone_counts.values()) == len(s.cards)


def _card_ids(obj: Any) -> set[int]:
    """Every card id a dumped view shows, wherever it stands."""
    found: set[int] = set()
    if isinstance(obj, dict):
        if {"id", "character", "candies"} <= obj.keys():
            found.add(obj["id"])
        for v in obj.values():
            found |= _card_ids(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= _card_ids(v)
    return found


def private(s: CandyState, events: list[Event]) -> None:
    """Hands, the deck and (unless «Всезнайка») the discard stay hidden; a player
    sees their own hand, and the discard only while their Lawyer looks through it."""
    hands = {c for h in s.hands.values() for c in h}
    open_pile = s.options.open_discard
    hidden = hands | set(s.deck) | (set() if open_pile else set(s.discard))
    public = G.view(s, None)
    assert public.hand is None and public.prompt is None
    assert (public.discard is not None) == open_pile
    assert not _card_ids(to_jsonable(public)) & hidden
    for p in s.seats:
        v = G.view(s, p)
        assert v.hand is not None and [c.id for c in v.hand] == s.hands[p]
        pending = pending_of(s, p)
        looks = pending is not None and pending.then == Step.LAWYER
        assert (v.discard is not None) == (open_pile or looks)
        allowed = set(s.hands[p]) | (set(s.discard) if looks else set())
        shown = _card_ids(to_jsonable(v))
        if v.prompt is not None:
            assert v.prompt.player == p
            if v.prompt.kind == "card":
                shown |= {int(o) for o in v.prompt.options}
        assert not (shown & hidden) - allowed
    starts = [i for i, e in enumerate(events) if e.key == Ev.BIG_GAME_STARTED]
    for e in events[starts[-1] if starts else 0 :]:  # a new deal moves the cards of the last game
        if e.to is None:
            for name in ("card", "discarded"):
                c = e.args.get(name)
                assert not (isinstance(c, int) and c in hands | set(s.deck)), e


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_cards_conserved_and_no_view_shows_hidden_cards(game: Any) -> None:
    def check(before: CandyState, action: Any, after: CandyState, events: list[Event]) -> None:
        conserved(after)
        private(after, events)

    drive(*game, check=check)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_same_seed_and_actions_give_the_same_state(game: Any) -> None:
    seed, n, options, plan = game
    s1, log = drive(seed, n, options, plan)
    s2, _ = G.start(players_for(n, options), seed=seed, options=options, now_ms=1_000)
    for action, now in log:
        s2, _ = G.apply(s2, G.parse_action(to_jsonable(action)), now)
    assert G.dump(s1) == G.dump(s2)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_state_round_trips_through_json(game: Any) -> None:
    def check(before: CandyState, action: Any, after: CandyState, events: list[Event]) -> None:
        again = G.load(G.dump(after))
        assert G.dump(again) == G.dump(after)
        assert G.view(again, None) == G.view(after, None)

    drive(*game, check=check)


def candidates(s: CandyState, p: int) -> list[Any]:
    """A wide set of actions for ``p``: every card in any hand, the discard's top,
    empire cards to protect, every kind of move and right and wrong answers."""
    cards = sorted({c for h in s.hands.values() for c in h} | set(s.discard[-2:]))
    empire = [c for e in s.empires.values() for c in e[-3:]]
    out: list[Any] = []
    for c in cards:
        out += [PlayToEmpire(player=p, card=c), PlayToDiscard(player=p, card=c), Discard(player=p, card=c)]
    for c in s.hands.get(p, [])[:3]:
        out += [Protect(player=p, card=c, protect=t) for t in empire]
    out += [Block(player=p), Allow(player=p), Leave(player=p), NextGame(player=p)]
    for pending in s.prompts:
        pr = pending.prompt
        out += [replace(a, player=p) for a in answers(pr)[:20]]
        opts = list(pr.options)
        out += [
            Answer(player=p, prompt=pr.id, picks=[]),
            Answer(player=p, prompt=pr.id + 1, picks=opts[:1]),
            Answer(player=p, prompt=pr.id, picks=[999]),
            Answer(player=p, prompt=pr.id, picks=opts[:1] * 2),
            Answer(player=p, prompt=pr.id, picks=opts[:3]),
            Answer(player=p, prompt=pr.id, picks=[], cancel=True),
        ]
    return out


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_an_action_is_accepted_exactly_when_it_is_legal(game: Any) -> None:
    def check(before: CandyState, action: Any, after: CandyState, events: list[Event]) -> None:
        for p in [*after.seats, 999]:
            legal = G.legal(after, p)
            for a in candidates(after, p):
                snapshot = G.dump(after)
                try:
                    G.apply(after, a, after.clock_ms)
                    accepted = True
                except RuleError:
                    accepted = False
                assert G.dump(after) == snapshot  # never touched
                assert accepted == (a in legal), (a, accepted, legal)
            for a in legal:  # and everything legal is among what a keyboard could send
                G.apply(after, a, after.clock_ms)

    drive(*game, check=check)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 4), st.sampled_from(OPTIONS))
def test_a_finished_game_stays_finished(seed: int, n: int, options: CandyOptions) -> None:
    players = players_for(n, options)
    s, _ = G.start(players, seed=seed, options=options)
    now = 0
    for i in range(5_000):
        if s.phase == "over":
            break
        now += 500
        due = G.next_deadline(s)
        if due is not None and due <= now:
            s, _ = G.apply(s, Tick(), now)
            continue
        acts = [a for p in s.seats for a in G.legal(s, p) if not isinstance(a, Leave)]
        if acts:
            s, _ = G.apply(s, acts[i * 7919 % len(acts)], now)
    assert s.phase == "over"
    out = G.outcome(s)
    assert out.status == "over" and out.winners and set(out.winners) <= set(s.seats)
    assert G.next_deadline(s) is None and G.waiting(s) == []
    for p in [*s.seats, 999]:
        assert G.legal(s, p) == []
        for a in candidates(s, p):
            with pytest.raises(RuleError):
                G.apply(s, a, now + 1)
    same, ev = G.apply(s, Tick(), now + 10**9)
    assert same is s and ev == []


@settings(max_examples=300, deadline=None)
@given(st.data(), st.booleans())
def test_a_computer_players_total_is_the_scores_total(data: Any, full: bool) -> None:
    """``total_of`` (what a computer weighs moves by) is the rules' own score, of
    any empire, in either deck."""
    from engine.candy.cards import CHARACTER_OF, combos_for
    from engine.candy.scoring import score, total_of

    empire = data.draw(st.lists(st.integers(0, len(CHARACTER_OF) - 1), max_size=24))
    assert total_of(empire, full) == score(empire, combos_for(full)).total
