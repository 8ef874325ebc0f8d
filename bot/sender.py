"""Screens on Telegram: what a chat's board or a player's hand should show now,
and the one edit (or message) that brings the message there, within the limits.

A change only *touches* the screens it may have changed (``touch``); this
module draws each one when its turn in the budget comes (boards first, then
the hands of players who must act now), compares what it would show with what
the message shows (by digest) and sends only a difference.

Telegram as it is: a screen whose send met an outage or a timeout is drawn
again shortly (the latest state, so one send carries it), one that met a flood
wait when the wait ends; messages of their own (announcements, replies,
notes) go to each chat in order, and are sent again until they land.  What
Telegram refuses for good changes the game instead: a group that became a
supergroup moves the game to its new id (``moved``), a group that removed
the bot ends its game (``removed``), a player who blocked the bot is no
longer written to until they press a button again.  A game's group messages
go to its forum topic (``Session.thread_id``).

A hand stays at the bottom of its private chat.  That chat is shared by every
group's game its owner plays, and by the bot's other messages there (nudges,
notes, replies, welcomes), so "the bot wrote after the hand" is kept per private
chat: the newest message id the bot sent there, from any chat's game or none
(``Store.note_sent``, ``Store.newest``; message ids only grow within a chat).  A
hand whose message id is older than that, when it has something new to show, is
*moved*: sent anew at the bottom (silently: it stands for an edit, and edits do
not notify), recorded with the screen's lock released, and its old message
deleted (``_retire``) — one Telegram will not delete (older than 48 hours) is
edited to a line pointing below, without buttons; one already gone is
forgotten; nothing is tried again and again.  A hand with nothing new to show
stays where it is, and what a user types in the private chat does not count
(the bot's reply to it does).  A new game's hands are new messages
(``Store.new_game_screens``): the last game's stay as they were.

A hand in the group (``eph:<user>``) is an ephemeral message only its owner sees
(``bot.ephemeral``), counted in the group's budget like any message there.  It
comes when its owner presses the board's «🃏 My cards» (``show_hand``: within
15 s of that press, as Telegram lets a bot that is no admin), and is edited at
every change while it is open.  A bot that is the group's admin also brings it,
unasked, to a player who has no private chat with it when something waits on
them.  An edit Telegram refuses (the person's app lost the message: Telegram
promises no delivery) forgets it: the board's button brings it back.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from redis.exceptions import RedisError
from telegram import Bot, InlineKeyboardMarkup, LinkPreviewOptions
from telegram.constants import ChatMemberStatus, ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter, TelegramError

from bot import computers, ephemeral, games, metrics, nudges, screens, sizing
from bot.i18n import Translator
from bot.links import NO_LINKS
from bot.send_budget import Later, Limits
from bot.session import ChatSettings, Session
from bot.sizing import Rendered
from bot.store import Looked, Shown, Store

log = logging.getLogger(__name__)
# What met Redis or Telegram away is tried again after this, doubling up to the most
# (so it goes out within that long of their return).
RETRY_FIRST_S, RETRY_MAX_S = 0.5, 3.0

DRAWN_CACHE = 4096  # screens remembered as drawn (a few per live chat)
# how long a worker holds a screen's lock at most; a screen another worker held
# is looked at once more after that long (the holder may have died holding it)
SCREEN_LOCK_MS = 15_000
# how long a screen waits for its chat's budget while holding its lock; past it,
# the lock is let go and the screen drawn again once the chat may be written to
SCREEN_PATIENCE_S = 5.0
# how long ``message`` waits for its message to go out before it lets it go on its own
MESSAGE_PATIENCE_S = 5.0
# a moved hand's old message: deleted in at most this many tries (an outage, a short
# flood wait), never waiting on a flood wait longer than RETIRE_PATIENCE_S
RETIRE_TRIES, RETIRE_PATIENCE_S = 3, 10.0
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
# the slots of a player's hand: in their private chat, and in the group for them alone
HAND, IN_GROUP = "hand:", "eph:"
# how long a «🃏 My cards» press waits for the group's budget (Telegram takes the hand
# within 15 s of the press from a bot that is no admin)
SHOW_PATIENCE_S = 10.0
SHOW_TRIES = 10  # a hand in the group another worker is drawing: looked at again this often
ADMIN_TTL_S = 300.0  # whether the bot is a group's admin, remembered this long


def owner(slot: str) -> int:
    """The player whose hand ``slot`` is (``hand:<id>``, ``eph:<id>``)."""
    return int(slot.split(":", 1)[1])


async def _nothing(*args: int) -> None:
    return None


@dataclass
class Outgoing:
    """A message of its own on its way: where, what, and who waits for the outcome."""

    chat_id: int
    text: str
    markup: InlineKeyboardMarkup | None
    id_to: tuple[int, str] | None
    thread: int | None
    done: asyncio.Future[bool]
    # whether it is still to go (a nudge: its player still waited on), asked before each try
    still: Callable[[], Awaitable[bool]] | None = None


class Look(NamedTuple):
    """A screen as it should look now: to whom, what, the forum topic a new message of
    it goes to, what its message shows now (``Store.message``), the language it is
    drawn in and the game it shows."""

    to: int
    rendered: Rendered
    thread: int | None
    shown: Shown
    lang: str = ""
    game: str = ""
    receiver: int | None = None  # a hand in the group: the one who sees it


class Due(NamedTuple):
    """A screen to send: to whom, whether they must act now, and (a hand) the newest
    message the bot knows of in their private chat (``Store.newest``)."""

    to: int
    urgent: bool
    newest: int | None = None


@dataclass
class Planned:
    """A screen about to go out: to whom, what, its digest, the message it edits, and
    the forum topic a new message goes to."""

    to: int
    rendered: Rendered
    digest: str
    message_id: int | None
    thread: int | None = None
    shown: str | None = None  # the digest of what the message shows now
    replaces: int | None = None  # a hand's message that this new one moves below (deleted once sent)
    lang: str = ""
    game: str = ""  # the game it shows (``Store.release_screen``)
    receiver: int | None = None  # a hand in the group: the one who sees it


class Refreshes:
    """Coalesced refreshes of the messages on screen (boards and hands): a change marks
    one dirty, and one flush per burst of changes draws the latest state when its chat
    may be written to again; a flush that met Redis away or a passing failure of
    Telegram (an outage, a timeout) is tried again shortly, drawing what is latest then.

    ``flush(chat_id, slot)`` is provided by the owner: it renders the latest
    state and sends or edits; this class makes sure it runs once per burst of
    changes and only when the target chat may be written to.
    """

    def __init__(self, flush: Callable[[int, str], Awaitable[None]]) -> None:
        self._flush = flush
        self.closed = False
        self._dirty: set[tuple[int, str]] = set()
        self._tasks: dict[tuple[int, str], asyncio.Task[None]] = {}

    def touch(self, chat_id: int, slot: str) -> None:
        if self.closed:
            return  # stopping: what is left is re-done at the next start
        k = (chat_id, slot)
        self._dirty.add(k)
        if k not in self._tasks:
            self._tasks[k] = asyncio.get_running_loop().create_task(self._run(k))

    def pending(self, chat_id: int, slot: str) -> bool:
        """Whether a refresh of the slot is queued and has not begun drawing yet
        (it will draw whatever is latest then)."""
        return (chat_id, slot) in self._dirty

    async def _run(self, k: tuple[int, str]) -> None:
        pause = RETRY_FIRST_S
        try:
            while k in self._dirty:
                self._dirty.discard(k)
                try:
                    await self._flush(*k)
                    pause = RETRY_FIRST_S
                except asyncio.CancelledError:
                    raise
                except Exception as e:
                    if not isinstance(e, RedisError) and not metrics.passing(e):
                        log.exception("refreshing %s failed", k)
                        continue
                    # drawn again once Redis or Telegram is back: a screen left stale after
                    # an outage (the current player's hand not saying it is their turn)
                    # stalls the game
                    if isinstance(e, RedisError):
                        log.warning("refreshing %s: redis unavailable (%s), again in %.1f s", k, e, pause)
                    self._dirty.add(k)
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, RETRY_MAX_S)
        finally:
            self._tasks.pop(k, None)

    async def close(self) -> None:
        """Stop refreshing (shutdown): pending refreshes are re-done at the next start."""
        self.closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def not_modified(e: BadRequest) -> bool:
    return "not modified" in e.message.lower()


def message_gone(e: BadRequest) -> bool:
    text = e.message.lower()
    return "message to edit not found" in text or "message can't be edited" in text


def undeletable(e: BadRequest) -> bool:
    """Telegram keeps the message: older than 48 hours ("message can't be deleted",
    "... for everyone")."""
    return "can't be deleted" in e.message.lower()


def buried(to: int, message_id: int | None, newest: int | None) -> bool:
    """Whether a hand's message (in the private chat ``to``) has a newer message of the
    bot's below it: any message ``Store.newest`` knows of, from any chat's game."""
    return to > 0 and message_id is not None and newest is not None and newest > message_id


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
        self.links = NO_LINKS  # the Mini App the screens open (bot.miniapp)
        # the users whose Mini App page of a chat is open: their hand message waits (bot.miniapp.live)
        self.open_pages: Callable[[int], Awaitable[set[int]]] | None = None
        self.worker_id = secrets.token_hex(6)
        self.refreshes = Refreshes(self._flush)
        # whether a hand waiting to be redrawn is its owner's to act on now, as of
        # the latest change (a waiting send moves up when it becomes so)
        self._must_act: dict[tuple[int, str], bool] = {}
        # the latest drawing of each screen, with the session object and language it
        # was drawn from: a saved session is never changed, so the same object draws
        # the same screen (a change draws each hand once to compare, and its flush
        # draws it again twice)
        self._drawn: dict[tuple[int, str], tuple[Session, str, Rendered]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._later: dict[tuple[int, str], asyncio.TimerHandle] = {}
        self._failing: set[tuple[int, str]] = set()  # screens whose last send failed
        self._outgoing: dict[int, deque[Outgoing]] = {}  # each chat's messages, in order
        # what the referee does when Telegram says a group moved (old id, new id) or
        # removed the bot (its id)
        self.moved: Callable[[int, int], Awaitable[None]] = _nothing
        self.removed: Callable[[int], Awaitable[None]] = _nothing
        self._admin: dict[int, tuple[bool, float]] = {}  # group -> (the bot is its admin, until)

    def touch(self, chat_id: int, slot: str, must_act: bool | None = None) -> None:
        """Redraw ``slot`` (``board``, ``hand:<user>``, ``eph:<user>``) when the budget allows."""
        if must_act is not None:
            self._must_act[(chat_id, slot)] = must_act
        self.refreshes.touch(chat_id, slot)

    def touch_hand(self, chat_id: int, user_id: int) -> None:
        """Redraw ``user_id``'s hand, wherever it is shown (a hand in the group not open is
        left as it is)."""
        self.touch(chat_id, f"{HAND}{user_id}")
        self.touch(chat_id, f"{IN_GROUP}{user_id}")

    async def close(self) -> None:
        for handle in self._later.values():
            handle.cancel()
        self._later.clear()
        left = sum(len(q) for q in self._outgoing.values())
        if left:
            log.warning("stopping with %d messages not sent yet (Telegram held them)", left)
        for task in list(self._tasks):
            if task.get_name().startswith("post:"):
                task.cancel()
        await self.idle()
        await self.refreshes.close()

    def _again_in(self, chat_id: int, slot: str, seconds: float) -> None:
        """Touch ``slot`` in ``seconds`` (once, however often asked meanwhile)."""
        key = (chat_id, slot)
        if key in self._later:
            return

        def again() -> None:
            self._later.pop(key, None)
            self.refreshes.touch(chat_id, slot)

        self._later[key] = asyncio.get_running_loop().call_later(seconds, again)

    def _look_again(self, chat_id: int, slot: str) -> None:
        """Touch ``slot`` once its lock has surely expired: the worker holding it was
        left a note to draw it again, but a worker killed holding it never will."""
        self._again_in(chat_id, slot, SCREEN_LOCK_MS / 1000 + 0.1)

    def spawn(self, coro: Awaitable[Any], name: str = "") -> asyncio.Task[Any]:
        """Run ``coro`` in the background, kept until it is done (``idle`` waits for it)."""
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        if name:
            task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def redraw_soon(self, session: Session, every: bool = False) -> None:
        """``redraw`` in the background: a press is answered without waiting for it."""
        self.spawn(self._redraw(session, every))

    async def idle(self) -> None:
        """Wait for the redraws and messages under way (tests; shutdown)."""
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
        queued = {m.id for m in people if self.refreshes.pending(chat_id, f"hand:{m.id}")}
        every = every or len(queued) == len(people)
        shown = await self.store.shown(chat_id)  # (the hands in the group: which are open)
        settings = None if every else await self.store.settings(chat_id)
        paged = await self.open_pages(chat_id) if self.open_pages is not None else set()
        for m in people:
            if m.id in paged:
                continue  # their Mini App page is open: it shows the change
            must_act = screens.urgent(m.id, waits)
            for slot in (f"{HAND}{m.id}", f"{IN_GROUP}{m.id}"):
                in_group = slot.startswith(IN_GROUP)
                if in_group and slot not in shown and (not must_act or self.not_admin(chat_id)):
                    continue  # not open, and not to be brought: it comes with «🃏 My cards»
                lang = self.pick_lang(settings, m.lang)
                if not every and (in_group or m.id not in queued) and self._shows(session, slot, lang, shown):
                    continue
                self.touch(chat_id, slot, must_act=must_act)

    def _shows(self, session: Session, slot: str, lang: str, shown: dict[str, Shown]) -> bool:
        """Whether the message of ``slot`` shows ``session`` already (or a held screen)."""
        msg_id, digest, pending = shown.get(slot, (None, None, None))
        if msg_id is None:
            return False
        drawn = self._draw(session, slot, lang)
        return drawn.hold or digest == pending == drawn.digest()

    async def message(
        self,
        chat_id: int,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        id_to: tuple[int, str] | None = None,
        thread: int | None = None,
        patience_s: float = MESSAGE_PATIENCE_S,
        still: Callable[[], Awaitable[bool]] | None = None,
    ) -> bool:
        """One message of its own (an announcement, a reply, a private note), after the
        chat's earlier ones, within the budget, sent again until it lands (``id_to``:
        the chat and slot whose message id it becomes; ``thread``: a group's forum
        topic).  False: Telegram refused it for good (a user who blocked the bot,
        a group that removed it, a bad request).  True: it went out — or, after
        ``patience_s`` (a flood wait, an outage), it is on its way and goes later —
        if ``still`` says, before each try, that it is still to go (else it is dropped)."""
        r = sizing.message(text, markup, "a message")
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        queue = self._outgoing.get(chat_id)
        if queue is None:
            queue = self._outgoing[chat_id] = deque()
            self.spawn(self._post(chat_id, queue), name=f"post:{chat_id}")
        queue.append(Outgoing(chat_id, r.text, r.markup, id_to, thread, done, still))
        await asyncio.wait({done}, timeout=patience_s)
        if not done.done():
            return True  # on its way
        return not done.cancelled() and done.result()

    async def _post(self, chat_id: int, queue: deque[Outgoing]) -> None:
        """Send a chat's messages one after another, each until it lands or is refused."""
        try:
            while queue:
                item = queue[0]
                try:
                    sent = await self._deliver(item)
                except Exception:
                    log.exception("sending a message to %s failed", item.chat_id)
                    sent = False
                queue.popleft()
                if not item.done.done():
                    item.done.set_result(sent)
        finally:
            if self._outgoing.get(chat_id) is queue:
                del self._outgoing[chat_id]
            for item in queue:  # shutdown: nobody waits for them any more
                item.done.cancel()

    async def _deliver(self, item: Outgoing) -> bool:
        """One message, again and again until it lands (flood waits and outages waited
        out, a migrated group followed); False when Telegram refuses it for good."""
        pause = RETRY_FIRST_S
        while True:
            try:
                await self.limits.acquire(item.chat_id)
                if item.still is not None and not await item.still():
                    return False  # what it said is over (it waited out a flood or an outage)
                sent = await self.bot.send_message(
                    item.chat_id,
                    item.text,
                    parse_mode=ParseMode.HTML,
                    reply_markup=item.markup,
                    message_thread_id=item.thread,
                    link_preview_options=NO_PREVIEW,
                )
                if item.id_to is not None:
                    await self.store.set_message(*item.id_to, sent.message_id, "")
                await self._noted(item.chat_id, sent.message_id)
                return True
            except RetryAfter as e:
                await self.flooded(item.chat_id, e)
                continue  # the next acquire waits the flood out
            except ChatMigrated as e:
                await self.moved(item.chat_id, e.new_chat_id)
                item.chat_id = e.new_chat_id
                continue
            except TelegramError as e:
                if not metrics.passing(e):
                    await self.refused(item.chat_id, e, "a message")
                    return False
                metrics.TROUBLE.failure(e, "message")
            except RedisError as e:
                log.warning("sending a message to %s: redis unavailable (%s)", item.chat_id, e)
            await asyncio.sleep(pause)
            pause = min(pause * 2, RETRY_MAX_S)

    async def _noted(self, chat_id: int, message_id: int) -> None:
        """``message_id`` is the newest message of the private chat ``chat_id`` (a hand
        above it moves below at its next change); Redis away only leaves it unnoted:
        a message sent is never sent again for it."""
        if chat_id <= 0:
            return
        try:
            await self.store.note_sent(chat_id, message_id)
        except RedisError as e:
            log.warning("noting message %s of %s: redis unavailable (%s)", message_id, chat_id, e)

    async def flooded(self, chat_id: int, e: RetryAfter) -> float:
        """Telegram's flood wait for ``chat_id``: every worker holds the chat until it ends."""
        wait = metrics.seconds(e)
        log.warning("telegram: flood wait of %.0f s for chat %s", wait, chat_id)
        await self.limits.hold(chat_id, wait)
        return wait

    async def refused(self, chat_id: int, e: TelegramError, what: str) -> None:
        """Telegram refused a send for good: a user who blocked the bot is not written
        to any more, a group that removed it ends its game, anything else is logged."""
        if isinstance(e, Forbidden):
            metrics.DROPPED.labels("forbidden").inc()
            if chat_id > 0:
                if await self.store.started(chat_id):
                    metrics.BLOCKED.inc()
                    log.info("user %s blocked the bot: not written to until they press again", chat_id)
                await self.store.forget_started(chat_id)
            else:
                await self.removed(chat_id)
            return
        metrics.DROPPED.labels("refused").inc()
        log.warning("telegram refused %s for %s: %s", what, chat_id, e.message)

    # --- «your turn» (bot.nudges) -------------------------------------------------------

    async def nudge(self, chat_id: int, player: int, text: str, still: Callable[[], Awaitable[bool]]) -> None:
        """A short message that notifies ``player``, within their private budget; its id
        is kept to delete it later (and it goes at once if, meanwhile, they acted:
        ``still`` says whether they are still waited on)."""
        if not await self.store.started(player):
            return
        if not await self.message(player, text, id_to=(chat_id, nudges.slot(player)), still=still):
            return
        if not await still():
            await self.unnudge(chat_id, player)

    async def unnudge(self, chat_id: int, player: int) -> None:
        """Delete ``player``'s nudge of this chat, if one is shown."""
        msg_id, _, _ = await self.store.message(chat_id, nudges.slot(player))
        if msg_id is None:
            return
        if not await self.store.forget_message(chat_id, nudges.slot(player)):
            return  # another worker (or task) forgot it first, and deletes it
        try:
            await self.bot.delete_message(player, msg_id)
        except TelegramError as e:  # gone already (deleted by them), too old, or Telegram away
            log.info("nudge %s of %s not deleted: %s", msg_id, player, e)

    # --- what a screen should show ------------------------------------------------------

    async def render(self, chat_id: int, slot: str, looked: Looked | None = None) -> Look | None:
        """The screen in ``slot`` as it should look now, whom it goes to, the forum
        topic a new message of it goes to, and what its message shows now (from
        ``looked``, a look at the chat just taken, else from a look now)."""
        session, settings, shown = looked if looked is not None else await self.store.look(chat_id, slot)
        if session is None:
            return None
        if slot == "board":
            if session.removed:
                return None  # the group removed the bot: nothing more goes there
            lang = self.pick_lang(settings, session.lang)
            drawn = self._draw(session, slot, lang)
            return Look(chat_id, drawn, session.thread_id, shown, lang, session.game_id)
        user_id = owner(slot)
        if session.state is None:
            return None
        member = session.member(user_id)
        lang = self.pick_lang(settings, member.lang if member else None)
        drawn = self._draw(session, slot, lang)
        if slot.startswith(IN_GROUP):
            if session.removed:
                return None  # the group removed the bot: nothing more goes there
            return Look(chat_id, drawn, session.thread_id, shown, lang, session.game_id, user_id)
        return Look(user_id, drawn, None, shown, lang, session.game_id)

    def _draw(self, session: Session, slot: str, lang: str) -> Rendered:
        """The screen ``slot`` of ``session`` (a saved one: never changed) in ``lang``."""
        key = (session.chat_id, slot)
        hit = self._drawn.get(key)
        if hit is not None and hit[0] is session and hit[1] == lang:
            return hit[2]
        if slot == "board":
            drawn = screens.draw_board(self.t, lang, session, self.bot.username, self.links)
        else:
            player, in_group = owner(slot), slot.startswith(IN_GROUP)
            drawn = screens.draw_hand(
                self.t, lang, session, player, self.bot.username, self.links, in_group=in_group
            )
        self._drawn.pop(key, None)
        self._drawn[key] = (session, lang, drawn)
        if len(self._drawn) > DRAWN_CACHE:
            self._drawn.pop(next(iter(self._drawn)))
        return drawn

    async def _outdated(self, chat_id: int, slot: str, looked: Looked) -> Due | None:
        """Whom to send the screen to, if what they see is not what it shows now,
        whether it is urgent (they must act now), and (a hand shown already) the
        newest message of their private chat: a hand above it moves below."""
        unopened = slot.startswith(IN_GROUP) and looked[2][0] is None
        if unopened and not await self._may_bring(chat_id, owner(slot)):
            return None  # not open, and not to be brought: not even drawn
        first = await self.render(chat_id, slot, looked)
        if first is None:
            return None
        target, rendered, _, (msg_id, digest, pending), *_, receiver = first
        if msg_id is not None and (rendered.hold or digest == pending == rendered.digest()):
            return None  # shown already, or a held screen: what the message shows may stay
        if receiver is not None:  # a hand in the group: edited while open, else brought unasked
            if msg_id is None and not rendered.urgent:
                return None  # brought only when something waits on them
            return Due(target, rendered.urgent)
        if target > 0 and not await self.store.started(target):
            return None  # never write to someone who has not opened (or has blocked) the bot
        newest = await self.store.newest(target) if target > 0 and msg_id is not None else None
        return Due(target, rendered.urgent, newest)

    async def _may_bring(self, chat_id: int, receiver: int) -> bool:
        """Whether a hand in the group that is not open may come unasked (when something
        waits on its owner: their turn, a reaction, a prompt): from a bot that is the
        group's admin, to a player it cannot write to in private."""
        return await self.admin(chat_id) and not await self.store.started(receiver)

    def not_admin(self, chat_id: int) -> bool:
        """Whether Telegram said lately that the bot is not the group's admin."""
        known = self._admin.get(chat_id)
        return known is not None and not known[0] and known[1] > time.monotonic()

    async def admin(self, chat_id: int) -> bool:
        """Whether the bot is the group's admin (and so may send an ephemeral message at any
        time), as Telegram said within ``ADMIN_TTL_S`` (or ``knows_admin`` since)."""
        known = self._admin.get(chat_id)
        now = time.monotonic()
        if known is not None and known[1] > now:
            return known[0]
        try:
            member = await self.bot.get_chat_member(chat_id, self.bot.id)
            yes = member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
        except TelegramError as e:
            if isinstance(e, RetryAfter) or metrics.passing(e):
                raise
            yes = False
        self.knows_admin(chat_id, yes)
        return yes

    def knows_admin(self, chat_id: int, yes: bool) -> None:
        """Telegram said whether the bot is the group's admin (``my_chat_member``, a refusal)."""
        self._admin[chat_id] = (yes, time.monotonic() + ADMIN_TTL_S)

    async def _paged(self, chat_id: int, user_id: int) -> bool:
        """Whether ``user_id``'s Mini App page of ``chat_id`` is open (its hand message waits)."""
        return self.open_pages is not None and user_id in await self.open_pages(chat_id)

    # --- sending ------------------------------------------------------------------------

    async def _flush(self, chat_id: int, slot: str) -> None:
        # The lock comes before rendering: with several workers, a screen another
        # worker is already refreshing costs this one a Redis call, not a render.
        # That worker is left a note (in the same call) and draws it once more.
        # The look at the chat comes with the lock, and what the message shows
        # after a send goes with its release.
        again = False
        try:
            if slot != "board" and await self._paged(chat_id, int(slot.split(":", 1)[1])):
                return  # their Mini App page shows it; the message catches up once it closes
            looked = await self.store.claim_screen(chat_id, slot, self.worker_id, SCREEN_LOCK_MS)
            if looked is None:
                self._look_again(chat_id, slot)
                return
            sent: Planned | None = None
            try:
                outdated = await self._outdated(chat_id, slot, looked)
                if outdated is not None:
                    sent = await self._send_screen(chat_id, slot, *outdated)
            except Later as e:  # its chat may not be written to yet: the lock is let go meanwhile
                self._again_in(chat_id, slot, e.seconds)
            finally:
                if sent is not None and sent.replaces is not None:  # moved below: the old one goes
                    self.spawn(self._retire(sent.to, sent.replaces, sent.lang))
                done = None if sent is None or sent.message_id is None else (sent.message_id, sent.digest)
                game = sent.game if sent is not None else ""
                again = await self.store.release_screen(chat_id, slot, self.worker_id, done, game)
        finally:
            self._must_act.pop((chat_id, slot), None)
        if again:
            self.refreshes.touch(chat_id, slot)

    async def _plan(self, chat_id: int, slot: str, newest: int | None = None) -> Planned | None:
        """Render the latest state once the budget is free (it may have moved while we
        waited): an edit of its message, or a new message — the first, one whose
        message is gone, or a hand that moves below ``newest`` (``buried``)."""
        latest = await self.render(chat_id, slot)
        if latest is None:
            return None
        to, rendered, thread, (msg_id, digest, pending), lang, game, receiver = latest
        new = rendered.digest()
        replaces = None
        if receiver is not None:  # a hand in the group: an edit whose outcome is unknown is made again
            if msg_id is not None and pending == digest and (digest == new or rendered.hold):
                return None
        elif msg_id is not None and pending != digest:
            # an edit (or a move) whose outcome a crash or a failure hid: posted anew, and
            # a hand's old message goes (it may show this very screen: one hand is live)
            replaces, msg_id = (msg_id if to > 0 else None), None
        elif msg_id is not None and (digest == new or rendered.hold):
            return None
        elif buried(to, msg_id, newest):
            replaces, msg_id = msg_id, None
        return Planned(to, rendered, new, msg_id, thread, digest, replaces, lang, game, receiver)

    async def _send_screen(
        self, chat_id: int, slot: str, target: int, urgent: bool = False, newest: int | None = None
    ) -> Planned | None:
        """Send the screen within the budget: what went, with the message it went in
        (for ``Store.release_screen`` to record), None if nothing went."""
        plan: dict[str, Planned] = {}

        async def prepare() -> bool:
            found = await self._plan(chat_id, slot, newest)
            if found is not None:
                plan["it"] = found
            return found is not None

        def must_act() -> bool:
            return self._must_act.get((chat_id, slot), urgent)

        if not await self.limits.acquire(target, SCREEN_PATIENCE_S, prepare=prepare, urgent=must_act):
            return None
        p = plan["it"]
        await self.store.set_pending(chat_id, slot, p.digest)
        try:
            if p.receiver is None:
                msg_id: int | None = await self._edit_or_send(p)
            else:
                msg_id = await self._in_group(chat_id, slot, p)
        except TelegramError as e:
            if p.message_id is not None and (isinstance(e, RetryAfter) or metrics.passing(e)):
                # the edit did not take (or took and may be made again): the message
                # shows what it showed, and is edited, not posted anew, next time
                await self.store.set_pending(chat_id, slot, p.shown or "")
            await self._failed(chat_id, slot, p, e)
            return None
        if (chat_id, slot) in self._failing:
            self._failing.discard((chat_id, slot))
            metrics.HEALED.inc()
        if msg_id is None:
            return None
        p.message_id = msg_id
        return p

    async def _failed(self, chat_id: int, slot: str, p: Planned, e: TelegramError) -> None:
        """A screen's send failed: drawn again when the flood wait ends (``Later``) or
        shortly (a passing failure, raised again for ``Refreshes``), moved with its
        game, or given up (refused for good)."""
        if isinstance(e, RetryAfter):  # drawn again, as it is then, once the wait is over
            raise Later(await self.flooded(p.to, e)) from None
        if isinstance(e, ChatMigrated):  # the game moves, and its screens are drawn there
            await self.moved(chat_id, e.new_chat_id)
            return
        if metrics.passing(e):
            metrics.TROUBLE.failure(e, "screen")
            self._failing.add((chat_id, slot))
            raise e  # drawn again shortly (``Refreshes``), as it is then
        await self.refused(p.to, e, f"the screen {slot} of {chat_id}")

    async def _edit_or_send(self, p: Planned) -> int:
        """Edit the message in place, or send it anew (none yet, or it is gone)."""
        msg_id = p.message_id
        r = p.rendered
        if msg_id is not None:
            try:
                await self.bot.edit_message_text(
                    r.text, chat_id=p.to, message_id=msg_id, reply_markup=r.markup, parse_mode=ParseMode.HTML
                )
                metrics.SCREENS.labels("edited").inc()
                return msg_id
            except BadRequest as e:
                if message_gone(e):
                    msg_id = None
                elif not not_modified(e):
                    raise
        if msg_id is not None:
            return msg_id
        message = await self.bot.send_message(
            p.to,
            r.text,
            reply_markup=r.markup,
            parse_mode=ParseMode.HTML,
            message_thread_id=p.thread,
            disable_notification=p.replaces is not None,  # a hand moved below: an edit, in effect
        )
        metrics.SCREENS.labels("sent").inc()
        await self._noted(p.to, message.message_id)
        return int(message.message_id)

    async def _in_group(self, chat_id: int, slot: str, p: Planned) -> int | None:
        """A hand in the group: its message edited, or (``_may_bring``) sent; its ephemeral
        id, None if Telegram would not take it.  An edit refused is forgotten (the app lost
        the message, or its owner dismissed it), never tried again: the board's button
        brings it back."""
        assert p.receiver is not None
        r = p.rendered
        try:
            if p.message_id is None:
                sent = await ephemeral.send(self.bot, chat_id, p.receiver, r.text, r.markup, p.thread)
                metrics.SCREENS.labels("sent").inc()
                return sent
            await ephemeral.edit_text(self.bot, chat_id, p.receiver, p.message_id, r.text, r.markup)
            metrics.SCREENS.labels("edited").inc()
            return p.message_id
        except BadRequest as e:
            if p.message_id is not None and not_modified(e):
                return p.message_id
            if "rights" in e.message.lower():  # no admin after all
                self.knows_admin(chat_id, False)
            log.info("the hand of %s in %s is not shown: %s", p.receiver, chat_id, e.message)
            if p.message_id is not None:
                await self.store.forget_message(chat_id, slot)
            return None

    async def show_hand(self, chat_id: int, user_id: int, query_id: str) -> bool:
        """«🃏 My cards» pressed by ``user_id`` (a player of the chat's game): their hand,
        sent anew in the group for them alone, below what the group shows (within 15 s of
        the press ``query_id``, as Telegram lets any bot); the one shown before goes.
        False: it could not be sent now (the group's budget, Telegram away)."""
        slot = f"{IN_GROUP}{user_id}"
        for _ in range(SHOW_TRIES):  # another worker draws it: a moment
            looked = await self.store.claim_screen(chat_id, slot, self.worker_id, SCREEN_LOCK_MS)
            if looked is not None:
                break
            await asyncio.sleep(RETRY_FIRST_S / 2)
        else:
            return False
        sent: tuple[int, str] | None = None
        look = None
        try:
            look = await self.render(chat_id, slot, looked)
            if look is None:
                return False
            r = look.rendered
            await self.limits.acquire(chat_id, SHOW_PATIENCE_S, urgent=True)
            sent = (
                await ephemeral.send(self.bot, chat_id, user_id, r.text, r.markup, look.thread, query_id),
                r.digest(),
            )
            metrics.SCREENS.labels("sent").inc()
        except (TelegramError, Later) as e:
            if isinstance(e, RetryAfter):
                await self.flooded(chat_id, e)
            log.info("the hand of %s in %s is not shown: %s", user_id, chat_id, e)
            return False
        finally:
            game = look.game if look is not None else ""
            again = await self.store.release_screen(chat_id, slot, self.worker_id, sent, game)
            if again:
                self.refreshes.touch(chat_id, slot)
        old = look.shown[0]
        if old is not None and old != sent[0]:
            self.spawn(self._dismiss(chat_id, user_id, old))
        return True

    async def _dismiss(self, chat_id: int, user_id: int, ephemeral_id: int) -> None:
        """A hand in the group that a newer one replaced: deleted (gone already: fine),
        through an outage or a short flood wait ``RETIRE_TRIES`` times in all, as a moved
        private hand is (``_retire``): an old hand left on screen would show an old game."""
        pause = RETRY_FIRST_S
        for _ in range(RETIRE_TRIES):
            try:
                await ephemeral.delete(self.bot, chat_id, user_id, ephemeral_id)
                return
            except RetryAfter as e:
                wait = metrics.seconds(e)
                if wait > RETIRE_PATIENCE_S:
                    break
                await asyncio.sleep(wait)
            except TelegramError as e:
                if not metrics.passing(e):  # gone already, or refused for good
                    log.info("the old hand %s of %s in %s stays: %s", ephemeral_id, user_id, chat_id, e)
                    return
                metrics.TROUBLE.failure(e, "delete")
                await asyncio.sleep(pause)
                pause = min(pause * 2, RETRY_MAX_S)
        log.warning(
            "the old hand %s of %s in %s not deleted: Telegram did not answer in time",
            ephemeral_id,
            user_id,
            chat_id,
        )

    async def _retire(self, to: int, message_id: int, lang: str) -> None:
        """A moved hand's old message, in the private chat ``to``: deleted.  One Telegram
        keeps (older than 48 hours) is edited once to a line pointing below, without
        buttons, so that one hand of the game only can be pressed; one already gone
        (deleted by its owner) is forgotten.  An outage or a short flood wait is tried
        again, ``RETIRE_TRIES`` times in all: whatever is left is logged, and forgotten."""
        pause = RETRY_FIRST_S
        for _ in range(RETIRE_TRIES):
            try:
                await self.bot.delete_message(to, message_id)
                return
            except BadRequest as e:
                if undeletable(e):
                    await self._mark_moved(to, message_id, lang)
                else:
                    log.info("moved hand %s of %s not deleted: %s", message_id, to, e.message)
                return
            except RetryAfter as e:
                wait = await self.flooded(to, e)
                if wait > RETIRE_PATIENCE_S:
                    break
                await asyncio.sleep(wait)
            except TelegramError as e:
                if not metrics.passing(e):
                    log.info("moved hand %s of %s not deleted: %s", message_id, to, e.message)
                    return
                metrics.TROUBLE.failure(e, "delete")
                await asyncio.sleep(pause)
                pause = min(pause * 2, RETRY_MAX_S)
        log.warning("moved hand %s of %s not deleted: Telegram did not answer in time", message_id, to)

    async def _mark_moved(self, to: int, message_id: int, lang: str) -> None:
        """The old message of a moved hand, which Telegram keeps: its buttons taken away,
        and a line pointing to the hand below, within the chat's budget; tried once."""
        try:
            await self.limits.acquire(to, SCREEN_PATIENCE_S)
            text = self.t(lang, "hand-moved")
            await self.bot.edit_message_text(text, chat_id=to, message_id=message_id, reply_markup=None)
        except (TelegramError, RedisError, Later) as e:
            log.info("moved hand %s of %s kept as it was: %s", message_id, to, e)
