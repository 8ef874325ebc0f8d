"""Every ability of docs/rules/candy_empire.md (§1), each a sequence of prompts on
the core's queue where it needs choices.

A card's ability fires when it is played into its owner's empire (or, for the
Candy Thief and the Lawyer, when played openly to the discard).  A choice is a
prompt (``ask``) whose answer resumes the ability's step (``models.Step``,
carried out by ``STEPS``) with the prompt's ``data``: the ability's owner, its
card and whether a Lawyer brought it.  A "may" ability's prompt has
``min=0``: answering with nothing declines it.  A "must" prompt with a single
option is answered by the referee at once.

Protected cards are never an option: no ability touches them (sheet §3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.candy import rules
from engine.candy.cards import CHARACTER_OF, CHARACTERS, Character
from engine.candy.keys import Choice, Ev, Pr
from engine.candy.models import CandyState, Reaction, Step
from engine.candy.rules import Out, draw, move_card, others, owner_of, to_discard, unprotected, unprotected_of
from engine.core import ArgValue, Pending, Prompt, PromptValue, event, rng_below
from engine.core import ask as core_ask

C = Character
DETECTIVE_TAKES = (C.CANDY_THIEF, C.CANDY_BUYER, C.BOSS)
POLICEMAN_TAKES = (C.PICKPOCKET, C.SNATCHER)
BOSS_TAKES = 3
BOSS_RETURNS = 2
SLY_COP_TAKES = 2
# each step's prompt: what its options are (the bot labels them by kind) and its question
KIND: dict[str, str] = {
    Step.BOSS_USE: "choice",
    Step.BOSS_RETURN: "card",
    Step.LAWYER: "card",
    Step.THIEF: "card",
    Step.HITMAN: "card",
    Step.POLICEMAN: "card",
    Step.DETECTIVE: "card",
    Step.KIDNAPPER: "character",
    Step.JUDGE: "player",
    Step.SLY_COP: "player",
}
KEY: dict[str, str] = {
    Step.BOSS_USE: Pr.BOSS_USE.value,
    Step.BOSS_RETURN: Pr.BOSS_RETURN.value,
    Step.LAWYER: Pr.LAWYER.value,
    Step.THIEF: Pr.THIEF.value,
    Step.HITMAN: Pr.HITMAN.value,
    Step.POLICEMAN: Pr.POLICEMAN.value,
    Step.DETECTIVE: Pr.DETECTIVE.value,
    Step.KIDNAPPER: Pr.KIDNAPPER.value,
    Step.JUDGE: Pr.JUDGE.value,
    Step.SLY_COP: Pr.SLY_COP.value,
}
SKIP = Pr.SKIP.value
TAKE = Choice.TAKE.value
NO_EFFECT = Ev.NO_EFFECT.value
DECLINED = Ev.DECLINED.value


def ask(
    s: CandyState,
    kind: str,
    player: int,
    owner: int,
    card: int,
    options: Sequence[PromptValue],
    now: int,
    *,
    may: bool,
    n: int = 1,
    ordered: bool = False,
    via_lawyer: bool = False,
    args: dict[str, ArgValue] | None = None,
) -> None:
    """Ask ``player`` the ``kind`` step of ``owner``'s ``card``; the turn timer counts from now."""
    core_ask(
        s,
        player,
        KEY[kind],
        KIND[kind],
        options,
        then=kind,
        data={"owner": owner, "card": card, "via_lawyer": via_lawyer},
        min=0 if may else n,
        max=n,
        ordered=ordered,
        skip_key=SKIP if may else None,
        args=args,
    )
    s.timer_ms = now


def characters_in_game(s: CandyState) -> list[Character]:
    present = {CHARACTER_OF[c] for c in s.cards}
    return [spec.character for spec in CHARACTERS if spec.character in present]


def no_effect(p: int, card: int, out: Out) -> None:
    out.append(event(NO_EFFECT, player=p, card=card))


# --- playing a card ---------------------------------------------------------------


def into_empire(s: CandyState, p: int, card: int, now: int, out: Out, via_lawyer: bool = False) -> None:
    """The ability of ``card``, just put into ``p``'s empire (from hand, or by a Lawyer)."""
    ch = CHARACTER_OF[card]
    if via_lawyer and ch is C.CANDY_THIEF:
        # [decision] a Thief the Lawyer takes may do its work, going back to the
        # discard as in the rulebook's example; declined, it stays in the empire
        thief(s, p, card, now, out, via_lawyer=True)
        return
    fire = FIRES.get(ch)
    if fire is not None:
        fire(s, p, card, now, out)


def boss(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    if not s.deck:
        no_effect(p, card, out)
    else:
        ask(s, Step.BOSS_USE, p, p, card, [TAKE], now, may=True)


def hitman(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    # [decision] not the Hitman just played (discarding itself would only shed its −2)
    options = [
        c for q in s.seats for c in unprotected(s, q) if CHARACTER_OF[c] is not C.KIDNAPPER and c != card
    ]
    if options:
        ask(s, Step.HITMAN, p, p, card, options, now, may=True)
    else:
        no_effect(p, card, out)


def policeman(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    options = [c for q in others(s, p) for c in unprotected_of(s, q, *POLICEMAN_TAKES)]
    if options:
        ask(s, Step.POLICEMAN, p, p, card, options, now, may=True)
    else:
        no_effect(p, card, out)


def to_the_discard(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    """A Candy Thief or a Lawyer played openly to the discard pile."""
    if CHARACTER_OF[card] is C.CANDY_THIEF:
        thief(s, p, card, now, out)
    else:
        lawyer(s, p, card, now, out)


def thief(s: CandyState, p: int, card: int, now: int, out: Out, via_lawyer: bool = False) -> None:
    options = [c for q in others(s, p) for c in unprotected(s, q)]
    if options:
        ask(s, Step.THIEF, p, p, card, options, now, may=True, via_lawyer=via_lawyer)
    else:
        no_effect(p, card, out)


def lawyer_options(s: CandyState, card: int) -> list[int]:
    """The discard's cards a Lawyer may take: not itself, not a banned character."""
    banned = s.banned
    return [c for c in s.discard if c != card and CHARACTER_OF[c] not in banned]


def lawyer(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    options = lawyer_options(s, card)
    out.append(event(Ev.LAWYER_LOOKS, player=p))
    if options:
        ask(s, Step.LAWYER, p, p, card, options, now, may=True)
    else:
        no_effect(p, card, out)


def detective(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    """Every other player gives up one unprotected Candy Thief, Candy Buyer or Boss
    of their choice; all of them choose at once."""
    victims: list[tuple[int, list[int]]] = []
    for q in others(s, p):
        choice: list[int] = []
        seen: set[Character] = set()
        for c in unprotected_of(s, q, *DETECTIVE_TAKES):
            if CHARACTER_OF[c] not in seen:  # copies are alike: one option per character
                seen.add(CHARACTER_OF[c])
                choice.append(c)
        if choice:
            victims.append((q, choice))
    if not victims:
        no_effect(p, card, out)
        return
    out.append(event(Ev.DETECTIVE, player=p))
    for q, choice in victims:
        if len(choice) == 1:
            give_up(s, q, choice[0], out)
        elif q in s.left:  # [decision] the referee chooses for a player who left
            s.rng, i = rng_below(s.rng, len(choice))
            give_up(s, q, choice[i], out)
        else:
            ask(s, Step.DETECTIVE, q, p, card, choice, now, may=False, args={"player": p})


def give_up(s: CandyState, q: int, card: int, out: Out) -> None:
    to_discard(s, q, card)
    out.append(event(Ev.DETECTIVE_GAVE, player=q, card=card))


def kidnapper(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    # [decision] the sheet: no effect while any seated player's hand is empty — the
    # Kidnapper's own owner included, once it was their last card
    empty = [q for q in rules.active(s) if not s.hands[q]]
    if empty:
        out.append(event(Ev.KIDNAPPER_IDLE, player=p, target=empty[0]))
        return
    options = [ch.value for ch in characters_in_game(s) if ch is not C.KIDNAPPER and ch not in s.banned]
    if options:
        ask(s, Step.KIDNAPPER, p, p, card, options, now, may=False)
    else:
        no_effect(p, card, out)


def kidnap(s: CandyState, p: int, ch: Character, out: Out) -> None:
    """Ban ``ch`` for the rest of the game; every unprotected card of it leaves every empire."""
    s.banned = [*s.banned, ch]
    count = 0
    for q in s.seats:
        for c in unprotected_of(s, q, ch):
            to_discard(s, q, c)
            count += 1
    out.append(event(Ev.KIDNAPPED, player=p, character=ch.value, count=count))


def judge_targets(s: CandyState, p: int) -> list[int]:
    """Players with a hand to swap, when the deck can refill whoever ends with 2.
    [decision] a swap the deck cannot refill is not offered; with none left, the Judge is skipped."""
    mine = len(s.hands[p])
    targets = []
    for q in others(s, p):
        theirs = len(s.hands[q])
        if q in s.left or not theirs:
            continue
        draws = (theirs == 2) + (mine == 2)
        if draws <= len(s.deck):
            targets.append(q)
    return targets


def judge(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    targets = judge_targets(s, p)
    if not targets:
        out.append(event(Ev.JUDGE_SKIPPED, player=p))
    elif len(targets) == 1:
        aim(s, p, card, targets[0], now, out)
    else:
        ask(s, Step.JUDGE, p, p, card, targets, now, may=False)


def sly_cop(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    """Every Snatcher in the discard; if none, up to 2 unprotected from whoever has most."""
    found = [] if C.SNATCHER in s.banned else [c for c in s.discard if CHARACTER_OF[c] is C.SNATCHER]
    if found:
        for c in found:
            s.discard.remove(c)
        s.empires[p] = [*s.empires[p], *found]
        out.append(event(Ev.SLY_COP_DISCARD, player=p, count=len(found)))
        return
    # [decision] "the most" counts unprotected Snatchers: only those can be taken
    counts = {q: len(unprotected_of(s, q, C.SNATCHER)) for q in others(s, p)}
    most = max(counts.values(), default=0)
    if most == 0:
        no_effect(p, card, out)
        return
    tied = [q for q, n in counts.items() if n == most]
    if len(tied) == 1:
        sly_take(s, p, tied[0], out)
    else:
        ask(s, Step.SLY_COP, p, p, card, tied, now, may=False)


def sly_take(s: CandyState, p: int, target: int, out: Out) -> None:
    taken = unprotected_of(s, target, C.SNATCHER)[:SLY_COP_TAKES]
    for c in taken:
        move_card(s, c, target, p)
    out.append(event(Ev.SLY_COP_TOOK, player=p, target=target, count=len(taken)))


Fire = Callable[[CandyState, int, int, int, Out], None]
# what a card does when played into its owner's empire; the Lawyer (there), the
# Pickpocket, the Snatcher, the Candy Buyer and the Trader do nothing
FIRES: dict[Character, Fire] = {
    C.BOSS: boss,
    C.DETECTIVE: detective,
    C.HITMAN: hitman,
    C.POLICEMAN: policeman,
    C.KIDNAPPER: kidnapper,
    C.JUDGE: judge,
    C.SLY_COP: sly_cop,
}


# --- the Snatcher's block ----------------------------------------------------------


def aim(s: CandyState, p: int, card: int, target: int, now: int, out: Out, take: int | None = None) -> None:
    """A Judge or a Policeman aimed at ``target``: a window to block if they hold
    two unprotected Snatchers (and are still at the table), else it happens."""
    if target not in s.left and rules.can_block(s, target):
        until = now + s.options.reaction_window_ms
        s.reaction = Reaction(player=target, by=p, card=card, until_ms=until, take=take)
        out.append(event(Ev.WINDOW_OPEN, player=target, by=p, card=card, until=until))
        return
    happen(s, p, card, target, take, out)


def happen(s: CandyState, p: int, card: int, target: int, take: int | None, out: Out) -> None:
    if CHARACTER_OF[card] is C.JUDGE:
        swap(s, p, target, out)
    else:
        assert take is not None
        move_card(s, take, target, p)
        out.append(event(Ev.POLICEMAN, player=p, target=target, card=take))


def swap(s: CandyState, p: int, target: int, out: Out) -> None:
    mine, theirs = s.hands[p], s.hands[target]
    if (len(theirs) == 2) + (len(mine) == 2) > len(s.deck) or not theirs:
        out.append(event(Ev.JUDGE_SKIPPED, player=p))
        return
    s.hands[p], s.hands[target] = theirs, mine
    out.append(event(Ev.JUDGE_SWAPPED, player=p, target=target))
    for q in (p, target):
        if len(s.hands[q]) == 2:  # whoever ends with 2 cards draws a third
            draw(s, q, 1, out)


def close_window(s: CandyState, now: int, out: Out, blocked: bool) -> None:
    r = s.reaction
    assert r is not None
    s.reaction = None
    s.last_window = r.player
    s.timer_ms = now
    if blocked:
        for c in unprotected_of(s, r.player, C.SNATCHER)[:2]:
            to_discard(s, r.player, c)
        out.append(event(Ev.BLOCKED, player=r.player, by=r.by, card=r.card))
        return
    out.append(event(Ev.NOT_BLOCKED, player=r.player))
    happen(s, r.by, r.card, r.player, r.take, out)


# --- the steps: answers to the prompts ------------------------------------------------
# Each carries out its prompt's answer (already checked against the prompt and
# off the queue): ``data`` is what ``ask`` left, ``picks`` the answer.


def _declined(data: dict[str, Any], out: Out) -> None:
    out.append(event(DECLINED, player=data["owner"], card=data["card"]))


def boss_use(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    data = x.data
    if not picks:
        _declined(data, out)
        return
    p = data["owner"]
    taken = draw(s, p, BOSS_TAKES, out, announce=False)
    s.boss_used = True  # no draw at the end of this turn
    out.append(event(Ev.BOSS_TOOK, player=p, count=taken))
    back = min(BOSS_RETURNS, taken)  # [decision] a short deck: put back at most what was taken
    ask(
        s,
        Step.BOSS_RETURN,
        p,
        p,
        data["card"],
        s.hands[p],
        now,
        may=False,
        n=back,
        ordered=True,
        args={"count": back},
    )


def boss_return(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    if not picks:  # nothing to put back: the deck gave nothing
        _declined(x.data, out)
        return
    p = x.data["owner"]
    for c in reversed(picks):  # the first picked ends on top
        assert isinstance(c, int)
        rules.take_out(s.hands, p, c)
        s.deck.append(c)
    out.append(event(Ev.BOSS_RETURNED, player=p, count=len(picks)))


def lawyer_step(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    data = x.data
    if not picks:
        _declined(data, out)
        return
    p, pick = data["owner"], picks[0]
    assert isinstance(pick, int)
    s.discard.remove(pick)
    rules.put_in(s.empires, p, pick)
    out.append(event(Ev.LAWYER_TOOK, player=p, card=pick))
    # [decision] a Lawyer taken by a Lawyer does nothing (it would loop)
    into_empire(s, p, pick, now, out, via_lawyer=True)


def thief_step(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    data = x.data
    if not picks:
        _declined(data, out)
        return
    p, pick = data["owner"], picks[0]
    assert isinstance(pick, int)
    target = owner_of(s, pick)
    if data["via_lawyer"]:
        to_discard(s, p, data["card"])
        out.append(event(Ev.THIEF_BACK, player=p, card=data["card"]))
    move_card(s, pick, target, p)  # its ability does not fire
    out.append(event(Ev.THIEF_TOOK, player=p, target=target, card=pick))


def hitman_step(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    data = x.data
    if not picks:
        _declined(data, out)
        return
    p, pick = data["owner"], picks[0]
    assert isinstance(pick, int)
    target = owner_of(s, pick)
    to_discard(s, target, pick)
    out.append(event(Ev.HITMAN, player=p, target=target, card=pick))


def policeman_step(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    data = x.data
    if not picks:
        _declined(data, out)
        return
    pick = picks[0]
    assert isinstance(pick, int)
    aim(s, data["owner"], data["card"], owner_of(s, pick), now, out, take=pick)


def detective_step(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    pick = picks[0]
    assert isinstance(pick, int)
    give_up(s, x.prompt.player, pick, out)


def kidnapper_step(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    kidnap(s, x.data["owner"], Character(str(picks[0])), out)


def judge_step(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    pick = picks[0]
    assert isinstance(pick, int)
    aim(s, x.data["owner"], x.data["card"], pick, now, out)


def sly_cop_step(s: CandyState, x: Pending, picks: Sequence[PromptValue], now: int, out: Out) -> None:
    pick = picks[0]
    assert isinstance(pick, int)
    sly_take(s, x.data["owner"], pick, out)


StepFn = Callable[[CandyState, Pending, Sequence[PromptValue], int, Out], None]
STEPS: dict[str, StepFn] = {
    Step.BOSS_USE: boss_use,
    Step.BOSS_RETURN: boss_return,
    Step.LAWYER: lawyer_step,
    Step.THIEF: thief_step,
    Step.HITMAN: hitman_step,
    Step.POLICEMAN: policeman_step,
    Step.DETECTIVE: detective_step,
    Step.KIDNAPPER: kidnapper_step,
    Step.JUDGE: judge_step,
    Step.SLY_COP: sly_cop_step,
}


# --- the referee's answers ---------------------------------------------------------


def default_picks(s: CandyState, prompt: Prompt) -> list[PromptValue]:
    """The referee's answer for a player out of time: decline what is optional,
    else a seeded random valid answer."""
    if prompt.min == 0:
        return []
    pool = list(prompt.options)
    picks: list[PromptValue] = []
    for _ in range(prompt.min):
        s.rng, i = rng_below(s.rng, len(pool))
        picks.append(pool.pop(i))
    return picks


def withdraw(s: CandyState, x: Pending) -> bool:
    """Take ``x`` off the queue (False: it is not there any more)."""
    for i, y in enumerate(s.prompts):
        if y is x:
            del s.prompts[i]
            return True
    return False


def answer_for(s: CandyState, x: Pending, now: int, out: Out) -> None:
    """The referee answers ``x`` (still open) with its default."""
    if withdraw(s, x):
        STEPS[x.then](s, x, default_picks(s, x.prompt), now, out)
