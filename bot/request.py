"""python-telegram-bot's network layer on aiohttp instead of httpx.

Measured under load (tests/bench/bench_load.py), half of a worker's CPU went to
httpx/httpcore choosing a pooled connection for each call (it walks every
pooled connection and asks each whether it has expired, through anyio, on
every request).  aiohttp, which the webhook server already uses, makes the
same calls for a fraction of that.  PTB supports this through ``BaseRequest``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData


class AiohttpRequest(BaseRequest):
    """One aiohttp session with a bounded connection pool and PTB's timeouts
    (read, connect, pool; aiohttp has no write timeout and the requests are small)."""

    __slots__ = ("_connect_timeout", "_limit", "_pool_timeout", "_read_timeout", "_session")

    def __init__(
        self,
        connection_pool_size: int = 128,
        read_timeout: float | None = 5.0,
        connect_timeout: float | None = 5.0,
        pool_timeout: float | None = 1.0,
    ) -> None:
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
        if self._session is None or self._session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        read = self._read_timeout if isinstance(read_timeout, DefaultValue) else read_timeout
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
                return response.status, await response.read()
        except TimeoutError as e:
            raise TimedOut from e
        except aiohttp.ClientError as e:
            raise NetworkError(f"aiohttp.{type(e).__name__}: {e}") from e


def _plus(a: float | None, b: float | None) -> float | None:
    if a is None or b is None:
        return None
    return a + b


class PollingRequest(AiohttpRequest):
    """The request that long polling makes getUpdates with, which awaits ``before``
    (when set) first: a getUpdates call confirms every update below its offset,
    and a crash after that loses whatever those updates had not done yet."""

    __slots__ = ("before",)

    def __init__(self, connection_pool_size: int = 1) -> None:
        super().__init__(connection_pool_size=connection_pool_size)
        self.before: Callable[[], Awaitable[None]] | None = None

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
        return await super().do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )
