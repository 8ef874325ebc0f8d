"""The Svintus game object: the one door through which a Svintus state changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import TypeAdapter

from engine.core import (
    Answer,
    ArgValue,
    Event,
    Models,
    Outcome,
    RuleError,
    Tick,
    Wait,
    check_answer,
    event,
    hand_zone,
)
from engine.svintus import abilities, rules
from engine.svintus.animals import ANIMALS, GIVE, TAKE
from engine.svintus.cards import CARDS, COLORS
from engine.svintus.keys import Err, Ev, Pr
from engine.svintus.models import (
    AbilityView,
    Accept,
    CardView,
    Catch,
    ChooseColor,
    Declare,
    Draw,
    Join,
    Leave,
    NextRound,
    Pass,
    PickAnimal,
    Play,
    PlayerAction,
    RaceView,
    React,
    Slap,
    Speak,
    SvintusAction,
    SvintusOptions,
    SvintusState,
    SvintusView,
    UseAbility,
)

_ACTION = TypeAdapter(SvintusAction)
_CARD_VIEWS = tuple(CardView(id=c.id, color=c.color, kind=c.kind, value=c.value) for c in CARDS)


class SvintusGame(Models[SvintusState, SvintusOptions]):
    name = "svintus"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    keys: ClassVar[Sequence[str]] = (*map(str, Ev), *map(str, Err), *map(str, Pr))
    sample_args: ClassVar[Mapping[str, ArgValue]] = {
        "player": 1,
        "target": 2,
        "catcher": 3,
        "from_player": 4,
        "card": 5,
        "count": 5,
        "points": 21,
        "score": 22,
        "round": 2,
        "place": 3,
        "clockwise": False,
        "color": "green",
        "until": 1000,
        "min": 2,
        "max": 10,
        "animal": "hedgehog",
        "mine": 3,
        "cards": [1, 2],
        "given": 6,
        "least": 1,
        "most": 2,
    }
    Options = SvintusOptions
    State = SvintusState
    _actions = _ACTION
    _bad_action = Err.BAD_ACTION
    _bad_options = Err.BAD_OPTIONS

    # --- setting up --------------------------------------------------------

    def start(
        self, players: list[int], seed: int, options: Any = None, now_ms: int = 0
    ) -> tuple[SvintusState, list[Event]]:
        """A new match: with Metamorphoses and chosen animals it opens in its setup
        phase (everyone picks an animal), otherwise with the first round dealt."""
        players = self._players(players)
        return rules.new_match(list(players), int(seed), self.options(options), now_ms)

    # --- what may happen ---------------------------------------------------

    def legal(self, state: SvintusState, player: int) -> list[Any]:
        s = state
        if s.phase == "match_over":
            return []
        if s.phase == "setup":
            if player not in s.hands:
                return []
            taken = set(s.animals.values())
            picks: list[Any] = [
                PickAnimal.model_construct(player=player, animal=a) for a in ANIMALS if a not in taken
            ]
            return [*picks, Leave.model_construct(player=player)]
        if player not in s.hands:
            if s.phase == "round_over" and len(s.seats) < rules.MAX_PLAYERS:
                return [Join.model_construct(player=player)]
            return []
        if s.phase == "round_over":
            return [NextRound.model_construct(player=player), Leave.model_construct(player=player)]
        acts: list[Any] = []
        hand = s.hands[player]
        race = s.race
        if race is not None:
            if player in race.players and player not in race.pressed:
                acts.append(Slap.model_construct(player=player))
        else:
            top = s.pile[-1]
            for card in hand:
                if rules.classify_play(s, player, card)[0] is not None:
                    acts.append(Play.model_construct(player=player, card=card, on=top))
            run = s.ability
            if run is not None:
                acts.extend(abilities.legal_answers(s, player))
            elif player == s.current:
                if s.animals and abilities.unavailable(s, player) is None:
                    acts.append(UseAbility.model_construct(player=player))
                if s.attack is not None:
                    acts.append(Accept.model_construct(player=player))
                elif s.awaiting_color:
                    acts.extend(ChooseColor.model_construct(player=player, color=c) for c in COLORS)
                elif s.drawn:
                    if rules.can_pass(s, player) is None:
                        acts.append(Pass.model_construct(player=player))
                elif rules.can_draw(s, player) is None:
                    acts.append(Draw.model_construct(player=player))
        if any(d.player == player for d in s.duties):
            acts.append(React.model_construct(player=player))
        if len(hand) == 1 and player not in s.declared:
            acts.append(Declare.model_construct(player=player))
        if rules.catchable(s, player):
            acts.append(Catch.model_construct(player=player))
        if s.silence is not None and s.options.hush_counts_messages:
            acts.append(Speak.model_construct(player=player))
        acts.append(Leave.model_construct(player=player))
        return acts

    # --- the one door ------------------------------------------------------

    def apply(self, state: SvintusState, action: Any, now_ms: int) -> tuple[SvintusState, list[Event]]:
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
            for _ in range(100_000):
                if due is None or due > now:
                    break
                rules.fire(s, due, out)
                rules.settle(s, due, out)
                due = rules.deadline(s)
            s.clock_ms = now
            rules.sync_one_card(s, now)
            s.seq += 1
            return s, out

        p = action.player
        if state.phase == "match_over":
            raise RuleError(Err.MATCH_OVER)
        s = state.clone()
        if s.phase == "setup" and not isinstance(action, PickAnimal | Leave):
            raise RuleError(Err.SETUP_ON)
        if isinstance(action, Join):
            if s.phase != "round_over":
                raise RuleError(Err.NOT_BETWEEN_ROUNDS)
            if p in s.hands:
                raise RuleError(Err.ALREADY_SEATED)
            if len(s.seats) >= rules.MAX_PLAYERS:
                raise RuleError(Err.TABLE_FULL)
            rules.join(s, p, out)
        else:
            if p not in s.hands:
                raise RuleError(Err.NOT_A_PLAYER)
            self._dispatch(s, action, now, out)
            rules.settle(s, now, out)
        s.clock_ms = now
        rules.sync_one_card(s, now)
        s.seq += 1
        return s, out

    def _dispatch(self, s: SvintusState, action: Any, now: int, out: list[Event]) -> None:
        p: int = action.player
        if isinstance(action, Leave):
            rules.leave(s, p, now, out)
            return
        if isinstance(action, PickAnimal):
            if s.phase != "setup":
                raise RuleError(Err.NOT_SETUP)
            rules.pick_animal(s, p, action.animal, now, out)
            return
        if s.phase == "round_over":
            if isinstance(action, NextRound):
                self._back(s, p, out)
                rules.start_round(s, now, out)
                return
            raise RuleError(Err.ROUND_OVER)
        if isinstance(action, NextRound):
            raise RuleError(Err.NOT_BETWEEN_ROUNDS)
        if isinstance(action, Play):
            if action.on != s.pile[-1]:
                raise RuleError(Err.TOO_LATE)
            mode, err = rules.classify_play(s, p, action.card)
            if mode is None:
                assert err is not None
                raise RuleError(err)
            self._back(s, p, out)
            rules.play(s, p, action.card, mode, now, out)
        elif isinstance(action, Draw):
            err = rules.can_draw(s, p)
            if err is not None:
                raise RuleError(err)
            self._back(s, p, out)
            rules.draw(s, p, now, out)
        elif isinstance(action, Pass):
            err = rules.can_pass(s, p)
            if err is not None:
                raise RuleError(err)
            self._back(s, p, out)
            rules.pass_turn(s, p, now, out)
        elif isinstance(action, Accept):
            if s.race is not None:
                raise RuleError(Err.RACE_ON)
            if s.attack is None or s.attack.target != p:
                raise RuleError(Err.NOTHING_TO_ACCEPT)
            self._back(s, p, out)
            rules.accept(s, p, now, out)
        elif isinstance(action, ChooseColor):
            if s.race is not None:
                raise RuleError(Err.RACE_ON)
            if not s.awaiting_color or s.current != p:
                raise RuleError(Err.NO_COLOR_TO_CHOOSE)
            self._back(s, p, out)
            if s.silence is not None:  # naming a colour aloud breaks the silence
                rules.penalty(s, p, Ev.PENALTY_SILENCE, out)
            rules.choose_color(s, p, action.color, now, out)
        elif isinstance(action, Declare):
            if len(s.hands[p]) != 1 or p in s.declared:
                raise RuleError(Err.CANNOT_DECLARE)
            self._back(s, p, out)
            s.declared.append(p)
            out.append(event(Ev.DECLARED, player=p))
            if s.silence is not None:
                rules.penalty(s, p, Ev.PENALTY_SILENCE, out)
        elif isinstance(action, Catch):
            if not rules.catchable(s, p):
                raise RuleError(Err.NOBODY_TO_CATCH)
            self._back(s, p, out)
            rules.catch(s, p, now, out)
            if s.silence is not None:
                rules.penalty(s, p, Ev.PENALTY_SILENCE, out)
        elif isinstance(action, Slap):
            race = s.race
            if race is None:
                raise RuleError(Err.NO_RACE)
            if p in race.pressed or p not in race.players:
                raise RuleError(Err.ALREADY_SLAPPED)
            self._back(s, p, out)
            rules.slap(s, p, now, out)
        elif isinstance(action, Speak):
            if s.silence is None or not s.options.hush_counts_messages:
                raise RuleError(Err.NO_SILENCE)
            self._back(s, p, out)
            rules.speak(s, p, out)
        elif isinstance(action, UseAbility):
            err = abilities.unavailable(s, p)
            if err is not None:
                raise RuleError(err)
            self._back(s, p, out)
            abilities.use(s, p, now, out)
        elif isinstance(action, Answer):
            run = s.ability
            check_answer(abilities.prompt_of(s, run) if run is not None and s.race is None else None, action)
            self._back(s, p, out)
            abilities.answer(s, action, now, out)
        elif isinstance(action, React):
            if not any(d.player == p for d in s.duties):
                raise RuleError(Err.NO_DUTY)
            self._back(s, p, out)
            rules.react(s, p, out)
        else:  # pragma: no cover - the union above is exhaustive
            raise RuleError(Err.BAD_ACTION)

    @staticmethod
    def _back(s: SvintusState, p: int, out: list[Event]) -> None:
        """Any move of a player's own resets their timeouts and ends their absence."""
        if s.timeouts.get(p):
            s.timeouts[p] = 0
        if p in s.away:
            s.away.remove(p)
            out.append(event(Ev.BACK, player=p))

    # --- what one may see --------------------------------------------------

    def view(self, state: SvintusState, viewer: int | None = None) -> SvintusView:
        s = state
        top = _CARD_VIEWS[s.pile[-1]] if s.pile else None
        race = (
            RaceView(
                by=s.race.by,
                deadline_ms=s.race.deadline_ms,
                players=list(s.race.players),
                pressed=list(s.race.pressed),
            )
            if s.race is not None
            else None
        )
        seated = viewer is not None and viewer in s.hands
        zones = {"deck": len(s.deck), "pile": len(s.pile)}
        zones.update((hand_zone(p), len(h)) for p, h in s.hands.items())
        return SvintusView(
            viewer=viewer,
            zone_counts=zones,
            seq=s.seq,
            phase=s.phase,
            round=s.round,
            seats=list(s.seats),
            current=s.current if s.phase == "playing" else None,
            direction=s.direction,
            top=top,
            color=s.color,
            top_live=s.top_live,
            deck_count=len(s.deck),
            pile_count=len(s.pile),
            hand_counts={p: len(h) for p, h in s.hands.items()},
            scores=dict(s.scores),
            target_score=s.options.target_score,
            attack=s.attack.model_copy() if s.attack is not None else None,
            awaiting_color=s.awaiting_color,
            silence=s.silence,
            race=race,
            one_card=dict(s.one_card_since),
            declared=list(s.declared),
            away=list(s.away),
            deadline_ms=rules.deadline(s),
            round_winner=s.round_winner,
            match_winner=s.match_winner,
            hand=[_CARD_VIEWS[c] for c in s.hands[viewer]] if seated and viewer is not None else None,
            drawn=list(s.drawn) if seated and viewer == s.current else [],
            **(self._animal_view(s, viewer if seated else None) if s.animals else {}),
        )

    @staticmethod
    def _animal_view(s: SvintusState, viewer: int | None) -> dict[str, Any]:
        run = s.ability
        ability = None
        peek = None
        given = None
        prompt = None
        if run is not None:
            step = abilities.step_of(run)
            ability = AbilityView(player=run.player, animal=run.animal, step=step or "", target=run.target)
            if viewer == run.player:
                if s.race is None:
                    prompt = abilities.prompt_of(s, run)
                if step in (GIVE, TAKE) and run.target is not None:
                    peek = [_CARD_VIEWS[c] for c in s.hands.get(run.target, ())]
                if step == TAKE and run.picked:
                    given = _CARD_VIEWS[run.picked[0]]
        deck_top = None
        if viewer is not None and s.deck and rules.light(s, viewer).sees_deck_top:
            deck_top = _CARD_VIEWS[s.deck[-1]]
        return {
            "animals": dict(s.animals),
            "dark": list(s.dark),
            "ability": ability,
            "duties": [d.model_copy() for d in s.duties],
            "skips": list(s.skips),
            "deck_top": deck_top,
            "peek": peek,
            "given": given,
            "prompt": prompt,
        }

    def next_deadline(self, state: SvintusState) -> int | None:
        return rules.deadline(state)

    def outcome(self, state: SvintusState) -> Outcome:
        over = state.phase == "match_over"
        return Outcome(
            status="over" if over else "playing",
            winners=[state.match_winner] if over and state.match_winner is not None else [],
            scores=dict(state.scores),
        )

    def waiting(self, state: SvintusState) -> list[Wait]:
        return rules.waiting(state)


GAME = SvintusGame()
