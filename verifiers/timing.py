"""CUDA-event timing with an L2 flush before every run; used inside worker processes.

When $KAGENT_TIMING_LOCK names a file (`kagent batch` gives one per GPU to the workers it pins to
that GPU), the timed section runs under an exclusive flock on it: one kernel times on a GPU at a
time, while verification on the same GPU may overlap.
"""

from __future__ import annotations

import fcntl
import os
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Callable

TIMING_LOCK_ENV = "KAGENT_TIMING_LOCK"


@contextmanager
def timing_lock() -> Iterator[None]:
    """Hold $KAGENT_TIMING_LOCK (exclusive flock) for the block; a no-op when it is unset."""
    path = os.environ.get(TIMING_LOCK_ENV)
    if not path:
        yield
        return
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)  # released by the kernel too if this process dies
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def timing_lock_env() -> dict[str, str]:
    """$KAGENT_TIMING_LOCK for a sandboxed worker's environment (the sandbox passes only what it is given)."""
    path = os.environ.get(TIMING_LOCK_ENV)
    return {TIMING_LOCK_ENV: path} if path else {}

_L2_FLUSH_BYTES = 256 * 1024 * 1024  # several times the H200's 60 MB L2


def time_cuda(fn: Callable[[], object], runs: int, warmup: int = 3) -> dict[str, float]:
    """Median and spread ((p90-p10)/median) in ms of `fn` on the current CUDA device.

    torch.cuda.synchronize() waits for every stream of the device, so work a candidate hides on a
    side stream is inside the measured interval.
    """
    with timing_lock():
        return _time_cuda(fn, runs, warmup)


def _time_cuda(fn: Callable[[], object], runs: int, warmup: int) -> dict[str, float]:
    import torch

    flush = torch.empty(_L2_FLUSH_BYTES // 4, dtype=torch.int32, device="cuda")
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        flush.zero_()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        torch.cuda.synchronize()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    med = statistics.median(times)
    p10, p90 = times[len(times) // 10], times[(len(times) * 9) // 10 - (1 if len(times) >= 10 else 0)]
    return {"median_ms": med, "spread": (p90 - p10) / med if med > 0 else 0.0, "runs": float(runs)}
