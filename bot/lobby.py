"""The lobby: ``/new``, the seats, the table's options, the start — as decisions.

Each function here decides one change of a chat's session (``bot.transaction``): it
takes the session as it is in Redis, under the chat's lock, and returns what
to save, the answer, and what follows (``After``: the board redrawn, the
player told in private that they are seated).  Nothing here does I/O; the
referee runs each in a transaction and does what follows once it is saved.
A player the bot cannot write to is seated only after they open the private
chat (``join_from_link``).
"""

from __future__ import annotations

import secrets
from typing import Any

from bot import computers, games, kit, play, screens, sizing
from bot.adapter import Cycle, LobbyOption, Number, Toggles
from bot.buttons import Seats, Setting
from bot.context import House
from bot.session import ChatSettings, Member, Session
from bot.transaction import After, Change, Reply, Welcome
from engine.core import Event, RuleError

REPLACE = ("needed", "always", "never")  # a leaver's seat taken by a computer player
MAX_UNREACHABLE = 50  # who pressed «Join» before opening the bot: the lobby keeps the latest
_HINT, _LEAST = object(), object()  # a press that changes nothing: why


def _next(values: tuple[Any, ...], current: Any) -> Any:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


def _answer(house: House, lang: str, key: str, **args: Any) -> Change:
    return Change(reply=Reply(house.say(lang, key, **args)))


def _board(session: Session, reply: Reply | None = None) -> Change:
    """Saved, and the lobby redrawn."""
    return Change(session=session, reply=reply or Reply(), after=After(redraw="board"))


# --- /new, «Play again» ----------------------------------------------------------------------


def open_table(
    house: House,
    session: Session | None,
    settings: ChatSettings,
    chat_id: int,
    title: str,
    creator: Member,
    game: str,
    thread: int | None,
) -> Change:
    """``game``'s lobby in the chat (in the forum topic ``thread``, where every message
    of the game then goes), unless a game is open there."""
    if session is not None and session.status != "over":
        return _answer(house, house.lang(settings, creator.lang), "cmd-game-exists")
    options = games.get(game).game.options().model_dump(mode="json")
    return _lobby(
        thread,
        chat_id=chat_id,
        creator=creator.id,
        lang=creator.lang,  # the group's language until the chat chooses one
        game=game,
        title=title,
        options=options,
    )


def rematch(
    house: House,
    session: Session | None,
    settings: ChatSettings,
    title: str,
    user: Member,
    game_id: str,
    thread: int | None,
) -> Change:
    """«Play again» on a finished game's board: a new lobby of the same game with the
    same options; its players are named and join with one tap."""
    if session is None or session.game_id != game_id or session.status != "over":
        return _answer(house, house.lang(settings, user.lang), "answer-rematch-gone")
    if session.game not in games.offered():  # the operator has turned that game off since
        return _answer(house, house.lang(settings, user.lang), "answer-rematch-off")
    return _lobby(
        thread,
        chat_id=session.chat_id,
        creator=user.id,
        lang=session.lang,  # the game's language, not the presser's
        game=session.game,
        title=title or session.title,
        options=dict(session.options),
        hints=session.hints,
        members=session.computer_seats,  # computers stay seated
        again=[m for m in session.members if m.level is None],
    )


def _lobby(thread: int | None, **fields: Any) -> Change:
    """A new lobby of ``fields`` (a game id of its own, in the forum topic ``thread``),
    posted as a new board."""
    new = Session(game_id=secrets.token_hex(3), thread_id=thread, **fields)
    return Change(session=new, status_changed=True, after=After(redraw="board", new_board=True))


# --- a press in the lobby --------------------------------------------------------------------


def press(
    house: House,
    session: Session | None,
    settings: ChatSettings,
    game_id: str,
    body: Seats | Setting,
    user: Member,
    started: bool,
    now: int,
) -> Change:
    """A lobby button pressed by ``user`` (``started``: the bot may write to them)."""
    lang = house.lang(settings, user.lang)
    if session is None or session.game_id != game_id:
        return _answer(house, lang, "answer-old-game")
    if session.status != "lobby":
        return _answer(house, lang, "answer-already-started")
    if body == Seats("j"):
        return join(house, session, lang, user, started)
    if body == Seats("x"):
        return leave(house, session, lang, user)
    if user.id != session.creator:
        return _answer(house, lang, "answer-creator-only")
    if isinstance(body, Setting):
        return _option(house, session, lang, body)
    if body.op == "g":
        return start(house, session, lang, now)
    if body.op == "r":
        session.replace = _next(REPLACE, session.replace)
        return _board(session)
    if body.op == "h":  # the table's «💡 Hints», the same for every game
        session.hints = not session.hints
        label = house.say(lang, "button-hints-on" if session.hints else "button-hints-off")
        return _board(session, Reply(house.say(lang, "answer-option-set", option=label)))
    return _computer(house, session, lang, house.group_lang(settings, session), body.arg)


def join(house: House, session: Session, lang: str, user: Member, started: bool) -> Change:
    if session.member(user.id) is not None:
        return _answer(house, lang, "answer-already-joined")
    if len(session.members) >= games.get(session.game).game.max_players:
        return _answer(house, lang, "answer-table-full")
    session.members.append(user)
    in_group = Reply(house.say(lang, "answer-joined-group"))
    if not started:  # never written to first: their cards show in the group, the private chat is offered
        return in_group_only(session, user, in_group)
    session.unreachable = [m for m in session.unreachable if m.id != user.id]
    change = _board(session, Reply(house.say(lang, "answer-joined")))
    chat = sizing.shown(session.title, sizing.TITLE_MAX)
    told = house.say(lang, "dm-joined", chat=chat, game=kit.game_title(house.t, lang, session.game))
    change.after.welcome = Welcome(user, told, in_group)
    return change


def in_group_only(session: Session | None, user: Member, reply: Reply | None = None) -> Change:
    """A player seated whom the bot cannot write to in private (never opened the chat, or
    blocked it since): they play from the group («🃏 My cards»), and the lobby offers
    them the private chat's link."""
    if session is None or session.status != "lobby" or session.member(user.id) is None:
        return Change(reply=reply or Reply())
    if all(m.id != user.id for m in session.unreachable):  # the latest few are named
        session.unreachable = [*session.unreachable, user][-MAX_UNREACHABLE:]
    return _board(session, reply)


def leave(house: House, session: Session, lang: str, user: Member) -> Change:
    """«Leave» in the lobby, or ``/leave`` before the game starts."""
    if session.member(user.id) is None:
        return _answer(house, lang, "answer-not-joined")
    session.members = [m for m in session.members if m.id != user.id]
    session.unreachable = [m for m in session.unreachable if m.id != user.id]
    return _board(session, Reply(house.say(lang, "answer-left")))


def join_from_link(house: House, session: Session | None, settings: ChatSettings, user: Member) -> Change:
    """The user opened the private chat from the lobby's link: seated in one tap."""
    lang = house.lang(settings, user.lang)
    if session is None or session.status != "lobby":
        return _answer(house, lang, "start-no-lobby")
    joined = Reply(house.say(lang, "start-joined", chat=sizing.shown(session.title, sizing.TITLE_MAX)))
    if session.member(user.id) is not None:  # seated from the group: their cards come here too now
        if all(m.id != user.id for m in session.unreachable):
            return Change(reply=joined)
        session.unreachable = [m for m in session.unreachable if m.id != user.id]
        return _board(session, joined)
    if len(session.members) >= games.get(session.game).game.max_players:
        return _answer(house, lang, "answer-table-full")
    session.unreachable = [m for m in session.unreachable if m.id != user.id]
    session.members.append(user)
    return _board(session, joined)


def _computer(house: House, session: Session, lang: str, chat_lang: str, level: str) -> Change:
    """«🤖 +» seats a computer player of that level (named in the chat's language);
    «🤖 −» (``x``) unseats the last one."""
    if level == "x":
        seated = session.computer_seats
        if not seated:
            return _answer(house, lang, "answer-unknown")
        session.members = [m for m in session.members if m is not seated[-1]]
        return _board(session, Reply(house.say(lang, "answer-computer-removed")))
    if level not in computers.LEVELS:
        return _answer(house, lang, "answer-unknown")
    if len(session.members) >= games.get(session.game).game.max_players:
        return _answer(house, lang, "answer-table-full")
    names = [house.say(chat_lang, f"computer-name-{k}") for k in range(1, computers.NAMES + 1)]
    session.members.append(computers.seat(session, level, computers.free_name(session, names)))
    return _board(session, Reply(house.say(lang, "answer-computer-seated")))


# --- the options ------------------------------------------------------------------------------


def _option(house: House, session: Session, lang: str, press: Setting) -> Change:
    """A press on an option's buttons: its new value, checked by the engine, or the
    panel of a Toggles option opened, turned or closed."""
    adapter = games.get(session.game)
    game = adapter.game
    options = game.options(session.options)
    option = next((o for o in adapter.choices if press.code == o.code), None)
    if option is None or not option.shown(options):
        return _answer(house, lang, "answer-unknown")
    if isinstance(option, Toggles) and press.change in ("", "close", "page"):
        page = str(press.n) if press.change == "page" else ""
        session.panel = "" if press.change == "close" else option.code + page
        return _board(session)
    try:
        value = _value(option, options, press)
    except (ValueError, IndexError):
        return _answer(house, lang, "answer-unknown")
    if value is _HINT:
        return _answer(house, lang, "answer-option-number")
    if value is _LEAST:
        return _answer(house, lang, "answer-option-least", count=getattr(option, "least", 1))
    try:
        options = game.options({**session.options, option.field: value})
    except RuleError as e:
        refusal = Event(key=e.key, args=e.params)
        return Change(reply=Reply(adapter.event_text(house.ctx(session, lang), refusal)))
    session.options = options.model_dump(mode="json")
    # said at once: the board is redrawn within the group's budget, seconds later at worst
    return _board(session, Reply(screens.option_set(house.ctx(session, lang), option, options, press.n)))


def _value(option: LobbyOption, options: Any, press: Setting) -> Any:
    """The option's value after ``press`` on it (ValueError: no such press)."""
    current = getattr(options, option.field)
    if isinstance(option, Cycle):
        if press.change:
            raise ValueError(press.change)
        return _next(option.values, current)
    if isinstance(option, Number):
        if press.change == "":
            return _HINT  # the number itself: ➖ and ➕ change it
        if press.change not in ("+", "-"):
            raise ValueError(press.change)
        step = option.step if press.change == "+" else -option.step
        return min(option.high, max(option.low, current + step))
    if press.change != "item":  # a Toggles item: on or off
        raise ValueError(press.change)
    every = list(option.items(options))
    item = every[press.n]
    chosen = option.chosen(options)
    if item in chosen:
        chosen = [i for i in chosen if i != item]
    else:
        chosen = [i for i in every if i in {*chosen, item}]
    if len(chosen) < option.least:
        return _LEAST
    return None if len(chosen) == len(every) else chosen


# --- the start -------------------------------------------------------------------------------


def start(house: House, session: Session, lang: str, now: int) -> Change:
    """«Start»: the game dealt, every screen drawn, the first to act waited on."""
    adapter = games.get(session.game)
    game = adapter.game
    if not game.min_players <= len(session.members) <= game.max_players:
        name = house.say(lang, f"{session.game}-name")
        return _answer(
            house, lang, "answer-need-players", game=name, min=game.min_players, max=game.max_players
        )
    try:
        state, events = game.start(
            [m.id for m in session.members], secrets.randbits(63), game.options(session.options), now
        )
    except RuleError as e:
        refusal = Event(key=e.key, args=e.params)
        return Change(reply=Reply(adapter.event_text(house.ctx(session, lang), refusal)))
    session.status = "playing"
    change = play.record(house, session, state, events, now)  # every screen drawn, the first waited on
    change.status_changed = True
    return change
