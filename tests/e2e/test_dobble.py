"""Dobble through the real bot: simulated people look at the centre card in their
private message and press the symbol of their card (or an outer card) they see on it."""

from __future__ import annotations

import asyncio
import random
import re
import signal
import time
from collections.abc import Callable
from typing import Any

from bot.i18n import Translator
from bot.playground.botapi import FakeTelegram, Message
from bot.store import Conflict, Store
from engine.core import clone
from engine.dobble.models import DobbleOptions, DobbleState
from tests.e2e.table import Table, code_of
from tests.engine.dobble_helpers import position, spread

GROUP = -100_333
ANN, BORIS, CARL = 3001, 3002, 3003
PLAYERS = (ANN, BORIS, CARL)
T = Translator()
TITLE = "👀"  # dobble-emoji: the board's and every hand's first character
# what a right press is answered: first, or second, or on a card gone, or after the end
# what a press may be told in a race (a second tap of one that took: «Already done»)
LATE = (
    "✅ First!",
    "🥈 Right, but",
    "⌛ That was an old card",
    "This game is already over",
    "✔️ Already done",
    "A duel is on",  # a race press that arrives as a tie turns into a duel
)


class Dobble(Table):
    def board(self) -> Message | None:
        msgs = [m for m in self.api.messages.get(self.group, {}).values() if m.text.startswith(TITLE)]
        return msgs[-1] if msgs else None

    def hand(self, user: int) -> Message | None:
        msgs = [m for m in self.api.messages.get(user, {}).values() if m.text.startswith(TITLE)]
        return msgs[-1] if msgs else None

    def centre(self, user: int) -> list[str]:
        """The centre card's symbols, as the player's message shows them (two bold rows)."""
        hand = self.hand(user)
        if hand is None:
            return []
        return [x for row in re.findall(r"<b>(.*?)</b>", hand.text) for x in row.split()]

    def spotted(self, user: int, right: bool = True) -> dict[str, Any] | None:
        """A button of the player's hand whose symbol is (or is not) on the centre card."""
        centre = set(self.centre(user))
        if not centre:
            return None
        symbols = [b for b in self.buttons(self.hand(user)) if code_of(b).startswith("spot.")]  # not «Leave»
        found = [b for b in symbols if (b["text"] in centre) == right]
        return random.choice(found) if found else None

    def final(self) -> Message | None:
        return next(
            (m for m in self.api.messages.get(self.group, {}).values() if m.text.startswith("🏆")), None
        )


def world(api: FakeTelegram) -> Dobble:
    api.add_group(GROUP, "Spot & Co")
    for uid, name in ((ANN, "Ann"), (BORIS, "Boris"), (CARL, "Carl")):
        api.add_user(uid, name, "en", started=True)
    return Dobble(api, GROUP)


async def open_table(t: Dobble, options: dict[str, int]) -> str:
    """/new dobble; Ann sets the options (pressing each option button ``n`` times), all
    three join, Ann starts; every hand says to get ready.  Returns the lobby as it
    was started."""
    for p in PLAYERS:
        t.api.say(p, p, "/start")
        await t.until(lambda p=p: t.api.last_message(p), what=f"greeting {p}")
    t.api.say(ANN, GROUP, "/new dobble")
    await t.until(t.board, what="lobby")
    for code, times in options.items():
        for _ in range(times):
            version = t.board().edits  # type: ignore[union-attr]
            said = (await t.press_code(ANN, t.board(), code))["text"]
            assert said.startswith(("Set: ", "Выбрано: ")), said  # its new value, at once
            await t.until(lambda v=version: t.board().edits > v, what=f"option {code}")  # type: ignore[union-attr]
    for p in PLAYERS:
        assert (await t.press_code(p, t.board(), "j"))["text"]
    await t.until(lambda: "Carl" in t.board().text, what="lobby lists Carl")  # type: ignore[union-attr]
    lobby = t.board_text()
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    for p in PLAYERS:
        await t.until(lambda p=p: t.hand(p), what=f"hand of {p}")
    return lobby


async def edit_state(redis_url: str, change: Callable[[DobbleState], DobbleState]) -> DobbleState:
    """Change the running game's state in Redis (the bot may write meanwhile: retried)."""
    store = Store.from_url(redis_url)
    try:
        for _ in range(50):
            session, version = await store.load(GROUP)
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


async def play(
    t: Dobble, stop: Callable[[], Any], timeout: float = 120.0, players: tuple[int, ...] = PLAYERS
) -> list[tuple[int, str]]:
    """Every player, whenever a new version of their hand shows a card, finds the
    shared symbol after a moment and presses it; until ``stop()``."""
    answers: list[tuple[int, str]] = []
    rnd = random.Random(7)

    async def person(user: int) -> None:
        seen: tuple[int, int] | None = None
        while not stop():
            hand = t.hand(user)
            version = None if hand is None else t.version(hand)
            if hand is None or version == seen:
                await t.api.next_change(user, timeout=0.2)
                continue
            seen = version
            button = t.spotted(user)
            if button is None:
                continue  # "get ready", or the game is over
            await asyncio.sleep(rnd.uniform(0.05, 0.4))  # looking for it
            answer = await t.press(user, hand, button)
            answers.append((user, answer["text"]))

    deadline = time.monotonic() + timeout
    tasks = [asyncio.create_task(person(p)) for p in players]
    try:
        while not stop():
            assert time.monotonic() < deadline, f"no end in sight:\n{t.board().text if t.board() else ''}"
            assert not any(task.done() for task in tasks), [task.exception() for task in tasks if task.done()]
            await asyncio.sleep(0.1)
    finally:
        await asyncio.gather(*tasks)
    return answers


def hands_edited_twice_a_card(t: Dobble, cards: int) -> None:
    """One hand message each, sent at the start and edited at most twice a card — its
    reveal, and its end (the countdown takes its buttons away) — and at the end."""
    for p in PLAYERS:
        hands = [m for m in t.api.messages[p].values() if m.text.startswith(TITLE)]
        assert len(hands) == 1
        assert hands[0].edits <= 2 * cards + 1, (p, hands[0].edits, cards)


async def test_a_tower_game_to_its_winner(api: FakeTelegram, redis_url: str, bot_factory: Any) -> None:
    t = world(api)
    await bot_factory(redis_url=redis_url)
    lobby = await open_table(t, {"oc": 2})  # countdown 3 -> 2 -> 1 s
    assert "1 s countdown" in lobby

    def short_deck(s: DobbleState) -> DobbleState:  # six cards to play, the rest out of the game
        s.box, s.deck = s.box + s.deck[:-6], s.deck[-6:]
        return s

    await edit_state(redis_url, short_deck)
    answers = await play(t, lambda: t.final())
    assert all(text for _, text in answers), "every press is answered"
    firsts = [p for p, text in answers if text.startswith("✅ First!")]
    assert len(firsts) >= 7  # the first card and six more, and a duel if it came to a tie
    # people who press what they see are never wrong: first, second, too late
    assert not [text for _, text in answers if not text.startswith(LATE)], answers
    final = t.final()
    assert final is not None and "Dobble" in final.text
    # the final message and the last screens are separate sends: wait for the screens
    await t.until(lambda: "Game over" in t.board().text, what="the board says the game is over")  # type: ignore[union-attr]
    await t.until(
        lambda: all("Game over" in t.hand(p).text for p in PLAYERS),  # type: ignore[union-attr]
        what="every hand says the game is over",
    )
    hands_edited_twice_a_card(t, len(firsts))
    assert api.violations == [], api.violations
    assert not api.pending_queries
    assert api.group_rate_ok()


async def test_a_catch_them_all_game_to_its_winner(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    t = world(api)
    await bot_factory(redis_url=redis_url)
    # mode Tower -> Catch Them All, rounds 5 -> 8 -> 12 -> 3, countdown 3 -> 2 -> 1 s
    lobby = await open_table(t, {"om": 1, "ol": 3, "oc": 2})
    assert "Catch Them All lasts 3 rounds" in lobby and "1 s countdown" in lobby
    await t.until(
        lambda: len(t.buttons(t.hand(ANN))) == 24 + 1, what="three outer cards, a row each, «Leave»"
    )
    answers = await play(t, lambda: t.final())
    assert all(text for _, text in answers), "every press is answered"
    catches = [p for p, text in answers if text.startswith("✅ First!") and "caught" in text]
    assert len(catches) == 9  # three rounds, a card for each player around the centre
    assert not [text for _, text in answers if not text.startswith(LATE)], answers
    most = max(PLAYERS, key=catches.count)
    if sorted(map(catches.count, PLAYERS))[-2] < catches.count(most):  # no tie: no duel
        assert f"{t.api.users[most].first_name} wins" in t.final().text  # type: ignore[union-attr]
    hands_edited_twice_a_card(t, len([p for p, text in answers if text.startswith("✅")]))
    assert api.violations == [], api.violations
    assert not api.pending_queries
    assert api.group_rate_ok()


async def test_a_miss_locks_out_a_race_has_one_winner_and_an_old_card_is_told(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    t = world(api)
    await bot_factory(redis_url=redis_url)
    await open_table(t, {"oc": 2})
    a, b, c, d, e, f = spread(6)
    now = int(time.time() * 1000)
    prepared = await edit_state(
        redis_url,
        lambda s: position(
            {ANN: [b], BORIS: [c], CARL: [d]},
            [a],
            deck=[e, f],
            options=DobbleOptions(countdown_ms=1_000),
            now=now,
        ),
    )
    api.say(ANN, GROUP, "/board")  # the prepared cards, on every screen
    shown = [T("en", f"dobble-symbol-{x}") for x in prepared.faces[a]]
    for p in PLAYERS:
        await t.until(lambda p=p: t.centre(p) == shown, what=f"{p} sees the prepared card")
    before = {p: t.hand(p).edits for p in PLAYERS}  # type: ignore[union-attr]
    old = {p: [dict(x) for x in t.buttons(t.hand(p))] for p in PLAYERS}
    centre = t.centre(ANN)

    # Ann misses: locked out until the next card, told so; her hand keeps the cards, greyed
    miss = t.spotted(ANN, right=False)
    assert miss is not None and miss["text"] not in centre
    answer = await t.press(ANN, t.hand(ANN), miss)  # type: ignore[arg-type]
    assert (
        answer["text"].startswith("❌ Wrong: " + miss["text"])
        and "Locked until the next card" in answer["text"]
    )
    # the right symbol: pressed before the edit came, or greyed by then and pressed by a
    # client that ignores greying (Bot API 10.3's disabled): the referee refuses it alike
    right = t.spotted(ANN) or next(b for b in t.api.greyed(t.hand(ANN)) if b["text"] in centre)
    answer = await t.press(ANN, t.hand(ANN), right)  # type: ignore[arg-type]
    assert answer["text"] == "🔒 You already missed on this card — wait for the next one."
    await t.until(lambda: "🔒" in t.hand_text(ANN) and t.spotted(ANN) is None, what="Ann's hand locked")
    # her symbols stay in place, greyed (Bot API 10.3's disabled): shown, not pressable
    greyed = [b["text"] for b in t.api.greyed(t.hand(ANN))]
    assert greyed == [b["text"] for b in old[ANN] if code_of(b).startswith("spot.")], greyed

    # Boris and Carl press the right symbol a millisecond apart: the first to arrive wins
    first, second = await race(t, BORIS, CARL)
    assert first.startswith("✅ First! ") and "the centre card is yours" in first
    assert second.startswith("🥈 Right, but Boris was first")

    # the next card: one edit for every hand, after the countdown; the board says who won
    await next_card(t, centre)
    await t.until(lambda: "Last card: <b>Boris</b>" in t.board().text, what="the board")  # type: ignore[union-attr]
    assert "Last card: Boris" in t.hand(CARL).text  # type: ignore[union-attr]
    # each hand: the card's end (the countdown) and the next card; Ann's also her lock-out,
    # shown by then — her countdown may come with the next card in one edit (a private
    # chat takes one edit a second, and the lock-out's came just before)
    edited = {p: t.hand(p).edits - n for p, n in before.items()}  # type: ignore[union-attr]
    assert edited[BORIS] == edited[CARL] == 2 and edited[ANN] in (2, 3), edited

    # Carl taps a symbol of the old card (a message he had not looked at again): an old card
    stale = next(x for x in old[CARL] if x["text"] not in centre)
    answer = await api.answer_of(api.press(CARL, CARL, t.hand(CARL).message_id, stale["callback_data"]))  # type: ignore[union-attr]
    assert answer["text"] == "⌛ That was an old card — it is no longer in play."
    # Ann is free again on the new card
    centre = t.centre(ANN)
    answer = await t.press(ANN, t.hand(ANN), t.spotted(ANN))  # type: ignore[arg-type]
    assert answer["text"].startswith("✅ First!")

    # the last card: Carl a millisecond ahead of Boris this time, and Carl wins it
    await next_card(t, centre)
    first, second = await race(t, CARL, BORIS)
    assert first.startswith("✅ First! ") and second.startswith("🥈 Right, but Carl was first")
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def race(t: Dobble, one: int, other: int) -> tuple[str, str]:
    """Both press the symbol they spotted, ``one``'s press a moment ahead of ``other``'s."""
    hands = [t.hand(one), t.hand(other)]
    buttons = [t.spotted(one), t.spotted(other)]
    queries = [
        t.api.press(p, p, hand.message_id, button["callback_data"])  # type: ignore[index, union-attr]
        for p, hand, button in zip((one, other), hands, buttons, strict=True)
    ]
    first, second = [(await t.api.answer_of(q))["text"] for q in queries]
    return first, second


async def next_card(t: Dobble, centre: list[str]) -> None:
    for p in PLAYERS:
        await t.until(lambda p=p: t.centre(p) and t.centre(p) != centre, what=f"{p} sees the next card")


async def test_a_game_goes_on_after_a_kill_9_in_the_middle(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """The bot is killed while the race is on (Redis keeps the table): the next
    one picks the game up, answers every press, and the game reaches its winner."""
    t = world(api)
    bot = await bot_factory(redis_url=redis_url)
    await open_table(t, {"oc": 2})

    def short_deck(s: DobbleState) -> DobbleState:
        s.box, s.deck = s.box + s.deck[:-8], s.deck[-8:]
        return s

    await edit_state(redis_url, short_deck)
    edits = t.board().edits  # type: ignore[union-attr]
    game = asyncio.create_task(play(t, lambda: t.final()))
    await t.until(lambda: t.board().edits >= edits + 3, what="cards won")  # type: ignore[union-attr]
    await bot.stop(signal.SIGKILL)
    await bot_factory(redis_url=redis_url)
    answers = await game
    assert all(text for _, text in answers), "every press is answered"
    final = t.final()
    assert final is not None and "Dobble" in final.text
    assert api.violations == [], api.violations
    assert not api.pending_queries
