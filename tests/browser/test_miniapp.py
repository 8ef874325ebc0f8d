"""The Mini App in a real browser, from the playground: a private hand's «🃏 Open cards»
opens the page in a frame as Telegram Web does (``tgWebAppData`` signed with the
playground's token), and people play by tapping the cards drawn there.

Every wait is on a page (its table's version, a selector), never a sleep.
"""

from __future__ import annotations

import os
from typing import Any

from playwright.sync_api import TimeoutError as Later

from tests.browser.test_playground import (
    ANN,
    BORIS,
    DOCS,
    be,
    chat,
    join_in_private,
    latest,
    press,
    press_and_redraw,
    type_in,
)

SHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")  # set: the README's pictures are taken anew

# One look at the Mini App: the symbols of the centre card, and a symbol of another card
# the player may spot (their own, or one around the centre) that is among them, tapped —
# once per version of the table.
TAP = r"""() => {
    const glyphs = (el) => [...el.querySelectorAll("text")].map((t) => t.textContent.trim()).filter(Boolean);
    const centre = new Set([...document.querySelectorAll("svg.dobble-centre")].flatMap(glyphs));
    const taps = [...document.querySelectorAll(".piece [data-tap]")]
        .filter((el) => !el.closest(".dobble-centre"));
    const right = taps.find((el) => glyphs(el).some((g) => centre.has(g)));
    if (!right) return false;
    right.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return true;
}"""


def dobble_table(page: Any) -> None:
    """A quick Dobble game of Ann and Boris, started (Catch Them All, 3 rounds, 1 s countdown)."""
    type_in(page, "group", "/new dobble")
    lobby = latest(page, "group", "👀")
    lobby.wait_for()
    press_and_redraw(page, lobby, "om")
    for _ in range(3):
        press_and_redraw(page, lobby, "ol")
    for _ in range(2):
        press_and_redraw(page, lobby, "oc")
    for person in (ANN, BORIS):
        be(page, person)
        join_in_private(page, lobby, person)
        chat(page, person).locator(".msg.bot", has_text="You're at the table").wait_for()
    be(page, ANN)
    press(page, lobby, "g")


def open_in_frame(page: Any, person: int, mark: str = "👀") -> Any:
    """«🃏 Open cards» on the person's hand: the Mini App in the playground's frame."""
    hand = latest(page, person, mark)
    hand.locator(".key[data-web-app]").wait_for()
    hand.locator(".key[data-web-app]").click()
    frame = page.frame_locator("#miniapp iframe")
    frame.locator("#table:not([hidden])").wait_for()
    return page.frames[-1]


def open_in_tab(page: Any, person: int) -> Any:
    """The same page for another person, in a tab of its own (as their own phone)."""
    button = page.locator(f"section.chat[data-chat='{person}'] .key[data-web-app]").last
    url = button.get_attribute("data-web-app")
    launch = page.evaluate(
        """async ([person, url]) => {
            const r = await fetch("/api/webapp", {
                method: "POST", headers: {"Content-Type": "application/json"},
                body: JSON.stringify({user: person}),
            });
            const {initData} = await r.json();
            return url + "#" + new URLSearchParams({tgWebAppData: initData, tgWebAppVersion: "8.0",
                                                    tgWebAppPlatform: "web"}).toString();
        }""",
        [person, url],
    )
    tab = page.context.new_page()
    tab.set_viewport_size({"width": 420, "height": 900})  # a phone
    tab.goto(launch)
    tab.wait_for_selector("#table:not([hidden])")
    return tab


VERSION = "() => document.body.dataset.version || ''"
NEWER = "v => (document.body.dataset.version || '') !== v"


def play_until(over: Any, apps: dict[int, Any], act: str) -> None:
    """Each person acts (``act``: a script pressing what they would press) on every new
    table their page shows, until ``over`` is there; a table that stays the same for a
    few seconds is acted on again (a press refused, or one too many in a second)."""
    seen = dict.fromkeys(apps, "")
    quiet = 0
    while not over.count():
        for who, app in apps.items():
            version = app.evaluate(VERSION)
            if version and (version != seen[who] or quiet >= 3):
                seen[who] = version
                app.evaluate(act)
        if newer(apps, seen, over):
            quiet = 0
        else:
            quiet += 1
            assert quiet < 60, {who: app.locator("body").inner_text() for who, app in apps.items()}


def newer(apps: dict[int, Any], seen: dict[int, str], over: Any) -> bool:
    """Whether a page shows a table its person has not looked at (within a second each)."""
    for who, app in apps.items():
        if over.count():
            return True
        try:
            app.wait_for_function(NEWER, arg=seen[who], timeout=1000)
            return True
        except Later:  # not this one (yet): the other's
            continue
    return False


def test_a_dobble_game_played_in_the_mini_app_to_its_winner(page: Any) -> None:
    dobble_table(page)
    ann, boris = open_in_frame(page, ANN), open_in_tab(page, BORIS)
    assert ann.evaluate("document.title") == "🃏"
    ann.locator(".piece [data-tap]").first.wait_for()  # the countdown over: cards up
    assert ann.locator(".piece [data-tap]").count() >= 8  # each symbol of each card around a tap
    if SHOTS:
        DOCS.mkdir(exist_ok=True)
        boris.screenshot(path=str(DOCS / "miniapp-dobble.png"))
    final = latest(page, "group", "🏆")
    play_until(final, {ANN: ann, BORIS: boris}, TAP)
    words = final.locator(".text").inner_text()
    assert "Dobble:" in words and "wins!" in words, words
    boris.wait_for_function("() => /Game over/.test(document.querySelector('#board').innerText)")


# A Svintus player's look at their page: a race or «Svintus!» first, then a card to play
# (a tap on it), then a prompt's first answer, then taking the cards, drawing or passing.
PLAY = r"""() => {
    const keys = [...document.querySelectorAll("#hand .keys button[data-press]")];
    const key = (re) => keys.find((k) => re.test(k.dataset.press));
    const card = document.querySelector(".hand-row .piece [data-tap]");
    const next = key(/\|(slap|declare)$/) || card || keys.find((k) => /^p\|/.test(k.dataset.press))
        || key(/\|accept$/) || key(/\|draw$/) || key(/\|pass$/);
    if (!next) return false;
    next.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return true;
}"""


def test_a_svintus_round_played_in_the_mini_app_in_russian(page: Any) -> None:
    for person in (ANN, BORIS):  # both speak Russian: their pages do too
        page.locator(f".person[data-id='{person}'] .lang").click()
        page.wait_for_selector(f".person[data-id='{person}'] .lang:text-is('RU')")
    type_in(page, "group", "/new svintus")
    lobby = latest(page, "group", "🐷")
    lobby.wait_for()
    for person in (ANN, BORIS):
        be(page, person)
        join_in_private(page, lobby, person)
        chat(page, person).locator(".msg.bot", has_text="Вы за столом").wait_for()
    be(page, ANN)
    for _ in range(2):  # the turn timer 30 s -> 60 s -> off: only the taps move the game
        press_and_redraw(page, lobby, "om")
    press(page, lobby, "g")
    ann, boris = open_in_frame(page, ANN, "🐷"), open_in_tab(page, BORIS)
    assert "Свинтус" in ann.locator("#title").inner_text()
    if SHOTS:
        boris.screenshot(path=str(DOCS / "miniapp-svintus.png"))
    over = chat(page, "group").locator(".msg.bot", has_text="🏁")
    apps = {ANN: ann, BORIS: boris}
    play_until(over, apps, PLAY)
    for app in apps.values():  # the round's end, in each page's words
        app.wait_for_function("() => /Раунд/.test(document.querySelector('#hand').innerText)")


# An emoji drawn black on white: a colour emoji font paints it in colours; without one
# Chromium draws a box (or a black outline) — only greys.
COLOURED = r"""() => {
    const c = document.createElement("canvas");
    c.width = c.height = 64;
    const g = c.getContext("2d");
    g.fillStyle = "#fff"; g.fillRect(0, 0, 64, 64);
    g.fillStyle = "#000"; g.font = "48px sans-serif"; g.textBaseline = "top";
    g.fillText("🐷", 4, 4);
    const px = g.getImageData(0, 0, 64, 64).data;
    let coloured = 0;
    for (let i = 0; i < px.length; i += 4) {
        if (Math.max(px[i], px[i + 1], px[i + 2]) - Math.min(px[i], px[i + 1], px[i + 2]) > 40) coloured++;
    }
    return coloured;
}"""


def test_emoji_are_drawn_in_colour_not_as_boxes(browser: Any) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.set_content("<!doctype html><meta charset='utf-8'><body></body>")
        coloured = page.evaluate(COLOURED)
    finally:
        context.close()
    assert coloured > 100, (
        f"{coloured} coloured pixels in an emoji: Chromium has no colour emoji font "
        "(apt-get install fonts-noto-color-emoji; .ci/run installs it)"
    )
