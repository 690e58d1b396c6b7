"""Triton transforms for addressing: strides instead of shapes, stride arguments in dimension
order, row offsets, loop bounds.
"""

from __future__ import annotations

import libcst as cst

from kagent.patterns.transforms.triton_source import (
    _Site,
    _Src,
    _call_name,
    _expr,
    _is_number,
    _positional,
    _transform,
    _with_rewrite,
)


@_transform("stride_not_shape", 3, "pass a tensor's stride, not its shape, as a stride argument")
def _stride_not_shape(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for launch in src.launches():
        for param, arg in launch.args.items():
            if "stride" not in param.lower():
                continue
            v = arg.value
            tensor, dim = None, None
            if isinstance(v, cst.Subscript) and isinstance(v.value, cst.Attribute) and v.value.attr.value == "shape":
                idx = v.slice[0].slice
                if isinstance(idx, cst.Index) and isinstance(idx.value, cst.Integer):
                    tensor, dim = v.value.value, int(idx.value.value)
            elif isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and v.func.attr.value == "size":
                pos = _positional(v)
                if pos and isinstance(pos[0].value, cst.Integer):
                    tensor, dim = v.func.value, int(pos[0].value.value)
            if tensor is None or dim is None:
                continue
            for d in sorted({max(dim - 1, 0), 0}, reverse=True):
                new = _expr(f"{{t}}.stride({d})", t=tensor)
                sites.append(_Site(v, _with_rewrite(new), f"{param}: {src.code(tensor)}.stride({d})",
                                   group=f"stride({d})"))
    return sites


@_transform("loop_bound_off_by_one", 5, "fix off-by-one loop bounds in kernels (range stop/start)")
def _loop_bound(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        for loop in src.nodes(kernel, cst.For):
            it = loop.iter
            if not isinstance(it, cst.Call) or _call_name(it) not in ("range", "tl.range", "tl.static_range"):
                continue
            pos = _positional(it)
            if not pos:
                continue
            stop_index = 0 if len(pos) == 1 else 1
            stop = pos[stop_index].value
            if isinstance(stop, cst.BinaryOperation) and isinstance(stop.operator, cst.Subtract):
                new_stop = stop.left
                sites.append(_Site(stop, _with_rewrite(new_stop),
                                   f"loop stop {src.code(stop)} -> {src.code(new_stop)}", group=None))
            if len(pos) >= 2 and _is_number(pos[0].value, 1.0):
                sites.append(_Site(pos[0].value, _with_rewrite(cst.Integer("0")), "loop start 1 -> 0", group=None))
    return sites


def _stride_call(expr: cst.BaseExpression) -> tuple[cst.BaseExpression, int] | None:
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "stride":
        pos = _positional(expr)
        if len(pos) == 1 and isinstance(pos[0].value, cst.Integer):
            return expr.func.value, int(pos[0].value.value)
    return None


@_transform("swap_stride_args", 3, "pass a tensor's strides in dimension order: t.stride(0), t.stride(1)")
def _swap_stride_args(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for launch in src.launches():
        args = _positional(launch.call)
        for a, b in zip(args, args[1:]):
            sa, sb = _stride_call(a.value), _stride_call(b.value)
            if sa is None or sb is None or src.code(sa[0]) != src.code(sb[0]) or sa[1] <= sb[1]:
                continue
            va, vb = a.value, b.value
            site = _Site(va, _with_rewrite(vb), f"swap {src.code(va)} and {src.code(vb)}")
            site.extra.append((vb, _with_rewrite(va)))
            sites.append(site)
    return sites


def _add_terms(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """Operands of a chain of additions, left to right (parenthesised sums are one term)."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add) and not expr.lpar:
        return [*_add_terms(expr.left), *_add_terms(expr.right)]
    return [expr]


def _pid_names(src: _Src, kernel: cst.FunctionDef) -> set[str]:
    """Names derived from tl.program_id by arithmetic (not through loads)."""
    assigns = src.assignments(kernel)
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, values in assigns.items():
            if name in found:
                continue
            for value in values:
                if src.calls(value, "tl.load"):
                    continue
                if src.calls(value, "tl.program_id") or src.names(value) & found:
                    found.add(name)
                    changed = True
                    break
    return found


@_transform("row_offset", 3, "address a row's element from the row's base (ptr + row * stride), not from ptr")
def _row_offset(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        ptrs = src.pointer_params(kernel)
        pid = _pid_names(src, kernel)
        # row bases: `base = P + <pid term>` assignments, and `P + <pid term> + ...` accesses
        bases: dict[str, list[tuple[set[str], cst.BaseExpression]]] = {}
        for name, values in src.assignments(kernel).items():
            for value in values:
                terms = _add_terms(value)
                if (len(terms) == 2 and isinstance(terms[0], cst.Name) and terms[0].value in ptrs
                        and src.names(terms[1]) & pid and not src.offset_names(kernel) & src.names(terms[1])):
                    bases.setdefault(terms[0].value, []).append(({name, *src.names(terms[1])}, cst.Name(name)))
        accesses = src.calls(kernel, "tl.load", "tl.store")
        for call in accesses:
            pos = _positional(call)
            if not pos:
                continue
            terms = _add_terms(pos[0].value)
            if len(terms) >= 3 and isinstance(terms[0], cst.Name) and terms[0].value in ptrs:
                term = terms[1]
                if src.names(term) & pid and not src.names(term) & src.offset_names(kernel):
                    row = _expr("{p} + {t}", p=terms[0], t=term)
                    bases.setdefault(terms[0].value, []).append((src.names(term), row))
        for call in accesses:
            pos = _positional(call)
            if not pos:
                continue
            terms = _add_terms(pos[0].value)
            head = terms[0]
            if len(terms) < 2 or not isinstance(head, cst.Name) or head.value not in bases:
                continue
            used = set().union(*(src.names(t) for t in terms[1:]))
            if used & pid:
                continue  # already indexed by something per-program
            seen: set[str] = set()
            for names, base in bases[head.value]:
                code = src.module.code_for_node(base)
                if code in seen or used & names:
                    continue
                seen.add(code)
                sites.append(_Site(head, _with_rewrite(base),
                                   f"offset {head.value} by its row: {code}", group=code))
    return sites
