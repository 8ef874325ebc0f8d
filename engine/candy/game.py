"""The Candy Empire game object: its handlers on the core's template (``engine.core.Rules``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.candy import abilities, rules, table, views
from engine.candy.cards import CHARACTER_OF, TO_DISCARD
from engine.candy.keys import Err, Ev, Pr
from engine.candy.models import (
    SCHEMA_VERSION,
    Allow,
    Block,
    CandyAction,
    CandyOptions,
    CandyState,
    CandyView,
    Discard,
    NextGame,
    PlayToDiscard,
    PlayToEmpire,
    Protect,
    migrate,
)
from engine.candy.seats import SEATS, seat
from engine.core import (
    Answer,
    ArgValue,
    Leave,
    Out,
    Outcome,
    Pending,
    RuleError,
    Rules,
    Wait,
    event,
    move,
    pending_of,
    resume,
)

_PLAYING = Outcome(status="playing")


class CandyGame(Rules[CandyState, CandyAction, CandyOptions]):
    name = "candy"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    keys: ClassVar[Sequence[str]] = (*map(str, Ev), *map(str, Err), *map(str, Pr))
    sample_args: ClassVar[Mapping[str, ArgValue]] = {
        "player": 1,
        "target": 2,
        "by": 3,
        "partner": 4,
        "card": 40,
        "discarded": 45,
        "character": "trader",
        "count": 2,
        "score": 23,
        "points": 3,
        "place": 2,
        "game": 2,
        "games": 5,
        "until": 5000,
        "min": 2,
        "max": 4,
    }
    # the routine draw at a turn's end: the hands' counts on the board show it
    fleeting: ClassVar[frozenset[str]] = frozenset({Ev.DREW})
    player_args: ClassVar[frozenset[str]] = frozenset({"player", "target", "by", "partner"})
    Options = CandyOptions
    State = CandyState
    bad_action = Err.BAD_ACTION
    bad_options = Err.BAD_OPTIONS
    over_key = Err.GAME_OVER
    schema_version = SCHEMA_VERSION

    # --- setting up ----------------------------------------------------------------

    def new(self, players: list[int], seed: int, options: CandyOptions, now: int) -> tuple[CandyState, Out]:
        return rules.new_game(players, seed, options, now)

    # --- time ----------------------------------------------------------------------

    def finished(self, s: CandyState) -> bool:
        return s.phase == "over"

    def deadline(self, s: CandyState) -> int | None:
        return table.deadline(s)

    # methods, not ``staticmethod(table.deadline)``: a compiled class dispatches
    # only what it defines as a method
    def next_deadline(self, s: CandyState) -> int | None:
        return table.deadline(s)

    def tick(self, s: CandyState, due: int, out: Out) -> None:
        table.fire(s, due, out)

    def settle(self, s: CandyState, now: int, out: Out) -> None:
        if s.acted and not s.prompts and s.reaction is None and s.phase == "playing":
            rules.finish_turn(s, now, out)

    # --- what may happen -----------------------------------------------------------

    def legal(self, state: CandyState, player: int) -> Sequence[CandyAction]:
        """The core's ``legal``, which asks for the player's prompt only when some
        prompt is open at all (asked after every move)."""
        if state.prompts:
            return super().legal(state, player)
        return self.moves(state, player)

    def moves(self, s: CandyState, player: int) -> list[CandyAction]:
        p = player
        if p != s.current and s.reaction is None and s.phase == "playing":  # another's turn: only leaving
            if p not in s.hands or (s.left and p in s.left):
                return []
            return [(SEATS.get(p) or seat(p)).leave]
        if s.phase != "playing":
            if s.phase == "over" or p not in s.hands or p in s.left:
                return []
            me = SEATS.get(p) or seat(p)
            return [me.next_game, me.leave]
        if p not in s.hands or (s.left and p in s.left):
            return []
        me = SEATS.get(p) or seat(p)
        r = s.reaction
        if r is not None:
            if r.player != p:
                return [me.leave]
            if rules.can_block(s, p):
                return [me.block, me.allow, me.leave]
            return [me.allow, me.leave]
        if p != s.current or s.acted or s.prompts:
            return [me.leave]
        # the turn: each card of the hand into the empire (unless banned), to the
        # discard for its ability (a Thief or a Lawyer, unless banned), discarded,
        # paid to protect each unprotected card of one's empire
        acts: list[CandyAction] = []
        turn = me.turn
        shield = () if s.options.defenceless else rules.unprotected(s, p)
        banned = s.banned
        if not shield and not banned:  # the usual early turn
            for c in s.hands[p]:
                acts += turn[c] or me.make_turn(c)
        else:
            protects = me.protects
            for c in s.hands[p]:
                if banned and CHARACTER_OF[c] in banned:
                    acts += me.discard_only[c] or me.make_discard_only(c)
                else:
                    acts += turn[c] or me.make_turn(c)
                if shield:
                    row = protects[c] or me.protect_row(c)
                    for t in shield:
                        acts.append(row[t] or me.make_protect(c, t))
        acts.append(me.leave)
        return acts

    def prompt_for(self, s: CandyState, player: int | None) -> Pending | None:
        # [decision] a Snatcher's window comes first: no prompt is answered while it is open
        if not s.prompts or s.reaction is not None:
            return None
        return pending_of(s, player)

    # --- the handlers --------------------------------------------------------------

    def check(self, s: CandyState, action: Any) -> None:
        p = action.player
        if p not in s.hands:
            raise RuleError(Err.NOT_A_PLAYER)
        if s.left and p in s.left:
            raise RuleError(Err.HAS_LEFT)
        if s.phase == "break" and type(action) is not Leave and type(action) is not NextGame:
            raise RuleError(Err.BETWEEN_GAMES)

    def before(self, s: CandyState, action: Any, now: int, out: Out) -> None:
        """Any press of a player's own: their timeouts start over, an absence ends."""
        if (s.timeouts or s.away) and type(action) is not Leave:
            table.back(s, action.player, out)

    @move(Leave)
    def _leave(self, s: CandyState, a: Leave, now: int, out: Out) -> None:
        table.leave(s, a.player, now, out)

    @move(NextGame)
    def _next_game(self, s: CandyState, a: NextGame, now: int, out: Out) -> None:
        if s.phase != "break":
            raise RuleError(Err.NOT_BETWEEN_GAMES)
        rules.next_game(s, now, out)

    @move(Block)
    def _block(self, s: CandyState, a: Block, now: int, out: Out) -> None:
        # a press at or after the window's end never finds it open: the core lets
        # the due deadline close it first, and the press hears "too late"
        p = a.player
        r = s.reaction
        if r is not None and r.player == p:
            if not rules.can_block(s, p):
                raise RuleError(Err.NEED_TWO_SNATCHERS)
            abilities.close_window(s, now, out, blocked=True)
            return
        if s.last_window == p:  # even when what it aimed at took a Snatcher: the window is what closed
            raise RuleError(Err.TOO_LATE)
        if not rules.can_block(s, p):
            raise RuleError(Err.NEED_TWO_SNATCHERS)
        raise RuleError(Err.NO_WINDOW)

    @move(Allow)
    def _allow(self, s: CandyState, a: Allow, now: int, out: Out) -> None:
        if s.reaction is None or s.reaction.player != a.player:
            raise RuleError(Err.NO_WINDOW)
        abilities.close_window(s, now, out, blocked=False)

    @staticmethod
    def _turn(s: CandyState, p: int, card: int) -> list[int]:
        """Refuse a turn move that is not ``p``'s to make now; else ``p``'s hand,
        a copy to change (a hand is replaced, never changed in place)."""
        if s.reaction is not None:
            raise RuleError(Err.WAIT_REACTION)
        if p != s.current:
            raise RuleError(Err.NOT_YOUR_TURN)
        if s.prompts:
            raise RuleError(Err.ANSWER_FIRST)
        if s.acted:  # pragma: no cover - a done turn always ends at once
            raise RuleError(Err.ALREADY_ACTED)
        hand = s.hands[p]
        if card not in hand:
            raise RuleError(Err.NOT_IN_HAND)
        return list(hand)

    @move(PlayToEmpire)
    def _play_to_empire(self, s: CandyState, a: PlayToEmpire, now: int, out: Out) -> None:
        p, card = a.player, a.card
        hand = self._turn(s, p, card)
        ch = CHARACTER_OF[card]
        if s.banned and ch in s.banned:
            raise RuleError(Err.BANNED, character=ch.value)
        hand.remove(card)
        s.hands[p] = hand
        s.empires[p] = [*s.empires[p], card]
        s.acted = True
        me = SEATS.get(p) or seat(p)
        out.append(me.played[card] or me.make_played(card))
        abilities.into_empire(s, p, card, now, out)

    @move(PlayToDiscard)
    def _play_to_discard(self, s: CandyState, a: PlayToDiscard, now: int, out: Out) -> None:
        p, card = a.player, a.card
        hand = self._turn(s, p, card)
        ch = CHARACTER_OF[card]
        if not TO_DISCARD[card]:
            raise RuleError(Err.NO_DISCARD_ABILITY, character=ch.value)
        if ch in s.banned:  # [decision] a banned Thief or Lawyer may only be discarded
            raise RuleError(Err.BANNED, character=ch.value)
        hand.remove(card)
        s.hands[p] = hand
        s.discard.append(card)
        s.acted = True
        me = SEATS.get(p) or seat(p)
        out.append(me.for_ability[card] or me.make_for_ability(card))
        abilities.to_the_discard(s, p, card, now, out)

    @move(Protect)
    def _protect(self, s: CandyState, a: Protect, now: int, out: Out) -> None:
        p, card, target = a.player, a.card, a.protect
        hand = self._turn(s, p, card)
        if s.options.defenceless:
            raise RuleError(Err.NO_PROTECTING)
        if not rules.unprotected(s, p):
            raise RuleError(Err.NOTHING_TO_PROTECT)
        if target not in s.empires[p]:
            raise RuleError(Err.NOT_IN_EMPIRE)
        if target in s.protected:
            raise RuleError(Err.ALREADY_PROTECTED)
        hand.remove(card)
        s.hands[p] = hand
        s.discard.append(card)
        s.protected = [*s.protected, target]
        s.acted = True
        if s.options.open_discard:
            out.append(event(Ev.PROTECTED_OPEN, player=p, card=target, discarded=card))
        else:
            me = SEATS.get(p) or seat(p)
            out.append(me.protected[target] or me.make_protected(target))

    @move(Discard)
    def _discard(self, s: CandyState, a: Discard, now: int, out: Out) -> None:
        p, card = a.player, a.card
        hand = self._turn(s, p, card)
        hand.remove(card)
        s.hands[p] = hand
        s.discard.append(card)
        s.acted = True
        me = SEATS.get(p) or seat(p)
        if s.options.open_discard:
            out.append(me.discarded_open[card] or me.make_discarded_open(card))
        else:
            out.append(me.discarded)

    # --- answers to prompts: each ability's step -----------------------------------

    @resume(*abilities.STEPS)
    def _step(self, s: CandyState, x: Pending, a: Answer, now: int, out: Out) -> None:
        abilities.STEPS[x.then](s, x, a.picks, now, out)

    # --- what one may see ----------------------------------------------------------

    def view(self, state: CandyState, viewer: int | None = None) -> CandyView:
        pending = self.prompt_for(state, viewer) if viewer is not None else None
        return views.view(state, viewer, pending)

    def waiting(self, s: CandyState) -> list[Wait]:
        return table.waiting(s)

    def outcome(self, state: CandyState) -> Outcome:
        """Playing, or over with the winners and the final scores (each partner
        has the team's total; a big game counts its points, also while played).
        The running candies of a game being played are the view's (``scores``),
        not the outcome's: the outcome is asked after every move, and costs
        nothing then."""
        s = state
        if s.phase != "over":
            return Outcome(status="playing", scores=dict(s.points)) if s.options.big_game else _PLAYING
        if s.options.big_game:
            scores = dict(s.points)
        else:
            sc = s.results[-1].scores if s.results else rules.scores(s)
            totals = rules.team_totals(s, sc)
            ts = rules.teams(s)
            if ts is not None and totals is not None:
                scores = {p: totals[i] for i, team in enumerate(ts) for p in team}
            else:
                scores = {p: sc[p].total for p in s.seats}
        return Outcome(status="over", winners=list(s.winners), scores=scores)

    # --- stored by older engines ---------------------------------------------------

    def migrate(self, data: dict[str, Any]) -> dict[str, Any]:
        return migrate(data)


GAME = CandyGame()
