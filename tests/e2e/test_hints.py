"""The coach's «💡 Hints» through the real bot (issue 46, item 5): the creator turns
hints on in the lobby, a person's hand then carries «💡 Hint» when something waits on
them, and a press answers them alone (an alert) with one line — a legal move of
theirs, and why — while the game does not change; nobody else can use their hint,
a table without hints refuses a forged one, and the game's result says how many
hints each player used."""

from __future__ import annotations

import time
from typing import Any

from bot import buttons
from bot.playground.botapi import FakeTelegram, Message
from engine.svintus.models import SvintusOptions
from tests.e2e.table import GroupTable, Table, code_of
from tests.e2e.telegram import place, session_of
from tests.e2e.test_match import play
from tests.engine.helpers import Faces, table

GROUP = -100_4601
ANN, BOB = 4601, 4602
HINT = "~hint"


def world(api: FakeTelegram, started: bool = True) -> Table:
    api.add_group(GROUP, "Hints here")
    for uid, name in ((ANN, "Ann"), (BOB, "Bob")):
        api.add_user(uid, name, "en", started=started)
    return Table(api, GROUP)


async def lobby(t: Table, hints: bool, private: bool = True) -> None:
    """Ann and Bob open the bot's private chat (``private``: their hands come there), Ann
    opens Svintus, both join; with ``hints`` Ann turns them on; she starts."""
    if private:
        for p in (ANN, BOB):
            t.api.say(p, p, "/start")
            await t.until(lambda p=p: t.api.last_message(p), what="greeted")
    t.api.say(ANN, GROUP, "/new svintus")
    await t.until(t.board, what="the lobby")
    for p in (ANN, BOB):
        assert (await t.press_code(p, t.board(), "j"))["text"]
    await t.until(lambda: "Bob" in t.board_text(), what="both seated")
    labels = [b["text"] for b in t.buttons(t.board())]
    assert "💡 Hints: off" in labels  # off by default, shown like the other options
    if hints:
        assert (await t.press_code(BOB, t.board(), "h"))["text"] == "Only the table's creator can do that."
        assert (await t.press_code(ANN, t.board(), "h"))["text"] == "Set: 💡 Hints: on"
        await t.until(
            lambda: t.find(t.board(), lambda c: c == "h") and "💡 Hints: on" in str(t.board().markup)
        )
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    await t.until(lambda: t.find(t.board(), "~mine"), what="the board")


async def placed(t: Table, redis_url: str, state: Any) -> None:
    """The running game replaced by a prepared position; ``/board`` redraws the screens."""
    await place(redis_url, GROUP, lambda _: state)
    t.api.say(ANN, GROUP, "/board")


def position() -> Any:
    """Ann to play on 🟥 2 with a red Grab, 🟥 3 and 🟦 5; Bob down to one card."""
    f = Faces()
    hands = {ANN: [f.card("grab", "red"), f.card("red", 3), f.card("blue", 5)], BOB: [f.card("green", 6)]}
    top = f.card("red", 2)
    now = int(time.time() * 1000)
    options = SvintusOptions(target_score=1, turn_timer_ms=0)  # only a move changes the position
    return table(hands, top=top, current=ANN, now=now, options=options, declared=[BOB])


def legal_words(t: Table, hand: Message | Any) -> list[str]:
    """The words of every move the hand offers: its playable cards, draw, pass."""
    words = []
    for b in t.buttons(hand):
        code = code_of(b)
        if code.startswith("play.") and b["text"].startswith("✅"):
            words.append(b["text"].removeprefix("✅ "))
    if t.find(hand, "draw"):
        words.append("Draw a card")
    return words


async def test_a_hint_names_a_legal_move_changes_nothing_is_the_owners_alone_and_is_counted(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    t = world(api)
    await bot_factory(redis_url=redis_url)
    await lobby(t, hints=True)
    await placed(t, redis_url, position())
    await t.until(lambda: "Your cards (3)" in t.hand_text(ANN), what="Ann's hand shows the position")
    await t.until(lambda: "Your cards (1)" in t.hand_text(BOB), what="Bob's hand shows the position")
    await api.quiet(0.5)  # (and /board's board posted anew)
    hand = await t.until(lambda: t.find(t.hand(ANN), HINT) and t.hand(ANN), what="Ann's «💡 Hint»")
    assert t.find(hand, HINT)["text"] == "💡 Hint"
    assert t.find(t.hand(BOB), HINT) is None  # Bob is waited on for nothing: no hint for him
    before = await session_of(redis_url, GROUP)
    board_version = t.version(t.board())

    answer = await t.press_code(ANN, hand, HINT)
    assert answer["show_alert"], answer
    line = answer["text"]
    assert line.startswith("💡 ") and "\n" not in line and len(line) <= 200, line
    assert any(w in line for w in legal_words(t, hand)), (line, legal_words(t, hand))
    after = await session_of(redis_url, GROUP)
    assert after.state.seq == before.state.seq and after.state.hands == before.state.hands
    assert after.computers == before.computers and after.waiting_since == before.waiting_since
    assert after.hints_used == {ANN: 1}
    assert t.version(t.board()) == board_version and t.version(t.hand(ANN)) == t.version(hand)
    # the same press again: the same hint (the same hand at the same moment)
    assert (await t.press_code(ANN, hand, HINT))["text"] == line

    # Bob cannot use Ann's hint: her button's data, pressed on his own hand
    ann_hint = t.find(hand, HINT)["callback_data"]
    qid = api.press(BOB, BOB, t.hand(BOB).message_id, ann_hint)
    assert (await api.answer_of(qid))["text"] == "This hint is for someone else's hand."
    assert (await session_of(redis_url, GROUP)).hints_used == {ANN: 2}

    # the game goes on to its end; the result says who used hints, and how many
    await play(t, [ANN, BOB], lambda: t.posts("🏆"), timeout=60, catch=False)
    result = t.posts("🏆")[-1]
    assert "💡 Ann: hints used: 2" in result, result
    assert "Bob: hints used" not in result
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_without_hints_no_button_and_a_forged_hint_is_refused(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    t = world(api)
    await bot_factory(redis_url=redis_url)
    await lobby(t, hints=False)
    p = await t.until(lambda: t.on_turn((ANN, BOB)), what="somebody's turn")
    hand = t.hand(p)
    assert hand is not None and t.find(hand, HINT) is None
    tag = buttons.parse(next(b["callback_data"] for b in t.buttons(hand) if b.get("callback_data"))).tag
    session = await session_of(redis_url, GROUP)
    forged = buttons.data(GROUP, session.game_id, buttons.Hint(p), tag)
    answer = await api.answer_of(api.press(p, p, hand.message_id, forged))
    assert answer["text"] == "Hints are off at this table.", answer
    after = await session_of(redis_url, GROUP)
    assert after.state.seq == session.state.seq and after.hints_used == {}


async def test_a_hint_from_the_hand_in_the_group(api: FakeTelegram, redis_url: str, bot_factory: Any) -> None:
    """A newcomer's hand in the group («🃏 My cards») carries the hint too; its answer is
    an alert for them alone, and nothing is posted in the group."""
    api.add_group(GROUP, "Hints here")
    for uid, name in ((ANN, "Ann"), (BOB, "Bob")):
        api.add_user(uid, name, "en", started=False)
    t = GroupTable(api, GROUP)
    await bot_factory(redis_url=redis_url)
    await lobby(t, hints=True, private=False)
    await placed(t, redis_url, position())
    hand = await t.open_hand(ANN)
    hand = await t.until(
        lambda: (h := t.hand(ANN)) is not None and "Your cards (3)" in h.text and t.find(h, HINT) and h,
        what="Ann's hand in the group, with its hint",
    )
    answer = await t.press_code(ANN, hand, HINT)
    assert answer["show_alert"] and answer["text"].startswith("💡 "), answer
    assert any(w in answer["text"] for w in legal_words(t, hand)), answer
    said = [m.text for m in api.messages.get(GROUP, {}).values()]  # (a «your turn» nudge may come)
    assert not any(answer["text"] in text for text in said), said  # the hint is Ann's alone
    assert (await session_of(redis_url, GROUP)).hints_used == {ANN: 1}
    assert api.violations == [], api.violations
