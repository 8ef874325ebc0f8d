"""Each player's actions and the events of every turn, made once and reused.

Actions and events are values: never changed once made, so one object serves
every state and every list of events that needs it.  ``legal`` hands out
ready-made actions, and a turn's events (a card played, a card drawn) are
looked up instead of built again on every move.  Everything is made the first
time it is asked for; ``seat(p)`` forgets every player at once when too many
were remembered (a long-running bot meets many).
"""

from __future__ import annotations

from engine.candy.cards import CHARACTER_OF, TO_DISCARD
from engine.candy.keys import Ev
from engine.candy.models import Allow, Block, Discard, NextGame, PlayToDiscard, PlayToEmpire, Protect
from engine.core import Event, Leave, event, hand_zone, kept

CARDS = len(CHARACTER_OF)
HAND_DRAW = 4  # a draw is of 1 to 3 cards
KEPT = 1024  # players remembered before the memo starts over

Group = tuple[PlayToEmpire | PlayToDiscard | Discard, ...]  # what one card allows on a turn


class Seat:
    """One player's memo.

    Per card id ``c``: ``turn[c]``, what holding it allows on one's turn besides
    protecting (into the empire, to the discard for a Thief or a Lawyer,
    discard); ``discard_only[c]``, the same when its character is banned
    (discard only); ``protects[c][t]``, paying with it to protect ``t``.  The events
    of a turn; the names of the player's zones.
    """

    __slots__ = (
        "allow",
        "block",
        "discard_only",
        "discarded",
        "discarded_open",
        "drew",
        "drew_card",
        "empire_zone",
        "for_ability",
        "hand_zone",
        "leave",
        "next_game",
        "played",
        "player",
        "protected",
        "protects",
        "turn",
    )

    def __init__(self, p: int) -> None:
        self.player = p
        self.hand_zone = hand_zone(p)  # the view's zones
        self.empire_zone = f"empire:{p}"
        self.leave = Leave(player=p)
        self.block = Block(player=p)
        self.allow = Allow(player=p)
        self.next_game = NextGame(player=p)
        self.turn: list[Group | None] = [None] * CARDS
        self.discard_only: list[Group | None] = [None] * CARDS
        self.protects: list[list[Protect | None] | None] = [None] * CARDS
        self.discarded = event(Ev.DISCARDED, player=p)
        self.played: list[Event | None] = [None] * CARDS
        self.for_ability: list[Event | None] = [None] * CARDS
        self.discarded_open: list[Event | None] = [None] * CARDS
        self.protected: list[Event | None] = [None] * CARDS
        self.drew_card: list[Event | None] = [None] * CARDS
        self.drew: list[Event | None] = [None] * HAND_DRAW

    # --- actions -------------------------------------------------------------------

    def make_turn(self, c: int) -> Group:
        p = self.player
        group: Group = (PlayToEmpire(player=p, card=c),)
        if TO_DISCARD[c]:
            group += (PlayToDiscard(player=p, card=c),)
        group += self.make_discard_only(c)
        self.turn[c] = group
        return group

    def make_discard_only(self, c: int) -> Group:
        group = self.discard_only[c]
        if group is None:
            group = self.discard_only[c] = (Discard(player=self.player, card=c),)
        return group

    def protect_row(self, c: int) -> list[Protect | None]:
        row = self.protects[c]
        if row is None:
            row = self.protects[c] = [None] * CARDS
        return row

    def make_protect(self, c: int, t: int) -> Protect:
        a = self.protect_row(c)[t] = Protect(player=self.player, card=c, protect=t)
        return a

    # --- events --------------------------------------------------------------------

    def make_played(self, c: int) -> Event:
        e = self.played[c] = event(Ev.PLAYED, player=self.player, card=c)
        return e

    def make_for_ability(self, c: int) -> Event:
        e = self.for_ability[c] = event(Ev.PLAYED_FOR_ABILITY, player=self.player, card=c)
        return e

    def make_discarded_open(self, c: int) -> Event:
        e = self.discarded_open[c] = event(Ev.DISCARDED_OPEN, player=self.player, card=c)
        return e

    def make_protected(self, c: int) -> Event:
        e = self.protected[c] = event(Ev.PROTECTED, player=self.player, card=c)
        return e

    def make_drew_card(self, c: int) -> Event:
        e = self.drew_card[c] = event(Ev.DREW_CARD, to=self.player, card=c)
        return e

    def drew_event(self, k: int) -> Event:
        if k >= HAND_DRAW:
            return event(Ev.DREW, player=self.player, count=k)
        e = self.drew[k]
        if e is None:
            e = self.drew[k] = event(Ev.DREW, player=self.player, count=k)
        return e


SEATS: dict[int, Seat] = {}  # look here first (``SEATS.get(p) or seat(p)``): no call


def seat(p: int) -> Seat:
    return kept(SEATS, p, Seat, KEPT)
