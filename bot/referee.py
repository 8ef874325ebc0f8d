"""The referee: what the handlers call, for any game, through its adapter.

A press's path, and every other change's:

    update -> bot.handlers -> Referee.<what happened> -> Chats.change(decide)
           -> bot.lobby / bot.play decide, with the engine -> saved -> Referee.settle

Each public method here is one transaction of one chat (``bot.transaction``): a
decision of ``bot.lobby`` or ``bot.play`` (pure: no I/O) on the session as it
is in Redis, under the chat's lock; a redelivered update is applied once; once
the change is saved, ``settle`` does what follows it — the screens it touched
(``bot.sender``), the next deadline (``bot.timers``), the nudges, the posts, the
result and figures of a game that has just ended — in one place, for every
change.  Independent of how updates arrive (polling or webhook), so that it
can be driven and tested directly.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from redis.exceptions import RedisError
from telegram import Bot

from bot import computers, games, kit, lobby, metrics, nudges, play, screens, sizing
from bot.adapter import Adapter
from bot.buttons import Hint, Pressed, Seats, Setting
from bot.context import House
from bot.i18n import Translator
from bot.send_budget import Limits
from bot.sender import Sender
from bot.session import ChatSettings, Member, Session
from bot.stats import Stats
from bot.store import Store
from bot.timers import Timers, now_ms
from bot.transaction import After, Change, Chats, Reply, Welcome
from engine.core import Event

log = logging.getLogger(__name__)

__all__ = ["Referee", "Reply"]

Decide = Callable[[Session | None, ChatSettings], Awaitable[Change]]
# a hint's search takes a fraction of a second (a first one also starts the pool): past
# this, "still thinking" — well within Telegram's time to answer a press
HINT_BUDGET_S = 10.0


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
        self.house = House(t, default_lang, bot.username, nudge_after_ms)
        self.bot, self.store, self.t, self.default_lang = bot, store, t, default_lang
        self.limits = limits if limits is not None else Limits(store)
        busy = "answer-busy"  # every attempt lost its race: refused, to be made again
        self.chats = Chats(
            store, busy=lambda settings: Reply(t(self.house.lang(settings), busy), outcome="refused")
        )
        self.sender = Sender(bot, store, t, self.limits, self.house.lang)
        self.sender.moved, self.sender.removed = self.migrate, self.bot_removed
        self.stats = Stats(store.r)
        self.timers = Timers(store, self._deadline, self.tick, self._timer_dropped)
        self.changed: Callable[[int], Coroutine[Any, Any, None]] | None = None  # tells the Mini App's pages

    # --- languages -------------------------------------------------------------------

    async def lang(self, chat_id: int | None, user_lang: str | None) -> str:
        settings = await self.store.settings(chat_id) if chat_id is not None else None
        return self.house.lang(settings, user_lang)

    async def set_chat_lang(self, chat_id: int, lang: str) -> None:
        await self.store.save_settings(chat_id, ChatSettings(lang=self.t.language(lang)))
        session, _ = await self.store.load(chat_id)
        if session is not None and session.status != "over":
            await self.sender.redraw(session, every=True)

    # --- one change of one chat, and what follows it ---------------------------------------

    async def change(
        self, chat_id: int, decide: Decide, update_id: int | None = None, query_id: str | None = None
    ) -> Reply:
        """One transaction of ``chat_id`` (a redelivered update ``update_id`` is applied
        once, a press ``query_id`` answered before is not decided again:
        ``Chats.change``), then what follows it; the answer to whoever asked."""
        return await self.settle(await self.chats.change(chat_id, decide, query_id, update_id))

    async def settle(self, change: Change) -> Reply:
        """What follows a saved change (``After``) — here, and nowhere else."""
        a, chat = change.after, change.chat_id
        session = change.session or change.loaded
        if change.status_changed and session is not None and session.status == "over" and session.state:
            how = "stopped" if session.stopped_by else "removed" if session.removed else "played"
            metrics.GAMES_FINISHED.labels(session.game, how).inc()
        if a.new_board and session is not None:  # the lobby, then the hands, are new messages
            await self.store.new_game_screens(chat, session.game_id)
        if a.redraw == "board":
            self.sender.touch(chat, "board")
        elif a.redraw and session is not None:
            self.sender.redraw_soon(session, every=a.redraw == "every")
        if a.hand is not None:
            self.sender.touch_hand(chat, a.hand)
        if self.changed is not None and (a.redraw or a.hand is not None):
            self.timers.spawn(self.changed(chat))  # the Mini App's open pages (bot.miniapp.live)
        if a.timer_off:
            await self.store.set_timer(chat, None)
        elif a.schedule and session is not None:
            await self.timers.schedule(session, a.wake)
        if session is not None and (a.gone or a.due):
            self.timers.spawn(self._quietly(self._nudge(session, a.gone, a.due), chat))
        if session is not None and (a.events or a.ended):
            self.timers.spawn(self._quietly(self._announce(session, a.events, a.ended), chat))
        if a.reachable is not None and await self.store.mark_started(a.reachable):
            metrics.UNBLOCKED.inc()
            log.info("user %s can be written to again", a.reachable)
            self.sender.touch(chat, f"hand:{a.reachable}")
        if a.welcome is not None and not await self._welcomed(chat, a.welcome):
            return a.welcome.otherwise
        return change.reply

    async def _welcomed(self, chat_id: int, welcome: Welcome) -> bool:
        """Tell a player just seated, in private; one who blocked the bot since plays from
        the group (False: the press's answer says so)."""
        if await self.sender.message(welcome.user.id, welcome.text):
            return True

        async def in_group(session: Session | None, settings: ChatSettings) -> Change:
            return lobby.in_group_only(session, welcome.user)

        await self.change(chat_id, in_group)
        return False

    # --- the lobby ------------------------------------------------------------------------

    async def new_lobby(
        self, chat_id: int, title: str, creator: Member, game: str, thread: int | None = None
    ) -> Reply | None:
        """Open ``game``'s lobby (None: opened; else why not)."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            return lobby.open_table(self.house, session, settings, chat_id, title, creator, game, thread)

        reply = await self.change(chat_id, decide)
        return reply if reply.text else None

    async def rematch(
        self, chat_id: int, title: str, user: Member, game_id: str, thread: int | None = None
    ) -> Reply:
        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            return lobby.rematch(self.house, session, settings, title, user, game_id, thread)

        return await self.change(chat_id, decide)

    async def lobby_press(
        self, press: Pressed, body: Seats | Setting, user: Member, update_id: int | None = None
    ) -> Reply:
        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            started = body != Seats("j") or await self.store.started(user.id)
            now = now_ms()
            return lobby.press(self.house, session, settings, press.game_id, body, user, started, now)

        return await self.change(press.chat_id, decide, update_id)

    async def join_from_link(self, chat_id: int, user: Member) -> str:
        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            return lobby.join_from_link(self.house, session, settings, user)

        return (await self.change(chat_id, decide)).text

    # --- the game ---------------------------------------------------------------------------

    async def show_hand(self, press: Pressed, user: Member, query_id: str) -> Reply:
        """«🃏 My cards» on the board: the presser's hand, in the group for them alone."""
        session, settings = await self.store.load_shared(press.chat_id)
        lang = self.house.lang(settings, user.lang)
        refusal = play.cards_refusal(session, press, user)
        if refusal is not None:
            return Reply(self.t(lang, refusal))
        if not await self.sender.show_hand(press.chat_id, user.id, query_id):
            return Reply(self.t(lang, "answer-cards-later"))
        return Reply()

    async def hint(self, press: Pressed, body: Hint, user: Member) -> Reply:
        """«💡 Hint» on a hand: the expert's move for the presser, from their own view,
        searched off the event loop (``computers.THINKERS``) within ``HINT_BUDGET_S``,
        told to them alone and counted; the game itself does not change."""
        session, settings = await self.store.load_shared(press.chat_id)
        lang = self.house.lang(settings, user.lang)
        asked = play.hint_asked(self.house, session, press, body, user, lang, now_ms())
        if isinstance(asked, Reply):
            if asked.outcome == "stale":  # an old hand: the current one shown
                self.sender.touch_hand(press.chat_id, user.id)
            return asked
        assert session is not None  # (asked: a running game's)
        try:
            search = computers.THINKERS.hint(session.game, asked.view, asked.legal, asked.rng)
            found = await asyncio.wait_for(search, HINT_BUDGET_S)
        except TimeoutError:
            return Reply(self.t(lang, "answer-hint-busy"), outcome="refused")

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            return play.hint_told(self.house, session, press, user, lang, asked, found)

        return await self.change(press.chat_id, decide)

    async def game_press(
        self,
        press: Pressed,
        user: Member,
        from_board: bool,
        update_id: int | None = None,
        query_id: str | None = None,
        in_private: bool = False,
    ) -> Reply:
        """A button of a running game.  Nothing is awaited before the chat's lock, so
        presses on one chat are applied in the order they arrived (a race's first
        press is the first to arrive); a press answered before (``query_id``) is
        recognised in line."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            now = now_ms()
            return play.press(self.house, session, settings, press, user, from_board, in_private, now)

        reply = await self.change(press.chat_id, decide, update_id, query_id)
        if not reply.answered:  # (a redelivery of a press answered already is not counted again)
            metrics.PRESSES.labels(reply.outcome).inc()
        return reply

    async def message(
        self, chat_id: int, user_id: int, update_id: int | None = None, thread: int | None = None
    ) -> None:
        """Someone wrote in the group: its game may care (a rule of silence)."""
        session, _ = await self.store.load(chat_id)  # most words matter to no game: no lock for them
        if not play.listens(session, user_id, thread):
            return

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            return play.spoken(self.house, session, user_id, thread, now_ms())

        await self.change(chat_id, decide, update_id)

    async def leave(self, chat_id: int, user: Member, update_id: int | None = None) -> str:
        """``/leave``: out of the lobby, or out of the game."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            if session is not None and session.status == "lobby":
                return lobby.leave(self.house, session, self.house.lang(settings, user.lang), user)
            return play.leave(self.house, session, settings, user, now_ms())

        return (await self.change(chat_id, decide, update_id)).text

    async def tick(self, chat_id: int) -> None:
        """A deadline came (``bot.timers``)."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            return await play.tick(self.house, session, now_ms())

        await self.change(chat_id, decide)

    async def stop(self, chat_id: int, user: Member, is_admin: bool) -> str:
        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            lang = self.house.lang(settings, user.lang)
            if session is None or session.status == "over":
                return Change(reply=Reply(self.t(lang, "cmd-no-game")))
            if user.id != session.creator and not is_admin:
                return Change(reply=Reply(self.t(lang, "cmd-stop-denied")))
            session.status = "over"
            session.stopped_by = user
            after = After(redraw="every", timer_off=True, gone=session.end_waits())
            # said where it was asked: the board's line may be far up the chat
            game = kit.game_title(self.t, lang, session.game)
            said = Reply(self.t(lang, "cmd-stopped", game=game, player=sizing.shown(user.name)))
            return Change(session=session, reply=said, status_changed=True, after=after)

        return (await self.change(chat_id, decide)).text

    async def repost_board(self, chat_id: int, user_lang: str | None) -> str:
        session, _ = await self.store.load(chat_id)
        if session is None or session.status == "over":
            return self.t(await self.lang(chat_id, user_lang), "cmd-no-game")
        await self.store.forget_message(chat_id, "board")
        await self.sender.redraw(session, every=True)
        return ""

    async def current_game(self, chat_id: int) -> str | None:
        """The game of the chat's open table, if there is one (for /rules)."""
        session, _ = await self.store.load(chat_id)
        if session is None or session.status == "over":
            return None
        return session.game

    # --- what Telegram changed ------------------------------------------------------

    async def migrate(self, old: int, new: int) -> None:
        """The group ``old`` became the supergroup ``new``: its game (session, timers,
        figures) moves there, its board is posted there anew and the hands' buttons
        name the new chat.  Said by an update or by a refused send, once either way."""
        if not await self.chats.move(old, new):
            return
        metrics.MIGRATIONS.inc()
        log.warning("group %s became the supergroup %s: its game moved there", old, new)
        session, _ = await self.store.load(new)
        if session is not None and session.status != "over":
            await self.sender.redraw(session, every=True)
            await self.timers.schedule(session)

    async def bot_removed(self, chat_id: int) -> None:
        """The group removed the bot: its game ends there (each hand says why) and
        nothing more is sent to it; added back, ``/new`` opens a game as ever."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            if session is None or session.removed:
                return Change()
            session.removed = True
            session.status = "over"
            metrics.REMOVED.inc()
            log.warning("chat %s removed the bot: its game is over", chat_id)
            after = After(redraw="every" if session.state is not None else "", timer_off=True)
            after.gone = session.end_waits()
            return Change(session=session, status_changed=True, after=after)

        await self.change(chat_id, decide)

    # --- what a change says ---------------------------------------------------------------

    async def _announce(self, session: Session, events: list[Event], ended: bool) -> None:
        """The group's messages of their own for a change: what the game posts
        (``Adapter.posts``), then the result of a game that has just ended."""
        adapter = games.get(session.game)
        posts = type(adapter).posts is not Adapter.posts
        public = [e for e in events if e.to is None] if posts else []
        if not public and not ended:
            return
        settings = await self.store.settings(session.chat_id)
        ctx = self.house.ctx(session, self.house.group_lang(settings, session))
        if public:
            view = adapter.game.view(session.state, None)
            for text in adapter.posts(ctx, view, public):
                await self.sender.message(session.chat_id, text, thread=session.thread_id)
        if ended:
            outcome = adapter.game.outcome(session.state)
            text = screens.result(ctx, session, outcome)
            await self.sender.message(
                session.chat_id, text, screens.again_markup(ctx), thread=session.thread_id
            )
            players = {m.id: m.name for m in session.members if m.level is None}  # people only
            await self.stats.record(session.chat_id, session.game, players, outcome.winners, outcome.scores)

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
            lang = self.house.lang(settings, member.lang)
            game = kit.game_title(self.t, lang, session.game)
            text = self.t(lang, "nudge", game=game, chat=sizing.shown(session.title))
            since = session.waiting_since.get(p)
            still = functools.partial(self._still_nudged, session.chat_id, p, since)
            await self.sender.nudge(session.chat_id, p, text, still=still)

    async def _still_nudged(self, chat_id: int, player: int, since: int | None) -> bool:
        """Whether ``player``'s nudge for the wait that began at ``since`` is still to go:
        they are still waited on since then (not again, after acting: that wait's nudge
        is another, and a nudge held up by a flood wait must not go with it)."""
        session, _ = await self.store.load(chat_id)
        if session is None or player not in session.nudged:
            return False
        return session.waiting_since.get(player) == since

    # --- time ------------------------------------------------------------------------

    def _deadline(self, session: Session) -> int | None:
        """When the chat's timer wakes, as its game stands now (``play.wake``)."""
        deadline = games.get(session.game).game.next_deadline(session.state)
        return play.wake(self.house, session, deadline, bool(session.computer_seats))

    async def _timer_dropped(self, chat_id: int) -> None:
        """The chat's timer failed again and again: say so, once."""
        session, _ = await self.store.load(chat_id)
        lang = self.house.group_lang(await self.store.settings(chat_id), session)
        thread = session.thread_id if session is not None else None
        await self.sender.message(chat_id, self.t(lang, "referee-error"), thread=thread)

    async def run_timers(self) -> None:
        await self.timers.run()

    async def resume(self) -> None:
        """After a start: re-arm every live game's timer and refresh its screens."""
        for chat_id in await self.store.active_chats():
            session, _ = await self.store.load(chat_id)
            if session is None or session.status == "over":
                continue
            await self.sender.redraw(session, every=True)
            await self.timers.schedule(session)

    async def close(self) -> None:
        await self.sender.close()
        await self.timers.close()
