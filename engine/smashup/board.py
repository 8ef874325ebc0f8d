"""The board index: ``Board``, where everything in play is, worked out once for
a ``bases`` tuple and kept on the state (``SmashUpState.board``: a clone
shares it for as long as it has the same tuple); ``InPlay``, the lookups
every query of what is in play starts from (``queries.Q`` builds on it).

A board may be read by several threads at once (a state handed out is read
by the event loop and may be by a search's thread): what it works out later
(the hooks, the power modifiers, the powers) is made whole before it is put
on it, each piece a value of what it is keyed by, so a reader sees it whole
or not at all.
"""

from __future__ import annotations

from engine.smashup import abilities
from engine.smashup.abilities import Ability
from engine.smashup.models import Attached, BaseSlot, MinionSlot, SmashUpState, Temp

_REGISTRY = abilities.REGISTRY


class Board:
    """Where everything in play is, worked out once for a ``bases`` tuple
    (what is in play is a value, replaced when it changes, so this stays true
    for as long as the tuple is the state's): bases by uid, each minion's base
    and slot, each attached action's host, slot and base, (uid, controller) of
    every card in play in board order, and (uid, controller, ability) of those
    with an ability.  ``powers``: (temporary effects, each minion's power,
    each minion's own power) under those effects (power reads nothing else)."""

    __slots__ = (
        "abilities",
        "action",
        "bases",
        "cards",
        "hooks",
        "listeners",
        "minion",
        "power_on",
        "powers",
        "slots",
    )

    def __init__(self, s: SmashUpState) -> None:
        slots: dict[int, BaseSlot] = {}
        minion: dict[int, tuple[BaseSlot, MinionSlot]] = {}
        action: dict[int, tuple[int, Attached, BaseSlot]] = {}
        cards: list[tuple[int, int]] = []
        for b in s.bases:
            buid = b.uid
            slots[buid] = b
            cards.append((buid, -1))
            for x in b.actions:
                action[x.uid] = (buid, x, b)
                cards.append((x.uid, x.controller))
            for m in b.minions:
                muid = m.uid
                minion[muid] = (b, m)
                cards.append((muid, m.controller))
                for x in m.attached:
                    action[x.uid] = (muid, x, b)
                    cards.append((x.uid, x.controller))
        self.bases = s.bases
        self.slots = slots
        self.minion = minion
        self.action = action
        self.cards = cards
        ids = s.cards
        get = _REGISTRY.get
        self.abilities = [(uid, ctrl, a) for uid, ctrl in cards if (a := get(ids[uid])) is not None]
        self.hooks: dict[str, list[tuple[int, int, Ability]]] = {}
        self.listeners: dict[str, list[tuple[int, int, Ability]]] = {}
        # base or minion uid -> the power modifiers it asks (``Q._power_sources``)
        self.power_on: dict[int, list[tuple[int, int, Ability]]] | None = None
        self.powers: tuple[tuple[Temp, ...], dict[int, int], dict[int, int]] = (s.temps, {}, {})


def board_of(s: SmashUpState) -> Board:
    """``s``'s board: the one it has (its own, or its original's) while it has
    the same ``bases`` tuple, else a new one, kept on it."""
    b = s.board
    if not isinstance(b, Board) or b.bases is not s.bases:
        b = Board(s)
        s.board = b
    return b


class InPlay:
    """What is in play on a state, read from its board: the bases, where each
    minion and attached action is, who controls it, and the cards in play with
    a hook.  The board is looked up again whenever ``s.bases`` is another
    tuple (what is in play changed)."""

    __slots__ = ("_board", "s")

    def __init__(self, s: SmashUpState) -> None:
        self.s = s
        self._board: Board | None = None

    def board(self) -> Board:
        """What is in play, as it stands (``board_of``)."""
        s = self.s
        b = self._board
        if b is not None and b.bases is s.bases:
            return b
        b = self._board = board_of(s)
        return b

    # --- bases and what is on them ------------------------------------------------

    def base_slot(self, buid: int) -> BaseSlot | None:
        b = self._board
        if b is None or b.bases is not self.s.bases:
            b = self.board()
        return b.slots.get(buid)

    def base_ids(self) -> list[int]:
        return [b.uid for b in self.s.bases]

    def other_bases(self, base: int | None) -> list[int]:
        return [b.uid for b in self.s.bases if b.uid != base]

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

    # --- cards in play with an ability --------------------------------------------

    def hooked(self, attr: str) -> list[tuple[int, int, Ability]]:
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
