"""Lobby options of every shape, through the referee as a press arrives: a value
cycled by one button, a number with ➖ ➕, and a set of toggles opened as a
panel of the lobby (Smash Up's boxes and the factions to play with) — each
change checked by the engine, refused with its words, and only the creator's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot import buttons, games, screens
from bot.adapter import Adapter, Ctx, Cycle, Number, Toggles
from bot.buttons import BadButton, Seats, Setting
from bot.i18n import Translator
from bot.referee import Referee
from bot.session import Member, Session
from bot.store import Store
from engine.registry import get
from engine.smashup.cards import BOXES, FACTIONS
from tests.codes import notation, pressed

T = Translator()
CHAT = -100_555
ANN = Member(id=1, name="Ann", lang="en")
BOB = Member(id=2, name="Bob", lang="en")


def factions(options: Any) -> list[str]:
    boxes = options.boxes if options.boxes is not None else list(BOXES)
    return [f for f, d in FACTIONS.items() if d.box in boxes]


class SmashUpLobby(Adapter[Any, Any, Any, Any]):
    """Smash Up's lobby options, as its table offers them."""

    game = get("smashup")
    choices = (
        Toggles(
            "b", "boxes", "smashup-option-boxes", lambda o: list(BOXES), lambda c, b: c(f"smashup-box-{b}")
        ),
        Toggles("f", "factions", "smashup-option-factions", factions, lambda c, f: c(f"smashup-faction-{f}")),
        Number("g", "goal", 5, 30, lambda c, v: f"🏆 {v}"),
        Cycle("d", "draft", ("snake", "random"), lambda c, v: f"draft: {v}"),
    )


@pytest.fixture
def smashup_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real_get, real_names = games.get, games.names
    adapter = SmashUpLobby()
    monkeypatch.setattr(games, "get", lambda name: adapter if name == "smashup" else real_get(name))
    monkeypatch.setattr(games, "names", lambda: [*real_names(), "smashup"])
    yield


class StubBot:
    username = "lobbybot"


async def _lobby(redis_url: str) -> tuple[Referee, Store]:
    store = Store.from_url(redis_url)
    ref = Referee(StubBot(), store, T, "en")  # type: ignore[arg-type]
    ref.sender.refreshes.touch = lambda chat_id, slot: None  # type: ignore[method-assign]
    assert await ref.new_lobby(CHAT, "Table", ANN, "smashup") is None
    return ref, store


async def _press(ref: Referee, code: str, user: Member = ANN) -> str:
    session, _ = await ref.store.load(CHAT)
    assert session is not None
    press = pressed(CHAT, session.game_id, "-", code)
    assert isinstance(press.body, Seats | Setting)
    return (await ref.lobby_press(press, press.body, user)).text


async def _session(ref: Referee) -> Session:
    session, _ = await ref.store.load(CHAT)
    assert session is not None
    return session


def _codes(session: Session) -> list[str]:
    board = screens.draw_board(T, "en", session, "lobbybot")
    assert board.markup is not None
    return [notation(str(b.callback_data)) for row in board.markup.inline_keyboard for b in row]


def _labels(session: Session) -> list[str]:
    board = screens.draw_board(T, "en", session, "lobbybot")
    assert board.markup is not None
    return [b.text for row in board.markup.inline_keyboard for b in row]


async def test_a_set_of_toggles_opens_as_a_panel_and_each_press_turns_one(
    redis_url: str, smashup_table: None
) -> None:
    ref, store = await _lobby(redis_url)
    s = await _session(ref)
    assert "ob" in _codes(s) and "g" in _codes(s)
    assert "📦 Boxes: 2 of 2 ▸" in _labels(s) and "🧩 Factions: 8 of 8 ▸" in _labels(s)

    assert await _press(ref, "ob") == ""  # the boxes' panel: one button a box, and back
    s = await _session(ref)
    assert s.panel == "b" and _codes(s) == ["j", "x", "ob:0", "ob:1", "ob."]  # no «Start» meanwhile
    assert "✅ The Obligatory Cthulhu Set" in _labels(s)

    assert (
        await _press(ref, "ob:0") == "Set: ⬜ The Obligatory Cthulhu Set"
    )  # the Cthulhu box out, said at once
    s = await _session(ref)
    assert s.options["boxes"] == ["pretty-pretty"] and "⬜ The Obligatory Cthulhu Set" in _labels(s)
    assert await _press(ref, "ob:1") == T("en", "answer-option-least", count=1)  # not the last box
    assert (
        await _press(ref, "ob:0") == "Set: ✅ The Obligatory Cthulhu Set"
    )  # back in: all of them again, as the engine says it
    assert (await _session(ref)).options["boxes"] is None
    assert await _press(ref, "ob:0") == "Set: ⬜ The Obligatory Cthulhu Set"
    assert await _press(ref, "ob.") == ""  # done
    s = await _session(ref)
    assert s.panel == "" and "g" in _codes(s)
    assert "📦 Boxes: 1 of 2 ▸" in _labels(s) and "🧩 Factions: 4 of 4 ▸" in _labels(s)  # of that box

    # factions: down to two is fine; fewer, and the engine says why
    await _press(ref, "of")
    assert (await _press(ref, "of:0")).startswith("Set: ⬜ ") and (await _press(ref, "of:1")).startswith(
        "Set: ⬜ "
    )
    assert (await _session(ref)).options["factions"] == ["mythic-horses", "princesses"]
    refused = await _press(ref, "of:2")
    assert refused == T("en", "smashup-err-too-few-factions", count=2)
    assert (await _session(ref)).options["factions"] == ["mythic-horses", "princesses"]
    await ref.close()
    await store.close()


async def test_a_number_steps_within_its_bounds_and_a_cycle_turns(
    redis_url: str, smashup_table: None
) -> None:
    ref, store = await _lobby(redis_url)
    s = await _session(ref)
    codes = _codes(s)
    assert codes[codes.index("og") - 1 : codes.index("og") + 2] == ["og-", "og", "og+"]  # a row: ➖ 15 ➕
    assert await _press(ref, "og+") == "Set: 🏆 16" and (await _session(ref)).options["goal"] == 16
    assert await _press(ref, "og") == T("en", "answer-option-number")  # the number itself changes nothing
    for _ in range(20):
        await _press(ref, "og+")
    assert (await _session(ref)).options["goal"] == 30  # its highest
    for _ in range(40):
        await _press(ref, "og-")
    assert (await _session(ref)).options["goal"] == 5  # its lowest
    drafted = await _press(ref, "od")
    assert drafted.startswith("Set: ") and (await _session(ref)).options["draft"] == "random"
    await ref.close()
    await store.close()


@pytest.mark.parametrize("body", ["b:-1", "b:x", "g*", "f:", "b:00000000000000000009", "", "b.x"])
def test_forged_option_buttons_are_no_buttons(body: str) -> None:
    with pytest.raises(BadButton):
        buttons.parse(f"o|{CHAT}|abc123|-|{body}")


@pytest.mark.parametrize("code", ["ob:9", "oz", "od+", "ob:44"])
async def test_forged_option_presses_change_nothing(redis_url: str, smashup_table: None, code: str) -> None:
    ref, store = await _lobby(redis_url)
    before = (await _session(ref)).options
    assert await _press(ref, code) == T("en", "answer-unknown")
    assert (await _session(ref)).options == before
    await ref.close()
    await store.close()


async def test_only_the_creator_sets_options(redis_url: str, smashup_table: None) -> None:
    ref, store = await _lobby(redis_url)
    assert await _press(ref, "ob", BOB) == T("en", "answer-creator-only")
    assert await _press(ref, "og+", BOB) == T("en", "answer-creator-only")
    s = await _session(ref)
    assert s.panel == "" and s.options["goal"] == 15
    await ref.close()
    await store.close()


def test_a_long_panel_is_paged() -> None:
    """45 items: 20 a page, ◀ ▶ between pages, every item reachable."""
    many = [f"i{n}" for n in range(45)]
    option = Toggles("f", "factions", "smashup-option-factions", lambda o: many, lambda c, i: i)
    ctx = Ctx(t=T, lang="en", chat_id=CHAT, game_id="g")

    class Options:
        factions = None

    seen: list[str] = []
    for page in range(3):
        rows = screens.panel_rows(ctx, option, Options(), page)
        codes = [notation(str(b.callback_data)) for row in rows for b in row]
        seen += [c for c in codes if c.startswith("of:")]
        assert ("of." + str(page + 1) in codes) == (page < 2) and ("of." + str(page - 1) in codes) == (
            page > 0
        )
        assert codes[-1] == "of."
    assert seen == [f"of:{n}" for n in range(45)]
