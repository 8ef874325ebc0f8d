"""python-telegram-bot's network layer on aiohttp instead of httpx.

Measured under load (tests/bench/bench_load.py), half of a worker's CPU went to
httpx/httpcore choosing a pooled connection for each call (it walks every
pooled connection and asks each whether it has expired, through anyio, on
every request).  aiohttp, which the webhook server already uses, makes the
same calls for a fraction of that.  PTB supports this through ``BaseRequest``.

It is also where Telegram's answers are sorted for the rest of the bot:

- a 5xx, or an answer that is not the Bot API's (a proxy's HTML page), is a
  ``NetworkError`` marked ``[server]``: a passing failure, made again by the
  caller (``bot.metrics.passing``), never a refusal;
- ``sendMessage`` waits up to ``SEND_READ_TIMEOUT_S`` for its answer: Telegram
  may store a message and answer seconds later, and a send timed out and made
  again would post it twice (every other call may be made again harmlessly:
  an edit to what is shown is "not modified");
- a call the bot makes to start (``STARTUP_METHODS``: getMe, deleteWebhook,
  setWebhook, setMyCommands; each harmless to make again) that fails in
  passing (a 5xx, a timeout, the network) is made again with back-off, one
  log line each time, for up to ``STARTUP_PATIENCE_S`` (``OutOfPatience`` then,
  which ``python -m bot`` reports in one line): a restart that lands in an
  outage rides it out;
- every failed answer is counted by kind (``bot.metrics.TELEGRAM_ERRORS``, the
  429s' waits in ``FLOOD_WAIT``), and the first answer after a run of passing
  failures says, once, that Telegram answers again.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bot import metrics

log = logging.getLogger(__name__)

# How long a sendMessage may take to be answered before it is given up (and made again):
# longer than Telegram takes to answer a send it stored (tens of seconds, under load).
SEND_READ_TIMEOUT_S = 40.0
# The calls the bot makes to start, made again after a passing failure (each is idempotent).
STARTUP_METHODS = frozenset({"getMe", "deleteWebhook", "setWebhook", "setMyCommands", "deleteMyCommands"})
STARTUP_RETRY_S = (0.5, 10.0)  # the first pause after a passing failure at start, the longest


class OutOfPatience(NetworkError):
    """A start-up call still failing after ``STARTUP_PATIENCE_S`` (its message: one line for the operator)."""


class AiohttpRequest(BaseRequest):
    """One aiohttp session with a bounded connection pool and PTB's timeouts
    (read, connect, pool; aiohttp has no write timeout and the requests are small)."""

    __slots__ = ("_connect_timeout", "_limit", "_patience", "_pool_timeout", "_read_timeout", "_session")

    def __init__(
        self,
        connection_pool_size: int = 128,
        read_timeout: float | None = 10.0,
        connect_timeout: float | None = 5.0,
        pool_timeout: float | None = 1.0,
        patience_s: float = 0.0,
    ) -> None:
        self._patience = patience_s  # how long a start-up call is made again (0: never)
        self._limit = connection_pool_size
        self._read_timeout = read_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._session: aiohttp.ClientSession | None = None

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=self._limit, limit_per_host=self._limit),
                headers={"User-Agent": self.USER_AGENT},
            )

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        name = url.rsplit("/", 1)[-1]
        if not self._patience or name not in STARTUP_METHODS:
            return await self._once(url, method, request_data, read_timeout, connect_timeout, pool_timeout)
        loop = asyncio.get_running_loop()
        deadline, pause = loop.time() + self._patience, STARTUP_RETRY_S[0]
        while True:
            try:
                return await self._once(
                    url, method, request_data, read_timeout, connect_timeout, pool_timeout
                )
            except NetworkError as e:  # TimedOut too
                if loop.time() + pause > deadline:
                    raise OutOfPatience(
                        f"Telegram failed {name} for {self._patience:g} s ({e.message}): "
                        "start the bot again once Telegram answers, or set STARTUP_PATIENCE_S longer"
                    ) from None
                log.warning(
                    "Telegram failed %s at start (%s): trying again in %.1f s", name, e.message, pause
                )
            await asyncio.sleep(pause)
            pause = min(pause * 2, STARTUP_RETRY_S[1])

    async def _once(
        self,
        url: str,
        method: str,
        request_data: RequestData | None,
        read_timeout: ODVInput[float],
        connect_timeout: ODVInput[float],
        pool_timeout: ODVInput[float],
    ) -> tuple[int, bytes]:
        if self._session is None or self._session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        read = self._read_timeout if isinstance(read_timeout, DefaultValue) else read_timeout
        if read is not None and url.endswith("/sendMessage"):
            read = max(read, SEND_READ_TIMEOUT_S)
        connect = self._connect_timeout if isinstance(connect_timeout, DefaultValue) else connect_timeout
        pool = self._pool_timeout if isinstance(pool_timeout, DefaultValue) else pool_timeout
        timeout = aiohttp.ClientTimeout(
            total=None,
            connect=_plus(pool, connect),  # aiohttp's "connect" includes waiting for a pooled connection
            sock_connect=connect,
            sock_read=read,  # aiohttp has no write timeout: Bot API requests are small
        )
        data: Any = None
        if request_data is not None:
            files = request_data.multipart_data
            if files:
                form = aiohttp.FormData()
                for name, value in request_data.json_parameters.items():
                    form.add_field(name, value)
                for name, (filename, content, mime) in files.items():
                    form.add_field(name, content, filename=filename, content_type=mime)
                data = form
            else:
                data = request_data.json_parameters  # form-encoded, as PTB's own client sends them
        try:
            async with self._session.request(method, url, data=data, timeout=timeout) as response:
                status, body = response.status, await response.read()
        except TimeoutError as e:
            metrics.TELEGRAM_ERRORS.labels("timeout").inc()
            raise TimedOut from e
        except aiohttp.ClientError as e:
            metrics.TELEGRAM_ERRORS.labels("network").inc()
            raise NetworkError(f"aiohttp.{type(e).__name__}: {e}") from e
        return _sorted(status, body)


def _sorted(status: int, body: bytes) -> tuple[int, bytes]:
    """The answer for PTB to read, once counted: a failure that is not the Bot API's own
    answer (a 5xx, an HTML page) becomes a passing ``NetworkError``."""
    failure = metrics.kind_of_answer(status, body)
    if failure is not None:
        metrics.TELEGRAM_ERRORS.labels(failure).inc()
    if failure == "server" or not body.lstrip().startswith(b"{"):
        if failure is None:
            metrics.TELEGRAM_ERRORS.labels("server").inc()
        raise NetworkError(f"{metrics.SERVER_MARK} HTTP {status} without a Bot API answer")
    if failure == "flood":
        metrics.FLOOD_WAIT.observe(_retry_after(body))
    metrics.TROUBLE.success()  # the Bot API answers (a refusal is an answer too)
    return status, body


def _retry_after(body: bytes) -> float:
    try:
        return float(json.loads(body)["parameters"]["retry_after"])
    except (ValueError, KeyError, TypeError):
        return 0.0


def _plus(a: float | None, b: float | None) -> float | None:
    if a is None or b is None:
        return None
    return a + b


# getUpdates after a passing failure: again after this long, doubling up to the most
POLL_RETRY_FIRST_S, POLL_RETRY_MAX_S = 0.5, 3.0


class PollingRequest(AiohttpRequest):
    """The request that long polling makes getUpdates with, which awaits ``before``
    (when set) first: a getUpdates call confirms every update below its offset,
    and a crash after that loses whatever those updates had not done yet.

    A passing failure (an outage) is waited out here, at most ``POLL_RETRY_MAX_S``
    between tries, and handed to PTB as a timeout, which it retries at once:
    PTB's own back-off grows to 30 s (updates would arrive up to 30 s after
    Telegram is back) and logs each failure with a traceback."""

    __slots__ = ("_pause", "before")

    def __init__(self, connection_pool_size: int = 1) -> None:
        super().__init__(connection_pool_size=connection_pool_size)
        self.before: Callable[[], Awaitable[None]] | None = None
        self._pause = POLL_RETRY_FIRST_S

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if self.before is not None:
            await self.before()
        try:
            answer = await super().do_request(
                url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
            )
        except NetworkError as e:  # TimedOut too
            metrics.TROUBLE.failure(e, "poll")
            await asyncio.sleep(self._pause)
            self._pause = min(self._pause * 2, POLL_RETRY_MAX_S)
            raise TimedOut(f"getUpdates: {e.message}") from e
        self._pause = POLL_RETRY_FIRST_S
        return answer
