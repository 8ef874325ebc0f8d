"""``Moves``: what ``legal`` gives when a player has a prompt open: their plain
actions, then the prompt's answers (``Answers``: every answer a prompt accepts,
as a lazy sequence — counted without being listed, indexed by unranking, so a
prompt with 108 options or an order of 9 cards is complete in ``legal``
without materialising its answers).

A module of its own, never compiled (``engine._build``): a class deriving from
an ABC such as ``Sequence`` does not survive mypyc (it shares the ABC's
registry, so any list would pass for one).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, permutations
from math import comb, perm
from typing import Any, TypeVar, overload

from engine.core.prompts import fits
from engine.core.protocol import Answer, AnyGame, Prompt, PromptValue, Sight

A = TypeVar("A")


class Moves(Sequence[A]):
    """What a player may do: ``plain`` actions, then every answer to their open
    prompt (``answers``, enumerated lazily).  Complete: nothing ``apply``
    accepts is missing, however many answers a prompt allows."""

    __slots__ = ("answers", "plain")

    def __init__(self, plain: list[A], answers: Answers | None = None) -> None:
        self.plain = plain
        self.answers = answers

    def __len__(self) -> int:
        return len(self.plain) + (len(self.answers) if self.answers is not None else 0)

    @overload
    def __getitem__(self, i: int) -> A: ...
    @overload
    def __getitem__(self, i: slice) -> list[A]: ...
    def __getitem__(self, i: int | slice) -> A | list[A]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self.plain)
        if i < 0:
            i += len(self)
        if i < n:
            return self.plain[i]
        if self.answers is None:
            raise IndexError(i)
        return self.answers[i - n]  # type: ignore[return-value]

    def __iter__(self) -> Iterator[A]:
        yield from self.plain
        if self.answers is not None:
            yield from self.answers  # type: ignore[misc]

    def __contains__(self, action: object) -> bool:
        return action in self.plain or (self.answers is not None and action in self.answers)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __repr__(self) -> str:
        return f"Moves({self.plain!r}, {self.answers!r})"


class Answers(Sequence[Answer]):
    """Every answer ``prompt`` accepts: each selection of ``min``..``max``
    options (in the options' order; every order when ``ordered``), smallest
    first, then the cancel if allowed.  Deterministic, so replays agree;
    ``len`` and indexing cost no more than the size of one answer."""

    __slots__ = ("_sizes", "_total", "prompt")

    def __init__(self, prompt: Prompt) -> None:
        self.prompt = prompt
        n = len(prompt.options)
        count = perm if prompt.ordered else comb
        self._sizes = [(k, count(n, k)) for k in range(prompt.min, min(prompt.max, n) + 1)]
        self._total = sum(c for _, c in self._sizes) + (1 if prompt.cancel else 0)

    def __len__(self) -> int:
        return self._total

    @overload
    def __getitem__(self, i: int) -> Answer: ...
    @overload
    def __getitem__(self, i: slice) -> list[Answer]: ...
    def __getitem__(self, i: int | slice) -> Answer | list[Answer]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._total))]
        if i < 0:
            i += self._total
        if not 0 <= i < self._total:
            raise IndexError(i)
        p = self.prompt
        for k, c in self._sizes:
            if i < c:
                picks = _unrank(p.options, k, i, p.ordered)
                return Answer(player=p.player, prompt=p.id, picks=picks)
            i -= c
        return Answer(player=p.player, prompt=p.id, cancel=True)

    def __iter__(self) -> Iterator[Answer]:
        p = self.prompt
        for k, _ in self._sizes:
            for picks in permutations(p.options, k) if p.ordered else combinations(p.options, k):
                yield Answer(player=p.player, prompt=p.id, picks=list(picks))
        if p.cancel:
            yield Answer(player=p.player, prompt=p.id, cancel=True)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Answer) and fits(self.prompt, action)

    def __repr__(self) -> str:
        return f"Answers(prompt={self.prompt.id}, n={self._total})"


def _unrank(options: list[PromptValue], k: int, r: int, ordered: bool) -> list[PromptValue]:
    """The ``r``-th selection of ``k`` options in itertools' order."""
    n = len(options)
    if ordered:
        left = list(options)
        out = []
        for j in range(k):
            block = perm(n - j - 1, k - j - 1)
            q, r = divmod(r, block)
            out.append(left.pop(q))
        return out
    out = []
    i = 0
    while k:
        c = comb(n - i - 1, k - 1)
        if r < c:
            out.append(options[i])
            k -= 1
        else:
            r -= c
        i += 1
    return out


def answers(prompt: Prompt) -> Answers:
    return Answers(prompt)


def plain(legal: Sequence[A]) -> Sequence[A]:
    """The actions of ``legal`` besides an open prompt's answers (which a screen draws
    from the prompt itself, and which may be many)."""
    return legal.plain if isinstance(legal, Moves) else [a for a in legal if not isinstance(a, Answer)]


def sight(game: AnyGame, state: Any, player: int | None) -> Sight:
    """What ``player``'s screen (None: the public board) is drawn from, in one call."""
    legal = game.legal(state, player) if player is not None else ()
    codes, aimed = coded(game, legal)
    return Sight(game.view(state, player), legal, game.waiting(state), codes, aimed)


def coded(game: AnyGame, legal: Sequence[Any]) -> tuple[dict[Any, str], tuple[str, ...]]:
    """Each plain legal action's code (a prompt's answers are not buttons of
    actions), and the codes of those that are not evident."""
    actions = plain(legal)
    codes = dict(zip(actions, game.encode_all(actions), strict=True))
    return codes, tuple(code for a, code in codes.items() if not a.evident())
