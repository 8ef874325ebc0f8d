"""The bot's pieces on their own: rate windows, timers, screen locks, the session cache,
the network layer (screens and button data: test_screens.py)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable

import pytest

from bot.send_budget import (
    GROUP_LIMIT,
    GROUP_PERIOD,
    GROUP_SPACING,
    OVERALL_LIMIT,
    PRIVATE_FLOOR,
    PRIVATE_SHARE,
    Limits,
    RankedGate,
)
from bot.session import ChatSettings, Member, Session
from bot.store import Store, key
from engine.svintus import GAME


async def test_rate_budget_in_redis_keeps_limit_and_spacing(redis_url: str) -> None:
    """The shared budget: at most 3 sends in any 400 ms, at least 60 ms apart."""
    store = Store.from_url(redis_url)
    # Redis counts a send at some moment between our asking and its answer: two
    # sends are at least as far apart as the first's asking and the second's answer
    sent: list[tuple[float, float]] = []
    started = time.monotonic()
    token = 0
    while time.monotonic() - started < 2.0:
        token += 1
        asked = time.monotonic()
        wait = await store.rate_wait_ms(key(-1, "sent"), 400, 3, 60, str(token))
        if wait <= 0:
            sent.append((asked, time.monotonic()))
        else:
            await asyncio.sleep(wait / 1000)
    await store.close()
    slack = 0.01  # Redis's clock and ours tick separately
    for i in range(len(sent) - 3):
        assert sent[i + 3][1] - sent[i][0] >= 0.4 - slack
    assert all(b[1] - a[0] >= 0.06 - slack for a, b in itertools.pairwise(sent))
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


async def test_a_screen_locked_by_another_worker_gets_a_note_instead(redis_url: str) -> None:
    a, b = Store.from_url(redis_url), Store.from_url(redis_url)
    assert await a.claim_screen(-7, "board", "a")
    assert not await b.claim_screen(-7, "board", "b")  # a draws it: b leaves a note
    assert not await b.release_screen(-7, "board", "b")  # not b's lock: nothing released, note kept
    assert await a.release_screen(-7, "board", "a")  # a reads the note: draw it once more
    assert await b.claim_screen(-7, "board", "b")
    assert not await b.release_screen(-7, "board", "b")  # no note this time
    assert await a.claim_screen(-7, "board", "a")  # released for good
    await a.close()
    await b.close()


async def test_a_screens_lock_comes_with_its_look_and_its_release_records_what_was_sent(
    redis_url: str,
) -> None:
    """A screen's refresh takes its lock and reads what it draws from (``Store.look``)
    in one round trip, and records the message it sent (``Store.set_message``)
    with the lock's release, in one more."""
    a, b = Store.from_url(redis_url), Store.from_url(redis_url)
    session = _session(3)
    await a.save_settings(session.chat_id, ChatSettings(lang="en"))
    await a.save(session, 0)
    calls = _counted_loads(a)
    looked = await a.claim_screen(session.chat_id, "hand:1", "a")
    assert looked == (session, ChatSettings(lang="en"), (None, None, None)) and looked[0] is session
    assert calls == [1]
    assert await b.claim_screen(session.chat_id, "hand:1", "b") is None  # a holds it: a note
    assert await a.release_screen(session.chat_id, "hand:1", "a", (77, "abc"))  # the note: once more
    assert await b.message(session.chat_id, "hand:1") == (77, "abc", "abc")
    looked = await b.claim_screen(session.chat_id, "hand:1", "b")
    assert looked is not None and looked[0] == session and looked[2] == (77, "abc", "abc")
    assert not await b.release_screen(session.chat_id, "hand:1", "b")  # nothing sent: nothing recorded
    assert await b.message(session.chat_id, "hand:1") == (77, "abc", "abc")
    await a.close()
    await b.close()


async def test_a_new_game_forgets_the_last_games_screens_and_a_late_one_of_them_is_not_recorded(
    redis_url: str,
) -> None:
    """A new game's lobby: the board and the hands of the last game are forgotten (its
    nudges are not), and a screen of that game whose send ends after it (a worker still
    drawing its final hand) is not recorded as the chat's; the new game's are."""
    store = Store.from_url(redis_url)
    chat = -11
    await store.release_screen(chat, "hand:1", "w", (5, "old"), "g1")  # the last game's hand
    await store.release_screen(chat, "board", "w", (6, "old"), "g1")
    await store.set_message(chat, "nudge:1", 7, "")
    await store.new_game_screens(chat, "g2")
    assert await store.shown(chat) == {"nudge:1": (7, "", "")}
    await store.release_screen(chat, "hand:1", "w", (8, "late"), "g1")  # sent after: not the chat's
    assert await store.message(chat, "hand:1") == (None, None, None)
    await store.release_screen(chat, "hand:1", "w", (9, "new"), "g2")
    assert await store.message(chat, "hand:1") == (9, "new", "new")
    await store.close()


async def test_screens_parse_a_session_once_per_version_and_get_the_settings_with_it(
    redis_url: str,
) -> None:
    a, b = Store.from_url(redis_url), Store.from_url(redis_url)
    session = _session(3)
    await a.save_settings(session.chat_id, ChatSettings(lang="en"))
    await a.save(session, 0)
    shared, settings = await a.load_shared(session.chat_id)
    assert shared is session and settings.lang == "en"  # what a wrote, not parsed again
    other, _ = await b.load_shared(session.chat_id)
    assert other == session and other is not session
    assert (await b.load_shared(session.chat_id))[0] is other  # parsed once on b too
    fresh, version, settings = await b.load_with_settings(session.chat_id)
    assert fresh == session and fresh is not other and version == 1 and settings.lang == "en"
    assert fresh is not None
    fresh.title = "renamed"
    await b.save(fresh, version)
    seen, _ = await a.load_shared(session.chat_id)  # b's newer version reaches a
    assert seen is not None and seen.title == "renamed"
    assert (await a.load_shared(-12345)) == (None, ChatSettings())
    await a.close()
    await b.close()


async def test_a_screens_look_is_its_session_and_its_messages_record_in_one_round_trip(
    redis_url: str,
) -> None:
    """What a screen's refresh reads before it draws (``Store.look``): the session as
    ``load_shared`` gives it, the settings, and what the slot's message shows
    (``Store.message``): one script, the keys of one chat."""
    store = Store.from_url(redis_url)
    session = _session(3)
    await store.save_settings(session.chat_id, ChatSettings(lang="en"))
    await store.save(session, 0)
    await store.set_message(session.chat_id, "hand:1", 77, "abc")
    await store.set_pending(session.chat_id, "hand:1", "def")
    seen, settings, shown = await store.look(session.chat_id, "hand:1")
    assert seen is session and settings.lang == "en"
    assert shown == (77, "abc", "def") == await store.message(session.chat_id, "hand:1")
    assert (await store.look(session.chat_id, "board"))[2] == (None, None, None)
    assert await store.look(-12345, "board") == (None, ChatSettings(), (None, None, None))
    calls = _counted_loads(store)
    await store.look(session.chat_id, "hand:1")
    assert calls == [1]
    await store.close()


def _counted_loads(store: Store) -> list[int]:
    """From now on, how many ``_LOAD`` round trips ``store`` makes (in the one item:
    each is one ``_read``)."""
    calls = [0]
    real = store._read

    async def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return await real(*args, **kwargs)

    store._read = counted  # type: ignore[method-assign]
    return calls


async def until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait for ``check()`` to hold (the awaited event, not a guess at how long it takes)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)


async def test_boards_are_not_held_up_by_a_flood_of_hands(redis_url: str) -> None:
    """Hands take at most their share of the overall budget; a board goes out at once
    (how long it waits: python -m tests.bench.bench_limits)."""
    store = Store.from_url(redis_url)
    limits = Limits(store)
    granted: list[tuple[int, float]] = []

    async def send(chat: int) -> None:
        assert await limits.acquire(chat)
        granted.append((chat, time.monotonic()))

    hands = [asyncio.create_task(send(1000 + i)) for i in range(3 * OVERALL_LIMIT)]
    await until(lambda: len(granted) >= PRIVATE_FLOOR)  # the hands are queued and taking the budget
    asked = len(granted)
    await send(-100)  # a board
    await asyncio.gather(*hands)
    await store.close()
    order = [chat for chat, _ in granted]
    assert order.index(-100) - asked <= 3  # the hand holding the budget went first, not the queue
    assert len(order) - order.index(-100) > 2 * OVERALL_LIMIT  # ...of which most was still waiting
    hand_times = [at for chat, at in granted if chat > 0]
    first_second = [at for at in hand_times if at - hand_times[0] < 0.95]
    assert len(first_second) <= PRIVATE_SHARE < OVERALL_LIMIT


async def test_a_hand_that_must_act_is_not_held_up_by_hands_that_wait(redis_url: str) -> None:
    """Under load the mover's hand goes out ahead of a queue of waiting players' hands."""
    store = Store.from_url(redis_url)
    limits = Limits(store)
    granted: list[int] = []

    async def send(chat: int, urgent: bool = False) -> None:
        assert await limits.acquire(chat, urgent=urgent)
        granted.append(chat)

    hands = [asyncio.create_task(send(2000 + i)) for i in range(3 * OVERALL_LIMIT)]
    await until(lambda: len(granted) >= PRIVATE_FLOOR)  # the waiting hands are queued and taking their share
    asked = len(granted)
    await send(1999, urgent=True)
    ahead = granted.index(1999) - asked  # hands that went before the mover's
    asked = len(granted)
    await send(1998)  # the same without urgency: behind the queue
    behind = granted.index(1998) - asked  # hands that went before this one
    await asyncio.gather(*hands)
    await store.close()
    assert ahead <= 3 and behind >= OVERALL_LIMIT, (ahead, behind)


async def test_the_gate_goes_to_the_lowest_rank_now_then_the_oldest() -> None:
    gate = RankedGate()
    order: list[str] = []
    ranks = {"hand": 4, "board": 2, "mover": 3, "board2": 2, "late": 4}

    async def send(name: str) -> None:
        async with gate.hold(lambda: ranks[name]):
            order.append(name)
            await asyncio.sleep(0)

    async with gate.hold(lambda: 0):  # the budget is busy while they all queue
        tasks = [asyncio.create_task(send(n)) for n in ranks]
        await asyncio.sleep(0.01)
        assert len(gate) == 5
        ranks["late"] = 1  # a waiting hand whose owner must act now moves up
    await asyncio.gather(*tasks)
    assert order == ["late", "board", "board2", "mover", "hand"]
    assert len(gate) == 0


async def test_a_cancelled_waiter_does_not_hold_the_gate() -> None:
    gate = RankedGate()
    done: list[int] = []

    async def send(i: int) -> None:
        async with gate.hold(lambda: i):
            done.append(i)

    async with gate.hold(lambda: 0):
        tasks = [asyncio.create_task(send(i)) for i in range(3)]
        await asyncio.sleep(0.01)
        tasks[0].cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    assert done == [1, 2]
    async with gate.hold(lambda: 0):  # and the gate is free again
        pass


async def test_hands_are_not_shut_out_by_a_flood_of_boards(redis_url: str) -> None:
    """Boards go first, but private chats keep a floor of the budget: a hand
    queued behind 60 boards (2.4 s of budget) goes out before nearly all of them."""
    store = Store.from_url(redis_url)
    limits = Limits(store)
    granted: list[int] = []

    async def send(chat: int) -> None:
        assert await limits.acquire(chat)
        granted.append(chat)

    boards = [asyncio.create_task(send(-5000 - i)) for i in range(60)]
    await until(lambda: len(granted) >= 1)  # the boards are queued and taking the budget
    asked = len(granted)
    await send(3000)
    ahead = granted.index(3000) - asked
    hands = [asyncio.create_task(send(3001 + i)) for i in range(3 * PRIVATE_FLOOR)]
    await asyncio.gather(*boards, *hands)
    await store.close()
    assert ahead <= 3, ahead


def _session(players: int) -> Session:
    members = [Member(id=i, name=f"Player & <{i}>", lang="ru") for i in range(1, players + 1)]
    state, events = GAME.start([m.id for m in members], seed=5)
    s = Session(
        chat_id=-100,
        game_id="abc123",
        creator=1,
        game="svintus",
        title="T & <t>",
        status="playing",
        members=members,
        state=state,
    )
    s.announce(events)
    return s


async def test_aiohttp_request_posts_and_maps_failures_to_telegram_errors() -> None:
    """The bot's network layer: a form-encoded POST, a slow answer is TimedOut,
    an unreachable server a NetworkError (both made again by the sender)."""
    from aiohttp import web
    from telegram.error import NetworkError, TimedOut
    from telegram.request import RequestData
    from telegram.request._requestparameter import RequestParameter

    from bot.telegram_http import AiohttpRequest

    def free_port() -> int:
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            return int(sock.getsockname()[1])

    seen: dict[str, str] = {}

    async def ok(request: web.Request) -> web.Response:
        seen.update({k: str(v) for k, v in (await request.post()).items()})
        return web.json_response({"ok": True, "result": True})

    async def slow(request: web.Request) -> web.Response:
        await asyncio.sleep(2)
        return web.json_response({"ok": True, "result": True})

    app = web.Application()
    app.router.add_post("/ok", ok)
    app.router.add_post("/slow", slow)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    req = AiohttpRequest(read_timeout=0.3)
    await req.initialize()
    try:
        data = RequestData(
            [RequestParameter.from_input("chat_id", -100), RequestParameter.from_input("text", "Привет <b>")]
        )
        status, body = await req.do_request(f"http://127.0.0.1:{port}/ok", "POST", data)
        assert status == 200 and b'"ok": true' in body
        assert seen == {"chat_id": "-100", "text": "Привет <b>"}
        with pytest.raises(TimedOut):
            await req.do_request(f"http://127.0.0.1:{port}/slow", "POST", None)
        with pytest.raises(NetworkError):
            await req.do_request(f"http://127.0.0.1:{free_port()}/x", "POST", None)
    finally:
        await req.shutdown()
        await runner.cleanup()
