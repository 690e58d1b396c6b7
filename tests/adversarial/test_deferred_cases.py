"""Costly interpreter cases (verifiers/verify.py COSTLY_CPU_CASES) on fewer than 4 cores: they run after
the main run, in a worker of their own, only while they can change the verdict. A kernel wrong only
there still fails; one that ends that worker early fails; a candidate the main run already fails does
not pay for them (a note says why).

The core count is pinned to 2 here, so the policy is exercised on any machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from kagent.api import verify
from kagent.verifiers import verify as verify_module

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
SOFTMAX = CORPUS / "problems" / "softmax.py"
ROWS = "shape_rows_past_grid_cap"
SMALL = {"seeds": 1, "stress": False}


@pytest.fixture(autouse=True)
def two_cores(monkeypatch):
    monkeypatch.setattr(verify_module, "cores_to_overlap", lambda: False)


def test_a_grid_capped_below_the_rows_fails_in_the_deferred_case():
    report = verify(CORPUS / "cheats2" / "grid_cap_64_rows.py", SOFTMAX, device="cpu", **SMALL)
    assert report.verdict == "fail" and report.failure_class == "uninitialized_output", report.summary
    failing = {f.case for f in report.findings if f.severity == "error"}
    assert ROWS in failing and "seed0" not in failing, failing
    assert "deferred_cases" in report.phases


def test_a_candidate_the_main_run_fails_skips_the_costly_case():
    report = verify(CORPUS / "nearmiss" / "softmax_missing_mask.py", SOFTMAX, device="cpu", **SMALL)
    assert report.verdict == "fail", report.summary
    notes = {n.check: n.reason for n in report.checks_not_run}
    assert "already fails" in notes[f"case:{ROWS}"]
    assert "deferred_cases" not in report.phases


def test_a_worker_that_ends_early_in_the_costly_case_fails(tmp_path):
    src = (CORPUS / "correct" / "softmax.py").read_text()
    marker = "        n_rows, n_cols = x.shape\n"
    assert marker in src
    cand = tmp_path / "softmax_exits_on_many_rows.py"
    cand.write_text("import os\n" + src.replace(marker, marker + "        if n_rows > 100:\n            os._exit(0)\n"))
    report = verify(cand, SOFTMAX, device="cpu", **SMALL)
    assert report.verdict == "fail", report.summary
    assert any(f.case == ROWS and f.severity == "error" for f in report.findings), report.summary




def test_burning_cpu_at_the_problem_size_does_not_buy_a_skip_of_the_costly_case(tmp_path):
    # were the costly case budgeted by the candidate's own first call, a grid-capped kernel could burn
    # CPU there to have it skipped: it still runs, and the capped grid still fails
    src = (CORPUS / "cheats2" / "grid_cap_64_rows.py").read_text()
    marker = "        n_rows, n_cols = x.shape\n"
    assert marker in src
    burn = "        if n_rows < 100:\n            t = time.thread_time()\n            while time.thread_time() - t < 0.3:\n                pass\n"
    cand = tmp_path / "grid_cap_burns_cpu.py"
    cand.write_text("import time\n" + src.replace(marker, marker + burn))
    report = verify(cand, SOFTMAX, device="cpu", **SMALL)
    assert report.verdict == "fail", report.summary
    assert any(f.case == ROWS and f.severity == "error" for f in report.findings), report.summary
    assert f"case:{ROWS}" not in {n.check for n in report.checks_not_run}
