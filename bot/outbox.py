"""Everything the bot sends goes through here: Telegram's limits, retries, coalescing.

- A group gets at most 20 messages and edits in any 60 s, spaced at least 3 s
  apart, so the board is never more than about 3 s behind the game.
- A private chat gets at most one message or edit a second; all chats together
  at most 30 a second.
- A 429 is waited out (its retry_after) and the call made again, never dropped.
- Boards and hands are *screens*: a change marks them dirty, and one flush per
  screen renders the latest state when its chat may be written to again, and
  skips the call when the content is what the message already shows.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

log = logging.getLogger(__name__)
T = TypeVar("T")

GROUP_LIMIT, GROUP_PERIOD, GROUP_SPACING = 20, 60.0, 3.05  # a margin for network jitter
PRIVATE_SPACING = 1.05
OVERALL_LIMIT, OVERALL_PERIOD = 30, 1.0


class Window:
    """At most ``limit`` events in any ``period`` seconds, ``spacing`` apart."""

    def __init__(self, limit: int, period: float, spacing: float = 0.0) -> None:
        self.limit, self.period, self.spacing = limit, period, spacing
        self.times: deque[float] = deque()
        self.lock = asyncio.Lock()

    def wait_time(self, now: float) -> float:
        while self.times and now - self.times[0] >= self.period:
            self.times.popleft()
        wait = 0.0
        if len(self.times) >= self.limit:
            wait = self.times[0] + self.period - now
        if self.times and self.spacing:
            wait = max(wait, self.times[-1] + self.spacing - now)
        return max(wait, 0.0)

    async def acquire(self) -> None:
        async with self.lock:  # first come, first served
            while True:
                wait = self.wait_time(time.monotonic())
                if wait <= 0:
                    self.times.append(time.monotonic())
                    return
                await asyncio.sleep(wait)


class Limits:
    def __init__(self) -> None:
        self.chats: dict[int, Window] = {}
        self.overall = Window(OVERALL_LIMIT, OVERALL_PERIOD)

    def window(self, chat_id: int) -> Window:
        w = self.chats.get(chat_id)
        if w is None:
            if chat_id < 0:
                w = Window(GROUP_LIMIT, GROUP_PERIOD, GROUP_SPACING)
            else:
                w = Window(1, PRIVATE_SPACING, PRIVATE_SPACING)
            self.chats[chat_id] = w
        return w

    async def acquire(self, chat_id: int) -> None:
        await self.window(chat_id).acquire()
        await self.overall.acquire()


def not_modified(e: BadRequest) -> bool:
    return "not modified" in e.message.lower()


def message_gone(e: BadRequest) -> bool:
    text = e.message.lower()
    return "message to edit not found" in text or "message can't be edited" in text


async def call(fn: Callable[[], Awaitable[T]], attempts: int = 4) -> T:
    """Make a Bot API call, waiting out 429s and retrying network trouble."""
    network_failures = 0
    while True:
        try:
            return await fn()
        except RetryAfter as e:
            delay = e.retry_after
            seconds = delay.total_seconds() if hasattr(delay, "total_seconds") else float(delay)
            log.warning("429 from Telegram, retrying in %.1f s", seconds)
            await asyncio.sleep(seconds + 0.05)
        except (TimedOut, NetworkError) as e:
            if isinstance(e, BadRequest | Forbidden):
                raise
            network_failures += 1
            if network_failures >= attempts:
                raise
            await asyncio.sleep(0.5 * network_failures)


class Screens:
    """Coalesced, rate-limited refreshes of on-screen messages.

    ``flush(chat_id, slot)`` is provided by the owner: it renders the latest
    state and sends or edits; this class makes sure it runs once per burst of
    changes and only when the target chat may be written to.
    """

    def __init__(self, flush: Callable[[int, str], Awaitable[None]]) -> None:
        self._flush = flush
        self._dirty: set[tuple[int, str]] = set()
        self._tasks: dict[tuple[int, str], asyncio.Task[None]] = {}

    def touch(self, chat_id: int, slot: str) -> None:
        k = (chat_id, slot)
        self._dirty.add(k)
        if k not in self._tasks:
            self._tasks[k] = asyncio.get_running_loop().create_task(self._run(k))

    async def _run(self, k: tuple[int, str]) -> None:
        try:
            while k in self._dirty:
                self._dirty.discard(k)
                try:
                    await self._flush(*k)
                except Exception:
                    log.exception("refreshing %s failed", k)
        finally:
            self._tasks.pop(k, None)

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until no refresh is pending (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while self._tasks and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    def cancel(self) -> None:
        for task in self._tasks.values():
            task.cancel()


Sender = Callable[..., Awaitable[Any]]
