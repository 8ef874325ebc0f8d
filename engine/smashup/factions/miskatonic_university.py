"""Miskatonic University («Мискатоникский университет», «Неизбежный выпуск про
Ктулху»): docs/rules/smashup.md §2.4, the ORIGINAL-print texts (not the POD redesigns) —
scholars who turn Madness into extra plays and cards, and shed it again."""

from __future__ import annotations

from enum import StrEnum

from engine.smashup.kit import (
    MADNESS,
    Choice,
    Ev,
    FactionDef,
    G,
    Pr,
    Q,
    Target,
    Task,
    Then,
    ability,
    action,
    ask,
    destroy,
    destroy_targets,
    minion,
    pick_base,
    pick_minion,
    picked_base,
    picked_minion,
    register_choices,
    register_faction,
    register_keys,
)

F = "miskatonic-university"
BOX = "cthulhu"

# Sheet §2.4: names, copies and powers H; the original texts M (one source
# family: the fandom wiki).  Every text below is that original reading.
register_faction(
    FactionDef(
        F,
        BOX,
        (
            minion(F, "professor", 5),  # sheet M: original text (POD redesigned it)
            minion(F, "librarian", 4, 2),  # sheet M: original text (POD redesigned it)
            minion(F, "psychologist", 3, 3),  # sheet M: original text (POD redesigned it)
            minion(F, "researcher", 2, 4),  # sheet M: original text (POD redesigned it)
            # RU «Старик Дженкинс?!» (named in the rulebook's scoring example, which matches this text)
            action(F, "old-man-jenkins", special=True),
            action(F, "it-just-might-work"),  # sheet M: original text
            action(F, "field-trip", 2),  # sheet M: original text
            # sheet M: original text (POD: "Eldritch Gate")
            action(F, "gate-to-beyond", target=Target.BASE),
            action(F, "jinkies", 2),  # sheet M: original text
            action(F, "thats-so-crazy"),  # sheet M: original text
            action(F, "things-best-not-known", special=True),  # sheet M: original text
            action(F, "those-meddling-kids"),  # sheet M: original text
        ),
    )
)


class K(StrEnum):
    """Miskatonic University's own questions (``card`` = the asking card)."""

    MADNESS_COUNT = "smashup-prompt-miskatonic-madness-count"  # card
    RETURN_MADNESS = "smashup-prompt-miskatonic-return-madness"  # card
    DRAW_MADNESS = "smashup-prompt-miskatonic-draw-madness"  # card
    TO_BOTTOM = "smashup-prompt-miskatonic-to-bottom"  # card
    BOOST = "smashup-prompt-miskatonic-boost"  # card, base
    DESTROY_ACTIONS = "smashup-prompt-miskatonic-destroy-actions"  # card


register_keys(*K)

FROM_HAND = "miskatonic-from-hand"
FROM_DISCARD = "miskatonic-from-discard"
MADNESS_COUNTS = ["miskatonic-madness-1", "miskatonic-madness-2", "miskatonic-madness-3"]
register_choices(FROM_HAND, FROM_DISCARD, *MADNESS_COUNTS)


# --- Madness helpers ---------------------------------------------------------------------


def _madness_in(pile: list[int], g: Q) -> list[int]:
    return [c for c in pile if g.cid(c) == MADNESS]


def _discard_madness(g: G, p: int) -> bool:
    """Discard a Madness card from ``p``'s hand (they are all alike: no question)."""
    mad = _madness_in(g.hand(p), g)
    if not mad:
        return False
    g.discard_from_hand(p, [mad[-1]])
    return True


def _return_sources(g: G, p: int) -> list[str]:
    """Where ``p`` has a Madness card to return: hand and/or discard pile."""
    out = []
    if _madness_in(g.hand(p), g):
        out.append(FROM_HAND)
    if _madness_in(g.discard(p), g):
        out.append(FROM_DISCARD)
    return out


def _return_one(g: G, p: int, where: object) -> bool:
    pile = g.hand(p) if where == FROM_HAND else g.discard(p) if where == FROM_DISCARD else []
    mad = _madness_in(pile, g)
    if not mad:
        return False
    g.return_madness(mad[-1])
    return True


def _ask_return(g: G, t: Task, step: str) -> Task:
    """May return a Madness card: from hand or from the discard pile (or not)."""
    return ask(t, step, K.RETURN_MADNESS, "choice", _return_sources(g, t.player), min=0, skip_key=Pr.NO)


def _count(pick: object) -> int:
    return MADNESS_COUNTS.index(str(pick)) + 1 if pick in MADNESS_COUNTS else 0


def _count_options(g: G) -> list[str]:
    return MADNESS_COUNTS[: min(3, len(g.s.madness))]


def _all_plus_one(g: G, t: Task) -> None:
    for m in g.minions(controller=t.player):
        g.add_power(m, 1, t.player, t.card)


# --- minions -----------------------------------------------------------------------------

PROFESSOR = ability("professor")


@PROFESSOR.talent(ok=lambda g, uid: bool(_madness_in(g.hand(g.controller(uid)), g)))
def _professor(g: G, t: Task) -> None:
    """Discard a Madness card; if you do, an extra action and an extra minion
    ("and/or": two plays, each may go unused)."""
    if _discard_madness(g, t.player):
        g.credit(t.player, t.card, action=True)
        g.credit(t.player, t.card, minion=True)


LIBRARIAN = ability("librarian")


@LIBRARIAN.talent(ok=lambda g, uid: bool(_madness_in(g.hand(g.controller(uid)), g)))
def _librarian(g: G, t: Task) -> None:
    """Discard a Madness card; if you do, draw a card."""
    if _discard_madness(g, t.player):
        g.draw(t.player, 1)


PSYCHOLOGIST = ability("psychologist")


@PSYCHOLOGIST.on_play
def _psychologist(g: G, t: Task) -> Then:
    """You may return a Madness card from your hand or discard pile to the Madness deck."""
    return _ask_return(g, t, "return")


@PSYCHOLOGIST.step("return")
def _psychologist_return(g: G, t: Task) -> None:
    _return_one(g, t.player, t.pick())


RESEARCHER = ability("researcher")


@RESEARCHER.on_play
def _researcher(g: G, t: Task) -> Then:
    """You may draw a Madness card."""
    options = [Choice.YES.value] if g.s.madness else []
    return ask(t, "draw", K.DRAW_MADNESS, "choice", options, min=0, skip_key=Pr.NO)


@RESEARCHER.step("draw")
def _researcher_draw(g: G, t: Task) -> None:
    if t.pick() == Choice.YES:
        g.draw_madness(t.player, 1)


# --- actions -----------------------------------------------------------------------------

JENKINS = ability("old-man-jenkins")


def _jenkins_targets(g: Q, p: int, base: int) -> list[int]:
    """The highest-power minions on the base that ``p`` may destroy.  A
    protected highest minion is not replaced by the next one down."""
    here = g.minions(base)
    if not here:
        return []
    top = max(g.power(m) for m in here)
    return destroy_targets(g, p, [m for m in here if g.power(m) == top])


@JENKINS.special("before", "hand", ok=lambda g, uid, base: bool(_jenkins_targets(g, g.owner(uid), base)))
def _jenkins(g: G, t: Task) -> Then:
    """Destroy a highest-power minion on the scoring base (any player's)."""
    return pick_minion(t, "kill", Pr.DESTROY, _jenkins_targets(g, t.player, int(t.data["base"])))


@JENKINS.step("kill")
def _jenkins_kill(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is not None and m in _jenkins_targets(g, t.player, int(t.data["base"])):
        return destroy(m, t.player, t.card)
    return None


MIGHT_WORK = ability("it-just-might-work")


@MIGHT_WORK.on_play
def _might_work(g: G, t: Task) -> None:
    """Discard a Madness card to give each of your minions +1 until the end of
    the turn.  [decision] The discard is the price, paid when you can (you
    chose to play the card); without a Madness card in hand nothing happens."""
    if _discard_madness(g, t.player):
        _all_plus_one(g, t)


FIELD_TRIP = ability("field-trip")


@FIELD_TRIP.on_play
def _field_trip(g: G, t: Task) -> Then:
    hand = list(g.hand(t.player))
    return ask(t, "bottom", K.TO_BOTTOM, "card", hand, min=0, max=len(hand), skip_key=Pr.NONE)


@FIELD_TRIP.step("bottom")
def _field_trip_bottom(g: G, t: Task) -> None:
    """Any number of cards from your hand to the bottom of your deck (face
    down: only you are told which), then draw as many."""
    p = t.player
    moved = [int(c) for c in t.picks if c in g.hand(p)]
    for c in moved:
        g.s.hands[p].remove(c)
        g.s.decks[p].insert(0, c)
        g.emit(Ev.TO_BOTTOM, to=p, owner=p, card=g.cid(c))
    if moved:
        g.draw(p, len(moved))


GATE = ability("gate-to-beyond")


@GATE.talent(ok=lambda g, uid: g.host(uid) is not None)
def _gate(g: G, t: Task) -> None:
    """Talent: draw a Madness card; you may play an extra minion here."""
    host = g.host(t.src)
    g.draw_madness(t.player, 1)
    if host is not None:
        g.credit(t.player, t.card, minion=True, base=host)


JINKIES = ability("jinkies")


@JINKIES.on_play
def _jinkies(g: G, t: Task) -> Then:
    """Return up to 2 Madness cards from your hand and/or discard pile to the
    Madness deck (one question a card)."""
    t.data["returned"] = 0
    return _ask_return(g, t, "return")


@JINKIES.step("return")
def _jinkies_return(g: G, t: Task) -> Then:
    if not _return_one(g, t.player, t.pick()):
        return None
    done = int(t.data.get("returned", 0)) + 1
    if done < 2:
        t.data["returned"] = done
        return _ask_return(g, t, "return")
    return None


CRAZY = ability("thats-so-crazy")


@CRAZY.on_play
def _crazy(g: G, t: Task) -> None:
    """Draw a Madness card; each of your minions +1 until the end of the turn;
    you may play an extra action."""
    g.draw_madness(t.player, 1)
    _all_plus_one(g, t)
    g.credit(t.player, t.card, action=True)


THINGS = ability("things-best-not-known")


def _things_targets(g: Q, p: int, base: int) -> list[int]:
    return g.minion_choices(p, "power", g.minions(base))


def _things_ok(g: Q, uid: int, base: int) -> bool:
    return bool(g.s.madness) and bool(_things_targets(g, g.owner(uid), base))


@THINGS.special("before", "hand", ok=_things_ok)
def _things(g: G, t: Task) -> Then:
    """Choose a minion on the scoring base (any player's); draw up to 3
    Madness cards; it gets +2 for each one drawn, until the end of the turn."""
    base = int(t.data["base"])
    return pick_minion(t, "count", K.BOOST, _things_targets(g, t.player, base), base=g.cid(base))


@THINGS.step("count")
def _things_count(g: G, t: Task) -> Then:
    m = picked_minion(g, t)
    if m is None:
        return None
    t.data["minion"] = m
    return ask(t, "draw", K.MADNESS_COUNT, "choice", _count_options(g), min=0, skip_key=Pr.NO)


@THINGS.step("draw")
def _things_draw(g: G, t: Task) -> None:
    got = g.draw_madness(t.player, _count(t.pick()))
    m = int(t.data["minion"])
    if got and g.can_affect(t.player, m, "power"):
        g.add_power(m, 2 * len(got), t.player, t.card)


KIDS = ability("those-meddling-kids")


@KIDS.on_play
def _kids(g: G, t: Task) -> Then:
    return pick_base(t, "base", Pr.PICK_BASE, [b for b in g.base_ids() if g.destroyable_actions(b)])


@KIDS.step("base")
def _kids_base(g: G, t: Task) -> Then:
    """Destroy any number of actions on one base.  [decision] "On a base"
    counts the actions on its minions too."""
    b = picked_base(g, t)
    if b is None:
        return None
    cands = g.destroyable_actions(b)
    return ask(t, "destroy", K.DESTROY_ACTIONS, "card", cands, min=0, max=len(cands), skip_key=Pr.NONE)


@KIDS.step("destroy")
def _kids_destroy(g: G, t: Task) -> None:
    for a in t.picks:
        g.destroy_action(int(a))
