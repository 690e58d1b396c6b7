"""Dynamic anti-cheat traps that run inside the worker process, next to the candidate.

Layer 3 (verifiers). Pure helpers and context managers; the harness decides when to use them:

- LaunchCounter: counts Triton launches (JITFunction.run, and InterpretedFunction.run under
  TRITON_INTERPRET=1; both triton 3.6 and 3.7 route `kernel[grid](...)` and autotuner/heuristics
  launches through `<JITFunction|InterpretedFunction>.run(*args, grid=, warmup=, **kw)`), and on CUDA the
  kernels torch.profiler sees, split into custom kernels and ATen/cuBLAS/cuDNN library kernels.
- disabled_launches(): Triton launches are skipped (ghost replay: pre-poisoned outputs must stay
  poisoned; if the output is still correct, the kernels did not do the work).
- integrity_snapshot()/integrity_violations(): thread count, identity of timer/sync/oracle functions,
  torch function/dispatch modes, trace hooks and global precision settings, before vs after.
- output_type_violations(), aliasing_violations(), input_mutation_violations().

torch and triton are imported inside the functions that use them; this module imports neither at
import time, and does not need pydantic (the worker stays light).
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal

log = logging.getLogger("kagent.verifiers.traps")

# ---------------------------------------------------------------------------------------------
# Triton launch interception
# ---------------------------------------------------------------------------------------------

# (module, class) pairs whose `run(self, *args, grid, warmup, **kwargs)` launches a kernel.
_LAUNCH_CLASSES = (
    ("triton.runtime.jit", "JITFunction"),
    ("triton.runtime.interpreter", "InterpretedFunction"),
)

_patch_lock = threading.RLock()
_listeners: list["_Listener"] = []
_originals: dict[type, Any] = {}
_profiler_owner: Any = None  # the LaunchCounter whose torch.profiler is running (one at a time)


@dataclass
class _Listener:
    skip: bool
    on_launch: Any  # Callable[[str, bool], None]: (kernel name, skipped)


def _launch_classes() -> list[type]:
    import importlib

    out = []
    for mod_name, cls_name in _LAUNCH_CLASSES:
        try:
            mod = importlib.import_module(mod_name)
        except ImportError:
            continue
        cls = getattr(mod, cls_name, None)
        if isinstance(cls, type) and "run" in cls.__dict__:
            out.append(cls)
    return out


def _kernel_name(fn_obj: Any) -> str:
    inner = getattr(fn_obj, "fn", None)
    name = getattr(inner, "__name__", None) or getattr(fn_obj, "__name__", None)
    return str(name or type(fn_obj).__name__)


def _make_wrapper(original: Any) -> Any:
    def run(self: Any, *args: Any, grid: Any = None, warmup: bool = False, **kwargs: Any) -> Any:
        listeners = list(_listeners)
        if warmup or not listeners:
            return original(self, *args, grid=grid, warmup=warmup, **kwargs)
        name = _kernel_name(self)
        skip = any(listener.skip for listener in listeners)
        for listener in listeners:
            listener.on_launch(name, skip)
        if skip:
            return None
        return original(self, *args, grid=grid, warmup=warmup, **kwargs)

    run.__kagent_wrapped__ = original  # type: ignore[attr-defined]
    return run


def _install(listener: _Listener) -> None:
    with _patch_lock:
        if not _listeners:
            for cls in _launch_classes():
                original = cls.__dict__["run"]
                _originals[cls] = original
                cls.run = _make_wrapper(original)  # type: ignore[attr-defined]
        _listeners.append(listener)


def _uninstall(listener: _Listener) -> None:
    with _patch_lock:
        _listeners.remove(listener)
        if not _listeners:
            for cls, original in _originals.items():
                cls.run = original  # type: ignore[attr-defined]
            _originals.clear()


# ATen / vendor-library kernel names as CUDA reports them (torch.profiler's kernel events).
_LIBRARY_KERNEL_RE = re.compile(
    r"(at::|at_cuda_detail|c10::|cublas|cutlass|cudnn|xmma|gemm|gemv|sm\d+_|ampere_|volta_|turing_|"
    r"hopper_|nvjet|cub::|thrust::|Memcpy|Memset|elementwise_kernel|reduce_kernel|softmax_warp|"
    r"vectorized_elementwise|unrolled_elementwise|index_elementwise|splitKreduce|fmha|flash_fwd|"
    r"triton_poi|triton_red|triton_per|triton_tem)",
    re.IGNORECASE,
)


class LaunchCounter:
    """Counts the kernels launched while the block runs.

    `triton_launches` / `names` (a Counter of Triton kernel names) come from the Triton launch path;
    with `profile_cuda` (default: when CUDA is available) `cuda_kernels` lists the device kernels
    torch.profiler saw, split into `custom_cuda_kernels` and `library_cuda_kernels` (ATen,
    cuBLAS/cuDNN, Inductor-generated). Launches from any thread are counted.
    """

    def __init__(self, *, profile_cuda: bool | None = None) -> None:
        self.profile_cuda = profile_cuda
        self.triton_launches = 0
        self.names: Counter[str] = Counter()
        self.cuda_kernels: list[str] = []
        self.profiler_status: Literal["not_run", "run"] = "not_run"
        self.profiler_reason: str | None = "CUDA profiling not requested"
        self._listener = _Listener(skip=False, on_launch=self._on_launch)
        self._lock = threading.Lock()
        self._prof: Any = None

    def _on_launch(self, name: str, skipped: bool) -> None:
        with self._lock:
            self.triton_launches += 1
            self.names[name] += 1

    def __enter__(self) -> "LaunchCounter":
        global _profiler_owner
        want = self.profile_cuda
        if want is None or want:
            import torch

            if not torch.cuda.is_available():
                self.profiler_reason = "CUDA is not available"
            else:
                with _patch_lock:
                    taken = _profiler_owner is not None
                    if not taken:
                        _profiler_owner = self
                if taken:
                    self.profiler_reason = "an enclosing LaunchCounter holds the CUDA profiler"
                else:
                    from torch.profiler import ProfilerActivity, profile

                    self._prof = profile(activities=[ProfilerActivity.CUDA])
                    self._prof.__enter__()
        _install(self._listener)
        return self

    def __exit__(self, *exc: object) -> None:
        global _profiler_owner
        _uninstall(self._listener)
        if self._prof is not None:
            import torch

            torch.cuda.synchronize()
            try:
                self._prof.__exit__(*exc)
            finally:
                with _patch_lock:
                    _profiler_owner = None
            self.cuda_kernels = [
                e.name for e in self._prof.events()
                if str(getattr(e, "device_type", "")).endswith("CUDA") and not _is_runtime_api(e.name)
            ]
            self.profiler_status = "run"
            self.profiler_reason = None
            self._prof = None

    @property
    def library_cuda_kernels(self) -> list[str]:
        return [k for k in self.cuda_kernels if _LIBRARY_KERNEL_RE.search(k)]

    @property
    def custom_cuda_kernels(self) -> list[str]:
        return [k for k in self.cuda_kernels if not _LIBRARY_KERNEL_RE.search(k)]

    @property
    def custom_launches(self) -> int:
        """Launches of the candidate's own kernels: Triton launches, plus (on CUDA) custom device
        kernels the profiler saw that did not come from Triton (load_inline / pycuda)."""
        if self.profiler_status != "run":
            return self.triton_launches
        return max(self.triton_launches, len(self.custom_cuda_kernels))


def _is_runtime_api(name: str) -> bool:
    return name.startswith(("cuda", "cu")) and not name.startswith(("cub::", "cublas", "cudnn", "cutlass"))


@dataclass
class LaunchGate:
    """What disabled_launches() skipped."""

    skipped: int = 0
    names: Counter[str] = field(default_factory=Counter)


@contextmanager
def disabled_launches() -> Iterator[LaunchGate]:
    """Skip every Triton launch in the block (compilation is skipped too). Outputs the kernels would
    have written keep whatever they held (poison, when the harness pre-fills them)."""
    gate = LaunchGate()
    lock = threading.Lock()

    def on_launch(name: str, skipped: bool) -> None:
        with lock:
            gate.skipped += 1
            gate.names[name] += 1

    listener = _Listener(skip=True, on_launch=on_launch)
    _install(listener)
    try:
        yield gate
    finally:
        _uninstall(listener)


@contextmanager
def poisoned_allocations(float_value: float = float("nan"), int_value: int = -7) -> Iterator[None]:
    """Fill every tensor the block allocates uninitialised (empty, empty_like, empty_strided,
    new_empty) with poison: NaN for floating dtypes, `int_value` for integers, True for bool. Used
    with disabled_launches() for ghost replay (outputs the skipped kernels would have written stay
    poisoned) and to catch outputs left unwritten."""
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    aten = torch.ops.aten
    targets = {aten.empty.memory_format, aten.empty_strided.default, aten.empty_like.default,
               aten.new_empty.default, aten.new_empty_strided.default}

    class _Poison(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
            out = func(*args, **(kwargs or {}))
            if func in targets and isinstance(out, torch.Tensor) and out.numel() and out.device.type != "meta":
                if out.dtype == torch.bool:
                    out.fill_(True)
                elif out.is_floating_point() or out.is_complex():
                    out.fill_(float_value)
                else:
                    out.fill_(int_value)
            return out

    with _Poison():
        yield


@dataclass(frozen=True)
class GhostSupport:
    """Whether ghost replay can disable the candidate's kernels: all of them ("supported"), only its
    Triton ones while other launchers stay live ("partial"), or none ("not_run")."""

    status: Literal["supported", "partial", "not_run"]
    reason: str | None = None
    triton_kernels: tuple[str, ...] = ()
    extensions: tuple[str, ...] = ()


def ghost_support(namespace: Mapping[str, Any], *extra_objects: Any) -> GhostSupport:
    """Inspect a candidate's module namespace (and e.g. its ModelNew instance) for what launches its
    kernels. Triton kernels can be disabled; load_inline / pycuda / cupy / ctypes launches cannot be
    skipped generically. Holding such an object does not switch ghost replay off: the Triton kernels
    are still skipped ("partial") and the judge weighs what else may have computed the result."""
    triton_kernels: list[str] = []
    extensions: list[str] = []
    values: list[tuple[str, Any]] = list(namespace.items())
    for obj in extra_objects:
        values.extend((f"{type(obj).__name__}.{k}", v) for k, v in getattr(obj, "__dict__", {}).items())
    for name, value in values:
        kind = _launcher_kind(value)
        if kind == "triton":
            triton_kernels.append(name)
        elif kind is not None:
            extensions.append(f"{name} ({kind})")
    why_not = ("kernels launched through " + ", ".join(extensions)
               + " cannot be skipped generically; ghost replay needs every custom launch to go through Triton")
    if not triton_kernels:
        reason = why_not if extensions else "no Triton kernel found in the candidate's namespace"
        return GhostSupport(status="not_run", reason=reason, extensions=tuple(extensions))
    if extensions:
        return GhostSupport(status="partial", reason=why_not, triton_kernels=tuple(triton_kernels),
                            extensions=tuple(extensions))
    return GhostSupport(status="supported", triton_kernels=tuple(triton_kernels))


def _launcher_kind(value: Any) -> str | None:
    t = type(value)
    mod = getattr(t, "__module__", "") or ""
    if mod.startswith("triton.runtime"):
        return "triton"
    if mod.startswith("pycuda"):
        return "pycuda"
    if mod.startswith("cupy") and t.__name__ in ("RawKernel", "RawModule", "ElementwiseKernel", "ReductionKernel"):
        return "cupy"
    if mod.startswith("ctypes") and t.__name__ in ("CDLL", "PyDLL"):
        return "ctypes"
    if t.__name__ == "module":
        f = getattr(value, "__file__", "") or ""
        if f.endswith((".so", ".pyd")) and ("torch_extensions" in f or "cpp_extension" in f or "kagent" in f):
            return "torch extension"
    return None


# ---------------------------------------------------------------------------------------------
# Integrity: threads, timer/sync/oracle function identity, modes, hooks, precision settings
# ---------------------------------------------------------------------------------------------

TIMER_FUNCTIONS: tuple[str, ...] = (
    "torch.cuda.synchronize", "torch.cuda.Event.elapsed_time", "torch.cuda.Event.record",
    "torch.cuda.Event.synchronize", "torch.cuda.Event.query", "torch.cuda.Stream.synchronize",
    "torch.cuda.current_stream", "torch.cuda.default_stream", "torch.cuda.empty_cache",
    "torch.Tensor.record_stream", "time.perf_counter", "time.perf_counter_ns", "time.time",
    "time.time_ns", "time.monotonic", "time.monotonic_ns", "time.process_time",
    "triton.testing.do_bench",
)
ORACLE_FUNCTIONS: tuple[str, ...] = (
    "torch.allclose", "torch.isclose", "torch.equal", "torch.isnan", "torch.isinf", "torch.isfinite",
    "torch.abs", "torch.max", "torch.amax", "torch.sub", "torch.sum", "torch.mean", "torch.where",
    "torch.manual_seed", "torch.randn", "torch.rand", "torch.empty", "torch.empty_like", "torch.full_like",
    "torch.testing.assert_close", "torch.Tensor.__eq__", "torch.Tensor.__ne__", "torch.Tensor.__sub__",
    "torch.Tensor.__getitem__", "torch.Tensor.__torch_function__", "torch.Tensor.sub", "torch.Tensor.abs",
    "torch.Tensor.max", "torch.Tensor.double", "torch.Tensor.float", "torch.Tensor.to", "torch.Tensor.cpu",
    "torch.Tensor.clone", "torch.Tensor.copy_", "torch.Tensor.fill_", "torch.Tensor.item",
    "torch.Tensor.tolist", "torch.Tensor.numel", "torch.Tensor.data_ptr", "torch.Tensor.untyped_storage",
    "torch.Tensor.isnan", "torch.Tensor.eq", "torch.Tensor.all", "torch.Tensor.any", "torch.Tensor.sum",
    "builtins.isinstance", "builtins.type", "builtins.id", "builtins.len", "builtins.float",
    "builtins.abs", "builtins.max", "math.isclose", "math.isfinite", "math.isnan",
)
_PROTECTED_MODULES = ("torch", "torch.cuda", "time", "triton", "numpy", "builtins", "math", "threading")
_MISSING = object()


@dataclass
class IntegritySnapshot:
    python_threads: int
    thread_idents: frozenset[int]
    native_threads: int | None
    functions: dict[str, Any]
    modules: dict[str, int]
    settings: dict[str, Any]


def _resolve(path: str) -> Any:
    """Resolve a dotted path; the last attribute of a class is looked up in the MRO's __dict__
    (so identity is stable for descriptors and a replaced method is seen)."""
    import importlib
    import sys

    parts = path.split(".")
    obj: Any = None
    i = len(parts)
    while i > 0:
        name = ".".join(parts[:i])
        obj = sys.modules.get(name)
        if obj is None and i == 1:
            try:
                obj = importlib.import_module(name)
            except ImportError:
                return _MISSING
        if obj is not None:
            break
        i -= 1
    if obj is None:
        return _MISSING
    for j, attr in enumerate(parts[i:]):
        last = j == len(parts[i:]) - 1
        if last and isinstance(obj, type):
            for klass in obj.__mro__:
                if attr in klass.__dict__:
                    return klass.__dict__[attr]
            return _MISSING
        obj = getattr(obj, attr, _MISSING)
        if obj is _MISSING:
            return _MISSING
    return obj


def _native_threads() -> int | None:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


def _settings() -> dict[str, Any]:
    import sys

    out: dict[str, Any] = {
        "sys.gettrace": sys.gettrace(),
        "sys.getprofile": sys.getprofile(),
        "threading.gettrace": getattr(threading, "gettrace", lambda: None)(),
    }
    torch = sys.modules.get("torch")
    if torch is not None:
        C = torch._C
        for name in ("_len_torch_function_stack", "_len_torch_dispatch_stack"):
            fn = getattr(C, name, None)
            if fn is not None:
                out[f"torch._C.{name}"] = fn()
        out["torch.get_default_dtype"] = torch.get_default_dtype()
        out["torch.get_float32_matmul_precision"] = torch.get_float32_matmul_precision()
        out["torch.are_deterministic_algorithms_enabled"] = torch.are_deterministic_algorithms_enabled()
        out["torch.backends.cuda.matmul.allow_tf32"] = torch.backends.cuda.matmul.allow_tf32
        out["torch.backends.cudnn.allow_tf32"] = torch.backends.cudnn.allow_tf32
        out["torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction"] = (
            torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction)
        out["torch.is_grad_enabled"] = torch.is_grad_enabled()
    return out


def integrity_snapshot(extra_functions: Sequence[str] = ()) -> IntegritySnapshot:
    """Record what a candidate must not change. Take it after a warm-up call (first CUDA use and
    torch's intra-op pool start native threads of their own)."""
    import sys

    funcs = {p: _resolve(p) for p in (*TIMER_FUNCTIONS, *ORACLE_FUNCTIONS, *extra_functions)}
    return IntegritySnapshot(
        python_threads=threading.active_count(),
        thread_idents=frozenset(t.ident for t in threading.enumerate() if t.ident is not None),
        native_threads=_native_threads(),
        functions=funcs,
        modules={m: id(sys.modules.get(m)) for m in _PROTECTED_MODULES},
        settings=_settings(),
    )


def integrity_violations(snapshot: IntegritySnapshot, *, native_threads: bool = True) -> list[str]:
    """Everything that differs from the snapshot, one line each (empty: intact)."""
    import sys

    out: list[str] = []
    now_threads = threading.active_count()
    new = [t for t in threading.enumerate() if t.ident not in snapshot.thread_idents]
    if now_threads > snapshot.python_threads or new:
        names = ", ".join(f"{t.name} (daemon={t.daemon})" for t in new) or "?"
        out.append(f"thread count rose from {snapshot.python_threads} to {now_threads}: new threads {names}")
    if native_threads and snapshot.native_threads is not None:
        nt = _native_threads()
        if nt is not None and nt > snapshot.native_threads and not new:
            out.append(f"native thread count (/proc/self/task) rose from {snapshot.native_threads} to {nt}")
    for path, before in snapshot.functions.items():
        now = _resolve(path)
        if now is not before and not _torch_own_wrapper(now, before):
            out.append(f"`{path}` was replaced ({_describe(before)} -> {_describe(now)})")
    for mod, ident in snapshot.modules.items():
        if id(sys.modules.get(mod)) != ident:
            out.append(f"sys.modules[{mod!r}] was replaced")
    now_settings = _settings()
    for key, before in snapshot.settings.items():
        after = now_settings.get(key, _MISSING)
        if after is not before and after != before:
            out.append(f"`{key}` changed from {before!r} to {after!r}")
    return out


def _torch_own_wrapper(now: Any, before: Any) -> bool:
    """torch wraps some of its own functions on first import of a subsystem (importing
    torch._dynamo replaces torch.manual_seed by a functools.wraps wrapper around the original):
    not the candidate's doing."""
    return getattr(now, "__wrapped__", None) is before and str(getattr(now, "__module__", "")).startswith("torch")


def _describe(obj: Any) -> str:
    if obj is _MISSING:
        return "missing"
    return f"{getattr(obj, '__module__', None) or type(obj).__module__}.{getattr(obj, '__qualname__', type(obj).__name__)}"


# ---------------------------------------------------------------------------------------------
# Outputs: exact type, aliasing; inputs: mutation
# ---------------------------------------------------------------------------------------------


def _flatten(obj: Any, prefix: str = "output") -> list[tuple[str, Any]]:
    if isinstance(obj, (list, tuple)):
        out: list[tuple[str, Any]] = []
        for i, item in enumerate(obj):
            out.extend(_flatten(item, f"{prefix}[{i}]"))
        return out
    if isinstance(obj, dict):
        out = []
        for k, item in obj.items():
            out.extend(_flatten(item, f"{prefix}[{k!r}]"))
        return out
    return [(prefix, obj)]


def output_type_violations(outputs: Any) -> list[str]:
    """Outputs must be plain dense torch.Tensor objects (not a subclass, lazy/fake/functional tensor,
    meta tensor, or an object pretending to be a tensor)."""
    import torch

    out: list[str] = []
    for name, t in _flatten(outputs):
        if t is None or type(t) in (int, float, bool, complex):
            continue
        if type(t) is not torch.Tensor:
            kind = "a torch.Tensor subclass" if isinstance(t, torch.Tensor) else "not a torch.Tensor"
            out.append(f"{name} has type {type(t).__module__}.{type(t).__qualname__} ({kind})")
            continue
        if t.device.type in ("meta", "lazy"):
            out.append(f"{name} is a {t.device.type} tensor (no data)")
        elif t.layout != torch.strided:
            out.append(f"{name} has layout {t.layout}, not torch.strided")
        else:
            functorch = getattr(torch._C, "_functorch", None)
            wrapped = getattr(functorch, "is_functorch_wrapped_tensor", None) if functorch else None
            if wrapped is not None and wrapped(t):
                out.append(f"{name} is a functorch-wrapped tensor")
            elif getattr(torch._C, "_is_functional_tensor", lambda _t: False)(t):
                out.append(f"{name} is a functional tensor")
    return out


def _storage_range(t: Any) -> tuple[int, int] | None:
    import torch

    if not isinstance(t, torch.Tensor) or t.device.type == "meta":
        return None
    try:
        st = t.untyped_storage()
    except (RuntimeError, NotImplementedError):
        return None
    if st.nbytes() == 0:
        return None
    base = st.data_ptr()
    return (base, base + st.nbytes())


def aliasing_violations(outputs: Any, inputs: Sequence[Any], previous_outputs: Any = None) -> list[str]:
    """Outputs whose storage overlaps an input's, or a previous call's output's. The caller must keep
    the previous outputs alive (else their memory may be legitimately reused)."""
    out: list[str] = []
    groups = [("input", _flatten(list(inputs), "input"))]
    if previous_outputs is not None:
        groups.append(("previous output", _flatten(previous_outputs, "previous output")))
    for name, t in _flatten(outputs):
        r = _storage_range(t)
        if r is None:
            continue
        for label, items in groups:
            for other_name, other in items:
                if other is t and label == "input":
                    out.append(f"{name} is the {label} {other_name} itself")
                    continue
                o = _storage_range(other)
                if o is not None and r[0] < o[1] and o[0] < r[1]:
                    out.append(f"{name} shares memory with {other_name} ({label})")
    return out


def snapshot_inputs(inputs: Sequence[Any]) -> list[Any]:
    """Copies of the tensor inputs (None for non-tensors) to compare with after the call."""
    import torch

    return [t.detach().clone() if isinstance(t, torch.Tensor) else None for t in inputs]


def input_mutation_violations(inputs: Sequence[Any], snapshot: Sequence[Any]) -> list[str]:
    """Inputs whose values changed (bitwise, NaN == NaN) since snapshot_inputs()."""
    import torch

    out: list[str] = []
    for i, (now, before) in enumerate(zip(inputs, snapshot)):
        if before is None or not isinstance(now, torch.Tensor):
            continue
        if now.shape != before.shape or now.dtype != before.dtype:
            out.append(f"input[{i}] changed shape/dtype from {tuple(before.shape)}/{before.dtype} to "
                       f"{tuple(now.shape)}/{now.dtype}")
            continue
        same = (now == before) | (now.isnan() & before.isnan()) if now.is_floating_point() else (now == before)
        changed = int((~same).sum().item())
        if changed:
            out.append(f"input[{i}] was modified: {changed} of {now.numel()} elements changed")
    return out


def refill_(inputs: Sequence[Any], seed: int) -> None:
    """Give the same input buffers new values in place (same data_ptr, new contents): an output cache
    keyed on pointers then returns stale results."""
    import torch

    g = torch.Generator(device="cpu").manual_seed(seed)
    for t in inputs:
        if isinstance(t, torch.Tensor) and t.is_floating_point():
            t.copy_(torch.randn(t.shape, generator=g, dtype=t.dtype).to(t.device))
