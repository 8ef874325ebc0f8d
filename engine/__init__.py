"""Pure rules of the card games: no I/O, no clock, no Telegram."""

from engine._build import COMPILED_RUNNING as COMPILED_RUNNING
