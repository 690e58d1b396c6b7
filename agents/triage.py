"""Triage: route a verify report to pass / cheat / near-miss / far-miss / unsupported, with a reason.

Near-miss means: the failure class is one the pattern library (or the model) can work on, and
either the kernel runs and its mismatch is partial, or it fails in a way a known pattern names.
The decision and its reason are reported; the graph's edges act on it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from pydantic import BaseModel, ConfigDict

from kagent.state import VerifyReport

TriageClass = Literal["pass", "cheat", "near_miss", "far_miss", "unsupported"]
RUN_FAILURES = frozenset({"compile_error", "runtime_error", "timeout", "crash"})


class TriageDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    route: TriageClass
    reason: str
    runs: bool
    partial: bool | None
    failing_cases: int
    total_cases: int


def mismatch_fractions(report: VerifyReport) -> list[float]:
    return [
        float(f.evidence["mismatch_fraction"])
        for f in report.errors()
        if isinstance(f.evidence.get("mismatch_fraction"), (int, float))
    ]


def classify(report: VerifyReport, known_classes: Collection[str] | None = None) -> TriageDecision:
    """`known_classes`: failure classes someone can repair (the pattern library's symptoms);
    None means every class (an LLM is configured)."""
    errors = report.errors()
    failing = {f.case for f in errors if f.case}
    total = len(report.cases)
    runs = report.failure_class not in RUN_FAILURES
    fr = mismatch_fractions(report)
    partial = (min(fr) < 1.0 or len(failing) < total) if fr else None

    def decide(route: TriageClass, reason: str) -> TriageDecision:
        return TriageDecision(
            route=route, reason=reason, runs=runs, partial=partial, failing_cases=len(failing), total_cases=total
        )

    if report.verdict == "pass":
        return decide("pass", report.summary)
    if report.verdict == "cheat":
        return decide("cheat", f"rejected by anti-cheat: {report.summary}")
    if report.verdict == "error":
        return decide("unsupported", f"the verifier could not judge the kernel: {report.summary}")
    fc = report.failure_class
    if fc is None:
        return decide("far_miss", f"failed without a failure class: {report.summary}")
    if known_classes is not None and fc not in known_classes:
        return decide("far_miss", f"no repair pattern knows failure class {fc}: {report.summary}")
    if runs:
        shape = "partial" if partial else "total" if partial is not None else "non-numerical"
        where = f", {len(failing)} of {total} cases fail" if total else ""
        return decide("near_miss", f"runs; {fc} ({shape} mismatch{where})")
    return decide("near_miss", f"does not run ({fc}), a failure class the patterns know: {report.summary}")
