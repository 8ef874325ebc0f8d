"""What one player (or, with no viewer, the group) may see, built from ready-made parts.

A card's view is a value made once per card.  The board — everything every
viewer sees alike — is built once per state and shared by every view of that
state: the bot draws the group's board and every player's hand after each
move.  (States are never changed once a move made them, so the state itself
names its board.)
"""

from __future__ import annotations

from typing import Any

from engine.candy import rules, table
from engine.candy.cards import CANDIES, CHARACTER_OF, TO_DISCARD
from engine.candy.models import (
    CandyState,
    CandyView,
    CardView,
    EmpireCardView,
    HandCardView,
    ReactionView,
    Step,
)
from engine.candy.seats import SEATS, seat
from engine.core import Pending

CARD_VIEWS = tuple(CardView(id=i, character=ch, candies=CANDIES[i]) for i, ch in enumerate(CHARACTER_OF))
# an empire's card as everyone sees it: unprotected, protected
_SHOWN = tuple(
    EmpireCardView(id=i, character=ch, candies=CANDIES[i], protected=False)
    for i, ch in enumerate(CHARACTER_OF)
)
_SHIELDED = tuple(
    EmpireCardView(id=i, character=ch, candies=CANDIES[i], protected=True)
    for i, ch in enumerate(CHARACTER_OF)
)
# a card of a hand that cannot move now
_IDLE = tuple(HandCardView(id=i, character=ch, candies=CANDIES[i]) for i, ch in enumerate(CHARACTER_OF))
# a card of the mover's hand: (card, may it be played, the cards it may protect) -> its view
_MOVING: dict[tuple[int, bool, tuple[int, ...]], HandCardView] = {}
MOVING_KEPT = 20_000

# the state whose board was built last, its board, and its public view once
# made: one tuple, replaced whole, so that a thread reads the three of one
# state (a search's thread and the event loop build boards alike)
_last: list[tuple[CandyState | None, dict[str, Any], CandyView | None]] = [(None, {}, None)]


def board(s: CandyState) -> dict[str, Any]:
    """The view's fields every viewer sees alike (a ``CandyView``'s keywords)."""
    last = _last[0]
    if last[0] is s:
        return last[1]
    seats, hands, empires, prot = s.seats, s.hands, s.empires, s.protected
    zones = {"deck": len(s.deck), "discard": len(s.discard)}
    for p in seats:
        me = SEATS.get(p) or seat(p)
        zones[me.hand_zone] = len(hands[p])
        zones[me.empire_zone] = len(empires[p])
    if prot:
        shown = {p: [_SHIELDED[c] if c in prot else _SHOWN[c] for c in empires[p]] for p in seats}
    else:
        shown = {p: list(map(_SHOWN.__getitem__, empires[p])) for p in seats}
    sc = rules.scores(s)
    r = s.reaction
    opts = s.options
    playing = s.phase == "playing"
    board = {
        "zone_counts": zones,
        "seq": s.seq,
        "phase": s.phase,
        "game_no": s.game_no,
        "games": rules.BIG_GAME_GAMES if opts.big_game else 1,
        "seats": list(seats),
        "left": list(s.left),
        "teams": rules.teams(s),
        "current": s.current if playing else None,
        "empires": shown,
        "scores": sc,
        "team_scores": rules.team_totals(s, sc),
        "hand_counts": {p: len(hands[p]) for p in seats},
        "deck_count": len(s.deck),
        "discard_count": len(s.discard),
        "banned": list(s.banned),
        "reaction": None
        if r is None
        else ReactionView(
            player=r.player,
            by=r.by,
            card=CARD_VIEWS[r.card],
            until_ms=r.until_ms,
            take=CARD_VIEWS[r.take] if r.take is not None else None,
        ),
        "waiting_on": table.waited(s) if playing else [],
        "deadline_ms": table.deadline(s),
        "results": list(s.results),
        "points": dict(s.points),
        "candies": dict(s.candies),
        "winners": list(s.winners),
        "defenceless": opts.defenceless,
        "no_limits": opts.no_limits,
        "open_discard": opts.open_discard,
        "reaction_window_ms": opts.reaction_window_ms,
        "turn_timer_ms": opts.turn_timer_ms,
        "away": list(s.away),
    }
    _last[0] = (s, board, None)
    return board


def view(s: CandyState, viewer: int | None, pending: Pending | None) -> CandyView:
    """``viewer``'s view (None: the group's); ``pending``: the viewer's open prompt."""
    b = board(s)
    if viewer is None:
        last = _last[0]
        if last[0] is s and last[2] is not None:
            return last[2]
    pile = list(map(CARD_VIEWS.__getitem__, s.discard)) if s.options.open_discard else None
    if viewer is None or viewer not in s.hands:
        v = CandyView(viewer=viewer, prompt=None, discard=pile, hand=None, **b)
        if viewer is None:
            _last[0] = (s, b, v)
        return v
    if pending is not None and pending.then == Step.LAWYER and pile is None:
        pile = list(map(CARD_VIEWS.__getitem__, s.discard))  # the Lawyer's owner looks through the pile
    r = s.reaction
    return CandyView(
        viewer=viewer,
        prompt=pending.prompt if pending is not None else None,
        discard=pile,
        hand=hand(s, viewer),
        can_block=r is not None and r.player == viewer and rules.can_block(s, viewer),
        **b,
    )


def hand(s: CandyState, p: int) -> list[HandCardView]:
    """``p``'s cards, each with the moves it allows now."""
    cards = s.hands[p]
    if (
        p != s.current
        or s.acted
        or s.prompts
        or s.reaction is not None
        or s.phase != "playing"
        or (s.left and p in s.left)
    ):
        return list(map(_IDLE.__getitem__, cards))
    shield = () if s.options.defenceless else rules.unprotected(s, p)
    banned = s.banned
    out = []
    for c in cards:
        allowed = not banned or CHARACTER_OF[c] not in banned
        key = (c, allowed, shield)
        v = _MOVING.get(key)
        if v is None:
            if len(_MOVING) >= MOVING_KEPT:
                _MOVING.clear()
            v = _MOVING[key] = HandCardView(
                id=c,
                character=CHARACTER_OF[c],
                candies=CANDIES[c],
                empire=allowed,
                ability=allowed and TO_DISCARD[c],
                protect=list(shield),
                discard=True,
            )
        out.append(v)
    return out
