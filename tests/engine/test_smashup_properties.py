"""Invariants of the Smash Up engine over random games (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Answer, Leave, RuleError, Tick, to_jsonable
from engine.smashup import GAME
from engine.smashup.cards import BASES
from engine.smashup.keys import Ev
from engine.smashup.models import EndPlays, PlayCard, SmashUpOptions, SmashUpState, UseTalent
from tests.engine.playout import follow
from tests.engine.smashup_helpers import check_cards

EVENT_KEYS = {str(k) for k in Ev} | {k for k in GAME.keys if k.startswith("smashup-ev-")}  # factions' own too

OPTIONS = [
    SmashUpOptions(),
    SmashUpOptions(draft="random"),
    SmashUpOptions(draft="random", goal=6),
    SmashUpOptions(turn_timer_ms=5_000, response_timer_ms=2_000, goal=8),
    SmashUpOptions(turn_timer_ms=0, response_timer_ms=0),  # no timer at all
    SmashUpOptions(unique_factions=True),
    # the Cthulhu box's bases and Madness deck with the «Мимими» factions
    SmashUpOptions(boxes=("pretty-pretty", "cthulhu")),
    SmashUpOptions(boxes=("pretty-pretty", "cthulhu"), draft="random", goal=8),
]

games = st.tuples(
    st.integers(0, 2**32 - 1),
    st.integers(2, 4),
    st.sampled_from(OPTIONS),
    st.lists(
        st.tuples(st.integers(0, 9), st.integers(0, 500), st.integers(0, 6000)), min_size=30, max_size=150
    ),
)


def drive(
    seed: int, n: int, options: SmashUpOptions, plan: list[tuple[int, int, int]], check: Any = None
) -> tuple[SmashUpState, list[tuple[Any, int]]]:
    if options.unique_factions:
        n = 2
    s, ev = GAME.start(list(range(101, 101 + n)), seed=seed, options=options, now_ms=1_000)
    assert {e.key for e in ev} <= EVENT_KEYS
    return follow(
        GAME,
        s,
        plan,
        keys=EVENT_KEYS,
        askers=lambda s: s.seats,
        rare=lambda a: isinstance(a, Leave),
        rare_now=lambda pick, dt: pick == 500,
        check=None if check is None else lambda before, action, after, _: check(before, action, after),
    )


def _uids(x: Any, out: set[int]) -> None:
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "uid" and isinstance(v, int):
                out.add(v)
            elif k == "cards" and isinstance(v, dict):
                out.update(int(u) for u in v)
            else:
                _uids(v, out)
    elif isinstance(x, list):
        for v in x:
            _uids(v, out)


def private(s: SmashUpState) -> None:
    """A view shows its viewer's own hand, never another's, and no deck order."""
    decks = {c for d in s.decks.values() for c in d}
    public = GAME.view(s, None)
    assert public.hand is None and public.prompt is None
    seen: set[int] = set()
    _uids(to_jsonable(public), seen)
    assert not seen & ({c for h in s.hands.values() for c in h} | decks)
    for p in s.seats:
        v = GAME.view(s, p)
        assert v.hand is not None and [c.uid for c in v.hand] == s.hands[p]
        seen = set()
        _uids({k: x for k, x in to_jsonable(v).items() if k != "hand"}, seen)
        if v.prompt is not None and v.prompt.kind != "player":  # a player prompt's options are seats
            seen |= {o for o in v.prompt.options if isinstance(o, int)}
        others = {c for q, h in s.hands.items() if q != p for c in h}
        assert not seen & others
        assert not seen & decks
        if v.prompt is not None:
            assert v.prompt.player == p


def conserved(s: SmashUpState) -> None:
    total = sum(GAME.view(s, None).zone_counts.values())
    bases = sum(1 for b in BASES.values() if b.box in s.boxes)
    assert total == 40 * len(s.seats) + bases + (30 if s.madness_on else 0)
    if s.phase != "setup":
        check_cards(s)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_cards_are_conserved_and_views_stay_private(game: tuple[int, int, SmashUpOptions, list[Any]]) -> None:
    seed, n, options, plan = game

    def check(before: SmashUpState, action: Any, after: SmashUpState) -> None:
        conserved(after)
        private(after)

    drive(seed, n, options, plan, check)


def _candidates(s: SmashUpState, p: int) -> list[Any]:
    """Plausible actions, legal or not."""
    out: list[Any] = [EndPlays(player=p)]
    cards = list(range(0, len(s.cards), 7)) + list(s.hands.get(p, []))[:4]
    bases = [*[b.uid for b in s.bases][:2], None]
    minions = [*[m.uid for b in s.bases for m in b.minions][:3], None]
    for c in cards[:10]:
        for b in bases:
            for m in minions:
                out.append(PlayCard(player=p, card=c, base=b, minion=m))
        out.append(UseTalent(player=p, card=c))
    for x in s.prompts:
        pr = x.prompt
        out.append(Answer(player=p, prompt=pr.id, picks=pr.options[:1]))
        out.append(Answer(player=p, prompt=pr.id, picks=[]))
        out.append(Answer(player=p, prompt=pr.id + 1, picks=pr.options[:1]))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_legal_actions_are_exactly_the_accepted_ones(
    game: tuple[int, int, SmashUpOptions, list[Any]],
) -> None:
    seed, n, options, plan = game
    s, _ = drive(seed, n, options, plan[:60])
    if s.phase == "over":
        return
    for p in s.seats:
        legal = GAME.legal(s, p)
        for a in legal:
            GAME.apply(s, a, s.clock_ms)  # never refused
        dump = GAME.dump(s)
        for a in _candidates(s, p):
            if a in legal:
                continue
            try:
                GAME.apply(s, a, s.clock_ms)
            except RuleError:
                assert GAME.dump(s) == dump
            else:
                raise AssertionError(f"accepted an action legal() does not list: {a!r}")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_replays_are_identical_and_states_round_trip_through_json(
    game: tuple[int, int, SmashUpOptions, list[Any]],
) -> None:
    seed, n, options, plan = game
    s, log = drive(seed, n, options, plan)
    again, _ = GAME.start(
        list(range(101, 101 + (2 if options.unique_factions else n))),
        seed=seed,
        options=options,
        now_ms=1_000,
    )
    for action, now in log:
        again, _ = GAME.apply(again, GAME.parse_action(to_jsonable(action)), now)
    assert GAME.dump(again) == GAME.dump(s)
    assert GAME.dump(GAME.load(GAME.dump(s))) == GAME.dump(s)
    assert GAME.dump(GAME.load(to_jsonable(s))) == GAME.dump(s)


def test_a_finished_game_stays_finished() -> None:
    s, _ = GAME.start([1, 2], seed=5)
    s, _ = GAME.apply(s, Leave(player=1), 0)
    assert GAME.outcome(s).status == "over"
    dump = GAME.dump(s)
    for p in (1, 2):
        assert GAME.legal(s, p) == []
    after, ev = GAME.apply(s, Tick(), 10**12)
    assert GAME.dump(after) == dump and not ev


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_apply_never_changes_the_state_it_is_given(game: tuple[int, int, SmashUpOptions, list[Any]]) -> None:
    """States share what did not change (the slots in play, the tasks on the
    stack, the temporary effects): applying an action to a state, or refusing
    it, leaves that state exactly as it was — and so do its legal moves and views."""
    seed, n, options, plan = game
    s, log = drive(seed, n, options, plan)
    again, _ = GAME.start(
        list(range(101, 101 + (2 if options.unique_factions else n))),
        seed=seed,
        options=options,
        now_ms=1_000,
    )
    for action, now in log:
        before = GAME.dump(again)
        for p in again.seats:
            GAME.legal(again, p)
            GAME.view(again, p)
        after, _ = GAME.apply(again, action, now)
        assert GAME.dump(again) == before
        again = after
    assert GAME.dump(again) == GAME.dump(s)
