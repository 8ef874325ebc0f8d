"""The rules' prompts: what an unanswered question takes (its default, or on
timeout the discard down to 10 at random), the ``core`` step that opens a
question, and an answer resuming the task it was asked for."""

from __future__ import annotations

from engine.core import Pending, Prompt, PromptValue, rng_below
from engine.smashup.abilities import ability
from engine.smashup.effects import G
from engine.smashup.keys import Pr
from engine.smashup.models import (
    Task,
)
from engine.smashup.tasks import CORE, Then, continuation, prompt, run

C = ability(CORE)


def default_picks(prompt: Prompt) -> list[PromptValue]:
    """The answer taken on a timeout or for a player who left: the first
    ``min`` options (a "may" declines)."""
    return list(prompt.options[: prompt.min])


def timeout_picks(g: G, prompt: Prompt) -> list[PromptValue]:
    """The answer taken on a timeout: ``default_picks``, except that the
    discard down to 10 (``Pr.HAND_LIMIT``) takes its cards at random (the
    state's rng: the same seed, the same cards), not the first of the hand."""
    if prompt.key != Pr.HAND_LIMIT:
        return default_picks(prompt)
    s = g.s
    left = list(prompt.options)
    picks: list[PromptValue] = []
    for _ in range(min(prompt.min, len(left))):
        s.rng, i = rng_below(s.rng, len(left))
        picks.append(left.pop(i))
    return picks


@C.step("ask")
def _ask(g: G, t: Task) -> Then:
    """A question scheduled behind other steps (``tasks.ask``): its turn has come."""
    return prompt(g, t.player, t.data)


def resume(g: G, pending: Pending, picks: list[PromptValue]) -> None:
    """An answered prompt (already off the queue): its Task goes on at once."""
    run(g, continuation(pending.data, picks, resume=True))


def answer(g: G, pending: Pending, picks: list[PromptValue]) -> None:
    """Answer an open prompt on a player's behalf (a timeout, a player who left)."""
    prompts = g.s.prompts
    for i, x in enumerate(prompts):
        if x is pending:
            del prompts[i]
            break
    resume(g, pending, picks)
