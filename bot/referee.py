"""The referee: turns presses, commands and time into engine actions, and the
resulting state into screens.  Independent of how updates arrive (polling or
webhook) so that it can be driven and tested directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import secrets
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from redis.exceptions import RedisError
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from bot import render
from bot.callbacks import ON_TOP, BadCallback, Press, encode, parse_action
from bot.i18n import Translator
from bot.outbox import Limits, Screens, call, message_gone, not_modified
from bot.session import ChatSettings, Member, Session
from bot.store import Conflict, Store
from engine.core import Event, RuleError, Tick
from engine.svintus import GAME
from engine.svintus.animals import ANIMALS
from engine.svintus.models import NextRound, Pick, Play, Slap, Speak, SvintusOptions, SvintusState

log = logging.getLogger(__name__)

CAS_ATTEMPTS = 8
RECONCILE_S = 30.0
MAX_TIMER_SLEEP_S = 0.5
TARGETS = (10, 20, 30, 50, 100)
TIMERS_MS = (0, 15_000, 30_000, 60_000)
WINDOWS_MS = (2_000, 3_000, 5_000)


def now_ms() -> int:
    return int(time.time() * 1000)


def _next(values: tuple[int, ...], current: int) -> int:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


@dataclass
class Reply:
    """What to tell the presser (empty: nothing) and whether as an alert."""

    text: str = ""
    alert: bool = False
    url: str | None = None


class Referee:
    def __init__(self, bot: Bot, store: Store, t: Translator, default_lang: str) -> None:
        self.bot = bot
        self.store = store
        self.t = t
        self.default_lang = default_lang
        self.limits = Limits(store)
        self.worker_id = secrets.token_hex(6)
        self._wake = asyncio.Event()
        self._sleeping_until_ms = 0  # when the timer loop looks again by itself
        self.screens = Screens(self._flush)
        # whether a hand waiting to be redrawn is its owner's to act on now, as of
        # the latest change (a waiting send moves up when it becomes so)
        self._must_act: dict[tuple[int, str], bool] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

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
        await self.store.save_settings(chat_id, ChatSettings.model_validate({"lang": self.t.language(lang)}))
        session, _ = await self.store.load(chat_id)
        if session is not None and session.status != "over":
            self.refresh(session)

    # --- the lobby ----------------------------------------------------------------

    async def new_lobby(self, chat_id: int, title: str, creator: Member) -> Reply | None:
        async with self._locks[chat_id]:
            session, version = await self.store.load(chat_id)
            if session is not None and session.status != "over":
                return Reply(self.t(await self.lang(chat_id, creator.lang), "cmd-game-exists"))
            session = Session(
                chat_id=chat_id, game_id=secrets.token_hex(3), creator=creator.id, title=title, members=[]
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
            reply = Reply()
            code = press.code
            if code == "j":
                if session.member(user.id) is not None:
                    return Reply(t(lang, "answer-already-joined"))
                if len(session.members) >= GAME.max_players:
                    return Reply(t(lang, "answer-table-full"))
                if not await self._can_write(user.id, lang, session.title):
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
                session.animal_picks = {p: a for p, a in session.animal_picks.items() if p != user.id}
                reply = Reply(t(lang, "answer-left"))
            elif code.startswith("a") and code[1:].isdigit():
                reply, changed = self._pick_animal(session, user.id, int(code[1:]), lang)
                if not changed:
                    return reply
            elif code in ("g", "ot", "om", "ow", "oh", "oa", "od"):
                if user.id != session.creator:
                    return Reply(t(lang, "answer-creator-only"))
                if code == "g":
                    session.mark(update_id)
                    return await self._start_game(session, version, lang)
                o = session.options
                if code == "ot":
                    o = o.model_copy(update={"target_score": _next(TARGETS, o.target_score)})
                elif code == "om":
                    o = o.model_copy(update={"turn_timer_ms": _next(TIMERS_MS, o.turn_timer_ms)})
                elif code == "ow":
                    o = o.model_copy(update={"reaction_window_ms": _next(WINDOWS_MS, o.reaction_window_ms)})
                elif code == "oa":
                    o = o.model_copy(update={"metamorphoses": not o.metamorphoses})
                elif code == "od":
                    deal = "random" if o.animal_deal == "chosen" else "chosen"
                    o = o.model_copy(update={"animal_deal": deal})
                else:
                    o = o.model_copy(update={"hush_counts_messages": not o.hush_counts_messages})
                session.options = SvintusOptions.model_validate(o.model_dump())
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

    def _pick_animal(self, session: Session, user_id: int, index: int, lang: str) -> tuple[Reply, bool]:
        """A lobby press on an animal: take it, or give it back if it was one's own.
        Returns the answer and whether the session changed."""
        t = self.t
        o = session.options
        if not (o.metamorphoses and o.animal_deal == "chosen") or not 0 <= index < len(ANIMALS):
            return Reply(t(lang, "answer-unknown")), False
        if session.member(user_id) is None:
            return Reply(t(lang, "answer-join-first")), False
        animal = ANIMALS[index]
        owner = next((p for p, a in session.animal_picks.items() if a == animal.value), None)
        if owner is not None and owner != user_id:
            return Reply(t(lang, "answer-animal-taken", player=html.escape(session.name(owner)))), False
        picks = {p: a for p, a in session.animal_picks.items() if p != user_id}
        if owner == user_id:
            session.animal_picks = picks
            return Reply(t(lang, "answer-animal-returned")), True
        picks[user_id] = animal.value
        session.animal_picks = picks
        return Reply(t(lang, "answer-animal-picked", animal=render.animal_name(t, lang, animal, False))), True

    async def join_from_link(self, chat_id: int, user: Member) -> str:
        """``/start join_<chat>``: the user opened the private chat and joins in one tap."""
        for _ in range(CAS_ATTEMPTS):
            session, version = await self.store.load(chat_id)
            lang = await self.lang(chat_id, user.lang)
            if session is None or session.status != "lobby":
                return self.t(lang, "start-no-lobby")
            if session.member(user.id) is not None:
                return self.t(lang, "start-joined", chat=html.escape(session.title))
            if len(session.members) >= GAME.max_players:
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

    async def _can_write(self, user_id: int, lang: str, title: str) -> bool:
        """Only a user who has opened a private chat with the bot may be written to."""
        if not await self.store.started(user_id):
            return False
        try:
            await self.limits.acquire(user_id)
            await call(
                lambda: self.bot.send_message(user_id, self.t(lang, "dm-joined", chat=html.escape(title)))
            )
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
        if not GAME.min_players <= len(session.members) <= GAME.max_players:
            return Reply(self.t(lang, "answer-need-players", min=GAME.min_players, max=GAME.max_players))
        o = session.options
        ids = [m.id for m in session.members]
        chosen = o.metamorphoses and o.animal_deal == "chosen"
        state, events = GAME.start(
            ids,
            seed=secrets.randbits(63),
            options=o,
            now_ms=now_ms(),
            animals={p: a for p, a in session.animal_picks.items() if p in ids} if chosen else None,
        )
        session.state = state
        session.status = "playing"
        session.announce(events)
        try:
            await self.store.save(session, version)
        except Conflict:
            return Reply(self.t(lang, "answer-busy"))
        await self.after_change(session)
        return Reply()

    # --- a running game -----------------------------------------------------------

    async def game_press(
        self, press: Press, user: Member, from_board: bool, update_id: int | None = None
    ) -> Reply:
        chat_id = press.chat_id
        t = self.t
        lang = self.default_lang
        async with self._locks[chat_id]:
            for _ in range(CAS_ATTEMPTS):
                session, version, settings = await self.store.load_with_settings(chat_id)
                lang = self.pick_lang(settings, user.lang)
                if session is None or session.game_id != press.game_id:
                    return Reply(t(lang, "answer-old-game"))
                if session.seen(update_id):
                    return Reply()  # a redelivery of a press already applied
                state = session.state
                if session.status != "playing" or state is None:
                    return Reply(t(lang, "svintus-err-match-over"))
                if user.id not in state.hands:
                    return Reply(t(lang, "answer-not-player"))
                if press.code == "n":
                    action: Any = NextRound(player=user.id)
                else:
                    try:
                        action = parse_action(press.code, user.id)
                    except BadCallback:
                        return Reply(t(lang, "answer-unknown"))
                now = now_ms()
                state, events = self._catch_up(state, now)  # a late press meets a closed window
                reply = Reply()
                if isinstance(action, Play) and action.on == ON_TOP:
                    action = action.model_copy(update={"on": state.pile[-1]})
                if isinstance(action, Play) and action.on != state.pile[-1]:
                    reply = Reply(t(lang, "svintus-err-too-late"))
                elif isinstance(action, Pick) and self._already(press.code, state, user.id, action.card):
                    pass  # a second fast tap on a card already (un)chosen: nothing to do
                elif not self._fresh(press, state, user.id, from_board):
                    reply = Reply(t(lang, "answer-stale"))
                else:
                    try:
                        state, more = GAME.apply(state, action, now)
                        events += more
                    except RuleError as e:
                        key = "answer-slap-too-late" if isinstance(action, Slap) else e.key
                        reply = Reply(t(lang, key, **e.params))
                # some moves (picking a card) announce nothing: a changed state is saved all the same
                if state is not session.state and not await self._commit(
                    session, version, state, events, update_id
                ):
                    continue
                if reply.text:  # refused: whatever their hand showed, show them the current one
                    self.screens.touch(chat_id, f"hand:{user.id}")
                return reply
        return Reply(t(lang, "answer-busy"))

    @staticmethod
    def _already(code: str, state: SvintusState, user: int, card: int) -> bool:
        """Is the card already chosen (``q``) or already not (``r``)?"""
        run = state.ability
        return run is not None and run.player == user and (card in run.picked) == code.startswith("q")

    @staticmethod
    def _fresh(press: Press, state: Any, user: int, from_board: bool) -> bool:
        """Was the button drawn from the state as it is now (for this presser)?"""
        if press.code in ("k", "n", "h"):  # catch, slap and next round mean the same whenever shown
            return True
        if press.code[:1] in ("q", "r"):  # says what it wants (choose / un-choose): quick taps all count
            return not from_board
        return not from_board and press.tag == render.hand_tag(state, user)

    async def speak(self, chat_id: int, user_id: int, update_id: int | None = None) -> None:
        """A player wrote in the group: during a silence that costs cards."""
        session, _ = await self.store.load(chat_id)
        if session is None or session.status != "playing" or session.state is None:
            return
        s = session.state
        if s.silence is None or user_id not in s.hands or not s.options.hush_counts_messages:
            return
        await self._apply_and_save(chat_id, lambda st: Speak(player=user_id), update_id)

    async def tick(self, chat_id: int) -> None:
        """A deadline came: let time pass in the game (a stale timer does nothing)."""
        await self._apply_and_save(chat_id, lambda st: Tick())

    async def _apply_and_save(self, chat_id: int, make: Any, update_id: int | None = None) -> None:
        async with self._locks[chat_id]:
            for _ in range(CAS_ATTEMPTS):
                session, version = await self.store.load(chat_id)
                if session is None or session.status != "playing" or session.state is None:
                    return
                if session.seen(update_id):
                    return
                now = now_ms()
                state, events = self._catch_up(session.state, now)
                action = make(state)
                if not isinstance(action, Tick):
                    try:
                        state, more = GAME.apply(state, action, now)
                        events += more
                    except RuleError:
                        pass
                if state is session.state:
                    await self.schedule(session)
                    return
                if await self._commit(session, version, state, events, update_id):
                    return

    @staticmethod
    def _catch_up(state: SvintusState, now: int) -> tuple[SvintusState, list[Event]]:
        """Time first: a deadline already past is applied before anything else."""
        due = GAME.next_deadline(state)
        if due is not None and due <= now:
            return GAME.apply(state, Tick(), now)
        return state, []

    async def _commit(
        self, session: Session, version: int, state: SvintusState, events: list[Event], update_id: int | None
    ) -> bool:
        """Write the new state (and the update that made it); False if someone wrote first."""
        before = session.state
        session.state = state
        session.announce(events)
        session.mark(update_id)
        ended = state.phase == "match_over"
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

    # --- after every change ------------------------------------------------------------

    async def after_change(
        self, session: Session, events: list[Event] | None = None, before: SvintusState | None = None
    ) -> None:
        self.refresh(session, before)
        await self.schedule(session)
        if session.status == "over" and events:
            for e in events:
                if e.key in ("svintus-ev-match-won", "svintus-ev-walkover"):
                    asyncio.get_running_loop().create_task(self._announce_winner(session, e))

    def refresh(self, session: Session, before: SvintusState | None = None) -> None:
        """Redraw the screens a change may have changed: after a move (``before`` is
        the state it was made in) the board and the hands whose key it changed;
        without ``before`` (a start, a stop, a language, a restart) all of them."""
        self.screens.touch(session.chat_id, "board")
        s = session.state
        if s is None:
            return
        gone = [p for p in before.seats if p not in s.seats] if before is not None else []
        for p in [*s.seats, *gone]:  # one who just left is shown that they are out
            if before is None or render.hand_key(before, p) != render.hand_key(s, p):
                self._must_act[(session.chat_id, f"hand:{p}")] = render.must_act(s, p)
                self.screens.touch(session.chat_id, f"hand:{p}")
        if before is None:
            for m in session.members:
                if m.id not in s.hands:
                    self.screens.touch(session.chat_id, f"hand:{m.id}")

    async def _announce_winner(self, session: Session, e: Event) -> None:
        lang = await self.chat_lang(session.chat_id)
        text = render.event_text(self.t, lang, session, e)
        try:
            await self.limits.acquire(session.chat_id)
            await call(
                lambda: self.bot.send_message(session.chat_id, "🏆 " + text, parse_mode=ParseMode.HTML)
            )
        except TelegramError:
            log.exception("announcing the winner in %s failed", session.chat_id)

    # --- timers ---------------------------------------------------------------------------
    # Deadlines live in one Redis sorted set; whichever worker claims a due entry
    # first fires it, so a restarted or a second worker fires it too, and never twice.

    async def schedule(self, session: Session) -> None:
        due = None
        if session.status == "playing" and session.state is not None:
            due = GAME.next_deadline(session.state)
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
                        asyncio.get_running_loop().create_task(self._fire(chat_id))
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

    # --- screens ------------------------------------------------------------------------------

    async def _render(self, chat_id: int, slot: str) -> tuple[int, render.Rendered] | None:
        session, settings = await self.store.load_shared(chat_id)
        if session is None:
            return None
        if slot == "board":
            lang = self.pick_lang(settings)
            if session.state is None:
                if session.status == "over":
                    return chat_id, render.Rendered(
                        self.t(
                            lang,
                            "board-stopped",
                            player=self._stopper(session),
                        ),
                        None,
                    )
                return chat_id, render.lobby(self.t, lang, session, self.bot.username)
            rendered = render.board(self.t, lang, session, self.bot.username)
            if session.stopped_by is not None:
                rendered = render.Rendered(
                    rendered.text + "\n\n" + self.t(lang, "board-stopped", player=self._stopper(session)),
                    None,
                )
            elif session.state.phase == "round_over":
                rendered = render.Rendered(
                    rendered.text,
                    InlineKeyboardMarkup(
                        [
                            [
                                InlineKeyboardButton(
                                    self.t(lang, "button-next-round"),
                                    callback_data=encode("h", chat_id, session.game_id, "-", "n"),
                                )
                            ]
                        ]
                    ),
                )
            return chat_id, rendered
        user_id = int(slot.split(":", 1)[1])
        if session.state is None:
            return None
        member = session.member(user_id)
        lang = self.pick_lang(settings, member.lang if member else None)
        rendered = render.hand(self.t, lang, session, user_id, session.title)
        if session.stopped_by is not None:
            rendered = render.Rendered(
                rendered.text + "\n\n" + self.t(lang, "board-stopped", player=self._stopper(session)),
                None,
            )
        return user_id, rendered

    @staticmethod
    def _stopper(session: Session) -> str:
        who = session.stopped_by
        return html.escape(who.name) if who is not None else render.name(session, session.creator)

    async def _outdated(self, chat_id: int, slot: str) -> tuple[int, bool] | None:
        """Whom to send the screen to, if what they see is not what it shows now,
        and whether it is urgent (they must act now)."""
        first = await self._render(chat_id, slot)
        if first is None:
            return None
        target, rendered = first
        msg_id, digest, pending = await self.store.message(chat_id, slot)
        if msg_id is not None and digest == pending == rendered.digest():
            return None
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
            latest = await self._render(chat_id, slot)
            if latest is None:
                return False
            to, rendered = latest
            new = rendered.digest()
            msg_id, digest, pending = await self.store.message(chat_id, slot)
            if msg_id is not None and pending != digest:
                msg_id = None  # an edit whose outcome a crash hid: post the screen anew
            elif msg_id is not None and digest == new:
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
