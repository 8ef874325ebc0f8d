"""The coach at the table (``bot.play.hint_asked``/``hint_told``, ``screens.hint_offered``):
who gets «💡 Hint», what a press of it is refused for, what its line says, and that a
session stored before hints existed loads with them off."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import buttons, lobby, play, screens
from bot.buttons import Hint, Pressed, Seats
from bot.computers import COMPUTER_BASE
from bot.context import House
from bot.i18n import Translator
from bot.session import ChatSettings, Member, Session
from bot.transaction import Reply
from engine.core import sight
from engine.players import coach
from engine.svintus import GAME
from engine.svintus.models import SvintusOptions
from tests.engine.helpers import Faces, table

T = Translator()
HOUSE = House(T, "en")
ANN, BOB = 1, 2


def made(hints: bool = True, bob: int = BOB) -> Session:
    """Ann to play (a Grab, 🟥 3, 🟦 5 on 🟥 2), Bob (a person, or a computer) down to one card."""
    f = Faces()
    hands = {ANN: [f.card("grab", "red"), f.card("red", 3), f.card("blue", 5)], bob: [f.card("green", 6)]}
    state = table(hands, top=f.card("red", 2), current=ANN, options=SvintusOptions(), declared=[bob])
    level = "hard" if bob >= COMPUTER_BASE else None
    members = [Member(id=ANN, name="Ann", lang="en"), Member(id=bob, name="Bob", lang="en", level=level)]
    return Session(
        chat_id=-100,
        game_id="g1",
        creator=ANN,
        game="svintus",
        status="playing",
        members=members,
        state=state,
        hints=hints,
    )


def hint_buttons(s: Session, player: int) -> list[Any]:
    hand = screens.draw_hand(T, "en", s, player)
    rows = hand.markup.inline_keyboard if hand.markup is not None else ()
    return [b for row in rows for b in row if buttons.parse(b.callback_data).body == Hint(player)]


def press_of(s: Session, player: int, owner: int, tag: str | None = None) -> Pressed:
    mine = sight(GAME, s.state, player)
    real = buttons.tag_of(mine.aimed)
    return buttons.parse(buttons.data(s.chat_id, s.game_id, Hint(owner), real if tag is None else tag))


def test_a_session_stored_before_hints_loads_with_them_off() -> None:
    old = made().model_dump(mode="json")
    del old["hints"], old["hints_used"]
    loaded = Session.model_validate(old)
    assert loaded.hints is False and loaded.hints_used == {}


def test_the_creator_turns_hints_on_and_off_and_nobody_else_can() -> None:
    s = Session(chat_id=-100, game_id="g1", creator=ANN, game="svintus", members=[Member(id=ANN, name="Ann")])
    s.members.append(Member(id=BOB, name="Bob"))
    ann, bob = Member(id=ANN, name="Ann", lang="en"), Member(id=BOB, name="Bob", lang="en")
    refused = lobby.press(HOUSE, s, ChatSettings(), "g1", Seats("h"), bob, True, 0)
    assert refused.session is None and not s.hints
    on = lobby.press(HOUSE, s, ChatSettings(), "g1", Seats("h"), ann, True, 0)
    assert on.session is not None and on.session.hints and on.reply.text == "Set: 💡 Hints: on"
    labels = [b.text for row in screens.draw_board(T, "en", s, "bot").markup.inline_keyboard for b in row]
    assert "💡 Hints: on" in labels
    off = lobby.press(HOUSE, s, ChatSettings(), "g1", Seats("h"), ann, True, 0)
    assert off.session is not None and not off.session.hints


def test_the_hint_button_is_on_a_waited_persons_hand_only_with_hints_on() -> None:
    assert [b.text for b in hint_buttons(made(), ANN)] == ["💡 Hint"]
    assert hint_buttons(made(), BOB) == []  # nothing waits on Bob
    assert hint_buttons(made(hints=False), ANN) == []
    s = made(bob=COMPUTER_BASE + 1)
    s.state.current = COMPUTER_BASE + 1
    assert not screens.hint_offered(s, COMPUTER_BASE + 1, *_sight(s, COMPUTER_BASE + 1))


def _sight(s: Session, player: int) -> tuple[Any, Any, Any]:
    mine = sight(GAME, s.state, player)
    return mine.view, mine.legal, mine.waits


@pytest.mark.parametrize(
    ("hints", "presser", "owner", "tag", "said"),
    [
        (False, ANN, ANN, None, "Hints are off at this table."),
        (True, BOB, ANN, None, "This hint is for someone else's hand."),
        (True, ANN, ANN, "ffffff", "That keyboard was out of date — here are your cards as they are now."),
        (True, 99, 99, None, "You're not playing in this game."),
    ],
)
def test_a_hint_is_refused_off_for_another_or_on_an_old_hand(
    hints: bool, presser: int, owner: int, tag: str | None, said: str
) -> None:
    s = made(hints)
    asked = play.hint_asked(
        HOUSE, s, press_of(s, ANN, owner, tag), Hint(owner), Member(id=presser, name="X"), "en", 0
    )
    assert isinstance(asked, Reply) and asked.text == said


def test_a_hint_is_told_counted_and_changes_nothing_else() -> None:
    s = made()
    before = s.model_dump(mode="json")
    ann = Member(id=ANN, name="Ann", lang="en")
    press = press_of(s, ANN, ANN)
    asked = play.hint_asked(HOUSE, s, press, Hint(ANN), ann, "en", 0)
    assert isinstance(asked, play.Asked)
    found = coach.hint("svintus", asked.view, asked.legal, random.Random(1), 16)
    change = play.hint_told(HOUSE, s, press, ann, "en", asked, found)
    assert change.reply.alert and change.reply.text.startswith("💡 Play ")
    assert change.session is s and s.hints_used == {ANN: 1}
    assert not change.after.redraw and not change.after.schedule and change.after.hand is None
    after = s.model_dump(mode="json")
    assert {k: v for k, v in after.items() if k != "hints_used"} == {
        k: v for k, v in before.items() if k != "hints_used"
    }
    s.state.seq += 1  # the game moved on meanwhile: the hint is of an old hand
    stale = play.hint_told(HOUSE, s, press, ann, "en", asked, found)
    assert (
        stale.session is None
        and stale.reply.text == "That keyboard was out of date — here are your cards as they are now."
    )


def test_the_result_names_who_used_hints() -> None:
    s = made()
    outcome = GAME.outcome(s.state)
    ctx = HOUSE.ctx(s, "en")
    assert "hints used" not in screens.result(ctx, s, outcome)
    s.hints_used = {ANN: 3}
    assert "💡 Ann: hints used: 3" in screens.result(ctx, s, outcome)
