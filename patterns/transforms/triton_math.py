"""Triton transforms for formulas: the row max in softmax / log-sum-exp, GELU's 0.5, exp2's
log2(e), eps inside the square root, the biased variance, the sigmoid's sign.
"""

from __future__ import annotations

import libcst as cst

from kagent.patterns.transforms.triton_source import (
    _Site,
    _Src,
    _call_name,
    _dotted,
    _expr,
    _is_number,
    _kwarg,
    _paren,
    _positional,
    _transform,
    _with_rewrite,
)


def _subtracts_max(src: _Src, kernel: cst.FunctionDef, expr: cst.BaseExpression, depth: int = 3) -> bool:
    """Does `expr` (or what its names were assigned from) subtract a max?"""
    assigns = src.assignments(kernel)
    maxed = {n for n, vs in assigns.items() if any(src.calls(v, "tl.max") for v in vs)}
    for op in src.nodes(expr, cst.BinaryOperation):
        if isinstance(op.operator, cst.Subtract) and (src.calls(op.right, "tl.max") or src.names(op.right) & maxed):
            return True
    if depth > 0:
        for name in src.names(expr):
            for value in assigns.get(name, []):
                if value is not expr and _subtracts_max(src, kernel, value, depth - 1):
                    return True
    return False


def _never_positive(expr: cst.BaseExpression) -> bool:
    """`-tl.abs(x)` (softplus's and log-sigmoid's stable form) or `tl.minimum(.., 0)`: exp cannot overflow."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        inner = expr.expression
        return isinstance(inner, cst.Call) and (_call_name(inner) or "").split(".")[-1] in ("abs", "fabs")
    if isinstance(expr, cst.Call) and (_call_name(expr) or "").split(".")[-1] == "minimum":
        return any(_is_number(a.value, 0.0) for a in expr.args)
    return False


def _log_sum_of(src: _Src, exp_call: cst.Call) -> cst.Call | None:
    """The `tl.log(tl.sum(<exp_call>, ...))` around an exp call, if that is where it sits."""
    arg = src.parent.get(exp_call)
    sum_call = src.parent.get(arg) if isinstance(arg, cst.Arg) else None
    if not (isinstance(sum_call, cst.Call) and _call_name(sum_call) == "tl.sum" and sum_call.args[0] is arg):
        return None
    arg2 = src.parent.get(sum_call)
    log_call = src.parent.get(arg2) if isinstance(arg2, cst.Arg) else None
    if isinstance(log_call, cst.Call) and _call_name(log_call) in ("tl.log", "tl.math.log") and log_call.args[0] is arg2:
        return log_call
    return None


@_transform("softmax_subtract_max", 3, "subtract the row max before tl.exp in softmax")
def _softmax_subtract_max(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        sums = src.calls(kernel, "tl.sum")
        if not sums:
            continue
        axis = _kwarg(sums[0], "axis")
        axis_code = src.code(axis.value) if axis is not None else (
            src.code(_positional(sums[0])[1].value) if len(_positional(sums[0])) > 1 else "0")
        for call in src.calls(kernel, "tl.exp", "tl.math.exp", "tl.exp2"):
            pos = _positional(call)
            if not pos or _never_positive(pos[0].value) or _subtracts_max(src, kernel, pos[0].value):
                continue
            arg = pos[0].value
            new_arg = _expr(f"{{a}} - tl.max({{b}}, axis={axis_code})", a=_paren(arg), b=arg)
            log_call = _log_sum_of(src, call)
            if log_call is not None:
                # log-sum-exp: log(sum(exp(x))) == max(x) + log(sum(exp(x - max(x))))
                new_exp = call.with_changes(args=[call.args[0].with_changes(value=new_arg), *call.args[1:]])
                sum_call = src.parent.get(src.parent.get(call))
                new_sum = sum_call.with_changes(args=[sum_call.args[0].with_changes(value=new_exp),
                                                      *sum_call.args[1:]])
                new_log = log_call.with_changes(args=[log_call.args[0].with_changes(value=new_sum),
                                                      *log_call.args[1:]])
                full = _expr(f"(tl.max({{b}}, axis={axis_code}) + {{l}})", b=arg, l=new_log)
                sites.append(_Site(log_call, _with_rewrite(full),
                                   "log-sum-exp: subtract the row max inside tl.exp and add it back"))
                continue
            sites.append(_Site(call, lambda u, a=new_arg: u.with_changes(
                args=[u.args[0].with_changes(value=a), *u.args[1:]]), "subtract the row max inside tl.exp"))
    return sites


_ACTIVATIONS = ("erf", "tanh")


def _is_one_plus_activation(expr: cst.BaseExpression, src: _Src) -> bool:
    if not isinstance(expr, cst.BinaryOperation) or not isinstance(expr.operator, cst.Add):
        return False
    for a, b in ((expr.left, expr.right), (expr.right, expr.left)):
        if _is_number(a, 1.0) and isinstance(b, cst.Call) and (_call_name(b) or "").split(".")[-1] in _ACTIVATIONS:
            return True
    return False


@_transform("gelu_half_factor", 3, "restore the 0.5 factor of GELU: 0.5 * x * (1 + erf(x / sqrt(2)))")
def _gelu_half(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        for op in src.nodes(kernel, cst.BinaryOperation):
            if not isinstance(op.operator, cst.Multiply):
                continue
            if not (_is_one_plus_activation(op.left, src) or _is_one_plus_activation(op.right, src)):
                continue
            # walk up the product chain: skip when any factor is already 0.5
            top: cst.CSTNode = op
            while isinstance(src.parent.get(top), cst.BinaryOperation) and \
                    isinstance(src.parent.get(top).operator, cst.Multiply):
                top = src.parent.get(top)
            if any(_is_number(n, 0.5) for n in src.nodes(top, (cst.Float, cst.UnaryOperation))) or any(
                    isinstance(d, cst.BinaryOperation) and isinstance(d.operator, cst.Divide) and _is_number(d.right, 2.0)
                    for d in src.nodes(top, cst.BinaryOperation)):
                continue
            if any(s.node is top for s in sites):
                continue
            sites.append(_Site(top, lambda u: _expr("0.5 * {e}", e=_paren(u)), "GELU: multiply by 0.5"))
    return sites


_LOG2E_HINTS = ("log2", "ln2", "scale", "rcp")


def _has_log2e(src: _Src, kernel: cst.FunctionDef, expr: cst.BaseExpression, depth: int = 2) -> bool:
    for lit in src.nodes(expr, cst.Float):
        if abs(float(lit.evaluated_value) - 1.4426950408889634) < 1e-3:
            return True
    if any(h in n.lower() for n in src.names(expr) for h in _LOG2E_HINTS):
        return True
    if depth > 0:
        assigns = src.assignments(kernel)
        return any(_has_log2e(src, kernel, v, depth - 1) for n in src.names(expr) for v in assigns.get(n, [])
                   if v is not expr)
    return False


@_transform("exp2_log2e", 3, "exp written as tl.exp2 must scale its argument by log2(e)")
def _exp2_log2e(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        for call in src.calls(kernel, "tl.exp2", "tl.math.exp2"):
            pos = _positional(call)
            if not pos or _has_log2e(src, kernel, pos[0].value):
                continue
            new_arg = _expr("{a} * 1.4426950408889634", a=_paren(pos[0].value))
            sites.append(_Site(call, lambda u, a=new_arg: u.with_changes(
                args=[u.args[0].with_changes(value=a), *u.args[1:]]), "multiply the exp2 argument by log2(e)"))
    return sites


_SQRTS = ("tl.sqrt", "tl.math.sqrt", "tl.sqrt_rn", "tl.rsqrt", "tl.math.rsqrt", "torch.sqrt", "torch.rsqrt")


def _is_eps(expr: cst.BaseExpression) -> bool:
    """An epsilon: a name or attribute spelled like eps/epsilon, or a positive literal below 1e-2."""
    name = _dotted(expr)
    if name is not None:
        last = name.split(".")[-1].lower()
        return last in ("eps", "epsilon") or last.endswith("_eps") or last.startswith("eps_")
    return isinstance(expr, (cst.Integer, cst.Float)) and 0.0 < float(expr.evaluated_value) < 1e-2


@_transform("eps_inside_sqrt", 3, "add eps inside the square root: sqrt(v + eps), not sqrt(v) + eps")
def _eps_inside_sqrt(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for root in [*src.kernels.values(), *src.hosts]:
        for op in src.nodes(root, cst.BinaryOperation):
            if not isinstance(op.operator, cst.Add):
                continue
            for root_side, eps in ((op.left, op.right), (op.right, op.left)):
                if _call_name(root_side) not in _SQRTS or not _is_eps(eps):
                    continue
                pos = _positional(root_side)
                if len(pos) != 1:
                    continue
                inner = _expr("{v} + {e}", v=pos[0].value, e=eps)
                new = root_side.with_changes(args=[pos[0].with_changes(value=inner)])
                sites.append(_Site(op, _with_rewrite(new),
                                   f"move {src.code(eps)} inside {_call_name(root_side)}"))
                break
    return sites


def _unparen(expr: cst.BaseExpression) -> cst.BaseExpression:
    return expr.with_changes(lpar=[], rpar=[]) if getattr(expr, "lpar", None) else expr


@_transform("biased_variance", 3, "divide a sum of squared deviations by n (biased), not n - 1")
def _biased_variance(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        assigns = src.assignments(kernel)
        for op in src.nodes(kernel, cst.BinaryOperation):
            if not isinstance(op.operator, cst.Divide):
                continue
            right = op.right
            if not (isinstance(right, cst.BinaryOperation) and isinstance(right.operator, cst.Subtract)
                    and _is_number(right.right, 1.0)):
                continue
            if not (src.calls(op.left, "tl.sum") or any(
                    src.calls(v, "tl.sum") for n in src.names(op.left) for v in assigns.get(n, []))):
                continue
            count = _unparen(right.left)
            sites.append(_Site(op, lambda u, c=count: u.with_changes(right=c),
                               f"divide by {src.code(count)}, not {src.code(right).strip('() ')}"))
    return sites


@_transform("sigmoid_sign", 3, "a sigmoid is 1 / (1 + exp(-x)): restore the minus sign of the exponent")
def _sigmoid_sign(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        for op in src.nodes(kernel, cst.BinaryOperation):
            if not isinstance(op.operator, cst.Divide):
                continue
            den = op.right
            if not (isinstance(den, cst.BinaryOperation) and isinstance(den.operator, cst.Add)):
                continue
            for one, ex in ((den.left, den.right), (den.right, den.left)):
                if not _is_number(one, 1.0) or _call_name(ex) not in ("tl.exp", "tl.math.exp"):
                    continue
                pos = _positional(ex)
                if len(pos) != 1:
                    continue
                arg = pos[0].value
                if isinstance(arg, cst.UnaryOperation) and isinstance(arg.operator, cst.Minus):
                    continue  # already exp(-x)
                neg = cst.UnaryOperation(operator=cst.Minus(), expression=_paren(arg))
                sites.append(_Site(ex, lambda u, n=neg: u.with_changes(
                    args=[u.args[0].with_changes(value=n), *u.args[1:]]),
                    f"exp({src.code(arg)}) -> exp(-{src.code(arg)}) in a sigmoid denominator"))
                break
    return sites
