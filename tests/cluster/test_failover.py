"""A master of the cluster dies (SIGKILL) in the middle of a Svintus round: its
replica takes over, the presses made meanwhile are answered «out of reach» (never
left unanswered), the round goes on to its end, and no press the bot answered as
taken is lost."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.i18n import Translator
from bot.playground.botapi import FakeTelegram
from bot.store import Store, key
from tests.cluster.cluster import LocalCluster, wait_for
from tests.e2e import test_match as match
from tests.e2e.table import Table, code_of

ANN, BORIS, CARL = match.ANN, match.BORIS, match.CARL
PLAYERS = (ANN, BORIS, CARL)
UNAVAILABLE = Translator()("en", "answer-unavailable")


def a_chat_on(cluster: LocalCluster, port: int) -> int:
    """A group id whose keys live on the master at ``port``."""
    return next(c for c in range(-100_200, -101_200, -1) if cluster.master_of(key(c, "game")) == port)


def taken(text: str) -> bool:
    """A press answered as done: silently, or naming the card played / the place won."""
    return text == "" or text.startswith(("✅", "🥇", "🥈", "🥉"))


async def test_the_master_of_a_live_game_dies_and_the_round_goes_on(
    api: FakeTelegram, cluster: LocalCluster, bot_factory: Any
) -> None:
    # the game lives on the very node REDIS_URL names: the bot must find the others itself
    victim = cluster.ports[0]
    group = a_chat_on(cluster, victim)
    api.add_group(group, "Failover pigs")
    for uid, name in ((ANN, "Ann"), (BORIS, "Boris"), (CARL, "Carl")):
        api.add_user(uid, name, "en", started=True)
    update_of: dict[str, int] = {}  # press (callback query id) -> its update id
    push = api.push

    def recorded(update: dict[str, Any]) -> int:
        uid = push(update)
        if "callback_query" in update:
            update_of[str(update["callback_query"]["id"])] = uid
        return uid

    api.push = recorded  # type: ignore[method-assign]
    t = Table(api, group)
    await bot_factory(redis_url=cluster.url)
    for p in PLAYERS:
        api.say(p, p, "/start")
        await t.until(lambda p=p: api.last_message(p), what=f"greeting {p}")
    api.say(ANN, group, "/new svintus")
    await t.until(t.board, what="lobby")
    for p in PLAYERS:
        assert (await t.press_code(p, t.board(), "j"))["text"]
    await t.until(lambda: "Carl" in t.board().text, what="everyone in the lobby")  # type: ignore[union-attr]
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    for p in PLAYERS:
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand of {p}")

    answers: list[tuple[float, str, str]] = []  # when answered, query id, text
    stop = asyncio.Event()

    async def person(user: int) -> None:
        """Presses what their hand offers once it changes — or again, a moment
        after being told the table is out of reach."""
        last: tuple[int, int] | None = None
        retry = False
        while not stop.is_set():
            choice = t.choose(user)
            if choice is None or (not retry and last == (choice[0].message_id, choice[0].edits)):
                await api.next_change(user, 0.1)
                continue
            msg, button = choice
            last = (msg.message_id, msg.edits)
            qid = api.press(user, msg.chat_id, msg.message_id, button["callback_data"])
            text = (await api.answer_of(qid, timeout=20))["text"]
            answers.append((time.monotonic(), qid, text))
            retry = text == UNAVAILABLE
            if retry:
                await asyncio.sleep(0.2)  # a person reads it and tries again
            elif code_of(button) == "slap":
                await asyncio.sleep(0.05)

    people = [asyncio.create_task(person(p)) for p in PLAYERS]
    await t.until(lambda: sum(taken(x) for _, _, x in answers) >= 6, what="six presses taken")

    # the master holding the game dies; its replica takes over
    replica = cluster.replica_of(victim)
    cluster.kill(victim)

    # presses made while the master is down: each told the table is out of reach
    hands = [(p, t.hand(p)) for p in PLAYERS]
    queries = [
        api.press(p, p, hand.message_id, t.buttons(hand)[0]["callback_data"]) for p, hand in hands if hand
    ]
    told = [(await api.answer_of(q))["text"] for q in queries]
    assert told == [UNAVAILABLE] * len(PLAYERS), told
    await asyncio.to_thread(wait_for, lambda: cluster.role(replica) == "master", 30, "the replica promoted")
    await asyncio.to_thread(cluster.wait_healthy, 30, False)
    promoted = time.monotonic()

    # nothing answered as taken before or during the switch is missing from the game
    store = Store.from_url(f"redis://127.0.0.1:{replica}", cluster=True)
    await store.prepare()
    session, _ = await store.load(group)
    assert session is not None
    lost = [qid for _, qid, text in answers if taken(text) and update_of[qid] not in session.applied]
    assert not lost, f"presses answered as taken but lost in the failover: {lost}"

    def round_won() -> bool:
        return any("wins the round" in m.text for m in api.messages[group].values())

    await t.until(round_won, timeout=90, what="the round won after the failover")
    stop.set()
    await asyncio.gather(*people)
    await t.until(lambda: not api.pending_queries, what="every press answered")
    after = [x for when, _, x in answers if when > promoted]
    assert sum(taken(x) for x in after) >= 3, after  # and the game went on
    await store.close()
    assert api.violations == [], api.violations
