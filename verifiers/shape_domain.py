"""Whether a shape case's sizes lie in the problem's domain, read off the (trusted) reference as it runs.

A shape case overrides a problem's module-level sizes. Some sizes are tied by what the problem assumes
and never states: a multi-level Haar transform halves its row `levels` times (the row's length must be
divisible by 2**levels); Wilder's RSI seeds its average with the first `period` changes (a series must
hold more than `period` changes). Past that, torch often still runs the reference, and computes
arithmetic the problem never meant:
- a stretch: an elementwise operator broadcasts a size-1 dimension (an odd half of length 1 against an
  even half of length 2) or a size-1 one against an empty one;
- a clamp: an index slice whose bound lies past the dimension's end (`gain[:, :period]` on fewer than
  `period` changes), which Python clamps silently.
An honest kernel written for the problem's domain then fails a case no user could pose. The sign of it:
the reference shows such a stretch or clamp at the override at a line (and argument, dimension) where
it never did at the problem's own sizes. Such a variant is out of the domain; the shape case falls
back to its next variant (verifiers/suite.py). The reverse (a stretch the problem's sizes have and the
override lacks, a batch of one) is in the domain.

Layer 3 (verifiers/): no imports of kagent.
"""

from __future__ import annotations

import sys
from typing import Any

# (line of the reference, "stretch" | "clamp", argument index or 0, dimension: from the right for a
# stretch, from the left for a clamp)
Sign = tuple[int, str, int, int]


def stretches(func: Any, args: tuple, out: Any, filename: str) -> set[Sign]:
    """The dimensions a pointwise aten operator stretches from size 1 (or from absent) to another size
    (more than one, or none: 1 against 0), keyed by the reference's line that called it."""
    import torch

    if torch.Tag.pointwise not in func.tags or not isinstance(out, torch.Tensor) or out.dim() == 0:
        return set()
    found: set[tuple[int, int]] = set()
    for i, a in enumerate(args):
        if not isinstance(a, torch.Tensor) or a.dim() == 0:  # a scalar is every shape's
            continue
        for d in range(1, out.dim() + 1):
            size = a.shape[-d] if d <= a.dim() else 1
            if size == 1 and out.shape[-d] != 1:
                found.add((i, d))
    if not found:
        return set()
    line = _line_in(filename)
    return {(line, "stretch", i, d) for i, d in found} if line else set()


def clamps(tensor: Any, index: Any, filename: str) -> set[Sign]:
    """The dimensions `tensor[index]` slices with a bound past their end (positive bounds; a plain index
    of ints, slices and None; others are not read), keyed by the reference's line."""
    items = index if isinstance(index, tuple) else (index,)
    if any(x is Ellipsis or not (x is None or isinstance(x, (int, slice))) for x in items):
        return set()
    found: set[int] = set()
    dim = 0
    for x in items:
        if x is None:
            continue
        if dim >= tensor.dim():
            return set()
        if isinstance(x, slice):
            size = tensor.shape[dim]
            bounds = [b for b in (x.start, x.stop) if isinstance(b, int) and b > 0]
            if any(b > size for b in bounds):
                found.add(dim)
        dim += 1
    if not found:
        return set()
    line = _line_in(filename)
    return {(line, "clamp", 0, d) for d in found} if line else set()


def _line_in(filename: str) -> int:
    """The innermost line of `filename` on the current stack (0: none, an operator of torch's own)."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename == filename:
            return frame.f_lineno
        frame = frame.f_back
    return 0


def out_of_domain(at_override: set[Sign], at_default: set[Sign]) -> Sign | None:
    """A sign the override shows that the problem's own sizes never showed (None: none)."""
    new = sorted(at_override - at_default)
    return new[0] if new else None


def describe(sign: Sign) -> str:
    line, kind = sign[0], sign[1]
    what = "broadcasts a size-1 dimension" if kind == "stretch" else "slices past a dimension's end"
    return f"out of the problem's domain: the reference {what} at line {line} here, never at its own sizes"
