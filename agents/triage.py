"""Triage: route a verify report to pass / cheat / near-miss / far-miss / unsupported, with a reason.

Near-miss (the issue's definition): the kernel compiles and runs, its failure class is one the
repairer knows, and its mismatch is partial. Spelled out, per engine:

- both engines: a *total* mismatch is far-miss: every case fails, and in every case an output has
  at least TOTAL_FRACTION of its elements wrong with a relative L2 error of at least TOTAL_REL_L2
  (nothing of the answer survives; regenerating beats patching);
- the offline pattern engine: the failure class must be listed by a pattern with a mechanical fix
  for the kernel's backend; a kernel that does not run (compile_error, runtime_error, crash,
  timeout) is near-miss only when the error comes from the kernel (below) AND a fixing pattern's
  error regex names it (the engine has an edit for exactly that error);
- an LLM: any failure class; a kernel that does not run is near-miss when the error comes from
  the kernel, i.e. there is something in the kernel to fix: a traceback frame in the candidate
  file, a compiler diagnostic (Triton CompilationError, nvcc / load_inline build, ptxas), or the
  worker dying or hanging while it ran one of the candidate's cases.

The decision and its reason are reported; the graph's edges act on it. The backend of a kernel
(which pattern library applies, what the prompt says) is detected from its source by
`detect_backend`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from kagent.repair.state import TriageClass
from kagent.report import Finding, VerifyReport

Engine = Literal["offline", "llm"]
RUN_FAILURES = frozenset({"compile_error", "runtime_error", "timeout", "crash"})
TOTAL_FRACTION = 0.99  # a case whose output has at least this fraction of its elements wrong ...
TOTAL_REL_L2 = 1.0  # ... with a relative L2 error at least this large is totally wrong

# compiler diagnostics: the error is about the kernel's code even without a frame in its file
_COMPILER = re.compile(
    r"CompilationError|CompileError|Error building extension|\bnvcc\b|\bptxas\b|error: .*\.(cu|cuh|cpp)\b|\.cu\(\d+\)",
    re.IGNORECASE,
)


class TriageDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    route: TriageClass
    reason: str
    runs: bool
    partial: bool | None
    failing_cases: int
    total_cases: int
    engine: Engine = "llm"
    from_kernel: bool | None = None  # a kernel that does not run: does the error come from its code?
    named_by: list[str] = []  # offline, a kernel that does not run: the fixing patterns' regexes that match


def mismatch_fractions(report: VerifyReport) -> list[float]:
    return [
        float(f.evidence["mismatch_fraction"])
        for f in report.errors()
        if isinstance(f.evidence.get("mismatch_fraction"), (int, float))
    ]


def _number(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return float(v)


def _totally_wrong(f: Finding) -> bool:
    fr = _number(f.evidence.get("mismatch_fraction"))
    rel = _number(f.evidence.get("rel_l2_err"))
    if fr is None or rel is None:
        return False
    return fr >= TOTAL_FRACTION and (not math.isfinite(rel) or rel >= TOTAL_REL_L2)


def total_mismatch(report: VerifyReport) -> bool:
    """Every case fails, each with an output that is totally wrong (see TOTAL_FRACTION/TOTAL_REL_L2)."""
    errors = report.errors()
    names = [c.name for c in report.cases]
    if not names:
        return False
    return all(any(f.case == name and _totally_wrong(f) for f in errors) for name in names)


def error_messages(report: VerifyReport) -> str:
    """What the error findings say: messages, tracebacks and worker stderr (for regexes)."""
    parts = [report.summary]
    for f in report.errors():
        parts.append(f.message)
        for key in ("traceback", "stderr_tail"):
            v = f.evidence.get(key)
            if isinstance(v, str):
                parts.append(v)
    return "\n".join(parts)


_DEVICE_FAULT = re.compile(r"illegal memory access|misaligned address|illegal instruction|device-side assert|"
                           r"unspecified launch failure")


def kernel_error(report: VerifyReport) -> str | None:
    """Why the failure of a kernel that does not run comes from the kernel's own code, or None."""
    cand = report.candidate or ""
    for f in report.errors():
        if f.failure_class not in RUN_FAILURES:
            continue
        text = "\n".join(str(f.evidence.get(k, "")) for k in ("traceback", "stderr_tail")) + "\n" + f.message
        if cand and (f'File "{cand}"' in text or cand in f.message):
            return f"{f.failure_class} raised in the candidate's code ({f.check}: {f.message[:160]})"
        if _COMPILER.search(text):
            return f"{f.failure_class} is a compiler diagnostic of the kernel ({f.message[:160]})"
        if f.case and _DEVICE_FAULT.search(text):
            # reported at a later sync, never in the kernel's own frame; the reference ran clean on this case
            return f"a device fault while running case {f.case} of the candidate ({f.message[:160]})"
        if f.check == "worker" and f.case:
            return f"the worker {'hung' if f.failure_class == 'timeout' else 'died'} running case {f.case} of the candidate"
    return None


def _regexes_naming(report: VerifyReport, fc: str, error_regexes: Mapping[str, Sequence[str]]) -> list[str]:
    text = error_messages(report)
    return [rx for rx in error_regexes.get(fc, ()) if re.search(rx, text, re.IGNORECASE)]


def classify(
    report: VerifyReport,
    known_classes: Collection[str] | None = None,
    *,
    engine: Engine | None = None,
    error_regexes: Mapping[str, Sequence[str]] | None = None,
) -> TriageDecision:
    """Route `report` (see the module docstring for the rule).

    `known_classes`: failure classes the repairer can act on (offline: those a pattern with a
    mechanical fix lists); None means every class. `engine`: "offline" or "llm"; by default
    "offline" when `known_classes` is given, else "llm". `error_regexes`: offline, failure class ->
    the error regexes of the patterns with a mechanical fix (None: none known, so a kernel that
    does not run is far-miss for the engine)."""
    eng: Engine = engine or ("offline" if known_classes is not None else "llm")
    errors = report.errors()
    failing = {f.case for f in errors if f.case}
    total = len(report.cases)
    runs = report.failure_class not in RUN_FAILURES
    fr = mismatch_fractions(report)
    whole = total_mismatch(report)
    partial = (not whole) if fr else None

    def decide(route: TriageClass, reason: str, **extra: Any) -> TriageDecision:
        return TriageDecision(
            route=route, reason=reason, runs=runs, partial=partial, failing_cases=len(failing), total_cases=total,
            engine=eng, **extra,
        )

    if report.verdict == "pass":
        return decide("pass", report.summary)
    if report.verdict == "cheat":
        return decide("cheat", f"rejected by anti-cheat: {report.summary}")
    if report.verdict == "error":
        return decide("unsupported", f"the verifier could not judge the kernel: {report.summary}")
    if report.verdict == "not_run":
        return decide("unsupported", f"the kernel cannot run here: {report.summary}")
    fc = report.failure_class
    if fc is None:
        return decide("far_miss", f"failed without a failure class: {report.summary}")
    if known_classes is not None and fc not in known_classes:
        who = "no repair pattern with a mechanical fix" if eng == "offline" else "the repairer does not"
        # a kernel that faults in its own code (a CUDA illegal address) is still an edit away: say so,
        # the edit search (kagent/repair/nodes.py) takes such a kernel on
        from_kernel = None if runs else kernel_error(report) is not None
        return decide("far_miss", f"{who} knows failure class {fc}: {report.summary}", from_kernel=from_kernel)
    where = f"{len(failing)} of {total} cases fail" if total else "no cases"
    if not runs:
        origin = kernel_error(report)
        if origin is None:
            return decide("far_miss", f"does not run ({fc}) and the error does not come from the kernel's code "
                                      f"(nothing in the kernel to patch): {report.summary}", from_kernel=False)
        if eng == "llm":
            return decide("near_miss", f"does not run ({fc}), but the error comes from the kernel: {origin}",
                          from_kernel=True)
        named = _regexes_naming(report, fc, error_regexes or {})
        if not named:
            return decide("far_miss", f"does not run ({fc}) and no pattern with a mechanical fix names this error: "
                                      f"{report.summary}", from_kernel=True)
        return decide("near_miss", f"does not run ({fc}), and a pattern with a mechanical fix names the error "
                                   f"(/{named[0]}/): {origin}", from_kernel=True, named_by=named)
    if whole:
        worst = min((f for f in errors if _totally_wrong(f)), key=lambda f: float(f.evidence["rel_l2_err"]))
        return decide("far_miss", f"total mismatch ({fc}): every one of the {total} cases is wrong in at least "
                                  f"{TOTAL_FRACTION:.0%} of an output's elements with relative L2 error >= "
                                  f"{TOTAL_REL_L2:g} (least wrong: {worst.case}, rel L2 "
                                  f"{float(worst.evidence['rel_l2_err']):.3g}): not a near miss")
    shape = "partial" if partial else "non-numerical"
    known = "a class a pattern with a mechanical fix lists" if eng == "offline" else "the LLM may try any class"
    return decide("near_miss", f"runs; {fc} ({shape} mismatch, {where}); {known}")


# -- what the repairer knows, per backend --------------------------------------------------------
class Knowledge(BaseModel):
    """What the offline engine can act on for one backend: from the patterns with a mechanical fix."""

    model_config = ConfigDict(extra="forbid")

    backend: str
    patterns: int
    classes: frozenset[str]
    error_regexes: dict[str, list[str]]


def knowledge(patterns: Iterable[Any], backend: str) -> Knowledge:
    """From pattern objects (PatternStore.all()): those with a fix whose backends include `backend`."""
    fixing = [p for p in patterns if getattr(p, "fix", None) is not None and backend in p.backends]
    classes: set[str] = set()
    regexes: dict[str, list[str]] = {}
    for p in fixing:
        for c in p.symptoms.failure_classes:
            classes.add(c)
            regexes.setdefault(c, []).extend(rx for rx in p.symptoms.error_regexes if rx not in regexes[c])
    return Knowledge(backend=backend, patterns=len(fixing), classes=frozenset(classes), error_regexes=regexes)


# -- the kernel's backend ----------------------------------------------------------------------
Backend = Literal["triton", "cuda", "ptx", "unknown"]
Frontend = Literal["triton", "load_inline", "pycuda", "ptx", "unknown"]


class BackendInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")

    backend: Backend  # the pattern library's name for it
    frontend: Frontend  # how the candidate builds its kernel
    evidence: str


_PTX = [
    (re.compile(r"\bptx_launch\b|\bPtxDispatcher\b"), "launches lowered PTX (kagent.tools.ptx_launch)"),
    (re.compile(r"^\s*\.version\s+\d+\.\d+[\s\S]*?^\s*\.target\s+sm_\d+", re.M), "holds PTX text (.version / .target)"),
    (re.compile(r"\bcuModuleLoadData(Ex)?\b|\bmodule_from_buffer\b"), "loads a PTX module (cuModuleLoadData / module_from_buffer)"),
]
_LOAD_INLINE = re.compile(r"\bload_inline\s*\(|^\s*from\s+torch\.utils\.cpp_extension\s+import|\bcpp_extension\.load\s*\(", re.M)
_PYCUDA = re.compile(r"^\s*(import|from)\s+pycuda\b|\bSourceModule\s*\(", re.M)
_TRITON = re.compile(r"@triton\.(jit|autotune)|^\s*import\s+triton\.language|^\s*from\s+triton\s+import\s+language", re.M)


def detect_backend(source: str) -> BackendInfo:
    """Which kind of kernel a candidate is, from its source: PTX first (a lowered candidate still
    holds its Triton original), then CUDA C through load_inline or pycuda, then Triton."""
    for rx, why in _PTX:
        if rx.search(source):
            return BackendInfo(backend="ptx", frontend="ptx", evidence=why)
    if _LOAD_INLINE.search(source):
        return BackendInfo(backend="cuda", frontend="load_inline", evidence="CUDA C built with torch.utils.cpp_extension.load_inline")
    if _PYCUDA.search(source):
        return BackendInfo(backend="cuda", frontend="pycuda", evidence="CUDA C compiled with pycuda SourceModule")
    if _TRITON.search(source):
        return BackendInfo(backend="triton", frontend="triton", evidence="@triton.jit kernels")
    return BackendInfo(backend="unknown", frontend="unknown", evidence="no Triton, CUDA C (load_inline / pycuda) or PTX kernel found")
