"""The coach's hints (issue 46, item 5): the expert's choice for a person, and why.

For every game, at positions from random games where the person is waited on: a
hint's action is one of their legal actions and its reason a key of both
locales; and it never reads a hidden card — the cards the person cannot see are
dealt again (``tests.engine.test_players_peeking``'s re-deal: their view stays
the same) and with the same rng the hint is the same, action and reason.

``HINT_POSITIONS`` positions a game for the legal check (default 200; Candy
Empire half as many, its expert weighs every move of a turn), a tenth
of them (at least 20) for the no-peek check, the search at ``HINT_PLAYOUTS``
playouts (default 16).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from bot.i18n import LANGUAGES, Translator
from engine import players, registry
from engine.core import Answer
from engine.players import coach
from engine.players.base import active, movers
from tests.engine import test_players_peeking as peeking

POSITIONS = int(os.environ.get("HINT_POSITIONS", "200"))
PLAYOUTS = int(os.environ.get("HINT_PLAYOUTS", "16"))
GAMES = players.GAMES
T = Translator()


@pytest.fixture(autouse=True)
def _nim_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(peeking.SEATS, "nim", (2, 3))


def waited(name: str, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """``count`` positions (state, person) where the game waits on that person and
    they have something to do besides walking out: where a hint button shows."""
    game = registry.get(name)
    out: list[tuple[Any, int]] = []
    for state, me in peeking.positions(name, count * 3, seed):
        legal = game.legal(state, me)
        if me in movers(game, state) and (active(legal) or game.view(state, me).prompt is not None):
            out.append((state, me))
    return out[:count]


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_is_a_legal_action_with_a_reason_in_both_languages(name: str) -> None:
    game = registry.get(name)
    count = POSITIONS // 2 if name == "candy" else POSITIONS  # Candy's expert weighs every move: slower
    places = waited(name, count)
    assert len(places) >= count // 4, len(places)
    own = set(coach.keys(name))
    reasons: set[str] = set()
    waits = 0
    for k, (state, me) in enumerate(places):
        view, legal = game.view(state, me), game.legal(state, me)
        h = coach.hint(name, view, legal, random.Random(k), PLAYOUTS)
        assert h.key in own, h
        reasons.add(h.key)
        for lang in LANGUAGES:
            assert T.has(lang, h.key), (lang, h.key)
        if h.action is None:
            waits += 1
            continue
        if isinstance(h.action, Answer):
            assert game.is_legal(state, h.action), h
        else:
            assert h.action in list(legal), h
    assert waits <= len(places) // 2, waits  # a hint mostly names a move
    if name in ("svintus", "candy", "smashup"):
        assert len(reasons) >= 3, reasons  # reasons that follow the position, not one line


def test_every_reason_key_is_in_both_languages() -> None:
    for name in GAMES:
        for key in coach.keys(name):
            for lang in LANGUAGES:
                assert T.has(lang, key), (lang, key)


@pytest.mark.parametrize("name", sorted(peeking.REDEAL))
def test_a_hint_reads_no_hidden_card(name: str) -> None:
    game = registry.get(name)
    places = waited(name, max(20, POSITIONS // 10), seed=1000)
    compared = differed = 0
    for k, (state, me) in enumerate(places):
        view, legal = game.view(state, me), game.legal(state, me)
        twin = peeking.REDEAL[name](state, me, view, random.Random(k))
        if game.view(twin, me) != view:
            continue  # a card of the re-deal is in sight after all
        differed += twin != state
        a = coach.hint(name, view, legal, random.Random(k), PLAYOUTS)
        b = coach.hint(name, game.view(twin, me), game.legal(twin, me), random.Random(k), PLAYOUTS)
        assert a == b, (name, k, a, b)
        compared += 1
    assert compared >= 0.8 * len(places), compared
    assert differed >= 0.5 * compared, differed


def test_the_no_peek_check_catches_a_reason_that_reads_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not blind: a reason that names the deck's top card (a hidden
    one) is caught."""
    from engine.players import svintus

    hidden: dict[str, Any] = {}

    def peeking_reason(view: Any, legal: Any, action: Any) -> tuple[str, dict[str, Any]]:
        return "svintus-hint-play", {"card": hidden["state"].deck[-1]}

    monkeypatch.setattr(svintus, "reason", peeking_reason)
    game = registry.get("svintus")
    found = False
    for k, (state, me) in enumerate(waited("svintus", 30, seed=1000)):
        view, legal = game.view(state, me), game.legal(state, me)
        twin = peeking.REDEAL["svintus"](state, me, view, random.Random(k))
        if game.view(twin, me) != view or twin.deck[-1:] == state.deck[-1:]:
            continue
        hidden["state"] = state
        a = coach.hint("svintus", view, legal, random.Random(k), 4)
        hidden["state"] = twin
        b = coach.hint("svintus", game.view(twin, me), game.legal(twin, me), random.Random(k), 4)
        if a.key == "svintus-hint-play":
            assert a != b
            found = True
            break
    assert found
