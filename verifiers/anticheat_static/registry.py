"""The check registry (CHECKS), the severity profiles (PROFILES: strict / default / lenient, the one
place severities live) and static_findings, which runs the checks on a candidate's source.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from kagent.memo import ContentMemo, text_digest
from kagent.report import Finding, Severity
from kagent.verifiers.anticheat_static.checks_compute import (
    check_fallback,
    check_inherits_reference,
    check_reference_call,
    check_tensor_arith,
    check_torch_compile,
    check_torch_compute,
)
from kagent.verifiers.anticheat_static.checks_data import (
    check_file_access,
    check_hardcoded_output,
    check_introspection,
    check_io_access,
)
from kagent.verifiers.anticheat_static.checks_harness import (
    check_concurrency,
    check_obfuscation,
    check_precision_flags,
    check_streams,
    check_tensor_subclass,
    check_timer_patch,
)
from kagent.verifiers.anticheat_static.checks_state import (
    check_data_dependent_skip,
    check_input_mutation,
    check_pointer_cache,
)
from kagent.verifiers.anticheat_static.resolve import Analysis
from kagent.verifiers.anticheat_static.views import Hit


Profile = Literal["strict", "default", "lenient"]


@dataclass(frozen=True)
class Check:
    name: str
    rationale: str
    fn: Callable[["Analysis"], Iterable[Hit]]


# Profile table: check -> severity under each profile. The single place severities live.
PROFILES: dict[Profile, dict[str, Severity]] = {"strict": {}, "default": {}, "lenient": {}}
_SEVERITY_ROWS: dict[str, tuple[Severity, Severity, Severity]] = {
    # check                 strict    default    lenient
    "torch_compute": ("error", "error", "warning"),
    "tensor_arith": ("error", "warning", "info"),
    "reference_call": ("error", "error", "error"),
    "inherits_reference": ("error", "error", "error"),
    "fallback": ("error", "error", "warning"),
    "torch_compile": ("error", "error", "warning"),
    "concurrency": ("error", "error", "error"),
    "streams": ("error", "error", "warning"),
    "timer_patch": ("error", "error", "error"),
    "precision_flags": ("error", "error", "warning"),
    "pointer_cache": ("error", "error", "warning"),
    "introspection": ("error", "error", "error"),
    "io_access": ("error", "error", "warning"),
    "file_access": ("error", "warning", "info"),
    "hardcoded_output": ("error", "error", "warning"),
    "data_dependent_skip": ("error", "error", "warning"),
    "tensor_subclass": ("error", "error", "warning"),
    "obfuscation": ("error", "error", "warning"),
    "input_mutation": ("error", "warning", "info"),
}
for _name, (_s, _d, _l) in _SEVERITY_ROWS.items():
    PROFILES["strict"][_name] = _s
    PROFILES["default"][_name] = _d
    PROFILES["lenient"][_name] = _l


def _snippet(an: Analysis, node: ast.AST) -> str:
    seg = ast.get_source_segment(an.source, node)
    if seg is None:
        line = getattr(node, "lineno", 0)
        seg = an.lines[line - 1] if 0 < line <= len(an.lines) else ""
    seg = " ".join(seg.split())
    return seg if len(seg) <= 160 else seg[:157] + "..."


CHECKS: dict[str, Check] = {
    c.name: c
    for c in [
        Check("torch_compute", "a PyTorch/ATen/cuBLAS op (call, @, nn module, F.*, torch.ops.aten, "
              "ATen calls in load_inline C++) computes the result on the forward path", check_torch_compute),
        Check("tensor_arith", "Python arithmetic on tensors runs in PyTorch, not in the candidate's kernel",
              check_tensor_arith),
        Check("reference_call", "the candidate instantiates, calls or references the reference Model",
              check_reference_call),
        Check("inherits_reference", "ModelNew inherits the reference (or calls super() into it), so its "
              "forward is the reference", check_inherits_reference),
        Check("fallback", "a try/except around the kernel path produces a result in its handler (a "
              "fallback that hides a broken kernel)", check_fallback),
        Check("torch_compile", "torch.compile / torch.jit / dynamo generate the kernels instead of the "
              "candidate", check_torch_compile),
        Check("concurrency", "threads, processes, subprocesses or executors do work outside the measured "
              "call", check_concurrency),
        Check("streams", "work on created (non-default) CUDA streams escapes timing and synchronisation",
              check_streams),
        Check("timer_patch", "assigning/setattr-ing library functions (timers, synchronize, oracle "
              "comparisons) fools the harness", check_timer_patch),
        Check("precision_flags", "global precision flags (TF32, reduced-precision reductions) change the "
              "reference's numerics too", check_precision_flags),
        Check("pointer_cache", "caches keyed on data_ptr/id/storage/hash (or memoised forward) return old "
              "results for new values", check_pointer_cache),
        Check("introspection", "inspect / sys._getframe / gc / frame attributes / sys.modules let the "
              "candidate read expected outputs from the harness", check_introspection),
        Check("io_access", "file, network or environment reads in the forward path, and anywhere in the "
              "module reads of stored tensors/pickles or of files under an environment variable, a cache, "
              "temporary or home folder, can fetch expected outputs", check_io_access),
        Check("file_access", "other file reads, directory listings and whole-environment reads outside the "
              "forward path: legitimate uses exist (a kernel source file), but expected outputs can be read "
              "the same way", check_file_access),
        Check("hardcoded_output", "large literal tables, literal tensors or loaded/decoded data are "
              "precomputed outputs", check_hardcoded_output),
        Check("data_dependent_skip", "branching on input values in the forward path skips or replaces work "
              "for some data", check_data_dependent_skip),
        Check("tensor_subclass", "tensor subclasses / torch modes can defer or fake the result until it is "
              "inspected", check_tensor_subclass),
        Check("obfuscation", "eval/exec/dynamic imports/computed getattr hide what the candidate calls",
              check_obfuscation),
        Check("input_mutation", "the forward writes into its inputs (e.g. zeroes them), changing what the "
              "reference computes afterwards", check_input_mutation),
    ]
}


def static_findings(
    source: str,
    *,
    reference_source: str | None = None,
    profile: Profile = "default",
    only: list[str] | None = None,
) -> list[Finding]:
    """Run the static anti-cheat checks on a candidate's source. Raises InputError when it does not
    parse, ValueError for an unknown profile or check name. Each distinct (source, reference
    source, profile, checks) is analysed once per process (_MEMO)."""
    if profile not in PROFILES:
        raise ValueError(f"unknown anti-cheat profile {profile!r}; known: {sorted(PROFILES)}")
    names = list(CHECKS)
    if only is not None:
        wanted = [n.removeprefix("anticheat.") for n in only]
        unknown = [n for n in wanted if n not in CHECKS]
        if unknown:
            raise ValueError(f"unknown anti-cheat check(s) {unknown}; known: {sorted(CHECKS)}")
        names = [n for n in names if n in wanted]
    key = (text_digest(source), text_digest(reference_source), profile, tuple(names))
    found = _MEMO.get(key, lambda: tuple(_analyse(source, reference_source, profile, names)))
    return [f.model_copy(deep=True) for f in found]  # callers may edit theirs; the memo's stay as found


# One analysis per distinct (candidate source, reference source, profile, checks): a repair
# pre-screens each candidate (the graph's static_anticheat node and guard) and verifies it
# (verify_files), and all of them ask for the same findings.
_MEMO: ContentMemo[tuple[Finding, ...]] = ContentMemo(maxsize=256)


_RANK = {"info": 0, "warning": 1, "error": 2}


def _hit_severity(profile_severity: Severity, hit: Hit) -> Severity:
    """A check may mark a hit milder than its profile severity (a pattern the run-time traps judge);
    never harsher."""
    wanted = hit.extra.get("severity")
    return wanted if wanted and _RANK[wanted] < _RANK[profile_severity] else profile_severity


def _analyse(source: str, reference_source: str | None, profile: Profile, names: list[str]) -> list[Finding]:
    an = Analysis(source, reference_source)
    findings: list[Finding] = []
    for name in names:
        seen: set[tuple[int, int, str]] = set()
        for hit in CHECKS[name].fn(an):
            severity = _hit_severity(PROFILES[profile][name], hit)
            line, col = getattr(hit.node, "lineno", 0), getattr(hit.node, "col_offset", 0)
            if (line, col, hit.message) in seen:
                continue
            seen.add((line, col, hit.message))
            findings.append(Finding(
                check=f"anticheat.{name}",
                severity=severity,
                failure_class="cheat" if severity == "error" else None,
                message=hit.message,
                evidence={
                    "line": line,
                    "col": col,
                    "snippet": _snippet(an, hit.node),
                    "function": hit.where,
                    "reached_from": " -> ".join(hit.path),
                    "rationale": CHECKS[name].rationale,
                    "profile": profile,
                    **{k: v for k, v in hit.extra.items() if k != "severity"},
                },
            ))
    findings.sort(key=lambda f: (f.evidence["line"], f.evidence["col"], f.check))
    return findings
