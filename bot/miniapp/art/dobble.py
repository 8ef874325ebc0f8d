"""Dobble drawn: round cards with their symbols scattered at different sizes and
angles, the other players' piles as small stacks.

A card's symbols are placed as on the printed cards: one in the middle, the
rest in a ring, each of its own size and turned its own way — drawn from the
card's symbols (the seed), so the same card is drawn the same way every time.
Each symbol of a card the viewer may press on is a tap of its own
(``data-tap`` on the symbol's group) that presses the very ``Spot`` the text
hand's button for it presses: on one's own card (Tower, Well, a duel), on the
cards around the centre (Catch Them All), on the other players' cards
(Poisoned Gift).  The centre card's symbols are taps too when there is one
card to pair it with (a symbol of the centre card names that card, as the
engine's presses do); with several, which card a centre symbol would name is
the question the other cards answer.  A player locked out by a miss sees the
cards dimmed and without taps until the next one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from bot.adapter import Ctx
from bot.games.dobble import glyph as glyph_of
from bot.games.dobble import symbol_label
from bot.miniapp.art import Choice, Piece
from bot.miniapp.art._svg import ACCENT, HINT, TEXT, badge, centred, dim, glyph, svg, tap
from bot.sizing import short_name, text_of
from engine.core import View, plain
from engine.dobble.models import DobbleView, Face, Spot

SIZE = 200  # a card's diameter in viewBox units: the centre card and one's own
SMALL = 150  # the cards around the centre and the other players' cards (several to a row)
PAD = 3  # room around a card
FACE, EDGE = "#fffdf6", "#b9b3a6"  # a card is white card in either theme
CENTRE_EDGE = "#e0a100"
BACK, BACK_EDGE = "#ff7a1a", "#c24f00"


class Place(NamedTuple):
    """Where a symbol sits on a card of ``SIZE``: its centre, its font size, its turn."""

    x: float
    y: float
    size: float
    turn: float


# --- placing the symbols -----------------------------------------------------------------


def layout(symbols: Sequence[int]) -> list[Place]:
    """The symbols' places, sizes and angles, the same for the same card: one in the
    middle (six or more symbols), the others evenly round a ring, each nudged."""
    rng = random.Random("dobble:" + ",".join(map(str, symbols)))  # a str seed: stable across runs
    n = len(symbols)
    mid = SIZE / 2
    middle = n >= 6
    ring = n - 1 if middle else n
    out = []
    if middle:
        out.append(Place(mid, mid, rng.uniform(34, 44), rng.uniform(-180, 180)))
    if ring == 1 and not middle:
        return [Place(mid, mid, 60, rng.uniform(-45, 45))]
    start = rng.uniform(0, 360)
    step = 360 / max(ring, 1)
    radius = 62 if middle else 50
    for i in range(ring):
        angle = math.radians(start + i * step + rng.uniform(-4, 4))
        r = radius + rng.uniform(-5, 5)
        size = (rng.uniform(27, 41) if ring > 4 else rng.uniform(36, 48)) * min(1.0, 7 / ring)
        out.append(Place(mid + r * math.cos(angle), mid + r * math.sin(angle), size, rng.uniform(-180, 180)))
    return out


# --- a card ------------------------------------------------------------------------------


def symbols_body(ctx: Ctx, symbol_set: str, face: Face, taps: dict[int, int]) -> str:
    """A card's symbols; a symbol in ``taps`` (symbol -> tap index) carries its ``data-tap``."""
    parts = []
    for x, place in zip(face.symbols, layout(face.symbols), strict=True):
        hit = f'<circle r="{place.size * 0.62:.1f}" fill="#fff" fill-opacity="0"/>'
        symbol = (
            f'<g class="dobble-symbol" transform="translate({place.x:.1f} {place.y:.1f}) '
            f'rotate({place.turn:.0f})">{hit}{glyph(0, 0, glyph_of(ctx, symbol_set, x), place.size)}</g>'
        )
        parts.append(tap(taps[x], symbol) if x in taps else symbol)
    return "".join(parts)


def card_body(ctx: Ctx, symbol_set: str, face: Face, taps: dict[int, int], edge: str) -> str:
    """A round card of ``SIZE``: its rim in ``edge`` (a colour) and its symbols."""
    mid = SIZE / 2
    return (
        f'<circle cx="{mid}" cy="{mid}" r="{mid - 2}" fill="{FACE}" stroke-width="4" style="stroke:{edge}"/>'
        f'<circle cx="{mid}" cy="{mid}" r="{mid - 8}" fill="none" stroke="#000" stroke-opacity=".08"/>'
        + symbols_body(ctx, symbol_set, face, taps)
    )


def card_svg(
    ctx: Ctx,
    v: DobbleView,
    face: Face,
    taps: dict[int, int],
    role: str,
    dimmed: bool = False,
    under: str = "",
) -> str:
    """A card in its own ``<svg>``: of ``SIZE`` (the centre, one's own) or ``SMALL``, with
    ``under`` (a name, a count) beneath it."""
    scale = 1.0 if role in ("centre", "own") else SMALL / SIZE
    edge = CENTRE_EDGE if role == "centre" else ACCENT if taps else EDGE
    body = card_body(ctx, v.symbols, face, taps, edge)
    if dimmed:
        body = dim(body)
    side = SIZE * scale
    if scale != 1.0:
        body = f'<g transform="scale({scale:g})">{body}</g>'
    height = side
    if under:
        body += centred(side / 2, side + 11, under, 12, TEXT, side)
        height += 20
    return svg(side, height, body, f"dobble-card dobble-{role}", PAD)


def back_svg(ctx: Ctx) -> str:
    """The centre pile face down, while the next card counts down."""
    mid = SIZE / 2
    body = (
        f'<circle cx="{mid}" cy="{mid}" r="{mid - 2}" fill="{BACK}" stroke="{BACK_EDGE}" stroke-width="4"/>'
        f'<circle cx="{mid}" cy="{mid}" r="{mid - 22}" fill="none" stroke="#fff" stroke-opacity=".6" '
        f'stroke-width="6" stroke-dasharray="14 10"/>' + glyph(mid, mid, ctx("dobble-emoji"), 64)
    )
    return svg(SIZE, SIZE, body, "dobble-card dobble-back", PAD)


# --- what is drawn -----------------------------------------------------------------------


def draw(ctx: Ctx, view: View, legal: Sequence[Any]) -> list[Piece]:
    if not isinstance(view, DobbleView):
        return []
    v = view
    if v.pairs:
        cards = [(f, f == v.own) for f in v.pairs]
    else:  # a watcher, the public: the cards on the table
        cards = [(f, False) for f in (v.outer or list(v.tops.values()))]
    shown = {f.owner for f, _ in cards}  # whose card shows their name and pile already
    pieces = [seat(ctx, v, p) for p in v.players if p != v.viewer and p not in shown]
    if v.stage == "over":
        return pieces
    if v.centre is None:
        if v.stage == "countdown":
            label = text_of(ctx("dobble-board-countdown"))
            pieces.append(Piece(back_svg(ctx), label, row="table", key="centre"))
        return pieces
    presses = {(a.card, a.symbol): a for a in plain(legal) if isinstance(a, Spot)}
    pieces.append(centre(ctx, v, presses))
    return pieces + [card(ctx, v, face, own, presses) for face, own in cards]


def names(ctx: Ctx, v: DobbleView, face: Face) -> str:
    return ", ".join(text_of(symbol_label(ctx, v.symbols, x)) for x in face.symbols)


def centre(ctx: Ctx, v: DobbleView, presses: dict[tuple[int, int], Spot]) -> Piece:
    """The centre card: a tap a symbol when one card pairs with it."""
    assert v.centre is not None
    face = v.centre
    choices: list[tuple[Choice, ...]] = []
    taps: dict[int, int] = {}
    if len(v.pairs) == 1:
        for x in face.symbols:
            press = presses.get((v.pairs[0].card, x))
            if press is not None:
                taps[x] = len(choices)
                choices.append((Choice(text_of(symbol_label(ctx, v.symbols, x)), press),))
    label = text_of(ctx("dobble-art-centre", symbols=names(ctx, v, face)))
    drawn = card_svg(ctx, v, face, taps, "centre")
    return Piece(drawn, label, tuple(choices), row="table", key=f"card:{face.card}")


def card(ctx: Ctx, v: DobbleView, face: Face, own: bool, presses: dict[tuple[int, int], Spot]) -> Piece:
    """A card the viewer presses on (each symbol a tap), or one on the table to look at."""
    choices: list[tuple[Choice, ...]] = []
    taps: dict[int, int] = {}
    for x in face.symbols:
        press = presses.get((face.card, x))
        if press is not None:
            taps[x] = len(choices)
            choices.append((Choice(text_of(symbol_label(ctx, v.symbols, x)), press),))
    symbols = names(ctx, v, face)
    under = ""
    if own:
        role, label = "own", text_of(ctx("dobble-art-own", symbols=symbols))
    elif face.owner is not None:
        role, label = "top", text_of(ctx("dobble-art-top", player=ctx.name(face.owner), symbols=symbols))
        count = text_of(ctx("dobble-n-cards", count=v.cards.get(face.owner, 0)))
        under = f"{short_name(text_of(ctx.name(face.owner)), 12)} · {count}"
    else:
        role, label = "outer", text_of(ctx("dobble-art-outer", symbols=symbols))
    locked = v.viewer in v.locked and bool(v.pairs)
    if locked:
        label += " " + text_of(ctx("dobble-hand-locked"))
    drawn = card_svg(ctx, v, face, taps, role, dimmed=locked, under=under)
    return Piece(drawn, label, tuple(choices), row="hand" if own else "table", key=f"card:{face.card}")


def seat(ctx: Ctx, v: DobbleView, p: int) -> Piece:
    """Another player: their pile as a small stack with its count, their name; ringed in a duel."""
    count = v.cards.get(p, 0)
    w, h = 76.0, 70.0
    parts = []
    if p in v.duel:
        parts.append(
            f'<rect x=".5" y=".5" width="{w - 1}" height="{h - 1}" rx="9" fill-opacity=".12" '
            f'stroke-width="1.5" style="fill:{ACCENT};stroke:{ACCENT}"/>'
        )
    for i in range(min(count, 3) or 1):
        paint = f'fill="{FACE}" stroke="#000" stroke-opacity=".4"'
        if not count:  # an empty pile: its place, dashed
            paint = f'fill="none" stroke-dasharray="3 3" style="stroke:{HINT}"'
        parts.append(f'<circle cx="{32 + 3 * i}" cy="{30 - 3 * i}" r="18" {paint}/>')
    parts.append(badge(56, 40, count))
    if p in v.locked and v.stage == "live":
        parts.append(glyph(14, 12, text_of(ctx("dobble-flag-locked")).strip(), 12))
    parts.append(centred(w / 2, h - 8, short_name(text_of(ctx.name(p)), 12), 10, TEXT, w - 4))
    line = ctx(
        "dobble-board-player",
        player=ctx.name(p),
        count=count,
        points=v.points.get(p, 0),
        match="true" if len(v.plan) > 1 else "false",
        flags=ctx("dobble-flag-locked") if p in v.locked and v.stage == "live" else "",
    )
    return Piece(svg(w, h, "".join(parts), "dobble-seat", PAD), text_of(line), row="table", key=f"seat:{p}")
