"""`kagent batch`: many repairs under one shared token budget, in parallel, resumable.

Uses the repair API (through kagent.batch.worker) and the shared pool of
kagent.batch.ledger. The batch directory holds everything, written as it goes:

    batch.json            the plan (kernels, options, fingerprint); a rerun with the same inputs resumes
    ledger.json/.lock     the shared token/cost pool (file-locked; kept across resumes)
    kernels/<id>/         job.json, run.json (the repair run, for resume), result.json, worker.log
    runs/                 the repair run directories
    summary.json/.csv, report.html   written at the end (kagent.batch.report)

Executors: `local` (kagent.batch.executor) runs `--jobs` worker processes; `ray` runs the same jobs
as Ray tasks (kagent.batch.ray). Every kernel ends with a status.
"""

from __future__ import annotations

import fcntl
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

from kagent.batch.ledger import POLICY_NAME, POLICY_RULES, FilePool
from kagent.batch.plan import (
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
from kagent.batch import history
from kagent.batch.executor import GPU_LOST, STATUSES, WORKER_CRASHED, EventFn, Executor, LocalExecutor
from kagent.batch.gpus import read_events, usage
from kagent.batch.worker import Job, load_runner, read_result, result_path, write_json_atomic
from kagent.errors import InputError

log = logging.getLogger("kagent.batch")

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
        from kagent.batch.ray import RayExecutor

        return RayExecutor(options, batch_dir, pool, on_event)
    return LocalExecutor(options, batch_dir, on_event)


def _starts(batch_dir: Path, kid: str) -> int:
    p = batch_dir / "kernels" / kid / "job.json"
    return Job.model_validate_json(p.read_text()).starts + 1 if p.is_file() else 1


def _finished_and_retried(batch_dir: Path, plan: Plan, pool: FilePool) -> tuple[set[str], dict[str, int]]:
    """The kernels that have their result, and those to start again (id -> retry number): a kernel
    whose worker crashed (died without writing a result) is retried up to options.crash_retries
    times; its crashed result is kept as kernels/<id>/crashed-<n>.json and its pool account reopened."""
    done: set[str] = set()
    retries: dict[str, int] = {}
    for k in plan.kernels:
        path = result_path(batch_dir, k.id)
        try:
            r = read_result(batch_dir, k.id)
        except ValueError as exc:  # written atomically, so only a foreign edit does this
            log.warning("%s: unreadable result (%s): the kernel runs again", k.id, exc)
            path.rename(path.with_name(f"result.unreadable-{int(time.time())}.json"))
            continue
        if r is None:
            continue
        if r.status == "error" and r.failure_class == GPU_LOST:  # it never ran to its end: not a retry
            os.replace(path, path.with_name(f"gpu-lost-{r.starts}.json"))
            pool.reopen(k.id)
            log.warning("%s: it found no GPU left last time; running it again", k.id)
            continue
        if r.status == "error" and r.failure_class == WORKER_CRASHED and r.retries < plan.options.crash_retries:
            n = r.retries + 1
            os.replace(path, path.with_name(f"crashed-{n}.json"))
            pool.reopen(k.id)
            retries[k.id] = n
            log.warning("%s: its worker crashed (%s); retrying it (%d of at most %d)", k.id, r.reason, n,
                        plan.options.crash_retries)
            continue
        done.add(k.id)
    return done, retries


def summarize(batch_dir: Path, plan: Plan, pool: FilePool, seconds: float) -> BatchSummary:
    """The batch as a whole: every kernel's result, the pool's books, and every invocation's
    record (`seconds` is this invocation's wall time; the summary's is the sum of all)."""
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
    invocations = history.read_all(batch_dir)
    policy = PolicyReport(name=POLICY_NAME, rules=POLICY_RULES, floor_tokens=st.floor_tokens,
                          first_grants=st.first_grants, top_ups=st.top_ups, refusals=st.refusals,
                          returned_tokens=st.returned, in_flight_tokens=st.in_flight_tokens)
    o = plan.options
    total_s = round(sum(i.seconds for i in invocations), 3) if invocations else round(seconds, 3)
    gpu_events = read_events(batch_dir)
    return BatchSummary(
        batch_dir=str(batch_dir), complete=len(results) == len(plan.kernels), token_budget=st.token_budget,
        tokens_spent=st.spent, tokens_reserved=st.reserved, tokens_in_flight=st.in_flight_tokens,
        cost_budget_usd=st.cost_budget_usd, cost_spent=st.cost_usd,
        cost_known=st.cost_known, llm_calls=st.calls, executor=o.executor, jobs=o.jobs, model=o.model,
        seconds=total_s,
        invocation_seconds=round(seconds, 3), resumes=max(0, len(invocations) - 1), invocations=invocations,
        counts=counts, policy=policy, kernels=results, gpus=usage(results, gpu_events, total_s),
        gpu_events=gpu_events,
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
        done, retries = _finished_and_retried(batch_dir, plan, pool)
        for kid in done:
            pool.finish(kid)
        todo: list[PlannedKernel] = [k for k in start_order(plan.kernels) if k.id not in done]
        if on_event:
            on_event("plan", {"kernels": len(plan.kernels), "done": len(done), "todo": len(todo), "resumed": resumed,
                              "batch_dir": str(batch_dir), "results": [read_result(batch_dir, k) for k in sorted(done)]})
        jobs = [Job(kernel=k, options=plan.options, batch_dir=str(batch_dir), starts=_starts(batch_dir, k.id),
                    retries=retries.get(k.id, 0)) for k in todo]
        record = history.History(batch_dir, resumed=resumed, todo=len(todo), retried=sorted(retries))
        executor = _make_executor(plan.options, batch_dir, on_event, pool)
        previous = signal.signal(signal.SIGTERM, _raise_interrupt) if _main_thread() else None
        outcome = "interrupted"
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
                    "in_flight_tokens": acct.in_flight + acct.reserved, "retries": retries.get(result.id, 0)})
                write_json_atomic(result_path(batch_dir, result.id), result.model_dump_json(indent=2))
                pool.finish(result.id)
                record.finished(result.id)
                if on_event:
                    on_event("done", {"result": result})
            outcome = "complete" if all(result_path(batch_dir, k.id).is_file() for k in plan.kernels) else "incomplete"
        finally:
            record.end(outcome)
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        summary = summarize(batch_dir, plan, pool, time.monotonic() - t0)
        from kagent.batch.report import write_reports

        write_reports(summary, batch_dir)
        return summary
    finally:
        lock.release()


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")
