"""The referee: turns presses, commands, chat messages and time into engine
actions, and the resulting state into screens — for any game, through its
adapter (``bot.games``).  Independent of how updates arrive (polling or
webhook), so that it can be driven and tested directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from redis.exceptions import RedisError
from telegram import Bot
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from bot import games, screens
from bot.adapter import AnyAdapter, Ctx, Rendered, Select
from bot.callbacks import BadCallback, Press, tag_of
from bot.i18n import Translator
from bot.outbox import Limits, Screens, call, message_gone, not_modified
from bot.screens import Seen, seen
from bot.session import ChatSettings, Draft, Member, Selection, Session
from bot.store import Conflict, Store
from engine.core import Answer, Event, RuleError, Tick

log = logging.getLogger(__name__)

CAS_ATTEMPTS = 8
RECONCILE_S = 30.0
MAX_TIMER_SLEEP_S = 0.5


def now_ms() -> int:
    return int(time.time() * 1000)


def _next(values: tuple[Any, ...], current: Any) -> Any:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


def kept(adapter: AnyAdapter, events: list[Event]) -> list[Event]:
    """The events a session keeps: every public one, and the private ones the game
    wants noted in their player's hand."""
    return [e for e in events if e.to is None or adapter.note(e)]


@dataclass
class Reply:
    """What to tell the presser (empty: nothing) and whether as an alert."""

    text: str = ""
    alert: bool = False
    url: str | None = None
    answered: bool = False  # the press was answered before (a redelivery): say nothing


class Referee:
    def __init__(
        self, bot: Bot, store: Store, t: Translator, default_lang: str, limits: Limits | None = None
    ) -> None:
        self.bot = bot
        self.store = store
        self.t = t
        self.default_lang = default_lang
        self.limits = limits if limits is not None else Limits(store)
        self.worker_id = secrets.token_hex(6)
        self._wake = asyncio.Event()
        self._sleeping_until_ms = 0  # when the timer loop looks again by itself
        self.screens = Screens(self._flush)
        # whether a hand waiting to be redrawn is its owner's to act on now, as of
        # the latest change (a waiting send moves up when it becomes so)
        self._must_act: dict[tuple[int, str], bool] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` in the background, keeping a reference until it is done."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- languages ---------------------------------------------------------------

    def pick_lang(self, settings: ChatSettings | None, user_lang: str | None = None) -> str:
        """The chat's choice, else the user's Telegram language, else the default."""
        return self.t.language(settings.lang if settings else None, user_lang, self.default_lang)

    async def chat_lang(self, chat_id: int) -> str:
        return self.pick_lang(await self.store.settings(chat_id))

    async def lang(self, chat_id: int | None, user_lang: str | None) -> str:
        settings = await self.store.settings(chat_id) if chat_id is not None else None
        return self.pick_lang(settings, user_lang)

    async def set_chat_lang(self, chat_id: int, lang: str) -> None:
        await self.store.save_settings(chat_id, ChatSettings(lang=self.t.language(lang)))
        session, _ = await self.store.load(chat_id)
        if session is not None and session.status != "over":
            self.refresh(session)

    def ctx(self, session: Session, lang: str, tag: str = "-") -> Ctx:
        return screens.ctx_for(self.t, lang, session, self.bot.username, tag)

    # --- the lobby ----------------------------------------------------------------

    async def new_lobby(self, chat_id: int, title: str, creator: Member, game: str) -> Reply | None:
        """Open ``game``'s lobby in the chat (None: opened; else why not)."""
        adapter = games.get(game)
        async with self._locks[chat_id]:
            session, version = await self.store.load(chat_id)
            if session is not None and session.status != "over":
                return Reply(self.t(await self.lang(chat_id, creator.lang), "cmd-game-exists"))
            session = Session(
                chat_id=chat_id,
                game_id=secrets.token_hex(3),
                creator=creator.id,
                game=game,
                title=title,
                options=adapter.game.options().model_dump(mode="json"),
            )
            await self.store.forget_message(chat_id, "board")
            await self.store.save(session, version, status_changed=True)
        self.screens.touch(chat_id, "board")
        return None

    async def lobby_press(self, press: Press, user: Member, update_id: int | None = None) -> Reply:
        chat_id = press.chat_id
        lang = await self.lang(chat_id, user.lang)
        t = self.t
        for _ in range(CAS_ATTEMPTS):
            session, version = await self.store.load(chat_id)
            if session is None or session.game_id != press.game_id:
                return Reply(t(lang, "answer-old-game"))
            if session.seen(update_id):
                return Reply()  # a redelivery of a press already applied
            if session.status != "lobby":
                return Reply(t(lang, "answer-already-started"))
            adapter = games.get(session.game)
            game = adapter.game
            reply = Reply()
            code = press.code
            if code == "j":
                if session.member(user.id) is not None:
                    return Reply(t(lang, "answer-already-joined"))
                if len(session.members) >= game.max_players:
                    return Reply(t(lang, "answer-table-full"))
                if not await self._can_write(user.id, lang, session):
                    if all(m.id != user.id for m in session.unreachable):
                        session.unreachable.append(user)
                    reply = Reply(t(lang, "answer-open-private"), url=self.deep_link(chat_id))
                else:
                    session.unreachable = [m for m in session.unreachable if m.id != user.id]
                    session.members.append(user)
                    reply = Reply(t(lang, "answer-joined"))
            elif code == "x":
                if session.member(user.id) is None:
                    return Reply(t(lang, "answer-not-joined"))
                session.members = [m for m in session.members if m.id != user.id]
                reply = Reply(t(lang, "answer-left"))
            elif code == "g" or code.startswith("o"):
                if user.id != session.creator:
                    return Reply(t(lang, "answer-creator-only"))
                if code == "g":
                    session.mark(update_id)
                    return await self._start_game(session, version, lang)
                choice = next((c for c in adapter.choices if "o" + c.code == code), None)
                options = game.options(session.options)
                if choice is None or not choice.shown(options):
                    return Reply(t(lang, "answer-unknown"))
                value = _next(choice.values, getattr(options, choice.field))
                try:
                    options = game.options({**session.options, choice.field: value})
                except RuleError:
                    return Reply(t(lang, "answer-unknown"))
                session.options = options.model_dump(mode="json")
            else:
                return Reply(t(lang, "answer-unknown"))
            session.mark(update_id)
            try:
                await self.store.save(session, version)
            except Conflict:
                continue
            self.screens.touch(chat_id, "board")
            return reply
        return Reply(t(lang, "answer-busy"))

    async def join_from_link(self, chat_id: int, user: Member) -> str:
        """``/start join_<chat>``: the user opened the private chat and joins in one tap."""
        for _ in range(CAS_ATTEMPTS):
            session, version = await self.store.load(chat_id)
            lang = await self.lang(chat_id, user.lang)
            if session is None or session.status != "lobby":
                return self.t(lang, "start-no-lobby")
            if session.member(user.id) is not None:
                return self.t(lang, "start-joined", chat=html.escape(session.title))
            if len(session.members) >= games.get(session.game).game.max_players:
                return self.t(lang, "answer-table-full")
            session.unreachable = [m for m in session.unreachable if m.id != user.id]
            session.members.append(user)
            try:
                await self.store.save(session, version)
            except Conflict:
                continue
            self.screens.touch(chat_id, "board")
            return self.t(lang, "start-joined", chat=html.escape(session.title))
        return self.t(self.default_lang, "answer-busy")

    async def _can_write(self, user_id: int, lang: str, session: Session) -> bool:
        """Only a user who has opened a private chat with the bot may be written to."""
        if not await self.store.started(user_id):
            return False
        text = self.t(
            lang,
            "dm-joined",
            chat=html.escape(session.title),
            game=screens.game_title(self.t, lang, session.game),
        )
        try:
            await self.limits.acquire(user_id)
            await call(lambda: self.bot.send_message(user_id, text, parse_mode=ParseMode.HTML))
            return True
        except Forbidden:  # they blocked the bot since
            await self.store.forget_started(user_id)
            return False
        except BadRequest as e:  # "chat not found": the user never started the bot
            log.info("cannot write to %s: %s", user_id, e.message)
            return False

    def deep_link(self, chat_id: int) -> str:
        return f"https://t.me/{self.bot.username}?start=join_{chat_id}"

    async def _start_game(self, session: Session, version: int, lang: str) -> Reply:
        game = games.get(session.game).game
        if not game.min_players <= len(session.members) <= game.max_players:
            return Reply(
                self.t(
                    lang,
                    "answer-need-players",
                    game=self.t(lang, f"{session.game}-name"),
                    min=game.min_players,
                    max=game.max_players,
                )
            )
        try:
            state, events = game.start(
                [m.id for m in session.members], secrets.randbits(63), game.options(session.options), now_ms()
            )
        except RuleError as e:
            refusal = Event(key=e.key, args=e.params)
            return Reply(games.get(session.game).event_text(self.ctx(session, lang), refusal))
        session.state = state
        session.status = "playing"
        session.announce(kept(games.get(session.game), events))
        try:
            await self.store.save(session, version)
        except Conflict:
            return Reply(self.t(lang, "answer-busy"))
        await self.after_change(session)
        return Reply()

    # --- a running game -----------------------------------------------------------

    async def game_press(
        self,
        press: Press,
        user: Member,
        from_board: bool,
        update_id: int | None = None,
        query_id: str | None = None,
    ) -> Reply:
        """A button of a running game.  Nothing is awaited before the chat's lock, so
        presses on one chat are applied in the order they arrived (a race's first
        press is the first to arrive); a press answered before (``query_id``) is
        recognised in line."""
        chat_id = press.chat_id
        t = self.t
        lang = self.default_lang
        async with self._locks[chat_id]:
            if query_id is not None and await self.store.answered(query_id):
                return Reply(answered=True)
            for _ in range(CAS_ATTEMPTS):
                session, version, settings = await self.store.load_with_settings(chat_id)
                lang = self.pick_lang(settings, user.lang)
                if session is None or session.game_id != press.game_id:
                    return Reply(t(lang, "answer-old-game"))
                if session.seen(update_id):
                    return Reply()  # a redelivery of a press already applied
                if session.status != "playing" or session.state is None:
                    return Reply(t(lang, "answer-game-over"))
                if session.member(user.id) is None:
                    return Reply(t(lang, "answer-not-player"))
                adapter = games.get(session.game)
                game = adapter.game
                now = now_ms()
                state, events = self._catch_up(
                    adapter, session.state, now
                )  # a late press meets a closed window
                mine = seen(adapter, state, user.id)
                reply = Reply()
                action: Any = None
                draft = dict(session.drafts)
                selected = dict(session.selected)
                try:
                    if press.code.startswith("!"):
                        if from_board:
                            raise BadCallback(press.code)
                        action, reply = self._prompt_press(session, press, user.id, mine, draft, lang)
                    else:
                        action = adapter.decode(press.code, user.id, mine.view)
                        tag = tag_of(adapter.keyboard_key(mine.view, mine.legal))
                        if (adapter.fresh_required(action) or isinstance(action, Select)) and (
                            from_board or press.tag != tag
                        ):
                            action, reply = None, Reply(t(lang, "answer-stale"))
                        elif isinstance(action, Select):  # what their hand shows, not a move
                            selected.pop(user.id, None)
                            if action.value:
                                selected[user.id] = Selection(tag=tag, value=action.value)
                            action = None
                except (BadCallback, ValidationError):
                    return Reply(t(lang, "answer-unknown"))
                if action is not None:
                    try:
                        state, more = game.apply(state, action, now)
                        events += more
                    except RuleError as e:
                        key = adapter.error_key(action, e)
                        refusal = Event(key=key, args=e.params)
                        reply = Reply(adapter.event_text(self.ctx(session, lang), refusal))
                    else:
                        draft.pop(user.id, None)
                        selected.pop(user.id, None)
                        said = adapter.press_answer(self.ctx(session, lang), user.id, action, more)
                        reply = Reply(said) if said else reply
                # a move that announces nothing (a card chosen) is saved all the same
                changed = (
                    state is not session.state or draft != session.drafts or selected != session.selected
                )
                if changed and not await self._commit(
                    session, version, state, events, update_id, actor=user.id, drafts=draft, selected=selected
                ):
                    continue
                if reply.text:  # refused: whatever their hand showed, show them the current one
                    self.screens.touch(chat_id, f"hand:{user.id}")
                return reply
        return Reply(t(lang, "answer-busy"))

    def _prompt_press(
        self, session: Session, press: Press, player: int, mine: Seen, drafts: dict[int, Draft], lang: str
    ) -> tuple[Answer | None, Reply]:
        """A prompt button: an answer (the action to apply), or a change to the
        player's draft of a prompt that wants several options."""
        p = screens.parse_press(press.code)
        prompt = mine.view.prompt
        if prompt is None or prompt.id != p.prompt:
            return None, Reply(self.t(lang, "answer-stale"))
        draft = screens.draft_of(session, player, prompt)
        picks = list(draft.picks)
        if p.op == ":":
            return Answer(
                player=player, prompt=prompt.id, picks=[screens.parse_value(p.value, prompt)]
            ), Reply()
        if p.op == "x":
            return Answer(player=player, prompt=prompt.id, cancel=True), Reply()
        if p.op == "skip":
            return Answer(player=player, prompt=prompt.id, picks=[]), Reply()
        if p.op == "page":
            drafts[player] = Draft(prompt=prompt.id, picks=picks, page=int(p.value))
            return None, Reply()
        if p.op == "ok":
            return Answer(player=player, prompt=prompt.id, picks=picks), Reply()
        value = screens.parse_value(p.value, prompt)
        if p.op == "+" and value not in picks:
            picks.append(value)
        elif p.op == "-" and value in picks:
            picks.remove(value)
        if len(picks) >= prompt.max:  # all it wants: sent at once
            return Answer(player=player, prompt=prompt.id, picks=picks), Reply()
        drafts[player] = Draft(prompt=prompt.id, picks=picks, page=draft.page)
        return None, Reply()

    async def message(self, chat_id: int, user_id: int, update_id: int | None = None) -> None:
        """A player wrote in the group: some games care (a rule of silence, say)."""
        session, _ = await self.store.load(chat_id)
        if session is None or session.status != "playing" or session.state is None:
            return
        if session.member(user_id) is None:
            return
        adapter = games.get(session.game)

        def make(state: Any) -> Any:
            return adapter.on_message(user_id, adapter.game.legal(state, user_id))

        if make(session.state) is not None:
            await self._apply_and_save(chat_id, make, update_id, actor=user_id)

    async def tick(self, chat_id: int) -> None:
        """A deadline came: let time pass in the game (a stale timer does nothing)."""
        await self._apply_and_save(chat_id, lambda st: Tick())

    async def _apply_and_save(
        self,
        chat_id: int,
        make: Callable[[Any], Any],
        update_id: int | None = None,
        actor: int | None = None,
    ) -> None:
        async with self._locks[chat_id]:
            for _ in range(CAS_ATTEMPTS):
                session, version = await self.store.load(chat_id)
                if session is None or session.status != "playing" or session.state is None:
                    return
                if session.seen(update_id):
                    return
                adapter = games.get(session.game)
                now = now_ms()
                state, events = self._catch_up(adapter, session.state, now)
                action = make(state)
                if action is not None and not isinstance(action, Tick):
                    try:
                        state, more = adapter.game.apply(state, action, now)
                        events += more
                    except RuleError as e:  # time moved on between the look and the move
                        log.debug("%s in %s no longer applies: %s", action, chat_id, e.key)
                if state is session.state:
                    await self.schedule(session)
                    return
                if await self._commit(session, version, state, events, update_id, actor=actor):
                    return

    @staticmethod
    def _catch_up(adapter: AnyAdapter, state: Any, now: int) -> tuple[Any, list[Event]]:
        """Time first: a deadline already past is applied before anything else."""
        due = adapter.game.next_deadline(state)
        if due is not None and due <= now:
            return adapter.game.apply(state, Tick(), now)
        return state, []

    async def _commit(
        self,
        session: Session,
        version: int,
        state: Any,
        events: list[Event],
        update_id: int | None,
        actor: int | None = None,
        drafts: dict[int, Draft] | None = None,
        selected: dict[int, Selection] | None = None,
    ) -> bool:
        """Write the new state (and the update that made it); False if someone wrote first."""
        before = session.model_copy()
        moved = state is not session.state
        session.state = state
        if drafts is not None:
            session.drafts = drafts
        if selected is not None:
            session.selected = selected
        if moved and actor is not None and actor in session.private:
            # what only they were told stays in their hand until their next move
            session.private = {p: n for p, n in session.private.items() if p != actor}
        adapter = games.get(session.game)
        session.announce(kept(adapter, events))
        session.mark(update_id)
        ended = adapter.game.outcome(state).status == "over"
        if ended:
            session.status = "over"
        try:
            await self.store.save(session, version, status_changed=ended)
        except Conflict:
            return False
        await self.after_change(session, events, before)
        return True

    async def stop(self, chat_id: int, user: Member, is_admin: bool) -> str:
        lang = await self.lang(chat_id, user.lang)
        async with self._locks[chat_id]:
            for _ in range(CAS_ATTEMPTS):
                session, version = await self.store.load(chat_id)
                if session is None or session.status == "over":
                    return self.t(lang, "cmd-no-game")
                if user.id != session.creator and not is_admin:
                    return self.t(lang, "cmd-stop-denied")
                session.status = "over"
                session.stopped_by = user
                try:
                    await self.store.save(session, version, status_changed=True)
                except Conflict:
                    continue
                await self.store.set_timer(chat_id, None)
                self.refresh(session)
                return ""
        return self.t(lang, "answer-busy")

    async def repost_board(self, chat_id: int, user_lang: str | None) -> str:
        session, _ = await self.store.load(chat_id)
        if session is None or session.status == "over":
            return self.t(await self.lang(chat_id, user_lang), "cmd-no-game")
        await self.store.forget_message(chat_id, "board")
        self.refresh(session)
        return ""

    async def current_game(self, chat_id: int) -> str | None:
        """The game of the chat's open table, if there is one (for /rules)."""
        session, _ = await self.store.load(chat_id)
        if session is None or session.status == "over":
            return None
        return session.game

    # --- after every change ------------------------------------------------------------

    async def after_change(
        self, session: Session, events: list[Event] | None = None, before: Session | None = None
    ) -> None:
        self.refresh(session, before)
        await self.schedule(session)
        finished = session.status == "over" and session.stopped_by is None and session.state is not None
        if finished and (before is None or before.status != "over"):
            self._spawn(self._announce_result(session))

    def refresh(self, session: Session, before: Session | None = None) -> None:
        """Redraw the screens a change may have changed: after a move (``before`` is
        the session it was made in) the board and the hands whose key it changed;
        without ``before`` (a start, a stop, a language, a restart) all of them."""
        chat_id = session.chat_id
        self.screens.touch(chat_id, "board")
        if session.state is None:
            return
        adapter = games.get(session.game)
        waits = adapter.game.waiting(session.state)
        for m in session.members:
            after = self._hand_key(adapter, session, m.id)
            if before is None or before.state is None or self._hand_key(adapter, before, m.id) != after:
                self._must_act[(chat_id, f"hand:{m.id}")] = screens.urgent(m.id, waits)
                self.screens.touch(chat_id, f"hand:{m.id}")

    @staticmethod
    def _hand_key(adapter: AnyAdapter, session: Session, player: int) -> Any:
        game = adapter.game
        view, legal = game.view(session.state, player), game.legal(session.state, player)
        return screens.hand_key(session, adapter, player, view, legal)

    async def _announce_result(self, session: Session) -> None:
        """The end of a game: one message in the group with the winners."""
        lang = await self.chat_lang(session.chat_id)
        adapter = games.get(session.game)
        outcome = adapter.game.outcome(session.state)
        ctx = self.ctx(session, lang)
        if outcome.winners:
            text = ctx(
                "final-winners",
                game=screens.game_title(self.t, lang, session.game),
                players=", ".join(ctx.name(p) for p in outcome.winners),
                count=len(outcome.winners),
            )
        else:
            text = ctx("final-no-winner", game=screens.game_title(self.t, lang, session.game))
        try:
            await self.limits.acquire(session.chat_id)
            await call(lambda: self.bot.send_message(session.chat_id, text, parse_mode=ParseMode.HTML))
        except TelegramError:
            log.exception("announcing the result in %s failed", session.chat_id)

    # --- timers ---------------------------------------------------------------------------
    # Deadlines live in one Redis sorted set; whichever worker claims a due entry
    # first fires it, so a restarted or a second worker fires it too, and never twice.

    async def schedule(self, session: Session) -> None:
        due = None
        if session.status == "playing" and session.state is not None:
            due = games.get(session.game).game.next_deadline(session.state)
        await self.store.set_timer(session.chat_id, due)
        if due is not None and due < self._sleeping_until_ms:
            self._wake.set()  # due before the timer loop would look again

    async def run_timers(self) -> None:
        """Fire due deadlines until cancelled; survives Redis outages."""
        last_reconcile = time.monotonic()
        while True:
            # Awake: a deadline set from now on wakes the next wait at once (the
            # reads below may have missed it).
            self._wake.clear()
            self._sleeping_until_ms = 2**62
            try:
                now = now_ms()
                for chat_id in await self.store.due_timers(now):
                    if await self.store.claim_timer(chat_id, now):
                        self._spawn(self._fire(chat_id))
                if time.monotonic() - last_reconcile > RECONCILE_S:
                    last_reconcile = time.monotonic()
                    await self.reconcile_timers()
                nxt = await self.store.next_timer()
                wait = (
                    MAX_TIMER_SLEEP_S
                    if nxt is None
                    else min(max((nxt - now_ms()) / 1000, 0.01), MAX_TIMER_SLEEP_S)
                )
            except RedisError as e:
                log.warning("timers: redis unavailable (%s)", e)
                wait = 1.0
            self._sleeping_until_ms = now_ms() + int(wait * 1000)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    async def _fire(self, chat_id: int) -> None:
        try:
            await self.tick(chat_id)
        except RedisError as e:
            log.warning("timer of %s: redis unavailable (%s)", chat_id, e)
        except Exception:
            log.exception("timer of %s failed", chat_id)

    async def reconcile_timers(self) -> None:
        """Re-add a live game's deadline that a crash between two writes lost."""
        for chat_id in await self.store.active_chats():
            session, _ = await self.store.load(chat_id)
            if session is not None:
                await self.schedule(session)

    async def resume(self) -> None:
        """After a start: re-arm every live game's timer and refresh its screens."""
        for chat_id in await self.store.active_chats():
            session, _ = await self.store.load(chat_id)
            if session is None or session.status == "over":
                continue
            self.refresh(session)
            await self.schedule(session)

    async def close(self) -> None:
        await self.screens.close()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # --- screens ------------------------------------------------------------------------------

    async def render(self, chat_id: int, slot: str) -> tuple[int, Rendered] | None:
        """The screen in ``slot`` (``board``, ``hand:<user>``) as it should look now,
        and whom it goes to."""
        session, settings = await self.store.load_shared(chat_id)
        if session is None:
            return None
        if slot == "board":
            return chat_id, screens.draw_board(self.t, self.pick_lang(settings), session, self.bot.username)
        user_id = int(slot.split(":", 1)[1])
        if session.state is None:
            return None
        member = session.member(user_id)
        lang = self.pick_lang(settings, member.lang if member else None)
        return user_id, screens.draw_hand(self.t, lang, session, user_id, self.bot.username)

    async def _outdated(self, chat_id: int, slot: str) -> tuple[int, bool] | None:
        """Whom to send the screen to, if what they see is not what it shows now,
        and whether it is urgent (they must act now)."""
        first = await self.render(chat_id, slot)
        if first is None:
            return None
        target, rendered = first
        msg_id, digest, pending = await self.store.message(chat_id, slot)
        if msg_id is not None and (rendered.hold or digest == pending == rendered.digest()):
            return None  # shown already, or a held screen: what the message shows may stay
        if target > 0 and not await self.store.started(target):
            return None  # never write to someone who has not opened (or has blocked) the bot
        return target, rendered.urgent

    async def _flush(self, chat_id: int, slot: str) -> None:
        # The lock comes before rendering: with several workers, a screen another
        # worker is already refreshing costs this one a Redis call, not a render.
        # That worker is left a note (in the same call) and draws it once more.
        try:
            if not await self.store.claim_screen(chat_id, slot, self.worker_id):
                return
            try:
                outdated = await self._outdated(chat_id, slot)
                if outdated is not None:
                    await self._send_screen(chat_id, slot, *outdated)
            finally:
                again = await self.store.release_screen(chat_id, slot, self.worker_id)
        finally:
            self._must_act.pop((chat_id, slot), None)
        if again:
            self.screens.touch(chat_id, slot)

    async def _send_screen(self, chat_id: int, slot: str, target: int, urgent: bool = False) -> None:
        plan: dict[str, Any] = {}

        async def prepare() -> bool:
            """Render the latest state once the budget is free (it may have moved while we waited)."""
            latest = await self.render(chat_id, slot)
            if latest is None:
                return False
            to, rendered = latest
            new = rendered.digest()
            msg_id, digest, pending = await self.store.message(chat_id, slot)
            if msg_id is not None and pending != digest:
                msg_id = None  # an edit whose outcome a crash hid: post the screen anew
            elif msg_id is not None and (digest == new or rendered.hold):
                return False
            plan.update(to=to, rendered=rendered, new=new, msg_id=msg_id)
            return True

        def must_act() -> bool:
            return self._must_act.get((chat_id, slot), urgent)

        if not await self.limits.acquire(target, prepare=prepare, urgent=must_act):
            return
        target, rendered, new, msg_id = plan["to"], plan["rendered"], plan["new"], plan["msg_id"]
        await self.store.set_pending(chat_id, slot, new)
        try:
            if msg_id is not None:
                try:
                    await call(
                        lambda: self.bot.edit_message_text(
                            rendered.text,
                            chat_id=target,
                            message_id=msg_id,
                            reply_markup=rendered.markup,
                            parse_mode=ParseMode.HTML,
                        )
                    )
                except BadRequest as e:
                    if message_gone(e):
                        msg_id = None
                    elif not not_modified(e):
                        raise
            if msg_id is None:
                message = await call(
                    lambda: self.bot.send_message(
                        target, rendered.text, reply_markup=rendered.markup, parse_mode=ParseMode.HTML
                    )
                )
                msg_id = message.message_id
        except Forbidden:
            log.info("cannot write to %s any more", target)
            if target > 0:
                await self.store.forget_started(target)
            return
        await self.store.set_message(chat_id, slot, msg_id, new)
