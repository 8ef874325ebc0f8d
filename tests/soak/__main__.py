"""The long soak, by hand: ``python -m tests.soak --help``.  Prints the report; exits 1 on
any violation."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from tests.soak.harness import FAULTS, GAMES, HEAL, Config, soak


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.soak", description=__doc__)
    ap.add_argument("--minutes", type=float, default=10.0, help="of faults (after the warm-up)")
    ap.add_argument("--warmup", type=float, default=30.0, help="seconds of play before the faults")
    ap.add_argument("--heal", type=float, default=HEAL, help="seconds for everything to hold again")
    ap.add_argument("--tables", type=int, default=2, help="tables of each game on each deployment")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--webhook-workers", type=int, default=2)
    ap.add_argument("--polling-workers", type=int, default=1)
    ap.add_argument("--faults", default=",".join(FAULTS))
    ap.add_argument("--fault-gap", type=float, default=3.0, help="mean seconds between faults")
    ap.add_argument("--longest-flood", type=float, default=120.0, help="seconds")
    ap.add_argument("--redis", choices=("single", "cluster"), default="single")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", type=Path, help="keep the workers' logs and Redis files here")
    ap.add_argument("--json", type=Path, help="also write the report here")
    a = ap.parse_args()
    config = Config(
        faults_for=a.minutes * 60,
        warmup=a.warmup,
        heal=a.heal,
        tables=a.tables,
        games=tuple(a.games.split(",")),
        webhook_workers=a.webhook_workers,
        polling_workers=a.polling_workers,
        faults=tuple(a.faults.split(",")),
        fault_gap=a.fault_gap,
        longest_flood=a.longest_flood,
        seed=a.seed,
        cluster=a.redis == "cluster",
    )
    report = asyncio.run(soak(config, data=a.keep))
    print(report.summary())
    if a.json:
        a.json.write_text(json.dumps(report.__dict__, default=list, indent=1))
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
