"""What an operator can get wrong: ``python -m bot`` says in one line what is wrong
and what to set, exits with code 1, and leaves no traceback and no unclosed
connection behind; ``--help`` lists every setting; Ctrl-C stops it cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from bot.playground.botapi import FakeTelegram
from bot.settings import Settings
from tests.e2e.conftest import ROOT, free_port

SETTINGS = [name.upper() for name in Settings.model_fields]


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env["PYTHONWARNINGS"] = "default"  # ResourceWarnings (unclosed sockets) shown, not hidden
    env["HEALTH_PORT"] = "0"  # tests run side by side: no health server on its fixed port
    env.update(extra)
    return env


async def run_bot(env: dict[str, str], *args: str, timeout: float = 30) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    assert proc.returncode is not None
    return proc.returncode, out.decode(errors="replace")


def one_clear_line(output: str, *needles: str) -> str:
    assert "Traceback" not in output, output
    assert "Unclosed" not in output and "unclosed" not in output, output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    for needle in needles:
        assert needle in lines[0], output
    return lines[0]


async def test_without_a_token_the_playground_starts(tmp_path: Path) -> None:
    """README's run command without BOT_TOKEN: it prints one line, the playground's
    address (loopback), and nothing else while it runs or stops (LOG_LEVEL unset); the
    page is there, its Bot API refuses any token but its own, and Ctrl-C stops it all
    cleanly."""
    import aiohttp

    port = free_port()
    env = environment(DATA_DIR=str(tmp_path), PLAYGROUND_PORT=str(port), POLL_TIMEOUT="1")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=-2
    )
    assert proc.stdout is not None
    lines: list[str] = []
    while not any("playground:" in line for line in lines):
        line = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
        assert line, "".join(lines)
        lines.append(line)
    [announced] = [line for line in lines if "playground:" in line]
    address = f"http://127.0.0.1:{port}"
    assert address in announced and "BOT_TOKEN" in announced
    async with aiohttp.ClientSession() as http:
        async with http.get(address) as r:
            assert r.status == 200 and "/assets/app.js" in await r.text()
        async with http.get(f"{address}/bot123456:TEST/getMe") as r:
            assert r.status == 401
        async with http.get(f"{address}/api/state") as r:
            assert (await r.json())["people"] == []  # until the page's first visit
        async with http.post(f"{address}/api/welcome", json={"lang": "ru"}) as r:  # a Russian browser
            assert [p["name"] for p in (await r.json())["people"]] == ["Аня", "Борис"]
        async with http.get(f"{address}/api/events") as events:  # until the bot polls (Ctrl-C: exit 0)
            while not (await r.json())["polling"]:
                await asyncio.wait_for(events.content.readline(), 20)
                r = await http.get(f"{address}/api/state")
    assert (tmp_path / "playground").is_dir()  # its Redis apart from a real bot's
    proc.send_signal(signal.SIGINT)
    out, _ = await asyncio.wait_for(proc.communicate(), 30)
    text = "".join(lines) + out.decode(errors="replace")
    assert proc.returncode == 0, text
    assert "Traceback" not in text and "nclosed" not in text, text
    assert [line for line in text.splitlines() if line.strip()] == [announced.strip()], text


async def test_the_playground_logs_at_the_level_asked_for(tmp_path: Path) -> None:
    """LOG_LEVEL set: the playground logs as the bot does (its embedded Redis, first)."""
    env = environment(DATA_DIR=str(tmp_path), PLAYGROUND_PORT=str(free_port()), LOG_LEVEL="INFO")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=-2
    )
    assert proc.stdout is not None
    first = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
    proc.send_signal(signal.SIGINT)
    out, _ = await asyncio.wait_for(proc.communicate(), 30)
    assert "INFO bot.redis_server: embedded redis" in first, first + out.decode(errors="replace")


async def test_a_playground_port_in_use(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out = await run_bot(environment(DATA_DIR=str(tmp_path), PLAYGROUND_PORT=str(port)))
    assert code == 1
    one_clear_line(
        out, f"cannot listen on PLAYGROUND_HOST=127.0.0.1 PLAYGROUND_PORT={port}", "set PLAYGROUND_PORT"
    )


async def test_the_playground_polls(tmp_path: Path) -> None:
    env = environment(DATA_DIR=str(tmp_path), WEBHOOK_URL="https://bot.example/telegram")
    code, out = await run_bot(env, "playground")
    assert code == 1
    one_clear_line(out, "unset WEBHOOK_URL")
    code, out = await run_bot(environment(DATA_DIR=str(tmp_path)), "play")
    assert code == 2 and "playground" in out


async def test_an_invalid_setting_names_it_and_what_it_means(tmp_path: Path) -> None:
    code, out = await run_bot(environment(BOT_TOKEN="1:x", DATA_DIR=str(tmp_path), POLL_TIMEOUT="soon"))
    assert code == 1
    one_clear_line(out, "POLL_TIMEOUT=soon is invalid", "getUpdates")


async def test_a_log_level_there_is_none_of(tmp_path: Path) -> None:
    """LOG_LEVEL=LOUD: one line naming it and the levels there are (no traceback from logging)."""
    code, out = await run_bot(environment(DATA_DIR=str(tmp_path), LOG_LEVEL="LOUD"))
    assert code == 1
    one_clear_line(out, "LOG_LEVEL=LOUD is invalid: set LOG_LEVEL to one of DEBUG, INFO, WARNING, ERROR")


async def test_every_invalid_setting_names_the_values_it_takes(tmp_path: Path) -> None:
    """A number, a number in a range, a flag, a language, an address, a path, a secret:
    each bad value in the one line, with what the setting takes (none of them reached
    the Bot API or aiohttp to fail there with a traceback)."""
    code, out = await run_bot(
        environment(
            BOT_TOKEN="1:x",
            DATA_DIR=str(tmp_path),
            POLL_TIMEOUT="soon",
            WEBHOOK_PORT="99999",
            NUDGE_AFTER_MS="5",
            GROUP_PERIOD="0",
            REDIS_CLUSTER="maybe",
            DEFAULT_LANGUAGE="fr",
            LOG_LEVEL="debug",  # any case
            WEBHOOK_URL="bot.example/telegram",
            WEBHOOK_PATH="telegram",
            WEBHOOK_SECRET="not secret!",
        )
    )
    assert code == 1
    one_clear_line(
        out,
        "POLL_TIMEOUT=soon is invalid: set POLL_TIMEOUT to a whole number from 0 to 60",
        "WEBHOOK_PORT=99999 is invalid: set WEBHOOK_PORT to a whole number from 1 to 65535",
        "NUDGE_AFTER_MS=5 is invalid: set NUDGE_AFTER_MS to a whole number of at least 1000",
        "GROUP_PERIOD=0 is invalid: set GROUP_PERIOD to a number above 0",
        "REDIS_CLUSTER=maybe is invalid: set REDIS_CLUSTER to 1 or 0",
        "DEFAULT_LANGUAGE=fr is invalid: set DEFAULT_LANGUAGE to one of en, ru",
        "WEBHOOK_URL=bot.example/telegram is invalid: set WEBHOOK_URL to an https:// address",
        "WEBHOOK_PATH=telegram is invalid: set WEBHOOK_PATH to a path that begins with /",
        "WEBHOOK_SECRET is invalid: set WEBHOOK_SECRET to 1 to 256 of the characters A-Z",
    )
    assert "LOG_LEVEL" not in out and "not secret!" not in out, out  # a secret is never printed


async def test_a_miniapp_url_without_its_trailing_slash(tmp_path: Path) -> None:
    """Its page would be served at /app, and its files and API looked for one level up."""
    env = environment(BOT_TOKEN="1:x", DATA_DIR=str(tmp_path), MINIAPP_URL="https://cards.example.com/app")
    code, out = await run_bot(env)
    assert code == 1
    one_clear_line(
        out, "MINIAPP_URL=https://cards.example.com/app is invalid", "ending in /", "set MINIAPP_URL"
    )


async def test_extra_games_naming_no_game(tmp_path: Path) -> None:
    """EXTRA_GAMES=chess: one line naming it and the games there are to name."""
    env = environment(BOT_TOKEN="1:x", DATA_DIR=str(tmp_path), EXTRA_GAMES="dobble, chess")
    code, out = await run_bot(env)
    assert code == 1
    one_clear_line(
        out,
        "EXTRA_GAMES=dobble, chess is invalid: set EXTRA_GAMES to short names of games, separated by commas:",
        "svintus, candy, dobble, smashup",
    )


async def test_a_token_telegram_rejects(api: FakeTelegram, tmp_path: Path) -> None:
    env = environment(
        BOT_TOKEN="654321:NOT-THE-TOKEN",
        TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{api.port}/bot",
        DATA_DIR=str(tmp_path / "data"),
    )
    code, out = await run_bot(env)
    assert code == 1
    line = one_clear_line(out, "rejected BOT_TOKEN", "set BOT_TOKEN")
    assert "NOT-THE-TOKEN" not in line  # a token is never printed
    assert [m for m, _ in api.calls] == []  # refused before any method ran


async def test_no_network(tmp_path: Path) -> None:
    closed = free_port()
    env = environment(
        BOT_TOKEN="123456:TEST",
        TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{closed}/bot",
        DATA_DIR=str(tmp_path / "data"),
        STARTUP_PATIENCE_S="0",  # (a start rides out an outage otherwise: tests/e2e/test_startup.py)
    )
    code, out = await run_bot(env)
    assert code == 1
    one_clear_line(out, "cannot reach the Bot API", "TELEGRAM_API_BASE_URL")


async def test_an_unreachable_redis_url(api: FakeTelegram, tmp_path: Path) -> None:
    env = environment(
        BOT_TOKEN=api.token,
        TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{api.port}/bot",
        REDIS_URL=f"redis://:hunter2@127.0.0.1:{free_port()}/0",
    )
    code, out = await run_bot(env)
    assert code == 1
    line = one_clear_line(out, "cannot reach Redis at REDIS_URL=", "set REDIS_URL")
    assert "hunter2" not in line  # nor a password


async def test_a_data_dir_that_cannot_be_created(api: FakeTelegram, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")  # root writes anywhere, but not under a file
    env = environment(
        BOT_TOKEN=api.token,
        TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{api.port}/bot",
        DATA_DIR=str(blocker / "data"),
    )
    code, out = await run_bot(env)
    assert code == 1
    one_clear_line(out, f"DATA_DIR={blocker / 'data'} cannot be written", "set DATA_DIR")


@pytest.mark.parametrize("flag", ["--help", "-h"])
async def test_help_lists_every_setting(flag: str) -> None:
    code, out = await run_bot(environment(), flag)
    assert code == 0, out
    for name, info in Settings.model_fields.items():
        assert name.upper() in out
        assert info.description
        assert " ".join(info.description.split()[:3]) in " ".join(out.split())
    assert "default: https://api.telegram.org/bot" in " ".join(out.split())


async def test_ctrl_c_while_starting_and_while_running(api: FakeTelegram, tmp_path: Path) -> None:
    # while starting: a Bot API that accepts the connection and never answers
    hung: asyncio.Event = asyncio.Event()

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # this bot's getMe only: a port is soon reused, and another test's process, still
        # calling the one it had, may connect first (then the signal came before the wait)
        if b"/bot123456:TEST/getMe" in await reader.readline():
            hung.set()
        await reader.read()
        writer.close()

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    env = environment(
        BOT_TOKEN="123456:TEST",
        TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{port}/bot",
        DATA_DIR=str(tmp_path / "one"),
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=-2
    )
    started = time.monotonic()
    await asyncio.wait_for(hung.wait(), 30)  # it is waiting for getMe
    connected = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, _ = await asyncio.wait_for(proc.communicate(), 30)
    server.close()
    ended = time.monotonic() - connected
    timing = f"connected {connected - started:.1f} s after the start, ended {ended:.1f} s later"
    assert proc.returncode == 130, f"{out.decode()}\n{timing}"
    one_clear_line(out.decode(), "stopped")

    # while running: it stops as on SIGTERM, exit code 0
    env = environment(
        BOT_TOKEN=api.token,
        TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{api.port}/bot",
        DATA_DIR=str(tmp_path / "two"),
        POLL_TIMEOUT="1",
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=-2
    )
    await asyncio.wait_for(api.polling.wait(), 60)
    proc.send_signal(signal.SIGINT)
    out, _ = await asyncio.wait_for(proc.communicate(), 30)
    text = out.decode(errors="replace")
    assert proc.returncode == 0, text
    assert "Traceback" not in text and "Unclosed" not in text and "unclosed" not in text, text


async def test_a_webhook_port_in_use(api: FakeTelegram, tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = environment(
            BOT_TOKEN=api.token,
            TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{api.port}/bot",
            DATA_DIR=str(tmp_path / "data"),
            WEBHOOK_URL="https://bot.example/telegram",
            WEBHOOK_LISTEN="127.0.0.1",
            WEBHOOK_PORT=str(port),
        )
        code, out = await run_bot(env)
    assert code == 1
    assert "Traceback" not in out and "nclosed" not in out, out
    assert f"cannot listen on WEBHOOK_LISTEN=127.0.0.1 WEBHOOK_PORT={port}" in out.splitlines()[-1], out
