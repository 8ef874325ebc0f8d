"""What every computer player shares: the ``Player`` interface, the uniformly
random player, the per-level reaction times and the determinized search.

A player is given what a person is given: its own view and its legal actions
(``game.view(state, me)``, ``game.legal(state, me)``), never the state.  A
searching level deals the cards it cannot see at random, consistently with the
view (``Brain.determinize``), and plays the game out on the real engine.

``legal`` is any ``Sequence`` of the game's actions: the engine's ``Moves``
(a prompt's answers, lazily, after the rest) or a plain list holding the same
actions and answers.  A player reads it through ``active`` (what it may do
besides answering) and ``answers`` (the answers to its open prompt), which take
both forms alike, never through ``Moves``'s fields.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from engine.core import Answer, AnyGame, Leave, Moves, Tick, View, plain

Action = Any
State = Any
A = TypeVar("A")

# actions a computer player never takes: walking out, talking in a silence
QUIET = frozenset({"leave", "speak"})
FOLLOW_UPS = 8  # the prompts of its own the yardstick answers within one ply
STEP_MS = 400  # a playout's time between two moves (reaction windows and graces run out)


def sample(legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def active(legal: Sequence[A]) -> list[A]:
    """What a computer player may do besides answering a prompt: the actions of
    ``legal`` but the answers (``engine.core.plain``) and the quiet ones
    (walking out, talking in a silence)."""
    return [a for a in plain(legal) if getattr(a, "type", None) not in QUIET]


def answers(legal: Sequence[object]) -> Sequence[Answer]:
    """The answers to the player's open prompt that ``legal`` holds (empty: none
    open), in either form: a ``Moves``'s, lazily (however many a prompt allows),
    or those of a plain list.  Every brain asks this, not ``Moves``."""
    if isinstance(legal, Moves):
        return legal.answers if legal.answers is not None else ()
    return [a for a in legal if isinstance(a, Answer)]


def lognormal_ms(rng: random.Random, median_ms: float, sigma: float, low: int, high: int) -> int:
    """A reaction time: lognormal around ``median_ms``, clipped to ``low``..``high``."""
    return max(low, min(high, int(median_ms * math.exp(rng.gauss(0.0, sigma)))))


class Player(Protocol):
    """A computer player of one game at one level."""

    game: str
    level: str

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        """One of ``legal``, or None: not now (a reaction let pass, a race sat out).
        ``legal``: the engine's ``Moves`` or a plain list of the same actions and
        answers (the module's docstring); the same choice for either."""
        ...

    def delay_ms(self, view: Any, rng: random.Random) -> int:
        """How long a person of this level would take before this move."""
        ...


Policy = Callable[[Any, Sequence[Action], random.Random], Action | None]
Delay = Callable[[Any, random.Random], int]


class Brain(Protocol):
    """What the search needs of a game (one module per game)."""

    game: AnyGame

    def policy(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        """The heuristic: the easy level, and the search's rollout policy."""
        ...

    def searchable(self, view: Any, legal: Sequence[Action]) -> bool:
        """Whether this decision is worth a search (else the heuristic decides)."""
        ...

    def candidates(self, view: Any, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """The actions the search compares (the heuristic's choice among them)."""
        ...

    def determinize(self, view: Any, rng: random.Random) -> State:
        """A state the view could have been made from, hidden cards dealt at random."""
        ...

    def rollout_done(self, start: State, state: State, me: int) -> bool:
        """Whether a playout may stop here (its horizon: a round's end, a turn's end)."""
        ...

    def evaluate(self, start: State, state: State, me: int) -> float:
        """How good ``state`` is for ``me`` (higher is better)."""
        ...


@dataclass
class Simple:
    """A player whose choice is a policy (random, or a level's heuristic)."""

    game: str
    level: str
    policy: Policy
    delay: Delay

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        return self.policy(view, legal, rng)

    def delay_ms(self, view: Any, rng: random.Random) -> int:
        return self.delay(view, rng)


def random_policy(view: Any, legal: Sequence[A], rng: random.Random) -> A | Answer | None:
    """Uniform over the legal actions (answers of a prompt included), never walking out."""
    acts = active(legal)
    extra = answers(legal)
    total = len(acts) + len(extra)
    if not total:
        return None
    i = rng.randrange(total)
    return acts[i] if i < len(acts) else extra[i - len(acts)]


@dataclass
class Searcher:
    """Determinized flat Monte Carlo: for each of ``playouts`` worlds sampled
    consistently with the view, every candidate is applied and played out with
    the heuristic for everyone; the candidate with the best mean value wins
    (ties: the heuristic's own choice), or with ``sure`` the first candidate
    unless another is surely better.  Deterministic for a given rng."""

    game: str
    level: str
    brain: Brain
    delay: Delay
    playouts: int = 48
    horizon: int = 400
    sure: float = 0.0  # > 0: keep the first candidate unless another is surely better (``_surely_better``)

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        brain = self.brain
        if not self.brain.searchable(view, legal):
            return brain.policy(view, legal, rng)
        cands = brain.candidates(view, legal, rng)
        if len(cands) <= 1:
            return cands[0] if cands else brain.policy(view, legal, rng)
        me = view.viewer
        assert me is not None
        if self.sure > 0:
            return cands[self._surely_better(view, cands, me, rng)]
        totals = [0.0] * len(cands)
        worlds = max(1, self.playouts // len(cands))
        for _ in range(worlds):
            start = brain.determinize(view, rng)
            seed = rng.getrandbits(32)
            for i, a in enumerate(cands):
                totals[i] += self._playout(start, a, me, random.Random(seed))
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]

    def _surely_better(self, view: Any, cands: Sequence[Action], me: int, rng: random.Random) -> int:
        """The first candidate (the brain's own choice), unless another beats it
        in the same worlds by more than ``sure`` standard errors of their
        difference: a search's noise never overrules a sound move."""
        worlds = max(2, self.playouts // len(cands))
        diffs: list[list[float]] = [[] for _ in cands]
        for _ in range(worlds):
            start = self.brain.determinize(view, rng)
            seed = rng.getrandbits(32)
            values = [self._playout(start, a, me, random.Random(seed)) for a in cands]
            for i, v in enumerate(values):
                diffs[i].append(v - values[0])
        best, edge = 0, 0.0
        for i in range(1, len(cands)):
            d = diffs[i]
            mean = sum(d) / len(d)
            spread = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
            t = mean / spread if spread > 0 else (math.inf if mean > 0 else 0.0)
            if t > self.sure and mean > edge:
                best, edge = i, mean
        return best

    def _playout(self, start: State, action: Action, me: int, rng: random.Random) -> float:
        game = self.brain.game
        brain = self.brain
        now = start.clock_ms
        try:
            s, _ = game.apply(start, action, now)
        except Exception:  # a world where the action is refused: count it as bad
            return -1e6
        s = rollout(game, brain, s, me, rng, self.horizon, start)
        return brain.evaluate(start, s, me)

    def delay_ms(self, view: Any, rng: random.Random) -> int:
        return self.delay(view, rng)


Score = Callable[[Any], float]  # a view -> how good it looks to its viewer, on public figures


@dataclass
class Lookahead:
    """One ply, the yardstick: on its own turn (``Brain.searchable``) every
    action it may take is applied to one world dealt from its view, and the
    action whose result (with the prompts it opens for the player answered by
    the heuristic) scores best wins (ties: the heuristic's own choice first,
    then the order of ``legal``).  ``score`` reads the viewer's *view*
    of the result: public figures (hand sizes, points, candies, VP, power on
    bases) and its own hand, never a hidden card of the world.  Elsewhere
    (prompts, reactions, races) it plays the heuristic."""

    game: str
    level: str
    brain: Brain
    delay: Delay
    score: Score

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        brain = self.brain
        if not brain.searchable(view, legal):
            return brain.policy(view, legal, rng)
        cands = active(legal)
        first = brain.policy(view, legal, rng)
        if first in cands:
            cands.remove(first)
            cands.insert(0, first)
        if len(cands) <= 1:
            return cands[0] if cands else first
        me = view.viewer
        world = brain.determinize(view, rng)
        game = brain.game
        best, top = cands[0], -math.inf
        for a in cands:
            try:
                after = self._result(world, a, me, rng)
            except Exception:  # refused in this world: not a candidate
                continue
            value = self.score(game.view(after, me))
            if value > top:
                best, top = a, value
        return best

    def _result(self, world: State, action: Action, me: int, rng: random.Random) -> State:
        """``world`` after ``action``, and after the prompts it opens for ``me``
        (a Thief's pick, a Polypig's colour), answered by the heuristic: the
        action's whole effect, still within the one ply."""
        game = self.brain.game
        s, _ = game.apply(world, action, world.clock_ms)
        for _ in range(FOLLOW_UPS):
            legal = game.legal(s, me)
            if not answers(legal):
                break
            a = self.brain.policy(game.view(s, me), legal, rng)
            if a is None:
                break
            s, _ = game.apply(s, a, s.clock_ms)
        return s

    def delay_ms(self, view: Any, rng: random.Random) -> int:
        return self.delay(view, rng)


def movers(game: AnyGame, state: State) -> list[int]:
    seen: list[int] = []
    for w in game.waiting(state):
        for p in w.players:
            if p not in seen:
                seen.append(p)
    return seen


def rollout(
    game: AnyGame, brain: Brain, s: State, me: int, rng: random.Random, horizon: int, start: State
) -> State:
    """Play ``s`` on with the heuristic for every player the game waits on,
    time jumping to the next deadline when nobody acts."""
    now = s.clock_ms
    for _ in range(horizon):
        if game.outcome(s).status == "over" or brain.rollout_done(start, s, me):
            break
        acted = False
        for p in movers(game, s):
            legal = game.legal(s, p)
            if not legal:
                continue
            a = brain.policy(game.view(s, p), legal, rng)
            if a is None or isinstance(a, Leave):
                continue
            now += STEP_MS
            s, _ = game.apply(s, a, now)
            acted = True
            break
        if not acted:
            due = game.next_deadline(s)
            if due is None:
                break
            now = max(now, due)
            s, _ = game.apply(s, Tick(), now)
    return s


def dealt(pool: list[int], counts: Sequence[int], rng: random.Random) -> list[list[int]]:
    """``pool`` shuffled and cut into piles of ``counts`` (the sum must fit)."""
    rng.shuffle(pool)
    out: list[list[int]] = []
    i = 0
    for n in counts:
        out.append(pool[i : i + n])
        i += n
    if i != len(pool):
        raise ValueError(f"{len(pool)} unseen cards for {i} hidden places")
    return out


def is_view(x: object) -> bool:
    return isinstance(x, View)
