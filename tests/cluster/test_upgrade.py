"""A deployment moving from one Redis to a cluster copies its keys over (MIGRATE,
or a copy tool): what the bot before the cluster stored — a game's document, the
live chats, who opened the bot, the one sorted set of deadlines, all under the
earlier ``svintus:`` names — is found by today's bot on the cluster, the deadline
moved into its shard once.  And an earlier bot's keys already on a cluster move
under today's names there: in place when they have a hash tag, copied from one
master to another when they have none."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from bot.playground.botapi import FakeTelegram
from bot.store import LEGACY_TIMERS, Store
from tests.bot.test_store_upgrade import check_upgraded, keys, old_store, snapshot
from tests.cluster.cluster import LocalCluster
from tests.e2e.table import Table

DATA = Path(__file__).resolve().parent.parent / "data"


async def test_a_game_stored_before_the_cluster_resumes_on_it(
    api: FakeTelegram, cluster: LocalCluster, bot_factory: Any
) -> None:
    raw = (DATA / "session_v1_playing.json").read_text()
    doc = json.loads(raw)
    chat = doc["chat_id"]
    api.add_group(chat, doc["title"])
    for m in doc["members"]:
        api.add_user(m["id"], m["name"], m["lang"], started=True)
    r = aioredis.RedisCluster.from_url(cluster.url)
    await r.hset(f"svintus:{{{chat}}}:game", mapping={"v": "7", "doc": raw})
    await r.sadd("svintus:active", chat)
    for m in doc["members"]:
        await r.sadd("svintus:started", m["id"])
    await r.zadd(LEGACY_TIMERS, {str(chat): 10**13})  # a deadline far ahead, as the old bot kept it

    await bot_factory(redis_url=cluster.url)
    t = Table(api, chat)
    await t.until(lambda: t.board() is not None and "round 1" in t.board().text, what="the board redrawn")
    members = [m["id"] for m in doc["members"]]
    for p in members:
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand of {p}")
    for _ in range(100):  # the first worker to start moves the old deadlines into the shards
        if not await r.exists(LEGACY_TIMERS):
            break
        await asyncio.sleep(0.05)
    assert not await r.exists(LEGACY_TIMERS)  # moved (and, this game having no turn timer, then cleared)
    before = t.board().text  # type: ignore[union-attr]
    pressed: dict[int, tuple[int, int]] = {}
    for _ in range(300):  # and the game goes on: somebody plays a card
        for p in members:
            choice = t.choose(p)
            if choice is not None and pressed.get(p) != (choice[0].message_id, choice[0].edits):
                pressed[p] = (choice[0].message_id, choice[0].edits)  # again only once the hand changed
                await t.press(p, *choice)
        if t.board().text != before:  # type: ignore[union-attr]
            break
        await api.next_change(chat, 0.1)
    assert t.board().text != before  # type: ignore[union-attr]
    await r.aclose()
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_keys_under_the_old_prefix_move_on_a_cluster(cluster: LocalCluster) -> None:
    r = aioredis.RedisCluster.from_url(cluster.url)
    await old_store(r)
    old = await keys(r, "svintus:*")
    masters = {r.get_node_from_key(name).name for name in old}  # type: ignore[union-attr]
    assert len(masters) == 3  # spread over every master: each one has to be looked at
    a, b = Store.from_url(cluster.url, cluster=True), Store.from_url(cluster.url, cluster=True)
    await asyncio.gather(a.prepare(), b.prepare())
    assert sorted(await asyncio.gather(a.migrate(), b.migrate())) == [0, 12]  # one moves, one waits
    await check_upgraded(a)
    await check_upgraded(b)
    before = await snapshot(r)
    assert await b.migrate() == 0  # once
    assert await snapshot(r) == before
    await a.close()
    await b.close()
    await r.aclose()
