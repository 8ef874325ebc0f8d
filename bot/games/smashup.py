"""Smash Up («Замес») in the bot: the lobby's boxes and draft, the board of bases,
the hand, and cards by name in announcements, prompts and ``/card``.

A play is two taps: a card of the hand shows its text and where it may go (a
``Select`` of ``c<uid>`` the core keeps while the keyboard stays), then one of
those targets plays it.  The hand's buttons (tagged):

- a card that may be played now: its targets (a ``Select``);
- a target of the selected card: a base, a minion, or «play» (``PlayCard``);
- a talent that may be used now (``UseTalent``), «End turn» (``EndPlays``);
- while the draft asks for a faction: a faction's cards to read (``f<faction>``).

Everything the game asks — the draft, the mulligan, Me First! windows (with
their «Pass»), targets, the discard down to ten — is a prompt the core draws
with the labels given here.  A base scoring gets a message of its own.
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot import kit
from bot.adapter import Adapter, Command, Cycle, Toggles
from bot.kit import Ctx, Rendered, Rows, fitting_rows, in_rows, seconds
from engine.core import ArgValue, Event, Prompt, PromptValue, Wait, plain
from engine.registry import get
from engine.smashup.cards import BASES, BOXES, CARDS, FACTIONS, MADNESS, Kind, Target
from engine.smashup.keys import Ev
from engine.smashup.models import (
    BaseView,
    CardRef,
    EndPlays,
    MinionView,
    PlayCard,
    PlayerView,
    SmashUpOptions,
    SmashUpState,
    SmashUpView,
    UseTalent,
)
from engine.smashup.setup import snake

CARD_ARGS = frozenset({"card", "minion", "source"})
BASE_ARGS = frozenset({"base", "from_base", "to_base", "new_base"})
GOALS = (15, 10, 20)
TURN_TIMERS_MS = (120_000, 300_000, 0, 60_000)
RESPONSE_TIMERS_MS = (30_000, 60_000, 0, 15_000)
HAND_ROW = 2  # the hand's cards, two a row (their names' short forms fit half a phone's row)
READ_ROW = 2  # the draft's factions to read, two a row
CARD_MATCHES = 12  # /card names this many cards when the name is ambiguous


# --- names ------------------------------------------------------------------------------------


def card_name(ctx: Ctx, card: str) -> str:
    """A card's or a base's name by its id."""
    if card in BASES:
        return ctx(f"smashup-base-{card}")
    if card in CARDS:
        return ctx(f"smashup-card-{card}")
    return card


def faction_name(ctx: Ctx, faction: str) -> str:
    return ctx(f"smashup-faction-{faction}") if faction in FACTIONS else faction


def button_name(ctx: Ctx, card: str) -> str:
    """A card's or a base's name on a button: its short form where it has one."""
    if card in BASES:
        return ctx.short(f"smashup-base-{card}")
    if card in CARDS:
        return ctx.short(f"smashup-card-{card}")
    return card


def faction_button(ctx: Ctx, faction: str) -> str:
    return ctx.short(f"smashup-faction-{faction}") if faction in FACTIONS else faction


def box_button(ctx: Ctx, box: str) -> str:
    return ctx.short(f"smashup-box-{box}")


def card_text(ctx: Ctx, card: str) -> str:
    """What a card (or base) does, in the chat's words."""
    if card in BASES:
        return ctx(f"smashup-base-{card}-text")
    return ctx(f"smashup-card-{card}-text")


def card_label(ctx: Ctx, card: str) -> str:
    """``Muffin (3)`` for a minion, the name for anything else."""
    d = CARDS.get(card)
    if d is not None and d.kind is Kind.MINION:
        return ctx("smashup-minion-label", name=card_name(ctx, card), power=d.power)
    return card_name(ctx, card)


def card_button(ctx: Ctx, card: str) -> str:
    """``card_label`` on a button: the card's short name where it has one."""
    d = CARDS.get(card)
    if d is not None and d.kind is Kind.MINION:
        return ctx("smashup-minion-label", name=button_name(ctx, card), power=d.power)
    return button_name(ctx, card)


def card_sheet(ctx: Ctx, card: str) -> str:
    """A card as ``/card`` and the faction lists show it: name, what it is, its text."""
    if card in BASES:
        b = BASES[card]
        return ctx(
            "smashup-sheet-base",
            name=card_name(ctx, card),
            breakpoint=b.breakpoint,
            vp="-".join(str(v) for v in b.vp),
            box=ctx(f"smashup-box-{b.box}"),
            text=card_text(ctx, card),
        )
    d = CARDS[card]
    faction = ctx("smashup-card-madness") if d.faction == MADNESS else faction_name(ctx, d.faction)
    return ctx(
        "smashup-sheet-card",
        name=card_name(ctx, card),
        kind=d.kind.value,
        special="true" if d.special else "false",
        power=d.power,
        copies=d.copies,
        faction=faction,
        text=card_text(ctx, card),
    )


def faction_sheet(ctx: Ctx, faction: str) -> str:
    """A faction's 20 cards, each with its text."""
    f = FACTIONS[faction]
    lines = [ctx("smashup-faction-title", name=faction_name(ctx, faction), box=ctx(f"smashup-box-{f.box}"))]
    lines.append(ctx(f"smashup-faction-{faction}-about"))
    for d in sorted(f.cards, key=lambda d: (d.kind is not Kind.MINION, -d.power)):
        lines.append(
            ctx(
                "smashup-faction-card",
                label=card_label(ctx, d.id),
                copies=d.copies,
                text=card_text(ctx, d.id),
            )
        )
    return "\n".join(lines)


def _find(ctx: Ctx, query: str) -> list[str]:
    """Cards and bases whose name in any language holds ``query`` (an exact name first)."""
    q = query.strip().lower()
    if not q:
        return []
    found: list[str] = []
    exact: list[str] = []
    for card in [*CARDS, *BASES]:
        names = {
            ctx.t(lang, f"smashup-base-{card}" if card in BASES else f"smashup-card-{card}").lower()
            for lang in ctx.t.languages
        }
        names.add(card)
        if q in names:
            exact.append(card)
        elif any(q in n for n in names):
            found.append(card)
    return exact or found


def card_command(ctx: Ctx, query: str) -> str:
    """``/card NAME``: a card or base of Smash Up by (a part of) its name."""
    if not query.strip():
        return ctx("smashup-card-usage")
    found = _find(ctx, query)
    if not found:
        return ctx("smashup-card-not-found", query=html.escape(query.strip()[:40]))
    if len(found) == 1:
        return card_sheet(ctx, found[0])
    names = ", ".join(card_name(ctx, c) for c in found[:CARD_MATCHES])
    if len(found) > CARD_MATCHES:
        names += ", …"
    return ctx("smashup-card-many", count=len(found), names=names)


def find_faction(ctx: Ctx, query: str) -> str | None:
    q = query.strip().lower()
    for faction in FACTIONS:
        if q == faction or any(
            q == ctx.t(lang, f"smashup-faction-{faction}").lower() for lang in ctx.t.languages
        ):
            return faction
    return None


# --- the adapter ------------------------------------------------------------------------------------


class SmashUpAdapter(Adapter[SmashUpState, Any, SmashUpView, SmashUpOptions]):
    game = get("smashup")
    commands = (Command("card", "smashup-cmd-desc-card", card_command),)
    topics = True  # /rules <faction>

    def __init__(self) -> None:
        def timer(key: str) -> Any:
            return lambda c, ms: c(key, state=c("lobby-seconds", n=seconds(ms)) if ms else c("lobby-off"))

        def boxes(o: Any) -> list[str]:
            return list(BOXES)

        def factions(o: Any) -> list[str]:
            chosen = o.boxes if o.boxes is not None else list(BOXES)
            return [f for f, d in FACTIONS.items() if d.box in chosen]

        self.choices = (
            Toggles("b", "boxes", "smashup-option-boxes", boxes, box_button),
            Toggles("f", "factions", "smashup-option-factions", factions, faction_button, least=2),
            Cycle("d", "draft", ("snake", "random"), lambda c, v: c("smashup-option-draft", draft=v)),
            Cycle("g", "goal", GOALS, lambda c, v: c("smashup-option-goal", n=v)),
            Cycle("m", "turn_timer_ms", TURN_TIMERS_MS, timer("smashup-option-turn-timer")),
            Cycle("r", "response_timer_ms", RESPONSE_TIMERS_MS, timer("smashup-option-response-timer")),
        )

    # --- lobby ----------------------------------------------------------------------------

    def lobby_lines(self, ctx: Ctx, options: SmashUpOptions) -> list[str]:
        boxes = options.boxes if options.boxes is not None else list(BOXES)
        lines = [ctx("smashup-lobby-boxes", boxes=", ".join(ctx(f"smashup-box-{b}") for b in boxes))]
        if any(BOXES[b].madness for b in boxes if b in BOXES):
            lines.append(ctx("smashup-lobby-madness"))
        lines.append(ctx("smashup-lobby-goal", n=options.goal))
        return lines

    # --- words ------------------------------------------------------------------------------

    def arg(self, ctx: Ctx, key: str, value: ArgValue) -> Any:
        if isinstance(value, str):
            if key in CARD_ARGS or key in BASE_ARGS:
                return card_name(ctx, value)
            if key == "cards":
                return ", ".join(card_name(ctx, c.strip()) for c in value.split(","))
            if key in ("faction", "factions"):
                return ", ".join(faction_name(ctx, f.strip()) for f in value.split(","))
        if isinstance(value, list) and key in ("cards", "factions"):
            word = card_name if key == "cards" else faction_name
            return ", ".join(word(ctx, str(v)) for v in value)
        return super().arg(ctx, key, value)

    def rules(self, ctx: Ctx, topic: str = "") -> str:
        if topic.strip():
            faction = find_faction(ctx, topic)
            if faction is not None:
                return faction_sheet(ctx, faction)
            names = ", ".join(faction_name(ctx, f) for f in FACTIONS)
            return ctx("smashup-rules-no-faction", query=html.escape(topic.strip()[:40]), factions=names)
        return ctx("smashup-rules")

    def option_label(self, ctx: Ctx, view: SmashUpView, prompt: Prompt, value: PromptValue) -> str:
        kind = prompt.kind
        if kind == "faction" and isinstance(value, str):
            return faction_button(ctx, value)
        if kind == "card" and isinstance(value, int):
            card = view.cards.get(value) or _card_of(view, value)
            if card is not None:
                return card_button(ctx, card)
        found = None
        if kind == "minion" and isinstance(value, int):
            found = self._minion_option(ctx, view, value)
        elif kind == "base" and isinstance(value, int):
            found = _base_option(ctx, view, value)
        return found if found is not None else super().option_label(ctx, view, prompt, value)

    def _minion_option(self, ctx: Ctx, view: SmashUpView, uid: int) -> str | None:
        """A minion in play as a choice: its power, whose it is (if not mine), where."""
        found = _minion(view, uid)
        if found is None:
            return None
        base, m = found
        label = ctx("smashup-minion-label", name=button_name(ctx, m.card), power=m.power)
        where = button_name(ctx, base.card)
        if m.controller == view.viewer:
            return ctx("smashup-option-minion-mine", label=label, base=where)
        return ctx("smashup-option-minion", label=label, base=where, player=ctx.name(m.controller))

    def option_group(self, view: SmashUpView, prompt: Prompt, value: PromptValue) -> Hashable:
        if prompt.kind == "card" and isinstance(value, int):
            return view.cards.get(value) or _card_of(view, value) or value
        if prompt.kind == "minion" and isinstance(value, int):
            found = _minion(view, value)
            if found is not None:
                base, m = found
                return base.uid, m.card, m.controller, m.power, len(m.attached)
        return value

    # --- the board --------------------------------------------------------------------------------

    def board(self, ctx: Ctx, view: SmashUpView, waits: Sequence[Wait]) -> Rendered:
        v = view
        lines = [ctx("smashup-board-title", title=kit.game_title(ctx.t, ctx.lang, "smashup"), goal=v.goal)]
        if v.phase == "setup":
            lines += self._draft_lines(ctx, v)
        else:
            movers = {p for w in waits for p in w.players}
            lines += [self._player_line(ctx, v, p, p.player in movers) for p in v.players]
            lines.append("")
            for b in v.bases:
                lines += self._base_lines(ctx, v, b)
            lines.append(
                ctx(
                    "smashup-board-decks",
                    bases=v.base_deck,
                    madness=v.madness_deck or 0,
                    on="true" if v.madness_deck is not None else "false",
                )
            )
        lines += ["", self._moment(ctx, v, waits)]
        return Rendered("\n".join(lines), None)

    def _draft_lines(self, ctx: Ctx, v: SmashUpView) -> list[str]:
        order = snake(list(v.seats))
        done = sum(len(p.factions) for p in v.players)
        picks = [
            ctx("smashup-draft-pick-now" if i == done else "smashup-draft-pick", player=ctx.name(p))
            for i, p in enumerate(order)
        ]
        lines = (
            [ctx("smashup-board-draft", order=ctx("smashup-draft-then").join(picks))]
            if done < len(order)
            else []
        )
        for p in v.players:
            chosen = " + ".join(faction_name(ctx, f) for f in p.factions) or "—"
            line = ctx("smashup-board-drafted", player=ctx.name(p.player), factions=chosen)
            lines.append(line + (" " + ctx("smashup-board-left") if p.left else ""))
        return lines

    def _player_line(self, ctx: Ctx, v: SmashUpView, p: PlayerView, moving: bool) -> str:
        line = ctx(
            "smashup-board-player",
            player=ctx.name(p.player),
            vp=p.vp,
            hand=p.hand,
            deck=p.deck,
            discard=len(p.discard),
            madness=p.madness,
            on="true" if v.madness_deck is not None else "false",
        )
        if not ctx.compact and p.factions:
            line += " " + ctx(
                "smashup-board-factions", factions=" + ".join(faction_name(ctx, f) for f in p.factions)
            )
        if p.left:
            line += " " + ctx("smashup-board-left")
        return ctx("board-mover" if moving else "board-seat", line=line)

    def _base_lines(self, ctx: Ctx, v: SmashUpView, b: BaseView) -> list[str]:
        key = "smashup-board-base-scoring" if v.scoring == b.uid else "smashup-board-base"
        lines = [
            ctx(
                key,
                base=card_name(ctx, b.card),
                total=b.total,
                bp=b.breakpoint,
                vp="-".join(str(x) for x in b.vp),
            )
        ]
        if not ctx.compact:
            lines.append(ctx("smashup-board-base-text", text=card_text(ctx, b.card)))
        if b.actions:
            lines.append(ctx("smashup-board-base-actions", cards=self._attached(ctx, b.actions)))
        by: dict[int, list[MinionView]] = {}
        for m in b.minions:
            by.setdefault(m.controller, []).append(m)
        for p, minions in by.items():
            if ctx.compact:
                shown = ctx("smashup-board-count", count=len(minions))
            else:
                shown = ", ".join(self._minion(ctx, m) for m in minions)
            lines.append(
                ctx("smashup-board-side", player=ctx.name(p), power=b.powers.get(p, 0), minions=shown)
            )
        return lines

    def _minion(self, ctx: Ctx, m: MinionView) -> str:
        label = ctx("smashup-minion-label", name=card_name(ctx, m.card), power=m.power)
        if m.attached:
            label = ctx("smashup-board-with", label=label, cards=self._attached(ctx, m.attached))
        return label

    def _attached(self, ctx: Ctx, actions: Sequence[Any]) -> str:
        return ", ".join(card_name(ctx, a.card) for a in actions)

    def _moment(self, ctx: Ctx, v: SmashUpView, waits: Sequence[Wait]) -> str:
        if v.phase == "over":
            if not v.winners:
                return ctx("board-game-over")
            return ctx("smashup-board-won", players=", ".join(ctx.name(p) for p in v.winners))
        if v.window is not None:
            base = next((b for b in v.bases if b.uid == v.window.base), None)
            return ctx(
                "smashup-board-window",
                base=card_name(ctx, base.card) if base is not None else "",
                timing=v.window.timing,
                players=", ".join(ctx.name(p) for p in v.waiting_for),
            )
        lines = [kit.waiting_line(ctx, w) for w in waits[:1]]
        if v.phase == "playing" and v.current is not None and waits and waits[0].players == [v.current]:
            plays = _plays(ctx, v)
            if plays:
                lines.append(ctx("smashup-board-plays", plays=plays))
        return "\n".join(lines)

    # --- a hand -----------------------------------------------------------------------------------------

    def hand(self, ctx: Ctx, view: SmashUpView, legal: Sequence[Any], waits: Sequence[Wait]) -> Rendered:
        v = view
        me = v.viewer
        lines = [ctx("smashup-hand-title", title=kit.game_title(ctx.t, ctx.lang, "smashup"), chat=ctx.title)]
        mine = next((p for p in v.players if p.player == me), None)
        if v.hand is None or me is None or mine is None:
            lines.append(ctx("smashup-hand-not-seated"))
            return Rendered("\n".join(lines), None)
        if v.phase == "over":
            won = me in v.winners
            lines.append(ctx("smashup-hand-over", won="true" if won else "false", vp=mine.vp))
            return Rendered("\n".join(lines), None)
        if mine.left:
            lines.append(ctx("smashup-hand-left"))
            return Rendered("\n".join(lines), None)
        if mine.factions:
            factions = " + ".join(faction_name(ctx, f) for f in mine.factions)
            lines.append(ctx("smashup-hand-me", factions=factions, vp=mine.vp, goal=v.goal))
        moves = list(plain(legal))
        selected = ctx.selected
        if v.prompt is not None and v.prompt.kind == "faction":
            return self._draft_hand(ctx, v, lines)
        rows: Rows = []
        plays = [a for a in moves if isinstance(a, PlayCard)]
        chosen = _selected_card(selected, v.hand)
        if chosen is not None:
            lines += self._card_lines(ctx, chosen, any(a.card == chosen.uid for a in plays))
            rows = self._targets(ctx, v, chosen, plays)
        else:
            lines.append(self._situation(ctx, v, me, moves))
            if not ctx.on_page:  # the page draws the cards, each opened large by a tap
                lines += ["", *self._cards_lines(ctx, v.hand)]
            rows = self._hand_rows(ctx, v, moves, plays)
        if v.prompt is not None:
            lines.append("")  # the core's question comes after a blank line
        return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None)

    def _draft_hand(self, ctx: Ctx, v: SmashUpView, lines: list[str]) -> Rendered:
        """The picker's draft: the factions left, each in one line; a faction's
        cards to read (the prompt's buttons pick)."""
        assert v.prompt is not None
        reading = ctx.selected[1:] if ctx.selected.startswith("f") else ""
        if reading in FACTIONS:
            lines += ["", faction_sheet(ctx, reading), ""]
            return Rendered("\n".join(lines), InlineKeyboardMarkup([[ctx.select(ctx("button-back"))]]))
        lines.append("")
        options = [str(f) for f in v.prompt.options]
        lines += [
            ctx("smashup-hand-faction", name=faction_name(ctx, f), about=ctx(f"smashup-faction-{f}-about"))
            for f in options
        ]
        lines.append("")
        read = [ctx.select(ctx("smashup-button-read", name=faction_button(ctx, f)), f"f{f}") for f in options]
        return Rendered("\n".join(lines), InlineKeyboardMarkup(in_rows(read, READ_ROW)))

    def _situation(self, ctx: Ctx, v: SmashUpView, me: int, moves: Sequence[Any]) -> str:
        if v.prompt is not None:
            return ctx("smashup-hand-asked")
        if v.current == me and any(isinstance(a, EndPlays) for a in moves):
            plays = _plays(ctx, v)
            return ctx("smashup-hand-your-turn", plays=plays or ctx("smashup-plays-none"))
        if v.waiting_for:
            return ctx("smashup-hand-waiting", players=", ".join(ctx.name(p) for p in v.waiting_for))
        return ctx("smashup-hand-wait")

    def _cards_lines(self, ctx: Ctx, hand: Sequence[CardRef]) -> list[str]:
        if not hand:
            return [ctx("smashup-hand-empty")]
        lines = [ctx("smashup-hand-cards", count=len(hand))]
        for c in _sorted(hand):
            d = CARDS.get(c.card)
            kind = "special" if d is not None and d.special else d.kind.value if d is not None else "action"
            lines.append(ctx("smashup-hand-card", label=card_label(ctx, c.card), kind=kind))
        return lines

    def _hand_rows(self, ctx: Ctx, v: SmashUpView, moves: Sequence[Any], plays: Sequence[PlayCard]) -> Rows:
        """Every card of the hand to tap (✅: it can be played now; the others show
        their text), the talents and «End turn» (the core adds «Leave»)."""
        playable = {a.card for a in plays}
        seen: set[str] = set()
        buttons: list[InlineKeyboardButton] = []
        hand = sorted(_sorted(v.hand or []), key=lambda c: c.uid not in playable) if not ctx.on_page else []
        for c in hand:  # copies of a card play alike: one button
            if c.card in seen:
                continue
            seen.add(c.card)
            label = card_button(ctx, c.card)
            if c.uid in playable:
                label = ctx("smashup-button-playable", label=label)
            buttons.append(ctx.select(label, f"c{c.uid}", "success" if c.uid in playable else None))
        rows = in_rows(buttons, HAND_ROW)
        for a in moves:
            if isinstance(a, UseTalent):
                card = _card_of(v, a.card)
                rows.append([ctx.act(ctx("smashup-button-talent", name=button_name(ctx, card or "")), a)])
        end = next((a for a in moves if isinstance(a, EndPlays)), None)
        bottom = []
        if end is not None:
            bottom.append(ctx.act(ctx("smashup-button-end"), end))
        if bottom:
            rows.append(bottom)
        return rows

    def _card_lines(self, ctx: Ctx, card: CardRef, playable: bool) -> list[str]:
        key = "smashup-hand-selected" if playable else "smashup-hand-selected-idle"
        return [ctx(key, label=card_label(ctx, card.card), text=card_text(ctx, card.card))]

    def _targets(self, ctx: Ctx, v: SmashUpView, card: CardRef, plays: Sequence[PlayCard]) -> Rows:
        """Where the selected card may go: a base, a minion, or just «play»."""
        buttons = []
        for a in plays:
            if a.card != card.uid:
                continue
            if a.minion is not None:
                label = self._minion_option(ctx, v, a.minion) or str(a.minion)
            elif a.base is not None:
                label = _base_option(ctx, v, a.base) or str(a.base)
            else:
                label = ctx("smashup-button-play")
            buttons.append(ctx.act(ctx("smashup-button-target", label=label), a))
        d = CARDS.get(card.card)
        per_row = 1 if d is not None and d.target in (Target.MINION, Target.OWN_MINION) else 2
        return [*fitting_rows(buttons, per_row), [ctx.select(ctx("button-back"))]]

    # --- messages of their own --------------------------------------------------------------------

    def posts(self, ctx: Ctx, view: SmashUpView, events: Sequence[Event]) -> list[str]:
        """Each base scored: one message, from its places on — VP, what its ability
        and the cards' scoring abilities did, and the base that replaces it when
        that comes in the same change (a Me First! window after scoring may keep
        it for a later one)."""
        out: list[str] = []
        scoring: list[str] | None = None
        base: ArgValue = None
        for e in events:
            if e.to is not None:
                continue
            if e.key == Ev.PLACE and (scoring is None or e.args.get("base") != base):
                if scoring is not None:
                    out.append("\n".join(scoring))
                base = e.args.get("base", "")
                scoring = [ctx("smashup-post-scoring", base=self.arg(ctx, "base", base))]
            if scoring is None:
                continue
            scoring.append(ctx("board-log-line", text=self.event_text(ctx, e)))
            if e.key == Ev.BASE_DONE:
                out.append("\n".join(scoring))
                scoring = None
        if scoring is not None:
            out.append("\n".join(scoring))
        for e in events:  # what a busy log would bury: a tie playing on, a player away
            if e.key == Ev.TIE_PLAY_ON and e.to is None:
                out.append(ctx("smashup-post-tie", text=self.event_text(ctx, e)))
            elif e.key == Ev.AWAY and e.to is None:
                out.append(self.event_text(ctx, e))
        return out


# --- helpers ----------------------------------------------------------------------------------------


def _plays(ctx: Ctx, v: SmashUpView) -> str:
    """The current player's plays left, in words (empty: none)."""
    minions = sum(1 for c in v.credits if c.minion and not c.action)
    actions = sum(1 for c in v.credits if c.action and not c.minion)
    either = sum(1 for c in v.credits if c.minion and c.action)
    parts = []
    if minions:
        parts.append(ctx("smashup-plays-minion", count=minions))
    if actions:
        parts.append(ctx("smashup-plays-action", count=actions))
    if either:
        parts.append(ctx("smashup-plays-either", count=either))
    return ", ".join(parts)


def _sorted(hand: Sequence[CardRef]) -> list[CardRef]:
    def key(c: CardRef) -> tuple[int, int, str]:
        d = CARDS.get(c.card)
        if d is None:
            return 3, 0, c.card
        order = 0 if d.kind is Kind.MINION else 2 if d.special else 1
        return order, -d.power, c.card

    return sorted(hand, key=key)


def _minion(view: SmashUpView, uid: int) -> tuple[BaseView, MinionView] | None:
    for b in view.bases:
        for m in b.minions:
            if m.uid == uid:
                return b, m
    return None


def _card_of(view: SmashUpView, uid: int) -> str | None:
    """The card id of an instance the view shows anywhere."""
    return next((card for u, card in _shown(view) if u == uid), None)


def _shown(view: SmashUpView) -> Iterator[tuple[int, str]]:
    """Every card instance the view shows, with its card id: the hand, the bases
    and what is on them, the discard piles, the cards set aside."""
    for c in view.hand or ():
        yield c.uid, c.card
    for b in view.bases:
        yield b.uid, b.card
        yield from ((a.uid, a.card) for a in b.actions)
        for m in b.minions:
            yield m.uid, m.card
            yield from ((a.uid, a.card) for a in m.attached)
    for p in view.players:
        yield from ((c.uid, c.card) for c in p.discard)
    yield from ((c.uid, c.card) for c in view.aside)


def _base_option(ctx: Ctx, view: SmashUpView, uid: int) -> str | None:
    """A base in play as a choice: its name and power against its breakpoint."""
    b = next((b for b in view.bases if b.uid == uid), None)
    if b is None:
        return None
    return ctx("smashup-option-base", base=button_name(ctx, b.card), total=b.total, bp=b.breakpoint)


def _selected_card(selected: str, hand: Sequence[CardRef]) -> CardRef | None:
    """The card of the hand a ``c<uid>`` selection names (it may have left the hand)."""
    if not selected.startswith("c") or not selected[1:].isdigit():
        return None
    uid = int(selected[1:])
    return next((c for c in hand if c.uid == uid), None)


ADAPTER = SmashUpAdapter()
