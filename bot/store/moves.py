"""A group that became a supergroup: everything of the old chat kept under the new
one, and the old id naming the new (for the buttons that carry it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.session import Session
from bot.store.keys import ACTIVE, chats_key, key, text, timer_shard
from bot.store.screens import Screens
from bot.store.sessions import CAS, Sessions

MOVED_TTL_S = 90 * 86_400  # how long a group that became a supergroup names it (its buttons' life)

# fields of a hash set where the hash lacks them: a move made again after a crash keeps
# what the new chat recorded meanwhile (its game's screens, its figures)
_FILL = """
local n = 0
for i = 1, #ARGV, 2 do
  n = n + redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1])
end
return n
"""


class Moves(Sessions, Screens):
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
        crash is finished by the next one (the alias is written last).  By then the
        new chat may have gone on (the migration's update delivered again after the
        restart): what it recorded since is kept, only what it lacks is moved.  And its
        game may not be the one moved (opened there before the migration's update came):
        the old game's hands and deadline, not that game's, are then left behind."""
        if await self.moved_to(old) is not None:
            return False
        raw = await self.r.hgetall(key(old, "game"))
        doc = text(raw.get(b"doc", raw.get("doc")))
        moving = None  # the game moved
        if doc is not None:
            session = Session.model_validate_json(doc)
            moving = session.game_id
            session.chat_id, session.thread_id = new, None  # a basic group has no topics
            await self.script(CAS)(keys=[key(new, "game")], args=["0", "1", session.model_dump_json()])
            if session.status != "over":
                await self.r.sadd(ACTIVE, new)
        for what in ("settings",):
            found = await self.r.get(key(old, what))
            if found is not None:
                await self.r.set(key(new, what), found, nx=True)
        await self._move_hash(old, new, "stats", lambda field: True)
        # the new chat's own game: the one moved, or one it went on to since a move cut
        # short, or one opened there before the migration's update came (people write in
        # the supergroup at once): the old game's hands and deadline are not that one's
        there = text(await self.r.hget(key(new, "game"), "doc"))
        game_id = Session.model_validate_json(there).game_id if there is not None else None
        if game_id in (None, moving):
            # the board and the hands in the group are messages of the old chat: not moved
            await self._move_hash(old, new, "msgs", lambda field: not field.startswith(("board:", "eph:")))
            due = await self.r.zscore(timer_shard(old), str(old))
            if due is not None:
                await self.r.zadd(timer_shard(new), {str(new): int(due)}, nx=True)
        # screens of another game: a lobby saved just before the move, whose screens were
        # not yet named its own (``new_game_screens`` follows the save): none would be recorded
        shows = text(await self.r.hget(key(new, "msgs"), "game"))
        if game_id is not None and shows not in (None, game_id):
            await self.new_game_screens(new, game_id)
        await self._move_players(old, new)
        await self.r.set(key(old, "moved"), new, ex=MOVED_TTL_S)
        await self.r.srem(ACTIVE, old)
        await self.r.zrem(timer_shard(old), str(old))
        await self.r.delete(key(old, "game"), key(old, "msgs"), key(old, "stats"), key(old, "settings"))
        return doc is not None

    async def _move_hash(self, old: int, new: int, what: str, keep: Callable[[str], bool]) -> None:
        fields = {text(k) or "": v for k, v in (await self.r.hgetall(key(old, what))).items()}
        kept: dict[Any, Any] = {k: v for k, v in fields.items() if keep(k)}
        if kept:
            pairs = [part for field, value in kept.items() for part in (field, value)]
            await self.script(_FILL)(keys=[key(new, what)], args=pairs)

    async def _move_players(self, old: int, new: int) -> None:
        """Each player's list of chats with figures (bot.stats) names the new chat."""
        names = [
            k for k in (text(f) or "" for f in await self.r.hkeys(key(new, "stats"))) if k.startswith("name:")
        ]
        for name in names:
            players = chats_key(int(name[5:]))
            await self.r.sadd(players, new)
            await self.r.srem(players, old)
