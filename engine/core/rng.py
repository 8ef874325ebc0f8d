"""Randomness from the seed in the state.

splitmix64: tiny, fast, and stable across Python versions, so a replay made
today gives the same game tomorrow.  Its whole state is one int in the state.

The arithmetic is done on 32-bit halves, never on a 64-bit product: every
intermediate value stays below 2**50, so the compiled module works on
machine integers (``i64``) where 64-bit ints would be Python's arbitrary
precision ones (an allocation per operation), and the interpreted module
computes exactly the same numbers.  ``tests/engine/test_rng.py`` holds both
to the textbook formula.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_LOW: Final[i64] = 0xFFFFFFFF
_HALF: Final = 0xFFFFFFFF  # the same mask on a whole int (an i64 one would convert the int first)
# the constants of splitmix64, in 32-bit halves (high, low) and the low halves in 16-bit ones
_GAMMA_H: Final[i64] = 0x9E3779B9
_GAMMA_L: Final[i64] = 0x7F4A7C15
_M1_H: Final[i64] = 0xBF58476D
_M1_L: Final[i64] = 0x1CE4E5B9
_M2_H: Final[i64] = 0x94D049BB
_M2_L: Final[i64] = 0x133111EB
_BIG_N: Final = 1 << 30  # n below this: every remainder's product fits in 62 bits


def rng_seed(seed: int) -> int:
    return seed & _MASK


def _mul(hi: i64, lo: i64, ch: i64, cl: i64) -> tuple[i64, i64]:
    """(hi, lo) * (ch, cl) mod 2**64, in halves: lo * cl in 16-bit pieces of cl,
    the cross products only mod 2**32 (they land in the high half)."""
    ca = cl >> 16
    cb = cl & 0xFFFF
    la = lo * ca  # < 2**48
    t = lo * cb + ((la & 0xFFFF) << 16)  # < 2**49: lo * cl == t + (la >> 16) * 2**32
    cross = hi * cb + (((hi * ca) & 0xFFFF) << 16) + lo * (ch & 0xFFFF) + (((lo * (ch >> 16)) & 0xFFFF) << 16)
    return ((la >> 16) + (t >> 32) + cross) & _LOW, t & _LOW


def rng_next(state: int) -> tuple[int, int]:
    """Return (new state, 64-bit output)."""
    hi, lo, oh, ol = _step(i64((state >> 32) & _HALF), i64(state & _HALF))
    return (int(hi) << 32) | int(lo), (int(oh) << 32) | int(ol)


def _step(hi: i64, lo: i64) -> tuple[i64, i64, i64, i64]:
    """splitmix64's step on halves: (new state, output), each as (high, low)."""
    lo += _GAMMA_L
    hi = (hi + _GAMMA_H + (lo >> 32)) & _LOW
    lo &= _LOW
    # z = (z ^ (z >> 30)) * M1
    zh, zl = _mul(hi ^ (hi >> 30), lo ^ (((lo >> 30) | (hi << 2)) & _LOW), _M1_H, _M1_L)
    # z = (z ^ (z >> 27)) * M2
    zh, zl = _mul(zh ^ (zh >> 27), zl ^ (((zl >> 27) | (zh << 5)) & _LOW), _M2_H, _M2_L)
    # out = z ^ (z >> 31)
    return hi, lo, zh ^ (zh >> 31), zl ^ (((zl >> 31) | (zh << 1)) & _LOW)


def _below(hi: i64, lo: i64, n: i64) -> tuple[i64, i64, i64]:
    """(new state, a uniform int in [0, n)) for 0 < n < 2**30, on halves: the
    draw is rejected above the largest multiple of n below 2**64, as
    ``out < 2**64 - 1 - (2**64 - 1) % n`` says."""
    high = (1 << 32) % n
    rem = ((_LOW % n) * high + _LOW % n) % n
    while True:
        hi, lo, oh, ol = _step(hi, lo)
        if oh != _LOW or ol < _LOW - rem:
            return hi, lo, ((oh % n) * high + ol % n) % n


def rng_below(state: int, n: int) -> tuple[int, int]:
    """Return (new state, a uniform int in [0, n))."""
    if n <= 0:
        raise ValueError(n)
    if n >= _BIG_N:
        return _below_big(state, n)
    hi, lo, x = _below(i64((state >> 32) & _HALF), i64(state & _HALF), i64(n))
    return (int(hi) << 32) | int(lo), int(x)


def _below_big(state: int, n: int) -> tuple[int, int]:
    """``rng_below`` for an n too large for halves (never a deck's): on whole ints."""
    limit = _MASK - (_MASK % n)
    while True:
        state, out = rng_next(state)
        if out < limit:
            return state, out % n


def rng_shuffle(state: int, items: list[Any]) -> int:
    """Shuffle ``items`` in place (Fisher–Yates); return the new rng state."""
    if len(items) < 2:
        return state  # nothing drawn: the state as it was
    if len(items) >= _BIG_N:
        for i in range(len(items) - 1, 0, -1):
            state, j = rng_below(state, i + 1)
            items[i], items[j] = items[j], items[i]
        return state
    hi = i64((state >> 32) & _HALF)
    lo = i64(state & _HALF)
    for i in range(len(items) - 1, 0, -1):
        hi, lo, x = _below(hi, lo, i64(i + 1))
        j = int(x)
        items[i], items[j] = items[j], items[i]
    return (int(hi) << 32) | int(lo)
