"""Dobble's Mini App art: random tables of every mini-game on the real engine
drawn for every seat and the public, within the art's contract; each symbol a
tap that presses what its text button presses; round cards laid out the same
way every time, inside the circle, no symbol on another."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.dobble import ADAPTER, glyph
from bot.miniapp.art import Piece, drawer
from bot.miniapp.art.dobble import SIZE, card_svg, draw, layout
from engine import registry
from engine.core import plain
from engine.dobble.cards import CARDS, SHARED
from engine.dobble.models import DobbleView, Face, Spot
from tests.miniapp.art_checks import LANGS, T, check, ctx, dimmed, taps_in, tree, walk

G = registry.get("dobble")
TABLES = [  # (options, players, seed, steps)
    ({"mode": "tower"}, 4, 1, 300),
    ({"mode": "catch", "length": 1}, 4, 6, 100),  # a duel for first place, watched by the others
    ({"mode": "well"}, 3, 2, 300),
    ({"mode": "catch", "length": 2}, 5, 3, 300),
    ({"mode": "gift"}, 4, 4, 300),
    ({"mode": "match", "match_modes": ["catch", "gift"], "length": 1, "pause_ms": 0}, 2, 5, 400),
]


def right(a: Any) -> bool:
    """A press of the symbol the two cards share: it wins a card (the game gets on)."""
    return isinstance(a, Spot) and SHARED[a.centre][a.card] == a.symbol


def key(a: Spot) -> tuple[int, int, int, int]:
    """A press, whoever makes it (a text button's is made with ANYONE)."""
    return a.symbol, a.centre, a.card, a.shown


def text_hand_spots(lang: str, view: DobbleView) -> list[Spot]:
    pressed: list[Any] = []

    def record(action: Any) -> str:
        pressed.append(action)
        return "x"

    ADAPTER.hand(ctx(lang, record), view, [], [])
    return [a for a in pressed if isinstance(a, Spot)]


def check_view(lang: str, view: DobbleView, legal: Any) -> list[Piece]:
    c = ctx(lang)
    pieces = draw(c, view, legal)
    offered = check(pieces, legal, hand_dims=True)
    # each symbol button of the text hand is a tap that presses the same (a locked-out
    # viewer's are greyed: no press there, no tap here)
    tapped = {key(a) for a in offered}
    locked = view.viewer in view.locked
    missing = [a for a in text_hand_spots(lang, view) if key(a) not in tapped and not locked]
    assert not missing, missing
    for piece in pieces:
        for el, i in taps_in(tree(piece)):  # a tap is on its symbol: the glyph of the symbol it names
            (choice,) = piece.taps[i]
            assert "".join(el.itertext()) == glyph(c, view.symbols, choice.action.symbol)
    assert not (locked and offered), offered
    centre = next((p for p in pieces if view.centre and p.key == f"card:{view.centre.card}"), None)
    if centre is not None:
        assert bool(centre.taps) == (len(view.pairs) == 1 and not locked), view.pairs
        assert not dimmed(centre)
    return pieces


@pytest.mark.parametrize(("options", "players", "seed", "steps"), TABLES)
def test_random_tables_draw_for_every_seat_and_the_public(
    options: dict[str, Any], players: int, seed: int, steps: int
) -> None:
    drawn = pressed = states = 0
    stages = set()
    for i, state in enumerate(walk("dobble", players, seed, options, steps, right)):
        stages.add(state.stage)
        states += 1
        if i % 3 and state.stage == "live":
            continue
        lang = LANGS[(i // 3) % 2]
        for p in range(1, players + 1):
            view = G.view(state, p)
            pressed += len(text_hand_spots(lang, view))
            check_view(lang, view, G.legal(state, p))
        public = check_view(lang, G.view(state, None), [])
        assert not any(p.taps for p in public)
        drawn += 1
    assert drawn >= max(states // 3, 5) and pressed, (drawn, states, pressed)
    assert stages == {"countdown", "live", "over"}, stages


def test_the_tables_reach_a_duel_a_watcher_and_a_miss() -> None:
    seen = set()
    for options, players, seed, steps in TABLES:
        for state in walk("dobble", players, seed, options, steps, right):
            for p in range(1, players + 1):
                view = G.view(state, p)
                live = state.stage == "live"
                flags = {
                    "duel": bool(view.duel),
                    "miss": p in view.locked and live,
                    "watch": live and not view.pairs,
                    "several": len(view.pairs) > 1,
                }
                seen |= {k for k, yes in flags.items() if yes}
    assert seen == {"duel", "miss", "watch", "several"}, seen


def test_both_languages_draw_the_same_pieces_the_same_way_every_time() -> None:
    for state in list(walk("dobble", 3, 7, {"mode": "catch"}, 60))[::6]:
        view, legal = G.view(state, 2), G.legal(state, 2)
        ru, en = check_view("ru", view, legal), check_view("en", view, legal)
        assert [p.key for p in ru] == [p.key for p in en]
        assert [p.taps for p in ru] != [] and [len(p.taps) for p in ru] == [len(p.taps) for p in en]
        assert draw(ctx("ru"), view, legal) == ru


def test_a_countdown_shows_the_centre_face_down() -> None:
    state = next(s for s in walk("dobble", 2, 1, {"mode": "tower"}, 50) if s.stage == "countdown")
    for lang in LANGS:
        pieces = draw(ctx(lang), G.view(state, 1), G.legal(state, 1))
        (back,) = [p for p in pieces if p.key == "centre"]
        assert "dobble-back" in tree(back).attrib["class"] and not back.taps
        assert back.label == T(lang, "dobble-board-countdown")


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_draws_every_symbol(lang: str) -> None:
    state = next(iter(walk("dobble", 2, 1, steps=1)))
    view = G.view(state, 1)
    for card, symbols in enumerate(CARDS):
        for role in ("centre", "own", "outer"):
            root = tree(Piece(card_svg(ctx(lang), view, Face(card=card, symbols=symbols), {}, role), "-"))
            assert [t for t in root.itertext() if t] == [glyph(ctx(lang), view.symbols, x) for x in symbols]
            assert not taps_in(root)


def inside_and_apart(symbols: list[int]) -> None:
    places = layout(symbols)
    assert places == layout(symbols)  # the same card, the same drawing
    mid = SIZE / 2
    for p in places:  # a glyph is about as wide as its font size
        assert math.dist((p.x, p.y), (mid, mid)) + 0.6 * p.size <= mid - 4, p
    for a, b in itertools.combinations(places, 2):
        assert math.dist((a.x, a.y), (b.x, b.y)) >= (a.size + b.size) / 2, (a, b)


def test_every_card_is_laid_out_inside_its_circle_with_no_symbol_on_another() -> None:
    for symbols in CARDS:
        inside_and_apart(list(symbols))
        places = layout(symbols)  # as printed: sizes and angles of their own
        sizes = [p.size for p in places]
        assert max(sizes) - min(sizes) >= 4 and len({round(p.turn / 10) for p in places}) >= 4, places


@given(st.integers(0, len(CARDS) - 1).flatmap(lambda c: st.permutations(CARDS[c])))
def test_a_card_in_any_display_order_is_laid_out_well(symbols: list[int]) -> None:
    inside_and_apart(symbols)


@given(st.lists(st.integers(0, 56), min_size=1, max_size=12, unique=True))
def test_a_card_of_any_size_is_laid_out_well(symbols: list[int]) -> None:
    inside_and_apart(symbols)


def test_the_symbols_are_the_engines_presses_not_more() -> None:
    """Every tap's press is the viewer's own legal press (never a text button's ANYONE)."""
    state = next(s for s in walk("dobble", 3, 2, {"mode": "tower"}, 80) if s.stage == "live")
    legal = G.legal(state, 1)
    taps = [c.action for p in draw(ctx("en"), G.view(state, 1), legal) for t in p.taps for c in t]
    assert taps and all(a in plain(legal) and a.player == 1 for a in taps)


def test_the_game_has_art() -> None:
    assert drawer("dobble") is draw
