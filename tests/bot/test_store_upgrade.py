"""What the store kept before a change of its layout is found after it (deadlines
stored before the timer shards move into them once), and what a Redis outage or
a failover leaves behind is recovered: a screen lock whose release never reached
Redis, a deadline whose chat could not be read."""

from __future__ import annotations

import redis.asyncio as aioredis

from bot.store import LEGACY_TIMER_FAILURES, LEGACY_TIMERS, TIMER_SHARDS, Store, timer_key


async def test_old_deadlines_and_failures_move_into_the_shards_once(redis_url: str) -> None:
    r = aioredis.Redis.from_url(redis_url)
    # exactly what the previous bot kept: chat -> due (ms), chat -> failures in a row
    await r.zadd(LEGACY_TIMERS, {"-1001": 1_000, "-1002": 5_000, "-1003": 9_000})
    await r.hset(LEGACY_TIMER_FAILURES, mapping={"-1002": 2})
    store = Store.from_url(redis_url)
    await store.set_timer(-1003, 20_000)  # a newer deadline, set by an upgraded worker already
    assert await store.migrate() == 4
    assert not await r.exists(LEGACY_TIMERS, LEGACY_TIMER_FAILURES)
    assert await store.due_timers(6_000) == [-1001, -1002] or sorted(await store.due_timers(6_000)) == [
        -1002,
        -1001,
    ]
    assert await r.zscore(timer_key(-1003 % TIMER_SHARDS), "-1003") == 20_000  # the newer one kept
    assert await store.timer_failures(-1002) == 2
    assert await store.next_timer() == 1_000
    assert await store.claim_timer(-1001, 6_000)
    assert await store.migrate() == 0  # once
    await store.close()
    await r.aclose()


async def test_a_screen_lock_left_by_a_failed_release_is_taken_over_by_its_holder(redis_url: str) -> None:
    """Redis away (or failing over) as a worker releases a screen's lock leaves the lock
    in Redis: the same worker takes it over at once, another waits it out."""
    a, b = Store.from_url(redis_url), Store.from_url(redis_url)
    assert await a.claim_screen(-8, "board", "a")  # ... and the release never reached Redis
    assert not await b.claim_screen(-8, "board", "b")
    assert await a.claim_screen(-8, "board", "a")
    assert await a.release_screen(-8, "board", "a")  # b's note: draw it once more
    await a.close()
    await b.close()


async def test_a_timer_finding_redis_away_is_tried_again_without_counting_a_failure(redis_url: str) -> None:
    """A failover under a chat's deadline is not the game's failure: the deadline comes
    back a second later, however often, and the chat is never told its timer was dropped."""
    import time

    from redis.exceptions import ConnectionError as RedisConnectionError

    from bot.timers import MAX_FAILURES, Timers

    store = Store.from_url(redis_url)
    told: list[int] = []

    async def tick(chat_id: int) -> None:
        raise RedisConnectionError("the chat's master is failing over")

    async def failed(chat_id: int) -> None:
        told.append(chat_id)

    timers = Timers(store, lambda s: None, tick, failed)
    for _ in range(MAX_FAILURES + 2):
        await timers._fire(-9)
        due = await store.next_timer()
        assert due is not None and abs(due - int(time.time() * 1000) - 1_000) < 500
    assert await store.timer_failures(-9) == 0 and told == []
    await store.close()
