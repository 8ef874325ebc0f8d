"""Two commands a player meets on a first evening, through the real bot: ``/rules`` of a
game there is none of says so and lists the games; ``/forget`` asks before it
deletes anything, and only the asker's «Delete» deletes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.playground.botapi import FakeTelegram, Message
from bot.stats import Stats
from bot.store import Store
from tests.e2e.table import Table

GROUP = -100_4444
ANN, BORIS = 4401, 4402

UNKNOWN = {
    "en": ("There's no game called “chess”", "<code>/rules svintus</code>"),
    "ru": ("Игры «chess» нет", "<code>/rules svintus</code>"),
}


def world(api: FakeTelegram, lang: str) -> Table:
    api.add_group(GROUP, "Evening")
    api.add_user(ANN, "Ann", lang)
    api.add_user(BORIS, "Boris", lang)
    return Table(api, GROUP)


async def reply(t: Table, user: int, chat: int, text: str) -> Message:
    """The bot's next message in ``chat`` after ``user`` says ``text`` there."""
    before = len(t.api.messages.get(chat, {}))
    await t.command(user, chat, text)
    await t.until(lambda: len(t.api.messages.get(chat, {})) > before, what=f"the reply to {text!r}")
    return list(t.api.messages[chat].values())[before]


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_rules_of_a_game_there_is_none_of(api: FakeTelegram, bot_factory: Any, lang: str) -> None:
    t = world(api, lang)
    await bot_factory(lang=lang)
    no_game, listed = UNKNOWN[lang]
    for chat in (ANN, GROUP):  # in private, and in a group without a game
        answer = (await reply(t, ANN, chat, "/rules chess")).text
        assert no_game in answer and listed in answer and "<code>/rules candy</code>" in answer, answer
    # at a Svintus table, a word that is no game's is still no game (not Svintus's rules)
    await reply(t, ANN, GROUP, "/new svintus")
    answer = (await reply(t, ANN, GROUP, "/rules chess")).text
    assert no_game in answer and listed in answer, answer
    svintus = (await reply(t, ANN, GROUP, "/rules")).text  # the table's own game
    assert no_game not in svintus and svintus == (await reply(t, ANN, GROUP, "/rules svintus")).text


async def figures(redis_url: str) -> Stats:
    store = Store.from_url(redis_url)
    stats = Stats(store.r)
    await stats.record(GROUP, "svintus", {ANN: "Ann", BORIS: "Boris"}, [ANN], {})
    return stats


async def press(t: Table, user: int, msg: Message, label: str) -> str:
    button = next((b for b in t.buttons(msg) if label in b["text"]), None)
    assert button is not None, f"no {label} in {t.buttons(msg)}"
    return str((await t.press(user, msg, button))["text"])


async def test_forget_asks_and_only_the_askers_delete_deletes(
    api: FakeTelegram, bot_factory: Any, redis_url: str
) -> None:
    t = world(api, "en")
    stats = await figures(redis_url)
    await bot_factory()
    question = await reply(t, ANN, GROUP, "/forget")
    assert "Ann, delete your statistics in every chat?" in question.text, question.text
    assert [b["text"] for b in t.buttons(question)] == ["🗑 Delete", "Keep"]
    assert await stats.player(ANN) and await stats.player(BORIS)  # asking deleted nothing

    assert "for someone else" in await press(t, BORIS, question, "Delete")  # Boris presses Ann's
    assert "stay as they are" in await press(t, ANN, question, "Keep")
    mine = (await reply(t, ANN, ANN, "/stats")).text
    assert "Your statistics" in mine and "🏆 1" in mine, mine  # neither press deleted them
    assert await stats.player(BORIS)

    assert "statistics are deleted" in await press(t, ANN, question, "Delete")
    assert "no statistics yet" in (await reply(t, ANN, ANN, "/stats")).text
    assert "Your statistics" in (await reply(t, BORIS, BORIS, "/stats")).text  # Boris keeps his
    # with nothing to delete, nothing is asked
    nothing = await reply(t, ANN, ANN, "/forget")
    assert "no statistics yet" in nothing.text and not t.buttons(nothing)
    await stats.r.aclose()


async def test_forget_in_russian_asks_too(api: FakeTelegram, bot_factory: Any, redis_url: str) -> None:
    t = world(api, "ru")
    stats = await figures(redis_url)
    await bot_factory(lang="ru")
    question = await reply(t, BORIS, BORIS, "/forget")
    assert "Boris, удалить вашу статистику во всех чатах?" in question.text, question.text
    assert "остаётся" in await press(t, BORIS, question, "Оставить")
    assert await stats.player(BORIS)
    assert "удалена" in await press(t, BORIS, question, "Удалить")
    assert not await stats.player(BORIS) and await stats.player(ANN)
    await stats.r.aclose()
