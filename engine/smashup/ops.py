"""``G``: the toolkit every ability and the turn flow use on a (cloned) state.

Queries (``power``, ``minions``, ``controller``, ``can_affect`` …) read the
state; power is always recomputed from what is in play, never stored.

Mutations come in two sorts:

- *immediate* ones (``draw``, ``move``, ``take_control``, ``add_power``,
  ``credit``, ``gain_vp``, ``return_to_hand``, ``destroy_action`` …) change the
  state at once;
- *scheduled* ones (``ask``, ``go``, ``call``, ``destroy``, ``play``) queue a
  task: they run, in the order they were called, after the current handler
  returns, and may wait for prompts.

**The one ordering rule**: inside a handler, do every immediate mutation
before the first scheduled one; what must happen after a scheduled step goes
into a continuation (``g.go(t, "next")``).  Breaking it raises an
AssertionError (so a test catches it).  Triggers raised by immediate
mutations (``fire``) resolve after the current card has finished resolving.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal

from engine.core import Event, PromptValue, event, rng_below, rng_shuffle
from engine.smashup import abilities
from engine.smashup.abilities import Ability, PlayCheck
from engine.smashup.cards import BASES, CARDS, MADNESS, BaseDef, CardDef
from engine.smashup.keys import Ev
from engine.smashup.models import (
    Attached,
    BaseSlot,
    Credit,
    MinionSlot,
    SmashUpState,
    Task,
    Temp,
)

CORE = "core"
MAX_STEPS = 100_000


class G:
    def __init__(self, s: SmashUpState, out: list[Event], now: int = 0, readonly: bool = False) -> None:
        self.s = s
        self.out = out
        self.now = now
        # a read-only toolkit (legal moves, views) may remember what is in play
        self._cache: dict[str, list[tuple[int, int, Ability]]] | None = {} if readonly else None
        self._batch: list[Task] | None = None  # tasks scheduled by the running handler
        self._after: list[Task] = []  # triggers to resolve after it

    # --- events ------------------------------------------------------------------

    def emit(self, key: str, to: int | None = None, **args: Any) -> None:
        self.out.append(event(key, to=to, **args))

    # --- cards -------------------------------------------------------------------

    def cid(self, uid: int) -> str:
        return self.s.cards[uid]

    def cdef(self, uid: int) -> CardDef:
        return CARDS[self.s.cards[uid]]

    def bdef(self, uid: int) -> BaseDef:
        return BASES[self.s.cards[uid]]

    def ab(self, uid: int) -> Ability:
        return abilities.of(self.s.cards[uid])

    def owner(self, uid: int) -> int:
        return self.s.owners[uid]

    def printed(self, uid: int) -> int:
        return CARDS[self.s.cards[uid]].power

    # --- players -----------------------------------------------------------------

    @property
    def current(self) -> int:
        return self.s.current

    def active(self) -> list[int]:
        """Players still at the table, in turn order from the current player."""
        seats = [p for p in self.s.seats if p not in self.s.left]
        if self.s.current in seats:
            i = seats.index(self.s.current)
            seats = seats[i:] + seats[:i]
        return seats

    def others(self, p: int) -> list[int]:
        return [q for q in self.active() if q != p]

    # --- bases and what is on them ---------------------------------------------

    def base_slot(self, buid: int) -> BaseSlot | None:
        for b in self.s.bases:
            if b.uid == buid:
                return b
        return None

    def base_ids(self) -> list[int]:
        return [b.uid for b in self.s.bases]

    def locate(self, m: int) -> tuple[BaseSlot, MinionSlot] | None:
        for b in self.s.bases:
            for slot in b.minions:
                if slot.uid == m:
                    return b, slot
        return None

    def minion_slot(self, m: int) -> MinionSlot | None:
        loc = self.locate(m)
        return loc[1] if loc else None

    def base_of(self, uid: int) -> int | None:
        """The base a minion, or an action on a minion or a base, is on."""
        for b in self.s.bases:
            if any(a.uid == uid for a in b.actions):
                return b.uid
            for m in b.minions:
                if m.uid == uid or any(a.uid == uid for a in m.attached):
                    return b.uid
        return None

    def attached(self, a: int) -> tuple[int, Attached] | None:
        """(host uid, slot) of an action in play on a minion or a base."""
        for b in self.s.bases:
            for x in b.actions:
                if x.uid == a:
                    return b.uid, x
            for m in b.minions:
                for x in m.attached:
                    if x.uid == a:
                        return m.uid, x
        return None

    def host(self, a: int) -> int | None:
        at = self.attached(a)
        return at[0] if at else None

    def minions(self, base: int | None = None, controller: int | None = None) -> list[int]:
        out = []
        for b in self.s.bases:
            if base is not None and b.uid != base:
                continue
            for m in b.minions:
                if controller is None or m.controller == controller:
                    out.append(m.uid)
        return out

    def attached_actions(self, base: int | None = None) -> list[int]:
        """Actions in play on minions and on bases (of one base, or all)."""
        out: list[int] = []
        for b in self.s.bases:
            if base is not None and b.uid != base:
                continue
            out.extend(a.uid for a in b.actions)
            for m in b.minions:
                out.extend(a.uid for a in m.attached)
        return out

    def controller(self, uid: int) -> int:
        """Who controls a card in play (-1 for a base or a card out of play)."""
        for b in self.s.bases:
            for x in b.actions:
                if x.uid == uid:
                    return x.controller
            for m in b.minions:
                if m.uid == uid:
                    return m.controller
                for x in m.attached:
                    if x.uid == uid:
                        return x.controller
        return -1

    def in_play(self, uid: int) -> bool:
        return any(b.uid == uid for b in self.s.bases) or self.base_of(uid) is not None

    def is_minion_in_play(self, uid: int) -> bool:
        return self.locate(uid) is not None

    def in_play_cards(self) -> Iterator[tuple[int, int]]:
        """(uid, controller) of everything in play: each base (-1), its
        actions, its minions and their actions, bases in order."""
        for b in self.s.bases:
            yield b.uid, -1
            for x in b.actions:
                yield x.uid, x.controller
            for m in b.minions:
                yield m.uid, m.controller
                for x in m.attached:
                    yield x.uid, x.controller

    def _with(self, attr: str) -> list[tuple[int, int, Ability]]:
        """(uid, controller, ability) of the cards in play with hook ``attr``."""
        cache = self._cache
        if cache is not None and attr in cache:
            return cache[attr]
        cards = self.s.cards
        out = []
        for uid, ctrl in self.in_play_cards():
            a = abilities.REGISTRY.get(cards[uid])
            if a is not None and getattr(a, attr):
                out.append((uid, ctrl, a))
        if cache is not None:
            cache[attr] = out
        return out

    # --- power -------------------------------------------------------------------

    def power(self, m: int) -> int:
        """A minion's power now: printed plus every modifier, floored at 0.
        Out of play: its printed power."""
        slot = self.minion_slot(m)
        if slot is None:
            return self.printed(m)
        return max(0, self._power(m, slot.controller, own_only=False))

    def own_power(self, m: int) -> int:
        """Power counting only its controller's cards, bases and no-one's
        effects: what "unaffected by other players' cards" protections read
        (so a protection never depends on what it filters)."""
        slot = self.minion_slot(m)
        if slot is None:
            return self.printed(m)
        return max(0, self._power(m, slot.controller, own_only=True))

    def _power(self, m: int, ctrl: int, own_only: bool) -> int:
        total = self.printed(m)
        blocked: dict[int, bool] = {}

        def counts(by: int) -> bool:
            if by < 0 or by == ctrl:
                return True
            if own_only:
                return False
            if by not in blocked:
                blocked[by] = self.protected(m, by, "power")
            return not blocked[by]

        for src, sctrl, a in self._with("power"):
            assert a.power is not None
            d = a.power(self, src, m)
            if d and counts(sctrl):
                total += d
        for t in self.s.temps:
            if t.kind == "power" and t.target == m and counts(t.by):
                total += t.amount
        return total

    def total(self, base: int) -> int:
        return sum(self.power(m) for m in self.minions(base))

    def powers(self, base: int) -> dict[int, int]:
        """Total power per player with a minion on ``base``."""
        out: dict[int, int] = {}
        b = self.base_slot(base)
        if b is None:
            return out
        for m in b.minions:
            out[m.controller] = out.get(m.controller, 0) + self.power(m.uid)
        return out

    # --- protections and restrictions --------------------------------------------

    def protected(self, m: int, actor: int | None, how: str) -> bool:
        """Whether ``how`` done to minion ``m`` by a card of ``actor`` is blocked."""
        for src, _, a in self._with("protect"):
            assert a.protect is not None
            if a.protect(self, src, m, actor, how):
                return True
        return False

    def can_affect(self, actor: int | None, m: int, how: str) -> bool:
        return self.is_minion_in_play(m) and not self.protected(m, actor, how)

    def forbidden(self, check: PlayCheck) -> bool:
        """Whether a "can't" forbids the play: a ``forbid`` hook in play, or
        the card's own condition (``play_ok``: Shoggoth, Complete the Ritual)."""
        if not abilities.of(check.card_id).play_ok(self, check):
            return True
        for src, _, a in self._with("forbid"):
            assert a.forbid is not None
            if a.forbid(self, src, check):
                return True
        return False

    # --- piles -------------------------------------------------------------------

    def hand(self, p: int) -> list[int]:
        return self.s.hands[p]

    def deck(self, p: int) -> list[int]:
        return self.s.decks[p]

    def discard(self, p: int) -> list[int]:
        return self.s.discards[p]

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
        self._immediate()
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
        self._immediate()
        who = self.owner(uid) if p is None else p
        self._unpile(uid)
        if self.s.cards[uid] == MADNESS:
            self.s.owners[uid] = who
        self.s.hands[who].append(uid)
        self.emit(Ev.TO_HAND, player=who, card=self.cid(uid))

    def put_bottom(self, uid: int) -> None:
        self._immediate()
        self._unpile(uid)
        o = self.owner(uid)
        self.s.decks[o].insert(0, uid)
        self.emit(Ev.TO_BOTTOM, owner=o, card=self.cid(uid))

    def put_top(self, uid: int) -> None:
        self._immediate()
        self._unpile(uid)
        self.s.decks[self.owner(uid)].append(uid)

    def shuffle_in(self, uid: int) -> None:
        """Shuffle a card (from a pile) into its owner's deck."""
        self._immediate()
        self._unpile(uid)
        o = self.owner(uid)
        self.s.decks[o].append(uid)
        self.s.rng = rng_shuffle(self.s.rng, self.s.decks[o])
        self.emit(Ev.TO_DECK, owner=o, card=self.cid(uid))

    def set_aside(self, uid: int) -> None:
        """Take a card from its pile into the public "aside" zone (revealed)."""
        self._immediate()
        self._unpile(uid)
        self.s.aside.append(uid)

    def discard_from_hand(self, p: int, uids: list[int]) -> None:
        self._immediate()
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

    def to_discard(self, uid: int, from_play: bool) -> None:
        """A card out of play or out of a pile goes to its owner's discard
        pile, unless its own replacement (Sleeping Beauty) applies."""
        a = self.ab(uid)
        if from_play and a.instead_discard is not None and a.instead_discard(self, uid):
            return
        self._unpile(uid)
        self.s.discards[self.owner(uid)].append(uid)

    # --- leaving play ----------------------------------------------------------------

    def _take_out(self, uid: int) -> MinionSlot | Attached | None:
        """Remove a card from play (no replacement, no trigger); attached
        actions of a minion go to their owners' discard piles."""
        s = self.s
        for b in s.bases:
            for x in b.actions:
                if x.uid == uid:
                    b.actions.remove(x)
                    return x
            for m in b.minions:
                if m.uid == uid:
                    b.minions.remove(m)
                    for x in m.attached:
                        self.to_discard(x.uid, from_play=True)
                    s.temps = [t for t in s.temps if t.target != uid]
                    if uid in s.talents:
                        s.talents.remove(uid)
                    return m
                for x in m.attached:
                    if x.uid == uid:
                        m.attached.remove(x)
                        return x
        return None

    def leave_play(self, uid: int, dest: Literal["discard", "hand", "deck", "bottom"] = "discard") -> None:
        """A card leaves play for ``dest`` (its owner's discard pile, hand, deck
        shuffled, or deck bottom).  Not a destruction: no destroy triggers."""
        self._immediate()
        if self._take_out(uid) is None:
            return
        o = self.owner(uid)
        if dest == "discard":
            self.to_discard(uid, from_play=True)
        elif dest == "hand":
            self.s.hands[o].append(uid)
        elif dest == "deck":
            self.s.decks[o].append(uid)
            self.s.rng = rng_shuffle(self.s.rng, self.s.decks[o])
        else:
            self.s.decks[o].insert(0, uid)

    def return_to_hand(self, m: int) -> bool:
        """Return a minion to its owner's hand (its actions are discarded)."""
        if not self.is_minion_in_play(m):
            return False
        self.leave_play(m, "hand")
        self.emit(Ev.RETURNED, owner=self.owner(m), card=self.cid(m))
        return True

    def destroy_action(self, a: int) -> bool:
        """Destroy an action in play (an Heirloom can't be)."""
        self._immediate()
        if self.ab(a).indestructible or self.attached(a) is None:
            return False
        self._take_out(a)
        self.to_discard(a, from_play=True)
        self.emit(Ev.ACTION_DESTROYED, owner=self.owner(a), card=self.cid(a))
        return True

    def destroyable_actions(self, base: int | None = None) -> list[int]:
        return [a for a in self.attached_actions(base) if not self.ab(a).indestructible]

    # --- moving, control, power ---------------------------------------------------

    def move(self, m: int, to: int, actor: int | None = None) -> bool:
        """Move a minion (with its actions) to another base.  Not a play."""
        self._immediate()
        loc = self.locate(m)
        dest = self.base_slot(to)
        if loc is None or dest is None or loc[0].uid == to:
            return False
        if actor is not None and self.protected(m, actor, "move"):
            self.emit(Ev.PROTECTED, card=self.cid(m), base=self.cid(loc[0].uid))
            return False
        loc[0].minions.remove(loc[1])
        dest.minions.append(loc[1])
        self.emit(Ev.MOVED, card=self.cid(m), from_base=self.cid(loc[0].uid), to_base=self.cid(to))
        self.fire("moved", minion=m, **{"from": loc[0].uid, "to": to})
        return True

    def take_control(self, m: int, p: int, src: str) -> bool:
        """``p`` controls minion ``m`` until the end of the turn."""
        self._immediate()
        slot = self.minion_slot(m)
        if slot is None or slot.controller == p:
            return False
        self.s.temps.append(Temp(kind="control", target=m, by=p, src=src, prev=slot.controller))
        slot.controller = p
        self.emit(Ev.CONTROL, player=p, card=self.cid(m), owner=self.owner(m))
        return True

    def add_power(
        self,
        m: int,
        amount: int,
        by: int,
        src: str,
        until: Literal["end_turn", "start_turn"] = "end_turn",
    ) -> None:
        """A temporary power change; ``start_turn``: until the start of ``by``'s next turn."""
        self._immediate()
        if not self.is_minion_in_play(m):
            return
        self.s.temps.append(
            Temp(kind="power", target=m, by=by, src=src, amount=amount, until=until, player=by)
        )
        self.emit(Ev.POWER, card=self.cid(m), amount=amount)

    def transfer(self, a: int, to: int) -> bool:
        """Move an attached action onto another minion (not a play)."""
        self._immediate()
        dest = self.minion_slot(to)
        if dest is None or self.host(a) in (None, to):
            return False
        slot = self._take_out(a)
        assert isinstance(slot, Attached)
        dest.attached.append(slot)
        self.emit(Ev.TRANSFERRED, card=self.cid(a), minion=self.cid(to))
        return True

    # --- plays, VP, Madness --------------------------------------------------------

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
        self._immediate()
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
        self._immediate()
        self.s.vp[p] = self.s.vp.get(p, 0) + n
        self.emit(Ev.VP, player=p, points=n, source=src)

    def draw_madness(self, p: int, n: int = 1) -> list[int]:
        """Draw Madness cards (none when the Madness deck is empty)."""
        self._immediate()
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
        self._immediate()
        p = self.owner(uid)
        self._unpile(uid)
        self.s.owners[uid] = -1
        self.s.madness.append(uid)
        self.emit(Ev.MADNESS_RETURNED, player=p)

    def give_card(self, uid: int, to: int) -> None:
        """Move a card from its pile into another player's hand (a Madness
        card changes owner with it: its holder owns it)."""
        self._immediate()
        self._unpile(uid)
        if self.s.cards[uid] == MADNESS:
            self.s.owners[uid] = to
        self.s.hands[to].append(uid)

    def shuffle_discard_into_deck(self, p: int) -> None:
        self._immediate()
        s = self.s
        s.decks[p].extend(s.discards[p])
        s.discards[p] = []
        s.rng = rng_shuffle(s.rng, s.decks[p])

    def madness_count(self, p: int) -> int:
        s = self.s
        piles = (s.hands[p], s.decks[p], s.discards[p])
        return sum(1 for pile in piles for c in pile if s.cards[c] == MADNESS)

    # --- scheduling ------------------------------------------------------------------

    def _immediate(self) -> None:
        assert not self._batch, "immediate_after_scheduled"  # use a continuation step

    def schedule(self, task: Task) -> None:
        if self._batch is None:  # outside any handler: straight onto the stack
            self.s.stack.append(task)
        else:
            self._batch.append(task)

    def go(self, t: Task, step: str, **data: Any) -> None:
        """Continue ``t``'s ability at ``step`` (its data kept, updated with ``data``)."""
        d = {k: v for k, v in t.data.items() if k != "picks"}
        d.update(data)
        self.schedule(Task(card=t.card, step=step, player=t.player, src=t.src, data=d))

    def call(self, card: str, step: str, /, player: int = -1, src: int = -1, **data: Any) -> None:
        self.schedule(Task(card=card, step=step, player=player, src=src, data=data))

    def destroy(self, m: int, actor: int | None, src: str) -> None:
        """Destroy a minion (protections, then replacements, then the owner's
        discard pile and the ``destroyed`` trigger).  Scheduled."""
        self.call(CORE, "destroy", player=-1 if actor is None else actor, minion=m, actor=actor, source=src)

    def play(
        self, p: int, uid: int, base: int | None = None, minion: int | None = None, from_hand: bool = False
    ) -> None:
        """Play a card already taken from its pile (an ability's "play it"):
        its on-play ability and the play triggers follow.  Scheduled.
        Abilities that play a card as an extra play count it themselves
        (``g.s.extras``) and check ``g.forbidden`` first."""
        self.call(CORE, "play", player=p, card=uid, base=base, minion=minion, from_hand=from_hand)

    def fire(self, name: str, **data: Any) -> None:
        """Raise a trigger; the cards in play listening to it resolve after the
        current card (in an order the current player picks when it matters)."""
        task = Task(card=CORE, step="fire", data={"name": name, "data": data})
        if self._batch is None:
            self.s.stack.append(task)
        else:
            self._after.append(task)

    def fire_now(self, name: str, **data: Any) -> None:
        """Like ``fire`` but as the next scheduled step (in call order)."""
        self.schedule(Task(card=CORE, step="fire", data={"name": name, "data": data}))

    def ask(
        self,
        t: Task,
        step: str,
        key: str,
        kind: str,
        options: Sequence[PromptValue],
        min: int = 1,
        max: int = 1,
        player: int | None = None,
        skip_key: str | None = None,
        ordered: bool = False,
        parallel: bool = False,
        **args: Any,
    ) -> None:
        """Ask ``player`` (default: ``t.player``) to pick ``min``..``max`` of
        ``options``; the answer resumes ``t``'s ability at ``step`` with
        ``data["picks"]``.  No options: resumes at once with no picks; a
        choice with one possible answer is taken at once.  ``parallel``: asked
        even while other prompts are open (setup questions everyone answers
        at once).  Scheduled."""
        data = {k: v for k, v in t.data.items() if k != "picks"}
        then = Task(card=t.card, step=step, player=t.player, src=t.src, data=data)
        if t.card != CORE:  # the asking card (or base) names the question
            args.setdefault("card", t.card)
        task = Task(card=CORE, step="ask", player=t.player if player is None else player, resume=parallel)
        task.data = dict(
            key=str(key),
            kind=kind,
            options=list(options),
            min=min,
            max=max,
            skip_key=None if skip_key is None else str(skip_key),
            ordered=ordered,
            args=args,
            then=then.model_dump(),
        )
        self.schedule(task)

    def minion_choices(self, actor: int | None, how: str, cands: list[int]) -> list[int]:
        return [m for m in cands if self.can_affect(actor, m, how)]

    # --- running the stack ------------------------------------------------------------

    def exec(self, t: Task) -> None:
        if t.step.startswith("on:") and t.src >= 0 and not self.in_play(t.src):
            return  # a trigger whose card has left play
        fn = abilities.handler(t.card, t.step)
        self._batch = []
        self._after = []
        try:
            fn(self, t)
            batch, after = self._batch, self._after
        finally:
            self._batch = None
            self._after = []
        self.s.stack.extend(reversed(after))
        self.s.stack.extend(reversed(batch))

    def run(self) -> None:
        """Resolve tasks until a prompt waits or nothing is left."""
        s = self.s
        for _ in range(MAX_STEPS):
            if not s.stack or s.phase == "over":
                return
            if s.prompts and not s.stack[-1].resume:
                return
            self.exec(s.stack.pop())
        raise RuntimeError("smashup: runaway resolution")

    # --- helpers for abilities -------------------------------------------------------

    def other_bases(self, base: int | None) -> list[int]:
        return [b.uid for b in self.s.bases if b.uid != base]

    def memo_once(self, key: str) -> bool:
        """True the first time ``key`` is asked this turn (per-turn flags)."""
        if key in self.s.memo:
            return False
        self.s.memo[key] = 1
        return True
