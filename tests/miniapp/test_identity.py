"""Telegram's ``initData``, checked as Telegram specifies, and the page's session tokens."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlencode

import pytest

from bot.miniapp import identity
from bot.miniapp.identity import Refused, Tokens

# The published example of a signed initData and the token it was signed with
# (docs.telegram-mini-apps.com, «init-data-golang»: its validation example).
VECTOR_TOKEN = "7342037359:AAHI25ES9xCOMPokpYoz-p8XVrZUdygo2J4"
VECTOR = (
    "user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C"
    "%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22"
    "%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F"
    "%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D"
    "&chat_instance=8134722200314281151&chat_type=private&auth_date=1733509682"
    "&signature=TYJxVcisqbWjtodPepiJ6ghziUL94-KNpG8Pau-X7oNNLNBM72APCpi_RKiUlBvcqo5L-LAxIc3dnTzcZX_PDg"
    "&hash=a433d8f9847bd6addcc563bff7cc82c89e97ea0d90c11fe5729cae6796a36d73"
)
SIGNED_AT = 1733509682
TOKEN = "123456:TEST"


def _fields(raw: str) -> dict[str, str]:
    return dict(parse_qsl(raw, keep_blank_values=True))


def test_the_published_example_is_valid_and_names_its_user() -> None:
    who = identity.check(VECTOR, VECTOR_TOKEN, SIGNED_AT + 60)
    assert who.user_id == 279058397
    assert who.name == "Vladislav + - ? / Kibenko"
    assert who.language == "ru"


def test_another_bots_token_refuses_the_published_example() -> None:
    with pytest.raises(Refused):
        identity.check(VECTOR, TOKEN, SIGNED_AT + 60)


@pytest.mark.parametrize("field", ["user", "auth_date", "chat_type", "signature"])
def test_any_field_tampered_with_is_refused(field: str) -> None:
    fields = _fields(VECTOR)
    fields[field] = fields[field].replace("279", "278") if field == "user" else fields[field] + "0"
    with pytest.raises(Refused, match="hash"):
        identity.check(urlencode(fields), VECTOR_TOKEN, SIGNED_AT + 60)


def test_an_initdata_older_than_a_day_is_refused() -> None:
    identity.check(VECTOR, VECTOR_TOKEN, SIGNED_AT + identity.MAX_AGE_S)
    with pytest.raises(Refused, match="date"):
        identity.check(VECTOR, VECTOR_TOKEN, SIGNED_AT + identity.MAX_AGE_S + 1)


def test_a_missing_hash_or_a_field_given_twice_is_refused() -> None:
    fields = _fields(VECTOR)
    del fields["hash"]
    with pytest.raises(Refused):
        identity.check(urlencode(fields), VECTOR_TOKEN, SIGNED_AT)
    with pytest.raises(Refused, match="twice"):
        identity.check(VECTOR + "&auth_date=1", VECTOR_TOKEN, SIGNED_AT)
    with pytest.raises(Refused):
        identity.check("", VECTOR_TOKEN, SIGNED_AT)


def test_what_we_sign_reads_back_with_its_start_param() -> None:
    user = json.dumps({"id": 42, "first_name": "Ann", "language_code": "en"})
    raw = identity.sign({"user": user, "auth_date": "1000", "start_param": "t-100123"}, TOKEN)
    who = identity.check(raw, TOKEN, 1000)
    assert (who.user_id, who.name, who.language, who.start_param) == (42, "Ann", "en", "t-100123")


def test_a_session_token_names_its_user_until_it_expires() -> None:
    tokens = Tokens(TOKEN)
    who = identity.Identity(42, "Ann", "ru", "")
    token = tokens.issue(who, now_s=1000, ttl_s=60)
    session = tokens.read(token, 1060)
    assert (session.user_id, session.name, session.language) == (42, "Ann", "ru")
    with pytest.raises(Refused, match="expired"):
        tokens.read(token, 1061)


def test_a_forged_or_foreign_session_token_is_refused() -> None:
    token = Tokens(TOKEN).issue(identity.Identity(42, "Ann", None, ""), now_s=1000)
    body, _, mac = token.partition(".")
    other = Tokens(TOKEN).issue(identity.Identity(43, "Bob", None, ""), now_s=1000)
    for forged in (f"{other.partition('.')[0]}.{mac}", f"{body}.{mac[:-2]}AA", "", body, "x.y"):
        with pytest.raises(Refused):
            Tokens(TOKEN).read(forged, 1000)
    with pytest.raises(Refused):
        Tokens("654321:OTHER").read(token, 1000)
