"""CUPTI's launch callbacks (verifiers/launch_trace.py) behind traps.LaunchCounter on a CUDA device:
ATen and Triton launches named, a CUDA graph handed to torch.profiler, callbacks switched off inside
the block reported as tampering. Skipped without CUDA. The graph test runs last: torch.profiler,
once started, may keep CUPTI's one subscription to itself."""

from __future__ import annotations

import ctypes

import pytest
import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")


def _triton_add_one():
    import triton
    import triton.language as tl

    @triton.jit
    def add_one_kernel(p, n, BLOCK: tl.constexpr):
        o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(p + o, tl.load(p + o, mask=o < n) + 1, mask=o < n)

    return add_one_kernel


def test_callbacks_name_aten_and_triton_launches():
    from kagent.verifiers.traps import LaunchCounter

    kernel = _triton_add_one()
    x = torch.zeros(1000, device="cuda")
    kernel[(4,)](x, x.numel(), BLOCK=256)  # compiled before the block
    with LaunchCounter(profile_cuda=True) as counter:
        y = x * 2
        kernel[(4,)](y, y.numel(), BLOCK=256)
    assert counter.profiler_kind == "callbacks", counter.profiler_reason
    assert counter.profiler_status == "run"
    assert any("add_one_kernel" in k for k in counter.custom_cuda_kernels), counter.cuda_kernels
    assert any("elementwise" in k for k in counter.library_cuda_kernels), counter.cuda_kernels
    assert counter.custom_launches == 1 and not counter.needs_kineto


def test_callbacks_switched_off_inside_the_block_are_tampering():
    from kagent.verifiers import launch_trace
    from kagent.verifiers.traps import LaunchCounter

    x = torch.zeros(1000, device="cuda")
    with LaunchCounter(profile_cuda=True) as counter:
        assert counter.profiler_kind == "callbacks", counter.profiler_reason
        cupti = launch_trace._state["cupti"]
        for cbid in launch_trace._LAUNCH_CBIDS:
            cupti.cuptiEnableCallback(0, counter._tracer.handle, 1, ctypes.c_uint32(cbid))
        (x + 1).sum()
    assert counter.profiler_status == "tampered"
    assert counter.custom_launches == 0


def test_a_cuda_graph_launch_is_named_by_torch_profiler():
    from kagent.verifiers.traps import LaunchCounter

    kernel = _triton_add_one()
    x = torch.zeros(1000, device="cuda")
    kernel[(4,)](x, x.numel(), BLOCK=256)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        kernel[(4,)](x, x.numel(), BLOCK=256)
    with LaunchCounter(profile_cuda=True) as counter:
        graph.replay()
    assert counter.graph_launches == 1 and counter.needs_kineto
    with LaunchCounter(profile_cuda=True, kineto=True) as again:
        graph.replay()
    assert again.profiler_kind == "kineto"
    assert any("add_one_kernel" in k for k in again.custom_cuda_kernels), again.cuda_kernels
