"""The health server: ``GET /health`` for probes and ``GET /metrics`` for Prometheus.

In webhook mode its two routes are served by the webhook server itself; with
long polling (the default) they are a small server of their own on
``HEALTH_LISTEN:HEALTH_PORT`` (``HEALTH_PORT=0``: none).  ``python -m bot health``
asks it from the same machine (a container's HEALTHCHECK).  ``/health`` answers
200 while this worker's Redis answers (503 otherwise); a Telegram outage does
not make it fail — restarting a worker would not end one — it shows in
``/metrics`` (``bot/metrics.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from redis.exceptions import RedisError

from bot import metrics
from bot.preflight import Unfit
from bot.settings import Settings, dial

log = logging.getLogger(__name__)
Check = Callable[[], Awaitable[bool]]


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every door's last word (the webhook server, the health server, the Mini App on
    either): a refusal aiohttp raises (404, 405, 413…) answered as JSON, and whatever
    no route foresaw answered 500 as JSON with one log line, never a traceback."""
    try:
        return await handler(request)
    except web.HTTPException as e:
        if e.status < 400:
            raise
        allow = {"Allow": e.headers["Allow"]} if "Allow" in e.headers else None
        return web.json_response({"error": e.reason}, status=e.status, headers=allow)
    except (asyncio.CancelledError, ConnectionError):  # the client went: nobody to answer
        raise
    except Exception as e:  # the catch-all: one line, not a traceback
        log.error("%s %r failed: %s: %r", request.method, request.path[:200], type(e).__name__, str(e)[:200])
        return web.json_response({"error": "Internal Server Error"}, status=500)


def redis_check(bot_data: dict[str, Any]) -> Check:
    """Whether the referee's Redis answers (False before the referee is up)."""

    async def check() -> bool:
        ref = bot_data.get("referee")
        if ref is None:
            return False
        try:
            return bool(await ref.store.ping())
        except RedisError:
            return False

    return check


def games_check(bot_data: dict[str, Any]) -> Callable[[], Awaitable[None]]:
    """Before a scrape: the games in progress, read from the referee's Redis
    (``metrics.count_games``); Redis away leaves them as last read (its errors are counted)."""

    async def count() -> None:
        ref = bot_data.get("referee")
        if ref is None:
            return
        with contextlib.suppress(RedisError):
            await metrics.count_games(ref.store)

    return count


def install(
    app: web.Application, healthy: Check, scrape: Callable[[], Awaitable[None]] | None = None
) -> None:
    """Serve ``/health`` and ``/metrics`` from ``app`` (``scrape``: made before each scrape)."""

    async def health(request: web.Request) -> web.Response:
        ok = await healthy()
        telegram = "failing" if metrics.TROUBLE.since is not None else "answering"
        return web.json_response({"ok": ok, "telegram": telegram}, status=200 if ok else 503)

    async def exposition(request: web.Request) -> web.Response:
        if scrape is not None:
            await scrape()
        body, content_type = metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": content_type})

    app.router.add_get("/health", health)
    app.router.add_get("/metrics", exposition)


async def serve(
    listen: str,
    port: int,
    healthy: Check,
    routes: Callable[[web.Application], None] | None = None,
    scrape: Callable[[], Awaitable[None]] | None = None,
) -> web.AppRunner:
    """The health server of a polling worker, listening (``routes``: more of them —
    the Mini App's; ``scrape``: made before each scrape); ``cleanup()`` the runner to stop it."""
    app = web.Application(middlewares=[guard])
    install(app, healthy, scrape)
    if routes is not None:
        routes(app)
    runner = web.AppRunner(app, access_log=None, handler_cancellation=True)  # a page gone: its stream ends
    await runner.setup()
    try:
        await web.TCPSite(runner, listen, port).start()
    except OSError as e:
        await runner.cleanup()
        raise Unfit(
            f"the health server cannot listen on HEALTH_LISTEN={listen} HEALTH_PORT={port} "
            f"({e.strerror or e}): set HEALTH_PORT to a free port (0: no health server)"
        ) from None
    log.info("health server on %s:%s (/health, /metrics)", listen, port)
    return runner


def probe_url(settings: Settings) -> str | None:
    """Where this machine reaches the health endpoint of a bot run with ``settings``
    (the webhook server's, the polling worker's health server, or in the playground
    the bot's server beside it); None: it runs none (HEALTH_PORT=0)."""
    if settings.webhook_url:
        host, port = settings.webhook_listen, settings.webhook_port
    else:
        if settings.bot_token is None:  # the playground: its Mini App's server is the health server
            from bot.playground.run import miniapp

            settings = settings.model_copy(update=miniapp(settings))
        host, port = settings.health_listen, settings.health_port
    if not port:
        return None
    shown = dial(host)
    return f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/health"


def probe(settings: Settings, timeout: float = 3.0) -> int:
    """``python -m bot health``, a container's HEALTHCHECK: 0 while the bot answers 200 on
    /health (its Redis answers), 1 otherwise, with one line saying what it found."""
    url = probe_url(settings)
    if url is None:
        print("health: no health server (HEALTH_PORT=0): nothing to check")
        return 0
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            print(f"health: {url} answers {answer.status}: {answer.read(200).decode(errors='replace')}")
            return 0
    except urllib.error.HTTPError as e:
        print(f"health: {url} answers {e.code}: {e.read(200).decode(errors='replace')}")
    except (OSError, ValueError) as e:
        print(f"health: {url} does not answer ({getattr(e, 'reason', e)})")
    return 1
