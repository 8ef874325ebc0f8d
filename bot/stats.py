"""Statistics: per chat, player and game — games played, wins, points — in Redis.

One hash per chat (``cards:{<chat>}:stats``, the chat's hash tag like its
other keys) holds ``<game>:<user>:played|won|points`` and ``name:<user>`` (the
name last seen); one set per player (``cards:{u<user>}:chats``) lists the
chats holding their figures, so that a private ``/stats`` and ``/forget`` find
them.  A game's figures are counted once, when its end is saved (the referee
runs this after the save that ended it).  ``/forget`` deletes a player's
figures everywhere and the set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import games, kit, sizing
from bot.i18n import Translator
from bot.store import Client, chats_key, key

FIELDS = ("played", "won", "points")
TOP = 10  # a chat's /stats names its top ten of each game


@dataclass(frozen=True)
class Line:
    """One player's figures in one game."""

    user: int
    name: str
    played: int
    won: int
    points: int


class Stats:
    def __init__(self, r: Client) -> None:
        self.r = r

    async def record(
        self,
        chat_id: int,
        game: str,
        players: Mapping[int, str],
        winners: Sequence[int],
        scores: Mapping[int, Any],
    ) -> None:
        """A finished game: each player's played, won and points, and their name."""
        pipe = self.r.pipeline(transaction=False)
        stats = key(chat_id, "stats")
        for user, name in players.items():
            pipe.hincrby(stats, f"{game}:{user}:played", 1)
            if user in winners:
                pipe.hincrby(stats, f"{game}:{user}:won", 1)
            points = scores.get(user, 0)
            if isinstance(points, int) and not isinstance(points, bool) and points:
                pipe.hincrby(stats, f"{game}:{user}:points", points)
            pipe.hset(stats, f"name:{user}", name)
            pipe.sadd(chats_key(user), chat_id)
        await pipe.execute()

    async def chat(self, chat_id: int) -> dict[str, list[Line]]:
        """Every game's lines in the chat, the most wins first (then fewer games)."""
        raw = await self.r.hgetall(key(chat_id, "stats"))
        return _lines(_decoded(raw))

    async def player(self, user_id: int) -> dict[str, Line]:
        """One player's figures per game, summed over every chat."""
        chats = [int(c) for c in await self.r.smembers(chats_key(user_id))]
        total: dict[str, dict[str, int]] = {}
        for chat_id in chats:
            fields = _decoded(await self.r.hgetall(key(chat_id, "stats")))
            for name, value in fields.items():
                game, sep, rest = name.partition(":")
                user, sep2, what = rest.partition(":")
                if sep and sep2 and game != "name" and user == str(user_id) and what in FIELDS:
                    total.setdefault(game, dict.fromkeys(FIELDS, 0))[what] += int(value)
        return {g: Line(user_id, "", f["played"], f["won"], f["points"]) for g, f in total.items()}

    async def has(self, user_id: int) -> bool:
        """Whether the player has figures in any chat."""
        return bool(await self.r.exists(chats_key(user_id)))

    async def forget(self, user_id: int) -> bool:
        """Delete every figure of the player (True: there were some)."""
        chats = [int(c) for c in await self.r.smembers(chats_key(user_id))]
        for chat_id in chats:
            stats = key(chat_id, "stats")
            fields = _decoded(await self.r.hgetall(stats))
            mine = [f for f in fields if f == f"name:{user_id}" or f.split(":")[1:2] == [str(user_id)]]
            if mine:
                await self.r.hdel(stats, *mine)
        await self.r.delete(chats_key(user_id))
        return bool(chats)


def _decoded(raw: Mapping[Any, Any]) -> dict[str, str]:
    def text(v: Any) -> str:
        return v.decode() if isinstance(v, bytes) else str(v)

    return {text(k): text(v) for k, v in raw.items()}


def _lines(fields: Mapping[str, str]) -> dict[str, list[Line]]:
    names = {k[5:]: v for k, v in fields.items() if k.startswith("name:")}
    figures: dict[tuple[str, str], dict[str, int]] = {}
    for name, value in fields.items():
        parts = name.split(":")
        if len(parts) == 3 and parts[0] != "name" and parts[2] in FIELDS and parts[1].lstrip("-").isdigit():
            figures.setdefault((parts[0], parts[1]), dict.fromkeys(FIELDS, 0))[parts[2]] = int(value)
    out: dict[str, list[Line]] = {}
    for (game, user), f in figures.items():
        out.setdefault(game, []).append(
            Line(int(user), names.get(user, user), f["played"], f["won"], f["points"])
        )
    for lines in out.values():
        lines.sort(key=lambda x: (-x.won, x.played, -x.points, x.name))
    return out


# --- what /stats says ----------------------------------------------------------------------


def chat_text(t: Translator, lang: str, by_game: Mapping[str, list[Line]], asker: int) -> str:
    """A group's ``/stats``: each game's top ten, and the asker's own line."""
    if not by_game:
        return t(lang, "stats-none")
    lines = [t(lang, "stats-chat-title")]
    for game in games.names():
        rows = by_game.get(game)
        if not rows:
            continue
        lines += ["", kit.game_title(t, lang, game)]
        for place, row in enumerate(rows[:TOP], 1):
            lines.append(_line(t, lang, place, sizing.shown(row.name), row))
        mine = next((i for i, row in enumerate(rows, 1) if row.user == asker), None)
        if mine is not None and mine > TOP:
            lines.append(_line(t, lang, mine, sizing.shown(rows[mine - 1].name), rows[mine - 1]))
    return "\n".join(lines)


def player_text(t: Translator, lang: str, by_game: Mapping[str, Line]) -> str:
    """A private ``/stats``: the asker's figures in every chat together."""
    if not by_game:
        return t(lang, "stats-none-mine")
    lines = [t(lang, "stats-mine-title")]
    for game in games.names():
        row = by_game.get(game)
        if row is not None:
            lines.append(_line(t, lang, 0, kit.game_label(t, lang, game), row))
    return "\n".join(lines)


def _line(t: Translator, lang: str, place: int, who: str, row: Line) -> str:
    return t(lang, "stats-line", place=place, who=who, played=row.played, won=row.won, points=row.points)
