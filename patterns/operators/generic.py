"""Generic operators: the mutation operators of program repair, not tied to one form of a fault.

The other families undo faults of a named kind in the forms they usually take; these undo the
small slips any code has, whatever it computes, so that a fault of a known kind in an unseen form
(or of a kind nobody listed) is still one edit away:
- two names exchanged on a line (`up * f(up) * gate` for `gate * f(gate) * up`), one name where a
  look-alike of the same role was meant (`/ HW` for `/ group_size`);
- an operand too many (`f(x * beta, beta)` for `f(x, beta)`, `K - 1 - k` for `k`);
- two arguments of a call exchanged (`clamp(x, hi, lo)`, `x.stride(3), x.stride(2)`);
- two adjacent dependent statements in the wrong order (a loop carry updated before its use, an
  epilogue before the bias);
- an exp that overflows (its argument capped), a float cast to an integer without rounding;
- a kernel reducing along the other axis of its tile, a vector broadcast along the other axis;
- a read-modify-write where an atomic was needed; an index that must wrap around (`% n`);
- a weight used untransposed (`w` for `w.t()`) or transposed.

They cost more than the named families (their edits come after at equal suspicion): the screen
judges them all the same. Edits replace the source text of AST nodes, the rest of each line
stays as written.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator, Sequence
from typing import Any

from kagent.patterns.operators.base import Kernel, Src, code_part, nodes_of, one_line, operator
from kagent.patterns.operators.exprs import size_names

_MODULES = {"tl", "torch", "triton", "math", "np", "F", "nn", "self", "libdevice", "range", "float", "int", "min",
            "max", "len", "True", "False", "None"}
_PTR = re.compile(r"ptr|_p$|^p_", re.I)


def _stmt_at(src: Src, line0: int) -> ast.stmt | None:
    """The innermost simple statement that starts on line `line0`."""
    return src.statements_by_line.get(line0)


def _replace(src: Src, parts: Sequence[tuple[Any, str]], what: str) -> tuple[str, int, int, list[str]] | None:
    """One hunk replacing the text of each (node, new text); every node on one line, none overlapping."""
    by_line: dict[int, list[tuple[int, int, str]]] = {}
    for node, new in parts:
        if getattr(node, "lineno", None) is None or node.lineno != node.end_lineno:
            return None
        by_line.setdefault(node.lineno - 1, []).append((node.col_offset, node.end_col_offset, new))
    if not by_line:
        return None
    start, stop = min(by_line), max(by_line) + 1
    lines = list(src.lines[start:stop])
    for ln, segs in by_line.items():
        text = lines[ln - start]
        if not text.isascii():  # AST columns are UTF-8 offsets
            return None
        segs.sort(reverse=True)
        for (a, b, new), nxt in zip(segs, [*segs[1:], None]):
            if nxt is not None and nxt[1] > a:
                return None
            text = text[:a] + new + text[b:]
        lines[ln - start] = text
    if lines == src.lines[start:stop]:
        return None
    return (f"line {start + 1}: {what}", start, stop, lines)


def _called(node: ast.AST) -> set[int]:
    """ids of the Name nodes that are called (function names, not values)."""
    return {id(n.func) for n in nodes_of(node, ast.Call) if isinstance(n.func, ast.Name)}


def _value_names(node: ast.AST) -> list[ast.Name]:
    called = _called(node)
    return [n for n in nodes_of(node, ast.Name) if isinstance(n.ctx, ast.Load) and n.id not in _MODULES
            and id(n) not in called]


def _role(name: str, kernel: Kernel | None) -> str:
    """ptr | constexpr | scalar (a size parameter, or a local made of them) | fscalar (eps, a scale, a
    bound: by its name) | index (offsets,
    program ids) | data (loaded values and what is computed from them) | value (host code)."""
    if _PTR.search(name):
        return "ptr"
    if kernel is None:
        return "value"
    if name in kernel.constexpr:
        return "constexpr"
    return _kernel_roles(kernel).get(name, "scalar")


_FLOAT_SCALAR = re.compile(r"eps|scale|alpha|beta|gamma|slope|thresh|momentum|temp|lambda|^lo$|^hi$|min|max|^p$", re.I)


def _kernel_roles(k: Kernel) -> dict[str, str]:
    cached = getattr(k.node, "_kagent_roles", None)  # one kernel's roles, asked for per name and per site
    if cached is not None:
        return cached
    roles = {p: ("ptr" if _PTR.search(p) else "constexpr" if p in k.constexpr else
                 "fscalar" if _FLOAT_SCALAR.search(p) else "scalar") for p in k.params}
    for n in sorted(nodes_of(k.node, ast.Assign, ast.AugAssign), key=lambda n: n.lineno):
        targets = n.targets if isinstance(n, ast.Assign) else [n.target]
        calls = {ast.unparse(c.func) for c in nodes_of(n.value, ast.Call)}
        used = {roles.get(x.id) for x in nodes_of(n.value, ast.Name)}
        if "tl.load" in calls or "data" in used or any(c.startswith("tl.") and c not in _INDEX_CALLS for c in calls):
            role = "data"
        elif calls & {"tl.arange", "tl.program_id"} or "index" in used:
            role = "index"
        else:
            role = "scalar"
        for t in targets:
            for x in nodes_of(t, ast.Name):
                roles[x.id] = "data" if roles.get(x.id) == "data" else role
    k.node._kagent_roles = roles  # type: ignore[attr-defined]
    return roles


_INDEX_CALLS = {"tl.arange", "tl.program_id", "tl.cdiv", "tl.num_programs", "tl.multiple_of", "tl.max_contiguous"}


@operator("name_exchange", "operand", 6, "two names exchanged on a line: a * f(a) * b -> b * f(b) * a",
          scopes=("kernel", "host"))
def _name_exchange(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if stmt is None or stmt.lineno != stmt.end_lineno:
        return []
    value = getattr(stmt, "value", None)
    if value is None:
        return []
    k = src.kernel_at(line0)
    names = _value_names(value)
    distinct = list(dict.fromkeys(n.id for n in names))
    out = []
    for a, b in itertools.combinations(distinct[:6], 2):
        if _role(a, k) != _role(b, k) or _role(a, k) == "ptr":
            continue  # an exchange of addresses is the stride operators' move
        parts = [(n, b if n.id == a else a) for n in names if n.id in (a, b)]
        e = _replace(src, parts, f"exchange `{a}` and `{b}`")
        if e:
            out.append(e)
    return out


def _scalar_locals(k: Kernel) -> list[str]:
    """Kernel locals computed from scalar parameters alone (`group_size = C_per_group * HW`)."""
    scalars = {p for p in k.params if _role(p, k) != "ptr"}
    out: list[str] = []
    for n in nodes_of(k.node, ast.Assign):
        if len(n.targets) != 1 or not isinstance(n.targets[0], ast.Name):
            continue
        calls = [ast.unparse(c.func) for c in nodes_of(n.value, ast.Call)]
        if any(c not in ("tl.cdiv", "triton.cdiv") for c in calls):
            continue
        if {x.id for x in nodes_of(n.value, ast.Name)} - {"tl", "triton"} <= scalars | set(out):
            out.append(n.targets[0].id)
    return out


@operator("name_substitute", "operand", 6, "a name where a look-alike of the same role was meant (a size, a scale)",
          scopes=("kernel", "host"))
def _name_substitute(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if stmt is None:
        return []
    k = src.kernel_at(line0)
    if k is not None:
        pool = [p for p in k.params if _role(p, k) == "scalar"] + _scalar_locals(k)
        fpool = [p for p in k.params if _role(p, k) == "fscalar"]
        cpool = [p for p in k.params if _role(p, k) == "constexpr"]
    else:
        pool, fpool, cpool = size_names(src, line0), [], []
    targets = {t.id for t in nodes_of(stmt, ast.Name) if isinstance(t.ctx, ast.Store)}
    casts = _cast_twins(k) if k is not None else {}
    data = _data_before(k, line0) if k is not None else []
    shapes = _def_shapes(k) if k is not None else {}
    out = []
    names = _value_names(stmt)
    for n in names[:10]:
        group = next((g for g in (pool, fpool, cpool) if n.id in g), casts.get(n.id, []))
        if not group and n.id in data:  # a data value: its look-alikes (`aa` for `bb`, `d` for `ad`)
            group = _lookalikes(n.id, data, shapes)
        for alt in group:
            if alt == n.id or alt in targets:
                continue
            e = _replace(src, [(n, alt)], f"`{n.id}` -> `{alt}`")
            if e:
                out.append(e)
    for name, alts in casts.items():  # a value used where its cast was meant, everywhere on the line
        same = [n for n in names if n.id == name]
        if len(same) > 1:
            for alt in alts:
                e = _replace(src, [(n, alt) for n in same], f"`{name}` -> `{alt}` throughout the line")
                if e:
                    out.append(e)
    return out


def _data_before(k: Kernel, line0: int) -> list[str]:
    """The kernel's data names (loaded values and what is computed from them) bound before `line0`,
    nearest first."""
    roles = _kernel_roles(k)
    seen: dict[str, int] = {}
    for n in nodes_of(k.node, ast.Name):
        if isinstance(n.ctx, ast.Store) and n.lineno - 1 < line0 and roles.get(n.id) == "data":
            seen[n.id] = max(seen.get(n.id, 0), n.lineno)
    return sorted(seen, key=lambda x: -seen[x])


def _distance(a: str, b: str) -> int:
    """Levenshtein distance of two names."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _def_shapes(k: Kernel) -> dict[str, str]:
    """Each kernel local -> the form of its last definition with names and constants blanked
    (`aa += a * a` and `bb += b * b` have one form: parallel accumulators)."""
    class Blank(ast.NodeTransformer):
        def visit_Name(self, n: ast.Name) -> ast.AST:
            return ast.Name(id="_", ctx=ast.Load())

        def visit_Constant(self, n: ast.Constant) -> ast.AST:
            return ast.Constant(value=0)

    out: dict[str, str] = {}
    for n in sorted(nodes_of(k.node, ast.Assign, ast.AugAssign), key=lambda n: n.lineno):
        targets = n.targets if isinstance(n, ast.Assign) else [n.target]
        form = type(n.op).__name__ if isinstance(n, ast.AugAssign) else "="
        shape = form + ast.dump(Blank().visit(ast.parse(ast.unparse(n.value), mode="eval")))
        for t in targets:
            if isinstance(t, ast.Name):
                out[t.id] = shape
    return out


def _lookalikes(name: str, pool: list[str], shapes: dict[str, str], keep: int = 3) -> list[str]:
    """The names of `pool` most like `name`: defined in the same form first, then by edit distance
    relative to length, then nearness."""
    alts = [p for p in pool if p != name]
    near = sorted(alts, key=lambda p: (shapes.get(p) != shapes.get(name),
                                       _distance(name, p) / max(len(name), len(p)), alts.index(p)))[:keep]
    # indexed element names (l00, l11, a21): any other index of the same stem, however far its digits
    m = _INDEXED.fullmatch(name)
    if m:
        near += [p for p in alts if p not in near and (mp := _INDEXED.fullmatch(p)) and mp.group(1) == m.group(1)
                 and len(mp.group(2)) == len(m.group(2))][:9]
    return near


_INDEXED = re.compile(r"([A-Za-z_]+?)(\d+)")


def _cast_twins(k: Kernel) -> dict[str, list[str]]:
    """A value and its cast (`xf = x.to(tl.float32)`): each may stand where the other was meant."""
    out: dict[str, list[str]] = {}
    for n in nodes_of(k.node, ast.Assign):
        v = n.value
        if (len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and isinstance(v, ast.Call)
                and isinstance(v.func, ast.Attribute) and v.func.attr == "to" and isinstance(v.func.value, ast.Name)):
            a, b = v.func.value.id, n.targets[0].id
            out.setdefault(a, []).append(b)
            out.setdefault(b, []).append(a)
    return out


_DROP_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)  # Pow: a root or power applied twice


@operator("drop_operand", "operand", 6, "an operand too many: a * b -> a, K - 1 - k -> k", scopes=("kernel", "host"))
def _drop_operand(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if stmt is None:
        return []
    out = []
    # the same operand dropped wherever the line repeats it (`(2 - ky) * 3 + (2 - kx)`: both taps flipped)
    alike: dict[tuple[str, str, str], list[tuple[ast.BinOp, str]]] = {}
    for node in nodes_of(stmt, ast.BinOp):
        if not isinstance(node.op, _DROP_OPS) or node.lineno != node.end_lineno:
            continue
        for side, (keep, dropped) in (("r", (node.left, node.right)), ("l", (node.right, node.left))):
            if isinstance(keep, ast.Constant) or any(_PTR.search(x.id) for x in nodes_of(dropped, ast.Name)):
                continue  # a constant alone, or an address without its base pointer
            text = ast.unparse(keep)
            new = f"({text})" if isinstance(keep, ast.BinOp) else text
            alike.setdefault((type(node.op).__name__, side, ast.unparse(dropped)), []).append((node, new))
            e = _replace(src, [(node, new)], f"`{ast.unparse(node)}` -> `{text}`")
            if e:
                out.append(e)
    for (_, _, dropped), group in alike.items():
        if len(group) > 1:  # (nested sites overlap: _replace refuses them)
            e = _replace(src, group, f"`{dropped}` dropped at all {len(group)} sites")
            if e:
                out.append(e)
    return out


def _shape_key(node: ast.expr) -> str:
    """An argument's form with its names and constants blanked: `x.stride(3)` ~ `x.stride(2)`."""
    class Blank(ast.NodeTransformer):
        def visit_Constant(self, n: ast.Constant) -> ast.AST:
            return ast.Constant(value=0 if isinstance(n.value, (int, float)) else n.value)

        def visit_Attribute(self, n: ast.Attribute) -> ast.AST:
            self.generic_visit(n)
            return ast.Attribute(value=n.value, attr="_", ctx=n.ctx)

    return ast.dump(Blank().visit(ast.parse(ast.unparse(node), mode="eval")))


@operator("arg_swap", "args", 4, "two arguments of a call exchanged: f(x, hi, lo) -> f(x, lo, hi)",
          scopes=("kernel", "host"))
def _arg_swap(src: Src, line0: int) -> list:
    out = []
    k = src.kernel_at(line0)
    # a call's arguments, and a launch grid's axes (`grid = (a, b, c)`)
    groups = [(c.args, False) for c in nodes_of(src.tree, ast.Call) if c.lineno - 1 == line0]
    # a select's two branches, whatever their roles (`tl.where(m, x, fill)` for `tl.where(m, fill, x)`)
    groups += [(c.args[1:], True) for c in nodes_of(src.tree, ast.Call) if c.lineno - 1 == line0
               and ast.unparse(c.func) in ("tl.where", "torch.where") and len(c.args) == 3]
    groups += [(n.value.elts, True) for n in nodes_of(src.tree, ast.Assign) if n.lineno - 1 == line0 and k is None
               and isinstance(n.value, ast.Tuple) and any(isinstance(t, ast.Name) and "grid" in t.id for t in n.targets)]
    groups += [(g.elts, True) for g in (launch.grid for launch in src.launches if launch.line == line0)
               if isinstance(g, ast.Tuple)]
    # a tuple assignment's values (`ki, kj = k % 3, k // 3` for `k // 3, k % 3`)
    groups += [(n.value.elts, True) for n in nodes_of(src.tree, ast.Assign) if n.lineno - 1 == line0 and k is not None
               and isinstance(n.value, ast.Tuple) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Tuple)]
    for group, any_pair in groups:  # a grid's axes may be exchanged whatever their form
        args = [a for a in group if not isinstance(a, ast.Starred)]
        # like forms first (`self.lo, self.hi`, `x.stride(2), x.stride(3)`), then neighbours, then the rest
        pairs = sorted(itertools.combinations(args, 2),
                       key=lambda p: (isinstance(p[0], ast.Name), args.index(p[1]) - args.index(p[0]) > 1))
        for a, b in pairs:
            if ast.unparse(a) == ast.unparse(b) or (not any_pair and (isinstance(a, ast.Constant)
                                                                       or isinstance(b, ast.Constant))):
                continue
            if any_pair:
                pass
            elif isinstance(a, ast.Name) and isinstance(b, ast.Name):
                if _role(a.id, k) != _role(b.id, k):
                    continue
            elif _shape_key(a) != _shape_key(b):
                continue
            e = _replace(src, [(a, ast.unparse(b)), (b, ast.unparse(a))],
                         f"exchange arguments `{ast.unparse(a)}` and `{ast.unparse(b)}`")
            if e:
                out.append(e)
    return out[:12]


def _bodies(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    for n in ast.walk(tree):
        for field in ("body", "orelse"):
            body = getattr(n, field, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield body


def _writes(s: ast.stmt) -> set[str]:
    out = {n.id for n in nodes_of(s, ast.Name) if isinstance(n.ctx, ast.Store)}
    if any(ast.unparse(c.func).startswith(("tl.store", "tl.atomic")) for c in nodes_of(s, ast.Call)):
        out.add("<memory>")
    return out


def _reads_of(s: ast.stmt) -> set[str]:
    out = {n.id for n in nodes_of(s, ast.Name) if isinstance(n.ctx, ast.Load)}
    if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name):
        out.add(s.target.id)
    if any(ast.unparse(c.func).startswith(("tl.load", "tl.atomic")) for c in nodes_of(s, ast.Call)):
        out.add("<memory>")
    return out


@operator("stmt_swap", "order", 4, "two adjacent dependent statements in the other order", scopes=("kernel", "host"))
def _stmt_swap(src: Src, line0: int) -> list:
    out = []
    for body in _bodies(src.tree):
        for s, t in zip(body, body[1:]):
            if line0 not in (s.lineno - 1, t.lineno - 1):
                continue
            simple = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)
            if not isinstance(s, simple) or not isinstance(t, simple):
                continue
            if not (_writes(s) & _reads_of(t) or _writes(t) & _reads_of(s)):
                continue  # independent: the order cannot matter
            if (_writes(s) & _reads_of(t)) - _defined_before(src, s) - {"<memory>"}:
                continue  # t would read a name before its first definition
            a0, a1 = s.lineno - 1, s.end_lineno or s.lineno
            b0, b1 = t.lineno - 1, t.end_lineno or t.lineno
            if a1 != b0:
                continue  # a blank or comment line between: leave it
            new = [*src.lines[b0:b1], *src.lines[a0:a1]]
            out.append((f"lines {a0 + 1}-{b1}: statements in the other order", a0, b1, new))
    return out


def _defined_before(src: Src, s: ast.stmt) -> set[str]:
    """Names bound before statement `s` in its function: parameters and earlier assignments."""
    fn = next((f for f in ast.walk(src.tree) if isinstance(f, ast.FunctionDef)
               and f.lineno <= s.lineno <= (f.end_lineno or f.lineno)), None)
    if fn is None:
        return set()
    out = {a.arg for a in fn.args.args}
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.lineno < s.lineno:
            out.add(n.id)
    return out


_EXP_FN = ("tl.exp", "tl.exp2", "tl.math.exp", "tl.math.exp2")


@operator("exp_cap", "stable", 3, "cap an exp argument so that it cannot overflow to inf (inf/inf = NaN)")
def _exp_cap(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if stmt is None:
        return []
    parts = []
    for c in nodes_of(stmt, ast.Call):
        fn = ast.unparse(c.func)
        if fn not in _EXP_FN or len(c.args) != 1 or any(ast.unparse(x.func) in _EXP_FN for x in nodes_of(c.args[0], ast.Call)):
            continue
        cap = "80.0" if fn.endswith("exp") else "120.0"
        parts.append((c, f"{fn}(tl.minimum({ast.unparse(c.args[0])}, {cap}))"))
    out = [e for p in parts if (e := _replace(src, [p], "cap the argument of an exp"))]
    if len(parts) > 1:  # the same exp written twice in one formula: cap them all
        e = _replace(src, parts, "cap the arguments of every exp on the line")
        if e:
            out.append(e)
    return out


def casts_at(src: Src, line0: int) -> list[ast.Call]:
    """The `x.to(dtype)` calls of the statement at `line0`."""
    stmt = _stmt_at(src, line0)
    return [c for c in nodes_of(stmt, ast.Call) if isinstance(c.func, ast.Attribute) and c.func.attr == "to"
            and c.args] if stmt is not None else []


_INT_CAST = re.compile(r"tl\.(u?int(8|16|32|64))$")


@operator("round_to_int", "dtype", 3, "round a float before its cast to an integer (the cast truncates)")
def _round_to_int(src: Src, line0: int) -> list:
    out = []
    for c in casts_at(src, line0):
        if not _INT_CAST.match(ast.unparse(c.args[0])):
            continue
        x = ast.unparse(c.func.value)
        e = _replace(src, [(c.func.value, f"tl.floor({x} + 0.5)")], f"round `{x}` before the integer cast")
        if e:
            out.append(e)
    return out


@operator("trunc_to_floor", "dtype", 3, "a float rounded by a round trip through an integer cast (which truncates "
          "toward zero): x.to(int32).to(float32) -> tl.floor(x)")
def _trunc_to_floor(src: Src, line0: int) -> list:
    out = []
    for c in casts_at(src, line0):
        inner = c.func.value
        if not (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr == "to"
                and inner.args and _INT_CAST.match(ast.unparse(inner.args[0])) and "float" in ast.unparse(c.args[0])):
            continue
        x = ast.unparse(inner.func.value)
        e = _replace(src, [(c, f"tl.floor({x})")], f"`{ast.unparse(c)}` truncates negatives up: tl.floor")
        if e:
            out.append(e)
    return out


def _transposed(node: ast.expr) -> ast.expr | None:
    """`x` of `tl.trans(x)`, `tl.permute(x, (1, 0))` or `x.T`."""
    if isinstance(node, ast.Call) and ast.unparse(node.func) in ("tl.trans", "tl.permute") and node.args:
        return node.args[0]
    if isinstance(node, ast.Attribute) and node.attr == "T":
        return node.value
    return None


@operator("dot_transpose", "axis", 2, "a tl.dot operand that needed its transpose (or did not), or the transpose "
          "on the wrong operand: tl.dot(a, b) -> tl.dot(a, tl.trans(b)), tl.dot(a, tl.trans(b)) -> tl.dot(tl.trans(a), b)")
def _dot_transpose(src: Src, line0: int) -> list:
    out = []
    stmt = _stmt_at(src, line0)
    for c in nodes_of(stmt, ast.Call) if stmt is not None else []:
        if ast.unparse(c.func) != "tl.dot" or len(c.args) < 2:
            continue
        flipped = []
        for i, arg in enumerate(c.args[:2]):
            inner = _transposed(arg)
            new = ast.unparse(inner) if inner is not None else f"tl.trans({ast.unparse(arg)})"
            flipped.append((arg, new))
            e = _replace(src, [(arg, new)], f"{'operand' if i else 'first operand'} `{ast.unparse(arg)}` -> `{new}`")
            if e:
                out.append(e)
        # both at once: the transpose on the wrong operand (a Gram matrix over the wrong axis, a @ b.T for a.T @ b)
        e = _replace(src, flipped, f"both operands' transposes flipped: `{flipped[0][1]}`, `{flipped[1][1]}`")
        if e:
            out.append(e)
    return out


def _reduced_names(k: Kernel) -> tuple[list[ast.keyword], set[str]]:
    """The axis keywords of a kernel's reductions and the names that hold their results."""
    axes, names = [], set()
    for n in nodes_of(k.node, ast.Assign):
        for c in nodes_of(n.value, ast.Call):
            if not ast.unparse(c.func).startswith("tl."):
                continue
            for kw in c.keywords:
                if kw.arg == "axis" and isinstance(kw.value, ast.Constant) and kw.value.value in (0, 1):
                    axes.append(kw)
                    names |= {t.id for t in n.targets if isinstance(t, ast.Name)}
    return axes, names


def _broadcast(node: ast.Subscript) -> str | None:
    """':,None' for `v[:, None]`, 'None,:' for `v[None, :]`."""
    s = node.slice
    if not isinstance(s, ast.Tuple) or len(s.elts) != 2:
        return None
    kinds = ["slice" if isinstance(e, ast.Slice) else ("none" if isinstance(e, ast.Constant) and e.value is None else "")
             for e in s.elts]
    return {("slice", "none"): ":,None", ("none", "slice"): "None,:"}.get((kinds[0], kinds[1]))


def _flip(node: ast.Subscript) -> str:
    b = _broadcast(node)
    return f"{ast.unparse(node.value)}[None, :]" if b == ":,None" else f"{ast.unparse(node.value)}[:, None]"


@operator("axis_flip", "axis", 3, "reduce a 2-D tile along its other axis (and broadcast the results back along it)",
          global_=True)
def _axis_flip(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        axes, names = _reduced_names(k)
        if not axes:
            continue
        parts: list[tuple[Any, str]] = [(kw.value, str(1 - kw.value.value)) for kw in axes]
        parts += [(s, _flip(s)) for s in nodes_of(k.node, ast.Subscript)
                  if isinstance(s.value, ast.Name) and s.value.id in names and _broadcast(s)]
        e = _replace(src, parts, f"kernel `{k.name}`: reduce along the other axis")
        if e:
            out.append(e)
    return out


def _axis_pairs(k: Kernel) -> dict[str, str]:
    """Offset name -> the bound it is compared with (`rm < M`), for the tl.arange offsets of a kernel."""
    offsets = {t.id for n in nodes_of(k.node, ast.Assign) for t in n.targets
               if isinstance(t, ast.Name) and "tl.arange" in ast.unparse(n.value)}
    pairs: dict[str, str] = {}
    for c in nodes_of(k.node, ast.Compare):
        left, right = c.left, c.comparators[0]
        if isinstance(left, ast.Subscript):
            left = left.value
        if isinstance(left, ast.Name) and left.id in offsets and isinstance(right, ast.Name):
            pairs.setdefault(left.id, right.id)
    return pairs


@operator("broadcast_axis", "axis", 3, "a vector loaded and broadcast along the other axis of a 2-D tile",
          global_=True)
def _broadcast_axis(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        pairs = _axis_pairs(k)
        if len(pairs) != 2:
            continue
        (o1, b1), (o2, b2) = pairs.items()
        swap = {o1: o2, o2: o1, b1: b2, b2: b1}
        for n in nodes_of(k.node, ast.Assign):
            if len(n.targets) != 1 or not isinstance(n.targets[0], ast.Name) or "tl.load" not in ast.unparse(n.value):
                continue
            v = n.targets[0].id
            uses = [s for s in nodes_of(k.node, ast.Subscript) if isinstance(s.value, ast.Name) and s.value.id == v
                    and _broadcast(s)]
            if not uses:
                continue
            parts: list[tuple[Any, str]] = [(x, swap[x.id]) for x in nodes_of(n.value, ast.Name) if x.id in swap]
            parts += [(s, _flip(s)) for s in uses]
            e = _replace(src, parts, f"`{v}` along the other axis ({o1} <-> {o2})")
            if e:
                out.append(e)
    return out


@operator("rmw_atomic", "atomic", 3, "a read-modify-write of memory other programs also update: tl.atomic_add",
          scopes=("kernel",))
def _rmw_atomic(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return []
    call = stmt.value
    if ast.unparse(call.func) != "tl.store" or len(call.args) < 2 or not isinstance(call.args[1], ast.BinOp):
        return []
    ptr, val = ast.unparse(call.args[0]), call.args[1]
    if not isinstance(val.op, ast.Add):
        return []
    loaded = {ast.unparse(c.args[0]) for c in nodes_of(src.kernel_at(line0).node, ast.Call)  # type: ignore[union-attr]
              if ast.unparse(c.func) == "tl.load" and c.args}
    for old, add in ((val.left, val.right), (val.right, val.left)):
        reads_ptr = (isinstance(old, ast.Call) and ast.unparse(old.func) == "tl.load" and old.args
                     and ast.unparse(old.args[0]) == ptr)
        if reads_ptr or (isinstance(old, ast.Name) and ptr in loaded):
            kws = "".join(f", {kw.arg}={ast.unparse(kw.value)}" for kw in call.keywords if kw.arg == "mask")
            e = _replace(src, [(call, f"tl.atomic_add({ptr}, {ast.unparse(add)}{kws})")],
                         "read-modify-write -> tl.atomic_add")
            return [e] if e else []
    return []


@operator("index_wrap", "stride", 4, "an index that must wrap around its extent: i - s -> ((i - s) % n + n) % n",
          scopes=("kernel",))
def _index_wrap(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    k = src.kernel_at(line0)
    if not isinstance(stmt, ast.Assign) or k is None or not isinstance(stmt.value, ast.BinOp):
        return []
    value = stmt.value
    if not isinstance(value.op, (ast.Add, ast.Sub)) or any(isinstance(c, ast.Call) for c in ast.walk(value)):
        return []
    v = ast.unparse(value)
    out = []
    for n in src.compared_params(k)[:4]:
        e = _replace(src, [(value, f"(({v}) % {n} + {n}) % {n}")], f"wrap `{v}` around `{n}`")
        if e:
            out.append(e)
    return out


@operator("weight_transpose", "stride", 3, "a weight used untransposed where its transpose was meant, or the reverse",
          scopes=("host",))
def _weight_transpose(src: Src, line0: int) -> list:
    code = code_part(src.lines[line0])
    out = []
    for m in re.finditer(r"\bself\.(\w+\.)?weight\b(\.t\(\)|\.T\b)?", code):
        new = m.group(0)[: m.start(2) - m.start()] if m.group(2) else f"{m.group(0)}.t()"
        out.append(one_line(f"line {line0 + 1}: `{m.group(0)}` -> `{new}`", line0,
                            code[: m.start()] + new + code[m.end():] + src.lines[line0][len(code):]))
    return out
