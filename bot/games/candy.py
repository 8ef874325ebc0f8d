"""Candy Empire («Конфетная империя») in the bot: lobby options, the board and the
hands from the engine's views, card names in announcements.

A move is two taps: a card of the hand, then one of the moves it allows (the hand
shows them in place of the cards).  Picking the card is no move of the game: it is
a ``Select`` the core keeps for the player while their keyboard stays the same.

The hand's buttons (tagged: a press must match the keyboard it was pressed on):

- a card: the hand lists its moves (a ``Select`` of ``c<card>``);
- a move of the selected card: into the empire, openly to the discard for its
  ability, discarded face down (engine actions);
- protect with it: the hand lists the empire's cards (a ``Select`` of
  ``p<card>``), each one the ``Protect`` action;
- back to the cards (a ``Select`` of nothing);
- block with two Snatchers — a block says all it means: a press after the
  window closed is answered "too late" — and let the Judge or Policeman through.

Board button: the next game of a big game without waiting out the break.
Abilities' choices (which card the Thief takes, …) are prompts, drawn by the core.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot import kit
from bot.adapter import ANYONE, Adapter, Cycle
from bot.kit import Ctx, Rendered, Rows, in_rows, seconds
from engine.candy.cards import CANDIES, CHARACTER_OF, CHARACTERS, TO_DISCARD, Character
from engine.candy.keys import Ev
from engine.candy.models import (
    Allow,
    Block,
    CandyOptions,
    CandyState,
    CandyView,
    Discard,
    HandCardView,
    NextGame,
    PlayToDiscard,
    PlayToEmpire,
    Protect,
    Score,
)
from engine.core import ArgValue, Event, Prompt, PromptValue, Wait, plain
from engine.registry import get

CARDS = len(CHARACTER_OF)
CARD_ARGS = frozenset({"card", "discarded", "protected"})
CHARACTER_ORDER = {spec.character: i for i, spec in enumerate(CHARACTERS)}
MODES = ("defenceless", "no_limits", "open_discard")
WINDOWS_MS = (3_000, 5_000, 10_000)
TIMERS_MS = (0, 30_000, 60_000, 120_000)
BREAKS_MS = (15_000, 30_000, 60_000)
PROTECT_ROW = 2  # the empire's cards to protect, two a row


# --- words -------------------------------------------------------------------------------


def signed(n: int) -> str:
    """A card's candies as printed: +5, −1, 0."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def character_name(ctx: Ctx, character: Character) -> str:
    return ctx(f"candy-card-{character.value}")


def card_name(ctx: Ctx, card: int) -> str:
    return character_name(ctx, CHARACTER_OF[card])


def card_label(ctx: Ctx, card: int) -> str:
    """``Торгаш +5``: the card's name and its candies."""
    return ctx("candy-card-label", name=card_name(ctx, card), candies=signed(CANDIES[card]))


def card_button(ctx: Ctx, card: int) -> str:
    """``Скупщик +1``: a card on a button, by its short name where it has one."""
    name = ctx.short(f"candy-card-{CHARACTER_OF[card].value}")
    return ctx("candy-card-label", name=name, candies=signed(CANDIES[card]))


# --- the adapter -------------------------------------------------------------------------


def combos(ctx: Ctx, v: CandyView, p: int) -> str:
    """The combos ``p``'s empire has made, in one line (the board's, the Mini App's)."""
    made = ", ".join(
        ctx(
            "candy-board-combo",
            a=character_name(ctx, m.a),
            b=character_name(ctx, m.b),
            count=m.count,
            candies=m.candies,
        )
        for m in v.scores[p].made
    )
    return ctx("candy-board-combos", combos=made)


class CandyAdapter(Adapter[CandyState, Any, CandyView, CandyOptions]):
    game = get("candy")

    def __init__(self) -> None:
        def on_off(key: str) -> Any:
            return lambda c, v: c(key, state=c("lobby-on" if v else "lobby-off"))

        def in_seconds(key: str) -> Any:
            return lambda c, v: c(key, n=seconds(v))

        self.choices = (
            Cycle(
                "t", "team_game", (False, True), on_off("candy-option-team_game"), lambda o: not o.big_game
            ),
            Cycle("g", "big_game", (False, True), on_off("candy-option-big_game"), lambda o: not o.team_game),
            Cycle("p", "break_ms", BREAKS_MS, in_seconds("candy-option-break_ms"), lambda o: o.big_game),
            Cycle("d", "defenceless", (False, True), on_off("candy-option-defenceless")),
            Cycle("l", "no_limits", (False, True), on_off("candy-option-no_limits")),
            Cycle("k", "open_discard", (False, True), on_off("candy-option-open_discard")),
            Cycle("w", "reaction_window_ms", WINDOWS_MS, in_seconds("candy-option-reaction_window_ms")),
            Cycle("m", "turn_timer_ms", TIMERS_MS, in_seconds("candy-option-turn_timer_ms")),
        )

    # --- lobby ---------------------------------------------------------------------------

    def lobby_lines(self, ctx: Ctx, options: CandyOptions) -> list[str]:
        lines = []
        if options.team_game:
            lines.append(ctx("candy-lobby-teams"))
        if options.big_game:
            lines.append(ctx("candy-lobby-big-game"))
        modes = [ctx(f"candy-mode-{m}") for m in MODES if getattr(options, m)]
        if modes:
            lines.append(ctx("candy-lobby-modes", modes=", ".join(modes)))
        lines.append(ctx("candy-lobby-legend"))
        return lines

    # --- words ------------------------------------------------------------------------------

    def arg(self, ctx: Ctx, key: str, value: ArgValue) -> Any:
        if key in CARD_ARGS and isinstance(value, int) and 0 <= value < CARDS:
            return card_name(ctx, value)
        if key == "character" and isinstance(value, str) and value in Character._value2member_map_:
            return character_name(ctx, Character(value))
        return super().arg(ctx, key, value)

    def option_label(self, ctx: Ctx, view: CandyView, prompt: Prompt, value: PromptValue) -> str:
        if prompt.kind == "card" and isinstance(value, int) and 0 <= value < CARDS:
            label = card_button(ctx, value)
            owners = {_owner(view, o) for o in prompt.options}
            owner = _owner(view, value)
            if owner is None or owners == {view.viewer}:
                return label  # the hand, the discard, or only one's own empire: no need to say whose
            if owner == view.viewer:
                return ctx("candy-option-card-mine", label=label)
            return ctx("candy-option-card-of", label=label, player=ctx.name(owner))
        if prompt.kind == "character" and isinstance(value, str) and value in Character._value2member_map_:
            return ctx.short(f"candy-card-{value}")
        return super().option_label(ctx, view, prompt, value)

    def option_group(self, view: CandyView, prompt: Prompt, value: PromptValue) -> Hashable:
        if prompt.kind == "card" and isinstance(value, int) and 0 <= value < CARDS:
            return _owner(view, value), CHARACTER_OF[value]  # copies in one place are alike
        return value

    def press_answer(self, ctx: Ctx, player: int, action: Any, events: Sequence[Event]) -> str:
        """A Kidnapper played while someone's hand is empty does nothing: say so to its
        player; a block that took is confirmed at once."""
        idle = next((e for e in events if e.key == Ev.KIDNAPPER_IDLE), None)
        if idle is not None:
            return self.event_text(ctx, idle)
        return ctx("candy-answer-blocked") if isinstance(action, Block) else ""

    # --- the board -----------------------------------------------------------------------------

    def _title(self, ctx: Ctx) -> str:
        return ctx("game-title", emoji=ctx("candy-emoji"), name=ctx("candy-name"))

    def posts(self, ctx: Ctx, view: CandyView, events: Sequence[Event]) -> list[str]:
        """A player gone away gets a message of its own: the log would bury it."""
        return [self.event_text(ctx, e) for e in events if e.key == Ev.AWAY and e.to is None]

    def board(self, ctx: Ctx, view: CandyView, waits: Sequence[Wait]) -> Rendered:
        v = view
        title = self._title(ctx)
        if v.games > 1:
            title = ctx("candy-board-title-big", title=title, game=v.game_no, games=v.games)
        lines = [title, ctx("candy-board-counts", deck=v.deck_count, discard=v.discard_count)]
        settings = [ctx(f"candy-mode-{m}") for m in MODES if getattr(v, m)]
        if v.turn_timer_ms:
            settings.append(ctx("candy-board-timer", n=seconds(v.turn_timer_ms)))
        if settings:
            lines.append(ctx("candy-board-settings", settings=" · ".join(settings)))
        if v.banned:
            names = ", ".join(character_name(ctx, ch) for ch in v.banned)
            lines.append(ctx("candy-board-banned", characters=names))
        if v.open_discard and v.discard is not None:
            lines.append(ctx("candy-board-discard", cards=self._pile(ctx, [c.id for c in v.discard])))
        lines.append("")
        movers = {p for w in waits for p in w.players}
        for p in v.seats:
            lines += self._seat_lines(ctx, v, p, p in movers)
        if v.teams is not None and v.team_scores is not None:
            lines.append("")
            for i, (team, total) in enumerate(zip(v.teams, v.team_scores, strict=True)):
                lines.append(
                    ctx(
                        "candy-board-team",
                        team=ctx(f"candy-team-{i}"),
                        player=ctx.name(team[0]),
                        partner=ctx.name(team[1]),
                        score=total,
                    )
                )
        lines.append("")
        lines.append(self._moment(ctx, v))
        if v.games > 1 and v.results:
            lines += ["", *self._standings(ctx, v)]
        rows: Rows = []
        if v.phase == "break":
            rows.append([ctx.act(ctx("candy-button-next-game"), NextGame(player=ANYONE), tagged=False)])
        return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None)

    def _seat_lines(self, ctx: Ctx, v: CandyView, p: int, moving: bool) -> list[str]:
        """One player on the board: cards in hand and score, the empire, its combos,
        and once the game is over, how the score adds up."""
        line = ctx(
            "candy-board-player", player=ctx.name(p), count=v.hand_counts.get(p, 0), score=v.scores[p].total
        )
        team = next((i for i, members in enumerate(v.teams or []) if p in members), None)
        if team is not None:
            line = ctx("candy-board-team-member", team=ctx(f"candy-team-{team}"), line=line)
        if p in v.left:
            line += " " + ctx("candy-board-left")
        elif p in v.away:
            line += " " + ctx("candy-flag-away")
        lines = [ctx("board-mover" if moving else "board-seat", line=line)]
        lines.append(ctx("candy-board-empire", cards=self._empire(ctx, v, p)))
        if v.scores[p].made:
            lines.append(combos(ctx, v, p))
        if v.phase != "playing":
            lines.append(ctx("candy-board-breakdown", line=_score_line(ctx, v.scores[p])))
        return lines

    def _empire(self, ctx: Ctx, v: CandyView, p: int) -> str:
        cards = v.empires.get(p, [])
        if not cards:
            return ctx("candy-board-empire-empty")
        shown: dict[str, int] = {}  # each label once, ×N for copies (in the order they came)
        for c in cards:
            label = card_label(ctx, c.id)
            label = ctx("candy-board-protected", label=label) if c.protected else label
            shown[label] = shown.get(label, 0) + 1
        return ", ".join(
            ctx("prompt-copies", label=label, count=n) if n > 1 else label for label, n in shown.items()
        )

    def _pile(self, ctx: Ctx, cards: list[int]) -> str:
        if not cards:
            return ctx("candy-board-empire-empty")
        count = Counter(CHARACTER_OF[c] for c in cards)
        return ", ".join(
            ctx("candy-board-pile-card", name=character_name(ctx, ch), count=n)
            for ch, n in sorted(count.items(), key=lambda kv: CHARACTER_ORDER[kv[0]])
        )

    def _moment(self, ctx: Ctx, v: CandyView) -> str:
        """What the table is waiting for now, or how the game ended."""
        if v.phase == "over":
            if not v.winners:
                return ctx("board-game-over")
            key = "candy-board-match-won" if v.games > 1 else "candy-board-won"
            return ctx(key, players=", ".join(ctx.name(p) for p in v.winners), count=len(v.winners))
        if v.phase == "break":
            return ctx("candy-board-break", game=v.game_no, games=v.games)
        r = v.reaction
        if r is not None:
            return ctx(
                "candy-board-reaction",
                player=ctx.name(r.player),
                by=ctx.name(r.by),
                card=card_name(ctx, r.card.id),
                seconds=seconds(v.reaction_window_ms),
            )
        if v.current is not None and v.waiting_on != [v.current]:
            return kit.waiting_line(ctx, Wait(kind="all", players=list(v.waiting_on)))
        return kit.waiting_line(ctx, Wait(kind="turn", players=[v.current] if v.current is not None else []))

    def _standings(self, ctx: Ctx, v: CandyView) -> list[str]:
        """The big game after each game: points, candies, and the place in every game."""
        lines = [ctx("candy-board-standings", game=len(v.results), games=v.games)]
        order = sorted(v.seats, key=lambda p: (-v.points.get(p, 0), -v.candies.get(p, 0)))
        for p in order:
            places = ", ".join(str(r.places[p]) if p in r.places else "—" for r in v.results)
            lines.append(
                ctx(
                    "candy-board-standing",
                    player=ctx.name(p),
                    points=v.points.get(p, 0),
                    score=v.candies.get(p, 0),
                    places=places,
                )
            )
        return lines

    # --- a hand ------------------------------------------------------------------------------------

    def hand(self, ctx: Ctx, view: CandyView, legal: Sequence[Any], waits: Sequence[Wait]) -> Rendered:
        v = view
        me = v.viewer
        lines = [ctx("candy-hand-title", emoji=ctx("candy-emoji"), name=ctx("candy-name"), chat=ctx.title)]
        if v.hand is None or me is None:
            lines.append(ctx("candy-hand-not-seated"))
            return Rendered("\n".join(lines), None)
        if v.phase == "over":
            lines.append(self._over(ctx, v, me))
            return Rendered("\n".join(lines), None)
        if me in v.left:
            lines.append(ctx("candy-hand-left"))
            return Rendered("\n".join(lines), None)
        if v.phase == "break":
            lines.append(ctx("candy-hand-break", game=v.game_no, games=v.games))
            return Rendered("\n".join(lines), None)
        cards = sorted(v.hand, key=lambda c: c.id)
        situation, rows = self._moves(ctx, v, me, cards, set(plain(legal)))
        chosen = _selected(ctx.selected, cards) if v.prompt is None else None
        lines += [*situation, "", *self._cards_lines(ctx, v, cards, chosen[1] if chosen else None)]
        lines.append(ctx("candy-hand-empire", score=v.scores[me].total))
        if v.prompt is not None:
            lines.append("")  # the core's question comes after a blank line
        return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None)

    def _moves(
        self, ctx: Ctx, v: CandyView, me: int, cards: list[HandCardView], moves: set[Any]
    ) -> tuple[list[str], Rows]:
        """What the moment asks of this player, and the buttons: a block window's,
        the cards that may move (or the selected card's moves), nothing while a
        prompt is open (the core draws it) or while others play."""
        r = v.reaction
        if r is not None and r.player == me:
            aimed = ctx(
                "candy-hand-reaction",
                by=ctx.name(r.by),
                card=card_name(ctx, r.card.id),
                seconds=seconds(v.reaction_window_ms),
            )
            lines = [aimed]
            if r.take is not None:
                lines.append(ctx("candy-hand-reaction-take", card=card_name(ctx, r.take.id)))
            choices = ((Block(player=me), "candy-button-block"), (Allow(player=me), "candy-button-allow"))
            return lines, [[ctx.act(ctx(key), a) for a, key in choices if a in moves]]
        if v.prompt is not None:
            return [], []  # the core asks the prompt's question below
        moving = [c for c in cards if c.empire or c.ability or c.protect or c.discard]
        if moving:
            chosen = _selected(ctx.selected, moving)
            if chosen is None:
                return [ctx("candy-hand-your-turn")], [
                    [ctx.select(card_button(ctx, c.id), f"c{c.id}")] for c in moving
                ]
            kind, card = chosen
            return [self._menu_line(ctx, kind, card)], self._menu(ctx, me, kind, card, moves)
        if v.current == me and v.waiting_on and me not in v.waiting_on:
            return [ctx("candy-hand-others-answer")], []
        return [ctx("candy-hand-waiting")], []

    def _cards_lines(
        self, ctx: Ctx, v: CandyView, cards: list[HandCardView], chosen: HandCardView | None
    ) -> list[str]:
        """The hand: each character once (×N for copies); the rule of the card
        tapped only (every rule on every redraw would fill a phone's screen)."""
        if not cards:
            return [ctx("candy-hand-no-cards")]
        lines = [ctx("candy-hand-cards", count=len(cards))]
        copies = Counter(c.character for c in cards)
        for ch, first in {c.character: c for c in cards}.items():
            label = card_label(ctx, first.id)
            if copies[ch] > 1:
                label = ctx("prompt-copies", label=label, count=copies[ch])
            if ch in v.banned:
                lines.append(ctx("candy-hand-card-banned", label=label))
            elif chosen is not None and chosen.character is ch:
                lines.append(ctx("candy-hand-card", label=label, rule=ctx(f"candy-card-{ch.value}-rule")))
            else:
                lines.append(ctx("candy-hand-card-name", label=label))
        if chosen is None and any(c.empire or c.ability or c.protect or c.discard for c in cards):
            lines.append(ctx("candy-hand-tap-for-rule"))
        return lines

    def _menu_line(self, ctx: Ctx, kind: str, card: HandCardView) -> str:
        label = card_label(ctx, card.id)
        if kind == "p":
            return ctx("candy-hand-protect-which", label=label)
        return ctx("candy-hand-card-moves", label=label)

    def _menu(self, ctx: Ctx, me: int, kind: str, card: HandCardView, moves: set[Any]) -> Rows:
        """The moves one card allows (``c``), or the empire's cards it may protect (``p``)."""
        c = card.id
        buttons: list[InlineKeyboardButton] = []
        protects = [Protect(player=me, card=c, protect=t) for t in card.protect]
        if kind == "p":
            for a in protects:
                if a in moves:
                    label = ctx("candy-button-protect-card", label=card_button(ctx, a.protect))
                    buttons.append(ctx.act(label, a))
            return [*in_rows(buttons, PROTECT_ROW), [ctx.select(ctx("button-back"), f"c{c}")]]
        # into the empire, and to the discard for a Thief's or a Lawyer's ability: shown
        # greyed where not allowed now (a banned character) rather than left out, so that
        # the menu keeps its place; the text says why (``candy-hand-card-banned``)
        plays: list[tuple[str, Any]] = [("candy-button-empire", PlayToEmpire(player=me, card=c))]
        if TO_DISCARD[c]:
            plays.append(("candy-button-ability", PlayToDiscard(player=me, card=c)))
        for key, play in plays:
            buttons.append(ctx.act(ctx(key), play, disabled=play not in moves))
        if any(a in moves for a in protects):
            buttons.append(ctx.select(ctx("candy-button-protect"), f"p{c}"))
        if Discard(player=me, card=c) in moves:
            buttons.append(ctx.act(ctx("candy-button-discard"), Discard(player=me, card=c)))
        return [*([b] for b in buttons), [ctx.select(ctx("button-back"))]]

    def _over(self, ctx: Ctx, v: CandyView, me: int) -> str:
        """The end in a hand: won, or who did (a loser's hand names the winners)."""
        won = "true" if me in v.winners else "false"
        winners = ", ".join(ctx.name(p) for p in v.winners)
        if v.games > 1:
            return ctx(
                "candy-hand-match-over",
                won=won,
                winners=winners,
                points=v.points.get(me, 0),
                score=v.candies.get(me, 0),
            )
        return ctx("candy-hand-over", won=won, winners=winners, line=_score_line(ctx, v.scores[me]))


def _owner(view: CandyView, card: PromptValue) -> int | None:
    for p, cards in view.empires.items():
        if any(c.id == card for c in cards):
            return p
    return None


def _selected(selected: str, moving: Sequence[HandCardView]) -> tuple[str, HandCardView] | None:
    """The card a ``c<card>``/``p<card>`` selection names, if it still has moves."""
    kind, rest = selected[:1], selected[1:]
    if kind not in ("c", "p") or not rest.isdigit():
        return None
    card = next((c for c in moving if c.id == int(rest)), None)
    if card is None or (kind == "p" and not card.protect):
        return None
    return kind, card


def _score_line(ctx: Ctx, s: Score) -> str:
    return ctx(
        "candy-score-line",
        score=s.total,
        cards=s.cards,
        buyer=s.buyer,
        pickpockets=s.pickpockets,
        combos=s.combos,
    )


ADAPTER = CandyAdapter()
