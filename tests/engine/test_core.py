"""The engine core that every game shares: records and their derived copies, the
prompt queue and its lazy answers, the action codec, and the template ``apply``
— tested on their own, and over random games of every game in the registry."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from itertools import combinations, permutations
from typing import Any, Literal, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict

from engine import registry
from engine.candy.models import CandyAction
from engine.core import (
    Answer,
    Answers,
    Codec,
    CodecError,
    Event,
    Leave,
    Moves,
    Out,
    Pending,
    PlayerAction,
    Prompt,
    PromptKey,
    RuleError,
    Rules,
    State,
    Tick,
    ask,
    clone,
    dump,
    load,
    move,
    plain,
    record,
    resume,
)
from engine.core.codec import b36
from engine.dobble.models import DobbleAction
from engine.nim.game import NimAction
from engine.smashup.models import SmashUpAction
from engine.svintus.models import SvintusAction
from tests.engine.playout import total_cards

# --- records -------------------------------------------------------------------------------


@record(value=True)
class Point:
    x: int
    y: int


@record
class Bag:
    count: int = 0


@record
class Shelf(State):
    items: list[int] = []
    bags: dict[int, list[Bag]] = {}
    names: Mapping[int, str] = {}
    order: Sequence[int] = []
    spot: Point | None = None
    box: Bag | None = None
    notes: dict[str, Any] = {}


def test_a_clone_shares_nothing_a_rule_may_change_in_place() -> None:
    a = Shelf(items=[1], bags={1: [Bag(count=1)]}, box=Bag(count=2), notes={"k": [1, {"z": 2}]})
    b = clone(a)
    b.items.append(2)
    b.bags[1][0].count = 9
    b.bags[1].append(Bag())
    assert b.box is not None and b.box is not a.box
    b.box.count = 7
    b.notes["k"][1]["z"] = 3
    b.seq += 1
    assert a == Shelf(items=[1], bags={1: [Bag(count=1)]}, box=Bag(count=2), notes={"k": [1, {"z": 2}]})


def test_a_clone_shares_what_is_never_changed_in_place() -> None:
    """Values, Sequences and Mappings are replaced, not changed: a clone shares them."""
    a = Shelf(names={1: "a"}, order=[3, 1], spot=Point(x=1, y=2))
    b = clone(a)
    assert b.names is a.names and b.order is a.order and b.spot is a.spot and b == a


def test_mutable_defaults_are_fresh_for_every_record() -> None:
    a, b = Shelf(), Shelf()
    a.items.append(1)
    assert b.items == [] and a.prompts is not b.prompts


def test_records_round_trip_through_json() -> None:
    a = Shelf(items=[1, 2], bags={3: [Bag(count=4)]}, names={5: "x"}, spot=Point(x=1, y=1), seq=4)
    assert load(Shelf, dump(a)) == a


# --- prompts and their answers -------------------------------------------------------------


@pytest.mark.parametrize("ordered", [False, True])
@pytest.mark.parametrize(
    ("n", "lo", "hi", "cancel"), [(0, 0, 1, False), (1, 1, 1, True), (5, 0, 3, False), (6, 2, 4, True)]
)
def test_answers_list_every_selection_in_order_without_listing_them(
    n: int, lo: int, hi: int, cancel: bool, ordered: bool
) -> None:
    options: list[int | str] = [*range(n - 1), "x"][:n] if n else []
    prompt = Prompt(
        id=3, player=7, key="k", kind="card", options=options, min=lo, max=hi, ordered=ordered, cancel=cancel
    )
    pick = permutations if ordered else combinations
    expected = [list(c) for k in range(lo, min(hi, n) + 1) for c in pick(options, k)]
    answers = Answers(prompt)
    assert len(answers) == len(expected) + cancel
    assert [a.picks for a in answers][: len(expected)] == expected
    assert [answers[i] for i in range(len(answers))] == list(answers)
    assert all(a in answers for a in answers)
    if cancel:
        assert answers[-1].cancel
    assert Answer(player=7, prompt=3, picks=["nope"]) not in answers
    assert Answer(player=8, prompt=3, picks=options[:lo]) not in answers


def test_a_large_ordered_prompt_is_complete_and_cheap_to_pick_from() -> None:
    """Nine cards in any order: 986,409 answers, none listed to pick one."""
    prompt = Prompt(id=1, player=1, key="k", kind="card", options=list(range(9)), min=1, max=9, ordered=True)
    answers = Answers(prompt)
    assert len(answers) == sum(math.perm(9, k) for k in range(1, 10)) == 986_409
    last = answers[len(answers) - 1]
    assert last.picks == [8, 7, 6, 5, 4, 3, 2, 1, 0]
    rnd = random.Random(1)
    for _ in range(50):
        a = answers[rnd.randrange(len(answers))]
        assert a in answers and len(set(a.picks)) == len(a.picks)


# --- a tiny game on the template -----------------------------------------------------------


@record(value=True)
class Take(PlayerAction):
    type: Literal["take"] = "take"
    n: int


class NoOptions(BaseModel):
    model_config = ConfigDict(frozen=True)


@record
class Pile(State):
    left: int = 10
    players: list[int] = []
    turn: int = 0
    until: int | None = None  # a turn timer
    over: bool = False


class Nim(Rules[Pile, Any, Any]):
    """Take 1..3 from a pile, or ask for a pick; the last to take wins."""

    name = "nim"
    min_players, max_players = 2, 2
    keys = ()
    sample_args = {}
    State = Pile
    Options = NoOptions
    bad_action = "bad"
    bad_options = "bad"
    over_key = "over"

    def new(self, players: list[int], seed: int, options: Any, now: int) -> tuple[Pile, Out]:
        return Pile(players=players, until=now + 100), []

    def finished(self, s: Pile) -> bool:
        return s.over

    def deadline(self, s: Pile) -> int | None:
        return s.until

    def tick(self, s: Pile, due: int, out: Out) -> None:
        s.turn = 1 - s.turn
        s.until = due + 100
        out.append(Event(key="timeout"))

    def check(self, s: Pile, action: Any) -> None:
        if not isinstance(action, Answer) and action.player != s.players[s.turn]:
            raise RuleError("not-your-turn")

    def moves(self, s: Pile, player: int) -> list[Any]:
        if s.over or player != s.players[s.turn] or s.prompts:
            return []
        return [Take(player=player, n=n) for n in (1, 2, 3) if n <= s.left]

    @move(Take)
    def _take(self, s: Pile, a: Take, now: int, out: Out) -> None:
        if s.prompts:
            raise RuleError("answer-first")
        if not 1 <= a.n <= min(3, s.left):
            raise RuleError("how-many")
        s.left -= a.n
        if a.n == 3:  # taking three asks the player how many to put back
            ask(s, a.player, "put-back", "choice", [0, 1], then="put_back", data={"took": 3})
            return
        self._after(s, now)

    @resume("put_back")
    def _put_back(self, s: Pile, pending: Pending, a: Answer, now: int, out: Out) -> None:
        assert pending.data == {"took": 3}
        s.left += int(a.picks[0])
        self._after(s, now)

    def _after(self, s: Pile, now: int) -> None:
        s.over = s.left == 0
        s.turn = 1 - s.turn
        s.until = now + 100

    @move(Leave)
    def _leave(self, s: Pile, a: Leave, now: int, out: Out) -> None:
        s.over = True


NIM = Nim()


def test_the_template_copies_refuses_without_a_change_and_counts_changes() -> None:
    s, _ = NIM.start([1, 2], 0)
    before = dump(s)
    with pytest.raises(RuleError) as e:
        NIM.apply(s, Take(player=2, n=1), 10)
    assert e.value.key == "not-your-turn" and dump(s) == before
    after, _ = NIM.apply(s, Take(player=1, n=2), 10)
    assert dump(s) == before and (after.left, after.seq, after.clock_ms, after.turn) == (8, 1, 10, 1)


def test_a_deadline_already_due_fires_before_the_press() -> None:
    """Time first: a press that arrives after the turn ran out meets the next turn."""
    s, _ = NIM.start([1, 2], 0)
    with pytest.raises(RuleError) as e:
        NIM.apply(s, Take(player=1, n=1), 150)  # player 1's time ran out at 100
    assert e.value.key == "not-your-turn"
    after, events = NIM.apply(s, Take(player=2, n=1), 150)
    assert [ev.key for ev in events] == ["timeout"] and after.left == 9


def test_a_tick_with_nothing_due_is_no_change_at_all() -> None:
    s, _ = NIM.start([1, 2], 0)
    same, events = NIM.apply(s, Tick(), 99)
    assert same is s and events == []
    later, events = NIM.apply(s, Tick(), 350)
    assert [ev.key for ev in events] == ["timeout"] * 3 and later.until == 400 and later.seq == 1


def test_an_answer_resumes_the_step_that_asked_and_is_checked_first() -> None:
    s, _ = NIM.start([1, 2], 0)
    s, _ = NIM.apply(s, Take(player=1, n=3), 10)
    legal = NIM.legal(s, 1)
    assert isinstance(legal, Moves) and legal.plain == [] and len(legal) == 2
    prompt = s.prompts[0].prompt
    for bad, key in (
        (Answer(player=1, prompt=prompt.id, picks=[5]), PromptKey.OPTION),
        (Answer(player=1, prompt=prompt.id + 1, picks=[0]), PromptKey.STALE),
        (Answer(player=2, prompt=prompt.id, picks=[0]), PromptKey.NOT_YOURS),
        (Answer(player=1, prompt=prompt.id, picks=[0, 1]), PromptKey.COUNT),
        (Take(player=1, n=1), "answer-first"),
    ):
        with pytest.raises(RuleError) as e:
            NIM.apply(s, bad, 20)
        assert e.value.key == key
        assert not NIM.is_legal(s, bad)
    after, _ = NIM.apply(s, legal[1], 20)
    assert after.left == 8 and after.prompts == [] and after.turn == 1


def test_a_finished_game_refuses_everything_and_time_leaves_it_alone() -> None:
    s, _ = NIM.start([1, 2], 0)
    s, _ = NIM.apply(s, Leave(player=1), 1)
    with pytest.raises(RuleError) as e:
        NIM.apply(s, Take(player=2, n=1), 2)
    assert e.value.key == "over"


def test_actions_come_in_as_records_dicts_json_or_codes() -> None:
    s, _ = NIM.start([1, 2], 0)
    for given_as in (
        {"type": "take", "player": 1, "n": 1},
        '{"type": "take", "player": 1, "n": 1}',
        NIM.decode("take.1", 1),
    ):
        after, _ = NIM.apply(s, given_as, 1)
        assert after.left == 9
    with pytest.raises(RuleError):
        NIM.apply(s, {"type": "take", "player": 1}, 1)
    with pytest.raises(RuleError):
        NIM.decode("take.x!", 1)


# --- the codec -----------------------------------------------------------------------------


@given(st.integers(-(10**12), 10**12))
def test_base_36_reads_back(n: int) -> None:
    assert int(b36(n), 36) == n


@pytest.mark.parametrize(
    "code", ["", "take", "take.", "take.1.2", "take.01", "take.A", "take.+1", "give.1", "take.1,2"]
)
def test_a_code_that_names_no_action_is_refused(code: str) -> None:
    with pytest.raises(CodecError):
        Codec([Take, Leave]).decode(code, 1)


def test_a_string_holding_a_separator_has_no_code() -> None:
    with pytest.raises(CodecError):
        Codec([Answer]).encode(Answer(player=1, prompt=1, picks=["a.b"]))


# --- every game ----------------------------------------------------------------------------

WORST_PREFIX = len("h|-1009999999999|ffffff|ffffff|")


def _random_positions(name: str, seed: int, steps: int = 400) -> list[Any]:
    game = registry.get(name)
    rnd = random.Random(seed)
    n = rnd.randint(game.min_players, game.max_players)
    seats = list(range(1_000_000_001, 1_000_000_001 + n))
    s, _ = game.start(seats, seed, game.options(), 0)
    out = [s]
    now = 0
    for _ in range(steps):
        if game.outcome(s).status == "over":
            break
        now += rnd.randint(0, 2000)
        due = game.next_deadline(s)
        menus = [m for m in (game.legal(s, p) for p in seats) if m]
        if (due is not None and due <= now) or not menus:
            if due is None:
                break
            s, _ = game.apply(s, Tick(), max(now, due))
        else:
            menu = menus[rnd.randrange(len(menus))]
            action = menu[rnd.randrange(len(menu))]
            if action.type == "leave" and rnd.random() < 0.97:
                continue
            now = now if due is None else min(now, due - 1)
            s, _ = game.apply(s, action, now)
        out.append(s)
    return out


@pytest.mark.parametrize("name", registry.names())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), rnd=st.randoms(use_true_random=False))
def test_every_action_of_every_game_round_trips_through_its_code(
    name: str, seed: int, rnd: random.Random
) -> None:
    """Every action a player may take, in random games: its code reads back as the
    very action (made by whoever pressed), and every one a keyboard offers as a
    button — the plain actions and a prompt's single picks — fits Telegram's
    64 bytes of callback data with the chat, the game and the keyboard's tag."""
    game = registry.get(name)
    seen: set[str] = set()
    for s in _random_positions(name, seed, steps=250):
        for p in getattr(s, "seats", None) or getattr(s, "players", None) or []:
            legal = game.legal(s, p)
            sample = list(legal.plain if isinstance(legal, Moves) else legal)
            if isinstance(legal, Moves) and legal.answers:  # any of its answers, however many
                sample += [legal.answers[rnd.randrange(len(legal.answers))] for _ in range(8)]
            for a in sample:
                code = game.encode(a)
                assert game.decode(code, p) == a, (code, a)
                seen.add(a.type)
                if not isinstance(a, Answer) or len(a.picks) <= 1:
                    assert WORST_PREFIX + len(code.encode()) <= 64, code
    assert "leave" in seen


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(registry.names()), st.integers(0, 10**6))
def test_a_screens_codes_in_one_call_and_where_a_game_stands_in_one_call(name: str, seed: int) -> None:
    """In random positions of every game: ``encode_all`` gives each action's own
    code, in order; ``standing`` is ``outcome``, ``waiting`` and ``next_deadline``
    together (what a table does after each change asks it once)."""
    game = registry.get(name)
    for s in _random_positions(name, seed, steps=150):
        stands = game.standing(s)
        assert stands.outcome == game.outcome(s)
        assert stands.waits == game.waiting(s)
        assert stands.deadline == game.next_deadline(s)
        for p in getattr(s, "seats", None) or getattr(s, "players", None) or []:
            actions = list(plain(game.legal(s, p)))
            assert game.encode_all(actions) == [game.encode(a) for a in actions]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(registry.names()), st.integers(0, 10**6))
def test_is_legal_agrees_with_legal_and_with_apply(name: str, seed: int) -> None:
    """In random positions of every game: ``is_legal`` says yes exactly to what
    ``legal`` lists (a prompt's answers included, however many) and to what
    ``apply`` accepts; a refused action changes nothing; cards are conserved."""
    game = registry.get(name)
    positions = _random_positions(name, seed, steps=150)
    total = total_cards(game, positions[0])
    rnd = random.Random(seed)
    for s in positions[:: max(1, len(positions) // 12)]:
        assert total_cards(game, s) == total
        now = s.clock_ms
        seats = getattr(s, "seats", None) or getattr(s, "players", None) or []
        for p in seats:
            legal = game.legal(s, p)
            candidates = (
                list(legal[:40])
                if len(legal) <= 40
                else [legal[rnd.randrange(len(legal))] for _ in range(40)]
            )
            for q in seats:  # someone else's moves, as if pressed by p
                other = game.legal(s, q)
                candidates += [_as(a, p) for a in other[:10]]
            for a in candidates:
                assert game.is_legal(s, a) == (a in legal), a
                before = dump(s)
                try:
                    game.apply(s, a, now)
                    accepted = True
                except RuleError:
                    accepted = False
                assert dump(s) == before
                assert accepted == (a in legal), (a, accepted)


def _as(action: Any, player: int) -> Any:
    return type(action)(**{**{f: getattr(action, f) for f in action.__dataclass_fields__}, "player": player})


def test_each_games_action_type_is_what_it_has_handlers_for() -> None:
    """The action type each game declares (``Rules[State, Action, Options]``, the
    union in its ``models``: what ``legal``, ``apply`` and ``decode`` are typed
    with) holds exactly the types its handlers take (``Rules.actions``): an
    ``Answer`` where the game asks questions, ``Leave`` in every one."""
    declared = {
        "svintus": SvintusAction,
        "candy": CandyAction,
        "dobble": DobbleAction,
        "smashup": SmashUpAction,
        "nim": NimAction,
    }
    assert sorted(declared) == sorted(registry.names())
    for name, union in declared.items():
        assert set(get_args(union)) == set(registry.get(name).actions), name
