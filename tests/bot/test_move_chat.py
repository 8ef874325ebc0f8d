"""A group's move to its supergroup (``Store.move_chat``) cut short by a crash
(``kill -9``) is finished by the next try, the migration's update delivered
again; by then the supergroup may have gone on (a game's screens recorded there,
figures counted): what it holds is kept, what only the old chat held is moved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.session import Session
from bot.store import Store, key, timer_shard

DATA = Path(__file__).resolve().parent.parent / "data"
OLD, NEW = -777, -100_777


class Crash(Exception):
    """The worker killed in the middle of the move."""


async def test_a_move_cut_short_and_made_again_keeps_what_the_new_chat_recorded_since(
    redis_url: str, monkeypatch: Any
) -> None:
    store = Store.from_url(redis_url)
    session = Session.model_validate_json((DATA / "session_v2_svintus_color.json").read_text())
    session.chat_id = OLD
    await store.r.hset(key(OLD, "game"), mapping={"v": "3", "doc": session.model_dump_json()})
    await store.r.hset(
        key(OLD, "msgs"),
        mapping={"game": session.game_id, "hand:101:id": "40", "board:id": "7"},
    )
    await store.r.hset(key(OLD, "stats"), mapping={"svintus:101:played": "2", "name:101": "Ann"})
    await store.r.zadd(timer_shard(OLD), {str(OLD): 1_000})

    real = store._move_hash
    calls = 0

    async def crash_midway(*args: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:  # the figures moved, the screens not: the worker dies
            raise Crash
        await real(*args)

    monkeypatch.setattr(store, "_move_hash", crash_midway)
    with pytest.raises(Crash):
        await store.move_chat(OLD, NEW)
    monkeypatch.setattr(store, "_move_hash", real)

    # meanwhile the supergroup went on: a new game, its screens, a figure, its deadline
    moved = Session.model_validate_json((await store.r.hget(key(NEW, "game"), "doc")) or b"")
    assert moved.game_id == session.game_id  # (the move had got that far)
    moved.game_id = "n3wgam"
    await store.r.hset(key(NEW, "game"), mapping={"v": "2", "doc": moved.model_dump_json()})
    await store.new_game_screens(NEW, "n3wgam")
    await store.r.hset(key(NEW, "msgs"), mapping={"hand:101:id": "90"})
    await store.r.hset(key(NEW, "stats"), "svintus:101:played", "3")
    await store.r.zadd(timer_shard(NEW), {str(NEW): 5_000})

    await store.move_chat(OLD, NEW)  # the update again: the move finished
    msgs = {k.decode(): v.decode() for k, v in (await store.r.hgetall(key(NEW, "msgs"))).items()}
    assert msgs["game"] == "n3wgam"  # its screens still its own game's
    assert msgs["hand:101:id"] == "90"
    assert await store.r.hget(key(NEW, "stats"), "svintus:101:played") == b"3"
    assert await store.r.zscore(timer_shard(NEW), str(NEW)) == 5_000
    assert await store.moved_to(OLD) == NEW
    assert not await store.r.exists(key(OLD, "msgs"), key(OLD, "game"), key(OLD, "stats"))
    await store.close()
