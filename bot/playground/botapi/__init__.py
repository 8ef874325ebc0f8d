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

The world changes as it does on Telegram when a test makes it: groups are basic
(``kind="group"``) or supergroups, forums with topics (``create_topic``,
``close_topic``, ``say(..., thread=)``: sending into a missing topic is 400
"message thread not found", into a closed one 400 "TOPIC_CLOSED", both the bot's
fault); people join (``join_group``); a basic group is upgraded to a supergroup
(``migrate``: a call naming the old id is refused with 400 and ``migrate_to_chat_id``,
though its messages may still be edited and deleted, as Telegram allows); the bot is
removed from a group and added back (``kick_bot``, ``add_bot``: 403 meanwhile, and
nothing said or pressed there reaches it); a person blocks the bot and restarts it
(``block``, ``unblock``: 403 meanwhile).  Faults a test switches on, all off by
default, are on ``faults`` (``Faults``): ``outage`` (every call answered 502/503/504
with nginx's HTML page, or held unanswered: "timeout") until ``heal``; ``late`` (a
call done at once, answered seconds later); ``flood`` (429 "retry after N" of any
length; a call before N is up is recorded as ignoring retry_after);
``callback_expiry`` (a press answered too late is refused, as Telegram does after
about 15 s); ``refuse_old_edits`` (edits in an upgraded group refused too).  A
message sent 48 hours ago or more (its ``date``; a test ages one by moving it back)
is not deleted: 400 "message can't be deleted for everyone".  A
refusal that is Telegram's and not the bot's fault is *excused* (not a violation);
``faults.hits`` counts each kind met.

Ephemeral messages (Bot API 10.2-10.4: a message in a group only one member sees) are
kept per (group, receiver): ``sendMessage`` with ``ephemeral_message_parameters``,
``editEphemeralMessageText``, ``editEphemeralMessageReplyMarkup``,
``deleteEphemeralMessage``, with the checks of ordinary messages, the 15-second rule
for a bot that is not an admin (``ephemeral_window``), counted in the group's limit;
a press on one (``press_ephemeral``) is a callback query whose message has message_id 0
and its ``ephemeral_message_id``; ``sees`` is what one person sees in a group.  An app
that loses them: ``faults.drop_ephemerals``, ``restart_app``.  What no source says is
marked "inferred" where it is decided.
"""

from __future__ import annotations

import asyncio
import html
import itertools
import json
import math
import re
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.playground import telegram_html
from bot.playground.botapi.faults import FLOOD_SLACK, NGINX_PAGES, Faults, Outage, nginx_page
from bot.rates import TELEGRAM, Rates
from bot.settings import dial

__all__ = [
    "BUTTON_STYLES",
    "DELETE_WINDOW_S",
    "EPHEMERAL_WINDOW",
    "FLOOD_SLACK",
    "GROUP_LIMIT",
    "GROUP_PERIOD",
    "JSON_FIELDS",
    "NGINX_PAGES",
    "NOT_MODIFIED",
    "OLD_GROUP_METHODS",
    "OVERALL_PER_SECOND",
    "PRIVATE_PER_SECOND",
    "TOO_OLD",
    "TOPIC_COLOR",
    "ApiError",
    "Chat",
    "Ephemeral",
    "FakeTelegram",
    "Faults",
    "Message",
    "Topic",
    "User",
    "check_html",
    "nginx_page",
]

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
    "ephemeral_message_parameters",
}
# Telegram's limits: per group, per private chat and overall (the last two only with strict_limits)
GROUP_LIMIT, GROUP_PERIOD = 20, 60.0
PRIVATE_PER_SECOND, OVERALL_PER_SECOND = 1, 30
TOPIC_COLOR = 7322096  # the blue of a new topic's icon
TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
# a message sent longer ago than this is not deleted any more (deleteMessage's "48 hours")
DELETE_WINDOW_S = 48 * 3600
# what the bot may still do in a basic group upgraded to a supergroup (the old group lives on)
OLD_GROUP_METHODS = {"editmessagetext", "editmessagereplymarkup", "deletemessage"}
# a bot that is not an admin may send an ephemeral message only this long after a press by its
# receiver (Bot API 10.2-10.4, as aiogram, grammY and tdlib document it)
EPHEMERAL_WINDOW = 15.0
BUTTON_STYLES = {"primary", "success", "danger"}  # InlineKeyboardButton.style (Bot API 9.4)
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content "
    "and reply markup are exactly the same as a current content"
)


class ApiError(Exception):
    def __init__(
        self,
        code: int,
        description: str,
        retry_after: int | None = None,
        excused: bool = False,
        parameters: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(description)
        self.code, self.description, self.retry_after = code, description, retry_after
        self.excused = excused  # refused as Telegram would, but not the bot's fault: no violation
        self.parameters = dict(parameters or {})  # ResponseParameters: migrate_to_chat_id, retry_after
        if retry_after is not None:
            self.parameters["retry_after"] = retry_after


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
    thread_id: int | None = None  # the forum topic it is in (None: General, or not a forum)


@dataclass
class Ephemeral:
    """A message in a group that only ``receiver`` sees (Bot API 10.2+): its id is the
    ``ephemeral_message_id`` (its ``message_id`` is 0)."""

    chat_id: int
    receiver: int
    ephemeral_id: int
    text: str
    markup: dict[str, Any] | None
    date: float
    html: bool = False
    thread_id: int | None = None
    edits: int = 0
    after: int = 0  # the chat's last message id when it was sent: where it shows in the chat
    replaces: int | None = None  # the message it is shown in place of (replace_callback_query_message)
    lost: bool = False  # the receiver's app dropped it (``drop_ephemerals``, ``restart_app``)

    def as_json(self) -> dict[str, Any]:
        return {
            "chat": self.chat_id,
            "receiver": self.receiver,
            "id": self.ephemeral_id,
            "text": self.text,
            "markup": self.markup,
            "date": self.date,
            "html": self.html,
            "thread": self.thread_id,
            "edits": self.edits,
            "after": self.after,
            "replaces": self.replaces,
            "lost": self.lost,
        }

    @classmethod
    def from_json(cls, e: dict[str, Any]) -> Ephemeral:
        return cls(
            int(e["chat"]),
            int(e["receiver"]),
            int(e["id"]),
            str(e["text"]),
            e["markup"],
            float(e["date"]),
            bool(e["html"]),
            None if e.get("thread") is None else int(e["thread"]),
            int(e["edits"]),
            int(e["after"]),
            None if e.get("replaces") is None else int(e["replaces"]),
            bool(e.get("lost", False)),
        )


@dataclass
class _Press:
    """Who pressed which message where (an ephemeral one: its id)."""

    user: int
    chat: int
    message_id: int
    ephemeral_id: int | None = None


@dataclass
class User:
    id: int
    first_name: str
    lang: str = "en"
    started: bool = False  # has opened a private chat with the bot
    blocked: bool = False  # has blocked the bot

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "is_bot": False, "first_name": self.first_name, "language_code": self.lang}


@dataclass
class Topic:
    """A forum topic: its id is the id of the service message that created it."""

    id: int
    name: str
    creator: int
    date: int
    icon_color: int = TOPIC_COLOR
    closed: bool = False


@dataclass
class Chat:
    id: int
    title: str
    admins: set[int] = field(default_factory=set)
    kind: str = "supergroup"  # or "group": a basic group
    forum: bool = False
    topics: dict[int, Topic] = field(default_factory=dict)
    general_closed: bool = False
    migrated_to: int | None = None  # a basic group upgraded to this supergroup
    bot_status: str = "member"  # or "kicked" / "left": the bot was removed
    # the people who left it (``leave_group``); everyone else the fake knows is a member
    gone: set[int] = field(default_factory=set)


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
        self.web_app_http = False  # Telegram opens HTTPS pages only; the playground's own is on loopback
        self.group_limit, self.group_period = group_limit, group_period
        self.private_per_second, self.overall_per_second = private_per_second, overall_per_second
        self._count_limits()
        self.token, self.username = token, username
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
        self._top_id: dict[int, int] = {}  # the last message id given in each chat
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
        # unique, as Telegram's, over restarts too (a bot keeps the ids it answered for a day)
        self._query_ids = itertools.count(secrets.randbits(62))
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
        self.faults = Faults()  # what goes wrong, when a test says so
        self._keep_ephemerals()

    def _keep_ephemerals(self) -> None:
        """Ephemeral messages, by (group, receiver) then ephemeral id; who made each press, and
        where (the 15-second rule asks)."""
        self.ephemerals: dict[tuple[int, int], dict[int, Ephemeral]] = defaultdict(dict)
        self._ephemeral_ids: dict[int, itertools.count[int]] = defaultdict(lambda: itertools.count(1))
        self._top_ephemeral: dict[int, int] = {}  # the last ephemeral id of each chat loaded from disk
        self.pressers: dict[str, _Press] = {}  # who made each press, where
        self.ephemeral_window = EPHEMERAL_WINDOW  # a test may shorten it rather than wait 15 s

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
        self.faults.closed = False  # started again after a stop: held and late answers wait again
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
        shown = dial(host)
        return f"http://{f'[{shown}]' if ':' in shown else shown}:{self.port}/bot"

    async def stop(self) -> None:
        self.faults.close()
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
        try:
            params = await _params(request)
        except (ValueError, LookupError, RecursionError) as e:  # not JSON, a charset unknown, too deep
            self._violation(f"{method}: parameters unreadable ({type(e).__name__})")
            return _refusal(400, "Bad Request: can't parse request parameters")
        if self.record:
            self.calls.append((method, params))
        outage = self.faults.outage_of(method)
        if outage is not None:
            return await self._down(request, method, outage)
        handler = getattr(self, "m_" + method.lower(), None)
        try:
            if handler is None:
                raise ApiError(404, f"Not Found: method {method} not found")
            self._flood(method, params)
            self._reachable(method, params)
            result = await handler(params)
        except (TypeError, ValueError, KeyError, AttributeError) as e:  # a parameter of the wrong type
            self._violation(f"{method}: malformed parameters ({type(e).__name__}: {e})")
            return _refusal(400, "Bad Request: wrong parameter type")
        except ApiError as e:
            if e.code != 409 and not e.excused:
                self._violation(f"{method}: {e.description}")
            body: dict[str, Any] = {"ok": False, "error_code": e.code, "description": e.description}
            if e.parameters:
                body["parameters"] = e.parameters
            return web.json_response(body, status=e.code)
        delay = self.faults.take_late(method, _chat_of(params))
        if delay is not None:  # done already; the answer comes late (or to nobody, if it gave up)
            await self.faults.pause(delay)
        return web.json_response({"ok": True, "result": result})

    def _violation(self, text: str) -> None:
        self.violations.append(text)
        if not self.record:  # a long-running playground keeps the last 1000
            del self.violations[:-1000]

    async def _down(self, request: web.Request, method: str, outage: Outage) -> web.Response:
        """The Bot API is down: nginx answers, or nothing does until the outage ends."""
        self.faults.hits["outage"] += 1
        if outage.kind != "timeout":
            return web.Response(
                status=int(outage.kind), text=nginx_page(outage.kind), content_type="text/html"
            )
        await self.faults.hold(method)
        if request.transport is not None:  # closed without an answer (unless the client gave up)
            request.transport.close()
        return web.Response(status=504)  # written to no one

    def _flood(self, method: str, params: dict[str, Any]) -> None:
        """429 while a flood is on; a call before the retry_after it was given is a violation."""
        chat_id = _chat_of(params)
        early = self.faults.early(method, chat_id)
        if early > FLOOD_SLACK:
            self._violation(f"{method}: ignored retry_after ({early:.2f} s early)")
        flooded = self.faults.flooded(method, chat_id)
        if flooded is None:
            return
        left, methods = flooded
        retry = max(1, math.ceil(left))
        self.faults.tell(chat_id, time.monotonic() + retry, methods)
        self.faults.hits["flood"] += 1
        raise ApiError(429, f"Too Many Requests: retry after {retry}", retry_after=retry, excused=True)

    def _reachable(self, method: str, params: dict[str, Any]) -> None:
        """Refuse a call naming a group upgraded to a supergroup, a group the bot was removed
        from, or a person who blocked it."""
        chat_id = _chat_of(params)
        if chat_id is not None and chat_id > 0:
            user = self.users.get(chat_id)
            if user is not None and user.blocked:
                self.faults.hits["blocked"] += 1
                raise ApiError(403, "Forbidden: bot was blocked by the user", excused=True)
        chat = self.chats.get(chat_id) if chat_id is not None else None
        if chat is None:
            return
        if chat.migrated_to is not None and (
            self.faults.refuse_old_edits or method.lower() not in OLD_GROUP_METHODS
        ):
            self.faults.hits["migrated"] += 1
            raise ApiError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                parameters={"migrate_to_chat_id": chat.migrated_to},
                excused=True,
            )
        if chat.bot_status != "member":
            self.faults.hits[chat.bot_status] += 1
            was = "was kicked from" if chat.bot_status == "kicked" else "is not a member of"
            raise ApiError(403, f"Forbidden: bot {was} the {chat.kind} chat", excused=True)

    # --- world setup and simulated users ------------------------------------------------

    def add_user(self, user_id: int, name: str, lang: str = "en", started: bool = False) -> User:
        u = User(user_id, name, lang, started)
        self.users[user_id] = u
        return u

    def world(self) -> dict[str, Any]:
        """People, groups and every chat's messages, as JSON (the playground keeps them on disk)."""
        chats = set(self.messages) | set(self.said) | set(self._top_id)
        return {
            "users": [
                {"id": u.id, "name": u.first_name, "lang": u.lang, "started": u.started, "blocked": u.blocked}
                for u in self.users.values()
            ],
            "groups": [_group_json(c) for c in self.chats.values()],
            "messages": [
                {
                    "chat": m.chat_id,
                    "id": m.message_id,
                    "text": m.text,
                    "markup": m.markup,
                    "date": m.date,
                    "edits": m.edits,
                    "html": m.html,
                    "thread": m.thread_id,
                }
                for chat in self.messages.values()
                for m in chat.values()
            ],
            "said": [m for chat in self.said.values() for m in chat.values()],
            "ephemerals": [e.as_json() for kept in self.ephemerals.values() for e in kept.values()],
            "next_ids": {
                str(c): max([*self.messages.get(c, {}), *self.said.get(c, {}), self._top_id.get(c, 0)]) + 1
                for c in chats
            },
        }

    def load_world(self, world: dict[str, Any]) -> None:
        """Back to what ``world()`` gave (on a server that has nothing yet; a world saved before
        topics, migrations and blocks were kept loads too)."""
        for u in world["users"]:
            user = self.add_user(int(u["id"]), str(u["name"]), str(u["lang"]), bool(u["started"]))
            user.blocked = bool(u.get("blocked", False))
        for c in world["groups"]:
            self._load_group(c)
        for m in world["messages"]:
            msg = Message(int(m["chat"]), int(m["id"]), str(m["text"]), m["markup"], float(m["date"]))
            msg.edits, msg.html = int(m["edits"]), bool(m["html"])
            msg.thread_id = None if m.get("thread") is None else int(m["thread"])
            self.messages[msg.chat_id][msg.message_id] = msg
        for m in world["said"]:
            self.said[int(m["chat"]["id"])][int(m["message_id"])] = m
        for raw in world.get("ephemerals", []):
            e = Ephemeral.from_json(raw)
            self.ephemerals[(e.chat_id, e.receiver)][e.ephemeral_id] = e
            top = max(e.ephemeral_id, self._top_ephemeral.get(e.chat_id, 0))
            self._top_ephemeral[e.chat_id] = top
            self._ephemeral_ids[e.chat_id] = itertools.count(top + 1)
        for chat, first in world["next_ids"].items():
            self._ids[int(chat)] = itertools.count(int(first))
            self._top_id[int(chat)] = int(first) - 1

    def _load_group(self, c: dict[str, Any]) -> None:
        chat = self.add_group(
            int(c["id"]),
            str(c["title"]),
            {int(a) for a in c["admins"]},
            str(c.get("kind", "supergroup")),
            bool(c.get("forum", False)),
        )
        chat.general_closed = bool(c.get("general_closed", False))
        chat.migrated_to = None if c.get("migrated_to") is None else int(c["migrated_to"])
        chat.bot_status = str(c.get("bot_status", "member"))
        chat.gone = {int(u) for u in c.get("gone", [])}
        for t in c.get("topics", []):
            topic = Topic(int(t["id"]), str(t["name"]), int(t["creator"]), int(t["date"]))
            topic.icon_color, topic.closed = int(t["icon_color"]), bool(t["closed"])
            chat.topics[topic.id] = topic

    def add_group(
        self,
        chat_id: int,
        title: str,
        admins: set[int] | None = None,
        kind: str = "supergroup",
        forum: bool = False,
    ) -> Chat:
        """A group the bot is in: a supergroup (a forum, if ``forum``) or a basic group."""
        if kind not in ("group", "supergroup") or (forum and kind != "supergroup") or chat_id >= 0:
            raise ValueError(f"no such group: {chat_id} {kind} forum={forum}")
        c = Chat(chat_id, title, admins or set(), kind=kind, forum=forum)
        self.chats[chat_id] = c
        if forum:  # its first message tells it was created: no topic is 1 (General is, to Telegram)
            self._new_id(chat_id)
        return c

    def _chat_dict(self, chat_id: int) -> dict[str, Any]:
        if chat_id < 0:
            chat = self.chats[chat_id]
            d: dict[str, Any] = {"id": chat_id, "type": chat.kind, "title": chat.title}
            if chat.forum:
                d["is_forum"] = True
            return d
        u = self.users[chat_id]
        return {"id": chat_id, "type": "private", "first_name": u.first_name}

    def _new_id(self, chat_id: int) -> int:
        """The next message id in ``chat_id`` (people's, the bot's and service messages share them)."""
        mid = next(self._ids[chat_id])
        self._top_id[chat_id] = mid
        return mid

    def _bot_user(self) -> dict[str, Any]:
        return {"id": self.bot_id, "is_bot": True, "first_name": self.first_name, "username": self.username}

    def _delivered(self, chat_id: int) -> bool:
        """Whether what happens in ``chat_id`` reaches the bot (not once removed or blocked)."""
        if chat_id > 0:
            return not self.users[chat_id].blocked
        return self.chats[chat_id].bot_status == "member"

    def _topic(self, chat_id: int, thread: int) -> Topic:
        chat = self.chats.get(chat_id)
        if chat is None or not chat.forum or thread not in chat.topics:
            raise ValueError(f"no topic {thread} in {chat_id}")
        return chat.topics[thread]

    def _in_thread(self, chat_id: int, thread: int | None) -> dict[str, Any]:
        """The fields of a message in forum topic ``thread``: it answers the topic's first message."""
        if thread is None:
            return {}
        topic = self._topic(chat_id, thread)
        root = {
            "message_id": topic.id,
            "date": topic.date,
            "chat": self._chat_dict(chat_id),
            "from": self.users[topic.creator].as_dict() if topic.creator in self.users else self._bot_user(),
            "message_thread_id": topic.id,
            "forum_topic_created": {"name": topic.name, "icon_color": topic.icon_color},
            "is_topic_message": True,
        }
        return {"message_thread_id": thread, "is_topic_message": True, "reply_to_message": root}

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

    def _from(self, user_id: int, chat_id: int, thread: int | None = None) -> dict[str, Any]:
        """A new message of ``user_id`` in ``chat_id`` (in forum topic ``thread``), its content to come."""
        in_thread = self._in_thread(chat_id, thread)
        return {
            "message_id": self._new_id(chat_id),
            "date": int(time.time()),
            "chat": self._chat_dict(chat_id),
            "from": self.users[user_id].as_dict(),
            **in_thread,
        }

    def _open(self, chat_id: int) -> None:
        chat = self.chats.get(chat_id)
        if chat is not None and chat.migrated_to is not None:
            raise ValueError(
                f"{chat_id} was upgraded to the supergroup {chat.migrated_to}: people write there"
            )

    def say(self, user_id: int, chat_id: int, text: str, thread: int | None = None) -> dict[str, Any]:
        """A user sends a text (a command if it starts with '/'), in forum topic ``thread`` if given.
        It does not reach a bot removed from the group or blocked by the user."""
        u = self.users[user_id]
        self._open(chat_id)
        if chat_id == user_id and not u.blocked:
            u.started = True
        message: dict[str, Any] = {**self._from(user_id, chat_id, thread), "text": text}
        if text.startswith("/"):
            length = len(text.split()[0])
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        self.said[chat_id][message["message_id"]] = message
        if self._delivered(chat_id):
            self.push({"message": message})
        self.notify({"type": "said", "chat": chat_id, "message": message})
        return message

    def sticker(self, user_id: int, chat_id: int) -> None:
        self._open(chat_id)
        sticker = {
            "file_id": "pig",
            "file_unique_id": "pig",
            "type": "regular",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
        }
        message = {**self._from(user_id, chat_id), "sticker": sticker}
        if self._delivered(chat_id):
            self.push({"message": message})

    def press(self, user_id: int, chat_id: int, message_id: int, data: str, qid: str | None = None) -> str:
        """A user presses an inline button; returns the callback query id (a press in a group the
        bot was removed from, or in the chat of a person who blocked it, does not reach it).
        ``qid``: the id to give it, as a server that numbered its presses anew would (Telegram
        never does); its earlier answer is forgotten, so ``answer_of`` waits for the new one."""
        msg = self.messages[chat_id].get(message_id)
        message = {
            "message_id": message_id,
            "date": int(msg.date if msg else time.time()),
            "chat": self._chat_dict(chat_id),
            "text": msg.text if msg else "",
            "from": self._bot_user(),
            **self._in_thread(chat_id, msg.thread_id if msg else None),
        }
        return self._pressed(_Press(user_id, chat_id, message_id), data, message, qid)

    def press_ephemeral(
        self, user_id: int, chat_id: int, ephemeral_id: int, data: str, qid: str | None = None
    ) -> str:
        """``user_id`` presses a button of an ephemeral message they see in ``chat_id``: a normal
        callback query whose message has message_id 0 and the ``ephemeral_message_id``, in the
        group.  Only its receiver sees it, so only they can press it (ValueError otherwise)."""
        e = self.ephemerals.get((chat_id, user_id), {}).get(ephemeral_id)
        if e is None or e.lost:
            raise ValueError(f"{user_id} sees no ephemeral message {ephemeral_id} in {chat_id}")
        press = _Press(user_id, chat_id, 0, ephemeral_id)
        return self._pressed(press, data, self._ephemeral_dict(e), qid)

    def _pressed(self, press: _Press, data: str, message: dict[str, Any], qid: str | None) -> str:
        if qid is None:
            qid = str(next(self._query_ids))
        else:
            self.answers.pop(qid, None)
        if not self._delivered(press.chat):
            return qid
        self.pending_queries.add(qid)
        self.pressed_at[qid] = time.monotonic()
        self.pressers[qid] = press
        self.push(
            {
                "callback_query": {
                    "id": qid,
                    "from": self.users[press.user].as_dict(),
                    "chat_instance": str(press.chat),
                    "data": data,
                    "message": message,
                }
            }
        )
        return qid

    def restart_app(self, user_id: int) -> None:
        """``user_id``'s Telegram app restarts: the ephemeral messages it showed are gone
        (Telegram says they may vanish then); editing them is refused from then on (inferred)."""
        for (_, receiver), kept in self.ephemerals.items():
            for e in kept.values():
                if receiver == user_id and not e.lost:
                    e.lost = True
                    self._shown_ephemeral(e, gone=True)

    def sees(self, user_id: int, chat_id: int) -> list[Message | Ephemeral]:
        """What ``user_id`` sees of the bot's messages in ``chat_id``, in order: everyone's, and
        the ephemeral ones only they see (each where it came, after the message before it)."""
        mine = [e for e in self.ephemerals.get((chat_id, user_id), {}).values() if not e.lost]
        replaced = {e.replaces for e in mine}
        shown: list[Message | Ephemeral] = [
            m for m in self.messages.get(chat_id, {}).values() if m.message_id not in replaced
        ]
        return sorted(
            [*shown, *mine],
            key=lambda m: (m.message_id, 0, 0) if isinstance(m, Message) else (m.after, 1, m.ephemeral_id),
        )

    def seen_ephemerals(self, user_id: int, chat_id: int) -> list[Ephemeral]:
        """The ephemeral messages ``user_id`` sees in ``chat_id``, oldest first."""
        return [m for m in self.sees(user_id, chat_id) if isinstance(m, Ephemeral)]

    # --- the world changes -------------------------------------------------------------

    def _service(
        self, user_id: int, chat_id: int, fields: dict[str, Any], thread: int | None = None
    ) -> dict[str, Any]:
        """A service message (people joining, a group upgraded, ...): no text, not talk."""
        message = {**self._from(user_id, chat_id, thread), **fields}
        if self._delivered(chat_id):
            self.push({"message": message})
        return message

    def _member_update(self, chat_id: int, by_user: int, old: str, new: str) -> None:
        """``my_chat_member``: the bot's status in ``chat_id`` changed from ``old`` to ``new``."""

        def member(status: str) -> dict[str, Any]:
            d: dict[str, Any] = {"user": self._bot_user(), "status": status}
            if status == "kicked":
                d["until_date"] = 0  # banned for ever
            return d

        update = {
            "chat": self._chat_dict(chat_id),
            "from": self.users[by_user].as_dict(),
            "date": int(time.time()),
            "old_chat_member": member(old),
            "new_chat_member": member(new),
        }
        self.push({"my_chat_member": update})

    def join_group(self, user_id: int, chat_id: int) -> dict[str, Any]:
        """``user_id`` joins the group: a ``new_chat_members`` service message."""
        u = self.users[user_id].as_dict()
        self.chats[chat_id].gone.discard(user_id)
        fields = {"new_chat_participant": u, "new_chat_member": u, "new_chat_members": [u]}
        return self._service(user_id, chat_id, fields)

    def leave_group(self, user_id: int, chat_id: int) -> dict[str, Any]:
        """``user_id`` leaves the group: a ``left_chat_member`` service message."""
        self.chats[chat_id].gone.add(user_id)
        u = self.users[user_id].as_dict()
        return self._service(user_id, chat_id, {"left_chat_participant": u, "left_chat_member": u})

    def create_topic(self, chat_id: int, user_id: int, name: str) -> int:
        """``user_id`` opens a topic in the forum ``chat_id``; returns its message_thread_id (the id
        of its ``forum_topic_created`` service message)."""
        chat = self.chats[chat_id]
        if not chat.forum:
            raise ValueError(f"{chat_id} is not a forum")
        mid = self._new_id(chat_id)
        chat.topics[mid] = Topic(mid, name, user_id, int(time.time()))
        if self._delivered(chat_id):
            self.push({"message": self._in_thread(chat_id, mid)["reply_to_message"]})
        return mid

    def close_topic(self, chat_id: int, thread_id: int | None = None, by_user: int | None = None) -> None:
        """Close a forum topic (None: General); ``by_user``: with their service message."""
        self._close(chat_id, thread_id, True, by_user)

    def reopen_topic(self, chat_id: int, thread_id: int | None = None, by_user: int | None = None) -> None:
        self._close(chat_id, thread_id, False, by_user)

    def _close(self, chat_id: int, thread_id: int | None, closed: bool, by_user: int | None) -> None:
        if thread_id is None:
            if not self.chats[chat_id].forum:
                raise ValueError(f"{chat_id} is not a forum")
            self.chats[chat_id].general_closed = closed
        else:
            self._topic(chat_id, thread_id).closed = closed
        if by_user is not None:
            what = "forum_topic_closed" if closed else "forum_topic_reopened"
            self._service(by_user, chat_id, {what: {}}, thread_id)

    def migrate(self, chat_id: int, by_user: int) -> int:
        """``by_user`` upgrades the basic group ``chat_id`` to a supergroup; returns its new id.
        The bot is told in both chats (and of its joining the new one); the old id is refused
        from then on with ``migrate_to_chat_id``, but its messages may still be pressed, edited
        and deleted (Telegram keeps the old group)."""
        old = self.chats[chat_id]
        if old.kind != "group" or old.migrated_to is not None:
            raise ValueError(f"{chat_id} is not a basic group")
        new_id = int(f"-100{abs(chat_id)}")
        if new_id in self.chats:
            raise ValueError(f"{new_id} exists already")
        self.add_group(new_id, old.title, set(old.admins))
        self._service(by_user, chat_id, {"migrate_to_chat_id": new_id})
        old.migrated_to = new_id
        self._service(by_user, new_id, {"migrate_from_chat_id": chat_id})
        self._member_update(new_id, by_user, "left", "member")
        return new_id

    def kick_bot(self, chat_id: int, by_user: int, status: str = "kicked") -> None:
        """``by_user`` removes the bot from the group (``status`` "kicked", or "left")."""
        chat = self.chats[chat_id]
        if status not in ("kicked", "left") or chat.bot_status != "member":
            raise ValueError(f"the bot cannot become {status!r} in {chat_id} ({chat.bot_status})")
        self._member_update(chat_id, by_user, "member", status)
        chat.bot_status = status

    def add_bot(self, chat_id: int, by_user: int) -> None:
        """``by_user`` adds the removed bot back to the group."""
        chat = self.chats[chat_id]
        if chat.bot_status == "member":
            raise ValueError(f"the bot is in {chat_id} already")
        old, chat.bot_status = chat.bot_status, "member"
        self._member_update(chat_id, by_user, old, "member")
        bot = self._bot_user()
        self._service(
            by_user, chat_id, {"new_chat_participant": bot, "new_chat_member": bot, "new_chat_members": [bot]}
        )

    def block(self, user_id: int) -> None:
        """``user_id`` blocks the bot: 403 "bot was blocked by the user" until ``unblock``."""
        user = self.users[user_id]
        if user.blocked:
            raise ValueError(f"{user_id} has blocked the bot already")
        user.blocked = True
        self._member_update(user_id, user_id, "member", "kicked")

    def unblock(self, user_id: int, restart: bool = False) -> None:
        """``user_id`` unblocks the bot; ``restart``: with the /start the "Restart bot" button sends."""
        user = self.users[user_id]
        if not user.blocked:
            raise ValueError(f"{user_id} has not blocked the bot")
        user.blocked = False
        self._member_update(user_id, user_id, "kicked", "member")
        if restart:
            self.say(user_id, user_id, "/start")

    def forget(self, qid: str) -> None:
        """Drop what is kept of an answered press (a long-running playground reads each once)."""
        for kept in (self.answers, self.pressed_at, self.answered_at, self.deliveries, self.pressers):
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

    def _shown_ephemeral(self, e: Ephemeral, gone: bool = False) -> None:
        """The bot sent, edited or deleted ``e`` (one its receiver's app lost is not shown)."""
        self.last_shown = time.monotonic()
        waiter = self._changed.pop(e.chat_id, None)
        if waiter is not None:
            waiter.set()
        kind = "ephemeral_deleted" if gone or e.lost else "ephemeral"
        self.notify({"type": kind, "chat": e.chat_id, "message": e})

    def last_message(self, chat_id: int) -> Message | None:
        msgs = self.messages.get(chat_id)
        if not msgs:
            return None
        return msgs[max(msgs)]

    def buttons(self, msg: Message | Ephemeral | None) -> list[dict[str, Any]]:
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

    def _check_markup(self, markup: Any, chat_id: int = 0) -> dict[str, Any] | None:
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
                self._check_button(b, chat_id)
        return dict(markup)

    def _check_button(self, b: Any, chat_id: int) -> None:
        if not isinstance(b, dict) or not b.get("text"):
            raise ApiError(400, "Bad Request: button text is empty")
        kinds = [k for k in ("url", "callback_data", "web_app") if k in b]
        if len(kinds) != 1:
            raise ApiError(400, "Bad Request: a button needs exactly one of url or callback_data")
        if "web_app" in b:
            self._check_web_app(b["web_app"], chat_id)
        if "callback_data" in b and not 1 <= len(str(b["callback_data"]).encode()) <= 64:
            raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
        if "url" in b and not str(b["url"]).startswith(("https://", "http://", "tg://")):
            raise ApiError(400, "Bad Request: BUTTON_URL_INVALID")
        # Bot API 9.4's style and 10.3's disabled (a greyed button that does nothing); inferred:
        # the wording of their refusals
        if "style" in b and b["style"] not in BUTTON_STYLES:
            raise ApiError(400, "Bad Request: BUTTON_STYLE_INVALID")
        if "disabled" in b and not isinstance(b["disabled"], bool):
            raise ApiError(400, "Bad Request: can't parse inline keyboard button: disabled must be Boolean")

    def _check_web_app(self, web_app: Any, chat_id: int) -> None:
        """A Mini App's button: only in a private chat, to an HTTPS page (the
        playground's own loopback page too, when it serves one: ``web_app_http``)."""
        if chat_id < 0:
            raise ApiError(400, "Bad Request: BUTTON_TYPE_INVALID")
        url = str(web_app.get("url", "")) if isinstance(web_app, dict) else ""
        if not (url.startswith("https://") or (self.web_app_http and url.startswith("http://"))):
            raise ApiError(400, "Bad Request: BUTTON_URL_INVALID")

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

    def _thread(self, chat_id: int, params: dict[str, Any]) -> int | None:
        """The forum topic a message is sent to: one that exists, and is open (General too)."""
        raw = params.get("message_thread_id")
        chat = self.chats.get(chat_id)
        if raw in (None, "", 0, "0"):
            if chat is not None and chat.forum and chat.general_closed:
                self.faults.hits["topic_closed"] += 1
                raise ApiError(400, "Bad Request: TOPIC_CLOSED")
            return None
        try:
            thread = int(raw)
        except (TypeError, ValueError):
            raise ApiError(400, "Bad Request: message thread not found") from None
        topic = chat.topics.get(thread) if chat is not None and chat.forum else None
        if topic is None:
            self.faults.hits["thread_not_found"] += 1
            raise ApiError(400, "Bad Request: message thread not found")
        if topic.closed:
            self.faults.hits["topic_closed"] += 1
            raise ApiError(400, "Bad Request: TOPIC_CLOSED")
        return thread

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
        if p.get("ephemeral_message_parameters") is not None:
            return self._send_ephemeral(p)
        chat_id = self._target(p)
        thread = self._thread(chat_id, p)
        text = self._check_text(p)
        markup = self._check_markup(p.get("reply_markup"), chat_id)
        self._rate(chat_id)
        mid = self._new_id(chat_id)
        msg = Message(chat_id, mid, text, markup, time.time(), html=_html(p), thread_id=thread)
        self.messages[chat_id][mid] = msg
        self._shown(msg)
        return self._message_dict(msg)

    async def m_editmessagetext(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id = self._target(p)
        text = self._check_text(p)
        markup = self._check_markup(p.get("reply_markup"), chat_id)
        msg = self.messages[chat_id].get(int(p.get("message_id", 0)))
        if msg is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        if msg.text == text and (msg.markup or None) == (markup or None):
            raise ApiError(400, NOT_MODIFIED)
        self._rate(chat_id)
        msg.text, msg.markup, msg.html = text, markup, _html(p)
        msg.edits += 1
        self._shown(msg)
        return self._message_dict(msg)

    async def m_deletemessage(self, p: dict[str, Any]) -> bool:
        chat_id = self._target(p)
        msg = self.messages[chat_id].get(int(p.get("message_id", 0)))
        if msg is None:
            raise ApiError(400, "Bad Request: message to delete not found")
        if time.time() - msg.date >= DELETE_WINDOW_S:  # Telegram keeps it: asked, not a fault
            raise ApiError(400, "Bad Request: message can't be deleted for everyone", excused=True)
        del self.messages[chat_id][msg.message_id]
        if self.record:
            self.deleted.append(msg)
        self._shown(msg, "deleted")
        return True

    async def m_answercallbackquery(self, p: dict[str, Any]) -> bool:
        qid = str(p.get("callback_query_id"))
        expiry, pressed = self.faults.callback_expiry, self.pressed_at.get(qid, math.inf)
        # too late: the person's spinner gave up
        if qid in self.pending_queries and expiry is not None and time.monotonic() - pressed > expiry:
            self.pending_queries.discard(qid)
            self.faults.hits["expired"] += 1
            raise ApiError(400, TOO_OLD, excused=True)
        if qid not in self.pending_queries:
            raise ApiError(
                400,
                TOO_OLD,
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
        if user_id != self.bot_id and user_id not in self.users:
            raise ApiError(400, "Bad Request: user not found")
        user = self._bot_user() if user_id == self.bot_id else self.users[user_id].as_dict()
        status = "administrator" if user_id in chat.admins else "left" if user_id in chat.gone else "member"
        body: dict[str, Any] = {"status": status, "user": user}
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

    # --- ephemeral messages (Bot API 10.2-10.4) -----------------------------------------------
    # As aiogram 3.2x, grammY, tdlib and telers document them; the refusals' wording is
    # inferred (none of them quotes Telegram's), the rules are theirs unless marked "inferred".

    def _send_ephemeral(self, p: dict[str, Any]) -> dict[str, Any]:
        """sendMessage with ``ephemeral_message_parameters``: a message in a group only its
        receiver sees; the result is a Message with message_id 0, ``ephemeral_message_id`` and
        ``receiver_user``."""
        chat_id = self._group_target(p)
        params = p["ephemeral_message_parameters"]
        if not isinstance(params, dict):
            raise ApiError(400, "Bad Request: can't parse ephemeral message parameters")
        receiver = self._receiver(chat_id, params.get("receiver_user_id"))
        press = self._ephemeral_press(chat_id, receiver, params.get("callback_query_id"))
        replaces = self._replaced(params, press)
        thread = self._thread(chat_id, p)
        text = self._check_text(p)
        markup = self._check_markup(p.get("reply_markup"), chat_id)
        self._may_send_ephemeral(chat_id, str(params.get("callback_query_id")), press)
        self._rate(chat_id)  # inferred: no limit of their own is documented; counted as the group's
        e = Ephemeral(
            chat_id,
            receiver,
            next(self._ephemeral_ids[chat_id]),  # inferred: numbered per chat, from 1
            text,
            markup,
            time.time(),
            html=_html(p),
            thread_id=thread,
            after=self._top_id.get(chat_id, 0),
            replaces=replaces,
            lost=receiver in self.faults.dropping,
        )
        self.ephemerals[(chat_id, receiver)][e.ephemeral_id] = e
        self._shown_ephemeral(e)
        return self._ephemeral_dict(e)

    def _group_target(self, p: dict[str, Any]) -> int:
        """The chat of an ephemeral message: a group or supergroup, never a private chat."""
        chat_id = self._target(p)
        if chat_id > 0:
            raise ApiError(400, "Bad Request: ephemeral messages can't be sent to private chats")
        return chat_id

    def _receiver(self, chat_id: int, raw: Any) -> int:
        """The receiver: a person (never a bot) who is in the group; inferred: a receiver is
        always named (aiogram, grammY and tdlib require receiver_user_id; one Dart library
        lets a callback_query_id stand for it)."""
        try:
            receiver = int(raw)
        except (TypeError, ValueError):
            raise ApiError(400, "Bad Request: receiver_user_id is empty") from None
        if receiver not in self.users:  # the bot itself and other bots too
            raise ApiError(400, "Bad Request: user not found")
        if receiver in self.chats[chat_id].gone:  # may leave at any moment: not the bot's fault
            raise ApiError(400, "Bad Request: USER_NOT_PARTICIPANT", excused=True)
        return receiver

    def _ephemeral_press(self, chat_id: int, receiver: int, qid: Any) -> _Press | None:
        """The press named by ``callback_query_id``: the receiver's, in this group (inferred:
        a press by someone else, or elsewhere, does not let the bot write to the receiver)."""
        if qid in (None, ""):
            return None
        press = self.pressers.get(str(qid))
        if press is None:
            raise ApiError(400, TOO_OLD)
        if press.user != receiver or press.chat != chat_id:
            raise ApiError(400, "Bad Request: the callback query is not the receiver's in this chat")
        return press

    @staticmethod
    def _replaced(params: dict[str, Any], press: _Press | None) -> int | None:
        """The message an ephemeral one is shown in place of (replace_callback_query_message):
        the pressed one; never an ephemeral one (those are edited instead, as documented)."""
        if not params.get("replace_callback_query_message"):
            return None
        if press is None:
            raise ApiError(400, "Bad Request: replace_callback_query_message needs a callback_query_id")
        if press.ephemeral_id is not None:
            raise ApiError(
                400, "Bad Request: a press on an ephemeral message is answered by editing that message"
            )
        return press.message_id

    def _may_send_ephemeral(self, chat_id: int, qid: str, press: _Press | None) -> None:
        """An admin bot may send one at any time; any other only within ``ephemeral_window``
        seconds of a press by the receiver, passing its callback_query_id."""
        if self.bot_id in self.chats[chat_id].admins:
            return
        if press is None:
            raise ApiError(
                400, "Bad Request: not enough rights to send ephemeral messages without a callback query"
            )
        if time.monotonic() - self.pressed_at.get(qid, -math.inf) > self.ephemeral_window:
            self.faults.hits["ephemeral_late"] += 1  # a slow answer, as an expired callback: excused
            raise ApiError(400, TOO_OLD, excused=True)

    def _ephemeral(self, p: dict[str, Any], verb: str) -> Ephemeral:
        """The ephemeral message an edit or a delete names; one the receiver's app lost is
        refused as one that is not there (inferred), and that is not the bot's fault."""
        chat_id = self._group_target(p)
        try:
            receiver, eid = int(p["receiver_user_id"]), int(p["ephemeral_message_id"])
        except (KeyError, TypeError, ValueError):
            raise ApiError(400, f"Bad Request: message to {verb} not found") from None
        e = self.ephemerals.get((chat_id, receiver), {}).get(eid)
        if e is None:
            raise ApiError(400, f"Bad Request: message to {verb} not found")
        if e.lost:
            self.faults.hits["ephemeral_lost"] += 1
            raise ApiError(400, f"Bad Request: message to {verb} not found", excused=True)
        return e

    async def m_editephemeralmessagetext(self, p: dict[str, Any]) -> bool:
        """Inferred: edits and deletes are not bound to the 15 seconds (nothing says they are)."""
        e = self._ephemeral(p, "edit")
        text = self._check_text(p)
        self._change_ephemeral(e, text, self._check_markup(p.get("reply_markup"), e.chat_id), _html(p))
        return True

    async def m_editephemeralmessagereplymarkup(self, p: dict[str, Any]) -> bool:
        e = self._ephemeral(p, "edit")
        self._change_ephemeral(e, e.text, self._check_markup(p.get("reply_markup"), e.chat_id), e.html)
        return True

    def _change_ephemeral(
        self, e: Ephemeral, text: str, markup: dict[str, Any] | None, html_mode: bool
    ) -> None:
        if e.text == text and (e.markup or None) == (markup or None):
            raise ApiError(400, NOT_MODIFIED)
        self._rate(e.chat_id)  # inferred, as sending: counted as a message to the group
        e.text, e.markup, e.html = text, markup, html_mode
        e.edits += 1
        self._shown_ephemeral(e)

    async def m_deleteephemeralmessage(self, p: dict[str, Any]) -> bool:
        e = self._ephemeral(p, "delete")
        del self.ephemerals[(e.chat_id, e.receiver)][e.ephemeral_id]
        self._shown_ephemeral(e, gone=True)
        return True

    def _ephemeral_dict(self, e: Ephemeral) -> dict[str, Any]:
        d: dict[str, Any] = {
            "message_id": 0,
            "ephemeral_message_id": e.ephemeral_id,
            "receiver_user": self.users[e.receiver].as_dict(),
            "date": int(e.date),
            "chat": self._chat_dict(e.chat_id),
            "from": self._bot_user(),
            "text": e.text,
            **self._in_thread(e.chat_id, e.thread_id),
        }
        if e.edits:
            d["edit_date"] = int(time.time())
        if e.markup:
            d["reply_markup"] = e.markup
        return d

    def _message_dict(self, msg: Message) -> dict[str, Any]:
        d: dict[str, Any] = {
            "message_id": msg.message_id,
            "date": int(msg.date),
            "chat": self._chat_dict(msg.chat_id),
            "from": self._bot_user(),
            "text": msg.text,
            **self._in_thread(msg.chat_id, msg.thread_id),
        }
        if msg.edits:
            d["edit_date"] = int(time.time())
        if msg.markup:
            d["reply_markup"] = msg.markup
        return d


def _refusal(code: int, description: str) -> web.Response:
    return web.json_response({"ok": False, "error_code": code, "description": description}, status=code)


def _html(params: dict[str, Any]) -> bool:
    return str(params.get("parse_mode", "")).upper() == "HTML"


def _group_json(c: Chat) -> dict[str, Any]:
    return {
        "id": c.id,
        "title": c.title,
        "admins": sorted(c.admins),
        "kind": c.kind,
        "forum": c.forum,
        "general_closed": c.general_closed,
        "migrated_to": c.migrated_to,
        "bot_status": c.bot_status,
        "gone": sorted(c.gone),
        "topics": [
            {
                "id": t.id,
                "name": t.name,
                "creator": t.creator,
                "date": t.date,
                "icon_color": t.icon_color,
                "closed": t.closed,
            }
            for t in c.topics.values()
        ],
    }


def _chat_of(params: dict[str, Any]) -> int | None:
    """The chat a call names (None: none, or not a number)."""
    try:
        return int(params["chat_id"])
    except (KeyError, ValueError, TypeError):
        return None


async def _params(request: web.Request) -> dict[str, Any]:
    """A call's parameters, sent as JSON or as a form (JSON-encoded fields decoded)."""
    if request.content_type == "application/json":
        params = await request.json()
        if not isinstance(params, dict):
            raise ValueError("not a JSON object")
        return params
    params = {}
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
    return params
