"""The bases of «Неизбежный выпуск про Ктулху» (The Obligatory Cthulhu Set),
docs/rules/smashup.md §2.6, and the box itself, which brings the Madness deck (§2.5).

Factions join the box by naming it: ``FactionDef(<id>, BOX, cards)`` with
``BOX = "cthulhu"`` (import it from here).  The box lists no faction ids: the
draft offers whichever of its factions are registered, so the box (its bases
and its Madness deck) may be chosen before any of them exists.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from engine.smashup.kit import (
    MADNESS,
    BaseDef,
    BoxDef,
    Ev,
    G,
    Pr,
    Q,
    Task,
    Then,
    ability,
    ask,
    destroy,
    destroy_targets,
    go,
    pick_minion,
    picked_minion,
    register_bases,
    register_box,
    register_keys,
    winners,
)

BOX = "cthulhu"

# the factions of the box (their modules register them with ``box=BOX``);
# the bases below name them for information only
MINIONS_OF_CTHULHU = "minions_of_cthulhu"
ELDER_THINGS = "elder_things"
INNSMOUTH = "innsmouth"
MISKATONIC = "miskatonic_university"


class CPr(StrEnum):
    """The questions these bases ask (``card`` = the base)."""

    ASYLUM = "smashup-prompt-asylum"  # card
    INNSMOUTH = "smashup-prompt-innsmouth-base"  # card
    MISKATONIC = "smashup-prompt-miskatonic-base"  # card
    RLYEH = "smashup-prompt-rlyeh"  # card


register_keys(*CPr)

register_box(BoxDef(BOX, madness=True))
register_bases(
    BaseDef("the-asylum", BOX, 16, (3, 1, 1), ELDER_THINGS),
    BaseDef("innsmouth", BOX, 23, (5, 3, 2), INNSMOUTH),
    BaseDef("mountains-of-madness", BOX, 20, (6, 4, 3), ELDER_THINGS),
    # the sheet marks the VP row M: 3/3/2 taken as given
    BaseDef("miskatonic-university", BOX, 24, (3, 3, 2), MISKATONIC),
    BaseDef("plateau-of-leng", BOX, 18, (3, 2, 1), INNSMOUTH),
    BaseDef("rlyeh", BOX, 18, (4, 2, 1), MINIONS_OF_CTHULHU),
    BaseDef("ritual-site", BOX, 20, (4, 2, 2), INNSMOUTH),
    # the sheet marks this base M (name and stats): its reading is taken
    BaseDef("antarctic-base", BOX, 24, (5, 3, 2), ELDER_THINGS),
)


def _played_here(g: Q, src: int, d: dict[str, Any]) -> bool:
    return d.get("base") == src and d.get("minion") is not None


def _owner_of_played(t: Task, g: G) -> int:
    return g.owner(int(t.data["minion"]))


def _madness_in(g: G, p: int, hand: bool = True, discard: bool = False) -> list[int]:
    piles = ([g.s.hands.get(p, [])] if hand else []) + ([g.s.discards.get(p, [])] if discard else [])
    return [c for pile in piles for c in pile if g.s.cards[c] == MADNESS]


# --- The Asylum ------------------------------------------------------------------------

ASYLUM = ability("the-asylum")


@ASYLUM.trigger("play_minion", when=lambda g, src, d: _played_here(g, src, d))
def _asylum(g: G, t: Task) -> Then:
    """After a minion is played here, its owner may return a Madness card
    from hand to the Madness deck (the cards are alike: one is offered).
    [decision] Asked alike with or without one: being asked must not tell the
    table that a hand holds Madness."""
    owner = _owner_of_played(t, g)
    mad = _madness_in(g, owner)
    return ask(t, "return", CPr.ASYLUM, "card", mad[-1:], min=0, player=owner, skip_key=Pr.NO, always=True)


@ASYLUM.step("return")
def _asylum_return(g: G, t: Task) -> None:
    uid = t.pick()
    owner = _owner_of_played(t, g)
    if uid is not None and int(uid) in g.s.hands.get(owner, []):
        g.return_madness(int(uid))


# --- Innsmouth ---------------------------------------------------------------------------

INNSMOUTH_BASE = ability("innsmouth")


def _all_discards(g: Q) -> list[int]:
    return [c for p in g.s.seats for c in g.s.discards.get(p, [])]


@INNSMOUTH_BASE.trigger(
    "play_minion", when=lambda g, src, d: _played_here(g, src, d) and bool(_all_discards(g))
)
def _innsmouth(g: G, t: Task) -> Then:
    """After a minion is played here, its owner may put a card from any
    discard pile (public) on the bottom of that card's owner's deck."""
    return ask(
        t,
        "bottom",
        CPr.INNSMOUTH,
        "card",
        _all_discards(g),
        min=0,
        player=_owner_of_played(t, g),
        skip_key=Pr.NO,
    )


@INNSMOUTH_BASE.step("bottom")
def _innsmouth_bottom(g: G, t: Task) -> None:
    uid = t.pick()
    if uid is not None and int(uid) in _all_discards(g):
        g.put_bottom(int(uid))


# --- Mountains of Madness ------------------------------------------------------------------

MOUNTAINS = ability("mountains-of-madness")


@MOUNTAINS.trigger("play_minion", when=_played_here)
def _mountains(g: G, t: Task) -> None:
    """Every minion played here, extra plays included: its owner draws a
    Madness card (nothing when the Madness deck is empty)."""
    g.draw_madness(_owner_of_played(t, g), 1)


# --- Miskatonic University ------------------------------------------------------------------

MISKATONIC_BASE = ability("miskatonic-university")


@MISKATONIC_BASE.trigger("after_score", when=lambda g, src, d: d.get("base") == src)
def _miskatonic(g: G, t: Task) -> Then:
    """After it scores, each winner (tied winners each, in turn order from the
    current player) may return any number of Madness cards from hand and
    discard pile to the Madness deck."""
    return go(t, "next", winners=winners(g), i=0)


@MISKATONIC_BASE.step("next")
def _miskatonic_next(g: G, t: Task) -> Then:
    """[decision] Every winner is asked alike, Madness or not (the discard pile
    is public, the hand is not: being asked must not tell what a hand holds)."""
    ws: list[int] = t.data["winners"]
    i = int(t.data["i"])
    while i < len(ws) and ws[i] in g.s.left:
        i += 1
    if i >= len(ws):
        return None
    mad = _madness_in(g, ws[i], discard=True)
    t.data["i"] = i
    return ask(
        t,
        "return",
        CPr.MISKATONIC,
        "card",
        mad,
        min=0,
        max=len(mad),
        player=ws[i],
        skip_key=Pr.NONE,
        always=True,
    )


@MISKATONIC_BASE.step("return")
def _miskatonic_return(g: G, t: Task) -> Then:
    i = int(t.data["i"])
    mine = set(_madness_in(g, t.data["winners"][i], discard=True))
    for uid in t.picks:
        if int(uid) in mine:
            g.return_madness(int(uid))
    return go(t, "next", i=i + 1)


# --- Plateau of Leng ---------------------------------------------------------------------------


def _leng_when(g: Q, src: int, d: dict[str, Any]) -> bool:
    """The first minion a player plays here from hand this turn (moves and
    plays from elsewhere do not count)."""
    if not _played_here(g, src, d) or not d.get("from_hand"):
        return False
    p = d.get("player")
    return sum(1 for x in g.s.played if x.player == p and x.base == src and x.from_hand) == 1


LENG = ability("plateau-of-leng")


@LENG.trigger("play_minion", when=_leng_when)
def _leng(g: G, t: Task) -> None:
    """They may play an extra minion of the same name here (a credit for the
    rest of the turn: extras from a base are not Specials)."""
    g.credit(t.player, t.card, minion=True, base=t.src, names=[g.cid(int(t.data["minion"]))])


# --- R'lyeh ------------------------------------------------------------------------------------------

RLYEH = ability("rlyeh")


def _rlyeh_targets(g: Q, base: int, p: int) -> list[int]:
    return destroy_targets(g, None, g.minions(base, p))


@RLYEH.trigger("start_turn", when=lambda g, src, d: bool(_rlyeh_targets(g, src, int(d["player"]))))
def _rlyeh(g: G, t: Task) -> Then:
    """At the start of your turn you may destroy one of your minions here to gain 1 VP."""
    return pick_minion(t, "kill", CPr.RLYEH, _rlyeh_targets(g, t.src, t.player), may=True)


@RLYEH.step("kill")
def _rlyeh_kill(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is None or g.base_of(m) != t.src or g.controller(m) != t.player:
        return None
    t.data["minion"] = m
    return [destroy(m, None, t.card), go(t, "vp")]


@RLYEH.step("vp")
def _rlyeh_vp(g: G, t: Task) -> None:
    # [decision] as Cat Fanciers' Alley: paid once the minion has left this
    # base (destroyed, or saved elsewhere by a replacement); a protected one is
    # never offered
    if g.base_of(int(t.data["minion"])) != t.src:
        g.gain_vp(t.player, 1, t.card)


# --- Ritual Site ---------------------------------------------------------------------------------


def _ritual_clear(g: G, base: int, m: int) -> bool:
    """After it scores, its minions are shuffled into their owners' decks
    (leaving play: their attached actions go to the discard piles as usual)."""
    g.leave_play(m, "deck")
    g.emit(Ev.TO_DECK, owner=g.owner(m), card=g.cid(m))
    return True


ability("ritual-site").clear_card = _ritual_clear


# --- Antarctic Base --------------------------------------------------------------------------------

ability("antarctic-base").forbid = lambda g, src, check: (
    check.is_minion
    and check.base == src
    and any(x.player == check.player and x.base == src for x in g.s.played)
)
