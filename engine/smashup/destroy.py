"""Destruction: a minion or an action destroyed, its replacements (``instead_destroy``:
the controller picks one when several apply) and the ``destroyed`` trigger
(``core`` steps ``destroy``, ``destroy_pick``)."""

from __future__ import annotations

from engine.smashup.abilities import ability
from engine.smashup.effects import G
from engine.smashup.keys import Ev, Pr
from engine.smashup.models import (
    Task,
)
from engine.smashup.tasks import CORE, Then, ask

C = ability(CORE)


@C.step("destroy")
def _destroy(g: G, t: Task) -> Then:
    m = int(t.data["minion"])
    actor = t.data.get("actor")
    loc = g.locate(m)
    if loc is None:
        return None
    if g.protected(m, actor, "destroy"):
        g.emit(Ev.PROTECTED, card=g.cid(m), base=g.cid(loc[0].uid))
        return None
    reps = []
    for src, _, a in g.hooked("replacement"):
        assert a.replacement is not None
        if a.replacement.when(g, src, m):
            reps.append((src, a.replacement))
    if not reps:
        _really_destroy(g, m, actor)
        return None
    ctrl = loc[1].controller
    if len(reps) == 1:
        src, rep = reps[0]
        chooser = rep.chooser(g, src, m) if rep.chooser is not None else ctrl
        if not rep.optional:
            return _replace(g, src, chooser, m)
        return ask(
            t,
            "destroy_pick",
            Pr.MAY_REPLACE,
            "card",
            [src],
            min=0,
            player=chooser,
            skip_key=Pr.NO,
            minion=g.cid(m),
            source=g.cid(src),
        )
    optional = all(rep.optional for _, rep in reps)
    return ask(
        t,
        "destroy_pick",
        Pr.REPLACE,
        "card",
        [src for src, _ in reps],
        min=0 if optional else 1,
        player=ctrl,
        skip_key=Pr.NONE if optional else None,
        minion=g.cid(m),
    )


@C.step("destroy_pick")
def _destroy_pick(g: G, t: Task) -> Then:
    m = int(t.data["minion"])
    if not g.is_minion_in_play(m):
        return None
    src = t.pick()
    if src is None or not g.in_play(int(src)):
        _really_destroy(g, m, t.data.get("actor"))
        return None
    a = g.ab(int(src))
    assert a.replacement is not None
    chooser = a.replacement.chooser(g, int(src), m) if a.replacement.chooser is not None else g.controller(m)
    return _replace(g, int(src), chooser, m)


def _replace(g: G, src: int, chooser: int, m: int) -> Task:
    """The replacement of ``src`` happens instead (its step ``instead_destroy``)."""
    g.emit(Ev.REPLACED, card=g.cid(m), source=g.cid(src))
    return Task(card=g.cid(src), step="instead_destroy", player=chooser, src=src, data={"minion": m})


def _really_destroy(g: G, m: int, actor: int | None) -> None:
    base = g.base_of(m)
    owner = g.owner(m)
    if base is not None:  # this turn's destructions per base and controller (Furthering the Cause)
        key = destroyed_key(base, g.controller(m))
        g.s.memo[key] = g.s.memo.get(key, 0) + 1
    g.leave_play(m, "discard")
    g.emit(Ev.DESTROYED, owner=owner, card=g.cid(m), base=g.cid(base) if base is not None else "")
    g.fire("destroyed", minion=m, base=base, owner=owner, by=actor)


def destroyed_key(base: int, controller: int) -> str:
    """The ``memo`` counter of minions ``controller`` controlled that were
    destroyed on ``base`` this turn."""
    return f"destroyed:{base}:{controller}"
