"""Computer players at the table (``engine.players``): their seats, and their moves.

A computer seat is a member with a ``level``; its id lies above any Telegram
user's, so it can never be pressed for or written to.  It gets no private
messages: it is given its view and its legal actions, as a person is shown
theirs, and chooses.

When a change leaves a computer something to do (its turn, a prompt, a
reaction it may make, a race), it is given a time to act — the level's
human-like delay, never less than ``MIN_DELAY_MS`` (a person must be able to
read the board first) — kept in the session, per state (``Turn``): the chat's
timer in Redis wakes for it like for any deadline, and the move is applied
by the timer's change, through the same transaction as a press (exactly
once, whichever worker claims the timer, and across a restart).  A new state
draws new times; a computer that lets a moment pass (``choose`` → None) waits
for the next.

A search takes up to a few hundred ms of CPU: it runs in a pool of worker
processes (``COMPUTER_PROCESSES``), given the view and the legal actions, so
the bot's own process goes on answering presses meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import metrics
from bot.session import Member, Session, Turn
from engine import players
from engine.core import AnyGame, Leave, Moves
from engine.players import coach

COMPUTER_BASE = 2**53  # computer seats' ids: above any Telegram user's (52 bits)
MIN_DELAY_MS = 1_500  # never faster than a person could read the board
LEVELS = ("easy", "hard")
NAMES = 8  # computer-name-1 … computer-name-8 in each language

log = logging.getLogger(__name__)
_QUIET_TRACKER = "ignore::UserWarning:multiprocessing.resource_tracker"


class Thinkers:
    """Where searches run: ``processes`` worker processes, started at the first
    one (0: a thread of this process).  A pool that breaks (a worker killed) is
    replaced, and the search that met it runs in a thread instead."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def _get(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # nothing of the bot's loop or sockets
            if _QUIET_TRACKER not in sys.warnoptions:  # after a kill -9 it cleans up, and need not say so
                sys.warnoptions.append(_QUIET_TRACKER)
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_worker)
        return self._pool

    async def choose(self, game: str, level: str, view: Any, legal: Any, rng: random.Random) -> Any:
        """A computer player's decision (in a worker process, else a thread), timed for /metrics."""
        started = time.perf_counter()
        try:
            return await self._choose(game, level, view, legal, rng)
        finally:
            metrics.COMPUTER_SECONDS.labels(game, level).observe(time.perf_counter() - started)

    async def _choose(self, game: str, level: str, view: Any, legal: Any, rng: random.Random) -> Any:
        if self.processes > 0:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._get(), _choose, game, level, view, legal, rng)
            except BrokenProcessPool:
                log.warning("a computer players' process ended; starting a new pool")
                self.close()
        return await asyncio.to_thread(_choose, game, level, view, legal, rng)

    async def hint(self, game: str, view: Any, legal: Any, rng: random.Random) -> coach.Hint:
        """The coach's hint for a person (``engine.players.coach``): the expert's search,
        run where a computer player's runs, timed like one."""
        started = time.perf_counter()
        try:
            if self.processes > 0:
                loop = asyncio.get_running_loop()
                try:
                    return await loop.run_in_executor(self._get(), _hint, game, view, legal, rng)
                except BrokenProcessPool:
                    log.warning("a computer players' process ended; starting a new pool")
                    self.close()
            return await asyncio.to_thread(_hint, game, view, legal, rng)
        finally:
            metrics.COMPUTER_SECONDS.labels(game, "hint").observe(time.perf_counter() - started)

    def close(self, wait: bool = False) -> None:
        """Let the pool go (``wait``: until its processes ended — at exit, or
        Python's own exit hook races the pool's closing pipe and prints a
        traceback on the operator's terminal: "Bad file descriptor")."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)


def _worker() -> None:
    """A search process: Ctrl-C in the operator's terminal is the bot's to handle,
    and it ends with the bot however the bot ends (a kill -9 included)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_orphaned, args=(os.getppid(),), daemon=True).start()


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _choose(game: str, level: str, view: Any, legal: Any, rng: random.Random) -> Any:
    return players.get(game, level).choose(view, legal, rng)


def _hint(game: str, view: Any, legal: Any, rng: random.Random) -> coach.Hint:
    return coach.hint(game, view, legal, rng)


THINKERS = Thinkers()


def is_computer(player: int) -> bool:
    return player >= COMPUTER_BASE


def seat(session: Session, level: str, name: str) -> Member:
    """A new computer member of ``session`` (its name in the chat's language)."""
    taken = {m.id for m in session.members}
    k = next(k for k in range(1, 10_000) if COMPUTER_BASE + k not in taken)
    return Member(id=COMPUTER_BASE + k, name=name, level=level)


def free_name(session: Session, names: list[str]) -> str:
    """The first of ``names`` no member has (then the first, numbered)."""
    used = {m.name for m in session.members}
    for n in names:
        if n not in used:
            return n
    return f"{names[0]} {len(session.members) + 1}"


def _can_act(legal: Any) -> bool:
    """Whether ``legal`` offers something besides walking out."""
    if isinstance(legal, Moves):
        if legal.answers:
            return True
        legal = legal.plain
    return any(not isinstance(a, Leave) for a in legal)


def _rng(session: Session, player: int, seq: int, what: str = "") -> random.Random:
    """The same game, seat and moment: the same delay and the same choice (a replay
    of the change after a lost race decides alike); ``what``: another purpose's own
    draw (a person's hint)."""
    return random.Random(zlib.crc32(f"{session.game_id}:{player}:{seq}{what}".encode()))


def hint_rng(session: Session, player: int, seq: int) -> random.Random:
    """A hint's draw: the same hand at the same moment, the same hint."""
    return _rng(session, player, seq, ":hint")


def plan(session: Session, game: AnyGame, now: int, state: Any = None) -> None:
    """After a change: each computer that may act in this state (the session's,
    unless given) gets its time; one planned for this state keeps it."""
    state = session.state if state is None else state
    if session.status != "playing" or state is None:
        if session.computers:
            session.computers = {}
        return
    seq = state.seq
    planned: dict[int, Turn] = {}
    for m in session.members:
        if m.level is None:
            continue
        kept = session.computers.get(m.id)
        if kept is not None and kept.seq == seq:
            planned[m.id] = kept
            continue
        if not _can_act(game.legal(state, m.id)):
            continue
        player = players.get(session.game, m.level)
        delay = player.delay_ms(game.view(state, m.id), _rng(session, m.id, seq))
        planned[m.id] = Turn(seq=seq, due=now + max(MIN_DELAY_MS, delay))
    if planned != session.computers:  # (unchanged: the same object, nothing to save)
        session.computers = planned


def due(session: Session, game: AnyGame | None = None) -> int | None:
    """When the next computer acts (None: none has anything to do).  With ``game``:
    a computer that may act in the session's state but has no time planned for it
    (a state stored without one) makes it 0, "at once": the timer's change plans it."""
    planned = min((t.due for t in session.computers.values() if t.due is not None), default=None)
    state = session.state
    if game is None or state is None or session.status != "playing":
        return planned
    for m in session.computer_seats:
        kept = session.computers.get(m.id)
        if (kept is None or kept.seq != state.seq) and _can_act(game.legal(state, m.id)):
            return 0
    return planned


async def take(session: Session, game: AnyGame, state: Any, now: int) -> tuple[int, Any] | None:
    """The first computer whose time has come and what it does in ``state``; one
    that lets this moment pass is noted so (it waits for the next state); the
    search runs in ``THINKERS``."""
    members = {m.id: m for m in session.members}
    for player, turn in sorted(session.computers.items(), key=lambda x: x[1].due or 0):
        member = members.get(player)
        if turn.due is None or turn.due > now or member is None or member.level is None:
            continue
        if turn.seq != state.seq:
            continue  # time moved the game on first: the next plan decides again
        legal = game.legal(state, player)
        action = None
        if _can_act(legal):
            view, rng = game.view(state, player), _rng(session, player, turn.seq)
            action = await THINKERS.choose(session.game, member.level, view, legal, rng)
        if action is None or isinstance(action, Leave):
            session.computers = {**session.computers, player: Turn(seq=turn.seq, due=None)}
            continue
        return player, action
    return None
