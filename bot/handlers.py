"""python-telegram-bot handlers: updates in, referee calls out.  Nothing else.

The commands every game shares live here; a game's own commands (``/animal``)
come from its adapter.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable, Coroutine
from typing import Any

from redis.exceptions import RedisError
from telegram import BotCommand, InlineKeyboardButton, InlineKeyboardMarkup, Update, User
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import TelegramError
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot import games, screens
from bot.adapter import Command, Ctx
from bot.callbacks import BadCallback, decode, encode
from bot.referee import Referee
from bot.session import Member

log = logging.getLogger(__name__)
Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]

REPLY_PATIENCE_S = 15.0  # how long a reply to a command may wait for the chat's budget
COMMANDS = ("new", "stop", "board", "rules", "language", "help")


def plain(text: str) -> str:
    """A press's answer is plain text: the words' HTML (bold, escaped names) undone."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def member(user: User) -> Member:
    return Member(id=user.id, name=user.full_name or str(user.id), lang=user.language_code)


def game_commands() -> list[tuple[str, Command]]:
    """Every game's own commands, with the game they belong to."""
    return [(name, c) for name in games.names() for c in games.get(name).commands]


def find_game(ref: Referee, text: str) -> str | None:
    """A game by its short name or by its name in any language."""
    q = text.strip().lower()
    for name in games.names():
        if q == name or any(q == ref.t(lang, f"{name}-name").lower() for lang in ref.t.languages):
            return name
    return None


def install(app: Application[Any, Any, Any, Any, Any, Any], ref: Referee) -> None:
    t = ref.t

    def user_lang(update: Update) -> str:
        user = update.effective_user
        return t.language(user.language_code if user else None, ref.default_lang)

    def guarded(fn: Handler) -> Handler:
        """No traceback ever reaches a user: Redis trouble gets a short answer, the rest is logged."""

        async def run(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            try:
                await fn(update, context)
            except ApplicationHandlerStop:
                raise
            except RedisError as e:
                log.warning("redis unavailable while handling an update: %s", e)
                await tell(update, t(user_lang(update), "answer-unavailable"))
            except Exception:
                log.exception("handling an update failed")
                await tell(update, t(user_lang(update), "answer-error"))

        return run

    async def tell(update: Update, text: str) -> None:
        """Best effort: answer a press, or reply in a private chat."""
        try:
            if update.callback_query is not None:
                await update.callback_query.answer(text[:200])
            elif update.effective_chat is not None and update.effective_chat.type == ChatType.PRIVATE:
                message = update.effective_message
                if message is not None:
                    await message.reply_text(text)
        except TelegramError as e:
            log.warning("could not tell a user that something failed: %s", e)

    def game_press(data: str | None) -> bool:
        try:
            return decode(data).kind == "h"
        except BadCallback:
            return False

    async def once(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A redelivered update (same update_id) is applied once.

        A press is let through unless it was answered already: the session
        knows whether its effect was committed, and an unanswered press must
        still get its answer (a crash may have come between the two).  A game's
        press is looked up by the referee, under the chat's lock: nothing may
        be awaited before it takes its place in the chat's line, so presses
        race in the order they arrived (in a real-time race the first to arrive wins).
        """
        try:
            query = update.callback_query
            if query is not None:
                if game_press(query.data):
                    return
                if await ref.store.answered(query.id):
                    raise ApplicationHandlerStop
                return
            if not await ref.store.first_time(update.update_id):
                raise ApplicationHandlerStop
            chat, user = update.effective_chat, update.effective_user
            if chat is not None and user is not None and chat.type == ChatType.PRIVATE and update.message:
                await ref.store.mark_started(user.id)  # they opened the private chat: we may write
        except RedisError as e:
            log.warning("redis unavailable before an update (%s); the handler will say so", e)

    async def reply(update: Update, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
        message = update.effective_message
        if message is None or not text:
            return
        if not await ref.limits.acquire(message.chat_id, give_up_after_s=REPLY_PATIENCE_S):
            log.info("no budget left to reply in %s; the reply is dropped", message.chat_id)
            return
        await message.reply_text(
            text, parse_mode=ParseMode.HTML, disable_web_page_preview=True, reply_markup=markup
        )

    async def lang_of(update: Update) -> str:
        chat = update.effective_chat
        user = update.effective_user
        return await ref.lang(chat.id if chat else None, user.language_code if user else None)

    def in_group(update: Update) -> bool:
        chat = update.effective_chat
        return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)

    def plain_ctx(lang: str, chat_id: int) -> Ctx:
        return Ctx(t=t, lang=lang, chat_id=chat_id, game_id="-", bot_username=ref.bot.username)

    def game_list(lang: str) -> str:
        return "\n".join(
            t(lang, "game-line", game=screens.game_title(t, lang, g), about=t(lang, f"{g}-about"), name=g)
            for g in games.names()
        )

    async def cmd_start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user = update.effective_user
        if user is None:
            return
        if in_group(update):
            await reply(update, t(await lang_of(update), "cmd-start-in-group"))
            return
        args = context.args or []
        if args and args[0].startswith("join_"):
            try:
                chat_id = int(args[0][5:])
            except ValueError:
                chat_id = 0
            if chat_id < 0:
                await reply(update, await ref.join_from_link(chat_id, member(user)))
                return
        lang = await lang_of(update)
        await reply(update, t(lang, "bot-start", games=game_list(lang)))

    def group_only(fn: Handler) -> Handler:
        """A command that means something only in a group; elsewhere it says so."""

        async def run(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            if update.effective_chat is None or update.effective_user is None:
                return
            if not in_group(update):
                await reply(update, t(await lang_of(update), "cmd-group-only"))
                return
            await fn(update, context)

        return run

    async def cmd_new(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``/new``: the game picker; ``/new <game>``: that game's lobby at once."""
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        lang = await lang_of(update)
        query = " ".join(context.args or [])
        if not query:
            if await ref.current_game(chat.id) is not None:
                await reply(update, t(lang, "cmd-game-exists"))
                return
            picked = screens.picker(t, lang, chat.id, games.names())
            await reply(update, picked.text, picked.markup)
            return
        game = find_game(ref, query)
        if game is None:
            await reply(update, t(lang, "cmd-new-unknown", query=query[:40]) + "\n\n" + game_list(lang))
            return
        answer = await ref.new_lobby(chat.id, chat.title or "", member(user), game)
        if answer is not None:
            await reply(update, answer.text)

    async def cmd_stop(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        is_admin = False
        try:
            cm = await context.bot.get_chat_member(chat.id, user.id)
            is_admin = cm.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
        except TelegramError:
            log.warning("could not check admin rights in %s", chat.id)
        await reply(update, await ref.stop(chat.id, member(user), is_admin))

    async def cmd_board(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user = update.effective_chat, update.effective_user
        if chat is None:
            return
        await reply(update, await ref.repost_board(chat.id, user.language_code if user else None))

    async def cmd_rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The rules of the game named, else of the chat's game, else the list of games."""
        chat = update.effective_chat
        lang = await lang_of(update)
        query = " ".join(context.args or [])
        game = find_game(ref, query) if query else None
        if game is None and chat is not None and in_group(update):
            game = await ref.current_game(chat.id)
        if game is None:
            await reply(update, t(lang, "rules-list", games=game_list(lang)))
            return
        await reply(update, games.get(game).rules(plain_ctx(lang, chat.id if chat else 0)))

    def cmd_game(command: Command) -> Handler:
        async def run(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            chat = update.effective_chat
            lang = await lang_of(update)
            text = command.run(plain_ctx(lang, chat.id if chat else 0), " ".join(context.args or []))
            await reply(update, text)

        return run

    async def cmd_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        lang = await lang_of(update)
        lines = [t(lang, "help-title")]
        lines += [t(lang, f"help-{c}") for c in COMMANDS]
        for game, c in game_commands():
            lines.append(
                t(
                    lang,
                    "help-game-command",
                    command=c.name,
                    game=t(lang, f"{game}-name"),
                    about=t(lang, c.description),
                )
            )
        lines += ["", t(lang, "help-games", games=game_list(lang))]
        await reply(update, "\n".join(lines))

    async def cmd_language(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = update.effective_chat
        message = update.effective_message
        if chat is None or message is None:
            return
        lang = await lang_of(update)
        buttons = [
            InlineKeyboardButton(t(code, "language-name"), callback_data=encode("L", chat.id, "-", "-", code))
            for code in t.languages
        ]
        if await ref.limits.acquire(chat.id, give_up_after_s=REPLY_PATIENCE_S):
            await message.reply_text(
                t(lang, "cmd-language-choose"), reply_markup=InlineKeyboardMarkup([buttons])
            )

    async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        user = query.from_user
        text, alert, url = "", False, None
        answered = False  # a redelivery of a game press answered already
        try:
            try:
                press = decode(query.data)
            except BadCallback:
                text = t(await ref.lang(None, user.language_code), "answer-unknown")
                return
            if press.kind == "L":
                if press.code not in t.languages:
                    text = t(await ref.lang(None, user.language_code), "answer-unknown")
                    return
                await ref.set_chat_lang(press.chat_id, press.code)
                text = t(press.code, "cmd-language-set")
                return
            if press.kind == "n":
                message = query.message
                lang = await ref.lang(press.chat_id, user.language_code)
                if press.code not in games.names() or message is None or message.chat.id != press.chat_id:
                    text = t(lang, "answer-unknown")
                    return
                title = getattr(message.chat, "title", None) or ""
                answer = await ref.new_lobby(press.chat_id, title, member(user), press.code)
                text = answer.text if answer is not None else ""
                return
            if press.kind == "l":
                answer = await ref.lobby_press(press, member(user), update.update_id)
            else:
                message = query.message
                from_board = message is not None and message.chat.id == press.chat_id
                answer = await ref.game_press(press, member(user), from_board, update.update_id, query.id)
                answered = answer.answered
            text, alert, url = answer.text, answer.alert, answer.url
        except RedisError as e:
            log.warning("redis unavailable for a press: %s", e)
            text = t(t.language(user.language_code, ref.default_lang), "answer-unavailable")
        except Exception:
            log.exception("press %r by %s failed", query.data, user.id)
            text = t(t.language(user.language_code, ref.default_lang), "answer-error")
        finally:
            try:
                if answered:
                    pass  # nothing more to say
                elif url:
                    await query.answer(url=url)
                else:
                    await query.answer(plain(text)[:200] or None, show_alert=alert)
                await ref.store.mark_answered(query.id)
            except TelegramError:
                log.warning("could not answer a press of %s", user.id)
            except RedisError as e:
                log.warning("could not note that a press of %s was answered: %s", user.id, e)

    async def on_group_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user = update.effective_chat, update.effective_user
        if chat is None or user is None or user.is_bot:
            return
        await ref.message(chat.id, user.id, update.update_id)

    async def on_private_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await reply(update, t(await lang_of(update), "private-text"))

    async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("unhandled error in an update", exc_info=context.error)

    app.add_handler(TypeHandler(Update, once), group=-1)
    app.add_handler(CommandHandler("start", guarded(cmd_start)))
    app.add_handler(CommandHandler("new", guarded(group_only(cmd_new))))
    app.add_handler(CommandHandler("stop", guarded(group_only(cmd_stop))))
    app.add_handler(CommandHandler("board", guarded(group_only(cmd_board))))
    app.add_handler(CommandHandler("rules", guarded(cmd_rules)))
    for _, command in game_commands():
        app.add_handler(CommandHandler(command.name, guarded(cmd_game(command))))
    app.add_handler(CommandHandler("help", guarded(cmd_help)))
    app.add_handler(CommandHandler("language", guarded(cmd_language)))
    app.add_handler(CallbackQueryHandler(on_press))
    app.add_handler(MessageHandler(filters.ChatType.PRIVATE & ~filters.COMMAND, guarded(on_private_text)))
    # Every message in a group is also looked at by its game (a rule of silence, say).
    app.add_handler(MessageHandler(filters.ChatType.GROUPS, guarded(on_group_message)), group=1)
    app.add_error_handler(on_error)


async def register_commands(app: Application[Any, Any, Any, Any, Any, Any], ref: Referee) -> None:
    """The command list in every language (the default scope in the default language)."""

    def listing(lang: str) -> list[BotCommand]:
        commands = [BotCommand(c, ref.t(lang, f"cmd-desc-{c}")) for c in COMMANDS]
        commands += [BotCommand(c.name, ref.t(lang, c.description)) for _, c in game_commands()]
        return commands

    for lang in ref.t.languages:
        await app.bot.set_my_commands(listing(lang), language_code=lang)
    await app.bot.set_my_commands(listing(ref.default_lang))
