"""The fake Bot API's people: what tests and the playground's page do as the people in chats.

A person writes (``say``, a command if it starts with '/', in a forum topic with
``thread=``; ``sticker``), presses a button (``press``; one of an ephemeral message:
``press_ephemeral``), and changes the world as people do on Telegram: joins or leaves a
group (``join_group``, ``leave_group``), opens, closes and reopens forum topics
(``create_topic``, ``close_topic``, ``reopen_topic``), upgrades a basic group to a
supergroup (``migrate``), removes the bot from a group and adds it back (``kick_bot``,
``add_bot``), blocks and unblocks it (``block``, ``unblock``), restarts their app
(``restart_app``: the ephemeral messages it showed are gone).  Each becomes the updates
Telegram would send; nothing said or pressed where the bot was removed or blocked reaches
it.  Setting the world up is ``world``'s (``add_user``, ``add_group``); looking at it,
``checks``'.
"""

from __future__ import annotations

import time
from typing import Any

from bot.playground.botapi.rules import Rules
from bot.playground.botapi.updates import Updates
from bot.playground.botapi.world import Press, Topic


class People(Rules, Updates):
    """People acting in chats; a part of ``FakeTelegram``."""

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
        return self._pressed(Press(user_id, chat_id, message_id), data, message, qid)

    def press_ephemeral(
        self, user_id: int, chat_id: int, ephemeral_id: int, data: str, qid: str | None = None
    ) -> str:
        """``user_id`` presses a button of an ephemeral message they see in ``chat_id``: a normal
        callback query whose message has message_id 0 and the ``ephemeral_message_id``, in the
        group.  Only its receiver sees it, so only they can press it (ValueError otherwise)."""
        e = self.ephemerals.get((chat_id, user_id), {}).get(ephemeral_id)
        if e is None or e.lost:
            raise ValueError(f"{user_id} sees no ephemeral message {ephemeral_id} in {chat_id}")
        press = Press(user_id, chat_id, 0, ephemeral_id)
        return self._pressed(press, data, self._ephemeral_dict(e), qid)

    def _pressed(self, press: Press, data: str, message: dict[str, Any], qid: str | None) -> str:
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
