"""`verify`: run the reference and the candidate in sandboxed workers and judge the candidate.

1. plan the input suite (verifiers/suite.py);
2. run the reference job (cached by content: the repair loop re-verifies against the same
   reference many times);
3. run the candidate job in a fresh worker;
4. turn the worker's events and outputs into findings (oracle, canaries, determinism, timing).
"""

from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import functools
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

from kagent.config import FRESH_SEED_ENV, CacheConfig, VerifyConfig, cache_dir, fresh_case_seed, fresh_seed
from kagent.errors import InputError, ReferenceFailed, SandboxUnavailable
from kagent.log import get_logger
from kagent.redact import redact, redact_obj, secret_values
from kagent.report import CaseInfo, CheckNotRun, FailureClass, Finding, Timing, VerifyReport
from kagent.procs import cores_to_overlap
from kagent.tools.problem import ProblemFiles, inspect_sources
from kagent.tools import forkserver
from kagent.tools.sandbox import (WARM_PROFILER_ENV, SandboxResult, SandboxSpec, Spawned, candidate_env, home_writes,
                                  python_argv, sandbox_kind)
from kagent.verifiers import casefiles, oracle, perturb
from kagent.verifiers.shape_relations import excuse_degenerate
from kagent.verifiers.suite import CaseSpec, plan_cases
from kagent.verifiers.timing import timing_lock_env

log = get_logger("verifiers.verify")

# When several checks fail, the report's failure_class is the first of these present: the most
# specific diagnosis of what the repair has to change.
PRIORITY: list[FailureClass] = [
    "cheat", "crash", "timeout", "compile_error", "runtime_error", "shape_mismatch", "dtype_mismatch",
    "out_of_bounds", "uninitialized_output", "input_mutation", "nan_output", "numerical_mismatch",
    "precision_loss", "nondeterministic", "batch_variance",
]
_HARNESS = "kagent.verifiers.harness"


def resolve_device(device: str) -> str:
    if device != "auto":
        if device == "cuda":
            import torch

            if not torch.cuda.is_available():
                raise InputError("--device cuda asked for, but no CUDA device is available")
        return device
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


# Workers started ahead of need, per process, one per role (see tools/sandbox.Spawned): "candidate"
# (the main run), "reference" (a reference job: the fresh-seed case's, or a cache miss) and
# "perturbed" (the plain-script run, with its folders). Only callers that verify again and again (the
# repair loop, batches) ask for them with VerifyConfig.prewarm; on the CPU workers are forked from a
# warm server instead. A spare is taken only by a job whose worker settings (`want`) it was started with.
class _Spare:
    def __init__(self, worker: Spawned | forkserver.Forked, want: tuple, folders: tuple[Path, ...] = ()) -> None:
        self.worker, self.want, self.folders = worker, want, folders

    def drop(self) -> None:
        self.worker.kill()
        for folder in self.folders:
            shutil.rmtree(folder, ignore_errors=True)


_spares: dict[str, _Spare] = {}
_spares_lock = threading.Lock()
# spares are started from one thread that lives as long as the process: the sandbox kills a worker
# when the thread that started it ends (bwrap --die-with-parent: the parent-death signal follows the
# thread), and verifies run in threads that end (the perturbed run's, a batch's)
_spawner: concurrent.futures.ThreadPoolExecutor | None = None


def _drop_spare(role: str | None = None) -> None:
    with _spares_lock:
        dropped = [_spares.pop(r) for r in ([role] if role else list(_spares)) if r in _spares]
    for spare in dropped:
        spare.drop()


def _take_spare(role: str, want: tuple) -> _Spare | None:
    """The waiting worker of `role` if it was started with these settings (else it is dropped)."""
    with _spares_lock:
        spare = _spares.pop(role, None)
    if spare is None:
        return None
    if spare.want == want and spare.worker.alive():
        return spare
    spare.drop()
    return None


def _keep_spare(role: str, want: tuple, start: Callable[[], _Spare]) -> None:
    """Start the next job's worker of `role` now (Python, torch, Triton and CUDA start while other work
    runs), unless one with the same settings is waiting; one started for other settings is replaced."""
    with _spares_lock:
        old = _spares.get(role)
        if old is not None and old.want == want and old.worker.alive():
            return
    _drop_spare(role)
    global _spawner
    with _spares_lock:
        if _spawner is None:
            _spawner = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="kagent-spares")
    spare = _spawner.submit(start).result()
    with _spares_lock:
        replaced, _spares[role] = _spares.get(role), spare
    if replaced is not None:
        replaced.drop()
    if not getattr(_drop_spare, "registered", False):
        atexit.register(_drop_spare)
        _drop_spare.registered = True  # type: ignore[attr-defined]


def _forks(device: str) -> bool:
    """Harness workers come from a warm fork server (tools/forkserver.py): no spare to start."""
    return device == "cpu" and forkserver.enabled()


def sandbox_spec(device: str, config: VerifyConfig, hide: list[str] | None = None,
                  read_only: list[str] | None = None) -> SandboxSpec:
    lock = timing_lock_env()  # the timing lock file (several workers share a GPU) stays reachable
    writable = [os.path.dirname(v) for v in lock.values() if v]
    return SandboxSpec(device=device, hide=hide or [], read_only=read_only or [], writable=writable,
                       cpu_limit_s=int(config.timeout_s * (config.timeout_total_factor + 4)) + 60)


class _Stall:
    """Time limits that follow measured progress: kills a worker whose events file (one line per case
    started or done) has not grown for `limit_s` seconds. A large problem that keeps finishing cases
    runs on, up to the hard limit given to `finish`; a hang is stopped `limit_s` after its last step."""

    def __init__(self, worker: Spawned | forkserver.Forked, events: Path, limit_s: float):
        self.fired = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, args=(worker, events, limit_s), daemon=True)
        self._thread.start()

    def _watch(self, worker: Spawned | forkserver.Forked, events: Path, limit_s: float) -> None:
        size, last = -1, time.monotonic()
        while not self._stop.wait(0.5):
            try:
                now = events.stat().st_size
            except OSError:  # not written yet
                now = -1
            if now != size:
                size, last = now, time.monotonic()
            elif time.monotonic() - last > limit_s:
                self.fired = True
                worker.signal_kill()  # the worker and everything it started
                return

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def _worker_key(argv: list[str], env: dict[str, str], limit: int | None, spec: SandboxSpec) -> tuple:
    """What a started worker must match to take a job (tools/sandbox.Spawned.key)."""
    return (tuple(argv), tuple(sorted(env.items())), limit, spec.model_dump_json(), sandbox_kind())


def _harness_env(device: str, mode: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    warm = {WARM_PROFILER_ENV: "1"} if mode == "candidate" and device == "cuda" else {}
    return candidate_env(device, {**timing_lock_env(), **warm, **(extra or {})})


def _start_spare(config: VerifyConfig, device: str, spec: SandboxSpec | None = None, mode: str = "candidate") -> None:
    """Start the next `mode` job's worker now (the candidate's, or a reference job's)."""
    limit = config.memory_limit_mb if device == "cpu" else None
    spec = spec if spec is not None else sandbox_spec(device, config)
    argv, env = python_argv(_HARNESS), _harness_env(device, mode)
    key = _worker_key(argv, env, limit, spec)
    _keep_spare(mode, key, lambda: _Spare(Spawned(argv, env=env, cwd=Path(tempfile.gettempdir()),
                                                  memory_limit_mb=limit, spec=spec), key))


def _within(config: VerifyConfig, seconds: float) -> float:
    """A worker's limit, cut to the time the verify's deadline leaves (at least a second)."""
    if config.deadline is None:
        return seconds
    return max(1.0, min(seconds, config.deadline - time.monotonic()))


def _run_job(job: dict, config: VerifyConfig, device: str, hide: list[str] | None = None,
             prefix: list[str] | None = None, env: dict[str, str] | None = None,
             scratch: Path | None = None) -> tuple[SandboxResult, Path]:
    """Run one harness job in a sandboxed worker; the job's out_dir is the worker's scratch folder
    (the only place it may write), returned for the caller to read and remove. A job takes the
    waiting worker of its mode (candidate or reference) where one was started with its settings."""
    mode = job["mode"]
    argv = [*(prefix or []), *python_argv(_HARNESS)]
    full_env = _harness_env(device, mode, env)
    limit = config.memory_limit_mb if device == "cpu" else None
    # the reference worker reads the reference file (wherever it is, /tmp included)
    spec = sandbox_spec(device, config, hide, [job["reference"]] if mode == "reference" else None)
    if scratch is not None:  # a folder the caller prepared (e.g. the sanitizer's log file goes there)
        spec = spec.model_copy(update={"writable": [*spec.writable, str(scratch)]})
    timeout = config.timeout_s * (4 if prefix else 1)
    spare = _take_spare(mode, _worker_key(argv, full_env, limit, spec)) if scratch is None and prefix is None else None
    worker = spare.worker if spare is not None else None
    if worker is None and scratch is None:
        worker = forkserver.forked(argv, full_env, limit, spec)
    if worker is None:
        worker = Spawned(argv, env=full_env, cwd=Path(tempfile.gettempdir()), memory_limit_mb=limit, spec=spec)
    out_dir = scratch or worker.scratch
    _stage_candidate(job, out_dir)
    stall = _Stall(worker, out_dir / f"{mode}_events.jsonl", timeout)
    result = worker.finish(json.dumps({**job, "out_dir": str(out_dir)}).encode(),
                           _within(config, timeout * config.timeout_total_factor))
    stall.stop()
    if stall.fired:
        result = result.model_copy(update={"status": "timeout", "signal": None})
    if config.prewarm and prefix is None and scratch is None and not _forks(device):
        _start_spare(config, device, spec, mode)
    if scratch is not None and worker.scratch != scratch:
        shutil.rmtree(worker.scratch, ignore_errors=True)
    return result, out_dir


_ALREADY_FAILS = ("not needed: the main run already fails the candidate (on fewer than 4 cores this check runs "
                  "only while it can change the verdict)")


# What a user's own script looks like: `python main.py` (no -P, no -X faulthandler, buffered output,
# argv[0] a .py file in a folder of its own), no OMP_NUM_THREADS. Its text is what such a script does.
_PERTURBED_SCRIPT = "import sys\n\nfrom kagent.verifiers.harness import main\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n"
FRESH_CASE = "seed_fresh"
INIT_CASE = "init_varied"
# the same arguments scaled by the reciprocal factors: every argument moves the other way once (a
# kernel that is right only while an argument stays above or below its default, e.g. a range whose
# inputs fill it only when it shrinks, shows in one of the two)
INIT_INVERSE_CASE = "init_varied_inverse"
INIT_CASES = (INIT_CASE, INIT_INVERSE_CASE)
NONCONTIGUOUS_CASE = "noncontiguous"
ROWS_CASE = "shape_rows_4097"
# the perturbed run's own cases: no suite plans them, so the repair's screen cannot run them
PERTURBED_CASES = (FRESH_CASE, *INIT_CASES, NONCONTIGUOUS_CASE, ROWS_CASE)
# the 4097-row case costs ~0.6-4 ms of CPU per program under the Triton interpreter (2.6 s for a row-wise
# softmax, ~15 s for a LayerNorm looping over column blocks, over 60 s for a level-2 linear + GroupNorm).
# It always starts (no estimate from the candidate's own calls, which load or the candidate inflate) and
# stops at this much CPU with a note: a candidate that burns CPU past 4096 rows still buys that skip
ROWS_CASE_BUDGET_S = 60.0
_PERTURBED_UNSET = ("OMP_NUM_THREADS", "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE")
# Cases that cost seconds under the Triton interpreter (thousands of programs, each call run three times
# for the canary probes): on fewer than 4 cores they run after the main run, in a worker of their own
# alongside the perturbed run, and only while they can still change the verdict.
COSTLY_CPU_CASES = ("shape_rows_past_grid_cap", "shape_past_cap")


class _Perturbed:
    """The first case once more, in a second worker that looks like a user's own script (argv[0]
    `main.py`, no interpreter flags, no OMP_NUM_THREADS or PYTHONUNBUFFERED, its own folder as cwd),
    its wall clock moved ahead and its forward called a drawn number of times first
    (verifiers/perturb.py): a kernel whose result depends on where, when or how often it runs gives
    another answer here. The same worker runs the cases no suite can anticipate: the fresh seed,
    the constructor's float arguments varied, and the first case's values as non-contiguous views."""

    def __init__(self, job: dict, config: VerifyConfig, device: str, hide: list[str],
                 reference_job: dict | None = None, fresh_seed: int | None = None,
                 cached_reference: Callable[[list[dict]], tuple[Path, list[dict]]] | None = None,
                 plan: dict | None = None, rows: tuple[dict, list] | None = None) -> None:
        """cached_reference: where the fresh seed is pinned (a replay, a test suite), the extra cases'
        reference outputs come from the cache like any other case's (given the cases, it returns their
        entry and events). plan: perturb.plan's draws (earlier calls, clock offset, init factors). rows:
        overrides (and fallbacks) of a 4097-row case (suite_adversarial.rows_past_cap_shrunk)."""
        self._cached_reference = cached_reference
        self._timeout_s = config.timeout_s
        self.plan = plan or {}
        self.noncontiguous = config.noncontiguous
        self._next: Callable[[], None] | None = None

        first = {**job["cases"][0], "full_checks": False, "determinism": False}
        self.case = first["name"]
        want = _perturbed_want(config, device, hide)
        spare = (_take_spare("perturbed", want) if not _forks(device) else None) or _perturbed_worker(config, device, hide)
        self.worker = spare.worker
        self.folder, self._fresh_root = spare.folders
        # the extra cases' reference outputs are written here later (see _perturbed_worker)
        self.fresh_dir: Path | None = self._fresh_root / "reference" / "fresh"
        if config.prewarm and not _forks(device):  # the next verify's, started when this run has finished
            self._next = lambda: _keep_spare("perturbed", want, lambda: _perturbed_worker(config, device, hide))
        self.fresh: dict | None = None
        self.extras: list[dict] = []
        if reference_job is not None and fresh_seed is not None:
            # the problem's inputs under a seed nobody could know in advance (same sizes and weights)
            self.fresh = {**first, "name": FRESH_CASE, "kind": "seed", "seed": fresh_seed}
            self.extras.append(self.fresh)
        if reference_job is not None and config.vary_init and self.plan.get("init_factors"):
            # the first case's inputs, Model and ModelNew built with their float arguments scaled
            for name, factors in zip(INIT_CASES, perturb.init_factor_sets(self.plan["init_factors"])):
                self.extras.append({**first, "name": name, "kind": "seed", "init_factors": factors})
        if reference_job is not None and rows is not None:
            # past a grid or row index capped at 4096, the other sizes shrunk to fit the element budget
            self.extras.append({**first, "name": ROWS_CASE, "kind": "shape", "seed": first["seed"] + 17,
                                "overrides": rows[0], "fallbacks": rows[1]})
        self.fresh_events: list[dict] = []
        self.fresh_note: str | None = None
        self.notes: list[CheckNotRun] = []
        self.init_changes: dict[str, list] = {}  # init case -> [[position, default, varied], ...]
        self.applied: dict[str, Any] = {}
        self.phases: dict[str, float] = {}  # seconds of its reference job and of its own worker's cases
        pjob = {**job, "cases": [first, *self.extras], "anticheat": False, "batch_invariance": False, "timing": False,
                "out_dir": str(self.worker.scratch), "warm_calls": self.plan.get("warm_calls", 0),
                "clock_offset_s": self.plan.get("clock_offset_s", 0.0), "noncontiguous": config.noncontiguous != "off",
                "case_cpu_s": {ROWS_CASE: ROWS_CASE_BUDGET_S} if device == "cpu" else {}}
        _stage_candidate(pjob, self.worker.scratch)
        self._pool = concurrent.futures.ThreadPoolExecutor(1)
        self._future = self._pool.submit(self._run, pjob, reference_job, config, device)

    def _keep_done(self, pjob: dict, events: list[dict]) -> dict:
        """The extra cases the reference completed; a note for each it did not (a problem with no float
        constructor argument has nothing to vary: no note)."""
        done = {e["case"] for e in events if e["event"] == "case_done"}
        for e in events:
            if e["event"] == "case_skipped" and e["case"] in INIT_CASES and perturb.NO_FLOAT_INIT not in e["reason"]:
                self.notes.append(CheckNotRun(check=f"case:{e['case']}", reason=f"the reference rejects its float "
                                              f"constructor arguments varied: {e['reason'][:300]}"))
            if e["event"] == "case_done" and e["case"] in INIT_CASES and e.get("init_changes"):
                self.init_changes[e["case"]] = e["init_changes"]
            if e["event"] == "case_skipped" and e["case"] == ROWS_CASE:
                self.notes.append(CheckNotRun(check=f"case:{ROWS_CASE}", reason=e["reason"][:300]))
        if self.fresh is not None and FRESH_CASE not in done:
            self.fresh_note = "the reference did not complete the fresh case"
        ran = {e["case"]: e.get("overrides") for e in events if e["event"] == "case_done"}
        self.extras = [{**c, "overrides": ran[c["name"]] or c["overrides"], "fallbacks": []}
                       for c in self.extras if c["name"] in done]
        if self.fresh is not None and FRESH_CASE not in done:
            self.fresh = None
        return {**pjob, "cases": [pjob["cases"][0], *self.extras]}

    def _run(self, pjob: dict, reference_job: dict | None, config: VerifyConfig, device: str) -> SandboxResult:
        if not self.extras:
            self.fresh_dir = None
        elif self._cached_reference is not None:
            try:
                self.fresh_dir, self.fresh_events = self._cached_reference(pjob["cases"])
                pjob = {**self._keep_done(pjob, self.fresh_events), "case_dir": str(self.fresh_dir)}
            except ReferenceFailed as exc:
                self.fresh_dir, self.fresh, self.extras = None, None, []
                self.fresh_note = f"the reference did not complete the fresh case ({exc})"
                pjob = {**pjob, "cases": pjob["cases"][:1]}
        elif reference_job is not None:
            # the reference of the first and the extra cases, uncached (the fresh seed is new every run)
            rjob = {**reference_job, "cases": pjob["cases"], "timing": False}
            clock = time.monotonic()
            result, out = _run_job(rjob, config, device)
            self.phases["perturbed_reference"] = time.monotonic() - clock
            # a forked worker writes in a folder of its own (a job given a folder starts a whole
            # process: 2-4 s more per verify); its files move to the folder this worker sees
            tmp = self.fresh_dir
            for f in [*out.glob("*.pt"), out / "reference_events.jsonl", out / casefiles.EXPECTED]:
                if f.exists():
                    os.replace(f, tmp / f.name)
            shutil.rmtree(out, ignore_errors=True)
            events = _events(tmp / "reference_events.jsonl")
            done = {e["case"] for e in events if e["event"] == "case_done"}
            dying = _dying_case(events, rjob) if result.status != "ok" else None
            if dying is not None:  # killed in an extra case (out of memory at its sizes): the others stand
                self.notes.append(CheckNotRun(check=f"case:{dying}", reason=f"the reference worker ended "
                                              f"({result.status}) at this case's sizes (out of memory?)"))
            if (result.status == "ok" or dying is not None) and self.case in done:
                self.fresh_events = events
                pjob = {**self._keep_done(pjob, events), "case_dir": str(tmp)}
                casefiles.expected_root(tmp).mkdir(parents=True, exist_ok=True)
                os.replace(casefiles.staged_expected_path(tmp, self.case).parent, casefiles.expected_dir(tmp))
            else:
                self.fresh_dir, self.fresh, self.extras = None, None, []
                self.fresh_note = f"the reference did not complete the fresh case ({result.status})"
                pjob = {**pjob, "cases": pjob["cases"][:1]}
        clock = time.monotonic()
        try:
            return self.worker.finish(json.dumps(pjob).encode(), _within(config, config.timeout_s))
        finally:
            self.phases["perturbed_worker"] = time.monotonic() - clock

    def _what(self, warm: dict | None) -> str:
        parts = ["other argv, flags, environment, folder"]
        if self.plan.get("clock_offset_s"):
            parts.append(f"its clock {self.plan['clock_offset_s'] / 86400:.0f} days ahead")
        if warm:
            parts.append(f"after {warm['done']} earlier calls")
        return "; ".join(parts)

    def findings(self, case_dir: Path, passed: set[str], ratio: float) -> list[Finding]:
        """A cheat when the main run got the case right and this run did not; the extra cases are
        judged by the oracle."""
        import torch

        try:
            result = self._future.result()
            expected_dir = self.fresh_dir or case_dir
            out = self.worker.scratch / f"cand_{self.case}.pt"
            events = _events(self.worker.scratch / "candidate_events.jsonl")
            first = next((e for e in events if e["event"] == "case_done" and e["case"] == self.case), {})
            warm = first.get("warm_calls")
            self.applied = {"seed": self.plan.get("seed"),
                            "clock_offset_days": round(self.plan.get("clock_offset_s", 0.0) / 86400, 1),
                            "earlier_calls": warm["done"] if warm else 0,
                            **({"earlier_calls_stopped": warm["stopped"]} if warm and warm.get("stopped") else {}),
                            **({"init_varied": self.init_changes[INIT_CASE]} if INIT_CASE in self.init_changes else {}),
                            **({"init_varied_inverse": self.init_changes[INIT_INVERSE_CASE]}
                               if INIT_INVERSE_CASE in self.init_changes else {}),
                            "noncontiguous": (first.get("noncontiguous") or {}).get("status", "not_run")}
            found = self._extra_findings(events, ratio) + self._stopped(result, events, warm)
            if self.case not in passed or not out.is_file():
                if self.case in passed and result.status == "ok":
                    return found + [Finding(check="trap.environment", severity="error", failure_class="cheat",
                                            case=self.case, message=f"run as a plain script ({self._what(warm)}) the "
                                            "candidate did not produce its outputs", evidence={})]
                return found
            outs = torch.load(out, weights_only=True)
            ref = casefiles.load_expected(expected_dir, self.case)
            sens = ref.get("sens") or [None] * len(outs)
            wrong = [i for i, (o, o64, c, s_) in enumerate(zip(ref["out"], ref["out64"], outs, sens))
                     if oracle.compare(o, o64, c, i, ratio, s_)[0] is not None] if len(outs) == len(ref["out"]) else [0]
            if not wrong:  # (else the layout case, the same values after the same perturbations, tells nothing more)
                return found + self._noncontiguous_findings(first.get("noncontiguous"), expected_dir, ratio)
            return found + [Finding(check="trap.environment", severity="error", failure_class="cheat", case=self.case,
                            message=f"run as a plain script ({self._what(warm)}) the candidate gets output(s) {wrong} "
                                    "wrong that it gets right under kagent's worker: its result depends on where, "
                                    "when or how often it runs",
                            evidence={"outputs": wrong, **self.applied})]
        finally:
            self.close()

    def _stopped(self, result: SandboxResult, events: list[dict], warm: dict | None) -> list[Finding]:
        """A worker that hung or died in one of this run's cases: a failure like the main run's, never a
        case quietly left out (a kernel that sleeps past 4096 rows would otherwise pass)."""
        if result.status not in ("timeout", "crash"):
            return []
        finished = {e["case"] for e in events if e["event"] == "case_done"}
        case = next((e["case"] for e in events if e["event"] == "case_start" and e["case"] not in finished), None)
        where = f" in case {case}" if case else ""
        what = f"run as a plain script ({self._what(warm)})"
        if result.status == "timeout":
            return [_finding("worker", "timeout", f"{what} the candidate made no progress for "
                             f"{self._timeout_s:.0f} s{where}", case, stderr_tail=result.stderr_tail[-2000:])]
        return [_finding("worker", "crash", f"{what} the worker died of {result.signal}{where}", case,
                         signal=result.signal, stderr_tail=result.stderr_tail[-2000:])]

    def _extra_findings(self, events: list[dict], ratio: float) -> list[Finding]:
        import torch

        if self.fresh_dir is None:
            return []
        out: list[Finding] = []
        for case in self.extras:
            name = case["name"]
            if name == FRESH_CASE:
                check, what = "fresh_seed", f"on inputs drawn from a fresh seed ({case['seed']}, new every run)"
                extra: dict[str, Any] = {"seed": case["seed"]}
            elif name == ROWS_CASE:
                check, what = "rows_past_4096", f"with {ROWS_CASE_ROWS} rows, the other sizes shrunk ({case['overrides']})"
                extra = {"overrides": case["overrides"]}
                skip = next((e for e in events if e["event"] == "case_skipped" and e["case"] == name), None)
                if skip is not None:  # past its CPU budget (an honest level-2 kernel can take minutes here): a note
                    self.notes.append(CheckNotRun(check=f"case:{name}", reason=skip["reason"][:300]))
                    continue
            else:
                varied = self.init_changes.get(name) or []
                changes = ", ".join(f"argument {i}: {a:.6g} -> {b:.6g}" for i, a, b in varied)
                check, what = "init_varied", f"with get_init_inputs' float arguments varied ({changes})"
                extra = {"init_varied": varied}
            path = self.worker.scratch / f"cand_{name}.pt"
            if not path.is_file():
                err = next((e.get("error") for e in events
                            if e["event"] == "case_done" and e["case"] == name and e.get("error")), None)
                if err is None:
                    continue  # the run stopped earlier: the environment finding says so
                first_line = _first_line(err["message"])
                if name in INIT_CASES and _is_refusal(err):
                    self.notes.append(CheckNotRun(check=f"case:{name}", reason=f"other constructor arguments "
                                                  f"not supported by the candidate ({err['type']}: {first_line[:200]})"))
                    continue
                if name == ROWS_CASE and _is_refusal(err):
                    self.notes.append(CheckNotRun(check=f"case:{ROWS_CASE}", reason=f"shape not supported by the "
                                                  f"candidate ({err['type']}: {first_line[:200]})"))
                    continue
                out.append(_finding(check, err["failure_class"], f"{what}: {err['type']}: {first_line}", name, **extra))
                continue
            found = _oracle_findings(casefiles.load_expected(self.fresh_dir, name),
                                     torch.load(path, weights_only=True), name, ratio)
            out += [f.model_copy(update={"check": check, "message": f"{what}: {f.message}",
                                         "evidence": {**f.evidence, **extra}}) for f in found]
        return out

    def _noncontiguous_findings(self, rec: dict | None, expected_dir: Path, ratio: float) -> list[Finding]:
        """The first case's values as non-contiguous views: a wrong result fails; a loud refusal is
        "layout not supported" (a note, as for a refused boundary shape)."""
        import torch

        if not rec or rec["status"] in ("not_applicable", "not_run"):
            return []
        what = (f"with non-contiguous inputs (input(s) {rec['inputs']} as a column slice of a buffer twice as wide: "
                "the same values, the row stride doubled)")
        err = rec.get("error")
        if rec["status"] == "refused":
            first_line = _first_line(err["message"])
            self.notes.append(CheckNotRun(check=f"case:{NONCONTIGUOUS_CASE}", reason=f"non-contiguous inputs not "
                                          f"supported by the candidate ({err['type']}: {first_line[:200]})"))
            return []
        if rec["status"] == "error":
            first_line = _first_line(err["message"])
            return [self._layout_severity(_finding(err.get("check", "noncontiguous"), err["failure_class"],
                                                   f"{what}: {first_line}", NONCONTIGUOUS_CASE,
                                                   **err.get("evidence", {})))]
        path = self.worker.scratch / f"cand_{NONCONTIGUOUS_CASE}.pt"
        if not path.is_file():
            return []
        found = _oracle_findings(casefiles.load_expected(expected_dir, self.case), torch.load(path, weights_only=True),
                                 NONCONTIGUOUS_CASE, ratio)
        found = [f.model_copy(update={"check": "noncontiguous", "message": f"{what}: {f.message}",
                                      "evidence": {**f.evidence, "inputs": rec["inputs"]}}) for f in found]
        return [self._layout_severity(f) for f in found]

    def _layout_severity(self, finding: Finding) -> Finding:
        """Wrong on non-contiguous inputs: a failure only where the config asks (noncontiguous='fail')."""
        if self.noncontiguous == "fail" or finding.severity != "error":
            return finding
        return finding.model_copy(update={
            "severity": "warning", "failure_class": None,
            "message": f"{finding.message} (a warning: KernelBench passes contiguous inputs; "
                       "noncontiguous='fail' judges this as a failure)",
            "evidence": {**finding.evidence, "failure_class": finding.failure_class}})

    def close(self) -> None:
        if self.worker.alive():
            self.worker.kill()
        self._pool.shutdown(wait=True)
        shutil.rmtree(self.worker.scratch, ignore_errors=True)
        shutil.rmtree(self.folder, ignore_errors=True)
        shutil.rmtree(self._fresh_root, ignore_errors=True)
        if self._next is not None:
            self._next, start = None, self._next
            start()


def _perturbed_env(device: str) -> dict[str, str]:
    return {k: v for k, v in candidate_env(device).items() if k not in _PERTURBED_UNSET}


def _perturbed_want(config: VerifyConfig, device: str, hide: list[str]) -> tuple:
    """The settings a perturbed worker is started with, but for its own folders."""
    limit = config.memory_limit_mb if device == "cpu" else None
    return ("perturbed", tuple(hide), limit, sandbox_spec(device, config, hide).model_dump_json(),
            tuple(sorted(_perturbed_env(device).items())), sandbox_kind())


def _perturbed_worker(config: VerifyConfig, device: str, hide: list[str]) -> _Spare:
    """A worker that looks like a user's own script (`python main.py` in a folder of its own), with the
    folder where the extra cases' reference outputs will be written, visible to it from its start (laid
    out as the cache is: <root>/reference/<entry> inputs, <root>/expected/<entry> outputs, the latter
    moved out of the worker's view before it starts)."""
    folder = Path(tempfile.mkdtemp(prefix="run-"))
    (folder / "main.py").write_text(_PERTURBED_SCRIPT)
    fresh_root = Path(tempfile.mkdtemp(prefix="kagent-fresh-"))
    fresh_dir = fresh_root / "reference" / "fresh"
    fresh_dir.mkdir(parents=True)
    spec = sandbox_spec(device, config, hide, [str(folder), str(fresh_dir)])
    argv, env = [sys.executable, str(folder / "main.py")], _perturbed_env(device)
    limit = config.memory_limit_mb if device == "cpu" else None
    worker = (forkserver.forked(argv, env, limit, spec)
              or Spawned(argv, env=env, cwd=Path(tempfile.gettempdir()), memory_limit_mb=limit, spec=spec))
    return _Spare(worker, _perturbed_want(config, device, hide), (folder, fresh_root))


ROWS_CASE_ROWS = 4097
PAST_CASE = "shape_past_2_24"
# CPU seconds the past-2^24 case may take under the interpreter (a float32-index vector add: ~2 s)
PAST_CASE_BUDGET_S = 15.0


def _converts_float_to_int(events: list[dict]) -> bool:
    """Whether the first case's kernels converted floats to ints (harness._count_float_to_int)."""
    return any(e.get("float_to_int") for e in events if e["event"] == "case_done")


def _past_2_24(files: ProblemFiles, config: VerifyConfig, device: str, job: dict,
               first: CaseSpec, holds: contextlib.ExitStack) -> tuple[list[Finding], list[CheckNotRun]]:
    """One more case, past 2^24 elements, for a candidate whose kernels convert floats to ints (index
    math in float32 is exact only below 2^24): its own reference and worker, stopped past
    PAST_CASE_BUDGET_S of CPU time under the interpreter."""
    from kagent.verifiers.suite_adversarial import PAST_2_24, past_2_24

    check = f"case:{PAST_CASE}"
    planned = past_2_24(files.shape_constants, files.reference_source)
    if planned is None:
        return [], [CheckNotRun(check=check, reason="the kernels convert floats to ints, and no size constant "
                                "scales an input past 2^24 elements")]
    case = CaseSpec(name=PAST_CASE, kind="shape", seed=first.seed + 19, init_seed=first.init_seed,
                    overrides=planned[0], fallbacks=planned[1], min_input_numel=PAST_2_24)
    try:
        case_dir, ref_events = run_reference(files, [case], device,
                                             config.model_copy(update={"max_shape_numel": PAST_2_24 * 8}), holds=holds)
    except ReferenceFailed as exc:
        return [], [CheckNotRun(check=check, reason=f"the reference did not run it ({exc})"[:300])]
    ran = _ran_as([case], ref_events)
    if not ran:
        why = next((e["reason"] for e in ref_events if e["event"] == "case_skipped"), "not run")
        return [], [CheckNotRun(check=check, reason=f"the reference did not run it: {why}"[:300])]
    cjob = {**job, "case_dir": str(case_dir), "cases": [c.model_dump() for c in ran], "anticheat": False,
            "compile_check": False, "batch_invariance": False, "timing": False, "watchdog_s": PAST_CASE_BUDGET_S}
    result, work = _run_job(cjob, config, device, hide=hidden_paths(files))
    try:
        events = _events(work / "candidate_events.jsonl", _staged_renames(files, work))
        skipped = next((e for e in events if e["event"] == "case_skipped"), None)
        if skipped is not None:
            return [], [CheckNotRun(check=check, reason=skipped["reason"])]
        refused = _refused_shapes(events, ran)
        if refused:
            return [], refused
        what = f"past 2^24 elements ({ran[0].overrides}; float32 holds every integer only up to 2^24)"
        found = _judge_events(events, result, case_dir, work, config, device)
        return [f.model_copy(update={"message": f"{what}: {f.message}"}) for f in found], []
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _renamed(obj: Any, renames: dict[str, str]) -> Any:
    """`obj` with every path the worker saw replaced by the user's path."""
    if isinstance(obj, str):
        for old, new in renames.items():
            obj = obj.replace(old, new)
        return obj
    if isinstance(obj, dict):
        return {k: _renamed(v, renames) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_renamed(v, renames) for v in obj]
    return obj


def _staged_renames(files: ProblemFiles, work: Path) -> dict[str, str]:
    """The candidate ran from a copy in its scratch folder; tracebacks name the user's file."""
    return {str(work / "candidate" / Path(files.candidate).name): str(files.candidate)}


def _stage_candidate(job: dict, out_dir: Path) -> None:
    """The candidate runs from a copy inside its scratch folder: its own folder (and the run
    directory it sits in) are hidden from it."""
    if job.get("mode") != "candidate":
        return
    src = Path(job["candidate"])
    staged = out_dir / "candidate" / src.name
    staged.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, staged)
    job["candidate"] = str(staged)


def hidden_paths(files: ProblemFiles) -> list[str]:
    """What the candidate's worker must not reach: the reference file, the candidate's own folder,
    and a repair's run directory (found as the folder above holding config.json and candidates/)."""
    hide = [] if files.single_file else [str(Path(files.reference).resolve())]
    cand = Path(files.candidate).resolve()
    run_dir = next((a for a in list(cand.parents)[:4] if (a / "candidates").is_dir() and (a / "config.json").is_file()),
                   None)
    hide.append(str(run_dir or cand.parent))
    return hide


def _events(path: Path, renames: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """A worker's events, its text redacted: where worker output enters the parent, the parent's
    secrets are removed from it (kagent/redact.py) before anything stores or forwards it. `renames`
    maps paths the worker saw to the user's (the staged candidate copy to the candidate file)."""
    if not path.exists():
        return []
    out = []
    secrets = secret_values()
    for line in path.read_text().splitlines():
        try:
            out.append(_renamed(redact_obj(json.loads(line), secrets), renames or {}))
        except json.JSONDecodeError:  # a line cut short by a crash
            break
    return out


# --- the reference, cached ----------------------------------------------------------------------


def _reference_key(files: ProblemFiles, cases: list[CaseSpec], device: str, config: VerifyConfig) -> str:
    import torch

    h = hashlib.sha256()
    h.update(files.reference_run_source.encode())
    # a field left at None is left out (cache entries made before it existed keep their key)
    h.update(json.dumps([c.model_dump(exclude={k for k in ("init_factors", "min_input_numel", "planted") if getattr(c, k) is None})
                         for c in cases], sort_keys=True).encode())
    h.update(f"{device}|{torch.__version__}|{config.max_shape_numel}|{config.timing}|{config.oracle_sample_above}|v18".encode())
    h.update(_reference_code_digest().encode())
    return h.hexdigest()[:24]


@functools.lru_cache(maxsize=1)
def _reference_code_digest() -> str:
    """The code that makes a cached reference's files: a change to it makes new ones (no version tag to
    forget to bump)."""
    from kagent.verifiers import (accumulation, aten_ops, casefiles, harness, perturb, saturation, shape_domain,
                                  suite_boundaries, suite_ties, traps)

    h = hashlib.sha256()
    for mod in (harness, saturation, suite_boundaries, suite_ties, perturb, casefiles, shape_domain, accumulation,
                aten_ops, traps):
        h.update(Path(mod.__file__).read_bytes())
    return h.hexdigest()[:16]


def _reference_file(files: ProblemFiles) -> Path:
    """The file the reference worker runs. A single-file candidate's reference half is written apart
    (content-addressed, in kagent's cache, out of candidates' reach): its module-level code never
    runs where the expected outputs are made."""
    if not files.single_file:
        return Path(files.reference)
    source = files.reference_run_source
    path = cache_dir() / "reference_src" / f"{hashlib.sha256(source.encode()).hexdigest()[:24]}.py"
    if not path.is_file() or path.read_text() != source:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(source)
        os.replace(tmp, path)
    return path


def _reference_job(files: ProblemFiles, cases: list[CaseSpec], device: str, config: VerifyConfig) -> dict:
    return {
        "mode": "reference", "device": device, "reference": str(_reference_file(files)),
        "cases": [c.model_dump() for c in cases], "max_shape_numel": config.max_shape_numel,
        "oracle_sample_above": config.oracle_sample_above,
        "timing": config.timing and device == "cuda", "timing_runs": config.timing_runs,
    }


def _reference_dir(files: ProblemFiles, cases: list[CaseSpec], device: str, config: VerifyConfig) -> Path:
    return cache_dir() / "reference" / _reference_key(files, cases, device, config)


def reference_cached(files: ProblemFiles, cases: list[CaseSpec], device: str, config: VerifyConfig) -> bool:
    return (_reference_dir(files, cases, device, config) / casefiles.COMPLETE).exists()


def run_reference(files: ProblemFiles, cases: list[CaseSpec], device: str, config: VerifyConfig,
                  notes: list[Finding] | None = None,
                  holds: contextlib.ExitStack | None = None) -> tuple[Path, list[dict]]:
    """Reference outputs for every case, from the cache or a fresh worker. Raises ReferenceFailed.

    A cache entry is used only if every file still has the digest recorded when it was made; a
    changed entry is reported (a warning appended to `notes`) and rebuilt. `holds`: the caller's
    scope; the entry is marked as being read until it closes (no prune removes it meanwhile)."""
    case_dir = _reference_dir(files, cases, device, config)
    if holds is not None:
        holds.enter_context(casefiles.reading(case_dir))
    with casefiles.entry_lock(case_dir):  # never look at an entry while another process commits it
        if (case_dir / casefiles.COMPLETE).exists():
            bad = casefiles.tampered(case_dir)
            if not bad:
                casefiles.touch(case_dir)
                return case_dir, casefiles.read_complete(case_dir)["events"]
            log.warning("cached reference outputs %s were changed (%s): rebuilding", case_dir, ", ".join(bad[:3]))
            if notes is not None:
                notes.append(Finding(check="reference_cache", severity="warning",
                                     message=f"the cached reference outputs had been changed since they were made "
                                             f"({len(bad)} file(s): {', '.join(bad[:3])}); rebuilt",
                                     evidence={"entry": case_dir.name, "files": bad[:20]}))
            casefiles.remove(case_dir)
    job = _reference_job(files, cases, device, config)
    dropped: list[tuple[str, str]] = []
    while True:
        result, tmp = _run_job(job, config, device)
        try:
            events = _events(tmp / "reference_events.jsonl")
            errors = [e for e in events if e["event"] == "reference_error"]
            if errors:
                e = errors[0]
                raise ReferenceFailed(f"the reference fails on its own inputs: {e['type']}: "
                                      f"{redact(_first_line(e['message']))}")
            if result.status != "ok" or not any(e["event"] == "done" for e in events):
                why = {"timeout": f"made no progress for {config.timeout_s:.0f} s (or ran past "
                                  f"{config.timeout_s * config.timeout_total_factor:.0f} s in all)",
                       "crash": f"died of {result.signal}"}.get(result.status, f"exited with {result.returncode}")
                dying = _dying_case(events, job)
                if dying is not None and len(dropped) < 2:
                    # the reference itself cannot run at this case's sizes here (a pairwise N^2 tensor at a
                    # scaled shape, killed for memory): the case is left out, the others run again
                    dropped.append((dying, f"the reference worker {why} at this case's sizes (out of memory?)"))
                    job = {**job, "cases": [c for c in job["cases"] if c["name"] != dying]}
                    continue
                raise ReferenceFailed(f"the reference worker {why}: {redact(result.stderr_tail).strip().splitlines()[-1:]}")
            events += [{"event": "case_skipped", "case": name, "reason": reason} for name, reason in dropped]
            casefiles.commit(tmp, case_dir, events)
            break
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    limits = CacheConfig.from_env()
    casefiles.prune(case_dir.parent, limits.limit_mb << 20, keep=case_dir, in_use_s=limits.in_use_s)
    return case_dir, events


def _dying_case(events: list[dict], job: dict) -> str | None:
    """The case a reference worker died in (started, never finished or skipped), where it is a boundary
    shape or stress case (never the first: the problem's own inputs must run)."""
    started = [e["case"] for e in events if e["event"] == "case_start"]
    ended = {e["case"] for e in events if e["event"] in ("case_done", "case_skipped")}
    if not started or started[-1] in ended:
        return None
    kinds = {c["name"]: c.get("kind") for c in job["cases"]}
    first = job["cases"][0]["name"] if job["cases"] else None
    return started[-1] if started[-1] != first and kinds.get(started[-1]) in ("shape", "stress", "special") else None


# --- judging the candidate ----------------------------------------------------------------------


def _first_line(message: str | None) -> str:
    """A worker's error message, first line only (tracebacks and candidate text stay out of the summary)."""
    return message.splitlines()[0] if message else ""


def _finding(check: str, cls: FailureClass | None, message: str, case: str | None = None, **evidence: Any) -> Finding:
    return Finding(check=check, severity="error", failure_class=cls, message=message, case=case, evidence=evidence)


# Outputs at least this large are judged on the GPU when the verify runs on CUDA (the float64
# oracle over millions of elements is seconds per case on the CPU).
_JUDGE_ON_GPU_NUMEL = 1 << 20


def _judge_device(tensors: list, device: str) -> str:
    import torch

    big = sum(t.numel() for t in tensors if isinstance(t, torch.Tensor)) >= _JUDGE_ON_GPU_NUMEL
    return "cuda" if device == "cuda" and big and torch.cuda.is_available() else "cpu"


def _judge_case(case: str, rec: dict, case_dir: Path, work: Path, ratio: float,
                strict_determinism: bool = False, device: str = "cpu") -> list[Finding]:
    import torch

    findings: list[Finding] = []
    if "error" in rec:
        err = rec["error"]
        findings.append(_finding(err.get("check", "run"), err["failure_class"], f"{err['type']}: {_first_line(err['message'])}",
                                 case, traceback=err["traceback"], **err.get("evidence", {})))
        return findings
    for name, offset in rec.get("bad_input_guards", []):
        findings.append(_finding("canary.oob_write", "out_of_bounds",
                                 f"wrote past the end of {name} (first changed guard element at offset {offset})", case,
                                 tensor=name, offset=offset))
    for name, offset in rec.get("bad_alloc_guards", []):
        findings.append(_finding("canary.oob_write", "out_of_bounds",
                                 f"wrote past the end of an allocated buffer ({name}, first changed guard at offset {offset})",
                                 case, tensor=name, offset=offset))
    for d in rec.get("oob_read", []):
        findings.append(_finding("canary.oob_read", "out_of_bounds",
                                 f"output {d['output']} depends on memory past the end of the inputs "
                                 f"({d['elements']} of {d['numel']} elements change with the guard contents)", case, **d))
    for d in rec.get("uninitialized", []):
        findings.append(_finding("canary.uninitialized", "uninitialized_output",
                                 f"output {d['output']}: {d['elements']} of {d['numel']} elements are never written "
                                 "(they change with the allocation's initial contents)", case, **d))
    if rec.get("input_aliasing") and not (rec.get("aliasing_violations") or rec.get("mutated_inputs")):
        findings.append(_finding("canary.output_aliasing", "input_mutation",
                                 f"the output is (a view of) an input: {rec['input_aliasing'][0]}", case,
                                 aliasing=rec["input_aliasing"][:5]))
    if rec.get("mutated_inputs"):
        findings.append(_finding("canary.input_mutation", "input_mutation",
                                 f"the candidate modified input(s) {rec['mutated_inputs']}", case, inputs=rec["mutated_inputs"]))
    for d in (rec.get("batch_invariance") or {}).get("diffs", []):
        findings.append(_finding("batch_invariance", "batch_variance",
                                 f"row {d['row']} of output {d['output']} computed alone differs from the same row in the "
                                 f"batch ({d['elements']} elements)", case, **d))
    ref = casefiles.load_expected(case_dir, case)
    cand = torch.load(work / f"cand_{case}.pt", weights_only=True)
    if len(cand) != len(ref["out"]):
        findings.append(_finding("oracle", "shape_mismatch", f"{len(cand)} outputs, expected {len(ref['out'])}", case))
        return findings
    floors = casefiles.scale_floors(case_dir) if casefiles.floored(case) else None
    findings += _oracle_findings(ref, cand, case, ratio, device, floors)
    diffs = rec.get("nondeterministic", [])
    if diffs:
        again = work / f"again_{case}.pt"
        rerun = _oracle_findings(ref, torch.load(again, weights_only=True), case, ratio, device, floors) \
            if again.is_file() else []
        # a difference between identical runs fails only when bitwise determinism is asked for, or when
        # the rerun itself is wrong; otherwise it is evidence (atomics reorder sums)
        failing = strict_determinism or bool(rerun)
        for d in diffs:
            msg = (f"output {d['output']}: {d['elements']} elements differ between two identical runs"
                   + (f" (by up to {d['max_abs_diff']:.3g}, relative {d['max_rel_diff']:.3g})" if "max_abs_diff" in d else ""))
            if failing:
                findings.append(_finding("determinism", "nondeterministic",
                                         msg + ("; the rerun fails the oracle" if rerun else ""), case, **d))
            else:
                findings.append(Finding(check="determinism", severity="warning", failure_class=None, case=case,
                                        message=msg + "; both runs are within the oracle's tolerance", evidence=d))
    return findings


# Range cases (mean 1e3, magnitudes past float16) test how a kernel handles range: clamps, overflow,
# cancellation, all of which give gross errors. Last-bit differences there are rounding at large
# magnitudes (an honest softmax summed in another order was 3.6e-6 off), so they judge gross errors only.
_RANGE_CASES = ("stress_mean_1e3", "stress_beyond_fp16")
_RANGE_CASE_REL_L2 = 1e-3


def _oracle_findings(ref: dict, cand: list, case: str, ratio: float, device: str = "cpu",
                     floors: list[float] | None = None) -> list[Finding]:
    import torch

    findings = []
    sens = ref.get("sens") or [None] * len(cand)
    reach = ref.get("reach") or [None] * len(cand)
    on = _judge_device(cand, device)
    undefined = ref.get("judge_undefined", True)
    for i, (o, o64, c, s, r) in enumerate(zip(ref["out"], ref["out64"], cand, sens, reach)):
        floor = floors[i] if floors is not None and i < len(floors) else 0.0
        try:
            moved = [t.to(on) if isinstance(t, torch.Tensor) else t for t in (o, o64, c, s, r)]
            cls, ev, msg = oracle.compare(moved[0], moved[1], moved[2], i, ratio, moved[3], judge_undefined=undefined,
                                          reach=moved[4], floor_scale=floor)
        except RuntimeError as exc:  # out of GPU memory: judge on the CPU
            if on == "cpu":
                raise
            log.warning("judging %s on the GPU failed (%s); on the CPU instead", case, exc)
            cls, ev, msg = oracle.compare(o, o64, c, i, ratio, s, judge_undefined=undefined, reach=r, floor_scale=floor)
        if cls in ("precision_loss", "numerical_mismatch") and case in _RANGE_CASES and ev is not None \
                and ev.rel_l2_err < _RANGE_CASE_REL_L2:
            continue  # rounding at large magnitudes, not a range fault
        if cls is not None:
            findings.append(_finding("oracle", cls, msg, case, **(ev.model_dump() if ev else {})))
    return findings


def _case_note(e: dict) -> str | None:
    notes = []
    for r in e.get("rejected") or []:
        notes.append(f"the reference rejected {r['overrides']} ({r['reason'][:160]})")
    if e.get("rejected"):
        notes.append(f"ran {e['overrides']} instead")
    if e.get("moved"):
        notes.append("the seeded inputs keep the reference saturated; moved: "
                     + ", ".join(f"input {m['input']} {m['move']}" for m in e["moved"]))
    if e.get("float64_rows"):
        notes.append(f"float64 truth on {e['float64_rows']} sampled batch rows (the output is large); the other rows "
                     "are judged against the float32 reference with the error measured on the sample")
    return "; ".join(notes) or None


def _case_infos(ref_events: list[dict], cases: list[CaseSpec]) -> list[CaseInfo]:
    by_name = {e["case"]: e for e in ref_events if e["event"] == "case_done"}
    infos = []
    for c in cases:
        e = by_name.get(c.name)
        if e:
            infos.append(CaseInfo(name=c.name, kind=c.kind, seed=c.seed, shapes=e["shapes"], dtypes=e["dtypes"],
                                  overrides=e.get("overrides", c.overrides), transform=c.transform, note=_case_note(e)))
    return infos


def _ran_as(cases: list[CaseSpec], ref_events: list[dict]) -> list[CaseSpec]:
    """The cases the reference completed, each with the overrides it ran (a shape case may have
    fallen back to one of its variants)."""
    done = {e["case"]: e for e in ref_events if e["event"] == "case_done"}
    return [c.model_copy(update={"overrides": done[c.name].get("overrides", c.overrides), "fallbacks": [],
                                 "smaller": []})
            for c in cases if c.name in done]


def _shape_notes(files: ProblemFiles, config: VerifyConfig) -> list[CheckNotRun]:
    if not config.shapes or files.shape_constants:
        return []
    return [CheckNotRun(check="case:shapes", reason="the problem writes its sizes inline (no module-level size "
                        "constant such as `batch_size = 128`): no boundary-shape case was run")]


def verify_paths(candidate: str | Path, reference: str | Path | None, config: VerifyConfig) -> VerifyReport:
    """Verify the candidate file against its reference file (or the Model in the candidate's own file)."""
    return verify_files(inspect_sources(candidate, reference), config)


def _needs_cuda_report(files: ProblemFiles, device: str, config: VerifyConfig, start: float) -> VerifyReport:
    """A CUDA-only candidate on a machine without CUDA: judged by the static checks alone (a cheat
    shows without running), otherwise `not_run`, before any reference is computed."""
    findings: list[Finding] = []
    checks_run: list[str] = []
    if config.anticheat:
        from kagent.verifiers.anticheat_static import static_findings

        findings = static_findings(files.candidate_source, reference_source=None if files.single_file else files.reference_source,
                                   profile=config.anticheat_profile)
        checks_run.append("anticheat.static")
    why = "; ".join(files.needs_cuda[:3])
    not_run = [CheckNotRun(check="verify", reason=f"needs CUDA ({why}); this machine has none")]
    report = _report(files, device, findings, [], checks_run, not_run,
                     Timing(status="not_measured", reason="needs CUDA"), time.monotonic() - start)
    if report.verdict == "cheat":
        return report
    return report.model_copy(update={"verdict": "not_run", "failure_class": None,
                                     "summary": f"needs CUDA: {why} (not run on this CPU-only machine)"})


# What a candidate that needs CUDA says when it is run without it anyway.
_NEEDS_CUDA_TEXT = ("CUDA_HOME environment variable is not set", "Torch not compiled with CUDA enabled",
                    "Found no NVIDIA driver", "No CUDA GPUs are available", "cuInit", "CUDA driver initialization failed",
                    "pycuda", "is_cuda")


def _needs_cuda_after_all(findings: list[Finding]) -> str | None:
    """Every error is the candidate's own complaint that it has no CUDA (an assert on .is_cuda, a
    missing CUDA_HOME): the message to report as `not_run` rather than a broken kernel."""
    errors = [f for f in findings if f.severity == "error"]
    if not errors or any(f.failure_class == "cheat" or f.check not in ("load", "run", "fresh_seed") for f in errors):
        return None
    for f in errors:
        text = f.message + "\n" + str(f.evidence.get("traceback", ""))[-1500:]
        if not any(t in text for t in _NEEDS_CUDA_TEXT):
            return None
    return errors[0].message


def verify_files(files: ProblemFiles, config: VerifyConfig) -> VerifyReport:
    with contextlib.ExitStack() as holds:  # the reference entries this verify reads
        return _verify_files(files, config, holds)


def _verify_files(files: ProblemFiles, config: VerifyConfig, holds: contextlib.ExitStack) -> VerifyReport:
    start = time.monotonic()
    device = resolve_device(config.device)
    if device == "cpu" and files.needs_cuda:
        return _needs_cuda_report(files, device, config, start)
    sandbox = sandbox_kind()
    if sandbox == "none" and config.require_sandbox:
        raise SandboxUnavailable("no OS sandbox works here (bubblewrap or unshare with Linux namespaces) and "
                                 "--require-sandbox was given: install bubblewrap or enable user namespaces")
    if config.seed is None:  # drawn fresh for this run, reported; --seed replays it
        config = config.model_copy(update={"seed": fresh_seed()})
    cases = plan_cases(config, files.shape_constants, files.reference_source, device)
    notes: list[Finding] = []
    clock = time.monotonic()
    if not reference_cached(files, cases, device, config) and not _forks(device):
        # the candidate's worker starts while the reference computes
        _start_spare(config, device, sandbox_spec(device, config, hidden_paths(files)))
    try:
        case_dir, ref_events = run_reference(files, cases, device, config, notes, holds)
    except ReferenceFailed:
        _drop_spare()
        raise
    phases = {"reference": time.monotonic() - clock}
    not_run = [CheckNotRun(check=f"case:{e['case']}", reason=e["reason"]) for e in ref_events if e["event"] == "case_skipped"]
    not_run += _shape_notes(files, config)
    run_cases = _ran_as(cases, ref_events)

    job = {
        "mode": "candidate", "case_dir": str(case_dir), "device": device,
        "candidate": str(files.candidate), "single_file": files.single_file,
        "cases": [c.model_dump() for c in run_cases],
        "timing": config.timing and device == "cuda", "timing_runs": config.timing_runs,
        "anticheat": config.anticheat, "batch_invariance": config.batch_invariance, "weights": config.weights,
        "bounds_check": config.bounds_check, "light_headers": config.light_headers,
        "reference_layers": sorted({n for e in ref_events if e["event"] == "case_done" for n in e.get("layers", [])}),
    }
    # drawn from os.urandom whatever the base seed (a suite memorised for a known seed fails the fresh case);
    # the perturbed run's other draws (earlier calls, clock offset, init factors) derive from it
    drawn = fresh_case_seed(config.fresh_case_seed)
    fresh = drawn if config.fresh_case else None
    plan = perturb.plan(drawn)
    rows = None
    if config.shapes and config.adversarial_cases and config.rows_past_4096:
        from kagent.verifiers.suite_adversarial import rows_past_cap_shrunk

        rows = rows_past_cap_shrunk(files.shape_constants, files.reference_source)
    # the second run (perturbed environment, fresh seed) and the compile check start alongside the main
    # worker where there are cores for it; on fewer they run after it, and only while they can still
    # change the verdict (a candidate the main run already fails is not run again)
    overlap = cores_to_overlap()
    deferred = [c for c in run_cases[1:] if c.name in COSTLY_CPU_CASES] if device == "cpu" and not overlap else []
    job["cases"] = [c.model_dump() for c in run_cases if c not in deferred]
    perturbed = None
    skipped: list[str] = []

    def start_perturbed() -> _Perturbed:
        pinned = config.fresh_case_seed is not None or bool(os.environ.get(FRESH_SEED_ENV))

        def cached(two: list[dict]) -> tuple[Path, list[dict]]:
            return run_reference(files, [CaseSpec(**c) for c in two], device, config, holds=holds)

        return _Perturbed(dict(job), config, device, hidden_paths(files), _reference_job(files, cases, device, config),
                          fresh, cached if pinned else None, plan, rows)

    if config.anticheat and run_cases and overlap:
        perturbed = start_perturbed()
    compiled = None
    if config.anticheat and device == "cpu" and run_cases:  # every launched kernel must compile for the GPU
        from kagent.verifiers.compile_check import CompileCheck

        job["compile_check"] = True
        compiled = CompileCheck(files.candidate_source, config.memory_limit_mb, _within(config, config.timeout_s),
                                sandbox_spec(device, config, hidden_paths(files)))
    clock = time.monotonic()
    result, work = _run_job(job, config, device, hide=hidden_paths(files))
    phases["candidate_worker"] = time.monotonic() - clock
    try:
        renames = _staged_renames(files, work)
        events = _events(work / "candidate_events.jsonl", renames)
        phases.update(_worker_phases(events))
        result = result.model_copy(update={k: _renamed(getattr(result, k), renames) for k in ("stderr_tail", "stdout_tail")})
        events, judged, refused = _judged(events, result, run_cases, case_dir, work, config, device)
        judged, degenerate = excuse_degenerate(judged, ref_events, lambda case: _output_shapes(work, case))
        not_run += refused + degenerate
        skip = {r.check.removeprefix("case:") for r in refused}
        findings = notes + judged
        findings += _weights_hint(events, findings)
        if config.anticheat:
            findings += _stale_output_findings(ref_events, events, run_cases, findings)
        if refused and len(refused) == sum(1 for c in run_cases if c.kind == "shape"):
            findings.append(Finding(check="shapes", severity="warning", failure_class=None,
                                    message="the candidate refuses every boundary shape: it was verified at the "
                                            "problem's own shapes only", evidence={"refused": sorted(skip)}))
        if config.anticheat:
            trap_findings, trap_not_run = _judge_trap_events(events, findings, case_dir, work, config)
            findings += trap_findings
            not_run += trap_not_run
        decided = any(f.severity == "error" for f in findings)
        if compiled is not None:
            clock = time.monotonic()
            compile_findings, compile_not_run = compiled.findings(
                Path(files.candidate), events, skip_unknown=_ALREADY_FAILS if decided and not overlap else None)
            phases["compile_check"] = time.monotonic() - clock
            findings += compile_findings
            not_run += compile_not_run
            skipped += ["compile.ttir"] if any(n.reason == _ALREADY_FAILS for n in compile_not_run) else []
        if config.anticheat and run_cases and perturbed is None:
            if decided:
                skipped.append("trap.environment")
                not_run += [CheckNotRun(check=c, reason=_ALREADY_FAILS)
                            for c in ["trap.environment", *([f"case:{FRESH_CASE}"] if fresh is not None else [])]]
            else:
                perturbed = start_perturbed()
        if deferred and decided:
            not_run += [CheckNotRun(check=f"case:{c.name}", reason=_ALREADY_FAILS) for c in deferred]
        elif deferred:
            clock = time.monotonic()
            later_events, later_findings, later_not_run = _run_deferred(job, deferred, config, device, files, case_dir)
            phases["deferred_cases"] = time.monotonic() - clock
            events += later_events
            findings += later_findings
            not_run += later_not_run
        if perturbed is not None:
            failed = {f.case for f in findings if f.severity == "error"}
            passed = {e["case"] for e in events if e["event"] == "case_done" and e["case"] not in failed}
            clock = time.monotonic()
            findings += perturbed.findings(case_dir, passed, config.error_ratio)
            phases["perturbed_wait"] = time.monotonic() - clock
            phases.update(perturbed.phases)
            if perturbed.fresh_note:
                not_run.append(CheckNotRun(check=f"case:{FRESH_CASE}", reason=perturbed.fresh_note))
            not_run += perturbed.notes
        if (config.index_past_2_24 and config.shapes and config.adversarial_cases and device == "cpu" and run_cases
                and not any(f.severity == "error" for f in findings) and _converts_float_to_int(events)):
            clock = time.monotonic()
            past_findings, past_not_run = _past_2_24(files, config, device, job, run_cases[0], holds)
            phases["past_2_24"] = time.monotonic() - clock
            findings += past_findings
            not_run += past_not_run
    finally:
        if compiled is not None:
            compiled.close()
        if perturbed is not None:
            perturbed.close()
        shutil.rmtree(work, ignore_errors=True)

    memcheck = config.sanitize or (config.sanitize_cuda_c and device == "cuda" and _is_cuda_c(files.candidate_source))
    if memcheck and any(f.severity == "error" for f in findings):
        # a second run of the whole candidate under the sanitizer (tens of seconds) cannot turn a fail into a pass
        not_run.append(CheckNotRun(check="sanitize.memcheck", reason="not needed: the candidate already fails"))
    elif memcheck:
        sanitized, reason = _sanitize(files, run_cases, case_dir, device, config)
        findings += sanitized
        if reason:
            not_run.append(CheckNotRun(check="sanitize.memcheck", reason=reason))
    checks_run = ["oracle", "canary.oob_write", "canary.oob_read", "canary.uninitialized", "canary.input_mutation"]
    if config.bounds_check and device == "cpu":
        checks_run.append("interpreter.bounds")
    if config.determinism:
        checks_run.append("determinism (bitwise)" if config.strict_determinism else "determinism")
    if config.batch_invariance:
        checks_run.append("batch_invariance")
        not_run += _batch_invariance_not_run(events)
    if config.anticheat:
        from kagent.verifiers.anticheat_static import static_findings

        clock = time.monotonic()
        static = static_findings(files.candidate_source, reference_source=None if files.single_file else files.reference_source,
                                 profile=config.anticheat_profile)
        phases["static"] = time.monotonic() - clock
        findings = _layer_policy(static, job["reference_layers"]) + findings
        checks_run += [c for c in ["anticheat.static", "trap.provenance", "trap.replay", "trap.repeat", "trap.environment",
                                   "trap.launch_count", "trap.ghost_replay", "trap.output_caching",
                                   *(["compile.ttir"] if compiled is not None else []),
                                   "trap.output_aliasing", "trap.output_type", "trap.integrity"] if c not in skipped]
    if sandbox == "none":
        not_run.append(CheckNotRun(check="sandbox", reason="no OS sandbox works here: the candidate ran with the "
                                   "user's filesystem, processes and network in reach"))
    if config.deadline is not None and time.monotonic() >= config.deadline \
            and not any(f.severity == "error" for f in findings):
        # a worker cut at the deadline may have left a check unfinished (memcheck, a case): no pass rests on that
        findings.append(_finding("worker", "timeout", "the verify ran to its caller's deadline (a repair's time "
                                 "left): a check it cut short proves nothing"))
    timing = _timing(ref_events, events, device, config)
    report = _report(files, device, findings, _case_infos(ref_events, cases), checks_run, not_run, timing,
                     time.monotonic() - start)
    report = report.model_copy(update={"sandbox": result.sandbox, "seed": config.seed,
                                       "fresh_case_seed": fresh if perturbed is not None and perturbed.fresh else None,
                                       "perturbation": (perturbed.applied or None) if perturbed is not None else None,
                                       "phases": {k: round(v, 3) for k, v in phases.items()}})
    why = _needs_cuda_after_all(findings) if device == "cpu" and report.verdict == "fail" else None
    if why:
        report = report.model_copy(update={"verdict": "not_run", "failure_class": None,
                                           "summary": f"needs CUDA: the candidate stops without it ({why[:200]})"})
    return report


def _run_deferred(job: dict, deferred: list[CaseSpec], config: VerifyConfig, device: str, files: ProblemFiles,
                  case_dir: Path) -> tuple[list[dict], list[Finding], list[CheckNotRun]]:
    """The costly cases the main run left out, in a worker of their own (the same job, no traps: those
    ran on the main run's first case); judged as the main run's cases are. No cost budget: its
    yardstick would be the candidate's own CPU time, which a kernel wrong past a grid cap could inflate
    to skip the case. A case that neither finished nor was refused fails: a run that ends early must
    not pass by saying nothing."""
    later = {**job, "cases": [c.model_dump() for c in deferred], "first_case": job["cases"][0]["name"],
             "compile_check": False}
    result, work = _run_job(later, config, device, hide=hidden_paths(files))
    try:
        events = _events(work / "candidate_events.jsonl", _staged_renames(files, work))
        events, findings, refused = _judged(events, result, deferred, case_dir, work, config, device)
        done = {e["case"] for e in events if e["event"] == "case_done"} | {r.check.removeprefix("case:") for r in refused}
        if not any(f.severity == "error" for f in findings):
            findings += [_finding("worker", "crash", f"the case did not complete in its worker ({result.status})", c.name)
                         for c in deferred if c.name not in done]
        return [e for e in events if e["event"] in ("case_start", "case_done")], findings, refused
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _judged(events: list[dict], result: SandboxResult, cases: list[CaseSpec], case_dir: Path, work: Path,
            config: VerifyConfig, device: str) -> tuple[list[dict], list[Finding], list[CheckNotRun]]:
    """A candidate worker's events judged: boundary shapes it refused loudly become notes (their
    results dropped), the rest go through the oracle and the reach / reference-read / HOME checks.
    Returns the kept events, the findings and the refusals."""
    refused = _refused_shapes(events, cases)
    skip = {r.check.removeprefix("case:") for r in refused}
    events = [e for e in events if not (e["event"] == "case_done" and e["case"] in skip)]
    findings = _judge_events(events, result, case_dir, work, config, device) + _reference_read_findings(events)
    findings += _home_write_findings(work)
    return events, findings, refused


def _output_shapes(work: Path, case: str) -> list[list[int]] | None:
    """The candidate's output shapes at a case (its saved outputs), None where it saved none."""
    import torch

    path = work / f"cand_{case}.pt"
    if not path.is_file():
        return None
    outs = torch.load(path, weights_only=True)
    return [list(o.shape) if isinstance(o, torch.Tensor) else [] for o in outs]


def _worker_phases(events: list[dict]) -> dict[str, float]:
    """The candidate worker's time from its events (t: seconds since its job arrived)."""
    first = next((e["t"] for e in events if e["event"] == "case_start" and "t" in e), None)
    done = [e for e in events if e["event"] == "case_done"]
    if first is None:
        return {}
    traps = sum(e.get("trap_seconds", 0.0) for e in done)
    return {"import": first, "cases": sum(e.get("seconds", 0.0) for e in done) - traps, "traps": traps}


def _stale_output_findings(ref_events: list[dict], events: list[dict], cases: list[CaseSpec],
                           findings: list[Finding]) -> list[Finding]:
    """A wrong result that is bit for bit the candidate's own right result of an earlier case on the
    same model (the first of its group, or the one just before), where the reference's results differ:
    an output cached across calls (each worker shares one ModelNew between cases of the same sizes)."""
    ref = {e["case"]: e.get("digest") for e in ref_events if e["event"] == "case_done"}
    cand = {e["case"]: e.get("digest") for e in events if e["event"] == "case_done"}
    wrong = {f.case for f in findings if f.check == "oracle" and f.severity == "error"}
    out: list[Finding] = []
    seed = {c.name: c.seed for c in cases}
    groups: dict[tuple, list[str]] = {}
    for c in cases:
        groups.setdefault((tuple(sorted(c.overrides.items())), c.init_seed), []).append(c.name)
    for names in groups.values():
        for i, name in enumerate(names[1:], start=1):
            # the caching signature: right on the earlier case, the same bits again on new inputs (a kernel
            # wrong everywhere in the same way, e.g. an output it never writes, is a failure, not a cache)
            earlier = next((e for e in dict.fromkeys([names[0], names[i - 1]])
                            if e not in wrong and seed.get(e) != seed.get(name)  # other draws, not a variant
                            and cand.get(e) and cand.get(e) == cand.get(name)   # of the same inputs
                            and ref.get(e) != ref.get(name)), None)
            if name in wrong and earlier:
                out.append(Finding(check="trap.output_caching", severity="error", failure_class="cheat", case=name,
                                   message=f"returned exactly its own output of case {earlier} (other inputs, another "
                                           "expected result): results are cached across calls",
                                   evidence={"earlier_case": earlier}))
    return out


def _weights_hint(events: list[dict], findings: list[Finding]) -> list[Finding]:
    """A wrong result from a ModelNew whose parameters, built under Model's seed, differ from Model's:
    say so (an info finding); it is the usual cause when the candidate makes them in another order."""
    w = next((e["weights"] for e in events if e["event"] == "case_done" and "weights" in e), None)
    wrong = any(f.failure_class in ("numerical_mismatch", "precision_loss") for f in findings)
    if not wrong or not w or w["status"] not in ("differ", "own_layout"):
        return []
    what = (f"parameters {', '.join(w['keys'][:5])} hold other values than Model's" if w["status"] == "differ"
            else f"parameters are laid out differently from Model's ({', '.join(w['keys'][:5])})")
    return [Finding(check="weights", severity="info", message=(
        f"ModelNew was built under the seed Model was built with (KernelBench's protocol), and its {what}: if "
        "it is meant to hold the same weights, create them in the same order as Model does (or verify with "
        "weights='copy' to load Model's parameters where names and shapes agree)"), evidence=w)]


# exceptions by which a kernel says "not this shape" (Triton's compile errors are classed compile_error)
# a host-side division by a size that is zero at this shape (`1 / (n_bins - 1)` at one bin) is as loud:
# the formula does not define the size, and raising it gives a kernel nothing ValueError does not
_REFUSALS = ("AssertionError", "NotImplementedError", "ValueError", "ZeroDivisionError")


def _is_cuda_c(source: str) -> bool:
    """CUDA C candidates: torch.utils.cpp_extension.load_inline or pycuda's SourceModule."""
    return "load_inline" in source or "SourceModule" in source


def _is_refusal(err: dict) -> bool:
    """A compile error, an assertion or an explicit exception: the candidate saying "not this"."""
    # the interpreter wraps what a GPU build rejects at compile time (e.g. tl.arange(0, 0)) in InterpreterError
    wrapped = err["type"] == "InterpreterError" and (err["message"] or "").startswith(tuple(f"{r}(" for r in _REFUSALS))
    return err["failure_class"] == "compile_error" or err["type"] in _REFUSALS or wrapped


def _refused_shapes(events: list[dict], cases: list[CaseSpec]) -> list[CheckNotRun]:
    """Boundary-shape cases (not the problem's own shapes) that the candidate refused loudly: a
    compile error, an assertion or an explicit exception is "shape not supported", not a failure.
    A silent wrong result at such a shape stays a failure."""
    shape_cases = {c.name for c in cases if c.kind == "shape"}
    out = []
    for e in events:
        err = e.get("error") if e["event"] == "case_done" and e["case"] in shape_cases else None
        if err and _is_refusal(err):
            first = _first_line(err["message"])
            out.append(CheckNotRun(check=f"case:{e['case']}",
                                   reason=f"shape not supported by the candidate ({err['type']}: {first[:200]})"))
    return out


_NN_LAYER = re.compile(r"`torch\.nn\.(\w+)`")


def _layer_policy(static: list[Finding], reference_layers: list[str]) -> list[Finding]:
    """The provenance policy applies to the static pass too: an nn layer with weights that the
    reference itself holds (a level-2 problem keeping torch's conv) is allowed, reported as info.
    Dynamic provenance and ghost replay still judge what the rest of the forward does."""
    out = []
    for f in static:
        m = _NN_LAYER.search(f.message) if f.check == "anticheat.torch_compute" and f.severity == "error" else None
        if m and m.group(1) in reference_layers:
            f = f.model_copy(update={"severity": "info", "failure_class": None,
                                     "message": f.message + " (allowed: the reference holds the same layer)"})
        out.append(f)
    return out


def _home_write_findings(work: Path) -> list[Finding]:
    """Files the candidate wrote into its private HOME (the OS sandbox keeps them from the user's
    own, whatever route was taken: Python, ctypes, a child process). Reported, not a failure: they
    were discarded with the sandbox."""
    written = home_writes(work)
    if not written:
        return []
    return [Finding(check="sandbox.home_write", severity="warning",
                    message=f"the candidate wrote {len(written)} file(s) into HOME ({written[0]}, ...): the sandbox's "
                            "HOME is private and was discarded; nothing reached the user's",
                    evidence={"files": written})]


def _reference_read_findings(events: list[dict]) -> list[Finding]:
    """The candidate reached for the reference's expected outputs (denied in the worker), wrote
    outside its own folder, or read other processes' or the user's private files: a cheat, whatever
    the anti-cheat settings."""
    out = []
    reach = sorted({r for e in events for r in e.get("reach") or []})
    if reach:
        out.append(Finding(check="trap.reach", severity="error", failure_class="cheat",
                           message=f"the candidate reached outside its sandbox ({len(reach)} attempt(s)): {reach[0]}",
                           evidence={"attempts": reach[:10]}))
    reads = sorted({r for e in events for r in e.get("reference_reads") or []})
    if not reads:
        return out
    return out + [Finding(check="trap.reference_read", severity="error", failure_class="cheat",
                    message=f"the candidate tried to read the reference's expected outputs ({len(reads)} attempt(s), denied)",
                    evidence={"attempts": reads[:10]})]


def _judge_events(events: list[dict], result: SandboxResult, case_dir: Path, work: Path, config: VerifyConfig,
                  device: str = "cpu") -> list[Finding]:
    findings: list[Finding] = []
    for e in events:
        if e["event"] == "import_error":
            findings.append(_finding("load", e["failure_class"], f"importing the candidate failed: {e['type']}: {_first_line(e['message'])}",
                                     traceback=e["traceback"]))
        elif e["event"] == "case_done":
            findings.extend(_judge_case(e["case"], e, case_dir, work, config.error_ratio, config.strict_determinism,
                                        device))
    if result.status != "ok" or not any(e["event"] == "done" for e in events):
        started = [e["case"] for e in events if e["event"] == "case_start"]
        finished = {e["case"] for e in events if e["event"] == "case_done"}
        case = next((c for c in started if c not in finished), None)
        where = f" in case {case}" if case else ""
        if result.status == "timeout":
            findings.append(_finding("worker", "timeout", f"the candidate made no progress for {config.timeout_s:.0f} s{where}",
                                     case, stderr_tail=result.stderr_tail[-2000:]))
        elif result.status == "crash":
            findings.append(_finding("worker", "crash", f"the worker died of {result.signal}{where}", case,
                                     signal=result.signal, stderr_tail=result.stderr_tail[-2000:]))
        elif not findings:
            findings.append(_finding("worker", "crash", f"the worker exited with code {result.returncode}{where}", case,
                                     returncode=result.returncode, stderr_tail=result.stderr_tail[-2000:]))
    return findings


def _sanitize(files: ProblemFiles, cases: list[CaseSpec], case_dir: Path, device: str,
              config: VerifyConfig) -> tuple[list[Finding], str | None]:
    """The candidate once more, under compute-sanitizer memcheck, without guard regions."""
    from kagent.verifiers import sanitize

    if device != "cuda":
        return [], "compute-sanitizer needs CUDA"
    if sanitize.sanitizer_path() is None:
        return [], "compute-sanitizer is not installed"
    work = Path(tempfile.mkdtemp(prefix="kagent-sanitize-"))
    try:
        picked = [c.model_copy(update={"full_checks": False, "determinism": False}) for c in cases
                  if c.name == cases[0].name or c.kind == "shape"]
        job = {"mode": "candidate", "case_dir": str(case_dir), "device": device,
               "candidate": str(files.candidate), "single_file": files.single_file, "plain": True,
               "cases": [c.model_dump() for c in picked], "timing": False, "timing_runs": 0, "anticheat": False}
        log_file = work / "memcheck.log"
        result, _ = _run_job(job, config, device, hide=hidden_paths(files), prefix=sanitize.argv_prefix(log_file),
                             env={"PYTORCH_NO_CUDA_MEMORY_CACHING": "1"}, scratch=work)
        text = redact(log_file.read_text()) if log_file.exists() else ""
        found = sanitize.findings_from_log(text)
        if not found and result.status != "ok":
            return [], f"the sanitized run did not finish ({result.status}): {result.stderr_tail[-300:]}"
        return found, None
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _batch_invariance_not_run(events: list[dict]) -> list[CheckNotRun]:
    bi = next((e["batch_invariance"] for e in events if e["event"] == "case_done" and "batch_invariance" in e), None)
    if bi is None:
        return [CheckNotRun(check="batch_invariance", reason="the first case did not complete")]
    return [CheckNotRun(check="batch_invariance", reason=bi["reason"])] if bi["status"] == "not_run" else []


def _judge_trap_events(events, findings, case_dir, work, config):
    from kagent.verifiers.anticheat_dynamic import judge_traps

    failed = {f.case for f in findings if f.severity == "error"}
    passed = {e["case"] for e in events if e["event"] == "case_done" and e["case"] not in failed}
    out, not_run = [], []
    for e in events:
        if e["event"] == "case_done" and "launches" in e and "error" not in e:
            f, n = judge_traps(e["case"], e, case_dir, work, config.error_ratio, passed)
            out += f
            not_run += n
    return out, not_run


def _timing(ref_events: list[dict], cand_events: list[dict], device: str, config: VerifyConfig) -> Timing:
    if device != "cuda":
        return Timing(status="not_measured", reason="the CPU interpreter is not a performance target")
    if not config.timing:
        return Timing(status="not_measured", reason="timing disabled")
    ref = next((e for e in ref_events if e["event"] == "timing"), None)
    cand = next((e for e in cand_events if e["event"] == "timing"), None)
    if not ref or not cand:
        return Timing(status="not_measured", reason="the candidate did not complete its first case")
    return Timing(status="measured", reference_ms=ref["median_ms"], candidate_ms=cand["median_ms"],
                  reference_spread=ref["spread"], candidate_spread=cand["spread"],
                  speedup=ref["median_ms"] / cand["median_ms"] if cand["median_ms"] > 0 else None, runs=int(cand["runs"]))


def main_failure_class(errors: list[Finding], case_order: list[str]) -> FailureClass | None:
    """The failure to repair first: a cheat or a case-less failure (load, crash) if any, else the
    most specific class of the first failing case in suite order (the problem's own inputs come
    before stress values and boundary shapes)."""
    def best(fs: list[Finding]) -> FailureClass | None:
        classes = {f.failure_class for f in fs if f.failure_class}
        return next((c for c in PRIORITY if c in classes), None)

    if any(f.failure_class == "cheat" for f in errors):
        return "cheat"
    caseless = [f for f in errors if f.case is None]
    if caseless:
        return best(caseless)
    for name in case_order:
        in_case = [f for f in errors if f.case == name]
        if in_case:
            return best(in_case)
    return best(errors)


def _report(files, device, findings, cases, checks_run, not_run, timing, seconds) -> VerifyReport:
    errors = [f for f in findings if f.severity == "error"]
    failure_class = main_failure_class(errors, [c.name for c in cases])
    if not errors:
        unjudged = {n.check.removeprefix("case:") for n in not_run} & {c.name for c in cases}
        verdict, summary = "pass", f"equivalent to the reference on {len(cases) - len(unjudged)} cases"
    else:
        verdict = "cheat" if failure_class == "cheat" else "fail"
        failing = sorted({f.case for f in errors if f.case})
        main = next(f for f in errors if f.failure_class == failure_class)
        # the perturbed run's cases (fresh seed, init factors, non-contiguous, 4097 rows) count in both
        judged = {c.name for c in cases} | set(failing)
        summary = f"{failure_class}: {main.message}" + (f" [case {main.case}; {len(failing)} of {len(judged)} cases fail]" if main.case else "")
    return VerifyReport(
        verdict=verdict, failure_class=failure_class, summary=summary, candidate=str(files.candidate),
        reference=str(files.reference), device=device, findings=findings, cases=cases, checks_run=checks_run,
        checks_not_run=not_run, timing=timing, seconds=round(seconds, 3),
    )
