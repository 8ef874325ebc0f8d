"""Telegram's limits on what a bot sends, as bot/send_budget.py keeps to them.

The defaults are Telegram's, with margins; they are settings (bot/settings.py)
only so that a test server can ask for faster ones.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rates:
    # A group gets at most 20 messages and edits in any 60 s.  20 gaps of 3.02 s
    # put a 21st send 0.4 s past the first one's minute: a margin for network
    # jitter that adds only 0.02 s to how long a board may lag behind its game.
    group_limit: int = 20
    group_period: float = 60.0
    group_spacing: float = 3.02
    # One message or edit a second per private chat, with a margin for jitter.
    private_spacing: float = 1.1
    # Telegram says 30 a second overall; a margin for jitter.  The budget is
    # also evenly spaced (overall_spacing): 25 at once at the end of one second
    # and 25 more at the start of the next would be 50 within a few
    # milliseconds on Telegram's side.
    overall_limit: int = 25
    overall_period: float = 1.0
    # The part of the overall budget private chats may take: the rest is kept
    # for boards (each group needs one send per 3 s; 8 a second covers 24 busy
    # groups ahead of any hand, and more when the hands leave room).
    private_share: int = 17
    # While a worker's private sends got fewer than this in the last period,
    # they go ahead of its boards: 100 busy boards want 33 sends a second, more
    # than the whole budget, and a hand that never arrives is a player timed
    # out unfairly.
    private_floor: int = 5

    @property
    def overall_spacing(self) -> float:
        return self.overall_period / self.overall_limit


TELEGRAM = Rates()
