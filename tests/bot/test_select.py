"""A press that selects (``bot.buttons.Show``): it changes only what the
presser's hand shows, holds while their keyboard stays the same, and is
forgotten by their next move — the core's part of "a card, then its move"."""

from __future__ import annotations

import time
from typing import Any

from bot import games, screens
from bot.i18n import Translator
from bot.referee import Referee
from bot.session import Member, Selection, Session
from bot.store import Store
from engine.candy import GAME
from engine.candy.models import CandyOptions, Discard
from tests.codes import notation, pressed

T = Translator()
CHAT = -100_777
ADAPTER = games.get("candy")


class StubBot:
    """The referee writes nothing to Telegram in these tests (screens are not flushed)."""

    username = "candybot"


def _session() -> Session:
    state, events = GAME.start(
        [1, 2, 3], seed=4, options=CandyOptions(turn_timer_ms=0)
    )  # dealt at 0 ms: no timer to run out
    members = [Member(id=i, name=f"P{i}", lang="en") for i in (1, 2, 3)]
    s = Session(
        chat_id=CHAT, game_id="g1", creator=1, game="candy", status="playing", members=members, state=state
    )
    s.announce(events)
    return s


def _codes(session: Session, player: int) -> list[str]:
    hand = screens.draw_hand(T, "en", session, player)
    assert hand.markup is not None
    return [notation(str(b.callback_data)) for row in hand.markup.inline_keyboard for b in row]


def _tag(session: Session, player: int) -> str:
    return screens.keyboard_tag(ADAPTER, GAME.legal(session.state, player))


async def _shown(ref: Referee, store: Store, session: Session) -> None:
    """Every hand's message shows what ``session`` draws (as if sent)."""
    for m in session.members:
        drawn = screens.draw_hand(T, "en", session, m.id, ref.bot.username)
        await store.set_message(CHAT, f"hand:{m.id}", 100 + m.id, drawn.digest())


async def _referee(redis_url: str) -> tuple[Referee, Store, list[str]]:
    store = Store.from_url(redis_url)
    ref = Referee(StubBot(), store, T, "en")  # type: ignore[arg-type]
    touched: list[str] = []

    def touch(chat_id: int, slot: str) -> None:
        touched.append(slot)

    ref.sender.refreshes.touch = touch  # type: ignore[method-assign]
    return ref, store, touched


async def test_a_selection_redraws_only_the_pressers_hand_and_a_move_forgets_it(redis_url: str) -> None:
    ref, store, touched = await _referee(redis_url)
    session = _session()
    await store.save(session, 0)
    await _shown(ref, store, session)
    p = session.state.current
    card = sorted(session.state.hands[p])[0]
    user = Member(id=p, name=f"P{p}", lang="en")
    tag = _tag(session, p)
    assert f"=c{card}" in _codes(session, p)

    select = pressed(CHAT, "g1", tag, f"=c{card}")
    reply = await ref.game_press(select, user, from_board=False, update_id=1)
    assert reply.text == ""
    saved, _ = await store.load(CHAT)
    assert saved is not None and saved.selected == {p: Selection(tag=tag, value=f"c{card}")}
    assert saved.state == session.state  # no move: the game is as it was
    # the board is drawn after any save; of the hands, only the one that looks different now
    # (in private, and in the group: it is theirs to act, and a bot that is an admin brings it)
    await ref.sender.idle()
    assert touched == ["board", f"hand:{p}", f"eph:{p}"]
    codes = _codes(saved, p)
    discard = GAME.encode(Discard(player=p, card=card))
    assert discard in codes and "=" in codes and f"=c{card}" not in codes  # its moves, and back

    # a selection pressed on an older keyboard is stale and changes nothing
    reply = await ref.game_press(pressed(CHAT, "g1", "0", f"=c{card}"), user, from_board=False)
    assert reply.text == T("en", "answer-stale")
    again, _ = await store.load(CHAT)
    assert again is not None and again.selected == saved.selected

    # the move itself: applied, and the selection forgotten
    reply = await ref.game_press(pressed(CHAT, "g1", tag, discard), user, from_board=False, update_id=2)
    assert reply.text == ""
    moved, _ = await store.load(CHAT)
    assert moved is not None and moved.selected == {} and card in moved.state.discard
    await ref.close()
    await store.close()


async def test_back_selects_nothing_and_a_selection_lapses_with_its_keyboard(redis_url: str) -> None:
    ref, store, _ = await _referee(redis_url)
    session = _session()
    p = session.state.current
    card = sorted(session.state.hands[p])[0]
    tag = _tag(session, p)
    session.selected = {p: Selection(tag=tag, value=f"c{card}")}
    await store.save(session, 0)
    user = Member(id=p, name=f"P{p}", lang="en")
    reply = await ref.game_press(pressed(CHAT, "g1", tag, "="), user, from_board=False)
    assert reply.text == ""
    saved, _ = await store.load(CHAT)
    assert saved is not None and saved.selected == {}
    assert f"=c{card}" in _codes(saved, p)
    # a selection made on a keyboard the player no longer sees draws nothing
    saved.selected = {p: Selection(tag="older", value=f"c{card}")}
    assert screens.selection_of(saved, p, tag) == ""
    assert f"=c{card}" in _codes(saved, p)
    # and a selection on the keyboard shown is drawn: the hand's digest changes with it
    before = screens.draw_hand(T, "en", saved, p).digest()
    saved.selected = {p: Selection(tag=tag, value=f"c{card}")}
    assert screens.draw_hand(T, "en", saved, p).digest() != before
    await ref.close()
    await store.close()


async def test_a_selection_from_the_board_or_by_a_stranger_changes_nothing(redis_url: str) -> None:
    ref, store, _ = await _referee(redis_url)
    session = _session()
    await store.save(session, 0)
    p = session.state.current
    card = sorted(session.state.hands[p])[0]
    tag = _tag(session, p)
    user = Member(id=p, name=f"P{p}", lang="en")
    from_board: Any = await ref.game_press(pressed(CHAT, "g1", tag, f"=c{card}"), user, from_board=True)
    assert from_board.text == T("en", "answer-stale")
    stranger = Member(id=99, name="S", lang="en")
    reply = await ref.game_press(pressed(CHAT, "g1", tag, f"=c{card}"), stranger, from_board=False)
    assert reply.text == T("en", "answer-not-player")
    saved, _ = await store.load(CHAT)
    assert saved is not None and saved.selected == {}
    await ref.close()
    await store.close()


async def test_a_page_press_turns_the_prompts_keyboard_and_changes_no_game(redis_url: str) -> None:
    """◀ ▶ on a long prompt are the presser's view, like a selection: saved in
    their draft, the game untouched; a page of an older prompt is stale."""
    from engine.core import ask
    from engine.svintus import GAME as SVINTUS

    ref, store, touched = await _referee(redis_url)
    state, _ = SVINTUS.start([1, 2], seed=3, now_ms=int(time.time() * 1000))  # no timer due yet
    prompt = ask(state, 1, "svintus-prompt-target", "player", list(range(500, 600)), then="ability")
    members = [Member(id=i, name=f"P{i}", lang="en") for i in (1, 2)]
    session = Session(
        chat_id=CHAT, game_id="g1", creator=1, game="svintus", status="playing", members=members, state=state
    )
    await store.save(session, 0)
    await _shown(ref, store, session)
    user = members[0]
    reply = await ref.game_press(pressed(CHAT, "g1", "-", f"!{prompt.id}.p2"), user, from_board=False)
    assert reply.text == ""
    saved, _ = await store.load(CHAT)
    assert saved is not None and saved.drafts[1].page == 2 and saved.drafts[1].picks == []
    await ref.sender.idle()
    assert SVINTUS.dump(saved.state) == SVINTUS.dump(state) and touched == ["board", "hand:1", "eph:1"]
    codes = _codes(saved, 1)
    assert f"!{prompt.id}:560" in codes and f"!{prompt.id}:500" not in codes  # page 3 of 30 a page
    stale = await ref.game_press(pressed(CHAT, "g1", "-", f"!{prompt.id - 1}.p1"), user, from_board=False)
    assert stale.text == T("en", "answer-stale")
    await ref.close()
    await store.close()
