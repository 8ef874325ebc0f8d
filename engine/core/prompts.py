"""The prompt queue every game shares.

A rule that needs a choice asks for it (``ask``): a ``Prompt`` joins the
state's queue (``State.prompts``) with the name of the step its answer resumes
and the data that step needs.  The core checks an ``Answer`` against the open
prompt (``check_answer``: its id, its owner, 1..n distinct options, optional or
not, cancel or not), takes it off the queue and calls the game's resume step
(``Rules`` does; see ``engine.core.rules.resume``).

``Answers`` (``engine.core.moves``) is every answer a prompt accepts, as a
lazy sequence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Protocol

from engine.core.protocol import Answer, ArgValue, Pending, Prompt, PromptValue, RuleError


class PromptKey:
    """Locale keys of the refusals every game's prompts share (bot.ftl)."""

    STALE: Final = "core-err-prompt-stale"
    NOT_YOURS: Final = "core-err-prompt-not-yours"
    COUNT: Final = "core-err-prompt-count"  # min, max
    OPTION: Final = "core-err-prompt-option"
    REPEATED: Final = "core-err-prompt-repeated"
    NO_CANCEL: Final = "core-err-prompt-no-cancel"
    NOTHING: Final = "core-err-nothing-to-answer"


class Queue(Protocol):
    """What a state with a prompt queue has (``engine.core.protocol.State``)."""

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
