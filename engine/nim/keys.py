"""Every locale key the Nim engine emits (the bot's words are in locales/*/nim.ftl)."""

from __future__ import annotations

from enum import StrEnum


class Ev(StrEnum):
    TOOK = "nim-ev-took"  # player, count, left
    TIMED_OUT = "nim-ev-timed-out"  # player: their turn ran out, they took one
    WON = "nim-ev-won"  # player
    PLAYER_LEFT = "nim-ev-player-left"  # player, count (their cards back on the pile)


class Err(StrEnum):
    BAD_ACTION = "nim-err-bad-action"
    BAD_OPTIONS = "nim-err-bad-options"
    PLAYER_COUNT = "nim-err-player-count"  # min, max
    NOT_YOUR_TURN = "nim-err-not-your-turn"
    TOO_MANY = "nim-err-too-many"  # max
    OVER = "nim-err-over"
