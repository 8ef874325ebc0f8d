"""Every HTTP door the bot opens, under odd input, through the real bot process: the
Mini App's API and live stream, the webhook endpoint, /health and /metrics.

Hypothesis throws malformed, oversized, wrongly typed and wrongly encoded requests
(bodies, content types, charsets, query strings, headers) at them; each answer is
a 4xx (JSON where the door speaks JSON), never a 500, the log holds no traceback
and no error, and the game at the table is as it was.  The odd inputs an outside
probe found are among the examples, every run."""

from __future__ import annotations

import asyncio
import hashlib
import http.client
import json
import logging
import time
from typing import Any
from urllib.parse import quote

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot import health
from bot.miniapp import identity
from bot.playground.botapi import FakeTelegram
from tests.e2e.conftest import BotProcess, free_port
from tests.e2e.telegram import greet, open_game, session_of, stale_screens
from tests.e2e.test_miniapp import ANN, BOB, GROUP, PAGE, init_data, world

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
ORIGIN = "https://cards.test"

# --- what is thrown ----------------------------------------------------------------------------

CHARSETS = st.sampled_from(["utf-8", "x-unknown", "latin-1", "utf-16", "", "utf-8; charset=ascii", "\x7f"])
CONTENT_TYPES = st.one_of(
    st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded", ""]),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40),
)
JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
USERS = st.integers(1_000_000, 9_999_999)  # nobody at the table
ODD_TEXT = st.text(max_size=60)  # any code point: digits of other scripts, surrogates' neighbours
BODIES = st.one_of(
    st.binary(max_size=300),
    JSONS.map(lambda v: json.dumps(v).encode()),
    st.integers(1, 120_000).map(lambda n: b"[" * n),  # nested past the parser's depth
    st.tuples(ODD_TEXT, st.sampled_from(["utf-16", "latin-1", "utf-8"])).map(
        lambda t: json.dumps({"initData": t[0]}, ensure_ascii=False).encode(t[1], "replace")
    ),
)
HEADER_VALUES = st.binary(max_size=40).map(lambda b: b.replace(b"\r", b"").replace(b"\n", b""))


def content_type(kind: str, charset: str) -> str:
    return f"{kind}; charset={charset}" if charset else kind


def call(
    port: int, method: str, path: str, body: bytes | None = None, headers: dict[str, Any] | None = None
) -> tuple[int, str, bytes]:
    """One request, as any client may send it: its status, content type and body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.getheader("Content-Type", ""), r.read()
    finally:
        conn.close()


def unparsed(status: int, kind: str) -> bool:
    """aiohttp's own 400 for a request it could not parse (a header's odd bytes): it
    reached no door (every door answers its refusals in JSON)."""
    return status == 400 and kind.startswith("text/plain")


def refused_as_json(status: int, kind: str, body: bytes, what: Any) -> dict[str, Any]:
    """A 4xx whose body is a JSON object with an error (what a page can show), or ``unparsed``."""
    assert 400 <= status < 500, (status, body[:300], what)
    if unparsed(status, kind):
        return {}
    assert kind.startswith("application/json"), (kind, body[:300], what)
    doc = json.loads(body)
    assert isinstance(doc, dict) and isinstance(doc.get("error"), str), (doc, what)
    return doc


# --- the bot, a game, and its doors --------------------------------------------------------------


async def table_with_a_page(api: FakeTelegram, bot_factory: Any, **how: Any) -> tuple[BotProcess, int, str]:
    """A game of Ann and Bob, the bot serving the Mini App; its port and a session token of Ann's."""
    t = world(api)
    bot = await bot_factory(env={"MINIAPP_URL": PAGE, "NUDGE_AFTER_MS": "3600000"}, **how)  # (no nudge)
    if bot.webhook_port:
        api.deliver_to([bot.url])
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    port = bot.webhook_port or bot.health_port
    status, _, body = await asyncio.to_thread(
        call,
        port,
        "POST",
        "/app/api/session",
        json.dumps({"initData": init_data(api, ANN, "Ann")}).encode(),
        {"Content-Type": "application/json"},
    )
    assert status == 200, body
    session = await session_of(bot.redis_url or "", GROUP)  # the board shows it before the doors are tried
    await t.until(lambda: "board" not in stale_screens(api, t, session), what="the board up to date")
    return bot, port, json.loads(body)["token"]


async def unchanged(redis_url: str, api: FakeTelegram, before: tuple[str, int]) -> None:
    """The game as it was, and nothing sent to Telegram since (but polling)."""
    session = await session_of(redis_url, GROUP)
    assert session.model_dump_json() == before[0]
    sent = [call for call in api.calls[before[1] :] if call[0] != "getUpdates"]
    assert sent == [], sent


async def snapshot(redis_url: str, api: FakeTelegram) -> tuple[str, int]:
    return (await session_of(redis_url, GROUP)).model_dump_json(), len(api.calls)


def clean(bot: BotProcess) -> None:
    text = bot.log()
    assert "Traceback" not in text, text[-3000:]
    assert " ERROR " not in text, [line for line in text.splitlines() if " ERROR " in line][:5]
    assert all(line[:2] == "20" for line in text.splitlines()), text[-3000:]  # one line each


async def test_the_mini_app_answers_odd_input_with_a_4xx_in_json(
    api: FakeTelegram, bot_factory: Any, redis_url: str
) -> None:
    bot, port, token = await table_with_a_page(api, bot_factory)
    before = await snapshot(redis_url, api)
    bearer = f"Bearer {token}"
    tokens = identity.Tokens(api.token)  # (a session as the bot issues it, for any user)

    def bearer_of(user: int) -> str:
        if user == ANN:
            return bearer
        return f"Bearer {tokens.issue(identity.Identity(user, 'Fuzz', 'en', ''), int(time.time()))}"

    @FUZZ
    @given(kind=CONTENT_TYPES, charset=CHARSETS, body=BODIES, origin=st.none() | st.just(ORIGIN))
    @example(kind="application/json", charset="x-unknown", body=b'{"initData": ""}', origin=None)
    @example(kind="application/json", charset="utf-8", body=b"[" * 100_000, origin=None)
    def session(kind: str, charset: str, body: bytes, origin: str | None) -> None:
        headers = {"Content-Type": content_type(kind, charset), **({"Origin": origin} if origin else {})}
        status, got, answer = call(port, "POST", "/app/api/session", body, headers)
        refused_as_json(status, got, answer, (headers, body[:100]))

    @FUZZ
    @given(data=JSONS, chat=JSONS | st.just(GROUP), charset=CHARSETS, board=JSONS, user=USERS)
    @example(data=5, chat=GROUP, charset="utf-8", board=False, user=ANN)
    @example(data=["a"], chat=GROUP, charset="utf-8", board=False, user=ANN)
    @example(data="\udcff|1|2|3|4", chat=GROUP, charset="utf-8", board=False, user=ANN)  # no UTF-8
    @example(data="a|1|2|3|x", chat=GROUP, charset="x-unknown", board=False, user=ANN)
    def press(data: Any, chat: Any, charset: str, board: Any, user: int) -> None:
        """(each a user of their own, or most would be too fast: 8 presses a second)"""
        body = json.dumps({"chat": chat, "data": data, "board": board}).encode()
        headers = {
            "Content-Type": content_type("application/json", charset),
            "Authorization": bearer_of(user),
        }
        status, got, answer = call(port, "POST", "/app/api/press", body, headers)
        refused_as_json(status, got, answer, body[:200])
        # no button, or not the page's JSON; or, when hypothesis runs an example again with
        # the same user, that user's "too fast" (a 4xx of its own, still before any change)
        assert status in (400, 429), (status, answer, body[:200])

    @FUZZ
    @given(
        chat=(ODD_TEXT | st.integers().map(str)).filter(lambda c: c.strip() != str(GROUP)),
        path=st.sampled_from(["table", "live"]),
    )
    @example(chat="²", path="table")
    @example(chat="9" * 5000, path="table")
    @example(chat="-" + "9" * 5000, path="live")
    def table(chat: str, path: str) -> None:
        query = f"chat={quote(chat)}" + (f"&token={quote(token)}" if path == "live" else "")
        status, got, answer = call(port, "GET", f"/app/api/{path}?{query}", None, {"Authorization": bearer})
        refused_as_json(status, got, answer, chat[:50])

    @FUZZ
    @given(
        authorization=HEADER_VALUES,
        origin=HEADER_VALUES,
        query=ODD_TEXT,
        method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]),
    )
    def anything(authorization: bytes, origin: bytes, query: str, method: str) -> None:
        headers = {"Authorization": authorization, "Origin": origin, "Content-Type": "application/json"}
        for path in (
            "/app/api/table",
            "/app/api/press",
            "/app/api/session",
            "/app/api/live",
            "/app/api/nothing",
        ):
            status, got, answer = call(port, method, f"{path}?{quote(query)}", b"{}", headers)
            refused_as_json(status, got, answer, (method, path, headers))

    for fuzz in (session, press, table, anything):
        await asyncio.to_thread(fuzz)
    await unchanged(redis_url, api, before)
    clean(bot)


async def test_the_webhook_health_and_metrics_answer_odd_input_without_a_500(
    api: FakeTelegram, bot_factory: Any, redis_url: str
) -> None:
    """A webhook worker: its update endpoint refuses a wrong or missing secret (403) and
    a body that is no update (400); /health and /metrics answer, whatever the headers;
    the Mini App on the same server answers as it does on the health server."""
    bot, port, _ = await table_with_a_page(api, bot_factory, webhook_port=free_port())
    secret = hashlib.sha256(b"svintus-webhook:" + api.token.encode()).hexdigest()  # (Settings.secret)
    before = await snapshot(redis_url, api)

    @FUZZ
    @given(given_secret=st.none() | HEADER_VALUES, body=BODIES, kind=CONTENT_TYPES, charset=CHARSETS)
    @example(given_secret=b"", body=b"{}", kind="application/json", charset="utf-8")
    @example(given_secret=None, body=b'{"update_id": 1}', kind="application/json", charset="utf-8")
    def wrong_secret(given_secret: bytes | None, body: bytes, kind: str, charset: str) -> None:
        headers: dict[str, Any] = {"Content-Type": content_type(kind, charset)}
        if given_secret is not None:
            headers["X-Telegram-Bot-Api-Secret-Token"] = given_secret
        status, kind, answer = call(port, "POST", "/telegram", body, headers)
        assert status == 403 or unparsed(status, kind), (status, answer[:200], headers)

    @FUZZ
    @given(body=BODIES, kind=CONTENT_TYPES, charset=CHARSETS)
    @example(body=b"[" * 100_000, kind="application/json", charset="utf-8")
    @example(body=b'{"update_id": 7}', kind="application/json", charset="x-unknown")
    @example(body=b'{"update_id": "x", "message": 5}', kind="application/json", charset="utf-8")
    @example(body=b'{"update_id": 8, "message": 5}', kind="application/json", charset="utf-8")
    @example(body=b"[1, 2]", kind="application/json", charset="utf-8")
    def odd_updates(body: bytes, kind: str, charset: str) -> None:
        headers = {"Content-Type": content_type(kind, charset), "X-Telegram-Bot-Api-Secret-Token": secret}
        status, _, answer = call(port, "POST", "/telegram", body, headers)
        assert status in (200, 400), (status, answer[:200], body[:200])
        if status == 200:  # only an update is taken: a JSON object with a numeric update_id
            doc = json.loads(body.decode(charset if charset in ("utf-8", "latin-1", "utf-16") else "utf-8"))
            assert isinstance(doc, dict) and isinstance(doc.get("update_id"), int), body[:200]

    @FUZZ
    @given(
        path=st.sampled_from(["/health", "/metrics", "/telegram", "/nothing", "/app/api/press"]),
        method=st.sampled_from(["GET", "POST", "PUT", "HEAD", "OPTIONS"]),
        query=ODD_TEXT,
        header=HEADER_VALUES,
        body=st.binary(max_size=200),
    )
    def anything(path: str, method: str, query: str, header: bytes, body: bytes) -> None:
        headers = {"Accept": header, "Content-Type": header, "X-Forwarded-For": header}
        status, kind, answer = call(port, method, f"{path}?{quote(query)}", body, headers)
        assert status < 500, (status, answer[:200], method, path)
        if path in ("/health", "/metrics") and method in ("GET", "HEAD"):
            assert status == 200 or unparsed(status, kind), (status, answer[:200])
        elif status >= 400 and method != "HEAD" and (path, method) != ("/telegram", "POST"):
            refused_as_json(status, kind, answer, (method, path))

    for fuzz in (wrong_secret, odd_updates, anything):
        await asyncio.to_thread(fuzz)
    await unchanged(redis_url, api, before)
    clean(bot)


async def test_the_health_server_of_a_polling_worker_answers_odd_input_without_a_500(
    api: FakeTelegram, bot_factory: Any
) -> None:
    bot = await bot_factory()
    port = bot.health_port

    @FUZZ
    @given(
        path=st.sampled_from(["/health", "/metrics", "/", "/app/", "/app/api/session"]),
        method=st.sampled_from(["GET", "POST", "DELETE", "PATCH"]),
        query=ODD_TEXT,
        header=HEADER_VALUES,
        body=st.binary(max_size=200),
    )
    def anything(path: str, method: str, query: str, header: bytes, body: bytes) -> None:
        headers = {"Accept": header, "Content-Type": header, "Authorization": header}
        status, kind, answer = call(port, method, f"{path}?{quote(query)}", body, headers)
        if method == "GET" and path in ("/health", "/metrics"):
            assert status == 200 or unparsed(status, kind), (status, answer[:200])
        else:  # no Mini App here: nothing else is served
            refused_as_json(status, kind, answer, (method, path))

    await asyncio.to_thread(anything)
    clean(bot)


async def test_what_no_door_foresaw_is_a_500_in_json_and_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The catch-all at each door (here a route that fails as no route should): a 500
    answered as JSON, and one line in the log, without a traceback."""

    async def healthy() -> bool:
        return True

    async def broken(request: web.Request) -> web.Response:
        raise KeyError("something\nnobody foresaw")

    app = web.Application(middlewares=[health.guard])
    health.install(app, healthy)
    app.router.add_get("/broken", broken)
    async with TestClient(TestServer(app)) as client:
        caplog.set_level(logging.INFO)
        r = await client.get("/broken")
        assert r.status == 500 and (await r.json())["error"]
        r = await client.get("/health")
        assert r.status == 200 and (await r.json())["ok"] is True
    failed = [rec for rec in caplog.records if rec.levelno >= logging.WARNING]
    assert len(failed) == 1 and failed[0].exc_info is None, failed
    assert "\n" not in failed[0].getMessage() and "/broken" in failed[0].getMessage()


async def test_the_page_without_its_trailing_slash_redirects_to_it(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """``https://DOMAIN/app`` opens the page: its files and API resolve under ``/app/``."""
    bot = await bot_factory(env={"MINIAPP_URL": PAGE})
    status, _, _ = await asyncio.to_thread(call, bot.health_port, "GET", "/app?chat=5")
    assert status == 301
    conn = http.client.HTTPConnection("127.0.0.1", bot.health_port, timeout=10)
    try:
        conn.request("GET", "/app?chat=5")
        r = await asyncio.to_thread(conn.getresponse)
        assert r.getheader("Location") == "/app/?chat=5"
    finally:
        conn.close()
    status, kind, page = await asyncio.to_thread(call, bot.health_port, "GET", "/app/?chat=5")
    assert status == 200 and kind.startswith("text/html") and b"app.js" in page
