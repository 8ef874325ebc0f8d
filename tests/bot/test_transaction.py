"""One change of a chat is one transaction (``bot.transaction``), and time that fails
gives up politely (``bot.timers``): on a real Redis."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.session import ChatSettings, Session
from bot.store import Conflict, Store, key
from bot.timers import MAX_FAILURES, Timers
from bot.transaction import After, Change, Chats, Reply

CHAT = -100_321


def fresh(game_id: str = "g") -> Session:
    return Session(chat_id=CHAT, game_id=game_id, creator=1, game="svintus")


async def test_what_follows_is_the_saved_decisions_even_when_races_are_lost(redis_url: str) -> None:
    """A decision that lost its race is decided again; what follows the change (``After``,
    done by the referee once it is saved) is the saved decision's, never a lost one's."""
    store = Store.from_url(redis_url)
    await store.save(fresh(), 0)
    chats = Chats(store, busy=lambda s: Reply("busy"))
    decided = 0

    async def decide(session: Session | None, settings: ChatSettings) -> Change:
        nonlocal decided
        decided += 1
        assert session is not None
        if decided <= 2:  # somebody else writes between this load and its save
            _, version = await store.load(CHAT)
            other = fresh()
            other.title = f"other {decided}"
            await store.save(other, version)
        session.title = "mine"
        return Change(session=session, reply=Reply("done"), after=After(hand=decided))

    change = await chats.change(CHAT, decide)
    assert change.reply.text == "done" and change.after == After(hand=3) and decided == 3
    assert change.chat_id == CHAT and change.loaded is change.session  # decided on what it loaded
    saved, _ = await store.load(CHAT)
    assert saved is not None and saved.title == "mine"
    assert chats.locked_chats == 0  # the lock table keeps no idle chat
    await store.close()


class LosingStore(Store):
    """Every save loses its race."""

    async def save(
        self, session: Session, version: int, status_changed: bool = False, unlock: str | None = None
    ) -> int:
        raise Conflict(session.chat_id)


async def test_a_change_that_is_never_saved_is_answered_busy_and_has_no_effects(redis_url: str) -> None:
    plain = Store.from_url(redis_url)
    await plain.save(fresh(), 0)
    store = LosingStore(plain.r)
    chats = Chats(store, busy=lambda s: Reply("busy"))

    async def decide(session: Session | None, settings: ChatSettings) -> Change:
        return Change(session=session, reply=Reply("joined"), after=After(redraw="board"))

    change = await chats.change(CHAT, decide)
    assert change.reply.text == "busy" and change.after == After() and change.session is None
    assert await plain.r.get(key(CHAT, "lock")) is None  # the lock is given back all the same
    await plain.close()


async def test_a_press_answered_already_is_known_from_the_load_and_not_decided_again(redis_url: str) -> None:
    """A redelivered press that was answered (``Store.mark_answered``, kept with its
    chat) is recognised by the load that takes the chat's lock: one round trip,
    nothing decided, the lock given back; any other press is decided."""
    store = Store.from_url(redis_url)
    await store.save(fresh(), 0)
    chats = Chats(store, busy=lambda s: Reply("busy"))
    decided: list[str] = []

    def deciding(name: str) -> Any:
        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            decided.append(name)
            return Change(reply=Reply(name))

        return decide

    await store.mark_answered(CHAT, "q-1")
    again = await chats.change(CHAT, deciding("again"), "q-1")
    assert again.reply.answered and not again.reply.text and decided == []
    assert again.session is None and again.loaded is not None and again.loaded.game_id == "g"
    assert await store.r.get(key(CHAT, "lock")) is None
    assert (await chats.change(CHAT, deciding("new"), "q-2")).reply.text == "new"
    assert (await chats.change(CHAT, deciding("plain"))).reply.text == "plain"
    assert decided == ["new", "plain"]
    assert await store.answered(CHAT, "q-1") and not await store.answered(CHAT, "q-2")
    assert not await store.answered(CHAT + 1, "q-1")  # a mark is its chat's
    await store.close()


async def test_an_update_is_applied_once_even_when_its_first_save_lost_a_race(redis_url: str) -> None:
    """The update id is written into the session with the change it made, in the
    same compare-and-set (``Chats.change``: the one guard of every change): the same
    update again changes nothing, whatever path it came by; a decision that lost
    its race and was made again is marked once."""
    store = Store.from_url(redis_url)
    await store.save(fresh(), 0)
    chats = Chats(store, busy=lambda s: Reply("busy"))
    decided = 0

    async def decide(session: Session | None, settings: ChatSettings) -> Change:
        nonlocal decided
        decided += 1
        assert session is not None
        if decided == 1:  # somebody else writes between this load and its save
            _, version = await store.load(CHAT)
            await store.save(fresh(), version)
        session.title = f"change {decided}"
        return Change(session=session, reply=Reply("done"), after=After(redraw="board"))

    first = await chats.change(CHAT, decide, update_id=77)
    assert first.reply.text == "done" and decided == 2
    again = await chats.change(CHAT, decide, update_id=77)
    assert again.reply == Reply(outcome="stale") and again.after == After() and decided == 2
    assert again.session is None and again.loaded is not None and again.loaded.title == "change 2"
    saved, _ = await store.load(CHAT)
    assert saved is not None and saved.applied == [77] and saved.title == "change 2"
    assert (await chats.change(CHAT, decide, update_id=78)).reply.text == "done" and decided == 3
    assert await store.r.get(key(CHAT, "lock")) is None
    await store.close()


async def test_a_saved_change_gives_the_chat_lock_back_with_its_save(redis_url: str) -> None:
    store = Store.from_url(redis_url)
    await store.save(fresh(), 0)
    chats = Chats(store, busy=lambda s: Reply("busy"))
    held: list[Any] = []

    async def decide(session: Session | None, settings: ChatSettings) -> Change:
        held.append(await store.r.get(key(CHAT, "lock")))
        return Change(session=session)

    await chats.change(CHAT, decide)
    assert held == [chats.owner.encode()]  # held while deciding
    assert await store.r.get(key(CHAT, "lock")) is None
    await store.close()


async def test_changes_of_one_chat_take_turns_across_workers(redis_url: str) -> None:
    """Two Chats (two workers) on one Redis: their changes of one chat never overlap."""
    a, b = Store.from_url(redis_url), Store.from_url(redis_url)
    await a.save(fresh(), 0)
    inside = 0
    overlaps = 0

    def table(store: Store) -> Chats:
        return Chats(store, busy=lambda s: Reply("busy"))

    async def decide(session: Session | None, settings: ChatSettings) -> Change:
        nonlocal inside, overlaps
        inside += 1
        overlaps += inside > 1
        await asyncio.sleep(0.005)
        inside -= 1
        assert session is not None
        session.applied.append(len(session.applied))
        return Change(session=session)

    workers = [table(a), table(b)]
    await asyncio.gather(*(workers[i % 2].change(CHAT, decide) for i in range(20)))
    saved, _ = await a.load(CHAT)
    assert overlaps == 0 and saved is not None and len(saved.applied) == 20
    await a.close()
    await b.close()


async def test_a_failing_timer_backs_off_then_is_dropped_and_the_chat_told_once(redis_url: str) -> None:
    store = Store.from_url(redis_url)
    session = fresh()
    session.status = "playing"
    await store.save(session, 0, status_changed=True)
    fired: list[int] = []
    told: list[int] = []

    async def tick(chat_id: int) -> None:
        fired.append(chat_id)
        raise RuntimeError("a bug in a game")

    async def failed(chat_id: int) -> None:
        told.append(chat_id)

    def deadline(s: Any) -> int | None:
        return int(time.time() * 1000) - 1

    timers = Timers(store, deadline, tick, failed)
    waits = []
    for n in range(1, MAX_FAILURES + 1):
        await timers._fire(CHAT)
        due = await store.next_timer()
        waits.append(None if due is None else due - int(time.time() * 1000))
        assert await store.timer_failures(CHAT) == n
    assert len(fired) == MAX_FAILURES and told == [CHAT]
    # 1 s, 2 s, 4 s later, then no timer at all
    assert [w is not None and abs(w - 1000 * 2**i) < 500 for i, w in enumerate(waits[:-1])] == [True] * 3
    assert waits[-1] is None
    await timers.reconcile()  # a dropped timer is not re-armed behind the chat's back
    assert await store.next_timer() is None
    await store.close()


async def test_a_timer_that_works_again_forgets_its_failures(redis_url: str) -> None:
    store = Store.from_url(redis_url)
    calls = 0

    async def tick(chat_id: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("once")

    async def failed(chat_id: int) -> None:
        raise AssertionError("not dropped")

    timers = Timers(store, lambda s: None, tick, failed)
    await timers._fire(CHAT)
    assert await store.timer_failures(CHAT) == 1
    await timers._fire(CHAT)
    assert await store.timer_failures(CHAT) == 0
    await store.close()
