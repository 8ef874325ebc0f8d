"""Every screen of every game is HTML that Telegram accepts, whatever people call
themselves and their chat: seeded random games of each game, played by players
named ``<3 & "Bob" <b>``, ``</i>``, ``&amp;``, ``a<b`` in a chat of such a name,
drawn at every step in both languages — the lobby, the board, every hand (with
each selection and a prompt's draft), the log, the posts, the result — and
every text read by the strict parser of the fake Telegram.  A name shows as
written: escaped in HTML, as is on a button.  The replies to commands with
such arguments (``/new <3``, ``/rules smashup <3``, ``/card <x>``) too.  And
every button of every such screen reads back (``bot.buttons.parse``) as what
writes it again, byte for byte: one grammar, round-tripped.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

import pytest

from bot import buttons, games, handlers, screens, sizing, stats
from bot.adapter import AnyAdapter, Ctx, Toggles
from bot.buttons import BadButton, Show
from bot.i18n import LANGUAGES, Translator, translator
from bot.playground.telegram_html import HtmlError, parse
from bot.session import Draft, Member, Selection, Session
from bot.sizing import Rendered
from engine import registry
from engine.core import Event, Tick
from tests.engine.playout import leaves, play

T: Translator = translator()
HOSTILE = ['<3 & "Bob" <b>', "</i>", "&amp;", "a<b", "x & y; &lt;", "<a href='x'>"]
TITLE = '<3 & "chat" <b>'
CHAT = -1_001_234_567_890
# what a name escaped twice, or escaped on a button, shows
ESCAPED = ("&lt;", "&gt;", "&quot;", "&#x27;", "&amp;amp;")

# (seed, players, options) of the games played, per game, each to its end and in both languages
PLAYED: dict[str, list[tuple[int, int, dict[str, Any]]]] = {
    "svintus": [
        (7, 3, {"target_score": 1}),
        (4, 2, {"metamorphoses": True, "target_score": 1, "hand_size": 3}),
        (5, 4, {"metamorphoses": True, "animal_deal": "chosen", "target_score": 1, "hand_size": 4}),
    ],
    "candy": [(3, 2, {}), (3, 4, {"team_game": True}), (1, 3, {"big_game": True, "open_discard": True})],
    "dobble": [(9, 3, {"mode": "catch", "length": 2}), (1, 4, {"mode": "gift"}), (1, 3, {"mode": "match"})],
    "smashup": [(6, 2, {"goal": 8}), (2, 3, {"goal": 6, "draft": "random"})],
}
# The board is drawn at every step; the hands (each with every selection) at the
# first and last steps of a game, at every step a prompt is open, and every few
# steps in between: a long random game repeats itself, and a hand costs a millisecond.
HEAD, TAIL, EVERY = 120, 60, 10
MAX_STEPS = 4000


def strict(text: str, what: str) -> str:
    """The text Telegram shows for ``text``; a test failure if Telegram refuses it."""
    try:
        return parse(text)
    except HtmlError as e:
        pytest.fail(f"{what}: Telegram refuses it ({e}):\n{text}")


def labels_plain(rendered: Rendered, what: str) -> None:
    """A button shows its label as is: a name on it must not be escaped."""
    if rendered.markup is None:
        return
    for row in rendered.markup.inline_keyboard:
        for b in row:
            assert not any(e in b.text for e in ESCAPED), f"{what}: the button {b.text!r} shows escapes"


def round_trips(rendered: Rendered, what: str) -> None:
    """Every button's data is of the one grammar, and is written again as it was read."""
    for row in rendered.markup.inline_keyboard if rendered.markup is not None else []:
        for b in row:
            if b.url is not None:
                continue
            data = b.callback_data
            assert isinstance(data, str), f"{what}: {b.text!r} has no data"
            press = buttons.parse(data)
            again = buttons.data(press.chat_id, press.game_id, press.body, press.tag)
            assert again == data, f"{what}: {data!r} reads as {press!r}, written {again!r}"


def screen(rendered: Rendered, what: str) -> None:
    strict(rendered.text, what)
    labels_plain(rendered, what)
    round_trips(rendered, what)


def members(n: int, lang: str) -> list[Member]:
    return [Member(id=p, name=HOSTILE[(p - 1) % len(HOSTILE)], lang=lang) for p in range(1, n + 1)]


def session_for(game: str, n: int, lang: str, options: dict[str, Any]) -> Session:
    adapter = games.get(game)
    return Session(
        chat_id=CHAT,
        game_id="abc123",
        creator=1,
        game=game,
        title=TITLE,
        members=members(n, lang),
        options=adapter.game.options(options).model_dump(mode="json"),
    )


def ctx_of(session: Session, lang: str) -> Ctx:
    return screens.ctx_for(T, lang, session, "referee_bot")


# --- the lobby ----------------------------------------------------------------------------------


def lobbies(game: str, lang: str) -> Iterator[tuple[str, Session]]:
    """The lobby as it can be: people and computers seated, people who cannot be
    written to yet, last game's players, each option's panel open; stopped."""
    s = session_for(game, 2, lang, {})
    s.members.append(Member(id=90, name=T(lang, "computer-name-1"), lang=lang, level="easy"))
    s.unreachable = [Member(id=50 + i, name=name) for i, name in enumerate(HOSTILE)]
    s.again = [Member(id=70 + i, name=name) for i, name in enumerate(HOSTILE)]
    yield "a lobby", s
    for option in games.get(game).choices:
        if isinstance(option, Toggles):
            yield f"the lobby's {option.code} panel", s.model_copy(update={"panel": option.code})
    stopped = s.model_copy(update={"status": "over", "stopped_by": Member(id=2, name=HOSTILE[0])})
    yield "a lobby stopped", stopped
    yield "a lobby closed", s.model_copy(update={"status": "over"})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", games.names())
def test_every_lobby_is_html_telegram_accepts(game: str, lang: str) -> None:
    for what, s in lobbies(game, lang):
        screen(screens.draw_board(T, lang, s, "referee_bot"), f"{game}: {what}")
    picker = screens.picker(T, lang, CHAT, games.names())
    screen(picker, "the game picker")


# --- games played ---------------------------------------------------------------------------------


def check_hand(session: Session, adapter: AnyAdapter, p: int, lang: str, what: str) -> None:
    """A hand as drawn, then with each thing its buttons select, then with a draft
    of its prompt (for one that wants several options)."""
    hand = screens.draw_hand(T, lang, session, p, "referee_bot")
    screen(hand, what)
    legal = adapter.game.legal(session.state, p)
    tag = screens.keyboard_tag(adapter, legal)
    values = {screens.LEAVE}
    for row in hand.markup.inline_keyboard if hand.markup is not None else []:
        for b in row:
            try:
                body = buttons.parse(b.callback_data if isinstance(b.callback_data, str) else None).body
            except BadButton:
                continue
            if isinstance(body, Show) and body.value:
                values.add(body.value)
    for value in sorted(values):
        picked = session.model_copy(update={"selected": {p: Selection(tag=tag, value=value)}})
        screen(screens.draw_hand(T, lang, picked, p, "referee_bot"), f"{what}, {value!r} selected")
    prompt = adapter.game.view(session.state, p).prompt
    if prompt is not None and prompt.max > 1 and len(prompt.options) > 1:
        picks = list(prompt.options[: min(prompt.max - 1, 2)]) or list(prompt.options[:1])
        draft = session.model_copy(update={"drafts": {p: Draft(prompt=prompt.id, picks=picks)}})
        screen(screens.draw_hand(T, lang, draft, p, "referee_bot"), f"{what}, a draft")


def check_words(
    session: Session, adapter: AnyAdapter, action: Any, events: list[Event], lang: str, what: str
) -> None:
    """What a change says: each event as the log and the hands say it, the posts of
    the public ones, the answer to the press."""
    ctx = ctx_of(session, lang)
    for e in events:
        strict(adapter.event_text(ctx, e), f"{what}: the event {e.key}")
    public = [e for e in events if e.to is None]
    if public:
        view = adapter.game.view(session.state, None)
        for post in adapter.posts(ctx, view, public):
            strict(post, f"{what}: a post")
    player = getattr(action, "player", None)
    if isinstance(player, int) and not isinstance(action, Tick):
        said = adapter.press_answer(ctx, player, action, events)
        if said:
            strict(said, f"{what}: the answer to a press")
            assert not any(e in sizing.answer(said) for e in ESCAPED), said


def play_and_draw(game: str, seed: int, n: int, options: dict[str, Any], lang: str) -> Session:
    """One seeded random game, its screens drawn at every step; the session at its end."""
    adapter = games.get(game)
    engine = registry.get(game)
    played = play(game, list(range(1, n + 1)), seed, options, max_steps=MAX_STEPS, avoid=leaves)
    session = session_for(game, n, lang, options)
    state, events = engine.start(list(range(1, n + 1)), seed, played.options, 0)
    session.status, session.state = "playing", state
    log: list[tuple[Any, int]] = [(None, 0), *played.log]
    for step, (action, now) in enumerate(log):
        if action is not None:
            state, events = engine.apply(state, action, now)
            session.state = state
        session.announce(events, adapter.game.fleeting)
        if engine.outcome(state).status == "over":
            session.status = "over"
        what = f"{game} (seed {seed}, {lang}) step {step}"
        check_words(session, adapter, action, events, lang, what)
        screen(screens.draw_board(T, lang, session, "referee_bot"), f"{what}: the board")
        every = step < HEAD or step >= len(log) - TAIL or step % EVERY == 0
        for p in range(1, n + 1):
            if every or engine.view(state, p).prompt is not None:
                check_hand(session, adapter, p, lang, f"{what}: the hand of {p}")
    outcome = engine.outcome(state)
    if outcome.status == "over":
        strict(screens.result(ctx_of(session, lang), session, outcome), f"{game}: the result")
    check_endings(session, adapter, lang, f"{game} (seed {seed}, {lang})")
    return session


def check_endings(session: Session, adapter: AnyAdapter, lang: str, what: str) -> None:
    """The last board and hands once the game is stopped, and a hand whose seat a
    computer player took over."""
    stopped = session.model_copy(update={"status": "over", "stopped_by": Member(id=1, name=HOSTILE[0])})
    screen(screens.draw_board(T, lang, stopped, "referee_bot"), f"{what}: the board stopped")
    screen(screens.draw_hand(T, lang, stopped, 1, "referee_bot"), f"{what}: a hand stopped")
    left = session.model_copy(deep=True)
    left.members[0].level = "easy"
    screen(screens.draw_hand(T, lang, left, 1, "referee_bot"), f"{what}: a hand taken over")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "seed", "n", "options"), [(g, *p) for g, runs in PLAYED.items() for p in runs]
)
def test_every_screen_of_a_played_game_is_html_telegram_accepts(
    game: str, seed: int, n: int, options: dict[str, Any], lang: str
) -> None:
    session = play_and_draw(game, seed, n, options, lang)
    assert session.status == "over"  # played to its end: the final board and the result drawn too


# --- every word a game can say, with hostile names --------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", games.names())
def test_every_event_refusal_and_prompt_names_players_safely(game: str, lang: str) -> None:
    """Each of the game's keys (its events, its refusals of a move, its prompts) as
    its adapter words it, the players its arguments name called hostile names."""
    adapter = games.get(game)
    engine = registry.get(game)
    ctx = ctx_of(session_for(game, len(HOSTILE), lang, {}), lang)
    for key in engine.keys:
        said = adapter.event_text(ctx, Event(key=key, args=dict(engine.sample_args)))
        shown = strict(said, f"{game}: {key}")
        assert not any(e in shown for e in ESCAPED), shown  # a name shows as written


# --- commands with hostile arguments ----------------------------------------------------------------

ARGS = ["<3", "a < b", "</i>", "&nbsp;", "<b>", 'x" & y', "", "  "]


def plain_ctx(lang: str) -> Ctx:
    """The words of a command's reply, as ``Handlers.plain_ctx`` makes them."""
    return Ctx(t=T, lang=lang, chat_id=CHAT, game_id="-", bot_username="referee_bot")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_command_replies_repeat_the_argument_as_typed(lang: str) -> None:
    """``/new <3``, ``/rules <game> <3``, and every game's own command with such
    an argument: a reply Telegram accepts, that shows the argument as typed."""
    ctx = plain_ctx(lang)
    for query in ARGS:
        if query.strip():
            assert query in strict(handlers.unknown_game(T, lang, query), f"/new {query}")
        for game in games.names():
            adapter = games.get(game)
            strict(adapter.rules(ctx, query), f"/rules {game} {query}")
            for command in adapter.commands:
                reply = strict(command.run(ctx, query), f"/{command.name} {query}")
                assert not query.strip() or query.strip() in reply, reply
    assert "<3" in strict(games.get("smashup").rules(ctx, "<3"), "/rules smashup <3")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_statistics_name_players_safely(lang: str) -> None:
    rows = {g: [stats.Line(i, name, 3, 1, 5) for i, name in enumerate(HOSTILE * 3)] for g in games.names()}
    text = strict(stats.chat_text(T, lang, rows, asker=len(HOSTILE) * 3 - 1), "/stats in a group")
    assert all(name in text for name in HOSTILE)
    mine = {g: stats.Line(1, "", 3, 1, 5) for g in games.names()}
    strict(stats.player_text(T, lang, mine), "/stats in private")


def test_every_message_of_every_language_is_html_with_escaped_arguments() -> None:
    """Any message, whatever it is given (escaped, as the code gives it), is HTML
    Telegram accepts: no bare '<' or '&' in a sentence of the locale files."""
    for lang in LANGUAGES:
        bundle = T.bundles[lang]
        for key in sorted(T.keys[lang]):
            message = bundle.get_message(key)
            if message.value is None:
                continue
            names = variables(message.value)
            for value in (html.escape(HOSTILE[0]), 3):
                text, _ = bundle.format_pattern(message.value, dict.fromkeys(names, value))
                strict(str(text), f"locales/{lang}: {key}")


def variables(pattern: Any) -> set[str]:
    """The ``$variables`` a Fluent pattern uses (its selectors' too)."""
    from fluent.syntax import ast as fluent

    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, fluent.VariableReference):
            found.add(node.id.name)
        if isinstance(node, fluent.BaseNode):
            for value in vars(node).values():
                for item in value if isinstance(value, list) else [value]:
                    walk(item)

    walk(pattern)
    return found
