"""A Metamorphoses round through the real bot: animals picked in the lobby, a flip,
a missed Hedgehog reaction, a dark ability with a target, and the round played out."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

from bot.playground.botapi import FakeTelegram
from engine.svintus.animals import Animal
from engine.svintus.models import SvintusOptions
from tests.e2e.table import Table, card_of, code_of
from tests.e2e.test_scenarios import (
    ANN,
    BORIS,
    CARL,
    GROUP,
    STRANGER,
    card_button,
    now_ms,
    open_lobby,
    position,
    setup_world,
)
from tests.engine.helpers import Faces, table


def ready(t: Table, user: int, card: int) -> bool:
    """Is ``card`` marked playable on ``user``'s hand (their turn has come)?"""
    return any(card_of(code_of(b)) == card and b["text"].startswith("✅") for b in t.buttons(t.hand(user)))


def pick(animal: Animal) -> str:
    return f"pick_animal.{animal.value}"


def option(op: str, value: int) -> Callable[[str], bool]:
    """A prompt's button: ``:`` answers with one option, ``+`` chooses one of several."""
    return lambda code: re.fullmatch(rf"!\d+{re.escape(op)}{value}", code) is not None


async def open_metamorphoses_table(t: Table) -> None:
    await open_lobby(t)
    # only the creator switches the expansion on and lets players choose
    assert (await t.press_code(BORIS, t.board(), "oa"))["text"] == "Only the table's creator can do that."
    await t.press_code(ANN, t.board(), "oa")
    await t.until(lambda: t.find(t.board(), "od"), what="the deal switch appears")
    await t.press_code(ANN, t.board(), "od")
    await t.until(
        lambda: "Metamorphoses: animals chosen by the players" in t.board().text,  # type: ignore[union-attr]
        what="the deal chosen",
    )
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    # the game opens with the animals chosen on the board, before the deal
    await t.until(lambda: t.find(t.board(), pick(Animal.FOX)), what="animal buttons on the board")
    assert "choosing animals" in t.board().text  # type: ignore[union-attr]
    await t.until(
        lambda: "Pick your animal" in (t.hand(CARL).text if t.hand(CARL) else ""), what="hands say so"
    )
    assert (await t.press_code(ANN, t.board(), pick(Animal.FOX)))["text"] == ""
    ans = await t.press_code(BORIS, t.board(), pick(Animal.FOX))
    assert ans["text"] == "Ann already has that animal."
    ans = await t.press_code(STRANGER, t.board(), pick(Animal.OWL))
    assert ans["text"] == "You're not playing in this game."
    await t.press_code(BORIS, t.board(), pick(Animal.HEDGEHOG))
    await t.until(
        lambda: all(x in t.board().text for x in ("Ann — 🦊 Fox", "Boris — 🦔 Hedgehog")),  # type: ignore[union-attr]
        what="picks listed on the board",
    )
    await t.press_code(CARL, t.board(), pick(Animal.DONKEY))
    for p in (ANN, BORIS, CARL):
        await t.until(  # the cards' buttons, not only «Leave»
            lambda p=p: [b for b in t.buttons(t.hand(p)) if code_of(b) != "=~leave"], what=f"hand of {p}"
        )


async def test_a_metamorphoses_round_through_the_bot(
    api: FakeTelegram, redis_server: Any, bot_factory: Any
) -> None:
    t = setup_world(api)
    url = f"unix://{redis_server.socket_file}"
    await bot_factory(redis_url=url)
    await open_metamorphoses_table(t)

    board = t.board()
    assert board is not None and "🦊 Fox" in board.text and "🦔 Hedgehog" in board.text
    hand = t.hand(CARL)
    assert hand is not None and "🫏 Donkey: If you can play, you must" in hand.text

    # A prepared position keeps the animals the lobby dealt and makes the round short.
    f = Faces()
    top, twin = f.card("red", 5), f.card("red", 5)
    red1, red2, green2, green0 = f.card("red", 1), f.card("red", 2), f.card("green", 2), f.card("green", 0)
    green3, green6, green7 = f.card("green", 3), f.card("green", 6), f.card("green", 7)
    penalty = [f.card("blue", 6), f.card("blue", 7)]
    animals = {ANN: Animal.FOX, BORIS: Animal.HEDGEHOG, CARL: Animal.DONKEY}

    def build(s: Any) -> Any:
        assert s.animals == animals
        return table(
            {
                ANN: [red1, green3, f.card("blue", 3)],
                BORIS: [red2, green2, green0],
                CARL: [twin, green6, green7],
            },
            top=top,
            current=ANN,
            deck=penalty,
            now=now_ms(),
            # a roomy reaction window, so a slow machine still shows the button in time
            options=SvintusOptions(metamorphoses=True, animal_deal="chosen", reaction_window_ms=6_000),
            animals=dict(animals),
        )

    await position(t, url, build)

    # 1. Carl intercepts on Ann's turn: his Donkey turns into the Stubborn Mule, and
    #    the Hedgehog owes a card — Boris sees the button and lets the window pass.
    assert (await t.press(CARL, t.hand(CARL), card_button(t, CARL, twin)))["text"].startswith("✅")
    await t.until(
        lambda: (
            "Carl turns to the dark side: meet the Stubborn Mule!" in t.board().text  # type: ignore[union-attr]
            and "🌑🪨 Stubborn Mule" in t.board().text
        ),  # type: ignore[union-attr]
        what="the flip announced and shown",
    )
    await t.until(lambda: t.find(t.hand(BORIS), "react"), what="«Hedgehog takes!» on Boris's hand")
    assert t.find(t.hand(ANN), "react") is None and t.find(t.hand(CARL), "react") is None
    await t.until(
        lambda: "Hedgehog Boris dozed off — 2 cards as a penalty." in t.board().text,  # type: ignore[union-attr]
        timeout=15,
        what="the missed reaction costs Boris 2",
    )
    await t.until(lambda: t.find(t.hand(BORIS), "react") is None, what="the reaction button is gone")

    # 2. Ann and Boris play on; on his turn Carl uses the Mule on Ann.
    await t.until(lambda: ready(t, ANN, red1), what="Ann's turn")
    await t.press(ANN, t.hand(ANN), card_button(t, ANN, red1))
    await t.until(lambda: ready(t, BORIS, red2), what="Boris's turn")
    await t.press(BORIS, t.hand(BORIS), card_button(t, BORIS, red2))
    await t.until(lambda: t.find(t.hand(CARL), "ability"), what="the dark-ability button on Carl's hand")
    assert "Use: 🌑🪨 Stubborn Mule" in t.find(t.hand(CARL), "ability")["text"]  # type: ignore[index]
    assert t.find(t.hand(ANN), "ability") is None
    assert (await t.press_code(CARL, t.hand(CARL), "ability"))["text"] == ""
    await t.until(lambda: t.find(t.hand(CARL), option(":", ANN)), what="opponents to choose from")
    targets = {code_of(b).split(":")[1] for b in t.buttons(t.hand(CARL)) if ":" in code_of(b)}
    assert targets == {str(ANN), str(BORIS)}
    assert "Choose an opponent" in t.hand(CARL).text  # type: ignore[union-attr]
    # a stranger pressing Carl's target button changes nothing
    ans = await t.press_code(STRANGER, t.hand(CARL), option(":", ANN))
    assert ans["text"] == "You're not playing in this game."
    await t.press_code(CARL, t.hand(CARL), option(":", ANN))
    await t.until(
        lambda: (
            "Stubborn Mule Carl digs in: Ann will lose their next turn." in t.board().text  # type: ignore[union-attr]
            and "Ann loses a turn." in t.board().text  # type: ignore[union-attr]
            and "Turn: <b>Boris" in t.board().text
        ),  # type: ignore[union-attr]
        what="the Mule announced, Ann skipped",
    )
    assert "Carl is back in the light: Donkey." in t.board().text  # type: ignore[union-attr]

    # 3. The round is played out: Carl declares on his last-but-one card and goes out.
    await t.until(lambda: ready(t, BORIS, green2), what="Boris's turn after Ann's was lost")
    await t.press(BORIS, t.hand(BORIS), card_button(t, BORIS, green2))
    await t.until(lambda: ready(t, CARL, green6), what="Carl's turn")
    await t.press(CARL, t.hand(CARL), card_button(t, CARL, green6))
    await t.until(lambda: t.find(t.hand(CARL), "declare"), what="«Svintus!» for Carl")
    await t.press_code(CARL, t.hand(CARL), "declare")
    await t.until(lambda: ready(t, ANN, green3), what="Ann's turn")
    await t.press(ANN, t.hand(ANN), card_button(t, ANN, green3))
    await t.until(lambda: ready(t, BORIS, green0), what="Boris's turn again")
    await t.press(BORIS, t.hand(BORIS), card_button(t, BORIS, green0))
    await t.until(lambda: ready(t, CARL, green7), what="Carl's last card")
    await t.press(CARL, t.hand(CARL), card_button(t, CARL, green7))
    await t.until(
        lambda: "Carl wins the round" in t.board().text,  # type: ignore[union-attr]
        what="the round won",
    )
    assert t.find(t.board(), "next_round") is not None  # the next round can be started

    # 4. Two quick taps on one keyboard: the Silver Fox gives two cards chosen in a row.
    f = Faces()
    mine = [f.card("blue", 1), f.card("blue", 2), f.card("green", 4)]

    def fox(s: Any) -> Any:
        return table(
            {ANN: list(mine), BORIS: [f.card("red", 1), f.card("red", 2)], CARL: [f.card("red", 3)]},
            top=f.card("red", 5),
            current=ANN,
            now=now_ms(),
            options=SvintusOptions(metamorphoses=True, animal_deal="chosen"),
            animals=dict(animals),
            dark=[ANN],
        )

    await position(t, url, fox)
    await t.until(lambda: t.find(t.hand(ANN), "ability"), what="Ann's Silver Fox button")
    await t.press_code(ANN, t.hand(ANN), "ability")
    await t.until(lambda: t.find(t.hand(ANN), option(":", BORIS)), what="Ann chooses whom to rob")
    await t.press_code(ANN, t.hand(ANN), option(":", BORIS))
    keyboard = await t.until(
        lambda: t.find(t.hand(ANN), option("+", mine[0])) and t.hand(ANN), what="Ann's cards to give"
    )
    assert (
        "Silver Fox Ann snatches a card from Boris"
        in (
            await t.until(lambda: "snatches" in t.board().text and t.board())  # type: ignore[union-attr]
        ).text
    )
    first, second = await asyncio.gather(
        t.press_code(ANN, keyboard, option("+", mine[0])),
        t.press_code(ANN, keyboard, option("+", mine[1])),
    )
    assert first["text"] == second["text"] == ""
    await t.until(
        lambda: (
            "…and gives back 2 cards." in t.board().text  # type: ignore[union-attr]
            and "Boris — 3 cards" in t.board().text
        ),  # type: ignore[union-attr]
        what="two cards given",
    )

    # /animal explains one animal, /rules covers the expansion
    t.api.say(BORIS, GROUP, "/animal mule")
    reply = await t.until(
        lambda: next(
            (m for m in api.messages[GROUP].values() if "Stubborn Mule — dark side" in m.text), None
        ),
        what="/animal answered",
    )
    assert "Donkey — light side" in reply.text
    t.api.say(BORIS, GROUP, "/rules")
    await t.until(
        lambda: any("<b>Metamorphoses</b>" in m.text for m in api.messages[GROUP].values()),
        what="/rules with the expansion",
    )
