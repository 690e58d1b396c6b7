"""The GPUs of a local batch: which ones (`--gpus`), which GPU the next worker goes to, the
per-GPU timing lock, and each GPU's health.

Workers are spread over the healthy GPUs least-loaded first (ties round-robin), so no GPU runs
more than ceil(jobs / GPUs) of them. A worker that fails in a way a broken GPU would cause is
followed by a health probe (a fresh process that allocates and synchronises on that GPU): a GPU
that passes it is fine and the failure was the kernel's own; one that fails it has its kernel
restarted on it, and after `gpu_retire_after` such failures in a row it leaves the rotation.
"""

from __future__ import annotations

import logging
import math
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from kagent.batch.plan import GpuEvent, GpuUsage, KernelResult
from kagent.errors import InputError
from kagent.procs import kill_tree

log = logging.getLogger("kagent.batch")

# what a result says when its GPU (not necessarily its kernel) went wrong; the probe decides
GPU_TROUBLE = re.compile(r"CUDA error|illegal memory access|CUDA-capable device|unspecified launch failure|"
                         r"\bXid\b|ECC error|fallen off the bus|GPU is lost|CUDA driver", re.I)

PROBE_SOURCE = ("import torch\n"
                "x = torch.ones(1 << 20, device='cuda')\n"
                "torch.cuda.synchronize()\n"
                "assert int(x.sum().item()) == 1 << 20, 'wrong sum'\n")


def detect_gpus() -> list[str]:
    """GPU ids for CUDA_VISIBLE_DEVICES: the inherited list, else `nvidia-smi -L`, else none."""
    env = os.environ.get("CUDA_VISIBLE_DEVICES")
    if env is not None:
        return [g.strip() for g in env.split(",") if g.strip() and g.strip() != "-1"]
    exe = shutil.which("nvidia-smi")
    if exe is None:
        return []
    try:
        out = subprocess.run([exe, "-L"], capture_output=True, text=True, timeout=20, start_new_session=True)
    except subprocess.TimeoutExpired:
        log.warning("nvidia-smi -L timed out: running without GPU assignment")
        return []
    return [str(i) for i, line in enumerate(out.stdout.splitlines()) if line.startswith("GPU ")]


def select_gpus(spec: str, visible: list[str]) -> list[str]:
    """`--gpus`: "all" (every visible GPU), N (the first N), or positions "0,2,5" in the visible
    list (with CUDA_VISIBLE_DEVICES unset, the GPUs' indices). Raises InputError."""
    spec = spec.strip()
    if spec == "all":
        return list(visible)
    if not visible:
        raise InputError(f"--gpus {spec}: no GPU is visible (CUDA_VISIBLE_DEVICES or nvidia-smi)")
    if spec.isdigit():
        n = int(spec)
        if not 1 <= n <= len(visible):
            raise InputError(f"--gpus {spec}: between 1 and the {len(visible)} visible GPUs")
        return visible[:n]
    try:
        picks = [int(p) for p in spec.split(",")]
    except ValueError:
        raise InputError(f"--gpus {spec!r}: 'all', a count, or positions such as 0,2,5") from None
    bad = [p for p in picks if not 0 <= p < len(visible)]
    if bad or len(set(picks)) != len(picks):
        raise InputError(f"--gpus {spec}: positions must be distinct, 0..{len(visible) - 1} "
                         f"(visible: {','.join(visible)})")
    return [visible[p] for p in picks]


def lock_path(batch_dir: Path, gpu: str) -> Path:
    """The file a worker pinned to `gpu` holds while it times (kagent.verifiers.timing)."""
    return batch_dir / "gpu-locks" / (re.sub(r"[^A-Za-z0-9._-]+", "-", gpu) + ".lock")


def probe_gpu(gpu: str, timeout_s: float = 120.0) -> str | None:
    """None when a fresh process can allocate and compute on `gpu`, else why it cannot."""
    env = dict(os.environ, CUDA_VISIBLE_DEVICES=gpu)
    proc = subprocess.Popen([sys.executable, "-c", PROBE_SOURCE], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        kill_tree(proc.pid)
        proc.wait(timeout=30)
        return f"health probe hung for {timeout_s:.0f} s"
    if proc.returncode != 0:
        lines = out.decode(errors="replace").strip().splitlines()
        return f"health probe failed (exit {proc.returncode}): {lines[-1][:300] if lines else ''}"
    return None


class GpuPool:
    """Which GPU the next worker goes to; each GPU's consecutive failures; the retired ones."""

    def __init__(self, gpus: list[str], jobs: int, retire_after: int) -> None:
        self.gpus = list(gpus)
        self.healthy = list(gpus)
        self.jobs = jobs
        self.retire_after = retire_after
        self.load = {g: 0 for g in gpus}
        self.failures = {g: 0 for g in gpus}
        self.retired: dict[str, str] = {}
        self._next = 0

    def cap(self) -> int:
        return math.ceil(self.jobs / len(self.healthy)) if self.healthy else 0

    def choose(self, prefer: str | None = None) -> str | None:
        """The GPU for the next worker (`prefer` when it is healthy and under its share), None if none is left."""
        if not self.healthy:
            return None
        if prefer in self.healthy and self.load[prefer] < self.cap():
            return prefer
        n = len(self.healthy)
        order = sorted(range(n), key=lambda i: (self.load[self.healthy[i]], (i - self._next) % n))
        i = order[0]
        self._next = (i + 1) % n
        return self.healthy[i]

    def started(self, gpu: str) -> None:
        self.load[gpu] += 1

    def ended(self, gpu: str) -> None:
        self.load[gpu] -= 1

    def ok(self, gpu: str) -> None:
        self.failures[gpu] = 0

    def failed(self, gpu: str, why: str) -> bool:
        """Count a GPU failure; True when it takes the GPU out of the rotation."""
        self.failures[gpu] += 1
        if self.failures[gpu] >= self.retire_after and gpu in self.healthy:
            self.healthy.remove(gpu)
            self.retired[gpu] = why
            return True
        return False


def append_event(batch_dir: Path, event: GpuEvent) -> None:
    with open(batch_dir / "gpus.jsonl", "a") as fh:
        fh.write(event.model_dump_json() + "\n")


def read_events(batch_dir: Path) -> list[GpuEvent]:
    p = batch_dir / "gpus.jsonl"
    if not p.is_file():
        return []
    out = []
    for line in p.read_text().splitlines():
        if line.strip():
            try:
                out.append(GpuEvent.model_validate_json(line))
            except ValueError:  # a line cut short by a kill
                log.warning("gpus.jsonl: unreadable line skipped")
    return out


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


def _busy(intervals: list[tuple[float, float]]) -> float:
    """Length of the union of the intervals."""
    total, end = 0.0, -math.inf
    for a, b in sorted(intervals):
        if b <= end:
            continue
        total += b - max(a, end)
        end = b
    return total


def usage(kernels: list[KernelResult], events: list[GpuEvent], wall_s: float) -> list[GpuUsage]:
    """Per GPU: kernels run, busy time (some worker on it), busy / wall, failures, retirement."""
    ids: list[str] = []
    for k in kernels:
        if k.gpu is not None and k.gpu not in ids:
            ids.append(k.gpu)
    for e in events:
        if e.gpu not in ids:
            ids.append(e.gpu)
    out = []
    for g in sorted(ids, key=lambda x: (not x.isdigit(), int(x) if x.isdigit() else 0, x)):
        mine = [k for k in kernels if k.gpu == g and k.started_at is not None and k.ended_at is not None]
        busy = _busy([(k.started_at, k.ended_at) for k in mine])  # type: ignore[misc]
        evs = [e for e in events if e.gpu == g]
        last_join = max((i for i, e in enumerate(evs) if e.event == "joined"), default=-1)
        retired = [e for e in evs[last_join + 1:] if e.event == "retired"]  # in the latest run
        out.append(GpuUsage(
            gpu=g, kernels=sum(1 for k in kernels if k.gpu == g), busy_s=round(busy, 3),
            utilisation=round(busy / wall_s, 4) if wall_s > 0 else 0.0,
            failures=sum(1 for e in evs if e.event == "failure"),  # over every run
            kernel_faults=sum(1 for e in evs if e.event == "kernel_fault"),
            retired=bool(retired), retired_reason=retired[-1].detail if retired else None))
    return out
