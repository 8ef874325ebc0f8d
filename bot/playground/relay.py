"""The Mini App through the playground's own port.

The bot serves its Mini App on its web server (``bot.miniapp``), which in the
playground listens on loopback only (the playground's port + 1, or
HEALTH_PORT).  The playground relays ``/app`` and ``/app/...`` to it, so the
page and its cards share one origin and one port — the one a container
publishes — whatever name the browser reached the playground by.

What it relays is what a browser sent to this origin: a request whose
``Origin`` is this address is shown to the bot as coming from the Mini App's
own origin (the one its address names); a request from any other origin is
passed as it came, and the bot refuses it.  Nothing else of the bot's server
(``/health``, ``/metrics``) is reachable through it.
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import urlsplit

import aiohttp
from aiohttp import web

log = logging.getLogger(__name__)
# not relayed: what belongs to one connection, and compression (the relay streams
# the bytes as the bot's server sent them, so it asks for none)
HOP = {
    "host", "connection", "keep-alive", "transfer-encoding", "te", "upgrade", "content-length",
    "accept-encoding", "content-encoding", "proxy-authorization", "proxy-connection",
}  # fmt: skip
BODY_MAX = 64 * 1024
GONE_CHECK_S = 1.0


class Relay:
    """``/app`` on the playground's port, streamed to and from the bot's web server."""

    def __init__(self, upstream: str, public_url: str) -> None:
        self.upstream = upstream.rstrip("/")  # e.g. http://127.0.0.1:8081
        parts = urlsplit(public_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"  # the Mini App's, as the bot checks it
        self.path = parts.path  # /app/
        self._client: aiohttp.ClientSession | None = None

    def install(self, app: web.Application) -> None:
        app.router.add_route("*", "/app", self.relay)
        app.router.add_route("*", "/app/{tail:.*}", self.relay)
        app.on_cleanup.append(self._close)

    def local(self, url: str) -> str | None:
        """The path the page opens for a Mini App at ``url`` if it is the bot's own
        (through this relay, on the page's origin); None for any other address."""
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin or not parts.path.startswith(self.path):
            return None
        return parts.path + (f"?{parts.query}" if parts.query else "")

    async def _close(self, app: web.Application) -> None:
        if self._client is not None:
            await self._client.close()

    def client(self) -> aiohttp.ClientSession:
        if self._client is None:
            # no total timeout: the live stream stays open while the page does
            timeout = aiohttp.ClientTimeout(total=None, sock_connect=5)
            self._client = aiohttp.ClientSession(timeout=timeout, auto_decompress=False)
        return self._client

    async def relay(self, request: web.Request) -> web.StreamResponse:
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP}
        own = f"{request.scheme}://{request.host}"
        if headers.get("Origin") == own:
            headers["Origin"] = self.origin
        body = await request.content.read(BODY_MAX + 1)
        if len(body) > BODY_MAX:
            raise web.HTTPRequestEntityTooLarge(max_size=BODY_MAX, actual_size=len(body))
        url = self.upstream + request.rel_url.path_qs
        response: web.StreamResponse | None = None
        try:
            async with self.client().request(
                request.method, url, headers=headers, data=body or None, allow_redirects=False
            ) as answer:
                response = web.StreamResponse(
                    status=answer.status,
                    headers={k: v for k, v in answer.headers.items() if k.lower() not in HOP},
                )
                await response.prepare(request)
                while chunk := await self._next(request, answer):
                    await response.write(chunk)
                await response.write_eof()
        except (aiohttp.ClientConnectionError, ConnectionResetError, TimeoutError) as e:
            if response is None:  # the bot's server is not up (yet, or any more)
                log.info("playground: the bot's Mini App server does not answer (%s)", e)
                raise web.HTTPBadGateway() from None
            # a stream cut short (the page or the bot went): the page reconnects by itself
        return response

    @staticmethod
    async def _next(request: web.Request, answer: aiohttp.ClientResponse) -> bytes:
        """The next bytes of the bot's answer; b"" at its end, or once the page has gone
        (looked at every second: leaving the bot's stream open would keep the page's mark
        and hold its hand message back)."""
        while True:
            try:
                return await asyncio.wait_for(answer.content.readany(), GONE_CHECK_S)
            except TimeoutError:
                if request.transport is None or request.transport.is_closing():
                    return b""
