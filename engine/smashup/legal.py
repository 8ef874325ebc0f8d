"""What a player may do now: a card play (where the card may go, and which play
credit it spends: ``allows`` is the one rule of what a credit allows), the
plays of a whole hand (``playable``), and the talents (docs/rules/smashup.md §4.7)."""

from __future__ import annotations

from collections.abc import Callable

from engine.smashup import abilities
from engine.smashup.abilities import Ability, PlayCheck, always_ok
from engine.smashup.cards import CARDS, CardDef, Kind, Target
from engine.smashup.keys import Err
from engine.smashup.models import Credit, PlayCard, SmashUpAction
from engine.smashup.queries import Q

_new = object.__new__


def allows(g: Q, c: Credit, p: int, d: CardDef, base: int | None) -> bool:
    """Whether credit ``c`` may be spent on ``p`` playing card ``d`` (a minion
    on ``base``): the kind of play, and for a minion the credit's base, "where
    you have a minion", its power cap and its card ids.  Whether anything
    forbids the play is the caller's next question."""
    if not d.minion:
        return c.action
    if not c.minion:
        return False
    if c.base is not None and c.base != base:
        return False
    if c.max_power is not None and d.power > c.max_power:
        return False
    if c.names is not None and d.id not in c.names:
        return False
    return not (c.where_own and base is not None and not g.minions(base, p))


def credit_for(g: Q, p: int, uid: int, base: int | None, minion: int | None) -> int | None:
    """Which play credit playing ``uid`` there would spend (the most specific
    one that allows it and no "can't" forbids), or None."""
    d = g.cdef(uid)
    a = abilities.of(d.id)
    best: tuple[tuple[int, int, int], int] | None = None
    for i, c in enumerate(g.s.credits):
        if not allows(g, c, p, d, base):
            continue
        check = PlayCheck(p, uid, d.id, base, minion, c.extra, d.minion)
        if g.forbidden(check) or not a.play_ok(g, check):
            continue
        constraints = (c.base is not None) + c.where_own + (c.max_power is not None) + (c.names is not None)
        key = (int(c.minion) + int(c.action), -constraints, int(c.extra))
        if best is None or key < best[0]:
            best = (key, i)
    return None if best is None else best[1]


def target_ok(g: Q, p: int, uid: int, base: int | None, minion: int | None) -> bool:
    """Whether the card may go there (ignoring play credits)."""
    d = CARDS[g.s.cards[uid]]
    if d.minion or d.target is Target.BASE:
        return minion is None and base is not None and g.base_slot(base) is not None
    if d.target is Target.NONE:
        return base is None and minion is None
    if base is not None or minion is None or not g.is_minion_in_play(minion):
        return False
    if d.target is Target.OWN_MINION and g.controller(minion) != p:
        return False
    return g.can_affect(p, minion, "action")


def check_play(g: Q, p: int, uid: int, base: int | None, minion: int | None) -> tuple[str | None, int | None]:
    """Why ``p`` may not play ``uid`` there (None: they may), and the play
    credit it would spend."""
    s = g.s
    if uid not in s.hands.get(p, ()):
        return Err.NOT_IN_HAND, None
    d = CARDS[s.cards[uid]]
    if d.special:
        return Err.SPECIAL_ONLY, None
    if not target_ok(g, p, uid, base, minion):
        return Err.BAD_TARGET, None
    credit = credit_for(g, p, uid, base, minion)
    if credit is None:
        if any(c.minion if d.kind is Kind.MINION else c.action for c in s.credits):
            return Err.FORBIDDEN, None  # a play of that kind is left, but something forbids this one
        return Err.NO_PLAYS, None
    return None, credit


PlayOk = Callable[[Q, PlayCheck], bool]


def playable(g: Q, p: int) -> list[SmashUpAction]:
    """Every card play ``p`` may make now (a ``PlayCard`` each): what
    ``check_play`` accepts, worked out for a whole hand at once."""
    s = g.s
    out: list[SmashUpAction] = []
    minion_credits = [c for c in s.credits if c.minion]
    action_credits = [c for c in s.credits if c.action]
    if not minion_credits and not action_credits:
        return out
    bases = g.base_ids()
    cards = s.cards
    forbids = g.hooked("forbid")
    on_minion: list[int] | None = None  # minions an action of p's may be played on
    for uid in s.hands[p]:
        d = CARDS[cards[uid]]
        if d.special:
            continue
        own = abilities.of(d.id).play_ok
        ok = None if own is always_ok else own
        if d.minion:
            if minion_credits:
                out.extend(
                    _play_card(p, uid, b, None)
                    for b in bases
                    if _fits(g, p, uid, d, ok, forbids, minion_credits, b, None)
                )
            continue
        if not action_credits:
            continue
        target = d.target
        if target is Target.NONE:
            if _fits(g, p, uid, d, ok, forbids, action_credits, None, None):
                out.append(_play_card(p, uid, None, None))
        elif target is Target.BASE:
            out.extend(
                _play_card(p, uid, b, None)
                for b in bases
                if _fits(g, p, uid, d, ok, forbids, action_credits, b, None)
            )
        else:
            if on_minion is None:
                on_minion = [m for m in g.minions() if g.can_affect(p, m, "action")]
            for m in on_minion:
                if target is Target.OWN_MINION and g.controller(m) != p:
                    continue
                if _fits(g, p, uid, d, ok, forbids, action_credits, None, m):
                    out.append(_play_card(p, uid, None, m))
    return out


def _fits(
    g: Q,
    p: int,
    uid: int,
    d: CardDef,
    ok: PlayOk | None,
    forbids: list[tuple[int, int, Ability]],
    credits: list[Credit],
    base: int | None,
    minion: int | None,
) -> bool:
    """Some credit may be spent on this play (``credit_for``, without choosing
    one; ``ok``: the card's own ``play_ok``, None when it has none; ``forbids``:
    the cards in play with a ``forbid`` hook)."""
    for c in credits:
        if not allows(g, c, p, d, base):
            continue
        if ok is None and not forbids:
            return True
        check = PlayCheck(p, uid, d.id, base, minion, c.extra, d.minion)
        if ok is not None and not ok(g, check):
            continue
        if any(a.forbid is not None and a.forbid(g, src, check) for src, _, a in forbids):
            continue
        return True
    return False


def _play_card(p: int, uid: int, base: int | None, minion: int | None) -> PlayCard:
    """``PlayCard(player=p, card=uid, base=base, minion=minion)``, made without the
    keyword constructor's overhead (``legal`` lists many)."""
    a = _new(PlayCard)
    a.type = "play"
    a.player = p
    a.card = uid
    a.base = base
    a.minion = minion
    return a


def talent_sources(g: Q, p: int) -> list[int]:
    """Cards whose talent ``p`` could use: minions and actions ``p`` controls,
    and bases with a talent."""
    return [uid for uid, ctrl, a in g.with_ability() if (ctrl == p or ctrl < 0) and a.talent_ok is not None]


def check_talent(g: Q, p: int, uid: int) -> str | None:
    if uid not in talent_sources(g, p):
        return Err.NO_TALENT
    if uid in g.s.talents:
        return Err.TALENT_USED
    a = g.ab(uid)
    assert a.talent_ok is not None
    if not a.talent_ok(g, uid):
        return Err.NO_TALENT
    return None


def talents(g: Q, p: int) -> list[int]:
    """The talents ``p`` may use now (``check_talent`` accepts)."""
    used = g.s.talents
    return [
        uid
        for uid, ctrl, a in g.with_ability()
        if (ctrl == p or ctrl < 0) and a.talent_ok is not None and uid not in used and a.talent_ok(g, uid)
    ]
