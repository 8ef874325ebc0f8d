"""Every locale key the Smash Up engine emits, in one place (plus the ones a
faction module registers with ``register_keys``/``register_choices``).

Argument conventions (the bot turns ids into words):

- players (ints): ``player``, ``target``, ``owner``, ``winner``, ``from_player``;
- cards (card ids, str): ``card`` (the card acting or concerned; in a
  prompt, the card asking — a base id when a base's ability asks: ids are
  unique across cards and bases), ``minion`` (a minion's card id),
  ``source`` (the card or base whose ability did it);
  ``cards``: a list of card ids (the bot joins their names);
- bases (base ids, str): ``base``, ``from_base``, ``to_base``, ``new_base``;
- factions (faction ids, str): ``faction``, ``factions`` (a list);
- numbers: ``count``, ``points``, ``place``, ``amount``, ``power``, ``score``,
  ``round``, ``min``, ``max``, ``madness``.

Names: ``smashup-card-<card id>``, ``smashup-card-<id>-text``,
``smashup-base-<base id>``, ``smashup-base-<id>-text``,
``smashup-faction-<faction id>``; a prompt option of kind ``choice`` is
labelled ``smashup-choice-<option>``.
"""

from __future__ import annotations

from enum import StrEnum


class Ev(StrEnum):
    # setup
    FIRST_PLAYER = "smashup-ev-first-player"  # player
    DRAFTED = "smashup-ev-drafted"  # player, faction
    DECKS_READY = "smashup-ev-decks-ready"  # player, factions
    BASE_REVEALED = "smashup-ev-base-revealed"  # base
    MULLIGAN = "smashup-ev-mulligan"  # player, cards (the shown hand)
    KEEP = "smashup-ev-keep"  # player
    # turn
    TURN = "smashup-ev-turn"  # player, round
    PLAYED_MINION = "smashup-ev-played-minion"  # player, card, base
    PLAYED_ACTION = "smashup-ev-played-action"  # player, card
    PLAYED_ON_MINION = "smashup-ev-played-on-minion"  # player, card, minion, base
    PLAYED_ON_BASE = "smashup-ev-played-on-base"  # player, card, base
    PLAYED_SPECIAL = "smashup-ev-played-special"  # player, card, base
    USED_SPECIAL = "smashup-ev-used-special"  # player, card, base (from play)
    TALENT = "smashup-ev-talent"  # player, card
    END_PLAYS = "smashup-ev-end-plays"  # player
    DREW = "smashup-ev-drew"  # player, count
    DREW_CARDS = "smashup-ev-drew-cards"  # player, cards (private)
    RESHUFFLED = "smashup-ev-reshuffled"  # player, count
    DISCARDED = "smashup-ev-discarded"  # player, cards
    TURN_END = "smashup-ev-turn-end"  # player
    EXTRA_PLAY = "smashup-ev-extra-play"  # player, source, kind
    # minions and actions
    DESTROYED = "smashup-ev-destroyed"  # owner, card, base
    ACTION_DESTROYED = "smashup-ev-action-destroyed"  # owner, card
    PROTECTED = "smashup-ev-protected"  # card, base
    MOVED = "smashup-ev-moved"  # card, from_base, to_base
    RETURNED = "smashup-ev-returned"  # owner, card
    CONTROL = "smashup-ev-control"  # player, card, owner
    CONTROL_BACK = "smashup-ev-control-back"  # player, card
    POWER = "smashup-ev-power"  # card, amount
    TRANSFERRED = "smashup-ev-transferred"  # card, minion
    REPLACED = "smashup-ev-replaced"  # card (the minion), source (the replacing card)
    TO_DECK = "smashup-ev-to-deck"  # owner, card (shuffled into the deck)
    TO_BOTTOM = "smashup-ev-to-bottom"  # owner, card
    TO_HAND = "smashup-ev-to-hand"  # player, card
    REVEALED = "smashup-ev-revealed"  # player, cards
    VP = "smashup-ev-vp"  # player, points, source
    # scoring
    SCORING = "smashup-ev-scoring"  # base
    PASSED = "smashup-ev-passed"  # player
    PLACE = "smashup-ev-place"  # player, place, points, power, base
    BASE_DONE = "smashup-ev-base-done"  # base, new_base
    BASES_RESHUFFLED = "smashup-ev-bases-reshuffled"  # count
    # madness
    MADNESS_DRAWN = "smashup-ev-madness-drawn"  # player, count
    MADNESS_RETURNED = "smashup-ev-madness-returned"  # player
    MADNESS_PENALTY = "smashup-ev-madness-penalty"  # player, madness, points
    # the end
    TIE_PLAY_ON = "smashup-ev-tie-play-on"  # score
    WON = "smashup-ev-won"  # winner, score
    TIMEOUT = "smashup-ev-timeout"  # player
    AWAY = "smashup-ev-away"  # player (two of their turns in a row ran out)
    AWAY_YOU = "smashup-ev-away-you"  # player (private, to that player)
    BACK = "smashup-ev-back"  # player (an away player pressed again)
    LEFT = "smashup-ev-left"  # player
    ABANDONED = "smashup-ev-abandoned"


class Err(StrEnum):
    BAD_ACTION = "smashup-err-bad-action"
    BAD_OPTIONS = "smashup-err-bad-options"
    PLAYER_COUNT = "smashup-err-player-count"  # min, max
    DUPLICATE_PLAYER = "smashup-err-duplicate-player"
    TOO_FEW_FACTIONS = "smashup-err-too-few-factions"  # count
    NOT_A_PLAYER = "smashup-err-not-a-player"
    GAME_OVER = "smashup-err-game-over"
    SETUP = "smashup-err-setup"
    NOT_YOUR_TURN = "smashup-err-not-your-turn"
    BUSY = "smashup-err-busy"  # a card is still resolving
    NOT_IN_HAND = "smashup-err-not-in-hand"
    SPECIAL_ONLY = "smashup-err-special-only"
    BAD_TARGET = "smashup-err-bad-target"
    NO_PLAYS = "smashup-err-no-plays"
    FORBIDDEN = "smashup-err-forbidden"
    PROTECTED = "smashup-err-protected"
    NO_TALENT = "smashup-err-no-talent"
    TALENT_USED = "smashup-err-talent-used"


class Pr(StrEnum):
    # the framework's own questions
    DRAFT = "smashup-prompt-draft"  # round
    MULLIGAN = "smashup-prompt-mulligan"
    MULLIGAN_KEEP = "smashup-prompt-mulligan-keep"  # (a hand with a minion: keep is the only answer)
    SCORE_ORDER = "smashup-prompt-score-order"
    ME_FIRST = "smashup-prompt-me-first"  # base
    AFTER_SCORING = "smashup-prompt-after-scoring"  # base
    HAND_LIMIT = "smashup-prompt-hand-limit"  # count
    ORDER = "smashup-prompt-order"  # (the current player orders triggers)
    REPLACE = "smashup-prompt-replace"  # minion
    MAY_REPLACE = "smashup-prompt-may-replace"  # minion, source
    ACTION_DONE = "smashup-prompt-action-done"  # card
    PASS = "smashup-prompt-pass"  # skip label
    NO = "smashup-prompt-no"  # skip label
    NONE = "smashup-prompt-none"  # skip label ("none of them")
    # questions cards ask (card = the asking card)
    CONTROL = "smashup-prompt-control"  # card
    DESTROY = "smashup-prompt-destroy"  # card
    DESTROY_OWN = "smashup-prompt-destroy-own"  # card
    MOVE = "smashup-prompt-move"  # card
    MOVE_MANY = "smashup-prompt-move-many"  # card
    MOVE_TO = "smashup-prompt-move-to"  # card
    PICK_BASE = "smashup-prompt-pick-base"  # card
    RETURN = "smashup-prompt-return"  # card
    POWER = "smashup-prompt-power"  # card, amount
    ACTION_DESTROY = "smashup-prompt-action-destroy"  # card
    TRANSFER_FROM = "smashup-prompt-transfer-from"  # card
    TRANSFER_TO = "smashup-prompt-transfer-to"  # card
    FROM_DISCARD = "smashup-prompt-from-discard"  # card
    EFFECT = "smashup-prompt-effect"  # card
    PLAY_REVEALED = "smashup-prompt-play-revealed"  # card, base
    ORDER_TOP = "smashup-prompt-order-top"  # card
    CHOOSE_MINION = "smashup-prompt-choose-minion"  # card
    MAY = "smashup-prompt-may"  # card


class Choice(StrEnum):
    """Options of ``choice`` prompts; each is labelled ``smashup-choice-<value>``."""

    KEEP = "keep"
    REDRAW = "redraw"
    YES = "yes"
    DISCARD = "discard"
    BOTTOM = "bottom"
    HAND = "hand"
    # a Madness card
    DRAW2 = "draw2"
    RETURN_MADNESS = "return-madness"


CHOICE_PREFIX = "smashup-choice-"

_EXTRA_KEYS: list[str] = []
_CHOICES: list[str] = [c.value for c in Choice]


def register_keys(*keys: str) -> None:
    """A faction module's own prompt/event keys (values of its StrEnum)."""
    for k in keys:
        if str(k) not in _EXTRA_KEYS:
            _EXTRA_KEYS.append(str(k))


def register_choices(*values: str) -> None:
    """Options of a faction's ``choice`` prompts (each needs ``smashup-choice-<value>``)."""
    for v in values:
        if str(v) not in _CHOICES:
            _CHOICES.append(str(v))


def all_keys() -> list[str]:
    keys = [*map(str, Ev), *map(str, Err), *map(str, Pr), *_EXTRA_KEYS]
    keys += [CHOICE_PREFIX + c for c in _CHOICES]
    return list(dict.fromkeys(keys))


def choices() -> list[str]:
    return list(_CHOICES)
