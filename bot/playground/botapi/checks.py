"""The fake Bot API's checks: what a test looks at and waits for.

What one person sees in a group (``sees``: everyone's messages and their own ephemeral
ones, each where it came; ``seen_ephemerals``), the bot's last message in a chat
(``last_message``) and its buttons (``buttons``); waiting, on events, for a press's
answer (``answer_of``), a chat's next change (``next_change``) or the bot to go quiet
(``quiet``: its screens settled); whether the group limit held over the whole run
(``group_rate_ok``); ``forget`` drops what is kept of a press once read.
``violations`` (every refusal that was the bot's fault), ``pending_queries`` (presses
not yet answered), ``calls`` and ``faults.hits`` are attributes of the parts that
record them.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.playground.botapi.rules import Rules
from bot.playground.botapi.updates import Updates
from bot.playground.botapi.world import Ephemeral, Message


class Checks(Rules, Updates):
    """What tests look at and wait for; a part of ``FakeTelegram``."""

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

    def last_message(self, chat_id: int) -> Message | None:
        msgs = self.messages.get(chat_id)
        if not msgs:
            return None
        return msgs[max(msgs)]

    def buttons(self, msg: Message | Ephemeral | None) -> list[dict[str, Any]]:
        """The buttons a person can press on ``msg``: a disabled one (Bot API 10.3) is shown
        greyed and sends nothing, so it is not among them (``greyed``)."""
        return [b for b in self.every_button(msg) if not b.get("disabled")]

    def greyed(self, msg: Message | Ephemeral | None) -> list[dict[str, Any]]:
        """The disabled buttons of ``msg``: shown, not pressable."""
        return [b for b in self.every_button(msg) if b.get("disabled")]

    def every_button(self, msg: Message | Ephemeral | None) -> list[dict[str, Any]]:
        if msg is None or not msg.markup:
            return []
        return [b for row in msg.markup.get("inline_keyboard", []) for b in row]

    def group_rate_ok(self) -> bool:
        for times in self.group_log.values():
            for i in range(len(times) - self.group_limit):
                if times[i + self.group_limit] - times[i] < self.group_period:
                    return False
        return True
