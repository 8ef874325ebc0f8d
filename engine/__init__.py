"""Pure rules of the card games: no I/O, no clock, no Telegram."""
