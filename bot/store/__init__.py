"""Per-chat sessions in Redis, in the slices their clients use, each with its Lua
beside it: ``sessions`` (load, compare-and-set, the chat's lock, the live chats,
settings, a screen's look at its session), ``screens`` (what each message on
screen shows), ``moves`` (a group become a supergroup), ``timers`` (the deadline
shards), ``budget`` (Telegram's send limits), ``marks`` (who opened the bot, the
updates and presses seen), ``migration`` (what an earlier bot stored); ``keys``
names every key (and says where each lives on a cluster), ``client`` is the
Redis or Redis Cluster client they share.

``Store`` is all of them over one client.  A module that needs one slice only
is typed with it (bot.send_budget: ``Budget``).

The same code runs on one Redis (``redis.asyncio.Redis``) and on a Redis Cluster
(``redis.asyncio.cluster.RedisCluster``).
"""

from __future__ import annotations

import logging

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import RedisClusterException, RedisError

from bot.store import budget, migration, screens, sessions, timers
from bot.store.budget import Budget
from bot.store.client import Client, Cluster, ClusterUnavailable, Slice
from bot.store.keys import (
    ACTIVE,
    OLD_PREFIX,
    PREFIX,
    STARTED,
    TIMER_SHARDS,
    TIMER_TAGS,
    answered_key,
    chats_key,
    key,
    timer_key,
    timer_shard,
)
from bot.store.marks import UPDATE_CLAIM_S, Marks
from bot.store.migration import (
    LEGACY_TIMER_FAILURES,
    LEGACY_TIMERS,
    MIGRATED,
    MIGRATING,
    OLD_KEYS_COPIED,
    OLD_KEYS_MOVED,
    Migration,
)
from bot.store.moves import MOVED_TTL_S, Moves
from bot.store.screens import NOT_SHOWN, Screens, Shown
from bot.store.sessions import Conflict, Looked, Sessions, Unreplicated
from bot.store.timers import Timers

__all__ = [
    "ACTIVE",
    "LEGACY_TIMERS",
    "LEGACY_TIMER_FAILURES",
    "MIGRATED",
    "MIGRATING",
    "MOVED_TTL_S",
    "NOT_SHOWN",
    "OLD_KEYS_COPIED",
    "OLD_KEYS_MOVED",
    "OLD_PREFIX",
    "PREFIX",
    "STARTED",
    "TIMER_SHARDS",
    "TIMER_TAGS",
    "UPDATE_CLAIM_S",
    "Budget",
    "Client",
    "Cluster",
    "ClusterUnavailable",
    "Conflict",
    "Looked",
    "Marks",
    "Migration",
    "Moves",
    "Screens",
    "Sessions",
    "Shown",
    "Slice",
    "Store",
    "Timers",
    "Unreplicated",
    "answered_key",
    "chats_key",
    "key",
    "timer_key",
    "timer_shard",
]

# every slice's scripts, loaded on a cluster's masters at start (``Store.prepare``)
SCRIPTS = (*sessions.SCRIPTS, *screens.SCRIPTS, *timers.SCRIPTS, *budget.SCRIPTS, *migration.SCRIPTS)

log = logging.getLogger(__name__)


class Store(Moves, Sessions, Screens, Timers, Budget, Marks, Migration):
    """Every slice of the store over one client."""

    @classmethod
    def from_url(
        cls, url: str, max_connections: int = 64, cluster: bool = False, replica_wait_ms: int = 0
    ) -> Store:
        """A client whose callers wait for a free connection rather than fail under load;
        with ``cluster``, a Redis Cluster client that finds every node from the one in ``url``."""
        if cluster:
            # the cluster client has no blocking pool: past its limit a call fails at once,
            # so each node's limit is set well above what a worker keeps busy (connections
            # are opened as needed)
            return cls(
                Cluster.from_url(
                    url, max_connections=max_connections * 8, socket_timeout=5, socket_connect_timeout=2
                ),
                replica_wait_ms,
            )
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=max_connections, timeout=10, socket_timeout=5, socket_connect_timeout=2
        )
        return cls(aioredis.Redis(connection_pool=pool))

    async def prepare(self) -> None:
        """Learn the cluster's map and load every script on its masters before the
        first change (a cluster client that learns both under a burst of concurrent
        first calls trips over its own connections); a no-op on one Redis."""
        if not isinstance(self.r, RedisCluster):
            return
        try:
            await self.r.initialize()
            for script in SCRIPTS:
                await self.r.script_load(script)
        except (RedisError, RedisClusterException) as e:  # each call finds out on its own, then
            log.warning("redis cluster not ready at start (%s)", e)

    async def close(self) -> None:
        if isinstance(self.r, Cluster):
            await self.r.close_all()
        else:
            await self.r.aclose()
        if isinstance(self.r, aioredis.Redis):
            # a client made on a given pool leaves the pool's connections open when closed
            await self.r.connection_pool.disconnect()

    async def ping(self) -> bool:
        """Redis answers (a cluster: the node this client talks to first)."""
        if isinstance(self.r, RedisCluster):
            return bool(await self.r.ping(target_nodes=RedisCluster.DEFAULT_NODE))
        return bool(await self.r.ping())
