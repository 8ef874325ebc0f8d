"""Random playouts of any game through ``engine.registry``, checking what every
game owes: cards conserved (``zone_counts``), every legal action accepted, a
stale action refused without a change, a finished game staying finished, and a
replay of the same seed and actions giving the same state.

Used by every game's tests; ``python -m tests.engine.playout <game> [n]`` runs
a batch from the command line.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.core import AnyGame, Event, Moves, RuleError, Tick


@dataclass
class Playout:
    game: AnyGame
    players: list[int]
    seed: int
    options: Any
    log: list[tuple[Any, int]] = field(default_factory=list)  # (action, now_ms)
    final: Any = None
    steps: int = 0
    finished: bool = False
    refused_stale: int = 0


def _choices(legal: Sequence[Any], rng: random.Random) -> list[Any]:
    """A player's plain actions, and one of their prompt's answers at random."""
    if isinstance(legal, Moves):
        extra = [legal.answers[rng.randrange(len(legal.answers))]] if legal.answers else []
        return [*legal.plain, *extra]
    return list(legal)


def _without(legal: Sequence[Any], rare: Callable[[Any], bool]) -> Sequence[Any]:
    """``legal`` without the rare actions (a prompt's answers stay lazy)."""
    if isinstance(legal, Moves):
        return Moves([a for a in legal.plain if not rare(a)], legal.answers)
    return [a for a in legal if not rare(a)]


def total_cards(game: AnyGame, state: Any) -> int:
    return sum(game.view(state, None).zone_counts.values())


def play(
    name: str,
    players: list[int],
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 4000,
    avoid: Callable[[Any], bool] = lambda a: False,
    avoid_weight: float = 0.002,
    check: Callable[[AnyGame, Any], None] | None = None,
    think_ms: tuple[int, int] = (0, 4000),
) -> Playout:
    """One random game.  Each step either lets time pass to the next deadline
    or applies a random legal action of a random player who has one; actions
    ``avoid`` says yes to (leaving the table, say) are picked rarely.
    ``check(game, state)`` runs after every step (privacy checks, say)."""
    game = registry.get(name)
    rng = random.Random(seed)
    opts = game.options(options)
    state, _ = game.start(list(players), seed, opts, 0)
    result = Playout(game, list(players), seed, opts)
    total = total_cards(game, state)
    now = 0
    stale: list[Any] = []  # actions once legal
    for step in range(max_steps):
        if game.outcome(state).status == "over":
            result.finished = True
            break
        due = game.next_deadline(state)
        # a prompt's answers are many and lazy (an order of 9 cards): each player's
        # answers count as one choice, so that they are not all listed
        moves = [(p, a) for p in players for a in _choices(game.legal(state, p), rng)]
        plain = [m for m in moves if not avoid(m[1])]
        pool = plain if plain and rng.random() > avoid_weight else moves
        now += rng.randint(*think_ms)
        # nothing but moves to avoid (leaving, say) while a deadline is coming
        # (a "3-2-1" before a card): wait for it rather than walk out
        idle = not plain and due is not None
        if not pool or idle or (due is not None and due <= now and rng.random() < 0.7):
            if due is None:
                raise AssertionError(f"{name}: nobody can act and no deadline at step {step}")
            now = max(now, due)
            action: Any = Tick()
        else:
            if due is not None and now >= due:
                now = due - 1  # act just before time runs out
            _, action = pool[rng.randrange(len(pool))]
        try:
            state, _ = game.apply(state, action, now)
        except RuleError as e:
            raise AssertionError(f"{name}: legal {action!r} refused with {e!r} at step {step}") from e
        result.log.append((action, now))
        assert total_cards(game, state) == total, f"{name}: cards not conserved at step {step}"
        if check is not None:
            check(game, state)
        if not isinstance(action, Tick):
            stale.append(action)
        # an action legal a while ago that is not legal now is refused, and changes nothing
        if stale and rng.random() < 0.2:
            old = stale[rng.randrange(len(stale))]
            p = getattr(old, "player", None)
            if p is not None and old not in game.legal(state, p):
                dump = game.dump(state)
                try:
                    game.apply(state, old, now)
                except RuleError:
                    result.refused_stale += 1
                assert game.dump(state) == dump, f"{name}: a refused action changed the state"
        result.steps = step + 1
    else:
        result.finished = game.outcome(state).status == "over"
    result.final = state
    if result.finished:
        dump = game.dump(state)
        for p in players:
            assert game.legal(state, p) == [], f"{name}: a finished game offers moves"
        after, events = game.apply(state, Tick(), now + 10**9)
        assert game.dump(after) == dump and not events, f"{name}: time changed a finished game"
    return result


Check = Callable[[Any, Any, Any, list[Event]], None]  # (before, action, after, events)


def follow(
    game: AnyGame,
    state: Any,
    plan: Iterable[tuple[int, int, int]],
    *,
    keys: Collection[str],
    askers: Callable[[Any], Sequence[int]],
    rare: Callable[[Any], bool],
    rare_now: Callable[[int, int], bool],
    check: Check | None = None,
    now: int = 1_000,
) -> tuple[Any, list[tuple[Any, int]]]:
    """Play a hypothesis ``plan`` from ``state``: each step ``(who, pick, dt)``
    lets ``dt`` ms pass; a deadline due then ticks, otherwise the ``who``-th of
    ``askers(state)`` with a legal action applies its ``pick``-th one.  Actions
    ``rare`` says yes to (leaving, say) are offered only on steps where
    ``rare_now(pick, dt)``.  Every event's key must be one of ``keys``."""
    log: list[tuple[Any, int]] = []
    for who, pick, dt in plan:
        if game.outcome(state).status == "over":
            break
        now += dt
        due = game.next_deadline(state)
        action: Any
        if due is not None and due <= now:
            action = Tick()
        else:
            menus = []
            for p in askers(state):
                acts = game.legal(state, p)
                if not rare_now(pick, dt):
                    acts = _without(acts, rare)
                if acts:
                    menus.append(acts)
            if not menus:
                continue
            acts = menus[who % len(menus)]
            action = acts[pick % len(acts)]
        before = state
        state, events = game.apply(state, action, now)
        log.append((action, now))
        assert {e.key for e in events} <= set(keys)
        if check is not None:
            check(before, action, state, events)
    return state, log


def replay(result: Playout) -> Any:
    game = result.game
    state, _ = game.start(list(result.players), result.seed, result.options, 0)
    for action, now in result.log:
        state, _ = game.apply(state, action, now)
    return state


def leaves(action: Any) -> bool:
    """Leaving ends a game at once: a random player should rarely do it."""
    return getattr(action, "type", None) == "leave"


def main(argv: list[str]) -> None:
    name = argv[0]
    n = int(argv[1]) if len(argv) > 1 else 20
    game = registry.get(name)
    finished = 0
    for seed in range(n):
        count = game.min_players + seed % (game.max_players - game.min_players + 1)
        r = play(name, list(range(1, count + 1)), seed, avoid=leaves)
        finished += r.finished
        assert game.dump(replay(r)) == game.dump(r.final)
        print(f"seed {seed}: {count} players, {r.steps} steps, finished={r.finished}")
    print(f"{finished}/{n} finished")


if __name__ == "__main__":
    main(sys.argv[1:])
