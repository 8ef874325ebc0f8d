"""Svintus's computer players: the heuristic, and what its search needs.

The heuristic plays what fits (numbers first, in the colour it holds most of),
keeps a Polypig for when nothing else fits, transfers a Grab or Snore when it
can, intercepts whenever it can, declares «Свинтус!», catches, slaps and
reacts.  The search compares its own turn's options over rounds played out
with that heuristic, in worlds dealt consistently with its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Answer, AnyGame, Tick
from engine.players.base import (
    STEP_MS,
    Action,
    Lookahead,
    Player,
    Searcher,
    Simple,
    State,
    active,
    answers,
    dealt,
    lognormal_ms,
    movers,
    random_policy,
)
from engine.svintus.cards import COLOR, COLORS, DECK_SIZE, KIND, VALUE, Kind, fit_flags
from engine.svintus.game import GAME
from engine.svintus.models import (
    Attack,
    Duty,
    Play,
    Race,
    SvintusAction,
    SvintusOptions,
    SvintusState,
    SvintusView,
)

PLAYOUTS = 640  # the expert's default budget: playouts a decision (p99 about 150 ms of one core)
TURNS = 1  # how far its playouts go: to its own next turn
SURE = 2.0  # standard errors by which a candidate must beat the heuristic's choice
Legal = Sequence[SvintusAction]  # the engine's ``Moves`` or a plain list (``engine.players.base``)

# how much the heuristic likes to get rid of each kind of card on its turn
_KIND_SCORE = {
    Kind.GRAB: 9.0,
    Kind.SNORE: 7.0,
    Kind.TURNABOUT: 4.0,
    Kind.HUSH: 3.5,
    Kind.HOOFSLAP: 3.0,
    Kind.POLYPIG: 0.5,
}


def _play_score(card: int, hand: Sequence[int], next_count: int) -> float:
    kind = KIND[card]
    same = sum(1 for c in hand if c != card and COLOR[c] is not None and COLOR[c] == COLOR[card])
    if kind is Kind.NUMBER:
        value = VALUE[card] or 0
        return 5.0 + 0.5 * same + 0.05 * value
    score = _KIND_SCORE[kind] + 0.3 * same
    if kind is Kind.GRAB and next_count <= 3:
        score += 3.0
    return score


def _color_pick(view: SvintusView, options: Sequence[Any]) -> Any:
    hand = [c.id for c in view.hand or []]
    counts = {o: sum(1 for c in hand if COLOR[c] is not None and COLOR[c] == o) for o in options}
    return max(options, key=lambda o: (counts[o], -options.index(o)))


def _next_seat(view: SvintusView) -> int | None:
    """Who plays after the viewer."""
    me, seats = view.viewer, list(view.seats)
    return seats[(seats.index(me) + view.direction) % len(seats)] if me in seats else None


def lacked(view: SvintusView, player: int | None) -> Any:
    """The colour ``player`` was seen to lack: they drew on it rather than play
    (``view.drew_on``), and some of the cards they held then, none of it, they
    hold still; None if nothing was seen."""
    seen = view.drew_on.get(player) if player is not None else None
    if not seen:
        return None
    top, place, held = seen
    if held <= 0:
        return None
    return COLORS[place - 1] if place else COLOR[top]


def expert_colour(view: SvintusView, options: Sequence[Any]) -> Any:
    """The expert's colour for its Polypig: the one it holds most, unless the next
    player was seen to lack one — worth two cards of its own when all the next
    player holds are the cards they drew on it, less as they have drawn more since."""
    hand = [c.id for c in view.hand or []]
    nxt = _next_seat(view)
    lack = lacked(view, nxt)
    seen = view.drew_on.get(nxt) if nxt is not None else None
    share = seen[2] / max(1, view.hand_counts.get(nxt, 1)) if seen and nxt is not None else 0.0

    def worth(o: Any) -> float:
        held = sum(1 for c in hand if COLOR[c] is not None and COLOR[c] == o)
        return held + (LACK_WORTH * min(1.0, share) if lack is not None and lack == o else 0.0)

    return max(options, key=lambda o: (worth(o), -options.index(o)))


LACK_WORTH = 2.0  # a colour the next player lacks, against the cards one holds of a colour


def _answer(view: SvintusView, extra: Sequence[Answer], rng: random.Random) -> Answer | None:
    prompt = view.prompt
    if prompt is None or not extra:
        return None
    if prompt.kind == "color":
        return Answer(player=prompt.player, prompt=prompt.id, picks=[_color_pick(view, prompt.options)])
    # an ability's choice: any fitting answer will do for this heuristic
    return extra[rng.randrange(len(extra))]


def policy(view: SvintusView, legal: Legal, rng: random.Random) -> SvintusAction | None:
    extra = answers(legal)
    if extra:
        return _answer(view, extra, rng)
    acts = active(legal)
    if not acts:
        return None
    by: dict[str, list[SvintusAction]] = {}
    for a in acts:
        by.setdefault(a.type, []).append(a)
    me = view.viewer
    for urgent in ("slap", "react", "next_round"):
        if urgent in by:
            return by[urgent][0]
    if "pick_animal" in by:
        return by["pick_animal"][rng.randrange(len(by["pick_animal"]))]
    quiet = view.silence is not None
    if not quiet and "declare" in by:
        return by["declare"][0]
    mine = view.current == me or (view.attack is not None and view.attack.target == me)
    if not quiet and "catch" in by and not mine:  # a catch between one's own moves
        return by["catch"][0]
    plays = [a for a in acts if isinstance(a, Play)]
    attack = view.attack
    hand = [c.id for c in view.hand or []]
    if attack is not None and attack.target == me:
        transfers = [a for a in plays if KIND[a.card].value == attack.kind]
        if transfers:
            return transfers[0]
        if plays:
            return plays[0]  # an intercept of the attacking card
        return by["accept"][0] if "accept" in by else None
    if view.current != me:
        return plays[0] if plays else None  # an intercept: a card gone for free
    if plays:
        counts = view.hand_counts
        seats = list(view.seats)
        nxt = seats[(seats.index(me) + view.direction) % len(seats)] if me in seats else None
        left = counts.get(nxt, 8) if nxt is not None else 8
        return max(plays, key=lambda a: _play_score(a.card, hand, left))
    for t in ("draw", "pass", "accept"):
        if t in by:
            return by[t][0]
    return None


class SvintusBrain:
    game: AnyGame = GAME

    def policy(self, view: Any, legal: Legal, rng: random.Random) -> SvintusAction | None:
        return policy(view, legal, rng)

    def searchable(self, view: Any, legal: Legal) -> bool:
        v: SvintusView = view
        return (
            v.phase == "playing"
            and v.viewer is not None
            and v.prompt is None
            and not v.awaiting_color
            and v.race is None
            and v.ability is None
            and not v.duties
            and (v.current == v.viewer or (v.attack is not None and v.attack.target == v.viewer))
        )

    def candidates(self, view: Any, legal: Legal, rng: random.Random) -> list[SvintusAction]:
        keep = ("play", "draw", "pass", "accept", "ability")
        cands = [a for a in active(legal) if a.type in keep]
        first = policy(view, legal, rng)
        if first in cands:  # the heuristic's choice first: it wins ties
            cands.remove(first)
            cands.insert(0, first)
        return cands

    def determinize(self, view: Any, rng: random.Random) -> SvintusState:
        return determinize(view, rng)

    def rollout_done(self, start: Any, state: Any, me: int) -> bool:
        return bool(state.phase != "playing")

    def evaluate(self, start: Any, state: Any, me: int) -> float:
        return evaluate(start, state, me)


def evaluate(start: SvintusState, s: SvintusState, me: int) -> float:
    """Points won against the best opponent's; a round unfinished: cards in hand
    against the fewest an opponent holds (a pending Grab counts as its cards),
    and a little for the cards that defend a hand (a Polypig, a Grab or Snore to
    transfer)."""
    if s.phase == "match_over":
        return 1000.0 if s.match_winner == me else -1000.0
    gain = {p: s.scores.get(p, 0) - start.scores.get(p, 0) for p in s.seats}
    others = [p for p in s.seats if p != me]
    if not others:
        return 0.0
    value = float(gain.get(me, 0) - max(gain.get(p, 0) for p in others))
    if s.phase != "playing":
        return value + (_ROUND if s.round_winner == me else -_ROUND)
    counts = {p: len(h) for p, h in s.hands.items()}
    if s.attack is not None and s.attack.target in counts:
        counts[s.attack.target] += s.attack.count
    mine = counts.get(me, 0)
    value += min(counts.get(p, 0) for p in others) - mine
    value += sum(_KEEP.get(KIND[c], 0.0) for c in s.hands.get(me, ()))
    if mine == 1 and me not in s.declared:
        value -= 1.0  # a catch costs two cards
    return value


_ROUND = 20.0  # a round won, beyond its points
# what holding a card is worth at a playout's end: a Polypig fits anything, a
# Grab or Snore turns an attack back
_KEEP = {Kind.POLYPIG: 0.5, Kind.GRAB: 0.3, Kind.SNORE: 0.3}


def _my_turn(s: SvintusState, me: int) -> bool:
    return s.current == me and not s.prompts and s.race is None and s.ability is None


def until_mine(s: SvintusState, me: int, rng: random.Random, horizon: int, turns: int = 1) -> SvintusState:
    """Play ``s`` on with the heuristic until ``me`` has a turn of its own to
    choose on again, the ``turns``-th from now (or the round ends): everyone
    else's replies to its move (and its own moves in between, heuristic's).
    Who acts first among those who may (an intercept, a slap, a catch) is drawn
    at random each step, not the waiting order."""
    now = s.clock_ms
    away = s.current != me
    for _ in range(horizon):
        if s.phase != "playing":
            break
        if s.current != me:
            away = True
        elif away and _my_turn(s, me):
            turns -= 1
            if turns <= 0:
                break
            away = False
        order = movers(GAME, s)
        rng.shuffle(order)
        acted = False
        for p in order:
            legal = GAME.legal(s, p)
            if not legal:
                continue
            a = policy(GAME.view(s, p), legal, rng)
            if a is None or a.type == "leave":
                continue
            now += STEP_MS
            s, _ = GAME.apply(s, a, now)
            acted = True
            break
        if not acted:
            due = GAME.next_deadline(s)
            if due is None:
                break
            now = max(now, due)
            s, _ = GAME.apply(s, Tick(), now)
    return s


@dataclass
class Search(Searcher):
    """The expert: the search of ``engine.players.base.Searcher`` over short
    playouts (to its own next turn, ``until_mine``) scored by ``evaluate``:
    many worlds of a few moves each rather than few worlds of a whole round."""

    turns: int = 1  # how far a playout goes: to its own ``turns``-th turn from now

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The search's choice; a Polypig's colour, named from what the table saw
        (``expert_colour``): the heuristic's names the colour held most."""
        v: SvintusView = view
        prompt = v.prompt
        if prompt is not None and prompt.kind == "color" and prompt.player == v.viewer and answers(legal):
            return Answer(player=prompt.player, prompt=prompt.id, picks=[expert_colour(v, prompt.options)])
        return super().choose(view, legal, rng)

    def _playout(self, start: State, action: Action, me: int, rng: random.Random) -> float:
        try:
            s, _ = GAME.apply(start, action, start.clock_ms)
        except Exception:  # a world where the action is refused: count it as bad
            return -1e6
        return evaluate(start, until_mine(s, me, rng, self.horizon, self.turns), me)


def score(view: SvintusView) -> float:
    """The yardstick's look at a view, on public figures only: a round won or
    lost, points against the best opponent's, and hand sizes (a pending Grab
    counts as the cards its target will take)."""
    me = view.viewer
    assert me is not None
    if view.match_winner is not None or view.round_winner is not None:
        return 1000.0 if me in (view.match_winner, view.round_winner) else -1000.0
    counts = dict(view.hand_counts)
    if view.attack is not None and view.attack.target in counts:
        counts[view.attack.target] += view.attack.count
    others = [p for p in view.seats if p != me]
    if not others:
        return 0.0
    points = view.scores.get(me, 0) - max(view.scores.get(p, 0) for p in others)
    return 10.0 * points + min(counts.get(p, 0) for p in others) - counts.get(me, 0)


def determinize(view: SvintusView, rng: random.Random) -> SvintusState:
    """A state ``view`` could have been made from: the viewer's hand, the pile
    (seen played) and everything public as shown; the cards the viewer cannot
    see dealt at random to the other hands and the deck, in the view's counts.
    Timers are off (a playout needs no clock)."""
    me = view.viewer
    assert me is not None and view.hand is not None and view.top is not None
    hands, deck, pile = _deal_unseen(view, me, rng)
    s = _world(view, hands, deck, pile, rng)
    # the latest moment the view dates (a player down to one card, a race's
    # close): a catch's grace counts from there
    race = view.race.deadline_ms - 1 if view.race is not None else 0
    s.clock_ms = max([*view.one_card.values(), race])
    return s


def _deal_unseen(
    view: SvintusView, me: int, rng: random.Random
) -> tuple[dict[int, Sequence[int]], list[int], list[int]]:
    """The hands, deck and pile of a world: the viewer's hand, the pile (every
    card on it was seen played) and the deck's top (when the Owl shows it)
    where they are, every other card at random in the view's counts."""
    assert view.hand is not None and view.top is not None
    pile = list(view.pile) or [view.top.id]  # a view without the pile: its top alone is known
    known = {c.id for c in view.hand}
    known.update(pile)
    deck_top = view.deck_top.id if view.deck_top is not None else None
    if deck_top is not None:
        known.add(deck_top)
    pool = [c for c in range(DECK_SIZE) if c not in known]
    others = [p for p in view.seats if p != me]
    held = _held_unfit(view, others, pool, rng)
    if held:
        taken = {c for cards in held.values() for c in cards}
        pool = [c for c in pool if c not in taken]
    counts = [view.hand_counts[p] - len(held.get(p, ())) for p in others]
    deck_n = view.deck_count - (1 if deck_top is not None else 0)
    unseen_pile = view.pile_count - len(pile)  # under a pile the view does not show
    piles = dealt(pool, [*counts, deck_n, unseen_pile], rng)
    hands: dict[int, Sequence[int]] = {p: [*held.get(p, ()), *piles[i]] for i, p in enumerate(others)}
    hands[me] = [c.id for c in view.hand]
    deck = piles[len(others)] + ([deck_top] if deck_top is not None else [])
    return {p: hands[p] for p in view.seats}, deck, [*piles[len(others) + 1], *pile]


def _held_unfit(
    view: SvintusView, others: Sequence[int], pool: Sequence[int], rng: random.Random
) -> dict[int, list[int]]:
    """The cards of each opponent who drew on their turn rather than play
    (``view.drew_on``) that they held then and may hold still: none of them
    fitted that top, so they are dealt first, from the unseen cards that do not
    fit (as many as there are: a person may draw holding a card that fits)."""
    out: dict[int, list[int]] = {}
    for p in others:
        seen = view.drew_on.get(p)
        if not seen:
            continue
        top, place, held = seen
        n = min(held, view.hand_counts.get(p, 0))
        if n <= 0:
            continue
        fit = fit_flags(top, COLORS[place - 1] if place else None)
        taken = {c for cards in out.values() for c in cards}
        unfit = [c for c in pool if not fit[c] and c not in taken]
        out[p] = rng.sample(unfit, min(n, len(unfit)))
    return out


def _world(
    view: SvintusView,
    hands: dict[int, Sequence[int]],
    deck: list[int],
    pile: list[int],
    rng: random.Random,
) -> SvintusState:
    """The state of a world: its cards, and everything public as the view shows it."""
    options = SvintusOptions(
        target_score=view.target_score, turn_timer_ms=0, metamorphoses=bool(view.animals)
    )
    r = view.race
    race = (
        Race(by=r.by, deadline_ms=r.deadline_ms, players=list(r.players), pressed=list(r.pressed))
        if r
        else None
    )
    attack = view.attack
    return SvintusState(
        options=options,
        seed=rng.getrandbits(63),
        rng=rng.getrandbits(64),
        phase=view.phase,
        round=view.round,
        seats=list(view.seats),
        hands=hands,
        scores=dict(view.scores),
        deck=deck,
        pile=pile,
        top_live=view.top_live,
        color=view.color,
        current=view.current if view.current is not None else view.seats[0],
        direction=view.direction,
        attack=Attack(kind=attack.kind, count=attack.count, target=attack.target) if attack else None,
        drawn=list(view.drawn),
        silence=view.silence,
        race=race,
        one_card_since=dict(view.one_card),
        declared=list(view.declared),
        away=list(view.away),
        round_winner=view.round_winner,
        match_winner=view.match_winner,
        animals=dict(view.animals),
        dark=list(view.dark),
        duties=[Duty(player=d.player, until_ms=d.until_ms) for d in view.duties],
        skips=list(view.skips),
        drew_on=dict(view.drew_on),
    )


def delay_ms(level: str) -> Any:
    """A person's time to act: a slap or an intercept is a reflex, a turn is thought."""
    turn, reflex = {
        "easy": (2600.0, 1200.0),
        "hard": (1300.0, 650.0),
        "lookahead": (1300.0, 650.0),  # the expert's reflexes: the two differ by their decisions only
        "random": (1500.0, 900.0),
    }[level]

    def delay(view: Any, rng: random.Random) -> int:
        v: SvintusView = view
        fast = v.race is not None or (v.current != v.viewer and v.attack is None) or bool(v.duties)
        median = reflex if fast else turn
        return lognormal_ms(rng, median, 0.35, 250, 15_000)

    return delay


def make(level: str, playouts: int | None) -> Player:
    if level == "random":
        return Simple("svintus", level, random_policy, delay_ms(level))
    if level == "easy":
        return Simple("svintus", level, policy, delay_ms(level))
    if level == "lookahead":
        return Lookahead("svintus", level, SvintusBrain(), delay_ms(level), score)
    return Search(
        "svintus",
        level,
        SvintusBrain(),
        delay_ms(level),
        playouts=playouts or PLAYOUTS,
        horizon=40 * TURNS,
        turns=TURNS,
        sure=SURE,
    )


# --- the coach's reasons (``engine.players.coach``) -------------------------------------

HINT_KEYS = (
    "svintus-hint-only",
    "svintus-hint-grab",
    "svintus-hint-keep",
    "svintus-hint-colour",
    "svintus-hint-polypig",
    "svintus-hint-play",
    "svintus-hint-transfer",
    "svintus-hint-intercept",
    "svintus-hint-draw",
    "svintus-hint-draw-instead",
    "svintus-hint-pass",
    "svintus-hint-accept",
    "svintus-hint-declare",
    "svintus-hint-catch",
    "svintus-hint-slap",
    "svintus-hint-move",
    "svintus-hint-name-lacked",
    "svintus-hint-name-held",
)


def reason(view: SvintusView, legal: Legal, action: SvintusAction) -> tuple[str, dict[str, Any]]:
    """Why the expert's ``action`` (one of ``legal``), from the view alone: a locale
    key and its arguments (``card``: the card played; ``player``: whom it concerns)."""
    me = view.viewer
    plays = [a for a in active(legal) if isinstance(a, Play)]
    attack = view.attack
    if isinstance(action, Play):
        if attack is not None and attack.target == me:
            same = KIND[action.card].value == attack.kind
            return ("svintus-hint-transfer" if same else "svintus-hint-intercept"), {"card": action.card}
        if view.current != me:
            return "svintus-hint-intercept", {"card": action.card}
        return _play_reason(view, plays, action.card)
    prompt = view.prompt
    if isinstance(action, Answer) and prompt is not None and prompt.kind == "color" and action.picks:
        colour = action.picks[0]
        nxt = _next_seat(view)
        if nxt is not None and lacked(view, nxt) == colour:
            return "svintus-hint-name-lacked", {"color": str(colour), "player": nxt}
        return "svintus-hint-name-held", {"color": str(colour)}
    if action.type == "draw":
        return ("svintus-hint-draw-instead" if plays else "svintus-hint-draw"), {}
    if action.type == "accept":
        return "svintus-hint-accept", {"count": attack.count if attack is not None else 0}
    simple = {"pass": "svintus-hint-pass", "declare": "svintus-hint-declare", "slap": "svintus-hint-slap"}
    if action.type in simple:
        return simple[action.type], {}
    if action.type == "catch":
        caught = [p for p in view.one_card if p != me and p not in view.declared]
        if caught:
            return "svintus-hint-catch", {"player": caught[0]}
    return "svintus-hint-move", {"move": action.type}


def _play_reason(view: SvintusView, plays: Sequence[Play], card: int) -> tuple[str, dict[str, Any]]:
    """Why this card on one's own turn: the only one that fits, a Grab for a next
    player near the end, a Polypig kept, the colour held most."""
    if len({a.card for a in plays}) == 1:
        return "svintus-hint-only", {"card": card}
    hand = [c.id for c in view.hand or []]
    me = view.viewer
    seats = list(view.seats)
    nxt = seats[(seats.index(me) + view.direction) % len(seats)] if me in seats else None
    left = view.hand_counts.get(nxt, 8) if nxt is not None else 8
    kind = KIND[card]
    if kind is Kind.GRAB and nxt is not None and left <= 3:
        return "svintus-hint-grab", {"card": card, "player": nxt, "count": left}
    if kind is Kind.POLYPIG:
        return "svintus-hint-polypig", {"card": card}
    if any(KIND[c] is Kind.POLYPIG for c in hand):
        return "svintus-hint-keep", {"card": card}
    colours = [COLOR[c] for c in hand if COLOR[c] is not None]
    if COLOR[card] is not None and colours:
        most = max(colours.count(c) for c in colours)
        if colours.count(COLOR[card]) == most and most > 1:
            return "svintus-hint-colour", {"card": card}
    return "svintus-hint-play", {"card": card}
