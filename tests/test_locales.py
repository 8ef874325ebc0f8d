"""Every word lives in locales/ru and locales/en, key for key."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, LOCALES_DIR, Translator
from engine import registry
from engine.core import PromptKey
from engine.svintus.animals import ANIMALS
from engine.svintus.cards import COLORS, Kind

T = Translator()

# A plausible value for every argument an engine event or error carries.
SAMPLE_ARGS = {
    "player": "Анна",
    "target": "Борис",
    "catcher": "Вера",
    "from_player": "Глеб",
    "card": "🟥 5",
    "count": 5,
    "points": 21,
    "score": 22,
    "round": 2,
    "place": 3,
    "clockwise": "false",
    "color": "green",
    "until": 1000,
    "min": 2,
    "max": 10,
    "animal": "Ёж",
    "mine": 3,
}


def test_every_language_folder_has_the_same_files_and_keys() -> None:
    files = {lang: sorted(p.name for p in (LOCALES_DIR / lang).glob("*.ftl")) for lang in LANGUAGES}
    assert files["ru"] == files["en"] and files["ru"]
    assert T.keys["ru"] == T.keys["en"]


def _engine_keys() -> list[tuple[str, str]]:
    keys = [("", k) for k in vars(PromptKey).values() if isinstance(k, str) and k.startswith("core-")]
    return keys + [(name, key) for name in registry.names() for key in registry.get(name).keys]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "key"), _engine_keys())
def test_every_engine_key_has_a_message(lang: str, game: str, key: str) -> None:
    """Every event, rule error and prompt of every game (and the prompts' shared refusals)."""
    assert T.has(lang, key), f"{key} missing in locales/{lang}"
    args = dict(registry.get(game).sample_args) if game else {}
    args = {k: ("true" if v else "false") if isinstance(v, bool) else v for k, v in args.items()}
    text = T(lang, key, **{**args, **SAMPLE_ARGS})
    assert text and "{" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_and_colour_has_a_name(lang: str) -> None:
    for kind in Kind:
        assert T(lang, f"svintus-card-{kind.value}", emoji="🟥", value=5)
    for colour in COLORS:
        assert T(lang, f"svintus-color-{colour.value}")
        assert T(lang, f"svintus-emoji-{colour.value}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_animal_has_both_names_and_both_rules(lang: str) -> None:
    names = set()
    for animal in ANIMALS:
        for side in ("light", "dark"):
            name = T(lang, f"animal-{animal.value}-{side}")
            rule = T(lang, f"animal-{animal.value}-{side}-rule")
            assert name and rule and len(rule) > len(name)
            names.add(name.lower())
    assert len(names) == 2 * len(ANIMALS)  # /animal finds each by its name


def test_russian_plural_forms_of_cards() -> None:
    def took(n: int) -> str:
        return T("ru", "svintus-ev-grab-taken", player="Анна", count=n)

    assert "1 карту" in took(1)
    assert "2 карты" in took(2)
    assert "5 карт" in took(5)
    assert "21 карту" in took(21)
    assert "11 карт" in took(11)
    assert "3 очка" in T("ru", "svintus-ev-round-won", player="А", points=3, score=3)


def test_english_plural_forms_of_cards() -> None:
    assert "1 card " in T("en", "svintus-ev-grab-taken", player="Ann", count=1)
    assert "2 cards" in T("en", "svintus-ev-grab-taken", player="Ann", count=2)


def test_language_choice_falls_back_to_the_default() -> None:
    assert T.language(None, "en-GB") == "en"
    assert T.language("de", None) == "ru"
    assert T.language("ru", "en") == "ru"


def test_no_engine_module_holds_a_sentence() -> None:
    """Engine strings are keys and identifiers, never words for players."""
    import ast
    import re

    engine = Path(__file__).resolve().parent.parent / "engine"
    for py in engine.rglob("*.py"):
        tree = ast.parse(py.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                text = node.value
                assert not re.search(r"[А-Яа-яЁё]", text), f"{py}:{node.lineno}: {text}"
                assert len(text.split()) < 4, f"{py}:{node.lineno}: {text}"
