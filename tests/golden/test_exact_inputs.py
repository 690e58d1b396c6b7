"""Inputs where exact values matter: discrete targets and values on a threshold.

- +-1 targets compared with `y == 1`. The oracle's tolerance grows with the problem's conditioning,
  measured by moving every float input by one float32 rounding. Moved, a +-1 target is no longer
  +-1: the reference's `y == 1` flipped, its result moved by O(1), and every output was "within
  tolerance". A kernel whose programs store their share of a mean (the last one wins) passed the
  oracle, and the ghost trap, seeing that wrong answer "still correct" with the kernel skipped,
  called the honest bug a cheat.
- `>=` where hard shrinkage tests `>`: random inputs never equal lambd; the boundaries case plants
  it (verifiers/suite_boundaries.py).
Each near-miss must fail with its class, never as a cheat; each correct twin must pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from kagent.api import verify

DEV = Path(__file__).resolve().parents[1] / "corpus" / "nearmiss_dev"


@pytest.mark.parametrize("name", ["hinge_pm1_atomic.py", "shrink_threshold_ge.py"])
def test_the_near_miss_fails_the_oracle_and_is_no_cheat(name):
    report = verify(DEV / name, device="cpu")
    assert report.verdict == "fail" and report.failure_class == "numerical_mismatch", report.summary
    assert not [f for f in report.findings if f.failure_class == "cheat"], report.summary


@pytest.mark.parametrize("name", ["hinge_pm1_atomic.py", "shrink_threshold_ge.py"])
def test_its_correct_twin_passes(name):
    report = verify(DEV / "fixed" / name, device="cpu")
    assert report.verdict == "pass", report.summary
