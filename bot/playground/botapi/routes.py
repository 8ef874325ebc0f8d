"""The fake Bot API's HTTP surface: the aiohttp route ``/bot<token>/<method>``.

A call is decoded (JSON, or a form whose JSON fields are decoded: ``JSON_FIELDS``),
refused 401 if its token is not the server's own, recorded (``calls``), then met by the
faults a test switched on (an outage: nginx's page or no answer; a flood: 429; a late
answer), by the world's refusals of an unreachable chat, and handed to its method
(``m_<method>``, in ``methods`` and ``updates``).  The answer is Telegram's JSON:
``{"ok": true, "result": ...}``, or ``ok`` false with ``error_code``, ``description``
and ``parameters``; a refusal that is the bot's fault is recorded in ``violations``.
``start`` and ``stop`` run the server.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from aiohttp import web

from bot.playground.botapi.faults import FLOOD_SLACK, Outage, nginx_page
from bot.playground.botapi.rules import ApiError, Rules, chat_of
from bot.settings import dial

JSON_FIELDS = {
    "chat_id",
    "message_id",
    "reply_markup",
    "show_alert",
    "cache_time",
    "timeout",
    "offset",
    "limit",
    "allowed_updates",
    "commands",
    "scope",
    "user_id",
    "disable_web_page_preview",
    "link_preview_options",
    "drop_pending_updates",
    "reply_parameters",
    "entities",
    "ephemeral_message_parameters",
}


class Routes(Rules):
    """The HTTP surface; a part of ``FakeTelegram`` (its methods are the other parts')."""

    def _keep_server(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self._http: Any = None
        self.runner: web.AppRunner | None = None
        self.port = 0

    def install(self, app: web.Application) -> None:
        """Serve the Bot API (``/bot<token>/<method>``) from ``app``."""
        app.router.add_route("*", "/bot{token}/{method}", self._handle)

    async def start(self, app: web.Application | None = None, host: str = "127.0.0.1", port: int = 0) -> str:
        """Listen on ``host``:``port`` (0: any free port); returns the Bot API's base URL."""
        self.faults.closed = False  # started again after a stop: held and late answers wait again
        if app is None:
            app = web.Application()
            self.install(app)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, port)
        try:
            await site.start()
        except BaseException:
            await self.runner.cleanup()
            self.runner = None
            raise
        self.port = int(self.runner.addresses[0][1])
        shown = dial(host)
        return f"http://{f'[{shown}]' if ':' in shown else shown}:{self.port}/bot"

    async def stop(self) -> None:
        self.faults.close()
        if self._http is not None:
            await self._http.close()
        if self.runner is not None:
            await self.runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        try:
            params = await _params(request)
        except (ValueError, LookupError, RecursionError) as e:  # not JSON, a charset unknown, too deep
            self._violation(f"{method}: parameters unreadable ({type(e).__name__})")
            return _refusal(400, "Bad Request: can't parse request parameters")
        if self.record:
            self.calls.append((method, params))
        outage = self.faults.outage_of(method)
        if outage is not None:
            return await self._down(request, method, outage)
        handler = getattr(self, "m_" + method.lower(), None)
        try:
            if handler is None:
                raise ApiError(404, f"Not Found: method {method} not found")
            self._flood(method, params)
            self._reachable(method, params)
            result = await handler(params)
        except (TypeError, ValueError, KeyError, AttributeError) as e:  # a parameter of the wrong type
            self._violation(f"{method}: malformed parameters ({type(e).__name__}: {e})")
            return _refusal(400, "Bad Request: wrong parameter type")
        except ApiError as e:
            if e.code != 409 and not e.excused:
                self._violation(f"{method}: {e.description}")
            body: dict[str, Any] = {"ok": False, "error_code": e.code, "description": e.description}
            if e.parameters:
                body["parameters"] = e.parameters
            return web.json_response(body, status=e.code)
        delay = self.faults.take_late(method, chat_of(params))
        if delay is not None:  # done already; the answer comes late (or to nobody, if it gave up)
            await self.faults.pause(delay)
        return web.json_response({"ok": True, "result": result})

    async def _down(self, request: web.Request, method: str, outage: Outage) -> web.Response:
        """The Bot API is down: nginx answers, or nothing does until the outage ends."""
        self.faults.hits["outage"] += 1
        if outage.kind != "timeout":
            return web.Response(
                status=int(outage.kind), text=nginx_page(outage.kind), content_type="text/html"
            )
        await self.faults.hold(method)
        if request.transport is not None:  # closed without an answer (unless the client gave up)
            request.transport.close()
        return web.Response(status=504)  # written to no one

    def _flood(self, method: str, params: dict[str, Any]) -> None:
        """429 while a flood is on; a call before the retry_after it was given is a violation."""
        chat_id = chat_of(params)
        early = self.faults.early(method, chat_id)
        if early > FLOOD_SLACK:
            self._violation(f"{method}: ignored retry_after ({early:.2f} s early)")
        flooded = self.faults.flooded(method, chat_id)
        if flooded is None:
            return
        left, methods = flooded
        retry = max(1, math.ceil(left))
        self.faults.tell(chat_id, time.monotonic() + retry, methods)
        self.faults.hits["flood"] += 1
        raise ApiError(429, f"Too Many Requests: retry after {retry}", retry_after=retry, excused=True)


def _refusal(code: int, description: str) -> web.Response:
    return web.json_response({"ok": False, "error_code": code, "description": description}, status=code)


async def _params(request: web.Request) -> dict[str, Any]:
    """A call's parameters, sent as JSON or as a form (JSON-encoded fields decoded)."""
    if request.content_type == "application/json":
        params = await request.json()
        if not isinstance(params, dict):
            raise ValueError("not a JSON object")
        return params
    params = {}
    form = await request.post()
    for k, v in form.items():
        value = str(v)
        if k in JSON_FIELDS:
            try:
                params[k] = json.loads(value)
            except json.JSONDecodeError:
                params[k] = value
        else:
            params[k] = value
    return params
