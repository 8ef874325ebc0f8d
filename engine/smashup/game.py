"""The Smash Up game object: its handlers on the core's template (``engine.core.Rules``),
its timers and a player leaving.  What may be played is ``legal``'s, what one
may see ``views``'.

The game's own engine is the task stack (``tasks.run``; the rules' own steps:
``setup``, ``turn``, ``play``, ``destroy``, ``scoring``, ``end``, ``triggers``,
``prompts``); the core keeps its prompts: every prompt is a core ``Pending``
whose answer resumes the one step ``TASK_STEP`` with the Task it was asked
for (as JSON), which goes on with the picks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

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
    replace,
    resume,
    rng_below,
    rng_seed,
    wait,
)
from engine.smashup import abilities, destroy, end, play, prompts, scoring, setup, triggers, turn, views
from engine.smashup import bases as _bases  # noqa: F401 - registers every box's bases
from engine.smashup import factions as _factions  # noqa: F401 - registers every faction
from engine.smashup import madness as _madness  # noqa: F401 - the Madness card
from engine.smashup.cards import BOXES, FACTIONS
from engine.smashup.effects import G
from engine.smashup.keys import Err, Ev, all_keys
from engine.smashup.legal import check_play, check_talent, playable, talents
from engine.smashup.models import (
    SCHEMA_VERSION,
    TASK_STEP,
    EndPlays,
    PlayCard,
    SmashUpAction,
    SmashUpOptions,
    SmashUpState,
    SmashUpView,
    UseTalent,
    migrate,
)
from engine.smashup.queries import reader, seal, sealed
from engine.smashup.tasks import CORE, call, run

MIN_PLAYERS = 2
MAX_PLAYERS = 4
AWAY_AFTER = 2  # [decision] timed-out turns in a row that tell the table a player seems away
AWAY_MS = 5_000  # [decision] the time an away player's decisions get, until they press again

_REGISTRY = abilities.REGISTRY
# the rules' own steps (the ``core`` ability), each module registering its own as it loads
STEPS = (setup, turn, play, destroy, scoring, end, triggers, prompts)


class SmashUpGame(Rules[SmashUpState, SmashUpAction, SmashUpOptions]):
    name = "smashup"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    keys: ClassVar[Sequence[str]] = tuple(all_keys())
    sample_args: ClassVar[Mapping[str, ArgValue]] = {
        "player": 1,
        "target": 2,
        "owner": 2,
        "winner": 1,
        "from_player": 2,
        "card": "muffin",
        "minion": "muffin",
        "source": "hang-in-there",
        "cards": "muffin, heirloom",
        "base": "ice-castle",
        "from_base": "ice-castle",
        "to_base": "fairy-ring",
        "new_base": "fairy-ring",
        "faction": "kitty-cats",
        "factions": "kitty-cats, fairies",
        "kind": "minion",
        "count": 2,
        "points": 3,
        "place": 1,
        "amount": -2,
        "power": 12,
        "score": 15,
        "round": 1,
        "min": 1,
        "max": 2,
        "madness": 3,
    }
    player_args: ClassVar[frozenset[str]] = frozenset({"player", "target", "owner", "winner", "from_player"})
    Options = SmashUpOptions
    State = SmashUpState
    bad_action = Err.BAD_ACTION
    bad_options = Err.BAD_OPTIONS
    over_key = Err.GAME_OVER
    schema_version = SCHEMA_VERSION

    # --- setting up -------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any] | BaseModel | None = None) -> SmashUpOptions:
        opts = super().options(raw)
        if opts.boxes is not None and (not opts.boxes or any(b not in BOXES for b in opts.boxes)):
            raise RuleError(Err.BAD_OPTIONS)
        if opts.factions is not None and any(f not in FACTIONS for f in opts.factions):
            raise RuleError(Err.BAD_OPTIONS)
        if len(_pool(opts)) < 2:
            raise RuleError(Err.TOO_FEW_FACTIONS, count=2)
        return opts

    def new(
        self, players: list[int], seed: int, options: SmashUpOptions, now: int
    ) -> tuple[SmashUpState, Out]:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise RuleError(Err.PLAYER_COUNT, min=MIN_PLAYERS, max=MAX_PLAYERS)
        if len(set(players)) != len(players):
            raise RuleError(Err.DUPLICATE_PLAYER)
        opts = options
        pool = _pool(opts)
        if opts.unique_factions and len(pool) < 2 * len(players):
            raise RuleError(Err.TOO_FEW_FACTIONS, count=2 * len(players))
        boxes = _boxes(opts)
        rng = rng_seed(seed)
        rng, first = rng_below(rng, len(players))  # a random first player, seats kept clockwise
        seats = list(players[first:]) + list(players[:first])
        s = SmashUpState(
            options=opts,
            seed=seed,
            rng=rng,
            clock_ms=now,
            seats=seats,
            boxes=boxes,
            pool=pool,
            madness_on=any(BOXES[b].madness for b in boxes),
            hands={p: [] for p in seats},
            decks={p: [] for p in seats},
            discards={p: [] for p in seats},
            factions={p: [] for p in seats},
            vp={p: 0 for p in seats},
            current=seats[0],
        )
        out: Out = []
        g = G(s, out, now)
        setup.new_deck_cards(g)
        g.emit(Ev.FIRST_PLAYER, player=seats[0])
        if opts.draft == "random":
            for p in seats:
                choices = setup.draftable(g, p)
                for _ in range(2):
                    s.rng, i = rng_below(s.rng, len(choices))
                    setup.take_faction(g, p, choices[i])
                    choices = setup.draftable(g, p)
            run(g, call(CORE, "deal"))
        else:
            run(g, call(CORE, "draft", order=setup.snake(seats), i=0))
        _set_deadline(s, now)
        seal(s)
        return s, out

    # --- the one door (the core's template) ------------------------------------------------

    def apply(self, state: SmashUpState, action: Any, now_ms: int) -> tuple[SmashUpState, Out]:
        s, out = super().apply(state, action, now_ms)
        if s is not state:
            seal(s)
        return s, out

    def finished(self, s: SmashUpState) -> bool:
        return s.phase == "over"

    def deadline(self, s: SmashUpState) -> int | None:
        return None if s.phase == "over" else s.deadline_ms

    def tick(self, s: SmashUpState, due: int, out: Out) -> None:
        """[decision] Time is up: every open prompt takes its default answer
        (``prompts.timeout_picks``: the discard down to 10 picks at random); if
        the current player was among the slow ones (or simply idle in the play
        phase), their play phase ends too (scoring, draw, end of turn follow).
        One timeout a tick: the next decision's time starts when this one
        ends (``settle`` sets the new deadline).

        A turn ended so counts in ``timeouts``: the second in a row tells the
        table (``Ev.AWAY``) and the player (``Ev.AWAY_YOU``, private) that
        they seem to be away; they still get their turns, but the referee
        decides for them after ``AWAY_MS`` until they press again."""
        g = G(s, out, due)
        slow: set[int] = set()
        if s.prompts:
            for pending in list(s.prompts):
                if any(x is pending for x in s.prompts):
                    slow.add(pending.prompt.player)
                    g.emit(Ev.TIMEOUT, player=pending.prompt.player)
                    prompts.answer(g, pending, prompts.timeout_picks(g, pending.prompt))
        elif _play_phase(s):
            slow.add(s.current)
            g.emit(Ev.TIMEOUT, player=s.current)
        if s.current in slow and _play_phase(s):
            p = s.current
            count = s.timeouts[p] = s.timeouts.get(p, 0) + 1
            if count == AWAY_AFTER:
                g.emit(Ev.AWAY, player=p)
                g.emit(Ev.AWAY_YOU, to=p, player=p)
            run(g, call(CORE, "finish", player=p))
        s.deadline_ms = None

    def check(self, s: SmashUpState, action: Any) -> None:
        """Refuse what the rules do not allow before anything is copied (a
        play's own conditions are checked by its handler, on the copy)."""
        p = action.player
        if p not in s.seats or p in s.left:
            raise RuleError(Err.NOT_A_PLAYER)
        t = type(action)
        if t is Leave or t is Answer:
            return
        if s.phase == "setup":
            raise RuleError(Err.SETUP)
        if p != s.current:
            raise RuleError(Err.NOT_YOUR_TURN)
        if not _play_phase(s):
            raise RuleError(Err.BUSY)

    def before(self, s: SmashUpState, action: Any, now: int, out: Out) -> None:
        """A player's own action (a play, a talent, the end of their plays, an
        answer) shows they are there: their run of timed-out turns is over."""
        if s.timeouts and type(action) is not Leave and s.timeouts.pop(action.player, 0) >= AWAY_AFTER:
            out.append(event(Ev.BACK, player=action.player))

    def settle(self, s: SmashUpState, now: int, out: Out) -> None:
        """A player who left gets no play phase; every change restarts the timer."""
        if _play_phase(s) and s.current in s.left:
            _idle(G(s, out, now))
        _set_deadline(s, now)

    # --- the handlers ------------------------------------------------------------------

    @move(Leave)
    def _leave(self, s: SmashUpState, a: Leave, now: int, out: Out) -> None:
        _leave(G(s, out, now), a.player)

    @move(PlayCard)
    def _play(self, s: SmashUpState, a: PlayCard, now: int, out: Out) -> None:
        g = G(s, out, now)
        p = a.player
        err, credit = check_play(g, p, a.card, a.base, a.minion)
        if err is not None:
            raise RuleError(err)
        run(g, play.start_play(g, p, a.card, a.base, a.minion, credit))

    @move(UseTalent)
    def _talent(self, s: SmashUpState, a: UseTalent, now: int, out: Out) -> None:
        g = G(s, out, now)
        p = a.player
        err = check_talent(g, p, a.card)
        if err is not None:
            raise RuleError(err)
        s.talents.append(a.card)
        g.emit(Ev.TALENT, player=p, card=g.cid(a.card))
        run(g, call(g.cid(a.card), "talent", player=p, src=a.card))

    @move(EndPlays)
    def _end(self, s: SmashUpState, a: EndPlays, now: int, out: Out) -> None:
        run(G(s, out, now), call(CORE, "finish", player=a.player))

    @resume(TASK_STEP)
    def _resume(self, s: SmashUpState, pending: Pending, a: Answer, now: int, out: Out) -> None:
        prompts.resume(G(s, out, now), pending, list(a.picks))

    # --- what may happen -------------------------------------------------------------

    def moves(self, s: SmashUpState, player: int) -> list[SmashUpAction]:
        if s.phase == "over" or player not in s.seats or player in s.left:
            return []
        leave = Leave(player=player)
        if not s.stack and not s.prompts and s.phase == "playing" and player == s.current:
            g = reader(s)
            acts = playable(g, player)
            acts.extend(UseTalent(player=player, card=u) for u in talents(g, player))
            acts.append(EndPlays(player=player))
            acts.append(leave)
            return acts
        return [leave]

    # --- what one may see -------------------------------------------------------------

    def view(self, state: SmashUpState, viewer: int | None = None) -> SmashUpView:
        s = state
        keep = sealed(s)  # a state handed out never changes: its public view is kept on it
        public = s.public if keep else None
        if public is None:
            public = views.public(reader(s), self.waiting(s))
            if keep:
                s.public = public
        if viewer is None or viewer not in s.seats:
            return public if viewer is None else replace(public, viewer=viewer)
        pending = self.prompt_for(s, viewer)
        return views.seat(public, s, viewer, pending.prompt if pending is not None else None)

    def waiting(self, state: SmashUpState) -> list[Wait]:
        s = state
        if s.phase == "over":
            return []
        until = s.deadline_ms
        if s.prompts:
            if s.phase == "setup":
                return [wait("setup", [x.prompt.player for x in s.prompts], until)]
            return [
                wait("turn" if x.prompt.player == s.current else "reaction", [x.prompt.player], until)
                for x in s.prompts
            ]
        if _play_phase(s):
            return [wait("turn", [s.current], until)]
        return []

    def outcome(self, state: SmashUpState) -> Outcome:
        s = state
        return Outcome(status=s.phase, winners=list(s.winners), scores=dict(s.vp))

    # --- stored by older engines ------------------------------------------------------

    def migrate(self, data: dict[str, Any]) -> dict[str, Any]:
        return migrate(data)

    def load(self, data: str | bytes | Mapping[str, Any]) -> SmashUpState:
        s = super().load(data)
        seal(s)
        return s


# --- helpers ------------------------------------------------------------------------------


def _boxes(opts: SmashUpOptions) -> list[str]:
    if opts.boxes is not None:
        return list(dict.fromkeys(opts.boxes))
    if opts.factions is not None:
        return list(dict.fromkeys(FACTIONS[f].box for f in opts.factions))
    # [decision] by default, every box with a faction to draft: a box whose
    # factions are not registered yet is played only when a table names it
    # (its bases and its Madness deck join the Мимими factions)
    return [b for b in BOXES if any(f.box == b for f in FACTIONS.values())]


def _pool(opts: SmashUpOptions) -> list[str]:
    boxes = _boxes(opts)
    pool = [f for f, d in FACTIONS.items() if d.box in boxes]
    if opts.factions is not None:
        pool = [f for f in pool if f in opts.factions]
    return pool


def _play_phase(s: SmashUpState) -> bool:
    """The current player's play-cards step: nothing resolving, nothing asked."""
    return s.phase == "playing" and not s.stack and not s.prompts


def _idle(g: G) -> None:
    """A player who left gets no play phase: their turn ends at once."""
    s = g.s
    for _ in range(len(s.seats) + 1):
        if not (_play_phase(s) and s.current in s.left):
            return
        run(g, call(CORE, "end_turn", player=s.current))


def _set_deadline(s: SmashUpState, now: int) -> None:
    """[decision] The time for the decision the game now waits on: the turn's
    timer in the setup and whenever the current player has something to
    decide (their play phase, a question of theirs); the response timer when
    every open question is another player's (a Me-First window, a card
    asking someone else)."""
    if s.phase == "over":
        s.deadline_ms = None
        return
    opts = s.options
    timer = opts.turn_timer_ms
    if s.phase == "playing" and s.prompts:
        current = s.current
        if all(x.prompt.player != current for x in s.prompts):
            timer = opts.response_timer_ms
    if timer and s.timeouts and s.phase == "playing":
        waited = {x.prompt.player for x in s.prompts} if s.prompts else {s.current}
        if all(s.timeouts.get(p, 0) >= AWAY_AFTER for p in waited):
            timer = min(timer, AWAY_MS)  # away: played for quickly
    s.deadline_ms = now + timer if timer else None


def _leave(g: G, p: int) -> None:
    """[decision] A player who leaves is out: their cards leave play (to
    their piles, no triggers), minions they control go back to their owners,
    their prompts take defaults (a Me-First window's: a pass), their turns
    are skipped.  Fewer than 2 players left: the game ends (the one left
    wins, once play has begun)."""
    s = g.s
    s.left.append(p)
    g.emit(Ev.LEFT, player=p)
    for uid, ctrl in list(g.in_play_cards()):
        if ctrl < 0 or not g.in_play(uid):
            continue
        if g.owner(uid) == p:
            g.leave_play(uid, "discard")
        elif ctrl == p:
            g.set_controller(uid, g.owner(uid))
    if any(t.by == p for t in s.temps):
        s.temps = tuple(t for t in s.temps if t.by != p)
    active = [q for q in s.seats if q not in s.left]
    if len(active) < 2:
        end.game_over(g, active if s.phase == "playing" else [])
        if active and s.winners:
            g.emit(Ev.WON, winner=active[0], score=s.vp.get(active[0], 0))
        else:
            g.emit(Ev.ABANDONED)
        return
    pending = next((x for x in s.prompts if x.prompt.player == p), None)
    if pending is not None:
        prompts.answer(g, pending, prompts.default_picks(pending.prompt))
    else:
        run(g)


GAME = SmashUpGame()
