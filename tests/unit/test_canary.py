"""The poisoned allocator: guards, poison, and the passthrough used while timing."""

import math

import torch

from kagent.verifiers.canary import PoisonedAllocator


def test_allocations_are_poisoned_guarded_and_can_be_bypassed():
    alloc = PoisonedAllocator()
    alloc.install()
    try:
        with alloc.recording_run("nan") as allocs:
            t = torch.empty(10)
            u = torch.empty_like(t, dtype=torch.int32)
        assert torch.isnan(t).all() and (u == torch.iinfo(torch.int32).min + 7).all()
        assert len(allocs) == 2 and all(g.guards_intact() for g in allocs)
        allocs[0].base[allocs[0].start + 10] = 1.0  # one element past the end
        assert not allocs[0].guards_intact() and allocs[0].first_bad_guard() == 10
        with alloc.passthrough():
            plain = torch.empty(10)
        assert plain.storage_offset() == 0 and plain.untyped_storage().nbytes() == 40
    finally:
        for name, fn in alloc._originals.items():
            if name == "new_empty":
                torch.Tensor.new_empty = fn
            else:
                setattr(torch, name, fn)
    assert not math.isnan(torch.zeros(1).item())


def test_canary_runs_are_skipped_only_where_they_cannot_change_the_verdict(monkeypatch):
    from kagent.verifiers import bounds
    from kagent.verifiers.harness import _canary_runs, _Run

    # as in a worker after bounds.install() (not called here: it would patch this process's interpreter)
    monkeypatch.setattr(bounds, "_installed", True)
    monkeypatch.setattr(bounds, "_patched", [])
    job = {"bounds_check": True}
    written = _Run([torch.ones(4, 3)], [], [], [], [])
    # (guard run, poison run): every access checked, so no guard run on the CPU
    assert _canary_runs(written, "cpu", job) == (False, False)  # every element written
    assert _canary_runs(_Run([torch.tensor([1.0, float("nan")])], [], [], [], []), "cpu", job) == (False, True)  # never written?
    # an integer output never written holds its dtype's fill (minimum + 7): none there, written everywhere
    assert _canary_runs(_Run([torch.ones(3, dtype=torch.int32)], [], [], [], []), "cpu", job) == (False, False)
    unwritten = torch.tensor([1, torch.iinfo(torch.int64).min + 7])
    assert _canary_runs(_Run([torch.ones(2), unwritten], [], [], [], []), "cpu", job) == (False, True)
    assert _canary_runs(_Run([torch.ones(3, dtype=torch.bool)], [], [], [], []), "cpu", job) == (False, True)  # False is a value
    assert _canary_runs(written, "cuda", job) == (True, True)  # no bounds check on the GPU
    assert _canary_runs(written, "cpu", {"bounds_check": False}) == (True, True)
    monkeypatch.setattr(bounds, "_enabled", False)  # switched off in the worker: the canaries stay
    assert _canary_runs(written, "cpu", job) == (True, True)
    monkeypatch.setattr(bounds, "_enabled", True)
    monkeypatch.setattr(bounds, "_patched", [(bounds._State, "__init__", None)])  # a wrapper replaced
    assert _canary_runs(written, "cpu", job) == (True, True)


def test_run_to_run_noise_is_looked_for_before_a_canary_difference_counts(monkeypatch):
    """A GPU kernel that sums with atomics may repeat itself once by chance and then differ: the
    reruns go on until one differs, and a canary run within 4x that noise is not an out-of-bounds read."""
    from kagent.verifiers import harness

    class Run:
        def __init__(self, value):
            self.outputs = [torch.tensor([value], dtype=torch.float32)]

    main, canary = Run(1.0), Run(1.0 + 2.4e-7)
    sums = iter([1.0, 1.0 + 1.2e-7, 1.0, 1.0 - 1.2e-7])
    monkeypatch.setattr(harness, "_on_gpu", lambda outputs: True)
    reruns = harness._noise_reruns(lambda: Run(next(sums)), main)
    assert len(reruns) == 4  # the identical rerun did not end the search; the second differing one did
    noise = harness._noisiest(main.outputs, reruns)
    assert noise is not None
    assert harness._diff_outputs(main.outputs, canary.outputs) and not harness._diff_outputs(
        main.outputs, canary.outputs, noise=noise)
    # a NaN read from a guard is never noise
    assert harness._diff_outputs(main.outputs, [torch.tensor([float("nan")])], noise=noise)
    # on the CPU (deterministic interpreter) one rerun, as before
    monkeypatch.setattr(harness, "_on_gpu", lambda outputs: False)
    assert len(harness._noise_reruns(lambda: Run(1.0), main)) == 1


def test_fp8_inputs_and_outputs_get_fills_they_can_hold():
    # an fp8 weight (DeepSeek-style block dequantisation) is copied into guards of every kind; the
    # float32 fills (7.77e7, -3.33e33) do not fit in e4m3 (max 448) and used to fail honest kernels
    from kagent.verifiers.canary import fill_value, guarded_copy

    x = torch.randn(6, 5).to(torch.float8_e4m3fn)
    fills = set()
    for dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        for kind in ("nan", "alt", "guard"):
            view, guarded = guarded_copy(x.to(dtype), "input0", kind)
            assert torch.equal(view.float(), x.to(dtype).float()) and guarded.guards_intact()
            fills.add((dtype, fill_value(dtype, kind)))
    assert len({v for _, v in fills if v == v}) == 4  # alt and guard differ, per dtype
