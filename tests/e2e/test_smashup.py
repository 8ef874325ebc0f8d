"""Smash Up through the real bot process: simulated people open ``/new smashup``,
set the lobby's options, draft their factions in private, and play by pressing
what their hands show — a card, then where it goes, the cards' questions, Me
First! windows, the discard down to ten — until a winner; the group follows the
board and a message for each base that scores.  A player leaves mid-game; the
bot is killed (``kill -9``) mid-turn and the next one goes on."""

from __future__ import annotations

import random
import re
import signal
import time
from collections.abc import Callable
from typing import Any

from bot.playground.botapi import FakeTelegram, Message
from bot.store import Store
from engine.smashup.models import SmashUpOptions, SmashUpState
from tests.e2e.table import Table, code_of, press_until
from tests.engine.smashup_helpers import Table as SmashUpHelper

GROUP = -100_555
ANN, BORIS, CARL, DINA = 5001, 5002, 5003, 5004
NAMES = {
    "ru": {ANN: "Анна", BORIS: "Борис", CARL: "Карл", DINA: "Дина"},
    "en": {ANN: "Ann", BORIS: "Boris", CARL: "Carl", DINA: "Dina"},
}
MARK = "💥"  # the lobby, the board and every hand begin with the game's emoji


class SmashUpTable(Table):
    mark = MARK


def world(api: FakeTelegram, lang: str, players: list[int]) -> SmashUpTable:
    api.add_group(GROUP, "Замес у Анны" if lang == "ru" else "Ann's smash")
    for uid in players:
        api.add_user(uid, NAMES[lang][uid], lang)
    return SmashUpTable(api, GROUP)


async def open_table(t: SmashUpTable, players: list[int], options: tuple[str, ...] = ()) -> None:
    """Ann opens ``/new smashup``; everyone joins; Ann presses ``options`` and starts."""
    api = t.api
    for p in players:
        api.say(p, p, "/start")
        await t.until(lambda p=p: api.last_message(p), what=f"greeting {p}")
    api.say(ANN, GROUP, "/new smashup")
    await t.until(t.board, what="the lobby")
    for p in players:
        assert (await t.press_code(p, t.board(), "j"))["text"]
    for code in options:
        said = (await t.press_code(ANN, t.board(), "o" + code))["text"]
        assert said.startswith(("Set: ", "Выбрано: ")), said  # its new value, at once
    assert (await t.press_code(ANN, t.board(), "g"))["text"] == ""
    await t.until(lambda: t.board() and not t.find(t.board(), "j"), what="the board")


# --- a simulated person ---------------------------------------------------------------------------


def kind(code: str) -> str:
    """What a button does: ``=c`` a card picked, ``=f`` a faction to read, ``!`` a
    prompt's answer, else the action's type (play, talent, end, leave)."""
    if code.startswith("="):
        return code[:2]
    return "!" if code.startswith("!") else code.split(".")[0]


def choose(t: SmashUpTable, user: int, rnd: random.Random) -> tuple[Message, dict[str, Any]] | None:
    """What a person presses: a question's answer (or «Done»/«Pass»), where the
    picked card goes, a card to pick, now and then a talent, else «End turn»."""
    hand = t.hand(user)
    if hand is None:
        return None
    found = t.buttons(hand)
    if not found:
        return None
    by_code = {code_of(b): b for b in found}
    answers = [b for c, b in by_code.items() if re.fullmatch(r"!\d+[:+].+", c)]
    done = [b for c, b in by_code.items() if c.startswith("!") and c.endswith((".ok", ".skip"))]
    if done and (not answers or rnd.random() < 0.3):
        return hand, done[0]
    if answers:
        return hand, rnd.choice(answers)
    plays = [b for c, b in by_code.items() if kind(c) == "play"]
    if plays:
        return hand, rnd.choice(plays)
    talents = [b for c, b in by_code.items() if kind(c) == "talent"]
    if talents and rnd.random() < 0.3:
        return hand, rnd.choice(talents)
    cards = [b for c, b in by_code.items() if re.fullmatch(r"=c\d+", c) and b["text"].startswith("✅")]
    if cards and rnd.random() < 0.9:
        return hand, rnd.choice(cards)
    if "end" in by_code:
        return hand, by_code["end"]
    if cards:
        return hand, rnd.choice(cards)
    if "=" in by_code:  # a card that can't be played now: back to the hand
        return hand, by_code["="]
    return None


async def play(
    t: SmashUpTable,
    players: list[int],
    until: Callable[[], bool],
    seed: int,
    timeout: float = 240.0,
) -> dict[str, int]:
    """Everyone presses what their hand shows (again only once it has changed)
    until ``until()``; every press is answered."""
    return await press_until(t, players, choose, kind, until, seed, timeout)


def over(t: SmashUpTable) -> bool:
    return "🏆" in t.board_text()


def final_message(t: SmashUpTable) -> str:
    found = [m.text for m in t.api.messages[GROUP].values() if m.text.startswith("🏆")]
    return found[-1] if found else ""


# --- the games --------------------------------------------------------------------------------------


async def test_two_players_draft_and_play_to_the_winner_in_russian(
    api: FakeTelegram, bot_factory: Any
) -> None:
    """The draft in private (the order on the board), cards played by two taps,
    bases scored with a message each, 10 VP and the winner announced."""
    players = [ANN, BORIS]
    t = world(api, "ru", players)
    await bot_factory(lang="ru")
    api.say(ANN, GROUP, "/rules замес")
    await t.until(lambda: any("Замес коротко" in m.text for m in api.messages[GROUP].values()), what="rules")
    await open_table(t, players, options=("g",))  # 15 → 10 VP
    assert "Выбор фракций" in t.board_text()
    picker = await t.until(
        lambda: next((p for p in players if t.find(t.hand(p), lambda c: c.startswith("=f"))), None),
        what="the picker's factions",
    )
    assert "Котики" in t.hand_text(picker)
    seen = await play(t, players, lambda: over(t), seed=1)
    assert seen.get("=c", 0) >= 4 and seen.get("play", 0) >= 4, seen
    assert t.posts("🚩 <b>Захват"), "every base scored gets a message"
    await t.until(lambda: final_message(t), what="the winners announced")
    assert api.violations == [], api.violations
    assert not api.pending_queries, "every press is answered"


async def test_three_players_in_english_survive_a_kill_9_mid_turn(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Random factions; the bot is killed mid-game (Redis keeps the table): the
    next one picks the game up where it stood and it is played out."""
    players = [ANN, BORIS, CARL]
    t = world(api, "en", players)
    bot = await bot_factory(redis_url=redis_url)
    await open_table(t, players, options=("d", "g"))  # random factions, 10 VP
    t0 = time.monotonic()
    first = await play(t, players, lambda: time.monotonic() - t0 > 4, seed=2)
    assert sum(first.values()) >= 4, first
    await bot.stop(signal.SIGKILL)
    await bot_factory(redis_url=redis_url)
    await play(t, players, lambda: over(t), seed=3)
    await t.until(lambda: final_message(t), what="the winners announced")
    assert api.violations == [], api.violations
    assert not api.pending_queries, "every press is answered"


async def test_four_players_play_to_the_winner(api: FakeTelegram, bot_factory: Any) -> None:
    """The largest table: four people draft (the snake order on the board) and
    play to 10 VP; every screen within Telegram's limits, every press answered."""
    players = [ANN, BORIS, CARL, DINA]
    t = world(api, "en", players)
    await bot_factory()
    await open_table(t, players, options=("g",))
    assert t.board_text().count("→") == 7, t.board_text()
    seen = await play(t, players, lambda: over(t), seed=5)
    assert seen.get("play", 0) >= 8, seen
    assert t.posts("🚩"), "bases scored"
    await t.until(lambda: final_message(t), what="the winners announced")
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_a_player_leaves_and_the_others_play_on(api: FakeTelegram, bot_factory: Any) -> None:
    """«Leave» asks to confirm; the board says who left, the game goes on to a winner."""
    players = [ANN, BORIS, CARL]
    t = world(api, "en", players)
    await bot_factory()
    await open_table(t, players, options=("d", "g"))
    hand = await t.until(lambda: t.find(t.hand(CARL), "=~leave") and t.hand(CARL), what="Carl's «Leave»")
    assert (await t.press_code(CARL, hand, "=~leave"))["text"] == ""
    await t.until(lambda: "Leave this game" in t.hand_text(CARL), what="the confirmation")
    assert (await t.press_code(CARL, t.hand(CARL), "leave"))["text"] == ""
    await t.until(lambda: "(left)" in t.board_text(), what="the board says who left")
    await play(t, [ANN, BORIS], lambda: over(t), seed=4)
    assert "You have left" in t.hand_text(CARL) or "over" in t.hand_text(CARL)
    assert api.violations == [], api.violations
    assert not api.pending_queries


# --- a prepared position: Me First! with a Special, Madness drawn and counted -----------------------


async def position(t: SmashUpTable, redis_url: str, build: Callable[[], SmashUpState]) -> SmashUpState:
    """Replace the running game's state with a prepared one (same seats); /board shows it."""
    store = Store.from_url(redis_url)
    try:
        session, version = await store.load(GROUP)
        assert session is not None and session.state is not None
        state = build()
        state.seq = session.state.seq + 1
        state.clock_ms = int(time.time() * 1000)
        session.state = state
        session.log = []
        session.drafts = {}
        session.selected = {}
        await store.save(session, version)
        if state.deadline_ms is not None:  # the bot arms timers on its own changes: this one is ours
            await store.set_timer(GROUP, state.deadline_ms)
    finally:
        await store.close()
    boards = len([m for m in t.api.messages[GROUP].values() if m.text.startswith(MARK)])
    t.api.say(ANN, GROUP, "/board")
    await t.until(
        lambda: len([m for m in t.api.messages[GROUP].values() if m.text.startswith(MARK)]) > boards,
        what="a fresh board",
    )
    return state


async def test_me_first_with_a_special_and_madness_drawn_and_counted(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Ann draws a Madness card (The Seal Is Broken) holding one already and ends
    her turn with a base full of her minions; in the Me First! window Boris plays
    his Special; the base scores in a message of its own; at 10 VP the game ends
    and Ann's two Madness cards cost her 1 VP."""
    players = [ANN, BORIS]
    t = world(api, "en", players)
    await bot_factory(redis_url=redis_url)
    await open_table(t, players, options=("g",))
    uids: dict[str, int] = {}

    def build() -> SmashUpState:
        table = SmashUpHelper(
            {ANN: ["minions-of-cthulhu", "princesses"], BORIS: ["kitty-cats", "fairies"]},
            bases=["pony-paradise", "enchanted-glade", "beautiful-castle"],
            madness=True,
            options=SmashUpOptions(goal=10, turn_timer_ms=0, response_timer_ms=0),
            vp={ANN: 8, BORIS: 2},
        )
        for card in ("apricot", "eliza", "griselda", "servitor"):
            table.minion(ANN, card, base=0)
        table.minion(BORIS, "muffin", base=0)
        uids["seal"] = table.hand(ANN, "the-seal-is-broken")
        table.hand(ANN, "madness")
        uids["special"] = table.hand(BORIS, "can-has-cheeseburger")
        return table.state

    await position(t, redis_url, build)
    hand = await t.until(lambda: t.find(t.hand(ANN), f"=c{uids['seal']}") and t.hand(ANN), what="the seal")
    assert (await t.press_code(ANN, hand, f"=c{uids['seal']}"))["text"] == ""
    await t.until(lambda: "Where does it go" in t.hand_text(ANN), what="the card's targets")
    assert (await t.press_code(ANN, t.hand(ANN), lambda c: c.startswith("play.")))["text"] == ""
    await t.until(lambda: "Madness card" in t.board_text(), what="the Madness card drawn")
    assert (await t.press_code(ANN, t.hand(ANN), "end"))["text"] == ""
    special = f":{uids['special']}"
    played = seen_special = False
    deadline = time.monotonic() + 60
    while not over(t):
        assert time.monotonic() < deadline, t.board_text()
        for p in players:
            msg = t.hand(p)
            if not played and t.find(msg, lambda c: c.endswith(special)):
                assert (await t.press_code(p, msg, lambda c: c.endswith(special)))["text"] == ""
                played = True
                continue
            for code in (
                lambda c: c.endswith(".skip"),
                lambda c: c.endswith(".ok"),
                lambda c: c.startswith("!"),
            ):
                if t.find(msg, code):
                    await t.press_code(p, msg, code)
                    break
        await t.api.next_change(GROUP, 0.1)
        if played and not seen_special:
            seen_special = "Me first! Boris plays" in t.board_text()
    assert played and seen_special, "Boris was offered his Special and played it"
    scored = t.posts("🚩")
    assert scored and "Pony Paradise" in scored[0] and "first place" in scored[0], scored
    await t.until(lambda: final_message(t), what="the winners announced")
    assert "Ann" in final_message(t)
    assert "Ann holds Madness cards (2): -1 VP." in t.board_text()
    ranked = final_message(t).splitlines()
    assert any(line.startswith("🏆 Ann — ") and line.endswith(" VP") for line in ranked), ranked
    assert api.violations == [], api.violations
    assert not api.pending_queries


async def test_a_player_whose_turns_run_out_twice_is_told_in_the_group_and_in_private(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Short timers (a prepared position): nobody presses; each turn times out
    with nothing played, and the second in a row of a player is announced."""
    players = [ANN, BORIS]
    t = world(api, "en", players)
    await bot_factory(redis_url=redis_url)
    await open_table(t, players)

    def build() -> SmashUpState:
        state = SmashUpHelper(
            {ANN: ["kitty-cats", "fairies"], BORIS: ["princesses", "mythic-horses"]},
            options=SmashUpOptions(turn_timer_ms=1_000, response_timer_ms=1_000),
        ).state
        state.deadline_ms = int(time.time() * 1000) + 1_000
        return state

    await position(t, redis_url, build)
    await t.until(lambda: any("Ann has let two turns" in m for m in t.posts("⏰")), what="the table told")
    await t.until(lambda: "Two of your turns ran out" in t.hand_text(ANN), what="Ann told in private")
    assert api.violations == [], api.violations


async def test_a_long_name_is_short_on_its_button_and_whole_in_the_text(
    api: FakeTelegram, redis_url: str, bot_factory: Any
) -> None:
    """Issue 44: Anna holds «Звёздное отродье Ктулху»; her hand's text lists it by its
    full name while its button (two a row) shows the short form, uncut; picked, the
    card's targets name Miskatonic University by its short form, the board in full."""
    from bot import sizing
    from bot.i18n import Translator

    words = Translator()
    players = [ANN, BORIS]
    t = world(api, "ru", players)
    await bot_factory(redis_url=redis_url, lang="ru")
    await open_table(t, players)
    uids: dict[str, int] = {}

    def build() -> SmashUpState:
        table = SmashUpHelper(
            {ANN: ["minions-of-cthulhu", "princesses"], BORIS: ["kitty-cats", "fairies"]},
            bases=["miskatonic-university", "pony-paradise", "enchanted-glade"],
            options=SmashUpOptions(turn_timer_ms=0, response_timer_ms=0),
        )
        uids["spawn"] = table.hand(ANN, "star-spawn")
        return table.state

    await position(t, redis_url, build)
    card = f"=c{uids['spawn']}"
    hand = await t.until(lambda: t.find(t.hand(ANN), card) and t.hand(ANN), what="the star-spawn in hand")
    full, short = words("ru", "smashup-card-star-spawn"), words("ru", "smashup-card-star-spawn.button")
    button = t.find(hand, card)
    assert button is not None and full in hand.text
    assert short in button["text"] and full not in button["text"], button["text"]
    assert len(button["text"]) <= sizing.label_max(2) and sizing.CUT not in button["text"]
    assert (await t.press_code(ANN, hand, card))["text"] == ""
    await t.until(lambda: t.find(t.hand(ANN), lambda c: c.startswith("play.")), what="the card's targets")
    targets = [b["text"] for b in t.buttons(t.hand(ANN)) if code_of(b).startswith("play.")]
    base = words("ru", "smashup-base-miskatonic-university")
    base_short = words("ru", "smashup-base-miskatonic-university.button")
    assert any(base_short in label for label in targets) and not any(base in label for label in targets)
    assert all(len(label) <= sizing.ROW_MAX for label in targets), targets
    assert base in t.board_text() and full in t.hand_text(ANN)
    assert api.violations == [], api.violations
