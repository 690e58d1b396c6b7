"""Mechanical fixes for Triton kernels: a registry of named, source-preserving libcst transforms.

Each transform's `propose(source)` returns one `ProposedEdit` per matching site (and, where a
bug usually spans several sites, one more edit that fixes all of them at once). A transform
never decides that its edit is right: the repair engine applies the edits cheapest-first and
keeps what the verifier accepts. Only the touched nodes change; comments and formatting of the
rest of the file survive (libcst round-trips source exactly).

Layer 3 (patterns/): imports nothing of kagent's but pydantic models.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import libcst as cst
from libcst.helpers import parse_template_expression
from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider
from pydantic import BaseModel, ConfigDict, Field

log = logging.getLogger("kagent.patterns.transforms")


class ProposedEdit(BaseModel):
    """One concrete edit of a kernel source. Pattern-independent: it names the transform."""

    model_config = ConfigDict(extra="forbid")

    transform: str
    description: str
    line: int = Field(description="1-based line of the (first) edited site")
    new_source: str
    cost: int = Field(description="the transform's cost rank: cheaper edits are tried first")


@dataclass(frozen=True)
class Transform:
    name: str
    cost: int
    summary: str
    propose: Callable[[str], list[ProposedEdit]]
    sites: Callable[["_Src"], list["_Site"]]
    diagnostic: bool = True


# Transforms whose sites exist in most correct kernels too: their matching says nothing about a bug.
_GENERIC = {"block_next_pow2", "upcast_before_reduction", "contiguous_before_launch", "int64_offsets",
            "program_id_axis", "zeros_output", "loop_bound_off_by_one", "keepdim_shape"}


TRANSFORMS: dict[str, Transform] = {}


def _register(name: str, cost: int, summary: str) -> Callable[[Callable[["_Src"], list]], Callable]:
    def deco(fn: Callable[["_Src"], list["_Site"]]) -> Callable:
        def propose(source: str) -> list[ProposedEdit]:
            try:
                src = _Src(source)
            except cst.ParserSyntaxError as exc:
                log.debug("%s: source does not parse: %s", name, exc)
                return []
            return src.edits(name, cost, fn(src))

        TRANSFORMS[name] = Transform(name=name, cost=cost, summary=summary, propose=propose, sites=fn,
                                     diagnostic=name not in _GENERIC)
        return fn

    return deco


def propose_all(source: str, names: Iterable[str] | None = None) -> list[ProposedEdit]:
    """Every edit of the named transforms (all of them by default), cheapest first."""
    chosen = list(TRANSFORMS) if names is None else list(names)
    unknown = [n for n in chosen if n not in TRANSFORMS]
    if unknown:
        raise KeyError(f"unknown transforms: {unknown}; known: {sorted(TRANSFORMS)}")
    edits = [e for n in chosen for e in TRANSFORMS[n].propose(source)]
    return sorted(edits, key=lambda e: (e.cost, e.line))


def applicable(source: str, names: Iterable[str] | None = None, diagnostic_only: bool = True) -> list[str]:
    """Names of the transforms that find at least one site in `source` (one parse for all).

    With `diagnostic_only`, transforms whose sites also occur in most correct kernels are left
    out: a site of a diagnostic transform (an unmasked load, a `<=` mask, a `//` grid, an invented
    API, ...) is itself evidence of the bug the transform fixes.
    """
    try:
        src = _Src(source)
    except cst.ParserSyntaxError:
        return []
    out = []
    for name in (list(TRANSFORMS) if names is None else names):
        t = TRANSFORMS[name]
        if diagnostic_only and not t.diagnostic:
            if name in _DETECTORS and _DETECTORS[name](src):
                out.append(name)
            continue
        if t.sites(src):
            out.append(name)
    return out


# --------------------------------------------------------------------------------------------
# source model


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
        out: set[str] = set()
        for call in self.calls(kernel, "tl.store", "tl.atomic_add", "tl.atomic_max", "tl.atomic_min"):
            pos = _positional(call)
            if pos:
                out |= self.names(pos[0].value) & names
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


# --------------------------------------------------------------------------------------------
# the transforms (cost: 1 renames ... 9 last resorts)

_RENAMES = {
    "triton.next_power_of_two": "triton.next_power_of_2",
    "triton.next_pow2": "triton.next_power_of_2",
    "triton.next_power_2": "triton.next_power_of_2",
    "triton.ceil_div": "triton.cdiv",
    "triton.cdivide": "triton.cdiv",
    "triton.ceildiv": "triton.cdiv",
    "tl.program_idx": "tl.program_id",
    "tl.program_ids": "tl.program_id",
    "tl.num_program": "tl.num_programs",
    "tl.arrange": "tl.arange",
    "tl.dot_product": "tl.dot",
    "tl.matmul": "tl.dot",
    "tl.reduce_sum": "tl.sum",
    "tl.reduce_max": "tl.max",
    "tl.reduce_min": "tl.min",
    "tl.float": "tl.float32",
    "tl.half": "tl.float16",
    "tl.double": "tl.float64",
    "tl.int": "tl.int32",
    "tl.long": "tl.int64",
    "tl.bool": "tl.int1",
    "tl.constant": "tl.constexpr",
    "triton.constexpr": "tl.constexpr",
    "tl.zeros_": "tl.zeros",
    "tl.libdevice": "tl.math",
    "tl.math.exponential": "tl.math.exp",
}


@_register("rename_invented_api", 1, "replace invented or renamed Triton APIs by the real ones")
def _rename_invented_api(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for node in src.nodes(src.module, cst.Attribute):
        name = _dotted(node)
        if name is None:
            continue
        prefix, norm = "", name
        if name.startswith("triton.language."):
            prefix, norm = "triton.language.", "tl." + name[len("triton.language."):]
        target = _RENAMES.get(norm)
        if target is None:
            continue
        if prefix and target.startswith("tl."):
            target = prefix + target[3:]
        sites.append(_Site(node, _with_rewrite(cst.parse_expression(target)),
                           f"rename {name} -> {target}"))
    return sites


@_register("strict_mask_bound", 2, "turn `offs <= n` masks into `offs < n`")
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


@_register("add_missing_mask", 2, "add a bounds mask to unmasked tl.load / tl.store")
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


@_register("other_neg_inf_for_max", 2, "padded lanes of loads feeding tl.max read -inf, not 0")
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


_LOW = {"tl.float16", "tl.bfloat16", "tl.float8e4nv", "tl.float8e5"}


@_register("fp32_accumulator", 3, "accumulate in tl.float32, not fp16/bf16 (tl.zeros, tl.dot out_dtype)")
def _fp32_accumulator(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        for call in src.calls(kernel, "tl.zeros", "tl.full"):
            dtype = _kwarg(call, "dtype")
            pos = _positional(call)
            if dtype is not None and _tl(dtype.value) in _LOW:
                sites.append(_Site(call, lambda u: _set_kwarg(u, "dtype", _expr("tl.float32")),
                                   "accumulator dtype float32"))
            elif dtype is None and len(pos) >= (2 if _call_name(call) == "tl.zeros" else 3):
                last = pos[-1]
                if _tl(last.value) in _LOW:
                    sites.append(_Site(last, lambda u: u.with_changes(value=_expr("tl.float32")),
                                       "accumulator dtype float32"))
        for call in src.calls(kernel, "tl.dot"):
            out = _kwarg(call, "out_dtype")
            if out is not None and _tl(out.value) in _LOW:
                sites.append(_Site(call, lambda u: _set_kwarg(u, "out_dtype", _expr("tl.float32")),
                                   "tl.dot out_dtype float32"))
    return sites


_REDUCTIONS = ("tl.sum", "tl.max", "tl.min", "tl.cumsum", "tl.dot", "tl.reduce")


@_register("upcast_before_reduction", 4, "cast loaded values to tl.float32 before arithmetic and reductions")
def _upcast_before_reduction(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        if not src.calls(kernel, *_REDUCTIONS):
            continue
        for call in src.calls(kernel, "tl.load"):
            par = src.parent.get(call)
            if isinstance(par, cst.Attribute) and par.attr.value == "to":
                continue
            if src.assigned_name(call) is None:
                continue
            sites.append(_Site(call, lambda u: _expr("{x}.to(tl.float32)", x=u),
                               "cast the loaded values to tl.float32"))
    return sites


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


@_register("grid_cdiv", 2, "size the grid with triton.cdiv instead of floor division")
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


@_register("block_next_pow2", 3, "size a row's block with triton.next_power_of_2(n_cols), not a constant")
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


@_register("mean_true_count", 3, "divide sums by the true element count, not the padded BLOCK")
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


@_register("mask_padded_lanes", 3, "zero padded lanes with tl.where before variance-like sums")
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


@_register("stride_not_shape", 3, "pass a tensor's stride, not its shape, as a stride argument")
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


@_register("contiguous_before_launch", 4, "make input tensors contiguous before the kernel sees them")
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


@_register("int64_offsets", 4, "compute offsets in int64: tl.program_id(...).to(tl.int64)")
def _int64_offsets(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        for call in src.calls(kernel, "tl.program_id"):
            par = src.parent.get(call)
            if isinstance(par, cst.Attribute) and par.attr.value == "to":
                continue
            sites.append(_Site(call, lambda u: _expr("{p}.to(tl.int64)", p=u),
                               "widen the program id to int64 before offset arithmetic"))
    return sites


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


@_register("softmax_subtract_max", 3, "subtract the row max before tl.exp in softmax")
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
            if not pos or _subtracts_max(src, kernel, pos[0].value):
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


@_register("gelu_half_factor", 3, "restore the 0.5 factor of GELU: 0.5 * x * (1 + erf(x / sqrt(2)))")
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


@_register("program_id_axis", 5, "read the program id of the axis the grid actually spans")
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


@_register("allocate_output", 5, "write into a freshly allocated output instead of into an input")
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


@_register("loop_bound_off_by_one", 5, "fix off-by-one loop bounds in kernels (range stop/start)")
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


@_register("zeros_output", 9, "LAST RESORT: allocate outputs with torch.zeros (hides unwritten elements)")
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


# Generic transforms that still diagnose a bug in particular situations.
_DETECTORS: dict[str, Callable[[_Src], bool]] = {"program_id_axis": _axis_beyond_grid}


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


@_register("exp2_log2e", 3, "exp written as tl.exp2 must scale its argument by log2(e)")
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


def _stride_call(expr: cst.BaseExpression) -> tuple[cst.BaseExpression, int] | None:
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "stride":
        pos = _positional(expr)
        if len(pos) == 1 and isinstance(pos[0].value, cst.Integer):
            return expr.func.value, int(pos[0].value.value)
    return None


@_register("swap_stride_args", 3, "pass a tensor's strides in dimension order: t.stride(0), t.stride(1)")
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


_SQRTS = ("tl.sqrt", "tl.math.sqrt", "tl.sqrt_rn", "tl.rsqrt", "tl.math.rsqrt", "torch.sqrt", "torch.rsqrt")


def _is_eps(expr: cst.BaseExpression) -> bool:
    """An epsilon: a name or attribute spelled like eps/epsilon, or a positive literal below 1e-2."""
    name = _dotted(expr)
    if name is not None:
        last = name.split(".")[-1].lower()
        return last in ("eps", "epsilon") or last.endswith("_eps") or last.startswith("eps_")
    return isinstance(expr, (cst.Integer, cst.Float)) and 0.0 < float(expr.evaluated_value) < 1e-2


@_register("eps_inside_sqrt", 3, "add eps inside the square root: sqrt(v + eps), not sqrt(v) + eps")
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


@_register("biased_variance", 3, "divide a sum of squared deviations by n (biased), not n - 1")
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


@_register("sigmoid_sign", 3, "a sigmoid is 1 / (1 + exp(-x)): restore the minus sign of the exponent")
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


@_register("row_offset", 3, "address a row's element from the row's base (ptr + row * stride), not from ptr")
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


@_register("launch_args", 2, "pass every kernel parameter at launch: insert the missing positional argument")
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


@_register("keepdim_shape", 4, "keep the reduced dimension with size 1 when the reference uses keepdim=True")
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
