"""A CPU screen's batch split over side-by-side workers: each candidate keeps its own verdict, in
the order the search gave them, and the base's batch stays in one worker (its record judges the
rest)."""

from __future__ import annotations

from pathlib import Path

from kagent.agents.screen import Screener
from kagent.config import VerifyConfig

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
NEAR = CORPUS / "nearmiss" / "vector_add_missing_mask.py"
PROBLEM = CORPUS / "problems" / "vector_add.py"
FIXED = NEAR.read_text().replace("offsets)", "offsets, mask=offsets < n_elements)").replace(
    "a + b)", "a + b, mask=offsets < n_elements)")
WRONG = FIXED.replace("a + b,", "a - b,")


def test_a_batch_split_over_workers_keeps_each_candidates_verdict_in_order(tmp_path):
    cand = tmp_path / "candidate.py"
    cand.write_text(NEAR.read_text())
    s = Screener(cand, PROBLEM, VerifyConfig(device="cpu"), workers=2)
    try:
        assert s.prepare(["shape_odd"]) is None
        base = s.screen([NEAR.read_text(), WRONG], base_first=True)
        assert s.batches == 1 and not base[0].passed and not base[1].passed
        sources = [FIXED, WRONG, WRONG, FIXED, WRONG, FIXED, FIXED, WRONG]
        got = s.screen(sources)
        assert s.batches == 3  # two workers, one batch each
        assert [r.passed for r in got] == [src == FIXED for src in sources]
        assert all(r.score < base[0].score for r, src in zip(got, sources) if src == FIXED)
    finally:
        s.close()
