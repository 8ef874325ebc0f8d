"""Per-chat sessions in Redis: load, compare-and-set, timers, render caches.

Every key is under ``PREFIX`` (``cards``).  Every key of one chat carries the chat
id as a hash tag (``cards:{-100123}:game``) so all of a chat's keys land on one
Redis Cluster slot, and every script and multi-key command of a chat touches
that slot only; a private chat's are its user's (``cards:{<user>}:newest``, the
newest message the bot sent there: ``Store.note_sent``).  What is not a chat's:

- the deadlines are sharded over ``TIMER_SHARDS`` sorted sets, each with its own
  hash tag (a chat's deadline lives in shard ``chat % TIMER_SHARDS``);
- the live chats (``cards:active``), the overall and private send budgets
  (``cards:sent:all``, ``cards:sent:private``) and the users who opened the
  bot (``cards:started``) are one key each, on purpose: the first is written
  only when a game opens or ends, the budgets are Telegram's global 30 a second
  (a few commands per send), the last is one small write per private message;
- the marks of updates seen (``cards:update:<id>``) are one key each, spread
  over every slot; a press answered is marked with the chat whose button it
  was (``cards:{chat}:answered:<id>.<who>``: ``handlers.press_mark``), so a game's press reads it with the
  session, in the same round trip.  (An earlier bot marked presses under
  ``cards:answered:<id>``: left to run out, a day at most, like the other
  marks of what was seen, below.)

What a bot before these names stored (under ``OLD_PREFIX``, and before the timer
shards) is moved once, at start, before anything reads it: ``Store.migrate``.

The same code runs on one Redis (``redis.asyncio.Redis``) and on a Redis Cluster
(``redis.asyncio.cluster.RedisCluster``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import PipelineCommand, RedisCluster
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, RedisClusterException, RedisError

from bot.session import ChatSettings, Session

# The bot's key namespace: what it is (a referee of card games), not one of its
# games, so that no name means two things.  Defined here only: every key is built
# from it (``key``, ``chats_key``, ``timer_key``, the constants below, bot.limits').
PREFIX = "cards"
# The namespace of the bots before it, named after their first game: what they
# stored there is moved under PREFIX once, at start (``Store.migrate``).
OLD_PREFIX = "svintus"

# Compare-and-set on a version number kept beside the document in one hash;
# with KEYS[2] and ARGV[4], the chat's lock is released too if ARGV[4] holds it
# (a change saved and unlocked in one round trip).
_CAS = """
local current = redis.call('HGET', KEYS[1], 'v')
if (current or '0') ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'doc', ARGV[3])
if ARGV[4] and redis.call('GET', KEYS[2]) == ARGV[4] then
  redis.call('DEL', KEYS[2])
end
return 1
"""


# A sliding-window rate budget shared by every worker, on Redis's own clock:
# at most ARGV[2] sends in ARGV[1] ms, ARGV[3] ms apart, and none while KEYS[2]
# (a chat's flood wait, when given) lives.  Returns 0 (and, when ARGV[5] is '1',
# records the send) or the milliseconds to wait.
_RATE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local period, limit, spacing = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - period)
local wait = 0
if KEYS[2] then
  wait = math.max(redis.call('PTTL', KEYS[2]), 0)
end
if redis.call('ZCARD', KEYS[1]) >= limit then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  wait = math.max(wait, tonumber(first[2]) + period - now)
end
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] and tonumber(last[2]) + spacing - now > wait then
  wait = tonumber(last[2]) + spacing - now
end
if wait <= 0 and ARGV[5] == '1' then
  redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[4])
  redis.call('PEXPIRE', KEYS[1], period)
  return 0
end
if wait < 0 then
  return 0
end
return wait
"""

# A chat's flood wait (a 429's retry_after): KEYS[1] lives ARGV[1] ms, or longer if it did.
_HOLD = """
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 1
"""

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


# Release a chat's lock if this worker still holds it.
_UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""

# Release a screen's lock and take the notes left meanwhile (1: draw it again).
# With ARGV[2] (its slot), what the screen's message shows now is written first
# (``Store.set_message``: ARGV[3] its id, ARGV[4] its digest) into KEYS[3] —
# unless ARGV[5] (the game it shows) is not the chat's game (``new_game_screens``):
# a screen of the last game, sent after the next one opened, is not the chat's.
_RELEASE_SCREEN = """
local game = redis.call('HGET', KEYS[3], 'game')
if ARGV[2] and (not ARGV[5] or ARGV[5] == '' or not game or game == ARGV[5]) then
  local slot = ARGV[2]
  redis.call('HSET', KEYS[3], slot .. ':id', ARGV[3], slot .. ':hash', ARGV[4], slot .. ':pending', ARGV[4])
end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  if redis.call('GETDEL', KEYS[2]) then
    return 1
  end
end
return 0
"""

# A new game's screens (``Store.new_game_screens``): the chat's messages KEYS[1] forget
# the board and every hand (in private and in the group), and name the game ARGV[1] as
# the one they show.
_NEW_GAME = """
local gone = {}
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  local head = string.sub(field, 1, 5)
  if head == 'hand:' or head == 'board' or string.sub(field, 1, 4) == 'eph:' then
    gone[#gone + 1] = field
  end
end
if #gone > 0 then
  redis.call('HDEL', KEYS[1], unpack(gone))
end
redis.call('HSET', KEYS[1], 'game', ARGV[1])
return #gone
"""

# A private chat's newest message the bot knows of (``Store.note_sent``): KEYS[1]
# becomes ARGV[1] if that is newer (ids only grow in a chat), for ARGV[2] s.
_NEWEST = """
local known = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > known then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return 1
end
return 0
"""

# The session and the chat's settings in one round trip.  ARGV[1]: the version
# the caller has parsed already ('' for none); the document is returned only
# when it is a different one.  KEYS[3], KEYS[4]: a lock (the chat's, or one of
# its screens') and the chat's messages (``Store._read``).  With ARGV[2] (an
# owner) and ARGV[3] (ms), the lock is taken first (or taken over: one whose
# release failed) — or, held by another, {'locked'} is all that comes back.
# With ARGV[4] (a slot), the message of that slot comes too (``Store.message``):
# a screen's look at its game and at what its message shows, in one round
# trip.  KEYS[5]: with ARGV[5] (ms), a note left for the holder of the lock
# (a screen's: draw it once more when you release it); without, a press's mark
# (``Store.mark_answered``): whether it was answered.  A note is left atomically
# with the look at the lock, so it is never left after the holder's last look
# at its notes.
_LOAD = """
if ARGV[2] ~= '' then
  local holder = redis.call('GET', KEYS[3])
  if holder and holder ~= ARGV[2] then
    if ARGV[5] then
      redis.call('SET', KEYS[5], '1', 'PX', ARGV[5])
    end
    return {'locked'}
  end
  redis.call('SET', KEYS[3], ARGV[2], 'PX', ARGV[3])
end
local v = redis.call('HGET', KEYS[1], 'v')
local doc = false
if (v or '0') ~= ARGV[1] then
  doc = redis.call('HGET', KEYS[1], 'doc')
end
local out = {v or '0', doc, redis.call('GET', KEYS[2]), false, 0}
if ARGV[4] ~= '' then
  out[4] = redis.call('HMGET', KEYS[4], ARGV[4] .. ':id', ARGV[4] .. ':hash', ARGV[4] .. ':pending')
end
if KEYS[5] and not ARGV[5] then
  out[5] = redis.call('EXISTS', KEYS[5])
end
return out
"""


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


_SCRIPTS = (_CAS, _RATE, _CLAIM, _TIMERS, _RELEASE_SCREEN, _LOAD, _UNLOCK, _HOLD, _MOVE, _NEW_GAME, _NEWEST)


def _text(raw: bytes | str | None) -> str | None:
    return raw.decode() if isinstance(raw, bytes) else raw


def _settings(raw: bytes | str | None) -> ChatSettings:
    return ChatSettings.model_validate_json(raw) if raw else ChatSettings()


class Conflict(Exception):
    """Somebody else wrote the session first: reload and try again."""


def key(chat_id: int, what: str) -> str:
    return f"{PREFIX}:{{{chat_id}}}:{what}"


def answered_key(chat_id: int, query_id: str) -> str:
    """A press answered, kept with the chat whose button it was (its session's slot)."""
    return key(chat_id, f"answered:{query_id}")


# a message on screen: its id, the digest of what it shows, and of an edit sent but not confirmed
Shown = tuple[int | None, str | None, str | None]
NOT_SHOWN: Shown = (None, None, None)
# a screen's look at its chat: the session (shared: never changed), the settings,
# what the screen's message shows
Looked = tuple[Session | None, ChatSettings, Shown]


def _shown(raw: list[Any]) -> Shown:
    digest, pending = (v.decode() if isinstance(v, bytes) else v for v in raw[1:])
    return (int(raw[0]) if raw[0] is not None else None, digest, pending)


PARSED_CACHE = 2048  # sessions kept parsed for screens, one per chat
ACTIVE = f"{PREFIX}:active"  # chats with a live session (for restarts)
STARTED = f"{PREFIX}:started"  # the users who opened a private chat with the bot
# how long an update being handled is not handled again (a worker killed meanwhile: then it is)
UPDATE_CLAIM_S = 30
MOVED_TTL_S = 90 * 86_400  # how long a group that became a supergroup names it (its buttons' life)
NEWEST_TTL_S = 30 * 86_400  # how long a private chat's newest message is remembered (``note_sent``)

# chat -> when time alone changes its game (ms), in TIMER_SHARDS sorted sets.
# Every press rewrites its chat's deadline and every worker polls the sets twice
# a second: in one key, that traffic would all fall on the one master holding
# it.  16 shards spread it over up to 16 masters (far more than a deployment of
# this bot needs before its sets are small anyway), while a worker's poll stays
# one round trip per master.  Each shard's hash tag was picked so that shard i
# hashes into the i-th sixteenth of the 16384 slots: a cluster whose slots are
# split evenly (as ``redis-cli --cluster create`` does) gets an even share of
# the shards on every master.  The tags are fixed: changing them moves the keys.
TIMER_TAGS = (
    "t0.23", "t1.20", "t2.10", "t3.13", "t4.1", "t5.2", "t6.60", "t7.63",
    "t8.10", "t9.13", "t10.3", "t11.0", "t12.61", "t13.62", "t14.23", "t15.20",
)  # fmt: skip
TIMER_SHARDS = len(TIMER_TAGS)
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
# How long a master whose replica did not confirm a write in time is not waited for again.
REPLICA_BACKOFF_S = 10.0

log = logging.getLogger(__name__)


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


def chats_key(user_id: int) -> str:
    """The chats where ``user_id`` has figures (bot.stats)."""
    return f"{PREFIX}:{{u{user_id}}}:chats"


def timer_key(shard: int) -> str:
    return f"{PREFIX}:{{{TIMER_TAGS[shard]}}}:timers"


def timer_shard(chat_id: int) -> str:
    """The sorted set that holds ``chat_id``'s deadline."""
    return timer_key(chat_id % TIMER_SHARDS)


class Unreplicated(RedisError):
    """A write was not confirmed: the connection to its master broke before its
    replica's acknowledgement came (the master may have failed with it)."""


class Store:
    def __init__(self, client: Client, replica_wait_ms: int = 0) -> None:
        """``replica_wait_ms`` (a cluster's client only): after each session write, wait
        up to this long until one replica of the chat's master has it (``WAIT 1``),
        so that a failover does not lose a change the players were told of."""
        self.r = client
        self.replica_wait_ms = replica_wait_ms if isinstance(client, RedisCluster) else 0
        self._unreplicated: dict[str, float] = {}  # master -> when its replica last failed to confirm
        self._cas = client.register_script(_CAS)
        self._parsed: dict[int, tuple[int, Session]] = {}
        self._rate = client.register_script(_RATE)
        self._claim = client.register_script(_CLAIM)
        self._timers = client.register_script(_TIMERS)
        self._release_screen = client.register_script(_RELEASE_SCREEN)
        self._load = client.register_script(_LOAD)
        self._unlock = client.register_script(_UNLOCK)
        self._hold = client.register_script(_HOLD)
        self._move = client.register_script(_MOVE)
        self._new_game = client.register_script(_NEW_GAME)
        self._newest = client.register_script(_NEWEST)

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
            for script in _SCRIPTS:
                await self.r.script_load(script)
        except (RedisError, RedisClusterException) as e:  # each call finds out on its own, then
            log.warning("redis cluster not ready at start (%s)", e)

    @property
    def cluster(self) -> bool:
        return isinstance(self.r, RedisCluster)

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

    # --- the session --------------------------------------------------------

    async def load(self, chat_id: int) -> tuple[Session | None, int]:
        session, version, _ = await self.load_with_settings(chat_id)
        return session, version

    async def load_with_settings(self, chat_id: int) -> tuple[Session | None, int, ChatSettings]:
        """The session (a fresh copy the caller may change), its version and the chat's settings."""
        raw = await self._read(chat_id)
        session = Session.model_validate_json(raw[1]) if raw[1] else None
        return session, int(raw[0]), _settings(raw[2])

    async def load_locked(
        self, chat_id: int, owner: str, ttl_ms: int, query_id: str | None = None
    ) -> tuple[Session | None, int, ChatSettings, bool] | None:
        """``load_with_settings`` under the chat's lock, taken for ``owner`` in the same
        round trip (None: another worker holds it), and whether the press ``query_id``
        was answered already (``mark_answered``).  ``save(unlock=owner)`` releases it."""
        raw = await self._read(chat_id, owner=owner, ttl_ms=ttl_ms, query_id=query_id)
        if len(raw) == 1:
            return None
        session = Session.model_validate_json(raw[1]) if raw[1] else None
        return session, int(raw[0]), _settings(raw[2]), bool(int(raw[4]))

    async def load_shared(self, chat_id: int) -> tuple[Session | None, ChatSettings]:
        """The session for reading only (screens), parsed once per version, and the settings.

        One round trip: the document travels only when this process has not
        parsed that version yet (it keeps what it saved, too); callers must not
        change what it returns.
        """
        session, settings, _ = await self.look(chat_id, "")
        return session, settings

    async def look(self, chat_id: int, slot: str) -> Looked:
        """``load_shared``, and the message of ``slot`` ("": none), in one round trip."""
        looked = await self._look(chat_id, slot)
        assert looked is not None  # no lock asked for: never refused
        return looked

    async def _look(
        self, chat_id: int, slot: str, owner: str = "", ttl_ms: int = 0, note_ms: int = 0
    ) -> Looked | None:
        """``look``, under the lock of ``slot`` taken for ``owner`` (``claim_screen``;
        None: another worker holds it); the session parsed unless this process has
        that version already."""
        cached = self._parsed.get(chat_id)
        have = str(cached[0]) if cached is not None else ""
        raw = await self._read(chat_id, have=have, owner=owner, ttl_ms=ttl_ms, slot=slot, note_ms=note_ms)
        if len(raw) == 1:
            return None
        settings, shown = _settings(raw[2]), _shown(raw[3]) if slot else NOT_SHOWN
        if cached is not None and int(raw[0]) == cached[0]:
            return cached[1], settings, shown
        if not raw[1]:
            return None, settings, shown
        session = Session.model_validate_json(raw[1])
        self._remember(chat_id, int(raw[0]), session)
        return session, settings, shown

    async def _read(
        self,
        chat_id: int,
        have: str = "",
        owner: str = "",
        ttl_ms: int = 0,
        slot: str = "",
        query_id: str | None = None,
        note_ms: int = 0,
    ) -> Any:
        """One ``_LOAD`` of the chat: its session (unless it is version ``have``) and
        settings; the lock taken for ``owner`` (``note_ms``: the lock of ``slot``,
        and a note for its holder if it is another); ``slot``'s message; the
        press's mark."""
        lock = key(chat_id, f"lock:{slot}") if note_ms else key(chat_id, "lock")
        keys = [key(chat_id, "game"), key(chat_id, "settings"), lock, key(chat_id, "msgs")]
        args: list[str | int] = [have, owner, ttl_ms, slot]
        if note_ms:
            keys.append(key(chat_id, f"dirty:{slot}"))
            args.append(note_ms)
        elif query_id is not None:
            keys.append(answered_key(chat_id, query_id))
        return await self._load(keys=keys, args=args)

    def _remember(self, chat_id: int, version: int, session: Session) -> None:
        self._parsed.pop(chat_id, None)
        self._parsed[chat_id] = (version, session)
        if len(self._parsed) > PARSED_CACHE:
            self._parsed.pop(next(iter(self._parsed)))

    async def save(
        self, session: Session, version: int, status_changed: bool = False, unlock: str | None = None
    ) -> int:
        """Write ``session`` if nobody wrote since ``version``; return the new version.

        ``status_changed``: the session was opened or has ended, so the set of
        live chats (read at start-up and by the timer reconcile) is updated too.
        ``unlock``: the owner of the chat's lock, released with the write.
        """
        new = version + 1
        keys = [key(session.chat_id, "game")]
        args = [str(version), str(new), session.model_dump_json(exclude_defaults=False)]
        if unlock is not None:
            keys.append(key(session.chat_id, "lock"))
            args.append(unlock)
        ok = await self._write_replicated(keys, args) if self.replica_wait_ms else await self._cas(keys, args)
        if not ok:
            raise Conflict(session.chat_id)
        # The screens read what was just written without parsing it again: the
        # caller hands the session over (it is not changed after a save).
        self._remember(session.chat_id, new, session)
        if status_changed or version == 0:
            if session.status == "over":
                await self.r.srem(ACTIVE, session.chat_id)
            else:
                await self.r.sadd(ACTIVE, session.chat_id)
        return new

    async def _write_replicated(self, keys: list[str], args: list[str]) -> int:
        """The compare-and-set, then ``WAIT 1`` on the same connection of the chat's
        master (WAIT waits for what its own connection wrote): 1 once a replica
        has the change too, or once ``replica_wait_ms`` went by without its
        acknowledgement (logged; that master is then not waited for during
        ``REPLICA_BACKOFF_S``: a master without a replica costs no press a wait).
        A connection lost before the answer raises: the press is not told it
        took, whatever became of the change."""
        assert isinstance(self.r, RedisCluster)
        try:
            await self.r.initialize()  # the map of slots to masters (a no-op once known)
            node = self.r.get_node_from_key(keys[0])
        except RedisClusterException as e:
            raise ClusterUnavailable(str(e)) from e
        since = self._unreplicated.get(node.name) if node is not None else None
        if node is None or (since is not None and time.monotonic() - since < REPLICA_BACKOFF_S):
            return int(await self._cas(keys=keys, args=args))
        for attempt in range(2):
            commands = [
                PipelineCommand(0, "EVALSHA", self._cas.sha, len(keys), *keys, *args),
                PipelineCommand(1, "WAIT", 1, self.replica_wait_ms),
            ]
            try:
                await node.execute_pipeline(commands)
            except AttributeError as e:  # a connection closed under the call (see Cluster.aclose)
                raise ClusterUnavailable(f"connection closed under the call ({e})") from e
            done, replicas = commands[0].result, commands[1].result
            if isinstance(done, NoScriptError) and not attempt:
                await node.execute_command("SCRIPT", "LOAD", _CAS)  # a node that never saw the script
                continue
            if isinstance(done, Exception):
                raise done  # redirected (the slot moved: the next call refreshes the map), or gone
            if isinstance(replicas, Exception):
                raise Unreplicated(str(replicas))
            if done and not int(replicas):
                self._unreplicated[node.name] = time.monotonic()
                log.warning(
                    "no replica of %s confirmed a write within %d ms: a failover now may lose it",
                    node.name,
                    self.replica_wait_ms,
                )
            elif node.name in self._unreplicated:
                del self._unreplicated[node.name]
            return int(done)
        raise NoScriptError("the compare-and-set script could not be loaded")

    # --- a group that became a supergroup ---------------------------------------

    async def moved_to(self, chat_id: int) -> int | None:
        """The supergroup a group became (``move_chat``), if it did."""
        found = await self.r.get(key(chat_id, "moved"))
        return int(found) if found is not None else None

    async def move_chat(self, old: int, new: int) -> bool:
        """Everything of chat ``old`` kept under ``new``: its session (its board posted
        anew there: the old one stays in the old chat), its settings, figures,
        hands' message ids and deadline; the old id then names the new one
        (``moved_to``) for the buttons that carry it.  The caller holds the old
        chat's lock.  False: moved before (or nothing to move).

        A chat's keys share a hash slot, two chats' keys do not: on a cluster this
        is several writes, each safe to make again, so a move cut short by a
        crash is finished by the next one (the alias is written last)."""
        if await self.moved_to(old) is not None:
            return False
        raw = await self.r.hgetall(key(old, "game"))
        doc = _text(raw.get(b"doc", raw.get("doc")))
        if doc is not None:
            session = Session.model_validate_json(doc)
            session.chat_id, session.thread_id = new, None  # a basic group has no topics
            await self._cas(keys=[key(new, "game")], args=["0", "1", session.model_dump_json()])
            if session.status != "over":
                await self.r.sadd(ACTIVE, new)
        for what in ("settings",):
            found = await self.r.get(key(old, what))
            if found is not None:
                await self.r.set(key(new, what), found, nx=True)
        await self._move_hash(old, new, "stats", lambda field: True)
        # the board and the hands in the group are messages of the old chat: not moved
        await self._move_hash(old, new, "msgs", lambda field: not field.startswith(("board:", "eph:")))
        # screens of another game: a lobby saved just before the move, whose screens were
        # not yet named its own (``new_game_screens`` follows the save): none would be recorded
        shows = _text(await self.r.hget(key(new, "msgs"), "game"))
        if doc is not None and shows not in (None, session.game_id):
            await self.new_game_screens(new, session.game_id)
        due = await self.r.zscore(timer_shard(old), str(old))
        if due is not None:
            await self.r.zadd(timer_shard(new), {str(new): int(due)})
        await self._move_players(old, new)
        await self.r.set(key(old, "moved"), new, ex=MOVED_TTL_S)
        await self.r.srem(ACTIVE, old)
        await self.r.zrem(timer_shard(old), str(old))
        await self.r.delete(key(old, "game"), key(old, "msgs"), key(old, "stats"), key(old, "settings"))
        return doc is not None

    async def _move_hash(self, old: int, new: int, what: str, keep: Callable[[str], bool]) -> None:
        fields = {_text(k) or "": v for k, v in (await self.r.hgetall(key(old, what))).items()}
        kept: dict[Any, Any] = {k: v for k, v in fields.items() if keep(k)}
        if kept:
            await self.r.hset(key(new, what), mapping=kept)

    async def _move_players(self, old: int, new: int) -> None:
        """Each player's list of chats with figures (bot.stats) names the new chat."""
        names = [
            k
            for k in (_text(f) or "" for f in await self.r.hkeys(key(new, "stats")))
            if k.startswith("name:")
        ]
        for name in names:
            players = chats_key(int(name[5:]))
            await self.r.sadd(players, new)
            await self.r.srem(players, old)

    async def unlock_chat(self, chat_id: int, owner: str) -> None:
        await self._unlock(keys=[key(chat_id, "lock")], args=[owner])

    async def active_chats(self) -> list[int]:
        return [int(c) for c in await self.r.smembers(ACTIVE)]

    # --- chat settings --------------------------------------------------------

    async def settings(self, chat_id: int) -> ChatSettings:
        return _settings(await self.r.get(key(chat_id, "settings")))

    async def save_settings(self, chat_id: int, settings: ChatSettings) -> None:
        await self.r.set(key(chat_id, "settings"), settings.model_dump_json())

    # --- messages on screen: ids and what they show -----------------------------

    async def message(self, chat_id: int, slot: str) -> Shown:
        """The message shown in ``slot`` (board, hand:<user>): its id, the digest of
        what it shows, and the digest of an edit sent but not confirmed (a crash
        in between leaves the two different)."""
        fields = [f"{slot}:id", f"{slot}:hash", f"{slot}:pending"]
        return _shown(await self.r.hmget(key(chat_id, "msgs"), fields))

    async def shown(self, chat_id: int) -> dict[str, Shown]:
        """``message`` for every slot of the chat at once (one round trip)."""
        raw = await self.r.hgetall(key(chat_id, "msgs"))
        fields = {(k.decode() if isinstance(k, bytes) else k): v for k, v in raw.items()}
        out: dict[str, Shown] = {}
        for field, value in fields.items():
            slot, _, what = field.rpartition(":")
            if what != "id":
                continue
            digest, pending = (fields.get(f"{slot}:{w}") for w in ("hash", "pending"))
            out[slot] = (
                int(value),
                digest.decode() if isinstance(digest, bytes) else digest,
                pending.decode() if isinstance(pending, bytes) else pending,
            )
        return out

    async def set_pending(self, chat_id: int, slot: str, digest: str) -> None:
        await self.r.hset(key(chat_id, "msgs"), f"{slot}:pending", digest)

    async def set_message(self, chat_id: int, slot: str, message_id: int, digest: str) -> None:
        """What the message of ``slot`` is and shows (a screen's: ``release_screen``)."""
        await self.r.hset(
            key(chat_id, "msgs"),
            items=[f"{slot}:id", message_id, f"{slot}:hash", digest, f"{slot}:pending", digest],
        )

    async def forget_message(self, chat_id: int, slot: str) -> bool:
        """Forget the message of ``slot``; True if this call forgot it (of two at once,
        one only: it alone then deletes the message)."""
        fields = (f"{slot}:id", f"{slot}:hash", f"{slot}:pending")
        return bool(await self.r.hdel(key(chat_id, "msgs"), *fields))

    async def new_game_screens(self, chat_id: int, game_id: str) -> None:
        """A new game (its lobby) in the chat: its board and every hand are new
        messages, below what the chats show.  The last game's messages are no longer
        the chat's screens — they stay as they were, a finished game's hands showing
        how it ended — and a screen of that game sent after this call is not recorded
        (``release_screen``: it names the game it shows)."""
        await self._new_game(keys=[key(chat_id, "msgs")], args=[game_id])

    async def note_sent(self, chat_id: int, message_id: int) -> None:
        """The bot sent ``message_id`` into the private chat ``chat_id``: the newest
        it knows of there, if none later is known (``newest``)."""
        await self._newest(keys=[key(chat_id, "newest")], args=[message_id, NEWEST_TTL_S])

    async def newest(self, chat_id: int) -> int | None:
        """The newest message the bot sent into the private chat ``chat_id`` (from any
        group's game: hands, nudges, notes, replies), None if none is known."""
        raw = await self.r.get(key(chat_id, "newest"))
        return int(raw) if raw is not None else None

    async def claim_screen(
        self, chat_id: int, slot: str, owner: str, ttl_ms: int = 15_000, note_ttl_ms: int = 60_000
    ) -> Looked | None:
        """One worker at a time refreshes a message (two would send the same edit twice).

        ``look`` once ``owner`` holds the lock of the screen (in the same round
        trip).  None: another worker does, and it has been left a note that the
        screen changed again (it draws it once more when it releases the lock).
        A lock held by ``owner`` itself is one whose release failed (Redis
        away, a failover): a worker draws each screen once at a time, so it
        takes it over rather than wait it out."""
        return await self._look(chat_id, slot, owner, ttl_ms, note_ttl_ms)

    async def release_screen(
        self, chat_id: int, slot: str, owner: str, sent: tuple[int, str] | None = None, game: str = ""
    ) -> bool:
        """Release the lock; True if another worker left a note meanwhile (draw it again).
        ``sent``: the message the screen was just sent in and its digest, written
        first (``set_message``, in the same round trip) — unless ``game``, the game
        it shows, is no longer the chat's (``new_game_screens``)."""
        keys = [key(chat_id, f"lock:{slot}"), key(chat_id, f"dirty:{slot}"), key(chat_id, "msgs")]
        args: list[str | int] = [owner] if sent is None else [owner, slot, sent[0], sent[1], game]
        return bool(await self._release_screen(keys=keys, args=args))

    # --- timers: sharded sorted sets, claimed atomically by whichever worker is first ---

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
        if isinstance(self.r, RedisCluster):
            found = await self._timers_by_master(self.r, shards, args)
        else:
            pipe = self.r.pipeline(transaction=False)
            for shard in shards:  # a script the server lost is loaded by the retry below
                pipe.evalsha(self._timers.sha, 1, shard, *args)
            with contextlib.suppress(RedisError):
                found = dict(zip(shards, await pipe.execute(raise_on_error=False), strict=True))
        # what a pipeline could not read (a slot moved, a script not loaded, a master
        # away), once more through the client, which follows the cluster as it changes
        retry = [k for k in shards if k not in found or isinstance(found[k], BaseException)]
        again = await asyncio.gather(
            *(self._timers(keys=[k], args=args) for k in retry), return_exceptions=True
        )
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
            commands = [
                PipelineCommand(i, "EVALSHA", self._timers.sha, 1, k, *args) for i, k in enumerate(keys)
            ]
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
        return bool(await self._claim(keys=[timer_shard(chat_id)], args=[str(chat_id), str(now_ms)]))

    async def timer_failed(self, chat_id: int, clear: bool = False) -> int:
        """Count a failure of the chat's timer (its failures in a row); ``clear``: it worked."""
        if clear:
            await self.r.delete(key(chat_id, "timer-failures"))
            return 0
        return int(await self.r.incr(key(chat_id, "timer-failures")))

    async def timer_failures(self, chat_id: int) -> int:
        found = await self.r.get(key(chat_id, "timer-failures"))
        return int(found) if found is not None else 0

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
                await self._unlock(keys=[MIGRATING], args=[owner])
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

        async def move(names: list[str]) -> int:
            done = await asyncio.gather(
                *(self._move(keys=[name, PREFIX + name[len(OLD_PREFIX) :]]) for name in names)
            )
            await self.r.pexpire(MIGRATING, MIGRATING_TTL_MS)  # still at it
            return sum(int(d) for d in done)

        async for raw in self.r.scan_iter(match=f"{OLD_PREFIX}:{{*", count=1_000):
            name = _text(raw) or ""
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

    # --- Telegram's limits, counted in Redis so that every worker shares them -------

    async def rate_wait_ms(
        self,
        bucket: str,
        period_ms: int,
        limit: int,
        spacing_ms: int,
        token: str,
        record: bool = True,
        hold: str | None = None,
    ) -> int:
        """0 if a send into ``bucket`` may go now (counted unless ``record`` is off), else ms
        to wait (``hold``: a key of the same chat whose life is a flood wait, see ``hold``)."""
        args: list[str | int] = [period_ms, limit, spacing_ms, token, "1" if record else "0"]
        return int(await self._rate(keys=[bucket] if hold is None else [bucket, hold], args=args))

    async def hold(self, chat_id: int, ms: int) -> None:
        """Nothing goes to ``chat_id`` for ``ms`` (Telegram's retry_after), from any worker."""
        await self._hold(keys=[key(chat_id, "hold")], args=[ms])

    # --- who has opened a private chat with the bot ---------------------------------

    async def mark_started(self, user_id: int) -> bool:
        """The user opened the private chat (True: they had not, or had blocked the bot)."""
        return bool(await self.r.sadd(STARTED, user_id))

    async def forget_started(self, user_id: int) -> None:
        await self.r.srem(STARTED, user_id)

    async def started(self, user_id: int) -> bool:
        return bool(await self.r.sismember(STARTED, str(user_id)))

    # --- a redelivered update is applied once -------------------------------------

    async def claim_update(self, update_id: int, ttl_s: int = UPDATE_CLAIM_S) -> bool:
        """This worker handles the update now (False: it is being or was handled); a
        worker that dies handling it lets the claim run out, and a redelivery through."""
        return bool(await self.r.set(f"{PREFIX}:update:{update_id}", 0, nx=True, ex=ttl_s))

    async def update_done(self, update_id: int, ttl_s: int = 86_400) -> None:
        """The update was handled: a redelivery of it is ignored for ``ttl_s``."""
        await self.r.set(f"{PREFIX}:update:{update_id}", 1, ex=ttl_s)

    async def mark_answered(self, chat_id: int, query_id: str, ttl_s: int = 86_400) -> None:
        """The press ``query_id`` on a button of ``chat_id`` was answered (a redelivery of
        it is not answered again; a game's press is looked up with its chat's session)."""
        await self.r.set(answered_key(chat_id, query_id), 1, ex=ttl_s)

    async def answered(self, chat_id: int, query_id: str) -> bool:
        return bool(await self.r.exists(answered_key(chat_id, query_id)))
