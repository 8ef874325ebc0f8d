"""End-to-end fixtures: the fake Bot API, a real Redis, and the real bot process.

Telegram's limits (20 messages and edits a minute per group, spaced 3 s; one a
second per private chat; 30 a second overall) would make every test wait
seconds for each board.  So by default the bot runs with faster limits
(RELAXED) and the fake API enforces the same; a test that is about the limits
opts into Telegram's own with ``@pytest.mark.telegram_limits`` (the fake API
then also enforces the private and overall limits).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.playground.botapi import FakeTelegram
from bot.send_rates import TELEGRAM, Rates

ROOT = Path(__file__).resolve().parents[2]

# A board every 0.2 s (300 a minute), hands 0.1 s apart, 200 sends a second overall.
RELAXED = Rates(
    group_limit=300,
    group_period=60.0,
    group_spacing=0.2,
    private_spacing=0.1,
    overall_limit=200,
    overall_period=1.0,
    private_share=150,
    private_floor=5,
)


def rate_env(rates: Rates) -> dict[str, str]:
    """The settings that give the bot these limits."""
    return {f.upper(): str(getattr(rates, f)) for f in Rates.__dataclass_fields__}


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class BotProcess:
    """``python -m bot`` exactly as the README runs it, pointed at the fake API."""

    def __init__(
        self,
        api: FakeTelegram,
        base_url: str,
        data_dir: Path,
        redis_url: str | None,
        lang: str = "en",
        webhook_port: int | None = None,
        register: bool = True,
        rates: Rates = TELEGRAM,
        env: dict[str, str] | None = None,
    ) -> None:
        self.env = env or {}
        self.api, self.base_url, self.data_dir, self.redis_url = api, base_url, data_dir, redis_url
        self.lang, self.webhook_port, self.register = lang, webhook_port, register
        self.rates = rates
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = data_dir / "bot.log"
        self.health_port = 0 if webhook_port else free_port()  # (webhook: the webhook server's)

    async def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL",)}
        env.update(
            BOT_TOKEN=self.api.token,
            TELEGRAM_API_BASE_URL=self.base_url,
            DATA_DIR=str(self.data_dir),
            DEFAULT_LANGUAGE=self.lang,
            LOG_LEVEL="INFO",
            POLL_TIMEOUT="1",
            HEALTH_PORT=str(self.health_port),
            **rate_env(self.rates),
            **self.env,
        )
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        if self.webhook_port:
            env.update(
                WEBHOOK_URL=self.url,
                WEBHOOK_LISTEN="127.0.0.1",
                WEBHOOK_PORT=str(self.webhook_port),
                WEBHOOK_REGISTER="1" if self.register else "0",
            )
        self.api.polling.clear()
        log = open(self.log_path, "ab")  # noqa: SIM115 - the process owns it
        self.proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdout=log, stderr=log)
        deadline = time.monotonic() + 60
        while not (await self.healthy() if self.webhook_port else self.api.polling.is_set()):
            if self.proc.poll() is not None:
                raise RuntimeError("the bot exited:\n" + self.log())
            if time.monotonic() > deadline:
                raise TimeoutError("the bot did not start polling:\n" + self.log())
            await asyncio.sleep(0.05)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.webhook_port}/telegram"

    async def healthy(self) -> bool:
        import aiohttp

        try:
            async with (
                aiohttp.ClientSession() as http,
                http.get(f"http://127.0.0.1:{self.webhook_port}/health") as r,
            ):
                return r.status == 200
        except aiohttp.ClientError:
            return False

    async def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            for _ in range(200):
                if self.proc.poll() is not None:
                    break
                await asyncio.sleep(0.05)
            else:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    async def metrics(self) -> dict[str, float]:
        """What its ``/metrics`` counts now: each sample's name with its labels -> value."""
        import aiohttp
        from prometheus_client.parser import text_string_to_metric_families

        port = self.webhook_port or self.health_port
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/metrics") as r:
            assert r.status == 200
            text = await r.text()
        found: dict[str, float] = {}
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
                found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
        return found


@pytest.fixture
def rates(request: pytest.FixtureRequest) -> Rates:
    """The limits of this test's bot and fake API: Telegram's for a test marked
    ``telegram_limits``, RELAXED otherwise."""
    return TELEGRAM if request.node.get_closest_marker("telegram_limits") else RELAXED


@pytest.fixture
async def api(rates: Rates) -> AsyncIterator[FakeTelegram]:
    fake = FakeTelegram.enforcing(rates)  # Telegram's limits, every one, or the relaxed group limit
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
async def bot_factory(
    api: FakeTelegram, tmp_path: Path, rates: Rates, redis_url: str
) -> AsyncIterator[Callable[..., Any]]:
    """Starts ``python -m bot``: on ``redis_url`` if given; with ``data_dir`` and no
    ``redis_url``, on the embedded Redis in that directory (as the README runs it);
    with neither, on the session's Redis (flushed for this test), since an embedded
    Redis per test costs its start and stop."""
    base = f"http://127.0.0.1:{api.port}/bot"
    procs: list[BotProcess] = []
    session_redis = redis_url

    async def make(
        redis_url: str | None = None,
        lang: str = "en",
        data_dir: Path | None = None,
        webhook_port: int | None = None,
        register: bool = True,
        env: dict[str, str] | None = None,
    ) -> BotProcess:
        if redis_url is None and data_dir is None:
            redis_url = session_redis
        d = data_dir or tmp_path / f"bot{len(procs)}"
        d.mkdir(parents=True, exist_ok=True)
        p = BotProcess(api, base, d, redis_url, lang, webhook_port, register, rates, env)
        await p.start()
        procs.append(p)
        return p

    yield make
    live = [p for p in procs if p.proc is not None and p.proc.poll() is None]
    for p in live:  # what each live worker is waiting for, in its log (for diagnosing a failure)
        dumps = p.log().count(" tasks:\n")
        os.kill(p.pid, signal.SIGUSR1)
        deadline = time.monotonic() + 3
        while p.log().count(" tasks:\n") == dumps and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
    for p in procs:
        await p.stop()
    for p in procs:
        text = p.log()
        assert "Traceback" not in text, text[-5000:]
