"""What every game shares: the protocol, the rules template, prompts, the action
codec, records and randomness.  Import from here: ``from engine.core import …``.

- ``protocol``: ``Game``, ``Event``, ``RuleError``, ``Tick``, ``PlayerAction``,
  ``Leave``, ``Wait``, ``Outcome``, ``View``, ``Prompt``, ``Answer``, ``Pending``;
- ``rules``: ``Rules`` (the template ``apply``, the moves table, ``legal`` and
  ``is_legal``, JSON), ``State``, ``Moves``, ``@move``, ``@resume``;
- ``prompts``: the prompt queue (``ask``, ``pending_of``, ``check_answer``,
  ``Answers``);
- ``codec``: every action as a short string and back;
- ``records``: ``@record`` (fast typed values; ``clone`` and JSON at the
  edges, derived from the annotations);
- ``rng``: the seeded random numbers.
"""

from engine.core.codec import Codec, CodecError
from engine.core.make import event, kept, wait
from engine.core.moves import Answers, Moves, answers, plain
from engine.core.prompts import PromptKey, ask, check_answer, fits, pending_of
from engine.core.protocol import (
    Answer,
    AnyGame,
    ArgValue,
    Event,
    Game,
    Leave,
    Outcome,
    Pending,
    PlayerAction,
    Prompt,
    PromptValue,
    RuleError,
    State,
    Status,
    Tick,
    View,
    Wait,
    WaitKind,
    hand_zone,
)
from engine.core.records import clone, deep_copy, dump, is_value, load, record, replace, to_jsonable
from engine.core.rng import rng_below, rng_next, rng_seed, rng_shuffle
from engine.core.rules import Out, Rules, interned, move, resume

__all__ = [
    "Answer",
    "Answers",
    "AnyGame",
    "ArgValue",
    "Codec",
    "CodecError",
    "Event",
    "Game",
    "Leave",
    "Moves",
    "Out",
    "Outcome",
    "Pending",
    "PlayerAction",
    "Prompt",
    "PromptKey",
    "PromptValue",
    "RuleError",
    "Rules",
    "State",
    "Status",
    "Tick",
    "View",
    "Wait",
    "WaitKind",
    "answers",
    "ask",
    "check_answer",
    "clone",
    "deep_copy",
    "dump",
    "event",
    "fits",
    "hand_zone",
    "interned",
    "is_value",
    "kept",
    "load",
    "move",
    "pending_of",
    "plain",
    "record",
    "replace",
    "resume",
    "rng_below",
    "rng_next",
    "rng_seed",
    "rng_shuffle",
    "to_jsonable",
    "wait",
]
