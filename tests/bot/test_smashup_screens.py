"""Smash Up's screens, drawn from views exactly as the bot draws them: the board
of bases at its largest within Telegram's limits, two-tap hands whose buttons
reach exactly the legal moves, the draft, every prompt's options in words,
``/card`` and ``/rules smashup <faction>``, a message for each base scored."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import screens, sizing
from bot.games.smashup import ADAPTER, card_command, find_faction
from bot.i18n import Translator
from bot.session import Draft, Member, Selection, Session
from bot.sizing import Rendered
from engine.core import Event, Leave, Moves, plain
from engine.smashup import GAME
from engine.smashup.cards import BASES, CARDS, FACTIONS, Kind, Target
from engine.smashup.keys import Ev
from engine.smashup.models import SmashUpOptions, SmashUpState
from tests.codes import notation
from tests.engine.smashup_helpers import Table

T = Translator()
WORST_CHAT = -1_009_999_999_999
LANGS = ("ru", "en")
UNTIMED = {"turn_timer_ms": 0, "response_timer_ms": 0}


def session_of(state: SmashUpState, lang: str = "ru", selected: dict[int, str] | None = None) -> Session:
    members = [Member(id=p, name=f"Игрок & <{p}> с длинным именем", lang=lang) for p in state.seats]
    s = Session(
        chat_id=WORST_CHAT,
        game_id="ffffff",
        creator=state.seats[0],
        game="smashup",
        title="Замес & <у Анны> — самый долгий чат",
        status="playing" if state.phase != "over" else "over",
        members=members,
        state=state,
    )
    for p, value in (selected or {}).items():
        tag = screens.keyboard_tag(ADAPTER, GAME.legal(state, p))
        s.selected[p] = Selection(value=value, tag=tag)
    return s


def buttons(rendered: Rendered) -> list[tuple[str, str]]:
    if rendered.markup is None:
        return []
    return [(b.text, str(b.callback_data)) for row in rendered.markup.inline_keyboard for b in row]


def codes(rendered: Rendered) -> list[str]:
    return [notation(d) for _, d in buttons(rendered) if d != "None"]


def hand(state: SmashUpState, p: int, lang: str = "en", selected: str = "") -> Rendered:
    session = session_of(state, lang, {p: selected} if selected else None)
    return screens.draw_hand(T, lang, session, p, "bot")


def states(seed: int, n: int, steps: int = 1500, every: int = 5) -> list[SmashUpState]:
    """States of one random game (leaving aside), every few steps."""
    rng = random.Random(seed)
    s, _ = GAME.start(list(range(1, n + 1)), seed, GAME.options(UNTIMED), 0)
    out = [s]
    for step in range(steps):
        if GAME.finished(s):
            break
        acts: list[Any] = []
        for p in s.seats:
            legal = GAME.legal(s, p)
            if isinstance(legal, Moves):
                acts += [a for a in legal.plain if not isinstance(a, Leave)]
                if legal.answers:
                    acts.append(legal.answers[rng.randrange(len(legal.answers))])
            else:
                acts += [a for a in legal if not isinstance(a, Leave)]
        if not acts:
            break
        s, _ = GAME.apply(s, rng.choice(acts), step)
        if step % every == 0:
            out.append(s)
    out.append(s)
    return out


# --- the worst case --------------------------------------------------------------------------------


def longest(names: list[str], lang: str, prefix: str) -> list[str]:
    return sorted(names, key=lambda n: -len(T(lang, f"{prefix}{n}") + T(lang, f"{prefix}{n}-text")))


def crowded(lang: str) -> SmashUpState:
    """Four players of two factions each (every faction once), five bases with
    the longest names and texts, every minion of every deck in play on them and
    every action that can be attached attached."""
    factions = list(FACTIONS)
    table = Table(
        {p: [factions[2 * (p - 1)], factions[2 * (p - 1) + 1]] for p in (1, 2, 3, 4)},
        bases=longest(list(BASES), lang, "smashup-base-")[:5],
        madness=True,
        options=SmashUpOptions(**UNTIMED),
        vp={1: 14, 2: 13, 3: 12, 4: 11},
    )
    s = table.state
    minions: list[int] = []
    for p in s.seats:
        for f in s.factions[p]:
            for d in FACTIONS[f].cards:
                for _ in range(d.copies):
                    if d.kind is Kind.MINION:
                        minions.append(table.minion(p, d.id, base=len(minions) % 5))
    for p in s.seats:
        for f in s.factions[p]:
            for d in FACTIONS[f].cards:
                for i in range(d.copies):
                    if d.kind is Kind.MINION or d.special:
                        continue
                    if d.target in (Target.MINION, Target.OWN_MINION):
                        table.on_minion(p, d.id, minions[(p * 7 + i) % len(minions)])
                    elif d.target is Target.BASE:
                        table.on_base(p, d.id, base=i % 5)
    for p in s.seats:
        table.hand(p, *[CARDS[c].id for c in ("madness",) * 5])
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_of_four_players_and_five_crowded_bases_stays_within_telegrams_limits(lang: str) -> None:
    s = crowded(lang)
    session = session_of(s, lang)
    session.announce(
        [Event(key=Ev.DESTROYED, args={"owner": 1, "card": "muffin", "base": "ice-castle"})] * 30
    )
    board = screens.draw_board(T, lang, session, "bot")
    assert sizing.broken(board) == [], sizing.visible(board.text)
    assert "…" not in board.text[-3:], "the compact board fits without cutting"
    for b in s.bases:  # every base still says where it stands
        name = T(lang, f"smashup-base-{s.cards[b.uid]}")
        assert name in board.text
    for p in s.seats:
        assert sizing.broken(hand(s, p, lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_board_in_full_shows_bases_minions_powers_and_attached_actions(lang: str) -> None:
    t = Table(
        {1: ["kitty-cats", "fairies"], 2: ["princesses", "mythic-horses"]}, options=SmashUpOptions(**UNTIMED)
    )
    muffin = t.minion(1, "muffin", base=0)
    t.on_minion(1, "grumpiness", muffin)
    t.minion(2, "snow-white", base=0)
    t.on_base(1, "hissy-fit", base=1)
    s = t.state
    board = screens.draw_board(T, lang, session_of(s, lang), "bot").text
    base = BASES[s.cards[t.base(0)]]
    assert f"{5 + 1}/{base.breakpoint}" in board  # muffin 3 - 2 + snow white 5
    assert T(lang, "smashup-card-grumpiness") in board and T(lang, "smashup-card-hissy-fit") in board
    assert f"({1})" in board  # Muffin's power with Grumpiness
    assert T(lang, f"smashup-base-{base.id}-text")[:20] in board


# --- the hand ----------------------------------------------------------------------------------------


def reachable(state: SmashUpState, p: int) -> set[str]:
    """Every action code a person can press from ``p``'s hand: its own buttons and,
    for each card or «Leave», the buttons its selection shows."""
    first = hand(state, p)
    found = set(codes(first))
    for code in list(found):
        if code.startswith("="):
            found |= set(codes(hand(state, p, selected=code[1:])))
    return {c for c in found if not c.startswith(("=", "!"))}


def alike(s: SmashUpState, code: str) -> str:
    """A play's code with the card instance replaced by its card: copies of one
    card in a hand play alike, and the hand offers one of them."""
    if not code.startswith("play."):
        return code
    a = GAME.decode(code, s.seats[0])
    return f"play:{s.cards[a.card]}:{a.base}:{a.minion}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_move_is_reachable_by_two_taps_and_nothing_else(seed: int) -> None:
    for s in states(seed, 2 + seed % 3):
        for p in s.seats:
            legal = {alike(s, GAME.encode(a)) for a in plain(GAME.legal(s, p))}
            assert {alike(s, c) for c in reachable(s, p)} == legal, (p, s.seq)


def test_a_tapped_card_shows_its_text_and_targets_then_back() -> None:
    t = Table(
        {1: ["kitty-cats", "fairies"], 2: ["princesses", "mythic-horses"]}, options=SmashUpOptions(**UNTIMED)
    )
    muffin = t.hand(1, "muffin")
    s = t.state
    first = hand(s, 1)
    assert f"=c{muffin}" in codes(first)
    chosen = hand(s, 1, selected=f"c{muffin}")
    assert T("en", "smashup-card-muffin-text") in chosen.text
    plays = [c for c in codes(chosen) if c.startswith("play.")]
    assert len(plays) == len(s.bases)
    assert "=" in codes(chosen)  # back
    decoded = ADAPTER.game.decode(plays[0], 1)
    assert decoded.card == muffin


def test_the_draft_lists_the_factions_left_with_a_line_each_and_their_cards_to_read() -> None:
    s, _ = GAME.start([1, 2], 7, GAME.options(UNTIMED), 0)
    picker = next(p for p in s.seats if GAME.view(s, p).prompt is not None)
    drawn = hand(s, picker, "ru")
    for f in FACTIONS:
        assert T("ru", f"smashup-faction-{f}-about") in drawn.text
    assert {f"=f{f}" for f in FACTIONS} <= set(codes(drawn))
    assert any(c.startswith("!") for c in codes(drawn)), "the prompt's buttons pick"
    reading = hand(s, picker, "ru", selected="fkitty-cats")
    assert T("ru", "smashup-card-queen-fluffy-text") in reading.text
    assert sizing.broken(reading) == []


def test_the_end_of_turn_discard_is_a_prompt_of_card_names() -> None:
    for s in states(5, 2, every=1):
        for p in s.seats:
            view = GAME.view(s, p)
            prompt = view.prompt
            if prompt is None:
                continue
            ctx = screens.ctx_for(T, "en", session_of(s, "en"), "bot")
            for o in prompt.options:
                label = ADAPTER.option_label(ctx, view, prompt, o)
                assert label != str(o), (prompt.key, prompt.kind, o)


# --- words ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_card_finds_a_card_or_a_base_by_a_part_of_its_name(lang: str) -> None:
    ctx = screens.ctx_for(T, lang, session_of(crowded("en"), lang), "bot")
    muffin = card_command(ctx, T(lang, "smashup-card-muffin").lower())
    assert T(lang, "smashup-card-muffin-text") in muffin
    castle = card_command(ctx, T(lang, "smashup-base-ice-castle"))
    assert T(lang, "smashup-base-ice-castle-text") in castle
    assert "/card" in card_command(ctx, "")
    assert card_command(ctx, "zzzz<b>").count("&lt;b&gt;") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_rules_of_a_faction_list_its_twenty_cards(lang: str) -> None:
    ctx = screens.ctx_for(T, lang, session_of(crowded("en"), lang), "bot")
    for f in FACTIONS:
        assert find_faction(ctx, T(lang, f"smashup-faction-{f}")) == f
        text = ADAPTER.rules(ctx, T(lang, f"smashup-faction-{f}"))
        copies = sum(
            int(line.split("×")[1].split(":")[0]) for line in text.split("\n") if line.startswith("•")
        )
        assert copies == 20
        assert sizing.broken(sizing.message(text)) == []
    assert "15" in ADAPTER.rules(ctx)


def test_a_base_scored_is_a_message_of_its_own() -> None:
    s = crowded("en")
    ctx = screens.ctx_for(T, "en", session_of(s, "en"), "bot")
    place = {"place": 1, "points": 3, "power": 12}
    events = [
        Event(key=Ev.TURN, args={"player": 1, "round": 2}),
        Event(key=Ev.SCORING, args={"base": "ice-castle"}),
        Event(key=Ev.PLACE, args={"player": 1, "base": "ice-castle", **place}),
        Event(key=Ev.PLACE, args={"player": 2, "base": "ice-castle", **place}),
        Event(key=Ev.BASE_DONE, args={"base": "ice-castle", "new_base": "fairy-ring"}),
        Event(key=Ev.PLACE, args={"player": 2, "base": "fairy-ring", **place}),
    ]
    posts = ADAPTER.posts(ctx, GAME.view(s, None), events)
    assert len(posts) == 2
    assert "Ice Castle" in posts[0] and posts[0].count("first place") == 2 and "Fairy Ring" in posts[0]
    assert "Fairy Ring" in posts[1] and "Turn" not in posts[0] + posts[1]


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_is_one_ranked_result_and_a_tie_playing_on_posts_alone(lang: str) -> None:
    """The game's end posts nothing of Smash Up's own: the core's one result
    message ranks the players by VP, the winner first with 🏆."""
    s = crowded(lang)
    s.phase = "over"
    s.winners = [1]
    session = session_of(s, lang)
    ctx = screens.ctx_for(T, lang, session, "bot")
    events = [
        Event(key=Ev.MADNESS_PENALTY, args={"player": 2, "madness": 3, "points": 1}),
        Event(key=Ev.WON, args={"winner": 1, "score": 14}),
    ]
    assert ADAPTER.posts(ctx, GAME.view(s, None), events) == []
    lines = screens.ranking(ctx, session, GAME.outcome(s)).strip().split("\n")
    assert len(lines) == len(s.seats)
    assert lines[0].startswith("🏆") and lines[0].endswith(T(lang, "smashup-final-score", score=s.vp[1]))
    assert all(not line.startswith("🏆") for line in lines[1:])
    tie = ADAPTER.posts(ctx, GAME.view(s, None), [Event(key=Ev.TIE_PLAY_ON, args={"score": 15})])
    assert len(tie) == 1 and "15" in tie[0]


def test_an_ordered_choice_shows_the_order_so_far_one_tap_at_a_time() -> None:
    """Several cards react at once: the current player orders them, each tap
    numbering one (✔️1, ✔️2…) and the question showing the order so far."""
    found = next(
        (s, p)
        for s in states(1, 3, every=1)
        for p in s.seats
        if (v := GAME.view(s, p)).prompt is not None and v.prompt.ordered and len(v.prompt.options) >= 2
    )
    s, p = found
    prompt = GAME.view(s, p).prompt
    assert prompt is not None
    session = session_of(s, "en")
    first = prompt.options[1]
    session.drafts[p] = Draft(prompt=prompt.id, picks=[first])
    drawn = screens.draw_hand(T, "en", session, p, "bot")
    ctx = screens.ctx_for(T, "en", session, "bot")
    label = ADAPTER.option_label(ctx, GAME.view(s, p), prompt, first)
    assert f"In this order: 1. {label}" in drawn.text
    assert any(text == f"✔️1 {label}" for text, _ in buttons(drawn))
