"""The Candy Empire game object: the one door through which a Candy Empire state changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import TypeAdapter

from engine.candy import abilities, rules, table
from engine.candy.cards import CANDIES, CHARACTER_OF, Character
from engine.candy.keys import Err, Ev, Pr
from engine.candy.models import (
    Allow,
    Block,
    CandyAction,
    CandyOptions,
    CandyState,
    CandyView,
    CardView,
    Discard,
    EmpireCardView,
    HandCardView,
    Leave,
    NextGame,
    PlayerAction,
    PlayToDiscard,
    PlayToEmpire,
    Protect,
    ReactionView,
)
from engine.core import (
    Answer,
    ArgValue,
    Event,
    Models,
    Outcome,
    RuleError,
    Tick,
    Wait,
    answers,
    check_answer,
    event,
    hand_zone,
)

_ACTION = TypeAdapter(CandyAction)
_CARD_VIEWS = tuple(CardView(id=i, character=ch, candies=CANDIES[i]) for i, ch in enumerate(CHARACTER_OF))
FOR_ABILITY = (Character.CANDY_THIEF, Character.LAWYER)  # may be played to the discard
MAX_TICKS = 10_000


class CandyGame(Models[CandyState, CandyOptions]):
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
    Options = CandyOptions
    State = CandyState
    _actions = _ACTION
    _bad_action = Err.BAD_ACTION
    _bad_options = Err.BAD_OPTIONS

    # --- setting up --------------------------------------------------------

    def start(
        self, players: list[int], seed: int, options: Any = None, now_ms: int = 0
    ) -> tuple[CandyState, list[Event]]:
        players = self._players(players)
        return rules.new_game(list(players), int(seed), self.options(options), now_ms)

    # --- what may happen ---------------------------------------------------

    def legal(self, state: CandyState, player: int) -> list[Any]:
        s = state
        p = player
        if s.phase == "over" or p not in s.hands or p in s.left:
            return []
        if s.phase == "break":
            return [NextGame.model_construct(player=p), Leave.model_construct(player=p)]
        acts: list[Any] = []
        r = s.reaction
        if r is not None:
            if r.player == p:
                if rules.can_block(s, p):
                    acts.append(Block.model_construct(player=p))
                acts.append(Allow.model_construct(player=p))
        else:
            step = abilities.step_of(s, p)
            if step is not None:
                acts.extend(answers(step.prompt))
            elif p == s.current and not s.acted and not s.steps:
                acts.extend(self._turn_moves(s, p))
        acts.append(Leave.model_construct(player=p))
        return acts

    @staticmethod
    def _turn_moves(s: CandyState, p: int) -> list[Any]:
        acts: list[Any] = []
        shield = [] if s.options.defenceless else rules.unprotected(s, p)
        for card in s.hands[p]:
            ch = CHARACTER_OF[card]
            if ch not in s.banned:
                acts.append(PlayToEmpire.model_construct(player=p, card=card))
                if ch in FOR_ABILITY:
                    acts.append(PlayToDiscard.model_construct(player=p, card=card))
            acts.extend(Protect.model_construct(player=p, card=card, protect=t) for t in shield)
            acts.append(Discard.model_construct(player=p, card=card))
        return acts

    # --- the one door ------------------------------------------------------

    def apply(self, state: CandyState, action: Any, now_ms: int) -> tuple[CandyState, list[Event]]:
        if not isinstance(action, PlayerAction | Tick):
            action = self.parse_action(action)
        now = max(int(now_ms), state.clock_ms)
        out: list[Event] = []
        if isinstance(action, Tick):
            if action.now_ms is not None:
                now = max(now, action.now_ms)
            due = table.deadline(state)
            if due is None or due > now:
                return state, out
            s = state.clone()
            for _ in range(MAX_TICKS):
                if due is None or due > now:
                    break
                table.fire(s, due, out)
                due = table.deadline(s)
            s.clock_ms = now
            s.seq += 1
            return s, out

        p = action.player
        if state.phase == "over":
            raise RuleError(Err.GAME_OVER)
        if p not in state.hands:
            raise RuleError(Err.NOT_A_PLAYER)
        if p in state.left:
            raise RuleError(Err.HAS_LEFT)
        s = state.clone()
        if isinstance(action, Leave):
            table.leave(s, p, now, out)
        elif isinstance(action, NextGame):
            if s.phase != "break":
                raise RuleError(Err.NOT_BETWEEN_GAMES)
            rules.next_game(s, now, out)
        elif s.phase == "break":
            raise RuleError(Err.BETWEEN_GAMES)
        elif isinstance(action, Answer):
            step = abilities.step_of(s, p)
            check_answer(step.prompt if step is not None else None, action)
            assert step is not None
            abilities.answer(s, step, list(action.picks), now, out)
        elif isinstance(action, Block):
            self._block(s, p, now, out)
        elif isinstance(action, Allow):
            if s.reaction is None or s.reaction.player != p:
                raise RuleError(Err.NO_WINDOW)
            abilities.close_window(s, now, out, blocked=False)
        else:
            self._turn(s, action, now, out)
        rules.settle(s, now, out)
        s.clock_ms = now
        s.seq += 1
        return s, out

    @staticmethod
    def _block(s: CandyState, p: int, now: int, out: list[Event]) -> None:
        r = s.reaction
        if r is not None and r.player == p:
            if now > r.until_ms:
                raise RuleError(Err.TOO_LATE)
            if not rules.can_block(s, p):
                raise RuleError(Err.NEED_TWO_SNATCHERS)
            abilities.close_window(s, now, out, blocked=True)
            return
        if s.last_window == p:  # even when what it aimed at took a Snatcher: the window is what closed
            raise RuleError(Err.TOO_LATE)
        if not rules.can_block(s, p):
            raise RuleError(Err.NEED_TWO_SNATCHERS)
        raise RuleError(Err.NO_WINDOW)

    @staticmethod
    def _turn(s: CandyState, action: Any, now: int, out: list[Event]) -> None:
        p: int = action.player
        if s.reaction is not None:
            raise RuleError(Err.WAIT_REACTION)
        if p != s.current:
            raise RuleError(Err.NOT_YOUR_TURN)
        if s.steps:
            raise RuleError(Err.ANSWER_FIRST)
        if s.acted:  # pragma: no cover - a done turn always ends at once
            raise RuleError(Err.ALREADY_ACTED)
        card: int = action.card
        hand = s.hands[p]
        if card not in hand:
            raise RuleError(Err.NOT_IN_HAND)
        ch = CHARACTER_OF[card]
        open_pile = s.options.open_discard
        if isinstance(action, PlayToEmpire):
            if ch in s.banned:
                raise RuleError(Err.BANNED, character=ch.value)
            hand.remove(card)
            s.empires[p].append(card)
            s.acted = True
            out.append(event(Ev.PLAYED, player=p, card=card))
            abilities.into_empire(s, p, card, now, out)
        elif isinstance(action, PlayToDiscard):
            if ch not in FOR_ABILITY:
                raise RuleError(Err.NO_DISCARD_ABILITY, character=ch.value)
            if ch in s.banned:  # [decision] a banned Thief or Lawyer may only be discarded
                raise RuleError(Err.BANNED, character=ch.value)
            hand.remove(card)
            s.discard.append(card)
            s.acted = True
            out.append(event(Ev.PLAYED_FOR_ABILITY, player=p, card=card))
            abilities.to_the_discard(s, p, card, now, out)
        elif isinstance(action, Protect):
            if s.options.defenceless:
                raise RuleError(Err.NO_PROTECTING)
            if not rules.unprotected(s, p):
                raise RuleError(Err.NOTHING_TO_PROTECT)
            if action.protect not in s.empires[p]:
                raise RuleError(Err.NOT_IN_EMPIRE)
            if action.protect in s.protected:
                raise RuleError(Err.ALREADY_PROTECTED)
            hand.remove(card)
            s.discard.append(card)
            s.protected.append(action.protect)
            s.acted = True
            if open_pile:
                out.append(event(Ev.PROTECTED_OPEN, player=p, card=action.protect, discarded=card))
            else:
                out.append(event(Ev.PROTECTED, player=p, card=action.protect))
        elif isinstance(action, Discard):
            hand.remove(card)
            s.discard.append(card)
            s.acted = True
            if open_pile:
                out.append(event(Ev.DISCARDED_OPEN, player=p, card=card))
            else:
                out.append(event(Ev.DISCARDED, player=p))
        else:  # pragma: no cover - the union is exhaustive
            raise RuleError(Err.BAD_ACTION)

    # --- what one may see --------------------------------------------------

    def view(self, state: CandyState, viewer: int | None = None) -> CandyView:
        s = state
        seated = viewer is not None and viewer in s.hands
        sc = rules.scores(s)
        zones = {"deck": len(s.deck), "discard": len(s.discard)}
        for p in s.seats:
            zones[hand_zone(p)] = len(s.hands[p])
            zones[f"empire:{p}"] = len(s.empires[p])
        step = abilities.step_of(s, viewer) if seated and viewer is not None else None
        discard: list[CardView] | None = None
        if s.options.open_discard or (step is not None and step.kind == "lawyer"):
            discard = [_CARD_VIEWS[c] for c in s.discard]  # the Lawyer's owner looks through the pile
        r = s.reaction
        reaction = (
            ReactionView(
                player=r.player,
                by=r.by,
                card=_CARD_VIEWS[r.card],
                until_ms=r.until_ms,
                take=_CARD_VIEWS[r.take] if r.take is not None else None,
            )
            if r is not None
            else None
        )
        prot = set(s.protected)
        return CandyView(
            viewer=viewer,
            zone_counts=zones,
            prompt=step.prompt if step is not None else None,
            seq=s.seq,
            phase=s.phase,
            game_no=s.game_no,
            games=rules.BIG_GAME_GAMES if s.options.big_game else 1,
            seats=list(s.seats),
            left=list(s.left),
            teams=rules.teams(s),
            current=s.current if s.phase == "playing" else None,
            empires={
                p: [
                    EmpireCardView(id=c, character=CHARACTER_OF[c], candies=CANDIES[c], protected=c in prot)
                    for c in s.empires[p]
                ]
                for p in s.seats
            },
            scores=sc,
            team_scores=rules.team_totals(s, sc),
            hand_counts={p: len(s.hands[p]) for p in s.seats},
            deck_count=len(s.deck),
            discard_count=len(s.discard),
            discard=discard,
            banned=list(s.banned),
            reaction=reaction,
            waiting_on=table.waited(s) if s.phase == "playing" else [],
            deadline_ms=table.deadline(s),
            results=list(s.results),
            points=dict(s.points),
            candies=dict(s.candies),
            winners=list(s.winners),
            defenceless=s.options.defenceless,
            no_limits=s.options.no_limits,
            open_discard=s.options.open_discard,
            reaction_window_ms=s.options.reaction_window_ms,
            turn_timer_ms=s.options.turn_timer_ms,
            hand=self._hand(s, viewer) if seated and viewer is not None else None,
            can_block=r is not None and r.player == viewer and rules.can_block(s, r.player),
        )

    @staticmethod
    def _hand(s: CandyState, p: int) -> list[HandCardView]:
        moves = (
            s.phase == "playing"
            and p == s.current
            and p not in s.left
            and not s.acted
            and not s.steps
            and s.reaction is None
        )
        shield = rules.unprotected(s, p) if moves and not s.options.defenceless else []
        out = []
        for c in s.hands[p]:
            ch = CHARACTER_OF[c]
            allowed = moves and ch not in s.banned
            out.append(
                HandCardView(
                    id=c,
                    character=ch,
                    candies=CANDIES[c],
                    empire=allowed,
                    ability=allowed and ch in FOR_ABILITY,
                    protect=list(shield),
                    discard=moves,
                )
            )
        return out

    def next_deadline(self, state: CandyState) -> int | None:
        return table.deadline(state)

    def waiting(self, state: CandyState) -> list[Wait]:
        return table.waiting(state)

    def outcome(self, state: CandyState) -> Outcome:
        s = state
        status = "over" if s.phase == "over" else "playing"
        if s.options.big_game:
            scores = dict(s.points)
        else:
            sc = s.results[-1].scores if s.phase == "over" and s.results else rules.scores(s)
            totals = rules.team_totals(s, sc)
            ts = rules.teams(s)
            if ts is not None and totals is not None:
                scores = {p: totals[i] for i, team in enumerate(ts) for p in team}
            else:
                scores = {p: sc[p].total for p in s.seats}
        return Outcome(status=status, winners=list(s.winners) if status == "over" else [], scores=scores)


GAME = CandyGame()
