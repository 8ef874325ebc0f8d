"""The task scheduler: the steps a handler returns, and ``run``, which
resolves the task stack (``state.stack``).

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
(``go(t, "next")``).  The triggers its changes raised (``G.fire``) resolve
after its steps; a question it returns first is opened at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.core import PromptValue, deep_copy
from engine.core import ask as open_prompt
from engine.smashup import abilities
from engine.smashup.models import TASK_STEP, Task
from engine.smashup.models import Then as Then  # what a step returns (factions import it from here)

if TYPE_CHECKING:
    from engine.smashup.effects import G

CORE = "core"
MAX_STEPS = 100_000

_REGISTRY = abilities.REGISTRY


def go(t: Task, step: str, **data: Any) -> Task:
    """Continue ``t``'s ability at ``step`` (its data kept, updated with ``data``)."""
    d = {k: v for k, v in t.data.items() if k != "picks"}
    d.update(data)
    return Task.make(t.card, step, t.player, t.src, d)


def call(card: str, step: str, /, player: int = -1, src: int = -1, **data: Any) -> Task:
    """Step ``step`` of ``card``'s ability (``core``: the rules' own steps, ``setup`` to ``end``)."""
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


ASK = "ask"  # the step of a question (``ask``; ``prompts``' ``core`` step opens it)


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


# --- the scheduler: running the stack --------------------------------------------------


def run(g: G, step: Task | None = None) -> None:
    """Resolve tasks (``step`` first) until a prompt waits or nothing is left."""
    s = g.s
    if step is not None:
        s.stack.append(step)
    for _ in range(MAX_STEPS):
        if not s.stack or s.phase == "over":
            return
        if s.prompts and not s.stack[-1].resume:
            return
        _exec(g, s.stack.pop())
    raise RuntimeError("smashup: runaway resolution")


def _exec(g: G, t: Task) -> None:
    """Run one task's handler, then put what it returned on the stack (the
    first step on top), above the triggers it raised."""
    step = t.step
    if t.src >= 0 and step.startswith("on:") and not g.in_play(t.src):
        return  # a trigger whose card has left play
    a = _REGISTRY.get(t.card)
    fn = a.steps.get(step) if a is not None else None
    if fn is None:
        raise KeyError(f"no step {step!r} of {t.card!r}")
    # the stack's task is shared with older states: its handler gets a copy to change
    # (a handler sets keys of its data, never changes a value in place: abilities.py)
    mine = Task.make(t.card, step, t.player, t.src, dict(t.data), t.resume)
    raised: list[Task] = []
    g.raised = raised
    then = fn(g, mine)  # (one that raises fails the whole ``apply``: this G is thrown away)
    g.raised = None
    stack = g.s.stack
    if raised:
        stack.extend(reversed(raised))
    if then is None:
        return
    if isinstance(then, list):
        if not then:
            return
        first = then[0]
        if first.step == ASK and first.card == CORE:
            # nothing scheduled before it: asking now is asking next (what the
            # step ``ask`` would do as the next task), without the task
            forced = prompt(g, first.player, first.data)
            stack.extend(reversed(then[1:]))
            if forced is not None:
                stack.append(forced)
        else:
            stack.extend(reversed(then))
        return
    if then.step == ASK and then.card == CORE:
        forced = prompt(g, then.player, then.data)
        if forced is not None:
            stack.append(forced)
        return
    stack.append(then)


def prompt(g: G, p: int, d: dict[str, Any]) -> Task | None:
    """Open the question ``d`` (``ask``'s) for ``p`` — or, when its answer is
    forced (no options, one possible answer, a player who has left), return
    its continuation with that answer, to run next."""
    then: dict[str, Any] = d["then"]
    options: list[PromptValue] = d["options"]
    lo, hi, ordered = int(d["min"]), int(d["max"]), bool(d["ordered"])
    forced: list[PromptValue] | None = None
    s = g.s
    if p in s.left or p not in s.seats:
        forced = options[:lo]
    elif d.get("always"):
        pass  # asked alike whatever the options: whether it is asked must tell nothing
    elif not options:
        forced = []
    elif (not ordered and lo >= len(options)) or (ordered and len(options) == 1 and lo >= 1):
        forced = options
    if forced is not None:
        return continuation(then, forced, resume=False)
    open_prompt(
        s,
        p,
        d["key"],
        d["kind"],
        options,
        then=TASK_STEP,
        data=then,
        min=lo,
        max=hi if hi < len(options) else len(options),
        ordered=ordered,
        skip_key=d["skip_key"],
        args=d["args"],
    )
    return None
