"""Playing a card from hand: the play credit spent, the minion onto its base
or the action where it goes, its ability, the ``play_*`` triggers, and where a
played action ends up (``core`` steps ``play``, ``action_done``)."""

from __future__ import annotations

from engine.core import PromptValue
from engine.smashup import abilities
from engine.smashup.abilities import ability
from engine.smashup.cards import Target
from engine.smashup.effects import G
from engine.smashup.keys import Choice, Ev, Pr
from engine.smashup.models import (
    Attached,
    MinionSlot,
    Played,
    Task,
)
from engine.smashup.tasks import CORE, Then, ask, call, fire_now, play

C = ability(CORE)


def start_play(g: G, p: int, uid: int, base: int | None, minion: int | None, credit: int | None) -> Task:
    """A card played from hand (credit: the play spent; None for a free play):
    the step that plays it."""
    if credit is not None:
        c = g.s.credits.pop(credit)
        if c.extra:
            g.s.extras[p] = g.s.extras.get(p, 0) + 1
    g.s.hands[p].remove(uid)
    return play(p, uid, base, minion, from_hand=True)


@C.step("play")
def _play(g: G, t: Task) -> Then:
    p, uid = t.player, int(t.data["card"])
    base: int | None = t.data.get("base")
    minion: int | None = t.data.get("minion")
    d = g.cdef(uid)
    a = abilities.of(d.id)
    s = g.s
    if uid in s.aside:
        s.aside.remove(uid)
    if d.minion:
        slot = g.base_slot(base) if base is not None else None
        if slot is None or base is None:
            g.to_discard(uid, from_play=False)
            return None
        g.add_minion(base, MinionSlot(uid=uid, controller=p))
        from_hand = bool(t.data.get("from_hand", False))
        s.played.append(Played(player=p, minion=uid, base=base, from_hand=from_hand))
        g.emit(Ev.PLAYED_MINION, player=p, card=d.id, base=g.cid(base))
        on_play = [call(d.id, "play", player=p, src=uid, base=base)] if a.has_play else []
        return [*on_play, fire_now("play_minion", player=p, minion=uid, base=base, from_hand=from_hand)]
    if d.target is Target.NONE:
        s.aside.append(uid)
        g.emit(Ev.PLAYED_ACTION, player=p, card=d.id)
        on_play = [call(d.id, "play", player=p, src=uid)] if a.has_play else []
        return [
            *on_play,
            fire_now("play_action", player=p, card=uid),
            call(CORE, "action_done", player=p, card=uid),
        ]
    if d.target is Target.BASE:
        slot = g.base_slot(base) if base is not None else None
        if slot is None or base is None:
            g.to_discard(uid, from_play=False)
            return None
        g.add_action(base, Attached(uid=uid, controller=p))
        g.emit(Ev.PLAYED_ON_BASE, player=p, card=d.id, base=g.cid(base))
    else:
        host = g.minion_slot(minion) if minion is not None else None
        if host is None or minion is None:
            g.to_discard(uid, from_play=False)
            return None
        g.attach(minion, Attached(uid=uid, controller=p))
        base = g.base_of(minion)
        where = g.cid(base) if base is not None else ""
        g.emit(Ev.PLAYED_ON_MINION, player=p, card=d.id, minion=g.cid(minion), base=where)
    on_play = [call(d.id, "play", player=p, src=uid, base=base, minion=minion)] if a.has_play else []
    return [*on_play, fire_now("play_action", player=p, card=uid, base=base, minion=minion)]


@C.step("action_done")
def _action_done(g: G, t: Task) -> Then:
    """A standard action has resolved: to its owner's discard pile, unless its
    player may put it elsewhere (Woodland Helpers, Friendship Power)."""
    uid, p = int(t.data["card"]), t.player
    if uid not in g.s.aside:
        return None
    options: list[PromptValue] = [Choice.DISCARD.value]
    if any(a.after_play_bottom and ctrl == p for _, ctrl, a in g.hooked("after_play_bottom")):
        options.append(Choice.BOTTOM.value)
    if g.ab(uid).self_return:
        options.append(Choice.HAND.value)
    if len(options) == 1 or p in g.s.left:
        g.s.aside.remove(uid)
        g.to_discard(uid, from_play=False)
        return None
    return ask(t, "action_done_pick", Pr.ACTION_DONE, "choice", options, card=g.cid(uid))


@C.step("action_done_pick")
def _action_done_pick(g: G, t: Task) -> None:
    uid = int(t.data["card"])
    if uid not in g.s.aside:
        return
    choice = t.pick()
    if choice == Choice.BOTTOM:
        g.put_bottom(uid)
    elif choice == Choice.HAND:
        g.to_hand(uid, g.owner(uid))
    else:
        g.s.aside.remove(uid)
        g.to_discard(uid, from_play=False)
