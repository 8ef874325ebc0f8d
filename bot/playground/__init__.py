"""The playground: the bot without a Telegram token, in a browser (and the tests' Bot API)."""
