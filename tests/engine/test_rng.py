"""The seeded randomness: the numbers of the textbook splitmix64, whatever the
module computes them on (32-bit halves, machine integers when compiled)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.core import rng_below, rng_next, rng_seed, rng_shuffle

MASK = (1 << 64) - 1


def reference_next(state: int) -> tuple[int, int]:
    """splitmix64 as it is written everywhere, on whole ints."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def reference_below(state: int, n: int) -> tuple[int, int]:
    limit = MASK - (MASK % n)
    while True:
        state, out = reference_next(state)
        if out < limit:
            return state, out % n


def reference_shuffle(state: int, items: list[int]) -> int:
    for i in range(len(items) - 1, 0, -1):
        state, j = reference_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


states = st.one_of(
    st.integers(0, MASK),
    st.integers(MASK - 16, MASK),  # the halves' carries
    st.integers(0, 16),
    st.integers(-(1 << 70), 1 << 70),  # out of range: masked, as the textbook's first addition does
)


def test_the_first_output_of_seed_zero_is_splitmix64s() -> None:
    assert rng_next(0) == (0x9E3779B97F4A7C15, 0xE220A8397B1DCDAF)
    assert rng_seed(-1) == MASK


@given(states)
def test_a_step_gives_the_textbook_numbers(state: int) -> None:
    assert rng_next(state) == reference_next(state)


@given(states, st.one_of(st.integers(1, 300), st.integers(1, (1 << 30) + 5), st.integers(1, MASK)))
def test_a_draw_below_n_gives_the_textbook_numbers(state: int, n: int) -> None:
    assert rng_below(state, n) == reference_below(state, n)


@given(states, st.integers(0, 120))
def test_a_shuffle_gives_the_textbook_order(state: int, size: int) -> None:
    ours, theirs = list(range(size)), list(range(size))
    assert rng_shuffle(state, ours) == reference_shuffle(state, theirs)
    assert ours == theirs
