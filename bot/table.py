"""One change of one chat, as one transaction.

Every path that changes a chat — a lobby press, a game press, a command, a
timer, a chat message — goes through ``Tables.change``: it takes the chat's
lock (in this process, then in Redis, so that every worker shares it), loads
the session, asks the caller to *decide* what the change is, saves it with
compare-and-set (a lost race is decided again on the fresh session) and only
then hands back the effects — private messages, the press's answer, screens,
timers — for the caller to run.  Nothing is ever sent from inside a retry, and
nothing is answered as done unless it was saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

from bot.session import ChatSettings, Session
from bot.store import Conflict, Store

log = logging.getLogger(__name__)

CAS_ATTEMPTS = 8
LOCK_TTL_MS = 10_000  # a worker that dies holding a chat's lock holds it this long at most
LOCK_WAIT_S = 5.0  # how long a change waits for another worker's lock before going ahead anyway

Effect = Callable[[], Awaitable[None]]


@dataclass
class Reply:
    """What to tell the presser (empty: nothing) and whether as an alert."""

    text: str = ""
    alert: bool = False
    url: str | None = None
    answered: bool = False  # the press was answered before (a redelivery): say nothing


@dataclass
class Change:
    """What one change decided: the session to save (None: nothing to save), the
    answer, and the effects to run once it is saved (in order)."""

    session: Session | None = None
    reply: Reply = field(default_factory=Reply)
    effects: list[Effect] = field(default_factory=list)
    status_changed: bool = False  # the chat's game opened or ended (the live chats change)

    def then(self, effect: Effect) -> Change:
        self.effects.append(effect)
        return self

    async def run(self) -> Reply:
        """The effects, in order (after the save); then the answer."""
        for effect in self.effects:
            await effect()
        return self.reply


Decide = Callable[[Session | None, ChatSettings], Awaitable[Change]]


class Tables:
    """Every chat's changes, one at a time (see the module's docstring)."""

    def __init__(self, store: Store, busy: Callable[[ChatSettings], Reply]) -> None:
        self.store = store
        self.owner = secrets.token_hex(8)
        self._busy = busy  # the answer when every attempt lost its race
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}  # how many changes hold or wait for each chat's lock

    async def change(self, chat_id: int, decide: Decide) -> Change:
        """Decide and save one change of ``chat_id``; run its effects with ``run()``."""
        async with self.lock(chat_id):
            settings = ChatSettings()
            for _ in range(CAS_ATTEMPTS):
                session, version, settings = await self.store.load_with_settings(chat_id)
                change = await decide(session, settings)
                if change.session is None:
                    return change
                try:
                    await self.store.save(change.session, version, status_changed=change.status_changed)
                except Conflict:
                    continue  # somebody wrote first: decide again on what they wrote
                return change
        log.warning("chat %s: every attempt to save a change lost its race", chat_id)
        return Change(reply=self._busy(settings))

    @contextlib.asynccontextmanager
    async def lock(self, chat_id: int) -> AsyncIterator[None]:
        """The chat's lock: this process's first (presses are taken in the order
        they arrived), then the one every worker shares in Redis.  The table of
        local locks keeps only the chats somebody is waiting on."""
        local = self._locks.get(chat_id)
        if local is None:
            local = self._locks[chat_id] = asyncio.Lock()
        self._users[chat_id] = self._users.get(chat_id, 0) + 1
        try:
            async with local:
                held = await self._shared(chat_id)
                try:
                    yield
                finally:
                    if held:
                        await self.store.unlock_chat(chat_id, self.owner)
        finally:
            left = self._users[chat_id] - 1
            if left:
                self._users[chat_id] = left
            else:
                del self._users[chat_id]
                del self._locks[chat_id]

    async def _shared(self, chat_id: int) -> bool:
        """The Redis lock of the chat (False: another worker kept it past the wait;
        the change goes ahead, compare-and-set still keeps it right)."""
        deadline = time.monotonic() + LOCK_WAIT_S
        pause = 0.002
        while not await self.store.lock_chat(chat_id, self.owner, LOCK_TTL_MS):
            if time.monotonic() > deadline:
                log.warning("chat %s: another worker holds its lock; going ahead", chat_id)
                return False
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.05)
        return True

    @property
    def locked_chats(self) -> int:
        """How many chats have a lock in this process now (the table stays this small)."""
        return len(self._locks)
