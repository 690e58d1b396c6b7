"""Policies of the perturbed run's extra cases (verifiers/verify.py _Perturbed), end to end: a kernel
that refuses non-contiguous inputs loudly passes with a note ("layout not supported"), as a refused
boundary shape does; one that silently assumes contiguous rows passes with a warning by default
(right under KernelBench's convention: its inputs are contiguous) and fails with
VerifyConfig(noncontiguous="fail"); with VerifyConfig(vary_init=False) (KernelBench's convention: the constructor's
arguments are fixed) a kernel that hard-codes the problem's constant passes.

Cost: four quick verifies (2 seeds, no stress, no shapes)."""

from __future__ import annotations

from pathlib import Path

from kagent.api import verify

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
QUICK = {"seeds": 2, "stress": False, "shapes": False}


def test_a_loud_refusal_of_non_contiguous_inputs_is_a_note_not_a_failure(tmp_path):
    src = (CORPUS / "correct" / "softmax.py").read_text().replace(
        "        n_rows, n_cols = x.shape\n",
        "        n_rows, n_cols = x.shape\n        assert x.is_contiguous(), 'contiguous rows only'\n")
    assert "is_contiguous" in src
    cand = tmp_path / "softmax_contiguous_only.py"
    cand.write_text(src)
    report = verify(cand, CORPUS / "problems" / "softmax.py", device="cpu", **QUICK)
    assert report.verdict == "pass", report.summary
    notes = {n.check: n.reason for n in report.checks_not_run}
    assert "contiguous rows only" in notes["case:noncontiguous"]
    assert report.perturbation["noncontiguous"] == "refused"


def test_fixed_init_arguments_under_kernelbench_convention():
    cand = CORPUS / "cheats2" / "hardcoded_init_constant.py"
    report = verify(cand, CORPUS / "problems" / "leaky_relu.py", device="cpu", vary_init=False, **QUICK)
    assert report.verdict == "pass", report.summary
    assert "init_varied" not in (report.perturbation or {})


def test_silently_assuming_contiguous_rows_is_a_warning_unless_asked_to_fail():
    cand = CORPUS / "cheats2" / "strides_from_shapes.py"  # row stride taken from the shape
    report = verify(cand, CORPUS / "problems" / "softmax.py", device="cpu", **QUICK)
    assert report.verdict == "pass", report.summary
    warned = [f for f in report.findings if f.check == "noncontiguous"]
    assert warned and warned[0].severity == "warning" and "column slice" in warned[0].message
    strict = verify(cand, CORPUS / "problems" / "softmax.py", device="cpu", noncontiguous="fail", **QUICK)
    assert strict.verdict == "fail" and strict.failure_class in ("numerical_mismatch", "nan_output"), strict.summary


def test_a_slow_first_call_does_not_buy_a_skip_of_the_4097_row_case(tmp_path):
    """Zeros past row 4096, and every call below 4096 rows burns 0.1 s of CPU: an estimate of the case's
    cost from the first call (x 256 rows) said 30 s, and the case was skipped; it always runs now."""
    src = (CORPUS / "cheats2" / "rows_of_zeros_beyond.py").read_text()
    src = src.replace("        x = x.contiguous()\n",
                      "        x = x.contiguous()\n"
                      "        if x.shape[0] <= 4096:\n"
                      "            import time\n"
                      "            start = time.process_time()\n"
                      "            while time.process_time() - start < 0.1:\n"
                      "                pass\n")
    assert "process_time" in src
    cand = tmp_path / "zeros_past_4096_slow_first_call.py"
    cand.write_text(src)
    report = verify(cand, CORPUS / "problems" / "softmax.py", device="cpu", seeds=1, stress=False)
    assert report.verdict == "fail", report.summary
    assert any(f.check == "rows_past_4096" for f in report.findings), report.findings


def test_hanging_past_4096_rows_in_the_plain_script_run_fails(tmp_path):
    """A kernel that hangs (sleeps, using no CPU) only where the plain-script run checks rows past 4096:
    the worker's no-progress timeout is a `timeout` failure, not a case quietly left out."""
    src = (CORPUS / "correct" / "softmax.py").read_text().replace(
        "        n_rows, n_cols = x.shape\n",
        "        n_rows, n_cols = x.shape\n"
        "        if n_rows > 4096:\n"
        "            import time\n"
        "            time.sleep(3600)\n")
    cand = tmp_path / "softmax_sleeps_past_4096.py"
    cand.write_text(src)
    report = verify(cand, CORPUS / "problems" / "softmax.py", device="cpu", seeds=1, stress=False, timeout_s=15)
    assert report.verdict == "fail" and report.failure_class == "timeout", report.summary
    assert any(f.case == "shape_rows_4097" for f in report.findings if f.failure_class == "timeout"), report.findings
