"""Invariants of the Svintus engine over random games (hypothesis)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Answer, Leave, RuleError, Tick, to_jsonable
from engine.svintus import GAME, rules
from engine.svintus.animals import ANIMALS, Animal
from engine.svintus.cards import COLORS, DECK_SIZE
from engine.svintus.keys import Ev
from engine.svintus.models import (
    Accept,
    Catch,
    Declare,
    Draw,
    Join,
    NextRound,
    Pass,
    PickAnimal,
    Play,
    React,
    Slap,
    Speak,
    SvintusOptions,
    SvintusState,
    UseAbility,
)
from tests.engine.helpers import check_cards
from tests.engine.playout import follow

G = GAME
EVENT_KEYS = {str(k) for k in Ev}

steps = st.lists(
    st.tuples(st.integers(0, 9), st.integers(0, 40), st.integers(0, 4000)),
    min_size=1,
    max_size=300,
)
games = st.tuples(
    st.integers(0, 2**64 - 1),
    st.integers(2, 10),
    st.sampled_from(
        [
            SvintusOptions(),
            SvintusOptions(target_score=5, round_break_ms=0),
            SvintusOptions(target_score=8, hand_size=3, round_break_ms=1_000),
            SvintusOptions(turn_timer_ms=0, draw_with_playable=False, hand_size=2),
            SvintusOptions(turn_timer_ms=2_000, reaction_window_ms=1_000, intercept_grows_grab=False),
            SvintusOptions(metamorphoses=True),
            SvintusOptions(metamorphoses=True, target_score=5, hand_size=4, round_break_ms=0),
            SvintusOptions(metamorphoses=True, turn_timer_ms=3_000, reaction_window_ms=1_000, hand_size=3),
            SvintusOptions(metamorphoses=True, animal_deal="chosen", setup_timer_ms=5_000, hand_size=4),
        ]
    ),
    steps,
)


def drive(
    seed: int, n: int, options: SvintusOptions, plan: list[tuple[int, int, int]], check: Any = None
) -> tuple[SvintusState, list[tuple[Any, int]]]:
    """Play ``plan``: each step lets time pass, then a player picks a legal action."""
    s, ev = G.start(list(range(101, 101 + n)), seed=seed, options=options, now_ms=1_000)
    assert {e.key for e in ev} <= EVENT_KEYS
    return follow(
        G,
        s,
        plan,
        keys=EVENT_KEYS,
        askers=lambda s: [*s.seats, 999],  # 999 is a stranger who may join between rounds
        rare=lambda a: isinstance(a, Leave | Speak),
        rare_now=lambda pick, dt: pick == 40 and dt % 5 == 0,  # leaving and talking in a silence stay rare
        check=None if check is None else lambda before, action, after, _: check(before, action, after),
    )


def conserved(s: SvintusState) -> None:
    check_cards(s)
    v = G.view(s, None)
    assert v["deck_count"] + v["pile_count"] + sum(v["hand_counts"].values()) == DECK_SIZE
    assert sum(v.zone_counts.values()) == DECK_SIZE


def nobody_idle_at_zero(s: SvintusState) -> None:
    """No seated player sits at 0 cards while the round goes on with nothing pending
    (a dark ability, a slap race, their own colour to name)."""
    if s.phase != "playing" or s.ability is not None or s.race is not None:
        return
    empty = [p for p in s.seats if not s.hands[p] and not (s.awaiting_color and p == s.current)]
    assert empty == [], (empty, s.current)


def private(s: SvintusState) -> None:
    """Everyone sees their own cards and the top; the Owl also the deck's top,
    the Eagle-Owl the hand it looks into — and nobody else sees those."""
    top = s.pile[-1] if s.pile else None
    public = G.view(s, None)
    assert public.hand is None and public.drawn == []
    assert public.deck_top is None and public.peek is None
    assert _card_ids(to_jsonable(public)) <= {top}
    assert list(public.pile) == list(s.pile)  # every card on it was seen played
    run = s.ability
    for p in s.seats:
        v = G.view(s, p)
        assert v.hand is not None
        assert v.pile == public.pile and v.drew_on == public.drew_on  # the same for all
        seen = {c.id for c in v.hand} | set(v.drawn)
        assert seen == set(s.hands[p])  # exactly one's own cards
        allowed = set(s.hands[p]) | {top}
        if rules.light(s, p).sees_deck_top and s.deck:
            assert v.deck_top is not None and v.deck_top.id == s.deck[-1]
            allowed.add(s.deck[-1])
        else:
            assert v.deck_top is None
        eagle = run is not None and run.player == p and run.animal is Animal.OWL and run.target is not None
        if eagle and v.ability is not None and v.ability.step in ("give", "take"):
            assert run is not None and run.target is not None
            assert v.peek is not None and {c.id for c in v.peek} == set(s.hands[run.target])
            allowed |= set(s.hands[run.target])
        else:
            assert v.peek is None
        if v.prompt is not None:  # one's own choice only (a colour, one's ability), over what one may see
            assert v.prompt.player == p
            assert (run is not None and run.player == p) or (s.awaiting_color and s.current == p)
            if v.prompt.kind == "card":
                assert {int(c) for c in v.prompt.options} <= allowed
        dumped = to_jsonable(v)
        ids = _card_ids(dumped)
        assert ids <= allowed


def _card_ids(obj: Any) -> set[int]:
    """Every card id a dumped view shows, wherever it stands."""
    found: set[int] = set()
    if isinstance(obj, dict):
        if {"id", "kind", "color", "value"} <= obj.keys():
            found.add(obj["id"])
        for v in obj.values():
            found |= _card_ids(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= _card_ids(v)
    return found


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_cards_conserved_and_hands_private(game: Any) -> None:
    def check(before: SvintusState, action: Any, after: SvintusState) -> None:
        conserved(after)
        private(after)
        nobody_idle_at_zero(after)

    drive(*game, check=check)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_same_seed_and_actions_give_the_same_state(game: Any) -> None:
    seed, n, options, plan = game
    s1, log = drive(seed, n, options, plan)
    s2, _ = G.start(list(range(101, 101 + n)), seed=seed, options=options, now_ms=1_000)
    for action, now in log:
        s2, _ = G.apply(s2, action, now)
    assert G.dump(s1) == G.dump(s2)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_state_round_trips_through_json(game: Any) -> None:
    def check(before: SvintusState, action: Any, after: SvintusState) -> None:
        again = G.load(G.dump(after))
        assert again == after
        assert G.dump(again) == G.dump(after)

    drive(*game, check=check)


def candidates(s: SvintusState, p: int) -> list[Any]:
    """A wide set of actions for ``p``: every card anyone holds, every kind of move."""
    top = s.pile[-1] if s.pile else 0
    cards = sorted({c for h in s.hands.values() for c in h} | set(s.deck[-3:]))
    out: list[Any] = [Play(player=p, card=c, on=top) for c in cards]
    out += [Play(player=p, card=c, on=(top + 1) % DECK_SIZE) for c in s.hands.get(p, [])[:3]]
    out += [
        cls(player=p) for cls in (Draw, Pass, Accept, Declare, Catch, Slap, Speak, Leave, Join, NextRound)
    ]
    out += [cls(player=p) for cls in (UseAbility, React)]
    out += [PickAnimal(player=p, animal=a) for a in ANIMALS]
    # answers to whatever prompt is open (anyone's: a colour, an ability's step): right and wrong ones
    prompt = s.prompts[0].prompt if s.prompts else None
    if prompt is not None:
        first = list(prompt.options[:4])
        picks: list[list[Any]] = [[], *([o] for o in first), first[:2], first[1:3], first[:3], [999]]
        picks += [[c] for c in cards[:3]] + [[q] for q in s.seats] + [[c.value] for c in COLORS[:2]]
        for ids in (prompt.id, prompt.id - 1):
            out += [Answer(player=p, prompt=ids, picks=list(x)) for x in picks]
        out.append(Answer(player=p, prompt=prompt.id, cancel=True))
    else:
        out.append(Answer(player=p, prompt=s.prompt_seq, picks=[0]))
    return out


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_an_action_is_accepted_exactly_when_it_is_legal(game: Any) -> None:
    def check(before: SvintusState, action: Any, after: SvintusState) -> None:
        now = after.clock_ms + 1
        caught_up, _ = G.apply(after, Tick(), now)  # a deadline due by then fires first
        for p in [*after.seats[:4], 999]:
            legal = G.legal(caught_up, p)
            for a in candidates(after, p):
                snapshot = G.dump(after)
                try:
                    G.apply(after, a, now)
                    accepted = True
                except RuleError:
                    accepted = False
                assert G.dump(after) == snapshot  # never touched
                assert accepted == (a in legal), (a, accepted, legal)

    drive(*game, check=check)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_a_finished_match_stays_finished(seed: int, n: int) -> None:
    s, _ = G.start(list(range(1, n + 1)), seed=seed, options=SvintusOptions(target_score=1))
    now = 0
    for _ in range(20_000):
        if s.phase == "match_over":
            break
        now += 700
        due = G.next_deadline(s)
        if due is not None and due <= now:
            s, _ = G.apply(s, Tick(), now)
            continue
        p = s.seats[now // 700 % len(s.seats)]
        acts = [a for a in G.legal(s, p) if not isinstance(a, Leave | Speak)]
        plays = [a for a in acts if isinstance(a, Play | Accept | Answer | Slap | Declare)]
        if plays or acts:
            s, _ = G.apply(s, (plays or acts)[(now // 700) % len(plays or acts)], now)
    assert s.phase == "match_over"
    winner = s.match_winner
    assert winner is not None and G.outcome(s).winners == [winner]
    assert G.next_deadline(s) is None
    for p in [*s.seats, 999]:
        assert G.legal(s, p) == []
        for a in candidates(s, p):
            with pytest.raises(RuleError):
                G.apply(s, a, now + 1)
    same, ev = G.apply(s, Tick(), now + 10**9)
    assert same is s and ev == []
