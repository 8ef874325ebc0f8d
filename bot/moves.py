"""Presses, chat messages and time -> engine actions, each one transaction.

A game press is decoded by the game's codec (``Adapter.decode``), checked
against the keyboard it was pressed on where that matters, applied to the
session as it is in Redis under the chat's lock, and answered only once the
change is saved.  A prompt's buttons (``!`` codes) are the core's: a pick on a
prompt that wants several, a page of a long one, is the presser's draft.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from bot import buttons, computers, games, metrics, screens
from bot.adapter import AnyAdapter, plain
from bot.buttons import Act, BadButton, Pick, Pressed, Show
from bot.screens import Seen, seen
from bot.session import ChatSettings, Draft, Member, Selection, Session, Turn
from bot.table import Change, Reply
from engine.core import Answer, Event, Leave, PromptValue, RuleError, Tick

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.referee import Referee

log = logging.getLogger(__name__)


class Moves:
    def __init__(self, ref: Referee) -> None:
        self.ref = ref
        self.t = ref.t

    # --- a press of a running game ----------------------------------------------------

    async def press(
        self,
        press: Pressed,
        user: Member,
        from_board: bool,
        update_id: int | None = None,
        query_id: str | None = None,
        in_private: bool = False,
    ) -> Reply:
        """A button of a running game.  Nothing is awaited before the chat's lock
        (``Tables.change``), so presses on one chat are applied in the order they
        arrived (a race's first press is the first to arrive); a press answered
        before (``query_id``) is recognised in line.  A player's press on their
        hand (``in_private``) shows the bot may write to them: one who had
        blocked it is marked reachable again and their hand redrawn."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            lang = self.ref.pick_lang(settings, user.lang)
            if query_id is not None and await self.ref.store.answered(query_id):
                return Change(reply=Reply(answered=True))
            refusal = self._refuse(session, press, user, update_id, lang)
            if refusal is not None or session is None:
                return refusal or Change()
            change = self._decide_press(session, press, user, from_board, update_id, lang)
            if in_private:
                change.then(_reachable(self.ref, session.chat_id, user.id))
            return change

        change = await self.ref.tables.change(press.chat_id, decide)
        return await change.run()

    def _refuse(
        self, session: Session | None, press: Pressed, user: Member, update_id: int | None, lang: str
    ) -> Change | None:
        """The answer to a press that cannot be a move at all (None: it may be one)."""
        t = self.t
        if session is None or session.game_id != press.game_id:
            return Change(reply=Reply(t(lang, "answer-old-game")))
        if session.seen(update_id):
            return Change()  # a redelivery of a press already applied
        if session.status != "playing" or session.state is None:
            return Change(reply=Reply(t(lang, "answer-game-over")))
        member = session.member(user.id)
        if member is None:
            return Change(reply=Reply(t(lang, "answer-not-player")))
        if member.level is not None:  # they left: a computer plays their seat
            return Change(reply=Reply(t(lang, "answer-seat-taken-over")))
        return None

    def _decide_press(
        self,
        session: Session,
        press: Pressed,
        user: Member,
        from_board: bool,
        update_id: int | None,
        lang: str,
    ) -> Change:
        adapter = games.get(session.game)
        now = self.ref.now_ms()
        state, events = catch_up(adapter, session.state, now)  # a late press meets a closed window
        mine = seen(adapter, state, user.id)
        drafts, selected = dict(session.drafts), dict(session.selected)
        try:
            action, reply = self._read(session, press, user.id, mine, from_board, drafts, selected, lang)
        except (BadButton, ValidationError):
            return Change(reply=Reply(self.t(lang, "answer-unknown")))
        pressed = f"{press.tag}|{buttons.text(press.body)}"
        if action is not None:
            try:
                if isinstance(action, Leave):
                    state, more = self.leaving(session, adapter, state, action, now)
                else:
                    state, more = adapter.game.apply(state, action, now)
            except RuleError as e:
                refusal = Event(key=e.key, args=e.params)
                reply = Reply(adapter.event_text(self.ref.ctx(session, lang), refusal))
            else:
                events += more
                drafts.pop(user.id, None)
                selected.pop(user.id, None)
                session.done = {**session.done, user.id: f"{getattr(state, 'seq', '')}|{pressed}"}
                said = adapter.press_answer(self.ref.ctx(session, lang), user.id, action, more)
                reply = Reply(said) if said else reply
        again = f"{getattr(state, 'seq', '')}|{pressed}"  # nothing happened since it took
        if reply.text and state is session.state and session.done.get(user.id) == again:
            reply = Reply(self.t(lang, "answer-already-done"))  # a second tap of what took
        # a move that announces nothing (a card chosen) is saved all the same
        changed = state is not session.state or drafts != session.drafts or selected != session.selected
        change = Change()
        if changed:
            change = self.ref.commit(
                session, state, events, update_id, actor=user.id, drafts=drafts, selected=selected
            )
        change.reply = reply
        if reply.text:  # refused: whatever their hand showed, show them the current one
            chat_id = session.chat_id
            change.then(_touch(self.ref, chat_id, f"hand:{user.id}"))
        return change

    def _read(
        self,
        session: Session,
        press: Pressed,
        player: int,
        mine: Seen,
        from_board: bool,
        drafts: dict[int, Draft],
        selected: dict[int, Selection],
        lang: str,
    ) -> tuple[Any, Reply]:
        """The action a press stands for (None: none, only a draft or a selection
        changed, or a stale keyboard), and what to tell the presser."""
        body = press.body
        if isinstance(body, Pick):
            if from_board:
                raise BadButton(repr(body))
            return self._prompt_press(session, body, player, mine, drafts, lang)
        adapter = games.get(session.game)
        tag = screens.keyboard_tag(adapter, mine.legal)
        stale = from_board or press.tag != tag
        if isinstance(body, Show):  # what their hand shows, not a move
            if stale:
                return None, Reply(self.t(lang, "answer-stale"))
            selected.pop(player, None)
            if body.value:
                selected[player] = Selection(tag=tag, value=body.value)
            return None, Reply()
        if not isinstance(body, Act):
            raise BadButton(repr(body))
        action = adapter.decode(body.code, player, mine.view)
        if not action.evident() and stale:
            return None, Reply(self.t(lang, "answer-stale"))
        return action, Reply()

    def _prompt_press(
        self, session: Session, p: Pick, player: int, mine: Seen, drafts: dict[int, Draft], lang: str
    ) -> tuple[Answer | None, Reply]:
        """A prompt button: an answer (the action to apply), or a change to the
        player's draft of a prompt that wants several options, or its page."""
        prompt = mine.view.prompt
        if prompt is None or prompt.id != p.prompt:
            return None, Reply(self.t(lang, "answer-stale"))
        draft = screens.draft_of(session, player, prompt)
        picks = list(draft.picks)
        if p.op == "p":
            drafts[player] = Draft(prompt=prompt.id, picks=picks, page=_page(p.value))
            return None, Reply()
        if p.op in ("s", "k", "x"):  # none, the draft's, back out
            cancel = p.op == "x"
            return Answer(
                player=player, prompt=prompt.id, picks=picks if p.op == "k" else [], cancel=cancel
            ), Reply()
        if p.value not in prompt.options:
            raise BadButton(repr(p))
        value = p.value
        if p.op == ":":
            return Answer(player=player, prompt=prompt.id, picks=[value]), Reply()
        if p.op == "+" and value not in picks:
            picks.append(value)
        elif p.op == "-" and value in picks:
            picks.remove(value)
        if len(picks) >= prompt.max:  # all it wants: sent at once
            return Answer(player=player, prompt=prompt.id, picks=picks), Reply()
        drafts[player] = Draft(prompt=prompt.id, picks=picks, page=draft.page)
        return None, Reply()

    # --- a chat message, time -----------------------------------------------------------

    async def message(
        self, chat_id: int, user_id: int, update_id: int | None = None, thread: int | None = None
    ) -> None:
        """A player wrote in the group (in the forum topic ``thread``): some games care
        (a rule of silence, say) — about what is said where the game is played."""
        session, _ = await self.ref.store.load(chat_id)
        if session is None or session.status != "playing" or session.state is None:
            return
        if session.thread_id != thread:
            return
        if session.member(user_id) is None:
            return
        game = games.get(session.game).game
        if game.spoken is None:
            return

        def make(state: Any) -> Any:
            return next((a for a in plain(game.legal(state, user_id)) if a.type == game.spoken), None)

        if make(session.state) is not None:
            await self.apply(chat_id, make, update_id, actor=user_id)

    async def leave(self, chat_id: int, user: Member, update_id: int | None = None) -> str:
        """``/leave`` in the group: out of the lobby, or out of the game (its rules
        say what becomes of the leaver's cards).  The answer to the command."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            lang = self.ref.pick_lang(settings, user.lang)
            if session is not None and session.status == "lobby":
                return self.ref.lobby.leave(session, user, lang)
            not_playing = Change(reply=Reply(self.ref.t(lang, "cmd-leave-not-playing")))
            if session is None or session.status != "playing" or session.state is None:
                return not_playing
            if session.seen(update_id):
                return Change()
            adapter = games.get(session.game)
            now = self.ref.now_ms()
            state, events = catch_up(adapter, session.state, now)
            leave = Leave(player=user.id)
            if leave not in plain(adapter.game.legal(state, user.id)) or session.member(user.id) is None:
                return not_playing
            state, more = self.leaving(session, adapter, state, leave, now)
            change = self.ref.commit(session, state, events + more, update_id, actor=user.id)
            change.reply = Reply(self.ref.t(lang, "cmd-leave-done"))
            return change

        return (await (await self.ref.tables.change(chat_id, decide)).run()).text

    async def tick(self, chat_id: int) -> None:
        """A deadline came: let time pass in the game (a stale timer does nothing), and
        a computer player whose time has come makes its move."""
        await self.apply(chat_id, lambda state: Tick(), computers_too=True)

    async def apply(
        self,
        chat_id: int,
        make: Callable[[Any], Any],
        update_id: int | None = None,
        actor: int | None = None,
        computers_too: bool = False,
    ) -> None:
        """Apply ``make(state)`` (time first) as one transaction (``computers_too``: and
        the move of a computer player whose time has come)."""

        async def decide(session: Session | None, settings: ChatSettings) -> Change:
            if session is None or session.status != "playing" or session.state is None:
                return Change()
            if session.seen(update_id):
                return Change()
            adapter = games.get(session.game)
            now = self.ref.now_ms()
            state, events = catch_up(adapter, session.state, now)
            action = make(state)
            if action is not None and not isinstance(action, Tick):
                try:
                    state, more = adapter.game.apply(state, action, now)
                    events += more
                except RuleError as e:  # time moved on between the look and the move
                    log.debug("%s in %s no longer applies: %s", action, chat_id, e.key)
            planned = session.computers
            mover = actor
            if computers_too:
                state, more, mover = await self._computer(session, adapter, state, now, actor)
                events += more
            if state is session.state and session.computers is planned and not self.ref.nudge_due(session):
                return Change().then(lambda: self.ref.timers.schedule(session))
            return self.ref.commit(session, state, events, update_id, actor=mover)

        await (await self.ref.tables.change(chat_id, decide)).run()

    def leaving(
        self, session: Session, adapter: AnyAdapter, state: Any, leave: Leave, now: int
    ) -> tuple[Any, list[Event]]:
        """A person leaves mid-game: by the game's rules, or — the table's ``replace``
        setting: always, or when the game could not go on without them — a computer
        player takes their seat (the game sees nothing; the log says so, and their
        hand says so once: ``screens.draw_hand``)."""
        game = adapter.game
        after, events = game.apply(state, leave, now)  # refused as any leave would be
        needed = game.outcome(after).status == "over" and game.outcome(state).status != "over"
        if session.replace == "never" or (session.replace == "needed" and not needed):
            return after, events
        member = session.member(leave.player)
        assert member is not None
        session.members = [
            m.model_copy(update={"level": "hard"}) if m.id == leave.player else m for m in session.members
        ]
        return state, [Event(key="computer-took-seat", args={"player": leave.player})]

    @staticmethod
    async def _computer(
        session: Session, adapter: AnyAdapter, state: Any, now: int, actor: int | None
    ) -> tuple[Any, list[Event], int | None]:
        """The move of the first computer player whose time has come, applied as a
        press of theirs would be (a refused one is logged and let pass)."""
        computers.plan(session, adapter.game, now, state)  # one not planned yet (a state set by hand)
        found = await computers.take(session, adapter.game, state, now)
        if found is None:
            return state, [], actor
        player, action = found
        try:
            state, events = adapter.game.apply(state, action, now)
        except RuleError as e:  # a player bug, never a person's problem: the moment passes
            log.warning("computer %s in %s: %s refused (%s)", player, session.chat_id, action, e.key)
            session.computers = {**session.computers, player: Turn(seq=state.seq, due=None)}
            return state, [], actor
        return state, events, player


def _page(value: PromptValue | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1000:
        raise BadButton(repr(value))
    return value


def catch_up(adapter: AnyAdapter, state: Any, now: int) -> tuple[Any, list[Event]]:
    """Time first: a deadline already past is applied before anything else."""
    due = adapter.game.next_deadline(state)
    if due is not None and due <= now:
        return adapter.game.apply(state, Tick(), now)
    return state, []


def _reachable(ref: Referee, chat_id: int, player: int) -> Callable[[], Any]:
    async def marked() -> None:
        if await ref.store.mark_started(player):
            metrics.UNBLOCKED.inc()
            log.info("user %s can be written to again", player)
            ref.sender.touch(chat_id, f"hand:{player}")

    return marked


def _touch(ref: Referee, chat_id: int, slot: str) -> Callable[[], Any]:
    async def redraw() -> None:
        ref.sender.touch(chat_id, slot)

    return redraw
