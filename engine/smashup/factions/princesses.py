"""Princesses («Принцессы», «Мимими»): docs/rules/smashup.md §1.2 — six power-5 minions with
talents, and actions that move, destroy and pile up Heirlooms."""

from __future__ import annotations

from engine.core import rng_shuffle
from engine.smashup.kit import (
    Ev,
    FactionDef,
    G,
    Pr,
    Q,
    Target,
    Task,
    Then,
    ability,
    action,
    ask,
    destroy,
    destroy_targets,
    go,
    minion,
    move_targets,
    pick_base,
    pick_effect,
    pick_minion,
    picked_base,
    picked_minion,
    register_choices,
    register_faction,
    winners,
)

F = "princesses"
BOX = "pretty-pretty"

register_faction(
    FactionDef(
        F,
        BOX,
        (
            minion(F, "apricot", 5),
            minion(F, "eliza", 5),
            minion(F, "griselda", 5),  # original: take an Heirloom from the discard pile into hand
            minion(F, "marie-degraw", 5),
            minion(F, "sleeping-beauty", 5),
            minion(F, "snow-white", 5),
            action(F, "direct-to-dvd-sequel", 2),
            # sheet M: only the POD wording is known ("draw 2, or +3 power until the end of the turn")
            action(F, "fairy-godmother"),
            action(F, "happily-ever-after", target=Target.BASE),
            action(F, "heirloom", 3, Target.MINION),
            action(F, "skillet", 2),
            action(F, "some-day-my-prince", special=True),
            action(F, "tale-as-old-as-time"),
            action(F, "true-loves-kiss", 2),
            action(F, "woodland-helpers", target=Target.BASE),
        ),
    )
)

DRAW2 = "draw2"
POWER3 = "power3"
register_choices(DRAW2, POWER3)

HEIRLOOM = "heirloom"


# --- minions -------------------------------------------------------------------------

APRICOT = ability("apricot")


def _apricot_targets(g: Q, uid: int) -> list[int]:
    p = g.controller(uid)
    here = g.base_of(uid)
    return destroy_targets(g, p, [m for m in g.minions(here) if g.controller(m) != p and g.power(m) <= 2])


@APRICOT.talent(ok=lambda g, uid: bool(_apricot_targets(g, uid)))
def _apricot(g: G, t: Task) -> Then:
    """Destroy another player's minion of power 2 or less here."""
    return pick_minion(t, "kill", Pr.DESTROY, _apricot_targets(g, t.src))


@APRICOT.step("kill")
def _apricot_kill(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is not None and m in _apricot_targets(g, t.src):
        return destroy(m, t.player, t.card)
    return None


ELIZA = ability("eliza")
# "Can't": an opponent of Eliza's controller makes at most one extra play a turn.
ELIZA.forbid = lambda g, src, check: (
    check.extra and check.player != g.controller(src) and g.s.extras.get(check.player, 0) >= 1
)


GRISELDA = ability("griselda")


def _heirlooms(g: Q, p: int) -> list[int]:
    return [c for c in g.discard(p) if g.cid(c) == HEIRLOOM]


@GRISELDA.talent(ok=lambda g, uid: bool(_heirlooms(g, g.controller(uid))))
def _griselda(g: G, t: Task) -> Then:
    return ask(t, "take", Pr.FROM_DISCARD, "card", list(_heirlooms(g, t.player)))


@GRISELDA.step("take")
def _griselda_take(g: G, t: Task) -> None:
    c = t.pick()
    if c is not None and c in _heirlooms(g, t.player):
        g.to_hand(int(c), t.player)


MARIE = ability("marie-degraw")


@MARIE.talent(ok=lambda g, uid: bool(g.deck(g.controller(uid)) or g.discard(g.controller(uid))))
def _marie(g: G, t: Task) -> None:
    """Reveal the top card: a minion is drawn, anything else goes to the bottom."""
    top = g.top(t.player)
    if top is None:
        return
    g.emit(Ev.REVEALED, player=t.player, cards=[g.cid(top)])
    if g.cdef(top).minion:
        g.draw(t.player, 1)
    else:
        g.put_bottom(top)


BEAUTY = ability("sleeping-beauty")


def _beauty_to_deck(g: G, uid: int) -> bool:
    """[decision] Ongoing, so from play only (destroyed, scored, discarded)."""
    o = g.owner(uid)
    g.s.decks[o].append(uid)
    g.s.rng = rng_shuffle(g.s.rng, g.s.decks[o])
    g.emit(Ev.TO_DECK, owner=o, card=g.cid(uid))
    return True


BEAUTY.instead_discard = _beauty_to_deck


SNOW = ability("snow-white")


def _snow_targets(g: Q, uid: int) -> list[int]:
    here = g.base_of(uid)
    return move_targets(g, g.controller(uid), [m for m in g.minions() if g.base_of(m) != here])


@SNOW.talent(ok=lambda g, uid: bool(_snow_targets(g, uid)))
def _snow(g: G, t: Task) -> Then:
    """Move a minion from another base here."""
    return pick_minion(t, "move", Pr.MOVE, _snow_targets(g, t.src))


@SNOW.step("move")
def _snow_move(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    here = g.base_of(t.src)
    if m is not None and here is not None:
        g.move(m, here, t.player)


# --- actions -------------------------------------------------------------------------

DVD = ability("direct-to-dvd-sequel")


@DVD.on_play
def _dvd(g: G, t: Task) -> Then:
    return ask(t, "shuffle", Pr.FROM_DISCARD, "card", [c for c in g.discard(t.player) if g.cdef(c).minion])


@DVD.step("shuffle")
def _dvd_shuffle(g: G, t: Task) -> None:
    """The minion is shuffled into the deck, then draw 1."""
    c = t.pick()
    if c is not None and c in g.discard(t.player):
        g.shuffle_in(int(c))
    g.draw(t.player, 1)


GODMOTHER = ability("fairy-godmother")


@GODMOTHER.on_play
def _godmother(g: G, t: Task) -> Then:
    return pick_effect(t, "effect", [DRAW2, POWER3])


@GODMOTHER.step("effect")
def _godmother_effect(g: G, t: Task) -> Then:
    if t.pick() == DRAW2:
        g.draw(t.player, 2)
        return None
    return pick_minion(t, "boost", Pr.POWER, g.minion_choices(t.player, "power", g.minions()), amount=3)


@GODMOTHER.step("boost")
def _godmother_boost(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    if m is not None:
        g.add_power(m, 3, t.player, t.card)


HAPPILY = ability("happily-ever-after")


@HAPPILY.trigger("scored", when=lambda g, src, d: g.host(src) == d["base"])
def _happily(g: G, t: Task) -> None:
    """Its controller gains 1 VP more when winning this base."""
    if g.controller(t.src) in winners(g):
        g.gain_vp(g.controller(t.src), 1, t.card)


HEIR = ability(HEIRLOOM)
HEIR.indestructible = True


def _heirloom_power(g: Q, src: int, m: int) -> int:
    """Each Heirloom gives +1 per Heirloom on the minion: n of them give n²."""
    slot = g.minion_slot(m)
    if slot is None or not any(a.uid == src for a in slot.attached):
        return 0
    return sum(1 for a in slot.attached if g.cid(a.uid) == HEIRLOOM)


HEIR.power = _heirloom_power
HEIR.power_reach = "minion"


SKILLET = ability("skillet")


@SKILLET.on_play
def _skillet(g: G, t: Task) -> Then:
    return pick_minion(
        t, "kill", Pr.DESTROY, destroy_targets(g, t.player, [m for m in g.minions() if g.power(m) <= 2])
    )


@SKILLET.step("kill")
def _skillet_kill(g: G, t: Task) -> Then:
    """Destroy a minion of power 2 or less, then draw 1."""
    m = picked_minion(g, t)
    if m is not None and g.power(m) <= 2:
        return [destroy(m, t.player, t.card), go(t, "draw")]
    return go(t, "draw")


@SKILLET.step("draw")
def _skillet_draw(g: G, t: Task) -> None:
    g.draw(t.player, 1)


PRINCE = ability("some-day-my-prince")


def _prince_targets(g: Q, p: int, base: int) -> list[int]:
    return move_targets(g, p, g.minions(base)) if len(g.s.bases) > 1 else []


@PRINCE.special("before", "hand", ok=lambda g, uid, base: bool(_prince_targets(g, g.owner(uid), base)))
def _prince(g: G, t: Task) -> Then:
    """Move a minion from the scoring base to another base."""
    return pick_minion(t, "which", Pr.MOVE, _prince_targets(g, t.player, int(t.data["base"])))


@PRINCE.step("which")
def _prince_which(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is None or g.base_of(m) != t.data["base"]:
        return None
    t.data["minion"] = m
    return pick_base(t, "to", Pr.MOVE_TO, g.other_bases(int(t.data["base"])))


@PRINCE.step("to")
def _prince_to(g: G, t: Task) -> None:
    b = picked_base(g, t)
    if b is not None:
        g.move(int(t.data["minion"]), b, t.player)


TALE = ability("tale-as-old-as-time")


@TALE.on_play
def _tale(g: G, t: Task) -> Then:
    return pick_base(t, "to", Pr.PICK_BASE, g.base_ids())


@TALE.step("to")
def _tale_to(g: G, t: Task) -> None:
    """Every minion you control moves to the chosen base."""
    b = picked_base(g, t)
    if b is None:
        return
    for m in g.minions(controller=t.player):
        if g.base_of(m) != b:
            g.move(m, b, t.player)


KISS = ability("true-loves-kiss")


@KISS.on_play
def _kiss(g: G, t: Task) -> Then:
    return pick_minion(t, "which", Pr.MOVE, move_targets(g, t.player, g.minions()))


@KISS.step("which")
def _kiss_which(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is None:
        return None
    t.data["minion"] = m
    return pick_base(t, "to", Pr.MOVE_TO, g.other_bases(g.base_of(m)))


@KISS.step("to")
def _kiss_to(g: G, t: Task) -> None:
    b = picked_base(g, t)
    if b is not None:
        g.move(int(t.data["minion"]), b, t.player)


HELPERS = ability("woodland-helpers")
# errata: standard actions only (the framework offers the bottom of the deck for those)
HELPERS.after_play_bottom = True
