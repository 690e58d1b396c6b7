"""Expression operators: what a kernel computes with, rather than where it reads.

- a kernel parameter that the body never reads (the launch passes it, so the author meant to use
  it): put it where a look-alike operand stands, wrap an index with it (`t % seq_len`) or split an
  index by it (`(offs // HW) % C`);
- operands in the wrong order: `f(b) * a` for `f(a) * b`; an epilogue applied before or after the
  wrong term: `f(acc) + bias` for `f(acc + bias)`;
- divisors: `n` <-> `n - 1` (biased / unbiased), the wrong size (`x.numel()` for the row count);
- a loop counter used where its scaled offset was meant: `K - k` for `K - k * BLOCK_K`;
- host-side integer truncation of a float scale: `math.isqrt`, `//`, `int(...)`;
- the output's allocation: a keepdim axis of 1 added or dropped, int32 <-> int64.

Edits replace the source text of one AST node on one line, so the rest of the line stays as written.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from kagent.patterns.operators.base import Kernel, Src, code_part, nodes_of, one_line, operator


def _segment(src: Src, node: Any) -> tuple[int, int, int] | None:
    """(0-based line, start column, end column) of a node that lies on one line."""
    if getattr(node, "lineno", None) is None or node.lineno != node.end_lineno:
        return None
    return node.lineno - 1, node.col_offset, node.end_col_offset


def _swap(src: Src, node: Any, new: str, what: str) -> tuple[str, int, int, list[str]] | None:
    seg = _segment(src, node)
    if seg is None:
        return None
    line0, a, b = seg
    text = src.lines[line0]
    # columns are UTF-8 byte offsets; the kernels' code lines are ASCII, anything else is skipped
    if not text.isascii():
        return None
    return one_line(f"line {line0 + 1}: {what}", line0, text[:a] + new + text[b:])


def _reads(fn: ast.FunctionDef) -> set[str]:
    return {n.id for n in nodes_of(fn, ast.Name) if isinstance(n.ctx, ast.Load)}


def _unused(k: Kernel) -> list[str]:
    """Parameters a kernel (or jit helper) takes but never reads: pointers and constexprs aside."""
    reads = _reads(k.node)
    return [p for p in k.params if p not in reads and p not in k.constexpr and "ptr" not in p.lower()]


def _param_like(node: ast.expr, params: list[str]) -> bool:
    """A look-alike operand: a parameter, or its negation / reciprocal."""
    if isinstance(node, ast.Name):
        return node.id in params
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return _param_like(node.operand, params)
    return False


@operator("unused_param", "args", 1, "use a kernel parameter the body never reads (the launch passes it)",
          global_=True)
def _unused_param(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        unused = _unused(k)
        if not unused:
            continue
        others = [p for p in k.params if p not in unused and p not in k.constexpr]
        for stmt in k.node.body:
            for node in nodes_of(stmt, ast.Call, ast.BinOp):
                operands = list(node.args) if isinstance(node, ast.Call) else [node.left, node.right]
                for arg in operands:
                    if not _param_like(arg, others):
                        continue
                    for p in unused:
                        e = _swap(src, arg, p, f"`{ast.unparse(arg)}` -> unused parameter `{p}`")
                        if e:
                            out.append(e)
            # an index meant to wrap or be split by the unused extent
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                value = stmt.value
                if not _index_like(value):
                    continue
                for p in unused:
                    v = ast.unparse(value)
                    wrapped = f"({v})" if isinstance(value, ast.BinOp) else v
                    for new, what in ((f"{wrapped} % {p}", f"wrap by `{p}`"), (f"{wrapped} // {p}", f"divide by `{p}`")):
                        e = _swap(src, value, new, what)
                        if e:
                            out.append(e)
                    for mod in nodes_of(value, ast.BinOp):
                        if isinstance(mod.op, ast.Mod):
                            left = ast.unparse(mod.left)
                            e = _swap(src, mod, f"({left} // {p}) % {ast.unparse(mod.right)}",
                                      f"split the index by `{p}` before the modulo")
                            if e:
                                out.append(e)
        # an unused scale (`scale`, `alpha`, `inv_temp`): a computed value meant to be scaled by it
        for p in (p for p in unused if _SCALE_NAME.search(p)):
            for n in sorted(nodes_of(k.node, ast.Assign), key=lambda n: n.lineno):
                v = n.value
                if isinstance(v, (ast.Call, ast.BinOp)) and not _index_like(v) and "tl.load" not in ast.unparse(v):
                    text = ast.unparse(v)
                    e = _swap(src, v, f"({text}) * {p}" if isinstance(v, ast.BinOp) else f"{text} * {p}",
                              f"scaled by unused parameter `{p}`")
                    if e:
                        out.append(e)
    return out


_SCALE_NAME = re.compile(r"scale|alpha|beta|gamma|temp|factor|coef|mult|inv_", re.I)


def _index_like(node: ast.expr) -> bool:
    """An index expression: names, arithmetic, program ids and aranges (no loads, masks, math)."""
    for n in ast.walk(node):
        if isinstance(n, (ast.Compare, ast.BoolOp)):
            return False
        if isinstance(n, ast.Call) and ast.unparse(n.func) not in ("tl.program_id", "tl.arange"):
            return False
    return isinstance(node, (ast.Name, ast.BinOp, ast.Subscript))


def _call_args(node: ast.expr) -> list[ast.Name]:
    if isinstance(node, ast.Call):
        return [a for a in node.args if isinstance(a, ast.Name)]
    return []


@operator("operand_swap", "operand", 2, "swap the operands of a gated product: f(b) * a -> f(a) * b")
def _operand_swap(src: Src, line0: int) -> list:
    out = []
    for node in _stmt_nodes(src, line0, ast.BinOp):
        left, right = node.left, node.right
        for call, other, call_left in ((left, right, True), (right, left, False)):
            names = _call_args(call)
            if len(names) != 1 or not isinstance(other, ast.Name) or names[0].id == other.id:
                continue
            a, b = names[0].id, other.id
            new_call = ast.unparse(call).replace(f"({a}", f"({b}", 1)
            new = f"{new_call} {_op(node)} {a}" if call_left else f"{a} {_op(node)} {new_call}"
            e = _swap(src, node, new, f"operands swapped: `{ast.unparse(node)}` -> `{new}`")
            if e:
                out.append(e)
    return out


_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


def _op(node: ast.AST) -> str:
    return _OPS.get(type(node.op), "?")


def _stmt_nodes(src: Src, line0: int, *types: type) -> list[Any]:
    """Nodes of the given types that lie on line `line0` (one-line nodes only)."""
    return [n for n in src.expressions_by_line.get(line0, []) if isinstance(n, types)]


@operator("epilogue_order", "operand", 2, "apply an epilogue to the whole sum: f(a) + b <-> f(a + b)",
          scopes=("kernel", "cuda", "host"))
def _epilogue(src: Src, line0: int) -> list:
    out = []
    for node in _stmt_nodes(src, line0, ast.BinOp):
        if type(node.op) not in _OPS:
            continue
        op = _op(node)
        left, right = node.left, node.right
        if isinstance(left, ast.Call) and len(left.args) == 1 and not left.keywords:
            inner = f"{ast.unparse(left.args[0])} {op} {ast.unparse(right)}"
            new = f"{ast.unparse(left.func)}({inner})"
            e = _swap(src, node, new, f"`{ast.unparse(node)}` -> `{new}`")
            if e:
                out.append(e)
    for node in _stmt_nodes(src, line0, ast.Call):
        if len(node.args) != 1 or node.keywords:
            continue
        arg = node.args[0]
        if isinstance(arg, ast.BinOp) and type(arg.op) in _OPS:
            fn = ast.unparse(node.func)
            if fn.startswith(("tl.load", "tl.store", "tl.arange", "tl.program_id", "range", "triton.")):
                continue
            new = f"{fn}({ast.unparse(arg.left)}) {_op(arg)} {ast.unparse(arg.right)}"
            e = _swap(src, node, new, f"`{ast.unparse(node)}` -> `{new}`")
            if e:
                out.append(e)
    return out


@operator("factor_scope", "operand", 2, "a factor applied to the whole sum where it scales one term, or the "
          "reverse: (h + k * v) * d <-> h * d + k * v (a decay applied after the update instead of before)",
          scopes=("kernel", "cuda"))
def _factor_scope(src: Src, line0: int) -> list:
    out = []
    add = (ast.Add, ast.Sub)
    for node in _stmt_nodes(src, line0, ast.BinOp):
        if not isinstance(node.op, ast.Mult):
            continue
        for total, factor in ((node.left, node.right), (node.right, node.left)):
            if isinstance(total, ast.BinOp) and isinstance(total.op, add):
                a, b, f, op = ast.unparse(total.left), ast.unparse(total.right), ast.unparse(factor), _op(total)
                for new in (f"{a} * {f} {op} {b}", f"{a} {op} {b} * {f}"):
                    if e := _swap(src, node, new, f"`{ast.unparse(node)}` -> `{new}`"):
                        out.append(e)
    for node in _stmt_nodes(src, line0, ast.BinOp):
        # `h * d + kv` -> `(h + kv) * d`: the factor of one term over both
        if isinstance(node.op, add) and isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Mult):
            a, f, b = ast.unparse(node.left.left), ast.unparse(node.left.right), ast.unparse(node.right)
            new = f"({a} {_op(node)} {b}) * {f}"
            if e := _swap(src, node, new, f"`{ast.unparse(node)}` -> `{new}`"):
                out.append(e)
    return out[:4]


def size_names(src: Src, line0: int) -> list[str]:
    """Integer sizes in scope at a line: a kernel's non-pointer, non-constexpr parameters; in host
    code, names unpacked from `.shape` and `x.shape[i]` / `x.numel()` of forward's tensors."""
    k = src.kernel_at(line0)
    if k is not None:
        return [p for p in k.params if p not in k.constexpr and "ptr" not in p.lower()
                and not p.lower().startswith(("stride", "eps", "scale"))]
    fn = next((f for f in src.host_functions if f.lineno - 1 < line0 <= (f.end_lineno or 0)), None)
    if fn is None:
        return []
    names: list[str] = []
    for n in nodes_of(fn, ast.Assign):
        if ".shape" in ast.unparse(n.value) or ".size(" in ast.unparse(n.value):
            for t in n.targets:
                for x in nodes_of(t, ast.Name):
                    if x.id not in names:
                        names.append(x.id)
    return names


_COUNT = re.compile(r"^(cnt|count|n_valid|num_valid|n_tokens|num_tokens|valid|total)\w*$|_(cnt|count)$", re.I)


def _counts(src: Src, line0: int) -> list[str]:
    """Kernel locals that hold a count computed or loaded at run time (`cnt = tl.load(cnt_ptr)`)."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    return sorted({t.id for n in nodes_of(k.node, ast.Assign) if n.lineno - 1 < line0
                   for t in n.targets if isinstance(t, ast.Name) and _COUNT.search(t.id)})


def _counters_bounded_by(src: Src, line0: int, name: str) -> list[str]:
    """The counters of the kernel loops around line0 whose range reads `name` (`for k in range(1, KMAX + 1)`)."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    return [f.target.id for f in nodes_of(k.node, ast.For)
            if isinstance(f.target, ast.Name) and f.lineno - 1 < line0 < (f.end_lineno or f.lineno)
            and any(isinstance(x, ast.Name) and x.id == name for x in ast.walk(f.iter))]


@operator("divisor", "divisor", 1, "the divisor of a mean or variance: n <-> n - 1, another size, or the counter of a loop "
          "bounded by it (a per-lag mean: / KMAX -> / k)",
          scopes=("kernel", "cuda", "host"))
def _divisor(src: Src, line0: int) -> list:
    out = []
    sizes = size_names(src, line0)
    for node in _stmt_nodes(src, line0, ast.BinOp):
        if not isinstance(node.op, ast.Div):
            continue
        d = node.right
        ds = ast.unparse(d)
        alts: list[str] = []
        if isinstance(d, ast.BinOp) and isinstance(d.op, ast.Sub) and ast.unparse(d.right) == "1":
            alts.append(ast.unparse(d.left))
        elif isinstance(d, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)):
            alts.append(f"({ds} - 1)")
        if isinstance(d, ast.Name):  # a relative difference over the other side: (rv - bv) / bv -> (rv - bv) / rv
            alts += [t for t in _sum_names(node.left) if t != ds and t not in alts]
        if isinstance(d, (ast.Name, ast.Call, ast.Subscript)):  # a size expression: try the others
            alts += [s for s in sizes + _counts(src, line0) if s != ds and s not in ds and s not in alts]
        if isinstance(d, ast.Name):  # a per-iteration mean divided by the loop's bound: by its counter
            alts += [c for c in _counters_bounded_by(src, line0, ds) if c not in alts]
        num = ast.unparse(node.left)
        if isinstance(node.left, (ast.BinOp, ast.BoolOp, ast.IfExp, ast.Compare)) and \
                not isinstance(getattr(node.left, "op", None), (ast.Mult, ast.Div, ast.Pow, ast.FloorDiv, ast.Mod)):
            num = f"({num})"  # (rv - bv) / n keeps its parentheses (unparse drops them)
        for alt in alts:
            new = f"{num} / {alt}"
            e = _swap(src, node, new, f"divisor `{ds}` -> `{alt}`")
            if e:
                out.append(e)
    return out


def _sum_names(node: ast.AST) -> list[str]:
    """The plain names a sum or difference adds up (a - b + c -> a, b, c; nothing for other forms)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        return _sum_names(node.left) + _sum_names(node.right)
    return [node.id] if isinstance(node, ast.Name) else []


@operator("loop_scale", "block", 2, "a loop counter used where its offset was meant: k -> k * BLOCK",
          scopes=("kernel",))
def _loop_scale(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None or not k.constexpr:
        return []
    counters = {t.id for f in nodes_of(k.node, ast.For) for t in [f.target] if isinstance(t, ast.Name)}
    out = []
    for node in _stmt_nodes(src, line0, ast.BinOp, ast.Compare):
        operands = [node.right] if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) else (
            node.comparators if isinstance(node, ast.Compare) else [])
        for x in operands:
            if isinstance(x, ast.Name) and x.id in counters:
                for c in sorted(k.constexpr):
                    e = _swap(src, x, f"{x.id} * {c}", f"`{x.id}` -> `{x.id} * {c}`")
                    if e:
                        out.append(e)
    return out


@operator("int_truncation", "sqrt", 1, "host-side integer truncation of a float scale: isqrt, //, int()",
          scopes=("host",))
def _int_truncation(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    if not re.search(r"\bmath\.|\*\*|\d\.\d|\bsqrt\b", code):
        return []
    out = []
    if "math.isqrt(" in code:
        out.append(one_line(f"line {line0 + 1}: math.isqrt -> math.sqrt", line0, code.replace("math.isqrt(", "math.sqrt(", 1)))
    for m in re.finditer(r"\s//\s", code):
        out.append(one_line(f"line {line0 + 1}: `//` -> `/`", line0, code[: m.start()] + " / " + code[m.end():]))
    for node in _stmt_nodes(src, line0, ast.Call):
        if ast.unparse(node.func) == "int" and len(node.args) == 1:
            e = _swap(src, node, f"({ast.unparse(node.args[0])})", "drop int()")
            if e:
                out.append(e)
    return out


_ALLOC = re.compile(r"\btorch\.(empty|zeros|ones|full)\(")


@operator("alloc_shape", "shape", 1, "the output's shape: add or drop a keepdim axis of size 1", scopes=("host",))
def _alloc_shape(src: Src, line0: int) -> list:
    if not _ALLOC.search(src.lines[line0]):
        return []
    out = []
    for node in _stmt_nodes(src, line0, ast.Call):
        if not re.fullmatch(r"torch\.(empty|zeros|ones|full)", ast.unparse(node.func)) or not node.args:
            continue
        shape = node.args[0]
        if isinstance(shape, (ast.Tuple, ast.List)):
            elts, first, last = shape.elts, shape, shape
        elif len(node.args) == 1 and re.search(r"\.shape\b|\.size\(\)", ast.unparse(shape)):
            # a shape object (`x.shape[:-1]`): the kept axis starred around it
            seg = _span(src, shape, shape)
            if seg is not None and src.lines[seg[0]].isascii():
                line0_, a, b = seg
                text, sh = src.lines[line0_], ast.unparse(shape)
                for new in (f"(*{sh}, 1)", f"(1, *{sh})"):
                    out.append(one_line(f"line {line0_ + 1}: output shape {sh} -> {new}", line0_,
                                        text[:a] + new + text[b:]))
            continue
        elif len(node.args) > 1 or not isinstance(shape, ast.Attribute):  # sizes as arguments: empty(n, d)
            elts, first, last = node.args, node.args[0], node.args[-1]
        else:
            continue  # one argument that is not a tuple: x.shape or a size object
        dims = [ast.unparse(e) for e in elts]
        variants = [dims[:i] + ["1"] + dims[i:] for i in range(len(dims) + 1)]
        variants += [dims[:i] + dims[i + 1:] for i, d in enumerate(dims) if d == "1"]
        seg = _span(src, first, last)
        if seg is None:
            continue
        line0_, a, b = seg
        text = src.lines[line0_]
        for v in variants:
            new = "(" + ", ".join(v) + ("," if len(v) == 1 else "") + ")"
            if not isinstance(shape, (ast.Tuple, ast.List)):
                new = ", ".join(v)
            if text.isascii():
                out.append(one_line(f"line {line0_ + 1}: output shape {', '.join(dims)} -> {new}", line0_,
                                    text[:a] + new + text[b:]))
    return out


def _span(src: Src, first: Any, last: Any) -> tuple[int, int, int] | None:
    """(0-based line, start, end column) from the start of `first` to the end of `last`, on one line."""
    if first.lineno != last.end_lineno:
        return None
    return first.lineno - 1, first.col_offset, last.end_col_offset


@operator("int_width", "out_dtype", 1, "an integer output's width or sign: torch.int32 <-> torch.int64, int8 <-> uint8",
          scopes=("host",))
def _int_width(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    out = []
    for a, b in (("torch.int32", "torch.int64"), ("torch.int64", "torch.int32"), ("torch.long", "torch.int32"),
                 ("torch.int", "torch.int64"), ("torch.int8", "torch.uint8"), ("torch.uint8", "torch.int8")):
        for m in re.finditer(re.escape(a) + r"\b", code):
            out.append(one_line(f"line {line0 + 1}: {a} -> {b}", line0, code[: m.start()] + b + code[m.end():] + text[len(code):]))
    return out


_WINDOW = re.compile(r"kernel|window|pool|^k$|^ks$|^kw$|_k$|size$", re.I)
_PAD = re.compile(r"pad", re.I)


@operator("window_count", "shape", 2, "a sliding window's output length: L // s -> (L - k) // s + 1, "
          "(L + 2 * p - k) // s + 1", scopes=("host",))
def _window_count(src: Src, line0: int) -> list:
    stmt = src.statements_by_line.get(line0)
    if not isinstance(stmt, ast.Assign) or not isinstance(stmt.value, ast.BinOp) or not isinstance(stmt.value.op, ast.FloorDiv):
        return []
    attrs = sorted({ast.unparse(a) for a in nodes_of(src.tree, ast.Attribute)
                    if isinstance(a.value, ast.Name) and a.value.id == "self"})
    windows = [a for a in attrs if _WINDOW.search(a.split(".", 1)[1]) and a != ast.unparse(stmt.value.right)]
    pads = [a for a in attrs if _PAD.search(a)]
    length, step = ast.unparse(stmt.value.left), ast.unparse(stmt.value.right)
    length = f"({length})" if isinstance(stmt.value.left, ast.BinOp) else length
    out = []
    for k in windows[:3]:
        forms = [f"({length} - {k}) // {step} + 1"] + [f"({length} + 2 * {p} - {k}) // {step} + 1" for p in pads[:1]]
        for new in forms:
            e = _swap(src, stmt.value, new, f"the window count `{new}`")
            if e:
                out.append(e)
    return out


_DEGREES = re.compile(r"(?:^|_)deg(?:rees?)?(?:$|_)", re.I)


@operator("degrees_radians", "sqrt", 1, "an angle in degrees passed where radians are meant: "
          "delta = self.angle_deg -> math.radians(self.angle_deg)", scopes=("host", "kernel"))
def _degrees_radians(src: Src, line0: int) -> list:
    stmt = src.statements_by_line.get(line0)
    if not isinstance(stmt, ast.Assign) or stmt.lineno != stmt.end_lineno:
        return []
    converted = "math.radians" if re.search(r"^import math\b", src.source, re.M) else None
    out = []
    for node in ast.walk(stmt.value):
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
        if name is None or not _DEGREES.search(name) or "radians" in ast.unparse(stmt.value) \
                or "deg2rad" in ast.unparse(stmt.value):
            continue
        text = ast.unparse(node)
        new = f"{converted}({text})" if converted and src.scope_of(line0) == "host" else f"({text} * 0.017453292519943295)"
        e = _swap(src, node, new, f"`{text}` in degrees -> radians")
        if e:
            out.append(e)
    return out
