"""States saved by previous engines load and play on: schema 1 (before prompts) and
schema 2 (before the core's prompt queue: a Polypig's colour was a flag, a dark
ability held its prompt's id)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine.core import Answer, Tick
from engine.svintus import GAME as G
from engine.svintus.cards import Color
from engine.svintus.keys import Pr
from engine.svintus.models import SCHEMA_VERSION, SvintusState

DATA = Path(__file__).resolve().parent.parent / "data"


def _state(name: str, version: int = 1) -> dict[str, Any]:
    doc = json.loads((DATA / name).read_text())
    state = doc["state"]
    assert isinstance(state, dict) and state["schema_version"] == version
    return state


def _plays_on(s: SvintusState, steps: int = 300) -> None:
    """Random legal play from ``s``: every card stays in the game."""
    rng = random.Random(7)
    now = s.clock_ms
    for _ in range(steps):
        if G.outcome(s).status == "over":
            return
        now += rng.randint(0, 900)
        due = G.next_deadline(s)
        menus = [m for m in (G.legal(s, p) for p in s.seats) if m]
        if (due is not None and due <= now) or not menus:
            s, _ = G.apply(s, Tick(), max(now, due or now))
            continue
        menu = menus[rng.randrange(len(menus))]
        action = menu[rng.randrange(len(menu))]
        if action.type != "leave":
            s, _ = G.apply(s, action, now)
        assert sum(G.view(s).zone_counts.values()) == 112


def test_a_schema_one_state_loads_and_plays_on() -> None:
    s = G.load(_state("session_v1_playing.json"))
    assert s.schema_version == SCHEMA_VERSION and s.phase == "playing"
    assert s.drew_on == {}  # saved before draws were remembered: none is
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


def test_a_schema_two_polypig_awaiting_its_colour_asks_for_it_as_a_prompt() -> None:
    raw = _state("session_v2_svintus_color.json", 2)
    assert raw["awaiting_color"] is True and raw["current"] == 103
    s = G.load(raw)
    assert s.schema_version == SCHEMA_VERSION and s.awaiting_color
    prompt = G.view(s, 103).prompt
    assert prompt is not None and prompt.key == Pr.POLYPIG_COLOR and prompt.kind == "color"
    assert prompt.options == [c.value for c in Color] and (prompt.min, prompt.max) == (1, 1)
    assert prompt.id > raw["prompts"]  # a fresh id: no old press can answer it
    assert G.view(s, 101).prompt is None and G.view(s, 102).prompt is None
    assert [(w.kind, w.players, w.until_ms) for w in G.waiting(s)] == [("turn", [103], 30905)]
    assert G.next_deadline(s) == 30905
    after, _ = G.apply(s, Answer(player=103, prompt=prompt.id, picks=["blue"]), s.clock_ms + 10)
    assert after.color is Color.BLUE and not after.awaiting_color and after.current != 103
    _plays_on(after)


def test_a_schema_two_dark_ability_keeps_its_prompt_and_its_id() -> None:
    raw = _state("session_v2_svintus_ability.json", 2)
    run = raw["ability"]
    s = G.load(raw)
    prompt = G.view(s, 103).prompt
    assert prompt is not None and s.ability is not None and s.ability.player == 103
    assert (
        (prompt.id, prompt.key, prompt.kind)
        == (run["prompt"], Pr.GIVE_TWO, "card")
        == (9, Pr.GIVE_TWO, "card")
    )
    assert prompt.args == {"least": 2, "most": 2, "target": 101}
    assert prompt.options == sorted(raw["hands"]["103"]) and (prompt.min, prompt.max) == (2, 2)
    assert not prompt.cancel and prompt.skip_key is None
    assert [(w.kind, w.players, w.until_ms) for w in G.waiting(s)] == [("turn", [103], 87220)]
    given = prompt.options[:2]
    after, _ = G.apply(s, Answer(player=103, prompt=9, picks=given), s.clock_ms + 10)
    assert after.ability is None and set(given) <= set(after.hands[101])
    _plays_on(after)
