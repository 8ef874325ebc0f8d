"""What an operator sees of the games on ``/metrics`` (issue 47, item 5), scraped from the
real bot while a game is played: games in progress and finished, presses by outcome,
the press's latency, screens sent and edited, Redis's round trips, computer decisions."""

from __future__ import annotations

import time
from typing import Any

from bot.playground.botapi import FakeTelegram
from tests.e2e.conftest import BotProcess
from tests.e2e.test_dobble import ANN, GROUP, Dobble, edit_state

EVE = 3009  # not at the table


def total(counted: dict[str, float], name: str, **labels: str) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    want = [f"{k}={v}" for k, v in labels.items()]
    return sum(
        value
        for sample, value in counted.items()
        if sample.split("{")[0] == name and all(w in sample for w in want)
    )


async def scraped(bot: BotProcess, check: Any, what: str, timeout: float = 15.0) -> dict[str, float]:
    """Scrape until ``check(metrics)`` holds (the games in progress are read every few seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        counted = await bot.metrics()
        if check(counted):
            return counted
        assert time.monotonic() < deadline, (what, {k: v for k, v in counted.items() if "bot_games" in k})
        await bot.api.next_change(GROUP, 0.2)


async def test_the_metrics_move_as_a_game_is_played(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Ann against a computer expert at Dobble, four cards to play: while it runs, one game
    in progress; Ann's right press counted, a stranger's refused, both answered and timed;
    the computer's decisions timed; at the end, one game finished (played) and none in
    progress; boards and hands sent and edited; Redis's round trips counted, none failed."""
    api.add_group(GROUP, "Spot & Co")
    api.add_user(ANN, "Ann", "en", started=True)
    api.add_user(EVE, "Eve", "en", started=True)
    t = Dobble(api, GROUP)
    bot = await bot_factory(redis_url=redis_url)
    before = await bot.metrics()
    assert total(before, "bot_games_finished_total") == 0
    api.say(ANN, ANN, "/start")
    await t.until(lambda: api.last_message(ANN), what="greeting")
    api.say(ANN, GROUP, "/new dobble")
    await t.until(t.board, what="the lobby")
    await t.press_code(ANN, t.board(), "j")
    for code in ("chard", "oc", "oc"):  # a computer expert; the countdown 3 -> 2 -> 1 s
        await t.press_code(ANN, t.board(), code)
    await t.until(lambda: "🤖 Robbie" in t.board_text() and "1 s countdown" in t.board_text(), what="set")
    await t.press_code(ANN, t.board(), "g")

    def short(s: Any) -> Any:  # four cards to play
        s.box, s.deck = s.box + s.deck[:-4], s.deck[-4:]
        return s

    await edit_state(redis_url, short)
    during = await scraped(
        bot, lambda m: total(m, "bot_games_in_progress", game="dobble") == 1, "one game in progress"
    )
    button = await t.until(lambda: t.spotted(ANN), what="a card on Ann's hand")
    hand = t.hand(ANN)
    assert hand is not None
    stranger = await t.press(EVE, hand, button)  # Eve is not playing
    assert "not" in stranger["text"].lower(), stranger
    first = ""
    while not first.startswith("✅") and t.final() is None:  # Ann finds the symbol first, once
        shown = await t.until(lambda: (t.hand(ANN), t.spotted(ANN)) if t.spotted(ANN) else t.final())
        if isinstance(shown, tuple):
            first = (await t.press(ANN, *shown))["text"]
    assert first.startswith("✅"), first
    result = await t.until(t.final, timeout=60, what="the result")
    assert "🤖 Robbie" in result.text or "Ann" in result.text

    after = await scraped(
        bot,
        lambda m: (
            total(m, "bot_games_in_progress", game="dobble") == 0
            and total(m, "bot_games_finished_total", game="dobble", how="played") == 1
        ),
        "the game finished, none in progress",
    )
    presses = {o: total(after, "bot_presses_total", outcome=o) for o in ("counted", "refused", "stale")}
    assert presses["refused"] >= 1, presses  # Eve's
    assert presses["counted"] >= 1, presses  # Ann's first find
    assert (
        total(after, "bot_press_latency_seconds_count")
        >= total(during, "bot_press_latency_seconds_count") + 2
    )
    assert total(after, "bot_computer_decision_seconds_count", game="dobble") >= 1
    assert total(after, "bot_screens_total", how="sent") >= 2  # the lobby (then the board), Ann's hand
    assert total(after, "bot_screens_total", how="edited") > total(during, "bot_screens_total", how="edited")
    assert total(after, "bot_redis_round_trips_total") > total(during, "bot_redis_round_trips_total") > 0
    assert total(after, "bot_redis_errors_total") == 0
    assert api.violations == [], api.violations
