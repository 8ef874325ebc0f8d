"""Statistics in Redis: a finished game counted per chat, player and game; a
chat's top ten; a player's figures across chats; ``/forget``."""

from __future__ import annotations

from bot.i18n import Translator
from bot.stats import TOP, Stats, chat_text, player_text
from bot.store import Store

T = Translator()


async def test_games_are_counted_per_chat_player_and_game_and_forgotten_on_request(redis_url: str) -> None:
    store = Store.from_url(redis_url)
    stats = Stats(store.r)
    try:
        names = {1: "Ann", 2: "Boris", 3: "Carl"}
        await stats.record(-100, "candy", names, [1], {1: 20, 2: 12, 3: 7})
        await stats.record(-100, "candy", names, [2], {1: 5, 2: 18, 3: 9})
        await stats.record(-100, "dobble", {1: "Ann", 2: "Boris"}, [1], {1: 30, 2: 25})
        await stats.record(-200, "candy", {1: "Ann", 4: "Dina"}, [1], {1: 15, 4: 3})
        chat = await stats.chat(-100)
        assert [(x.name, x.won, x.played, x.points) for x in chat["candy"]] == [
            ("Boris", 1, 2, 30),  # as many wins in as many games: more points first
            ("Ann", 1, 2, 25),
            ("Carl", 0, 2, 16),
        ]
        assert [x.name for x in chat["dobble"]] == ["Ann", "Boris"]
        mine = await stats.player(1)  # both chats together
        assert (mine["candy"].played, mine["candy"].won, mine["candy"].points) == (3, 2, 40)
        assert await stats.forget(1)
        assert await stats.player(1) == {}
        assert [x.name for x in (await stats.chat(-100))["candy"]] == ["Boris", "Carl"]
        assert [x.name for x in (await stats.chat(-200))["candy"]] == ["Dina"]
        assert not await stats.forget(1)  # nothing left to forget
    finally:
        await store.close()


async def test_a_chats_stats_show_its_top_ten_and_the_askers_own_line(redis_url: str) -> None:
    store = Store.from_url(redis_url)
    stats = Stats(store.r)
    try:
        for i in range(TOP + 3):  # player i wins i games of 12
            for g in range(12):
                await stats.record(-100, "svintus", {i: f"P<{i}>"}, [i] if g < i else [], {})
        text = chat_text(T, "en", await stats.chat(-100), asker=0)
        assert "1. P&lt;12&gt;: 🏆 12 · 🎲 12" in text
        assert f"{TOP}. P&lt;3&gt;" in text and "P&lt;2&gt;" not in text.replace("P&lt;12&gt;", "")
        assert f"{TOP + 3}. P&lt;0&gt;: 🏆 0" in text  # the asker, below the top ten
        assert "No game has ended" in chat_text(T, "en", {}, asker=0)
        assert "Your statistics" in player_text(T, "en", await stats.player(5))
        assert "no statistics yet" in player_text(T, "en", {})
    finally:
        await store.close()
