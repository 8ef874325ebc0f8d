"""Innsmouth («Инсмут», «Неизбежный выпуск про Ктулху»): docs/rules/smashup.md §2.3 — ten
copies of one minion, The Locals, and actions that want many minions of the
same name: find them, play more of them, bring them back."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum

from engine.core import rng_shuffle
from engine.smashup.kit import (
    Choice,
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
    minion,
    register_choices,
    register_faction,
    register_keys,
)

F = "innsmouth"
BOX = "cthulhu"
LOCALS = "the-locals"

register_faction(
    FactionDef(
        F,
        BOX,
        (
            minion(F, LOCALS, 2, 10),  # RU «Местные» (the rulebook's example minion)
            # original print: current power ≤ 2 (POD: printed power)
            action(F, "in-plain-sight", target=Target.BASE),
            action(F, "mysteries-of-the-deep"),
            action(F, "new-acolytes"),
            action(F, "recruitment"),
            action(F, "return-to-the-sea", special=True),
            action(F, "sacred-circle", target=Target.BASE),
            action(F, "spreading-the-word", 2),
            action(F, "the-deep-ones", 2),
        ),
    )
)


class K(StrEnum):
    """Innsmouth's own questions (``card`` = the asking card)."""

    MADNESS_COUNT = "smashup-prompt-innsmouth-madness-count"  # card
    MORE = "smashup-prompt-innsmouth-more"  # card
    NAME = "smashup-prompt-innsmouth-name"  # card
    SEA_NAME = "smashup-prompt-innsmouth-sea-name"  # card, base
    SEA_WHICH = "smashup-prompt-innsmouth-sea-which"  # card, base


register_keys(*K)

# "draw n Madness cards" (declining draws none)
MADNESS_COUNTS = ["innsmouth-madness-1", "innsmouth-madness-2", "innsmouth-madness-3"]
register_choices(*MADNESS_COUNTS)


def _names(g: G, minions: list[int]) -> list[int]:
    """One minion per card name (the first of each), to pick a name by."""
    seen: dict[str, int] = {}
    for m in minions:
        seen.setdefault(g.cid(m), m)
    return list(seen.values())


# --- The Locals ------------------------------------------------------------------------

LOCALS_A = ability(LOCALS)


@LOCALS_A.on_play
def _locals(g: G, t: Task) -> None:
    """Reveal the top 3 cards of your deck: The Locals among them go to your
    hand, the rest to the bottom of your deck.  [decision] In the order they
    were revealed (the sheet names no order; nobody sees the bottom)."""
    p = t.player
    shown: list[int] = []
    for _ in range(3):
        top = g.top(p)
        if top is None:
            break
        g.set_aside(top)
        shown.append(top)
    if not shown:
        return
    g.emit(Ev.REVEALED, player=p, cards=[g.cid(c) for c in shown])
    for c in shown:
        if g.cid(c) == LOCALS:
            g.to_hand(c, p)
        else:
            g.put_bottom(c)


# --- actions -----------------------------------------------------------------------------

PLAIN_SIGHT = ability("in-plain-sight")


def _plain_sight_protects(g: Q, src: int, m: int, actor: int | None, how: str) -> bool:
    """Your minions here of power 2 or less are unaffected by other players'
    cards.  Original print: the minion's current power (POD: printed).
    [decision] As with Beautiful Castle, power changes count as affecting and
    the power read for them is the one its controller's own cards give (so an
    opponent's +1 can't lift it out of the protection it filters)."""
    p = g.controller(src)
    if actor is None or actor == p or g.controller(m) != p or g.base_of(m) != g.host(src):
        return False
    power = g.own_power(m) if how == "power" else g.power(m)
    return power <= 2


PLAIN_SIGHT.protect = _plain_sight_protects


MYSTERIES = ability("mysteries-of-the-deep")


def _three_of_a_name(g: G, p: int) -> bool:
    """Three or more minions of one name that ``p`` controls on one base."""
    counts = Counter((g.base_of(m), g.cid(m)) for m in g.minions(controller=p))
    return any(n >= 3 for n in counts.values())


@MYSTERIES.on_play
def _mysteries(g: G, t: Task) -> Then:
    """With 3+ same-name minions on one base: draw 3; then you may draw 2
    more and 2 Madness cards."""
    if not _three_of_a_name(g, t.player):
        return None
    g.draw(t.player, 3)
    return ask(t, "more", K.MORE, "choice", [Choice.YES.value], min=0, skip_key=Pr.NO)


@MYSTERIES.step("more")
def _mysteries_more(g: G, t: Task) -> None:
    if t.pick() == Choice.YES:
        g.draw(t.player, 2)
        g.draw_madness(t.player, 2)


ACOLYTES = ability("new-acolytes")


@ACOLYTES.on_play
def _acolytes(g: G, t: Task) -> None:
    """Every player shuffles the minions of their discard pile into their deck."""
    s = g.s
    for q in g.active():
        back = [c for c in s.discards[q] if g.cdef(c).minion]
        if not back:
            continue
        s.discards[q] = [c for c in s.discards[q] if c not in back]
        s.decks[q].extend(back)
        s.rng = rng_shuffle(s.rng, s.decks[q])
        for c in back:
            g.emit(Ev.TO_DECK, owner=q, card=g.cid(c))


RECRUITMENT = ability("recruitment")


@RECRUITMENT.on_play
def _recruitment(g: G, t: Task) -> Then:
    """Draw up to 3 Madness cards (no more than the Madness deck holds)."""
    options = MADNESS_COUNTS[: min(3, len(g.s.madness))]
    return ask(t, "draw", K.MADNESS_COUNT, "choice", list(options), min=0, skip_key=Pr.NO)


@RECRUITMENT.step("draw")
def _recruitment_draw(g: G, t: Task) -> None:
    """An extra minion for each Madness card drawn."""
    pick = t.pick()
    n = MADNESS_COUNTS.index(pick) + 1 if pick in MADNESS_COUNTS else 0
    for _ in g.draw_madness(t.player, n):
        g.credit(t.player, t.card, minion=True)


SEA = ability("return-to-the-sea")


def _sea_cands(g: Q, p: int, base: int) -> list[int]:
    return [m for m in g.minions(base, p) if g.can_affect(p, m, "return")]


@SEA.special("after", "hand", ok=lambda g, uid, base: bool(_sea_cands(g, g.owner(uid), base)))
def _sea(g: G, t: Task) -> Then:
    """After a base scores: return any number of your minions of one name from
    it to hand instead of the discard pile.  First the name (asked only when
    there are several)."""
    base = int(t.data["base"])
    cands = _sea_cands(g, t.player, base)
    return ask(t, "name", K.SEA_NAME, "minion", _names(g, cands), base=g.cid(base))


@SEA.step("name")
def _sea_name(g: G, t: Task) -> Then:
    m = t.pick()
    base = int(t.data["base"])
    if m is None or g.base_slot(base) is None:
        return None
    name = g.cid(int(m))
    t.data["name"] = name
    cands = [x for x in _sea_cands(g, t.player, base) if g.cid(x) == name]
    return ask(
        t, "which", K.SEA_WHICH, "minion", cands, min=0, max=len(cands), skip_key=Pr.NONE, base=g.cid(base)
    )


@SEA.step("which")
def _sea_which(g: G, t: Task) -> None:
    """Returned to their owners' hands (the Return keyword; their actions are discarded)."""
    base = int(t.data["base"])
    for m in t.picks:
        m = int(m)
        if g.base_of(m) == base and g.cid(m) == t.data["name"] and g.can_affect(t.player, m, "return"):
            g.return_to_hand(m)


CIRCLE = ability("sacred-circle")


def _circle_names(g: Q, uid: int) -> list[str]:
    host = g.host(uid)
    return sorted({g.cid(m) for m in g.minions(host)}) if host is not None else []


def _circle_ok(g: Q, uid: int) -> bool:
    names = _circle_names(g, uid)
    return any(g.cdef(c).minion and g.cid(c) in names for c in g.hand(g.controller(uid)))


@CIRCLE.talent(ok=_circle_ok)
def _circle(g: G, t: Task) -> None:
    """Talent: an extra minion here with the name of a minion already here.
    [decision] The names are those here when the talent is used; it is
    offered only with such a minion in hand."""
    host = g.host(t.src)
    if host is not None:
        g.credit(t.player, t.card, minion=True, base=host, names=_circle_names(g, t.src))


SPREADING = ability("spreading-the-word")


@SPREADING.on_play
def _spreading(g: G, t: Task) -> Then:
    """Choose a minion in play: up to 2 extra minions of its name this turn."""
    return ask(t, "name", K.NAME, "minion", _names(g, g.minions()))


@SPREADING.step("name")
def _spreading_name(g: G, t: Task) -> None:
    m = t.pick()
    if m is None:
        return
    name = g.cid(int(m))
    for _ in range(2):
        g.credit(t.player, t.card, minion=True, names=[name])


DEEP_ONES = ability("the-deep-ones")


@DEEP_ONES.on_play
def _deep_ones(g: G, t: Task) -> None:
    """Each of your minions of power 2 or less: +1 until the end of the turn
    (the power read before any of them grows)."""
    small = [m for m in g.minions(controller=t.player) if g.power(m) <= 2]
    for m in small:
        g.add_power(m, 1, t.player, t.card)
