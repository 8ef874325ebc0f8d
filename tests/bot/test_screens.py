"""Screens and button data: the generic parts (lobby, prompts, notes) and the
Svintus adapter, drawn from views exactly as the bot draws them."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot import buttons, games, screens
from bot.buttons import Act, BadButton, NewGame, Pick
from bot.games.svintus import ADAPTER as SVINTUS
from bot.games.svintus import animal_card, find_animal, menagerie
from bot.i18n import Translator
from bot.session import Draft, Member, Selection, Session
from bot.sizing import Rendered
from engine.core import Answer, Event, Leave, RuleError, Tick, ask
from engine.svintus import GAME
from engine.svintus.animals import ANIMALS, Animal
from engine.svintus.cards import COLORS, DECK_SIZE
from engine.svintus.models import (
    Accept,
    Catch,
    Declare,
    Draw,
    NextRound,
    Pass,
    PickAnimal,
    Play,
    React,
    Slap,
    Speak,
    SvintusOptions,
    UseAbility,
)
from tests.codes import notation

LEAVE_ROW = "|" + screens.LEAVE
T = Translator()
ROOT = Path(__file__).resolve().parents[2]
WORST_CHAT = -1_009_999_999_999


def session_with(state: Any, players: int, lang: str = "ru") -> Session:
    members = [Member(id=i, name=f"Player & <{i}>", lang=lang) for i in range(1, players + 1)]
    return Session(
        chat_id=-100,
        game_id="abc123",
        creator=1,
        game="svintus",
        title="T & <t>",
        status="playing",
        members=members,
        state=state,
    )


def started(players: int, options: SvintusOptions | None = None, seed: int = 5) -> Session:
    state, events = GAME.start(list(range(1, players + 1)), seed=seed, options=options or SvintusOptions())
    s = session_with(state, players)
    s.announce(events)
    return s


def buttons_of(rendered: Rendered) -> list[tuple[str, str]]:
    if rendered.markup is None:
        return []
    return [
        (b.text, str(b.callback_data))
        for row in rendered.markup.inline_keyboard
        for b in row
        if not str(b.callback_data).endswith(LEAVE_ROW)  # the core's «Leave», on every hand
        if b.callback_data is not None
    ]


# --- button data ---------------------------------------------------------------------------


def test_every_svintus_button_round_trips_and_fits_64_bytes() -> None:
    """A button's data is its action's code (the engine's codec): every kind of
    press, with the largest values, fits Telegram's 64 bytes and reads back as
    the very action, made by whoever pressed it."""
    prompt_id = 10**6
    cases: list[Any] = [
        Play(player=1, card=DECK_SIZE - 1, on=DECK_SIZE - 2),
        Play(player=1, card=DECK_SIZE - 1),  # on whatever is on top
        *(cls(player=1) for cls in (Draw, Pass, Accept, Declare, Catch, Slap, UseAbility, React, NextRound)),
        *(PickAnimal(player=1, animal=a) for a in ANIMALS),
        Leave(player=1),
        *(Answer(player=1, prompt=prompt_id, picks=[c.value]) for c in COLORS),
        Answer(player=1, prompt=prompt_id, picks=[DECK_SIZE - 1, DECK_SIZE - 2]),
        Answer(player=1, prompt=prompt_id, picks=[9_999_999_999]),  # a player
        Answer(player=1, prompt=prompt_id, cancel=True),
    ]
    for action in cases:
        data = buttons.data(WORST_CHAT, "ffffff", Act(GAME.encode(action)), "ffffff")
        assert len(data.encode()) <= 64
        press = buttons.parse(data)
        assert isinstance(press.body, Act) and press.chat_id == WORST_CHAT
        assert SVINTUS.game.decode(press.body.code, 1) == action
        assert SVINTUS.game.decode(press.body.code, 7) == type(action)(**{**_fields(action), "player": 7})
    # a prompt's longest button: a big prompt id and a player id as the option
    assert len(buttons.data(WORST_CHAT, "ffffff", Pick(99999999, ":", 9999999999)).encode()) <= 64


def _fields(action: Any) -> dict[str, Any]:
    return {f: getattr(action, f) for f in action.__dataclass_fields__}


@pytest.mark.parametrize(
    "data",
    [None, "", "x", "a|1|2|3", "a|a|b|c|d", "z|1|g|t|d", "a|1|g|t|" + "9" * 70, "a|1||t|d", "a|1|g|t|"],
)
def test_malformed_button_data_is_refused(data: str | None) -> None:
    with pytest.raises(BadButton):
        buttons.parse(data)


@pytest.mark.parametrize(
    "code",
    [
        "play",
        "play.1.2.3",
        "play.-5.",
        "play.1.x!",
        "play.rr.1",  # card 999
        "play.1.-7",
        "play.01.",  # not how 1 is written
        "play.A.",
        "draw.1",
        "color.0",
        "q",
        "",
        "pick_animal.dragon",
        "answer",
        "answer.1.~x.2",
        "tick",
        "join.x",
    ],
)
def test_forged_svintus_codes_are_refused(code: str) -> None:
    with pytest.raises(RuleError):  # answered «unknown button» by the judge (bot.play)
        SVINTUS.game.decode(code, 1)


@pytest.mark.parametrize(
    "body", ["", "x", "1", "1.nope", "a:1", "1*2", ".k", "1k2", "1:", "1:A", "1p~x", "1:5|"]
)
def test_forged_prompt_buttons_are_refused(body: str) -> None:
    with pytest.raises(BadButton):
        buttons.parse(f"p|-100|g|-|{body}")


# --- the game picker and the lobby -------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_picker_offers_every_game_by_its_short_name(lang: str) -> None:
    picked = screens.picker(T, lang, WORST_CHAT, games.names())
    bodies = [buttons.parse(d).body for _, d in buttons_of(picked)]
    assert bodies == [NewGame(g) for g in games.names()]
    assert T(lang, "svintus-name") in picked.text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_lobby_shows_seats_and_the_game_options(lang: str) -> None:
    members = [Member(id=i, name=f"P<{i}>") for i in (1, 2)]
    session = Session(chat_id=-100, game_id="abc123", creator=1, game="svintus", members=members)
    lobby = screens.draw_board(T, lang, session, "bot")
    assert "P&lt;1&gt;" in lobby.text and "P<1>" not in lobby.text
    codes = [notation(d) for _, d in buttons_of(lobby)]
    # the deal appears with Metamorphoses; then the computer seats, the start
    assert codes == ["j", "x", "ot", "om", "ow", "oh", "oa", "ceasy", "chard", "r", "h", "g"]
    session.options = {**session.options, "metamorphoses": True}
    assert "od" in [notation(d) for _, d in buttons_of(screens.draw_board(T, lang, session, "bot"))]


# --- board and hands ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_board_and_hands_fit_telegram_for_ten_players(lang: str) -> None:
    session = started(10)
    board = screens.draw_board(T, lang, session, "bot")
    assert len(board.text) < 4096
    assert "&lt;" in board.text and "<1>" not in board.text  # names are escaped
    for p in range(1, 11):
        hand = screens.draw_hand(T, lang, session, p)
        assert len(hand.text) < 4096 and hand.markup is not None


def test_a_hand_is_urgent_exactly_when_its_owner_must_act_now() -> None:
    session = started(3)
    state = session.state
    urgent = {p: screens.draw_hand(T, "en", session, p).urgent for p in state.seats}
    assert urgent == {p: p == state.current for p in state.seats}


def test_a_huge_hand_still_fits_in_a_keyboard() -> None:
    session = started(2)
    s = session.state
    s.hands = {**s.hands, 1: [*s.hands[1], *s.deck[:90]]}
    s.deck = s.deck[90:]
    hand = screens.draw_hand(T, "en", session, 1)
    assert hand.markup is not None
    assert sum(len(r) for r in hand.markup.inline_keyboard) <= 100
    assert any("×" in b.text for r in hand.markup.inline_keyboard for b in r)


def test_what_only_one_player_is_told_shows_in_that_hand_alone() -> None:
    session = started(3)
    told = session.announce([Event(key="svintus-ev-you-took", to=2, args={"card": 5, "target": 3})])
    assert told == {2} and session.log[-1].key != "svintus-ev-you-took"
    text = T("en", "svintus-ev-you-took", card="x", target="y").split()[0]
    assert text in screens.draw_hand(T, "en", session, 2).text
    assert "🔒" not in screens.draw_hand(T, "en", session, 1).text
    assert "🔒" not in screens.draw_board(T, "en", session, "bot").text


def test_every_key_the_bot_uses_exists_in_both_languages() -> None:
    used: set[str] = set()
    prefixes = (
        "lobby|board|hand|button|answer|cmd|start|dm|bot|private|language|game|picker|help|rules|final|prompt"
    )
    for py in (ROOT / "bot").rglob("*.py"):
        used |= set(re.findall(rf'"((?:{prefixes}|svintus)-[a-z0-9-]+)"', py.read_text()))
    used |= {f"cmd-desc-{c}" for c in ("new", "stop", "board", "rules", "language", "help")}
    used |= {f"help-{c}" for c in ("new", "stop", "board", "rules", "language", "help")}
    used |= {f"{g}-{k}" for g in games.names() for k in ("name", "emoji", "about", "rules")}
    used |= {f"svintus-lobby-deal-{k}" for k in ("random", "chosen")}
    assert len(used) > 100
    for lang in ("ru", "en"):
        missing = sorted(k for k in used if not T.has(lang, k))
        assert not missing, (lang, missing)


# --- Metamorphoses on screen ---------------------------------------------------------------------


def _check_hand(session: Session, p: int, lang: str) -> set[str]:
    """Every button of ``p``'s hand is one of their legal moves (a card shows even
    when it can't go: pressing it says why) or an option of their prompt; every
    legal move and every option has its button.  Returns the codes seen."""
    s = session.state
    view = GAME.view(s, p)
    legal = GAME.legal(s, p)
    hand = screens.draw_hand(T, lang, session, p)
    assert len(hand.text) < 4096
    codes: set[str] = set()
    options: set[Any] = set()
    for _, data in buttons_of(hand):
        assert len(data.encode()) <= 64
        body = buttons.parse(data).body
        if isinstance(body, Pick):
            assert view.prompt is not None and body.prompt == view.prompt.id
            if body.op in (":", "+", "-"):
                options.add(body.value)
            codes.add("!" + body.op)
            continue
        if not isinstance(body, Act):
            codes.add(notation(data))  # «Leave» (a selection)
            continue
        action = SVINTUS.game.decode(body.code, p)
        if isinstance(action, Play):
            assert action.card in s.hands[p]
            codes.add(f"play.{action.card}")
        else:
            assert action in legal, (body.code, legal)
            codes.add(body.code)
    for a in legal:
        if isinstance(a, Answer):
            continue
        if isinstance(a, Play):
            assert f"play.{a.card}" in codes
        elif isinstance(a, Draw | Pass | Accept | Declare | Slap | UseAbility | React):
            assert GAME.encode(a) in codes, (a, codes)
    if view.prompt is not None:  # every option, or a copy of it that shares its button
        prompt = view.prompt
        group = {o: SVINTUS.option_group(view, prompt, o) for o in prompt.options}
        reached = {group[o] for o in prompt.options if o in options}
        if len(prompt.options) <= screens.PAGE:
            assert reached == set(group.values())
    return codes


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_metamorphoses_hand_buttons_are_exactly_the_legal_moves(lang: str) -> None:
    """Through long random matches with animals, every hand's buttons are its
    owner's legal moves and prompt options, and every screen fits Telegram."""
    seen_codes: set[str] = set()
    for seed in range(6):
        rnd = random.Random(seed)
        n = 2 + seed
        opts = SvintusOptions(metamorphoses=True, target_score=8, hand_size=5, round_break_ms=0)
        state, _ = GAME.start(list(range(1, n + 1)), seed=seed, options=opts)
        session = session_with(state, n, lang)
        now = 0
        for step in range(2_500):
            s = session.state
            if s.phase == "match_over":
                break
            if step % 4 == 0:
                assert len(screens.draw_board(T, lang, session, "bot").text) < 4096
                for p in s.seats:
                    seen_codes |= {
                        c[:2] if c.startswith("!") else c.split(".")[0] for c in _check_hand(session, p, lang)
                    }
            now += rnd.choice((100, 500, 2000, 6000))
            due = GAME.next_deadline(s)
            if due is not None and due <= now:
                state, events = GAME.apply(s, Tick(), now)
            else:
                p = s.current if rnd.random() < 0.6 else rnd.choice(s.seats)
                acts = [a for a in GAME.legal(s, p) if not isinstance(a, Leave | Speak)]
                if not acts:
                    continue
                state, events = GAME.apply(s, rnd.choice(acts), now)
            session.state = state
            session.announce(events)
    assert {"ability", "!:", "!+", "react"} <= seen_codes  # the animals' buttons were reached


def test_choosing_several_cards_marks_the_draft_and_offers_done_only_when_enough() -> None:
    opts = SvintusOptions(metamorphoses=True)
    state, _ = GAME.start([1, 2], seed=3, options=opts)
    state.animals = {**state.animals, 1: Animal.POLITE_PIG}  # the Boor Hog: up to 2 cards under the deck
    state.current, state.dark = 1, [1]
    state, _ = GAME.apply(state, UseAbility(player=1), 1)
    session = session_with(state, 2, "en")
    prompt = GAME.view(state, 1).prompt
    assert prompt is not None and (prompt.min, prompt.max) == (0, 2)

    def codes() -> list[str]:
        return [notation(d) for _, d in buttons_of(screens.draw_hand(T, "en", session, 1))]

    assert f"!{prompt.id}.skip" in codes() and f"!{prompt.id}.ok" not in codes()
    first = prompt.options[0]
    session.drafts = {1: Draft(prompt=prompt.id, picks=[first])}
    now = codes()
    assert f"!{prompt.id}-{first}" in now and f"!{prompt.id}.ok" in now and f"!{prompt.id}.skip" not in now
    assert any(label.startswith("✔️") for label, _ in buttons_of(screens.draw_hand(T, "en", session, 1)))
    session.drafts = {1: Draft(prompt=prompt.id - 1, picks=[first])}  # a draft of an older prompt: ignored
    assert f"!{prompt.id}.ok" not in codes()


def test_choosing_animals_before_the_deal_is_on_the_board() -> None:
    opts = SvintusOptions(metamorphoses=True, animal_deal="chosen")
    state, _ = GAME.start([1, 2], seed=3, options=opts)
    state, _ = GAME.apply(state, PickAnimal(player=1, animal=Animal.OWL), 1)
    session = session_with(state, 2)
    for lang in ("ru", "en"):
        board = screens.draw_board(T, lang, session, "bot")
        codes = [notation(d) for _, d in buttons_of(board)]
        assert {GAME.encode(PickAnimal(player=0, animal=a)) for a in ANIMALS} <= set(codes)
        owl = T(lang, "svintus-animal-owl-light")
        assert owl in board.text and any(owl in label and "✖" in label for label, _ in buttons_of(board))
        assert buttons_of(screens.draw_hand(T, lang, session, 2)) == []  # nothing to press yet but «Leave»


def test_animal_lookup_by_any_name_in_either_language() -> None:
    assert find_animal(T, "ёж") is Animal.HEDGEHOG
    assert find_animal(T, "Дикобраз") is Animal.HEDGEHOG
    assert find_animal(T, "eagle-owl") is Animal.OWL
    assert find_animal(T, "  silver   fox ") is Animal.FOX
    assert find_animal(T, "мамон") is Animal.ELEPHANT
    assert find_animal(T, "mule") is Animal.DONKEY and find_animal(T, "ниндзя") is Animal.TURTLE
    assert find_animal(T, "бел") is Animal.SQUIRREL  # both sides of one animal
    assert find_animal(T, "м") is None  # Mouse, Bear, Cow...: ambiguous
    assert find_animal(T, "dragon") is None and find_animal(T, "") is None
    text = animal_card(T, "ru", Animal.OWL)
    assert "Сова" in text and "Филин" in text and T("ru", "svintus-animal-owl-dark-rule") in text
    assert menagerie(T, "en").count("\n") >= 15


def test_a_huge_hand_choosing_cards_for_an_ability_still_fits() -> None:
    """The Eagle-Owl swapping between two huge hands: one button per face, each
    one an option of the prompt, well within Telegram's ~100 buttons."""
    state, _ = GAME.start([1, 2], seed=3, options=SvintusOptions(metamorphoses=True))
    state.animals = {**state.animals, 1: Animal.OWL}
    state.hands[1] += state.deck[:80]
    state.hands[2] += state.deck[80:94]
    state.deck = state.deck[94:]
    state.current, state.dark = 1, [1]
    state, _ = GAME.apply(state, UseAbility(player=1), 1)
    prompt = GAME.view(state, 1).prompt
    assert prompt is not None
    state, _ = GAME.apply(state, Answer(player=1, prompt=prompt.id, picks=[2]), 2)
    for step in range(2):
        session = session_with(state, 2, "en")
        prompt = GAME.view(state, 1).prompt
        assert prompt is not None
        hand = screens.draw_hand(T, "en", session, 1)
        assert hand.markup is not None
        offered = [
            b for _, d in buttons_of(hand) if isinstance(b := buttons.parse(d).body, Pick) and b.op == ":"
        ]
        assert 0 < len(offered) <= 60 and len(buttons_of(hand)) <= 100
        if step == 0:
            assert any("×" in label for label, _ in buttons_of(hand))  # 88 of mine: grouped by face
        picks = [b.value for b in offered]
        assert set(picks) <= set(prompt.options)
        owner = {1 if c in state.hands[1] else 2 for c in picks}
        assert owner == ({1} if step == 0 else {2})  # first one of mine, then one of theirs
        state, _ = GAME.apply(state, Answer(player=1, prompt=prompt.id, picks=[picks[0]]), 3 + step)
    assert state.ability is None  # the swap is done


def test_a_prompt_with_more_options_than_a_keyboard_holds_is_paged() -> None:
    """108 options (Smash Up's Innsmouth asks that many): 30 a page, ◀ ▶ between
    pages, every option reachable, never more than 100 buttons."""
    session = started(2)
    s = session.state
    options = [10_000 + i for i in range(108)]
    prompt = ask(s, 1, "svintus-prompt-target", "player", options, then="ability")
    seen: set[Any] = set()
    pages = 0
    while True:
        session.drafts = {1: Draft(prompt=prompt.id, page=pages)}
        hand = screens.draw_hand(T, "en", session, 1)
        assert hand.markup is not None and sum(len(r) for r in hand.markup.inline_keyboard) <= 100
        bodies = [buttons.parse(d).body for _, d in buttons_of(hand)]
        answers = {b.value for b in bodies if isinstance(b, Pick) and b.prompt == prompt.id and b.op == ":"}
        assert len(answers) <= screens.PAGE and not answers & seen
        seen |= answers
        pages += 1
        if Pick(prompt.id, "p", pages) not in bodies:
            break
    assert seen == set(options) and pages == 4


@pytest.mark.parametrize("game", ["svintus", "candy", "dobble", "smashup"])
def test_every_hand_offers_leave_and_asks_before_it_leaves(game: str) -> None:
    """«Leave» on every game's hand while the game goes on; pressed once, the hand
    asks to be sure (the second tap is the engine's Leave), «Back» returns."""
    g = games.get(game).game
    state, _ = g.start([1, 2, 3], 4, g.options(None), 0)
    due = g.next_deadline(state)
    if game == "dobble" and due is not None:  # past the first countdown (a held screen has no buttons)
        state, _ = g.apply(state, Tick(), due)
    session = Session(
        chat_id=-100,
        game_id="abc123",
        creator=1,
        game=game,
        title="T",
        status="playing",
        members=[Member(id=p, name=f"P{p}", lang="en") for p in (1, 2, 3)],
        state=state,
    )
    hand = screens.draw_hand(T, "en", session, 2)
    assert hand.markup is not None
    last = hand.markup.inline_keyboard[-1]
    assert len(last) == 1 and str(last[0].callback_data).endswith(LEAVE_ROW)
    tag = screens.keyboard_tag(games.get(game), g.legal(state, 2))
    session.selected[2] = Selection(value=screens.LEAVE, tag=tag)
    sure = screens.draw_hand(T, "en", session, 2)
    assert "Leave this game for good?" in sure.text
    assert sure.markup is not None
    data = [str(b.callback_data) for row in sure.markup.inline_keyboard for b in row]
    assert data[0].endswith("|leave") and data[1].endswith("|") and len(data) == 2
    session.status = "over"
    over = screens.draw_hand(T, "en", session, 2).markup
    assert over is None or not any(
        str(b.callback_data).endswith(LEAVE_ROW) for r in over.inline_keyboard for b in r
    )


def test_the_final_board_offers_a_rematch_and_a_live_one_does_not() -> None:
    g = games.get("candy").game
    state, _ = g.start([1, 2], 4, g.options(None), 0)
    session = Session(
        chat_id=-100,
        game_id="abc123",
        creator=1,
        game="candy",
        title="T",
        status="playing",
        members=[Member(id=p, name=f"P{p}", lang="en") for p in (1, 2)],
        state=state,
    )
    live = screens.draw_board(T, "en", session, "bot")
    assert not any(str(d).startswith("r|") for _, d in buttons_of(live))
    session.status = "over"
    over = screens.draw_board(T, "en", session, "bot")
    assert [d for _, d in buttons_of(over)] == ["r|-100|abc123|-|"]
    session.stopped_by = Member(id=1, name="P1")
    assert buttons_of(screens.draw_board(T, "en", session, "bot")) == []  # a stopped game: no rematch


def test_a_rematch_lobby_names_last_games_players_until_they_join() -> None:
    session = Session(
        chat_id=-100,
        game_id="abc124",
        creator=2,
        game="candy",
        title="T",
        again=[Member(id=1, name="Ann"), Member(id=2, name="Boris")],
        members=[Member(id=2, name="Boris")],
    )
    lobby = screens.draw_board(T, "en", session, "bot").text
    assert "A rematch: Ann —" in lobby
    session.members.append(Member(id=1, name="Ann"))
    assert "rematch" not in screens.draw_board(T, "en", session, "bot").text


# --- what a review of play-throughs found ---------------------------------------------------------


def _hand_lines(session: Session, p: int, lang: str = "en") -> list[str]:
    return screens.draw_hand(T, lang, session, p).text.split("\n")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_waiting_hand_shows_the_top_card_and_whose_turn(lang: str) -> None:
    from tests.engine.helpers import Faces, table

    f = Faces()
    s = table(
        {1: [f.card("red", 1), f.card("blue", 7)], 2: [f.card("red", 5), f.card("green", 2)]},
        top=f.card("red", 5),
        current=1,
    )
    session = session_with(s, 2, lang)
    text = screens.draw_hand(T, lang, session, 2).text
    assert (
        T(
            lang,
            "svintus-board-top",
            card=T(lang, "svintus-card-number", emoji=T(lang, "svintus-emoji-red"), value=5),
        )
        in text
    )
    assert T(lang, "svintus-hand-waiting", player="Player &amp; &lt;1&gt;") in text
    # the identical 🟥 5 may intercept: the legend says so, once
    assert text.count("✅") == 1 and T(lang, "svintus-hand-cards-intercept", count=2) in text


def test_the_playable_legend_shows_only_when_a_card_carries_it() -> None:
    from tests.engine.helpers import Faces, table

    f = Faces()
    s = table(
        {1: [f.card("blue", 1), f.card("blue", 7)], 2: [f.card("green", 2)]}, top=f.card("red", 5), current=1
    )
    lines = _hand_lines(session_with(s, 2), 1)
    assert T("en", "svintus-hand-cards", count=2) in lines and not any("✅" in line for line in lines)
    s.hands = {**s.hands, 1: [f.card("red", 3), *s.hands[1]]}
    lines = _hand_lines(session_with(s, 2), 1)
    assert T("en", "svintus-hand-cards-playable", count=3) in lines
    assert sum(line.count("✅") for line in lines) == 1  # the legend, once; the mark is on the button


def test_the_board_names_the_match_target() -> None:
    session = started(3, SvintusOptions(target_score=50))
    first = screens.draw_board(T, "en", session, "bot").text.split("\n")[0]
    assert "playing to 50 points" in first


def test_in_a_silence_the_buttons_that_speak_say_what_they_cost_and_the_toast_explains() -> None:
    """«Свинтус!», «Поймать!» and a Polypig (its colour is named aloud) cost 2
    cards in a silence: their buttons carry 🤫−2 before the press, the hand says
    why, and the press's toast says what it cost."""
    from engine.svintus.keys import Ev
    from tests.engine.helpers import Faces, table

    f = Faces()
    s = table(
        {1: [f.card("polypig"), f.card("blue", 7)], 2: [f.card("green", 2)]},
        top=f.card("hush", "red"),
        current=1,
        silence=2,
        one_card_since={2: 0},
    )
    session = session_with(s, 2)
    hand = screens.draw_hand(T, "en", session, 1)
    labels = [t for t, _ in buttons_of(hand)]
    assert any(t.startswith("✅ 🌈") and t.endswith("🤫−2") for t in labels), labels
    assert not any(t.startswith("🟦") and "🤫" in t for t in labels)
    assert T("en", "svintus-hand-silence", count=2) in hand.text
    board = screens.draw_board(T, "en", session, "bot")
    assert any(t == "🫵 Catch! 🤫−2" for t, _ in buttons_of(board))
    ctx = screens.ctx_for(T, "en", session, "bot")
    fine = [Event(key=Ev.PENALTY_SILENCE, args={"player": 1, "count": 2})]
    assert SVINTUS.press_answer(ctx, 1, Catch(player=1), fine) == T("en", "svintus-answer-silence", count=2)
    s.silence = None
    assert not any("🤫" in t for t, _ in buttons_of(screens.draw_hand(T, "en", session_with(s, 2), 1)))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_round_won_posts_a_message_with_the_match_so_far_and_the_hands_name_the_winner(lang: str) -> None:
    from engine.svintus.keys import Ev
    from tests.engine.helpers import Faces, table

    f = Faces()
    s = table(
        {1: [f.card("red", 1)], 2: [f.card("green", 2), f.card("blue", 3)]}, top=f.card("red", 5), current=1
    )
    s2, events = GAME.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1000)
    assert s2.phase == "round_over"
    session = session_with(s2, 2, lang)
    ctx = screens.ctx_for(T, lang, session, "bot")
    posts = SVINTUS.posts(ctx, GAME.view(s2, None), [e for e in events if e.to is None])
    assert len(posts) == 1
    lines = posts[0].split("\n")
    won = next(e for e in events if e.key == Ev.ROUND_WON)
    assert lines[0].startswith("🏁") and SVINTUS.event_text(ctx, won) in lines[0]
    assert lines[1].startswith("1. Player &amp; &lt;1&gt;")
    loser = screens.draw_hand(T, lang, session, 2).text
    assert T(lang, "svintus-hand-round-over", player="Player &amp; &lt;1&gt;") in loser


def test_the_result_ranks_everyone_and_offers_play_again() -> None:
    g = games.get("candy").game
    state, _ = g.start([1, 2], 4, g.options(None), 0)
    session = Session(
        chat_id=-100,
        game_id="abc123",
        creator=1,
        game="candy",
        title="T",
        status="over",
        members=[Member(id=p, name=f"P{p}", lang="en") for p in (1, 2)],
        state=state,
    )
    from engine.core import Outcome

    ctx = screens.ctx_for(T, "en", session, "bot")
    text = screens.ranking(ctx, session, Outcome(status="over", winners=[2], scores={1: 4, 2: 9}))
    assert text.strip().split("\n") == ["🏆 P2 — 9 candies", "2. P1 — 4 candies"]
    unscored = Outcome(status="over", winners=[2], scores={1: 0, 2: 1}, scored=False)
    assert screens.ranking(ctx, session, unscored).strip().split("\n") == ["🏆 P2", "2. P1"]
    markup = screens.again_markup(ctx)
    assert [b.callback_data for r in markup.inline_keyboard for b in r] == ["r|-100|abc123|-|"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_log_says_each_action_once_and_briefly(lang: str) -> None:
    """A Polypig played is one line (the board says a colour is awaited); a
    Grab aimed reads as the choice it is; Candy's routine draw is not logged
    (the board's counts show it); a Dobble race's line fits a phone's line or two."""
    from engine.candy.keys import Ev as CandyEv
    from engine.svintus.keys import Ev
    from tests.engine.helpers import Faces, table

    f = Faces()
    hands = {1: [f.card("polypig"), f.card("blue", 7)], 2: [f.card("green", 2)]}
    s = table(hands, top=f.card("red", 5), current=1)
    _, events = GAME.apply(s, Play(player=1, card=s.hands[1][0], on=s.pile[-1]), 1)
    assert [e.key for e in events if e.to is None] == [Ev.PLAYED]
    aimed = T(lang, Ev.GRAB_AIMED, player="Ann", count=3)
    assert aimed.startswith("⚠️") and ("или" in aimed or " or " in aimed)
    candy = games.get("candy")
    drew = Event(key=CandyEv.DREW, args={"player": 1, "count": 1})
    played = Event(key=CandyEv.PLAYED, args={"player": 1, "card": 3})
    kept = Session(chat_id=-1, game_id="g", creator=1, game="candy")
    kept.announce([played, drew], candy.game.fleeting)
    assert kept.log == [played]
    for key in ("took", "caught", "gifted"):
        args = {"player": "Alexandra", "symbol": "🍀 clover", "target": "Bartholomew", "count": 12}
        assert len(T(lang, f"dobble-ev-{key}", **args)) <= 72  # two lines of a phone at most


def test_a_button_of_a_legal_action_carries_the_code_the_engine_gave_with_it() -> None:
    """A hand's buttons take their codes from what the engine gave with the legal
    actions (``Sight.codes``, by each action's identity); any other action — an
    equal one made anew, a card not playable now — is encoded, all of a
    screen's at once (``encode_all``)."""
    asked: list[list[Any]] = []

    def encode_all(actions: Any) -> list[str]:
        asked.append(list(actions))
        return [f"e{i}" for i in range(len(actions))]

    draw, passing = Draw(player=1), Pass(player=1)
    again = Draw(player=1)  # equal to ``draw``, another object
    ctx = screens.ctx_for(T, "en", _session_for_codes(), "bot")
    known = {id(draw): "A", id(passing): "B"}
    ctx = dataclasses.replace(ctx, encode=encode_all, codes=known, coded=(draw, passing))
    play = Play(player=1, card=3)
    pressed = ctx.acts([("draw", draw), ("again", again), ("pass", passing), ("play", play)])
    codes = [buttons.parse(b.callback_data).body for b in pressed]
    assert codes == [Act("A"), Act("e0"), Act("B"), Act("e1")]
    assert asked == [[again, play]]  # one call, for those it had no code of
    assert buttons.parse(ctx.act("draw", draw).callback_data).body == Act("A")
    assert len(asked) == 1


def _session_for_codes() -> Session:
    members = [Member(id=1, name="A")]
    return Session(chat_id=-5, game="svintus", game_id="g1", title="t", creator=1, members=members)
