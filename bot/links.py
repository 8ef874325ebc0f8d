"""Where the Mini App opens: from a private hand (a ``web_app`` button to
``MINIAPP_URL?chat=<id>``) and from the group's board (a link to the app's
direct link, ``https://t.me/<bot>/<app>?startapp=t<chat id>``, once the
operator registered the app with @BotFather as ``MINIAPP_SHORT_NAME``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit, urlunsplit

_PARAM = re.compile(r"t(-?\d{1,20})")


def hand_url(base: str, chat_id: int) -> str:
    """The page of ``chat_id``'s table (``base``: ``MINIAPP_URL``)."""
    parts = urlsplit(base)
    query = "&".join(q for q in (parts.query, urlencode({"chat": chat_id})) if q)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, ""))


def direct_link(bot_username: str, short_name: str, chat_id: int) -> str:
    return f"https://t.me/{bot_username}/{short_name}?startapp=t{chat_id}"


def chat_of(start_param: str) -> int | None:
    """The table a direct link's ``start_param`` names (None: none)."""
    found = _PARAM.fullmatch(start_param)
    return int(found.group(1)) if found else None


@dataclass(frozen=True)
class Links:
    """What the chat's screens link to: the page (``MINIAPP_URL``; empty: no Mini
    App) and its direct link's short name (``MINIAPP_SHORT_NAME``; empty: none)."""

    url: str = ""
    short_name: str = ""

    def hand(self, chat_id: int) -> str:
        return hand_url(self.url, chat_id)

    def direct(self, bot_username: str, chat_id: int) -> str:
        return direct_link(bot_username, self.short_name, chat_id)


NO_LINKS = Links()
