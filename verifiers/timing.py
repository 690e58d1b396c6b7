"""CUDA-event timing with an L2 flush before every run; used inside worker processes."""

from __future__ import annotations

import statistics
from typing import Callable

import torch

_L2_FLUSH_BYTES = 256 * 1024 * 1024  # several times the H200's 60 MB L2


def time_cuda(fn: Callable[[], object], runs: int, warmup: int = 3) -> dict[str, float]:
    """Median and spread ((p90-p10)/median) in ms of `fn` on the current CUDA device.

    torch.cuda.synchronize() waits for every stream of the device, so work a candidate hides on a
    side stream is inside the measured interval.
    """
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
