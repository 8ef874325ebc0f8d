"""The house: what every decision of the bot shares — the words, whose language a
chat and a user speak, how a screen is drawn for a session — and nothing that
does I/O, nor the clock (a decision is told the time).  ``bot.lobby`` and
``bot.play`` decide with it; the referee, which does the I/O, holds one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot import nudges, screens
from bot.adapter import Ctx
from bot.i18n import Translator
from bot.session import ChatSettings, Session


@dataclass(frozen=True)
class House:
    t: Translator
    default_lang: str
    bot_username: str = ""
    nudge_after_ms: int = nudges.NUDGE_AFTER_MS

    def lang(self, settings: ChatSettings | None, user_lang: str | None = None) -> str:
        """The chat's choice, else the user's Telegram language, else the default."""
        return self.t.language(settings.lang if settings else None, user_lang, self.default_lang)

    def group_lang(self, settings: ChatSettings | None, session: Session | None) -> str:
        """What the group reads: the chat's choice, else the language its game opened
        in (its opener's), else the default."""
        return self.lang(settings, session.lang if session is not None else None)

    def say(self, lang: str, key: str, **args: Any) -> str:
        return self.t(lang, key, **args)

    def ctx(self, session: Session, lang: str, tag: str = "-") -> Ctx:
        """What a screen of ``session`` is drawn with, in ``lang``."""
        return screens.ctx_for(self.t, lang, session, self.bot_username, tag)

    def deep_link(self, chat_id: int) -> str:
        """The link that opens the bot's private chat and seats its user at ``chat_id``'s table."""
        return f"https://t.me/{self.bot_username}?start=join_{chat_id}"
