"""Scheduled steps: what a handler returns, to run after it.

A handler (``abilities``) changes the state at once through ``G`` (the
immediate effects) and *returns* what is to happen next: ``None``, one step
or a list of steps, run in that order once it has returned::

    @A.step("kill")
    def _(g: G, t: Task) -> Then:
        g.draw(t.player, 1)                      # at once
        return [destroy(m, t.player, t.card),    # then these, in order
                go(t, "next")]

The steps below only make ``Task`` values (they change nothing), so the one
ordering rule — every immediate change before anything scheduled — holds by
construction: a handler is done changing the state when it returns what comes
next.  What must happen after a scheduled step goes into a continuation
(``go(t, "next")``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import PromptValue, deep_copy
from engine.smashup.models import Task

CORE = "core"

# what a handler returns: nothing, one step, or steps in the order they run
Then = Task | list[Task] | None


def go(t: Task, step: str, **data: Any) -> Task:
    """Continue ``t``'s ability at ``step`` (its data kept, updated with ``data``)."""
    d = {k: v for k, v in t.data.items() if k != "picks"}
    d.update(data)
    return Task.make(t.card, step, t.player, t.src, d)


def call(card: str, step: str, /, player: int = -1, src: int = -1, **data: Any) -> Task:
    """Step ``step`` of ``card``'s ability (``core``: the rules' own steps, ``flow``)."""
    return Task.make(card, step, player, src, data)


def destroy(m: int, actor: int | None, src: str) -> Task:
    """Destroy a minion (protections, then replacements, then the owner's
    discard pile and the ``destroyed`` trigger)."""
    return Task.make(
        CORE, "destroy", -1 if actor is None else actor, -1, {"minion": m, "actor": actor, "source": src}
    )


def play(
    p: int, uid: int, base: int | None = None, minion: int | None = None, from_hand: bool = False
) -> Task:
    """Play a card already taken from its pile (an ability's "play it"): its
    on-play ability and the play triggers follow.  Abilities that play a card
    as an extra play count it themselves (``g.s.extras``) and check
    ``g.forbidden`` first."""
    data = {"card": uid, "base": base, "minion": minion, "from_hand": from_hand}
    return Task.make(CORE, "play", p, -1, data)


def fire_now(name: str, **data: Any) -> Task:
    """Raise a trigger as a step (``G.fire`` raises one from an immediate
    change: it resolves after the current card)."""
    return Task.make(CORE, "fire", -1, -1, {"name": name, "data": data})


ASK = "ask"  # the step of a question (``ask``; ``flow``'s ``core`` step opens it)


def ask(
    t: Task,
    step: str,
    key: str,
    kind: str,
    options: Sequence[PromptValue],
    min: int = 1,
    max: int = 1,
    player: int | None = None,
    skip_key: str | None = None,
    ordered: bool = False,
    parallel: bool = False,
    always: bool = False,
    **args: Any,
) -> Task:
    """Ask ``player`` (default: ``t.player``) to pick ``min``..``max`` of
    ``options``; the answer resumes ``t``'s ability at ``step`` with
    ``data["picks"]``.  No options: resumes at once with no picks; a
    choice with one possible answer is taken at once — unless ``always``:
    a question everyone is asked alike, so that whether it is asked
    tells nobody anything (the Me-First window, the mulligan).
    ``parallel``: asked even while other prompts are open (setup
    questions everyone answers at once).  The first step a handler returns
    is asked as soon as it returns (nothing comes before it)."""
    then = {
        "card": t.card,
        "step": step,
        "player": t.player,
        "src": t.src,
        "data": {k: deep_copy(v) for k, v in t.data.items() if k != "picks"},
    }
    if t.card != CORE:  # the asking card (or base) names the question
        args.setdefault("card", t.card)
    spec = {
        "key": str(key),
        "kind": kind,
        "options": list(options),
        "min": min,
        "max": max,
        "skip_key": None if skip_key is None else str(skip_key),
        "ordered": ordered,
        "always": always,
        "args": args,
        "then": then,
    }
    return Task.make(CORE, ASK, t.player if player is None else player, -1, spec, parallel)


def continuation(then: dict[str, Any], picks: list[PromptValue], resume: bool) -> Task:
    """The Task a prompt's answer resumes (``then``: the Task as JSON), with the picks."""
    data = dict(then.get("data", {}))
    data["picks"] = list(picks)
    return Task.make(
        then["card"], then["step"], int(then.get("player", -1)), int(then.get("src", -1)), data, resume
    )
