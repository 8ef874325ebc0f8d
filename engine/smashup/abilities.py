"""The ability registry: what each card (or base) does, keyed by its id.

A faction module writes, for each card with an ability::

    A = ability("muffin")

    @A.on_play                      # step "play": the card was just played
    def _(g: G, t: Task) -> Then:
        g.draw(t.player, 1)         # changes at once (``G``) ...
        return ask(t, "take", Pr.CONTROL, "minion", candidates)  # ... then what comes next

    @A.step("take")                 # any named step: a prompt's continuation
    def _(g: G, t: Task) -> Then:
        m = t.pick()
        ...

A step gets ``G`` (queries and immediate changes) and returns the steps that
follow it (``tasks``: nothing, one, or a list run in that order); every other
hook only reads, through ``Q`` (``queries``).

and, for the other timings (all optional, any mix):

- ``@A.talent(ok=pred)``: once per turn per instance, in its controller's
  play phase (``pred(g, uid)`` says whether it may be used now);
- ``@A.special(timing="before"|"after", zone="hand"|"play", ok=pred)``:
  offered in the Me-First window of a scoring base (``pred(g, uid, base)``);
  ``t.data["base"]`` is that base;
- ``@A.trigger(name, when=pred)``: an in-play card or a base reacting to
  ``g.fire(name, **data)`` (``pred(g, src, data)`` filters; the handler gets
  ``t.data`` = the event's data).  Names the framework fires:
  ``start_turn``, ``end_turn`` (player), ``play_minion`` (player, minion,
  base), ``play_action`` (player, card, base?, minion?), ``destroyed``
  (minion, base, owner, by), ``moved`` (minion, from, to), ``before_score``,
  ``scored``, ``after_score`` (base);
- ``A.power = fn(g, src, minion) -> int``: an ongoing power modifier of an
  in-play card (summed for every minion, the result floored at 0);
  ``A.power_reach`` says which minions it may change, so that only those
  ask it: ``"minion"`` only the minion it is attached to (a minion's own
  modifier: itself), ``"here"`` only minions on its own base (the base it
  is, or is on, or whose minion it is on), ``"everywhere"`` (the default)
  any minion;
- ``A.protect = fn(g, src, minion, actor, how) -> bool``: True blocks
  ``how`` (destroy, move, return, control, action, power) done to ``minion``
  by a card of ``actor`` (None: no player's card, e.g. a base);
- ``A.forbid = fn(g, src, check) -> bool``: "can't" — True forbids the play
  described by ``check`` (a ``PlayCheck``): it beats every "can";
- ``A.play_ok = fn(g, check) -> bool``: the card's own condition for being
  played (checked on the card in hand, not in play);
- ``@A.instead_destroy(when=pred, chooser=fn, optional=bool)``: a
  replacement for the destruction of ``minion`` (``pred(g, src, minion)``);
  the handler (step ``instead_destroy``, ``t.data["minion"]``) does what
  happens instead;
- ``A.instead_discard = fn(g, uid) -> bool``: when this card would go from
  play to a discard pile, do something else (return True when handled);
- ``A.clear_card = fn(g, base, uid) -> bool`` (a base): where a minion on
  this base goes after it scores instead of the discard pile: it takes the
  minion out of play itself (``g.leave_play(uid, "deck")``) and returns True;
- ``A.after_play_bottom = True`` (an in-play card): its controller may put
  each standard action they play on the bottom of their deck instead of the
  discard pile; ``A.self_return = True``: the action itself may go back to
  hand instead of the discard pile;
- ``A.indestructible = True``: the card (an action) can't be destroyed.

Handlers never keep Python state: everything they need later goes into the
task's ``data``.  A handler may set keys of ``t.data`` but never changes a
list or a dict inside it in place (build a new one): a task's values are
shared with the states that came before.  See ``effects.G`` for the toolkit
and ``tasks`` for the steps and the one ordering rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from engine.smashup.models import Task, Then

if TYPE_CHECKING:  # the toolkits a hook is handed: built on this registry, never imported at run time
    from engine.smashup.effects import G
    from engine.smashup.queries import Q

# a step changes the state (``G``) and returns what comes next (``tasks``);
# every other hook only reads it (``Q``: legal moves and views ask them too)
Handler = Callable[["G", Task], Then]
TalentOk = Callable[["Q", int], bool]
SpecialOk = Callable[["Q", int, int], bool]
TriggerWhen = Callable[["Q", int, dict[str, Any]], bool]
PowerFn = Callable[["Q", int, int], int]
ProtectFn = Callable[["Q", int, int, "int | None", str], bool]
ReplaceWhen = Callable[["Q", int, int], bool]
Chooser = Callable[["Q", int, int], int]

Timing = Literal["before", "after"]
Zone = Literal["hand", "play"]

HOWS = ("destroy", "move", "return", "control", "action", "power")


class PlayCheck(NamedTuple):
    """A play being considered: ``player`` plays ``card`` (a uid) on ``base``
    and/or ``minion``; ``extra``: it would be an extra play.  (A named tuple:
    ``legal`` makes one for every play it considers.)"""

    player: int
    card: int
    card_id: str
    base: int | None
    minion: int | None
    extra: bool
    is_minion: bool


def always_ok(g: Q, check: PlayCheck) -> bool:
    """The default ``play_ok``: a card has no condition of its own."""
    return True


ForbidFn = Callable[["Q", int, PlayCheck], bool]


@dataclass
class Special:
    timing: Timing
    zone: Zone
    ok: SpecialOk


@dataclass
class Replacement:
    when: ReplaceWhen
    chooser: Chooser | None  # None: the minion's controller
    optional: bool


class Ability:
    def __init__(self, card_id: str) -> None:
        self.id = card_id
        self.steps: dict[str, Handler] = {}
        self.talent_ok: TalentOk | None = None
        self.special_def: Special | None = None
        self.triggers: dict[str, TriggerWhen] = {}
        self.power: PowerFn | None = None
        self.power_reach: Literal["minion", "here", "everywhere"] = "everywhere"
        self.protect: ProtectFn | None = None
        self.forbid: ForbidFn | None = None
        # the card's own condition to be played (Shoggoth: "only where you have 6 power")
        self.play_ok: Callable[[Q, PlayCheck], bool] = always_ok
        self.replacement: Replacement | None = None
        self.instead_discard: Callable[[G, int], bool] | None = None
        self.clear_card: Callable[[G, int, int], bool] | None = None
        self.after_play_bottom = False
        self.self_return = False
        self.indestructible = False

    # --- decorators --------------------------------------------------------

    def step(self, name: str) -> Callable[[Handler], Handler]:
        def deco(fn: Handler) -> Handler:
            if name in self.steps:
                raise ValueError(f"{self.id}: step {name} twice")
            self.steps[name] = fn
            return fn

        return deco

    @property
    def has_play(self) -> bool:
        return "play" in self.steps

    def on_play(self, fn: Handler) -> Handler:
        return self.step("play")(fn)

    def talent(self, ok: TalentOk | None = None) -> Callable[[Handler], Handler]:
        self.talent_ok = ok or (lambda g, uid: True)
        return self.step("talent")

    def special(
        self, timing: Timing = "before", zone: Zone = "hand", ok: SpecialOk | None = None
    ) -> Callable[[Handler], Handler]:
        self.special_def = Special(timing, zone, ok or (lambda g, uid, base: True))
        return self.step("special")

    def trigger(self, name: str, when: TriggerWhen | None = None) -> Callable[[Handler], Handler]:
        self.triggers[name] = when or (lambda g, src, data: True)
        return self.step("on:" + name)

    def instead_destroy(
        self, when: ReplaceWhen, chooser: Chooser | None = None, optional: bool = False
    ) -> Callable[[Handler], Handler]:
        self.replacement = Replacement(when, chooser, optional)
        return self.step("instead_destroy")


REGISTRY: dict[str, Ability] = {}


def ability(card_id: str) -> Ability:
    """The ability entry of a card or base id (created on first use)."""
    a = REGISTRY.get(card_id)
    if a is None:
        a = REGISTRY[card_id] = Ability(card_id)
    return a


NO_ABILITY = Ability("")


def of(card_id: str) -> Ability:
    return REGISTRY.get(card_id, NO_ABILITY)


def handler(card_id: str, step: str) -> Handler:
    try:
        return REGISTRY[card_id].steps[step]
    except KeyError:
        raise KeyError(f"no step {step!r} of {card_id!r}") from None
