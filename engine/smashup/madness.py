"""The Madness card (docs/rules/smashup.md §2.5), part of the framework: a box that brings
the Madness deck (``BoxDef(madness=True)``) makes ``state.madness_on``.

Action: draw 2 cards, or return this card to the Madness deck.  The end-game
penalty (1 VP per 2 Madness cards in hand, deck and discard pile) and its
tie-break (fewer Madness cards) live in ``end.check_end``.
"""

from __future__ import annotations

from engine.smashup.kit import MADNESS, Choice, G, Task, Then, ability, pick_effect

M = ability(MADNESS)


@M.on_play
def _madness(g: G, t: Task) -> Then:
    return pick_effect(t, "effect", [Choice.DRAW2.value, Choice.RETURN_MADNESS.value])


@M.step("effect")
def _madness_effect(g: G, t: Task) -> None:
    if t.pick() == Choice.RETURN_MADNESS:
        if t.src in g.s.aside:
            g.return_madness(t.src)
    else:
        g.draw(t.player, 2)
