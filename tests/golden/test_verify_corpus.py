"""`kagent verify` on the kernel corpus: every correct kernel passes (tests/corpus/manifest.yaml).

That every near-miss fails with the failure class its manifest names is checked in
test_golden_repair.py, on the first verify of each near-miss's repair (the same verify, done once)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kagent.api import verify

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
ENTRIES = yaml.safe_load((CORPUS / "manifest.yaml").read_text())


def _ref(entry: dict) -> Path | None:
    return CORPUS / entry["reference"] if entry.get("reference") else None


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e["expect"] == "pass"], ids=lambda e: e["path"])
def test_correct_kernel_passes(entry):
    report = verify(CORPUS / entry["path"], _ref(entry), device="cpu")
    assert report.verdict == "pass", report.summary
    assert not report.errors()


def test_corpus_is_big_enough():
    near = [e for e in ENTRIES if e["expect"] == "fail"]
    assert len([e for e in ENTRIES if e["expect"] == "pass"]) >= 12
    assert len(near) >= 20
    assert len({e["fault_kind"] for e in near}) >= 12
