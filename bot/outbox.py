"""Everything the bot sends goes through here: Telegram's limits, retries, coalescing.

- A group gets at most 20 messages and edits in any 60 s, spaced at least 3 s
  apart, so the board is never more than about 3 s behind the game.
- A private chat gets at most one message or edit a second; all chats together
  at most 30 a second.  These budgets live in Redis (on Redis's clock), so any
  number of workers share them and a restart does not forget them.
- Boards go first: private chats together may take only part of the overall
  budget, and group sends never queue behind private ones, so when hands pile
  up (many busy games) every board still moves at its 3 s pace.
- A 429 is waited out (its retry_after) and the call made again, never dropped.
- Boards and hands are *screens*: a change marks them dirty, and one flush per
  screen renders the latest state when its chat may be written to again, and
  skips the call when the content is what the message already shows.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import TypeVar

from redis.exceptions import RedisError
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.store import PREFIX, Store, key

log = logging.getLogger(__name__)
T = TypeVar("T")

# 20 gaps of 3.02 s put a 21st send 0.4 s past the first one's minute: a margin for network
# jitter that adds only 0.02 s to how long a board may lag behind its game
GROUP_LIMIT, GROUP_PERIOD, GROUP_SPACING = 20, 60.0, 3.02
PRIVATE_SPACING = 1.1  # a margin for network jitter
OVERALL_LIMIT, OVERALL_PERIOD = 25, 1.0  # Telegram says 30 a second overall; a margin for jitter
# ...and evenly spaced: 25 at once at the end of one second and 25 more at the
# start of the next would be 50 within a few milliseconds on Telegram's side.
OVERALL_SPACING = OVERALL_PERIOD / OVERALL_LIMIT
OVERALL_KEY = f"{PREFIX}:sent:all"
# The part of the overall budget private chats may take: the rest is kept for
# boards (each group needs one send per 3 s; 8 a second covers 24 busy groups
# ahead of any hand, and more when the hands leave room).
PRIVATE_SHARE = 17
PRIVATE_KEY = f"{PREFIX}:sent:private"


class Limits:
    """Telegram's limits, counted in Redis so that every worker shares one budget."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # waiters for the overall budget queue here, only the first asks Redis;
        # boards and hands queue apart, so a board never waits behind hands
        self._lanes = {"group": asyncio.Lock(), "urgent": asyncio.Lock(), "private": asyncio.Lock()}
        self._ids = itertools.count()
        self._me = secrets.token_hex(4)

    async def acquire(
        self,
        chat_id: int,
        give_up_after_s: float | None = None,
        prepare: Callable[[], Awaitable[bool]] | None = None,
        urgent: bool = False,
    ) -> bool:
        """Wait until one more message or edit may go to ``chat_id`` and count it.

        Both budgets (the chat's and the overall one) are first waited for
        without counting, then counted together just before the send, so a
        wait for one never shortens the spacing the other promised.  With
        ``give_up_after_s``, return False instead of waiting longer than that
        (a reply to a command is not worth a queue behind a flood of them).

        ``prepare`` runs once the budgets are free and before they are counted:
        the caller renders what to send there (False: nothing to send, nothing
        counted), so the slot is counted right before the send.  Telegram counts
        by when a message arrives; the less happens between the count and the
        send, the less two sends bunch up on its side.

        ``urgent`` (a private chat whose owner must act now) queues apart from
        the other private sends, so it is not stuck behind a pile of them.
        """
        overall = (int(OVERALL_PERIOD * 1000), OVERALL_LIMIT, int(OVERALL_SPACING * 1000))
        shared: list[tuple[str, tuple[int, int, int]]] = [(OVERALL_KEY, overall)]
        if chat_id < 0:
            rule = (int(GROUP_PERIOD * 1000), GROUP_LIMIT, int(GROUP_SPACING * 1000))
            lane = self._lanes["group"]
        else:
            rule = (int(PRIVATE_SPACING * 1000), 1, int(PRIVATE_SPACING * 1000))
            shared.append((PRIVATE_KEY, (int(OVERALL_PERIOD * 1000), PRIVATE_SHARE, 0)))
            lane = self._lanes["urgent" if urgent else "private"]
        bucket = key(chat_id, "sent")
        deadline = None if give_up_after_s is None else time.monotonic() + give_up_after_s
        async with self._locks[chat_id]:  # first come, first served within a worker
            while True:
                if not await self._wait(bucket, rule, deadline):
                    return False
                async with lane:
                    for k, r in shared:
                        await self._wait(k, r, None)
                    if prepare is not None and not await prepare():
                        return False
                    # another worker may have been quicker: a count that fails is waited again
                    if await self._count_all([*shared, (bucket, rule)]):
                        return True

    async def _wait(self, bucket: str, rule: tuple[int, int, int], deadline: float | None) -> bool:
        while True:
            wait = await self.store.rate_wait_ms(bucket, *rule, token="peek", record=False)
            if wait <= 0:
                return True
            if deadline is not None and time.monotonic() + wait / 1000 > deadline:
                return False
            await asyncio.sleep(wait / 1000)

    async def _count_all(self, buckets: list[tuple[str, tuple[int, int, int]]]) -> bool:
        for bucket, rule in buckets:
            if not await self._count(bucket, rule):
                return False
        return True

    async def _count(self, bucket: str, rule: tuple[int, int, int]) -> bool:
        token = f"{self._me}:{next(self._ids)}"
        return await self.store.rate_wait_ms(bucket, *rule, token=token) <= 0


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
                except asyncio.CancelledError:
                    raise
                except RedisError as e:
                    log.warning("refreshing %s: redis unavailable (%s)", k, e)
                except Exception:
                    log.exception("refreshing %s failed", k)
        finally:
            self._tasks.pop(k, None)

    async def close(self) -> None:
        """Stop refreshing (shutdown): pending refreshes are re-done at the next start."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
