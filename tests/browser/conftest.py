"""The playground in a real browser: ``python -m bot`` without a token, as README runs it,
and headless Chromium (Debian's ``chromium``) driven by Playwright.

Without Chromium the tests are skipped on a developer's machine, with a note on how
to install it; in CI (``CI`` set) they fail: ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import RELAXED, ROOT, free_port, rate_env

START_S = 20.0  # the promise: the address within 20 seconds


def chromium() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if path:
        return path
    why = "no chromium on PATH: the browser tests drive Debian's chromium (apt-get install chromium)"
    if os.environ.get("CI"):
        pytest.fail(why + " — .ci/run installs it; in CI these tests must run", pytrace=False)
    pytest.skip(why)


class Playground:
    """``python -m bot`` without BOT_TOKEN, until it has said where it is."""

    def __init__(self, data_dir: Path) -> None:
        self.port = free_port()
        env = {k: v for k, v in os.environ.items() if k not in ("BOT_TOKEN", "REDIS_URL", "WEBHOOK_URL")}
        env.update(
            DATA_DIR=str(data_dir),
            PLAYGROUND_PORT=str(self.port),
            DEFAULT_LANGUAGE="en",
            POLL_TIMEOUT="1",
            **rate_env(RELAXED),  # a board every 0.2 s: the test need not wait 3 s for each
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.output: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self._announced()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put("")

    def _announced(self) -> str:
        deadline = time.monotonic() + START_S
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no address within {START_S} s:\n{''.join(self.output)}") from None
            self.output.append(line)
            if not line:
                raise AssertionError("the playground exited:\n" + "".join(self.output))
            if line.startswith("playground:"):
                url = f"http://127.0.0.1:{self.port}"
                assert url in line, line
                return url

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        while True:
            try:
                line = self.lines.get(timeout=5)
            except queue.Empty:
                break
            if not line:
                break
            self.output.append(line)
        return "".join(self.output)


@pytest.fixture
def playground(tmp_path: Path) -> Iterator[Playground]:
    pg = Playground(tmp_path)
    yield pg
    out = pg.stop()
    assert "Traceback" not in out, out[-5000:]
    assert pg.proc.returncode == 0, out[-5000:]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for this module's tests: the sync API runs an event loop of its own while it
    lives, so it must be gone before this worker's next asyncio test."""
    path = chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # --no-sandbox: CI runs as root, where Chromium's sandbox will not start
        b = p.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, playground: Playground) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(20_000)
    page.goto(playground.url)
    page.wait_for_function("window.playground.ready && window.playground.polling")
    yield page
    context.close()
    assert errors == [], errors
