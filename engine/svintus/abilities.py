"""Dark abilities (docs/rules/svintus.md §7): using one instead of a turn, step by step.

An ability starts with ``UseAbility``; each of its steps (``animals.Dark.steps``)
is one prompt to its owner (an opponent, cards, a colour, a card to play) in
the state's prompt queue, answered by one ``Answer`` (resumed at ``answer``).
When the last choice is made the ability resolves, the animal turns back to
its light side, and play passes on — or, if the owner's hand is now empty,
the owner wins the round (never before the ability has fully resolved).
"""

from __future__ import annotations

from typing import Any, Final

from engine.core import Answer, ask, event, rng_below, rng_shuffle
from engine.svintus import rules
from engine.svintus.animals import CARDS, COLOR, DARK, GIVE, LEAD, PLAY, TAKE, TARGET, Animal
from engine.svintus.cards import COLOR as CARD_COLOR
from engine.svintus.cards import COLORS, KIND, VALUE, Color, Kind, matches
from engine.svintus.keys import Err, Ev, Pr
from engine.svintus.models import ABILITY_STEP, AbilityRun, SvintusState

Out = rules.Out
MINOTAUR_TAKES: Final = 2


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


# --- the owner's choices: one prompt per step -----------------------------------------


def need(s: SvintusState, run: AbilityRun) -> tuple[int, int]:
    """How many cards the CARDS step wants: at least, at most (capped by what there is)."""
    spec = DARK[run.animal]
    n = len(card_options(s, run))
    return min(spec.min_cards, n), min(spec.max_cards, n)


def card_options(s: SvintusState, run: AbilityRun) -> list[int]:
    """The cards the current step may choose from."""
    step = step_of(run)
    own = s.hands[run.player]
    if step == LEAD:
        return [c for c in own if _ninja_first(s, run.player, c)]
    if step == CARDS:
        if run.animal is Animal.TURTLE:
            lead = run.picked[0]
            return [c for c in own if c != lead and KIND[c] is Kind.NUMBER and VALUE[c] == VALUE[lead]]
        return list(own)
    if step == GIVE:
        return list(own)
    if step == TAKE:
        return list(s.hands.get(run.target, ())) if run.target is not None else []
    if step == PLAY:
        return [c for c in own if rules.fits(s, run.player, c)]
    return []


_KIND: Final = {
    TARGET: "player",
    COLOR: "color",
    PLAY: "card",
    LEAD: "card",
    CARDS: "card",
    GIVE: "card",
    TAKE: "card",
}


def ask_step(s: SvintusState, prompt_id: int | None = None) -> None:
    """Ask the owner the choice the ability's current step needs (under the id
    ``prompt_id`` when a stored game's prompt is asked again)."""
    run = s.ability
    assert run is not None
    step = step_of(run)
    assert step is not None
    options: list[Any]
    least = most = 1
    skip: Pr | None = None
    if step == TARGET:
        options = opponents(s, run.player)
    elif step == COLOR:
        options = [c.value for c in COLORS]
    else:
        options = sorted(card_options(s, run))
        if step == CARDS:
            least, most = need(s, run)
        elif step == PLAY:
            least, skip = 0, Pr.TAKE_ONE
    args: dict[str, Any] = {"least": least, "most": most}
    if run.target is not None:
        args["target"] = run.target
    seq = s.prompt_seq
    if prompt_id is not None:
        s.prompt_seq = prompt_id - 1
    ask(
        s,
        run.player,
        _QUESTION.get((run.animal, step), _QUESTION[step]),
        _KIND[step],
        options,
        then=ABILITY_STEP,
        args=args,
        min=least,
        max=most,
        ordered=run.animal is Animal.TURTLE,
        cancel=not run.committed,
        skip_key=skip,
    )
    s.prompt_seq = max(seq, s.prompt_seq)


_QUESTION: Final[dict[Any, Pr]] = {
    TARGET: Pr.TARGET,
    COLOR: Pr.COLOR,
    PLAY: Pr.PLAY,
    LEAD: Pr.LEAD,
    CARDS: Pr.CARDS,
    GIVE: Pr.GIVE,
    TAKE: Pr.TAKE,
    (Animal.TURTLE, CARDS): Pr.NINJA_MORE,
    (Animal.POLITE_PIG, CARDS): Pr.BOOR_HOG,
    (Animal.MOUSE, CARDS): Pr.BAT,
    (Animal.SQUIRREL, CARDS): Pr.GIVE_TWO,
    (Animal.FOX, CARDS): Pr.GIVE_TWO,
}


# --- actions ------------------------------------------------------------------------


def use(s: SvintusState, p: int, now: int, out: Out) -> None:
    s.ability = AbilityRun(player=p, animal=s.animals[p])
    if step_of(s.ability) is None:
        resolve(s, now, out)
    else:
        ask_step(s)


def answer(s: SvintusState, ans: Answer, now: int, out: Out) -> None:
    """The owner answers the open step's prompt (checked, and off the queue)."""
    run = s.ability
    assert run is not None
    if ans.cancel:
        cancel(s, out)
        return
    picks = ans.picks
    step = step_of(run)
    if step == TARGET:
        choose_target(s, int(picks[0]), now, out)
    elif step == COLOR:
        choose_color(s, Color(str(picks[0])), now, out)
    elif step == PLAY:
        if picks:
            play_after_shapeshift(s, int(picks[0]), now, out)
        else:
            take_after_shapeshift(s, now, out)
    else:  # LEAD, CARDS, GIVE, TAKE: cards, in the order chosen
        run.picked = [*run.picked, *(int(c) for c in picks)]
        advance(s, now, out)


def choose_target(s: SvintusState, target: int, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    run.target = target
    if run.animal is Animal.OWL:  # the Eagle-Owl sees the hand: no way back
        run.committed = True
        out.append(event(Ev.EAGLE_OWL_LOOKS, player=run.player, target=target))
    elif run.animal is Animal.FOX:  # the Silver Fox snatches a card at random
        theirs = list(s.hands[target])
        s.rng, i = rng_below(s.rng, len(theirs))
        card = theirs.pop(i)
        s.hands = {**s.hands, target: theirs, run.player: [*s.hands[run.player], card]}
        run.committed = True
        out.append(event(Ev.SILVER_FOX_TAKES, player=run.player, target=target))
        out.append(event(Ev.YOU_TOOK, to=run.player, card=card, target=target))
        out.append(event(Ev.TAKEN_FROM_YOU, to=target, card=card, player=run.player))
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
    _minotaur(s, run.player, color, out)
    finish(s, now, out)


def cancel(s: SvintusState, out: Out) -> None:
    run = s.ability
    assert run is not None
    s.ability = None
    rules.drop_prompts(s, ABILITY_STEP)
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
    finished with choices made at random (True): a random card for each card
    the step wants, and "take 1" for the Shapeshifter's play."""
    run = s.ability
    assert run is not None
    if not run.committed:
        cancel(s, out)
        return False
    for _ in range(8):
        if s.ability is not run:
            return True
        pending = next(x for x in s.prompts if x.then == ABILITY_STEP)  # a committed ability waits
        s.prompts.remove(pending)  # only for cards or a play
        prompt = pending.prompt
        pool = list(prompt.options)
        picks: list[Any] = []
        while pool and len(picks) < prompt.max and step_of(run) != PLAY:
            s.rng, i = rng_below(s.rng, len(pool))
            picks.append(pool.pop(i))
        answer(s, Answer(player=run.player, prompt=prompt.id, picks=picks), now, out)
    return True


# --- resolving ----------------------------------------------------------------------


def advance(s: SvintusState, now: int, out: Out) -> None:
    """On to the ability's next step (a new prompt), or resolve it after the last."""
    run = s.ability
    assert run is not None
    run.step += 1
    if step_of(run) is None:
        resolve(s, now, out)
    else:
        ask_step(s)


def resolve(s: SvintusState, now: int, out: Out) -> None:
    run = s.ability
    assert run is not None
    p = run.player
    if run.animal is Animal.CAT:  # Tomcat: a slap race without it
        _to_light(s, run, out)
        rules.start_race(s, p, now, out)
        assert s.race is not None
        if p not in s.race.exempt:
            s.race.exempt.append(p)
        out.append(event(Ev.TOMCAT, player=p, until=s.race.deadline_ms))
        return
    if not _move_cards(s, run, out):
        _move_table(s, run, out)
    finish(s, now, out)


def _move_cards(s: SvintusState, run: AbilityRun, out: Out) -> bool:
    """The abilities that move cards between hands, the deck and the pile
    (False: ``run``'s is none of them)."""
    p, target, picked = run.player, run.target, run.picked
    hand = list(s.hands[p])  # this copy and the target's become the hands where cards move
    a = run.animal
    if a is Animal.SQUIRREL or a is Animal.FOX:  # Flying Squirrel, Silver Fox: give cards
        assert target is not None
        for c in picked:
            hand.remove(c)
        s.hands = {**s.hands, p: hand, target: [*s.hands[target], *picked]}
        key = Ev.FLYING_SQUIRREL if a is Animal.SQUIRREL else Ev.SILVER_FOX_GIVES
        out.append(event(key, player=p, target=target, count=len(picked)))
        out.append(event(Ev.GIVEN_TO_YOU, to=target, player=p, cards=list(picked)))
    elif a is Animal.POLITE_PIG:  # Boor Hog: under the deck
        for c in picked:
            hand.remove(c)
        s.hands[p] = hand
        s.deck = [*reversed(picked), *s.deck]  # each under the deck in turn: the last at the bottom
        out.append(event(Ev.BOOR_HOG, player=p, count=len(picked)))
    elif a is Animal.TURTLE:  # Ninja Turtle: numbers of one value, the last on top
        for c in picked:
            hand.remove(c)
        s.hands[p] = hand
        s.pile = [*s.pile, *picked]
        s.top_live = True
        s.color = CARD_COLOR[picked[-1]]
        out.append(event(Ev.NINJA, player=p, count=len(picked), card=picked[-1]))
    elif a is Animal.OWL:  # Eagle-Owl: one for one
        assert target is not None
        mine, theirs = picked
        other = list(s.hands[target])
        hand.remove(mine)
        other.remove(theirs)
        hand.append(theirs)
        other.append(mine)
        s.hands = {**s.hands, p: hand, target: other}
        out.append(event(Ev.EAGLE_OWL_SWAPS, player=p, target=target))
        out.append(event(Ev.SWAPPED_WITH_YOU, to=target, player=p, card=theirs, given=mine))
    elif a is Animal.BEAR:  # Roaming Bear
        assert target is not None
        both = [*hand, *s.hands[target]]
        s.rng = rng_shuffle(s.rng, both)
        theirs_n = (len(both) + 1) // 2  # halves round up
        s.hands = {**s.hands, target: both[:theirs_n], p: both[theirs_n:]}
        out.append(event(Ev.ROAMING_BEAR, player=p, target=target, count=theirs_n, mine=len(s.hands[p])))
    elif a is Animal.MOUSE:  # Bat: on the pile, no effect
        (card,) = picked
        hand.remove(card)
        s.hands[p] = hand
        s.pile = [*s.pile, card]
        s.top_live = True
        if KIND[card] is not Kind.POLYPIG:  # a Polypig keeps the colour in force
            s.color = CARD_COLOR[card]
        out.append(event(Ev.BAT, player=p, card=card))
    else:
        return False
    return True


def _move_table(s: SvintusState, run: AbilityRun, out: Out) -> None:
    """The other abilities: cards taken from the deck, turns skipped, the direction."""
    p, target = run.player, run.target
    a = run.animal
    if a is Animal.HEDGEHOG:  # Porcupine
        out.append(event(Ev.PORCUPINE, player=p))
        for q in opponents(s, p):
            _took(s, q, 1, out)
    elif a is Animal.HARE:  # Mad Hare
        s.direction = -s.direction
        victim = rules.next_player(s, p)
        s.skips = [*s.skips, victim]
        out.append(event(Ev.MAD_HARE, player=p, target=victim, clockwise=s.direction == 1))
    elif a is Animal.ROOSTER:  # Alarm Rooster
        out.append(event(Ev.ALARM_ROOSTER, player=p))
        mine = len(s.hands[p])
        for q in opponents(s, p):
            if len(s.hands[q]) < mine:
                _took(s, q, 1, out)
    elif a is Animal.DONKEY:  # Stubborn Mule
        assert target is not None
        s.skips = [*s.skips, target]
        out.append(event(Ev.MULE, player=p, target=target))
    elif a is Animal.ELEPHANT:  # Mammoth
        out.append(event(Ev.MAMMOTH, player=p))
        victims = [q for q in dict.fromkeys([rules.next_player(s, p), rules.next_player(s, p, 2)]) if q != p]
        s.skips = [*s.skips, *victims]


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
        s.dark = rules.without(s.dark, run.player)
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
