"""The store on a real Redis Cluster: every script and multi-key command of a chat
stays in the chat's slot, the timer shards spread over the masters, and a write
is confirmed by a replica before it counts."""

from __future__ import annotations

import asyncio
from collections import Counter

from redis.crc import key_slot

from bot.session import ChatSettings, Member, Session
from bot.stats import Stats, chats_key
from bot.store import ACTIVE, PREFIX, TIMER_SHARDS, Store, answered_key, key, timer_key
from tests.cluster.cluster import LocalCluster

CHATS = [-100_000 - i for i in range(40)]


def lobby(chat: int) -> Session:
    return Session(
        chat_id=chat, game_id="g", creator=1, title="t", status="lobby", members=[Member(id=1, name="a")]
    )


def test_the_timer_shards_fall_in_sixteen_even_slices_of_the_slots() -> None:
    slots = [key_slot(timer_key(i).encode()) for i in range(TIMER_SHARDS)]
    assert [s * TIMER_SHARDS // 16384 for s in slots] == list(range(TIMER_SHARDS))


async def test_a_chats_keys_share_its_slot_and_every_command_works_on_a_cluster(
    cluster: LocalCluster,
) -> None:
    store = Store.from_url(cluster.url, cluster=True, replica_wait_ms=100)
    await store.prepare()
    assert store.cluster and await store.ping()
    masters = set()
    for chat in CHATS:
        slots = {key_slot(key(chat, what).encode()) for what in ("game", "settings", "lock", "msgs", "stats")}
        assert len(slots) == 1
        masters.add(cluster.master_of(key(chat, "game")))
        session = lobby(chat)
        loaded = await store.load_locked(chat, "me", 5_000)  # the lock, the session, the settings
        assert loaded is not None and loaded[0] is None
        assert await store.load_locked(chat, "other", 5_000) is None  # held
        version = await store.save(session, 0, status_changed=True, unlock="me")  # replicated, unlocked
        assert version == 1 and await store.load_locked(chat, "other", 5_000) is not None
        await store.unlock_chat(chat, "other")
        await store.mark_answered(chat, "q")  # a press's mark is kept in the chat's slot
        assert key_slot(answered_key(chat, "q").encode()) in slots
        again = await store.load_locked(chat, "me", 5_000, "q")
        assert again is not None and again[3] and again[1] == 1
        await store.unlock_chat(chat, "me")
        await store.save_settings(chat, ChatSettings(lang="ru"))
        shared, settings = await store.load_shared(chat)
        assert shared is not None and settings.lang == "ru"
        assert await store.claim_screen(chat, "board", "me")
        assert not await store.release_screen(chat, "board", "me")
        await store.set_message(chat, "board", 7, "x")
        assert (await store.shown(chat))["board"][0] == 7
        await store.set_timer(chat, 1_000 + chat % 7)
        assert await store.rate_wait_ms(key(chat, "sent"), 1000, 5, 0, "t") == 0
    assert len(masters) == 3  # the chats are spread over every master
    assert sorted(await store.active_chats()) == sorted(CHATS)

    # the deadlines: every shard that holds one, over every master; all due and claimed once
    shards = {timer_key(c % TIMER_SHARDS) for c in CHATS}
    assert Counter(cluster.master_of(s) for s in shards).keys() == set(masters)
    due, first, unread = await store.timers(10_000, limit=100)
    assert sorted(due) == sorted(CHATS) and first is not None and unread == 0
    other = Store.from_url(cluster.url, cluster=True)
    await other.prepare()
    claims = await asyncio.gather(*(s.claim_timer(c, 10_000) for c in CHATS for s in (store, other)))
    assert sum(claims) == len(CHATS)
    assert await store.next_timer() is None

    # the budgets, the marks, the statistics (a chat's hash and a player's set: two slots)
    assert await store.rate_wait_ms(f"{PREFIX}:sent:all", 1000, 25, 0, "t") == 0
    assert await store.claim_update(42) and not await store.claim_update(42)
    await store.mark_started(5)
    assert await store.started(5)
    await Stats(store.r).record(CHATS[0], "svintus", {5: "Ann", 6: "Bob"}, [5], {5: 3})
    assert (await Stats(store.r).player(5))["svintus"].won == 1
    assert key_slot(chats_key(5).encode()) != key_slot(key(CHATS[0], "stats").encode())
    assert await store.timer_failed(CHATS[0]) == 1 and await store.timer_failures(CHATS[0]) == 1
    assert await store.r.scard(ACTIVE) == len(CHATS)
    await store.close()
    await other.close()


async def test_a_master_without_a_replica_in_sync_is_not_waited_for_again_and_again(
    cluster: LocalCluster,
) -> None:
    """WAIT 1 on a master whose replica is gone times out once; the next writes go unwaited."""
    store = Store.from_url(cluster.url, cluster=True, replica_wait_ms=300)
    await store.prepare()
    chat = CHATS[0]
    session = lobby(chat)
    version = await store.save(session, 0)
    cluster.kill(cluster.replica_of(cluster.master_of(key(chat, "game"))))
    loop = asyncio.get_running_loop()
    started = loop.time()
    version = await store.save(session, version)  # waited 300 ms for nobody
    assert loop.time() - started >= 0.25
    started = loop.time()
    for _ in range(5):
        version = await store.save(session, version)
    assert loop.time() - started < 0.25
    await store.close()
