"""Dobble in the bot: lobby options, the board and the hands from the engine's
views, one button a symbol.

A symbol's button presses ``Spot`` (``engine.dobble.models``): "this symbol is
on both the centre card and that card".  A press names the very cards it was
made on, and the reveal, so a button means the same whenever it is pressed: no
keyboard tag, and a press on a card that has gone is told "second" or "old
card" by the engine, never counted on the next card.

Two edits a hand a card.  A hand is drawn from ``Mine`` (what the hand shows,
extracted from the view) alone, so a move that changes none of it draws the
same message, and the core (which redraws a screen only when its digest
changes) sends nothing.  It leaves out what the hand does not show: who is
locked out (the press answer says it), the other players' piles (but in the
Poisoned Gift, whose rows are the others' cards).  When a card is won, the
countdown redraws every hand without buttons, so no button outlives its card;
the reveal draws the new card, its buttons and who won the last one, and the
board says the next card is coming meanwhile.  A player locked out by a miss
sees the card without buttons, and why, until the next one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.adapter import ANYONE, Adapter, Cycle
from bot.kit import Ctx, Rendered, Rows, seconds
from engine.core import ArgValue, Event, Wait
from engine.dobble.cards import SYMBOL_COUNT
from engine.dobble.keys import Ev
from engine.dobble.models import DobbleOptions, DobbleState, DobbleView, Spot
from engine.dobble.symbols import DEFAULT_SET, glyph_key, name_key
from engine.registry import get

MODES = ("tower", "catch", "well", "gift", "match")
LENGTHS = (5, 8, 12, 3)  # Catch Them All: rounds
COUNTDOWNS_MS = (3_000, 2_000, 1_000, 5_000)
HALF = 4  # a card's 8 symbols in two rows of 4: large enough to hit on a phone
ROW = 8  # several cards: one row each (Telegram shows at most 8 buttons a row)
# a press that wins the card: its answer's key
WINS = {
    Ev.TOOK: "dobble-answer-took",
    Ev.PLAYED: "dobble-answer-played",
    Ev.CAUGHT: "dobble-answer-caught",
    Ev.GIFTED: "dobble-answer-gifted",
    Ev.DUEL_WON: "dobble-answer-duel-won",
}


class Card(NamedTuple):
    card: int
    symbols: tuple[int, ...]
    owner: int | None
    pile: int  # the owner's cards (the Poisoned Gift's rows say whose card is whose)


class Mine(NamedTuple):
    """Everything a hand shows: equal ``Mine``, equal message."""

    stage: str  # countdown, live, watch (a duel of others), away (left), over
    symbols: str  # the symbol set
    mode: str
    number: int
    total: int
    round: int
    rounds: int
    cards: int  # the viewer's pile
    duel: tuple[int, ...]
    last: tuple[int, int, int | None] | None  # player, symbol, target
    centre: Card | None
    pairs: tuple[Card, ...]
    winners: tuple[int, ...]
    shown: int  # the reveal the buttons press on (0 when none is up)
    locked: bool = False  # a wrong press on this card: no buttons until the next one


def mine(view: DobbleView) -> Mine:
    v = view
    me = v.viewer
    seated = me is not None and me in v.players
    if v.stage == "over":
        stage = "over"
    elif not seated:
        stage = "away"
    elif v.stage == "countdown":
        stage = "countdown"
    elif not v.pairs:
        stage = "watch"
    else:
        stage = "live"
    live = stage == "live"
    centre = v.centre
    return Mine(
        stage=stage,
        symbols=v.symbols,
        mode=v.mode,
        number=v.mode_number,
        total=len(v.plan),
        round=v.round if v.mode == "catch" and not v.duel else 0,
        rounds=v.rounds if v.mode == "catch" and not v.duel else 0,
        cards=v.cards.get(me, 0) if me is not None else 0,
        duel=tuple(v.duel),
        last=(v.last.player, v.last.symbol, v.last.target)
        if v.last is not None and stage != "over"
        else None,
        centre=Card(centre.card, tuple(centre.symbols), None, 0) if live and centre is not None else None,
        pairs=tuple(
            Card(f.card, tuple(f.symbols), f.owner, v.cards.get(f.owner, 0) if f.owner is not None else 0)
            for f in v.pairs
        )
        if live
        else (),
        winners=tuple(v.winners),
        shown=v.shown if live else 0,
        locked=live and me in v.locked,
    )


# --- words -------------------------------------------------------------------------------


def glyph(ctx: Ctx, symbol_set: str, symbol: int) -> str:
    return ctx(glyph_key(symbol_set, symbol))


def symbol_name(ctx: Ctx, symbol_set: str, symbol: int) -> str:
    return ctx(name_key(symbol_set, symbol))


def symbol_label(ctx: Ctx, symbol_set: str, symbol: int) -> str:
    """``🍌 banana``: in announcements and answers."""
    return ctx(
        "dobble-symbol-label", emoji=glyph(ctx, symbol_set, symbol), name=symbol_name(ctx, symbol_set, symbol)
    )


def card_lines(ctx: Ctx, symbol_set: str, symbols: Sequence[int]) -> list[str]:
    """A card's symbols as text, in its display order, 4 a line."""
    return [
        ctx("dobble-card-row", symbols=ctx("dobble-gap").join(glyph(ctx, symbol_set, x) for x in row))
        for row in (symbols[:HALF], symbols[HALF:])
        if row
    ]


def mode_name(ctx: Ctx, mode: str) -> str:
    return ctx(f"dobble-mode-{mode}")


# --- the adapter -------------------------------------------------------------------------


class DobbleAdapter(Adapter[DobbleState, Any, DobbleView, DobbleOptions]):
    game = get("dobble")

    def __init__(self) -> None:
        self.choices = (
            Cycle("m", "mode", MODES, lambda c, v: c("dobble-button-mode", mode=mode_name(c, v))),
            Cycle(
                "l",
                "length",
                LENGTHS,
                lambda c, v: c("dobble-button-length", n=v),
                shown=lambda o: "catch" in o.plan(),
            ),
            Cycle(
                "c", "countdown_ms", COUNTDOWNS_MS, lambda c, v: c("dobble-button-countdown", n=seconds(v))
            ),
        )

    # --- lobby ---------------------------------------------------------------------------

    def lobby_lines(self, ctx: Ctx, options: DobbleOptions) -> list[str]:
        lines = [
            ctx(
                "dobble-lobby-mode",
                mode=mode_name(ctx, options.mode),
                rules=ctx(f"dobble-mode-{options.mode}-rules"),
            )
        ]
        if options.mode == "match":
            lines.append(
                ctx("dobble-lobby-match", modes=", ".join(mode_name(ctx, m) for m in options.match_modes))
            )
        lines.append(
            ctx(
                "dobble-lobby-options",
                countdown=seconds(options.countdown_ms),
                rounds=options.length if "catch" in options.plan() else 0,
            )
        )
        return lines

    # --- words ------------------------------------------------------------------------------

    def arg(self, ctx: Ctx, key: str, value: ArgValue) -> Any:
        if key == "symbol" and isinstance(value, int) and 0 <= value < SYMBOL_COUNT:
            # events carry no symbol set: the classic one is the only one yet
            return symbol_label(ctx, DEFAULT_SET, value)
        return super().arg(ctx, key, value)

    def event_args(self, ctx: Ctx, event: Event) -> dict[str, Any]:
        args = super().event_args(ctx, event)
        if event.key == Ev.MODE_WON:
            args.setdefault("match", "true")  # logged before it was said: the points were told
        return args

    def press_answer(self, ctx: Ctx, player: int, action: Any, events: Sequence[Event]) -> str:
        """ "First!" or "wrong — locked until the next card", at once, to the presser."""
        if not isinstance(action, Spot):
            return ""
        lifted = any(e.key == Ev.LOCKS_LIFTED for e in events)
        for e in events:
            if e.key == Ev.WRONG and e.to == player:
                key = "dobble-answer-wrong-lifted" if lifted else "dobble-answer-wrong"
                return ctx(key, **self.event_args(ctx, e))
            if e.key in WINS and e.args.get("player") == player:
                return ctx(WINS[Ev(e.key)], **self.event_args(ctx, e))
        return ""

    # --- the board -----------------------------------------------------------------------------

    def board(self, ctx: Ctx, view: DobbleView, waits: Sequence[Wait]) -> Rendered:
        v = view
        title = ctx("game-title", emoji=ctx("dobble-emoji"), name=ctx("dobble-name"))
        lines = [self._mode_line(ctx, v, title)]
        if v.stage == "over":
            lines += ["", ctx("dobble-board-over", players=", ".join(ctx.name(p) for p in v.winners))]
            lines += [
                ctx("dobble-board-result", mode=mode_name(ctx, r.mode), player=ctx.name(r.winner))
                for r in v.results
            ]
        else:
            if v.duel:
                lines.append(ctx("dobble-board-duel", players=", ".join(ctx.name(p) for p in v.duel)))
            elif v.mode == "catch" and v.rounds:
                lines.append(ctx("dobble-board-round", round=v.round, rounds=v.rounds))
            if v.stage == "countdown":
                lines.append(ctx("dobble-board-countdown"))
            elif v.centre is not None:
                lines.append(ctx("dobble-board-centre"))
                lines += card_lines(ctx, v.symbols, v.centre.symbols)
                if v.outer:
                    lines.append(ctx("dobble-board-outer", count=len(v.outer)))
            if v.last is not None:
                lines.append(self._last_line(ctx, v))
        lines.append("")
        match = len(v.plan) > 1
        for p in v.players:
            flags = ctx("dobble-flag-locked") if p in v.locked and v.stage == "live" else ""
            line = ctx(
                "dobble-board-player",
                player=ctx.name(p),
                count=v.cards.get(p, 0),
                points=v.points.get(p, 0),
                match="true" if match else "false",
                flags=flags,
            )
            lines.append(ctx("board-seat", line=line))
        if v.stage != "over":
            lines.append(ctx("dobble-board-deck", count=v.zone_counts.get("deck", 0)))
        return Rendered("\n".join(lines), None)

    def _mode_line(self, ctx: Ctx, v: DobbleView, title: str) -> str:
        return ctx(
            "dobble-board-title",
            title=title,
            emoji=ctx(f"dobble-mode-{v.mode}-emoji"),
            mode=mode_name(ctx, v.mode),
            number=v.mode_number,
            total=len(v.plan),
        )

    def _last_line(self, ctx: Ctx, v: DobbleView) -> str:
        assert v.last is not None
        w = v.last
        return ctx(
            "dobble-board-last-gift" if w.target is not None else "dobble-board-last",
            player=ctx.name(w.player),
            symbol=symbol_label(ctx, v.symbols, w.symbol),
            target=ctx.name(w.target),
        )

    # --- a hand ------------------------------------------------------------------------------------

    def hand(self, ctx: Ctx, view: DobbleView, legal: Sequence[Any], waits: Sequence[Wait]) -> Rendered:
        return self.draw(ctx, mine(view))

    def draw(self, ctx: Ctx, m: Mine) -> Rendered:
        """A hand, from what it shows alone."""
        lines = [ctx("dobble-hand-title", emoji=ctx("dobble-emoji"), name=ctx("dobble-name"), chat=ctx.title)]
        if m.stage == "over":
            lines.append(ctx("dobble-hand-over", players=", ".join(ctx.name(p) for p in m.winners)))
            return Rendered("\n".join(lines), None)
        if m.stage == "away":
            lines.append(ctx("dobble-hand-away"))
            return Rendered("\n".join(lines), None)
        lines += self._header(ctx, m)
        if m.stage == "countdown":  # the card is gone: so are its buttons
            lines += ["", ctx("dobble-hand-countdown")]
            return Rendered("\n".join(lines), None)
        if m.stage == "watch" or m.centre is None:
            lines += ["", ctx("dobble-hand-watch", players=", ".join(ctx.name(p) for p in m.duel))]
            return Rendered("\n".join(lines), None)
        lines += ["", ctx("dobble-hand-centre")]
        lines += card_lines(ctx, m.symbols, m.centre.symbols)
        lines.append("")
        return self._live(ctx, m, lines)

    def _header(self, ctx: Ctx, m: Mine) -> list[str]:
        """The mini-game and one's pile, and who won the last card."""
        lines = [
            ctx(
                "dobble-hand-mode",
                emoji=ctx(f"dobble-mode-{m.mode}-emoji"),
                mode=mode_name(ctx, m.mode),
                number=m.number,
                total=m.total,
                round=m.round,
                rounds=m.rounds,
                count=m.cards,
                duel="true" if m.duel else "false",
            )
        ]
        if m.last is not None:
            player, symbol, target = m.last
            lines.append(
                ctx(
                    "dobble-hand-last-gift" if target is not None else "dobble-hand-last",
                    player=ctx.name(player),
                    name=symbol_name(ctx, m.symbols, symbol),
                    target=ctx.name(target),
                )
            )
        return lines

    def _live(self, ctx: Ctx, m: Mine, lines: list[str]) -> Rendered:
        """A card up: the symbols as buttons — greyed while the viewer is locked out by a
        miss (the cards stay in sight and in place; a client that shows them as
        buttons anyway has its press answered "locked"), and the text says so."""
        rows: Rows = []
        if m.mode == "catch" and not m.duel:
            lines.append(ctx("dobble-hand-catch"))
            rows = [self._symbol_row(ctx, m, card) for card in m.pairs]
        elif m.mode == "gift" and not m.duel:
            lines.append(ctx("dobble-hand-gift"))
            lines += [
                ctx("dobble-hand-gift-owner", n=i, player=ctx.name(card.owner), count=card.pile)
                for i, card in enumerate(m.pairs, 1)
            ]
            lines.append(ctx("dobble-hand-gift-tap"))
            rows = [self._symbol_row(ctx, m, card) for card in m.pairs]
        else:
            lines.append(ctx("dobble-hand-own"))
            for card in m.pairs:  # one's own card: two rows of 4
                row = self._symbol_row(ctx, m, card)
                rows += [row[:HALF], row[HALF:]]
        if m.locked:
            lines[-1] = ctx("dobble-hand-locked")
            if ctx.on_page:  # the page draws the cards, idle: greyed buttons would repeat them
                rows = []
        return Rendered("\n".join(lines), InlineKeyboardMarkup(rows))

    def _symbol_row(self, ctx: Ctx, m: Mine, card: Card) -> list[InlineKeyboardButton]:
        assert m.centre is not None
        return [
            ctx.act(
                glyph(ctx, m.symbols, x),
                Spot(player=ANYONE, symbol=x, centre=m.centre.card, card=card.card, shown=m.shown),
                tagged=False,
                disabled=m.locked,
            )
            for x in card.symbols
        ]


ADAPTER = DobbleAdapter()
