"""Webhook mode acknowledges an update only once it is handled: a worker killed with
presses under way loses none of them (Telegram delivers again what was not
acknowledged, to a worker that is alive), and none is applied twice."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Any

from bot.playground.botapi import FakeTelegram
from bot.store import Store, key
from tests.e2e.conftest import free_port
from tests.e2e.table import Table

GROUP = -100_777
PEOPLE = [7001 + i for i in range(10)]  # a Svintus table seats ten


async def test_a_webhook_worker_killed_with_presses_in_flight_loses_none(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    api.add_group(GROUP, "Webhook pen")
    for i, p in enumerate(PEOPLE):
        api.add_user(p, f"Player{i}", "en")
    t = Table(api, GROUP)
    one = await bot_factory(redis_url=redis_url, webhook_port=free_port())
    two = await bot_factory(redis_url=redis_url, webhook_port=free_port(), register=False)
    api.deliver_to([one.url, two.url])
    for p in PEOPLE:
        api.say(p, p, "/start")
    for p in PEOPLE:
        await t.until(lambda p=p: api.last_message(p), what=f"greeting {p}")
    api.say(PEOPLE[0], GROUP, "/new svintus")
    lobby = await t.until(t.board, what="lobby")
    join = t.find(lobby, "j")
    assert join is not None

    # ten people press «Join» at once while the chat is held (as by a slow change of
    # another worker): each worker has taken its presses and is still handling them
    # when one of the workers is killed; Telegram delivers its presses again, to the other
    store = Store.from_url(redis_url)
    await store.r.set(key(GROUP, "lock"), "another-worker", px=3_000)
    await store.close()
    queries = [api.press(p, GROUP, lobby.message_id, join["callback_data"]) for p in PEOPLE]
    while not all(api.deliveries[q] for q in queries):
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.5)
    os.kill(one.pid, signal.SIGKILL)
    answers = [await api.answer_of(q, timeout=40) for q in queries]  # every press answered
    assert any(api.deliveries[q] > 1 for q in queries), "no press was under way at the kill"

    def everyone_seated() -> bool:
        board = t.board()
        return board is not None and "10/10" in board.text

    await t.until(everyone_seated, timeout=30, what="ten players seated")
    board = t.board()
    assert board is not None
    assert all(f"Player{i}" in board.text for i in range(len(PEOPLE)))
    # each seated once: a press applied twice would have answered "already joined"
    assert sum("already" in a["text"].lower() for a in answers) == 0, answers
    await api.quiet(0.5)
    assert api.violations == [], api.violations
