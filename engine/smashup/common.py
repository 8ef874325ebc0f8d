"""Small helpers faction modules share: the usual questions (steps a
handler returns) and targets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.smashup.effects import G
from engine.smashup.keys import Pr
from engine.smashup.models import Task
from engine.smashup.queries import Q
from engine.smashup.tasks import ask


def pick_minion(t: Task, step: str, key: str, cands: Sequence[int], may: bool = False, **args: Any) -> Task:
    """Ask ``t.player`` for one minion of ``cands`` (``may``: or none)."""
    return ask(
        t, step, key, "minion", list(cands), min=0 if may else 1, skip_key=Pr.NO if may else None, **args
    )


def pick_base(t: Task, step: str, key: str, bases: Sequence[int], may: bool = False, **args: Any) -> Task:
    return ask(
        t, step, key, "base", list(bases), min=0 if may else 1, skip_key=Pr.NO if may else None, **args
    )


def pick_effect(t: Task, step: str, options: list[str]) -> Task:
    """ "Choose one": options are choice values (``smashup-choice-<value>``)."""
    return ask(t, step, Pr.EFFECT, "choice", list(options))


def picked_minion(g: Q, t: Task) -> int | None:
    """The picked minion, if it is still in play."""
    m = t.pick()
    return int(m) if m is not None and g.is_minion_in_play(int(m)) else None


def picked_base(g: Q, t: Task) -> int | None:
    b = t.pick()
    return int(b) if b is not None and g.base_slot(int(b)) is not None else None


def control_targets(g: Q, p: int, limit: int, base: int | None = None) -> list[int]:
    """Minions of power ``limit`` or less that ``p`` does not control and may take."""
    return [
        m
        for m in g.minions(base)
        if g.controller(m) != p and g.power(m) <= limit and g.can_affect(p, m, "control")
    ]


def take_control(g: G, t: Task, limit: int) -> None:
    """Resolve a "gain control of a minion of power ``limit`` or less" pick."""
    m = picked_minion(g, t)
    if m is not None and g.power(m) <= limit and g.can_affect(t.player, m, "control"):
        g.take_control(m, t.player, t.card)


def destroy_targets(g: Q, actor: int | None, cands: list[int]) -> list[int]:
    return [m for m in cands if g.can_affect(actor, m, "destroy")]


def move_targets(g: Q, actor: int | None, cands: list[int]) -> list[int]:
    return [m for m in cands if g.can_affect(actor, m, "move")]
