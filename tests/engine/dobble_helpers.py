"""Build exact Dobble positions for rule tests."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event, RuleError
from engine.dobble import GAME, rules
from engine.dobble.cards import CARD_COUNT, SHARED
from engine.dobble.models import DobbleOptions, DobbleState, Spot

G = GAME


def spread(n: int, avoid: tuple[int, ...] = ()) -> list[int]:
    """``n`` cards no three of which share a symbol, so every pair among them
    (the centre with each player's card, say) has a symbol of its own."""
    chosen: list[int] = []
    seen: set[int] = set()
    for c in range(CARD_COUNT):
        if c in avoid:
            continue
        common = [SHARED[c][d] for d in chosen]
        if len(set(common)) == len(common) and not seen & set(common):
            chosen.append(c)
            seen |= set(common)
            if len(chosen) == n:
                return chosen
    raise LookupError(n)


def position(
    piles: dict[int, list[int]],
    centre: list[int],
    *,
    mode: str = "tower",
    outer: list[int] | None = None,
    deck: list[int] | None = None,
    rest: str = "deck",
    options: DobbleOptions | None = None,
    now: int = 0,
    **fields: Any,
) -> DobbleState:
    """A position with a card up: the given piles (top last), centre pile (top
    last), outer cards and deck (``deck`` lists the cards drawn next, first
    one first).  Every card not placed lies under the deck (``rest="deck"``)
    or out of play (``rest="box"``); two of them are the lines left out."""
    opts = options or DobbleOptions(mode=mode)  # type: ignore[arg-type]
    s, _ = G.start(list(piles), seed=7, options=opts, now_ms=now)
    placed = [*centre, *(outer or []), *(deck or []), *(c for p in piles.values() for c in p)]
    assert len(set(placed)) == len(placed), "a card placed twice"
    free = [c for c in range(CARD_COUNT) if c not in placed]
    unused, free = free[-2:], free[:-2]
    placed_fields: dict[str, Any] = dict(
        unused=tuple(unused),
        deck=tuple((free if rest == "deck" else []) + list(reversed(deck or []))),
        box=tuple(free) if rest == "box" else (),
        centre=tuple(centre),
        outer=tuple(outer or ()),
        piles={p: tuple(c) for p, c in piles.items()},
        faces={},
        locked=(),
        last=None,
        clock_ms=now,
    )
    if s.mode == "catch":
        s.round = fields.pop("round", 1)
        s.rounds = fields.pop("rounds", 1)
    for k, v in {**placed_fields, **fields}.items():
        setattr(s, k, tuple(v) if isinstance(v, list) else v)  # the state's sequences are tuples
    rules.reveal(s)
    check_cards(s)
    return s


def in_play(s: DobbleState) -> list[int]:
    return [c for c in range(CARD_COUNT) if c not in s.unused]


def check_cards(s: DobbleState) -> None:
    every = [*s.deck, *s.centre, *s.outer, *s.box, *(c for p in s.piles.values() for c in p)]
    assert sorted(every) == in_play(s), "cards lost or duplicated"
    assert sum(G.view(s).zone_counts.values()) == 55


def right(s: DobbleState, card: int) -> int:
    """The symbol the centre card shares with ``card``."""
    return SHARED[s.centre[-1]][card]


def wrong(s: DobbleState, card: int) -> int:
    """A symbol of the centre card that ``card`` does not have."""
    return next(x for x in s.faces[s.centre[-1]] if x != right(s, card))


def press(
    s: DobbleState, player: int, card: int, symbol: int | None = None, now: int = 0, centre: int | None = None
) -> tuple[DobbleState, list[Event]]:
    a = Spot(
        player=player,
        symbol=right(s, card) if symbol is None else symbol,
        centre=s.centre[-1] if centre is None else centre,
        card=card,
        shown=s.shown,
    )
    return G.apply(s, a, now)


def rejects(s: DobbleState, action: Any, key: str, now: int = 0) -> RuleError:
    before = G.dump(s)
    with pytest.raises(RuleError) as e:
        G.apply(s, action, now)
    assert e.value.key == key
    assert G.dump(s) == before
    return e.value


def keys(events: list[Event]) -> list[str]:
    return [str(e.key) for e in events]


def find(events: list[Event], key: str) -> Event:
    for e in events:
        if e.key == key:
            return e
    raise AssertionError(f"no {key} in {keys(events)}")
