"""What the image runs (Dockerfile): the playground listening on every interface, its
Mini App through its one port, and ``python -m bot health`` as the HEALTHCHECK — each
through the real ``python -m bot``."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

import aiohttp

from bot.health import probe_url
from bot.settings import Settings
from tests.e2e.conftest import ROOT, free_port
from tests.e2e.test_operator_errors import environment, one_clear_line, run_bot


async def test_the_playground_on_every_interface_is_one_port(tmp_path: Path) -> None:
    """PLAYGROUND_HOST=0.0.0.0 (the image's): the address to open is localhost; the page,
    its Bot API and the Mini App share the one port a container publishes; a request from
    another origin is refused as on Telegram; the bot's own server (/health, /metrics)
    stays on loopback, and ``python -m bot health`` finds it."""
    port, inner = free_port(), free_port()
    env = environment(
        DATA_DIR=str(tmp_path),
        PLAYGROUND_HOST="0.0.0.0",
        PLAYGROUND_PORT=str(port),
        HEALTH_PORT=str(inner),
        POLL_TIMEOUT="1",
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=-2
    )
    assert proc.stdout is not None
    lines: list[str] = []
    try:
        while not any("playground:" in line for line in lines):
            line = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
            assert line, "".join(lines)
            lines.append(line)
        [announced] = [line for line in lines if "playground:" in line]
        assert f"open http://localhost:{port} " in announced and "whoever reaches it plays" in announced
        here = f"http://127.0.0.1:{port}"  # another name for the same server: the page works by it too
        async with aiohttp.ClientSession() as http:
            async with http.post(f"{here}/api/welcome", json={"lang": "en"}) as r:
                ann = (await r.json())["people"][0]["id"]
            # the bot's Mini App button says localhost: the page opens it on its own origin
            opened = {"user": ann, "url": f"http://localhost:{port}/app/?x=1"}
            async with http.post(f"{here}/api/webapp", json=opened) as r:
                launch = await r.json()
            assert launch["url"] == "/app/?x=1"
            elsewhere = {"user": ann, "url": "https://x.example/app/"}
            async with http.post(f"{here}/api/webapp", json=elsewhere) as r:
                assert "url" not in await r.json()  # somebody else's Mini App: opened where it is
            async with http.get(f"{here}/api/events") as events:  # until the bot polls: its server is up
                r = await http.get(f"{here}/api/state")
                while not (await r.json())["polling"]:
                    await asyncio.wait_for(events.content.readline(), 20)
                    r = await http.get(f"{here}/api/state")
            async with http.get(f"{here}/app/") as r:
                assert r.status == 200 and "frame-ancestors" in r.headers["Content-Security-Policy"]
            session = {"initData": launch["initData"]}
            async with http.post(f"{here}/app/api/session", json=session, headers={"Origin": here}) as r:
                assert r.status == 200, await r.text()
                assert (await r.json())["token"]
            evil = {"Origin": "https://evil.example"}
            async with http.post(f"{here}/app/api/session", json=session, headers=evil) as r:
                assert r.status == 403
            async with http.post(f"{here}/app/api/session", data="initData=x", headers={"Origin": here}) as r:
                assert r.status == 415
            for path in ("/health", "/metrics", "/app/../metrics"):
                async with http.get(f"{here}{path}") as r:
                    assert r.status == 404, path
        code, out = await run_bot(env, "health")
        assert code == 0, out
        assert one_clear_line(out, f"http://127.0.0.1:{inner}/health", "200")
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = await asyncio.wait_for(proc.communicate(), 30)
    text = "".join(lines) + out.decode(errors="replace")
    assert proc.returncode == 0, text
    assert "Traceback" not in text and "nclosed" not in text, text
    code, out = await run_bot(env, "health")  # stopped: the check fails, in one line
    assert code == 1
    one_clear_line(out, f"http://127.0.0.1:{inner}/health", "does not answer")


def test_the_health_check_asks_the_server_each_mode_runs() -> None:
    webhook = Settings(bot_token="1:x", webhook_url="https://a.example/telegram", webhook_port=8443)
    assert probe_url(webhook) == "http://127.0.0.1:8443/health"
    assert probe_url(Settings(bot_token="1:x", health_port=9000)) == "http://127.0.0.1:9000/health"
    assert probe_url(Settings(bot_token="1:x", health_listen="::", health_port=9000)) == (
        "http://[::1]:9000/health"
    )
    assert probe_url(Settings(bot_token=None, playground_port=7000)) == "http://127.0.0.1:7001/health"
    assert probe_url(Settings(bot_token="1:x", health_port=0)) is None


async def test_a_health_check_without_a_health_server(tmp_path: Path) -> None:
    code, out = await run_bot(environment(DATA_DIR=str(tmp_path), BOT_TOKEN="1:x"), "health")
    assert code == 0
    one_clear_line(out, "HEALTH_PORT=0")
