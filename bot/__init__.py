"""The Telegram side: thin adapters between updates and the engine."""
