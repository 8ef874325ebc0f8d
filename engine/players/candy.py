"""Candy Empire's computer players: the heuristic, and what its search needs.

The heuristic scores each move by what it does to the candies on the table,
its own against the best opponent's (``engine.candy.scoring``, on the empires
the view shows): a card into the empire for its candies and combos, a Thief
or a Policeman for what it takes, a Hitman for what it discards; it protects
its best card when nothing pays more, blocks a Policeman when the block costs
less than the theft.  The search compares its turn's moves over games played
out to the end with that heuristic, in worlds dealt consistently with its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.candy.cards import CANDIES, CHARACTER_OF, Character, deck_for
from engine.candy.game import GAME
from engine.candy.models import (
    CandyAction,
    CandyOptions,
    CandyState,
    CandyView,
    Discard,
    PlayToDiscard,
    PlayToEmpire,
    Protect,
)
from engine.candy.scoring import total_of
from engine.core import Answer, AnyGame
from engine.players.base import (
    Lookahead,
    Player,
    Searcher,
    Simple,
    active,
    answers,
    dealt,
    lognormal_ms,
    random_policy,
)

C = Character
Empires = dict[int, list[int]]
SURE = 2.0  # standard errors by which the search must beat the one-ply choice to overrule it
Legal = Sequence[CandyAction]  # the engine's ``Moves`` or a plain list (``engine.players.base``)
Turn = PlayToEmpire | PlayToDiscard | Protect | Discard  # a turn's moves


def _empires(view: CandyView) -> Empires:
    return {p: [c.id for c in cards] for p, cards in view.empires.items()}


def _full(view: CandyView) -> bool:
    return len(view.seats) > 2 or view.no_limits


def _standing(emp: Empires, me: int, full: bool, left: Sequence[int] = ()) -> float:
    """My candies against the best opponent's."""
    mine = total_of(emp.get(me, ()), full)
    others = [total_of(e, full) for p, e in emp.items() if p != me and p not in left]
    return float(mine - (max(others) if others else 0))


def _moved(emp: Empires, card: int, to: int | None) -> Empires:
    """``emp`` with ``card`` taken out of its empire and put into ``to``'s (None:
    discarded); the empires it leaves alone are shared."""
    out = dict(emp)
    for p, cards in emp.items():
        if card in cards:
            out[p] = [c for c in cards if c != card]
            break
    if to is not None:
        out[to] = [*out.get(to, []), card]
    return out


def _protected(view: CandyView) -> set[int]:
    return {c.id for cards in view.empires.values() for c in cards if c.protected}


def _best_take(
    emp: Empires, me: int, full: bool, shield: set[int], want: tuple[Character, ...] | None
) -> float:
    """The most a Thief (``want`` None) or Policeman could gain now (0: nothing)."""
    base = _standing(emp, me, full)
    best = 0.0
    for p, cards in emp.items():
        if p == me:
            continue
        for c in cards:
            if c in shield or (want is not None and CHARACTER_OF[c] not in want):
                continue
            best = max(best, _standing(_moved(emp, c, me), me, full) - base)
    return best


def _best_hit(emp: Empires, me: int, full: bool, shield: set[int]) -> float:
    base = _standing(emp, me, full)
    best = 0.0
    for cards in emp.values():
        for c in cards:
            if c in shield or CHARACTER_OF[c] is C.KIDNAPPER:
                continue
            best = max(best, _standing(_moved(emp, c, None), me, full) - base)
    return best


class _Table:
    """What every move's value needs of a view, worked out once."""

    def __init__(self, view: CandyView) -> None:
        me = view.viewer
        assert me is not None
        self.me = me
        self.emp = _empires(view)
        self.full = _full(view)
        self.shield = _protected(view)
        self.base = _standing(self.emp, me, self.full)
        self.takes: dict[tuple[Character, ...] | None, float] = {}
        self.hits: float | None = None


def _move_value(view: CandyView, a: Turn, t: _Table | None = None) -> float:
    if t is None:
        t = _Table(view)
    me, emp, full, shield, base = t.me, t.emp, t.full, t.shield, t.base
    if a.type == "empire":
        ch = CHARACTER_OF[a.card]
        after = _moved(emp, a.card, me)
        value = _standing(after, me, full) - base
        if ch is C.POLICEMAN:
            value += _best_take(after, me, full, shield, (C.PICKPOCKET, C.SNATCHER))
        elif ch is C.HITMAN:
            value += _best_hit(after, me, full, shield | {a.card})
        elif ch is C.BOSS:
            value += 0.5
        elif ch is C.JUDGE:
            value -= 0.5
        return value
    if a.type == "to_discard":
        if CHARACTER_OF[a.card] is C.CANDY_THIEF:
            if None not in t.takes:
                t.takes[None] = _best_take(emp, me, full, shield, None)
            return t.takes[None] - 0.2
        return 1.0  # a Lawyer: some card of the discard, and its ability
    if a.type == "protect":
        threat = 0.4 + 0.15 * max(0, int(CANDIES[a.protect]))
        return threat - 0.3 * max(0, int(CANDIES[a.card])) - 0.5
    if a.type == "discard":
        return -0.6 - 0.2 * max(0, int(CANDIES[a.card]))
    return -5.0


def _ranked(view: CandyView, acts: Sequence[Turn]) -> list[Turn]:
    """The turn's moves, best first by the heuristic."""
    t = _Table(view)
    values = [_move_value(view, a, t) for a in acts]
    order = sorted(range(len(acts)), key=lambda i: -values[i])
    return [acts[i] for i in order]


def _answer(view: CandyView, every: Sequence[Answer], rng: random.Random) -> Answer | None:
    prompt = view.prompt
    if prompt is None or not every:
        return None
    me = prompt.player
    emp = _empires(view)
    full = _full(view)
    base = _standing(emp, me, full)
    key = prompt.key

    def pick(values: dict[Any, float], decline: bool) -> Answer:
        if not values:
            return every[0]
        best = max(values, key=lambda o: values[o])
        if decline and values[best] <= 0 and prompt.min == 0:
            return Answer(player=me, prompt=prompt.id, picks=[])
        return Answer(player=me, prompt=prompt.id, picks=[best])

    opts = list(prompt.options)
    if key.endswith("thief") or key.endswith("policeman"):
        return pick({c: _standing(_moved(emp, int(c), me), me, full) - base for c in opts}, True)
    if key.endswith("hitman") or key.endswith("detective"):
        return pick({c: _standing(_moved(emp, int(c), None), me, full) - base for c in opts}, True)
    if key.endswith("lawyer"):
        return pick({c: _standing(_moved(emp, int(c), me), me, full) - base + 0.1 for c in opts}, False)
    if key.endswith("kidnapper"):
        values = {}
        for o in opts:
            gone = {p: [c for c in cards if CHARACTER_OF[c].value != o] for p, cards in emp.items()}
            values[o] = _standing(gone, me, full) - base
        return pick(values, False)
    if key.endswith("boss-return"):
        n = prompt.min
        worst = sorted(opts, key=lambda c: CANDIES[int(c)])[:n]
        return Answer(player=me, prompt=prompt.id, picks=worst)
    if key.endswith("boss-use"):
        return Answer(player=me, prompt=prompt.id, picks=[opts[0]])
    if key.endswith("judge") or key.endswith("sly-cop"):
        counts = view.hand_counts
        return Answer(player=me, prompt=prompt.id, picks=[max(opts, key=lambda q: counts.get(int(q), 0))])
    return every[rng.randrange(len(every))]


def _block_pays(view: CandyView) -> bool:
    r = view.reaction
    me = view.viewer
    if r is None or me is None:
        return False
    emp = _empires(view)
    full = _full(view)
    snatchers = [c.id for c in view.empires.get(me, []) if c.character is C.SNATCHER and not c.protected]
    blocked = _standing(emp, me, full)
    for c in snatchers[:2]:
        emp = _moved(emp, c, None)
    blocked = _standing(emp, me, full)
    emp0 = _empires(view)
    if r.card.character is C.POLICEMAN:
        take = r.take.id if r.take is not None else None
        allowed = (
            _standing(_moved(emp0, take, r.by), me, full) if take is not None else _standing(emp0, me, full)
        )
        return blocked > allowed
    return blocked >= _standing(emp0, me, full) - 1.0  # a Judge: a swap of hands, blocked when cheap


def policy(view: CandyView, legal: Legal, rng: random.Random) -> CandyAction | None:
    every = answers(legal)
    if every:
        return _answer(view, every, rng)
    acts = active(legal)
    if not acts:
        return None
    types = {a.type: a for a in acts}
    if "next_game" in types:
        return types["next_game"]
    if "block" in types or "allow" in types:
        if "block" in types and _block_pays(view):
            return types["block"]
        return types.get("allow")
    turn = [a for a in acts if a.type in ("empire", "to_discard", "protect", "discard")]
    if not turn:
        return None
    return _ranked(view, turn)[0]


class CandyBrain:
    game: AnyGame = GAME

    def policy(self, view: Any, legal: Legal, rng: random.Random) -> CandyAction | None:
        return policy(view, legal, rng)

    def searchable(self, view: Any, legal: Legal) -> bool:
        v: CandyView = view
        return (
            v.phase == "playing"
            and v.viewer is not None
            and v.current == v.viewer
            and v.prompt is None
            and v.reaction is None
            and not v.waiting_on[1:]
            and not answers(legal)
            and any(a.type == "empire" or a.type == "discard" for a in active(legal))
        )

    def candidates(self, view: Any, legal: Legal, rng: random.Random) -> list[Turn]:
        """The one-ply choice first (the move the search keeps unless another is
        surely better), then the heuristic's best three."""
        turn = [a for a in active(legal) if a.type in ("empire", "to_discard", "protect", "discard")]
        ranked = _ranked(view, turn)[:3]
        first = Lookahead("candy", "lookahead", self, delay_ms("lookahead"), score).choose(view, legal, rng)
        return [first, *(a for a in ranked if a != first)] if first in turn else ranked

    def determinize(self, view: Any, rng: random.Random) -> CandyState:
        return determinize(view, rng)

    def rollout_done(self, start: Any, state: Any, me: int) -> bool:
        return bool(state.phase != "playing")

    def evaluate(self, start: Any, state: Any, me: int) -> float:
        return evaluate(state, me)


def evaluate(s: CandyState, me: int) -> float:
    """A win (shared by a tie), and a little for the margin of candies."""
    full = s.full
    emp = {p: list(e) for p, e in s.empires.items()}
    margin = _standing(emp, me, full, s.left)
    if s.phase != "playing":
        win = (1.0 / len(s.winners)) if me in s.winners else 0.0
        return win + 0.02 * margin
    return 0.5 + 0.04 * margin


def score(view: CandyView) -> float:
    """The yardstick's look at a view, on public figures only: a game won or
    lost, the big game's points, and the candies in the empires against the
    best opponent's."""
    me = view.viewer
    assert me is not None
    value = _standing(_empires(view), me, _full(view), view.left)
    if view.phase != "playing" and view.winners:
        value += 100.0 if me in view.winners else -100.0
    others = [view.points.get(p, 0) for p in view.seats if p != me and p not in view.left]
    return value + 10.0 * (view.points.get(me, 0) - (max(others) if others else 0))


def determinize(view: CandyView, rng: random.Random) -> CandyState:
    """A state ``view`` could have been made from: the viewer's hand, every
    empire (and the discard, when shown) as seen; the cards the viewer cannot
    see dealt at random to the other hands, the deck and the face-down discard
    in the view's counts.  The turn timer is off."""
    me = view.viewer
    assert me is not None and view.hand is not None
    n = len(view.seats)
    cards = list(deck_for(n, view.no_limits))
    mine = [c.id for c in view.hand]
    known = set(mine)
    for e in view.empires.values():
        known.update(c.id for c in e)
    shown = [c.id for c in view.discard] if view.discard is not None else None
    if shown is not None:
        known.update(shown)
    pool = [c for c in cards if c not in known]
    others = [p for p in view.seats if p != me]
    counts = [view.hand_counts.get(p, 0) for p in others]
    hidden_discard = view.discard_count - (len(shown) if shown is not None else 0)
    piles = dealt(pool, [*counts, view.deck_count, hidden_discard], rng)
    hands: dict[int, Sequence[int]] = {p: piles[i] for i, p in enumerate(others)}
    hands[me] = mine
    discard = piles[len(others) + 1] + (shown or [])
    options = CandyOptions(
        reaction_window_ms=view.reaction_window_ms,
        turn_timer_ms=0,
        team_game=view.teams is not None,
        big_game=view.games > 1,
        defenceless=view.defenceless,
        no_limits=view.no_limits,
        open_discard=view.open_discard,
    )
    return CandyState(
        options=options,
        seed=rng.getrandbits(63),
        rng=rng.getrandbits(64),
        phase=view.phase,
        seats=list(view.seats),
        left=list(view.left),
        cards=cards,
        full=_full(view),
        deck=piles[len(others)],
        discard=discard,
        hands={p: hands.get(p, []) for p in view.seats},
        empires={p: [c.id for c in view.empires.get(p, [])] for p in view.seats},
        protected=sorted(_protected(view)),
        banned=list(view.banned),
        current=view.current if view.current is not None else view.seats[0],
        game_no=view.game_no,
        results=list(view.results),
        points=dict(view.points),
        candies=dict(view.candies),
        winners=list(view.winners),
    )


def delay_ms(level: str) -> Any:
    median = {"easy": 3500.0, "hard": 1800.0, "lookahead": 1800.0, "random": 2500.0}[level]

    def delay(view: Any, rng: random.Random) -> int:
        return lognormal_ms(rng, median, 0.35, 400, 4_500 if view.reaction is not None else 20_000)

    return delay


def make(level: str, playouts: int | None) -> Player:
    if level == "random":
        return Simple("candy", level, random_policy, delay_ms(level))
    if level == "easy":
        return Simple("candy", level, policy, delay_ms(level))
    if level == "lookahead":
        return Lookahead("candy", level, CandyBrain(), delay_ms(level), score)
    budget = playouts or 36
    return Searcher("candy", level, CandyBrain(), delay_ms(level), playouts=budget, horizon=200, sure=SURE)


# --- the coach's reasons (``engine.players.coach``) -------------------------------------

HINT_KEYS = (
    "candy-hint-empire",
    "candy-hint-empire-least",
    "candy-hint-ability",
    "candy-hint-thief",
    "candy-hint-lawyer",
    "candy-hint-protect",
    "candy-hint-discard",
    "candy-hint-block",
    "candy-hint-allow",
    "candy-hint-move",
)


def reason(view: CandyView, legal: Legal, action: CandyAction) -> tuple[str, dict[str, Any]]:
    """Why the expert's ``action``, from the view alone: the candies a card scores
    against the best rival, the ability that pays, the card kept safe."""
    if isinstance(action, PlayToEmpire):
        ch = CHARACTER_OF[action.card]
        if ch in (C.POLICEMAN, C.HITMAN):
            return "candy-hint-ability", {"card": action.card}
        t = _Table(view)
        gain = round(_standing(_moved(t.emp, action.card, t.me), t.me, t.full) - t.base)
        if gain > 0:
            return "candy-hint-empire", {"card": action.card, "count": gain}
        return "candy-hint-empire-least", {"card": action.card}
    if isinstance(action, PlayToDiscard):
        thief = CHARACTER_OF[action.card] is C.CANDY_THIEF
        return ("candy-hint-thief" if thief else "candy-hint-lawyer"), {"card": action.card}
    if isinstance(action, Protect):
        return "candy-hint-protect", {"card": action.card, "protected": action.protect}
    if isinstance(action, Discard):
        return "candy-hint-discard", {"card": action.card}
    if action.type in ("block", "allow"):
        return f"candy-hint-{action.type}", {}
    return "candy-hint-move", {"move": action.type}
