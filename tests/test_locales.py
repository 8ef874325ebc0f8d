"""Every word lives in locales/ru and locales/en, key for key."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot import games
from bot.adapter import Adapter, Ctx
from bot.i18n import LANGUAGES, LOCALES_DIR, Translator
from engine import registry
from engine.core import Event, PromptKey
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
    "match": "true",
}


def test_every_language_folder_has_the_same_files_and_keys() -> None:
    files = {lang: sorted(p.name for p in (LOCALES_DIR / lang).glob("*.ftl")) for lang in LANGUAGES}
    assert files["ru"] == files["en"] and files["ru"]
    assert T.keys["ru"] == T.keys["en"]
    assert T.attributes["ru"] == T.attributes["en"]  # a name's short form (.button) in both or neither


def _engine_keys() -> list[tuple[str, str]]:
    keys = [("", k) for k in vars(PromptKey).values() if isinstance(k, str) and k.startswith("core-")]
    return keys + [(name, key) for name in registry.names() for key in registry.get(name).keys]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "key"), _engine_keys())
def test_every_engine_key_has_a_message(lang: str, game: str, key: str) -> None:
    """Every event, rule error and prompt of every game (and the prompts' shared
    refusals), formatted as the bot formats it: through the game's adapter."""
    assert T.has(lang, key), f"{key} missing in locales/{lang}"
    name = game or registry.names()[0]
    if name in games.names():
        adapter = games.get(name)
    else:  # a game with no table yet: the core's words alone
        adapter = Adapter[Any, Any, Any, Any]()
        adapter.game = registry.get(name)
    ctx = Ctx(t=T, lang=lang, chat_id=-1, game_id="-", names={p: f"P{p}" for p in range(1, 20)})
    args = dict(registry.get(game).sample_args) if game else {"min": 1, "max": 2}
    text = adapter.event_text(ctx, Event(key=key, args=args))
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
            name = T(lang, f"svintus-animal-{animal.value}-{side}")
            rule = T(lang, f"svintus-animal-{animal.value}-{side}-rule")
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
        if py.name == "_build.py":  # runs at build time only: it writes source files, never a screen
            continue
        tree = ast.parse(py.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for_developers = {  # an exception's message is for whoever broke the build, not for a player
            id(inner) for node in ast.walk(tree) if isinstance(node, ast.Raise) for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings | for_developers
            ):
                text = node.value
                assert not re.search(r"[А-Яа-яЁё]", text), f"{py}:{node.lineno}: {text}"
                assert len(text.split()) < 4, f"{py}:{node.lineno}: {text}"


# Arguments that carry a player (every game), and words that end like a past-tense
# verb or are short adjectives but are nouns (a table, a mule).
PLAYER_VARS = {"player", "target", "catcher", "from_player", "winner", "owner", "by", "players", "victim"}
PAST = re.compile(r"^[а-яё]+(ал|ял|ил|ел|ёл|ол|ул|ыл|ла|лся|лась)$")  # neuter and plural are neutral
SHORT_ADJECTIVES = {
    "должен", "должна", "готов", "готова", "рад", "рада", "согласен", "согласна", "уверен", "уверена",
    "обязан", "обязана", "сам", "сама", "виноват", "виновата", "занят", "занята", "свободен", "свободна",
}  # fmt: skip
NOUNS = {"стол", "стола", "мул", "пол", "зал", "сигнал", "финал", "бал", "сила", "скала", "стрела", "игла"}
# A name after these is not the subject («у игрока Анна», «карта для Анна»): no verb agrees with it.
NOT_SUBJECT = {
    "игрока",
    "игроку",
    "игроком",
    "игроке",
    "у",
    "к",
    "от",
    "для",
    "за",
    "с",
    "со",
    "без",
    "о",
    "по",
}


def gendered_near_players(text: str) -> list[str]:
    """Past-tense verbs and short adjectives next to a player placeable that is the subject."""
    tokens = re.findall(r"\{[^{}]*\}|[а-яёА-ЯЁ]+", text)
    bad = []
    for i, token in enumerate(tokens):
        names = re.findall(r"\$([a-z_]+)", token) if token.startswith("{") else []
        if not set(names) & PLAYER_VARS or (i and tokens[i - 1].lower() in NOT_SUBJECT):
            continue
        near = [w.lower() for w in tokens[max(0, i - 2) : i] + tokens[i + 1 : i + 4] if not w.startswith("{")]
        bad += [w for w in near if w not in NOUNS and (PAST.match(w) or w in SHORT_ADJECTIVES)]
    return bad


def test_russian_never_guesses_a_players_gender() -> None:
    """No past-tense verb and no short adjective next to a player named in a Russian
    message: «Анна берёт», «Ход за Анной», never «Анна взяла» or «Анна должна»."""
    from fluent.syntax import ast, parse, serialize

    flagged = []
    for ftl in sorted((LOCALES_DIR / "ru").glob("*.ftl")):
        for entry in parse(ftl.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                bad = gendered_near_players(serialize(ast.Resource([ast.Message(entry.id, entry.value)])))
                if bad:
                    flagged.append((ftl.name, entry.id.name, bad))
    assert not flagged, flagged


@pytest.mark.parametrize(
    "text",
    [
        "{ $player } взял 2 карты",
        "{ $player } должна взять",
        "Попался { $player }!",
        "{ $catcher } поймал игрока { $player }",
        "Ход переходит, { $player } сыграла Полисвина",
    ],
)
def test_the_gender_check_catches_what_it_is_for(text: str) -> None:
    assert gendered_near_players(text), text


@pytest.mark.parametrize(
    "text",
    ["{ $player } берёт 2 карты", "Колода игрока { $player } кончилась", "{ $player } покидает стол"],
)
def test_the_gender_check_passes_neutral_words(text: str) -> None:
    assert not gendered_near_players(text), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_defined_twice(lang: str) -> None:
    """Fluent keeps the first of two definitions silently: a duplicate is a word lost."""
    from fluent.syntax import ast, parse

    seen: dict[str, str] = {}
    twice = []
    for ftl in sorted((LOCALES_DIR / lang).glob("*.ftl")):
        for entry in parse(ftl.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message | ast.Term):
                name = entry.id.name
                if name in seen:
                    twice.append((name, seen[name], ftl.name))
                seen[name] = ftl.name
    assert not twice, twice


def test_no_emoji_or_marker_in_python() -> None:
    """Emoji, arrows and check marks are words too: they live in the locale files."""
    import ast

    symbols = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2190-\u21ff\u25a0-\u25ff\u2b00-\u2bff]")
    root = Path(__file__).resolve().parent.parent
    found = []
    for py in [*(root / "bot").rglob("*.py"), *(root / "engine").rglob("*.py")]:
        tree = ast.parse(py.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        found += [
            f"{py.relative_to(root)}:{node.lineno}: {node.value[:40]!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and symbols.search(node.value)
        ]
    assert not found, found


def test_english_quotes_with_curly_quotes_and_the_log_is_not_the_judge() -> None:
    """English text quotes “like this” (guillemets are Russian); the board's log
    header is not «Судья», which in Candy Empire is also a card."""
    for path in sorted((LOCALES_DIR / "en").glob("*.ftl")):
        text = path.read_text(encoding="utf-8")
        assert "«" not in text and "»" not in text, path.name
    assert "Судья" not in T("ru", "board-log") and "Referee" not in T("en", "board-log")


def _messages(lang: str) -> list[tuple[str, str, str]]:
    """(file, key, text) of every message in a language, its value as written."""
    from fluent.syntax import ast, parse, serialize

    found = []
    for ftl in sorted((LOCALES_DIR / lang).glob("*.ftl")):
        for entry in parse(ftl.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                text = serialize(ast.Resource([ast.Message(entry.id, entry.value)]))
                found.append((ftl.name, entry.id.name, text.split("=", 1)[1]))
    return found


# Placeables that carry a card's (or a base's, a mode's, an animal's) name, always in
# the nominative: after a verb that wants an object they must not stand bare.
CARD_PLACEABLE = r"\{\s*(?:\$(?:card|cards|discarded|given|minion|source|base|from_base|to_base|new_base|animal|character|name|label|mode)|[a-z-]+-name)\s*\}"  # noqa: E501
# Verbs our Russian messages use with a direct object (the accusative), as written there.
ACC_VERBS = {
    "забирает", "забирают", "забрать", "заберёте", "уводит", "увести", "кладёт", "кладут", "положить",
    "положите", "берёт", "берут", "брать", "взять", "возьмите", "играет", "играют", "играем", "сыграть",
    "сыграйте", "сбрасывает", "сбрасывают", "сбросить", "сбросьте", "отдаёт", "отдаёте", "отдать", "выбирает",
    "выбрать", "выберите", "показывает", "показать", "получает", "получить", "меняет", "поменять",
    "возвращает", "вернуть", "верните", "выкладывает", "выложить", "выложите", "убирает", "убрать", "достаёт",
    "достать", "роняет", "переводит", "применяет", "замешивает", "замешать", "открывает", "перемещает",
    "переместить", "уничтожает", "уничтожить", "вытягивает", "прячет", "спрятать", "защищает", "отменяет",
    "отменить", "направляет", "хочет",
}  # fmt: skip
# Nouns a name stands beside in the nominative («на базу { $base }», «карту «…»»).
HEAD_NOUNS = {
    "карту", "карты", "карте", "картой", "базу", "базы", "базе", "базой", "приспешника", "приспешнику",
    "действие", "персонажа", "зверя",
}  # fmt: skip
# Right after the verb, or after a short phrase with a preposition («кладёт на стопку …»,
# «берёт под контроль …», «играем в …»).
ACC_AFTER_VERB = re.compile(
    r"(?<![а-яё])(?:" + "|".join(sorted(ACC_VERBS)) + r")"
    r"(?:\s+(?:в|во|на|под|из|с|со|у|к)"
    r"(?:\s+(?!(?:" + "|".join(sorted(HEAD_NOUNS)) + r")(?![а-яё]))[а-яё]+){0,2})?"
    r"\s*(?:<b>)?\s*«?\s*" + CARD_PLACEABLE,
    re.IGNORECASE,
)


def bare_names_after_verbs(text: str) -> list[str]:
    """A card name placeable as a verb's object: «уводит «{ $card }»», «Играем в «{ …-name }»»."""
    return [m.group(0) for m in ACC_AFTER_VERB.finditer(text)]


def test_russian_card_names_are_never_a_verbs_bare_object() -> None:
    """A name comes in the nominative («Отнимаша», «Хитрый полицейский», «Башня»):
    «хочет забрать «Отнимаша»» is wrong Russian. Name the card («карту «…»»),
    or let the name stand alone after a colon."""
    flagged = [(f, k, bad) for f, k, text in _messages("ru") if (bad := bare_names_after_verbs(text))]
    assert not flagged, flagged


@pytest.mark.parametrize(
    "text",
    [
        "Полицейский хочет забрать «{ $card }».",
        "{ $player } уводит «{ $card }» из империи",
        "[1] Играем в «{ dobble-mode-name }»!",
        "{ $player } кладёт { $card }.",
        "{ $player } выкладывает в свою империю «{ $card }».",
        "{ $player } берёт под контроль { $card } до конца хода.",
        "Сбросить <b>{ $label }</b> взакрытую?",
    ],
)
def test_the_case_check_catches_what_it_is_for(text: str) -> None:
    assert bare_names_after_verbs(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Полицейский хочет забрать карту «{ $card }».",
        "{ $player } играет приспешника { $card } на базу { $base }.",
        "Мини-игра: «{ dobble-mode-name }».",
        "{ $player } сбрасывает: { $cards }.",
        "{ $player } берёт { svintus-n-cards }.",
        "{ $card }: какого приспешника сыграть на базу { $base }?",
    ],
)
def test_the_case_check_passes_a_named_card(text: str) -> None:
    assert not bare_names_after_verbs(text), text


# «Ты» in any form, the «ты» imperatives and present tense our files have used, and
# words that fix a player's gender whoever they are.
THOU = re.compile(
    r"(?<![а-яё])(?:ты|тебя|тебе|тобой|твой|твоя|твоё|твои|твоего|твоей|твоему|твою|твоих|твоим|твоими"
    r"|жми|нажми|возьми|бери|сыграй|выбери|назови|положи|отдай|верни|уничтожь|перемести|открой|открывай"
    r"|сбрось|замешай|выложи|загляни|обменяй|устрой|разверни|вытяни|смешай|раздай|спрячь|добавь|доиграй"
    r"|ходи|дай|получи|перенеси|ответь|[а-яё]+[еёи]шь)(?![а-яё])",
    re.IGNORECASE,
)
NOT_THOU = {"мышь", "лишь", "тишь"}  # nouns and a particle that end like «-ишь»
GENDERED = re.compile(r"(?<![а-яё])(?:сам|сама|готов|готова|должен|должна|рад|рада)(?![а-яё])", re.IGNORECASE)


def thou_or_gender(text: str) -> list[str]:
    """Words that say «ты» to a player, or assume a player's gender."""
    thou = [w for w in THOU.findall(text) if w.lower() not in NOT_THOU]
    return thou + GENDERED.findall(text)


def test_russian_says_vy_and_never_assumes_a_gender() -> None:
    """Every player is «вы»: «У вас нет зверя», «нажмите «Ёж берёт!»»; and nobody is
    «сам», «готов» or «должна»: present tense and neutral words."""
    flagged = [(f, k, bad) for f, k, text in _messages("ru") if (bad := thou_or_gender(text))]
    assert not flagged, flagged


@pytest.mark.parametrize(
    "text",
    [
        "У тебя нет зверя.",
        "Ёж { $player }, твой черёд: жми «Ёж берёт!»",
        "Вместо хода: устрой хлопковую гонку; сам в ней не проигрываешь.",
        "Всегда видишь верхнюю карту колоды.",
        "{ $player } готова?",
        "{ $player } должна взять карту.",
    ],
)
def test_the_vy_check_catches_what_it_is_for(text: str) -> None:
    assert thou_or_gender(text), text


@pytest.mark.parametrize(
    "text",
    [
        "У вас нет зверя.",
        "Летучая мышь { $player } роняет карту.",
        "Нажмите «Ёж берёт!», пока не поздно.",
        "Лишь одна",
    ],
)
def test_the_vy_check_passes_polite_words(text: str) -> None:
    assert not thou_or_gender(text), text


def test_the_referee_is_not_the_judge() -> None:
    """«Судья» is a Candy Empire card; the one who referees is the bot, in every game."""
    flagged = [
        (f, k)
        for f, k, text in _messages("ru")
        if re.search(r"(?<![а-яё])судь", text) or (f != "candy.ftl" and "Судь" in text)
    ]
    assert not flagged, flagged


# Arguments that are numbers, and nouns a number may stand before.
COUNT_VARS = {
    "count", "most", "least", "n", "points", "score", "rounds", "madness", "total", "done", "min", "max",
}  # fmt: skip
COUNTED_NOUN = re.compile(
    r"(?:cards?|points?|rounds?|bases?|players?|minions?|actions?|snatchers?|candies|candy|pts?"
    r"|карт[аеуы]?|очк[аои]в?|очко|раунд(?:а|ов)?|баз[аы]?|игрок(?:а|ов)?|человек|приспешник(?:а|ов)?|конфет[аы]?)$",
    re.IGNORECASE,
)


def counts_without_plural(text: str, lang: str) -> list[str]:
    """A number placeable right before a noun, outside a plural selector's variant.
    In English a range's upper end («2 to { $max } players») is plural whatever it is."""
    bad = []
    for line in text.split("\n"):
        if line.strip().startswith(("[", "*[")):
            continue
        for m in re.finditer(r"\{ *\$([a-z_]+) *\} +([^\s,.:;!?)]+)", line):
            before = line[: m.start()].split()[-1:]
            ranged = lang == "en" and before == ["to"]
            if m.group(1) in COUNT_VARS and COUNTED_NOUN.match(m.group(2)) and not ranged:
                bad.append(m.group(0))
    return bad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_before_a_noun_takes_its_plural_form(lang: str) -> None:
    """«Choose { $most } cards» reads «Choose 1 cards»: a count before a noun goes through
    a plural selector ({ $n -> [one] card *[other] cards }), or the count stands apart
    («Игроков — от 2 до 4», «their hand ({ $count })»)."""
    flagged = [(f, k, bad) for f, k, text in _messages(lang) if (bad := counts_without_plural(text, lang))]
    assert not flagged, flagged


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "🌑 Choose { $most } cards:"),
        ("en", "The base deck is empty: { $count } bases are shuffled."),
        ("ru", "🎯 до { $n } очков"),
        ("ru", "Колода кончилась: { $count } карт"),
    ],
)
def test_the_plural_check_catches_what_it_is_for(lang: str, text: str) -> None:
    assert counts_without_plural(text, lang), text


def test_the_plural_check_passes_selectors_and_ranges() -> None:
    assert not counts_without_plural(
        "Choose { $most ->\n    [one] { $most } card\n   *[other] { $most } cards\n}:", "en"
    )
    assert not counts_without_plural("Smash Up needs { $min } to { $max } players.", "en")
    assert not counts_without_plural("В Замесе игроков — от { $min } до { $max }.", "ru")


@pytest.mark.parametrize("name", ["snatcher", "judge", "trader", "sly_cop"])
def test_english_gives_a_drawn_card_its_article(name: str) -> None:
    card = T("en", f"candy-card-{name}")
    assert T("en", "candy-ev-drew-card", card=card) == f"You draw a {card}."
