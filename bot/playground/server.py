"""The playground's web server: the Bot API (``/bot<token>/...``) and a Telegram-like page.

One aiohttp application serves both.  The page (``web/``: plain HTML, CSS and
JavaScript, no build step) shows the group chat and each person's private chat;
it follows them live through server-sent events (``/api/events``) and acts
through a few JSON endpoints, which turn what a person does into the updates
Telegram would send: a message typed (``/api/say``), a button pressed
(``/api/press``, answered with what the bot answered the callback query), a
person added, renamed or given another language (``/api/people``).

Safe by default: the caller binds it to loopback, only the files of ``web/``
are served (by name, from a list made at start), the Bot API refuses any token
but the playground's own, and the endpoints take JSON only (a form posted by
another web site cannot reach them).  Whatever it refuses is a 4xx in JSON (the Bot API's
``{"ok": false, ...}`` under ``/bot``, ``{"error": ...}`` elsewhere), and whatever no route
foresaw a 500 in JSON with one log line (``refusals``), never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.i18n import LANGUAGES
from bot.miniapp import identity
from bot.playground.botapi import Ephemeral, FakeTelegram, Message
from bot.playground.relay import Relay
from bot.send_rates import TELEGRAM, Rates

log = logging.getLogger(__name__)
WEB = Path(__file__).with_name("web")
BOT_ID = 7_000_000_001
USERNAME = "playground_referee_bot"
GROUP = -1_001_000_000_001
FIRST_PERSON = 1001
NAME_MAX = 64
TEXT_MAX = 4096
PRESS_TIMEOUT_S = 15.0
TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".json": "application/json"}
TYPES |= {".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon"}


def page_words() -> dict[str, dict[str, Any]]:
    """The page's own words (``web/i18n.json``), by language."""
    words: dict[str, dict[str, Any]] = json.loads((WEB / "i18n.json").read_text("utf-8"))
    return words


class Bad(Exception):
    """A request the page should not have made: 400 with the reason."""


class Playground:
    """The world of the playground (a group, people) on a Bot-API server, and the web page."""

    def __init__(
        self, rates: Rates = TELEGRAM, language: str = "en", people: int = 2, saved: Path | None = None
    ) -> None:
        self.token = f"{BOT_ID}:{secrets.token_urlsafe(24)}"
        self.rates = rates
        self.api = self._server()
        self.api.update_base(int(time.time()))  # a restart never repeats an update id the bot saw
        self.words = page_words()
        self.language = language if language in self.words else "en"
        self.files = {p.name: p for p in WEB.iterdir() if p.is_file() and p.suffix in TYPES}
        self.streams: set[asyncio.Queue[dict[str, Any] | None]] = set()
        self.saved = saved
        self._saving: asyncio.TimerHandle | None = None
        self.relay: Relay | None = None  # the bot's Mini App through this port (run.py)
        if not self._restore():
            self.api.add_group(GROUP, self.words[self.language]["group"])
            for _ in range(people):
                self.add_person(None, self.language)
        self.api.observers.append(self._observe)

    def _server(self) -> FakeTelegram:
        api = FakeTelegram.enforcing(
            self.rates, token=self.token, username=USERNAME, first_name="Referee", record=False
        )
        api.web_app_http = True  # the bot's Mini App, on this machine's loopback (no TLS there)
        return api

    # --- kept on disk: the chats go on where they stopped, as the bot's games do ------------

    def _restore(self) -> bool:
        if self.saved is None or not self.saved.exists():
            return False
        try:
            self.api.load_world(json.loads(self.saved.read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as e:
            log.warning("the playground's chats in %s could not be read (%s): starting afresh", self.saved, e)
            self.api = self._server()
            self.api.update_base(int(time.time()))
            return False
        return GROUP in self.api.chats

    def save(self) -> None:
        self._saving = None
        if self.saved is None:
            return
        try:
            self.saved.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.saved.with_suffix(".tmp")
            temporary.write_text(json.dumps(self.api.world(), ensure_ascii=False), "utf-8")
            temporary.replace(self.saved)
        except OSError as e:
            log.warning("the playground's chats could not be saved in %s (%s)", self.saved, e)

    def _changed(self) -> None:
        """Save soon (at most once a second)."""
        if self.saved is not None and self._saving is None:
            self._saving = asyncio.get_running_loop().call_later(1.0, self.save)

    # --- the web application -----------------------------------------------------------

    def app(self, hosts: set[str] | None = None) -> web.Application:
        """The web application; ``hosts``: the only names a request may address it by (a web
        site that rebinds its own name to 127.0.0.1 cannot make a browser talk to it)."""
        checks = [self._host_check(hosts)] if hosts else []
        app = web.Application(client_max_size=64 * 1024, middlewares=[refusals, *checks])
        self.api.install(app)
        app.router.add_get("/", self._index)
        app.router.add_get("/assets/{name}", self._asset)
        app.router.add_get("/api/state", self._state)
        app.router.add_get("/api/events", self._events)
        app.router.add_post("/api/say", self._say)
        app.router.add_post("/api/press", self._press)
        app.router.add_post("/api/webapp", self._webapp)
        app.router.add_post("/api/welcome", self._welcome)
        app.router.add_post("/api/people", self._add_person)
        app.router.add_post("/api/people/{id}", self._change_person)
        app.on_shutdown.append(self._close_streams)
        if self.relay is not None:
            self.relay.install(app)
        return app

    @staticmethod
    def _host_check(hosts: set[str]) -> Any:
        @web.middleware
        async def check(request: web.Request, handler: Any) -> web.StreamResponse:
            if (request.url.host or "").strip("[]").lower() not in hosts:
                raise web.HTTPForbidden(text="this playground answers at its own address only")
            response: web.StreamResponse = await handler(request)
            return response

        return check

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return self._file("index.html")

    async def _asset(self, request: web.Request) -> web.StreamResponse:
        return self._file(request.match_info["name"])

    def _file(self, name: str) -> web.StreamResponse:
        path = self.files.get(name)  # by name from the list: nothing outside web/, whatever the path says
        if path is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=path.read_bytes(),
            content_type=TYPES[path.suffix],
            charset="utf-8" if TYPES[path.suffix].startswith(("text/", "application/json")) else None,
            headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
        )

    # --- what the page sees ------------------------------------------------------------------

    def person(self, user_id: int) -> dict[str, Any]:
        u = self.api.users[user_id]
        return {"id": u.id, "name": u.first_name, "lang": u.lang, "started": u.started}

    def people(self) -> list[dict[str, Any]]:
        return [self.person(uid) for uid in sorted(self.api.users)]

    def shown(self, msg: Message | Ephemeral) -> dict[str, Any]:
        """A message of the bot as the page draws it; an ephemeral one carries its receiver (the
        page shows it to them only) and the id of the message before it (where it shows)."""
        rows = (msg.markup or {}).get("inline_keyboard", [])
        buttons = [[_button(b) for b in row] for row in rows]
        entry: dict[str, Any] = {
            "id": msg.message_id if isinstance(msg, Message) else 0,
            "from": "bot",
            "text": msg.text,
            "html": msg.html,
            "buttons": buttons,
            "edits": msg.edits,
            "date": int(msg.date),
        }
        if isinstance(msg, Ephemeral):
            entry.update(ephemeral=msg.ephemeral_id, receiver=msg.receiver, after=msg.after)
        return entry

    def said(self, message: dict[str, Any]) -> dict[str, Any]:
        who = message["from"]
        return {
            "id": message["message_id"],
            "from": who["id"],
            "name": who["first_name"],
            "text": message["text"],
            "date": message["date"],
        }

    def chat(self, chat_id: int) -> list[dict[str, Any]]:
        """What a chat shows, oldest first: the bot's messages and what people wrote."""
        entries = [self.shown(m) for m in self.api.messages.get(chat_id, {}).values()]
        entries += [self.said(m) for m in self.api.said.get(chat_id, {}).values()]
        entries += [
            self.shown(e)
            for (chat, _), kept in self.api.ephemerals.items()
            if chat == chat_id
            for e in kept.values()
            if not e.lost
        ]
        return sorted(
            entries, key=lambda e: (int(e.get("after", e["id"])), "ephemeral" in e, e.get("ephemeral", 0))
        )

    def state(self) -> dict[str, Any]:
        chats = [GROUP, *sorted(self.api.users)]
        return {
            "bot": {"id": BOT_ID, "name": self.api.first_name, "username": USERNAME},
            "group": {"id": GROUP, "title": self.api.chats[GROUP].title},
            "people": self.people(),
            "chats": {str(c): self.chat(c) for c in chats},
            "polling": self.api.polling.is_set(),
            "commands": self.api.commands,
        }

    async def _state(self, request: web.Request) -> web.Response:
        return web.json_response(self.state())

    def _observe(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "shown":
            self.publish({"type": "message", "chat": event["chat"], "message": self.shown(event["message"])})
        elif kind == "said":
            chat = event["chat"]
            self.publish({"type": "message", "chat": chat, "message": self.said(event["message"])})
            if chat > 0:  # a private chat opened: the person may now be written to
                self.publish({"type": "people", "people": self.people()})
        elif kind == "deleted":
            self.publish({"type": "deleted", "chat": event["chat"], "id": event["message"].message_id})
        elif kind == "ephemeral":
            self.publish({"type": "message", "chat": event["chat"], "message": self.shown(event["message"])})
        elif kind == "ephemeral_deleted":
            gone = event["message"]
            self.publish({"type": "deleted", "chat": event["chat"], "id": 0, "ephemeral": gone.ephemeral_id})
        elif kind == "polling":
            self.publish({"type": "polling"})

    def publish(self, event: dict[str, Any]) -> None:
        with contextlib.suppress(RuntimeError):  # no loop yet: the world is being set up
            self._changed()
        for queue in self.streams:
            queue.put_nowait(event)

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: every change of every chat, as it happens."""
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"},
        )
        await response.prepare(request)
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.streams.add(queue)
        try:
            await response.write(b": hello\n\n")
            while (event := await self._next(queue)) is not None:
                data = json.dumps(event, ensure_ascii=False) if event else ""
                await response.write(f"data: {data}\n\n".encode() if data else b": ping\n\n")
        except ConnectionResetError:
            pass
        finally:
            self.streams.discard(queue)
        return response

    @staticmethod
    async def _next(queue: asyncio.Queue[dict[str, Any] | None]) -> dict[str, Any] | None:
        try:
            return await asyncio.wait_for(queue.get(), 15.0)
        except TimeoutError:
            return {}  # a keep-alive comment

    async def _close_streams(self, app: web.Application) -> None:
        for queue in self.streams:
            queue.put_nowait(None)
        if self._saving is not None:
            self._saving.cancel()
        self.save()

    # --- what people do ----------------------------------------------------------------------

    async def _body(self, request: web.Request) -> dict[str, Any]:
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType(text="JSON only")
        try:
            body = await request.json()
        except (ValueError, LookupError, RecursionError):  # not JSON, a charset unknown, nested too deep
            raise web.HTTPBadRequest(text="not JSON") from None
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(text="not an object")
        return body

    def _user(self, body: dict[str, Any]) -> int:
        user = body.get("user")
        if not isinstance(user, int) or user not in self.api.users:
            raise Bad("no such person")
        return user

    def _chat(self, body: dict[str, Any], user: int) -> int:
        chat = body.get("chat")
        if chat != GROUP and chat != user:  # the group, or the person's own chat with the bot
            raise Bad("not a chat of this person")
        return int(chat)

    async def _say(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        try:
            user = self._user(body)
            chat = self._chat(body, user)
            text = body.get("text")
            if not isinstance(text, str) or not text.strip() or len(text) > TEXT_MAX:
                raise Bad("a message is 1 to 4096 characters")
        except Bad as e:
            raise web.HTTPBadRequest(text=str(e)) from None
        message = self.api.say(user, chat, text.strip())
        return web.json_response(self.said(message))

    async def _press(self, request: web.Request) -> web.Response:
        """A button pressed: the callback query Telegram would send, and the bot's answer."""
        body = await self._body(request)
        try:
            user = self._user(body)
            chat = self._chat(body, user)
            msg = self._pressed_message(body, chat, user)
            data = body.get("data")
            # Telegram's clients press only the buttons they show, and not a disabled one
            if msg is None or not any(
                b.get("callback_data") == data and not b.get("disabled") for b in self.api.buttons(msg)
            ):
                raise Bad("no such button")
        except Bad as e:
            raise web.HTTPBadRequest(text=str(e)) from None
        if isinstance(msg, Ephemeral):
            qid = self.api.press_ephemeral(user, chat, msg.ephemeral_id, str(data))
        else:
            qid = self.api.press(user, chat, msg.message_id, str(data))
        try:
            answer = await self.api.answer_of(qid, PRESS_TIMEOUT_S)
        except TimeoutError:
            return web.json_response({"text": "", "show_alert": False, "url": None, "timeout": True})
        finally:
            self.api.forget(qid)
        return web.json_response(answer)

    def _pressed_message(self, body: dict[str, Any], chat: int, user: int) -> Message | Ephemeral | None:
        """The message a press is on: ``ephemeral`` (one only this person sees) or ``message``."""
        if "ephemeral" in body:
            e = self.api.ephemerals.get((chat, user), {}).get(_number(body["ephemeral"]))
            return None if e is None or e.lost else e
        return self.api.messages.get(chat, {}).get(_number(body.get("message")))

    async def _webapp(self, request: web.Request) -> web.Response:
        """A Mini App opened from a button: what Telegram Web puts in the frame's address
        (``tgWebAppData``: the person, signed with the playground's token, as Telegram signs it)."""
        body = await self._body(request)
        try:
            user = self._user(body)
        except Bad as e:
            raise web.HTTPBadRequest(text=str(e)) from None
        u = self.api.users[user]
        person = json.dumps({"id": u.id, "first_name": u.first_name, "language_code": u.lang})
        fields = {"user": person, "auth_date": str(int(time.time())), "query_id": secrets.token_urlsafe(12)}
        answer = {"initData": identity.sign(fields, self.token)}
        url = body.get("url")
        if isinstance(url, str) and self.relay is not None and (local := self.relay.local(url)):
            answer["url"] = local  # the bot's own Mini App: on this page's origin, through the relay
        return web.json_response(answer)

    def add_person(self, name: str | None, lang: str) -> dict[str, Any]:
        user_id = max(self.api.users, default=FIRST_PERSON - 1) + 1
        if name is None:
            names: list[str] = self.words[lang]["names"]
            name = names[(user_id - FIRST_PERSON) % len(names)]
        self.api.add_user(user_id, name, lang)
        self.api.chats[GROUP].admins.add(user_id)  # everybody may /stop: it is one person's playground
        self.publish({"type": "people", "people": self.people()})
        return self.person(user_id)

    @staticmethod
    def _name(body: dict[str, Any]) -> str | None:
        name = body.get("name")
        if name is None:
            return None
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_MAX:
            raise Bad(f"a name is 1 to {NAME_MAX} characters")
        return name.strip()

    def _lang(self, body: dict[str, Any], default: str) -> str:
        lang = body.get("lang", default)
        if not isinstance(lang, str) or lang not in LANGUAGES or lang not in self.words:
            raise Bad(f"a language is one of {', '.join(LANGUAGES)}")
        return str(lang)

    async def _welcome(self, request: web.Request) -> web.Response:
        """The page's first visit to an empty playground: two people who speak the browser's
        language (Telegram's language_code is the app's language), and the group named in it."""
        body = await self._body(request)
        lang = body.get("lang")
        if not isinstance(lang, str) or lang not in self.words or lang not in LANGUAGES:
            lang = self.language
        if not self.api.users:
            if not self.api.messages.get(GROUP) and not self.api.said.get(GROUP):
                self.api.chats[GROUP].title = self.words[lang]["group"]
            for _ in range(2):
                self.add_person(None, str(lang))
        return web.json_response(self.state())

    async def _add_person(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        try:
            name, lang = self._name(body), self._lang(body, self.language)
        except Bad as e:
            raise web.HTTPBadRequest(text=str(e)) from None
        return web.json_response(self.add_person(name, lang))

    async def _change_person(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        try:
            user_id = int(request.match_info["id"])
            if user_id not in self.api.users:
                raise Bad("no such person")
            u = self.api.users[user_id]
            name, lang = self._name(body), self._lang(body, u.lang)
        except (Bad, ValueError) as e:
            raise web.HTTPBadRequest(text=str(e)) from None
        u.first_name, u.lang = name or u.first_name, lang
        self.publish({"type": "people", "people": self.people()})
        return web.json_response(self.person(user_id))


def _number(value: Any) -> int:
    """A message id as the page sends it (0, no message, for anything but an integer)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def refusals(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every refusal in JSON: the Bot API's own shape under ``/bot``, ``{"error": why}`` for
    the page and its API (413, 405, a malformed request...); whatever no route foresaw is a
    500 in the same shape and one log line, never a traceback."""
    bot_api = request.path.startswith("/bot")
    try:
        return await handler(request)
    except web.HTTPException as e:
        if e.status < 400:
            raise
        why = e.text if e.text and not e.text.startswith(f"{e.status}:") else e.reason
        return _refused(e.status, why or e.reason, bot_api, e.headers.get("Allow"))
    except (asyncio.CancelledError, ConnectionError):  # the client went: nobody to answer
        raise
    except Exception as e:
        path = "/bot…/" + request.path.rsplit("/", 1)[-1] if bot_api else request.path  # no token in a log
        log.error(
            "playground: %s %r failed: %s: %r", request.method, path[:200], type(e).__name__, str(e)[:200]
        )
        return _refused(500, "Internal Server Error", bot_api, None)


def _refused(status: int, why: str, bot_api: bool, allow: str | None) -> web.Response:
    headers = {"Allow": allow} if allow is not None else None
    if bot_api:
        body: dict[str, Any] = {"ok": False, "error_code": status, "description": why}
    else:
        body = {"error": why}
    return web.json_response(body, status=status, headers=headers)


def _button(b: dict[str, Any]) -> dict[str, Any]:
    """A button as the page draws it: a link, a Mini App, or a callback (styled, or disabled)."""
    if "url" in b:
        return {"text": b["text"], "url": b["url"]}
    if "web_app" in b:
        return {"text": b["text"], "web_app": b["web_app"]["url"]}
    shown = {"text": b["text"], "data": b["callback_data"]}
    shown.update({k: b[k] for k in ("style", "disabled") if k in b})
    return shown


def loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host.lower() == "localhost"


@contextlib.asynccontextmanager
async def serving(playground: Playground, host: str, port: int) -> AsyncIterator[str]:
    """The playground listening on ``host``:``port``; yields the Bot API's base URL.  On
    loopback it answers only to loopback's names."""
    hosts = {"127.0.0.1", "localhost", "::1", host.strip("[]").lower()} if loopback(host) else None
    url = await playground.api.start(playground.app(hosts), host, port)
    try:
        yield url
    finally:
        await playground.api.stop()
