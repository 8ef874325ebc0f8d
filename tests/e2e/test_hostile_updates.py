"""The update handlers under whatever Telegram may send (issue 47), through the real bot
process: callback data of any bytes up to 64, commands with any arguments in every kind
of chat (private, group, supergroup, channel), edited messages, messages sent as a
channel or by an anonymous admin, service messages.

Each gets a localized reply or nothing: no locale key shows through, the game at the
table is as it was, and the log holds no traceback and no error."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.handlers import COMMANDS
from bot.playground.botapi import FakeTelegram
from tests.e2e.conftest import ROOT, BotProcess
from tests.e2e.telegram import greet, open_game, session_of
from tests.e2e.test_telegram import ANN, BOB, GROUP, world

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
EVE, YANA = 9003, 9010  # at no table: Eve in English, Yana in Russian
OTHER = -4_009_011  # a basic group without a game
CHANNEL = -1_009_012  # a channel the bot is in
ANONYMOUS = 1_087_968_824  # GroupAnonymousBot: what an anonymous admin writes as
CHANNEL_BOT = 136_817_688  # Channel_Bot: what a message sent as a channel comes from
KEYS = sorted(
    {
        m
        for f in (ROOT / "locales").glob("*/*.ftl")
        for m in re.findall(r"^([a-z][a-z0-9-]*) =", f.read_text(), re.M)
    }
)
KEY = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, KEYS)) + r")(?![\w-])")

NAMES = st.sampled_from([*COMMANDS, "start", "animal", "new@svintus_test_bot", "x", "NEW", "start@other_bot"])
ARGS = st.text(max_size=80)
WORDS = st.sampled_from(["svintus", "dobble", "candy", "smashup", "join_-100901", "join_x", "en", "ru", "-"])


def callback_data() -> st.SearchStrategy[str]:
    """Any 1 to 64 bytes (those that are no UTF-8 as lone surrogates), any text of 1 to 64
    bytes, and strings of the buttons' own grammar with odd parts."""
    part = st.one_of(st.text(max_size=10), st.integers().map(str), st.just(str(GROUP)), st.just("-"))
    kinds = st.sampled_from(["a", "s", "p", "l", "o", "n", "r", "L", "f", "x", ""])
    framed = st.tuples(kinds, part, part, part, part).map("|".join)
    raw = st.binary(min_size=1, max_size=64).map(lambda b: b.decode("utf-8", "surrogateescape"))
    text = (st.text(min_size=1, max_size=64) | framed).filter(lambda d: 0 < len(d.encode()) <= 64)
    return raw | text


async def hostile_table(api: FakeTelegram, bot_factory: Any) -> BotProcess:
    t = world(api)
    api.add_user(EVE, "Eve", "en")
    api.add_user(YANA, "Яна", "ru")
    api.add_user(ANONYMOUS, "Group", "en")
    api.add_user(CHANNEL_BOT, "Channel", "en")
    api.add_group(OTHER, "Elsewhere", kind="group")
    api.add_group(CHANNEL, "News")
    bot = await bot_factory(env={"NUDGE_AFTER_MS": "3600000"})  # (no nudge changes the session)
    await greet(t, (ANN, BOB, EVE, YANA))
    await open_game(t, ANN, BOB)
    await api.quiet(0.5)
    return bot


def sender(api: FakeTelegram, who: int, chat: dict[str, Any]) -> dict[str, Any]:
    """Who a message comes from: a person, an anonymous admin (as the group) or a channel."""
    if who == ANONYMOUS:
        return {"from": {"id": ANONYMOUS, "is_bot": True, "first_name": "Group"}, "sender_chat": chat}
    if who == CHANNEL_BOT:
        news = {"id": CHANNEL, "type": "channel", "title": "News"}
        return {"from": {"id": CHANNEL_BOT, "is_bot": True, "first_name": "Channel"}, "sender_chat": news}
    return {"from": api.users[who].as_dict()}


def message(api: FakeTelegram, chat_id: int, **fields: Any) -> dict[str, Any]:
    chat = (
        {"id": CHANNEL, "type": "channel", "title": "News"} if chat_id == CHANNEL else api._chat_dict(chat_id)
    )
    return {"message_id": api._new_id(chat_id), "date": int(time.time()), "chat": chat, **fields}


def command(text: str) -> dict[str, Any]:
    length = len(text.split(" ", 1)[0])
    return {"text": text, "entities": [{"type": "bot_command", "offset": 0, "length": length}]}


async def test_hostile_updates_get_a_localized_reply_or_nothing_and_change_no_game(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    bot = await hostile_table(api, bot_factory)
    loop = asyncio.get_running_loop()
    before = (await session_of(redis_url, GROUP)).model_dump_json()
    board = api.messages[GROUP]
    hand = max(api.messages[ANN])  # Ann's hand message
    queries: list[str] = []
    seen = {chat: len(api.messages.get(chat, {})) for chat in (GROUP, OTHER, EVE, YANA, ANN, BOB)}

    def push(update: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(api.push, update)

    @FUZZ
    @given(
        data=callback_data(),
        who=st.sampled_from([EVE, YANA, ANN]),
        on=st.sampled_from(["board", "hand", "gone"]),
    )
    @example(data="a|-100901|x|y|z", who=EVE, on="board")
    @example(data="\udcff", who=YANA, on="board")
    def presses(data: str, who: int, on: str) -> None:
        if who == ANN and data.count("|") >= 4:
            return  # (a player's own well-formed press may well be a move)
        chat, msg = {"board": (GROUP, max(board)), "hand": (ANN, hand), "gone": (GROUP, 999_999)}[on]
        queries.append(asyncio.run_coroutine_threadsafe(_press(api, who, chat, msg, data), loop).result(10))

    @FUZZ
    @given(
        name=NAMES,
        args=st.lists(WORDS | ARGS, max_size=3),
        where=st.sampled_from([GROUP, OTHER, "private", CHANNEL]),
        who=st.sampled_from([EVE, YANA, ANONYMOUS, CHANNEL_BOT]),
        edited=st.booleans(),
    )
    @example(name="stop", args=[], where=GROUP, who=ANONYMOUS, edited=False)
    @example(name="new", args=["svintus"], where=CHANNEL, who=EVE, edited=False)
    def commands(name: str, args: list[str], where: int | str, who: int, edited: bool) -> None:
        text = " ".join([f"/{name}", *args])
        if where == CHANNEL:  # a channel's post: from nobody
            update = {"channel_post": message(api, CHANNEL, **command(text))}
        else:
            chat_id = (
                who if where == "private" and who in (EVE, YANA) else GROUP if where == "private" else where
            )
            chat = api._chat_dict(int(chat_id))
            body = message(api, int(chat_id), **sender(api, who, chat), **command(text))
            update = {"edited_message" if edited else "message": body}
        push(update)

    @FUZZ
    @given(
        text=st.sampled_from(["/stop", "/leave", "/new dobble", "/board", "hello"]) | ARGS,
        who=st.sampled_from([ANN, BOB]),
        where=st.sampled_from([GROUP, ANN]),
    )
    @example(text="/stop", who=ANN, where=GROUP)
    @example(text="/leave", who=BOB, where=GROUP)
    def edits(text: str, who: int, where: int) -> None:
        """A player edits an old message of theirs (into a command, too): an edit is no new message."""
        chat = where if where < 0 else who
        body = message(api, chat, **sender(api, who, api._chat_dict(chat)), **command(text))
        body["edit_date"] = int(time.time())
        push({"edited_message": body})

    @FUZZ
    @given(
        fields=st.sampled_from(
            [
                {"new_chat_members": [{"id": EVE, "is_bot": False, "first_name": "Eve"}]},
                {"left_chat_member": {"id": BOB, "is_bot": False, "first_name": "Bob"}},
                {"new_chat_title": "Renamed"},
                {"new_chat_photo": []},
                {"delete_chat_photo": True},
                {"group_chat_created": True},
                {"pinned_message": {"message_id": 1, "date": 0, "chat": {"id": GROUP, "type": "supergroup"}}},
                {"message_auto_delete_timer_changed": {"message_auto_delete_time": 86400}},
                {"video_chat_started": {}},
                {"forum_topic_created": {"name": "x", "icon_color": 7322096}},
            ]
        ),
        who=st.sampled_from([ANN, BOB, EVE, ANONYMOUS]),
    )
    def services(fields: dict[str, Any], who: int) -> None:
        push({"message": message(api, GROUP, **sender(api, who, api._chat_dict(GROUP)), **fields)})

    for fuzz in (presses, commands, edits, services):
        await asyncio.to_thread(fuzz)
    answers = [await api.answer_of(q, timeout=20) for q in queries]  # every press answered
    await api.quiet(1.0)
    after = json.loads((await session_of(redis_url, GROUP)).model_dump_json())
    changed = {k: (v, after.get(k)) for k, v in json.loads(before).items() if after.get(k) != v}
    assert not changed, changed  # no game changed
    said = [a["text"] for a in answers]
    said += [m.text for chat, n in seen.items() for m in list(api.messages.get(chat, {}).values())[n:]]
    assert not [s for s in said if KEY.search(s)], [s for s in said if KEY.search(s)][:3]
    russian = [m.text for m in list(api.messages[YANA].values())[seen[YANA] :]]
    assert all(re.search("[а-яё]", s, re.I) for s in russian), russian[:3]  # in her language
    assert api.violations == [], api.violations[:5]
    text = bot.log()
    assert "Traceback" not in text, text[-3000:]
    assert " ERROR " not in text, [line for line in text.splitlines() if " ERROR " in line][:5]


async def _press(api: FakeTelegram, who: int, chat: int, msg: int, data: str) -> str:
    return api.press(who, chat, msg, data)
