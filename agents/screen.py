"""The cheap screen of the repair search: many candidate sources judged in one worker on the cases
the base fails (plus the first seed), against the verifier's cached reference outputs.

A screen orders and filters candidates; it never repairs anything: a candidate that passes the
screen still goes through the full verifier (anti-cheat, every case, canaries, determinism).
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import shutil
import tempfile
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from kagent.config import VerifyConfig
from kagent.tools import forkserver
from kagent.tools.sandbox import Spawned, candidate_env, python_argv
from kagent.verifiers import casefiles
from kagent.verifiers.verify import sandbox_spec

log = logging.getLogger("kagent.agents.screen")

_WORKER = "kagent.verifiers.screen_worker"
CUDA_C_COMPILE_S = 180.0  # a load_inline build of one edited candidate, at most
# fresh workers after candidates that broke the CUDA context (an illegal address is sticky: every later
# candidate of that process would fail with it); each costs a process start, not a build
MAX_RESTARTS = 24


class ScreenResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    passed: bool
    score: list[float] = Field(description="lower is better: tier, failing cases, failure classes, worst mismatch "
                               "fraction, log10 of the worst relative L2 error")
    failing: dict[str, list[str]] = Field(default_factory=dict, description="case -> failure classes")
    message: str = ""
    seconds: float = 0.0
    rels: dict[str, float] = Field(default_factory=dict, description="case -> relative L2 error (1e30: not run)")
    wrong: dict[str, float] = Field(default_factory=dict, description="case -> mismatched elements, every output "
                                    "(1e30: not run or not comparable)")

    def summary(self) -> str:
        if self.passed:
            return "passes the screen"
        parts = [f"{c}: {', '.join(k)}" for c, k in list(self.failing.items())[:4]]
        return "; ".join(parts) + (f" ({self.message})" if self.message else "")


def _score(rec: dict) -> ScreenResult:
    if "import_error" in rec:
        return ScreenResult(passed=False, score=[2.0, 99.0, 1.0, 1.0, 30.0], failing={"import": [rec["import_error"]]},
                            message=rec.get("message", "")[:200], seconds=rec.get("seconds", 0.0))
    failing = {c: r["classes"] for c, r in rec["cases"].items() if r["classes"]}
    run_fail = any(r.get("error") for r in rec["cases"].values())
    fr = max([r["fraction"] for r in rec["cases"].values()] or [0.0])
    rel = max([r["rel_l2"] for r in rec["cases"].values()] or [0.0])
    tier = 0.0 if not failing else (2.0 if run_fail else 1.0)
    msg = next((r.get("error") or r.get("note") for r in rec["cases"].values() if r.get("error") or r.get("note")), "") or ""
    return ScreenResult(passed=not failing, score=[tier, float(len(failing)),
                                                   float(len({k for v in failing.values() for k in v})), round(fr, 6),
                                                   round(math.log10(rel), 3) if rel > 0 else -30.0],
                        failing=failing, message=msg[:200], seconds=rec.get("seconds", 0.0),
                        rels={c: float(r.get("rel_l2", 1e30)) for c, r in rec["cases"].items()},
                        wrong={c: float(r.get("wrong", 1e30)) if not r.get("error") else 1e30
                               for c, r in rec["cases"].items()})


class Screener:
    """Judges candidate sources of one kernel on a few cases, in one worker per batch."""

    def __init__(self, candidate: Path, reference: Path, config: VerifyConfig, *, per_candidate_s: float = 30.0,
                 interpret: bool = True, workers: int = 1):
        """interpret: Triton candidates are screened on the CPU under the interpreter even where the
        verify runs on a GPU (there every edited source would compile first). workers: a CPU screen's
        batch is split over this many workers, run side by side."""
        self.candidate, self.reference, self.config = Path(candidate), Path(reference), config
        self.interpret = interpret
        self.failing_cases: list[str] = []
        self.verify_device = "cpu"
        self.per_candidate_s = per_candidate_s
        self.workers = workers
        self._lock = threading.Lock()
        self.case_dir: Path | None = None
        self.cases: list[dict] = []
        self.device = "cpu"
        self.single_file = False
        self.work = Path(tempfile.mkdtemp(prefix="kagent-screen-"))  # the candidates' files, read-only to the worker
        self.hide: list[str] = []
        self.batches = 0
        self.screened = 0
        self.seconds = 0.0
        self.holds = contextlib.ExitStack()  # the reference entry it reads (kept from prune until close)
        self.base_seconds = 0.0
        self.base_cases: dict | None = None  # the current base's own per-case record
        self.extensions: dict[str, float] = {}  # load_inline candidates: distinct sources, shared builds, seconds
        # CUDA C candidates compile (nvcc) on first use: each edit is a new extension to build
        self.cuda_c = any(k in self.candidate.read_text() for k in ("load_inline", "cpp_extension", "SourceModule"))
        if self.cuda_c:
            self.per_candidate_s = max(self.per_candidate_s, CUDA_C_COMPILE_S)
        # a load_inline batch is one shared extension build (verifiers/extension_batch.py) whose time is
        # the torch headers', not the variants': the search makes its batches this much wider (64, 192 and
        # 384 edits: one build each, two for the rewrites' batches)
        self.batch_scale = 8 if self.cuda_c else 1
        self.light_headers = True  # the shared builds' CUDA files on torch/types.h (verifiers/extension_batch.py)

    def close(self) -> None:
        self.holds.close()
        shutil.rmtree(self.work, ignore_errors=True)

    def prepare(self, failing_cases: Sequence[str]) -> str | None:
        """The reference's case files (the full verify's cache) and the cases to screen on.
        Returns why the screen cannot run, or None."""
        from kagent.verifiers.verify import resolve_device

        self.failing_cases = list(failing_cases)
        self.verify_device = resolve_device(self.config.device)
        device = "cpu" if self.interpret and not self.cuda_c else self.verify_device
        return self._prepare(device)

    def _prepare(self, device: str) -> str | None:
        from kagent.errors import InputError, ReferenceFailed
        from kagent.tools.problem import inspect_sources
        from kagent.verifiers.suite import plan_cases
        from kagent.verifiers.verify import hidden_paths, run_reference

        config = self.config.model_copy(update={"device": device})
        try:
            files = inspect_sources(self.candidate, None if self.reference == self.candidate else self.reference)
            self.hide = hidden_paths(files)
            planned = plan_cases(config, files.shape_constants, files.reference_source, device)
            # the reference runs only the screen's cases: the first seed and the failing ones, at most
            # 5, shapes last (they re-execute the module); not the whole suite's costly shapes
            want = [c for c in planned if c.name in self.failing_cases or c.name == planned[0].name]
            want.sort(key=lambda c: (c.name != planned[0].name, c.kind == "shape"))
            want = want[:5]
            case_dir, events = run_reference(files, want, device, config, holds=self.holds)
        except (InputError, ReferenceFailed, OSError) as exc:
            return f"{type(exc).__name__}: {exc}"
        ran = {e["case"] for e in events if e["event"] == "case_done"}
        if device != self.verify_device and self._unplannable({c.name for c in planned}, {c.name for c in want}, ran):
            # a case the verify failed that the interpreter's plan lacks or skips (a size cost-gated on
            # the CPU): screening without it would pass what the GPU fails
            self.holds.close()
            self.holds = contextlib.ExitStack()
            return self._prepare(self.verify_device)
        want = [c for c in want if c.name in ran]
        if not want:
            return "no case of the screen has reference outputs"
        self.cases = [c.model_dump() for c in want]
        self.case_dir, self.device = case_dir, device
        # the repair's candidates are files of their own, verified against the original: never one
        # file with their reference (shape overrides reach the reference module only), as in verify
        self.single_file = False
        return None

    def _unplannable(self, planned: set[str], wanted: set[str], ran: set[str]) -> bool:
        """A failing case this plan lacks, or one of the screen's that its reference did not run."""
        from kagent.verifiers.verify import PERTURBED_CASES

        return any(c not in PERTURBED_CASES and (c not in planned or (c in wanted and c not in ran))
                   for c in self.failing_cases)

    def candidate_timeout_s(self) -> float:
        """A candidate may take this long on the screen's cases: 5x the base (screened first), at least 10 s."""
        if self.cuda_c:
            return CUDA_C_COMPILE_S + 5.0 * self.base_seconds
        return max(10.0, 5.0 * self.base_seconds) if self.base_seconds else self.per_candidate_s

    @property
    def case_names(self) -> list[str]:
        return [c["name"] for c in self.cases]

    def _run(self, paths: list[str], todo: list[int], timeout_s: float | None, base_first: bool,
             t0: float) -> dict[int, ScreenResult]:
        """Judge paths[i] for i in `todo` in one worker (started again past a crash or a timeout)."""
        results: dict[int, ScreenResult] = {}
        batch = [paths[i] for i in todo]  # built together once; a restarted worker finds that build
        attempts = restarts = 0
        while todo and attempts < 3 and restarts <= MAX_RESTARTS:
            # the candidates are untrusted code: the worker runs in the OS sandbox as the verifier's do,
            # seeing its candidates and the cases' inputs and expected outputs read-only, writing only
            # its own scratch folder (the cache, the reference and the run directory stay out of reach)
            argv, env = python_argv(_WORKER), candidate_env(self.device)
            limit = self.config.memory_limit_mb if self.device == "cpu" else None
            spec = sandbox_spec(self.device, self.config, self.hide,
                                [str(self.work), str(casefiles.expected_dir(self.case_dir))])
            worker = (forkserver.forked(argv, env, limit, spec)
                      or Spawned(argv, env=env, cwd=self.work, memory_limit_mb=limit, spec=spec))
            with self._lock:
                out = worker.scratch / f"batch_{self.batches}.jsonl"
                self.batches += 1
            job = {"case_dir": str(self.case_dir), "device": self.device, "single_file": self.single_file,
                   "cases": self.cases, "candidates": [paths[i] for i in todo], "ratio": self.config.error_ratio,
                   "out": str(out), "candidate_timeout_s": self.candidate_timeout_s(),
                   "weights": getattr(self.config, "weights", "seeded"), "bounds_check": self.config.bounds_check,
                   "batch_extensions": self.cuda_c, "light_headers": self.light_headers,
                   "build": batch if self.cuda_c else None,
                   # the base is the first source of the first batch: candidates no better than it on a
                   # case stop there
                   "base": "first" if base_first and todo[0] == 0 else self.base_cases}
            limit = 60.0 + self.per_candidate_s * len(todo)
            if timeout_s is not None:
                limit = max(5.0, min(limit, timeout_s - (time.monotonic() - t0)))
            try:
                res = worker.finish(json.dumps(job).encode(), limit)
                lines = out.read_text().splitlines() if out.exists() else []
            finally:
                shutil.rmtree(worker.scratch, ignore_errors=True)
            got = []
            for line in lines:
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    break
                got.append(rec)
            for rec in [r for r in got if "extensions" in r]:
                light = rec["extensions"].pop("light", True)
                self.light_headers = self.light_headers and light
                for k, v in rec["extensions"].items():
                    self.extensions[k] = self.extensions.get(k, 0) + v
            restart = any("restart" in r for r in got)
            got = [r for r in got if "index" in r]
            for rec in got:
                results[todo[rec["index"]]] = _score(rec)
                if base_first and todo[rec["index"]] == 0 and "cases" in rec:
                    self.base_cases = rec["cases"]
            done = len(got)
            if restart and res.status == "ok":  # a candidate broke the worker's CUDA context: the rest go again
                todo = todo[done:]
                restarts += 1
                if timeout_s is not None and time.monotonic() - t0 >= timeout_s:
                    break
                continue
            if res.status == "ok" or done >= len(todo):
                todo = todo[done:]
                break
            attempts += 1
            # the worker died or timed out on todo[done]: that one is judged; the rest go again
            why = {"timeout": "timed out", "crash": f"crashed ({res.signal})"}.get(res.status, f"failed: {res.stderr_tail[-200:]}")
            results[todo[done]] = ScreenResult(passed=False, score=[3.0, 99.0, 1.0, 1.0, 30.0],
                                               failing={"screen": [res.status]}, message=f"the screen worker {why}")
            todo = todo[done + 1:]
            if timeout_s is not None and time.monotonic() - t0 >= timeout_s:
                break
        for i in todo:
            results[i] = ScreenResult(passed=False, score=[3.0, 99.0, 1.0, 1.0, 30.0], failing={"screen": ["not_run"]},
                                      message="not screened: out of time")
        return results

    def screen(self, sources: Sequence[str], *, timeout_s: float | None = None,
               base_first: bool = False) -> list[ScreenResult]:
        """One result per source (a candidate the worker did not reach in time: tier 3). base_first:
        the first source is the search's base (its record then stops the candidates no better than it)."""
        if base_first:
            self.base_cases = None
        assert self.case_dir is not None, "prepare() first"
        t0 = time.monotonic()
        paths = []
        for s in sources:
            p = self.work / f"cand_{self.screened + len(paths)}.py"
            p.write_text(s)
            paths.append(str(p))
        # the base's batch runs in one worker (its record is what the others are judged against); a
        # later batch is split over the CPU screen's workers, side by side
        # (a batch of C++ extensions is one shared build: split, each worker would build its own)
        n = 1 if base_first or self.device != "cpu" or self.cuda_c else max(1, min(self.workers, len(paths) // 4))
        chunks = [list(range(len(paths)))[i::n] for i in range(n)]
        results: dict[int, ScreenResult] = {}
        if n == 1:
            results = self._run(paths, chunks[0], timeout_s, base_first, t0)
        else:
            with ThreadPoolExecutor(n) as pool:
                for part in pool.map(lambda c: self._run(paths, c, timeout_s, False, t0), chunks):
                    results.update(part)
        self.screened += len(paths)
        self.seconds += time.monotonic() - t0
        base = results.get(0) if base_first else None
        if base is not None and self.device != self.verify_device and (base.passed or base.score[0] >= 2):
            # the interpreter cannot tell this base from a fix (it passes there: a GPU-only fault) or
            # cannot run it: the screen moves to the verify's device, once
            log.info("the interpreter screen %s the base: screening on %s", "passes" if base.passed else "cannot run",
                     self.verify_device)
            self.holds.close()
            self.holds = contextlib.ExitStack()
            if self._prepare(self.verify_device) is None:
                left = None if timeout_s is None else timeout_s - (time.monotonic() - t0)
                return self.screen(sources, timeout_s=left, base_first=True)
        if not self.base_seconds and results.get(0) is not None and results[0].score[0] < 2:
            self.base_seconds = results[0].seconds  # the first source of the first batch is the base
        return [results[i] for i in range(len(paths))]
