"""Telegram as it is, one difference at a time, through the real bot process: forum
topics, outages, late answers, flood waits, migrations, kicks, blocks, expired
presses.  The fake Bot API switches each on (``api.faults``, its world methods);
the bot must come out of each with the game whole and every screen current."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.playground.botapi import FakeTelegram
from tests.e2e.table import Table
from tests.e2e.telegram import greet, open_game, session_of, until_current

GROUP = -100_901
ANN, BOB, EVE = 9001, 9002, 9003


def world(api: FakeTelegram, **group: Any) -> Table:
    api.add_group(GROUP, "Telegram pen", **group)
    for uid, name in ((ANN, "Ann"), (BOB, "Bob"), (EVE, "Eve")):
        api.add_user(uid, name, "en")
    return Table(api, GROUP)


async def a_play(t: Table) -> tuple[int, str]:
    """Whoever is on turn plays a card (or draws): the press's id and its button's code."""
    p, hand, card = await t.a_turn_with_a_play((ANN, BOB))
    return p, t.api.press(p, hand.chat_id, hand.message_id, card["callback_data"])


async def fetched(api: FakeTelegram, query: str) -> None:
    """Until the bot has taken the press from the Bot API."""
    while not api.deliveries.get(query):
        await asyncio.sleep(0.005)


async def test_an_outage_mid_game_heals_every_screen_and_answers_the_press(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Ten seconds of 502s (nginx's page) right as a press is handled, no turn timer:
    within 10 s of Telegram answering again, the board and both hands show the game
    as it is, and the press is answered (it still may be)."""
    t = world(api)
    bot = await bot_factory()
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    _, query = await a_play(t)
    await fetched(api, query)
    api.faults.outage("502")
    await asyncio.sleep(10)
    api.faults.heal()
    healed = time.monotonic()
    await until_current(t, redis_url, timeout=10, what="after the outage")
    answer = await api.answer_of(query, timeout=max(0.1, 10 - (time.monotonic() - healed)))
    assert answer is not None
    assert api.faults.hits["outage"] > 0
    counted = await bot.metrics()
    assert counted["bot_telegram_errors_total{kind=server}"] > 0
    assert counted["bot_screens_healed_total"] >= 1
    assert api.violations == [], api.violations
    assert "Traceback" not in bot.log()


async def test_stopped_while_telegram_fails_it_says_so_in_one_line(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """Stopping, the bot asks Telegram once more (to confirm the updates it fetched); a
    Telegram answering 502 makes that one line in the log, not a traceback."""
    bot = await bot_factory()
    api.faults.outage("502", methods=["getUpdates"])
    await bot.stop()
    assert "Error while calling `get_updates` one more time" in bot.log()
    assert "Traceback" not in bot.log()


async def test_a_send_answered_late_is_not_sent_twice(api: FakeTelegram, bot_factory: Any) -> None:
    """Telegram stores the lobby and answers 8 s later: one lobby, and it lives on."""
    t = world(api)
    await bot_factory()
    await greet(t, (ANN, BOB))
    api.faults.late(8, "sendMessage", chat_id=GROUP)
    api.say(ANN, GROUP, "/new svintus")
    await t.until(t.board, what="lobby")
    await asyncio.sleep(9)
    await t.press_code(ANN, t.board(), "j")
    await t.until(lambda: "Ann" in t.board_text(), what="Ann seated on the one lobby")
    lobbies = [m for m in api.messages[GROUP].values() if m.text.startswith("🐷")]
    assert len(lobbies) == 1, [m.text for m in lobbies]
    assert api.faults.hits["late"] == 1
    assert api.violations == [], api.violations


async def test_a_long_flood_wait_delays_screens_and_replies_and_loses_none(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """An 18 s flood wait on the group, longer than a screen's lock, with two workers:
    a press and /rules meanwhile; nothing goes to the group before the wait ends
    (the fake records a call made too early), and then the board shows the game
    as it is, and the reply arrives."""
    from tests.e2e.conftest import free_port

    t = world(api)
    one = await bot_factory(webhook_port=free_port())
    two = await bot_factory(webhook_port=free_port(), register=False)
    api.deliver_to([one.url, two.url])
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    await api.quiet(0.5)
    api.faults.flood(18, chat_id=GROUP)
    started = time.monotonic()
    _, query = await a_play(t)
    assert await api.answer_of(query) is not None  # answered at once: a press's answer is not a send
    api.say(BOB, GROUP, "/rules")
    await asyncio.sleep(18 - (time.monotonic() - started))
    await until_current(t, redis_url, timeout=8, what="after the flood wait")
    rules = await t.until(lambda: t.posts("<b>"), timeout=8, what="the /rules reply")
    assert rules
    assert api.faults.hits["flood"] >= 1
    assert api.violations == [], api.violations  # nobody wrote to the group before the wait ended
    counted = await one.metrics()
    counted2 = await two.metrics()
    floods = counted.get("bot_telegram_errors_total{kind=flood}", 0) + counted2.get(
        "bot_telegram_errors_total{kind=flood}", 0
    )
    assert floods >= 1


async def test_a_group_that_becomes_a_supergroup_keeps_its_game(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Mid-game the group is upgraded: the game goes on under the new id — a new
    board there, the hands' buttons pressed as before, the old board left alone."""
    t = world(api, kind="group")
    bot = await bot_factory()
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    await api.quiet(0.5)
    old_board = t.board()
    assert old_board is not None
    edits = old_board.edits
    new = api.migrate(GROUP, ANN)
    moved = Table(api, new)
    await moved.until(moved.board, what="the board in the supergroup")
    for p in (ANN, BOB):  # the hands' buttons name the new chat
        await moved.until(lambda p=p: str(new) in str(moved.hand(p).markup), what=f"{p}'s hand moved")
    for _ in range(3):  # the game goes on there
        p, hand, card = await moved.a_turn_with_a_play((ANN, BOB))
        assert str(new) in card["callback_data"]
        await moved.press(p, hand, card)
    session = await session_of(redis_url, new)
    assert session.state is not None and session.chat_id == new
    assert not await _has_session(redis_url, GROUP)
    await until_current(moved, redis_url, timeout=10, what="after the migration")
    assert t.api.messages[GROUP][old_board.message_id].edits == edits  # never written to again
    assert (await bot.metrics())["bot_chat_migrations_total"] == 1
    assert api.violations == [], api.violations


async def _has_session(redis_url: str, chat_id: int) -> bool:
    from bot.store import Store

    store = Store.from_url(redis_url)
    try:
        session, _ = await store.load(chat_id)
        return session is not None
    finally:
        await store.close()


async def test_the_bot_removed_mid_game_ends_it_and_is_welcome_back(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    t = world(api)
    bot = await bot_factory()
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    api.kick_bot(GROUP, ANN)
    for p in (ANN, BOB):
        await t.until(lambda p=p: "removed" in t.hand_text(p), what=f"{p}'s hand says why")
        assert not t.buttons(t.hand(p))
    session = await session_of(redis_url, GROUP)
    assert session.status == "over" and session.removed
    api.say(EVE, EVE, "/start")  # the bot goes on elsewhere, and sends nothing more to the group
    await t.until(lambda: api.last_message(EVE), what="Eve greeted")
    await asyncio.sleep(1)
    assert api.faults.hits["kicked"] <= 1
    api.add_bot(GROUP, ANN)
    api.say(ANN, GROUP, "/new svintus")
    await t.until(lambda: "Players (0/" in t.board_text(), what="a new lobby")
    assert (await bot.metrics())["bot_removed_from_groups_total"] == 1
    assert api.violations == [], api.violations


async def test_a_player_who_blocked_and_unblocked_the_bot_gets_the_hand_back(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    t = world(api)
    await bot_factory()
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    for _ in range(8):  # Ann's turn, so that her move is news for Bob's hand
        await api.quiet(0.5)
        p, hand, card = await t.a_turn_with_a_play((ANN, BOB))
        if p == ANN:
            break
        await t.press(p, hand, card)
    assert p == ANN
    blocked_hand = t.hand(BOB)
    assert blocked_hand is not None
    api.block(BOB)
    await t.press(ANN, hand, card)  # Bob's turn now, and his hand may not say so
    await api.quiet(1.0)
    assert api.faults.hits["blocked"] <= 1
    assert "Your turn" not in t.hand_text(BOB)
    api.unblock(BOB)
    await t.press(BOB, blocked_hand, t.buttons(blocked_hand)[0])  # a press on the old hand
    await until_current(t, redis_url, timeout=10, what="Bob's hand redrawn")
    assert api.violations == [], api.violations


async def test_presses_that_expired_while_the_bot_was_paused(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Telegram forgets a press after 15 s: answered late, Telegram refuses the answer;
    the bot takes it quietly (no traceback) and the game stays whole."""
    import os
    import signal

    t = world(api)
    bot = await bot_factory()
    api.faults.callback_expiry = 15.0
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    # found while the bot runs: a deal without a play has its player draw first
    p, hand, card = await t.a_turn_with_a_play((ANN, BOB))
    os.kill(bot.pid, signal.SIGSTOP)
    try:
        query = api.press(p, hand.chat_id, hand.message_id, card["callback_data"])
        await asyncio.sleep(16)
    finally:
        os.kill(bot.pid, signal.SIGCONT)
    await t.until(lambda: api.faults.hits["expired"] >= 1 or query in api.answers, what="the late answer")
    await until_current(t, redis_url, timeout=10, what="after the pause")
    assert api.violations == [], api.violations
    assert "Traceback" not in bot.log()


async def test_a_game_opened_in_a_forum_topic_lives_in_that_topic(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """A forum whose General topic is closed: the game opened in a topic sends every
    message there (a send to General would be refused), and only what is said in
    that topic counts for a Hush; another topic's talk and service messages do not."""
    from bot.store import Store
    from engine.svintus.models import SvintusOptions
    from tests.e2e.test_scenarios import card_button, now_ms
    from tests.engine.helpers import Faces, table

    t = world(api, forum=True)
    cards = api.create_topic(GROUP, ANN, "Cards")
    chat = api.create_topic(GROUP, EVE, "Chat")
    api.close_topic(GROUP)  # General
    await bot_factory()
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB, thread=cards)
    api.say(BOB, GROUP, "/rules", thread=cards)
    await t.until(lambda: t.posts("<b>"), what="the /rules reply")

    f = Faces()
    hush = f.card("hush", "red")
    store = Store.from_url(redis_url)
    session, version = await store.load(GROUP)
    assert session is not None and session.state is not None
    state = table(
        {ANN: [hush, f.card("blue", 1)], BOB: [f.card("green", 0), f.card("green", 4)]},
        top=f.card("red", 5),
        current=ANN,
        now=now_ms(),
        options=SvintusOptions(turn_timer_ms=0),
    )
    state.seq = session.state.seq + 1
    session.state, session.log = state, []
    await store.save(session, version)
    await store.close()
    api.say(ANN, GROUP, "/board", thread=cards)
    await t.until(lambda: t.find(t.hand(ANN), lambda c: c.startswith("play.")), what="Ann's new hand")
    await t.until(lambda: "Your cards (2)" in t.hand_text(ANN), what="the position")
    await t.press(ANN, t.hand(ANN), card_button(t, ANN, hush))
    await t.until(lambda: "Silence!" in t.board_text(), what="silence on the board")
    api.say(BOB, GROUP, "elsewhere, another topic", thread=chat)  # not the game's topic
    api.join_group(EVE, GROUP)  # a service message: not talk
    await api.quiet(1.0)
    assert "broke the silence" not in t.board_text()
    api.say(BOB, GROUP, "oops", thread=cards)
    await t.until(lambda: "Bob broke the silence" in t.board_text(), what="the silence broken in the topic")

    mine = [m for m in api.messages[GROUP].values()]
    assert mine and all(m.thread_id == cards for m in mine), [(m.text[:20], m.thread_id) for m in mine]
    assert api.violations == [], api.violations
