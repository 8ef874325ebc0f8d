"""Every locale key the Dobble engine emits, in one place.

Argument conventions (the bot turns ids into words):

- players (ints): ``player``, ``target``, ``winner``;
- symbols (ints 0..56): ``symbol`` — the bot shows the emoji and name of the
  table's symbol set (``engine.dobble.symbols.glyph_key``/``name_key``);
- modes (str): ``mode`` — one of tower, well, catch, gift (``dobble-mode-<mode>``);
- numbers: ``count``, ``points``, ``number``, ``total``, ``round``, ``rounds``,
  ``min``, ``max``.

No key carries a card id: cards are known by their symbols.
Besides these, locales/{ru,en}/dobble.ftl hold the game's name, the mode names
and short rules (``dobble-mode-<mode>``, ``dobble-mode-<mode>-rules``),
``dobble-rules`` and the symbols.
"""

from __future__ import annotations

from enum import StrEnum


class Ev(StrEnum):
    MODE_STARTED = "dobble-ev-mode-started"  # mode, number, total
    ROUND_STARTED = "dobble-ev-round-started"  # round, rounds (Catch Them All)
    TOOK = "dobble-ev-took"  # player, symbol, count (Tower: the centre card is theirs)
    PLAYED = "dobble-ev-played"  # player, symbol, count (Well: cards left)
    CAUGHT = "dobble-ev-caught"  # player, symbol, count (Catch Them All)
    GIFTED = "dobble-ev-gifted"  # player, target, symbol, count (Poisoned Gift: target's cards)
    WRONG = "dobble-ev-wrong"  # player, symbol — private to the player: locked out
    LOCKS_LIFTED = "dobble-ev-locks-lifted"  # everybody missed: nobody is locked any more
    DUEL_STARTED = "dobble-ev-duel-started"  # count (players tied for first)
    DUEL_WON = "dobble-ev-duel-won"  # player, symbol
    MODE_WON = "dobble-ev-mode-won"  # mode, player, points, match ("true": a match's mini-game)
    MATCH_WON = "dobble-ev-match-won"  # player, points
    PLAYER_LEFT = "dobble-ev-player-left"  # player, count (cards set aside)
    WALKOVER = "dobble-ev-walkover"  # player (the last one at the table)


class Err(StrEnum):
    BAD_ACTION = "dobble-err-bad-action"
    BAD_OPTIONS = "dobble-err-bad-options"
    PLAYER_COUNT = "dobble-err-player-count"  # min, max
    DUPLICATE_PLAYER = "dobble-err-duplicate-player"
    NOT_A_PLAYER = "dobble-err-not-a-player"
    OVER = "dobble-err-over"
    SECOND = "dobble-err-second"  # winner, symbol: right, but somebody was first
    OLD_CARD = "dobble-err-old-card"  # the press was made on a card no longer in play
    NOT_YET = "dobble-err-not-yet"  # the countdown runs: the card is not up yet
    LOCKED = "dobble-err-locked"  # a wrong press on this card already
    NOT_ON_CARD = "dobble-err-not-on-card"  # the symbol is on neither card
    NOT_IN_DUEL = "dobble-err-not-in-duel"
