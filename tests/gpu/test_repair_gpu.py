"""`kagent repair` on a CUDA device: the edit search screens Triton candidates on the CPU under the
interpreter (RepairConfig.screen_device), and the repair is proven by the full verify on the GPU.
Skipped without CUDA; run on the H200 (docs/gpu.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")

EXAMPLES = Path(__file__).resolve().parents[2] / "kagent" / "examples"


def test_the_shipped_near_miss_is_repaired_on_cuda_with_an_interpreter_screen(tmp_path):
    from kagent.repair.run import repair

    summary = repair(EXAMPLES / "softmax_nearmiss.py", EXAMPLES / "softmax_problem.py", device="cuda",
                     runs_dir=tmp_path)
    assert summary.status == "repaired", summary.reason
    searches = [json.loads(p.read_text()) for p in Path(summary.run_dir).glob("search_*.json")]
    assert searches, "the repair ran no edit search"
    assert {s["screen_device"] for s in searches} <= {"cpu"}
    reports = [json.loads(p.read_text()) for p in Path(summary.run_dir).glob("candidates/*/report.json")]
    assert reports and {r["device"] for r in reports} == {"cuda"}  # the verdicts are the GPU's


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_float32_matmul_in_tf32_is_repaired_with_a_full_precision_dot(tmp_path):
    """The fault only a GPU shows (the interpreter computes the dot in float32): the screen moves to
    the GPU and the dot_ieee edit, screened early, passes the full verify there."""
    from kagent.repair.run import repair

    summary = repair(FIXTURES / "matmul_fp32_tf32_dot.py", FIXTURES / "matmul_fp32_problem.py", device="cuda",
                     runs_dir=tmp_path)
    assert summary.status == "repaired", summary.reason
    repaired = Path(summary.repaired_path).read_text()
    assert 'tl.dot(a, b, input_precision="ieee")' in repaired


@pytest.mark.timeout(560)
def test_a_load_inline_kernel_is_repaired_with_its_candidates_built_together(tmp_path):
    """A CUDA C kernel's edits are extensions to build: the screen builds a batch of them as one
    extension (verifiers/extension_batch.py), and the fix passes the full verify, built as written."""
    from kagent.repair.run import repair

    summary = repair(FIXTURES / "cuda_shift_scale_nm.py", FIXTURES / "cuda_shift_scale_problem.py", device="cuda",
                     runs_dir=tmp_path, timeout_s=400)
    searches = [json.loads(p.read_text()) for p in Path(summary.run_dir).glob("search_*.json")]
    ext = [s["screen_extensions"] for s in searches if s.get("screen_extensions")]
    assert summary.status == "repaired", (summary.reason, ext, [len(s["tried"]) for s in searches])
    assert "x[i] * k + b[c]" in Path(summary.repaired_path).read_text()
    assert ext and sum(e["sources"] for e in ext) > sum(e["builds"] for e in ext) >= 1, ext
