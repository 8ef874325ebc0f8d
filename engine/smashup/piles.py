"""``Piles``: the immediate changes to everything but what is in play — the
events, the triggers raised, the piles (hands, decks, discard piles, the
cards aside, the Madness deck), the plays, VP and per-turn flags.  ``G``
(``effects``) adds the changes to what is in play.

Each changes the state at once.  A handler never schedules through them:
what is to happen later it returns (``tasks``), so every immediate change of
a handler comes before anything it schedules.  Triggers raised by an
immediate change (``fire``) resolve after the current card has finished
resolving.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, rng_below, rng_shuffle
from engine.smashup.cards import MADNESS
from engine.smashup.keys import Ev
from engine.smashup.models import Credit, SmashUpState, Task
from engine.smashup.queries import Q
from engine.smashup.tasks import CORE

_new = object.__new__


class Piles(Q):
    """The queries, and the immediate changes off the board, of a state being
    changed (``out``: the events it emits)."""

    __slots__ = ("now", "out", "raised")

    def __init__(self, s: SmashUpState, out: list[Event], now: int = 0) -> None:
        super().__init__(s)
        self.out = out
        self.now = now
        if s.sealed is not None:  # changed: not as handed out (a clone, or a test's)
            s.sealed = None
        # triggers raised while a handler runs (``fire``), resolved after it
        # (``tasks.run``); None outside any handler: straight onto the stack
        self.raised: list[Task] | None = None

    # --- events and triggers ------------------------------------------------------

    def emit(self, key: str, to: int | None = None, **args: Any) -> None:
        e = _new(Event)  # ``event(...)`` without the keyword constructor: the engine emits a lot
        e.key = key if type(key) is str else str(key)
        e.args = args
        e.to = to
        self.out.append(e)

    def fire(self, name: str, **data: Any) -> None:
        """Raise a trigger; the cards in play listening to it resolve after the
        current card (in an order the current player picks when it matters)."""
        task = Task.make(CORE, "fire", -1, -1, {"name": name, "data": data})
        raised = self.raised
        if raised is None:  # outside any handler: straight onto the stack
            self.s.stack.append(task)
        else:
            raised.append(task)

    # --- piles --------------------------------------------------------------------

    def _pile_of(self, uid: int) -> list[int] | None:
        s = self.s
        for piles in (s.hands, s.discards, s.decks):
            for pile in piles.values():
                if uid in pile:
                    return pile
        if uid in s.aside:
            return s.aside
        if uid in s.madness:
            return s.madness
        return None

    def _unpile(self, uid: int) -> bool:
        pile = self._pile_of(uid)
        if pile is None:
            return False
        pile.remove(uid)
        return True

    def refill(self, p: int) -> bool:
        """An empty deck takes the shuffled discard pile; False if both are empty."""
        s = self.s
        if s.decks[p]:
            return True
        if not s.discards[p]:
            return False
        deck = s.discards[p]
        s.discards[p] = []
        s.rng = rng_shuffle(s.rng, deck)
        s.decks[p] = deck
        self.emit(Ev.RESHUFFLED, player=p, count=len(deck))
        return True

    def draw(self, p: int, n: int = 1) -> list[int]:
        got: list[int] = []
        for _ in range(n):
            if not self.refill(p):
                break
            uid = self.s.decks[p].pop()
            self.s.hands[p].append(uid)
            got.append(uid)
        if got:
            self.emit(Ev.DREW, player=p, count=len(got))
            self.emit(Ev.DREW_CARDS, to=p, player=p, cards=[self.cid(c) for c in got])
        return got

    def top(self, p: int) -> int | None:
        """The top card of ``p``'s deck (reshuffling an empty deck), not moved."""
        if not self.refill(p):
            return None
        return self.s.decks[p][-1]

    def to_hand(self, uid: int, p: int | None = None) -> None:
        """Put a card from a pile (deck, discard, aside) into a hand (a
        Madness card changes owner with it: its holder owns it)."""
        who = self.owner(uid) if p is None else p
        self._unpile(uid)
        if self.s.cards[uid] == MADNESS:
            self.s.owners[uid] = who
        self.s.hands[who].append(uid)
        self.emit(Ev.TO_HAND, player=who, card=self.cid(uid))

    def put_bottom(self, uid: int) -> None:
        self._unpile(uid)
        o = self.owner(uid)
        self.s.decks[o].insert(0, uid)
        self.emit(Ev.TO_BOTTOM, owner=o, card=self.cid(uid))

    def put_top(self, uid: int) -> None:
        self._unpile(uid)
        self.s.decks[self.owner(uid)].append(uid)

    def shuffle_in(self, uid: int) -> None:
        """Shuffle a card (from a pile) into its owner's deck."""
        self._unpile(uid)
        o = self.owner(uid)
        self.s.decks[o].append(uid)
        self.s.rng = rng_shuffle(self.s.rng, self.s.decks[o])
        self.emit(Ev.TO_DECK, owner=o, card=self.cid(uid))

    def shuffle_discard_into_deck(self, p: int) -> None:
        s = self.s
        s.decks[p].extend(s.discards[p])
        s.discards[p] = []
        s.rng = rng_shuffle(s.rng, s.decks[p])

    def set_aside(self, uid: int) -> None:
        """Take a card from its pile into the public "aside" zone (revealed)."""
        self._unpile(uid)
        self.s.aside.append(uid)

    def discard_from_hand(self, p: int, uids: list[int]) -> None:
        for uid in uids:
            self.s.hands[p].remove(uid)
            self.s.discards[self.owner(uid)].append(uid)
        if uids:
            self.emit(Ev.DISCARDED, player=p, cards=[self.cid(c) for c in uids])

    def random_discard(self, p: int) -> int | None:
        hand = self.s.hands[p]
        if not hand:
            return None
        self.s.rng, i = rng_below(self.s.rng, len(hand))
        uid = hand[i]
        self.discard_from_hand(p, [uid])
        return uid

    # --- plays, VP, Madness, turn flags -------------------------------------------

    def credit(
        self,
        p: int,
        src: str,
        minion: bool = False,
        action: bool = False,
        base: int | None = None,
        where_own: bool = False,
        max_power: int | None = None,
        names: list[str] | None = None,
    ) -> None:
        """An extra play for the current player this turn (others can't use one:
        [decision] extras granted off-turn are lost).  A minion play may be
        held to one ``base``, to a base where ``p`` has a minion, to a power
        cap, or to some card ids (``names``: "a minion of the same name")."""
        if p != self.s.current or self.s.phase != "playing":
            return
        c = Credit(
            minion=minion,
            action=action,
            base=base,
            where_own=where_own,
            max_power=max_power,
            names=names,
            source=src,
        )
        self.s.credits.append(c)
        kind = "both" if minion and action else "minion" if minion else "action"
        self.emit(Ev.EXTRA_PLAY, player=p, source=src, kind=kind)

    def gain_vp(self, p: int, n: int, src: str) -> None:
        self.s.vp[p] = self.s.vp.get(p, 0) + n
        self.emit(Ev.VP, player=p, points=n, source=src)

    def draw_madness(self, p: int, n: int = 1) -> list[int]:
        """Draw Madness cards (none when the Madness deck is empty)."""
        got = []
        for _ in range(n):
            if not self.s.madness:
                break
            uid = self.s.madness.pop()
            self.s.owners[uid] = p
            self.s.hands[p].append(uid)
            got.append(uid)
        if got:
            self.emit(Ev.MADNESS_DRAWN, player=p, count=len(got))
        return got

    def return_madness(self, uid: int) -> None:
        """A Madness card goes back to the Madness deck (from a pile or aside)."""
        p = self.owner(uid)
        self._unpile(uid)
        self.s.owners[uid] = -1
        self.s.madness.append(uid)
        self.emit(Ev.MADNESS_RETURNED, player=p)

    def give_card(self, uid: int, to: int) -> None:
        """Move a card from its pile into another player's hand (a Madness
        card changes owner with it: its holder owns it)."""
        self._unpile(uid)
        if self.s.cards[uid] == MADNESS:
            self.s.owners[uid] = to
        self.s.hands[to].append(uid)

    def memo_once(self, key: str) -> bool:
        """True the first time ``key`` is asked this turn (per-turn flags)."""
        if key in self.s.memo:
            return False
        self.s.memo[key] = 1
        return True
