"""A chat's session: load, compare-and-set, the chat's lock, the live chats, the
chat's settings; and the reads of a session by its screens (``look``,
``claim_screen``: the session and what a screen's message shows, under the
screen's lock, in one round trip)."""

from __future__ import annotations

import logging
import time
from typing import Any

from redis.asyncio.cluster import PipelineCommand, RedisCluster
from redis.exceptions import NoScriptError, RedisClusterException, RedisError

from bot.session import ChatSettings, Session
from bot.store.client import Client, ClusterUnavailable, Slice
from bot.store.keys import ACTIVE, answered_key, key
from bot.store.screens import NOT_SHOWN, Shown, shown_of

# Compare-and-set on a version number kept beside the document in one hash;
# with KEYS[2] and ARGV[4], the chat's lock is released too if ARGV[4] holds it
# (a change saved and unlocked in one round trip).
CAS = """
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

# Release a lock (a chat's, or the migration's) if this worker still holds it.
UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""

# The session and the chat's settings in one round trip.  ARGV[1]: the version
# the caller has parsed already ('' for none); the document is returned only
# when it is a different one.  KEYS[3], KEYS[4]: a lock (the chat's, or one of
# its screens') and the chat's messages (``Sessions._read``).  With ARGV[2] (an
# owner) and ARGV[3] (ms), the lock is taken first (or taken over: one whose
# release failed) — or, held by another, {'locked'} is all that comes back.
# With ARGV[4] (a slot), the message of that slot comes too (``Screens.message``):
# a screen's look at its game and at what its message shows, in one round
# trip.  KEYS[5]: with ARGV[5] (ms), a note left for the holder of the lock
# (a screen's: draw it once more when you release it); without, a press's mark
# (``Marks.mark_answered``): whether it was answered.  A note is left atomically
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

SCRIPTS = (CAS, UNLOCK, _LOAD)

PARSED_CACHE = 2048  # sessions kept parsed for screens, one per chat
# How long a master whose replica did not confirm a write in time is not waited for again.
REPLICA_BACKOFF_S = 10.0

# a screen's look at its chat: the session (shared: never changed), the settings,
# what the screen's message shows
Looked = tuple[Session | None, ChatSettings, Shown]

log = logging.getLogger(__name__)


class Conflict(Exception):
    """Somebody else wrote the session first: reload and try again."""


class Unreplicated(RedisError):
    """A write was not confirmed: the connection to its master broke before its
    replica's acknowledgement came (the master may have failed with it)."""


def settings_of(raw: bytes | str | None) -> ChatSettings:
    return ChatSettings.model_validate_json(raw) if raw else ChatSettings()


class Sessions(Slice):
    def __init__(self, client: Client, replica_wait_ms: int = 0) -> None:
        """``replica_wait_ms`` (a cluster's client only): after each session write, wait
        up to this long until one replica of the chat's master has it (``WAIT 1``),
        so that a failover does not lose a change the players were told of."""
        super().__init__(client)
        self.replica_wait_ms = replica_wait_ms if isinstance(client, RedisCluster) else 0
        self._unreplicated: dict[str, float] = {}  # master -> when its replica last failed to confirm
        self._parsed: dict[int, tuple[int, Session]] = {}

    async def load(self, chat_id: int) -> tuple[Session | None, int]:
        session, version, _ = await self.load_with_settings(chat_id)
        return session, version

    async def load_with_settings(self, chat_id: int) -> tuple[Session | None, int, ChatSettings]:
        """The session (a fresh copy the caller may change), its version and the chat's settings."""
        raw = await self._read(chat_id)
        session = Session.model_validate_json(raw[1]) if raw[1] else None
        return session, int(raw[0]), settings_of(raw[2])

    async def load_locked(
        self, chat_id: int, owner: str, ttl_ms: int, query_id: str | None = None
    ) -> tuple[Session | None, int, ChatSettings, bool] | None:
        """``load_with_settings`` under the chat's lock, taken for ``owner`` in the same
        round trip (None: another worker holds it), and whether the press ``query_id``
        was answered already (``Marks.mark_answered``).  ``save(unlock=owner)`` releases it."""
        raw = await self._read(chat_id, owner=owner, ttl_ms=ttl_ms, query_id=query_id)
        if len(raw) == 1:
            return None
        session = Session.model_validate_json(raw[1]) if raw[1] else None
        return session, int(raw[0]), settings_of(raw[2]), bool(int(raw[4]))

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

    async def claim_screen(
        self, chat_id: int, slot: str, owner: str, ttl_ms: int = 15_000, note_ttl_ms: int = 60_000
    ) -> Looked | None:
        """One worker at a time refreshes a message (two would send the same edit twice).

        ``look`` once ``owner`` holds the lock of the screen (in the same round
        trip).  None: another worker does, and it has been left a note that the
        screen changed again (it draws it once more when it releases the lock:
        ``Screens.release_screen``).  A lock held by ``owner`` itself is one whose
        release failed (Redis away, a failover): a worker draws each screen once
        at a time, so it takes it over rather than wait it out."""
        return await self._look(chat_id, slot, owner, ttl_ms, note_ttl_ms)

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
        settings, shown = settings_of(raw[2]), shown_of(raw[3]) if slot else NOT_SHOWN
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
        return await self.script(_LOAD)(keys=keys, args=args)

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
        if self.replica_wait_ms:
            ok = await self._write_replicated(keys, args)
        else:
            ok = await self.script(CAS)(keys=keys, args=args)
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
        cas = self.script(CAS)
        try:
            await self.r.initialize()  # the map of slots to masters (a no-op once known)
            node = self.r.get_node_from_key(keys[0])
        except RedisClusterException as e:
            raise ClusterUnavailable(str(e)) from e
        since = self._unreplicated.get(node.name) if node is not None else None
        if node is None or (since is not None and time.monotonic() - since < REPLICA_BACKOFF_S):
            return int(await cas(keys=keys, args=args))
        for attempt in range(2):
            commands = [
                PipelineCommand(0, "EVALSHA", cas.sha, len(keys), *keys, *args),
                PipelineCommand(1, "WAIT", 1, self.replica_wait_ms),
            ]
            try:
                await node.execute_pipeline(commands)
            except AttributeError as e:  # a connection closed under the call (see Cluster.aclose)
                raise ClusterUnavailable(f"connection closed under the call ({e})") from e
            done, replicas = commands[0].result, commands[1].result
            if isinstance(done, NoScriptError) and not attempt:
                await node.execute_command("SCRIPT", "LOAD", CAS)  # a node that never saw the script
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

    async def unlock_chat(self, chat_id: int, owner: str) -> None:
        await self.script(UNLOCK)(keys=[key(chat_id, "lock")], args=[owner])

    async def active_chats(self) -> list[int]:
        return [int(c) for c in await self.r.smembers(ACTIVE)]

    # --- chat settings --------------------------------------------------------

    async def settings(self, chat_id: int) -> ChatSettings:
        return settings_of(await self.r.get(key(chat_id, "settings")))

    async def save_settings(self, chat_id: int, settings: ChatSettings) -> None:
        await self.r.set(key(chat_id, "settings"), settings.model_dump_json())
