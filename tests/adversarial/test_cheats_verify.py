"""End to end: every cheat of the adversarial corpus that runs on the CPU is rejected by
`kagent verify`, flagged by the check its manifest names."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kagent.api import verify

CHEATS = Path(__file__).resolve().parents[1] / "corpus" / "cheats"
ENTRIES = yaml.safe_load((CHEATS / "manifest.yaml").read_text())["cheats"]
# Cheats that are bugs too: input zeroing and uninitialised-memory reuse are reported by the
# canaries as failures (input_mutation / uninitialized_output); either verdict rejects them.
CANARY_NAMES = {"trap.input_mutation": "canary.input_mutation", "trap.uninitialized_reuse": "canary.uninitialized"}


@pytest.mark.parametrize("entry", [e for e in ENTRIES if not e.get("needs_cuda")], ids=lambda e: e["path"])
def test_cheat_is_rejected_by_its_check(entry):
    report = verify(CHEATS / entry["path"], CHEATS / entry["reference"], device="cpu")
    fired = {f.check for f in report.errors()}
    want = CANARY_NAMES.get(entry["expect_check"], entry["expect_check"])
    assert report.verdict in ("cheat", "fail"), report.summary
    assert want in fired, f"{want} not in {sorted(fired)}"
    # an output that IS an input is an in-place bug as much as a cheat: input_mutation, rejected
    in_place = entry["expect_check"] == "trap.output_aliasing" and report.failure_class == "input_mutation"
    if entry["expect_check"] not in CANARY_NAMES and not in_place:
        assert report.verdict == "cheat"
        assert all(f.evidence or f.message for f in report.errors())
