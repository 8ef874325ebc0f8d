"""Elder Things («Старцы», «Неизбежный выпуск про Ктулху»): docs/rules/smashup.md §2.2 — big
minions (39 power) and actions that hand Madness to everybody else.

Original prints (what the Russian box translates) where the POD changed a
text: Elder Thing, Shoggoth, Dunwich Horror, Insanity, Power of Madness,
Spreading Horror, The Price of Power, Unfathomable Goals.

"Each other player" is every other player still at the table, in turn order
from the current player; a player asked something answers a prompt of their
own.  [decision] A player may choose to draw a Madness card only while the
Madness deck has one: with it empty, the Mi-go's and Shoggoth's "may draw"
counts as declined.
"""

from __future__ import annotations

from enum import StrEnum

from engine.smashup.factions.minions_of_cthulhu import Key as CultKey
from engine.smashup.kit import (
    MADNESS,
    Choice,
    Ev,
    FactionDef,
    G,
    PlayCheck,
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
    go,
    minion,
    pick_effect,
    pick_minion,
    picked_minion,
    register_choices,
    register_faction,
    register_keys,
)

F = "elder-things"
BOX = "cthulhu"

register_faction(
    FactionDef(
        F,
        BOX,
        (
            # original print: choose one (POD "Eldest Thing" reworded it)
            minion(F, "elder-thing", 10),
            minion(F, "shoggoth", 6, 2),  # RU «Шогот» (the rulebook); original print (POD changed it)
            minion(F, "mi-go", 3, 3),  # original print (POD adds a power-counter clause)
            minion(F, "byakhee", 2, 4),
            # sheet M for copies: Begin the Summoning 2, Power of Madness 2, Touch of Madness 1
            # (the fandom report and the AEG catalog agree; the 1/1/3 split of one database is not used)
            action(F, "begin-the-summoning", 2),
            # original print: +5 power, the minion destroyed at the end of the turn
            # (the TBGB errata's wording is not known; POD reworked it)
            action(F, "dunwich-horror", target=Target.MINION),
            action(F, "insanity"),  # original print (POD: then box this card)
            action(F, "power-of-madness", 2),  # original print (POD changed it)
            action(F, "spreading-horror"),  # original print (POD changed it)
            action(F, "the-price-of-power", special=True),  # original print (POD changed it)
            action(F, "touch-of-madness"),
            action(F, "unfathomable-goals"),  # original print (POD changed it)
        ),
    )
)


class Key(StrEnum):
    """This faction's own locale keys (locales/*/smashup-cthulhu-minions.ftl)."""

    DRAW_MADNESS = "smashup-prompt-draw-madness"  # card (Mi-go: each other player)
    SHOGGOTH = "smashup-prompt-shoggoth"  # card, base (each other player)
    DESTROY_THEIRS = "smashup-prompt-destroy-theirs"  # card, target (kind minion)
    MAY_DRAW = "smashup-prompt-may-draw"  # card
    DESTROY_TWO = "smashup-prompt-destroy-two"  # card (kind minion, exactly 2)
    UNFATHOMABLE = "smashup-prompt-unfathomable"  # card (kind minion: one of your own)
    SUMMON = "smashup-prompt-summon"  # card (kind card: a minion from your discard pile)
    EMPTY_HAND = "smashup-ev-empty-hand"  # player (reveals a hand with no card)
    DISCARD_SHUFFLED = "smashup-ev-discard-shuffled"  # player, count


DRAW_MADNESS = "draw-madness"
LOSE_MINION = "lose-minion"
DESTROY_TWO = "destroy-two"
DRAW1 = "draw1"  # labelled in smashup.ftl (the Fairies use it too)

register_keys(*Key)
register_choices(DRAW_MADNESS, LOSE_MINION, DESTROY_TWO, DRAW1, Choice.BOTTOM.value)


def reveal_hand(g: G, p: int) -> list[int]:
    """``p`` shows their hand to everybody (a public event); its Madness cards."""
    hand = g.hand(p)
    if hand:
        g.emit(Ev.REVEALED, player=p, cards=[g.cid(c) for c in hand])
    else:
        g.emit(Key.EMPTY_HAND, player=p)
    return [c for c in hand if g.cid(c) == MADNESS]


# --- minions -------------------------------------------------------------------------

ELDER = ability("elder-thing")
# Ongoing: not affected by opponents' cards (destroy, move, return, control, actions, power)
ELDER.protect = lambda g, src, m, actor, how: m == src and actor is not None and actor != g.controller(m)


def _elder_victims(g: G, uid: int, p: int) -> list[int]:
    return destroy_targets(g, p, [m for m in g.minions(controller=p) if m != uid])


@ELDER.on_play
def _elder(g: G, t: Task) -> Then:
    """Choose: destroy two of your other minions, or put this one on the
    bottom of your deck.  [decision] The first is offered only when two of
    your other minions can be destroyed (else it goes to the bottom)."""
    options = [Choice.BOTTOM.value]
    if len(_elder_victims(g, t.src, t.player)) >= 2:
        options.insert(0, DESTROY_TWO)
    return pick_effect(t, "effect", options)


@ELDER.step("effect")
def _elder_effect(g: G, t: Task) -> Then:
    victims = _elder_victims(g, t.src, t.player)
    if t.pick() == DESTROY_TWO and len(victims) >= 2:
        return ask(t, "kill", Key.DESTROY_TWO, "minion", victims, min=2, max=2)
    if g.is_minion_in_play(t.src):
        g.leave_play(t.src, "bottom")
        g.emit(Ev.TO_BOTTOM, owner=g.owner(t.src), card=t.card)
    return None


@ELDER.step("kill")
def _elder_kill(g: G, t: Task) -> Then:
    return [
        destroy(int(m), t.player, t.card)
        for m in t.picks
        if g.is_minion_in_play(int(m)) and g.controller(int(m)) == t.player
    ]


SHOGGOTH = ability("shoggoth")


def _shoggoth_ok(g: Q, check: PlayCheck) -> bool:
    """Played only on a base where you already have 6 power or more."""
    return check.base is not None and g.powers(check.base).get(check.player, 0) >= 6


SHOGGOTH.play_ok = _shoggoth_ok


@SHOGGOTH.on_play
def _shoggoth(g: G, t: Task) -> Then:
    """Each other player may draw a Madness card; a minion here of each one
    who does not is destroyed.  [decision] The Shoggoth's player picks which
    (it is their card that destroys), after everyone has chosen."""
    return go(t, "each", others=g.others(t.player), i=0, refused=[])


@SHOGGOTH.step("each")
def _shoggoth_each(g: G, t: Task) -> Then:
    others: list[int] = t.data["others"]
    i = int(t.data["i"])
    if i >= len(others):
        return go(t, "destroy", k=0)
    q = others[i]
    if q in g.s.left:
        return go(t, "each", i=i + 1)
    if not g.s.madness:
        return go(t, "each", i=i + 1, refused=[*t.data["refused"], q])
    base = int(t.data["base"])
    return ask(t, "answer", Key.SHOGGOTH, "choice", [DRAW_MADNESS, LOSE_MINION], player=q, base=g.cid(base))


@SHOGGOTH.step("answer")
def _shoggoth_answer(g: G, t: Task) -> Then:
    i = int(t.data["i"])
    q = int(t.data["others"][i])
    refused = list(t.data["refused"])
    if t.pick() == DRAW_MADNESS and g.s.madness:
        g.draw_madness(q, 1)
    else:
        refused.append(q)
    return go(t, "each", i=i + 1, refused=refused)


@SHOGGOTH.step("destroy")
def _shoggoth_destroy(g: G, t: Task) -> Then:
    refused: list[int] = t.data["refused"]
    k = int(t.data["k"])
    if k >= len(refused):
        return None
    q = refused[k]
    base = int(t.data["base"])
    cands = destroy_targets(g, t.player, g.minions(base, q)) if g.base_slot(base) is not None else []
    return ask(t, "kill", Key.DESTROY_THEIRS, "minion", cands, target=q)


@SHOGGOTH.step("kill")
def _shoggoth_kill(g: G, t: Task) -> Then:
    k = int(t.data["k"])
    q = int(t.data["refused"][k])
    m = picked_minion(g, t)
    if m is not None and g.controller(m) == q and g.base_of(m) == t.data["base"]:
        return [destroy(m, t.player, t.card), go(t, "destroy", k=k + 1)]
    return go(t, "destroy", k=k + 1)


MI_GO = ability("mi-go")


@MI_GO.on_play
def _mi_go(g: G, t: Task) -> Then:
    """Each other player may draw a Madness card; for each who does not, you may draw a card."""
    return go(t, "each", others=g.others(t.player), i=0, refused=0)


@MI_GO.step("each")
def _mi_go_each(g: G, t: Task) -> Then:
    others: list[int] = t.data["others"]
    i = int(t.data["i"])
    if i >= len(others):
        return go(t, "draw", k=0)
    if others[i] in g.s.left:
        return go(t, "each", i=i + 1)
    if not g.s.madness:
        return go(t, "each", i=i + 1, refused=int(t.data["refused"]) + 1)
    return ask(
        t, "answer", Key.DRAW_MADNESS, "choice", [DRAW_MADNESS], min=0, player=others[i], skip_key=Pr.NO
    )


@MI_GO.step("answer")
def _mi_go_answer(g: G, t: Task) -> Then:
    i = int(t.data["i"])
    q = int(t.data["others"][i])
    refused = int(t.data["refused"])
    if t.pick() == DRAW_MADNESS and g.s.madness:
        g.draw_madness(q, 1)
    else:
        refused += 1
    return go(t, "each", i=i + 1, refused=refused)


@MI_GO.step("draw")
def _mi_go_draw(g: G, t: Task) -> Then:
    if int(t.data["k"]) >= int(t.data["refused"]):
        return None
    return ask(t, "drawn", Key.MAY_DRAW, "choice", [DRAW1], min=0, skip_key=Pr.NO)


@MI_GO.step("drawn")
def _mi_go_drawn(g: G, t: Task) -> Then:
    if t.pick() != DRAW1:
        return None  # [decision] declining one of these draws declines the rest
    g.draw(t.player, 1)
    return go(t, "draw", k=int(t.data["k"]) + 1)


BYAKHEE = ability("byakhee")


@BYAKHEE.on_play
def _byakhee(g: G, t: Task) -> None:
    """Every other player with a minion on this base draws a Madness card."""
    base = int(t.data["base"])
    for q in g.others(t.player):
        if g.minions(base, q):
            g.draw_madness(q, 1)


# --- actions -------------------------------------------------------------------------

SUMMONING = ability("begin-the-summoning")


def _minions_in_discard(g: G, p: int) -> list[int]:
    return [c for c in g.discard(p) if g.cdef(c).minion]


@SUMMONING.on_play
def _summoning(g: G, t: Task) -> Then:
    """A minion from your discard pile goes on top of your deck; an extra action."""
    g.credit(t.player, t.card, action=True)
    return ask(t, "top", Key.SUMMON, "card", _minions_in_discard(g, t.player))


@SUMMONING.step("top")
def _summoning_top(g: G, t: Task) -> None:
    c = t.pick()
    if c is not None and c in _minions_in_discard(g, t.player):
        g.put_top(int(c))
        g.emit(CultKey.TO_TOP, owner=t.player, card=g.cid(int(c)))


DUNWICH = ability("dunwich-horror")
DUNWICH.power = lambda g, src, m: 5 if g.host(src) == m else 0
DUNWICH.power_reach = "minion"


@DUNWICH.trigger("end_turn", when=lambda g, src, d: g.host(src) is not None)
def _dunwich(g: G, t: Task) -> Then:
    """At the end of the turn its minion is destroyed (by this card's player)."""
    m = g.host(t.src)
    if m is not None:
        return destroy(m, t.player, t.card)
    return None


INSANITY = ability("insanity")


@INSANITY.on_play
def _insanity(g: G, t: Task) -> None:
    """Every other player draws two Madness cards."""
    for q in g.others(t.player):
        g.draw_madness(q, 2)


POWER = ability("power-of-madness")


@POWER.on_play
def _power_of_madness(g: G, t: Task) -> None:
    """Every other player reveals their hand, discards every Madness card in
    it, and shuffles their discard pile into their deck."""
    for q in g.others(t.player):
        mad = reveal_hand(g, q)
        g.discard_from_hand(q, mad)
        n = len(g.discard(q))
        g.shuffle_discard_into_deck(q)
        if n:
            g.emit(Key.DISCARD_SHUFFLED, player=q, count=n)


SPREADING = ability("spreading-horror")


@SPREADING.on_play
def _spreading(g: G, t: Task) -> None:
    """Each other player discards random cards until one is not a Madness card
    (or their hand is empty); the discards are public."""
    for q in g.others(t.player):
        while True:
            c = g.random_discard(q)
            if c is None or g.cid(c) != MADNESS:
                break


PRICE = ability("the-price-of-power")


@PRICE.special("before", "hand", ok=lambda g, uid, base: bool(g.minions(base, g.owner(uid))))
def _price(g: G, t: Task) -> Then:
    """Every other player with a minion on the scoring base reveals their
    hand; one of your minions there has +2 power per Madness card revealed,
    until the end of the turn."""
    base = int(t.data["base"])
    n = 0
    for q in g.others(t.player):
        if g.minions(base, q):
            n += len(reveal_hand(g, q))
    if not n:
        return None
    t.data["amount"] = 2 * n
    mine = g.minion_choices(t.player, "power", g.minions(base, t.player))
    return pick_minion(t, "boost", Pr.POWER, mine, amount=2 * n)


@PRICE.step("boost")
def _price_boost(g: G, t: Task) -> None:
    m = picked_minion(g, t)
    if m is not None and g.base_of(m) == t.data["base"]:
        g.add_power(m, int(t.data["amount"]), t.player, t.card)


TOUCH = ability("touch-of-madness")


@TOUCH.on_play
def _touch(g: G, t: Task) -> None:
    """Every other player draws a Madness card; you draw a card and may play an extra action."""
    for q in g.others(t.player):
        g.draw_madness(q, 1)
    g.draw(t.player, 1)
    g.credit(t.player, t.card, action=True)


GOALS = ability("unfathomable-goals")


@GOALS.on_play
def _goals(g: G, t: Task) -> Then:
    """Every other player reveals their hand; each who shows a Madness card
    destroys one of their own minions (they pick it)."""
    mad = [q for q in g.others(t.player) if reveal_hand(g, q)]
    return go(t, "each", mad=mad, i=0)


@GOALS.step("each")
def _goals_each(g: G, t: Task) -> Then:
    mad: list[int] = t.data["mad"]
    i = int(t.data["i"])
    if i >= len(mad):
        return None
    q = mad[i]
    cands = destroy_targets(g, t.player, g.minions(controller=q))
    return ask(t, "kill", Key.UNFATHOMABLE, "minion", cands, player=q)


@GOALS.step("kill")
def _goals_kill(g: G, t: Task) -> Then:
    i = int(t.data["i"])
    q = int(t.data["mad"][i])
    m = picked_minion(g, t)
    if m is not None and g.controller(m) == q:
        return [destroy(m, t.player, t.card), go(t, "each", i=i + 1)]
    return go(t, "each", i=i + 1)
