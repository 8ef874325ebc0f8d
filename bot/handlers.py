"""python-telegram-bot handlers: updates in, referee calls out.  Nothing else."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from redis.exceptions import RedisError
from telegram import BotCommand, InlineKeyboardButton, InlineKeyboardMarkup, Update, User
from telegram.constants import ChatMemberStatus, ChatType
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

from bot import render
from bot.callbacks import BadCallback, decode, encode
from bot.referee import Referee
from bot.session import Member

log = logging.getLogger(__name__)
Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]

REPLY_PATIENCE_S = 15.0  # how long a reply to a command may wait for the chat's budget
COMMANDS = ("new", "stop", "board", "rules", "animal", "language", "help")


def member(user: User) -> Member:
    return Member(id=user.id, name=user.full_name or str(user.id), lang=user.language_code)


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
        except TelegramError:
            pass

    async def once(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A redelivered update (same update_id) is applied once.

        A press is let through unless it was answered already: the session
        knows whether its effect was committed, and an unanswered press must
        still get its answer (a crash may have come between the two).
        """
        try:
            if update.callback_query is not None:
                if await ref.store.answered(update.callback_query.id):
                    raise ApplicationHandlerStop
                return
            if not await ref.store.first_time(update.update_id):
                raise ApplicationHandlerStop
            chat, user = update.effective_chat, update.effective_user
            if chat is not None and user is not None and chat.type == ChatType.PRIVATE and update.message:
                await ref.store.mark_started(user.id)  # they opened the private chat: we may write
        except RedisError:
            return  # the handler itself will say Redis is away

    async def reply(update: Update, text: str) -> None:
        message = update.effective_message
        if message is None or not text:
            return
        if not await ref.limits.acquire(message.chat_id, give_up_after_s=REPLY_PATIENCE_S):
            log.info("no budget left to reply in %s; the reply is dropped", message.chat_id)
            return
        await message.reply_text(text, parse_mode="HTML", disable_web_page_preview=True)

    async def lang_of(update: Update) -> str:
        chat = update.effective_chat
        user = update.effective_user
        return await ref.lang(chat.id if chat else None, user.language_code if user else None)

    def in_group(update: Update) -> bool:
        chat = update.effective_chat
        return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)

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
        await reply(update, t(await lang_of(update), "bot-start"))

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
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return
        answer = await ref.new_lobby(chat.id, chat.title or "", member(user))
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
        lang = await lang_of(update)
        await reply(update, t(lang, "bot-rules") + "\n\n" + t(lang, "bot-rules-metamorphoses"))

    async def cmd_animal(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``/animal NAME``: both sides of one animal; without a name, the whole menagerie."""
        lang = await lang_of(update)
        query = " ".join(context.args or [])
        animal = render.find_animal(t, query)
        if animal is not None:
            await reply(update, render.animal_card(t, lang, animal))
        elif query.strip():
            await reply(
                update,
                t(lang, "animal-not-found", query=html.escape(query[:40]))
                + "\n\n"
                + render.menagerie(t, lang),
            )
        else:
            await reply(update, render.menagerie(t, lang))

    async def cmd_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await reply(update, t(await lang_of(update), "bot-help"))

    async def cmd_language(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = update.effective_chat
        message = update.effective_message
        if chat is None or message is None:
            return
        lang = await lang_of(update)
        buttons = [
            InlineKeyboardButton(t(code, "language-name"), callback_data=encode("L", chat.id, "-", "-", code))
            for code in ("ru", "en")
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
        try:
            try:
                press = decode(query.data)
            except BadCallback:
                text = t(await ref.lang(None, user.language_code), "answer-unknown")
                return
            if press.kind == "L":
                if press.code not in ("ru", "en"):
                    text = t(await ref.lang(None, user.language_code), "answer-unknown")
                    return
                await ref.set_chat_lang(press.chat_id, press.code)
                text = t(press.code, "cmd-language-set")
                return
            if press.kind == "l":
                answer = await ref.lobby_press(press, member(user), update.update_id)
            else:
                message = query.message
                from_board = message is not None and message.chat.id == press.chat_id
                answer = await ref.game_press(press, member(user), from_board, update.update_id)
            text, alert, url = answer.text, answer.alert, answer.url
        except RedisError as e:
            log.warning("redis unavailable for a press: %s", e)
            text = t(t.language(user.language_code, ref.default_lang), "answer-unavailable")
        except Exception:
            log.exception("press %r by %s failed", query.data, user.id)
            text = t(t.language(user.language_code, ref.default_lang), "answer-error")
        finally:
            try:
                if url:
                    await query.answer(url=url)
                else:
                    await query.answer(text[:200] or None, show_alert=alert)
                await ref.store.mark_answered(query.id)
            except TelegramError:
                log.warning("could not answer a press of %s", user.id)
            except RedisError:
                pass

    async def on_group_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user = update.effective_chat, update.effective_user
        if chat is None or user is None or user.is_bot:
            return
        await ref.speak(chat.id, user.id, update.update_id)

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
    app.add_handler(CommandHandler("animal", guarded(cmd_animal)))
    app.add_handler(CommandHandler("help", guarded(cmd_help)))
    app.add_handler(CommandHandler("language", guarded(cmd_language)))
    app.add_handler(CallbackQueryHandler(on_press))
    app.add_handler(MessageHandler(filters.ChatType.PRIVATE & ~filters.COMMAND, guarded(on_private_text)))
    # Every message in a group is also looked at for the silence (a second handler group).
    app.add_handler(MessageHandler(filters.ChatType.GROUPS, guarded(on_group_message)), group=1)
    app.add_error_handler(on_error)


async def register_commands(app: Application[Any, Any, Any, Any, Any, Any], ref: Referee) -> None:
    """The command list in both languages (the default scope in the default language)."""
    for lang in ("ru", "en"):
        commands = [BotCommand(c, ref.t(lang, f"cmd-desc-{c}")) for c in COMMANDS]
        await app.bot.set_my_commands(commands, language_code=lang)
    commands = [BotCommand(c, ref.t(ref.default_lang, f"cmd-desc-{c}")) for c in COMMANDS]
    await app.bot.set_my_commands(commands)
