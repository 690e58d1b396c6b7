"""Golden: the offline pattern engine on the near-miss corpus (CPU, Triton interpreter).

Every near-miss kernel of tests/corpus/manifest.yaml goes through `kagent.repair` with no LLM.
A "repaired" result must pass the full verifier (never a false repair): from scratch for the subset
below, by the report its run recorded for the repaired file's exact bytes for the rest (the repairs
verify without the 4097-row case, see _repair_all); an
unrepaired kernel must end with a reported reason and a guard or triage decision. The repair rate
must reach 75%.

CI repairs the 12 of SUBSET (every failure class of the corpus, the kernel families, one kernel each)
and verifies every other near-miss once (its failure class, test_other_near_miss_fails_with_its_class):
the 36 repairs took ~15 minutes of the suite's two workers on a slow CI machine. KAGENT_GOLDEN_ALL=1
repairs all 36 (the corpus rate recorded in docs/benchmarks/repair.md each session);
KAGENT_GOLDEN_FILTER=substr,substr limits the run to matching corpus paths (a quick look, not the gate).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
ALL = [e for e in yaml.safe_load((CORPUS / "manifest.yaml").read_text()) if e["path"].startswith("nearmiss/")]
# one per failure class and kernel family (the class each is named after in the manifest)
SUBSET = {
    "nearmiss/vector_add_missing_mask.py",  # out_of_bounds
    "nearmiss/vector_add_floordiv_grid.py",  # uninitialized_output
    "nearmiss/leaky_relu_inplace.py",  # input_mutation
    "nearmiss/gelu_missing_half.py",  # numerical_mismatch
    "nearmiss/softmax_next_power_of_two.py",  # compile_error
    "nearmiss/softmax_no_max_subtraction.py",  # nan_output
    "nearmiss/rmsnorm_launch_args.py",  # runtime_error
    "nearmiss/sum_reduction_dropped_keepdim.py",  # shape_mismatch
    "nearmiss/rowsum_fp16_half_accumulator.py",  # precision_loss
    "nearmiss/rowsum_fp16_fp32_output.py",  # dtype_mismatch
    "nearmiss/layernorm_unbiased_variance.py",  # numerical_mismatch (a statistic)
    "nearmiss/cross_entropy_target_row_offset.py",  # numerical_mismatch (an index)
}
_FILTER = [f for f in os.environ.get("KAGENT_GOLDEN_FILTER", "").split(",") if f]
_ALL = bool(os.environ.get("KAGENT_GOLDEN_ALL"))
ENTRIES = [e for e in ALL if (any(f in e["path"] for f in _FILTER) if _FILTER else _ALL or e["path"] in SUBSET)]
# the near-misses not repaired here: verified once each (their class), at the repairs' configuration
OTHERS = [] if _FILTER or _ALL else [e for e in ALL if e["path"] not in SUBSET]
TARGET_RATE = 0.75

# the kernels are repaired in two halves, one class-scoped fixture each: `make test` runs pytest-xdist
# with --dist loadscope, which can hand the halves to different workers (each far longer than one
# ordinary test)
pytestmark = [pytest.mark.slow, pytest.mark.timeout(4200)]  # 18 repairs on 2 loaded cores
HALVES = {"even": ENTRIES[0::2], "odd": ENTRIES[1::2]}
RUN_FIRST = True  # see tests/conftest.py


def _repair_all(entries: list[dict], tmp_path_factory) -> dict:
    from kagent.api import verify
    from kagent.config import VerifyConfig
    from kagent.repair.run import repair
    from kagent.repair.state import RepairConfig

    mp = pytest.MonkeyPatch()
    mp.setenv("KAGENT_PATTERNS_DIR", str(tmp_path_factory.mktemp("patterns")))
    runs = tmp_path_factory.mktemp("runs")
    vcfg = VerifyConfig(device="cpu")
    # the repairs' own verifies leave out the perturbed run's 4097-row case (a third of a repair's time on
    # the interpreter: ~8 s per passing verify); it judges grid caps, not the repair engine. The subset's
    # fresh verify below runs with it, so a repair it would reject still fails here
    repair_vcfg = vcfg.model_copy(update={"rows_past_4096": False})
    out = {}
    try:
        for e in entries:
            ref = CORPUS / e["reference"] if e.get("reference") else None
            # the second-seed verify of each repair is left out here (the suite's time: ~5 s a repair); the
            # subset's repairs get a fresh verify below, and tests/unit/test_repair_graph.py covers the step
            s = repair(CORPUS / e["path"], ref, model="offline", verify_config=repair_vcfg, runs_dir=runs,
                       config=RepairConfig(confirm_seed=False))
            # a second verify from scratch of the subset's repairs (one per class; the full configuration);
            # every other repair is held to the report its run recorded for the very bytes of the repaired
            # file (the session's pinned seeds make that second verify a replay of the first)
            fresh = None
            if s.status == "repaired":
                fresh = verify(s.repaired_path, ref, config=vcfg) if e["path"] in SUBSET else _recorded(s)
            out[e["path"]] = (s, fresh)
    finally:
        mp.undo()
    return out


def _recorded(s):
    """The verify report the run recorded for its repaired candidate, provided the repaired file holds
    exactly the source that report judged (None otherwise)."""
    from kagent.report import VerifyReport

    chosen = Path(s.run_dir) / "candidates" / str(s.best_index)
    if (chosen / "source.py").read_bytes() != Path(s.repaired_path).read_bytes():
        return None
    return VerifyReport.model_validate_json((chosen / "report.json").read_text())


def _first_report(s):
    """The report of the repair's first verify: the near-miss itself, unedited."""
    from kagent.report import VerifyReport

    return VerifyReport.model_validate_json((Path(s.run_dir) / "candidates" / "0" / "report.json").read_text())


def test_corpus_is_big_enough():
    assert len(ALL) >= 20 and len({e["failure_class"] for e in ALL}) >= 8
    assert len({e["fault_kind"] for e in ALL}) >= 12
    subset = [e for e in ALL if e["path"] in SUBSET]
    assert len(subset) == len(SUBSET)  # no stale names
    assert {e["failure_class"] for e in subset} == {e["failure_class"] for e in ALL}


def pytest_generate_tests(metafunc):
    if "entry" in metafunc.fixturenames and metafunc.cls is not None:
        entries = HALVES[metafunc.cls.half]
        metafunc.parametrize("entry", entries, ids=[e["path"] for e in entries])


class _Half:
    half = ""

    @pytest.fixture(scope="class")
    @classmethod
    def outcomes(cls, tmp_path_factory):
        return _repair_all(HALVES[cls.half], tmp_path_factory)

    def test_each_result_is_honest(self, outcomes, entry):
        s, fresh = outcomes[entry["path"]]
        # every corpus kernel is a known-buggy near-miss: "already_correct" would be a verifier miss; a
        # kernel the verifier calls a cheat is rejected with that reason (never repaired)
        assert s.status in ("repaired", "unrepaired", "cheat"), s.reason
        assert s.reason
        if s.status == "repaired":
            assert fresh is not None and fresh.verdict == "pass", f"false repair: {fresh.summary if fresh else None}"
            assert {"anticheat.static", "trap.environment", "interpreter.bounds"} <= set(fresh.checks_run), fresh.checks_run
            assert Path(s.repaired_path).is_file()
        else:
            assert s.repaired_path is None
            assert s.guard is not None or s.triage in ("far_miss", "unsupported"), s

    def test_near_miss_fails_with_its_class(self, outcomes, entry):
        # the verifier on the corpus: the repair's first verify is `kagent verify` of the near-miss as it
        # is (same config, same pinned seeds), so the corpus is verified once, here, not twice
        s, _ = outcomes[entry["path"]]
        first = _first_report(s)
        assert Path(s.run_dir, "candidates", "0", "source.py").read_bytes() == (CORPUS / entry["path"]).read_bytes()
        assert first.verdict == "fail", first.summary
        assert first.failure_class == entry["failure_class"], first.summary
        main = [f for f in first.findings if f.failure_class == first.failure_class]
        assert main and all(f.message for f in main)  # evidence, not a bare verdict

    def test_repair_rate(self, outcomes):  # of each half: both at the target, so the whole is too
        if not outcomes:
            pytest.skip(f"no kernel in the {self.half} half (KAGENT_GOLDEN_FILTER)")
        repaired = [p for p, (s, _) in outcomes.items() if s.status == "repaired"]
        rate = len(repaired) / len(outcomes)
        missed = {p: s.reason[:160] for p, (s, _) in outcomes.items() if s.status != "repaired"}
        assert rate >= TARGET_RATE, f"repair rate {rate:.0%} < {TARGET_RATE:.0%}; unrepaired: {missed}"


class TestEvenHalf(_Half):
    half = "even"


class TestOddHalf(_Half):
    half = "odd"


@pytest.mark.parametrize("other", OTHERS, ids=[e["path"] for e in OTHERS])
def test_other_near_miss_fails_with_its_class(other):
    """A near-miss CI does not repair is verified as the repair's first verify would (same configuration,
    the session's pinned seeds): it fails, with the class the manifest names and its evidence."""
    from kagent.api import verify
    from kagent.config import VerifyConfig

    ref = CORPUS / other["reference"] if other.get("reference") else None
    report = verify(CORPUS / other["path"], ref, config=VerifyConfig(device="cpu", rows_past_4096=False))
    assert report.verdict == "fail", report.summary
    assert report.failure_class == other["failure_class"], report.summary
    assert all(f.message for f in report.findings if f.failure_class == report.failure_class)
