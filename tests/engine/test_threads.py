"""The engines used from several threads at once, as the bot uses them: computer
players search in threads (``bot/computers.py``: ``asyncio.to_thread`` when
``COMPUTER_PROCESSES=0``, or after a broken process pool) while the event loop
goes on applying presses with the same engine.

Whatever an engine remembers between calls (a state's board, the public view
of a state, a player's ready-made actions …) must never hand one thread what
another thread worked out for another state.  Threads are made to switch
often, at any line of the engine (``_switching``), so that a race shows in a
second or two: each game's searches run in threads that also play tables,
beside a table played on the main thread, and every search must choose what
it chooses alone, and every table see the same views, legal actions, events
and states as when it plays alone; threads drawing the boards of their own
games must each see what one thread alone sees.  (Before the engines kept
what they work out on the state, or in one tuple replaced whole, Smash Up's
shared read-only ``G`` and Candy Empire's last board failed these.)
"""

from __future__ import annotations

import itertools
import random
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import engine
from engine import registry
from engine.core import Moves, Tick
from engine.players import get
from engine.players.base import random_policy

PLAYERS = [1, 2, 3]
OPTIONS: dict[str, Any] = {"svintus": {"target_score": 4}}
THREADS = 3  # searching beside the main thread
SEARCHES = 8  # positions searched (in every thread, again and again)
TABLE_EVERY = 4  # searches a thread makes between two tables it plays
BUDGET = 8  # playouts a search
ONE_S = 1.0  # how long the threads work
STEPS = 20  # presses a table plays
VIEWED = 30  # states of a game whose views threads draw (for ONE_S)
SWITCH_S = 1e-6  # the interpreter's thread switch interval during the test (default 5 ms)
YIELD_EVERY = 20  # lines of the engine a thread runs before it lets another run
ENGINE = str(Path(engine.__file__).parent)


def _listed(legal: Sequence[Any]) -> Any:
    """``legal`` as something to compare (a prompt's answers by their number)."""
    if isinstance(legal, Moves):
        return list(legal.plain), len(legal.answers) if legal.answers is not None else None
    return list(legal)


def _table(name: str, seed: int) -> list[Any]:
    """A table of random presses, as the event loop plays one: before each
    press, the public view (the group's board), every seat's view and legal
    actions, the public view again; after it, the state as saved and the
    events.  Returns all it saw."""
    game = registry.get(name)
    rng = random.Random(seed)
    state, _ = game.start(PLAYERS, seed, game.options(OPTIONS.get(name)), 0)
    seen: list[Any] = [game.dump(state)]
    now = 0
    for _ in range(STEPS):
        if game.outcome(state).status == "over":
            break
        seen.append(game.view(state, None))
        acts = []
        for p in PLAYERS:
            legal, view = game.legal(state, p), game.view(state, p)
            seen.append((view, _listed(legal)))
            a = random_policy(view, legal, rng)
            if a is not None:
                acts.append(a)
        seen.append(game.view(state, None))  # (the group's board is drawn again)
        now += rng.randint(0, 1500)
        due = game.next_deadline(state)
        if acts and (due is None or due > now):
            state, out = game.apply(state, acts[rng.randrange(len(acts))], now)
        elif due is not None:
            now = max(now, due)
            state, out = game.apply(state, Tick(), now)
        else:
            break
        seen.append((game.dump(state), out))
    return seen


def _positions(name: str, seed: int) -> list[tuple[Any, Sequence[Any]]]:
    """(view, legal actions) of ``SEARCHES`` moments of a random game where a
    player has something to do, as the bot hands them to a computer player."""
    game = registry.get(name)
    rng = random.Random(seed)
    state, _ = game.start(PLAYERS, seed, game.options(OPTIONS.get(name)), 0)
    out: list[tuple[Any, Sequence[Any]]] = []
    now = 0
    for step in range(2000):
        if len(out) >= SEARCHES or game.outcome(state).status == "over":
            break
        acted = False
        for p in rng.sample(PLAYERS, len(PLAYERS)):
            legal = game.legal(state, p)
            view = game.view(state, p)
            a = random_policy(view, legal, rng)
            if a is None:
                continue
            if step % 7 == 3:
                out.append((view, legal))
            now += 400
            state, _ = game.apply(state, a, now)
            acted = True
            break
        if not acted:
            due = game.next_deadline(state)
            if due is None:
                break
            now = max(now, due)
            state, _ = game.apply(state, Tick(), now)
    assert len(out) == SEARCHES, name
    return out


def _search(name: str, positions: list[tuple[Any, Sequence[Any]]]) -> list[Any]:
    """The hard player's choice at each position (rng seeded with its index)."""
    player = get(name, "hard", BUDGET)
    return [player.choose(view, legal, random.Random(j)) for j, (view, legal) in enumerate(positions)]


@contextmanager
def _switching() -> Iterator[None]:
    """Threads switch as often as the interpreter allows, and besides at every
    ``YIELD_EVERY``-th line of the engine a thread runs: a switch may then
    fall between any two lines (not only where the interpreter looks)."""
    ticks = itertools.count()

    def line(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line" and next(ticks) % YIELD_EVERY == 0:
            time.sleep(0)  # another thread's turn
        return line

    def call(frame: FrameType, event: str, arg: Any) -> Any:
        return line if frame.f_code.co_filename.startswith(ENGINE) else None

    interval, traced, threads_traced = sys.getswitchinterval(), sys.gettrace(), threading.gettrace()
    sys.setswitchinterval(SWITCH_S)
    threading.settrace(call)
    sys.settrace(call)
    try:
        yield
    finally:
        sys.settrace(traced)
        threading.settrace(threads_traced)
        sys.setswitchinterval(interval)


def _first_difference(got: list[Any], want: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            return f"at {i}: {a!r}\ninstead of {b!r}"
    return f"{len(got)} things instead of {len(want)}"


@pytest.mark.parametrize("name", ["smashup", "candy", "svintus", "dobble"])
def test_searches_and_tables_in_threads_change_no_result(name: str) -> None:
    """Searches run in ``THREADS`` threads, each playing tables between its
    searches (public views: the group's board), while the main thread plays
    tables all along; every search chooses as it does alone and every table
    sees what it sees alone."""
    positions = _positions(name, 11)
    alone = _search(name, positions)
    wrong: list[str] = []
    errors: list[BaseException] = []
    searches = [0] * THREADS
    tables: list[tuple[int, list[Any]]] = []  # (seed, what the table saw)
    until = time.monotonic() + ONE_S

    def work(k: int) -> None:
        try:
            player = get(name, "hard", BUDGET)
            i, seed = 0, 1000 * (k + 1)
            while time.monotonic() < until:
                j = i % SEARCHES
                got = player.choose(*positions[j], random.Random(j))
                if got != alone[j]:
                    wrong.append(f"thread {k} chose {got} instead of {alone[j]} at position {j}")
                i += 1
                if i % TABLE_EVERY == 0:
                    tables.append((seed, _table(name, seed)))
                    seed += 1
            searches[k] = i
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(THREADS)]
    with _switching():
        for t in threads:
            t.start()
        try:
            seed = 0
            while seed < 1 or any(t.is_alive() for t in threads):  # presses all along the searches
                tables.append((seed, _table(name, seed)))
                seed += 1
        finally:
            for t in threads:
                t.join()
    assert not errors, errors
    assert not wrong, f"{name}: " + "\n".join(wrong)
    assert all(searches), searches
    for seed, seen in tables:
        want = _table(name, seed)
        if seen != want:
            pytest.fail(f"{name}: table {seed} saw, {_first_difference(seen, want)}")


def _states(name: str, seed: int, count: int) -> list[Any]:
    """``count`` states of a random game, one after another (ticks included)."""
    game = registry.get(name)
    rng = random.Random(seed)
    state, _ = game.start(PLAYERS, seed, game.options(OPTIONS.get(name)), 0)
    out = [state]
    now = 0
    while len(out) < count and game.outcome(state).status != "over":
        acts = [a for p in PLAYERS if (a := random_policy(game.view(state, p), game.legal(state, p), rng))]
        now += 400
        due = game.next_deadline(state)
        if acts and (due is None or due > now):
            state, _ = game.apply(state, acts[rng.randrange(len(acts))], now)
        elif due is not None:
            now = max(now, due)
            state, _ = game.apply(state, Tick(), now)
        else:
            break
        out.append(state)
    return out


@pytest.mark.parametrize("name", ["smashup", "candy", "svintus", "dobble"])
def test_views_in_threads_are_each_of_its_own_state(name: str) -> None:
    """Threads, each drawing the boards of a game of its own after every move
    (the public view, every seat's, the public view again), each see what a
    thread alone sees."""
    game = registry.get(name)
    viewers = (None, *PLAYERS, None)
    games = [_states(name, seed, VIEWED) for seed in range(THREADS + 1)]
    alone = [[[game.view(s, p) for p in viewers] for s in states] for states in games]
    wrong: list[str] = []
    errors: list[BaseException] = []
    until = time.monotonic() + ONE_S

    def draw(k: int) -> None:
        try:
            while time.monotonic() < until:
                for i, s in enumerate(games[k]):
                    seen = [game.view(s, p) for p in viewers]
                    if seen != alone[k][i]:
                        wrong.append(f"game {k}, state {i}: {_first_difference(seen, alone[k][i])}")
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=draw, args=(k,)) for k in range(THREADS + 1)]
    with _switching():
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors
    assert not wrong, f"{name}: " + "\n".join(wrong[:3])
