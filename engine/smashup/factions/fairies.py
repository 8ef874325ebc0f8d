"""Fairies («Феи», «Мимими»): docs/rules/smashup.md §1.3 — "choose one of two" abilities and
actions that ride on minions and hop between them."""

from __future__ import annotations

from engine.smashup.kit import (
    FactionDef,
    G,
    PlayCheck,
    Pr,
    Q,
    Target,
    Task,
    Then,
    ability,
    action,
    ask,
    minion,
    pick_effect,
    pick_minion,
    picked_minion,
    register_choices,
    register_faction,
)

F = "fairies"
BOX = "pretty-pretty"

register_faction(
    FactionDef(
        F,
        BOX,
        (
            minion(F, "titania", 5),
            minion(F, "glymmer", 4, 2),
            minion(F, "puck", 3, 3),
            minion(F, "tinx", 2, 4),
            action(F, "daisy-chain", 2, Target.MINION),
            action(F, "enchantment", target=Target.BASE),
            action(F, "fairy-ballet"),
            action(F, "ladybug", target=Target.MINION),
            # original print: +1 power and a talent moving it (POD: a talent "+2 until end of turn")
            action(F, "leaf-armor", 2, Target.MINION),
            action(F, "magic-acorns"),
            action(F, "magic-ward", target=Target.BASE),
            # sheet M/L: original wording unverified; "destroy up to two actions on minions and/or bases"
            action(F, "playful-tricks"),
        ),
    )
)

RETURN = "return-minion"
EXTRA_MINION = "extra-minion"
EXTRA_ACTION = "extra-action"
DRAW1 = "draw1"
DRAW2 = "draw2"
DRAW1_ACTION = "draw1-action"
WEAKEN = "weaken"
BOOST = "boost"
PLUS = "plus"
MINUS = "minus"
OTHERS_DISCARD = "others-discard"
register_choices(
    RETURN, EXTRA_MINION, EXTRA_ACTION, DRAW1, DRAW2, DRAW1_ACTION, WEAKEN, BOOST, PLUS, MINUS, OTHERS_DISCARD
)


# --- minions -------------------------------------------------------------------------

TITANIA = ability("titania")


def _titania_targets(g: G, p: int) -> list[int]:
    return g.minion_choices(p, "return", [m for m in g.minions() if g.controller(m) != p])


@TITANIA.on_play
def _titania(g: G, t: Task) -> Then:
    return pick_effect(t, "effect", [RETURN, EXTRA_MINION])


@TITANIA.step("effect")
def _titania_effect(g: G, t: Task) -> Then:
    """Return an opponent's minion to its owner's hand, or play an extra minion."""
    if t.pick() == EXTRA_MINION:
        g.credit(t.player, t.card, minion=True)
        return None
    return pick_minion(t, "return", Pr.RETURN, _titania_targets(g, t.player))


@TITANIA.step("return")
def _titania_return(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    if m is not None and g.controller(m) != t.player and g.can_affect(t.player, m, "return"):
        g.return_to_hand(m)


GLYMMER = ability("glymmer")


@GLYMMER.talent()
def _glymmer(g: G, t: Task) -> Then:
    """Until the start of your next turn: another minion -4, or this one +1."""
    return pick_effect(t, "effect", [WEAKEN, BOOST])


@GLYMMER.step("effect")
def _glymmer_effect(g: G, t: Task) -> Then:
    if t.pick() == BOOST:
        g.add_power(t.src, 1, t.player, t.card, until="start_turn")
        return None
    others = [m for m in g.minions() if m != t.src]
    return pick_minion(t, "weaken", Pr.POWER, g.minion_choices(t.player, "power", others), amount=-4)


@GLYMMER.step("weaken")
def _glymmer_weaken(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    if m is not None:
        g.add_power(m, -4, t.player, t.card, until="start_turn")


PUCK = ability("puck")


@PUCK.on_play
def _puck(g: G, t: Task) -> Then:
    return pick_effect(t, "effect", [EXTRA_ACTION, DRAW1])


@PUCK.step("effect")
def _puck_effect(g: G, t: Task) -> None:
    if t.pick() == DRAW1:
        g.draw(t.player, 1)
    else:
        g.credit(t.player, t.card, action=True)


TINX = ability("tinx")


@TINX.on_play
def _tinx(g: G, t: Task) -> Then:
    """You may transfer an action on another minion onto this one."""
    cands = [a for m in g.minions() if m != t.src for a in _on_minion(g, m)]
    return ask(t, "transfer", Pr.TRANSFER_FROM, "card", list(cands), min=0, skip_key=Pr.NO)


def _on_minion(g: G, m: int) -> list[int]:
    slot = g.minion_slot(m)
    return [a.uid for a in slot.attached] if slot is not None else []


@TINX.step("transfer")
def _tinx_transfer(g: G, t: Task) -> None:
    a = t.pick()
    if a is not None and g.is_minion_in_play(t.src):
        g.transfer(int(a), t.src)


# --- actions -------------------------------------------------------------------------

DAISY = ability("daisy-chain")
# +2 while its player controls the minion, -2 otherwise (control read now, §4.3)
DAISY.power = lambda g, src, m: (2 if g.controller(m) == g.controller(src) else -2) if g.host(src) == m else 0
DAISY.power_reach = "minion"


ENCHANT = ability("enchantment")


@ENCHANT.on_play
def _enchant(g: G, t: Task) -> Then:
    return pick_effect(t, "mode", [PLUS, MINUS])


@ENCHANT.step("mode")
def _enchant_mode(g: G, t: Task) -> None:
    if g.attached(t.src) is not None:
        g.set_data(t.src, "mode", 1 if t.pick() == PLUS else -1)


def _enchant_power(g: Q, src: int, m: int) -> int:
    at = g.attached(src)
    if at is None or g.base_of(m) != at[0]:
        return 0
    return int(at[1].data.get("mode", 0))


ENCHANT.power = _enchant_power
ENCHANT.power_reach = "here"


BALLET = ability("fairy-ballet")


@BALLET.on_play
def _ballet(g: G, t: Task) -> Then:
    return pick_effect(t, "effect", [DRAW2, DRAW1_ACTION])


@BALLET.step("effect")
def _ballet_effect(g: G, t: Task) -> None:
    if t.pick() == DRAW2:
        g.draw(t.player, 2)
    else:
        g.draw(t.player, 1)
        g.credit(t.player, t.card, action=True)


def _transfer_targets(g: Q, src: int) -> list[int]:
    host = g.host(src)
    p = g.controller(src)
    return [m for m in g.minions() if m != host and g.can_affect(p, m, "action")]


def _transfer_talent(g: G, t: Task) -> Then:
    """Talent: move this card onto another minion."""
    return pick_minion(t, "transfer", Pr.TRANSFER_TO, _transfer_targets(g, t.src))


def _transfer_done(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    if m is not None and g.attached(t.src) is not None:
        g.transfer(t.src, m)


LADYBUG = ability("ladybug")
LADYBUG.protect = lambda g, src, m, actor, how: how == "destroy" and g.host(src) == m
LADYBUG.talent(ok=lambda g, uid: bool(_transfer_targets(g, uid)))(_transfer_talent)
LADYBUG.step("transfer")(_transfer_done)

LEAF = ability("leaf-armor")
LEAF.power = lambda g, src, m: 1 if g.host(src) == m else 0
LEAF.power_reach = "minion"
LEAF.talent(ok=lambda g, uid: bool(_transfer_targets(g, uid)))(_transfer_talent)
LEAF.step("transfer")(_transfer_done)


ACORNS = ability("magic-acorns")


@ACORNS.on_play
def _acorns(g: G, t: Task) -> Then:
    return pick_effect(t, "effect", [OTHERS_DISCARD, DRAW1_ACTION])


@ACORNS.step("effect")
def _acorns_effect(g: G, t: Task) -> None:
    """Every other player discards a random card, or draw 1 and an extra action."""
    if t.pick() == OTHERS_DISCARD:
        for q in g.others(t.player):
            g.random_discard(q)
    else:
        g.draw(t.player, 1)
        g.credit(t.player, t.card, action=True)


WARD = ability("magic-ward")


def _ward_forbids(g: Q, src: int, check: PlayCheck) -> bool:
    """Other players can't play actions on this base or on minions here."""
    if check.is_minion or check.player == g.controller(src):
        return False
    here = g.host(src)
    if check.base is not None and check.minion is None and check.base == here:
        return True
    return check.minion is not None and g.base_of(check.minion) == here


WARD.forbid = _ward_forbids


TRICKS = ability("playful-tricks")


@TRICKS.on_play
def _tricks(g: G, t: Task) -> Then:
    cands = g.destroyable_actions()
    return ask(t, "destroy", Pr.ACTION_DESTROY, "card", list(cands), min=0, max=2, skip_key=Pr.NONE)


@TRICKS.step("destroy")
def _tricks_destroy(g: G, t: Task) -> None:
    for a in t.picks:
        g.destroy_action(int(a))
