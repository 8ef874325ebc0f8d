"""A game stored by the bot before the game seam (no game name in the session)
is picked up by today's bot after an upgrade, and goes on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from bot.playground.botapi import FakeTelegram
from tests.e2e.table import Table

DATA = Path(__file__).resolve().parent.parent / "data"
ANN, BORYA, CARL = 101, 102, 103


async def test_a_game_stored_by_the_old_bot_resumes_after_the_upgrade(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    raw = (DATA / "session_v1_playing.json").read_text()
    doc = json.loads(raw)
    chat = doc["chat_id"]
    api.add_group(chat, doc["title"])
    for m in doc["members"]:
        api.add_user(m["id"], m["name"], m["lang"], started=True)
    # exactly what the old bot kept in Redis: the document, its version, the live chats
    r = aioredis.Redis.from_url(redis_url)
    await r.hset(f"svintus:{{{chat}}}:game", mapping={"v": "7", "doc": raw})
    await r.sadd("svintus:active", chat)
    for m in doc["members"]:
        await r.sadd("svintus:started", m["id"])
    await r.aclose()

    await bot_factory(redis_url=redis_url)
    t = Table(api, chat)
    await t.until(lambda: t.board() is not None and "round 1" in t.board().text, what="the board redrawn")
    for p in (ANN, BORYA, CARL):
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand of {p}")
    before = t.board().text  # type: ignore[union-attr]
    moved = 0
    pressed: dict[int, tuple[int, int]] = {}
    for _ in range(300):
        if moved >= 3:
            break
        for p in (ANN, BORYA, CARL):
            choice = t.choose(p)
            if choice is None or pressed.get(p) == (choice[0].message_id, choice[0].edits):
                continue  # a person presses again only once their hand has changed
            pressed[p] = (choice[0].message_id, choice[0].edits)
            moved += (await t.press(p, *choice))["text"] == ""
        await asyncio.sleep(0.05)
    assert moved >= 3
    await t.until(lambda: t.board().text != before, what="the game moved on")  # type: ignore[union-attr]
    assert api.violations == [], api.violations
    assert not api.pending_queries
