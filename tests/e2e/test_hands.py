"""Where a hand is in its private chat, through the real bot process: a new game's
hand (a rematch, ``/new``) is a new message at the bottom, the last game's left as it
was; a hand with a message of the bot's below it (a nudge, another group's hand)
comes back to the bottom at its next change, its old message deleted — or, too old
for Telegram to delete, stripped of its buttons, once."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import buttons
from bot.i18n import translator
from bot.playground.botapi import DELETE_WINDOW_S, FakeTelegram, Message
from tests.e2e.table import Table, press_until
from tests.e2e.telegram import greet, until_current

GROUP, OTHER = -100_811, -100_812
ANN, BOB = 8101, 8102
PLAYERS = (ANN, BOB)
MARK = "🐷"
T = translator()


class GroupTable(Table):
    """A table whose hands are told apart from another group's: a hand's buttons name
    the group its game lives in."""

    def hand(self, user: int) -> Message | None:
        sent = self.api.messages.get(user, {}).values()
        mine = [m for m in sent if m.text.startswith(MARK) and self.ours(m)]
        return mine[-1] if mine else None

    def ours(self, msg: Message) -> bool:
        for b in self.api.buttons(msg):
            data = b.get("callback_data")
            if data:
                try:
                    return buttons.parse(data).chat_id == self.group
                except buttons.BadButton:
                    continue
        return False


def world(api: FakeTelegram, *groups: int) -> list[Table]:
    """Ann and Bob, and a table in each group (one: ``GROUP``; several: their hands
    told apart by their buttons)."""
    for uid, name in ((ANN, "Ann"), (BOB, "Bob")):
        api.add_user(uid, name, "en")
    tables: list[Table] = []
    for n, group in enumerate(groups or (GROUP,)):
        api.add_group(group, f"Pen {n + 1}")
        tables.append(GroupTable(api, group) if len(groups) > 1 else Table(api, group))
    return tables


async def new_lobby(t: Table, how: str = "/new") -> Message:
    """A new lobby in the group, below the last board: ``/new svintus``, or «Play again»."""
    last = t.board()
    if how == "/new":
        t.api.say(ANN, t.group, "/new svintus")
    else:
        assert (await t.press_code(ANN, last, "~again"))["text"] == ""

    def lobby() -> Message | None:
        board = t.board()
        return board if board is not None and (last is None or board.message_id > last.message_id) else None

    return await t.until(lobby, what="a new lobby")


async def start(t: Table, how: str = "/new", never: bool = False) -> None:
    """Ann opens a Svintus table (``how``), both join, no turn timer (``never``: a
    leaver's seat stays empty), and Ann starts it: each hand shows its game."""
    await new_lobby(t, how)
    for p in PLAYERS:  # answered once saved: both are seated before the start
        assert (await t.press_code(p, t.board(), "j"))["text"]
    if how == "/new":
        for _ in range(2):  # 30 s -> 60 s -> off
            await t.press_code(ANN, t.board(), "om")
    if never:
        for _ in range(2):  # if needed -> always -> never
            await t.press_code(ANN, t.board(), "r")
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    for p in PLAYERS:
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"the hand of {p}")


def bot_messages(api: FakeTelegram, user: int) -> list[Message]:
    return sorted(api.messages.get(user, {}).values(), key=lambda m: m.message_id)


def deletes_of(api: FakeTelegram, user: int, message_id: int) -> int:
    """How often the bot asked Telegram to delete that message."""
    return sum(
        1
        for method, p in api.calls
        if method.lower() == "deletemessage"
        and int(p.get("chat_id", 0)) == user
        and int(p.get("message_id", 0)) == message_id
    )


async def moved(t: Table, user: int, old: Message) -> Message:
    """The hand of ``user`` once it is a message other than ``old``."""

    def found() -> Message | None:
        hand = t.hand(user)
        return hand if hand is not None and hand.message_id != old.message_id else None

    return await t.until(found, timeout=10, what=f"the hand of {user} in a new message")


def sensible(t: Table, user: int, rnd: random.Random) -> tuple[Message, dict[str, Any]] | None:
    return t.choose(user)


def kind(code: str) -> str:
    return code.split(".")[0]


async def press_any(t: Table, user: int) -> Message:
    """``user`` presses a sensible button of their hand (a card, a draw): it changes."""
    chosen = t.choose(user)
    assert chosen is not None, t.hand_text(user)
    msg, button = chosen
    await t.press(user, msg, button)  # answered (a card played says which)
    return msg


@pytest.mark.parametrize("how", ["again", "/new"])
async def test_a_new_game_deals_its_hands_below_the_last_games(
    api: FakeTelegram, redis_url: str, bot_factory: Any, how: str
) -> None:
    """A game ends (Bob leaves; his seat stays empty); «Play again» or ``/new`` and a
    start: each player's new hand is a new message at the bottom of their private
    chat, and the last game's hand stays as it was, showing how that game ended."""
    (t,) = world(api)
    await bot_factory()
    await greet(t, PLAYERS)
    await start(t, never=True)
    api.say(BOB, GROUP, "/leave")
    await t.until(lambda: t.find(t.board(), "~again"), what="the game over, «Play again»")
    await until_current(t, redis_url, timeout=10, what="the end on every screen")
    ended = {p: t.hand(p) for p in PLAYERS}
    kept = {p: (m.message_id, m.text, m.edits) for p, m in ended.items() if m is not None}
    assert len(kept) == 2
    await start(t, how)
    await until_current(t, redis_url, timeout=10, what="the new game on every screen")
    for p in PLAYERS:
        hand = t.hand(p)
        assert hand is not None
        old_id, text, edits = kept[p]
        assert hand.message_id > old_id, f"the new hand of {p} edits the last game's"
        assert bot_messages(api, p)[-1] is hand, "the new hand is at the bottom"
        old = api.messages[p][old_id]
        assert (old.text, old.edits) == (text, edits), "the last game's hand stays as it was"
    assert api.violations == [], api.violations


async def test_a_hand_below_a_nudge_comes_back_to_the_bottom(api: FakeTelegram, bot_factory: Any) -> None:
    """The player on turn is nudged (a message below their hand); their next move
    brings the hand to the bottom, below the nudge, and deletes the old hand: one
    hand of the game in the chat."""
    (t,) = world(api)
    await bot_factory(env={"NUDGE_AFTER_MS": "1000"})
    await greet(t, PLAYERS)
    await start(t)
    p = await t.until(lambda: t.on_turn(PLAYERS), what="somebody's turn")
    old = t.hand(p)
    assert old is not None
    nudge = await t.until(
        lambda: next((m for m in bot_messages(api, p) if m.text.startswith("⏰")), None), what="the nudge"
    )
    assert nudge.message_id > old.message_id
    await press_any(t, p)
    hand = await moved(t, p, old)
    assert hand.message_id > nudge.message_id
    await t.until(lambda: old.message_id not in api.messages[p], what="the old hand deleted")
    assert any(m.message_id == old.message_id for m in api.deleted if m.chat_id == p)
    assert [m.message_id for m in bot_messages(api, p) if m.text.startswith(MARK)] == [hand.message_id]
    assert api.violations == [], api.violations


async def test_another_groups_hand_below_sends_the_hand_to_the_bottom_at_its_next_change(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """Ann and Bob play in two groups at once: the second group's hands come below the
    first's; a move in the first group brings the mover's hand there back to the
    bottom (its old message deleted) and leaves the second group's as it is."""
    first, second = world(api, GROUP, OTHER)
    await bot_factory()
    await greet(first, PLAYERS)
    await start(first)
    await start(second)
    p = await first.until(lambda: first.on_turn(PLAYERS), what="somebody's turn in the first group")
    old, other = first.hand(p), second.hand(p)
    assert old is not None and other is not None and other.message_id > old.message_id
    await press_any(first, p)
    hand = await moved(first, p, old)
    assert hand.message_id > other.message_id, "the first group's hand is at the bottom"
    await first.until(lambda: old.message_id not in api.messages[p], what="the old hand deleted")
    assert second.hand(p) is other and other.message_id in api.messages[p], "the other hand is untouched"
    assert deletes_of(api, p, other.message_id) == 0
    assert api.violations == [], api.violations


async def test_a_hand_too_old_to_delete_loses_its_buttons_once(api: FakeTelegram, bot_factory: Any) -> None:
    """A hand sent more than 48 hours ago (Telegram will not delete it) with a nudge
    below it: at its next change the hand comes to the bottom, the old message is
    asked to go once, and — kept by Telegram — shows a line pointing below and no
    buttons; later changes never ask again."""
    (t,) = world(api)
    await bot_factory(env={"NUDGE_AFTER_MS": "1000"})
    await greet(t, PLAYERS)
    await start(t)
    p = await t.until(lambda: t.on_turn(PLAYERS), what="somebody's turn")
    old = t.hand(p)
    assert old is not None
    await t.until(lambda: any(m.text.startswith("⏰") for m in bot_messages(api, p)), what="the nudge")
    old.date -= DELETE_WINDOW_S + 3600  # sent two days ago, as Telegram counts
    await press_any(t, p)
    hand = await moved(t, p, old)
    pointer = T("en", "hand-moved")
    await t.until(lambda: old.text == pointer, what="the old hand pointing below")
    assert not api.buttons(old), "the old hand cannot be pressed"
    assert old.message_id in api.messages[p]
    # more changes: both players play on (whatever their hands ask) until the mover's
    # hand has changed three times more; the old message is never asked to go again
    versions: set[tuple[int, int]] = set()

    def changed_thrice() -> bool:
        shown = t.hand(p)
        if shown is not None:
            versions.add((shown.message_id, shown.edits))
        return len(versions) > 3

    await press_until(t, list(PLAYERS), sensible, kind, changed_thrice, seed=44, timeout=60)
    assert hand.message_id > old.message_id
    assert deletes_of(api, p, old.message_id) == 1
    assert old.text == pointer and not api.buttons(old)
    assert api.violations == [], api.violations
