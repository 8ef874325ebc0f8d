"""``python -m bot``: run the bot (long polling, or a webhook server with WEBHOOK_URL);
without BOT_TOKEN (or as ``python -m bot playground``), the playground: the bot in a
browser, on a Bot API of its own (bot/playground/).  ``python -m bot health``: whether
the bot running with these settings answers on /health (exit code 0 or 1).

``python -m bot --help`` lists the settings.  What an operator can get wrong (a
setting, DATA_DIR, REDIS_URL, the token, the network) is checked first and
reported in one line, exit code 1; Ctrl-C stops the bot cleanly at any point.
"""

from __future__ import annotations

import logging
import sys


def run(args: list[str]) -> int:
    if "-h" in args or "--help" in args:
        from bot.preflight import usage

        print(usage())
        return 0
    if args == ["health"]:
        return health()
    if args and args != ["playground"]:
        print(
            f"python -m bot takes no arguments but playground or health (got {' '.join(args)}): "
            "every setting comes from the environment, see python -m bot --help",
            file=sys.stderr,
        )
        return 2
    return run_bot(playground_asked=args == ["playground"])


def health() -> int:
    """``python -m bot health``: 0 while the bot these settings run answers on /health."""
    from bot.health import probe
    from bot.preflight import Unfit, load_settings

    try:
        return probe(load_settings())
    except Unfit as e:
        print(f"bot: {e}", file=sys.stderr)
        return 1


def run_bot(playground_asked: bool) -> int:
    """The bot, until it is stopped: checked first, on Telegram or in the playground."""
    import asyncio
    import contextlib

    from bot.preflight import Unfit, check_all, load_settings
    from bot.telegram_http import OutOfPatience

    redis = None
    try:
        with contextlib.ExitStack() as stack:
            settings = load_settings()
            playing = playground_asked or settings.bot_token is None
            # the playground prints its address and nothing else, unless LOG_LEVEL is set
            quiet = playing and "log_level" not in settings.model_fields_set
            configure_logging("WARNING" if quiet else settings.log_level, playing)
            if playing:
                from bot.playground.run import playground

                settings = stack.enter_context(playground(settings))
            asyncio.run(check_all(settings))

            from bot.app import build
            from bot.redis_server import endpoint
            from bot.webhook import serve

            redis = endpoint(settings.redis_url, settings.data_dir)
            app = build(settings, redis.url)
            if playing:
                from bot.playground.run import announce

                announce(settings)
            if settings.webhook_url:
                asyncio.run(serve(app, settings))
            else:
                app.run_polling(timeout=settings.poll_timeout, drop_pending_updates=False)
    except (Unfit, OutOfPatience) as e:  # (Telegram failing longer than STARTUP_PATIENCE_S)
        print(f"bot: {e}", file=sys.stderr)
        return 1
    finally:
        if redis is not None:
            redis.close()
    return 0


def configure_logging(level: str, playing: bool) -> None:
    logging.basicConfig(level=level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("telegram.ext.Updater").addFilter(one_line)
    logging.getLogger("telegram.ext").addFilter(not_out_of_patience)
    logging.getLogger("aiohttp.server").addFilter(client_fault)
    if playing:  # the page's own requests
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)


def one_line(record: logging.LogRecord) -> bool:
    """python-telegram-bot's Updater logs Telegram's failures with their traceback (one
    call, getUpdates, failing as the bot stops while Telegram does not answer): an
    operator reads them in one line, as every other failure of Telegram's."""
    error = record.exc_info[1] if record.exc_info else None
    if error is not None:
        record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"
        record.args, record.exc_info, record.exc_text = None, None, None
    return True


def client_fault(record: logging.LogRecord) -> bool:
    """aiohttp logs a request it could not even parse (a header's odd bytes, a broken
    body) with its traceback, as an error: it is the client's, said in one line."""
    from aiohttp.http_exceptions import HttpProcessingError

    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, HttpProcessingError):
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        one_line(record)
        record.msg = " ".join(str(record.msg).split())  # (its message spans lines)
        return True
    return one_line(record)


def not_out_of_patience(record: logging.LogRecord) -> bool:
    """python-telegram-bot logs a start-up call it gave up on with its traceback: one that
    failed longer than STARTUP_PATIENCE_S is said once, in the line ``python -m bot`` ends with."""
    from bot.telegram_http import OutOfPatience

    return not (record.exc_info and isinstance(record.exc_info[1], OutOfPatience))


def main(argv: list[str] | None = None) -> None:
    try:
        code = run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:  # Ctrl-C before the bot took the signal over (while starting)
        print("bot: stopped", file=sys.stderr)
        code = 130
    sys.exit(code)


if __name__ == "__main__":
    main()
