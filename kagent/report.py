"""Shared pydantic models: the verify report and its findings.

Layer 1: imports nothing of kagent's. Every result carries evidence; statuses are Literals.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

# not_run: the candidate cannot be judged on this machine (it needs CUDA and there is none)
Verdict = Literal["pass", "fail", "error", "cheat", "not_run"]
Severity = Literal["error", "warning", "info"]
Device = Literal["cpu", "cuda"]

# The failure classes the repair graph routes on and patterns are indexed by.
FailureClass = Literal[
    "compile_error",  # Triton/CUDA compilation failed (CompilationError, nvcc/load_inline build error)
    "runtime_error",  # an exception while running the candidate
    "timeout",  # the worker ran past its time limit (hang, spin-wait, endless loop)
    "crash",  # the worker died of a signal (segfault, heap abort) or a CUDA fault
    "shape_mismatch",  # output count or shapes differ from the reference
    "dtype_mismatch",  # output dtype differs from the reference
    "numerical_mismatch",  # values differ beyond the oracle's tolerance
    "precision_loss",  # close to the reference but far less accurate than it (fp16 accumulation, TF32)
    "nan_output",  # NaN/Inf where the float64 truth is finite
    "out_of_bounds",  # reads or writes past a tensor's end (guard regions)
    "uninitialized_output",  # output elements the kernel never writes
    "input_mutation",  # the candidate modified its inputs
    "nondeterministic",  # repeated runs on the same inputs differ
    "batch_variance",  # row i of a batch differs from row i computed alone
    "cheat",  # anti-cheat: the result is not computed by the candidate's own kernels
]

MismatchLocation = Literal[
    "none", "all", "tail_of_rows", "whole_rows", "leading", "trailing", "strided", "scattered"
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Mismatch(_Strict):
    """Evidence of a numerical comparison of one output tensor against the float64 truth."""

    output_index: int
    shape: list[int]
    dtype: str
    numel: int
    max_abs_err: float
    max_rel_err: float
    ref_max_abs_err: float = Field(description="the reference's own error against float64, same dtype")
    rel_l2_err: float
    ref_rel_l2_err: float
    tolerance_abs: float = Field(description="the largest elementwise tolerance the oracle allowed")
    mismatch_count: int
    mismatch_fraction: float
    nan_count: int
    location: MismatchLocation
    first_mismatches: list[list[int]] = Field(default_factory=list, description="up to 5 indices")


class Finding(_Strict):
    check: str
    severity: Severity
    message: str
    failure_class: FailureClass | None = None
    case: str | None = None
    evidence: dict[str, Any] = Field(default_factory=dict)


class CaseInfo(_Strict):
    """One input case of the suite: how its inputs were made."""

    name: str
    kind: Literal["seed", "stress", "shape", "special"]
    seed: int
    shapes: list[list[int]]
    dtypes: list[str]
    overrides: dict[str, int] = Field(default_factory=dict)
    transform: str | None = None
    note: str | None = Field(None, description="how the case came to be: a shape variant the reference rejected "
                             "and the one that ran instead; float64 truth on sampled rows")


class CheckNotRun(_Strict):
    check: str
    reason: str


class Timing(_Strict):
    status: Literal["measured", "not_measured"]
    reason: str | None = None
    reference_ms: float | None = None
    candidate_ms: float | None = None
    reference_spread: float | None = Field(None, description="(p90-p10)/median of the runs")
    candidate_spread: float | None = None
    speedup: float | None = None
    runs: int | None = None


class VerifyReport(_Strict):
    verdict: Verdict
    failure_class: FailureClass | None = None
    summary: str
    candidate: str
    reference: str
    device: Device
    findings: list[Finding] = Field(default_factory=list)
    cases: list[CaseInfo] = Field(default_factory=list)
    checks_run: list[str] = Field(default_factory=list)
    checks_not_run: list[CheckNotRun] = Field(default_factory=list)
    timing: Timing = Field(default_factory=lambda: Timing(status="not_measured", reason="not asked"))
    seconds: float = 0.0
    phases: dict[str, float] = Field(
        default_factory=dict, description="where `seconds` went: reference (0 when cached), candidate_worker (its "
        "whole wall time: start, import, cases), import, cases, traps (anti-cheat replays inside the worker), "
        "perturbed_wait (the plain-script run outlasting the worker; perturbed_reference and perturbed_worker: its "
        "reference job and its own worker's cases), static (the source analysis)")
    seed: int | None = Field(None, description="the run's base seed (kagent verify --seed replays it)")
    fresh_case_seed: int | None = Field(None, description="seed of the case drawn fresh on every run (os.urandom), "
                                        "whatever the base seed; VerifyConfig.fresh_case_seed replays it")
    perturbation: dict[str, Any] | None = Field(
        None, description="what the environment-perturbed run changed (verifiers/perturb.py): seed (= the fresh "
        "case's; VerifyConfig.fresh_case_seed replays every draw), clock_offset_days, earlier_calls, init_varied "
        "([position, value, varied value]), noncontiguous (run / refused / not_applicable)")
    sandbox: Literal["bwrap", "unshare", "none"] = Field(
        "none", description="the OS sandbox the candidate ran in (none: it had the user's files, processes, network)")
    kagent_version: str = "0.1.0"

    @property
    def passed(self) -> bool:
        return self.verdict == "pass"

    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]
