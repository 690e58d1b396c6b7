"""Host-side values: expressions over shapes, constants and Python ints (`x.shape[1]`, `len(x)`,
`triton.next_power_of_2(n)`, `torch.prod(torch.tensor(dims))`), and tables built from them
(`torch.outer(torch.arange(s, dtype=torch.float32), inv_freq).cos()`: a rotary embedding's cos/sin).
Torch on such values does not compute the result — it never reads the inputs or the weights — and
branching on them does not depend on the data.
"""

from __future__ import annotations

import ast

from kagent.verifiers.anticheat_static.checks_data import _assigned_values, _call_site_args
from kagent.verifiers.anticheat_static.resolve import Analysis, Unit
from kagent.verifiers.anticheat_static.vocabulary import (
    TENSOR_COMPUTE_METHODS,
    TENSOR_SAFE_METHODS,
    classify_torch_path,
)

_SHAPE_ATTRS = frozenset({"shape", "ndim", "dtype", "device", "is_cuda", "layout"})
_SHAPE_METHODS = frozenset({"size", "stride", "numel", "dim", "ndimension", "nelement", "element_size",
                            "is_contiguous", "get_device", "storage_offset", "data_ptr"})
# Methods that on a host-side (shape) value stay host-side: `torch.tensor(dims).prod().item()`.
_HOST_VALUE_METHODS = frozenset({"prod", "sum", "item", "tolist", "max", "min", "cumprod", "long", "int",
                                 "index", "count", "bit_length"})
_HOST_FUNCTIONS = frozenset({"builtins." + n for n in (
    "int", "float", "bool", "len", "min", "max", "abs", "sum", "round", "list", "tuple", "range", "divmod", "pow")}
    | {"math.prod", "math.ceil", "math.floor", "math.log2", "math.sqrt", "math.gcd", "math.isqrt", "math.log",
       "triton.next_power_of_2", "triton.cdiv", "triton.language.cdiv", "functools.reduce", "operator.mul",
       "operator.add", "torch.Size", "numpy.prod"})


def _host_value(an: Analysis, node: ast.AST | None, unit: Unit | None, depth: int = 0) -> bool:
    """An expression over shapes, constants and Python ints only: `x.shape[1]`, `len(x)`,
    `triton.next_power_of_2(n_cols)`, `torch.prod(torch.tensor(dims))`. Torch on such values does
    not compute the result; branching on them does not depend on the data."""
    if node is None or depth > 12:
        return False
    rec = lambda n, u=unit: _host_value(an, n, u, depth + 1)  # noqa: E731
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Attribute):
        return node.attr in _SHAPE_ATTRS or _is_torch_dtype(an, node, unit)
    if isinstance(node, ast.Subscript):
        return rec(node.value) and rec(node.slice) if not isinstance(node.slice, ast.Slice) else rec(node.value)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(rec(e) for e in node.elts)
    if isinstance(node, ast.Starred):
        return rec(node.value)
    if isinstance(node, ast.BinOp):
        return rec(node.left) and rec(node.right)
    if isinstance(node, ast.UnaryOp):
        return rec(node.operand)
    if isinstance(node, ast.BoolOp):
        return all(rec(v) for v in node.values)
    if isinstance(node, ast.Compare):
        return rec(node.left) and all(rec(c) for c in node.comparators)
    if isinstance(node, ast.IfExp):
        return rec(node.body) and rec(node.orelse)
    if isinstance(node, ast.Name):
        if unit is None:
            return node.id in an.module_values and rec(an.module_values[node.id], None)
        values = _assigned_values(an, node.id, unit)
        if node.id in unit.params:  # a parameter: what every call site passes, and any rebinding
            sites = _call_site_args(an, unit, node.id)
            if not sites:
                return False
            values = [*sites, *[(v, u) for v, u in values if (v, u) not in sites]]
        return bool(values) and all(_host_value(an, v, u, depth + 1) for v, u in values)
    if isinstance(node, ast.Call):
        f = node.func
        args = [*node.args, *[k.value for k in node.keywords]]
        if isinstance(f, ast.Attribute) and f.attr in _SHAPE_METHODS:
            return all(rec(a) for a in args)
        if isinstance(f, ast.Attribute) and f.attr in _HOST_VALUE_METHODS and rec(f.value):
            return all(rec(a) for a in args)
        if isinstance(f, ast.Attribute) and f.attr in _TABLE_METHODS and rec(f.value):
            return all(rec(a) for a in args)  # `.cos()` of a table of positions is still a table
        q = (an.resolve(f, unit) if unit is not None else None) or ""
        if q == "builtins.len":
            return True  # the length of anything is a size
        if q in _HOST_FUNCTIONS or (q.startswith("torch.") and classify_torch_path(q) in ("compute", "safe")
                                     and not q.startswith("torch.nn.")):
            return bool(args) and all(rec(a) for a in args if not isinstance(a, ast.Constant))
    return False


# Any tensor method keeps a host value host: what it reads was made from shapes and constants.
_TABLE_METHODS = (TENSOR_COMPUTE_METHODS | TENSOR_SAFE_METHODS) - {"numpy", "data_ptr"}


def _is_torch_dtype(an: Analysis, node: ast.Attribute, unit: Unit | None) -> bool:
    """`torch.float32` passed as `dtype=`: a constant."""
    q = (an.resolve(node, unit) if unit is not None else None) or ""
    return q.startswith("torch.") and q.split(".", 1)[1] in _TORCH_DTYPES


_TORCH_DTYPES = frozenset("""float float16 float32 float64 half double bfloat16 int int8 int16 int32 int64 long
short uint8 bool complex64 complex128 float8_e4m3fn float8_e5m2""".split())
