"""Whole Metamorphoses matches played by a seeded random table, every step checked.

Complements the hypothesis properties (short random plans) with long games
that reach every animal's ability: cards conserved, hands private (the Owl
and the Eagle-Owl see only what they are entitled to), matches end, and a
replay of the same seed and actions gives the same state.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Leave, Tick
from engine.svintus import GAME
from engine.svintus.keys import Ev
from engine.svintus.models import Play, Slap, Speak, SvintusOptions, SvintusState
from tests.engine.test_svintus_properties import conserved, nobody_idle_at_zero, private

G = GAME
ANIMAL_EVENTS = {
    Ev.PORCUPINE, Ev.FLYING_SQUIRREL, Ev.BOOR_HOG, Ev.NINJA, Ev.EAGLE_OWL_SWAPS, Ev.TOMCAT, Ev.MAD_HARE,
    Ev.SILVER_FOX_GIVES, Ev.ALARM_ROOSTER, Ev.MINOTAUR, Ev.ROAMING_BEAR, Ev.MULE, Ev.BAT, Ev.SHAPESHIFTER,
    Ev.MAMMOTH, Ev.HEDGEHOG_TOOK, Ev.PENALTY_DUTY_MISSED, Ev.FOX_BITE, Ev.ROOSTER_PASSES, Ev.MOUSE_SPARED,
    Ev.FROM_PILE, Ev.FLIPPED_DARK, Ev.FLIPPED_LIGHT, Ev.TURN_LOST,
}  # fmt: skip


def play_match(
    seed: int, n: int, max_steps: int = 30_000, metamorphoses: bool = True
) -> tuple[SvintusState, list[tuple[Any, int]], set[str]]:
    """A table that mostly plays what it can, slaps in time and uses its animals."""
    rnd = random.Random(seed)
    options = SvintusOptions(metamorphoses=metamorphoses, target_score=12, hand_size=5, round_break_ms=0)
    s, _ = G.start(list(range(1, n + 1)), seed=seed, options=options, now_ms=0)
    now, log, seen = 0, [], set()
    for step in range(max_steps):
        if s.phase == "match_over":
            break
        now += rnd.choice((100, 400, 1500, 5000))
        due = G.next_deadline(s)
        if due is not None and due <= now:
            action: Any = Tick()
        else:
            p = s.current if rnd.random() < 0.6 else rnd.choice(s.seats)
            acts = [a for a in G.legal(s, p) if not isinstance(a, Leave | Speak)]
            if not acts:
                continue
            urgent = [a for a in acts if isinstance(a, Slap | Play)]
            action = rnd.choice(urgent if urgent and rnd.random() < 0.7 else acts)
        s, events = G.apply(s, action, now)
        log.append((action, now))
        seen |= {e.key for e in events}
        conserved(s)
        nobody_idle_at_zero(s)
        if step % 3 == 0:
            private(s)
    return s, log, seen


def test_metamorphoses_matches_conserve_cards_keep_hands_private_and_end() -> None:
    seen: set[str] = set()
    finished = 0
    for seed in range(24):
        s, _, keys = play_match(seed, 2 + seed % 7)
        seen |= keys
        finished += s.phase == "match_over"
    assert finished == 24
    assert {str(k) for k in ANIMAL_EVENTS} <= seen, {str(k) for k in ANIMAL_EVENTS} - seen


def test_metamorphoses_replays_are_deterministic() -> None:
    for seed in (3, 11):
        s, log, _ = play_match(seed, 4, max_steps=2_000)
        again, _ = G.start([1, 2, 3, 4], seed=seed, options=s.options, now_ms=0)
        for action, now in log:
            again, _ = G.apply(again, action, now)
        assert G.dump(again) == G.dump(s)
