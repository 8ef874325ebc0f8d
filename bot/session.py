"""A chat's session: the lobby, then the game, as one JSON document in Redis."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Event
from engine.svintus.models import SvintusOptions, SvintusState

MAX_LOG = 6  # announcements kept for the board
MAX_APPLIED = 64  # update ids remembered, so a redelivered update is applied once


class Member(BaseModel):
    id: int
    name: str
    lang: str | None = None  # the user's Telegram language


class Session(BaseModel):
    chat_id: int
    game_id: str
    creator: int
    title: str = ""
    status: Literal["lobby", "playing", "over"] = "lobby"
    members: list[Member] = []
    # users who pressed Join but the bot cannot write to privately
    unreachable: list[Member] = []
    options: SvintusOptions = Field(default_factory=SvintusOptions)
    # Metamorphoses with chosen animals: who picked which in the lobby
    animal_picks: dict[int, str] = {}
    state: SvintusState | None = None
    log: list[Event] = []
    stopped_by: Member | None = None  # who ended the game with /stop
    # the updates whose effect this document holds: written in the same
    # compare-and-set as the effect, so a redelivery is recognised exactly
    applied: list[int] = []

    def member(self, user_id: int) -> Member | None:
        for m in self.members:
            if m.id == user_id:
                return m
        return None

    def name(self, user_id: int) -> str:
        m = self.member(user_id)
        return m.name if m is not None else str(user_id)

    def mark(self, update_id: int | None) -> None:
        if update_id is not None:
            self.applied = [*self.applied, update_id][-MAX_APPLIED:]

    def seen(self, update_id: int | None) -> bool:
        return update_id is not None and update_id in self.applied

    def announce(self, events: list[Event]) -> None:
        public = [e for e in events if e.to is None]
        if public:
            self.log = (self.log + public)[-MAX_LOG:]


class ChatSettings(BaseModel):
    lang: Literal["ru", "en"] | None = None
