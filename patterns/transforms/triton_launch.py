"""Triton transforms at the launch: triton.cdiv grids, power-of-two blocks, program-id axes (and
the detector of an axis beyond the grid), contiguous inputs, missing launch arguments.
"""

from __future__ import annotations

import libcst as cst

from kagent.patterns.transforms.triton_source import (
    _Launch,
    _Site,
    _Src,
    _call_name,
    _expr,
    _is_number,
    _kwarg,
    _positional,
    _transform,
    _with_rewrite,
)


def _grid_floordivs(src: _Src) -> list[cst.BinaryOperation]:
    roots: list[cst.CSTNode] = []
    for launch in src.launches():
        roots.append(launch.call.func.slice[0].slice)  # type: ignore[attr-defined]
    for host in src.hosts:
        for asg in src.nodes(host, cst.Assign):
            for tgt in asg.targets:
                if isinstance(tgt.target, cst.Name) and "grid" in tgt.target.value.lower():
                    roots.append(asg.value)
    out: list[cst.BinaryOperation] = []
    for root in roots:
        for op in src.nodes(root, cst.BinaryOperation):
            if isinstance(op.operator, cst.FloorDivide) and op not in out:
                left = op.left
                rounded = isinstance(left, cst.BinaryOperation) and isinstance(left.operator, cst.Subtract) \
                    and _is_number(left.right, 1.0)
                if not rounded:
                    out.append(op)
    return out


@_transform("grid_cdiv", 2, "size the grid with triton.cdiv instead of floor division")
def _grid_cdiv(src: _Src) -> list[_Site]:
    return [
        _Site(op, lambda u: _expr("triton.cdiv({a}, {b})", a=u.left.with_changes(lpar=[], rpar=[])
                                  if isinstance(u.left, cst.BinaryOperation) else u.left,
                                  b=u.right), "grid: triton.cdiv instead of //")
        for op in _grid_floordivs(src)
    ]


def _host_value(launch: _Launch, name: str, src: _Src) -> tuple[cst.CSTNode, cst.BaseExpression] | None:
    """The node holding a constant launch argument: the literal itself or its `X = 1024`."""
    arg = launch.args.get(name)
    if arg is None:
        return None
    if isinstance(arg.value, cst.Integer):
        return arg.value, arg.value
    if isinstance(arg.value, cst.Name) and launch.host is not None:
        for asg in src.nodes(launch.host, cst.Assign):
            if any(isinstance(t.target, cst.Name) and t.target.value == arg.value.value for t in asg.targets) \
                    and isinstance(asg.value, cst.Integer):
                return asg.value, asg.value
    return None


@_transform("block_next_pow2", 3, "size a row's block with triton.next_power_of_2(n_cols), not a constant")
def _block_next_pow2(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for launch in src.launches():
        sizes = src.size_params(launch.kernel)
        for const in src.constexprs(launch.kernel):
            if "block" not in const.lower():
                continue
            held = _host_value(launch, const, src)
            if held is None:
                continue
            node, _ = held
            for size in sizes:
                arg = launch.args.get(size)
                if arg is None:
                    continue
                new = _expr("triton.next_power_of_2({n})", n=arg.value)
                sites.append(_Site(node, _with_rewrite(new),
                                   f"{const} = triton.next_power_of_2({src.code(arg.value)})", group=None))
    return sites


@_transform("contiguous_before_launch", 4, "make input tensors contiguous before the kernel sees them")
def _contiguous_before_launch(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for launch in src.launches():
        inputs = src.pointer_params(launch.kernel) - src.stored_params(launch.kernel)
        allocated = set()
        if launch.host is not None:
            for name, values in src.assignments(launch.host).items():
                if any(_call_name(v) and (_call_name(v) or "").startswith("torch.") and
                       (_call_name(v) or "").split(".")[-1] in ("empty", "empty_like", "zeros", "zeros_like")
                       for v in values):
                    allocated.add(name)
        for param in sorted(inputs):
            arg = launch.args.get(param)
            if arg is None or not isinstance(arg.value, cst.Name) or arg.value.value in allocated:
                continue
            sites.append(_Site(arg.value, lambda u: _expr("{x}.contiguous()", x=u),
                               f"pass {arg.value.value}.contiguous() as {param}"))
    return sites


@_transform("program_id_axis", 5, "read the program id of the axis the grid actually spans")
def _program_id_axis(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        calls = src.calls(kernel, "tl.program_id")
        axes: list[int] = []
        for call in calls:
            pos = _positional(call)
            kw = _kwarg(call, "axis")
            value = kw.value if kw is not None else (pos[0].value if pos else None)
            axes.append(int(value.value) if isinstance(value, cst.Integer) else -1)
        for call, axis in zip(calls, axes):
            if axis < 0:
                continue
            for new_axis in ([0] if axis != 0 else [1]):
                sites.append(_Site(call, lambda u, a=new_axis: u.with_changes(args=[cst.Arg(cst.Integer(str(a)))]),
                                   f"tl.program_id({axis}) -> tl.program_id({new_axis})", group=None))
        if 0 in axes and 1 in axes:
            swap = [
                _Site(call, lambda u, a=1 - axis: u.with_changes(args=[cst.Arg(cst.Integer(str(a)))]),
                      "swap program-id axes 0 and 1", group="swap")
                for call, axis in zip(calls, axes) if axis in (0, 1)
            ]
            sites.extend(swap)
    return sites


def _axis_beyond_grid(src: _Src) -> bool:
    """A kernel reads tl.program_id(k) but is launched with a grid of k dimensions or fewer."""
    for launch in src.launches():
        grid = launch.call.func.slice[0].slice  # type: ignore[attr-defined]
        value = grid.value if isinstance(grid, cst.Index) else None
        if isinstance(value, cst.Name) and launch.host is not None:
            values = src.assignments(launch.host).get(value.value, [])
            value = values[-1] if len(values) == 1 else None
        if not isinstance(value, cst.Tuple):
            continue
        dims = len(value.elements)
        for call in src.calls(launch.kernel, "tl.program_id"):
            pos = _positional(call)
            if pos and isinstance(pos[0].value, cst.Integer) and int(pos[0].value.value) >= dims:
                return True
    return False


def _stride_guess(param: str, launch: _Launch, src: _Src) -> str | None:
    """`t.stride(d)` for a missing stride parameter: t is the launch argument of the pointer sharing its stem."""
    low, stem = param.lower(), _stem(param)
    if "stride" not in low or not stem:
        return None
    dim = 1 if "col" in low or low.endswith("1") else 0
    for ptr in sorted(src.pointer_params(launch.kernel)):
        arg = launch.args.get(ptr)
        if arg is not None and ptr.lower().split("_")[0] == stem:
            return f"{src.code(arg.value).strip()}.stride({dim})"
    return None


def _missing_value(param: str, launch: _Launch, src: _Src) -> str | None:
    guess = _stride_guess(param, launch, src)
    if guess is not None:
        return guess
    if launch.host is not None and param in src.assignments(launch.host):
        return param
    if launch.host is not None and param in {p.name.value for p in launch.host.params.params}:
        return param
    return None


def _stem(param: str) -> str:
    """`y` for `y_row_stride`, `stride_am` -> `a`: the tensor a stride parameter belongs to."""
    low = param.lower()
    if low.startswith("stride_"):
        return low[len("stride_"):][:1]
    return low.split("_")[0] if "stride" in low and "_" in low else ""


def _fit(param: str, code: str, src: _Src) -> int:
    """How well an argument's text fits a parameter: stride-ness agrees, names agree (eps -> self.eps)."""
    try:
        names = {n.lower() for n in src.names(cst.parse_expression(code))}
    except cst.ParserSyntaxError:
        return 0
    low = param.lower()
    score = int(("stride" in low) == (".stride(" in code or "stride" in code.lower()))
    if low in names or any(len(n) > 1 and (low.startswith(n) or low.endswith(n)) for n in names):
        score += 1
    stem = _stem(param)
    head = code.strip().split(".")[0].lower()
    if stem and ".stride(" in code and head.startswith(stem):
        score += 1
    return score


@_transform("launch_args", 2, "pass every kernel parameter at launch: insert the missing positional argument")
def _launch_args(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for launch in src.launches():
        params = src.params(launch.kernel)
        names = [p.name.value for p in params]
        keywords = {a.keyword.value for a in launch.call.args if a.keyword is not None}
        missing = [p.name.value for p in params if p.default is None and p.name.value not in launch.args]
        positional = _positional(launch.call)
        n_pos = len(positional)
        if not missing or any(a.star for a in launch.call.args):
            continue
        scored: list[tuple[int, int, str]] = []
        for i in range(n_pos + 1):
            # insert at i: parameters 0..i-1 keep their arguments, i gets a new one, the rest shift by one
            if n_pos + 1 > len(names) or set(names[:n_pos + 1]) & keywords:
                break
            value = _missing_value(names[i], launch, src)
            if value is None:
                continue
            codes = [src.code(a.value).strip() for a in positional]
            codes.insert(i, value)
            scored.append((sum(_fit(names[j], c, src) for j, c in enumerate(codes)), i, value))
        if not scored:
            continue
        best = max(t[0] for t in scored)
        for _score, i, value in sorted(scored, key=lambda t: (-t[0], t[1])):
            if _score < best:
                continue
            new_arg = cst.Arg(value=cst.parse_expression(value), comma=cst.Comma(
                whitespace_after=cst.SimpleWhitespace(" ")))
            sites.append(_Site(launch.call, lambda u, k=i, a=new_arg: u.with_changes(
                args=[*u.args[:k], a, *u.args[k:]]), f"pass {value} as {names[i]} (argument {i + 1})", group=None))
    return sites
