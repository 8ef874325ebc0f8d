"""What the store kept before a change of its layout is found after it (the keys
an earlier bot kept under ``svintus:`` move under ``cards:`` once, deadlines
stored before the timer shards move into them once), and what a Redis outage or
a failover leaves behind is recovered: a screen lock whose release never reached
Redis, a deadline whose chat could not be read.

``old_store`` and ``check_upgraded`` are the cluster's too (tests/cluster/test_upgrade.py)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from bot.session import Session
from bot.stats import Stats
from bot.store import (
    LEGACY_TIMER_FAILURES,
    LEGACY_TIMERS,
    MIGRATED,
    MIGRATING,
    TIMER_SHARDS,
    Client,
    Store,
    timer_key,
    timer_shard,
)

DATA = Path(__file__).resolve().parent.parent / "data"
GAME, LOBBY, ALIAS = -100777, -100502, -100555  # session_v2_svintus_color.json, session_v1_lobby.json
ANN, BORYA, CARL = 101, 102, 103
USERS = [ANN, BORYA, CARL, *range(1, 2_501)]  # more than one round of the copy
DUE = 1_700_000_000_000
LEFT = (  # what the earlier bot kept that is left to run out, not moved
    "svintus:{-100777}:lock",
    "svintus:{-100777}:lock:board",
    "svintus:{-100777}:dirty:board",
    "svintus:{-100777}:hold",
    "svintus:{-100777}:sent",
    "svintus:sent:all",
    "svintus:sent:private",
    "svintus:update:9001",
    "svintus:answered:q-1",
)


async def old_store(r: Client) -> None:
    """Exactly what the bot before the neutral prefix kept, under its names: a
    running game (its timer, settings, screens, figures, failures), a lobby, a
    group become that game's supergroup, the live chats, who opened the bot, and
    the budgets, holds, locks and marks of the moment."""
    game = (DATA / "session_v2_svintus_color.json").read_text()
    lobby = (DATA / "session_v1_lobby.json").read_text()
    await r.hset("svintus:{-100777}:game", mapping={"v": "42", "doc": game})
    await r.set("svintus:{-100777}:settings", '{"lang":"ru"}')
    await r.hset(
        "svintus:{-100777}:msgs",
        mapping={
            "board:id": 501,
            "board:hash": "b1",
            "board:pending": "b2",
            "hand:101:id": 77,
            "hand:101:hash": "h1",
        },
    )
    await r.zadd("svintus:{t7.63}:timers", {"-100777": DUE})  # the game's shard (-100777 % 16 == 7)
    await r.set("svintus:{-100777}:timer-failures", 1)
    await r.hset(
        "svintus:{-100777}:stats",
        mapping={"svintus:101:played": 3, "svintus:101:won": 2, "svintus:101:points": 40, "name:101": "Ann"},
    )
    await r.sadd("svintus:{u101}:chats", GAME)
    await r.hset("svintus:{-100502}:game", mapping={"v": "3", "doc": lobby})
    await r.hset("svintus:{-100502}:msgs", mapping={"board:id": 9, "board:hash": "l1"})
    await r.set("svintus:{-100555}:moved", GAME, ex=3_600)
    await r.sadd("svintus:active", GAME, LOBBY)
    await r.sadd("svintus:started", *USERS)
    await r.set("svintus:{-100777}:lock", "w1", px=60_000)
    await r.set("svintus:{-100777}:lock:board", "w1", px=60_000)
    await r.set("svintus:{-100777}:dirty:board", 1, px=60_000)
    await r.set("svintus:{-100777}:hold", 1, px=60_000)
    for bucket in ("svintus:{-100777}:sent", "svintus:sent:all", "svintus:sent:private"):
        await r.zadd(bucket, {"1:t": 1})
        await r.pexpire(bucket, 60_000)
    await r.set("svintus:update:9001", 1, ex=86_400)
    await r.set("svintus:answered:q-1", 1, ex=86_400)


async def check_upgraded(store: Store) -> None:
    """Today's store finds every game, screen, timer, setting and figure ``old_store``
    wrote, and none of what it leaves to run out."""
    r = store.r
    session, version = await store.load(GAME)
    assert version == 42 and session is not None and session.status == "playing"
    assert session == Session.model_validate_json((DATA / "session_v2_svintus_color.json").read_text())
    lobby, version = await store.load(LOBBY)
    assert version == 3 and lobby is not None and lobby.status == "lobby"
    assert [m.id for m in lobby.members] == [ANN, BORYA]
    assert (await store.settings(GAME)).lang == "ru"
    assert await store.shown(GAME) == {"board": (501, "b1", "b2"), "hand:101": (77, "h1", None)}
    assert await store.shown(LOBBY) == {"board": (9, "l1", None)}
    assert timer_shard(GAME) == "cards:{t7.63}:timers"
    assert await store.next_timer() == DUE and await store.due_timers(DUE) == [GAME]
    assert await store.timer_failures(GAME) == 1
    assert await store.moved_to(ALIAS) == GAME and 0 < await r.ttl("cards:{-100555}:moved") <= 3_600
    figures = (await Stats(r).player(ANN))["svintus"]
    assert (figures.played, figures.won, figures.points) == (3, 2, 40)
    assert [(line.name, line.won) for line in (await Stats(r).chat(GAME))["svintus"]] == [("Ann", 2)]
    assert sorted(await store.active_chats()) == sorted([GAME, LOBBY])
    assert {int(u) for u in await r.smembers("cards:started")} == set(USERS)
    assert await store.started(ANN) and await store.started(2_500)
    assert not await store.started(9_999)
    # moved, not copied; what is left to run out is left as it was, under its old name
    assert sorted(await keys(r, "svintus:*")) == sorted(LEFT)
    assert all([await r.pttl(name) > 0 for name in LEFT])
    assert sorted(await keys(r, "cards:*")) == sorted(
        [
            "cards:{-100777}:game",
            "cards:{-100777}:settings",
            "cards:{-100777}:msgs",
            "cards:{t7.63}:timers",
            "cards:{-100777}:timer-failures",
            "cards:{-100777}:stats",
            "cards:{u101}:chats",
            "cards:{-100502}:game",
            "cards:{-100502}:msgs",
            "cards:{-100555}:moved",
            "cards:active",
            "cards:started",
            MIGRATED,
        ]
    )
    assert not await r.exists("cards:update:9001", "cards:{-100777}:lock", "cards:{-100777}:hold")


async def keys(r: Client, match: str) -> list[str]:
    """Every key named so (on a cluster: on every master)."""
    return [k.decode() async for k in r.scan_iter(match=match, count=1_000)]


async def snapshot(r: Client) -> dict[str, Any]:
    """Every key and what it holds (without the migration's own), to compare two stores."""
    out: dict[str, Any] = {}
    for name in await keys(r, "*"):
        if name == MIGRATING:
            continue
        kind = (await r.type(name)).decode()
        value: Any
        if kind == "hash":
            value = await r.hgetall(name)
        elif kind == "set":
            value = sorted(await r.smembers(name))
        elif kind == "zset":
            value = await r.zrange(name, 0, -1, withscores=True)
        else:
            value = await r.get(name)
        out[name] = (kind, value, await r.pttl(name) > 0)
    return out


async def test_keys_under_the_old_prefix_move_under_the_new_one_once(redis_url: str) -> None:
    r = aioredis.Redis.from_url(redis_url)
    await old_store(r)
    store = Store.from_url(redis_url)
    assert await store.migrate() == 12  # 10 keys renamed, 2 sets copied
    await check_upgraded(store)
    before = await snapshot(r)
    assert await store.migrate() == 0  # once: the marker says so, nothing is looked at again
    assert await snapshot(r) == before
    await store.close()
    await r.aclose()


async def test_two_workers_starting_at_once_move_the_keys_once(redis_url: str) -> None:
    r = aioredis.Redis.from_url(redis_url)
    await old_store(r)
    first = Store.from_url(redis_url)
    assert await first.migrate() == 12
    alone = await snapshot(r)
    await r.flushall()
    await old_store(r)
    a, b = Store.from_url(redis_url), Store.from_url(redis_url)
    assert sorted(await asyncio.gather(a.migrate(), b.migrate())) == [0, 12]  # one moves, one waits
    await check_upgraded(a)
    assert await snapshot(r) == alone
    # even both moving at once (a worker whose claim ran out while it was slow):
    # each key is moved by one of them, and the store is the same
    await r.flushall()
    await old_store(r)
    assert sum(await asyncio.gather(a._migrate(), b._migrate())) in range(12, 15)  # (a set copied twice)
    await r.set(MIGRATED, "svintus")
    assert await snapshot(r) == alone
    for s in (first, a, b):
        await s.close()
    await r.aclose()


async def test_a_worker_waits_for_the_one_moving_the_keys_or_takes_over_from_a_dead_one(
    redis_url: str,
) -> None:
    r = aioredis.Redis.from_url(redis_url)
    await old_store(r)
    store = Store.from_url(redis_url)
    await r.set(MIGRATING, "another worker", px=60_000)
    waiting = asyncio.create_task(store.migrate())
    await asyncio.sleep(0.3)
    assert not waiting.done() and await r.exists("svintus:{-100777}:game")  # it waits, touching nothing
    await r.set(MIGRATED, "svintus")  # the other one is done
    assert await asyncio.wait_for(waiting, 2) == 0
    await r.delete(MIGRATED)
    await r.set(MIGRATING, "a worker that died", px=300)  # its claim runs out: taken over
    started = time.monotonic()
    assert await asyncio.wait_for(store.migrate(), 5) == 12
    assert time.monotonic() - started >= 0.2
    await check_upgraded(store)
    assert not await r.exists(MIGRATING)
    await store.close()
    await r.aclose()


async def test_what_todays_bot_wrote_first_wins_over_what_an_earlier_one_left(redis_url: str) -> None:
    """Keys under both names (an earlier bot's worker still writing after the move
    began): today's session, deadline, setting and fields are kept, the earlier
    bot's members and fields today's lack are added, its keys are gone."""
    r = aioredis.Redis.from_url(redis_url)
    await old_store(r)
    store = Store.from_url(redis_url)
    await r.hset("cards:{-100777}:game", mapping={"v": "50", "doc": "{}"})
    await r.zadd("cards:{t7.63}:timers", {"-100777": DUE + 5, "-100007": DUE + 9})
    await r.set("cards:{-100777}:settings", '{"lang":"en"}')
    await r.hset("cards:{-100777}:msgs", mapping={"board:id": 600, "board:hash": "b9"})
    await r.sadd("cards:active", -1)
    await store._migrate()
    assert await r.hgetall("cards:{-100777}:game") == {b"v": b"50", b"doc": b"{}"}
    assert await r.zrange("cards:{t7.63}:timers", 0, -1, withscores=True) == [
        (b"-100777", DUE + 5),
        (b"-100007", DUE + 9),
    ]
    assert (await store.settings(GAME)).lang == "en"
    assert await store.shown(GAME) == {"board": (600, "b9", "b2"), "hand:101": (77, "h1", None)}
    assert sorted(await store.active_chats()) == sorted([GAME, LOBBY, -1])
    assert sorted(await keys(r, "svintus:*")) == sorted(LEFT)
    await store.close()
    await r.aclose()


async def test_a_live_games_deadline_fires_after_the_upgrade(redis_url: str) -> None:
    from bot.timers import Timers

    r = aioredis.Redis.from_url(redis_url)
    await old_store(r)
    due = int(time.time() * 1000) + 200
    await r.zadd("svintus:{t7.63}:timers", {"-100777": due})  # the game's next deadline, just ahead
    store = Store.from_url(redis_url)
    await store.migrate()
    fired: list[tuple[int, float]] = []

    async def tick(chat_id: int) -> None:
        fired.append((chat_id, time.time() * 1000))

    async def failed(chat_id: int) -> None:
        raise AssertionError(chat_id)

    timers = Timers(store, lambda s: None, tick, failed)
    running = asyncio.create_task(timers.run())
    for _ in range(100):
        if fired:
            break
        await asyncio.sleep(0.05)
    running.cancel()
    await asyncio.gather(running, return_exceptions=True)
    await timers.close()
    assert [c for c, _ in fired] == [GAME] and fired[0][1] >= due
    await store.close()
    await r.aclose()


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
