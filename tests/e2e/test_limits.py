"""Telegram's real limits, enforced by the fake Bot API: a game played as fast as the
players can press never draws a 429, and the group's board is redrawn at most
once per 3 s (20 a minute)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.playground.botapi import FakeTelegram
from bot.send_rates import TELEGRAM
from tests.e2e.test_robustness import GROUP, moves, start_two, world


@pytest.mark.telegram_limits
async def test_a_busy_game_keeps_within_telegrams_limits(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    assert api.strict_limits and (api.group_limit, api.group_period) == (20, 60.0)
    t = world(api)
    await bot_factory(redis_url=redis_url)
    await start_two(t)
    assert await moves(t, 12) == 12
    sends = api.group_log[GROUP]
    assert 4 <= len(sends) < 12, sends  # the board wanted a redraw after every move: some waited
    gaps = [b - a for a, b in itertools.pairwise(sends)]
    # 60 s / 20: the bot spaces them 3.02 s on Redis's clock; 0.1 s for delivery jitter
    assert min(gaps) >= TELEGRAM.group_period / TELEGRAM.group_limit - 0.1, gaps
    assert api.too_many == 0, dict(api.too_many_by)
    assert api.violations == [], api.violations
    assert api.group_rate_ok()
    assert not api.pending_queries
