"""Candy Empire's table: setup, turns, drawing, the hand limit, the end of a game and scoring.

Abilities live in ``abilities.py``; leaving, the timer and time in ``table.py``.
"""

from __future__ import annotations

from engine.candy.cards import CHARACTER_OF, Character, combos_for, deck_for, is_full
from engine.candy.keys import Err, Ev
from engine.candy.models import CandyOptions, CandyState, GameResult, Score
from engine.candy.scoring import PLACE_POINTS, best, places, score
from engine.core import Event, RuleError, event, rng_below, rng_seed, rng_shuffle

Out = list[Event]

MIN_PLAYERS = 2
MAX_PLAYERS = 4
HAND = 3  # cards in hand after drawing
BIG_GAME_GAMES = 5
BIG_GAME_MIN_PLAYERS = 3
TEAM_PLAYERS = 4


# --- who is who ------------------------------------------------------------------


def active(s: CandyState) -> list[int]:
    """The players still seated, in seat order."""
    return [p for p in s.seats if p not in s.left]


def next_active(s: CandyState, p: int) -> int | None:
    """The next seated player after ``p`` (who may have left) in seat order."""
    i = s.seats.index(p)
    n = len(s.seats)
    for k in range(1, n + 1):
        q = s.seats[(i + k) % n]
        if q not in s.left and q != p:
            return q
    return None


def teams(s: CandyState) -> list[list[int]] | None:
    """Team game: partners sit alternately."""
    if not s.options.team_game:
        return None
    return [s.seats[0::2], s.seats[1::2]]


def owner_of(s: CandyState, card: int) -> int:
    for p, empire in s.empires.items():
        if card in empire:
            return p
    raise KeyError(card)


def unprotected(s: CandyState, p: int, *characters: Character) -> list[int]:
    """``p``'s unprotected empire cards (of ``characters``, when given), in empire order."""
    prot = s.protected
    return [c for c in s.empires[p] if c not in prot and (not characters or CHARACTER_OF[c] in characters)]


def can_block(s: CandyState, p: int) -> bool:
    """Two unprotected Snatchers in ``p``'s empire."""
    return len(unprotected(s, p, Character.SNATCHER)) >= 2


def scores(s: CandyState) -> dict[int, Score]:
    combos = combos_for(s.full)
    return {p: score(s.empires[p], combos) for p in s.seats}


def team_totals(s: CandyState, sc: dict[int, Score]) -> list[int] | None:
    ts = teams(s)
    if ts is None:
        return None
    return [sum(sc[p].total for p in team) for team in ts]


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
    s.deck = list(s.cards)
    s.rng = rng_shuffle(s.rng, s.deck)
    s.discard = []
    s.empires = {p: [] for p in s.seats}
    s.hands = {p: [] for p in s.seats}
    s.protected = []
    s.banned = []
    s.steps = []
    s.reaction = None
    s.last_window = None
    s.winners = []
    seated = active(s)
    # [decision] two face down whenever two play, «Без границ» included
    face_down = 2 if len(seated) == 2 else 1
    for _ in range(face_down):
        s.discard.append(s.deck.pop())
    for _ in range(HAND):
        for p in seated:
            s.hands[p].append(s.deck.pop())
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


# --- moving cards ----------------------------------------------------------------


def draw(s: CandyState, p: int, n: int, out: Out, announce: bool = True) -> int:
    """``p`` draws up to ``n`` cards (what the deck has); which cards is told to ``p`` alone."""
    k = min(n, len(s.deck))
    if k <= 0:
        return 0
    hand = s.hands[p]
    drawn = [s.deck.pop() for _ in range(k)]
    hand.extend(drawn)
    if announce:
        out.append(event(Ev.DREW, player=p, count=k))
    out.extend(event(Ev.DREW_CARD, to=p, card=c) for c in drawn)
    return k


def to_discard(s: CandyState, p: int, card: int) -> None:
    """A card leaves ``p``'s empire for the discard pile."""
    s.empires[p].remove(card)
    s.discard.append(card)


def hand_limit(s: CandyState, p: int, out: Out) -> None:
    """More than 3 at the end of a turn: random cards from the hand are shuffled into the deck."""
    hand = s.hands[p]
    extra = len(hand) - HAND
    if extra <= 0:
        return
    for _ in range(extra):
        s.rng, i = rng_below(s.rng, len(hand))
        s.deck.append(hand.pop(i))
    s.rng = rng_shuffle(s.rng, s.deck)
    out.append(event(Ev.HAND_LIMIT, player=p, count=extra))


# --- the end of a turn -----------------------------------------------------------


def settle(s: CandyState, now: int, out: Out) -> None:
    """Once the turn's action is done and nothing is left to answer, end the turn."""
    if s.phase == "playing" and s.acted and not s.steps and s.reaction is None:
        finish_turn(s, now, out)


def finish_turn(s: CandyState, now: int, out: Out) -> None:
    p = s.current
    if p not in s.left:
        if not s.boss_used:
            draw(s, p, HAND - len(s.hands[p]), out)
        hand_limit(s, p, out)
    nxt = next_active(s, p)
    if nxt is None or not s.hands[nxt]:
        end_game(s, now, out)
        return
    begin_turn(s, nxt, now)


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
    s.steps = []
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
        s.results.append(GameResult(game=s.game_no, scores=sc, winners=winners))
        s.winners = winners
        s.phase = "over"
        return
    ranks = places({p: sc[p].total for p in seated})
    pts = {p: PLACE_POINTS.get(r, 0) for p, r in ranks.items()}
    for p in seated:
        s.points[p] += pts[p]
        s.candies[p] += sc[p].total
        out.append(event(Ev.PLACE, player=p, place=ranks[p], points=pts[p]))
    s.results.append(GameResult(game=s.game_no, scores=sc, places=ranks, points=pts, winners=winners))
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
