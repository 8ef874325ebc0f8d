"""Mini App pages as the benchmarks drive them: one person's page signs in with
``initData`` signed as Telegram signs it, follows its seat's table over the live
stream (``/app/api/live``) and presses through ``/app/api/press``, as the page's
JavaScript does.  All the pages of a run share one aiohttp session (``client``):
the load generator runs on the same cores as the bot, so it stays light."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from bot.miniapp import identity

PAGE_URL = "https://cards.test/app/"  # MINIAPP_URL: what a TLS proxy would serve
Doc = dict[str, Any]


def client() -> aiohttp.ClientSession:
    """One session for every page: no cap on connections (every page holds its
    stream open), room for a whole table in one event's line."""
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0),
        read_bufsize=1 << 21,
        timeout=aiohttp.ClientTimeout(total=None, sock_connect=30),
    )


def init_data(bot_token: str, user: int) -> str:
    """``initData`` as Telegram signs it for ``user`` opening the page now."""
    person = json.dumps({"id": user, "first_name": f"P{user}", "language_code": "en"})
    return identity.sign({"user": person, "auth_date": str(int(time.time())), "query_id": "q"}, bot_token)


class Page:
    """One person's page of one table: the latest table it was sent (``doc``), when
    each arrived (``arrived``) and ``fresh`` set whenever one did."""

    def __init__(self, http: aiohttp.ClientSession, base: str, chat: int, user: int) -> None:
        self.http, self.base, self.chat, self.user = http, base, chat, user
        self.token = ""
        self.doc: Doc | None = None
        self.arrived: list[float] = []
        self.fresh = asyncio.Event()
        self.ended = ""  # why the stream ended, if it did

    async def sign_in(self, bot_token: str) -> None:
        body = {"initData": init_data(bot_token, self.user)}
        async with self.http.post(f"{self.base}/app/api/session", json=body) as r:
            self.token = (await r.json())["token"]

    async def follow(self, seen: Callable[[float, Doc], None] | None = None) -> None:
        """Read the live stream until it ends: each table kept, ``seen(when, table)`` told."""
        url = f"{self.base}/app/api/live?chat={self.chat}&token={self.token}"
        try:
            async with self.http.get(url) as r:
                if r.status != 200:
                    self.ended = f"{r.status}: {await r.text()}"
                    return
                kind = b""
                async for line in r.content:
                    if line.startswith(b"event: "):
                        kind = line[7:].strip()
                    elif line.startswith(b"data: ") and kind == b"table":
                        now = time.monotonic()
                        self.doc = json.loads(line[6:])
                        self.arrived.append(now)
                        self.fresh.set()
                        if seen is not None:
                            seen(now, self.doc)
                self.ended = "closed"
        except aiohttp.ClientError as e:
            self.ended = repr(e)

    async def next_table(self, timeout: float) -> Doc | None:
        """The latest table once one newer than the last asked for came (None: not within ``timeout``)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.fresh.wait(), timeout)
        if not self.fresh.is_set():
            return None
        self.fresh.clear()
        return self.doc

    async def press(self, data: str) -> tuple[int, str]:
        """Press a button's ``data`` as the page does: the answer's status and text."""
        headers = {"Authorization": f"Bearer {self.token}"}
        body = {"chat": self.chat, "data": data, "board": False}
        try:
            async with self.http.post(f"{self.base}/app/api/press", json=body, headers=headers) as r:
                answer = await r.json()
                return r.status, str(answer.get("text") or answer.get("error") or "")
        except aiohttp.ClientError as e:
            return 0, repr(e)


def hand_buttons(doc: Doc | None) -> list[dict[str, str]]:
    """The hand's buttons as the chat's message has them (``text``, ``callback_data``)."""
    if doc is None:
        return []
    rows = doc["hand"]["rows"]
    return [{"text": b["text"], "callback_data": b["data"]} for row in rows for b in row if "data" in b]
