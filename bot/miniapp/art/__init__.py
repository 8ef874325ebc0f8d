"""Cards drawn: each game's pieces as SVG, for the Mini App's page.

A game's module here (``bot.miniapp.art.<game>``, the adapter's short name)
has one function::

    def draw(ctx: Ctx, view: View, legal: Sequence[Any]) -> list[Piece]

``view`` is the engine's view for the page's viewer (``legal`` their legal
actions; the public board: the public view and no actions).  It draws what
that viewer would see at the table — the cards in their hand, the piles,
the bases — each as one ``Piece``: a self-contained ``<svg>`` (a ``viewBox``,
no script, no external reference, colours from the page's theme through CSS
variables with fallbacks, ``var(--tg-theme-text-color, #222)``) and what a
tap on it does.  An element of the SVG that a tap presses carries
``data-tap="i"``: ``taps[i]`` are the choices it offers — one is pressed at
once, several are offered on a sheet by their labels (a minion: which base).
Every action of a tap is one of ``legal``.  A piece with a ``big`` drawing
(a Smash Up card: too much text for a card in a phone's grid) opens it large
on a tap instead, its choices as buttons under it.  What no piece offers (a prompt's
answers, «Pass», «Leave») stays the hand's buttons under the pieces.

Every word (a label, a card's text) comes from the locale files through
``ctx``; the pieces are drawn by the project, never scanned from the printed
cards.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.adapter import Ctx
from engine.core import View

ROWS = ("table", "hand")  # where the page puts a piece: what everyone sees, what is yours


@dataclass(frozen=True)
class Choice:
    """One thing a tap can do: ``action`` (one of the viewer's legal actions),
    and its ``label`` (plain text) for the sheet that offers several."""

    label: str
    action: Any


@dataclass(frozen=True)
class Piece:
    """One drawn thing: a card, a pile, a base with the minions on it."""

    svg: str  # one <svg> element; its tappable elements carry data-tap="i"
    label: str  # what a screen reader says of it (plain text)
    taps: tuple[tuple[Choice, ...], ...] = ()  # data-tap="i" offers taps[i]
    row: str = "hand"  # one of ROWS
    key: str = ""  # stable across redraws while it is the same piece (an animation's anchor)
    # the card drawn large with all its text (an <svg>): a tap anywhere on the piece opens
    # it, with every choice of ``taps`` as a button under it ("": taps press at once)
    big: str = ""


Draw = Callable[[Ctx, View, Sequence[Any]], list[Piece]]


def drawer(game: str) -> Draw | None:
    """The game's ``draw``, or None: a game without art shows its buttons only."""
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError:
        return None
    found: Draw = module.draw
    return found
