"""A CUDA C candidate that faults (an illegal address is sticky: the process's CUDA context stays broken)
must not take the rest of its screen batch with it: the worker stops after it and a fresh worker screens
the others, finding the batch's shared build instead of building it again (agents/screen.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.timeout(560)
def test_a_candidate_after_one_that_faults_is_still_screened(tmp_path, monkeypatch):
    from kagent.agents.screen import Screener
    from kagent.config import VerifyConfig

    monkeypatch.setenv("KAGENT_CACHE_DIR", str(tmp_path / "cache"))
    near = (FIXTURES / "cuda_shift_scale_nm.py").read_text()
    fixed = near.replace("x[i] * k - b[c]", "x[i] * k + b[c]")
    faults = near.replace("y[i] = x[i] * k - b[c];", "y[i + (1 << 29)] = x[i] * k - b[c];")
    cand = tmp_path / "candidate.py"
    cand.write_text(near)
    s = Screener(cand, FIXTURES / "cuda_shift_scale_problem.py", VerifyConfig(device="cuda"))
    try:
        assert s.cuda_c and s.prepare(["seed0"]) is None
        got = s.screen([near, faults, fixed], base_first=True)
        assert [r.passed for r in got] == [False, False, True], [r.summary() for r in got]
    finally:
        s.close()
    builds = [p.name for p in (tmp_path / "cache" / "torch_extensions").rglob("kagent_batch_*") if p.is_dir()]
    assert len(builds) == 1, builds  # the fresh worker loaded the batch's build: the same sources, one build
