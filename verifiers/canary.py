"""Guard regions and poisoned allocations, used inside the worker process.

Every input the candidate sees lives in the middle of a larger buffer whose guard regions hold a
known fill; every tensor the candidate allocates with torch.empty* is handed out the same way, its
body pre-filled with a poison value. After the call:
- a guard that changed means a write past a tensor's end (out of bounds);
- an output that changes when only the guard fill changes means a read past an input's end;
- an output that changes when only the poison changes means elements the kernel never wrote.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import torch

# Guards must be at least as wide as the largest over-read we expect (one block past the end).
_MIN_GUARD = 4096
_MAX_GUARD = 1 << 20
_ALIGN_BYTES = 128  # keep data pointers as aligned as the caching allocator's (Triton specialises on 16)


@dataclass
class Guarded:
    """A tensor view inside a buffer with guard regions on both sides."""

    name: str
    base: torch.Tensor  # flat buffer
    start: int
    numel: int
    fill: float | int

    def guards_intact(self) -> bool:
        before = self.base[: self.start]
        after = self.base[self.start + self.numel :]
        return _all_fill(before, self.fill) and _all_fill(after, self.fill)

    def first_bad_guard(self) -> int | None:
        """Offset of the first changed guard element relative to the view's start (negative: before)."""
        for region, offset in ((self.base[self.start + self.numel :], self.numel), (self.base[: self.start], -self.start)):
            bad = ~_is_fill(region, self.fill)
            if bool(bad.any()):
                return int(bad.nonzero()[0].item()) + offset
        return None


def guard_size(numel: int, element_size: int) -> int:
    size = min(max(_MIN_GUARD, numel // 4), _MAX_GUARD)
    per = max(1, _ALIGN_BYTES // element_size)
    return int(math.ceil(size / per) * per)


def fill_value(dtype: torch.dtype, kind: str) -> float | int:
    """A fill for a dtype: 'nan' (poison), 'alt' (a second poison) or 'guard' (allocation guards).

    Allocation guards get a value of their own, so that a kernel copying NaN from an input's guard
    into the region past its output's end is still seen writing there.
    """
    if dtype.is_floating_point or dtype.is_complex:
        small = dtype == torch.float16
        value = {"nan": math.nan, "alt": 1.0e4 if small else 7.77e7, "guard": -1.5e3 if small else -3.33e33}[kind]
        top = torch.finfo(dtype).max
        if abs(value) > top:  # fp8 (max 448 / 57344): the largest value and minus half of it are exact
            value = top if kind == "alt" else -top / 2
        return value
    if dtype == torch.bool:
        return kind != "nan"
    info = torch.iinfo(dtype)
    return {"nan": info.min + 7, "alt": info.max - 7, "guard": info.min + 3}[kind]


def _is_fill(t: torch.Tensor, fill: float | int) -> torch.Tensor:
    if isinstance(fill, float) and math.isnan(fill):
        return torch.isnan(t)
    return t == fill


def _all_fill(t: torch.Tensor, fill: float | int) -> bool:
    return t.numel() == 0 or bool(_is_fill(t, fill).all())


def guarded_copy(t: torch.Tensor, name: str, fill_kind: str) -> tuple[torch.Tensor, Guarded]:
    """A contiguous copy of t placed inside guard regions filled per fill_kind."""
    n = t.numel()
    g = guard_size(n, t.element_size())
    fill = fill_value(t.dtype, fill_kind)
    base = torch.full((n + 2 * g,), fill, dtype=t.dtype, device=t.device)
    view = base[g : g + n].view(t.shape)
    view.copy_(t)
    return view, Guarded(name, base, g, n, fill)


class PoisonedAllocator:
    """Replaces torch.empty & co. so that fresh allocations are poisoned and guarded.

    Installed once per worker before the candidate module is imported (so `from torch import
    empty` picks up the wrapper too). The fill kind can be switched per run; every allocation made
    while recording is remembered so its guards can be checked after the call.
    """

    def __init__(self) -> None:
        self.kind = "nan"
        self.recording = False
        self.bypass = False
        self.allocations: list[Guarded] = []
        self._originals: dict[str, object] = {}

    # --- the wrapper -------------------------------------------------------------------------
    def _alloc(self, shape, dtype, device, requires_grad=False, pin_memory=False) -> torch.Tensor:
        orig_empty = self._originals["empty"]
        numel = math.prod(shape)
        if numel == 0 or dtype.is_complex or self.bypass:
            return orig_empty(shape, dtype=dtype, device=device)
        g = guard_size(numel, orig_empty((), dtype=dtype).element_size())
        guard_fill = fill_value(dtype, "guard")
        base = orig_empty((numel + 2 * g,), dtype=dtype, device=device)
        base.fill_(guard_fill)
        view = base[g : g + numel].view(shape)
        view.fill_(fill_value(dtype, self.kind))
        if self.recording:
            self.allocations.append(Guarded(f"alloc{len(self.allocations)}", base, g, numel, guard_fill))
        if requires_grad:
            view.requires_grad_(True)
        return view

    def install(self) -> None:
        if self._originals:
            return
        self._originals = {
            "empty": torch.empty,
            "empty_like": torch.empty_like,
            "empty_strided": torch.empty_strided,
            "new_empty": torch.Tensor.new_empty,
        }
        orig_empty = self._originals["empty"]
        alloc = self._alloc

        def _shape(size) -> tuple[int, ...]:
            if len(size) == 1 and isinstance(size[0], (tuple, list, torch.Size)):
                return tuple(int(s) for s in size[0])
            return tuple(int(s) for s in size)

        def empty(*size, out=None, dtype=None, layout=torch.strided, device=None, requires_grad=False,
                  pin_memory=False, memory_format=None, **kw):
            if out is not None or layout != torch.strided or memory_format not in (None, torch.contiguous_format) or kw:
                return orig_empty(*size, out=out, dtype=dtype, layout=layout, device=device,
                                  requires_grad=requires_grad, pin_memory=pin_memory,
                                  memory_format=memory_format or torch.contiguous_format, **kw)
            return alloc(_shape(size), dtype or torch.get_default_dtype(),
                         torch.device(device) if device is not None else torch.get_default_device(), requires_grad)

        def empty_like(t, *, dtype=None, layout=None, device=None, requires_grad=False,
                       memory_format=torch.preserve_format, **kw):
            if kw or (layout not in (None, torch.strided)) or memory_format not in (
                torch.preserve_format, torch.contiguous_format
            ) or (memory_format == torch.preserve_format and not t.is_contiguous()):
                return self._originals["empty_like"](t, dtype=dtype, layout=layout, device=device,
                                                     requires_grad=requires_grad, memory_format=memory_format, **kw)
            return alloc(tuple(t.shape), dtype or t.dtype, torch.device(device) if device is not None else t.device,
                         requires_grad)

        def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False,
                          pin_memory=False):
            size = tuple(int(s) for s in size)
            contiguous = tuple(int(s) for s in orig_empty(size, device="meta").stride()) if size else ()
            if tuple(int(s) for s in stride) != contiguous:
                return self._originals["empty_strided"](size, stride, dtype=dtype, layout=layout, device=device,
                                                        requires_grad=requires_grad, pin_memory=pin_memory)
            return alloc(size, dtype or torch.get_default_dtype(),
                         torch.device(device) if device is not None else torch.get_default_device(), requires_grad)

        def new_empty(t, *size, dtype=None, device=None, requires_grad=False, **kw):
            if kw:
                return self._originals["new_empty"](t, *size, dtype=dtype, device=device, requires_grad=requires_grad, **kw)
            return alloc(_shape(size), dtype or t.dtype, torch.device(device) if device is not None else t.device,
                         requires_grad)

        torch.empty = empty
        torch.empty_like = empty_like
        torch.empty_strided = empty_strided
        torch.Tensor.new_empty = new_empty

    @contextmanager
    def passthrough(self) -> Iterator[None]:
        """Plain allocations (timing must not charge the candidate for kagent's poisoning)."""
        self.bypass = True
        try:
            yield
        finally:
            self.bypass = False

    @contextmanager
    def recording_run(self, kind: str) -> Iterator[list[Guarded]]:
        self.kind, self.recording, self.allocations = kind, True, []
        try:
            yield self.allocations
        finally:
            self.recording = False
            self.kind = "nan"
