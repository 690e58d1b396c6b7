"""The libcst model of a Triton source that the Triton transforms query and edit (_Src: kernels,
launches, offsets, sizes, pointers; edits applied source-preservingly), its CST helpers, and _transform,
which makes a Transform of a site finder.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

import libcst as cst
from libcst.helpers import parse_template_expression
from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider

from kagent.patterns.transforms.base import _GENERIC, ProposedEdit, Transform

log = logging.getLogger("kagent.patterns.transforms")


@dataclass
class _Site:
    """Replace `node` by `rewrite(updated_node)`; `group` joins sites into an all-at-once edit."""

    node: cst.CSTNode
    rewrite: Callable[[cst.CSTNode], cst.CSTNode | cst.FlattenSentinel]
    description: str
    group: str | None = "all"
    extra: list[tuple[cst.CSTNode, Callable]] = field(default_factory=list)


@dataclass
class _Launch:
    call: cst.Call
    kernel: cst.FunctionDef
    host: cst.FunctionDef | None
    args: dict[str, cst.Arg]  # kernel parameter -> the launch argument


_SIZE_RE = re.compile(
    r"^(n|m|k|l|d|numel|size|length|rows|cols|dim|n_\w+|num_\w+|\w+_(size|len|elements|cols|rows|numel|dim|count))$",
    re.IGNORECASE,
)


def _dotted(expr: cst.CSTNode) -> str | None:
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        head = _dotted(expr.value)
        return f"{head}.{expr.attr.value}" if head else None
    return None


def _tl(expr: cst.CSTNode) -> str | None:
    """Dotted name with triton.language spelled `tl`."""
    name = _dotted(expr)
    if name and name.startswith("triton.language."):
        name = "tl." + name[len("triton.language.") :]
    return name


def _call_name(node: cst.CSTNode) -> str | None:
    return _tl(node.func) if isinstance(node, cst.Call) else None


def _nodes(root: cst.CSTNode, kind: type | tuple[type, ...]) -> list:
    found: list = []

    class _V(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, kind):
                found.append(node)
            return True

    root.visit(_V())
    return found


def _names(root: cst.CSTNode) -> set[str]:
    return {n.value for n in _nodes(root, cst.Name)}


def _kwarg(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def _positional(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None and not a.star]


def _add_kwarg(call: cst.Call, name: str, value: cst.BaseExpression) -> cst.Call:
    new = cst.Arg(keyword=cst.Name(name), value=value, equal=cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
    args = list(call.args)
    if args and isinstance(args[-1].comma, cst.Comma):
        # keep a trailing comma style: put the new argument after it
        return call.with_changes(args=[*args, new.with_changes(comma=args[-1].comma)])
    return call.with_changes(args=[*args, new])


def _set_kwarg(call: cst.Call, name: str, value: cst.BaseExpression) -> cst.Call:
    if _kwarg(call, name) is None:
        return _add_kwarg(call, name, value)
    return call.with_changes(
        args=[a.with_changes(value=value) if a.keyword is not None and a.keyword.value == name else a
              for a in call.args]
    )


def _paren(expr: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(expr, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)):
        return expr
    if getattr(expr, "lpar", None):
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _expr(code: str, **nodes: cst.BaseExpression) -> cst.BaseExpression:
    return parse_template_expression(code, **nodes) if nodes else cst.parse_expression(code)


def _is_number(expr: cst.CSTNode, value: float | None = None) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return _is_number(expr.expression, None if value is None else -value)
    if isinstance(expr, (cst.Integer, cst.Float)):
        return value is None or float(expr.evaluated_value) == value
    return False


def _memo(method: Callable) -> Callable:
    """Cache a _Src query per (method, node): the tree never changes after parsing."""

    def wrapper(self: "_Src", node: cst.CSTNode) -> object:
        key = (method.__name__, id(node))
        if key not in self._cache:
            self._cache[key] = method(self, node)
        return self._cache[key]

    return wrapper


class _Src:
    def __init__(self, source: str) -> None:
        self.source = source
        self.module = cst.parse_module(source)
        self._cache: dict[tuple[str, int], object] = {}
        self._order: list[cst.CSTNode] = []
        self._span: dict[int, list[int]] = {}
        order, span = self._order, self._span

        class _Index(cst.CSTVisitor):
            def on_visit(self, node: cst.CSTNode) -> bool:
                span[id(node)] = [len(order), len(order)]
                order.append(node)
                return True

            def on_leave(self, original_node: cst.CSTNode) -> None:
                span[id(original_node)][1] = len(order)

        self.module.visit(_Index())
        wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
        self._pos = wrapper.resolve(PositionProvider)
        self.parent = wrapper.resolve(ParentNodeProvider)
        self.kernels: dict[str, cst.FunctionDef] = {}
        self.hosts: list[cst.FunctionDef] = []
        for fn in self.nodes(self.module, cst.FunctionDef):
            if self._is_jit(fn):
                self.kernels[fn.name.value] = fn
            else:
                self.hosts.append(fn)

    def nodes(self, root: cst.CSTNode, kind: type | tuple[type, ...]) -> list:
        """Nodes of `kind` in `root`'s subtree (root included), in source order."""
        span = self._span.get(id(root))
        if span is None or self._order[span[0]] is not root:
            return _nodes(root, kind)
        return [n for n in self._order[span[0]:span[1]] if isinstance(n, kind)]

    def names(self, root: cst.CSTNode) -> set[str]:
        return {n.value for n in self.nodes(root, cst.Name)}

    @staticmethod
    def _is_jit(fn: cst.FunctionDef) -> bool:
        for dec in fn.decorators:
            target = dec.decorator.func if isinstance(dec.decorator, cst.Call) else dec.decorator
            name = _dotted(target) or ""
            if name.split(".")[-1] == "jit":
                return True
        return False

    # --- queries -------------------------------------------------------------------------
    def line(self, node: cst.CSTNode) -> int:
        return self._pos[node].start.line

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def calls(self, root: cst.CSTNode, *names: str) -> list[cst.Call]:
        return [c for c in self.nodes(root, cst.Call) if _call_name(c) in names]

    def params(self, kernel: cst.FunctionDef) -> list[cst.Param]:
        return [*kernel.params.params, *kernel.params.kwonly_params]

    @staticmethod
    def is_constexpr(param: cst.Param) -> bool:
        ann = param.annotation
        return ann is not None and (_dotted(ann.annotation) or "").endswith("constexpr")

    def constexprs(self, kernel: cst.FunctionDef) -> list[str]:
        return [p.name.value for p in self.params(kernel) if self.is_constexpr(p)]

    @_memo
    def assignments(self, root: cst.CSTNode) -> dict[str, list[cst.BaseExpression]]:
        out: dict[str, list[cst.BaseExpression]] = {}
        for asg in self.nodes(root, cst.Assign):
            for tgt in asg.targets:
                if isinstance(tgt.target, cst.Name):
                    out.setdefault(tgt.target.value, []).append(asg.value)
        for asg in self.nodes(root, (cst.AugAssign, cst.AnnAssign)):
            if isinstance(asg.target, cst.Name) and asg.value is not None:
                out.setdefault(asg.target.value, []).append(asg.value)
        return out

    def offset_names(self, kernel: cst.FunctionDef) -> set[str]:
        """Names whose value derives from tl.arange (the per-lane offsets)."""
        assigns = self.assignments(kernel)
        found: set[str] = set()
        changed = True
        while changed:
            changed = False
            for name, values in assigns.items():
                if name in found:
                    continue
                for value in values:
                    if self.calls(value, "tl.arange") or self.names(value) & found:
                        found.add(name)
                        changed = True
                        break
        return found

    @_memo
    def pointer_params(self, kernel: cst.FunctionDef) -> set[str]:
        names = {p.name.value for p in self.params(kernel)}
        ptrs = {n for n in names if n.lower().endswith("ptr")}
        for call in self.calls(kernel, "tl.load", "tl.store", "tl.atomic_add", "tl.atomic_max"):
            pos = _positional(call)
            if pos:
                ptrs |= self.names(pos[0].value) & names
        return ptrs

    @_memo
    def stored_params(self, kernel: cst.FunctionDef) -> set[str]:
        names = {p.name.value for p in self.params(kernel)}
        local = self.assignments(kernel)
        out: set[str] = set()
        for call in self.calls(kernel, "tl.store", "tl.atomic_add", "tl.atomic_max", "tl.atomic_min"):
            pos = _positional(call)
            if not pos:
                continue
            # through local pointers too: `yr = y_ptr + row * stride` ... tl.store(yr + t, ...)
            seen, todo = set(), set(self.names(pos[0].value))
            while todo:
                n = todo.pop()
                seen.add(n)
                if n in names:
                    out.add(n)
                elif n in local:
                    for value in local[n]:
                        todo |= self.names(value) - seen
        return out

    @_memo
    def size_params(self, kernel: cst.FunctionDef) -> list[str]:
        """Runtime size arguments, those already compared against offsets first."""
        ptrs = self.pointer_params(kernel)
        offs = self.offset_names(kernel)
        candidates = [
            p.name.value for p in self.params(kernel)
            if not self.is_constexpr(p) and p.name.value not in ptrs
            and not p.name.value.lower().startswith("stride") and "stride" not in p.name.value.lower()
        ]
        compared: list[str] = []
        for comp in self.nodes(kernel, cst.Comparison):
            if self.names(comp.left) & offs:
                for target in comp.comparisons:
                    for n in self.names(target.comparator):
                        if n in candidates and n not in compared:
                            compared.append(n)
        rest = [c for c in candidates if c not in compared and _SIZE_RE.match(c)]
        return compared + rest

    def enclosing(self, node: cst.CSTNode, kind: type) -> cst.CSTNode | None:
        cur = self.parent.get(node)
        while cur is not None and not isinstance(cur, kind):
            cur = self.parent.get(cur)
        return cur

    def statement_of(self, node: cst.CSTNode) -> cst.CSTNode | None:
        cur: cst.CSTNode | None = node
        while cur is not None and not isinstance(cur, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
            cur = self.parent.get(cur)
        return cur

    def assigned_name(self, expr: cst.CSTNode) -> str | None:
        """`v` when `expr` is the right-hand side of `v = expr` (also through `.to(dtype)` casts)."""
        par = self.parent.get(expr)
        while isinstance(par, cst.Attribute) and par.attr.value == "to" and par.value is expr:
            call = self.parent.get(par)
            if not isinstance(call, cst.Call) or call.func is not par:
                return None
            expr, par = call, self.parent.get(call)
        if isinstance(par, cst.Assign) and par.value is expr and len(par.targets) == 1:
            tgt = par.targets[0].target
            return tgt.value if isinstance(tgt, cst.Name) else None
        return None

    def launches(self) -> list[_Launch]:
        out: list[_Launch] = []
        for call in self.nodes(self.module, cst.Call):
            func = call.func
            if not isinstance(func, cst.Subscript) or not isinstance(func.value, cst.Name):
                continue
            kernel = self.kernels.get(func.value.value)
            if kernel is None:
                continue
            params = [p.name.value for p in self.params(kernel)]
            mapping: dict[str, cst.Arg] = {}
            for i, arg in enumerate(_positional(call)):
                if i < len(params):
                    mapping[params[i]] = arg
            for arg in call.args:
                if arg.keyword is not None:
                    mapping[arg.keyword.value] = arg
            host = self.enclosing(call, cst.FunctionDef)
            out.append(_Launch(call=call, kernel=kernel, host=host, args=mapping))
        return out

    # --- edits ---------------------------------------------------------------------------
    def apply(self, sites: Sequence[_Site]) -> str:
        mapping: dict[int, Callable] = {}
        for site in sites:
            for node, rewrite in [(site.node, site.rewrite), *site.extra]:
                prev = mapping.get(id(node))
                if prev is None:
                    mapping[id(node)] = rewrite
                else:
                    mapping[id(node)] = lambda u, a=prev, b=rewrite: b(a(u))

        class _Replace(cst.CSTTransformer):
            def on_leave(self, original, updated):  # type: ignore[override]
                fn = mapping.get(id(original))
                return updated if fn is None else fn(updated)

        return self.module.visit(_Replace()).code

    def edits(self, name: str, cost: int, sites: list[_Site]) -> list[ProposedEdit]:
        out: list[ProposedEdit] = []
        seen: set[str] = {self.source}

        def emit(chosen: list[_Site], description: str) -> None:
            new = self.apply(chosen)
            if new in seen:
                return
            try:
                compile(new, "<proposed edit>", "exec")
            except SyntaxError as exc:
                log.warning("transform %s produced invalid Python (%s); dropped", name, exc)
                return
            seen.add(new)
            line = min(self.line(s.node) for s in chosen)
            out.append(ProposedEdit(transform=name, description=description, line=line,
                                    new_source=new, cost=cost))

        groups: dict[str, list[_Site]] = {}
        for site in sites:
            emit([site], f"{site.description} (line {self.line(site.node)})")
            if site.group is not None:
                groups.setdefault(site.group, []).append(site)
        for group, members in groups.items():
            if len(members) > 1 and len({id(s.node) for s in members}) == len(members):
                emit(members, f"{members[0].description} at all {len(members)} sites"
                     + ("" if group == "all" else f" ({group})"))
        return out


def _with_rewrite(new: cst.CSTNode) -> Callable[[cst.CSTNode], cst.CSTNode]:
    return lambda _updated: new


def _transform(name: str, cost: int, summary: str) -> Callable[[Callable[[_Src], list[_Site]]], Transform]:
    """Make the decorated site finder a Transform: `propose` parses the source and turns its sites
    into edits (none for a source that does not parse)."""

    def deco(fn: Callable[[_Src], list[_Site]]) -> Transform:
        def propose(source: str) -> list[ProposedEdit]:
            try:
                src = _Src(source)
            except cst.ParserSyntaxError as exc:
                log.debug("%s: source does not parse: %s", name, exc)
                return []
            return src.edits(name, cost, fn(src))

        return Transform(name=name, cost=cost, summary=summary, propose=propose, sites=fn,
                         diagnostic=name not in _GENERIC)

    return deco
