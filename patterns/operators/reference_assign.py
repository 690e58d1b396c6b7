"""The reference's own assignment for a variable the kernel names alike: a kernel written from a reference
keeps its names (`N = S + E + I + R`, `drift = (self.r - 0.5 * self.sigma ** 2) * dt`, `h = q_over_m * dt
* 0.5`). Where the kernel assigns a name the reference assigns too, and the kernel's value is none of the
reference's for it, the reference's value translated into the kernel's terms is an edit:
- names the kernel's function defines (its parameters, names it assigns) or the kernel file's module
  defines stay; a reference name that only recasts another (`ad = a.double()`) becomes that one; `self.dt` stays in ModelNew's methods where ModelNew sets it, and becomes `dt` in a
  kernel that has a `dt`;
- in a kernel, `torch.sqrt(x)` / `math.sqrt(x)` become `tl.sqrt(x)` (the elementwise functions Triton
  has), `torch.clamp(x, lo, hi)` (or `x.clamp(min=lo)`) `tl.minimum(tl.maximum(x, lo), hi)`, `math.pi`
  its value, `x ** 2` becomes `x * x` and `x ** 0.5` `tl.sqrt(x)`;
- where a part has no translation (an index, a method call, a reduction over a dim) and the two values have
  one shape, the reference's operators and numbers are put on the kernel's operands (`-kd * (yt - y_prev)
  * dt` beside the reference's `-kd * (y[:, t] - y_prev) / self.dt` -> `... / dt`), two changes at most;
  otherwise that value is left out.
A helper of the kernel named as one of the reference's (`fade` for `_fade`) gets the reference helper's
return value the same way, its parameters renamed by position.
The edits closest to the kernel's own expression (the most shared names, numbers and operators) rank first:
a near-miss differs from its twin by little, and an unrelated variable that happens to share a name
(`x`, `out`) differs by much.
"""

from __future__ import annotations

import ast
import math
from collections import Counter

from kagent.patterns.operators.base import Src

_TL_FUNCS = {"sqrt", "exp", "exp2", "log", "log2", "sin", "cos", "abs", "floor", "ceil", "maximum", "minimum",
             "where", "sigmoid", "fma", "erf", "rsqrt"}
_MIN_SIMILARITY = 0.3  # below it the two expressions share too little to be one value gone wrong
MAX_EDITS = 12


def _targets_values(tree: ast.Module) -> dict[str, list[ast.AST]]:
    """Every value the reference assigns to a plain name, in Model's methods and the module's helpers."""
    scopes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Model"]
    scopes += [n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("get_")]
    out: dict[str, list[ast.AST]] = {}
    for top in scopes:
        for n in ast.walk(top):
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                out.setdefault(n.targets[0].id, []).append(n.value)
    return out


_SAME_VALUE = ("double", "float", "half", "to", "contiguous", "clone", "detach")


def _aliases(tree: ast.Module) -> dict[str, str]:
    """Reference names that hold another name's values in another dtype or layout (`ad = a.double()`,
    `Md, ed = M.double(), e.double()`): the kernel knows them by the original name."""
    out: dict[str, str] = {}
    for n in ast.walk(tree):
        if not (isinstance(n, ast.Assign) and len(n.targets) == 1):
            continue
        target, value = n.targets[0], n.value
        pairs = list(zip(target.elts, value.elts)) if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) \
            and len(target.elts) == len(value.elts) else [(target, value)]
        for t, v in pairs:
            if isinstance(t, ast.Name) and isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) \
                    and v.func.attr in _SAME_VALUE and isinstance(v.func.value, ast.Name):
                out[t.id] = v.func.value.id
    return out


def _defined(fn: ast.FunctionDef) -> set[str]:
    names = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
    return names


class _Translate(ast.NodeTransformer):
    """The reference's value in the kernel's terms; raises ValueError where a part has none."""

    def __init__(self, defined: set[str], module: set[str], self_attrs: set[str] | None, aliases: dict[str, str],
                 renames: dict[str, str] | None = None):
        self.defined, self.module, self.self_attrs = defined, module, self_attrs  # self_attrs None: a kernel
        self.aliases, self.renames = aliases, renames or {}  # renames: a helper's parameters, by position

    @property
    def kernel(self) -> bool:
        return self.self_attrs is None

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.renames:
            return ast.Name(self.renames[node.id], ast.Load())
        if node.id in self.defined or (node.id in self.module and not self.kernel):
            return node
        if self.aliases.get(node.id) in self.defined:
            return ast.Name(self.aliases[node.id], ast.Load())
        raise ValueError(node.id)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            if not self.kernel and node.attr in (self.self_attrs or set()):
                return node
            if self.kernel and node.attr in self.defined:
                return ast.Name(node.attr, ast.Load())
        if isinstance(node.value, ast.Name) and node.value.id == "math" and node.attr in ("pi", "e", "tau"):
            return node if not self.kernel else ast.Constant(getattr(math, node.attr))
        raise ValueError(ast.unparse(node))

    def visit_Call(self, node: ast.Call) -> ast.AST:
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in ("clamp", "clamp_min", "clamp_max", "clip"):
            return self._clamp(node)
        if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in ("torch", "math")) \
                or node.keywords:
            raise ValueError(ast.unparse(node))
        args = [self.visit(a) for a in node.args]
        if not self.kernel:
            return ast.Call(f, args, [])
        if f.attr not in _TL_FUNCS:
            raise ValueError(f.attr)
        return ast.Call(ast.Attribute(ast.Name("tl", ast.Load()), f.attr, ast.Load()), args, [])

    def _clamp(self, node: ast.Call) -> ast.AST:
        """torch.clamp(x, lo, hi), x.clamp(min=lo), x.clamp_max(hi): in a kernel, tl.maximum / tl.minimum."""
        f = node.func
        is_torch = isinstance(f.value, ast.Name) and f.value.id == "torch"
        args = list(node.args) if is_torch else [f.value, *node.args]
        if not args:
            raise ValueError("clamp")
        x, rest = args[0], args[1:]
        kw = {k.arg: k.value for k in node.keywords}
        if set(kw) - {"min", "max"}:
            raise ValueError("clamp")
        lo = kw.get("min", rest[0] if rest and f.attr in ("clamp", "clip", "clamp_min") else None)
        hi = kw.get("max", rest[1] if len(rest) > 1 else rest[0] if rest and f.attr == "clamp_max" else None)
        out = self.visit(x)
        lo, hi = (None if v is None else self.visit(v) for v in (lo, hi))
        if not self.kernel:
            keywords = [ast.keyword(k, v) for k, v in (("min", lo), ("max", hi)) if v is not None]
            return ast.Call(ast.Attribute(ast.Name("torch", ast.Load()), "clamp", ast.Load()), [out], keywords)
        for name, bound in (("maximum", lo), ("minimum", hi)):
            if bound is not None:
                out = ast.Call(ast.Attribute(ast.Name("tl", ast.Load()), name, ast.Load()), [out, bound], [])
        return out

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        left, right = self.visit(node.left), self.visit(node.right)
        if self.kernel and isinstance(node.op, ast.Pow):
            power = right.value if isinstance(right, ast.Constant) else None
            if power == 2:
                return ast.BinOp(left, ast.Mult(), left)
            if power == 0.5:
                return ast.Call(ast.Attribute(ast.Name("tl", ast.Load()), "sqrt", ast.Load()), [left], [])
            raise ValueError("power")
        return ast.BinOp(left, node.op, right)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return node
        raise ValueError(repr(node.value))

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, (ast.UnaryOp, ast.IfExp, ast.Compare, ast.BoolOp)) or isinstance(
                node, (ast.operator, ast.unaryop, ast.cmpop, ast.boolop, ast.expr_context)):
            return super().generic_visit(node)
        raise ValueError(type(node).__name__)


_OPAQUE = (ast.Name, ast.Attribute, ast.Subscript)
_MAX_ALIGNED_CHANGES = 2


def _align(mine: ast.AST, ref: ast.AST) -> tuple[ast.AST, int] | None:
    """The kernel's expression with the reference's operators and numbers where the two have one shape,
    its operands kept where they are names, attributes or indexes (the reference's `y[:, t]` is the
    kernel's `yt`), and how many operators or numbers changed; None where the shapes differ."""
    if isinstance(mine, _OPAQUE) and isinstance(ref, _OPAQUE):
        return mine, 0
    if isinstance(mine, ast.Constant) and isinstance(ref, ast.Constant):
        if not all(isinstance(x.value, (int, float)) and not isinstance(x.value, bool) for x in (mine, ref)):
            return None
        return (mine, 0) if mine.value == ref.value else (ast.Constant(ref.value), 1)
    if isinstance(mine, ast.BinOp) and isinstance(ref, ast.BinOp):
        left, right = _align(mine.left, ref.left), _align(mine.right, ref.right)
        if left is None or right is None:
            return None
        changed = left[1] + right[1] + (type(mine.op) is not type(ref.op))
        return ast.BinOp(left[0], ref.op, right[0]), changed
    if isinstance(mine, ast.UnaryOp) and isinstance(ref, ast.UnaryOp):
        inner = _align(mine.operand, ref.operand)
        if inner is None:
            return None
        return ast.UnaryOp(ref.op, inner[0]), inner[1] + (type(mine.op) is not type(ref.op))
    if isinstance(mine, ast.Call) and isinstance(ref, ast.Call) and len(mine.args) == len(ref.args) \
            and not mine.keywords and not ref.keywords and _callee(mine) == _callee(ref):
        args = [_align(a, b) for a, b in zip(mine.args, ref.args)]
        if any(a is None for a in args):
            return None
        return ast.Call(mine.func, [a[0] for a in args], []), sum(a[1] for a in args)
    return None


def _callee(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def _tokens(node: ast.AST) -> Counter:
    out: Counter = Counter()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out[n.id] += 1
        elif isinstance(n, ast.Attribute):
            out[n.attr] += 1
        elif isinstance(n, ast.Constant):
            out[repr(n.value)] += 1
        elif isinstance(n, (ast.BinOp, ast.UnaryOp)):
            out[type(n.op).__name__] += 1
    return out


def _similarity(a: ast.AST, b: ast.AST) -> float:
    ta, tb = _tokens(a), _tokens(b)
    union = sum((ta | tb).values())
    return sum((ta & tb).values()) / union if union else 0.0


def loaded_values(src: Src, kernel: ast.FunctionDef) -> dict[str, str]:
    """The kernel's names for the forward's tensors: `pres = tl.load(p_ptr + rows)` where a launch passes
    `pressure` for `p_ptr` (ModelNew.forward takes the reference's arguments by their names)."""
    out: dict[str, str] = {}
    for launch in src.launches:
        if launch.kernel != kernel.name:
            continue
        for n in ast.walk(kernel):
            if not (isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
                    and isinstance(n.value, ast.Call) and ast.unparse(n.value.func) == "tl.load" and n.value.args):
                continue
            ptrs = [x.id for x in ast.walk(n.value.args[0]) if isinstance(x, ast.Name) and x.id in src.kernels[kernel.name].params]
            arg = src.launch_arg(launch, ptrs[0]) if len(ptrs) == 1 else None
            if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "contiguous":
                arg = arg.func.value
            if isinstance(arg, ast.Name):
                out.setdefault(arg.id, n.targets[0].id)
    return out


def constant_params(src: Src, kernel: ast.FunctionDef, reference: ast.Module) -> dict[str, str]:
    """The kernel's parameters for the reference's module constants: `r0` where a launch passes 6356.766 and the
    reference holds `R0_KM = 6356.766`."""
    def number(n: ast.AST | None) -> float | None:
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
            v = number(n.operand)
            return None if v is None else -v
        return float(n.value) if isinstance(n, ast.Constant) and type(n.value) in (int, float) else None

    consts = {t.id: v for n in reference.body if isinstance(n, ast.Assign) for t in n.targets
              if isinstance(t, ast.Name) and (v := number(n.value)) is not None}
    mine = {t.id: v for n in src.tree.body if isinstance(n, ast.Assign) for t in n.targets
            if isinstance(t, ast.Name) and (v := number(n.value)) is not None}
    out: dict[str, str] = {}
    for launch in src.launches:
        if launch.kernel != kernel.name:
            continue
        for param in src.kernels[kernel.name].params:
            arg = src.launch_arg(launch, param)
            v = number(arg) if not isinstance(arg, ast.Name) else mine.get(arg.id)
            for name, c in consts.items():
                if v is not None and v != 0 and math.isclose(v, c, rel_tol=1e-9):
                    out.setdefault(name, param)
    return out


def assignment_edits(src: Src, reference: ast.Module) -> list[tuple[float, str, int, int, list[str]]]:
    """(similarity, description, start, stop, new lines) per kernel line the reference's value would
    replace, closest first."""
    wanted = _targets_values(reference)
    module = {t.id for n in src.tree.body if isinstance(n, (ast.Assign, ast.Import, ast.ImportFrom))
              for t in (n.targets if isinstance(n, ast.Assign) else [])
              if isinstance(t, ast.Name)} | {a.asname or a.name for n in src.tree.body
                                             if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
    self_attrs = {n.attr for n in ast.walk(src.tree) if isinstance(n, ast.Attribute)
                  and isinstance(n.value, ast.Name) and n.value.id == "self" and isinstance(n.ctx, ast.Store)}
    fns = [(k.node, True) for k in src.kernels.values()] + [(f, False) for f in src.host_functions]
    aliases = _aliases(reference)
    out: list[tuple[float, str, int, int, list[str]]] = []
    for fn, is_kernel in fns:
        # in a kernel, the forward's tensors by the names it loads them as, the module's constants by the
        # parameters they are passed as
        renames = {**constant_params(src, fn, reference), **loaded_values(src, fn)} if is_kernel else None
        translate = _Translate(_defined(fn), module, None if is_kernel else self_attrs, aliases, renames)
        for n in ast.walk(fn):
            if not (isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
                    and n.targets[0].id in wanted and n.lineno == n.end_lineno):
                continue
            options = []
            for value in wanted[n.targets[0].id]:
                try:
                    options.append(translate.visit(_copy(value)))
                except ValueError:
                    # no translation: the reference's operators and numbers on the kernel's operands
                    aligned = _align(n.value, value)
                    if aligned is not None and aligned[1] <= _MAX_ALIGNED_CHANGES:
                        options.append(_copy(aligned[0]))
            mine = ast.dump(n.value)
            if not options or any(ast.dump(o) == mine for o in options):
                continue  # the kernel's value is one of the reference's already
            line0 = n.lineno - 1
            text = src.lines[line0]
            for o in options:
                sim = _similarity(n.value, o)
                if isinstance(n.value, ast.Name) and n.value.id in {x.id for x in ast.walk(o) if isinstance(x, ast.Name)}:
                    sim = max(sim, 0.5)  # a value that lost what the reference does to it: h = z for r0 z / (r0 + z)
                if sim < _MIN_SIMILARITY:
                    continue
                new = text[: n.value.col_offset] + ast.unparse(o) + text[n.value.end_col_offset:]
                out.append((sim, f"line {line0 + 1}: `{ast.unparse(n.value)}` -> `{ast.unparse(o)}` (the reference's "
                                 f"value for `{n.targets[0].id}`)", line0, line0 + 1, [new]))
    out += _helper_edits(src, reference, module, aliases)
    out.sort(key=lambda t: (-t[0], t[2]))
    return out[:MAX_EDITS]


def _plain(name: str) -> str:
    return name.strip("_").lower()


def _helper_edits(src: Src, reference: ast.Module, module: set[str],
                  aliases: dict[str, str]) -> list[tuple[float, str, int, int, list[str]]]:
    """A helper of the kernel named as one of the reference's (`fade` for `_fade`) returning another value:
    the reference helper's, its parameters renamed to the kernel's by position."""
    theirs = {}
    for f in reference.body:
        returns = [n for n in f.body if isinstance(n, ast.Return)] if isinstance(f, ast.FunctionDef) else []
        if len(returns) == 1 and returns[0].value is not None and not f.name.startswith("get_"):
            theirs[_plain(f.name)] = (f, returns[0].value)
    out = []
    for fn in [k.node for k in src.kernels.values()] + list(src.host_functions):
        if _plain(fn.name) not in theirs:
            continue
        ref_fn, value = theirs[_plain(fn.name)]
        ref_params, params = [a.arg for a in ref_fn.args.args], [a.arg for a in fn.args.args]
        if len(ref_params) != len(params):
            continue
        translate = _Translate(_defined(fn), module, None if fn.name in src.kernels else set(), aliases,
                               dict(zip(ref_params, params)))
        try:
            want = translate.visit(_copy(value))
        except ValueError:
            continue
        for r in (n for n in fn.body if isinstance(n, ast.Return) and n.value is not None):
            if ast.dump(r.value) == ast.dump(want) or r.lineno != r.end_lineno:
                continue
            line0 = r.lineno - 1
            text = src.lines[line0]
            new = text[: r.value.col_offset] + ast.unparse(want) + text[r.value.end_col_offset:]
            # the helper's name is evidence enough: a floor on the likeness
            out.append((max(_similarity(r.value, want), _MIN_SIMILARITY), f"line {line0 + 1}: `{fn.name}` returns "
                        f"`{ast.unparse(want)}` (the reference's `{ref_fn.name}`)", line0, line0 + 1, [new]))
    return out


def _copy(node: ast.AST) -> ast.AST:
    return ast.parse(ast.unparse(node), mode="eval").body
