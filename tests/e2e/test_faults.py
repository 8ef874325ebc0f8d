"""Faults: kill -9 mid-game, redelivered updates, racing intercepts, a flood of
hostile presses, and Redis going away — no card is lost, nothing wrong changes."""

from __future__ import annotations

import asyncio
import random
import re
import signal
import time
from typing import Any

import aiohttp

from bot import buttons
from bot.buttons import Act
from bot.games.svintus import ADAPTER
from bot.playground.botapi import FakeTelegram
from bot.screens import keyboard_tag
from bot.store import Store
from engine.svintus.cards import DECK_SIZE, Color
from engine.svintus.keys import Ev
from engine.svintus.models import SvintusOptions
from tests.conftest import RedisProcess
from tests.e2e.conftest import free_port
from tests.e2e.table import Table, code_of, play_code
from tests.engine.helpers import Faces, check_cards, table

G1, G2 = -100_501, -100_502
A1, B1, A2, B2, X, Y = 5001, 5002, 5003, 5004, 5008, 5009


def users(api: FakeTelegram) -> None:
    for uid, name, lang in (
        (A1, "Ann", "en"),
        (B1, "Bob", "en"),
        (A2, "Ася", "ru"),
        (B2, "Боб", "ru"),
        (X, "Xavier", "en"),
        (Y, "Yana", "ru"),
    ):
        api.add_user(uid, name, lang)


async def greet(t: Table, who: tuple[int, ...]) -> None:
    for p in who:
        t.api.say(p, p, "/start")
        await t.until(lambda p=p: t.api.last_message(p), what=f"greeting {p}")


async def open_game(t: Table, creator: int, other: int, timer_presses: int = 0) -> None:
    t.api.say(creator, t.group, "/new svintus")
    await t.until(t.board, what="lobby")
    for p in (creator, other):
        await t.press_code(p, t.board(), "j")
    for _ in range(timer_presses):
        await t.press_code(creator, t.board(), "om")
    await t.until(lambda: t.api.users[other].first_name in t.board().text, what="lobby")
    await t.press_code(creator, t.board(), "g")
    for p in (creator, other):
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand {p}")


def hand_tag(state: Any, player: int) -> str:
    """The tag the bot puts on ``player``'s hand buttons."""
    game = ADAPTER.game
    return keyboard_tag(ADAPTER, game.legal(state, player))


def board_total(text: str) -> int:
    """Deck + pile + every hand, as the board shows them to the group."""
    deck, pile = (int(x) for x in re.search(r"(?:Deck|Колода) (\d+) · (?:pile|стопка) (\d+)", text).groups())
    hands = sum(int(n) for n in re.findall(r"— (\d+) (?:cards?|карт[аы]?)", text))
    return deck + pile + hands


async def keep_playing(tables: list[tuple[Table, list[int]]], stop: asyncio.Event) -> int:
    """Players press what their hands show, as a person would, until ``stop``."""
    pressed = 0
    last: dict[int, tuple[int, int, float]] = {}
    while not stop.is_set():
        for t, players in tables:
            for p in players:
                choice = t.choose(p)
                if choice is None:
                    continue
                msg, button = choice
                seen = last.get(p)
                # a person presses again once the hand changed, or after a while without an answer
                if seen and seen[:2] == (msg.message_id, msg.edits) and time.monotonic() - seen[2] < 3:
                    continue
                last[p] = (msg.message_id, msg.edits, time.monotonic())
                t.api.press(p, msg.chat_id, msg.message_id, button["callback_data"])
                pressed += 1
        await asyncio.sleep(0.15)
    return pressed


async def test_kill_9_twenty_times_and_every_game_resumes(
    api: FakeTelegram, bot_factory: Any, tmp_path: Any
) -> None:
    users(api)
    api.add_group(G1, "One")
    api.add_group(G2, "Two")
    t1, t2 = Table(api, G1), Table(api, G2)
    data = tmp_path / "data"  # the embedded Redis: a killed bot leaves it running, the next one reuses it
    bot = await bot_factory(data_dir=data)
    await greet(t1, (A1, B1, A2, B2))
    await open_game(t1, A1, B1, timer_presses=3)  # turn timer 15 s
    await open_game(t2, A2, B2, timer_presses=3)
    stop = asyncio.Event()
    players = asyncio.create_task(keep_playing([(t1, [A1, B1]), (t2, [A2, B2])], stop))
    rnd = random.Random(7)
    for _ in range(20):
        await asyncio.sleep(rnd.uniform(0.5, 3.0))
        await bot.stop(signal.SIGKILL)
        bot = await bot_factory(data_dir=data)
    stop.set()
    assert await players >= 20
    # every press made, even those sent while the bot was dead, gets its answer
    await t1.until(lambda: not api.pending_queries, timeout=40, what="every press answered")
    for t in (t1, t2):  # the screens catch up
        await t.until(lambda t=t: board_total(t.board().text) == DECK_SIZE, what="the board adds up")
    # a deadline that passes while no bot runs is fired by the next one
    before = {t.group: t.board().text for t in (t1, t2)}
    await bot.stop(signal.SIGKILL)
    await asyncio.sleep(16)
    bot = await bot_factory(data_dir=data)
    for t in (t1, t2):
        await t.until(lambda t=t: t.board().text != before[t.group], timeout=15, what="a timer fired")
        assert board_total(t.board().text) == DECK_SIZE
    assert api.violations == [], api.violations


async def test_a_redelivered_update_changes_the_game_once(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    users(api)
    api.add_group(G1, "One")
    t = Table(api, G1)
    await bot_factory(redis_url=redis_url)
    await greet(t, (A1, B1))
    await open_game(t, A1, B1)
    current, msg, card = await t.a_turn_with_a_play((A1, B1))
    qid = api.press(current, current, msg.message_id, card["callback_data"])
    update = api.updates[-1] if api.updates else None
    assert (await api.answer_of(qid))["text"].startswith("✅")  # the card played, in a toast
    store = Store.from_url(redis_url)
    session, version = await store.load(G1)
    assert update is not None and session is not None
    api.push_raw(dict(update))  # Telegram delivers it again
    api.push_raw(dict(update))
    # a press after them, answered, shows the bot has read past them
    assert (await api.answer_of(api.press(X, X, 1, "garbage")))["text"] == "I don't know that button."
    again, version2 = await store.load(G1)
    assert again is not None and again.state == session.state and version2 == version
    await store.close()
    assert api.violations == [], api.violations


async def test_a_lobby_press_delivered_again_after_its_answer_is_not_answered_again(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """«Join» answered, then delivered twice more (a batch not confirmed before a
    crash): the bot knows the press was answered, answers it no more and seats
    nobody twice (``Handlers.answered_before``: the press's data read once)."""
    users(api)
    api.add_group(G1, "One")
    t = Table(api, G1)
    bot = await bot_factory(redis_url=redis_url, webhook_port=free_port())
    api.deliver_to([bot.url])  # (a webhook: long polling's offset would skip an update again)
    await greet(t, (A1,))
    api.say(A1, G1, "/new svintus")
    lobby = await t.until(t.board, what="lobby")
    join = t.find(lobby, "j")
    assert join is not None
    deliver = api.push_raw
    sent: list[dict[str, Any]] = []

    def kept(update: dict[str, Any]) -> None:
        sent.append(update)
        deliver(update)

    api.push_raw = kept  # type: ignore[method-assign]
    qid = api.press(A1, G1, lobby.message_id, join["callback_data"])
    api.push_raw = deliver  # type: ignore[method-assign]
    assert (await api.answer_of(qid))["text"]
    await t.until(lambda: "Ann" in getattr(t.board(), "text", ""), what="Ann seated")
    store = Store.from_url(redis_url)
    session, version = await store.load(G1)
    assert session is not None and len(sent) == 1
    assert api.webhook is not None
    headers = {"X-Telegram-Bot-Api-Secret-Token": api.webhook["secret_token"]}
    async with aiohttp.ClientSession() as http:
        for _ in range(2):  # Telegram delivers it again; acknowledged once handled (bot.webhook)
            async with http.post(bot.url, json=sent[0], headers=headers) as r:
                assert r.status == 200
    again, version2 = await store.load(G1)
    assert again is not None and again.members == session.members and version2 == version
    await store.close()
    answers = [p for m, p in api.calls if m.lower() == "answercallbackquery"]
    answered = [p for p in answers if str(p.get("callback_query_id")) == qid]
    assert len(answered) == 1, answered  # once, not again for each delivery
    assert api.violations == [], api.violations


async def test_simultaneous_identical_intercepts_one_wins(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """100 times two players intercept the same Polypig at once: one wins, one is late."""
    users(api)
    api.add_group(G1, "One")
    t = Table(api, G1)
    await bot_factory(redis_url=redis_url)
    await greet(t, (A1, B1, X))
    t.api.say(A1, G1, "/new svintus")
    await t.until(t.board, what="lobby")
    for p in (A1, B1, X):
        await t.press_code(p, t.board(), "j")
    await t.until(lambda: "Xavier" in t.board().text, what="lobby")
    await t.press_code(A1, t.board(), "g")
    store = Store.from_url(redis_url)
    late_text = {"Too late — the top card has changed."}
    for i in range(100):
        f = Faces()
        top, pig_b, pig_x = f.card("polypig"), f.card("polypig"), f.card("polypig")
        session, version = await store.load(G1)
        assert session is not None
        session.state = table(
            {
                A1: [f.card("red", 1), f.card("red", 2)],
                B1: [pig_b, f.card("blue", 1)],
                X: [pig_x, f.card("green", 1)],
            },
            top=top,
            current=A1,
            now=int(time.time() * 1000),
            options=SvintusOptions(),
            color=Color.RED,
        )
        session.log = []
        session.done = {}  # a fresh position: no press of it has been applied yet
        await store.save(session, version)
        s = session.state
        data_b = buttons.data(G1, session.game_id, Act(play_code(pig_b, top)), hand_tag(s, B1))
        data_x = buttons.data(G1, session.game_id, Act(play_code(pig_x, top)), hand_tag(s, X))
        first, second = (B1, data_b), (X, data_x)
        if i % 2:
            first, second = second, first
        q1 = api.press(first[0], first[0], 1, first[1])
        q2 = api.press(second[0], second[0], 1, second[1])
        answers = [(await api.answer_of(q))["text"] for q in (q1, q2)]
        played = [a for a in answers if a.startswith("✅")]  # the winner's toast names the card
        assert len(played) == 1 and {a for a in answers if a not in played} == late_text, answers
        after, _ = await store.load(G1)
        assert after is not None and after.state is not None
        assert [e.key for e in after.log].count(Ev.INTERCEPTED) == 1
        check_cards(after.state)
    await store.close()
    assert api.violations == [], api.violations


async def test_ten_thousand_hostile_presses_change_nothing_wrong(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    users(api)
    api.add_group(G1, "One")
    api.add_group(G2, "Elsewhere")
    t = Table(api, G1)
    await bot_factory(redis_url=redis_url)
    await greet(t, (A1, B1, X))
    await open_game(t, A1, B1)
    store = Store.from_url(redis_url)
    session, _ = await store.load(G1)
    assert session is not None and session.state is not None
    gid = session.game_id
    rnd = random.Random(11)
    seen_buttons = [
        b["callback_data"]
        for m in (t.hand(A1), t.hand(B1), t.board())
        for b in t.buttons(m)
        if "callback_data" in b
    ]
    codes = [
        "draw",
        "pass",
        "accept",
        "declare",
        "catch",
        "slap",
        "next_round",
        "color.0",
        "answer.1.~red.0",
        "answer.9.~blue.0",
        "play.1.2",
        "play.rr.1",
        "play.5.",
        "x",
        "",
        "j",
        "g",
        "ot",
    ]
    for i in range(10_000):
        who = rnd.choice([A1, B1, X, Y])
        kind = rnd.random()
        if kind < 0.3:
            data = rnd.choice(seen_buttons)  # stale, or someone else's
        elif kind < 0.6:
            letter = rnd.choice("aslpo")
            chat_id = rnd.choice([G1, G2, -1])
            game_id = rnd.choice([gid, "ffffff", "-"])
            data = f"{letter}|{chat_id}|{game_id}|{rnd.choice(['-', 'abcdef', '0'])}|{rnd.choice(codes)}"
        elif kind < 0.8:
            data = "".join(rnd.choice("aps|-0123456789abc.~:+") for _ in range(rnd.randint(0, 70)))
        else:
            data = rnd.choice(["L|-100501|-|-|de", "L|-100501|-|-|en", "l|-100501|" + gid + "|-|g"])
        chat = rnd.choice([who, G1])
        api.press(who, chat, rnd.randint(1, 50), data[:64] if rnd.random() < 0.9 else data)
        if i % 500 == 0:
            api.say(rnd.choice([X, Y]), G1, rnd.choice(["/new", "/stop", "/board", "hi", "/rules"]))
        if i % 100 == 0:
            await asyncio.sleep(0)
    await t.until(lambda: not api.pending_queries, timeout=240, what="every press answered")
    session, _ = await store.load(G1)
    assert session is not None and session.state is not None and session.status == "playing"
    check_cards(session.state)
    assert set(session.state.seats) == {A1, B1}
    await store.close()
    assert api.violations == [], api.violations[:5]
    assert api.group_rate_ok()


async def test_redis_away_for_ten_seconds(
    api: FakeTelegram, redis_tcp: RedisProcess, bot_factory: Any
) -> None:
    users(api)
    api.add_group(G1, "One")
    t = Table(api, G1)
    await bot_factory(redis_url=redis_tcp.url)
    await greet(t, (A1, B1))
    await open_game(t, A1, B1)
    stop = asyncio.Event()
    play = asyncio.create_task(keep_playing([(t, [A1, B1])], stop))
    dealt = t.board().text
    await t.until(lambda: t.board().text != dealt, what="a move before Redis goes")
    redis_tcp.stop()
    down_from = time.monotonic()
    answers: list[str] = []
    while time.monotonic() - down_from < 10:
        qid = api.press(A1, A1, t.hand(A1).message_id, code_press(t, A1))
        answers.append((await api.answer_of(qid))["text"])
        await asyncio.sleep(1)
    assert set(answers) == {"The table is out of reach for a moment — try again shortly."}, answers
    before, answered = t.board().text, len(api.answers)
    redis_tcp.start()
    await t.until(
        lambda: any(a["text"] == "" for a in list(api.answers.values())[answered:]),
        timeout=30,
        what="a press accepted once Redis is back",
    )
    await t.until(lambda: t.board().text != before, timeout=30, what="the game goes on")
    stop.set()
    await play
    await t.until(lambda: not api.pending_queries, timeout=30, what="every press answered")
    store = Store.from_url(redis_tcp.url)
    session, _ = await store.load(G1)
    assert session is not None and session.state is not None
    check_cards(session.state)
    await store.close()
    assert api.violations == [], api.violations


def code_press(t: Table, user: int) -> str:
    buttons = [b for b in t.buttons(t.hand(user)) if code_of(b)]
    return str(buttons[0]["callback_data"])
