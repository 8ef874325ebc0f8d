"""Fluent bundles for every language in locales/: the only source of words."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast as fluent_ast

_HERE = Path(__file__).resolve().parent
# a checkout keeps locales/ at its root; an installed wheel inside the package (setup.py)
LOCALES_DIR = _HERE / "locales" if (_HERE / "locales").is_dir() else _HERE.parent / "locales"
# every folder of locales/ is a language the bot speaks
LANGUAGES = tuple(sorted(p.name for p in LOCALES_DIR.iterdir() if p.is_dir()))
DEFAULT_LANGUAGE = "ru"
MEMO_SIZE = 20_000  # formatted strings kept (a few MB at most)
BUTTON = "button"  # the attribute of a name that is its short form on a button


class MissingMessage(KeyError):
    pass


class Translator:
    """Formats locale keys; ``lang`` falls back to the default, then to English."""

    def __init__(self, directory: Path = LOCALES_DIR, default: str = DEFAULT_LANGUAGE) -> None:
        self.default = default
        self.bundles: dict[str, FluentBundle] = {}
        self.keys: dict[str, set[str]] = {}  # the messages' ids
        self.attributes: dict[str, set[str]] = {}
        for lang_dir in sorted(p for p in directory.iterdir() if p.is_dir()):
            bundle = FluentBundle([lang_dir.name], use_isolating=False)
            keys: set[str] = set()
            attributes: set[str] = set()  # ``id.attribute``: a short form (``.button``)
            for ftl in sorted(lang_dir.glob("*.ftl")):
                resource = FluentResource(ftl.read_text(encoding="utf-8"))
                junk = [e for e in resource.body if isinstance(e, fluent_ast.Junk)]
                if junk:
                    raise ValueError(f"{ftl}: cannot parse {str(junk[0].content).strip()[:80]!r}")
                bundle.add_resource(resource)
                for e in resource.body:
                    if isinstance(e, fluent_ast.Message):
                        keys.add(e.id.name)
                        attributes |= {f"{e.id.name}.{a.id.name}" for a in e.attributes}
            self.bundles[lang_dir.name] = bundle
            self.keys[lang_dir.name] = keys
            self.attributes[lang_dir.name] = attributes
        self._memo: dict[tuple[Any, ...], str] = {}

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.bundles)

    def language(self, *candidates: str | None) -> str:
        """The first supported language among ``candidates`` (e.g. 'en-GB' → 'en')."""
        for c in candidates:
            if c:
                code = c.split("-")[0].split("_")[0].lower()
                if code in self.bundles:
                    return code
        return self.default

    def has(self, lang: str, key: str) -> bool:
        """``key``: a message's id, or ``id.attribute``."""
        return key in self.keys.get(lang, set()) or key in self.attributes.get(lang, set())

    def __call__(self, lang: str, key: str, **args: Any) -> str:
        # Formatting (plural rules, numbers) is most of what drawing a screen
        # costs, and screens say the same few hundred things over and over.
        memo = (lang, key, *sorted(args.items()))
        try:
            return self._memo[memo]
        except KeyError:
            pass
        except TypeError:  # an argument that cannot be a key: format it every time
            return self.format(lang, key, **args)
        text = self.format(lang, key, **args)
        if len(self._memo) >= MEMO_SIZE:
            self._memo.clear()  # cheap and rare: the working set is far smaller
        self._memo[memo] = text
        return text

    def format(self, lang: str, key: str, **args: Any) -> str:
        """``key`` is a message's id, or ``id.attribute`` for one of its attributes
        (``smashup-card-x.button``: the card's name on a button)."""
        name, _, attribute = key.partition(".")
        for code in (lang, self.default, "en"):
            bundle = self.bundles.get(code)
            if bundle is not None and bundle.has_message(name):
                message = bundle.get_message(name)
                pattern = message.attributes.get(attribute) if attribute else message.value
                if pattern is None:
                    break
                text, errors = bundle.format_pattern(pattern, args)
                if errors:
                    raise MissingMessage(f"{key}: {errors}")
                return str(text)
        raise MissingMessage(key)


class Words:
    """The words of one language, said as ``words(key, **args)`` (a screen's ``Ctx`` is one)."""

    t: Translator
    lang: str

    def __call__(self, key: str, **args: Any) -> str:
        return self.t(self.lang, key, **args)

    def short(self, key: str, **args: Any) -> str:
        """A name on a button: the message's ``.button`` attribute, a short form for a
        name a phone would cut, where it has one; else the name itself."""
        short = f"{key}.{BUTTON}"
        return self.t(self.lang, short if self.t.has(self.lang, short) else key, **args)


@lru_cache(maxsize=1)
def translator() -> Translator:
    return Translator()
