"""Sessions stored by the previous engine (state schema 1: its own prompt list
``steps``) load on the core's prompt queue, show the same prompt, zones, wait
and deadline, and play on."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine.candy import GAME as G
from engine.candy.keys import Ev
from engine.candy.models import SCHEMA_VERSION, CandyState
from engine.core import Answer, Leave, Tick, hand_zone, to_jsonable
from tests.engine.candy_helpers import check_cards

DATA = Path(__file__).resolve().parent.parent / "data"


def _stored(name: str) -> dict[str, Any]:
    doc = json.loads((DATA / name).read_text())
    state = doc["state"]
    assert isinstance(state, dict) and state["schema_version"] == 1
    return state


def _zones(old: dict[str, Any]) -> dict[str, int]:
    """The view's zone counts, from the old document's own fields."""
    zones = {"deck": len(old["deck"]), "discard": len(old["discard"])}
    for p in old["seats"]:
        zones[hand_zone(p)] = len(old["hands"][str(p)])
        zones[f"empire:{p}"] = len(old["empires"][str(p)])
    return zones


def _waits(s: CandyState) -> list[tuple[str, list[int], int | None]]:
    return [(w.kind, list(w.players), w.until_ms) for w in G.waiting(s)]


def _play_on(s: CandyState, seed: int, steps: int = 200) -> CandyState:
    """Random legal steps (nobody leaves), time passing; cards are conserved."""
    rnd = random.Random(seed)
    now = s.clock_ms
    total = len(s.cards)
    for _ in range(steps):
        if G.outcome(s).status == "over":
            break
        now += rnd.randint(0, 3_000)
        due = G.next_deadline(s)
        acts = [a for p in s.seats for a in G.legal(s, p) if not isinstance(a, Leave)]
        if due is not None and (due <= now or not acts):
            now = max(now, due)
            s, _ = G.apply(s, Tick(), now)
        else:
            assert acts, "nobody can act and no deadline"
            s, _ = G.apply(s, acts[rnd.randrange(len(acts))], now)
        check_cards(s)
        assert sum(G.view(s, None).zone_counts.values()) == total
        again = G.load(G.dump(s))
        assert G.dump(again) == G.dump(s)
    return s


def test_a_thief_prompt_stored_as_a_step_is_open_on_the_queue() -> None:
    old = _stored("session_v2_candy_step.json")
    s = G.load(old)
    assert s.schema_version == SCHEMA_VERSION and s.phase == "playing"
    prompt = G.view(s, 102).prompt
    assert prompt is not None
    assert to_jsonable(prompt) == {
        "id": 1,
        "player": 102,
        "key": "candy-prompt-thief",
        "args": {},
        "kind": "card",
        "options": [7],
        "min": 0,
        "max": 1,
        "ordered": False,
        "cancel": False,
        "skip_key": "candy-prompt-skip",
    }
    assert [x.data for x in s.prompts] == [{"owner": 102, "card": 17, "via_lawyer": False}]
    assert G.view(s, 101).prompt is None and G.view(s, None).prompt is None
    assert _waits(s) == [("turn", [102], None)]
    assert G.next_deadline(s) is None
    for viewer in (None, 101, 102, 103):
        assert G.view(s, viewer).zone_counts == _zones(old)
    # the next prompt gets a fresh id
    assert s.prompt_seq == 1
    # answering it plays on: the Thief takes card 7 from 101's empire
    after, ev = G.apply(s, Answer(player=102, prompt=1, picks=[7]), s.clock_ms + 100)
    assert ev[0].key == Ev.THIEF_TOOK
    assert 7 in after.empires[102] and 7 not in after.empires[101]
    assert after.current == 103 and not after.prompts
    _play_on(after, seed=1)


def test_a_thief_prompt_stored_as_a_step_can_be_declined() -> None:
    s = G.load(_stored("session_v2_candy_step.json"))
    after, ev = G.apply(s, Answer(player=102, prompt=1, picks=[]), s.clock_ms + 100)
    assert ev[0].key == Ev.DECLINED and after.current == 103


def test_a_snatcher_window_stored_open_stays_open_until_its_deadline() -> None:
    old = _stored("session_v2_candy_reaction.json")
    s = G.load(old)
    assert s.schema_version == SCHEMA_VERSION and not s.prompts and s.prompt_seq == 3
    assert all(G.view(s, p).prompt is None for p in (None, 101, 102, 103))
    assert _waits(s) == [("reaction", [101], 10105)]
    assert G.next_deadline(s) == 10105
    for viewer in (None, 101, 102, 103):
        assert G.view(s, viewer).zone_counts == _zones(old)
    legal = G.legal(s, 101)
    assert [a.type for a in legal] == ["block", "allow", "leave"]
    hand = list(s.hands[101])
    blocked, ev = G.apply(s, legal[0], 10_104)  # just before the window closes
    assert Ev.BLOCKED in [e.key for e in ev] and blocked.hands[101] == hand
    assert blocked.current == 101 and blocked.reaction is None
    _play_on(blocked, seed=2)
    # left alone, the window closes at its deadline and the Judge swaps the hands
    closed, ev = G.apply(s, Tick(), 10_105)
    keys = [e.key for e in ev]
    assert keys[:2] == [Ev.NOT_BLOCKED, Ev.JUDGE_SWAPPED] and closed.hands[103][:3] == hand
    _play_on(closed, seed=3)
