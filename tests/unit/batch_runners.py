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


# -- a mixed batch whose kernels do their kind's real thing, cheaply (test_batch_kill_twice.py) -----
SPIN_TAG_ENV = "BATCH_TEST_SPIN_TAG"  # put in every spinner's command line: the test finds leftovers by it


def _sandboxed(code: str, timeout_s: float):
    """Run `code` in the verify workers' OS sandbox (tools/sandbox.py), as verify would."""
    import sys
    import tempfile

    from kagent.tools.sandbox import SandboxSpec, run_sandboxed, scrubbed_env

    with tempfile.TemporaryDirectory(prefix="kagent-batch-test-") as cwd:
        return run_sandboxed([sys.executable, "-c", code], timeout_s=timeout_s, env=scrubbed_env(), cwd=Path(cwd),
                             spec=SandboxSpec(cpu_limit_s=600))


def _spinner() -> str:
    """A candidate that hangs: it starts a spinner in a new session (out of the sandbox's process
    group) and spins itself; both carry the test's tag in their command line."""
    tag = os.environ.get(SPIN_TAG_ENV, "kagent-batch-test-spin")
    spin = f"while True: pass  # {tag}"
    return (f"import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', {spin!r}], start_new_session=True)\n"
            f"{spin}\n")


def mixed(job, pool):
    """Kinds by id prefix: correct_ and nearmiss_ run a short sandboxed check (a stand-in for verify
    and repair); cheat_ runs the real static anti-cheat on a corpus cheat; segv_ runs a sandboxed
    child that segfaults; segvworker_ segfaults the worker itself; hangverify_ runs a sandboxed
    spinner until its (verify-like) 8-s time-out; hangkilled_ runs one forever (the batch kills it)."""
    kind = job.kernel.id.split("_")[0]
    marker = Path(job.batch_dir) / "kernels" / job.kernel.id / f"start{job.starts}"
    marker.write_text(str(os.getpid()))
    if kind in ("correct", "nearmiss"):
        res = _sandboxed("import time; time.sleep(0.3)", timeout_s=120)
        assert res.status == "ok", res
        return (_result(job, "already_correct", "stand-in: passes", failure_class="pass") if kind == "correct" else
                _result(job, "repaired", "stand-in: repaired", failure_class="numerical_mismatch", attempts=1))
    if kind == "cheat":
        from kagent.verifiers.anticheat_static import static_findings

        cand, ref = Path(job.kernel.candidate), Path(job.kernel.reference)
        found = [f for f in static_findings(cand.read_text(), reference_source=ref.read_text())
                 if f.severity == "error" and f.failure_class == "cheat"]
        return _result(job, "cheat" if found else "unrepaired", "; ".join(f.check for f in found) or "no cheat found",
                       failure_class="cheat" if found else None)
    if kind == "segv":
        res = _sandboxed("import ctypes; ctypes.string_at(0)", timeout_s=120)
        return _result(job, "unrepaired", f"the candidate crashed ({res.signal})", failure_class="crash")
    if kind == "segvworker":
        import ctypes

        ctypes.string_at(0)
    if kind == "hangverify":
        res = _sandboxed(_spinner(), timeout_s=8)
        return _result(job, "unrepaired", f"the candidate {res.status}", failure_class=res.status)
    if kind == "hangkilled":
        _sandboxed(_spinner(), timeout_s=3600)
    raise AssertionError(f"unknown mixed kernel kind {kind!r}")
