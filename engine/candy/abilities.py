"""Every ability of the sheet (§1), each a sequence of ``core.Prompt`` steps where it needs choices.

A card's ability fires when it is played into its owner's empire (or, for the
Candy Thief and the Lawyer, when played openly to the discard).  A "may"
ability's prompt has ``min=0``: answering with nothing declines it.  A "must"
prompt with a single option is answered by the referee at once.

Protected cards are never an option: no ability touches them (sheet §3).
"""

from __future__ import annotations

from engine.candy import rules
from engine.candy.cards import CHARACTER_OF, CHARACTERS, Character
from engine.candy.keys import Choice, Ev, Pr
from engine.candy.models import CandyState, Reaction, Step, StepKind
from engine.candy.rules import Out, draw, owner_of, to_discard, unprotected
from engine.core import ArgValue, Prompt, PromptValue, event, rng_below

C = Character
DETECTIVE_TAKES = (C.CANDY_THIEF, C.CANDY_BUYER, C.BOSS)
POLICEMAN_TAKES = (C.PICKPOCKET, C.SNATCHER)
BOSS_TAKES = 3
BOSS_RETURNS = 2
SLY_COP_TAKES = 2
KIND: dict[StepKind, str] = {
    "boss_use": "choice",
    "boss_return": "card",
    "lawyer": "card",
    "thief": "card",
    "hitman": "card",
    "policeman": "card",
    "detective": "card",
    "kidnapper": "character",
    "judge": "player",
    "sly_cop": "player",
}
KEY: dict[StepKind, Pr] = {
    "boss_use": Pr.BOSS_USE,
    "boss_return": Pr.BOSS_RETURN,
    "lawyer": Pr.LAWYER,
    "thief": Pr.THIEF,
    "hitman": Pr.HITMAN,
    "policeman": Pr.POLICEMAN,
    "detective": Pr.DETECTIVE,
    "kidnapper": Pr.KIDNAPPER,
    "judge": Pr.JUDGE,
    "sly_cop": Pr.SLY_COP,
}


def ask(
    s: CandyState,
    kind: StepKind,
    player: int,
    owner: int,
    card: int,
    options: list[PromptValue],
    now: int,
    *,
    may: bool,
    n: int = 1,
    ordered: bool = False,
    via_lawyer: bool = False,
    args: dict[str, ArgValue] | None = None,
) -> None:
    """Open a prompt (a fresh id); the turn timer counts from now."""
    prompt = Prompt.model_construct(
        id=s.next_prompt,
        player=player,
        key=str(KEY[kind]),
        args=args or {},
        kind=KIND[kind],
        options=options,
        min=0 if may else n,
        max=n,
        ordered=ordered,
        cancel=False,
        skip_key=str(Pr.SKIP) if may else None,
    )
    s.next_prompt += 1
    s.steps.append(
        Step.model_construct(kind=kind, prompt=prompt, owner=owner, card=card, via_lawyer=via_lawyer)
    )
    s.timer_ms = now


def step_of(s: CandyState, p: int) -> Step | None:
    for step in s.steps:
        if step.prompt.player == p:
            return step
    return None


def others(s: CandyState, p: int) -> list[int]:
    """Every other empire, in seat order from ``p``'s left (players who left included:
    their empires stay on the table)."""
    i = s.seats.index(p)
    n = len(s.seats)
    return [s.seats[(i + k) % n] for k in range(1, n)]


def characters_in_game(s: CandyState) -> list[Character]:
    present = {CHARACTER_OF[c] for c in s.cards}
    return [spec.character for spec in CHARACTERS if spec.character in present]


# --- playing a card ---------------------------------------------------------------


def into_empire(s: CandyState, p: int, card: int, now: int, out: Out, via_lawyer: bool = False) -> None:
    """The ability of ``card``, just put into ``p``'s empire (from hand, or by a Lawyer)."""
    ch = CHARACTER_OF[card]
    if ch is C.BOSS:
        if not s.deck:
            out.append(event(Ev.NO_EFFECT, player=p, card=card))
        else:
            ask(s, "boss_use", p, p, card, [Choice.TAKE.value], now, may=True)
    elif ch is C.DETECTIVE:
        detective(s, p, card, now, out)
    elif ch is C.CANDY_THIEF and via_lawyer:
        # [decision] a Thief the Lawyer takes may do its work, going back to the
        # discard as in the rulebook's example; declined, it stays in the empire
        thief(s, p, card, now, out, via_lawyer=True)
    elif ch is C.HITMAN:
        # [decision] not the Hitman just played (discarding itself would only shed its −2)
        options: list[PromptValue] = [
            c for q in s.seats for c in unprotected(s, q) if CHARACTER_OF[c] is not C.KIDNAPPER and c != card
        ]
        if options:
            ask(s, "hitman", p, p, card, options, now, may=True)
        else:
            out.append(event(Ev.NO_EFFECT, player=p, card=card))
    elif ch is C.POLICEMAN:
        options = [c for q in others(s, p) for c in unprotected(s, q, *POLICEMAN_TAKES)]
        if options:
            ask(s, "policeman", p, p, card, options, now, may=True)
        else:
            out.append(event(Ev.NO_EFFECT, player=p, card=card))
    elif ch is C.KIDNAPPER:
        kidnapper(s, p, card, now, out)
    elif ch is C.JUDGE:
        judge(s, p, card, now, out)
    elif ch is C.SLY_COP:
        sly_cop(s, p, card, now, out)
    # the Lawyer (in an empire), the Pickpocket, the Snatcher, the Candy Buyer and
    # the Trader do nothing when played


def to_the_discard(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    """A Candy Thief or a Lawyer played openly to the discard pile."""
    if CHARACTER_OF[card] is C.CANDY_THIEF:
        thief(s, p, card, now, out)
    else:
        lawyer(s, p, card, now, out)


def thief(s: CandyState, p: int, card: int, now: int, out: Out, via_lawyer: bool = False) -> None:
    options: list[PromptValue] = [c for q in others(s, p) for c in unprotected(s, q)]
    if options:
        ask(s, "thief", p, p, card, options, now, may=True, via_lawyer=via_lawyer)
    else:
        out.append(event(Ev.NO_EFFECT, player=p, card=card))


def lawyer_options(s: CandyState, card: int) -> list[PromptValue]:
    """The discard's cards a Lawyer may take: not itself, not a banned character."""
    return [c for c in s.discard if c != card and CHARACTER_OF[c] not in s.banned]


def lawyer(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    options = lawyer_options(s, card)
    out.append(event(Ev.LAWYER_LOOKS, player=p))
    if options:
        ask(s, "lawyer", p, p, card, options, now, may=True)
    else:
        out.append(event(Ev.NO_EFFECT, player=p, card=card))


def detective(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    """Every other player gives up one unprotected Candy Thief, Candy Buyer or Boss
    of their choice; all of them choose at once."""
    victims: list[tuple[int, list[int]]] = []
    for q in others(s, p):
        choice: list[int] = []
        seen: set[Character] = set()
        for c in unprotected(s, q, *DETECTIVE_TAKES):
            if CHARACTER_OF[c] not in seen:  # copies are alike: one option per character
                seen.add(CHARACTER_OF[c])
                choice.append(c)
        if choice:
            victims.append((q, choice))
    if not victims:
        out.append(event(Ev.NO_EFFECT, player=p, card=card))
        return
    out.append(event(Ev.DETECTIVE, player=p))
    for q, choice in victims:
        if len(choice) == 1:
            give_up(s, q, choice[0], out)
        elif q in s.left:  # [decision] the referee chooses for a player who left
            s.rng, i = rng_below(s.rng, len(choice))
            give_up(s, q, choice[i], out)
        else:
            ask(s, "detective", q, p, card, list(choice), now, may=False, args={"player": p})


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
    options: list[PromptValue] = [
        ch.value for ch in characters_in_game(s) if ch is not C.KIDNAPPER and ch not in s.banned
    ]
    if options:
        ask(s, "kidnapper", p, p, card, options, now, may=False)
    else:
        out.append(event(Ev.NO_EFFECT, player=p, card=card))


def kidnap(s: CandyState, p: int, ch: Character, out: Out) -> None:
    """Ban ``ch`` for the rest of the game; every unprotected card of it leaves every empire."""
    s.banned.append(ch)
    count = 0
    for q in s.seats:
        for c in unprotected(s, q, ch):
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
        ask(s, "judge", p, p, card, list(targets), now, may=False)


def sly_cop(s: CandyState, p: int, card: int, now: int, out: Out) -> None:
    """Every Snatcher in the discard; if none, up to 2 unprotected from whoever has most."""
    found = [] if C.SNATCHER in s.banned else [c for c in s.discard if CHARACTER_OF[c] is C.SNATCHER]
    if found:
        for c in found:
            s.discard.remove(c)
            s.empires[p].append(c)
        out.append(event(Ev.SLY_COP_DISCARD, player=p, count=len(found)))
        return
    # [decision] "the most" counts unprotected Snatchers: only those can be taken
    counts = {q: len(unprotected(s, q, C.SNATCHER)) for q in others(s, p)}
    most = max(counts.values(), default=0)
    if most == 0:
        out.append(event(Ev.NO_EFFECT, player=p, card=card))
        return
    tied = [q for q, n in counts.items() if n == most]
    if len(tied) == 1:
        sly_take(s, p, tied[0], out)
    else:
        ask(s, "sly_cop", p, p, card, list(tied), now, may=False)


def sly_take(s: CandyState, p: int, target: int, out: Out) -> None:
    taken = unprotected(s, target, C.SNATCHER)[:SLY_COP_TAKES]
    for c in taken:
        s.empires[target].remove(c)
        s.empires[p].append(c)
    out.append(event(Ev.SLY_COP_TOOK, player=p, target=target, count=len(taken)))


# --- the Snatcher's block ----------------------------------------------------------


def aim(s: CandyState, p: int, card: int, target: int, now: int, out: Out, take: int | None = None) -> None:
    """A Judge or a Policeman aimed at ``target``: a window to block if they hold
    two unprotected Snatchers (and are still at the table), else it happens."""
    if target not in s.left and rules.can_block(s, target):
        until = now + s.options.reaction_window_ms
        s.reaction = Reaction.model_construct(player=target, by=p, card=card, until_ms=until, take=take)
        out.append(event(Ev.WINDOW_OPEN, player=target, by=p, card=card, until=until))
        return
    happen(s, p, card, target, take, out)


def happen(s: CandyState, p: int, card: int, target: int, take: int | None, out: Out) -> None:
    if CHARACTER_OF[card] is C.JUDGE:
        swap(s, p, target, out)
    else:
        assert take is not None
        s.empires[target].remove(take)
        s.empires[p].append(take)
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
        for c in unprotected(s, r.player, C.SNATCHER)[:2]:
            to_discard(s, r.player, c)
        out.append(event(Ev.BLOCKED, player=r.player, by=r.by, card=r.card))
        return
    out.append(event(Ev.NOT_BLOCKED, player=r.player))
    happen(s, r.by, r.card, r.player, r.take, out)


# --- answers -------------------------------------------------------------------------


def answer(s: CandyState, step: Step, picks: list[PromptValue], now: int, out: Out) -> None:
    """Carry out ``step`` with ``picks`` (already checked against its prompt)."""
    s.steps.remove(step)
    p = step.owner
    kind = step.kind
    if not picks:
        out.append(event(Ev.DECLINED, player=p, card=step.card))
        return
    pick = picks[0]
    if kind == "boss_use":
        taken = draw(s, p, BOSS_TAKES, out, announce=False)
        s.boss_used = True  # no draw at the end of this turn
        out.append(event(Ev.BOSS_TOOK, player=p, count=taken))
        back = min(BOSS_RETURNS, taken)  # [decision] a short deck: put back at most what was taken
        hand: list[PromptValue] = list(s.hands[p])
        ask(
            s,
            "boss_return",
            p,
            p,
            step.card,
            hand,
            now,
            may=False,
            n=back,
            ordered=True,
            args={"count": back},
        )
    elif kind == "boss_return":
        for c in reversed(picks):  # the first picked ends on top
            assert isinstance(c, int)
            s.hands[p].remove(c)
            s.deck.append(c)
        out.append(event(Ev.BOSS_RETURNED, player=p, count=len(picks)))
    elif kind == "lawyer":
        assert isinstance(pick, int)
        s.discard.remove(pick)
        s.empires[p].append(pick)
        out.append(event(Ev.LAWYER_TOOK, player=p, card=pick))
        # [decision] a Lawyer taken by a Lawyer does nothing (it would loop)
        into_empire(s, p, pick, now, out, via_lawyer=True)
    elif kind == "thief":
        assert isinstance(pick, int)
        target = owner_of(s, pick)
        if step.via_lawyer:
            to_discard(s, p, step.card)
            out.append(event(Ev.THIEF_BACK, player=p, card=step.card))
        s.empires[target].remove(pick)
        s.empires[p].append(pick)  # its ability does not fire
        out.append(event(Ev.THIEF_TOOK, player=p, target=target, card=pick))
    elif kind == "hitman":
        assert isinstance(pick, int)
        target = owner_of(s, pick)
        to_discard(s, target, pick)
        out.append(event(Ev.HITMAN, player=p, target=target, card=pick))
    elif kind == "policeman":
        assert isinstance(pick, int)
        aim(s, p, step.card, owner_of(s, pick), now, out, take=pick)
    elif kind == "detective":
        assert isinstance(pick, int)
        give_up(s, step.prompt.player, pick, out)
    elif kind == "kidnapper":
        kidnap(s, p, Character(str(pick)), out)
    elif kind == "judge":
        assert isinstance(pick, int)
        aim(s, p, step.card, pick, now, out)
    else:  # sly_cop
        assert isinstance(pick, int)
        sly_take(s, p, pick, out)


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
