"""Invariants of the Nim engine over random games (hypothesis): no card lost or
made, a refused move changes nothing, a finished game stays finished."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Leave, RuleError, Tick, dump
from engine.nim import GAME
from engine.nim.game import NimOptions, NimState, Take

G = GAME

# each step: (who, what, dt): what below 60 a take by the player to move of 1 to 5 cards,
# below 80 one by ``who`` of 0 to 5 (legal or not), below 90 a tick, else ``who`` leaving
step_ = st.tuples(st.integers(0, 5), st.integers(0, 99), st.integers(0, 40_000))
steps = st.lists(step_, min_size=40, max_size=150)  # long enough that most games end
options = st.builds(
    NimOptions,
    cards=st.integers(5, 60),
    most=st.integers(2, 5),
    turn_timer_ms=st.sampled_from([0, 1_000, 30_000]),
)
Game = tuple[int, int, NimOptions, list[tuple[int, int, int]]]  # seed, players, options, steps
games = st.tuples(st.integers(0, 2**64 - 1), st.integers(2, 6), options, steps)


def step(s: NimState, who: int, what: int, now: int) -> NimState:
    """One step of the plan; a refusal must leave the state as it was."""
    before = dump(s)
    action: Take | Leave | Tick
    if what < 60 and not G.finished(s):
        action = Take(player=s.players[s.turn], count=what % 5 + 1)
    elif what < 80:
        action = Take(player=who, count=what % 6)
    elif what < 90:
        action = Tick()
    else:
        action = Leave(player=who)
    try:
        s, _ = G.apply(s, action, now)
    except RuleError:
        assert dump(s) == before
    return s


@settings(max_examples=150, deadline=None)
@given(games)
def test_no_card_is_lost_or_made(game: Game) -> None:
    seed, n, opts, plan = game
    players = list(range(1, n + 1))
    s, _ = G.start(players, seed=seed, options=opts, now_ms=0)
    now = 0
    for who, what, dt in plan:
        now += dt
        s = step(s, players[who % n], what, now)
        zones = G.view(s).zone_counts
        assert sum(zones.values()) == opts.cards
        assert min(zones.values()) >= 0
        assert s.pile + sum(s.taken.values()) == opts.cards


@settings(max_examples=150, deadline=None)
@given(games)
def test_a_finished_game_stays_finished(
    game: tuple[int, int, NimOptions, list[tuple[int, int, int]]],
) -> None:
    seed, n, opts, plan = game
    players = list(range(1, n + 1))
    s, _ = G.start(players, seed=seed, options=opts, now_ms=0)
    now, over = 0, None
    for who, what, dt in plan:
        now += dt
        s = step(s, players[who % n], what, now)
        if over is not None:
            assert dump(s) == over  # nothing changes it any more
        elif G.finished(s):
            over = dump(s)
            assert s.winner is not None and G.outcome(s).winners == [s.winner]
            assert all(G.legal(s, p) == [] for p in players) and G.next_deadline(s) is None
