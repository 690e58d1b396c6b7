"""Fakes for graph-logic tests of `kagent repair`: a verifier, a pattern store and an engine that
judge a toy problem file by markers in its source, so each test runs in milliseconds.

The toy kernel has `x = x + BUG` lines; each BUG is one wrong site. The fake verifier fails a
file with k BUG markers with a numerical mismatch on k cases (so fewer BUGs is strictly better),
passes it with none, calls it a cheat when it contains `torch.softmax`, and a compile error when
it contains `SYNTAX`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kagent.report import CaseInfo, Finding, Timing, VerifyReport

TOY = '''import torch
import torch.nn as nn

N = 8


class Model(nn.Module):
    def forward(self, x):
        return x * 2


def get_inputs():
    return [torch.randn(N)]


def get_init_inputs():
    return []


def kernel(x):
{body}    return x * 2


class ModelNew(nn.Module):
    def forward(self, x):
        return kernel(x)
'''


def toy_source(bugs: int) -> str:
    body = "".join(f"    x = x + BUG{i}\n" for i in range(bugs))
    return TOY.format(body=body)


def write_toy(tmp: Path, bugs: int = 2, name: str = "toy.py") -> Path:
    p = tmp / name
    p.write_text(toy_source(bugs))
    return p


CASES = [CaseInfo(name=f"seed{i}", kind="seed", seed=i, shapes=[[8]], dtypes=["float32"]) for i in range(6)]


@dataclass
class FakeVerify:
    calls: list[Path] = field(default_factory=list)
    slow_ms: float | None = None
    interrupt_at: int | None = None
    failing_timing: Timing | None = None  # the timing of failing reports (default: as slow_ms says)

    def __call__(self, candidate: Path, reference: Path) -> VerifyReport:
        self.calls.append(candidate)
        if self.interrupt_at is not None and len(self.calls) == self.interrupt_at:
            raise KeyboardInterrupt("simulated kill")
        src = Path(candidate).read_text()
        base = dict(candidate=str(candidate), reference=str(reference), device="cpu", cases=CASES)
        if "torch.softmax" in src:
            f = Finding(check="anticheat.static", severity="error", failure_class="cheat", message="calls torch.softmax")
            return VerifyReport(verdict="cheat", failure_class="cheat", summary="cheat: calls torch.softmax", findings=[f], **base)
        if "SYNTAX" in src:
            f = Finding(check="load", severity="error", failure_class="compile_error", message="SyntaxError",
                        evidence={"traceback": f'  File "{candidate}", line 1\nSyntaxError: invalid syntax'})
            return VerifyReport(verdict="fail", failure_class="compile_error", summary="compile_error: SyntaxError", findings=[f], **base)
        bugs = src.count("BUG")
        if bugs == 0:
            timing = Timing(status="not_measured", reason="cpu")
            if self.slow_ms is not None:
                timing = Timing(status="measured", reference_ms=1.0, candidate_ms=self.slow_ms, speedup=1.0 / self.slow_ms)
            return VerifyReport(verdict="pass", summary=f"equivalent on {len(CASES)} cases", timing=timing, **base)
        findings = [
            Finding(check="oracle", severity="error", failure_class="numerical_mismatch", case=f"seed{i}",
                    message=f"output 0: {bugs} wrong sites",
                    evidence={"mismatch_fraction": min(1.0, 0.1 * bugs), "rel_l2_err": 0.01 * bugs, "location": "scattered"})
            for i in range(min(bugs, len(CASES)))
        ]
        timing = Timing(status="measured", reference_ms=1.0, candidate_ms=1.0) if self.slow_ms is not None else Timing(status="not_measured")
        if self.failing_timing is not None:
            timing = self.failing_timing
        return VerifyReport(verdict="fail", failure_class="numerical_mismatch",
                            summary=f"numerical_mismatch: {bugs} wrong sites", findings=findings, timing=timing, **base)


@dataclass
class TimedFakeVerify(FakeVerify):
    """A FakeVerify that takes the run's remaining wall time, as kagent's default verify does."""

    timeouts: list[float | None] = field(default_factory=list)

    def __call__(self, candidate: Path, reference: Path, timeout_s: float | None = None) -> VerifyReport:
        self.timeouts.append(timeout_s)
        return super().__call__(candidate, reference)


@dataclass
class FakeSymptoms:
    failure_classes: list[str] = field(default_factory=lambda: ["numerical_mismatch"])
    error_regexes: list[str] = field(default_factory=list)


@dataclass
class FakePattern:
    id: str
    title: str = "remove the BUG term"
    explanation: str = "The kernel adds a spurious BUG term; remove it."
    example_before: str = "x = x + BUG"
    example_after: str = ""
    fix: str | None = "drop_bug"
    backends: list[str] = field(default_factory=lambda: ["triton"])
    symptoms: FakeSymptoms = field(default_factory=FakeSymptoms)


@dataclass
class FakeHit:
    pattern: FakePattern
    score: float = 1.0
    reason: str = "failure class"


@dataclass
class FakeEdit:
    transform: str
    description: str
    line: int
    new_source: str
    cost: int = 1


@dataclass
class FakeStore:
    outcomes: list[tuple[str, bool]] = field(default_factory=list)
    learned: list[dict] = field(default_factory=list)
    retrieved: int = 0
    backends: list[str] = field(default_factory=list)

    def retrieve(self, failure_class, error_text, kernel_source, backend="triton", k=5):
        self.retrieved += 1
        self.backends.append(backend)
        return [FakeHit(FakePattern("toy-drop-bug"))] if failure_class == "numerical_mismatch" else []

    def record_outcome(self, pid, success):
        self.outcomes.append((pid, success))

    def learn(self, failure_class, error_text, before_source, after_source, explanation, run_id, verified=True):
        self.learned.append(dict(failure_class=failure_class, after=after_source, run_id=run_id))
        return FakePattern(f"learned-{len(self.learned)}")


def fake_fixes(hits, source, limit=20, *, useless_first: int = 0):
    """Drop one BUG line per edit (one edit per site); optionally useless edits first."""
    edits = []
    for i in range(useless_first):
        edits.append(FakeEdit("noop", f"add comment {i}", 1, source + f"\nuseless_{i} = {i}\n", cost=0))
    lines = source.splitlines(keepends=True)
    for j, line in enumerate(lines):
        if "BUG" in line:
            new = "".join(lines[:j] + lines[j + 1 :])
            edits.append(FakeEdit("drop_bug", f"drop line {j + 1}", j + 1, new))
    return edits[:limit]


def make_fixes(useless_first: int = 0):
    return lambda hits, source, limit=20: fake_fixes(hits, source, limit, useless_first=useless_first)


def fake_static(path) -> list[Finding]:
    """A static pre-check that flags the toy cheat (torch.softmax in the source)."""
    if "torch.softmax" in Path(path).read_text():
        return [Finding(check="anticheat.torch_compute", severity="error", failure_class="cheat",
                        message="ModelNew calls torch.softmax")]
    return []


def no_static(path) -> list[Finding]:
    return []


@dataclass
class ListingStore(FakeStore):
    """A FakeStore that lists its patterns (like PatternStore.all()), so the graph can tell what the
    offline engine knows per backend."""

    patterns: list[FakePattern] = field(default_factory=lambda: [FakePattern("toy-drop-bug")])

    def all(self):
        return list(self.patterns)
