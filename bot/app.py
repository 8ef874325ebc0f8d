"""Builds the python-telegram-bot Application: handlers, settings, long polling."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import Application, ApplicationBuilder, CommandHandler, ContextTypes

from bot.i18n import Translator, translator
from bot.settings import Settings

log = logging.getLogger(__name__)


def lang_of(update: Update, t: Translator, default: str) -> str:
    user = update.effective_user
    return t.language(user.language_code if user else None, default)


def build(settings: Settings) -> Application:  # type: ignore[type-arg]
    t = translator()
    app = (
        ApplicationBuilder()
        .token(settings.bot_token.get_secret_value())
        .base_url(settings.telegram_api_base_url)
        .build()
    )

    async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if update.effective_message is not None:
            lang = lang_of(update, t, settings.default_language)
            await update.effective_message.reply_text(t(lang, "bot-start"))

    async def help_(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        if update.effective_message is not None:
            lang = lang_of(update, t, settings.default_language)
            await update.effective_message.reply_text(t(lang, "bot-help"))

    app.add_handler(CommandHandler("start", start))
    app.add_handler(CommandHandler("help", help_))
    return app
