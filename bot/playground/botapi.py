"""A small Bot-API-compatible server (aiohttp): the playground's Telegram and the
end-to-end tests' one.

It keeps chats, messages and a queue of updates, and answers the methods the
bot uses the way Telegram does — including the refusals: callback data over
64 bytes, malformed keyboards or HTML, editing a message to the content it
already has, writing to a user who never opened the bot (403), and more than
20 messages and edits a minute in a group (429 with retry_after).  Every such
refusal is also recorded in ``violations`` so a test can insist on none.
A request whose token is not the server's own is refused (401).

The limits it enforces are Telegram's by default; a test that is not about
them gives it faster ones (and the bot the same), so it does not wait minutes
for a board.  What people say and what the bot shows is told to ``observers``
(the playground's web page follows the chats through them).
"""

from __future__ import annotations

import asyncio
import html
import itertools
import json
import re
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.playground import telegram_html
from bot.rates import TELEGRAM, Rates

JSON_FIELDS = {
    "chat_id",
    "message_id",
    "reply_markup",
    "show_alert",
    "cache_time",
    "timeout",
    "offset",
    "limit",
    "allowed_updates",
    "commands",
    "scope",
    "user_id",
    "disable_web_page_preview",
    "link_preview_options",
    "drop_pending_updates",
    "reply_parameters",
    "entities",
}
# Telegram's limits: per group, per private chat and overall (the last two only with strict_limits)
GROUP_LIMIT, GROUP_PERIOD = 20, 60.0
PRIVATE_PER_SECOND, OVERALL_PER_SECOND = 1, 30


class ApiError(Exception):
    def __init__(
        self, code: int, description: str, retry_after: int | None = None, excused: bool = False
    ) -> None:
        super().__init__(description)
        self.code, self.description, self.retry_after = code, description, retry_after
        self.excused = excused  # refused as Telegram would, but not the bot's fault: no violation


def check_html(text: str) -> None:
    """Refuse what Telegram's HTML parse mode refuses (``telegram_html``), as Telegram does."""
    try:
        telegram_html.check(text)
    except telegram_html.HtmlError as e:
        raise ApiError(400, f"Bad Request: can't parse entities: {e}") from None


@dataclass
class Message:
    chat_id: int
    message_id: int
    text: str
    markup: dict[str, Any] | None
    date: float
    edits: int = 0
    html: bool = False  # parse_mode HTML (else plain text)


@dataclass
class User:
    id: int
    first_name: str
    lang: str = "en"
    started: bool = False  # has opened a private chat with the bot

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "is_bot": False, "first_name": self.first_name, "language_code": self.lang}


@dataclass
class Chat:
    id: int
    title: str
    admins: set[int] = field(default_factory=set)


class FakeTelegram:
    def __init__(
        self,
        token: str = "123456:TEST",
        username: str = "svintus_test_bot",
        first_name: str = "Svintus",
        record: bool = True,
        strict_limits: bool = False,
        group_limit: int = GROUP_LIMIT,
        group_period: float = GROUP_PERIOD,
        private_per_second: int = PRIVATE_PER_SECOND,
        overall_per_second: int = OVERALL_PER_SECOND,
    ) -> None:
        # at most group_limit messages and edits in any group_period seconds in a group;
        # strict_limits: also private_per_second in a private chat and overall_per_second overall
        self.strict_limits = strict_limits
        self.group_limit, self.group_period = group_limit, group_period
        self.private_per_second, self.overall_per_second = private_per_second, overall_per_second
        self._count_limits()
        self.token = token
        self.username = username
        self.first_name = first_name
        # what a test inspects afterwards (every call, every group send's time, deleted messages);
        # a long-running playground keeps none of it
        self.record = record
        self.bot_id = int(token.split(":")[0])
        self.users: dict[int, User] = {}
        self.chats: dict[int, Chat] = {}
        self.messages: dict[int, dict[int, Message]] = defaultdict(dict)
        self.deleted: list[Message] = []  # deleted by the bot, in order
        self._ids: dict[int, itertools.count[int]] = defaultdict(lambda: itertools.count(1))
        self.updates: list[dict[str, Any]] = []  # not yet confirmed by a getUpdates offset
        self._returned: set[int] = set()  # which of them getUpdates has returned (by id())
        self.deliveries: dict[str, int] = defaultdict(int)  # how often each press was delivered
        self._update_ids = itertools.count(1)
        self._new_update = asyncio.Event()
        self.answers: dict[str, dict[str, Any]] = {}
        self._answered: dict[str, asyncio.Event] = {}  # who waits for which answer
        self.last_shown = 0.0  # when the bot last sent or edited a message (monotonic)
        self._changed: dict[int, asyncio.Event] = {}  # who waits for a chat's next message or edit
        self.pending_queries: set[str] = set()
        self._query_ids = itertools.count(1)
        self.sent_at: dict[int, deque[float]] = defaultdict(deque)  # group sends+edits
        self.group_log: dict[int, list[float]] = defaultdict(list)
        self.violations: list[str] = []
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.polling = asyncio.Event()
        self.webhook: dict[str, Any] | None = None  # what setWebhook registered
        self.targets: list[str] = []  # workers that updates are posted to, round-robin
        self._next_target = itertools.count()
        self._deliveries: set[asyncio.Task[None]] = set()
        self._http: Any = None
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.said: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)  # what people wrote, by chat
        self.observers: list[Callable[[dict[str, Any]], None]] = []  # told of every change (a web page)

    def _count_limits(self) -> None:
        """What the limits count: sends a chat and overall, 429s given, press → answer times."""
        self.private_at: dict[int, deque[float]] = defaultdict(deque)
        self.overall_at: deque[float] = deque()
        self.too_many = 0
        self.too_many_by: dict[str, int] = defaultdict(int)  # which limit: private, overall, group
        self.pressed_at: dict[str, float] = {}
        self.answered_at: dict[str, float] = {}

    @classmethod
    def enforcing(cls, rates: Rates, **kwargs: Any) -> FakeTelegram:
        """A server that holds the bot to ``rates``: Telegram's, every one of them, or a test's
        relaxed group limit (and none on private chats or overall)."""
        if rates == TELEGRAM:
            return cls(strict_limits=True, **kwargs)
        return cls(group_limit=rates.group_limit, group_period=rates.group_period, **kwargs)

    def update_base(self, first: int) -> None:
        """Number the next updates from ``first`` on (a server that restarts must not repeat the
        ids a bot has seen: it would take them for redeliveries)."""
        self._update_ids = itertools.count(first)

    def notify(self, event: dict[str, Any]) -> None:
        for observer in list(self.observers):
            observer(event)

    # --- the server ---------------------------------------------------------------

    def install(self, app: web.Application) -> None:
        """Serve the Bot API (``/bot<token>/<method>``) from ``app``."""
        app.router.add_route("*", "/bot{token}/{method}", self._handle)

    async def start(self, app: web.Application | None = None, host: str = "127.0.0.1", port: int = 0) -> str:
        """Listen on ``host``:``port`` (0: any free port); returns the Bot API's base URL."""
        if app is None:
            app = web.Application()
            self.install(app)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, port)
        try:
            await site.start()
        except BaseException:
            await self.runner.cleanup()
            self.runner = None
            raise
        self.port = int(self.runner.addresses[0][1])
        return f"http://{host}:{self.port}/bot"

    async def stop(self) -> None:
        if self._http is not None:
            await self._http.close()
        if self.runner is not None:
            await self.runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        params: dict[str, Any] = {}
        if request.content_type == "application/json":
            params = await request.json()
        else:
            form = await request.post()
            for k, v in form.items():
                value = str(v)
                if k in JSON_FIELDS:
                    try:
                        params[k] = json.loads(value)
                    except json.JSONDecodeError:
                        params[k] = value
                else:
                    params[k] = value
        if self.record:
            self.calls.append((method, params))
        handler = getattr(self, "m_" + method.lower(), None)
        try:
            if handler is None:
                raise ApiError(404, f"Not Found: method {method} not found")
            result = await handler(params)
        except ApiError as e:
            if e.code != 409 and not e.excused:
                self.violations.append(f"{method}: {e.description}")
                del self.violations[: -1000 if not self.record else len(self.violations)]
            body: dict[str, Any] = {"ok": False, "error_code": e.code, "description": e.description}
            if e.retry_after is not None:
                body["parameters"] = {"retry_after": e.retry_after}
            return web.json_response(body, status=e.code)
        return web.json_response({"ok": True, "result": result})

    # --- world setup and simulated users ------------------------------------------------

    def add_user(self, user_id: int, name: str, lang: str = "en", started: bool = False) -> User:
        u = User(user_id, name, lang, started)
        self.users[user_id] = u
        return u

    def world(self) -> dict[str, Any]:
        """People, groups and every chat's messages, as JSON (the playground keeps them on disk)."""
        chats = set(self.messages) | set(self.said)
        return {
            "users": [
                {"id": u.id, "name": u.first_name, "lang": u.lang, "started": u.started}
                for u in self.users.values()
            ],
            "groups": [
                {"id": c.id, "title": c.title, "admins": sorted(c.admins)} for c in self.chats.values()
            ],
            "messages": [
                {
                    "chat": m.chat_id,
                    "id": m.message_id,
                    "text": m.text,
                    "markup": m.markup,
                    "date": m.date,
                    "edits": m.edits,
                    "html": m.html,
                }
                for chat in self.messages.values()
                for m in chat.values()
            ],
            "said": [m for chat in self.said.values() for m in chat.values()],
            "next_ids": {
                str(c): max([*self.messages.get(c, {}), *self.said.get(c, {}), 0]) + 1 for c in chats
            },
        }

    def load_world(self, world: dict[str, Any]) -> None:
        """Back to what ``world()`` gave (on a server that has nothing yet)."""
        for u in world["users"]:
            self.add_user(int(u["id"]), str(u["name"]), str(u["lang"]), bool(u["started"]))
        for c in world["groups"]:
            self.add_group(int(c["id"]), str(c["title"]), {int(a) for a in c["admins"]})
        for m in world["messages"]:
            msg = Message(int(m["chat"]), int(m["id"]), str(m["text"]), m["markup"], float(m["date"]))
            msg.edits, msg.html = int(m["edits"]), bool(m["html"])
            self.messages[msg.chat_id][msg.message_id] = msg
        for m in world["said"]:
            self.said[int(m["chat"]["id"])][int(m["message_id"])] = m
        for chat, first in world["next_ids"].items():
            self._ids[int(chat)] = itertools.count(int(first))

    def add_group(self, chat_id: int, title: str, admins: set[int] | None = None) -> Chat:
        c = Chat(chat_id, title, admins or set())
        self.chats[chat_id] = c
        return c

    def _chat_dict(self, chat_id: int) -> dict[str, Any]:
        if chat_id < 0:
            return {"id": chat_id, "type": "supergroup", "title": self.chats[chat_id].title}
        u = self.users[chat_id]
        return {"id": chat_id, "type": "private", "first_name": u.first_name}

    def push(self, update: dict[str, Any]) -> int:
        uid = next(self._update_ids)
        update = {"update_id": uid, **update}
        self.push_raw(update)
        return uid

    def push_raw(self, update: dict[str, Any]) -> None:
        """Deliver an update (again, if it was delivered before: same update_id)."""
        if self.targets:
            task = asyncio.get_running_loop().create_task(self._post(update))
            self._deliveries.add(task)
            task.add_done_callback(self._deliveries.discard)
            return
        self.updates.append(update)
        self._new_update.set()

    def deliver_to(self, targets: list[str]) -> None:
        """Webhook mode: post every update to one of ``targets`` in turn."""
        self.targets = targets

    async def _post(self, update: dict[str, Any]) -> None:
        import aiohttp

        secret = (self.webhook or {}).get("secret_token", "")
        for attempt in range(20):  # Telegram retries a failed delivery
            target = self.targets[next(self._next_target) % len(self.targets)]
            if "callback_query" in update:
                self.deliveries[str(update["callback_query"]["id"])] += 1
            try:
                async with (
                    aiohttp.ClientSession() as http,
                    http.post(target, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": secret}) as r,
                ):
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1 * (attempt + 1))
        self.violations.append(f"update {update['update_id']} could not be delivered")

    def say(self, user_id: int, chat_id: int, text: str) -> dict[str, Any]:
        """A user sends a text (a command if it starts with '/')."""
        u = self.users[user_id]
        if chat_id == user_id:
            u.started = True
        message: dict[str, Any] = {
            "message_id": next(self._ids[chat_id]),
            "date": int(time.time()),
            "chat": self._chat_dict(chat_id),
            "from": u.as_dict(),
            "text": text,
        }
        if text.startswith("/"):
            length = len(text.split()[0])
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        update = {"message": message}
        self.said[chat_id][message["message_id"]] = message
        self.push(update)
        self.notify({"type": "said", "chat": chat_id, "message": message})
        return message

    def sticker(self, user_id: int, chat_id: int) -> None:
        self.push(
            {
                "message": {
                    "message_id": next(self._ids[chat_id]),
                    "date": int(time.time()),
                    "chat": self._chat_dict(chat_id),
                    "from": self.users[user_id].as_dict(),
                    "sticker": {
                        "file_id": "pig",
                        "file_unique_id": "pig",
                        "type": "regular",
                        "width": 512,
                        "height": 512,
                        "is_animated": False,
                        "is_video": False,
                    },
                }
            }
        )

    def press(self, user_id: int, chat_id: int, message_id: int, data: str) -> str:
        """A user presses an inline button; returns the callback query id."""
        qid = str(next(self._query_ids))
        msg = self.messages[chat_id].get(message_id)
        self.pending_queries.add(qid)
        self.pressed_at[qid] = time.monotonic()
        self.push(
            {
                "callback_query": {
                    "id": qid,
                    "from": self.users[user_id].as_dict(),
                    "chat_instance": str(chat_id),
                    "data": data,
                    "message": {
                        "message_id": message_id,
                        "date": int(msg.date if msg else time.time()),
                        "chat": self._chat_dict(chat_id),
                        "text": msg.text if msg else "",
                        "from": {
                            "id": self.bot_id,
                            "is_bot": True,
                            "first_name": self.first_name,
                            "username": self.username,
                        },
                    },
                }
            }
        )
        return qid

    def forget(self, qid: str) -> None:
        """Drop what is kept of an answered press (a long-running playground reads each once)."""
        for kept in (self.answers, self.pressed_at, self.answered_at, self.deliveries):
            kept.pop(qid, None)

    async def answer_of(self, qid: str, timeout: float = 15.0) -> dict[str, Any]:
        if qid not in self.answers:
            waiter = self._answered.setdefault(qid, asyncio.Event())
            try:
                await asyncio.wait_for(waiter.wait(), timeout)
            except TimeoutError:
                self._answered.pop(qid, None)
                raise TimeoutError(f"callback {qid} was not answered") from None
        return self.answers[qid]

    async def next_change(self, chat_id: int, timeout: float) -> bool:
        """Wait until the bot sends or edits a message in ``chat_id`` (False: not within ``timeout``)."""
        waiter = self._changed.setdefault(chat_id, asyncio.Event())
        try:
            await asyncio.wait_for(waiter.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def quiet(self, seconds: float, timeout: float = 30.0) -> None:
        """Wait until the bot has sent and edited nothing for ``seconds``: its screens settled."""
        deadline = time.monotonic() + timeout
        while (idle := time.monotonic() - self.last_shown) < seconds:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot kept sending for {timeout} s")
            await asyncio.sleep(seconds - idle)

    def _shown(self, msg: Message, change: str = "shown") -> None:
        """The bot sent or edited (or deleted) ``msg``."""
        self.last_shown = time.monotonic()
        waiter = self._changed.pop(msg.chat_id, None)
        if waiter is not None:
            waiter.set()
        self.notify({"type": change, "chat": msg.chat_id, "message": msg})

    def last_message(self, chat_id: int) -> Message | None:
        msgs = self.messages.get(chat_id)
        if not msgs:
            return None
        return msgs[max(msgs)]

    def buttons(self, msg: Message | None) -> list[dict[str, Any]]:
        if msg is None or not msg.markup:
            return []
        return [b for row in msg.markup.get("inline_keyboard", []) for b in row]

    def group_rate_ok(self) -> bool:
        for times in self.group_log.values():
            for i in range(len(times) - self.group_limit):
                if times[i + self.group_limit] - times[i] < self.group_period:
                    return False
        return True

    # --- validation helpers ------------------------------------------------------------------

    def _check_markup(self, markup: Any) -> dict[str, Any] | None:
        if markup is None:
            return None
        if not isinstance(markup, dict) or not isinstance(markup.get("inline_keyboard"), list):
            raise ApiError(400, "Bad Request: reply markup is invalid")
        if sum(len(r) for r in markup["inline_keyboard"] if isinstance(r, list)) > 100:
            raise ApiError(400, "Bad Request: reply markup is too long")
        for row in markup["inline_keyboard"]:
            if not isinstance(row, list):
                raise ApiError(400, "Bad Request: reply markup rows must be arrays")
            for b in row:
                if not isinstance(b, dict) or not b.get("text"):
                    raise ApiError(400, "Bad Request: button text is empty")
                kinds = [k for k in ("url", "callback_data") if k in b]
                if len(kinds) != 1:
                    raise ApiError(400, "Bad Request: a button needs exactly one of url or callback_data")
                if "callback_data" in b and not 1 <= len(str(b["callback_data"]).encode()) <= 64:
                    raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
                if "url" in b and not str(b["url"]).startswith(("https://", "http://", "tg://")):
                    raise ApiError(400, "Bad Request: BUTTON_URL_INVALID")
        return dict(markup)

    def _check_text(self, params: dict[str, Any]) -> str:
        text = params.get("text")
        if not isinstance(text, str) or not text.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        html_mode = str(params.get("parse_mode", "")).upper() == "HTML"
        if html_mode:
            check_html(text)
        # Telegram counts the text once its entities are parsed, in UTF-16 units
        shown = html.unescape(re.sub(r"<[^>]*>", "", text)) if html_mode else text
        if len(shown.encode("utf-16-le")) // 2 > 4096:
            raise ApiError(400, "Bad Request: message is too long")
        return text

    def _target(self, params: dict[str, Any]) -> int:
        try:
            chat_id = int(params["chat_id"])
        except (KeyError, ValueError, TypeError):
            raise ApiError(400, "Bad Request: chat_id is empty") from None
        if chat_id < 0:
            if chat_id not in self.chats:
                raise ApiError(400, "Bad Request: chat not found")
        else:
            user = self.users.get(chat_id)
            if user is None:
                raise ApiError(400, "Bad Request: chat not found")
            if not user.started:
                raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        return chat_id

    def _rate(self, chat_id: int) -> None:
        now = time.monotonic()
        if self.strict_limits:
            for window, limit in (
                (self.private_at[chat_id], self.private_per_second),
                (self.overall_at, self.overall_per_second),
            ):
                if chat_id < 0 and window is not self.overall_at:
                    continue
                while window and now - window[0] >= 1.0:
                    window.popleft()
                if len(window) >= limit:
                    self.too_many += 1
                    self.too_many_by["overall" if window is self.overall_at else "private"] += 1
                    raise ApiError(429, "Too Many Requests: retry after 1", retry_after=1)
            self.overall_at.append(now)
            if chat_id > 0:
                self.private_at[chat_id].append(now)
        if chat_id >= 0:
            return
        window = self.sent_at[chat_id]
        while window and now - window[0] >= self.group_period:
            window.popleft()
        if len(window) >= self.group_limit:
            retry = int(window[0] + self.group_period - now) + 1
            self.too_many += 1
            self.too_many_by["group"] += 1
            raise ApiError(429, f"Too Many Requests: retry after {retry}", retry_after=retry)
        window.append(now)
        if self.record:
            self.group_log[chat_id].append(now)

    # --- methods --------------------------------------------------------------------------------

    async def m_getme(self, p: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": self.first_name,
            "username": self.username,
            "can_join_groups": True,
            "can_read_all_group_messages": True,
            "supports_inline_queries": False,
        }

    async def m_deletewebhook(self, p: dict[str, Any]) -> bool:
        self.webhook = None
        return True

    async def m_setmycommands(self, p: dict[str, Any]) -> bool:
        commands = p.get("commands")
        if not isinstance(commands, list) or not commands:
            raise ApiError(400, "Bad Request: commands are empty")
        for c in commands:
            if not (1 <= len(c.get("command", "")) <= 32 and 1 <= len(c.get("description", "")) <= 256):
                raise ApiError(400, "Bad Request: command is invalid")
        self.commands[str(p.get("language_code", ""))] = commands
        return True

    async def m_setwebhook(self, p: dict[str, Any]) -> bool:
        if not str(p.get("url", "")).startswith(("http://", "https://")):
            raise ApiError(400, "Bad Request: bad webhook: an HTTPS URL must be provided for webhook")
        secret = str(p.get("secret_token", ""))
        if secret and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
            raise ApiError(400, "Bad Request: secret token contains unallowed characters")
        self.webhook = {"url": p["url"], "secret_token": secret}
        return True

    async def m_getupdates(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        if self.webhook is not None:
            raise ApiError(409, "Conflict: can't use getUpdates method while webhook is active")
        if not self.polling.is_set():
            self.polling.set()
            self.notify({"type": "polling"})
        offset = int(p.get("offset") or 0)
        timeout = float(p.get("timeout") or 0)
        if offset:  # confirms what was returned below it; a redelivery not yet returned stays
            confirmed = [u for u in self.updates if id(u) in self._returned and u["update_id"] < offset]
            for u in confirmed:
                self._returned.discard(id(u))
            self.updates = [u for u in self.updates if all(u is not c for c in confirmed)]
        deadline = time.monotonic() + timeout
        while not self.updates and time.monotonic() < deadline:
            self._new_update.clear()
            try:
                await asyncio.wait_for(
                    self._new_update.wait(), timeout=max(0.01, deadline - time.monotonic())
                )
            except TimeoutError:
                break
        batch = self.updates[: int(p.get("limit") or 100)]
        self._returned.update(id(u) for u in batch)
        for u in batch:
            if "callback_query" in u:
                self.deliveries[str(u["callback_query"]["id"])] += 1
        return list(batch)

    async def m_sendmessage(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id = self._target(p)
        text = self._check_text(p)
        markup = self._check_markup(p.get("reply_markup"))
        self._rate(chat_id)
        mid = next(self._ids[chat_id])
        msg = Message(chat_id, mid, text, markup, time.time(), html=_html(p))
        self.messages[chat_id][mid] = msg
        self._shown(msg)
        return self._message_dict(msg)

    async def m_editmessagetext(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id = self._target(p)
        text = self._check_text(p)
        markup = self._check_markup(p.get("reply_markup"))
        msg = self.messages[chat_id].get(int(p.get("message_id", 0)))
        if msg is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        if msg.text == text and (msg.markup or None) == (markup or None):
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message content "
                "and reply markup are exactly the same as a current content",
            )
        self._rate(chat_id)
        msg.text, msg.markup, msg.html = text, markup, _html(p)
        msg.edits += 1
        self._shown(msg)
        return self._message_dict(msg)

    async def m_deletemessage(self, p: dict[str, Any]) -> bool:
        chat_id = self._target(p)
        msg = self.messages[chat_id].pop(int(p.get("message_id", 0)), None)
        if msg is None:
            raise ApiError(400, "Bad Request: message to delete not found")
        if self.record:
            self.deleted.append(msg)
        self._shown(msg, "deleted")
        return True

    async def m_answercallbackquery(self, p: dict[str, Any]) -> bool:
        qid = str(p.get("callback_query_id"))
        if qid not in self.pending_queries:
            raise ApiError(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
                # a press delivered twice (its batch was not confirmed before a crash) may be
                # answered twice: the bot cannot know its first answer went out
                excused=qid in self.answers and self.deliveries[qid] > 1,
            )
        text = p.get("text")
        if text is not None and len(str(text)) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        self.pending_queries.discard(qid)
        self.answered_at[qid] = time.monotonic()
        self.answers[qid] = {"text": text or "", "show_alert": bool(p.get("show_alert")), "url": p.get("url")}
        waiter = self._answered.pop(qid, None)
        if waiter is not None:
            waiter.set()
        self.notify({"type": "answered", "query": qid, "answer": self.answers[qid]})
        return True

    async def m_getchatmember(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id, user_id = int(p["chat_id"]), int(p["user_id"])
        chat = self.chats.get(chat_id)
        if chat is None:
            raise ApiError(400, "Bad Request: chat not found")
        status = "administrator" if user_id in chat.admins else "member"
        body: dict[str, Any] = {"status": status, "user": self.users[user_id].as_dict()}
        if status == "administrator":
            body.update(
                {
                    k: True
                    for k in (
                        "can_be_edited",
                        "is_anonymous",
                        "can_manage_chat",
                        "can_delete_messages",
                        "can_manage_video_chats",
                        "can_restrict_members",
                        "can_promote_members",
                        "can_change_info",
                        "can_invite_users",
                        "can_post_stories",
                        "can_edit_stories",
                        "can_delete_stories",
                    )
                }
            )
        return body

    def _message_dict(self, msg: Message) -> dict[str, Any]:
        d: dict[str, Any] = {
            "message_id": msg.message_id,
            "date": int(msg.date),
            "chat": self._chat_dict(msg.chat_id),
            "from": {
                "id": self.bot_id,
                "is_bot": True,
                "first_name": self.first_name,
                "username": self.username,
            },
            "text": msg.text,
        }
        if msg.edits:
            d["edit_date"] = int(time.time())
        if msg.markup:
            d["reply_markup"] = msg.markup
        return d


def _html(params: dict[str, Any]) -> bool:
    return str(params.get("parse_mode", "")).upper() == "HTML"
