"""Nim, the fifth game, through the real bot: offered only when the operator turns it
on (``EXTRA_GAMES=nim``), then played to its end by two people and a computer."""

from __future__ import annotations

import re
from typing import Any

from bot.playground.botapi import FakeTelegram
from tests.e2e.table import Table, code_of

GROUP = -100_555
ANN, BORIS = 5001, 5002
PEOPLE = (ANN, BORIS)


class Nim(Table):
    mark = "🪵"  # nim-emoji: the lobby, the board and every hand begin with it


def world(api: FakeTelegram) -> Nim:
    api.add_group(GROUP, "Sticks")
    for uid, name in ((ANN, "Ann"), (BORIS, "Boris")):
        api.add_user(uid, name, "en", started=True)
    return Nim(api, GROUP)


async def said(t: Nim, user: int, chat: int, text: str) -> str:
    """What the bot answers ``text`` with, in ``chat`` (its next new message there)."""
    before = len(t.api.messages.get(chat, {}))
    t.api.say(user, chat, text)
    msg = await t.until(
        lambda: len(t.api.messages.get(chat, {})) > before and list(t.api.messages[chat].values())[-1],
        what=f"the answer to {text}",
    )
    return str(msg.text)


async def picker(t: Nim) -> list[str]:
    """``/new`` in the group: the picker's buttons, by their labels."""
    text = await said(t, ANN, GROUP, "/new")
    assert text.startswith("<b>What shall we play?</b>"), text
    return [b["text"] for b in t.buttons(list(t.api.messages[GROUP].values())[-1])]


async def test_without_extra_games_nim_is_offered_nowhere(api: FakeTelegram, bot_factory: Any) -> None:
    """Without EXTRA_GAMES the bot has Nim but offers it nowhere: /new nim names no
    game, and the picker, /rules, /help and /start leave it out."""
    t = world(api)
    await bot_factory()
    assert "Nim" not in " ".join(await picker(t))
    answer = await said(t, ANN, GROUP, "/new nim")
    assert answer.startswith("I don't know a game called “nim”"), answer
    assert "Dobble" in answer and "Nim" not in answer
    assert t.board() is None  # no lobby
    assert (await said(t, ANN, GROUP, "/rules nim")).startswith("There's no game called “nim”")
    assert "Nim" not in await said(t, ANN, GROUP, "/help")
    assert "Nim" not in await said(t, ANN, ANN, "/start")


async def test_two_people_and_a_computer_play_nim_to_the_end(api: FakeTelegram, bot_factory: Any) -> None:
    """EXTRA_GAMES=nim: the picker, /help and /rules offer it; Ann opens a lobby with
    /new nim, makes the pile smaller and turns the timer off, seats a computer, Boris
    joins; then whoever's hand says it is their turn takes, until the last card is
    taken and the group is told who won; every card is then with one player, the
    computer's share taken by the computer itself.  Nim turned off again (a restart
    without EXTRA_GAMES), «Play again» on its last board is refused."""
    t = world(api)
    bot = await bot_factory(env={"EXTRA_GAMES": "nim"})
    for p in PEOPLE:  # their hands come in the private chat they opened
        assert "Nim" in await said(t, p, p, "/start")
    assert "🪵 Nim" in await picker(t)
    assert "<code>/new nim</code>" in await said(t, ANN, GROUP, "/help")
    assert "Whoever takes the last card wins" in await said(t, ANN, GROUP, "/rules nim")

    t.api.say(ANN, GROUP, "/new nim")
    lobby = await t.until(t.board, what="the lobby")
    assert "A pile of 21 cards; take up to 3 at once." in lobby.text
    # 21 -> 9 cards (the smallest pile the lobby offers); the timer 30 s -> 60 s -> none
    for label in ("➖", "➖", "➖", "⏱", "⏱"):
        edits = t.board().edits  # type: ignore[union-attr]
        button = next(b for b in t.buttons(t.board()) if b["text"].startswith(label))
        assert (await t.press(ANN, t.board(), button))["text"]  # type: ignore[arg-type]
        await t.until(lambda e=edits: t.board().edits > e, what=f"{label} pressed")  # type: ignore[union-attr]
    assert "A pile of 9 cards" in t.board_text()
    assert any(b["text"] == "⏱ no timer" for b in t.buttons(t.board()))
    for p in PEOPLE:
        assert (await t.press_code(p, t.board(), "j"))["text"]
    assert (await t.press_code(ANN, t.board(), "ceasy"))["text"]
    await t.until(lambda: "3. 🤖" in t.board_text(), what="a computer seated")
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    await t.until(lambda: "The pile: <b>9</b>" in t.board_text(), what="the game's board")

    taken = 0
    while not t.posts("🏆"):
        p = await t.until(lambda: t.on_turn(PEOPLE) or t.posts("🏆"), timeout=30, what="a person's turn")
        if not isinstance(p, int):  # the game ended on a computer's move
            break
        hand = t.hand(p)
        takes = [b for b in t.buttons(hand) if code_of(b).startswith("take.")]
        assert [b["text"] for b in takes] == [f"Take {n}" for n in range(1, len(takes) + 1)]
        version = t.version(hand)  # type: ignore[arg-type]
        assert (await t.press(p, hand, takes[-1]))["text"] == ""  # type: ignore[arg-type]
        taken += 1
        await t.until(lambda p=p, v=version: t.version(t.hand(p)) != v, what="the hand redrawn")  # type: ignore[arg-type]

    assert taken >= 1
    final = t.posts("🏆")[0]
    assert final.startswith("🏆 🪵 <b>Nim</b>: ") and " wins!" in final, final
    board = await t.until(lambda: "takes the last card and wins" in t.board_text() and t.board_text())
    counts = [int(n) for n in re.findall(r"^\s*\S.*?: (\d+)$", board, re.M)]
    assert len(counts) == 3 and sum(counts) == 9, board  # every card with one player
    assert "The pile: <b>0</b>" in board
    # 9 cards, the people taking 3 a turn: the computer had a turn, whatever the lot said,
    # and took on it (no timer took for it)
    robot = re.search(r"^\s*🤖 .*?: (\d+)$", board, re.M)
    assert robot is not None and int(robot.group(1)) >= 1, board

    # the operator turns Nim off again: «Play again» on its last board opens no lobby
    final_board = await t.until(lambda: t.find(t.board(), "~again") and t.board(), what="«Play again»")
    await bot.stop()
    await bot_factory()
    assert "no longer offered" in (await t.press_code(ANN, final_board, "~again"))["text"]
    await t.api.quiet(0.5)
    assert t.board() is final_board and "takes the last card and wins" in t.board_text()
