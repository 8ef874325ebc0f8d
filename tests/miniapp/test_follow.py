"""A page's live stream keeps its "page open" mark renewed, on a busy table too."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest
from aiohttp import web

from bot.miniapp import live
from bot.miniapp.identity import Session as Who
from bot.miniapp.server import MiniApp
from bot.session import Session

CHAT, USER = -42, 7


class Page:
    """What ``MiniApp._follow`` uses of its server: the marks it renews, a session
    saved anew on every load, a table drawn per session, the stream written to."""

    def __init__(self) -> None:
        self.renewed = 0
        self.loads = 0
        self.written: list[bytes] = []
        self.live = self

    async def opened(self, chat_id: int, user_id: int) -> None:
        self.renewed += 1

    async def _seat(self, who: Who, lang: str, chat: Any, woken: bool = False) -> Any:
        self.loads += 1
        return object()  # a change saved: another session

    def _draw(self, session: Any, who: Who, lang: str) -> dict[str, Any]:
        return {"version": self.loads, "over": self.loads >= 40}

    async def write(self, data: bytes) -> None:
        self.written.append(data)


async def test_a_page_whose_table_never_rests_renews_its_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "RENEW_S", 0.05)
    page = Page()
    changed = asyncio.Event()

    async def busy() -> None:  # a change every 10 ms: never quiet for RENEW_S
        while True:
            changed.set()
            await asyncio.sleep(0.01)

    table = asyncio.create_task(busy())
    follow = MiniApp._follow(
        cast(MiniApp, page), cast(web.StreamResponse, page), Who(USER, "U", None, 0), "en", CHAT,
        cast(Session, object()), changed,
    )  # fmt: skip
    await asyncio.wait_for(follow, 5)
    table.cancel()
    assert page.loads == 40 and len(page.written) == 41  # every change drawn and sent
    assert page.renewed >= 5  # 0.4 s of changes: renewed every 0.05 s, not only when quiet
