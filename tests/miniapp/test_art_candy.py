"""Candy Empire's cards drawn for the Mini App (``bot.miniapp.art.candy``): at
every moment of random games, every seat's view and the public board draw as
safe, well-formed SVG whose taps are the viewer's legal moves and reach every
move the text hand's card buttons offer; every character's card shows its
name and candies, in both languages."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.candy import signed
from bot.miniapp.art import drawer
from bot.miniapp.art.candy import draw
from engine.candy import GAME
from engine.candy.cards import CANDIES, CHARACTER_OF, CHARACTERS
from engine.candy.models import (
    Allow,
    Block,
    CandyState,
    Discard,
    HandCardView,
    PlayToDiscard,
    PlayToEmpire,
    Protect,
)
from engine.core import plain
from tests.miniapp.art_checks import LANGS, T, check, ctx, name_of, shown, walk

CARD_PLAYS = (PlayToEmpire, PlayToDiscard, Protect, Discard)
OPTIONS = st.sampled_from(
    [
        {},
        {"open_discard": True},
        {"defenceless": True, "no_limits": True},
        {"team_game": True},
        {"big_game": True, "break_ms": 0},
    ]
)


def alike(action: Any) -> Any:
    """A move with a copy it equals: protecting either of two unprotected copies of one
    character in one's empire is the same move (the hand offers one of them)."""
    if isinstance(action, Protect):
        return "protect", action.card, CHARACTER_OF[action.protect]
    return action


def draw_every_view(s: CandyState, lang: str) -> None:
    """Every seat's view and the public one: drawn, checked, every card move a tap."""
    for p in [*s.seats, None]:
        view = GAME.view(s, p)
        legal = GAME.legal(s, p) if p is not None else []
        pieces = draw(ctx(lang), view, legal)
        offered = check(pieces, legal, hand_dims=True)
        moves = [a for a in plain(legal) if isinstance(a, (*CARD_PLAYS, Block, Allow))]
        assert {alike(a) for a in moves} <= {alike(a) for a in offered}, (p, s.seq)
        hand = [x for x in pieces if x.row == "hand"]
        assert len(hand) == len(view.hand or [])
        for q in s.seats:  # every player's empire, named (a name's «<» is no tag)
            seat = next(x for x in pieces if x.key == f"seat-{q}")
            assert name_of(q) in seat.label and name_of(q) in shown(seat)
        for piece in hand:
            labels = [c.label for choices in piece.taps for c in choices]
            assert len(set(labels)) == len(labels), labels  # several moves: each its own words


def test_the_game_has_art() -> None:
    assert drawer("candy") is draw


@settings(max_examples=12)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), options=OPTIONS)
def test_every_view_of_a_random_game_draws_and_taps_only_legal_moves(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    if options.get("team_game"):
        players = 4
    if options.get("big_game"):
        players = max(players, 3)
    for i, s in enumerate(walk("candy", players, seed, options)):
        if i % 2 == 0:
            draw_every_view(s, LANGS[(i // 2) % 2])


@pytest.mark.parametrize("lang", LANGS)
def test_every_character_draws_with_its_name_candies_and_rule(lang: str) -> None:
    s = next(walk("candy", 3, 1))
    view = GAME.view(s, 1)
    ids = [CHARACTER_OF.index(spec.character) for spec in CHARACTERS]
    hand = [HandCardView(id=i, character=CHARACTER_OF[i], candies=CANDIES[i]) for i in ids]
    for banned in ([], [spec.character for spec in CHARACTERS]):
        pieces = draw(ctx(lang), dataclasses.replace(view, hand=hand, banned=banned), [])
        check(pieces, [], hand_dims=True)
        cards = [p for p in pieces if p.row == "hand"]
        assert len(cards) == len(CHARACTERS)
        for piece, i in zip(cards, ids, strict=True):
            text = shown(piece)
            ch = CHARACTER_OF[i].value
            assert T(lang, f"candy-card-{ch}") in text, text
            assert signed(CANDIES[i]) in text
            assert T(lang, f"candy-card-{ch}-rule").split()[0] in text
            assert T(lang, f"candy-art-emoji-{ch}") in text
            assert (T(lang, "candy-art-banned") in text) == bool(banned)


def test_a_hand_card_offers_each_of_its_moves_by_name() -> None:
    """A card that may go into the empire, be discarded, or pay to protect each of
    two cards offers four choices, the protected card named in each."""
    for s in walk("candy", 3, 5):
        me = s.current
        view = GAME.view(s, me)
        card = next((c for c in view.hand or [] if c.empire and c.discard and len(c.protect) >= 2), None)
        if card is None:
            continue
        legal = GAME.legal(s, me)
        piece = next(p for p in draw(ctx("en"), view, legal) if p.key == f"hand-{card.id}")
        (choices,) = piece.taps
        protects = [c for c in choices if isinstance(c.action, Protect)]
        assert len(protects) == len(card.protect)
        for c in protects:
            assert T("en", f"candy-card-{CHARACTER_OF[c.action.protect].value}") in c.label
        assert any(isinstance(c.action, PlayToEmpire) for c in choices)
        return
    pytest.fail("no card with two cards to protect in this game")
