"""Svintus drawn: the hand's cards, the pile's top, the deck, the other players'
hands as backs, and the Metamorphoses animals.

A card is a rounded card in its colour (a Polypig black, the four colours on
its wheel) with its value, or its kind's glyph and name, in a white oval; a
small white shape in its corner tells the colours apart without seeing them
(red a circle, orange a triangle, green a square, blue a diamond).  A card
that may be played now is ringed in the theme's button colour and is a tap
that presses its ``Play`` (a Polypig's colour is the prompt that follows); the
others are dimmed.  One's own animal is a card too: its dark side, when the
ability may be used, is a tap that presses ``UseAbility``.  While the animals
are being chosen, each free one is a tap that presses ``PickAnimal``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.adapter import Ctx
from bot.games.svintus import animal_label, animal_name, animal_rule, card_label, seat_flags, sort_key
from bot.miniapp.art import Choice, Piece
from bot.miniapp.art._svg import (
    ACCENT,
    HINT,
    MIDDLE,
    TEXT,
    WHITE,
    badge,
    centred,
    dim,
    glyph,
    rect,
    svg,
    tap,
    text,
)
from bot.sizing import short_name, text_of
from engine.core import View, plain
from engine.svintus.animals import ANIMALS, Animal
from engine.svintus.cards import Color, Kind
from engine.svintus.models import CardView, PickAnimal, Play, SvintusView, UseAbility

W, H = 64, 96  # a card in viewBox units (the page scales it): about a thumb wide on a phone
PAD = 3  # room around a card for its ring
# the game's colours: fixed (a card is a card in either theme), white text readable on each
FILL: dict[Color | None, str] = {
    Color.RED: "#d62839",
    Color.ORANGE: "#e8700a",
    Color.GREEN: "#23924a",
    Color.BLUE: "#1d68d0",
    None: "#26232b",  # a Polypig
}
WHEEL = (Color.RED, Color.ORANGE, Color.GREEN, Color.BLUE)
BACK, SNOUT, NOSTRIL = "#e85a8a", "#f9bfd3", "#a8164b"
LIGHT_SIDE, LIGHT_EDGE, LIGHT_INK = "#fff4d6", "#d9a521", "#3b2a05"
DARK_SIDE, DARK_EDGE, DARK_INK = "#2e2146", "#9b86d6", "#f3ecff"


def lines(name: str, limit: int = 11) -> list[str]:
    """A name in one line, or two split at a space or hyphen near its middle."""
    if len(name) <= limit:
        return [name]
    cuts = [i for i, ch in enumerate(name) if ch in " -"]
    if not cuts:
        return [name]
    cut = min(cuts, key=lambda i: abs(i - len(name) / 2))
    head = name[: cut + 1] if name[cut] == "-" else name[:cut]
    return [head, name[cut + 1 :]]


# --- a card ------------------------------------------------------------------------------


def mark(color: Color | None) -> str:
    """The colour's shape in the top right corner, for eyes that do not tell the colours apart."""
    x, y = W - 11, 11
    if color is Color.RED:
        return f'<circle cx="{x}" cy="{y}" r="3.6" fill="#fff"/>'
    if color is Color.ORANGE:
        return f'<path d="M{x} {y - 4}l4.2 7.2h-8.4z" fill="#fff"/>'
    if color is Color.GREEN:
        return f'<rect x="{x - 3.2}" y="{y - 3.2}" width="6.4" height="6.4" fill="#fff"/>'
    if color is Color.BLUE:
        return f'<path d="M{x} {y - 4.6}l4.2 4.6-4.2 4.6-4.2-4.6z" fill="#fff"/>'
    return ""


def frame(fill: str, edge: str) -> str:
    return (
        f'<rect x=".5" y=".5" width="{W - 1}" height="{H - 1}" rx="7" fill="{fill}" '
        f'stroke="#000" stroke-opacity=".35"/>'
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="5" fill="none" stroke="{edge}" '
        f'stroke-opacity=".85" stroke-width="1.5"/>'
    )


def wheel(cx: float, cy: float, r: float) -> str:
    """A Polypig's four colours as quarters of a circle."""
    points = [(cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r)]
    out = []
    for i, color in enumerate(WHEEL):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % 4]
        out.append(f'<path d="M{cx} {cy}L{x1} {y1}A{r} {r} 0 0 1 {x2} {y2}z" fill="{FILL[color]}"/>')
    return "".join(out)


def face(ctx: Ctx, card: CardView) -> str:
    """A card's face in (0, 0)–(W, H)."""
    fill = FILL[card.color]
    parts = [frame(fill, "#fff"), mark(card.color)]
    if card.kind is Kind.NUMBER:
        value = str(card.value if card.value is not None else 0)
        parts += [
            f'<ellipse cx="{W / 2}" cy="{H / 2}" rx="22" ry="33" fill="#fff" '
            f'transform="rotate(20 {W / 2} {H / 2})"/>',
            centred(W / 2, H / 2 + 1, value, 44, fill, extra=' stroke="#000" stroke-opacity=".25"'),
            centred(11, 12, value, 13, WHITE),
            centred(W - 11, H - 12, value, 13, WHITE, extra=f' transform="rotate(180 {W - 11} {H - 12})"'),
        ]
        return "".join(parts)
    sign = ctx(f"svintus-art-glyph-{card.kind.value}")
    cy = 42
    parts.append(
        f'<ellipse cx="{W / 2}" cy="{cy}" rx="22" ry="29" fill="#fff" transform="rotate(20 {W / 2} {cy})"/>'
    )
    if card.kind is Kind.POLYPIG:
        parts += [wheel(W / 2, cy, 20), f'<circle cx="{W / 2}" cy="{cy}" r="12.5" fill="#fff"/>']
        parts.append(glyph(W / 2, cy + 1, sign, 17))
    else:
        parts.append(glyph(W / 2, cy + 1, sign, 27))
    parts += [
        glyph(11, 12, sign, 9),
        centred(W / 2, H - 13, text_of(ctx(f"svintus-kind-{card.kind.value}")), 9, WHITE, W - 12),
    ]
    return "".join(parts)


def card_class(card: CardView) -> str:
    return f"svintus-card svintus-{card.color.value if card.color else 'wild'} svintus-{card.kind.value}"


def tappable(body: str, tapped: bool, dimmed: bool) -> str:
    """A card's body ringed in the theme's button colour and made the piece's one tap
    (``data-tap="0"``), or dimmed, or as it is."""
    if tapped:
        return tap(0, rect(-1.5, -1.5, W + 3, H + 3, "none", r=9, stroke=ACCENT, width=3) + body)
    return dim(body) if dimmed else body


def card_svg(ctx: Ctx, card: CardView, tapped: bool = False, dimmed: bool = False) -> str:
    """A card alone: ringed and tappable (``data-tap="0"``) when it may be played, or dimmed."""
    body = tappable(face(ctx, card), tapped, dimmed)
    return svg(W, H, body, card_class(card), PAD)


def back(scale: float = 1.0, extra: str = "") -> str:
    """A card's back (a pink card with a snout), ``scale`` times a card's size, at (0, 0)."""
    w, h = W * scale, H * scale
    cx, cy = w / 2, h / 2
    return (
        f'<g{extra}><rect x=".5" y=".5" width="{w - 1}" height="{h - 1}" rx="{7 * scale}" fill="{BACK}" '
        f'stroke="#000" stroke-opacity=".35"/>'
        f'<rect x="{4 * scale}" y="{4 * scale}" width="{w - 8 * scale}" height="{h - 8 * scale}" '
        f'rx="{5 * scale}" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="{1.5 * scale}"/>'
        f'<ellipse cx="{cx}" cy="{cy}" rx="{17 * scale}" ry="{12 * scale}" fill="{SNOUT}" '
        f'stroke="{NOSTRIL}" stroke-width="{2 * scale}"/>'
        f'<ellipse cx="{cx - 6 * scale}" cy="{cy}" rx="{3 * scale}" ry="{5 * scale}" fill="{NOSTRIL}"/>'
        f'<ellipse cx="{cx + 6 * scale}" cy="{cy}" rx="{3 * scale}" ry="{5 * scale}" fill="{NOSTRIL}"/></g>'
    )


# --- an animal ---------------------------------------------------------------------------


def animal_face(ctx: Ctx, animal: Animal, dark: bool) -> str:
    """An animal's card, the side in force up: its glyph, its name, a sun or a moon."""
    side = "dark" if dark else "light"
    fill, edge, ink = (DARK_SIDE, DARK_EDGE, DARK_INK) if dark else (LIGHT_SIDE, LIGHT_EDGE, LIGHT_INK)
    parts = [frame(fill, edge)]
    if dark:  # a crescent: a disc with a disc of the card's colour over it
        parts.append(
            f'<circle cx="12" cy="12" r="5" fill="{ink}"/><circle cx="14.5" cy="10.5" r="4.3" fill="{fill}"/>'
        )
    else:
        parts.append(f'<circle cx="12" cy="12" r="4.5" fill="{edge}"/>')
    parts += [
        f'<circle cx="{W / 2}" cy="38" r="21" fill="{edge}" fill-opacity=".25"/>',
        glyph(W / 2, 39, ctx(f"svintus-animal-{animal.value}-{side}-emoji"), 28),
    ]
    name = lines(animal_name(ctx.t, ctx.lang, animal, dark))
    top = H - 21 if len(name) == 1 else H - 26
    parts.append(text(W / 2, top + 9 * MIDDLE, name, 9, ink, "middle", True, W - 10))  # 11 apart
    return "".join(parts)


def animal_svg(ctx: Ctx, animal: Animal, dark: bool, tapped: bool, dimmed: bool, under: str = "") -> str:
    """An animal's card; ``under``: a name under it (who took it)."""
    body = tappable(animal_face(ctx, animal, dark), tapped, dimmed)
    height = H
    if under:
        body += centred(W / 2, H + 9, short_name(under, 12), 9, TEXT, W)
        height = H + 16
    side = "dark" if dark else "light"
    return svg(W, height, body, f"svintus-animal svintus-animal-{animal.value} svintus-{side}", PAD)


# --- what is drawn -----------------------------------------------------------------------


def draw(ctx: Ctx, view: View, legal: Sequence[Any]) -> list[Piece]:
    if not isinstance(view, SvintusView):
        return []
    acts = plain(legal)
    if view.phase == "setup":
        return setup(ctx, view, acts)
    pieces = [seat(ctx, view, p) for p in view.seats if p != view.viewer]
    if view.top is not None:
        pieces.append(pile(ctx, view))
    pieces.append(deck(ctx, view))
    if view.peek is not None:  # the Eagle-Owl: the target's hand in sight
        pieces += [
            Piece(card_svg(ctx, c), text_of(card_label(ctx, c.id)), row="table", key=f"peek:{c.id}")
            for c in sorted(view.peek, key=sort_key)
        ]
    mine = own_animal(ctx, view, acts)
    if mine is not None:
        pieces.append(mine)
    return pieces + hand(ctx, view, acts)


def hand(ctx: Ctx, v: SvintusView, acts: Sequence[Any]) -> list[Piece]:
    """The viewer's cards, in the text hand's order: a playable one presses its ``Play``."""
    if v.hand is None:
        return []
    plays = {a.card: a for a in acts if isinstance(a, Play)}
    pieces = []
    for c in sorted(v.hand, key=sort_key):
        name = text_of(card_label(ctx, c.id))
        play = plays.get(c.id)
        if play is None:
            pieces.append(Piece(card_svg(ctx, c, dimmed=True), name, key=f"card:{c.id}"))
            continue
        label = text_of(ctx("svintus-playable", label=name))
        pieces.append(
            Piece(card_svg(ctx, c, tapped=True), label, ((Choice(name, play),),), key=f"card:{c.id}")
        )
    return pieces


def pile(ctx: Ctx, v: SvintusView) -> Piece:
    """The pile's top card on the cards under it; a Polypig's named colour on a tag below."""
    assert v.top is not None
    under = "".join(
        f'<rect x="{dx}" y="{dy}" width="{W}" height="{H}" rx="7" fill="#f4f1ea" stroke="#000" '
        f'stroke-opacity=".3" transform="rotate({turn} {W / 2} {H / 2})"/>'
        for dx, dy, turn in ((2, 2, 5), (-1, 1, -4))[: max(0, min(v.pile_count - 1, 2))]
    )
    body, height = under + face(ctx, v.top), float(H)
    label = text_of(ctx("svintus-board-top", card=card_label(ctx, v.top.id)))
    cls = f"{card_class(v.top)} svintus-pile"
    if v.color is not None and v.top.kind is Kind.POLYPIG:
        cls += f" svintus-named-{v.color.value}"
        named = text_of(ctx(f"svintus-color-{v.color.value}"))
        body += (
            f'<rect x="4" y="{H + 3}" width="{W - 8}" height="15" rx="7.5" fill="{FILL[v.color]}" '
            f'stroke="#000" stroke-opacity=".35"/>' + centred(W / 2, H + 10.5, named, 9, WHITE, W - 14)
        )
        height += 19
        label += " " + text_of(ctx("svintus-board-named-color", color=v.color.value))
    return Piece(svg(W, height, body, cls, PAD), label, row="table", key="pile")


def deck(ctx: Ctx, v: SvintusView) -> Piece:
    """The deck face down with its count (the Owl's owner sees its top card face up)."""
    count = v.deck_count
    label = text_of(ctx("svintus-art-deck", count=count))
    if v.deck_top is not None:
        body = face(ctx, v.deck_top)
        label += " " + text_of(ctx("svintus-hand-deck-top", card=card_label(ctx, v.deck_top.id)))
    elif count:
        body = back()
    else:
        body = (
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="7" fill="none" stroke-width="1.5" '
            f'stroke-dasharray="4 3" style="stroke:{HINT}"/>'
        )
    body += badge(W / 2, H + 4, count, 10)  # on the bottom edge, clear of a face-up card's name
    return Piece(svg(W, H + 14, body, "svintus-piece deck", PAD), label, row="table", key="deck")


def seat(ctx: Ctx, v: SvintusView, p: int) -> Piece:
    """Another player: their hand as a fan of backs with its count, their animal, their name."""
    count = v.hand_counts.get(p, 0)
    w, h = 76.0, 74.0
    parts = []
    if p == v.current and v.phase == "playing":  # whose turn it is
        parts.append(
            f'<rect x=".5" y=".5" width="{w - 1}" height="{h - 1}" rx="9" fill-opacity=".12" '
            f'stroke-width="1.5" style="fill:{ACCENT};stroke:{ACCENT}"/>'
        )
    for i, turn in enumerate((-16, 0, 16)[: min(count, 3)]):
        x = 38 - W * 0.3 / 2 + (i - min(count, 3) / 2 + 0.5) * 5
        parts.append(back(0.3, f' transform="translate({x} 10) rotate({turn} {W * 0.15} {H * 0.3})"'))
    parts.append(badge(54, 38, count))
    animal = v.animals.get(p)
    if animal is not None:
        dark = p in v.dark
        disc = DARK_SIDE if dark else LIGHT_SIDE
        parts.append(f'<circle cx="16" cy="16" r="11" fill="{disc}" stroke="#000" stroke-opacity=".3"/>')
        parts.append(
            glyph(16, 17, ctx(f"svintus-animal-{animal.value}-{'dark' if dark else 'light'}-emoji"), 13)
        )
    flags = flag_glyphs(ctx, v, p)
    if flags:
        parts.append(glyph(16, 42, flags, 11))
    parts.append(centred(w / 2, h - 9, short_name(text_of(ctx.name(p)), 12), 10, TEXT, w - 4))
    return Piece(
        svg(w, h, "".join(parts), "svintus-piece seat", PAD),
        seat_label(ctx, v, p),
        row="table",
        key=f"seat:{p}",
    )


def flag_glyphs(ctx: Ctx, v: SvintusView, p: int) -> str:
    """What the board's line says of a player besides their count: one card, away, silence, a lost turn."""
    return text_of("".join(seat_flags(ctx, v, p)))


def seat_label(ctx: Ctx, v: SvintusView, p: int) -> str:
    line = ctx(
        "svintus-board-player",
        player=ctx.name(p),
        count=v.hand_counts.get(p, 0),
        score=v.scores.get(p, 0),
        flags=flag_glyphs(ctx, v, p),
    )
    animal = v.animals.get(p)
    if animal is not None:
        label = animal_label(ctx.t, ctx.lang, animal, p in v.dark)
        line = ctx("svintus-board-player-animal", line=line, animal=label)
    return " ".join(text_of(line).split())


def own_animal(ctx: Ctx, v: SvintusView, acts: Sequence[Any]) -> Piece | None:
    """The viewer's animal, the side in force up; its dark side presses ``UseAbility`` when it may."""
    me = v.viewer
    animal = v.animals.get(me) if me is not None else None
    if animal is None:
        return None
    dark = me in v.dark
    use = next((a for a in acts if isinstance(a, UseAbility)), None)
    name = animal_label(ctx.t, ctx.lang, animal, dark)
    label = text_of(ctx("svintus-hand-animal", animal=name, rule=animal_rule(ctx.t, ctx.lang, animal, dark)))
    taps = ((Choice(text_of(ctx("svintus-button-ability", animal=name)), use),),) if use is not None else ()
    return Piece(animal_svg(ctx, animal, dark, use is not None, False), label, taps, key="animal")


def setup(ctx: Ctx, v: SvintusView, acts: Sequence[Any]) -> list[Piece]:
    """Choosing animals: every animal, light side up; a free one presses ``PickAnimal``."""
    picks = {a.animal: a for a in acts if isinstance(a, PickAnimal)}
    owners = {a: p for p, a in v.animals.items()}
    pieces = []
    for animal in ANIMALS:
        name = animal_label(ctx.t, ctx.lang, animal, False)
        pick = picks.get(animal)
        owner = owners.get(animal)
        taps = ((Choice(text_of(name), pick),),) if pick is not None else ()
        under = text_of(ctx.name(owner)) if owner is not None else ""
        label = (
            text_of(ctx("svintus-setup-player", player=ctx.name(owner), animal=name))
            if under
            else text_of(name)
        )
        drawn = animal_svg(ctx, animal, False, pick is not None, owner not in (None, v.viewer), under)
        pieces.append(Piece(drawn, label, taps, row="table", key=f"animal:{animal.value}"))
    return pieces
