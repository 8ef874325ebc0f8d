"""The Mini App in a real browser, from the playground: a private hand's «🃏 Open cards»
opens the page in a frame as Telegram Web does (``tgWebAppData`` signed with the
playground's token), and people play by tapping the cards drawn there.

Every wait is on a page (its table's version, a selector), never a sleep.
"""

from __future__ import annotations

import os
from typing import Any

from tests.browser.test_playground import ANN, BORIS, DOCS, be, chat, latest, press, press_and_redraw, type_in

SHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")  # set: the README's pictures are taken anew

# One look at the Mini App: the symbols of the cards on the table, and a symbol of the
# player's own card that is among them, tapped — once per version of the table.
TAP = r"""(done) => {
    const version = document.body.dataset.version || "";
    if (!version || version === done) return null;
    const glyphs = (el) => [...el.querySelectorAll("text")].map((t) => t.textContent.trim()).filter(Boolean);
    const centre = new Set([...document.querySelectorAll(".table-row .piece")].flatMap(glyphs));
    const mine = [...document.querySelectorAll(".hand-row .piece [data-tap]")];
    const right = mine.find((el) => glyphs(el).some((g) => centre.has(g)));
    if (!right) return null;
    right.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return version;
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
        press(page, lobby, "j")
        chat(page, person).locator(".msg.bot", has_text="You're at the table").wait_for()
    be(page, ANN)
    press(page, lobby, "g")


def open_in_frame(page: Any, person: int) -> Any:
    """«🃏 Open cards» on the person's hand: the Mini App in the playground's frame."""
    hand = latest(page, person, "👀")
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
    tab.goto(launch)
    tab.wait_for_selector("#table:not([hidden])")
    return tab


def tap_until(final: Any, apps: dict[int, Any]) -> None:
    """Each person taps a symbol they see on the table, once per table, until ``final`` is there."""
    from playwright.sync_api import TimeoutError as Later

    done: dict[int, str | None] = {}
    while not final.count():
        for who, app in apps.items():
            tapped = app.evaluate(TAP, done.get(who))
            if tapped is not None:
                done[who] = tapped
        for who, app in apps.items():  # then wait until a page shows a new table
            if final.count():
                return
            try:
                app.wait_for_function(NEWER, arg=done.get(who) or "", timeout=1000)
                break
            except Later:  # not this one (yet): the other's
                continue


NEWER = "v => (document.body.dataset.version || '') !== v"


def test_a_dobble_game_played_in_the_mini_app_to_its_winner(page: Any) -> None:
    dobble_table(page)
    ann, boris = open_in_frame(page, ANN), open_in_tab(page, BORIS)
    assert ann.evaluate("document.title") == "🃏"
    assert ann.locator(".hand-row .piece [data-tap]").count() >= 6  # each symbol of her card a tap
    if SHOTS:
        DOCS.mkdir(exist_ok=True)
        boris.screenshot(path=str(DOCS / "miniapp-dobble.png"))
    final = latest(page, "group", "🏆")
    tap_until(final, {ANN: ann, BORIS: boris})
    words = final.locator(".text").inner_text()
    assert "Dobble:" in words and "wins!" in words, words
    boris.wait_for_function("() => /Game over/.test(document.querySelector('#board').innerText)")
