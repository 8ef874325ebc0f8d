"""Time and people: deadlines, the turn timer, reaction windows closing, players leaving."""

from __future__ import annotations

from engine.candy import abilities, rules
from engine.candy.keys import Ev
from engine.candy.models import CandyState, Step
from engine.candy.rules import Out, active, settle
from engine.candy.scoring import best
from engine.core import Wait, event, kept, rng_below, wait

MAX_CHAIN = 64  # prompts the referee answers in a row for a player out of time

# The wait of a turn with no timer, one per player: a value, made once.
_TURN_WAITS: dict[int, list[Wait]] = {}
WAITS_KEPT = 4096  # players whose turn wait is remembered before the memo starts over


def deadline(state: CandyState) -> int | None:
    """When time alone changes the game: the end of the break, of the reaction
    window, or of the turn timer (off at 0), which counts from the start of the
    present wait (the turn, the latest prompt, or the end of a reaction window)."""
    s = state
    phase = s.phase
    if phase == "playing":
        r = s.reaction
        if r is not None:
            return r.until_ms
        return _turn_deadline(s)
    if phase == "break":
        return s.break_until
    return None


def _turn_deadline(s: CandyState) -> int | None:
    """The turn timer's end (off at 0); shorter when everyone waited for is away."""
    timer = s.options.turn_timer_ms
    if not timer:
        return None
    if s.away and all(p in s.away for p in waited(s)):
        timer = min(timer, s.options.away_autoplay_ms)
    return s.timer_ms + timer


def waited(s: CandyState) -> list[int]:
    """Whom the table waits for now (playing phase)."""
    if s.reaction is not None:
        return [s.reaction.player]
    if s.prompts:
        seen: list[int] = []
        for x in s.prompts:
            if x.prompt.player not in seen:
                seen.append(x.prompt.player)
        return seen
    return [s.current]


def waiting(s: CandyState) -> list[Wait]:
    if s.phase != "playing":
        return []
    r = s.reaction
    if r is not None:
        return [wait("reaction", [r.player], r.until_ms)]
    p = s.current
    until = _turn_deadline(s)
    if s.prompts and any(x.prompt.player != p for x in s.prompts):
        return [wait("all", waited(s), until)]
    if until is not None:
        return [wait("turn", [p], until)]
    return kept(_TURN_WAITS, p, _turn_wait, WAITS_KEPT)[:]


def _turn_wait(p: int) -> list[Wait]:
    return [wait("turn", [p])]


def fire(s: CandyState, due: int, out: Out) -> None:
    """What happens when the deadline ``due`` passes."""
    if s.phase == "break":
        rules.next_game(s, due, out)
        return
    if s.reaction is not None:
        abilities.close_window(s, due, out, blocked=False)
        settle(s, due, out)
        return
    timeout(s, due, out)


def timeout(s: CandyState, now: int, out: Out) -> None:
    """The turn timer ran out: the referee discards a random card for the player
    to move (if they had not moved yet) and answers every open prompt with its
    default (decline if optional, else a seeded random valid answer)."""
    for p in waited(s):
        out.append(event(Ev.TIMEOUT, player=p))
        if p in s.away:
            continue
        n = s.timeouts.get(p, 0) + 1
        s.timeouts = {**s.timeouts, p: n}
        if n >= s.options.away_after_timeouts:
            s.away = [*s.away, p]
            out.append(event(Ev.AWAY, player=p))
            out.append(event(Ev.AWAY_YOU, to=p, player=p))
    if not s.acted:
        p = s.current
        hand = s.hands[p]
        if hand:
            s.rng, i = rng_below(s.rng, len(hand))
            card = hand[i]
            s.hands[p] = [*hand[:i], *hand[i + 1 :]]
            s.discard.append(card)
            if s.options.open_discard:
                out.append(event(Ev.DISCARDED_OPEN, player=p, card=card))
            else:
                out.append(event(Ev.DISCARDED, player=p))
        s.acted = True
    answer_all(s, now, out)
    settle(s, now, out)


def answer_all(s: CandyState, now: int, out: Out) -> None:
    """Answer every open prompt by default, and those they open, until a window opens."""
    for _ in range(MAX_CHAIN):
        if not s.prompts or s.reaction is not None:
            return
        abilities.answer_for(s, s.prompts[0], now, out)


def leave(s: CandyState, p: int, now: int, out: Out) -> None:
    """[decision] ``p`` walks out: their hand goes under the deck, their empire stays
    on the table (it scores and abilities may still touch it, but it cannot win).
    Their own ability stops where it stands; a prompt they owe someone else's
    ability is answered by the referee; a window open for them closes unblocked.
    With fewer than 2 players seated (or a team gone) the game ends and is scored."""
    hand = s.hands[p]
    s.deck[0:0] = hand
    s.hands[p] = []
    s.left = [*s.left, p]
    back(s, p, None)
    out.append(event(Ev.LEFT, player=p, count=len(hand)))
    if s.phase == "break":
        if rules.must_end_early(s):
            _end_match(s, out)
        return
    r = s.reaction
    if r is not None and r.by == p:
        s.reaction = None
    elif r is not None and r.player == p:
        abilities.close_window(s, now, out, blocked=False)
    s.prompts = [x for x in s.prompts if x.data["owner"] != p]  # the leaver's ability ends here
    for x in [x for x in s.prompts if x.prompt.player == p]:
        abilities.answer_for(s, x, now, out)
    for x in [x for x in s.prompts if x.then == Step.JUDGE and p in x.prompt.options]:
        # a Judge's target must hold cards: ask again without the leaver
        abilities.withdraw(s, x)
        abilities.judge(s, x.data["owner"], x.data["card"], now, out)
    if s.current == p:
        s.acted = True
    if rules.must_end_early(s):
        rules.end_game(s, now, out)  # a big game ends with it
        return
    settle(s, now, out)


def _end_match(s: CandyState, out: Out) -> None:
    """The big game stops between games: the standings so far decide."""
    seated = active(s)
    s.winners = best({q: (s.points[q], s.candies[q]) for q in seated})
    for q in s.winners:
        out.append(event(Ev.MATCH_WON, player=q, points=s.points[q], score=s.candies[q]))
    s.phase = "over"
    s.break_until = None


def back(s: CandyState, p: int, out: Out | None) -> None:
    """A press of ``p``'s own: their timeouts start over, and if the referee was
    playing for them they are back (told, unless ``out`` is None: they left)."""
    if s.timeouts.get(p):
        s.timeouts = {q: n for q, n in s.timeouts.items() if q != p}
    if p in s.away:
        s.away = [q for q in s.away if q != p]
        if out is not None:
            out.append(event(Ev.BACK, player=p))
