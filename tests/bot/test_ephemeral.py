"""The seam to Telegram's ephemeral messages (``bot.ephemeral``) through a real
python-telegram-bot ``Bot`` against the fake Bot API: what a person sees in the group."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from telegram import Bot, InlineKeyboardMarkup, Update
from telegram.error import BadRequest

from bot import ephemeral
from bot.playground.botapi import FakeTelegram

ANN, BOB = 7101, 7102
GROUP, FORUM = -100_710, -100_711


@pytest.fixture
async def tg() -> AsyncIterator[tuple[FakeTelegram, Bot]]:
    api = FakeTelegram()
    api.add_user(ANN, "Ann")  # neither ever opened the bot
    api.add_user(BOB, "Bob")
    api.add_group(GROUP, "Sty")
    api.add_group(FORUM, "Farm", forum=True)
    bot = Bot(api.token, base_url=await api.start())
    await bot.initialize()
    yield api, bot
    await bot.shutdown()
    await api.stop()


def hand(*cards: str, playable: int = 0) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [
            [
                ephemeral.button(
                    c, f"h|1|{c}", style="success" if i < playable else None, disabled=i >= playable
                )
                for i, c in enumerate(cards)
            ]
        ]
    )


async def test_a_hand_in_the_group_after_a_press_edited_and_deleted(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg  # the bot is not an admin: it answers a press within 15 s
    board = await bot.send_message(GROUP, "board", reply_markup=hand("🃏"))
    qid = api.press(ANN, GROUP, board.message_id, "h|1|🃏")
    eid = await ephemeral.send(bot, GROUP, ANN, "<b>Your hand</b>", hand("7", "9", playable=1), None, qid)
    [seen] = api.seen_ephemerals(ANN, GROUP)
    assert (seen.ephemeral_id, seen.text, seen.html) == (eid, "<b>Your hand</b>", True)
    assert api.every_button(seen) == [
        {"text": "7", "callback_data": "h|1|7", "style": "success"},
        {"text": "9", "callback_data": "h|1|9", "disabled": True},
    ]
    assert api.seen_ephemerals(BOB, GROUP) == []
    await ephemeral.edit_text(bot, GROUP, ANN, eid, "Your hand: 9", hand("9", playable=1))
    await ephemeral.edit_markup(bot, GROUP, ANN, eid, None)
    [seen] = api.seen_ephemerals(ANN, GROUP)
    assert (seen.text, seen.markup, seen.edits) == ("Your hand: 9", None, 2)
    with pytest.raises(BadRequest, match="not modified"):
        await ephemeral.edit_markup(bot, GROUP, ANN, eid, None)
    await ephemeral.delete(bot, GROUP, ANN, eid)
    assert api.seen_ephemerals(ANN, GROUP) == []
    assert len(api.violations) == 1  # the edit to the same content


async def test_without_a_press_only_an_admin_bot_sends_one(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    with pytest.raises(BadRequest):
        await ephemeral.send(bot, GROUP, BOB, "hand", None, None)
    api.chats[GROUP].admins.add(api.bot_id)
    await ephemeral.send(bot, GROUP, BOB, "hand", None, None)
    assert [e.text for e in api.seen_ephemerals(BOB, GROUP)] == ["hand"]


async def test_in_a_forum_topic(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.chats[FORUM].admins.add(api.bot_id)
    topic = api.create_topic(FORUM, ANN, "Svintus")
    await ephemeral.send(bot, FORUM, BOB, "hand", None, topic)
    assert [(e.text, e.thread_id) for e in api.seen_ephemerals(BOB, FORUM)] == [("hand", topic)]


async def test_a_press_on_an_ephemeral_hand_is_told_from_an_ordinary_one(
    tg: tuple[FakeTelegram, Bot],
) -> None:
    api, bot = tg
    api.chats[GROUP].admins.add(api.bot_id)
    board = await bot.send_message(GROUP, "board", reply_markup=hand("🃏", playable=1))
    eid = await ephemeral.send(bot, GROUP, BOB, "hand", hand("7", playable=1), None)
    api.press(BOB, GROUP, board.message_id, "h|1|🃏")
    api.press_ephemeral(BOB, GROUP, eid, "h|1|7")
    on_board, on_hand = (Update.de_json(u, bot).callback_query for u in api.updates)
    assert on_board is not None and on_hand is not None
    assert ephemeral.pressed(on_board) is None
    assert ephemeral.pressed(on_hand) == eid and on_hand.message is not None
    assert on_hand.message.chat.id == GROUP and on_hand.data == "h|1|7"
