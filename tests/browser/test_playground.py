"""The playground as a person uses it: a browser on the page, typing and pressing.

Every wait is on the page (a selector, or the page's change counter
``window.playground.version``), never a sleep.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

ANN, BORIS = 1001, 1002
DOCS = Path(__file__).resolve().parents[2] / "docs"
SHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")  # set: the README's screenshots are taken anew

# A person's look at their hand: the centre card's symbols (bold rows), and the button of
# a symbol on it, clicked at once unless this version of the hand was pressed already
# (in one go: the hand may be redrawn for the next card at any moment).
SPOT = r"""(row, done) => {
    const version = row.dataset.id + "." + row.dataset.edits;
    if (version === done) return null;
    const centre = [...row.querySelectorAll('.text b')]
        .flatMap((b) => b.textContent.split(/\s+/)).filter(Boolean);
    const keys = [...row.querySelectorAll('.key[data-callback*="|spot."]')];
    const right = keys.find((k) => centre.includes(k.textContent.trim()));
    if (!right) return null;
    right.click();
    return version;
}"""


def chat(page: Any, who: int | str) -> Any:
    return page.locator("section.group" if who == "group" else f"section.chat[data-chat='{who}']")


def latest(page: Any, who: int | str, mark: str) -> Any:
    """The bot's latest message in a chat that begins with ``mark`` (a game's emoji)."""
    return (
        chat(page, who).locator(".msg.bot", has=page.locator(".text", has_text=re.compile("^" + mark))).last
    )


def type_in(page: Any, who: int | str, text: str) -> None:
    box = chat(page, who).locator(".composer input")
    box.fill(text)
    box.press("Enter")


def be(page: Any, person: int) -> None:
    """Switch who "I" am (the person who speaks and presses in the group)."""
    page.locator(f".person[data-id='{person}'] .name").click()
    page.wait_for_selector(f".person.me[data-id='{person}']")


def key(code: str) -> str:
    """The selector of the button named ``code`` in the tests' notation (``tests.codes``):
    a lobby option ``o<option>…`` is the data ``o|…|<option>…``; anything else ends so."""
    if code.startswith("o") and len(code) > 1:
        return f".key[data-callback^='o|'][data-callback$='|{code[1:]}']"
    if code == "~mine":  # the board's «🃏 My cards»
        return ".key[data-callback^='m|']"
    return f".key[data-callback$='|{code}']"


def press(page: Any, message: Any, code: str) -> None:
    """Press the button named ``code`` and wait until the bot has answered it."""
    answers = page.evaluate("window.playground.answers || 0")
    message.locator(key(code)).click()
    page.wait_for_function("n => (window.playground.answers || 0) > n", arg=answers)


def join_in_private(page: Any, lobby: Any, person: int) -> None:
    """``person`` ("me" now) presses «Join» (seated at once: their cards could show in the
    group) and, unless their private chat is open already, takes the lobby's offer of it:
    its link opens their chat with /start join_<group>, and their hand comes there."""
    started = chat(page, person).locator(".startbar").is_hidden()  # their private chat is open
    press(page, lobby, "j")
    if started:
        return  # seated, their hand comes in private already
    offer = lobby.locator("a[href*='start=join_']").first
    offer.wait_for()
    offer.click()
    chat(page, person).locator(".msg.out", has_text="/start join_").wait_for()


def press_and_redraw(page: Any, message: Any, code: str) -> None:
    """Press, and wait for the message to be edited (a lobby option taking effect)."""
    edits = int(message.get_attribute("data-edits"))
    mid = message.get_attribute("data-id")
    press(page, message, code)
    page.wait_for_selector(f"section.group .msg[data-id='{mid}'][data-edits='{edits + 1}']")


def test_a_dobble_game_in_the_browser_to_its_winner(page: Any) -> None:
    type_in(page, "group", "/new dobble")
    lobby = latest(page, "group", "👀")
    lobby.wait_for()
    assert "Dobble: gathering players" in lobby.inner_text()
    # Catch Them All, 3 rounds, a 1 s countdown: a whole game in a few seconds
    press_and_redraw(page, lobby, "om")
    for _ in range(3):  # rounds 5 -> 8 -> 12 -> 3
        press_and_redraw(page, lobby, "ol")
    for _ in range(2):  # countdown 3 -> 2 -> 1 s
        press_and_redraw(page, lobby, "oc")
    assert "Catch Them All lasts 3 rounds" in lobby.inner_text()

    # nobody has opened the bot yet: «Join» seats them (their cards could show in the group),
    # and the lobby offers the private chat's link, which opens it with /start join_<group>
    for person in (ANN, BORIS):
        be(page, person)
        press(page, lobby, "j")
        offer = lobby.locator("a[href*='start=join_']").first
        offer.wait_for()
        offer.click()
        chat(page, person).locator(".msg.out", has_text="/start join_").wait_for()
        chat(page, person).locator(".msg.bot", has_text="You're at the table").wait_for()
    page.wait_for_function(
        "() => /Ann/.test(document.querySelector('section.group').innerText) && "
        "/2\\. Boris/.test(document.querySelector('section.group').innerText)"
    )
    be(page, ANN)
    press(page, lobby, "g")

    # each finds the symbol the centre card shares and presses it, once per card
    final = latest(page, "group", "🏆")
    done: dict[int, str] = {}
    shot = False
    while not final.count():
        version = page.evaluate("window.playground.version")
        acted = False
        for person in (ANN, BORIS):
            hand = latest(page, person, "👀")
            if SHOTS and not shot and hand.count() and hand.locator(".key").count() > 1:
                screenshots(page, person)
                shot = True
            answers = page.evaluate("window.playground.answers || 0")
            pressed = hand.evaluate(SPOT, done.get(person)) if hand.count() else None
            if pressed is not None:
                done[person] = pressed
                page.wait_for_function("n => (window.playground.answers || 0) > n", arg=answers)
                acted = True
        if not acted:
            page.wait_for_function("v => window.playground.version > v", arg=version)
    words = final.locator(".text").inner_text()
    winner = re.fullmatch(r"🏆 👀 Dobble: (Ann|Boris) wins!", words.splitlines()[0])
    assert winner is not None, words
    assert f"🏆 {winner[1]}" in words and "2. " in words, words  # every player ranked
    latest(page, "group", "👀").filter(has_text="Game over").wait_for()


def screenshots(page: Any, person: int) -> None:
    """The README's pictures: the whole page, and one hand close up."""
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "playground-group.png"))
    chat(page, person).screenshot(path=str(DOCS / "playground-hand.png"))


def test_a_svintus_lobby_through_a_deep_link_in_russian_and_a_computer_seated(page: Any) -> None:
    type_in(page, "group", "/new svintus")
    lobby = latest(page, "group", "🐷")
    lobby.wait_for()
    # Boris speaks Russian: the page's own words follow him while he is "me", the bot's too
    page.locator(f".person[data-id='{BORIS}'] .lang").click()
    page.wait_for_selector(f".person[data-id='{BORIS}'] .lang:text-is('RU')")
    be(page, BORIS)
    assert chat(page, "group").locator(".hint").inner_text() == "группа · видят все"
    assert chat(page, BORIS).locator(".startbar .start").inner_text().lower() == "запустить"
    press(page, lobby, "j")  # seated; the lobby offers his private chat: its link says /start join_…
    offer = lobby.locator("a[href*='start=join_']").first
    offer.wait_for()
    offer.click()
    chat(page, BORIS).locator(".msg.out", has_text=re.compile(r"^/start join_-\d+")).wait_for()
    chat(page, BORIS).locator(".msg.bot", has_text="Вы за столом").wait_for()
    assert chat(page, BORIS).locator(".startbar").is_hidden()  # the chat is open now
    page.wait_for_function("() => /1\\. Boris/.test(document.querySelector('section.group').innerText)")
    # the creator's words stay English; a second press is answered «already at the table»
    be(page, ANN)
    assert chat(page, "group").locator(".hint").inner_text() == "group · everyone sees it"
    be(page, BORIS)
    answers = page.evaluate("window.playground.answers || 0")
    lobby.locator(".key[data-callback$='|j']").click()
    page.wait_for_function("n => (window.playground.answers || 0) > n", arg=answers)
    chat(page, "group").locator(".toast").first.wait_for()
    # the creator seats a computer player beside him from the lobby
    be(page, ANN)
    press(page, lobby, "ceasy")
    page.wait_for_function(
        "() => /2\\. 🤖 .* · novice/.test(document.querySelector('section.group').innerText)"
    )


def test_people_tabs_and_a_narrow_screen(page: Any) -> None:
    page.once("dialog", lambda d: d.accept("Zoe"))
    page.locator("#add").click()
    page.wait_for_selector(".person.me[data-id='1003']")
    page.locator(".person[data-id='1003'] .rename").click()
    page.wait_for_selector(".person[data-id='1003'] .name:text-is('Zoe')")
    chat(page, 1003).locator(".title:text-is('Zoe')").wait_for()
    type_in(page, 1003, "/help")  # Zoe opens her chat: the bot answers there
    chat(page, 1003).locator(".msg.bot").first.wait_for()
    # a phone: one chat at a time, tabs to switch
    page.set_viewport_size({"width": 390, "height": 800})
    assert page.locator("#tabs .tab").count() == 4
    assert chat(page, "group").is_visible() and not chat(page, 1003).is_visible()
    page.locator("#tabs .tab:text-is('Zoe')").click()
    assert chat(page, 1003).is_visible() and not chat(page, "group").is_visible()
    # news in a chat not shown marks its tab, until it is opened: Zoe (who opened the bot)
    # joins a table in the group, and the bot tells her in private
    page.locator("#tabs .tab").first.click()
    assert chat(page, "group").is_visible()
    type_in(page, "group", "/new dobble")
    lobby = latest(page, "group", "👀")
    lobby.wait_for()
    press(page, lobby, "j")
    page.locator("#tabs .tab.unread:text-is('Zoe')").wait_for()
    page.locator("#tabs .tab:text-is('Zoe')").click()
    assert page.locator("#tabs .tab.unread:text-is('Zoe')").count() == 0  # (the lobby may redraw meanwhile)
    chat(page, 1003).locator(".msg.bot", has_text="Your cards will arrive here").wait_for()


# The group's log: where it is scrolled, and the message at the top of its view.
LOG_PLACE = r"""() => {
    const log = document.querySelector("section.group .log");
    const top = log.getBoundingClientRect().top;
    const first = [...log.querySelectorAll(".msg")].find((m) => m.getBoundingClientRect().bottom > top + 1);
    return {
        top: log.scrollTop,
        room: log.scrollHeight - log.clientHeight,
        bottom: log.scrollHeight - log.scrollTop - log.clientHeight < 2,
        first: first ? first.dataset.id : null,
        offset: first ? Math.round(first.getBoundingClientRect().top - top) : null,
    };
}"""


def test_switching_who_i_am_keeps_the_group_scrolled_where_it_was(page: Any) -> None:
    for n in range(4):  # a long help each: more than the group's pane shows
        type_in(page, "group", "/help")
        page.wait_for_function(f"() => document.querySelectorAll('section.group .msg.bot').length > {n}")
    log = chat(page, "group").locator(".log")
    page.wait_for_function(
        r"() => { const l = document.querySelector('section.group .log');"
        " return l.scrollHeight > 3 * l.clientHeight; }"
    )
    at_bottom = page.evaluate(LOG_PLACE)
    assert at_bottom["bottom"], at_bottom
    be(page, BORIS)  # at the bottom: still at the bottom
    assert page.evaluate(LOG_PLACE)["bottom"], page.evaluate(LOG_PLACE)
    log.evaluate("l => { l.scrollTop = Math.round((l.scrollHeight - l.clientHeight) / 2); }")
    middle = page.evaluate(LOG_PLACE)
    assert 0 < middle["top"] < middle["room"], middle
    be(page, ANN)  # in the middle: the same message at the same place
    after = page.evaluate(LOG_PLACE)
    assert (after["first"], after["offset"]) == (middle["first"], middle["offset"]), (middle, after)


GROUP = -1_001_000_000_001  # the playground's group (bot.playground.server.GROUP)


@pytest.fixture
def boris_hand(tmp_path: Path) -> None:
    """The playground's chats on disk before it starts: Ann and Boris in the group, and a
    message in it that only Boris sees (the bot does not send them yet; the page shows them)."""
    keys = {"inline_keyboard": [[{"text": "🂡 Ace", "callback_data": "x|nothing", "style": "success"}]]}
    world = {
        "users": [
            {"id": ANN, "name": "Ann", "lang": "en", "started": False, "blocked": False},
            {"id": BORIS, "name": "Boris", "lang": "en", "started": False, "blocked": False},
        ],
        "groups": [{"id": GROUP, "title": "Playground", "admins": [ANN, BORIS]}],
        "messages": [],
        "said": [],
        "next_ids": {str(GROUP): 1},
        "ephemerals": [
            {
                "chat": GROUP,
                "receiver": BORIS,
                "id": 1,
                "text": "Boris's hand",
                "markup": keys,
                "date": time.time(),
                "html": False,
                "thread": None,
                "edits": 0,
                "after": 0,
            },
        ],
    }
    saved = tmp_path / "playground" / "chats.json"
    saved.parent.mkdir(parents=True)
    saved.write_text(json.dumps(world), "utf-8")


def test_an_ephemeral_message_shows_to_its_receiver_only(boris_hand: None, page: Any) -> None:
    hand = chat(page, "group").locator(".msg.ephemeral[data-receiver='1002']")
    hand.wait_for(state="attached")
    be(page, ANN)
    assert not hand.is_visible()  # Ann does not see Boris's message
    be(page, BORIS)
    hand.wait_for()
    assert hand.locator(".only").inner_text().strip().endswith("Only you can see this")
    assert "Boris's hand" in hand.inner_text()
    press(page, hand, "nothing")  # pressable: the bot gets the press, and answers it
    be(page, ANN)
    assert not hand.is_visible()


def test_a_hand_in_the_group_by_my_cards_seen_by_its_owner_only(page: Any) -> None:
    """Nobody opens the bot: both join and play from the group, where «🃏 My cards» on the
    board shows "me" my hand, marked as only I see it, and a card of it is played."""
    type_in(page, "group", "/new svintus")
    lobby = latest(page, "group", "🐷")
    lobby.wait_for()
    for person in (ANN, BORIS):
        be(page, person)
        press(page, lobby, "j")
    page.wait_for_function("() => /2\\. Boris/.test(document.querySelector('section.group').innerText)")
    be(page, ANN)
    press(page, lobby, "g")
    latest(page, "group", "🐷").locator(key("~mine")).wait_for()
    mid = latest(page, "group", "🐷").get_attribute("data-id")  # the board: hands come below it
    board = chat(page, "group").locator(f".msg.bot:not(.ephemeral)[data-id='{mid}']")
    hands = {}
    for person in (ANN, BORIS):
        be(page, person)
        press(page, board, "~mine")
        hands[person] = chat(page, "group").locator(f".msg.ephemeral[data-receiver='{person}']").last
        hands[person].wait_for()
        assert "Your cards (8)" in hands[person].inner_text()
        assert hands[person].locator(".only").inner_text().strip().endswith("Only you can see this")
    assert not hands[ANN].is_visible()  # "I" am Boris: Ann's hand is hers alone
    assert chat(page, ANN).locator(".msg.bot").count() == 0  # nothing in the private chats
