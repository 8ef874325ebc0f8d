"""The fake Bot API's rules: who may send what where, as Telegram decides it.

A call that breaks one is refused with an ``ApiError`` (Telegram's code and words; one
that is Telegram's doing and not the bot's is *excused*: no violation): a chat or
person that is not there, a person who never opened the bot (403) or blocked it, a group
upgraded to a supergroup (400 with ``migrate_to_chat_id``, though its messages may still
be edited and deleted) or the bot removed from (403), a missing or closed forum topic,
empty or too long text, HTML Telegram cannot parse (``check_html``), malformed keyboards
(callback data over 64 bytes, a Mini App's button outside a private chat, an unknown
``style``), and more than 20 messages and edits a minute in a group (429 with
retry_after; with ``strict_limits`` also one a second in a private chat and 30 a second
overall).  Ephemeral messages (Bot API 10.2-10.4) are only for a group's members, and a
bot that is not an admin sends one only within ``ephemeral_window`` of a press by its
receiver.  What no source says is marked "inferred" where it is decided.
"""

from __future__ import annotations

import html
import math
import re
import time
from collections import defaultdict, deque
from typing import Any

from bot.playground import telegram_html
from bot.playground.botapi.world import Ephemeral, Press, World

# Telegram's limits: per group, per private chat and overall (the last two only with strict_limits)
GROUP_LIMIT, GROUP_PERIOD = 20, 60.0
PRIVATE_PER_SECOND, OVERALL_PER_SECOND = 1, 30
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


def chat_of(params: dict[str, Any]) -> int | None:
    """The chat a call names (None: none, or not a number)."""
    try:
        return int(params["chat_id"])
    except (KeyError, ValueError, TypeError):
        return None


class Rules(World):
    """Telegram's rules on its world; a part of ``FakeTelegram``."""

    def _keep_limits(
        self,
        strict_limits: bool,
        group_limit: int,
        group_period: float,
        private_per_second: int,
        overall_per_second: int,
    ) -> None:
        # at most group_limit messages and edits in any group_period seconds in a group;
        # strict_limits: also private_per_second in a private chat and overall_per_second overall
        self.strict_limits = strict_limits
        self.web_app_http = False  # Telegram opens HTTPS pages only; the playground's own is on loopback
        self.group_limit, self.group_period = group_limit, group_period
        self.private_per_second, self.overall_per_second = private_per_second, overall_per_second
        self._count_limits()
        self.sent_at: dict[int, deque[float]] = defaultdict(deque)  # group sends+edits
        self.group_log: dict[int, list[float]] = defaultdict(list)
        self.ephemeral_window = EPHEMERAL_WINDOW  # a test may shorten it rather than wait 15 s

    def _count_limits(self) -> None:
        """What the limits count: sends a chat and overall, 429s given, press → answer times."""
        self.private_at: dict[int, deque[float]] = defaultdict(deque)
        self.overall_at: deque[float] = deque()
        self.too_many = 0
        self.too_many_by: dict[str, int] = defaultdict(int)  # which limit: private, overall, group
        self.pressed_at: dict[str, float] = {}
        self.answered_at: dict[str, float] = {}

    def _reachable(self, method: str, params: dict[str, Any]) -> None:
        """Refuse a call naming a group upgraded to a supergroup, a group the bot was removed
        from, or a person who blocked it."""
        chat_id = chat_of(params)
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

    # --- ephemeral messages (Bot API 10.2-10.4) -----------------------------------------------
    # As aiogram 3.2x, grammY, tdlib and telers document them; the refusals' wording is
    # inferred (none of them quotes Telegram's), the rules are theirs unless marked "inferred".

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

    def _ephemeral_press(self, chat_id: int, receiver: int, qid: Any) -> Press | None:
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
    def _replaced(params: dict[str, Any], press: Press | None) -> int | None:
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

    def _may_send_ephemeral(self, chat_id: int, qid: str, press: Press | None) -> None:
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
