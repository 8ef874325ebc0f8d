"""Smash Up («Замес») drawn: the cards of one's hand — a faction's colour band
and name, a minion's power, the card's text — and on the table the players
with their factions and VP, and each base with its breakpoint, the power on
it, its text, and the minions there by whose they are.

A hand card's tap offers its plays as the text hand's targets do: where a
minion may go, which minion or base an action may be played on, or «play»;
a minion (or a base) with a talent to use offers it.  Prompts, «End turn»
and «Leave» stay the hand's buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.adapter import Ctx
from bot.games.smashup import card_name, card_text, faction_name
from bot.miniapp.art import Choice, Piece
from bot.miniapp.art._svg import (
    ACCENT,
    FACE,
    HINT,
    LEAD,
    MIDDLE,
    TEXT,
    WHITE,
    WIDTH,
    centred,
    circle,
    dim,
    fit,
    glyph,
    rect,
    squeeze,
    svg,
    tap,
    text,
    wrap,
)
from bot.sizing import text_of
from engine.core import View, plain
from engine.smashup.cards import BASES, CARDS, MADNESS, Kind
from engine.smashup.models import (
    BaseView,
    CardRef,
    MinionView,
    PlayCard,
    PlayerView,
    SmashUpView,
    UseTalent,
)

# each faction's colour (its cards' band and frame; white text on it, light and dark pages alike)
COLOURS: dict[str, str] = {
    "kitty-cats": "#b9581a",
    "princesses": "#b3306f",
    "fairies": "#7042b5",
    "mythic-horses": "#2d6cad",
    "minions-of-cthulhu": "#2b6b3f",
    "elder-things": "#4b5672",
    "innsmouth": "#157070",
    "miskatonic-university": "#8c2c2c",
    MADNESS: "#4d2a5a",
}
NEUTRAL = "#5a5a66"
STRONGER = "#1e8e3e"  # a minion's power above its printed one
WEAKER = "#c5221f"
SCORING = "#d93025"
CARD_W, CARD_H = 80.0, 112.0  # a hand card
WIDE = 200.0  # a base, the players
PAD = 5.0
CHIP_W, CHIP_H = 44.0, 25.0  # a minion on a base
GAP = 4.0
PER_ROW = 4
SMALL = 6.2  # the least font size on a card in the hand's grid (about 12 px on a phone)
BIG_W = 110.0  # a base opened large, as wide as a phone (about 3 px a unit)
BIG_LEAST = 4.4  # its least font size (about 13 px there)


def draw(ctx: Ctx, view: View, legal: Sequence[Any]) -> list[Piece]:
    """What ``view``'s viewer sees: the players, the bases, their own hand."""
    assert isinstance(view, SmashUpView)
    v = view
    moves = list(plain(legal))
    talents = {a.card: a for a in moves if isinstance(a, UseTalent)}
    pieces = [_players(ctx, v)]
    pieces += [_base(ctx, v, b, talents) for b in v.bases]
    if v.hand is not None:
        plays = [a for a in moves if isinstance(a, PlayCard)]
        pieces += [_hand_card(ctx, v, c, [a for a in plays if a.card == c.uid]) for c in _sorted(v.hand)]
    return pieces


# --- words ----------------------------------------------------------------------------------------


def _say(ctx: Ctx, key: str, **args: Any) -> str:
    """A locale message as plain text (names come HTML-escaped, some keys hold tags)."""
    return text_of(ctx(key, **args))


def _colour(faction: str) -> str:
    return COLOURS.get(faction, NEUTRAL)


def _faction(ctx: Ctx, faction: str) -> str:
    if faction == MADNESS:
        return _say(ctx, "smashup-card-madness")
    return text_of(faction_name(ctx, faction))


def _text(ctx: Ctx, card: str) -> str:
    """A card's text as a card prints it: a minion's power is on its badge, so
    the text's «Minion, power N.» is left out."""
    words = text_of(card_text(ctx, card))
    d = CARDS.get(card)
    if d is not None and d.kind is Kind.MINION:
        said = _say(ctx, "smashup-art-minion-says", power=d.power)
        if words.startswith(said):
            return words[len(said) :].strip()
    return words


def _kind(card: str) -> str:
    d = CARDS.get(card)
    if d is None:
        return "action"
    return "special" if d.special else d.kind.value


def _sorted(hand: Sequence[CardRef]) -> list[CardRef]:
    """Minions first, strongest first; then actions, then specials (as the text hand)."""

    def key(c: CardRef) -> tuple[int, int, str, int]:
        d = CARDS.get(c.card)
        if d is None:
            return 3, 0, c.card, c.uid
        return (0 if d.minion else 2 if d.special else 1), -d.power, c.card, c.uid

    return sorted(hand, key=key)


# --- a hand card -------------------------------------------------------------------------------


def _choices(ctx: Ctx, v: SmashUpView, plays: Sequence[PlayCard]) -> tuple[Choice, ...]:
    """A card's plays, each named by where it goes; of minions alike as targets (the
    same card of one player, as strong, with the same cards on it, on one base) one."""
    found = []
    seen: set[Any] = set()
    for a in plays:
        if a.minion is not None:
            alike = alike_minion(v, a.minion)
            if alike in seen:
                continue
            seen.add(alike)
            label = _minion_option(ctx, v, a.minion)
        elif a.base is not None:
            label = _base_option(ctx, v, a.base)
        else:
            label = _say(ctx, "smashup-button-play")
        found.append(Choice(_say(ctx, "smashup-button-target", label=label), a))
    return tuple(found)


def alike_minion(v: SmashUpView, uid: int) -> Any:
    """What tells a minion in play from another as a target (copies alike share it)."""
    for b in v.bases:
        for m in b.minions:
            if m.uid == uid:
                return b.uid, m.card, m.owner, m.controller, m.power, tuple(a.card for a in m.attached)
    return uid


def _base_option(ctx: Ctx, v: SmashUpView, uid: int) -> str:
    b = next((b for b in v.bases if b.uid == uid), None)
    if b is None:
        return str(uid)
    return _say(ctx, "smashup-option-base", base=card_name(ctx, b.card), total=b.total, bp=b.breakpoint)


def _minion_option(ctx: Ctx, v: SmashUpView, uid: int) -> str:
    for b in v.bases:
        for m in b.minions:
            if m.uid == uid:
                label = ctx("smashup-minion-label", name=card_name(ctx, m.card), power=m.power)
                if m.attached:
                    cards = ", ".join(card_name(ctx, a.card) for a in m.attached)
                    label = ctx("smashup-board-with", label=label, cards=cards)
                where = card_name(ctx, b.card)
                if m.controller == v.viewer:
                    return _say(ctx, "smashup-option-minion-mine", label=label, base=where)
                return _say(
                    ctx, "smashup-option-minion", label=label, base=where, player=ctx.name(m.controller)
                )
    return str(uid)


def _hand_card(ctx: Ctx, v: SmashUpView, c: CardRef, plays: Sequence[PlayCard]) -> Piece:
    choices = _choices(ctx, v, plays)
    body = _face(ctx, c.card)
    label = _say(
        ctx,
        "smashup-art-card",
        name=card_name(ctx, c.card),
        kind=_kind(c.card),
        power=CARDS[c.card].power if c.card in CARDS else 0,
        faction=_faction(ctx, CARDS[c.card].faction if c.card in CARDS else ""),
        text=_text(ctx, c.card),
    )
    small = _small_face(ctx, c.card)
    return Piece(
        svg=svg(CARD_W, CARD_H, tap(0, small) if choices else dim(small)),
        label=label,
        taps=(choices,) if choices else (),
        row="hand",
        key=f"card-{c.uid}",
        big=svg(CARD_W, CARD_H, body, cls="smashup-big"),
    )


def _small_face(ctx: Ctx, card: str) -> str:
    """A card in the hand's grid (two to a phone's width: a unit is about 2 px there):
    its band, power, name, kind and the start of its text, none under ``SMALL`` units;
    a tap opens it large (``_face``) with all its text."""
    d = CARDS.get(card)
    faction = d.faction if d is not None else ""
    colour = _colour(faction)
    minion = d is not None and d.minion
    left = 24.0 if minion else 5.0
    _, band = squeeze(_faction(ctx, faction), CARD_W - 9, (SMALL,), bold=True)
    name_size, name = fit(card_name(ctx, card), CARD_W - left - 3, 23, (7.2, SMALL), bold=True)
    top = 16 + name_size * (len(name) * LEAD - 0.2)
    kind = _say(ctx, "smashup-art-kind", kind=_kind(card))
    room = CARD_H - 5 - (max(top, 37) + 4 + SMALL)
    _, lines = fit(_text(ctx, card), CARD_W - 8, room, (SMALL,))
    parts = [
        _card(colour, 11.5),
        text(4.5, 9.9, [band], SMALL, WHITE, bold=True),
        text(left, 17 + name_size * 0.75, name, name_size, TEXT, bold=True),
        text(4, max(top, 37) + 2, [kind], SMALL, HINT),
        text(4, max(top, 37) + 4 + SMALL * LEAD, lines, SMALL, TEXT),
    ]
    if minion and d is not None:
        parts.append(_power(12.5, 25, 8.5, d.power, colour))
    return "".join(parts)


def _face(ctx: Ctx, card: str) -> str:
    """A card as printed: its faction's band, power (a minion), name, kind and text."""
    d = CARDS.get(card)
    faction = d.faction if d is not None else ""
    colour = _colour(faction)
    minion = d is not None and d.minion
    left = 24.0 if minion else 5.0
    emoji = ctx(f"smashup-art-emoji-{faction}") if faction in COLOURS else ""
    band = _say(ctx, "smashup-art-faction", emoji=emoji, name=_faction(ctx, faction)).strip()
    band_size, band = squeeze(band, CARD_W - 10, (4.4, 4, 3.6, 3.3), bold=True)
    name_size, name = fit(card_name(ctx, card), CARD_W - left - 4, 15, (6.2, 5.4, 4.8, 4.3), bold=True)
    size, lines = fit(_text(ctx, card), CARD_W - 9, CARD_H - 46, (5.6, 5.2, 4.8, 4.4, 4, 3.7))
    parts = [
        _card(colour, 10),
        text(5, 9, [band], band_size, WHITE, bold=True),
        text(left, 19 + name_size * 0.2, name, name_size, TEXT, bold=True),
        text(left, 36.5, [_say(ctx, "smashup-art-kind", kind=_kind(card))], 4, HINT),
        rect(5, 39.5, CARD_W - 10, 0.5, colour),
        text(4.5, 44 + size, lines, size, TEXT),
    ]
    if d is not None and d.minion:
        parts.append(_power(13, 24.5, 8.5, d.power, colour))
    if (
        emoji and 44 + size * (len(lines) * LEAD + 0.3) < CARD_H - 22
    ):  # room below the text: the faction's mark
        parts.append(f'<g style="opacity:.22">{glyph(CARD_W - 16, CARD_H - 8 - 16 * MIDDLE, emoji, 16)}</g>')
    return "".join(parts)


def _card(colour: str, band: float) -> str:
    """A card's frame in its faction's ``colour``, and its band (``band`` units tall)."""
    return "".join(
        [
            rect(1, 1, CARD_W - 2, CARD_H - 2, FACE, r=6, stroke=colour, width=1.6),
            rect(1, 1, CARD_W - 2, CARD_H - 2, colour, r=6, opacity=0.07),
            rect(1.8, 1.8, CARD_W - 3.6, band, colour, r=5.2),
            rect(1.8, 1.8 + band / 2, CARD_W - 3.6, band / 2, colour),
        ]
    )


def _power(x: float, y: float, r: float, power: int, colour: str) -> str:
    size = r * (1.2 if power < 10 else 0.95)
    return circle(x, y, r, colour, WHITE, r * 0.14) + centred(x, y, str(power), size, WHITE)


# --- the table ----------------------------------------------------------------------------------------


def _players(ctx: Ctx, v: SmashUpView) -> Piece:
    """Everyone at the table (whose turn, their factions' colours, name, cards, VP),
    and the decks every player draws from."""
    row = 11.0
    decks = _say(
        ctx,
        "smashup-board-decks",
        bases=v.base_deck,
        madness=v.madness_deck or 0,
        on="true" if v.madness_deck is not None else "false",
    )
    height = len(v.players) * row + 12
    parts = [rect(0.6, 0.6, WIDE - 1.2, height - 1.2, FACE, r=5, stroke=HINT, width=0.5)]
    said = []
    for i, p in enumerate(v.players):
        drawn, words = _player(ctx, v, p, 2 + i * row)
        parts.append(drawn)
        said.append(words)
    parts.append(text(PAD, height - 4.5, wrap(decks, WIDE - 2 * PAD, 4.4, most=1), 4.4, HINT))
    label = "; ".join([*said, decks])
    return Piece(svg=svg(WIDE, height, "".join(parts)), label=label, row="table", key="players")


def _player(ctx: Ctx, v: SmashUpView, p: PlayerView, y: float) -> tuple[str, str]:
    """One player's line at ``y``, and what it says."""
    parts = []
    if v.current == p.player and v.phase == "playing":
        parts.append(f'<path d="M3 {y + 2.5} L7.5 {y + 5.5} L3 {y + 8.5} Z" style="fill:{ACCENT}"/>')
    for j, f in enumerate(p.factions):
        parts.append(circle(11.5 + j * 6.5, y + 5.5, 2.8, _colour(f), WHITE, 0.5))
    won = p.player in v.winners
    name = text_of(ctx("smashup-art-winner", name=ctx.name(p.player)) if won else ctx.name(p.player))
    counts = _say(
        ctx,
        "smashup-art-counts",
        hand=p.hand,
        deck=p.deck,
        discard=len(p.discard),
        madness=p.madness,
        on="true" if v.madness_deck is not None else "false",
    )
    if p.left:
        counts = _say(ctx, "smashup-board-left")
    vp = _say(ctx, "smashup-art-vp", vp=p.vp, goal=v.goal)
    size, line = squeeze(name, 150 - len(counts) * 4.4 * WIDTH - 28, (5.2, 4.6, 4.2), bold=True)
    parts.append(text(25, y + 7.3, [line], size, HINT if p.left else TEXT, bold=True))
    parts.append(text(150, y + 7.3, [counts], 4.4, HINT, "end"))
    parts.append(text(WIDE - PAD, y + 7.3, [vp], 5.2, TEXT, "end", True))
    factions = " + ".join(_faction(ctx, f) for f in p.factions)
    return "".join(parts), " ".join(x for x in (name, vp, counts, factions) if x)


@dataclass
class _Drawn:
    """A base being drawn: its parts top down, the taps they carry, the words said."""

    parts: list[str] = field(default_factory=list)
    taps: list[tuple[Choice, ...]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    y: float = 0.0

    def tapped(self, body: str, choices: Sequence[Choice]) -> str:
        if not choices:
            return body
        self.taps.append(tuple(choices))
        return tap(len(self.taps) - 1, body)


def _talents(
    ctx: Ctx, uids: Sequence[int], talents: dict[int, UseTalent], cards: dict[int, str]
) -> list[Choice]:
    return [
        Choice(_say(ctx, "smashup-button-talent", name=card_name(ctx, cards[u])), talents[u])
        for u in uids
        if u in talents
    ]


def _base(ctx: Ctx, v: SmashUpView, b: BaseView, talents: dict[int, UseTalent]) -> Piece:
    """A base: its band (name, VP), the power on it against its breakpoint, its text,
    the actions on it, and each player's minions there."""
    d = BASES.get(b.card)
    colour = _colour(d.faction if d is not None else "")
    out = _Drawn()
    cards = {b.uid: b.card, **{a.uid: a.card for a in b.actions}}
    head = _base_head(ctx, b, colour)
    out.parts.append(out.tapped(head, _talents(ctx, [b.uid, *(a.uid for a in b.actions)], talents, cards)))
    name = card_name(ctx, b.card)
    out.said.append(_say(ctx, "smashup-option-base", base=name, total=b.total, bp=b.breakpoint))
    words = text_of(card_text(ctx, b.card))
    lines = wrap(words, WIDE - 2 * PAD, 4.4, most=4)
    out.parts.append(text(PAD, 35, lines, 4.4, HINT))
    out.said.append(words)
    out.y = 35 + len(lines) * 4.4 * LEAD
    if b.actions:
        on = _say(ctx, "smashup-art-on-base", cards=", ".join(card_name(ctx, a.card) for a in b.actions))
        lines = wrap(on, WIDE - 2 * PAD, 4.4, most=3)
        out.parts.append(text(PAD, out.y + 1, lines, 4.4, TEXT))
        out.y += len(lines) * 4.4 * LEAD + 1
        out.said.append(on)
    by: dict[int, list[MinionView]] = {}
    for m in b.minions:
        by.setdefault(m.controller, []).append(m)
    for p, minions in by.items():
        _side(ctx, out, p, b.powers.get(p, 0), minions, talents)
    height = out.y + PAD
    scoring = v.scoring == b.uid
    frame = rect(
        1,
        1,
        WIDE - 2,
        height - 2,
        FACE,
        r=6,
        stroke=SCORING if scoring else colour,
        width=2.4 if scoring else 1.4,
    )
    tint = rect(1, 1, WIDE - 2, height - 2, colour, r=6, opacity=0.06)
    return Piece(
        svg=svg(WIDE, height, frame + tint + "".join(out.parts)),
        label=" ".join(out.said),
        taps=tuple(out.taps),
        row="table",
        key=f"base-{b.uid}",
        big=_base_big(ctx, b, colour, scoring),
    )


def _base_big(ctx: Ctx, b: BaseView, colour: str, scoring: bool) -> str:
    """A base opened large (a phone's width: a unit is about 3 px there, so nothing
    under ``BIG_LEAST`` units): its name and VP, the power against its breakpoint,
    its whole text, the actions on it, and each player's minions there, in words."""
    width, inner = BIG_W, BIG_W - 2 * PAD
    vp = _say(ctx, "smashup-art-base-vp", vp="-".join(str(x) for x in b.vp))
    name = wrap(card_name(ctx, b.card), inner - len(vp) * 3.6, 6, bold=True)
    y = 4 + len(name) * 6 * LEAD
    parts = [
        rect(1.8, 1.8, width - 3.6, y + 2, colour, r=5),
        text(PAD, 9.5, name, 6, WHITE, bold=True),
        text(width - PAD, 9.5, [vp], BIG_LEAST, WHITE, "end", True),
    ]
    y += 11
    total = _say(ctx, "smashup-art-total", total=b.total, bp=b.breakpoint)
    parts.append(text(PAD, y, [total], 5.4, SCORING if scoring else TEXT, bold=True))
    y += 4
    words = wrap(text_of(card_text(ctx, b.card)), inner, BIG_LEAST)
    parts.append(text(PAD, y + BIG_LEAST, words, BIG_LEAST, TEXT))
    y += (len(words) + 0.6) * BIG_LEAST * LEAD
    if b.actions:
        on = _say(ctx, "smashup-art-on-base", cards=", ".join(card_name(ctx, a.card) for a in b.actions))
        lines = wrap(on, inner, BIG_LEAST)
        parts.append(text(PAD, y + BIG_LEAST, lines, BIG_LEAST, HINT))
        y += (len(lines) + 0.6) * BIG_LEAST * LEAD
    by: dict[int, list[MinionView]] = {}
    for m in b.minions:
        by.setdefault(m.controller, []).append(m)
    for p, minions in by.items():
        side = wrap(
            _say(ctx, "smashup-art-side", player=ctx.name(p), power=b.powers.get(p, 0)), inner, 4.8, True
        )
        parts.append(text(PAD, y + 5, side, 4.8, TEXT, bold=True))
        y += (len(side) + 0.3) * 4.8 * LEAD
        for m in minions:
            lines = wrap(_minion_words(ctx, m), inner - 3, BIG_LEAST)
            parts.append(text(PAD + 3, y + BIG_LEAST, lines, BIG_LEAST, TEXT))
            y += len(lines) * BIG_LEAST * LEAD
        y += 2
    height = y + PAD
    frame = rect(1, 1, width - 2, height - 2, FACE, r=6, stroke=SCORING if scoring else colour, width=1.6)
    tint = rect(1, 1, width - 2, height - 2, colour, r=6, opacity=0.06)
    return svg(width, height, frame + tint + "".join(parts), cls="smashup-big")


def _base_head(ctx: Ctx, b: BaseView, colour: str) -> str:
    """The band with the name and VP, and the power bar: total against breakpoint."""
    vp = _say(ctx, "smashup-art-base-vp", vp="-".join(str(x) for x in b.vp))
    name = wrap(card_name(ctx, b.card), WIDE - 2 * PAD - len(vp) * 3.2, 6.6, bold=True, most=1)
    share = min(1.0, b.total / b.breakpoint) if b.breakpoint > 0 else 0.0
    bar = WIDE - 2 * PAD - 40
    total = _say(ctx, "smashup-art-total", total=b.total, bp=b.breakpoint)
    return "".join(
        [
            rect(1.8, 1.8, WIDE - 3.6, 15, colour, r=5),
            rect(1.8, 9, WIDE - 3.6, 7.8, colour),
            text(PAD, 11.8, name, 6.6, WHITE, bold=True),
            text(WIDE - PAD, 11.8, [vp], 5.2, WHITE, "end", True),
            rect(PAD, 21, bar, 5, HINT, r=2.5, opacity=0.3),
            rect(PAD, 21, max(5.0, bar * share), 5, SCORING if share >= 1 else colour, r=2.5),
            text(WIDE - PAD, 26.2, [total], 7, TEXT, "end", True),
        ]
    )


def _side(
    ctx: Ctx, out: _Drawn, p: int, power: int, minions: Sequence[MinionView], talents: dict[int, UseTalent]
) -> None:
    """One player's minions on a base: who and their power here, then the minions."""
    side = _say(ctx, "smashup-art-side", player=ctx.name(p), power=power)
    out.parts.append(
        text(PAD, out.y + 6, wrap(side, WIDE - 2 * PAD, 4.8, bold=True, most=1), 4.8, TEXT, bold=True)
    )
    out.said.append(side)
    out.y += 8.5
    for start in range(0, len(minions), PER_ROW):
        row = minions[start : start + PER_ROW]
        tall = max(_chip_height(m) for m in row)
        for i, m in enumerate(row):
            x = PAD + i * (CHIP_W + GAP)
            cards = {m.uid: m.card, **{a.uid: a.card for a in m.attached}}
            choices = _talents(ctx, [m.uid, *(a.uid for a in m.attached)], talents, cards)
            out.parts.append(out.tapped(_chip(ctx, x, out.y, m, tall, bool(choices)), choices))
            out.said.append(_minion_words(ctx, m))
        out.y += tall + GAP


def _chip_height(m: MinionView) -> float:
    return CHIP_H + len(m.attached) * 4.1


def _chip(ctx: Ctx, x: float, y: float, m: MinionView, height: float, live: bool) -> str:
    """A minion on a base: power (coloured when changed), name, what is played on it."""
    d = CARDS.get(m.card)
    colour = _colour(d.faction if d is not None else "")
    badge = STRONGER if m.power > m.printed else WEAKER if m.power < m.printed else colour
    size, name = fit(card_name(ctx, m.card), CHIP_W - 16, 14, (4.6, 4.2, 3.8, 3.4))
    parts = [
        rect(x, y, CHIP_W, height, FACE, r=3, stroke=ACCENT if live else colour, width=1.4 if live else 0.9),
        rect(x, y, CHIP_W, height, colour, r=3, opacity=0.12),
        _power(x + 7.5, y + 8, 5.6, m.power, badge),
        text(x + 14.5, y + 4 + size, name, size, TEXT),
    ]
    for i, a in enumerate(m.attached):
        line = wrap(_say(ctx, "smashup-art-attached", name=card_name(ctx, a.card)), CHIP_W - 4, 3.3, most=1)
        parts.append(text(x + 2.5, y + CHIP_H - 1 + i * 4.1, line, 3.3, TEXT))
    return "".join(parts)


def _minion_words(ctx: Ctx, m: MinionView) -> str:
    label = _say(ctx, "smashup-minion-label", name=card_name(ctx, m.card), power=m.power)
    if m.attached:
        label = _say(
            ctx,
            "smashup-board-with",
            label=label,
            cards=", ".join(card_name(ctx, a.card) for a in m.attached),
        )
    return label
