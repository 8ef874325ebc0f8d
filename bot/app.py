"""Builds the python-telegram-bot Application and the referee behind it."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import signal
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from redis.exceptions import RedisClusterException, RedisError
from telegram import Update
from telegram.error import TelegramError
from telegram.ext import Application, ApplicationBuilder, SimpleUpdateProcessor

from bot import computers, games, health, metrics
from bot.handlers import install, register_commands
from bot.i18n import translator
from bot.links import Links
from bot.miniapp.server import MiniApp
from bot.preflight import Unfit
from bot.referee import Referee
from bot.send_budget import Limits
from bot.settings import Settings
from bot.store import Store
from bot.telegram_http import AiohttpRequest, OutOfPatience, PollingRequest

log = logging.getLogger(__name__)
App = Application[Any, Any, Any, Any, Any, Any]
# How long long polling waits for a batch's presses to be answered before it confirms the batch.
PRESS_PATIENCE_S = 5.0


def dump_tasks() -> None:
    """Log where every asyncio task of this worker stands (for an operator's diagnosis)."""
    out = io.StringIO()
    tasks = asyncio.all_tasks()
    for task in tasks:
        task.print_stack(limit=12, file=out)
    log.warning("%d tasks:\n%s", len(tasks), out.getvalue())


class PressTracker(SimpleUpdateProcessor):
    """Updates processed concurrently, as PTB's default does, counting the presses
    (callback queries) under way, so that long polling can confirm a batch only
    once its presses are answered: PTB confirms a batch with the next getUpdates
    (its offset), right after queueing it, and a crash between that and a press's
    answer would leave the press unanswered for good (Telegram never sends it
    again).  Other updates are not waited for: a command's reply may wait seconds
    for its group's budget."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self.presses = 0
        self._answered = asyncio.Event()
        self._answered.set()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        press = isinstance(update, Update) and update.callback_query is not None
        if press:
            self.presses += 1
            self._answered.clear()
        try:
            await coroutine
        finally:
            if press:
                self.presses -= 1
                if not self.presses:
                    self._answered.set()

    async def presses_answered(self, queue: asyncio.Queue[object], timeout: float) -> None:
        """Wait (at most ``timeout``) until the queued updates are under way and every
        press among them has been answered."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not queue.empty() and loop.time() < deadline:
            await asyncio.sleep(0.001)  # the application's fetcher takes them
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._answered.wait(), max(0.0, deadline - loop.time()))


async def migrate(store: Store) -> None:
    """What an earlier bot stored, moved under today's names before anything reads
    it (``Store.migrate``: once, whichever worker starts first; the others wait).
    Redis away meanwhile is waited for: a worker serving before would not find
    the games under way, and would start them afresh over them."""
    delay = 0.5
    while True:
        try:
            await store.migrate()
            return
        except (RedisError, RedisClusterException) as e:
            log.warning("redis unavailable to move what an earlier bot stored (%s): trying again", e)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)


class Lifecycle:
    """The referee behind an Application, from its start to its shutdown."""

    def __init__(self, settings: Settings, redis_url: str) -> None:
        self.settings = settings
        self.redis_url = redis_url
        self.t = translator()
        self.ref: Referee | None = None
        self.timers: asyncio.Task[None] | None = None
        self.health: web.AppRunner | None = None
        self.miniapp: MiniApp | None = None

    async def post_init(self, app: App) -> None:
        store = Store.from_url(
            self.redis_url,
            cluster=self.settings.redis_cluster,
            replica_wait_ms=self.settings.redis_replica_wait_ms,
        )
        metrics.count_redis(store.r)  # its round trips and their errors, for /metrics
        await store.prepare()
        await migrate(store)
        settings = self.settings
        ref = self.ref = Referee(
            app.bot,
            store,
            self.t,
            settings.default_language,
            Limits(store, settings.rates()),
            nudge_after_ms=settings.nudge_after_ms,
        )
        app.bot_data["referee"] = ref
        routes = self._miniapp(app, ref)
        if not settings.webhook_url and settings.health_port:  # (webhook: the webhook server's)
            check, in_play = health.redis_check(app.bot_data), health.games_check(app.bot_data)
            self.health = await health.serve(
                settings.health_listen, settings.health_port, check, routes, in_play
            )
        computers.THINKERS.processes = settings.computer_processes
        games.offer(settings.extras())  # before the commands are installed and listed
        install(app, ref)
        loop = asyncio.get_running_loop()
        self.timers = loop.create_task(ref.run_timers())
        loop.add_signal_handler(signal.SIGUSR1, dump_tasks)  # `kill -USR1`: what is it waiting for?
        try:
            await register_commands(app, ref)  # (made again while Telegram fails in passing)
        except OutOfPatience:
            raise
        except TelegramError as e:  # refused: the bot works without its command list
            log.warning("could not register the command list (%s)", e.message)
        await ref.resume()

    def _miniapp(self, app: App, ref: Referee) -> Callable[[web.Application], None] | None:
        """The Mini App, where the operator serves one (``MINIAPP_URL``): its routes."""
        settings = self.settings
        if not settings.miniapp_url:
            return None
        if not settings.webhook_url and not settings.health_port:
            raise Unfit("MINIAPP_URL needs a web server: with long polling, set HEALTH_PORT (not 0)")
        self.miniapp = MiniApp(ref, settings.token(), settings.miniapp_url, lambda: app.bot.username)
        self.miniapp.attach(Links(settings.miniapp_url, settings.miniapp_short_name or ""))
        app.bot_data["miniapp"] = self.miniapp
        return self.miniapp.install

    async def quiesce(self) -> None:
        """Stop the timers and the screen refreshes (pending ones are re-done at the next start)."""
        timers, self.timers = self.timers, None
        if timers is not None:
            timers.cancel()
            await asyncio.gather(timers, return_exceptions=True)
        if self.ref is not None:
            await self.ref.close()

    async def post_stop(self, app: App) -> None:
        # before the bot's HTTP session closes: a refresh still under way then would
        # fail (and be retried for seconds) on a closed session
        await self.quiesce()

    async def post_shutdown(self, app: App) -> None:
        await self.quiesce()  # if the application never ran, post_stop did not either
        runner, self.health = self.health, None
        if runner is not None:
            await runner.cleanup()
        if self.miniapp is not None:
            await self.miniapp.live.close()
        await asyncio.to_thread(computers.THINKERS.close, True)  # a search under way ends first
        ref, self.ref = self.ref, None
        if ref is not None:
            await ref.store.close()  # its connections too


def build(settings: Settings, redis_url: str) -> App:
    life = Lifecycle(settings, redis_url)
    tracker = PressTracker(256)  # PTB's concurrency for concurrent_updates(True)
    polling = PollingRequest(connection_pool_size=1)
    app = (
        ApplicationBuilder()
        .token(settings.token())
        .base_url(settings.telegram_api_base_url)
        .concurrent_updates(tracker)
        .job_queue(None)  # timers live in Redis (bot.timers), not in PTB's JobQueue
        .request(AiohttpRequest(connection_pool_size=128, patience_s=settings.startup_patience_s))
        .get_updates_request(polling)
        .post_init(life.post_init)
        .post_stop(life.post_stop)
        .post_shutdown(life.post_shutdown)
        .build()
    )

    async def before_polling() -> None:
        await tracker.presses_answered(app.update_queue, PRESS_PATIENCE_S)

    polling.before = before_polling
    return app
