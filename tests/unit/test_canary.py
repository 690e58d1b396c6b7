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
    from kagent.verifiers.harness import _canaries_can_tell, _Run

    # as in a worker after bounds.install() (not called here: it would patch this process's interpreter)
    monkeypatch.setattr(bounds, "_installed", True)
    monkeypatch.setattr(bounds, "_patched", [])
    job = {"bounds_check": True}
    written = _Run([torch.ones(4, 3)], [], [], [], [])
    assert not _canaries_can_tell(written, "cpu", job)  # every element written, every access checked
    assert _canaries_can_tell(_Run([torch.tensor([1.0, float("nan")])], [], [], [], []), "cpu", job)  # never written?
    assert _canaries_can_tell(_Run([torch.ones(3, dtype=torch.int32)], [], [], [], []), "cpu", job)  # no NaN fill
    assert _canaries_can_tell(written, "cuda", job)  # no bounds check on the GPU
    assert _canaries_can_tell(written, "cpu", {"bounds_check": False})
    monkeypatch.setattr(bounds, "_enabled", False)  # switched off in the worker: the canaries stay
    assert _canaries_can_tell(written, "cpu", job)
    monkeypatch.setattr(bounds, "_enabled", True)
    monkeypatch.setattr(bounds, "_patched", [(bounds._State, "__init__", None)])  # a wrapper replaced
    assert _canaries_can_tell(written, "cpu", job)
