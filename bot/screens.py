"""What every game's screens share, drawn around the adapter's own part:
the lobby and its seats, the game picker, the board's log of announcements,
a prompt's question and buttons, the notes only one player is told.

A prompt's buttons (``bot.buttons.Prompt``) name the prompt and a value, so a
press on an old prompt is recognised and two quick taps on one keyboard both
count: one answers a prompt that wants one option; on a prompt that wants
several, each chooses or un-chooses an option (kept in the session's draft
until «Done»); «Skip» answers with nothing, «Back» backs out, and ◀ ▶ turn the
keyboard of a prompt with more options than fit on one to another page (every
option of every prompt can be reached).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot import buttons, games, sizing
from bot.adapter import AnyAdapter, Ctx, LobbyOption, Number, Rows, Toggles
from bot.buttons import Again, NewGame, Pick, Seats, Setting, tag_of
from bot.i18n import Translator
from bot.kit import PER_ROW, game_label, game_title, in_rows, per_row_for
from bot.links import NO_LINKS, Links
from bot.session import Draft, Session
from bot.sizing import Rendered, text_of
from engine.core import Event, Leave, Outcome, Prompt, PromptValue, Sight, View, Wait, coded, plain, sight


def draw_board(
    t: Translator, lang: str, session: Session, bot_username: str, links: Links = NO_LINKS
) -> Rendered:
    """The group's message: the lobby, the board, or what a /stop left (within
    Telegram's limits: ``sizing.guard``)."""
    adapter = games.get(session.game)
    ctx = ctx_for(t, lang, session, bot_username, links=links)
    if session.state is None:
        if session.status == "over":
            return stopped_board(ctx, session)
        return sizing.guard(lambda compact: lobby(replace(ctx, compact=compact), session, adapter), "a lobby")
    public = sight(adapter.game, session.state, None)

    def draw(compact: bool) -> Rendered:
        return board(replace(ctx, compact=compact), session, adapter, public.view, public.waits)

    return sizing.guard(draw, f"the {session.game} board")


def draw_hand(
    t: Translator,
    lang: str,
    session: Session,
    player: int,
    bot_username: str = "",
    links: Links = NO_LINKS,
    on_page: bool = False,
    in_group: bool = False,
) -> Rendered:
    """A player's hand (the game must have started), within Telegram's limits: in their
    private chat, or (``in_group``) in the group for them alone, where the Mini App opens
    by its direct link (a ``web_app`` button is for private chats only); ``on_page``: as
    the Mini App shows it beside the cards it draws (``Ctx.on_page``)."""
    adapter = games.get(session.game)
    member = session.member(player)
    if member is not None and member.level is not None:  # they left; a computer plays the seat
        title, chat = (
            game_title(t, lang, session.game),
            sizing.shown(session.title, sizing.TITLE_MAX),
        )
        return Rendered(t(lang, "hand-taken-over", game=title, chat=chat), None)
    ctx, mine = hand_sight(t, lang, session, player, bot_username, links)

    def draw(compact: bool) -> Rendered:
        drawn = replace(ctx, compact=compact, on_page=on_page)
        return hand(drawn, session, adapter, player, mine.view, mine.legal, mine.waits, in_group)

    return sizing.guard(draw, f"a {session.game} hand")


def hand_sight(
    t: Translator, lang: str, session: Session, player: int, bot_username: str, links: Links = NO_LINKS
) -> tuple[Ctx, Sight]:
    """What ``player``'s hand is drawn with (its keyboard's tag, what they selected
    on it) and from (``engine.core.sight``)."""
    mine = sight(games.get(session.game).game, session.state, player)
    tag = tag_of(mine.aimed)
    ctx = ctx_for(t, lang, session, bot_username, tag, selection_of(session, player, tag), links)
    return replace(ctx, codes={id(a): code for a, code in mine.codes.items()}, coded=mine.codes), mine


def keyboard_tag(adapter: AnyAdapter, legal: Sequence[Any]) -> str:
    """What a hand's keyboard offers that a press of it must still mean: the codes
    of its player's legal actions that are not evident (``PlayerAction.evident``).
    A press of such an action carries the tag of the keyboard it was pressed
    on, and counts only if the tag is still this one; a selection (``Select``)
    holds as long as it is."""
    return tag_of(coded(adapter.game, legal)[1])


LEAVE = buttons.LEAVE.value  # the core's selection on any hand: «Leave» pressed once, to confirm
PANEL_PAGE = 20  # a Toggles panel's items a page
UNREACHABLE_NAMED = 10  # the lobby names this many of those it cannot write to yet
COMPACT_LOG = 2  # the announcements a compact board (a compact hand: notes) still shows
# Telegram shows about 100 buttons at most; past this many options,
# interchangeable ones (identical cards) share a button.
# a prompt's buttons a page (◀ ▶ turn the pages of a longer one)
PAGE = 30


def names(session: Session, mark: str = "") -> dict[int, str]:
    """Each player's name as screens show it (``mark``: before a computer player's)."""
    return {m.id: (mark if m.level is not None else "") + sizing.shown(m.name) for m in session.members}


class Names(Mapping[int, str]):
    """``names`` of ``session`` in ``lang``, made when a name is first asked for (a
    press's answer that names nobody makes none)."""

    def __init__(self, t: Translator, lang: str, session: Session) -> None:
        self._t, self._lang, self._session = t, lang, session
        self._names: dict[int, str] | None = None

    def _made(self) -> dict[int, str]:
        if self._names is None:
            self._names = names(self._session, self._t(self._lang, "computer-mark"))
        return self._names

    def __getitem__(self, player: int) -> str:
        return self._made()[player]

    def __iter__(self) -> Iterator[int]:
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())


def ctx_for(
    t: Translator,
    lang: str,
    session: Session,
    bot_username: str,
    tag: str = "-",
    selected: str = "",
    links: Links = NO_LINKS,
) -> Ctx:
    return Ctx(
        t=t,
        lang=lang,
        chat_id=session.chat_id,
        game_id=session.game_id,
        chat_title=session.title,
        bot_username=bot_username,
        names=Names(t, lang, session),
        tag=tag,
        selected=selected,
        encode=games.get(session.game).game.encode_all,
        links=links,
    )


def selection_of(session: Session, player: int, tag: str) -> str:
    """What ``player`` selected on the keyboard ``tag`` ("" if nothing, or if they
    selected it on a keyboard that has changed since)."""
    selection = session.selected.get(player)
    return selection.value if selection is not None and selection.tag == tag else ""


# --- /new: the game picker ------------------------------------------------------------------


def picker(t: Translator, lang: str, chat_id: int, games: Sequence[str]) -> Rendered:
    lines = [t(lang, "picker-title"), ""]
    lines += [t(lang, "picker-game", game=game_title(t, lang, g), about=t(lang, f"{g}-about")) for g in games]
    keys = [
        InlineKeyboardButton(
            game_label(t, lang, g), callback_data=buttons.data(chat_id, buttons.NO, NewGame(g))
        )
        for g in games
    ]
    return Rendered("\n".join(lines), InlineKeyboardMarkup(in_rows(keys, 2)))


# --- the lobby ----------------------------------------------------------------------------------


def lobby(ctx: Ctx, session: Session, adapter: AnyAdapter) -> Rendered:
    game = adapter.game
    options = game.options(session.options)
    lines = [ctx("lobby-title", game=game_title(ctx.t, ctx.lang, adapter.name)), ""]
    lines.append(ctx("lobby-players", count=len(session.members), max=game.max_players))
    for i, m in enumerate(session.members, 1):
        if m.level is None:
            lines.append(ctx("lobby-member", n=i, player=sizing.shown(m.name)))
        else:
            level = ctx(f"computer-level-{m.level}")
            lines.append(ctx("lobby-member-computer", n=i, player=sizing.shown(m.name), level=level))
    more = adapter.lobby_lines(ctx, options)
    if more:
        lines += ["", *more]
    in_group = [m for m in session.unreachable if session.member(m.id) is not None]
    if in_group:  # seated, and no private chat with the bot: cards in the group, the chat offered
        link = f"https://t.me/{ctx.bot_username}?start=join_{session.chat_id}"
        named = [sizing.shown(m.name) for m in in_group[:UNREACHABLE_NAMED]]
        others = len(in_group) - len(named)
        if others:
            named.append(ctx("lobby-and-more", count=others))
        lines += ["", ctx("lobby-in-group", players=", ".join(named), link=link)]
    waiting = [m for m in session.again if session.member(m.id) is None]
    if waiting:  # a rematch: who played last time and has not joined yet
        lines += ["", ctx("lobby-again", players=", ".join(sizing.shown(m.name) for m in waiting))]
    lines += ["", ctx("lobby-hint", min=game.min_players, max=game.max_players)]

    rows: Rows = [
        [
            _lobby_button(ctx, ctx("button-join"), Seats("j")),
            _lobby_button(ctx, ctx("button-leave"), Seats("x")),
        ]
    ]
    panel = open_panel(session, adapter, options)
    if panel is not None:
        option, page = panel
        lines += ["", ctx("lobby-panel", name=ctx(option.title))]
        rows += panel_rows(ctx, option, options, page)
    else:
        rows += option_rows(ctx, adapter, options)
        seats = [_lobby_button(ctx, ctx(f"button-computer-{lv}"), Seats("c", lv)) for lv in ("easy", "hard")]
        if session.computer_seats:
            seats.append(_lobby_button(ctx, ctx("button-computer-remove"), Seats("c", "x")))
        rows.append(seats)
        rows.append([_lobby_button(ctx, ctx(f"button-replace-{session.replace}"), Seats("r"))])
        hints = "button-hints-on" if session.hints else "button-hints-off"
        rows.append([_lobby_button(ctx, ctx(hints), Seats("h"))])
        rows.append([_lobby_button(ctx, ctx("button-start"), Seats("g"))])
    return Rendered("\n".join(lines), InlineKeyboardMarkup(rows))


def _lobby_button(ctx: Ctx, label: str, body: Seats | Setting) -> InlineKeyboardButton:
    return InlineKeyboardButton(text_of(label), callback_data=buttons.data(ctx.chat_id, ctx.game_id, body))


def option_rows(ctx: Ctx, adapter: AnyAdapter, options: Any) -> Rows:
    """The buttons of the game's options: two a row, a number's ➖ ➕ a row of its own."""
    singles: list[InlineKeyboardButton] = []
    numbers: Rows = []
    for o in adapter.choices:
        if not o.shown(options):
            continue
        if isinstance(o, Number):
            value = getattr(options, o.field)
            numbers.append(
                [
                    _lobby_button(ctx, ctx("button-number-less"), Setting(o.code, "-")),
                    _lobby_button(ctx, o.label(ctx, value), Setting(o.code)),
                    _lobby_button(ctx, ctx("button-number-more"), Setting(o.code, "+")),
                ]
            )
        elif isinstance(o, Toggles):
            chosen, every = o.chosen(options), o.items(options)
            label = ctx("button-toggles", name=ctx(o.title), count=len(chosen), total=len(every))
            singles.append(_lobby_button(ctx, label, Setting(o.code)))
        else:
            singles.append(_lobby_button(ctx, o.label(ctx, getattr(options, o.field)), Setting(o.code)))
    return in_rows(singles, 2) + numbers


def option_set(ctx: Ctx, option: LobbyOption, options: Any, item: int = 0) -> str:
    """What a press on ``option`` made of it, as its button now reads (a Toggles
    option: its ``item``, on or off): the press's answer, before the board is redrawn."""
    if isinstance(option, Toggles):
        label = option.items(options)[item]
        on = label in option.chosen(options)
        set_to = ctx("button-toggle-on" if on else "button-toggle-off", label=option.label(ctx, label))
    else:
        set_to = option.label(ctx, getattr(options, option.field))
    return ctx("answer-option-set", option=set_to)


def open_panel(session: Session, adapter: AnyAdapter, options: Any) -> tuple[Toggles, int] | None:
    """The Toggles option whose panel the lobby shows, and its page (None: none)."""
    if not session.panel:
        return None
    found = next((o for o in adapter.choices if o.code == session.panel[0]), None)
    if not isinstance(found, Toggles) or not found.shown(options):
        return None
    page = session.panel[1:]
    return found, int(page) if page.isdigit() else 0


def panel_rows(ctx: Ctx, option: Toggles, options: Any, page: int) -> Rows:
    """A Toggles option's items, each ✅ or ⬜ (a press turns it), ◀ ▶, and back."""
    every = list(option.items(options))
    chosen = set(option.chosen(options))
    pages = max(1, -(-len(every) // PANEL_PAGE))
    page = min(max(page, 0), pages - 1)
    shown = range(page * PANEL_PAGE, min(len(every), (page + 1) * PANEL_PAGE))
    keys = [
        _lobby_button(
            ctx,
            ctx(
                "button-toggle-on" if every[i] in chosen else "button-toggle-off",
                label=option.label(ctx, every[i]),
            ),
            Setting(option.code, "item", i),
        )
        for i in shown
    ]
    rows = in_rows(keys, 2)
    turn = []
    if page > 0:
        turn.append(_lobby_button(ctx, ctx("button-page-back"), Setting(option.code, "page", page - 1)))
    if page + 1 < pages:
        turn.append(_lobby_button(ctx, ctx("button-page-next"), Setting(option.code, "page", page + 1)))
    if turn:
        rows.append(turn)
    rows.append([_lobby_button(ctx, ctx("button-toggles-done"), Setting(option.code, "close"))])
    return rows


# --- the board ------------------------------------------------------------------------------------


def board(ctx: Ctx, session: Session, adapter: AnyAdapter, view: View, waits: Sequence[Wait]) -> Rendered:
    drawn = adapter.board(ctx, view, waits)
    text = drawn.text
    rows: Rows = [list(r) for r in drawn.markup.inline_keyboard] if drawn.markup is not None else []
    log = session.log[-COMPACT_LOG:] if ctx.compact else session.log
    if log:
        lines = [ctx("board-log-line", text=adapter.event_text(ctx, e)) for e in log]
        text += "\n\n" + ctx("board-log") + "\n" + "\n".join(lines)
    if session.stopped_by is not None:
        text += "\n\n" + ctx("board-stopped", player=sizing.shown(session.stopped_by.name))
        rows = []
    elif session.status == "over":  # a rematch: the same game, options and players
        rows += [list(r) for r in again_markup(ctx).inline_keyboard]
    else:  # the presser's hand, here, for them alone (an ephemeral message: ``Sender.show_hand``)
        row = [ctx.button(ctx("button-my-cards"), buttons.Mine(), tagged=False)]
        if ctx.bot_username and ctx.links.short_name:  # the Mini App, from the group (@BotFather's)
            link = ctx.links.direct(ctx.bot_username, ctx.chat_id)
            row.append(InlineKeyboardButton(ctx("button-open-cards"), url=link))
        rows.append(row)
    return Rendered(text, InlineKeyboardMarkup(rows) if rows else None)


def again_markup(ctx: Ctx) -> InlineKeyboardMarkup:
    """«Play again»: a new lobby with the same game, options and players."""
    again = buttons.data(ctx.chat_id, ctx.game_id, Again())
    return InlineKeyboardMarkup([[InlineKeyboardButton(ctx("button-play-again"), callback_data=again)]])


def result(ctx: Ctx, session: Session, outcome: Outcome) -> str:
    """The group's message at the end of a game: who won, and the ranking."""
    game = game_title(ctx.t, ctx.lang, session.game)
    if outcome.winners:
        players = ", ".join(ctx.name(p) for p in outcome.winners)
        text = ctx("final-winners", game=game, players=players, count=len(outcome.winners))
    else:
        text = ctx("final-no-winner", game=game)
    return text + ranking(ctx, session, outcome) + hints_used(ctx, session)


def hints_used(ctx: Ctx, session: Session) -> str:
    """Who used the coach's hints this game, and how many (nothing when nobody did)."""
    used = [(p, n) for p, n in session.hints_used.items() if n > 0 and session.member(p) is not None]
    if not used:
        return ""
    return "\n\n" + "\n".join(ctx("final-hints", player=ctx.name(p), count=n) for p, n in used)


def ranking(ctx: Ctx, session: Session, outcome: Outcome) -> str:
    """A finished game's players, the best first, with their final score in the
    game's own words; those who left before the end are not ranked."""
    scores = {p: n for p, n in outcome.scores.items() if session.member(p) is not None}
    if not scores:
        return ""
    lines = []
    place, last = 0, None
    for i, (p, n) in enumerate(sorted(scores.items(), key=lambda x: -x[1]), start=1):
        if n != last:
            place, last = i, n
        won = str(p in outcome.winners).lower()
        if outcome.scored:
            score = ctx(f"{session.game}-final-score", score=n)
            lines.append(ctx("final-rank", place=place, player=ctx.name(p), score=score, won=won))
        else:
            lines.append(ctx("final-rank-place", place=place, player=ctx.name(p), won=won))
    return "\n\n" + "\n".join(lines)


def stopped_board(ctx: Ctx, session: Session) -> Rendered:
    """A lobby closed by /stop before its game began."""
    who = session.stopped_by.name if session.stopped_by is not None else session.name(session.creator)
    return Rendered(ctx("board-stopped", player=sizing.shown(who)), None)


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
    in_group: bool = False,
) -> Rendered:
    drawn = adapter.hand(ctx, view, legal, waits)
    text = drawn.text
    rows: Rows = [list(r) for r in drawn.markup.inline_keyboard] if drawn.markup is not None else []
    prompt = view.prompt
    if prompt is not None and not halted(session):
        draft = draft_of(session, player, prompt)
        text += "\n" + question(ctx, adapter, view, prompt, draft)
        rows += prompt_rows(ctx, adapter, view, prompt, draft)
    if not drawn.hold and hint_offered(session, player, view, legal, waits):
        rows.append([ctx.button(ctx("button-hint"), buttons.Hint(player))])
    leave = _leave(session, player, legal) if not drawn.hold else None  # a countdown: no buttons
    if leave is not None:
        if ctx.selected == LEAVE:  # the second tap of «Leave»: are you sure?
            text += "\n\n" + ctx("hand-leave-sure")
            sure = ctx.act(ctx("button-leave-yes"), leave, style="danger")
            rows = [[sure], [ctx.select(ctx("button-back"))]]
        else:
            rows.append([ctx.select(ctx("button-leave-game"), LEAVE)])
    notes = session.private.get(player)
    if notes and ctx.compact:
        notes = notes[-COMPACT_LOG:]
    if notes:
        lines = [ctx("board-log-line", text=adapter.event_text(ctx, e)) for e in notes]
        text += "\n\n" + ctx("hand-private") + "\n" + "\n".join(lines)
    if session.stopped_by is not None:
        text += "\n\n" + ctx("board-stopped", player=sizing.shown(session.stopped_by.name))
        rows = []
    elif session.removed:
        text += "\n\n" + ctx("hand-bot-removed", chat=ctx.title)
        rows = []
    elif session.status == "playing" and not drawn.hold:
        rows += _cards_app(ctx, in_group)
    held = drawn.hold and not halted(session)
    return Rendered(text, InlineKeyboardMarkup(rows) if rows else None, urgent(player, waits), held)


def hint_offered(
    session: Session, player: int, view: View, legal: Sequence[Any], waits: Sequence[Wait]
) -> bool:
    """Whether ``player``'s hand offers «💡 Hint»: the table's hints are on, the game
    runs, the seat is a person's, and the game waits on them for something besides
    walking out (their turn, a prompt, a reaction)."""
    if not session.hints or session.status != "playing" or halted(session):
        return False
    member = session.member(player)
    if member is None or member.level is not None or not urgent(player, waits):
        return False
    return view.prompt is not None or any(not isinstance(a, Leave) for a in plain(legal))


def _cards_app(ctx: Ctx, in_group: bool) -> Rows:
    """The Mini App's button on a hand: a ``web_app`` one in private, the direct link in a
    group (where the operator registered one with @BotFather); none without the app."""
    if not ctx.links.url:
        return []
    if not in_group:
        return [
            [InlineKeyboardButton(ctx("button-open-cards"), web_app=WebAppInfo(ctx.links.hand(ctx.chat_id)))]
        ]
    if ctx.links.short_name and ctx.bot_username:
        return [
            [
                InlineKeyboardButton(
                    ctx("button-open-cards"), url=ctx.links.direct(ctx.bot_username, ctx.chat_id)
                )
            ]
        ]
    return []


def halted(session: Session) -> bool:
    """The game was ended before its end: by /stop, or by the group removing the bot."""
    return session.stopped_by is not None or session.removed


def _leave(session: Session, player: int, legal: Sequence[Any]) -> Leave | None:
    """The player's «Leave» while their game goes on (every engine has one)."""
    if halted(session) or session.status == "over":
        return None
    return next((a for a in plain(legal) if isinstance(a, Leave) and a.player == player), None)


# --- prompts ----------------------------------------------------------------------------------------


def draft_of(session: Session, player: int, prompt: Prompt) -> Draft:
    """The player's choices so far on ``prompt`` (none if the draft is of an older one)."""
    draft = session.drafts.get(player)
    if draft is None or draft.prompt != prompt.id:
        return Draft(prompt=prompt.id)
    return draft


def question(ctx: Ctx, adapter: AnyAdapter, view: View, prompt: Prompt, draft: Draft) -> str:
    """The prompt's question, how many are chosen, and for an ordered one the
    order so far (the first picked first)."""
    args = adapter.event_args(ctx, Event(key=prompt.key, args=prompt.args))
    text = ctx(prompt.key, **args)
    if prompt.max > 1:
        text += " " + ctx("prompt-chosen-count", count=len(draft.picks))
    if prompt.ordered and draft.picks:
        order = [
            ctx("prompt-order-item", n=i, label=adapter.option_label(ctx, view, prompt, v))
            for i, v in enumerate(draft.picks, 1)
        ]
        text += "\n" + ctx("prompt-order-so-far", order=", ".join(order))
    return text


def prompt_rows(ctx: Ctx, adapter: AnyAdapter, view: View, prompt: Prompt, draft: Draft) -> Rows:
    def b(label: str, op: buttons.PickOp, value: PromptValue | None = None) -> InlineKeyboardButton:
        return ctx.button(label, Pick(prompt.id, op, value), tagged=False)

    chosen = set(draft.picks)
    multi = prompt.max > 1
    # interchangeable options (copies of a card) share one button, «×N": they
    # would read the same anyway; cards in the order of their names
    groups: dict[Hashable, list[PromptValue]] = {}
    for option in prompt.options:
        groups.setdefault(adapter.option_group(view, prompt, option), []).append(option)
    labelled = [(adapter.option_label(ctx, view, prompt, same[0]), same) for same in groups.values()]
    if prompt.kind == "card":
        labelled.sort(key=lambda x: x[0].casefold())
    keys = []
    for label, same in labelled:
        if len(same) > 1:
            label = ctx("prompt-copies", label=label, count=len(same))
        if not multi:
            keys.append(b(label, ":", same[0]))
            continue
        picked = [o for o in same if o in chosen]
        free = [o for o in same if o not in chosen]
        if picked and prompt.ordered:  # its place in the order: ✔️1, ✔️2…
            label = ctx("prompt-option-ordered", label=label, n=draft.picks.index(picked[0]) + 1)
        elif picked:
            label = ctx("prompt-option-chosen", label=label, count=len(picked), many=len(same) > 1)
        elif len(chosen) < prompt.max:
            label = ctx("prompt-option-open", label=label)
        if free and len(chosen) < prompt.max:
            keys.append(b(label, "+", free[0]))
        elif picked:
            keys.append(b(label, "-", picked[-1]))
        else:
            keys.append(b(label, "+", same[0]))
    # two a row for players and choices; fewer for long labels (a phone cuts a
    # label wider than its share of a row: a third, or half)
    most = 2 if prompt.kind in ("player", "choice") else PER_ROW
    per_row = per_row_for([label for label, _ in labelled], most)
    pages = max(1, -(-len(keys) // PAGE))
    page = min(draft.page, pages - 1)
    rows = in_rows(keys[page * PAGE : (page + 1) * PAGE], per_row)
    if pages > 1:
        turn = [b(ctx("button-page-back"), "p", page - 1)] if page > 0 else []
        turn.append(b(ctx("prompt-page", page=page + 1, pages=pages), "p", page))
        if page + 1 < pages:
            turn.append(b(ctx("button-page-next"), "p", page + 1))
        rows.append(turn)
    extra = []
    if multi and chosen and prompt.min <= len(chosen) < prompt.max:
        extra.append(b(ctx("button-done"), "k"))
    if prompt.min == 0 and not chosen:
        extra.append(b(ctx(prompt.skip_key) if prompt.skip_key else ctx("button-skip"), "s"))
    if prompt.cancel:
        extra.append(b(ctx("button-back"), "x"))
    if extra:
        rows.append(extra)
    return rows
