"""What new players stumble on in a first evening, through the real bot: presses a
restarted server numbered anew, a lobby in the wrong language, a lobby option that
says nothing, a /stop answered far up the chat, a reminder that outlives its game."""

from __future__ import annotations

import functools
from typing import Any

from bot.playground.botapi import FakeTelegram, Message
from tests.e2e.table import Table, card_of, code_of

GROUP = -100_4401
ANN, BORIS, CLARA = 4401, 4402, 4403


def world(api: FakeTelegram, lang: str = "en") -> Table:
    api.add_group(GROUP, "First evening")
    for uid, name in ((ANN, "Ann"), (BORIS, "Boris"), (CLARA, "Clara")):
        api.add_user(uid, name, lang, started=True)
    return Table(api, GROUP)


async def greet(t: Table, users: tuple[int, ...]) -> None:
    """Each opens the private chat with the bot (/start): it may write to them."""
    for u in users:
        t.api.say(u, u, "/start")
        await t.until(functools.partial(t.api.last_message, u), what=f"the greeting of {u}")


async def test_a_press_with_a_used_id_but_another_button_or_person_is_not_a_repeat(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """A server that numbers its presses from 1 again (a restarted playground) reuses
    ids the bot has answered: only the same person pressing the same button is a repeat."""
    t = world(api)
    await bot_factory()
    await greet(t, (ANN, BORIS))
    api.say(ANN, GROUP, "/new svintus")
    lobby = await t.until(t.board, what="the lobby")
    join = t.find(lobby, "j")
    assert join is not None
    api.press(ANN, GROUP, lobby.message_id, join["callback_data"], qid="1")
    assert (await api.answer_of("1"))["text"].startswith("You're in")
    # the same id: another person, the same button
    api.press(BORIS, GROUP, lobby.message_id, join["callback_data"], qid="1")
    assert (await api.answer_of("1"))["text"].startswith("You're in")
    await t.until(lambda: "Boris" in t.board_text(), what="Boris seated")
    # the same id: the same person, another button
    start = t.find(t.board(), "g")
    assert start is not None
    api.press(ANN, GROUP, lobby.message_id, start["callback_data"], qid="1")
    await api.answer_of("1")
    await t.until(lambda: all(t.buttons(t.hand(p)) for p in (ANN, BORIS)), what="both hands")
    # and a game's press with that id again (judged under the chat's lock) is a move too
    p, hand, card = await t.a_turn_with_a_play((ANN, BORIS))
    api.press(p, hand.chat_id, hand.message_id, card["callback_data"], qid="1")
    assert (await api.answer_of("1"))["text"].startswith("✅")  # the card played, in a toast
    played = card_of(code_of(card))
    held = lambda: [card_of(code_of(b)) for b in t.buttons(t.hand(p))]  # noqa: E731
    await t.until(lambda: played not in held(), what="the card gone from the hand")
    # the same person's same button under that id is a repeat: not answered again
    api.press(ANN, GROUP, lobby.message_id, join["callback_data"], qid="1")
    assert (await api.answer_of(api.press(ANN, ANN, 1, "garbage")))["text"] == "I don't know that button."
    assert "1" not in api.answers
    assert api.violations == [], api.violations


def language_picker(api: FakeTelegram) -> Message | None:
    last = api.last_message(GROUP)
    return last if last is not None and any("🇷🇺" in b["text"] for b in api.buttons(last)) else None


class Dobble(Table):
    mark = "👀"


async def test_the_group_speaks_the_language_of_whoever_opens_the_game(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """A bot whose default is Russian, a chat that chose no language: an English
    speaker's /new opens an English lobby, and the game keeps it whoever presses;
    once /language sets the chat's, that one holds."""
    api.add_group(GROUP, "First evening")
    api.add_user(ANN, "Ann", "en", started=True)
    api.add_user(BORIS, "Борис", "ru", started=True)
    t = Dobble(api, GROUP)
    await bot_factory(lang="ru")
    await greet(t, (ANN, BORIS))
    api.say(ANN, GROUP, "/new dobble")
    await t.until(lambda: "gathering players" in t.board_text(), what="an English lobby")
    for p in (BORIS, ANN):
        await t.press_code(p, t.board(), "j")
    await t.until(lambda: "Ann" in t.board_text() and "Борис" in t.board_text(), what="both seated")
    assert "gathering players" in t.board_text()  # a Russian speaker's press changes nothing
    await t.press_code(ANN, t.board(), "g")
    await t.until(lambda: t.buttons(t.hand(BORIS)), what="Boris's hand")
    await t.until(lambda: "Dobble" in t.board_text() and "gathering" not in t.board_text(), what="the game")
    assert "Доббль" not in t.board_text()
    assert "Доббль" in t.hand_text(BORIS)  # each hand in its player's language
    # the chat chooses Russian: the group reads Russian from then on
    api.say(BORIS, GROUP, "/language")
    picker = await t.until(lambda: language_picker(api), what="the language picker")
    ru = next(b for b in api.buttons(picker) if "🇷🇺" in b["text"])
    await t.press(BORIS, picker, ru)
    api.say(ANN, GROUP, "/board")
    await t.until(lambda: "Доббль" in t.board_text(), what="the board in Russian")
    assert api.violations == [], api.violations


async def test_a_lobby_option_pressed_says_its_new_value_at_once(api: FakeTelegram, bot_factory: Any) -> None:
    """The board follows seconds later (the group's budget): the press's own answer
    names what the option is now, so nobody presses again and undoes it."""
    t = world(api)
    await bot_factory()
    api.say(ANN, GROUP, "/new svintus")
    lobby = await t.until(t.board, what="the lobby")
    assert (await t.press_code(ANN, lobby, "oa"))["text"] == "Set: 🐾 Metamorphoses: on"
    await t.until(lambda: t.find(t.board(), "od"), what="the animal deal's option shown")
    assert (await t.press_code(ANN, t.board(), "oa"))["text"] == "Set: 🐾 Metamorphoses: off"
    # Smash Up's factions: an item of the panel, turned off
    api.add_group(GROUP - 1, "Second table")
    smashup = Table(api, GROUP - 1)
    smashup.mark = "💥"
    api.say(ANN, GROUP - 1, "/new smashup")
    await smashup.until(lambda: smashup.find(smashup.board(), "of"), what="Smash Up's lobby")
    await smashup.press_code(ANN, smashup.board(), "of")
    item = await smashup.until(lambda: smashup.find(smashup.board(), "of:0"), what="the factions' panel")
    label = item["text"].removeprefix("✅ ")
    board = smashup.board()
    assert board is not None
    assert (await smashup.press(ANN, board, item))["text"] == f"Set: ⬜ {label}"
    # not the creator: refused, and it says so
    assert (await smashup.press_code(BORIS, smashup.board(), "of:1"))["text"] != f"Set: ⬜ {label}"
    assert api.violations == [], api.violations


async def test_stop_is_answered_where_it_was_asked_and_takes_the_reminders_with_it(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """/stop said only on the board, which may be far up the chat; and a «⏰ the table
    is waiting for you» sent before it stayed in a private chat for a game that was over."""
    t = world(api)
    await bot_factory(env={"NUDGE_AFTER_MS": "1000"})
    await greet(t, (ANN, BORIS))
    api.say(ANN, GROUP, "/new svintus")
    await t.until(t.board, what="the lobby")
    for p in (ANN, BORIS):
        await t.press_code(p, t.board(), "j")
    await t.until(lambda: "Boris" in t.board_text(), what="both seated")
    await t.press_code(ANN, t.board(), "g")
    first = await t.until(lambda: t.on_turn((ANN, BORIS)), what="somebody's turn")
    nudge = "⏰ The table is waiting for you"
    await t.until(lambda: t.posts(nudge, chat=first), what="the nudge")
    for n in range(3):  # the chat goes on meanwhile: the board is far up
        api.say(BORIS, GROUP, f"chatting {n}")
    api.say(BORIS, GROUP, "/stop")  # not the creator: refused, where it was asked
    refused = "Only the table's creator or a chat admin can stop the game."
    await t.until(lambda: t.posts(refused), what="the refusal")
    api.say(ANN, GROUP, "/stop")
    said = await t.until(lambda: t.posts("⏹"), what="the stop, said in the chat")
    assert said == ["⏹ 🐷 <b>Svintus</b>: stopped by Ann. /new opens a new table."], said
    last = api.last_message(GROUP)
    assert last is not None and last.text == said[0]  # at the bottom, where /stop was typed
    await t.until(lambda: not t.posts(nudge, chat=first), what="the nudge deleted")
    assert any(m.chat_id == first and m.text.startswith(nudge) for m in api.deleted)
    assert api.violations == [], api.violations
