"""Webhook mode: an aiohttp server that checks Telegram's secret token on every
request and feeds updates to the Application; ``GET /health`` for probes and
``GET /metrics`` for Prometheus (``bot.health``).

Any number of such workers may run behind one address: they share the
sessions, timers and rate budgets in Redis.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import signal
from typing import Any

from aiohttp import web
from telegram import Update
from telegram.ext import Application

from bot import health
from bot.preflight import Unfit
from bot.settings import Settings

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
ACK_PATIENCE_S = 20.0  # how long an update is handled before it is acknowledged anyway


def web_app(
    app: Application[Any, Any, Any, Any, Any, Any], secret: str, path: str, healthy: health.Check
) -> web.Application:
    async def receive(request: web.Request) -> web.Response:
        given = request.headers.get(SECRET_HEADER, "")  # (odd bytes arrive as lone surrogates)
        if not hmac.compare_digest(given.encode(errors="surrogateescape"), secret.encode()):
            return web.Response(status=403)
        try:
            data = await request.json()
            update = Update.de_json(data, app.bot) if isinstance(data, dict) else None
        except Exception:  # not JSON, a charset unknown, nested too deep, fields no update has
            update = None
        if update is None or not isinstance(update.update_id, int):
            return web.Response(status=400)
        # Acknowledged once handled: Telegram delivers again what was not acknowledged,
        # so a worker killed with updates under way loses none of them (each is applied
        # once: ``Chats.change`` for what changes a chat, bot.handlers the rest).
        # One that takes longer than ACK_PATIENCE_S goes on after its acknowledgement
        # (its change is saved by then; what waits is an effect).
        handling = app.create_task(app.process_update(update), update=update)
        try:
            await asyncio.wait_for(asyncio.shield(handling), ACK_PATIENCE_S)
        except TimeoutError:
            log.info(
                "update %s still being handled after %.0f s: acknowledged", update.update_id, ACK_PATIENCE_S
            )
        return web.Response(text="ok")

    webapp = web.Application(middlewares=[health.guard])
    webapp.router.add_post(path, receive)
    health.install(webapp, healthy, health.games_check(app.bot_data))  # /health and /metrics
    miniapp = app.bot_data.get("miniapp")
    if miniapp is not None:
        miniapp.install(webapp)  # the Mini App's page and API, on the same origin
    return webapp


async def serve(app: Application[Any, Any, Any, Any, Any, Any], settings: Settings) -> None:
    """Run the Application behind the webhook server until SIGTERM or SIGINT."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    await app.initialize()
    runner: web.AppRunner | None = None
    try:
        if app.post_init is not None:
            await app.post_init(app)
        await app.start()
        healthy = health.redis_check(app.bot_data)
        webapp = web_app(app, settings.secret(), settings.webhook_path, healthy)
        runner = web.AppRunner(webapp, handler_cancellation=True)  # a Mini App page gone: its stream ends
        await runner.setup()
        site = web.TCPSite(runner, settings.webhook_listen, settings.webhook_port)
        try:
            await site.start()
        except OSError as e:
            raise Unfit(
                f"cannot listen on WEBHOOK_LISTEN={settings.webhook_listen} "
                f"WEBHOOK_PORT={settings.webhook_port} ({e.strerror or e}): set them to a free address"
            ) from None
        log.info(
            "webhook server on %s:%s%s", settings.webhook_listen, settings.webhook_port, settings.webhook_path
        )
        if settings.webhook_register and settings.webhook_url:
            await app.bot.set_webhook(
                settings.webhook_url, secret_token=settings.secret(), allowed_updates=Update.ALL_TYPES
            )
        await stop.wait()
    finally:
        if runner is not None:
            await runner.cleanup()
        if app.running:
            await app.stop()
            if app.post_stop is not None:
                await app.post_stop(app)
        if app.post_shutdown is not None:
            await app.post_shutdown(app)
        await app.shutdown()
