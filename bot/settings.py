"""Every knob of the bot, from the environment (pydantic-settings)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    bot_token: SecretStr
    # The Bot API prefix before the token (PTB's base_url): a local
    # Bot-API-compatible server in tests and playgrounds.
    telegram_api_base_url: str = "https://api.telegram.org/bot"
    # A real Redis; without it the bot starts an embedded one in data_dir.
    redis_url: str | None = None
    data_dir: Path = Path("data")
    default_language: Literal["ru", "en"] = "ru"
    log_level: str = "INFO"
    # Long polling: seconds the Bot API may hold a getUpdates request.
    poll_timeout: int = Field(10, ge=0, le=60)
    # Webhook mode (several workers behind one address share one Redis): the
    # public URL Telegram posts updates to.  Unset: long polling.
    webhook_url: str | None = None
    # Checked on every request (X-Telegram-Bot-Api-Secret-Token); by default
    # derived from the token, so every worker agrees without configuration.
    webhook_secret: SecretStr | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = Field(8080, ge=1, le=65535)
    webhook_path: str = "/telegram"
    # Whether this worker registers the webhook with Telegram at start.
    webhook_register: bool = True

    def secret(self) -> str:
        if self.webhook_secret is not None:
            return self.webhook_secret.get_secret_value()
        return hashlib.sha256(b"svintus-webhook:" + self.bot_token.get_secret_value().encode()).hexdigest()
