"""Mythic Horses («Волшебные пони», «Мимими»): docs/rules/smashup.md §1.4 — stronger together:
most cards want another of your minions on the same base."""

from __future__ import annotations

from engine.smashup.kit import (
    Ev,
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
    move_targets,
    pick_base,
    pick_minion,
    picked_base,
    picked_minion,
    play,
    register_faction,
)

F = "mythic-horses"
BOX = "pretty-pretty"

register_faction(
    FactionDef(
        F,
        BOX,
        (
            minion(F, "starlyte", 5),
            # original print lacks "this turn"; [decision] the TBGB errata's reading:
            # another minion of yours played here this turn
            minion(F, "rainbow", 4, 2),
            minion(F, "seastar", 3, 3),
            # RU «Плимки» (the rulebook's 2-power example minion) is a probable match
            minion(F, "pinkie", 2, 4),
            action(F, "adventure-power"),
            action(F, "encouragement-power", 2, Target.OWN_MINION),
            action(F, "freedom-power"),
            action(F, "friendship-power"),
            # original print: at the start of your turn (POD: at its end)
            action(F, "sharing-power", target=Target.BASE),
            action(F, "super-future-space-armor-power"),
            # sheet M: the original text is truncated; the POD text is used
            action(F, "teaching-power", special=True),
            action(F, "togetherness-power", 2),
        ),
    )
)


def _mine_here(g: Q, m: int) -> list[int]:
    """The other minions of ``m``'s controller on ``m``'s base."""
    base = g.base_of(m)
    return [x for x in g.minions(base, g.controller(m)) if x != m] if base is not None else []


# --- minions -------------------------------------------------------------------------

STARLYTE = ability("starlyte")
STARLYTE.power = lambda g, src, m: len(_mine_here(g, m)) if src == m else 0
STARLYTE.power_reach = "minion"

PINKIE = ability("pinkie")
PINKIE.power = lambda g, src, m: (1 if _mine_here(g, m) else 0) if src == m else 0
PINKIE.power_reach = "minion"


RAINBOW = ability("rainbow")


def _rainbow_ok(g: Q, uid: int) -> bool:
    p, here = g.controller(uid), g.base_of(uid)
    return any(x.player == p and x.base == here and x.minion != uid for x in g.s.played)


@RAINBOW.talent(ok=_rainbow_ok)
def _rainbow(g: G, t: Task) -> None:
    """Draw 1 if you have played another minion here this turn."""
    g.draw(t.player, 1)


SEASTAR = ability("seastar")


@SEASTAR.on_play
def _seastar(g: G, t: Task) -> None:
    """Played where you already have a minion: an extra minion (one Seastar a turn)."""
    if _mine_here(g, t.src) and g.memo_once(f"seastar:{t.player}"):
        g.credit(t.player, t.card, minion=True)


# --- actions -------------------------------------------------------------------------

ADVENTURE = ability("adventure-power")


@ADVENTURE.on_play
def _adventure(g: G, t: Task) -> Then:
    return pick_base(t, "to", Pr.PICK_BASE, g.base_ids())


@ADVENTURE.step("to")
def _adventure_to(g: G, t: Task) -> Then:
    b = picked_base(g, t)
    if b is None:
        return None
    t.data["to"] = b
    cands = [m for m in g.minions(controller=t.player) if g.base_of(m) != b]
    return ask(t, "which", Pr.MOVE_MANY, "minion", cands, min=0, max=len(cands), skip_key=Pr.NONE)


@ADVENTURE.step("which")
def _adventure_which(g: G, t: Task) -> None:
    """Any number of your minions move to the chosen base."""
    b = int(t.data["to"])
    if g.base_slot(b) is None:
        return
    for m in t.picks:
        if g.controller(int(m)) == t.player:
            g.move(int(m), b, t.player)


ENCOURAGE = ability("encouragement-power")
ENCOURAGE.power = lambda g, src, m: (
    len([x for x in g.minions(g.base_of(m), g.controller(src)) if x != m]) if g.host(src) == m else 0
)
ENCOURAGE.power_reach = "minion"


FREEDOM = ability("freedom-power")


@FREEDOM.on_play
def _freedom(g: G, t: Task) -> Then:
    return ask(t, "destroy", Pr.ACTION_DESTROY, "card", g.destroyable_actions())


@FREEDOM.step("destroy")
def _freedom_destroy(g: G, t: Task) -> None:
    a = t.pick()
    if a is not None:
        g.destroy_action(int(a))


FRIENDSHIP = ability("friendship-power")
FRIENDSHIP.self_return = True  # may go back to hand instead of the discard pile


def _friend_bases(g: G, p: int, m: int) -> list[int]:
    here = g.base_of(m)
    return [b for b in g.base_ids() if b != here and [x for x in g.minions(b, p) if x != m]]


@FRIENDSHIP.on_play
def _friendship(g: G, t: Task) -> Then:
    """Move a minion of yours to a base where you have another minion."""
    cands = [m for m in g.minions(controller=t.player) if _friend_bases(g, t.player, m)]
    return pick_minion(t, "which", Pr.MOVE, move_targets(g, t.player, cands))


@FRIENDSHIP.step("which")
def _friendship_which(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is None or g.controller(m) != t.player:
        return None
    t.data["minion"] = m
    return pick_base(t, "to", Pr.MOVE_TO, _friend_bases(g, t.player, m))


@FRIENDSHIP.step("to")
def _friendship_to(g: G, t: Task) -> None:
    b = picked_base(g, t)
    if b is not None:
        g.move(int(t.data["minion"]), b, t.player)


SHARING = ability("sharing-power")


def _sharing_when(g: Q, src: int, d: dict[str, object]) -> bool:
    p = g.controller(src)
    here = g.host(src)
    return d.get("player") == p and here is not None and len(g.minions(here, p)) >= 2


@SHARING.trigger("start_turn", when=_sharing_when)
def _sharing(g: G, t: Task) -> None:
    """At the start of your turn, with two or more of your minions here: draw 1."""
    g.draw(t.player, 1)


ARMOR = ability("super-future-space-armor-power")


@ARMOR.on_play
def _armor(g: G, t: Task) -> None:
    """Each of your minions sharing a base with another of yours: +2 this turn."""
    for m in g.minions(controller=t.player):
        if _mine_here(g, m):
            g.add_power(m, 2, t.player, t.card)


TEACHING = ability("teaching-power")


def _teaching_ok(g: Q, uid: int, base: int) -> bool:
    p = g.owner(uid)
    return bool(g.minions(base, p)) and bool(g.deck(p) or g.discard(p))


@TEACHING.special("before", "hand", ok=_teaching_ok)
def _teaching(g: G, t: Task) -> Then:
    """Reveal a card per minion of yours here; one revealed minion may be played
    here as an extra minion; the rest go back on top in any order."""
    p, base = t.player, int(t.data["base"])
    shown: list[int] = []
    for _ in range(len(g.minions(base, p))):
        top = g.top(p)
        if top is None:
            break
        g.set_aside(top)
        shown.append(top)
    if not shown:
        return None
    g.emit(Ev.REVEALED, player=p, cards=[g.cid(c) for c in shown])
    t.data["shown"] = shown
    playable = [
        c
        for c in shown
        if g.cdef(c).minion and not g.forbidden(PlayCheck(p, c, g.cid(c), base, None, True, True))
    ]
    return ask(t, "play", Pr.PLAY_REVEALED, "card", playable, min=0, skip_key=Pr.NO, base=g.cid(base))


@TEACHING.step("play")
def _teaching_play(g: G, t: Task) -> Then:
    c = t.pick()
    t.data["chosen"] = c
    rest = [x for x in t.data["shown"] if x != c and x in g.s.aside]
    return ask(t, "rest", Pr.ORDER_TOP, "card", rest, min=len(rest), max=len(rest), ordered=True)


@TEACHING.step("rest")
def _teaching_rest(g: G, t: Task) -> Then:
    """The first picked ends on top."""
    for c in reversed(t.picks):
        if c in g.s.aside:
            g.put_top(int(c))
    for c in t.data["shown"]:  # anything not ordered (none normally) goes back too
        if c in g.s.aside and c != t.data.get("chosen"):
            g.put_top(int(c))
    c = t.data.get("chosen")
    base = int(t.data["base"])
    if c is not None and c in g.s.aside and g.base_slot(base) is not None:
        g.s.extras[t.player] = g.s.extras.get(t.player, 0) + 1
        return play(t.player, int(c), base)
    if c is not None and c in g.s.aside:
        g.put_top(int(c))
    return None


TOGETHER = ability("togetherness-power")


@TOGETHER.on_play
def _together(g: G, t: Task) -> None:
    """An extra minion, on a base where you already have a minion."""
    g.credit(t.player, t.card, minion=True, where_own=True)
