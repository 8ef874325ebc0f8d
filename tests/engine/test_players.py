"""Computer players (``engine.players``): they only ever return a legal action
or None and finish every game; the worlds a searching player deals itself keep
what its view shows where it is and conserve every zone's count; the search
beats a random player in a small seeded match; Dobble's levels differ by their
reaction times.  The arena's win-rate targets are a benchmark, not a test
(``python -m engine.players.arena``)."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.core import Answer, AnyGame, Moves, Tick
from engine.players import LEVELS, Player, get
from engine.players import candy as candy_players
from engine.players import dobble as dobble_players
from engine.players import smashup as smashup_players
from engine.players import svintus as svintus_players
from engine.players.arena import play_game, wilson
from engine.players.base import Action, random_policy
from engine.svintus import GAME as GAME_SVINTUS
from engine.svintus.animals import Animal
from engine.svintus.cards import COLORS, Color, fitting
from engine.svintus.models import Draw, Play
from tests.engine.helpers import Faces, table

GAMES = ("svintus", "candy", "dobble", "smashup")
# short matches: a Svintus match to 4 points, the rest as they come
OPTIONS: dict[str, Any] = {"svintus": {"target_score": 4}}
BUDGET = 6  # the hard level's playouts in these tests (the arena's are larger)


@dataclass
class Checked:
    """A player that checks each of its choices is one of the legal actions
    (or None); the arena's ``apply`` then checks the engine accepts it."""

    inner: Player
    game: AnyGame
    choices: int = 0

    @property
    def level(self) -> str:
        return self.inner.level

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action | None:
        action = self.inner.choose(view, legal, rng)
        if action is not None:
            assert action in legal, f"{self.inner.game}/{self.level}: {action!r} is not legal"
            self.choices += 1
        return action

    def delay_ms(self, view: Any, rng: random.Random) -> int:
        delay = self.inner.delay_ms(view, rng)
        assert delay > 0
        return delay


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_is_legal_and_games_finish(name: str, level: str) -> None:
    game = registry.get(name)
    for seed in range(2):
        players = [Checked(get(name, level, BUDGET), game), Checked(get(name, "random"), game)]
        result = play_game(name, players, seed, OPTIONS.get(name), rotate=seed)  # type: ignore[arg-type]
        assert result.finished, f"{name}/{level} seed {seed}: unfinished after {result.steps} steps"
        assert players[0].choices > 0


TABLES = [
    ("svintus", 3, {"target_score": 4, "metamorphoses": True}),
    ("svintus", 2, {"target_score": 4, "metamorphoses": True, "animal_deal": "chosen"}),
    ("candy", 3, None),
    ("candy", 4, {"team_game": True}),
    ("smashup", 3, None),
    ("dobble", 3, None),
]


@pytest.mark.parametrize(("name", "seats", "options"), TABLES)
def test_every_level_at_other_tables(name: str, seats: int, options: Any) -> None:
    """More seats and other options: animals, chosen animals, the full Candy deck, teams."""
    game = registry.get(name)
    levels = ("hard", "easy", "random", "easy")[:seats]
    players = [Checked(get(name, level, BUDGET), game) for level in levels]
    result = play_game(name, players, 5, options)  # type: ignore[arg-type]
    assert result.finished
    assert all(p.choices > 0 for p in players)


def test_unknown_game_or_level() -> None:
    with pytest.raises(KeyError):
        get("chess", "easy")
    with pytest.raises(KeyError):
        get("candy", "grandmaster")


# --- worlds dealt from a view ----------------------------------------------------------------


def _positions(name: str, seeds: range, every: int = 3, options: Any = None) -> list[tuple[Any, int]]:
    """(state, player) pairs from random games, at each player's own turn."""
    game = registry.get(name)
    out: list[tuple[Any, int]] = []
    for seed in seeds:
        rng = random.Random(seed)
        state, _ = game.start([1, 2], seed, game.options(options), 0)
        now = 0
        for step in range(600):
            if game.outcome(state).status == "over":
                break
            acted = False
            for p in (1, 2):
                legal = game.legal(state, p)
                if not legal:
                    continue
                view = game.view(state, p)
                if step % every == 0:
                    out.append((state, p))
                action = random_policy(view, legal, rng)
                if action is None:
                    continue
                now += 100
                state, _ = game.apply(state, action, now)
                acted = True
                break
            if not acted:
                due = game.next_deadline(state)
                if due is None:
                    break
                now = max(now, due)
                state, _ = game.apply(state, Tick(), now)
    return out


Brain = Any
BRAINS: dict[str, Callable[[], Brain]] = {
    "svintus": svintus_players.SvintusBrain,
    "candy": candy_players.CandyBrain,
    "smashup": smashup_players.SmashUpBrain,
}


@pytest.mark.parametrize("name", sorted(BRAINS))
def test_a_world_dealt_from_a_view_keeps_what_the_view_shows(name: str) -> None:
    """The player is given the view alone: the world it deals itself has the
    view's zone counts, the viewer's own hand, and the same legal actions; no
    card the view shows lands in a hidden place."""
    game = registry.get(name)
    brain = BRAINS[name]()
    checked = 0
    for state, me in _positions(name, range(4), options=OPTIONS.get(name)):
        view = game.view(state, me)
        legal = game.legal(state, me)
        if not brain.searchable(view, legal):
            continue
        for k in range(2):
            world = brain.determinize(view, random.Random(k))
            seen = game.view(world, me)
            assert seen.zone_counts == view.zone_counts
            assert seen.hand == view.hand
            assert list(game.legal(world, me)) == list(legal)
            _no_shown_card_hidden(name, view, world, me)
            checked += 1
    assert checked >= 5


def _no_shown_card_hidden(name: str, view: Any, world: Any, me: int) -> None:
    others = [p for p in world.seats if p != me]
    hidden: set[int] = set()
    if name == "svintus":
        for p in others:
            hidden.update(world.hands[p])
        hidden.update(world.deck)
        shown = {c.id for c in view.hand} | set(view.pile)  # the pile was seen played
        assert list(world.pile) == list(view.pile) and world.pile[-1] == view.top.id
    elif name == "candy":
        for p in others:
            hidden.update(world.hands[p])
        hidden.update(world.deck)
        shown = {c.id for c in view.hand} | {c.id for e in view.empires.values() for c in e}
        assert {p: [c.id for c in e] for p, e in view.empires.items()} == {
            p: list(e) for p, e in world.empires.items() if p in view.empires
        }
    else:
        for p in others:
            hidden.update(world.hands[p])
        for p in world.seats:
            hidden.update(world.decks[p])
        shown = {c.uid for c in view.hand}
        for b in view.bases:
            shown.add(b.uid)
            shown.update(m.uid for m in b.minions)
        for pv in view.players:
            shown.update(c.uid for c in pv.discard)
        assert all(world.cards[c.uid] == c.card for c in view.hand)
    assert not hidden & shown


def test_a_player_is_given_the_view_alone() -> None:
    """Two states that look the same to a player (the real one, and a world
    dealt from its view) get the same choice for the same rng seed."""
    game = registry.get("candy")
    brain = candy_players.CandyBrain()
    hard = get("candy", "hard", BUDGET)
    compared = 0
    for state, me in _positions("candy", range(3)):
        view = game.view(state, me)
        legal = game.legal(state, me)
        if not brain.searchable(view, legal):
            continue
        twin = brain.determinize(view, random.Random(5))
        a = hard.choose(view, legal, random.Random(9))
        b = hard.choose(game.view(twin, me), game.legal(twin, me), random.Random(9))
        assert a == b
        compared += 1
    assert compared >= 3


# --- random positions (hypothesis) ------------------------------------------------------------


def _walk(name: str, seats: int, seed: int, steps: int) -> tuple[Any, int]:
    """A position ``steps`` random actions (or ticks) into a random game, and its clock."""
    game = registry.get(name)
    rng = random.Random(seed)
    players = list(range(1, seats + 1))
    state, _ = game.start(players, seed, game.options(OPTIONS.get(name)), 0)
    now = 0
    for _ in range(steps):
        if game.outcome(state).status == "over":
            break
        now += rng.randint(0, 1500)
        due = game.next_deadline(state)
        order = rng.sample(players, len(players))
        picks = (random_policy(game.view(state, p), game.legal(state, p), rng) for p in order)
        action = next((a for a in picks if a is not None), None)
        if action is None or (due is not None and due <= now):
            if due is None:
                break
            state, _ = game.apply(state, Tick(), max(now, due))
            now = max(now, due)
            continue
        state, _ = game.apply(state, action, now)
    return state, now


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(GAMES),
    level=st.sampled_from(LEVELS),
    seats=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
)
def test_a_player_never_returns_an_illegal_action(
    name: str, level: str, seats: int, seed: int, steps: int
) -> None:
    """Any position of any game, any seat: one of the legal actions or None, and
    the engine takes it."""
    game = registry.get(name)
    state, now = _walk(name, seats, seed, steps)
    for me in range(1, seats + 1):
        legal = game.legal(state, me)
        action = get(name, level, BUDGET).choose(game.view(state, me), legal, random.Random(seed))
        if action is None:
            continue
        assert action in legal, (name, level, action)
        game.apply(state, action, now)  # no RuleError


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(BRAINS)), seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_two_states_with_the_same_view_get_the_same_choice(name: str, seed: int, steps: int) -> None:
    """The real state and a world dealt from the view (other hands, decks:
    different cards) get the same hard choice for the same rng seed: the player
    cannot peek."""
    game = registry.get(name)
    state, _ = _walk(name, 2, seed, steps)
    brain = BRAINS[name]()
    hard = get(name, "hard", BUDGET)
    for me in (1, 2):
        view, legal = game.view(state, me), game.legal(state, me)
        if not brain.searchable(view, legal):
            continue
        twin = brain.determinize(view, random.Random(seed + 1))
        a = hard.choose(view, legal, random.Random(seed))
        b = hard.choose(game.view(twin, me), game.legal(twin, me), random.Random(seed))
        assert a == b


# --- legal as the engine's Moves or as a plain list -------------------------------------------

# a legal longer than this (a prompt's lazy answers: an order of 9 cards is 362,880)
# is not listed as a plain list: the same code runs for a shorter one
LISTED = 3_000


def _both_forms(name: str, state: Any, me: int, now: int, seed: int) -> tuple[bool, bool]:
    """Every level of ``name`` handed ``me``'s legal actions as the engine's
    ``Moves`` and as a plain list of the same actions and answers, in the same
    order (and reversed): each choice is legal (or None) and the engine takes
    it; for the same rng seed both forms get the same choice (every level is
    deterministic given its rng), and with a prompt open the heuristic and the
    search answer it in either form.  Whether a prompt was open, and whether
    the hard level searched."""
    game = registry.get(name)
    legal = game.legal(state, me)
    if len(legal) > LISTED:
        return False, False
    view = game.view(state, me)
    moves = legal if isinstance(legal, Moves) else Moves(list(legal))
    flat = list(legal)
    prompted = isinstance(legal, Moves) and bool(legal.answers)
    assert flat == list(moves) and prompted == any(isinstance(a, Answer) for a in flat)
    brain = BRAINS.get(name)
    searched = brain is not None and brain().searchable(view, moves)
    assert searched == (brain is not None and brain().searchable(view, flat))
    for level in LEVELS:
        player = get(name, level, BUDGET)
        by_moves = player.choose(view, moves, random.Random(seed))
        by_list = player.choose(view, flat, random.Random(seed))
        reversed_ = player.choose(view, flat[::-1], random.Random(seed))
        for action in (by_moves, by_list, reversed_):
            if action is not None:
                assert action in legal, (name, level, action)
                game.apply(state, action, now)  # no RuleError
        assert by_moves == by_list, (name, level, by_moves, by_list)
        if prompted and level != "random":
            assert isinstance(by_list, Answer) and isinstance(reversed_, Answer), (name, level)
    return prompted, searched


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(GAMES),
    seats=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
)
def test_a_player_takes_moves_and_a_plain_list_alike(name: str, seats: int, seed: int, steps: int) -> None:
    """``choose(view, legal, rng)``: ``legal`` is any sequence of the game's actions,
    the engine's ``Moves`` or a plain list holding the same actions and answers."""
    state, now = _walk(name, seats, seed, steps)
    for me in range(1, seats + 1):
        _both_forms(name, state, me, now, seed)


BOTH_FORMS = [
    ("svintus", 3, {"target_score": 4, "metamorphoses": True}),  # a Polypig's colour, an ability's steps
    ("candy", 3, None),  # the abilities' choices
    ("smashup", 2, None),  # the draft, a mulligan, the abilities' choices
]
EACH = 12  # positions with a prompt open, and positions the search decides, in each game


@pytest.mark.parametrize(("name", "seats", "options"), BOTH_FORMS)
def test_a_player_answers_and_searches_alike_from_moves_and_a_plain_list(
    name: str, seats: int, options: Any
) -> None:
    """Positions from random games where a prompt is open (its answers come lazily
    in ``Moves``, as records of their own in a plain list: a plain list's answers
    once crashed Smash Up's heuristic) and where the hard level searches: every
    level chooses alike from both forms."""
    game = registry.get(name)
    players = list(range(1, seats + 1))
    prompted = searched = 0
    for seed in range(60):
        if prompted >= EACH and searched >= EACH:
            break
        rng = random.Random(seed)
        state, _ = game.start(players, seed, game.options(options), 0)
        now = 0
        for _ in range(300):
            if game.outcome(state).status == "over" or (prompted >= EACH and searched >= EACH):
                break
            for p in players:
                if isinstance(game.legal(state, p), Moves) or (searched < EACH and rng.random() < 0.2):
                    asked, search = _both_forms(name, state, p, now, seed)
                    prompted += asked
                    searched += search
            picks = (random_policy(game.view(state, p), game.legal(state, p), rng) for p in players)
            action = next((a for a in picks if a is not None), None)
            due = game.next_deadline(state)
            if action is None or (due is not None and due <= now + 200):
                if due is None:
                    break
                now = max(now, due)
                state, _ = game.apply(state, Tick(), now)
                continue
            now += 200
            state, _ = game.apply(state, action, now)
    assert prompted >= EACH and searched >= EACH, (name, prompted, searched)


def test_smashup_world_from_the_view_keeps_this_turns_extra_plays() -> None:
    """A position hypothesis found: player 2 has made an extra play this turn and
    an opponent's Eliza forbids a second, so Whiskers's extra action cannot be
    spent.  The world dealt from the view knows it (the view shows this turn's
    extra plays, minion plays and flags) and offers the same plays."""
    game = registry.get("smashup")
    state, _ = _walk("smashup", 2, 695827, 133)
    assert state.extras == {2: 1}
    view = game.view(state, 2)
    twin = BRAINS["smashup"]().determinize(view, random.Random(1))
    assert (twin.extras, twin.played, twin.memo) == (state.extras, state.played, state.memo)
    assert list(game.legal(twin, 2)) == list(game.legal(state, 2))


# --- strength ---------------------------------------------------------------------------------

MATCH = {"svintus": 6, "candy": 12, "smashup": 10}
# a hard player wins at least this share of a small seeded match against a random one
# (the arena's targets are 75-90% over 1,000 games; a broken search falls far below)
FLOOR = 0.6


@pytest.mark.parametrize("name", sorted(MATCH))
def test_hard_beats_random_in_a_small_match(name: str) -> None:
    games = MATCH[name]
    wins = 0.0
    for g in range(games):
        players = [get(name, "hard", BUDGET), get(name, "random")]
        result = play_game(name, players, 1000 + g, OPTIONS.get(name), rotate=g)
        wins += result.wins[0]
    assert wins / games >= FLOOR, f"{name}: hard won {wins}/{games} against random"


# --- Dobble: the levels differ by their time --------------------------------------------------


def test_dobble_levels_differ_by_reaction_time() -> None:
    game = registry.get("dobble")
    state, _ = game.start([1, 2], 3, None, 0)
    view = game.view(state, 1)
    rng = random.Random(1)
    medians = {}
    for level in ("easy", "hard"):
        delays = [get("dobble", level).delay_ms(view, rng) for _ in range(2000)]
        medians[level] = statistics.median(delays)
        assert len(set(delays)) > 100  # a spread, not one figure
    assert 3200 <= medians["easy"] <= 4800
    assert 1200 <= medians["hard"] <= 1800


def test_dobble_players_always_find_the_symbol() -> None:
    game = registry.get("dobble")
    for level in ("easy", "hard"):
        player = get("dobble", level)
        state, _ = game.start([1, 2], 11, None, 0)
        now = 0
        rng = random.Random(2)
        found = 0
        for _ in range(200):
            if game.outcome(state).status == "over":
                break
            view = game.view(state, 1)
            legal = game.legal(state, 1)
            action = player.choose(view, legal, rng) if view.centre is not None else None
            if action is None:
                due = game.next_deadline(state)
                assert due is not None
                now = max(now, due)
                state, _ = game.apply(state, Tick(), now)
                continue
            now += 10
            state, _ = game.apply(state, action, now)
            found += 1
            assert 1 not in game.view(state, 1).locked  # a right press never locks one out
        assert found > 5


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert 0.70 < low < 0.72 and 0.86 < high < 0.88
    assert dobble_players.MEDIAN_MS["hard"] < dobble_players.MEDIAN_MS["easy"]


# --- Svintus: what a person at the table remembers ------------------------------------------


def test_svintus_everyone_sees_who_drew_rather_than_play_and_on_what() -> None:
    """A draw on one's turn shows the table that none of one's cards fitted the
    top; each card played since may have been one of them, and a new round
    forgets it all.  Public: every view has it, the same."""
    f = Faces()
    red5, blue5 = f.card("red", 5), f.card("blue", 5)
    s = table(
        {1: [f.card("blue", 1), f.card("green", 2)], 2: [blue5, f.card("green", 6)]},
        top=red5,
        deck=[f.card("orange", 7)],
    )
    assert s.drew_on == {}
    s, _ = GAME_SVINTUS.apply(s, Draw(player=1), 1)  # the orange 7 does not fit: the turn passes
    assert s.current == 2
    red = COLORS.index(Color.RED) + 1
    assert all(GAME_SVINTUS.view(s, v).drew_on == {1: [red5, red, 2]} for v in (None, 1, 2))
    s, _ = GAME_SVINTUS.apply(s, Play(player=2, card=blue5, on=red5), 2)
    s, _ = GAME_SVINTUS.apply(s, Play(player=1, card=s.hands[1][0], on=blue5), 3)  # the blue 1
    assert GAME_SVINTUS.view(s, 2).drew_on == {1: [red5, red, 1]}


def test_svintus_no_memory_of_draws_with_animals() -> None:
    """Animals change what fits and move cards between hands: no draw is remembered."""
    f = Faces()
    s = table(
        {1: [f.card("blue", 1)], 2: [f.card("green", 6)]},
        top=f.card("red", 5),
        animals={1: Animal.OWL, 2: Animal.TURTLE},
    )
    s, _ = GAME_SVINTUS.apply(s, Draw(player=1), 1)
    assert s.drew_on == {}


def test_svintus_worlds_keep_a_drawers_cards_unfit() -> None:
    """The expert's worlds deal an opponent who drew, and has played one card
    since, at least the rest of the cards held then from those that did not fit."""
    f = Faces()
    red5 = f.card("red", 5)
    s = table(
        {1: [f.card("blue", 1), f.card("green", 2), f.card("green", 3)], 2: [f.card("red", 0)]},
        top=red5,
        current=2,
        drew_on={1: [red5, COLORS.index(Color.RED) + 1, 2]},
    )
    view = GAME_SVINTUS.view(s, 2)
    fits = fitting(red5, Color.RED)
    for k in range(200):
        world = svintus_players.determinize(view, random.Random(k))
        assert len(world.hands[1]) == 3
        assert sum(c not in fits for c in world.hands[1]) >= 2
        assert world.drew_on == view.drew_on


def test_svintus_expert_turns_the_colour_to_one_a_drawer_lacks() -> None:
    """Its opponent drew on a blue 3 (no blue, no 3, no Polypig then) and has
    one card more since: the expert plays the blue 5 on the red 5 rather than a
    red of the colour it holds most (the heuristic's pick), so the opponent
    must draw again or hold a 5."""
    f = Faces()
    red5, blue3, blue5 = f.card("red", 5), f.card("blue", 3), f.card("blue", 5)
    mine = [f.card("red", 6), f.card("red", 4), f.card("red", 2), blue5]
    s = table(
        {1: mine, 2: [f.card("red", 0), f.card("green", 7), f.card("orange", 6), f.card("red", 1)]},
        top=red5,
        under=[blue3],
        drew_on={2: [blue3, COLORS.index(Color.BLUE) + 1, 3]},
    )
    view, legal = GAME_SVINTUS.view(s, 1), GAME_SVINTUS.legal(s, 1)
    assert svintus_players.policy(view, legal, random.Random(0)) != Play(player=1, card=blue5, on=red5)
    picks = [get("svintus", "hard").choose(view, legal, random.Random(k)) for k in range(3)]
    assert picks == [Play(player=1, card=blue5, on=red5)] * 3


def test_svintus_expert_names_the_colour_a_drawer_lacks_for_its_polypig() -> None:
    """Its opponent drew on a blue 3 and holds those 3 cards still: the expert names
    blue for its Polypig rather than red, the colour it holds most (the heuristic's
    pick), and the coach says why."""
    f = Faces()
    red5, blue3, pig = f.card("red", 5), f.card("blue", 3), f.card("polypig")
    s = table(
        {
            1: [pig, f.card("red", 6), f.card("red", 4), f.card("blue", 1)],
            2: [f.card("red", 0), f.card("green", 7), f.card("orange", 6)],
        },
        top=red5,
        under=[blue3],
        drew_on={2: [blue3, COLORS.index(Color.BLUE) + 1, 3]},
    )
    s, _ = GAME_SVINTUS.apply(s, Play(player=1, card=pig, on=red5), 1)
    view, legal = GAME_SVINTUS.view(s, 1), GAME_SVINTUS.legal(s, 1)
    assert view.prompt is not None and view.prompt.kind == "color"
    heuristic = svintus_players.policy(view, legal, random.Random(0))
    assert isinstance(heuristic, Answer) and heuristic.picks == [Color.RED]
    expert = get("svintus", "hard").choose(view, legal, random.Random(0))
    assert isinstance(expert, Answer) and expert.picks == [Color.BLUE]
    assert svintus_players.reason(view, legal, expert) == (
        "svintus-hint-name-lacked",
        {"color": "blue", "player": 2},
    )
    # drawn many cards since (the three of then among eight): red, held most, is worth more
    s.hands[2] = [*s.hands[2], *(f.card("green", n) for n in range(5))]
    view, legal = GAME_SVINTUS.view(s, 1), GAME_SVINTUS.legal(s, 1)
    expert = get("svintus", "hard").choose(view, legal, random.Random(0))
    assert isinstance(expert, Answer) and expert.picks == [Color.RED]
    assert svintus_players.reason(view, legal, expert) == ("svintus-hint-name-held", {"color": "red"})
