"""The bot on a real Redis Cluster: each test gets its own 3 masters and 3
replicas (about 2 s to start), and the e2e fixtures (the fake Bot API, the real
bot process) run on it with ``REDIS_CLUSTER=1``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster.cluster import LocalCluster
from tests.e2e.conftest import api, bot_factory, rates

__all__ = ["api", "bot_factory", "rates"]  # the e2e fixtures, for the tests here


@pytest.fixture
def cluster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalCluster]:
    nodes = LocalCluster(tmp_path / "cluster")
    try:
        nodes.start()
        monkeypatch.setenv("REDIS_CLUSTER", "1")  # every bot the test starts uses the cluster
        yield nodes
    finally:
        nodes.stop()


@pytest.fixture
def redis_url(cluster: LocalCluster) -> str:
    """What the bots of the test are given as REDIS_URL: one node of the cluster."""
    return cluster.url
