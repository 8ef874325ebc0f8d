"""The health server: ``GET /health`` for probes and ``GET /metrics`` for Prometheus.

In webhook mode its two routes are served by the webhook server itself; with
long polling (the default) they are a small server of their own on
``HEALTH_LISTEN:HEALTH_PORT`` (``HEALTH_PORT=0``: none).  ``/health`` answers
200 while this worker's Redis answers (503 otherwise); a Telegram outage does
not make it fail — restarting a worker would not end one — it shows in
``/metrics`` (``bot/metrics.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from redis.exceptions import RedisError

from bot import metrics
from bot.preflight import Unfit

log = logging.getLogger(__name__)
Check = Callable[[], Awaitable[bool]]


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


def install(app: web.Application, healthy: Check) -> None:
    """Serve ``/health`` and ``/metrics`` from ``app``."""

    async def health(request: web.Request) -> web.Response:
        ok = await healthy()
        telegram = "failing" if metrics.TROUBLE.since is not None else "answering"
        return web.json_response({"ok": ok, "telegram": telegram}, status=200 if ok else 503)

    async def exposition(request: web.Request) -> web.Response:
        body, content_type = metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": content_type})

    app.router.add_get("/health", health)
    app.router.add_get("/metrics", exposition)


async def serve(
    listen: str, port: int, healthy: Check, routes: Callable[[web.Application], None] | None = None
) -> web.AppRunner:
    """The health server of a polling worker, listening (``routes``: more of them —
    the Mini App's); ``cleanup()`` the runner to stop it."""
    app = web.Application()
    install(app, healthy)
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
