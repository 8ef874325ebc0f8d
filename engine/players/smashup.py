"""Smash Up's computer players: the heuristic, and what its search needs.

The heuristic puts each minion where its power counts most (where it takes
or keeps first place, or brings a base nearer its breakpoint), plays its
actions (on its own minions when they attach to one), uses its talents,
aims a harmful card at the strongest opposing minion and a helpful one at
its own, and only then ends its plays.  The search compares the plays of its
turn over the rest of that turn played out with the heuristic, in worlds dealt
consistently with its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core import Answer, AnyGame
from engine.players.base import (
    Lookahead,
    Player,
    Searcher,
    Simple,
    active,
    answers,
    lognormal_ms,
    random_policy,
)
from engine.smashup.cards import BASES, CARDS, FACTIONS, Target
from engine.smashup.game import GAME
from engine.smashup.models import (
    Attached,
    BaseSlot,
    EndPlays,
    MinionSlot,
    PlayCard,
    SmashUpAction,
    SmashUpOptions,
    SmashUpState,
    SmashUpView,
    Temp,
    UseTalent,
)
from engine.smashup.queries import reader

# prompts whose picks hurt what is picked (aimed at opponents), and those that help
_HARMFUL = ("destroy", "return", "control", "action-destroy", "transfer-from")
_HELPFUL = ("power", "transfer-to", "choose-minion")
_MADNESS = "madness"

Legal = Sequence[SmashUpAction]  # the engine's ``Moves`` or a plain list (``engine.players.base``)
Play = PlayCard | UseTalent | EndPlays  # a play of one's turn: what ``_play_value`` weighs


def _plays(legal: Legal) -> list[Play]:
    """The plays of one's turn in ``legal`` (neither walking out nor an answer)."""
    return [a for a in active(legal) if isinstance(a, Play)]


def _minions(view: SmashUpView) -> dict[int, tuple[int, int, int]]:
    """Every minion in play: uid -> (controller, power, base uid)."""
    out: dict[int, tuple[int, int, int]] = {}
    for b in view.bases:
        for m in b.minions:
            out[m.uid] = (m.controller, m.power, b.uid)
    return out


def _base_value(view: SmashUpView, base: int, me: int, power: int) -> float:
    """What adding ``power`` of mine to ``base`` is worth: the VP of the place it
    would give me, weighted by how near the base comes to its breakpoint."""
    for b in view.bases:
        if b.uid != base:
            continue
        mine = b.powers.get(me, 0) + power
        others = sorted((v for p, v in b.powers.items() if p != me), reverse=True)
        place = sum(1 for v in others if v > mine)
        vp = b.vp[place] if place < len(b.vp) else 0
        before = b.powers.get(me, 0)
        place0 = sum(1 for v in others if v > before)
        vp0 = (b.vp[place0] if place0 < len(b.vp) else 0) if before > 0 else 0
        near = min(1.0, (b.total + power) / max(1, b.breakpoint))
        return (vp - vp0) * near + 0.3 * vp * near + 0.05 * power
    return 0.0


def _play_value(view: SmashUpView, a: Play, me: int, mins: dict[int, tuple[int, int, int]]) -> float:
    if a.type == "end":
        return 0.0
    if a.type == "talent":
        return 1.2
    card = _card_of(view, a.card)
    if card == _MADNESS:
        return 1.6  # played, it goes back (or draws 2): better than holding it
    d = CARDS.get(card) if card is not None else None
    if d is None:
        return 0.5
    if d.minion:
        return 2.0 + _base_value(view, a.base, me, d.power) if a.base is not None else 1.0
    # an action
    if a.minion is not None:
        owner = mins.get(a.minion, (me, 0, 0))[0]
        helps = d.target is Target.OWN_MINION or owner == me
        return 1.4 + (
            0.1 * mins.get(a.minion, (0, 0, 0))[1] if helps else 0.05 * mins.get(a.minion, (0, 0, 0))[1]
        )
    if a.base is not None:
        return 1.3 + 0.1 * _base_value(view, a.base, me, 1)
    return 1.5


def _card_of(view: SmashUpView, uid: int) -> str | None:
    for c in view.hand or []:
        if c.uid == uid:
            return c.card
    return view.cards.get(uid)


def _answer(view: SmashUpView, every: Sequence[Answer], rng: random.Random) -> Answer | None:
    prompt = view.prompt
    if prompt is None or not every:
        return None
    me = prompt.player
    opts = list(prompt.options)
    key = prompt.key
    if key.endswith("mulligan") and "redraw" in opts:
        return Answer(player=me, prompt=prompt.id, picks=["redraw"])
    if key.endswith("draft"):
        return Answer(player=me, prompt=prompt.id, picks=[opts[rng.randrange(len(opts))]])
    if prompt.max > 1 or prompt.ordered or prompt.min > 1:
        # several picks (a hand limit, an order): the heuristic takes any that fits
        return every[rng.randrange(len(every))]
    mins = _minions(view)
    harmful = any(key.endswith(h) for h in _HARMFUL)
    helpful = any(key.endswith(h) for h in _HELPFUL)
    if opts and all(type(o) is int and o in mins for o in opts) and (harmful or helpful):

        def value(o: Any) -> float:
            controller, power, _ = mins[o]
            ours = controller == me
            return (power if ours else -power) * (1 if helpful else -1) + (5 if ours == helpful else 0)

        best = max(opts, key=value)
        if prompt.min == 0 and value(best) < 0:
            return Answer(player=me, prompt=prompt.id, picks=[])
        return Answer(player=me, prompt=prompt.id, picks=[best])
    if prompt.kind == "base" or (
        opts and all(type(o) is int and any(b.uid == o for b in view.bases) for o in opts)
    ):
        best = max(opts, key=lambda o: _base_value(view, int(o), me, 2))
        return Answer(player=me, prompt=prompt.id, picks=[best])
    # "may" and other choices: take the first option rather than skip (not Madness)
    opts = [o for o in opts if not (type(o) is str and "madness" in o)]
    if not opts and prompt.min == 0:
        return Answer(player=me, prompt=prompt.id, picks=[])
    if "return-madness" in prompt.options:
        return Answer(player=me, prompt=prompt.id, picks=["return-madness"])
    if opts:
        return Answer(player=me, prompt=prompt.id, picks=[opts[0]])
    return every[0]


def policy(view: SmashUpView, legal: Legal, rng: random.Random) -> SmashUpAction | None:
    every = answers(legal)
    if every:
        return _answer(view, every, rng)
    acts = _plays(legal)
    if not acts:
        return None
    me = view.viewer
    assert me is not None
    mins = _minions(view)
    best = max(range(len(acts)), key=lambda i: (_play_value(view, acts[i], me, mins), -i))
    return acts[best]


class SmashUpBrain:
    game: AnyGame = GAME

    def policy(self, view: Any, legal: Legal, rng: random.Random) -> SmashUpAction | None:
        return policy(view, legal, rng)

    def searchable(self, view: Any, legal: Legal) -> bool:
        v: SmashUpView = view
        return (
            v.phase == "playing"
            and v.current == v.viewer
            and v.prompt is None
            and v.window is None
            and v.scoring is None
            and not v.aside
            and list(v.waiting_for) == [v.viewer]
            and not answers(legal)
        )

    def candidates(self, view: Any, legal: Legal, rng: random.Random) -> list[Play]:
        acts = _plays(legal)
        me = view.viewer
        mins = _minions(view)
        ranked = sorted(range(len(acts)), key=lambda i: -_play_value(view, acts[i], me, mins))
        return [acts[i] for i in ranked[:6]]

    def determinize(self, view: Any, rng: random.Random) -> SmashUpState:
        return determinize(view, rng)

    def rollout_done(self, start: Any, state: Any, me: int) -> bool:
        # the turn is over: the next player's turn has begun (or the game ended)
        return bool(state.turn != start.turn or state.phase != "playing")

    def evaluate(self, start: Any, state: Any, me: int) -> float:
        return evaluate(state, me)


def evaluate(s: SmashUpState, me: int) -> float:
    """VP against the best opponent's, and the VP the board promises."""
    return score(GAME.view(s, me))


def score(view: SmashUpView) -> float:
    """A view's worth to its viewer, on public figures only: a game won or
    lost, VP against the best opponent's, the VP the power on the bases
    promises (more as a base nears its breakpoint), and a little for cards in
    hand.  The search's evaluation and the yardstick's score."""
    me = view.viewer
    assert me is not None
    if view.phase == "over":
        return 100.0 if me in view.winners else -100.0
    seats = [pv.player for pv in view.players if not pv.left]
    vp = {pv.player: pv.vp for pv in view.players}
    hand = {pv.player: pv.hand for pv in view.players}
    board = dict.fromkeys(seats, 0.0)
    for b in view.bases:
        near = min(1.0, b.total / max(1, b.breakpoint))
        ranked = sorted(((v, p) for p, v in b.powers.items() if v > 0), reverse=True)
        for place, (_, p) in enumerate(ranked[:3]):
            if p in board:
                board[p] += b.vp[place] * (0.3 + 0.7 * near)
    mine = vp.get(me, 0) + 0.6 * board.get(me, 0.0)
    others = [vp.get(p, 0) + 0.6 * board[p] for p in seats if p != me]
    return mine - (max(others) if others else 0.0) + 0.1 * hand.get(me, 0)


class Unsure(Exception):
    """The view does not add up to a state this module can deal (the search steps aside)."""


def determinize(view: SmashUpView, rng: random.Random) -> SmashUpState:
    """A state ``view`` could have been made from, in the play phase with nothing
    pending: every card in sight keeps its uid; the uids out of sight (the other
    hands, every deck, the base deck, the discarded bases, the Madness deck)
    get the cards each place could hold, at random, in the view's counts.
    Temporary effects are not seen and start empty (but for powers, ``_keep_powers``);
    this turn's extra plays, minion plays and flags come from the view.
    Raises ``Unsure`` when the counts do not add up."""
    me = view.viewer
    if me is None or view.hand is None:
        raise Unsure("viewer")
    sight = _Sight(sum(view.zone_counts.values()))
    sight.read(view)
    hidden = [u for u in range(sight.total) if sight.cards[u] is None]
    rng.shuffle(hidden)
    hands, decks, at = _deal_players(view, me, sight, hidden, rng)
    piles = _deal_bases(view, sight, hidden[at:], rng)
    s = _world(view, me, sight, hands, decks, piles, rng)
    _keep_powers(s, view)
    return s


class _Sight:
    """What a view shows of the cards: each uid's card and owner (None, -1: out
    of sight), the bases' slots, the talents used, the discards."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.cards: list[str | None] = [None] * total
        self.owners = [-1] * total
        self.bases: list[BaseSlot] = []
        self.talents: list[int] = []
        self.discards: dict[int, list[int]] = {}

    def see(self, uid: int, card: str, owner: int) -> None:
        if not 0 <= uid < self.total:
            raise Unsure("uid")
        self.cards[uid] = card
        self.owners[uid] = owner

    def _attached(self, x: Any) -> Attached:
        self.see(x.uid, x.card, x.owner)
        if x.talent_used:
            self.talents.append(x.uid)
        return Attached(uid=x.uid, controller=x.controller, data=dict(x.data))

    def read(self, view: SmashUpView) -> None:
        for b in view.bases:
            self.see(b.uid, b.card, -1)
            if b.talent_used:
                self.talents.append(b.uid)
            slots = []
            for m in b.minions:
                self.see(m.uid, m.card, m.owner)
                if m.talent_used:
                    self.talents.append(m.uid)
                att = tuple(self._attached(x) for x in m.attached)
                slots.append(MinionSlot(uid=m.uid, controller=m.controller, attached=att))
            acts = tuple(self._attached(x) for x in b.actions)
            self.bases.append(BaseSlot(uid=b.uid, minions=tuple(slots), actions=acts))
        for ref in view.hand or []:
            self.see(ref.uid, ref.card, view.viewer if view.viewer is not None else -1)
        for pv in view.players:
            self.discards[pv.player] = [ref.uid for ref in pv.discard]
            for ref in pv.discard:
                self.see(ref.uid, ref.card, pv.player)
        for ref in view.aside:
            self.see(ref.uid, ref.card, -1)

    def seen_of(self, seats: Sequence[int]) -> tuple[dict[int, dict[str, int]], dict[int, int]]:
        """Each player's cards in sight (but Madness), and their Madness cards in sight."""
        madness = dict.fromkeys(seats, 0)
        seen: dict[int, dict[str, int]] = {p: {} for p in seats}
        for u, c in enumerate(self.cards):
            o = self.owners[u]
            if c is None or o < 0 or o not in seen:
                continue
            if c == _MADNESS:
                madness[o] += 1
            else:
                seen[o][c] = seen[o].get(c, 0) + 1
        return seen, madness


def _unseen_of(pv: Any, seen: dict[str, int], madness_seen: int) -> list[str]:
    """A player's cards out of sight: their factions' cards but those in sight,
    and their Madness cards not in sight."""
    pool: list[str] = []
    for f in pv.factions:
        for d in FACTIONS[f].cards:
            pool.extend([d.id] * d.copies)
    for c, n in seen.items():
        for _ in range(n):
            if c not in pool:
                raise Unsure("owner")
            pool.remove(c)
    pool.extend([_MADNESS] * max(0, pv.madness - madness_seen))
    return pool


def _deal_players(
    view: SmashUpView, me: int, sight: _Sight, hidden: list[int], rng: random.Random
) -> tuple[dict[int, list[int]], dict[int, list[int]], int]:
    """Each player's hidden places (another's hand, every deck) get that
    player's cards out of sight, at random, on the first of ``hidden``'s uids.
    Returns the hands, the decks and how many uids they took."""
    seen_of, madness_seen = sight.seen_of(view.seats)
    hands: dict[int, list[int]] = {}
    decks: dict[int, list[int]] = {}
    at = 0
    for pv in view.players:
        p = pv.player
        pool = _unseen_of(pv, seen_of[p], madness_seen[p])
        rng.shuffle(pool)
        n_hand = 0 if p == me else pv.hand
        if len(pool) != n_hand + pv.deck:
            raise Unsure("player")
        uids = hidden[at : at + len(pool)]
        at += len(pool)
        for u, c in zip(uids, pool, strict=True):
            sight.cards[u] = c
            sight.owners[u] = p
        hands[p] = [c.uid for c in view.hand or []] if p == me else uids[:n_hand]
        decks[p] = uids[n_hand:]
    return hands, decks, at


_Piles = tuple[list[int], list[int], list[int], list[str]]  # base discard, base deck, Madness deck, boxes


def _deal_bases(view: SmashUpView, sight: _Sight, rest: list[int], rng: random.Random) -> _Piles:
    """The uids left: the discarded bases (known), the base deck (bases of the
    boxes in sight, or of every box when those hold too few) and the Madness deck."""
    known_bases = [b.card for b in view.bases] + list(view.base_discard)
    boxes = {BASES[c].box for c in known_bases if c in BASES}
    base_pool = [b.id for b in BASES.values() if b.box in boxes]
    if len(base_pool) < len(known_bases) + view.base_deck:
        base_pool = [b.id for b in BASES.values()]
        boxes = {b.box for b in BASES.values()}
    for c in known_bases:
        if c in base_pool:
            base_pool.remove(c)
    madness_deck = view.madness_deck or 0
    if len(rest) != len(view.base_discard) + view.base_deck + madness_deck:
        raise Unsure("unseen")
    rng.shuffle(base_pool)
    if len(base_pool) < view.base_deck:
        raise Unsure("bases")
    fill = [*view.base_discard, *base_pool[: view.base_deck], *([_MADNESS] * madness_deck)]
    for u, c in zip(rest, fill, strict=True):
        sight.cards[u] = c
    n_disc = len(view.base_discard)
    return (
        rest[:n_disc],
        rest[n_disc : n_disc + view.base_deck],
        rest[n_disc + view.base_deck :],
        sorted(boxes),
    )


def _world(
    view: SmashUpView,
    me: int,
    sight: _Sight,
    hands: dict[int, list[int]],
    decks: dict[int, list[int]],
    piles: _Piles,
    rng: random.Random,
) -> SmashUpState:
    """The state of a world: its cards, and everything public as the view shows it."""
    base_discard, base_deck, madness, boxes = piles
    return SmashUpState(
        options=SmashUpOptions(goal=view.goal, turn_timer_ms=0, response_timer_ms=0),
        seed=rng.getrandbits(63),
        rng=rng.getrandbits(64),
        phase="playing",
        seats=list(view.seats),
        left=[pv.player for pv in view.players if pv.left],
        current=view.current if view.current is not None else me,
        turn=view.turn,
        boxes=boxes,
        pool=list(view.pool),
        madness_on=view.madness_deck is not None,
        cards=tuple(c if c is not None else _MADNESS for c in sight.cards),
        owners=sight.owners,
        factions={pv.player: list(pv.factions) for pv in view.players},
        hands=hands,
        decks=decks,
        discards=sight.discards,
        bases=tuple(sight.bases),
        base_deck=base_deck,
        base_discard=base_discard,
        madness=madness,
        aside=[ref.uid for ref in view.aside],
        vp={pv.player: pv.vp for pv in view.players},
        credits=list(view.credits),
        extras=dict(view.extras),
        played=list(view.played),
        memo=dict(view.memo),
        talents=sight.talents,
    )


def _keep_powers(s: SmashUpState, view: SmashUpView) -> None:
    """A power the world does not reach by itself came from an effect of this
    turn (public, but not in the view as such): it stays as a temporary one."""
    g = reader(s)
    temps: list[Temp] = []
    for b in view.bases:
        for m in b.minions:
            diff = m.power - g.power(m.uid)
            if diff:
                temps.append(Temp(kind="power", target=m.uid, by=m.controller, src="view", amount=diff))
    if temps:
        s.temps = tuple(temps)


def delay_ms(level: str) -> Any:
    median = {"easy": 5000.0, "hard": 2500.0, "lookahead": 2500.0, "random": 3000.0}[level]

    def delay(view: Any, rng: random.Random) -> int:
        return lognormal_ms(rng, median, 0.4, 600, 25_000)

    return delay


class _Guarded(Searcher):
    """The search, stepping aside for the heuristic when a view cannot be dealt."""

    def choose(self, view: Any, legal: Legal, rng: random.Random) -> SmashUpAction | None:
        try:
            return super().choose(view, legal, rng)
        except Unsure:
            return self.brain.policy(view, legal, rng)


class _GuardedLookahead(Lookahead):
    """The yardstick, stepping aside for the heuristic when a view cannot be dealt."""

    def choose(self, view: Any, legal: Legal, rng: random.Random) -> SmashUpAction | None:
        try:
            return super().choose(view, legal, rng)
        except Unsure:
            return self.brain.policy(view, legal, rng)


def make(level: str, playouts: int | None) -> Player:
    if level == "random":
        return Simple("smashup", level, random_policy, delay_ms(level))
    if level == "easy":
        return Simple("smashup", level, policy, delay_ms(level))
    if level == "lookahead":
        return _GuardedLookahead("smashup", level, SmashUpBrain(), delay_ms(level), score)
    return _Guarded("smashup", level, SmashUpBrain(), delay_ms(level), playouts=playouts or 36, horizon=120)


# --- the coach's reasons (``engine.players.coach``) -------------------------------------

HINT_KEYS = (
    "smashup-hint-wins",
    "smashup-hint-first",
    "smashup-hint-breaks",
    "smashup-hint-minion",
    "smashup-hint-boost",
    "smashup-hint-strike",
    "smashup-hint-action-base",
    "smashup-hint-action",
    "smashup-hint-madness",
    "smashup-hint-talent",
    "smashup-hint-end",
    "smashup-hint-move",
)


def reason(view: SmashUpView, legal: Legal, action: SmashUpAction) -> tuple[str, dict[str, Any]]:
    """Why the expert's ``action``, from the view alone: a minion that wins a base,
    takes first place or breaks it; an action on one's own minion or a rival's."""
    if isinstance(action, EndPlays):
        return "smashup-hint-end", {}
    if isinstance(action, UseTalent):
        return "smashup-hint-talent", {"card": _name_of(view, action.card)}
    if not isinstance(action, PlayCard):
        return "smashup-hint-move", {"move": action.type}
    card = _name_of(view, action.card)
    if card == _MADNESS:
        return "smashup-hint-madness", {"card": card}
    d = CARDS.get(card)
    bases = {b.uid: b for b in view.bases}
    if d is not None and d.minion and action.base in bases:
        return _minion_reason(view, bases[action.base], card, d.power)
    if action.minion is not None:
        mins = _minions(view)
        whose = mins.get(action.minion, (view.viewer, 0, 0))[0]
        key = "smashup-hint-boost" if whose == view.viewer else "smashup-hint-strike"
        return key, {"card": card, "minion": _name_of(view, action.minion)}
    if action.base in bases:
        return "smashup-hint-action-base", {"card": card, "base": bases[action.base].card}
    return "smashup-hint-action", {"card": card}


def _minion_reason(view: SmashUpView, b: Any, card: str, power: int) -> tuple[str, dict[str, Any]]:
    me = view.viewer
    mine = b.powers.get(me, 0)
    best = max((v for p, v in b.powers.items() if p != me), default=0)
    breaks = b.total + power >= b.breakpoint
    args: dict[str, Any] = {"card": card, "base": b.card, "power": power}
    if breaks and mine + power > best:
        return "smashup-hint-wins", args
    if mine + power > best >= mine:
        return "smashup-hint-first", args
    if breaks:
        return "smashup-hint-breaks", args
    return "smashup-hint-minion", args


def _name_of(view: SmashUpView, uid: int) -> str:
    """The card ``uid`` is, wherever the view shows it (the hand, a base, a minion,
    an action attached)."""
    for b in view.bases:
        if b.uid == uid:
            return b.card
        cards: list[Any] = [*b.minions, *b.actions, *(a for m in b.minions for a in m.attached)]
        for x in cards:
            if x.uid == uid:
                return str(x.card)
    return _card_of(view, uid) or ""
