"""What Telegram did to the bot, counted for an operator (``GET /metrics``, Prometheus's
text format) and logged once each, without a traceback.

Every counter is this worker's own (each worker serves its own ``/metrics``);
docs/operations.md ("Health and metrics") lists them with their meaning.  ``Trouble`` turns a burst
of failures into two log lines: when calls start failing and when they land
again (with how long it lasted and how many calls were retried meanwhile).
"""

from __future__ import annotations

import logging
import time

from prometheus_client import CONTENT_TYPE_LATEST, Counter, Histogram, generate_latest
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)

log = logging.getLogger(__name__)

TELEGRAM_ERRORS = Counter(
    "bot_telegram_errors",
    "Bot API calls Telegram refused or did not answer, by kind: flood (429), server (5xx, or "
    "an answer that was not the Bot API's), timeout, network, forbidden (403), migrated (400 "
    "with migrate_to_chat_id), bad_request (any other 400), other",
    ["kind"],
)
FLOOD_WAIT = Histogram(
    "bot_telegram_flood_wait_seconds",
    "The retry_after of each 429 Telegram answered (the chat is held that long by every worker)",
    buckets=(1, 3, 10, 30, 60, 300, 900, 3600, 4 * 3600, float("inf")),
)
RETRIES = Counter(
    "bot_telegram_retries",
    "Bot API calls made again after a passing failure, by what was sent: screen (a board or a "
    "hand), message (an announcement, a reply, a note), answer (a press's answer), poll (getUpdates), "
    "delete (a moved hand's old message)",
    ["what"],
)
HEALED = Counter(
    "bot_screens_healed",
    "Boards and hands brought up to date after one or more failed attempts",
)
DROPPED = Counter(
    "bot_telegram_dropped",
    "Messages and screens given up for good, by why: forbidden (the bot was removed or blocked), "
    "refused (a 400 other than a migration), expired (a press's answer past Telegram's deadline)",
    ["why"],
)
MIGRATIONS = Counter("bot_chat_migrations", "Groups upgraded to supergroups whose game moved to the new id")
REMOVED = Counter("bot_removed_from_groups", "Groups that removed the bot (their game ended)")
BLOCKED = Counter("bot_users_blocked", "Private chats found blocked (their hands are no longer drawn)")
UNBLOCKED = Counter("bot_users_unblocked", "Users reachable again after a block (their hands redrawn)")


# what bot/request.py puts in the message of a 5xx or of an answer that is not the Bot API's
SERVER_MARK = "[server]"


def kind_of_answer(status: int, body: bytes) -> str | None:
    """The kind of a Bot API answer that is a failure (None: a success), as the counters name it."""
    if 200 <= status <= 299:
        return None
    if status == 429:
        return "flood"
    if status == 403:
        return "forbidden"
    if status == 400:
        return "migrated" if b"migrate_to_chat_id" in body else "bad_request"
    if status >= 500:
        return "server"
    return "other"


def passing(e: BaseException) -> bool:
    """A failure that goes by itself: the same call may be made again (a 5xx, a timeout,
    the network, or an answer that was not the Bot API's)."""
    if isinstance(e, BadRequest | Forbidden | ChatMigrated | RetryAfter):
        return False
    return isinstance(e, NetworkError | TimedOut) or (
        type(e) is TelegramError and "invalid server response" in e.message.lower()
    )


def seconds(e: RetryAfter) -> float:
    delay = e.retry_after
    return delay.total_seconds() if hasattr(delay, "total_seconds") else float(delay)


class Trouble:
    """Passing failures of the Bot API, logged once when they begin and once when a
    call lands again (the calls retried meanwhile are counted, not logged)."""

    def __init__(self) -> None:
        self.since: float | None = None
        self.failed = 0

    def failure(self, e: TelegramError, what: str) -> None:
        RETRIES.labels(what).inc()
        self.failed += 1
        if self.since is None:
            self.since = time.monotonic()
            log.warning("telegram: %s (%s); retrying until it answers", type(e).__name__, e.message)

    def success(self) -> None:
        if self.since is None:
            return
        lasted = time.monotonic() - self.since
        log.warning("telegram: answering again after %.1f s (%d calls retried)", lasted, self.failed)
        self.since, self.failed = None, 0


TROUBLE = Trouble()


def exposition() -> tuple[bytes, str]:
    """``/metrics``: every counter of this process, and its content type."""
    return generate_latest(), CONTENT_TYPE_LATEST
