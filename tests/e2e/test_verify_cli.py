"""`kagent verify` end to end: exit codes, --json, isolation of hangs, crashes and secrets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kagent.api import verify

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "kagent" / "examples"
FIX = ROOT / "tests" / "unit" / "verify_fixtures"
PROBLEM = EX / "softmax_problem.py"


def _kagent(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kagent.cli", *args], capture_output=True, text=True, timeout=600,
                          env={**os.environ, **(env or {})}, cwd=ROOT)


def test_json_report_and_exit_code_of_a_near_miss():
    res = _kagent("verify", str(EX / "softmax_nearmiss.py"), "--reference", str(PROBLEM), "--device", "cpu", "--json")
    assert res.returncode == 1, res.stderr
    report = json.loads(res.stdout)  # nothing but the report on stdout
    assert report["verdict"] == "fail" and report["failure_class"] == "numerical_mismatch"
    ev = next(f for f in report["findings"] if f["check"] == "oracle")["evidence"]
    assert ev["max_abs_err"] > ev["tolerance_abs"] and ev["mismatch_count"] > 0
    assert report["timing"]["status"] == "not_measured"


def test_secrets_never_reach_the_candidate_and_a_correct_kernel_exits_0():
    res = _kagent("verify", str(FIX / "env_probe.py"), "-r", str(PROBLEM), "--device", "cpu",
                  env={"OPENAI_API_KEY": "sk-test", "HF_TOKEN": "hf-test", "MY_SECRET": "x"})
    assert res.returncode == 0, res.stdout + res.stderr
    assert "PASS" in res.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["/no/such/file.py"], "candidate file not found"),
        ([str(FIX / "syntax_error.py"), "-r", str(PROBLEM)], "syntax error"),
        ([str(PROBLEM)], "no class ModelNew"),
        ([str(FIX / "env_probe.py"), "-r", str(FIX / "broken_reference.py")], "the reference fails"),
        ([str(FIX / "env_probe.py"), "-r", str(PROBLEM), "--device", "tpu"], "device: Input should be"),
        ([str(FIX / "env_probe.py"), "-r", str(PROBLEM), "--check", "nonsense"], "unknown --check"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, message):
    res = _kagent("verify", *args, "--device", "cpu") if "--device" not in args else _kagent("verify", *args)
    assert res.returncode == 2, res.stdout + res.stderr
    assert message in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_hang_becomes_a_timeout_finding():
    report = verify(FIX / "hang.py", PROBLEM, device="cpu", timeout_s=10)
    assert report.verdict == "fail" and report.failure_class == "timeout"
    assert report.findings[-1].case == "seed0"


def test_segfault_becomes_a_crash_finding():
    report = verify(FIX / "segfault.py", PROBLEM, device="cpu")
    assert report.failure_class == "crash"
    crash = next(f for f in report.findings if f.failure_class == "crash")
    assert crash.evidence["signal"] == "SIGSEGV" and "Fatal Python error" in crash.evidence["stderr_tail"]


def test_batch_invariance_is_opt_in_and_bitwise():
    kernel = FIX / "batch_variant_rowsum.py"
    assert verify(kernel, device="cpu", seeds=1, stress=False, shapes=False).verdict == "pass"
    report = verify(kernel, device="cpu", seeds=1, stress=False, shapes=False, batch_invariance=True)
    assert report.failure_class == "batch_variance"
    assert {f.evidence["row"] for f in report.findings if f.check == "batch_invariance"} == {0, 4, 7}


@pytest.mark.parametrize("body, verdict", [("return x * 3.0", "fail"), ("return x * 2.0 + 0.3", "fail"),
                                           ("return x * 2.0", "pass")])
def test_a_reference_writing_into_its_inputs_does_not_loosen_the_oracle(tmp_path, body, verdict):
    cand = tmp_path / "cand.py"
    cand.write_text(f"import torch\nclass ModelNew(torch.nn.Module):\n    def forward(self, x):\n        {body}\n")
    rep = verify(str(cand), str(FIX / "inplace_reference.py"), device="cpu", anticheat=False)  # plain torch
    assert rep.verdict == verdict, rep.summary
    assert verdict == "pass" or rep.failure_class == "numerical_mismatch"


def test_reading_the_reference_cache_is_denied_and_a_cheat():
    report = verify(FIX / "reads_reference_cache.py", PROBLEM, device="cpu", seeds=1, stress=False, shapes=False)
    assert report.verdict == "cheat", report.summary
    hit = next(f for f in report.findings if f.check == "trap.reference_read")
    assert any("expected" in a for a in hit.evidence["attempts"])


def test_a_nondeterministic_kernel_is_not_called_out_of_bounds():
    report = verify(FIX / "nondeterministic_scale.py", device="cpu", seeds=1, stress=False, shapes=False,
                    anticheat=False, strict_determinism=True)
    assert report.failure_class == "nondeterministic", report.summary
    assert not any(f.check.startswith("canary.") for f in report.findings), [f.message for f in report.findings]
    ev = next(f for f in report.findings if f.check == "determinism").evidence
    assert 0 < ev["max_abs_diff"] < 1e-4


def test_run_to_run_noise_within_the_oracle_is_evidence_not_failure():
    """Atomics reorder sums: without --check determinism, two runs that differ in the last bits but
    both pass the oracle pass, with the difference reported as a warning."""
    report = verify(FIX / "reordered_rowsum.py", device="cpu", seeds=1, stress=False, shapes=False,
                    anticheat=False)
    det = [f for f in report.findings if f.check == "determinism"]
    assert det and all(f.severity == "warning" for f in det), [f.message for f in det]
    assert report.failure_class != "nondeterministic", report.summary
    assert 0 < det[0].evidence["max_abs_diff"] < 1e-4


def test_holding_a_ctypes_handle_does_not_switch_ghost_replay_off():
    problem = ROOT / "tests" / "corpus" / "problems" / "vector_add.py"
    report = verify(FIX / "ctypes_decoy_ghost.py", problem, device="cpu", seeds=2, stress=False, shapes=False)
    assert report.verdict == "cheat"
    ghost = next(f for f in report.findings if f.check == "trap.ghost_replay")
    assert ghost.severity == "error" and "launched no kernel of its own" in ghost.message


def test_special_values_catch_a_nan_leaking_into_rows_that_do_not_depend_on_it():
    kernel = FIX / "nan_leak_rowsum.py"
    report = verify(kernel, device="cpu", seeds=1, shapes=False)
    assert report.failure_class == "nan_output", report.summary
    assert {f.case for f in report.errors()} == {"special_values"}  # every other case passes
    assert verify(kernel, device="cpu", seeds=1, shapes=False, stress=False).verdict == "pass"


def test_a_host_division_by_a_size_that_is_zero_at_a_boundary_shape_is_a_refusal():
    report = verify(FIX / "step_divides_by_size.py", device="cpu", seeds=1, stress=False)
    assert report.verdict == "pass", report.summary
    refused = [n for n in report.checks_not_run if "ZeroDivisionError" in n.reason]
    assert refused and all(n.check.startswith("case:shape_") for n in refused), report.checks_not_run


def test_a_nan_carried_only_where_the_special_values_reach_is_not_a_fault():
    report = verify(FIX / "positive_mean_mask_product.py", device="cpu", seeds=1, shapes=False)
    assert report.verdict == "pass", report.summary


def test_a_loudly_refused_boundary_shape_is_not_supported_not_failed():
    report = verify(FIX / "refuses_odd_rows.py", device="cpu", seeds=1, stress=False)
    assert report.verdict == "pass", report.summary
    refused = [n for n in report.checks_not_run if "shape not supported" in n.reason]
    assert refused, report.checks_not_run
    assert all(n.check.startswith("case:shape_") for n in refused)


def test_a_boundary_shape_that_cannot_compile_is_not_supported():
    """tl.arange(0, head_dim // 2) cannot be built for head_dim = 1: on the interpreter that is an
    InterpreterError wrapping Triton's ValueError, on a GPU a compile error."""
    report = verify(ROOT / "tests" / "gpu" / "fixtures" / "rope_pairs.py", device="cpu", seeds=1, stress=False)
    assert report.verdict == "pass", report.summary
    assert any("shape not supported" in n.reason for n in report.checks_not_run), report.checks_not_run
