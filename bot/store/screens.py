"""Messages on screen, per chat (``cards:{chat}:msgs``, one hash): each slot's
message id (the board, ``hand:<user>`` in private, ``eph:<user>`` in the group),
the digest of what it shows and of an edit sent but not confirmed; the lock of a
screen's redraw given back (its look under the lock: ``Sessions.claim_screen``);
the newest message the bot sent into a private chat."""

from __future__ import annotations

from typing import Any

from bot.store.client import Slice
from bot.store.keys import key

# Release a screen's lock and take the notes left meanwhile (1: draw it again).
# With ARGV[2] (its slot), what the screen's message shows now is written first
# (``Screens.set_message``: ARGV[3] its id, ARGV[4] its digest) into KEYS[3] —
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

# A new game's screens (``Screens.new_game_screens``): the chat's messages KEYS[1] forget
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

# A private chat's newest message the bot knows of (``Screens.note_sent``): KEYS[1]
# becomes ARGV[1] if that is newer (ids only grow in a chat), for ARGV[2] s.
_NEWEST = """
local known = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > known then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return 1
end
return 0
"""

SCRIPTS = (_RELEASE_SCREEN, _NEW_GAME, _NEWEST)

NEWEST_TTL_S = 30 * 86_400  # how long a private chat's newest message is remembered (``note_sent``)

# a message on screen: its id, the digest of what it shows, and of an edit sent but not confirmed
Shown = tuple[int | None, str | None, str | None]
NOT_SHOWN: Shown = (None, None, None)


def shown_of(raw: list[Any]) -> Shown:
    digest, pending = (v.decode() if isinstance(v, bytes) else v for v in raw[1:])
    return (int(raw[0]) if raw[0] is not None else None, digest, pending)


class Screens(Slice):
    async def message(self, chat_id: int, slot: str) -> Shown:
        """The message shown in ``slot`` (board, hand:<user>): its id, the digest of
        what it shows, and the digest of an edit sent but not confirmed (a crash
        in between leaves the two different)."""
        fields = [f"{slot}:id", f"{slot}:hash", f"{slot}:pending"]
        return shown_of(await self.r.hmget(key(chat_id, "msgs"), fields))

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
        await self.script(_NEW_GAME)(keys=[key(chat_id, "msgs")], args=[game_id])

    async def note_sent(self, chat_id: int, message_id: int) -> None:
        """The bot sent ``message_id`` into the private chat ``chat_id``: the newest
        it knows of there, if none later is known (``newest``)."""
        await self.script(_NEWEST)(keys=[key(chat_id, "newest")], args=[message_id, NEWEST_TTL_S])

    async def newest(self, chat_id: int) -> int | None:
        """The newest message the bot sent into the private chat ``chat_id`` (from any
        group's game: hands, nudges, notes, replies), None if none is known."""
        raw = await self.r.get(key(chat_id, "newest"))
        return int(raw) if raw is not None else None

    async def release_screen(
        self, chat_id: int, slot: str, owner: str, sent: tuple[int, str] | None = None, game: str = ""
    ) -> bool:
        """Release the lock (``Sessions.claim_screen``); True if another worker left a
        note meanwhile (draw it again).  ``sent``: the message the screen was just
        sent in and its digest, written first (``set_message``, in the same round
        trip) — unless ``game``, the game it shows, is no longer the chat's
        (``new_game_screens``)."""
        keys = [key(chat_id, f"lock:{slot}"), key(chat_id, f"dirty:{slot}"), key(chat_id, "msgs")]
        args: list[str | int] = [owner] if sent is None else [owner, slot, sent[0], sent[1], game]
        return bool(await self.script(_RELEASE_SCREEN)(keys=keys, args=args))
