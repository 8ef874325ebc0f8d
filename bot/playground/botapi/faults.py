"""The fake Bot API's faults: what a test makes go wrong, all off until it is switched on.

``Faults`` (a ``FakeTelegram``'s ``faults``) holds the switches and answers the server's
questions about them: an ``outage`` (every call, or some methods, answered 502/503/504 with
nginx's HTML page, or held unanswered: "timeout") until ``heal``; ``late`` (a call done at
once, answered seconds later); ``flood`` (429 "retry after N" of any length; a call before
N is up is recorded as ignoring retry_after); ``callback_expiry`` (a press answered too
late is refused, as Telegram does after about 15 s); ``refuse_old_edits`` (edits in an
upgraded group refused too); ``drop_ephemerals`` (a person's app loses the ephemeral
messages sent to them).  ``hits`` counts each kind met, the world's refusals that are not
the bot's fault too (a migrated group, a removed bot, a block, a closed topic).

The HTTP surface (``routes``) applies them to each call; nothing here knows a request.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

# what nginx in front of the Bot API says when the servers behind it fail
NGINX_PAGES = {"502": "Bad Gateway", "503": "Service Temporarily Unavailable", "504": "Gateway Time-out"}
FLOOD_SLACK = 0.05  # a call this much before retry_after is up is not yet ignoring it


def nginx_page(code: str) -> str:
    """The page nginx answers with when the Bot API behind it is down."""
    title = f"{code} {NGINX_PAGES[code]}"
    return (
        f"<html>\r\n<head><title>{title}</title></head>\r\n<body>\r\n"
        f"<center><h1>{title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
    )


@dataclass
class Outage:
    kind: str  # "502", "503", "504" or "timeout"
    until: float | None  # monotonic; None: until healed
    methods: frozenset[str] | None  # lower-cased; None: every method

    def covers(self, method: str) -> bool:
        return self.methods is None or method.lower() in self.methods


@dataclass
class _Late:
    seconds: float
    method: str  # lower-cased
    count: int
    chat_id: int | None


@dataclass
class _Flood:
    until: float  # monotonic
    methods: frozenset[str]  # lower-cased


class Faults:
    """What a test makes go wrong, all off until switched on; ``hits`` counts each kind met
    ("outage", "late", "flood", "expired", "migrated", "kicked", "left", "blocked",
    "topic_closed", "thread_not_found")."""

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        # answerCallbackQuery later than this after the press is refused (Telegram: about 15 s)
        self.callback_expiry: float | None = None
        # editing and deleting in a basic group upgraded to a supergroup: Telegram allows it
        # (the old group lives on); True refuses it too, with migrate_to_chat_id
        self.refuse_old_edits = False
        # people whose Telegram app loses the ephemeral messages sent to them (Telegram promises
        # no delivery, and an app restart may drop them): see ``drop_ephemerals``
        self.dropping: set[int] = set()
        self._outage: Outage | None = None
        self._lates: list[_Late] = []
        self._floods: dict[int | None, _Flood] = {}
        self._told: dict[int | None, tuple[float, frozenset[str]]] = {}  # chat: retry after, methods
        self._changed = asyncio.Event()  # an outage began or ended, or the server stops
        self.closed = False

    def outage(
        self, kind: str = "502", seconds: float | None = None, methods: Iterable[str] | None = None
    ) -> None:
        """Every Bot API call (only ``methods``, if given) is refused: HTTP 502, 503 or 504 with
        nginx's page, or "timeout": held unanswered, its connection closed when the outage ends.
        ``seconds``: it ends by itself after that long."""
        if kind not in (*NGINX_PAGES, "timeout"):
            raise ValueError(f"no outage {kind!r}: 502, 503, 504 or timeout")
        until = None if seconds is None else time.monotonic() + seconds
        chosen = None if methods is None else frozenset(m.lower() for m in methods)
        self._outage = Outage(kind, until, chosen)
        self._wake()

    def drop_ephemerals(self, user_id: int, dropping: bool = True) -> None:
        """``user_id``'s app drops every ephemeral message sent to them from now on (until called
        with ``dropping=False``): the send succeeds (Telegram cannot know), the person never sees
        it, and editing or deleting it is refused as for a message that is gone.  Inferred: no
        library documents what an edit of a message the client lost gets; the fake answers
        400 "message to edit not found", Telegram's words for a message that is not there."""
        if dropping:
            self.dropping.add(user_id)
        else:
            self.dropping.discard(user_id)

    def heal(self) -> None:
        """End the outage (held calls are let go), the floods (and what they told) and the late
        answers still to come; an answer already being delayed stays late."""
        self._outage = None
        self._lates.clear()
        self._floods.clear()
        self._told.clear()
        self._wake()

    def late(
        self, seconds: float, method: str = "sendMessage", count: int = 1, chat_id: int | None = None
    ) -> None:
        """The next ``count`` successful calls of ``method`` (to ``chat_id``, if given) are done at
        once and answered ``seconds`` later."""
        self._lates.append(_Late(seconds, method.lower(), count, chat_id))

    def flood(
        self,
        seconds: float,
        chat_id: int | None = None,
        methods: Iterable[str] = ("sendMessage", "editMessageText"),
    ) -> None:
        """For ``seconds``, ``methods`` to ``chat_id`` (None: to any chat) are refused with 429
        and retry_after = the whole seconds left."""
        self._floods[chat_id] = _Flood(time.monotonic() + seconds, frozenset(m.lower() for m in methods))

    def close(self) -> None:
        """The server stops: let every held or delayed answer go."""
        self.closed = True
        self._wake()

    # --- asked by the server ---------------------------------------------------------

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def outage_of(self, method: str) -> Outage | None:
        o = self._outage
        if o is not None and o.until is not None and time.monotonic() >= o.until:
            self._outage = o = None
            self._wake()
        return o if o is not None and o.covers(method) else None

    async def _wait(self, deadline: float | None) -> None:
        """Until the next change, or ``deadline`` (monotonic)."""
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), left)

    async def hold(self, method: str) -> None:
        """While an outage of kind "timeout" holds ``method``."""
        while not self.closed and (o := self.outage_of(method)) is not None and o.kind == "timeout":
            await self._wait(o.until)

    async def pause(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.closed and time.monotonic() < deadline:
            await self._wait(deadline)

    def take_late(self, method: str, chat_id: int | None) -> float | None:
        """How late to answer this successful call (None: at once)."""
        for late in self._lates:
            if late.method == method.lower() and late.chat_id in (None, chat_id):
                late.count -= 1
                if late.count <= 0:
                    self._lates.remove(late)
                self.hits["late"] += 1
                return late.seconds
        return None

    def flooded(self, method: str, chat_id: int | None) -> tuple[float, frozenset[str]] | None:
        """Seconds left of a flood refusing ``method`` to ``chat_id``, and the methods it refuses."""
        now = time.monotonic()
        for key in (chat_id, None):
            f = self._floods.get(key)
            if f is not None and now >= f.until:
                del self._floods[key]
            elif f is not None and method.lower() in f.methods:
                return f.until - now, f.methods
        return None

    def tell(self, chat_id: int | None, until: float, methods: frozenset[str]) -> None:
        self._told[chat_id] = (until, methods)

    def early(self, method: str, chat_id: int | None) -> float:
        """How long before the retry_after it was told this call to ``chat_id`` comes (0: not)."""
        told = self._told.get(chat_id)
        if told is None or method.lower() not in told[1]:
            return 0.0
        return max(0.0, told[0] - time.monotonic())
