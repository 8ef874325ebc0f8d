"""The Svintus game object: its handlers on the core's template (``engine.core.Rules``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

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
    hand_zone,
    kept,
    move,
    pending_of,
    resume,
)
from engine.svintus import abilities, rules, table
from engine.svintus.animals import ANIMALS, GIVE, TAKE
from engine.svintus.cards import CARDS, DECK_SIZE, Color
from engine.svintus.keys import Err, Ev, Pr
from engine.svintus.models import (
    ABILITY_STEP,
    COLOR_STEP,
    SCHEMA_VERSION,
    AbilityView,
    Accept,
    CardView,
    Catch,
    Declare,
    Draw,
    Join,
    NextRound,
    Pass,
    PickAnimal,
    Play,
    RaceView,
    React,
    Slap,
    Speak,
    SvintusAction,
    SvintusOptions,
    SvintusState,
    SvintusView,
    UseAbility,
    migrate,
)

_CARD_VIEWS: Final = tuple(CardView(id=c.id, color=c.color, kind=c.kind, value=c.value) for c in CARDS)


class _Own:
    """The actions ``moves`` offers one player, made once each and handed out
    again (actions are values): those that name nothing but the player, read as
    attributes, and the plays, by the top card then the card (a list read by
    index: neither hashed nor boxed)."""

    def __init__(self, p: int) -> None:
        self.p = p
        self.leave = Leave(player=p)
        self.join = Join(player=p)
        self.next_round = NextRound(player=p)
        self.slap = Slap(player=p)
        self.use_ability = UseAbility(player=p)
        self.accept = Accept(player=p)
        self.pass_turn = Pass(player=p)
        self.draw = Draw(player=p)
        self.react = React(player=p)
        self.declare = Declare(player=p)
        self.catch = Catch(player=p)
        self.speak = Speak(player=p)
        self.plays: list[list[Play | None] | None] = [None] * DECK_SIZE

    def play(self, top: int, card: int) -> Play:
        row = self.plays[top]
        if row is None:
            row = self.plays[top] = [None] * DECK_SIZE
        action = row[card]
        if action is None:
            action = row[card] = Play(player=self.p, card=card, on=top)
        return action


_owns: Final[dict[int, _Own]] = {}
OWN_KEPT: Final = 256  # players remembered (a row of plays each) before the memo starts over


def _own(p: int) -> _Own:
    return kept(_owns, p, _Own, OWN_KEPT)


_SETUP_ACTIONS: Final = frozenset({PickAnimal, Leave})  # all one may do while animals are picked
_SEATING: Final = frozenset({Join, Leave, PickAnimal})  # not a move of play: no return from absence


class SvintusGame(Rules[SvintusState, SvintusAction, SvintusOptions]):
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
    player_args: ClassVar[frozenset[str]] = frozenset({"player", "target", "catcher", "from_player"})
    spoken: ClassVar[str | None] = "speak"  # in a silence, a word in the group costs cards
    Options = SvintusOptions
    State = SvintusState
    bad_action = Err.BAD_ACTION
    bad_options = Err.BAD_OPTIONS
    over_key = Err.MATCH_OVER
    schema_version = SCHEMA_VERSION

    # --- setting up ----------------------------------------------------------------

    def new(
        self, players: list[int], seed: int, options: SvintusOptions, now: int
    ) -> tuple[SvintusState, Out]:
        """A new match: with Metamorphoses and chosen animals it opens in its setup
        phase (everyone picks an animal), otherwise with the first round dealt."""
        return rules.new_match(players, seed, options, now)

    # --- time ----------------------------------------------------------------------

    def finished(self, s: SvintusState) -> bool:
        return s.phase == "match_over"

    # methods, not ``staticmethod(table.deadline)``: a compiled class dispatches
    # only what it defines as a method
    def deadline(self, s: SvintusState) -> int | None:
        return table.deadline(s)

    def settle(self, s: SvintusState, now: int, out: Out) -> None:
        rules.settle(s, now, out)  # an emptied hand wins; who holds one card

    def tick(self, s: SvintusState, due: int, out: Out) -> None:
        table.fire(s, due, out)
        rules.settle(s, due, out)

    # --- what may happen -----------------------------------------------------------

    def moves(self, s: SvintusState, player: int) -> list[SvintusAction]:
        if s.phase == "match_over":
            return []
        if s.phase == "setup":
            if player not in s.hands:
                return []
            taken = set(s.animals.values())
            picks: list[SvintusAction] = [
                PickAnimal(player=player, animal=a) for a in ANIMALS if a not in taken
            ]
            return [*picks, _own(player).leave]
        own = _own(player)
        hand = s.hands.get(player)
        if hand is None:
            if s.phase == "round_over" and len(s.seats) < rules.MAX_PLAYERS:
                return [own.join]
            return []
        if s.phase == "round_over":
            return [own.next_round, own.leave]
        acts: list[SvintusAction]
        race = s.race
        if race is not None:
            acts = [own.slap] if player in race.players and player not in race.pressed else []
        else:
            if s.ability is None:
                top = s.pile[-1]
                acts = [own.play(top, c) for c in rules.playable(s, player, hand)]
            else:
                acts = []
            if player == s.current and not s.prompts:
                if s.animals and abilities.unavailable(s, player) is None:
                    acts.append(own.use_ability)
                if s.attack is not None:
                    acts.append(own.accept)
                elif s.drawn:
                    if rules.can_pass(s, player) is None:
                        acts.append(own.pass_turn)
                elif rules.can_draw(s, player) is None:
                    acts.append(own.draw)
        if s.duties and any(d.player == player for d in s.duties):
            acts.append(own.react)
        if len(hand) == 1 and player not in s.declared:
            acts.append(own.declare)
        if s.one_card_since and rules.catchable(s, player):
            acts.append(own.catch)
        if s.silence is not None and s.options.hush_counts_messages:
            acts.append(own.speak)
        acts.append(own.leave)
        return acts

    def is_legal(self, state: SvintusState, action: Any) -> bool:
        if isinstance(action, Play) and action.on is None and state.pile:  # on the top as it is
            action = Play(player=action.player, card=action.card, on=state.pile[-1])
        return super().is_legal(state, action)

    def prompt_for(self, s: SvintusState, player: int | None) -> Pending | None:
        # [decision] a slap race comes first: no choice is answered while it is open
        return None if s.race is not None else pending_of(s, player)

    # --- the handlers --------------------------------------------------------------

    def check(self, s: SvintusState, action: Any) -> None:
        if s.phase == "setup" and type(action) not in _SETUP_ACTIONS:
            raise RuleError(Err.SETUP_ON)
        if action.player not in s.hands and type(action) is not Join:
            raise RuleError(Err.NOT_A_PLAYER)

    @move(Join)
    def _join(self, s: SvintusState, a: Join, now: int, out: Out) -> None:
        if s.phase != "round_over":
            raise RuleError(Err.NOT_BETWEEN_ROUNDS)
        if a.player in s.hands:
            raise RuleError(Err.ALREADY_SEATED)
        if len(s.seats) >= rules.MAX_PLAYERS:
            raise RuleError(Err.TABLE_FULL)
        rules.join(s, a.player, out)

    @move(Leave)
    def _leave(self, s: SvintusState, a: Leave, now: int, out: Out) -> None:
        rules.leave(s, a.player, now, out)

    @move(PickAnimal)
    def _pick_animal(self, s: SvintusState, a: PickAnimal, now: int, out: Out) -> None:
        if s.phase != "setup":
            raise RuleError(Err.NOT_SETUP)
        rules.pick_animal(s, a.player, a.animal, now, out)

    @move(NextRound)
    def _next_round(self, s: SvintusState, a: NextRound, now: int, out: Out) -> None:
        if s.phase != "round_over":
            raise RuleError(Err.NOT_BETWEEN_ROUNDS)
        rules.start_round(s, now, out)

    def before(self, s: SvintusState, action: Any, now: int, out: Out) -> None:
        """Any move of a player's own resets their timeouts and ends their absence."""
        if (s.timeouts or s.away) and type(action) not in _SEATING:
            _back(s, action.player, out)

    @staticmethod
    def _playing(s: SvintusState) -> None:
        if s.phase == "round_over":
            raise RuleError(Err.ROUND_OVER)

    @move(Play)
    def _play(self, s: SvintusState, a: Play, now: int, out: Out) -> None:
        if s.phase == "round_over":
            raise RuleError(Err.ROUND_OVER)
        if a.on is not None and a.on != s.pile[-1]:
            raise RuleError(Err.TOO_LATE)
        mode, err = rules.classify_play(s, a.player, a.card)
        if mode is None:
            assert err is not None
            raise RuleError(err)
        rules.play(s, a.player, a.card, mode, now, out)

    @move(Draw)
    def _draw(self, s: SvintusState, a: Draw, now: int, out: Out) -> None:
        self._playing(s)
        err = rules.can_draw(s, a.player)
        if err is not None:
            raise RuleError(err)
        rules.remember_draw(s, a.player)
        rules.draw(s, a.player, now, out)

    @move(Pass)
    def _pass(self, s: SvintusState, a: Pass, now: int, out: Out) -> None:
        self._playing(s)
        err = rules.can_pass(s, a.player)
        if err is not None:
            raise RuleError(err)
        rules.pass_turn(s, a.player, now, out)

    @move(Accept)
    def _accept(self, s: SvintusState, a: Accept, now: int, out: Out) -> None:
        self._playing(s)
        if s.race is not None:
            raise RuleError(Err.RACE_ON)
        if s.attack is None or s.attack.target != a.player:
            raise RuleError(Err.NOTHING_TO_ACCEPT)
        rules.accept(s, a.player, now, out)

    @move(Declare)
    def _declare(self, s: SvintusState, a: Declare, now: int, out: Out) -> None:
        self._playing(s)
        p = a.player
        if len(s.hands[p]) != 1 or p in s.declared:
            raise RuleError(Err.CANNOT_DECLARE)
        s.declared = [*s.declared, p]
        out.append(event(Ev.DECLARED, player=p))
        if s.silence is not None:
            rules.penalty(s, p, Ev.PENALTY_SILENCE, out)

    @move(Catch)
    def _catch(self, s: SvintusState, a: Catch, now: int, out: Out) -> None:
        self._playing(s)
        if not rules.catchable(s, a.player):
            if a.player in s.one_card_since and a.player not in s.declared:
                raise RuleError(Err.CATCH_YOURSELF)  # the one to catch is the presser: say «Svintus!»
            raise RuleError(Err.NOBODY_TO_CATCH)
        rules.catch(s, a.player, now, out)
        if s.silence is not None:
            rules.penalty(s, a.player, Ev.PENALTY_SILENCE, out)

    @move(Slap)
    def _slap(self, s: SvintusState, a: Slap, now: int, out: Out) -> None:
        self._playing(s)
        race = s.race
        if race is None:
            raise RuleError(Err.NO_RACE)
        if a.player in race.pressed or a.player not in race.players:
            raise RuleError(Err.ALREADY_SLAPPED)
        rules.slap(s, a.player, now, out)

    @move(Speak)
    def _speak(self, s: SvintusState, a: Speak, now: int, out: Out) -> None:
        self._playing(s)
        if s.silence is None or not s.options.hush_counts_messages:
            raise RuleError(Err.NO_SILENCE)
        rules.speak(s, a.player, out)

    @move(UseAbility)
    def _use_ability(self, s: SvintusState, a: UseAbility, now: int, out: Out) -> None:
        self._playing(s)
        err = abilities.unavailable(s, a.player)
        if err is not None:
            raise RuleError(err)
        abilities.use(s, a.player, now, out)

    @move(React)
    def _react(self, s: SvintusState, a: React, now: int, out: Out) -> None:
        self._playing(s)
        if not any(d.player == a.player for d in s.duties):
            raise RuleError(Err.NO_DUTY)
        rules.react(s, a.player, out)

    # --- answers to prompts --------------------------------------------------------

    @resume(COLOR_STEP)
    def _color(self, s: SvintusState, pending: Pending, a: Answer, now: int, out: Out) -> None:
        if s.silence is not None:  # naming a colour aloud breaks the silence
            rules.penalty(s, a.player, Ev.PENALTY_SILENCE, out)
        rules.choose_color(s, a.player, Color(str(a.picks[0])), now, out)

    @resume(ABILITY_STEP)
    def _ability(self, s: SvintusState, pending: Pending, a: Answer, now: int, out: Out) -> None:
        abilities.answer(s, a, now, out)

    # --- what one may see ----------------------------------------------------------

    def view(self, state: SvintusState, viewer: int | None = None) -> SvintusView:
        s = state
        top = _CARD_VIEWS[s.pile[-1]] if s.pile else None
        race = (
            RaceView(
                by=s.race.by,
                deadline_ms=s.race.deadline_ms,
                players=s.race.players,  # a state's race is never changed once the state is made
                pressed=s.race.pressed,
            )
            if s.race is not None
            else None
        )
        seated = viewer is not None and viewer in s.hands
        zones = {"deck": len(s.deck), "pile": len(s.pile)}
        counts = {}
        for p, h in s.hands.items():
            zones[hand_zone(p)] = counts[p] = len(h)
        pending = self.prompt_for(s, viewer) if seated else None
        return SvintusView(
            viewer=viewer,
            zone_counts=zones,
            prompt=pending.prompt if pending is not None else None,
            seq=s.seq,
            phase=s.phase,
            round=s.round,
            seats=s.seats,
            current=s.current if s.phase == "playing" else None,
            direction=s.direction,
            top=top,
            color=s.color,
            top_live=s.top_live,
            deck_count=len(s.deck),
            pile_count=len(s.pile),
            pile=s.pile,  # the state's own: never changed in place, only replaced
            drew_on=s.drew_on,
            hand_counts=counts,
            scores=s.scores,
            target_score=s.options.target_score,
            penalty_cards=s.options.penalty_cards,
            round_break_ms=s.options.round_break_ms,
            attack=s.attack,
            awaiting_color=s.awaiting_color,
            silence=s.silence,
            race=race,
            one_card=s.one_card_since,
            declared=s.declared,
            away=s.away,
            deadline_ms=table.deadline(s),
            round_winner=s.round_winner,
            match_winner=s.match_winner,
            hand=[_CARD_VIEWS[c] for c in s.hands[viewer]] if seated and viewer is not None else None,
            drawn=s.drawn if seated and viewer == s.current else [],
            **(self._animal_view(s, viewer if seated else None) if s.animals else {}),
        )

    @staticmethod
    def _animal_view(s: SvintusState, viewer: int | None) -> dict[str, Any]:
        run = s.ability
        ability = None
        peek = None
        given = None
        if run is not None:
            step = abilities.step_of(run)
            ability = AbilityView(player=run.player, animal=run.animal, step=step or "", target=run.target)
            if viewer == run.player:
                if step in (GIVE, TAKE) and run.target is not None:
                    peek = [_CARD_VIEWS[c] for c in s.hands.get(run.target, ())]
                if step == TAKE and run.picked:
                    given = _CARD_VIEWS[run.picked[0]]
        deck_top = None
        if viewer is not None and s.deck and rules.light(s, viewer).sees_deck_top:
            deck_top = _CARD_VIEWS[s.deck[-1]]
        return {
            "animals": s.animals,
            "dark": s.dark,
            "ability": ability,
            "duties": s.duties,
            "skips": s.skips,
            "deck_top": deck_top,
            "peek": peek,
            "given": given,
        }

    def outcome(self, state: SvintusState) -> Outcome:
        scores = state.scores  # a Mapping: replaced, never changed, so shared
        if state.phase != "match_over":
            last = self._in_play
            if last is None or last.scores is not scores:  # the same scores object: the same value
                last = self._in_play = Outcome(status="playing", scores=scores)
            return last
        winner = state.match_winner
        return Outcome(status="over", winners=[winner] if winner is not None else [], scores=scores)

    _in_play: Outcome | None = None  # the last outcome of a game in play (outcomes are values)

    def waiting(self, s: SvintusState) -> list[Wait]:
        return table.waiting(s)

    # --- stored by older engines ---------------------------------------------------

    def migrate(self, data: dict[str, Any]) -> dict[str, Any]:
        return migrate(data)

    def upgrade(self, s: SvintusState, old: Mapping[str, Any]) -> None:
        """Ask again, under their old ids, the prompts a version 2 state held as
        flags: a Polypig's colour, a dark ability's step."""
        if old.get("schema_version", 1) < 2:
            if s.ability is not None:
                abilities.ask_step(s, prompt_id=1)
            return
        if old.get("awaiting_color") and s.phase == "playing":
            rules.ask_color(s, s.current)  # a fresh id: it was no prompt, no press named it
        run = old.get("ability")
        if s.ability is not None and isinstance(run, Mapping):
            abilities.ask_step(s, prompt_id=int(run.get("prompt", s.prompt_seq)))


def _back(s: SvintusState, p: int, out: Out) -> None:
    """Any move of a player's own resets their timeouts and ends their absence."""
    if s.timeouts.get(p):
        s.timeouts = {**s.timeouts, p: 0}
    if p in s.away:
        s.away = rules.without(s.away, p)
        out.append(event(Ev.BACK, player=p))


GAME = SvintusGame()
