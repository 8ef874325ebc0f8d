"""Marks of what was seen: the users who opened a private chat with the bot, the
updates claimed and handled, the presses answered (a redelivery's guard:
bot.transaction's for a change, bot.handlers' for the rest)."""

from __future__ import annotations

from bot.store.client import Slice
from bot.store.keys import STARTED, answered_key, update_key

# how long an update being handled is not handled again (a worker killed meanwhile: then it is)
UPDATE_CLAIM_S = 30


class Marks(Slice):
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
        return bool(await self.r.set(update_key(update_id), 0, nx=True, ex=ttl_s))

    async def update_done(self, update_id: int, ttl_s: int = 86_400) -> None:
        """The update was handled: a redelivery of it is ignored for ``ttl_s``."""
        await self.r.set(update_key(update_id), 1, ex=ttl_s)

    async def mark_answered(self, chat_id: int, query_id: str, ttl_s: int = 86_400) -> None:
        """The press ``query_id`` on a button of ``chat_id`` was answered (a redelivery of
        it is not answered again; a game's press is looked up with its chat's session)."""
        await self.r.set(answered_key(chat_id, query_id), 1, ex=ttl_s)

    async def answered(self, chat_id: int, query_id: str) -> bool:
        return bool(await self.r.exists(answered_key(chat_id, query_id)))
