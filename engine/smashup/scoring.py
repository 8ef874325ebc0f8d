"""Scoring: which bases score and in which order, the ``before_score``
triggers, the Me-First windows (every player asked in turn), places and VP,
the ``scored``/``after_score`` triggers, the base's cards leaving play, and
the base replaced (``draw_base``, ``swap_base``)."""

from __future__ import annotations

from engine.core import PromptValue, rng_shuffle
from engine.smashup import abilities
from engine.smashup.abilities import ability
from engine.smashup.effects import G
from engine.smashup.keys import Ev, Pr
from engine.smashup.models import (
    Scoring,
    Task,
    Window,
)
from engine.smashup.tasks import CORE, Then, ask, call, fire_now

C = ability(CORE)


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
