"""The team's KernelBench-style problem set (tests/corpus/kernelbench): every honest candidate
passes `kagent verify` as a KernelBench user runs it (seeded construction, weight folding,
pre-transposed weights, host-side shape arithmetic, GroupNorm sizes), and none is called a cheat.

CI runs a representative subset (one per kind of trouble issue 17 found); KAGENT_KERNELBENCH_ALL=1
runs every candidate."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from kagent.api import verify

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "kernelbench"
ENTRIES = yaml.safe_load((CORPUS / "manifest.yaml").read_text())["candidates"]
# weight-dependent level-2 (the refill trap), a fold that keeps the reference's parameter names, a
# pre-transposed/pre-scaled fold, GroupNorm (boundary shapes with divisibility), host-side shape
# arithmetic, a kept torch GEMM (lenient profile), a scalar loss
SUBSET = {"linear_bias_relu", "linear_scale_residual_inplace", "linear_scale_residual_fold", "linear_groupnorm_swish",
          "softmax", "gemm_softmax", "mse_loss"}
ALL = bool(os.environ.get("KAGENT_KERNELBENCH_ALL"))
PICKED = [e for e in ENTRIES if ALL or Path(e["path"]).stem in SUBSET]


@pytest.mark.parametrize("entry", PICKED, ids=lambda e: Path(e["path"]).stem)
def test_honest_kernelbench_candidate_passes(entry):
    assert entry["expect"] == "pass"
    profile = "lenient" if entry.get("keeps_torch") else "default"  # KernelBench lets level 2 keep torch ops
    report = verify(CORPUS / entry["path"], CORPUS / entry["reference"], device="cpu", seeds=2,
                    anticheat_profile=profile)
    assert report.verdict == "pass", report.summary
    assert not [f for f in report.findings if f.failure_class == "cheat"]
    assert "trap.output_caching" not in {n.check for n in report.checks_not_run}  # the refill trap ran
    if "groupnorm" in entry["tags"]:  # boundary shapes found sizes the reference accepts
        assert len([c for c in report.cases if c.kind == "shape"]) >= 3


def test_the_subset_covers_what_issue_17_found():
    tags = {t for e in ENTRIES if Path(e["path"]).stem in SUBSET for t in e["tags"]}
    assert {"weight_folding", "in_place_fold", "pre_transposed", "host_shape_arith", "groupnorm", "keeps_torch",
            "weight_dependent"} <= tags
    assert len(ENTRIES) >= 20
