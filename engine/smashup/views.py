"""What one may see of a Smash Up game: the public view (players, bases with
their minions' power, piles, credits, the window; kept on a sealed state by
``SmashUpGame.view``), a seat's view (its hand, its prompt's cards) and every
zone's card count."""

from __future__ import annotations

from engine.core import Prompt, Wait, hand_zone, replace
from engine.smashup.cards import BASES, CARDS, FACTION_SIZE, MADNESS
from engine.smashup.models import (
    ActionView,
    Attached,
    BaseView,
    CardRef,
    MinionView,
    PlayerView,
    SmashUpState,
    SmashUpView,
)
from engine.smashup.queries import Q


def public(g: Q, waiting: list[Wait]) -> SmashUpView:
    """The view of the public (no hand, no prompt): shared by every viewer's view
    (``waiting``: whom the game waits on, ``SmashUpGame.waiting``)."""
    s = g.s
    cards = s.cards
    madness_on = s.madness_on
    talents_used = set(s.talents)
    return SmashUpView(
        viewer=None,
        zone_counts=zone_counts(s),
        prompt=None,
        seq=s.seq,
        phase=s.phase,
        seats=list(s.seats),
        current=s.current if s.phase == "playing" else None,
        turn=s.turn,
        goal=s.options.goal,
        players=[
            PlayerView(
                player=p,
                vp=s.vp.get(p, 0),
                factions=list(s.factions.get(p, ())),
                hand=len(s.hands[p]),
                deck=len(s.decks[p]),
                discard=[CardRef(uid=c, card=cards[c]) for c in s.discards[p]],
                madness=_madness_count(s, p) if madness_on else 0,
                left=p in s.left,
            )
            for p in s.seats
        ],
        bases=[_base_view(g, b.uid, talents_used) for b in s.bases],
        base_deck=len(s.base_deck),
        base_discard=[cards[b] for b in s.base_discard],
        madness_deck=len(s.madness) if madness_on else None,
        aside=[CardRef(uid=c, card=cards[c]) for c in s.aside],
        credits=list(s.credits) if s.phase == "playing" else [],
        window=s.window,
        scoring=s.scoring.base if s.scoring is not None else None,
        waiting_for=sorted({p for w in waiting for p in w.players}),
        deadline_ms=s.deadline_ms,
        winners=list(s.winners),
        hand=None,
        cards={},
        pool=list(s.pool),
        extras=dict(s.extras),
        played=list(s.played),
        memo=dict(s.memo),
    )


def seat(public: SmashUpView, s: SmashUpState, viewer: int, prompt: Prompt | None) -> SmashUpView:
    """``viewer``'s view: the public one, with their hand, their prompt and the
    cards its options name."""
    cards = s.cards
    known: dict[int, str] = {}
    if prompt is not None and prompt.kind == "card":
        known = {u: cards[u] for u in prompt.options if type(u) is int}
    return replace(
        public,
        viewer=viewer,
        prompt=prompt,
        hand=[CardRef(uid=c, card=cards[c]) for c in s.hands[viewer]],
        cards=known,
    )


def zone_counts(s: SmashUpState) -> dict[str, int]:
    z: dict[str, int] = {}
    drafted = 0
    for p in s.seats:
        z[hand_zone(p)] = len(s.hands[p])
        z[f"deck:{p}"] = len(s.decks[p])
        z[f"discard:{p}"] = len(s.discards[p])
        drafted += len(s.factions.get(p, ()))
    for b in s.bases:
        z[f"base:{b.uid}"] = 1 + len(b.actions) + sum(1 + len(m.attached) for m in b.minions)
    z["base_deck"] = len(s.base_deck)
    z["base_discard"] = len(s.base_discard)
    z["aside"] = len(s.aside)
    if s.madness_on:
        z["madness"] = len(s.madness)
    if drafted < 2 * len(s.seats):  # factions not drafted yet (or never, if the table broke up)
        z["undrafted"] = (2 * len(s.seats) - drafted) * FACTION_SIZE
    return z


def _madness_count(s: SmashUpState, p: int) -> int:
    cards = s.cards
    return sum(1 for pile in (s.hands[p], s.decks[p], s.discards[p]) for c in pile if cards[c] == MADNESS)


def _action_view(s: SmashUpState, x: Attached, talents_used: set[int]) -> ActionView:
    return ActionView(
        uid=x.uid,
        card=s.cards[x.uid],
        owner=s.owners[x.uid],
        controller=x.controller,
        data=x.data,  # shared: a state handed out never changes
        talent_used=x.uid in talents_used,
    )


def _base_view(g: Q, base: int, talents_used: set[int]) -> BaseView:
    s = g.s
    slot = g.base_slot(base)
    assert slot is not None
    d = BASES[s.cards[base]]
    cards, owners = s.cards, s.owners
    minions = []
    powers: dict[int, int] = {}
    for m in slot.minions:
        uid, ctrl = m.uid, m.controller
        power = g.power(uid)
        powers[ctrl] = powers.get(ctrl, 0) + power
        minions.append(
            MinionView(
                uid=uid,
                card=cards[uid],
                owner=owners[uid],
                controller=ctrl,
                power=power,
                printed=CARDS[cards[uid]].power,
                attached=[_action_view(s, x, talents_used) for x in m.attached],
                talent_used=uid in talents_used,
            )
        )
    return BaseView(
        uid=base,
        card=d.id,
        breakpoint=d.breakpoint,
        vp=list(d.vp),
        total=sum(powers.values()),
        powers=powers,
        minions=minions,
        actions=[_action_view(s, x, talents_used) for x in slot.actions],
        talent_used=base in talents_used,
    )
