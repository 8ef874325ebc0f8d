"""What people type reaches the bot's HTML escaped, through the real bot process:
Telegram refuses a reply with a bare ``<3`` in it (``Unsupported start tag``),
and the person who typed it would get nothing.  The fake Telegram reads HTML
as strictly as Telegram, so a reply it refuses is a violation here."""

from __future__ import annotations

from typing import Any

from bot.playground.botapi import FakeTelegram
from tests.e2e.table import Table

GROUP = -100_333
ANN, BORIS = 3001, 3002
TITLE = '<3 & "chat" <b>'
NAMES = {ANN: '<3 & "Bob" <b>', BORIS: "</i>"}


async def reply_to(api: FakeTelegram, t: Table, user: int, chat: int, text: str, start: str) -> str:
    """What the bot answers ``text`` with: its next message in ``chat`` that begins with ``start``."""
    before = len(t.posts(start, chat))
    await t.command(user, chat, text)
    await t.until(lambda: len(t.posts(start, chat)) > before, what=f"the reply to {text!r}")
    return t.posts(start, chat)[-1]


async def test_commands_and_screens_show_what_people_typed(api: FakeTelegram, bot_factory: Any) -> None:
    api.add_group(GROUP, TITLE)
    for user, name in NAMES.items():
        api.add_user(user, name, "en")
    t = Table(api, GROUP)
    await bot_factory()
    for user in NAMES:
        api.say(user, user, "/start")
        await t.until(lambda user=user: api.last_message(user), what="the greeting")

    unknown = await reply_to(api, t, ANN, GROUP, "/new <3", "I don't know a game")
    assert "“&lt;3”" in unknown
    faction = await reply_to(api, t, ANN, GROUP, "/rules smashup <3", "There is no faction")
    assert "“&lt;3”" in faction
    card = await reply_to(api, t, ANN, GROUP, "/card <x> & y", "No Smash Up card")
    assert "“&lt;x&gt; &amp; y”" in card
    animal = await reply_to(api, t, ANN, ANN, "/animal a < b", "I don't know an animal")
    assert "“a &lt; b”" in animal

    # a table whose chat and players have such names: the lobby, the private notes, the board
    api.say(ANN, GROUP, "/new svintus")
    await t.until(lambda: t.find(t.board(), "j"), what="the lobby")
    for user in NAMES:
        await t.press_code(user, t.board(), "j")
    await t.until(lambda: "&lt;/i&gt;" in t.board_text(), what="both seated")
    assert "&lt;3 &amp; &quot;Bob&quot; &lt;b&gt;" in t.board_text()
    joined = t.posts("You're at the ", BORIS)
    assert joined and "“&lt;3 &amp; &quot;chat&quot; &lt;b&gt;”" in joined[-1]
    await t.press_code(ANN, t.board(), "g")
    await t.until(lambda: all(t.hand(u) for u in NAMES), what="the hands")
    assert "&lt;3 &amp; &quot;chat&quot; &lt;b&gt;" in t.hand_text(BORIS)
    await api.quiet(0.3)
    assert api.violations == [], api.violations
