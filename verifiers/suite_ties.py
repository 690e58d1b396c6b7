"""Inputs with ties, for operators whose result depends on how ties are broken.

Random floats almost never tie, so a kernel whose running comparison is `>=` where torch's is `>`
(an argmax that returns the last maximum instead of the first) passes every random case. When the
reference source uses a tie-sensitive operator, the suite gets one more case, `ties`: the problem's
own inputs with every floating tensor quantised to three integer multiples of a power of two (so
values repeat in every row and column, exactly) and the first slice along dim 0 made constant.

Two kinds of operator (`tie_sensitivity`):
- tie order DEFINED by torch (argmax/argmin and max/min with a dim: the first extreme; max pooling with
  `return_indices=True`: the first maximum of a window in scan order; cummax/cummin;
  unique; stable sort; searchsorted): the case is judged like any other (transform `ties`);
- tie order UNSPECIFIED (top-k, unstable sort/argsort, kthvalue, mode, median): the indices a
  correct kernel returns may differ from torch's, so the case runs only when the reference returns
  no integer tensor (transform `ties_values`; the reference worker skips it otherwise): the values
  must still be right, which catches a rank computed with `>` where `>=` was needed. Not at all when
  the reference places values by index (scatter, gather, one_hot, `.indices`): a top-2 gate scattered
  into a dense matrix is as right with either of two tied experts (a blind set's honest twin failed).

Planning is pure (no torch); `with_ties` runs in the reference worker.
"""

from __future__ import annotations

import ast
from typing import Literal

TieSensitivity = Literal["defined", "values_only"]

# Methods/functions whose tie order torch defines (or which hold no order at all but repeat values).
_DEFINED = frozenset({"argmax", "argmin", "cummax", "cummin", "unique", "unique_consecutive", "searchsorted",
                      "bucketize", "nanargmax", "nanargmin"})
# Tie order unspecified by torch: only the values can be judged.
_UNSPECIFIED = frozenset({"topk", "kthvalue", "mode", "median", "nanmedian", "msort"})
_SORTS = frozenset({"sort", "argsort"})
# Max pooling that returns its indices: torch takes the first maximum of a window in scan order (`val >
# maxval` in its CPU and CUDA kernels), so the indices are defined under ties as argmax's are.
_POOLS = frozenset({f"{a}max_pool{d}d" for a in ("", "adaptive_", "fractional_") for d in (1, 2, 3)}
                   | {f"{a}MaxPool{d}d" for a in ("", "Adaptive", "Fractional") for d in (1, 2, 3)})
_EXTREMA = frozenset({"max", "min", "amax", "amin", "aminmax"})
# Calls that place or pick values by index: an unspecified tie order then moves values, not just indices.
_BY_INDEX = frozenset({"scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce", "gather",
                       "index_select", "take_along_dim", "one_hot", "index_put", "index_put_", "index_add",
                       "index_add_", "index_copy", "index_fill"})


def call_name(func: ast.expr) -> str | None:
    """`f` of `f(...)` and `x.f(...)`."""
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _looks_like_dim(arg: ast.expr) -> bool:
    if isinstance(arg, ast.UnaryOp):
        arg = arg.operand
    if isinstance(arg, ast.Constant):
        return isinstance(arg.value, int) and not isinstance(arg.value, bool)
    name = arg.attr if isinstance(arg, ast.Attribute) else arg.id if isinstance(arg, ast.Name) else ""
    return "dim" in name.lower() or "axis" in name.lower()


def _is_reduction_with_dim(call: ast.Call) -> bool:
    """`torch.max(x, 1)`, `x.max(dim=1)`, `x.max(self.dim)`; not `torch.max(a, b)` (elementwise) nor `x.max()`."""
    if any(k.arg in ("dim", "axis") for k in call.keywords):
        return True
    on_module = isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) and \
        call.func.value.id == "torch"
    positional = call.args[1:] if on_module else call.args
    return bool(positional) and _looks_like_dim(positional[0])


_VIEWS = frozenset({"unsqueeze", "view", "reshape", "expand", "transpose", "permute", "t", "contiguous"})
# elements picked out of a tensor (a target class's logit): compared with the tensor, they tie with it
_PICKS = frozenset({"gather", "take_along_dim", "index_select"})


def _root(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """The input name a view expression reads (`f[:, None]`, `f.unsqueeze(1)`, a name assigned such a view)."""
    while True:
        if isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _VIEWS | _PICKS:
            node = node.func.value
        elif isinstance(node, ast.Name):
            return aliases.get(node.id, node.id)
        else:
            return None


def _view_aliases(tree: ast.AST) -> dict[str, str]:
    """Names assigned a view of an input (`ti = time[:, :, None]`) -> the input's name."""
    aliases: dict[str, str] = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            r = _root(n.value, aliases) if isinstance(n.value, (ast.Subscript, ast.Call)) else None
            if r is not None:
                aliases[n.targets[0].id] = r
    return aliases


def _pairwise_comparison(tree: ast.AST) -> bool:
    """An order comparison of a tensor with another view of itself (`f[:, :, None] <= f[:, None, :]`: a
    domination count, a rank) or with elements picked from it (`logits > logits.gather(1, target)`: a
    target's rank): exact ties between its elements decide the result, in a way torch defines."""
    aliases = _view_aliases(tree)
    for n in ast.walk(tree):
        if isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
            left, right = _root(n.left, aliases), _root(n.comparators[0], aliases)
            if left is not None and left == right and ast.unparse(n.left) != ast.unparse(n.comparators[0]):
                return True
    return False


_SIGNS = frozenset({"sign", "sgn", "signbit"})


def _is_zero(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and not isinstance(node.value, bool) and node.value == 0


def _signed_self_difference(tree: ast.AST) -> bool:
    """The sign of a difference between two views of one input (`torch.sign(c[:, 1:] - c[:, :-1])`, a
    `torch.diff` compared with 0): an up / down / unchanged rule whose unchanged branch only exact ties
    reach (on-balance volume, run lengths, turning points)."""
    aliases = _view_aliases(tree)
    diffs: set[str] = set()

    def is_diff(node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in diffs
        if isinstance(node, ast.Call) and call_name(node.func) == "diff":
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
            left, right = _root(node.left, aliases), _root(node.right, aliases)
            return left is not None and left == right and ast.unparse(node.left) != ast.unparse(node.right)
        return False

    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and is_diff(n.value):
            diffs.add(n.targets[0].id)
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and call_name(n.func) in _SIGNS:
            method = isinstance(n.func, ast.Attribute) and not (isinstance(n.func.value, ast.Name)
                                                                and n.func.value.id == "torch")
            args = [n.func.value] if method else n.args[:1]
            if any(is_diff(a) for a in args):
                return True
        if isinstance(n, ast.Compare) and len(n.ops) == 1 and not isinstance(n.ops[0], (ast.Is, ast.IsNot, ast.In, ast.NotIn)):
            if (is_diff(n.left) and _is_zero(n.comparators[0])) or (_is_zero(n.left) and is_diff(n.comparators[0])):
                return True
    return False


def tie_sensitivity(source: str) -> TieSensitivity | None:
    """How the reference's result depends on ties ("defined" wins over "values_only"), from its AST."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    found: set[str] = set()
    by_index = any(isinstance(n, ast.Attribute) and n.attr == "indices" for n in ast.walk(tree))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        by_index = by_index or call_name(node.func) in _BY_INDEX
        name = call_name(node.func)
        if name in _DEFINED:
            found.add("defined")
        elif name in _POOLS and any(k.arg == "return_indices" and isinstance(k.value, ast.Constant)
                                    and k.value.value is True for k in node.keywords):
            found.add("defined")
        elif name in _UNSPECIFIED:
            found.add("values_only")
        elif name in _SORTS:
            stable = any(k.arg == "stable" and isinstance(k.value, ast.Constant) and k.value.value is True
                         for k in node.keywords)
            found.add("defined" if stable else "values_only")
        elif name in _EXTREMA and (name in ("amax", "amin", "aminmax") or _is_reduction_with_dim(node)):
            found.add("defined" if name in ("max", "min") else "values_only")
    if "defined" in found or _pairwise_comparison(tree) or _signed_self_difference(tree):
        return "defined"
    return "values_only" if found and not by_index else None


def ties_transform(source: str) -> Literal["ties", "ties_values"] | None:
    kind = tie_sensitivity(source)
    return None if kind is None else ("ties" if kind == "defined" else "ties_values")


def skip_reason(transform: str | None, outputs: list) -> str | None:
    """For the reference worker: a `ties_values` case whose reference returns indices is not judged."""
    if transform == "ties_values" and any(not (o.dtype.is_floating_point or o.dtype.is_complex) for o in outputs):
        return ("the reference returns integer outputs (indices) of an operator whose tie order torch leaves "
                "unspecified; a correct kernel may break ties differently")
    return None


def with_ties(t, index: int):
    """A copy of a floating tensor with exact ties: values k * 2^e for three integers k (-1..1, or 1..3
    for an all-positive input and -3..-1 for an all-negative one; 2^e the tensor's spread rounded to a
    power of two), and the first slice along dim 0 constant."""
    import math

    import torch

    if t.numel() == 0:
        return t.clone()
    x = t.double()
    finite = x[torch.isfinite(x)]
    spread = float(finite.std()) if finite.numel() > 1 else (abs(float(finite[0])) if finite.numel() else 1.0)
    scale = 2.0 ** round(math.log2(spread)) if spread > 0 and math.isfinite(spread) else 1.0
    q = torch.round(x / scale)
    if finite.numel() and float(finite.min()) > 0:
        q = q.clamp(1, 3)
    elif finite.numel() and float(finite.max()) < 0:
        q = q.clamp(-3, -1)
    else:  # three levels: about a third of any row holds its maximum
        q = q.clamp(-1, 1)
    q = torch.where(torch.isfinite(x), q * scale, x)
    if q.dim() >= 1 and q.shape[0] > 1:
        q[0] = q.flatten()[q.numel() // 2]  # a constant row: every element ties
    return q.to(t.dtype).contiguous()
