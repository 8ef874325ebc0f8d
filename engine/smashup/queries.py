"""``Q``: the queries every ability, the rules' own steps, the legal moves and the
views ask of a state (``G``, the effects, builds on them).

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
"""

from __future__ import annotations

from weakref import ref

from engine.smashup import abilities
from engine.smashup.abilities import Ability, PlayCheck
from engine.smashup.board import InPlay
from engine.smashup.cards import BASES, CARDS, MADNESS, BaseDef, CardDef
from engine.smashup.models import SmashUpState


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


def reader(s: SmashUpState) -> Q:
    """The queries of ``s``, read only (legal moves, views): ``s`` may be a
    state handed out (``sealed``), which nothing may change."""
    return Q(s)


class Q(InPlay):
    """What a state says: its cards, its players, each minion's power, what
    protects a minion and what forbids a play, the piles.  Reads only."""

    __slots__ = ()

    # --- cards --------------------------------------------------------------------

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

    # --- players ------------------------------------------------------------------

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

    # --- power --------------------------------------------------------------------

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

    def _power_sources(self, base: int, m: int) -> list[tuple[int, int, Ability]]:
        """The power modifiers minion ``m`` on ``base`` asks: those that may
        reach it (``Ability.power_reach``), in board order."""
        b = self.board()
        on = b.power_on
        if on is None:
            on = {}
            for x in self.hooked("power"):
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

    # --- protections and restrictions ---------------------------------------------

    def protected(self, m: int, actor: int | None, how: str) -> bool:
        """Whether ``how`` done to minion ``m`` by a card of ``actor`` is blocked."""
        return any(
            a.protect is not None and a.protect(self, src, m, actor, how)
            for src, _, a in self.hooked("protect")
        )

    def can_affect(self, actor: int | None, m: int, how: str) -> bool:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        return m in b.minion and not self.protected(m, actor, how)

    def minion_choices(self, actor: int | None, how: str, cands: list[int]) -> list[int]:
        return [m for m in cands if self.can_affect(actor, m, how)]

    def forbidden(self, check: PlayCheck) -> bool:
        """Whether a "can't" forbids the play: a ``forbid`` hook in play, or
        the card's own condition (``play_ok``: Shoggoth, Complete the Ritual)."""
        if not abilities.of(check.card_id).play_ok(self, check):
            return True
        return any(a.forbid is not None and a.forbid(self, src, check) for src, _, a in self.hooked("forbid"))

    def destroyable_actions(self, base: int | None = None) -> list[int]:
        return [a for a in self.attached_actions(base) if not self.ab(a).indestructible]

    # --- piles --------------------------------------------------------------------

    def hand(self, p: int) -> list[int]:
        return self.s.hands[p]

    def deck(self, p: int) -> list[int]:
        return self.s.decks[p]

    def discard(self, p: int) -> list[int]:
        return self.s.discards[p]

    def madness_count(self, p: int) -> int:
        s = self.s
        piles = (s.hands[p], s.decks[p], s.discards[p])
        return sum(1 for pile in piles for c in pile if s.cards[c] == MADNESS)
