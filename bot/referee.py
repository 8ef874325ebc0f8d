"""The referee: what the handlers call, for any game, through its adapter
(``bot.games``).  It ties the parts together — the transaction of one change
(``bot.table``), the lobby (``bot.lobby``), the moves (``bot.moves``), time
(``bot.timers``), the screens on Telegram (``bot.sender``) — and does what
follows every saved change: the screens it touched, the next deadline, the
result of a game that has just ended.  Independent of how updates arrive
(polling or webhook), so that it can be driven and tested directly.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Coroutine
from typing import Any

from redis.exceptions import RedisError
from telegram import Bot

from bot import computers, games, metrics, nudges, screens
from bot.adapter import Adapter, AnyAdapter, Ctx
from bot.buttons import Pressed, Seats, Setting
from bot.i18n import Translator
from bot.lobby import Lobby
from bot.moves import Moves
from bot.outbox import Limits
from bot.sender import Sender
from bot.session import ChatSettings, Draft, Member, Selection, Session
from bot.stats import Stats
from bot.store import Store
from bot.table import Change, Reply, Tables
from bot.timers import Timers
from engine.core import Event

log = logging.getLogger(__name__)

__all__ = ["Referee", "Reply"]


class Referee:
    def __init__(
        self,
        bot: Bot,
        store: Store,
        t: Translator,
        default_lang: str,
        limits: Limits | None = None,
        nudge_after_ms: int = nudges.NUDGE_AFTER_MS,
    ) -> None:
        self.nudge_after_ms = nudge_after_ms
        self.bot = bot
        self.store = store
        self.t = t
        self.default_lang = default_lang
        self.limits = limits if limits is not None else Limits(store)
        self.tables = Tables(store, busy=lambda settings: Reply(t(self.pick_lang(settings), "answer-busy")))
        self.sender = Sender(bot, store, t, self.limits, self.pick_lang)
        self.sender.moved, self.sender.removed = self.migrate, self.bot_removed
        self.stats = Stats(store.r)
        self.lobby = Lobby(self)
        self.moves = Moves(self)
        self.timers = Timers(store, self._deadline, self.moves.tick, self._timer_dropped)

    @staticmethod
    def now_ms() -> int:
        return int(time.time() * 1000)

    # --- languages ---------------------------------------------------------------

    def pick_lang(self, settings: ChatSettings | None, user_lang: str | None = None) -> str:
        """The chat's choice, else the user's Telegram language, else the default."""
        return self.t.language(settings.lang if settings else None, user_lang, self.default_lang)

    async def chat_lang(self, chat_id: int) -> str:
        return self.pick_lang(await self.store.settings(chat_id))

    async def lang(self, chat_id: int | None, user_lang: str | None) -> str:
        settings = await self.store.settings(chat_id) if chat_id is not None else None
        return self.pick_lang(settings, user_lang)

    async def set_chat_lang(self, chat_id: int, lang: str) -> None:
        await self.store.save_settings(chat_id, ChatSettings(lang=self.t.language(lang)))
        session, _ = await self.store.load(chat_id)
        if session is not None and session.status != "over":
            await self.refresh(session)

    def ctx(self, session: Session, lang: str, tag: str = "-") -> Ctx:
        return screens.ctx_for(self.t, lang, session, self.bot.username, tag)

    def deep_link(self, chat_id: int) -> str:
        return f"https://t.me/{self.bot.username}?start=join_{chat_id}"

    # --- what the handlers call --------------------------------------------------

    async def new_lobby(
        self, chat_id: int, title: str, creator: Member, game: str, thread: int | None = None
    ) -> Reply | None:
        return await self.lobby.open(chat_id, title, creator, game, thread)

    async def rematch(
        self, chat_id: int, title: str, user: Member, game_id: str, thread: int | None = None
    ) -> Reply:
        return await self.lobby.rematch(chat_id, title, user, game_id, thread)

    async def lobby_press(
        self, press: Pressed, body: Seats | Setting, user: Member, update_id: int | None = None
    ) -> Reply:
        return await self.lobby.press(press, body, user, update_id)

    async def join_from_link(self, chat_id: int, user: Member) -> str:
        return await self.lobby.join_from_link(chat_id, user)

    async def game_press(
        self,
        press: Pressed,
        user: Member,
        from_board: bool,
        update_id: int | None = None,
        query_id: str | None = None,
        in_private: bool = False,
    ) -> Reply:
        return await self.moves.press(press, user, from_board, update_id, query_id, in_private)

    async def message(
        self, chat_id: int, user_id: int, update_id: int | None = None, thread: int | None = None
    ) -> None:
        await self.moves.message(chat_id, user_id, update_id, thread)

    async def tick(self, chat_id: int) -> None:
        await self.moves.tick(chat_id)

    async def leave(self, chat_id: int, user: Member, update_id: int | None = None) -> str:
        return await self.moves.leave(chat_id, user, update_id)

    async def run_timers(self) -> None:
        await self.timers.run()

    async def stop(self, chat_id: int, user: Member, is_admin: bool) -> str:
        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            lang = self.pick_lang(settings, user.lang)
            if session is None or session.status == "over":
                return Change(reply=Reply(self.t(lang, "cmd-no-game")))
            if user.id != session.creator and not is_admin:
                return Change(reply=Reply(self.t(lang, "cmd-stop-denied")))
            session.status = "over"
            session.stopped_by = user
            return Change(session=session, status_changed=True).then(lambda: self._stopped(session))

        return (await (await self.tables.change(chat_id, decide)).run()).text

    async def _stopped(self, session: Session) -> None:
        await self.store.set_timer(session.chat_id, None)
        await self.refresh(session)

    async def repost_board(self, chat_id: int, user_lang: str | None) -> str:
        session, _ = await self.store.load(chat_id)
        if session is None or session.status == "over":
            return self.t(await self.lang(chat_id, user_lang), "cmd-no-game")
        await self.store.forget_message(chat_id, "board")
        await self.refresh(session)
        return ""

    # --- what Telegram changed ------------------------------------------------------

    async def migrate(self, old: int, new: int) -> None:
        """The group ``old`` became the supergroup ``new``: its game (session, timers,
        figures) moves there, its board is posted there anew and the hands' buttons
        name the new chat.  Said by an update or by a refused send, once either way."""
        if not await self.tables.move(old, new):
            return
        metrics.MIGRATIONS.inc()
        log.warning("group %s became the supergroup %s: its game moved there", old, new)
        session, _ = await self.store.load(new)
        if session is not None and session.status != "over":
            await self.refresh(session)
            await self.timers.schedule(session)

    async def bot_removed(self, chat_id: int) -> None:
        """The group removed the bot: its game ends there (each hand says why) and
        nothing more is sent to it; added back, ``/new`` opens a game as ever."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            if session is None or session.removed:
                return Change()
            session.removed = True
            session.status = "over"
            return Change(session=session, status_changed=True).then(lambda: self._removed(session))

        await (await self.tables.change(chat_id, decide)).run()

    async def _removed(self, session: Session) -> None:
        metrics.REMOVED.inc()
        log.warning("chat %s removed the bot: its game is over", session.chat_id)
        await self.store.set_timer(session.chat_id, None)
        if session.state is not None:
            await self.refresh(session)  # the hands say why

    async def current_game(self, chat_id: int) -> str | None:
        """The game of the chat's open table, if there is one (for /rules)."""
        session, _ = await self.store.load(chat_id)
        if session is None or session.status == "over":
            return None
        return session.game

    # --- one change, saved ----------------------------------------------------------

    @staticmethod
    def kept(adapter: AnyAdapter, events: list[Event]) -> list[Event]:
        """The events a session keeps: the public ones for the board's log, the
        private ones noted in their player's hand — all but the game's ``fleeting``
        ones."""
        fleeting = adapter.game.fleeting
        return [e for e in events if e.key not in fleeting] if fleeting else events

    def commit(
        self,
        session: Session,
        state: Any,
        events: list[Event],
        update_id: int | None,
        actor: int | None = None,
        drafts: dict[int, Draft] | None = None,
        selected: dict[int, Selection] | None = None,
    ) -> Change:
        """The session with the game's new state (and the update that made it), to
        save; once saved, what follows (``after_change``)."""
        before = session.model_copy()
        moved = state is not session.state
        session.state = state
        if drafts is not None:
            session.drafts = drafts
        if selected is not None:
            session.selected = selected
        if moved and actor is not None and actor in session.private:
            # what only they were told stays in their hand until their next move
            session.private = {p: n for p, n in session.private.items() if p != actor}
        adapter = games.get(session.game)
        session.announce(self.kept(adapter, events))
        session.mark(update_id)
        ended = adapter.game.outcome(state).status == "over"
        if ended:
            session.status = "over"
        computers.plan(session, adapter.game, self.now_ms())
        gone, due = self.track_nudges(session, actor)
        return Change(session=session, status_changed=ended).then(
            lambda: self.after_change(session, events, before, gone, due)
        )

    def track_nudges(self, session: Session, actor: int | None) -> tuple[list[int], list[int]]:
        """Who the table waits on since when (``bot.nudges``): the nudges to delete
        and those due now."""
        on: set[int] = set()
        if session.status == "playing" and session.state is not None:
            waits = games.get(session.game).game.waiting(session.state)
            on = nudges.waited_on(waits, {m.id for m in session.members if m.level is None})
        now = self.now_ms()
        since, told, gone = nudges.track(session.waiting_since, session.nudged, on, now, actor)
        due = nudges.take_due(since, told, now, self.nudge_after_ms)
        session.waiting_since, session.nudged = since, [*told, *due]
        return gone, due

    def nudge_due(self, session: Session) -> bool:
        """Whether a nudge is due now (a timer that moved no game still has that to do)."""
        now = self.now_ms()
        return bool(nudges.take_due(session.waiting_since, session.nudged, now, self.nudge_after_ms))

    async def after_change(
        self,
        session: Session,
        events: list[Event] | None = None,
        before: Session | None = None,
        gone: list[int] | None = None,
        due: list[int] | None = None,
    ) -> None:
        self.sender.redraw_soon(session, every=before is None or before.state is None)
        await self.timers.schedule(session)
        if gone or due:
            self.timers.spawn(self._quietly(self._nudge(session, gone or [], due or []), session.chat_id))
        finished = session.status == "over" and session.stopped_by is None and session.state is not None
        ended = finished and (before is None or before.status != "over")
        if events or ended:
            self.timers.spawn(self._quietly(self._announce(session, events or [], ended), session.chat_id))

    async def _announce(self, session: Session, events: list[Event], ended: bool) -> None:
        """The group's messages of their own for a change: what the game posts
        (``Adapter.posts``), then the result of a game that has just ended."""
        adapter = games.get(session.game)
        public = [e for e in events if e.to is None]
        if public and type(adapter).posts is not Adapter.posts:
            lang = await self.chat_lang(session.chat_id)
            view = adapter.game.view(session.state, None)
            for text in adapter.posts(self.ctx(session, lang), view, public):
                await self.sender.message(session.chat_id, text, thread=session.thread_id)
        if ended:
            await self._announce_result(session)
            await self._count(session)

    @staticmethod
    async def _quietly(effect: Coroutine[Any, Any, None], chat_id: int) -> None:
        """A change's effect in the background: Redis away is a warning (the change
        is saved; what it would have said is lost with the outage), not a crash."""
        try:
            await effect
        except RedisError as e:
            log.warning("an effect in chat %s: redis unavailable (%s)", chat_id, e)

    async def _nudge(self, session: Session, gone: list[int], due: list[int]) -> None:
        """Delete the nudges of those who acted (or are no longer waited on); send
        those due: a short message that notifies, in each player's language."""
        for p in gone:
            await self.sender.unnudge(session.chat_id, p)
        settings = await self.store.settings(session.chat_id) if due else None
        for p in due:
            member = session.member(p)
            if member is None:
                continue
            lang = self.pick_lang(settings, member.lang)
            game = screens.game_title(self.t, lang, session.game)
            text = self.t(lang, "nudge", game=game, chat=screens.shown(session.title))
            still = functools.partial(self._still_nudged, session.chat_id, p)
            await self.sender.nudge(session.chat_id, p, text, still=still)

    async def _still_nudged(self, chat_id: int, player: int) -> bool:
        session, _ = await self.store.load(chat_id)
        return session is not None and player in session.nudged

    async def _count(self, session: Session) -> None:
        """A game that ended (not stopped): every player's figures."""
        outcome = games.get(session.game).game.outcome(session.state)
        players = {m.id: m.name for m in session.members if m.level is None}  # people only
        await self.stats.record(session.chat_id, session.game, players, outcome.winners, outcome.scores)

    async def refresh(self, session: Session, every: bool = True) -> None:
        """Redraw the screens a change may have changed: the board, and the hands
        whose message no longer shows what it should (``every``: all of them, as
        after a start, a stop, a language, a restart)."""
        await self.sender.redraw(session, every)

    async def _announce_result(self, session: Session) -> None:
        """The end of a game: one message in the group with the winners."""
        lang = await self.chat_lang(session.chat_id)
        outcome = games.get(session.game).game.outcome(session.state)
        ctx = self.ctx(session, lang)
        text = screens.result(ctx, session, outcome)
        await self.sender.message(session.chat_id, text, screens.again_markup(ctx), thread=session.thread_id)

    # --- time ------------------------------------------------------------------------

    def _deadline(self, session: Session) -> int | None:
        """When time alone changes the game, a nudge is due or a computer player acts."""
        times = (
            games.get(session.game).game.next_deadline(session.state),
            nudges.due(session.waiting_since, session.nudged, self.nudge_after_ms),
            computers.due(session, games.get(session.game).game),
        )
        return min((t for t in times if t is not None), default=None)

    async def _timer_dropped(self, chat_id: int) -> None:
        """The chat's timer failed again and again: say so, once."""
        lang = await self.chat_lang(chat_id)
        session, _ = await self.store.load(chat_id)
        thread = session.thread_id if session is not None else None
        await self.sender.message(chat_id, self.t(lang, "referee-error"), thread=thread)

    async def schedule(self, session: Session) -> None:
        await self.timers.schedule(session)

    async def reconcile_timers(self) -> None:
        await self.timers.reconcile()

    async def resume(self) -> None:
        """After a start: re-arm every live game's timer and refresh its screens."""
        for chat_id in await self.store.active_chats():
            session, _ = await self.store.load(chat_id)
            if session is None or session.status == "over":
                continue
            await self.refresh(session)
            await self.timers.schedule(session)

    async def render(self, chat_id: int, slot: str) -> Any:
        return await self.sender.render(chat_id, slot)

    async def close(self) -> None:
        await self.sender.close()
        await self.timers.close()
