"""Telegram's limits on every screen: each game's worst case — the most players,
the longest names (wide characters and ones that escape long), the fullest
hands, the longest log and notes, the largest prompt — is drawn the way the bot
draws it, in both languages, and must be taken by Telegram without the core
having to cut it (compact, the adapter's own rule, is as far as it goes)."""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from typing import Any

import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot import games, screens, sizing
from bot.adapter import Ctx
from bot.i18n import Translator
from bot.session import MAX_LOG, MAX_PRIVATE, Member, Session
from bot.sizing import Rendered
from engine.core import Event, Tick, ask
from engine.registry import get

T = Translator()
LANGS = ("ru", "en")
WORST_CHAT = -1_009_999_999_999
# 129 characters, as long as a Telegram name gets: wide ones, and ones HTML escapes long
NAME = ("🐷&" * 32)[:64] + " " + ("<&>" * 22)[:64]


def members(n: int) -> list[Member]:
    return [Member(id=i, name=NAME + str(i), lang="en") for i in range(1, n + 1)]


def longest(game: str, n: int, kind: str, private: bool = False) -> list[Event]:
    """The game's events (``kind`` "ev") or prompts ("prompt") that read longest
    with these names, longest first, with every argument naming a player."""
    G = get(game)
    args = dict(G.sample_args)
    for i, k in enumerate(sorted(G.player_args)):
        if k in args:
            args[k] = 1 + i % n
    ctx = Ctx(t=T, lang="ru", chat_id=WORST_CHAT, game_id="g", names=screens.names(session(game, None, n)))
    adapter = games.get(game)
    keys = [k for k in G.keys if k.startswith(f"{game}-{kind}-")]
    events = [Event(key=k, args=args, to=1 if private else None) for k in keys]
    events.sort(key=lambda e: -sizing.visible(adapter.event_text(ctx, e)))
    return events


def session(game: str, state: Any, n: int) -> Session:
    return Session(
        chat_id=WORST_CHAT,
        game_id="g" * 12,
        creator=1,
        game=game,
        title="Ч" * 128,
        status="playing",
        members=members(n),
        state=state,
    )


def worst(game: str, state: Any) -> Session:
    n = len(members_of(state))
    s = session(game, state, n)
    s.log = longest(game, n, "ev")[:MAX_LOG]
    s.private = {p: longest(game, n, "ev", private=True)[:MAX_PRIVATE] for p in range(1, n + 1)}
    return s


def members_of(state: Any) -> list[int]:
    return list(getattr(state, "seats", None) or state.players)


def check(s: Session, caplog: pytest.LogCaptureFixture) -> None:
    """Board and every hand, in both languages: within the limits, never cut."""
    with caplog.at_level(logging.ERROR, logger="bot.sizing"):
        for lang in LANGS:
            drawn = [screens.draw_board(T, lang, s, "b" * 32)]
            drawn += [screens.draw_hand(T, lang, s, p, "b" * 32) for p in members_of(s.state)]
            for r in drawn:
                assert sizing.broken(r) == [], r.text[:300]
    assert not caplog.records, caplog.records[0].getMessage()


def big_prompt(state: Any, player: int, kind: str, options: list[Any]) -> None:
    """The largest prompt a player may face: every option the game has, several
    wanted, in the longest words."""
    q = longest(state.game, len(members_of(state)), "prompt")[0]
    ask(state, player, q.key, kind, options, then="x", min=1, max=len(options), args=q.args)


# --- per game ----------------------------------------------------------------------------------


def test_svintus_ten_players_with_everything_on_the_table_fit(caplog: pytest.LogCaptureFixture) -> None:
    from engine.svintus.animals import Animal
    from engine.svintus.models import SvintusOptions

    G = get("svintus")
    n = G.max_players
    state, _ = G.start(list(range(1, n + 1)), seed=1, options=SvintusOptions(metamorphoses=True))
    cards = [*state.deck, *(c for p in state.seats for c in state.hands[p])]
    half = len(cards) // 2  # one player holds half the deck, the others share the rest
    state.hands = {1: cards[:half], **{p: cards[half + p :: n] for p in range(2, n + 1)}}
    state.deck = []
    state.animals = {p: list(Animal)[p % len(Animal)] for p in state.seats}
    state.dark = list(state.seats)
    check(worst("svintus", state), caplog)
    big_prompt(state, 1, "card", list(state.hands[1]))
    check(worst("svintus", state), caplog)


def test_candy_the_fullest_table_fits(caplog: pytest.LogCaptureFixture) -> None:
    G = get("candy")
    n = G.max_players
    state, _ = G.start(list(range(1, n + 1)), seed=1, options=G.options({}))
    cards = [*state.deck, *(c for p in state.seats for c in state.hands[p])]
    share = len(cards) // (2 * n)
    state.hands = {p: cards[i * share : (i + 1) * share] for i, p in enumerate(state.seats)}
    rest = cards[n * share :]
    state.empires = {p: rest[i::n] for i, p in enumerate(state.seats)}
    state.deck = []
    check(worst("candy", state), caplog)
    big_prompt(state, state.current, "card", list(cards))
    check(worst("candy", state), caplog)


@pytest.mark.parametrize("mode", ["tower", "catch", "well", "gift", "match"])
def test_dobble_eight_players_fit_in_every_mode(mode: str, caplog: pytest.LogCaptureFixture) -> None:
    G = get("dobble")
    n = G.max_players
    state, _ = G.start(list(range(1, n + 1)), seed=1, options=G.options({"mode": mode}))
    rng = random.Random(2)
    for step in range(400):  # a game in full swing: every state of it
        check(worst("dobble", state), caplog) if step % 40 == 0 else None
        if state.stage == "over":
            break
        legal = [a for p in state.players for a in G.legal(state, p) if a.type == "spot"]
        if not legal:
            state, _ = G.apply(state, Tick(), (G.next_deadline(state) or 0) + 1)
            continue
        state, _ = G.apply(state, rng.choice(legal), state.reveal_at or 1)
    check(worst("dobble", state), caplog)


# --- the core's guard -----------------------------------------------------------------------------


def test_a_screen_too_long_even_compact_is_cut_at_a_line_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    rows = [[InlineKeyboardButton(str(i), callback_data=str(i)) for i in range(10)] for _ in range(12)]
    rows.append([InlineKeyboardButton("x", callback_data="x" * 65)])
    huge = Rendered("<b>title</b>\n" + "\n".join(f"<i>line {i} &amp; more</i>" for i in range(900)), None)
    huge = Rendered(huge.text, InlineKeyboardMarkup(rows))
    with caplog.at_level(logging.ERROR, logger="bot.sizing"):
        r = sizing.guard(lambda compact: huge, "a test screen")
    assert sizing.broken(r) == [] and r.text.endswith("…") and r.text.startswith("<b>title</b>")
    assert r.text.count("<i>") == r.text.count("</i>")
    assert len(sizing.buttons(r)) == 100 and all(len(str(b.callback_data)) <= 64 for b in sizing.buttons(r))
    assert "even compact" in caplog.records[0].getMessage()


def test_compact_is_drawn_only_when_the_full_screen_breaks_a_limit() -> None:
    asked: list[bool] = []

    def draw(compact: bool) -> Rendered:
        asked.append(compact)
        return Rendered("x" * (100 if compact else 5000), None)

    assert sizing.guard(draw, "a test screen").text == "x" * 100 and asked == [False, True]
    asked.clear()
    assert sizing.guard(lambda c: Rendered("short", None), "a test screen").text == "short"


def test_telegram_counts_what_a_message_shows_in_utf16_units() -> None:
    assert sizing.visible("<b>a&amp;b</b>") == 3
    assert sizing.visible("🐷") == 2
    assert sizing.short_name("x" * 40) == "x" * 31 + "…" and sizing.short_name("  a   b ") == "a b"
    assert sizing.close_tags("<b>open <i>both") == "<b>open <i>both</i></b>"
    assert sizing.close_tags("<b>cut <a href") == "<b>cut </b>"


@pytest.mark.parametrize("game", games.names())
def test_the_fullest_lobby_fits(game: str, caplog: pytest.LogCaptureFixture) -> None:
    """Every seat taken by the longest names, and a crowd who pressed «Join»
    without having opened the bot (each one a line with a link)."""
    n = get(game).max_players
    s = session(game, None, n)
    s.status = "lobby"
    s.unreachable = [Member(id=1000 + i, name=NAME) for i in range(40)]
    with caplog.at_level(logging.ERROR, logger="bot.sizing"):
        for lang in LANGS:
            assert sizing.broken(screens.draw_board(T, lang, s, "b" * 32)) == []
    assert not caplog.records, caplog.records[0].getMessage()


def test_a_press_answer_is_plain_and_at_most_200_characters() -> None:
    assert sizing.answer("<b>Tom &amp; Jerry</b>") == "Tom & Jerry"
    long = sizing.answer("🐷" * 150)
    assert long.endswith("…") and len(long.encode("utf-16-le")) // 2 <= 200


def test_a_big_svintus_hand_under_a_big_prompt_fits_and_compact_groups_its_faces(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """60 cards (one button each) under a prompt's page of 30 still fit in 100
    buttons; drawn compact (the adapter's rule, were they ever not to), identical
    faces share a button."""
    G = get("svintus")
    state, _ = G.start([1, 2], seed=1)
    cards = [*state.deck, *state.hands[1], *state.hands[2]]
    state.hands = {1: cards[:60], 2: cards[60:]}
    state.deck = []
    ask(state, 1, "svintus-prompt-target", "player", list(range(10_000, 10_108)), then="ability")
    s = session("svintus", state, 2)
    with caplog.at_level(logging.ERROR, logger="bot.sizing"):
        drawn = screens.draw_hand(T, "en", s, 1)
    assert sizing.broken(drawn) == [] and not caplog.records
    assert not any("×" in b.text for b in sizing.buttons(drawn))
    ctx = replace(screens.ctx_for(T, "en", s, "b"), compact=True)
    view, legal = G.view(state, 1), G.legal(state, 1)
    compact = screens.hand(ctx, s, games.get("svintus"), 1, view, legal, G.waiting(state))
    assert any("×" in b.text for b in sizing.buttons(compact))
    assert len(sizing.buttons(compact)) < len(sizing.buttons(drawn))
