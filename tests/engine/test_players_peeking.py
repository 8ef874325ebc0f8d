"""No computer player peeks (issue 46, item 3).

For every game and every level, at positions from random games: the cards the
player cannot see are dealt again at random — the same places, the same
counts, the same known cards, so that its view stays the same — and with the
same rng it must make the same decision.  A player that read a hidden card
(through its input or otherwise) would decide differently in some of them.

Each run takes ``PEEK_POSITIONS`` positions a game (default 60, a few seconds)
and the expert at ``PEEK_PLAYOUTS`` playouts (default 24; 0: the level's own
default budget).  The full proof, 1,000 positions a game at the default budget:

    PEEK_POSITIONS=1000 PEEK_PLAYOUTS=0 \
        python -m pytest -n 0 -p no:randomly tests/engine/test_players_peeking.py
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine import registry
from engine.core import Tick
from engine.core.records import hints, is_native, replace
from engine.players import LEVELS, Player, get
from engine.players.base import Action, random_policy

POSITIONS = int(os.environ.get("PEEK_POSITIONS", "60"))
PLAYOUTS = int(os.environ.get("PEEK_PLAYOUTS", "24")) or None


def _mixed(rng: random.Random, piles: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """The cards of ``piles`` shuffled together and dealt back in the same counts."""
    pool = [c for pile in piles for c in pile]
    rng.shuffle(pool)
    out, at = [], 0
    for pile in piles:
        out.append(pool[at : at + len(pile)])
        at += len(pile)
    return out


def _svintus(state: Any, me: int, view: Any, rng: random.Random) -> Any:
    if view.peek is not None:  # the Eagle-Owl's owner sees a hand: left as it is
        return state
    """The other hands and the deck dealt again (the pile was seen played: it stays)."""
    others = [p for p in state.seats if p != me]
    keep_top = view.deck_top is not None  # the Owl's owner sees the deck's top
    deck = list(state.deck[:-1] if keep_top and state.deck else state.deck)
    piles = _mixed(rng, [*(state.hands[p] for p in others), deck])
    hands = dict(state.hands)
    for i, p in enumerate(others):
        hands[p] = piles[i]
    new_deck = piles[len(others)] + (list(state.deck[-1:]) if keep_top else [])
    return replace(state, hands=hands, deck=new_deck)


def _candy(state: Any, me: int, view: Any, rng: random.Random) -> Any:
    others = [p for p in state.seats if p != me]
    hidden_discard = view.discard is None
    piles = _mixed(
        rng, [*(state.hands[p] for p in others), state.deck, state.discard if hidden_discard else []]
    )
    hands = dict(state.hands)
    for i, p in enumerate(others):
        hands[p] = piles[i]
    discard = piles[-1] if hidden_discard else state.discard
    return replace(state, hands=hands, deck=piles[len(others)], discard=discard)


def _smashup(state: Any, me: int, view: Any, rng: random.Random) -> Any:
    """Each player's own cards out of sight (another's hand, every deck) swap
    their faces among themselves; the base deck's order changes."""
    cards = list(state.cards)
    shown = set(view.cards)
    places = [[*(state.hands[p] if p != me else []), *state.decks[p]] for p in state.seats]
    places.append(list(state.base_deck))
    for uids in places:
        uids = [u for u in uids if u not in shown]
        faces = [cards[u] for u in uids]
        rng.shuffle(faces)
        for u, f in zip(uids, faces, strict=True):
            cards[u] = f
    return replace(state, cards=tuple(cards))


def _dobble(state: Any, me: int, view: Any, rng: random.Random) -> Any:
    """The face-down deck and every pile under its top card, dealt again."""
    seats = list(state.piles)
    unders = [state.piles[p][:-1] for p in seats]
    piles = _mixed(rng, [state.deck, *unders])
    new = {p: (*piles[1 + i], *state.piles[p][-1:]) for i, p in enumerate(seats)}
    return replace(state, deck=tuple(piles[0]), piles=new)


REDEAL: dict[str, Callable[[Any, int, Any, random.Random], Any]] = {
    "svintus": _svintus,
    "candy": _candy,
    "smashup": _smashup,
    "dobble": _dobble,
}
SEATS = {"svintus": (2, 3, 4), "candy": (2, 3, 4), "smashup": (2, 3, 4), "dobble": (2, 3, 4)}
OPTIONS: dict[str, Any] = {"svintus": {"target_score": 4}}


def positions(name: str, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """``count`` (state, player) pairs from random games, where that player has
    something it may do."""
    game = registry.get(name)
    out: list[tuple[Any, int]] = []
    g = seed
    while len(out) < count:
        g += 1
        rng = random.Random(g)
        seats = list(range(1, rng.choice(SEATS[name]) + 1))
        state, _ = game.start(seats, g, game.options(OPTIONS.get(name)), 0)
        now = 0
        for step in range(300):
            if game.outcome(state).status == "over" or len(out) >= count:
                break
            movers = [p for p in rng.sample(seats, len(seats)) if game.legal(state, p)]
            if movers and step % 4 == 0:
                out.append((state, movers[0]))
            picks = (random_policy(game.view(state, p), game.legal(state, p), rng) for p in movers)
            action = next((a for a in picks if a is not None), None)
            now += rng.randint(100, 1500)
            due = game.next_deadline(state)
            if action is None or (due is not None and due <= now):
                if due is None:
                    break
                now = max(now, due)
                state, _ = game.apply(state, Tick(), now)
                continue
            state, _ = game.apply(state, action, now)
    return out


def same_choices(
    name: str, player: Player, places: list[tuple[Any, int]], tell: Callable[[Any], None] | None = None
) -> tuple[int, int]:
    """For each position: the choice on the real state and on a re-deal of it
    that the player's view cannot tell apart, with the same rng.  Returns how
    many were compared and in how many the hidden cards did differ."""
    game = registry.get(name)
    compared = differed = 0
    for k, (state, me) in enumerate(places):
        view, legal = game.view(state, me), game.legal(state, me)
        twin = REDEAL[name](state, me, view, random.Random(k))
        if game.view(twin, me) != view:
            continue  # a card of the re-deal is in sight after all: not an unseen one
        differed += twin != state
        twin_legal = game.legal(twin, me)
        assert list(twin_legal) == list(legal)
        if tell is not None:
            tell(state)
        a = player.choose(view, legal, random.Random(k))
        if tell is not None:
            tell(twin)
        b = player.choose(game.view(twin, me), twin_legal, random.Random(k))
        assert a == b, (name, player.level, k, a, b)
        compared += 1
    return compared, differed


def _check(name: str) -> None:
    places = positions(name, POSITIONS)
    for level in LEVELS:
        compared, differed = same_choices(name, get(name, level, PLAYOUTS), places)
        assert compared >= 0.8 * len(places), (level, compared)
        assert differed >= 0.5 * compared, (level, differed)


def test_svintus_players_do_not_peek() -> None:
    _check("svintus")


def test_candy_players_do_not_peek() -> None:
    _check("candy")


def test_smashup_players_do_not_peek() -> None:
    _check("smashup")


def test_dobble_players_do_not_peek() -> None:
    _check("dobble")


class _Peeker:
    """A player that reads the hidden state (handed to it on the side: ``tell``)."""

    game = "svintus"
    level = "peeker"

    def __init__(self) -> None:
        self.state: Any = None

    def tell(self, state: Any) -> None:
        self.state = state

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        hidden = sum(self.state.deck[-3:]) + sum(self.state.pile[:3])
        return legal[hidden % len(legal)] if legal else None

    def delay_ms(self, view: Any, rng: random.Random) -> int:
        return 1000


def test_the_check_catches_a_player_that_peeks() -> None:
    """The harness is not blind: a player whose choice follows hidden cards
    (the deck's top, the pile's bottom) is caught."""
    peeker = _Peeker()
    with pytest.raises(AssertionError):
        same_choices("svintus", peeker, positions("svintus", 40), peeker.tell)


def _reachable(root: Any) -> list[Any]:
    """Every object reachable from ``root`` through records' fields, containers
    and plain objects' attributes."""
    seen: dict[int, Any] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (str, int, float, bool, bytes, type(None))):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        else:
            kind = type(obj)
            fields = [f.name for f in dataclasses.fields(obj)] if dataclasses.is_dataclass(obj) else []
            fields += list(hints(kind)) if is_native(kind) else []
            fields += [*getattr(obj, "__dict__", {}), *getattr(kind, "__slots__", ())]
            stack.extend(getattr(obj, f) for f in fields if hasattr(obj, f))
    return list(seen.values())


def _hidden_parts(name: str, state: Any, me: int) -> list[Any]:
    if name == "dobble":
        return [state.deck]
    others = [p for p in state.seats if p != me]
    if name == "smashup":
        return [*(state.hands[p] for p in others), *state.decks.values(), state.base_deck, state.cards]
    return [*(state.hands[p] for p in others), state.deck]


@pytest.mark.parametrize("name", sorted(REDEAL))
def test_a_players_input_is_its_view_and_its_legal_actions(name: str) -> None:
    """What a computer is given (its view, its legal actions) reaches no state
    object and none of the state's hidden parts (another's hand, a deck)."""
    game = registry.get(name)
    for state, me in positions(name, 40):
        given = _reachable((game.view(state, me), game.legal(state, me)))
        states = [o for o in given if type(o) is type(state)]
        assert not states
        hidden = {id(x) for x in _hidden_parts(name, state, me) if len(x)}
        assert not [o for o in given if id(o) in hidden]
        # and the walk would have found them, handed the state as well
        assert hidden <= {id(o) for o in _reachable((state, given))}
