"""The bases of «Замес: Мимими» (Pretty Pretty Smash Up),
docs/rules/smashup.md §1.5."""

from __future__ import annotations

from typing import Any

from engine.smashup.kit import (
    BaseDef,
    BoxDef,
    G,
    Pr,
    Q,
    Task,
    Then,
    ability,
    destroy,
    destroy_targets,
    go,
    pick_minion,
    picked_minion,
    register_bases,
    register_box,
)

BOX = "pretty-pretty"

register_box(BoxDef(BOX))
register_bases(
    BaseDef("cat-fanciers-alley", BOX, 18, (3, 2, 1), "kitty-cats"),
    BaseDef("house-of-nine-lives", BOX, 20, (4, 2, 1), "kitty-cats"),
    BaseDef("enchanted-glade", BOX, 20, (4, 2, 1), "fairies"),
    BaseDef("fairy-ring", BOX, 26, (4, 3, 2), "fairies"),
    # original print: current power (POD errata: printed power)
    BaseDef("beautiful-castle", BOX, 22, (4, 2, 1), "princesses"),
    BaseDef("ice-castle", BOX, 15, (3, 2, 2), "princesses"),
    BaseDef("land-of-balance", BOX, 25, (5, 3, 2), "mythic-horses"),
    BaseDef("pony-paradise", BOX, 18, (3, 2, 1), "mythic-horses"),
)


ALLEY = ability("cat-fanciers-alley")


def _alley_targets(g: Q, base: int) -> list[int]:
    return destroy_targets(g, None, g.minions(base, g.current))


@ALLEY.talent(ok=lambda g, uid: bool(_alley_targets(g, uid)))
def _alley(g: G, t: Task) -> Then:
    """Once on your turn: destroy one of your minions here to draw 1."""
    return pick_minion(t, "kill", Pr.DESTROY_OWN, _alley_targets(g, t.src))


@ALLEY.step("kill")
def _alley_kill(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is None or g.base_of(m) != t.src or g.controller(m) != t.player:
        return None
    t.data["minion"] = m
    return [destroy(m, None, t.card), go(t, "draw")]


@ALLEY.step("draw")
def _alley_draw(g: G, t: Task) -> None:
    if g.base_of(int(t.data["minion"])) != t.src:  # it is gone: destroyed (or saved elsewhere)
        g.draw(t.player, 1)


HOUSE = ability("house-of-nine-lives")


@HOUSE.instead_destroy(
    when=lambda g, src, m: g.base_of(m) not in (None, src),
    chooser=lambda g, src, m: g.owner(m),
    optional=True,
)
def _house(g: G, t: Task) -> None:
    """A minion about to be destroyed elsewhere may move here instead (its owner says)."""
    g.move(int(t.data["minion"]), t.src)


GLADE = ability("enchanted-glade")


def _glade_when(g: Q, src: int, d: dict[str, Any]) -> bool:
    m = d.get("minion")
    return m is not None and g.base_of(int(m)) == src


@GLADE.trigger("play_action", when=_glade_when)
def _glade(g: G, t: Task) -> None:
    """After you play an action on a minion here: draw 1."""
    g.draw(t.player, 1)


RING = ability("fairy-ring")


def _ring_when(g: Q, src: int, d: dict[str, Any]) -> bool:
    if d.get("base") != src:
        return False
    p = d.get("player")
    return sum(1 for x in g.s.played if x.player == p and x.base == src) == 1


@RING.trigger("play_minion", when=_ring_when)
def _ring(g: G, t: Task) -> None:
    """The first minion you play here each turn: an extra minion here or an extra action."""
    g.credit(t.player, t.card, minion=True, action=True, base=t.src)


CASTLE = ability("beautiful-castle")


def _castle_protects(g: Q, src: int, m: int, actor: int | None, how: str) -> bool:
    """Minions here of power 5 or more are unaffected by other players' cards.
    [decision] power changes count as affecting; a change that lifts a minion
    to 5 still applies (the sheet's TBGB ruling): power here reads its
    controller's own modifiers only."""
    if actor is None or g.base_of(m) != src or actor == g.controller(m):
        return False
    power = g.own_power(m) if how == "power" else g.power(m)
    return power >= 5


CASTLE.protect = _castle_protects


ICE = ability("ice-castle")
ICE.forbid = lambda g, src, check: check.is_minion and check.base == src


BALANCE = ability("land-of-balance")


@BALANCE.trigger("play_minion", when=lambda g, src, d: d.get("base") == src)
def _balance(g: G, t: Task) -> Then:
    """After you play a minion here, you may move one of yours here from another base."""
    cands = [m for m in g.minions(controller=t.player) if g.base_of(m) != t.src]
    return pick_minion(t, "move", Pr.MOVE, cands, may=True)


@BALANCE.step("move")
def _balance_move(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    if m is not None and g.controller(m) == t.player:
        g.move(m, t.src, t.player)


PARADISE = ability("pony-paradise")
PARADISE.protect = lambda g, src, m, actor, how: (
    how == "destroy" and g.base_of(m) == src and len(g.minions(src, g.controller(m))) >= 2
)
