"""Differential runs of two AMDGPU code objects on AMD hardware (HIP runtime through ctypes).

`differential_run` loads the original and the edited code object with hipModuleLoadData, launches
the same kernel of each on the same inputs, and compares every output buffer bitwise and by max
abs error. Without an AMD GPU (no /dev/kfd, or no libamdhip64.so) the result is
status="not_run" with the reason "not run: needs an AMD GPU" — never a pass.

What can be checked without hardware is: the kernel-argument packing (`pack_kernargs`, against the
metadata's offsets and sizes) and the detection itself.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import struct
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

log = logging.getLogger("kagent.tools.amdgpu_runner")

NOT_RUN = "not run: needs an AMD GPU"
HIP_LIBS = ("libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.7", "libamdhip64.so.5")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)


class HardwareResult(_M):
    status: Literal["not_run", "equal", "different", "error"]
    reason: str
    kernel: str | None = None
    outputs: list[dict[str, Any]] = Field(default_factory=list, description="per output: max_abs_err, mismatches")
    device: str | None = None

    @property
    def passed(self) -> bool:
        return self.status == "equal"


class LaunchSpec(_M):
    """One launch: inputs in the order of the kernel's explicit arguments (arrays for global
    buffers, Python numbers for by-value arguments), which of them are outputs, grid and block."""

    args: list[Any]
    outputs: list[int]
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    dynamic_lds: int = 0


def amd_gpu_present() -> tuple[bool, str]:
    """(present, why-not). Needs the KFD device node and the HIP runtime library."""
    if not os.path.exists("/dev/kfd"):
        return False, f"{NOT_RUN} (no /dev/kfd: no AMD GPU driver on this machine)"
    if _hip_library() is None:
        return False, f"{NOT_RUN} (libamdhip64.so not found: ROCm's HIP runtime is not installed)"
    return True, ""


def _hip_library() -> str | None:
    found = ctypes.util.find_library("amdhip64")
    if found:
        return found
    for base in (os.environ.get("ROCM_PATH", "/opt/rocm"), "/opt/rocm"):
        for name in HIP_LIBS:
            p = os.path.join(base, "lib", name)
            if os.path.exists(p):
                return p
    return None


_SCALAR = {4: {"int": "<i", "float": "<f"}, 8: {"int": "<q", "float": "<d"}, 2: {"int": "<h", "float": "<e"}, 1: {"int": "<b"}}


def explicit_args(kernel_md: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in kernel_md.get(".args", []) if not str(a.get(".value_kind", "")).startswith("hidden_")]


def pack_kernargs(kernel_md: dict[str, Any], values: list[int | float]) -> bytes:
    """The explicit part of the kernarg segment: each value at its metadata offset and size.

    values: device addresses (int) for global_buffer arguments, numbers for by_value ones.
    Hidden arguments are left zero (the HIP runtime fills them when it launches)."""
    args = explicit_args(kernel_md)
    if len(values) != len(args):
        raise ValueError(f"kernel takes {len(args)} explicit arguments, got {len(values)}")
    size = max((int(a[".offset"]) + int(a[".size"]) for a in args), default=0)
    buf = bytearray(size)
    for a, v in zip(args, values):
        off, n, kind = int(a[".offset"]), int(a[".size"]), a.get(".value_kind")
        if kind in ("global_buffer", "dynamic_shared_pointer") or n == 8 and isinstance(v, int) and kind != "by_value":
            buf[off : off + n] = int(v).to_bytes(n, "little")
        elif kind == "by_value":
            tname = str(a.get(".type_name", ""))
            is_float = isinstance(v, float) or tname in ("float", "double", "half")
            fmt = _SCALAR.get(n, {}).get("float" if is_float else "int")
            if fmt is None:
                raise ValueError(f"cannot pack a {n}-byte by_value argument at offset {off}")
            buf[off : off + n] = struct.pack(fmt, v)
        else:
            raise ValueError(f"argument kind {kind!r} at offset {off} is not supported by the runner")
    return bytes(buf)


class _Hip:
    """The few HIP runtime calls the runner needs (ctypes; errors raise RuntimeError)."""

    def __init__(self, path: str) -> None:
        self.lib = ctypes.CDLL(path)
        self.lib.hipGetErrorString.restype = ctypes.c_char_p

    def __call__(self, fn: str, *args: Any) -> None:
        rc = getattr(self.lib, fn)(*args)
        if rc != 0:
            raise RuntimeError(f"{fn} failed: {self.lib.hipGetErrorString(rc).decode()} ({rc})")

    def device_name(self) -> str:
        class Props(ctypes.Structure):
            _fields_ = [("name", ctypes.c_char * 256), ("rest", ctypes.c_byte * 4096)]

        p = Props()
        fn = "hipGetDevicePropertiesR0600" if hasattr(self.lib, "hipGetDevicePropertiesR0600") else "hipGetDeviceProperties"
        self(fn, ctypes.byref(p), 0)
        return p.name.decode(errors="replace")


def _launch(hip: _Hip, image: bytes, kernel: str, md: dict[str, Any], spec: LaunchSpec) -> list[np.ndarray]:
    module, func = ctypes.c_void_p(), ctypes.c_void_p()
    hip("hipModuleLoadData", ctypes.byref(module), ctypes.c_char_p(image))
    ptrs: list[ctypes.c_void_p] = []
    try:
        hip("hipModuleGetFunction", ctypes.byref(func), module, kernel.encode())
        values: list[int | float] = []
        for a in spec.args:
            if isinstance(a, np.ndarray):
                p = ctypes.c_void_p()
                hip("hipMalloc", ctypes.byref(p), ctypes.c_size_t(max(1, a.nbytes)))
                ptrs.append(p)
                hip("hipMemcpyHtoD", p, a.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(a.nbytes))
                values.append(int(p.value or 0))
            else:
                values.append(a)
        kernargs = pack_kernargs(md, values)
        buf = ctypes.create_string_buffer(kernargs, len(kernargs))
        size = ctypes.c_size_t(len(kernargs))
        # HIP_LAUNCH_PARAM_BUFFER_POINTER = 1, _SIZE = 2, _END = 3
        extra = (ctypes.c_void_p * 5)(1, ctypes.cast(buf, ctypes.c_void_p), 2, ctypes.cast(ctypes.pointer(size), ctypes.c_void_p), 3)
        g, b = spec.grid, spec.block
        hip("hipModuleLaunchKernel", func, g[0], g[1], g[2], b[0], b[1], b[2], spec.dynamic_lds, None, None, extra)
        hip("hipDeviceSynchronize")
        outs = []
        for i in spec.outputs:
            host = np.empty_like(spec.args[i])
            arg_ptr = ptrs[[j for j, a in enumerate(spec.args) if isinstance(a, np.ndarray)].index(i)]
            hip("hipMemcpyDtoH", host.ctypes.data_as(ctypes.c_void_p), arg_ptr, ctypes.c_size_t(host.nbytes))
            outs.append(host)
        return outs
    finally:
        for p in ptrs:
            hip("hipFree", p)
        hip("hipModuleUnload", module)


def differential_run(original: bytes, edited: bytes, kernel: str, kernel_md: dict[str, Any],
                     cases: list[LaunchSpec]) -> HardwareResult:
    """Run `kernel` of both objects on every case; equal only if every output matches bitwise."""
    present, why = amd_gpu_present()
    if not present:
        return HardwareResult(status="not_run", reason=why, kernel=kernel)
    path = _hip_library()
    assert path is not None
    try:
        hip = _Hip(path)
        hip("hipInit", 0)
        device = hip.device_name()
        rows: list[dict[str, Any]] = []
        for n, spec in enumerate(cases):
            a = _launch(hip, original, kernel, kernel_md, spec)
            b = _launch(hip, edited, kernel, kernel_md, spec)
            for i, (x, y) in enumerate(zip(a, b)):
                same = x.tobytes() == y.tobytes()
                err = float(np.max(np.abs(x.astype(np.float64) - y.astype(np.float64)))) if x.size else 0.0
                rows.append({"case": n, "output": spec.outputs[i], "bitwise_equal": same, "max_abs_err": err,
                             "mismatches": int(np.count_nonzero(x != y))})
    except (OSError, RuntimeError, ValueError) as exc:
        return HardwareResult(status="error", reason=f"HIP run failed: {exc}", kernel=kernel)
    ok = all(r["bitwise_equal"] for r in rows)
    return HardwareResult(status="equal" if ok else "different", kernel=kernel, outputs=rows, device=device,
                          reason="outputs bitwise equal on every case" if ok else "outputs differ")
