"""Simulated players at a table: they read the messages the bot shows and press its buttons."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Callable
from typing import Any

from bot.playground.botapi import Ephemeral, FakeTelegram, Message
from engine.core.codec import b36
from tests.codes import notation


def code_of(button: dict[str, Any]) -> str:
    """What a button does, in the tests' notation (``tests.codes``)."""
    return notation(button.get("callback_data"))


def card_of(code: str) -> int | None:
    """The card a ``play.<card>.<top>`` button plays (codes are the engine's codec's)."""
    if not code.startswith("play."):
        return None
    return int(code.split(".")[1], 36)


def play_code(card: int, top: int | None = None) -> str:
    """The code of the button playing ``card`` on ``top`` (None: on whatever is on top)."""
    return f"play.{b36(card)}" + (f".{b36(top)}" if top is not None else "")


COLOR_ANSWER = re.compile(r"!\d+:(red|orange|green|blue)")


class Table:
    mark = "🐷"  # the game's emoji: its lobby, board and every hand begin with it

    def __init__(self, api: FakeTelegram, group: int) -> None:
        self.api = api
        self.group = group

    # --- what is on screen ------------------------------------------------------

    def board(self) -> Message | None:
        """The board (or lobby): the latest bot message in the group with the game's title."""
        msgs = [m for m in self.api.messages.get(self.group, {}).values() if m.text.startswith(self.mark)]
        return msgs[-1] if msgs else None

    def hand(self, user: int) -> Message | None:
        msgs = [m for m in self.api.messages.get(user, {}).values() if m.text.startswith(self.mark)]
        return msgs[-1] if msgs else None

    def board_text(self) -> str:
        board = self.board()
        return board.text if board is not None else ""

    def posts(self, start: str, chat: int | None = None) -> list[str]:
        """The messages of the group (or of ``chat``) that begin with ``start``."""
        where = self.group if chat is None else chat
        return [m.text for m in self.api.messages.get(where, {}).values() if m.text.startswith(start)]

    def hand_text(self, user: int) -> str:
        hand = self.hand(user)
        return hand.text if hand is not None else ""

    def buttons(self, msg: Message | None) -> list[dict[str, Any]]:
        return self.api.buttons(msg)

    def find(self, msg: Message | None, code: str | Callable[[str], bool]) -> dict[str, Any] | None:
        for b in self.buttons(msg):
            c = code_of(b)
            if (c == code) if isinstance(code, str) else code(c):
                return b
        return None

    async def until(self, check: Callable[[], Any], timeout: float = 20.0, what: str = "") -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = check()
            if value:
                return value
            if time.monotonic() > deadline:
                board = self.board()
                raise TimeoutError(f"{what or check!r}; the board shows:\n{board.text if board else None}")
            await asyncio.sleep(0.05)

    def on_turn(self, players: tuple[int, ...]) -> int | None:
        """The player whose hand says it is their turn."""
        for p in players:
            hand = self.hand(p)
            if hand is not None and any(
                words in hand.text
                # on one's turn, or after drawing a card that fits (still one's turn)
                for words in ("Your turn", "Ваш ход", "You drew a card that fits", "Взятая карта подходит")
            ):
                return p
        return None

    def hand_card(self, user: int, label: str) -> int:
        """The id of the card whose button on ``user``'s hand reads ``label``."""
        for b in self.buttons(self.hand(user)):
            card = card_of(code_of(b))
            if b["text"].removeprefix("✅ ") == label and card is not None:
                return card
        raise AssertionError(f"no {label} on the hand of {user}")

    # --- acting -------------------------------------------------------------------

    async def press(self, user: int, msg: Message | Ephemeral, button: dict[str, Any]) -> dict[str, Any]:
        if isinstance(msg, Ephemeral):  # a hand in the group: only its receiver sees (and presses) it
            qid = self.api.press_ephemeral(user, msg.chat_id, msg.ephemeral_id, button["callback_data"])
        else:
            qid = self.api.press(user, msg.chat_id, msg.message_id, button["callback_data"])
        return await self.api.answer_of(qid)

    @staticmethod
    def version(msg: Message | Ephemeral) -> tuple[int, int]:
        """Which message, and how often edited: it changed when this did."""
        return (msg.ephemeral_id if isinstance(msg, Ephemeral) else msg.message_id), msg.edits

    async def press_code(
        self, user: int, msg: Message | None, code: str | Callable[[str], bool]
    ) -> dict[str, Any]:
        assert msg is not None, "no message to press on"
        b = self.find(msg, code)
        assert b is not None, f"no button {code} in {[code_of(x) for x in self.buttons(msg)]}\n{msg.text}"
        return await self.press(user, msg, b)

    async def a_turn_with_a_play(self, players: tuple[int, ...]) -> tuple[int, Message, dict[str, Any]]:
        """Whoever is on turn, with a card they may play: a deal may give them none, then they
        draw (and pass) until somebody has one; a colour named, a Grab or Snore taken, first."""
        for _ in range(12):
            p, colour = await self.until(lambda: self._turn_or_colour(players), what="somebody's turn")
            hand = self.hand(p)
            assert hand is not None
            card = next((b for b in self.buttons(hand) if b["text"].startswith("✅")), None)
            if card is not None and colour is None:
                return p, hand, card
            version = self.version(hand)
            code = code_of(colour) if colour is not None else "draw" if self.find(hand, "draw") else "pass"
            answer = await self.press_code(p, hand, code)
            assert colour is not None or answer["text"] == "", answer

            def redrawn(p: int = p, version: tuple[int, int] = version) -> bool:
                h = self.hand(p)
                return h is not None and self.version(h) != version

            await self.until(redrawn, what=f"the hand after {code}")
        raise AssertionError("nobody had a card to play in 12 turns")

    def _turn_or_colour(self, players: tuple[int, ...]) -> tuple[int, dict[str, Any] | None] | None:
        """Whoever is on turn; or whoever must first name a colour (a Polypig played: no
        hand says «Your turn» meanwhile), with a colour's button; or whoever a Grab or
        a Snore is on, with its button to take it (their hand says so, not «Your turn»)."""
        p = self.on_turn(players)
        if p is not None:
            return p, None
        for q in players:
            buttons = self.buttons(self.hand(q))
            first = next((b for b in buttons if COLOR_ANSWER.fullmatch(code_of(b))), None)
            if first is None and any(w in self.hand_text(q) for w in ("is on you", "На вас")):
                first = next((b for b in buttons if b["text"].startswith(("😩", "😴"))), None)
            if first is not None:
                return q, first
        return None

    async def command(self, user: int, chat: int, text: str) -> None:
        self.api.say(user, chat, text)
        await asyncio.sleep(0)

    def choose(self, user: int) -> tuple[Message, dict[str, Any]] | None:
        """A sensible button for ``user`` on their hand: slap, Svintus, a playable card, ..."""
        hand = self.hand(user)
        if hand is None:
            return None
        buttons = self.buttons(hand)
        by_code = {code_of(b): b for b in buttons}
        for code in ("slap", "declare"):
            if code in by_code:
                return hand, by_code[code]
        playable = [b for b in buttons if code_of(b).startswith("play.") and b["text"].startswith("✅")]
        if playable:
            return hand, playable[0]
        colour = next((b for c, b in by_code.items() if COLOR_ANSWER.fullmatch(c)), None)
        if colour is not None:
            return hand, colour
        for code in ("accept", "draw", "pass"):
            if code in by_code:
                return hand, by_code[code]
        return None


Choose = Callable[[Any, int, random.Random], "tuple[Message, dict[str, Any]] | None"]


async def press_until(
    t: Table,
    players: list[int],
    choose: Choose,
    kind: Callable[[str], str],
    until: Callable[[], bool],
    seed: int,
    timeout: float,
) -> dict[str, int]:
    """Simulated people: each presses what ``choose`` picks on their hand (again
    only once their hand has changed) until ``until()``; every press is answered.
    Returns how many presses of each ``kind`` (and how many were answered with words)."""
    rnd = random.Random(seed)
    seen: dict[str, int] = {}
    last: dict[int, tuple[int, int]] = {}
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not end in time: {seen}\n{t.board_text()}")
        acted = False
        for p in players:
            picked = choose(t, p, rnd)
            if picked is None:
                continue
            msg, button = picked
            if last.get(p) == t.version(msg):
                continue
            last[p] = t.version(msg)
            ans = await t.press(p, msg, button)
            pressed = kind(code_of(button))
            seen[pressed] = seen.get(pressed, 0) + 1
            if ans["text"]:
                seen["answered"] = seen.get("answered", 0) + 1
            acted = True
        if not acted:
            await t.api.next_change(t.group, 0.05)
    return seen


class GroupTable(Table):
    """A table whose players see their hands in the group, each for themselves alone (the
    bot's ephemeral messages): ``hand`` is the newest hand in the group ``user`` sees."""

    def hand(self, user: int) -> Ephemeral | None:  # type: ignore[override]
        mine = [e for e in self.api.seen_ephemerals(user, self.group) if e.text.startswith(self.mark)]
        return mine[-1] if mine else None

    async def open_hand(self, user: int) -> Ephemeral:
        """``user`` presses the board's «🃏 My cards»: their hand comes, below the board."""
        before = self.hand(user)
        answer = await self.press_code(user, self.board(), "~mine")
        assert answer["text"] == "", answer

        def came() -> Ephemeral | None:
            h = self.hand(user)
            return h if h is not None and h is not before else None

        hand: Ephemeral = await self.until(came, what=f"the hand of {user} in the group")
        return hand
