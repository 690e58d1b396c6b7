"""Dynamic anti-cheat traps, exercised in-process on the CPU with the Triton interpreter, against the
adversarial corpus (tests/corpus/cheats) and honest candidates (tests/adversarial/honest)."""

from __future__ import annotations

import ctypes
import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import os

import pytest

# Must be set before triton is first imported: triton.language's own @jit helpers (tl.max, tl.sum)
# are built at import time as interpreter or compiled functions.
os.environ.setdefault("TRITON_INTERPRET", "1")
import torch  # noqa: E402  (after TRITON_INTERPRET)
import triton  # noqa: E402
import yaml  # noqa: E402

if type(triton.language.standard.max).__name__ != "InterpretedFunction" and not torch.cuda.is_available():
    pytest.skip("triton was imported without TRITON_INTERPRET=1 earlier in this session and there is no "
                "GPU; run this file with TRITON_INTERPRET=1 set", allow_module_level=True)

from kagent.verifiers import traps  # noqa: E402

HERE = Path(__file__).parent
CHEATS = HERE.parent / "corpus" / "cheats"
HONEST = HERE / "honest"


@pytest.fixture(autouse=True)
def _interpret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRITON_INTERPRET", "1")


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(f"kagent_trap_test_{path.stem}", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _add_inputs(n: int = 4096, seed: int = 0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(n, generator=g), torch.randn(n, generator=g)


# ---- LaunchCounter ---------------------------------------------------------------------------


def test_launch_counter_counts_triton_launches_and_names():
    mod = _load(HONEST / "triton_elementwise_add.py")
    a, b = torch.randn(128), torch.randn(128)
    with traps.LaunchCounter() as lc:
        out = mod.ModelNew()(a, b)
    assert torch.allclose(out, a + b)
    assert lc.triton_launches == 1
    assert lc.names == {"add_kernel": 1}
    assert lc.custom_launches == 1
    if not torch.cuda.is_available():
        assert lc.profiler_status == "not_run" and lc.profiler_reason


def test_launch_counter_sees_zero_launches_of_a_cheat_without_kernels():
    mod = _load(CHEATS / "no_launch.py")
    a, b = _add_inputs()
    with traps.LaunchCounter() as lc:
        out = mod.ModelNew()(a, b)
    assert torch.allclose(out, a + b)  # correct output ...
    assert lc.triton_launches == 0  # ... and no custom kernel ran: the launch_count trap


def test_launch_counter_nests_and_restores_the_launch_path():
    import triton.runtime.interpreter as interp

    original = interp.InterpretedFunction.__dict__["run"]
    mod = _load(HONEST / "triton_softmax.py")
    x = torch.randn(4, 200)
    with traps.LaunchCounter() as outer:
        with traps.LaunchCounter() as inner:
            mod.ModelNew()(x)
        mod.ModelNew()(x)
    assert (inner.triton_launches, outer.triton_launches) == (1, 2)
    assert interp.InterpretedFunction.__dict__["run"] is original


def test_launch_counter_counts_launches_from_other_threads():
    mod = _load(CHEATS / "background_thread.py")
    a, b = _add_inputs()
    model = mod.ModelNew()  # starts its worker thread
    with traps.LaunchCounter() as lc:
        out = model(a, b)
    assert torch.allclose(out, a + b)
    assert lc.triton_launches == 1


def test_own_cuda_kernels_are_never_read_as_library_or_runtime_names():
    """A load_inline kernel called `cusum_kernel` (starts like `cudaLaunchKernel`) or `gemm_kernel` (a
    cuBLAS-like word) is the candidate's own: the launch_count trap called an honest CUSUM near-miss a
    cheat on an H100 (blind set 35). Library kernels in a namespace stay library kernels."""
    src = """__global__ void cusum_kernel(const float* x) {}
__global__ __launch_bounds__(256) void gemm_kernel(float* c) {}
template <int B> __global__ void reduce_kernel(float* y) {}"""
    own = traps.own_kernel_names(src)
    assert own == {"cusum_kernel", "gemm_kernel", "reduce_kernel"}
    lc = traps.LaunchCounter(profile_cuda=False, own=own)
    lc.profiler_status = "run"
    lc.cuda_kernels = ["cusum_kernel(float const*, long*, int, int, int, float, float)", "void gemm_kernel<128>(float*)",
                       "_Z13reduce_kernelILi4EEvPf", "void at::native::vectorized_elementwise_kernel<4>(int)",
                       "Memcpy HtoD (Pageable -> Device)"]
    assert lc.custom_cuda_kernels == lc.cuda_kernels[:3]
    assert lc.custom_launches == 3
    # without the declarations the same names read as library kernels: nothing of its own
    bare = traps.LaunchCounter(profile_cuda=False)
    bare.profiler_status, bare.cuda_kernels = "run", lc.cuda_kernels[1:]
    assert bare.custom_cuda_kernels == []
    assert traps._is_runtime_api("cudaLaunchKernel") and traps._is_runtime_api("cuLaunchKernel")
    assert not traps._is_runtime_api("cusum_kernel(float const*)") and not traps._is_runtime_api("cumsum_scan")


# ---- ghost replay ------------------------------------------------------------------------------


def test_ghost_replay_leaves_poison_in_an_honest_output():
    mod = _load(HONEST / "triton_elementwise_add.py")
    a, b = torch.randn(128), torch.randn(128)
    with traps.disabled_launches() as gate, traps.poisoned_allocations():
        out = mod.ModelNew()(a, b)
    assert gate.skipped == 1 and gate.names == {"add_kernel": 1}
    assert torch.isnan(out).all()  # the kernel did the work: without it, only poison


def test_ghost_replay_exposes_a_ghost_kernel():
    mod = _load(CHEATS / "ghost_kernel.py")
    a, b = _add_inputs()
    with traps.disabled_launches() as gate, traps.poisoned_allocations():
        out = mod.ModelNew()(a, b)
    assert gate.skipped == 1
    assert torch.allclose(out, a + b)  # still correct with the kernel disabled: the ghost_replay trap


def test_disabled_launches_restores_launching():
    mod = _load(HONEST / "triton_elementwise_add.py")
    a, b = torch.randn(128), torch.randn(128)
    with traps.disabled_launches():
        pass
    assert torch.allclose(mod.ModelNew()(a, b), a + b)


def test_ghost_support_reports_what_it_cannot_disable():
    mod = _load(HONEST / "triton_softmax.py")
    ok = traps.ghost_support(vars(mod))
    assert ok.status == "supported" and "_softmax_kernel" in ok.triton_kernels
    ns = dict(vars(mod), _lib=ctypes.CDLL(None))
    part = traps.ghost_support(ns)  # holding a ctypes handle does not switch ghost replay off
    assert part.status == "partial" and "ctypes" in (part.reason or "") and "_softmax_kernel" in part.triton_kernels
    only_ext = traps.ghost_support({"_lib": ctypes.CDLL(None)})
    assert only_ext.status == "not_run" and "ctypes" in (only_ext.reason or "")
    assert traps.ghost_support({"x": 1}).status == "not_run"


def test_poisoned_allocations_fill_by_dtype():
    with traps.poisoned_allocations():
        f = torch.empty(8)
        i = torch.empty(8, dtype=torch.int32)
        like = torch.empty_like(torch.zeros(3))
        z = torch.zeros(4)
    assert torch.isnan(f).all() and (i == -7).all() and torch.isnan(like).all()
    assert (z == 0).all()  # initialised allocations are left alone


# ---- integrity -----------------------------------------------------------------------------------


def test_integrity_is_clean_for_an_honest_call():
    mod = _load(HONEST / "triton_elementwise_add.py")
    model = mod.ModelNew()
    a, b = torch.randn(128), torch.randn(128)
    model(a, b)  # warm-up
    snap = traps.integrity_snapshot()
    model(a, b)
    assert traps.integrity_violations(snap) == []


def test_integrity_catches_timer_patching_at_import():
    saved = {"sync": torch.cuda.synchronize, "elapsed": torch.cuda.Event.__dict__.get("elapsed_time")}
    snap = traps.integrity_snapshot()
    try:
        _load(CHEATS / "timer_patch.py")
        v = traps.integrity_violations(snap, native_threads=False)
    finally:
        torch.cuda.synchronize = saved["sync"]
        torch.cuda.Event.elapsed_time = saved["elapsed"]
    assert any("torch.cuda.synchronize" in line for line in v)
    assert any("torch.cuda.Event.elapsed_time" in line for line in v)
    assert traps.integrity_violations(snap, native_threads=False) == []


def test_integrity_catches_oracle_patching_in_forward():
    saved = (torch.allclose, torch.equal)
    mod = _load(CHEATS / "oracle_patch.py")
    snap = traps.integrity_snapshot()
    try:
        mod.ModelNew()(torch.randn(8, 128))
        v = traps.integrity_violations(snap, native_threads=False)
    finally:
        torch.allclose, torch.equal = saved
    assert any("torch.allclose" in line for line in v) and any("torch.equal" in line for line in v)


def test_integrity_catches_a_background_thread():
    mod = _load(CHEATS / "background_thread.py")
    snap = traps.integrity_snapshot()
    mod.ModelNew()
    v = traps.integrity_violations(snap)
    assert any("thread count rose" in line for line in v)


def test_integrity_catches_a_leftover_torch_mode_and_precision_flag():
    from torch.overrides import TorchFunctionMode

    snap = traps.integrity_snapshot()
    mode = TorchFunctionMode()
    mode.__enter__()
    before = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = not before
    try:
        v = traps.integrity_violations(snap, native_threads=False)
    finally:
        mode.__exit__(None, None, None)
        torch.backends.cuda.matmul.allow_tf32 = before
    assert any("_len_torch_function_stack" in line for line in v)
    assert any("allow_tf32" in line for line in v)


# ---- outputs and inputs ----------------------------------------------------------------------------


def test_output_type_flags_a_lazy_subclass_and_passes_plain_tensors():
    mod = _load(CHEATS / "lazy_tensor.py")
    a, b = _add_inputs()
    out = mod.ModelNew()(a, b)
    v = traps.output_type_violations(out)
    assert len(v) == 1 and "subclass" in v[0]
    assert torch.allclose(out, a + b)  # the work happens when the check touches it
    assert traps.output_type_violations((torch.ones(2), [torch.zeros(1)], 3)) == []
    assert traps.output_type_violations(torch.empty(2, device="meta"))
    assert traps.output_type_violations(object())


def test_aliasing_flags_returned_input_and_reused_buffer():
    x = torch.randn(16, 256)
    ret = _load(CHEATS / "return_input.py").ModelNew()
    assert traps.aliasing_violations(ret(x), [x])

    reuse = _load(CHEATS / "reuse_out_buffer.py").ModelNew()
    first = reuse(torch.randn(16, 256))
    x2 = torch.randn(16, 256)
    second = reuse(x2)
    assert traps.aliasing_violations(second, [x2]) == []
    v = traps.aliasing_violations(second, [x2], previous_outputs=[first])
    assert v and "previous output" in v[0]

    honest = _load(HONEST / "triton_relu_inplace_alloc.py").ModelNew()
    p = honest(torch.randn(16, 256))
    x3 = torch.randn(16, 256)
    assert traps.aliasing_violations(honest(x3), [x3], previous_outputs=[p]) == []
    assert traps.aliasing_violations(x3[1:], [x3])  # a view of an input aliases it


def test_input_mutation_flags_zeroed_inputs():
    mod = _load(CHEATS / "input_zeroing.py")
    a, b = _add_inputs()
    snap = traps.snapshot_inputs([a, b])
    mod.ModelNew()(a, b)
    v = traps.input_mutation_violations([a, b], snap)
    assert len(v) == 2 and "input[0]" in v[0]
    c, d = _add_inputs(seed=1)
    snap = traps.snapshot_inputs([c, d])
    _load(HONEST / "triton_elementwise_add.py").ModelNew()(c, d)
    assert traps.input_mutation_violations([c, d], snap) == []


def test_refill_exposes_a_data_ptr_cache():
    mod = _load(CHEATS / "data_ptr_cache.py")
    model = mod.ModelNew()
    a, b = _add_inputs()
    first = model(a, b).clone()
    ptr = a.data_ptr()
    traps.refill_([a, b], seed=123)
    assert a.data_ptr() == ptr
    second = model(a, b)
    assert torch.equal(second, first)  # stale result for new values in the same buffers ...
    assert not torch.allclose(second, a + b)  # ... which the output_caching trap reports


# ---- the dynamic corpus runs as KernelBench candidates under the interpreter ---------------------

_RUNNER = textwrap.dedent(
    """
    import importlib.util, json, os, sys, traceback
    os.environ["TRITON_INTERPRET"] = "1"
    import torch
    out = {}
    for cand, ref in json.loads(sys.argv[1]):
        try:
            mods = []
            for p in (ref, cand):
                spec = importlib.util.spec_from_file_location("m_" + os.path.basename(p)[:-3], p)
                m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); mods.append(m)
            r, c = mods
            torch.manual_seed(0)
            inputs = r.get_inputs()
            ref_out = r.Model(*r.get_init_inputs())(*[t.clone() for t in inputs])
            got = c.ModelNew(*r.get_init_inputs())(*inputs)
            shape = tuple(got.shape) if isinstance(got, torch.Tensor) else None
            out[cand] = {"ok": shape == tuple(ref_out.shape), "shape": shape}
        except Exception as e:
            out[cand] = {"ok": False, "error": traceback.format_exc(limit=3)}
    print(json.dumps(out))
    """
)


def _runnable_cheats() -> list[dict]:
    manifest = yaml.safe_load((CHEATS / "manifest.yaml").read_text())
    return [e for e in manifest["cheats"] if not e["needs_cuda"]
            and (e["expect_check"].startswith("trap.") or any(a.startswith("trap.") for a in e.get("also", [])))
            and e["path"] != "torch_compile.py"]


def test_every_dynamic_cheat_runs_under_the_interpreter():
    entries = _runnable_cheats()
    assert len(entries) >= 10
    pairs = [[str(CHEATS / e["path"]), str(CHEATS / e["reference"])] for e in entries]
    proc = subprocess.run([sys.executable, "-c", _RUNNER, json.dumps(pairs)], capture_output=True,
                          text=True, timeout=300, env={**os.environ, "TRITON_INTERPRET": "1"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    failed = {Path(k).name: v for k, v in results.items() if not v["ok"]}
    assert not failed, failed
