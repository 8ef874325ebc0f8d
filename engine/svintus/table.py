"""The Svintus clock: the deadlines, whom the table waits on, and what time
alone does (the turn timer running out, a slap race or a break closing, a
reaction owed and not given).  Above ``rules`` and ``abilities``: a turn that
times out may finish a dark ability for its player (``abilities.expire``), so
the clock lives here, as Candy Empire's does (``engine/candy/table.py``).

A § is a section of docs/rules/svintus.md.
"""

from __future__ import annotations

from typing import Final

from engine.core import Wait, event, wait
from engine.svintus.abilities import expire
from engine.svintus.keys import Ev
from engine.svintus.models import SvintusOptions, SvintusState
from engine.svintus.rules import (
    Out,
    accept,
    auto_color,
    choose_color,
    close_race,
    finish_setup,
    pass_on,
    pass_turn,
    penalty,
    start_round,
    take,
)

_TIMER: Final[list[tuple[object, int]]] = [(None, 0)]  # the last options read, with their turn timer


def turn_timer(o: SvintusOptions) -> int:
    """``o.turn_timer_ms``, read once per options: a pydantic model's attribute is
    a slow read, and every press asks for the deadline (a table's options are one
    object for the whole game)."""
    last = _TIMER[0]
    if last[0] is o:
        return last[1]
    timer = o.turn_timer_ms
    _TIMER[0] = (o, timer)  # one tuple: a reader sees the pair whole
    return timer


def deadline(s: SvintusState) -> int | None:
    if s.phase == "playing" and s.race is None and not s.duties and not s.away:  # most of the time
        timer = turn_timer(s.options)
        return s.turn_started_ms + timer if timer > 0 else None
    due = _table_deadline(s)
    if s.duties and s.phase == "playing":
        owed = min(d.until_ms for d in s.duties)
        if due is None or owed < due:
            return owed
    return due


def _table_deadline(s: SvintusState) -> int | None:
    if s.phase == "match_over":
        return None
    if s.phase == "setup":
        return s.setup_until_ms
    if s.phase == "round_over":
        assert s.round_ended_ms is not None
        return s.round_ended_ms + s.options.round_break_ms
    if s.race is not None:
        return s.race.deadline_ms
    timer = turn_timer(s.options)
    if timer <= 0:
        return None
    if s.current in s.away:
        if all(p in s.away for p in s.seats):
            return None  # everybody is away: the table waits for someone
        return s.turn_started_ms + s.options.away_autoplay_ms
    return s.turn_started_ms + timer


def waiting(s: SvintusState) -> list[Wait]:
    """Whom the table waits on: the slap race's players who have not slapped,
    else the player to move (a Grab or Snore's target, a dark ability's owner);
    and every reaction an animal owes."""
    if s.phase == "playing" and s.race is None and not s.duties and s.ability is None:  # most of the time
        mover = s.attack.target if s.attack is not None else s.current
        return [wait("turn", [mover], deadline(s))]
    if s.phase == "setup":
        picking = [p for p in s.seats if p not in s.animals]
        return [wait("setup", picking, s.setup_until_ms)]
    if s.phase != "playing":
        return []
    race = s.race
    if race is not None:
        late = [q for q in race.players if q not in race.pressed and q not in race.exempt]
        waits = [wait("all", late, race.deadline_ms)] if late else []
    else:
        mover = s.attack.target if s.attack is not None else s.current
        if s.ability is not None:
            mover = s.ability.player
        waits = [wait("turn", [mover], _table_deadline(s))]
    waits.extend(wait("reaction", [d.player], d.until_ms) for d in s.duties)
    return waits


def timeout(s: SvintusState, now: int, out: Out) -> None:
    """«Не мешкай!»: the turn timer ran out (or an away player is played)."""
    p = s.current
    away = p in s.away
    if not away:
        s.timeouts = {**s.timeouts, p: s.timeouts.get(p, 0) + 1}
        out.append(event(Ev.TIMEOUT, player=p))
    if s.ability is not None and expire(s, now, out):
        pass  # the ability was finished for them and play has moved on
    elif s.awaiting_color:
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
        pass_on(s, p, now, out)
    if not away and p in s.hands and s.timeouts[p] >= s.options.away_after_timeouts:
        s.away = [*s.away, p]
        out.append(event(Ev.AWAY, player=p))
        out.append(event(Ev.AWAY_YOU, to=p, player=p))


def fire(s: SvintusState, due: int, out: Out) -> None:
    if s.phase == "playing" and s.duties:
        duty = min(s.duties, key=lambda d: d.until_ms)
        if duty.until_ms <= due:  # a reaction owed and not given: 2 cards
            s.duties = [d for d in s.duties if d is not duty]
            penalty(s, duty.player, Ev.PENALTY_DUTY_MISSED, out)
            return
    if s.phase == "setup":
        finish_setup(s, due, out)
    elif s.phase == "round_over":
        start_round(s, due, out)
    elif s.race is not None:
        close_race(s, due, out)
    else:
        timeout(s, due, out)
