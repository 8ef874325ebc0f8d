"""The fake Bot API's faults and world changes, met by a real ``telegram.Bot``: each
refusal is the exception python-telegram-bot raises on Telegram's, each update
parses to the fields a bot reads, and nothing is stored that Telegram would not."""

from __future__ import annotations

import asyncio
import datetime as dtm
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import aiohttp
import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TimedOut
from telegram.request import HTTPXRequest

from bot.playground.botapi import DELETE_WINDOW_S, FakeTelegram, nginx_page

# python-telegram-bot's retry_after turns from int to timedelta one day: either is read
pytestmark = pytest.mark.filterwarnings("ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")

ANN, BOB, CY = 7001, 7002, 7003
GROUP, BASIC, FORUM = -100_700, -4518, -100_701


@pytest.fixture
async def tg() -> AsyncIterator[tuple[FakeTelegram, Bot]]:
    api = FakeTelegram()
    api.add_user(ANN, "Ann", started=True)
    api.add_user(BOB, "Bob", started=True)
    api.add_user(CY, "Cy")  # never opened the bot
    api.add_group(GROUP, "Sty", admins={ANN})
    api.add_group(BASIC, "Pen", kind="group")
    api.add_group(FORUM, "Farm", forum=True)
    base = await api.start()
    bot = Bot(api.token, base_url=base, request=HTTPXRequest(connection_pool_size=8, read_timeout=5.0))
    await bot.initialize()
    yield api, bot
    await bot.shutdown()
    await api.stop()


def taken(api: FakeTelegram, bot: Bot) -> list[Update]:
    """The updates pushed since last taken, as the bot parses them."""
    updates = [Update.de_json(u, bot) for u in api.updates]
    api.updates.clear()
    return updates


def seconds(value: int | dtm.timedelta) -> float:
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


def retry_after(e: RetryAfter) -> float:
    return seconds(e.retry_after)


KEYS = InlineKeyboardMarkup([[InlineKeyboardButton("Oink", callback_data="oink")]])

# --- outages ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["502", "503", "504"])
async def test_an_outage_is_nginx_s_page_and_a_network_error(tg: tuple[FakeTelegram, Bot], kind: str) -> None:
    api, bot = tg
    api.faults.outage(kind)
    with pytest.raises(NetworkError) as e:
        await bot.send_message(ANN, "hi")
    assert type(e.value) is NetworkError and f"({kind})" in e.value.message
    with pytest.raises(NetworkError):
        await bot.get_updates(timeout=0)
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"http://127.0.0.1:{api.port}/bot{api.token}/getMe") as r,
    ):
        assert r.status == int(kind) and r.content_type == "text/html"
        assert await r.text() == nginx_page(kind)
    assert api.messages[ANN] == {} and api.violations == []  # nothing stored, nobody's fault
    assert api.faults.hits["outage"] == 3
    api.faults.heal()
    assert (await bot.send_message(ANN, "hi")).message_id == 1


def test_nginx_s_bad_gateway_page_is_byte_for_byte() -> None:
    assert nginx_page("502") == (
        "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
        "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
    )


async def test_an_outage_may_spare_methods_and_heal_by_itself(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.faults.outage("502", seconds=0.3, methods=["sendMessage"])
    assert (await bot.get_me()).username == api.username
    with pytest.raises(NetworkError):
        await bot.send_message(ANN, "hi")
    await asyncio.sleep(0.35)
    assert (await bot.send_message(ANN, "hi")).text == "hi"


async def test_a_timeout_outage_answers_nothing(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.faults.outage("timeout")
    with pytest.raises(TimedOut):  # the client's read timeout fires first
        await bot.send_message(ANN, "hi", read_timeout=0.2)
    held = asyncio.create_task(bot.send_message(ANN, "held", read_timeout=5.0))
    await asyncio.sleep(0.2)
    assert not held.done()
    started = time.monotonic()
    api.faults.heal()  # the held connection is closed without an answer
    with pytest.raises(NetworkError) as e:
        await held
    assert type(e.value) is NetworkError and time.monotonic() - started < 1.0
    assert api.messages[ANN] == {} and api.violations == []  # not processed
    assert (await bot.send_message(ANN, "after")).message_id == 1


async def test_a_timeout_outage_ends_by_itself_and_with_the_server(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.faults.outage("timeout", seconds=0.3)
    with pytest.raises(NetworkError):
        await bot.get_me(read_timeout=5.0)
    assert (await bot.get_me()).id == api.bot_id
    api.faults.outage("timeout")
    held = asyncio.create_task(bot.get_me(read_timeout=5.0))
    await asyncio.sleep(0.1)
    started = time.monotonic()
    await api.stop()  # does not wait for the outage to end
    assert time.monotonic() - started < 2.0
    with pytest.raises(NetworkError):
        await held


# --- late answers -------------------------------------------------------------------------


async def test_a_late_send_is_stored_before_it_is_answered(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    seen: list[str] = []
    api.observers.append(lambda e: seen.append(e["type"]))
    api.faults.late(0.5, chat_id=GROUP)
    assert (await bot.send_message(ANN, "elsewhere")).message_id == 1  # another chat: at once
    sent = asyncio.create_task(bot.send_message(GROUP, "late"))
    while api.last_message(GROUP) is None:
        await asyncio.sleep(0.01)
    assert not sent.done() and "shown" in seen
    msg = await sent
    assert msg.message_id == api.last_message(GROUP).message_id  # type: ignore[union-attr]
    started = time.monotonic()
    await bot.send_message(GROUP, "on time")  # count=1: only the next one was late
    assert time.monotonic() - started < 0.3
    assert api.faults.hits["late"] == 1


async def test_a_send_given_up_on_stays_sent(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.faults.late(0.5, count=2)
    with pytest.raises(TimedOut):
        await bot.send_message(GROUP, "given up", read_timeout=0.1)
    assert [m.text for m in api.messages[GROUP].values()] == ["given up"]
    await bot.send_message(GROUP, "waited for")
    assert len(api.messages[GROUP]) == 2 and api.violations == []


# --- flood waits ------------------------------------------------------------------------------


async def test_a_flood_wait_of_any_length_and_a_bot_ignoring_it(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.faults.flood(35, chat_id=GROUP)
    with pytest.raises(RetryAfter) as e:
        await bot.send_message(GROUP, "hi")
    assert retry_after(e.value) == 35 and api.violations == []  # Telegram's, not the bot's fault
    assert (await bot.send_message(ANN, "another chat")).text == "another chat"
    with pytest.raises(RetryAfter):  # edits too, by default
        await bot.edit_message_text("x", GROUP, 1)
    assert len(api.violations) == 1  # it was told to wait 35 s
    assert api.violations[0].startswith("editMessageText: ignored retry_after (")
    assert api.violations[0].endswith(" s early)")
    assert 34 < float(api.violations[0].split("(")[1].split()[0]) <= 35
    assert api.faults.hits["flood"] == 2 and api.messages[GROUP] == {}


async def test_an_hour_s_flood_on_every_chat(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.faults.flood(3600, methods=["sendMessage"])
    for chat in (GROUP, ANN):
        with pytest.raises(RetryAfter) as e:
            await bot.send_message(chat, "hi")
        assert retry_after(e.value) == 3600
    assert api.violations == []
    await bot.get_me()  # other methods pass
    api.faults.heal()  # and what it told is forgotten
    assert (await bot.send_message(GROUP, "hi")).text == "hi" and api.violations == []


async def test_waiting_out_a_flood_is_no_violation(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.faults.flood(0.2, chat_id=GROUP)
    with pytest.raises(RetryAfter) as e:
        await bot.send_message(GROUP, "hi")
    assert retry_after(e.value) == 1  # the whole seconds left, at least one
    await asyncio.sleep(1.0)
    assert (await bot.send_message(GROUP, "hi")).text == "hi"
    assert api.violations == []


# --- a basic group upgraded to a supergroup ----------------------------------------------


async def test_a_migrated_group_names_its_successor(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    old = await bot.send_message(BASIC, "board", reply_markup=KEYS)
    assert old.chat.type == "group"
    taken(api, bot)
    new = api.migrate(BASIC, ANN)
    assert new == -1004518
    to, from_, joined = taken(api, bot)
    assert to.message is not None and to.message.migrate_to_chat_id == new and to.message.chat.id == BASIC
    assert to.message.from_user is not None and to.message.from_user.id == ANN
    assert from_.message is not None and from_.message.migrate_from_chat_id == BASIC
    assert from_.message.chat.type == "supergroup" and from_.message.message_id == 1
    assert joined.my_chat_member is not None and joined.my_chat_member.new_chat_member.status == "member"
    with pytest.raises(ChatMigrated) as e:
        await bot.send_message(BASIC, "hi")
    assert e.value.new_chat_id == new
    with pytest.raises(ChatMigrated) as e:
        await bot.get_chat_member(BASIC, ANN)
    assert e.value.new_chat_id == new
    sent = await bot.send_message(new, "hi")
    assert sent.chat.id == new and sent.message_id == 2 and api.chats[new].title == "Pen"
    # the old group lives on: its buttons are pressed, its messages edited
    qid = api.press(BOB, BASIC, old.message_id, "oink")
    (press,) = taken(api, bot)
    assert press.callback_query is not None and press.callback_query.message is not None
    assert press.callback_query.message.chat.id == BASIC and press.callback_query.message.chat.type == "group"
    await bot.answer_callback_query(qid)
    await bot.edit_message_text("moved", BASIC, old.message_id)
    api.faults.refuse_old_edits = True
    with pytest.raises(ChatMigrated):
        await bot.edit_message_text("moved!", BASIC, old.message_id)
    assert api.violations == [] and api.faults.hits["migrated"] == 3


async def test_only_a_basic_group_is_migrated(tg: tuple[FakeTelegram, Bot]) -> None:
    api, _ = tg
    with pytest.raises(ValueError):
        api.migrate(GROUP, ANN)
    api.migrate(BASIC, ANN)
    with pytest.raises(ValueError):
        api.migrate(BASIC, ANN)
    with pytest.raises(ValueError):  # nobody writes in the old group any more
        api.say(ANN, BASIC, "hello?")


async def test_a_message_older_than_48_hours_is_not_deleted(tg: tuple[FakeTelegram, Bot]) -> None:
    """deleteMessage: "A message can only be deleted if it was sent less than 48 hours
    ago" — refused as Telegram refuses it (not the bot's fault), the message kept; one
    already deleted is not found."""
    api, bot = tg
    old = await bot.send_message(ANN, "old hand")
    new = await bot.send_message(ANN, "new hand")
    api.messages[ANN][old.message_id].date -= DELETE_WINDOW_S
    with pytest.raises(BadRequest) as e:
        await bot.delete_message(ANN, old.message_id)
    assert e.value.message == "Message can't be deleted for everyone"
    assert old.message_id in api.messages[ANN] and api.violations == []
    assert await bot.delete_message(ANN, new.message_id)
    with pytest.raises(BadRequest, match="Message to delete not found"):
        await bot.delete_message(ANN, new.message_id)


# --- the bot removed, blocked ---------------------------------------------------------------


async def test_a_bot_kicked_from_a_group_hears_nothing_there(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    board = await bot.send_message(GROUP, "board", reply_markup=KEYS)
    api.kick_bot(GROUP, ANN)
    (kicked,) = taken(api, bot)
    change = kicked.my_chat_member
    assert change is not None and change.chat.id == GROUP and change.from_user.id == ANN
    assert change.old_chat_member.status == "member" and change.new_chat_member.status == "kicked"
    assert change.new_chat_member.user.id == api.bot_id
    calls: list[Callable[[], Awaitable[Any]]] = [
        lambda: bot.send_message(GROUP, "hi"),
        lambda: bot.edit_message_text("x", GROUP, board.message_id),
        lambda: bot.delete_message(GROUP, board.message_id),
        lambda: bot.get_chat_member(GROUP, ANN),
    ]
    for call in calls:
        with pytest.raises(Forbidden) as e:
            await call()
        assert e.value.message == "Forbidden: bot was kicked from the supergroup chat"
    api.say(ANN, GROUP, "/new svintus")
    api.press(ANN, GROUP, board.message_id, "oink")
    assert taken(api, bot) == [] and api.pending_queries == set()
    assert api.violations == [] and api.faults.hits["kicked"] == 4
    api.add_bot(GROUP, ANN)
    back, added = taken(api, bot)
    assert back.my_chat_member is not None and back.my_chat_member.new_chat_member.status == "member"
    assert back.my_chat_member.old_chat_member.status == "kicked"
    assert added.message is not None and [u.id for u in added.message.new_chat_members] == [api.bot_id]
    assert (await bot.send_message(GROUP, "back")).text == "back"


@pytest.mark.parametrize(
    ("chat", "status", "said"),
    [
        (BASIC, "kicked", "Forbidden: bot was kicked from the group chat"),
        (GROUP, "left", "Forbidden: bot is not a member of the supergroup chat"),
        (BASIC, "left", "Forbidden: bot is not a member of the group chat"),
    ],
)
async def test_removed_from_a_group(tg: tuple[FakeTelegram, Bot], chat: int, status: str, said: str) -> None:
    api, bot = tg
    api.kick_bot(chat, BOB, status)
    (change,) = taken(api, bot)
    assert change.my_chat_member is not None and change.my_chat_member.new_chat_member.status == status
    with pytest.raises(Forbidden) as e:
        await bot.send_message(chat, "hi")
    assert e.value.message == said and api.violations == []
    assert api.faults.hits[status] == 1


async def test_a_person_blocks_and_restarts_the_bot(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    hand = await bot.send_message(ANN, "hand", reply_markup=KEYS)
    api.block(ANN)
    (blocked,) = taken(api, bot)
    change = blocked.my_chat_member
    assert change is not None and change.chat.type == "private" and change.chat.id == ANN
    assert change.new_chat_member.status == "kicked" and change.old_chat_member.status == "member"
    calls: list[Callable[[], Awaitable[Any]]] = [
        lambda: bot.send_message(ANN, "hi"),
        lambda: bot.edit_message_text("x", ANN, hand.message_id),
    ]
    for call in calls:
        with pytest.raises(Forbidden) as e:
            await call()
        assert e.value.message == "Forbidden: bot was blocked by the user"
    assert api.violations == [] and api.faults.hits["blocked"] == 2
    await bot.send_message(GROUP, "the group still hears Ann")
    api.unblock(ANN, restart=True)
    unblocked, start = taken(api, bot)
    assert (
        unblocked.my_chat_member is not None and unblocked.my_chat_member.new_chat_member.status == "member"
    )
    assert start.message is not None and start.message.text == "/start" and start.message.chat.id == ANN
    assert (await bot.send_message(ANN, "welcome back")).text == "welcome back"


async def test_a_person_who_never_started_the_bot_is_still_the_bot_s_fault(
    tg: tuple[FakeTelegram, Bot],
) -> None:
    api, bot = tg
    with pytest.raises(Forbidden) as e:
        await bot.send_message(CY, "hi")
    assert e.value.message == "Forbidden: bot can't initiate conversation with a user"
    assert api.violations == ["sendMessage: Forbidden: bot can't initiate conversation with a user"]


# --- forum topics ---------------------------------------------------------------------------------


async def test_forum_topics_in_updates_and_sends(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    topic = api.create_topic(FORUM, ANN, "Pigs")
    (created,) = taken(api, bot)
    assert created.message is not None and created.message.forum_topic_created is not None
    assert created.message.forum_topic_created.name == "Pigs" and created.message.chat.is_forum
    assert created.message.message_thread_id == topic == created.message.message_id
    api.say(BOB, FORUM, "/new svintus", thread=topic)
    api.say(BOB, FORUM, "in General")
    in_topic, in_general = (u.message for u in taken(api, bot))
    assert in_topic is not None and in_topic.is_topic_message and in_topic.message_thread_id == topic
    assert in_topic.reply_to_message is not None and in_topic.reply_to_message.forum_topic_created is not None
    assert in_general is not None and not in_general.is_topic_message and in_general.message_thread_id is None
    sent = await bot.send_message(FORUM, "board", message_thread_id=topic, reply_markup=KEYS)
    assert sent.message_thread_id == topic and sent.is_topic_message
    assert api.last_message(FORUM) is not None and api.last_message(FORUM).thread_id == topic  # type: ignore[union-attr]
    api.press(BOB, FORUM, sent.message_id, "oink")
    (press,) = taken(api, bot)
    assert press.callback_query is not None and press.callback_query.message is not None
    assert press.callback_query.message.message_thread_id == topic  # type: ignore[union-attr]
    general = await bot.send_message(FORUM, "in General")
    assert general.message_thread_id is None and not general.is_topic_message
    assert api.violations == []


async def test_closed_and_missing_topics_are_the_bot_s_fault(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    topic = api.create_topic(FORUM, ANN, "Pigs")
    api.close_topic(FORUM, topic, by_user=ANN)
    closed = taken(api, bot)[-1].message
    assert closed is not None and closed.forum_topic_closed is not None and closed.message_thread_id == topic
    refusals = [
        (FORUM, topic, "topic_closed"),
        (FORUM, topic + 100, "message thread not found"),
        (FORUM, 1, "message thread not found"),  # General is not 1
        (GROUP, topic, "message thread not found"),  # not a forum
    ]
    for chat, thread, said in refusals:
        with pytest.raises(BadRequest) as e:
            await bot.send_message(chat, "hi", message_thread_id=thread)
        assert e.value.message.lower() == said
    assert len(api.violations) == 4 and api.faults.hits["topic_closed"] == 1
    api.reopen_topic(FORUM, topic)
    api.close_topic(FORUM)  # General
    with pytest.raises(BadRequest) as e:
        await bot.send_message(FORUM, "hi")
    assert (
        e.value.message == "Topic_closed" and api.violations[-1] == "sendMessage: Bad Request: TOPIC_CLOSED"
    )
    assert (await bot.send_message(FORUM, "hi", message_thread_id=topic)).message_thread_id == topic
    api.reopen_topic(FORUM)
    assert (await bot.send_message(FORUM, "hi")).message_thread_id is None
    assert api.faults.hits["topic_closed"] == 2 and api.faults.hits["thread_not_found"] == 3


def test_topics_only_in_forums(tg: tuple[FakeTelegram, Bot]) -> None:
    api, _ = tg
    with pytest.raises(ValueError):
        api.create_topic(GROUP, ANN, "Pigs")
    with pytest.raises(ValueError):
        api.say(ANN, FORUM, "hi", thread=12345)
    with pytest.raises(ValueError):
        api.add_group(-5, "Forum", kind="group", forum=True)


# --- chats, people joining, callback queries expiring ----------------------------------------


async def test_chat_kinds_and_people_joining(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.say(ANN, BASIC, "hi")
    api.say(ANN, GROUP, "hi")
    api.join_group(CY, GROUP)
    basic, supergroup, joined = taken(api, bot)
    assert basic.effective_chat is not None and basic.effective_chat.type == "group"
    assert supergroup.effective_chat is not None and supergroup.effective_chat.type == "supergroup"
    assert not supergroup.effective_chat.is_forum
    assert joined.message is not None and [u.id for u in joined.message.new_chat_members] == [CY]
    assert joined.message.text is None and joined.message.from_user is not None
    ids = [u.message.message_id for u in (supergroup, joined) if u.message is not None]
    assert ids == [1, 2]  # service messages are numbered with the rest
    assert (await bot.send_message(GROUP, "hi")).message_id == 3


async def test_a_callback_answered_too_late_is_refused(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    board = await bot.send_message(GROUP, "board", reply_markup=KEYS)
    slow = api.press(ANN, GROUP, board.message_id, "oink")
    await asyncio.sleep(0.15)
    await bot.answer_callback_query(slow)  # off by default: late answers work
    api.faults.callback_expiry = 0.1
    quick, late = (api.press(ANN, GROUP, board.message_id, "oink") for _ in range(2))
    await bot.answer_callback_query(quick)
    await asyncio.sleep(0.15)
    with pytest.raises(BadRequest) as e:
        await bot.answer_callback_query(late)
    assert e.value.message.startswith("Query is too old")
    assert api.violations == [] and api.faults.hits["expired"] == 1 and late not in api.answers


# --- the world on disk ------------------------------------------------------------------------


async def test_the_world_keeps_topics_migrations_and_blocks(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    topic = api.create_topic(FORUM, ANN, "Pigs")
    board = await bot.send_message(FORUM, "board", message_thread_id=topic)
    api.close_topic(FORUM)
    api.migrate(BASIC, ANN)
    api.kick_bot(GROUP, ANN)
    api.block(BOB)
    saved = api.world()
    again = FakeTelegram()
    again.load_world(saved)
    assert again.world() == saved
    assert again.chats[FORUM].topics[topic].name == "Pigs" and again.chats[FORUM].general_closed
    assert again.messages[FORUM][board.message_id].thread_id == topic and again.users[BOB].blocked
    assert again.chats[BASIC].migrated_to == -1004518 and again.chats[GROUP].bot_status == "kicked"
    assert again.create_topic(FORUM, ANN, "More") == board.message_id + 1  # ids go on


def test_a_world_saved_before_topics_loads() -> None:
    old: dict[str, Any] = {
        "users": [{"id": ANN, "name": "Ann", "lang": "en", "started": True}],
        "groups": [{"id": GROUP, "title": "Sty", "admins": [ANN]}],
        "messages": [
            {"chat": GROUP, "id": 1, "text": "board", "markup": None, "date": 1.0, "edits": 0, "html": False}
        ],
        "said": [],
        "next_ids": {str(GROUP): 2},
    }
    api = FakeTelegram()
    api.load_world(old)
    assert api.chats[GROUP].kind == "supergroup" and not api.chats[GROUP].forum
    assert api.messages[GROUP][1].thread_id is None and not api.users[ANN].blocked
    assert api.say(ANN, GROUP, "hi")["message_id"] == 2


async def test_a_server_started_again_holds_answers_again(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    await api.stop()  # lets every held or late answer go
    base = await api.start(port=api.port)
    assert base.endswith(f":{api.port}/bot")
    api.faults.late(0.3)
    started = time.monotonic()
    await bot.send_message(ANN, "late again")
    assert time.monotonic() - started >= 0.3


# --- ephemeral messages (Bot API 10.2-10.4) ---------------------------------------------------


def only_for(receiver: int, press: str | None = None, replace: bool | None = None) -> dict[str, Any]:
    """sendMessage's ephemeral_message_parameters, as a bot passes them in api_kwargs."""
    params: dict[str, Any] = {"receiver_user_id": receiver}
    if press is not None:
        params["callback_query_id"] = press
    if replace is not None:
        params["replace_callback_query_message"] = replace
    return {"ephemeral_message_parameters": params}


def texts(api: FakeTelegram, user: int, chat: int) -> list[str]:
    return [m.text for m in api.sees(user, chat)]


async def test_an_ephemeral_message_is_seen_by_its_receiver_only(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.chats[GROUP].admins.add(api.bot_id)  # an admin bot: to anyone, at any time
    await bot.send_message(GROUP, "board")
    sent = await bot.send_message(GROUP, "your hand", reply_markup=KEYS, api_kwargs=only_for(CY))
    assert sent.message_id == 0 and sent.chat.id == GROUP and sent.text == "your hand"
    assert sent.api_kwargs["ephemeral_message_id"] == 1
    assert sent.api_kwargs["receiver_user"]["id"] == CY  # who never opened the bot: fine
    assert texts(api, CY, GROUP) == ["board", "your hand"]
    assert texts(api, ANN, GROUP) == texts(api, BOB, GROUP) == ["board"]
    assert [e.text for e in api.seen_ephemerals(CY, GROUP)] == ["your hand"]
    assert len(api.sent_at[GROUP]) == 2  # counted as the group's messages
    assert api.violations == []


async def test_a_press_on_an_ephemeral_message_is_a_callback_query_in_the_group(
    tg: tuple[FakeTelegram, Bot],
) -> None:
    api, bot = tg
    api.chats[GROUP].admins.add(api.bot_id)
    sent = await bot.send_message(GROUP, "hand", reply_markup=KEYS, api_kwargs=only_for(BOB))
    eid = sent.api_kwargs["ephemeral_message_id"]
    api.press_ephemeral(BOB, GROUP, eid, "oink")
    (update,) = taken(api, bot)
    query = update.callback_query
    assert query is not None and query.from_user.id == BOB and query.data == "oink"
    assert query.message is not None and query.message.message_id == 0 and query.message.chat.id == GROUP
    assert query.message.api_kwargs["ephemeral_message_id"] == eid
    with pytest.raises(ValueError):  # nobody else sees it, so nobody else presses it
        api.press_ephemeral(ANN, GROUP, eid, "oink")
    await bot.answer_callback_query(query.id)
    assert api.violations == []


async def test_a_bot_that_is_not_an_admin_has_15_seconds_after_a_press(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    board = await bot.send_message(GROUP, "board", reply_markup=KEYS)
    with pytest.raises(BadRequest, match=r"(?i)not enough rights"):  # no press to answer
        await bot.send_message(GROUP, "hand", api_kwargs=only_for(ANN))
    ann = api.press(ANN, GROUP, board.message_id, "oink")
    with pytest.raises(BadRequest):  # Ann's press lets the bot write to Ann only
        await bot.send_message(GROUP, "hand", api_kwargs=only_for(BOB, ann))
    sent = await bot.send_message(GROUP, "hand", api_kwargs=only_for(ANN, ann))
    assert texts(api, ANN, GROUP) == ["board", "hand"]
    assert len(api.violations) == 2  # both the bot's fault
    api.ephemeral_window = 0.0  # the press is older than the window now
    with pytest.raises(BadRequest, match="too old"):
        await bot.send_message(GROUP, "again", api_kwargs=only_for(ANN, ann))
    assert len(api.violations) == 2 and api.faults.hits["ephemeral_late"] == 1  # a slow bot: excused
    # an edit is not bound to the window (inferred)
    assert await bot.do_api_request(
        "editEphemeralMessageText",
        api_kwargs={
            "chat_id": GROUP,
            "receiver_user_id": ANN,
            "ephemeral_message_id": sent.api_kwargs["ephemeral_message_id"],
            "text": "hand, later",
        },
    )
    api.chats[GROUP].admins.add(api.bot_id)  # promoted: any time, with no press
    await bot.send_message(GROUP, "any time", api_kwargs=only_for(BOB))
    assert texts(api, BOB, GROUP) == ["board", "any time"]


async def test_ephemeral_messages_are_for_groups_and_their_people(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    for chat in (GROUP, BASIC):
        api.chats[chat].admins.add(api.bot_id)
    with pytest.raises(BadRequest, match="private chats"):
        await bot.send_message(ANN, "hand", api_kwargs=only_for(ANN))
    for receiver in (api.bot_id, 9999):  # a bot (itself), a stranger
        with pytest.raises(BadRequest, match=r"(?i)user not found"):
            await bot.send_message(GROUP, "hand", api_kwargs=only_for(receiver))
    assert len(api.violations) == 3
    api.leave_group(BOB, GROUP)
    with pytest.raises(BadRequest, match=r"(?i)USER_NOT_PARTICIPANT"):  # left: nobody's fault
        await bot.send_message(GROUP, "hand", api_kwargs=only_for(BOB))
    assert len(api.violations) == 3
    api.join_group(BOB, GROUP)
    await bot.send_message(GROUP, "hand", api_kwargs=only_for(BOB))
    await bot.send_message(BASIC, "hand", api_kwargs=only_for(BOB))  # a basic group too
    assert texts(api, BOB, BASIC) == ["hand"] and api.messages[ANN] == {}


async def test_ephemeral_messages_in_forum_topics(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.chats[FORUM].admins.add(api.bot_id)
    topic = api.create_topic(FORUM, ANN, "Svintus")
    sent = await bot.send_message(FORUM, "hand", message_thread_id=topic, api_kwargs=only_for(BOB))
    assert sent.message_thread_id == topic and sent.is_topic_message
    assert [(e.text, e.thread_id) for e in api.seen_ephemerals(BOB, FORUM)] == [("hand", topic)]
    with pytest.raises(BadRequest, match=r"(?i)message thread not found"):
        await bot.send_message(FORUM, "hand", message_thread_id=topic + 50, api_kwargs=only_for(BOB))
    api.close_topic(FORUM, topic)
    with pytest.raises(BadRequest, match=r"(?i)TOPIC_CLOSED"):
        await bot.send_message(FORUM, "hand", message_thread_id=topic, api_kwargs=only_for(BOB))


async def test_ephemeral_edits_and_deletes_are_checked_as_ordinary_ones(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.chats[GROUP].admins.add(api.bot_id)
    sent = await bot.send_message(GROUP, "hand", api_kwargs=only_for(BOB))
    names = {
        "chat_id": GROUP,
        "receiver_user_id": BOB,
        "ephemeral_message_id": sent.api_kwargs["ephemeral_message_id"],
    }
    edit = "editEphemeralMessageText"
    await bot.do_api_request(edit, api_kwargs={**names, "text": "<b>hand</b>", "parse_mode": "HTML"})
    assert api.seen_ephemerals(BOB, GROUP)[0].edits == 1
    for text, markup, why in (
        ("<b>hand</b>", None, "message is not modified"),
        ("<b>hand", None, "can't parse entities"),
        ("x" * 4097, None, "message is too long"),
        ("hand", {"inline_keyboard": [[{"text": "Oink", "callback_data": "o" * 65}]]}, "BUTTON_DATA_INVALID"),
    ):
        with pytest.raises(BadRequest, match=r"(?i)" + why):
            kwargs = {**names, "text": text, "parse_mode": "HTML"}
            await bot.do_api_request(edit, api_kwargs=kwargs | ({"reply_markup": markup} if markup else {}))
    await bot.do_api_request("editEphemeralMessageReplyMarkup", api_kwargs={**names, "reply_markup": KEYS})
    assert api.seen_ephemerals(BOB, GROUP)[0].markup == KEYS.to_dict()
    with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
        await bot.do_api_request(
            "editEphemeralMessageReplyMarkup", api_kwargs={**names, "reply_markup": KEYS}
        )
    wrong = {**names, "receiver_user_id": ANN}  # an ephemeral message is found by its receiver too
    with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
        await bot.do_api_request(edit, api_kwargs={**wrong, "text": "x"})
    assert await bot.do_api_request("deleteEphemeralMessage", api_kwargs=names) is True
    assert api.sees(BOB, GROUP) == []
    with pytest.raises(BadRequest, match=r"(?i)message to delete not found"):
        await bot.do_api_request("deleteEphemeralMessage", api_kwargs=names)
    assert len(api.sent_at[GROUP]) == 3  # the send and two edits count in the group's limit


async def test_ephemeral_messages_count_in_the_group_s_limit() -> None:
    api = FakeTelegram(group_limit=3)
    api.add_user(ANN, "Ann")
    api.add_group(GROUP, "Sty", admins={api.bot_id})
    bot = Bot(api.token, base_url=await api.start())
    await bot.initialize()
    try:
        await bot.send_message(GROUP, "board")
        await bot.send_message(GROUP, "hand", api_kwargs=only_for(ANN))
        await bot.send_message(GROUP, "hand 2", api_kwargs=only_for(ANN))
        with pytest.raises(RetryAfter):
            await bot.send_message(GROUP, "hand 3", api_kwargs=only_for(ANN))
        assert api.too_many_by["group"] == 1 and texts(api, ANN, GROUP) == ["board", "hand", "hand 2"]
    finally:
        await bot.shutdown()
        await api.stop()


async def test_a_client_that_drops_ephemeral_messages(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.chats[GROUP].admins.add(api.bot_id)
    kept = await bot.send_message(GROUP, "kept", api_kwargs=only_for(ANN))
    api.faults.drop_ephemerals(BOB)
    lost = await bot.send_message(GROUP, "hand", api_kwargs=only_for(BOB))  # Telegram cannot tell
    assert lost.api_kwargs["ephemeral_message_id"] and api.sees(BOB, GROUP) == []
    names = {
        "chat_id": GROUP,
        "receiver_user_id": BOB,
        "ephemeral_message_id": lost.api_kwargs["ephemeral_message_id"],
    }
    with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
        await bot.do_api_request("editEphemeralMessageText", api_kwargs={**names, "text": "again"})
    api.faults.drop_ephemerals(BOB, dropping=False)
    await bot.send_message(GROUP, "hand", api_kwargs=only_for(BOB))
    assert texts(api, BOB, GROUP) == ["hand"]
    api.restart_app(ANN)  # they may vanish when the app restarts
    assert api.sees(ANN, GROUP) == []
    names = {
        "chat_id": GROUP,
        "receiver_user_id": ANN,
        "ephemeral_message_id": kept.api_kwargs["ephemeral_message_id"],
    }
    with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
        await bot.do_api_request("editEphemeralMessageText", api_kwargs={**names, "text": "again"})
    assert api.violations == [] and api.faults.hits["ephemeral_lost"] == 2  # not the bot's fault


async def test_an_ephemeral_message_in_place_of_the_pressed_one(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    board = await bot.send_message(GROUP, "board", reply_markup=KEYS)
    ann = api.press(ANN, GROUP, board.message_id, "oink")
    sent = await bot.send_message(GROUP, "hand", reply_markup=KEYS, api_kwargs=only_for(ANN, ann, True))
    assert texts(api, ANN, GROUP) == ["hand"] and texts(api, BOB, GROUP) == ["board"]
    again = api.press_ephemeral(ANN, GROUP, sent.api_kwargs["ephemeral_message_id"], "oink")
    with pytest.raises(BadRequest, match="editing that message"):  # documented: edit it instead
        await bot.send_message(GROUP, "hand", api_kwargs=only_for(ANN, again, True))


async def test_buttons_styled_and_disabled(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    keys = InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton("Play", callback_data="p", style="success"),
                InlineKeyboardButton("Wait", callback_data="w", api_kwargs={"disabled": True}),
            ]
        ]
    )
    sent = await bot.send_message(GROUP, "board", reply_markup=keys)
    assert api.every_button(api.messages[GROUP][sent.message_id]) == [
        {"text": "Play", "callback_data": "p", "style": "success"},
        {"text": "Wait", "callback_data": "w", "disabled": True},
    ]
    for bad in (
        InlineKeyboardButton("Play", callback_data="p", style="purple"),
        InlineKeyboardButton("Wait", callback_data="w", api_kwargs={"disabled": "yes"}),
    ):
        with pytest.raises(BadRequest):
            await bot.send_message(GROUP, "board", reply_markup=InlineKeyboardMarkup([[bad]]))
    assert len(api.violations) == 2


async def test_the_world_keeps_ephemeral_messages(tg: tuple[FakeTelegram, Bot]) -> None:
    api, bot = tg
    api.chats[GROUP].admins.add(api.bot_id)
    await bot.send_message(GROUP, "hand", api_kwargs=only_for(BOB))
    api.leave_group(CY, GROUP)
    again = FakeTelegram()
    again.load_world(json.loads(json.dumps(api.world())))
    assert [(e.text, e.ephemeral_id) for e in again.seen_ephemerals(BOB, GROUP)] == [("hand", 1)]
    assert again.chats[GROUP].gone == {CY}
    again.chats[GROUP].admins.add(again.bot_id)
    base = await again.start()
    other = Bot(again.token, base_url=base)
    await other.initialize()
    try:
        sent = await other.send_message(GROUP, "next", api_kwargs=only_for(BOB))
        assert sent.api_kwargs["ephemeral_message_id"] == 2  # numbered on, not from 1 again
    finally:
        await other.shutdown()
        await again.stop()
