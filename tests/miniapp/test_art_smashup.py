"""Smash Up's cards drawn for the Mini App (``bot.miniapp.art.smashup``): at
moments of random games every seat's view and the public board draw as safe,
well-formed SVG whose taps are the viewer's legal moves and reach every play
and talent the text hand offers; every card of the eight factions (and
Madness) shows its name and a minion its power, every base its name and
breakpoint, in both languages; a crowded base keeps its minions inside."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.miniapp.art import drawer
from bot.miniapp.art.smashup import COLOURS, alike_minion, draw
from engine.core import plain
from engine.smashup import GAME
from engine.smashup.cards import BASES, CARDS, FACTIONS, Kind, Target
from engine.smashup.models import (
    BaseView,
    CardRef,
    PlayCard,
    SmashUpOptions,
    SmashUpState,
    SmashUpView,
    UseTalent,
)
from tests.engine.smashup_helpers import Table
from tests.miniapp.art_checks import LANGS, T, check, ctx, name_of, shown, texts, walk

UNTIMED = {"turn_timer_ms": 0, "response_timer_ms": 0}


def alike(view: SmashUpView, action: Any) -> Any:
    """A play with a target it equals: minions alike as targets (the sheet offers one)."""
    if isinstance(action, PlayCard) and action.minion is not None:
        return "play", action.card, alike_minion(view, action.minion)
    return action


def draw_every_view(s: SmashUpState, lang: str) -> None:
    """Every seat's view and the public one: drawn, checked, every play and talent a tap."""
    for p in [*s.seats, None]:
        view = GAME.view(s, p)
        legal = GAME.legal(s, p) if p is not None else []
        pieces = draw(ctx(lang), view, legal)
        offered = check(pieces, legal, hand_dims=True)
        moves = [a for a in plain(legal) if isinstance(a, PlayCard | UseTalent)]
        tapped = {alike(view, a) for a in offered}
        assert {alike(view, a) for a in moves} <= tapped, (p, s.seq)
        assert len([x for x in pieces if x.row == "hand"]) == len(view.hand or [])
        assert len([x for x in pieces if x.key.startswith("base-")]) == len(view.bases)
        players = next(x for x in pieces if x.key == "players")
        for q in s.seats:  # a name's «<» is no tag
            assert name_of(q) in players.label
            assert name_of(q).split()[0] in shown(players)


def test_the_game_has_art() -> None:
    assert drawer("smashup") is draw


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_every_view_of_a_random_game_draws_and_taps_only_legal_moves(seed: int, players: int) -> None:
    options = {**UNTIMED, "draft": "snake" if seed % 2 else "random"}
    for i, s in enumerate(walk("smashup", players, seed, options)):
        if i % 7 == 0:
            draw_every_view(s, LANGS[(i // 7) % 2])


def _view(**fields: Any) -> SmashUpView:
    s = Table({1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}).state
    return dataclasses.replace(GAME.view(s, 1), **fields)


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_of_every_faction_draws_with_its_name_and_power(lang: str) -> None:
    assert set(COLOURS) >= {*FACTIONS, "madness"}
    hand = [CardRef(uid=1000 + i, card=c) for i, c in enumerate(CARDS)]
    pieces = draw(ctx(lang), _view(hand=hand), [])
    check(pieces, [], hand_dims=True)
    cards = {p.key: p for p in pieces if p.row == "hand"}
    assert len(cards) == len(CARDS)
    for c in hand:
        d = CARDS[c.card]
        piece = cards[f"card-{c.uid}"]
        text = shown(piece)  # in the hand's grid: its name (its text may end cut, «…»)
        big = shown(dataclasses.replace(piece, svg=piece.big))  # opened large: all of it
        name = T(lang, f"smashup-card-{c.card}")
        assert name.replace(" ", "") in text.replace(" ", ""), text  # whole (a long word wraps)
        assert name in big, big
        assert T(lang, f"smashup-card-{c.card}-text").split()[-1] in big, big  # the rule's end: all of it
        faction = "smashup-card-madness" if d.faction == "madness" else f"smashup-faction-{d.faction}"
        assert T(lang, faction) in big
        if d.kind is Kind.MINION:
            assert str(d.power) in texts(piece)
            assert T(lang, "smashup-art-minion-says", power=d.power) not in text  # the badge says it


@pytest.mark.parametrize("lang", LANGS)
def test_every_base_draws_with_its_name_breakpoint_and_text(lang: str) -> None:
    bases = [
        BaseView(
            uid=2000 + i,
            card=b.id,
            breakpoint=b.breakpoint,
            vp=list(b.vp),
            total=0,
            powers={},
            minions=[],
            actions=[],
        )
        for i, b in enumerate(BASES.values())
    ]
    pieces = draw(ctx(lang), _view(bases=bases, hand=[]), [])
    check(pieces, [], hand_dims=True)
    for b in bases:
        piece = next(p for p in pieces if p.key == f"base-{b.uid}")
        assert piece.row == "table"
        text = shown(piece)
        assert T(lang, f"smashup-base-{b.card}") in text
        assert T(lang, "smashup-art-total", total=0, bp=b.breakpoint) in texts(piece)
        assert T(lang, f"smashup-base-{b.card}-text").split()[0] in text
        big = shown(dataclasses.replace(piece, svg=piece.big))  # a tap opens it large: all of it
        assert T(lang, f"smashup-base-{b.card}") in big, big
        assert T(lang, f"smashup-base-{b.card}-text").split()[-1] in big, big
        assert "…" not in big, big


@pytest.mark.parametrize("lang", LANGS)
def test_a_crowded_base_keeps_every_minion_and_what_is_on_it_inside(lang: str) -> None:
    """Every minion of four factions on one base, actions on them and on the base."""
    t = Table(
        {1: ["kitty-cats", "princesses"], 2: ["innsmouth", "elder-things"]}, options=SmashUpOptions(**UNTIMED)
    )
    s = t.state
    minions = []
    for p in s.seats:
        for f in s.factions[p]:
            for d in FACTIONS[f].cards:
                for _ in range(d.copies if d.kind is Kind.MINION else 0):
                    minions.append(t.minion(p, d.id, base=0))
    for p in s.seats:
        for f in s.factions[p]:
            for i, d in enumerate(x for x in FACTIONS[f].cards if x.kind is Kind.ACTION and not x.special):
                if d.target in (Target.MINION, Target.OWN_MINION):
                    t.on_minion(p, d.id, minions[(p * 5 + i) % len(minions)])
                elif d.target is Target.BASE:
                    t.on_base(p, d.id, base=0)
    for viewer in [*s.seats, None]:
        view = GAME.view(s, viewer)
        legal = GAME.legal(s, viewer) if viewer is not None else []
        pieces = draw(ctx(lang), view, legal)
        check(pieces, legal, hand_dims=True)
        base = next(x for x in pieces if x.key == f"base-{t.base(0)}")
        text = shown(base)
        for m in view.bases[0].minions:
            assert T(lang, f"smashup-card-{m.card}").split()[0] in text
        big = shown(dataclasses.replace(base, svg=base.big))  # opened large: every name whole
        for m in view.bases[0].minions:
            assert T(lang, f"smashup-card-{m.card}") in big, big
            for a in m.attached:
                assert T(lang, f"smashup-card-{a.card}") in big, big
        for a in view.bases[0].actions:
            assert T(lang, f"smashup-card-{a.card}") in big, big


def test_a_minion_playable_on_several_bases_offers_each_by_name() -> None:
    t = Table(
        {1: ["kitty-cats", "princesses"], 2: ["fairies", "mythic-horses"]}, options=SmashUpOptions(**UNTIMED)
    )
    muffin = t.hand(1, "muffin")
    s = t.state
    view = GAME.view(s, 1)
    piece = next(p for p in draw(ctx("en"), view, GAME.legal(s, 1)) if p.key == f"card-{muffin}")
    (choices,) = piece.taps
    assert len(choices) == len(view.bases) > 1
    for c, b in zip(choices, view.bases, strict=True):
        assert c.action == PlayCard(player=1, card=muffin, base=b.uid)
        assert T("en", f"smashup-base-{b.card}") in c.label
