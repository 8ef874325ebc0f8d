"""Time and people: deadlines, the turn timer, reaction windows closing, players leaving."""

from __future__ import annotations

from engine.candy import abilities, rules
from engine.candy.keys import Ev
from engine.candy.models import CandyState, Step
from engine.candy.rules import Out, active, settle
from engine.candy.scoring import best
from engine.core import Wait, event, rng_below

MAX_CHAIN = 64  # prompts the referee answers in a row for a player out of time


def timer_deadline(s: CandyState) -> int | None:
    """The turn timer (off at 0) counts from the start of the present wait: the
    turn, the latest prompt, or the end of a reaction window."""
    if s.options.turn_timer_ms == 0 or s.phase != "playing" or s.reaction is not None:
        return None
    return s.timer_ms + s.options.turn_timer_ms


def deadline(s: CandyState) -> int | None:
    if s.phase == "over":
        return None
    if s.phase == "break":
        return s.break_until
    if s.reaction is not None:
        return s.reaction.until_ms
    return timer_deadline(s)


def waited(s: CandyState) -> list[int]:
    """Whom the table waits for now (playing phase)."""
    if s.reaction is not None:
        return [s.reaction.player]
    if s.steps:
        seen: list[int] = []
        for step in s.steps:
            if step.prompt.player not in seen:
                seen.append(step.prompt.player)
        return seen
    return [s.current]


def waiting(s: CandyState) -> list[Wait]:
    if s.phase != "playing":
        return []
    if s.reaction is not None:
        return [Wait(kind="reaction", players=[s.reaction.player], until_ms=s.reaction.until_ms)]
    players = waited(s)
    kind = "turn" if players == [s.current] else "all"
    return [Wait(kind=kind, players=players, until_ms=timer_deadline(s))]


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
    if not s.acted:
        p = s.current
        hand = s.hands[p]
        if hand:
            s.rng, i = rng_below(s.rng, len(hand))
            card = hand.pop(i)
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
        if not s.steps or s.reaction is not None:
            return
        step = s.steps[0]
        abilities.answer(s, step, abilities.default_picks(s, step.prompt), now, out)


def leave(s: CandyState, p: int, now: int, out: Out) -> None:
    """[decision] ``p`` walks out: their hand goes under the deck, their empire stays
    on the table (it scores and abilities may still touch it, but it cannot win).
    Their own ability stops where it stands; a prompt they owe someone else's
    ability is answered by the referee; a window open for them closes unblocked.
    With fewer than 2 players seated (or a team gone) the game ends and is scored."""
    hand = s.hands[p]
    s.deck[0:0] = hand
    s.hands[p] = []
    s.left.append(p)
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
    kept: list[Step] = []
    for step in s.steps:
        if step.owner == p:
            continue  # the leaver's ability ends here
        kept.append(step)
    s.steps = kept
    for step in [st for st in s.steps if st.prompt.player == p]:
        if step in s.steps:
            abilities.answer(s, step, abilities.default_picks(s, step.prompt), now, out)
    for step in [st for st in s.steps if st.kind == "judge" and p in st.prompt.options]:
        # a Judge's target must hold cards: ask again without the leaver
        s.steps.remove(step)
        abilities.judge(s, step.owner, step.card, now, out)
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
