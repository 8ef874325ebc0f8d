"""The end of the game: the Madness penalty, who wins (a tie for the lead
plays on), and the game over."""

from __future__ import annotations

from engine.smashup.effects import G
from engine.smashup.keys import Ev


def final_scores(g: G) -> dict[int, int]:
    """VP after the Madness penalty (1 VP per 2 Madness cards held; [decision]
    never below 0: nobody loses points they do not have)."""
    s = g.s
    out = {}
    for p in s.seats:
        v = s.vp.get(p, 0)
        if s.madness_on:
            v = max(0, v - g.madness_count(p) // 2)
        out[p] = v
    return out


def check_end(g: G) -> bool:
    """End of a turn: someone at the goal ends the game if one player leads
    (after the Madness penalty; fewer Madness cards break a tie); a tie for
    the lead plays on."""
    s = g.s
    active = [p for p in s.seats if p not in s.left]
    if not active or max(s.vp.get(p, 0) for p in active) < s.options.goal:
        return False
    scores = final_scores(g)
    best = max(scores[p] for p in active)
    leaders = [p for p in active if scores[p] == best]
    if s.madness_on and len(leaders) > 1:
        fewest = min(g.madness_count(p) for p in leaders)
        leaders = [p for p in leaders if g.madness_count(p) == fewest]
    if len(leaders) != 1:
        g.emit(Ev.TIE_PLAY_ON, score=best)
        return False
    if s.madness_on:
        # [decision] the penalty is taken off the VP when the game ends (so the
        # final views and the outcome show the scores the winner was chosen by);
        # a tie that plays on takes nothing off
        for p in active:
            lost = s.vp.get(p, 0) - scores[p]
            if lost > 0:
                s.vp[p] = scores[p]
                g.emit(Ev.MADNESS_PENALTY, player=p, madness=g.madness_count(p), points=lost)
    game_over(g, leaders)
    g.emit(Ev.WON, winner=leaders[0], score=best)
    return True


def game_over(g: G, winners_: list[int]) -> None:
    s = g.s
    s.phase = "over"
    s.winners = list(winners_)
    s.stack = []
    s.prompts = []
    s.window = None
    s.deadline_ms = None
