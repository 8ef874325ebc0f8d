"""What an operator can get wrong, checked before the bot starts.

Each check raises ``Unfit`` with one line that says what is wrong and which
setting to change; ``python -m bot`` prints it and exits with code 1, without a
traceback and with every connection it opened closed.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path
from typing import Any, get_args
from urllib.parse import urlsplit, urlunsplit

from pydantic import ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from bot.settings import Settings

# How long a check waits for Redis or the Bot API before it calls them unreachable.
REDIS_TIMEOUT_S = 3.0
SLOTS = 16384  # a Redis Cluster's hash slots
TELEGRAM_TIMEOUT_S = 10.0


class Unfit(Exception):
    """Something the operator must fix, in one line."""


def env_name(field: str) -> str:
    return field.upper()


def usage() -> str:
    """``python -m bot --help``: every setting from the Settings model, none kept by hand."""
    lines = [
        "usage: python -m bot [playground] [--help]",
        "",
        "Runs the bot: long polling, or a webhook server when WEBHOOK_URL is set.",
        "Without BOT_TOKEN (or with the argument playground): the playground, the bot in a browser",
        "at http://PLAYGROUND_HOST:PLAYGROUND_PORT, on a Bot API of its own (no Telegram).",
        "Every setting comes from the environment (or a .env file in the working directory):",
        "",
    ]
    fields = Settings.model_fields
    width = max(len(env_name(name)) for name in fields)
    for name, info in fields.items():
        if info.is_required() or info.default is PydanticUndefined:
            default = "required"
        elif info.default is None:
            default = "default: unset"
        elif isinstance(info.default, bool):
            default = f"default: {int(info.default)}"
        else:
            default = f"default: {info.default}"
        text = f"{env_name(name):<{width}}  {info.description} ({default})"
        lines += textwrap.wrap(
            text, 100, initial_indent="  ", subsequent_indent=" " * (width + 4), break_on_hyphens=False
        )
    lines += ["", "Before it starts, the bot checks the token, the network and Redis (or DATA_DIR)."]
    return "\n".join(lines)


def settings_problem(error: ValidationError) -> str:
    """One line for every missing or invalid setting, naming what to set and, for an
    invalid one, the values it takes."""
    fields = Settings.model_fields
    parts = []
    for err in error.errors():
        field = str(err["loc"][0]) if err["loc"] else ""
        name = env_name(field) if field else "a setting"
        info = fields.get(field)
        meaning = f" ({info.description})" if info is not None and info.description else ""
        if err["type"] == "missing":
            parts.append(f"{name} is not set: set {name}{meaning}")
            continue
        secret = info is not None and "SecretStr" in repr(info.annotation)
        given = "" if secret else f"={err.get('input')!s}"
        values = str(err["msg"]).removeprefix("Value error, ") if err["type"] == "value_error" else None
        values = values or (allowed(info) if info is not None else None)
        if values:
            parts.append(f"{name}{given} is invalid: set {name} to {values}{meaning}")
        else:
            parts.append(f"{name}{given} is invalid ({err['msg']}): set {name}{meaning}")
    return "; ".join(parts) + " — see python -m bot --help"


def allowed(info: FieldInfo) -> str | None:
    """The values a setting of a number or a flag takes, in words (None: another kind)."""
    kinds = {a for a in (*get_args(info.annotation), info.annotation) if a in (bool, int, float)}
    if bool in kinds:
        return "1 or 0"
    if not kinds:
        return None
    bounds = {k: getattr(m, k) for m in info.metadata for k in ("ge", "gt", "le", "lt") if hasattr(m, k)}
    what = "a number" if float in kinds else "a whole number"
    if "ge" in bounds and "le" in bounds:
        return f"{what} from {bounds['ge']} to {bounds['le']}"
    words = {"ge": "of at least", "gt": "above", "le": "of at most", "lt": "below"}
    limits = " and ".join(f"{words[k]} {v}" for k, v in bounds.items())
    return f"{what} {limits}" if limits else what


def load_settings() -> Settings:
    try:
        settings = Settings()  # BOT_TOKEN and the rest come from the environment
    except ValidationError as e:
        raise Unfit(settings_problem(e)) from None
    if settings.bot_token is not None and not settings.bot_token.get_secret_value().strip():
        raise Unfit("BOT_TOKEN is empty: set BOT_TOKEN to the bot's token from @BotFather")
    return settings


def check_data_dir(data_dir: Path) -> None:
    """The embedded Redis keeps its files in DATA_DIR: it must exist or be creatable, and writable."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        probe = data_dir / f".write-check-{os.getpid()}"
        probe.write_bytes(b"ok")
        probe.unlink()
    except OSError as e:
        reason = e.strerror or str(e)
        raise Unfit(
            f"DATA_DIR={data_dir} cannot be written ({reason}): set DATA_DIR to a directory the bot "
            "may create and write, or REDIS_URL to a Redis"
        ) from None


def shown_url(url: str) -> str:
    """A URL fit for a log line: without its password."""
    try:
        parts = urlsplit(url)
        if parts.password:
            host = parts.hostname or ""
            if parts.port:
                host += f":{parts.port}"
            user = f"{parts.username}:***@" if parts.username else ":***@"
            return urlunsplit(parts._replace(netloc=user + host))
    except ValueError:
        pass
    return url


async def check_redis(url: str, cluster: bool = False) -> None:
    """REDIS_URL answers a PING within a few seconds; with ``cluster`` (REDIS_CLUSTER=1)
    it is a node of a Redis Cluster whose 16384 slots are all served, and every
    master it names answers too.  A cluster's node without REDIS_CLUSTER=1 is
    refused as well (every other chat's key would be MOVED elsewhere)."""
    from redis.asyncio import Redis
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff
    from redis.exceptions import AuthenticationError, RedisError

    where = f"REDIS_URL={shown_url(url)}"
    if cluster:
        try:
            path = urlsplit(url).path.strip("/")
        except ValueError:
            path = ""
        if path not in ("", "0"):
            raise Unfit(
                f"{where} names database {path}, and a Redis Cluster has only database 0: "
                "drop it from REDIS_URL (redis://host:port)"
            )
    try:
        client: Any = Redis.from_url(
            url,
            socket_connect_timeout=REDIS_TIMEOUT_S,
            socket_timeout=REDIS_TIMEOUT_S,
            retry=Retry(NoBackoff(), 0),
        )
    except ValueError as e:
        raise Unfit(
            f"{where} is not a Redis URL ({e}): set REDIS_URL like redis://host:6379/0, "
            "or unset it for the embedded Redis"
        ) from None
    try:
        await client.ping()
        info = await client.info("cluster")
        if cluster:
            await check_cluster(client, url, where)
        elif info.get("cluster_enabled"):
            raise Unfit(
                f"Redis at {where} is a node of a Redis Cluster: set REDIS_CLUSTER=1 "
                "(or REDIS_URL to a Redis that is not a cluster's node)"
            )
    except AuthenticationError as e:
        raise Unfit(
            f"Redis at {where} refused the credentials ({e}): fix the user or password in REDIS_URL"
        ) from None
    except (RedisError, OSError) as e:
        raise Unfit(
            f"cannot reach Redis at {where} ({e}): start that Redis or set REDIS_URL to one that runs "
            "(unset it for the embedded Redis in DATA_DIR)"
        ) from None
    finally:
        await client.aclose()


async def check_cluster(client: Any, url: str, where: str) -> None:
    """The node says its cluster is whole (every slot served), and each master answers."""
    from redis.asyncio import Redis
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff
    from redis.exceptions import RedisError, ResponseError

    try:
        raw = await client.execute_command("CLUSTER", "INFO")
    except ResponseError:
        raise Unfit(
            f"Redis at {where} is not a node of a Redis Cluster (cluster support is off): "
            "unset REDIS_CLUSTER, or set REDIS_URL to a node of the cluster"
        ) from None
    text = raw.decode() if isinstance(raw, bytes) else str(raw)
    state = dict(line.split(":", 1) for line in text.split("\r\n") if ":" in line)
    assigned, ok = int(state.get("cluster_slots_ok", 0)), state.get("cluster_state") == "ok"
    if not ok or assigned < SLOTS:
        raise Unfit(
            f"the Redis Cluster of {where} serves {assigned} of its {SLOTS} slots "
            f"(cluster_state:{state.get('cluster_state')}): create or repair the cluster "
            "(redis-cli --cluster create / --cluster fix) before starting the bot"
        )
    # each master the node names, by the address the cluster announces (what the bot will use)
    masters = {(str(_text(m[2][0])), int(m[2][1])) for m in await client.execute_command("CLUSTER", "SLOTS")}
    for host, port in sorted(masters):
        one: Any = Redis(
            host=host,
            port=port,
            username=client.connection_pool.connection_kwargs.get("username"),
            password=client.connection_pool.connection_kwargs.get("password"),
            socket_connect_timeout=REDIS_TIMEOUT_S,
            socket_timeout=REDIS_TIMEOUT_S,
            retry=Retry(NoBackoff(), 0),
        )
        try:
            await one.ping()
        except (RedisError, OSError) as e:
            raise Unfit(
                f"the master {host}:{port} of the Redis Cluster of {where} cannot be reached ({e}): "
                "the addresses the cluster announces (cluster-announce-ip) must be reachable from the bot"
            ) from None
        finally:
            await one.aclose()


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


async def check_telegram(settings: Settings) -> None:
    """getMe: Telegram accepts the token (401/404: it does not) and the Bot API can be reached."""
    from telegram import Bot
    from telegram.error import InvalidToken, NetworkError, TelegramError

    from bot.telegram_http import AiohttpRequest, OutOfPatience

    base = settings.telegram_api_base_url
    requests = [
        AiohttpRequest(
            connection_pool_size=1,
            read_timeout=TELEGRAM_TIMEOUT_S,
            connect_timeout=TELEGRAM_TIMEOUT_S,
            patience_s=settings.startup_patience_s,
        )
        for _ in range(2)
    ]
    try:
        bot = Bot(
            settings.token(),
            base_url=base,
            request=requests[0],
            get_updates_request=requests[1],
        )
        await bot.initialize()  # getMe
    except OutOfPatience as e:
        raise Unfit(e.message) from None
    except InvalidToken:
        raise Unfit(
            f"the Bot API at {base} rejected BOT_TOKEN (401/404): set BOT_TOKEN to the token "
            "@BotFather gave the bot (and TELEGRAM_API_BASE_URL, if changed, to a Bot API)"
        ) from None
    except NetworkError as e:  # TimedOut too
        raise Unfit(
            f"cannot reach the Bot API at {base} ({e.message}): check the network, "
            "or set TELEGRAM_API_BASE_URL to a Bot API this machine reaches"
        ) from None
    except TelegramError as e:
        raise Unfit(
            f"the Bot API at {base} refused getMe ({e.message}): check TELEGRAM_API_BASE_URL and BOT_TOKEN"
        ) from None
    finally:
        for request in requests:
            await request.shutdown()


async def check_all(settings: Settings) -> None:
    """Everything an operator sets, cheapest first."""
    if settings.redis_cluster and not settings.redis_url:
        raise Unfit(
            "REDIS_CLUSTER=1 but REDIS_URL is not set: set REDIS_URL to a node of the cluster "
            "(redis://host:port), or unset REDIS_CLUSTER for the embedded Redis"
        )
    if settings.redis_url:
        await check_redis(settings.redis_url, settings.redis_cluster)
    else:
        check_data_dir(settings.data_dir)
    if not settings.webhook_url and settings.health_port:
        check_port(settings.health_listen, settings.health_port, "HEALTH", "0: no health server")
    await check_telegram(settings)


def check_port(host: str, port: int, setting: str, otherwise: str) -> None:
    """``host:port`` can be listened on (``setting``: the settings' prefix, _LISTEN and _PORT)."""
    import socket

    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
    except OSError as e:
        raise Unfit(
            f"cannot listen on {setting}_LISTEN={host} {setting}_PORT={port} ({e.strerror or e}): "
            f"set {setting}_PORT to a free port ({otherwise})"
        ) from None
