"""Telegram's limits on what the bot sends, shared by every worker through Redis.

- A group gets at most 20 messages and edits in any 60 s, spaced at least 3 s
  apart, so the board is never more than about 3 s behind the game.
- A private chat gets at most one message or edit a second; all chats together
  at most 30 a second.  These budgets live in Redis (on Redis's clock), so any
  number of workers share them and a restart does not forget them.
- Boards go first, then the hands of players who must act now, then the other
  hands: the overall budget is handed out in that order (each worker queues
  its sends by rank, and a rank is looked at again whenever the budget frees,
  so a hand that became urgent while it waited moves up).  Private chats
  together may take only part of the overall budget (the rest is kept for
  other workers' boards), and are never shut out: while they got less than a
  floor in the last second they go first.
- The limits are settings (bot/settings.py, defaults in bot/send_rates.py): Telegram's
  by default, faster ones only for a test server.
- A 429 is a flood wait of the chat (its retry_after, seconds or hours): it is
  kept in Redis (``Limits.hold``), so every worker holds that chat until it
  ends, and whatever waited for it goes then, within the chat's budget —
  never dropped, never all at once.  A caller that may not wait that long
  (a screen, which holds its lock meanwhile) is told ``Later``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Awaitable, Callable

from bot.send_rates import TELEGRAM, Rates
from bot.store import PREFIX, Budget, key

log = logging.getLogger(__name__)

# Telegram's limits (bot/send_rates.py explains each); the Limits a worker uses come
# from its settings, these are the defaults.
GROUP_LIMIT, GROUP_PERIOD, GROUP_SPACING = TELEGRAM.group_limit, TELEGRAM.group_period, TELEGRAM.group_spacing
PRIVATE_SPACING = TELEGRAM.private_spacing
OVERALL_LIMIT, OVERALL_PERIOD = TELEGRAM.overall_limit, TELEGRAM.overall_period
OVERALL_SPACING = TELEGRAM.overall_spacing
PRIVATE_SHARE, PRIVATE_FLOOR = TELEGRAM.private_share, TELEGRAM.private_floor
FLOOD_SLACK_S = 0.2  # a flood wait is kept this much longer than Telegram asked
OVERALL_KEY = f"{PREFIX}:sent:all"
PRIVATE_KEY = f"{PREFIX}:sent:private"


# The order in which a worker's sends get the overall budget.
RANK_STARVED_URGENT, RANK_STARVED, RANK_GROUP, RANK_URGENT, RANK_PRIVATE = range(5)


class RankedGate:
    """One holder at a time; when it leaves, the waiter with the lowest rank now
    (ranks are callables, asked again at every hand-over), then the oldest, goes next."""

    def __init__(self) -> None:
        self._held = False
        self._waiting: list[tuple[int, Callable[[], int], asyncio.Future[None]]] = []
        self._seq = itertools.count()

    def __len__(self) -> int:
        return len(self._waiting)

    @contextlib.asynccontextmanager
    async def hold(self, rank: Callable[[], int]) -> AsyncIterator[None]:
        if self._held:
            granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            entry = (next(self._seq), rank, granted)
            self._waiting.append(entry)
            try:
                await granted
            except asyncio.CancelledError:
                if granted.done() and not granted.cancelled():
                    self._release()  # handed over just as we were cancelled: pass it on
                elif entry in self._waiting:
                    self._waiting.remove(entry)
                raise
        else:
            self._held = True
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        self._waiting = [w for w in self._waiting if not w[2].done()]
        if not self._waiting:
            self._held = False
            return
        best = min(self._waiting, key=lambda w: (w[1](), w[0]))
        self._waiting.remove(best)
        best[2].set_result(None)  # the gate stays held: it is handed over


class Limits:
    """Telegram's limits, counted in Redis so that every worker shares one budget."""

    def __init__(self, store: Budget, rates: Rates = TELEGRAM) -> None:
        self.store = store
        self.rates = rates
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # waiters for the overall budget queue here by rank, only the holder asks Redis
        self._gate = RankedGate()
        self._private_sent: deque[float] = deque()  # when this worker's private sends were counted
        self._ids = itertools.count()
        self._me = secrets.token_hex(4)

    async def acquire(
        self,
        chat_id: int,
        patience_s: float | None = None,
        prepare: Callable[[], Awaitable[bool]] | None = None,
        urgent: bool | Callable[[], bool] = False,
    ) -> bool:
        """Wait until one more message or edit may go to ``chat_id`` and count it.

        Both budgets (the chat's and the overall one) are first waited for
        without counting, then counted together just before the send, so a
        wait for one never shortens the spacing the other promised.  The
        chat's flood wait (``hold``) is part of its budget.  With
        ``patience_s``, a chat that may not be written to for longer than that
        raises ``Later`` instead of waiting (a caller holding a lock meanwhile).

        ``prepare`` runs once the budgets are free and before they are counted:
        the caller renders what to send there (False: nothing to send, nothing
        counted), so the slot is counted right before the send.  Telegram counts
        by when a message arrives; the less happens between the count and the
        send, the less two sends bunch up on its side.

        ``urgent`` (a private chat whose owner must act now) goes ahead of the
        other private sends, so it is not stuck behind a pile of them; as a
        callable it is asked again while the send waits (the owner's turn may
        come meanwhile).
        """
        lim = self.rates
        overall = (_ms(lim.overall_period), lim.overall_limit, _ms(lim.overall_spacing))
        private_share = (_ms(lim.overall_period), lim.private_share, 0)
        if chat_id < 0:
            rule = (_ms(lim.group_period), lim.group_limit, _ms(lim.group_spacing))
            shared = [(OVERALL_KEY, overall)]
            before: list[tuple[str, tuple[int, int, int]]] = []
        else:
            rule = (_ms(lim.private_spacing), 1, _ms(lim.private_spacing))
            # the private share is waited for before queueing for the overall
            # budget: a hand held back by it must not hold a board back too
            shared = [(OVERALL_KEY, overall), (PRIVATE_KEY, private_share)]
            before = [(PRIVATE_KEY, private_share)]
        bucket = key(chat_id, "sent")
        hold = key(chat_id, "hold")
        rank = self._rank(chat_id, urgent)
        async with self._locks[chat_id]:  # first come, first served within a worker
            while True:
                await self._wait(bucket, rule, patience_s, hold)
                for k, r in before:
                    await self._wait(k, r, None)
                async with self._gate.hold(rank):
                    await self._wait(OVERALL_KEY, overall, None)
                    if prepare is not None and not await prepare():
                        return False
                    # another worker may have been quicker: a count that fails is waited again
                    if await self._count_all([*shared, (bucket, rule)], hold):
                        if chat_id > 0:
                            self._private_sent.append(time.monotonic())
                        return True

    async def hold(self, chat_id: int, seconds: float) -> None:
        """Telegram asked for a flood wait: nothing goes to ``chat_id`` from any worker
        until it ends (a little after, for the clocks' sake)."""
        await self.store.hold(chat_id, _ms(seconds + FLOOD_SLACK_S))

    def _rank(self, chat_id: int, urgent: bool | Callable[[], bool]) -> Callable[[], int]:
        if chat_id < 0:
            return lambda: RANK_GROUP

        def rank() -> int:
            now_urgent = urgent() if callable(urgent) else urgent
            recent = self._private_sent
            while recent and recent[0] < time.monotonic() - self.rates.overall_period:
                recent.popleft()
            if len(recent) < self.rates.private_floor:
                return RANK_STARVED_URGENT if now_urgent else RANK_STARVED
            return RANK_URGENT if now_urgent else RANK_PRIVATE

        return rank

    async def _wait(
        self, bucket: str, rule: tuple[int, int, int], patience_s: float | None, hold: str | None = None
    ) -> None:
        while True:
            wait = await self.store.rate_wait_ms(bucket, *rule, token="peek", record=False, hold=hold)
            if wait <= 0:
                return
            if patience_s is not None and wait / 1000 > patience_s:
                raise Later(wait / 1000)
            await asyncio.sleep(wait / 1000)

    async def _count_all(self, buckets: list[tuple[str, tuple[int, int, int]]], hold: str) -> bool:
        for bucket, rule in buckets:
            if not await self._count(bucket, rule, hold if bucket.endswith(":sent") else None):
                return False
        return True

    async def _count(self, bucket: str, rule: tuple[int, int, int], hold: str | None) -> bool:
        token = f"{self._me}:{next(self._ids)}"
        return await self.store.rate_wait_ms(bucket, *rule, token=token, hold=hold) <= 0


class Later(Exception):
    """The chat may not be written to for ``seconds`` (a flood wait, a spent budget)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"{seconds:.1f} s")
        self.seconds = seconds


def _ms(seconds: float) -> int:
    return round(seconds * 1000)
