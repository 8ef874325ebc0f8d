"""Build exact Svintus positions for rule tests."""

from __future__ import annotations

from typing import Any

from engine.core import Answer, Event
from engine.svintus import GAME
from engine.svintus.cards import CARDS, DECK_SIZE, Color, Kind
from engine.svintus.models import SvintusOptions, SvintusState


class Faces:
    """Hands out distinct card ids by face: ``f.card("red", 5)``, ``f.card("grab", "blue")``."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def card(self, a: str | int, b: str | int | None = None) -> int:
        kind, color, value = _face(a, b)
        for c in CARDS:
            if c.id in self.used:
                continue
            if c.kind is kind and c.color == color and c.value == value:
                self.used.add(c.id)
                return c.id
        raise LookupError((a, b))


def _face(a: str | int, b: str | int | None) -> tuple[Kind, Color | None, int | None]:
    if a == "polypig":
        return Kind.POLYPIG, None, None
    if isinstance(b, int):
        return Kind.NUMBER, Color(str(a)), b
    if b is not None and str(a) in Kind.__members__.values():
        return Kind(str(a)), Color(str(b)), None
    raise ValueError((a, b))


def table(
    hands: dict[int, list[int]],
    top: int,
    current: int | None = None,
    deck: list[int] | None = None,
    under: list[int] | None = None,
    now: int = 0,
    options: SvintusOptions | None = None,
    **fields: Any,
) -> SvintusState:
    """A mid-round position with the given hands and top card.

    ``deck`` lists the cards drawn next, first one first; every card not
    placed anywhere lies in the deck below them.  ``under`` lies under the top.
    """
    players = list(hands)
    s, _ = GAME.start(players, seed=7, options=options or SvintusOptions(), now_ms=now)
    placed = {top, *(under or []), *(deck or []), *(c for h in hands.values() for c in h)}
    rest = [c for c in range(DECK_SIZE) if c not in placed]
    placed_fields: dict[str, Any] = dict(
        phase="playing",  # chosen animals open a setup phase: a position is mid-round
        setup_until_ms=None,
        round=max(s.round, 1),
        hands={p: list(h) for p, h in hands.items()},
        deck=rest + list(reversed(deck or [])),
        pile=[*(under or []), top],
        top_live=True,
        color=CARDS[top].color,
        current=current if current is not None else players[0],
        turn_started_ms=now,
        clock_ms=now,
        one_card_since={p: now for p, h in hands.items() if len(h) == 1},
    )
    for k, v in {**placed_fields, **fields}.items():
        setattr(s, k, v)
    check_cards(s)
    return s


def check_cards(s: SvintusState) -> None:
    every = s.deck + s.pile + [c for h in s.hands.values() for c in h]
    assert sorted(every) == list(range(DECK_SIZE)), "cards lost or duplicated"


def choose_color(s: SvintusState, player: int, color: Color) -> Answer:
    """The answer naming ``color`` to ``player``'s open colour prompt (a Polypig's)."""
    pending = next(x for x in s.prompts if x.then == "color" and x.prompt.player == player)
    return Answer(player=player, prompt=pending.prompt.id, picks=[color.value])


def keys(events: list[Event]) -> list[str]:
    return [str(e.key) for e in events]


def find(events: list[Event], key: str) -> Event:
    for e in events:
        if e.key == key:
            return e
    raise AssertionError(f"no {key} in {keys(events)}")
