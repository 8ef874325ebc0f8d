"""Candy Empire («Конфетная империя») drawn: the cards of one's hand, each
character's portrait, candies and rule; on the table the deck and the
discard, every player's empire with its protected cards and combos, and the
Judge or Policeman aimed at someone while its block window is open.

A hand card's tap offers what its text screen's card button lists (into the
empire, to the discard for its ability, discard it to protect each card of
the empire, just discard it); the aimed card offers its target the block and
letting it through.  Abilities' choices stay the hand's prompt buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.adapter import Ctx
from bot.games.candy import MODES, card_label, character_name, combos, signed
from bot.miniapp.art import Choice, Piece
from bot.miniapp.art._svg import (
    ACCENT,
    FACE,
    HINT,
    LEAD,
    MIDDLE,
    TEXT,
    WHITE,
    centred,
    circle,
    dim,
    fit,
    glyph,
    num,
    rect,
    squeeze,
    svg,
    tap,
    text,
    wrap,
)
from bot.sizing import text_of
from engine.candy.cards import Character
from engine.candy.models import (
    Allow,
    Block,
    CandyView,
    CardView,
    Discard,
    HandCardView,
    PlayToDiscard,
    PlayToEmpire,
    Protect,
)
from engine.core import View, plain

C = Character
# each character's colour: its card's band and frame (white text on it, light and dark pages alike)
COLOURS: dict[Character, str] = {
    C.BOSS: "#6a3d9a",
    C.LAWYER: "#2c5d9e",
    C.DETECTIVE: "#75602f",
    C.PICKPOCKET: "#22756a",
    C.CANDY_THIEF: "#b0306a",
    C.HITMAN: "#8c2323",
    C.SNATCHER: "#b5521a",
    C.POLICEMAN: "#1d4a87",
    C.KIDNAPPER: "#4a4a58",
    C.CANDY_BUYER: "#3b7a27",
    C.JUDGE: "#6e4520",
    C.TRADER: "#8f6a00",
    C.SLY_COP: "#40607c",
}
SWEET = "#d8336a"  # a card's candies: more of them
SOUR = "#4f6478"  # fewer
SHIELD = "#c99a06"  # a protected card's mark
CARD_W, CARD_H = 80.0, 112.0  # a hand card
MINI_W, MINI_H = 32.0, 46.0  # a card in an empire or on a pile
WIDE = 180.0  # a row of the table: an empire, the piles
PAD = 4.0
PER_ROW = 5  # mini cards in an empire's row


def draw(ctx: Ctx, view: View, legal: Sequence[Any]) -> list[Piece]:
    """What ``view``'s viewer sees: the piles, the block window, every empire,
    and their own hand."""
    assert isinstance(view, CandyView)
    v = view
    moves = set(plain(legal))
    pieces = [_piles(ctx, v)]
    if v.reaction is not None:
        pieces.append(_reaction(ctx, v, moves))
    pieces += [_seat(ctx, v, p) for p in v.seats]
    if v.hand is not None and v.viewer is not None:
        pieces += [_hand_card(ctx, v, v.viewer, c, moves) for c in sorted(v.hand, key=lambda c: c.id)]
    return pieces


# --- words ----------------------------------------------------------------------------------


def _say(ctx: Ctx, key: str, **args: Any) -> str:
    """A locale message as plain text (names come HTML-escaped, some keys hold tags)."""
    return text_of(ctx(key, **args))


def _name(ctx: Ctx, character: Character) -> str:
    return text_of(character_name(ctx, character))


def _label(ctx: Ctx, card: int) -> str:
    return text_of(card_label(ctx, card))


# --- a hand card ------------------------------------------------------------------------------


def _choices(ctx: Ctx, me: int, card: HandCardView, moves: set[Any]) -> tuple[Choice, ...]:
    """The moves this card allows, as the text hand's card menu lists them."""
    c = card.id
    found: list[Choice] = []
    plays: tuple[tuple[str, Any], ...] = (
        ("candy-button-empire", PlayToEmpire(player=me, card=c)),
        ("candy-button-ability", PlayToDiscard(player=me, card=c)),
    )
    found += [Choice(_say(ctx, key), a) for key, a in plays if a in moves]
    for target in card.protect:
        a = Protect(player=me, card=c, protect=target)
        label = _say(ctx, "candy-art-protect", label=_label(ctx, target))
        if a in moves and all(x.label != label for x in found):  # copies in one empire are alike
            found.append(Choice(label, a))
    if Discard(player=me, card=c) in moves:
        found.append(Choice(_say(ctx, "candy-button-discard"), Discard(player=me, card=c)))
    return tuple(found)


def _hand_card(ctx: Ctx, v: CandyView, me: int, card: HandCardView, moves: set[Any]) -> Piece:
    choices = _choices(ctx, me, card, moves)
    banned = card.character in v.banned
    body = _face(ctx, card, banned)
    label = _say(
        ctx,
        "candy-art-card",
        label=_label(ctx, card.id),
        rule=_say(ctx, f"candy-card-{card.character.value}-rule"),
    )
    if banned:
        label = _say(ctx, "candy-art-banned-card", label=label)
    return Piece(
        svg=svg(CARD_W, CARD_H, tap(0, body) if choices else dim(body)),
        label=label,
        taps=(choices,) if choices else (),
        row="hand",
        key=f"hand-{card.id}",
    )


def _face(ctx: Ctx, card: CardView, banned: bool) -> str:
    """A card as printed: its name on its colour, portrait, candies, rule."""
    colour = COLOURS[card.character]
    name_size, name = fit(_name(ctx, card.character), CARD_W - 12, 17, (7, 6.4, 6.2), bold=True)
    rule = _say(ctx, f"candy-card-{card.character.value}-rule")
    size, lines = fit(rule, CARD_W - 9, CARD_H - 54, (6.4, 6.2))
    parts = [
        rect(1, 1, CARD_W - 2, CARD_H - 2, FACE, r=6, stroke=colour, width=1.6),
        rect(1.8, 1.8, CARD_W - 3.6, 20, colour, r=5.2),
        rect(1.8, 12, CARD_W - 3.6, 10, colour),
        text(CARD_W / 2, _first_line(12, name_size, len(name)), name, name_size, WHITE, "middle", True),
        rect(5, 24.5, CARD_W - 10, 23, colour, r=4, opacity=0.13),
        glyph(25, 42.5 - 17 * MIDDLE, _say(ctx, f"candy-art-emoji-{card.character.value}"), 17),
        _candy(56, 36, 9, card.candies),
        text(4.5, 51 + size, lines, size, TEXT),
    ]
    if banned:
        parts.append(_banned(ctx))
    return "".join(parts)


def _first_line(middle: float, size: float, count: int) -> float:
    """The first baseline of ``count`` lines centred on ``middle``."""
    return middle - (count - 1) * size * LEAD / 2 + size * MIDDLE


def _candy(x: float, y: float, r: float, candies: int) -> str:
    """A wrapped candy with the card's candies on it."""
    colour = SWEET if candies > 0 else SOUR
    w = r * 0.75
    wings = (
        f'<path d="M{num(x - r + 1)} {num(y)} L{num(x - r - w)} {num(y - w)} L{num(x - r - w)} {num(y + w)} Z'
        f' M{num(x + r - 1)} {num(y)} L{num(x + r + w)} {num(y - w)} L{num(x + r + w)} {num(y + w)} Z"'
        f' style="fill:{colour}"/>'
    )
    size = r * (1.05 if len(signed(candies)) < 3 else 0.9)
    return wings + circle(x, y, r, colour, WHITE, r * 0.12) + centred(x, y, signed(candies), size, WHITE)


def _banned(ctx: Ctx) -> str:
    """The Kidnapper's ban across the card's portrait."""
    word = _say(ctx, "candy-art-banned")
    return rect(4, 33, CARD_W - 8, 12, "#b3261e", r=2, opacity=0.92) + text(
        CARD_W / 2, 41.5, [word], 6, WHITE, "middle", True
    )


# --- the table ---------------------------------------------------------------------------------


def _mini(ctx: Ctx, x: float, y: float, card: CardView, protected: bool = False) -> str:
    """A small card: portrait on its colour, candies in the corner, name below."""
    colour = COLOURS[card.character]
    size, name = fit(_name(ctx, card.character), MINI_W - 3, 13, (3.8, 3.4, 3.1))
    candy = SWEET if card.candies > 0 else SOUR
    parts = [
        rect(
            x,
            y,
            MINI_W,
            MINI_H,
            FACE,
            r=3,
            stroke=SHIELD if protected else colour,
            width=1.6 if protected else 1,
        ),
        rect(x + 1.5, y + 1.5, MINI_W - 3, 26, colour, r=2),
        glyph(x + MINI_W / 2, y + 20 - 14 * MIDDLE, _say(ctx, f"candy-art-emoji-{card.character.value}"), 14),
        circle(x + MINI_W - 6.5, y + 7, 5.2, candy, WHITE, 0.7),
        text(x + MINI_W - 6.5, y + 8.9, [signed(card.candies)], 5, WHITE, "middle", True),
        text(x + MINI_W / 2, y + 28.5 + size * 1.1, name, size, TEXT, "middle"),
    ]
    if protected:
        parts.append(_shield(x + 6.5, y + 7))
    return "".join(parts)


def _shield(x: float, y: float) -> str:
    """The mark of a protected card."""
    return (
        f'<path d="M{num(x)} {num(y - 5)} L{num(x + 4.2)} {num(y - 3.4)} L{num(x + 4.2)} {num(y + 0.6)}'
        f" Q{num(x + 4.2)} {num(y + 3.8)} {num(x)} {num(y + 5.4)} Q{num(x - 4.2)} {num(y + 3.8)}"
        f' {num(x - 4.2)} {num(y + 0.6)} L{num(x - 4.2)} {num(y - 3.4)} Z"'
        f' style="fill:{SHIELD};stroke:{WHITE};stroke-width:0.7"/>'
    )


def _back(x: float, y: float, count: int) -> str:
    """A face-down pile of ``count`` cards."""
    parts = [rect(x + 2 * i, y - 2 * i, MINI_W, MINI_H, SOUR, r=3, stroke=WHITE, width=0.8) for i in range(2)]
    parts.append(circle(x + 2 + MINI_W / 2, y - 2 + MINI_H / 2, 9, WHITE, "", 0))
    parts.append(text(x + 2 + MINI_W / 2, y + MINI_H / 2 + 0.6, [str(count)], 8, SOUR, "middle", True))
    return "".join(parts)


def _piles(ctx: Ctx, v: CandyView) -> Piece:
    """The deck, the discard (its top card when it is open to this viewer), what the
    Kidnapper banned."""
    top = 8.0
    parts = [
        _back(PAD, top, v.deck_count),
        text(PAD + 2 + MINI_W / 2, top + MINI_H + 6, [_say(ctx, "candy-art-deck")], 4.6, HINT, "middle"),
    ]
    x = PAD + MINI_W + 14
    if v.discard:
        parts.append(_mini(ctx, x, top, v.discard[-1]))  # open to this viewer: its top card
    elif v.discard_count and v.discard is None:
        parts.append(_back(x, top, v.discard_count))  # face down
    else:
        parts.append(rect(x, top, MINI_W, MINI_H, FACE, r=3, stroke=HINT, width=0.8))
    discard = _say(ctx, "candy-art-discard", count=v.discard_count)
    parts.append(text(x + MINI_W / 2, top + MINI_H + 6, [discard], 4.6, HINT, "middle"))
    notes = [_say(ctx, f"candy-mode-{m}") for m in MODES if getattr(v, m)]
    if v.banned:
        names = ", ".join(_name(ctx, ch) for ch in v.banned)
        notes.append(_say(ctx, "candy-board-banned", characters=names))
    lines = [line for note in notes for line in wrap(note, WIDE - x - MINI_W - 10, 4.8)]
    parts.append(text(x + MINI_W + 6, top + 8, lines[:7], 4.8, TEXT))
    height = top + MINI_H + 10
    label = " ".join([_say(ctx, "candy-art-counts", deck=v.deck_count, discard=v.discard_count), *notes])
    return Piece(svg=svg(WIDE, height, "".join(parts)), label=label, row="table", key="piles")


def _reaction(ctx: Ctx, v: CandyView, moves: set[Any]) -> Piece:
    """The Judge or Policeman aimed at someone: its target may block it or let it be."""
    r = v.reaction
    assert r is not None
    words = _say(
        ctx,
        "candy-board-reaction",
        player=ctx.name(r.player),
        by=ctx.name(r.by),
        card=_name(ctx, r.card.character),
        seconds=v.reaction_window_ms // 1000,
    )
    if r.take is not None:
        words += " " + _say(ctx, "candy-hand-reaction-take", card=_name(ctx, r.take.character))
    lines = wrap(words, WIDE - MINI_W - 3 * PAD, 5)[:8]
    height = max(MINI_H, len(lines) * 5 * LEAD) + 2 * PAD
    body = (
        rect(0.8, 0.8, WIDE - 1.6, height - 1.6, SHIELD, r=5, stroke=SHIELD, width=1.2, opacity=0.12)
        + _mini(ctx, PAD, PAD, r.card)
        + text(MINI_W + 2 * PAD, PAD + 5, lines, 5, TEXT)
    )
    me = v.viewer if v.viewer is not None else -1
    keys = (("candy-button-block", Block(player=me)), ("candy-button-allow", Allow(player=me)))
    choices = tuple(Choice(_say(ctx, key), a) for key, a in keys if a in moves)
    return Piece(
        svg=svg(WIDE, height, tap(0, body) if choices else body),
        label=words,
        taps=(choices,) if choices else (),
        row="table",
        key="reaction",
    )


def _seat_head(ctx: Ctx, v: CandyView, p: int) -> tuple[str, str]:
    """A seat's first line: who, cards in hand, candies, and what sets them apart."""
    # HTML until the end: a name's escaped «<» must not look like a tag
    head = ctx("candy-art-seat", player=ctx.name(p), count=v.hand_counts.get(p, 0), score=v.scores[p].total)
    team = next((i for i, members in enumerate(v.teams or []) if p in members), None)
    if team is not None:
        head = ctx("candy-board-team-member", team=ctx(f"candy-team-{team}"), line=head)
    if p in v.winners:
        head = ctx("candy-art-winner", line=head)
    flag = ""
    if p in v.left:
        flag = _say(ctx, "candy-board-left")
    elif p in v.away:
        flag = _say(ctx, "candy-flag-away")
    return text_of(head), flag


def _seat_notes(ctx: Ctx, v: CandyView, p: int) -> list[str]:
    """Under the empire: its combos, and how the score adds up once the game is over."""
    notes = []
    if v.scores[p].made:
        notes.append(text_of(combos(ctx, v, p)).strip())
    if v.phase != "playing":
        notes.append(_say(ctx, "candy-board-breakdown", line=_say_score(ctx, v, p)).strip())
    return notes


def _say_score(ctx: Ctx, v: CandyView, p: int) -> str:
    s = v.scores[p]
    return _say(
        ctx,
        "candy-score-line",
        score=s.total,
        cards=s.cards,
        buyer=s.buyer,
        pickpockets=s.pickpockets,
        combos=s.combos,
    )


def _seat(ctx: Ctx, v: CandyView, p: int) -> Piece:
    """A player's place at the table: the line about them, their empire's cards, its combos."""
    head, flag = _seat_head(ctx, v, p)
    cards = v.empires.get(p, [])
    rows = max(1, -(-len(cards) // PER_ROW))
    top = 14.0
    notes = [line for note in _seat_notes(ctx, v, p) for line in wrap(note, WIDE - 2 * PAD, 4.4)]
    height = top + rows * (MINI_H + 3) + len(notes) * 4.4 * LEAD + PAD
    moving = v.current == p and v.phase == "playing"
    parts = [
        rect(
            0.6,
            0.6,
            WIDE - 1.2,
            height - 1.2,
            FACE,
            r=5,
            stroke=ACCENT if moving else HINT,
            width=1.4 if moving else 0.5,
        )
    ]
    x = PAD
    if moving:
        parts.append(f'<path d="M4 4.5 L9 8 L4 11.5 Z" style="fill:{ACCENT}"/>')
        x = 11.0
    room = WIDE - x - PAD - (len(flag) * 3 + 4 if flag else 0)
    size, line = squeeze(head, room, (5.4, 4.8, 4.3), bold=True)
    parts.append(text(x, 9.8, [line], size, TEXT, bold=True))
    if flag:
        parts.append(text(WIDE - PAD, 9.8, [flag], 4.6, HINT, "end"))
    if not cards:
        parts.append(text(PAD, top + MINI_H / 2, [_say(ctx, "candy-board-empire-empty")], 4.6, HINT))
    for i, c in enumerate(cards):
        cx = PAD + (i % PER_ROW) * (MINI_W + 3)
        parts.append(_mini(ctx, cx, top + (i // PER_ROW) * (MINI_H + 3), c, c.protected))
    parts.append(text(PAD, top + rows * (MINI_H + 3) + 4, notes, 4.4, TEXT))
    empire = ", ".join(
        _say(ctx, "candy-board-protected", label=_label(ctx, c.id)) if c.protected else _label(ctx, c.id)
        for c in cards
    )
    label = " ".join([head, flag, empire or _say(ctx, "candy-board-empire-empty"), *notes]).strip()
    return Piece(svg=svg(WIDE, height, "".join(parts)), label=label, row="table", key=f"seat-{p}")
