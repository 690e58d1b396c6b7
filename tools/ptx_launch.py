"""Launch lowered PTX/cubin kernels with pycuda in PyTorch's primary context.

The PTX-backed candidate that `kagent lower` writes wraps the original candidate's ModelNew and,
while its forward runs, routes every `kernel[grid](...)` launch of a lowered @triton.jit kernel
to the lowered binary: Triton's own binder computes the launch's specialisation (the same key
Triton's JIT cache uses), the matching lowered variant is picked (the captured specialisation,
else the generic one), and the kernel is launched with pycuda with Triton's ABI: the kernel's
non-constexpr arguments, then the global and profile scratch pointers (null when the metadata's
scratch sizes are 0), block = 32 * num_warps, dynamic shared memory = metadata.shared. A launch
that no lowered variant covers raises; it never falls back to Triton silently.

Layer 2 (tools). pycuda is optional (`kagent[cuda]`): it is imported only when a kernel is first
launched, so this module imports on a machine without a driver.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import threading
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.log import get_logger
from kagent.tools.triton_capture import KernelSpec, Launch, Specializer, normalize_grid

log = get_logger("tools.ptx_launch")

MANIFEST_NAME = "lowered.json"
HIDDEN_PARAMS = ("global_scratch", "profile_scratch")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LoweredVariant(_Model):
    spec: KernelSpec
    entry: str = Field(description="PTX entry name")
    ptx: str = Field(description="path relative to the manifest's folder")
    cubin: str | None = Field(None, description="path relative to the manifest's folder; ptxas-assembled")
    triton_ptx: str = Field(description="Triton's own PTX of this specialisation (the original)")
    num_warps: int
    num_ctas: int = 1
    shared: int = 0
    global_scratch_size: int = 0
    global_scratch_align: int = 1
    profile_scratch_size: int = 0
    profile_scratch_align: int = 1
    launch_cooperative_grid: bool = False
    launch_pdl: bool = False
    param_format: str = Field(description="pycuda prepare() format of the PTX params, hidden ones included")
    edits: list[str] = Field(default_factory=list, description="what was applied to Triton's PTX, in order")


class LoweredManifest(_Model):
    arch: str
    triton_version: str | None
    original: str = Field(description="the Triton candidate the kernels come from (relative or absolute)")
    variants: list[LoweredVariant]
    launches: list[Launch] = Field(default_factory=list)
    binary: Literal["cubin", "ptx"] = "cubin"

    def variant(self, key: str) -> LoweredVariant:
        for v in self.variants:
            if v.spec.key == key:
                return v
        raise KeyError(key)


_FORMAT = {"i1": "b", "i8": "b", "u8": "B", "i16": "h", "u16": "H", "i32": "i", "u32": "I", "i64": "q", "u64": "Q",
           "fp32": "f", "fp64": "d"}


def param_format(spec: KernelSpec) -> str:
    """pycuda struct format of the kernel's parameters: non-constexpr args, then 2 scratch pointers."""
    fmt = ""
    for name in spec.arg_names:
        ty = spec.signature[name]
        if ty == "constexpr":
            continue
        if not isinstance(ty, str):
            raise NotImplementedError(f"tuple argument {name} ({ty}) is not supported by the PTX launcher")
        if ty.startswith("*"):
            fmt += "P"
        elif ty in _FORMAT:
            fmt += _FORMAT[ty]
        else:
            raise NotImplementedError(f"argument {name} of type {ty} is not supported by the PTX launcher")
    return fmt + "P" * len(HIDDEN_PARAMS)


def load_manifest(path: str | Path) -> LoweredManifest:
    return LoweredManifest.model_validate_json(Path(path).read_text())


# ----------------------------------------------------------------------------------------------
# pycuda runtime (GPU only)
# ----------------------------------------------------------------------------------------------

_ctx_lock = threading.Lock()
_ctx: Any = None


def _context():
    """PyTorch's primary context, pushed once for pycuda (pycuda then shares it)."""
    global _ctx
    with _ctx_lock:
        if _ctx is None:
            import torch
            import pycuda.driver as cuda

            torch.cuda.init()
            cuda.init()
            ctx = cuda.Device(torch.cuda.current_device()).retain_primary_context()
            ctx.push()
            _ctx = ctx
            atexit.register(_pop_context)
        return _ctx


def _pop_context() -> None:
    global _ctx
    if _ctx is not None:
        import pycuda.driver as cuda

        try:
            cuda.Context.pop()
        except cuda.Error as e:  # context already gone at interpreter exit
            log.debug("context pop at exit: %s", e)
        _ctx = None


class LoadedKernel:
    """One lowered variant loaded into the GPU: a pycuda function ready to launch."""

    def __init__(self, variant: LoweredVariant, root: Path, binary: str = "cubin"):
        import pycuda.driver as cuda

        _context()
        self.variant = variant
        path = root / (variant.cubin if binary == "cubin" and variant.cubin else variant.ptx)
        data = path.read_bytes()
        if path.suffix == ".ptx":
            data = data + b"\0"
        self.module = cuda.module_from_buffer(data)
        self.function = self.module.get_function(variant.entry)
        self.function.prepare(variant.param_format)
        if variant.shared > 49152:
            self.function.set_attribute(cuda.function_attribute.MAX_DYNAMIC_SHARED_SIZE_BYTES, variant.shared)
        if variant.num_ctas != 1 or variant.launch_cooperative_grid or variant.launch_pdl:
            raise NotImplementedError("clusters (num_ctas>1), cooperative grids and PDL need cuLaunchKernelEx; "
                                      "the pycuda launcher does not do them")
        self.block = (32 * variant.num_warps, 1, 1)
        self.arg_index = [i for i, n in enumerate(variant.spec.arg_names) if variant.spec.signature[n] != "constexpr"]

    def _scratch(self, size: int, grid: list[int], device) -> tuple[int, Any]:
        if size <= 0:
            return 0, None
        import torch

        n = grid[0] * grid[1] * grid[2] * self.variant.num_ctas * size
        buf = torch.empty(n, dtype=torch.uint8, device=device)
        return buf.data_ptr(), buf

    def launch(self, bound_values: list[Any], grid: list[int]) -> None:
        import torch

        if torch.cuda.current_stream().cuda_stream != 0:
            raise RuntimeError("the pycuda PTX launcher runs on the legacy default stream only; "
                               "the current torch stream is another one")
        args: list[Any] = []
        device = None
        for i in self.arg_index:
            v = bound_values[i]
            if hasattr(v, "data_ptr"):
                if not v.is_cuda:
                    raise ValueError(f"argument {self.variant.spec.arg_names[i]} is not a CUDA tensor")
                device = v.device
                args.append(v.data_ptr())
            elif v is None:
                args.append(0)
            else:
                args.append(v)
        device = device or torch.device("cuda")
        gs, gbuf = self._scratch(self.variant.global_scratch_size, grid, device)
        ps, pbuf = self._scratch(self.variant.profile_scratch_size, grid, device)
        args += [gs, ps]
        if grid[0] * grid[1] * grid[2] == 0:
            return
        self.function.prepared_call(tuple(grid), self.block, *args, shared_size=self.variant.shared)
        del gbuf, pbuf  # the caching allocator keeps them valid for work queued on this stream


class PtxDispatcher:
    """Routes launches of the lowered @triton.jit kernels to their lowered binaries."""

    def __init__(self, manifest_path: str | Path, binary: Literal["cubin", "ptx"] | None = None):
        self.manifest_path = Path(manifest_path)
        self.root = self.manifest_path.parent
        self.manifest = load_manifest(self.manifest_path)
        self.binary = binary or self.manifest.binary
        self.by_qualname: dict[str, dict[str, LoweredVariant]] = {}
        for v in self.manifest.variants:
            self.by_qualname.setdefault(v.spec.qualname, {})[v.spec.key] = v
        self._specializer: Specializer | None = None
        self._loaded: dict[str, LoadedKernel] = {}
        self._choice: dict[tuple[int, str], str] = {}
        self.launch_counts: dict[str, int] = {}

    @property
    def specializer(self) -> Specializer:
        if self._specializer is None:
            self._specializer = Specializer(self.manifest.arch)
        return self._specializer

    def _select(self, jf, args, kwargs) -> tuple[LoweredVariant, dict]:
        from kagent.tools.triton_capture import as_jit_function

        variants = self.by_qualname.get(jf.fn.__qualname__)
        if not variants:
            raise LookupError(f"kernel {jf.fn.__qualname__} was not lowered (not launched at capture time)")
        spec, bound = self.specializer.specialize(jf, args, kwargs, "captured")
        if spec.key in variants:
            return variants[spec.key], bound
        gspec, _ = self.specializer.specialize(as_jit_function(jf, generic=True), args, kwargs, "generic")
        if gspec.key in variants:
            return variants[gspec.key], bound
        raise LookupError(f"no lowered variant of {jf.fn.__qualname__} covers this launch "
                          f"(signature {spec.signature}, constexprs {[c.value for _, c in spec.constexprs]})")

    def launch(self, jf, args: tuple, kwargs: dict, grid: Any) -> None:
        variant, bound = self._select(jf, args, kwargs)
        k = self._loaded.get(variant.spec.key)
        if k is None:
            k = self._loaded[variant.spec.key] = LoadedKernel(variant, self.root, self.binary)
        values = [bound[n] for n in variant.spec.arg_names]
        k.launch(values, normalize_grid(grid, bound))
        self.launch_counts[variant.spec.key] = self.launch_counts.get(variant.spec.key, 0) + 1

    @contextlib.contextmanager
    def active(self):
        """While active, `kernel[grid](...)` of a lowered kernel launches the lowered binary."""
        from triton.runtime.jit import JITFunction

        orig = JITFunction.run
        dispatcher = self

        def run(jf, *args, grid, warmup, **kwargs):
            if warmup:
                return orig(jf, *args, grid=grid, warmup=warmup, **kwargs)
            dispatcher.launch(jf, args, kwargs, grid)
            return None

        JITFunction.run = run
        try:
            yield self
        finally:
            JITFunction.run = orig


def manifest_dump(manifest: LoweredManifest, path: str | Path) -> None:
    Path(path).write_text(json.dumps(manifest.model_dump(mode="json"), indent=1))
