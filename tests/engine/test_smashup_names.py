"""Every Smash Up faction, card, base and box has its names and rules text in both languages."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, Translator
from engine.smashup.cards import BASES, BOXES, CARDS, FACTIONS
from engine.smashup.keys import CHOICE_PREFIX, choices

T = Translator()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_base_faction_and_box_has_a_name_and_a_text(lang: str) -> None:
    for f in FACTIONS:
        assert T(lang, f"smashup-faction-{f}")
    for b in BOXES:
        assert T(lang, f"smashup-box-{b}")
    for c in CARDS:
        name, text = T(lang, f"smashup-card-{c}"), T(lang, f"smashup-card-{c}-text")
        assert name and len(text) > len(name)
    for b in BASES:
        name, text = T(lang, f"smashup-base-{b}"), T(lang, f"smashup-base-{b}-text")
        assert name and len(text) > len(name)
    for c in choices():
        assert T(lang, CHOICE_PREFIX + c)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_are_distinct(lang: str) -> None:
    cards = [T(lang, f"smashup-card-{c}") for c in CARDS]
    bases = [T(lang, f"smashup-base-{b}") for b in BASES]
    assert len(set(cards)) == len(cards) and len(set(bases)) == len(bases)


def test_russian_names_from_the_rulebooks() -> None:
    assert T("ru", "smashup-card-snow-white") == "Белоснежка"
    assert T("ru", "smashup-card-some-day-my-prince") == "Явится принц на белом коне"
    assert T("ru", "smashup-base-fairy-ring") == "Ведьмин круг"
    assert T("ru", "smashup-faction-mythic-horses") == "Волшебные пони"


def test_russian_plural_forms() -> None:
    assert "1 карту" in T("ru", "smashup-ev-drew", player="Анна", count=1)
    assert "3 карты" in T("ru", "smashup-ev-drew", player="Анна", count=3)
    assert "5 карт" in T("ru", "smashup-ev-drew", player="Анна", count=5)
    assert "2 cards" in T("en", "smashup-ev-drew", player="Ann", count=2)
