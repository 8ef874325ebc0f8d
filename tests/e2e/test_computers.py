"""Computer players at the table, through the real bot: the creator seats them
from the lobby (and unseats one), they play through the timers in Redis — no
private messages, never faster than a person could read the board — and the
game ends with everyone ranked."""

from __future__ import annotations

import re
import signal
import time
from typing import Any

import pytest

from bot.computers import COMPUTER_BASE, MIN_DELAY_MS
from bot.playground.botapi import FakeTelegram
from bot.store import Conflict, Store
from engine.candy.models import CandyState
from tests.e2e.table import press_until
from tests.e2e.test_candy import ANN, GROUP, choose, kind, over, position, short_deck, world
from tests.engine.helpers import Faces, table

LOBBY = {
    "en": ("🤖 + expert", "🤖 + novice", "🤖 −", "1. Ann", "2. 🤖 Robbie · expert", "3. 🤖 Marvin · novice"),
    "ru": (
        *("🤖 + знаток", "🤖 + новичок", "🤖 −"),
        *("1. Анна", "2. 🤖 Вертер · знаток", "3. 🤖 Электроник · новичок"),
    ),
}


async def states(redis_url: str) -> CandyState:
    store = Store.from_url(redis_url)
    try:
        session, _ = await store.load(GROUP)
    finally:
        await store.close()
    assert session is not None and isinstance(session.state, CandyState)
    return session.state


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_person_plays_candy_against_two_computer_players(
    api: FakeTelegram, redis_url: str, bot_factory: Any, lang: str
) -> None:
    """Ann seats three computers, unseats one and plays the game to its end against
    a novice and an expert; in English the bot is killed with SIGKILL once they
    have moved, and started again."""
    hard, easy, remove, ann, robbie, marvin = LOBBY[lang]
    t = world(api, lang, [ANN])
    bot = await bot_factory(redis_url=redis_url, lang=lang)
    api.say(ANN, ANN, "/start")
    await t.until(lambda: api.last_message(ANN), what="greeting")
    api.say(ANN, GROUP, "/new candy")
    await t.until(t.board, what="the lobby")
    assert (await t.press_code(ANN, t.board(), "j"))["text"]
    for code in ("chard", "ceasy", "ceasy"):
        assert (await t.press_code(ANN, t.board(), code))["text"]
    await t.until(lambda: "4. 🤖" in t.board_text(), what="three computers seated")
    labels = [b["text"] for b in t.buttons(t.board())]
    assert labels[labels.index(easy) : labels.index(easy) + 3] == [easy, hard, remove]
    assert (await t.press_code(ANN, t.board(), "cx"))["text"]  # the last one goes
    await t.until(lambda: "4. 🤖" not in t.board_text(), what="one unseated")
    lobby = t.board_text()
    assert ann in lobby and robbie in lobby and marvin in lobby, lobby
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    await t.until(lambda: "🂠" in t.board_text(), what="the board")
    await position(t, redis_url, short_deck(8), show=False)
    started = time.monotonic()
    if lang == "en":  # killed once the computers have moved: their next moves are timers in Redis

        def computers_moved() -> bool:
            return sum(line.startswith("• 🤖") for line in t.board_text().split("\n")) >= 2

        await press_until(t, [ANN], choose, kind, computers_moved, seed=4, timeout=120)
        assert not over(t)
        await bot.stop(signal.SIGKILL)
        await bot_factory(redis_url=redis_url, lang=lang)
    await press_until(t, [ANN], choose, kind, lambda: over(t), seed=4, timeout=240)
    final = t.board_text()
    assert "🤖" in final and final.count("🧮") == 3
    result = await t.until(lambda: next((m for m in t.posts("🏆")), None), what="the result")
    assert len([line for line in result.split("\n")[1:] if line.strip()]) == 3, result
    # the computers wrote nothing and were written nothing; the game took them time
    assert not any(chat >= COMPUTER_BASE for chat in api.messages), list(api.messages)
    played = len([line for line in final.split("\n") if line.startswith("• ")])
    assert played > 3 and time.monotonic() - started > MIN_DELAY_MS / 1000
    state = await states(redis_url)
    assert sum(1 for p in state.seats if p >= COMPUTER_BASE) == 2
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_only_the_creator_seats_computers(api: FakeTelegram, redis_url: str, bot_factory: Any) -> None:
    t = world(api, "en", [ANN, ANN + 1])
    await bot_factory(redis_url=redis_url)
    api.say(ANN, GROUP, "/new candy")
    await t.until(t.board, what="the lobby")
    answer = await t.press_code(ANN + 1, t.board(), "chard")
    assert answer["text"] == "Only the table's creator can do that."
    assert "🤖 Robbie" not in t.board_text()  # a stranger's press changes nothing


async def test_a_person_who_leaves_a_two_player_game_is_replaced_by_a_computer(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Without them the game would end: by default a computer player takes the seat,
    the log says so, their hand says so once, and their presses are refused."""
    from tests.e2e.test_candy import BORIS, open_table

    t = world(api, "en", [ANN, BORIS])
    await bot_factory(redis_url=redis_url)
    await open_table(t, [ANN, BORIS])
    old = t.hand(BORIS)
    assert old is not None
    api.say(BORIS, GROUP, "/leave")
    await t.until(lambda: "a computer player takes the seat" in t.board_text(), what="the seat taken")
    await t.until(lambda: "a computer player 🤖 has your seat" in t.hand_text(BORIS), what="Boris told")
    assert "🤖 Boris" in t.board_text() and "🏆" not in t.board_text()  # the game goes on
    assert not t.buttons(t.hand(BORIS))
    answer = await api.answer_of(api.press(BORIS, BORIS, old.message_id, "h|" + str(GROUP) + "|x|-|end"))
    assert answer["text"]
    state = await states(redis_url)
    assert BORIS in state.seats and not state.left  # the game saw nothing

    def computer_moved() -> bool:  # a line of the log besides the one that seated it
        log = [line for line in t.board_text().split("\n") if line.startswith("• 🤖 Boris")]
        return len(log) >= 2 or over(t)

    await press_until(t, [ANN], choose, kind, computer_moved, seed=5, timeout=60)


async def test_a_svintus_match_against_a_computer_survives_a_kill_9(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Ann plays a short match against a computer expert; the bot is killed mid-game
    and started again: the computer's next move was a deadline in Redis, so it
    plays on, and the match ends with a winner."""
    from tests.e2e.table import Table
    from tests.e2e.test_match import GROUP as SV_GROUP
    from tests.e2e.test_match import play

    api.add_group(SV_GROUP, "Pig & Co")
    api.add_user(ANN, "Ann", "en", started=True)
    t = Table(api, SV_GROUP)
    bot = await bot_factory(redis_url=redis_url)
    api.say(ANN, ANN, "/start")
    await t.until(lambda: api.last_message(ANN), what="greeting")
    api.say(ANN, SV_GROUP, "/new svintus")
    await t.until(t.board, what="the lobby")
    joined = await t.press_code(ANN, t.board(), "j")
    assert joined["text"], (joined, t.board_text())
    assert (await t.press_code(ANN, t.board(), "chard"))["text"]
    for _ in range(3):  # the target: 30 -> 50 -> 100 -> 10
        await t.press_code(ANN, t.board(), "ot")
    await t.until(lambda: "🤖 Robbie" in t.board_text() and "To 10" in str(t.board().markup), what="set")
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    await t.until(lambda: "round 1" in t.board_text(), what="the board")
    started = time.monotonic()
    await play(t, [ANN], lambda: time.monotonic() - started > 8, timeout=30)
    moved = len([line for line in t.board_text().split("\n") if line.startswith("• 🤖 Robbie")])
    await bot.stop(signal.SIGKILL)
    # meanwhile, the match nears its end: the computer's last card fits, and its turn
    robbie = COMPUTER_BASE + 1
    f = Faces()
    store = Store.from_url(redis_url)
    try:
        session, version = await store.load(SV_GROUP)
        assert session is not None and session.state is not None
        state = table(
            {ANN: [f.card("blue", 1), f.card("blue", 2), f.card("green", 3)], robbie: [f.card("red", 7)]},
            top=f.card("red", 5),
            current=robbie,
            now=int(time.time() * 1000),
            options=session.state.options,
            scores={ANN: 0, robbie: 8},
        )
        state.seq = session.state.seq + 1
        session.state, session.computers = state, {}
        await store.save(session, version)
        await store.set_timer(SV_GROUP, int(time.time() * 1000))
    finally:
        await store.close()
    await bot_factory(redis_url=redis_url)
    await t.until(lambda: "wins the match" in t.board_text(), timeout=30, what="the computer's last card")
    assert "🤖 Robbie" in t.board_text() and moved > 0
    assert not any(chat >= COMPUTER_BASE for chat in api.messages)
    assert await t.until(lambda: next(iter(t.posts("🏆", chat=SV_GROUP)), None), what="the result")
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_a_dobble_game_a_computer_wins_when_nobody_else_presses(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """A computer expert always finds the symbol, after its level's time to see it:
    with Ann never pressing, it takes every card and wins — the bot killed with
    SIGKILL after its first card and started again."""
    from tests.e2e.test_dobble import ANN as D_ANN
    from tests.e2e.test_dobble import GROUP as D_GROUP
    from tests.e2e.test_dobble import Dobble, edit_state

    api.add_group(D_GROUP, "Spot & Co")
    api.add_user(D_ANN, "Ann", "en", started=True)
    t = Dobble(api, D_GROUP)
    bot = await bot_factory(redis_url=redis_url)
    api.say(D_ANN, D_ANN, "/start")
    await t.until(lambda: api.last_message(D_ANN), what="greeting")
    api.say(D_ANN, D_GROUP, "/new dobble")
    await t.until(t.board, what="the lobby")
    assert (await t.press_code(D_ANN, t.board(), "j"))["text"]
    for code in ("chard", "oc", "oc"):  # a computer; the countdown 3 -> 2 -> 1 s
        await t.press_code(D_ANN, t.board(), code)
    await t.until(lambda: "🤖 Robbie" in t.board_text() and "1 s countdown" in t.board_text(), what="set")
    assert (await t.press_code(D_ANN, t.board(), "g"))["text"] == ""
    await t.until(lambda: t.hand(D_ANN), what="Ann's hand")

    def short(s: Any) -> Any:  # four cards to play
        s.box, s.deck = s.box + s.deck[:-4], s.deck[-4:]
        return s

    await edit_state(redis_url, short)
    await t.until(lambda: "🤖 Robbie: " in t.board_text(), timeout=30, what="a card won by the computer")
    assert t.final() is None  # mid-game
    await bot.stop(signal.SIGKILL)  # its next card is a timer in Redis: the bot started again plays on
    await bot_factory(redis_url=redis_url)
    result = await t.until(t.final, timeout=60, what="the result")
    assert "🤖 Robbie" in result.text.split("\n")[0], result.text
    assert not any(chat >= COMPUTER_BASE for chat in api.messages)
    assert api.violations == [], api.violations


async def test_smash_up_against_a_computer_that_drafts_and_takes_whole_turns(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """The snake draft with a computer (it picks its factions when its time comes),
    then the computer plays whole turns: its cards, its questions, «End turn»;
    the bot is killed with SIGKILL mid-game and started again; once the computer
    has reached the goal, the turn's end ends the game with it the winner."""
    from tests.e2e.test_smashup import ANN as S_ANN
    from tests.e2e.test_smashup import GROUP as S_GROUP
    from tests.e2e.test_smashup import SmashUpTable, final_message
    from tests.e2e.test_smashup import choose as s_choose
    from tests.e2e.test_smashup import kind as s_kind
    from tests.e2e.test_smashup import over as s_over

    api.add_group(S_GROUP, "Smash & Co")
    api.add_user(S_ANN, "Ann", "en", started=True)
    t = SmashUpTable(api, S_GROUP)
    bot = await bot_factory(redis_url=redis_url)
    api.say(S_ANN, S_ANN, "/start")
    await t.until(lambda: api.last_message(S_ANN), what="greeting")
    api.say(S_ANN, S_GROUP, "/new smashup")
    await t.until(t.board, what="the lobby")
    assert (await t.press_code(S_ANN, t.board(), "j"))["text"]
    assert (await t.press_code(S_ANN, t.board(), "chard"))["text"]
    await t.until(lambda: "🤖 Robbie" in t.board_text(), what="the computer seated")
    assert (await t.press_code(S_ANN, t.board(), "g"))["text"] == ""

    def turns() -> int:  # the turn number the board shows ("Turn 3: … plays")
        found = [int(n) for n in re.findall(r"Turn (\d+): ", t.board_text())]
        return max(found, default=0)

    await press_until(t, [S_ANN], s_choose, s_kind, lambda: turns() >= 4, seed=7, timeout=180)
    assert "(" in t.board_text()  # each player's factions on the board: the draft is done
    await bot.stop(signal.SIGKILL)  # mid-game: the computer's moves are timers in Redis
    await bot_factory(redis_url=redis_url)
    await at_the_goal(redis_url, S_GROUP, COMPUTER_BASE + 1)
    await press_until(t, [S_ANN], s_choose, s_kind, lambda: s_over(t), seed=8, timeout=120)
    result = await t.until(lambda: final_message(t), what="the result")
    assert "🤖 Robbie wins" in result.split("\n")[0], result
    assert not any(chat >= COMPUTER_BASE for chat in api.messages)
    assert api.violations == [], api.violations


async def at_the_goal(redis_url: str, chat: int, player: int) -> None:
    """Meanwhile, ``player`` has scored enough bases to reach the goal (the rest of
    the game as it is): the end of the turn under way ends the game."""
    store = Store.from_url(redis_url)
    try:
        for _ in range(50):  # the computer may be moving as we write: then again
            session, version = await store.load(chat)
            assert session is not None and session.state is not None
            state = session.state
            state.vp = {p: (state.options.goal if p == player else 0) for p in state.seats}
            state.seq += 1
            session.computers = {}
            try:
                await store.save(session, version)
            except Conflict:
                continue
            await store.set_timer(chat, int(time.time() * 1000))
            return
        raise AssertionError("the game never held still")
    finally:
        await store.close()
