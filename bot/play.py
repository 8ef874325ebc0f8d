"""A running game's changes, as decisions: a press, a word in the group, ``/leave``,
a deadline (and a computer player's move).

Each function decides one change of a chat's session (``bot.transaction``), on the
session as it is in Redis under the chat's lock, with the engine: it returns
what to save, the answer, and what follows (``After``), and does no I/O.
Whether a press counts is decided in one place, ``judge``.  A change of the
game is recorded in one place, ``record``: the events kept, the end noticed,
computer players planned, «your turn» nudges tracked, and what follows.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bot import computers, games, nudges, screens
from bot.adapter import AnyAdapter, Ctx
from bot.buttons import Act, BadButton, Hint, Pick, Pressed, Show
from bot.context import House
from bot.session import ChatSettings, Draft, Member, Selection, Session, Turn
from bot.transaction import After, Change, Reply
from engine.core import Answer, Event, Leave, PromptValue, RuleError, Tick, View, plain, sight
from engine.players import coach

log = logging.getLogger(__name__)


# --- whether a press counts --------------------------------------------------------------------


@dataclass
class Verdict:
    """Whether a press counts, and as what: an action to apply (``action``), a change to
    what the presser's hand shows (a selection, a prompt's draft or page: ``drafts``,
    ``selected``), or a refusal (``reply``); on ``state``, the game with time caught up."""

    reply: Reply = field(default_factory=Reply)
    state: Any = None
    events: list[Event] = field(default_factory=list)
    action: Any = None
    drafts: dict[int, Draft] = field(default_factory=dict)
    selected: dict[int, Selection] = field(default_factory=dict)
    pressed: str = ""  # the press, as ``Session.done`` remembers one that took


def judge(
    house: House, session: Session | None, press: Pressed, user: Member, from_board: bool, lang: str, now: int
) -> Verdict:
    """Whether ``press`` counts — decided here, and nowhere else.  Refused: a button of
    another game, a game not running, a presser not playing or whose seat a computer
    took; on a keyboard that has changed since (its tag), a press that does not say
    what it was aimed at (``PlayerAction.evident``); a prompt's button of another
    prompt or with an option it does not have; the same press again when nothing has
    happened since ("already done")."""
    no = Verdict()
    if session is None or session.game_id != press.game_id:
        return _no(no, house, lang, "answer-old-game")
    if session.status != "playing" or session.state is None:
        return _no(no, house, lang, "answer-game-over")
    member = session.member(user.id)
    if member is None:
        return _no(no, house, lang, "answer-not-player")
    if member.level is not None:  # they left: a computer plays their seat
        return _no(no, house, lang, "answer-seat-taken-over")
    adapter = games.get(session.game)
    state, events = catch_up(adapter, session.state, now)  # a late press meets a closed window
    v = Verdict(state=state, events=events, drafts=dict(session.drafts), selected=dict(session.selected))
    v.pressed = f"{press.tag}|{press.said}"
    if session.done.get(user.id) == f"{getattr(state, 'seq', '')}|{v.pressed}":  # taken; nothing since
        return _no(v, house, lang, "answer-already-done")
    body = press.body
    if isinstance(body, Pick) and not from_board:
        return _pick(v, house, session, body, user.id, adapter.game.view(state, user.id), lang)
    if isinstance(body, Act):
        try:  # what the code stands for, pressed by them (the engine's codec reads it)
            v.action = adapter.game.decode(body.code, user.id)
        except RuleError:
            raise BadButton(body.code) from None
        if v.action.evident():  # it means the same whenever it arrives
            return v
    elif not isinstance(body, Show):
        raise BadButton(repr(body))
    tag = screens.keyboard_tag(adapter, adapter.game.legal(state, user.id))
    if from_board or press.tag != tag:  # aimed at a keyboard that has changed since
        v.action = None
        return _no(v, house, lang, "answer-stale")
    if isinstance(body, Show):  # what their hand shows, not a move
        v.selected.pop(user.id, None)
        if body.value:
            v.selected[user.id] = Selection(tag=tag, value=body.value)
    return v


def cards_refusal(session: Session | None, press: Pressed, user: Member) -> str | None:
    """Why «🃏 My cards» shows ``user`` no hand (a locale key), None: it does."""
    if session is None or session.game_id != press.game_id:
        return "answer-old-game"
    if session.status != "playing" or session.state is None:
        return "answer-game-over"
    member = session.member(user.id)
    if member is None:
        return "answer-not-player"
    if member.level is not None:
        return "answer-seat-taken-over"
    return None


def _no(v: Verdict, house: House, lang: str, key: str) -> Verdict:
    stale = key in ("answer-stale", "answer-already-done")
    v.reply = Reply(house.say(lang, key), outcome="stale" if stale else "refused")
    return v


def _pick(v: Verdict, house: House, session: Session, p: Pick, player: int, view: View, lang: str) -> Verdict:
    """A prompt's button: an answer (the action to apply), or a change to the player's
    draft of a prompt that wants several options, or its page."""
    prompt = view.prompt
    if prompt is None or prompt.id != p.prompt:
        return _no(v, house, lang, "answer-stale")
    draft = screens.draft_of(session, player, prompt)
    picks = list(draft.picks)
    if p.op == "p":
        v.drafts[player] = Draft(prompt=prompt.id, picks=picks, page=_page(p.value))
    elif p.op in ("s", "k", "x"):  # none, the draft's, back out
        sent = picks if p.op == "k" else []
        v.action = Answer(player=player, prompt=prompt.id, picks=sent, cancel=p.op == "x")
    elif p.value not in prompt.options:
        raise BadButton(repr(p))
    elif p.op == ":":
        v.action = Answer(player=player, prompt=prompt.id, picks=[p.value])
    else:
        if p.op == "+" and p.value not in picks:
            picks.append(p.value)
        elif p.op == "-" and p.value in picks:
            picks.remove(p.value)
        if len(picks) >= prompt.max:  # all it wants: sent at once
            v.action = Answer(player=player, prompt=prompt.id, picks=picks)
        else:
            v.drafts[player] = Draft(prompt=prompt.id, picks=picks, page=draft.page)
    return v


def _page(value: PromptValue | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1000:
        raise BadButton(repr(value))
    return value


# --- a hint (the lobby's «💡 Hints») ----------------------------------------------------------------


@dataclass
class Asked:
    """A hint that may be given: what its search is given (the presser's own view and
    legal actions, never the state) and the state's ``seq`` it is for."""

    view: Any
    legal: Any
    seq: int
    rng: random.Random


def hint_asked(
    house: House, session: Session | None, press: Pressed, hint: Hint, user: Member, lang: str, now: int
) -> Asked | Reply:
    """Whether «💡 Hint» is answered, and from what: refused (a ``Reply``) for a game
    that is not this one or not running, hints off, another's hand, a presser whose
    seat is not theirs, a hand that has changed since (its tag); else the presser's
    view and legal actions (time caught up: a window already closed is closed)."""
    refusal = cards_refusal(session, press, user)
    if session is None or session.state is None or refusal is not None:
        return Reply(house.say(lang, refusal or "answer-old-game"), outcome="refused")
    if not session.hints:
        return Reply(house.say(lang, "answer-hints-off"), outcome="refused")
    if hint.user != user.id:
        return Reply(house.say(lang, "answer-hint-not-yours"), outcome="refused")
    adapter = games.get(session.game)
    state, _ = catch_up(adapter, session.state, now)
    mine = sight(adapter.game, state, user.id)
    if press.tag != screens.keyboard_tag(adapter, mine.legal):
        return Reply(house.say(lang, "answer-stale"), outcome="stale")
    if not screens.hint_offered(session, user.id, mine.view, mine.legal, mine.waits):
        return Reply(house.say(lang, "hint-line", hint=house.say(lang, coach.WAIT)), alert=True)
    seq = session.state.seq
    return Asked(mine.view, mine.legal, seq, computers.hint_rng(session, user.id, seq))


def hint_told(
    house: House,
    session: Session | None,
    press: Pressed,
    user: Member,
    lang: str,
    asked: Asked,
    hint: coach.Hint,
) -> Change:
    """The hint, told to its presser alone (an alert) and counted for the end of the
    game — if the game is still where it was asked; nothing else changes (no move,
    no timer, no screen)."""
    if session is None or session.game_id != press.game_id or session.status != "playing":
        return Change(reply=Reply(house.say(lang, "answer-game-over"), outcome="refused"))
    if session.state is None or session.state.seq != asked.seq:
        # the game moved on meanwhile: their current hand shown, as for any stale press
        stale = Reply(house.say(lang, "answer-stale"), outcome="stale")
        return Change(reply=stale, after=After(hand=user.id))
    session.hints_used = {**session.hints_used, user.id: session.hints_used.get(user.id, 0) + 1}
    said = hint_text(house.ctx(session, lang), games.get(session.game), asked.view, hint)
    return Change(session=session, reply=Reply(said, alert=True))


def hint_text(ctx: Ctx, adapter: AnyAdapter, view: View, hint: coach.Hint) -> str:
    """The hint's one line: the move in the game's own words, and why."""
    option = hint.args.get("option")
    if hint.key == coach.ANSWER and view.prompt is not None and isinstance(option, int | str):
        line = ctx(hint.key, option=adapter.option_label(ctx, view, view.prompt, option))
    elif hint.key in coach.SHARED:
        line = ctx(coach.WAIT if hint.key == coach.ANSWER else hint.key)
    else:
        line = adapter.event_text(ctx, Event(key=hint.key, args=dict(hint.args)))
    return ctx("hint-line", hint=line)


# --- a press, a word, /leave, a deadline ----------------------------------------------------------


def press(
    house: House,
    session: Session | None,
    settings: ChatSettings,
    pressed: Pressed,
    user: Member,
    from_board: bool,
    in_private: bool,
    now: int,
) -> Change:
    """A button of a running game pressed (on its hand in private: ``in_private``)."""
    lang = house.lang(settings, user.lang)
    try:
        v = judge(house, session, pressed, user, from_board, lang, now)
    except (BadButton, ValidationError):
        return Change(reply=Reply(house.say(lang, "answer-unknown"), outcome="refused"))
    if session is None or v.state is None:
        return Change(reply=v.reply)
    adapter = games.get(session.game)
    state, events, reply = v.state, v.events, v.reply
    took = False
    if v.action is not None:
        try:
            if isinstance(v.action, Leave):
                state, more = leaving(session, adapter, state, v.action, now)
            else:
                state, more = adapter.game.apply(state, v.action, now)
        except RuleError as e:
            said = adapter.event_text(house.ctx(session, lang), Event(key=e.key, args=e.params))
            reply = Reply(said, outcome="refused")
        else:
            events += more
            v.drafts.pop(user.id, None)
            v.selected.pop(user.id, None)
            session.done = {**session.done, user.id: f"{getattr(state, 'seq', '')}|{v.pressed}"}
            reply = Reply(adapter.press_answer(house.ctx(session, lang), user.id, v.action, more))
            took = True
    change = Change()
    # a move that announces nothing (a card chosen) is saved all the same
    if state is not session.state or v.drafts != session.drafts or v.selected != session.selected:
        change = record(
            house, session, state, events, now, actor=user.id, drafts=v.drafts, selected=v.selected
        )
    change.reply = reply
    if reply.text and not took:  # refused: whatever their hand showed, show them the current one
        change.after.hand = user.id
    if in_private:
        change.after.reachable = user.id
    return change


def listens(session: Session | None, user_id: int, thread: int | None) -> bool:
    """Whether what ``user_id`` says in the group (in the forum topic ``thread``) may
    matter to its game (a rule of silence, say): said where the game is played, by a
    player, in a game that hears words."""
    return (
        session is not None
        and session.status == "playing"
        and session.state is not None
        and session.thread_id == thread
        and session.member(user_id) is not None
        and games.get(session.game).game.spoken is not None
    )


def spoken(house: House, session: Session | None, user_id: int, thread: int | None, now: int) -> Change:
    """A player said something in the game's topic: the game's ``spoken`` action, if it
    is one of theirs now."""
    if session is None or not listens(session, user_id, thread):
        return Change()
    game = games.get(session.game).game
    adapter = games.get(session.game)
    state, events = catch_up(adapter, session.state, now)
    action = next((a for a in plain(game.legal(state, user_id)) if a.type == game.spoken), None)
    if action is not None:
        try:
            state, more = game.apply(state, action, now)
            events += more
        except RuleError as e:  # time moved on between the look and the word
            log.debug("%s in %s no longer applies: %s", action, session.chat_id, e.key)
    if state is session.state:
        return Change()
    return record(house, session, state, events, now, actor=user_id)


def leave(house: House, session: Session | None, settings: ChatSettings, user: Member, now: int) -> Change:
    """``/leave`` in the group, out of the game (its rules say what becomes of the
    leaver's cards)."""
    lang = house.lang(settings, user.lang)
    not_playing = Change(reply=Reply(house.say(lang, "cmd-leave-not-playing")))
    if session is None or session.status != "playing" or session.state is None:
        return not_playing
    adapter = games.get(session.game)
    state, events = catch_up(adapter, session.state, now)
    quit = Leave(player=user.id)
    if quit not in plain(adapter.game.legal(state, user.id)) or session.member(user.id) is None:
        return not_playing
    state, more = leaving(session, adapter, state, quit, now)
    change = record(house, session, state, events + more, now, actor=user.id)
    change.reply = Reply(house.say(lang, "cmd-leave-done"))
    return change


async def tick(house: House, session: Session | None, now: int) -> Change:
    """A deadline came: time passes in the game (a stale timer changes nothing), and a
    computer player whose time has come makes its move."""
    if session is None or session.status != "playing" or session.state is None:
        return Change()
    adapter = games.get(session.game)
    state, events = catch_up(adapter, session.state, now)
    planned = session.computers
    state, more, mover = await _computer(session, adapter, state, now)
    events += more
    if state is session.state and session.computers is planned and not nudge_due(house, session, now):
        return Change(after=After(schedule=True))
    return record(house, session, state, events, now, actor=mover)


# --- one change of the game, recorded ------------------------------------------------------------


def record(
    house: House,
    session: Session,
    state: Any,
    events: list[Event],
    now: int,
    actor: int | None = None,
    drafts: dict[int, Draft] | None = None,
    selected: dict[int, Selection] | None = None,
) -> Change:
    """The session with the game's new state, to save, and what follows: every screen
    it may have changed, the next deadline, the group told (and the result, if the
    game has just ended), nudges given or taken back."""
    was, fresh = session.status, session.state is None
    moved = state is not session.state
    session.state = state
    if drafts is not None:
        session.drafts = drafts
    if selected is not None:
        session.selected = selected
    if moved and actor is not None and actor in session.private:
        # what only they were told stays in their hand until their next move
        session.private = {p: n for p, n in session.private.items() if p != actor}
    game = games.get(session.game).game
    session.announce(events, game.fleeting)
    stands = game.standing(state)
    ended = stands.outcome.status == "over"
    if ended:
        session.status = "over"
    computing = bool(session.computer_seats)  # a table of people only plans no computer moves
    if computing:
        computers.plan(session, game, now)
    waits = stands.waits if session.status == "playing" else []
    seated = {m.id for m in session.members if m.level is None}
    told = nudges.follow(
        session.waiting_since, session.nudged, waits, seated, now, actor, house.nudge_after_ms
    )
    session.waiting_since, session.nudged = told.since, told.told
    after = After(redraw="every" if fresh else "changed", schedule=True, events=events, gone=told.gone)
    after.due, after.wake = told.due, wake(house, session, stands.deadline, computing)
    after.ended = ended and was != "over" and session.stopped_by is None
    return Change(session=session, status_changed=ended, after=after)


def wake(house: House, session: Session, deadline: int | None, computing: bool) -> int | None:
    """When the chat's timer wakes: time alone changes the game (``deadline``, the
    game's next), a nudge is due or a computer player acts (``computing``: the table
    seats one); None: never (a game over)."""
    if session.status != "playing" or session.state is None:
        return None
    times = (
        deadline,
        nudges.due(session.waiting_since, session.nudged, house.nudge_after_ms),
        computers.due(session, games.get(session.game).game) if computing else None,
    )
    return min((t for t in times if t is not None), default=None)


def nudge_due(house: House, session: Session, now: int) -> bool:
    """Whether a nudge is due now (a timer that moved no game still has that to do)."""
    return bool(nudges.take_due(session.waiting_since, session.nudged, now, house.nudge_after_ms))


def catch_up(adapter: AnyAdapter, state: Any, now: int) -> tuple[Any, list[Event]]:
    """Time first: a deadline already past is applied before anything else."""
    due = adapter.game.next_deadline(state)
    if due is not None and due <= now:
        return adapter.game.apply(state, Tick(), now)
    return state, []


def leaving(
    session: Session, adapter: AnyAdapter, state: Any, quit: Leave, now: int
) -> tuple[Any, list[Event]]:
    """A person leaves mid-game: by the game's rules, or — the table's ``replace``
    setting: always, or when the game could not go on without them — a computer
    player takes their seat (the game sees nothing; the log says so, and their hand
    says so once: ``screens.draw_hand``)."""
    game = adapter.game
    after, events = game.apply(state, quit, now)  # refused as any leave would be
    needed = game.outcome(after).status == "over" and game.outcome(state).status != "over"
    if session.replace == "never" or (session.replace == "needed" and not needed):
        return after, events
    session.members = [
        m.model_copy(update={"level": "hard"}) if m.id == quit.player else m for m in session.members
    ]
    return state, [Event(key="computer-took-seat", args={"player": quit.player})]


async def _computer(
    session: Session, adapter: AnyAdapter, state: Any, now: int
) -> tuple[Any, list[Event], int | None]:
    """The move of the first computer player whose time has come, applied as a press
    of theirs would be (a refused one is logged and let pass)."""
    computers.plan(session, adapter.game, now, state)  # one not planned yet (a state set by hand)
    found = await computers.take(session, adapter.game, state, now)
    if found is None:
        return state, [], None
    player, action = found
    try:
        state, events = adapter.game.apply(state, action, now)
    except RuleError as e:  # a player bug, never a person's problem: the moment passes
        log.warning("computer %s in %s: %s refused (%s)", player, session.chat_id, action, e.key)
        session.computers = {**session.computers, player: Turn(seq=state.seq, due=None)}
        return state, [], None
    return state, events, player
