"""Loaded by a benchmark's bot worker when ``BENCH_PROFILE`` is set (this folder on
its PYTHONPATH): cProfile of the worker's main thread, its event loop, between
two SIGUSR2 (the bot keeps SIGUSR1 for its own dump of tasks), the statistics
then written to ``$BENCH_PROFILE.<pid>`` (``pstats`` reads them).  The benchmark
sends the two signals around its measurement, so the start and the stop are
left out."""

from __future__ import annotations

import os
import signal
from typing import Any

_FILE = os.environ.get("BENCH_PROFILE")

if _FILE:
    import cProfile

    _profile = cProfile.Profile()
    _on = [False]

    def _toggle(signum: int, frame: Any) -> None:
        if _on[0]:
            _profile.disable()
            _profile.dump_stats(f"{_FILE}.{os.getpid()}")
        else:
            _profile.enable()
        _on[0] = not _on[0]

    signal.signal(signal.SIGUSR2, _toggle)
