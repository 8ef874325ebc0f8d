"""Screens on Telegram: what a chat's board or a player's hand should show now,
and the one edit (or message) that brings the message there, within the limits.

A change only *touches* the screens it may have changed (``touch``); this
module draws each one when its turn in the budget comes (boards first, then
the hands of players who must act now), compares what it would show with what
the message shows (by digest) and sends only a difference.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from redis.exceptions import RedisError
from telegram import Bot, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from bot import computers, fit, games, nudges, screens
from bot.adapter import Rendered
from bot.i18n import Translator
from bot.outbox import Limits, Screens, call, message_gone, not_modified
from bot.session import ChatSettings, Session
from bot.store import Store

log = logging.getLogger(__name__)

DRAWN_CACHE = 4096  # screens remembered as drawn (a few per live chat)
# how long a worker holds a screen's lock at most; a screen another worker held
# is looked at once more after that long (the holder may have died holding it)
SCREEN_LOCK_MS = 15_000


@dataclass
class Planned:
    """A screen about to go out: to whom, what, its digest, and the message it edits."""

    to: int
    rendered: Rendered
    digest: str
    message_id: int | None


class Sender:
    def __init__(
        self,
        bot: Bot,
        store: Store,
        t: Translator,
        limits: Limits,
        pick_lang: Callable[[ChatSettings | None, str | None], str],
    ) -> None:
        self.bot, self.store, self.t, self.limits = bot, store, t, limits
        self.pick_lang = pick_lang
        self.worker_id = secrets.token_hex(6)
        self.screens = Screens(self._flush)
        # whether a hand waiting to be redrawn is its owner's to act on now, as of
        # the latest change (a waiting send moves up when it becomes so)
        self._must_act: dict[tuple[int, str], bool] = {}
        # the latest drawing of each screen, with the session object and language it
        # was drawn from: a saved session is never changed, so the same object draws
        # the same screen (a change draws each hand once to compare, and its flush
        # draws it again twice)
        self._drawn: dict[tuple[int, str], tuple[Session, str, Rendered]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._later: dict[tuple[int, str], asyncio.TimerHandle] = {}

    def touch(self, chat_id: int, slot: str, must_act: bool | None = None) -> None:
        """Redraw ``slot`` (``board``, ``hand:<user>``) when the budget allows."""
        if must_act is not None:
            self._must_act[(chat_id, slot)] = must_act
        self.screens.touch(chat_id, slot)

    async def close(self) -> None:
        for handle in self._later.values():
            handle.cancel()
        self._later.clear()
        await self.idle()
        await self.screens.close()

    def _look_again(self, chat_id: int, slot: str) -> None:
        """Touch ``slot`` once its lock has surely expired: the worker holding it was
        left a note to draw it again, but a worker killed holding it never will."""
        key = (chat_id, slot)
        if key in self._later:
            return

        def again() -> None:
            self._later.pop(key, None)
            self.screens.touch(chat_id, slot)

        self._later[key] = asyncio.get_running_loop().call_later(SCREEN_LOCK_MS / 1000 + 0.1, again)

    def redraw_soon(self, session: Session, every: bool = False) -> None:
        """``redraw`` in the background: a press is answered without waiting for it."""
        task = asyncio.get_running_loop().create_task(self._redraw(session, every))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait for the redraws under way (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _redraw(self, session: Session, every: bool) -> None:
        try:
            await self.redraw(session, every)
        except RedisError as e:  # what the messages show is unknown: every screen is checked
            log.warning("redrawing chat %s: redis unavailable (%s)", session.chat_id, e)
            await self.redraw(session, every=True)
        except Exception:
            log.exception("redrawing chat %s failed", session.chat_id)

    async def redraw(self, session: Session, every: bool = False) -> None:
        """Bring the chat's screens up to ``session`` (just saved): the board, and the
        hands whose message no longer shows what it should — each drawn now and
        compared by digest with what its message shows (``every``: all hands,
        as after a restart or a language change, when nothing drawn is trusted)."""
        chat_id = session.chat_id
        self.touch(chat_id, "board")
        if session.state is None:
            return
        waits = games.get(session.game).game.waiting(session.state)
        # a hand whose refresh is queued already draws whatever is latest: no need to look
        people = [m for m in session.members if not computers.is_computer(m.id)]
        queued = {m.id for m in people if self.screens.pending(chat_id, f"hand:{m.id}")}
        every = every or len(queued) == len(people)
        shown = {} if every else await self.store.shown(chat_id)
        settings = None if every else await self.store.settings(chat_id)
        for m in session.members:
            if computers.is_computer(m.id):
                continue  # a computer player: no private chat
            slot = f"hand:{m.id}"
            if not every and m.id not in queued:
                lang = self.pick_lang(settings, m.lang)
                drawn = self._draw(session, slot, lang)
                msg_id, digest, pending = shown.get(slot, (None, None, None))
                if msg_id is not None and (drawn.hold or digest == pending == drawn.digest()):
                    continue
            self.touch(chat_id, slot, must_act=screens.urgent(m.id, waits))

    async def message(
        self,
        chat_id: int,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        id_to: tuple[int, str] | None = None,
    ) -> bool:
        """One message of its own (an announcement, a private note), within the budget
        (``id_to``: the chat and slot whose message id it becomes)."""
        try:
            await self.limits.acquire(chat_id)
            r = fit.message(text, what="an announcement")
            sent = await call(
                lambda: self.bot.send_message(chat_id, r.text, parse_mode=ParseMode.HTML, reply_markup=markup)
            )
            if id_to is not None:
                await self.store.set_message(*id_to, sent.message_id, "")
            return True
        except Forbidden:  # they blocked the bot since
            if chat_id > 0:
                await self.store.forget_started(chat_id)
            return False
        except BadRequest as e:  # "chat not found": the user never started the bot
            log.info("cannot write to %s: %s", chat_id, e.message)
            return False
        except TelegramError:
            log.exception("sending a message to %s failed", chat_id)
            return False

    # --- «your turn» (bot.nudges) -------------------------------------------------------

    async def nudge(self, chat_id: int, player: int, text: str, still: Callable[[], Awaitable[bool]]) -> None:
        """A short message that notifies ``player``, within their private budget; its id
        is kept to delete it later (and it goes at once if, meanwhile, they acted:
        ``still`` says whether they are still waited on)."""
        if not await self.store.started(player):
            return
        if not await self.message(player, text, id_to=(chat_id, nudges.slot(player))):
            return
        if not await still():
            await self.unnudge(chat_id, player)

    async def unnudge(self, chat_id: int, player: int) -> None:
        """Delete ``player``'s nudge of this chat, if one is shown."""
        msg_id, _, _ = await self.store.message(chat_id, nudges.slot(player))
        if msg_id is None:
            return
        await self.store.forget_message(chat_id, nudges.slot(player))
        try:
            await call(lambda: self.bot.delete_message(player, msg_id))
        except TelegramError as e:  # gone already (deleted by them), or too old to delete
            log.info("nudge %s of %s not deleted: %s", msg_id, player, e)

    # --- what a screen should show ------------------------------------------------------

    async def render(self, chat_id: int, slot: str) -> tuple[int, Rendered] | None:
        """The screen in ``slot`` as it should look now, and whom it goes to."""
        session, settings = await self.store.load_shared(chat_id)
        if session is None:
            return None
        if slot == "board":
            return chat_id, self._draw(session, slot, self.pick_lang(settings, None))
        user_id = int(slot.split(":", 1)[1])
        if session.state is None:
            return None
        member = session.member(user_id)
        lang = self.pick_lang(settings, member.lang if member else None)
        return user_id, self._draw(session, slot, lang)

    def _draw(self, session: Session, slot: str, lang: str) -> Rendered:
        """The screen ``slot`` of ``session`` (a saved one: never changed) in ``lang``."""
        key = (session.chat_id, slot)
        hit = self._drawn.get(key)
        if hit is not None and hit[0] is session and hit[1] == lang:
            return hit[2]
        if slot == "board":
            drawn = screens.draw_board(self.t, lang, session, self.bot.username)
        else:
            drawn = screens.draw_hand(self.t, lang, session, int(slot.split(":", 1)[1]), self.bot.username)
        self._drawn.pop(key, None)
        self._drawn[key] = (session, lang, drawn)
        if len(self._drawn) > DRAWN_CACHE:
            self._drawn.pop(next(iter(self._drawn)))
        return drawn

    async def _outdated(self, chat_id: int, slot: str) -> tuple[int, bool] | None:
        """Whom to send the screen to, if what they see is not what it shows now,
        and whether it is urgent (they must act now)."""
        first = await self.render(chat_id, slot)
        if first is None:
            return None
        target, rendered = first
        msg_id, digest, pending = await self.store.message(chat_id, slot)
        if msg_id is not None and (rendered.hold or digest == pending == rendered.digest()):
            return None  # shown already, or a held screen: what the message shows may stay
        if target > 0 and not await self.store.started(target):
            return None  # never write to someone who has not opened (or has blocked) the bot
        return target, rendered.urgent

    # --- sending ------------------------------------------------------------------------

    async def _flush(self, chat_id: int, slot: str) -> None:
        # The lock comes before rendering: with several workers, a screen another
        # worker is already refreshing costs this one a Redis call, not a render.
        # That worker is left a note (in the same call) and draws it once more.
        try:
            if not await self.store.claim_screen(chat_id, slot, self.worker_id, SCREEN_LOCK_MS):
                self._look_again(chat_id, slot)
                return
            try:
                outdated = await self._outdated(chat_id, slot)
                if outdated is not None:
                    await self._send_screen(chat_id, slot, *outdated)
            finally:
                again = await self.store.release_screen(chat_id, slot, self.worker_id)
        finally:
            self._must_act.pop((chat_id, slot), None)
        if again:
            self.screens.touch(chat_id, slot)

    async def _plan(self, chat_id: int, slot: str) -> Planned | None:
        """Render the latest state once the budget is free (it may have moved while we waited)."""
        latest = await self.render(chat_id, slot)
        if latest is None:
            return None
        to, rendered = latest
        new = rendered.digest()
        msg_id, digest, pending = await self.store.message(chat_id, slot)
        if msg_id is not None and pending != digest:
            msg_id = None  # an edit whose outcome a crash hid: post the screen anew
        elif msg_id is not None and (digest == new or rendered.hold):
            return None
        return Planned(to, rendered, new, msg_id)

    async def _send_screen(self, chat_id: int, slot: str, target: int, urgent: bool = False) -> None:
        plan: dict[str, Planned] = {}

        async def prepare() -> bool:
            found = await self._plan(chat_id, slot)
            if found is not None:
                plan["it"] = found
            return found is not None

        def must_act() -> bool:
            return self._must_act.get((chat_id, slot), urgent)

        if not await self.limits.acquire(target, prepare=prepare, urgent=must_act):
            return
        p = plan["it"]
        await self.store.set_pending(chat_id, slot, p.digest)
        try:
            msg_id = await self._edit_or_send(p)
        except Forbidden:
            log.info("cannot write to %s any more", p.to)
            if p.to > 0:
                await self.store.forget_started(p.to)
            return
        await self.store.set_message(chat_id, slot, msg_id, p.digest)

    async def _edit_or_send(self, p: Planned) -> int:
        """Edit the message in place, or send it anew (none yet, or it is gone)."""
        msg_id = p.message_id
        r = p.rendered
        if msg_id is not None:
            edit = msg_id

            async def edited() -> Any:
                return await self.bot.edit_message_text(
                    r.text, chat_id=p.to, message_id=edit, reply_markup=r.markup, parse_mode=ParseMode.HTML
                )

            try:
                await call(edited)
                return msg_id
            except BadRequest as e:
                if message_gone(e):
                    msg_id = None
                elif not not_modified(e):
                    raise
        if msg_id is not None:
            return msg_id
        message = await call(
            lambda: self.bot.send_message(p.to, r.text, reply_markup=r.markup, parse_mode=ParseMode.HTML)
        )
        return int(message.message_id)
