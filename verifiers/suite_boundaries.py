"""Inputs that sit exactly on the reference's thresholds, for problems with a discontinuity.

Random floats never equal a threshold, so a kernel testing `>=` where the reference tests `>` (a
hard shrinkage keeping |x| == lambd, a step at 0, a rounding of the halves) passes every random
case. When the reference compares values (`x > t`, `torch.where(x >= t, ...)`) or calls an operator
that jumps at known points (hardshrink, threshold, sign, floor, ...), the suite gets one more case,
`boundaries`: the problem's own inputs with half of each continuous float tensor's elements set
to the thresholds the source names (0, the float literals of Model, of module-level constants and of
get_init_inputs, each operator's own default points) and their negatives. A quarter hold the same
value in every input at one position (x == y, a product of two zeros); another quarter hold each
input's values in another order (one input zero where the others are not: a step size of 0 where
a gradient is 0 would hide a wrong factor). Operators with a special point but no jump count too:
sinc's removable 0/0, histc's and bucketize's edges (the range ends are constructor arguments, so
planted). A reference that rounds to nearest gets none: where a tie goes is a convention, and an
honest kernel may keep another.

Only values float32 holds exactly are planted: a planted value is then the same number in the
input, the reference's float64 truth and the kernel, and a kernel that lands on the other side of
the jump is wrong, not rounded differently. The oracle's sensitivity (the error a float32 kernel
cannot avoid) does not move the planted elements (verifiers/harness._sensitivity): moved, they
would cross the jump and excuse any answer there.

Planning is pure (no torch); `with_boundaries` runs in the reference worker.
"""

from __future__ import annotations

import ast
import struct

from kagent.verifiers.suite_ties import call_name

# operators that jump at points of their own (their default thresholds are planted too)
_JUMPS = {"hardshrink": (0.5,), "Hardshrink": (0.5,), "threshold": (), "Threshold": (), "sign": (), "sgn": (),
          "heaviside": (), "floor": (1.0,), "ceil": (1.0,), "trunc": (1.0,), "frac": (1.0,), "fmod": (),
          "remainder": (), "gt": (), "ge": (), "lt": (), "le": (), "greater": (), "greater_equal": (), "less": (),
          "less_equal": (), "sinc": (), "histc": (), "bucketize": (), "searchsorted": ()}
# rounding to nearest: how a tie (x.5) goes is a convention (torch: half to even; many kernels: half
# away from zero) that random inputs never test; a reference that rounds gets no boundaries case
_CONVENTION = {"round", "rint", "nearbyint"}
_MAX_VALUES = 8
_MAX_MAGNITUDE = 1e6


def _exact32(v: float) -> bool:
    try:
        return struct.unpack("f", struct.pack("f", v))[0] == v
    except (OverflowError, struct.error):
        return False


def boundary_values(source: str) -> list[float] | None:
    """The values to plant for this reference, or None where it has no discontinuity kagent sees."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    model = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Model"), None)
    if model is None:
        return None
    # the reference's own code, its constants and constructor arguments (a single file's ModelNew and
    # kernels compare offsets with sizes)
    scope = [model, *(n for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                      or (isinstance(n, ast.FunctionDef) and n.name == "get_init_inputs"))]
    jumps = False
    points: list[float] = [0.0]
    for node in (x for top in scope for x in ast.walk(top)):
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Gt, ast.GtE, ast.Lt, ast.LtE)) for op in node.ops):
            jumps = True
        elif isinstance(node, ast.Call) and call_name(node.func) in _CONVENTION:
            return None
        elif isinstance(node, ast.Call) and call_name(node.func) in _JUMPS:
            jumps = True
            points += _JUMPS[call_name(node.func)]
    if not jumps:
        return None
    for node in (x for top in scope for x in ast.walk(top)):
        if isinstance(node, ast.Constant) and isinstance(node.value, float):
            points.append(node.value)
    out: list[float] = []
    for v in points:
        for s in (v, -v):
            if _exact32(s) and abs(s) <= _MAX_MAGNITUDE and s not in out:
                out.append(0.0 if s == 0 else s)
    return out[:_MAX_VALUES]


def with_boundaries(t, values: list[float], index: int = 0):
    """A copy with every fourth element from the second replaced by a planted value, and every fourth
    from the fourth by the value planted there rotated by the input's position plus one.

    Which value goes where is drawn (a fixed seed: the same for every input and every run), not
    taken in turn: in turn, elements a multiple of len(values) x 4 apart always hold related
    values, and a gate at column c with its `up` at c + 200 of one row held 1.0 only where `up`
    held 0.0, hiding a `>=` for `>` at the threshold (a blind set's fatrelu)."""
    import torch

    out = t.clone().contiguous()
    if out.numel() < 2 or not values:
        return out
    flat = out.view(-1)
    table = torch.tensor(values, dtype=torch.float64)
    for start, shift in ((1, 0), (3, index + 1)):
        picks = torch.arange(start, flat.numel(), 4)
        if picks.numel():
            drawn = torch.randint(0, len(values), (picks.numel(),), generator=torch.Generator().manual_seed(start))
            flat[picks] = table[(drawn + shift) % len(values)].to(flat.dtype)
    return out


def planted(t, values: list[float]):
    """Where `t` holds a planted value (a bool mask), for the sensitivity to leave alone."""
    import torch

    return torch.isin(t.double(), torch.tensor(values, dtype=torch.float64))
