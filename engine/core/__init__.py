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

A game in a few lines: Svintus for two players, from the registry.  The seed
fixes the deal and time is an argument (``now_ms``), so this runs the same
every time:

>>> from engine import registry
>>> from engine.core import Answer, Tick
>>> game = registry.get("svintus")
>>> state, events = game.start([1, 2], seed=7, now_ms=0)
>>> print(*(e.key for e in events))
svintus-ev-round-started
>>> game.waiting(state)
[Wait(kind='turn', players=[1], until_ms=30000)]

Everything player 1 may do now, each action as its code (a button's data),
and a code read back:

>>> moves = game.legal(state, 1)
>>> [game.encode(a) for a in moves]
['play.2x.n', 'play.2a.n', 'play.2r.n', 'draw', 'leave']
>>> play = game.decode("play.2x.n", player=1)
>>> play
Play(player=1, type='play', card=105, on=23)
>>> play == moves[0]
True

``apply`` returns a new state and the events to announce; the state it was
given is untouched, and an action the rules refuse raises ``RuleError`` with a
locale key:

>>> after, events = game.apply(state, play, now_ms=1_500)
>>> for e in events:
...     print(e.key, e.args)
svintus-ev-played {'player': 1, 'card': 105}
>>> state.seq, after.seq
(0, 1)
>>> game.apply(after, play, now_ms=2_000)
Traceback (most recent call last):
  ...
engine.core.protocol.RuleError: svintus-err-too-late

The card was a Polypig: player 1 must name a colour.  The question is a
prompt in that player's view alone, answered by one ``Answer``:

>>> prompt = game.view(after, 1).prompt
>>> prompt.key, prompt.options
('svintus-prompt-polypig-color', ['red', 'orange', 'green', 'blue'])
>>> game.view(after, 2).prompt is None
True
>>> answer = Answer(player=1, prompt=prompt.id, picks=["green"])
>>> game.encode(answer), game.is_legal(after, answer)
('answer.1.~green', True)
>>> state, events = game.apply(after, answer, now_ms=2_000)
>>> for e in events:
...     print(e.key, e.args)
svintus-ev-color-chosen {'player': 1, 'color': 'green'}

A view is what one player (or, with ``None``, the public) may see; its
``zone_counts`` account for every card:

>>> view = game.view(state, 2)
>>> view.zone_counts
{'deck': 95, 'pile': 2, 'hand:1': 7, 'hand:2': 8}
>>> len(view.hand), game.view(state).hand
(8, None)

When nobody acts, time changes the game: ``next_deadline`` says when, and a
``Tick`` lets it happen (player 2's turn runs out: they draw a card and pass):

>>> game.next_deadline(state)
32000
>>> state, events = game.apply(state, Tick(), now_ms=32_000)
>>> for e in events:
...     print(e.key, e.args)
svintus-ev-timeout {'player': 2}
svintus-ev-drew {'player': 2, 'count': 1}
>>> game.waiting(state)
[Wait(kind='turn', players=[1], until_ms=62000)]

A state is one JSON document (a session in Redis):

>>> text = game.dump(state)
>>> game.dump(game.load(text)) == text
True
"""

from engine.core.codec import Codec, CodecError
from engine.core.make import event, kept, wait
from engine.core.moves import Answers, Moves, answers, coded, plain, sight
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
    Sight,
    Standing,
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
    "Sight",
    "Standing",
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
    "coded",
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
    "sight",
    "to_jsonable",
    "wait",
]
