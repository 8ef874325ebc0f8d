"""The Metamorphoses menagerie (docs/rules/svintus.md §7) as data.

Each animal has a light side (a standing rule, given as flags the turn logic
consults) and a dark side (an ability used instead of a turn, given as the
choices it needs; ``abilities.py`` says what it does).  Changing the roster is a
change to this table and, for a new kind of ability, one resolver.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class Animal(StrEnum):
    HEDGEHOG = "hedgehog"
    SQUIRREL = "squirrel"
    POLITE_PIG = "polite-pig"
    TURTLE = "turtle"
    OWL = "owl"
    CAT = "cat"
    HARE = "hare"
    FOX = "fox"
    ROOSTER = "rooster"
    COW = "cow"
    BEAR = "bear"
    DONKEY = "donkey"
    MOUSE = "mouse"
    CHAMELEON = "chameleon"
    ELEPHANT = "elephant"


ANIMALS: Final[tuple[Animal, ...]] = tuple(Animal)


@dataclass(frozen=True)
class Light:
    """A light side's standing rule.  Every field's default means "no change"."""

    # plays it forbids
    no_intercept: bool = False  # Turtle
    no_transfer: bool = False  # Hare
    no_polypig: bool = False  # Cow
    no_higher_number: bool = False  # Polite Pig
    # matching and drawing
    numbers_on_polypig: bool = False  # Chameleon: any number fits a Polypig
    must_play: bool = False  # Donkey: no draw while holding a playable card
    draws: int = 1  # Bear: a draw instead of a play takes this many
    # taking cards
    takes_from_pile: bool = False  # Leaping Squirrel: from just under the pile's top
    fewer_from: int = 0  # Mouse: taking at least this many at once, take 1 fewer
    grab_bonus: int = 0  # Elephant: its Grab's victim takes this many more
    # reactions and turns
    snore_passes: bool = False  # Rooster: a Snore aimed at it moves on
    race_exempt: bool = False  # Cat: never the one who takes in a slap race
    duty_on_intercept: bool = False  # Hedgehog: takes 1 when an opponent intercepts
    intercept_bite: int = 0  # Fox: whoever's turn it took takes this many
    # what its owner sees
    sees_deck_top: bool = False  # Owl


# The steps a dark ability may ask its owner for, in order: each is one prompt.
TARGET: Final = "target"  # an opponent
LEAD: Final = "lead"  # the first card of a set (the Ninja Turtle's, which must fit)
CARDS: Final = "cards"  # cards from one's own hand
GIVE: Final = "give"  # one of one's own cards to swap away (the target's hand in sight)
TAKE: Final = "take"  # one of the target's cards to take in exchange
COLOR: Final = "color"  # a colour
PLAY: Final = "play"  # a card that fits (or take 1)


@dataclass(frozen=True)
class Dark:
    """A dark side's ability: the choices it needs, in order."""

    steps: tuple[str, ...] = ()
    min_cards: int = 0  # for the CARDS step; capped by what the hand holds
    max_cards: int = 0


LIGHT: Final[dict[Animal, Light]] = {
    Animal.HEDGEHOG: Light(duty_on_intercept=True),
    Animal.SQUIRREL: Light(takes_from_pile=True),
    Animal.POLITE_PIG: Light(no_higher_number=True),
    Animal.TURTLE: Light(no_intercept=True),
    Animal.OWL: Light(sees_deck_top=True),
    Animal.CAT: Light(race_exempt=True),
    Animal.HARE: Light(no_transfer=True),
    Animal.FOX: Light(intercept_bite=1),
    Animal.ROOSTER: Light(snore_passes=True),
    Animal.COW: Light(no_polypig=True),
    Animal.BEAR: Light(draws=2),
    Animal.DONKEY: Light(must_play=True),
    Animal.MOUSE: Light(fewer_from=3),
    Animal.CHAMELEON: Light(numbers_on_polypig=True),
    Animal.ELEPHANT: Light(grab_bonus=1),
}

DARK: Final[dict[Animal, Dark]] = {
    Animal.HEDGEHOG: Dark(),  # Porcupine: every opponent takes 1
    Animal.SQUIRREL: Dark((TARGET, CARDS), 2, 2),  # Flying Squirrel: give 2 to an opponent
    Animal.POLITE_PIG: Dark((CARDS,), 0, 2),  # Boor Hog: up to 2 under the deck
    Animal.TURTLE: Dark((LEAD, CARDS), 1, 2),  # Ninja Turtle: a fitting number, 1–2 more of its value
    Animal.OWL: Dark((TARGET, GIVE, TAKE)),  # Eagle-Owl: look and swap one for one
    Animal.CAT: Dark(),  # Tomcat: a slap race it is exempt from
    Animal.HARE: Dark(),  # Mad Hare: reverse, the next one loses a turn
    Animal.FOX: Dark((TARGET, CARDS), 2, 2),  # Silver Fox: take 1 at random, give 2
    Animal.ROOSTER: Dark(),  # Alarm Rooster: the shorter hands take 1
    Animal.COW: Dark((COLOR,)),  # Minotaur: no card of the colour, take 2
    Animal.BEAR: Dark((TARGET,)),  # Roaming Bear: two hands shuffled and re-dealt
    Animal.DONKEY: Dark((TARGET,)),  # Stubborn Mule: the target loses its next turn
    Animal.MOUSE: Dark((CARDS,), 1, 1),  # Bat: one card on the pile, no effect
    Animal.CHAMELEON: Dark((COLOR, PLAY)),  # Shapeshifter: new colour, then play or take 1
    Animal.ELEPHANT: Dark(),  # Mammoth: the next two lose a turn
}

NO_LIGHT: Final = Light()
