"""The worker process: runs the reference or the candidate on the input suite.

Started by verifiers/verify.py through tools/sandbox.py as `python -m kagent.verifiers.harness`; reads a job
(JSON) from stdin, writes events (one JSON object a line, flushed) and tensors (torch.save) into
the job's out_dir. The parent judges; this process only runs and records, so that a candidate that
hangs, segfaults or corrupts memory takes nothing but this process down.

Reference jobs run BEFORE and APART from candidate jobs: the candidate's process never holds the
reference's outputs, so uninitialised memory cannot hand them back.
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import sys
import time
import traceback
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from kagent.verifiers import (bounds, casefiles, interpreter_speed, perturb, saturation, shape_domain, suite_boundaries,
                              suite_ties)

Emit = Callable[..., None]


# --- helpers shared by both jobs ----------------------------------------------------------------


def _seed_all(seed: int) -> None:
    import numpy as np
    import torch

    random.seed(seed)
    np.random.seed(seed % (2**32))
    torch.manual_seed(seed)


def _pin_precision() -> None:
    """The float32 baseline: no TF32 anywhere, so a candidate's precision drop cannot hide."""
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False


def _outputs(result: Any) -> list:
    import torch

    items = list(result) if isinstance(result, (tuple, list)) else [result]
    out = []
    for item in items:
        if isinstance(item, torch.Tensor):
            out.append(item)
        elif isinstance(item, (int, float, bool)):
            out.append(torch.tensor(item))
        else:
            raise TypeError(f"forward returned {type(item).__name__}; expected tensors")
    return out


def _plain(t):
    """A CPU copy as a plain torch.Tensor: a candidate's tensor subclass must not reach the parent's
    unpickler (the parent loads with weights_only=True)."""
    import torch

    t = t.detach()
    if type(t) is not torch.Tensor:
        t = t.as_subclass(torch.Tensor)
    return t.cpu().clone()


def _sync(device: str) -> None:
    if device == "cuda":
        import torch

        torch.cuda.synchronize()


def _classify_exception(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    name = type(exc).__name__
    if name in ("CompilationError", "CompileError") or "Error building extension" in text:
        return "compile_error"
    if "nvcc" in text and "error" in text.lower():
        return "compile_error"
    if "has no attribute" in text and "module 'triton" in text:
        return "compile_error"  # an invented or renamed Triton API (the interpreter wraps it)
    if "CUDA error" in text or "illegal memory access" in text or "CUDA_ERROR" in text:
        return "crash"
    return "runtime_error"


def _error_event(exc: BaseException) -> dict:
    tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return {
        "failure_class": _classify_exception(exc),
        "type": type(exc).__name__,
        "message": str(exc)[:2000],
        "traceback": "".join(tb)[-4000:],
    }


def _same(a, b) -> tuple[bool, int]:
    """Bitwise equality with NaN == NaN; returns (equal, number of differing elements)."""
    import torch

    if a.shape != b.shape or a.dtype != b.dtype:
        return False, max(a.numel(), b.numel())
    if a.dtype.is_floating_point:
        eq = (a == b) | (torch.isnan(a) & torch.isnan(b))
    else:
        eq = a == b
    diff = int((~eq).sum().item())
    return diff == 0, diff


class _Modules:
    """Executes a problem file once per distinct set of shape overrides."""

    def __init__(self, path: Path, prefix: str, apply_overrides: bool):
        self.path, self.prefix, self.apply = path, prefix, apply_overrides
        self._cache: dict[tuple, Any] = {}

    def get(self, overrides: dict[str, int]):
        from kagent.tools.problem import exec_module

        key = tuple(sorted(overrides.items())) if self.apply else ()
        if key not in self._cache:
            name = f"{self.prefix}_{len(self._cache)}"
            self._cache[key] = exec_module(self.path, name, dict(key) if key else None)
        return self._cache[key]


# --- the reference job --------------------------------------------------------------------------


_DOMAIN_MIN_NUMEL = 16  # an input this large and never negative is read as a non-negative domain


def _nonnegative_domain(t) -> bool:
    """An input the problem never makes negative (prices, variances, yields, uniform draws)."""
    return t.numel() >= _DOMAIN_MIN_NUMEL and bool((t >= 0).all())


def _own_kernels(module) -> frozenset[str]:
    """The `__global__` kernels the candidate's file (and CUDA sources beside it) declares."""
    from kagent.verifiers import traps

    path = getattr(module, "__file__", None)
    if not path:
        return frozenset()
    here = Path(path)
    texts = []
    for f in [here, *sorted(here.parent.glob("*.cu")), *sorted(here.parent.glob("*.cuh"))]:
        try:
            texts.append(f.read_text(errors="replace"))
        except OSError:
            continue
    return traps.own_kernel_names("\n".join(texts))


def _transform(inputs: list, transform: str | None, planted: list[float] | None = None) -> list:
    import torch

    if transform in (None, "unsaturate"):  # unsaturate: moved with the reference at hand (_unsaturated)
        return inputs
    out = []
    for t in inputs:
        if not (isinstance(t, torch.Tensor) and t.dtype.is_floating_point) or _discrete(t):
            out.append(t)
            continue
        if transform == "scale_small":
            t = t * 1e-3
        elif transform == "scale_large":
            t = t * 1e3
        elif transform == "offset":
            t = _zeros_kept(t, t + 3.0 * max(float(t.float().std()) if t.numel() > 1 else 1.0, 1e-3))
        elif transform == "negative":
            # an input the problem never makes negative (prices, variances, uniform draws) stays: a
            # max started at 0 is right on its domain (a small one may be positive by chance)
            t = t if _nonnegative_domain(t) else -t.abs()
        elif transform == "special_values":
            t = _with_special_values(t, len(out))
        elif transform == "mean_1e3":  # unit spread around 1e3: cancellation in E[x^2]-E[x]^2 and friends
            t = _zeros_kept(t, (t - t.float().mean().to(t.dtype)) + 1e3 if t.numel() > 1 else t + 1e3)
        elif transform == "beyond_fp16":  # magnitudes past float16's range (a clamp at 65504)
            peak = float(t.abs().max()) if t.numel() else 0.0
            t = t * (1e5 / peak) if peak > 0 else t
        elif transform in ("ties", "ties_values"):
            t = suite_ties.with_ties(t, len(out))
        elif transform == "boundaries":
            # thresholds are planted in the input's domain: a yield the problem never makes negative gets
            # no -100.0 (its discount factor (1 + y)^-k would be a real power of a negative base)
            values = [v for v in planted or [] if v >= 0 or not _nonnegative_domain(t)]
            t = suite_boundaries.with_boundaries(t, values, len(out))
        out.append(t.contiguous())
    return out


_STRUCTURAL_ZEROS = 0.125  # continuous random data holds no exact zeros; a triangle, a band, padding does


def _zeros_kept(t, moved):
    """`moved` (t shifted by an offset) with t's exact zeros kept where they are a structure (at least
    1/8 of the elements: an upper-triangular matrix, a banded or padded input): the shift tests large
    means, and a kernel that skips the structure's zeros, as the problem's inputs allow, is not wrong."""
    import torch

    if t.numel() > 1 and float((t == 0).float().mean()) >= _STRUCTURAL_ZEROS:
        return torch.where(t == 0, t, moved)
    return moved


_DISCRETE_MAX = 2.0**16  # integers up to here stored as floats: labels, +-1 targets, masks, class ids, counts


def _discrete(t) -> bool:
    """A float tensor of small integers only (0/1 labels and masks, +-1 targets, one-hot rows, class
    ids or counts stored as floats): data of a discrete domain that the value stresses leave as it
    is (-1 labels or 1e3-scaled masks are inputs no caller passes, and an honest kernel that relies
    on the domain, e.g. clamps 1 - p_t or tests y > 0 where the reference tests y == 1, is not wrong
    for it). Continuous data is never all integers."""
    import torch

    return t.numel() > 1 and _exact(t)


def _exact(t) -> bool:
    """Every element a finite integer of magnitude at most _DISCRETE_MAX: a float32 kernel reads these
    exactly, so they carry no rounding error of their own."""
    import torch

    return t.numel() > 0 and bool(torch.all(torch.isfinite(t))) and bool(torch.all(t == torch.round(t))) \
        and float(t.abs().max()) <= _DISCRETE_MAX


_GRID_BITS = 6  # a float input on the 1/64 grid: quantised on purpose (prices in eighths, coordinates in halves)
_GRID_MAX = 1024.0  # and below this: at most 16 significant bits, so sums and differences of a few stay exact


def _on_grid(t) -> bool:
    """Every element finite, a multiple of 2**-_GRID_BITS and of magnitude below _GRID_MAX: a problem that
    quantises its inputs so (exact sums, ties it means to make: Renko prices in eighths that move exactly one
    brick) is read exactly by a float32 kernel, and its ties are the problem's, not rounding noise. Random
    continuous data is never all on such a grid (6 of the 1 041 blind-set problems draw such inputs). Large
    grid values stay moved: scores of 4000 and 4000.5, scaled and rounded inside an honest softmax, carry the
    rounding the moves measure (tests/unit/test_oracle.py)."""
    import torch

    if t.numel() <= 1 or not t.dtype.is_floating_point:
        return False
    x = t.double()
    scaled = x * 2.0**_GRID_BITS
    return bool(torch.all(torch.isfinite(x))) and bool(torch.all(scaled == torch.round(scaled))) \
        and float(x.abs().max()) < _GRID_MAX


def _with_special_values(t, index: int):
    """A copy with one -inf, one +inf and one NaN at fixed positions: few enough that most rows and
    columns of a reduction stay finite (the elements that are judged).

    A special value replaces the value it lands on everywhere that value occurs (when it occurs in
    at most 1/16 of the tensor): an input that holds a value more than once by construction keeps
    that structure (a rotary table `cat([angles, angles])`, which kernels read one half of, as
    Liger's and HF's do); random data holds no repeats, so there it is one element as before.

    A structure of exact zeros (an ELLPACK matrix's unused slots, a triangle's other half: see
    _zeros_kept) is not a place for them: a NaN in a slot the format says holds 0 is an input no caller
    passes, and a kernel that masks the slot's gathered operand (0 * NaN) is not wrong for it. Which
    elements are structure depends on the seed's data; judging there made the verdict on one honest
    kernel depend on the seed (blind set 25's ELLPACK twin)."""
    import torch

    t = t.clone()
    flat = t.view(-1)
    if flat.numel() < 8:
        return t
    draw = torch.Generator().manual_seed(1234 + index)
    if float((flat == 0).float().mean()) >= _STRUCTURAL_ZEROS:
        live = torch.nonzero(flat != 0).view(-1)
        if live.numel() < 3:
            return t
        pos = live[torch.randperm(live.numel(), generator=draw)[:3]]
    else:
        pos = torch.randperm(flat.numel(), generator=draw)[:3]
    original = flat.clone()
    for p, v in zip(pos.tolist(), (float("-inf"), float("inf"), float("nan"))):
        same = original == original[p]
        if torch.isfinite(original[p]) and int(same.sum()) <= max(1, flat.numel() // 16):
            flat[same & torch.isfinite(flat)] = v
        flat[p] = v
    return t


def _to(x, device: str):
    import torch

    return x.to(device) if isinstance(x, torch.Tensor) else x


def _copy_to(x, device: str):
    """A private copy on `device`: a reference that writes into its inputs must not change the
    inputs kagent saves for the candidate, nor those of the float64 run."""
    import torch

    return x.to(device, copy=True) if isinstance(x, torch.Tensor) else x


def _double(x):
    import torch

    return x.double() if isinstance(x, torch.Tensor) and x.dtype.is_floating_point else x


_EPS32 = 1.1920928955078125e-07
_SENS_EXTRA_S = 0.1  # the sensitivity's extra moves, together, cost at most this (a slow reference gets none)
_NEIGHBOUR_S = 0.5  # the reference's float32 error next door is measured where it costs at most this


def _neighbour_error(model, model64, inputs: list, signs: list, device: str, alts: list | None = None) -> list:
    """The reference's own float32 error at a neighbouring input (each float input moved by one
    rounding, then held in its dtype): how far float32 arithmetic lands from the truth there. Moving
    the inputs cannot show the rounding inside a scale-free result (1 - cos of two parallel vectors
    is 0 for every input, and a float32 kernel gets an ulp of 1); the reference's luck at one input
    (exact here) is not every honest kernel's."""
    import torch

    near = [x if sg is None else (x.double() * (1 + _EPS32 * sg)).to(x.dtype) for x, sg in zip(inputs, signs)]
    with torch.no_grad():
        outs32 = _outputs(model(*[_copy_to(x, device) for x in near]))
        with _Float64Everywhere():
            outs64 = _outputs(model64(*[_double(_copy_to(x, device)) for x in near]))
    if alts is not None:  # an integer result of float32 arithmetic next door (an argmax of two close scores)
        for k, a in enumerate(outs32):
            if k < len(alts) and isinstance(a, torch.Tensor) and not a.dtype.is_floating_point:
                alts[k].append(a.cpu())
    return [(a.double().cpu() - b.double().cpu()).abs().nan_to_num(0.0, 0.0, 0.0)
            if isinstance(a, torch.Tensor) and a.dtype.is_floating_point and a.shape == b.shape else None
            for a, b in zip(outs32, outs64)]


_ALT_WIDE = 8.0  # the integer outputs' extra move: this many float32 roundings (a float32 sum's error spans several)
_ALT_MAX_NUMEL = 1 << 22  # integer outputs larger than this keep no alternatives


def _sensitivity(model64, inputs: list, outs64: list, device: str, seed: int, fixed: list | None = None,
                 model=None, alternatives: bool = True) -> list | None:
    """How much the float64 result moves when every floating input moves by one float32 rounding.

    That is the error a correct kernel computing in float32 cannot avoid (the problem's
    conditioning): the oracle never demands more accuracy than this. Inputs of small integers
    (labels, +-1 targets, masks) and inputs on a coarse grid (_on_grid) do not move: a kernel reads them exactly,
    and moved they flip the reference's `y == 1` tests, which made every output of such a problem "within
    tolerance"; nor do
    the elements `fixed` marks (the boundaries case's planted thresholds, for the same reason). With
    the float32 `model`, also the reference's own float32 error at the randomly moved input. First a move with a random sign
    per element; then, while they are cheap (_SENS_EXTRA_S in all), moves whose sign is bit k of the
    element's index (k = 0..7), the largest effect kept per element. With
    random signs alone, an output that depends on a difference of two inputs (a softmax row with two
    close scores) sees both move the same way half the time and measures ~0 there, where a kernel that
    rounds each scaled score (a folded 1/sqrt(d) * log2(e)) errs the most; two elements whose indices
    differ in a low bit move apart in one of the bit moves.

    An integer output (an argmax, a bucket id, a comparison) has no error to allow: its entry holds
    instead the values the moved runs give, stacked ([k, *shape]), the float64 truth's first, plus one
    move of _ALT_WIDE roundings. Where two scores nearly tie, an honest float32 kernel may return
    either index; the oracle accepts any of them (not at ties the suite planted: `alternatives` off).
    """
    import torch

    gen = torch.Generator().manual_seed(seed + 17)
    # inputs on a coarse grid do not move either: their exact ties are the problem's (see _on_grid)
    floating = [isinstance(x, torch.Tensor) and x.dtype.is_floating_point and not _exact(x) and not _on_grid(x)
                for x in inputs]
    random_signs = [torch.randint(0, 2, x.shape, generator=gen).double() * 2 - 1 if f else None
                    for x, f in zip(inputs, floating)]

    if fixed is not None:  # planted elements do not move
        random_signs = [sg if sg is None or m is None else torch.where(m, torch.zeros_like(sg), sg)
                        for sg, m in zip(random_signs, fixed)]

    ints = [alternatives and not o.dtype.is_floating_point and o.numel() <= _ALT_MAX_NUMEL for o in outs64]
    alts: list[list] = [[o.cpu()] if i else [] for o, i in zip(outs64, ints)]

    def moved(signs: list, scale: float = 1.0) -> list:
        if fixed is not None:
            signs = [sg if sg is None or m is None else torch.where(m, torch.zeros_like(sg), sg)
                     for sg, m in zip(signs, fixed)]
        perturbed = [_copy_to(x.double() * (1 + scale * _EPS32 * sg) if sg is not None else x, device)
                     for x, sg in zip(inputs, signs)]
        with torch.no_grad(), _Float64Everywhere():
            outs = _outputs(model64(*perturbed))
        for k, p in enumerate(outs):
            if k < len(ints) and ints[k] and isinstance(p, torch.Tensor) and p.shape == outs64[k].shape:
                alts[k].append(p.cpu())
        return [(p.double() - o).abs().cpu() if o.dtype.is_floating_point else None for p, o in zip(outs, outs64)]

    clock = time.monotonic()
    sens = moved(random_signs)
    one = time.monotonic() - clock  # what one more move costs: the extra moves together stay under _SENS_EXTRA_S
    if model is not None and 2 * one <= _NEIGHBOUR_S:  # a float32 and a float64 call: a slow reference gets none
        try:
            sens = [a if a is None or b is None else torch.maximum(a, b)
                    for a, b in zip(sens, _neighbour_error(model, model64, inputs, random_signs, device,
                                                           alts if any(ints) else None))]
        except Exception:  # an allowance: without it the oracle is stricter, not blind
            pass
    if any(ints) and one <= _NEIGHBOUR_S:
        moved(random_signs, _ALT_WIDE)
    clock = time.monotonic()
    for bit in range(8):
        if time.monotonic() - clock + one > _SENS_EXTRA_S:
            break
        signs = [((torch.arange(x.numel()).reshape(x.shape) >> bit) & 1).double() * 2 - 1 if f else None
                 for x, f in zip(inputs, floating)]
        sens = [a if a is None or b is None else torch.maximum(a, torch.where(torch.isfinite(b), b, torch.zeros_like(b)))
                for a, b in zip(sens, moved(signs))]
    return [_stacked(a) if i else s for s, a, i in zip(sens, alts, ints)]


def _stacked(values: list) -> Any:
    """The distinct integer results of the moved runs, stacked; None where they all agree with the truth."""
    import torch

    distinct: list = []
    for v in values:
        if v.shape == values[0].shape and not any(torch.equal(v, d) for d in distinct):
            distinct.append(v)
    return torch.stack(distinct) if len(distinct) > 1 else None


def _with_accumulation(sens: list | None, model, inputs: list, outs64: list, device: str) -> list | None:
    """`sens` raised to the error of a float32 accumulation (verifiers/accumulation.py) where the
    reference's sums, means and scans accumulate in double."""
    import torch

    from kagent.verifiers.accumulation import float32_accumulation

    if sens is None:
        return None
    sim = float32_accumulation(model, [_copy_to(x, device) for x in inputs],
                               lambda m, xs: _outputs(m(*xs)))
    if sim is None:
        return sens
    out = []
    for s, a, o in zip(sens, sim, outs64):
        if s is None or not isinstance(a, torch.Tensor) or a.shape != o.shape or not a.dtype.is_floating_point:
            out.append(s)
            continue
        err = (a.double().cpu() - o.double().cpu()).abs()
        out.append(torch.maximum(s, torch.where(torch.isfinite(err), err, torch.zeros_like(err))))
    return out


class _Float64Everywhere:
    """The float64 truth computes in float64 throughout: tensors the reference makes in float32 by
    name (`torch.arange(s, dtype=torch.float32)`, `.float()`) are made in float64 here. Otherwise the
    truth shares the reference's float32 rounding of them (a rotary angle `pos * inv_freq`, whose
    error grows with the position), and a kernel rounding them another way looks 100x less accurate
    than a reference that is in fact as inexact. float16 and bfloat16 stay (a deliberate quantization)."""

    def __enter__(self):
        import torch
        from torch.utils._python_dispatch import TorchDispatchMode
        from kagent.verifiers.dispatch_modes import without_dynamo

        @without_dynamo
        class _Upcast(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
                kwargs = kwargs or {}
                if kwargs.get("dtype") == torch.float32:
                    kwargs = {**kwargs, "dtype": torch.float64}
                return func(*args, **kwargs)

        self._mode = _Upcast()
        self._mode.__enter__()
        return self

    def __exit__(self, *exc):
        self._mode.__exit__(*exc)


class _NanOrders:
    """The float64 reference with its orders propagating a NaN: a slice that holds one gives NaN values from
    topk, sort and kthvalue (torch places a NaN past every number there, so it never reaches the smallest k;
    a kernel's running `tl.minimum` over the same candidates propagates it). Which elements then hold NaN
    is where a NaN takes part in an order (`_special_reach`)."""

    def __enter__(self):
        import torch
        from torch.utils._python_dispatch import TorchDispatchMode
        from kagent.verifiers.dispatch_modes import without_dynamo

        aten = torch.ops.aten
        dims = {aten.topk.default: 2, aten.sort.default: 1, aten.sort.stable: None, aten.kthvalue.default: 2}

        @without_dynamo
        class _Propagate(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
                kwargs = kwargs or {}
                out = func(*args, **kwargs)
                x = args[0] if args else None
                if func not in dims or not isinstance(x, torch.Tensor) or not x.is_floating_point() or x.dim() == 0:
                    return out
                at = dims[func]
                dim = kwargs.get("dim", args[at] if at is not None and len(args) > at else -1)
                keep = func is not aten.kthvalue.default or kwargs.get("keepdim", args[3] if len(args) > 3 else False)
                hit = torch.isnan(x).any(dim=dim, keepdim=bool(keep))  # broadcast over the order's dim
                return (torch.where(hit, torch.full_like(out[0], math.nan), out[0]), *out[1:])

        self._mode = _Propagate()
        self._mode.__enter__()
        return self

    def __exit__(self, *exc):
        self._mode.__exit__(*exc)


class _OpNames:
    """The torch operators the (trusted) reference runs, by name (a dispatch mode on this thread); with its
    file named, also the signs of sizes outside its domain it shows, by its line (verifiers/shape_domain.py)."""

    def __init__(self, filename: str = ""):
        self.filename = filename

    def __enter__(self):
        import torch
        from torch.overrides import TorchFunctionMode
        from torch.utils._python_dispatch import TorchDispatchMode
        from kagent.verifiers.dispatch_modes import without_dynamo

        seen = self.seen = set()
        signs = self.signs = set()
        filename = self.filename

        @without_dynamo
        class _Names(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                seen.add(f"aten::{func._schema.name.split('::')[-1]}")
                out = func(*args, **(kwargs or {}))
                if filename:
                    signs.update(shape_domain.stretches(func, args, out, filename))
                return out

        class _Slices(TorchFunctionMode):  # a slice past the end leaves no operator to see
            def __torch_function__(self, func, types, args=(), kwargs=None):
                if func is torch.Tensor.__getitem__ and len(args) == 2:
                    signs.update(shape_domain.clamps(args[0], args[1], filename))
                return func(*args, **(kwargs or {}))

        self._modes = [_Names(), *([_Slices()] if filename else [])]
        for mode in self._modes:
            mode.__enter__()
        return self

    def __exit__(self, *exc):
        for mode in reversed(self._modes):
            mode.__exit__(*exc)


class _Skip(Exception):
    """This case (or this variant of a shape case) is not run; the message says why."""


class _Unneeded(_Skip):
    """A case with nothing to test on this problem (the unsaturated case where the reference reads every
    input): not run, and not reported as a check left out."""


class _TooLarge(_Skip):
    """This shape case's inputs or outputs are past the limit: its fallbacks only grow sizes (the divisible
    variants past the cap, the full sizes of what the case made lighter), so they are not tried."""


class _TooSlow(_Skip):
    """The reference's forward at these sizes took longer than _SLOW_SHAPE_S: larger variants are
    skipped too, the case steps down to its `smaller` overrides."""


# A past-cap case whose float32 reference forward takes longer than this steps down a cap (C51's
# projection builds a [B, N, N] intermediate: N = 8193 took 10 s in float32 and 148 s for the whole
# reference phase with float64 and the conditioning runs; N = 4097: 2.9 s). Only where `smaller`
# overrides exist; the cap it steps down to is in the case's note.
_SLOW_SHAPE_S = 3.0
# Under the Triton interpreter the candidate pays ~100x the reference's time for the same work (a
# pairwise circle loss at N = 4097: reference 1.0 s, interpreted kernel 150 s; at 1025: 0.17 s): there
# the case steps down from a quarter of a second. The reference's time decides, never the candidate's.
_SLOW_SHAPE_INTERPRETER_S = 0.25


def _digest(outputs: list) -> str:
    """A fingerprint of a call's outputs (shapes, dtypes, bits): tells the parent when a candidate
    hands back an earlier call's result for other inputs."""
    import hashlib

    import torch

    h = hashlib.sha256()
    for o in outputs:
        t = o.detach().cpu().contiguous()
        h.update(f"{list(t.shape)}|{t.dtype}|".encode())
        if t.numel():
            h.update(t.reshape(-1).view(torch.uint8).numpy().tobytes())
    return h.hexdigest()[:32]


def _sample_rows(model, inputs: list, outs: list, device: str, limit: int) -> list[int] | None:
    """Batch rows on which the float64 truth is computed when the output is too big to compute it
    whole: outputs and inputs share a batch dimension and the rows are independent (the float32
    reference on the sampled rows alone equals its rows of the full run). None: compute it whole."""
    import torch

    total = sum(o.numel() for o in outs)
    if total <= limit or not outs or any(o.dim() == 0 for o in outs):
        return None
    batch = outs[0].shape[0]
    if batch < 8 or any(o.shape[0] != batch for o in outs) or not any(
            isinstance(x, torch.Tensor) and x.dim() > 0 and x.shape[0] == batch for x in inputs):
        return None
    per_row = total // batch
    k = min(max(2, -(-limit // (4 * per_row))), batch // 4)
    rows = sorted({round(i * (batch - 1) / (k - 1)) for i in range(k)})
    sliced = _rows_of(inputs, rows, batch, device)
    try:
        with torch.no_grad():
            alone = _outputs(model(*sliced))
    except Exception:  # the model does not take a smaller batch: compute the truth whole
        return None
    for o, a in zip(outs, alone):
        if a.shape != o[rows].shape:
            return None
        full = o[rows].double()
        if o.dtype.is_floating_point:
            both = torch.isfinite(full) & torch.isfinite(a.double())
            gap = (a.double() - full)[both].norm() / max(float(full[both].norm()), 1e-30)
            if bool((torch.isfinite(full) != torch.isfinite(a.double())).any()) or float(gap) > 1e-4:
                return None
        elif not bool((a == o[rows]).all()):
            return None
    return rows


def _rows_of(inputs: list, rows: list[int], batch: int, device: str, double: bool = False) -> list:
    import torch

    out = []
    for x in inputs:
        if isinstance(x, torch.Tensor) and x.dim() > 0 and x.shape[0] == batch:
            x = x[rows]
        x = _copy_to(x, device)
        out.append(_double(x) if double else x)
    return out


def _all_floating(outputs: list) -> bool:
    """Every output a floating tensor: integer bookkeeping then cannot be the result (traps.OpRecord)."""
    import torch

    return bool(outputs) and all(isinstance(o, torch.Tensor) and o.is_floating_point() for o in outputs)


def _reference_case(mod, case: dict, job: dict, device: str, emit: Emit, name: str, built: dict,
                    built_default: Callable[[dict], set]) -> dict:
    """The reference on one case: float32 outputs, the float64 truth (whole, or on a sample of batch
    rows for outputs past job['oracle_sample_above'] elements) and the problem's conditioning.
    built_default(case): the signs of sizes the reference shows at the problem's own sizes.
    Raises _Skip, or the reference's own exception."""
    import torch

    from kagent.verifiers.aten_ops import ALLOWED_OPS
    from kagent.verifiers.traps import layer_policy, weighted_layers

    _seed_all(case["seed"])
    inputs = list(mod.get_inputs())
    init = list(mod.get_init_inputs()) if hasattr(mod, "get_init_inputs") else []
    init_changes = None
    if case.get("init_factors"):  # the constructor's float arguments varied (verifiers/perturb.py)
        original = init
        init, changed = perturb.vary_init(init, case["init_factors"])
        if not changed:
            raise _Skip(perturb.NO_FLOAT_INIT)
        init_changes = [[i, original[i], init[i]] for i in changed]
    numel = sum(t.numel() for t in inputs if isinstance(t, torch.Tensor))
    if case["kind"] == "shape" and numel > job["max_shape_numel"]:
        raise _TooLarge(f"inputs hold {numel} elements (limit {job['max_shape_numel']})")
    largest = max((t.numel() for t in inputs if isinstance(t, torch.Tensor)), default=0)
    if case.get("min_input_numel") and largest < case["min_input_numel"]:
        raise _Skip(f"no input holds {case['min_input_numel']} elements (the largest: {largest})")
    plain = inputs
    inputs = _transform(inputs, case["transform"], case.get("planted"))
    if case["transform"] == "negative" and not any(
            isinstance(a, torch.Tensor) and a.dtype.is_floating_point and not torch.equal(a, b) for a, b in zip(inputs, plain)):
        raise _Unneeded("the problem's floating inputs are never negative")
    # KernelBench's protocol: Model and ModelNew are built under the same seed, once per set of sizes
    # (cases that share sizes share the model: large weights are made, copied and saved once)
    key = (id(mod), case["init_seed"], repr(init))
    if key not in built:
        _seed_all(case["init_seed"])
        built.clear()  # one model alive at a time
        built[key] = {"model": mod.Model(*init).to(device), "model64": None, "weights": None}
    model = built[key]["model"]
    moved = None
    if case["transform"] == "unsaturate":
        inputs, moved = _unsaturated(model, inputs, device)
    args = [_copy_to(x, device) for x in inputs]
    started = time.monotonic()
    with torch.no_grad(), _OpNames(mod.__file__ if case["kind"] == "shape" else "") as names:
        outs = _outputs(model(*args))
    _sync(device)
    took = time.monotonic() - started
    if case["kind"] == "special" and took < _UNREAD_SPECIALS_S:
        if built[key]["model64"] is None:
            built[key]["model64"] = copy.deepcopy(model).double()
        read = _read_specials(built[key]["model64"], plain, inputs, device)
        if read is not inputs:
            inputs = read
            if not any(isinstance(a, torch.Tensor) and not torch.equal(a, b) for a, b in zip(inputs, plain)):
                raise _Unneeded("the reference reads none of the special values")
            with torch.no_grad():
                outs = _outputs(model(*[_copy_to(x, device) for x in inputs]))
    if names.signs and (sign := shape_domain.out_of_domain(names.signs, built_default(case))):
        raise _Skip(shape_domain.describe(sign))
    slow = _SLOW_SHAPE_INTERPRETER_S if device == "cpu" else _SLOW_SHAPE_S
    if case["kind"] == "shape" and case.get("smaller") and took > slow:
        raise _TooSlow(f"the reference's forward took {took:.2f} s at these sizes (limit {slow:g} s)")
    out_numel = sum(o.numel() for o in outs if isinstance(o, torch.Tensor))
    if case["kind"] == "shape" and out_numel > job["max_shape_numel"]:  # attention's S x S at S past a cap
        raise _TooLarge(f"outputs hold {out_numel} elements (limit {job['max_shape_numel']})")
    floats = [o for o in outs if isinstance(o, torch.Tensor) and o.dtype.is_floating_point]
    if case["kind"] == "shape" and floats and len(floats) == len(outs) and not any(bool(torch.isfinite(o).any()) for o in floats):
        # sizes that break what the problem assumes (a smoothing period as long as the series): the
        # reference itself computes nothing there, and nothing can be judged
        raise _Skip("the reference's outputs hold no finite value at these sizes")
    layers = weighted_layers(model)
    # the layer policy holds for problems where the layers are not the whole computation
    beyond = sorted(n for n in names.seen if n not in ALLOWED_OPS and n not in layer_policy(layers))
    layers = layers if beyond else []
    if reason := suite_ties.skip_reason(case["transform"], outs):
        raise _Skip(reason)
    mutated = [i for i, (a, x) in enumerate(zip(args, inputs))
               if isinstance(x, torch.Tensor) and not _same(a.cpu(), x.cpu())[0]]
    if mutated:
        emit(event="note", case=name, message=f"the reference writes into its inputs {mutated}; "
             "every run starts from the original values")
    del args
    rows = _sample_rows(model, inputs, outs, device, job.get("oracle_sample_above") or (1 << 62))
    try:
        if built[key]["model64"] is None:
            built[key]["model64"] = copy.deepcopy(model).double()
        model64 = built[key]["model64"]
        truth_inputs = inputs if rows is None else _rows_of(inputs, rows, outs[0].shape[0], "cpu")
        with torch.no_grad():
            with _Float64Everywhere():
                outs64 = _outputs(model64(*[_double(_copy_to(x, device)) for x in truth_inputs]))
        outs64 = [o.double() if o.dtype.is_floating_point else o for o in outs64]
        outs64, extremes = _truth_within_dtype(outs, outs64, rows)
        fixed = ([suite_boundaries.planted(x, case["planted"]) if isinstance(x, torch.Tensor) and x.dtype.is_floating_point
                  else None for x in truth_inputs] if case["transform"] == "boundaries" else None)
        # the ties cases plant exact ties whose order torch defines: no other index is right there
        sens = _sensitivity(model64, truth_inputs, outs64, device, case["seed"], fixed, model,
                            alternatives=not str(case["transform"]).startswith("ties"))
        try:
            sens = _with_accumulation(sens, model, truth_inputs, outs64, device)
        except Exception as exc:  # the simulation is an allowance: without it the oracle is stricter, not blind
            emit(event="note", case=name, message=f"float32 accumulation not simulated: {type(exc).__name__}: {exc}"[:300])
        sens = _without_extremes(sens, extremes)
        reach = _special_reach(model64, plain, inputs, outs64, rows, device) if case["kind"] == "special" else None
        float64 = True
    except Exception as exc:  # an op without float64 support: the oracle falls back
        outs64, float64, sens, rows = [o.double() if o.dtype.is_floating_point else o for o in outs], False, None, None
        reach = None
        emit(event="note", case=name, message=f"float64 reference failed: {type(exc).__name__}: {exc}")
    if case["kind"] == "stress" and any(
        o.dtype.is_floating_point and not bool(torch.isfinite(o).all()) for o in outs64
    ):
        raise _Skip("the reference's result is not finite on these inputs")
    if case["kind"] == "stress" and (n := _float32_overflows(outs, outs64, rows)):
        # float32 overflows on the way in the reference itself: past float32's range for this problem, where an
        # honest kernel's other order overflows elsewhere (a row of sinh(a) / sinh(b) whose sinh(b) is inf: the
        # reference's 0 where the truth is 1e-152, the kernel's NaN; a blind twin failed its confirm seed there)
        raise _Skip(f"the reference's float32 result is not finite at {n} elements where the float64 truth is: "
                    "these inputs are past float32's range for this problem")
    if case["kind"] == "special" and not any(
        bool(torch.isfinite(o).any()) for o in outs64 if o.dtype.is_floating_point
    ):
        raise _Skip("with -inf/NaN inputs the reference defines no element")
    return {"model": model, "inputs": inputs, "init": init, "outs": outs, "outs64": outs64, "sens": sens,
            "reach": reach, "float64": float64, "rows": rows, "built": built[key], "layers": layers, "init_changes": init_changes,
            "moved": moved}


def _float32_overflows(outs: list, outs64: list, rows: list[int] | None = None) -> int:
    """Elements where the reference's own result is not finite and the float64 truth is (`rows`: the rows the
    truth was computed for)."""
    import torch

    n = 0
    for o, t in zip(outs, outs64):
        if isinstance(o, torch.Tensor) and o.dtype.is_floating_point and isinstance(t, torch.Tensor):
            ref = (o if rows is None else o[rows]).detach().to(t.device)
            if ref.shape == t.shape:
                n += int((~torch.isfinite(ref) & torch.isfinite(t)).sum())
    return n


_UNREAD_SPECIALS_S = 0.5  # which special values the reference reads is asked where its forward costs at most this


def _read_specials(model64, plain: list, special: list, device: str) -> list:
    """`special` with each special value that the float64 reference does not depend on put back to its plain
    value (the inputs themselves where every one counts). A NaN on the sub-diagonal's first entry of a
    tridiagonal system, which a dense solve never reads, poisons a Thomas recurrence that multiplies it by
    the zero before it: an input no caller passes, and not the kernel's fault. Each input's -inf, +inf and
    NaN (with the copies _with_special_values made of it) are asked apart: the truth with that one kind
    planted, against the plain truth, on every output."""
    import torch

    def truth(inputs: list) -> list:
        with torch.no_grad(), _Float64Everywhere():
            return [o.cpu() if isinstance(o, torch.Tensor) else o
                    for o in _outputs(model64(*[_double(_copy_to(x, device)) for x in inputs]))]

    def same(a: list, b: list) -> bool:
        return len(a) == len(b) and all(isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor) and _same(x, y)[0]
                                        for x, y in zip(a, b))

    try:
        base = truth(plain)
        out = list(special)
        for i, (p, s) in enumerate(zip(plain, special)):
            if not (isinstance(s, torch.Tensor) and s.dtype.is_floating_point and s.shape == p.shape):
                continue
            planted = (~torch.isfinite(s)) & torch.isfinite(p)
            for kind in (torch.isnan(s), s == float("inf"), s == float("-inf")):
                at = planted & kind
                if not bool(at.any()):
                    continue
                trial = list(plain)
                trial[i] = torch.where(at, s, p)
                if same(truth(trial), base):
                    out[i] = torch.where(at, p, out[i])
    except Exception:  # a reference that fails in float64 keeps every special value
        return special
    return out if any(o is not s for o, s in zip(out, special)) else special


def _special_reach(model64, plain: list, special: list, outs64: list, rows: list[int] | None,
                   device: str) -> list | None:
    """Per output, the elements the special values reach: where the float64 truth moves when the
    special positions hold finite values instead (the inputs' own, and one of each sign past them: a
    reference that drops a NaN by a comparison shows its dependence only on the side it keeps; one far
    past every other value, where a NaN takes part in an order). How a
    NaN or an infinity travels through a kernel's arithmetic (a mask multiplied in: NaN * 0) against
    the reference's (a comparison that drops it) is the kernel's own affair there; elsewhere the
    special case judges as any case does. Per output: {"reach": where, "finite": the truth with each
    finite stand-in (stacked), "nan": where the NaNs alone reach}. A finite value the candidate holds
    where an infinity reaches must be one of those truths (an infinity's place in an order is defined);
    where a NaN reaches, any finite value is the kernel's choice (IEEE comparisons with NaN are
    unordered: torch's topk sorts it first, a Triton kernel's `x > best` never picks it), and so where an
    infinity acts as one (the truth is what it is with every special value a NaN: a row normalised by its
    infinite norm holds NaNs, which a mining loss's `min` then propagates)."""
    import torch

    if len(plain) != len(special):
        return None
    where = [(~torch.isfinite(s)) & torch.isfinite(p)
             if isinstance(s, torch.Tensor) and isinstance(p, torch.Tensor) and s.dtype.is_floating_point
             and s.shape == p.shape else None for s, p in zip(special, plain)]
    reach: list = [None] * len(outs64)
    finite: list = [[] for _ in outs64]  # per output, the truth with each finite stand-in
    by_nan: list = [None] * len(outs64)  # per output, what moves with the NaNs' stand-ins alone
    try:
        # +-1e4: an order a NaN takes part in (topk, sort, max: NaN counts as the largest) is reached only
        # by a value past every other (a routing bias of NaN picks its expert for every token); the last
        # two stand in for the NaNs only and keep the infinities, whose place in an order is defined
        nan_only = [None if s is None else s & torch.isnan(x) for s, x in zip(where, special)]
        for shift, at in ((None, where), (1.0, where), (-1.0, where), (1.0e4, where), (-1.0e4, where),
                          (1.0e4, nan_only), (-1.0e4, nan_only)):
            base = special if at is nan_only else plain
            inputs = [b if w is None or shift is None else torch.where(w, shift * (p.abs() + 1.0), b)
                      for p, b, w in zip(plain, base, at)]
            for i, a, b in _truths_at(model64, inputs, outs64, rows, device):
                moved = ~((a == b) | (torch.isnan(a) & torch.isnan(b)))
                reach[i] = moved if reach[i] is None else reach[i] | moved
                finite[i].append(b)
                if at is nan_only:
                    by_nan[i] = moved if by_nan[i] is None else by_nan[i] | moved
        # an infinity that becomes a NaN on the way (a row normalised by its infinite norm: inf / inf) is a
        # NaN there: where the truth is what it would be with every special value a NaN, it is the NaNs'
        inputs = [b if w is None else torch.where(w, torch.full_like(b, math.nan), b) for b, w in zip(special, where)]
        for i, a, b in _truths_at(model64, inputs, outs64, rows, device):
            if reach[i] is not None:
                as_nan = reach[i] & ((a == b) | (torch.isnan(a) & torch.isnan(b)))
                by_nan[i] = as_nan if by_nan[i] is None else by_nan[i] | as_nan
        # a NaN in an order the reference takes past it (topk, sort) reaches the elements that order feeds:
        # there a kernel's minimum may carry it (Worley noise's nearest feature points: a NaN offset makes
        # the nine neighbours' running minimum NaN, torch's topk skips it)
        with _NanOrders():
            for i, a, b in _truths_at(model64, inputs, outs64, rows, device):
                if reach[i] is not None:
                    reach[i] = reach[i] | (torch.isnan(b) & ~torch.isnan(a))
        for i, dep in _dependent(model64, plain, where, outs64, rows, device):
            if reach[i] is not None and dep.shape == reach[i].shape:
                reach[i] = reach[i] | dep
        constant = _constant_elements(model64, plain, outs64, rows, device)
    except Exception:  # without it the special case judges every element, as before
        return None
    return [None if r is None else {"reach": r, "finite": torch.stack(f), "nan": n, "constant": k}
            for r, f, n, k in zip(reach, finite, by_nan, constant)]


def _dependent(model64, plain: list, where: list, outs64: list, rows: list[int] | None, device: str) -> list:
    """(index, mask) per floating output: the elements whose float64 truth depends on the special positions at
    all, by forward-mode AD at the plain inputs (a random positive tangent there). A stand-in that moves an
    element by less than its ulp leaves it looking independent: a tridiagonal solve's far rows, which a Thomas
    recurrence's NaN still reaches. Nothing where the reference has no forward derivative."""
    import torch
    from torch.func import jvp

    draw = torch.Generator().manual_seed(2468)
    tangents = [torch.where(w, 0.5 + torch.rand(w.shape, generator=draw, dtype=torch.float64), 0.0)
                if w is not None else None for w in where]
    if rows is not None:
        batch = outs64[0].shape[0]
        plain, tangents = _rows_of(plain, rows, batch, "cpu"), _rows_of(tangents, rows, batch, "cpu")
    points = [_double(_copy_to(x, device)) for x in plain]
    slots = [i for i, (x, t) in enumerate(zip(points, tangents))
             if t is not None and isinstance(x, torch.Tensor) and x.dtype == torch.float64]
    if not slots:
        return []

    def run(*moving):
        args = list(points)
        for i, x in zip(slots, moving):
            args[i] = x
        return tuple(_outputs(model64(*args)))

    try:
        with _Float64Everywhere():
            _, tangent_out = jvp(run, tuple(points[i] for i in slots), tuple(tangents[i].to(device) for i in slots))
    except Exception:  # an operator without a forward derivative: the stand-ins alone say
        return []
    return [(i, (t != 0).cpu()) for i, (a, t) in enumerate(zip(outs64, tangent_out))
            if isinstance(a, torch.Tensor) and a.dtype.is_floating_point and isinstance(t, torch.Tensor)
            and t.shape == a.shape]


def _constant_elements(model64, plain: list, outs64: list, rows: list[int] | None, device: str) -> list:
    """Per output, the elements whose truth no floating input moves (LPC's leading a_0 = 1, a padding value):
    the inputs' values shuffled within each tensor (their domain kept; twice), then scaled by 3/4, and the
    truth equal every time. A kernel that carries such a constant through its arithmetic (a_0 + k * 0 in a vector
    update) holds NaN there when a special value poisons the row; the value is the format's, not a result,
    so a non-finite one there is the kernel's affair. A finite one is judged as anywhere."""
    import torch

    draw = torch.Generator().manual_seed(4321)
    floating = [isinstance(x, torch.Tensor) and x.dtype.is_floating_point and x.numel() > 1 for x in plain]

    def shuffled() -> list:
        return [x.reshape(-1)[torch.randperm(x.numel(), generator=draw)].reshape(x.shape) if f else x
                for x, f in zip(plain, floating)]

    constant: list = [None] * len(outs64)
    # twice shuffled: an output of few values (a quantiser's levels, a ReLU's zeros) stays put by chance less often
    for moved in (shuffled(), shuffled(), [x * 0.75 if f else x for x, f in zip(plain, floating)]):
        for i, a, b in _truths_at(model64, moved, outs64, rows, device):
            same = torch.isfinite(a) & (a == b)
            constant[i] = same if constant[i] is None else constant[i] & same
    return constant


def _truths_at(model64, inputs: list, outs64: list, rows: list[int] | None, device: str) -> list:
    """The float64 truth at other inputs beside `outs64`: (index, old, new) per floating output whose shape
    stayed (the sampled rows only, where the truth is sampled)."""
    import torch

    if rows is not None:
        inputs = _rows_of(inputs, rows, outs64[0].shape[0], "cpu")
    with torch.no_grad(), _Float64Everywhere():
        outs = _outputs(model64(*[_double(_copy_to(x, device)) for x in inputs]))
    return [(i, a, b.double().cpu()) for i, (a, b) in enumerate(zip(outs64, outs))
            if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and a.shape == b.shape
            and a.dtype.is_floating_point]


def _truth_within_dtype(outs: list, outs64: list, rows: list[int] | None) -> tuple[list, list]:
    """The float64 truth where it lies past the output dtype's range and the reference's result is finite
    there: the reference's value; and where that was (None per output without such elements). Such an
    element is a dtype's own extreme (nan_to_num's replacement for an infinity, a mask filled with
    finfo.min): in float64 it is float64's (1.8e308), which no float32 result approaches, so the
    reference's own error there would be total and any value would pass."""
    import torch

    fixed, where = [], []
    for o, t in zip(outs, outs64):
        past = None
        if isinstance(o, torch.Tensor) and o.dtype.is_floating_point and t.dtype == torch.float64 \
                and o.dtype != torch.float64:
            ref = (o if rows is None else o[rows]).detach().to(t.device)
            if ref.shape == t.shape:
                past = torch.isfinite(ref) & (t.abs() > torch.finfo(o.dtype).max)
                if bool(past.any()):
                    t = torch.where(past, ref.double(), t)
                else:
                    past = None
        fixed.append(t)
        where.append(past)
    return fixed, where


def _without_extremes(sens: list | None, extremes: list) -> list | None:
    """No sensitivity at a dtype's extreme: it is a constant (a perturbed float64 run puts float64's there)."""
    import torch

    if sens is None:
        return None
    return [s if s is None or e is None or s.shape != e.shape else torch.where(e, torch.zeros_like(s), s)
            for s, e in zip(sens, extremes)]


def _unsaturated(model, inputs: list, device: str) -> tuple[list, list[dict]]:
    """The seeded inputs with those the reference ignores moved where it reads them (verifiers/saturation.py)."""
    import torch

    def forward(xs: list) -> list:
        with torch.no_grad():
            return _outputs(model(*[_copy_to(x, device) for x in xs]))

    def movable(t) -> bool:
        return isinstance(t, torch.Tensor) and t.dtype.is_floating_point and t.numel() > 0 and not _discrete(t)

    def same(a: list, b: list) -> bool:
        return len(a) == len(b) and all(_same(x, y)[0] for x, y in zip(a, b))

    found = saturation.unsaturate(forward, inputs, movable, same)
    if found is None:
        raise _Unneeded("the reference reads every floating input on the seeded inputs")
    return found


def _stretches_at_default(modules: _Modules, device: str) -> Callable[[dict], set]:
    """case -> the signs of sizes the reference shows at the problem's own sizes (one forward on the
    case's seeds, made the first time a shape case asks; verifiers/shape_domain.py)."""
    import torch

    found: list[set] = []

    def at_default(case: dict) -> set:
        if not found:
            mod = modules.get({})
            _seed_all(case["seed"])
            inputs = [_copy_to(x, device) for x in mod.get_inputs()]
            init = list(mod.get_init_inputs()) if hasattr(mod, "get_init_inputs") else []
            _seed_all(case["init_seed"])
            model = mod.Model(*init).to(device)
            with torch.no_grad(), _OpNames(mod.__file__) as names:
                model(*inputs)
            found.append(names.signs)
        return found[0]

    return at_default


def _out_of_memory(exc: BaseException) -> bool:
    import torch

    return isinstance(exc, (MemoryError, torch.OutOfMemoryError)) or "can't allocate memory" in str(exc)


def run_reference(job: dict, emit: Emit) -> None:
    import torch

    _pin_precision()
    device = job["device"]
    out_dir = Path(job["out_dir"])
    modules = _Modules(Path(job["reference"]), "kagent_reference", apply_overrides=True)
    built: dict = {}
    at_default = _stretches_at_default(modules, device)
    for index, case in enumerate(job["cases"]):
        name = case["name"]
        start = time.monotonic()
        emit(event="case_start", case=name)  # a worker killed mid-case (out of memory) names the case it died in
        # a shape case the reference rejects falls back to its variants (verifiers/suite.py)
        tries = [case["overrides"], *case.get("fallbacks", [])] if case["kind"] == "shape" else [case["overrides"]]
        rejected: list[dict] = []
        result = None
        while tries:
            overrides = tries.pop(0)
            try:
                result = _reference_case(modules.get(overrides), case, job, device, emit, name, built,
                                         at_default)
                break
            except _TooSlow as why:  # larger variants would be slower still: down a cap
                rejected.append({"overrides": overrides, "reason": str(why)})
                tries = list(case.get("smaller", []))
                case = {**case, "smaller": tries[1:]}
            except _Unneeded:
                break
            except _Skip as why:
                rejected.append({"overrides": overrides, "reason": str(why)})
                if isinstance(why, _TooLarge):
                    tries = []
            except Exception as exc:
                err = _error_event(exc)
                if index == 0:
                    emit(event="reference_error", case=name, **err)
                    return
                rejected.append({"overrides": overrides,
                                 "reason": f"the reference rejects this case: {err['type']}: {err['message'][:300]}"})
                if _out_of_memory(exc):
                    tries = []  # the fallbacks are larger still (set 40's K2P at 4097 sequences: 6 more, 186 s)
        if result is None and not rejected:  # _Unneeded
            continue
        if result is None:
            why = rejected[0]["reason"] if len(rejected) == 1 else (
                f"{rejected[0]['reason']} (and {len(rejected) - 1} fallback variant(s): {rejected[-1]['reason'][:200]})")
            emit(event="case_skipped", case=name, reason=why)
            continue
        model, inputs, outs, outs64 = result["model"], result["inputs"], result["outs"], result["outs64"]
        if result["built"]["weights"] is None:  # the parameters, saved once per model
            result["built"]["weights"] = f"weights_{name}"
            torch.save({k: v.detach().cpu() for k, v in model.state_dict().items()},
                       casefiles.inputs_path(out_dir, result["built"]["weights"]))
        torch.save(
            {"inputs": [x.cpu() if isinstance(x, torch.Tensor) else x for x in inputs], "init": result["init"],
             "weights": result["built"]["weights"]},
            casefiles.inputs_path(out_dir, name),
        )
        casefiles.staged_expected_path(out_dir, name).parent.mkdir(exist_ok=True)
        torch.save(
            {"out": [o.detach().cpu() for o in outs], "out64": [o.detach().cpu() for o in outs64],
             "float64": result["float64"], "sens": result["sens"], "rows": result["rows"],
             "reach": result["reach"],
             # NaN where the inputs are finite is undefined math at a degenerate boundary shape (the
             # mean over no valid labels, 0/0): the oracle does not impose torch's convention there
             "judge_undefined": case["kind"] not in ("special", "shape")},
            casefiles.staged_expected_path(out_dir, name),
        )
        emit(
            event="case_done",
            case=name,
            overrides=overrides,
            rejected=rejected[:4],
            shapes=[list(x.shape) for x in inputs if isinstance(x, torch.Tensor)],
            dtypes=[str(x.dtype).replace("torch.", "") for x in inputs if isinstance(x, torch.Tensor)],
            outputs=[[list(o.shape), str(o.dtype).replace("torch.", "")] for o in outs],
            float64=result["float64"],
            digest=_digest(outs),
            float64_rows=len(result["rows"]) if result["rows"] is not None else None,
            layers=result["layers"],
            seconds=time.monotonic() - start,
            **({"init_changes": result["init_changes"]} if result["init_changes"] else {}),
            **({"moved": result["moved"]} if result["moved"] else {}),
        )
        if index == 0 and job.get("timing") and device == "cuda":
            from kagent.verifiers.timing import time_cuda

            dev_inputs = [_to(x, device) for x in inputs]
            with torch.no_grad():
                emit(event="timing", case=name, **time_cuda(lambda: model(*dev_inputs), job["timing_runs"]))


# --- the candidate job --------------------------------------------------------------------------


class _PlainAllocator:
    """Stands in for the poisoned allocator under compute-sanitizer: no guard regions, so that an
    out-of-bounds access leaves the allocation and the sanitizer sees it."""

    @contextmanager
    def recording_run(self, kind: str):
        yield []

    @contextmanager
    def passthrough(self):
        yield


def _guarded_inputs(inputs: list, device: str, fill_kind: str):
    import torch

    from kagent.verifiers.canary import guarded_copy

    args, guards = [], []
    for i, x in enumerate(inputs):
        if isinstance(x, torch.Tensor) and fill_kind == "none":
            args.append(x.to(device).clone())
        elif isinstance(x, torch.Tensor):
            view, g = guarded_copy(x.to(device), f"input{i}", fill_kind)
            args.append(view)
            guards.append(g)
        else:
            args.append(x)
    return args, guards


class _Run:
    """One call of the candidate with a given guard fill and poison; what it left behind."""

    def __init__(self, outputs, input_guards, allocations, args, pristine):
        self.outputs = outputs
        self.args = args
        self.bad_input_guards = [(g.name, g.first_bad_guard()) for g in input_guards if not g.guards_intact()]
        self.bad_alloc_guards = [(g.name, g.first_bad_guard()) for g in allocations if not g.guards_intact()]
        self.mutated = []
        for i, (a, p) in enumerate(zip(args, pristine)):
            if p is not None and not _same(a, p)[0]:
                self.mutated.append(i)


@contextmanager
def _timed(trap, label: str, steps: dict) -> Iterator[Any]:
    """Enter and leave `trap`, its start and stop seconds kept in `steps` (the first case's
    `step_s`: where a verify's time goes, benchmarks/verify_case_times.py)."""
    t = time.monotonic()
    trap.__enter__()
    steps[f"{label}_start"] = round(time.monotonic() - t, 3)
    try:
        yield trap
    finally:
        t = time.monotonic()
        trap.__exit__(*sys.exc_info())
        steps[f"{label}_stop"] = round(time.monotonic() - t, 3)


def _call(model, inputs: list, device: str, allocator, guard_kind: str, poison_kind: str, recorders=(),
          steps: dict | None = None) -> _Run:
    """One call of the forward; `recorders` (traps.OpRecorder, traps.Replay) see exactly the call;
    `steps` (the first case's step_s) gets the forward's and the synchronisation's seconds."""
    import torch

    args, guards = _guarded_inputs(inputs, device, guard_kind)
    pristine = [a.clone() if isinstance(a, torch.Tensor) else None for a in args]
    if recorders:
        from kagent.verifiers import traps

        traps.watch_metadata(args)
    with allocator.recording_run(poison_kind) as allocs, bounds.kagent_buffers(guards, allocs), torch.no_grad(), \
            ExitStack() as stack:
        for r in recorders:
            stack.enter_context(r)
        t = time.monotonic()
        result = model(*args)
        t1 = time.monotonic()
        _sync(device)
        if steps is not None:
            steps["forward"], steps["sync"] = round(t1 - t, 3), round(time.monotonic() - t1, 3)
    outs = _outputs(result)
    return _Run(outs, guards, list(allocs), args, pristine)


def _canary_runs(main: _Run, device: str, job: dict) -> tuple[bool, bool]:
    """Which canary runs can find anything the main run has not: (guards refilled with other values,
    fresh allocations refilled with other values). Under the CPU interpreter's bounds check
    (verifiers/bounds.py) every read past a buffer's end is caught where it happens, so the guard run
    cannot change the verdict; and an element never written keeps the main run's fill (NaN; an integer
    dtype's minimum + 7), so where no output holds it (written everywhere) the poison run cannot either;
    a bool output's fill (False) is a value, so it still needs that run. The runs are the most
    expensive part of a large case (a 4097-row case: two more calls of ~60 s)."""
    import torch

    from kagent.verifiers.canary import fill_value

    if device != "cpu" or not job.get("bounds_check") or not bounds.intact():
        return True, True
    poison = any(not isinstance(o, torch.Tensor) or o.dtype == torch.bool or o.dtype.is_complex
                 or bool(torch.isnan(o).any() if o.dtype.is_floating_point else (o == fill_value(o.dtype, "nan")).any())
                 for o in main.outputs)
    return False, poison


NONCONTIGUOUS_CASE = "noncontiguous"


class _OverBudget(BaseException):
    """Raised into the running case when its CPU budget is spent (a BaseException: an honest
    `except Exception` in a candidate does not swallow it)."""


class _Watchdog:
    """A CPU-time budget for one case (ITIMER_VIRTUAL): when it is spent, _OverBudget is raised in the
    main thread and the case is reported as skipped, even if the candidate caught the exception."""

    def __init__(self, seconds: float):
        import signal

        self.fired, self.armed = False, True

        def handler(signum, frame):
            self.fired = True
            if self.armed:  # once, and never into kagent's own handling after the case
                self.armed = False
                raise _OverBudget()

        self._previous = signal.signal(signal.SIGVTALRM, handler)
        signal.setitimer(signal.ITIMER_VIRTUAL, seconds)

    def stop(self) -> bool:
        import signal

        self.armed = False
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, self._previous)
        return self.fired


_float_to_int = [0]


def _count_float_to_int() -> None:
    """Count the float -> int conversions (fp_to_si, fp_to_ui) the interpreted kernels make: the only
    way a kernel that compiles for the GPU turns float arithmetic into an index. A kernel that makes
    none cannot compute its addresses in floating point."""
    try:
        from triton.runtime.interpreter import InterpreterBuilder
    except ImportError:
        return
    for name in ("create_fp_to_si", "create_fp_to_ui"):
        original = getattr(InterpreterBuilder, name, None)
        if original is None or getattr(original, "__kagent_counted__", False):
            continue

        def counted(self, src, dst_type, _original=original):
            _float_to_int[0] += 1
            return _original(self, src, dst_type)

        counted.__kagent_counted__ = True  # type: ignore[attr-defined]
        setattr(InterpreterBuilder, name, counted)


def _warm_calls(model, inputs: list, device: str, allocator, calls: int) -> dict:
    """The forward called `calls` times before the checked call (the perturbed run): the first for
    real (lazy initialisation sees real results), the others with the Triton launches skipped (the
    candidate's Python runs; the interpreter does not), outputs discarded. An exception stops them
    (an honest forward may need its kernels' results on the host); so does WARM_LIMIT_S."""
    import torch

    from kagent.verifiers import traps

    args, _ = _guarded_inputs(inputs, device, "none")
    done, start = 0, time.monotonic()
    stopped = None
    try:
        with torch.no_grad(), allocator.passthrough():
            model(*args)
            done = 1
            with traps.disabled_launches():
                while done < calls and time.monotonic() - start < perturb.WARM_LIMIT_S:
                    model(*args)
                    done += 1
        _sync(device)
    except Exception as exc:
        stopped = f"{type(exc).__name__}: {exc}"[:200]
    if bounds.take_violation() is not None and stopped is None:  # judged on the checked call, not here
        stopped = "an out-of-bounds access in the first call"
    return {"asked": calls, "done": done, "seconds": round(time.monotonic() - start, 3), "stopped": stopped}


def _noncontiguous_call(model, inputs: list, device: str, out_dir: Path) -> dict:
    """The first case's values once more, floating inputs of rank >= 2 as non-contiguous views
    (perturb.noncontiguous); the outputs are judged against the first case's expected ones. An
    exception is the candidate refusing the layout (a note); an out-of-bounds access is a fault."""
    import torch

    args, changed = perturb.noncontiguous([_to(x, device) for x in inputs])
    if not changed:
        return {"status": "not_applicable"}
    if bounds.pending():  # the main call already went out of bounds: that is its finding
        return {"status": "not_run"}
    try:
        with torch.no_grad():
            outs = _outputs(model(*args))
        _sync(device)
    except Exception as exc:
        mine = bounds.take_violation()
        if mine is not None:
            return {"status": "error", "inputs": changed, "error": mine.error_event()}
        return {"status": "refused", "inputs": changed, "error": _error_event(exc)}
    mine = bounds.take_violation()  # the candidate caught it: a fault all the same
    if mine is not None:
        return {"status": "error", "inputs": changed, "error": mine.error_event()}
    torch.save([_plain(o) for o in outs], out_dir / f"cand_{NONCONTIGUOUS_CASE}.pt")
    return {"status": "run", "inputs": changed}


# Identical reruns made when a canary run differs: atomics reorder float sums, so two runs may agree
# by chance while the canary run does not (a scalar loss summed with atomic_add on the H200 was
# called an out-of-bounds read). Stop at the second run that differs from the first.
_NOISE_RERUNS = 4


def _noise_reruns(call, main: _Run) -> list:
    """One rerun on the CPU (the interpreter is deterministic); on a GPU up to _NOISE_RERUNS."""
    reruns, differing = [], 0
    for _ in range(_NOISE_RERUNS if _on_gpu(main.outputs) else 1):
        reruns.append(call())
        differing += bool(_diff_outputs(main.outputs, reruns[-1].outputs))
        if differing == 2:
            break
    return reruns


def _on_gpu(outputs: list) -> bool:
    return any(getattr(o, "is_cuda", False) for o in outputs)


def _noisiest(outputs: list, reruns: list) -> list | None:
    """The rerun whose outputs differ most from the first run's (None: every rerun is identical)."""
    def gap(run) -> float:
        diffs = _diff_outputs(outputs, run.outputs, spread=True)
        return max((d.get("max_abs_diff", float(d["elements"])) for d in diffs), default=0.0)
    scored = [(gap(r), i) for i, r in enumerate(reruns)]
    best, i = max(scored)
    return reruns[i].outputs if best > 0 else None


def _diff_outputs(a: list, b: list, noise: list | None = None, spread: bool = False) -> list[dict]:
    """Outputs of two runs that differ. With `noise` (a third, identical run of a kernel that is not
    deterministic) an element counts only where it differs beyond the run-to-run difference: NaN on
    one side only (guard and poison values are NaN in the first run), or a gap above 4x the largest
    run-to-run gap. `spread` adds the size of the differences to the evidence."""
    import torch

    diffs = []
    for i, (x, y) in enumerate(zip(a, b)):
        equal, count = _same(x, y)
        if equal:
            continue
        d: dict[str, Any] = {"output": i, "elements": count, "numel": x.numel()}
        if x.shape == y.shape and (x.dtype.is_floating_point or noise is not None or spread):
            xd, yd = x.double(), y.double()
            gap = (xd - yd).abs().nan_to_num(nan=0.0, posinf=0.0)
            if noise is not None and i < len(noise) and noise[i].shape == x.shape:
                floor = 4 * float((xd - noise[i].double()).abs().nan_to_num(nan=0.0, posinf=0.0).max())
                count = int(((torch.isnan(xd) != torch.isnan(yd)) | (gap > floor)).sum())
                if count == 0:
                    continue
                d.update(elements=count, beyond_run_to_run=floor / 4)
            if spread:
                d.update(max_abs_diff=float(gap.max()),
                         max_rel_diff=float((gap / yd.abs().clamp_min(1e-30)).nan_to_num(nan=0.0).max()))
        diffs.append(d)
    return diffs


def _reference_weights(case_dir: Path, data: dict) -> dict:
    import torch

    return torch.load(casefiles.inputs_path(case_dir, data["weights"]), weights_only=True)


def _build_model(mod, data: dict, init_seed: int, device: str, weights: str = "seeded", ref_state: dict | None = None):
    """ModelNew as KernelBench builds it: the RNG seeded as it was for Model, then constructed, so a
    candidate that makes the same parameters in the same order draws the same values, and one that
    transforms them in __init__ (folds a scale, pre-transposes) keeps its own. With weights="copy"
    the reference's parameters are loaded where names and shapes agree. Returns (model, how the
    parameters compare with the reference's)."""
    _seed_all(init_seed)
    model = mod.ModelNew(*data["init"])
    ref_state = ref_state or {}
    state = model.state_dict()
    same_layout = set(state) == set(ref_state) and all(state[k].shape == ref_state[k].shape for k in state)
    if weights == "copy" and ref_state and same_layout:
        model.load_state_dict(ref_state)
        compared = {"status": "copied"}
    elif not ref_state and not state:
        compared = {"status": "none"}
    elif same_layout:
        differ = [k for k in state if not _same(state[k].detach().cpu(), ref_state[k])[0]]
        compared = {"status": "differ" if differ else "same", "keys": differ[:10]}
    else:
        compared = {"status": "own_layout", "reference_keys": sorted(ref_state)[:10], "keys": sorted(state)[:10]}
    return model.to(device), compared


def _batch_invariance(model, inputs: list, outputs: list, device: str, allocator) -> dict:
    """Row i computed alone must equal row i of the batched call, bit for bit."""
    import torch

    tensors = [x for x in inputs if isinstance(x, torch.Tensor) and x.dim() > 0]
    if not tensors or tensors[0].shape[0] < 2:
        return {"status": "not_run", "reason": "the first input has no batch dimension of size > 1"}
    batch = tensors[0].shape[0]
    batched = [i for i, o in enumerate(outputs) if o.dim() > 0 and o.shape[0] == batch]
    if not batched:
        return {"status": "not_run", "reason": "no output has the inputs' batch dimension"}
    diffs = []
    for row in sorted({0, batch // 2, batch - 1}):
        sliced = [x[row : row + 1] if isinstance(x, torch.Tensor) and x.dim() > 0 and x.shape[0] == batch else x
                  for x in inputs]
        alone = _call(model, sliced, device, allocator, "nan", "nan").outputs
        for i in batched:
            equal, count = _same(outputs[i][row : row + 1], alone[i])
            if not equal:
                diffs.append({"row": row, "output": i, "elements": count})
    return {"status": "run", "rows": sorted({0, batch // 2, batch - 1}), "diffs": diffs}


def refill_unversioned(a, b) -> None:
    """Write b's values into a's memory as a kernel (or numpy) would: same address, and the autograd
    version counter (`a._version`) left as it is, so an output cache keyed on pointer and version
    (which a `copy_` would miss, since it bumps the version) returns its stale result."""
    a.data.copy_(b.to(a.device))  # `.data` is an alias without the version counter: no bump


def _traps(job: dict, case: dict, data: dict, model, module, main: _Run, allocator, record: dict, out_dir: Path,
           pristine) -> None:
    """The dynamic anti-cheat traps, run on the first case (see verifiers/traps.py)."""
    import torch

    from kagent.verifiers import traps

    device = job["device"]
    record["output_type_violations"] = traps.output_type_violations(main.outputs)
    record["aliasing_violations"] = traps.aliasing_violations(main.outputs, main.args)

    support = traps.ghost_support(vars(module), model)
    if support.status in ("supported", "partial"):
        live = {"live_launchers": list(support.extensions), "triton_kernels": list(support.triton_kernels)}
        try:
            with traps.disabled_launches() as gate:
                ghost = _call(model, data["inputs"], device, allocator, "nan", "nan")
            torch.save([_plain(o) for o in ghost.outputs], out_dir / f"ghost_{case['name']}.pt")
            record["ghost"] = {"status": "run", "skipped": gate.skipped, **live}
        except Exception as exc:  # the candidate cannot even run without its kernels: they matter
            record["ghost"] = {"status": "run", "skipped": None, "error": f"{type(exc).__name__}: {exc}"[:300], **live}
    else:
        record["ghost"] = {"status": "not_run", "reason": support.reason}

    # Output caching: the same input buffers, refilled with the next seed's values, must give the
    # next seed's result; the previous call's outputs are kept alive so reuse of them shows.
    # The next seed must have been computed by a reference built the same way (same construction
    # seed, same sizes) as this model, whose weights the refilled call keeps.
    nxt = next((c for c in job["cases"] if c["kind"] == "seed" and c["name"] != case["name"]
                and c["init_seed"] == case["init_seed"] and c["overrides"] == case["overrides"]), None)
    path = casefiles.inputs_path(Path(job["case_dir"]), nxt["name"]) if nxt else None
    if path is not None and path.exists():
        data2 = torch.load(path, weights_only=False)
        same_shapes = [getattr(a, "shape", None) for a in data["inputs"]] == [getattr(b, "shape", None) for b in data2["inputs"]]
        if same_shapes:
            args, _ = _guarded_inputs(data["inputs"], device, "nan")
            with torch.no_grad():
                first = _outputs(model(*args))
                for a, b in zip(args, data2["inputs"]):
                    if isinstance(a, torch.Tensor):
                        refill_unversioned(a, b)
                second = _outputs(model(*args))
            _sync(device)
            # an in-place kernel returns its (reused) input buffer: already reported as aliasing an input
            if not traps.aliasing_violations(second, args):
                record["aliasing_violations"] += traps.aliasing_violations(second, [], previous_outputs=first)
            torch.save([_plain(o) for o in second], out_dir / f"refill_{nxt['name']}.pt")
            record["refill"] = {"status": "run", "case": nxt["name"]}
    record["integrity_violations"] = traps.integrity_violations(pristine, native_threads=False)


def _replay(job: dict, data: dict, main: _Run, replay, record: dict, out_dir: Path) -> None:
    """The first call's recorded launches and torch operators, run again after the next seed's
    values were copied into the same input buffers (traps.Replay); the parent judges the outputs
    against that seed's expected ones."""
    import torch

    case = job["cases"][0]
    nxt = next((c for c in job["cases"] if c["kind"] == "seed" and c["name"] != case["name"]), None)
    path = casefiles.inputs_path(Path(job["case_dir"]), nxt["name"]) if nxt else None
    if path is None or not path.exists():
        record["replay"] = {"status": "not_run", "reason": "no second seed case"}
        return
    data2 = torch.load(path, weights_only=False)
    if [getattr(a, "shape", None) for a in data["inputs"]] != [getattr(b, "shape", None) for b in data2["inputs"]]:
        record["replay"] = {"status": "not_run", "reason": "the second seed case has other input shapes"}
        return
    if data.get("weights") != data2.get("weights") or data["init"] != data2["init"]:
        record["replay"] = {"status": "not_run", "reason": "the model's weights or init arguments differ between the seeds"}
        return
    if not replay.launches:
        record["replay"] = {"status": "not_run", "reason": "no kernel launch was recorded"}
        return
    try:
        with torch.no_grad():
            for a, b in zip(main.args, data2["inputs"]):
                if isinstance(a, torch.Tensor):
                    a.copy_(b.to(a.device))
        replay.run()
        _sync(job["device"])
    except Exception as exc:  # the recorded work cannot run again on its own: it is not self-contained
        record["replay"] = {"status": "run", "case": nxt["name"], "error": f"{type(exc).__name__}: {exc}"[:300],
                            "steps": len(replay.steps), "launches": replay.launches}
        return
    torch.save([_plain(o) for o in main.outputs], out_dir / f"replay_{nxt['name']}.pt")
    record["replay"] = {"status": "run", "case": nxt["name"], "steps": len(replay.steps), "launches": replay.launches}


REPEAT_CALLS = 9  # one more than a small ring of persistent output buffers


def _repeat_calls(job: dict, data: dict, model, main: _Run, record: dict, out_dir: Path) -> None:
    """The forward called again and again in the first call's input buffers, alternating the next
    seed's values and the first's, every output kept alive: a ring of persistent output buffers,
    a later call that returns a view of its input, or a cache keyed on pointers, versions or a few
    sampled values shows (shared storage, or stale values the parent judges)."""
    import torch

    from kagent.verifiers import traps

    case = job["cases"][0]
    nxt = next((c for c in job["cases"] if c["kind"] == "seed" and c["name"] != case["name"]), None)
    data2 = None
    if nxt and casefiles.inputs_path(Path(job["case_dir"]), nxt["name"]).exists():
        data2 = torch.load(casefiles.inputs_path(Path(job["case_dir"]), nxt["name"]), weights_only=False)
        same = [getattr(a, "shape", None) for a in data["inputs"]] == [getattr(b, "shape", None) for b in data2["inputs"]]
        if not same or data.get("weights") != data2.get("weights") or data["init"] != data2["init"]:
            data2 = None
    kept, violations = [main.outputs], []
    last: dict[str, list] = {}
    fresh: list = []
    with torch.no_grad():
        for i in range(REPEAT_CALLS):
            name, values = (nxt["name"], data2) if data2 is not None and (i // 2) % 2 == 0 else (case["name"], data)
            if i % 2:  # the first call's buffers, refilled in place
                args = main.args
                for a, b in zip(args, values["inputs"]):
                    if isinstance(a, torch.Tensor):
                        refill_unversioned(a, b)
            else:  # fresh buffers, made where the last fresh ones were freed (same addresses, same versions)
                fresh.clear()
                fresh.extend(_guarded_inputs(values["inputs"], job["device"], "nan")[0])
                args = fresh
            outs = _outputs(model(*args))
            _sync(job["device"])
            for v in traps.aliasing_violations(outs, args, previous_outputs=[o for prev in kept for o in prev]):
                violations.append(f"call {i + 2}: {v}")
            kept.append(outs)
            last[name] = outs
    for name, outs in last.items():
        torch.save([_plain(o) for o in outs], out_dir / f"repeat_{name}.pt")
    record["repeat"] = {"calls": REPEAT_CALLS, "cases": sorted(last), "aliasing": violations[:10]}


# Audit events whose first argument is the path they read (or link, copy, rename, list).
_FILE_EVENTS = frozenset({"open", "os.link", "os.symlink", "os.rename", "shutil.copyfile", "os.listdir", "os.scandir"})
_reference_reads: list[str] = []


def guard_expected_outputs(reference_root: Path) -> None:
    """Deny, and record for the verdict, any attempt of the candidate's process to reach the
    reference's expected outputs (the casefiles.expected_root tree). The harness itself never opens
    them here. In the OS sandbox they are not even mounted; this hook is what remains where no
    sandbox is available. A Python audit hook cannot be removed; it does not see raw syscalls made
    through ctypes, which the static checks flag instead."""
    root = os.path.realpath(reference_root)
    busy = False

    def hook(event: str, args: tuple) -> None:
        nonlocal busy
        if event not in _FILE_EVENTS or busy or not args or args[0] is None or isinstance(args[0], int):
            return
        busy = True
        try:
            real = os.path.realpath(os.fsdecode(args[0]))
            if real == root or real.startswith(root + os.sep):
                _reference_reads.append(f"{event} {real}")
                raise PermissionError(f"kagent: the reference's expected outputs are off limits: {real}")
        finally:
            busy = False

    sys.addaudithook(hook)


_WRITE_EVENTS = frozenset({"os.rename", "os.remove", "os.rmdir", "shutil.rmtree", "os.mkdir", "os.truncate",
                           "os.chmod", "os.chown", "os.link", "os.symlink", "shutil.move", "os.utime"})
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_SENSITIVE = (".netrc", ".ssh", ".aws", ".config", ".git-credentials", ".docker", ".kube", ".pypirc", ".npmrc",
              ".gnupg", ".bash_history", ".env", ".azure", ".gcloud")
_reach_attempts: list[str] = []


def guard_reach(writable: list[str]) -> None:
    """Record (for the verdict) every attempt of the candidate's process to write outside its own
    folders or to read what belongs to other processes and to the user: other processes' /proc
    entries, credentials in HOME. The OS sandbox already makes these fail or find nothing; trying
    is what a cheat does, and where no sandbox is available it is all that is seen."""
    roots = [os.path.realpath(p) for p in writable if p]
    home = os.path.realpath(os.path.expanduser("~"))
    own = {str(os.getpid()), "self", "thread-self"}
    busy = False

    def inside(path: str) -> bool:
        return any(path == r or path.startswith(r + os.sep) for r in roots)

    def hook(event: str, args: tuple) -> None:
        nonlocal busy
        if busy or not args or args[0] is None or isinstance(args[0], int):
            return
        writing = event in _WRITE_EVENTS
        if event == "open":
            mode, flags = (args[1] if len(args) > 1 else None), (args[2] if len(args) > 2 else 0)
            writing = (isinstance(mode, str) and any(m in mode for m in "wax+")) or bool(
                isinstance(flags, int) and flags & _WRITE_FLAGS)
        elif not writing:
            return
        busy = True
        try:
            real = os.path.realpath(os.fsdecode(args[0]))
            parts = real.split(os.sep)
            if writing and not inside(real) and not real.startswith("/dev/") and ".pyc." not in real \
                    and not real.endswith(".pyc"):  # the interpreter's own bytecode cache
                _reach_attempts.append(f"write: {event} {real}")
            elif len(parts) > 2 and parts[1] == "proc" and parts[2] not in own and (parts[2].isdigit() or parts[2] == "thread-self"):
                _reach_attempts.append(f"read another process: {real}")
            elif real.startswith(home + os.sep) and real[len(home) + 1:].split(os.sep)[0] in _SENSITIVE:
                _reach_attempts.append(f"read credentials: {real}")
        except (TypeError, ValueError):
            return
        finally:
            busy = False

    sys.addaudithook(hook)


def run_candidate(job: dict, emit: Emit) -> None:
    import torch

    from kagent.verifiers import epilogue, traps
    from kagent.verifiers.canary import PoisonedAllocator

    _pin_precision()
    device = job["device"]
    out_dir, case_dir = Path(job["out_dir"]), Path(job["case_dir"])
    plain = bool(job.get("plain"))
    allocator = _PlainAllocator() if plain else PoisonedAllocator()
    if not plain:
        allocator.install()  # before the candidate is imported, so `from torch import empty` is covered
    guard = "none" if plain else "nan"
    if job.get("anticheat"):
        traps.install_op_recorder_guards()  # before the candidate's code runs at all
    if device == "cpu":  # the Triton interpreter: a cheaper re-patching, and a check of every access
        interpreter_speed.install()
        if job.get("bounds_check"):
            bounds.install()
        _count_float_to_int()
        # host C++ kernels are the candidate's own there (importing cpp_extension costs ~0.3 s: only where used;
        # code that hides its use of it is counted as launching nothing, the safe side)
        if "cpp_extension" in Path(job["candidate"]).read_text(errors="replace"):
            traps.count_extension_calls()
    if job.get("light_headers") and "load_inline" in Path(job["candidate"]).read_text(errors="replace"):
        from torch.utils import cpp_extension

        from kagent.verifiers.extension_batch import lightened

        cpp_extension.load_inline = lightened(cpp_extension.load_inline)  # an evidence verify's builds
    pristine = traps.integrity_snapshot()  # before the candidate's code runs at all
    guard_expected_outputs(casefiles.expected_root(Path(job["case_dir"])))
    # compilers cache under ~/.cache (pycuda, torch extensions): private to the sandbox's HOME
    guard_reach([str(out_dir), "/tmp", os.environ.get("TMPDIR", ""), os.environ.get("TRITON_CACHE_DIR", ""),
                 os.path.join(os.path.expanduser("~"), ".cache"), os.environ.get("PYCUDA_CACHE_DIR", ""),
                 os.environ.get("TORCH_EXTENSIONS_DIR", ""), "/dev/shm",
                 "/var/tmp", "/usr/tmp"])  # tempfile probes these when /tmp is busy; read-only in the sandbox
    modules = _Modules(Path(job["candidate"]), "kagent_candidate", apply_overrides=job["single_file"])
    try:
        modules.get({})
    except Exception as exc:
        emit(event="import_error", reference_reads=list(_reference_reads), reach=list(_reach_attempts),
             **_error_event(exc))
        return

    built: dict = {}
    for case in job["cases"]:
        name = case["name"]
        path = casefiles.inputs_path(case_dir, name)
        if not path.exists():
            continue
        data = torch.load(path, weights_only=False)
        emit(event="case_start", case=name)
        start = time.monotonic()
        record: dict[str, Any] = {"event": "case_done", "case": name}
        # traps run on the first case; a follow-up job (verifiers/verify.py: deferred cases) names the main job's
        first_case = case["name"] == job.get("first_case", job["cases"][0]["name"])
        # a CPU-time limit: the job's, or this case's own (verifiers/verify.py: the 4097-row case)
        limit = (job.get("case_cpu_s") or {}).get(name, job.get("watchdog_s"))
        watchdog = _Watchdog(limit) if limit else None
        try:
            module = modules.get(case["overrides"])
            # one ModelNew per set of sizes, built as KernelBench builds it, shared by the cases
            key = (tuple(sorted(case["overrides"].items())), case["init_seed"], repr(data["init"]))
            if key not in built:
                mode = job.get("weights", "seeded")
                ref_state = _reference_weights(case_dir, data) if mode == "copy" or not built else None
                built.clear()
                built[key] = _build_model(module, data, case["init_seed"], device, mode, ref_state)
                record["weights"] = built[key][1]
            model = built[key][0]
            if first_case and job.get("anticheat"):
                own = _own_kernels(module)
                counter = traps.LaunchCounter(profile_cuda=device == "cuda", own=own)
                recorder = traps.OpRecorder(str(out_dir / "optrace.json"))
                replay = traps.Replay(candidate_file=getattr(module, "__file__", None))
                steps = record["step_s"] = {"build": round(time.monotonic() - start, 3)}
                with _timed(counter, "counter", steps):
                    main = _call(model, data["inputs"], device, allocator, "nan", "nan",
                                 (_timed(recorder, "recorder", steps), _timed(replay, "replay", steps)), steps)
                steps["anticheat_call"] = round(time.monotonic() - start - steps["build"], 3)
                if counter.needs_kineto:  # a CUDA graph ran: torch.profiler names the kernels in it
                    counter = traps.LaunchCounter(profile_cuda=True, kineto=True, own=own)
                    with counter:
                        _call(model, data["inputs"], device, allocator, "nan", "nan")
                tail = epilogue.analyse(replay.steps, replay.lines, main.args,
                                        [*model.parameters(), *model.buffers()], getattr(module, "__file__", None))
                record["ops"] = recorder.record.as_event(traps.layer_policy(job.get("reference_layers") or []),
                                                         index_ok=_all_floating(main.outputs), epilogue=tail.as_event())
                record["launches"] = {
                    "triton": counter.triton_launches, "custom": counter.custom_launches,
                    "names": dict(counter.names), "profiler": counter.profiler_status,
                    "profiler_kind": counter.profiler_kind, "profiler_reason": counter.profiler_reason,
                    "cuda_custom": counter.custom_cuda_kernels[:20], "cuda_library": counter.library_cuda_kernels[:20],
                }
                if device == "cpu" and job.get("compile_check"):  # judged by verifiers/compile_check.py
                    from kagent.verifiers import compile_check

                    specs, why = compile_check.launch_specs([(s[2], s[3], s[5]) for s in replay.steps if s[0] == "launch"])
                    record["kernel_specs"] = specs
                    if why:
                        record["kernel_specs_error"] = why
            else:
                if first_case and job.get("warm_calls"):  # the perturbed run: the checked call's index is unknowable
                    record["warm_calls"] = _warm_calls(model, data["inputs"], device, allocator, job["warm_calls"])
                main = _call(model, data["inputs"], device, allocator, guard, "nan")
            record.update(
                output_types=[type(o).__name__ for o in main.outputs],
                bad_input_guards=main.bad_input_guards,
                bad_alloc_guards=main.bad_alloc_guards,
                mutated_inputs=main.mutated,
                # every case: an output that is (a view of) an input, at some shapes only, shows here
                input_aliasing=[v for v in traps.aliasing_violations(main.outputs, main.args)] if not plain else [],
            )
            torch.save([_plain(o) for o in main.outputs], out_dir / f"cand_{name}.pt")
            record["digest"] = _digest(main.outputs)
            if first_case and job.get("noncontiguous"):
                t = time.monotonic()
                record["noncontiguous"] = _noncontiguous_call(model, data["inputs"], device, out_dir)
                if "step_s" in record:
                    record["step_s"]["noncontiguous"] = round(time.monotonic() - t, 3)
            runs = [main]
            again = None
            guard_run, poison_run = _canary_runs(main, device, job) if case["full_checks"] else (False, False)
            if guard_run or poison_run:
                alt_guard = _call(model, data["inputs"], device, allocator, "alt", "nan") if guard_run else None
                alt_poison = _call(model, data["inputs"], device, allocator, "nan", "alt") if poison_run else None
                probes = [r for r in (alt_guard, alt_poison) if r is not None]
                runs += probes

                def differ(probe: _Run | None, noise: list | None = None) -> list[dict]:
                    return [] if probe is None else _diff_outputs(main.outputs, probe.outputs, noise=noise)

                oob, uninit = differ(alt_guard), differ(alt_poison)
                if oob or uninit:  # identical runs tell canary effects from run-to-run noise
                    reruns = _noise_reruns(lambda: _call(model, data["inputs"], device, allocator, "nan", "nan"), main)
                    runs += reruns
                    again = reruns[0]
                    noise = _noisiest(main.outputs, reruns)
                    if noise is not None:
                        oob, uninit = differ(alt_guard, noise), differ(alt_poison, noise)
                record["oob_read"], record["uninitialized"] = oob, uninit
            if case["determinism"]:
                if again is None:
                    again = _call(model, data["inputs"], device, allocator, "nan", "nan")
                    runs.append(again)
                record["nondeterministic"] = _diff_outputs(main.outputs, again.outputs, spread=True)
                if record["nondeterministic"]:  # the oracle judges the rerun too (atomics may reorder sums)
                    torch.save([_plain(o) for o in again.outputs], out_dir / f"again_{name}.pt")
            # a write past an end may only show with some guard contents: keep the first of each
            for key in ("bad_input_guards", "bad_alloc_guards"):
                seen = dict(record[key])
                for run in runs[1:]:
                    for name, offset in getattr(run, key):
                        seen.setdefault(name, offset)
                record[key] = sorted(seen.items())
            if first_case and job.get("batch_invariance"):
                record["batch_invariance"] = _batch_invariance(model, data["inputs"], main.outputs, device, allocator)
            if first_case and job.get("anticheat"):
                traps_start = time.monotonic()
                _traps(job, case, data, model, module, main, allocator, record, out_dir, pristine)
                _replay(job, data, main, replay, record, out_dir)
                _repeat_calls(job, data, model, main, record, out_dir)
                record["trap_seconds"] = time.monotonic() - traps_start
            if first_case and job.get("timing") and device == "cuda":
                from kagent.verifiers.timing import time_cuda

                args = [_to(x, device) for x in data["inputs"]]
                with torch.no_grad(), allocator.passthrough():
                    emit(event="timing", case=name, **time_cuda(lambda: model(*args), job["timing_runs"]))
                if job.get("anticheat"):  # a timer patched during the timed calls shows only now
                    seen = record.get("integrity_violations", [])
                    record["integrity_violations"] = seen + [v for v in traps.integrity_violations(
                        pristine, native_threads=False) if v not in seen]
        except _OverBudget:
            pass  # (the watchdog below says so)
        except Exception as exc:
            if watchdog is not None:
                watchdog.armed = False
            record["error"] = _error_event(exc)
            if record["error"]["failure_class"] == "crash":  # the CUDA context is gone
                record["seconds"] = time.monotonic() - start
                record["reference_reads"] = list(_reference_reads)
                record["reach"] = list(_reach_attempts)
                emit(**record)
                return
        if watchdog is not None and watchdog.stop():  # over its CPU budget, whatever the candidate caught
            (out_dir / f"cand_{name}.pt").unlink(missing_ok=True)
            bounds.take_violation()
            emit(event="case_skipped", case=name, over_cpu_s=limit, reason=f"stopped after {limit:.0f} s of CPU "
                 "time under the interpreter (the case's budget)")
            continue
        if first_case and device == "cpu":  # float -> int conversions in the kernels (suite: past 2^24 elements)
            record["float_to_int"] = _float_to_int[0]
        violation = bounds.take_violation()  # the first bad access, even if the candidate caught it
        if violation is not None:
            record["error"] = violation.error_event()
        record["seconds"] = time.monotonic() - start
        record["reference_reads"] = list(_reference_reads)
        record["reach"] = list(_reach_attempts)
        emit(**record)


# --- entry point --------------------------------------------------------------------------------


def _warm_up() -> None:
    """Import what every job needs BEFORE reading the job: a worker started ahead of need (see
    tools/sandbox.Spawned) has paid for this by the time its job arrives."""
    import torch
    # what torch imports the first time a dispatch mode runs (traps.Replay): imported now, before a
    # candidate can make a second `torch.ops` namespace whose operators those tables do not know
    import torch.nn.utils._expanded_weights  # noqa: F401
    from torch.utils import _python_dispatch  # noqa: F401

    if os.environ.get("CUDA_VISIBLE_DEVICES") != "" and torch.cuda.is_available():
        torch.cuda.init()  # the CUDA context's start, paid before the job arrives
        from kagent.tools.sandbox import WARM_PROFILER_ENV

        if os.environ.get(WARM_PROFILER_ENV) == "1":
            from kagent.verifiers import launch_trace, traps

            # a candidate's worker: the launch counter's callbacks built and loaded (a fraction of a
            # second); and if nothing waits yet, one torch.profiler session (its first start costs
            # seconds; a thread does not hide it, it holds the interpreter lock). Session 24 blamed the
            # operator recorder for a lone verify's 5-7 s first case; session 27 measured the recorder at
            # 36 us and found torch._dynamo's import, now avoided (verifiers/dispatch_modes.py)
            launch_trace.prepare()
            if not _job_waiting():
                traps.warm_cuda_profiler()
    try:
        import triton  # noqa: F401
    except ImportError:  # a CUDA-C-only candidate does not need Triton
        return


def _job_waiting() -> bool:
    """Whether the job has arrived on stdin already (a worker started for a job, not ahead of one)."""
    import select

    try:
        return bool(select.select([sys.stdin], [], [], 0)[0])
    except (OSError, ValueError):
        return True


def main() -> int:
    _warm_up()
    job = json.loads(sys.stdin.read())
    arrived = time.monotonic()
    out_dir = Path(job["out_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    stream = open(out_dir / f"{job['mode']}_events.jsonl", "a", buffering=1)

    def emit(**event: Any) -> None:  # t: seconds since the job arrived (the report's phase times)
        event["t"] = round(time.monotonic() - arrived, 3)
        stream.write(json.dumps(event, default=_json_default) + "\n")
        stream.flush()

    emit(event="start", mode=job["mode"])
    if job.get("clock_offset_s"):  # the perturbed run: before the candidate is imported (verifiers/perturb.py)
        perturb.shift_clock(float(job["clock_offset_s"]))
    if job["mode"] == "reference":
        run_reference(job, emit)
    else:
        run_candidate(job, emit)
    emit(event="done")
    stream.close()
    return 0


def _json_default(x: Any) -> Any:
    if isinstance(x, float) and not math.isfinite(x):
        return str(x)
    return str(x)


if __name__ == "__main__":
    sys.exit(main())
