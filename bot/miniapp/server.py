"""The Mini App's page and its API, on the bot's own web server (one origin).

- ``GET  /app/`` and ``/app/<file>``: the page (``web/``: HTML, CSS, JavaScript,
  no build step), only the files listed at start;
- ``POST /app/api/session`` ``{"initData"}``: Telegram's signed ``initData``
  checked (``bot.miniapp.identity``) and swapped for a session token;
- ``GET  /app/api/table?chat=``: the seat's board and hand (``bot.miniapp.view``);
- ``POST /app/api/press`` ``{"chat", "data", "board"}``: a button's data, pressed
  through the same transaction as a button in the chat, answered the same;
- ``GET  /app/api/live?chat=&token=``: server-sent events, the table again
  whenever it changed (``bot.miniapp.live``), on any worker.

The API calls carry the session token (``Authorization: Bearer``; the event
stream, which cannot set headers, in its query).  It answers its own origin
only: no CORS header is ever sent, a request with another ``Origin`` is
refused, and posts are JSON (a form of another site cannot make one).  Every
refusal a player can meet is the answer a button gets, in their language.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from redis.exceptions import RedisError

from bot import buttons, links, metrics, timers
from bot.buttons import Act, BadButton, Hint, Pick, Show
from bot.links import Links
from bot.miniapp import identity, live, view
from bot.miniapp.identity import Refused, Tokens
from bot.referee import Referee
from bot.session import Member, Session
from bot.store import PREFIX

log = logging.getLogger(__name__)
WEB = Path(__file__).with_name("web")
TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
PRESSES_PER_S = 8  # a page pressing faster than this (on any worker) is refused a while
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
# the page's own files and Telegram's script; inline styles (the cards' SVG); framed by
# Telegram Web — and a page served over plain HTTP (the playground's, on loopback) by a
# page of the same machine
POLICY = (
    "default-src 'self'; script-src 'self' https://telegram.org; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'self' https://*.telegram.org"
)
LOCAL_ANCESTORS = " http://127.0.0.1:* http://localhost:*"
Json = dict[str, Any]
CHAT_ID = re.compile(r"-?[0-9]{1,18}")  # a chat's id as a query or a body gives it (ASCII digits)
PAGE_WORDS = ("miniapp-offline", "miniapp-no-table", "miniapp-cancel", "button-back")  # the page's own words


class Answer(Exception):
    """A refusal the page shows: its HTTP status and the words (already localized)."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status, self.text = status, text


class MiniApp:
    """The page's routes, for one bot (``bot_token``) and its referee."""

    def __init__(self, ref: Referee, bot_token: str, public_url: str, username: Callable[[], str]) -> None:
        self.ref, self.token, self.username = ref, bot_token, username
        self.origin = _origin(public_url)
        self.policy = POLICY + (LOCAL_ANCESTORS if public_url.startswith("http://") else "")
        self.tokens = Tokens(bot_token)
        self.live = live.Live(ref.store, timers.now_ms)
        self.boards = view.Boards()
        self.files = {p.name: p for p in WEB.iterdir() if p.suffix in TYPES}

    def attach(self, links: Links) -> None:
        """Plug the page into the referee: its screens link to it, each saved change
        wakes the open pages on every worker, an open page's hand message waits."""
        self.ref.sender.links = links
        self.ref.sender.open_pages = self.open_pages
        self.ref.changed = self.live.publish
        self.live.start()

    async def open_pages(self, chat_id: int) -> set[int]:
        try:
            return await live.open_pages(self.ref.store, chat_id, timers.now_ms())
        except RedisError:  # unknown: every hand message is kept up to date meanwhile
            return set()

    def install(self, app: web.Application) -> None:
        app.router.add_get("/app", self.slash)
        app.router.add_get("/app/", self.page)
        app.router.add_get("/app/{name}", self.file)
        app.router.add_post("/app/api/session", self._api(self.session))
        app.router.add_get("/app/api/table", self._api(self.table))
        app.router.add_post("/app/api/press", self._api(self.press))
        app.router.add_get("/app/api/live", self.stream)

    # --- the page ---------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        return self._file("index.html")

    async def slash(self, request: web.Request) -> web.StreamResponse:
        """``/app`` is ``/app/``: the page's files and API are relative to it."""
        query = request.rel_url.raw_query_string
        raise web.HTTPMovedPermanently("/app/" + (f"?{query}" if query else ""), headers=HEADERS)

    async def file(self, request: web.Request) -> web.StreamResponse:
        return self._file(request.match_info["name"])

    def _file(self, name: str) -> web.StreamResponse:
        path = self.files.get(name)
        if path is None:
            raise web.HTTPNotFound()
        headers = {**HEADERS, "Content-Type": TYPES[path.suffix] + "; charset=utf-8"}
        if path.suffix == ".html":
            headers["Content-Security-Policy"] = self.policy
        return web.Response(body=path.read_bytes(), headers=headers)

    # --- the API ----------------------------------------------------------------------------

    def _api(self, handle: Callable[[web.Request], Awaitable[Json]]) -> Callable[..., Any]:
        """One endpoint: its origin checked, its refusals answered as JSON, never a traceback."""

        async def endpoint(request: web.Request) -> web.Response:
            try:
                self._check_origin(request)
                return web.json_response(await handle(request), headers=HEADERS)
            except Answer as a:
                text = a.text or self.ref.t(self.ref.default_lang, "answer-unknown")
                return web.json_response({"error": text}, status=a.status, headers=HEADERS)
            except RedisError as e:
                log.warning("mini app: redis unavailable (%s)", e)
                lang = self.ref.default_lang
                return web.json_response({"error": self.ref.t(lang, "answer-unavailable")}, status=503)

        return endpoint

    def _check_origin(self, request: web.Request) -> None:
        origin = request.headers.get("Origin")
        if origin is not None and origin != self.origin:
            raise Answer(403, self.ref.t(self.ref.default_lang, "answer-unknown"))
        if request.method == "POST" and request.content_type != "application/json":
            raise Answer(415, self.ref.t(self.ref.default_lang, "answer-unknown"))

    async def session(self, request: web.Request) -> Json:
        body = await _json(request)
        raw = body.get("initData")
        lang = self.ref.default_lang
        try:
            who = identity.check(raw if isinstance(raw, str) else "", self.token, int(time.time()))
        except Refused as e:
            log.info("mini app: initData refused (%s)", e)
            raise Answer(401, self.ref.t(lang, "miniapp-signed-out")) from None
        lang = self.ref.t.language(who.language, self.ref.default_lang)
        chat = links.chat_of(who.start_param)
        words = {key: self.ref.t(lang, key) for key in PAGE_WORDS}
        return {"token": self.tokens.issue(who, int(time.time())), "lang": lang, "chat": chat, "words": words}

    def _who(self, request: web.Request, token: str | None = None) -> tuple[identity.Session, str]:
        if token is None:
            scheme, _, token = request.headers.get("Authorization", "").partition(" ")
            token = token if scheme == "Bearer" else ""
        try:
            who = self.tokens.read(token, int(time.time()))
        except Refused:
            raise Answer(401, self.ref.t(self.ref.default_lang, "miniapp-signed-out")) from None
        return who, self.ref.t.language(who.language, self.ref.default_lang)

    async def _seat(self, who: identity.Session, lang: str, chat: Any, woken: bool = False) -> Session:
        """The session of ``chat`` (saved: read only), if ``who`` holds a seat there
        (``woken``: by a change, loaded once for every page it woke)."""
        load = self.live.latest if woken else self.ref.store.load_shared
        session, _ = await load(self._chat(chat, lang))
        if session is None or session.state is None:
            raise Answer(404, self.ref.t(lang, "answer-game-over"))
        member = session.member(who.user_id)
        if member is None or member.level is not None:
            raise Answer(403, self.ref.t(lang, "answer-not-player"))
        return session

    def _chat(self, chat: Any, lang: str) -> int:
        """A chat's id as the page gives it (a number, or its ASCII digits), or a 400."""
        if isinstance(chat, str) and CHAT_ID.fullmatch(chat):
            return int(chat)
        if isinstance(chat, int) and not isinstance(chat, bool) and abs(chat) < 10**18:
            return chat
        raise Answer(400, self.ref.t(lang, "answer-unknown"))

    def _draw(self, session: Session, who: identity.Session, lang: str) -> Json:
        """The table of ``session`` as ``who`` sees it."""
        return view.table(self.ref.t, lang, session, who.user_id, self.username(), self.boards)

    async def table(self, request: web.Request) -> Json:
        who, lang = self._who(request)
        return self._draw(await self._seat(who, lang, request.query.get("chat")), who, lang)

    async def press(self, request: web.Request) -> Json:
        who, lang = self._who(request)
        body = await _json(request)
        await self._throttle(who.user_id, lang)
        data = body.get("data")
        try:
            if not isinstance(data, str):
                raise BadButton(data)
            pressed = buttons.parse(data)
        except BadButton:
            raise Answer(400, self.ref.t(lang, "answer-unknown")) from None
        if pressed.chat_id != body.get("chat") or not isinstance(pressed.body, Act | Show | Pick | Hint):
            raise Answer(400, self.ref.t(lang, "answer-unknown"))
        user = Member(id=who.user_id, name=who.name or str(who.user_id), lang=who.language)
        board = body.get("board") is True
        if isinstance(pressed.body, Hint):  # the hand's «💡 Hint»: told to them alone, the game unchanged
            reply = await self.ref.hint(pressed, pressed.body, user)
        else:
            reply = await self.ref.game_press(pressed, user, from_board=board, in_private=not board)
        return {"text": reply.text, "alert": reply.alert}

    async def _throttle(self, user_id: int, lang: str) -> None:
        """At most ``PRESSES_PER_S`` presses a second from one user's pages, on every worker."""
        name = f"{PREFIX}:{{u{user_id}}}:presses:{int(time.time())}"
        pipe = self.ref.store.r.pipeline(transaction=False)
        pipe.incr(name)
        pipe.expire(name, 2)
        count, _ = await pipe.execute()
        if int(count) > PRESSES_PER_S:
            metrics.PRESSES.labels("too_fast").inc()
            raise Answer(429, self.ref.t(lang, "miniapp-too-fast"))

    # --- live -------------------------------------------------------------------------------

    async def stream(self, request: web.Request) -> web.StreamResponse:
        """The table, and again whenever it changes, until the page goes (server-sent events)."""
        try:
            self._check_origin(request)
            who, lang = self._who(request, request.query.get("token", ""))
            chat = self._chat(request.query.get("chat"), lang)
            first = await self._seat(who, lang, chat)
        except Answer as a:
            return web.json_response({"error": a.text}, status=a.status, headers=HEADERS)
        except RedisError as e:
            log.warning("mini app: redis unavailable (%s)", e)
            text = self.ref.t(self.ref.default_lang, "answer-unavailable")
            return web.json_response({"error": text}, status=503, headers=HEADERS)
        response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream"})
        await response.prepare(request)
        async with self.live.watch(chat) as changed:
            try:
                await self._follow(response, who, lang, chat, first, changed)
            except (ConnectionError, RedisError):  # the page went (or Redis did): the stream ends
                pass
            finally:  # (also when the page closed the stream: the server cancels the handler)
                with contextlib.suppress(RedisError):
                    await self.live.closed(chat, who.user_id)
                self.ref.sender.touch(chat, f"hand:{who.user_id}")  # the message catches up
        return response

    async def _follow(
        self,
        out: web.StreamResponse,
        who: identity.Session,
        lang: str,
        chat: int,
        session: Session,
        changed: asyncio.Event,
    ) -> None:
        await self.live.opened(chat, who.user_id)
        renewed = time.monotonic()
        doc = self._draw(session, who, lang)
        await out.write(_event("table", doc))
        shown = doc["version"]
        while not doc["over"]:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), live.RENEW_S)
            if time.monotonic() - renewed >= live.RENEW_S:  # the page's mark, however busy the table
                await self.live.opened(chat, who.user_id)
                renewed = time.monotonic()
            if not changed.is_set():  # quiet a while: the stream kept
                await out.write(b": alive\n\n")
                continue
            changed.clear()
            try:
                latest = await self._seat(who, lang, chat, woken=True)
            except Answer as a:  # the game ended, the seat went to a computer
                await out.write(_event("gone", {"error": a.text}))
                return
            if latest is session:
                continue  # nothing saved since (a refused press): the same table
            session = latest
            doc = self._draw(session, who, lang)
            if doc["version"] != shown:
                shown = doc["version"]
                await out.write(_event("table", doc))


def _event(kind: str, doc: Json) -> bytes:
    return f"event: {kind}\ndata: {json.dumps(doc, ensure_ascii=False)}\n\n".encode()


async def _json(request: web.Request) -> Json:
    try:
        body = await request.json()
    except (ValueError, LookupError, RecursionError):  # not JSON, not that charset, nested too deep
        body = None
    if not isinstance(body, dict):
        raise Answer(400, "")
    return body


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
