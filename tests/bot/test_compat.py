"""Sessions saved by the bot before it had several games (no game name) load as
the first game, Svintus, and draw and play on."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import games, screens
from bot.i18n import Translator
from bot.session import FIRST_GAME, Session
from engine import registry
from engine.svintus.models import SCHEMA_VERSION, SvintusState
from tests.codes import notation

DATA = Path(__file__).resolve().parent.parent / "data"
T = Translator()


def load(name: str) -> Session:
    raw = (DATA / name).read_text()
    assert '"game":' not in raw.replace('"game":"svintus","schema_version"', "")  # the session names none
    return Session.model_validate_json(raw)


def test_an_old_running_game_loads_as_svintus_and_draws() -> None:
    session = load("session_v1_playing.json")
    assert FIRST_GAME == "svintus" and session.game == "svintus"
    assert isinstance(session.state, SvintusState) and session.state.schema_version == SCHEMA_VERSION
    assert session.log and session.applied == [900001]
    for lang in ("ru", "en"):
        assert "Old table" not in screens.draw_board(T, lang, session, "bot").text  # the board, not the title
        for m in session.members:
            assert screens.draw_hand(T, lang, session, m.id).markup is not None
    again = Session.model_validate_json(session.model_dump_json())
    assert again == session and again.game == "svintus"


def test_an_old_lobby_keeps_its_options() -> None:
    session = load("session_v1_lobby.json")
    assert session.status == "lobby" and session.game == "svintus"
    lobby = screens.draw_board(T, "en", session, "bot")
    assert "🎯 To 50 points" in str(lobby.markup)


def test_an_old_game_mid_eagle_owl_swap_offers_the_take() -> None:
    session = load("session_v1_eagle_owl.json")
    hand = screens.draw_hand(T, "en", session, 101)
    assert "choose one of Боря's cards" in hand.text
    assert hand.markup is not None
    codes = [notation(b.callback_data) for r in hand.markup.inline_keyboard for b in r]
    assert any(c.startswith("!") and ":" in c for c in codes)


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("session_v2_*.json")))
def test_a_session_of_every_game_stored_before_the_engine_core_loads_and_draws(name: str) -> None:
    """Each game's document as the previous bot stored it (an open prompt, a
    reaction window, a Me First! window...) loads, is written back the same way,
    and draws its board and every hand in both languages."""
    session = Session.model_validate_json((DATA / name).read_text())
    assert session.state is not None and session.applied == [5005]
    game = registry.get(session.game)
    assert session.state.schema_version == game.schema_version
    again = Session.model_validate_json(session.model_dump_json())
    assert game.dump(again.state) == game.dump(session.state)
    if session.game not in games.names():
        return  # no table for it yet: the engine's own tests play it on
    for lang in ("ru", "en"):
        assert screens.draw_board(T, lang, session, "bot").text
        for m in session.members:
            hand = screens.draw_hand(T, lang, session, m.id)
            prompt = game.view(session.state, m.id).prompt
            codes = [
                str(b.callback_data) for r in (hand.markup.inline_keyboard if hand.markup else []) for b in r
            ]
            if prompt is not None:  # the open question is on its player's keyboard
                assert any(c.startswith("p|") and f"|{prompt.id}" in c for c in codes), (name, m.id)
