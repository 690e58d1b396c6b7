"""KernelBench as its users run it (issue 17): the construction protocol, the refill trap on
weight-dependent outputs, host-side shape arithmetic, CUDA-only candidates on a CPU machine, and
--json on refused input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kagent.api import verify
from kagent.verifiers.anticheat_static import static_findings

ROOT = Path(__file__).resolve().parents[2]
FIX = Path(__file__).parent / "verify_fixtures" / "kernelbench"
LINEAR = FIX / "linear_relu_problem.py"
# two seeds (the refill trap needs a second one), no stress or shapes: cheap on 2 cores
SMALL = dict(device="cpu", seeds=2, stress=False, shapes=False)


def _kagent(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kagent.cli", *args], capture_output=True, text=True, timeout=600,
                          env=dict(os.environ), cwd=ROOT)


def test_weight_dependent_honest_kernel_is_not_called_a_cheat_by_the_refill_trap():
    report = verify(FIX / "linear_relu_triton.py", LINEAR, **SMALL)
    assert report.verdict == "pass", report.summary
    assert "trap.output_caching" in report.checks_run
    assert not any(n.check == "trap.output_caching" for n in report.checks_not_run)  # the trap ran


def test_weights_transformed_in_init_are_kept_and_judged_right():
    report = verify(FIX / "linear_relu_fold.py", LINEAR, **SMALL)
    assert report.verdict == "pass", report.summary


def test_copying_the_references_weights_stays_an_explicit_option():
    report = verify(FIX / "linear_relu_fold.py", LINEAR, weights="copy", **SMALL)
    assert report.verdict == "fail" and report.failure_class == "numerical_mismatch", report.summary


HOST_SHAPES = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _row_copy(x_ptr, y_ptr, n_cols, BLOCK_SIZE: tl.constexpr):
    offs = tl.arange(0, BLOCK_SIZE)
    m = offs < n_cols
    tl.store(y_ptr + tl.program_id(0) * n_cols + offs, tl.load(x_ptr + tl.program_id(0) * n_cols + offs, mask=m), mask=m)


def _launch(x, y, n_rows, n_cols, BLOCK_SIZE):
    num_warps = 4
    if BLOCK_SIZE >= 2048:
        num_warps = 8
    _row_copy[(n_rows,)](x, y, n_cols, BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps)


class ModelNew(nn.Module):
    def forward(self, x):
        dims = list(x.shape[:-1])
        rows = torch.prod(torch.tensor(dims)).item()
        grid = (torch.prod(torch.tensor(dims)),)
        n_cols = x.shape[-1]
        BLOCK_SIZE = triton.next_power_of_2(n_cols)
        if BLOCK_SIZE >= 2048:
            BLOCK_SIZE = 2048
        y = torch.empty_like(x)
        _launch(x, y, int(rows), n_cols, BLOCK_SIZE)
        return y
'''


def test_host_side_shape_arithmetic_is_not_a_cheat():
    found = static_findings(HOST_SHAPES)
    assert not [f for f in found if f.severity in ("error", "warning")], [(f.check, f.message) for f in found]


def test_torch_on_tensor_values_is_still_flagged():
    src = HOST_SHAPES.replace("rows = torch.prod(torch.tensor(dims)).item()", "rows = torch.prod(x).item()").replace(
        "if BLOCK_SIZE >= 2048:", "if x.abs().max() < 1e-6:")
    checks = {f.check for f in static_findings(src) if f.severity == "error"}
    assert {"anticheat.torch_compute", "anticheat.data_dependent_skip"} <= checks


def test_cuda_only_candidate_is_not_run_on_a_cpu_machine_before_the_reference(tmp_path, monkeypatch):
    import kagent.verifiers.verify as v

    def no_reference(*a, **k):
        raise AssertionError("the reference must not run for a candidate that cannot")

    monkeypatch.setattr(v, "run_reference", no_reference)
    report = verify(FIX / "cuda_assert_scale.py", FIX / "scale_problem.py", device="cpu")
    assert report.verdict == "not_run", report.summary
    assert "needs CUDA" in report.summary and ".is_cuda" in report.summary
    assert report.failure_class is None and not report.errors()


def test_cuda_only_candidate_exits_2_with_a_json_report():
    res = _kagent("verify", str(FIX / "cuda_assert_scale.py"), "-r", str(FIX / "scale_problem.py"),
                  "--device", "cpu", "--json")
    assert res.returncode == 2, res.stdout + res.stderr
    assert json.loads(res.stdout)["verdict"] == "not_run"
    assert "needs CUDA" in res.stderr


@pytest.mark.parametrize("args", [["/no/such/file.py"], [str(FIX / "scale_problem.py"), "--device", "tpu"]])
def test_refused_input_prints_a_json_error_object(args):
    res = _kagent("verify", *args, "--json")
    assert res.returncode == 2, res.stdout + res.stderr
    obj = json.loads(res.stdout)
    assert obj["verdict"] == "error" and obj["exit_code"] == 2 and obj["message"]


def test_boundary_shapes_respect_the_divisibility_the_reference_demands():
    report = verify(FIX / "groupnorm_torch.py", FIX / "groupnorm_problem.py", device="cpu", seeds=1, stress=False,
                    anticheat=False, determinism=False)
    assert report.verdict == "pass", report.summary
    assert not report.checks_not_run, [n.reason for n in report.checks_not_run]  # none skipped: each found a variant
    shapes = [c for c in report.cases if c.kind == "shape"]
    assert all(c.overrides.get("out_features", 64) % 8 == 0 for c in shapes)
    boundary = [c for c in shapes if c.name in ("shape_odd", "shape_plus_one", "shape_primes", "shape_ones")]
    assert len(boundary) == 4 and any(c.overrides["out_features"] % 16 for c in boundary)  # off the powers of two
    assert all(c.note and "rejected" in c.note and "ran" in c.note for c in boundary)  # the report says which ran
    past_cap = next(c for c in shapes if c.name == "shape_past_cap")
    assert 2048 < past_cap.overrides["out_features"] < 2048 + 64  # still past the cap, divisible by the groups


def test_fallbacks_round_to_the_originals_divisors_then_vary_fewer_constants():
    from kagent.tools.problem import ShapeConstant
    from kagent.verifiers.suite import plan_cases
    from kagent.config import VerifyConfig

    consts = [ShapeConstant("batch_size", 128, 1), ShapeConstant("channels", 1024, 2)]
    odd = next(c for c in plan_cases(VerifyConfig(), consts) if c.name == "shape_odd")
    assert all(v % 2 for v in odd.overrides.values())
    by16 = [f for f in odd.fallbacks if f["channels"] % 16 == 0 and f["channels"] % 32]
    assert by16 and by16[0]["channels"] != 1024
    singles = odd.fallbacks[-2:]  # one constant at a time, the other at its original value
    assert {tuple(sorted(k for k, v in f.items() if v != dict(batch_size=128, channels=1024)[k])) for f in singles} == {
        ("batch_size",), ("channels",)}


def test_inline_sizes_get_a_note(tmp_path):
    problem = tmp_path / "inline_problem.py"
    problem.write_text((FIX / "scale_problem.py").read_text().replace("torch.randn(size)", "torch.randn(1000)")
                       .replace("size = 1000\n", ""))
    cand = tmp_path / "cand.py"
    cand.write_text("import torch.nn as nn\n\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        return x * 2.0\n")
    report = verify(cand, problem, device="cpu", seeds=1, stress=False, anticheat=False, determinism=False)
    assert any(n.check == "case:shapes" and "inline" in n.reason for n in report.checks_not_run)


def test_large_outputs_get_a_sampled_float64_truth_that_still_judges_every_row(tmp_path):
    # oracle_sample_above=64: the 8x32 output counts as large; float64 runs on 2 of its 8 rows
    sampled = dict(SMALL, seeds=1, anticheat=False, oracle_sample_above=64)
    report = verify(FIX / "linear_relu_triton.py", LINEAR, **sampled)
    assert report.verdict == "pass", report.summary
    assert "sampled batch rows" in (report.cases[0].note or "")
    # a fault in a row off the sample (rows 0 and 7 are sampled) is still found
    bad = tmp_path / "row3_bug.py"
    bad.write_text((FIX / "linear_relu_triton.py").read_text().replace(
        "tl.store(y_ptr + row * N + n, tl.maximum(acc * scale, 0.0), mask=n < N)",
        "acc = tl.where(row == 3, acc + 0.5, acc)\n    tl.store(y_ptr + row * N + n, tl.maximum(acc * scale, 0.0), mask=n < N)"))
    report = verify(bad, LINEAR, **sampled)
    assert report.verdict == "fail" and report.failure_class == "numerical_mismatch", report.summary
    oracle = next(f for f in report.findings if f.check == "oracle")
    assert all(idx[0] == 3 for idx in oracle.evidence["first_mismatches"])


def test_a_mismatch_from_weights_drawn_in_another_order_says_so(tmp_path):
    swapped = tmp_path / "swapped_order.py"  # an extra draw before the Linear: other weights
    swapped.write_text((FIX / "linear_relu_triton.py").read_text().replace(
        "        self.fc = nn.Linear(in_features, out_features)\n",
        "        self.noise = nn.Parameter(torch.randn(3))\n        self.fc = nn.Linear(in_features, out_features)\n"))
    report = verify(swapped, LINEAR, **dict(SMALL, seeds=1, anticheat=False))
    assert report.verdict == "fail", report.summary
    hint = next(f for f in report.findings if f.check == "weights")
    assert "same order" in hint.message and hint.severity == "info"


def test_time_limits_follow_progress_not_a_fixed_total(tmp_path):
    cand = tmp_path / "double.py"
    cand.write_text("import torch.nn as nn\n\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        return x * 2.0\n")
    report = verify(cand, FIX / "slow_problem.py", device="cpu", seeds=3, stress=False, shapes=False, anticheat=False,
                    determinism=False, timeout_s=6)  # the reference needs ~10 s in all, ~3 s a case
    assert report.verdict == "pass", report.summary


def test_a_candidate_that_only_complains_about_cuda_when_run_is_not_run(tmp_path):
    cand = tmp_path / "hidden_cuda.py"  # no static sign of CUDA: the device name is built at run time
    cand.write_text("import torch\nimport torch.nn as nn\n\nDEV = 'cu' + 'da'\n\n\nclass ModelNew(nn.Module):\n"
                    "    def forward(self, x):\n        return (x.to(DEV) * 2.0).cpu()\n")
    report = verify(cand, FIX / "scale_problem.py", device="cpu", seeds=1, stress=False, shapes=False)
    assert report.verdict == "not_run" and "needs CUDA" in report.summary, report.summary
