"""The coach: what the expert would do, and why, for a person who asks (a hint).

``hint(game, view, legal, rng)`` is given what a computer player is given — the
person's own view and legal actions, never the state — and answers with the
expert's (the ``hard`` level's) choice and a reason that is true for the
position: a locale key and its arguments, chosen by the game's own pure
``reason(view, legal, action)`` (in ``engine.players.<game>``, with
``HINT_KEYS``, every key it may give).  The words are
the bot's; the engine holds no sentence.

Reasons every game shares: ``hint-answer`` (a prompt's answer: the option
picked, labelled by the bot as the prompt's button is), ``hint-skip`` (an
answer that picks nothing) and ``hint-wait`` (nothing worth doing now).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Answer, ArgValue, Leave
from engine.players import get, module_of
from engine.players.base import Action, active, answers

ANSWER = "hint-answer"  # args: option (the first pick)
SKIP = "hint-skip"  # an answer that picks nothing
WAIT = "hint-wait"
SHARED = (ANSWER, SKIP, WAIT)
Reason = tuple[str, dict[str, ArgValue]]
Reasoner = Callable[[Any, Sequence[Action], Action], Reason]


@dataclass(frozen=True)
class Hint:
    """The expert's ``action`` (None: nothing worth doing now) and why: ``key``, a
    locale key, with its ``args``."""

    action: Any
    key: str
    args: Mapping[str, ArgValue] = field(default_factory=dict)


def keys(game: str) -> tuple[str, ...]:
    """Every reason ``game``'s hints may give (its own and the shared ones)."""
    own: tuple[str, ...] = module_of(game).HINT_KEYS
    return (*own, *SHARED)


def hint(
    game: str, view: Any, legal: Sequence[Action], rng: random.Random, playouts: int | None = None
) -> Hint:
    """The expert's choice for the viewer of ``view`` among ``legal``, and its reason.
    ``playouts``: the search's budget (None: the expert's own).  Deterministic for
    a given rng; reads nothing but its arguments."""
    module = module_of(game)
    action = get(game, "hard", playouts).choose(view, legal, rng)
    if action is None or isinstance(action, Leave):
        action = module.policy(view, legal, rng)  # the heuristic: the search let the moment pass
    if action is None or isinstance(action, Leave) or not _offered(view, action, legal):
        return Hint(None, WAIT)
    if isinstance(action, Answer):
        return Hint(action, ANSWER, {"option": action.picks[0]}) if action.picks else Hint(action, SKIP)
    reasoner: Reasoner = module.reason
    key, args = reasoner(view, legal, action)
    return Hint(action, key, args)


def _offered(view: Any, action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is one of ``legal`` (an answer: to the open prompt, whose
    answers may be too many to list)."""
    if isinstance(action, Answer):
        prompt = getattr(view, "prompt", None)
        return prompt is not None and action.prompt == prompt.id and bool(answers(legal))
    return action in active(legal)
