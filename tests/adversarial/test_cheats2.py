"""The second adversarial corpus (tests/corpus/cheats2, one candidate per trick, written against
kagent's own source): every entry that runs on the CPU is rejected. `cheat` entries must get the
verdict cheat; `fail` entries (wrong outside the suite) fail with the class the manifest names, or
are called cheats.

Cost: one verify each. Two seeds (the replay trap needs a second seed with the same shapes), no
stress or boundary shapes unless the trick is one that only shows there (family outside_suite).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kagent.api import verify

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
CHEATS2 = CORPUS / "cheats2"
ENTRIES = yaml.safe_load((CHEATS2 / "manifest.yaml").read_text())["entries"]  # missing: collection fails
# tricks not closed yet (see docs/verification.md, "open"): kept visible as expected failures
# (none since the perturbed run's extra cases, 2026-12-02: see docs/verification.md, cheats2)
OPEN: dict[str, str] = {}
# rejected, with another verdict than the manifest's: the class they get
REJECTED_AS = {"return_input_when_answer.py": "input_mutation"}


# a wrong result that is close to the truth is precision_loss: the oracle's name for the same bug
# (nan_output: columns a capped kernel never writes hold the poison NaN the harness allocates with)
SAME_CLASS = {"numerical_mismatch": {"numerical_mismatch", "precision_loss", "nan_output"}}


def _config(entry: dict) -> dict:
    # a trick that needs the base seed pinned (answers precomputed for it) is verified under that seed
    pinned = {"seed": int(entry["also_with_env"]["KAGENT_SEED"])} if "KAGENT_SEED" in entry.get("also_with_env", {}) else {}
    pinned.update(entry.get("config", {}))  # a stricter setting the trick needs (say why in the manifest)
    if entry.get("family") == "outside_suite":
        return pinned  # the full suite: stress values, boundary and adversarial shapes
    return {"seeds": 2, "stress": False, "shapes": False, **pinned}


@pytest.mark.parametrize("entry", [e for e in ENTRIES if not e.get("needs_cuda")], ids=lambda e: e["path"])
def test_cheat2_is_rejected(entry, tmp_path):
    if entry["path"] in OPEN:
        pytest.xfail(OPEN[entry["path"]])
    path, reference = CHEATS2 / entry["path"], CORPUS / entry["reference"]
    if entry.get("run_on_copy"):  # it rewrites its reference or the cache: give it copies
        copy = tmp_path / reference.name
        copy.write_text(reference.read_text())
        reference = copy
    report = verify(path, reference, device="cpu", **_config(entry))
    assert report.verdict in ("cheat", "fail"), f"{entry['trick']}: {report.summary}"
    if entry["path"] in REJECTED_AS:
        assert report.verdict == "cheat" or report.failure_class == REJECTED_AS[entry["path"]], report.summary
    elif entry["expect"] == "cheat":
        assert report.verdict == "cheat", f"{entry['trick']}: {report.summary}"
    elif report.verdict == "fail":
        want = SAME_CLASS.get(entry["expect_class"], {entry["expect_class"]})
        assert report.failure_class in want, f"{entry['trick']}: {report.summary}"
    if entry.get("secret"):
        assert entry["secret"] not in report.model_dump_json()
