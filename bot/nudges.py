"""«Your turn»: a short new message when the table has waited on a player a while.

After the first hand, everything a player sees is an edit, and an edit never
alerts a phone.  So when a turn, a reaction aimed at one player or a choice has
waited ``NUDGE_AFTER_MS`` (the setting ``NUDGE_AFTER_MS``) on someone, that player gets a short message of its
own, which notifies; it is deleted once they act or stop being waited on.

The bookkeeping lives in the session (who has been waited on since when, who
was told), so it changes in the same transaction as the game and a nudge is
sent exactly once, by the change that found it due (the chat's timer wakes for
it like for any deadline).  The message's id is kept with the chat's screens
(slot ``nudge:<user>``).  Races (everyone at once: Dobble, a slap) are never
nudged: they are over before a nudge would be due, or nobody in particular
holds the table up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Wait

NUDGE_AFTER_MS = 10_000
NUDGED_KINDS = frozenset({"turn", "reaction", "setup"})  # a wait on particular players


def slot(player: int) -> str:
    return f"nudge:{player}"


@dataclass(frozen=True)
class Followed:
    """The bookkeeping after a change: who is waited on since when (``since``), who
    has been told (``told``), whose nudge is to go (``gone``), who is told now (``due``)."""

    since: dict[int, int]
    told: list[int]
    gone: list[int]
    due: list[int]


def follow(
    since: dict[int, int],
    told: Sequence[int],
    waits: Sequence[Wait],
    seated: set[int],
    now: int,
    actor: int | None,
    after_ms: int = NUDGE_AFTER_MS,
) -> Followed:
    """Who the table waits on after a change (``waits``: the game's, of the seats
    people hold), in one call: ``track``, then ``take_due``."""
    since, kept, gone = track(since, told, waited_on(waits, seated), now, actor)
    now_due = take_due(since, kept, now, after_ms)
    return Followed(since, [*kept, *now_due], gone, now_due)


def waited_on(waits: Sequence[Wait], seated: set[int]) -> set[int]:
    """The players the table waits on in particular (not a race of everyone)."""
    return {p for w in waits if w.kind in NUDGED_KINDS for p in w.players if p in seated}


def track(
    since: dict[int, int], told: Sequence[int], on: set[int], now: int, actor: int | None
) -> tuple[dict[int, int], list[int], list[int]]:
    """Who is waited on since when after a change, and who was told: returns the
    new ``since`` and ``told``, and the told players whose nudge is now to go
    (no longer waited on, or they have just acted: they are clearly here)."""
    fresh = {p: (now if p == actor else since.get(p, now)) for p in on}
    gone = [p for p in told if p not in on or p == actor]
    return fresh, [p for p in told if p not in gone], gone


def due(since: dict[int, int], told: Sequence[int], after_ms: int = NUDGE_AFTER_MS) -> int | None:
    """When the next nudge is due (None: nobody to nudge)."""
    return min((t + after_ms for p, t in since.items() if p not in told), default=None)


def take_due(
    since: dict[int, int], told: Sequence[int], now: int, after_ms: int = NUDGE_AFTER_MS
) -> list[int]:
    """The players whose nudge is due at ``now`` (not told yet)."""
    return sorted(p for p, t in since.items() if p not in told and t + after_ms <= now)
