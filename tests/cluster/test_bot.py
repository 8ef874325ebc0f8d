"""The real bot on a real Redis Cluster (3 masters, 3 replicas): a Svintus round
and a Dobble game through two webhook workers sharing the cluster, racing presses
with one winner each, deadlines fired once across the workers."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bot.playground.botapi import FakeTelegram
from bot.store import Conflict, Store, key
from engine.core import clone
from engine.dobble.models import DobbleOptions, DobbleState
from engine.svintus.keys import Ev
from engine.svintus.models import SvintusOptions
from tests.cluster.cluster import LocalCluster
from tests.e2e import test_dobble as dobble
from tests.e2e import test_match as match
from tests.e2e.conftest import free_port
from tests.e2e.table import Table
from tests.engine.dobble_helpers import position, spread
from tests.engine.helpers import Faces, check_cards, table

ANN, BORIS, CARL = match.ANN, match.BORIS, match.CARL


async def two_workers(api: FakeTelegram, cluster: LocalCluster, bot_factory: Any) -> None:
    """Two webhook workers on the cluster, updates posted to them in turn."""
    one = await bot_factory(redis_url=cluster.url, webhook_port=free_port())
    two = await bot_factory(redis_url=cluster.url, webhook_port=free_port(), register=False)
    api.deliver_to([one.url, two.url])


async def cluster_store(cluster: LocalCluster) -> Store:
    store = Store.from_url(cluster.url, cluster=True)
    await store.prepare()
    return store


async def test_a_svintus_round_on_two_workers_and_a_deadline_fired_once(
    api: FakeTelegram, cluster: LocalCluster, bot_factory: Any
) -> None:
    api.add_group(match.GROUP, "Cluster pigs")
    for uid, name in ((ANN, "Ann"), (BORIS, "Boris"), (CARL, "Carl")):
        api.add_user(uid, name, "en", started=True)
    t = Table(api, match.GROUP)
    await two_workers(api, cluster, bot_factory)
    for p in (ANN, BORIS, CARL):
        api.say(p, p, "/start")
        await t.until(lambda p=p: api.last_message(p), what=f"greeting {p}")
    await match.open_table(api, t, [ANN, BORIS, CARL])
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    for p in (ANN, BORIS, CARL):
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand of {p}")

    def round_won() -> bool:
        return any("wins the round" in m.text for m in api.messages[match.GROUP].values())

    seen = await match.play(t, [ANN, BORIS, CARL], round_won, timeout=120)
    assert seen.get("play", 0) > 5
    await t.until(lambda: not api.pending_queries, what="every press answered")

    # a deadline already past: both workers see it, exactly one fires it
    store = await cluster_store(cluster)
    f = Faces()
    for _ in range(50):
        session, version = await store.load(match.GROUP)
        assert session is not None
        now = int(time.time() * 1000)
        session.state = table(
            {ANN: [f.card("red", 1), f.card("blue", 2)], BORIS: [f.card("green", 0), f.card("blue", 3)]},
            top=f.card("red", 5),
            current=ANN,
            now=now - 31_000,
            options=SvintusOptions(turn_timer_ms=30_000),
        )
        session.status, session.log = "playing", []
        try:
            await store.save(session, version)
        except Conflict:
            continue
        break
    await store.set_timer(match.GROUP, now - 1_000)

    async def timeouts() -> int:
        session, _ = await store.load(match.GROUP)
        assert session is not None and session.state is not None
        return [e.key for e in session.log].count(Ev.TIMEOUT)

    deadline = time.monotonic() + 20
    while await timeouts() == 0:
        assert time.monotonic() < deadline, "the deadline never fired"
        await api.next_change(match.GROUP, 0.1)
    await api.quiet(1.0)  # the other worker had every chance to fire it again
    assert await timeouts() == 1
    session, _ = await store.load(match.GROUP)
    assert session is not None and session.state is not None
    check_cards(session.state)
    await store.close()
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def edit_dobble(cluster: LocalCluster, change: Callable[[DobbleState], DobbleState]) -> DobbleState:
    store = await cluster_store(cluster)
    try:
        for _ in range(50):
            session, version = await store.load(dobble.GROUP)
            assert session is not None and session.state is not None
            state = change(clone(session.state))
            state.seq = session.state.seq + 1
            session.state = state
            try:
                await store.save(session, version)
            except Conflict:
                continue
            return state
    finally:
        await store.close()
    raise AssertionError("the bot kept writing")


async def test_a_dobble_game_with_races_on_two_workers(
    api: FakeTelegram, cluster: LocalCluster, bot_factory: Any
) -> None:
    """Two players press the right symbol a moment apart, their presses on different
    workers: one is first, the other second, every time; the countdown between
    cards (a deadline) deals each next card once; the game reaches its winner."""
    t = dobble.world(api)
    await two_workers(api, cluster, bot_factory)
    await dobble.open_table(t, {"oc": 2})
    cards = spread(3 + 1 + 4)
    now = int(time.time() * 1000)
    await edit_dobble(
        cluster,
        lambda s: position(
            {dobble.ANN: [cards[0]], dobble.BORIS: [cards[1]], dobble.CARL: [cards[2]]},
            [cards[3]],
            deck=cards[4:],
            rest="box",
            options=DobbleOptions(countdown_ms=1_000),
            now=now,
        ),
    )
    api.say(dobble.ANN, dobble.GROUP, "/board")
    boris, carl = dobble.BORIS, dobble.CARL
    for race in range(5):  # the card up and the four of the deck
        centre = await t.until(
            lambda: t.centre(boris) == t.centre(carl) and t.centre(boris), what="the same card up for both"
        )
        one, other = (boris, carl) if race % 2 else (carl, boris)
        first, second = await dobble.race(t, one, other)
        # whichever worker got to Redis first: one winner, and the other told so
        won = [x for x in (first, second) if x.startswith("✅ First!")]
        told = [x for x in (first, second) if x.startswith(("🥈 Right, but", "This game is already over"))]
        assert len(won) == 1 and len(told) == 1, (first, second)
        if race < 4:
            await dobble.next_card(t, centre)
    final = await t.until(t.final, what="the final message")
    assert "Dobble" in final.text
    assert api.violations == [], api.violations
    assert not api.pending_queries
    store = await cluster_store(cluster)
    session, _ = await store.load(dobble.GROUP)
    assert session is not None and session.status == "over"
    assert await store.r.exists(key(dobble.GROUP, "game"))
    await store.close()


async def test_a_mini_app_page_follows_a_press_made_on_the_other_worker(
    api: FakeTelegram, cluster: LocalCluster, bot_factory: Any
) -> None:
    """The Mini App's live tables on the cluster: a change published through one node
    reaches the worker listening on another."""
    import aiohttp

    from tests.e2e.test_miniapp import a_page_follows_a_press_made_on_another_worker

    async with aiohttp.ClientSession() as http:
        await a_page_follows_a_press_made_on_another_worker(api, bot_factory, http, cluster.url)
