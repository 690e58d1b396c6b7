"""`kagent batch`: many repairs under one shared token budget, in parallel, resumable.

Layer 6: uses the repair API (through kagent.batch_worker) and the shared pool of
kagent.batch_ledger. The batch directory holds everything, written as it goes:

    batch.json            the plan (kernels, options, fingerprint); a rerun with the same inputs resumes
    ledger.json/.lock     the shared token/cost pool (file-locked; kept across resumes)
    kernels/<id>/         job.json, run.json (the repair run, for resume), result.json, worker.log
    runs/                 the repair run directories
    summary.json/.csv, report.html   written at the end (kagent.batch_report)

Executors: `local` runs `--jobs` worker processes (`python -m kagent.batch_worker`), one GPU each
when there are GPUs; `ray` runs the same jobs as Ray tasks (kagent.batch_ray). Every kernel ends
with a status: a worker that crashes gives `error` with its exit status, one that outlives the
kernel's time limit (plus a grace period) is killed with its whole process tree and gives `error`.
"""

from __future__ import annotations

import fcntl
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

from kagent.batch_ledger import POLICY_NAME, POLICY_RULES, FilePool
from kagent.batch_plan import (
    RUNTIME_OPTIONS,
    BatchOptions,
    BatchSummary,
    KernelResult,
    Plan,
    PlannedKernel,
    PolicyReport,
    make_plan,
    plan_changes,
    start_order,
)
from kagent.batch_worker import Job, load_runner, read_result, result_path, write_json_atomic
from kagent.errors import InputError
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


def failed_result(job: Job, reason: str, seconds: float) -> KernelResult:
    return KernelResult(id=job.kernel.id, input=job.kernel.candidate, reference=job.kernel.reference, status="error",
                        reason=reason, seconds=seconds, starts=job.starts, worker=job.worker,
                        failure_class="worker_lost")


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
            [sys.executable, "-m", "kagent.batch_worker", str(job_file)],
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
                                                   + (f": {tail[-1][:300]}" if tail else ""), elapsed)
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


# -- the batch ------------------------------------------------------------------------------------
class _BatchLock:
    """One coordinator per batch directory."""

    def __init__(self, path: Path) -> None:
        self.fh = open(path, "a+")
        try:
            fcntl.flock(self.fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.fh.close()
            raise InputError(f"another kagent batch is running in {path.parent}") from None

    def release(self) -> None:
        fcntl.flock(self.fh, fcntl.LOCK_UN)
        self.fh.close()


def _wait_stale_workers(batch_dir: Path, timeout_s: float = 30.0) -> None:
    """Workers of a killed coordinator take themselves down within a second (die_with_parent);
    wait for each kernel's worker lock so none of them is still writing when the rerun starts."""
    for lock in sorted((batch_dir / "kernels").glob("*/worker.lock")):
        deadline = time.monotonic() + timeout_s
        with open(lock, "a+") as fh:
            while True:
                try:
                    fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    fcntl.flock(fh, fcntl.LOCK_UN)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise InputError(f"a worker of an earlier run still holds {lock}") from None
                    time.sleep(0.2)


def _load_or_write_plan(batch_dir: Path, plan: Plan) -> tuple[Plan, bool]:
    path = batch_dir / "batch.json"
    if path.is_file():
        old = Plan.model_validate_json(path.read_text())
        if old.fingerprint != plan.fingerprint:
            changes = plan_changes(old, plan)
            what = ("; ".join(changes) if changes
                    else "planned by another version of kagent (its fingerprint covers other options)")
            raise InputError(
                f"{batch_dir} holds another batch: {what}. Use another --out, or the batch's own inputs and "
                f"options to resume it (only {', '.join(RUNTIME_OPTIONS)} may change on a resume)")
        runtime = {k: getattr(plan.options, k) for k in RUNTIME_OPTIONS}
        plan = old.model_copy(update={"options": old.options.model_copy(update=runtime)})
        write_json_atomic(path, plan.model_dump_json(indent=2))
        return plan, True
    write_json_atomic(path, plan.model_dump_json(indent=2))
    return plan, False


def _make_executor(options: BatchOptions, batch_dir: Path, on_event: EventFn | None, pool: FilePool) -> Executor:
    if options.executor == "ray":
        from kagent.batch_ray import RayExecutor

        return RayExecutor(options, batch_dir, pool, on_event)
    return LocalExecutor(options, batch_dir, on_event)


def _starts(batch_dir: Path, kid: str) -> int:
    p = batch_dir / "kernels" / kid / "job.json"
    return Job.model_validate_json(p.read_text()).starts + 1 if p.is_file() else 1


def summarize(batch_dir: Path, plan: Plan, pool: FilePool, seconds: float) -> BatchSummary:
    st = pool.state()
    results: list[KernelResult] = []
    for k in plan.kernels:
        r = read_result(batch_dir, k.id)
        if r is not None:  # tokens: what the kernel cost the shared budget (the pool's books)
            acct = st.kernels[k.id]
            results.append(r.model_copy(update={"tokens": acct.spent, "granted": max(acct.granted, acct.spent),
                                                "in_flight_tokens": acct.in_flight}))
    counts = {s: sum(1 for r in results if r.status == s) for s in STATUSES}
    counts["pending"] = len(plan.kernels) - len(results)
    policy = PolicyReport(name=POLICY_NAME, rules=POLICY_RULES, floor_tokens=st.floor_tokens,
                          first_grants=st.first_grants, top_ups=st.top_ups, refusals=st.refusals,
                          returned_tokens=st.returned, in_flight_tokens=st.in_flight_tokens)
    o = plan.options
    return BatchSummary(
        batch_dir=str(batch_dir), complete=len(results) == len(plan.kernels), token_budget=st.token_budget,
        tokens_spent=st.spent, tokens_reserved=st.reserved, tokens_in_flight=st.in_flight_tokens,
        cost_budget_usd=st.cost_budget_usd, cost_spent=st.cost_usd,
        cost_known=st.cost_known, llm_calls=st.calls, executor=o.executor, jobs=o.jobs, model=o.model,
        seconds=round(seconds, 3), counts=counts, policy=policy, kernels=results,
    )


def run_batch(
    inputs: list[str],
    options: BatchOptions,
    out_dir: str | Path | None = None,
    *,
    reference_dir: str | Path | None = None,
    on_event: EventFn | None = None,
) -> BatchSummary:
    """Plan (or resume) the batch in `out_dir`, run every unfinished kernel, write the reports.

    Raises InputError for bad inputs or a batch directory that holds another batch. Interrupted
    (KeyboardInterrupt, SIGTERM), it kills its workers and leaves the state to resume from.
    """
    t0 = time.monotonic()
    fresh = make_plan(inputs, options, reference_dir)
    batch_dir = Path(out_dir or Path("runs") / f"batch-{fresh.fingerprint}").resolve()
    batch_dir.mkdir(parents=True, exist_ok=True)
    lock = _BatchLock(batch_dir / "batch.lock")
    try:
        plan, resumed = _load_or_write_plan(batch_dir, fresh)
        try:
            load_runner(plan.options.runner)  # fail here, not once per kernel in the workers
        except (ImportError, AttributeError) as exc:
            raise InputError(f"runner {plan.options.runner!r} cannot be loaded: {exc}") from exc
        _wait_stale_workers(batch_dir)
        pool = FilePool.create(batch_dir / "ledger.json", plan.options.token_budget, plan.options.cost_budget_usd,
                               [k.id for k in plan.kernels], {k.id: k.spec.token_cap for k in plan.kernels},
                               floor_tokens=plan.options.floor_tokens,
                               no_llm={k.id for k in plan.kernels if (k.spec.model or plan.options.model) == "offline"})
        charged = pool.charge_open_reservations()
        if charged:
            log.warning("charged %d tokens of LLM calls that were in flight when the last run was killed", charged)
        done = {k.id for k in plan.kernels if result_path(batch_dir, k.id).is_file()}
        for kid in done:
            pool.finish(kid)
        todo: list[PlannedKernel] = [k for k in start_order(plan.kernels) if k.id not in done]
        if on_event:
            on_event("plan", {"kernels": len(plan.kernels), "done": len(done), "todo": len(todo), "resumed": resumed,
                              "batch_dir": str(batch_dir), "results": [read_result(batch_dir, k) for k in sorted(done)]})
        jobs = [Job(kernel=k, options=plan.options, batch_dir=str(batch_dir), starts=_starts(batch_dir, k.id))
                for k in todo]
        executor = _make_executor(plan.options, batch_dir, on_event, pool)
        previous = signal.signal(signal.SIGTERM, _raise_interrupt) if _main_thread() else None
        try:
            for result in executor.run(jobs):
                # the worker is gone: a reservation it left is a call in flight when it was killed, charged
                # as spent by pool.finish (after the result is on disk, so a crash here resumes cleanly)
                acct = pool.state().kernels[result.id]
                if acct.reserved:
                    log.warning("%s: charging %d tokens of an LLM call in flight when its worker ended",
                                result.id, acct.reserved)
                result = result.model_copy(update={
                    "tokens": acct.spent + acct.reserved, "granted": max(acct.granted, acct.spent + acct.reserved),
                    "in_flight_tokens": acct.in_flight + acct.reserved})
                write_json_atomic(result_path(batch_dir, result.id), result.model_dump_json(indent=2))
                pool.finish(result.id)
                if on_event:
                    on_event("done", {"result": result})
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        summary = summarize(batch_dir, plan, pool, time.monotonic() - t0)
        from kagent.batch_report import write_reports

        write_reports(summary, batch_dir)
        return summary
    finally:
        lock.release()


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")
