"""States saved by the previous engine (schema 1, before prompts) load and play on."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core import Answer
from engine.svintus import GAME as G
from engine.svintus.models import SCHEMA_VERSION

DATA = Path(__file__).resolve().parent.parent / "data"


def _state(name: str) -> dict[str, object]:
    doc = json.loads((DATA / name).read_text())
    state = doc["state"]
    assert isinstance(state, dict) and state["schema_version"] == 1
    return state


def test_a_schema_one_state_loads_and_plays_on() -> None:
    s = G.load(_state("session_v1_playing.json"))
    assert s.schema_version == SCHEMA_VERSION and s.phase == "playing"
    mover = G.waiting(s)[0].players[0]
    moves = [a for a in G.legal(s, mover) if a.type in ("play", "draw", "pass", "accept", "color")]
    assert moves
    after, _ = G.apply(s, moves[0], s.clock_ms + 1000)
    assert after.seq == s.seq + 1 and sum(G.view(after).zone_counts.values()) == 112


def test_an_eagle_owl_mid_swap_continues_with_its_take_prompt() -> None:
    """Saved after the owner had chosen the card to give: they now choose the one to take."""
    raw = _state("session_v1_eagle_owl.json")
    s = G.load(raw)
    run = s.ability
    assert run is not None and run.step == 2 and run.picked == raw["ability"]["picked"]  # type: ignore[index]
    prompt = G.view(s, run.player).prompt
    assert prompt is not None and sorted(prompt.options) == sorted(s.hands[102])
    given = run.picked[0]
    taken = prompt.options[0]
    after, _ = G.apply(s, Answer(player=101, prompt=prompt.id, picks=[taken]), s.clock_ms + 10)
    assert after.ability is None and taken in after.hands[101] and given in after.hands[102]
