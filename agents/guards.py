"""Convergence guards: each a named unit that looks at numbers and says whether it fires.

Stop guards end the run (budget, wall time, attempts, stall, oscillation); reject guards throw a
candidate away and keep going (regression reverts to the best, degeneration rejects a correct but
much slower repair). The recursion limit is the graph's own backstop. The graph nodes call them;
each fired guard is recorded with its name and reason.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from kagent.budget import Ledger
from kagent.report import VerifyReport

from kagent.agents.triage import RUN_FAILURES, mismatch_fractions

GuardAction = Literal["stop", "reject", "revert", "none"]


class GuardResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    fired: bool
    action: GuardAction = "none"
    reason: str = ""


def _ok(name: str) -> GuardResult:
    return GuardResult(name=name, fired=False)


# -- budgets ----------------------------------------------------------------------------------
def token_budget(ledger: Ledger, min_call_tokens: int) -> GuardResult:
    rem = ledger.remaining_tokens()
    if rem is not None and rem < min_call_tokens:
        return GuardResult(
            name="token_budget",
            fired=True,
            action="stop",
            reason=f"{rem} tokens left of {ledger.token_budget}: not enough for another call (needs {min_call_tokens})",
        )
    return _ok("token_budget")


def cost(ledger: Ledger) -> GuardResult:
    if ledger.cost_exhausted():
        spent = ledger.snapshot().cost_usd
        return GuardResult(
            name="cost", fired=True, action="stop", reason=f"${spent:.4f} spent of ${ledger.cost_budget_usd:.4f}"
        )
    return _ok("cost")


def wall_time(elapsed_s: float, limit_s: float | None) -> GuardResult:
    if limit_s is not None and elapsed_s >= limit_s:
        return GuardResult(
            name="wall_time", fired=True, action="stop", reason=f"{elapsed_s:.0f} s elapsed of a {limit_s:.0f} s limit"
        )
    return _ok("wall_time")


def attempts(done: int, limit: int) -> GuardResult:
    if done >= limit:
        return GuardResult(name="attempts", fired=True, action="stop", reason=f"{done} attempts of {limit} used")
    return _ok("attempts")


# -- convergence ------------------------------------------------------------------------------
def failure_signature(report: VerifyReport) -> str:
    """What failed, where, and roughly how badly: equal signatures mean the same failure."""
    if report.verdict == "pass":
        return "pass"
    errs = report.errors()
    classes = sorted({f"{f.check}:{f.failure_class}" for f in errs})
    locs = sorted({str(f.evidence.get("location")) for f in errs if f.evidence.get("location")})
    rel = [float(f.evidence["rel_l2_err"]) for f in errs if isinstance(f.evidence.get("rel_l2_err"), (int, float))]
    mag = f"1e{round(math.log10(max(rel))) if max(rel) > 0 else -99}" if rel else "-"
    cases = len({f.case for f in errs if f.case})
    return f"{report.verdict}|{report.failure_class}|{','.join(classes)}|{','.join(locs)}|{mag}|{cases}"


def stall(signatures: Sequence[str], k: int) -> GuardResult:
    if len(signatures) >= k and len(set(signatures[-k:])) == 1:
        return GuardResult(
            name="stall",
            fired=True,
            action="stop",
            reason=f"the same failure {k} times in a row: {signatures[-1]}",
        )
    return _ok("stall")


def oscillation(candidate_hash: str, seen: Sequence[str]) -> GuardResult:
    if candidate_hash in seen:
        return GuardResult(
            name="oscillation",
            fired=True,
            action="stop",
            reason=f"candidate {candidate_hash} equals candidate #{list(seen).index(candidate_hash)} tried before",
        )
    return _ok("oscillation")


def report_score(report: VerifyReport) -> list[float]:
    """Lower is better, compared lexicographically: tier (pass, wrong values, does not run,
    verifier error, cheat), failing cases, failure classes, error findings, worst mismatch
    fraction, worst relative L2 error."""
    tier = {"pass": 0.0, "fail": 1.0, "not_run": 3.0, "error": 3.0, "cheat": 4.0}[report.verdict]
    if report.verdict == "fail" and report.failure_class in RUN_FAILURES:
        tier = 2.0
    errs = report.errors()
    fr = mismatch_fractions(report)
    rel = [float(f.evidence["rel_l2_err"]) for f in errs if isinstance(f.evidence.get("rel_l2_err"), (int, float))]
    rel = [r if math.isfinite(r) else 1e300 for r in rel]
    return [
        tier,
        float(len({f.case for f in errs if f.case})),
        float(len({f.failure_class for f in errs})),
        float(len(errs)),
        max(fr) if fr else 0.0,
        max(rel) if rel else 0.0,
    ]


def regression(score: list[float], best: list[float]) -> GuardResult:
    if best and score > best:
        return GuardResult(
            name="regression", fired=True, action="revert", reason=f"worse than the best so far ({score} > {best})"
        )
    return _ok("regression")


# what a precision fix changes: a dot's input precision, TF32, an accumulator's or a cast's float type
_PRECISION = [(re.compile(r",\s*(input_precision|allow_tf32|out_dtype)\s*=\s*[^,)]+"), ""),
              (re.compile(r"\btl\.(float16|bfloat16|float32|float64)\b"), "tl.FLOAT"),
              (re.compile(r"\btorch\.(float16|half|bfloat16|float32|float|float64|double)\b"), "torch.FLOAT"),
              (re.compile(r"\.to\(\s*tl\.FLOAT\s*\)"), "")]


def precision_only(original: str, candidate: str) -> bool:
    """The candidate differs from the original in numeric precision only (a TF32 dot made full
    float32, an fp16 accumulator made float32): its slowdown is the price of the accuracy the
    reference requires, not a degenerate kernel."""
    def plain(text: str) -> str:
        for rx, sub in _PRECISION:
            text = rx.sub(sub, text)
        return text

    return original != candidate and plain(original) == plain(candidate)


def degeneration(report: VerifyReport, original_ms: float | None, ratio_limit: float,
                 precision_fix: bool = False) -> GuardResult:
    """GPU only: a correct repair much slower than the original candidate is rejected. Without a
    timing of the original (it did not run, or was not timed) there is nothing to compare with:
    the check is skipped (the result says so), never made against another baseline. A repair that
    changes precision only (`precision_only`) is not held to the original's time: the original was
    fast because it computed in less precision than the reference."""
    t = report.timing
    if report.verdict != "pass" or t.status != "measured" or not t.candidate_ms:
        return _ok("degeneration")
    if precision_fix and original_ms:
        return GuardResult(name="degeneration", fired=False,
                           reason=f"not checked: a precision-only repair ({t.candidate_ms:.4f} ms; the original's "
                                  f"{original_ms:.4f} ms was bought with the precision it lacked)")
    if not original_ms:
        return GuardResult(
            name="degeneration",
            fired=False,
            reason=f"not checked: the original candidate has no timing to compare the repair's {t.candidate_ms:.4f} ms with",
        )
    ratio = t.candidate_ms / original_ms
    if ratio > ratio_limit:
        return GuardResult(
            name="degeneration",
            fired=True,
            action="reject",
            reason=f"correct but {ratio:.2f}x slower than the original ({t.candidate_ms:.4f} ms vs {original_ms:.4f} ms; limit {ratio_limit}x)",
        )
    return _ok("degeneration")


def recursion_limit(max_attempts: int) -> int:
    """The graph's recursion limit: every attempt takes at most 6 node steps (gate, debug, guard,
    verify, assess, retrieve), plus ingest/triage/report on either end."""
    return 20 + 6 * (max_attempts + 1)


def recursion_fired(limit: int) -> GuardResult:
    return GuardResult(name="recursion_limit", fired=True, action="stop", reason=f"graph recursion limit {limit} reached")
