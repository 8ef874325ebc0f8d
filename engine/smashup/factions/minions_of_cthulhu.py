"""Minions of Cthulhu («Ктулхупоклонники», «Неизбежный выпуск про Ктулху»):
docs/rules/smashup.md §2.1 — 8 minions and 12 actions: Madness for power, extra actions,
and cards fetched back from the discard pile.

Original prints throughout (what the Russian box translates); the sheet is
confidence H for the whole faction.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from engine.smashup.kit import (
    MADNESS,
    Ev,
    FactionDef,
    G,
    Kind,
    PlayCheck,
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
    destroyed_key,
    go,
    minion,
    pick_minion,
    picked_minion,
    register_faction,
    register_keys,
    swap_base,
)

F = "minions-of-cthulhu"
BOX = "cthulhu"

register_faction(
    FactionDef(
        F,
        BOX,
        (
            minion(F, "star-spawn", 5),
            minion(F, "cthulhus-chosen", 3, 3),
            minion(F, "servitor", 2, 4),
            # original print: after every minion you play here (POD errata: once per turn)
            action(F, "altar-to-cthulhu", target=Target.BASE),
            action(F, "complete-the-ritual", target=Target.BASE),
            action(F, "corruption", 2),
            action(F, "cthulhu-fhtagn"),
            action(F, "furthering-the-cause", target=Target.BASE),
            action(F, "it-begins-again"),
            action(F, "madness-unleashed"),
            action(F, "recruit-by-force"),
            action(F, "the-seal-is-broken"),  # RU «Сломанная печать» (the rulebook's example action)
            action(F, "whispers-in-darkness", 2),
        ),
    )
)


class Key(StrEnum):
    """This faction's own locale keys (locales/*/smashup-cthulhu-minions.ftl)."""

    GIVE_MADNESS = "smashup-prompt-give-madness"  # card (kind player)
    TO_DECK_TOP = "smashup-prompt-to-deck-top"  # card (kind card: from your discard pile)
    RECRUIT = "smashup-prompt-recruit"  # card (kind card, ordered, any number)
    SHUFFLE_IN = "smashup-prompt-shuffle-in"  # card (kind card, any number)
    DISCARD_MADNESS = "smashup-prompt-discard-madness"  # card (kind card, any number)
    MADNESS_GIVEN = "smashup-ev-madness-given"  # player, target
    TO_TOP = "smashup-ev-to-top"  # owner, card (from a discard pile onto the deck)


register_keys(*Key)


def madness_in_hand(g: Q, p: int) -> list[int]:
    return [c for c in g.hand(p) if g.cid(c) == MADNESS]


# --- minions -------------------------------------------------------------------------

STAR_SPAWN = ability("star-spawn")


def _star_spawn_ok(g: Q, uid: int) -> bool:
    p = g.controller(uid)
    return bool(madness_in_hand(g, p)) and bool(g.others(p))


@STAR_SPAWN.talent(ok=_star_spawn_ok)
def _star_spawn(g: G, t: Task) -> Then:
    """Give a Madness card from your hand to another player (into their hand)."""
    return ask(t, "give", Key.GIVE_MADNESS, "player", list(g.others(t.player)))


@STAR_SPAWN.step("give")
def _star_spawn_give(g: G, t: Task) -> None:
    q = t.pick()
    mad = madness_in_hand(g, t.player)
    if q is None or q not in g.others(t.player) or not mad:
        return
    g.give_card(mad[-1], int(q))  # the Madness card's new holder owns it
    g.emit(Key.MADNESS_GIVEN, player=t.player, target=int(q))


CHOSEN = ability("cthulhus-chosen")


def _chosen_ok(g: Q, uid: int, base: int) -> bool:
    """Usable from play while it is on the scoring base (the sheet's reading),
    and only if a Madness card can be drawn (the price of the +2).  [decision]
    Once per scoring base: the window would otherwise offer it again and again."""
    return g.base_of(uid) == base and bool(g.s.madness) and f"chosen:{uid}:{base}" not in g.s.memo


@CHOSEN.special("before", "play", ok=_chosen_ok)
def _chosen(g: G, t: Task) -> None:
    """Draw a Madness card: this minion has +2 power until the end of the turn."""
    g.s.memo[f"chosen:{t.src}:{t.data['base']}"] = 1
    if g.draw_madness(t.player, 1):
        g.add_power(t.src, 2, t.player, t.card)


SERVITOR = ability("servitor")


def _actions_in_discard(g: Q, p: int) -> list[int]:
    return [c for c in g.discard(p) if g.cdef(c).kind is Kind.ACTION]


@SERVITOR.talent(ok=lambda g, uid: bool(_actions_in_discard(g, g.controller(uid))))
def _servitor(g: G, t: Task) -> Then:
    """Destroy this minion to put an action from your discard pile on top of
    your deck.  [decision] The destruction is the price: if the Servitor
    stays in play (protected, or saved by a replacement), no action comes back."""
    return [destroy(t.src, t.player, t.card), go(t, "fetch")]


@SERVITOR.step("fetch")
def _servitor_fetch(g: G, t: Task) -> Then:
    if g.in_play(t.src):
        return None
    return ask(t, "top", Key.TO_DECK_TOP, "card", _actions_in_discard(g, t.player))


@SERVITOR.step("top")
def _servitor_top(g: G, t: Task) -> None:
    c = t.pick()
    if c is not None and c in _actions_in_discard(g, t.player):
        g.put_top(int(c))
        g.emit(Key.TO_TOP, owner=t.player, card=g.cid(int(c)))


# --- actions -------------------------------------------------------------------------

ALTAR = ability("altar-to-cthulhu")


def _altar_when(g: Q, src: int, d: dict[str, Any]) -> bool:
    return d.get("base") == g.host(src) and d.get("player") == g.controller(src)


@ALTAR.trigger("play_minion", when=_altar_when)
def _altar(g: G, t: Task) -> None:
    """After you play a minion here, you may play an extra action."""
    g.credit(t.player, t.card, action=True)


RITUAL = ability("complete-the-ritual")


def _ritual_ok(g: Q, check: PlayCheck) -> bool:
    """Played only on a base where you have a minion."""
    return check.base is not None and bool(g.minions(check.base, check.player))


RITUAL.play_ok = _ritual_ok


@RITUAL.trigger("start_turn", when=lambda g, src, d: d.get("player") == g.controller(src))
def _ritual(g: G, t: Task) -> None:
    """At the start of your turn: every card on this base (this one too) goes
    to the bottom of its owner's deck, and the base is swapped with the top
    card of the base deck.  [decision] "Swap": the old base takes the new
    one's place on top of the base deck."""
    base = g.host(t.src)
    slot = g.base_slot(base) if base is not None else None
    if base is None or slot is None:
        return
    for m in list(slot.minions):
        for x in list(m.attached):
            g.leave_play(x.uid, "bottom")
            g.emit(Ev.TO_BOTTOM, owner=g.owner(x.uid), card=g.cid(x.uid))
        g.leave_play(m.uid, "bottom")
        g.emit(Ev.TO_BOTTOM, owner=g.owner(m.uid), card=g.cid(m.uid))
    for x in list(slot.actions):
        g.leave_play(x.uid, "bottom")
        g.emit(Ev.TO_BOTTOM, owner=g.owner(x.uid), card=g.cid(x.uid))
    new = swap_base(g, base)
    if new is not None:
        g.emit(Ev.BASE_DONE, base=g.cid(base), new_base=g.cid(new))


CORRUPTION = ability("corruption")


@CORRUPTION.on_play
def _corruption(g: G, t: Task) -> Then:
    """Draw a Madness card, then destroy a minion."""
    g.draw_madness(t.player, 1)
    return pick_minion(t, "kill", Pr.DESTROY, destroy_targets(g, t.player, g.minions()))


@CORRUPTION.step("kill")
def _corruption_kill(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is not None:
        return destroy(m, t.player, t.card)
    return None


FHTAGN = ability("cthulhu-fhtagn")


@FHTAGN.on_play
def _fhtagn(g: G, t: Task) -> None:
    """Reveal from the top of your deck until two actions (Madness cards are
    actions too) are revealed: they go to your hand, the rest to the bottom
    of your deck, in the order revealed."""
    p = t.player
    shown: list[int] = []
    found: list[int] = []
    while len(found) < 2:
        top = g.top(p)  # an empty deck takes the discard pile (the revealed cards are aside)
        if top is None:
            break
        g.set_aside(top)
        shown.append(top)
        if g.cdef(top).kind is Kind.ACTION:
            found.append(top)
    if not shown:
        return
    g.emit(Ev.REVEALED, player=p, cards=[g.cid(c) for c in shown])
    for c in found:
        g.to_hand(c, p)
    for c in shown:
        if c not in found:
            g.put_bottom(c)


FURTHERING = ability("furthering-the-cause")


@FURTHERING.trigger("end_turn", when=lambda g, src, d: g.host(src) is not None)
def _furthering(g: G, t: Task) -> None:
    """At the end of every turn: if another player's minion was destroyed here
    this turn, gain 1 VP.  [decision] "Another player's": the minion's
    controller when it was destroyed (a minion you had taken does not count);
    "this turn" counts destructions there before this card was played too."""
    base = g.host(t.src)
    if base is None:
        return
    me = g.controller(t.src)
    if any(g.s.memo.get(destroyed_key(base, q), 0) for q in g.s.seats if q != me):
        g.gain_vp(me, 1, t.card)


BEGINS_AGAIN = ability("it-begins-again")


@BEGINS_AGAIN.on_play
def _begins_again(g: G, t: Task) -> Then:
    cands = _actions_in_discard(g, t.player)
    return ask(t, "shuffle", Key.SHUFFLE_IN, "card", cands, min=0, max=len(cands), skip_key=Pr.NONE)


@BEGINS_AGAIN.step("shuffle")
def _begins_again_shuffle(g: G, t: Task) -> None:
    """The chosen actions are shuffled into your deck."""
    for c in t.picks:
        if c in _actions_in_discard(g, t.player):
            g.shuffle_in(int(c))


UNLEASHED = ability("madness-unleashed")


@UNLEASHED.on_play
def _unleashed(g: G, t: Task) -> Then:
    mad = madness_in_hand(g, t.player)
    return ask(t, "discard", Key.DISCARD_MADNESS, "card", mad, min=0, max=len(mad), skip_key=Pr.NONE)


@UNLEASHED.step("discard")
def _unleashed_discard(g: G, t: Task) -> None:
    """For each Madness card discarded: draw 1 and an extra action (the sheet's
    wording: the draw is not optional)."""
    mad = [int(c) for c in t.picks if c in madness_in_hand(g, t.player)]
    if not mad:
        return
    g.discard_from_hand(t.player, mad)
    g.draw(t.player, len(mad))
    for _ in mad:
        g.credit(t.player, t.card, action=True)


RECRUIT = ability("recruit-by-force")


def _recruits(g: G, p: int) -> list[int]:
    """Minions of (printed) power 3 or less in your discard pile."""
    return [c for c in g.discard(p) if g.cdef(c).minion and g.printed(c) <= 3]


@RECRUIT.on_play
def _recruit(g: G, t: Task) -> Then:
    cands = _recruits(g, t.player)
    return ask(t, "top", Key.RECRUIT, "card", cands, min=0, max=len(cands), skip_key=Pr.NONE, ordered=True)


@RECRUIT.step("top")
def _recruit_top(g: G, t: Task) -> None:
    """Any number of them on top of your deck; the first picked ends on top."""
    picks = [int(c) for c in t.picks if c in _recruits(g, t.player)]
    for c in reversed(picks):
        g.put_top(c)
        g.emit(Key.TO_TOP, owner=t.player, card=g.cid(c))


SEAL = ability("the-seal-is-broken")


@SEAL.on_play
def _seal(g: G, t: Task) -> None:
    """Draw a Madness card and gain 1 VP."""
    g.draw_madness(t.player, 1)
    g.gain_vp(t.player, 1, t.card)


WHISPERS = ability("whispers-in-darkness")


@WHISPERS.on_play
def _whispers(g: G, t: Task) -> None:
    """Draw a Madness card; two extra actions this turn."""
    g.draw_madness(t.player, 1)
    g.credit(t.player, t.card, action=True)
    g.credit(t.player, t.card, action=True)
