"""Time in the games: deadlines in Redis, fired by whichever worker claims them.

Every live game's next deadline (``Game.next_deadline``) is one entry of a
sorted set in Redis (one of ``store.TIMER_SHARDS``, by chat); a worker that
finds an entry due claims it (one ZREM: only one worker wins) and lets time
pass in that chat, through the same transaction as a press.  A restarted or a
second worker fires what the first left.

A timer whose change fails is logged with its chat and tried again after 1,
2, 4… s (Redis being away, or the chat's master failing over, is not such a
failure: the deadline is tried again every second until Redis answers, and a
deadline lost meanwhile is put back from the sessions as soon as it does);
after ``MAX_FAILURES`` in a row it is dropped, the chat is told the referee
hit an error (``/board`` redraws), and the chat's timer stays off until the
game changes again — never fired every 30 s for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Literal

from redis.exceptions import RedisError

from bot.session import Session
from bot.store import Store

log = logging.getLogger(__name__)

RECONCILE_S = 30.0
MAX_TIMER_SLEEP_S = 0.5
MAX_FAILURES = 4
RETRY_BASE_MS = 1_000


def now_ms() -> int:
    return int(time.time() * 1000)


class Timers:
    def __init__(
        self,
        store: Store,
        deadline: Callable[[Session], int | None],
        tick: Callable[[int], Awaitable[None]],
        failed: Callable[[int], Awaitable[None]],
    ) -> None:
        self.store = store
        self._deadline = deadline  # when time alone changes this session's game
        self._tick = tick  # let time pass in a chat (a transaction)
        self._failed = failed  # tell a chat its timer was dropped
        self._wake = asyncio.Event()
        self._sleeping_until_ms = 0  # when the loop looks again by itself
        self._tasks: set[asyncio.Task[None]] = set()
        self._lost = False  # a deadline may have been lost to Redis being away: reconcile
        self._unread = 0  # timer shards out of reach at the last look

    async def schedule(self, session: Session, due: int | Literal["ask"] | None = "ask") -> None:
        """The chat's next deadline, as its game stands now (none once it is over):
        ``due`` when the change found it, else asked (``deadline``)."""
        if session.status != "playing" or session.state is None:
            due = None
        elif due == "ask":
            due = self._deadline(session)
        await self.store.set_timer(session.chat_id, due)
        if due is not None and due < self._sleeping_until_ms:
            self._wake.set()  # due before the loop would look again

    async def run(self) -> None:
        """Fire due deadlines until cancelled; survives Redis outages."""
        last_reconcile = time.monotonic()
        outage = False
        while True:
            # Awake: a deadline set from now on wakes the next wait at once (the
            # reads below may have missed it).
            self._wake.clear()
            self._sleeping_until_ms = 2**62
            try:
                wait, whole = await self._fire_due()
                if self._lost:
                    self._lost, outage = False, True
                if not whole:
                    outage = True
                elif time.monotonic() - last_reconcile > (RETRY_BASE_MS / 1000 if outage else RECONCILE_S):
                    # back from an outage or a failover, which may have lost a deadline
                    # written just before it (the sessions are kept, the timers not waited for)
                    last_reconcile = time.monotonic()
                    outage = not await self.reconcile()
            except RedisError as e:
                log.warning("timers: redis unavailable (%s)", e)
                outage = True
                wait = 1.0
            self._sleeping_until_ms = now_ms() + int(wait * 1000)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    async def _fire_due(self) -> tuple[float, bool]:
        """Claim and fire what is due; how long to sleep before looking again, and
        whether every shard answered.  A shard out of reach (its master failing
        over) holds up only its own chats."""
        now = now_ms()
        due, nxt, unread = await self.store.timers(now)
        whole = not unread
        if unread != self._unread:  # said once, and again when it changes
            if unread:
                log.warning("timers: %d of the timer shards out of reach", unread)
            else:
                log.info("timers: every timer shard answers again")
            self._unread = unread
        for chat_id in due:
            try:
                claimed = await self.store.claim_timer(chat_id, now)
            except RedisError as e:
                log.warning("timer of %s: redis unavailable for its claim (%s)", chat_id, e)
                whole = False
                continue
            if claimed:
                self.spawn(self._fire(chat_id))
        if due:
            return 0.01, whole  # more may be due than one look returned
        if nxt is None:
            return MAX_TIMER_SLEEP_S, whole
        return min(max((nxt - now_ms()) / 1000, 0.01), MAX_TIMER_SLEEP_S), whole

    async def _fire(self, chat_id: int) -> None:
        try:
            await self._tick(chat_id)
        except RedisError as e:
            # Redis away (or the chat's master failing over) is not the game's failure:
            # tried again in a second, however long it lasts
            log.warning("timer of %s: redis unavailable (%s)", chat_id, e)
            try:
                await self.store.set_timer(chat_id, now_ms() + RETRY_BASE_MS)
            except RedisError:
                self._lost = True  # the reconcile puts it back once Redis answers
        except Exception:
            log.exception("timer of %s failed", chat_id)
            await self._retry(chat_id)
        else:
            try:
                await self.store.timer_failed(chat_id, clear=True)
            except RedisError as e:
                log.warning("timer of %s: redis unavailable to clear its failures (%s)", chat_id, e)

    async def _retry(self, chat_id: int) -> None:
        """Again after a back-off, or (too many failures in a row) never: the chat is told."""
        try:
            failures = await self.store.timer_failed(chat_id)
            if failures >= MAX_FAILURES:
                log.error("timer of %s dropped after %d failures in a row", chat_id, failures)
                await self.store.set_timer(chat_id, None)
                await self._failed(chat_id)
                return
            await self.store.set_timer(chat_id, now_ms() + RETRY_BASE_MS * 2 ** (failures - 1))
        except RedisError as e:
            log.warning("timer of %s: redis unavailable for its retry (%s)", chat_id, e)
            self._lost = True

    async def reconcile(self) -> bool:
        """Re-add a live game's deadline that a crash between two writes, or a
        failover, lost (not one dropped for failing: that waits for the game to
        change again).  False: some chat could not be read (its master is away);
        the others were done."""
        complete = True
        for chat_id in await self.store.active_chats():
            try:
                if await self.store.timer_failures(chat_id) >= MAX_FAILURES:
                    continue
                session, _ = await self.store.load(chat_id)
                if session is not None:
                    await self.schedule(session)
            except RedisError:
                complete = False
        return complete

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` in the background, keeping a reference until it is done."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
