"""How a batch runs its jobs: the Executor protocol and the local executor (`--jobs` worker
processes, `python -m kagent.batch.worker`, one GPU each when there are GPUs). Every job ends with
a KernelResult: a worker that crashes gives `error` with its exit status, one that outlives the
kernel's time limit (plus a grace period) is killed with its whole process tree and gives `error`.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from kagent.batch.plan import BatchOptions, KernelResult
from kagent.batch.worker import Job, read_result, write_json_atomic
from kagent.procs import kill_tree

log = logging.getLogger("kagent.batch")

EventFn = Callable[[str, dict[str, Any]], None]
STATUSES = ("repaired", "already_correct", "cheat", "unrepaired", "error")


class Executor(Protocol):
    def run(self, jobs: list[Job]) -> Iterator[KernelResult]: ...


# -- GPUs ---------------------------------------------------------------------------------------
def detect_gpus() -> list[str]:
    """GPU ids for CUDA_VISIBLE_DEVICES: the inherited list, else `nvidia-smi -L`, else none."""
    env = os.environ.get("CUDA_VISIBLE_DEVICES")
    if env is not None:
        return [g for g in env.split(",") if g.strip() and g.strip() != "-1"]
    exe = shutil.which("nvidia-smi")
    if exe is None:
        return []
    try:
        out = subprocess.run([exe, "-L"], capture_output=True, text=True, timeout=20, start_new_session=True)
    except subprocess.TimeoutExpired:
        log.warning("nvidia-smi -L timed out: running without GPU assignment")
        return []
    return [str(i) for i, line in enumerate(out.stdout.splitlines()) if line.startswith("GPU ")]


# -- the local executor -------------------------------------------------------------------------
def _tail(path: Path, limit: int = 600) -> str:
    if not path.is_file():
        return ""
    text = path.read_text(errors="replace").strip()
    return text[-limit:]


def hard_limit_s(job: Job) -> float:
    return (job.kernel.spec.timeout_s or job.options.kernel_timeout_s) + job.options.kill_grace_s


WORKER_CRASHED = "worker_crashed"  # died without a result: retried on resume (BatchOptions.crash_retries)
WORKER_KILLED = "worker_lost"  # killed by the batch after the kernel's time limit: not retried


def failed_result(job: Job, reason: str, seconds: float, failure_class: str = WORKER_KILLED) -> KernelResult:
    return KernelResult(id=job.kernel.id, input=job.kernel.candidate, reference=job.kernel.reference, status="error",
                        reason=reason, seconds=seconds, starts=job.starts, retries=job.retries, worker=job.worker,
                        failure_class=failure_class)


class LocalExecutor:
    """`jobs` worker processes on this machine; each kernel in a fresh process (own session)."""

    def __init__(self, options: BatchOptions, batch_dir: Path, on_event: EventFn | None = None,
                 poll_s: float = 0.2) -> None:
        self.options = options
        self.batch_dir = batch_dir
        self.on_event = on_event
        self.poll_s = poll_s
        self.gpus = options.gpus if options.gpus is not None else (detect_gpus() if options.device != "cpu" else [])

    def _start(self, job: Job, slot: int) -> tuple[subprocess.Popen, Any]:
        kdir = job.kdir
        kdir.mkdir(parents=True, exist_ok=True)
        job_file = kdir / "job.json"
        write_json_atomic(job_file, job.model_dump_json(indent=2))
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        for var in ("KAGENT_PATTERNS_DIR", "KAGENT_CACHE_DIR", "KAGENT_DATA_DIR"):  # workers run in the batch dir
            if env.get(var) and not os.path.isabs(env[var]):
                env[var] = os.path.abspath(env[var])
        if self.gpus:
            env["CUDA_VISIBLE_DEVICES"] = self.gpus[slot % len(self.gpus)]
        logf = open(kdir / "worker.log", "ab")
        proc = subprocess.Popen(
            [sys.executable, "-m", "kagent.batch.worker", str(job_file)],
            stdin=subprocess.DEVNULL, stdout=logf, stderr=logf, env=env, cwd=str(self.batch_dir),
            start_new_session=True,
        )
        return proc, logf

    def run(self, jobs: list[Job]) -> Iterator[KernelResult]:
        queue = list(jobs)
        running: dict[int, tuple[subprocess.Popen, Any, Job, float]] = {}
        try:
            while queue or running:
                for slot in range(self.options.jobs):
                    if slot not in running and queue:
                        job = queue.pop(0).model_copy(update={"worker": f"local:{slot}"})
                        proc, logf = self._start(job, slot)
                        running[slot] = (proc, logf, job, time.monotonic())
                        if self.on_event:
                            self.on_event("start", {"id": job.kernel.id, "worker": job.worker, "pid": proc.pid})
                for slot, (proc, logf, job, t0) in list(running.items()):
                    rc = proc.poll()
                    elapsed = time.monotonic() - t0
                    if rc is None and elapsed <= hard_limit_s(job):
                        continue
                    if rc is None:
                        kill_tree(proc.pid)
                        proc.wait(timeout=30)
                        result = read_result(self.batch_dir, job.kernel.id) or failed_result(
                            job, f"worker killed: no result after {elapsed:.0f} s (the kernel's limit is "
                                 f"{hard_limit_s(job) - job.options.kill_grace_s:.0f} s + {job.options.kill_grace_s:.0f} s grace)",
                            elapsed)
                    else:
                        kill_tree(proc.pid, include_self=False)  # anything it left behind
                        result = read_result(self.batch_dir, job.kernel.id)
                        if result is None or result.starts != job.starts:
                            why = f"signal {signal.Signals(-rc).name}" if rc < 0 else f"exit code {rc}"
                            tail = _tail(job.kdir / "worker.log").splitlines()
                            result = failed_result(job, f"worker crashed ({why}) before writing a result"
                                                   + (f": {tail[-1][:300]}" if tail else ""), elapsed,
                                                   WORKER_CRASHED)
                    logf.close()
                    del running[slot]
                    yield result
                if queue or running:
                    time.sleep(self.poll_s)
        finally:
            for proc, logf, job, _ in running.values():
                kill_tree(proc.pid)
                proc.wait(timeout=30)
                logf.close()
