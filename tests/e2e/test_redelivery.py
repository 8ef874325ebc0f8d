"""The webhook endpoint under duplicate and out-of-order ``update_id``s (issue 47): every
update of a Svintus game delivered twice, in an order hypothesis shuffles, to two
webhook workers at once.  No press is applied twice, no reply is sent twice, and the
game stays whole: every card in one place, every screen current."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.playground.botapi import FakeTelegram
from tests.e2e.conftest import BotProcess, free_port
from tests.e2e.table import code_of
from tests.e2e.telegram import greet, open_game, session_of, until_current
from tests.e2e.test_telegram import ANN, BOB, GROUP, world
from tests.engine.helpers import check_cards

ROUNDS = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), database=None)
RULES = "/rules svintus"


def pressable(code: str) -> bool:
    """A hand's button a fuzzed press may take: anything but leaving the game."""
    return "leave" not in code and code != "-"


async def counted(bots: list[BotProcess], name: str, **labels: str) -> float:
    """``name`` summed over the workers (each counts its own)."""
    want = [f"{k}={v}" for k, v in labels.items()]
    found = 0.0
    for bot in bots:
        for sample, value in (await bot.metrics()).items():
            if sample.split("{")[0] == name and all(w in sample for w in want):
                found += value
    return found


async def test_every_update_delivered_twice_and_shuffled_is_applied_once(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    t = world(api)
    one = await bot_factory(webhook_port=free_port())
    two = await bot_factory(webhook_port=free_port(), register=False)
    bots = [one, two]
    api.deliver_to([one.url, two.url])
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    api.say(ANN, GROUP, RULES)
    rules = (await t.until(lambda: t.posts("<b>Svintus in short"), what="the rules"))[0][:40]
    loop = asyncio.get_running_loop()
    deliver = api.push_raw
    held: list[dict[str, Any]] = []
    api.push_raw = held.append  # type: ignore[method-assign]  # what people do is held, then delivered

    presses = st.lists(st.tuples(st.sampled_from([ANN, BOB]), st.integers(0, 99)), min_size=1, max_size=3)

    @ROUNDS
    @given(pressed=presses, asked=st.lists(st.sampled_from([ANN, BOB]), max_size=2), order=st.randoms())
    def a_round(pressed: list[tuple[int, int]], asked: list[int], order: random.Random) -> None:
        asyncio.run_coroutine_threadsafe(round_of(pressed, asked, order), loop).result(120)

    async def round_of(pressed: list[tuple[int, int]], asked: list[int], order: random.Random) -> None:
        """Each of ``pressed`` (who, which of their hand's buttons) and each /rules ``asked``
        delivered twice, in ``order``; then every press answered and every reply in."""
        await api.quiet(0.3)
        session = await session_of(redis_url, GROUP)
        assert session.state is not None
        seq, took = session.state.seq, await counted(bots, "bot_presses_total", outcome="counted")
        replies = len(t.posts(rules))
        held.clear()
        queries = []
        for who, which in pressed:
            hand = t.hand(who)
            choices = [b for b in t.buttons(hand) if pressable(code_of(b))]
            if hand is not None and choices:
                button = choices[which % len(choices)]
                queries.append(api.press(who, hand.chat_id, hand.message_id, button["callback_data"]))
        for who in asked:
            api.say(who, GROUP, RULES)
        updates = held + held  # each twice, shuffled
        order.shuffle(updates)
        for update in updates:
            deliver(update)
        for query in queries:
            await api.answer_of(query, timeout=30)
        await t.until(lambda: len(t.posts(rules)) >= replies + len(asked), what="the replies")
        await api.quiet(0.5)
        after = await session_of(redis_url, GROUP)
        assert after.state is not None
        applied = after.state.seq - seq
        took_now = await counted(bots, "bot_presses_total", outcome="counted") - took
        assert took_now <= len(queries), (took_now, queries)  # no press taken twice
        # every press taken changed the game once; time may have changed it too meanwhile
        # (a slap race or a silence a press opened, ended by its deadline)
        assert took_now <= applied, (took_now, applied)
        assert len(t.posts(rules)) == replies + len(asked)  # one reply each, never two
        check_cards(after.state)

    await asyncio.to_thread(a_round)
    api.push_raw = deliver  # type: ignore[method-assign]
    await until_current(t, redis_url, timeout=10, what="after the redeliveries")
    assert api.violations == [], api.violations
    for bot in bots:
        assert "Traceback" not in bot.log()
