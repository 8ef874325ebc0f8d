"""``python -m bot`` without BOT_TOKEN (or ``python -m bot playground``): the playground.

The playground's server (its Bot API and the web page) runs on an event loop of
its own, in a thread beside the bot; the bot itself runs exactly as it does on
Telegram (long polling, the embedded Redis or REDIS_URL), pointed at that
server with the server's own token.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

from pydantic import SecretStr

from bot.preflight import Unfit
from bot.settings import Settings, dial


class Background:
    """The playground's server on an event loop in a daemon thread."""

    def __init__(self, settings: Settings) -> None:
        from bot.playground.server import Playground

        self.settings = settings
        # the chats are kept beside the bot's Redis files: a restart goes on where it stopped
        saved = settings.data_dir / "playground" / "chats.json"
        # nobody yet: the page's first visit seats two people who speak the browser's language
        self.playground = Playground(settings.rates(), settings.default_language, people=0, saved=saved)
        app = miniapp(settings)
        if app:  # the bot's Mini App, relayed through the playground's own port
            from bot.playground.relay import Relay

            upstream = f"http://{dial(app.get('health_listen', settings.health_listen))}:{app['health_port']}"
            self.playground.relay = Relay(upstream, app["miniapp_url"])
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="playground", daemon=True)
        self.started: Future[str] = Future()
        self._stop: asyncio.Event | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._serve())
        self.loop.close()

    async def _serve(self) -> None:
        from bot.playground.server import serving

        self._stop = asyncio.Event()
        try:
            async with serving(
                self.playground, self.settings.playground_host, self.settings.playground_port
            ) as url:
                self.started.set_result(url)
                await self._stop.wait()
        except OSError as e:
            if not self.started.done():
                self.started.set_exception(e)

    def start(self) -> str:
        """Listen; returns the Bot API's base URL (Unfit: the address cannot be had)."""
        self.thread.start()
        host, port = self.settings.playground_host, self.settings.playground_port
        try:
            return self.started.result(30)
        except OSError as e:
            raise Unfit(
                f"the playground cannot listen on PLAYGROUND_HOST={host} PLAYGROUND_PORT={port} "
                f"({e.strerror or e}): set PLAYGROUND_PORT to a free port (or BOT_TOKEN to run on Telegram)"
            ) from None

    def stop(self) -> None:
        stop = self._stop
        if stop is not None and self.thread.is_alive():
            self.loop.call_soon_threadsafe(stop.set)
        self.thread.join(10)


def address(settings: Settings, port: int | None = None) -> str:
    """The playground's address as a browser on this machine reaches it (``localhost``
    for a server on every interface, as in a container with its port published)."""
    host = dial(settings.playground_host, "localhost")
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port or settings.playground_port}"


def miniapp(settings: Settings) -> dict[str, Any]:
    """The Mini App in the playground: served by the bot's own web server on loopback
    (HEALTH_PORT, or the playground's port + 1) and relayed through the playground's
    port (``bot.playground.relay``); the page opens it in a frame, as Telegram Web does."""
    if settings.miniapp_url:
        return {}
    chosen = "health_port" in settings.model_fields_set
    port = settings.health_port if chosen else settings.playground_port + 1
    if not port:
        return {}  # HEALTH_PORT=0: no web server, no Mini App
    update: dict[str, Any] = {"health_port": port, "miniapp_url": f"{address(settings)}/app/"}
    if "health_listen" not in settings.model_fields_set:
        update["health_listen"] = "127.0.0.1"  # only the relay reaches it
    return update


@contextlib.contextmanager
def playground(settings: Settings) -> Iterator[Settings]:
    """The playground's server running; yields the settings that point the bot at it."""
    if settings.webhook_url:
        raise Unfit(
            "the playground (no BOT_TOKEN) runs the bot with long polling: unset WEBHOOK_URL, "
            "or set BOT_TOKEN to run on Telegram"
        )
    server = Background(settings)
    base = server.start()
    try:
        update: dict[str, Any] = {
            "bot_token": SecretStr(server.playground.token),
            "telegram_api_base_url": base,
            # its own Redis files: a bot later run with a token in the same DATA_DIR never sees them
            "data_dir": settings.data_dir / "playground",
        }
        update.update(miniapp(settings))
        yield settings.model_copy(update=update)
    finally:
        server.stop()


def announce(settings: Settings) -> None:
    """The one line that says the playground runs, and where (on stdout, whatever LOG_LEVEL says)."""
    from bot.playground.server import loopback

    beyond = "" if loopback(settings.playground_host) else "; beyond loopback: whoever reaches it plays"
    print(
        f"playground: open {address(settings)} in a browser — the bot without a Telegram token, "
        f"on a Bot API of its own (set BOT_TOKEN to run on Telegram){beyond}",
        flush=True,
    )
