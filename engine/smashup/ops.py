"""``G``: the toolkit every ability and the turn flow use on a (cloned) state:
queries and immediate changes.

Queries (``power``, ``minions``, ``controller``, ``can_affect`` …) read the
state; power is always recomputed from what is in play, never stored in the
state.  What is worked out (where each card in play is, which cards have a
hook, each minion's power) is remembered for as long as what is in play and
the temporary effects are the same objects (``board.Board``: they are
values, replaced when they change), on the state itself: a clone starts
with its original's board.  A state the game handed out is never changed
(``seal``), so its public view is kept on it too (``game.view``).  Nothing
is kept in this module: a search in a thread and the event loop never share
what they work out, but for the boards of a state both read, which are
filled in whole pieces (``board``).

Mutations are *immediate* (``draw``, ``move``, ``take_control``,
``add_power``, ``credit``, ``gain_vp``, ``return_to_hand``, ``destroy_action``
…): they change the state at once.  What is to happen later (a question, a
destruction, a continuation) is not done through ``G``: a handler returns
those steps (``tasks``), so every immediate change of a handler comes before
anything it schedules.  Triggers raised by immediate mutations (``fire``)
resolve after the current card has finished resolving.

What is in play (``state.bases``) is a value: it changes only through
``G`` (``add_minion``, ``attach``, ``set_controller``, ``set_data``,
``move``, ``leave_play`` …), which replaces the slots a change touches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal
from weakref import ref

from engine.core import Event, rng_below, rng_shuffle
from engine.smashup import abilities
from engine.smashup.abilities import Ability, PlayCheck
from engine.smashup.board import Board, board_of
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
from engine.smashup.tasks import CORE

_REGISTRY = abilities.REGISTRY
_new = object.__new__


def seal(s: SmashUpState) -> None:
    """``s`` was handed out (by ``apply``, ``start`` or ``load``): it will not
    change any more, so what is worked out about it may be kept on it (its
    public view: ``game.view``)."""
    s.sealed = ref(s)
    s.public = None  # (its original's, if it is a clone)


def sealed(s: SmashUpState) -> bool:
    """Whether ``s`` was handed out and left as it was (a clone starts with its
    original's ``sealed``, which names the original)."""
    r = s.sealed
    return r is not None and r() is s


def reader(s: SmashUpState) -> G:
    """A read-only ``G`` on ``s`` (legal moves, views)."""
    return G(s, [], readonly=True)


class G:
    __slots__ = ("_board", "now", "out", "raised", "readonly", "s")

    def __init__(self, s: SmashUpState, out: list[Event], now: int = 0, readonly: bool = False) -> None:
        self.s = s
        self.out = out
        self.now = now
        self.readonly = readonly
        if not readonly and s.sealed is not None:  # changed: not as handed out (a clone, or a test's)
            s.sealed = None
        # triggers raised while a handler runs (``fire``), resolved after it
        # (``tasks.run``); None outside any handler: straight onto the stack
        self.raised: list[Task] | None = None
        self._board: Board | None = None

    def board(self) -> Board:
        """What is in play, as it stands (``board_of``)."""
        s = self.s
        b = self._board
        if b is not None and b.bases is s.bases:
            return b
        b = self._board = board_of(s)
        return b

    # --- events ------------------------------------------------------------------

    def emit(self, key: str, to: int | None = None, **args: Any) -> None:
        e = _new(Event)  # ``event(...)`` without the keyword constructor: the engine emits a lot
        e.key = key if type(key) is str else str(key)
        e.args = args
        e.to = to
        self.out.append(e)

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
        """Players still at the table, in turn order from the current player
        (from the seat after theirs when the current player has left)."""
        s = self.s
        seats, left = s.seats, s.left
        if s.current in seats:
            i = seats.index(s.current)
            seats = seats[i:] + seats[:i]
        return [p for p in seats if p not in left] if left else list(seats)

    def others(self, p: int) -> list[int]:
        return [q for q in self.active() if q != p]

    def next_active(self, p: int) -> int:
        """The next player at the table after ``p`` in turn order (clockwise);
        ``p`` may have left.  ``p`` itself when nobody else is left."""
        seats, left = self.s.seats, self.s.left
        n = len(seats)
        i = seats.index(p)
        for k in range(1, n + 1):
            q = seats[(i + k) % n]
            if q not in left:
                return q
        return p

    # --- bases and what is on them ---------------------------------------------

    def base_slot(self, buid: int) -> BaseSlot | None:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        return b.slots.get(buid)

    def base_ids(self) -> list[int]:
        return [b.uid for b in self.s.bases]

    def locate(self, m: int) -> tuple[BaseSlot, MinionSlot] | None:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        return b.minion.get(m)

    def minion_slot(self, m: int) -> MinionSlot | None:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        loc = b.minion.get(m)
        return loc[1] if loc is not None else None

    def base_of(self, uid: int) -> int | None:
        """The base a minion, or an action on a minion or a base, is on."""
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        loc = b.minion.get(uid)
        if loc is not None:
            return loc[0].uid
        at = b.action.get(uid)
        return at[2].uid if at is not None else None

    def attached(self, a: int) -> tuple[int, Attached] | None:
        """(host uid, slot) of an action in play on a minion or a base."""
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        at = b.action.get(a)
        return (at[0], at[1]) if at is not None else None

    def host(self, a: int) -> int | None:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        at = b.action.get(a)
        return at[0] if at is not None else None

    def minions(self, base: int | None = None, controller: int | None = None) -> list[int]:
        if base is not None:
            b = self.board().slots.get(base)
            if b is None:
                return []
            if controller is None:
                return [m.uid for m in b.minions]
            return [m.uid for m in b.minions if m.controller == controller]
        if controller is None:
            return [m.uid for b in self.s.bases for m in b.minions]
        return [m.uid for b in self.s.bases for m in b.minions if m.controller == controller]

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
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        loc = b.minion.get(uid)
        if loc is not None:
            return loc[1].controller
        at = b.action.get(uid)
        return at[1].controller if at is not None else -1

    def in_play(self, uid: int) -> bool:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        return uid in b.minion or uid in b.action or uid in b.slots

    def is_minion_in_play(self, uid: int) -> bool:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        return uid in b.minion

    def in_play_cards(self) -> list[tuple[int, int]]:
        """(uid, controller) of everything in play: each base (-1), its
        actions, its minions and their actions, bases in order."""
        return self.board().cards

    def _with(self, attr: str) -> list[tuple[int, int, Ability]]:
        """(uid, controller, ability) of the cards in play with hook ``attr``."""
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        found = b.hooks.get(attr)
        if found is None:
            found = b.hooks[attr] = [x for x in b.abilities if getattr(x[2], attr)]
        return found

    def with_ability(self) -> list[tuple[int, int, Ability]]:
        """(uid, controller, ability) of the cards in play with an ability, in board order."""
        return self.board().abilities

    def listening(self, name: str) -> list[tuple[int, int, Ability]]:
        """(uid, controller, ability) of the cards in play with a trigger ``name``, in board order."""
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        found = b.listeners.get(name)
        if found is None:
            found = b.listeners[name] = [x for x in b.abilities if name in x[2].triggers]
        return found

    def _power_sources(self, base: int, m: int) -> list[tuple[int, int, Ability]]:
        """The power modifiers minion ``m`` on ``base`` asks: those that may
        reach it (``Ability.power_reach``), in board order."""
        b = self.board()
        on = b.power_on
        if on is None:
            on = {}
            for x in self._with("power"):
                src, reach = x[0], x[2].power_reach
                if reach == "minion":
                    targets = [src if src in b.minion else self.host(src)]
                elif reach == "here":
                    targets = [src if src in b.slots else self.base_of(src)]
                else:  # every minion asks its base's list
                    targets = list(b.slots)
                for target in targets:
                    if target is not None:
                        on.setdefault(target, []).append(x)
            b.power_on = on  # (whole: another thread may read the board)
        here = on.get(base)
        mine = on.get(m)
        if here is None:
            return mine or []
        return here if mine is None else here + mine  # (their sum does not depend on the order)

    # --- power -------------------------------------------------------------------

    def power(self, m: int) -> int:
        """A minion's power now: printed plus every modifier, floored at 0.
        Out of play: its printed power."""
        return self._known_power(m, own_only=False)

    def own_power(self, m: int) -> int:
        """Power counting only its controller's cards, bases and no-one's
        effects: what "unaffected by other players' cards" protections read
        (so a protection never depends on what it filters)."""
        return self._known_power(m, own_only=True)

    def _known_power(self, m: int, own_only: bool) -> int:
        """``_power`` floored at 0, remembered for the board and the temporary effects."""
        s = self.s
        b = self._board
        if b is None or b.bases is not s.bases:
            b = self.board()
        powers = b.powers
        if powers[0] is not s.temps:  # (a new tuple, whole: another thread may read the board)
            powers = b.powers = (s.temps, {}, {})
        memo = powers[2] if own_only else powers[1]
        v = memo.get(m)
        if v is not None:
            return v
        loc = b.minion.get(m)
        if loc is None:
            return CARDS[s.cards[m]].power
        v = self._power(m, loc[0].uid, loc[1].controller, own_only)
        v = memo[m] = v if v > 0 else 0
        return v

    def _power(self, m: int, base: int, ctrl: int, own_only: bool) -> int:
        """Printed power plus the modifiers that count: those of no player's
        card and of its controller's always; another player's unless the
        minion is protected from that player's power changes (never, with
        ``own_only``)."""
        total = CARDS[self.s.cards[m]].power
        sources = self._power_sources(base, m)
        changes = [
            (sctrl, d) for src, sctrl, a in sources if a.power is not None and (d := a.power(self, src, m))
        ]
        changes += [(t.by, t.amount) for t in self.s.temps if t.target == m and t.kind == "power"]
        blocked: dict[int, bool] = {}
        for by, d in changes:
            if by < 0 or by == ctrl:
                total += d
            elif not own_only:
                shut = blocked.get(by)
                if shut is None:
                    shut = blocked[by] = self.protected(m, by, "power")
                if not shut:
                    total += d
        return total

    def total(self, base: int) -> int:
        return sum(self.power(m) for m in self.minions(base))

    def powers(self, base: int) -> dict[int, int]:
        """Total power per player with a minion on ``base``."""
        out: dict[int, int] = {}
        b = self.board().slots.get(base)
        if b is None:
            return out
        for m in b.minions:
            out[m.controller] = out.get(m.controller, 0) + self.power(m.uid)
        return out

    # --- protections and restrictions --------------------------------------------

    def protected(self, m: int, actor: int | None, how: str) -> bool:
        """Whether ``how`` done to minion ``m`` by a card of ``actor`` is blocked."""
        return any(
            a.protect is not None and a.protect(self, src, m, actor, how)
            for src, _, a in self._with("protect")
        )

    def can_affect(self, actor: int | None, m: int, how: str) -> bool:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        return m in b.minion and not self.protected(m, actor, how)

    def forbidden(self, check: PlayCheck) -> bool:
        """Whether a "can't" forbids the play: a ``forbid`` hook in play, or
        the card's own condition (``play_ok``: Shoggoth, Complete the Ritual)."""
        if not abilities.of(check.card_id).play_ok(self, check):
            return True
        return any(a.forbid is not None and a.forbid(self, src, check) for src, _, a in self._with("forbid"))

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

    def to_discard(self, uid: int, from_play: bool) -> None:
        """A card out of play or out of a pile goes to its owner's discard
        pile, unless its own replacement (Sleeping Beauty) applies."""
        if from_play:  # taken out of play already: in no pile
            a = self.ab(uid)
            if a.instead_discard is not None and a.instead_discard(self, uid):
                return
        else:
            self._unpile(uid)
        self.s.discards[self.owner(uid)].append(uid)

    # --- what is in play: its slots are values, replaced along the path of a change ---------

    def _put_base(self, old: BaseSlot, new: BaseSlot | None) -> None:
        """Replace (None: remove) the base slot ``old`` in play."""
        bases = self.s.bases
        for i, b in enumerate(bases):
            if b is old:
                rest = bases[i + 1 :]
                self.s.bases = (*bases[:i], new, *rest) if new is not None else (*bases[:i], *rest)
                return
        raise LookupError(old.uid)

    def _put_minion(self, m: int, new: MinionSlot | None) -> None:
        """Replace (None: remove) the slot of minion ``m`` on its base."""
        base, old = self.board().minion[m]
        if new is None:
            minions = tuple(x for x in base.minions if x is not old)
        else:
            minions = tuple(new if x is old else x for x in base.minions)
        self._put_base(base, BaseSlot(uid=base.uid, minions=minions, actions=base.actions))

    def add_base(self, uid: int, at: int | None = None) -> None:
        """A new base in play (at index ``at``; None: last)."""
        bases = self.s.bases
        i = len(bases) if at is None else at
        self.s.bases = (*bases[:i], BaseSlot(uid=uid), *bases[i:])

    def remove_base(self, uid: int) -> int:
        """Take a base out of play (what is on it must be gone); its index."""
        b = self.board().slots[uid]
        i = next(i for i, x in enumerate(self.s.bases) if x is b)
        self._put_base(b, None)
        return i

    def rename_base(self, old: int, new: int) -> None:
        """Base ``new`` takes base ``old``'s place, with whatever is on it."""
        b = self.board().slots[old]
        self._put_base(b, BaseSlot(uid=new, minions=b.minions, actions=b.actions))

    def add_minion(self, base: int, m: MinionSlot) -> None:
        b = self.board().slots[base]
        self._put_base(b, BaseSlot(uid=b.uid, minions=(*b.minions, m), actions=b.actions))

    def add_action(self, base: int, x: Attached) -> None:
        """An action attached to a base."""
        b = self.board().slots[base]
        self._put_base(b, BaseSlot(uid=b.uid, minions=b.minions, actions=(*b.actions, x)))

    def attach(self, m: int, x: Attached) -> None:
        """An action attached to minion ``m``."""
        slot = self.board().minion[m][1]
        self._put_minion(m, MinionSlot(uid=m, controller=slot.controller, attached=(*slot.attached, x)))

    def set_controller(self, uid: int, p: int) -> None:
        """``p`` controls the minion or attached action ``uid`` (no event, no expiry)."""
        b = self.board()
        loc = b.minion.get(uid)
        if loc is not None:
            m = loc[1]
            self._put_minion(uid, MinionSlot(uid=uid, controller=p, attached=m.attached))
            return
        self._put_action(uid, lambda x: Attached(uid=x.uid, controller=p, data=x.data))

    def set_data(self, uid: int, key: str, value: Any) -> None:
        """Keep ``value`` on the attached action ``uid`` (its ``data``)."""
        self._put_action(
            uid, lambda x: Attached(uid=x.uid, controller=x.controller, data={**x.data, key: value})
        )

    def _put_action(self, uid: int, change: Callable[[Attached], Attached] | None) -> None:
        """Replace the attached action ``uid`` by ``change(it)`` (None: remove it)."""
        b = self.board()
        host, x, base = b.action[uid]
        new = change(x) if change is not None else None
        on_base = host == base.uid
        old = base.actions if on_base else b.minion[host][1].attached
        if new is None:
            after = tuple(a for a in old if a is not x)
        else:
            after = tuple(new if a is x else a for a in old)
        if on_base:
            self._put_base(base, BaseSlot(uid=base.uid, minions=base.minions, actions=after))
        else:
            m = b.minion[host][1]
            self._put_minion(host, MinionSlot(uid=host, controller=m.controller, attached=after))

    # --- leaving play ----------------------------------------------------------------

    def forget(self, m: int) -> None:
        """What minion ``m``, gone from play, leaves behind: its temporary
        effects, its talent used this turn."""
        s = self.s
        if any(t.target == m for t in s.temps):
            s.temps = tuple(t for t in s.temps if t.target != m)
        if m in s.talents:
            s.talents.remove(m)

    def take_out(self, uid: int) -> MinionSlot | Attached | None:
        """Remove a card from play (no replacement, no trigger); attached
        actions of a minion go to their owners' discard piles."""
        b = self.board()
        loc = b.minion.get(uid)
        if loc is not None:
            m = loc[1]
            self._put_minion(uid, None)
            for x in m.attached:
                self.to_discard(x.uid, from_play=True)
            self.forget(uid)
            return m
        at = b.action.get(uid)
        if at is None:
            return None
        self._put_action(uid, None)
        return at[1]

    def leave_play(self, uid: int, dest: Literal["discard", "hand", "deck", "bottom"] = "discard") -> None:
        """A card leaves play for ``dest`` (its owner's discard pile, hand, deck
        shuffled, or deck bottom).  Not a destruction: no destroy triggers."""
        if self.take_out(uid) is None:
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
        if self.ab(a).indestructible or self.attached(a) is None:
            return False
        self.take_out(a)
        self.to_discard(a, from_play=True)
        self.emit(Ev.ACTION_DESTROYED, owner=self.owner(a), card=self.cid(a))
        return True

    def destroyable_actions(self, base: int | None = None) -> list[int]:
        return [a for a in self.attached_actions(base) if not self.ab(a).indestructible]

    # --- moving, control, power ---------------------------------------------------

    def move(self, m: int, to: int, actor: int | None = None) -> bool:
        """Move a minion (with its actions) to another base.  Not a play."""
        loc = self.locate(m)
        dest = self.base_slot(to)
        if loc is None or dest is None or loc[0].uid == to:
            return False
        if actor is not None and self.protected(m, actor, "move"):
            self.emit(Ev.PROTECTED, card=self.cid(m), base=self.cid(loc[0].uid))
            return False
        self._put_minion(m, None)
        self.add_minion(to, loc[1])
        self.emit(Ev.MOVED, card=self.cid(m), from_base=self.cid(loc[0].uid), to_base=self.cid(to))
        self.fire("moved", minion=m, **{"from": loc[0].uid, "to": to})
        return True

    def take_control(self, m: int, p: int, src: str) -> bool:
        """``p`` controls minion ``m`` until the end of the turn."""
        slot = self.minion_slot(m)
        if slot is None or slot.controller == p:
            return False
        self.s.temps = (*self.s.temps, Temp(kind="control", target=m, by=p, src=src, prev=slot.controller))
        self.set_controller(m, p)
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
        if not self.is_minion_in_play(m):
            return
        temp = Temp(kind="power", target=m, by=by, src=src, amount=amount, until=until, player=by)
        self.s.temps = (*self.s.temps, temp)
        self.emit(Ev.POWER, card=self.cid(m), amount=amount)

    def transfer(self, a: int, to: int) -> bool:
        """Move an attached action onto another minion (not a play)."""
        dest = self.minion_slot(to)
        if dest is None or self.host(a) in (None, to):
            return False
        slot = self.take_out(a)
        assert isinstance(slot, Attached)
        self.attach(to, slot)
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

    def shuffle_discard_into_deck(self, p: int) -> None:
        s = self.s
        s.decks[p].extend(s.discards[p])
        s.discards[p] = []
        s.rng = rng_shuffle(s.rng, s.decks[p])

    def madness_count(self, p: int) -> int:
        s = self.s
        piles = (s.hands[p], s.decks[p], s.discards[p])
        return sum(1 for pile in piles for c in pile if s.cards[c] == MADNESS)

    # --- triggers ---------------------------------------------------------------------

    def fire(self, name: str, **data: Any) -> None:
        """Raise a trigger; the cards in play listening to it resolve after the
        current card (in an order the current player picks when it matters)."""
        task = Task.make(CORE, "fire", -1, -1, {"name": name, "data": data})
        raised = self.raised
        if raised is None:  # outside any handler: straight onto the stack
            self.s.stack.append(task)
        else:
            raised.append(task)

    def minion_choices(self, actor: int | None, how: str, cands: list[int]) -> list[int]:
        return [m for m in cands if self.can_affect(actor, m, how)]

    # --- helpers for abilities -------------------------------------------------------

    def other_bases(self, base: int | None) -> list[int]:
        return [b.uid for b in self.s.bases if b.uid != base]

    def memo_once(self, key: str) -> bool:
        """True the first time ``key`` is asked this turn (per-turn flags)."""
        if key in self.s.memo:
            return False
        self.s.memo[key] = 1
        return True
