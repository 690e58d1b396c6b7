"""Dynamic anti-cheat traps that run inside the worker process, next to the candidate.

Layer 3 (verifiers). Pure helpers and context managers; the harness decides when to use them:

- LaunchCounter: counts Triton launches (JITFunction.run, and InterpretedFunction.run under
  TRITON_INTERPRET=1; both triton 3.6 and 3.7 route `kernel[grid](...)` and autotuner/heuristics
  launches through `<JITFunction|InterpretedFunction>.run(*args, grid=, warmup=, **kw)`), and on CUDA the
  device kernels launched (CUPTI's launch callbacks, verifiers/launch_trace.py; torch.profiler where
  those do not work or a CUDA graph ran), split into custom kernels and ATen/cuBLAS/cuDNN library kernels.
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

from kagent.verifiers.aten_ops import ALLOWED_OPS, is_view, mutates

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
    on_run: Any = None  # Callable[[original, fn, args, grid, kwargs], None]: the launch itself (Replay)


_launch_state = threading.local()  # .depth > 0 while a kernel launch runs on this thread


def in_launch() -> bool:
    return getattr(_launch_state, "depth", 0) > 0


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
            if listener.on_run is not None and not skip and not in_launch():
                listener.on_run(original, self, args, grid, kwargs)
        if skip:
            return None
        _launch_state.depth = getattr(_launch_state, "depth", 0) + 1
        try:
            return original(self, *args, grid=grid, warmup=warmup, **kwargs)
        finally:
            _launch_state.depth -= 1

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


def warm_cuda_profiler() -> None:
    """Open and close one torch.profiler session: the first in a process takes seconds (~5 s on an H200,
    most of it importing torch._dynamo: verifiers/dispatch_modes.py), later ones milliseconds; the launch
    counter's fallback (a CUDA graph, no CUPTI callbacks) then starts at once. The operator recorder's
    execution-trace observer does not need it (its first start: 36 us on the H200, docs/gpu.md session 27).
    A worker started ahead of its job calls this while it waits."""
    import warnings

    from torch.profiler import ProfilerActivity, profile

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with profile(activities=[ProfilerActivity.CUDA]):
            pass


# ---------------------------------------------------------------------------------------------
# C++ extension calls: a CPU candidate's kernels
# ---------------------------------------------------------------------------------------------

_ext_calls: Counter[str] = Counter()  # "module.function" -> calls, since the worker started
_ext_lock = threading.Lock()


def _counted(fn: Any, name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        with _ext_lock:
            _ext_calls[name] += 1
        return fn(*args, **kwargs)

    call.__name__, call.__doc__ = getattr(fn, "__name__", name), getattr(fn, "__doc__", None)
    return call


def count_extension_calls() -> None:
    """On the CPU a load_inline / load extension's functions are the candidate's kernels (host C++; no
    device launch exists to trace): the modules they return count their functions' calls, which
    LaunchCounter adds to the Triton launches. Installed before the candidate is imported."""
    import types

    from torch.utils import cpp_extension

    def wrap(real: Any) -> Any:
        def build(*args: Any, **kwargs: Any) -> Any:
            module = real(*args, **kwargs)
            if not isinstance(module, types.ModuleType):
                return module  # is_python_module=False: the library is loaded into torch.ops, not counted
            counted = types.ModuleType(module.__name__, module.__doc__)
            for k, v in vars(module).items():
                setattr(counted, k, _counted(v, f"{module.__name__}.{k}")
                        if callable(v) and not isinstance(v, type) and not k.startswith("_") else v)
            return counted

        build.__name__, build.__doc__ = real.__name__, real.__doc__
        return build

    for name in ("load_inline", "load"):
        setattr(cpp_extension, name, wrap(getattr(cpp_extension, name)))


_GLOBAL_DECL = re.compile(r"__global__\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?(?:static\s+)?void\s+"
                          r"(?:__launch_bounds__\s*\([^)]*\)\s*)?([A-Za-z_]\w*)")


def own_kernel_names(source: str) -> frozenset[str]:
    """The `__global__` functions a candidate's CUDA C source declares (load_inline, pycuda): a kernel of
    its own whatever it is called (`cusum_kernel`, `gemm_kernel`, `reduce_kernel` read like runtime or
    library names). Matched against the profiler's unqualified names only: a library kernel lives in a
    namespace (`at::native::...`), and a candidate that names a dummy kernel after a global-scope library
    one gains nothing a dummy launch does not already give it."""
    return frozenset(_GLOBAL_DECL.findall(source))


def _base_name(kernel: str) -> str:
    """`void cusum_kernel<float>(float const*, ...)` and `_Z12cusum_kernelPKf...` -> `cusum_kernel`;
    `void at::native::k<...>(...)` keeps its namespace (`at::native::k`), `_ZN...` stays whole."""
    mangled = re.match(r"_Z(\d+)", kernel)  # CUPTI's callbacks name kernels mangled: _Z12cusum_kernelPKf...
    if mangled:
        start = mangled.end()
        return kernel[start:start + int(mangled.group(1))]
    return kernel.removeprefix("void ").split("(", 1)[0].split("<", 1)[0].strip()


class LaunchCounter:
    """Counts the kernels launched while the block runs.

    `triton_launches` / `names` (a Counter of Triton kernel names) come from the Triton launch path;
    with `profile_cuda` (default: when CUDA is available) `cuda_kernels` lists the device kernels
    launched (CUPTI's launch callbacks; torch.profiler with `kineto` or where those fail), split into `custom_cuda_kernels` and `library_cuda_kernels` (ATen,
    cuBLAS/cuDNN, Inductor-generated). Launches from any thread are counted.
    """

    def __init__(self, *, profile_cuda: bool | None = None, kineto: bool = False,
                 own: frozenset[str] = frozenset()) -> None:
        self.profile_cuda = profile_cuda
        self.own = own  # the candidate's own __global__ names (own_kernel_names)
        self.kineto = kineto  # torch.profiler even where CUPTI's launch callbacks work
        self.triton_launches = 0
        self.names: Counter[str] = Counter()
        self.cuda_kernels: list[str] = []
        self.graph_launches = 0  # CUDA graphs launched (callbacks do not name their kernels)
        self.profiler_status: Literal["not_run", "run", "tampered"] = "not_run"
        self.profiler_reason: str | None = "CUDA profiling not requested"
        self.profiler_kind: str | None = None  # "callbacks" (verifiers/launch_trace.py) or "kineto"
        self._listener = _Listener(skip=False, on_launch=self._on_launch)
        self._lock = threading.Lock()
        self._prof: Any = None
        self._tracer: Any = None
        self.extension_calls = 0  # calls of a C++ extension's functions (CPU; count_extension_calls)
        self._ext_from: Counter[str] = Counter()

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
                    self._start_profiler()
        with _ext_lock:
            self._ext_from = Counter(_ext_calls)
        _install(self._listener)
        return self

    def _start_profiler(self) -> None:
        if not self.kineto:
            from kagent.verifiers import launch_trace

            tracer = launch_trace.Tracer()
            why = tracer.start()
            if why is None:
                self._tracer, self.profiler_kind = tracer, "callbacks"
                return
            log.info("launch callbacks unavailable (%s): torch.profiler instead", why)
        from torch.profiler import ProfilerActivity, profile

        self._prof = profile(activities=[ProfilerActivity.CUDA])
        self._prof.__enter__()
        self.profiler_kind = "kineto"

    def __exit__(self, *exc: object) -> None:
        global _profiler_owner
        _uninstall(self._listener)
        with _ext_lock:
            calls = _ext_calls - self._ext_from
        self.extension_calls = sum(calls.values())
        self.names.update(calls)
        if self._prof is None and self._tracer is None:
            return
        import torch

        torch.cuda.synchronize()
        try:
            if self._tracer is not None:
                self._stop_tracer()
            else:
                self._prof.__exit__(*exc)
                self.cuda_kernels = [
                    e.name for e in self._prof.events()
                    if str(getattr(e, "device_type", "")).endswith("CUDA") and not _is_runtime_api(e.name)
                ]
                self.profiler_status, self.profiler_reason = "run", None
        finally:
            with _patch_lock:
                _profiler_owner = None
            self._prof = self._tracer = None

    def _stop_tracer(self) -> None:
        from kagent.verifiers import launch_trace

        tracer = self._tracer
        on = tracer.still_on()
        tracer.stop()
        names = [name for name, _ in tracer.launches]
        self.graph_launches = names.count(launch_trace.GRAPH_LAUNCH)
        self.cuda_kernels = [n for n in names if n != launch_trace.GRAPH_LAUNCH]
        if on:
            self.profiler_status, self.profiler_reason = "run", None
        else:  # the candidate unsubscribed or switched the callbacks off: its launches went unseen
            self.profiler_status = "tampered"
            self.profiler_reason = "CUPTI's launch callbacks were switched off during the call"

    def _library(self, kernel: str) -> bool:
        return _base_name(kernel) not in self.own and bool(_LIBRARY_KERNEL_RE.search(kernel))

    @property
    def library_cuda_kernels(self) -> list[str]:
        return [k for k in self.cuda_kernels if self._library(k)]

    @property
    def custom_cuda_kernels(self) -> list[str]:
        return [k for k in self.cuda_kernels if not self._library(k)]

    @property
    def custom_launches(self) -> int:
        """Launches of the candidate's own kernels: Triton launches, plus (on CUDA) custom device
        kernels the profiler saw that did not come from Triton (load_inline / pycuda)."""
        if self.profiler_status != "run":
            return self.triton_launches + self.extension_calls
        return max(self.triton_launches, len(self.custom_cuda_kernels))

    @property
    def needs_kineto(self) -> bool:
        """A CUDA graph launched under the callbacks: only torch.profiler names the kernels in it."""
        return self.profiler_kind == "callbacks" and self.graph_launches > 0


_RUNTIME_API = re.compile(r"cu(?:da)?[A-Z]\w*")


def _is_runtime_api(name: str) -> bool:
    """`cudaLaunchKernel`, `cuMemcpyAsync`: API calls, not kernels. Only the bare camel-case name: a kernel
    called `cusum_kernel` or `cumsum_scan(float const*, ...)` is the candidate's own."""
    return bool(_RUNTIME_API.fullmatch(name))


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
    from kagent.verifiers.dispatch_modes import without_dynamo

    aten = torch.ops.aten
    targets = {aten.empty.memory_format, aten.empty_strided.default, aten.empty_like.default,
               aten.new_empty.default, aten.new_empty_strided.default}

    @without_dynamo
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


# ---------------------------------------------------------------------------------------------
# Provenance: every ATen operator executed while the candidate's forward runs, on every thread
# ---------------------------------------------------------------------------------------------

# The torch operators an nn layer with weights runs; allowed when the reference model holds the same
# kind of layer (a level-2 problem that keeps torch's conv, say).
LAYER_OPS: dict[str, tuple[str, ...]] = {
    "Conv": ("conv1d", "conv2d", "conv3d", "convolution", "_convolution", "mkldnn_convolution", "_convolution_mode",
             "slow_conv2d", "_slow_conv2d_forward", "thnn_conv2d", "slow_conv3d", "slow_conv3d_forward",
             "cudnn_convolution", "_nnpack_spatial_convolution", "conv_transpose1d", "conv_transpose2d",
             "conv_transpose3d", "slow_conv_transpose2d", "slow_conv_transpose3d", "cudnn_convolution_transpose",
             "mkldnn_convolution_transpose", "conv_depthwise2d", "_conv_depthwise2d", "conv_depthwise3d",
             "slow_conv_dilated2d", "slow_conv_dilated3d"),
    "Linear": ("linear", "addmm", "mm", "matmul", "bmm"),
    "BatchNorm": ("batch_norm", "_batch_norm_impl_index", "native_batch_norm", "_native_batch_norm_legit",
                  "_native_batch_norm_legit_no_training", "cudnn_batch_norm", "miopen_batch_norm"),
    "LayerNorm": ("layer_norm", "native_layer_norm"),
    "GroupNorm": ("group_norm", "native_group_norm"),
    "InstanceNorm": ("instance_norm",),
    "Embedding": ("embedding",),
}
_COMPILED_REGION = re.compile(r"(Compiled|compiled|inductor|Torch-Compiled Region|CompiledFxGraph)")
_HOST_ROUND_TRIP = ("aten::_local_scalar_dense",)  # .item(): one element leaves torch
ITEM_LIMIT = 16  # more element reads than this in one forward: data leaves torch in a loop
HOST_TENSOR_LIMIT = 64  # a tensor built from host values with at least this many elements


def layer_policy(layer_names: Sequence[str]) -> frozenset[str]:
    """The torch operators allowed for a problem whose reference holds these nn layers."""
    out: set[str] = set()
    for name in layer_names:
        for family, ops in LAYER_OPS.items():
            if family in name:
                out.update(f"aten::{o}" for o in ops)
    return frozenset(out)


def weighted_layers(model: Any) -> list[str]:
    """Class names of the torch.nn layers with weights of their own that a model holds."""
    names = set()
    for m in model.modules():
        t = type(m)
        if (t.__module__ or "").startswith("torch.nn.modules") and any(True for _ in m.parameters(recurse=False)):
            names.add(t.__name__)
    return sorted(names)


@dataclass
class OpRecord:
    """What the execution-trace observer saw while the block ran."""

    intact: bool = False
    reason: str | None = None
    top_level: Counter[str] = field(default_factory=Counter)
    index: Counter[str] = field(default_factory=Counter)  # of top_level: integer work on integer data only
    compiled_regions: list[str] = field(default_factory=list)
    host_tensors: list[list[int]] = field(default_factory=list)
    host_reads: list[str] = field(default_factory=list)
    metadata_reads: list[str] = field(default_factory=list)  # of integer inputs, values unchanged (watch_metadata)
    tamper: list[str] = field(default_factory=list)
    # top-level operators outside ALLOWED_OPS and not bookkeeping: (name, first tensor operand's shape)
    compute_nodes: list[tuple[str, Any]] = field(default_factory=list)

    def compute_ops(self, allowed: frozenset[str] = frozenset(), index_ok: bool = False,
                    discount: Mapping[str, int] | None = None) -> dict[str, int]:
        """`index_ok`: integer work on integer data is bookkeeping (every output is floating, so such
        integers cannot be the result; e.g. the count of non-ignored labels a loss is averaged over).
        `discount`: operators matched to allowed torch epilogues or bookkeeping (verifiers/epilogue.py)."""
        counts = {k: v - (self.index.get(k, 0) if index_ok else 0) - (discount or {}).get(k, 0)
                  for k, v in self.top_level.items()}
        return {k: v for k, v in counts.items()
                if v > 0 and k.startswith("aten::") and k not in ALLOWED_OPS and k not in allowed}

    def match(self, uses: Sequence[Mapping[str, Any]], free: list[tuple[str, Any]]) -> Counter[str]:
        """Recorded operators matched one for one, by name and first operand's shape, to the uses the
        step analysis allowed (verifiers/epilogue.py), taken out of `free`: a use that only the dispatch
        mode saw discounts nothing, and an operator on another thread over other tensors stays counted."""
        from kagent.verifiers.epilogue import canonical

        matched: Counter[str] = Counter()
        for use in uses:
            for i, (name, shape) in enumerate(free):
                if canonical(name) == canonical(use["op"]) and list(shape or []) == list(use["shape"]):
                    matched[name] += 1
                    del free[i]
                    break
        return matched

    def as_event(self, allowed: frozenset[str] = frozenset(), index_ok: bool = False,
                 epilogue: Mapping[str, Any] | None = None) -> dict[str, Any]:
        item_reads = sum(self.top_level.get(k, 0) for k in _HOST_ROUND_TRIP) + self.top_level.get("aten::item", 0)
        free = list(self.compute_nodes)
        tail = epilogue or {}
        # integer bookkeeping the trace could not tell (the interpreter's copies inside a launch touch every
        # argument's bytes); the step analysis sees launches and knows it is integer work on integer data
        more_index = self.match(tail.get("index") or [], free) if index_ok else Counter()
        matched = self.match(tail.get("allowed") or [], free)
        index = self.index + more_index
        index_ops = {k: v for k, v in index.items() if k not in ALLOWED_OPS} if index_ok else {}
        return {"intact": self.intact, "reason": self.reason,
                "compute_ops": self.compute_ops(allowed, index_ok, matched + more_index),
                "index_ops": index_ops, "epilogue": {**tail, "matched": dict(matched)} if epilogue else None,
                "allowed_layer_ops": sorted(allowed), "compiled_regions": self.compiled_regions[:10],
                "host_tensors": self.host_tensors[:10], "item_reads": item_reads,
                "host_reads": [*self.host_reads, *([] if index_ok else self.metadata_reads)][:20],
                "metadata_reads": self.metadata_reads[:20] if index_ok else [], "tamper": self.tamper[:10]}


# The functions that would switch the observer off or replace it: once OpRecorder is installed they
# only record that they were called (the originals stay reachable to kagent alone).
_ET_CONTROLS = ("_add_execution_trace_observer", "_remove_execution_trace_observer",
                "_enable_execution_trace_observer", "_disable_execution_trace_observer")
_et_originals: dict[str, Any] = {}
_et_tamper: list[str] = []
_HOST_EXITS = ("numpy", "tolist", "__array__")
_host_exit_log: list[str] = []
# Integer inputs of the call as they were handed in (tensor, its values as a list): a host read that
# returns exactly those values is the problem's own metadata (cu_seqlens, group sizes: a grid sized
# on the host), not tensor data leaving torch. Judged by OpRecord.as_event (only where every output
# is floating, like integer bookkeeping).
_metadata_inputs: list[tuple[Any, list]] = []
_metadata_exit_log: list[str] = []
METADATA_NUMEL = 1 << 16


def watch_metadata(args: Sequence[Any]) -> None:
    """Before a recorded call: remember its integer tensor inputs' values (none past METADATA_NUMEL)."""
    import torch

    _metadata_inputs.clear()
    for a in args:
        if isinstance(a, torch.Tensor) and not (a.is_floating_point() or a.is_complex()) and a.numel() <= METADATA_NUMEL:
            _metadata_inputs.append((a, a.tolist()))


def _is_metadata(t: Any, name: str, value: Any) -> bool:
    """`value` (what `t.<name>()` returned) is exactly an integer input's values, read whole."""
    for a, values in _metadata_inputs:
        if t is not a and not (t.data_ptr() == a.data_ptr() and t.shape == a.shape and t.stride() == a.stride()
                               and t.dtype == a.dtype):
            continue
        try:
            got = value if name == "tolist" else value.tolist()
        except Exception:
            return False
        return got == values
    return False
_recording = threading.Event()


def _et_holders() -> list[Any]:
    """The modules that hold the observer's switches (torch.profiler.profiler imports them by name)."""
    import importlib

    import torch

    holders = [torch._C._profiler]
    try:
        holders.append(importlib.import_module("torch.profiler.profiler"))
    except ImportError:
        pass
    return holders


def install_op_recorder_guards() -> None:
    """Call before the candidate is imported: the observer's switches become kagent's alone, and
    host exits of tensor data (`.numpy()`, `.tolist()`, `__array__`) are logged while recording."""
    import torch

    with _patch_lock:
        if _et_originals:
            return
        for name in _ET_CONTROLS:
            _et_originals[name] = getattr(torch._C._profiler, name)

            def blocked(*args: Any, _name: str = name, **kwargs: Any) -> Any:
                _et_tamper.append(f"torch._C._profiler.{_name} called")
                return True

            for holder in _et_holders():
                if hasattr(holder, name):
                    setattr(holder, name, blocked)
        for name in _HOST_EXITS:
            original = getattr(torch.Tensor, name)

            def exit_logged(self: Any, *args: Any, _name: str = name, _orig: Any = original, **kwargs: Any) -> Any:
                value = _orig(self, *args, **kwargs)
                if _recording.is_set():
                    what = f"Tensor.{_name} of a {list(getattr(self, 'shape', []))} tensor"
                    (_metadata_exit_log if _is_metadata(self, _name, value) else _host_exit_log).append(what)
                return value

            setattr(torch.Tensor, name, exit_logged)


@contextmanager
def _real_switches() -> Iterator[None]:
    """kagent's own use of the observer goes to the real switches, for the moment it takes."""
    saved = [(h, n, getattr(h, n)) for h in _et_holders() for n in _ET_CONTROLS if hasattr(h, n)]
    for h, n, _ in saved:
        if n in _et_originals:
            setattr(h, n, _et_originals[n])
    try:
        yield
    finally:
        for h, n, f in saved:
            setattr(h, n, f)


class OpRecorder:
    """Records every ATen operator executed in this process while the block runs, on every thread
    (PyTorch's execution-trace observer registers a global RecordFunction callback: hooks, decorator
    callbacks and worker threads are seen). Integrity: a marker operator with shapes drawn at random
    just after the start and just before the end must both be in the trace, and nobody may have
    touched the observer's switches (install_op_recorder_guards)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.record = OpRecord()
        self._observer: Any = None

    def __enter__(self) -> "OpRecorder":
        import random

        import torch
        from torch.profiler import ExecutionTraceObserver

        self._marks = (random.randint(1000, 9000), random.randint(1000, 9000))
        self._tamper_before = len(_et_tamper)
        self._exits_before = len(_host_exit_log)
        self._metadata_before = len(_metadata_exit_log)
        with _real_switches():
            self._observer = ExecutionTraceObserver()
            self._observer.register_callback(self.path)
            self._observer.start()
        torch.ops.aten.arange.default(self._marks[0])
        _recording.set()
        return self

    def __exit__(self, *exc: object) -> None:
        import torch

        _recording.clear()
        torch.ops.aten.arange.default(self._marks[1])
        with _real_switches():
            self._observer.stop()
            self._observer.unregister_callback()
        self.record = self._read()
        self.record.tamper = _et_tamper[self._tamper_before:]
        self.record.host_reads = _host_exit_log[self._exits_before:]
        self.record.metadata_reads = _metadata_exit_log[self._metadata_before:]
        if self.record.tamper:
            self.record.intact = False
            self.record.reason = "the candidate touched the operator recorder's switches"

    def _read(self) -> OpRecord:
        import json

        rec = OpRecord()
        try:
            with open(self.path) as fh:
                nodes = json.load(fh)["nodes"]
        except (OSError, ValueError, KeyError) as exc:
            rec.reason = f"the operator trace could not be read: {exc}"
            return rec
        by_id = {n["id"]: n for n in nodes}
        marks = []
        bookkeeping = _host_bookkeeping(nodes, by_id)
        for n in nodes:
            name = n.get("name", "")
            shapes = (n.get("outputs") or {}).get("shapes") or []
            if (name == "aten::arange" and shapes and shapes[0] in ([self._marks[0]], [self._marks[1]])
                    and not _nested_in_aten(n, by_id)):
                marks.append(shapes[0][0])
                continue
            if _COMPILED_REGION.search(name) and not name.startswith("aten::"):
                rec.compiled_regions.append(name)
            if not name.startswith("aten::") and "::" in name and not name.startswith(("[pytorch", "## ")):
                pass  # a custom operator: judged by what it runs inside
            elif not name.startswith("aten::"):
                continue
            if _nested_in_aten(n, by_id) or n["id"] in bookkeeping.host:
                continue
            rec.top_level[name] += 1
            if n["id"] in bookkeeping.index:
                rec.index[name] += 1
            elif name not in ALLOWED_OPS:
                ins = _typed_tensors(n.get("inputs"))
                rec.compute_nodes.append((name, ins[0][2] if ins else None))
            if name in ("aten::lift_fresh", "aten::lift_fresh_copy", "aten::lift"):
                numel = _numel(shapes[0]) if shapes else 0
                if numel >= HOST_TENSOR_LIMIT:
                    rec.host_tensors.append(shapes[0])
        want = list(self._marks)
        rec.intact = marks == want
        if not rec.intact:
            rec.reason = f"the recorder's start/end markers were not both seen ({len(marks)} of 2): recording was interrupted"
        return rec


_LIFTS = ("aten::lift_fresh", "aten::lift_fresh_copy", "aten::lift")


def _tensor_values(side: dict | None) -> list[list]:
    """The tensors of a node's inputs or outputs: [tensor id, storage id, offset, numel, itemsize, device]."""
    side = side or {}
    return [v for v, t in zip(side.get("values") or [], side.get("types") or [])
            if isinstance(t, str) and t.startswith("Tensor(") and isinstance(v, list) and len(v) == 6]


# Factories whose values follow from their arguments alone: what they make, and torch on it, is a table
# of positions or constants (a rotary embedding's cos/sin), never a function of the inputs.
_TABLE_FACTORIES = frozenset(f"aten::{n}" for n in (
    "arange linspace logspace full zeros ones eye scalar_tensor full_like zeros_like ones_like new_full "
    "new_zeros new_ones").split())
_RANDOM_OPS = frozenset(f"aten::{n}" for n in (
    "random_ normal_ uniform_ bernoulli_ exponential_ geometric_ log_normal_ cauchy_ rand randn randint "
    "randperm rand_like randn_like randint_like normal bernoulli multinomial").split())
_INDEX_TYPE = re.compile(r"^Tensor\((bool|(unsigned |signed )?(char|short|int|long)( int)*|c10::(u)?int\d*|int\d+_t)\)$")


@dataclass
class _Bookkeeping:
    host: set[int] = field(default_factory=set)  # node ids: work on host-built tensors and tables only
    index: set[int] = field(default_factory=set)  # node ids: integer work on integer data only


def _host_bookkeeping(nodes: list[dict], by_id: dict) -> _Bookkeeping:
    """Top-level operators that compute no part of a floating result, followed in execution order by
    storage (a storage written from anything else leaves its set):
    - host: only small tensors built from host values (a grid size as
      `torch.prod(torch.tensor(x.shape[:-1])).item()`), tables from value factories (`torch.arange`,
      `torch.full`) and wrapped Python numbers (0-d tensors no recorded operator wrote): they never
      touch the inputs, the weights or anything derived from them;
    - index: every tensor read and written is integer or bool, and none of them was float data or
      written by computing work (`int((targets != ignore).sum())`: a count of labels). Integers made
      from integers only cannot hold a float result; verify allows them when every output is floating.
    """
    lifted: set[int] = set()  # storages of small tensors built from host values
    tables: set[int] = set()  # storages of factory tables and what was computed from them alone
    written: set[int] = set()  # storages some recorded operator wrote
    tainted: set[int] = set()  # storages that held float data or were written by computing work
    out = _Bookkeeping()
    for n in sorted((n for n in nodes if n.get("name", "").startswith("aten::") and not _nested_in_aten(n, by_id)),
                    key=lambda n: n["id"]):
        name = n["name"]
        ins, outs = _typed_tensors(n.get("inputs")), _typed_tensors(n.get("outputs"))
        in_st, out_st = [v[1] for v, _, _ in ins], [v[1] for v, _, _ in outs]
        tables.update(v[1] for v, _, shape in ins if shape == [] and v[1] not in written and v[1] not in lifted)
        written.update(out_st)
        floats = [v[1] for v, t, _ in [*ins, *outs] if not _INDEX_TYPE.match(t)]
        kind = _bookkeeping_kind(name, in_st, ins, lifted, tables, tainted, bool(floats))
        for st in out_st:
            lifted.discard(st)
            tables.discard(st)
        if kind == "lift":
            if all(v[3] < HOST_TENSOR_LIMIT for v, _, _ in outs):
                lifted.update(out_st)
            continue
        if kind in ("table", "host"):
            (lifted if kind == "host" and any(st in lifted for st in in_st) else tables).update(out_st)
            out.host.add(n["id"])
            continue
        tainted.update(floats)
        if kind == "index":
            tainted.difference_update(out_st)
            out.index.add(n["id"])
            continue
        tainted.update(out_st)  # written from the inputs, the weights, fresh memory or random numbers
        if ins and name.endswith("_"):  # in place: the first input is written
            lifted.discard(in_st[0])
            tables.discard(in_st[0])
            tainted.add(in_st[0])
    return out


def _bookkeeping_kind(name: str, in_st: list[int], ins: list, lifted: set[int], tables: set[int],
                      tainted: set[int], floats: bool) -> str | None:
    if name in _LIFTS:
        return "lift"
    if name in _RANDOM_OPS:
        return None
    if name in _TABLE_FACTORIES and (name.endswith("_like") or all(st in tables or st in lifted for st in in_st)):
        return "table"  # `*_like` reads only its tensor's shape
    if in_st and all(st in lifted or st in tables for st in in_st) and sum(
            v[3] for v, _, _ in ins if v[1] in lifted) < HOST_TENSOR_LIMIT:
        return "host"
    if in_st and not floats and not (set(in_st) & tainted):
        return "index"
    return None


def _typed_tensors(side: dict | None) -> list[tuple[list, str, Any]]:
    """(value, type, shape) of each tensor among a node's inputs or outputs (lists of tensors included)."""
    side = side or {}
    found: list[tuple[list, str, Any]] = []
    for v, t, shape in zip(side.get("values") or [], side.get("types") or [], side.get("shapes") or []):
        if not isinstance(t, str):
            continue
        if t.startswith("Tensor(") and isinstance(v, list) and len(v) == 6:
            found.append((v, t, shape))
        elif t.startswith("GenericList[Tensor(") and isinstance(v, list):
            types = re.findall(r"Tensor\([^)]*\)", t)
            for i, item in enumerate(v):
                if isinstance(item, list) and len(item) == 6:
                    found.append((item, types[min(i, len(types) - 1)] if types else "Tensor(?)",
                                  shape[i] if isinstance(shape, list) and i < len(shape) else None))
    return found


def _numel(shape: Any) -> int:
    n = 1
    for d in shape if isinstance(shape, list) else []:
        n *= int(d) if isinstance(d, int) else 1
    return n


def _nested_in_aten(node: dict, by_id: dict) -> bool:
    seen = 0
    parent = by_id.get(node.get("ctrl_deps"))
    while parent is not None and seen < 1000:
        name = parent.get("name", "")
        if name.startswith("aten::"):
            return True
        parent = by_id.get(parent.get("ctrl_deps"))
        seen += 1
    return False


# ---------------------------------------------------------------------------------------------
# Replay: the recorded device work, run again on new input values without the candidate's Python
# ---------------------------------------------------------------------------------------------

_REPLAY_SKIP = frozenset(f"aten::{n}" for n in (
    "empty empty_like empty_strided new_empty new_empty_strided random_ normal_ uniform_ bernoulli_ "
    "record_stream set_ resize_ lift lift_fresh lift_fresh_copy _local_scalar_dense item"
).split())


class Replay:
    """Records, in order, the kernel launches and the torch operators a forward runs (operators on
    the calling thread, launches on any), so that `run` can do the same work again after new values
    were copied into the same input buffers, without running the candidate's Python. Work done on
    the host, answers prepared in advance, lookups and caches do not follow the new values: the
    replayed outputs are then wrong. A candidate that pops the recording mode only loses steps,
    which makes its replay wrong, never right."""

    def __init__(self, candidate_file: str | None = None) -> None:
        self.steps: list[tuple] = []
        self.lines: dict[int, int | None] = {}  # step index -> the candidate's line (epilogue-list operators)
        self.candidate_file = candidate_file
        self.launches = 0
        self._listener = _Listener(skip=False, on_launch=lambda name, skipped: None, on_run=self._on_run)
        self._mode: Any = None
        self._lock = threading.Lock()

    def _on_run(self, original: Any, fn: Any, args: tuple, grid: Any, kwargs: dict) -> None:
        with self._lock:
            self.steps.append(("launch", original, fn, args, grid, dict(kwargs)))
            self.launches += 1

    def __enter__(self) -> "Replay":
        from torch.utils._python_dispatch import TorchDispatchMode
        from kagent.verifiers.dispatch_modes import without_dynamo

        from kagent.verifiers import epilogue

        owner = self
        main = threading.get_ident()

        @without_dynamo
        class _Log(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
                kwargs = kwargs or {}
                out = func(*args, **kwargs)
                if not in_launch() and threading.get_ident() == main:
                    if owner.candidate_file and epilogue.is_candidate("aten::" + func._schema.name.split("::")[-1]):
                        owner.lines[len(owner.steps)] = epilogue.candidate_line(owner.candidate_file)
                    owner.steps.append(("op", func, args, kwargs, out))
                return out

        _install(self._listener)
        self._mode = _Log()
        self._mode.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self._mode.__exit__(*exc)
        finally:
            _uninstall(self._listener)

    def run(self) -> None:
        """Do the recorded work again (the caller has refilled the input buffers)."""
        import torch

        with torch.no_grad():
            for step in self.steps:
                if step[0] == "launch":
                    _, original, fn, args, grid, kwargs = step
                    original(fn, *args, grid=grid, warmup=False, **kwargs)
                    continue
                _, func, args, kwargs, out = step
                name = f"aten::{func._schema.name.split('::')[-1]}"
                if name in _REPLAY_SKIP or is_view(func):
                    continue
                res = func(*args, **kwargs)
                if mutates(func):
                    continue
                for o, r in zip(_tensors(out), _tensors(res)):
                    if o.shape == r.shape and o.dtype == r.dtype:
                        o.copy_(r)


def _tensors(x: Any) -> list:
    import torch

    if isinstance(x, torch.Tensor):
        return [x]
    if isinstance(x, (list, tuple)):
        return [t for t in x if isinstance(t, torch.Tensor)]
    return []
