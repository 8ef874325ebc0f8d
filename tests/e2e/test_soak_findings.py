"""What the soak (tests/soak) found, each as a focused test through the real bot."""

from __future__ import annotations

from typing import Any

import redis.asyncio as aredis

from bot.playground.botapi import FakeTelegram
from bot.store import key
from tests.e2e.table import Table, press_until
from tests.e2e.telegram import greet, open_game, until_current
from tests.e2e.test_telegram import ANN, BOB, GROUP, world


def hands(api: FakeTelegram, user: int) -> int:
    """How many hands ``user``'s private chat shows."""
    return sum(1 for m in api.messages.get(user, {}).values() if m.text.startswith("🐷"))


async def test_a_group_upgraded_as_its_new_game_opens_keeps_one_hand_each(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """The soak: ``/new`` saved a lobby, and before the bot named the chat's screens as the
    new game's (just after the save), the group became a supergroup; the move took the
    screens of the last game along.  None of the new game's screens was then recorded:
    each change sent every hand anew (the old one "not deleted"), piling hands up in the
    private chats.  Here the screens name another game as the group is upgraded."""
    t = world(api, kind="group")
    bot = await bot_factory()
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    await api.quiet(0.5)
    r = aredis.Redis.from_url(redis_url)
    await r.hset(key(GROUP, "msgs"), "game", "0ld9am")  # the last game's, as the race leaves it
    await r.aclose()
    new = api.migrate(GROUP, ANN)
    moved = Table(api, new)
    await moved.until(moved.board, what="the board in the supergroup")
    await api.quiet(0.5)
    shown = (hands(api, ANN), hands(api, BOB))

    def boards() -> int:  # the board's changes: edits, or boards sent anew
        return sum(1 + m.edits for m in api.messages[new].values() if m.text.startswith("🐷"))

    before = boards()

    def played_on() -> bool:
        return boards() >= before + 4

    # the game goes on (whatever the deal: a press each sensible): each hand edited, not sent again
    await press_until(moved, [ANN, BOB], lambda t, p, rnd: t.choose(p), str, played_on, seed=47, timeout=60)
    await api.quiet(0.5)
    assert (hands(api, ANN), hands(api, BOB)) == shown
    await until_current(moved, redis_url, timeout=10, what="after the upgrade")
    assert "not deleted" not in bot.log()
    assert api.violations == [], api.violations


async def test_a_game_opened_in_the_supergroup_before_the_upgrade_is_told_keeps_its_own_hands(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """The soak: a group became a supergroup in the middle of a game, and people opened a
    new game there before the migration's update reached the bot.  The move kept the
    supergroup's game, but took the old game's hands along as the new chat's screens: the
    new game's hands then edited (or deleted, as moved below) the old game's messages,
    one already deleted ("moved hand … not deleted: Message to delete not found")."""
    t = world(api, kind="group")
    bot = await bot_factory()
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    await api.quiet(0.5)
    old = {p: t.hand(p) for p in (ANN, BOB)}
    before = {p: (h.message_id, h.text) for p, h in old.items() if h is not None}
    assert len(before) == 2
    held: list[dict[str, Any]] = []  # the migration's updates, late
    api.push_raw = held.append  # type: ignore[method-assign]
    new = api.migrate(GROUP, ANN)
    del api.push_raw
    moved = Table(api, new)
    api.say(ANN, new, "/new svintus")
    await moved.until(moved.board, what="a lobby in the supergroup")
    for update in held:
        api.push_raw(update)
    await moved.until(lambda: "became the supergroup" in bot.log(), what="the migration told")
    for p in (ANN, BOB):
        await moved.press_code(p, moved.board(), "j")
    await moved.until(lambda: "Bob" in moved.board_text(), what="the lobby lists both")
    await moved.press_code(ANN, moved.board(), "g")
    await moved.until(lambda: all(moved.buttons(moved.hand(p)) for p in (ANN, BOB)), what="hands")
    await until_current(moved, redis_url, timeout=10, what="the new game's screens")
    await api.quiet(0.5)
    for p, (message_id, text) in before.items():  # the old game's hands: as they were
        kept = api.messages[p].get(message_id)
        assert kept is not None and kept.text == text, (p, kept)
    assert "not deleted" not in bot.log()
    assert api.violations == [], api.violations


async def test_a_nudge_held_up_by_a_flood_wait_is_dropped_once_its_player_is_no_longer_waited_on(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """The soak: a nudge («⏰ The table is waiting for you») waited out a long flood wait
    on its player's private chat, went out when it ended though its turn was long over,
    and the next turn's nudge right after it: the same words twice, the first never
    deleted.  Here the game is stopped while the nudge waits: it never goes."""
    t = world(api)
    bot = await bot_factory(env={"NUDGE_AFTER_MS": "1000"})
    await greet(t, (ANN, BOB))
    await open_game(t, ANN, BOB)
    p = await t.until(lambda: t.on_turn((ANN, BOB)), what="somebody's turn")
    api.faults.flood(8.0, chat_id=p)

    def held_up() -> bool:  # (only the nudge goes to their chat while nothing else changes)
        return any("flood wait" in line and line.endswith(f"for chat {p}") for line in bot.log().splitlines())

    await t.until(held_up, what="the nudge held up")
    api.say(ANN, GROUP, "/stop")
    await t.until(lambda: "stopped by" in t.board_text(), what="the game stopped")
    await t.until(lambda: "stopped by" in t.hand_text(p), timeout=20, what="their hand, after the flood wait")
    await api.quiet(1.0)
    said = [m.text for m in [*api.messages[p].values(), *api.deleted] if m.chat_id == p]
    assert not [s for s in said if s.startswith("⏰")], said
    assert api.violations == [], api.violations
