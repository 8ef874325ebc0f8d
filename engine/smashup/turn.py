"""The turn: its start (``start_turn`` triggers, the turn's plays), the
end of one's plays (scoring, then the draw), the hand limit, its end
(temporary effects over, the end of the game checked) and the next player."""

from __future__ import annotations

from engine.smashup.abilities import ability
from engine.smashup.effects import G
from engine.smashup.end import check_end
from engine.smashup.keys import Ev, Pr
from engine.smashup.models import (
    HAND_LIMIT,
    Credit,
    Task,
)
from engine.smashup.tasks import CORE, Then, ask, call, fire_now

C = ability(CORE)


@C.step("begin_turn")
def _begin_turn(g: G, t: Task) -> Then:
    s = g.s
    p = t.player
    s.current = p
    s.turn += 1
    s.window = None
    if any(x.until == "start_turn" and x.player == p for x in s.temps):
        s.temps = tuple(x for x in s.temps if not (x.until == "start_turn" and x.player == p))
    s.credits = [Credit(minion=True, extra=False, source=CORE), Credit(action=True, extra=False, source=CORE)]
    s.extras = {}
    s.talents = []
    s.played = []
    s.memo = {}
    if p in s.left:
        return call(CORE, "end_turn", player=p)
    g.emit(Ev.TURN, player=p, round=s.turn)
    g.fire("start_turn", player=p)
    return None


@C.step("finish")
def _finish(g: G, t: Task) -> Then:
    p = t.player
    g.emit(Ev.END_PLAYS, player=p)
    return [
        call(CORE, "score_check", player=p),
        call(CORE, "draw_phase", player=p),
        call(CORE, "hand_limit", player=p),
        call(CORE, "end_turn", player=p),
    ]


@C.step("draw_phase")
def _draw_phase(g: G, t: Task) -> None:
    if t.player not in g.s.left:
        g.draw(t.player, 2)


@C.step("hand_limit")
def _hand_limit(g: G, t: Task) -> Then:
    p = t.player
    extra = len(g.s.hands.get(p, [])) - HAND_LIMIT
    if extra <= 0:
        return None
    return ask(
        t, "hand_limit_pick", Pr.HAND_LIMIT, "card", list(g.s.hands[p]), min=extra, max=extra, count=extra
    )


@C.step("hand_limit_pick")
def _hand_limit_pick(g: G, t: Task) -> None:
    p = t.player
    g.discard_from_hand(p, [c for c in t.picks if c in g.s.hands[p]])


@C.step("end_turn")
def _end_turn(g: G, t: Task) -> Then:
    return [fire_now("end_turn", player=t.player), call(CORE, "end_turn_2", player=t.player)]


@C.step("end_turn_2")
def _end_turn_2(g: G, t: Task) -> Then:
    s = g.s
    p = t.player
    for x in reversed([x for x in s.temps if x.kind == "control"]):
        slot = g.minion_slot(x.target)
        if slot is not None and slot.controller == x.by:
            back = x.prev if x.prev not in s.left else g.owner(x.target)
            g.set_controller(x.target, back)
            g.emit(Ev.CONTROL_BACK, player=back, card=g.cid(x.target))
    if s.temps:
        s.temps = tuple(x for x in s.temps if x.kind != "control" and x.until != "end_turn")
    s.credits = []
    if p not in s.left:
        g.emit(Ev.TURN_END, player=p)
    if check_end(g):
        return None
    return call(CORE, "begin_turn", player=next_player(g, p))


def next_player(g: G, p: int) -> int:
    seats = g.s.seats
    i = seats.index(p)
    for k in range(1, len(seats) + 1):
        q = seats[(i + k) % len(seats)]
        if q not in g.s.left:
            return q
    return p
