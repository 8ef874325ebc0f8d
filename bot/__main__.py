"""``python -m bot``: run the bot (long polling, or a webhook server with WEBHOOK_URL)."""

from __future__ import annotations

import asyncio
import logging
import sys

from pydantic import ValidationError

from bot.app import build
from bot.redis_server import endpoint
from bot.settings import Settings
from bot.webhook import serve


def main() -> None:
    try:
        settings = Settings()  # BOT_TOKEN and the rest come from the environment
    except ValidationError as e:
        missing = ", ".join(str(err["loc"][0]).upper() for err in e.errors())
        sys.exit(f"bot settings are incomplete or invalid: {missing}")
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    redis = endpoint(settings.redis_url, settings.data_dir)
    try:
        app = build(settings, redis.url)
        if settings.webhook_url:
            asyncio.run(serve(app, settings))
        else:
            app.run_polling(timeout=settings.poll_timeout, drop_pending_updates=False)
    finally:
        redis.close()


if __name__ == "__main__":
    main()
