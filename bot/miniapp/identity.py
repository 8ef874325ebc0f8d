"""Who is on the Mini App's page: Telegram's signed ``initData``, checked here.

Telegram hands the page ``initData``, a query string signed with the bot's
token: ``hash`` is ``HMAC_SHA256(data_check_string, secret)`` in hex, where
``secret = HMAC_SHA256(key="WebAppData", message=token)`` and the data check
string is every other field, ``key=value``, sorted by key, joined by line
feeds.  Only a checked ``initData`` no older than ``MAX_AGE_S`` names a user;
``initDataUnsafe`` and any id a page sends are never trusted.

A checked ``initData`` is swapped for a short-lived session token
(``Tokens.issue``): the user's id and language and an expiry, signed with a
key derived from the bot's token, so that every worker of one bot reads it
(no Redis round trip per request) and no other bot's token makes one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

MAX_AGE_S = 24 * 3600  # an initData older than a day is refused
SESSION_S = 3600  # how long a session token lasts (the page asks again with its initData)
CLOCK_SKEW_S = 300  # an auth_date this far in the future is still believed


class Refused(Exception):
    """Not a user's valid ``initData`` or session token (the reason is for the log)."""


@dataclass(frozen=True)
class Identity:
    """What a checked ``initData`` says: the user, their language, and the
    ``start_param`` of a direct link (the table it was opened for), if any."""

    user_id: int
    name: str
    language: str | None
    start_param: str


def _secret(token: str) -> bytes:
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def _check_string(fields: dict[str, str]) -> bytes:
    return "\n".join(f"{k}={v}" for k, v in sorted(fields.items()) if k != "hash").encode()


def sign(fields: dict[str, str], token: str) -> str:
    """``initData`` for ``fields`` as Telegram signs it (the playground and tests sign their own)."""
    digest = hmac.new(_secret(token), _check_string(fields), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest})


def check(raw: str, token: str, now_s: int, max_age_s: int = MAX_AGE_S) -> Identity:
    """The user ``raw`` (a page's ``initData``) names, or ``Refused``: a missing or
    wrong hash, a field given twice, no user, an ``auth_date`` too old."""
    try:
        pairs = parse_qsl(raw, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise Refused("not a query string") from None
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise Refused("a field given twice")
    given = fields.get("hash", "")
    expected = hmac.new(_secret(token), _check_string(fields), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(given.encode(), expected.encode()):
        raise Refused("the hash does not match")
    try:
        auth = int(fields["auth_date"])
        user = json.loads(fields["user"])
        user_id = int(user["id"])
    except (KeyError, ValueError, TypeError):
        raise Refused("no auth_date or no user") from None
    if not now_s - max_age_s <= auth <= now_s + CLOCK_SKEW_S:
        raise Refused("auth_date out of date")
    name = " ".join(str(user.get(k) or "") for k in ("first_name", "last_name")).strip()
    language = user.get("language_code")
    return Identity(
        user_id, name, language if isinstance(language, str) else None, fields.get("start_param", "")
    )


@dataclass(frozen=True)
class Session:
    """A page's session: whose, in which language, until when (seconds)."""

    user_id: int
    name: str
    language: str | None
    expires_s: int


class Tokens:
    """Session tokens of one bot: issued for a checked identity, read back on any worker."""

    def __init__(self, bot_token: str) -> None:
        self._key = hmac.new(bot_token.encode(), b"cards-miniapp-session", hashlib.sha256).digest()

    def _mac(self, body: bytes) -> str:
        return base64.urlsafe_b64encode(hmac.new(self._key, body, hashlib.sha256).digest()[:18]).decode()

    def issue(self, who: Identity, now_s: int, ttl_s: int = SESSION_S) -> str:
        doc = [who.user_id, who.name[:64], who.language or "", now_s + ttl_s]
        body = base64.urlsafe_b64encode(json.dumps(doc, separators=(",", ":")).encode())
        return f"{body.decode()}.{self._mac(body)}"

    def read(self, token: str, now_s: int) -> Session:
        if not token.isascii():  # (a header's odd bytes arrive as lone surrogates)
            raise Refused("not a session token")
        body, _, mac = token.partition(".")
        if not mac or not hmac.compare_digest(mac.encode(), self._mac(body.encode()).encode()):
            raise Refused("a forged session token")
        try:
            user_id, name, language, expires = json.loads(base64.urlsafe_b64decode(body))
            session = Session(int(user_id), str(name), str(language) or None, int(expires))
        except (ValueError, TypeError):
            raise Refused("a session token of another shape") from None
        if session.expires_s < now_s:
            raise Refused("an expired session token")
        return session
