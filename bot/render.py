"""Board, hand and lobby messages: text (HTML) and keyboards, all words from locales."""

from __future__ import annotations

import hashlib
import html
from dataclasses import dataclass
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import action_code, encode, tag_of
from bot.i18n import Translator
from bot.session import Session
from engine.core import Event
from engine.svintus import GAME, abilities, rules
from engine.svintus.animals import ANIMALS, DARK, LIGHT, Animal
from engine.svintus.cards import CARDS, COLORS, Kind
from engine.svintus.keys import Ev
from engine.svintus.models import (
    Accept,
    Cancel,
    ChooseColor,
    Confirm,
    Declare,
    Draw,
    Pass,
    Pick,
    Play,
    React,
    Slap,
    SvintusState,
    Target,
    UseAbility,
)

PLAYER_ARGS = ("player", "target", "catcher", "from_player")
CARDS_PER_ROW = 3
# Telegram shows about 100 buttons at most; past this many cards, identical
# faces share one button ("🟥 5 ×2"), which keeps any hand under 60 buttons.
GROUP_FACES_ABOVE = 60


@dataclass(frozen=True)
class Rendered:
    text: str
    markup: InlineKeyboardMarkup | None
    # a hand whose owner must act now (their turn, a Grab on them, a race, a
    # reaction): under load it goes out ahead of hands that only wait
    urgent: bool = False

    def digest(self) -> str:
        """What the message shows, in 16 hex digits: an edit to the same digest is not sent."""
        rows = (
            [[(b.text, b.callback_data, b.url) for b in row] for row in self.markup.inline_keyboard]
            if self.markup is not None
            else None
        )
        return hashlib.blake2b(repr((self.text, rows)).encode(), digest_size=8).hexdigest()


def card_label(t: Translator, lang: str, card: int) -> str:
    c = CARDS[card]
    emoji = t(lang, f"svintus-emoji-{c.color.value}" if c.color else "svintus-emoji-none")
    return t(lang, f"svintus-card-{c.kind.value}", emoji=emoji, value=c.value if c.value is not None else 0)


def color_name(t: Translator, lang: str, color: Any) -> str:
    return t(lang, f"svintus-color-{color.value}")


def name(session: Session, user_id: int) -> str:
    return html.escape(session.name(user_id))


def animal_name(t: Translator, lang: str, animal: Animal, dark: bool) -> str:
    return t(lang, f"animal-{animal.value}-{'dark' if dark else 'light'}")


def animal_label(t: Translator, lang: str, animal: Animal, dark: bool) -> str:
    """``🦔 Ёж`` or ``🌑 🌵 Дикобраз``: the side in force, with its emoji."""
    emoji = DARK[animal].emoji if dark else LIGHT[animal].emoji
    return t(
        lang,
        "animal-label-dark" if dark else "animal-label-light",
        emoji=emoji,
        name=animal_name(t, lang, animal, dark),
    )


def animal_rule(t: Translator, lang: str, animal: Animal, dark: bool) -> str:
    return t(lang, f"animal-{animal.value}-{'dark' if dark else 'light'}-rule")


def find_animal(t: Translator, query: str) -> Animal | None:
    """The animal one of whose names (either side, either language) ``query`` is,
    begins, or — failing that — one of whose words it begins ("mule")."""
    q = " ".join(query.lower().replace("ё", "е").split())
    if not q:
        return None
    names = [
        (t(lang, f"animal-{a.value}-{side}").lower().replace("ё", "е"), a)
        for a in ANIMALS
        for side in ("light", "dark")
        for lang in ("ru", "en")
    ]
    for n, a in names:
        if n == q:
            return a
    for match in (
        lambda n: n.startswith(q),
        lambda n: any(w.startswith(q) for w in n.replace("-", " ").split()),
    ):
        hits = {a for n, a in names if match(n)}
        if hits:
            return hits.pop() if len(hits) == 1 else None
    return None


def animal_card(t: Translator, lang: str, animal: Animal) -> str:
    """Both sides of one animal, for /animal."""
    return t(
        lang,
        "animal-card",
        light=animal_label(t, lang, animal, False),
        light_rule=animal_rule(t, lang, animal, False),
        dark=animal_label(t, lang, animal, True),
        dark_rule=animal_rule(t, lang, animal, True),
    )


def menagerie(t: Translator, lang: str) -> str:
    """Every animal in one list, for /animal without a name."""
    lines = [t(lang, "animal-list-title")]
    for a in ANIMALS:
        lines.append(f"{animal_label(t, lang, a, False)} / {animal_label(t, lang, a, True)}")
    lines.append("")
    lines.append(t(lang, "animal-list-hint"))
    return "\n".join(lines)


def event_text(t: Translator, lang: str, session: Session, e: Event) -> str:
    args: dict[str, Any] = {}
    for k, v in e.args.items():
        if k in PLAYER_ARGS and isinstance(v, int):
            args[k] = name(session, v)
        elif k == "card" and isinstance(v, int):
            args[k] = card_label(t, lang, v)
        elif k == "animal" and isinstance(v, str) and v in Animal._value2member_map_:
            args[k] = animal_name(t, lang, Animal(v), e.key == Ev.FLIPPED_DARK)
        elif isinstance(v, bool):
            args[k] = "true" if v else "false"
        else:
            args[k] = v
    return t(lang, e.key, **args)


def sort_key(card: int) -> tuple[int, int, int]:
    c = CARDS[card]
    colour = COLORS.index(c.color) if c.color is not None else len(COLORS)
    return colour, list(Kind).index(c.kind), c.value if c.value is not None else -1


# --- the lobby -------------------------------------------------------------------


def lobby(t: Translator, lang: str, session: Session, bot_username: str) -> Rendered:
    o = session.options
    lines = [t(lang, "lobby-title"), ""]
    lines.append(t(lang, "lobby-players", count=len(session.members)))
    chosen = o.metamorphoses and o.animal_deal == "chosen"
    for i, m in enumerate(session.members, 1):
        line = f"{i}. {html.escape(m.name)}"
        pick = session.animal_picks.get(m.id) if chosen else None
        if pick is not None and pick in Animal._value2member_map_:
            line += " — " + animal_label(t, lang, Animal(pick), False)
        lines.append(line)
    lines.append("")
    timer = t(lang, "lobby-seconds", n=o.turn_timer_ms // 1000) if o.turn_timer_ms else t(lang, "lobby-off")
    lines.append(
        t(
            lang,
            "lobby-options",
            target=o.target_score,
            timer=timer,
            window=o.reaction_window_ms // 1000,
            hush=t(lang, "lobby-on" if o.hush_counts_messages else "lobby-off"),
        )
    )
    if o.metamorphoses:
        lines.append(t(lang, "lobby-metamorphoses", deal=t(lang, f"lobby-deal-{o.animal_deal}")))
    for m in session.unreachable:
        link = f"https://t.me/{bot_username}?start=join_{session.chat_id}"
        lines.append("")
        lines.append(t(lang, "lobby-unreachable", player=html.escape(m.name), link=link))
    lines.append("")
    lines.append(t(lang, "lobby-hint"))

    def b(label: str, code: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(
            label, callback_data=encode("l", session.chat_id, session.game_id, "-", code)
        )

    rows = [
        [b(t(lang, "button-join"), "j"), b(t(lang, "button-leave"), "x")],
        [
            b(t(lang, "button-option-target", n=o.target_score), "ot"),
            b(t(lang, "button-option-timer", timer=timer), "om"),
        ],
        [
            b(t(lang, "button-option-window", n=o.reaction_window_ms // 1000), "ow"),
            b(
                t(
                    lang,
                    "button-option-hush",
                    state=t(lang, "lobby-on" if o.hush_counts_messages else "lobby-off"),
                ),
                "oh",
            ),
        ],
    ]
    meta = [
        b(
            t(
                lang,
                "button-option-metamorphoses",
                state=t(lang, "lobby-on" if o.metamorphoses else "lobby-off"),
            ),
            "oa",
        )
    ]
    if o.metamorphoses:
        meta.append(b(t(lang, "button-option-deal", deal=t(lang, f"lobby-deal-{o.animal_deal}")), "od"))
    rows.append(meta)
    if chosen:
        taken = set(session.animal_picks.values())
        row: list[InlineKeyboardButton] = []
        for i, a in enumerate(ANIMALS):
            label = animal_label(t, lang, a, False)
            row.append(b(("✖ " if a.value in taken else "") + label, f"a{i}"))
            if len(row) == 3:
                rows.append(row)
                row = []
        if row:
            rows.append(row)
    rows.append([b(t(lang, "button-start"), "g")])
    return Rendered("\n".join(lines), InlineKeyboardMarkup(rows))


# --- the board --------------------------------------------------------------------


def board(t: Translator, lang: str, session: Session, bot_username: str) -> Rendered:
    s = session.state
    assert s is not None
    lines = [t(lang, "board-title", round=s.round)]
    top = s.pile[-1]
    top_line = t(lang, "board-top", card=card_label(t, lang, top))
    if s.color is not None and CARDS[top].kind is Kind.POLYPIG:
        top_line += " " + t(lang, "board-named-color", color=color_name(t, lang, s.color))
    lines.append(top_line)
    lines.append(
        t(lang, "board-counts", deck=len(s.deck), pile=len(s.pile))
        + " · "
        + t(lang, "board-clockwise" if s.direction == 1 else "board-counter-clockwise")
    )
    lines.append("")
    for p in s.seats:
        flags = ""
        if p in s.one_card_since:
            flags += " " + t(lang, "board-flag-declared" if p in s.declared else "board-flag-one-card")
        if p in s.away:
            flags += " " + t(lang, "board-flag-away")
        if s.silence == p:
            flags += " " + t(lang, "board-flag-silence")
        if p in s.skips:
            flags += " " + t(lang, "board-flag-skip")
        animal = s.animals.get(p)
        if animal is not None:
            flags += " · " + animal_label(t, lang, animal, p in s.dark)
        marker = "▶ " if s.phase == "playing" and p == s.current else "    "
        lines.append(
            marker
            + t(
                lang, "board-player", player=name(session, p), count=len(s.hands[p]), score=s.scores.get(p, 0)
            )
            + flags
        )
    lines.append("")
    if s.phase == "playing":
        if s.race is not None:
            lines.append(t(lang, "board-race", done=len(s.race.pressed), total=len(s.race.players)))
        elif s.ability is not None:
            lines.append(
                t(
                    lang,
                    "board-ability",
                    player=name(session, s.ability.player),
                    animal=animal_label(t, lang, s.ability.animal, True),
                )
            )
        elif s.attack is not None:
            key = "board-grab-pending" if s.attack.kind == "grab" else "board-snore-pending"
            lines.append(t(lang, key, player=name(session, s.attack.target), count=s.attack.count))
        elif s.awaiting_color:
            lines.append(t(lang, "board-color-pending", player=name(session, s.current)))
        else:
            lines.append(t(lang, "board-turn", player=name(session, s.current)))
        if s.silence is not None:
            lines.append(t(lang, "board-silence", player=name(session, s.silence)))
        for d in s.duties:
            lines.append(t(lang, "board-duty", player=name(session, d.player)))
    elif s.phase == "round_over":
        lines.append(t(lang, "board-round-over"))
    elif s.match_winner is not None:
        lines.append(t(lang, "board-match-over", player=name(session, s.match_winner)))
    else:
        lines.append(t(lang, "board-game-over"))
    if session.log:
        lines.append("")
        lines.append(t(lang, "board-log"))
        lines.extend("• " + event_text(t, lang, session, e) for e in session.log)

    rows: list[list[InlineKeyboardButton]] = []
    if s.phase == "playing":
        buttons = []
        if s.race is not None:
            buttons.append(
                InlineKeyboardButton(
                    t(lang, "button-slap"),
                    callback_data=encode("h", session.chat_id, session.game_id, "-", "h"),
                )
            )
        if any(q not in s.declared for q in s.one_card_since):
            buttons.append(
                InlineKeyboardButton(
                    t(lang, "button-catch"),
                    callback_data=encode("h", session.chat_id, session.game_id, "-", "k"),
                )
            )
        if buttons:
            rows.append(buttons)
    if s.phase != "match_over" and bot_username:
        rows.append([InlineKeyboardButton(t(lang, "button-my-cards"), url=f"https://t.me/{bot_username}")])
    return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None)


# --- a hand -------------------------------------------------------------------------

HAND_ACTIONS = (
    Play,
    Draw,
    Pass,
    Accept,
    ChooseColor,
    Declare,
    Slap,
    UseAbility,
    Target,
    Pick,
    Confirm,
    Cancel,
    React,
)


def hand_actions(state: SvintusState, user: int) -> list[Any]:
    return [a for a in GAME.legal(state, user) if isinstance(a, HAND_ACTIONS)]


def sees_table(state: SvintusState, user: int) -> bool:
    """Does ``user``'s hand show the top card?  Only while it is their move.

    A waiting player's hand changes only when their own options do (their cards,
    a card to intercept with, a Grab aimed at them, a race, a silence), so one
    move costs a couple of edits rather than one per player.
    """
    return state.phase == "playing" and state.current == user


def _keyboard_parts(state: SvintusState, user: int) -> tuple[Any, ...]:
    hand = tuple(sorted(state.hands.get(user, ())))
    acts = tuple(action_code(a) for a in hand_actions(state, user))
    table = (state.pile[-1], state.color) if sees_table(state, user) else None
    run = state.ability
    animal = (user in state.dark, tuple(run.picked) if run is not None and run.player == user else None)
    return (state.round, state.phase, hand, table, state.silence is not None, acts, animal)


def hand_tag(state: SvintusState, user: int) -> str:
    """What a player's hand keyboard is drawn from; a press must match it."""
    return tag_of(*_keyboard_parts(state, user))


def hand_key(state: SvintusState, user: int) -> tuple[Any, ...]:
    """Everything ``user``'s hand message is drawn from, besides what a move does
    not change (names, the chat's title, the language): equal keys, equal messages
    (a property test holds it to that).  A move redraws only the hands whose key
    it changed, rather than rendering every hand to find out."""
    s = state
    if user not in s.hands:
        return ("unseated",)
    if s.phase == "match_over":
        return ("over", s.match_winner)
    run = s.ability if s.ability is not None and s.ability.player == user else None
    ability: tuple[Any, ...] | None = None
    if run is not None:
        step = abilities.step_of(run)
        need = abilities.need(s, run) if step in ("cards", "swap") else None
        theirs = tuple(sorted(s.hands.get(run.target, ()))) if step == "swap" and run.target else None
        ability = (run.animal, run.step, run.target, tuple(run.picked), step, need, theirs)
    attack = s.attack if s.attack is not None and s.attack.target == user else None
    deck_top = s.deck[-1] if s.phase == "playing" and s.deck and rules.light(s, user).sees_deck_top else None
    mine = s.current == user
    return (
        _keyboard_parts(s, user),
        s.animals.get(user),
        deck_top,
        ability,
        (attack.kind, attack.count) if attack is not None else None,
        s.race is not None,
        mine,
        mine and s.awaiting_color,
        mine and bool(s.drawn),
    )


def hand(t: Translator, lang: str, session: Session, user: int, chat_title: str) -> Rendered:
    s = session.state
    assert s is not None
    lines = [t(lang, "hand-title", chat=html.escape(chat_title))]
    if user not in s.hands:
        lines.append(t(lang, "hand-not-seated"))
        return Rendered("\n".join(lines), None)
    if s.phase == "match_over":
        winner = s.match_winner
        lines.append(
            t(lang, "hand-match-over", player=name(session, winner))
            if winner is not None
            else t(lang, "board-game-over")
        )
        return Rendered("\n".join(lines), None)
    animal = s.animals.get(user)
    if animal is not None:
        dark = user in s.dark
        lines.append(
            t(
                lang,
                "hand-animal",
                animal=animal_label(t, lang, animal, dark),
                rule=animal_rule(t, lang, animal, dark),
            )
        )
    top = s.pile[-1]
    sees = sees_table(s, user)
    if sees:
        top_line = t(lang, "board-top", card=card_label(t, lang, top))
        if s.color is not None and CARDS[top].kind is Kind.POLYPIG:
            top_line += " " + t(lang, "board-named-color", color=color_name(t, lang, s.color))
        lines.append(top_line)
    if s.phase == "playing" and s.deck and rules.light(s, user).sees_deck_top:
        lines.append(t(lang, "hand-deck-top", card=card_label(t, lang, s.deck[-1])))
    acts = hand_actions(s, user)
    playable = {a.card for a in acts if isinstance(a, Play)}
    pickable = {a.card for a in acts if isinstance(a, Pick)}
    run = s.ability if s.ability is not None and s.ability.player == user else None
    step = abilities.step_of(run) if run is not None else None
    if any(isinstance(a, React) for a in acts):
        lines.append(t(lang, "hand-duty"))
    if s.phase == "round_over":
        lines.append(t(lang, "hand-round-over"))
    elif s.race is not None:
        lines.append(t(lang, "hand-race" if any(isinstance(a, Slap) for a in acts) else "hand-race-done"))
    elif run is not None:
        lines.append(_ability_prompt(t, lang, session, s, run, step))
    elif s.attack is not None and s.attack.target == user:
        key = "hand-grab-on-you" if s.attack.kind == "grab" else "hand-snore-on-you"
        lines.append(t(lang, key, count=s.attack.count))
    elif s.current == user:
        if s.awaiting_color:
            lines.append(t(lang, "hand-choose-color"))
        elif s.drawn:
            lines.append(t(lang, "hand-drawn"))
        else:
            lines.append(t(lang, "hand-your-turn"))
    else:
        lines.append(t(lang, "hand-waiting"))
    if s.silence is not None:
        lines.append(t(lang, "hand-silence"))
    lines.append(t(lang, "hand-cards", count=len(s.hands[user])))

    tag = hand_tag(s, user)

    def b(label: str, code: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(
            label, callback_data=encode("h", session.chat_id, session.game_id, tag, code)
        )

    rows: list[list[InlineKeyboardButton]] = []
    if s.phase == "playing":
        picking = step in ("cards", "swap")
        picked = set(run.picked) if run is not None else set()
        cards = sorted(s.hands[user], key=sort_key)
        copies: dict[tuple[Any, ...], int] = {}
        if len(cards) > GROUP_FACES_ABOVE and not picking:
            faces: dict[tuple[Any, ...], int] = {}
            for card in cards:
                face = CARDS[card][1:]
                copies[face] = copies.get(face, 0) + 1
                if face not in faces or card in playable:
                    faces[face] = card
            cards = sorted(faces.values(), key=sort_key)
        theirs: list[int] = []
        if picking and run is not None and run.target is not None and step == "swap" and run.picked:
            theirs = sorted(s.hands.get(run.target, ()), key=sort_key)
        if picking:
            # identical cards are interchangeable for every ability: past 60 cards shown,
            # one button per face keeps the keyboard within Telegram's ~100 buttons
            group = len(cards) + len(theirs) > GROUP_FACES_ABOVE
            rows.extend(_pick_rows(t, lang, b, cards, pickable, picked, group))
            rows.extend(_pick_rows(t, lang, b, theirs, pickable, picked, group))
        else:
            rows.extend(_card_rows(t, lang, b, cards, copies, playable, sees, top))
        extra: list[InlineKeyboardButton] = []
        colours: list[InlineKeyboardButton] = []
        targets: list[InlineKeyboardButton] = []
        for a in acts:
            if isinstance(a, Draw):
                extra.append(b(t(lang, "button-take-one" if step == "play" else "button-draw"), "d"))
            elif isinstance(a, Pass):
                extra.append(b(t(lang, "button-pass"), "s"))
            elif isinstance(a, Accept):
                attack = s.attack
                key = (
                    "button-accept-grab"
                    if attack is not None and attack.kind == "grab"
                    else "button-accept-snore"
                )
                extra.append(b(t(lang, key, count=attack.count if attack else 0), "a"))
            elif isinstance(a, Declare):
                extra.append(b(t(lang, "button-svintus"), "v"))
            elif isinstance(a, Slap):
                rows.insert(0, [b(t(lang, "button-slap"), "h")])
            elif isinstance(a, React):
                rows.insert(0, [b(t(lang, "button-react"), "e")])
            elif isinstance(a, ChooseColor):
                emoji = t(lang, f"svintus-emoji-{a.color.value}")
                colours.append(b(f"{emoji} {color_name(t, lang, a.color)}", action_code(a)))
            elif isinstance(a, UseAbility) and animal is not None:
                extra.append(b(t(lang, "button-ability", animal=animal_label(t, lang, animal, True)), "u"))
            elif isinstance(a, Target):
                targets.append(b(t(lang, "button-target", player=session.name(a.target)), action_code(a)))
            elif isinstance(a, Confirm):
                extra.append(b(t(lang, "button-confirm"), "f"))
            elif isinstance(a, Cancel):
                extra.append(b(t(lang, "button-cancel"), "z"))
        for i in range(0, len(targets), 2):
            rows.append(targets[i : i + 2])
        if colours:
            rows.append(colours[:2])
            rows.append(colours[2:])
        if extra:
            rows.append(extra)
    return Rendered("\n".join(lines), InlineKeyboardMarkup(rows) if rows else None, must_act(s, user, acts))


def must_act(state: SvintusState, user: int, acts: list[Any] | None = None) -> bool:
    """Whether ``user`` must act now (their turn, a Grab on them, a race, a
    reaction): their hand then goes ahead of the hands of players who wait."""
    s = state
    if s.phase != "playing":
        return False
    if s.current == user or s.race is not None or (s.attack is not None and s.attack.target == user):
        return True
    return any(isinstance(a, React) for a in (hand_actions(s, user) if acts is None else acts))


def _card_rows(
    t: Translator,
    lang: str,
    b: Any,
    cards: list[int],
    copies: dict[tuple[Any, ...], int],
    playable: set[int],
    sees: bool,
    top: int,
) -> list[list[InlineKeyboardButton]]:
    buttons = []
    for card in cards:
        label = card_label(t, lang, card)
        if copies.get(CARDS[card][1:], 1) > 1:
            label += f" ×{copies[CARDS[card][1:]]}"
        if card in playable:
            label = "✅ " + label
        # a waiting player's other cards name no top card: pressing one tries
        # to intercept whatever is on top at that moment
        buttons.append(b(label, f"p{card}.{top}" if sees or card in playable else f"p{card}"))
    return _in_rows(buttons)


def _pick_rows(
    t: Translator,
    lang: str,
    b: Any,
    cards: list[int],
    pickable: set[int],
    picked: set[int],
    group: bool,
) -> list[list[InlineKeyboardButton]]:
    """Cards to choose for a dark ability: ``q`` chooses, ``r`` un-chooses."""
    faces: dict[tuple[Any, ...], list[int]] = {}
    for card in cards:
        faces.setdefault(CARDS[card][1:] if group else (card,), []).append(card)
    buttons = []
    for same in faces.values():
        chosen = [c for c in same if c in picked]
        free = [c for c in same if c not in picked and c in pickable]
        label = card_label(t, lang, same[0])
        if len(same) > 1:
            label += f" ×{len(same)}"
        if chosen:
            label = ("✔️ " if len(same) == 1 else f"✔️{len(chosen)} ") + label
        elif free:
            label = "☑️ " + label
        code = f"q{free[0]}" if free else f"r{chosen[-1]}" if chosen else f"q{same[0]}"
        buttons.append(b(label, code))
    return _in_rows(buttons)


def _in_rows(buttons: list[InlineKeyboardButton]) -> list[list[InlineKeyboardButton]]:
    return [buttons[i : i + CARDS_PER_ROW] for i in range(0, len(buttons), CARDS_PER_ROW)]


def _ability_prompt(
    t: Translator, lang: str, session: Session, s: SvintusState, run: Any, step: str | None
) -> str:
    """What the dark ability's owner is asked to choose now."""
    if step == "target":
        return t(lang, "hand-ability-target")
    if step == "cards":
        least, most = abilities.need(s, run)
        key = "exactly" if least == most else "up-to" if least == 0 else "range"
        return t(lang, f"hand-ability-cards-{key}", least=least, most=most, picked=len(run.picked))
    if step == "swap":
        if not run.picked:
            return t(lang, "hand-ability-swap-own", player=name(session, run.target))
        return t(lang, "hand-ability-swap-theirs", player=name(session, run.target))
    if step == "color":
        return t(lang, "hand-ability-color")
    return t(lang, "hand-ability-play")
