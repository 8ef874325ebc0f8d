"""The lobby: ``/new``, the seats, the table's options, the start.

Every lobby press is one transaction (``bot.table``): a seat is taken, given
up or an option changed on the session as it is in Redis, under the chat's
lock, and only once that is saved is the player told ("you're at the table",
in their private chat, sent once).  A player the bot cannot write to is
seated only after they open the private chat (``join_from_link``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot import computers, fit, games, screens
from bot.adapter import Cycle, LobbyOption, Number, Toggles
from bot.buttons import Pressed, Seats, Setting
from bot.session import ChatSettings, Member, Session
from bot.table import Change, Reply
from engine.core import Event, RuleError

if TYPE_CHECKING:
    from bot.referee import Referee


def _next(values: tuple[Any, ...], current: Any) -> Any:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


REPLACE = ("needed", "always", "never")  # a leaver's seat taken by a computer player
MAX_UNREACHABLE = 50  # who pressed «Join» before opening the bot: the lobby keeps the latest
_HINT, _LEAST = object(), object()  # a press that changes nothing: why


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


class Lobby:
    def __init__(self, ref: Referee) -> None:
        self.ref = ref
        self.t = ref.t

    # --- /new ------------------------------------------------------------------------

    async def open(
        self, chat_id: int, title: str, creator: Member, game: str, thread: int | None = None
    ) -> Reply | None:
        """Open ``game``'s lobby in the chat (None: opened; else why not); ``thread``: the
        forum topic it was asked for in, where every message of the game then goes."""
        adapter = games.get(game)

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            if session is not None and session.status != "over":
                lang = self.ref.pick_lang(settings, creator.lang)
                return Change(reply=Reply(self.t(lang, "cmd-game-exists")))
            new = Session(
                chat_id=chat_id,
                game_id=secrets.token_hex(3),
                creator=creator.id,
                game=game,
                title=title,
                options=adapter.game.options().model_dump(mode="json"),
                thread_id=thread,
            )
            return Change(session=new, status_changed=True).then(lambda: self._new_board(chat_id))

        change = await self.ref.tables.change(chat_id, decide)
        reply = await change.run()
        return reply if change.session is None else None

    async def rematch(
        self, chat_id: int, title: str, user: Member, game_id: str, thread: int | None = None
    ) -> Reply:
        """«Play again» on a finished game's board: a new lobby of the same game
        with the same options; its players are named and join with one tap."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            lang = self.ref.pick_lang(settings, user.lang)
            if session is None or session.game_id != game_id or session.status != "over":
                return Change(reply=Reply(self.t(lang, "answer-rematch-gone")))
            new = Session(
                chat_id=chat_id,
                game_id=secrets.token_hex(3),
                creator=user.id,
                game=session.game,
                title=title or session.title,
                options=dict(session.options),
                members=[m for m in session.members if m.level is not None],  # computers stay seated
                again=[m for m in session.members if m.level is None],
                thread_id=thread,
            )
            return Change(session=new, status_changed=True).then(lambda: self._new_board(chat_id))

        return await (await self.ref.tables.change(chat_id, decide)).run()

    async def _new_board(self, chat_id: int) -> None:
        await self.ref.store.forget_message(chat_id, "board")  # the lobby is a new message
        self.ref.sender.touch(chat_id, "board")

    # --- a press in the lobby --------------------------------------------------------

    async def press(
        self, press: Pressed, body: Seats | Setting, user: Member, update_id: int | None = None
    ) -> Reply:
        chat_id = press.chat_id

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            lang = self.ref.pick_lang(settings, user.lang)
            if session is None or session.game_id != press.game_id:
                return Change(reply=Reply(self.t(lang, "answer-old-game")))
            if session.seen(update_id):
                return Change()  # a redelivery of a press already applied
            if session.status != "lobby":
                return Change(reply=Reply(self.t(lang, "answer-already-started")))
            if isinstance(body, Seats) and body.op == "j":
                change = await self._join(session, user, lang)
            elif isinstance(body, Seats) and body.op == "x":
                change = self.leave(session, user, lang)
            elif user.id != session.creator:
                return Change(reply=Reply(self.t(lang, "answer-creator-only")))
            elif isinstance(body, Setting):
                change = self._option(session, body, lang)
            elif body.op == "g":
                change = self._start(session, lang)
            elif body.op == "r":
                session.replace = _next(REPLACE, session.replace)
                change = Change(session=session).then(self._board(session))
            else:
                change = self._computer(session, body.arg, lang, settings)
            if change.session is not None:
                change.session.mark(update_id)
            return change

        change = await self.ref.tables.change(chat_id, decide)
        return await change.run()

    async def _join(self, session: Session, user: Member, lang: str) -> Change:
        t = self.t
        if session.member(user.id) is not None:
            return Change(reply=Reply(t(lang, "answer-already-joined")))
        if len(session.members) >= games.get(session.game).game.max_players:
            return Change(reply=Reply(t(lang, "answer-table-full")))
        if not await self.ref.store.started(user.id):  # never write first: a link opens the chat
            if all(m.id != user.id for m in session.unreachable):  # the latest few are kept
                session.unreachable = [*session.unreachable, user][-MAX_UNREACHABLE:]
            link = self.ref.deep_link(session.chat_id)
            return Change(session=session, reply=Reply(t(lang, "answer-open-private"), url=link))
        session.unreachable = [m for m in session.unreachable if m.id != user.id]
        session.members.append(user)
        change = Change(session=session, reply=Reply(t(lang, "answer-joined")))
        return change.then(self._board(session)).then(self._welcome(session, user, lang, change))

    def _welcome(self, session: Session, user: Member, lang: str, change: Change) -> Callable[[], Any]:
        """After the seat is saved: tell the player in private.  If they have blocked
        the bot since, they are unseated again and given the link."""

        async def send() -> None:
            text = self.t(
                lang,
                "dm-joined",
                chat=screens.shown(session.title, 2 * fit.NAME_MAX),
                game=screens.game_title(self.t, lang, session.game),
            )
            if await self.ref.sender.message(user.id, text):
                return
            await self._unseat(session.chat_id, user)
            change.reply = Reply(self.t(lang, "answer-open-private"), url=self.ref.deep_link(session.chat_id))

        return send

    async def _unseat(self, chat_id: int, user: Member) -> None:
        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            if session is None or session.status != "lobby" or session.member(user.id) is None:
                return Change()
            session.members = [m for m in session.members if m.id != user.id]
            session.unreachable = [*(m for m in session.unreachable if m.id != user.id), user]
            return Change(session=session).then(self._board(session))

        await (await self.ref.tables.change(chat_id, decide)).run()

    def leave(self, session: Session, user: Member, lang: str) -> Change:
        """«Leave» in the lobby, or ``/leave`` before the game starts."""
        if session.member(user.id) is None:
            return Change(reply=Reply(self.t(lang, "answer-not-joined")))
        session.members = [m for m in session.members if m.id != user.id]
        return Change(session=session, reply=Reply(self.t(lang, "answer-left"))).then(self._board(session))

    def _computer(self, session: Session, op: str, lang: str, settings: ChatSettings) -> Change:
        """«🤖 +» seats a computer player of that level (named in the chat's language);
        «🤖 −» unseats the last one."""
        if op == "x":
            seated = [m for m in session.members if m.level is not None]
            if not seated:
                return Change(reply=Reply(self.t(lang, "answer-unknown")))
            session.members = [m for m in session.members if m is not seated[-1]]
            removed = Change(session=session, reply=Reply(self.t(lang, "answer-computer-removed")))
            return removed.then(self._board(session))
        if op not in computers.LEVELS:
            return Change(reply=Reply(self.t(lang, "answer-unknown")))
        if len(session.members) >= games.get(session.game).game.max_players:
            return Change(reply=Reply(self.t(lang, "answer-table-full")))
        chat_lang = self.ref.pick_lang(settings)
        names = [self.t(chat_lang, f"computer-name-{k}") for k in range(1, computers.NAMES + 1)]
        session.members.append(computers.seat(session, op, computers.free_name(session, names)))
        return Change(session=session, reply=Reply(self.t(lang, "answer-computer-seated"))).then(
            self._board(session)
        )

    def _option(self, session: Session, press: Setting, lang: str) -> Change:
        """A press on an option's buttons: its new value, checked by the engine, or the
        panel of a Toggles option opened, turned or closed."""
        adapter = games.get(session.game)
        game = adapter.game
        options = game.options(session.options)
        option = next((o for o in adapter.choices if press.code == o.code), None)
        if option is None or not option.shown(options):
            return Change(reply=Reply(self.t(lang, "answer-unknown")))
        if isinstance(option, Toggles) and press.change in ("", "close", "page"):
            page = str(press.n) if press.change == "page" else ""
            session.panel = "" if press.change == "close" else option.code + page
            return Change(session=session).then(self._board(session))
        try:
            value = _value(option, options, press)
        except (ValueError, IndexError):
            return Change(reply=Reply(self.t(lang, "answer-unknown")))
        if value is _HINT:
            return Change(reply=Reply(self.t(lang, "answer-option-number")))
        if value is _LEAST:
            return Change(reply=Reply(self.t(lang, "answer-option-least", count=getattr(option, "least", 1))))
        try:
            options = game.options({**session.options, option.field: value})
        except RuleError as e:
            refusal = Event(key=e.key, args=e.params)
            return Change(reply=Reply(adapter.event_text(self.ref.ctx(session, lang), refusal)))
        session.options = options.model_dump(mode="json")
        return Change(session=session).then(self._board(session))

    def _start(self, session: Session, lang: str) -> Change:
        adapter = games.get(session.game)
        game = adapter.game
        if not game.min_players <= len(session.members) <= game.max_players:
            name = self.t(lang, f"{session.game}-name")
            need = self.t(lang, "answer-need-players", game=name, min=game.min_players, max=game.max_players)
            return Change(reply=Reply(need))
        try:
            state, events = game.start(
                [m.id for m in session.members],
                secrets.randbits(63),
                game.options(session.options),
                self.ref.now_ms(),
            )
        except RuleError as e:
            refusal = Event(key=e.key, args=e.params)
            return Change(reply=Reply(adapter.event_text(self.ref.ctx(session, lang), refusal)))
        session.state = state
        session.status = "playing"
        session.announce(self.ref.kept(adapter, events))
        computers.plan(session, game, self.ref.now_ms())
        self.ref.track_nudges(session, None)  # the first to move is waited on from now
        return Change(session=session, status_changed=True).then(lambda: self.ref.after_change(session))

    def _board(self, session: Session) -> Callable[[], Any]:
        async def redraw() -> None:
            self.ref.sender.touch(session.chat_id, "board")

        return redraw

    # --- /start join_<chat>: the deep link -------------------------------------------

    async def join_from_link(self, chat_id: int, user: Member) -> str:
        """The user opened the private chat from the lobby's link: seated in one tap."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            lang = self.ref.pick_lang(settings, user.lang)
            if session is None or session.status != "lobby":
                return Change(reply=Reply(self.t(lang, "start-no-lobby")))
            joined = Reply(self.t(lang, "start-joined", chat=screens.shown(session.title, 2 * fit.NAME_MAX)))
            if session.member(user.id) is not None:
                return Change(reply=joined)
            if len(session.members) >= games.get(session.game).game.max_players:
                return Change(reply=Reply(self.t(lang, "answer-table-full")))
            session.unreachable = [m for m in session.unreachable if m.id != user.id]
            session.members.append(user)
            return Change(session=session, reply=joined).then(self._board(session))

        change = await self.ref.tables.change(chat_id, decide)
        return (await change.run()).text
