"""What an operator can get wrong about a cluster: ``python -m bot`` says it in one
line (no traceback, exit code 1), as for the other settings."""

from __future__ import annotations

from pathlib import Path

from bot.playground.botapi import FakeTelegram
from tests.cluster.cluster import LocalCluster, wait_for
from tests.e2e.conftest import free_port
from tests.e2e.test_operator_errors import environment, one_clear_line, run_bot


def bot_env(api: FakeTelegram, **extra: str) -> dict[str, str]:
    return environment(BOT_TOKEN=api.token, TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{api.port}/bot", **extra)


async def test_cluster_mode_on_one_redis_and_a_cluster_node_without_it(
    api: FakeTelegram, cluster: LocalCluster, redis_tcp: object, tmp_path: Path
) -> None:
    single = f"redis://127.0.0.1:{redis_tcp.port}/0"  # type: ignore[attr-defined]
    code, out = await run_bot(bot_env(api, REDIS_URL=single, REDIS_CLUSTER="1"))
    assert code == 1
    one_clear_line(out, "is not a node of a Redis Cluster", "unset REDIS_CLUSTER")
    code, out = await run_bot(bot_env(api, REDIS_URL=cluster.url, REDIS_CLUSTER="0"))
    assert code == 1
    one_clear_line(out, "is a node of a Redis Cluster", "set REDIS_CLUSTER=1")
    code, out = await run_bot(bot_env(api, REDIS_URL=cluster.url + "/2", REDIS_CLUSTER="1"))
    assert code == 1
    one_clear_line(out, "names database 2", "only database 0")
    code, out = await run_bot(bot_env(api, REDIS_CLUSTER="1", DATA_DIR=str(tmp_path)))
    assert code == 1
    one_clear_line(out, "REDIS_URL is not set", "set REDIS_URL")
    code, out = await run_bot(bot_env(api, REDIS_URL=f"redis://127.0.0.1:{free_port()}", REDIS_CLUSTER="1"))
    assert code == 1
    one_clear_line(out, "cannot reach Redis at REDIS_URL=", "set REDIS_URL")


async def test_a_cluster_not_created_yet_and_one_with_a_master_lost(
    api: FakeTelegram, tmp_path: Path
) -> None:
    # three nodes started in cluster mode, never joined into a cluster: no slot is served
    nodes = LocalCluster(tmp_path / "nodes", nodes=3, replicas=0)
    try:
        for port in nodes.ports:
            nodes.start_node(port)
        for port in nodes.ports:
            wait_for(nodes.client(port).ping, 10, f"node {port}")
        code, out = await run_bot(bot_env(api, REDIS_URL=nodes.url, REDIS_CLUSTER="1"))
        assert code == 1
        one_clear_line(out, "serves 0 of its 16384 slots", "redis-cli --cluster create")
    finally:
        nodes.stop()
    # a cluster without replicas whose master is gone, before the others see it gone (they
    # wait a minute here, however slow the bot's start): it does not answer
    slow = LocalCluster(tmp_path / "slow", nodes=3, replicas=0, node_timeout_ms=60_000)
    try:
        slow.start()
        slow.kill(slow.ports[2])
        code, out = await run_bot(bot_env(api, REDIS_URL=slow.url, REDIS_CLUSTER="1"))
        assert code == 1
        one_clear_line(out, f"the master 127.0.0.1:{slow.ports[2]} of the Redis Cluster", "cannot be reached")
    finally:
        slow.stop()
    # ... and once they do (a second): its slots are no longer served
    bare = LocalCluster(tmp_path / "bare", nodes=3, replicas=0)
    try:
        bare.start()
        bare.kill(bare.ports[2])
        info = bare.client(bare.ports[0]).execute_command
        wait_for(lambda: b"cluster_state:fail" in info("CLUSTER", "INFO"), 30, "the cluster failing")
        code, out = await run_bot(bot_env(api, REDIS_URL=bare.url, REDIS_CLUSTER="1"))
        assert code == 1  # once they do: its slots are not served
        one_clear_line(out, "serves 10923 of its 16384 slots", "cluster_state:fail")
    finally:
        bare.stop()
