"""Every knob of the bot, from the environment (pydantic-settings).

Each field's environment variable is its name in upper case; its description
and default are what ``python -m bot --help`` prints, so a field is documented
here and nowhere else.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES
from bot.send_rates import TELEGRAM, Rates
from engine import registry

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def dial(host: str, loopback: str | None = None) -> str:
    """The address to reach, from this machine, a server listening on ``host`` (a
    server on every interface answers on loopback: ``loopback``, or IPv4's or IPv6's)."""
    if host in ("", "0.0.0.0"):
        return loopback or "127.0.0.1"
    if host in ("::", "[::]"):
        return loopback or "::1"
    return host


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    bot_token: SecretStr | None = Field(
        None,
        description="the bot's token, from @BotFather; unset: the playground (the bot in a browser, "
        "on a Bot API of its own, at PLAYGROUND_HOST:PLAYGROUND_PORT)",
    )
    telegram_api_base_url: str = Field(
        "https://api.telegram.org/bot",
        description="the Bot API prefix before the token (a local Bot-API-compatible server in tests)",
    )
    redis_url: str | None = Field(
        None,
        description="a Redis to keep the sessions in, e.g. redis://host:6379/0; "
        "unset: an embedded Redis with its files in DATA_DIR",
    )
    redis_cluster: bool = Field(
        False,
        description="1: REDIS_URL names any node of a Redis Cluster (redis://host:port), "
        "and the bot finds the others from it",
    )
    redis_replica_wait_ms: int = Field(
        100,
        ge=0,
        le=10_000,
        description="with REDIS_CLUSTER=1: after each change of a game, wait up to this many ms "
        "until a replica of its master has it (WAIT 1), so that a failover does not lose a press "
        "the player was told of; 0: do not wait",
    )
    data_dir: Path = Field(
        Path("data"), description="where the embedded Redis keeps its files (when REDIS_URL is unset)"
    )
    default_language: str = Field(
        DEFAULT_LANGUAGE,
        description=f"{' or '.join(LANGUAGES)}: the language of a chat that chose none, "
        "for a user Telegram gives none",
    )
    log_level: str = Field("INFO", description="logging level: DEBUG, INFO, WARNING or ERROR")
    poll_timeout: int = Field(
        10, ge=0, le=60, description="long polling: seconds the Bot API may hold a getUpdates request"
    )
    startup_patience_s: float = Field(
        180.0,
        ge=0,
        le=86_400,
        description="at start, how many seconds a call to Telegram that fails in passing (a 5xx, a "
        "timeout, the network) is made again before the bot gives up and exits (0: at once)",
    )
    webhook_url: str | None = Field(
        None,
        description="the public URL Telegram posts updates to; set it to run a webhook server "
        "(several workers behind it share one REDIS_URL) instead of long polling",
    )
    webhook_secret: SecretStr | None = Field(
        None,
        description="the secret every webhook request must carry "
        "(X-Telegram-Bot-Api-Secret-Token); unset: derived from the token",
    )
    webhook_listen: str = Field("0.0.0.0", description="the address this worker's webhook server listens on")
    webhook_port: int = Field(8080, ge=1, le=65535, description="the port this worker's webhook server uses")
    webhook_path: str = Field("/telegram", description="the path of the webhook server's update endpoint")
    webhook_register: bool = Field(
        True, description="whether this worker calls setWebhook at start (1 on one worker, 0 on the others)"
    )
    health_listen: str = Field(
        "127.0.0.1",
        description="with long polling: the address of the health server (GET /health for probes, "
        "GET /metrics for Prometheus); 0.0.0.0 to let another host scrape it. In webhook mode both "
        "are served by the webhook server",
    )
    health_port: int = Field(
        8081, ge=0, le=65535, description="with long polling: the health server's port (0: none)"
    )
    miniapp_url: str | None = Field(
        None,
        description="the Mini App's public HTTPS address, ending in /app/ "
        "(e.g. https://cards.example.com/app/), served by this bot's web server (the webhook "
        "server, or with long polling the health server "
        "on HEALTH_LISTEN:HEALTH_PORT) behind a TLS proxy; unset: no Mini App",
    )
    miniapp_short_name: str | None = Field(
        None,
        description="the Mini App's short name, as registered with @BotFather (/newapp): the group's "
        "board links to it (https://t.me/<bot>/<short name>); unset: only private hands open it",
    )
    playground_host: str = Field(
        "127.0.0.1",
        description="the address the playground listens on (without BOT_TOKEN); loopback: "
        "nobody else on the network can play in it",
    )
    playground_port: int = Field(
        8080, ge=1, le=65535, description="the playground's port (without BOT_TOKEN)"
    )
    # Telegram's limits on what the bot sends (bot/send_budget.py keeps within them).
    # The defaults are Telegram's (with margins); only a test server wants others.
    group_limit: int = Field(
        TELEGRAM.group_limit, ge=1, description="messages and edits a group may get in GROUP_PERIOD"
    )
    group_period: float = Field(
        TELEGRAM.group_period, gt=0, description="seconds over which GROUP_LIMIT is counted"
    )
    group_spacing: float = Field(
        TELEGRAM.group_spacing,
        ge=0,
        description="least seconds between two sends to one group (60/20 s plus a margin for jitter)",
    )
    private_spacing: float = Field(
        TELEGRAM.private_spacing,
        ge=0,
        description="least seconds between two sends to one private chat (1 s plus a margin)",
    )
    overall_limit: int = Field(
        TELEGRAM.overall_limit,
        ge=1,
        description="sends to all chats together in OVERALL_PERIOD, evenly spaced "
        "(Telegram allows 30 a second; a margin)",
    )
    overall_period: float = Field(
        TELEGRAM.overall_period, gt=0, description="seconds over which OVERALL_LIMIT is counted"
    )
    private_share: int = Field(
        TELEGRAM.private_share,
        ge=1,
        description="how many of OVERALL_LIMIT private chats may take (the rest is kept for boards)",
    )
    private_floor: int = Field(
        TELEGRAM.private_floor,
        ge=0,
        description="while a worker's private sends in the last OVERALL_PERIOD are fewer, "
        "they go ahead of its boards",
    )
    nudge_after_ms: int = Field(
        10_000,
        ge=1_000,
        description="how long the table waits on a player before a short message tells them "
        "(a notification: edits never notify)",
    )
    extra_games: str = Field(
        "",
        description="games to offer players besides the default ones, by short name, separated by "
        "commas (those the bot has but does not offer unless told: "
        f"{', '.join(n for n in registry.names() if not registry.offered(n)) or 'none'}); "
        "unset: the default games only",
    )
    computer_processes: int = Field(
        1,
        ge=0,
        le=64,
        description="processes that run computer players' searches, started when a computer "
        "first moves (0: a thread of the bot's own process, which then competes with presses)",
    )

    @field_validator("default_language")
    @classmethod
    def _a_language_of_locales(cls, value: str) -> str:
        if value not in LANGUAGES:
            raise ValueError(f"one of {', '.join(LANGUAGES)}")
        return value

    @field_validator("extra_games")
    @classmethod
    def _games_there_are(cls, value: str) -> str:
        names = [n.strip().lower() for n in value.split(",") if n.strip()]
        if any(n not in registry.names() for n in names):
            raise ValueError(f"short names of games, separated by commas: {', '.join(registry.names())}")
        return ",".join(names)

    @field_validator("log_level")
    @classmethod
    def _a_log_level(cls, value: str) -> str:
        if value.upper() not in LOG_LEVELS:
            raise ValueError(f"one of {', '.join(LOG_LEVELS)}")
        return value.upper()

    @field_validator("webhook_url")
    @classmethod
    def _a_webhook_address(cls, value: str | None) -> str | None:
        if value and not value.startswith(("https://", "http://")):
            raise ValueError("an https:// address (Telegram posts to no other)")
        return value or None

    @field_validator("webhook_path")
    @classmethod
    def _a_path(cls, value: str) -> str:
        if not value.startswith("/"):
            raise ValueError("a path that begins with /, like /telegram")
        return value

    @field_validator("webhook_secret")
    @classmethod
    def _a_secret_telegram_takes(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", value.get_secret_value()):
            raise ValueError("1 to 256 of the characters A-Z, a-z, 0-9, _ and - (Telegram takes no other)")
        return value

    @field_validator("miniapp_url")
    @classmethod
    def _a_page_address(cls, value: str | None) -> str | None:
        if value and not value.startswith(("https://", "http://")):
            raise ValueError("an https:// address (Telegram opens no other)")
        if value and not value.endswith("/"):  # the page's files and API are relative to it
            raise ValueError("an address ending in /, like https://cards.example.com/app/")
        return value or None

    def token(self) -> str:
        """The bot's token (the playground sets it before the bot starts)."""
        if self.bot_token is None:
            raise ValueError("BOT_TOKEN is not set")
        return self.bot_token.get_secret_value()

    def secret(self) -> str:
        if self.webhook_secret is not None:
            return self.webhook_secret.get_secret_value()
        # the salt keeps its first game's name: workers upgraded one by one agree on the secret
        return hashlib.sha256(b"svintus-webhook:" + self.token().encode()).hexdigest()

    def extras(self) -> list[str]:
        """The games ``EXTRA_GAMES`` turns on."""
        return [n for n in self.extra_games.split(",") if n]

    def rates(self) -> Rates:
        """The limits bot/send_budget.py keeps to."""
        return Rates(
            group_limit=self.group_limit,
            group_period=self.group_period,
            group_spacing=self.group_spacing,
            private_spacing=self.private_spacing,
            overall_limit=self.overall_limit,
            overall_period=self.overall_period,
            private_share=self.private_share,
            private_floor=self.private_floor,
        )
