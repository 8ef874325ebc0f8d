"""The faction author's kit: everything a faction module, a box's bases and the
Madness card import, in one place — the names they use from the package's
modules, and the small helpers they share (the usual questions a handler
returns, and targets).  A new faction imports from here only (the package's
docstring says how a faction is added)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.smashup.abilities import PlayCheck, ability
from engine.smashup.cards import (
    MADNESS,
    BaseDef,
    BoxDef,
    FactionDef,
    Kind,
    Target,
    action,
    minion,
    register_bases,
    register_box,
    register_faction,
)
from engine.smashup.destroy import destroyed_key
from engine.smashup.effects import G
from engine.smashup.keys import Choice, Ev, Pr, register_choices, register_keys
from engine.smashup.models import Task, Then
from engine.smashup.queries import Q
from engine.smashup.scoring import swap_base, winners
from engine.smashup.tasks import ask, call, destroy, fire_now, go, play

__all__ = [
    "MADNESS",
    "BaseDef",
    "BoxDef",
    "Choice",
    "Ev",
    "FactionDef",
    "G",
    "Kind",
    "PlayCheck",
    "Pr",
    "Q",
    "Target",
    "Task",
    "Then",
    "ability",
    "action",
    "ask",
    "call",
    "control_targets",
    "destroy",
    "destroy_targets",
    "destroyed_key",
    "fire_now",
    "go",
    "minion",
    "move_targets",
    "pick_base",
    "pick_effect",
    "pick_minion",
    "picked_base",
    "picked_minion",
    "play",
    "register_bases",
    "register_box",
    "register_choices",
    "register_faction",
    "register_keys",
    "swap_base",
    "take_control",
    "winners",
]


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
