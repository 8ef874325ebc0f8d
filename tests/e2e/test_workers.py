"""Two webhook workers on one Redis serve the same chats correctly."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp

from bot.playground.botapi import FakeTelegram
from bot.store import Store
from engine.svintus.keys import Ev
from engine.svintus.models import SvintusOptions
from tests.e2e.conftest import free_port
from tests.e2e.table import Table
from tests.e2e.test_robustness import moves
from tests.engine.helpers import Faces, check_cards, table

GROUP = -100_444
ANN, BORIS = 3001, 3002  # the same ids test_robustness.moves plays with


async def test_two_webhook_workers_share_one_redis(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    api.add_group(GROUP, "Two pens")
    api.add_user(ANN, "Ann", "en")
    api.add_user(BORIS, "Boris", "ru")
    t = Table(api, GROUP)
    one = await bot_factory(redis_url=redis_url, webhook_port=free_port())
    two = await bot_factory(redis_url=redis_url, webhook_port=free_port(), register=False)
    assert (
        api.webhook is not None and api.webhook["url"] == one.url and len(api.webhook["secret_token"]) >= 32
    )
    api.deliver_to([one.url, two.url])

    async with aiohttp.ClientSession() as http:  # the secret is checked on every request
        async with http.post(one.url, json={"update_id": 1}) as r:
            assert r.status == 403
        async with http.post(
            two.url, json={"update_id": 1}, headers={"X-Telegram-Bot-Api-Secret-Token": "guess"}
        ) as r:
            assert r.status == 403

    for p in (ANN, BORIS):
        api.say(p, p, "/start")
        await t.until(lambda p=p: api.last_message(p), what=f"greeting {p}")
    api.say(ANN, GROUP, "/new svintus")
    await t.until(t.board, what="lobby")
    for p in (ANN, BORIS):
        await t.press_code(p, t.board(), "j")
    await t.until(lambda: "Boris" in t.board().text, what="lobby")
    await t.press_code(ANN, t.board(), "g")
    for p in (ANN, BORIS):
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand {p}")
    assert await moves(t, 12) == 12  # presses land on both workers in turn

    # a deadline already past: both workers see it, exactly one fires it
    store = Store.from_url(redis_url)
    f = Faces()
    session, version = await store.load(GROUP)
    assert session is not None and session.state is not None
    now = int(time.time() * 1000)
    session.state = table(
        {ANN: [f.card("red", 1), f.card("blue", 2)], BORIS: [f.card("green", 0), f.card("blue", 3)]},
        top=f.card("red", 5),
        current=ANN,
        now=now - 31_000,
        options=SvintusOptions(turn_timer_ms=30_000),
    )
    session.log = []
    await store.save(session, version)
    await store.set_timer(GROUP, now - 1_000)
    for _ in range(100):
        session, _ = await store.load(GROUP)
        assert session is not None and session.state is not None
        if any(e.key == Ev.TIMEOUT for e in session.log):
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)
    session, _ = await store.load(GROUP)
    assert session is not None and session.state is not None
    assert [e.key for e in session.log].count(Ev.TIMEOUT) == 1
    check_cards(session.state)
    await store.close()

    assert api.violations == [], api.violations
    assert not api.pending_queries
    assert api.group_rate_ok()
