"""Svintus's Mini App art: random tables on the real engine drawn for every seat
and the public, within the art's contract; every card kind and every animal drawn."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.games.svintus import ADAPTER, animal_name, card_label
from bot.miniapp.art import Piece, drawer
from bot.miniapp.art.svintus import animal_svg, card_svg, draw, lines
from engine import registry
from engine.core import plain
from engine.svintus.animals import ANIMALS
from engine.svintus.cards import CARDS, COLORS, Kind
from engine.svintus.models import CardView, PickAnimal, Play, SvintusView, UseAbility
from tests.miniapp.art_checks import LANGS, T, check, ctx, dimmed, taps_in, tree, walk

G = registry.get("svintus")
TABLES = [  # (options, players, seed, steps): a few hundred states each, every few drawn
    ({}, 3, 1, 300),
    ({"metamorphoses": True, "hand_size": 5}, 4, 2, 500),
    ({"metamorphoses": True, "animal_deal": "chosen", "hand_size": 4}, 5, 3, 400),
    ({"metamorphoses": True, "hand_size": 3, "target_score": 5}, 2, 4, 500),
    ({"hand_size": 2, "target_score": 8}, 3, 3, 400),  # a round won
    ({"hand_size": 2, "target_score": 8}, 3, 1, 50),  # the match won at once
]


def text_hand_plays(lang: str, view: SvintusView, legal: Any) -> list[Any]:
    """The legal actions the text hand's buttons press (recorded as they are encoded)."""
    pressed: list[Any] = []

    def record(action: Any) -> str:
        pressed.append(action)
        return "x"

    ADAPTER.hand(ctx(lang, record), view, legal, [])
    allowed = list(plain(legal))
    return [a for a in pressed if a in allowed]


def check_view(lang: str, view: SvintusView, legal: Any) -> list[Piece]:
    pieces = draw(ctx(lang), view, legal)
    offered = check(pieces, legal)
    # every card button of the text hand (a legal play) is a tap; so are the animal's
    missing = [a for a in text_hand_plays(lang, view, legal) if isinstance(a, Play) and a not in offered]
    assert not missing, missing
    wanted = [a for a in plain(legal) if isinstance(a, Play | UseAbility | PickAnimal)]
    assert all(a in offered for a in wanted), [a for a in wanted if a not in offered]
    if view.hand is not None and view.phase != "setup":
        cards = [p for p in pieces if p.key.startswith("card:")]
        assert len(cards) == len(view.hand) and all(p.row == "hand" for p in cards)
        for p in cards:  # a card that cannot be played now is dimmed, one that can is a tap
            assert dimmed(p) != bool(p.taps), p.label
    return pieces


@pytest.mark.parametrize(("options", "players", "seed", "steps"), TABLES)
def test_random_tables_draw_for_every_seat_and_the_public(
    options: dict[str, Any], players: int, seed: int, steps: int
) -> None:
    drawn = states = 0
    for i, state in enumerate(walk("svintus", players, seed, options, steps)):
        states += 1
        if i % 5 and state.phase == "playing":  # every state between rounds is drawn
            continue
        lang = LANGS[(i // 5) % 2]
        for p in range(1, players + 1):
            check_view(lang, G.view(state, p), G.legal(state, p))
        public = check_view(lang, G.view(state, None), [])
        assert not any(p.taps for p in public)
        drawn += 1
    assert drawn >= states // 5 and drawn >= 2


def test_the_tables_reach_every_phase_and_the_animals_powers() -> None:
    phases, seen = set(), set()
    for options, players, seed, steps in TABLES:
        for state in walk("svintus", players, seed, options, steps):
            phases.add(state.phase)
            for p in range(1, players + 1):
                view = G.view(state, p)
                seen |= {type(a).__name__ for a in plain(G.legal(state, p))}
                seen |= {k for k in ("peek", "deck_top", "ability") if getattr(view, k) is not None}
    assert phases == {"setup", "playing", "round_over", "match_over"}, phases
    assert {"Play", "UseAbility", "PickAnimal", "peek", "deck_top", "ability"} <= seen, seen


def test_both_languages_draw_the_same_pieces() -> None:
    pressed = 0
    for state in list(walk("svintus", 3, 9, {"metamorphoses": True}, 120))[::20]:
        view, legal = G.view(state, 1), G.legal(state, 1)
        pressed += len(text_hand_plays("ru", view, legal))
        ru, en = check_view("ru", view, legal), check_view("en", view, legal)
        assert [p.key for p in ru] == [p.key for p in en]
        assert [len(p.taps) for p in ru] == [len(p.taps) for p in en]
        assert draw(ctx("ru"), view, legal) == ru  # the same view draws the same
    assert pressed  # the text hand's card buttons were there to compare with


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_draws_its_colour_and_value_or_kind(lang: str) -> None:
    faces = {(c.color, c.kind, c.value): c for c in CARDS}
    assert {c.kind for c in faces.values()} == set(Kind)
    for c in faces.values():
        view = CardView(id=c.id, color=c.color, kind=c.kind, value=c.value)
        for tap, dim in ((False, False), (True, False), (False, True)):
            root = tree(Piece(card_svg(ctx(lang), view, tap, dim), card_label(ctx(lang), c.id)))
            classes = root.attrib["class"].split()
            assert f"svintus-{c.kind.value}" in classes
            assert f"svintus-{c.color.value if c.color else 'wild'}" in classes
            shown = set(root.itertext())
            if c.kind is Kind.NUMBER:
                assert str(c.value) in shown
            else:
                assert T(lang, f"svintus-kind-{c.kind.value}") in shown
                assert T(lang, f"svintus-art-glyph-{c.kind.value}") in shown
            assert bool(taps_in(root)) == tap


@pytest.mark.parametrize("lang", LANGS)
def test_every_animal_draws_on_both_sides(lang: str) -> None:
    for animal in ANIMALS:
        for dark in (False, True):
            root = tree(Piece(animal_svg(ctx(lang), animal, dark, dark, not dark, "P1"), "-"))
            side = "dark" if dark else "light"
            assert {f"svintus-animal-{animal.value}", f"svintus-{side}"} <= set(root.attrib["class"].split())
            shown = set(root.itertext())
            assert T(lang, f"svintus-animal-{animal.value}-{side}-emoji") in shown
            assert set(lines(animal_name(T, lang, animal, dark))) <= shown


def test_a_long_name_goes_on_two_lines() -> None:
    assert lines("Хамелеон-оборотень") == ["Хамелеон-", "оборотень"]
    assert lines("Белка скачущая") == ["Белка", "скачущая"]
    assert lines("Ёж") == ["Ёж"]


@pytest.mark.parametrize("colour", COLORS)
def test_the_pile_names_a_polypigs_colour(colour: Any) -> None:
    state = next(iter(walk("svintus", 3, 5, steps=1)))
    polypig = next(c for c in CARDS if c.kind is Kind.POLYPIG)
    top = CardView(id=polypig.id, color=None, kind=Kind.POLYPIG, value=None)
    view = dataclasses.replace(G.view(state, 1), top=top, color=colour)
    for lang in LANGS:
        pile = next(p for p in draw(ctx(lang), view, []) if p.key == "pile")
        root = tree(pile)
        assert f"svintus-named-{colour.value}" in root.attrib["class"].split()
        assert T(lang, f"svintus-color-{colour.value}") in set(root.itertext())


def test_the_game_has_art() -> None:
    assert drawer("svintus") is draw
