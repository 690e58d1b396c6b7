"""Triton transforms for bounds masks and padded lanes: strict `<` masks, missing masks, -inf for
loads feeding tl.max, zeroed padded lanes, means over the true element count.
"""

from __future__ import annotations

import libcst as cst

from kagent.patterns.transforms.triton_source import (
    _Site,
    _Src,
    _add_kwarg,
    _call_name,
    _expr,
    _is_number,
    _kwarg,
    _positional,
    _set_kwarg,
    _transform,
)


@_transform("strict_mask_bound", 2, "turn `offs <= n` masks into `offs < n`")
def _strict_mask_bound(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        offs = src.offset_names(kernel)
        for comp in src.nodes(kernel, cst.Comparison):
            if len(comp.comparisons) != 1 or not isinstance(comp.comparisons[0].operator, cst.LessThanEqual):
                continue
            if not (src.names(comp.left) & offs or src.calls(comp.left, "tl.arange")):
                continue
            op = comp.comparisons[0].operator
            new_target = comp.comparisons[0].with_changes(operator=cst.LessThan(
                whitespace_before=op.whitespace_before, whitespace_after=op.whitespace_after))
            sites.append(_Site(comp, lambda u, t=new_target: u.with_changes(comparisons=[
                u.comparisons[0].with_changes(operator=t.operator)]), "use a strict `<` bound in the mask"))
    return sites


def _max_consumers(src: _Src, kernel: cst.FunctionDef) -> set[str]:
    """Names that flow (directly or one assignment away) into tl.max / tl.argmax."""
    direct: set[str] = set()
    for call in src.calls(kernel, "tl.max", "tl.argmax"):
        pos = _positional(call)
        if pos:
            direct |= src.names(pos[0].value)
    assigns = src.assignments(kernel)
    feeding = set(direct)
    for name in direct:
        for value in assigns.get(name, []):
            feeding |= src.names(value)
    return feeding


def _load_mask(src: _Src, kernel: cst.FunctionDef, call: cst.Call) -> list[cst.BaseExpression]:
    """Mask expressions for an unmasked load/store, most plausible first."""
    ptr = _positional(call)[0].value
    offs = src.offset_names(kernel)
    used = [n for n in sorted(src.names(ptr)) if n in offs]
    if not used:
        return []
    # an existing mask variable built from the same offsets
    out: list[cst.BaseExpression] = []
    for name, values in src.assignments(kernel).items():
        for value in values:
            if isinstance(value, cst.Comparison) and src.names(value.left) & set(used) and name not in offs:
                out.append(cst.Name(name))
    sizes = src.size_params(kernel)

    def rank(size: str) -> int:
        return 0 if any(size.lower().rstrip("s") in u.lower() or u.lower() in size.lower() for u in used) else 1

    off = used[-1]
    for size in sorted(sizes, key=rank):
        out.append(_expr(f"{off} < {size}"))
    return out


@_transform("add_missing_mask", 2, "add a bounds mask to unmasked tl.load / tl.store")
def _add_missing_mask(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        feeding_max = _max_consumers(src, kernel)
        for call in src.calls(kernel, "tl.load", "tl.store"):
            pos = _positional(call)
            is_load = _call_name(call) == "tl.load"
            if _kwarg(call, "mask") is not None or len(pos) >= (2 if is_load else 3) or not pos:
                continue
            masks = _load_mask(src, kernel, call)
            for rank, mask in enumerate(masks[:2]):
                target = src.assigned_name(call) if is_load else None

                def rewrite(u: cst.Call, m=mask, neg=bool(target and target in feeding_max), load=is_load):
                    u = _add_kwarg(u, "mask", m)
                    if load and _kwarg(u, "other") is None:
                        u = _add_kwarg(u, "other", _expr('-float("inf")') if neg else cst.Float("0.0"))
                    return u

                sites.append(_Site(call, rewrite, f"mask {src.code(call.func)} with {src.code(mask)}",
                                   group=f"mask {src.code(mask)}" if rank == 0 else None))
    return sites


@_transform("other_neg_inf_for_max", 2, "padded lanes of loads feeding tl.max read -inf, not 0")
def _other_neg_inf(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        feeding = _max_consumers(src, kernel)
        for call in src.calls(kernel, "tl.load"):
            name = src.assigned_name(call)
            if name is None or name not in feeding or _kwarg(call, "mask") is None:
                continue
            other = _kwarg(call, "other")
            if other is not None and not _is_number(other.value, 0.0):
                continue
            sites.append(_Site(call, lambda u: _set_kwarg(u, "other", _expr('-float("inf")')),
                               f"load {name} with other=-inf (it feeds tl.max)"))
    return sites


@_transform("mean_true_count", 3, "divide sums by the true element count, not the padded BLOCK")
def _mean_true_count(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        blocks = {c for c in src.constexprs(kernel) if "block" in c.lower()}
        sizes = src.size_params(kernel)
        for op in src.nodes(kernel, cst.BinaryOperation):
            if not isinstance(op.operator, cst.Divide) or not isinstance(op.right, cst.Name):
                continue
            if op.right.value not in blocks:
                continue
            if not (src.calls(op.left, "tl.sum") or any(
                    src.calls(v, "tl.sum") for n in src.names(op.left) for v in src.assignments(kernel).get(n, []))):
                continue
            for size in sizes[:2]:
                sites.append(_Site(op, lambda u, s=size: u.with_changes(right=cst.Name(s)),
                                   f"divide by {size} instead of {op.right.value}", group=f"by {size}"))
    return sites


@_transform("mask_padded_lanes", 3, "zero padded lanes with tl.where before variance-like sums")
def _mask_padded_lanes(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        assigns = src.assignments(kernel)
        masks: dict[str, cst.BaseExpression] = {}
        for call in src.calls(kernel, "tl.load"):
            name, mask = src.assigned_name(call), _kwarg(call, "mask")
            if name and mask is not None:
                masks[name] = mask.value
        sum_names = {n for n, vs in assigns.items() if any(src.calls(v, "tl.sum") for v in vs)}
        for asg in src.nodes(kernel, cst.Assign):
            value = asg.value
            if not isinstance(value, cst.BinaryOperation) or not isinstance(value.operator, cst.Subtract):
                continue
            left = value.left.value if isinstance(value.left, cst.Name) else None
            if left not in masks or not (src.names(value.right) & sum_names):
                continue
            mask = masks[left]
            sites.append(_Site(value, lambda u, m=mask: _expr("tl.where({m}, {d}, 0.0)", m=m, d=u),
                               f"zero the padded lanes of {src.code(value)}"))
    return sites
