"""Board, hand and lobby messages: text (HTML) and keyboards, all words from locales."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import action_code, encode, tag_of
from bot.i18n import Translator
from bot.session import Session
from engine.core import Event
from engine.svintus import GAME
from engine.svintus.cards import CARDS, COLORS, Kind
from engine.svintus.models import (
    Accept,
    ChooseColor,
    Declare,
    Draw,
    Pass,
    Play,
    Slap,
    SvintusState,
)

PLAYER_ARGS = ("player", "target", "catcher", "from_player")
CARDS_PER_ROW = 3
# Telegram shows about 100 buttons at most; past this many cards, identical
# faces share one button ("🟥 5 ×2"), which keeps any hand under 60 buttons.
GROUP_FACES_ABOVE = 60


@dataclass(frozen=True)
class Rendered:
    text: str
    markup: InlineKeyboardMarkup | None

    def digest(self) -> str:
        rows = self.markup.to_dict() if self.markup is not None else None
        return tag_of(self.text, rows)


def card_label(t: Translator, lang: str, card: int) -> str:
    c = CARDS[card]
    emoji = t(lang, f"svintus-emoji-{c.color.value}" if c.color else "svintus-emoji-none")
    return t(lang, f"svintus-card-{c.kind.value}", emoji=emoji, value=c.value if c.value is not None else 0)


def color_name(t: Translator, lang: str, color: Any) -> str:
    return t(lang, f"svintus-color-{color.value}")


def name(session: Session, user_id: int) -> str:
    return html.escape(session.name(user_id))


def event_text(t: Translator, lang: str, session: Session, e: Event) -> str:
    args: dict[str, Any] = {}
    for k, v in e.args.items():
        if k in PLAYER_ARGS and isinstance(v, int):
            args[k] = name(session, v)
        elif k == "card" and isinstance(v, int):
            args[k] = card_label(t, lang, v)
        elif isinstance(v, bool):
            args[k] = "true" if v else "false"
        else:
            args[k] = v
    return t(lang, e.key, **args)


def sort_key(card: int) -> tuple[int, int, int]:
    c = CARDS[card]
    colour = COLORS.index(c.color) if c.color is not None else len(COLORS)
    return colour, list(Kind).index(c.kind), c.value if c.value is not None else -1


# --- the lobby -------------------------------------------------------------------


def lobby(t: Translator, lang: str, session: Session, bot_username: str) -> Rendered:
    o = session.options
    lines = [t(lang, "lobby-title"), ""]
    lines.append(t(lang, "lobby-players", count=len(session.members)))
    for i, m in enumerate(session.members, 1):
        lines.append(f"{i}. {html.escape(m.name)}")
    lines.append("")
    timer = t(lang, "lobby-seconds", n=o.turn_timer_ms // 1000) if o.turn_timer_ms else t(lang, "lobby-off")
    lines.append(
        t(
            lang,
            "lobby-options",
            target=o.target_score,
            timer=timer,
            window=o.reaction_window_ms // 1000,
            hush=t(lang, "lobby-on" if o.hush_counts_messages else "lobby-off"),
        )
    )
    for m in session.unreachable:
        link = f"https://t.me/{bot_username}?start=join_{session.chat_id}"
        lines.append("")
        lines.append(t(lang, "lobby-unreachable", player=html.escape(m.name), link=link))
    lines.append("")
    lines.append(t(lang, "lobby-hint"))

    def b(label: str, code: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(
            label, callback_data=encode("l", session.chat_id, session.game_id, "-", code)
        )

    rows = [
        [b(t(lang, "button-join"), "j"), b(t(lang, "button-leave"), "x")],
        [
            b(t(lang, "button-option-target", n=o.target_score), "ot"),
            b(t(lang, "button-option-timer", timer=timer), "om"),
        ],
        [
            b(t(lang, "button-option-window", n=o.reaction_window_ms // 1000), "ow"),
            b(
                t(
                    lang,
                    "button-option-hush",
                    state=t(lang, "lobby-on" if o.hush_counts_messages else "lobby-off"),
                ),
                "oh",
            ),
        ],
        [b(t(lang, "button-start"), "g")],
    ]
    return Rendered("\n".join(lines), InlineKeyboardMarkup(rows))


# --- the board --------------------------------------------------------------------


def board(t: Translator, lang: str, session: Session, bot_username: str) -> Rendered:
    s = session.state
    assert s is not None
    lines = [t(lang, "board-title", round=s.round)]
    top = s.pile[-1]
    top_line = t(lang, "board-top", card=card_label(t, lang, top))
    if s.color is not None and CARDS[top].kind is Kind.POLYPIG:
        top_line += " " + t(lang, "board-named-color", color=color_name(t, lang, s.color))
    lines.append(top_line)
    lines.append(
        t(lang, "board-counts", deck=len(s.deck), pile=len(s.pile))
        + " · "
        + t(lang, "board-clockwise" if s.direction == 1 else "board-counter-clockwise")
    )
    lines.append("")
    for p in s.seats:
        flags = ""
        if p in s.one_card_since:
            flags += " " + t(lang, "board-flag-declared" if p in s.declared else "board-flag-one-card")
        if p in s.away:
            flags += " " + t(lang, "board-flag-away")
        if s.silence == p:
            flags += " " + t(lang, "board-flag-silence")
        marker = "▶ " if s.phase == "playing" and p == s.current else "    "
        lines.append(
            marker
            + t(
                lang, "board-player", player=name(session, p), count=len(s.hands[p]), score=s.scores.get(p, 0)
            )
            + flags
        )
    lines.append("")
    if s.phase == "playing":
        if s.race is not None:
            lines.append(t(lang, "board-race", done=len(s.race.pressed), total=len(s.race.players)))
        elif s.attack is not None:
            key = "board-grab-pending" if s.attack.kind == "grab" else "board-snore-pending"
            lines.append(t(lang, key, player=name(session, s.attack.target), count=s.attack.count))
        elif s.awaiting_color:
            lines.append(t(lang, "board-color-pending", player=name(session, s.current)))
        else:
            lines.append(t(lang, "board-turn", player=name(session, s.current)))
        if s.silence is not None:
            lines.append(t(lang, "board-silence", player=name(session, s.silence)))
    elif s.phase == "round_over":
        lines.append(t(lang, "board-round-over"))
    elif s.match_winner is not None:
        lines.append(t(lang, "board-match-over", player=name(session, s.match_winner)))
    else:
        lines.append(t(lang, "board-game-over"))
    if session.log:
        lines.append("")
        lines.append(t(lang, "board-log"))
        lines.extend("• " + event_text(t, lang, session, e) for e in session.log)

    rows: list[list[InlineKeyboardButton]] = []
    if s.phase == "playing":
        buttons = []
        if s.race is not None:
            buttons.append(
                InlineKeyboardButton(
                    t(lang, "button-slap"),
                    callback_data=encode("h", session.chat_id, session.game_id, "-", "h"),
                )
            )
        if any(q not in s.declared for q in s.one_card_since):
            buttons.append(
                InlineKeyboardButton(
                    t(lang, "button-catch"),
                    callback_data=encode("h", session.chat_id, session.game_id, "-", "k"),
                )
            )
        if buttons:
            rows.append(buttons)
    if s.phase != "match_over" and bot_username:
        rows.append([InlineKeyboardButton(t(lang, "button-my-cards"), url=f"https://t.me/{bot_username}")])
    return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None)


# --- a hand -------------------------------------------------------------------------

HAND_ACTIONS = (Play, Draw, Pass, Accept, ChooseColor, Declare, Slap)


def hand_actions(state: SvintusState, user: int) -> list[Any]:
    return [a for a in GAME.legal(state, user) if isinstance(a, HAND_ACTIONS)]


def sees_table(state: SvintusState, user: int) -> bool:
    """Does ``user``'s hand show the top card?  Only while it is their move.

    A waiting player's hand changes only when their own options do (their cards,
    a card to intercept with, a Grab aimed at them, a race, a silence), so one
    move costs a couple of edits rather than one per player.
    """
    return state.phase == "playing" and state.current == user


def hand_tag(state: SvintusState, user: int) -> str:
    """What a player's hand keyboard is drawn from; a press must match it."""
    hand = tuple(sorted(state.hands.get(user, ())))
    acts = tuple(action_code(a) for a in hand_actions(state, user))
    table = (state.pile[-1], state.color) if sees_table(state, user) else None
    return tag_of(state.round, state.phase, hand, table, state.silence is not None, acts)


def hand(t: Translator, lang: str, session: Session, user: int, chat_title: str) -> Rendered:
    s = session.state
    assert s is not None
    lines = [t(lang, "hand-title", chat=html.escape(chat_title))]
    if user not in s.hands:
        lines.append(t(lang, "hand-not-seated"))
        return Rendered("\n".join(lines), None)
    if s.phase == "match_over":
        winner = s.match_winner
        lines.append(
            t(lang, "hand-match-over", player=name(session, winner))
            if winner is not None
            else t(lang, "board-game-over")
        )
        return Rendered("\n".join(lines), None)
    top = s.pile[-1]
    sees = sees_table(s, user)
    if sees:
        top_line = t(lang, "board-top", card=card_label(t, lang, top))
        if s.color is not None and CARDS[top].kind is Kind.POLYPIG:
            top_line += " " + t(lang, "board-named-color", color=color_name(t, lang, s.color))
        lines.append(top_line)
    acts = hand_actions(s, user)
    playable = {a.card for a in acts if isinstance(a, Play)}
    if s.phase == "round_over":
        lines.append(t(lang, "hand-round-over"))
    elif s.race is not None:
        lines.append(t(lang, "hand-race" if any(isinstance(a, Slap) for a in acts) else "hand-race-done"))
    elif s.attack is not None and s.attack.target == user:
        key = "hand-grab-on-you" if s.attack.kind == "grab" else "hand-snore-on-you"
        lines.append(t(lang, key, count=s.attack.count))
    elif s.current == user:
        if s.awaiting_color:
            lines.append(t(lang, "hand-choose-color"))
        elif s.drawn:
            lines.append(t(lang, "hand-drawn"))
        else:
            lines.append(t(lang, "hand-your-turn"))
    else:
        lines.append(t(lang, "hand-waiting"))
    if s.silence is not None:
        lines.append(t(lang, "hand-silence"))
    lines.append(t(lang, "hand-cards", count=len(s.hands[user])))

    tag = hand_tag(s, user)

    def b(label: str, code: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(
            label, callback_data=encode("h", session.chat_id, session.game_id, tag, code)
        )

    rows: list[list[InlineKeyboardButton]] = []
    if s.phase == "playing":
        cards = sorted(s.hands[user], key=sort_key)
        copies: dict[tuple[Any, ...], int] = {}
        if len(cards) > GROUP_FACES_ABOVE:
            faces: dict[tuple[Any, ...], int] = {}
            for card in cards:
                face = CARDS[card][1:]
                copies[face] = copies.get(face, 0) + 1
                if face not in faces or card in playable:
                    faces[face] = card
            cards = sorted(faces.values(), key=sort_key)
        row: list[InlineKeyboardButton] = []
        for card in cards:
            label = card_label(t, lang, card)
            if copies.get(CARDS[card][1:], 1) > 1:
                label += f" ×{copies[CARDS[card][1:]]}"
            if card in playable:
                label = "✅ " + label
            # a waiting player's other cards name no top card: pressing one tries
            # to intercept whatever is on top at that moment
            row.append(b(label, f"p{card}.{top}" if sees or card in playable else f"p{card}"))
            if len(row) == CARDS_PER_ROW:
                rows.append(row)
                row = []
        if row:
            rows.append(row)
        extra: list[InlineKeyboardButton] = []
        colours: list[InlineKeyboardButton] = []
        for a in acts:
            if isinstance(a, Draw):
                extra.append(b(t(lang, "button-draw"), "d"))
            elif isinstance(a, Pass):
                extra.append(b(t(lang, "button-pass"), "s"))
            elif isinstance(a, Accept):
                attack = s.attack
                key = (
                    "button-accept-grab"
                    if attack is not None and attack.kind == "grab"
                    else "button-accept-snore"
                )
                extra.append(b(t(lang, key, count=attack.count if attack else 0), "a"))
            elif isinstance(a, Declare):
                extra.append(b(t(lang, "button-svintus"), "v"))
            elif isinstance(a, Slap):
                rows.insert(0, [b(t(lang, "button-slap"), "h")])
            elif isinstance(a, ChooseColor):
                emoji = t(lang, f"svintus-emoji-{a.color.value}")
                colours.append(b(f"{emoji} {color_name(t, lang, a.color)}", action_code(a)))
        if colours:
            rows.append(colours[:2])
            rows.append(colours[2:])
        if extra:
            rows.append(extra)
    return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None)
