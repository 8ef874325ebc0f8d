"""Hands in the group (ephemeral messages, Bot API 10.2+): people who never opened the bot
join from the lobby, see their hands in the group by the board's «🃏 My cards», and play
there, each hand seen by its owner alone; with the bot an admin, a hand comes unasked when
something waits on its owner."""

from __future__ import annotations

import time
from typing import Any

from bot.playground.botapi import FakeTelegram
from bot.sender import RETIRE_TRIES, RETRY_MAX_S
from engine.svintus.models import SvintusOptions
from tests.e2e.table import GroupTable, Table, card_of, code_of
from tests.e2e.telegram import place
from tests.engine.helpers import Faces, table

GROUP = -100_4501
ANN, BEN, CLEO = 4501, 4502, 4503


def world(api: FakeTelegram, admin: bool = False, started: bool = False) -> GroupTable:
    api.add_group(GROUP, "Cards here", admins={api.bot_id} if admin else set())
    for uid, name in ((ANN, "Ann"), (BEN, "Ben"), (CLEO, "Cleo")):
        api.add_user(uid, name, "en", started=started)
    return GroupTable(api, GROUP)


async def seated(t: GroupTable, players: tuple[int, ...], game: str = "svintus") -> None:
    """The first player opens ``game``'s table, everyone joins from the lobby, it starts."""
    t.api.say(players[0], GROUP, f"/new {game}")
    await t.until(t.board, what="the lobby")
    for p in players:
        answer = await t.press_code(p, t.board(), "j")
        assert "in the group" in answer["text"], answer
    await t.until(lambda: all(t.api.users[p].first_name in t.board_text() for p in players), what="seated")
    assert "start=join_" in t.board_text()  # the private chat: an offer
    assert (await t.press_code(players[0], t.board(), "g"))["text"] == ""
    await t.until(lambda: t.find(t.board(), "~mine"), what="the board's «My cards»")


def private_sends(api: FakeTelegram, players: tuple[int, ...]) -> int:
    return sum(len(api.messages.get(p, {})) for p in players)


async def round_played(t: GroupTable, players: tuple[int, ...]) -> dict[str, int]:
    seen: dict[str, int] = {}
    last: dict[int, tuple[int, int]] = {}
    while "wins the round" not in t.board_text():
        acted = False
        for p in players:
            choice = t.choose(p)
            if choice is None:
                continue
            msg, button = choice
            if last.get(p) == t.version(msg):
                continue
            last[p] = t.version(msg)
            await t.press(p, msg, button)
            seen[button["callback_data"][0]] = seen.get(button["callback_data"][0], 0) + 1
            acted = True
        if not acted:
            await t.api.next_change(GROUP, 0.1)
    return seen


async def test_two_newcomers_play_a_svintus_round_in_the_group(api: FakeTelegram, bot_factory: Any) -> None:
    t = world(api)
    await bot_factory()
    players = (ANN, BEN)
    await seated(t, players)
    for p in players:
        hand = await t.open_hand(p)
        assert "Your cards (8)" in hand.text
        assert hand.thread_id is None and hand.receiver == p
    # each sees their own hand, nobody else's
    assert [e.receiver for e in api.seen_ephemerals(ANN, GROUP)] == [ANN]
    seen = await round_played(t, players)
    assert seen.get("a", 0) > 3
    assert private_sends(api, players) == 0  # nothing was ever sent to their private chats
    assert api.violations == [], api.violations
    assert not api.pending_queries, "every press is answered"


async def test_with_the_bot_an_admin_a_hand_comes_when_it_is_that_players_turn(
    api: FakeTelegram, bot_factory: Any
) -> None:
    t = world(api, admin=True)
    await bot_factory()
    players = (ANN, BEN)
    await seated(t, players)
    # nobody presses «My cards»: whoever must act gets their hand unasked
    first = await t.until(lambda: next((p for p in players if t.hand(p) is not None), None), what="a hand")
    assert "Your turn" in (t.hand(first) or t.board()).text
    seen = await round_played(t, players)
    assert seen.get("a", 0) > 3
    assert all(t.hand(p) is not None for p in players)  # the other's came at their turn
    assert private_sends(api, players) == 0
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_a_hand_in_a_forum_topic_stays_in_the_topic(api: FakeTelegram, bot_factory: Any) -> None:
    api.add_group(GROUP, "Forum", kind="supergroup", forum=True)
    for uid, name in ((ANN, "Ann"), (BEN, "Ben")):
        api.add_user(uid, name, "en")
    t = GroupTable(api, GROUP)
    await bot_factory()
    topic = api.create_topic(GROUP, ANN, "Pigs")
    api.say(ANN, GROUP, "/new svintus", thread=topic)
    await t.until(t.board, what="the lobby")
    for p in (ANN, BEN):
        await t.press_code(p, t.board(), "j")
    await t.until(lambda: "Ben" in t.board_text(), what="seated")
    await t.press_code(ANN, t.board(), "g")
    await t.until(lambda: t.find(t.board(), "~mine"), what="the board")
    for p in (ANN, BEN):
        hand = await t.open_hand(p)
        assert hand.thread_id == topic
    p, hand, card = await t.a_turn_with_a_play((ANN, BEN))
    # a card that may be played now is coloured (Bot API 9.4's style), and still says ✅ for a
    # client that ignores colours; the others are plain
    cards = [b for b in t.buttons(hand) if code_of(b).startswith("play.")]
    assert card.get("style") == "success"
    assert all((b.get("style") == "success") == b["text"].startswith("✅") for b in cards), cards
    version = t.version(hand)
    await t.press(p, hand, card)
    await t.until(lambda: t.version(t.hand(p)) != version, what="the hand after the play")
    assert all(e.thread_id == topic for k, kept in api.ephemerals.items() for e in kept.values())
    assert api.violations == [], api.violations


async def test_a_hand_the_app_dropped_comes_back_with_the_board_button_and_is_not_edited_in_a_loop(
    api: FakeTelegram, bot_factory: Any
) -> None:
    t = world(api)
    await bot_factory()
    players = (ANN, BEN)
    await seated(t, players)
    for p in players:
        await t.open_hand(p)
    p, hand, card = await t.a_turn_with_a_play(players)  # (whoever has a card to play)
    q = BEN if p == ANN else ANN
    api.restart_app(q)  # Telegram promises no delivery: the other one's app lost the hand
    assert t.hand(q) is None
    version = t.version(hand)
    await t.press(p, hand, card)
    await t.until(lambda: t.version(t.hand(p)) != version, what="the hand after the play")
    await t.until(lambda: api.faults.hits["ephemeral_lost"] >= 1, what="the lost hand's edit refused")
    await api.quiet(0.5)
    assert api.faults.hits["ephemeral_lost"] == 1  # refused once, then forgotten: never again and again
    hand = await t.open_hand(q)  # the board's button brings it back, current
    assert "Your cards" in hand.text
    await api.quiet(0.5)
    assert api.faults.hits["ephemeral_lost"] == 1
    assert api.violations == [], api.violations


async def test_a_press_on_an_old_hand_in_the_group_changes_nothing_and_the_hand_shows_the_game(
    api: FakeTelegram, bot_factory: Any
) -> None:
    t = world(api)
    await bot_factory()
    players = (ANN, BEN)
    await seated(t, players)
    for p in players:
        await t.open_hand(p)
    p, old_hand, card = await t.a_turn_with_a_play(players)
    # the hand is opened again while Telegram will not delete the old one: after a few tries
    # (an outage may end), both stay
    api.faults.outage("502", methods=["deleteEphemeralMessage"])
    await t.open_hand(p)
    await t.until(lambda: deletes(api) >= RETIRE_TRIES, what="the old hand's deletes tried")
    await api.quiet(RETRY_MAX_S)
    assert deletes(api) == RETIRE_TRIES  # then given up, not tried again and again
    api.faults.heal()
    assert len([e for e in api.seen_ephemerals(p, GROUP) if e.text.startswith("🐷")]) == 2
    played = await t.press(p, t.hand(p), card)  # played from the new one
    await t.until(lambda: t.version(t.hand(p)) != (t.hand(p).ephemeral_id, 0), what="the new hand edited")
    await api.quiet(0.5)
    board = t.board_text()
    answer = await t.press(p, old_hand, card)  # the same card, from the old hand
    assert answer["text"] and answer["text"] != played["text"], answer  # refused, with a reason
    await api.quiet(0.5)
    assert t.board_text() == board
    assert api.violations == [], api.violations


def deletes(api: FakeTelegram) -> int:
    return sum(1 for method, _ in api.calls if method.lower() == "deleteephemeralmessage")


async def test_an_old_hand_is_deleted_once_a_short_outage_ends(api: FakeTelegram, bot_factory: Any) -> None:
    """A hand opened again while Telegram briefly refuses deletes: the old one still goes (an
    old hand left on screen would show an old game once the new one is lost)."""
    t = world(api)
    await bot_factory()
    await seated(t, (ANN, BEN))
    await t.open_hand(ANN)
    api.faults.outage("502", seconds=1.0, methods=["deleteEphemeralMessage"])
    await t.open_hand(ANN)
    await t.until(
        lambda: len(api.seen_ephemerals(ANN, GROUP)) == 1, what="the old hand deleted after the outage"
    )
    assert api.violations == [], api.violations


async def test_an_outage_while_hands_are_open_heals_every_hand(api: FakeTelegram, bot_factory: Any) -> None:
    t = world(api)
    await bot_factory()
    players = (ANN, BEN)
    await seated(t, players)
    for p in players:
        await t.open_hand(p)
    p, hand, card = await t.a_turn_with_a_play(players)
    q = BEN if p == ANN else ANN
    mine, other = t.version(hand), t.version(t.hand(q))
    api.faults.outage("502", seconds=2.0)
    answer = await t.press(p, hand, card)  # made during the outage: answered once Telegram is back
    assert card["text"].removeprefix("✅ ") in answer["text"], answer
    await t.until(lambda: t.version(t.hand(q)) != other, what="the other hand healed after the outage")
    await t.until(lambda: t.version(t.hand(p)) != mine, what="the presser's hand healed too")
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_a_slap_race_from_hands_in_the_group_then_the_round_to_its_winner(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    t = world(api)
    await bot_factory(redis_url=redis_url)
    players = (ANN, BEN, CLEO)
    await seated(t, players)
    for p in players:
        await t.open_hand(p)
    f = Faces()
    slap = f.card("hoofslap", "red")
    state = table(
        {
            ANN: [slap, f.card("blue", 1), f.card("blue", 4)],
            BEN: [f.card("green", 0), f.card("green", 2)],
            CLEO: [f.card("green", 1), f.card("blue", 2)],
        },
        top=f.card("red", 5),
        current=ANN,
        now=int(time.time() * 1000),
        options=SvintusOptions(reaction_window_ms=8_000),
    )
    await placed(t, redis_url, state)
    await t.until(lambda: "Your cards (3)" in t.hand(ANN).text, what="Ann's hand shows the position")
    await t.press(ANN, t.hand(ANN), next(b for b in t.buttons(t.hand(ANN)) if card_of(code_of(b)) == slap))
    await t.until(lambda: t.find(t.hand(BEN), "slap"), what="the slap on Ben's hand in the group")
    assert (await t.press_code(BEN, t.hand(BEN), "slap"))["text"] == "👋 First!"
    await t.until(lambda: t.find(t.hand(ANN), "slap"), what="the slap on Ann's hand")
    assert (await t.press_code(ANN, t.hand(ANN), "slap"))["text"] == "👋 Slapped: 2."
    await t.until(
        lambda: "Cleo didn't slap in time and takes 2 cards" in t.board_text(), timeout=15, what="Cleo"
    )
    await round_played(t, players)
    assert private_sends(api, players) == 0
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def placed(t: GroupTable, redis_url: str, state: Any) -> None:
    """The running game replaced by a prepared position (the open hands show it)."""
    await place(redis_url, GROUP, lambda _: state)
    t.api.say(ANN, GROUP, "/board")


async def test_a_player_with_a_private_chat_may_play_from_either_place_and_a_stranger_sees_nothing(
    api: FakeTelegram, bot_factory: Any
) -> None:
    t = world(api)
    api.add_user(CLEO + 1, "Stranger", "en")
    await bot_factory()
    api.say(ANN, ANN, "/start")  # Ann has opened the bot: her hand comes in private too
    await t.until(lambda: api.last_message(ANN), what="Ann greeted")
    players = (ANN, BEN)
    t.api.say(ANN, GROUP, "/new svintus")
    await t.until(t.board, what="the lobby")
    assert "in our private chat" in (await t.press_code(ANN, t.board(), "j"))["text"]
    assert "in the group" in (await t.press_code(BEN, t.board(), "j"))["text"]
    await t.until(lambda: "Ben" in t.board_text(), what="seated")
    await t.press_code(ANN, t.board(), "g")
    private = await t.until(lambda: Table.hand(t, ANN), what="Ann's hand in private")
    await t.until(lambda: t.find(t.board(), "~mine"), what="the board's «My cards»")
    # a stranger's «My cards» shows nothing, and says why
    stranger = await t.press_code(CLEO + 1, t.board(), "~mine")
    assert stranger["text"] == "You're not playing in this game."
    assert api.seen_ephemerals(CLEO + 1, GROUP) == []
    # the board's button, forged into another chat, shows nothing there either
    mine = t.find(t.board(), "~mine")
    assert mine is not None
    elsewhere = await api.answer_of(api.press(ANN, ANN, 1, mine["callback_data"]))
    assert elsewhere["text"] == "I don't know that button."
    for p in players:
        await t.open_hand(p)
    assert t.hand(ANN).text == private.text  # the same hand, in both places
    # Ann plays from the group; her private hand follows, and the other way round
    for where in ("group", "private"):
        await ann_to_move(t)
        before = Table.hand(t, ANN).edits, t.hand(ANN).edits
        if where == "group":
            _, hand, card = await t.a_turn_with_a_play((ANN,))
        else:
            hand = Table.hand(t, ANN)
            ok = [b for b in t.buttons(hand) if b["text"].startswith("✅")]
            card = ok[0] if ok else t.find(hand, "draw")
        await t.press(ANN, hand, card)
        await t.until(
            lambda b=before: (
                (Table.hand(t, ANN).edits, t.hand(ANN).edits) > b
                and Table.hand(t, ANN).edits > b[0]
                and t.hand(ANN).edits > b[1]
            ),
            what=f"both of Ann's hands after a press in the {where}",
        )
    assert private_sends(api, (BEN,)) == 0
    assert api.violations == [], api.violations


async def ann_to_move(t: GroupTable) -> None:
    """Until it is Ann's turn, and no colour is asked of anybody: Ben takes his turns
    (a card that gives him another goes on), a colour asked is named."""
    for _ in range(20):
        p, colour = await t.until(lambda: t._turn_or_colour((ANN, BEN)), what="a turn")
        if p == ANN and colour is None:
            return
        hand = t.hand(p)
        assert hand is not None
        version = t.version(hand)
        if colour is not None:
            await t.press(p, hand, colour)
        else:  # Ben's move: a card that fits, else a draw (or the pass after it)
            card = next((b for b in t.buttons(hand) if b["text"].startswith("✅")), None)
            move = card or t.find(hand, "draw") or t.find(hand, "pass")
            assert move is not None, hand.text
            await t.press(BEN, hand, move)
        await t.until(lambda v=version, p=p: t.version(t.hand(p)) != v, what="the hand after the move")
    raise AssertionError("Ann's turn never came")
