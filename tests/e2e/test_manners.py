"""Table manners through the real bot: a player who stops pressing is nudged
with a message that notifies (deleted once they act), then — their turns
running out again and again — marked away, told in the group and in private,
played for quickly, and brought back by any press of theirs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.playground.botapi import FakeTelegram
from bot.store import Store
from engine.candy.keys import Ev
from engine.candy.models import CandyOptions, CandyState
from engine.core import clone
from tests.e2e.test_candy import ANN, BORIS, GROUP, CandyTable, choose, now_ms, open_table, position, world

WORDS = {
    "en": {"nudge": "⏰ The table is waiting for you", "away": "keeps running out", "back": "is back"},
    "ru": {"nudge": "⏰ Ждём вашего хода", "away": "пропускает ход за ходом", "back": "снова в игре"},
}


def quick(s: CandyState) -> CandyState:
    """The game as dealt, with a 3 s turn timer and a player away after two
    (then played for after 1.5 s)."""
    s = clone(s)
    s.options = CandyOptions(turn_timer_ms=3_000, away_after_timeouts=2, away_autoplay_ms=1_500)
    s.clock_ms = s.timer_ms = now_ms()
    return s


async def rearm(redis_url: str, at_ms: int) -> None:
    """The prepared position's deadline, in the chat's timer (a press would set it)."""
    store = Store.from_url(redis_url)
    try:
        await store.set_timer(GROUP, at_ms)
    finally:
        await store.close()


async def table_state(redis_url: str) -> tuple[CandyState, list[str]]:
    """The game as it stands in Redis, and the keys of the board's log."""
    store = Store.from_url(redis_url)
    try:
        session, _ = await store.load(GROUP)
    finally:
        await store.close()
    assert session is not None and isinstance(session.state, CandyState)
    return session.state, [e.key for e in session.log]


async def to_move(redis_url: str) -> int:
    return (await table_state(redis_url))[0].current


async def press_once(t: CandyTable, redis_url: str, user: int, rnd: random.Random) -> None:
    """``user`` makes a whole move: picks a card and one of its moves (and answers
    what it asks), until the turn is someone else's."""
    for _ in range(12):
        if await to_move(redis_url) != user:
            return
        found = choose(t, user, rnd)
        if found is None:
            return
        msg, button = found
        before = msg.edits
        await t.press(user, msg, button)
        await t.until(lambda m=msg, b=before: m.edits > b or t.hand(user) is not m, what="the hand redrawn")


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_player_who_stops_pressing_is_nudged_then_away_then_back(
    api: FakeTelegram, redis_url: str, bot_factory: Any, lang: str
) -> None:
    words = WORDS[lang]
    players = [ANN, BORIS]
    t = world(api, lang, players)
    await bot_factory(redis_url=redis_url, lang=lang, env={"NUDGE_AFTER_MS": "1000"})
    await open_table(t, players)
    state = await position(t, redis_url, quick)
    first = state.current
    other = BORIS if first == ANN else ANN
    await rearm(redis_url, now_ms() + 1_000)
    # the first to move has waited a second: a message that notifies
    nudge = await t.until(lambda: t.posts(words["nudge"], chat=first), what="the nudge")
    assert len(nudge) == 1 and ("Sweet life" in nudge[0] or "Сладкая жизнь" in nudge[0]), nudge
    assert not t.posts(words["nudge"], chat=other)
    # nobody presses: the turn runs out, the nudge goes, the other is waited on
    await t.until(lambda: t.on_turn((other,)) == other, timeout=10, what="the turn passed on")
    await t.until(lambda: not t.posts(words["nudge"], chat=first), what="the first nudge deleted")
    assert any(m.chat_id == first and m.text.startswith("⏰") for m in api.deleted)
    rnd = random.Random(3)
    await press_once(t, redis_url, other, rnd)
    # the first player's second turn in a row runs out: away, told in the group and in private
    away = await t.until(lambda: [p for p in t.posts("💤") if words["away"] in p], timeout=15, what="away")
    assert len(away) == 1
    await t.until(lambda: "💤" in t.hand_text(first), what="told in private")
    await t.until(lambda: "💤" in t.board_text(), what="away on the board")
    # the bot plays for them quickly now; a move of theirs brings them back
    for _ in range(3):  # (the bot may beat a slow press to it: then on the next turn)
        await press_once(t, redis_url, other, rnd)
        await t.until(lambda: t.on_turn((first,)) == first, timeout=10, what="the first to move again")
        await press_once(t, redis_url, first, rnd)
        state, log = await table_state(redis_url)
        if Ev.BACK in log:
            break
    assert first not in state.away and Ev.BACK in log, (state.away, log)
    assert not t.posts(words["nudge"], chat=first)
    assert api.violations == [], api.violations
