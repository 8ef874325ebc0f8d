"""Restarts, bad input and strangers: the game survives and nothing wrong changes it."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.playground.botapi import FakeTelegram
from tests.e2e.table import Table, code_of

GROUP = -100_333
ANN, BORIS, STRANGER, ADMIN, NEWBIE = 3001, 3002, 3009, 3010, 3011


def world(api: FakeTelegram) -> Table:
    api.add_group(GROUP, "Sty", admins={ADMIN})
    for uid, name, lang in (
        (ANN, "Ann", "en"),
        (BORIS, "Боря", "ru"),
        (STRANGER, "Stranger", "en"),
        (ADMIN, "Admin", "en"),
        (NEWBIE, "Newbie", "en"),
    ):
        api.add_user(uid, name, lang, started=uid != NEWBIE)
    return Table(api, GROUP)


async def start_two(t: Table) -> None:
    for p in (ANN, BORIS, STRANGER, ADMIN):
        t.api.say(p, p, "/start")
        await t.until(lambda p=p: t.api.last_message(p), what=f"greeting {p}")
    t.api.say(ANN, GROUP, "/new svintus")
    await t.until(t.board, what="lobby")
    for p in (ANN, BORIS):
        await t.press_code(p, t.board(), "j")
    await t.until(lambda: "Боря" in t.board().text, what="lobby")
    await t.press_code(ANN, t.board(), "g")
    for p in (ANN, BORIS):
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand {p}")


async def moves(t: Table, n: int) -> int:
    """Let the players make ``n`` accepted moves."""
    done = 0
    seen: dict[int, tuple[int, int]] = {}
    for _ in range(400):
        if done >= n:
            break
        for p in (ANN, BORIS):
            choice = t.choose(p)
            if choice is None or done >= n:
                continue
            msg, button = choice
            if seen.get(p) == (msg.message_id, msg.edits):
                continue
            seen[p] = (msg.message_id, msg.edits)
            text = (await t.press(p, msg, button))["text"]
            if text == "" or text.startswith(("✅", "👋")):  # taken (a card played is named)
                done += 1
        await asyncio.sleep(0.1)
    return done


def cards_of(t: Table, user: int) -> list[str]:
    return sorted(
        b["text"].removeprefix("✅ ") for b in t.buttons(t.hand(user)) if code_of(b).startswith("play.")
    )


async def test_a_restart_mid_round_keeps_the_game(api: FakeTelegram, bot_factory: Any, tmp_path: Any) -> None:
    t = world(api)
    data = tmp_path / "data"
    bot = await bot_factory(data_dir=data)  # embedded Redis, its files in data/
    await start_two(t)
    assert await moves(t, 4) == 4
    await api.quiet(0.5)  # let the screens settle
    before = {p: cards_of(t, p) for p in (ANN, BORIS)}
    board_before = t.board().text
    await bot.stop()
    await bot_factory(data_dir=data)
    # a press answered shows the restarted bot at work; then nothing may have been re-sent
    hand, card = t.hand(ANN), t.find(t.hand(ANN), lambda c: c.startswith("play."))
    assert hand is not None and card is not None
    ans = await api.answer_of(api.press(STRANGER, STRANGER, hand.message_id, card["callback_data"]))
    assert ans["text"] == "You're not playing in this game."
    await api.quiet(0.5)
    assert {p: cards_of(t, p) for p in (ANN, BORIS)} == before
    assert t.board().text == board_before  # nothing re-sent, nothing lost
    assert await moves(t, 3) == 3  # and the game goes on
    await t.until(lambda: t.board().text != board_before, what="the board moves on")
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_bad_input_is_answered_and_changes_nothing(api: FakeTelegram, bot_factory: Any) -> None:
    t = world(api)
    await bot_factory()
    await start_two(t)
    hand_a, hand_b = t.hand(ANN), t.hand(BORIS)
    board = t.board()
    current = ANN if "Your turn" in hand_a.text else BORIS
    waiting = BORIS if current == ANN else ANN
    snapshot = (hand_a.text, hand_b.text, board.text)

    async def answer(user: int, chat: int, msg_id: int, data: str) -> str:
        return str((await api.answer_of(api.press(user, chat, msg_id, data)))["text"])

    card = t.find(t.hand(current), lambda c: c.startswith("play."))
    assert card is not None
    # a stranger presses a player's button (as if forged into their client)
    assert await answer(STRANGER, STRANGER, hand_a.message_id, card["callback_data"]) == (
        "You're not playing in this game."
    )
    # forged and garbage data
    parts = card["callback_data"].split("|")
    assert await answer(current, current, 1, "|".join([parts[0], parts[1], "ffffff", *parts[3:]])) == (
        (t.api.users[current].lang == "ru" and "Эта кнопка от закончившейся игры.")
        or "That button belongs to a game that's over."
    )
    assert await answer(ANN, GROUP, board.message_id, "hello") == "I don't know that button."
    assert (
        await answer(ANN, GROUP, board.message_id, "h|-100333|x|y|" + "9" * 60) == "I don't know that button."
    )
    assert await answer(ANN, GROUP, board.message_id, "h|nan|x|y|z") == "I don't know that button."
    # a waiting player taps a card that is not an intercept
    not_twin = next(
        b
        for b in t.buttons(t.hand(waiting))
        if code_of(b).startswith("play.") and not b["text"].startswith("✅")
    )
    text = await answer(waiting, waiting, t.hand(waiting).message_id, not_twin["callback_data"])
    assert text in (
        "Not your turn — out of turn only an identical card can intercept.",
        "Сейчас не ваш ход — вне очереди можно только перехватить точно такой же картой.",
        # the deal may give the waiting player the twin of the round's first card, which
        # is not an intercept either (rule 3: the first card cannot be intercepted)
        "The first card of a round can't be intercepted.",
        "Первую карту раунда перехватывать нельзя.",
    ), text
    # commands in the wrong place, text to the bot privately
    api.say(ANN, ANN, "/new svintus")
    api.say(ANN, ANN, "hello bot")
    api.say(STRANGER, GROUP, "/new svintus")  # a game is already running here

    def private() -> list[str]:
        return [m.text for m in api.messages[ANN].values()]

    await t.until(lambda: "This command works in a group chat." in private(), what="group only")
    await t.until(lambda: any("I only understand buttons" in m for m in private()), what="buttons only")
    await t.until(
        lambda: any("There's already a game" in m.text for m in api.messages[GROUP].values()),
        what="game exists",
    )
    # the current player taps a card twice: the first is played (a toast says which),
    # the second is told it is done already, not "too late"
    current, hand, playable = await t.a_turn_with_a_play((ANN, BORIS))
    first = await answer(current, current, hand.message_id, playable["callback_data"])
    second = await answer(current, current, hand.message_id, playable["callback_data"])
    assert first.startswith("✅") and second in ("✔️ Already done.", "✔️ Уже сделано."), (first, second)
    # /stop: not by a plain player, yes by an admin; old buttons then belong to an old game
    api.say(BORIS, GROUP, "/stop")
    await t.until(
        lambda: any("Остановить игру может" in m.text for m in api.messages[GROUP].values()),
        what="stop denied",
    )
    api.say(ADMIN, GROUP, "/stop")
    await t.until(lambda: "The game was stopped by Admin" in t.board().text, what="stopped")
    assert await answer(ANN, GROUP, board.message_id, card["callback_data"]) in (
        "This game is already over.",
    )
    api.say(ANN, GROUP, "/new svintus")
    await t.until(lambda: "gathering players" in t.board().text, what="a new lobby")
    assert await answer(current, current, 1, card["callback_data"]) in (
        "That button belongs to a game that's over.",
        "Эта кнопка от закончившейся игры.",
    )
    assert snapshot[2] != t.board().text
    assert api.violations == [], api.violations
    assert not api.pending_queries
