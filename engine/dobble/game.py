"""The Dobble game object: the one door through which a Dobble state changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import TypeAdapter

from engine.core import ArgValue, Event, Models, Outcome, RuleError, Tick, Wait, hand_zone
from engine.dobble import rules
from engine.dobble.keys import Err, Ev
from engine.dobble.models import (
    DobbleAction,
    DobbleOptions,
    DobbleState,
    DobbleView,
    Face,
    Leave,
    PlayerAction,
    Spot,
)

_ACTION = TypeAdapter(DobbleAction)


class DobbleGame(Models[DobbleState, DobbleOptions]):
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
    Options = DobbleOptions
    State = DobbleState
    _actions = _ACTION
    _bad_action = Err.BAD_ACTION
    _bad_options = Err.BAD_OPTIONS

    # --- setting up --------------------------------------------------------

    def start(
        self, players: list[int], seed: int, options: Any = None, now_ms: int = 0
    ) -> tuple[DobbleState, list[Event]]:
        players = self._players(players)
        return rules.new_game(list(players), int(seed), self.options(options), int(now_ms))

    # --- what may happen ---------------------------------------------------

    def legal(self, state: DobbleState, player: int) -> list[Any]:
        """Every press the player's screen offers (each symbol of the centre
        and of each card it may pair with, right or wrong), then Leave."""
        s = state
        if s.stage == "over" or player not in s.piles:
            return []
        acts: list[Any] = []
        if player not in s.locked:
            cards = rules.pair_cards(s, player)
            if cards:
                centre = s.centre[-1]
                for card in cards:
                    for symbol in rules.buttons(s, card):
                        acts.append(
                            Spot.model_construct(
                                player=player, symbol=symbol, centre=centre, card=card, shown=s.shown
                            )
                        )
        acts.append(Leave.model_construct(player=player))
        return acts

    # --- the one door ------------------------------------------------------

    def apply(self, state: DobbleState, action: Any, now_ms: int) -> tuple[DobbleState, list[Event]]:
        if not isinstance(action, PlayerAction | Tick):
            action = self.parse_action(action)
        now = max(int(now_ms), state.clock_ms)
        out: list[Event] = []
        if isinstance(action, Tick):
            if action.now_ms is not None:
                now = max(now, action.now_ms)
            due = rules.deadline(state)
            if due is None or due > now:
                return state, out
            s = state.clone()
            rules.fire(s, now)
            s.clock_ms = now
            s.seq += 1
            return s, out
        if state.stage == "over":
            raise RuleError(Err.OVER)
        if action.player not in state.piles:
            raise RuleError(Err.NOT_A_PLAYER)
        s = state.clone()
        if isinstance(action, Spot):
            rules.spot(s, action, now, out)
        else:
            rules.leave(s, action.player, now, out)
        s.clock_ms = now
        s.seq += 1
        return s, out

    # --- what one may see --------------------------------------------------

    def view(self, state: DobbleState, viewer: int | None = None) -> DobbleView:
        s = state
        shown = s.stage == "live" and bool(s.centre)
        faces = s.faces

        def face(card: int, owner: int | None = None) -> Face:
            return Face(card=card, symbols=list(faces[card]), owner=owner)

        centre = face(s.centre[-1]) if shown else None
        tops: dict[int, Face] = {}
        outer: list[Face] = []
        if shown:
            if s.mode == "catch" and not s.duel:
                outer = [face(c) for c in s.outer]
            else:
                tops = {p: face(s.piles[p][-1], p) for p in s.players if s.piles[p]}
        seated = viewer is not None and viewer in s.piles
        own = tops.get(viewer) if seated and viewer is not None else None
        pairs: list[Face] = []
        if seated and viewer is not None:
            pairs = [face(c, rules.owner(s, c)) for c in rules.pair_cards(s, viewer)]
        zones = {"deck": len(s.deck), "centre": len(s.centre), "outer": len(s.outer), "box": len(s.box)}
        zones.update((hand_zone(p), len(c)) for p, c in s.piles.items())
        return DobbleView(
            viewer=viewer,
            zone_counts=zones,
            seq=s.seq,
            shown=s.shown,
            symbols=s.options.symbols,
            mode=s.mode,
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
            last=s.last.model_copy() if s.last is not None else None,
            cards={p: len(c) for p, c in s.piles.items()},
            standing=dict(s.standing),
            results=[r.model_copy() for r in s.results],
            points=dict(s.points),
            winners=list(s.winners),
        )

    def next_deadline(self, state: DobbleState) -> int | None:
        return rules.deadline(state)

    def waiting(self, state: DobbleState) -> list[Wait]:
        return rules.waiting(state)

    def outcome(self, state: DobbleState) -> Outcome:
        over = state.stage == "over"
        return Outcome(
            status="over" if over else "playing",
            winners=list(state.winners) if over else [],
            scores=dict(state.points),
        )


GAME = DobbleGame()
