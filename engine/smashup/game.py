"""The Smash Up game object: the one door through which a state changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

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
    hand_zone,
    rng_below,
    rng_seed,
)
from engine.smashup import abilities, flow
from engine.smashup import bases as _bases  # noqa: F401 - registers every box's bases
from engine.smashup import factions as _factions  # noqa: F401 - registers every faction
from engine.smashup import madness as _madness  # noqa: F401 - the Madness card
from engine.smashup.cards import BOXES, CARDS, FACTION_SIZE, FACTIONS, Kind, Target
from engine.smashup.keys import Err, Ev, all_keys
from engine.smashup.models import (
    ActionView,
    BaseView,
    CardRef,
    CreditView,
    EndPlays,
    Leave,
    MinionView,
    Pending,
    PlayCard,
    PlayerAction,
    PlayerView,
    SmashUpAction,
    SmashUpOptions,
    SmashUpState,
    SmashUpView,
    UseTalent,
)
from engine.smashup.ops import CORE, G

_ACTION = TypeAdapter(SmashUpAction)

MIN_PLAYERS = 2
MAX_PLAYERS = 4


class SmashUpGame(Models[SmashUpState, SmashUpOptions]):
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
    Options = SmashUpOptions
    State = SmashUpState
    _actions = _ACTION
    _bad_action = Err.BAD_ACTION
    _bad_options = Err.BAD_OPTIONS

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

    def start(
        self, players: list[int], seed: int, options: Any = None, now_ms: int = 0
    ) -> tuple[SmashUpState, list[Event]]:
        players = self._players(players)
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise RuleError(Err.PLAYER_COUNT, min=MIN_PLAYERS, max=MAX_PLAYERS)
        if len(set(players)) != len(players):
            raise RuleError(Err.DUPLICATE_PLAYER)
        opts = self.options(options)
        pool = _pool(opts)
        if opts.unique_factions and len(pool) < 2 * len(players):
            raise RuleError(Err.TOO_FEW_FACTIONS, count=2 * len(players))
        boxes = _boxes(opts)
        rng = rng_seed(int(seed))
        rng, first = rng_below(rng, len(players))  # a random first player, seats kept clockwise
        seats = list(players[first:]) + list(players[:first])
        s = SmashUpState(
            options=opts,
            seed=int(seed),
            rng=rng,
            clock_ms=now_ms,
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
        out: list[Event] = []
        g = G(s, out, now_ms)
        flow.new_deck_cards(g)
        g.emit(Ev.FIRST_PLAYER, player=seats[0])
        if opts.draft == "random":
            for p in seats:
                choices = flow.draftable(g, p)
                for _ in range(2):
                    s.rng, i = rng_below(s.rng, len(choices))
                    flow.take_faction(g, p, choices[i])
                    choices = flow.draftable(g, p)
            g.call(CORE, "deal")
        else:
            g.call(CORE, "draft", order=flow.snake(seats), i=0)
        g.run()
        _set_deadline(s, now_ms)
        return s, out

    # --- what may happen -------------------------------------------------------------

    def legal(self, state: SmashUpState, player: int) -> list[Any]:
        s = state
        if s.phase == "over" or player not in s.seats or player in s.left:
            return []
        pending = _pending(s, player)
        if pending is not None:
            return [*answers(pending.prompt), Leave.model_construct(player=player)]
        acts: list[Any] = []
        if _play_phase(s) and player == s.current:
            g = G(s, [], readonly=True)
            acts.extend(playable(g, player))
            acts.extend(UseTalent.model_construct(player=player, card=u) for u in talents(g, player))
            acts.append(EndPlays.model_construct(player=player))
        acts.append(Leave.model_construct(player=player))
        return acts

    # --- the one door ----------------------------------------------------------------

    def apply(self, state: SmashUpState, action: Any, now_ms: int) -> tuple[SmashUpState, list[Event]]:
        if not isinstance(action, PlayerAction | Tick):
            action = self.parse_action(action)
        now = max(int(now_ms), state.clock_ms)
        out: list[Event] = []
        if isinstance(action, Tick):
            if action.now_ms is not None:
                now = max(now, action.now_ms)
            due = state.deadline_ms
            if state.phase == "over" or due is None or due > now:
                return state, out
            s = state.clone()
            g = G(s, out, now)
            _timeout(g)
            s.clock_ms = now
            s.seq += 1
            _set_deadline(s, now)
            return s, out
        p = action.player
        if state.phase == "over":
            raise RuleError(Err.GAME_OVER)
        if not isinstance(p, int) or p not in state.seats or p in state.left:
            raise RuleError(Err.NOT_A_PLAYER)
        self._check(state, action)
        s = state.clone()
        g = G(s, out, now)
        if isinstance(action, Leave):
            _leave(g, p)
        elif isinstance(action, Answer):
            pending = _pending(s, p)
            assert pending is not None
            flow.answer(g, pending, list(action.picks))
        elif isinstance(action, PlayCard):
            credit = flow.credit_for(g, p, action.card, action.base, action.minion)
            flow.start_play(g, p, action.card, action.base, action.minion, credit)
            g.run()
        elif isinstance(action, UseTalent):
            s.talents.append(action.card)
            g.emit(Ev.TALENT, player=p, card=g.cid(action.card))
            g.call(g.cid(action.card), "talent", player=p, src=action.card)
            g.run()
        else:
            g.call(CORE, "finish", player=p)
            g.run()
        _idle(g)
        s.clock_ms = now
        s.seq += 1
        _set_deadline(s, now)
        return s, out

    def _check(self, s: SmashUpState, action: Any) -> None:
        """Refuse what the rules do not allow (before anything changes)."""
        p = action.player
        if isinstance(action, Leave):
            return
        if isinstance(action, Answer):
            pending = _pending(s, p)
            check_answer(pending.prompt if pending is not None else None, action)
            return
        if s.phase == "setup":
            raise RuleError(Err.SETUP)
        if p != s.current:
            raise RuleError(Err.NOT_YOUR_TURN)
        if not _play_phase(s):
            raise RuleError(Err.BUSY)
        g = G(s, [], readonly=True)
        if isinstance(action, PlayCard):
            err = check_play(g, p, action.card, action.base, action.minion)
            if err is not None:
                raise RuleError(err)
        elif isinstance(action, UseTalent):
            err = check_talent(g, p, action.card)
            if err is not None:
                raise RuleError(err)

    # --- what one may see -------------------------------------------------------------

    def view(self, state: SmashUpState, viewer: int | None = None) -> SmashUpView:
        s = state
        g = G(s, [], readonly=True)
        seated = viewer is not None and viewer in s.seats
        pending = _pending(s, viewer) if seated and viewer is not None else None
        prompt = pending.prompt if pending is not None else None
        known: dict[int, str] = {}
        if prompt is not None and prompt.kind == "card":
            known = {int(u): s.cards[int(u)] for u in prompt.options if isinstance(u, int)}
        return SmashUpView(
            viewer=viewer,
            zone_counts=zone_counts(s),
            prompt=prompt,
            seq=s.seq,
            phase=s.phase,
            seats=list(s.seats),
            current=s.current if s.phase == "playing" else None,
            turn=s.turn,
            goal=s.options.goal,
            players=[
                PlayerView(
                    player=p,
                    vp=s.vp.get(p, 0),
                    factions=list(s.factions.get(p, [])),
                    hand=len(s.hands[p]),
                    deck=len(s.decks[p]),
                    discard=[CardRef(uid=c, card=s.cards[c]) for c in s.discards[p]],
                    madness=g.madness_count(p) if s.madness_on else 0,
                    left=p in s.left,
                )
                for p in s.seats
            ],
            bases=[_base_view(g, b.uid) for b in s.bases],
            base_deck=len(s.base_deck),
            base_discard=[s.cards[b] for b in s.base_discard],
            madness_deck=len(s.madness) if s.madness_on else None,
            aside=[CardRef(uid=c, card=s.cards[c]) for c in s.aside],
            credits=[CreditView(**c.model_dump()) for c in s.credits] if s.phase == "playing" else [],
            window=s.window.model_copy() if s.window is not None else None,
            scoring=s.scoring.base if s.scoring is not None else None,
            waiting_for=sorted({p for w in self.waiting(s) for p in w.players}),
            deadline_ms=s.deadline_ms,
            winners=list(s.winners),
            hand=[CardRef(uid=c, card=s.cards[c]) for c in s.hands[viewer]]
            if seated and viewer is not None
            else None,
            cards=known,
            pool=list(s.pool),
        )

    def next_deadline(self, state: SmashUpState) -> int | None:
        return None if state.phase == "over" else state.deadline_ms

    def waiting(self, state: SmashUpState) -> list[Wait]:
        s = state
        if s.phase == "over":
            return []
        until = s.deadline_ms
        if s.prompts:
            if s.phase == "setup":
                return [Wait(kind="setup", players=[x.prompt.player for x in s.prompts], until_ms=until)]
            return [
                Wait(
                    kind="turn" if x.prompt.player == s.current else "reaction",
                    players=[x.prompt.player],
                    until_ms=until,
                )
                for x in s.prompts
            ]
        if _play_phase(s):
            return [Wait(kind="turn", players=[s.current], until_ms=until)]
        return []

    def outcome(self, state: SmashUpState) -> Outcome:
        s = state
        status = "over" if s.phase == "over" else s.phase
        return Outcome(status=status, winners=list(s.winners), scores=dict(s.vp))


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


def _pending(s: SmashUpState, p: int | None) -> Pending | None:
    for x in s.prompts:
        if x.prompt.player == p:
            return x
    return None


def _play_phase(s: SmashUpState) -> bool:
    """The current player's play-cards step: nothing resolving, nothing asked."""
    return s.phase == "playing" and not s.stack and not s.prompts


def _idle(g: G) -> None:
    """A player who left gets no play phase: their turn ends at once."""
    s = g.s
    for _ in range(len(s.seats) + 1):
        if not (_play_phase(s) and s.current in s.left):
            return
        g.call(CORE, "end_turn", player=s.current)
        g.run()


def _set_deadline(s: SmashUpState, now: int) -> None:
    timer = s.options.turn_timer_ms
    s.deadline_ms = now + timer if timer and s.phase != "over" else None


def _timeout(g: G) -> None:
    """[decision] Time is up: every open prompt takes its default answer; if
    the current player was among the slow ones (or simply idle in the play
    phase), their play phase ends too (scoring, draw, end of turn follow)."""
    s = g.s
    slow: set[int] = set()
    if s.prompts:
        for pending in list(s.prompts):
            if pending in s.prompts:
                slow.add(pending.prompt.player)
                g.emit(Ev.TIMEOUT, player=pending.prompt.player)
                flow.answer(g, pending, flow.default_picks(pending.prompt))
    elif _play_phase(s):
        slow.add(s.current)
        g.emit(Ev.TIMEOUT, player=s.current)
    if s.current in slow and _play_phase(s):
        g.call(CORE, "finish", player=s.current)
        g.run()
    _idle(g)


def _leave(g: G, p: int) -> None:
    """[decision] A player who leaves is out: their cards leave play (to
    their piles, no triggers), minions they control go back to their owners,
    their prompts take defaults, their turns are skipped.  Fewer than 2
    players left: the game ends (the one left wins, once play has begun)."""
    s = g.s
    s.left.append(p)
    g.emit(Ev.LEFT, player=p)
    for uid, ctrl in list(g.in_play_cards()):
        if ctrl < 0 or not g.in_play(uid):
            continue
        if g.owner(uid) == p:
            g.leave_play(uid, "discard")
        elif ctrl == p:
            slot = g.minion_slot(uid)
            if slot is not None:
                slot.controller = g.owner(uid)
            else:
                at = g.attached(uid)
                if at is not None:
                    at[1].controller = g.owner(uid)
    s.temps = [t for t in s.temps if t.by != p]
    active = [q for q in s.seats if q not in s.left]
    if len(active) < 2:
        flow.game_over(g, active if s.phase == "playing" else [])
        if active and s.winners:
            g.emit(Ev.WON, winner=active[0], score=s.vp.get(active[0], 0))
        else:
            g.emit(Ev.ABANDONED)
        return
    pending = _pending(s, p)
    if pending is not None:
        flow.answer(g, pending, flow.default_picks(pending.prompt))
    else:
        g.run()


def zone_counts(s: SmashUpState) -> dict[str, int]:
    z: dict[str, int] = {}
    drafted = 0
    for p in s.seats:
        z[hand_zone(p)] = len(s.hands[p])
        z[f"deck:{p}"] = len(s.decks[p])
        z[f"discard:{p}"] = len(s.discards[p])
        drafted += len(s.factions.get(p, []))
    for b in s.bases:
        z[f"base:{b.uid}"] = 1 + len(b.actions) + sum(1 + len(m.attached) for m in b.minions)
    z["base_deck"] = len(s.base_deck)
    z["base_discard"] = len(s.base_discard)
    z["aside"] = len(s.aside)
    if s.madness_on:
        z["madness"] = len(s.madness)
    if drafted < 2 * len(s.seats):  # factions not drafted yet (or never, if the table broke up)
        z["undrafted"] = (2 * len(s.seats) - drafted) * FACTION_SIZE
    return z


def _action_view(g: G, x: Any) -> ActionView:
    return ActionView(
        uid=x.uid,
        card=g.cid(x.uid),
        owner=g.owner(x.uid),
        controller=x.controller,
        data=dict(x.data),
        talent_used=x.uid in g.s.talents,
    )


def _base_view(g: G, base: int) -> BaseView:
    slot = g.base_slot(base)
    assert slot is not None
    d = g.bdef(base)
    minions = [
        MinionView(
            uid=m.uid,
            card=g.cid(m.uid),
            owner=g.owner(m.uid),
            controller=m.controller,
            power=g.power(m.uid),
            printed=g.printed(m.uid),
            attached=[_action_view(g, x) for x in m.attached],
            talent_used=m.uid in g.s.talents,
        )
        for m in slot.minions
    ]
    powers: dict[int, int] = {}
    for mv in minions:
        powers[mv.controller] = powers.get(mv.controller, 0) + mv.power
    return BaseView(
        uid=base,
        card=d.id,
        breakpoint=d.breakpoint,
        vp=list(d.vp),
        total=sum(powers.values()),
        powers=powers,
        minions=minions,
        actions=[_action_view(g, x) for x in slot.actions],
    )


# --- plays and talents ------------------------------------------------------------------------


def check_play(g: G, p: int, uid: int, base: int | None, minion: int | None) -> str | None:
    s = g.s
    if not isinstance(uid, int) or uid not in s.hands.get(p, []):
        return Err.NOT_IN_HAND
    d = g.cdef(uid)
    if d.special:
        return Err.SPECIAL_ONLY
    if not flow.target_ok(g, p, uid, base, minion):
        return Err.BAD_TARGET
    if flow.credit_for(g, p, uid, base, minion) is None:
        if any(c.minion if d.kind is Kind.MINION else c.action for c in s.credits):
            return Err.FORBIDDEN  # a play of that kind is left, but something forbids this one
        return Err.NO_PLAYS
    return None


def playable(g: G, p: int) -> list[PlayCard]:
    s = g.s
    out: list[PlayCard] = []
    bases = g.base_ids()
    minions = g.minions()
    has_minion_credit = any(c.minion for c in s.credits)
    has_action_credit = any(c.action for c in s.credits)
    for uid in s.hands[p]:
        d = CARDS[s.cards[uid]]
        if d.special:
            continue
        if d.minion:
            if not has_minion_credit:
                continue
            targets: list[tuple[int | None, int | None]] = [(b, None) for b in bases]
        else:
            if not has_action_credit:
                continue
            if d.target is Target.NONE:
                targets = [(None, None)]
            elif d.target is Target.BASE:
                targets = [(b, None) for b in bases]
            else:
                targets = [(None, m) for m in minions]
        for base, minion in targets:
            if check_play(g, p, uid, base, minion) is None:
                out.append(PlayCard.model_construct(player=p, card=uid, base=base, minion=minion))
    return out


def talent_sources(g: G, p: int) -> list[int]:
    """Cards whose talent ``p`` could use: minions and actions ``p`` controls,
    and bases with a talent."""
    out = []
    for uid, ctrl in g.in_play_cards():
        if ctrl == p or ctrl < 0:
            a = abilities.REGISTRY.get(g.s.cards[uid])
            if a is not None and a.talent_ok is not None:
                out.append(uid)
    return out


def check_talent(g: G, p: int, uid: int) -> str | None:
    if not isinstance(uid, int) or uid not in talent_sources(g, p):
        return Err.NO_TALENT
    if uid in g.s.talents:
        return Err.TALENT_USED
    a = g.ab(uid)
    assert a.talent_ok is not None
    if not a.talent_ok(g, uid):
        return Err.NO_TALENT
    return None


def talents(g: G, p: int) -> list[int]:
    return [u for u in talent_sources(g, p) if check_talent(g, p, u) is None]


GAME = SmashUpGame()
