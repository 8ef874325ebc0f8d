"""The Mini App's pages, live, on every worker.

A saved change of a chat is published on one Redis channel (``CHANNEL``, the
chat id as the message); every worker listens once and wakes the pages of that
chat it holds open, which then draw the latest state.  Classic ``PUBLISH``: on
a Redis Cluster every node forwards it to the others, so a worker hears it on
whichever node it listens to (and listens again on another after a failover).

Which pages are open: ``cards:{chat}:pages`` maps a user to when their page's
mark lapses (ms), renewed by the open page (``RENEW_S``).  While a player's
page is open their private hand message is not redrawn on every change
(``bot.sender``): the budget goes where it is needed; closed, it catches up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable

from redis.exceptions import RedisError

from bot.session import ChatSettings, Session
from bot.store import PREFIX, Sessions, key

log = logging.getLogger(__name__)
CHANNEL = f"{PREFIX}:live"
MARK_MS = 45_000  # an open page's mark lapses this long after its last renewal
RENEW_S = 15.0  # how often an open page renews its mark (and the stream says it is alive)
RETRY_S = (0.2, 5.0)  # listening again after Redis failed: the first pause, the longest


def pages_key(chat_id: int) -> str:
    return key(chat_id, "pages")


class Live:
    """One worker's side: publish a chat's changes, wake the pages it holds open."""

    def __init__(self, store: Sessions, now_ms: Callable[[], int]) -> None:
        self.store = store
        self.now_ms = now_ms
        self._watchers: dict[int, set[asyncio.Event]] = {}
        # each chat's latest load since its latest change: shared by the pages it woke
        self._loads: dict[int, asyncio.Task[tuple[Session | None, ChatSettings]]] = {}
        self._task: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()  # set while subscribed (tests wait on it)

    async def publish(self, chat_id: int) -> None:
        """Tell every worker's open pages of ``chat_id`` that it changed."""
        if self._watchers.get(chat_id):
            self._wake(chat_id)  # this worker's own pages at once
        try:
            await self.store.r.publish(CHANNEL, str(chat_id))
        except RedisError as e:
            log.warning("could not publish a change of chat %s: %s", chat_id, e)

    @contextlib.asynccontextmanager
    async def watch(self, chat_id: int) -> AsyncIterator[asyncio.Event]:
        """An event set whenever ``chat_id`` changes, for as long as the page is open."""
        event = asyncio.Event()
        self._watchers.setdefault(chat_id, set()).add(event)
        try:
            yield event
        finally:
            left = self._watchers.get(chat_id, set())
            left.discard(event)
            if not left:
                self._watchers.pop(chat_id, None)
                self._loads.pop(chat_id, None)

    def _wake(self, chat_id: int) -> None:
        self._loads.pop(chat_id, None)  # a load begun before this change may not show it
        for event in self._watchers.get(chat_id, ()):
            event.set()

    async def latest(self, chat_id: int) -> tuple[Session | None, ChatSettings]:
        """The chat's saved session (``Sessions.load_shared``: read only), for a page woken
        by a change: one load for every page of the chat it woke, begun after it."""
        task = self._loads.get(chat_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self.store.load_shared(chat_id))
            self._loads[chat_id] = task
            task.add_done_callback(lambda done: self._loaded(chat_id, done))
        return await asyncio.shield(task)

    def _loaded(self, chat_id: int, task: asyncio.Task[tuple[Session | None, ChatSettings]]) -> None:
        failed = task.cancelled() or task.exception() is not None  # (retrieved: its pages may have gone)
        if failed and self._loads.get(chat_id) is task:
            self._loads.pop(chat_id)  # the next page asks Redis again

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._listen(), name="miniapp-live")

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _listen(self) -> None:
        pause = RETRY_S[0]
        while True:
            try:
                await self._subscribed()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # Redis gone, a cluster node failed over: listen again
                self.listening.clear()
                log.warning("listening for changes failed (%s): again in %.1f s", e, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, RETRY_S[1])
                for chat_id in list(self._watchers):  # what was missed meanwhile: draw again
                    self._wake(chat_id)

    async def _subscribed(self) -> None:
        pubsub = self.store.r.pubsub()
        try:
            await pubsub.subscribe(CHANNEL)
            self.listening.set()
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=RENEW_S)
                if message is not None and message.get("type") == "message":
                    with contextlib.suppress(ValueError):
                        self._wake(int(message["data"]))
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    # --- which pages are open -------------------------------------------------------------

    async def opened(self, chat_id: int, user_id: int) -> None:
        """``user_id``'s page of ``chat_id`` is open (renewed while it stays so)."""
        name = pages_key(chat_id)
        now = self.now_ms()
        pipe = self.store.r.pipeline(transaction=False)
        pipe.hset(name, str(user_id), str(now + MARK_MS))
        pipe.pexpire(name, MARK_MS * 2)
        await pipe.execute()

    async def closed(self, chat_id: int, user_id: int) -> None:
        await self.store.r.hdel(pages_key(chat_id), str(user_id))


async def open_pages(store: Sessions, chat_id: int, now_ms: int) -> set[int]:
    """The users whose page of ``chat_id`` is open now."""
    marks = await store.r.hgetall(pages_key(chat_id))
    found: set[int] = set()
    for user, until in marks.items():
        with contextlib.suppress(ValueError):
            if int(until) > now_ms:
                found.add(int(user))
    return found
