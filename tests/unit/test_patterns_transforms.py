"""Every mechanical fix, applied to a real near-miss kernel, yields a kernel that passes verification.

Fixtures: tests/unit/patterns_fixtures/<transform>.py hold a KernelBench problem and a near-miss
candidate in one file. Fast tier (always): the stand-in differential check (patterns_fixtures/
check.py, Triton interpreter, NaN-poisoned allocations, x300 value stress) must FAIL the near-miss
and PASS one of the transform's edits. Slow tier (-m slow): `kagent.api.verify` passes that edit,
and the transforms repair the matching near-misses of tests/corpus/.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kagent.patterns.engine import candidate_fixes
from kagent.patterns.transforms import TRANSFORMS, applicable, propose_all

FIXTURES = Path(__file__).parent / "patterns_fixtures"
CORPUS = Path(__file__).parent.parent / "corpus"
CHECK = FIXTURES / "check.py"
ENV = {**os.environ, "TRITON_INTERPRET": "1"}
# int64_offsets: the overflow needs > 2**31 elements; test_int64_offsets_fixes_a_real_overflow shows it
SMALL_NEAR_MISS_PASSES = {"int64_offsets"}


def _check(files: list[Path]) -> dict[str, dict]:
    """Verdicts of the stand-in check, one process for all files (it forks a child per file: an edit
    that corrupts the interpreter's heap kills or hangs its own child only)."""
    try:
        proc = subprocess.run([sys.executable, str(CHECK), *map(str, files)], capture_output=True, text=True,
                              timeout=300 + 200 * len(files), env=ENV, start_new_session=True)
        stdout, why = proc.stdout, f"rc {proc.returncode}: {proc.stderr[-300:]}"
    except subprocess.TimeoutExpired as exc:
        stdout, why = exc.stdout or "", "the check process hung"
        stdout = stdout.decode(errors="replace") if isinstance(stdout, bytes) else stdout
    out = {}
    for line in stdout.splitlines():
        if line.endswith("}"):  # a line cut by a kill is not a verdict
            rec = json.loads(line)
            out[rec["file"]] = rec
    for f in files:
        out.setdefault(str(f), {"file": str(f), "verdict": "fail", "reason": f"not checked: {why}"})
    return out


@pytest.fixture(scope="module")
def stand_in(tmp_path_factory) -> dict[str, dict]:
    """The stand-in check's verdicts on every fixture's near-miss and every edit its transform
    proposes (written to edits/<transform>_edit<i>.py), from one check process."""
    root = tmp_path_factory.mktemp("edits")
    files = []
    for name in sorted(TRANSFORMS):
        files.append(FIXTURES / f"{name}.py")
        for i, edit in enumerate(TRANSFORMS[name].propose(files[-1].read_text())):
            (root / f"{name}_edit{i}.py").write_text(edit.new_source)
            files.append(root / f"{name}_edit{i}.py")
    return {"root": root, **_check(files)}


def _passing_edits(name: str, stand_in: dict) -> list[tuple[Path, str]]:
    source = (FIXTURES / f"{name}.py").read_text()
    edits = TRANSFORMS[name].propose(source)
    assert edits, f"{name} proposed nothing for its own near-miss"
    files = []
    for i, edit in enumerate(edits):
        assert edit.transform == name and edit.new_source != source and edit.line >= 1
        f = stand_in["root"] / f"{name}_edit{i}.py"
        assert f.read_text() == edit.new_source  # the same edit the fixture checked
        files.append(f)
    passing = [f for f in files if stand_in[str(f)]["verdict"] == "pass"]
    assert passing, f"no edit of {name} passes: {[stand_in[str(f)]['reason'] for f in files]}"
    return [(f, edits[files.index(f)].description) for f in passing]


def test_every_transform_has_a_fixture() -> None:
    assert len(TRANSFORMS) >= 15
    helpers = {"check", "int64_overflow_run"}
    assert sorted(TRANSFORMS) == sorted(p.stem for p in FIXTURES.glob("*.py") if p.stem not in helpers)


@pytest.mark.parametrize("name", sorted(TRANSFORMS))
def test_transform_repairs_its_near_miss(name: str, stand_in: dict) -> None:
    near = stand_in[str(FIXTURES / f"{name}.py")]
    if name in SMALL_NEAR_MISS_PASSES:
        assert near["verdict"] == "pass", near
    else:
        assert near["verdict"] == "fail", f"the near-miss of {name} is not caught: {near}"
    _passing_edits(name, stand_in)


def test_edits_preserve_the_rest_of_the_source() -> None:
    source = (FIXTURES / "grid_cdiv.py").read_text()
    (edit,) = TRANSFORMS["grid_cdiv"].propose(source)
    before, after = source.splitlines(), edit.new_source.splitlines()
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert len(before) == len(after) and len(changed) == 1
    assert after[changed[0]].strip() == "grid = (triton.cdiv(x.numel(), BLOCK),)"
    assert edit.line == changed[0] + 1
    assert after[0].startswith("# near-miss")  # comments survive


def test_one_edit_per_site_plus_all_sites() -> None:
    edits = TRANSFORMS["add_missing_mask"].propose((FIXTURES / "add_missing_mask.py").read_text())
    per_site = [e for e in edits if "all" not in e.description]
    assert len(per_site) == 3 and len({e.line for e in per_site}) == 3
    assert any("at all 3 sites" in e.description for e in edits)
    combined = next(e for e in edits if "at all 3 sites" in e.description).new_source
    assert combined.count("mask=offs < n_elements") == 3 and 'other=0.0' in combined


def test_diagnostic_transforms_are_silent_on_correct_kernels() -> None:
    correct = sorted((CORPUS / "correct").glob("*.py"))
    if not correct:
        pytest.skip("tests/corpus/correct is not there")
    for path in correct:
        assert applicable(path.read_text()) == [], path.name


def test_propose_all_orders_by_cost_and_rejects_unknown_names() -> None:
    edits = propose_all((FIXTURES / "zeros_output.py").read_text())
    assert [e.cost for e in edits] == sorted(e.cost for e in edits)
    assert edits[-1].transform == "zeros_output"
    with pytest.raises(KeyError, match="unknown transforms"):
        propose_all("x = 1\n", ["no_such_transform"])


def test_candidate_fixes_cheapest_first_and_deduplicated(tmp_path: Path) -> None:
    from kagent.patterns.store import PatternStore

    store = PatternStore.open(tmp_path / "s")
    source = (FIXTURES / "grid_cdiv.py").read_text()
    hits = store.retrieve("uninitialized_output", "output 0: 952 elements are never written", source, k=8)
    assert hits[0].pattern.fix == "grid_cdiv"
    fixes = candidate_fixes(hits, source, limit=20)
    assert fixes and fixes[0].transform == "grid_cdiv"
    assert len({f.new_source for f in fixes}) == len(fixes)
    assert [f.cost for f in fixes] == sorted(f.cost for f in fixes)
    assert len(candidate_fixes(hits, source, limit=1)) == 1


def test_int64_offsets_fixes_a_real_overflow(tmp_path: Path) -> None:
    """row * stride passes 2**31 in int32: the near-miss reads far before the tensor, the fix is exact.

    The 12 GiB input is virtual (only the touched rows become resident, ~300 MB).
    """
    fixed = tmp_path / "fixed.py"
    (edit,) = TRANSFORMS["int64_offsets"].propose((FIXTURES / "int64_offsets.py").read_text())
    fixed.write_text(edit.new_source)
    runner = FIXTURES / "int64_overflow_run.py"
    near = subprocess.run([sys.executable, str(runner), str(FIXTURES / "int64_offsets.py")], capture_output=True,
                          text=True, timeout=300, env=ENV, start_new_session=True)
    if near.returncode == 3:
        pytest.skip(f"cannot reserve 12 GiB of virtual memory here: {near.stdout.strip()}")
    assert near.returncode != 0 or "WRONG" in near.stdout, near.stdout  # segfault (-11) or wrong rows
    good = subprocess.run([sys.executable, str(runner), str(fixed)], capture_output=True, text=True,
                          timeout=300, env=ENV, start_new_session=True)
    assert good.returncode == 0 and good.stdout.strip() == "OK", (good.stdout, good.stderr[-2000:])


# ---------------------------------------------------------------------------------------------
# slow tier: the real verifier


def _verify(candidate: Path, reference: Path | None = None):
    from kagent.api import verify

    # the subject is the edit's correctness (the oracle, canaries, bounds, the problem's and the boundary
    # shapes): anti-cheat's three extra workers (plain-script run, fresh case, compile check) and the
    # adversarial cases past tile and grid caps judge cheating, which an edit of a named transform cannot add
    return verify(candidate, reference, device="cpu", seeds=1, determinism=False, timing=False, anticheat=False,
                  adversarial_cases=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TRANSFORMS))
def test_transform_result_passes_kagent_verify(name: str, stand_in: dict) -> None:
    # the quick check judges outputs only; kagent's verifier also bounds-checks every access, so an
    # edit that masks the store but not the load passes the first and not the second: one must pass
    summaries = []
    for edit_file, description in _passing_edits(name, stand_in):
        report = _verify(edit_file)
        if report.verdict == "pass":
            return
        summaries.append(f"{description}: {report.summary}")
    raise AssertionError(f"no edit of {name} passes kagent verify: {summaries}")


def _corpus_cases() -> list[tuple[str, str]]:
    import yaml

    manifest_path = CORPUS / "manifest.yaml"  # a missing manifest fails collection, never an empty test
    out = []
    for entry in yaml.safe_load(manifest_path.read_text()):
        if entry["path"].startswith("nearmiss/"):
            for name in applicable((CORPUS / entry["path"]).read_text()):
                out.append((entry["path"], name))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("path, name", _corpus_cases())
def test_transform_repairs_corpus_near_miss(path: str, name: str, tmp_path: Path) -> None:
    import yaml

    entry = next(e for e in yaml.safe_load((CORPUS / "manifest.yaml").read_text()) if e["path"] == path)
    reference = CORPUS / entry["reference"] if entry.get("reference") else None
    edits = TRANSFORMS[name].propose((CORPUS / path).read_text())
    summaries = []
    for i, edit in enumerate(edits[:4]):
        cand = tmp_path / f"edit{i}.py"
        cand.write_text(edit.new_source)
        report = _verify(cand, reference)
        if report.verdict == "pass":
            return
        summaries.append(f"{edit.description}: {report.summary}")
    pytest.fail(f"no edit of {name} repairs {path}: {summaries}")
