"""Helpers of the real-Telegram tests: a two-player Svintus table, and whether every
screen on the fake Telegram shows what the game in Redis says it should."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from bot import screens
from bot.i18n import translator
from bot.playground.botapi import FakeTelegram, Message
from bot.session import Session
from bot.store import Store
from tests.e2e.table import Table

T = translator()


async def greet(t: Table, who: tuple[int, ...]) -> None:
    for p in who:
        t.api.say(p, p, "/start")
        await t.until(lambda p=p: t.api.last_message(p), what=f"greeting {p}")


async def open_game(
    t: Table, creator: int, other: int, timer_off: bool = True, thread: int | None = None
) -> None:
    """A Svintus game of two, opened by ``creator`` (in the forum topic ``thread``),
    without a turn timer: nothing but a press (or the bot healing) changes a screen."""
    t.api.say(creator, t.group, "/new svintus", thread=thread)
    await t.until(t.board, what="lobby")
    for p in (creator, other):
        await t.press_code(p, t.board(), "j")
    if timer_off:
        for _ in range(2):  # 30 s -> 60 s -> off
            await t.press_code(creator, t.board(), "om")
    await t.until(lambda: t.api.users[other].first_name in t.board().text, what="lobby lists both")
    await t.press_code(creator, t.board(), "g")
    for p in (creator, other):
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand {p}")


async def session_of(redis_url: str, chat_id: int) -> Session:
    store = Store.from_url(redis_url)
    try:
        session, _ = await store.load(chat_id)
    finally:
        await store.close()
    assert session is not None
    return session


async def place(redis_url: str, chat_id: int, build: Callable[[Any], Any]) -> Any:
    """The running game of ``chat_id`` replaced by ``build(its state)`` (the next version
    of it, its log emptied), as a test prepares a position; returns the new state.  The
    screens show it at their next redraw (a ``/board``)."""
    store = Store.from_url(redis_url)
    try:
        session, version = await store.load(chat_id)
        assert session is not None and session.state is not None
        state = build(session.state)
        state.seq = session.state.seq + 1
        session.state, session.log = state, []
        await store.save(session, version)
    finally:
        await store.close()
    return state


def shows(msg: Message | None, drawn: Any) -> bool:
    """The message shows the drawn screen: its text and its buttons."""
    if msg is None:
        return False
    markup = drawn.markup.to_dict() if drawn.markup is not None else None
    return msg.text == drawn.text and (msg.markup or None) == (markup or None)


def stale_screens(api: FakeTelegram, t: Table, session: Session, lang: str = "en") -> list[str]:
    """The screens (board, each person's hand) that do not show ``session`` as it is."""
    stale = []
    if not shows(t.board(), screens.draw_board(T, lang, session, api.username)):
        stale.append("board")
    if session.state is not None:
        for m in session.members:
            if not shows(t.hand(m.id), screens.draw_hand(T, lang, session, m.id, api.username)):
                stale.append(f"hand:{m.id}")
    return stale


async def until_current(t: Table, redis_url: str, timeout: float, what: str) -> None:
    """Every screen shows the game as it is in Redis, within ``timeout``."""
    last: list[str] = []

    async def check() -> bool:
        nonlocal last
        last = stale_screens(t.api, t, await session_of(redis_url, t.group))
        return not last

    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still stale after {timeout} s: {last}\n{t.board_text()}")
        await asyncio.sleep(0.1)
