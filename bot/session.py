"""A chat's session: the lobby, then the game, as one JSON document in Redis.

The document names its game (``game``); the game's options are kept as
plain JSON and its state is the game's own model, loaded by the game itself.
A document saved before the bot had several games names none: it is of the
bot's first game.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ValidationInfo, field_serializer, field_validator, model_validator

from engine import registry
from engine.core import Event, PromptValue, to_jsonable

MAX_LOG = 6  # announcements kept for the board
MAX_PRIVATE = 3  # private announcements kept for a player's hand
MAX_APPLIED = 64  # update ids remembered, so a redelivered update is applied once
FIRST_GAME = registry.names()[0]  # what a document from before the game seam holds


class Member(BaseModel):
    id: int
    name: str
    lang: str | None = None  # the user's Telegram language
    level: str | None = None  # a computer player's level (bot.computers); None: a person


class Turn(BaseModel):
    """When a computer player acts in the state ``seq`` (None: it let it pass)."""

    seq: int
    due: int | None


class Draft(BaseModel):
    """A player's choices so far on a prompt that wants several (sent as one answer)."""

    prompt: int
    picks: list[PromptValue] = []
    page: int = 0  # the page of its options the keyboard shows


class Selection(BaseModel):
    """What a player selected on their hand (``bot.adapter.Select``), and the tag of
    the keyboard they selected it on: it holds while that keyboard is shown."""

    tag: str
    value: str


class Session(BaseModel):
    chat_id: int
    game_id: str
    creator: int
    game: str
    title: str = ""
    # the Telegram language of whoever opened the game: the group's, until the chat
    # chooses one with /language (the game keeps it, whoever presses)
    lang: str | None = None
    status: Literal["lobby", "playing", "over"] = "lobby"
    members: list[Member] = []
    # users who pressed Join but the bot cannot write to privately
    unreachable: list[Member] = []
    options: dict[str, Any] = {}  # the game's table options, as JSON
    # a rematch's lobby: who played the last game (each joins again with one tap)
    again: list[Member] = []
    # the lobby's open panel of a Toggles option: its code and page ("f1"); "" none
    panel: str = ""
    state: Any = None  # the game's state model once the game has started
    log: list[Event] = []
    private: dict[int, list[Event]] = {}  # what only one player is told, shown in their hand
    drafts: dict[int, Draft] = {}
    selected: dict[int, Selection] = {}
    stopped_by: Member | None = None  # who ended the game with /stop
    # the group removed the bot: the game ended there, nothing more is sent to it
    removed: bool = False
    # the forum topic the game lives in (its message_thread_id; None: General, or no forum)
    thread_id: int | None = None
    # the updates whose effect this document holds: written in the same
    # compare-and-set as the effect, so a redelivery is recognised exactly
    applied: list[int] = []
    # each player's last press that was applied (the state's seq after it, the
    # press's tag and code): the same press again, nothing having happened since,
    # is answered "already done", not refused as stale
    done: dict[int, str] = {}
    # «your turn» nudges (bot.nudges): since when each player has been waited on,
    # and who has been sent a nudge that is still to be deleted
    waiting_since: dict[int, int] = {}
    nudged: list[int] = []
    computers: dict[int, Turn] = {}  # computer players' next moves (bot.computers)
    # a person who leaves mid-game: a computer player takes the seat "needed" (when
    # the game could not go on without them), "always", or "never"
    replace: Literal["needed", "always", "never"] = "needed"
    # the lobby's «💡 Hints»: a hint button on each person's hand (the expert's move, and
    # why: ``bot.play.hint_asked``), and how many hints each player has used this game
    hints: bool = False
    hints_used: dict[int, int] = {}

    @model_validator(mode="before")
    @classmethod
    def _first_game(cls, data: Any) -> Any:
        if isinstance(data, dict) and "game" not in data:
            data = {**data, "game": FIRST_GAME}
        return data

    @field_validator("state", mode="after")
    @classmethod
    def _load_state(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, dict):
            return registry.get(info.data["game"]).load(value)
        return value

    @field_serializer("state")
    def _dump_state(self, state: Any) -> Any:
        return None if state is None else to_jsonable(state)

    def end_waits(self) -> list[int]:
        """A game ended from outside its rules (/stop, the bot removed): nobody is
        waited on any more; returns who was sent a «your turn» nudge, to delete it."""
        told, self.waiting_since, self.nudged = self.nudged, {}, []
        return told

    def member(self, user_id: int) -> Member | None:
        for m in self.members:
            if m.id == user_id:
                return m
        return None

    @property
    def computer_seats(self) -> list[Member]:
        """The seats computer players play (their own, or a person's who left)."""
        return [m for m in self.members if m.level is not None]

    def name(self, user_id: int) -> str:
        m = self.member(user_id)
        return m.name if m is not None else str(user_id)

    def mark(self, update_id: int | None) -> None:
        if update_id is not None:
            self.applied = [*self.applied, update_id][-MAX_APPLIED:]

    def has_applied(self, update_id: int | None) -> bool:
        return update_id is not None and update_id in self.applied

    def announce(self, events: list[Event], fleeting: frozenset[str] = frozenset()) -> set[int]:
        """Keep the public events for the board and each private one for its
        player's hand — all but the game's ``fleeting`` ones (what a press's answer
        says, no hand keeps); returns the players who were told something privately."""
        public = [e for e in events if e.to is None and e.key not in fleeting]
        if public:
            self.log = (self.log + public)[-MAX_LOG:]
        told: set[int] = set()
        for e in events:
            if e.to is not None and e.key not in fleeting:
                self.private = {**self.private, e.to: [*self.private.get(e.to, []), e][-MAX_PRIVATE:]}
                told.add(e.to)
        return told


class ChatSettings(BaseModel):
    lang: str | None = None
