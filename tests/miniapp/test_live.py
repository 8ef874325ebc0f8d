"""The pages a change wakes share one load of the chat, begun after that change."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

from bot.miniapp.live import Live
from bot.session import ChatSettings
from bot.store import Store

CHAT = -42


class Loads:
    """A store whose ``load_shared`` returns the version of the chat when it was asked,
    once ``gate`` opens (or fails, ``failing``)."""

    def __init__(self) -> None:
        self.version = 1
        self.asked = 0
        self.gate = asyncio.Event()
        self.failing = False

    async def load_shared(self, chat_id: int) -> tuple[Any, ChatSettings]:
        self.asked += 1
        version = self.version
        await self.gate.wait()
        if self.failing:
            raise ConnectionError("redis away")
        return f"session {version}", ChatSettings()


def live(store: Loads) -> Live:
    return Live(cast(Store, store), lambda: 0)


def shown(loaded: tuple[Any, ChatSettings]) -> Any:
    """What a page was given (here: which version)."""
    return loaded[0]


async def test_the_pages_a_change_woke_share_one_load() -> None:
    store = Loads()
    pages = live(store)
    pages._wake(CHAT)
    waiting = [asyncio.create_task(pages.latest(CHAT)) for _ in range(4)]
    await asyncio.sleep(0)
    store.gate.set()
    assert [shown(x) for x in await asyncio.gather(*waiting)] == ["session 1"] * 4
    assert store.asked == 1
    assert shown(await pages.latest(CHAT)) == "session 1" and store.asked == 1  # nothing changed since


async def test_a_load_begun_before_a_change_is_not_shared_after_it() -> None:
    store = Loads()
    pages = live(store)
    before = asyncio.create_task(pages.latest(CHAT))
    while not store.asked:
        await asyncio.sleep(0)
    store.version = 2  # saved while that load was on its way: it may not show it
    pages._wake(CHAT)
    after = asyncio.create_task(pages.latest(CHAT))
    await asyncio.sleep(0)
    store.gate.set()
    assert shown(await after) == "session 2" and store.asked == 2
    assert shown(await before) == "session 1"


async def test_a_failed_load_is_not_kept_and_a_page_gone_leaves_it_to_the_others() -> None:
    store = Loads()
    pages = live(store)
    store.failing = True
    store.gate.set()
    with pytest.raises(ConnectionError):
        await pages.latest(CHAT)
    store.failing = False
    assert shown(await pages.latest(CHAT)) == "session 1" and store.asked == 2
    store.gate.clear()
    pages._wake(CHAT)
    gone, stays = asyncio.create_task(pages.latest(CHAT)), asyncio.create_task(pages.latest(CHAT))
    await asyncio.sleep(0)
    gone.cancel()  # its page closed: the load goes on for the other
    store.gate.set()
    assert shown(await stays) == "session 1" and store.asked == 3
