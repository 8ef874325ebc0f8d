"""The fake Bot API's world model: what Telegram stores.

The records: people (``User``), groups (``Chat``: basic or supergroup, a forum's
``Topic``s, who left, an upgrade to a supergroup, the bot removed), the bot's messages
(``Message``) and the ephemeral ones only one member sees (``Ephemeral``, kept per
(group, receiver)), and who made each press (``Press``).

``World`` keeps them, with the message ids of each chat, the callback queries waiting
for an answer and the answers given, the violations seen, and who is told of a change
(``observers``, the playground's page); it writes its people, chats and messages the way
the Bot API shows them (``_chat_dict``, ``_message_dict``, ``_ephemeral_dict``, a topic's
fields) and saves and loads itself as JSON (``world``, ``load_world``: the playground
keeps it on disk).  Telegram's rules on it are ``rules``'; people changing it, ``people``'.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.playground.botapi.faults import Faults

TOPIC_COLOR = 7322096  # the blue of a new topic's icon


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
class Press:
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


class World:
    """What Telegram stores; a part of ``FakeTelegram`` (the other parts build on it)."""

    def _keep_world(self, token: str, username: str, first_name: str, record: bool) -> None:
        """The bot, the people, the chats and their messages, the presses waiting for an answer."""
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
        self.answers: dict[str, dict[str, Any]] = {}
        self._answered: dict[str, asyncio.Event] = {}  # who waits for which answer
        self.last_shown = 0.0  # when the bot last sent or edited a message (monotonic)
        self._changed: dict[int, asyncio.Event] = {}  # who waits for a chat's next message or edit
        self.pending_queries: set[str] = set()
        # unique, as Telegram's, over restarts too (a bot keeps the ids it answered for a day)
        self._query_ids = itertools.count(secrets.randbits(62))
        self.violations: list[str] = []
        self.commands: dict[str, list[dict[str, Any]]] = {}
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
        self.pressers: dict[str, Press] = {}  # who made each press, where

    def notify(self, event: dict[str, Any]) -> None:
        for observer in list(self.observers):
            observer(event)

    def _violation(self, text: str) -> None:
        self.violations.append(text)
        if not self.record:  # a long-running playground keeps the last 1000
            del self.violations[:-1000]

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
