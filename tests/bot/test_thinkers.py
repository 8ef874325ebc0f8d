"""Where computer players think (bot/computers.py ``Thinkers``): in a process of
their own, so the bot's loop answers presses meanwhile; a broken pool is replaced."""

from __future__ import annotations

import asyncio
import os
import random
import time

from bot.computers import Thinkers
from engine import players, registry


def _pid(*_: object) -> int:
    return os.getpid()


def _position() -> tuple[object, object]:
    game = registry.get("candy")
    state, _ = game.start([1, 2], 3)
    me = next(p for p in (1, 2) if any(a.type != "leave" for a in game.legal(state, p)))
    return game.view(state, me), game.legal(state, me)


async def test_a_search_runs_in_another_process_and_chooses_as_in_this_one() -> None:
    view, legal = _position()
    thinkers = Thinkers(1)
    try:
        got = await thinkers.choose("candy", "hard", view, legal, random.Random(4))
        pool = thinkers._get()
        other = await asyncio.get_running_loop().run_in_executor(pool, _pid)
    finally:
        thinkers.close()
    assert other != os.getpid()
    assert got == players.get("candy", "hard").choose(view, legal, random.Random(4))
    assert got is not None and got in legal


async def test_the_search_costs_the_bots_process_no_cpu() -> None:
    """Searches of about 100 ms of CPU each: the bot's process (its loop, which
    answers presses) spends next to nothing on them; in a thread of its own it
    would spend all of it, holding the interpreter's lock."""
    view, legal = _position()
    cost = time.process_time()
    for k in range(3):
        players.get("candy", "hard").choose(view, legal, random.Random(k))
    cost = time.process_time() - cost
    thinkers = Thinkers(1)
    try:
        await thinkers.choose("candy", "hard", view, legal, random.Random(1))  # the pool is up
        spent = time.process_time()
        for k in range(3):
            await thinkers.choose("candy", "hard", view, legal, random.Random(k))
        spent = time.process_time() - spent
    finally:
        thinkers.close()
    assert cost > 0.05 and spent < cost / 5, (cost, spent)


async def test_a_broken_pool_is_replaced_and_the_search_still_answers() -> None:
    view, legal = _position()
    thinkers = Thinkers(1)
    try:
        await thinkers.choose("candy", "easy", view, legal, random.Random(1))
        pool = thinkers._get()
        for proc in list(pool._processes.values()):  # a worker killed (OOM, an operator)
            proc.kill()
            proc.join()
        got = await thinkers.choose("candy", "easy", view, legal, random.Random(1))
        assert got == players.get("candy", "easy").choose(view, legal, random.Random(1))
        assert thinkers._get() is not pool  # the next search has a fresh pool
    finally:
        thinkers.close()


async def test_no_processes_means_a_thread_of_this_one() -> None:
    view, legal = _position()
    thinkers = Thinkers(0)
    got = await thinkers.choose("candy", "easy", view, legal, random.Random(2))
    assert got == players.get("candy", "easy").choose(view, legal, random.Random(2))
    assert thinkers._pool is None
