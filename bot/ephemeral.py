"""Ephemeral messages: a message in a group that only one member sees (Bot API 10.2, reshaped
in 10.3, relaxed in 10.4), and the newer button fields — the one place that calls Bot API
features newer than python-telegram-bot's own support (22.8 stops at Bot API 10.0).

New parameters travel in ``api_kwargs``, new methods through ``Bot.do_api_request``, new
fields are read from ``TelegramObject.api_kwargs``: when python-telegram-bot learns them,
this module is the one change.

- ``send``: a message in ``chat_id`` (and forum topic ``thread``) only ``receiver`` sees;
  returns its ``ephemeral_message_id`` (its ``message_id`` is 0).  A bot that is not the
  group's admin may send one only within 15 s of a press by ``receiver``, passing that
  press's ``callback_query_id``; an admin bot may send one at any time.
- ``edit_text``, ``edit_markup``, ``delete``: by (chat, receiver, ephemeral id).
- ``pressed``: the ephemeral id of the message a press came from (None: an ordinary one).
- ``button``: an inline button with ``style`` (9.4, native in python-telegram-bot 22.7+)
  and ``disabled`` (10.3: shown greyed, does nothing).

Telegram does not promise delivery: a send or an edit may succeed and never be seen, and
an edit of a message the person's app lost is refused (400) — a caller forgets it then.
"""

from __future__ import annotations

from typing import Any, Literal

from telegram import Bot, CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, LinkPreviewOptions
from telegram.constants import ParseMode

Style = Literal["primary", "success", "danger"]
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


async def send(
    bot: Bot,
    chat_id: int,
    receiver: int,
    text: str,
    markup: InlineKeyboardMarkup | None,
    thread: int | None,
    callback_query_id: str | None = None,
) -> int:
    """Send ``text`` (HTML) to ``receiver`` only, in the group ``chat_id``; its ephemeral id."""
    parameters: dict[str, Any] = {"receiver_user_id": receiver}
    if callback_query_id is not None:
        parameters["callback_query_id"] = callback_query_id
    message = await bot.send_message(
        chat_id,
        text,
        parse_mode=ParseMode.HTML,
        reply_markup=markup,
        message_thread_id=thread,
        link_preview_options=NO_PREVIEW,
        api_kwargs={"ephemeral_message_parameters": parameters},
    )
    ephemeral_id = message.api_kwargs.get("ephemeral_message_id")
    if not isinstance(ephemeral_id, int):
        raise ValueError(f"Telegram sent no ephemeral_message_id for an ephemeral message: {message}")
    return ephemeral_id


def _names(chat_id: int, receiver: int, ephemeral_id: int) -> dict[str, Any]:
    return {"chat_id": chat_id, "receiver_user_id": receiver, "ephemeral_message_id": ephemeral_id}


async def edit_text(
    bot: Bot,
    chat_id: int,
    receiver: int,
    ephemeral_id: int,
    text: str,
    markup: InlineKeyboardMarkup | None,
) -> None:
    """Edit an ephemeral message's text (HTML) and keyboard."""
    kwargs = {
        **_names(chat_id, receiver, ephemeral_id),
        "text": text,
        "parse_mode": ParseMode.HTML.value,
        "link_preview_options": NO_PREVIEW,
    }
    if markup is not None:
        kwargs["reply_markup"] = markup
    await bot.do_api_request("editEphemeralMessageText", api_kwargs=kwargs)


async def edit_markup(
    bot: Bot, chat_id: int, receiver: int, ephemeral_id: int, markup: InlineKeyboardMarkup | None
) -> None:
    """Edit an ephemeral message's keyboard only (None: take it away)."""
    kwargs = _names(chat_id, receiver, ephemeral_id)
    if markup is not None:
        kwargs["reply_markup"] = markup
    await bot.do_api_request("editEphemeralMessageReplyMarkup", api_kwargs=kwargs)


async def delete(bot: Bot, chat_id: int, receiver: int, ephemeral_id: int) -> None:
    await bot.do_api_request("deleteEphemeralMessage", api_kwargs=_names(chat_id, receiver, ephemeral_id))


def pressed(query: CallbackQuery) -> int | None:
    """The ephemeral id of the message ``query`` was pressed on (its message_id is 0); None
    for a press on an ordinary message (or one too old for Telegram to say)."""
    message = query.message
    if message is None or message.message_id != 0:
        return None
    ephemeral_id = message.api_kwargs.get("ephemeral_message_id")
    return ephemeral_id if isinstance(ephemeral_id, int) else None


def button(text: str, data: str, style: Style | None = None, disabled: bool = False) -> InlineKeyboardButton:
    """A callback button, coloured by ``style``; ``disabled``: shown greyed and does nothing
    (a client that predates 10.3 shows it as a normal button: the text must still say)."""
    return InlineKeyboardButton(
        text, callback_data=data, style=style, api_kwargs={"disabled": True} if disabled else None
    )
