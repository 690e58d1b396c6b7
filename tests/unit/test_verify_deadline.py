"""A repair's verify ends by the repair's clock: the time left becomes the verify's deadline, and every
worker's limit (a sanitized run's four-fold one included) is cut to what the deadline leaves."""

from __future__ import annotations

import time

from kagent.config import VerifyConfig
from kagent.verifiers import verify as verify_mod


def test_worker_limits_are_cut_to_the_deadline():
    assert verify_mod._within(VerifyConfig(), 1200.0) == 1200.0
    soon = VerifyConfig(deadline=time.monotonic() + 30.0)
    assert 25.0 < verify_mod._within(soon, 1200.0) <= 30.0
    assert verify_mod._within(soon, 10.0) == 10.0
    assert verify_mod._within(VerifyConfig(deadline=time.monotonic() - 5.0), 1200.0) == 1.0


def test_the_repairs_verify_gets_the_time_left_as_its_deadline(monkeypatch):
    from kagent.repair import run

    seen = []
    monkeypatch.setattr(verify_mod, "verify_paths", lambda c, r, cfg: seen.append(cfg) or "report")
    fn = run._default_verify(VerifyConfig(timeout_s=300.0))
    t0 = time.monotonic()
    assert fn("cand.py", "ref.py", timeout_s=40.0) == "report"
    assert seen[0].timeout_s == 40.0 and t0 + 39.0 < seen[0].deadline <= time.monotonic() + 40.0
    fn("cand.py", "ref.py")
    assert seen[1].deadline is None and seen[1].timeout_s == 300.0


def test_a_verify_past_its_deadline_never_passes():
    """An honest kernel, verified with its deadline already gone: whether its workers were cut or
    finished anyway, checks may have been cut short, so the verdict is no pass."""
    from pathlib import Path

    corpus = Path(__file__).resolve().parents[1] / "corpus"
    report = verify_mod.verify_paths(corpus / "correct" / "vector_add.py", corpus / "problems" / "vector_add.py",
                                     VerifyConfig(device="cpu", deadline=time.monotonic() - 1.0))
    assert report.verdict != "pass"
    assert report.failure_class == "timeout", report.summary
