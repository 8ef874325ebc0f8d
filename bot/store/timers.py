"""The deadlines: chat -> when time alone changes its game (ms), in ``TIMER_SHARDS``
sorted sets (bot.store.keys), claimed atomically by whichever worker is first;
and each chat's timer failures in a row."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from redis.asyncio.cluster import PipelineCommand, RedisCluster
from redis.exceptions import RedisClusterException, RedisError

from bot.store.client import Slice
from bot.store.keys import TIMER_SHARDS, key, timer_key, timer_shard

# One timer shard at a glance: what is due by ARGV[1] (at most ARGV[2] chats),
# and the earliest deadline (false: none).
_TIMERS = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {due, first[2] or false}
"""

# Claim a due timer: only the worker whose ZREM succeeds fires it.
_CLAIM = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) <= tonumber(ARGV[2]) then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
"""

SCRIPTS = (_TIMERS, _CLAIM)


class Timers(Slice):
    async def set_timer(self, chat_id: int, due_ms: int | None) -> None:
        if due_ms is None:
            await self.r.zrem(timer_shard(chat_id), str(chat_id))
        else:
            await self.r.zadd(timer_shard(chat_id), {str(chat_id): due_ms})

    async def timers(self, now_ms: int, limit: int = 100) -> tuple[list[int], int | None, int]:
        """What is due in every shard (at most ``limit`` a shard), the earliest deadline
        of all, and how many shards could not be read (their master is down: the
        others fire on meanwhile).  Raises only when no shard answered.

        One round trip on one Redis (a pipeline), one per master on a cluster (each
        master's shards in one pipeline, the masters at once)."""
        shards = [timer_key(i) for i in range(TIMER_SHARDS)]
        found: dict[str, Any] = {}
        args = [now_ms, limit]
        script = self.script(_TIMERS)
        if isinstance(self.r, RedisCluster):
            found = await self._timers_by_master(self.r, shards, args)
        else:
            pipe = self.r.pipeline(transaction=False)
            for shard in shards:  # a script the server lost is loaded by the retry below
                pipe.evalsha(script.sha, 1, shard, *args)
            with contextlib.suppress(RedisError):
                found = dict(zip(shards, await pipe.execute(raise_on_error=False), strict=True))
        # what a pipeline could not read (a slot moved, a script not loaded, a master
        # away), once more through the client, which follows the cluster as it changes
        retry = [k for k in shards if k not in found or isinstance(found[k], BaseException)]
        again = await asyncio.gather(*(script(keys=[k], args=args) for k in retry), return_exceptions=True)
        found.update(zip(retry, again, strict=True))
        due: list[int] = []
        first: int | None = None
        failed = [f for f in found.values() if isinstance(f, BaseException)]
        if len(failed) == len(shards):
            raise failed[0]
        for f in found.values():
            if isinstance(f, BaseException):
                if not isinstance(f, RedisError):
                    raise f
                continue
            due += [int(c) for c in f[0]]
            if f[1] and (first is None or int(f[1]) < first):
                first = int(f[1])
        return due, first, len(failed)

    async def _timers_by_master(self, r: Any, shards: list[str], args: list[int]) -> dict[str, Any]:
        """Each master's shards in one pipeline, the masters at once (what a master
        away could not answer is missing: the caller tries it shard by shard)."""
        found: dict[str, Any] = {}
        by_node: dict[str, list[str]] = {}
        nodes: dict[str, Any] = {}
        sha = self.script(_TIMERS).sha
        try:
            await r.initialize()
            for shard in shards:
                node = r.get_node_from_key(shard)
                if node is not None:
                    nodes[node.name] = node
                    by_node.setdefault(node.name, []).append(shard)
        except (RedisError, RedisClusterException):
            by_node = {}  # no map of the slots: each shard on its own below

        async def look(name: str, keys: list[str]) -> None:
            commands = [PipelineCommand(i, "EVALSHA", sha, 1, k, *args) for i, k in enumerate(keys)]
            try:
                await nodes[name].execute_pipeline(commands)
            except (RedisError, AttributeError):  # (a connection closed under the call)
                return  # the master is away: its shards are tried one by one below
            for k, c in zip(keys, commands, strict=True):
                found[k] = c.result

        await asyncio.gather(*(look(name, keys) for name, keys in by_node.items()))
        return found

    async def due_timers(self, now_ms: int, limit: int = 100) -> list[int]:
        return (await self.timers(now_ms, limit))[0]

    async def next_timer(self) -> int | None:
        return (await self.timers(0, 1))[1]

    async def claim_timer(self, chat_id: int, now_ms: int) -> bool:
        claim = self.script(_CLAIM)
        return bool(await claim(keys=[timer_shard(chat_id)], args=[str(chat_id), str(now_ms)]))

    async def timer_failed(self, chat_id: int, clear: bool = False) -> int:
        """Count a failure of the chat's timer (its failures in a row); ``clear``: it worked."""
        if clear:
            await self.r.delete(key(chat_id, "timer-failures"))
            return 0
        return int(await self.r.incr(key(chat_id, "timer-failures")))

    async def timer_failures(self, chat_id: int) -> int:
        found = await self.r.get(key(chat_id, "timer-failures"))
        return int(found) if found is not None else 0
