"""How a batch runs its jobs: the Executor protocol and the local executor (`--jobs` worker
processes, `python -m kagent.batch.worker`). Every job ends with a KernelResult: a worker that
crashes gives `error` with its exit status, one that outlives the kernel's time limit (plus a grace
period) is killed with its whole process tree and gives `error`.

On CUDA each worker is pinned to one GPU (CUDA_VISIBLE_DEVICES; kagent.batch.gpus spreads them)
and given that GPU's timing lock ($KAGENT_TIMING_LOCK, honoured by kagent.verifiers.timing): one
kernel times on a GPU at a time. A worker that fails as a broken GPU makes it fail is followed by
a health probe of its GPU; a failed probe restarts the kernel (on the same GPU while it stays in
the rotation), and a GPU that fails `gpu_retire_after` probes in a row leaves the rotation. With
no GPU left, the kernels not yet done end as `error` / `gpu_lost` (run again on a resume).
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

from kagent.batch.gpus import GPU_TROUBLE, GpuPool, append_event, detect_gpus, lock_path, now, select_gpus
from kagent.batch.plan import BatchOptions, GpuEvent, KernelResult
from kagent.batch.worker import COORDINATOR_ENV, Job, load_runner, read_result, result_path, write_json_atomic
from kagent.procs import kill_tree
from kagent.verifiers.timing import TIMING_LOCK_ENV

log = logging.getLogger("kagent.batch")

EventFn = Callable[[str, dict[str, Any]], None]
STATUSES = ("repaired", "already_correct", "cheat", "unrepaired", "error")


class Executor(Protocol):
    def run(self, jobs: list[Job]) -> Iterator[KernelResult]: ...


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
GPU_LOST = "gpu_lost"  # never finished because every GPU left the rotation: run again on resume

__all__ = ["Executor", "LocalExecutor", "detect_gpus", "GPU_LOST", "WORKER_CRASHED", "WORKER_KILLED", "STATUSES"]


def failed_result(job: Job, reason: str, seconds: float, failure_class: str = WORKER_KILLED) -> KernelResult:
    return KernelResult(id=job.kernel.id, input=job.kernel.candidate, reference=job.kernel.reference, status="error",
                        reason=reason, seconds=seconds, starts=job.starts, retries=job.retries, worker=job.worker,
                        failure_class=failure_class)


def gpu_suspect(result: KernelResult) -> bool:
    """Whether the worker failed the way a broken GPU makes it fail (its GPU is then probed)."""
    return result.failure_class in (WORKER_CRASHED, WORKER_KILLED) or bool(GPU_TROUBLE.search(result.reason))


@dataclass
class _Running:
    proc: subprocess.Popen
    logf: IO[bytes]
    job: Job
    t0: float
    started_at: float
    gpu: str | None


class LocalExecutor:
    """`jobs` worker processes on this machine; each kernel in a fresh process (own session),
    pinned to one GPU when there are GPUs. `detect` and `probe` stand in for the machine in tests
    (default: kagent.batch.gpus.detect_gpus and options.gpu_probe)."""

    def __init__(self, options: BatchOptions, batch_dir: Path, on_event: EventFn | None = None,
                 poll_s: float = 0.2, detect: Callable[[], list[str]] | None = None,
                 probe: Callable[[str], str | None] | None = None) -> None:
        self.options = options
        self.batch_dir = batch_dir
        self.on_event = on_event
        self.poll_s = poll_s
        self.gpus = [] if options.device == "cpu" else select_gpus(options.gpus, (detect or detect_gpus)())
        self.pool = GpuPool(self.gpus, options.jobs, options.gpu_retire_after)
        self.probe = probe or (load_runner(options.gpu_probe) if self.gpus else None)
        if self.gpus:
            log.info("workers pinned over GPUs %s (at most %d per GPU)", ",".join(self.gpus), self.pool.cap())

    def _start(self, job: Job, gpu: str | None) -> tuple[subprocess.Popen, Any]:
        kdir = job.kdir
        kdir.mkdir(parents=True, exist_ok=True)
        job_file = kdir / "job.json"
        write_json_atomic(job_file, job.model_dump_json(indent=2))
        env = dict(os.environ, PYTHONUNBUFFERED="1", **{COORDINATOR_ENV: str(os.getpid())})
        for var in ("KAGENT_PATTERNS_DIR", "KAGENT_CACHE_DIR", "KAGENT_DATA_DIR"):  # workers run in the batch dir
            if env.get(var) and not os.path.isabs(env[var]):
                env[var] = os.path.abspath(env[var])
        if gpu is not None:
            env["CUDA_VISIBLE_DEVICES"] = gpu
            lock = lock_path(self.batch_dir, gpu)
            lock.parent.mkdir(parents=True, exist_ok=True)
            env[TIMING_LOCK_ENV] = str(lock)
        logf = open(kdir / "worker.log", "ab")
        proc = subprocess.Popen(
            [sys.executable, "-m", "kagent.batch.worker", str(job_file)],
            stdin=subprocess.DEVNULL, stdout=logf, stderr=logf, env=env, cwd=str(self.batch_dir),
            start_new_session=True,
        )
        return proc, logf

    def _reap(self, r: _Running, rc: int | None, elapsed: float) -> KernelResult:
        job = r.job
        if rc is None:
            kill_tree(r.proc.pid)
            r.proc.wait(timeout=30)
            result = read_result(self.batch_dir, job.kernel.id) or failed_result(
                job, f"worker killed: no result after {elapsed:.0f} s (the kernel's limit is "
                     f"{hard_limit_s(job) - job.options.kill_grace_s:.0f} s + {job.options.kill_grace_s:.0f} s grace)",
                elapsed)
        else:
            kill_tree(r.proc.pid, include_self=False)  # anything it left behind
            result = read_result(self.batch_dir, job.kernel.id)
            if result is None or result.starts != job.starts:
                why = f"signal {signal.Signals(-rc).name}" if rc < 0 else f"exit code {rc}"
                tail = _tail(job.kdir / "worker.log").splitlines()
                result = failed_result(job, f"worker crashed ({why}) before writing a result"
                                       + (f": {tail[-1][:300]}" if tail else ""), elapsed, WORKER_CRASHED)
        r.logf.close()
        return result.model_copy(update={"gpu": r.gpu, "started_at": r.started_at, "ended_at": time.time()})

    def _event(self, gpu: str, event: str, kernel: str | None, detail: str) -> None:
        append_event(self.batch_dir, GpuEvent(time=now(), gpu=gpu, event=event, kernel=kernel,  # type: ignore[arg-type]
                                              detail=detail))
        if self.on_event:
            self.on_event("gpu", {"gpu": gpu, "event": event, "kernel": kernel, "detail": detail})

    def _gpu_failed(self, r: _Running, result: KernelResult) -> bool:
        """After a suspect failure: probe the worker's GPU. True when the GPU (not the kernel) failed."""
        assert r.gpu is not None and self.probe is not None
        why = self.probe(r.gpu)
        if why is None:
            self.pool.ok(r.gpu)
            self._event(r.gpu, "kernel_fault", result.id, f"the GPU passed its probe after: {result.reason[:200]}")
            return False
        log.warning("GPU %s failed its health probe after %s's worker failed: %s", r.gpu, result.id, why)
        self._event(r.gpu, "failure", result.id, why)
        if self.pool.failed(r.gpu, why):
            log.error("GPU %s leaves the rotation after %d failures in a row", r.gpu, self.pool.retire_after)
            self._event(r.gpu, "retired", None, f"{self.pool.retire_after} failed probes in a row; last: {why}")
        return True

    def _lost(self, job: Job) -> KernelResult:
        why = "; ".join(f"{g}: {w}" for g, w in self.pool.retired.items())[:400]
        return failed_result(job, f"no GPU left: every GPU failed its health probe {self.options.gpu_retire_after} "
                                  f"times in a row ({why}); a rerun runs this kernel again", 0.0, GPU_LOST)

    def run(self, jobs: list[Job]) -> Iterator[KernelResult]:
        queue: list[tuple[Job, str | None]] = [(j, None) for j in jobs]  # (job, the GPU to restart it on)
        if jobs:
            for g in self.gpus:
                append_event(self.batch_dir, GpuEvent(time=now(), gpu=g, event="joined"))
        running: dict[int, _Running] = {}
        try:
            while queue or running:
                for slot in range(self.options.jobs):
                    if slot in running or not queue:
                        continue
                    gpu = self.pool.choose(queue[0][1]) if self.gpus else None
                    if self.gpus and gpu is None:
                        break
                    job = queue.pop(0)[0].model_copy(update={"worker": f"local:{slot}"})
                    proc, logf = self._start(job, gpu)
                    if gpu is not None:
                        self.pool.started(gpu)
                    running[slot] = _Running(proc, logf, job, time.monotonic(), time.time(), gpu)
                    if self.on_event:
                        self.on_event("start", {"id": job.kernel.id, "worker": job.worker, "pid": proc.pid, "gpu": gpu})
                for slot, r in list(running.items()):
                    rc = r.proc.poll()
                    elapsed = time.monotonic() - r.t0
                    if rc is None and elapsed <= hard_limit_s(r.job):
                        continue
                    result = self._reap(r, rc, elapsed)
                    del running[slot]
                    if r.gpu is not None:
                        self.pool.ended(r.gpu)
                        if not gpu_suspect(result):
                            self.pool.ok(r.gpu)
                        elif self._gpu_failed(r, result):
                            self._requeue(queue, r, result)
                            continue
                    yield result
                if self.gpus and not self.pool.healthy and not running:
                    while queue:
                        yield self._lost(queue.pop(0)[0])
                if queue or running:
                    time.sleep(self.poll_s)
        finally:
            for r in running.values():
                kill_tree(r.proc.pid)
                r.proc.wait(timeout=30)
                r.logf.close()

    def _requeue(self, queue: list[tuple[Job, str | None]], r: _Running, result: KernelResult) -> None:
        """Start the kernel again (first in line; on its GPU while that GPU is in the rotation); its
        failed result is kept as kernels/<id>/gpu-failed-<start>.json."""
        path = result_path(self.batch_dir, r.job.kernel.id)
        write_json_atomic(path.with_name(f"gpu-failed-{r.job.starts}.json"), result.model_dump_json(indent=2))
        path.unlink(missing_ok=True)
        job = r.job.model_copy(update={"starts": r.job.starts + 1})
        again = r.gpu if r.gpu in self.pool.healthy else None
        if again is not None:
            self._event(again, "restarted", job.kernel.id, f"start {job.starts} on the same GPU")
        queue.insert(0, (job, again))
