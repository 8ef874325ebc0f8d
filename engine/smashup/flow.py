"""The rules' own steps, registered as the abilities of ``core``: setup (draft,
deal, mulligan), the turn (start, plays, scoring, draw, hand limit, end), the
scoring pipeline with its Me-First windows, destruction with its
replacements, playing a card, prompts, triggers, and the end of the game.
"""

from __future__ import annotations

from typing import Any

from engine.core import Pending, Prompt, PromptValue, rng_below, rng_shuffle
from engine.smashup import abilities
from engine.smashup.abilities import PlayCheck, ability
from engine.smashup.cards import BASES, CARDS, FACTIONS, MADNESS, Target
from engine.smashup.effects import G
from engine.smashup.keys import Choice, Ev, Pr
from engine.smashup.models import (
    HAND_LIMIT,
    HAND_SIZE,
    Attached,
    Credit,
    MinionSlot,
    Played,
    Scoring,
    Task,
    Window,
)
from engine.smashup.queries import Q
from engine.smashup.tasks import CORE, Then, ask, call, continuation, fire_now, play, prompt, run

C = ability(CORE)


# --- prompts -------------------------------------------------------------------------


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


# --- triggers --------------------------------------------------------------------------


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


# --- playing cards ----------------------------------------------------------------------


def credit_for(g: Q, p: int, uid: int, base: int | None, minion: int | None) -> int | None:
    """Which play credit playing ``uid`` there would spend (the most specific
    one that fits and no "can't" forbids), or None."""
    d = g.cdef(uid)
    a = abilities.of(d.id)
    best: tuple[tuple[int, int, int], int] | None = None
    for i, c in enumerate(g.s.credits):
        if d.minion:
            if not c.minion:
                continue
            if c.base is not None and c.base != base:
                continue
            if c.where_own and base is not None and not g.minions(base, p):
                continue
            if c.max_power is not None and d.power > c.max_power:
                continue
            if c.names is not None and d.id not in c.names:
                continue
        elif not c.action:
            continue
        check = PlayCheck(p, uid, d.id, base, minion, c.extra, d.minion)
        if g.forbidden(check) or not a.play_ok(g, check):
            continue
        constraints = (c.base is not None) + c.where_own + (c.max_power is not None) + (c.names is not None)
        key = (int(c.minion) + int(c.action), -constraints, int(c.extra))
        if best is None or key < best[0]:
            best = (key, i)
    return None if best is None else best[1]


def target_ok(g: Q, p: int, uid: int, base: int | None, minion: int | None) -> bool:
    """Whether the card may go there (ignoring play credits)."""
    d = CARDS[g.s.cards[uid]]
    if d.minion or d.target is Target.BASE:
        return minion is None and base is not None and g.base_slot(base) is not None
    if d.target is Target.NONE:
        return base is None and minion is None
    if base is not None or minion is None or not g.is_minion_in_play(minion):
        return False
    if d.target is Target.OWN_MINION and g.controller(minion) != p:
        return False
    return g.can_affect(p, minion, "action")


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


# --- destruction --------------------------------------------------------------------------


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


# --- the turn ---------------------------------------------------------------------------------


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


# --- scoring ---------------------------------------------------------------------------------


def eligible(g: G) -> list[int]:
    return [b.uid for b in g.s.bases if g.total(b.uid) >= g.bdef(b.uid).breakpoint]


@C.step("score_check")
def _score_check(g: G, t: Task) -> Then:
    ready = eligible(g)
    if not ready:
        return None
    if len(ready) == 1:
        return _score(g, ready[0])
    return ask(t, "score_pick", Pr.SCORE_ORDER, "base", list(ready), player=g.current)


@C.step("score_pick")
def _score_pick(g: G, t: Task) -> Then:
    b = t.pick()
    if b is not None and g.base_slot(int(b)) is not None:
        return _score(g, int(b))
    return call(CORE, "score_check")


def _score(g: G, base: int) -> list[Task]:
    g.s.scoring = Scoring(base=base)
    g.emit(Ev.SCORING, base=g.cid(base))
    return [
        fire_now("before_score", base=base),
        call(CORE, "window", base=base, timing="before", responder=None, passed=[]),
        call(CORE, "award", base=base),
        call(CORE, "score_check"),
    ]


def usable_specials(g: G, p: int, base: int, timing: str) -> list[PromptValue]:
    out: list[PromptValue] = []
    cards = g.s.cards
    for uid in g.s.hands.get(p, ()):
        a = abilities.REGISTRY.get(cards[uid])
        sp = a.special_def if a is not None else None
        if sp is not None and sp.zone == "hand" and sp.timing == timing and sp.ok(g, uid, base):
            out.append(uid)
    for uid, ctrl in g.in_play_cards():
        if ctrl != p:
            continue
        a = abilities.REGISTRY.get(cards[uid])
        sp = a.special_def if a is not None else None
        if sp is not None and sp.zone == "play" and sp.timing == timing and sp.ok(g, uid, base):
            out.append(uid)
    return out


@C.step("window")
def _window(g: G, t: Task) -> Then:
    """The Me-First loop (§4.1): from the current player on, clockwise, each
    player at the table plays one Special or passes; it closes once all of
    them have passed in a row.  Everyone is asked in turn, with the Specials
    they can use now as the options — possibly none (only "Pass"): whether a
    player is asked must not tell who holds a Special.

    ``responder`` and ``passed`` name players by id (``responder`` None: the
    window opens, with the current player), so that a player leaving shifts
    nobody: a responder who has left is skipped for the next one at the
    table, and a pass of someone who has left no longer matters."""
    s = g.s
    d = t.data
    base, timing = int(d["base"]), str(d["timing"])
    if g.base_slot(base) is None:
        s.window = None
        return None
    passed: list[int] = [int(p) for p in d.get("passed", ())]
    active = g.active()
    if all(p in passed for p in active):
        s.window = None
        return None
    p = d.get("responder")
    p = s.current if p is None else int(p)
    if p in s.left or p not in s.seats:
        p = g.next_active(p)
    s.window = Window(
        base=base, timing="before" if timing == "before" else "after", responder=p, passed=passed
    )
    key = Pr.ME_FIRST if timing == "before" else Pr.AFTER_SCORING
    return ask(
        Task(card=CORE, step="window", player=p, data={"base": base, "timing": timing, "passed": passed}),
        "window_pick",
        key,
        "card",
        usable_specials(g, p, base, timing),
        min=0,
        skip_key=Pr.PASS,
        always=True,
        base=g.cid(base),
    )


@C.step("window_pick")
def _window_pick(g: G, t: Task) -> Then:
    """The responder's answer: ``t.player`` (the player asked, by id)."""
    s = g.s
    d = t.data
    base, timing = int(d["base"]), str(d["timing"])
    p = t.player
    if g.base_slot(base) is None:
        s.window = None
        return None
    nxt = g.next_active(p)
    uid = t.pick()
    if uid is None or uid not in usable_specials(g, p, base, timing):  # passed (or no longer usable)
        g.emit(Ev.PASSED, player=p)
        passed = [q for q in d.get("passed", ()) if q != p] + [p]
        return call(CORE, "window", base=base, timing=timing, responder=nxt, passed=passed)
    uid = int(uid)
    cid = g.cid(uid)
    then = call(CORE, "window", base=base, timing=timing, responder=nxt, passed=[])
    if uid in s.hands.get(p, ()):
        s.hands[p].remove(uid)
        s.aside.append(uid)
        g.emit(Ev.PLAYED_SPECIAL, player=p, card=cid, base=g.cid(base))
        return [
            call(cid, "special", player=p, src=uid, base=base),
            fire_now("play_action", player=p, card=uid),
            call(CORE, "action_done", player=p, card=uid),
            then,
        ]
    g.emit(Ev.USED_SPECIAL, player=p, card=cid, base=g.cid(base))
    return [call(cid, "special", player=p, src=uid, base=base), then]


def places(powers: dict[int, int]) -> dict[int, int]:
    """Competition ranking ("1224"): a player's place is 1 + the number of
    players with strictly more power."""
    return {p: 1 + sum(1 for q in powers.values() if q > v) for p, v in powers.items()}


@C.step("award")
def _award(g: G, t: Task) -> Then:
    base = int(t.data["base"])
    slot = g.base_slot(base)
    if slot is None:  # the scoring base left play: it stops scoring
        g.s.scoring = None
        return None
    powers = {p: v for p, v in g.powers(base).items() if p not in g.s.left}
    ranks = places(powers)
    vp = g.bdef(base).vp
    g.s.scoring = Scoring(base=base, places=ranks, powers=powers)
    for p in sorted(ranks, key=lambda q: (ranks[q], g.active().index(q) if q in g.active() else 99)):
        place = ranks[p]
        points = vp[place - 1] if place <= 3 else 0
        g.emit(Ev.PLACE, player=p, place=place, points=points, power=powers[p], base=g.cid(base))
        if points:
            g.s.vp[p] = g.s.vp.get(p, 0) + points
    return [
        fire_now("scored", base=base),
        fire_now("after_score", base=base),
        call(CORE, "window", base=base, timing="after", responder=None, passed=[]),
        call(CORE, "clear", base=base),
    ]


def winners(g: G) -> list[int]:
    """The winners of the base being scored, in turn order from the current player."""
    sc = g.s.scoring
    if sc is None:
        return []
    return [p for p in g.active() if sc.places.get(p) == 1]


@C.step("clear")
def _clear(g: G, t: Task) -> None:
    """After scoring: every card on the base goes to its owner's discard pile
    (leaving play, not destruction), then the base is replaced."""
    s = g.s
    base = int(t.data["base"])
    slot = g.base_slot(base)
    if slot is None:
        s.scoring = None
        return
    clear = abilities.of(g.cid(base)).clear_card
    if clear is None:
        # it all leaves play at once (one change of what is in play), then goes
        # to the discard piles in the order below
        i = g.remove_base(base)
        for x in slot.actions:
            g.to_discard(x.uid, from_play=True)
        for m in slot.minions:
            for x in m.attached:
                g.to_discard(x.uid, from_play=True)
            g.forget(m.uid)
            g.to_discard(m.uid, from_play=True)
    else:  # the base says where its minions go: one by one
        for x in slot.actions:
            g.take_out(x.uid)
            g.to_discard(x.uid, from_play=True)
        for m in slot.minions:
            for x in m.attached:
                g.take_out(x.uid)
                g.to_discard(x.uid, from_play=True)
            if clear(g, base, m.uid):
                continue
            if g.is_minion_in_play(m.uid):
                g.leave_play(m.uid, "discard")
        i = g.remove_base(base)
    s.base_discard.append(base)
    s.scoring = None
    new = draw_base(g)
    if new is not None:
        g.add_base(new, at=i)
    g.emit(Ev.BASE_DONE, base=g.cid(base), new_base=g.cid(new) if new is not None else "")


def draw_base(g: G) -> int | None:
    s = g.s
    if not s.base_deck and s.base_discard:
        s.base_deck = s.base_discard
        s.base_discard = []
        s.rng = rng_shuffle(s.rng, s.base_deck)
        g.emit(Ev.BASES_RESHUFFLED, count=len(s.base_deck))
    return s.base_deck.pop() if s.base_deck else None


def swap_base(g: G, old: int) -> int | None:
    """Exchange a base in play with the top card of the base deck (drawn as
    ``draw_base`` draws, reshuffling the base discard pile when the deck is
    empty): the new base takes the old one's place — with whatever is still
    on it — and the old base goes on top of the base deck.  None (nothing
    changes) when no base can be drawn or ``old`` is not in play."""
    slot = g.base_slot(old)
    if slot is None:
        return None
    new = draw_base(g)
    if new is None:
        return None
    g.rename_base(old, new)
    g.s.base_deck.append(old)
    return new


# --- the end -----------------------------------------------------------------------------------


def final_scores(g: G) -> dict[int, int]:
    """VP after the Madness penalty (1 VP per 2 Madness cards held; [decision]
    never below 0: nobody loses points they do not have)."""
    s = g.s
    out = {}
    for p in s.seats:
        v = s.vp.get(p, 0)
        if s.madness_on:
            v = max(0, v - g.madness_count(p) // 2)
        out[p] = v
    return out


def check_end(g: G) -> bool:
    """End of a turn: someone at the goal ends the game if one player leads
    (after the Madness penalty; fewer Madness cards break a tie); a tie for
    the lead plays on."""
    s = g.s
    active = [p for p in s.seats if p not in s.left]
    if not active or max(s.vp.get(p, 0) for p in active) < s.options.goal:
        return False
    scores = final_scores(g)
    best = max(scores[p] for p in active)
    leaders = [p for p in active if scores[p] == best]
    if s.madness_on and len(leaders) > 1:
        fewest = min(g.madness_count(p) for p in leaders)
        leaders = [p for p in leaders if g.madness_count(p) == fewest]
    if len(leaders) != 1:
        g.emit(Ev.TIE_PLAY_ON, score=best)
        return False
    if s.madness_on:
        # [decision] the penalty is taken off the VP when the game ends (so the
        # final views and the outcome show the scores the winner was chosen by);
        # a tie that plays on takes nothing off
        for p in active:
            lost = s.vp.get(p, 0) - scores[p]
            if lost > 0:
                s.vp[p] = scores[p]
                g.emit(Ev.MADNESS_PENALTY, player=p, madness=g.madness_count(p), points=lost)
    game_over(g, leaders)
    g.emit(Ev.WON, winner=leaders[0], score=best)
    return True


def game_over(g: G, winners_: list[int]) -> None:
    s = g.s
    s.phase = "over"
    s.winners = list(winners_)
    s.stack = []
    s.prompts = []
    s.window = None
    s.deadline_ms = None


# --- setup ---------------------------------------------------------------------------------------


def snake(order: list[int]) -> list[int]:
    return order + order[::-1]


@C.step("draft")
def _draft(g: G, t: Task) -> Then:
    s = g.s
    order: list[int] = t.data["order"]
    i = int(t.data["i"])
    if i >= len(order):
        return call(CORE, "deal")
    p = order[i]
    options: list[PromptValue] = list(draftable(g, p))
    return ask(
        Task(card=CORE, step="draft", player=p, data={"order": order, "i": i}),
        "draft_pick",
        Pr.DRAFT,
        "faction",
        options,
        round=1 if i < len(s.seats) else 2,
    )


def draftable(g: G, p: int) -> list[str]:
    s = g.s
    mine = s.factions.get(p, [])
    taken = {f for q in s.seats for f in s.factions.get(q, [])} if s.options.unique_factions else set()
    return [f for f in s.pool if f not in mine and f not in taken]


@C.step("draft_pick")
def _draft_pick(g: G, t: Task) -> Then:
    order: list[int] = t.data["order"]
    i = int(t.data["i"])
    p = order[i]
    f = t.pick()
    if f is None or f not in draftable(g, p):
        f = draftable(g, p)[0]
    take_faction(g, p, str(f))
    return call(CORE, "draft", order=order, i=i + 1)


def take_faction(g: G, p: int, faction: str) -> None:
    """Add a faction's 20 cards to ``p``'s deck (new uids)."""
    s = g.s
    s.factions.setdefault(p, []).append(faction)
    new = [c.id for c in FACTIONS[faction].cards for _ in range(c.copies)]
    first = len(s.cards)
    s.cards = (*s.cards, *new)
    s.owners.extend(p for _ in new)
    s.decks[p].extend(range(first, first + len(new)))
    g.emit(Ev.DRAFTED, player=p, faction=faction)


@C.step("deal")
def _deal(g: G, t: Task) -> Then:
    s = g.s
    for p in s.seats:
        s.rng = rng_shuffle(s.rng, s.decks[p])
        g.emit(Ev.DECKS_READY, player=p, factions=list(s.factions.get(p, [])))
    for _ in range(len(s.seats) + 1):
        b = draw_base(g)
        if b is None:
            break
        g.add_base(b)
        g.emit(Ev.BASE_REVEALED, base=g.cid(b))
    for p in s.seats:
        g.draw(p, HAND_SIZE)
    return call(CORE, "mulligan")


@C.step("mulligan")
def _mulligan(g: G, t: Task) -> Then:
    """A hand without a minion may be shown and redrawn once (all players at
    once).  Every player is asked alike, so that being asked tells nobody
    whether a hand holds a minion: one with a minion may only keep it (the
    question's key says so, in that player's own prompt only)."""
    s = g.s
    asks = []
    for p in s.seats:
        if any(g.cdef(c).minion for c in s.hands[p]):
            key, options = Pr.MULLIGAN_KEEP, [Choice.KEEP.value]
        else:
            key, options = Pr.MULLIGAN, [Choice.KEEP.value, Choice.REDRAW.value]
        asks.append(
            ask(
                Task(card=CORE, step="mulligan", player=p),
                "mulligan_pick",
                key,
                "choice",
                options,
                parallel=True,
                always=True,
            )
        )
    return [*asks, call(CORE, "begin_game")]


@C.step("mulligan_pick")
def _mulligan_pick(g: G, t: Task) -> None:
    p = t.player
    if t.pick() != Choice.REDRAW or any(g.cdef(c).minion for c in g.s.hands[p]):
        g.emit(Ev.KEEP, player=p)
        return
    hand = list(g.s.hands[p])
    g.emit(Ev.MULLIGAN, player=p, cards=[g.cid(c) for c in hand])
    for c in hand:
        g.s.hands[p].remove(c)
        g.s.discards[p].append(c)
    g.draw(p, HAND_SIZE)


@C.step("begin_game")
def _begin_game(g: G, t: Task) -> Then:
    g.s.phase = "playing"
    return call(CORE, "begin_turn", player=g.s.seats[0])


def new_deck_cards(g: G) -> None:
    """Bases of the table's boxes and, when a box brings it, the Madness deck."""
    s = g.s
    bases = [b.id for box in s.boxes for b in BASES.values() if b.box == box]
    first = len(s.cards)
    s.cards = (*s.cards, *bases)
    s.owners.extend(-1 for _ in bases)
    s.base_deck.extend(range(first, first + len(bases)))
    s.rng = rng_shuffle(s.rng, s.base_deck)
    if s.madness_on:
        n = CARDS[MADNESS].copies
        first = len(s.cards)
        s.cards = (*s.cards, *([MADNESS] * n))
        s.owners.extend(-1 for _ in range(n))
        s.madness.extend(range(first, first + n))
