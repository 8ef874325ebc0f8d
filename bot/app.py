"""Builds the python-telegram-bot Application and the referee behind it."""

from __future__ import annotations

import asyncio
import io
import logging
import signal
from typing import Any

from telegram.ext import Application, ApplicationBuilder

from bot.handlers import install, register_commands
from bot.i18n import translator
from bot.referee import Referee
from bot.request import AiohttpRequest
from bot.settings import Settings
from bot.store import Store

log = logging.getLogger(__name__)


def dump_tasks() -> None:
    """Log where every asyncio task of this worker stands (for an operator's diagnosis)."""
    out = io.StringIO()
    tasks = asyncio.all_tasks()
    for task in tasks:
        task.print_stack(limit=12, file=out)
    log.warning("%d tasks:\n%s", len(tasks), out.getvalue())


def build(settings: Settings, redis_url: str) -> Application[Any, Any, Any, Any, Any, Any]:
    t = translator()
    holder: dict[str, Any] = {}

    async def post_init(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
        store = Store.from_url(redis_url)
        ref = Referee(app.bot, store, t, settings.default_language)
        holder["ref"] = ref
        app.bot_data["referee"] = ref
        install(app, ref)
        loop = asyncio.get_running_loop()
        holder["timers"] = loop.create_task(ref.run_timers())
        loop.add_signal_handler(signal.SIGUSR1, dump_tasks)  # `kill -USR1`: what is it waiting for?
        try:
            await register_commands(app, ref)
        except Exception:
            log.exception("could not register the command list")
        await ref.resume()

    async def post_shutdown(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
        timers = holder.get("timers")
        if timers is not None:
            timers.cancel()
            await asyncio.gather(timers, return_exceptions=True)
        ref = holder.get("ref")
        if ref is not None:
            await ref.close()
            await ref.store.close()

    return (
        ApplicationBuilder()
        .token(settings.bot_token.get_secret_value())
        .base_url(settings.telegram_api_base_url)
        .concurrent_updates(True)
        .request(AiohttpRequest(connection_pool_size=128))
        .get_updates_request(AiohttpRequest(connection_pool_size=1))
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .build()
    )
