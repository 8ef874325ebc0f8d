"""A press made during an outage of the Bot API (issue 47, item 4): its answer reaches
the presser once Telegram answers again, while the press's query is still valid (15 s
after the press); a press whose query ran out meanwhile is answered by its hand, which
shows what the press did."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.playground.botapi import FakeTelegram
from tests.e2e.conftest import free_port
from tests.e2e.table import Table
from tests.e2e.telegram import greet, open_game, session_of, until_current

GROUP = -100_947
ANN, BOB = 9471, 9472
QUERY_VALID_S = 15.0  # Telegram forgets a press this long after it was made


async def table(api: FakeTelegram, bot_factory: Any, mode: str) -> tuple[Table, Any]:
    api.add_group(GROUP, "Outage pen")
    for uid, name in ((ANN, "Ann"), (BOB, "Bob")):
        api.add_user(uid, name, "en")
    t = Table(api, GROUP)
    if mode == "webhook":
        bot = await bot_factory(webhook_port=free_port())
        api.deliver_to([bot.url])
    else:
        bot = await bot_factory()
    api.faults.callback_expiry = QUERY_VALID_S
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    await api.quiet(0.5)
    return t, bot


@pytest.mark.parametrize("kind", ["502", "timeout"])
@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_a_press_made_during_an_outage_is_answered_when_telegram_returns(
    api: FakeTelegram, redis_url: str, bot_factory: Any, mode: str, kind: str
) -> None:
    """Eight seconds of 502s, a card played in their first second: the answer arrives
    after the outage and within the query's 15 s, and every screen shows the play."""
    t, bot = await table(api, bot_factory, mode)
    p, hand, card = await t.a_turn_with_a_play((ANN, BOB))
    seq = (await session_of(redis_url, GROUP)).state.seq  # type: ignore[union-attr]
    api.faults.outage(kind, seconds=10)
    await asyncio.sleep(3)  # the outage goes on: the bot's calls fail meanwhile
    query = api.press(p, hand.chat_id, hand.message_id, card["callback_data"])
    answer = await api.answer_of(query, timeout=QUERY_VALID_S + 5)
    assert api.answered_at[query] - api.pressed_at[query] <= QUERY_VALID_S
    assert card["text"].removeprefix("✅ ") in answer["text"]  # the play's own answer, not an error
    assert api.faults.hits["outage"] > 0 and api.faults.hits["expired"] == 0
    assert (await session_of(redis_url, GROUP)).state.seq > seq  # type: ignore[union-attr]
    await until_current(t, redis_url, timeout=10, what="after the outage")
    assert api.violations == [], api.violations
    assert "Traceback" not in bot.log()


async def test_a_press_whose_query_ran_out_in_an_outage_shows_on_the_hand(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Eighteen seconds of 502s (webhook: the press reaches the bot meanwhile): its
    query is no longer valid when Telegram returns, so it gets no answer; the play
    is made once, and the board and both hands show it."""
    t, bot = await table(api, bot_factory, "webhook")
    p, hand, card = await t.a_turn_with_a_play((ANN, BOB))
    seq = (await session_of(redis_url, GROUP)).state.seq  # type: ignore[union-attr]
    api.faults.outage("502", seconds=18)
    query = api.press(p, hand.chat_id, hand.message_id, card["callback_data"])
    await t.until(lambda: api.faults.outage_of("getMe") is None, timeout=25, what="the outage's end")
    await until_current(t, redis_url, timeout=15, what="after the outage")
    assert (await session_of(redis_url, GROUP)).state.seq > seq  # type: ignore[union-attr]
    assert query not in api.answers  # too late for Telegram: the hand says what happened
    assert api.violations == [], api.violations
    assert "Traceback" not in bot.log()
