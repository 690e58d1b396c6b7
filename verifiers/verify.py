"""`verify`: run the reference and the candidate in sandboxed workers and judge the candidate.

1. plan the input suite (verifiers/suite.py);
2. run the reference job (cached by content: the repair loop re-verifies against the same
   reference many times);
3. run the candidate job in a fresh worker;
4. turn the worker's events and outputs into findings (oracle, canaries, determinism, timing).
"""

from __future__ import annotations

import atexit
import hashlib
import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from kagent.config import VerifyConfig, cache_dir
from kagent.errors import InputError, ReferenceFailed
from kagent.log import get_logger
from kagent.report import CaseInfo, CheckNotRun, FailureClass, Finding, Timing, VerifyReport
from kagent.tools.problem import ProblemFiles, inspect_sources
from kagent.tools.sandbox import SandboxResult, Spawned, candidate_env, python_argv
from kagent.verifiers import casefiles, oracle
from kagent.verifiers.suite import CaseSpec, plan_cases

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


# One worker started ahead of need, per process (see tools/sandbox.Spawned). Only callers that
# verify again and again (the repair loop, batches) ask for it with VerifyConfig.prewarm.
_spare: Spawned | None = None


def _drop_spare() -> None:
    global _spare
    if _spare is not None:
        _spare.kill()
        _spare = None



def _run_job(job: dict, config: VerifyConfig, device: str, cwd: Path, prefix: list[str] | None = None,
             env: dict[str, str] | None = None) -> SandboxResult:
    global _spare
    argv = [*(prefix or []), *python_argv(_HARNESS)]
    full_env = candidate_env(device, env)
    limit = config.memory_limit_mb if device == "cpu" else None
    stdin = json.dumps(job).encode()
    timeout = config.timeout_s * (4 if prefix else 1)
    worker = None
    if _spare is not None and _spare.key == (tuple(argv), tuple(sorted(full_env.items())), limit) and _spare.alive():
        worker, _spare = _spare, None
    elif _spare is not None:
        _drop_spare()
    if worker is None:
        worker = Spawned(argv, env=full_env, cwd=cwd, memory_limit_mb=limit)
    result = worker.finish(stdin, timeout)
    if config.prewarm and prefix is None:
        _spare = Spawned(argv, env=full_env, cwd=Path(tempfile.gettempdir()), memory_limit_mb=limit)
        if not getattr(_drop_spare, "registered", False):
            atexit.register(_drop_spare)
            _drop_spare.registered = True  # type: ignore[attr-defined]
    return result


def _events(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:  # a line cut short by a crash
            break
    return out


# --- the reference, cached ----------------------------------------------------------------------


def _reference_key(files: ProblemFiles, cases: list[CaseSpec], device: str, config: VerifyConfig) -> str:
    import torch

    h = hashlib.sha256()
    h.update(files.reference_source.encode())
    h.update(json.dumps([c.model_dump() for c in cases], sort_keys=True).encode())
    h.update(f"{device}|{torch.__version__}|{config.max_shape_numel}|{config.timing}|v7".encode())
    return h.hexdigest()[:24]


def run_reference(files: ProblemFiles, cases: list[CaseSpec], device: str, config: VerifyConfig) -> tuple[Path, list[dict]]:
    """Reference outputs for every case, from the cache or a fresh worker. Raises ReferenceFailed."""
    case_dir = cache_dir() / "reference" / _reference_key(files, cases, device, config)
    done = case_dir / "complete.json"
    if done.exists():
        return case_dir, json.loads(done.read_text())
    tmp = Path(tempfile.mkdtemp(prefix="ref-", dir=case_dir.parent if case_dir.parent.exists() else None))
    job = {
        "mode": "reference", "out_dir": str(tmp), "device": device, "reference": str(files.reference),
        "cases": [c.model_dump() for c in cases], "max_shape_numel": config.max_shape_numel,
        "timing": config.timing and device == "cuda", "timing_runs": config.timing_runs,
    }
    result = _run_job(job, config, device, tmp)
    events = _events(tmp / "reference_events.jsonl")
    errors = [e for e in events if e["event"] == "reference_error"]
    if errors:
        e = errors[0]
        shutil.rmtree(tmp, ignore_errors=True)
        raise ReferenceFailed(f"the reference fails on its own inputs: {e['type']}: {e['message'].splitlines()[0] if e['message'] else ''}")
    if result.status != "ok" or not any(e["event"] == "done" for e in events):
        shutil.rmtree(tmp, ignore_errors=True)
        why = {"timeout": f"timed out after {config.timeout_s:.0f} s", "crash": f"died of {result.signal}"}.get(
            result.status, f"exited with {result.returncode}")
        raise ReferenceFailed(f"the reference worker {why}: {result.stderr_tail.strip().splitlines()[-1:] }")
    case_dir.parent.mkdir(parents=True, exist_ok=True)
    (tmp / "complete.json").write_text(json.dumps(events))
    if case_dir.exists():
        shutil.rmtree(case_dir, ignore_errors=True)
    try:
        tmp.rename(case_dir)
    except OSError:  # another process filled the same cache entry first
        shutil.rmtree(tmp, ignore_errors=True)
    return case_dir, events


# --- judging the candidate ----------------------------------------------------------------------


def _finding(check: str, cls: FailureClass | None, message: str, case: str | None = None, **evidence: Any) -> Finding:
    return Finding(check=check, severity="error", failure_class=cls, message=message, case=case, evidence=evidence)


def _judge_case(case: str, rec: dict, case_dir: Path, work: Path, ratio: float) -> list[Finding]:
    import torch

    findings: list[Finding] = []
    if "error" in rec:
        err = rec["error"]
        findings.append(_finding(err.get("check", "run"), err["failure_class"], f"{err['type']}: {err['message'].splitlines()[0] if err['message'] else ''}",
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
    if rec.get("mutated_inputs"):
        findings.append(_finding("canary.input_mutation", "input_mutation",
                                 f"the candidate modified input(s) {rec['mutated_inputs']}", case, inputs=rec["mutated_inputs"]))
    for d in (rec.get("batch_invariance") or {}).get("diffs", []):
        findings.append(_finding("batch_invariance", "batch_variance",
                                 f"row {d['row']} of output {d['output']} computed alone differs from the same row in the "
                                 f"batch ({d['elements']} elements)", case, **d))
    for d in rec.get("nondeterministic", []):
        findings.append(_finding("determinism", "nondeterministic",
                                 f"output {d['output']}: {d['elements']} elements differ between two identical runs"
                                 + (f" (by up to {d['max_abs_diff']:.3g}, relative {d['max_rel_diff']:.3g})" if "max_abs_diff" in d else ""),
                                 case, **d))

    ref = casefiles.load_expected(case_dir, case)
    cand = torch.load(work / f"cand_{case}.pt", weights_only=True)
    if len(cand) != len(ref["out"]):
        findings.append(_finding("oracle", "shape_mismatch", f"{len(cand)} outputs, expected {len(ref['out'])}", case))
        return findings
    sens = ref.get("sens") or [None] * len(cand)
    for i, (o, o64, c, s) in enumerate(zip(ref["out"], ref["out64"], cand, sens)):
        cls, ev, msg = oracle.compare(o, o64, c, i, ratio, s, judge_undefined=ref.get("judge_undefined", True))
        if cls is not None:
            findings.append(_finding("oracle", cls, msg, case, **(ev.model_dump() if ev else {})))
    return findings


def _case_infos(ref_events: list[dict], cases: list[CaseSpec]) -> list[CaseInfo]:
    by_name = {e["case"]: e for e in ref_events if e["event"] == "case_done"}
    infos = []
    for c in cases:
        e = by_name.get(c.name)
        if e:
            infos.append(CaseInfo(name=c.name, kind=c.kind, seed=c.seed, shapes=e["shapes"], dtypes=e["dtypes"],
                                  overrides=c.overrides, transform=c.transform))
    return infos


def verify_paths(candidate: str | Path, reference: str | Path | None, config: VerifyConfig) -> VerifyReport:
    """Verify the candidate file against its reference file (or the Model in the candidate's own file)."""
    return verify_files(inspect_sources(candidate, reference), config)


def verify_files(files: ProblemFiles, config: VerifyConfig) -> VerifyReport:
    start = time.monotonic()
    device = resolve_device(config.device)
    cases = plan_cases(config, files.shape_constants, files.reference_source)
    case_dir, ref_events = run_reference(files, cases, device, config)
    ran = {e["case"] for e in ref_events if e["event"] == "case_done"}
    not_run = [CheckNotRun(check=f"case:{e['case']}", reason=e["reason"]) for e in ref_events if e["event"] == "case_skipped"]
    run_cases = [c for c in cases if c.name in ran]

    work = Path(tempfile.mkdtemp(prefix="kagent-cand-"))
    try:
        job = {
            "mode": "candidate", "out_dir": str(work), "case_dir": str(case_dir), "device": device,
            "candidate": str(files.candidate), "single_file": files.single_file,
            "cases": [c.model_dump() for c in run_cases],
            "timing": config.timing and device == "cuda", "timing_runs": config.timing_runs,
            "anticheat": config.anticheat, "batch_invariance": config.batch_invariance,
            "bounds_check": config.bounds_check,
        }
        result = _run_job(job, config, device, work)
        events = _events(work / "candidate_events.jsonl")
        findings = _judge_events(events, result, case_dir, work, config) + _reference_read_findings(events)
        if config.anticheat:
            trap_findings, trap_not_run = _judge_trap_events(events, findings, case_dir, work, config)
            findings += trap_findings
            not_run += trap_not_run
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if config.sanitize:
        sanitized, reason = _sanitize(files, run_cases, case_dir, device, config)
        findings += sanitized
        if reason:
            not_run.append(CheckNotRun(check="sanitize.memcheck", reason=reason))
    checks_run = ["oracle", "canary.oob_write", "canary.oob_read", "canary.uninitialized", "canary.input_mutation"]
    if config.bounds_check and device == "cpu":
        checks_run.append("interpreter.bounds")
    if config.determinism:
        checks_run.append("determinism")
    if config.batch_invariance:
        checks_run.append("batch_invariance")
        not_run += _batch_invariance_not_run(events)
    if config.anticheat:
        from kagent.verifiers.anticheat_static import static_findings

        findings = static_findings(files.candidate_source, reference_source=None if files.single_file else files.reference_source,
                                   profile=config.anticheat_profile) + findings
        checks_run += ["anticheat.static", "trap.launch_count", "trap.ghost_replay", "trap.output_caching",
                       "trap.output_aliasing", "trap.output_type", "trap.integrity"]
    timing = _timing(ref_events, events, device, config)
    return _report(files, device, findings, _case_infos(ref_events, cases), checks_run, not_run, timing, time.monotonic() - start)


def _reference_read_findings(events: list[dict]) -> list[Finding]:
    """The candidate reached for the reference's expected outputs (denied in the worker): a cheat,
    whatever the anti-cheat settings."""
    reads = sorted({r for e in events for r in e.get("reference_reads") or []})
    if not reads:
        return []
    return [Finding(check="trap.reference_read", severity="error", failure_class="cheat",
                    message=f"the candidate tried to read the reference's expected outputs ({len(reads)} attempt(s), denied)",
                    evidence={"attempts": reads[:10]})]


def _judge_events(events: list[dict], result: SandboxResult, case_dir: Path, work: Path, config: VerifyConfig) -> list[Finding]:
    findings: list[Finding] = []
    for e in events:
        if e["event"] == "import_error":
            findings.append(_finding("load", e["failure_class"], f"importing the candidate failed: {e['type']}: {e['message'].splitlines()[0] if e['message'] else ''}",
                                     traceback=e["traceback"]))
        elif e["event"] == "case_done":
            findings.extend(_judge_case(e["case"], e, case_dir, work, config.error_ratio))
    if result.status != "ok" or not any(e["event"] == "done" for e in events):
        started = [e["case"] for e in events if e["event"] == "case_start"]
        finished = {e["case"] for e in events if e["event"] == "case_done"}
        case = next((c for c in started if c not in finished), None)
        where = f" in case {case}" if case else ""
        if result.status == "timeout":
            findings.append(_finding("worker", "timeout", f"the candidate did not finish within {config.timeout_s:.0f} s{where}",
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
        job = {"mode": "candidate", "out_dir": str(work), "case_dir": str(case_dir), "device": device,
               "candidate": str(files.candidate), "single_file": files.single_file, "plain": True,
               "cases": [c.model_dump() for c in picked], "timing": False, "timing_runs": 0, "anticheat": False}
        log_file = work / "memcheck.log"
        result = _run_job(job, config, device, work, prefix=sanitize.argv_prefix(log_file),
                          env={"PYTORCH_NO_CUDA_MEMORY_CACHING": "1"})
        text = log_file.read_text() if log_file.exists() else ""
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
        verdict, summary = "pass", f"equivalent to the reference on {len(cases)} cases"
    else:
        verdict = "cheat" if failure_class == "cheat" else "fail"
        failing = sorted({f.case for f in errors if f.case})
        main = next(f for f in errors if f.failure_class == failure_class)
        summary = f"{failure_class}: {main.message}" + (f" [case {main.case}; {len(failing)} of {len(cases)} cases fail]" if main.case else "")
    return VerifyReport(
        verdict=verdict, failure_class=failure_class, summary=summary, candidate=str(files.candidate),
        reference=str(files.reference), device=device, findings=findings, cases=cases, checks_run=checks_run,
        checks_not_run=not_run, timing=timing, seconds=round(seconds, 3),
    )
