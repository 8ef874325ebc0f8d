"""Candy Empire's words: every character's name and rule, choice and option labels,
the /rules text, Russian plural forms and announcements that read well."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, LOCALES_DIR, Translator
from engine.candy.cards import Character
from engine.candy.keys import Choice
from engine.candy.models import CandyOptions

T = Translator()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_character_has_a_name_and_a_short_rule(lang: str) -> None:
    names = set()
    for ch in Character:
        name = T(lang, f"candy-card-{ch.value}")
        rule = T(lang, f"candy-card-{ch.value}-rule")
        assert name and len(rule) > len(name)
        names.add(name)
    assert len(names) == len(Character)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_choices_options_modes_and_rules_have_words(lang: str) -> None:
    for choice in Choice:
        assert T(lang, f"candy-choice-{choice.value}")
    for field in CandyOptions.model_fields:
        assert T(lang, f"candy-option-{field}", n=5, state="✅")
    assert T(lang, "candy-option-turn_timer_ms", n=0) != T(lang, "candy-option-turn_timer_ms", n=30)
    for mode in ("defenceless", "no_limits", "open_discard"):
        assert T(lang, f"candy-mode-{mode}")
    assert len(T(lang, "candy-rules")) > 500
    assert T(lang, "candy-score-line", score=17, cards=8, buyer=2, pickpockets=2, combos=5)


def test_announcements_read_well() -> None:
    args = {"player": "Анна", "target": "Борис", "card": "Торгаш"}
    assert (
        T("ru", "candy-ev-thief-took", **args)
        == "Конфетный вор игрока Анна уводит карту «Торгаш» из империи игрока Борис."
    )
    args = {"player": "Ann", "target": "Bob", "card": "Trader"}
    assert T("en", "candy-ev-thief-took", **args) == "Ann's Candy Thief takes Bob's Trader."


def test_russian_plural_forms() -> None:
    def drew(n: int) -> str:
        return T("ru", "candy-ev-drew", player="Анна", count=n)

    assert drew(1).endswith("1 карту.") and drew(2).endswith("2 карты.") and drew(5).endswith("5 карт.")
    assert "уходит 1 карта" in T("ru", "candy-ev-setup-discard", count=1)
    assert "уходят 2 карты" in T("ru", "candy-ev-setup-discard", count=2)
    assert "21 конфета" in T("ru", "candy-ev-score", player="А", score=21)
    assert "3 очка" in T("ru", "candy-ev-place", player="А", place=1, points=3)
    assert "2 Отнимаши" in T("ru", "candy-ev-sly-cop-took", player="А", target="Б", count=2)


def test_russian_never_guesses_a_players_gender() -> None:
    """No past tense or short adjective of a player: a cheap guard over the file."""
    text = (LOCALES_DIR / "ru" / "candy.ftl").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("#") or ("$player" not in line and "$target" not in line and "$by" not in line):
            continue
        for word in ("взял", "сыграл", "должен", "должна", "готов", "смог", "сбросил", "забрал", "вышел"):
            assert not re.search(rf"\b{word}\w*", line), line
    assert Path(LOCALES_DIR / "en" / "candy.ftl").exists()
