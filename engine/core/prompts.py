"""The prompt queue every game shares.

A rule that needs a choice asks for it (``ask``): a ``Prompt`` joins the
state's queue (``State.prompts``) with the name of the step its answer resumes
and the data that step needs.  The core checks an ``Answer`` against the open
prompt (``check_answer``: its id, its owner, 1..n distinct options, optional or
not, cancel or not), takes it off the queue and calls the game's resume step
(``Rules`` does; see ``engine.core.rules.resume``).

``Answers`` is every answer a prompt accepts, as a lazy sequence: counted
without being listed, indexed by unranking, so a prompt with 108 options or an
order of 9 cards is complete in ``legal`` without materialising its answers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, permutations
from math import comb, perm
from typing import Any, Protocol, overload

from engine.core.protocol import Answer, ArgValue, Pending, Prompt, PromptValue, RuleError


class PromptKey:
    """Locale keys of the refusals every game's prompts share (bot.ftl)."""

    STALE = "core-err-prompt-stale"
    NOT_YOURS = "core-err-prompt-not-yours"
    COUNT = "core-err-prompt-count"  # min, max
    OPTION = "core-err-prompt-option"
    REPEATED = "core-err-prompt-repeated"
    NO_CANCEL = "core-err-prompt-no-cancel"
    NOTHING = "core-err-nothing-to-answer"


class Queue(Protocol):
    """What a state with a prompt queue has (``engine.core.rules.State``)."""

    prompts: list[Pending]
    prompt_seq: int


def ask(
    s: Queue,
    player: int,
    key: str,
    kind: str,
    options: Sequence[PromptValue],
    *,
    then: str,
    data: dict[str, Any] | None = None,
    min: int = 1,
    max: int = 1,
    ordered: bool = False,
    cancel: bool = False,
    skip_key: str | None = None,
    args: dict[str, ArgValue] | None = None,
) -> Prompt:
    """Ask ``player`` to choose ``min``..``max`` of ``options``; the answer
    resumes the game's step ``then`` with ``data``.  Returns the prompt."""
    s.prompt_seq += 1
    prompt = Prompt(
        id=s.prompt_seq,
        player=player,
        key=key if type(key) is str else str(key),
        args=args if args is not None else {},
        kind=kind,
        options=list(options),
        min=min,
        max=max,
        ordered=ordered,
        cancel=cancel,
        skip_key=None if skip_key is None else str(skip_key),
    )
    s.prompts.append(Pending(prompt=prompt, then=then, data=data if data is not None else {}))
    return prompt


def pending_of(s: Queue, player: int | None) -> Pending | None:
    """The first open prompt of ``player`` (a player answers one at a time)."""
    for x in s.prompts:
        if x.prompt.player == player:
            return x
    return None


def check_answer(prompt: Prompt | None, answer: Answer) -> None:
    """Refuse an answer that does not fit ``prompt`` (the one open for its player).

    What a game checks beyond this (Ninja Turtle's "one value") is its own.
    """
    if prompt is None:
        raise RuleError(PromptKey.NOTHING)
    if answer.player != prompt.player:
        raise RuleError(PromptKey.NOT_YOURS)
    if answer.prompt != prompt.id:
        raise RuleError(PromptKey.STALE)
    if answer.cancel:
        if not prompt.cancel:
            raise RuleError(PromptKey.NO_CANCEL)
        return
    picks = answer.picks
    if not prompt.min <= len(picks) <= prompt.max:
        raise RuleError(PromptKey.COUNT, min=prompt.min, max=prompt.max)
    if len(set(picks)) != len(picks):
        raise RuleError(PromptKey.REPEATED)
    options = prompt.options
    if any(p not in options for p in picks):
        raise RuleError(PromptKey.OPTION)


def fits(prompt: Prompt, answer: Answer) -> bool:
    """Does ``answer`` fit ``prompt``?  (``check_answer`` without the reason.)"""
    try:
        check_answer(prompt, answer)
    except RuleError:
        return False
    return True


# --- every answer, lazily ------------------------------------------------------------------


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
