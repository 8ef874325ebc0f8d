"""Build exact Smash Up positions for rule tests, and play them.

    t = Table({1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]},
              bases=["ice-castle", "fairy-ring", "pony-paradise"])
    muffin = t.hand(1, "muffin")                  # into player 1's hand
    tinx = t.minion(2, "tinx", base=0)            # on the first base
    s = t.state                                   # player 1's play phase
    s, ev = play(s, 1, muffin, base=t.base(1))
    s, ev = answer(s, 1, tinx)                    # the prompt's answer

Every card starts in its owner's deck (hands empty, no turn drawn); the
helpers take the named copies from wherever they are.  The current player is
the first listed unless ``current`` says otherwise; their turn has begun
(1 minion and 1 action to play).

A Me-First window asks every player in turn, a player with no Special to
play too (so that being asked tells nobody who holds one).  ``play``,
``talent``, ``end`` and ``answer`` answer those empty questions with a pass
(``pass_empty_windows``), as a player with nothing to play would: a test
meets only the window prompts that offer a Special.  ``end_raw`` and
``answer_raw`` don't.
"""

from __future__ import annotations

from typing import Any

from engine.core import Answer, Event, Prompt, PromptValue
from engine.smashup import GAME, setup
from engine.smashup.cards import BASES, BOXES, FACTIONS
from engine.smashup.effects import G
from engine.smashup.keys import Pr
from engine.smashup.models import (
    Attached,
    BaseSlot,
    EndPlays,
    MinionSlot,
    PlayCard,
    SmashUpOptions,
    SmashUpState,
    UseTalent,
)
from engine.smashup.tasks import CORE, call, run


class Table:
    def __init__(
        self,
        factions: dict[int, list[str]],
        bases: list[str] | None = None,
        current: int | None = None,
        madness: bool = False,
        options: SmashUpOptions | None = None,
        seed: int = 1,
        vp: dict[int, int] | None = None,
    ) -> None:
        seats = list(factions)
        opts = options or SmashUpOptions()
        boxes = sorted(
            {FACTIONS[f].box for fs in factions.values() for f in fs} | {BASES[b].box for b in bases or []}
        )
        s = SmashUpState(
            options=opts,
            seed=seed,
            rng=seed,
            seats=seats,
            boxes=boxes or list(BOXES),
            pool=list(FACTIONS),
            madness_on=madness,
            hands={p: [] for p in seats},
            decks={p: [] for p in seats},
            discards={p: [] for p in seats},
            factions={p: [] for p in seats},
            vp={p: (vp or {}).get(p, 0) for p in seats},
        )
        g = G(s, [])
        setup.new_deck_cards(g)
        for p, fs in factions.items():
            for f in fs:
                setup.take_faction(g, p, f)
        names = bases or [s.cards[u] for u in s.base_deck[-(len(seats) + 1) :]]
        for name in names:
            uid = next(u for u in s.base_deck if s.cards[u] == name)
            s.base_deck.remove(uid)
            s.bases = (*s.bases, BaseSlot(uid=uid))
        s.phase = "playing"
        s.current = current if current is not None else seats[0]
        run(g, call(CORE, "begin_turn", player=s.current))
        s.turn = 1
        self.s = s

    # --- finding cards ------------------------------------------------------------

    @property
    def state(self) -> SmashUpState:
        return self.s

    def base(self, i: int) -> int:
        return self.s.bases[i].uid

    def _free(self, p: int, card: str) -> int:
        """A copy of ``card`` owned by ``p`` that is not in play (nor already
        placed); a Madness card comes from the Madness deck."""
        s = self.s
        if card == "madness":
            uid = s.madness.pop()
            s.owners[uid] = p
            return uid
        for pile in (s.decks[p], s.discards[p], s.hands[p]):
            for uid in reversed(pile):
                if s.cards[uid] == card:
                    pile.remove(uid)
                    return uid
        raise LookupError(f"no free {card} of player {p}")

    def _base_uid(self, base: int) -> int:
        return self.s.bases[base].uid if base < len(self.s.bases) else base

    # --- placing cards ---------------------------------------------------------------

    def hand(self, p: int, *cards: str) -> Any:
        uids = [self._free(p, c) for c in cards]
        self.s.hands[p].extend(uids)
        return uids[0] if len(uids) == 1 else uids

    def discard(self, p: int, *cards: str) -> Any:
        uids = [self._free(p, c) for c in cards]
        self.s.discards[p].extend(uids)
        return uids[0] if len(uids) == 1 else uids

    def deck_top(self, p: int, *cards: str) -> Any:
        """Put cards on top of the deck; the last named ends on top."""
        uids = [self._free(p, c) for c in cards]
        self.s.decks[p].extend(uids)
        return uids[0] if len(uids) == 1 else uids

    def empty_deck(self, p: int) -> None:
        """Move the whole deck to the discard pile (to test reshuffles)."""
        self.s.discards[p].extend(self.s.decks[p])
        self.s.decks[p] = []

    # what is in play is a value: these replace the slots they change (through ``G``)

    def minion(self, p: int, card: str, base: int = 0, controller: int | None = None) -> int:
        uid = self._free(p, card)
        G(self.s, []).add_minion(
            self.base(base), MinionSlot(uid=uid, controller=p if controller is None else controller)
        )
        return uid

    def on_minion(self, p: int, card: str, minion: int, data: dict[str, Any] | None = None) -> int:
        uid = self._free(p, card)
        G(self.s, []).attach(minion, Attached(uid=uid, controller=p, data=data or {}))
        return uid

    def on_base(self, p: int, card: str, base: int = 0, data: dict[str, Any] | None = None) -> int:
        uid = self._free(p, card)
        G(self.s, []).add_action(self.base(base), Attached(uid=uid, controller=p, data=data or {}))
        return uid

    def power(self, m: int) -> int:
        return G(self.s, []).power(m)


# --- playing ------------------------------------------------------------------------


WINDOW_KEYS = (Pr.ME_FIRST, Pr.AFTER_SCORING)


def pass_empty_windows(
    s: SmashUpState, events: list[Event], now: int = 0
) -> tuple[SmashUpState, list[Event]]:
    """Pass every open Me-First question that offers no Special (through
    ``GAME.apply``, as its player would); ``events`` gathers what happens."""
    events = list(events)
    while True:
        x = next((x.prompt for x in s.prompts if x.prompt.key in WINDOW_KEYS and not x.prompt.options), None)
        if x is None:
            return s, events
        s, more = GAME.apply(s, Answer(player=x.player, prompt=x.id, picks=[]), now)
        events += more


def play(
    s: SmashUpState, p: int, card: int, base: int | None = None, minion: int | None = None, now: int = 0
) -> tuple[SmashUpState, list[Event]]:
    s, ev = GAME.apply(s, PlayCard(player=p, card=card, base=base, minion=minion), now)
    return pass_empty_windows(s, ev, now)


def talent(s: SmashUpState, p: int, card: int) -> tuple[SmashUpState, list[Event]]:
    return pass_empty_windows(*GAME.apply(s, UseTalent(player=p, card=card), 0))


def end(s: SmashUpState, p: int) -> tuple[SmashUpState, list[Event]]:
    return pass_empty_windows(*end_raw(s, p))


def end_raw(s: SmashUpState, p: int) -> tuple[SmashUpState, list[Event]]:
    return GAME.apply(s, EndPlays(player=p), 0)


def prompt(s: SmashUpState, p: int) -> Prompt:
    for x in s.prompts:
        if x.prompt.player == p:
            return x.prompt
    raise AssertionError(f"no prompt for player {p}")


def has_prompt(s: SmashUpState, p: int) -> bool:
    return any(x.prompt.player == p for x in s.prompts)


def answer(s: SmashUpState, p: int, *picks: PromptValue) -> tuple[SmashUpState, list[Event]]:
    return pass_empty_windows(*answer_raw(s, p, *picks))


def answer_raw(s: SmashUpState, p: int, *picks: PromptValue) -> tuple[SmashUpState, list[Event]]:
    return GAME.apply(s, Answer(player=p, prompt=prompt(s, p).id, picks=list(picks)), 0)


def power(s: SmashUpState, m: int) -> int:
    return G(s, []).power(m)


def where(s: SmashUpState, uid: int) -> str:
    """Which zone a card is in: ``hand:1``, ``deck:2``, ``discard:1``,
    ``base:<base uid>``, ``aside``, ``madness``."""
    for kind, piles in (("hand", s.hands), ("deck", s.decks), ("discard", s.discards)):
        for p, pile in piles.items():
            if uid in pile:
                return f"{kind}:{p}"
    for b in s.bases:
        if any(a.uid == uid for a in b.actions):
            return f"base:{b.uid}"
        for m in b.minions:
            if m.uid == uid or any(a.uid == uid for a in m.attached):
                return f"base:{b.uid}"
    if uid in s.aside:
        return "aside"
    if uid in s.madness:
        return "madness"
    return "?"


def controller(s: SmashUpState, uid: int) -> int:
    return G(s, []).controller(uid)


def keys(events: list[Event]) -> list[str]:
    return [str(e.key) for e in events]


def find(events: list[Event], key: str) -> Event:
    for e in events:
        if e.key == key:
            return e
    raise AssertionError(f"no {key} in {keys(events)}")


def check_cards(s: SmashUpState) -> None:
    """Every card is in exactly one zone."""
    seen: list[int] = []
    for piles in (s.hands, s.decks, s.discards):
        for pile in piles.values():
            seen.extend(pile)
    for b in s.bases:
        seen.append(b.uid)
        seen.extend(a.uid for a in b.actions)
        for m in b.minions:
            seen.append(m.uid)
            seen.extend(a.uid for a in m.attached)
    seen += s.base_deck + s.base_discard + s.madness + s.aside
    assert sorted(seen) == list(range(len(s.cards))), "cards lost or duplicated"
