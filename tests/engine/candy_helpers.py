"""Build exact Candy Empire positions for rule tests."""

from __future__ import annotations

from typing import Any

from engine.candy import GAME
from engine.candy.cards import CHARACTER_OF, Character
from engine.candy.models import CandyOptions, CandyState
from engine.core import Answer, Event, Prompt, PromptValue

C = Character


class Cards:
    """Hands out distinct card ids by character: ``k.boss``, ``k("trader")``."""

    def __init__(self, deck: list[int]) -> None:
        self.free = list(deck)

    def __call__(self, ch: str | Character) -> int:
        want = Character(ch)
        for c in self.free:
            if CHARACTER_OF[c] is want:
                self.free.remove(c)
                return c
        raise LookupError(ch)

    def __getattr__(self, name: str) -> int:
        return self(name)

    def many(self, ch: str | Character, n: int) -> list[int]:
        return [self(ch) for _ in range(n)]


def table(
    players: list[int] | None = None,
    hands: dict[int, list[int]] | None = None,
    empires: dict[int, list[int]] | None = None,
    deck: list[int] | None = None,
    discard: list[int] | None = None,
    protected: list[int] | None = None,
    current: int | None = None,
    rest: str = "deck",
    options: CandyOptions | None = None,
    now: int = 0,
    **fields: Any,
) -> CandyState:
    """A position with the given hands, empires, deck (top first) and discard
    (bottom first).  Every card of the game placed nowhere goes under the deck
    (``rest="deck"``) or under the discard (``rest="discard"``)."""
    players = players or list((hands or {}).keys()) or [1, 2, 3]
    s, _ = GAME.start(players, seed=11, options=options or CandyOptions(), now_ms=now)
    hands = {p: list((hands or {}).get(p, [])) for p in players}
    empires = {p: list((empires or {}).get(p, [])) for p in players}
    placed = {c for h in hands.values() for c in h} | {c for e in empires.values() for c in e}
    placed |= set(deck or []) | set(discard or [])
    others = [c for c in s.cards if c not in placed]
    top_first = list(deck or [])
    pile = list(discard or [])
    if rest == "deck":
        new_deck = others + list(reversed(top_first))
    else:
        new_deck = list(reversed(top_first))
        pile = others + pile
    fields = {
        **dict(
            hands=hands,
            empires=empires,
            deck=new_deck,
            discard=pile,
            protected=list(protected or []),
            current=current if current is not None else players[0],
            acted=False,
            boss_used=False,
            prompts=[],
            reaction=None,
            clock_ms=now,
            timer_ms=now,
        ),
        **fields,
    }
    for k, v in fields.items():
        setattr(s, k, v)
    check_cards(s)
    return s


def deal_cards(players: int = 3, no_limits: bool = False) -> Cards:
    from engine.candy.cards import deck_for

    return Cards(list(deck_for(players, no_limits)))


def check_cards(s: CandyState) -> None:
    every = s.deck + s.discard + [c for h in s.hands.values() for c in h]
    every += [c for e in s.empires.values() for c in e]
    assert sorted(every) == sorted(s.cards), "cards lost or duplicated"


def keys(events: list[Event]) -> list[str]:
    return [str(e.key) for e in events]


def find(events: list[Event], key: str) -> Event:
    for e in events:
        if e.key == key:
            return e
    raise AssertionError(f"no {key} in {keys(events)}")


def prompt_of(s: CandyState, p: int) -> Prompt:
    pr = GAME.view(s, p).prompt
    assert pr is not None, f"no prompt for {p}"
    return pr


def answer(s: CandyState, p: int, *picks: PromptValue, now: int = 0) -> tuple[CandyState, list[Event]]:
    pr = prompt_of(s, p)
    return GAME.apply(s, Answer(player=p, prompt=pr.id, picks=list(picks)), now)


def act(s: CandyState, action: dict[str, Any], now: int = 0) -> tuple[CandyState, list[Event]]:
    return GAME.apply(s, GAME.parse_action(action), now)
