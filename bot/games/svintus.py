"""Svintus in the bot: lobby options, board and hand from the engine's views,
the Hush's chat messages, ``/animal``.

Every button presses an engine action (its data is the action's code): a card
is ``Play`` on the top card its owner sees (a waiting player's hand shows no
top: its cards are ``Play`` on whatever is on top when pressed, an intercept
attempt).  A Polypig's colour and the dark abilities' choices are prompts,
drawn by the bot core.
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Sequence
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot import kit
from bot.adapter import ANYONE, Adapter, Command, Cycle
from bot.ephemeral import Style
from bot.i18n import Translator
from bot.kit import Ctx, Rendered, Rows, fitting_rows, in_rows, seconds
from engine.core import ArgValue, Event, Prompt, PromptValue, Wait, plain
from engine.registry import get
from engine.svintus.animals import ANIMALS, Animal
from engine.svintus.cards import CARDS, COLORS, DECK_SIZE, Color, Kind
from engine.svintus.keys import Ev
from engine.svintus.models import (
    Accept,
    CardView,
    Catch,
    Declare,
    Draw,
    NextRound,
    Pass,
    PickAnimal,
    Play,
    React,
    Slap,
    SvintusOptions,
    SvintusState,
    SvintusView,
    UseAbility,
)

TARGETS = (10, 20, 30, 50, 100)
TIMERS_MS = (0, 15_000, 30_000, 60_000)
WINDOWS_MS = (2_000, 3_000, 5_000)
# Telegram shows about 100 buttons at most; past this many cards, identical
# faces share one button ("🟥 5 ×2"), which keeps any hand under 60 buttons
# (and so does a compact hand: a big hand under a big prompt).
GROUP_FACES_ABOVE = 60
HAND_ACTIONS = (Play, Draw, Pass, Accept, Declare, Slap, UseAbility, React)
# presses that say all they mean whenever they are shown (no stale keyboard can
# mislead them): catching, slapping, the next round, an animal, a card aimed at
# the top card it names
SELF_EVIDENT = (Catch, Slap, NextRound, PickAnimal)
CARD_ARGS = frozenset({"card", "given"})
SETUP_ROW = 2  # the animals to pick, two a row: a name with its emoji is wider than a third of a phone


# --- words -------------------------------------------------------------------------------


def card_label(ctx: Ctx, card: int) -> str:
    c = CARDS[card]
    emoji = ctx(f"svintus-emoji-{c.color.value}" if c.color else "svintus-emoji-none")
    return ctx(f"svintus-card-{c.kind.value}", emoji=emoji, value=c.value if c.value is not None else 0)


def color_label(ctx: Ctx, color: Color) -> str:
    return ctx("svintus-color-label", emoji=ctx(f"svintus-emoji-{color.value}"), color=color.value)


def animal_name(t: Translator, lang: str, animal: Animal, dark: bool) -> str:
    return t(lang, f"svintus-animal-{animal.value}-{'dark' if dark else 'light'}")


def animal_label(t: Translator, lang: str, animal: Animal, dark: bool) -> str:
    """``🦔 Ёж`` or ``🌑🌵 Дикобраз``: the side in force, with its emoji."""
    side = "dark" if dark else "light"
    return t(
        lang,
        f"svintus-animal-label-{side}",
        emoji=t(lang, f"svintus-animal-{animal.value}-{side}-emoji"),
        name=animal_name(t, lang, animal, dark),
    )


def animal_button(ctx: Ctx, animal: Animal, dark: bool) -> str:
    """``🐿 Белка``: an animal on a button, by its short name where it has one."""
    side = "dark" if dark else "light"
    return ctx(
        f"svintus-animal-label-{side}",
        emoji=ctx(f"svintus-animal-{animal.value}-{side}-emoji"),
        name=ctx.short(f"svintus-animal-{animal.value}-{side}"),
    )


def animal_rule(t: Translator, lang: str, animal: Animal, dark: bool) -> str:
    return t(lang, f"svintus-animal-{animal.value}-{'dark' if dark else 'light'}-rule")


def find_animal(t: Translator, query: str) -> Animal | None:
    """The animal one of whose names (either side, either language) ``query`` is,
    begins, or — failing that — one of whose words it begins ("mule")."""
    q = " ".join(query.lower().replace("ё", "е").split())
    if not q:
        return None
    found = [
        (t(lang, f"svintus-animal-{a.value}-{side}").lower().replace("ё", "е"), a)
        for a in ANIMALS
        for side in ("light", "dark")
        for lang in t.languages
    ]
    for n, a in found:
        if n == q:
            return a
    for match in (
        lambda n: n.startswith(q),
        lambda n: any(w.startswith(q) for w in n.replace("-", " ").split()),
    ):
        hits = {a for n, a in found if match(n)}
        if hits:
            return hits.pop() if len(hits) == 1 else None
    return None


def animal_card(t: Translator, lang: str, animal: Animal) -> str:
    """Both sides of one animal, for /animal."""
    return t(
        lang,
        "svintus-animal-card",
        light=animal_label(t, lang, animal, False),
        light_rule=animal_rule(t, lang, animal, False),
        dark=animal_label(t, lang, animal, True),
        dark_rule=animal_rule(t, lang, animal, True),
    )


def menagerie(t: Translator, lang: str) -> str:
    """Every animal in one list, for /animal without a name."""
    lines = [t(lang, "svintus-animal-list-title")]
    for a in ANIMALS:
        lines.append(
            t(
                lang,
                "svintus-animal-list-line",
                light=animal_label(t, lang, a, False),
                dark=animal_label(t, lang, a, True),
            )
        )
    lines += ["", t(lang, "svintus-animal-list-hint")]
    return "\n".join(lines)


def animal_command(ctx: Ctx, query: str) -> str:
    """``/animal NAME``: both sides of one animal; without a name, the whole menagerie."""
    animal = find_animal(ctx.t, query)
    if animal is not None:
        return animal_card(ctx.t, ctx.lang, animal)
    if query.strip():
        found = ctx("svintus-animal-not-found", query=html.escape(query[:40]))
        return found + "\n\n" + menagerie(ctx.t, ctx.lang)
    return menagerie(ctx.t, ctx.lang)


def sort_key(card: CardView) -> tuple[int, int, int]:
    colour = COLORS.index(card.color) if card.color is not None else len(COLORS)
    return colour, list(Kind).index(card.kind), card.value if card.value is not None else -1


# --- the adapter -------------------------------------------------------------------------


def seat_flags(ctx: Ctx, v: SvintusView, p: int) -> list[str]:
    """What is special about a player now: one card (declared or not), away, their
    silence, a lost turn (the board's line, the Mini App's seat)."""
    flags = []
    if p in v.one_card:
        flags.append(ctx("svintus-flag-declared" if p in v.declared else "svintus-flag-one-card"))
    if p in v.away:
        flags.append(ctx("svintus-flag-away"))
    if v.silence == p:
        flags.append(ctx("svintus-flag-silence"))
    if p in v.skips:
        flags.append(ctx("svintus-flag-skip"))
    return flags


class SvintusAdapter(Adapter[SvintusState, Any, SvintusView, SvintusOptions]):
    game = get("svintus")
    commands = (Command("animal", "svintus-cmd-desc-animal", animal_command),)

    def __init__(self) -> None:
        def on_off(ctx: Ctx, value: Any) -> str:
            return ctx("lobby-on" if value else "lobby-off")

        def timer(ctx: Ctx, ms: Any) -> str:
            return ctx("lobby-seconds", n=seconds(ms)) if ms else ctx("lobby-off")

        self.choices = (
            Cycle("t", "target_score", TARGETS, lambda c, v: c("svintus-button-target", n=v)),
            Cycle("m", "turn_timer_ms", TIMERS_MS, lambda c, v: c("svintus-button-timer", timer=timer(c, v))),
            Cycle(
                "w", "reaction_window_ms", WINDOWS_MS, lambda c, v: c("svintus-button-window", n=seconds(v))
            ),
            Cycle(
                "h",
                "hush_counts_messages",
                (True, False),
                lambda c, v: c("svintus-button-hush", state=on_off(c, v)),
            ),
            Cycle(
                "a",
                "metamorphoses",
                (False, True),
                lambda c, v: c("svintus-button-metamorphoses", state=on_off(c, v)),
            ),
            Cycle(
                "d",
                "animal_deal",
                ("random", "chosen"),
                lambda c, v: c("svintus-button-deal", deal=c(f"svintus-lobby-deal-{v}")),
                shown=lambda o: bool(o.metamorphoses),
            ),
        )
        self._timer = timer
        self._on_off = on_off

    # --- lobby ---------------------------------------------------------------------------

    def lobby_lines(self, ctx: Ctx, options: SvintusOptions) -> list[str]:
        lines = [
            ctx(
                "svintus-lobby-options",
                target=options.target_score,
                timer=self._timer(ctx, options.turn_timer_ms),
                window=seconds(options.reaction_window_ms),
                hush=self._on_off(ctx, options.hush_counts_messages),
            )
        ]
        if options.metamorphoses:
            lines.append(
                ctx("svintus-lobby-metamorphoses", deal=ctx(f"svintus-lobby-deal-{options.animal_deal}"))
            )
        return lines

    # --- words ------------------------------------------------------------------------------

    def arg(self, ctx: Ctx, key: str, value: ArgValue) -> Any:
        if key in CARD_ARGS and isinstance(value, int) and 0 <= value < DECK_SIZE:
            return card_label(ctx, value)
        if key == "cards" and isinstance(value, list):
            return ", ".join(card_label(ctx, int(c)) for c in value)
        if key == "animal" and isinstance(value, str) and value in Animal._value2member_map_:
            return animal_name(ctx.t, ctx.lang, Animal(value), False)
        return super().arg(ctx, key, value)

    def event_text(self, ctx: Ctx, event: Any) -> str:
        args = self.event_args(ctx, event)
        animal = event.args.get("animal")
        if event.key == Ev.FLIPPED_DARK and isinstance(animal, str):
            args["animal"] = animal_name(ctx.t, ctx.lang, Animal(animal), True)
        return ctx(event.key, **args)

    def option_label(self, ctx: Ctx, view: SvintusView, prompt: Prompt, value: PromptValue) -> str:
        if prompt.kind == "card" and isinstance(value, int):
            return card_label(ctx, value)
        if prompt.kind == "color" and isinstance(value, str):
            return color_label(ctx, Color(value))
        return super().option_label(ctx, view, prompt, value)

    def option_group(self, view: SvintusView, prompt: Prompt, value: PromptValue) -> Hashable:
        if prompt.kind == "card" and isinstance(value, int):
            return CARDS[value][1:]  # identical faces are interchangeable
        return value

    # --- the board -----------------------------------------------------------------------------

    def press_answer(self, ctx: Ctx, player: int, action: Any, events: Sequence[Event]) -> str:
        """A short toast for a press that took: the card played, the place in a slap race."""
        fines = (e for e in events if e.key == Ev.PENALTY_SILENCE and e.args.get("player") == player)
        fine = next(fines, None)
        if fine is not None:
            count = fine.args.get("count")
            return ctx("svintus-answer-silence", count=count if isinstance(count, int) else 0)
        if isinstance(action, Play):
            return ctx("svintus-answer-played", card=card_label(ctx, action.card))
        if isinstance(action, Slap):
            place = next((e.args.get("place") for e in events if e.key == Ev.SLAPPED), None)
            return ctx("svintus-answer-slapped", place=place if isinstance(place, int) else 0)
        return ""

    def posts(self, ctx: Ctx, view: SvintusView, events: Sequence[Event]) -> list[str]:
        """A player gone away, and a round won (the match going on), get a message of their own, which
        notifies: who won it with how many points, and the match so far; the
        match's end is the core's result message."""
        away = [self.event_text(ctx, e) for e in events if e.key == Ev.AWAY and e.to is None]
        won = next((e for e in events if e.key == Ev.ROUND_WON), None)
        if won is None or view.phase != "round_over":
            return away
        lines = [ctx("svintus-post-round", round=view.round, text=self.event_text(ctx, won))]
        for place, p in enumerate(sorted(view.seats, key=lambda q: -view.scores.get(q, 0)), start=1):
            score = view.scores.get(p, 0)
            lines.append(ctx("svintus-post-round-line", place=place, player=ctx.name(p), score=score))
        seconds = view.round_break_ms // 1000
        lines.append(ctx("svintus-post-round-next", target=view.target_score, seconds=seconds))
        return [*away, "\n".join(lines)]

    def board(self, ctx: Ctx, view: SvintusView, waits: Sequence[Wait]) -> Rendered:
        v = view
        if v.phase == "setup":
            return self._setup_board(ctx, v, waits)
        title = ctx("game-title", emoji=ctx("svintus-emoji"), name=ctx("svintus-name"))
        lines = [ctx("svintus-board-title", title=title, round=v.round, target=v.target_score)]
        if v.top is not None:
            lines.append(self._top_line(ctx, v))
        direction = ctx("svintus-board-clockwise" if v.direction == 1 else "svintus-board-counter-clockwise")
        counts = ctx(
            "svintus-board-counts", deck=v.zone_counts.get("deck", 0), pile=v.zone_counts.get("pile", 0)
        )
        lines += [counts + " · " + direction, ""]
        movers = {p for w in waits if w.kind == "turn" for p in w.players}
        for p in v.seats:
            line = self._seat_line(ctx, v, p)
            lines.append(
                ctx("board-mover" if p in movers and v.phase == "playing" else "board-seat", line=line)
            )
        lines += ["", *self._status_lines(ctx, v, waits)]
        rows: Rows = []
        if v.phase == "playing":
            buttons = []
            if v.race is not None:
                buttons.append(ctx.act(ctx("svintus-button-slap"), Slap(player=ANYONE), tagged=False))
            if any(q not in v.declared for q in v.one_card):
                label = self._costly(ctx, v, ctx("svintus-button-catch"))
                buttons.append(ctx.act(label, Catch(player=ANYONE), tagged=False))
            if buttons:
                rows.append(buttons)
        elif v.phase == "round_over":
            rows.append([ctx.act(ctx("svintus-button-next-round"), NextRound(player=ANYONE), tagged=False)])
        return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None)

    def _seat_line(self, ctx: Ctx, v: SvintusView, p: int) -> str:
        """One player on the board: cards, score, what is special about them now."""
        line = ctx(
            "svintus-board-player",
            player=ctx.name(p),
            count=v.zone_counts.get(f"hand:{p}", 0),
            score=v.scores.get(p, 0),
            flags=" ".join(seat_flags(ctx, v, p)),
        )
        animal = v.animals.get(p)
        if animal is None:
            return line
        label = animal_label(ctx.t, ctx.lang, animal, p in v.dark)
        return ctx("svintus-board-player-animal", line=line, animal=label)

    def _status_lines(self, ctx: Ctx, v: SvintusView, waits: Sequence[Wait]) -> list[str]:
        """Under the seats: what the table waits for, or how the round or match ended."""
        if v.phase == "playing":
            lines = [self._moment(ctx, v, waits)]
            if v.silence is not None:
                lines.append(ctx("svintus-board-silence", player=ctx.name(v.silence)))
            lines += [ctx("svintus-board-duty", player=ctx.name(d.player)) for d in v.duties]
            return lines
        if v.phase == "round_over":
            return [ctx("svintus-board-round-over", seconds=v.round_break_ms // 1000)]
        if v.match_winner is not None:
            return [ctx("svintus-board-match-over", player=ctx.name(v.match_winner))]
        return [ctx("board-game-over")]

    def _setup_board(self, ctx: Ctx, v: SvintusView, waits: Sequence[Wait]) -> Rendered:
        title = ctx("game-title", emoji=ctx("svintus-emoji"), name=ctx("svintus-name"))
        lines = [ctx("svintus-setup-title", title=title), ""]
        for p in v.seats:
            animal = v.animals.get(p)
            picked = (
                animal_label(ctx.t, ctx.lang, animal, False)
                if animal is not None
                else ctx("svintus-setup-none")
            )
            lines.append(ctx("svintus-setup-player", player=ctx.name(p), animal=picked))
        lines += ["", *(kit.waiting_line(ctx, w) for w in waits), ctx("svintus-setup-hint")]
        taken = set(v.animals.values())
        buttons = [
            ctx.act(
                ctx("svintus-setup-taken", label=animal_button(ctx, a, False))
                if a in taken
                else animal_button(ctx, a, False),
                PickAnimal(player=ANYONE, animal=a),
                tagged=False,
            )
            for a in ANIMALS
        ]
        return Rendered("\n".join(lines), InlineKeyboardMarkup(in_rows(buttons, SETUP_ROW)))

    def _top_line(self, ctx: Ctx, v: SvintusView) -> str:
        assert v.top is not None
        line = ctx("svintus-board-top", card=card_label(ctx, v.top.id))
        if v.color is not None and v.top.kind is Kind.POLYPIG:
            line += " " + ctx("svintus-board-named-color", color=v.color.value)
        return line

    def _moment(self, ctx: Ctx, v: SvintusView, waits: Sequence[Wait]) -> str:
        """What the table is waiting for right now."""
        if v.race is not None:
            return ctx("svintus-board-race", done=len(v.race.pressed), total=len(v.race.players))
        if v.ability is not None:
            return ctx(
                "svintus-board-ability",
                player=ctx.name(v.ability.player),
                animal=animal_label(ctx.t, ctx.lang, v.ability.animal, True),
            )
        if v.attack is not None:
            key = "svintus-board-grab-pending" if v.attack.kind == "grab" else "svintus-board-snore-pending"
            return ctx(key, player=ctx.name(v.attack.target), count=v.attack.count)
        if v.awaiting_color:
            return ctx("svintus-board-color-pending", player=ctx.name(v.current))
        turn = next((w for w in waits if w.kind == "turn"), None)
        return kit.waiting_line(ctx, turn) if turn is not None else ""

    # --- a hand ------------------------------------------------------------------------------------

    def _title(self, ctx: Ctx) -> str:
        return ctx("svintus-hand-title", emoji=ctx("svintus-emoji"), name=ctx("svintus-name"), chat=ctx.title)

    def hand(self, ctx: Ctx, view: SvintusView, legal: Sequence[Any], waits: Sequence[Wait]) -> Rendered:
        v = view
        me = v.viewer
        lines = [self._title(ctx)]
        if v.hand is None or me is None:
            lines.append(ctx("svintus-hand-not-seated"))
            return Rendered("\n".join(lines), None)
        if v.phase == "match_over":
            winner = v.match_winner
            over = ctx("svintus-hand-match-over", player=ctx.name(winner)) if winner is not None else None
            lines.append(over or ctx("board-game-over"))
            return Rendered("\n".join(lines), None)
        if v.phase == "setup":
            lines.append(ctx("svintus-hand-setup"))
            return Rendered("\n".join(lines), None)
        acts = [a for a in plain(legal) if isinstance(a, HAND_ACTIONS)]
        animal = v.animals.get(me)
        if animal is not None:
            dark = me in v.dark
            label, rule = (
                animal_label(ctx.t, ctx.lang, animal, dark),
                animal_rule(ctx.t, ctx.lang, animal, dark),
            )
            lines.append(ctx("svintus-hand-animal", animal=label, rule=rule))
        sees = v.phase == "playing" and v.current == me
        if v.phase == "playing" and v.top is not None:
            lines.append(self._top_line(ctx, v))
        if v.deck_top is not None:
            lines.append(ctx("svintus-hand-deck-top", card=card_label(ctx, v.deck_top.id)))
        if any(isinstance(a, React) for a in acts):
            lines.append(ctx("svintus-hand-duty"))
        lines += self._situation(ctx, v, me, acts)
        if v.silence is not None:
            key = "svintus-hand-silence-color" if v.awaiting_color and sees else "svintus-hand-silence"
            lines.append(ctx(key, count=v.penalty_cards))
        rows: Rows = []
        own_ability = v.ability is not None and v.ability.player == me
        if v.phase == "playing" and not (own_ability and v.prompt is not None and v.prompt.kind == "card"):
            # the cards, under one line that names the ✅ only when a card carries it
            playable = any(isinstance(a, Play) for a in acts)
            key = "svintus-hand-cards"
            if playable:
                key = "svintus-hand-cards-playable" if sees else "svintus-hand-cards-intercept"
            lines.append(ctx(key, count=len(v.hand)))
            rows += self._card_rows(ctx, v, acts, sees)
        if v.phase == "playing":
            rows = self._action_rows(ctx, v, acts, rows)
        return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None)

    @staticmethod
    def _costly(ctx: Ctx, v: SvintusView, label: str) -> str:
        """A button that speaks (names a colour, calls out) during a silence says what it costs."""
        if v.silence is None:
            return label
        return ctx("svintus-costly", label=label, count=v.penalty_cards)

    def _situation(self, ctx: Ctx, v: SvintusView, me: int, acts: Sequence[Any]) -> list[str]:
        """What the moment asks of this player, in a line (or two)."""
        if v.phase == "round_over":
            winner = ctx.name(v.round_winner) if v.round_winner is not None else ""
            return [ctx("svintus-hand-round-over", player=winner)]
        if v.race is not None:
            slap = any(isinstance(a, Slap) for a in acts)
            return [ctx("svintus-hand-race" if slap else "svintus-hand-race-done")]
        if v.ability is not None and v.ability.player == me:
            lines = []
            if v.peek is not None and v.ability.target is not None:
                theirs = ", ".join(card_label(ctx, c.id) for c in sorted(v.peek, key=sort_key))
                lines.append(ctx("svintus-hand-peek", player=ctx.name(v.ability.target), cards=theirs))
            if v.given is not None:
                lines.append(ctx("svintus-hand-given", card=card_label(ctx, v.given.id)))
            return lines
        if v.attack is not None and v.attack.target == me:
            key = "svintus-hand-grab-on-you" if v.attack.kind == "grab" else "svintus-hand-snore-on-you"
            return [ctx(key, count=v.attack.count)]
        if v.current != me:
            return [ctx("svintus-hand-waiting", player=ctx.name(v.current) if v.current is not None else "")]
        if v.awaiting_color:
            return []  # the prompt below asks for the colour
        return [ctx("svintus-hand-drawn" if v.drawn else "svintus-hand-your-turn")]

    def _action_rows(self, ctx: Ctx, v: SvintusView, acts: Sequence[Any], rows: Rows) -> Rows:
        """The buttons besides the cards: a slap or the Hedgehog's reaction above
        them, the turn's other moves in one row below."""
        me = v.viewer
        animal = v.animals.get(me) if me is not None else None
        extra: list[InlineKeyboardButton] = []
        for a in acts:
            if isinstance(a, Draw):
                extra.append(ctx.act(ctx("svintus-button-draw"), a))
            elif isinstance(a, Pass):
                extra.append(ctx.act(ctx("svintus-button-pass"), a))
            elif isinstance(a, Accept) and v.attack is not None:
                key = (
                    "svintus-button-accept-grab" if v.attack.kind == "grab" else "svintus-button-accept-snore"
                )
                extra.append(ctx.act(ctx(key, count=v.attack.count), a))
            elif isinstance(a, Declare):
                extra.append(ctx.act(self._costly(ctx, v, ctx("svintus-button-svintus")), a))
            elif isinstance(a, Slap):
                rows.insert(0, [ctx.act(ctx("svintus-button-slap"), a)])
            elif isinstance(a, React):
                rows.insert(0, [ctx.act(ctx("svintus-button-react"), a)])
            elif isinstance(a, UseAbility) and animal is not None:
                # a row of its own: the dark side's name is long beside the turn's other moves
                label = ctx("svintus-button-ability", animal=animal_button(ctx, animal, True))
                rows.append([ctx.act(label, a)])
        return [*rows, extra] if extra else rows

    def _card_rows(self, ctx: Ctx, v: SvintusView, acts: Sequence[Any], sees: bool) -> Rows:
        assert v.hand is not None
        playable = {a.card: a for a in acts if isinstance(a, Play)}
        cards = sorted(v.hand, key=sort_key)
        copies: dict[tuple[Any, ...], int] = {}
        if len(cards) > GROUP_FACES_ABOVE or ctx.compact:  # compact: within Telegram's 100 buttons
            faces: dict[tuple[Any, ...], CardView] = {}
            for c in cards:
                face = CARDS[c.id][1:]
                copies[face] = copies.get(face, 0) + 1
                if face not in faces or c.id in playable:
                    faces[face] = c
            cards = sorted(faces.values(), key=sort_key)
        top = v.top.id if v.top is not None else 0
        me = v.viewer if v.viewer is not None else 0
        pressed: list[tuple[str, Play]] = []
        styles: list[Style | None] = []
        for c in cards:
            label = card_label(ctx, c.id)
            n = copies.get(CARDS[c.id][1:], 1)
            if n > 1:
                label = ctx("prompt-copies", label=label, count=n)
            if c.id in playable:
                label = ctx("svintus-playable", label=label)
                if CARDS[c.id].kind is Kind.POLYPIG:  # its colour must be named aloud
                    label = self._costly(ctx, v, label)
            # a waiting player's other cards name no top card: pressing one tries
            # to intercept whatever is on top at that moment
            on = top if sees or c.id in playable else None
            pressed.append((label, playable.get(c.id) or Play(player=me, card=c.id, on=on)))
            styles.append("success" if c.id in playable else None)
        return fitting_rows(ctx.acts(pressed, styles=styles))


ADAPTER = SvintusAdapter()
