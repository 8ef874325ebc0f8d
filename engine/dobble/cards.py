"""The deck as data: the lines of the projective plane of order 7.

57 symbols (ids 0..56), 57 possible cards (ids 0..56) of 8 symbols each, and
every two cards share exactly one symbol.  The retail deck holds 55 of them;
which two lines stay in the box is drawn from the game's seed.
"""

from __future__ import annotations

ORDER = 7  # a prime: the construction below needs one
SYMBOLS_PER_CARD = ORDER + 1  # 8
SYMBOL_COUNT = ORDER * ORDER + ORDER + 1  # 57
CARD_COUNT = SYMBOL_COUNT  # 57 lines in the plane
DECK_SIZE = 55  # as the retail deck: two lines stay out
LEFT_OUT = CARD_COUNT - DECK_SIZE


def plane(n: int) -> tuple[tuple[int, ...], ...]:
    """The lines of the projective plane of prime order ``n``, by the sheet's formula.

    Cards 0..n: symbol 0 and symbols 1+i·n … i·n+n.  Then for i, j in 0..n−1:
    symbol 1+i and, for k in 0..n−1, symbol n+1+n·k+((i·k+j) mod n).
    """
    cards: list[tuple[int, ...]] = []
    for i in range(n + 1):
        cards.append((0, *range(1 + i * n, i * n + n + 1)))
    for i in range(n):
        for j in range(n):
            cards.append((1 + i, *(n + 1 + n * k + ((i * k + j) % n) for k in range(n))))
    return tuple(cards)


CARDS: tuple[tuple[int, ...], ...] = plane(ORDER)
CARD_SETS: tuple[frozenset[int], ...] = tuple(frozenset(c) for c in CARDS)


def _shared_table() -> tuple[tuple[int, ...], ...]:
    rows = []
    for a in CARD_SETS:
        row = []
        for b in CARD_SETS:
            common = a & b
            row.append(next(iter(common)) if len(common) == 1 else -1)
        rows.append(tuple(row))
    return tuple(rows)


# SHARED[a][b]: the one symbol cards a and b share (-1 when a == b).
SHARED: tuple[tuple[int, ...], ...] = _shared_table()


def shared(a: int, b: int) -> int:
    """The symbol cards ``a`` and ``b`` have in common (-1 for the same card)."""
    return SHARED[a][b]
