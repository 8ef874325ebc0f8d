"""The seam between the bot and a game: what a game's adapter provides.

The bot core (referee, lobby, play, timers, sender, screens, handlers) knows
games only through this contract, and finds an adapter by the game's short
name (``bot.games.get``).  An adapter owns how its game looks: lobby
options, board and hand screens drawn from the engine's *views*, words for
event arguments and prompt options, extra commands, its rules text.  What a
table must know of a game's rules is the engine's, as data: which event
arguments name players, which private events no hand keeps, which action a
chat message is (``engine.core.Game``), which actions need no fresh keyboard
(``PlayerAction.evident``).  A button stands for an engine action and its
data is the action's code (``Ctx.act``: the engine's codec writes and reads
it), so no adapter writes a button code.  Everything generic — prompts,
private events, "whose move", the log of announcements, the lobby's seats,
when a screen must be redrawn (its digest changed), Telegram's limits — is
the core's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel
from telegram import InlineKeyboardButton

from bot import buttons, ephemeral
from bot.buttons import Act, Show
from bot.ephemeral import Style  # a button's colour: what may be pressed now, what cannot be undone
from bot.i18n import Translator, Words
from bot.links import NO_LINKS, Links
from bot.sizing import TITLE_MAX, Rendered, shown, text_of
from engine.core import ArgValue, Event, Game, Prompt, PromptValue, View, Wait

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V", bound=View)
O = TypeVar("O", bound=BaseModel)  # noqa: E741 - the options type

Rows = list[list[InlineKeyboardButton]]
ANYONE = 0  # the player of a board button's action: whoever presses it


@dataclass(frozen=True)
class Ctx(Words):
    """What a screen is drawn with: words (``ctx(key, **args)``), names, and how to make buttons."""

    t: Translator
    lang: str
    chat_id: int
    game_id: str
    chat_title: str = ""  # the chat's, as Telegram has it (``title``: as a screen shows it)
    bot_username: str = ""
    names: Mapping[int, str] = field(default_factory=dict)  # player -> name, HTML-escaped
    tag: str = "-"  # what the hand's keyboard offers (see screens.keyboard_tag)
    selected: str = ""  # what the hand's owner selected on this keyboard (``buttons.Show``)
    # draw a shorter screen: the full one breaks Telegram's limits (see bot.sizing)
    compact: bool = False
    # drawn for the Mini App's page, which draws the hand's cards itself (``bot.miniapp.art``):
    # a hand may leave out what its cards show (their list, a button per card)
    on_page: bool = False
    encode: Callable[[Sequence[Any]], list[str]] = lambda actions: [str(a) for a in actions]  # ``encode_all``
    links: Links = NO_LINKS  # the Mini App, where the operator serves one
    # the codes the engine gave with the hand's legal actions (``Sight.codes``), by
    # each action's identity; ``coded`` holds those actions, so no other object
    # can have one of their ids while the ctx lives
    codes: Mapping[int, str] = field(default_factory=dict, repr=False, compare=False)
    coded: object = field(default=None, repr=False, compare=False)

    @property
    def title(self) -> str:
        """The chat's title on a screen (made when a screen names the chat)."""
        return shown(self.chat_title, TITLE_MAX)

    def name(self, player: int | None) -> str:
        if player is None:
            return ""
        return self.names.get(player, str(player))

    def button(
        self,
        label: str,
        body: buttons.Body,
        tagged: bool = True,
        style: Style | None = None,
        disabled: bool = False,
    ) -> InlineKeyboardButton:
        """A button of this game: ``tagged`` buttons carry the hand's tag (a press of
        an action that is not evident must match the keyboard it was pressed
        on); board buttons carry none.  ``label`` is HTML like every word of a
        screen (a player's name in it escaped): the button shows its text;
        ``style``: its colour (``Style``); ``disabled``: shown greyed, pressing it does
        nothing (Bot API 10.3) — a client that predates it sends the press, which is
        judged as any other (a move not allowed now is refused, saying why)."""
        tag = self.tag if tagged else buttons.NO
        data = buttons.data(self.chat_id, self.game_id, body, tag)
        return ephemeral.button(text_of(label), data, style, disabled)

    def select(self, label: str, value: str = "", style: Style | None = None) -> InlineKeyboardButton:
        """A button that changes only what the presser's hand shows, not the game (a
        card picked to see the moves it allows, "back"; "" selects nothing).  The
        core keeps ``value`` for that player as long as the keyboard it was pressed
        on (its tag) is the one they see — any move that changes their keyboard
        forgets it — and draws their hand with it in ``Ctx.selected``."""
        return self.button(label, Show(value), style=style)

    def act(
        self,
        label: str,
        action: Any,
        tagged: bool = True,
        style: Style | None = None,
        disabled: bool = False,
    ) -> InlineKeyboardButton:
        """A button that presses ``action`` (its data: the action's code).  A code
        never names the player: the action is whoever presses it's (a board
        button's action is made with ``ANYONE``).  ``disabled``: an action not
        allowed now, shown greyed rather than left out (``button``)."""
        return self.button(label, Act(self.code(action)), tagged, style, disabled)

    def acts(
        self, pressed: Sequence[tuple[str, Any]], tagged: bool = True, styles: Sequence[Style | None] = ()
    ) -> list[InlineKeyboardButton]:
        """``act`` for each (label, action) (and its ``styles``, if given), the codes asked
        of the engine in one call."""
        known = [self.codes.get(id(a)) for _, a in pressed]
        asked = iter(self.encode([a for (_, a), code in zip(pressed, known, strict=True) if code is None]))
        colours = list(styles) or [None] * len(pressed)
        return [
            self.button(label, Act(code if code is not None else next(asked)), tagged, style)
            for (label, _), code, style in zip(pressed, known, colours, strict=True)
        ]

    def code(self, action: Any) -> str:
        """``action``'s code: the one the engine gave with the legal actions, else the codec's."""
        code = self.codes.get(id(action))
        return code if code is not None else self.encode([action])[0]


def _always(options: Any) -> bool:
    return True


# Lobby options: each sets one field of the game's options model, by buttons of
# the lobby (their data ``o<code>…``: ``code`` is one character, distinct in a
# game).  ``shown(options)`` hides one that does not apply (given the options
# model).  The engine validates every value (``Game.options``): a value it
# refuses is answered with its words and changes nothing.


@dataclass(frozen=True)
class Cycle:
    """One button that cycles the field through ``values``."""

    code: str
    field: str
    values: tuple[Any, ...]
    label: Callable[[Ctx, Any], str]  # the button's label for a value
    shown: Callable[[Any], bool] = _always


@dataclass(frozen=True)
class Number:
    """A number, ➖ and ➕ around its label: ``step`` at a time, from ``low`` to ``high``."""

    code: str
    field: str
    low: int
    high: int
    label: Callable[[Ctx, int], str]
    step: int = 1
    shown: Callable[[Any], bool] = _always


@dataclass(frozen=True)
class Toggles:
    """A set of items (boxes, factions to play with): a button of the lobby names
    the option (``title``, a locale key) and how many are in; it opens a panel of
    the items, each turned on or off by a press, ◀ ▶ between pages of a long one.
    The field holds the items that are in, in ``items`` order — None when all of
    them are (the options model's "everything").  At least ``least`` stay in."""

    code: str
    field: str
    title: str
    items: Callable[[Any], Sequence[str]]  # every item there is, given the options model
    label: Callable[[Ctx, str], str]  # an item's label
    least: int = 1
    shown: Callable[[Any], bool] = _always

    def chosen(self, options: Any) -> list[str]:
        value = getattr(options, self.field)
        every = list(self.items(options))
        return every if value is None else [i for i in every if i in value]


LobbyOption = Cycle | Number | Toggles


@dataclass(frozen=True)
class Command:
    """An extra command of a game (``/animal``): its description key and what it answers."""

    name: str
    description: str  # locale key
    run: Callable[[Ctx, str], str]  # (ctx, the text after the command) -> the reply (HTML)


class Adapter(Generic[S, A, V, O]):
    """A game's side of the bot.  Subclasses set ``game`` and override what they draw."""

    game: Game[S, A, V, O]
    choices: Sequence[LobbyOption] = ()
    commands: Sequence[Command] = ()
    topics = False  # whether ``rules`` knows topics (``/rules <topic>`` at its table: Smash Up's factions)
    # words: <name>-name and <name>-emoji (the game's title, in headers), <name>-about
    # (one line, for /help and the game picker), <name>-rules (for /rules)

    @property
    def name(self) -> str:
        return self.game.name

    # --- lobby ----------------------------------------------------------------------

    def lobby_lines(self, ctx: Ctx, options: O) -> list[str]:
        """What the options say in the lobby, besides the buttons."""
        return []

    # --- screens (from views only) ------------------------------------------------------

    def board(self, ctx: Ctx, view: V, waits: Sequence[Wait]) -> Rendered:
        raise NotImplementedError

    def hand(self, ctx: Ctx, view: V, legal: Sequence[A], waits: Sequence[Wait]) -> Rendered:
        """The player's private message.  While ``view.prompt`` is open the core adds
        its question and buttons below this."""
        raise NotImplementedError

    # --- presses ------------------------------------------------------------------------------

    def press_answer(self, ctx: Ctx, player: int, action: A, events: Sequence[Event]) -> str:
        """What to tell the presser when their press was applied (empty: nothing;
        their screen shows the change).  A race game says "first!" or "wrong — locked"."""
        return ""

    # --- words ---------------------------------------------------------------------------------

    def event_args(self, ctx: Ctx, event: Event) -> dict[str, Any]:
        """An event's (or prompt's) arguments as words: players by name, and so on."""
        return {k: self.arg(ctx, k, v) for k, v in event.args.items()}

    def arg(self, ctx: Ctx, key: str, value: ArgValue) -> Any:
        if isinstance(value, bool):
            return "true" if value else "false"
        if key in self.game.player_args and isinstance(value, int):
            return ctx.name(value)
        if isinstance(value, list):
            return ", ".join(str(self.arg(ctx, key, v)) for v in value)
        return value

    def event_text(self, ctx: Ctx, event: Event) -> str:
        return ctx(event.key, **self.event_args(ctx, event))

    def option_label(self, ctx: Ctx, view: V, prompt: Prompt, value: PromptValue) -> str:
        """A prompt option's button label."""
        if prompt.kind == "player" and isinstance(value, int):
            return ctx("prompt-player", player=ctx.name(value))
        if prompt.kind == "choice":
            return ctx(f"{self.name}-choice-{value}")
        return str(value)

    def option_group(self, view: V, prompt: Prompt, value: PromptValue) -> Hashable:
        """Options that are interchangeable (identical cards) share one button when
        a prompt has more than fit on a keyboard."""
        return value

    def rules(self, ctx: Ctx, topic: str = "") -> str:
        """``/rules <game> [topic]``: the game's rules (a game may know topics: a faction)."""
        return ctx(f"{self.name}-rules")

    def posts(self, ctx: Ctx, view: V, events: Sequence[Event]) -> list[str]:
        """Messages of their own the group gets for a change's public events, besides
        the board's log (a base scoring in Smash Up); ``view``: the public view
        after the change.  HTML."""
        return []


AnyAdapter = Adapter[Any, Any, Any, Any]
