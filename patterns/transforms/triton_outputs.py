"""Triton transforms for the host's outputs: a fresh output instead of an input, torch.zeros as
a last resort, keepdim shapes.
"""

from __future__ import annotations

import libcst as cst

from kagent.patterns.transforms.triton_source import (
    _Site,
    _Src,
    _call_name,
    _dotted,
    _expr,
    _positional,
    _transform,
    _with_rewrite,
)


@_transform("allocate_output", 5, "write into a freshly allocated output instead of into an input")
def _allocate_output(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for launch in src.launches():
        if launch.host is None:
            continue
        inputs = {p.name.value for p in launch.host.params.params if p.name.value != "self"}
        stored = src.stored_params(launch.kernel)
        statement = src.statement_of(launch.call)
        if statement is None:
            continue
        for param in sorted(stored):
            arg = launch.args.get(param)
            if arg is None or not isinstance(arg.value, cst.Name):
                continue
            aliases = [a for a in src.nodes(launch.host, cst.Assign)
                       if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name)
                       and a.targets[0].target.value == arg.value.value and isinstance(a.value, cst.Name)
                       and a.value.value in inputs]
            if aliases:  # `out = x`: allocate instead of aliasing
                for alias in aliases:
                    new = _expr("torch.empty_like({x})", x=alias.value)
                    sites.append(_Site(alias.value, _with_rewrite(new),
                                       f"allocate {arg.value.value} instead of aliasing input {alias.value.value}",
                                       group=None))
                continue
            if arg.value.value not in inputs:
                continue
            victim = arg.value.value
            out_name = "out" if "out" not in src.assignments(launch.host) and "out" not in inputs else f"{victim}_out"
            alloc = cst.parse_statement(f"{out_name} = torch.empty_like({victim})\n")
            returns = [r for r in src.nodes(launch.host, cst.Return)
                       if isinstance(r.value, cst.Name) and r.value.value == victim]
            site = _Site(arg.value, _with_rewrite(cst.Name(out_name)),
                         f"allocate {out_name} instead of writing into input {victim}", group=None)
            site.extra.append((statement, lambda u, a=alloc: cst.FlattenSentinel([a, u])))
            for ret in returns:
                site.extra.append((ret, lambda u, o=out_name: u.with_changes(value=cst.Name(o))))
            sites.append(site)
    return sites


@_transform("zeros_output", 9, "LAST RESORT: allocate outputs with torch.zeros (hides unwritten elements)")
def _zeros_output(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for host in src.hosts:
        for call in src.nodes(host, cst.Call):
            name = _dotted(call.func) or ""
            if name in ("torch.empty", "torch.empty_like"):
                new_func = _expr(name.replace("empty", "zeros"))
                sites.append(_Site(call, lambda u, f=new_func: u.with_changes(func=f),
                                   f"{name} -> {name.replace('empty', 'zeros')}"))
    return sites


@_transform("keepdim_shape", 4, "keep the reduced dimension with size 1 when the reference uses keepdim=True")
def _keepdim_shape(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for host in src.hosts:
        shape_lists = {n for n, vs in src.assignments(host).items()
                       if any(_call_name(v) == "list" and "shape" in src.code(v) for v in vs)}
        for stmt in src.nodes(host, cst.SimpleStatementLine):
            if len(stmt.body) != 1:
                continue
            small = stmt.body[0]
            target: cst.BaseExpression | None = None
            if isinstance(small, cst.Del) and isinstance(small.target, cst.Subscript):
                lst, sl = small.target.value, small.target.slice
                if isinstance(lst, cst.Name) and lst.value in shape_lists and len(sl) == 1 \
                        and isinstance(sl[0].slice, cst.Index):
                    target, index = lst, sl[0].slice.value
            elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                    and isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "pop":
                lst, pos = small.value.func.value, _positional(small.value)
                if isinstance(lst, cst.Name) and lst.value in shape_lists and len(pos) == 1:
                    target, index = lst, pos[0].value
            if target is None:
                continue
            new = cst.Assign(targets=[cst.AssignTarget(target=cst.Subscript(
                value=target, slice=[cst.SubscriptElement(slice=cst.Index(value=index))]))], value=cst.Integer("1"))
            sites.append(_Site(small, _with_rewrite(new),
                               f"keep dim {src.code(index)} of {target.value} with size 1 (keepdim=True)"))
    return sites
