"""Dark abilities (sheet §7): using one instead of a turn, step by step.

An ability starts with ``UseAbility``; each of its steps (``animals.Dark.steps``)
waits for one kind of choice (an opponent, cards, a colour, a card to play).
When the last choice is made the ability resolves, the animal turns back to
its light side, and play passes on — or, if the owner's hand is now empty, the
owner wins the round (never before the ability has fully resolved).
"""

from __future__ import annotations

from typing import Any

from engine.core import event, rng_below, rng_shuffle
from engine.svintus import rules
from engine.svintus.animals import CARDS, COLOR, DARK, PLAY, SWAP, TARGET, Animal
from engine.svintus.cards import COLOR as CARD_COLOR
from engine.svintus.cards import KIND, VALUE, Color, Kind, matches
from engine.svintus.keys import Err, Ev
from engine.svintus.models import AbilityRun, SvintusState

Out = rules.Out
MINOTAUR_TAKES = 2


def step_of(run: AbilityRun) -> str | None:
    steps = DARK[run.animal].steps
    return steps[run.step] if run.step < len(steps) else None


def opponents(s: SvintusState, p: int) -> list[int]:
    """Everyone else, in turn order from ``p``."""
    out = []
    q = p
    for _ in range(len(s.seats) - 1):
        q = rules.next_player(s, q)
        out.append(q)
    return out


# --- may it be used now? ------------------------------------------------------


def unavailable(s: SvintusState, p: int) -> Err | None:
    """Why ``p`` may not start their dark ability now (None: they may)."""
    animal = s.animals.get(p)
    if animal is None:
        return Err.NO_ANIMAL
    if p not in s.dark:
        return Err.NOT_DARK
    if s.race is not None:
        return Err.RACE_ON
    if s.ability is not None:
        return Err.ABILITY_ON
    if p != s.current:
        return Err.NOT_YOUR_TURN
    if s.attack is not None:  # not on a turn that must be lost
        return Err.MUST_ANSWER_ATTACK
    if s.awaiting_color:
        return Err.CHOOSE_COLOR_FIRST
    if s.drawn:
        return Err.ALREADY_DREW
    if animal is Animal.TURTLE and not any(_ninja_first(s, p, c) for c in s.hands[p]):
        return Err.ABILITY_CANNOT
    return None


def _ninja_first(s: SvintusState, p: int, card: int) -> bool:
    """May the Ninja Turtle lead with ``card``: a number that fits, with a twin value?"""
    if KIND[card] is not Kind.NUMBER or not matches(card, s.pile[-1], s.color):
        return False
    return any(c != card and KIND[c] is Kind.NUMBER and VALUE[c] == VALUE[card] for c in s.hands[p])


# --- choices ---------------------------------------------------------------------


def need(s: SvintusState, run: AbilityRun) -> tuple[int, int]:
    """How many cards the current CARDS/SWAP step wants: at least, at most."""
    spec = DARK[run.animal]
    if step_of(run) == SWAP:
        return 2, 2
    n = len(s.hands[run.player])
    return min(spec.min_cards, n), min(spec.max_cards, n)


def pick_ok(s: SvintusState, run: AbilityRun, card: int) -> bool:
    """May ``card`` be added to the selection now?"""
    if card in run.picked:
        return False
    step = step_of(run)
    own = s.hands[run.player]
    if step == SWAP:
        if not run.picked:
            return card in own
        return len(run.picked) == 1 and run.target is not None and card in s.hands.get(run.target, ())
    if step != CARDS or card not in own:
        return False
    if len(run.picked) >= need(s, run)[1]:
        return False
    if run.animal is Animal.TURTLE:
        if not run.picked:
            return _ninja_first(s, run.player, card)
        return KIND[card] is Kind.NUMBER and VALUE[card] == VALUE[run.picked[0]]
    return True


def candidates(s: SvintusState, run: AbilityRun) -> list[int]:
    pool = list(s.hands[run.player])
    if step_of(run) == SWAP and run.picked and run.target is not None:
        pool = list(s.hands.get(run.target, ()))
    return [c for c in pool if pick_ok(s, run, c)]


def can_confirm(s: SvintusState, run: AbilityRun) -> bool:
    if step_of(run) != CARDS:
        return False
    least, most = need(s, run)
    return least <= len(run.picked) < most


# --- actions ------------------------------------------------------------------------


def use(s: SvintusState, p: int, now: int, out: Out) -> None:
    s.ability = AbilityRun(player=p, animal=s.animals[p])
    if step_of(s.ability) is None:
        resolve(s, now, out)


def choose_target(s: SvintusState, target: int, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    run.target = target
    if run.animal is Animal.OWL:  # the Eagle-Owl sees the hand: no way back
        run.committed = True
        out.append(event(Ev.EAGLE_OWL_LOOKS, player=run.player, target=target))
    elif run.animal is Animal.FOX:  # the Silver Fox snatches a card at random
        theirs = s.hands[target]
        s.rng, i = rng_below(s.rng, len(theirs))
        s.hands[run.player].append(theirs.pop(i))
        run.committed = True
        out.append(event(Ev.SILVER_FOX_TAKES, player=run.player, target=target))
    advance(s, now, out)


def pick(s: SvintusState, card: int, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    if card in run.picked:
        run.picked.remove(card)
        return
    run.picked.append(card)
    least, most = need(s, run)
    if len(run.picked) >= most or (len(run.picked) >= least and not candidates(s, run)):
        advance(s, now, out)


def confirm(s: SvintusState, now: int, out: Out) -> None:
    advance(s, now, out)


def choose_color(s: SvintusState, color: Color, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    if run.animal is Animal.CHAMELEON:  # the Shapeshifter recolours the pile
        s.color = color
        run.committed = True
        out.append(event(Ev.SHAPESHIFTER, player=run.player, color=color.value))
        advance(s, now, out)
        return
    run.target = None
    _minotaur(s, run.player, color, out)
    finish(s, now, out)


def cancel(s: SvintusState, out: Out) -> None:
    run = s.ability
    assert run is not None
    s.ability = None
    out.append(event(Ev.ABILITY_CANCELLED, player=run.player))


def play_after_shapeshift(s: SvintusState, card: int, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    _to_light(s, run, out)
    rules.play(s, run.player, card, rules.TURN, now, out)


def take_after_shapeshift(s: SvintusState, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    _to_light(s, run, out)
    n = rules.take(s, run.player, 1, out)
    out.append(event(Ev.DREW, player=run.player, count=n))
    rules.pass_on(s, run.player, now, out)


def expire(s: SvintusState, now: int, out: Out) -> bool:
    """The turn ran out mid-ability.  Before anything was revealed or moved the
    ability is dropped (False: the ordinary timeout follows); after, it is
    finished with choices made at random (True)."""
    run = s.ability
    assert run is not None
    if not run.committed:
        cancel(s, out)
        return False
    for _ in range(8):
        if s.ability is not run:
            return True
        step = step_of(run)
        if step == PLAY:
            take_after_shapeshift(s, now, out)
        elif step in (CARDS, SWAP):
            pool = candidates(s, run)
            if pool:
                s.rng, i = rng_below(s.rng, len(pool))
                pick(s, pool[i], now, out)
            else:
                advance(s, now, out)
        else:  # pragma: no cover - a committed ability waits only for cards or a play
            finish(s, now, out)
    return True


# --- resolving ----------------------------------------------------------------------


def advance(s: SvintusState, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    run.step += 1
    if step_of(run) is None:
        resolve(s, now, out)
    elif step_of(run) != SWAP:
        run.picked = []


def resolve(s: SvintusState, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    p, target, picked = run.player, run.target, run.picked
    hand = s.hands[p]
    a = run.animal
    if a is Animal.HEDGEHOG:  # Porcupine
        out.append(event(Ev.PORCUPINE, player=p))
        for q in opponents(s, p):
            _took(s, q, 1, out)
    elif a is Animal.SQUIRREL or a is Animal.FOX:  # Flying Squirrel, Silver Fox: give cards
        assert target is not None
        for c in picked:
            hand.remove(c)
            s.hands[target].append(c)
        key = Ev.FLYING_SQUIRREL if a is Animal.SQUIRREL else Ev.SILVER_FOX_GIVES
        out.append(event(key, player=p, target=target, count=len(picked)))
    elif a is Animal.POLITE_PIG:  # Boor Hog: under the deck
        for c in picked:
            hand.remove(c)
            s.deck.insert(0, c)
        out.append(event(Ev.BOOR_HOG, player=p, count=len(picked)))
    elif a is Animal.TURTLE:  # Ninja Turtle: numbers of one value, the last on top
        for c in picked:
            hand.remove(c)
            s.pile.append(c)
        s.top_live = True
        s.color = CARD_COLOR[picked[-1]]
        out.append(event(Ev.NINJA, player=p, count=len(picked), card=picked[-1]))
    elif a is Animal.OWL:  # Eagle-Owl: one for one
        assert target is not None
        mine, theirs = picked
        hand.remove(mine)
        s.hands[target].remove(theirs)
        hand.append(theirs)
        s.hands[target].append(mine)
        out.append(event(Ev.EAGLE_OWL_SWAPS, player=p, target=target))
    elif a is Animal.CAT:  # Tomcat: a slap race without it
        _to_light(s, run, out)
        rules.start_race(s, p, now, out)
        assert s.race is not None
        if p not in s.race.exempt:
            s.race.exempt.append(p)
        out.append(event(Ev.TOMCAT, player=p, until=s.race.deadline_ms))
        return
    elif a is Animal.HARE:  # Mad Hare
        s.direction = -s.direction
        victim = rules.next_player(s, p)
        s.skips.append(victim)
        out.append(event(Ev.MAD_HARE, player=p, target=victim, clockwise=s.direction == 1))
    elif a is Animal.ROOSTER:  # Alarm Rooster
        out.append(event(Ev.ALARM_ROOSTER, player=p))
        mine = len(hand)
        for q in opponents(s, p):
            if len(s.hands[q]) < mine:
                _took(s, q, 1, out)
    elif a is Animal.BEAR:  # Roaming Bear
        assert target is not None
        both = hand + s.hands[target]
        s.rng = rng_shuffle(s.rng, both)
        theirs_n = (len(both) + 1) // 2  # halves round up
        s.hands[target] = both[:theirs_n]
        s.hands[p] = both[theirs_n:]
        out.append(event(Ev.ROAMING_BEAR, player=p, target=target, count=theirs_n, mine=len(s.hands[p])))
    elif a is Animal.DONKEY:  # Stubborn Mule
        assert target is not None
        s.skips.append(target)
        out.append(event(Ev.MULE, player=p, target=target))
    elif a is Animal.MOUSE:  # Bat: on the pile, no effect
        (card,) = picked
        hand.remove(card)
        s.pile.append(card)
        s.top_live = True
        if KIND[card] is not Kind.POLYPIG:  # a Polypig keeps the colour in force
            s.color = CARD_COLOR[card]
        out.append(event(Ev.BAT, player=p, card=card))
    elif a is Animal.ELEPHANT:  # Mammoth
        out.append(event(Ev.MAMMOTH, player=p))
        victims = [q for q in dict.fromkeys([rules.next_player(s, p), rules.next_player(s, p, 2)]) if q != p]
        s.skips.extend(victims)
    finish(s, now, out)


def _minotaur(s: SvintusState, p: int, color: Color, out: Out) -> None:
    out.append(event(Ev.MINOTAUR, player=p, color=color.value))
    for q in opponents(s, p):
        if not any(CARD_COLOR[c] == color for c in s.hands[q]):
            _took(s, q, MINOTAUR_TAKES, out)


def _took(s: SvintusState, q: int, n: int, out: Out) -> None:
    got = rules.take(s, q, n, out)
    out.append(event(Ev.TOOK, player=q, count=got))


def _to_light(s: SvintusState, run: AbilityRun, out: Out) -> None:
    s.ability = None
    if run.player in s.dark:
        s.dark.remove(run.player)
    out.append(event(Ev.FLIPPED_LIGHT, player=run.player, animal=run.animal.value))


def finish(s: SvintusState, now: int, out: Out) -> None:
    """The ability has fully resolved: back to light, then a win or the next turn."""
    run = s.ability
    assert run is not None
    _to_light(s, run, out)
    p = run.player
    if not s.hands[p]:
        rules.end_round(s, p, now, out)
    else:
        rules.pass_on(s, p, now, out)


# --- what the owner may do next (for ``legal``) -----------------------------------


def legal_steps(s: SvintusState, p: int) -> list[tuple[str, Any]]:
    """The ability moves open to ``p`` now: (kind, argument) pairs."""
    run = s.ability
    if run is None or run.player != p:
        return []
    step = step_of(run)
    moves: list[tuple[str, Any]] = []
    if step == TARGET:
        moves += [("target", q) for q in opponents(s, p)]
    elif step in (CARDS, SWAP):
        moves += [("pick", c) for c in run.picked]
        moves += [("pick", c) for c in candidates(s, run)]
        if can_confirm(s, run):
            moves.append(("confirm", None))
    elif step == COLOR:
        moves += [("color", c) for c in Color]
    if not run.committed:
        moves.append(("cancel", None))
    return moves
