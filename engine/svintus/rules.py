"""The Svintus rules: how each action and each passing of time changes a state.

Every function here works on a state that ``game.apply`` has already cloned,
so a ``RuleError`` raised half-way leaves the caller's state untouched.  No
clock and no I/O: ``now`` is always an argument.
"""

from __future__ import annotations

from engine.core import Event, RuleError, event, rng_below, rng_shuffle
from engine.svintus.cards import COLOR, COLORS, DECK_SIZE, KIND, Color, Kind, identical, matches
from engine.svintus.keys import Err, Ev
from engine.svintus.models import Attack, Race, SvintusOptions, SvintusState

MIN_PLAYERS = 2
MAX_PLAYERS = 10

Out = list[Event]

# How a card comes to be played.
TURN = "turn"
INTERCEPT = "intercept"
TRANSFER = "transfer"


# --- seats and turns -------------------------------------------------------


def next_player(s: SvintusState, p: int, steps: int = 1) -> int:
    seats = s.seats
    return seats[(seats.index(p) + s.direction * steps) % len(seats)]


def begin_turn(s: SvintusState, p: int, now: int, out: Out) -> None:
    s.current = p
    s.turn_started_ms = now
    s.drawn = []
    s.awaiting_color = False
    if s.silence == p:  # play came back round to whoever called the silence
        s.silence = None
        out.append(event(Ev.SILENCE_ENDED, player=p))


# --- cards moving ----------------------------------------------------------


def refill_deck(s: SvintusState, out: Out) -> None:
    """Shuffle the pile, all but its top card, into a new deck."""
    if len(s.pile) <= 1:
        return
    rest = s.pile[:-1]
    s.pile = s.pile[-1:]
    s.rng = rng_shuffle(s.rng, rest)
    s.deck = rest + s.deck
    out.append(event(Ev.DECK_RESHUFFLED, count=len(rest)))


def take(s: SvintusState, p: int, n: int, out: Out) -> int:
    """Player ``p`` takes ``n`` cards from the deck; returns how many there were."""
    hand = s.hands[p]
    taken = 0
    for _ in range(n):
        if not s.deck:
            refill_deck(s, out)
            if not s.deck:
                break
        hand.append(s.deck.pop())
        taken += 1
    return taken


def penalty(s: SvintusState, p: int, key: Ev, out: Out, **args: int) -> None:
    n = take(s, p, s.options.penalty_cards, out)
    out.append(event(key, player=p, count=n, **args))


def sync_one_card(s: SvintusState, now: int) -> None:
    """Track who is down to one card (for «Свинтус!» and «Поймать!»)."""
    since = s.one_card_since
    for p, hand in s.hands.items():
        if len(hand) == 1:
            if p not in since:
                since[p] = now
        elif p in since:
            del since[p]
            if p in s.declared:
                s.declared.remove(p)


# --- a round ---------------------------------------------------------------


def start_round(s: SvintusState, now: int, out: Out) -> None:
    s.round += 1
    s.phase = "playing"
    cards = list(range(DECK_SIZE))
    s.rng = rng_shuffle(s.rng, cards)
    n = s.options.hand_size
    for i, p in enumerate(s.seats):
        s.hands[p] = cards[i * n : (i + 1) * n]
    deck = cards[len(s.seats) * n :]
    # [decision] a special start card goes back into the deck at random
    # until a number card shows; the start card has no effect.
    for _ in range(DECK_SIZE):
        card = deck.pop()
        if KIND[card] is Kind.NUMBER:
            break
        s.rng, at = rng_below(s.rng, len(deck) + 1)
        deck.insert(at, card)
        out.append(event(Ev.START_CARD_RETURNED, card=card))
    s.deck = deck
    s.pile = [card]
    s.top_live = False
    s.color = COLOR[card]
    s.direction = 1
    s.attack = None
    s.race = None
    s.silence = None
    s.one_card_since = {}
    s.declared = []
    s.round_winner = None
    s.round_ended_ms = None
    # [decision] round 1 opens with a random player, later rounds with the
    # player after the previous round's winner.
    if s.last_winner in s.hands:
        first = s.seats[(s.seats.index(s.last_winner) + 1) % len(s.seats)]
    else:
        s.rng, i = rng_below(s.rng, len(s.seats))
        first = s.seats[i]
    out.append(event(Ev.ROUND_STARTED, round=s.round, player=first, card=card))
    begin_turn(s, first, now, out)


def end_round(s: SvintusState, winner: int, now: int, out: Out) -> None:
    points = sum(len(h) for p, h in s.hands.items() if p != winner)
    s.scores[winner] += points
    s.round_winner = winner
    s.last_winner = winner
    s.round_ended_ms = now
    s.attack = None
    s.race = None
    s.silence = None
    s.awaiting_color = False
    s.drawn = []
    s.one_card_since = {}
    s.declared = []
    out.append(event(Ev.ROUND_WON, player=winner, points=points, score=s.scores[winner]))
    if s.scores[winner] >= s.options.target_score:
        s.phase = "match_over"
        s.match_winner = winner
        out.append(event(Ev.MATCH_WON, player=winner, score=s.scores[winner]))
    else:
        s.phase = "round_over"


def new_match(players: list[int], seed: int, options: SvintusOptions, now: int) -> tuple[SvintusState, Out]:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError(Err.PLAYER_COUNT, min=MIN_PLAYERS, max=MAX_PLAYERS)
    if len(set(players)) != len(players):
        raise RuleError(Err.DUPLICATE_PLAYER)
    if options.hand_size * len(players) >= DECK_SIZE - 8:
        raise RuleError(Err.BAD_OPTIONS)
    s = SvintusState(
        options=options,
        seed=seed,
        rng=seed & ((1 << 64) - 1),
        clock_ms=now,
        seats=list(players),
        hands={p: [] for p in players},
        scores={p: 0 for p in players},
        deck=[],
        pile=[],
    )
    out: Out = []
    start_round(s, now, out)
    sync_one_card(s, now)
    return s, out


# --- playing a card --------------------------------------------------------


def classify_play(s: SvintusState, p: int, card: int) -> tuple[str | None, Err | None]:
    """How ``p`` may play ``card`` now (turn, intercept, transfer), or why not."""
    if card not in s.hands[p]:
        return None, Err.NOT_IN_HAND
    if s.race is not None:
        return None, Err.RACE_ON
    top = s.pile[-1]
    ident = s.top_live and identical(card, top)
    attack = s.attack
    if attack is not None:
        if p == attack.target and KIND[card] == attack.kind:
            return TRANSFER, None
        if ident:
            return INTERCEPT, None
        return None, Err.MUST_ANSWER_ATTACK if p == s.current else Err.NOT_IDENTICAL
    if p == s.current:
        if s.awaiting_color:
            return (INTERCEPT, None) if ident else (None, Err.CHOOSE_COLOR_FIRST)
        if s.drawn:
            if card in s.drawn:
                return TURN, None
            return (INTERCEPT, None) if ident else (None, Err.ONLY_DRAWN_CARD)
        if matches(card, top, s.color):
            return TURN, None
        return None, Err.NO_MATCH
    if ident:
        return INTERCEPT, None
    if not s.top_live and identical(card, top):
        return None, Err.START_CARD
    return None, Err.NOT_YOUR_TURN


def play(s: SvintusState, p: int, card: int, mode: str, now: int, out: Out) -> None:
    opts = s.options
    before = s.current
    attack = s.attack
    hand = s.hands[p]
    hand.remove(card)
    s.pile.append(card)
    s.top_live = True
    s.color = COLOR[card]
    s.attack = None
    s.drawn = []
    s.awaiting_color = False
    kind = KIND[card]

    if mode == INTERCEPT:
        out.append(event(Ev.INTERCEPTED, player=p, card=card, from_player=before))
        if s.silence == p:  # the caller of the silence has taken the turn
            s.silence = None
            out.append(event(Ev.SILENCE_ENDED, player=p))
    elif mode == TRANSFER:
        out.append(event(Ev.TRANSFERRED, player=p, card=card))
    else:
        out.append(event(Ev.PLAYED, player=p, card=card))
    s.current = p
    last = not hand

    if kind is Kind.GRAB or kind is Kind.SNORE:
        target = next_player(s, p)
        count = 0
        if kind is Kind.GRAB:
            grows = (
                attack is not None
                and attack.kind == "grab"
                and (mode == TRANSFER or (mode == INTERCEPT and opts.intercept_grows_grab))
            )
            count = attack.count + opts.grab_growth if grows and attack else opts.grab_cards
        if last:
            if kind is Kind.GRAB:  # a last Grab still makes its victim take
                n = take(s, target, count, out)
                out.append(event(Ev.LAST_GRAB, player=target, count=n))
            end_round(s, p, now, out)
            return
        s.attack = Attack(kind=kind.value, count=count, target=target)
        if kind is Kind.GRAB:
            out.append(event(Ev.GRAB_AIMED, player=target, count=count))
        else:
            out.append(event(Ev.SNORE_AIMED, player=target))
        begin_turn(s, target, now, out)
        return

    if kind is Kind.HOOFSLAP:
        deadline = now + opts.reaction_window_ms
        s.race = Race(by=p, deadline_ms=deadline, players=s.seats[:], then_end_round=last)
        s.current = next_player(s, p)
        s.turn_started_ms = now
        out.append(event(Ev.SLAP_RACE, player=p, until=deadline))
        return

    if last:
        end_round(s, p, now, out)
        return

    if kind is Kind.POLYPIG:
        s.color = None
        s.awaiting_color = True
        s.turn_started_ms = now
        out.append(event(Ev.COLOR_NEEDED, player=p))
        return
    if kind is Kind.TURNABOUT:
        s.direction = -s.direction
        out.append(event(Ev.DIRECTION, player=p, clockwise=s.direction == 1))
    elif kind is Kind.HUSH:
        s.silence = p
        out.append(event(Ev.SILENCE_STARTED, player=p))
    begin_turn(s, next_player(s, p), now, out)


# --- the other actions -----------------------------------------------------


def draw(s: SvintusState, p: int, now: int, out: Out) -> None:
    if take(s, p, 1, out) == 0:
        out.append(event(Ev.DRAW_SKIPPED, player=p))
        begin_turn(s, next_player(s, p), now, out)
        return
    out.append(event(Ev.DREW, player=p, count=1))
    card = s.hands[p][-1]
    if matches(card, s.pile[-1], s.color):
        s.drawn = [card]
    else:
        begin_turn(s, next_player(s, p), now, out)


def can_draw(s: SvintusState, p: int) -> Err | None:
    if s.race is not None:
        return Err.RACE_ON
    if p != s.current:
        return Err.NOT_YOUR_TURN
    if s.attack is not None:
        return Err.MUST_ANSWER_ATTACK
    if s.awaiting_color:
        return Err.CHOOSE_COLOR_FIRST
    if s.drawn:
        return Err.ALREADY_DREW
    if not s.options.draw_with_playable:
        top, color = s.pile[-1], s.color
        if any(matches(c, top, color) for c in s.hands[p]):
            return Err.MUST_PLAY
    return None


def pass_turn(s: SvintusState, p: int, now: int, out: Out) -> None:
    out.append(event(Ev.PASSED, player=p))
    begin_turn(s, next_player(s, p), now, out)


def accept(s: SvintusState, p: int, now: int, out: Out) -> None:
    attack = s.attack
    assert attack is not None
    s.attack = None
    if attack.kind == "grab":
        n = take(s, p, attack.count, out)
        out.append(event(Ev.GRAB_TAKEN, player=p, count=n))
    else:
        out.append(event(Ev.SNORE_TAKEN, player=p))
    begin_turn(s, next_player(s, p), now, out)


def choose_color(s: SvintusState, p: int, color: Color, now: int, out: Out, auto: bool = False) -> None:
    s.color = color
    s.awaiting_color = False
    out.append(event(Ev.COLOR_AUTO if auto else Ev.COLOR_CHOSEN, player=p, color=color.value))
    begin_turn(s, next_player(s, p), now, out)


def auto_color(s: SvintusState, p: int) -> Color:
    """The colour a player who ran out of time holds most of."""
    counts = {c: 0 for c in COLORS}
    for card in s.hands.get(p, ()):
        col = COLOR[card]
        if col is not None:
            counts[col] += 1
    return max(COLORS, key=lambda c: counts[c])


def catchable(s: SvintusState, catcher: int) -> list[int]:
    return [q for q in s.one_card_since if q != catcher and q not in s.declared]


def catch(s: SvintusState, p: int, now: int, out: Out) -> None:
    grace = s.options.reaction_window_ms
    for q in catchable(s, p):
        if now - s.one_card_since[q] >= grace:
            penalty(s, q, Ev.PENALTY_CAUGHT, out, catcher=p)
        else:
            out.append(event(Ev.CATCH_TOO_EARLY, player=p, target=q))


def slap(s: SvintusState, p: int, now: int, out: Out) -> None:
    race = s.race
    assert race is not None
    race.pressed.append(p)
    out.append(event(Ev.SLAPPED, player=p, place=len(race.pressed)))
    if all(q in race.pressed for q in race.players):
        close_race(s, now, out)


def close_race(s: SvintusState, now: int, out: Out) -> None:
    race = s.race
    assert race is not None
    s.race = None
    seated = [q for q in race.players if q in s.hands]
    missed = [q for q in seated if q not in race.pressed and q not in race.exempt]
    if any(q not in race.pressed for q in seated):
        for q in missed:
            penalty(s, q, Ev.PENALTY_SLAP_MISSED, out)
    else:
        losers = [q for q in reversed(race.pressed) if q in s.hands and q not in race.exempt]
        if losers:
            out.append(event(Ev.SLAP_ALL_IN, player=losers[0]))
            penalty(s, losers[0], Ev.PENALTY_SLAP_LAST, out)
    if race.then_end_round and race.by in s.hands and not s.hands[race.by]:
        end_round(s, race.by, now, out)
        return
    begin_turn(s, s.current, now, out)


def speak(s: SvintusState, p: int, out: Out) -> None:
    penalty(s, p, Ev.PENALTY_SILENCE, out)


def leave(s: SvintusState, p: int, now: int, out: Out) -> None:
    playing = s.phase == "playing"
    was_current = playing and s.current == p
    successor = next_player(s, p) if was_current else None
    hand = s.hands.pop(p)
    s.deck.extend(hand)
    s.rng = rng_shuffle(s.rng, s.deck)
    out.append(event(Ev.PLAYER_LEFT, player=p, count=len(hand)))
    s.seats.remove(p)
    s.scores.pop(p, None)
    s.timeouts.pop(p, None)
    s.one_card_since.pop(p, None)
    for lst in (s.away, s.declared):
        if p in lst:
            lst.remove(p)
    if len(s.seats) < MIN_PLAYERS:
        s.phase = "match_over"
        s.attack = None
        s.race = None
        s.silence = None
        s.awaiting_color = False
        s.drawn = []
        if s.seats:
            s.match_winner = s.seats[0]
            out.append(event(Ev.WALKOVER, player=s.seats[0]))
        else:
            out.append(event(Ev.ABANDONED))
        return
    if not playing:
        return
    if s.silence == p:
        s.silence = None
        out.append(event(Ev.SILENCE_ENDED, player=p))
    race = s.race
    if race is not None:
        if p in race.players:
            race.players.remove(p)
        if p in race.pressed:
            race.pressed.remove(p)
        if race.by == p:
            race.then_end_round = False
    if was_current:
        assert successor is not None
        if s.attack is not None:
            s.attack = None
            out.append(event(Ev.ATTACK_CANCELLED, player=p))
        if s.awaiting_color:
            s.rng, i = rng_below(s.rng, len(COLORS))
            s.color = COLORS[i]
            out.append(event(Ev.COLOR_AUTO, player=p, color=s.color.value))
        if race is not None:
            s.current = successor
            s.awaiting_color = False
            s.drawn = []
        else:
            begin_turn(s, successor, now, out)
    if race is not None and all(q in race.pressed for q in race.players):
        close_race(s, now, out)


def join(s: SvintusState, p: int, out: Out) -> None:
    s.seats.append(p)
    s.hands[p] = []
    s.scores[p] = 0
    out.append(event(Ev.PLAYER_JOINED, player=p))


# --- time ------------------------------------------------------------------


def deadline(s: SvintusState) -> int | None:
    if s.phase == "match_over":
        return None
    if s.phase == "round_over":
        assert s.round_ended_ms is not None
        return s.round_ended_ms + s.options.round_break_ms
    if s.race is not None:
        return s.race.deadline_ms
    timer = s.options.turn_timer_ms
    if timer <= 0:
        return None
    if s.current in s.away:
        if all(p in s.away for p in s.seats):
            return None  # everybody is away: the table waits for someone
        return s.turn_started_ms + s.options.away_autoplay_ms
    return s.turn_started_ms + timer


def timeout(s: SvintusState, now: int, out: Out) -> None:
    """«Не мешкай!»: the turn timer ran out (or an away player is played)."""
    p = s.current
    away = p in s.away
    if not away:
        s.timeouts[p] = s.timeouts.get(p, 0) + 1
        out.append(event(Ev.TIMEOUT, player=p))
    if s.awaiting_color:
        choose_color(s, p, auto_color(s, p), now, out, auto=True)
    elif s.attack is not None:
        accept(s, p, now, out)
    elif s.drawn:
        pass_turn(s, p, now, out)
    else:
        if take(s, p, 1, out):
            out.append(event(Ev.DREW, player=p, count=1))
        else:
            out.append(event(Ev.DRAW_SKIPPED, player=p))
        begin_turn(s, next_player(s, p), now, out)
    if not away and s.timeouts[p] >= s.options.away_after_timeouts:
        s.away.append(p)
        out.append(event(Ev.AWAY, player=p))


def fire(s: SvintusState, due: int, out: Out) -> None:
    if s.phase == "round_over":
        start_round(s, due, out)
    elif s.race is not None:
        close_race(s, due, out)
    else:
        timeout(s, due, out)
