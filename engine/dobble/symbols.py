"""The symbols as data: one table per symbol set, symbol id -> a stable English slug.

The engine speaks of symbols by id (0..56) only.  What a player sees — the
emoji and its name — lives in the locale files, keyed by set and id:

- the ``classic`` set: ``dobble-symbol-<id>`` (the emoji) and
  ``dobble-symbol-<id>-name`` (its name: "banana", «банан»);
- any other set ``<set>``: ``dobble-set-<set>-<id>`` and ``dobble-set-<set>-<id>-name``.

A themed set (the Minions edition's characters drawn as emoji, say) is a new
tuple in ``SETS`` plus its locale lines: no rule changes.  Slugs never change
once published (logs and replays may name them).

The classic emoji were picked to be told apart at a glance on a phone, in
light and dark themes: single code points with emoji presentation from
Unicode 11 or earlier; no flags, skin tones or ZWJ sequences; no two round
fruits of one colour, one heart at most (none here), no two faces that differ
only by expression.
"""

from __future__ import annotations

from engine.dobble.cards import SYMBOL_COUNT

CLASSIC: tuple[str, ...] = (
    # animals
    "elephant",  # 0 🐘
    "turtle",  # 1 🐢
    "octopus",  # 2 🐙
    "butterfly",  # 3 🦋
    "snail",  # 4 🐌
    "penguin",  # 5 🐧
    "giraffe",  # 6 🦒
    "crab",  # 7 🦀
    "bee",  # 8 🐝
    "whale",  # 9 🐳
    "owl",  # 10 🦉
    "fox",  # 11 🦊
    "pig",  # 12 🐷
    "unicorn",  # 13 🦄
    "rabbit",  # 14 🐇
    "parrot",  # 15 🦜
    # food
    "banana",  # 16 🍌
    "strawberry",  # 17 🍓
    "watermelon",  # 18 🍉
    "pineapple",  # 19 🍍
    "carrot",  # 20 🥕
    "grapes",  # 21 🍇
    "mushroom",  # 22 🍄
    "pizza",  # 23 🍕
    "doughnut",  # 24 🍩
    "ice_cream",  # 25 🍦
    "hamburger",  # 26 🍔
    "lollipop",  # 27 🍭
    # nature
    "cactus",  # 28 🌵
    "sunflower",  # 29 🌻
    "clover",  # 30 🍀
    "rainbow",  # 31 🌈
    "star",  # 32 ⭐
    "lightning",  # 33 ⚡
    "fire",  # 34 🔥
    "droplet",  # 35 💧
    "snowman",  # 36 ⛄
    # things
    "soccer_ball",  # 37 ⚽
    "guitar",  # 38 🎸
    "balloon",  # 39 🎈
    "key",  # 40 🔑
    "house",  # 41 🏠
    "light_bulb",  # 42 💡
    "bicycle",  # 43 🚲
    "rocket",  # 44 🚀
    "car",  # 45 🚗
    "anchor",  # 46 ⚓
    "umbrella",  # 47 ☔
    "gift",  # 48 🎁
    "top_hat",  # 49 🎩
    "glasses",  # 50 👓
    "crown",  # 51 👑
    "hammer",  # 52 🔨
    "bomb",  # 53 💣
    "die",  # 54 🎲
    "robot",  # 55 🤖
    "sailboat",  # 56 ⛵
)

SETS: dict[str, tuple[str, ...]] = {"classic": CLASSIC}
DEFAULT_SET = "classic"

assert all(len(slugs) == SYMBOL_COUNT == len(set(slugs)) for slugs in SETS.values())


def slug(symbol_set: str, symbol: int) -> str:
    return SETS[symbol_set][symbol]


def glyph_key(symbol_set: str, symbol: int) -> str:
    """The locale key of the symbol's emoji."""
    if symbol_set == DEFAULT_SET:
        return f"dobble-symbol-{symbol}"
    return f"dobble-set-{symbol_set}-{symbol}"


def name_key(symbol_set: str, symbol: int) -> str:
    """The locale key of the symbol's name ("banana", «банан»)."""
    return f"{glyph_key(symbol_set, symbol)}-name"
