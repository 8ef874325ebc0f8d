"""Randomness from the seed in the state.

splitmix64: tiny, fast, and stable across Python versions, so a replay made
today gives the same game tomorrow.  Its whole state is one int in the state.
"""

from __future__ import annotations

from typing import Any, Final

_MASK: Final = (1 << 64) - 1


def rng_seed(seed: int) -> int:
    return seed & _MASK


def rng_next(state: int) -> tuple[int, int]:
    """Return (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def rng_below(state: int, n: int) -> tuple[int, int]:
    """Return (new state, a uniform int in [0, n))."""
    if n <= 0:
        raise ValueError(n)
    limit = _MASK - (_MASK % n)
    while True:
        state, out = rng_next(state)
        if out < limit:
            return state, out % n


def rng_shuffle(state: int, items: list[Any]) -> int:
    """Shuffle ``items`` in place (Fisher–Yates); return the new rng state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = rng_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
