"""The Svintus rules: how each action and each passing of time changes a state.

Every function here works on a state that ``Rules.apply`` has already cloned,
so a ``RuleError`` raised half-way leaves the caller's state untouched.  No
clock and no I/O: ``now`` is always an argument.

A § is a section of docs/rules/svintus.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

from engine.core import Event, RuleError, ask, event, rng_below, rng_shuffle
from engine.svintus.animals import ANIMALS, LIGHT, NO_LIGHT, Animal, Light
from engine.svintus.cards import (
    COLOR,
    COLORS,
    DECK_SIZE,
    FACE_NO,
    IDENTICAL,
    KIND,
    VALUE,
    Color,
    Kind,
    fit_flags,
    fitting,
    identical,
    matches,
)
from engine.svintus.keys import Err, Ev, Pr
from engine.svintus.models import ABILITY_STEP, COLOR_STEP, Attack, Duty, Race, SvintusOptions, SvintusState

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10

Out = list[Event]
V = TypeVar("V")

# How a card comes to be played.
TURN: Final = "turn"
INTERCEPT: Final = "intercept"
TRANSFER: Final = "transfer"


def without(items: Sequence[int], p: int) -> list[int]:
    """``items`` without ``p`` (a new list: the state's part is replaced, never changed)."""
    return [q for q in items if q != p]


def dropped(items: Mapping[int, V], p: int) -> dict[int, V]:
    """``items`` without the key ``p`` (a new dict)."""
    return {q: v for q, v in items.items() if q != p}


# --- animals (§7) ----------------------------------------------------------


def light(s: SvintusState, p: int) -> Light:
    """The standing rule of ``p``'s animal, if it shows its light side."""
    animal = s.animals.get(p)
    if animal is None or p in s.dark:
        return NO_LIGHT
    return LIGHT[animal]


def flip_dark(s: SvintusState, p: int, out: Out) -> None:
    animal = s.animals.get(p)
    if animal is not None and p not in s.dark and s.phase == "playing":
        s.dark = [*s.dark, p]
        out.append(event(Ev.FLIPPED_DARK, player=p, animal=animal.value))


def pick_animal(s: SvintusState, p: int, animal: Animal, now: int, out: Out) -> None:
    """Setup with chosen animals: ``p`` takes ``animal``; once all have one, the round starts."""
    owner = next((q for q, a in s.animals.items() if a == animal), None)
    if owner == p:
        raise RuleError(Err.ANIMAL_ALREADY_YOURS)
    if owner is not None:
        raise RuleError(Err.ANIMAL_TAKEN, player=owner)
    s.animals = {**s.animals, p: animal}
    out.append(event(Ev.ANIMAL_PICKED, player=p, animal=animal.value))
    if all(q in s.animals for q in s.seats):
        finish_setup(s, now, out)


def finish_setup(s: SvintusState, now: int, out: Out) -> None:
    """Deal a random free animal to whoever has none, then the first round."""
    for p in s.seats:
        if p not in s.animals:
            give_animal(s, p)
            out.append(event(Ev.ANIMAL_DEALT, player=p, animal=s.animals[p].value))
    s.setup_until_ms = None
    start_round(s, now, out)


def give_animal(s: SvintusState, p: int) -> None:
    free = [a for a in ANIMALS if a not in s.animals.values()]
    s.rng, i = rng_below(s.rng, len(free))
    s.animals = {**s.animals, p: free[i]}


# --- seats and turns -------------------------------------------------------


def next_player(s: SvintusState, p: int, steps: int = 1) -> int:
    seats = s.seats
    return seats[(seats.index(p) + s.direction * steps) % len(seats)]


def following(s: SvintusState, p: int, out: Out) -> int:
    """Whose turn comes after ``p``'s, passing over those who lose a turn."""
    seats = s.seats
    q = seats[(seats.index(p) + s.direction) % len(seats)]
    if not s.skips:
        return q
    for _ in range(2 * len(seats) + 2):
        if q not in s.skips:
            break
        s.skips = without(s.skips, q)
        out.append(event(Ev.TURN_LOST, player=q))
        came_round(s, q, out)
        q = next_player(s, q)
    return q


def pass_on(s: SvintusState, p: int, now: int, out: Out) -> None:
    """Play passes on from ``p``."""
    begin_turn(s, following(s, p, out), now, out)


def begin_turn(s: SvintusState, p: int, now: int, out: Out) -> None:
    s.current = p
    s.turn_started_ms = now
    if s.drawn:
        s.drawn = []
    if s.prompts:
        drop_prompts(s, COLOR_STEP)
    if s.silence == p:
        came_round(s, p, out)


def drop_prompts(s: SvintusState, then: str | None = None, player: int | None = None) -> None:
    """Close the open prompts of one kind (``then``), or of one player."""
    if s.prompts:
        s.prompts = [
            x
            for x in s.prompts
            if not ((then is None or x.then == then) and (player is None or x.prompt.player == player))
        ]


def ask_color(s: SvintusState, p: int, prompt_id: int | None = None) -> None:
    """A Polypig was played: ``p`` must name the colour (a prompt of their turn)."""
    if prompt_id is not None:
        s.prompt_seq = prompt_id - 1
    ask(s, p, Pr.POLYPIG_COLOR, "color", [c.value for c in COLORS], then=COLOR_STEP)


def came_round(s: SvintusState, p: int, out: Out) -> None:
    """Play has come round to ``p``, for a turn they play or lose (a Snore, a skip,
    a Snore the Rooster passes on): a silence they called is over."""
    if s.silence == p:
        s.silence = None
        out.append(event(Ev.SILENCE_ENDED, player=p))


# --- cards moving ----------------------------------------------------------


def refill_deck(s: SvintusState, out: Out) -> None:
    """Shuffle the pile, all but its top card, into a new deck."""
    if len(s.pile) <= 1:
        return
    rest = list(s.pile[:-1])
    s.pile = [s.pile[-1]]
    s.rng = rng_shuffle(s.rng, rest)
    s.deck = [*rest, *s.deck]
    out.append(event(Ev.DECK_RESHUFFLED, count=len(rest)))


def take(s: SvintusState, p: int, n: int, out: Out, forced: bool = True) -> int:
    """Player ``p`` takes ``n`` cards from the deck; returns how many there were.

    ``forced``: they must take them (a Grab, a penalty...), as opposed to a
    draw of their own choosing; animals change only what one must take.
    """
    hand = list(s.hands[p])
    taken = 0
    if forced and s.animals:
        lt = light(s, p)
        if lt.fewer_from and n >= lt.fewer_from:
            n -= 1
            out.append(event(Ev.MOUSE_SPARED, player=p, count=n))
        if lt.takes_from_pile and len(s.pile) > 1:
            pile = list(s.pile)
            while taken < n and len(pile) > 1:
                hand.append(pile.pop(-2))  # from just under the top card
                taken += 1
            s.pile = pile
            if taken:
                out.append(event(Ev.FROM_PILE, player=p, count=taken))
    while taken < n:
        if not s.deck:
            refill_deck(s, out)
            if not s.deck:
                break
        deck = s.deck
        top = len(deck) - 1
        k = min(n - taken, top + 1)
        for i in range(k):  # one by one from the top (the end)
            hand.append(deck[top - i])
        s.deck = deck[: top + 1 - k]
        taken += k
    if taken:
        s.hands[p] = hand
    return taken


def penalty(s: SvintusState, p: int, key: Ev, out: Out, **args: int) -> None:
    n = take(s, p, s.options.penalty_cards, out)
    out.append(event(key, player=p, count=n, **args))


def sync_one_card(s: SvintusState, now: int) -> bool:
    """Track who is down to one card (for «Свинтус!» and «Поймать!»); whether
    someone's hand is empty."""
    since = s.one_card_since  # the state's own (copied with it): changed in place
    emptied = False
    for p, hand in s.hands.items():
        n = len(hand)
        if n == 1:
            if p not in since:
                since[p] = now
        else:
            if n == 0:
                emptied = True
            if since and p in since:
                del since[p]
                if p in s.declared:
                    s.declared = without(s.declared, p)
    return emptied


# --- a round ---------------------------------------------------------------


def start_round(s: SvintusState, now: int, out: Out) -> None:
    s.round += 1
    s.phase = "playing"
    cards = list(range(DECK_SIZE))
    s.rng = rng_shuffle(s.rng, cards)
    n = s.options.hand_size
    s.hands = {p: cards[i * n : (i + 1) * n] for i, p in enumerate(s.seats)}
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
    s.dark = []  # every animal starts a round on its light side
    s.ability = None
    s.prompts = []
    s.duties = []
    s.skips = []
    s.drew_on = {}
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
    s.scores = {**s.scores, winner: s.scores[winner] + points}
    s.round_winner = winner
    s.last_winner = winner
    s.round_ended_ms = now
    s.attack = None
    s.race = None
    s.silence = None
    s.prompts = []
    s.drawn = []
    s.one_card_since = {}
    s.declared = []
    s.ability = None
    s.duties = []
    s.skips = []
    s.drew_on = {}
    out.append(event(Ev.ROUND_WON, player=winner, points=points, score=s.scores[winner]))
    if s.scores[winner] >= s.options.target_score:
        s.phase = "match_over"
        s.match_winner = winner
        out.append(event(Ev.MATCH_WON, player=winner, score=s.scores[winner]))
    else:
        s.phase = "round_over"


def settle(s: SvintusState, now: int, out: Out) -> None:
    """§6: a player whose hand has become empty, by whatever means, wins the round
    as soon as nothing they must resolve is pending.  Then who holds one card."""
    if sync_one_card(s, now) and s.phase == "playing" and _settle(s, now, out):
        sync_one_card(s, now)  # the round is over: who holds one card now


def _settle(s: SvintusState, now: int, out: Out) -> bool:
    # [decision] a dark ability resolves whole, whoever's it is (the Silver Fox
    # gives 2 right after taking a last card), and a slap race is everyone's to
    # answer (the loser takes cards): the round ends only after them.
    if s.ability is not None or s.race is not None:
        return False
    seats = s.seats
    start = seats.index(s.current) if s.current in seats else 0
    for i in range(len(seats)):
        q = seats[(start + s.direction * i) % len(seats)]
        if not s.hands[q] and not (s.awaiting_color and q == s.current):  # a colour is named first
            end_round(s, q, now, out)
            return True
    return False


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
    if options.metamorphoses and options.animal_deal == "chosen":
        # a setup phase: everyone picks an animal (until the timer, then at random)
        s.phase = "setup"
        s.deck = list(range(DECK_SIZE))  # the cards wait in the box until the deal
        s.setup_until_ms = now + options.setup_timer_ms
        out.append(event(Ev.SETUP_STARTED, until=s.setup_until_ms))
        return s, out
    if options.metamorphoses:
        for p in s.seats:
            give_animal(s, p)
    start_round(s, now, out)
    sync_one_card(s, now)
    return s, out


# --- playing a card --------------------------------------------------------


def fits(s: SvintusState, p: int, card: int) -> bool:
    """Does ``card`` match the pile for ``p`` (the Chameleon's rule included)?"""
    top = s.pile[-1]
    if matches(card, top, s.color):
        return True
    return (
        KIND[top] is Kind.POLYPIG
        and KIND[card] is Kind.NUMBER
        and bool(s.animals)
        and light(s, p).numbers_on_polypig
    )


def forbidden(s: SvintusState, p: int, card: int, mode: str) -> Err | None:
    """What ``p``'s animal forbids of playing ``card`` this way, if anything."""
    lt = light(s, p)
    if lt is NO_LIGHT:
        return None
    if lt.no_polypig and KIND[card] is Kind.POLYPIG:
        return Err.ANIMAL_NO_POLYPIG
    if lt.no_intercept and mode == INTERCEPT:
        return Err.ANIMAL_NO_INTERCEPT
    if lt.no_transfer and mode == TRANSFER:
        return Err.ANIMAL_NO_TRANSFER
    if lt.no_higher_number and mode == TURN:
        top = s.pile[-1]
        value, on = VALUE[card], VALUE[top]
        if value is not None and on is not None and KIND[top] is Kind.NUMBER and value > on:
            return Err.ANIMAL_NUMBER_TOO_HIGH
    return None


def playable_on_turn(s: SvintusState, p: int, card: int) -> bool:
    """May ``p`` play ``card`` on their own turn?  An identical card is the
    intercept it is (so not for the Turtle)."""
    if not s.animals:
        return card in fitting(s.pile[-1], s.color)
    if not fits(s, p, card):
        return False
    mode = INTERCEPT if s.top_live and identical(card, s.pile[-1]) else TURN
    return forbidden(s, p, card, mode) is None


def classify_play(s: SvintusState, p: int, card: int) -> tuple[str | None, Err | None]:
    """How ``p`` may play ``card`` now (turn, intercept, transfer), or why not."""
    mode, err = _classify(s, p, card)
    if mode is not None and s.animals:
        err = forbidden(s, p, card, mode)
        if err is not None:
            return None, err
    return mode, err


def _classify(s: SvintusState, p: int, card: int) -> tuple[str | None, Err | None]:
    """``classify_play`` before the animals have their say."""
    if card not in s.hands[p]:
        return None, Err.NOT_IN_HAND
    if s.race is not None:
        return None, Err.RACE_ON
    if s.ability is not None:  # [decision] nobody plays across a dark ability in use
        return None, Err.ABILITY_ON
    top = s.pile[-1]
    ident = s.top_live and FACE_NO[card] == FACE_NO[top]
    attack = s.attack
    if attack is not None:
        # [decision] the target's same-name card is a transfer even when identical
        # (the sheet's Hare may not transfer "not even with the identical card").
        if p == attack.target and KIND[card] == attack.kind:
            return TRANSFER, None
        if ident:
            return INTERCEPT, None
        return None, Err.MUST_ANSWER_ATTACK if p == s.current else Err.NOT_IDENTICAL
    if ident:  # §4: an identical card is an intercept, on one's own turn too
        return INTERCEPT, None
    if p == s.current:  # (a twin of the start card, not live, is an ordinary play)
        if s.prompts and s.awaiting_color:
            return None, Err.CHOOSE_COLOR_FIRST
        if s.drawn:
            return (TURN, None) if card in s.drawn else (None, Err.ONLY_DRAWN_CARD)
        if card in fitting(top, s.color) or (s.animals and fits(s, p, card)):
            return TURN, None
        return None, Err.NO_MATCH
    if not s.top_live and identical(card, top):
        return None, Err.START_CARD
    return None, Err.NOT_YOUR_TURN


def playable(s: SvintusState, p: int, hand: Sequence[int]) -> list[int]:
    """The cards of ``hand`` that ``classify_play`` lets ``p`` play now, in hand
    order: the same rules, with what every card shares worked out once."""
    if s.race is not None or s.ability is not None:
        return []
    top = s.pile[-1]
    face = FACE_NO[top] if s.top_live else -1  # an identical card intercepts a live top
    animals = bool(s.animals)
    out: list[int] = []
    attack = s.attack
    if attack is not None:
        transfer = attack.kind if p == attack.target else None
        for c in hand:
            if transfer is not None and KIND[c] == transfer:
                mode = TRANSFER
            elif FACE_NO[c] == face:
                mode = INTERCEPT
            else:
                continue
            if not animals or forbidden(s, p, c, mode) is None:
                out.append(c)
        return out
    if p != s.current or s.awaiting_color:
        mine: Sequence[int] | None = None  # intercepts only
    elif s.drawn:
        mine = s.drawn
    else:
        mine = hand
    if not animals:  # no animal forbids anything: which cards, not how, is the question
        if mine is hand:  # a card that fits (an identical one always does)
            flags = fit_flags(top, s.color)
            return [c for c in hand if flags[c]]
        twins = IDENTICAL[top] if face >= 0 else ()
        if mine is None:
            return [c for c in hand if c in twins]
        return [c for c in hand if c in twins or c in mine]
    fit = fitting(top, s.color)
    for c in hand:
        if FACE_NO[c] == face:
            mode = INTERCEPT
        elif mine is None:
            continue
        elif mine is hand:
            if c not in fit and not (animals and fits(s, p, c)):
                continue
            mode = TURN
        elif c in mine:
            mode = TURN
        else:
            continue
        if not animals or forbidden(s, p, c, mode) is None:
            out.append(c)
    return out


def play(s: SvintusState, p: int, card: int, mode: str, now: int, out: Out) -> None:
    _play(s, p, card, mode, now, out)
    if mode != TURN and s.animals and p in s.hands:  # §7: an intercept or a transfer turns it dark
        flip_dark(s, p, out)


def _play(s: SvintusState, p: int, card: int, mode: str, now: int, out: Out) -> None:
    before = s.current
    attack = s.attack
    last = not _lay(s, p, card)
    _announce(s, p, card, mode, before, now, out)
    s.current = p
    kind = KIND[card]
    if kind is Kind.GRAB or kind is Kind.SNORE:
        _aim(s, p, kind, attack, mode, last, now, out)
        return
    if kind is Kind.HOOFSLAP:
        start_race(s, p, now, out, then_end_round=last)
        return
    if last:
        end_round(s, p, now, out)
        return
    if kind is Kind.POLYPIG:
        s.color = None
        s.turn_started_ms = now
        ask_color(s, p)  # the play is in the log already; the board says a colour is awaited
        return
    if kind is Kind.TURNABOUT:
        s.direction = -s.direction
        out.append(event(Ev.DIRECTION, player=p, clockwise=s.direction == 1))
    elif kind is Kind.HUSH:
        s.silence = p
        out.append(event(Ev.SILENCE_STARTED, player=p))
    pass_on(s, p, now, out)


def _lay(s: SvintusState, p: int, card: int) -> list[int]:
    """``card`` from ``p``'s hand onto the pile, its colour the pile's; what
    was pending on the card before it (an attack, a draw, a colour) is over.
    ``p``'s hand, as it is left."""
    hand = list(s.hands[p])
    hand.remove(card)
    s.hands[p] = hand
    s.pile = [*s.pile, card]
    s.top_live = True
    if s.drew_on and p in s.drew_on:  # maybe one of the cards held at the draw
        top, place, held = s.drew_on[p]
        s.drew_on = {**s.drew_on, p: [top, place, max(0, held - 1)]}
    s.color = COLOR[card]
    s.attack = None
    if s.drawn:
        s.drawn = []
    if s.prompts:  # an intercept of a Polypig before its colour was named
        drop_prompts(s, COLOR_STEP)
    return hand


def _announce(s: SvintusState, p: int, card: int, mode: str, before: int, now: int, out: Out) -> None:
    """The play in the log, and what an intercept does besides."""
    if mode == INTERCEPT:
        if before == p:  # on one's own turn: nobody's turn is taken
            out.append(event(Ev.INTERCEPTED_OWN, player=p, card=card))
        else:
            out.append(event(Ev.INTERCEPTED, player=p, card=card, from_player=before))
        # the caller of the silence has taken the turn.  [decision] An intercept
        # that jumps over the caller does not end it: their turn has not come round.
        if s.silence == p:
            s.silence = None
            out.append(event(Ev.SILENCE_ENDED, player=p))
        if s.animals:
            intercept_reactions(s, p, before, now, out)
    elif mode == TRANSFER:
        out.append(event(Ev.TRANSFERRED, player=p, card=card))
    else:
        out.append(event(Ev.PLAYED, player=p, card=card))


def _aim(
    s: SvintusState, p: int, kind: Kind, attack: Attack | None, mode: str, last: bool, now: int, out: Out
) -> None:
    """A Grab or a Snore played by ``p``: aimed at the next player (a last
    one ends the round, a last Grab still makes its victim take)."""
    opts = s.options
    target = next_player(s, p)
    count = 0
    if kind is Kind.GRAB:
        grows = (
            attack is not None
            and attack.kind == "grab"
            and (mode == TRANSFER or (mode == INTERCEPT and opts.intercept_grows_grab))
        )
        if grows and attack:
            count = attack.count + opts.grab_growth
        else:
            count = opts.grab_cards + light(s, p).grab_bonus
    if last:
        if kind is Kind.GRAB:  # a last Grab still makes its victim take
            n = take(s, target, count, out)
            out.append(event(Ev.LAST_GRAB, player=target, count=n))
        end_round(s, p, now, out)
        return
    if kind is Kind.SNORE and light(s, target).snore_passes:
        came_round(s, target, out)
        after = next_player(s, target)
        out.append(event(Ev.ROOSTER_PASSES, player=target, target=after))
        target = after
    s.attack = Attack(kind="grab" if kind is Kind.GRAB else "snore", count=count, target=target)
    if kind is Kind.GRAB:
        out.append(event(Ev.GRAB_AIMED, player=target, count=count))
    else:
        out.append(event(Ev.SNORE_AIMED, player=target))
    begin_turn(s, target, now, out)


def start_race(s: SvintusState, p: int, now: int, out: Out, then_end_round: bool = False) -> None:
    deadline = now + s.options.reaction_window_ms
    exempt = [q for q in s.seats if light(s, q).race_exempt] if s.animals else []
    s.race = Race(
        by=p, deadline_ms=deadline, players=list(s.seats), exempt=exempt, then_end_round=then_end_round
    )
    s.current = following(s, p, out)
    s.turn_started_ms = now
    out.append(event(Ev.SLAP_RACE, player=p, until=deadline))


def intercept_reactions(s: SvintusState, p: int, before: int, now: int, out: Out) -> None:
    """Light animals that answer an intercept by ``p`` (who took ``before``'s turn)."""
    bite = light(s, p).intercept_bite
    if bite and before != p and before in s.hands:
        n = take(s, before, bite, out)
        out.append(event(Ev.FOX_BITE, player=p, target=before, count=n))
    for q in s.seats:
        if q != p and light(s, q).duty_on_intercept:
            until = now + s.options.reaction_window_ms
            s.duties = [*s.duties, Duty(player=q, until_ms=until)]
            out.append(event(Ev.HEDGEHOG_DUTY, player=q, until=until))


def react(s: SvintusState, p: int, out: Out) -> None:
    """«Ёж берёт!»: the Hedgehog takes its card in time."""
    duty = next(d for d in s.duties if d.player == p)
    s.duties = [d for d in s.duties if d is not duty]
    n = take(s, p, 1, out)
    out.append(event(Ev.HEDGEHOG_TOOK, player=p, count=n))


# --- the other actions -----------------------------------------------------


def remember_draw(s: SvintusState, p: int) -> None:
    """``p`` draws on their turn rather than play: everyone sees that none of
    their cards fits the top (``SvintusState.drew_on``)."""
    if s.animals:
        return
    place = 0 if s.color is None else COLORS.index(s.color) + 1
    s.drew_on = {**s.drew_on, p: [s.pile[-1], place, len(s.hands[p])]}


def draw(s: SvintusState, p: int, now: int, out: Out) -> None:
    n = take(s, p, light(s, p).draws if s.animals else 1, out, forced=False)
    if n == 0:
        out.append(event(Ev.DRAW_SKIPPED, player=p))
        pass_on(s, p, now, out)
        return
    out.append(event(Ev.DREW, player=p, count=n))
    new = s.hands[p][-n:]
    s.drawn = [c for c in new if playable_on_turn(s, p, c)]
    if not s.drawn:
        pass_on(s, p, now, out)


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
    if s.ability is not None:
        return Err.ABILITY_ON
    must = not s.options.draw_with_playable or (s.animals and light(s, p).must_play)
    if must and any(playable_on_turn(s, p, c) for c in s.hands[p]):
        return Err.MUST_PLAY
    return None


def can_pass(s: SvintusState, p: int) -> Err | None:
    """Why ``p`` may not end the turn without playing the card they drew (None: they may)."""
    if s.race is not None:
        return Err.RACE_ON
    if p != s.current or not s.drawn:
        return Err.CANNOT_PASS
    # the Donkey must play when it can: a drawn card that fits is played
    if s.animals and light(s, p).must_play and any(classify_play(s, p, c)[0] for c in s.drawn):
        return Err.MUST_PLAY
    return None


def pass_turn(s: SvintusState, p: int, now: int, out: Out) -> None:
    out.append(event(Ev.PASSED, player=p))
    pass_on(s, p, now, out)


def accept(s: SvintusState, p: int, now: int, out: Out) -> None:
    attack = s.attack
    assert attack is not None
    s.attack = None
    if attack.kind == "grab":
        n = take(s, p, attack.count, out)
        out.append(event(Ev.GRAB_TAKEN, player=p, count=n))
    else:
        out.append(event(Ev.SNORE_TAKEN, player=p))
    pass_on(s, p, now, out)


def choose_color(s: SvintusState, p: int, color: Color, now: int, out: Out, auto: bool = False) -> None:
    s.color = color
    drop_prompts(s, COLOR_STEP)
    out.append(event(Ev.COLOR_AUTO if auto else Ev.COLOR_CHOSEN, player=p, color=color.value))
    pass_on(s, p, now, out)


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
    if race_done(race):
        close_race(s, now, out)


def race_done(race: Race) -> bool:
    """Has everyone who may lose the race pressed?  The exempt (the Cat) need not."""
    return all(q in race.pressed for q in race.players if q not in race.exempt)


def close_race(s: SvintusState, now: int, out: Out) -> None:
    race = s.race
    assert race is not None
    s.race = None
    # the exempt never take cards; among the rest the usual rule applies
    rest = [q for q in race.players if q in s.hands and q not in race.exempt]
    missed = [q for q in rest if q not in race.pressed]
    if missed:
        for q in missed:
            penalty(s, q, Ev.PENALTY_SLAP_MISSED, out)
    else:
        losers = [q for q in reversed(race.pressed) if q in rest]
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
    if s.phase == "setup":
        _leave_setup(s, p, now, out)
        return
    playing = s.phase == "playing"
    was_current = playing and s.current == p
    successor = next_player(s, p) if was_current else None
    _drop_player(s, p, out)
    run = s.ability
    if run is not None and p in (run.player, run.target):
        s.ability = None
        drop_prompts(s, ABILITY_STEP)
        if run.player != p:  # the target left: the ability ends where it stands
            s.dark = [q for q in s.dark if q != run.player]
            out.append(event(Ev.FLIPPED_LIGHT, player=run.player, animal=run.animal.value))
            if s.phase == "playing" and len(s.seats) >= MIN_PLAYERS:
                pass_on(s, run.player, now, out)
    if len(s.seats) < MIN_PLAYERS:
        _walkover(s, out)
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
    if successor is not None:
        _leave_turn(s, p, successor, now, out)
    if race is not None and race_done(race):
        close_race(s, now, out)


def _drop_player(s: SvintusState, p: int, out: Out) -> None:
    """``p`` off the table: their hand shuffled into the deck, their seat and
    everything kept for them gone."""
    hand = s.hands[p]
    s.hands = dropped(s.hands, p)
    deck = [*s.deck, *hand]
    s.rng = rng_shuffle(s.rng, deck)
    s.deck = deck
    out.append(event(Ev.PLAYER_LEFT, player=p, count=len(hand)))
    s.seats = without(s.seats, p)
    s.scores = dropped(s.scores, p)
    s.timeouts = dropped(s.timeouts, p)
    s.one_card_since = dropped(s.one_card_since, p)
    s.away, s.declared, s.dark = without(s.away, p), without(s.declared, p), without(s.dark, p)
    s.animals = dropped(s.animals, p)
    s.skips = without(s.skips, p)
    s.duties = [d for d in s.duties if d.player != p]


def _walkover(s: SvintusState, out: Out) -> None:
    """Fewer than two players left: the match is over (the one left wins it)."""
    s.phase = "match_over"
    s.ability = None
    s.duties = []
    s.attack = None
    s.race = None
    s.silence = None
    s.prompts = []
    s.drawn = []
    if s.seats:
        s.match_winner = s.seats[0]
        out.append(event(Ev.WALKOVER, player=s.seats[0]))
    else:
        out.append(event(Ev.ABANDONED))


def _leave_turn(s: SvintusState, p: int, successor: int, now: int, out: Out) -> None:
    """The player to move left: their attack is off, a colour they owed is
    drawn at random, and the turn goes to ``successor`` (in a race, once it closes)."""
    if s.attack is not None:
        s.attack = None
        out.append(event(Ev.ATTACK_CANCELLED, player=p))
    if s.awaiting_color:
        s.rng, i = rng_below(s.rng, len(COLORS))
        s.color = COLORS[i]
        drop_prompts(s, COLOR_STEP)
        out.append(event(Ev.COLOR_AUTO, player=p, color=s.color.value))
    if s.race is not None:
        s.current = successor
        s.drawn = []
    else:
        begin_turn(s, successor, now, out)


def _leave_setup(s: SvintusState, p: int, now: int, out: Out) -> None:
    s.hands = dropped(s.hands, p)
    s.seats = without(s.seats, p)
    s.scores = dropped(s.scores, p)
    s.animals = dropped(s.animals, p)
    out.append(event(Ev.PLAYER_LEFT, player=p, count=0))
    if len(s.seats) < MIN_PLAYERS:
        s.phase = "match_over"
        s.setup_until_ms = None
        if s.seats:
            s.match_winner = s.seats[0]
            out.append(event(Ev.WALKOVER, player=s.seats[0]))
        else:
            out.append(event(Ev.ABANDONED))
    elif all(q in s.animals for q in s.seats):
        finish_setup(s, now, out)


def join(s: SvintusState, p: int, out: Out) -> None:
    s.seats = [*s.seats, p]
    s.hands = {**s.hands, p: []}
    s.scores = {**s.scores, p: 0}
    if s.options.metamorphoses:
        give_animal(s, p)
    out.append(event(Ev.PLAYER_JOINED, player=p))
