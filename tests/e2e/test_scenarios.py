"""The named rules through the real bot: intercept, transfer, slap, catch, silence, restart."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.playground.botapi import FakeTelegram
from bot.store import Store
from engine.svintus.models import SvintusOptions, SvintusState
from tests.e2e.table import Table, card_of, code_of
from tests.e2e.telegram import place
from tests.engine.helpers import Faces, table

GROUP = -100_222
ANN, BORIS, CARL, STRANGER, ADMIN = 2001, 2002, 2003, 2009, 2010


def setup_world(api: FakeTelegram) -> Table:
    api.add_group(GROUP, "Hog heaven", admins={ADMIN})
    for uid, name, lang in (
        (ANN, "Ann", "en"),
        (BORIS, "Boris", "en"),
        (CARL, "Carl", "en"),
        (STRANGER, "Stranger", "en"),
        (ADMIN, "Admin", "en"),
    ):
        api.add_user(uid, name, lang, started=True)
    return Table(api, GROUP)


async def open_lobby(t: Table) -> None:
    """Ann, Boris and Carl open the bot's chat; Ann opens a table and all three join."""
    for p in (ANN, BORIS, CARL):
        t.api.say(p, p, "/start")
        await t.until(lambda p=p: t.api.last_message(p), what=f"greeting {p}")
    t.api.say(ANN, GROUP, "/new svintus")
    await t.until(t.board, what="lobby")
    for p in (ANN, BORIS, CARL):
        assert (await t.press_code(p, t.board(), "j"))["text"]


async def start_game(t: Table) -> None:
    await open_lobby(t)
    await t.until(lambda: "Carl" in t.board().text, what="lobby lists Carl")
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    for p in (ANN, BORIS, CARL):
        await t.until(lambda p=p: t.buttons(t.hand(p)), what=f"hand of {p}")


async def position(t: Table, redis_url: str, build: Any) -> SvintusState:
    """Replace the running game's state with a prepared one, then /board to show it."""
    state: SvintusState = await place(redis_url, GROUP, build)
    boards = len([m for m in t.api.messages[GROUP].values() if m.text.startswith("🐷")])
    t.api.say(ANN, GROUP, "/board")
    await t.until(
        lambda: len([m for m in t.api.messages[GROUP].values() if m.text.startswith("🐷")]) > boards,
        what="a fresh board",
    )
    for p in state.seats:
        await t.until(
            lambda p=p: f"Your cards ({len(state.hands[p])})" in (t.hand(p) or t.board()).text,
            what=f"hand of {p} shows the position",
        )
    return state


def now_ms() -> int:
    return int(time.time() * 1000)


def card_button(t: Table, user: int, card: int) -> dict[str, Any]:
    for b in t.buttons(t.hand(user)):
        if card_of(code_of(b)) == card:
            return b
    raise AssertionError(f"card {card} not on {user}'s keyboard")


async def test_named_rules_through_the_bot(api: FakeTelegram, redis_server: Any, bot_factory: Any) -> None:
    t = setup_world(api)
    url = f"unix://{redis_server.socket_file}"
    await bot_factory(redis_url=url)
    await start_game(t)

    # --- intercept: Carl snaps the twin of the top card during Ann's turn -----------------
    f = Faces()
    top, twin = f.card("red", 5), f.card("red", 5)
    await position(
        t,
        url,
        lambda s: table(
            {
                ANN: [f.card("blue", 1), f.card("blue", 2)],
                BORIS: [f.card("green", 0), f.card("green", 1)],
                CARL: [twin, f.card("red", 2), f.card("blue", 3)],
            },
            top=top,
            current=ANN,
            now=now_ms(),
            options=SvintusOptions(),
        ),
    )
    assert card_button(t, CARL, twin)["text"].startswith("✅")
    ans = await t.press(CARL, t.hand(CARL), card_button(t, CARL, twin))
    assert ans["text"].startswith("✅")  # the card played, in a toast
    await t.until(
        lambda: "Intercept!" in t.board().text and "Turn: <b>Ann" in t.board().text,
        what="intercept announced, play goes on after Carl",
    )

    # --- a Grab passed on twice grows 3 -> 6 -> 9 ------------------------------------------
    f = Faces()
    grab_a, grab_b, grab_c = f.card("grab", "red"), f.card("grab", "blue"), f.card("grab", "green")
    await position(
        t,
        url,
        lambda s: table(
            {
                ANN: [grab_a, f.card("blue", 1)],
                BORIS: [grab_b, f.card("green", 0)],
                CARL: [grab_c, f.card("green", 1)],
            },
            top=f.card("red", 5),
            current=ANN,
            now=now_ms(),
            options=SvintusOptions(),
        ),
    )
    await t.press(ANN, t.hand(ANN), card_button(t, ANN, grab_a))
    await t.until(lambda: t.find(t.hand(BORIS), "accept") is not None, what="Boris is grabbed")
    await t.press(BORIS, t.hand(BORIS), card_button(t, BORIS, grab_b))
    await t.until(lambda: t.find(t.hand(CARL), "accept") is not None, what="Carl is grabbed")
    await t.press(CARL, t.hand(CARL), card_button(t, CARL, grab_c))
    await t.until(lambda: t.find(t.hand(ANN), "accept") is not None, what="back to Ann")
    assert "Take 9" in t.find(t.hand(ANN), "accept")["text"]
    await t.press_code(ANN, t.hand(ANN), "accept")
    await t.until(lambda: "Ann takes 9 cards" in t.board().text, what="Ann took 9")

    # --- a Hoofslap race: Boris and Ann slap, Carl misses and takes 2 --------------------------
    f = Faces()
    slap = f.card("hoofslap", "red")
    await position(
        t,
        url,
        lambda s: table(
            {
                ANN: [slap, f.card("blue", 1)],
                BORIS: [f.card("green", 0), f.card("green", 2)],
                CARL: [f.card("green", 1), f.card("blue", 2)],
            },
            top=f.card("red", 5),
            current=ANN,
            now=now_ms(),
            options=SvintusOptions(reaction_window_ms=8_000),
        ),
    )
    await t.press(ANN, t.hand(ANN), card_button(t, ANN, slap))
    board = await t.until(lambda: t.find(t.board(), "slap") and t.board(), what="slap button on the board")
    late_slap = dict(t.find(board, "slap") or {})  # Carl's screen, frozen: he'll press it too late
    assert (await t.press_code(BORIS, board, "slap"))["text"] == "👋 First!"
    await t.until(lambda: t.find(t.hand(ANN), "slap"), what="slap on Ann's hand")
    assert (await t.press_code(ANN, t.hand(ANN), "slap"))["text"] == "👋 Slapped: 2."
    await t.until(
        lambda: "Carl didn't slap in time and takes 2 cards" in t.board().text,
        timeout=15,
        what="Carl penalised",
    )
    ans = await t.api.answer_of(t.api.press(CARL, GROUP, board.message_id, late_slap["callback_data"]))
    assert ans["text"] == "Too late — that slap race is over."

    # --- «Свинтус!» missed: Boris goes down to one card, Ann catches him after 3 s -----------
    f = Faces()
    await position(
        t,
        url,
        lambda s: table(
            {
                ANN: [f.card("blue", 1), f.card("blue", 2)],
                BORIS: [f.card("red", 1), f.card("green", 4)],
                CARL: [f.card("green", 1), f.card("blue", 3)],
            },
            top=f.card("red", 5),
            current=BORIS,
            now=now_ms(),
            options=SvintusOptions(),
        ),
    )
    await t.press(BORIS, t.hand(BORIS), card_button(t, BORIS, t.hand_card(BORIS, "🟥 1")))
    board = await t.until(lambda: t.find(t.board(), "catch") and t.board(), what="catch button")
    await asyncio.sleep(3.2)
    assert (await t.press_code(ANN, t.board(), "catch"))["text"] == ""
    await t.until(lambda: "Caught! Ann caught Boris" in t.board().text, what="Boris caught")

    # ... and declared in time, nobody can catch: Carl declares
    f = Faces()
    await position(
        t,
        url,
        lambda s: table(
            {
                ANN: [f.card("blue", 1), f.card("blue", 2)],
                BORIS: [f.card("green", 0), f.card("green", 4)],
                CARL: [f.card("red", 1), f.card("blue", 3)],
            },
            top=f.card("red", 5),
            current=CARL,
            now=now_ms(),
            options=SvintusOptions(),
        ),
    )
    await t.press(CARL, t.hand(CARL), card_button(t, CARL, t.hand_card(CARL, "🟥 1")))
    await t.until(lambda: t.find(t.hand(CARL), "declare"), what="Svintus button")
    await t.press_code(CARL, t.hand(CARL), "declare")
    await t.until(lambda: "“Svintus!” — Carl" in t.board().text, what="declared")

    # --- silence: Ann plays Hush, Boris writes in the group and pays 2 ----------------------
    f = Faces()
    hush = f.card("hush", "red")
    await position(
        t,
        url,
        lambda s: table(
            {
                ANN: [hush, f.card("blue", 1)],
                BORIS: [f.card("polypig"), f.card("green", 0), f.card("green", 4)],
                CARL: [f.card("green", 1), f.card("blue", 3)],
            },
            top=f.card("red", 5),
            current=ANN,
            now=now_ms(),
            options=SvintusOptions(),
        ),
    )
    await t.press(ANN, t.hand(ANN), card_button(t, ANN, hush))
    await t.until(lambda: "Silence!" in t.board().text, what="silence on the board")
    api.say(STRANGER, GROUP, "what's going on?")  # not a player: nothing happens
    api.sticker(BORIS, GROUP)
    await t.until(
        lambda: "Boris broke the silence and takes 2 cards" in t.board().text, what="silence broken"
    )
    assert "Stranger" not in t.board().text
    # in a silence the buttons that speak say so before the press, and the toast after
    polypig = await t.until(
        lambda: next((b for b in t.buttons(t.hand(BORIS)) if b["text"].startswith("✅ 🌈")), None),
        what="Boris's Polypig",
    )
    assert polypig["text"].endswith("🤫−2") and "A button with 🤫 speaks" in t.hand(BORIS).text
    assert (await t.press(BORIS, t.hand(BORIS), polypig))["text"] == "✅ 🌈 Polypig"
    colour = await t.until(lambda: t.find(t.hand(BORIS), lambda c: c.startswith("!")), what="a colour")
    assert "naming a colour is a word too" in t.hand(BORIS).text
    answer = await t.press(BORIS, t.hand(BORIS), colour)
    assert answer["text"] == "🤫 You broke the silence: take 2 cards."

    assert api.violations == [], api.violations
    assert not api.pending_queries
    assert api.group_rate_ok()


async def test_a_message_in_a_silence_delivered_again_costs_its_sender_once(
    api: FakeTelegram, redis_server: Any, bot_factory: Any
) -> None:
    """Telegram delivers an update again (a batch not confirmed before a crash): a
    press's replay is stale by its keyboard's tag, but a message carries none.  Two
    guards keep Boris's sticker in a silence from costing him 2 cards each time it
    comes: the update's claim (``Handlers.once``) and the session's record of the
    updates it applied (``transaction.redelivered``); either alone holds (checked by
    taking each away: with both gone he holds 8)."""
    t = setup_world(api)
    url = f"unix://{redis_server.socket_file}"
    await bot_factory(redis_url=url)
    await start_game(t)
    f = Faces()
    hush = f.card("hush", "red")
    await position(
        t,
        url,
        lambda s: table(
            {
                ANN: [hush, f.card("blue", 1)],
                BORIS: [f.card("green", 0), f.card("green", 4)],
                CARL: [f.card("green", 1), f.card("blue", 3)],
            },
            top=f.card("red", 5),
            current=ANN,
            now=now_ms(),
            options=SvintusOptions(),
        ),
    )
    await t.press(ANN, t.hand(ANN), card_button(t, ANN, hush))
    await t.until(lambda: "Silence!" in t.board().text, what="silence on the board")
    api.sticker(BORIS, GROUP)
    sticker = api.updates[-1] if api.updates else None
    await t.until(lambda: "Your cards (4)" in t.hand(BORIS).text, what="Boris pays 2")  # type: ignore[union-attr]
    assert sticker is not None and "message" in sticker
    api.push_raw(dict(sticker))  # delivered again, twice
    api.push_raw(dict(sticker))
    # a message after them, costing Carl 2, shows the bot has read past them
    api.say(CARL, GROUP, "oops")
    await t.until(lambda: "Your cards (4)" in t.hand(CARL).text, what="Carl pays 2")  # type: ignore[union-attr]
    store = Store.from_url(url)
    try:
        session, _ = await store.load(GROUP)
    finally:
        await store.close()
    assert session is not None and session.state is not None
    assert len(session.state.hands[BORIS]) == 4, "the sticker cost Boris more than once"
    assert "Your cards (4)" in t.hand(BORIS).text  # type: ignore[union-attr]
    assert api.violations == [], api.violations
