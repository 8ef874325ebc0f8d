"""Candy Empire through the real bot process: simulated people open ``/new candy``
in a group, join (one through the deep link), and play by pressing what their
hands show — a card, then one of its moves, then the abilities' choices — to the
final score; a Snatcher block inside its window and one too late; bad presses."""

from __future__ import annotations

import random
import re
import signal
import time
from collections.abc import Callable
from typing import Any

from bot.playground.botapi import FakeTelegram, Message
from engine.candy.models import CandyOptions, CandyState
from engine.core import clone
from engine.core.codec import b36
from tests.e2e.table import Table, code_of, press_until
from tests.e2e.telegram import place
from tests.engine.candy_helpers import deal_cards, table

GROUP = -100_444
ANN, BORIS, CARL, DINA, STRANGER = 4001, 4002, 4003, 4004, 4009
NAMES = {ANN: "Анна", BORIS: "Борис", CARL: "Карл", DINA: "Дина", STRANGER: "Чужой"}
MARK = "🍬"  # the board, the lobby and every hand begin with the game's emoji


class CandyTable(Table):
    mark = MARK


def world(api: FakeTelegram, lang: str, players: list[int], unstarted: int | None = None) -> CandyTable:
    api.add_group(GROUP, "Сладкая жизнь" if lang == "ru" else "Sweet life")
    for uid in [*players, STRANGER]:
        name = (
            NAMES[uid]
            if lang == "ru"
            else {ANN: "Ann", BORIS: "Boris", CARL: "Carl", DINA: "Dina"}.get(uid, "X")
        )
        api.add_user(uid, name, lang, started=uid != unstarted)
    return CandyTable(api, GROUP)


async def open_table(
    t: CandyTable,
    players: list[int],
    options: tuple[str, ...] = (),
    deep_link: int | None = None,
    presses: tuple[str, ...] = (),
) -> None:
    """Ann opens ``/new candy``; everyone joins (``deep_link`` through the link the
    lobby shows, having never opened the bot); Ann sets ``options`` (and presses
    the lobby's other ``presses``: computer seats, the leavers' replacement) and
    starts."""
    api = t.api
    for p in players:
        if p != deep_link:
            api.say(p, p, "/start")
            await t.until(lambda p=p: api.last_message(p), what=f"greeting {p}")
    api.say(ANN, GROUP, "/new candy")
    await t.until(t.board, what="the lobby")
    for p in players:
        ans = await t.press_code(p, t.board(), "j")
        assert ans["text"], ans
        if p == deep_link:  # seated; the lobby offers the private chat, and they take it
            await t.until(lambda: f"start=join_{GROUP}" in t.board_text(), what="the deep link in the lobby")
            api.say(p, p, f"/start join_{GROUP}")
    if deep_link is not None:
        name = api.users[deep_link].first_name
        await t.until(
            lambda: name in t.board_text() and "start=join" not in t.board_text(), what="joined by the link"
        )
    for code in options:  # the lobby's buttons keep their meaning: no need to wait for a redraw
        said = (await t.press_code(ANN, t.board(), "o" + code))["text"]
        assert said.startswith(("Set: ", "Выбрано: ")), said  # its new value, at once
    for code in presses:
        await t.press_code(ANN, t.board(), code)
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    await t.until(lambda: "🂠" in t.board_text(), what="the board")
    for p in players:
        await t.until(lambda p=p: "🏰" in t.hand_text(p), what=f"the hand of {p}")


# --- a simulated person ---------------------------------------------------------------------------

MOVE_WEIGHTS = {"empire": 5, "to_discard": 3, "=p": 1, "discard": 1}  # "=p": protect with the card


def kind(code: str) -> str:
    """What a button does: an action's type, ``=c``/``=p`` a card picked (to move
    or to protect with), ``!`` a prompt's answer."""
    if code.startswith("="):
        return code[:2]
    return "!" if code.startswith("!") else code.split(".")[0]


def choose(t: CandyTable, user: int, rnd: random.Random) -> tuple[Message, dict[str, Any]] | None:
    """What a person presses on their hand: a block when offered, an ability's
    choice, a move of the card they picked, or a card to pick."""
    hand = t.hand(user)
    if hand is None:
        return None
    found = t.buttons(hand)
    if not found:
        return None
    by_code = {code_of(b): b for b in found}
    if "block" in by_code:
        return hand, by_code["block"]
    answers = [b for c, b in by_code.items() if re.fullmatch(r"!\d+[:+].+", c)]
    if answers:
        return hand, rnd.choice(answers)
    for end in (".ok", ".skip"):
        done = next((b for c, b in by_code.items() if c.startswith("!") and c.endswith(end)), None)
        if done is not None:
            return hand, done
    protect = [b for c, b in by_code.items() if c.startswith("protect.")]
    if protect:
        return hand, rnd.choice(protect)
    moves = [b for c, b in by_code.items() if kind(c) in MOVE_WEIGHTS]
    if moves:
        return hand, rnd.choices(moves, [MOVE_WEIGHTS[kind(code_of(b))] for b in moves])[0]
    cards = [b for c, b in by_code.items() if re.fullmatch(r"=c\d+", c)]
    if cards:
        return hand, rnd.choice(cards)
    if "allow" in by_code:
        return hand, by_code["allow"]
    return None


async def play(
    t: CandyTable, players: list[int], until: Callable[[], bool], seed: int, timeout: float = 300.0
) -> dict[str, int]:
    """Everyone presses what their hand shows (again only once it has changed)
    until ``until()``; every press is answered."""
    return await press_until(t, players, choose, kind, until, seed, timeout)


def over(t: CandyTable) -> bool:
    return "🧮" in t.board_text() and "🏆" in t.board_text()


async def final_message(t: CandyTable) -> str:
    msg = await t.until(
        lambda: next(
            (m for m in t.api.messages[GROUP].values() if m.text.startswith("🏆") and MARK in m.text), None
        ),
        what="the winners announced",
    )
    return str(msg.text)


# --- positions --------------------------------------------------------------------------------------


def now_ms() -> int:
    return int(time.time() * 1000)


async def position(
    t: CandyTable, redis_url: str, build: Callable[[CandyState], CandyState], show: bool = True
) -> CandyState:
    """Replace the running game's state with a prepared one; /board shows it (unless
    ``show`` is off: a change the hands do not show waits for the next move)."""
    state: CandyState = await place(redis_url, GROUP, build)
    if not show:
        return state
    boards = len([m for m in t.api.messages[GROUP].values() if m.text.startswith(MARK)])
    t.api.say(ANN, GROUP, "/board")
    await t.until(
        lambda: len([m for m in t.api.messages[GROUP].values() if m.text.startswith(MARK)]) > boards,
        what="a fresh board",
    )
    return state


def short_deck(keep: int) -> Callable[[CandyState], CandyState]:
    """The game as dealt, with all but ``keep`` cards of the deck moved under the
    discard pile: a whole game, only shorter."""

    def build(s: CandyState) -> CandyState:
        s = clone(s)
        moved, s.deck = s.deck[:-keep], s.deck[-keep:]
        s.discard = moved + s.discard
        s.clock_ms = s.timer_ms = now_ms()
        return s

    return build


# --- the tests ---------------------------------------------------------------------------------------------


async def test_a_whole_three_player_game_in_russian(api: FakeTelegram, bot_factory: Any) -> None:
    t = world(api, "ru", [ANN, BORIS, CARL], unstarted=CARL)
    await bot_factory(lang="ru")
    await open_table(t, [ANN, BORIS, CARL], deep_link=CARL)
    board = t.board_text()
    assert "Ходит:" in board and "Колода: 39" in board and "🃏 3" in board
    for p in (ANN, BORIS, CARL):
        assert "Ваши карты" in t.hand_text(p) and "Ваша империя" in t.hand_text(p)

    seen = await play(t, [ANN, BORIS, CARL], lambda: over(t), seed=1)
    assert seen.get("=c", 0) >= 10 and seen.get("empire", 0) >= 3, seen  # a card, then its move
    final = t.board_text()
    assert final.count("🧮") == 3 and "= карты" in final and "комбинации" in final  # every breakdown
    assert "Побеждает" in final or "Победу делят" in final
    announced = await final_message(t)
    assert "побеждает" in announced or "победу делят" in announced
    # one result message: everyone ranked with their candies, and «Play again» on it
    ranked = [line for line in announced.split("\n")[1:] if line.strip()]
    assert len(ranked) == 3 and all("конфет" in line for line in ranked), ranked
    result = next(m for m in api.messages[GROUP].values() if m.text == announced)
    assert [b["text"] for b in t.buttons(result)] == ["🔁 Сыграть ещё"]
    assert any("🏆" in t.hand_text(p) for p in (ANN, BORIS, CARL))
    losers = [p for p in (ANN, BORIS, CARL) if "🏆" not in t.hand_text(p)]
    assert all("побеждает" in t.hand_text(p) for p in losers)  # a loser's hand names the winner
    assert api.violations == [], api.violations
    assert not api.pending_queries, "every press is answered"
    assert api.group_rate_ok()


async def test_a_snatcher_block_in_time_and_one_too_late(
    api: FakeTelegram, redis_server: Any, bot_factory: Any
) -> None:
    url = f"unix://{redis_server.socket_file}"
    t = world(api, "en", [ANN, BORIS, CARL])
    await bot_factory(redis_url=url, lang="en")
    await open_table(t, [ANN, BORIS, CARL])

    def judge_at_boris(window_ms: int) -> tuple[CandyState, int]:
        """Ann to move with a Judge; Boris holds two unprotected Snatchers."""
        k = deal_cards()
        judge = k.judge
        state = table(
            players=[ANN, BORIS, CARL],
            hands={
                ANN: [judge, k.pickpocket, k.trader],
                BORIS: [k.boss, k.lawyer, k.trader],
                CARL: [k.trader],
            },
            empires={BORIS: k.many("snatcher", 2), CARL: [k.trader]},
            current=ANN,
            options=CandyOptions(reaction_window_ms=window_ms),
            now=now_ms(),
        )
        return state, judge

    async def aim_the_judge(judge: int) -> None:
        await t.until(lambda: t.find(t.hand(ANN), f"=c{judge}"), what="Ann's Judge")
        assert (await t.press_code(ANN, t.hand(ANN), f"=c{judge}"))["text"] == ""
        empire, discard = f"empire.{b36(judge)}", f"discard.{b36(judge)}"
        await t.until(lambda: t.find(t.hand(ANN), empire), what="the Judge's moves")
        assert [code_of(b) for b in t.buttons(t.hand(ANN))] == [empire, discard, "=", "=~leave"]
        assert (await t.press_code(ANN, t.hand(ANN), empire))["text"] == ""
        whom = await t.until(
            lambda: t.find(t.hand(ANN), lambda c: c.startswith("!") and c.endswith(f":{BORIS}")),
            what="whom the Judge swaps with",
        )
        assert "Boris" in whom["text"]
        assert (await t.press(ANN, t.hand(ANN), whom))["text"] == ""

    # --- inside the window: Ann's Judge at Boris, Boris blocks -----------------------------------------
    state, judge = judge_at_boris(20_000)
    await position(t, url, lambda s: state)
    assert t.find(t.hand(BORIS), "block") is None  # nothing aimed at Boris yet
    await aim_the_judge(judge)
    await t.until(lambda: t.find(t.hand(BORIS), "block"), what="the block button on Boris's hand")
    assert t.find(t.hand(CARL), "block") is None and t.find(t.hand(ANN), "block") is None  # only the target's
    await t.until(lambda: "Block window: Boris may cancel Ann's Judge" in t.board_text(), what="the board")
    assert (await t.press_code(BORIS, t.hand(BORIS), "block"))["text"] == "✋ Blocked!"
    await t.until(lambda: "Blocked!" in t.board_text(), what="the block announced")
    await t.until(lambda: t.find(t.hand(BORIS), "block") is None, what="the block button gone")

    # --- too late: the window closes, Boris presses the block on his old screen -----------------------
    state, judge = judge_at_boris(3_000)
    await position(t, url, lambda s: state)
    await aim_the_judge(judge)
    frozen = await t.until(lambda: t.find(t.hand(BORIS), "block") and t.hand(BORIS), what="the block button")
    late = dict(t.find(frozen, "block") or {})
    await t.until(lambda: "does not block" in t.board_text(), timeout=15, what="the window closed")
    ans = await t.api.answer_of(t.api.press(BORIS, BORIS, frozen.message_id, late["callback_data"]))
    assert ans["text"] == "Too late — the block window has closed."
    assert "swaps hands" in t.board_text()

    # --- bad presses change nothing ----------------------------------------------------------------------
    turn = await t.until(
        lambda: next((p for p in (ANN, BORIS, CARL) if "Your turn" in t.hand_text(p)), None), what="a turn"
    )
    hand = t.hand(turn)
    assert hand is not None
    card_button = t.find(hand, lambda c: re.fullmatch(r"=c\d+", c) is not None)
    assert card_button is not None
    other = next(p for p in (ANN, BORIS, CARL) if p != turn)
    data = str(card_button["callback_data"])
    stranger = await t.api.answer_of(t.api.press(STRANGER, turn, hand.message_id, data))
    assert stranger["text"] == "You're not playing in this game."
    chat_game = data.rsplit("|", 2)[0]  # s|chat|game (a selection's)
    stale = await t.api.answer_of(t.api.press(turn, turn, hand.message_id, chat_game + "|0|c1"))
    assert stale["text"] == "That keyboard was out of date — here are your cards as they are now."
    tagged = "a" + data.rsplit("|", 1)[0][1:]  # an action with the hand's real tag: the engine refuses
    forged = await t.api.answer_of(t.api.press(turn, turn, hand.message_id, tagged + "|empire.rr"))
    assert forged["text"] == "I don't know that button."
    held = {int(code_of(b)[2:]) for b in t.buttons(hand) if re.fullmatch(r"=c\d+", code_of(b))}
    elsewhere = next(c for c in range(49) if c not in held)
    not_held = f"{tagged}|empire.{b36(elsewhere)}"
    refused = await t.api.answer_of(t.api.press(turn, turn, hand.message_id, not_held))
    assert refused["text"] == "That card isn't in your hand."
    wrong = await t.api.answer_of(
        t.api.press(other, other, hand.message_id, "a" + chat_game[1:] + "|-|block")
    )
    assert wrong["text"] in ("Blocking takes two unprotected Snatchers in your empire.",
                             "Too late — the block window has closed.")  # fmt: skip
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_a_two_player_game(api: FakeTelegram, redis_server: Any, bot_factory: Any) -> None:
    url = f"unix://{redis_server.socket_file}"
    t = world(api, "en", [ANN, BORIS])
    await bot_factory(redis_url=url, lang="en")
    await open_table(t, [ANN, BORIS], options=("k",))  # «Всезнайка»: the discard is open
    assert "Know-it-all" in t.board_text() and "In the discard" in t.board_text()
    await position(t, url, short_deck(6), show=False)
    seen = await play(t, [ANN, BORIS], lambda: over(t), seed=2)
    assert seen.get("=c", 0) >= 4, seen
    final = t.board_text()
    assert final.count("🧮") == 2 and ("wins!" in final or "share the win" in final)
    announced = await final_message(t)
    ranked = [line for line in announced.split("\n")[1:] if line.strip()]
    assert len(ranked) == 2 and all(line.endswith(("candies", "candy")) for line in ranked), ranked
    result = next(m for m in api.messages[GROUP].values() if m.text == announced)
    assert [b["text"] for b in t.buttons(result)] == ["🔁 Play again"]
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_a_team_game(api: FakeTelegram, redis_server: Any, bot_factory: Any) -> None:
    url = f"unix://{redis_server.socket_file}"
    t = world(api, "ru", [ANN, BORIS, CARL, DINA])
    await bot_factory(redis_url=url, lang="ru")
    await open_table(t, [ANN, BORIS, CARL, DINA], options=("t",))
    board = t.board_text()
    assert "🔴 Анна + Карл" in board and "🔵 Борис + Дина" in board
    await position(t, url, short_deck(6), show=False)
    await play(t, [ANN, BORIS, CARL, DINA], lambda: over(t), seed=3)
    final = t.board_text()
    assert final.count("🧮") == 4 and "🔴 Анна + Карл: 🍬" in final
    announced = await final_message(t)
    assert ("Анна" in announced and "Карл" in announced) or ("Борис" in announced and "Дина" in announced)
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_a_game_goes_on_after_a_kill_9_in_the_middle(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """The bot is killed mid-game (Redis keeps the table): the next one picks the
    game up where it stood, answers every press, and the game is played out."""
    players = [ANN, BORIS, CARL]
    t = world(api, "en", players)
    bot = await bot_factory(redis_url=redis_url)
    await open_table(t, players)
    t0 = time.monotonic()
    first = await play(t, players, lambda: time.monotonic() - t0 > 3, seed=5)
    assert sum(first.values()) >= 3, first
    await bot.stop(signal.SIGKILL)
    await bot_factory(redis_url=redis_url)
    await play(t, players, lambda: over(t), seed=6, timeout=120)
    assert "🏆" in await final_message(t)
    assert api.violations == [], api.violations
    assert not api.pending_queries, "every press is answered"


async def test_leaving_by_the_hand_and_by_command_until_the_table_cannot_go_on(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """Carl leaves from his hand («Leave», then «Yes»), Boris types /leave in the
    group: the board says who left, and with one player left the game ends (the
    table chose not to seat a computer player in a leaver's place)."""
    players = [ANN, BORIS, CARL]
    t = world(api, "en", players)
    await bot_factory()
    await open_table(t, players, presses=("r", "r"))  # replaced: if needed -> always -> never
    hand = await t.until(lambda: t.find(t.hand(CARL), "=~leave") and t.hand(CARL), what="Carl's «Leave»")
    assert (await t.press_code(CARL, hand, "=~leave"))["text"] == ""
    await t.until(lambda: "Leave this game for good?" in t.hand_text(CARL), what="are you sure")
    assert (await t.press_code(CARL, t.hand(CARL), "leave"))["text"] == ""
    await t.until(lambda: "Carl leaves the table" in t.board_text(), what="the board says Carl left")
    api.say(BORIS, GROUP, "/leave")
    await t.until(
        lambda: any("You've left the game" in m.text for m in api.messages[GROUP].values()), what="/leave"
    )
    await t.until(lambda: "🏆" in t.board_text() or "over" in t.board_text(), what="the game over")
    api.say(STRANGER, GROUP, "/leave")
    await t.until(
        lambda: any("not playing at this table" in m.text for m in api.messages[GROUP].values()),
        what="a stranger's /leave answered",
    )
    # the game is counted: the chat's /stats, Boris's own in private, and /forget
    for _ in range(20):  # the figures are written just after the end is announced
        asked = len(api.messages[GROUP])
        api.say(ANN, GROUP, "/stats")
        reply = await t.until(
            lambda asked_=asked: next(
                (
                    m.text
                    for m in list(api.messages[GROUP].values())[asked_:]
                    if "📊" in m.text or "No game" in m.text
                ),
                None,
            ),
            what="/stats",
        )
        if "📊" in reply:
            break
    assert "Ann: 🏆" in reply and "Boris: 🏆 0 · 🎲 1" in reply and "Carl: 🏆 0 · 🎲 1" in reply, reply
    api.say(BORIS, BORIS, "/stats")
    await t.until(lambda: "Your statistics" in api.last_message(BORIS).text, what="Boris's /stats")
    api.say(BORIS, BORIS, "/forget")

    def delete(code: str) -> bool:
        return code.startswith("fy")  # /forget's «Delete»

    asked = await t.until(
        lambda: t.find(api.last_message(BORIS), delete) and api.last_message(BORIS), what="/forget"
    )
    assert "statistics are deleted" in (await t.press_code(BORIS, asked, delete))["text"]
    # «Play again»: a new lobby of the same game names last game's players; one tap each
    final = await t.until(lambda: t.find(t.board(), "~again") and t.board(), what="«Play again»")
    assert (await t.press_code(BORIS, final, "~again"))["text"] == ""
    await t.until(lambda: "A rematch: Ann, Boris, Carl" in t.board_text(), what="the rematch lobby")
    assert "no longer" in (await t.press_code(ANN, final, "~again"))["text"]  # the old board's button
    for p in (ANN, BORIS):
        assert (await t.press_code(p, t.board(), "j"))["text"]
    await t.until(lambda: "A rematch: Carl" in t.board_text(), what="only Carl still to join")
    assert (await t.press_code(BORIS, t.board(), "g"))["text"] == ""
    await t.until(lambda: "🂠" in t.board_text(), what="the rematch's board")
    assert api.violations == [], api.violations
    assert not api.pending_queries
