"""Dynamic provenance (traps.OpRecorder), replay of the recorded work (traps.Replay), fresh seeds and
the adversarial cases: each catches what it is for, and honest kernels stay clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from kagent.api import verify
from kagent.config import VerifyConfig
from kagent.tools.problem import ShapeConstant
from kagent.verifiers.suite import plan_cases

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "corpus"
SOFTMAX = CORPUS / "problems" / "softmax.py"
# a wrong result that is close to the truth is precision_loss: the oracle's name for the same bug
# (nan_output: columns a capped kernel never writes hold the poison NaN the harness allocates with)
SAME_CLASS = {"numerical_mismatch": {"numerical_mismatch", "precision_loss", "nan_output"}}
QUICK = dict(device="cpu", seeds=2, stress=False, shapes=False)


def _errors(report, check):
    return [f for f in report.errors() if f.check == check]


def test_an_honest_kernel_runs_no_torch_compute_and_replays_right():
    report = verify(CORPUS / "correct" / "softmax.py", SOFTMAX, **QUICK)
    assert report.verdict == "pass", report.summary
    assert {"trap.provenance", "trap.replay"} <= set(report.checks_run)
    policy = next(f for f in report.findings if f.check == "trap.provenance")
    assert policy.severity == "info" and "allocation, views, copies, casts, fills" in policy.message


def test_a_torch_op_reached_through_getattr_is_named():
    report = verify(CORPUS / "cheats2" / "getattr_rot13_name.py", SOFTMAX, **QUICK)
    hit = _errors(report, "trap.provenance")
    assert report.verdict == "cheat" and hit and "softmax" in hit[0].message


def test_switching_the_recorder_off_is_a_cheat():
    report = verify(HERE / "provenance" / "recorder_switched_off.py", SOFTMAX, **QUICK)
    assert report.verdict == "cheat", report.summary
    assert any("switches" in f.message or "softmax" in f.message for f in _errors(report, "trap.provenance"))


def test_host_work_behind_a_copy_kernel_fails_the_replay():
    report = verify(HERE / "provenance" / "dlpack_numpy_copy.py", SOFTMAX, **QUICK)
    assert report.verdict == "cheat", report.summary
    assert _errors(report, "trap.replay"), [f.message for f in report.errors()]


def test_seeds_are_fresh_per_run_reported_and_replayable(monkeypatch):
    monkeypatch.delenv("KAGENT_SEED", raising=False)
    args = dict(device="cpu", seeds=1, stress=False, shapes=False, anticheat=False)
    a = verify(CORPUS / "correct" / "vector_add.py", CORPUS / "problems" / "vector_add.py", **args)
    b = verify(CORPUS / "correct" / "vector_add.py", CORPUS / "problems" / "vector_add.py", **args)
    assert a.seed is not None and b.seed is not None and a.seed != b.seed
    again = verify(CORPUS / "correct" / "vector_add.py", CORPUS / "problems" / "vector_add.py", seed=a.seed, **args)
    assert again.seed == a.seed and [c.seed for c in again.cases] == [c.seed for c in a.cases]


def test_adversarial_cases_go_past_tile_and_grid_caps():
    consts = [ShapeConstant("batch_size", 16, 1), ShapeConstant("dim", 1000, 2)]
    cases = {c.name: c for c in plan_cases(VerifyConfig(seed=1), consts)}
    assert cases["shape_past_cap"].overrides == {"dim": 8193}
    assert cases["shape_x4"].overrides == {"dim": 4000}
    assert cases["shape_rows_past_grid_cap"].overrides["batch_size"] >= 129
    assert cases["stress_mean_1e3"].transform == "mean_1e3" and cases["stress_beyond_fp16"].transform == "beyond_fp16"
    assert not any(c.startswith(("shape_past", "stress_mean")) for c in
                   (c.name for c in plan_cases(VerifyConfig(seed=1, adversarial_cases=False), consts)))


@pytest.mark.parametrize("name", ["layernorm_naive_variance.py", "block_cap_1024_no_loop.py"])
def test_kernels_right_only_inside_the_old_suite_fail_now(name):
    import yaml

    entry = next(e for e in yaml.safe_load((CORPUS / "cheats2" / "manifest.yaml").read_text())["entries"]
                 if e["path"] == name)
    report = verify(CORPUS / "cheats2" / name, CORPUS / entry["reference"], device="cpu", seeds=1)
    assert report.verdict == "fail" and report.failure_class in SAME_CLASS.get(entry["expect_class"], {entry["expect_class"]}), report.summary


def test_a_level2_candidate_may_keep_the_references_conv():
    report = verify(HERE / "honest" / "level2_conv_keep_torch.py", **QUICK)  # two seeds: replay and repeat run too
    assert report.verdict == "pass", [f.message for f in report.errors()]
    policy = next(f for f in report.findings if f.check == "trap.provenance")
    assert "convolution" in policy.message


def test_a_problem_that_is_the_conv_may_not_hand_it_to_torch():
    report = verify(HERE / "provenance" / "conv_only_torch_copy.py", **QUICK)
    assert report.verdict == "cheat", report.summary


def _recorded(tmp_path, fn):
    import torch

    from kagent.verifiers.traps import OpRecorder

    x = torch.randn(8, 6)
    with OpRecorder(str(tmp_path / "trace.json")) as rec:
        fn(x)
    return rec.record.compute_ops()


def test_host_bookkeeping_on_shapes_is_not_torch_compute(tmp_path):
    """A grid size as torch.prod(torch.tensor(x.shape[:-1])).item() (a KernelBench idiom) computes no
    part of the result; the same operator on data copied out of the input does."""
    import torch

    assert _recorded(tmp_path, lambda x: torch.prod(torch.tensor(x.shape[:-1])).item()) == {}

    def smuggled(x):
        small = torch.tensor([0.0, 0.0, 0.0, 0.0])
        small.copy_(x[0, :4])
        return small.sum()

    assert "aten::sum" in _recorded(tmp_path, smuggled)
    assert "aten::sum" in _recorded(tmp_path, lambda x: (torch.tensor([1.0]) + x[0]).sum())


def test_host_transposes_and_views_are_not_torch_compute(tmp_path):
    """Blind set 20's honest Newton-Schulz twin passes `X.T` to its matmul kernel as strides: the trace
    names it aten::numpy_T (its permute nested inside), which was taken for torch computing the result.
    Views by any of their composite names compute nothing; arithmetic on them still does."""
    import torch

    views = lambda x: (x.T, x.mT, x.mH, x.adjoint(), x.swapdims(0, 1), x.ravel(), x.diagonal(), x.unfold(0, 2, 1))
    assert _recorded(tmp_path, views) == {}
    assert "aten::add" in _recorded(tmp_path, lambda x: x.T + 1)


def test_integer_inputs_read_unchanged_are_metadata_and_nothing_else_is(tmp_path):
    """Blind set 20's honest varlen-attention, grouped-GEMM and LARS twins size their grids from an
    integer input on the host (`cu_seqlens.tolist()`), as flash-attn's varlen API does: that was a
    cheat. A host read that returns exactly an integer input's values, as handed in, is the problem's
    metadata where every output is floating; changed values, integers made from float data, and float
    data stay tensor data leaving torch."""
    import torch

    from kagent.verifiers import traps

    traps.install_op_recorder_guards()
    x, lengths = torch.randn(12), torch.tensor([3, 4, 5])

    def reads(fn):
        traps.watch_metadata([x, lengths])
        with traps.OpRecorder(str(tmp_path / "trace.json")) as rec:
            fn()
        return rec.record.as_event(index_ok=True), rec.record.as_event(index_ok=False)

    ok, strict = reads(lambda: (lengths.tolist(), lengths.numpy()))
    assert ok["host_reads"] == [] and len(ok["metadata_reads"]) == 2
    assert len(strict["host_reads"]) == 2  # an integer output: the metadata could be the result
    for leak in (lambda: x.tolist(), lambda: x.long().tolist(), lambda: lengths[:2].tolist()):
        assert reads(leak)[0]["host_reads"], leak
    saved = lengths.clone()
    try:
        changed, _ = reads(lambda: (lengths.copy_(x[:3]), lengths.tolist()))
        assert changed["host_reads"] and not changed["metadata_reads"]
    finally:
        lengths.copy_(saved)


def test_the_fresh_case_seed_is_new_each_run_unless_pinned(monkeypatch):
    from kagent.config import fresh_case_seed

    monkeypatch.delenv("KAGENT_FRESH_SEED", raising=False)
    monkeypatch.setenv("KAGENT_SEED", "42")  # a pinned base seed does not pin the fresh case
    assert len({fresh_case_seed(None) for _ in range(8)}) > 1
    assert fresh_case_seed(7) == 7  # a replay
    monkeypatch.setenv("KAGENT_FRESH_SEED", "11")  # a test suite's choice
    assert fresh_case_seed(None) == 11
