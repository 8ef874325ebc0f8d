"""A Dobble state the bot stored before the engine core (schema 1) loads and plays on."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine.core import Tick, Wait
from engine.dobble import GAME as G
from engine.dobble.cards import SHARED
from engine.dobble.models import SCHEMA_VERSION, DobbleState, Spot
from tests.engine.dobble_helpers import check_cards

DATA = Path(__file__).resolve().parent.parent / "data"
PLAYERS = [101, 102, 103]


def _state(name: str) -> dict[str, Any]:
    doc = json.loads((DATA / name).read_text())
    state = doc["state"]
    assert isinstance(state, dict) and state["schema_version"] == 1
    return state


def _right(s: DobbleState, p: int) -> Spot:
    return next(a for a in G.legal(s, p) if isinstance(a, Spot) and SHARED[a.centre][a.card] == a.symbol)


def test_a_match_in_its_second_mode_loads_as_it_was() -> None:
    raw = _state("session_v2_dobble.json")
    s = G.load(raw)
    assert s.schema_version == SCHEMA_VERSION and s.prompts == [] and s.prompt_seq == 0
    assert (s.stage, s.mode, s.mode_no, s.shown, s.seq) == ("live", "well", 1, raw["shown"], raw["seq"])
    for p in (None, *PLAYERS):
        assert G.view(s, p).prompt is None
    assert G.waiting(s) == [Wait(kind="all", players=PLAYERS, until_ms=None)]
    assert G.next_deadline(s) is None
    assert G.view(s).zone_counts == {
        "deck": 0,
        "centre": 1,
        "outer": 0,
        "box": 0,
        "hand:101": 18,
        "hand:102": 18,
        "hand:103": 18,
    }
    # the symbol orders on the table are the stored ones, and saving gives the same JSON lists
    assert {c: list(f) for c, f in s.faces.items()} == {int(c): f for c, f in raw["faces"].items()}
    saved = json.loads(G.dump(s))
    assert {k: v for k, v in saved.items() if k not in ("schema_version", "prompts", "prompt_seq")} == {
        k: v for k, v in raw.items() if k != "schema_version"
    }
    assert G.load(G.dump(s)) == s


def test_the_stored_match_plays_on_to_its_end() -> None:
    s = G.load(_state("session_v2_dobble.json"))
    now = s.clock_ms + 500
    # a right press on the card up now wins it (Well: the card goes on the centre)
    press = _right(s, 102)
    s, ev = G.apply(s, press, now)
    assert ev[0].key == "dobble-ev-played" and ev[0].args["player"] == 102
    assert s.centre[-1] == press.card and len(s.piles[102]) == 17 and s.seq == 739
    check_cards(s)
    # 200 random legal steps, cards conserved, then right presses to the end of the match
    rnd = random.Random(5)
    for _ in range(200):
        if s.stage == "over":
            break
        now += rnd.randint(0, 1500)
        due = G.next_deadline(s)
        moves = [a for p in s.players for a in G.legal(s, p) if isinstance(a, Spot)]
        if due is not None and (due <= now or not moves):
            now = max(now, due)
            s, _ = G.apply(s, Tick(), now)
        elif moves:
            s, _ = G.apply(s, moves[rnd.randrange(len(moves))], now)
        check_cards(s)
    for _ in range(5_000):
        if s.stage == "over":
            break
        now += 1
        due = G.next_deadline(s)
        if due is not None:
            now = max(now, due)
            s, _ = G.apply(s, Tick(), now)
            continue
        p = next(q for q in G.waiting(s)[0].players)
        s, _ = G.apply(s, _right(s, p), now)
        check_cards(s)
    assert s.stage == "over" and G.outcome(s).status == "over"
    assert len(s.results) == 4 and [r.mode for r in s.results] == ["tower", "well", "catch", "gift"]
    assert G.outcome(s).winners and set(G.outcome(s).winners) <= set(PLAYERS)
