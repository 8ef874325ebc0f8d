"""Every locale key the Svintus engine emits, in one place.

Events, rule errors and prompts carry these keys; locales/{ru,en}/svintus.ftl
hold the words.  A test checks that each key has a message in both languages.

Arguments: ``player``, ``target``, ``catcher``, ``from_player`` are players;
``card`` and ``given`` are card ids, ``cards`` a list of them; ``animal`` an
``Animal`` value; ``color`` a ``Color`` value; ``until`` a time in ms.

A § is a section of docs/rules/svintus.md.
"""

from __future__ import annotations

from enum import StrEnum


class Ev(StrEnum):
    ROUND_STARTED = "svintus-ev-round-started"  # round, player (first), card
    START_CARD_RETURNED = "svintus-ev-start-card-returned"  # card
    PLAYED = "svintus-ev-played"  # player, card
    INTERCEPTED = "svintus-ev-intercepted"  # player, card, from_player
    INTERCEPTED_OWN = "svintus-ev-intercepted-own"  # player, card (on their own turn)
    TRANSFERRED = "svintus-ev-transferred"  # player, card, target, count
    GRAB_AIMED = "svintus-ev-grab-aimed"  # target, count
    SNORE_AIMED = "svintus-ev-snore-aimed"  # target
    GRAB_TAKEN = "svintus-ev-grab-taken"  # player, count
    SNORE_TAKEN = "svintus-ev-snore-taken"  # player
    LAST_GRAB = "svintus-ev-last-grab"  # player, count
    DIRECTION = "svintus-ev-direction"  # player, clockwise
    COLOR_NEEDED = "svintus-ev-color-needed"  # player (no longer said: in older logs only)
    COLOR_CHOSEN = "svintus-ev-color-chosen"  # player, color
    COLOR_AUTO = "svintus-ev-color-auto"  # player, color
    SILENCE_STARTED = "svintus-ev-silence-started"  # player
    SILENCE_ENDED = "svintus-ev-silence-ended"  # player
    SLAP_RACE = "svintus-ev-slap-race"  # player, until
    SLAPPED = "svintus-ev-slapped"  # player, place
    SLAP_ALL_IN = "svintus-ev-slap-all-in"  # player (the last one)
    DREW = "svintus-ev-drew"  # player, count
    DRAW_SKIPPED = "svintus-ev-draw-skipped"  # player
    PASSED = "svintus-ev-passed"  # player
    DECK_RESHUFFLED = "svintus-ev-deck-reshuffled"  # count
    DECLARED = "svintus-ev-declared"  # player
    CATCH_TOO_EARLY = "svintus-ev-catch-too-early"  # player, target
    PENALTY_CAUGHT = "svintus-ev-penalty-caught"  # player, count, catcher
    PENALTY_SLAP_LAST = "svintus-ev-penalty-slap-last"  # player, count
    PENALTY_SLAP_MISSED = "svintus-ev-penalty-slap-missed"  # player, count
    PENALTY_SILENCE = "svintus-ev-penalty-silence"  # player, count
    TIMEOUT = "svintus-ev-timeout"  # player
    AWAY = "svintus-ev-away"  # player
    AWAY_YOU = "svintus-ev-away-you"  # player (private, to that player)
    BACK = "svintus-ev-back"  # player
    ROUND_WON = "svintus-ev-round-won"  # player, points, score
    MATCH_WON = "svintus-ev-match-won"  # player, score
    WALKOVER = "svintus-ev-walkover"  # player
    ABANDONED = "svintus-ev-abandoned"  # (nobody left)
    PLAYER_LEFT = "svintus-ev-player-left"  # player, count (cards shuffled back)
    PLAYER_JOINED = "svintus-ev-player-joined"  # player
    ATTACK_CANCELLED = "svintus-ev-attack-cancelled"  # player (who left)
    # §7 Metamorphoses
    FLIPPED_DARK = "svintus-ev-flipped-dark"  # player, animal
    FLIPPED_LIGHT = "svintus-ev-flipped-light"  # player, animal
    ABILITY_CANCELLED = "svintus-ev-ability-cancelled"  # player
    TOOK = "svintus-ev-took"  # player, count (an ability made them take)
    TURN_LOST = "svintus-ev-turn-lost"  # player
    FROM_PILE = "svintus-ev-from-pile"  # player, count (Leaping Squirrel)
    MOUSE_SPARED = "svintus-ev-mouse-spared"  # player, count (what they take instead)
    ROOSTER_PASSES = "svintus-ev-rooster-passes"  # player (the Rooster), target
    FOX_BITE = "svintus-ev-fox-bite"  # player (the Fox), target, count
    HEDGEHOG_DUTY = "svintus-ev-hedgehog-duty"  # player, until
    HEDGEHOG_TOOK = "svintus-ev-hedgehog-took"  # player, count
    PENALTY_DUTY_MISSED = "svintus-ev-penalty-duty-missed"  # player, count
    PORCUPINE = "svintus-ev-porcupine"  # player
    FLYING_SQUIRREL = "svintus-ev-flying-squirrel"  # player, target, count
    BOOR_HOG = "svintus-ev-boor-hog"  # player, count
    NINJA = "svintus-ev-ninja"  # player, count, card (the new top)
    EAGLE_OWL_LOOKS = "svintus-ev-eagle-owl-looks"  # player, target
    EAGLE_OWL_SWAPS = "svintus-ev-eagle-owl-swaps"  # player, target
    TOMCAT = "svintus-ev-tomcat"  # player, until
    MAD_HARE = "svintus-ev-mad-hare"  # player, target, clockwise
    SILVER_FOX_TAKES = "svintus-ev-silver-fox-takes"  # player, target
    SILVER_FOX_GIVES = "svintus-ev-silver-fox-gives"  # player, target, count
    ALARM_ROOSTER = "svintus-ev-alarm-rooster"  # player
    MINOTAUR = "svintus-ev-minotaur"  # player, color
    ROAMING_BEAR = "svintus-ev-roaming-bear"  # player, target, count (theirs), mine
    MULE = "svintus-ev-mule"  # player, target
    BAT = "svintus-ev-bat"  # player, card
    SHAPESHIFTER = "svintus-ev-shapeshifter"  # player, color
    MAMMOTH = "svintus-ev-mammoth"  # player
    # private: told to one player only (``Event.to``)
    YOU_TOOK = "svintus-ev-you-took"  # card, target (the Silver Fox's owner: what it snatched)
    TAKEN_FROM_YOU = "svintus-ev-taken-from-you"  # card, player (who snatched it)
    GIVEN_TO_YOU = "svintus-ev-given-to-you"  # player, cards
    SWAPPED_WITH_YOU = "svintus-ev-swapped-with-you"  # player, card (taken from you), given
    # setup with chosen animals
    SETUP_STARTED = "svintus-ev-setup-started"  # until
    ANIMAL_PICKED = "svintus-ev-animal-picked"  # player, animal
    ANIMAL_DEALT = "svintus-ev-animal-dealt"  # player, animal (time ran out: dealt at random)


class Err(StrEnum):
    BAD_ACTION = "svintus-err-bad-action"
    BAD_OPTIONS = "svintus-err-bad-options"
    PLAYER_COUNT = "svintus-err-player-count"  # min, max
    DUPLICATE_PLAYER = "svintus-err-duplicate-player"
    NOT_A_PLAYER = "svintus-err-not-a-player"
    MATCH_OVER = "svintus-err-match-over"
    ROUND_OVER = "svintus-err-round-over"
    NOT_BETWEEN_ROUNDS = "svintus-err-not-between-rounds"
    ALREADY_SEATED = "svintus-err-already-seated"
    TABLE_FULL = "svintus-err-table-full"
    NOT_YOUR_TURN = "svintus-err-not-your-turn"
    NOT_IN_HAND = "svintus-err-not-in-hand"
    TOO_LATE = "svintus-err-too-late"
    NO_MATCH = "svintus-err-no-match"
    NOT_IDENTICAL = "svintus-err-not-identical"
    START_CARD = "svintus-err-start-card"
    MUST_ANSWER_ATTACK = "svintus-err-must-answer-attack"
    NOTHING_TO_ACCEPT = "svintus-err-nothing-to-accept"
    CHOOSE_COLOR_FIRST = "svintus-err-choose-color-first"
    NO_COLOR_TO_CHOOSE = "svintus-err-no-color-to-choose"
    ONLY_DRAWN_CARD = "svintus-err-only-drawn-card"
    ALREADY_DREW = "svintus-err-already-drew"
    MUST_PLAY = "svintus-err-must-play"
    CANNOT_PASS = "svintus-err-cannot-pass"
    RACE_ON = "svintus-err-race-on"
    NO_RACE = "svintus-err-no-race"
    ALREADY_SLAPPED = "svintus-err-already-slapped"
    CANNOT_DECLARE = "svintus-err-cannot-declare"
    NOBODY_TO_CATCH = "svintus-err-nobody-to-catch"
    CATCH_YOURSELF = "svintus-err-catch-yourself"  # the presser is the one with one card
    NO_SILENCE = "svintus-err-no-silence"
    # §7 Metamorphoses
    NO_ANIMAL = "svintus-err-no-animal"
    NOT_DARK = "svintus-err-not-dark"
    ABILITY_ON = "svintus-err-ability-on"
    ABILITY_CANNOT = "svintus-err-ability-cannot"
    NO_DUTY = "svintus-err-no-duty"
    ANIMAL_NO_INTERCEPT = "svintus-err-animal-no-intercept"
    ANIMAL_NO_TRANSFER = "svintus-err-animal-no-transfer"
    ANIMAL_NO_POLYPIG = "svintus-err-animal-no-polypig"
    ANIMAL_NUMBER_TOO_HIGH = "svintus-err-animal-number-too-high"
    NOT_SETUP = "svintus-err-not-setup"
    SETUP_ON = "svintus-err-setup-on"
    ANIMAL_TAKEN = "svintus-err-animal-taken"  # player (who has it)
    ANIMAL_ALREADY_YOURS = "svintus-err-animal-already-yours"


class Pr(StrEnum):
    """The questions prompts ask: a Polypig's colour, a dark ability's steps (args: least, most, target)."""

    POLYPIG_COLOR = "svintus-prompt-polypig-color"  # a Polypig played: name the colour
    TARGET = "svintus-prompt-target"
    COLOR = "svintus-prompt-color"
    PLAY = "svintus-prompt-play"
    TAKE_ONE = "svintus-prompt-take-one"  # the Shapeshifter's "nothing to play": take 1
    LEAD = "svintus-prompt-lead"
    NINJA_MORE = "svintus-prompt-ninja-more"
    CARDS = "svintus-prompt-cards"
    BOOR_HOG = "svintus-prompt-boor-hog"
    BAT = "svintus-prompt-bat"
    GIVE_TWO = "svintus-prompt-give-two"
    GIVE = "svintus-prompt-give"
    TAKE = "svintus-prompt-take"
