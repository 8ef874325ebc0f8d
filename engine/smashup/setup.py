"""Setup: the cards of a new game, the draft (snake or random), the deal
(bases, two factions shuffled into a deck, five cards), the mulligan, and the
first turn (``core`` steps ``draft``, ``deal``, ``mulligan``, ``begin_game``)."""

from __future__ import annotations

from engine.core import PromptValue, rng_shuffle
from engine.smashup.abilities import ability
from engine.smashup.cards import BASES, CARDS, FACTIONS, MADNESS
from engine.smashup.effects import G
from engine.smashup.keys import Choice, Ev, Pr
from engine.smashup.models import (
    HAND_SIZE,
    Task,
)
from engine.smashup.scoring import draw_base
from engine.smashup.tasks import CORE, Then, ask, call

C = ability(CORE)


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
