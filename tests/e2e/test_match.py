"""Whole games through the real bot process, users pressing the real buttons."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

from bot.playground.botapi import FakeTelegram
from tests.e2e.table import Table, code_of

GROUP = -100_111
ANN, BORIS, CARL = 1001, 1002, 1003


async def open_table(api: FakeTelegram, t: Table, players: list[int], creator: int = ANN) -> None:
    """/new, everyone joins, the creator starts."""
    t.api.say(creator, GROUP, "/new svintus")
    lobby = await t.until(t.board, what="lobby")
    for p in players:
        ans = await t.press_code(p, t.board(), "j")
        assert ans["text"], ans
    await t.until(
        lambda: all(api.users[p].first_name in (t.board() or lobby).text for p in players),
        what="everyone listed in the lobby",
    )


async def play(
    t: Table, players: list[int], until: Any, timeout: float = 400.0, catch: bool = True
) -> dict[str, int]:
    """Players act on what their hand shows until ``until()`` is true."""
    seen: dict[str, int] = {}
    last: dict[int, tuple[int, int]] = {}
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            board = t.board()
            raise AssertionError(f"the game did not get there in time: {seen}\n{board.text if board else ''}")
        acted = False
        for p in players:
            choice = t.choose(p)
            if choice is None:
                continue
            msg, button = choice
            if last.get(p) == (msg.message_id, msg.edits) and code_of(button) != "slap":
                continue  # a person presses again only once the hand has changed
            last[p] = (msg.message_id, msg.edits)
            ans = await t.press(p, msg, button)
            kind = code_of(button).split(".")[0]
            seen[kind] = seen.get(kind, 0) + 1
            seen["answers"] = seen.get("answers", 0) + 1
            if ans["text"]:
                seen["refusals"] = seen.get("refusals", 0) + 1
            acted = True
        board = t.board()
        if (
            catch
            and board is not None
            and t.find(board, "catch") is not None
            and last.get(0) != (board.message_id, board.edits)
        ):
            last[0] = (board.message_id, board.edits)
            ans = await t.press_code(players[0], board, "catch")
            seen["catch"] = seen.get("catch", 0) + 1
        if not acted:
            await asyncio.sleep(0.1)
    return seen


async def test_lobby_deep_link_and_a_whole_match(api: FakeTelegram, bot_factory: Any) -> None:
    api.add_group(GROUP, "Pig & Co <3")
    api.add_user(ANN, "Ann", "en")
    api.add_user(BORIS, "Борис", "ru")
    api.add_user(CARL, "Carl", "en")  # has never opened the bot
    t = Table(api, GROUP)
    await bot_factory(lang="en")
    api.say(ANN, ANN, "/start")
    api.say(BORIS, BORIS, "/start")
    await t.until(lambda: api.last_message(BORIS), what="greeting")
    assert "Свинтус" in api.last_message(BORIS).text  # Boris's Telegram speaks Russian
    assert {"ru", "en", ""} <= set(api.commands)  # the command list, in both languages

    api.say(ANN, GROUP, "/new svintus")
    lobby = await t.until(t.board, what="lobby")
    assert "Join" in str(lobby.markup)
    assert (await t.press_code(ANN, lobby, "j"))["text"]
    assert (await t.press_code(BORIS, t.board(), "j"))["text"]
    # Carl cannot be written to: he is seated all the same (his cards can show in the group),
    # and the lobby offers him the private chat
    ans = await t.press_code(CARL, t.board(), "j")
    assert "in the group" in ans["text"], ans
    await t.until(lambda: f"start=join_{GROUP}" in t.board().text, what="deep link in the lobby")
    assert "Carl" in t.board().text
    assert api.messages.get(CARL) is None  # nothing was sent to him
    api.say(CARL, CARL, f"/start join_{GROUP}")  # he takes the offer: his cards come in private
    await t.until(lambda: "Carl" in t.board().text and "start=join" not in t.board().text, what="taken")

    # only the creator sets options and starts
    assert (await t.press_code(BORIS, t.board(), "g"))["text"]
    for _ in range(3):  # target score 30 -> 50 -> 100 -> 10
        await t.press_code(ANN, t.board(), "ot")
    await t.until(lambda: "🎯 To 10 points" in str(t.board().markup), what="target 10")
    ans = await t.press_code(ANN, t.board(), "g")
    assert ans["text"] == ""
    await t.until(lambda: "round 1" in t.board().text, what="board")
    for p in (ANN, BORIS, CARL):
        await t.until(lambda p=p: t.hand(p) is not None and t.buttons(t.hand(p)), what=f"hand of {p}")
    assert "Ваши карты (8)" in t.hand(BORIS).text
    assert "Your cards (8)" in t.hand(ANN).text

    seen = await play(t, [ANN, BORIS, CARL], lambda: "wins the match" in (t.board() or lobby).text)
    assert seen.get("play", 0) > 5
    final = t.board()
    assert "🏆" in final.text and "playing to 10 points" in final.text
    result = await t.until(
        lambda: next((m for m in api.messages[GROUP].values() if m.text.startswith("🏆")), None),
        what="winner announced",
    )
    assert len([line for line in result.text.split("\n")[1:] if line.strip()]) == 3  # everyone ranked
    assert [b["text"] for b in t.buttons(result)] == ["🔁 Play again"]
    # every round before the last: a message of its own, which notifies, with the match so far
    rounds = int(re.search(r"round (\d+)", final.text).group(1))  # type: ignore[union-attr]
    assert len(t.posts("🏁 <b>Round")) == rounds - 1
    assert api.violations == [], api.violations
    assert not api.pending_queries, "every press is answered"
    assert api.group_rate_ok()
