"""The Redis client every slice of the store shares: one Redis
(``redis.asyncio.Redis``) or a Redis Cluster (``Cluster``), the same code on both."""

from __future__ import annotations

from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.commands.core import AsyncScript
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisClusterException


class ClusterUnavailable(RedisConnectionError):
    """The cluster client could not reach a node for a slot (every node it knows
    refused, or a slot is not served): for the bot, Redis is away, as on one Redis."""


class Cluster(RedisCluster):
    """redis-py's cluster client, whose own errors (not RedisErrors: no node
    reachable, a slot not covered) are Redis being away for every caller, that
    answers a press "out of reach" and retries a screen or a timer."""

    _closing = False

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await super().execute_command(*args, **kwargs)
        except RedisClusterException as e:
            raise ClusterUnavailable(str(e)) from e
        except AttributeError as e:  # a connection closed under the call (see aclose)
            raise ClusterUnavailable(f"connection closed under the call ({e})") from e

    async def aclose(self) -> None:
        """Close every connection, at shutdown.  redis-py also calls this when a node
        answers CLUSTERDOWN (mid-failover), to learn the cluster afresh: closing then
        would pull the connections from under the calls still using them (they fail
        with an AttributeError, not a RedisError), so only the map is dropped, and
        the next call learns it again."""
        if self._closing:
            await super().aclose()
        else:
            self._initialize = True

    async def close_all(self) -> None:
        self._closing = True
        await self.aclose()


Client = aioredis.Redis | RedisCluster


class Slice:
    """One slice of the store (bot.store's modules): the shared client, and the
    slice's Lua scripts, each registered with it at its first use."""

    def __init__(self, client: Client) -> None:
        self.r = client
        self._scripts: dict[str, AsyncScript] = {}

    def script(self, source: str) -> AsyncScript:
        """The script ``source`` (a constant of the slice's module), run by its digest."""
        found = self._scripts.get(source)
        if found is None:
            found = self._scripts[source] = self.r.register_script(source)
        return found

    @property
    def cluster(self) -> bool:
        return isinstance(self.r, RedisCluster)
