"""``G``: the toolkit every ability and the rules' own steps use on a (cloned) state —
the queries (``queries.Q``), the immediate changes off the board
(``piles.Piles``) and, here, those to what is in play.

What is in play (``state.bases``) is a value: it changes only through
``G`` (``add_minion``, ``attach``, ``set_controller``, ``set_data``,
``move``, ``leave_play`` …), which replaces the slots a change touches.

Every change is immediate.  What is to happen later (a question, a
destruction, a continuation) is not done through ``G``: a handler returns
those steps (``tasks``), so it is done changing the state when it schedules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from engine.core import rng_shuffle
from engine.smashup.keys import Ev
from engine.smashup.models import Attached, BaseSlot, MinionSlot, Temp
from engine.smashup.piles import Piles


class G(Piles):
    """Everything a handler may do at once on a state (queries included)."""

    __slots__ = ()

    # --- what is in play: its slots are values, replaced along the path of a change ---

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

    # --- leaving play -------------------------------------------------------------

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
