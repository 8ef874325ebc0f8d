"""The Dobble game object: its handlers on the core's template (``engine.core.Rules``).

Dobble asks no questions (no prompts): a press is a ``Spot``, and the only
thing time does is reveal the next card when its "3-2-1" is over — a
deadline, so a press arriving after it meets the card already revealed (the
core fires every due deadline before an action).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from engine.core import ArgValue, Leave, Out, Outcome, RuleError, Rules, Wait, hand_zone, move
from engine.dobble import rules
from engine.dobble.keys import Err, Ev
from engine.dobble.models import (
    SCHEMA_VERSION,
    DobbleAction,
    DobbleOptions,
    DobbleState,
    DobbleView,
    Face,
    Spot,
    migrate,
)


@lru_cache(maxsize=4096)
def _face(card: int, symbols: tuple[int, ...], owner: int | None) -> Face:
    """A face-up card as a view shows it; a value, so built once and shared by
    every view of the reveal (the symbol order is part of the key)."""
    return Face(card=card, symbols=symbols, owner=owner)


@lru_cache(maxsize=4096)
def _leave_of(player: int) -> Leave:
    """A player's Leave, listed by every ``legal`` call: a value, made once."""
    return Leave(player=player)


@lru_cache(maxsize=4096)
def _hand(player: int) -> str:
    """A player's zone name, in every view's ``zone_counts``: made once."""
    return hand_zone(player)


class DobbleGame(Rules[DobbleState, DobbleAction, DobbleOptions]):
    name = "dobble"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    keys: ClassVar[Sequence[str]] = (*map(str, Ev), *map(str, Err))
    sample_args: ClassVar[Mapping[str, ArgValue]] = {
        "player": 1,
        "target": 2,
        "winner": 3,
        "symbol": 16,
        "count": 5,
        "points": 3,
        "mode": "catch",
        "number": 2,
        "total": 4,
        "round": 2,
        "rounds": 5,
        "min": 2,
        "max": 8,
    }
    player_args: ClassVar[frozenset[str]] = frozenset({"player", "target", "winner"})
    # a miss is told by the answer to its press: a note would cost an edit of the hand
    fleeting: ClassVar[frozenset[str]] = frozenset({Ev.WRONG})
    Options = DobbleOptions
    State = DobbleState
    bad_action = Err.BAD_ACTION
    bad_options = Err.BAD_OPTIONS
    over_key = Err.OVER
    schema_version = SCHEMA_VERSION

    # --- setting up ----------------------------------------------------------------

    def new(self, players: list[int], seed: int, options: DobbleOptions, now: int) -> tuple[DobbleState, Out]:
        return rules.new_game(players, seed, options, now)

    # --- time ----------------------------------------------------------------------

    def finished(self, s: DobbleState) -> bool:
        return s.stage == "over"

    def deadline(self, s: DobbleState) -> int | None:
        return s.reveal_at if s.stage == "countdown" else None

    def tick(self, s: DobbleState, due: int, out: Out) -> None:
        rules.reveal(s)  # the countdown is over: live, no deadline any more

    # --- what may happen -----------------------------------------------------------

    def moves(self, s: DobbleState, player: int) -> list[DobbleAction]:
        """Every press the player's screen offers (each symbol of the centre
        and of each card it may pair with, right or wrong), then Leave."""
        if s.stage == "over" or player not in s.piles:
            return []
        if s.stage != "live" or player in s.locked:
            return [_leave_of(player)]
        cards = rules.pair_cards(s, player)
        if not cards:
            return [_leave_of(player)]
        faces = s.faces
        centre = s.centre[-1]
        face = faces[centre]
        shown = s.shown
        if len(cards) == 1:
            card = cards[0]
            return [*rules.presses(player, shown, centre, card, face, faces[card]), _leave_of(player)]
        acts: list[DobbleAction] = []
        for card in cards:
            acts += rules.presses(player, shown, centre, card, face, faces[card])
        acts.append(_leave_of(player))
        return acts

    # --- the handlers --------------------------------------------------------------

    def check(self, s: DobbleState, action: Any) -> None:
        if action.player not in s.piles:
            raise RuleError(Err.NOT_A_PLAYER)

    @move(Spot)
    def _spot(self, s: DobbleState, a: Spot, now: int, out: Out) -> None:
        rules.spot(s, a, now, out)

    @move(Leave)
    def _leave(self, s: DobbleState, a: Leave, now: int, out: Out) -> None:
        rules.leave(s, a.player, now, out)

    # --- what one may see ----------------------------------------------------------

    def view(self, state: DobbleState, viewer: int | None = None) -> DobbleView:
        s = state
        piles = s.piles
        centre, tops, outer, own, pairs = _shown(s, viewer)
        zones = {"deck": len(s.deck), "centre": len(s.centre), "outer": len(s.outer), "box": len(s.box)}
        cards: dict[int, int] = {}
        for p, pile in piles.items():
            zones[_hand(p)] = cards[p] = len(pile)
        return DobbleView(
            viewer=viewer,
            zone_counts=zones,
            seq=s.seq,
            shown=s.shown,
            symbols=s.options.symbols,
            mode=s.plan[s.mode_no],
            plan=list(s.plan),
            mode_number=s.mode_no + 1,
            stage=s.stage,
            reveal_at_ms=s.reveal_at if s.stage == "countdown" else None,
            players=list(s.players),
            left=list(s.left),
            duel=list(s.duel),
            round=s.round,
            rounds=s.rounds,
            centre=centre,
            tops=tops,
            outer=outer,
            own=own,
            pairs=pairs,
            locked=list(s.locked),
            last=s.last,
            cards=cards,
            standing=s.standing.copy(),
            results=list(s.results),
            points=s.points.copy(),
            winners=list(s.winners),
        )

    def waiting(self, state: DobbleState) -> list[Wait]:
        return rules.waiting(state)

    def outcome(self, state: DobbleState) -> Outcome:
        over = state.stage == "over"
        return Outcome(
            status="over" if over else "playing",
            winners=list(state.winners) if over else [],
            scores=state.points.copy(),
            scored=state.options.mode == "match",
        )

    # --- stored by older engines ---------------------------------------------------

    def migrate(self, data: dict[str, Any]) -> dict[str, Any]:
        return migrate(data)


GAME = DobbleGame()


def _shown(
    s: DobbleState, viewer: int | None
) -> tuple[Face | None, dict[int, Face], list[Face], Face | None, list[Face]]:
    """The faces on the table once the round is live: the centre card, each
    player's top card (or, catching, the outer ring), and ``viewer``'s own
    top card with the cards ``viewer`` may pair with the centre."""
    faces = s.faces
    piles = s.piles
    centre: Face | None = None
    tops: dict[int, Face] = {}
    outer: list[Face] = []
    pairs: list[Face] = []
    own: Face | None = None
    catch = s.plan[s.mode_no] == "catch" and not s.duel
    if s.stage == "live" and s.centre:
        c = s.centre[-1]
        centre = _face(c, faces[c], None)
        if catch:
            outer = [_face(x, faces[x], None) for x in s.outer]
        else:
            for p in s.players:
                pile = piles[p]
                if pile:
                    top = pile[-1]
                    tops[p] = _face(top, faces[top], p)
        if viewer is not None and viewer in piles:
            # the same cards as rules.pair_cards, with their owners
            own = tops.get(viewer)
            if s.duel:
                pairs = [own] if own is not None and viewer in s.duel else []
            elif catch:
                pairs = outer[:]
            elif s.plan[s.mode_no] == "gift":
                pairs = [f for q, f in tops.items() if q != viewer]
            elif own is not None:
                pairs = [own]
    return centre, tops, outer, own, pairs
