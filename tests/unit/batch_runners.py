"""Runners for batch tests (BatchOptions.runner = "batch_runners:dispatch"): each kernel's id
prefix picks what its worker does, so executor, ledger and resume logic are tested in seconds,
without verifying anything. The real runner (kagent.batch.worker:run_job) is tested in
test_batch_e2e.py."""

from __future__ import annotations

import os
import time
from pathlib import Path

from kagent.batch.ledger import KernelLedger
from kagent.batch.plan import KernelResult
from kagent.errors import BudgetExceeded


def _result(job, status, reason, **kw):
    k = job.kernel
    return KernelResult(id=k.id, input=k.candidate, reference=k.reference, status=status, reason=reason,
                        starts=job.starts, worker=job.worker, **kw)


def spend(job, pool, prompt=120, answer=300, used=200):
    """Make LLM-like calls against the pool until it refuses; returns what it spent."""
    ledger = KernelLedger(pool, job.kernel.id)
    calls = 0
    while True:
        try:
            adm = ledger.reserve(prompt, answer, min_answer_tokens=50)
        except BudgetExceeded as exc:
            snap = ledger.snapshot()
            return _result(job, "unrepaired", f"token_budget: {exc}", tokens=snap.tokens,
                           prompt_tokens=snap.prompt_tokens, completion_tokens=snap.completion_tokens, attempts=calls)
        time.sleep(0.01)
        ledger.charge(adm, prompt, min(used, adm.max_tokens), None)
        calls += 1


def dispatch(job, pool):
    kind = job.kernel.id.split("_")[0]
    marker = Path(job.batch_dir) / "kernels" / job.kernel.id / f"start{job.starts}"
    marker.write_text(str(os.getpid()))
    if kind == "ok":
        return _result(job, "already_correct", "fake: passes")
    if kind == "slow":
        time.sleep(float(os.environ.get("BATCH_TEST_SLOW_S", "1.5")))
        return _result(job, "repaired", "fake: repaired slowly")
    if kind == "crash":
        os._exit(3)
    if kind == "oomkilled":  # the first worker is SIGKILLed (as the OOM killer would); a retry succeeds
        if job.starts == 1:
            os.kill(os.getpid(), 9)
        return _result(job, "already_correct", f"fake: passes on start {job.starts}")
    if kind == "segv":
        import ctypes

        ctypes.string_at(0)
    if kind == "hang":
        while True:
            time.sleep(1)
    if kind == "boom":
        raise ValueError("fake runner bug")
    if kind == "spend":
        return spend(job, pool)
    if kind == "inflight":  # reserves a call, then hangs in it until the batch kills the worker
        KernelLedger(pool, job.kernel.id).reserve(500, 700, min_answer_tokens=50)
        while True:
            time.sleep(1)
    if kind == "llm":  # one real call through kagent.tools.llm with the batch's model (script:...)
        from kagent.tools.llm import complete

        ans = complete([{"role": "user", "content": "fix this kernel"}], model=job.options.model,
                       ledger=KernelLedger(pool, job.kernel.id), max_tokens=200, min_answer_tokens=20)
        return _result(job, "unrepaired", f"fake: the model said {ans.text.strip()!r}",
                       tokens=ans.usage.tokens)
    raise AssertionError(f"unknown fake kernel kind {kind!r}")
