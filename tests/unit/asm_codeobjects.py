"""AMDGPU code objects built inside the tests (Triton AOT and OpenCL C through clang-19), cached
per test session. Not a test module: the test_asm_* modules import it."""

from __future__ import annotations

import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

from kagent.tools import amdgpu as A

NEEDS_LLVM19 = pytest.mark.skipif(not A.llvm_available(), reason="LLVM 19 not installed: " + A.INSTALL_HINT)

OPENCL = r"""
__kernel void saxpy(__global float* y, __global const float* x, float a, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
  if (i < n) y[i] = a * x[i] + y[i];
}
__kernel void lds_rev(__global float* o, __global const float* x) {
  __local float t[256];
  int l = __builtin_amdgcn_workitem_id_x();
  int g = __builtin_amdgcn_workgroup_id_x() * 256 + l;
  t[l] = x[g];
  __builtin_amdgcn_s_barrier();
  o[g] = t[255 - l];
}
"""


def _triton_kernels():  # type: ignore[no-untyped-def]
    import triton
    import triton.language as tl

    @triton.jit
    def add(x, y, o, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(o + offs, tl.load(x + offs, mask=m) + tl.load(y + offs, mask=m), mask=m)

    @triton.jit
    def row_sum(x, o, n, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        v = tl.load(x + row * n + offs, mask=offs < n, other=0.0)
        tl.store(o + row, tl.sum(v, axis=0))

    @triton.jit
    def matmul(a, b, c, BLOCK: tl.constexpr):
        r = tl.arange(0, BLOCK)
        A_ = tl.load(a + r[:, None] * BLOCK + r[None, :])
        B_ = tl.load(b + r[:, None] * BLOCK + r[None, :])
        tl.store(c + r[:, None] * BLOCK + r[None, :], tl.dot(A_, B_))

    return {
        "add": (add, {"x": "*fp32", "y": "*fp32", "o": "*fp32", "n": "i32", "BLOCK": "constexpr"}, {"BLOCK": 1024}),
        "row_sum": (row_sum, {"x": "*fp32", "o": "*fp32", "n": "i32", "BLOCK": "constexpr"}, {"BLOCK": 512}),
        "matmul": (matmul, {"a": "*fp16", "b": "*fp16", "c": "*fp32", "BLOCK": "constexpr"}, {"BLOCK": 32}),
    }


@lru_cache(maxsize=None)
def triton_object(kernel: str, arch: str) -> tuple[bytes, str]:
    """(hsaco, amdgcn text) of one Triton kernel compiled ahead of time for `arch` (no GPU needed)."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    fn, sig, constexprs = _triton_kernels()[kernel]
    k = triton.compile(ASTSource(fn=fn, signature=sig, constexprs=constexprs), target=GPUTarget("hip", arch, 64))
    return k.asm["hsaco"], k.asm["amdgcn"]


@lru_cache(maxsize=None)
def opencl_object(mcpu: str, tmp: str) -> bytes:
    d = Path(tmp)
    src, out = d / "k.cl", d / f"k_{mcpu}.hsaco"
    src.write_text(OPENCL)
    subprocess.run([A.llvm_tool("clang"), "-x", "cl", "-cl-std=CL2.0", "-target", "amdgcn-amd-amdhsa", f"-mcpu={mcpu}",
                    "-nogpulib", "-O2", str(src), "-o", str(out)], check=True, timeout=120, capture_output=True)
    return out.read_bytes()


TRITON_CASES = [(k, a) for a in ("gfx942", "gfx90a") for k in ("add", "row_sum", "matmul")]
OPENCL_CASES = ["gfx942", "gfx90a", "gfx908", "gfx900"]


def write(tmp: Path, name: str, data: bytes) -> Path:
    p = tmp / name
    p.write_bytes(data)
    return p
