"""Every name a button can show — a card, a base, a faction, a box, an animal, a
symbol — through the adapter that draws the button, in every language: none is
wider than its share of a phone's row (``sizing.label_max``; Telegram cuts a longer
one with …).  A name too long for its button has a short form there (the
message's ``.button`` attribute), written in every language alike, and the full
name stays in the text."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import sizing
from bot.adapter import Ctx
from bot.games import candy, dobble, smashup, svintus
from bot.i18n import BUTTON, LANGUAGES, Translator
from bot.kit import PER_ROW, per_row_for
from engine.candy.cards import CHARACTER_OF, CHARACTERS
from engine.dobble.symbols import DEFAULT_SET, SYMBOL_COUNT
from engine.smashup.cards import BASES, BOXES, CARDS, FACTIONS
from engine.svintus.animals import ANIMALS
from engine.svintus.cards import CARDS as PIGS
from engine.svintus.cards import Kind

T = Translator()
OPEN, CHOSEN = "button-toggle-off", "button-toggle-on"
# the widest numbers a label carries: a base's power and breakpoint, a silence's fine
TOTAL, BREAKPOINT, FINE = 99, 30, 2


def ctx_of(lang: str) -> Ctx:
    return Ctx(t=T, lang=lang, chat_id=-1, game_id="-")


# (what, its label on the button, how many buttons share its row)
Label = tuple[str, str, int]


def svintus_labels(ctx: Ctx) -> Iterator[Label]:
    faces = {svintus.card_label(ctx, i): c for i, c in enumerate(PIGS)}
    hand = []
    for face, c in faces.items():
        label = ctx("svintus-playable", label=face)
        if c.kind is Kind.POLYPIG:
            label = ctx("svintus-costly", label=label, count=FINE)
        hand.append((face, label))
    per_row = per_row_for([label for _, label in hand])  # the hand's own rule
    yield from ((face, label, per_row) for face, label in hand)
    for a in ANIMALS:
        taken = ctx("svintus-setup-taken", label=svintus.animal_button(ctx, a, False))
        yield a.value, taken, svintus.SETUP_ROW
        yield a.value, ctx("svintus-button-ability", animal=svintus.animal_button(ctx, a, True)), 1


def candy_labels(ctx: Ctx) -> Iterator[Label]:
    for spec in CHARACTERS:
        card = CHARACTER_OF.index(spec.character)
        label = candy.card_button(ctx, card)
        yield spec.character.value, label, 1  # the hand: a card a row
        yield spec.character.value, ctx("candy-button-protect-card", label=label), candy.PROTECT_ROW


def smashup_labels(ctx: Ctx) -> Iterator[Label]:
    for card in CARDS:
        yield card, ctx("smashup-button-playable", label=smashup.card_button(ctx, card)), smashup.HAND_ROW
        yield card, ctx("smashup-button-talent", name=smashup.button_name(ctx, card)), 1
    for base in BASES:
        option = ctx("smashup-option-base", base=smashup.button_name(ctx, base), total=TOTAL, bp=BREAKPOINT)
        yield base, ctx("smashup-button-target", label=option), 1  # a row of its own when it must
    for f in FACTIONS:
        yield f, ctx("smashup-button-read", name=smashup.faction_button(ctx, f)), smashup.READ_ROW
        yield f, ctx(CHOSEN, label=smashup.faction_button(ctx, f)), 2  # the lobby's panel
    for b in BOXES:
        yield b, ctx(CHOSEN, label=smashup.box_button(ctx, b)), 2


def dobble_labels(ctx: Ctx) -> Iterator[Label]:
    # a symbol's button shows its glyph alone (its name is in the text): eight a row
    for x in range(SYMBOL_COUNT):
        yield str(x), dobble.glyph(ctx, DEFAULT_SET, x), dobble.ROW


LABELS = {
    "svintus": svintus_labels,
    "candy": candy_labels,
    "smashup": smashup_labels,
    "dobble": dobble_labels,
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(LABELS))
def test_no_name_is_cut_on_its_button(game: str, lang: str) -> None:
    cut = [
        (what, label, len(label), sizing.label_max(per_row))
        for what, label, per_row in LABELS[game](ctx_of(lang))
        if len(label) > sizing.label_max(per_row) or sizing.CUT in label
    ]
    assert not cut, cut


def test_a_row_of_three_is_a_third_of_a_phone() -> None:
    assert (
        sizing.label_max(PER_ROW) == 12
        and sizing.label_max(2) == 18
        and sizing.label_max(1) == sizing.ROW_MAX
    )
    assert per_row_for(["x" * 12] * 5) == 3 and per_row_for(["x" * 13]) == 2 and per_row_for(["x" * 19]) == 1


def short_forms(lang: str) -> dict[str, str]:
    """Every ``.button`` attribute of a language: the name's key → its short form."""
    return {key.rsplit(".", 1)[0]: T(lang, key) for key in T.attributes[lang] if key.endswith(f".{BUTTON}")}


def test_a_short_form_is_in_every_language_and_shorter_than_its_name() -> None:
    forms = {lang: short_forms(lang) for lang in LANGUAGES}
    first = forms[LANGUAGES[0]]
    assert first, "no name has a short form"
    for lang, found in forms.items():
        assert set(found) == set(first), (lang, set(found) ^ set(first))
        for key, short in found.items():
            assert short and sizing.CUT not in short, (lang, key)
            assert len(short) <= len(T(lang, key)), (lang, key, short)
