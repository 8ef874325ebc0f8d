"""docs/rules/dobble.md §1: the deck (the projective plane of order 7) and the symbols as data."""

from __future__ import annotations

import re
import unicodedata
from itertools import combinations

import pytest

from bot.i18n import LANGUAGES, Translator
from engine.core import RuleError
from engine.dobble import GAME
from engine.dobble.cards import CARD_COUNT, CARD_SETS, CARDS, DECK_SIZE, SHARED, SYMBOL_COUNT, plane
from engine.dobble.keys import Err
from engine.dobble.models import DobbleState
from engine.dobble.symbols import CLASSIC, SETS, glyph_key, name_key, slug
from tests.engine.dobble_helpers import in_play

G = GAME
T = Translator()


def test_plane_has_57_cards_of_8_symbols_over_57_symbols() -> None:
    assert CARD_COUNT == SYMBOL_COUNT == 57
    assert all(len(c) == len(set(c)) == 8 for c in CARDS)
    assert {x for c in CARDS for x in c} == set(range(57))
    assert all(sum(x in c for c in CARD_SETS) == 8 for x in range(57))  # each symbol on 8 cards


def test_cards_follow_the_sheets_generation_formula() -> None:
    n = 7
    for i in range(n + 1):
        assert CARDS[i] == (0, *range(1 + i * n, i * n + n + 1))
    for i in range(n):
        for j in range(n):
            card = CARDS[n + 1 + i * n + j]
            assert card == (1 + i, *(n + 1 + n * k + ((i * k + j) % n) for k in range(n)))
    assert CARDS[8] == (1, 8, 15, 22, 29, 36, 43, 50)
    assert CARDS[-1] == (7, 14, 20, 26, 32, 38, 44, 50)


def test_every_two_of_all_57_cards_share_exactly_one_symbol() -> None:
    pairs = list(combinations(range(57), 2))
    assert len(pairs) == 1596
    for a, b in pairs:
        common = CARD_SETS[a] & CARD_SETS[b]
        assert len(common) == 1, (a, b)
        assert SHARED[a][b] == SHARED[b][a] == next(iter(common))


@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 2**63 + 5])
def test_every_two_of_the_55_cards_in_play_share_exactly_one_symbol(seed: int) -> None:
    s, _ = G.start([1, 2], seed=seed)
    cards = in_play(s)
    assert len(cards) == DECK_SIZE == 55
    pairs = list(combinations(cards, 2))
    assert len(pairs) == 1485
    assert all(len(CARD_SETS[a] & CARD_SETS[b]) == 1 for a, b in pairs)


def test_the_two_lines_left_out_are_drawn_from_the_seed() -> None:
    def left_out(seed: int) -> list[int]:
        s: DobbleState = G.start([1, 2, 3], seed=seed)[0]
        return s.unused

    assert left_out(5) == left_out(5)
    outs = {tuple(left_out(seed)) for seed in range(40)}
    assert len(outs) > 20  # different tables leave different lines out
    for out in outs:
        assert len(set(out)) == 2 and all(0 <= c < 57 for c in out)
    s, _ = G.start([1, 2], seed=9)
    assert sum(G.view(s).zone_counts.values()) == 55
    assert not set(s.unused) & {*s.deck, *s.centre, *(c for p in s.piles.values() for c in p)}


def test_plane_of_another_prime_order_has_the_same_property() -> None:
    small = plane(3)
    assert len(small) == 13 and all(len(c) == 4 for c in small)
    assert all(len(set(a) & set(b)) == 1 for a, b in combinations(small, 2))


# --- symbols as data ---------------------------------------------------------------


def test_symbol_slugs_are_stable_identifiers_one_per_symbol() -> None:
    for slugs in SETS.values():
        assert len(slugs) == 57 == len(set(slugs))
        assert all(re.fullmatch(r"[a-z][a-z_]*", x) for x in slugs)
    assert slug("classic", 16) == "banana" == CLASSIC[16]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_symbol_of_every_set_has_an_emoji_and_a_name(lang: str) -> None:
    for name in SETS:
        glyphs = [T(lang, glyph_key(name, i)) for i in range(57)]
        names = [T(lang, name_key(name, i)) for i in range(57)]
        assert len(set(glyphs)) == 57, "two symbols drawn alike"
        assert len({n.lower() for n in names}) == 57, "two symbols named alike"
    assert glyph_key("classic", 16) == "dobble-symbol-16"
    assert name_key("classic", 16) == "dobble-symbol-16-name"
    assert glyph_key("minions", 3) == "dobble-set-minions-3"


def test_classic_emoji_are_one_code_point_each_with_emoji_presentation() -> None:
    """No flags, skin tones, ZWJ sequences or variation selectors: one code
    point each, rendered alike on every client."""
    ru = [T("ru", glyph_key("classic", i)) for i in range(57)]
    en = [T("en", glyph_key("classic", i)) for i in range(57)]
    assert ru == en  # the drawing is the same in every language
    for g in ru:
        assert len(g) == 1, f"{g!r} is more than one code point"
        cp = ord(g)
        assert cp >= 0x2300 and unicodedata.category(g) == "So", g
        assert not 0x1F1E6 <= cp <= 0x1F1FF  # regional indicators (flags)
        assert not 0x1F3FB <= cp <= 0x1F3FF  # skin tones
        assert unicodedata.name(g)


def test_classic_set_keeps_look_alikes_apart() -> None:
    """Sample checks of the look-alike rule: one heart at most, no faces that
    differ only by expression, no two round red fruits."""
    glyphs = {T("en", glyph_key("classic", i)) for i in range(57)}
    hearts = {g for g in glyphs if "HEART" in unicodedata.name(g)}
    assert len(hearts) <= 1
    assert not {g for g in glyphs if 0x1F600 <= ord(g) <= 0x1F64F}  # smileys
    assert len(glyphs & {"🍎", "🍅", "🍒", "🍓"}) <= 1
    assert len(glyphs & {"🍋", "🌕", "🌝", "🌞"}) == 0  # round yellows next to the banana


def test_symbol_set_is_a_table_option() -> None:
    assert G.options({"symbols": "classic"}).symbols == "classic"
    with pytest.raises(RuleError) as e:
        G.options({"symbols": "no-such-set"})
    assert e.value.key == Err.BAD_OPTIONS
