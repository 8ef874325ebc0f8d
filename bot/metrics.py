"""What Telegram did to the bot, and what the games did, counted for an operator
(``GET /metrics``, Prometheus's text format); Telegram's failures logged once each,
without a traceback.

Every counter and histogram is this worker's own (each worker serves its own
``/metrics``: sum them across workers); the games in progress are the one figure
read from Redis when scraped (``count_games``), the same on every worker (take
their max).  docs/operations.md ("Health and metrics") lists them with their
meaning, and the dashboard's queries.  ``Trouble`` turns a burst of failures
into two log lines: when calls start failing and when they land again (with
how long it lasted and how many calls were retried meanwhile).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError
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

# --- the games ------------------------------------------------------------------------------

GAMES_IN_PROGRESS = Gauge(
    "bot_games_in_progress",
    "Games being played now, by game (read from Redis when scraped: every worker says the same)",
    ["game"],
)
GAMES_FINISHED = Counter(
    "bot_games_finished",
    "Games that ended, by game and how: played (to its result), stopped (/stop), removed (the "
    "group removed the bot)",
    ["game", "how"],
)
PRESSES = Counter(
    "bot_presses",
    "Presses on a game's buttons (a hand, a board, the Mini App), by outcome: counted (it took), "
    "refused (the rules or the table said no), stale (aimed at a keyboard that has changed, or "
    "made again), too_fast (the Mini App's limit of presses a second)",
    ["outcome"],
)
PRESS_SECONDS = Histogram(
    "bot_press_latency_seconds",
    "From a press's update reaching the bot to Telegram taking its answer",
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15),
)
SCREENS = Counter(
    "bot_screens",
    "Boards and hands put on Telegram, by how: sent (a new message) or edited (in place)",
    ["how"],
)
REDIS_CALLS = Counter("bot_redis_round_trips", "Round trips to Redis (a command, a script, a pipeline)")
REDIS_ERRORS = Counter(
    "bot_redis_errors",
    "Round trips to Redis that failed, by kind: connection (Redis or the cluster out of reach), "
    "timeout, other",
    ["kind"],
)
COMPUTER_SECONDS = Histogram(
    "bot_computer_decision_seconds",
    "Computer players' decisions and how long each took to choose, by game and level",
    ["game", "level"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10),
)
GAMES_SCRAPE_S = 5.0  # the games in progress are read from Redis at most this often


class Sessions(Protocol):
    """What ``count_games`` reads (bot.store.Sessions)."""

    async def active_chats(self) -> list[int]: ...

    async def load_shared(self, chat_id: int) -> tuple[Any, Any]: ...


_games_read = 0.0


async def count_games(store: Sessions) -> None:
    """``bot_games_in_progress``, from the chats Redis holds a session for (at most every
    ``GAMES_SCRAPE_S``: a scrape reads each live chat's session, sent again only when
    changed since this worker parsed it)."""
    global _games_read
    if time.monotonic() - _games_read < GAMES_SCRAPE_S:
        return
    counts: dict[str, int] = {}
    for chat in await store.active_chats():
        session, _ = await store.load_shared(chat)
        if session is not None and session.status == "playing":
            counts[session.game] = counts.get(session.game, 0) + 1
    _games_read = time.monotonic()
    for family in GAMES_IN_PROGRESS.collect():  # a game no longer played: 0
        for sample in family.samples:
            counts.setdefault(sample.labels["game"], 0)
    for game, n in counts.items():
        GAMES_IN_PROGRESS.labels(game).set(n)


def redis_kind(e: RedisError) -> str:
    if isinstance(e, RedisTimeoutError):
        return "timeout"
    return "connection" if isinstance(e, RedisConnectionError) else "other"


async def _counted(call: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> Any:
    REDIS_CALLS.inc()
    try:
        return await call(*args, **kwargs)
    except NoScriptError:  # a script not loaded yet: redis-py loads it and calls again
        raise
    except RedisError as e:
        REDIS_ERRORS.labels(redis_kind(e)).inc()
        raise


def count_redis(client: Any) -> None:
    """Count ``client``'s round trips and their failures: each command and script
    (``execute_command``) and each pipeline (``execute``), one or a cluster's client."""
    command, make_pipeline = client.execute_command, client.pipeline

    async def execute_command(*args: Any, **kwargs: Any) -> Any:
        return await _counted(command, *args, **kwargs)

    def pipeline(*args: Any, **kwargs: Any) -> Any:
        pipe = make_pipeline(*args, **kwargs)
        run = pipe.execute

        async def execute(*a: Any, **k: Any) -> Any:
            return await _counted(run, *a, **k)

        pipe.execute = execute
        return pipe

    client.execute_command, client.pipeline = execute_command, pipeline


# --- Telegram's answers, sorted ---------------------------------------------------------------

# what bot/telegram_http.py puts in the message of a 5xx or of an answer that is not the Bot API's
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
