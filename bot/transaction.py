"""One change of one chat, as one transaction.

Every path that changes a chat — a lobby press, a game press, a command, a
timer, a chat message — goes through ``Chats.change``: it takes the chat's
lock (in this process, then in Redis, so that every worker shares it), loads
the session, asks the caller to *decide* what the change is, saves it with
compare-and-set (a lost race is decided again on the fresh session) and only
then hands back the change.  What follows it — screens, timers, messages —
is data (``After``), done by the referee once it is saved
(``Referee.settle``): nothing is ever sent from inside a retry, and nothing is
answered as done unless it was saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

from bot.session import ChatSettings, Member, Session
from bot.store import Conflict, Store
from engine.core import Event

log = logging.getLogger(__name__)

CAS_ATTEMPTS = 8
LOCK_TTL_MS = 10_000  # a worker that dies holding a chat's lock holds it this long at most
LOCK_WAIT_S = 5.0  # how long a change waits for another worker's lock before going ahead anyway


@dataclass
class Reply:
    """What to tell the presser (empty: nothing) and whether as an alert."""

    text: str = ""
    alert: bool = False
    url: str | None = None
    answered: bool = False  # the press was answered before (a redelivery): say nothing
    outcome: str = "counted"  # a game press's, as bot_presses counts it: counted, refused or stale


@dataclass
class Welcome:
    """A player just seated, told so in private; ``otherwise``: the press's answer if
    they cannot be told (they blocked the bot since: they play from the group)."""

    user: Member
    text: str
    otherwise: Reply


@dataclass
class After:
    """What follows a saved change, as data (``Referee.settle`` does it, in one place)."""

    # the screens to bring up to date: the board, or the board and the hands whose
    # message no longer shows what it should ("changed"), or all of them ("every")
    redraw: Literal["", "board", "changed", "every"] = ""
    hand: int | None = None  # and this player's hand (a refused press: show the current one)
    new_board: bool = False  # the board is posted as a new message (a new lobby)
    schedule: bool = False  # the chat's next deadline, as the game stands now
    wake: int | Literal["ask"] | None = "ask"  # that deadline, when the change found it
    timer_off: bool = False  # no deadline any more (a game ended before its end)
    events: list[Event] = field(default_factory=list)  # what the group is told (posts)
    ended: bool = False  # the game has just ended: its result and every player's figures
    gone: list[int] = field(default_factory=list)  # whose «your turn» nudge to delete
    due: list[int] = field(default_factory=list)  # who gets one now
    welcome: Welcome | None = None  # a player just seated, told in private
    reachable: int | None = None  # a player whose press shows the bot may write to them


@dataclass
class Change:
    """What one change decided: the session to save (None: nothing to save), the
    answer, and what follows once it is saved (``after``).  ``Chats.change``
    fills in the chat it was made in and the session as it was loaded."""

    session: Session | None = None
    reply: Reply = field(default_factory=Reply)
    after: After = field(default_factory=After)
    status_changed: bool = False  # the chat's game opened or ended (the live chats change)
    chat_id: int = 0
    loaded: Session | None = None


Decide = Callable[[Session | None, ChatSettings], Awaitable[Change]]
# what a change is decided on: the session, its version, the chat's settings, and
# whether the press it is (if one) was answered already
Loaded = tuple[Session | None, int, ChatSettings, bool]


def redelivered(session: Session | None, answered: bool, update_id: int | None) -> Reply | None:
    """The answer to an update delivered again whose change was made already (None: it
    was not): a press answered before says nothing (``Reply.answered``); an update
    the session has applied (a press whose answer was lost, a message, a command)
    changes nothing."""
    if answered:
        return Reply(answered=True)
    if session is not None and session.has_applied(update_id):
        return Reply(outcome="stale")
    return None


class Chats:
    """Every chat's changes, one at a time (see the module's docstring)."""

    def __init__(self, store: Store, busy: Callable[[ChatSettings], Reply]) -> None:
        self.store = store
        self.owner = secrets.token_hex(8)
        self._busy = busy  # the answer when every attempt lost its race
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}  # how many changes hold or wait for each chat's lock

    async def change(
        self, chat_id: int, decide: Decide, query_id: str | None = None, update_id: int | None = None
    ) -> Change:
        """Decide and save one change of ``chat_id``; run its effects with ``run()``.

        The chat's Redis lock is taken with the load and given back with the save
        (one round trip each, as without a lock); only a change that saves
        nothing gives it back on its own.

        A redelivery is applied once, here, for every path that changes a chat
        (``redelivered``): a press (``query_id``) answered already is not decided
        again (the load says so: ``Reply.answered``), nor is an update
        (``update_id``) the session has applied (``Session.applied``, written
        with the change it made, in the same compare-and-set)."""
        moved: int | None = None
        async with self._local(chat_id):
            held = False
            try:
                settings = ChatSettings()
                for _ in range(CAS_ATTEMPTS):
                    (session, version, settings, answered), held = await self._load(chat_id, held, query_id)
                    seen = redelivered(session, answered, update_id)
                    if seen is not None:
                        return Change(reply=seen, chat_id=chat_id, loaded=session)
                    query_id = None  # a lost race decides again: the press was not answered meanwhile
                    if session is None and version == 0:
                        moved = await self.store.moved_to(chat_id)
                        if moved is not None:  # a group that became a supergroup (``move``)
                            break
                    change = await decide(session, settings)
                    change.chat_id, change.loaded = chat_id, session
                    if change.session is None:
                        return change
                    change.session.mark(update_id)
                    unlock = self.owner if held else None
                    try:
                        await self.store.save(change.session, version, change.status_changed, unlock)
                    except Conflict:
                        continue  # somebody wrote first: decide again on what they wrote
                    held = False
                    return change
            finally:
                if held:
                    await self.store.unlock_chat(chat_id, self.owner)
        if moved is not None:  # its buttons still name the old chat
            return await self.change(moved, decide, update_id=update_id)
        log.warning("chat %s: every attempt to save a change lost its race", chat_id)
        return Change(reply=self._busy(settings))

    async def move(self, old: int, new: int) -> bool:
        """Move everything of chat ``old`` to ``new`` (``Store.move_chat``) under the old
        chat's lock, so that no change of it is under way meanwhile; False: moved
        already (the update and a refused send both say so) or nothing to move."""
        async with self._local(old):
            _, held = await self._load(old, False, None)
            try:
                return await self.store.move_chat(old, new)
            finally:
                if held:
                    await self.store.unlock_chat(old, self.owner)

    @contextlib.asynccontextmanager
    async def _local(self, chat_id: int) -> AsyncIterator[None]:
        """This process's lock of the chat (presses are taken in the order they
        arrived).  The table of local locks keeps only the chats somebody is
        waiting on."""
        local = self._locks.get(chat_id)
        if local is None:
            local = self._locks[chat_id] = asyncio.Lock()
        self._users[chat_id] = self._users.get(chat_id, 0) + 1
        try:
            async with local:
                yield
        finally:
            left = self._users[chat_id] - 1
            if left:
                self._users[chat_id] = left
            else:
                del self._users[chat_id]
                del self._locks[chat_id]

    async def _load(self, chat_id: int, held: bool, query_id: str | None) -> tuple[Loaded, bool]:
        """The chat's session under its Redis lock, whether the press ``query_id`` was
        answered already, and whether this change holds the lock (False: another
        worker kept it past the wait; the change goes ahead, compare-and-set still
        keeps it right)."""
        if held:  # a lost race: the lock is still this change's
            return (*await self.store.load_with_settings(chat_id), False), True
        deadline = time.monotonic() + LOCK_WAIT_S
        pause = 0.002
        while (loaded := await self.store.load_locked(chat_id, self.owner, LOCK_TTL_MS, query_id)) is None:
            if time.monotonic() > deadline:
                log.warning("chat %s: another worker holds its lock; going ahead", chat_id)
                answered = query_id is not None and await self.store.answered(chat_id, query_id)
                return (*await self.store.load_with_settings(chat_id), answered), False
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.05)
        return loaded, True

    @property
    def locked_chats(self) -> int:
        """How many chats have a lock in this process now (the table stays this small)."""
        return len(self._locks)
