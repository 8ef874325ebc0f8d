"""The bot's pieces on their own: button data, rate windows, rendering limits, words."""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from pathlib import Path

import pytest

from bot import render
from bot.callbacks import BadCallback, action_code, decode, encode, parse_action
from bot.i18n import Translator
from bot.outbox import GROUP_LIMIT, GROUP_PERIOD, GROUP_SPACING
from bot.session import Member, Session
from bot.store import Store
from engine.svintus import GAME
from engine.svintus.cards import COLORS, DECK_SIZE
from engine.svintus.models import Accept, Catch, ChooseColor, Declare, Draw, Pass, Play, Slap

T = Translator()
ROOT = Path(__file__).resolve().parents[2]


def test_button_data_round_trips_and_fits_64_bytes() -> None:
    worst_chat = -1_009_999_999_999
    for action in [
        Play(player=1, card=DECK_SIZE - 1, on=DECK_SIZE - 2),
        Draw(player=1),
        Pass(player=1),
        Accept(player=1),
        Declare(player=1),
        Catch(player=1),
        Slap(player=1),
        *[ChooseColor(player=1, color=c) for c in COLORS],
    ]:
        data = encode("h", worst_chat, "ffffff", "ffffff", action_code(action))
        assert len(data.encode()) <= 64
        press = decode(data)
        assert press.chat_id == worst_chat
        assert parse_action(press.code, 1) == action


@pytest.mark.parametrize("data", [None, "", "x", "h|1|2|3", "h|a|b|c|d", "z|1|g|t|d", "h|1|g|t|" + "9" * 70])
def test_malformed_button_data_is_refused(data: str | None) -> None:
    with pytest.raises(BadCallback):
        decode(data)


@pytest.mark.parametrize("code", ["p", "p1.2.3", "p-5", "p1.x", "p999.1", "p1.-7", "c9", "cx", "q", ""])
def test_forged_action_codes_are_refused(code: str) -> None:
    with pytest.raises(BadCallback):
        parse_action(code, 1)


async def test_rate_budget_in_redis_keeps_limit_and_spacing(redis_url: str) -> None:
    """The shared budget: at most 3 sends in any 400 ms, at least 60 ms apart."""
    store = Store.from_url(redis_url)
    sent: list[float] = []
    started = time.monotonic()
    token = 0
    while time.monotonic() - started < 2.0:
        token += 1
        wait = await store.rate_wait_ms("svintus:{-1}:sent", 400, 3, 60, str(token))
        if wait <= 0:
            sent.append(time.monotonic())
        else:
            await asyncio.sleep(wait / 1000)
    await store.close()
    slack = 0.01  # Redis's clock and ours tick separately
    for i in range(len(sent) - 3):
        assert sent[i + 3] - sent[i] >= 0.4 - slack
    assert all(b - a >= 0.06 - slack for a, b in itertools.pairwise(sent))
    assert len(sent) >= 12  # and the budget is used


def test_group_budget_is_twenty_a_minute_three_seconds_apart() -> None:
    assert (GROUP_LIMIT, GROUP_PERIOD) == (20, 60.0)
    assert GROUP_SPACING * (GROUP_LIMIT - 1) < GROUP_PERIOD <= GROUP_SPACING * GROUP_LIMIT


async def test_timers_are_claimed_once(redis_url: str) -> None:
    a, b = Store.from_url(redis_url), Store.from_url(redis_url)
    await a.set_timer(-5, 1_000)
    await a.set_timer(-6, 9_000)
    assert await a.due_timers(2_000) == [-5]
    assert await a.next_timer() == 1_000
    results = await asyncio.gather(a.claim_timer(-5, 2_000), b.claim_timer(-5, 2_000))
    assert sorted(results) == [False, True]
    assert not await a.claim_timer(-6, 2_000)  # not due yet
    await a.close()
    await b.close()


def _session(players: int) -> Session:
    members = [Member(id=i, name=f"Player & <{i}>", lang="ru") for i in range(1, players + 1)]
    state, events = GAME.start([m.id for m in members], seed=5)
    s = Session(
        chat_id=-100,
        game_id="abc123",
        creator=1,
        title="T & <t>",
        status="playing",
        members=members,
        state=state,
    )
    s.announce(events)
    return s


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_board_and_hands_fit_telegram_for_ten_players(lang: str) -> None:
    session = _session(10)
    board = render.board(T, lang, session, "bot")
    assert len(board.text) < 4096
    assert "&lt;" in board.text and "<1>" not in board.text  # names are escaped
    for p in session.state.seats:  # type: ignore[union-attr]
        hand = render.hand(T, lang, session, p, session.title)
        assert len(hand.text) < 4096 and hand.markup is not None


def test_a_huge_hand_still_fits_in_a_keyboard() -> None:
    session = _session(2)
    s = session.state
    assert s is not None
    s.hands[1] = s.hands[1] + s.deck[:90]
    s.deck = s.deck[90:]
    hand = render.hand(T, "en", session, 1, "t")
    assert hand.markup is not None
    assert sum(len(r) for r in hand.markup.inline_keyboard) <= 100
    assert any("×" in b.text for r in hand.markup.inline_keyboard for b in r)


def test_every_key_the_bot_uses_exists_in_both_languages() -> None:
    used: set[str] = set()
    for py in (ROOT / "bot").glob("*.py"):
        used |= set(
            re.findall(
                r'"((?:lobby|board|hand|button|answer|cmd|start|dm|bot|private|language)'
                r'-[a-z0-9-]+)"',
                py.read_text(),
            )
        )
    used |= {f"cmd-desc-{c}" for c in ("new", "stop", "board", "rules", "language", "help")}
    assert len(used) > 60
    for lang in ("ru", "en"):
        missing = sorted(k for k in used if not T.has(lang, k))
        assert not missing, (lang, missing)
