"""Every locale key the Candy Empire engine emits, in one place.

Argument conventions (the bot turns ids into names before formatting):

- players (ints): ``player``, ``target``, ``by``, ``partner``;
- cards (card ids, ints): ``card``, ``discarded`` — shown by the name of the
  card's character, ``candy-card-<character>`` (``cards.CHARACTER_OF[id]``);
- ``character``: a ``Character`` id (str), shown as ``candy-card-<character>``;
- numbers: ``count``, ``score``, ``points``, ``place``, ``game``, ``games``,
  ``min``, ``max``; ``until`` is a time in ms (the end of a reaction window).

Choice prompts (``kind="choice"``) offer ``Choice`` values; the bot labels
them ``candy-choice-<value>``.  Character prompts (``kind="character"``) offer
``Character`` ids.
"""

from __future__ import annotations

from enum import StrEnum


class Ev(StrEnum):
    STARTED = "candy-ev-started"  # player (who starts), count (cards in the deck)
    BIG_GAME_STARTED = "candy-ev-big-game-started"  # game, games, player (who starts)
    SETUP_DISCARD = "candy-ev-setup-discard"  # count (face down)
    PLAYED = "candy-ev-played"  # player, card (into their empire)
    PLAYED_FOR_ABILITY = "candy-ev-played-for-ability"  # player, card (openly to the discard)
    PROTECTED = "candy-ev-protected"  # player, card (the protected one)
    PROTECTED_OPEN = "candy-ev-protected-open"  # player, card, discarded («Всезнайка»)
    DISCARDED = "candy-ev-discarded"  # player
    DISCARDED_OPEN = "candy-ev-discarded-open"  # player, card («Всезнайка»)
    DECLINED = "candy-ev-declined"  # player, card (a "may" ability not used)
    NO_EFFECT = "candy-ev-no-effect"  # player, card (nothing the ability could do)
    DREW = "candy-ev-drew"  # player, count
    DREW_CARD = "candy-ev-drew-card"  # card (private: which card)
    HAND_LIMIT = "candy-ev-hand-limit"  # player, count (shuffled back into the deck)
    BOSS_TOOK = "candy-ev-boss-took"  # player, count
    BOSS_RETURNED = "candy-ev-boss-returned"  # player, count (on top of the deck)
    LAWYER_LOOKS = "candy-ev-lawyer-looks"  # player
    LAWYER_TOOK = "candy-ev-lawyer-took"  # player, card (from the discard into the empire)
    THIEF_TOOK = "candy-ev-thief-took"  # player, target, card
    THIEF_BACK = "candy-ev-thief-back"  # player, card (a Thief the Lawyer took goes back)
    HITMAN = "candy-ev-hitman"  # player, target, card (discarded from target's empire)
    POLICEMAN = "candy-ev-policeman"  # player, target, card
    DETECTIVE = "candy-ev-detective"  # player
    DETECTIVE_GAVE = "candy-ev-detective-gave"  # player (who gives up), card
    KIDNAPPED = "candy-ev-kidnapped"  # player, character, count (discarded from empires)
    KIDNAPPER_IDLE = "candy-ev-kidnapper-idle"  # player, target (whose hand is empty)
    JUDGE_SWAPPED = "candy-ev-judge-swapped"  # player, target
    JUDGE_SKIPPED = "candy-ev-judge-skipped"  # player
    SLY_COP_DISCARD = "candy-ev-sly-cop-discard"  # player, count (Snatchers from the discard)
    SLY_COP_TOOK = "candy-ev-sly-cop-took"  # player, target, count
    WINDOW_OPEN = "candy-ev-window-open"  # player (who may block), by, card, until
    BLOCKED = "candy-ev-blocked"  # player, by, card
    NOT_BLOCKED = "candy-ev-not-blocked"  # player
    TIMEOUT = "candy-ev-timeout"  # player
    AWAY = "candy-ev-away"  # player (their turns ran out again and again)
    AWAY_YOU = "candy-ev-away-you"  # player (private, to that player)
    BACK = "candy-ev-back"  # player (an away player pressed again)
    LEFT = "candy-ev-left"  # player, count (their hand, under the deck)
    GAME_OVER = "candy-ev-game-over"  # (scoring starts)
    SCORE = "candy-ev-score"  # player, score
    WON = "candy-ev-won"  # player, score
    TEAM_SCORE = "candy-ev-team-score"  # player, partner, score
    TEAM_WON = "candy-ev-team-won"  # player, partner, score
    PLACE = "candy-ev-place"  # player, place, points (big game, after each game)
    MATCH_WON = "candy-ev-match-won"  # player, points, score (big game)


class Err(StrEnum):
    BAD_ACTION = "candy-err-bad-action"
    BAD_OPTIONS = "candy-err-bad-options"
    PLAYER_COUNT = "candy-err-player-count"  # min, max
    TEAM_NEEDS_FOUR = "candy-err-team-needs-four"
    BIG_GAME_NEEDS_THREE = "candy-err-big-game-needs-three"
    DUPLICATE_PLAYER = "candy-err-duplicate-player"
    NOT_A_PLAYER = "candy-err-not-a-player"
    HAS_LEFT = "candy-err-has-left"
    GAME_OVER = "candy-err-game-over"
    BETWEEN_GAMES = "candy-err-between-games"
    NOT_BETWEEN_GAMES = "candy-err-not-between-games"
    NOT_YOUR_TURN = "candy-err-not-your-turn"
    ALREADY_ACTED = "candy-err-already-acted"
    ANSWER_FIRST = "candy-err-answer-first"
    WAIT_REACTION = "candy-err-wait-reaction"
    NOT_IN_HAND = "candy-err-not-in-hand"
    BANNED = "candy-err-banned"  # character
    NO_DISCARD_ABILITY = "candy-err-no-discard-ability"  # character
    NO_PROTECTING = "candy-err-no-protecting"
    NOTHING_TO_PROTECT = "candy-err-nothing-to-protect"
    NOT_IN_EMPIRE = "candy-err-not-in-empire"
    ALREADY_PROTECTED = "candy-err-already-protected"
    NO_WINDOW = "candy-err-no-window"
    TOO_LATE = "candy-err-too-late"
    NEED_TWO_SNATCHERS = "candy-err-need-two-snatchers"


class Pr(StrEnum):
    BOSS_USE = "candy-prompt-boss-use"
    BOSS_RETURN = "candy-prompt-boss-return"  # count
    LAWYER = "candy-prompt-lawyer"
    THIEF = "candy-prompt-thief"
    HITMAN = "candy-prompt-hitman"
    POLICEMAN = "candy-prompt-policeman"
    DETECTIVE = "candy-prompt-detective"  # player (whose Detective)
    KIDNAPPER = "candy-prompt-kidnapper"
    JUDGE = "candy-prompt-judge"
    SLY_COP = "candy-prompt-sly-cop"
    SKIP = "candy-prompt-skip"  # the decline button of a "may" ability


class Choice(StrEnum):
    """Options of ``choice`` prompts (labels: ``candy-choice-<value>``)."""

    TAKE = "take"  # the Boss: take 3 cards from the deck
