"""What a Svintus state holds that is never changed in place: the table's
options (a pydantic model), a pending attack, a reaction owed.

A § is a section of docs/rules/svintus.md."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import record


class SvintusOptions(BaseModel):
    """Table options (docs/rules/svintus.md §8) and every [decision] of the sheet, with its default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    target_score: int = Field(30, ge=1, le=1000)
    turn_timer_ms: int = Field(30_000, ge=0, le=600_000)  # 0: no turn timer
    reaction_window_ms: int = Field(3_000, ge=500, le=30_000)  # also the catch grace
    hush_counts_messages: bool = True
    hand_size: int = Field(8, ge=1, le=10)
    penalty_cards: int = Field(2, ge=0, le=10)
    grab_cards: int = Field(3, ge=1, le=10)
    grab_growth: int = Field(3, ge=0, le=10)
    # [decision] a player may draw while holding a playable card
    draw_with_playable: bool = True
    # [decision] a pending Grab intercepted by an identical Grab grows
    intercept_grows_grab: bool = True
    # [decision] «Не мешкай!»: timeouts in a row before a player is marked away
    away_after_timeouts: int = Field(3, ge=1, le=100)
    away_autoplay_ms: int = Field(5_000, ge=500, le=600_000)
    # pause between rounds; any player may start the next round sooner
    round_break_ms: int = Field(15_000, ge=0, le=3_600_000)
    # §7 Metamorphoses: one animal each, dealt at random or chosen in the lobby
    metamorphoses: bool = False
    animal_deal: Literal["random", "chosen"] = "random"
    # chosen animals: how long the table waits for picks; the rest are dealt at random
    setup_timer_ms: int = Field(60_000, ge=5_000, le=600_000)


@record(value=True)
class Attack:
    """A Grab or Snore aimed at ``target``, waiting for a transfer or acceptance."""

    kind: Literal["grab", "snore"]
    count: int  # cards to take (0 for a Snore)
    target: int


@record(value=True)
class Duty:
    """An animal's reaction owed by ``player`` before ``until_ms`` (the Hedgehog's)."""

    player: int
    until_ms: int
