"""What an earlier bot stored, under today's names: moved once, at start, before
anything reads it (``Migration.migrate``, from bot.app)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from typing import Any

from redis.exceptions import RedisClusterException, RedisError

from bot.store.client import Slice
from bot.store.keys import OLD_PREFIX, PREFIX, key, text, timer_shard
from bot.store.sessions import UNLOCK

# An earlier bot's key KEYS[1] under today's name KEYS[2] (the same hash tag, so the
# same slot): renamed, or — KEYS[2] written already, by today's bot — merged
# into it, what today's bot wrote winning (a set gains the members it lacks, a
# sorted set the members it lacks with their scores: a deadline it has is kept,
# a hash the fields it lacks, a string nothing), and KEYS[1] deleted.  Atomic:
# two workers moving the same key move it once.  1: moved; 0: KEYS[1] is gone.
_MOVE = """
local kind = redis.call('TYPE', KEYS[1])['ok']
if kind == 'none' then
  return 0
end
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('RENAME', KEYS[1], KEYS[2])
  return 1
end
if kind == 'set' then
  redis.call('SUNIONSTORE', KEYS[2], KEYS[2], KEYS[1])
elseif kind == 'zset' then
  local members = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
  for i = 1, #members, 2 do
    redis.call('ZADD', KEYS[2], 'NX', members[i + 1], members[i])
  end
elseif kind == 'hash' then
  local fields = redis.call('HGETALL', KEYS[1])
  for i = 1, #fields, 2 do
    redis.call('HSETNX', KEYS[2], fields[i], fields[i + 1])
  end
end
redis.call('DEL', KEYS[1])
return 1
"""


SCRIPTS = (_MOVE,)

# Where a bot before the shards kept every deadline, and every timer's failures
# (one hash); ``migrate`` moves what it finds there once.
LEGACY_TIMERS = f"{OLD_PREFIX}:timers"
LEGACY_TIMER_FAILURES = f"{OLD_PREFIX}:timer-failures"
# What an earlier bot kept under OLD_PREFIX that ``migrate`` moves, by what follows
# the hash tag: a chat's session (its version with it), settings, screens' message
# ids, figures, timer failures and the alias of a group become a supergroup; a
# player's chats with figures; the timer shards.  The rest of a chat's keys are
# left to run out (each has a life of its own, at most a day): its send budget and
# flood wait (``sent``, ``hold``: seconds), its locks and notes to redraw a
# screen (``lock``, ``lock:<slot>``, ``dirty:<slot>``: seconds, and no worker of
# the earlier bot runs any more to hold one).
OLD_KEYS_MOVED = frozenset(
    {"game", "settings", "msgs", "stats", "timer-failures", "moved", "chats", "timers"}
)
# The keys without a tag that ``migrate`` copies (on a cluster their new names
# hash to other slots: copied, then deleted): the live chats, the users who opened
# the bot.  The overall and private send budgets (``sent:all``, ``sent:private``:
# a second's sends) and the marks of updates and presses seen (``update:<id>``,
# ``answered:<id>``: a day) are left to run out: they guard against a redelivery,
# which an earlier bot stopped cleanly does not leave (long polling confirms its
# last batch as it stops, a webhook's answered update is not sent again), and
# copying each, a day of updates, costs a start more than it could save.
OLD_KEYS_COPIED = ("active", "started")
# Set once everything an earlier bot stored is under today's names: later starts
# look no further (one EXISTS).  MIGRATING: the worker moving it, the others wait.
MIGRATED = f"{PREFIX}:migrated"
MIGRATING = f"{PREFIX}:migrating"
MIGRATING_TTL_MS = 15_000  # a worker dying while it moves them holds the others up this long
MIGRATE_BATCH = 64  # keys moved at once (the cluster client has no blocking pool)

log = logging.getLogger(__name__)


class Migration(Slice):
    async def migrate(self) -> int:
        """Move what an earlier bot stored into today's keys, once: the keys under
        ``OLD_PREFIX`` (``OLD_KEYS_MOVED``, ``OLD_KEYS_COPIED``), and the one sorted
        set of deadlines and the one hash of failures of a bot before the shards.
        Run at start before anything reads them (bot.app).

        Once done, ``MIGRATED`` says so and a later start looks no further.  One
        worker moves them (``MIGRATING``), the others wait for it, or take over
        if it dies; every step is safe to make again and alongside another
        (a worker whose claim ran out while it was slow).  Returns how many keys
        and entries were moved (0 when done before)."""
        if await self.r.exists(MIGRATED):
            return 0
        owner = uuid.uuid4().hex
        while not await self.r.set(MIGRATING, owner, nx=True, px=MIGRATING_TTL_MS):
            if await self.r.exists(MIGRATED):
                return 0  # another worker moved them meanwhile
            await asyncio.sleep(0.1)
        try:
            if await self.r.exists(MIGRATED):
                return 0  # done between the look and the claim
            moved = await self._migrate()
            await self.r.set(MIGRATED, OLD_PREFIX)
        finally:
            with contextlib.suppress(RedisError, RedisClusterException):
                await self.script(UNLOCK)(keys=[MIGRATING], args=[owner])
        return moved

    async def _migrate(self) -> int:
        moved = await self._move_old_prefix()
        moved += await self._move_legacy_timers()
        if moved:
            log.info("moved %d keys and entries an earlier bot stored under today's names", moved)
        return moved

    async def _move_old_prefix(self) -> int:
        """Every key under ``OLD_PREFIX`` worth keeping under ``PREFIX`` (SCAN: on a
        cluster, redis-py's ``scan_iter`` walks every master).  A key with a hash tag
        keeps its slot when only the prefix changes: moved in place (``_MOVE``).  A
        key without one lands on another slot: copied, then deleted."""
        found = 0
        batch: list[str] = []

        move_key = self.script(_MOVE)

        async def move(names: list[str]) -> int:
            done = await asyncio.gather(
                *(move_key(keys=[name, PREFIX + name[len(OLD_PREFIX) :]]) for name in names)
            )
            await self.r.pexpire(MIGRATING, MIGRATING_TTL_MS)  # still at it
            return sum(int(d) for d in done)

        async for raw in self.r.scan_iter(match=f"{OLD_PREFIX}:{{*", count=1_000):
            name = text(raw) or ""
            _, brace, rest = name.partition("}:")
            if brace and rest in OLD_KEYS_MOVED:
                batch.append(name)
            if len(batch) >= MIGRATE_BATCH:
                found += await move(batch)
                batch = []
        if batch:
            found += await move(batch)
        for what in OLD_KEYS_COPIED:
            found += await self._copy_set(f"{OLD_PREFIX}:{what}", f"{PREFIX}:{what}")
        return found

    async def _copy_set(self, old: str, new: str) -> int:
        """The members of set ``old`` added to ``new`` (a thousand at a time), then
        ``old`` deleted: 1 if there was one.  Made again, or alongside, it adds the
        same members."""
        if not await self.r.exists(old):
            return 0
        members: list[Any] = []
        async for member in self.r.sscan_iter(old, count=1_000):
            members.append(member)
            if len(members) >= 1_000:
                await self.r.sadd(new, *members)
                await self.r.pexpire(MIGRATING, MIGRATING_TTL_MS)  # still at it
                members = []
        if members:
            await self.r.sadd(new, *members)
        await self.r.delete(old)
        return 1

    async def _move_legacy_timers(self) -> int:
        """What a bot before the timer shards stored (one sorted set of deadlines, one
        hash of failures) into the shards and the chats' own keys (a deadline
        already in a shard is kept)."""
        moved = 0
        deadlines: list[Any] = await self.r.zrange(LEGACY_TIMERS, 0, -1, withscores=True)
        for member, due in deadlines:
            chat_id = int(member)
            await self.r.zadd(timer_shard(chat_id), {str(chat_id): int(due)}, nx=True)
            await self.r.zrem(LEGACY_TIMERS, member)
            moved += 1
        failures: dict[Any, Any] = await self.r.hgetall(LEGACY_TIMER_FAILURES)
        for field, count in failures.items():
            chat_id = int(field)
            await self.r.set(key(chat_id, "timer-failures"), int(count), nx=True)
            await self.r.hdel(LEGACY_TIMER_FAILURES, field)
            moved += 1
        return moved
