"""Refreshes of the screens: one that finds Redis away is drawn again once it is back."""

from __future__ import annotations

import asyncio

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from bot import sender
from bot.sender import Refreshes


async def test_a_refresh_that_found_redis_away_is_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sender, "RETRY_FIRST_S", 0.01)
    calls: list[tuple[int, str]] = []
    drawn = asyncio.Event()

    async def flush(chat_id: int, slot: str) -> None:
        calls.append((chat_id, slot))
        if len(calls) < 3:
            raise RedisConnectionError("Redis is away")
        drawn.set()

    screens = Refreshes(flush)
    screens.touch(-1, "board")
    await asyncio.wait_for(drawn.wait(), 10)
    await asyncio.sleep(0)
    assert calls == [(-1, "board")] * 3  # twice away, then drawn, and no more
    await screens.close()


async def test_closing_stops_a_refresh_waiting_for_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    tried = asyncio.Event()

    async def flush(chat_id: int, slot: str) -> None:
        tried.set()
        raise RedisConnectionError("Redis is away")

    screens = Refreshes(flush)
    screens.touch(7, "hand:7")
    await asyncio.wait_for(tried.wait(), 10)
    await asyncio.wait_for(screens.close(), 10)  # cancels the pause before the next try
