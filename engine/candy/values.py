"""What a Candy Empire state holds that is never changed in place: the table's
options (a pydantic model), the ability steps' names, a reaction window, the
scores and results of the games played.

A § is a section of docs/rules/candy_empire.md."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.candy.cards import Character
from engine.core import record


class CandyOptions(BaseModel):
    """Table options (sheet §3, §5) with their defaults."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # the Snatcher's block: how long the targeted player has to decide
    reaction_window_ms: int = Field(5_000, ge=1_000, le=60_000)
    # 0: off.  On timeout the referee discards a random card for the player and
    # answers their open prompts (decline a "may", a seeded random pick for a "must")
    turn_timer_ms: int = Field(60_000, ge=0, le=600_000)
    # [decision] after this many timed-out turns in a row a player is away: the
    # referee plays for them after ``away_autoplay_ms``; any press of theirs brings them back
    away_after_timeouts: int = Field(2, ge=1, le=100)
    away_autoplay_ms: int = Field(5_000, ge=500, le=600_000)
    team_game: bool = False  # 4 players, partners sit alternately, team score
    big_game: bool = False  # 5 games, places 1/2/3 earn 3/2/1 points
    # big game: pause between games; any player may start the next one sooner (0: at once)
    break_ms: int = Field(15_000, ge=0, le=600_000)
    defenceless: bool = False  # «Беззащитность»: no protecting
    no_limits: bool = False  # «Без границ»: two players with the full deck and all combos
    open_discard: bool = False  # «Всезнайка»: the discard pile is open to everyone

    @model_validator(mode="after")
    def _one_variant(self) -> CandyOptions:
        # [decision] the team game and the big game do not combine
        if self.team_game and self.big_game:
            raise ValueError("team_game and big_game")
        return self


class Step:
    """The ability steps: each is the ``then`` of a prompt in the core's queue
    (``engine.core.ask``), with ``data`` {"owner", "card", "via_lawyer"}: whose
    ability, the card whose ability it is, and whether a Lawyer brought it back
    from the discard.  ``abilities.STEPS`` carries each one out."""

    BOSS_USE = "boss_use"
    BOSS_RETURN = "boss_return"
    LAWYER = "lawyer"
    THIEF = "thief"
    HITMAN = "hitman"
    POLICEMAN = "policeman"
    DETECTIVE = "detective"
    KIDNAPPER = "kidnapper"
    JUDGE = "judge"
    SLY_COP = "sly_cop"


@record(value=True)
class Reaction:
    """An open Snatcher window: ``player`` may block ``by``'s ``card`` until ``until_ms``."""

    player: int
    by: int
    card: int  # the Judge or Policeman
    until_ms: int
    take: int | None = None  # the Policeman's chosen card


@record(value=True)
class ComboMade:
    a: Character
    b: Character
    count: int  # pairs made
    candies: int  # all of them together


@record(value=True)
class Score:
    """A player's candies in the sheet's four steps (§4)."""

    cards: int  # 1. the candies printed on the cards
    buyer: int  # 2. the Candy Buyer's +2 per Snatcher and Candy Thief
    pickpockets: int  # 3. +2 per pair of Pickpockets
    combos: int  # 4. combo bonuses
    total: int
    made: list[ComboMade] = []


@record(value=True)
class GameResult:
    """One finished game: each player's score, and in a big game their place and points."""

    game: int
    scores: dict[int, Score]
    places: dict[int, int] = {}
    points: dict[int, int] = {}
    winners: list[int] = []
