"""`kagent verify` on the kernel corpus: every correct kernel passes, every near-miss fails with the
failure class its manifest names (tests/corpus/manifest.yaml)."""

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


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e["expect"] == "fail"], ids=lambda e: e["path"])
def test_near_miss_fails_with_its_class(entry):
    report = verify(CORPUS / entry["path"], _ref(entry), device="cpu")
    assert report.verdict == "fail", report.summary
    assert report.failure_class == entry["failure_class"], report.summary
    main = [f for f in report.findings if f.failure_class == report.failure_class]
    assert main and all(f.message for f in main)  # evidence, not a bare verdict


def test_corpus_is_big_enough():
    near = [e for e in ENTRIES if e["expect"] == "fail"]
    assert len([e for e in ENTRIES if e["expect"] == "pass"]) >= 12
    assert len(near) >= 20
    assert len({e["fault_kind"] for e in near}) >= 12
