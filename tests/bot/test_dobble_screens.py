"""Dobble's screens, drawn from views exactly as the bot draws them: the buttons
are the legal presses, everything fits Telegram, and a hand costs one edit a card."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot import games, screens
from bot.adapter import Ctx
from bot.buttons import Act, parse
from bot.games.dobble import ADAPTER, MODES, glyph
from bot.i18n import Translator
from bot.miniapp import view as miniapp_view
from bot.session import Member, Session
from bot.sizing import Rendered
from engine.core import Event, RuleError, Tick
from engine.dobble import GAME, rules
from engine.dobble.cards import SHARED
from engine.dobble.keys import Ev
from engine.dobble.models import DobbleOptions, DobbleState, Spot
from tests.codes import notation
from tests.engine.dobble_helpers import position, spread

LEAVE_ROW = "|" + screens.LEAVE
T = Translator()
WORST_CHAT = -1_009_999_999_999
LONG = "Ж" * 64  # Telegram's longest first name


def session_with(state: DobbleState, lang: str = "en", name: str = "P&<{}>") -> Session:
    members = [Member(id=p, name=name.format(p), lang=lang) for p in state.players]
    return Session(
        chat_id=WORST_CHAT,
        game_id="abc123",
        creator=state.players[0],
        game="dobble",
        title="T & <t>",
        status="playing",
        members=members,
        state=state,
    )


def buttons(r: Rendered, greyed: bool = False) -> list[tuple[str, str]]:
    """The buttons a person can press (``greyed``: the disabled ones, shown but idle)."""
    if r.markup is None:
        return []
    return [
        (b.text, str(b.callback_data))
        for row in r.markup.inline_keyboard
        for b in row
        if not str(b.callback_data).endswith(LEAVE_ROW)  # the core's «Leave», on every hand
        and bool(b.api_kwargs.get("disabled")) is greyed
    ]


def spots(session: Session, player: int, lang: str = "en") -> list[Spot]:
    """The presses the player's hand offers, decoded as the referee decodes them."""
    hand = screens.draw_hand(T, lang, session, player)
    out = []
    for _, data in buttons(hand):
        press = parse(data)
        assert isinstance(press.body, Act)
        action = ADAPTER.game.decode(press.body.code, player)
        assert press.chat_id == WORST_CHAT and press.tag == "-" and action.evident()
        out.append(action)
    return out


def ctx(lang: str = "en") -> Ctx:
    return Ctx(t=T, lang=lang, chat_id=-1, game_id="g", names={p: f"P{p}" for p in range(1, 10)})


# --- a table of simulated people ------------------------------------------------------------


@dataclass
class Played:
    states: list[DobbleState] = field(default_factory=list)
    wrong: int = 0
    reveals: int = 0


def playout(options: dict[str, Any], players: int, seed: int, miss: float = 0.15) -> Played:
    """A whole game pressed through the hands' own buttons: a random player presses
    the symbol their card shares with the centre card (or, now and then, a wrong one);
    a countdown runs out.  Every state on the way is kept."""
    rnd = random.Random(seed)
    state, _ = GAME.start(list(range(1, players + 1)), seed=seed, options=GAME.options(options), now_ms=0)
    session = session_with(state)
    out = Played([state])
    now = 0
    for _ in range(5_000):
        s = session.state
        if s.stage == "over":
            return out
        due = GAME.next_deadline(s)
        if due is not None:
            now = max(now, due)
            s, _ = GAME.apply(s, Tick(), now)
            out.reveals += 1
        else:
            now += rnd.randint(300, 3_000)
            racers = [p for p in (s.duel or s.players) if p not in s.locked]
            p = rnd.choice(racers)
            offered = spots(session, p)
            assert offered, f"{p} has nothing to press"
            right = [a for a in offered if SHARED[a.centre][a.card] == a.symbol]
            wrong = [a for a in offered if a not in right]
            press = rnd.choice(wrong if wrong and rnd.random() < miss else right)
            s, events = GAME.apply(s, press, now)  # a button is never refused while its card is up
            if press in wrong:
                out.wrong += 1
                assert [e.key for e in events if e.to is not None] == [Ev.WRONG]
        session.state = s
        out.states.append(s)
    raise AssertionError("the game did not end")


GAMES = [
    ({"mode": "tower"}, 4),
    ({"mode": "well"}, 3),
    ({"mode": "catch", "length": 3}, 8),
    ({"mode": "gift"}, 8),
    ({"mode": "match", "length": 2, "countdown_ms": 1_000, "pause_ms": 1_000}, 2),
]


@pytest.fixture(scope="module", params=GAMES, ids=[f"{o['mode']}-{n}" for o, n in GAMES])
def played(request: pytest.FixtureRequest) -> Played:
    options, n = request.param
    return playout(options, n, seed=n * 7 + len(options["mode"]))


# --- buttons are the legal presses ---------------------------------------------------------------


def test_every_button_is_a_legal_press_and_every_card_offers_its_shared_symbol(played: Played) -> None:
    checked = 0
    for s in played.states[::3]:
        session = session_with(s)
        for p in s.players:
            view = GAME.view(s, p)
            offered = spots(session, p)
            legal = GAME.legal(s, p)
            if s.stage != "live" or not view.pairs or p in s.locked:
                assert offered == []  # no card up, or a miss on it: nothing to press
                continue
            # one button a symbol of each card the press may pair with the centre card
            assert len(offered) == 8 * len(view.pairs) == len(set(offered))
            assert {(a.card, a.symbol) for a in offered} == {
                (f.card, x) for f in view.pairs for x in f.symbols
            }
            for f in view.pairs:
                assert (
                    Spot(
                        player=p,
                        symbol=SHARED[s.centre[-1]][f.card],
                        centre=s.centre[-1],
                        card=f.card,
                        shown=s.shown,
                    )
                    in offered
                )
            if p not in s.locked:
                assert all(a in legal for a in offered)
            checked += 1
    assert checked > 20


def test_a_locked_player_sees_the_cards_greyed_and_a_late_press_says_locked() -> None:
    a, b, c = spread(3)
    s = position({1: [b], 2: [c]}, [a])
    wrong = next(x for x in s.faces[b] if x != SHARED[a][b])
    s2, _ = GAME.apply(s, Spot(player=1, symbol=wrong, centre=a, card=b, shown=s.shown), 10)
    assert 1 in s2.locked
    before, after = session_with(s), session_with(s2)
    locked = screens.draw_hand(T, "en", after, 1)
    assert locked.digest() != screens.draw_hand(T, "en", before, 1).digest()
    assert spots(after, 1) == [] and T("en", "dobble-hand-locked") in locked.text
    symbols = GAME.view(s2, 1).symbols
    # the card stays in sight, in place: its symbols greyed (Bot API 10.3's disabled)
    greyed = buttons(locked, greyed=True)
    assert [text for text, _ in greyed] == [glyph(ctx(), symbols, x) for x in s.faces[b]]
    free = buttons(screens.draw_hand(T, "en", before, 1))
    assert [text for text, _ in free] == [text for text, _ in greyed]
    assert screens.draw_hand(T, "en", after, 2).digest() == screens.draw_hand(T, "en", before, 2).digest()
    # the Mini App's page draws the cards, no tap on them, and repeats no greyed button
    page = miniapp_view.table(T, "en", after, 1, "bot")
    assert not any(c.get("data", "").startswith("a|") for row in page["hand"]["rows"] for c in row)
    assert page["pieces"] and not any(p["taps"] for p in page["pieces"])
    right = Spot(player=1, symbol=SHARED[a][b], centre=a, card=b, shown=s.shown)  # pressed before the edit
    with pytest.raises(RuleError) as e:
        GAME.apply(s2, right, 20)
    assert ADAPTER.event_text(ctx(), Event(key=e.value.key, args=e.value.params)) == (
        T("en", "dobble-err-locked")
    )


def test_a_button_names_its_reveal() -> None:
    a, b = spread(2)
    s = position({1: [b], 2: []}, [a])
    view = GAME.view(s, 1)
    presses = spots(session_with(s), 1)
    assert presses and all(p.shown == s.shown == view.shown for p in presses)
    old = Spot(player=1, symbol=SHARED[a][b], centre=a, card=b, shown=s.shown - 1)
    assert ADAPTER.game.decode(GAME.encode(old), 1) == old  # a press on an earlier reveal stays one


@pytest.mark.parametrize(
    "code",
    [
        "spot",
        "spot.1",
        "spot.1.2",
        "spot.1.2.3",  # no reveal named
        "spot.1l.1.2.0",  # symbol 57
        "spot.1.1l.2.0",  # card 57
        "spot.1.2.1l.0",
        "spot.-1.2.3.0",
        "spot.a.b.c.X",
        "x.1.2.3.0",
        "spot.1.2.3.4.5",
        "spot.1.2.3.x!",
        "spot.1.2.3.-1",
        "s1.2.3",  # a code of the bot before the codec
    ],
)
def test_forged_codes_are_refused(code: str) -> None:
    with pytest.raises(RuleError):  # answered «unknown button» by the judge (bot.play)
        ADAPTER.game.decode(code, 1)


# --- what fits Telegram ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("mode", ["tower", "well", "catch", "gift", "match"])
def test_boards_and_hands_of_eight_fit_telegram(lang: str, mode: str) -> None:
    state, events = GAME.start(list(range(1, 9)), seed=3, options=DobbleOptions(mode=mode), now_ms=0)
    for s in (state, GAME.apply(state, Tick(), state.reveal_at or 0)[0]):
        session = session_with(s, lang, name=LONG + "{}")
        session.announce(events * 3)
        board = screens.draw_board(T, lang, session, "a_very_long_bot_username_bot")
        assert len(board.text) < 4096
        for p in s.players:
            hand = screens.draw_hand(T, lang, session, p)
            assert len(hand.text) < 4096
            assert len(buttons(hand)) <= 100
            assert all(len(row) <= 8 for row in (hand.markup.inline_keyboard if hand.markup else ()))
            assert all(len(data.encode()) <= 64 for _, data in buttons(hand))
            assert all(text for text, _ in buttons(hand))


def test_symbols_read_in_rows_of_four_and_own_card_buttons_in_two_rows() -> None:
    s = GAME.apply(GAME.start([1, 2], seed=1, options=DobbleOptions(mode="tower"))[0], Tick(), 3_000)[0]
    hand = screens.draw_hand(T, "en", session_with(s), 1)
    centre = GAME.view(s, 1).centre
    assert centre is not None
    rows = [line for line in hand.text.split("\n") if line.startswith("<b>")]
    glyphs = [T("en", f"dobble-symbol-{x}") for x in centre.symbols]
    assert all(g in rows[0] for g in glyphs[:4]) and all(g in rows[1] for g in glyphs[4:])
    assert hand.markup is not None and [len(r) for r in hand.markup.inline_keyboard] == [
        4,
        4,
        1,
    ]  # and «Leave»


def test_each_card_shows_its_symbols_in_a_fresh_order() -> None:
    played = playout({"mode": "tower"}, 2, seed=5, miss=0)
    orders = set()
    for s in played.states:
        v = GAME.view(s, 1)
        if v.centre is not None:
            orders.add(tuple(v.centre.symbols))
    assert len(orders) > 20
    assert len({tuple(sorted(o)) for o in orders}) == len(orders)  # different cards...
    assert any(list(o) != sorted(o) for o in orders)  # ...shuffled, not in the deck's order


# --- one edit a hand a card ------------------------------------------------------------------


def edits(played: Played, lang: str = "en") -> dict[int, int]:
    """The edits the bot makes to each hand through a game, as the core decides them:
    a hand is redrawn when what it shows (its digest) changes, and a held one is left
    as it is (the first message, at the start, is not an edit).  A lock-out (or
    locks lifted) is not counted: ``locks`` counts those."""
    shown = {
        p: screens.draw_hand(T, lang, session_with(played.states[0], lang), p).digest()
        for p in played.states[0].players
    }
    count = dict.fromkeys(shown, 0)
    for after in played.states[1:]:
        for p in after.players:
            hand = screens.draw_hand(T, lang, session_with(after, lang), p)
            if not hand.hold and hand.digest() != shown[p]:
                count[p] += 1
                shown[p] = hand.digest()
    return count


def card_changes(played: Played) -> int:
    """How often the cards up changed for everybody to see: a reveal, a catch that leaves
    cards up, a card won (the countdown: its buttons go), the end."""
    changes = 0
    for before, after in itertools.pairwise(played.states):
        up = (after.stage == "live") and (
            before.stage != "live" or rules.face_up(before) != rules.face_up(after)
        )
        gone = after.stage == "countdown" and before.stage == "live"
        changes += up or gone or (after.stage == "over" and before.stage != "over")
    return changes


def locks(played: Played) -> dict[int, int]:
    """Each player's lock-outs and lifts with the same cards up (a hand's own edits)."""
    count = dict.fromkeys(played.states[0].players, 0)
    for before, after in itertools.pairwise(played.states):
        if after.stage != "live" or before.stage != "live" or rules.face_up(before) != rules.face_up(after):
            continue
        for p in count:
            count[p] += (p in before.locked) != (p in after.locked)
    return count


def test_a_hand_is_edited_twice_a_card_in_the_tower() -> None:
    """A card's reveal and its end (the countdown: no button stays on a card that
    is gone), and a lock-out: the missed card stays, without buttons."""
    played = playout({"mode": "tower", "countdown_ms": 3_000}, 4, seed=11, miss=0.3)
    assert played.wrong > 5
    lock = locks(played)
    assert sum(lock.values()) >= 5
    # the first reveal replaces the "get ready" message; every card after it is won
    # (a countdown) and revealed; the end
    assert edits(played) == {p: 2 * played.reveals + lock[p] for p in range(1, 5)}


def test_every_hand_is_edited_once_for_every_change_of_the_cards_up(played: Played) -> None:
    """Every mode: a reveal, a catch, a card won, the end — and a player's own lock."""
    assert played.wrong > 0
    lock = locks(played)
    assert edits(played) == {p: card_changes(played) + lock[p] for p in played.states[0].players}


def test_in_catch_them_all_a_catch_costs_every_hand_one_edit() -> None:
    played = playout({"mode": "catch", "length": 4}, 3, seed=2, miss=0.3)
    final = played.states[-1]
    catches = sum(final.results[-1].cards.values())
    # one edit a card caught (the round's last ends the round: its countdown), one a
    # reveal (four rounds, and a duel's card if there was a tie), one for a duel won;
    # and a player's own lock-outs
    duel = played.reveals - 4
    lock = locks(played)
    assert edits(played) == {p: catches + played.reveals + duel + lock[p] for p in range(1, 4)}


def test_a_countdown_shows_no_buttons_and_is_drawn_not_held() -> None:
    """The card just won is gone: its buttons go with it (the hand is redrawn)."""
    state, _ = GAME.start([1, 2, 3], seed=1)
    session = session_with(state)
    hand = screens.draw_hand(T, "en", session, 2)
    assert not hand.hold and T("en", "dobble-hand-countdown") in hand.text and hand.markup is not None
    pressable = [b for r in hand.markup.inline_keyboard for b in r]
    assert [b for b in pressable if not str(b.callback_data).endswith(LEAVE_ROW)] == []  # «Leave» only


# --- words ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_press_is_answered_first_wrong_or_why_not(lang: str) -> None:
    a, b, c, d = spread(4)
    s = position({1: [b], 2: [c]}, [a], deck=[d])
    c_ = ctx(lang)
    first = Spot(player=2, symbol=SHARED[a][c], centre=a, card=c, shown=s.shown)
    s2, events = GAME.apply(s, first, 10)
    said = ADAPTER.press_answer(c_, 2, first, events)
    assert said.startswith("✅") and T(lang, "dobble-symbol-" + str(first.symbol)) in said
    assert len(said) <= 200  # Telegram's limit for a press's answer

    def refusal(action: Spot, state: DobbleState) -> str:
        with pytest.raises(RuleError) as e:
            GAME.apply(state, action, 11)
        return ADAPTER.event_text(c_, Event(key=e.value.key, args=e.value.params))

    second = Spot(player=1, symbol=SHARED[a][b], centre=a, card=b, shown=s.shown)
    assert refusal(second, s2) == T(
        lang, "dobble-err-second", winner="P2", symbol=ADAPTER.arg(c_, "symbol", first.symbol)
    )
    old = Spot(
        player=1, symbol=next(x for x in s.faces[b] if x != SHARED[a][b]), centre=a, card=b, shown=s.shown
    )
    assert refusal(old, s2) == T(lang, "dobble-err-old-card")
    hidden = Spot(player=1, symbol=SHARED[d][b], centre=d, card=b, shown=s.shown)
    assert refusal(hidden, s2) == T(lang, "dobble-err-not-yet")

    miss = Spot(player=1, symbol=old.symbol, centre=a, card=b, shown=s.shown)
    _, events = GAME.apply(s, miss, 10)
    said = ADAPTER.press_answer(c_, 1, miss, events)
    assert said.startswith("❌") and said == T(
        lang, "dobble-answer-wrong", symbol=ADAPTER.arg(c_, "symbol", miss.symbol)
    )
    # ...and when that miss was everybody's, the locks are off: the answer says so
    s4, _ = GAME.apply(
        s,
        Spot(
            player=2, symbol=next(x for x in s.faces[c] if x != SHARED[a][c]), centre=a, card=c, shown=s.shown
        ),
        10,
    )
    _, events = GAME.apply(s4, miss, 11)
    assert any(e.key == Ev.LOCKS_LIFTED for e in events)
    assert ADAPTER.press_answer(c_, 1, miss, events) == T(
        lang, "dobble-answer-wrong-lifted", symbol=ADAPTER.arg(c_, "symbol", miss.symbol)
    )


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("mode", ["tower", "well", "catch", "gift"])
def test_the_winner_of_a_card_is_told_first_in_every_mode(lang: str, mode: str) -> None:
    a, b, c, d = spread(4)
    if mode == "catch":
        s = position({1: [], 2: []}, [a], mode=mode, outer=[b, c], rounds=2)
    else:
        s = position({1: [d, b] if mode == "well" else [b], 2: [c]}, [a], mode=mode)
    card = c if mode == "gift" else b
    press = Spot(player=1, symbol=SHARED[a][card], centre=a, card=card, shown=s.shown)
    _, events = GAME.apply(s, press, 10)
    said = ADAPTER.press_answer(ctx(lang), 1, press, events)
    assert said.startswith("✅") and len(said) <= 200
    if mode == "gift":
        assert "P2" in said


def test_a_miss_is_answered_not_noted_in_the_hand() -> None:
    """The answer says "wrong — locked"; a note in the hand would cost an edit."""
    wrong = Event(key=Ev.WRONG, to=1, args={"player": 1, "symbol": 3})
    public = Event(key=Ev.LOCKS_LIFTED)
    session = Session(chat_id=-1, game_id="g", creator=1, game="dobble")
    session.announce([wrong, public], ADAPTER.game.fleeting)
    assert session.log == [public] and session.private == {}
    svintus = Session(chat_id=-1, game_id="g", creator=1, game="svintus")
    svintus.announce([wrong], games.get("svintus").game.fleeting)
    assert svintus.private == {1: [wrong]}  # other games keep their notes


def test_every_symbol_has_an_emoji_and_a_name_in_announcements() -> None:
    for lang in ("ru", "en"):
        labels = {ADAPTER.arg(ctx(lang), "symbol", x) for x in range(57)}
        assert len(labels) == 57 and all(" " in label for label in labels)


# --- the lobby -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_lobby_picks_the_mode_the_length_and_the_countdown(lang: str) -> None:
    members = [Member(id=i, name=f"P<{i}>") for i in (1, 2)]
    session = Session(chat_id=-100, game_id="abc123", creator=1, game="dobble", members=members)
    session.options = GAME.options().model_dump(mode="json")

    def codes() -> list[str]:
        return [notation(d) for _, d in buttons(screens.draw_board(T, lang, session, "bot"))]

    assert codes() == [
        "j",
        "x",
        "om",
        "oc",
        "ceasy",
        "chard",
        "r",
        "h",
        "g",
    ]  # the Tower has no rounds to choose
    lobby = screens.draw_board(T, lang, session, "bot")
    assert T(lang, "dobble-mode-tower") in lobby.text and T(lang, "dobble-mode-tower-rules") in lobby.text
    choice = next(c for c in ADAPTER.choices if c.code == "m")
    assert choice.values == MODES
    for mode in MODES:
        session.options = {**session.options, "mode": mode}
        wanted = (["j", "x", "om", "ol", "oc"] if mode in ("catch", "match") else ["j", "x", "om", "oc"]) + [
            "ceasy",
            "chard",
            "r",
            "h",
            "g",
        ]
        assert codes() == wanted, mode
        assert T(lang, f"dobble-mode-{mode}") in screens.draw_board(T, lang, session, "bot").text
    for c in ADAPTER.choices:
        for value in c.values:
            assert GAME.options({**session.options, c.field: value})  # every value is a valid option
            assert c.label(ctx(lang), value)


def test_the_end_names_the_winner_on_the_board_and_in_every_hand(played: Played) -> None:
    final = played.states[-1]
    assert final.stage == "over" and final.winners
    session = session_with(final)
    name = session.members[[m.id for m in session.members].index(final.winners[0])].name
    escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert escaped in screens.draw_board(T, "en", session, "bot").text
    for p in final.players:
        hand = screens.draw_hand(T, "en", session, p)
        assert escaped in hand.text and hand.markup is None and not hand.hold
    assert [x.stage for x in played.states].count("over") == 1
