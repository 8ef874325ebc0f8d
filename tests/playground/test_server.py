"""The playground's server without a browser: its Bot API refuses strangers, its page
serves nothing but its own files, and what a person does on the page becomes the
update Telegram would send (and the bot's answer comes back)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from bot.playground.server import GROUP, WEB, Playground, loopback, page_words, serving
from bot.send_rates import TELEGRAM

ANN, BORIS = 1001, 1002


@pytest.fixture
async def pg() -> AsyncIterator[tuple[Playground, TestClient[Any, Any]]]:
    playground = Playground(TELEGRAM, "en")
    client: TestClient[Any, Any] = TestClient(TestServer(playground.app()))
    await client.start_server()
    yield playground, client
    await client.close()


async def bot_call(client: TestClient[Any, Any], token: str, method: str, **params: Any) -> tuple[int, Any]:
    r = await client.post(f"/bot{token}/{method}", json=params)
    return r.status, await r.json() if r.content_type == "application/json" else await r.text()


async def test_the_bot_api_answers_only_its_own_token(pg: tuple[Playground, TestClient[Any, Any]]) -> None:
    playground, client = pg
    status, body = await bot_call(client, playground.token, "getMe")
    assert status == 200 and body["result"]["username"] == "playground_referee_bot"
    bot_id = playground.token.split(":")[0]
    for token in (f"{bot_id}:not-the-secret", "123456:TEST", playground.token + "x", ""):
        status, body = await bot_call(client, token, "getMe")
        assert status in (401, 404), token  # 404: no token at all
        assert status == 404 or body == {"ok": False, "error_code": 401, "description": "Unauthorized"}
    # the token is new every run: another playground's is refused too
    assert Playground(TELEGRAM, "en").token != playground.token


async def test_the_page_and_its_files_are_served_and_nothing_else(
    pg: tuple[Playground, TestClient[Any, Any]],
) -> None:
    _, client = pg
    r = await client.get("/")
    assert r.status == 200 and r.content_type == "text/html"
    assert "/assets/app.js" in await r.text()
    for name, kind in (
        ("app.js", "text/javascript"),
        ("style.css", "text/css"),
        ("i18n.json", "application/json"),
    ):
        r = await client.get(f"/assets/{name}")
        assert r.status == 200 and r.content_type == kind, name
        assert await r.read() == (WEB / name).read_bytes()
    secret = Path(__file__).resolve().parents[2] / "bot" / "playground" / "server.py"
    assert secret.exists()
    for path in (
        "/assets/../server.py",
        "/assets/..%2fserver.py",
        "/assets/%2e%2e%2fserver.py",
        "/assets/%2e%2e/%2e%2e/settings.py",
        "/assets/..%5cserver.py",
        "/assets/",
        "/assets/web",
        "/assets/.",
        "/assets/__init__.py",
        "/../bot/settings.py",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/assets//etc/passwd",
        "/assets/%2fetc%2fpasswd",
    ):
        r = await client.get(URL(path, encoded=True))
        body = await r.read()
        assert r.status == 404, (path, r.status)
        assert b"import" not in body and b"root:" not in body, path


async def test_endpoints_take_json_only(pg: tuple[Playground, TestClient[Any, Any]]) -> None:
    playground, client = pg
    r = await client.post("/api/say", data={"user": str(ANN), "chat": str(GROUP), "text": "/new"})
    assert r.status == 415  # a form another web site posts never reaches the bot
    r = await client.post("/api/say", data=b"not json", headers={"Content-Type": "application/json"})
    assert r.status == 400
    assert playground.api.updates == []


async def test_a_typed_message_is_the_update_telegram_sends(
    pg: tuple[Playground, TestClient[Any, Any]],
) -> None:
    playground, client = pg
    r = await client.post("/api/say", json={"user": ANN, "chat": GROUP, "text": " /new dobble "})
    assert r.status == 200
    said = await r.json()
    assert said["text"] == "/new dobble" and said["from"] == ANN and said["name"] == "Ann"
    [update] = playground.api.updates
    message = update["message"]
    assert message["chat"] == {"id": GROUP, "type": "supergroup", "title": "Playground"}
    assert message["from"] == {"id": ANN, "is_bot": False, "first_name": "Ann", "language_code": "en"}
    assert message["entities"] == [{"type": "bot_command", "offset": 0, "length": 4}]
    # a private chat is its owner's alone; nobody says nothing; no stranger speaks
    for body in (
        {"user": ANN, "chat": BORIS, "text": "hi"},
        {"user": ANN, "chat": GROUP, "text": "   "},
        {"user": 99, "chat": GROUP, "text": "hi"},
        {"user": ANN, "chat": GROUP, "text": "x" * 4097},
    ):
        r = await client.post("/api/say", json=body)
        assert r.status == 400, body
    assert len(playground.api.updates) == 1
    # opening one's private chat is what lets the bot write to a person
    assert not playground.api.users[BORIS].started
    r = await client.post("/api/say", json={"user": BORIS, "chat": BORIS, "text": "/start join_-1"})
    assert r.status == 200 and playground.api.users[BORIS].started
    state = await (await client.get("/api/state")).json()
    assert [m["text"] for m in state["chats"][str(GROUP)]] == ["/new dobble"]
    assert [m["text"] for m in state["chats"][str(BORIS)]] == ["/start join_-1"]
    assert [p["started"] for p in state["people"]] == [False, True]


async def test_a_press_is_a_callback_query_and_its_answer_comes_back(
    pg: tuple[Playground, TestClient[Any, Any]],
) -> None:
    playground, client = pg
    token = playground.token
    keyboard = {"inline_keyboard": [[{"text": "🙋 Join", "callback_data": "l|1|j"}]]}
    status, body = await bot_call(
        client,
        token,
        "sendMessage",
        chat_id=GROUP,
        text="<b>Lobby</b>",
        parse_mode="HTML",
        reply_markup=keyboard,
    )
    assert status == 200
    mid = body["result"]["message_id"]
    state = await (await client.get("/api/state")).json()
    [shown] = state["chats"][str(GROUP)]
    assert shown["html"] and shown["text"] == "<b>Lobby</b>"
    assert shown["buttons"] == [[{"text": "🙋 Join", "data": "l|1|j"}]]

    press = asyncio.create_task(
        client.post("/api/press", json={"user": BORIS, "chat": GROUP, "message": mid, "data": "l|1|j"})
    )
    while not playground.api.updates:
        await asyncio.sleep(0.01)
    query = playground.api.updates[-1]["callback_query"]
    assert query["from"]["id"] == BORIS and query["data"] == "l|1|j"
    assert query["message"]["message_id"] == mid and query["message"]["chat"]["id"] == GROUP
    link = "https://t.me/playground_referee_bot?start=join_1"
    status, _ = await bot_call(
        client, token, "answerCallbackQuery", callback_query_id=query["id"], text="Open our chat", url=link
    )
    assert status == 200
    answer = await (await press).json()
    assert answer == {"text": "Open our chat", "show_alert": False, "url": link}

    # only a button the message shows can be pressed, in a chat of the presser's
    for body in (
        {"user": BORIS, "chat": GROUP, "message": mid, "data": "l|1|g"},
        {"user": BORIS, "chat": GROUP, "message": mid + 1, "data": "l|1|j"},
        {"user": BORIS, "chat": ANN, "message": mid, "data": "l|1|j"},
    ):
        r = await client.post("/api/press", json=body)
        assert r.status == 400, body


async def test_telegram_refusals_stay(pg: tuple[Playground, TestClient[Any, Any]]) -> None:
    playground, client = pg
    token = playground.token
    status, body = await bot_call(client, token, "sendMessage", chat_id=ANN, text="hello")
    assert status == 403 and "can't initiate" in body["description"]
    long = {"inline_keyboard": [[{"text": "x", "callback_data": "x" * 65}]]}
    status, _ = await bot_call(client, token, "sendMessage", chat_id=GROUP, text="x", reply_markup=long)
    assert status == 400
    status, _ = await bot_call(
        client, token, "sendMessage", chat_id=GROUP, text="<script>x</script>", parse_mode="HTML"
    )
    assert status == 400
    status, body = await bot_call(client, token, "sendMessage", chat_id=GROUP, text="once")
    mid = body["result"]["message_id"]
    status, body = await bot_call(
        client, token, "editMessageText", chat_id=GROUP, message_id=mid, text="once"
    )
    assert status == 400 and "not modified" in body["description"]
    for _ in range(TELEGRAM.group_limit):  # Telegram's flood limit in a group: 20 a minute
        status, body = await bot_call(client, token, "sendMessage", chat_id=GROUP, text="more")
    assert status == 429 and body["parameters"]["retry_after"] > 0


async def test_people_are_added_renamed_and_speak_their_language(
    pg: tuple[Playground, TestClient[Any, Any]],
) -> None:
    playground, client = pg
    r = await client.post("/api/people", json={"lang": "ru"})
    carl = await r.json()
    assert carl == {"id": 1003, "name": "Вика", "lang": "ru", "started": False}
    r = await client.post("/api/people", json={"name": " Dana ", "lang": "en"})
    assert (await r.json())["name"] == "Dana"
    r = await client.post(f"/api/people/{ANN}", json={"name": "Anna", "lang": "ru"})
    assert await r.json() == {"id": ANN, "name": "Anna", "lang": "ru", "started": False}
    playground.api.say(ANN, GROUP, "/help")
    assert playground.api.updates[-1]["message"]["from"] == {
        "id": ANN,
        "is_bot": False,
        "first_name": "Anna",
        "language_code": "ru",
    }
    for path, body in (
        ("/api/people", {"name": ""}),
        ("/api/people", {"name": "x" * 65}),
        ("/api/people", {"lang": "de"}),
        (f"/api/people/{ANN}", {"lang": 1}),
        ("/api/people/4242", {"name": "Nobody"}),
        ("/api/people/abc", {"name": "Nobody"}),
    ):
        r = await client.post(path, json=body)
        assert r.status == 400, (path, body)
    # everybody in the group may /stop a table: it is one person's playground
    _, body = await bot_call(client, playground.token, "getChatMember", chat_id=GROUP, user_id=carl["id"])
    assert body["result"]["status"] == "administrator"


async def test_the_page_follows_the_chats_live(pg: tuple[Playground, TestClient[Any, Any]]) -> None:
    playground, client = pg
    events = await client.get("/api/events")
    assert events.content_type == "text/event-stream"

    async def next_event() -> dict[str, Any]:
        while True:
            line = (await asyncio.wait_for(events.content.readline(), 5)).decode()
            if line.startswith("data: "):
                event: dict[str, Any] = json.loads(line[6:])
                return event

    await client.post("/api/say", json={"user": ANN, "chat": GROUP, "text": "/new"})
    said = await next_event()
    assert said["type"] == "message" and said["chat"] == GROUP and said["message"]["text"] == "/new"
    _, body = await bot_call(client, playground.token, "sendMessage", chat_id=GROUP, text="Pick a game")
    shown = await next_event()
    assert shown["message"] == {**shown["message"], "from": "bot", "text": "Pick a game", "edits": 0}
    mid = body["result"]["message_id"]
    await bot_call(client, playground.token, "editMessageText", chat_id=GROUP, message_id=mid, text="Dobble")
    edited = await next_event()
    assert edited["message"]["id"] == mid and edited["message"]["edits"] == 1
    await bot_call(client, playground.token, "deleteMessage", chat_id=GROUP, message_id=mid)
    assert await next_event() == {"type": "deleted", "chat": GROUP, "id": mid}
    assert [m["text"] for m in playground.state()["chats"][str(GROUP)]] == ["/new"]
    await client.post(f"/api/people/{BORIS}", json={"name": "Bob"})
    people = await next_event()
    assert people["type"] == "people" and [p["name"] for p in people["people"]] == ["Ann", "Bob"]
    events.close()


def test_the_page_has_every_word_in_both_languages() -> None:
    words = page_words()
    assert set(words) == {"en", "ru"}
    assert set(words["en"]) == set(words["ru"])
    used = set(re.findall(r'\bt\("(\w+)"', (WEB / "app.js").read_text()))
    used |= set(re.findall(r'data-t="(\w+)"', (WEB / "index.html").read_text()))
    assert used and used <= set(words["en"]), used - set(words["en"])
    for lang in words.values():  # every placeholder of a word is the same in both languages
        for key, text in lang.items():
            if isinstance(text, str):
                assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", words["en"][key]))


async def test_the_chats_outlive_a_restart(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The bot's games are in Redis across a restart; the chats they are drawn in are kept too."""
    saved = tmp_path / "chats.json"
    first = Playground(TELEGRAM, "en", saved=saved)
    client: TestClient[Any, Any] = TestClient(TestServer(first.app()))
    await client.start_server()
    await client.post("/api/people/1002", json={"name": "Bob", "lang": "ru"})
    await client.post("/api/say", json={"user": ANN, "chat": ANN, "text": "/start"})
    keyboard = {"inline_keyboard": [[{"text": "🙋 Join", "callback_data": "l|1|j"}]]}
    _, body = await bot_call(
        client, first.token, "sendMessage", chat_id=GROUP, text="Lobby", reply_markup=keyboard
    )
    await bot_call(
        client,
        first.token,
        "editMessageText",
        chat_id=GROUP,
        message_id=1,
        text="<b>Lobby</b>",
        parse_mode="HTML",
    )
    before = first.state()
    await client.close()  # saves on the way out
    assert saved.exists()

    again = Playground(TELEGRAM, "en", saved=saved)
    after = again.state()
    assert (
        after["people"]
        == before["people"]
        == [
            {"id": ANN, "name": "Ann", "lang": "en", "started": True},
            {"id": BORIS, "name": "Bob", "lang": "ru", "started": False},
        ]
    )
    assert after["chats"] == before["chats"]
    assert again.token != first.token
    client = TestClient(TestServer(again.app()))
    await client.start_server()
    _, body = await bot_call(client, again.token, "sendMessage", chat_id=GROUP, text="next")
    assert body["result"]["message_id"] == 2  # numbering goes on
    status, _ = await bot_call(client, again.token, "sendMessage", chat_id=ANN, text="still open")
    assert status == 200
    await client.close()

    saved.write_text("{not json")
    with caplog.at_level("WARNING"):
        fresh = Playground(TELEGRAM, "en", saved=saved)
    assert "starting afresh" in caplog.text
    assert [p["name"] for p in fresh.state()["people"]] == ["Ann", "Boris"]


async def test_the_first_visit_seats_two_people_in_the_browsers_language() -> None:
    playground = Playground(TELEGRAM, "en", people=0)
    client: TestClient[Any, Any] = TestClient(TestServer(playground.app()))
    await client.start_server()
    assert (await (await client.get("/api/state")).json())["people"] == []
    state = await (await client.post("/api/welcome", json={"lang": "ru"})).json()
    assert [(p["name"], p["lang"]) for p in state["people"]] == [("Аня", "ru"), ("Борис", "ru")]
    assert state["group"]["title"] == "Песочница"
    # a second tab's visit (in English) finds them there
    again = await (await client.post("/api/welcome", json={"lang": "en"})).json()
    assert again["people"] == state["people"]
    await client.close()


async def test_on_loopback_it_answers_to_loopback_names_only() -> None:
    """A web site that points its own name at 127.0.0.1 (DNS rebinding) gets nothing."""
    import aiohttp

    from tests.e2e.conftest import free_port

    assert loopback("127.0.0.1") and loopback("::1") and loopback("[::1]") and loopback("localhost")
    assert not loopback("0.0.0.0") and not loopback("192.168.1.5")
    playground = Playground(TELEGRAM, "en")
    port = free_port()
    async with serving(playground, "127.0.0.1", port) as base, aiohttp.ClientSession() as http:
        assert base == f"http://127.0.0.1:{port}/bot"
        for name in ("127.0.0.1", "localhost"):
            async with http.get(
                f"http://127.0.0.1:{port}/api/state", headers={"Host": f"{name}:{port}"}
            ) as r:
                assert r.status == 200, name
        for name in ("evil.example", "127.0.0.1.evil.example"):
            async with http.get(
                f"http://127.0.0.1:{port}/api/state", headers={"Host": f"{name}:{port}"}
            ) as r:
                assert r.status == 403, name
            async with http.post(
                f"http://127.0.0.1:{port}/api/say",
                json={"user": ANN, "chat": GROUP, "text": "/new"},
                headers={"Host": name},
            ) as r:
                assert r.status == 403
        assert playground.api.updates == []


async def test_a_restarted_playground_never_gives_a_press_an_id_given_before(tmp_path: Path) -> None:
    """Telegram's callback query ids are unique: the bot keeps the ones it answered for a
    day, so a playground that numbered presses from 1 again after a restart would have
    every press taken for an old one (and dropped)."""
    saved = tmp_path / "chats.json"
    first = Playground(TELEGRAM, "en", saved=saved)
    before = {first.api.press(ANN, GROUP, 1, "l|1|j") for _ in range(50)}
    first.save()
    again = Playground(TELEGRAM, "en", saved=saved)
    after = {again.api.press(ANN, GROUP, 1, "l|1|j") for _ in range(50)}
    assert len(before) == len(after) == 50
    assert not before & after


async def test_an_ephemeral_message_is_shown_and_pressed_by_its_receiver_only(
    pg: tuple[Playground, TestClient[Any, Any]],
) -> None:
    playground, client = pg
    playground.api.chats[GROUP].admins.add(playground.api.bot_id)  # may send them at any time
    events = await client.get("/api/events")
    keys = {"inline_keyboard": [[{"text": "🂡", "callback_data": "h|1|p", "style": "success"}]]}
    status, body = await bot_call(
        client,
        playground.token,
        "sendMessage",
        chat_id=GROUP,
        text="Your hand",
        reply_markup=keys,
        ephemeral_message_parameters={"receiver_user_id": BORIS},
    )
    assert status == 200 and body["result"]["message_id"] == 0
    eid = body["result"]["ephemeral_message_id"]
    line = ""
    while not line.startswith("data: "):
        line = (await asyncio.wait_for(events.content.readline(), 5)).decode()
    event = json.loads(line[6:])
    assert event["type"] == "message" and event["chat"] == GROUP
    assert (event["message"]["ephemeral"], event["message"]["receiver"]) == (eid, BORIS)
    [shown] = playground.state()["chats"][str(GROUP)]
    assert shown["text"] == "Your hand" and shown["receiver"] == BORIS
    assert shown["buttons"] == [[{"text": "🂡", "data": "h|1|p", "style": "success"}]]
    events.close()

    # Ann does not see it, so cannot press it
    r = await client.post("/api/press", json={"user": ANN, "chat": GROUP, "ephemeral": eid, "data": "h|1|p"})
    assert r.status == 400
    press = asyncio.create_task(
        client.post("/api/press", json={"user": BORIS, "chat": GROUP, "ephemeral": eid, "data": "h|1|p"})
    )
    while not playground.api.updates:
        await asyncio.sleep(0.01)
    query = playground.api.updates[-1]["callback_query"]
    assert query["from"]["id"] == BORIS and query["message"]["chat"]["id"] == GROUP
    assert (query["message"]["message_id"], query["message"]["ephemeral_message_id"]) == (0, eid)
    await bot_call(
        client, playground.token, "answerCallbackQuery", callback_query_id=query["id"], text="Played"
    )
    assert (await (await press).json())["text"] == "Played"
    # a disabled button is not pressed
    keys = {"inline_keyboard": [[{"text": "🂢", "callback_data": "h|1|q", "disabled": True}]]}
    names = {"chat_id": GROUP, "receiver_user_id": BORIS, "ephemeral_message_id": eid}
    await bot_call(client, playground.token, "editEphemeralMessageReplyMarkup", **names, reply_markup=keys)
    r = await client.post(
        "/api/press", json={"user": BORIS, "chat": GROUP, "ephemeral": eid, "data": "h|1|q"}
    )
    assert r.status == 400
    await bot_call(client, playground.token, "deleteEphemeralMessage", **names)
    assert playground.state()["chats"][str(GROUP)] == []
