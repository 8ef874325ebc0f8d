"""The lobby under a crowd: people pressing «Join» at the same moment, through the
real bot — each change of the chat is one transaction and its messages go out
once it is saved, so everybody is seated once and told once."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.playground.botapi import FakeTelegram
from tests.e2e.conftest import free_port
from tests.e2e.table import Table

GROUP = -100_777
FIRST = 7001

JOINED = ("You're at the ", "Вы за столом")  # the private message a seated player gets (dm-joined)


def crowd(api: FakeTelegram, n: int) -> list[int]:
    """``n`` users (who will open a private chat with the bot: ``greet``)."""
    api.add_group(GROUP, "Crowd")
    users = list(range(FIRST, FIRST + n))
    for i, u in enumerate(users):
        api.add_user(u, f"P{i}", "en" if i % 2 else "ru")
    return users


async def greet(api: FakeTelegram, t: Table, users: list[int]) -> None:
    """Each user opens the private chat with the bot (/start): it may write to them."""
    for u in users:
        api.say(u, u, "/start")
    for u in users:
        await t.until(lambda u=u: api.last_message(u), what=f"the greeting of {u}")


class AnyTable(Table):
    def board(self) -> Any:
        """The lobby: the bot's latest message in the group."""
        msgs = list(self.api.messages.get(self.group, {}).values())
        return msgs[-1] if msgs else None


def told_joined(api: FakeTelegram, user: int) -> int:
    return sum(1 for m in api.messages.get(user, {}).values() if m.text.startswith(JOINED))


async def all_join_at_once(api: FakeTelegram, t: Table, users: list[int]) -> list[str]:
    lobby = t.board()
    assert lobby is not None
    join = t.find(lobby, "j")
    assert join is not None
    queries = [api.press(u, GROUP, lobby.message_id, join["callback_data"]) for u in users]
    return [str((await api.answer_of(q))["text"]) for q in queries]


async def open_lobby(api: FakeTelegram, t: Table, creator: int, game: str) -> None:
    api.say(creator, GROUP, f"/new {game}")
    await t.until(lambda: t.board() is not None and t.find(t.board(), "j"), what="the lobby")


async def test_ten_people_joining_at_once_are_all_seated_and_told_once(
    api: FakeTelegram, bot_factory: Any
) -> None:
    users = crowd(api, 10)
    t = AnyTable(api, GROUP)
    await bot_factory()
    await greet(api, t, users)
    await open_lobby(api, t, users[0], "svintus")
    answers = await all_join_at_once(api, t, users)
    assert all(a.startswith(("You're in", "Вы в игре")) for a in answers), answers
    await t.until(lambda: "10/10" in t.board().text, what="ten at the table")  # type: ignore[union-attr]
    await api.quiet(0.5)
    assert [told_joined(api, u) for u in users] == [1] * 10
    assert api.violations == [], api.violations


async def test_a_four_seat_table_seats_the_first_four_and_tells_the_rest_it_is_full(
    api: FakeTelegram, bot_factory: Any
) -> None:
    users = crowd(api, 10)
    t = AnyTable(api, GROUP)
    await bot_factory()
    await greet(api, t, users)
    await open_lobby(api, t, users[0], "candy")
    answers = await all_join_at_once(api, t, users)
    full = {"The table is full.", "За столом нет мест."}
    seated = [u for u, a in zip(users, answers, strict=True) if a not in full]
    assert len(seated) == 4, answers
    await api.quiet(0.5)
    assert all(told_joined(api, u) == (1 if u in seated else 0) for u in users)
    board = t.board()
    assert board is not None and "4/4" in board.text
    assert api.violations == [], api.violations


async def test_two_workers_seat_a_crowd_once(api: FakeTelegram, redis_url: str, bot_factory: Any) -> None:
    users = crowd(api, 10)
    t = AnyTable(api, GROUP)
    one = await bot_factory(redis_url=redis_url, webhook_port=free_port())
    two = await bot_factory(redis_url=redis_url, webhook_port=free_port(), register=False)
    api.deliver_to([one.url, two.url])
    await greet(api, t, users)
    await open_lobby(api, t, users[0], "svintus")
    answers = await all_join_at_once(api, t, users)
    assert all(a.startswith(("You're in", "Вы в игре")) for a in answers), answers
    await t.until(lambda: "10/10" in t.board().text, what="ten at the table")  # type: ignore[union-attr]
    await asyncio.sleep(0)
    await api.quiet(0.5)
    assert [told_joined(api, u) for u in users] == [1] * 10
    assert api.violations == [], api.violations
