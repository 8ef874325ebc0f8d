"""The Mini App on a phone (360 px wide): every game's cards readable (their text at
least 12 px as rendered, two columns at most), a Smash Up card opened large by a tap
with its plays, and the hand's text not listing the cards the page draws.

Every wait is on a page (a selector, a function), never a sleep.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as Later

from tests.browser.test_miniapp import open_in_tab
from tests.browser.test_playground import (
    ANN,
    BORIS,
    be,
    chat,
    join_in_private,
    latest,
    press_and_redraw,
    type_in,
)

PHONE = {"width": 360, "height": 740}
GAMES = {"svintus": ("🐷", ()), "dobble": ("👀", ()), "candy": ("🍬", ()), "smashup": ("💥", ("od",))}

# Each text of the hand's cards: its font size as rendered (the computed size times the
# SVG's scale on the screen), and in how many columns the cards stand.
MEASURE = r"""() => {
    const texts = [...document.querySelectorAll(".hand-row .piece svg text")]
        .filter((t) => t.textContent.trim());
    const px = texts.map((t) => {
        const m = t.getScreenCTM();
        return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) };
    });
    const lefts = new Set([...document.querySelectorAll(".hand-row .piece")]
        .map((p) => Math.round(p.getBoundingClientRect().left)));
    return { least: px.reduce((a, b) => (b.px < a.px ? b : a), { text: "", px: 1e9 }), count: px.length,
             columns: lefts.size, wide: document.documentElement.scrollWidth };
}"""


# The least font size, as rendered, of the card opened large.
LARGEST_LEAST = (
    "() => Math.min(...[...document.querySelectorAll('#card .large svg text')].map((t) => "
    "parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b)))"
)


def start(page: Any, game: str) -> None:
    """Ann and Boris at a table of ``game``, started (Smash Up: factions at random)."""
    mark, options = GAMES[game]
    be(page, ANN)
    type_in(page, "group", f"/new {game}")
    lobby = latest(page, "group", mark)
    lobby.wait_for()
    for option in options:
        press_and_redraw(page, lobby, option)
    for person in (ANN, BORIS):
        be(page, person)
        join_in_private(page, lobby, person)
        chat(page, person).locator(".msg.bot", has_text="You're at the table").wait_for()
    be(page, ANN)
    answers = page.evaluate("window.playground.answers || 0")
    lobby.locator(".key[data-callback^='l|'][data-callback$='|g']").click()  # «Start» (not an option)
    page.wait_for_function("n => (window.playground.answers || 0) > n", arg=answers)
    chat(page, ANN).locator(".key[data-web-app]").last.wait_for()


def phone(page: Any, person: int) -> Any:
    tab = open_in_tab(page, person)
    tab.set_viewport_size(PHONE)
    tab.wait_for_selector(".hand-row .piece svg text")
    return tab


def test_every_games_cards_are_readable_on_a_phone(page: Any) -> None:
    for game in GAMES:
        start(page, game)
        tab = phone(page, ANN)
        seen = tab.evaluate(MEASURE)
        assert seen["count"] > 0, (game, seen)
        assert seen["least"]["px"] >= 12, (game, seen)
        assert 1 <= seen["columns"] <= 2, (game, seen)
        assert seen["wide"] <= PHONE["width"], (game, seen)  # nothing wider than the phone
        tab.close()
        type_in(page, "group", "/stop")  # (answered before the next /new)


# A Smash Up page's next step to a card that can be played: a prompt's first answer
# («Keep the hand»…) — or nothing, when a card can be played.
READY = r"""() => {
    if (document.querySelector(".hand-row .piece.opens.tappable")) return true;
    const answer = document.querySelector("#hand .keys button[data-press^='p|']");
    if (answer && !answer.dataset.tried) { answer.dataset.tried = "1"; answer.click(); }
    return false;
}"""


def test_a_smashup_card_opens_large_with_its_plays(page: Any) -> None:
    start(page, "smashup")
    tabs = [phone(page, ANN), phone(page, BORIS)]
    ready = []
    for _ in range(30):  # whoever's turn it is, past the mulligan's question
        for tab in tabs:
            try:
                tab.wait_for_function(READY, timeout=2000)
                ready.append(tab)
            except Later:  # not this one (yet): the other's
                continue
        if ready:
            break
    assert ready, [tab.locator("body").inner_text() for tab in tabs]
    tab = ready[0]
    # the hand's text does not list the cards drawn under it, nor a button per card
    hand = tab.locator("#hand .text").inner_text()
    assert "Your hand" not in hand, hand
    names = tab.evaluate(
        "() => [...document.querySelectorAll('.hand-row .piece')]"
        ".map((p) => p.getAttribute('aria-label').split(' (')[0])"
    )
    keys = tab.locator("#hand .keys button").all_inner_texts()
    assert not [k for k in keys if any(n in k for n in names)], (names, keys)
    assert tab.locator("#hand .keys button", has_text="End turn").count() == 1  # what no card offers stays
    # a tap opens the card large: its whole text readable, its plays as buttons
    key = tab.locator(".hand-row .piece.opens.tappable").first.get_attribute("data-key")
    card = tab.locator(f".hand-row .piece[data-key='{key}']")  # (a label may hold quotes)
    label = card.get_attribute("aria-label")
    card.click()
    sheet = tab.locator("#card:not([hidden])")
    sheet.wait_for()
    assert sheet.locator(".large").get_attribute("aria-label") == label
    big = tab.evaluate(LARGEST_LEAST)
    assert big >= 12, big
    plays = sheet.locator(".choices button")
    assert plays.count() >= 1
    assert all(t.startswith("▶") for t in plays.all_inner_texts()), plays.all_inner_texts()
    # «Back» returns to the grid, the card still in the hand
    sheet.locator(".cancel").click()
    tab.wait_for_selector("#card", state="hidden")
    assert card.count() == 1
    # a play pressed from the large card: the card leaves the hand (a minion that draws
    # one keeps the hand's size), the sheet closes
    version = tab.evaluate("() => document.body.dataset.version")
    card.click()
    sheet.locator(".choices button").first.click()
    tab.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    card.wait_for(state="detached")
    assert tab.locator("#card").is_hidden()


def test_a_smashup_base_opens_large_with_its_whole_text(page: Any) -> None:
    """A base on the table is a card too: drawn small beside the others, a tap opens
    it large, its name, whole text and the minions on it readable on a phone."""
    start(page, "smashup")
    tab = phone(page, ANN)
    base = tab.locator("#board .piece.opens").first
    base.wait_for()
    label = base.get_attribute("aria-label")
    base.click()
    sheet = tab.locator("#card:not([hidden])")
    sheet.wait_for()
    assert sheet.locator(".large").get_attribute("aria-label") == label
    assert tab.evaluate(LARGEST_LEAST) >= 12
    words = sheet.locator(".large svg").inner_html()
    assert "…" not in words, words
    sheet.locator(".cancel").click()
    tab.wait_for_selector("#card", state="hidden")
