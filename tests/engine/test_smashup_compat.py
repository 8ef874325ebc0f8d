"""Smash Up sessions stored by the bot before the core's prompt queue
(``tests/data/session_v2_smashup_*.json``, schema 1 states) load into today's
engine: the same player has the same prompt open, the same zones hold the
same number of cards, the game waits on the same player, and it plays on."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import Answer, Leave, Moves, Tick, hand_zone, to_jsonable
from engine.smashup import GAME
from engine.smashup.cards import FACTION_SIZE
from engine.smashup.keys import Ev, Pr
from engine.smashup.models import SmashUpState, Window
from tests.engine.smashup_helpers import check_cards, keys

DATA = Path(__file__).parent.parent / "data"


def _doc(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / f"session_v2_smashup_{name}.json").read_text())
    return doc


def _old_zone_counts(raw: dict[str, Any]) -> dict[str, int]:
    """What the version 1 engine counted in each zone, read off its document."""
    z: dict[str, int] = {}
    drafted = 0
    seats = raw["seats"]
    for p in seats:
        z[hand_zone(p)] = len(raw["hands"][str(p)])
        z[f"deck:{p}"] = len(raw["decks"][str(p)])
        z[f"discard:{p}"] = len(raw["discards"][str(p)])
        drafted += len(raw["factions"].get(str(p), []))
    for b in raw["bases"]:
        z[f"base:{b['uid']}"] = 1 + len(b["actions"]) + sum(1 + len(m["attached"]) for m in b["minions"])
    z["base_deck"] = len(raw["base_deck"])
    z["base_discard"] = len(raw["base_discard"])
    z["aside"] = len(raw["aside"])
    if raw["madness_on"]:
        z["madness"] = len(raw["madness"])
    if drafted < 2 * len(seats):
        z["undrafted"] = (2 * len(seats) - drafted) * FACTION_SIZE
    return z


def _load(name: str) -> tuple[SmashUpState, dict[str, Any]]:
    raw = _doc(name)["state"]
    s = GAME.load(raw)
    assert s.schema_version == GAME.schema_version
    assert GAME.view(s, None).zone_counts == _old_zone_counts(raw)
    assert GAME.next_deadline(s) == raw["deadline_ms"]
    assert GAME.load(GAME.dump(s)) == s  # today's document of it reads back the same
    return s, raw


def _prompt_of(s: SmashUpState, p: int) -> dict[str, Any]:
    v = GAME.view(s, p)
    assert v.prompt is not None
    out: dict[str, Any] = to_jsonable(v.prompt)
    return out


def _plays_on(s: SmashUpState, seed: int, steps: int = 300) -> SmashUpState:
    """``steps`` random legal steps (every seat's actions, a prompt's answers
    drawn lazily; nobody leaves): nothing legal is refused, no card is lost."""
    rnd = random.Random(seed)
    total = sum(GAME.view(s, None).zone_counts.values())
    now = s.clock_ms
    for _ in range(steps):
        if GAME.outcome(s).status == "over":
            assert max(s.vp.values()) >= s.options.goal or s.madness_on  # a real end, not a walk-out
            break
        now += rnd.randint(0, 3000)
        menu: list[Any] = []
        for p in s.seats:
            legal = GAME.legal(s, p)
            plain = legal.plain if isinstance(legal, Moves) else list(legal)
            menu += [a for a in plain if not isinstance(a, Leave)]
            if isinstance(legal, Moves) and legal.answers:
                menu.append(legal.answers[rnd.randrange(len(legal.answers))])
        due = GAME.next_deadline(s)
        action: Any = Tick() if not menu or (due is not None and due <= now) else rnd.choice(menu)
        if isinstance(action, Tick):
            assert due is not None, "nobody can act and no deadline"
            now = max(now, due)
        s, _ = GAME.apply(s, action, now)
        assert sum(GAME.view(s, None).zone_counts.values()) == total
        if s.phase != "setup":
            check_cards(s)
    return s


def test_a_draft_in_progress_loads_with_the_same_pick_open_and_plays_on() -> None:
    s, _ = _load("draft")
    assert _prompt_of(s, 101) == {
        "id": 3,
        "player": 101,
        "key": "smashup-prompt-draft",
        "args": {"round": 2},
        "kind": "faction",
        "options": [
            "minions-of-cthulhu",
            "fairies",
            "kitty-cats",
            "mythic-horses",
            "princesses",
            "innsmouth",
            "miskatonic-university",
        ],
        "min": 1,
        "max": 1,
        "ordered": False,
        "cancel": False,
        "skip_key": None,
    }
    assert [(w.kind, w.players) for w in GAME.waiting(s)] == [("setup", [101])]
    assert GAME.view(s, 102).prompt is None
    s, ev = GAME.apply(s, Answer(player=101, prompt=3, picks=["fairies"]), s.clock_ms)
    assert s.factions[101] == ["elder-things", "fairies"] and Ev.DRAFTED in keys(ev)
    # the snake goes on (102, 101, 101, 102): the last pick is 102's
    assert [(w.kind, w.players) for w in GAME.waiting(s)] == [("setup", [102])]
    for seed in range(3):
        _plays_on(s, seed)


def test_a_cards_prompt_loads_with_the_same_question_and_the_rest_of_its_resolution() -> None:
    s, raw = _load("prompt")
    p = _prompt_of(s, 102)
    assert {k: p[k] for k in ("id", "key", "args", "kind", "options", "min", "max", "skip_key")} == {
        "id": 9,
        "key": "smashup-prompt-miskatonic-draw-madness",
        "args": {"card": "researcher"},
        "kind": "choice",
        "options": ["yes"],
        "min": 0,
        "max": 1,
        "skip_key": "smashup-prompt-no",
    }
    assert [(w.kind, w.players) for w in GAME.waiting(s)] == [("turn", [102])]
    madness = len(s.madness)
    s, ev = GAME.apply(s, Answer(player=102, prompt=9, picks=["yes"]), s.clock_ms)
    # the Researcher's draw, then the rest of the stored stack (the play trigger)
    assert Ev.MADNESS_DRAWN in keys(ev) and len(s.madness) == madness - 1
    assert not s.stack and not s.prompts and GAME.waiting(s)[0].players == [102]
    assert raw["stack"]  # the stored resolution was not empty: it ran
    for seed in range(3):
        _plays_on(s, seed)


def test_a_me_first_window_loads_with_the_same_prompt_and_goes_on_under_the_new_rule() -> None:
    s, raw = _load("window")
    p = _prompt_of(s, 103)
    assert {k: p[k] for k in ("id", "key", "args", "kind", "options", "min", "max", "skip_key")} == {
        "id": 50,
        "key": "smashup-prompt-me-first",
        "args": {"base": "the-asylum"},
        "kind": "card",
        "options": [63],
        "min": 0,
        "max": 1,
        "skip_key": "smashup-prompt-pass",
    }
    assert [(w.kind, w.players) for w in GAME.waiting(s)] == [("turn", [103])]
    # version 1 counted (turn 0, passes 0) from the current player: 103 answers, nobody passed yet
    assert raw["window"] == {"base": 0, "timing": "before", "turn": 0, "passes": 0}
    assert s.window == Window(base=0, timing="before", responder=103, passed=[])
    s, ev = GAME.apply(s, Answer(player=103, prompt=50, picks=[]), s.clock_ms)
    assert keys(ev) == [Ev.PASSED]
    # the new rule: every player at the table is asked in turn, with or without a Special
    asked = []
    while Ev.PLACE not in keys(ev):
        x = s.prompts[0].prompt
        assert x.key == Pr.ME_FIRST and len(s.prompts) == 1
        asked.append(x.player)
        s, ev = GAME.apply(s, Answer(player=x.player, prompt=x.id, picks=[]), s.clock_ms)
    assert asked == [101, 102]  # clockwise from 103, then all three passed in a row
    assert s.window is not None and s.window.timing == "after"
    for seed in range(3):
        _plays_on(s, seed)


@pytest.mark.parametrize("name", ["draft", "prompt", "window"])
def test_an_old_document_with_a_timer_migrates_the_same(name: str) -> None:
    """The migration reads the document, not the options: a timed table loads alike."""
    raw = _doc(name)["state"]
    raw = {
        **raw,
        "options": {**raw["options"], "turn_timer_ms": 30_000},
        "deadline_ms": raw["clock_ms"] + 30_000,
    }
    s = GAME.load(raw)
    assert GAME.next_deadline(s) == raw["clock_ms"] + 30_000
    x = s.prompts[0].prompt
    s, ev = GAME.apply(s, Tick(), raw["clock_ms"] + 30_000)  # the open prompt times out: its default
    assert find_timeout(ev) == x.player
    _plays_on(s, 7, steps=100)


def find_timeout(events: list[Any]) -> int:
    return next(int(e.args["player"]) for e in events if e.key == Ev.TIMEOUT)
