"""Loaded by the load benchmark's workers (on their PYTHONPATH): counts the Redis
round trips the worker makes (a pipeline's batch is one) into a file that the
benchmark reads before and after its measurement."""

from __future__ import annotations

import os
import threading
import time
from typing import Any

_FILE = os.environ.get("BENCH_ROUNDTRIPS")

if _FILE:
    from redis.asyncio.connection import AbstractConnection

    _count = [0]
    _send = AbstractConnection.send_packed_command

    async def _counted(self: Any, command: Any, check_health: bool = True) -> None:
        _count[0] += 1
        await _send(self, command, check_health)

    AbstractConnection.send_packed_command = _counted  # type: ignore[method-assign]

    def _write() -> None:
        path = f"{_FILE}.{os.getpid()}"
        while True:
            with open(path + ".tmp", "w") as f:
                f.write(str(_count[0]))
            os.replace(path + ".tmp", path)
            time.sleep(0.1)

    threading.Thread(target=_write, daemon=True).start()
