"""One kernel of a batch, in a worker: `python -m kagent.batch.worker JOB.json` (local executor) or
called in a Ray task. Runs (or resumes) the kernel's repair against the shared pool and writes its
KernelResult to kernels/<id>/result.json. Logs go to stderr; nothing is printed.

"""

from __future__ import annotations

import fcntl
import importlib
import json
import logging
import os
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from kagent.batch.ledger import FilePool, KernelLedger, PoolClient, model_prices
from kagent.batch.plan import BatchOptions, KernelResult, PlannedKernel
from kagent.config import VerifyConfig
from kagent import log as klog
from kagent.errors import InputError, KagentError, ReferenceFailed
from kagent.procs import die_with_parent, usable_cores
from kagent.repair.run import repair
from kagent.repair.state import RepairConfig, RepairSummary

log = logging.getLogger("kagent.batch.worker")

Runner = Callable[["Job", PoolClient], KernelResult]

COORDINATOR_ENV = "KAGENT_BATCH_COORDINATOR"  # the pid of the process that started this worker (LocalExecutor)
NO_LLM_ROUTES = ("pass", "cheat", "far_miss", "unsupported")  # triage routes that end a repair without the LLM


class Job(BaseModel):
    """What a worker gets: the kernel, the batch options, where the batch lives."""

    model_config = ConfigDict(extra="forbid")

    kernel: PlannedKernel
    options: BatchOptions
    batch_dir: str
    starts: int = 1
    retries: int = 0
    worker: str = ""
    candidate_source: str | None = None  # for workers on other machines (Ray)
    reference_source: str | None = None

    @property
    def kdir(self) -> Path:
        return Path(self.batch_dir) / "kernels" / self.kernel.id


def write_json_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def result_path(batch_dir: str | Path, kid: str) -> Path:
    return Path(batch_dir) / "kernels" / kid / "result.json"


def read_result(batch_dir: str | Path, kid: str) -> KernelResult | None:
    p = result_path(batch_dir, kid)
    return KernelResult.model_validate_json(p.read_text()) if p.is_file() else None


def load_runner(spec: str) -> Runner:
    mod, _, fn = spec.partition(":")
    if not fn:
        raise InputError(f"runner must be module:function, not {spec!r}")
    return getattr(importlib.import_module(mod), fn)


# -- the repair of one kernel ----------------------------------------------------------------
def _configs(job: Job) -> tuple[RepairConfig, VerifyConfig]:
    o, s = job.options, job.kernel.spec
    r = {**o.repair.model_dump(), **s.repair, "model": s.model or o.model}
    attempts = s.max_attempts if s.max_attempts is not None else o.max_attempts
    if attempts is not None:
        r["max_attempts"] = attempts
    r["timeout_s"] = s.timeout_s or o.kernel_timeout_s
    r["token_budget"] = None  # the pool is the budget
    r["cost_budget_usd"] = o.cost_budget_usd
    if o.device != "auto":
        r["device"] = o.device
    if not r.get("screen_workers"):  # kernels repaired side by side share the cores
        r["screen_workers"] = max(1, min(4, usable_cores() // max(1, o.jobs)))
    v = {**o.verify.model_dump(), **s.verify}
    if o.device != "auto" and v.get("device", "auto") == "auto":
        v["device"] = o.device
    return RepairConfig.model_validate(r), VerifyConfig.model_validate(v)


def _first_verdict(run_dir: Path) -> str | None:
    p = run_dir / "candidates" / "0" / "report.json"
    if not p.is_file():
        return None
    rep = json.loads(p.read_text())
    return rep.get("failure_class") or rep.get("verdict")


def _best_diff(run_dir: Path, summary: RepairSummary) -> str | None:
    """The diff of the repaired (else the best) candidate against the original, when it has one."""
    if summary.best_index is None or summary.best_index < 1:
        return None
    p = run_dir / "candidates" / str(summary.best_index) / "diff.patch"
    return str(p) if p.is_file() else None


def _materialise(job: Job) -> tuple[str, str | None]:
    """The candidate and reference paths, written into the batch dir when this machine lacks them."""
    cand, ref = job.kernel.candidate, job.kernel.reference
    inputs = job.kdir / "inputs"
    if not Path(cand).is_file() and job.candidate_source is not None:
        inputs.mkdir(parents=True, exist_ok=True)
        (inputs / Path(cand).name).write_text(job.candidate_source)
        cand = str(inputs / Path(cand).name)
    if ref and not Path(ref).is_file() and job.reference_source is not None:
        inputs.mkdir(parents=True, exist_ok=True)
        (inputs / ("ref_" + Path(ref).name)).write_text(job.reference_source)
        ref = str(inputs / ("ref_" + Path(ref).name))
    return cand, ref


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


class LockedStore:
    """The pattern store shared by the batch's workers: every call under one cross-process lock
    (Chroma's local store is not written safely by several processes at once)."""

    def __init__(self, store: Any, lock: Path) -> None:
        self._store, self._lock = store, lock

    def retrieve(self, *a: Any, **kw: Any) -> Any:
        with _file_lock(self._lock):
            return self._store.retrieve(*a, **kw)

    def record_outcome(self, *a: Any, **kw: Any) -> Any:
        with _file_lock(self._lock):
            return self._store.record_outcome(*a, **kw)

    def learn(self, *a: Any, **kw: Any) -> Any:
        with _file_lock(self._lock):
            return self._store.learn(*a, **kw)

    def all(self) -> Any:
        return self._store.all()


def _patterns(job: Job) -> tuple[Any, Any, frozenset[str] | None]:
    """The shared store (locked for writes), the engine's fixes, and None for the fixable classes
    (the graph's triage decides them for the backend it detects); frozenset() without a library."""
    try:
        from kagent.patterns.engine import candidate_fixes
        from kagent.patterns.store import PatternStore, default_store_dir
    except ImportError as exc:
        log.warning("pattern library unavailable (%s)", exc)
        return None, None, frozenset()
    where = Path(job.options.patterns_dir) if job.options.patterns_dir else default_store_dir()
    lock = where / ".kagent-batch.lock"
    with _file_lock(lock):
        store = PatternStore.open(where)
    return LockedStore(store, lock), candidate_fixes, None


def run_job(job: Job, pool: PoolClient) -> KernelResult:
    """Repair (or resume) one kernel against the pool; every outcome is a KernelResult."""
    t0 = time.monotonic()
    k = job.kernel
    base = dict(id=k.id, input=k.candidate, reference=k.reference, starts=job.starts, retries=job.retries,
                worker=job.worker)
    run_file = job.kdir / "run.json"
    try:
        cfg, vcfg = _configs(job)
        cand, ref = _materialise(job)
        prices = None
        if cfg.cost_budget_usd is not None and cfg.model != "offline":  # priced at plan time (batch_plan._check_prices)
            prices = model_prices(cfg.price_model or cfg.model)
        ledger = KernelLedger(pool, k.id, prices=prices)
        store, fixes, known = _patterns(job)
        if cfg.model != "offline":
            known = None
        seen: dict[str, Any] = {}

        def on_event(event: str, data: dict[str, Any]) -> None:
            if event == "ingest" and "run_dir" in data and not seen:
                seen["run_dir"] = data["run_dir"]
                write_json_atomic(run_file, json.dumps({"run_dir": data["run_dir"]}))
            elif event == "triage" and data.get("route") in NO_LLM_ROUTES:
                pool.mark_no_llm(k.id)  # it ends without the debug agent: the pool holds nothing back for it

        common = dict(ledger=ledger, patterns=store, candidate_fixes=fixes, known_classes=known, on_event=on_event)
        prior = json.loads(run_file.read_text())["run_dir"] if run_file.is_file() else None
        summary: RepairSummary | None = None
        if prior and (Path(prior) / "config.json").is_file():
            log.info("%s: resuming run %s", k.id, prior)
            seen["run_dir"] = prior
            try:
                summary = repair(resume=prior, **common)
            except RuntimeError as exc:  # killed before the graph's first checkpoint: nothing to resume
                log.warning("%s: run %s cannot be resumed (%s); starting it again", k.id, prior, exc)
                seen.clear()
        if summary is None:
            summary = repair(cand, ref, config=cfg, verify_config=vcfg, runs_dir=Path(job.batch_dir) / "runs", **common)
        run_dir = Path(summary.run_dir)
        return KernelResult(
            **base, status=summary.status, reason=summary.reason, tokens=summary.tokens,
            prompt_tokens=summary.prompt_tokens, completion_tokens=summary.completion_tokens, cost=summary.cost,
            attempts=summary.attempts, repaired_path=summary.repaired_path, run_dir=str(run_dir),
            diff_path=_best_diff(run_dir, summary),
            failure_class=_first_verdict(run_dir) or ("cheat" if summary.status == "cheat" else summary.triage), triage=summary.triage, guard=summary.guard,
            seconds=time.monotonic() - t0,
        )
    except ReferenceFailed as exc:
        return KernelResult(**base, status="error", reason=f"the reference itself fails: {exc}",
                            failure_class="bad_input", seconds=time.monotonic() - t0)
    except (InputError, FileNotFoundError) as exc:
        return KernelResult(**base, status="error", reason=f"bad input: {exc}", failure_class="bad_input",
                            seconds=time.monotonic() - t0)
    except KagentError as exc:
        return KernelResult(**base, status="error", reason=f"{type(exc).__name__}: {exc}",
                            seconds=time.monotonic() - t0)


def execute(job: Job, pool: PoolClient) -> KernelResult:
    """Run the job's runner; an exception from it becomes an `error` result (the worker boundary)."""
    job.kdir.mkdir(parents=True, exist_ok=True)
    try:
        result = load_runner(job.options.runner)(job, pool)
    except Exception as exc:  # the worker's boundary: every failure must end as a status
        log.error("%s: worker failed:\n%s", job.kernel.id, traceback.format_exc())
        result = KernelResult(id=job.kernel.id, input=job.kernel.candidate, reference=job.kernel.reference,
                              status="error", reason=f"worker error {type(exc).__name__}: {exc}",
                              starts=job.starts, retries=job.retries, worker=job.worker)
    write_json_atomic(result_path(job.batch_dir, job.kernel.id), result.model_dump_json(indent=2))
    return result


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python -m kagent.batch.worker JOB.json\n")
        return 2
    klog.configure(os.environ.get("KAGENT_BATCH_VERBOSE") == "1")
    coordinator = os.environ.get(COORDINATOR_ENV, "")
    die_with_parent(parent=int(coordinator) if coordinator.isdigit() else None)
    job = Job.model_validate_json(Path(args[0]).read_text())
    job.kdir.mkdir(parents=True, exist_ok=True)
    with open(job.kdir / "worker.lock", "a+") as lock:  # held while this worker lives (see batch._wait_stale_workers)
        fcntl.flock(lock, fcntl.LOCK_EX)
        execute(job, FilePool(Path(job.batch_dir) / "ledger.json"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
