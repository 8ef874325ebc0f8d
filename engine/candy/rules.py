"""Candy Empire's table: setup, turns, drawing, the hand limit, the end of a game and scoring.

Abilities live in ``abilities.py``; leaving, the timer and time in ``table.py``.
Hands and empires are replaced when they change, never changed in place
(``take_out``, ``put_in``): a copy of the state shares them.

A § is a section of docs/rules/candy_empire.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import filterfalse
from typing import Final

from engine.candy.cards import CHARACTER_OF, Character, deck_for, is_full
from engine.candy.keys import Err, Ev
from engine.candy.models import CandyOptions, CandyState, GameResult, Score
from engine.candy.scoring import PLACE_POINTS, best, places, score_of
from engine.candy.seats import SEATS, seat
from engine.core import Event, RuleError, event, rng_below, rng_seed, rng_shuffle

Out = list[Event]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
HAND: Final = 3  # cards in hand after drawing
BIG_GAME_GAMES: Final = 5
BIG_GAME_MIN_PLAYERS: Final = 3
TEAM_PLAYERS: Final = 4


# --- who is who ------------------------------------------------------------------


def active(s: CandyState) -> list[int]:
    """The players still seated, in seat order."""
    left = s.left
    return [p for p in s.seats if p not in left]


def next_active(s: CandyState, p: int) -> int | None:
    """The next seated player after ``p`` (who may have left) in seat order."""
    seats = s.seats
    i = seats.index(p)
    n = len(seats)
    for k in range(1, n):
        q = seats[(i + k) % n]
        if q not in s.left:
            return q
    return None


def others(s: CandyState, p: int) -> list[int]:
    """Every other seat, in seat order from ``p``'s left (players who left included:
    their empires stay on the table)."""
    seats = s.seats
    i = seats.index(p) + 1
    return [*seats[i:], *seats[: i - 1]]


def teams(s: CandyState) -> list[list[int]] | None:
    """Team game: partners sit alternately."""
    if not s.options.team_game:
        return None
    return [list(s.seats[0::2]), list(s.seats[1::2])]


def owner_of(s: CandyState, card: int) -> int:
    for p, empire in s.empires.items():
        if card in empire:
            return p
    raise KeyError(card)


def unprotected(s: CandyState, p: int) -> tuple[int, ...]:
    """``p``'s unprotected empire cards, in empire order."""
    prot = s.protected
    empire = s.empires[p]
    return tuple(filterfalse(prot.__contains__, empire)) if prot else tuple(empire)


def unprotected_of(s: CandyState, p: int, *characters: Character) -> list[int]:
    """``p``'s unprotected empire cards of ``characters``, in empire order."""
    prot = s.protected
    return [c for c in s.empires[p] if CHARACTER_OF[c] in characters and c not in prot]


def can_block(s: CandyState, p: int) -> bool:
    """Two unprotected Snatchers in ``p``'s empire."""
    return len(unprotected_of(s, p, Character.SNATCHER)) >= 2


def scores(s: CandyState) -> dict[int, Score]:
    full = s.full
    empires = s.empires
    return {p: score_of(empires[p], full) for p in s.seats}


def team_totals(s: CandyState, sc: dict[int, Score]) -> list[int] | None:
    ts = teams(s)
    if ts is None:
        return None
    return [sum(sc[p].total for p in team) for team in ts]


# --- moving cards ----------------------------------------------------------------


def take_out(zone: dict[int, Sequence[int]], p: int, card: int) -> None:
    """``card`` leaves ``p``'s hand or empire (``zone``: ``s.hands`` or ``s.empires``)."""
    cards = list(zone[p])
    cards.remove(card)
    zone[p] = cards


def put_in(zone: dict[int, Sequence[int]], p: int, card: int) -> None:
    """``card`` joins the end of ``p``'s hand or empire."""
    zone[p] = [*zone[p], card]


def to_discard(s: CandyState, p: int, card: int) -> None:
    """A card leaves ``p``'s empire for the discard pile."""
    take_out(s.empires, p, card)
    s.discard.append(card)


def move_card(s: CandyState, card: int, source: int, target: int) -> None:
    """``card`` moves from ``source``'s empire to ``target``'s (its ability does not fire)."""
    take_out(s.empires, source, card)
    put_in(s.empires, target, card)


def draw(s: CandyState, p: int, n: int, out: Out, announce: bool = True) -> int:
    """``p`` draws up to ``n`` cards (what the deck has); which cards is told to ``p`` alone."""
    deck = s.deck
    k = n if n < len(deck) else len(deck)
    if k <= 0:
        return 0
    me = SEATS.get(p) or seat(p)
    if announce:
        out.append(me.drew_event(k))
    if k == 1:  # the usual end of a turn
        c = deck.pop()
        s.hands[p] = [*s.hands[p], c]
        out.append(me.drew_card[c] or me.make_drew_card(c))
        return 1
    drawn = deck[-k:]
    del deck[-k:]
    drawn.reverse()  # the top card first
    s.hands[p] = [*s.hands[p], *drawn]
    for c in drawn:
        out.append(me.drew_card[c] or me.make_drew_card(c))
    return k


def hand_limit(s: CandyState, p: int, out: Out) -> None:
    """More than 3 at the end of a turn: random cards from the hand are shuffled into the deck."""
    hand = list(s.hands[p])
    extra = len(hand) - HAND
    if extra <= 0:
        return
    for _ in range(extra):
        s.rng, i = rng_below(s.rng, len(hand))
        s.deck.append(hand.pop(i))
    s.hands[p] = hand
    s.rng = rng_shuffle(s.rng, s.deck)
    out.append(event(Ev.HAND_LIMIT, player=p, count=extra))


# --- setting up ----------------------------------------------------------------


def new_game(players: list[int], seed: int, options: CandyOptions, now: int) -> tuple[CandyState, Out]:
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleError(Err.PLAYER_COUNT, min=MIN_PLAYERS, max=MAX_PLAYERS)
    if len(set(players)) != n:
        raise RuleError(Err.DUPLICATE_PLAYER)
    if options.team_game and n != TEAM_PLAYERS:
        raise RuleError(Err.TEAM_NEEDS_FOUR)
    if options.big_game and n < BIG_GAME_MIN_PLAYERS:
        raise RuleError(Err.BIG_GAME_NEEDS_THREE)
    s = CandyState(
        options=options,
        seed=seed,
        rng=rng_seed(seed),
        seats=list(players),
        cards=list(deck_for(n, options.no_limits)),
        full=is_full(n, options.no_limits),
        clock_ms=now,
        timer_ms=now,
        points={p: 0 for p in players} if options.big_game else {},
        candies={p: 0 for p in players} if options.big_game else {},
    )
    out: Out = []
    deal(s, now, out)
    return s, out


def deal(s: CandyState, now: int, out: Out) -> None:
    """Shuffle, put 1 card (2 for two players) face down on the discard, deal 3 each,
    and let a random player start."""
    deck = list(s.cards)
    s.rng = rng_shuffle(s.rng, deck)
    seated = active(s)
    # [decision] two face down whenever two play, «Без границ» included
    face_down = 2 if len(seated) == 2 else 1
    s.discard = deck[-face_down:][::-1]
    del deck[-face_down:]
    dealt: dict[int, list[int]] = {p: [] for p in seated}
    for _ in range(HAND):
        for p in seated:
            dealt[p].append(deck.pop())
    s.deck = deck
    s.hands = {p: dealt.get(p, []) for p in s.seats}
    s.empires = {p: [] for p in s.seats}
    s.protected = []
    s.banned = []
    s.prompts = []
    s.reaction = None
    s.last_window = None
    s.winners = []
    s.rng, i = rng_below(s.rng, len(seated))
    first = seated[i]
    if s.options.big_game:
        out.append(event(Ev.BIG_GAME_STARTED, game=s.game_no, games=BIG_GAME_GAMES, player=first))
    else:
        out.append(event(Ev.STARTED, player=first, count=len(s.deck)))
    out.append(event(Ev.SETUP_DISCARD, count=face_down))
    begin_turn(s, first, now)


def begin_turn(s: CandyState, p: int, now: int) -> None:
    s.current = p
    s.acted = False
    s.boss_used = False
    s.timer_ms = now


# --- the end of a turn -----------------------------------------------------------


def settle(s: CandyState, now: int, out: Out) -> None:
    """Once the turn's action is done and nothing is left to answer, end the turn."""
    if s.acted and not s.prompts and s.reaction is None and s.phase == "playing":
        finish_turn(s, now, out)


def finish_turn(s: CandyState, now: int, out: Out) -> None:
    """Draw up to 3 (not after the Boss; the hand limit instead over 3), then pass
    play on, or end the game when the next player's hand is empty."""
    p = s.current
    hands = s.hands
    left = s.left
    if not left or p not in left:
        hand = hands[p]
        n = len(hand)
        if n < HAND and not s.boss_used:
            deck = s.deck
            if n == HAND - 1 and deck:  # the usual end of a turn: one card (``draw``, inline)
                c = deck.pop()
                hands[p] = [*hand, c]
                me = SEATS.get(p) or seat(p)
                out.append(me.drew[1] or me.drew_event(1))
                out.append(me.drew_card[c] or me.make_drew_card(c))
            else:
                draw(s, p, HAND - n, out)
        elif n > HAND:
            hand_limit(s, p, out)
    if left:
        nxt = next_active(s, p)
    else:  # everybody is seated: the next seat
        seats = s.seats
        nxt = seats[(seats.index(p) + 1) % len(seats)]
    if nxt is None or not hands[nxt]:
        end_game(s, now, out)
        return
    s.current = nxt
    s.acted = False
    s.boss_used = False
    s.timer_ms = now


def must_end_early(s: CandyState) -> bool:
    """Fewer than 2 players seated, or (team game) a team with nobody left at the table."""
    seated = active(s)
    if len(seated) < MIN_PLAYERS:
        return True
    ts = teams(s)
    return ts is not None and any(all(p in s.left for p in team) for team in ts)


# --- the end of a game ---------------------------------------------------------


def end_game(s: CandyState, now: int, out: Out) -> None:
    """Score (sheet §4), name the winners (ties share; players who left cannot
    win), and in a big game award places, then pause or end the match."""
    s.prompts = []
    s.reaction = None
    out.append(event(Ev.GAME_OVER))
    sc = scores(s)
    seated = active(s)
    ts = teams(s)
    if ts is not None:
        totals = [sum(sc[p].total for p in team) for team in ts]
        for team, total in zip(ts, totals, strict=True):
            out.append(event(Ev.TEAM_SCORE, player=team[0], partner=team[1], score=total))
        contenders = {i: (totals[i],) for i, team in enumerate(ts) if any(p in seated for p in team)}
        top = best(contenders)
        winners = [p for i in top for p in ts[i] if p in seated]
        for i in top:
            out.append(event(Ev.TEAM_WON, player=ts[i][0], partner=ts[i][1], score=totals[i]))
    else:
        for p in s.seats:
            out.append(event(Ev.SCORE, player=p, score=sc[p].total))
        winners = best({p: (sc[p].total,) for p in seated})
        for p in winners:
            out.append(event(Ev.WON, player=p, score=sc[p].total))
    if not s.options.big_game:
        s.results = [*s.results, GameResult(game=s.game_no, scores=sc, winners=winners)]
        s.winners = winners
        s.phase = "over"
        return
    ranks = places({p: sc[p].total for p in seated})
    pts = {p: PLACE_POINTS.get(r, 0) for p, r in ranks.items()}
    s.points = {p: n + pts.get(p, 0) for p, n in s.points.items()}
    s.candies = {p: n + (sc[p].total if p in ranks else 0) for p, n in s.candies.items()}
    for p in seated:
        out.append(event(Ev.PLACE, player=p, place=ranks[p], points=pts[p]))
    s.results = [*s.results, GameResult(game=s.game_no, scores=sc, places=ranks, points=pts, winners=winners)]
    if s.game_no < BIG_GAME_GAMES and not must_end_early(s):
        s.phase = "break"
        s.break_until = now + s.options.break_ms
        if s.options.break_ms == 0:
            next_game(s, now, out)
        return
    s.winners = best({p: (s.points[p], s.candies[p]) for p in seated})
    for p in s.winners:
        out.append(event(Ev.MATCH_WON, player=p, points=s.points[p], score=s.candies[p]))
    s.phase = "over"
    s.break_until = None


def next_game(s: CandyState, now: int, out: Out) -> None:
    s.game_no += 1
    s.phase = "playing"
    s.break_until = None
    deal(s, now, out)
