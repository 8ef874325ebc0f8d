"""Kitty Cats («Котики», «Мимими»): docs/rules/smashup.md §1.1 — take control of minions until
the end of the turn, and destroy them while they are yours."""

from __future__ import annotations

from engine.smashup.kit import (
    FactionDef,
    G,
    Pr,
    Target,
    Task,
    Then,
    ability,
    action,
    ask,
    control_targets,
    destroy,
    destroy_targets,
    minion,
    move_targets,
    pick_base,
    pick_minion,
    picked_base,
    picked_minion,
    register_faction,
    take_control,
)

F = "kitty-cats"
BOX = "pretty-pretty"

register_faction(
    FactionDef(
        F,
        BOX,
        (
            minion(F, "queen-fluffy", 5),
            minion(F, "whiskers", 4, 2),
            minion(F, "muffin", 3, 3),
            # original print: mandatory, until the end of this turn (POD: optional, until your next turn)
            minion(F, "mr-grumpers", 2, 4),
            # RU name «Покорми меня» is the rulebook's example action: a probable match
            action(F, "can-has-cheeseburger", special=True),
            action(F, "cat-fight", 2),
            action(F, "cats-paw"),
            action(F, "grumpiness", 2, Target.MINION),
            action(F, "hang-in-there", target=Target.OWN_MINION),
            action(F, "hissy-fit", target=Target.BASE),
            action(F, "invisible-bicycle"),
            action(F, "nine-lives"),
        ),
    )
)


# --- minions -------------------------------------------------------------------------

QUEEN = ability("queen-fluffy")


@QUEEN.talent(ok=lambda g, uid: bool(control_targets(g, g.controller(uid), 3)))
def _queen(g: G, t: Task) -> Then:
    return pick_minion(t, "take", Pr.CONTROL, control_targets(g, t.player, 3))


@QUEEN.step("take")
def _queen_take(g: G, t: Task) -> None:
    take_control(g, t, 3)


WHISKERS = ability("whiskers")


@WHISKERS.talent()
def _whiskers(g: G, t: Task) -> Then:
    """An extra action, then one of your own minions must be destroyed."""
    g.credit(t.player, t.card, action=True)
    return pick_minion(
        t, "kill", Pr.DESTROY_OWN, destroy_targets(g, t.player, g.minions(controller=t.player))
    )


@WHISKERS.step("kill")
def _whiskers_kill(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is not None and g.controller(m) == t.player:
        return destroy(m, t.player, t.card)
    return None


MUFFIN = ability("muffin")


@MUFFIN.on_play
def _muffin(g: G, t: Task) -> Then:
    return pick_minion(t, "take", Pr.CONTROL, control_targets(g, t.player, 3))


@MUFFIN.step("take")
def _muffin_take(g: G, t: Task) -> None:
    take_control(g, t, 3)


GRUMPERS = ability("mr-grumpers")


@GRUMPERS.on_play
def _grumpers(g: G, t: Task) -> Then:
    return pick_minion(t, "weaken", Pr.POWER, g.minion_choices(t.player, "power", g.minions()), amount=-2)


@GRUMPERS.step("weaken")
def _grumpers_weaken(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    if m is not None:
        g.add_power(m, -2, t.player, t.card)


# --- actions -------------------------------------------------------------------------

CHEESEBURGER = ability("can-has-cheeseburger")


@CHEESEBURGER.special(
    "before", "hand", ok=lambda g, uid, base: bool(control_targets(g, g.owner(uid), 3, base))
)
def _cheeseburger(g: G, t: Task) -> Then:
    return pick_minion(t, "take", Pr.CONTROL, control_targets(g, t.player, 3, int(t.data["base"])))


@CHEESEBURGER.step("take")
def _cheeseburger_take(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    if m is not None and g.base_of(m) == t.data["base"]:
        take_control(g, t, 3)


CAT_FIGHT = ability("cat-fight")


@CAT_FIGHT.on_play
def _cat_fight(g: G, t: Task) -> Then:
    return pick_minion(t, "fight", Pr.CHOOSE_MINION, g.minions(controller=t.player))


@CAT_FIGHT.step("fight")
def _cat_fight_go(g: G, t: Task) -> Then:
    """Draw as many cards as its power, then destroy it."""
    m = picked_minion(g, t)
    if m is None or g.controller(m) != t.player:
        return None
    g.draw(t.player, g.power(m))
    return destroy(m, t.player, t.card)


CATS_PAW = ability("cats-paw")


@CATS_PAW.on_play
def _cats_paw(g: G, t: Task) -> Then:
    return pick_minion(t, "take", Pr.CONTROL, control_targets(g, t.player, 5))


@CATS_PAW.step("take")
def _cats_paw_take(g: G, t: Task) -> None:
    take_control(g, t, 5)


GRUMPINESS = ability("grumpiness")
GRUMPINESS.power = lambda g, src, m: -2 if g.host(src) == m else 0
GRUMPINESS.power_reach = "minion"


HANG = ability("hang-in-there")


@HANG.instead_destroy(when=lambda g, src, m: g.host(src) == m, chooser=lambda g, src, m: g.controller(src))
def _hang(g: G, t: Task) -> Then:
    """Instead of being destroyed, the minion moves to another base; this card is destroyed."""
    m = int(t.data["minion"])
    return pick_base(t, "hang_move", Pr.MOVE_TO, g.other_bases(g.base_of(m)))


@HANG.step("hang_move")
def _hang_move(g: G, t: Task) -> None:
    m = int(t.data["minion"])
    b = picked_base(g, t)
    if b is not None:
        g.move(m, b)
    if g.attached(t.src) is not None:
        g.destroy_action(t.src)


HISSY = ability("hissy-fit")
HISSY.power = lambda g, src, m: (
    -1 if g.base_of(m) == g.host(src) and g.controller(m) != g.controller(src) else 0
)
HISSY.power_reach = "here"


BICYCLE = ability("invisible-bicycle")


def _bicycle_cands(g: G, p: int, base: int) -> list[int]:
    return move_targets(g, p, [m for m in g.minions(base) if g.power(m) <= 2])


@BICYCLE.on_play
def _bicycle(g: G, t: Task) -> Then:
    bases = [b for b in g.base_ids() if _bicycle_cands(g, t.player, b)]
    return pick_base(t, "from", Pr.PICK_BASE, bases)


@BICYCLE.step("from")
def _bicycle_from(g: G, t: Task) -> Then:
    b = picked_base(g, t)
    if b is None:
        return None
    cands = _bicycle_cands(g, t.player, b)
    t.data["from"] = b
    return ask(t, "which", Pr.MOVE_MANY, "minion", list(cands), min=0, max=len(cands), skip_key=Pr.NONE)


@BICYCLE.step("which")
def _bicycle_which(g: G, t: Task) -> Then:
    if not t.picks:
        return None
    t.data["minions"] = t.picks
    return pick_base(t, "to", Pr.MOVE_TO, g.other_bases(int(t.data["from"])))


@BICYCLE.step("to")
def _bicycle_to(g: G, t: Task) -> None:
    to = picked_base(g, t)
    if to is None:
        return
    for m in t.data["minions"]:
        if g.base_of(m) == t.data["from"] and g.power(m) <= 2:
            g.move(m, to, t.player)


NINE_LIVES = ability("nine-lives")


@NINE_LIVES.on_play
def _nine_lives(g: G, t: Task) -> Then:
    """Destroy one of your minions, then play an extra minion (this turn)."""
    g.credit(t.player, t.card, minion=True)
    return pick_minion(
        t, "kill", Pr.DESTROY_OWN, destroy_targets(g, t.player, g.minions(controller=t.player))
    )


@NINE_LIVES.step("kill")
def _nine_lives_kill(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is not None and g.controller(m) == t.player:
        return destroy(m, t.player, t.card)
    return None
