"""Invariants of the Dobble engine over random games (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Leave, RuleError, Tick, dump, to_jsonable
from engine.dobble import GAME, rules
from engine.dobble.cards import CARD_COUNT, SHARED
from engine.dobble.keys import Err, Ev
from engine.dobble.models import DobbleOptions, DobbleState, Spot
from tests.engine.dobble_helpers import check_cards

G = GAME
EVENT_KEYS = {str(k) for k in Ev}
STALE_KEYS = {Err.SECOND, Err.OLD_CARD, Err.NOT_YET, Err.NOT_IN_DUEL}

OPTIONS = [
    DobbleOptions(),
    DobbleOptions(countdown_ms=0),
    DobbleOptions(mode="well", countdown_ms=500),
    DobbleOptions(mode="catch", length=3, countdown_ms=1_000),
    DobbleOptions(mode="catch", length=27, countdown_ms=0),
    DobbleOptions(mode="gift"),
    DobbleOptions(mode="gift", countdown_ms=0),
    DobbleOptions(mode="match", match_modes=("catch", "tower"), length=1, countdown_ms=200, pause_ms=300),
    DobbleOptions(mode="match", length=2, countdown_ms=0, pause_ms=0),
]

# each step: (who, kind, pick, dt); kind below 50 a right press, below 80 any
# legal move, else a press made earlier — or, rarely (LEAVE and pick % 10 == 3), leaving
LEAVE = 57
steps = st.lists(
    st.tuples(st.integers(0, 7), st.integers(0, 99), st.integers(0, 10_000), st.integers(0, 3_000)),
    min_size=60,
    max_size=300,
)
games = st.tuples(st.integers(0, 2**64 - 1), st.integers(2, 8), st.sampled_from(OPTIONS), steps)


def right_presses(s: DobbleState, p: int) -> list[Spot]:
    return [a for a in G.legal(s, p) if isinstance(a, Spot) and SHARED[a.centre][a.card] == a.symbol]


def drive(
    seed: int, n: int, options: DobbleOptions, plan: list[tuple[int, int, int, int]], check: Any = None
) -> tuple[DobbleState, list[tuple[Any, int]]]:
    """Play ``plan``; ``check(state, old_presses, now)`` runs after every step."""
    s, ev = G.start(list(range(101, 101 + n)), seed=seed, options=options, now_ms=1_000)
    assert {e.key for e in ev} <= EVENT_KEYS
    log: list[tuple[Any, int]] = []
    made: list[Spot] = []
    now = 1_000
    for who, kind, pick, dt in plan:
        if s.stage == "over":
            break
        now += dt
        due = G.next_deadline(s)
        action: Any
        p = 101 + who % n
        if due is not None and due <= now:
            action = Tick()
        elif kind == LEAVE and pick % 10 == 3 and p in s.players:
            action = Leave(player=p)
        elif kind >= 80 and made:
            action = made[pick % len(made)]
        else:
            presses = [a for a in G.legal(s, p) if isinstance(a, Spot)]
            right = [a for a in presses if SHARED[a.centre][a.card] == a.symbol]
            pool = (right if kind < 50 else presses) or presses
            if not pool:
                if due is None:
                    continue
                now = max(now, due)
                action = Tick()
            else:
                action = pool[pick % len(pool)]
        try:
            s, ev = G.apply(s, action, now)
        except RuleError:
            assert isinstance(action, Spot), action
            assert action not in G.legal(s, action.player), "a legal action was refused"
            continue
        assert {e.key for e in ev} <= EVENT_KEYS
        log.append((action, now))
        if isinstance(action, Spot):
            made.append(action)
        if check is not None:
            check(s, made, now)
    return s, log


def _conserved(s: DobbleState, made: list[Spot], now: int) -> None:
    check_cards(s)
    for viewer in (None, *s.players):
        assert sum(G.view(s, viewer).zone_counts.values()) == 55


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_cards_are_conserved_through_zone_counts(game: tuple[int, int, DobbleOptions, Any]) -> None:
    seed, n, options, plan = game
    drive(seed, n, options, plan, _conserved)


def _views_hide(s: DobbleState, made: list[Spot], now: int) -> None:
    """A view shows the faces of the cards on the table and nothing else: no
    card during a countdown, never a card under another card."""
    up = set(rules.face_up(s)) if s.stage == "live" else set()
    for viewer in (None, *s.players):
        v = G.view(s, viewer)
        shown = [f for f in (v.centre, v.own, *v.tops.values(), *v.outer, *v.pairs) if f is not None]
        assert {f.card for f in shown} <= up
        for f in shown:
            assert f.symbols == s.faces[f.card]
        if s.stage == "countdown":
            assert not shown and v.reveal_at_ms == s.reveal_at
        if viewer is None:
            assert v.own is None and v.pairs == []
        # the deck order, the piles and the symbol orders of hidden cards never leave the engine
        assert not {"deck", "piles", "faces", "rng"} & set(to_jsonable(v))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_no_view_shows_a_hidden_card(game: tuple[int, int, DobbleOptions, Any]) -> None:
    seed, n, options, plan = game
    drive(seed, n, options, plan, _views_hide)


def _old_presses_never_count(s: DobbleState, made: list[Spot], now: int) -> None:
    live = s.stage == "live" and s.centre
    for a in made[-12:]:
        if live and a.centre == s.centre[-1] and a.card in rules.pair_cards(s, a.player):
            continue  # still a press on the card up now
        if a.player not in s.players or s.stage == "over":
            continue
        before = G.dump(s)
        try:
            G.apply(s, a, now)
        except RuleError as e:
            assert e.key in STALE_KEYS, e
        else:
            raise AssertionError(f"a press on an old card counted: {a!r}")
        assert G.dump(s) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_a_press_on_an_old_card_never_counts(game: tuple[int, int, DobbleOptions, Any]) -> None:
    seed, n, options, plan = game
    drive(seed, n, options, plan, _old_presses_never_count)


def candidates(s: DobbleState, p: int) -> list[Any]:
    """Presses on every symbol for the cards that matter now, just before and
    at random, and a leave: a wide net around what ``legal`` lists."""
    centres = {*s.centre[-1:], *s.outer[:2], 0, 56}
    cards = {*s.outer, *(c[-1] for c in s.piles.values() if c), *s.centre[-2:-1], 3}
    if s.last is not None:
        centres.add(s.last.centre)
        cards.add(s.last.card)
    out: list[Any] = [Leave(player=p)]
    for centre in sorted(centres):
        for card in sorted(cards):
            out += [
                Spot(player=p, symbol=x, centre=centre, card=card, shown=shown)
                for x in range(CARD_COUNT)
                for shown in {s.shown, max(s.shown - 1, 0)}  # this reveal, and the one before
            ]
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 7))
def test_legal_actions_are_exactly_the_accepted_ones(
    game: tuple[int, int, DobbleOptions, Any], who: int
) -> None:
    seed, n, options, plan = game
    s, _ = drive(seed, n, options, plan)
    for p in {101 + who % n, 101, 999}:
        legal = G.legal(s, p)
        for a in candidates(s, p):
            try:
                G.apply(s, a, s.clock_ms)
                accepted = True
            except RuleError:
                accepted = False
            assert accepted == (a in legal), (a, accepted)
        for a in legal:
            G.apply(s, a, s.clock_ms)  # every listed action is accepted


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_the_same_seed_and_actions_replay_to_the_same_json(game: tuple[int, int, DobbleOptions, Any]) -> None:
    seed, n, options, plan = game
    s, log = drive(seed, n, options, plan)
    again, _ = G.start(list(range(101, 101 + n)), seed=seed, options=options, now_ms=1_000)
    for action, now in log:
        again, _ = G.apply(again, G.parse_action(dump(action)), now)
    assert G.dump(again) == G.dump(s)
    loaded = G.load(G.dump(s))
    assert loaded == s and G.dump(loaded) == G.dump(s)
    assert G.load(to_jsonable(s)) == s


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_a_finished_game_stays_finished(game: tuple[int, int, DobbleOptions, Any]) -> None:
    seed, n, options, plan = game
    s, _ = drive(seed, n, options, plan)
    # finish it: right presses and ticks until over, or everybody but one leaves
    now = s.clock_ms
    for _ in range(3_000):
        if s.stage == "over":
            break
        due = G.next_deadline(s)
        presses = [a for p in s.players for a in right_presses(s, p)]
        now += 1
        if presses:
            s, _ = G.apply(s, presses[0], now)
        elif due is not None:
            now = max(now, due)
            s, _ = G.apply(s, Tick(), now)
        else:
            s, _ = G.apply(s, Leave(player=s.players[-1]), now)
    assert s.stage == "over" and G.outcome(s).status == "over"
    assert G.outcome(s).winners and set(G.outcome(s).winners) <= set(s.players)
    dump = G.dump(s)
    for p in (*s.players, *s.left):
        assert G.legal(s, p) == []
        for a in candidates(s, p)[:60]:
            try:
                G.apply(s, a, now + 1)
            except RuleError:
                pass
            else:
                raise AssertionError(f"{a!r} accepted after the end")
    after, ev = G.apply(s, Tick(), now + 10**9)
    assert G.dump(after) == dump and ev == [] and G.waiting(s) == [] and G.next_deadline(s) is None
