"""The Mini App's API through the real bot process: a client signs ``initData`` with
the bot's token as Telegram does (and tampers with it), opens the API as a seated
and an unseated user, presses through it, and follows the table live."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from bot.miniapp import identity
from bot.playground.botapi import FakeTelegram
from tests.e2e.table import Table, code_of
from tests.e2e.telegram import greet, open_game

GROUP = -100_977
ANN, BOB, EVE = 9701, 9702, 9703
PAGE = "https://cards.test/app/"  # what the TLS proxy serves: the page's one origin


def world(api: FakeTelegram) -> Table:
    api.add_group(GROUP, "Mini pen")
    for uid, name in ((ANN, "Ann"), (BOB, "Bob"), (EVE, "Eve")):
        api.add_user(uid, name, "en")
    return Table(api, GROUP)


def init_data(api: FakeTelegram, user: int, name: str, lang: str = "en", **more: str) -> str:
    """``initData`` as Telegram signs it for ``user`` opening the page now."""
    person = json.dumps({"id": user, "first_name": name, "language_code": lang})
    fields = {"user": person, "auth_date": str(int(time.time())), "query_id": "q", **more}
    return identity.sign(fields, api.token)


class Page:
    """One person's page: its session with the bot's web server."""

    def __init__(self, http: aiohttp.ClientSession, base: str) -> None:
        self.http, self.base, self.token = http, base, ""

    async def sign_in(self, raw: str) -> tuple[int, dict[str, Any]]:
        async with self.http.post(f"{self.base}/app/api/session", json={"initData": raw}) as r:
            body = await r.json()
            self.token = body.get("token", "")
            return r.status, body

    async def get(self, path: str) -> tuple[int, dict[str, Any]]:
        headers = {"Authorization": f"Bearer {self.token}"}
        async with self.http.get(f"{self.base}{path}", headers=headers) as r:
            return r.status, await r.json()

    async def press(self, data: str, **extra: Any) -> tuple[int, dict[str, Any]]:
        headers = {"Authorization": f"Bearer {self.token}", **extra.pop("headers", {})}
        body = {"chat": GROUP, "data": data, "board": False, **extra}
        async with self.http.post(f"{self.base}/app/api/press", json=body, headers=headers) as r:
            return r.status, await r.json()

    async def follow(self) -> AsyncIterator[dict[str, Any]]:
        """The live stream's tables, as they come."""
        url = f"{self.base}/app/api/live?chat={GROUP}&token={self.token}"
        async with self.http.get(url, timeout=aiohttp.ClientTimeout(total=None)) as r:
            assert r.status == 200, await r.text()
            kind = ""
            async for raw in r.content:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: ") and kind == "table":
                    yield json.loads(line[6:])


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def a_game(api: FakeTelegram, bot_factory: Any) -> tuple[Table, str]:
    t = world(api)
    bot = await bot_factory(env={"MINIAPP_URL": PAGE})
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    return t, f"http://127.0.0.1:{bot.health_port}"


async def test_a_hand_opens_the_page_and_only_a_seated_user_sees_a_table(
    api: FakeTelegram, bot_factory: Any, http: aiohttp.ClientSession
) -> None:
    t, base = await a_game(api, bot_factory)
    opens = [b for row in (t.hand(ANN).markup or {})["inline_keyboard"] for b in row if "web_app" in b]  # type: ignore[union-attr]
    assert opens == [{"text": "🃏 Open cards", "web_app": {"url": f"{PAGE}?chat={GROUP}"}}]
    assert not any("web_app" in b for b in t.buttons(t.board()))  # a group cannot hold one

    ann = Page(http, base)
    status, body = await ann.sign_in(init_data(api, ANN, "Ann"))
    assert status == 200 and body["lang"] == "en"
    status, table = await ann.get(f"/app/api/table?chat={GROUP}")
    assert status == 200, table
    assert table["hand"]["html"] == t.hand(ANN).text  # type: ignore[union-attr]
    await t.until(lambda: t.board_text() == table["board"]["html"], what="the board as the page has it")
    presses = [b["data"] for row in table["hand"]["rows"] for b in row]
    assert presses == [b["callback_data"] for b in t.buttons(t.hand(ANN)) if "callback_data" in b]

    eve = Page(http, base)
    assert (await eve.sign_in(init_data(api, EVE, "Eve")))[0] == 200
    status, refused = await eve.get(f"/app/api/table?chat={GROUP}")
    assert status == 403 and refused["error"] == "You're not playing in this game."
    status, refused = await eve.press(presses[0])  # another user's button
    assert status == 200 and refused["text"] == "You're not playing in this game."


async def test_forged_stale_and_foreign_identities_are_refused(
    api: FakeTelegram, bot_factory: Any, http: aiohttp.ClientSession
) -> None:
    _, base = await a_game(api, bot_factory)
    page = Page(http, base)
    good = init_data(api, ANN, "Ann")
    tampered = good.replace("Ann", "Bob")
    old = init_data(api, ANN, "Ann").replace(f"auth_date={int(time.time())}", "auth_date=1")
    foreign = identity.sign({"user": json.dumps({"id": ANN}), "auth_date": str(int(time.time()))}, "1:OTHER")
    for raw in (tampered, old, foreign, ""):
        status, body = await page.sign_in(raw)
        assert status == 401 and body["error"].startswith("This page's sign-in is out of date"), raw
    assert (await page.get(f"/app/api/table?chat={GROUP}"))[0] == 401  # no token
    page.token = "forged.token"
    assert (await page.get(f"/app/api/table?chat={GROUP}"))[0] == 401
    # another origin: refused however signed in (no CORS, ever)
    assert (await page.sign_in(good))[0] == 200
    status, body = await page.press("x", headers={"Origin": "https://evil.test"})
    assert status == 403
    async with http.post(f"{base}/app/api/press", data="chat=1", headers={"Authorization": "x"}) as r:
        assert r.status == 415 and "Access-Control-Allow-Origin" not in r.headers
    status, body = await page.press("a|1|2|3|not ours")
    assert status == 400 and body["error"] == "I don't know that button."


async def test_a_press_through_the_page_is_a_press_and_every_page_sees_it_live(
    api: FakeTelegram, bot_factory: Any, http: aiohttp.ClientSession
) -> None:
    """Ann plays a card through her page; Bob's open page gets the new table at once,
    his hand message waits while the page is open and catches up once it closes."""
    t, base = await a_game(api, bot_factory)
    p, _, card = await t.a_turn_with_a_play((ANN, BOB))
    other = BOB if p == ANN else ANN
    player, watcher = Page(http, base), Page(http, base)
    await player.sign_in(init_data(api, p, "P"))
    await watcher.sign_in(init_data(api, other, "W"))
    seen: list[dict[str, Any]] = []
    stream = watcher.follow()
    seen.append(await anext(stream))
    before = t.hand(other)
    assert before is not None
    edits = before.edits
    status, answer = await player.press(card["callback_data"])
    assert status == 200 and answer["alert"] is False, answer  # what the button is answered
    seen.append(await asyncio.wait_for(anext(stream), 10))
    assert seen[1]["version"] != seen[0]["version"]
    assert seen[1]["board"]["html"] != seen[0]["board"]["html"]  # the card is on the table
    await asyncio.sleep(1.0)  # the redraw ran: the page is open, the message waits
    assert t.hand(other).edits == edits  # type: ignore[union-attr]
    await stream.aclose()
    await t.until(lambda: t.hand(other).edits > edits, timeout=10, what="the hand catches up")  # type: ignore[union-attr]


async def test_the_pressers_own_hand_message_waits_while_their_page_is_open(
    api: FakeTelegram, bot_factory: Any, http: aiohttp.ClientSession
) -> None:
    """A press through an open page, played or refused, leaves the presser's hand
    message alone (a refused press redraws the hand it was pressed on); it catches
    up once the page closes."""
    t, base = await a_game(api, bot_factory)
    p, _, card = await t.a_turn_with_a_play((ANN, BOB))
    page = Page(http, base)
    await page.sign_in(init_data(api, p, "P"))
    stream = page.follow()
    first = await anext(stream)
    edits = t.hand(p).edits  # type: ignore[union-attr]
    status, played = await page.press(card["callback_data"])
    assert status == 200 and not played["alert"], played
    assert (await asyncio.wait_for(anext(stream), 10))["version"] != first["version"]
    status, refused = await page.press(card["callback_data"])
    assert status == 200 and refused["text"] != played["text"], refused  # that card is played already
    await asyncio.sleep(1.5)  # (a hand is edited once a second at most)
    assert t.hand(p).edits == edits  # type: ignore[union-attr]
    await stream.aclose()
    await t.until(lambda: t.hand(p).edits > edits, timeout=10, what="the hand catches up")  # type: ignore[union-attr]


async def test_a_page_flooding_presses_is_throttled(
    api: FakeTelegram, bot_factory: Any, http: aiohttp.ClientSession
) -> None:
    t, base = await a_game(api, bot_factory)
    page = Page(http, base)
    await page.sign_in(init_data(api, ANN, "Ann"))
    data = next(b["callback_data"] for b in t.buttons(t.hand(ANN)) if code_of(b).startswith("play."))
    answers = await asyncio.gather(*(page.press(data) for _ in range(30)))
    refused = [body for status, body in answers if status == 429]
    assert refused and all(body["error"] == "Too fast: one tap at a time." for body in refused)
    assert len(answers) - len(refused) <= 2 * 8  # a second's worth (two seconds at a boundary)


async def test_the_page_is_served_by_the_webhook_server_too_and_nothing_else(
    api: FakeTelegram, bot_factory: Any, http: aiohttp.ClientSession
) -> None:
    from tests.e2e.conftest import free_port

    bot = await bot_factory(webhook_port=free_port(), env={"MINIAPP_URL": PAGE})
    base = f"http://127.0.0.1:{bot.webhook_port}"
    async with http.get(f"{base}/app/") as r:
        assert r.status == 200 and '<script src="app.js">' in await r.text()
        assert "frame-ancestors 'self' https://*.telegram.org" in r.headers["Content-Security-Policy"]
        assert "Access-Control-Allow-Origin" not in r.headers
    async with http.get(f"{base}/app/app.js") as r:
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/javascript")
    for path in ("/app/..%2Fserver.py", "/app/server.py", "/app/api", "/app/%2e%2e/live.py"):
        async with http.get(f"{base}{path}") as r:
            assert r.status in (404, 405), path


async def a_page_follows_a_press_made_on_another_worker(
    api: FakeTelegram, bot_factory: Any, http: aiohttp.ClientSession, redis_url: str
) -> None:
    """Two webhook workers on ``redis_url``: one player's page follows the table on the
    first, the other presses on the second; the change reaches the page at once
    (Redis pub/sub), and the press is answered as a button's would be."""
    from tests.e2e.conftest import free_port

    t = world(api)
    env = {"MINIAPP_URL": PAGE}
    one = await bot_factory(redis_url=redis_url, webhook_port=free_port(), env=env)
    two = await bot_factory(redis_url=redis_url, webhook_port=free_port(), register=False, env=env)
    api.deliver_to([one.url, two.url])
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    p, _, card = await t.a_turn_with_a_play((ANN, BOB))
    other = BOB if p == ANN else ANN
    player = Page(http, f"http://127.0.0.1:{two.webhook_port}")
    watcher = Page(http, f"http://127.0.0.1:{one.webhook_port}")
    await player.sign_in(init_data(api, p, "P"))
    await watcher.sign_in(init_data(api, other, "W"))
    stream = watcher.follow()
    first = await anext(stream)
    status, answer = await player.press(card["callback_data"])
    assert status == 200 and answer["alert"] is False, answer
    then = await asyncio.wait_for(anext(stream), 10)
    assert then["version"] != first["version"] and then["board"]["html"] != first["board"]["html"]
    await stream.aclose()


async def test_a_page_on_one_worker_sees_a_press_made_on_another(
    api: FakeTelegram, bot_factory: Any, http: aiohttp.ClientSession, redis_url: str
) -> None:
    await a_page_follows_a_press_made_on_another_worker(api, bot_factory, http, redis_url)
