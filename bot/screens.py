"""What every game's screens share, drawn around the adapter's own part:
the lobby and its seats, the game picker, the board's log of announcements,
a prompt's question and buttons, the notes only one player is told.

Prompt buttons (``!`` codes) name the prompt and a value, so a press on an
old prompt is recognised and two quick taps on one keyboard both count:

- ``!<prompt>:<value>`` answers a prompt that wants one option;
- ``!<prompt>+<value>`` / ``!<prompt>-<value>`` choose / un-choose an option of
  a prompt that wants several (kept in the session's draft until ``!<prompt>.ok``);
- ``!<prompt>.ok`` sends the draft, ``!<prompt>.skip`` answers with nothing,
  ``!<prompt>.x`` backs out;
- ``!<prompt>.p<n>`` turns the keyboard of a prompt with more options than fit
  on one to its page ``n`` (◀ ▶): every option of every prompt can be reached.
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot import games
from bot.adapter import AnyAdapter, Ctx, Rendered, Rows, plain
from bot.callbacks import BadCallback, encode, tag_of
from bot.i18n import Translator
from bot.session import Draft, Session
from engine.core import Event, Prompt, PromptValue, View, Wait


@dataclass
class Seen:
    """What one player (None: the public) sees of a game now: the view, their legal
    moves, and whom the game waits on — all a screen is drawn from."""

    view: View
    legal: Sequence[Any]
    waits: list[Wait]


def seen(adapter: AnyAdapter, state: Any, player: int | None) -> Seen:
    game = adapter.game
    legal = game.legal(state, player) if player is not None else []
    return Seen(game.view(state, player), legal, game.waiting(state))


def draw_board(t: Translator, lang: str, session: Session, bot_username: str) -> Rendered:
    """The group's message: the lobby, the board, or what a /stop left."""
    adapter = games.get(session.game)
    ctx = ctx_for(t, lang, session, bot_username)
    if session.state is None:
        if session.status == "over":
            return stopped_board(ctx, session)
        return lobby(ctx, session, adapter)
    public = seen(adapter, session.state, None)
    return board(ctx, session, adapter, public.view, public.waits)


def draw_hand(t: Translator, lang: str, session: Session, player: int, bot_username: str = "") -> Rendered:
    """A player's private message (the game must have started)."""
    adapter = games.get(session.game)
    mine = seen(adapter, session.state, player)
    tag = keyboard_tag(adapter, mine.legal)
    ctx = ctx_for(t, lang, session, bot_username, tag, selection_of(session, player, tag))
    return hand(ctx, session, adapter, player, mine.view, mine.legal, mine.waits)


def keyboard_tag(adapter: AnyAdapter, legal: Sequence[Any]) -> str:
    """What a hand's keyboard offers that a press of it must still mean: the codes
    of its player's legal actions that are not evident (``PlayerAction.evident``).
    A press of such an action carries the tag of the keyboard it was pressed
    on, and counts only if the tag is still this one; a selection (``Select``)
    holds as long as it is."""
    encode = adapter.game.encode
    return tag_of(tuple(encode(a) for a in plain(legal) if not a.evident()))


PER_ROW = 3
# Telegram shows about 100 buttons at most; past this many options,
# interchangeable ones (identical cards) share a button.
GROUP_OPTIONS_ABOVE = 60
# a prompt's buttons a page (◀ ▶ turn the pages of a longer one)
PAGE = 30


def names(session: Session) -> dict[int, str]:
    return {m.id: html.escape(m.name) for m in session.members}


def ctx_for(
    t: Translator, lang: str, session: Session, bot_username: str, tag: str = "-", selected: str = ""
) -> Ctx:
    return Ctx(
        t=t,
        lang=lang,
        chat_id=session.chat_id,
        game_id=session.game_id,
        title=html.escape(session.title),
        bot_username=bot_username,
        names=names(session),
        tag=tag,
        selected=selected,
        encode=games.get(session.game).game.encode,
    )


def selection_of(session: Session, player: int, tag: str) -> str:
    """What ``player`` selected on the keyboard ``tag`` ("" if nothing, or if they
    selected it on a keyboard that has changed since)."""
    selection = session.selected.get(player)
    return selection.value if selection is not None and selection.tag == tag else ""


def game_title(t: Translator, lang: str, game: str) -> str:
    return t(lang, "game-title", emoji=t(lang, f"{game}-emoji"), name=t(lang, f"{game}-name"))


def game_label(t: Translator, lang: str, game: str) -> str:
    """The game's name on a button (no markup)."""
    return t(lang, "game-label", emoji=t(lang, f"{game}-emoji"), name=t(lang, f"{game}-name"))


def in_rows(buttons: Sequence[InlineKeyboardButton], per_row: int = PER_ROW) -> Rows:
    return [list(buttons[i : i + per_row]) for i in range(0, len(buttons), per_row)]


# --- /new: the game picker ------------------------------------------------------------------


def picker(t: Translator, lang: str, chat_id: int, games: Sequence[str]) -> Rendered:
    lines = [t(lang, "picker-title"), ""]
    lines += [t(lang, "picker-game", game=game_title(t, lang, g), about=t(lang, f"{g}-about")) for g in games]
    buttons = [
        InlineKeyboardButton(game_label(t, lang, g), callback_data=encode("n", chat_id, "-", "-", g))
        for g in games
    ]
    return Rendered("\n".join(lines), InlineKeyboardMarkup(in_rows(buttons, 2)))


# --- the lobby ----------------------------------------------------------------------------------


def lobby(ctx: Ctx, session: Session, adapter: AnyAdapter) -> Rendered:
    game = adapter.game
    options = game.options(session.options)
    lines = [ctx("lobby-title", game=game_title(ctx.t, ctx.lang, adapter.name)), ""]
    lines.append(ctx("lobby-players", count=len(session.members), max=game.max_players))
    lines += [ctx("lobby-member", n=i, player=html.escape(m.name)) for i, m in enumerate(session.members, 1)]
    more = adapter.lobby_lines(ctx, options)
    if more:
        lines += ["", *more]
    for m in session.unreachable:
        link = f"https://t.me/{ctx.bot_username}?start=join_{session.chat_id}"
        lines += ["", ctx("lobby-unreachable", player=html.escape(m.name), link=link)]
    lines += ["", ctx("lobby-hint", min=game.min_players, max=game.max_players)]

    def b(label: str, code: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(label, callback_data=encode("l", ctx.chat_id, ctx.game_id, "-", code))

    rows: Rows = [[b(ctx("button-join"), "j"), b(ctx("button-leave"), "x")]]
    shown = [c for c in adapter.choices if c.shown(options)]
    rows += in_rows([b(c.label(ctx, getattr(options, c.field)), "o" + c.code) for c in shown], 2)
    rows.append([b(ctx("button-start"), "g")])
    return Rendered("\n".join(lines), InlineKeyboardMarkup(rows))


# --- the board ------------------------------------------------------------------------------------


def board(ctx: Ctx, session: Session, adapter: AnyAdapter, view: View, waits: Sequence[Wait]) -> Rendered:
    drawn = adapter.board(ctx, view, waits)
    text = drawn.text
    rows: Rows = [list(r) for r in drawn.markup.inline_keyboard] if drawn.markup is not None else []
    if session.log:
        lines = [ctx("board-log-line", text=adapter.event_text(ctx, e)) for e in session.log]
        text += "\n\n" + ctx("board-log") + "\n" + "\n".join(lines)
    if session.stopped_by is not None:
        text += "\n\n" + ctx("board-stopped", player=html.escape(session.stopped_by.name))
        rows = []
    elif session.status != "over" and ctx.bot_username:
        rows.append([InlineKeyboardButton(ctx("button-my-cards"), url=f"https://t.me/{ctx.bot_username}")])
    return Rendered(text, InlineKeyboardMarkup(rows) if rows else None)


def waiting_line(ctx: Ctx, wait: Wait) -> str:
    """ "Whose move" and "waiting for X", the same for every game: the player to move,
    one player's reaction window, everyone still to press, setup choices."""
    players = ", ".join(ctx.name(p) for p in wait.players)
    return ctx(f"board-wait-{wait.kind}", players=players, count=len(wait.players))


def stopped_board(ctx: Ctx, session: Session) -> Rendered:
    """A lobby closed by /stop before its game began."""
    who = session.stopped_by.name if session.stopped_by is not None else session.name(session.creator)
    return Rendered(ctx("board-stopped", player=html.escape(who)), None)


# --- a hand ----------------------------------------------------------------------------------------


def urgent(player: int, waits: Sequence[Wait]) -> bool:
    """Whether ``player`` must act now: their hand goes ahead of those that only wait."""
    return any(player in w.players for w in waits)


def hand(
    ctx: Ctx,
    session: Session,
    adapter: AnyAdapter,
    player: int,
    view: View,
    legal: Sequence[Any],
    waits: Sequence[Wait],
) -> Rendered:
    drawn = adapter.hand(ctx, view, legal, waits)
    text = drawn.text
    rows: Rows = [list(r) for r in drawn.markup.inline_keyboard] if drawn.markup is not None else []
    prompt = view.prompt
    if prompt is not None and session.stopped_by is None:
        draft = draft_of(session, player, prompt)
        text += "\n" + question(ctx, adapter, prompt, draft)
        rows += prompt_rows(ctx, adapter, view, prompt, draft)
    notes = session.private.get(player)
    if notes:
        lines = [ctx("board-log-line", text=adapter.event_text(ctx, e)) for e in notes]
        text += "\n\n" + ctx("hand-private") + "\n" + "\n".join(lines)
    if session.stopped_by is not None:
        text += "\n\n" + ctx("board-stopped", player=html.escape(session.stopped_by.name))
        rows = []
    held = drawn.hold and session.stopped_by is None
    return Rendered(text, InlineKeyboardMarkup(rows) if rows else None, urgent(player, waits), held)


# --- prompts ----------------------------------------------------------------------------------------


def draft_of(session: Session, player: int, prompt: Prompt) -> Draft:
    """The player's choices so far on ``prompt`` (none if the draft is of an older one)."""
    draft = session.drafts.get(player)
    if draft is None or draft.prompt != prompt.id:
        return Draft(prompt=prompt.id)
    return draft


def question(ctx: Ctx, adapter: AnyAdapter, prompt: Prompt, draft: Draft) -> str:
    args = adapter.event_args(ctx, Event(key=prompt.key, args=prompt.args))
    text = ctx(prompt.key, **args)
    if prompt.max > 1:
        text += " " + ctx("prompt-chosen-count", count=len(draft.picks))
    return text


def value_code(value: PromptValue) -> str:
    return str(value)


def parse_value(text: str, prompt: Prompt) -> PromptValue:
    """The option a code names, as the prompt holds it (an int or a string)."""
    for option in prompt.options:
        if value_code(option) == text:
            return option
    raise BadCallback(text)


@dataclass(frozen=True)
class PromptPress:
    prompt: int
    op: str  # ":" answer with one, "+" choose, "-" un-choose, "ok", "skip", "x", "page"
    value: str = ""


def parse_press(code: str) -> PromptPress:
    """``!…`` codes (see the module's docstring)."""
    body = code[1:]
    for op in (":", "+", "-"):
        head, sep, tail = body.partition(op)
        if sep and head.isdigit():
            return PromptPress(int(head), op, tail)
    head, sep, tail = body.partition(".")
    if sep and head.isdigit() and tail in ("ok", "skip", "x"):
        return PromptPress(int(head), tail)
    if sep and head.isdigit() and tail[:1] == "p" and tail[1:].isdigit() and len(tail) < 6:
        return PromptPress(int(head), "page", tail[1:])
    raise BadCallback(code)


def prompt_rows(ctx: Ctx, adapter: AnyAdapter, view: View, prompt: Prompt, draft: Draft) -> Rows:
    def b(label: str, code: str) -> InlineKeyboardButton:
        return ctx.button(label, f"!{prompt.id}{code}", tagged=False)

    chosen = set(draft.picks)
    multi = prompt.max > 1
    groups: dict[Hashable, list[PromptValue]] = {}
    many = len(prompt.options) > GROUP_OPTIONS_ABOVE
    for option in prompt.options:
        key = adapter.option_group(view, prompt, option) if many else ("one", option)
        groups.setdefault(key, []).append(option)
    buttons = []
    for same in groups.values():
        label = adapter.option_label(ctx, view, prompt, same[0])
        if len(same) > 1:
            label = ctx("prompt-copies", label=label, count=len(same))
        if not multi:
            buttons.append(b(label, ":" + value_code(same[0])))
            continue
        picked = [o for o in same if o in chosen]
        free = [o for o in same if o not in chosen]
        if picked:
            label = ctx("prompt-option-chosen", label=label, count=len(picked), many=len(same) > 1)
        elif len(chosen) < prompt.max:
            label = ctx("prompt-option-open", label=label)
        if free and len(chosen) < prompt.max:
            buttons.append(b(label, "+" + value_code(free[0])))
        elif picked:
            buttons.append(b(label, "-" + value_code(picked[-1])))
        else:
            buttons.append(b(label, "+" + value_code(same[0])))
    per_row = 2 if prompt.kind in ("player", "choice") else PER_ROW
    pages = max(1, -(-len(buttons) // PAGE))
    page = min(draft.page, pages - 1)
    rows = in_rows(buttons[page * PAGE : (page + 1) * PAGE], per_row)
    if pages > 1:
        turn = [b(ctx("button-page-back"), f".p{page - 1}")] if page > 0 else []
        turn.append(b(ctx("prompt-page", page=page + 1, pages=pages), f".p{page}"))
        if page + 1 < pages:
            turn.append(b(ctx("button-page-next"), f".p{page + 1}"))
        rows.append(turn)
    extra = []
    if multi and chosen and prompt.min <= len(chosen) < prompt.max:
        extra.append(b(ctx("button-done"), ".ok"))
    if prompt.min == 0 and not chosen:
        extra.append(b(ctx(prompt.skip_key) if prompt.skip_key else ctx("button-skip"), ".skip"))
    if prompt.cancel:
        extra.append(b(ctx("button-back"), ".x"))
    if extra:
        rows.append(extra)
    return rows
