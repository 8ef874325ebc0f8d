"""A nudge is deleted once, however many tasks or workers go to delete it at once."""

from __future__ import annotations

import asyncio

from bot.store import Store


async def test_of_two_forgetting_one_message_at_once_one_deletes_it(redis_url: str) -> None:
    store = Store.from_url(redis_url)
    try:
        await store.set_message(-100, "nudge:7", 42, "")
        first, second = await asyncio.gather(
            store.forget_message(-100, "nudge:7"), store.forget_message(-100, "nudge:7")
        )
        assert sorted([first, second]) == [False, True]
        assert (await store.message(-100, "nudge:7"))[0] is None
    finally:
        await store.close()
