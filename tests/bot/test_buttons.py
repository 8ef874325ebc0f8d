"""The one grammar of button data (``bot.buttons``): whatever a button may mean, its
data reads back as it was written, fits Telegram's 64 bytes, and typed values never
collide; anything else is refused, whole.  (Every button every screen of every game
draws is round-tripped in test_html_screens.py.)"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import buttons
from bot.buttons import (
    Act,
    Again,
    BadButton,
    Body,
    Forget,
    Hint,
    Language,
    NewGame,
    Pick,
    Seats,
    Setting,
    Show,
)

WORST_CHAT = -1_009_999_999_999
safe = st.text(st.characters(blacklist_characters="|", blacklist_categories=("Cs",)), max_size=12)
values = st.one_of(st.integers(-(10**12), 10**12), safe)
bodies: st.SearchStrategy[Body] = st.one_of(
    st.builds(Act, safe.filter(bool)),
    st.builds(Show, safe),
    st.builds(Pick, st.integers(0, 10**8), st.sampled_from([":", "+", "-"]), values),
    st.builds(Pick, st.integers(0, 10**8), st.sampled_from(["k", "s", "x"])),
    st.builds(Pick, st.integers(0, 10**8), st.just("p"), st.integers(0, 999)),
    st.builds(Seats, st.sampled_from(["j", "x", "g", "r", "h"])),
    st.builds(Seats, st.just("c"), safe.filter(bool)),
    st.builds(Setting, st.sampled_from("abcdgmt"), st.sampled_from(["", "-", "+", "close"])),
    st.builds(Setting, st.sampled_from("abf"), st.sampled_from(["item", "page"]), st.integers(0, 9999)),
    st.builds(NewGame, safe.filter(bool)),
    st.just(Again()),
    st.builds(Language, safe.filter(bool)),
    st.builds(Forget, st.sampled_from(["y", "n"]), st.integers(1, 2**52)),
    st.builds(Hint, st.integers(1, 2**52)),
)


@given(
    bodies, st.sampled_from(["-", "abc123"]), st.sampled_from(["-", "ffffff"]), st.integers(-(10**13), 10**13)
)
def test_every_button_reads_back_as_written(body: Body, game_id: str, tag: str, chat_id: int) -> None:
    try:
        data = buttons.data(chat_id, game_id, body, tag)
    except BadButton:  # too long for Telegram: never drawn
        return
    assert len(data.encode()) <= buttons.MAX_BYTES
    press = buttons.parse(data)
    assert (press.chat_id, press.game_id, press.tag, press.body) == (chat_id, game_id, tag, body)


def test_the_int_five_and_the_string_five_are_two_buttons() -> None:
    five, text_five = buttons.data(-1, "g", Pick(1, ":", 5)), buttons.data(-1, "g", Pick(1, ":", "5"))
    assert five != text_five
    assert buttons.parse(five).body == Pick(1, ":", 5) and buttons.parse(text_five).body == Pick(1, ":", "5")


@pytest.mark.parametrize("part", ["a|b", "|"])
def test_the_frames_bar_is_in_no_part(part: str) -> None:
    for write in (
        lambda: buttons.data(-1, "g", Act(part)),
        lambda: buttons.data(-1, part, Again()),
        lambda: buttons.data(-1, "g", Show("x"), part),
        lambda: buttons.data(-1, "g", Pick(1, ":", part)),
    ):
        with pytest.raises(BadButton):
            write()


@pytest.mark.parametrize(
    "raw", ["a|01|g|t|x", "a|+1|g|t|x", "a| 1|g|t|x", "a|1_0|g|t|x", "p|1|g|-|07:5", "p|1|g|-|7:05"]
)
def test_a_number_written_another_way_is_no_button(raw: str) -> None:
    with pytest.raises(BadButton):
        buttons.parse(raw)


@given(st.text(alphabet="aspolnrLfy|-0123456789abc.~:+_ ", max_size=40))
def test_any_text_is_a_button_or_refused_whole(raw: str) -> None:
    try:
        press = buttons.parse(raw)
    except BadButton:
        return
    assert buttons.data(press.chat_id, press.game_id, press.body, press.tag) == raw


def test_forgets_question_fits_for_any_user_in_any_chat() -> None:
    """``/forget``'s buttons carry the asker (Telegram's ids have at most 52 bits): they fit."""
    for op in ("y", "n"):
        data = buttons.data(WORST_CHAT, buttons.NO, Forget(op, 2**52 - 1))  # type: ignore[arg-type]
        assert len(data.encode()) <= buttons.MAX_BYTES and buttons.parse(data).body == Forget(op, 2**52 - 1)  # type: ignore[arg-type]
    for raw in ("f|-1|-|-|y", "f|-1|-|-|y0", "f|-1|-|-|y-5", "f|-1|-|-|q5", "f|-1|-|-|yA"):
        with pytest.raises(BadButton):
            buttons.parse(raw)


def test_a_hint_fits_for_any_user_on_any_hand() -> None:
    """A hand's «💡 Hint» names its owner (at most 52 bits) and carries the hand's tag
    and the game id: it fits in any chat; a malformed owner is no button."""
    data = buttons.data(WORST_CHAT, "abc123", Hint(2**52 - 1), "ffffff")
    assert len(data.encode()) <= buttons.MAX_BYTES and buttons.parse(data).body == Hint(2**52 - 1)
    for raw in ("h|-1|g|t|", "h|-1|g|t|0", "h|-1|g|t|-5", "h|-1|g|t|A", "h|-1|g|t|05"):
        with pytest.raises(BadButton):
            buttons.parse(raw)
