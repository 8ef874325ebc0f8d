"""Smash Up («Замес»): the rules engine, as docs/rules/smashup.md specifies the game
(a § in this package is a section of that sheet).

How it is built — read this before adding a faction, a box or a base.

Layout
------
- ``cards.py``     card data: ``CardDef`` (id, faction, minion/action, power,
                   copies, where it is played, special), ``BaseDef``,
                   ``FactionDef``, ``BoxDef`` and their registries.
- ``abilities.py`` the ability registry: one ``Ability`` per card/base id with
                   its steps and hooks (the list of timings is its docstring).
- ``G``, the toolkit abilities use on a state, in layers, one a module:
  ``board.py``     the board index: ``Board`` (where everything in play is,
                   kept on the state) and ``InPlay``, the lookups on it;
  ``queries.py``   ``Q(InPlay)``: cards, players, power, protections, piles
                   (read only: legal moves, views and every hook but a step);
  ``piles.py``     ``Piles(Q)``: the immediate changes off the board (events,
                   triggers, piles, plays, VP, Madness);
  ``effects.py``   ``G(Piles)``: the immediate changes to what is in play —
                   the whole toolkit a step gets.
- ``tasks.py``     the scheduler: the steps a handler returns (``ask``,
                   ``go``, ``destroy``, ``play``, ``call``, ``fire_now``) and
                   ``run``, which resolves the task stack.
- the rules' own steps, registered as the abilities of ``core``, a module a
  subject:
  ``setup.py``     the new game's cards, the draft, the deal, the mulligan;
  ``turn.py``      the turn: its start, the end of one's plays, the draw,
                   the hand limit, its end, the next player;
  ``play.py``      playing a card from hand (the credit spent, where a played
                   action goes);
  ``destroy.py``   destruction with its replacements;
  ``scoring.py``   the scoring pipeline with the Me-First windows, places
                   and VP, a base's cards leaving, the base replaced;
  ``end.py``       the end of the game (the Madness penalty, the winner);
  ``triggers.py``  the triggers fired, in the order the current player picks;
  ``prompts.py``   a question opened, answered, or timed out.
- ``legal.py``     what a player may do now: where a card may go, the one
                   rule of what a play credit allows (``allows``), the credit
                   a play spends, the plays of a whole hand, the talents.
- ``views.py``     what one may see: the public view, a seat's, zone counts.
- ``kit.py``       the faction author's kit: what a faction, a box or the
                   Madness card imports, from one place, and the helpers they
                   share (the usual questions, targets).
- ``factions/<faction>.py``  one module a faction: its 20 cards
                   (``register_faction``) and their abilities.
- ``bases/<box>.py``  one module a box: ``register_box`` (``madness=True`` for
                   a box that brings the Madness deck) and its bases with
                   their abilities.
- ``madness.py``   the Madness card; the penalty lives in ``end.check_end``.
- ``keys.py``      locale keys (framework); a faction module adds its own with
                   ``register_keys`` / ``register_choices``.
- ``models.py``    the state, actions and views (records) and the migration of
                   stored states: the package's leaf (it imports nothing of it).
- ``game.py``      ``GAME``, the handlers on the core's template
                   (``engine.core.Rules``), the timers, a player leaving.

Adding a faction (phase 2)
--------------------------
1. ``factions/<faction>.py``: ``register_faction(FactionDef(id, box, (minion(...),
   action(...), ...)))`` — 20 cards; ids are unique across all cards and bases
   and never change.  Everything it needs comes from ``engine.smashup.kit``
   (one import).  Import the module in ``factions/__init__.py``.
2. For each card with an ability, ``A = ability("<card id>")`` and decorate its
   steps (``@A.on_play``, ``@A.talent(ok=...)``, ``@A.special(...)``,
   ``@A.trigger(name, when=...)``, ``@A.instead_destroy(...)``, ``@A.step(name)``)
   or set its hooks (``A.power``, ``A.protect``, ``A.forbid``,
   ``A.instead_discard``, ``A.clear_card``, ``A.indestructible`` …).
3. Bases of the box in ``bases/<box>.py`` (imported in ``bases/__init__.py``).
4. Names and texts in the locale files (``smashup-card-<id>``,
   ``smashup-card-<id>-text``, ``smashup-base-<id>[-text]``,
   ``smashup-faction-<id>``, ``smashup-box-<id>``, choice labels
   ``smashup-choice-<value>``) in ``locales/{ru,en}/smashup.ftl``, a section
   per box.
5. A test file ``tests/engine/test_smashup_<faction>.py`` built with
   ``tests/engine/smashup_helpers.py``.

Cards and zones
---------------
Every physical card is an instance ``uid`` (an index into ``state.cards``,
which holds its card id; ``state.owners[uid]`` its owner — a Madness card's
owner is whoever holds it).  Piles are lists of uids, top at the end: hands,
decks, discards, ``base_deck``, ``base_discard``, ``madness``, and ``aside``
(cards being played or revealed mid-resolution, public).  In play: ``bases``
(``BaseSlot``: the base's uid, its ``minions`` and its ``actions``); a minion
(``MinionSlot``) carries its ``controller`` and the actions on it
(``Attached``: uid, controller, data).  Owner and controller are separate:
control changes are ``Temp`` records undone at the end of the turn.  What
is in play is a value (tuples of slots): it changes only through ``G``,
which replaces the slots a change touches, so states share what did not
change.

Power is never stored: ``G.power`` sums the printed power, every in-play
card's ``power`` hook that may reach the minion (``power_reach``) and the
temporary ``Temp`` modifiers, floored at 0.  It is remembered, with where
everything in play is, per ``bases`` tuple (``board.Board``, kept on the state).

Tasks: how abilities wait for answers
-------------------------------------
Everything that happens is a ``Task`` {card, step, player, src, data} on
``state.stack`` (last = next).  ``tasks.run`` pops a task and calls the
handler registered for (card, step).  A handler changes the state through
``G`` and returns what is to happen next: nothing, a step or a list of steps,
which run in that order after it.  A choice is ``return ask(t, step, key,
kind, options, min, max)``: it opens a prompt on
the core's queue (``state.prompts``: a ``core.Pending`` resuming the game's
one step ``"task"`` with the continuation Task as its JSON ``data``) and the
answer resumes the same card at ``step`` with ``t.data["picks"]``.
Everything a later step needs goes into ``t.data`` (JSON only; set keys,
never change a value in place: tasks are shared by the states that hold
them), so the whole game, half-resolved cards included, is one JSON
document.  The ordering rule of handlers (immediate changes before anything
scheduled) holds by construction: a handler schedules by returning (``tasks``).

Timings (see ``abilities`` for the hooks' signatures)
------------------------------------------------------
- on play (``play``), talent (once a turn per instance, its controller's play
  phase), special (a Me-First window: ``before``/``after`` scoring, from hand
  or from play), triggers fired by the framework: ``start_turn``,
  ``end_turn``, ``play_minion``, ``play_action``, ``destroyed``, ``moved``,
  ``before_score``, ``scored`` (VP awarded: ``scoring.winners(g)``),
  ``after_score``; several triggers of different cards at once are ordered
  by the current player (a prompt).
- ongoing: ``power``; ``protect`` (destroy, move, return, control, action,
  power); ``forbid`` ("can't" beats "can": it removes plays from ``legal``).
- replacements: ``instead_destroy`` (when several apply, the minion's
  controller picks one; an optional one asks its chooser), ``instead_discard``
  (from play), ``clear_card`` (a base: where its cards go after scoring),
  ``after_play_bottom`` / ``self_return`` (where a played action goes).

Plays are typed credits (``state.credits``): the turn's minion and action and
every extra play, with constraints (a base, "where you have a minion", a
power cap, card ids); a play spends the most specific credit that allows it
(``legal.allows``, the one rule of what a credit allows) and that no
``forbid`` hook and no ``play_ok`` of the card refuses.  An ability that
plays a card itself (``g.play``) checks ``g.forbidden`` and counts the extra
in ``state.extras`` (what Eliza limits).  ``state.played`` records this
turn's minion plays (``from_hand`` too); ``state.memo`` holds per-turn flags
(``g.memo_once``).

Scoring
-------
``score_check`` (eligible bases; the current player picks the order) →
``before_score`` triggers → the Me-First window (from the current player,
clockwise, every player at the table is asked in turn — with the Specials
they can use, possibly none — and plays one or passes; it closes when all
have passed in a row; responders and passes are named by player id, so a
player leaving shifts nobody) → places by competition ranking
(zero power with a minion still places), VP → ``scored`` and
``after_score`` triggers → the after-scoring window → cards on the base go
to their owners' discard piles (leaving play, not destruction) → the base is
replaced → ``score_check`` again.  A base that left play stops scoring.

Decisions where the sheet is silent
-----------------------------------
- A prompt with one possible answer (or none) is answered at once — except
  a Me-First window's and the mulligan's, which every player is asked alike
  (a player with no Special, or with a minion in hand, too: being asked must
  not tell anyone what a hand holds).
- Talents and Specials are offered only when they can do something.
- Several players may draft the same faction (one box each), never one player
  twice; ``unique_factions`` forbids sharing.  The first player is random.
- Timers (on by default; 0 turns one off): each decision has its own time,
  restarted by every change.  ``turn_timer_ms`` (2 minutes) for the setup's
  decisions and whenever the current player has one to make (their play
  phase, a question of theirs); ``response_timer_ms`` (30 seconds) when every
  open question is another player's (a Me-First window, a card asking
  someone else).  On timeout a prompt takes its default (its first ``min``
  options: a "may" declines; the discard down to 10 takes cards at random,
  with the state's rng) and a slow current player's play phase ends.  A
  player whose turns ran out twice in a row is told so, and the table too
  (``Ev.AWAY``, ``Ev.AWAY_YOU``); any action of theirs clears the count
  (``state.timeouts``).  They keep their turns: nobody is skipped.
- Leaving: the player's cards leave play, what they controlled goes back to
  its owners, their prompts take defaults (a Me-First question: a pass) and
  their turns are skipped; fewer than two players left ends the game (the
  one left wins once play began).
- Extra plays granted to a player off their turn are lost.
- A tie for the lead at the end plays on (after the Madness penalty and the
  fewer-Madness tie-break).
- Default boxes (no ``boxes`` option): every box with a registered faction;
  a box without one (its bases, its Madness deck) plays only when named.
- The Madness penalty is taken off the VP when the game ends (never below 0),
  so the final view and the outcome show the scores that chose the winner.

Madness
-------
A box registered with ``madness=True`` (``bases/cthulhu.py``: box id
``cthulhu``) puts the 30 Madness cards in a ``madness`` deck.
``G.draw_madness`` / ``G.return_madness`` / ``G.madness_count``; a Madness
card's owner is whoever holds it (``draw_madness``, ``give_card`` and
``to_hand`` make it so), so it is discarded to its holder's pile.  At the
end, 1 VP per 2 Madness cards held, and fewer Madness cards break a tie for
the lead (a further tie plays on).  A Cthulhu faction joins the box with
``FactionDef(<id>, "cthulhu", cards)``.
"""

from engine.smashup.game import GAME, SmashUpGame

__all__ = ["GAME", "SmashUpGame"]
