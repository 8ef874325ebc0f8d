"""The soak's short run, in the suite (issue 47, item 2): a table of every game (and one whose
people see their hands in the group) on two webhook workers sharing one Redis, through half
a minute of faults overlapping at random, every kind at least once; then, within the heal
window, everything holds again (``tests.soak.harness``).  The long run, with a polling worker
too and a Redis Cluster's failover, is by hand: ``python -m tests.soak`` (docs/operations.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.soak.harness import FAULTS, Config, soak

SHORT = Config(
    faults_for=30.0,
    warmup=12.0,
    heal=20.0,
    tables=1,
    webhook_workers=2,
    polling_workers=0,
    fault_gap=1.5,
    longest_flood=10.0,
    seed=47,
)


@pytest.mark.soak
async def test_a_short_soak_holds_after_overlapping_faults(redis_url: str, tmp_path: Path) -> None:
    report = await soak(SHORT, redis_urls=[redis_url], data=tmp_path)
    assert report.violations == [], report.summary()
    # and it was a soak: every fault made (a Redis failover needs a cluster), games played
    # through them, and people pressing outside the outages too
    made = set(report.faults)
    assert made >= set(FAULTS) - {"failover"}, report.summary()
    assert report.games_started >= report.tables, report.summary()
    assert report.presses - report.presses_in_outages >= 100, report.summary()
    assert report.hits["outage"] and report.hits["flood"], report.summary()
