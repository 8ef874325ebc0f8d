"""A small Bot-API-compatible server (aiohttp): the playground's Telegram and the
end-to-end tests' one.

It keeps chats, messages and a queue of updates, and answers the methods the
bot uses the way Telegram does — including the refusals: callback data over
64 bytes, malformed keyboards or HTML, editing a message to the content it
already has, writing to a user who never opened the bot (403), and more than
20 messages and edits a minute in a group (429 with retry_after).  Every such
refusal is also recorded in ``violations`` so a test can insist on none.
A request whose token is not the server's own is refused (401).

The limits it enforces are Telegram's by default; a test that is not about
them gives it faster ones (and the bot the same), so it does not wait minutes
for a board.  What people say and what the bot shows is told to ``observers``
(the playground's web page follows the chats through them).

The world changes as it does on Telegram when a test makes it: groups are basic
(``kind="group"``) or supergroups, forums with topics (``create_topic``,
``close_topic``, ``say(..., thread=)``: sending into a missing topic is 400
"message thread not found", into a closed one 400 "TOPIC_CLOSED", both the bot's
fault); people join (``join_group``); a basic group is upgraded to a supergroup
(``migrate``: a call naming the old id is refused with 400 and ``migrate_to_chat_id``,
though its messages may still be edited and deleted, as Telegram allows); the bot is
removed from a group and added back (``kick_bot``, ``add_bot``: 403 meanwhile, and
nothing said or pressed there reaches it); a person blocks the bot and restarts it
(``block``, ``unblock``: 403 meanwhile).  Faults a test switches on, all off by
default, are on ``faults`` (``Faults``): ``outage`` (every call answered 502/503/504
with nginx's HTML page, or held unanswered: "timeout") until ``heal``; ``late`` (a
call done at once, answered seconds later); ``flood`` (429 "retry after N" of any
length; a call before N is up is recorded as ignoring retry_after);
``callback_expiry`` (a press answered too late is refused, as Telegram does after
about 15 s); ``refuse_old_edits`` (edits in an upgraded group refused too).  A
message sent 48 hours ago or more (its ``date``; a test ages one by moving it back)
is not deleted: 400 "message can't be deleted for everyone".  A
refusal that is Telegram's and not the bot's fault is *excused* (not a violation);
``faults.hits`` counts each kind met.

Ephemeral messages (Bot API 10.2-10.4: a message in a group only one member sees) are
kept per (group, receiver): ``sendMessage`` with ``ephemeral_message_parameters``,
``editEphemeralMessageText``, ``editEphemeralMessageReplyMarkup``,
``deleteEphemeralMessage``, with the checks of ordinary messages, the 15-second rule
for a bot that is not an admin (``ephemeral_window``), counted in the group's limit;
a press on one (``press_ephemeral``) is a callback query whose message has message_id 0
and its ``ephemeral_message_id``; ``sees`` is what one person sees in a group.  An app
that loses them: ``faults.drop_ephemerals``, ``restart_app``.  What no source says is
marked "inferred" where it is decided.


Its parts, one module each, make up ``FakeTelegram`` (the one object tests hold):

- ``world``: the world model, what Telegram stores (people, groups, topics, messages,
  ephemeral messages, presses), written as the Bot API shows it, saved and loaded as JSON;
- ``rules``: Telegram's rules on it (who may send what where, the limits) and its
  refusals (``ApiError``);
- ``updates``: the queue of updates, ``getUpdates`` and webhook delivery;
- ``methods``: the Bot API methods the bot calls, one ``m_<method>`` each;
- ``routes``: the HTTP surface (the aiohttp route, decoding a call, Telegram's JSON
  answers), and the server's start and stop;
- ``faults``: the opt-in failures (``Faults``);
- ``people`` and ``checks``: the test language, what tests and the playground's page do
  as people (``say``, ``press``, ``migrate``, ``block``, ...) and look at or wait for
  (``sees``, ``last_message``, ``answer_of``, ``quiet``, ...).
"""

from __future__ import annotations

from typing import Any

from bot.playground.botapi.checks import Checks
from bot.playground.botapi.faults import FLOOD_SLACK, NGINX_PAGES, Faults, nginx_page
from bot.playground.botapi.methods import Methods
from bot.playground.botapi.people import People
from bot.playground.botapi.routes import JSON_FIELDS, Routes
from bot.playground.botapi.rules import (
    BUTTON_STYLES,
    DELETE_WINDOW_S,
    EPHEMERAL_WINDOW,
    GROUP_LIMIT,
    GROUP_PERIOD,
    NOT_MODIFIED,
    OLD_GROUP_METHODS,
    OVERALL_PER_SECOND,
    PRIVATE_PER_SECOND,
    TOO_OLD,
    ApiError,
    check_html,
)
from bot.playground.botapi.world import TOPIC_COLOR, Chat, Ephemeral, Message, Topic, User
from bot.send_rates import TELEGRAM, Rates

__all__ = [
    "BUTTON_STYLES",
    "DELETE_WINDOW_S",
    "EPHEMERAL_WINDOW",
    "FLOOD_SLACK",
    "GROUP_LIMIT",
    "GROUP_PERIOD",
    "JSON_FIELDS",
    "NGINX_PAGES",
    "NOT_MODIFIED",
    "OLD_GROUP_METHODS",
    "OVERALL_PER_SECOND",
    "PRIVATE_PER_SECOND",
    "TOO_OLD",
    "TOPIC_COLOR",
    "ApiError",
    "Chat",
    "Ephemeral",
    "FakeTelegram",
    "Faults",
    "Message",
    "Topic",
    "User",
    "check_html",
    "nginx_page",
]


class FakeTelegram(People, Checks, Methods, Routes):
    """Telegram's Bot API server, as the bot meets it and as tests drive it: the world
    (``World``) under Telegram's rules (``Rules``), its updates (``Updates``), methods
    (``Methods``) and HTTP surface (``Routes``), the faults a test switches on
    (``faults``), the people (``People``) and the checks (``Checks``)."""

    def __init__(
        self,
        token: str = "123456:TEST",
        username: str = "svintus_test_bot",
        first_name: str = "Svintus",
        record: bool = True,
        strict_limits: bool = False,
        group_limit: int = GROUP_LIMIT,
        group_period: float = GROUP_PERIOD,
        private_per_second: int = PRIVATE_PER_SECOND,
        overall_per_second: int = OVERALL_PER_SECOND,
    ) -> None:
        self._keep_limits(strict_limits, group_limit, group_period, private_per_second, overall_per_second)
        self._keep_world(token, username, first_name, record)
        self._keep_updates()
        self._keep_server()

    @classmethod
    def enforcing(cls, rates: Rates, **kwargs: Any) -> FakeTelegram:
        """A server that holds the bot to ``rates``: Telegram's, every one of them, or a test's
        relaxed group limit (and none on private chats or overall)."""
        if rates == TELEGRAM:
            return cls(strict_limits=True, **kwargs)
        return cls(group_limit=rates.group_limit, group_period=rates.group_period, **kwargs)
