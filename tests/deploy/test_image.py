"""The Docker image as an operator meets it: lean, its own user, no compiler; the
playground from ``docker run -p …:8080`` reached from the host; a Svintus round
played through the image on Telegram (the fake Bot API, on the host) against a
Redis container; the HEALTHCHECK's command answering in each mode.

They need a Docker engine and the image built (docs/operations.md, «The image»):

    bash tests/deploy/stand_in_images.sh     # only where Docker Hub is out of reach
    docker build --build-arg PYTHON_IMAGE=card-referee-bot/python:3.11 -t card-referee-bot .
    IMAGE=card-referee-bot REDIS_IMAGE=card-referee-bot/redis:7 python -m pytest tests/deploy -n 0

Without an engine or without the image they are skipped, saying so.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

from bot.playground.botapi import FakeTelegram
from tests.e2e.conftest import RELAXED, free_port, rate_env
from tests.e2e.table import Table
from tests.e2e.test_match import ANN, BORIS, GROUP, open_table, play

IMAGE = os.environ.get("IMAGE", "card-referee-bot")
REDIS_IMAGE = os.environ.get("REDIS_IMAGE", "redis:7-alpine")
SIZE_GOAL = 250 * 1000 * 1000  # bytes, as docker images counts them


def docker(*args: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["docker", *args], capture_output=True, text=True, check=check, timeout=timeout)


async def adocker(*args: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``docker`` from a test's event loop, which goes on meanwhile (the fake Bot API on it
    answers the bot in the container)."""
    return await asyncio.to_thread(docker, *args, check=check, timeout=timeout)


def _engine() -> str | None:
    """Why these tests cannot run here (None: they can)."""
    if shutil.which("docker") is None:
        return "no docker command"
    if docker("info", check=False, timeout=20).returncode != 0:
        return "no Docker engine answers"
    for image in (IMAGE, REDIS_IMAGE):
        if docker("image", "inspect", image, check=False).returncode != 0:
            return f"no image {image}: build it as this module's docstring says"
    return None


pytestmark = pytest.mark.skipif(bool(why := _engine()), reason=str(why))


@pytest.fixture
def names() -> Iterator[list[str]]:
    """Containers and networks to remove after the test, whatever happened."""
    made: list[str] = []
    yield made
    for name in reversed(made):
        if docker("rm", "-f", "-v", name, check=False).returncode != 0:
            docker("network", "rm", name, check=False)


async def run(names: list[str], *args: str, image: str = IMAGE) -> str:
    name = f"crb-{uuid.uuid4().hex[:8]}"
    names.append(name)
    await adocker("run", "-d", "--name", name, *args, image)
    return name


async def logged(name: str, needle: str, timeout: float = 60) -> str:
    """The container's output once it holds ``needle``."""
    deadline = time.monotonic() + timeout
    while True:
        out = await adocker("logs", name, check=False)
        text = out.stdout + out.stderr
        if needle in text:
            return text
        state = (await adocker("inspect", "-f", "{{.State.Running}}", name, check=False)).stdout.strip()
        assert state == "true" and time.monotonic() < deadline, f"{needle!r} never came:\n{text}"
        await asyncio.sleep(0.2)


def test_the_image_is_lean_runs_as_its_own_user_and_has_no_compiler() -> None:
    [info] = json.loads(docker("image", "inspect", IMAGE).stdout)
    assert info["Size"] < SIZE_GOAL, info["Size"]
    config = info["Config"]
    assert config["User"] == "bot"
    assert config["Cmd"] == ["python", "-m", "bot"]
    assert config["Healthcheck"]["Test"] == ["CMD", "python", "-m", "bot", "health"]
    assert "/data" in config["Volumes"]
    look = (
        "id -un; stat -c %U /data; command -v gcc cc make c99 || echo no-compiler; "
        "python -c 'import bot, engine.core.rules as r; print(bot.__file__); print(r.__file__)'; "
        "test -e /src && echo sources || echo no-sources"
    )
    lines = docker("run", "--rm", "--entrypoint", "sh", IMAGE, "-c", look).stdout.split()
    assert lines[:3] == ["bot", "bot", "no-compiler"], lines
    assert lines[3].startswith("/venv/lib/") and "site-packages/bot/" in lines[3], lines  # not editable
    assert lines[4].endswith(".so"), lines  # the engine compiled
    assert lines[5] == "no-sources"


async def test_the_playground_from_the_image_is_reached_from_the_host(names: list[str]) -> None:
    port = free_port()
    name = await run(names, "-p", f"127.0.0.1:{port}:8080")
    said = await logged(name, "playground: open")
    assert "open http://localhost:8080 " in said
    here = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(here) as r:
            assert r.status == 200 and "/assets/app.js" in await r.text()
        async with http.get(f"{here}/bot123456:TEST/getMe") as r:
            assert r.status == 401  # its Bot API answers its own token only
        async with http.get(f"{here}/assets/../../etc/passwd") as r:
            assert r.status == 404
        async with http.post(f"{here}/api/welcome", json={"lang": "ru"}) as r:
            assert [p["name"] for p in (await r.json())["people"]] == ["Аня", "Борис"]
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{here}/api/events") as events:  # until the bot polls (it logs no more)
            while not (await (await http.get(f"{here}/api/state")).json())["polling"]:
                await asyncio.wait_for(events.content.readline(), 60)
        async with http.get(f"{here}/app/") as r:
            assert r.status == 200  # the Mini App, through the same port
    health = await adocker("exec", name, "python", "-m", "bot", "health", check=False)
    assert health.returncode == 0, health.stdout + health.stderr
    await adocker("stop", "-t", "20", name)
    out = await adocker("logs", name)
    assert "Traceback" not in out.stdout + out.stderr
    assert (await adocker("inspect", "-f", "{{.State.ExitCode}}", name)).stdout.strip() == "0"


async def test_a_round_through_the_image_against_a_redis_container(names: list[str]) -> None:
    network = f"crb-{uuid.uuid4().hex[:8]}"
    await adocker("network", "create", network)
    names.insert(0, network)  # removed last, after its containers
    inspected = await adocker("network", "inspect", "-f", "{{(index .IPAM.Config 0).Gateway}}", network)
    gateway = inspected.stdout.strip()
    redis = await run(names, "--network", network, image=REDIS_IMAGE)
    api = FakeTelegram.enforcing(RELAXED)
    await api.start(host=gateway)  # Telegram, as the container sees it: on the host
    try:
        env: dict[str, Any] = {
            "BOT_TOKEN": api.token,
            "TELEGRAM_API_BASE_URL": f"http://{gateway}:{api.port}/bot",
            "REDIS_URL": f"redis://{redis}:6379/0",
            "DEFAULT_LANGUAGE": "en",
            "POLL_TIMEOUT": "1",
            **rate_env(RELAXED),
        }
        flags = [item for k, v in env.items() for item in ("-e", f"{k}={v}")]
        bot = await run(names, "--network", network, *flags)
        await asyncio.wait_for(api.polling.wait(), 60)
        api.add_group(GROUP, "Pigs")
        api.add_user(ANN, "Ann", "en")
        api.add_user(BORIS, "Boris", "en")
        for p in (ANN, BORIS):
            api.say(p, p, "/start")
        t = Table(api, GROUP)
        await open_table(api, t, [ANN, BORIS])
        assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
        await t.until(lambda: "round 1" in t.board().text, what="the board")  # type: ignore[union-attr]
        board = t.board
        seen = await play(t, [ANN, BORIS], lambda: bool(t.posts("🏁 <b>Round")) or "wins" in board().text)  # type: ignore[union-attr]
        assert seen.get("play", 0) > 3
        assert api.violations == [], api.violations
        health = await adocker("exec", bot, "python", "-m", "bot", "health", check=False)
        assert health.returncode == 0, health.stdout + health.stderr
        keys = (await adocker("exec", redis, "redis-cli", "--scan", "--pattern", "cards:*")).stdout.split()
        assert keys, "the games are kept in the Redis container"
        await adocker("stop", "-t", "20", bot)
        out = await adocker("logs", bot)
        assert "Traceback" not in out.stdout + out.stderr, (out.stdout + out.stderr)[-6000:]
        # the same image as a webhook worker (another worker registered the webhook): the
        # HEALTHCHECK's command asks the webhook server
        webhook = ["-e", "WEBHOOK_URL=https://cards.example/telegram", "-e", "WEBHOOK_REGISTER=0"]
        worker = await run(names, "--network", network, *flags, *webhook)
        await logged(worker, "webhook server")
        health = await adocker("exec", worker, "python", "-m", "bot", "health", check=False)
        assert health.returncode == 0 and "127.0.0.1:8080/health answers 200" in health.stdout, health
    finally:
        await api.stop()
