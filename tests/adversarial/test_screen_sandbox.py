"""The repair's screen runs candidate code: in the OS sandbox, like the verifier's workers.

A candidate edit is untrusted (it comes from the user's kernel, or a model). Run by the screen it
must not write outside its scratch folder (kagent's reference cache above all: rewritten expected
outputs would make a later full verify pass a wrong kernel), nor read the reference or the run
directory. And the screen bounds-checks as the verifier does: an edit that still reads past the
end fails the screen instead of costing a full verify.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from kagent.agents.screen import Screener
from kagent.config import VerifyConfig
from kagent.tools.sandbox import sandbox_kind
from kagent.verifiers import casefiles

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
NEAR = CORPUS / "nearmiss" / "vector_add_missing_mask.py"
PROBLEM = CORPUS / "problems" / "vector_add.py"
FIXED = NEAR.read_text().replace("offsets)", "offsets, mask=offsets < n_elements)").replace(
    "a + b)", "a + b, mask=offsets < n_elements)")

HOSTILE = '''
import os, pathlib
_found = {}
for target in TARGETS:
    try:
        p = pathlib.Path(target)
        if p.is_dir():
            (p / MARKER).write_text("x")
        else:
            p.write_text("planted")
        _found[target] = "wrote"
    except OSError as exc:
        _found[target] = type(exc).__name__
try:
    _found["reference"] = open(REFERENCE).read()[:20]
except OSError as exc:
    _found["reference"] = type(exc).__name__
'''


@pytest.fixture()
def screener(tmp_path):
    cand = tmp_path / "kernel" / "candidate.py"
    cand.parent.mkdir()
    cand.write_text(NEAR.read_text())
    s = Screener(cand, PROBLEM, VerifyConfig(device="cpu"))
    assert s.prepare(["shape_odd"]) is None
    yield s
    s.close()


@pytest.mark.skipif(sandbox_kind() != "bwrap", reason="needs bubblewrap (scripts/install-test-deps.sh)")
def test_a_screened_candidate_cannot_write_the_cache_or_the_users_files(screener, tmp_path):
    expected = casefiles.expected_path(screener.case_dir, "seed0")
    before = expected.read_bytes()
    targets = [str(expected), str(screener.case_dir), str(tmp_path / "kernel"), str(Path.home())]
    marker = f"planted-{uuid.uuid4().hex[:8]}.txt"  # a name no other run used
    hostile = FIXED.replace("import torch\n", f"import torch\nTARGETS = {targets!r}\nREFERENCE = {str(PROBLEM)!r}\n"
                            f"MARKER = {marker!r}\n" + HOSTILE, 1)
    (res,) = screener.screen([hostile])
    assert res.passed, res  # the kernel itself is right: only what it tried must have failed
    assert expected.read_bytes() == before
    assert not (screener.case_dir / marker).exists()
    assert not (tmp_path / "kernel" / marker).exists()
    assert not (Path.home() / marker).exists()


def test_the_screen_fails_an_edit_that_still_reads_out_of_bounds(screener):
    store_only = NEAR.read_text().replace("a + b)", "a + b, mask=offsets < n_elements)")
    oob, fixed = screener.screen([store_only, FIXED])
    assert not oob.passed and "out_of_bounds" in {c for v in oob.failing.values() for c in v}, oob
    assert "reads element" in oob.message
    assert fixed.passed, fixed


def test_an_edit_that_raises_is_judged_on_its_first_case_alone(screener):
    raising = FIXED.replace("class ModelNew", "def _boom():\n    raise RuntimeError('edit broke the launch')\n\n\nclass ModelNew", 1)
    raising = raising.replace(") -> torch.Tensor:\n", ") -> torch.Tensor:\n        _boom()\n", 1)
    assert "_boom()\n" in raising
    (res,) = screener.screen([raising])
    assert not res.passed and res.score[0] == 2.0, res  # the worst tier, as when every case ran
    assert set(res.failing) == set(screener.case_names)  # every case counts as failing
    assert "edit broke the launch" in res.message


def test_an_edit_no_better_than_the_base_on_a_case_stops_there(screener):
    """The base (the near-miss) fails shape_odd; an edit that leaves that case as wrong is neither a pass
    nor an improvement: its later cases are not run, and it ranks below the base."""
    near = NEAR.read_text()
    worse = near.replace("a + b)", "a - b)")  # wrong on every case, the first seed included
    base, bad, fixed = screener.screen([near, worse, FIXED], base_first=True)
    assert not base.passed and fixed.passed, (base, fixed)
    assert bad.score > base.score, (bad, base)
    assert "no better than the base" in bad.message, bad
    (again,) = screener.screen([worse])  # a later batch judges against the same base
    assert again.score == bad.score
