"""The fake Bot API's updates: Telegram's queue of what happened, and its two ways out.

``push`` numbers an update and queues it; ``getUpdates`` returns what is queued (long
polling, an offset confirming what was returned below it, a redelivery not yet returned
staying) until ``setWebhook``; ``deliver_to`` posts every update to one of several
workers in turn, retried as Telegram retries a failed delivery, with the webhook's
secret token.  ``deliveries`` counts how often each press was delivered.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from collections import defaultdict
from typing import Any

from bot.playground.botapi.rules import ApiError
from bot.playground.botapi.world import World


class Updates(World):
    """The updates and their delivery; a part of ``FakeTelegram``."""

    def _keep_updates(self) -> None:
        self.updates: list[dict[str, Any]] = []  # not yet confirmed by a getUpdates offset
        self._returned: set[int] = set()  # which of them getUpdates has returned (by id())
        self.deliveries: dict[str, int] = defaultdict(int)  # how often each press was delivered
        self._update_ids = itertools.count(1)
        self._new_update = asyncio.Event()
        self.polling = asyncio.Event()
        self.webhook: dict[str, Any] | None = None  # what setWebhook registered
        self.targets: list[str] = []  # workers that updates are posted to, round-robin
        self._next_target = itertools.count()
        self._deliveries: set[asyncio.Task[None]] = set()

    def update_base(self, first: int) -> None:
        """Number the next updates from ``first`` on (a server that restarts must not repeat the
        ids a bot has seen: it would take them for redeliveries)."""
        self._update_ids = itertools.count(first)

    def push(self, update: dict[str, Any]) -> int:
        uid = next(self._update_ids)
        update = {"update_id": uid, **update}
        self.push_raw(update)
        return uid

    def push_raw(self, update: dict[str, Any]) -> None:
        """Deliver an update (again, if it was delivered before: same update_id)."""
        if self.targets:
            task = asyncio.get_running_loop().create_task(self._post(update))
            self._deliveries.add(task)
            task.add_done_callback(self._deliveries.discard)
            return
        self.updates.append(update)
        self._new_update.set()

    def deliver_to(self, targets: list[str]) -> None:
        """Webhook mode: post every update to one of ``targets`` in turn."""
        self.targets = targets

    async def _post(self, update: dict[str, Any]) -> None:
        import aiohttp

        secret = (self.webhook or {}).get("secret_token", "")
        for attempt in range(20):  # Telegram retries a failed delivery
            target = self.targets[next(self._next_target) % len(self.targets)]
            if "callback_query" in update:
                self.deliveries[str(update["callback_query"]["id"])] += 1
            try:
                async with (
                    aiohttp.ClientSession() as http,
                    http.post(target, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": secret}) as r,
                ):
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1 * (attempt + 1))
        self.violations.append(f"update {update['update_id']} could not be delivered")

    async def m_deletewebhook(self, p: dict[str, Any]) -> bool:
        self.webhook = None
        return True

    async def m_setwebhook(self, p: dict[str, Any]) -> bool:
        if not str(p.get("url", "")).startswith(("http://", "https://")):
            raise ApiError(400, "Bad Request: bad webhook: an HTTPS URL must be provided for webhook")
        secret = str(p.get("secret_token", ""))
        if secret and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
            raise ApiError(400, "Bad Request: secret token contains unallowed characters")
        self.webhook = {"url": p["url"], "secret_token": secret}
        return True

    async def m_getupdates(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        if self.webhook is not None:
            raise ApiError(409, "Conflict: can't use getUpdates method while webhook is active")
        if not self.polling.is_set():
            self.polling.set()
            self.notify({"type": "polling"})
        offset = int(p.get("offset") or 0)
        timeout = float(p.get("timeout") or 0)
        if offset:  # confirms what was returned below it; a redelivery not yet returned stays
            confirmed = [u for u in self.updates if id(u) in self._returned and u["update_id"] < offset]
            for u in confirmed:
                self._returned.discard(id(u))
            self.updates = [u for u in self.updates if all(u is not c for c in confirmed)]
        deadline = time.monotonic() + timeout
        while not self.updates and time.monotonic() < deadline:
            self._new_update.clear()
            try:
                await asyncio.wait_for(
                    self._new_update.wait(), timeout=max(0.01, deadline - time.monotonic())
                )
            except TimeoutError:
                break
        batch = self.updates[: int(p.get("limit") or 100)]
        self._returned.update(id(u) for u in batch)
        for u in batch:
            if "callback_query" in u:
                self.deliveries[str(u["callback_query"]["id"])] += 1
        return list(batch)
