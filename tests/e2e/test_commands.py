"""Commands a player meets on a first evening, through the real bot: ``/rules`` of a
game there is none of says so and lists the games."""

from __future__ import annotations

from typing import Any

import pytest

from bot.playground.botapi import FakeTelegram, Message
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
