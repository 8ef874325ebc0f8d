"""``Board``: where everything in play is, worked out once for a ``bases`` tuple
and kept on the state (``SmashUpState.board``: a clone shares it for as long
as it has the same tuple).

A board may be read by several threads at once (a state handed out is read
by the event loop and may be by a search's thread): what it works out later
(the hooks, the power modifiers, the powers) is made whole before it is put
on it, each piece a value of what it is keyed by, so a reader sees it whole
or not at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.smashup import abilities
from engine.smashup.abilities import Ability

if TYPE_CHECKING:
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
        # base or minion uid -> the power modifiers it asks (``G._power_sources``)
        self.power_on: dict[int, list[tuple[int, int, Ability]]] | None = None
        self.powers: tuple[tuple[Temp, ...], dict[int, int], dict[int, int]] = (s.temps, {}, {})


def board_of(s: SmashUpState) -> Board:
    """``s``'s board: the one it has (its own, or its original's) while it has
    the same ``bases`` tuple, else a new one, kept on it."""
    b = s.board
    if b is None or b.bases is not s.bases:
        b = s.board = Board(s)
    return b
