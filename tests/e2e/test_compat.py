"""A game stored by the bot before the game seam (no game name in the session),
or under the names of the bot before the neutral prefix (``svintus:`` keys), is
picked up by today's bot after an upgrade, and goes on."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from bot.playground.botapi import FakeTelegram
from bot.session import ChatSettings
from bot.store import MIGRATED, OLD_KEYS_MOVED, Store
from engine.svintus.keys import Ev
from tests.e2e.table import Table
from tests.e2e.test_robustness import ANN as ANNA
from tests.e2e.test_robustness import BORIS, GROUP, moves, start_two, world

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


async def test_a_game_and_a_lobby_under_the_old_names_go_on_after_the_upgrade(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """The bot before the neutral prefix kept exactly today's keys under ``svintus:``:
    a game under way (its turn timer about to run out, the group's language, its
    board's and hands' messages) and a lobby are left so; today's bot moves them
    at start and goes on — the board edited where it stands, in the group's
    language, the deadline fired, the lobby joined, the game played on."""
    t = world(api)  # Ann (ANNA here) and Боря (BORIS) in test_robustness's group
    lobby_chat = -100_334
    api.add_group(lobby_chat, "Waiting room")
    lobby = Table(api, lobby_chat)
    bot = await bot_factory(redis_url=redis_url)
    await start_two(t)
    assert await moves(t, 2) == 2
    store = Store.from_url(redis_url)
    for _ in range(400):  # a slap race or an owed reaction (their own deadlines) over
        session, _ = await store.load(GROUP)
        state = session.state if session is not None else None
        if state is not None and state.race is None and not state.duties:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the game never came back to a plain turn")
    await store.close()
    api.say(ANNA, lobby_chat, "/new svintus")
    await lobby.until(lobby.board, what="the lobby")
    await lobby.press_code(ANNA, lobby.board(), "j")
    await lobby.until(lambda: "Ann" in lobby.board_text(), what="Ann seated")
    await api.quiet(0.5)
    await bot.stop()
    board, lobby_board = t.board(), lobby.board()
    assert board is not None and lobby_board is not None and "раунд" not in board.text

    # the game as the earlier bot left it: the group speaks Russian, its turn timer
    # (30 s) runs out a second from now
    store = Store.from_url(redis_url)
    session, version = await store.load(GROUP)
    assert session is not None and session.state is not None
    now = int(time.time() * 1000)
    session.state.turn_started_ms = now - 29_000
    await store.save(session, version)
    await store.set_timer(GROUP, now + 1_000)
    await store.save_settings(GROUP, ChatSettings(lang="ru"))
    await store.close()
    # ... under the earlier bot's names, the one thing that changed
    r = aioredis.Redis.from_url(redis_url)
    await r.delete(MIGRATED)  # (the earlier bot had moved nothing)
    for name in [k async for k in r.scan_iter("cards:*")]:
        await r.rename(name, b"svintus:" + name.removeprefix(b"cards:"))
    assert not [k async for k in r.scan_iter("cards:*")]
    assert await r.hget(f"svintus:{{{GROUP}}}:game", "v") == str(version + 1).encode()

    await bot_factory(redis_url=redis_url)
    store = Store.from_url(redis_url)
    for _ in range(400):  # the deadline fires
        session, _ = await store.load(GROUP)
        assert session is not None
        if any(e.key == Ev.TIMEOUT for e in session.log):
            break
        await asyncio.sleep(0.05)
    assert any(e.key == Ev.TIMEOUT for e in session.log), session.log
    # the board redrawn in the group's language, where it stood: nothing posted anew
    await t.until(lambda: "раунд" in t.board_text(), what="the board in Russian")
    assert t.board() is board and lobby.board() is lobby_board
    await lobby.press_code(BORIS, lobby_board, "j")
    await lobby.until(lambda: "Боря" in lobby_board.text, what="Боря seated")
    assert await moves(t, 2) == 2  # and the game goes on
    old = [k.decode() async for k in r.scan_iter("svintus:*")]
    assert not [k for k in old if k.rpartition("}:")[2] in OLD_KEYS_MOVED], old
    await store.close()
    await r.aclose()
    assert api.violations == [], api.violations
    assert not api.pending_queries
