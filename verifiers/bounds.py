"""A bounds check for the Triton CPU interpreter, installed inside the candidate's worker.

The interpreter (TRITON_INTERPRET=1) executes every `tl.load`/`tl.store`/atomic on numpy arrays of
absolute addresses and does not check them: an unmasked read past a tensor's end returns garbage
(which a masked store may then drop, so no output shows it), a far one kills the process. Here
every memory access of a launch is checked, vectorised, against the memory that launch was given:

- the launch's tensor arguments (also inside tuples, `TensorDescriptor`s and reinterpret wrappers);
- for each, its whole storage, except where the storage is one of kagent's guarded buffers (guarded
  inputs, poisoned allocations, see canary.py): there only the tensor's own span is valid, so a
  read into a guard region is out of bounds however its result is used.

Masked-off lanes are excluded. The first bad access raises `OutOfBoundsAccess` (before the memory
is touched) and is remembered, so a candidate that swallows the exception is still reported; the
harness turns it into an `out_of_bounds` finding with kernel, source line, program, lane and
offset. Works on triton 3.6 and 3.7: both funnel loads and stores through
`InterpreterBuilder.create_masked_load`/`create_masked_store` (plain, block-pointer and descriptor
accesses alike), atomics through `create_atomic_rmw`/`create_atomic_cas`, and launches through
`GridExecutor` (`_init_args_hst` makes the host arguments the kernel sees).
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from contextlib import contextmanager
from typing import Any, Iterable, Iterator, Literal

import numpy as np
from pydantic import BaseModel

Access = Literal["load", "store", "atomic_rmw", "atomic_cas"]
_U64_MAX = np.iinfo(np.uint64).max


class Violation(BaseModel):
    """The first out-of-bounds access of a run, with where it happened."""

    access: Access
    kernel: str
    file: str | None = None
    line: int | None = None
    source: str | None = None
    program: list[int]
    lane: list[int]
    lanes_bad: int
    address: int
    element_bytes: int
    nearest_arg: str | None = None
    offset_elements: int | None = None
    arg_elements: int | None = None

    def describe(self) -> str:
        where = f"{os.path.basename(self.file)}:{self.line}" if self.file else "unknown line"
        verb = {"load": "reads", "store": "writes", "atomic_rmw": "updates atomically", "atomic_cas": "swaps atomically"}[self.access]
        what = f"address {self.address:#x}"
        if self.nearest_arg is not None:
            what = (f"element {self.offset_elements} of `{self.nearest_arg}` "
                    f"(which holds {self.arg_elements} elements)")
        return (f"out-of-bounds {self.access} in kernel `{self.kernel}` ({where}): program "
                f"{tuple(self.program)}, lane {tuple(self.lane)} {verb} {what}; {self.lanes_bad} lane(s) of this "
                f"access are outside every tensor the launch was given")

    def error_event(self) -> dict[str, Any]:
        """The harness's error record for this case (verify turns it into a finding)."""
        return {
            "failure_class": "out_of_bounds", "type": "OutOfBoundsAccess", "message": self.describe(),
            "traceback": f"  File \"{self.file}\", line {self.line}, in {self.kernel}\n    {self.source or ''}\n",
            "check": "interpreter.bounds", "evidence": self.model_dump(),
        }


class OutOfBoundsAccess(RuntimeError):
    def __init__(self, violation: Violation):
        super().__init__(violation.describe())
        self.violation = violation


class _Arg:
    __slots__ = ("name", "start", "elsize", "numel")

    def __init__(self, name: str, start: int, elsize: int, numel: int):
        self.name, self.start, self.elsize, self.numel = name, start, elsize, numel


class _Launch:
    """The valid address intervals of one launch, merged and sorted for searchsorted."""

    def __init__(self, kernel: str, code_file: str | None, intervals: list[tuple[int, int]], args: list[_Arg]):
        self.kernel, self.code_file, self.args = kernel, code_file, args
        merged: list[list[int]] = []
        for lo, hi in sorted(i for i in intervals if i[1] > i[0]):
            if merged and lo <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        self.spans = [(lo, hi) for lo, hi in merged]
        self.starts = np.array([lo for lo, _ in merged], dtype=np.uint64)
        self.ends = np.array([hi for _, hi in merged], dtype=np.uint64)


class _State(threading.local):
    def __init__(self) -> None:
        self.launch: _Launch | None = None
        self.guard_sources: list[tuple[Iterable, Iterable]] = []
        self.first: Violation | None = None


_state = _State()
_installed = False
_enabled = True  # benchmarks/verify_speed.py --bounds-cost toggles it to time the same calls with and without
_TRITON_DIR: str | None = None
_patched: list[tuple[type, str, object]] = []  # (class, method, the check's wrapper), for intact()


# --- what the harness calls ---------------------------------------------------------------------


def install() -> bool:
    """Patch the interpreter (idempotent). False when Triton or its interpreter is not there."""
    global _installed, _TRITON_DIR
    if _installed:
        return True
    try:
        import triton
        from triton.runtime import interpreter as ti
    except ImportError:
        return False
    _TRITON_DIR = os.path.dirname(os.path.abspath(triton.__file__)) + os.sep
    builder, grid = ti.InterpreterBuilder, ti.GridExecutor
    for cls, name in ((builder, "create_masked_load"), (builder, "create_masked_store"), (builder, "create_atomic_rmw"),
                      (builder, "create_atomic_cas"), (grid, "_init_args_hst"), (grid, "__call__")):
        if not callable(getattr(cls, name, None)):
            return False  # an interpreter this module does not know: leave it alone
    load, store = builder.create_masked_load, builder.create_masked_store
    rmw, cas = builder.create_atomic_rmw, builder.create_atomic_cas
    init_args, call = grid._init_args_hst, grid.__call__

    def create_masked_load(self, ptrs, mask, other, *rest, **kw):
        _check("load", ptrs, mask)
        return load(self, ptrs, mask, other, *rest, **kw)

    def create_masked_store(self, ptrs, value, mask, *rest, **kw):
        _check("store", ptrs, mask)
        return store(self, ptrs, value, mask, *rest, **kw)

    def create_atomic_rmw(self, op, ptr, val, mask, *rest, **kw):
        _check("atomic_rmw", ptr, mask)
        return rmw(self, op, ptr, val, mask, *rest, **kw)

    def create_atomic_cas(self, ptr, cmp, val, *rest, **kw):
        _check("atomic_cas", ptr, None)
        return cas(self, ptr, cmp, val, *rest, **kw)

    def _init_args_hst(self, args_dev, kwargs):
        args_hst, kwargs_hst = init_args(self, args_dev, kwargs)
        _state.launch = _launch_of(self, args_hst, kwargs_hst)
        return args_hst, kwargs_hst

    def __call__(self, *args, **kwargs):
        previous = _state.launch
        try:
            return call(self, *args, **kwargs)
        except Exception as exc:
            oob = _oob_cause(exc)
            if oob is not None and oob is not exc:
                raise oob from None
            raise
        finally:
            _state.launch = previous

    builder.create_masked_load, builder.create_masked_store = create_masked_load, create_masked_store
    builder.create_atomic_rmw, builder.create_atomic_cas = create_atomic_rmw, create_atomic_cas
    grid._init_args_hst, grid.__call__ = _init_args_hst, __call__
    _patched[:] = [(builder, "create_masked_load", create_masked_load), (builder, "create_masked_store", create_masked_store),
                   (builder, "create_atomic_rmw", create_atomic_rmw), (builder, "create_atomic_cas", create_atomic_cas),
                   (grid, "_init_args_hst", _init_args_hst), (grid, "__call__", __call__)]
    _installed = True
    return True


def intact() -> bool:
    """Installed, switched on, and every patched method of the interpreter still the check's own."""
    return _installed and _enabled and all(getattr(cls, name, None) is fn for cls, name, fn in _patched)


@contextmanager
def kagent_buffers(input_guards: Iterable, allocations: Iterable) -> Iterator[None]:
    """While inside: the storages of these guarded buffers (canary.Guarded: inputs, and the list the
    poisoned allocator fills during the call) count only for the span of the tensors placed in them."""
    _state.guard_sources.append((input_guards, allocations))
    try:
        yield
    finally:
        _state.guard_sources.pop()


def set_enabled(on: bool) -> None:
    """Switch the checks of an installed hook off and on (for measuring what they cost)."""
    global _enabled
    _enabled = on


def pending() -> bool:
    """Whether a violation is waiting to be taken."""
    return _state.first is not None


def take_violation() -> Violation | None:
    """The first violation since the last call (and forget it)."""
    v, _state.first = _state.first, None
    return v


# --- the check ----------------------------------------------------------------------------------


def _oob_cause(exc: BaseException | None) -> OutOfBoundsAccess | None:
    seen = 0
    while exc is not None and seen < 16:
        if isinstance(exc, OutOfBoundsAccess):
            return exc
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return None


def _check(access: Access, ptrs, mask) -> None:
    launch = _state.launch
    if launch is None or not _enabled:
        return
    addrs = ptrs.data
    if addrs.dtype != np.uint64:
        return  # a block pointer or something else without raw addresses: nothing to check here
    m = None
    if mask is not None:
        m = mask.data
        if m.shape != addrs.shape:
            m = np.broadcast_to(m, addrs.shape)
        if m.dtype != np.bool_:
            m = m.astype(bool)
    size = max(1, ptrs.get_element_ty().primitive_bitwidth // 8)
    # Fast path: the smallest and largest active address fall inside one valid interval.
    if m is None:
        if addrs.size == 0:
            return
        lo, hi = int(addrs.min()), int(addrs.max())
    else:
        lo = int(addrs.min(where=m, initial=_U64_MAX))
        hi = int(addrs.max(where=m, initial=0))
        if lo > hi:
            return  # every lane masked off
    for start, end in launch.spans:
        if start <= lo and hi <= end - size:
            return
    # Slow path: every active lane.
    idx = np.searchsorted(launch.starts, addrs, side="right").astype(np.int64) - 1
    inside = idx >= 0
    ends = launch.ends[np.clip(idx, 0, None)] if len(launch.ends) else np.zeros_like(addrs)
    ok = inside & (addrs <= ends - np.uint64(size)) & (ends >= np.uint64(size))
    bad = ~ok if m is None else (m & ~ok)
    count = int(bad.sum())
    if count == 0:
        return
    lane = [int(i) for i in np.argwhere(bad)[0]]
    address = int(addrs[tuple(lane)])
    violation = _violation(access, launch, lane, address, size, count)
    if _state.first is None:
        _state.first = violation
    raise OutOfBoundsAccess(violation)


def _violation(access: Access, launch: _Launch, lane: list[int], address: int, size: int, count: int) -> Violation:
    from triton.runtime import interpreter as ti

    program = list(getattr(ti.interpreter_builder, "grid_idx", None) or (0, 0, 0))
    file, line, source = _kernel_line(launch.code_file)
    nearest, best = None, None
    for arg in launch.args:
        end = arg.start + arg.numel * arg.elsize
        distance = arg.start - address if address < arg.start else max(0, address + size - end)
        if best is None or distance < best:
            nearest, best = arg, distance
    offset = None if nearest is None else (address - nearest.start) // nearest.elsize
    return Violation(access=access, kernel=launch.kernel, file=file, line=line, source=source, program=program,
                     lane=lane, lanes_bad=count, address=address, element_bytes=size,
                     nearest_arg=nearest.name if nearest else None, offset_elements=offset,
                     arg_elements=nearest.numel if nearest else None)


def _kernel_line(code_file: str | None) -> tuple[str | None, int | None, str | None]:
    """The innermost frame in the kernel's own file (a jitted helper there counts), else the innermost
    frame outside Triton and this module."""
    frame = sys._getframe(2)
    fallback = None
    while frame is not None:
        name = frame.f_code.co_filename
        if code_file and name == code_file:
            fallback = frame
            break
        if fallback is None and name != __file__ and not (_TRITON_DIR and name.startswith(_TRITON_DIR)):
            fallback = frame
        frame = frame.f_back
    if fallback is None:
        return None, None, None
    summary = traceback.extract_stack(fallback, limit=1)[-1]
    return summary.filename, summary.lineno, (summary.line or "").strip() or None


# --- the launch's memory ------------------------------------------------------------------------


def _guarded_storages() -> set[int]:
    out: set[int] = set()
    for inputs, allocations in _state.guard_sources:
        for g in (*inputs, *allocations):
            base = getattr(g, "base", None)
            if base is not None:
                out.add(base.untyped_storage().data_ptr())
    return out


def _tensors(name: str, value: Any, out: list) -> None:
    if isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            _tensors(f"{name}[{i}]", v, out)
        return
    base = getattr(value, "base", None)  # TensorDescriptor, triton's reinterpret wrapper
    if not hasattr(value, "data_ptr") and base is not None:
        value = base
    elif hasattr(value, "data_ptr") and not hasattr(value, "untyped_storage") and base is not None:
        value = base
    if hasattr(value, "data_ptr") and hasattr(value, "untyped_storage"):
        out.append((name, value))


def _launch_of(executor, args_hst, kwargs_hst) -> _Launch:
    fn = executor.fn
    names = list(getattr(executor, "arg_names", []) or [])
    found: list = []
    for i, a in enumerate(args_hst):
        _tensors(names[i] if i < len(names) else f"arg{i}", a, found)
    for k, v in kwargs_hst.items():
        _tensors(k, v, found)
    guarded = _guarded_storages() if found and _state.guard_sources else set()
    intervals, args = [], []
    for name, t in found:
        elsize = t.element_size()
        ptr = t.data_ptr()
        storage = t.untyped_storage()
        if storage.data_ptr() not in guarded and storage.nbytes() > 0:
            intervals.append((storage.data_ptr(), storage.data_ptr() + storage.nbytes()))
        if t.numel() > 0:
            low = sum(min(0, (s - 1) * st) for s, st in zip(t.shape, t.stride()))
            high = sum(max(0, (s - 1) * st) for s, st in zip(t.shape, t.stride()))
            intervals.append((ptr + low * elsize, ptr + (high + 1) * elsize))
        args.append(_Arg(name, ptr, elsize, t.numel()))
    code = getattr(fn, "__code__", None)
    return _Launch(getattr(fn, "__name__", "?"), code.co_filename if code else None, intervals, args)
