"""The fake Bot API's methods: what each call the bot makes does, and what it answers.

One ``m_<method>`` a Bot API method (lower-cased), given the call's decoded parameters:
it checks them by Telegram's rules (``rules``), changes the world (``world``) and
returns the ``result`` Telegram would, or raises ``ApiError``.  ``getMe``,
``setMyCommands``, ``sendMessage`` (ephemeral too, with ``ephemeral_message_parameters``),
``editMessageText``, ``deleteMessage``, ``answerCallbackQuery``, ``getChatMember``,
``editEphemeralMessageText``, ``editEphemeralMessageReplyMarkup``,
``deleteEphemeralMessage``; the updates' own (``getUpdates``, the webhook's) are in
``updates``.  The HTTP around them is ``routes``'.
"""

from __future__ import annotations

import math
import time
from typing import Any

from bot.playground.botapi.rules import DELETE_WINDOW_S, NOT_MODIFIED, TOO_OLD, ApiError, Rules
from bot.playground.botapi.updates import Updates
from bot.playground.botapi.world import Ephemeral, Message


class Methods(Rules, Updates):
    """The Bot API methods; a part of ``FakeTelegram``."""

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

    async def m_setmycommands(self, p: dict[str, Any]) -> bool:
        commands = p.get("commands")
        if not isinstance(commands, list) or not commands:
            raise ApiError(400, "Bad Request: commands are empty")
        for c in commands:
            if not (1 <= len(c.get("command", "")) <= 32 and 1 <= len(c.get("description", "")) <= 256):
                raise ApiError(400, "Bad Request: command is invalid")
        self.commands[str(p.get("language_code", ""))] = commands
        return True

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


def _html(params: dict[str, Any]) -> bool:
    return str(params.get("parse_mode", "")).upper() == "HTML"
