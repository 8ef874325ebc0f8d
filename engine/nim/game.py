"""Nim's rules on the core's template (``engine.core.Rules``); a § is a section of
docs/rules/nim.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import (
    ArgValue,
    Leave,
    Out,
    Outcome,
    PlayerAction,
    RuleError,
    Rules,
    State,
    View,
    Wait,
    event,
    hand_zone,
    move,
    record,
    rng_below,
    rng_seed,
    wait,
)
from engine.nim.keys import Err, Ev


class NimOptions(BaseModel):
    """The table's options, each with its default (the lobby's buttons change them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cards: int = Field(21, ge=5, le=60)  # the pile at the start
    most: int = Field(3, ge=2, le=5)  # the most cards one may take at once
    turn_timer_ms: int = Field(30_000, ge=0, le=600_000)  # 0: no timer


@record
class NimState(State):
    game: Literal["nim"] = "nim"
    options: NimOptions
    players: list[int]  # still at the table, in turn order
    pile: int
    taken: dict[int, int]  # each player's cards
    turn: int = 0  # index into players
    until: int | None = None  # when the turn timer runs out
    winner: int | None = None


@record(value=True)
class Take(PlayerAction):
    type: Literal["take"] = "take"
    count: int


NimAction = Take | Leave  # every action the game takes (with prompts: `| Answer`)


@record(value=True)
class NimView(View):
    pile: int
    players: list[int]
    taken: dict[int, int]
    current: int | None
    winner: int | None


class NimGame(Rules[NimState, NimAction, NimOptions]):
    name = "nim"
    min_players = 2
    max_players = 6
    keys: ClassVar[Sequence[str]] = (*map(str, Ev), *map(str, Err))
    sample_args: ClassVar[Mapping[str, ArgValue]] = {"player": 1, "count": 2, "left": 7, "min": 2, "max": 6}
    State = NimState
    Options = NimOptions
    bad_action = Err.BAD_ACTION
    bad_options = Err.BAD_OPTIONS
    over_key = Err.OVER

    def new(self, players: list[int], seed: int, options: NimOptions, now: int) -> tuple[NimState, Out]:
        if len(set(players)) != len(players) or not self.min_players <= len(players) <= self.max_players:
            raise RuleError(Err.PLAYER_COUNT, min=self.min_players, max=self.max_players)
        _, first = rng_below(rng_seed(seed), len(players))  # §1 who starts: drawn by lot
        s = NimState(
            options=options,
            players=players,
            pile=options.cards,
            taken={p: 0 for p in players},
            turn=first,
            clock_ms=now,
        )
        s.until = self._timer(s, now)
        return s, []

    def _timer(self, s: NimState, now: int) -> int | None:
        return now + s.options.turn_timer_ms if s.options.turn_timer_ms else None

    # --- what may happen ---------------------------------------------------------

    def finished(self, s: NimState) -> bool:
        return s.winner is not None

    def moves(self, s: NimState, player: int) -> list[NimAction]:
        if s.winner is not None or player not in s.taken:
            return []
        if player != s.players[s.turn]:
            return [Leave(player=player)]
        most = min(s.options.most, s.pile)
        return [*(Take(player=player, count=n) for n in range(1, most + 1)), Leave(player=player)]

    @move(Take)  # §2
    def _take(self, s: NimState, a: Take, now: int, out: Out) -> None:
        if a.player not in s.taken or a.player != s.players[s.turn]:
            raise RuleError(Err.NOT_YOUR_TURN)
        most = min(s.options.most, s.pile)
        if not 1 <= a.count <= most:
            raise RuleError(Err.TOO_MANY, max=most)
        self._take_cards(s, a.player, a.count, now, out)

    @move(Leave)  # §5
    def _leave(self, s: NimState, a: Leave, now: int, out: Out) -> None:
        if a.player not in s.taken:
            raise RuleError(Err.NOT_YOUR_TURN)
        count = s.taken.pop(a.player)
        s.pile += count  # their cards go back on the pile
        out.append(event(Ev.PLAYER_LEFT, player=a.player, count=count))
        i = s.players.index(a.player)
        theirs = i == s.turn  # it was their turn: the next player's begins
        s.players.remove(a.player)
        if i < s.turn:
            s.turn -= 1
        s.turn %= len(s.players)
        if len(s.players) == 1:
            self._win(s, s.players[0], out)
        elif theirs:
            s.until = self._timer(s, now)

    def _take_cards(self, s: NimState, player: int, count: int, now: int, out: Out) -> None:
        s.pile -= count
        s.taken[player] += count
        out.append(event(Ev.TOOK, player=player, count=count, left=s.pile))
        if s.pile == 0:  # §3
            self._win(s, player, out)
            return
        s.turn = (s.turn + 1) % len(s.players)
        s.until = self._timer(s, now)

    def _win(self, s: NimState, player: int, out: Out) -> None:
        s.winner, s.until = player, None
        out.append(event(Ev.WON, player=player))

    # --- time ----------------------------------------------------------------------

    def deadline(self, s: NimState) -> int | None:
        return s.until

    def tick(self, s: NimState, due: int, out: Out) -> None:
        player = s.players[s.turn]  # §4 their turn ran out: one card taken for them
        out.append(event(Ev.TIMED_OUT, player=player))
        self._take_cards(s, player, 1, due, out)

    # --- what one may see ------------------------------------------------------------

    def view(self, state: NimState, viewer: int | None = None) -> NimView:
        s = state
        zones = {"pile": s.pile, **{hand_zone(p): n for p, n in s.taken.items()}}
        return NimView(
            viewer=viewer,
            zone_counts=zones,
            pile=s.pile,
            players=list(s.players),
            taken=dict(s.taken),
            current=None if s.winner is not None else s.players[s.turn],
            winner=s.winner,
        )

    def waiting(self, state: NimState) -> list[Wait]:
        if state.winner is None:
            return [wait("turn", [state.players[state.turn]], state.until)]
        return []

    def outcome(self, state: NimState) -> Outcome:
        if state.winner is None:
            return Outcome(status="playing")
        scores = {p: int(p == state.winner) for p in state.players}
        return Outcome(status="over", winners=[state.winner], scores=scores, scored=False)


GAME = NimGame()
