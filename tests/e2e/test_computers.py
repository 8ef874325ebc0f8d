"""Computer players at the table, through the real bot: the creator seats them
from the lobby (and unseats one), they play through the timers in Redis — no
private messages, never faster than a person could read the board — and the
game ends with everyone ranked."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot.computers import COMPUTER_BASE, MIN_DELAY_MS
from bot.playground.botapi import FakeTelegram
from bot.store import Store
from engine.candy.models import CandyState
from tests.e2e.table import press_until
from tests.e2e.test_candy import ANN, GROUP, choose, kind, over, position, short_deck, world

LOBBY = {
    "en": ("🤖 + expert", "🤖 + novice", "🤖 −", "1. Ann", "2. 🤖 Robbie · expert", "3. 🤖 Marvin · novice"),
    "ru": (
        *("🤖 + знаток", "🤖 + новичок", "🤖 −"),
        *("1. Анна", "2. 🤖 Вертер · знаток", "3. 🤖 Электроник · новичок"),
    ),
}


async def states(redis_url: str) -> CandyState:
    store = Store.from_url(redis_url)
    try:
        session, _ = await store.load(GROUP)
    finally:
        await store.close()
    assert session is not None and isinstance(session.state, CandyState)
    return session.state


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_person_plays_candy_against_two_computer_players(
    api: FakeTelegram, redis_url: str, bot_factory: Any, lang: str
) -> None:
    hard, easy, remove, ann, robbie, marvin = LOBBY[lang]
    t = world(api, lang, [ANN])
    await bot_factory(redis_url=redis_url, lang=lang)
    api.say(ANN, ANN, "/start")
    await t.until(lambda: api.last_message(ANN), what="greeting")
    api.say(ANN, GROUP, "/new candy")
    await t.until(t.board, what="the lobby")
    assert (await t.press_code(ANN, t.board(), "j"))["text"]
    for code in ("chard", "ceasy", "ceasy"):
        assert (await t.press_code(ANN, t.board(), code))["text"]
    await t.until(lambda: "4. 🤖" in t.board_text(), what="three computers seated")
    labels = [b["text"] for b in t.buttons(t.board())]
    assert labels[labels.index(easy) : labels.index(easy) + 3] == [easy, hard, remove]
    assert (await t.press_code(ANN, t.board(), "cx"))["text"]  # the last one goes
    await t.until(lambda: "4. 🤖" not in t.board_text(), what="one unseated")
    lobby = t.board_text()
    assert ann in lobby and robbie in lobby and marvin in lobby, lobby
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    await t.until(lambda: "🂠" in t.board_text(), what="the board")
    await position(t, redis_url, short_deck(8), show=False)
    started = time.monotonic()
    await press_until(t, [ANN], choose, kind, lambda: over(t), seed=4, timeout=240)
    final = t.board_text()
    assert "🤖" in final and final.count("🧮") == 3
    result = await t.until(lambda: next((m for m in t.posts("🏆")), None), what="the result")
    assert len([line for line in result.split("\n")[1:] if line.strip()]) == 3, result
    # the computers wrote nothing and were written nothing; the game took them time
    assert not any(chat >= COMPUTER_BASE for chat in api.messages), list(api.messages)
    played = len([line for line in final.split("\n") if line.startswith("• ")])
    assert played > 3 and time.monotonic() - started > MIN_DELAY_MS / 1000
    state = await states(redis_url)
    assert sum(1 for p in state.seats if p >= COMPUTER_BASE) == 2
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_only_the_creator_seats_computers(api: FakeTelegram, redis_url: str, bot_factory: Any) -> None:
    t = world(api, "en", [ANN, ANN + 1])
    await bot_factory(redis_url=redis_url)
    api.say(ANN, GROUP, "/new candy")
    await t.until(t.board, what="the lobby")
    answer = await t.press_code(ANN + 1, t.board(), "chard")
    assert answer["text"] == "Only the table's creator can do that."
    assert "🤖 Robbie" not in t.board_text()  # a stranger's press changes nothing


async def test_a_person_who_leaves_a_two_player_game_is_replaced_by_a_computer(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Without them the game would end: by default a computer player takes the seat,
    the log says so, their hand says so once, and their presses are refused."""
    from tests.e2e.test_candy import BORIS, open_table

    t = world(api, "en", [ANN, BORIS])
    await bot_factory(redis_url=redis_url)
    await open_table(t, [ANN, BORIS])
    old = t.hand(BORIS)
    assert old is not None
    api.say(BORIS, GROUP, "/leave")
    await t.until(lambda: "a computer player takes the seat" in t.board_text(), what="the seat taken")
    await t.until(lambda: "a computer player 🤖 has your seat" in t.hand_text(BORIS), what="Boris told")
    assert "🤖 Boris" in t.board_text() and "🏆" not in t.board_text()  # the game goes on
    assert not t.buttons(t.hand(BORIS))
    answer = await api.answer_of(api.press(BORIS, BORIS, old.message_id, "h|" + str(GROUP) + "|x|-|end"))
    assert answer["text"]
    state = await states(redis_url)
    assert BORIS in state.seats and not state.left  # the game saw nothing

    def computer_moved() -> bool:  # a line of the log besides the one that seated it
        log = [line for line in t.board_text().split("\n") if line.startswith("• 🤖 Boris")]
        return len(log) >= 2 or over(t)

    await press_until(t, [ANN], choose, kind, computer_moved, seed=5, timeout=60)
