"""A start inside a Telegram outage: the calls the bot makes to start (getMe,
deleteWebhook, ...) are made again while Telegram fails in passing, one log line
each time, for up to STARTUP_PATIENCE_S; Telegram back within it, the bot starts
and plays; not, it exits with code 1 and one line, never a traceback."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.playground.botapi import FakeTelegram
from tests.e2e.table import Table
from tests.e2e.telegram import greet, open_game
from tests.e2e.test_operator_errors import environment, run_bot

GROUP = -100_931
ANN, BOB = 9311, 9312


def world(api: FakeTelegram) -> Table:
    api.add_group(GROUP, "Restart pen")
    for uid, name in ((ANN, "Ann"), (BOB, "Bob")):
        api.add_user(uid, name, "en")
    return Table(api, GROUP)


@pytest.mark.parametrize("method", ["deleteWebhook", "getMe"])
async def test_an_outage_as_the_bot_starts_is_ridden_out_and_the_game_is_played(
    api: FakeTelegram, bot_factory: Any, method: str
) -> None:
    """502s on ``method`` from before the start until it has been refused three times
    (a few seconds, backing off): the bot starts, and a game is opened and played,
    each failed call said once in the log."""
    t = world(api)
    api.faults.outage("502", methods=[method])

    async def heal() -> None:
        await t.until(lambda: api.faults.hits["outage"] >= 3, what=f"{method} refused three times")
        api.faults.heal()

    healing = asyncio.create_task(heal())
    bot = await bot_factory()
    await healing
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    p, hand, card = await t.a_turn_with_a_play((ANN, BOB))
    query = api.press(p, hand.chat_id, hand.message_id, card["callback_data"])
    assert await api.answer_of(query, timeout=10) is not None
    said = [line for line in bot.log().splitlines() if f"Telegram failed {method} at start" in line]
    assert said and len(said) == api.faults.hits["outage"], said
    assert "Traceback" not in bot.log()


@pytest.mark.parametrize("method", ["deleteWebhook", "getMe"])
async def test_an_outage_longer_than_the_patience_ends_the_start_in_one_line(
    api: FakeTelegram, tmp_path: Path, method: str
) -> None:
    api.faults.outage("502", methods=[method])  # no end
    env = environment(
        BOT_TOKEN=api.token,
        TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{api.port}/bot",
        DATA_DIR=str(tmp_path / "data"),
        STARTUP_PATIENCE_S="2",
    )
    code, out = await run_bot(env)
    assert code == 1, out
    assert "Traceback" not in out and "nclosed" not in out, out
    lines = [line for line in out.splitlines() if line.strip()]
    assert lines[-1].startswith(f"bot: Telegram failed {method} for 2 s"), out
    assert "STARTUP_PATIENCE_S" in lines[-1], out
    said = f"WARNING bot.telegram_http: Telegram failed {method} at start"
    retried = [line for line in lines[:-1] if said in line]
    others = [line for line in lines[:-1] if line not in retried and " INFO " not in line]
    assert retried and not others, out  # each try said once, nothing else but what the start says
