"""A nudge held up (a flood wait on its player's private chat, an outage) goes only while
the wait it was for lasts: not once its player acted and is waited on again, when that
new wait's nudge is another (the soak found both sent, one after the other)."""

from __future__ import annotations

from bot.i18n import Translator
from bot.referee import Referee
from bot.session import Member, Session
from bot.store import Store

CHAT, PLAYER = -100_778, 5


class StubBot:
    """Nothing is sent to Telegram here."""

    username = "nudgebot"


async def test_a_nudge_is_still_to_go_only_for_the_wait_it_was_for(redis_url: str) -> None:
    store = Store.from_url(redis_url)
    try:
        ref = Referee(StubBot(), store, Translator(), "en")  # type: ignore[arg-type]
        members = [Member(id=PLAYER, name="P5", lang="en"), Member(id=6, name="P6", lang="en")]
        session = Session(
            chat_id=CHAT, game_id="g1", creator=PLAYER, game="svintus", status="playing", members=members
        )
        session.waiting_since, session.nudged = {PLAYER: 1_000}, [PLAYER]
        await store.save(session, 0)
        assert await ref._still_nudged(CHAT, PLAYER, 1_000)
        # they acted, the turn came back to them: waited on again since 9 000, and told again
        session.waiting_since = {PLAYER: 9_000}
        await store.save(session, 1)
        assert not await ref._still_nudged(CHAT, PLAYER, 1_000)  # the first wait's nudge
        assert await ref._still_nudged(CHAT, PLAYER, 9_000)
        session.nudged = []  # they acted: nobody's nudge is to go
        await store.save(session, 2)
        assert not await ref._still_nudged(CHAT, PLAYER, 9_000)
    finally:
        await store.close()
