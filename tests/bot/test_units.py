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
from bot.outbox import (
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
from bot.store import Store
from engine.svintus import GAME
from engine.svintus.cards import COLORS, DECK_SIZE
from engine.svintus.models import (
    Accept,
    Cancel,
    Catch,
    ChooseColor,
    Confirm,
    Declare,
    Draw,
    Pass,
    Pick,
    Play,
    React,
    Slap,
    Target,
    UseAbility,
)

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
        UseAbility(player=1),
        Target(player=1, target=9_999_999_999),
        Pick(player=1, card=DECK_SIZE - 1),
        Confirm(player=1),
        Cancel(player=1),
        React(player=1),
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


@pytest.mark.parametrize(
    "code",
    ["p", "p1.2.3", "p-5", "p1.x", "p999.1", "p1.-7", "c9", "cx", "q", "", "q-1", "q999", "tx", "t", "w"],
)
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


async def test_boards_are_not_held_up_by_a_flood_of_hands(redis_url: str) -> None:
    """Hands take at most their share of the overall budget; a board goes out at once."""
    store = Store.from_url(redis_url)
    limits = Limits(store)
    granted: list[float] = []

    async def hand(user: int) -> None:
        await limits.acquire(user)
        granted.append(time.monotonic())

    started = time.monotonic()
    hands = [asyncio.create_task(hand(1000 + i)) for i in range(3 * OVERALL_LIMIT)]
    await asyncio.sleep(0.2)  # the hands are queued and taking the budget
    assert await limits.acquire(-100)  # a board
    board_waited = time.monotonic() - started - 0.2
    await asyncio.gather(*hands)
    await store.close()
    assert board_waited < 0.5
    first_second = [g for g in granted if g - granted[0] < 0.95]
    assert len(first_second) <= PRIVATE_SHARE < OVERALL_LIMIT


async def test_a_hand_that_must_act_is_not_held_up_by_hands_that_wait(redis_url: str) -> None:
    """Under load the mover's hand goes out ahead of a queue of waiting players' hands."""
    store = Store.from_url(redis_url)
    limits = Limits(store)
    hands = [asyncio.create_task(limits.acquire(2000 + i)) for i in range(3 * OVERALL_LIMIT)]
    await asyncio.sleep(0.2)  # the waiting hands are queued and taking their share
    started = time.monotonic()
    assert await limits.acquire(1999, urgent=True)
    waited = time.monotonic() - started
    ordinary = time.monotonic()
    assert await limits.acquire(1998)  # the same without urgency: behind the queue
    behind = time.monotonic() - ordinary
    await asyncio.gather(*hands)
    await store.close()
    assert waited < 0.5 < behind


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
    queued behind 60 boards (2.4 s of budget) goes out in the first second."""
    store = Store.from_url(redis_url)
    limits = Limits(store)
    boards = [asyncio.create_task(limits.acquire(-5000 - i)) for i in range(60)]
    await asyncio.sleep(0.05)
    started = time.monotonic()
    assert await limits.acquire(3000)
    waited = time.monotonic() - started
    hands = [asyncio.create_task(limits.acquire(3001 + i)) for i in range(3 * PRIVATE_FLOOR)]
    await asyncio.gather(*boards, *hands)
    await store.close()
    assert waited < 0.5


def test_a_hand_is_urgent_exactly_when_its_owner_must_act_now() -> None:
    s = _session(3)
    state = s.state
    assert state is not None
    urgent = {p: render.hand(T, "en", s, p, "T").urgent for p in state.seats}
    assert urgent == {p: p == state.current for p in state.seats}


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
                r'"((?:lobby|board|hand|button|answer|cmd|start|dm|bot|private|language|animal)'
                r'-[a-z0-9-]+)"',
                py.read_text(),
            )
        )
    used |= {f"cmd-desc-{c}" for c in ("new", "stop", "board", "rules", "animal", "language", "help")}
    used |= {f"hand-ability-cards-{k}" for k in ("exactly", "up-to", "range")}
    used |= {f"lobby-deal-{k}" for k in ("random", "chosen")}
    assert len(used) > 60
    for lang in ("ru", "en"):
        missing = sorted(k for k in used if not T.has(lang, k))
        assert not missing, (lang, missing)


# --- Metamorphoses on screen ----------------------------------------------------------


def _buttons(rendered: render.Rendered) -> list[tuple[str, str]]:
    if rendered.markup is None:
        return []
    return [
        (b.text, str(b.callback_data))
        for row in rendered.markup.inline_keyboard
        for b in row
        if b.callback_data is not None
    ]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_metamorphoses_hand_buttons_are_exactly_the_legal_moves(lang: str) -> None:
    """Through long random matches with animals: every hand button other than a card
    is a legal move of its owner (a card shows even when it can't go: pressing it
    says why), every legal move has its button, and every screen fits Telegram."""
    import random

    from engine.core import Tick
    from engine.svintus.models import Leave, Speak, SvintusOptions

    seen_codes: set[str] = set()
    for seed in range(6):
        rnd = random.Random(seed)
        n = 2 + seed
        members = [Member(id=i, name=f"P<{i}>", lang=lang) for i in range(1, n + 1)]
        opts = SvintusOptions(metamorphoses=True, target_score=8, hand_size=5, round_break_ms=0)
        state, _ = GAME.start([m.id for m in members], seed=seed, options=opts)
        session = Session(
            chat_id=-100, game_id="abc123", creator=1, status="playing", members=members, state=state
        )
        now = 0
        for step in range(2_500):
            s = session.state
            assert s is not None
            if s.phase == "match_over":
                break
            if step % 4 == 0:
                board = render.board(T, lang, session, "bot")
                assert len(board.text) < 4096
                for p in s.seats:
                    hand = render.hand(T, lang, session, p, "t")
                    assert len(hand.text) < 4096
                    codes = set()
                    for _, data in _buttons(hand):
                        assert len(data.encode()) <= 64
                        code = decode(data).code
                        action = parse_action(code, p)
                        if isinstance(action, Play | Pick):
                            run = s.ability
                            theirs = s.hands[run.target] if run and run.target and run.player == p else []
                            assert action.card in s.hands[p] or action.card in theirs
                        else:
                            assert action in GAME.legal(s, p), (code, GAME.legal(s, p))
                        if code.startswith("r"):  # un-choose: the engine's Pick toggles
                            code = "q" + code[1:]
                        codes.add(code.split(".")[0] if code.startswith("p") else code)
                        seen_codes.add(code[0])
                    for a in render.hand_actions(s, p):
                        code = action_code(a)
                        assert (code.split(".")[0] if code.startswith("p") else code) in codes, code
            now += rnd.choice((100, 500, 2000, 6000))
            due = GAME.next_deadline(s)
            if due is not None and due <= now:
                state, events = GAME.apply(s, Tick(), now)
            else:
                p = s.current if rnd.random() < 0.6 else rnd.choice(s.seats)
                acts = [a for a in GAME.legal(s, p) if not isinstance(a, Leave | Speak)]
                if not acts:
                    continue
                state, events = GAME.apply(s, rnd.choice(acts), now)
            session.state = state
            session.announce(events)
    assert {"u", "t", "q", "e"} <= seen_codes  # the animals' buttons were reached


def test_lobby_with_chosen_animals_shows_them_and_fits() -> None:
    from engine.svintus.models import SvintusOptions

    members = [Member(id=i, name=f"P{i}") for i in (1, 2)]
    session = Session(
        chat_id=-100,
        game_id="abc123",
        creator=1,
        members=members,
        options=SvintusOptions(metamorphoses=True, animal_deal="chosen"),
        animal_picks={1: "owl"},
    )
    for lang in ("ru", "en"):
        lobby = render.lobby(T, lang, session, "bot")
        codes = [decode(d).code for _, d in _buttons(lobby)]
        assert {f"a{i}" for i in range(15)} <= set(codes) and {"oa", "od", "g"} <= set(codes)
        owl = T(lang, "animal-owl-light")
        assert owl in lobby.text and any(owl in label and "✖" in label for label, _ in _buttons(lobby))


def test_animal_lookup_by_any_name_in_either_language() -> None:
    from engine.svintus.animals import Animal

    assert render.find_animal(T, "ёж") is Animal.HEDGEHOG
    assert render.find_animal(T, "Дикобраз") is Animal.HEDGEHOG
    assert render.find_animal(T, "eagle-owl") is Animal.OWL
    assert render.find_animal(T, "  silver   fox ") is Animal.FOX
    assert render.find_animal(T, "мамон") is Animal.ELEPHANT
    assert render.find_animal(T, "mule") is Animal.DONKEY and render.find_animal(T, "ниндзя") is Animal.TURTLE
    assert render.find_animal(T, "бел") is Animal.SQUIRREL  # both sides of one animal
    assert render.find_animal(T, "м") is None  # Mouse, Bear, Cow...: ambiguous
    assert render.find_animal(T, "dragon") is None and render.find_animal(T, "") is None
    text = render.animal_card(T, "ru", Animal.OWL)
    assert "Сова" in text and "Филин" in text and T("ru", "animal-owl-dark-rule") in text
    assert render.menagerie(T, "en").count("\n") >= 15


async def test_aiohttp_request_posts_and_maps_failures_to_telegram_errors() -> None:
    """The bot's network layer: a form-encoded POST, a slow answer is TimedOut,
    an unreachable server a NetworkError (both retried by outbox.call)."""
    from aiohttp import web
    from telegram.error import NetworkError, TimedOut
    from telegram.request import RequestData
    from telegram.request._requestparameter import RequestParameter

    from bot.request import AiohttpRequest

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


def test_a_huge_hand_choosing_cards_for_an_ability_still_fits() -> None:
    """The Eagle-Owl swapping between two huge hands: one button per face, each one
    a card that may be chosen, well within Telegram's ~100 buttons."""
    from engine.svintus.animals import Animal
    from engine.svintus.models import SvintusOptions, Target, UseAbility

    members = [Member(id=i, name=f"P{i}") for i in (1, 2)]
    state, _ = GAME.start([1, 2], seed=3, options=SvintusOptions(metamorphoses=True), animals={1: "owl"})
    state.hands[1] += state.deck[:45]
    state.hands[2] += state.deck[45:90]
    state.deck = state.deck[90:]
    state.current, state.dark = 1, [1]
    assert state.animals[1] is Animal.OWL
    state, _ = GAME.apply(state, UseAbility(player=1), 1)
    state, _ = GAME.apply(state, Target(player=1, target=2), 2)
    session = Session(
        chat_id=-100, game_id="abc123", creator=1, status="playing", members=members, state=state
    )
    for step in range(2):
        hand = render.hand(T, "en", session, 1, "t")
        assert hand.markup is not None
        buttons = [b for r in hand.markup.inline_keyboard for b in r]
        assert len(buttons) <= 100
        assert any("×" in b.text for b in buttons) == (step == 1)  # both hands shown: grouped by face
        legal = GAME.legal(state, 1)
        offered = [
            parse_action(decode(str(b.callback_data)).code, 1) for b in buttons if b.text.startswith("☑️")
        ]
        assert offered and all(a in legal for a in offered)
        owners = {1 if a.card in state.hands[1] else 2 for a in offered}
        assert owners == ({1} if step == 0 else {2})  # first one of mine, then one of theirs
        state, _ = GAME.apply(state, offered[0], 3 + step)
        session.state = state
    assert state.ability is None  # the swap is done
