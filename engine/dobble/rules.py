"""The Dobble rules: how a press, a leave and the passing of time change a state.

Every function here works on a state that ``Rules.apply`` has already cloned,
so a ``RuleError`` raised half-way leaves the caller's state untouched.  No
clock and no I/O: ``now`` is always an argument.  The state's sequences are
tuples, replaced and never changed in place (a copy of the state shares
them); only its dicts are copied, and changed.

The mini-games (docs/rules/dobble.md §3):

- Tower: one card each, the rest face down; a card is turned up in the
  centre; the symbol shared by *your* top card and the centre wins it, and it
  becomes your top card.  The deck empty: most cards wins.
- Well: everything dealt but the centre card; the symbol shared by your top
  card and the centre puts your card on the centre.  First to empty wins.
- Catch Them All: each round a centre card and one outer card per player; the
  symbol shared by the centre and an outer card wins that outer card.  When the
  outer cards are gone the centre card leaves play; after ``length`` rounds
  (fewer if the deck runs out) most cards wins.
- Poisoned Gift: as Tower, but the symbol shared by the centre and *another*
  player's top card sends the centre card to that player.  Fewest cards wins.

A tie for first place is settled by a duel: a centre card and one card for
each tied player, first right press wins.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NoReturn

from engine.core import Event, Out, RuleError, Wait, event, rng_below, rng_seed, rng_shuffle, wait
from engine.dobble.cards import CARD_COUNT, CARD_SETS, CARDS, LEFT_OUT, SHARED, SYMBOL_COUNT
from engine.dobble.keys import Err, Ev
from engine.dobble.models import DobbleOptions, DobbleState, Mode, Result, Spot, Won

MIN_PLAYERS = 2
MAX_PLAYERS = 8

# the events of most presses, made once (events are values): a miss's key, and
# the locks lifted (it has no arguments)
_WRONG = str(Ev.WRONG)
_LIFTED = Event(key=str(Ev.LOCKS_LIFTED))


# --- setting up ------------------------------------------------------------


def new_game(players: list[int], seed: int, options: DobbleOptions, now: int) -> tuple[DobbleState, Out]:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError(Err.PLAYER_COUNT, min=MIN_PLAYERS, max=MAX_PLAYERS)
    if len(set(players)) != len(players):
        raise RuleError(Err.DUPLICATE_PLAYER)
    rng = rng_seed(seed)
    unused: list[int] = []
    while len(unused) < LEFT_OUT:  # which two lines stay in the box: seeded
        rng, c = rng_below(rng, CARD_COUNT)
        if c not in unused:
            unused.append(c)
    s = DobbleState(
        options=options,
        seed=seed,
        rng=rng,
        clock_ms=now,
        players=tuple(players),
        unused=tuple(sorted(unused)),
        plan=tuple(options.plan()),
        deck=tuple(c for c in range(CARD_COUNT) if c not in unused),
        piles={p: () for p in players},
        points={p: 0 for p in players},
    )
    out: Out = []
    start_mode(s, now, options.countdown_ms, out)
    return s, out


def gather(s: DobbleState) -> list[int]:
    """Every card in play back into one deck, shuffled (and returned as a list
    for the caller to deal from its end, the top)."""
    deck = [*s.deck, *s.centre, *s.outer, *s.box]
    for p in s.players:
        deck += s.piles[p]
    s.rng = rng_shuffle(s.rng, deck)
    s.deck = ()
    s.centre = ()
    s.outer = ()
    s.box = ()
    s.piles = {p: () for p in s.players}
    s.faces = {}
    s.locked = ()
    return deck


def start_mode(s: DobbleState, now: int, delay: int, out: Out) -> None:
    """Set up the mini-game ``s.plan[s.mode_no]``; its first card shows after ``delay``."""
    deck = gather(s)
    s.round = s.rounds = 0
    s.emptied = None
    s.duel = ()
    s.duel_for = None
    s.standing = {}
    mode = s.mode
    n = len(s.players)
    out.append(event(Ev.MODE_STARTED, mode=mode, number=s.mode_no + 1, total=len(s.plan)))
    if mode in ("tower", "gift"):
        for p in s.players:
            s.piles[p] = (deck.pop(),)
        s.centre = (deck.pop(),)
        s.deck = tuple(deck)
    elif mode == "well":
        # Everything is dealt but the centre card; what does not share out
        # evenly lies face down under the centre card and never plays.
        top = deck.pop()
        each = len(deck) // n
        for p in s.players:
            s.piles[p] = tuple(deck.pop() for _ in range(each))
        s.centre = (*deck, top)
    else:  # catch
        s.deck = tuple(deck)
        s.rounds = min(s.options.length, len(deck) // (n + 1))
        deal_round(s, out)
    begin_countdown(s, now, delay)


def deal_round(s: DobbleState, out: Out) -> None:
    """Catch Them All: a centre card and one outer card per player."""
    s.round += 1
    n = len(s.players)
    deck = s.deck
    s.centre = (*s.centre, deck[-1])
    s.outer = deck[-n - 1 : -1][::-1]  # dealt one by one from the top, under the centre card
    s.deck = deck[: -n - 1]
    out.append(event(Ev.ROUND_STARTED, round=s.round, rounds=s.rounds))


def begin_countdown(s: DobbleState, now: int, delay: int) -> None:
    """A new card is coming: nothing counts until it is revealed."""
    s.locked = ()
    if delay <= 0:
        reveal(s)
    else:
        s.stage = "countdown"
        s.reveal_at = now + delay


def face_up(s: DobbleState) -> list[int]:
    """The cards whose faces the table shows while a card is up."""
    up: list[int] = []
    if s.centre:
        up.append(s.centre[-1])
    if s.mode == "catch" and not s.duel:
        up += s.outer
    else:
        up += [s.piles[p][-1] for p in s.players if s.piles[p]]
    return up


def reveal(s: DobbleState) -> None:
    """The countdown is over: the card is up.  Every card turned face up now
    gets its symbols in a fresh order (buttons cannot change size, so the
    order is what varies); cards already up keep theirs."""
    s.stage = "live"
    s.reveal_at = None
    s.locked = ()
    s.shown += 1
    faces: dict[int, tuple[int, ...]] = {}
    for c in face_up(s):
        order = s.faces.get(c)
        if order is None:
            symbols = list(CARDS[c])
            s.rng = rng_shuffle(s.rng, symbols)
            order = tuple(symbols)
        faces[c] = order
    s.faces = faces


# --- who may press what ----------------------------------------------------


def eligible(s: DobbleState) -> tuple[int, ...]:
    """Who takes part in the race now: the duellists in a duel, else everyone."""
    return s.duel if s.duel else s.players


def pair_cards(s: DobbleState, p: int) -> list[int]:
    """The cards a press of ``p`` may pair with the centre card right now."""
    if s.stage != "live" or not s.centre or p not in s.piles:
        return []
    if s.duel:
        return [s.piles[p][-1]] if p in s.duel else []
    mode = s.mode
    if mode == "catch":
        return list(s.outer)
    if mode == "gift":
        return [s.piles[q][-1] for q in s.players if q != p and s.piles[q]]
    return [s.piles[p][-1]] if s.piles[p] else []


def may_pair(s: DobbleState, p: int, card: int) -> bool:
    """Is ``card`` one of ``pair_cards(s, p)``?  (While a card is up, for a
    player at the table; without listing them: every press asks it.)"""
    if s.duel:
        if p not in s.duel:
            return False
        pile = s.piles[p]
        return bool(pile) and pile[-1] == card
    mode = s.plan[s.mode_no]
    if mode == "catch":
        return card in s.outer
    if mode == "gift":
        target = owner(s, card)
        return target is not None and target != p
    pile = s.piles[p]
    return bool(pile) and pile[-1] == card


@lru_cache(maxsize=2048)
def presses(
    player: int, shown: int, centre: int, card: int, centre_face: tuple[int, ...], card_face: tuple[int, ...]
) -> tuple[Spot, ...]:
    """Every press ``player`` may make on (``centre``, ``card``) in reveal
    ``shown``, in display order: the centre's symbols, then the other card's
    (their shared symbol once).

    ``legal`` lists these dozens of presses for every player on every call;
    a press is a value, so the presses of a reveal are built once and shared.
    Keyed on everything a press depends on (the symbol orders included), so a
    hit is always exactly what would be built.
    """
    shared = SHARED[centre][card]
    return tuple(
        Spot(player=player, symbol=x, centre=centre, card=card, shown=shown)
        for x in (*centre_face, *(y for y in card_face if y != shared))
    )


def owner(s: DobbleState, card: int) -> int | None:
    for p in s.players:
        pile = s.piles[p]
        if pile and pile[-1] == card:
            return p
    return None


# --- a press -----------------------------------------------------------------


def spot(s: DobbleState, a: Spot, now: int, out: Out) -> None:
    p = a.player
    card = a.card
    centre = s.centre
    if not (
        a.shown == s.shown
        and s.stage == "live"
        and centre
        and a.centre == centre[-1]
        and may_pair(s, p, card)
    ):
        refuse_stale(s, a)
    # a press on the cards up now: they are cards, so only the symbol may be out of range
    symbol = a.symbol
    if not 0 <= symbol < SYMBOL_COUNT:
        raise RuleError(Err.BAD_ACTION)
    locked = s.locked
    if p in locked:
        raise RuleError(Err.LOCKED)
    top = a.centre
    if symbol not in CARD_SETS[top] and symbol not in CARD_SETS[card]:
        raise RuleError(Err.NOT_ON_CARD)
    if SHARED[top][card] != symbol:
        # wrong: locked out until the next card (told to the player alone)
        s.locked = locked = (*locked, p)
        out.append(_wrong(p, symbol))
        lift_if_all_locked(s, out)
        return
    win(s, p, symbol, card, now, out)


def refuse_stale(s: DobbleState, a: Spot) -> NoReturn:
    """Refuse a press that was not made on the cards up now, saying why."""
    p = a.player
    if not (0 <= a.symbol < SYMBOL_COUNT and 0 <= a.centre < CARD_COUNT and 0 <= a.card < CARD_COUNT):
        raise RuleError(Err.BAD_ACTION)
    last = s.last
    if (
        last is not None
        and a.shown == last.shown
        and a.centre == last.centre
        and (not last.by_card or a.card == last.card)
    ):
        # a press on the card just won: right for it (somebody was
        # quicker), or not (it is simply an old card now)
        if p != last.player and SHARED[a.centre][a.card] == a.symbol:
            raise RuleError(Err.SECOND, winner=last.player, symbol=last.symbol)
        raise RuleError(Err.OLD_CARD)
    if s.stage == "countdown" and s.centre and a.centre == s.centre[-1]:
        # only a press naming the hidden card is early: one made on any
        # card that was up (an outer card caught before the round's last
        # one, say) is an old card, even while the next one counts down
        raise RuleError(Err.NOT_YET)
    if s.duel and p not in s.duel:
        raise RuleError(Err.NOT_IN_DUEL)
    raise RuleError(Err.OLD_CARD)


@lru_cache(maxsize=1024)
def _wrong(player: int, symbol: int) -> Event:
    """The event of a miss (most presses are): a value, so made once per player and symbol."""
    return Event(key=_WRONG, args={"player": player, "symbol": symbol}, to=player)


def lift_if_all_locked(s: DobbleState, out: Out) -> None:
    """When everybody still in the race has missed, the card would stay up for
    ever: the locks are lifted and the hunt goes on."""
    racers = s.duel or s.players
    locked = s.locked
    if not racers or len(locked) < len(racers):  # the cheap half: the locked are racers
        return
    for q in racers:
        if q not in locked:
            return
    s.locked = ()
    out.append(_LIFTED)


def win(s: DobbleState, p: int, symbol: int, card: int, now: int, out: Out) -> None:
    centre = s.centre[-1]
    s.locked = ()
    if s.duel:
        s.last = Won(player=p, symbol=symbol, centre=centre, card=card, shown=s.shown)
        out.append(event(Ev.DUEL_WON, player=p, symbol=symbol))
        settle_duel(s, p, now, out)
        return
    mode = s.mode
    delay = s.options.countdown_ms
    piles = s.piles
    if mode == "tower":
        s.centre = s.centre[:-1]
        piles[p] = (*piles[p], centre)
        s.last = Won(player=p, symbol=symbol, centre=centre, card=card, shown=s.shown)
        out.append(event(Ev.TOOK, player=p, symbol=symbol, count=len(piles[p])))
        next_centre(s, now, out)
    elif mode == "gift":
        target = owner(s, card)
        assert target is not None
        s.centre = s.centre[:-1]
        piles[target] = (*piles[target], centre)
        s.last = Won(player=p, symbol=symbol, centre=centre, card=card, target=target, shown=s.shown)
        out.append(event(Ev.GIFTED, player=p, target=target, symbol=symbol, count=len(piles[target])))
        next_centre(s, now, out)
    elif mode == "well":
        pile = piles[p]
        s.centre = (*s.centre, pile[-1])
        piles[p] = pile = pile[:-1]
        s.last = Won(player=p, symbol=symbol, centre=centre, card=card, shown=s.shown)
        out.append(event(Ev.PLAYED, player=p, symbol=symbol, count=len(pile)))
        if not pile:
            s.emptied = p
            end_mode(s, now, out)
        else:
            begin_countdown(s, now, delay)
    else:  # catch
        s.outer = tuple(c for c in s.outer if c != card)
        piles[p] = (*piles[p], card)
        s.faces.pop(card, None)
        s.last = Won(player=p, symbol=symbol, centre=centre, card=card, by_card=True, shown=s.shown)
        out.append(event(Ev.CAUGHT, player=p, symbol=symbol, count=len(piles[p])))
        if s.outer:
            return  # the centre and the other outer cards stay up: no countdown
        s.box = (*s.box, centre)
        s.centre = s.centre[:-1]
        s.faces = {}
        if s.round < s.rounds and len(s.deck) >= len(s.players) + 1:
            deal_round(s, out)
            begin_countdown(s, now, delay)
        else:
            end_mode(s, now, out)


def next_centre(s: DobbleState, now: int, out: Out) -> None:
    """Tower and Poisoned Gift: the next card of the deck, after a countdown."""
    if s.deck:
        s.centre = (*s.centre, s.deck[-1])
        s.deck = s.deck[:-1]
        begin_countdown(s, now, s.options.countdown_ms)
    else:
        end_mode(s, now, out)


# --- ends, ties and duels ----------------------------------------------------


def rank_key(mode: Mode, cards: int) -> int:
    """Lower is better: most cards win Tower and Catch Them All, fewest win
    Well (the emptied pile has none) and Poisoned Gift."""
    return -cards if mode in ("tower", "catch") else cards


def end_mode(s: DobbleState, now: int, out: Out) -> None:
    s.standing = {p: len(s.piles[p]) for p in s.players}
    keys = {p: rank_key(s.mode, n) for p, n in s.standing.items()}
    best = min(keys.values())
    tied = [p for p in s.players if keys[p] == best]
    if len(tied) > 1:
        start_duel(s, tied, "mode", now, out)
    else:
        finish_mode(s, tied[0], now, out)


def start_duel(s: DobbleState, tied: list[int], why: str, now: int, out: Out) -> None:
    """A one-card duel: all cards are gathered and shuffled; a centre card and
    one card for each tied player; the first right press wins."""
    deck = gather(s)
    s.duel = tuple(tied)
    s.duel_for = "mode" if why == "mode" else "match"
    s.centre = (deck.pop(),)
    for p in s.duel:
        s.piles[p] = (deck.pop(),)
    s.deck = tuple(deck)
    out.append(event(Ev.DUEL_STARTED, count=len(s.duel)))
    begin_countdown(s, now, s.options.countdown_ms)


def settle_duel(s: DobbleState, winner: int, now: int, out: Out) -> None:
    duellists = s.duel
    s.duel = ()
    if s.duel_for == "match":
        s.duel_for = None
        win_match(s, winner, out)
    else:
        s.duel_for = None
        finish_mode(s, winner, now, out, duellists)


def finish_mode(
    s: DobbleState, winner: int, now: int, out: Out, duellists: tuple[int, ...] | None = None
) -> None:
    """Places and placement points: a player's place is 1 + the number of
    players who did better (ties share a place; a duel's losers come second);
    points = players at the table − place, so last scores 0."""
    mode = s.mode
    tied = duellists or ()
    cards = {p: s.standing[p] for p in s.players}
    keys = {p: rank_key(mode, n) for p, n in cards.items()}
    places: dict[int, int] = {}
    for p in s.players:
        better = sum(1 for q in s.players if keys[q] < keys[p])
        places[p] = 1 + better + (1 if p in tied and p != winner else 0)
    places[winner] = 1
    n = len(s.players)
    points = {p: n - places[p] for p in s.players}
    for p, pts in points.items():
        s.points[p] = s.points.get(p, 0) + pts
    s.results = (*s.results, Result(mode=mode, winner=winner, cards=cards, places=places, points=points))
    match = s.options.mode == "match"  # points for a place mean something in a match only
    out.append(event(Ev.MODE_WON, mode=mode, player=winner, points=points[winner], match=match))
    if s.mode_no + 1 < len(s.plan):
        s.mode_no += 1
        start_mode(s, now, s.options.pause_ms + s.options.countdown_ms, out)
        return
    if s.options.mode != "match":
        game_over(s, (winner,))
        return
    best = max(s.points[p] for p in s.players)
    top = [p for p in s.players if s.points[p] == best]
    if len(top) > 1:
        start_duel(s, top, "match", now, out)
    else:
        win_match(s, top[0], out)


def win_match(s: DobbleState, winner: int, out: Out) -> None:
    out.append(event(Ev.MATCH_WON, player=winner, points=s.points.get(winner, 0)))
    game_over(s, (winner,))


def game_over(s: DobbleState, winners: tuple[int, ...]) -> None:
    s.stage = "over"
    s.reveal_at = None
    s.locked = ()
    s.duel = ()
    s.duel_for = None
    s.winners = winners


# --- leaving -----------------------------------------------------------------


def leave(s: DobbleState, p: int, now: int, out: Out) -> None:
    """A leaver's cards are set aside (out of play until the next mini-game's
    shuffle); with fewer than two players left the game ends."""
    pile = s.piles.pop(p)
    s.box = (*s.box, *pile)
    s.players = tuple(q for q in s.players if q != p)
    s.left = (*s.left, p)
    if p in s.locked:
        s.locked = tuple(q for q in s.locked if q != p)
    for c in pile:
        s.faces.pop(c, None)
    s.standing.pop(p, None)
    out.append(event(Ev.PLAYER_LEFT, player=p, count=len(pile)))
    if len(s.players) < MIN_PLAYERS:
        out.append(event(Ev.WALKOVER, player=s.players[0]))  # a game starts with two or more
        game_over(s, s.players)
        return
    if p in s.duel:
        s.duel = tuple(q for q in s.duel if q != p)
        if len(s.duel) == 1:
            settle_duel(s, s.duel[0], now, out)
            return
    if s.stage == "live":
        lift_if_all_locked(s, out)


# --- whom the game waits on -------------------------------------------------------


def waiting(s: DobbleState) -> list[Wait]:
    """A card up: everyone in the race who is not locked out, no deadline.
    A countdown: everyone in the race, until the reveal."""
    if s.stage == "over":
        return []
    racers = eligible(s)
    if s.stage == "countdown":
        return [wait("all", list(racers), s.reveal_at)]
    return [wait("all", [p for p in racers if p not in s.locked], None)]
