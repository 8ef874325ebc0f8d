"""Triggers: the ``core`` steps that fire a timing's triggers (``fire``),
in the order the current player picks when several cards' go off at once."""

from __future__ import annotations

from typing import Any

from engine.smashup.abilities import ability
from engine.smashup.effects import G
from engine.smashup.keys import Pr
from engine.smashup.models import (
    Task,
)
from engine.smashup.tasks import CORE, Then, ask

C = ability(CORE)


@C.step("fire")
def _fire(g: G, t: Task) -> Then:
    name: str = t.data["name"]
    data: dict[str, Any] = t.data["data"]
    found = [(uid, ctrl) for uid, ctrl, a in g.listening(name) if a.triggers[name](g, uid, data)]
    if not found:
        return None
    cards = g.s.cards
    if len({cards[u] for u, _ in found}) > 1 and g.s.phase == "playing":
        return ask(
            t,
            "fire_order",
            Pr.ORDER,
            "card",
            [u for u, _ in found],
            min=len(found),
            max=len(found),
            player=g.current,
            ordered=True,
        )
    return [_trigger(g, uid, ctrl, name, data) for uid, ctrl in found]


@C.step("fire_order")
def _fire_order(g: G, t: Task) -> Then:
    name: str = t.data["name"]
    data: dict[str, Any] = t.data["data"]
    return [_trigger(g, uid, g.controller(uid), name, data) for uid in t.picks if g.in_play(uid)]


def _trigger(g: G, uid: int, ctrl: int, name: str, data: dict[str, Any]) -> Task:
    player = ctrl if ctrl >= 0 else int(data.get("player", g.current))
    return Task.make(g.cid(uid), "on:" + name, player, uid, dict(data))
