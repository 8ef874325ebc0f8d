"""python-telegram-bot handlers: updates in, referee calls out.  Nothing else.

The commands every game shares live here; a game's own commands (``/animal``)
come from its adapter.  ``install`` registers them from one table (``routes``).
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

from redis.exceptions import RedisError
from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    MaybeInaccessibleMessage,
    Message,
    Update,
    User,
)
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import BadRequest, RetryAfter, TelegramError
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    BaseHandler,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot import buttons, ephemeral, games, kit, metrics, screens, sizing, stats
from bot.adapter import Command, Ctx
from bot.buttons import (
    GAME_BODIES,
    Again,
    BadButton,
    Forget,
    Hint,
    Language,
    Mine,
    NewGame,
    Pressed,
    Seats,
    Setting,
)
from bot.i18n import Translator
from bot.referee import Referee
from bot.session import Member
from bot.transaction import Reply

log = logging.getLogger(__name__)
Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]
App = Application[Any, Any, Any, Any, Any, Any]

# how long after it arrived a press may still be answered (Telegram's deadline is about 15 s)
ANSWER_DEADLINE_S = 14.0
QUERY_SHOWN = 40  # the characters of an unknown game's name a reply repeats
COMMANDS = ("new", "leave", "stop", "board", "rules", "stats", "forget", "language", "help")


def member(user: User) -> Member:
    return Member(id=user.id, name=user.full_name or str(user.id), lang=user.language_code)


def game_commands() -> list[tuple[str, Command]]:
    """Every offered game's own commands, with the game they belong to."""
    return [(name, c) for name in games.offered() for c in games.get(name).commands]


def find_game(ref: Referee, text: str) -> str | None:
    """An offered game by its short name or by its name in any language."""
    q = text.strip().lower()
    for name in games.offered():
        if q == name or any(q == ref.t(lang, f"{name}-name").lower() for lang in ref.t.languages):
            return name
    return None


def game_list(t: Translator, lang: str) -> str:
    """Every offered game, a line each: its title, what it is, its short name."""
    return "\n".join(
        t(lang, "game-line", game=kit.game_title(t, lang, g), about=t(lang, f"{g}-about"), name=g)
        for g in games.offered()
    )


def unknown_game(t: Translator, lang: str, query: str) -> str:
    """``/new <query>`` that names no game: the query as written (escaped: it is
    the user's text), then the games there are."""
    return t(lang, "cmd-new-unknown", query=html.escape(query[:QUERY_SHOWN])) + "\n\n" + game_list(t, lang)


def in_group(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


def thread_of(message: Message | MaybeInaccessibleMessage | None) -> int | None:
    """The forum topic a message is in (None: General, or a chat without topics; a reply
    thread of an ordinary group is not a topic)."""
    if not isinstance(message, Message) or not message.is_topic_message:
        return None
    return message.message_thread_id


def press_mark(query: CallbackQuery) -> str:
    """What a press is known by once answered: its query id, with who pressed what.

    Telegram's ids are unique, so the same id again is a redelivery; but a server
    that numbers its presses anew (a restarted test server) must not have a new
    press taken for an old one: the same id with other data, or from another
    person, is not a repeat."""
    who = hashlib.blake2b(f"{query.from_user.id}|{query.data}".encode(), digest_size=6).hexdigest()
    return f"{query.id}.{who}"


def pressed(data: str | None) -> Pressed | None:
    """A press's button, read (None: no button of ours)."""
    try:
        return buttons.parse(data)
    except BadButton:
        return None


class Handlers:
    """What each kind of update does (see ``routes`` for which is which)."""

    def __init__(self, ref: Referee) -> None:
        self.ref = ref
        self.t = ref.t

    # --- helpers ------------------------------------------------------------------------

    def user_lang(self, update: Update) -> str:
        user = update.effective_user
        return self.t.language(user.language_code if user else None, self.ref.default_lang)

    async def lang_of(self, update: Update) -> str:
        chat, user = update.effective_chat, update.effective_user
        return await self.ref.lang(chat.id if chat else None, user.language_code if user else None)

    def plain_ctx(self, lang: str, chat_id: int) -> Ctx:
        return Ctx(t=self.t, lang=lang, chat_id=chat_id, game_id="-", bot_username=self.ref.bot.username)

    def game_list(self, lang: str) -> str:
        return game_list(self.t, lang)

    async def reply(self, update: Update, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
        """A command's answer, in its chat (and forum topic): within the chat's budget,
        after the chat's other messages, however long a flood wait or an outage
        keeps it (``Sender.message``: the handler waits a few seconds at most)."""
        message = update.effective_message
        if message is None or not text:
            return
        await self.ref.sender.message(message.chat_id, text, markup, thread=thread_of(message))

    async def tell(self, update: Update, text: str) -> None:
        """Best effort: answer a press, or reply in a private chat."""
        try:
            if update.callback_query is not None:
                await update.callback_query.answer(sizing.answer(text))
            elif update.effective_chat is not None and update.effective_chat.type == ChatType.PRIVATE:
                await self.reply(update, text)
        except TelegramError as e:
            log.warning("could not tell a user that something failed: %s", e.message)

    def guarded(self, fn: Handler) -> Handler:
        """No traceback ever reaches a user: Redis trouble gets a short answer, the rest is logged."""

        async def run(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            try:
                await fn(update, context)
            except ApplicationHandlerStop:
                raise
            except RedisError as e:
                log.warning("redis unavailable while handling an update: %s", e)
                await self.tell(update, self.t(self.user_lang(update), "answer-unavailable"))
            except Exception:
                log.exception("handling an update failed")
                await self.tell(update, self.t(self.user_lang(update), "answer-error"))

        return run

    def group_only(self, fn: Handler) -> Handler:
        """A command that means something only in a group; elsewhere it says so."""

        async def run(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            if update.effective_chat is None or update.effective_user is None:
                return
            if not in_group(update):
                await self.reply(update, self.t(await self.lang_of(update), "cmd-group-only"))
                return
            await fn(update, context)

        return run

    # --- every update first -------------------------------------------------------------

    async def once(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A redelivered update (same update_id) is handled once.

        A press goes on to ``on_press``, where its data is read, and where one
        answered already is dropped (``answered_before``).

        An edited message is dropped here: someone fixing a typo, or turning an old
        message into ``/stop``, says nothing new.

        Any other update is claimed for a short while (``Store.claim_update``)
        and marked done once handled (``done``): delivered again meanwhile (a
        webhook worker killed while handling it), it is handled again once the
        claim runs out; delivered again after, never.  (What it changes in a
        chat is guarded by the change itself, too: ``Chats.change``.)
        """
        if update.edited_message is not None or update.edited_channel_post is not None:
            raise ApplicationHandlerStop  # an edit is no new message: not a command, not a word said
        if update.callback_query is not None:
            return
        store = self.ref.store
        try:
            if not await store.claim_update(update.update_id):
                raise ApplicationHandlerStop
            chat, user = update.effective_chat, update.effective_user
            if chat is not None and user is not None and chat.type == ChatType.PRIVATE and update.message:
                await store.mark_started(user.id)  # they opened the private chat: we may write
        except RedisError as e:
            log.warning("redis unavailable before an update (%s); the handler will say so", e)

    async def done(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Every handler had its turn at the update (``once``): it is not handled again."""
        if update.callback_query is not None:
            return  # a press is marked once answered (``on_press``)
        try:
            await self.ref.store.update_done(update.update_id)
        except RedisError as e:
            log.warning("redis unavailable after an update (%s): a redelivery may repeat it", e)

    # --- commands -----------------------------------------------------------------------

    async def cmd_start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user = update.effective_user
        if user is None:
            return
        if in_group(update):
            await self.reply(update, self.t(await self.lang_of(update), "cmd-start-in-group"))
            return
        args = context.args or []
        if args and args[0].startswith("join_"):
            try:
                chat_id = int(args[0][5:])
            except ValueError:
                chat_id = 0
            if chat_id < 0:
                await self.reply(update, await self.ref.join_from_link(chat_id, member(user)))
                return
        lang = await self.lang_of(update)
        await self.reply(update, self.t(lang, "bot-start", games=self.game_list(lang)))

    async def cmd_new(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``/new``: the game picker; ``/new <game>``: that game's lobby at once."""
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        lang = await self.lang_of(update)
        query = " ".join(context.args or [])
        if not query:
            if await self.ref.current_game(chat.id) is not None:
                await self.reply(update, self.t(lang, "cmd-game-exists"))
                return
            picked = screens.picker(self.t, lang, chat.id, games.offered())
            await self.reply(update, picked.text, picked.markup)
            return
        game = find_game(self.ref, query)
        if game is None:
            await self.reply(update, unknown_game(self.t, lang, query))
            return
        thread = thread_of(update.effective_message)
        answer = await self.ref.new_lobby(chat.id, chat.title or "", member(user), game, thread)
        if answer is not None:
            await self.reply(update, answer.text)

    async def cmd_stop(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        is_admin = False
        try:
            cm = await context.bot.get_chat_member(chat.id, user.id)
            is_admin = cm.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
        except TelegramError:
            log.warning("could not check admin rights in %s", chat.id)
        await self.reply(update, await self.ref.stop(chat.id, member(user), is_admin))

    async def cmd_leave(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``/leave``: out of this group's lobby or game."""
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        await self.reply(update, await self.ref.leave(chat.id, member(user), update.update_id))

    async def cmd_stats(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """In a group: its top ten per game and the asker's line; in private: the
        asker's figures across chats."""
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        lang = await self.lang_of(update)
        if in_group(update):
            text = stats.chat_text(self.t, lang, await self.ref.stats.chat(chat.id), user.id)
        else:
            text = stats.player_text(self.t, lang, await self.ref.stats.player(user.id))
        await self.reply(update, text)

    async def cmd_forget(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Ask the asker whether to delete their figures in every chat (``forgotten``
        does it, on their own press of «Delete»)."""
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        lang = await self.lang_of(update)
        if not await self.ref.stats.has(user.id):
            await self.reply(update, self.t(lang, "stats-none-mine"))
            return
        keys = [
            InlineKeyboardButton(self.t(lang, label), callback_data=buttons.data(chat.id, buttons.NO, body))
            for label, body in (
                ("button-forget-yes", Forget("y", user.id)),
                ("button-forget-no", Forget("n", user.id)),
            )
        ]
        text = self.t(lang, "forget-confirm", name=sizing.shown(member(user).name))
        await self.reply(update, text, InlineKeyboardMarkup([keys]))

    async def forgotten(self, press: Pressed, body: Forget, user: User) -> Reply:
        """A press on ``/forget``'s question: only the asker's «Delete» deletes."""
        lang = await self.ref.lang(press.chat_id, user.language_code)
        if user.id != body.user:
            return Reply(self.t(lang, "answer-forget-not-yours"))
        if body.op == "n":
            return Reply(self.t(lang, "answer-forget-kept"))
        had = await self.ref.stats.forget(user.id)
        return Reply(self.t(lang, "stats-forgotten" if had else "stats-none-mine"))

    async def cmd_board(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user = update.effective_chat, update.effective_user
        if chat is None:
            return
        await self.reply(update, await self.ref.repost_board(chat.id, user.language_code if user else None))

    async def cmd_rules(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The rules of the game named, else of the chat's game (a topic of it, if it knows
        topics), else the list of games (after saying that a name is no game's)."""
        chat = update.effective_chat
        lang = await self.lang_of(update)
        words = list(context.args or [])
        game, topic = None, ""
        for n in range(len(words), 0, -1):  # the game's name (may be two words), then a topic
            game = find_game(self.ref, " ".join(words[:n]))
            if game is not None:
                topic = " ".join(words[n:])
                break
        if game is None and chat is not None and in_group(update):
            current = await self.ref.current_game(chat.id)
            if current is not None and (not words or games.get(current).topics):
                game, topic = current, " ".join(words)  # a topic of the chat's game (a faction)
        if game is None and words:  # a name that is no game's
            query = html.escape(" ".join(words)[:QUERY_SHOWN])
            await self.reply(update, self.t(lang, "rules-unknown", query=query, games=self.game_list(lang)))
            return
        if game is None:
            await self.reply(update, self.t(lang, "rules-list", games=self.game_list(lang)))
            return
        await self.reply(update, games.get(game).rules(self.plain_ctx(lang, chat.id if chat else 0), topic))

    def cmd_game(self, command: Command) -> Handler:
        async def run(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            chat = update.effective_chat
            lang = await self.lang_of(update)
            text = command.run(self.plain_ctx(lang, chat.id if chat else 0), " ".join(context.args or []))
            await self.reply(update, text)

        return run

    async def cmd_help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        t = self.t
        lang = await self.lang_of(update)
        lines = [t(lang, "help-title")]
        lines += [t(lang, f"help-{c}") for c in COMMANDS]
        for game, c in game_commands():
            name, about = t(lang, f"{game}-name"), t(lang, c.description)
            lines.append(t(lang, "help-game-command", command=c.name, game=name, about=about))
        lines += ["", t(lang, "help-games", games=self.game_list(lang))]
        await self.reply(update, "\n".join(lines))

    async def cmd_language(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = update.effective_chat
        if chat is None:
            return
        t = self.t
        lang = await self.lang_of(update)
        keys = [
            InlineKeyboardButton(
                t(code, "language-name"), callback_data=buttons.data(chat.id, buttons.NO, Language(code))
            )
            for code in t.languages
        ]
        await self.reply(update, t(lang, "cmd-language-choose"), InlineKeyboardMarkup([keys]))

    # --- presses ------------------------------------------------------------------------

    async def on_press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        user = query.from_user
        arrived = time.monotonic()
        press = pressed(query.data)  # read here once, and handed on
        if await self.answered_before(query, press):
            return
        try:
            answer = await self._press(update, user, press)
        except RedisError as e:
            log.warning("redis unavailable for a press: %s", e)
            answer = Reply(
                self.t(self.t.language(user.language_code, self.ref.default_lang), "answer-unavailable")
            )
        except Exception:
            log.exception("press %r by %s failed", query.data, user.id)
            answer = Reply(self.t(self.t.language(user.language_code, self.ref.default_lang), "answer-error"))
        if not answer.answered and await self._answer(query, answer, arrived):  # (else a redelivery)
            metrics.PRESS_SECONDS.observe(time.monotonic() - arrived)
        try:
            if press is not None:  # no button of ours: answered again if it comes again
                await self.ref.store.mark_answered(press.chat_id, press_mark(query))
        except RedisError as e:
            log.warning("could not note that a press of %s was answered: %s", user.id, e)

    async def answered_before(self, query: CallbackQuery, press: Pressed | None) -> bool:
        """A press delivered again, answered already (dropped: answered once).  A
        game's press is not looked up here but by its change, with its session,
        under the chat's lock (``Chats.change``): nothing may be awaited before it
        takes its place in the chat's line, so presses race in the order they
        arrived (in a real-time race the first to arrive wins).  The session knows
        whether a press's effect was committed, and an unanswered press still
        gets its answer (a crash may have come between the two)."""
        if press is None or isinstance(press.body, GAME_BODIES):
            return False
        try:
            return await self.ref.store.answered(press.chat_id, press_mark(query))
        except RedisError as e:
            log.warning("redis unavailable before a press (%s); the handler will say so", e)
            return False

    @staticmethod
    async def _answer(query: CallbackQuery, answer: Reply, arrived: float) -> bool:
        """The press's answer, made again through an outage or a flood wait for as long
        as Telegram still takes it (``ANSWER_DEADLINE_S`` from its arrival)."""
        pause = 0.25
        while True:
            try:
                if answer.url:
                    await query.answer(url=answer.url)
                else:
                    await query.answer(sizing.answer(answer.text) or None, show_alert=answer.alert)
                return True
            except RetryAfter as e:
                wait = metrics.seconds(e)
            except BadRequest as e:
                expired = "query is too old" in e.message.lower()
                metrics.DROPPED.labels("expired" if expired else "refused").inc()
                log.info("the answer to a press of %s was refused: %s", query.from_user.id, e.message)
                return False
            except TelegramError as e:
                if not metrics.passing(e):
                    log.warning("could not answer a press of %s: %s", query.from_user.id, e.message)
                    return False
                metrics.TROUBLE.failure(e, "answer")
                wait, pause = pause, min(pause * 2, 2.0)
            if time.monotonic() + wait > arrived + ANSWER_DEADLINE_S:
                metrics.DROPPED.labels("expired").inc()
                log.info("the answer to a press of %s is past Telegram's deadline", query.from_user.id)
                return False
            await asyncio.sleep(wait)

    async def _press(self, update: Update, user: User, press: Pressed | None) -> Reply:
        """What a press does, by its kind: the language picker, the game picker, the
        lobby or a running game.  Data that is no button of ours (forged, cut, of
        an older bot: ``press`` None) is answered here, and nowhere else."""
        query = update.callback_query
        assert query is not None
        if press is None:
            return Reply(self.t(await self.ref.lang(None, user.language_code), "answer-unknown"))
        body, message = press.body, query.message
        if isinstance(body, Language):
            if body.code not in self.t.languages:
                return Reply(self.t(await self.ref.lang(None, user.language_code), "answer-unknown"))
            await self.ref.set_chat_lang(press.chat_id, body.code)
            return Reply(self.t(body.code, "cmd-language-set"))
        if isinstance(body, NewGame | Again):
            return await self._picked(message, press, body, user)
        if isinstance(body, Forget):
            return await self.forgotten(press, body, user)
        if isinstance(body, Seats | Setting):
            return await self.ref.lobby_press(press, body, member(user), update.update_id)
        # a hand in the group (an ephemeral message) is a hand, not the board
        in_group = message is not None and message.chat.id == press.chat_id
        if isinstance(body, Mine):  # the board's: a hand comes in the group it was pressed in
            if not in_group:
                return Reply(self.t(await self.ref.lang(press.chat_id, user.language_code), "answer-unknown"))
            return await self.ref.show_hand(press, member(user), query.id)
        if isinstance(body, Hint):  # a hand's «💡 Hint»: answered to the presser alone, the game unchanged
            return await self.ref.hint(press, body, member(user))
        from_board = in_group and ephemeral.pressed(query) is None
        in_private = message is not None and message.chat.id == user.id
        return await self.ref.game_press(
            press, member(user), from_board, update.update_id, press_mark(query), in_private
        )

    async def _picked(self, message: Any, press: Pressed, body: NewGame | Again, user: User) -> Reply:
        """A game picked on ``/new``'s picker, or «Play again»: its lobby."""
        lang = await self.ref.lang(press.chat_id, user.language_code)
        if message is None or message.chat.id != press.chat_id:
            return Reply(self.t(lang, "answer-unknown"))
        title = getattr(message.chat, "title", None) or ""
        thread = thread_of(message)
        if isinstance(body, Again):
            return await self.ref.rematch(press.chat_id, title, member(user), press.game_id, thread)
        if body.game not in games.offered():
            return Reply(self.t(lang, "answer-unknown"))
        answer = await self.ref.new_lobby(press.chat_id, title, member(user), body.game, thread)
        return answer if answer is not None else Reply()

    # --- messages -------------------------------------------------------------------------

    async def on_group_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Something a person said in a group (service messages are not talk), in the
        forum topic it was said in."""
        chat, user = update.effective_chat, update.effective_user
        if chat is None or user is None or user.is_bot:
            return
        await self.ref.message(chat.id, user.id, update.update_id, thread_of(update.message))

    async def on_migrated(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A group became a supergroup (said in both: the old and the new chat)."""
        message = update.message
        if message is None:
            return
        if message.migrate_to_chat_id is not None:
            await self.ref.migrate(message.chat_id, message.migrate_to_chat_id)
        elif message.migrate_from_chat_id is not None:
            await self.ref.migrate(message.migrate_from_chat_id, message.chat_id)

    async def on_my_member(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The bot's own membership changed: a group removed it (its game ends), a user
        blocked it (not written to any more) or unblocked it."""
        changed = update.my_chat_member
        if changed is None:
            return
        status, chat = changed.new_chat_member.status, changed.chat
        gone = status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
        if chat.type != ChatType.PRIVATE:
            admin = status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
            self.ref.sender.knows_admin(chat.id, admin)
            if gone:
                await self.ref.bot_removed(chat.id)
        elif gone:
            metrics.BLOCKED.inc()
            log.info("user %s blocked the bot", chat.id)
            await self.ref.store.forget_started(chat.id)
        elif await self.ref.store.mark_started(chat.id):
            metrics.UNBLOCKED.inc()
            log.info("user %s unblocked the bot", chat.id)

    async def on_private_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.reply(update, self.t(await self.lang_of(update), "private-text"))

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        error = context.error
        if isinstance(error, TelegramError) and (metrics.passing(error) or isinstance(error, RetryAfter)):
            metrics.TROUBLE.failure(error, "poll")  # getUpdates met an outage: PTB tries again
            return
        log.error("unhandled error in an update", exc_info=error)

    # --- which handler takes which update ---------------------------------------------------

    def routes(self) -> list[tuple[BaseHandler[Any, Any, Any], int]]:
        """Every handler and its group (lower groups see an update first)."""
        g, group_only = self.guarded, self.group_only
        return [
            (TypeHandler(Update, self.once), -1),
            (CommandHandler("start", g(self.cmd_start)), 0),
            (CommandHandler("new", g(group_only(self.cmd_new))), 0),
            (CommandHandler("leave", g(group_only(self.cmd_leave))), 0),
            (CommandHandler("stop", g(group_only(self.cmd_stop))), 0),
            (CommandHandler("board", g(group_only(self.cmd_board))), 0),
            (CommandHandler("rules", g(self.cmd_rules)), 0),
            (CommandHandler("stats", g(self.cmd_stats)), 0),
            (CommandHandler("forget", g(self.cmd_forget)), 0),
            *((CommandHandler(c.name, g(self.cmd_game(c))), 0) for _, c in game_commands()),
            (CommandHandler("help", g(self.cmd_help)), 0),
            (CommandHandler("language", g(self.cmd_language)), 0),
            (CallbackQueryHandler(self.on_press), 0),
            (MessageHandler(filters.StatusUpdate.MIGRATE, g(self.on_migrated)), 0),
            (ChatMemberHandler(g(self.on_my_member), ChatMemberHandler.MY_CHAT_MEMBER), 0),
            (MessageHandler(filters.ChatType.PRIVATE & ~filters.COMMAND, g(self.on_private_text)), 0),
            # Every message people write in a group is also looked at by its game (a rule of
            # silence, say); service messages (a member joined, a topic made) are not talk.
            (
                MessageHandler(filters.ChatType.GROUPS & ~filters.StatusUpdate.ALL, g(self.on_group_message)),
                1,
            ),
            (TypeHandler(Update, self.done), 2),
        ]


def install(app: App, ref: Referee) -> None:
    handlers = Handlers(ref)
    for handler, group in handlers.routes():
        app.add_handler(handler, group=group)
    app.add_error_handler(handlers.on_error)


async def register_commands(app: App, ref: Referee) -> None:
    """The command list in every language (the default scope in the default language)."""

    def listing(lang: str) -> list[BotCommand]:
        commands = [BotCommand(c, ref.t(lang, f"cmd-desc-{c}")) for c in COMMANDS]
        commands += [BotCommand(c.name, ref.t(lang, c.description)) for _, c in game_commands()]
        return commands

    for lang in ref.t.languages:
        await app.bot.set_my_commands(listing(lang), language_code=lang)
    await app.bot.set_my_commands(listing(ref.default_lang))
