"""Every game played entirely in the group by people who never opened the bot: their
hands are the bot's ephemeral messages (Bot API 10.2+), each seen by its owner alone —
Dobble's race, a Candy Empire game with a block in its reaction window (the bot an admin:
the hand comes unasked to the one who may block), Smash Up against a computer."""

from __future__ import annotations

import re
from typing import Any

from bot.playground.botapi import FakeTelegram
from tests.e2e import test_candy as candy
from tests.e2e import test_dobble as dobble
from tests.e2e import test_smashup as smashup
from tests.e2e.table import GroupTable, press_until
from tests.e2e.test_computers import at_the_goal
from tests.e2e.test_group_hands import private_sends


class GroupDobble(GroupTable, dobble.Dobble):
    mark = dobble.TITLE


class GroupCandy(GroupTable, candy.CandyTable):
    pass


class GroupSmashUp(GroupTable, smashup.SmashUpTable):
    pass


async def join_and_start(
    t: GroupTable, game: str, players: tuple[int, ...], presses: tuple[str, ...] = ()
) -> None:
    t.api.say(players[0], t.group, f"/new {game}")
    await t.until(t.board, what="the lobby")
    for p in players:
        answer = await t.press_code(p, t.board(), "j")
        assert "in the group" in answer["text"] or "в группе" in answer["text"], answer
    for code in presses:
        assert (await t.press_code(players[0], t.board(), code))["text"]
    await t.until(lambda: all(t.api.users[p].first_name in t.board_text() for p in players), what="seated")
    assert (await t.press_code(players[0], t.board(), "g"))["text"] == ""
    await t.until(lambda: t.find(t.board(), "~mine"), what="the board's «My cards»")


async def test_dobble_raced_from_hands_in_the_group(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    api.add_group(dobble.GROUP, "Spot & Co")
    players = (dobble.ANN, dobble.BORIS)
    for uid, name in zip(players, ("Ann", "Boris"), strict=True):
        api.add_user(uid, name, "en")
    t = GroupDobble(api, dobble.GROUP)
    await bot_factory(redis_url=redis_url)
    await join_and_start(t, "dobble", players)
    for p in players:
        await t.open_hand(p)

    def short_deck(s: Any) -> Any:  # five cards to race for
        s.box, s.deck = s.box + s.deck[:-5], s.deck[-5:]
        return s

    await dobble.edit_state(redis_url, short_deck)
    answers = await dobble.play(t, lambda: t.final(), players=players)
    firsts = [p for p, text in answers if text.startswith("✅ First!")]
    assert len(firsts) >= 6, answers  # the first card and five more: a press counts by its arrival
    assert not [text for _, text in answers if not text.startswith(dobble.LATE)], answers
    await t.until(lambda: all("Game over" in t.hand(p).text for p in players), what="every hand at the end")
    assert private_sends(api, players) == 0
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_candy_with_a_block_in_the_group_the_bot_an_admin(
    api: FakeTelegram, redis_server: Any, bot_factory: Any
) -> None:
    url = f"unix://{redis_server.socket_file}"
    ann, boris, carl = candy.ANN, candy.BORIS, candy.CARL
    players = (ann, boris, carl)
    api.add_group(candy.GROUP, "Sweet life", admins={api.bot_id})
    for uid, name in zip(players, ("Ann", "Boris", "Carl"), strict=True):
        api.add_user(uid, name, "en")
    t = GroupCandy(api, candy.GROUP)
    await bot_factory(redis_url=url)
    await join_and_start(t, "candy", players)
    k = candy.deal_cards()
    judge = k.judge
    state = candy.table(
        players=list(players),
        hands={ann: [judge, k.pickpocket, k.trader], boris: [k.boss, k.lawyer, k.trader], carl: [k.trader]},
        empires={boris: k.many("snatcher", 2), carl: [k.trader]},
        current=ann,
        options=candy.CandyOptions(reaction_window_ms=20_000),
        now=candy.now_ms(),
    )
    await candy.position(t, url, lambda s: state)
    # Ann's hand comes unasked (her turn); she aims her Judge at Boris
    await t.until(lambda: t.find(t.hand(ann), f"=c{judge}"), what="Ann's Judge, unasked")
    await t.press_code(ann, t.hand(ann), f"=c{judge}")
    await t.until(lambda: t.find(t.hand(ann), lambda c: c.startswith("empire.")), what="the Judge's moves")
    await t.press_code(ann, t.hand(ann), lambda c: c.startswith("empire."))
    whom = await t.until(
        lambda: t.find(t.hand(ann), lambda c: c.startswith("!") and c.endswith(f":{boris}")), what="whom"
    )
    await t.press(ann, t.hand(ann), whom)
    # Boris never pressed anything: his hand comes to him with the block on it
    await t.until(lambda: t.find(t.hand(boris), "block"), what="the block on Boris's hand, unasked")
    assert (await t.press_code(boris, t.hand(boris), "block"))["text"] == "✋ Blocked!"
    await t.until(lambda: "Blocked!" in t.board_text(), what="the block announced")
    seen = await candy.play(t, list(players), lambda: candy.over(t), seed=3)
    assert seen.get("=c", 0) >= 2, seen
    assert "wins!" in t.board_text() or "share the win" in t.board_text()
    assert t.find(t.board(), "~mine") is None  # the game is over: no hands to open
    assert private_sends(api, players) == 0
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_smash_up_against_a_computer_in_the_group(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    ann = smashup.ANN
    api.add_group(smashup.GROUP, "Ann's smash")
    api.add_user(ann, "Ann", "en")
    t = GroupSmashUp(api, smashup.GROUP)
    await bot_factory(redis_url=redis_url)
    await join_and_start(t, "smashup", (ann,), presses=("chard",))
    await t.open_hand(ann)

    def turns() -> int:
        return max((int(n) for n in re.findall(r"Turn (\d+): ", t.board_text())), default=0)

    seen = await press_until(
        t, [ann], smashup.choose, smashup.kind, lambda: turns() >= 3, seed=7, timeout=180
    )
    assert seen.get("play", 0) >= 1 or seen.get("=c", 0) >= 1, seen
    await at_the_goal(redis_url, smashup.GROUP, 2**53 + 1)
    await press_until(t, [ann], smashup.choose, smashup.kind, lambda: smashup.over(t), seed=8, timeout=120)
    assert "🤖" in t.board_text()
    await t.until(lambda: not t.buttons(t.hand(ann)), what="her hand at the game's end, no buttons")
    assert private_sends(api, (ann,)) == 0
    assert api.violations == [], api.violations
