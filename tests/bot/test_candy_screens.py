"""Candy Empire's screens, drawn from views exactly as the bot draws them: the
lobby, the board, two-tap hands whose buttons are exactly the legal moves,
everything within Telegram's limits, bad input answered."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot import games, screens
from bot.adapter import Ctx
from bot.buttons import Act, Pick, Show, parse
from bot.buttons import data as buttons_data
from bot.games.candy import ADAPTER, CARDS, card_label
from bot.i18n import Translator
from bot.miniapp import view as miniapp_view
from bot.session import Member, Selection, Session
from bot.sizing import Rendered
from engine.candy import GAME
from engine.candy.cards import CHARACTER_OF, Character
from engine.candy.keys import Err, Ev
from engine.candy.models import (
    Allow,
    Block,
    CandyOptions,
    CandyState,
    Discard,
    NextGame,
    PlayToDiscard,
    PlayToEmpire,
    Protect,
)
from engine.core import Event, Leave, RuleError, Tick, plain
from engine.core.codec import b36
from tests.codes import notation
from tests.engine.candy_helpers import deal_cards, table
from tests.engine.playout import leaves, play

LEAVE_ROW = "|" + screens.LEAVE
T = Translator()
ROOT = Path(__file__).resolve().parents[2]
WORST_CHAT = -1_009_999_999_999
LANGS = ("ru", "en")


def session_of(state: CandyState, lang: str = "ru") -> Session:
    members = [Member(id=p, name=f"Игрок & <{p}>", lang=lang) for p in state.seats]
    return Session(
        chat_id=WORST_CHAT,
        game_id="ffffff",
        creator=state.seats[0],
        game="candy",
        title="Сладкая & <жизнь>",
        status="playing" if state.phase != "over" else "over",
        members=members,
        state=state,
    )


def buttons(rendered: Rendered, greyed: bool = False) -> list[tuple[str, str]]:
    """The buttons a person can press (``greyed``: the disabled ones, shown but idle)."""
    if rendered.markup is None:
        return []
    return [
        (b.text, str(b.callback_data))
        for row in rendered.markup.inline_keyboard
        for b in row
        if not str(b.callback_data).endswith(LEAVE_ROW)  # the core's «Leave», on every hand
        and bool(b.api_kwargs.get("disabled")) is greyed
    ]


def fits(rendered: Rendered) -> None:
    """What Telegram accepts: text under 4096, at most 100 buttons, data at most 64 bytes."""
    assert 0 < len(rendered.text) < 4096
    found = buttons(rendered)
    assert len(found) <= 100
    for _, data in found:
        assert len(data.encode()) <= 64


def codes(rendered: Rendered, greyed: bool = False) -> list[str]:
    return [notation(d) for _, d in buttons(rendered, greyed) if d != "None"]


def states_of(seed: int, n: int, options: dict[str, Any]) -> list[CandyState]:
    r = play("candy", list(range(1, n + 1)), seed, options=options, avoid=leaves)
    s, _ = GAME.start(list(range(1, n + 1)), seed, r.options, 0)
    out = [s]
    for action, now in r.log:
        s, _ = GAME.apply(s, action, now)
        out.append(s)
    return out


GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (1, 2, {}),
    (2, 3, {"open_discard": True}),
    (3, 4, {"team_game": True}),
    (4, 3, {"big_game": True, "break_ms": 3_000}),
    (5, 2, {"no_limits": True, "defenceless": True}),
    (6, 4, {"turn_timer_ms": 4_000, "reaction_window_ms": 1_000}),
]


# --- buttons are the legal moves --------------------------------------------------------------


def check_hand(session: Session, p: int, lang: str) -> set[str]:
    """Every move a hand offers — a card, then one of its moves (then, to protect,
    the card to protect) — is legal, and every legal move is offered so; the
    block and "don't block" buttons are there exactly when legal; a prompt's
    options are its buttons.  Returns the kinds of codes seen."""
    s = session.state
    view, legal = GAME.view(s, p), GAME.legal(s, p)
    tag = screens.keyboard_tag(ADAPTER, legal)
    hand = screens.draw_hand(T, lang, session, p)
    fits(hand)
    wanted = {GAME.encode(a) for a in plain(legal) if not isinstance(a, Leave | NextGame)}
    offered: set[str] = set()
    seen: set[str] = set()
    prompt_values: set[Any] = set()

    def visit(rendered: Rendered, depth: int) -> None:
        for _, data in buttons(rendered, greyed=True):  # shown greyed: a card's move not allowed now
            body = parse(data).body
            assert isinstance(body, Act) and ADAPTER.game.decode(body.code, p) not in legal
            seen.add("greyed")
        for _, data in buttons(rendered):
            press = parse(data)
            body = press.body
            if isinstance(body, Pick):
                assert view.prompt is not None and body.prompt == view.prompt.id
                if body.op in (":", "+", "-"):
                    prompt_values.add(body.value)
                seen.add("!")
                continue
            assert press.tag == tag  # hand buttons carry the keyboard's tag
            if isinstance(body, Show):
                seen.add("=" + body.value[:1])
                if not body.value or depth > 2:
                    continue  # back
                session.selected = {p: Selection(tag=tag, value=body.value)}
                menu = screens.draw_hand(T, lang, session, p)
                fits(menu)
                assert menu.text != rendered.text
                visit(menu, depth + 1)
                session.selected = {}
                continue
            assert isinstance(body, Act)
            action = ADAPTER.game.decode(body.code, p)
            seen.add(body.code.split(".")[0])
            assert action in legal, (body.code, legal)
            offered.add(body.code)

    visit(hand, 0)
    assert offered == wanted, (sorted(offered ^ wanted), lang)
    if view.prompt is not None:  # every option, or a copy of it that shares its button
        prompt = view.prompt
        group = {o: ADAPTER.option_group(view, prompt, o) for o in prompt.options}
        assert {group[o] for o in prompt.options if o in prompt_values} == set(group.values())
    return seen


def window_state() -> CandyState:
    """A Judge aimed at player 2, who holds two unprotected Snatchers: a block window."""
    k = deal_cards()
    judge = k.judge
    s = table(
        players=[1, 2],
        hands={1: [judge, k.trader, k.trader], 2: [k.boss, k.boss, k.lawyer]},
        empires={2: k.many("snatcher", 2)},
        options=CandyOptions(no_limits=True, reaction_window_ms=5_000),
    )
    s, _ = GAME.apply(s, PlayToEmpire(player=1, card=judge), 1_000)
    assert s.reaction is not None
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_hand_buttons_are_exactly_the_legal_moves_through_random_games(lang: str) -> None:
    seen: set[str] = set()
    for seed, n, options in [*GAMES, (0, 0, {})]:
        for i, s in enumerate(states_of(seed, n, options) if n else [window_state()]):
            if i % 2:
                continue
            session = session_of(s, lang)
            board = screens.draw_board(T, lang, session, "candybot")
            fits(board)
            assert ("next_game" in codes(board)) == (s.phase == "break")
            for p in s.seats:
                seen |= check_hand(session, p, lang)
    kinds = {"=c", "=p", "=", "empire", "to_discard", "protect", "discard", "block", "allow", "!", "greyed"}
    assert kinds <= seen, kinds - seen


def test_every_button_code_round_trips_and_fits_64_bytes() -> None:
    last = CARDS - 1
    actions: list[Any] = [
        PlayToEmpire(player=1, card=last),
        PlayToDiscard(player=1, card=last),
        Discard(player=1, card=last),
        Protect(player=1, card=last, protect=last - 1),
        Block(player=1),
        Allow(player=1),
        NextGame(player=1),
    ]
    for action in actions:
        data = buttons_data(WORST_CHAT, "ffffff", Act(GAME.encode(action)), "ffffff")
        assert len(data.encode()) <= 64
        body = parse(data).body
        assert isinstance(body, Act) and ADAPTER.game.decode(body.code, 1) == action
    for value in (f"c{last}", f"p{last}", ""):  # a card's moves, protecting with it, back
        data = buttons_data(WORST_CHAT, "ffffff", Show(value), "ffffff")
        assert len(data.encode()) <= 64 and parse(data).body == Show(value)


@pytest.mark.parametrize(
    "code",
    [
        "",
        "c1",  # a selection of the bot before the codec
        "empire",
        "empire.",
        "empire.1d",  # card 49
        "empire.-1",
        "discard.1.2",
        "protect.1.",
        "protect.1.1d",
        "protect.x!",
        "empire.1x!",
        "q",
        "next_game.1",
        "block.0",
        "answer",
    ],
)
def test_forged_codes_are_refused(code: str) -> None:
    with pytest.raises(RuleError):  # answered «unknown button» by the judge (bot.play)
        ADAPTER.game.decode(code, 1)


def test_only_a_block_and_the_boards_next_game_need_no_fresh_keyboard() -> None:
    """They say all they mean (a late block is "too late"); every other move counts
    only if pressed on the keyboard its player sees now."""
    assert Block(player=1).evident() and NextGame(player=1).evident()
    others: list[Any] = [
        PlayToEmpire(player=1, card=1),
        PlayToDiscard(player=1, card=1),
        Discard(player=1, card=1),
        Protect(player=1, card=1, protect=2),
        Allow(player=1),
    ]
    assert not any(a.evident() for a in others)


def test_a_hand_is_urgent_exactly_when_the_table_waits_for_its_owner() -> None:
    for s in states_of(7, 3, {})[::5]:
        session = session_of(s)
        waiting = {p for w in GAME.waiting(s) for p in w.players}
        for p in s.seats:
            assert screens.draw_hand(T, "en", session, p).urgent == (p in waiting)


# --- what the board shows -------------------------------------------------------------------------------


def test_the_board_shows_empires_shields_combos_totals_counts_and_whose_turn() -> None:
    k = deal_cards()
    lawyer, boss, trader = k.lawyer, k.boss, k.trader
    s = table(
        players=[1, 2, 3],
        hands={1: [k.trader, k.judge], 2: [k.hitman, k.boss, k.trader], 3: [k.snatcher]},
        empires={1: [lawyer, boss], 2: [trader]},
        protected=[boss],
        current=2,
    )
    session = session_of(s, "en")
    board = screens.draw_board(T, "en", session, "candybot")
    fits(board)
    text = board.text
    assert "Lawyer +1, 🛡Boss +3" in text and "Trader +5" in text  # cards, candies, shields
    assert "Lawyer + Boss: +3" in text  # the combo made
    assert "🃏 2 · 🍬 7" in text and "🃏 3 · 🍬 5" in text and "🃏 1 · 🍬 0" in text  # hands and totals
    assert f"Deck: {len(s.deck)} · 🗑 Discard: {len(s.discard)}" in text
    assert "▶ <b>Игрок &amp; &lt;2&gt;</b>" in text and "Turn: <b>Игрок &amp; &lt;2&gt;</b>" in text
    assert "In the discard" not in text  # the pile is closed
    ru = screens.draw_board(T, "ru", session_of(s, "ru"), "candybot").text
    assert "Адвокат +1, 🛡Авторитет +3" in ru and "Адвокат + Авторитет: +3" in ru and "Ходит:" in ru


def test_the_board_names_whose_block_the_table_waits_for() -> None:
    s = window_state()
    session = session_of(s, "en")
    board = screens.draw_board(T, "en", session, "candybot").text
    assert "Block window: Игрок &amp; &lt;2&gt; may cancel Игрок &amp; &lt;1&gt;'s Judge" in board
    assert "▶ <b>Игрок &amp; &lt;2&gt;</b>" in board
    target = screens.draw_hand(T, "en", session, 2)
    assert codes(target)[:2] == ["block", "allow"] and "5 s" in target.text and target.urgent
    assert "block" not in codes(screens.draw_hand(T, "en", session, 1))
    # once the window closes the button is gone
    after, _ = GAME.apply(s, Tick(), 6_000)
    assert "b" not in codes(screens.draw_hand(T, "en", session_of(after, "en"), 2))


def test_open_discard_banned_characters_and_the_timer_are_on_the_board() -> None:
    k = deal_cards()
    s = table(
        players=[1, 2, 3],
        hands={1: [k.trader], 2: [k.trader], 3: [k.trader]},
        discard=[k.snatcher, k.snatcher, k.boss],
        options=CandyOptions(open_discard=True, turn_timer_ms=30_000),
        rest="deck",
        banned=[Character.PICKPOCKET],
    )
    board = screens.draw_board(T, "ru", session_of(s), "candybot").text
    assert "👁 В сбросе: Авторитет, Отнимаша ×2" in board
    assert "🚫 Под запретом: Карманник" in board and "⏱ 30 с на ход" in board and "Всезнайка" in board


def _finished(options: dict[str, Any], n: int, seed: int = 3) -> CandyState:
    r = play("candy", list(range(1, n + 1)), seed, options=options, avoid=leaves)
    assert r.finished
    return r.final  # type: ignore[no-any-return]


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_shows_every_score_with_its_breakdown_and_the_winners(lang: str) -> None:
    s = _finished({}, 3)
    session = session_of(s, lang)
    view = GAME.view(s, None)
    board = screens.draw_board(T, lang, session, "candybot")
    fits(board)
    for p in s.seats:
        sc = view.scores[p]
        line = T(
            lang, "candy-score-line", score=sc.total, cards=sc.cards, buyer=sc.buyer,
            pickpockets=sc.pickpockets, combos=sc.combos,
        )  # fmt: skip
        assert line in board.text
    assert "🏆" in board.text and codes(board) == ["~again"]  # only «Play again»
    winner = s.winners[0]
    assert "🏆" in screens.draw_hand(T, lang, session, winner).text


def test_a_team_game_shows_both_teams_and_their_totals() -> None:
    s = _finished({"team_game": True}, 4)
    view = GAME.view(s, None)
    assert view.team_scores is not None
    board = screens.draw_board(T, "en", session_of(s, "en"), "candybot").text
    assert f"🔴 Игрок &amp; &lt;1&gt; + Игрок &amp; &lt;3&gt;: 🍬 {view.team_scores[0]}" in board
    assert f"🔵 Игрок &amp; &lt;2&gt; + Игрок &amp; &lt;4&gt;: 🍬 {view.team_scores[1]}" in board


def test_a_big_game_shows_the_standings_after_each_game() -> None:
    r = play("candy", [1, 2, 3], 5, options={"big_game": True, "break_ms": 3_000}, avoid=leaves)
    s, _ = GAME.start([1, 2, 3], 5, r.options, 0)
    breaks = 0
    for action, now in r.log:
        s, _ = GAME.apply(s, action, now)
        if s.phase == "break":
            board = screens.draw_board(T, "en", session_of(s, "en"), "candybot")
            assert f"Big game after game {len(s.results)} of 5" in board.text
            assert "next_game" in codes(board)
            assert all(
                f"places: {', '.join(str(x.places[p]) for x in s.results)}" in board.text for p in s.seats
            )
            breaks += 1
    assert breaks >= 4
    final = screens.draw_board(T, "ru", session_of(s), "candybot").text
    assert "Большая игра после партии 5 из 5" in final and "Большая игра: " in final


# --- bad input gets a short answer ------------------------------------------------------------------


def refusal(action: Any, state: CandyState, lang: str) -> str:
    """What the bot answers a refused press: the adapter's words for the engine's key."""
    with pytest.raises(RuleError) as e:
        GAME.apply(state, action, state.clock_ms + 1)
    ctx = Ctx(t=T, lang=lang, chat_id=-1, game_id="-", names={1: "Ann", 2: "Bob", 3: "Cy"})
    text = ADAPTER.event_text(ctx, Event(key=e.value.key, args=e.value.params))
    assert text and not text.startswith("candy-") and len(text) <= 200
    return text


@pytest.mark.parametrize("lang", LANGS)
def test_moves_the_rules_forbid_get_a_short_localized_answer(lang: str) -> None:
    k = deal_cards()
    pick, trader, thief = k.pickpocket, k.trader, k.candy_thief
    s = table(
        players=[1, 2, 3],
        hands={1: [pick, trader, thief], 2: [k.trader], 3: [k.trader]},
        banned=[Character.PICKPOCKET],
    )
    banned = refusal(PlayToEmpire(player=1, card=pick), s, lang)
    assert T(lang, "candy-card-pickpocket") in banned
    assert refusal(Protect(player=1, card=trader, protect=thief), s, lang) == T(lang, Err.NOTHING_TO_PROTECT)
    assert refusal(PlayToDiscard(player=1, card=trader), s, lang)
    assert refusal(PlayToEmpire(player=2, card=s.hands[2][0]), s, lang) == T(lang, Err.NOT_YOUR_TURN)
    assert refusal(Block(player=2), s, lang) == T(lang, Err.NEED_TWO_SNATCHERS)
    # and the hand never offers them: the banned card's menu shows "into the empire"
    # greyed (Bot API 10.3's disabled: it keeps its place), and the text says why
    session = session_of(s, lang)
    tag = screens.keyboard_tag(ADAPTER, GAME.legal(s, 1))
    session.selected = {1: Selection(tag=tag, value=f"c{pick}")}
    menu = screens.draw_hand(T, lang, session, 1)
    assert codes(menu) == [f"discard.{b36(pick)}", "="]
    assert codes(menu, greyed=True) == [f"empire.{b36(pick)}"]
    label = card_label(Ctx(t=T, lang=lang, chat_id=-1, game_id="g", names={}), pick)
    assert T(lang, "candy-hand-card-banned", label=label) in menu.text
    page = miniapp_view.table(T, lang, session, 1, "bot")  # the Mini App's page greys it too
    greyed = [b["text"] for row in page["hand"]["rows"] for b in row if b.get("disabled")]
    assert greyed == [T(lang, "candy-button-empire")]
    # a card allowed into the empire has it pressable, and its ability greyed nowhere
    session.selected = {1: Selection(tag=tag, value=f"c{thief}")}
    thief_menu = screens.draw_hand(T, lang, session, 1)
    assert codes(thief_menu, greyed=True) == []
    assert f"empire.{b36(thief)}" in codes(thief_menu) and f"to_discard.{b36(thief)}" in codes(thief_menu)


def test_a_kidnapper_while_a_hand_is_empty_is_told_to_its_player() -> None:
    k = deal_cards()
    kid = k.kidnapper
    s = table(players=[1, 2, 3], hands={1: [kid, k.trader], 2: [], 3: [k.trader]})
    _, events = GAME.apply(s, PlayToEmpire(player=1, card=kid), 1)
    assert any(e.key == Ev.KIDNAPPER_IDLE for e in events)
    ctx = Ctx(t=T, lang="ru", chat_id=-1, game_id="-", names={1: "Анна", 2: "Борис", 3: "Вера"})
    said = ADAPTER.press_answer(ctx, 1, PlayToEmpire(player=1, card=kid), events)
    assert said == "Похититель игрока Анна бездействует: у игрока Борис пустая рука."
    assert ADAPTER.press_answer(ctx, 1, PlayToEmpire(player=1, card=kid), []) == ""


def test_prompt_options_say_whose_card_it_is() -> None:
    k = deal_cards()
    thief, theirs, other, mine = k.candy_thief, k.trader, k.boss, k.lawyer
    s = table(
        players=[1, 2, 3],
        hands={1: [thief, k.trader, k.trader], 2: [k.trader], 3: [k.trader]},
        empires={1: [mine], 2: [theirs], 3: [other]},
    )
    s, _ = GAME.apply(s, PlayToDiscard(player=1, card=thief), 1)
    hand = screens.draw_hand(T, "en", session_of(s, "en"), 1)
    labels = [label for label, _ in buttons(hand)]
    # a button shows a name as its owner wrote it (the text, where it is HTML, escapes it)
    assert "Trader +5 (Игрок & <2>)" in labels and "Boss +3 (Игрок & <3>)" in labels
    assert T("en", "candy-prompt-thief") in hand.text


# --- lobby and words --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_offers_the_options_and_hides_what_does_not_combine(lang: str) -> None:
    members = [Member(id=i, name=f"P{i}") for i in (1, 2)]
    session = Session(chat_id=-100, game_id="abc123", creator=1, game="candy", members=members)
    session.options = GAME.options().model_dump(mode="json")

    def lobby_codes() -> list[str]:
        drawn = screens.draw_board(T, lang, session, "bot")
        fits(drawn)
        return codes(drawn)

    assert lobby_codes() == [
        "j",
        "x",
        "ot",
        "og",
        "od",
        "ol",
        "ok",
        "ow",
        "om",
        "ceasy",
        "chard",
        "r",
        "h",
        "g",
    ]
    session.options = {**session.options, "team_game": True}
    assert (
        "og" not in lobby_codes()
        and T(lang, "candy-lobby-teams") in screens.draw_board(T, lang, session, "bot").text
    )
    session.options = {**session.options, "team_game": False, "big_game": True}
    assert "ot" not in lobby_codes() and "op" in lobby_codes()
    assert "candy" in games.names()


def test_every_candy_key_the_adapter_uses_exists_in_both_languages() -> None:
    source = (ROOT / "bot" / "games" / "candy.py").read_text()
    used = set(re.findall(r'"(candy-[a-z0-9_-]+)"', source))
    used |= {f"candy-{k}" for k in ("name", "emoji", "about", "rules", "team-0", "team-1")}
    used |= {f"candy-mode-{m}" for m in ("defenceless", "no_limits", "open_discard")}
    used |= {f"candy-card-{c.value}" for c in Character} | {f"candy-card-{c.value}-rule" for c in Character}
    assert len(used) > 60
    for lang in LANGS:
        missing = sorted(k for k in used if not T.has(lang, k))
        assert not missing, (lang, missing)


def test_card_names_in_announcements_read_well() -> None:
    ctx = Ctx(t=T, lang="en", chat_id=-1, game_id="-", names={1: "Barzini", 2: "Tattaglia"})
    trader = next(i for i, ch in enumerate(CHARACTER_OF) if ch is Character.TRADER)
    took = Event(key=Ev.THIEF_TOOK, args={"player": 1, "target": 2, "card": trader})
    assert ADAPTER.event_text(ctx, took) == "Barzini's Candy Thief takes Tattaglia's Trader."
    ru = Ctx(t=T, lang="ru", chat_id=-1, game_id="-", names={1: "Барзини", 2: "Татталья", 4: "Клеменца"})
    team = Event(key=Ev.TEAM_WON, args={"player": 1, "partner": 4, "score": 21})
    assert ADAPTER.event_text(ru, team) == "🏆 Победа за командой Барзини и Клеменца: 21 конфета!"
    kidnapped = Event(key=Ev.KIDNAPPED, args={"player": 2, "character": "snatcher", "count": 3})
    assert "«Отнимаша»" in ADAPTER.event_text(ru, kidnapped)


def test_an_empire_names_copies_once_with_their_count() -> None:
    k = deal_cards()
    s = table(
        players=[1, 2], hands={1: [k.trader], 2: [k.boss]}, empires={1: k.many("snatcher", 3)}, current=1
    )
    board = screens.draw_board(T, "en", session_of(s, "en"), "bot").text
    snatcher = T("en", "candy-card-snatcher")
    assert board.count(snatcher) == 1 and "×3" in board


# --- what a review of play-throughs found ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_lawyers_choice_groups_copies_sorted_two_a_row(lang: str) -> None:
    """A discard pile of many copies: one button per character (×N), in the
    order of their names, two a row (longer labels are cut on a phone)."""
    from tests.engine.candy_helpers import act

    k = deal_cards()
    pile = [*k.many("candy_thief", 3), *k.many("trader", 2), k.judge, k.boss]
    s = table(hands={1: [k.lawyer, k.trader], 2: [k.trader], 3: [k.trader]}, discard=pile)
    s, _ = act(s, {"type": "to_discard", "player": 1, "card": s.hands[1][0]})
    hand = screens.draw_hand(T, lang, session_of(s, lang), 1)
    assert hand.markup is not None
    rows = [
        [b.text for b in r] for r in hand.markup.inline_keyboard if str(r[0].callback_data).startswith("p|")
    ]
    options = [t for r in rows for t in r][: len({CHARACTER_OF[c] for c in pile})]
    assert len(options) == 4 and sum("×3" in t for t in options) == 1 and sum("×2" in t for t in options) == 1
    assert options == sorted(options, key=str.casefold)
    assert all(len(r) <= 2 for r in rows)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_shows_the_rule_of_the_tapped_card_only(lang: str) -> None:
    k = deal_cards()
    s = table(hands={1: [k.judge, k.trader, k.boss], 2: [k.trader], 3: [k.trader]})
    session = session_of(s, lang)
    rules = [T(lang, f"candy-card-{ch}-rule") for ch in ("judge", "trader", "boss")]
    idle = screens.draw_hand(T, lang, session, 1).text
    assert not any(r in idle for r in rules) and T(lang, "candy-hand-tap-for-rule") in idle
    tag = screens.keyboard_tag(ADAPTER, GAME.legal(s, 1))
    session.selected = {1: Selection(tag=tag, value=f"c{s.hands[1][0]}")}
    tapped = screens.draw_hand(T, lang, session, 1).text
    shown = [r for r in rules if r in tapped]
    assert len(shown) == 1 and T(lang, "candy-hand-tap-for-rule") not in tapped
