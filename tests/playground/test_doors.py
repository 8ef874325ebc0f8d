"""The playground's doors under odd input (issue 47): its page, the page's API, the Mini
App's relay (through ``python -m bot`` without a token, as README runs it) and its Bot
API (with its own token, which only the bot in the same process knows).

Hypothesis throws malformed, oversized, wrongly typed and wrongly encoded requests at
them; each answer is a clear 4xx in JSON (or what a well-formed request gets), never a
500; the log holds no traceback and no error, and at most one line a request."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.playground.botapi import JSON_FIELDS
from bot.playground.server import GROUP, Playground
from bot.send_rates import TELEGRAM
from tests.browser.conftest import Playground as PlaygroundProcess

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
ANN = 1001

CHARSETS = st.sampled_from(["utf-8", "x-unknown", "latin-1", "utf-16", "", "\x7f"])
CONTENT_TYPES = st.one_of(
    st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded", ""]),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40),
)
JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
# the page's own fields, each with any value: most reach the checks behind the JSON's parsing
FIELDS = st.sampled_from(["user", "chat", "text", "message", "ephemeral", "data", "name", "lang", "url"])
PAGE_BODIES = st.one_of(
    st.dictionaries(FIELDS, JSONS | st.just(ANN) | st.just(GROUP), max_size=6),
    st.fixed_dictionaries({"user": st.just(ANN), "chat": st.just(GROUP)}, optional={"message": JSONS}),
)
BODIES = st.one_of(
    st.binary(max_size=300),
    JSONS.map(lambda v: json.dumps(v).encode()),
    PAGE_BODIES.map(lambda v: json.dumps(v).encode()),
    st.integers(1, 120_000).map(lambda n: b"[" * n),  # nested past the parser's depth
    st.integers(60_000, 200_000).map(lambda n: b" " * n + b"{}"),  # over the 64 KiB a request may send
)
HEADER_VALUES = st.binary(max_size=40).map(lambda b: b.replace(b"\r", b"").replace(b"\n", b""))
ODD_TEXT = st.text(max_size=60)
PAGE_POSTS = ["/api/say", "/api/press", "/api/webapp", "/api/welcome", "/api/people", "/api/people/1001"]


def content_type(kind: str, charset: str) -> str:
    return f"{kind}; charset={charset}" if charset else kind


def call(
    port: int, method: str, path: str, body: bytes | None = None, headers: dict[str, Any] | None = None
) -> tuple[int, str, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.getheader("Content-Type", ""), r.read()
    except (ConnectionResetError, BrokenPipeError):  # refused before the whole body was read
        return 413, "application/json", b'{"error": "sent too much"}'
    finally:
        conn.close()


def unparsed(status: int, kind: str) -> bool:
    """aiohttp's own 400 for a request it could not parse (a header's odd bytes): it reached no door."""
    return status == 400 and kind.startswith("text/plain")


def answered(status: int, kind: str, body: bytes, what: Any, key: str = "error") -> None:
    """Never a 500; a refusal is a 4xx whose body is a JSON object saying why."""
    assert status < 500, (status, body[:300], what)
    if status >= 400 and not unparsed(status, kind):
        assert kind.startswith("application/json"), (status, kind, body[:300], what)
        doc = json.loads(body)
        assert isinstance(doc, dict) and isinstance(doc.get(key), str), (doc, what)


@pytest.fixture
def playground(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[PlaygroundProcess]:
    monkeypatch.setenv("LOG_LEVEL", "INFO")  # (quiet by default: every line is looked at)
    pg = PlaygroundProcess(tmp_path)
    yield pg
    pg.stop()


def logged(pg: PlaygroundProcess) -> list[str]:
    """What the process has written so far."""
    while not pg.lines.empty():
        pg.output.append(pg.lines.get_nowait())
    return [line for line in "".join(pg.output).splitlines() if line]


async def test_the_playground_page_its_api_and_relay_answer_odd_input_with_a_4xx_in_json(
    playground: PlaygroundProcess,
) -> None:
    port = int(playground.url.rsplit(":", 1)[1])
    j = {"Content-Type": "application/json"}
    status, _, _ = await asyncio.to_thread(call, port, "POST", "/api/welcome", b'{"lang": "en"}', j)
    assert status == 200
    deadline = time.monotonic() + 30
    while not json.loads((await asyncio.to_thread(call, port, "GET", "/api/state"))[2])["polling"]:
        assert time.monotonic() < deadline, "the bot did not start polling"
        await asyncio.sleep(0.1)
    before = len(logged(playground))
    made = 0

    @FUZZ
    @given(path=st.sampled_from(PAGE_POSTS), kind=CONTENT_TYPES, charset=CHARSETS, body=BODIES)
    @example(path="/api/say", kind="application/json", charset="x-unknown", body=b'{"user": 1001}')
    @example(path="/api/say", kind="application/json", charset="utf-8", body=b"[" * 100_000)
    @example(path="/api/press", kind="application/json", charset="utf-8", body=b'{"user": 1001, '
             b'"chat": -1001000000001, "message": [1], "data": "x"}')  # fmt: skip
    @example(path="/api/press", kind="application/json", charset="utf-8", body=b'{"user": 1001, '
             b'"chat": -1001000000001, "ephemeral": {}, "data": "x"}')  # fmt: skip
    @example(path="/api/welcome", kind="application/json", charset="utf-8", body=b'{"lang": {}}')
    @example(path="/api/people/1001", kind="application/json", charset="utf-8", body=b'{"lang": [1]}')
    def page_api(path: str, kind: str, charset: str, body: bytes) -> None:
        nonlocal made
        made += 1
        headers = {"Content-Type": content_type(kind, charset)}
        status, got, answer = call(port, "POST", path, body, headers)
        answered(status, got, answer, (path, headers, body[:100]))

    @FUZZ
    @given(
        path=st.sampled_from(["/", "/assets/", "/api/state", "/api/nothing", "/app", "/app/", "/app/api/"]),
        tail=ODD_TEXT,
        query=ODD_TEXT,
        method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]),
        header=HEADER_VALUES,
        body=BODIES,
    )
    @example(path="/app/api/", tail="session", query="", method="POST", header=b"", body=b" " * 70_000)
    @example(path="/app/api/", tail="table", query="chat=²", method="GET", header=b"", body=b"")
    @example(path="/assets/", tail="../server.py", query="", method="GET", header=b"", body=b"")
    def anything(path: str, tail: str, query: str, method: str, header: bytes, body: bytes) -> None:
        nonlocal made
        made += 1
        headers = {"Content-Type": header, "Authorization": header, "Origin": header, "Accept": header}
        url = f"{path}{quote(tail) if path.endswith('/') else ''}?{quote(query)}"
        status, got, answer = call(port, method, url, body, headers)
        answered(status, got, answer, (method, url, headers))

    for fuzz in (page_api, anything):
        await asyncio.to_thread(fuzz)
    lines = logged(playground)[before:]
    assert not [line for line in lines if "Traceback" in line or " ERROR " in line], lines[:10]
    assert all(line[:2] == "20" for line in lines), lines[:10]  # one line each
    assert len(lines) <= made, lines[:10]


async def test_the_playground_bot_api_refuses_malformed_calls_in_its_own_json(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Its token known, any method with parameters of any type, as JSON, a form or neither:
    the Bot API's ``{"ok": false, ...}`` with a 4xx, never a 500 or a traceback."""
    from bot.__main__ import client_fault

    aiohttp_server = logging.getLogger("aiohttp.server")
    aiohttp_server.addFilter(client_fault)  # as ``python -m bot`` logs: a request aiohttp could not parse
    pg = Playground(TELEGRAM, "en")
    base = await pg.api.start(pg.app())
    port = pg.api.port
    token = pg.token
    # (getUpdates left out: a long poll waits as long as its timeout asks)
    methods = [name[2:] for name in dir(pg.api) if name.startswith("m_") and name != "m_getupdates"]
    params = st.dictionaries(
        st.sampled_from(sorted(JSON_FIELDS | {"text", "parse_mode", "callback_query_id", "url"})),
        JSONS | st.just(GROUP) | st.just(ANN),
        max_size=6,
    )

    @FUZZ
    @given(
        method=st.sampled_from(methods) | st.text(max_size=12),
        p=params,
        encoding=st.sampled_from(["json", "form", "raw"]),
        charset=CHARSETS,
        raw=BODIES,
    )
    @example(method="sendMessage", p={"chat_id": [1], "text": "x"}, encoding="json", charset="", raw=b"")
    @example(method="sendMessage", p={}, encoding="raw", charset="x-unknown", raw=b'{"chat_id": 1}')
    @example(method="getMe", p={}, encoding="raw", charset="utf-8", raw=b"[1]")
    @example(method="answerCallbackQuery", p={"text": {}}, encoding="json", charset="", raw=b"")
    def bot_api(method: str, p: dict[str, Any], encoding: str, charset: str, raw: bytes) -> None:
        if encoding == "json":
            body, kind = json.dumps(p).encode(), "application/json"
        elif encoding == "form":
            fields = {k: v if isinstance(v, str) else json.dumps(v) for k, v in p.items()}
            body = "&".join(f"{quote(k)}={quote(v)}" for k, v in fields.items()).encode()
            kind = "application/x-www-form-urlencoded"
        else:
            body, kind = raw, "application/json"
        headers = {"Content-Type": content_type(kind, charset)}
        status, got, answer = call(port, "POST", f"/bot{token}/{quote(method)}", body, headers)
        answered(status, got, answer, (method, p, body[:100]), key="description")
        if status == 200:
            assert json.loads(answer)["ok"] is True, answer[:200]
        elif not unparsed(status, got):
            assert json.loads(answer)["ok"] is False, answer[:200]

    try:
        await asyncio.to_thread(bot_api)
    finally:
        await pg.api.stop()
        aiohttp_server.removeFilter(client_fault)
    assert base.endswith("/bot")
    failed = [r for r in caplog.records if r.levelno >= 40 or r.exc_info]
    assert not failed, [(r.getMessage(), r.exc_info and repr(r.exc_info[1])) for r in failed][:5]
