"""Form operators: the right terms put together the wrong way.

- a difference the wrong way round: `a * d - c * b` for `c * b - a * d` (a sign error no single `+`/`-`
  flip undoes);
- the wrong one of a pair of functions: exp / exp2, log / log2, maximum / minimum;
- a bound that was never applied: a hinge `max(v, 0)` left out, a count divided by without
  `max(count, 1)`;
- bits kept that should have been masked: `p >> 4` where the kernel masks its other fields (`& 0xF`);
- a division that floors where it must round up: `a // b` -> `(a + b - 1) // b`.

Edits replace the source text of one AST node on one line (exprs._swap).
"""

from __future__ import annotations

import ast
import re

from kagent.patterns.operators.base import Kernel, Src, nodes_of, operator, parent_map
from kagent.patterns.operators.exprs import _stmt_nodes, _swap, _unused
from kagent.patterns.operators.flow import _dead_values
from kagent.patterns.operators.generic import _broadcast, _flip, _replace

def _value_stmt(src: Src, line0: int) -> bool:
    """A line that computes values (not an index, a mask or a loop header)."""
    text = src.lines[line0]
    return not re.search(r"\btl\.(arange|program_id)\(|^\s*(for|if|while)\b|^\s*\w*mask\w*\s*=", text)


def _pointer_args(src: Src, line0: int) -> set[int]:
    """ids of the nodes under the pointer argument of a tl.load / tl.store / tl.atomic_* on the line."""
    out: set[int] = set()
    for call in _stmt_nodes(src, line0, ast.Call):
        if re.fullmatch(r"tl\.(load|store|atomic_\w+)", ast.unparse(call.func)) and call.args:
            out |= {id(n) for n in ast.walk(call.args[0])}
    return out


def _trivial(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) or (isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant))


@operator("swap_difference", "sign", 2, "a difference the wrong way round: `a - b` -> `b - a`", scopes=("kernel",))
def _swap_difference(src: Src, line0: int) -> list:
    if not _value_stmt(src, line0):
        return []
    skip = _pointer_args(src, line0)
    out = []
    for n in _stmt_nodes(src, line0, ast.BinOp):
        if isinstance(n.op, ast.Sub) and id(n) not in skip and not _trivial(n.left) and not _trivial(n.right):
            new = f"{ast.unparse(n.right)} - ({ast.unparse(n.left)})" if isinstance(n.left, ast.BinOp) and \
                isinstance(n.left.op, (ast.Add, ast.Sub)) else f"{ast.unparse(n.right)} - {ast.unparse(n.left)}"
            e = _swap(src, n, f"({new})", f"`{ast.unparse(n)}` -> `{new}`")
            if e:
                out.append(e)
    return out[:6]


_PAIRS = {"tl.exp": "tl.exp2", "tl.exp2": "tl.exp", "tl.log": "tl.log2", "tl.log2": "tl.log",
          "tl.maximum": "tl.minimum", "tl.minimum": "tl.maximum",
          # a reduction the other way round (the first of tied indices is the min, the last the max)
          "tl.max": "tl.min", "tl.min": "tl.max", "tl.argmax": "tl.argmin", "tl.argmin": "tl.argmax"}


@operator("function_pair", "sqrt", 1, "the other one of a pair: exp <-> exp2, log <-> log2, maximum <-> minimum, "
          "max <-> min",
          scopes=("kernel",))
def _function_pair(src: Src, line0: int) -> list:
    out = []
    for n in _stmt_nodes(src, line0, ast.Call):
        name = ast.unparse(n.func)
        other = _PAIRS.get(name)
        if other is None:
            continue
        new = f"{other}({', '.join(ast.unparse(a) for a in [*n.args, *n.keywords])})"
        e = _swap(src, n, new, f"{name} -> {other}")
        if e:
            out.append(e)
        # a max over a where-fill of -inf turned into a min needs the fill's sign too (the identity)
        flipped = _flip_infinities(new)
        if flipped != new and name in ("tl.max", "tl.min") and (e := _swap(src, n, flipped, f"{name} -> {other}, "
                                                                          "its fill's infinity flipped")):
            out.append(e)
        elif name in ("tl.max", "tl.min") and (e := _index_fill_flipped(src, n, other)):
            out.append(e)
    return out[:4]


def _index_fill_flipped(src: Src, n: ast.Call, other: str):
    """The first of the tied indices for the last (or back): `tl.min(tl.where(m, idx, n_cols))` ->
    `tl.max(tl.where(m, idx, -1))`; a where's finite fill is the reduction's identity over indices, so it
    turns with the reduction."""
    w = n.args[0] if n.args else None
    if not (isinstance(w, ast.Call) and ast.unparse(w.func) == "tl.where" and len(w.args) == 3):
        return None
    fill = w.args[2]
    if "inf" in ast.unparse(fill) or isinstance(fill, ast.Constant) and isinstance(fill.value, float):
        return None
    new_fill = "-1" if other == "tl.max" else "2147483647"
    if ast.unparse(fill) == new_fill:
        return None
    where = f"tl.where({ast.unparse(w.args[0])}, {ast.unparse(w.args[1])}, {new_fill})"
    new = f"{other}({', '.join([where, *(ast.unparse(a) for a in [*n.args[1:], *n.keywords])])})"
    return _swap(src, n, new, f"{ast.unparse(n.func)} -> {other}, its index fill {ast.unparse(fill)} -> {new_fill}")


def _flip_infinities(text: str) -> str:
    marks = {"-float('inf')": "\0P", "float('-inf')": "\0P", "float('inf')": "\0N"}
    for k, v in marks.items():
        text = text.replace(k, v)
    return text.replace("\0P", "float('inf')").replace("\0N", "float('-inf')")


def _assignment(src: Src, line0: int) -> ast.Assign | ast.AugAssign | None:
    return next((s for s in nodes_of(src.tree, ast.Assign, ast.AugAssign)
                 if s.lineno - 1 == line0 and s.end_lineno == s.lineno), None)


def _assigned_value(src: Src, line0: int) -> ast.expr | None:
    s = _assignment(src, line0)
    return None if s is None else s.value


def _assigned_name(src: Src, line0: int) -> str | None:
    s = _assignment(src, line0)
    if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
        return s.targets[0].id
    return None


@operator("missing_bound", "eps", 2, "a bound never applied: `max(v, 0)` (a hinge), a count divided by as "
          "`max(count, 1)`", scopes=("kernel",))
def _missing_bound(src: Src, line0: int) -> list:
    if not _value_stmt(src, line0):
        return []
    out = []
    value = _assigned_value(src, line0)
    if value is not None and isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
        text = ast.unparse(value)
        e = _swap(src, value, f"tl.maximum({text}, 0.0)", f"hinge: max({text}, 0)")
        if e:
            out.append(e)
    k = src.kernel_at(line0)
    target = _assigned_name(src, line0)
    if value is not None and k is not None and target and "maximum" not in ast.unparse(value) and any(
            isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div) and isinstance(n.right, ast.Name) and n.right.id == target
            for n in nodes_of(k.node, ast.BinOp)):
        e = _swap(src, value, f"tl.maximum({ast.unparse(value)}, 1.0)", f"{target} = max(..., 1): it is divided by")
        if e:
            out.append(e)
    skip = _pointer_args(src, line0)
    for n in _stmt_nodes(src, line0, ast.BinOp):
        if isinstance(n.op, ast.Div) and id(n) not in skip and not _trivial(n.right):
            d = ast.unparse(n.right)
            if "maximum" in d:
                continue
            e = _swap(src, n.right, f"tl.maximum({d}, 1.0)", f"divide by max({d}, 1)")
            if e:
                out.append(e)
    return out[:4]


def _masks(k: Kernel) -> list[str]:
    """The integer masks a kernel applies with `&` (`p & 0xF`, `(p >> 4) & 15`)."""
    out: list[str] = []
    for n in nodes_of(k.node, ast.BinOp):
        if isinstance(n.op, ast.BitAnd):
            for side in (n.left, n.right):
                if isinstance(side, ast.Constant) and isinstance(side.value, int):
                    text = hex(side.value) if side.value > 9 else str(side.value)
                    if text not in out:
                        out.append(text)
    return out


@operator("missing_bitmask", "operand", 1, "a shifted field kept whole: `p >> k` -> `(p >> k) & MASK` with a mask "
          "the kernel applies elsewhere", scopes=("kernel",))
def _missing_bitmask(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    masks = _masks(k)
    if not masks:
        return []
    parents = parent_map(k.node)
    out = []
    for n in _stmt_nodes(src, line0, ast.BinOp):
        parent = parents.get(id(n))
        if isinstance(n.op, ast.RShift) and not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.BitAnd)):
            for m in masks[:2]:
                e = _swap(src, n, f"(({ast.unparse(n)}) & {m})", f"mask `{ast.unparse(n)}` with {m}")
                if e:
                    out.append(e)
        # packing fields with `|`: one field masked, its sibling whole (a negative value's sign bits
        # spill over the other field): lo | ((hi & 15) << 4) -> (lo & 15) | ((hi & 15) << 4)
        if isinstance(n.op, ast.BitOr):
            for side, other in ((n.left, n.right), (n.right, n.left)):
                field_masks = [str(c.value) for c in nodes_of(other, ast.Constant) if isinstance(c.value, int)
                               and any(isinstance(b, ast.BinOp) and isinstance(b.op, ast.BitAnd) and c in (b.left, b.right)
                                       for b in nodes_of(other, ast.BinOp))]
                if isinstance(side, (ast.Name, ast.Subscript, ast.Call)) and field_masks:
                    text = ast.unparse(side)
                    e = _swap(src, side, f"({text} & {field_masks[0]})", f"mask `{text}` with {field_masks[0]}")
                    if e:
                        out.append(e)
    return out


def _field_bits(n: ast.expr, defs: dict[str, ast.expr], depth: int = 0) -> int | None:
    """Bits of an unsigned bit field: `x & 15` -> 4, `lo | (hi << 4)` -> 4 + bits(hi); a name by the
    kernel's one assignment of it (`defs`)."""
    if depth > 4:
        return None
    if isinstance(n, ast.Name) and n.id in defs:
        return _field_bits(defs[n.id], defs, depth + 1)
    if isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitAnd):
        for c in (n.right, n.left):
            if isinstance(c, ast.Constant) and isinstance(c.value, int) and c.value > 0 and (c.value + 1) & c.value == 0:
                return c.value.bit_length()
    if isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitOr):
        for hi in (n.right, n.left):
            if isinstance(hi, ast.BinOp) and isinstance(hi.op, ast.LShift) and isinstance(hi.right, ast.Constant) \
                    and isinstance(hi.right.value, int):
                top = _field_bits(hi.left, defs, depth + 1)
                return hi.right.value + top if top else None
    return None


def _defs_before(k: Kernel, line0: int) -> dict[str, ast.expr]:
    """The value each name of the kernel was last assigned before line `line0` (0-based)."""
    out: dict[str, ast.expr] = {}
    for a in sorted(nodes_of(k.node, ast.Assign), key=lambda a: a.lineno):
        if a.lineno - 1 < line0 and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name):
            out[a.targets[0].id] = a.value
    return out


@operator("signed_field", "operand", 2, "an unsigned bit field used without its zero point: `q = lo | (hi << 4)` "
          "-> `q = (lo | (hi << 4)) - 32` (a 6-bit quant)", scopes=("kernel",))
def _signed_field(src: Src, line0: int) -> list:
    """A quantised value unpacked from nibbles or bit fields and used unsigned where the format
    stores it offset by half its range (Q4_0's -8, Q6_K's -32, a uint8 zero point of 128)."""
    k = src.kernel_at(line0)
    stmt = _assignment(src, line0)
    if k is None or not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
        return []
    value = stmt.value
    ops = [n.op for n in nodes_of(value, ast.BinOp)]
    if not any(isinstance(o, (ast.BitOr, ast.BitAnd)) for o in ops) or any(True for _ in nodes_of(value, ast.Compare)):
        return []
    if any(isinstance(n, ast.Call) and ast.unparse(n.func) == "tl.load" for n in nodes_of(value, ast.Call)):
        return []  # a load's address or mask, not a field
    bits = _field_bits(value, _defs_before(k, line0))
    offsets = [1 << (bits - 1)] if bits and 2 <= bits <= 16 else [8, 32, 128]
    text = ast.unparse(value)
    out = []
    for off in offsets:
        e = _swap(src, value, f"({text}) - {off}", f"`{text}` offset by -{off} (a signed field)")
        if e:
            out.append(e)
    return out


@operator("ceil_division", "divisor", 2, "a division that floors where it must round up: `a // b` -> "
          "`(a + b - 1) // b`", scopes=("kernel", "host"))
def _ceil_division(src: Src, line0: int) -> list:
    out = []
    for n in _stmt_nodes(src, line0, ast.BinOp):
        if isinstance(n.op, ast.FloorDiv) and not _trivial(n.left):
            a, b = ast.unparse(n.left), ast.unparse(n.right)
            b_ = b if isinstance(n.right, (ast.Name, ast.Constant, ast.Attribute)) else f"({b})"
            e = _swap(src, n, f"(({a}) + {b_} - 1) // {b_}", f"`{a} // {b}` rounded up")
            if e:
                out.append(e)
    return out[:3]


def _is_call(node: ast.AST, *names: str) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func) in names and len(node.args) == 1


def _exp_terms(node: ast.expr) -> tuple[str, str, str | None] | None:
    """`exp(a) + exp(b)` or `c * (exp(a) + exp(b))`: (a, b, c)."""
    scale = None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and isinstance(node.left, ast.Constant):
        scale, node = ast.unparse(node.left), node.right
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and _is_call(node.left, "tl.exp") \
            and _is_call(node.right, "tl.exp"):
        return ast.unparse(node.left.args[0]), ast.unparse(node.right.args[0]), scale
    return None


def _sigmoid_of(node: ast.expr) -> str | None:
    """`z` of `1 / (1 + exp(-z))` or `tl.sigmoid(z)`."""
    if _is_call(node, "tl.sigmoid"):
        return ast.unparse(node.args[0])
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.left, ast.Constant) \
            and node.left.value == 1 and isinstance(node.right, ast.BinOp) and isinstance(node.right.op, ast.Add) \
            and isinstance(node.right.left, ast.Constant) and node.right.left.value == 1 and _is_call(node.right.right, "tl.exp"):
        arg = node.right.right.args[0]
        return ast.unparse(arg.operand) if isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.USub) else f"-({ast.unparse(arg)})"
    return None


@operator("stable_log_exp", "stable", 1, "log(1 + exp(z)) and log(exp(a) + exp(b)) in forms that cannot overflow",
          scopes=("kernel",))
def _stable_log_exp(src: Src, line0: int) -> list:
    out = []
    for n in _stmt_nodes(src, line0, ast.Call):
        if not _is_call(n, "tl.log"):
            continue
        arg = n.args[0]
        if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add) and isinstance(arg.left, ast.Constant) \
                and arg.left.value == 1 and _is_call(arg.right, "tl.exp"):
            z = ast.unparse(arg.right.args[0])
            new = f"(tl.maximum({z}, 0.0) + tl.log(1.0 + tl.exp(-tl.abs({z}))))"
            e = _swap(src, n, new, f"softplus of `{z}` without overflow")
        elif (z := _sigmoid_of(arg)) is not None:  # log(sigmoid(z)): 1 + exp(-z) overflows for z << 0
            new = f"(tl.minimum({z}, 0.0) - tl.log(1.0 + tl.exp(-tl.abs({z}))))"
            e = _swap(src, n, new, f"log-sigmoid of `{z}` without overflow")
        elif (terms := _exp_terms(arg)) is not None:
            a, b, scale = terms
            new = f"(tl.maximum({a}, {b}) + tl.log(1.0 + tl.exp(-tl.abs(({a}) - ({b})))))"
            if scale is not None:
                new = f"({new[1:-1]} + tl.log({scale}))"
            e = _swap(src, n, new, f"log(exp({a}) + exp({b})) without overflow")
        else:
            continue
        if e:
            out.append(e)
    return out


def _complement(node: ast.expr) -> str | None:
    """`x` for `1 - x` / `1.0 - x`."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and isinstance(node.left, ast.Constant) \
            and node.left.value == 1:
        return ast.unparse(node.right)
    return None


@operator("complement_swap", "operand", 2, "`x` and `1 - x` exchanged: `a * (1 - t) + b * t` -> `a * t + b * (1 - t)`",
          scopes=("kernel",))
def _complement_swap(src: Src, line0: int) -> list:
    out = []
    for top in _stmt_nodes(src, line0, ast.BinOp)[:1]:
        pairs: dict[str, str] = {}
        for n in nodes_of(top, ast.BinOp):
            x = _complement(n)
            if x is not None:
                pairs.setdefault(x, ast.unparse(n))
        for x, comp in pairs.items():
            class Swap(ast.NodeTransformer):
                def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
                    if _complement(node) == x:
                        return ast.parse(x, mode="eval").body
                    bare = [side for side in ("left", "right") if ast.unparse(getattr(node, side)) == x]
                    node = self.generic_visit(node)  # type: ignore[assignment]
                    for side in bare:  # (decided before the visit: a complement just undone stays undone)
                        setattr(node, side, ast.parse(f"({comp})", mode="eval").body)
                    return node

            tree = Swap().visit(ast.parse(ast.unparse(top), mode="eval"))
            new = ast.unparse(tree)
            if new != ast.unparse(top):
                e = _swap(src, top, f"({new})", f"`{x}` and `{comp}` exchanged")
                if e:
                    out.append(e)
    return out[:3]


def _unread(k: Kernel) -> list[str]:
    """What a kernel holds and never reads: its unused scalar parameters, then its dead locals."""
    return _unused(k) + [n for n in _dead_values(k.node.body) if not n.endswith("_ptr") and n not in k.params]


@operator("clamp_side", "compare", 2, "a clamp missing its other side, whose bound the kernel holds and never reads: "
          "max(r, lo) -> min(max(r, lo), hi)", scopes=("kernel",))
def _clamp_side(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    unread = _unread(k)
    parents = parent_map(k.node)
    out = []
    for n in _stmt_nodes(src, line0, ast.Call):
        f = ast.unparse(n.func)
        parent = parents.get(id(n))
        if f not in _PAIRS or f not in ("tl.maximum", "tl.minimum") or len(n.args) != 2 or (
                isinstance(parent, ast.Call) and ast.unparse(parent.func) == _PAIRS[f]):
            continue
        for u in unread[:3]:
            e = _swap(src, n, f"{_PAIRS[f]}({ast.unparse(n)}, {u})", f"clamp `{ast.unparse(n)}` by the unread `{u}` too")
            if e:
                out.append(e)
        # a symmetric clamp with one side only: min(x, b) -> min(max(x, -b), b)
        x, b = n.args
        neg = b.operand if isinstance(b, ast.UnaryOp) and isinstance(b.op, ast.USub) else None
        bound = neg if neg is not None else b
        if isinstance(bound, (ast.Name, ast.Attribute)):
            other = ast.unparse(bound) if neg is not None else f"-{ast.unparse(bound)}"
            e = _swap(src, n, f"{_PAIRS[f]}({ast.unparse(n)}, {other})",
                      f"clamp `{ast.unparse(x)}` on both sides: +/-{ast.unparse(bound)}")
            if e:
                out.append(e)
    return out


@operator("copy_clamp", "compare", 2, "a value copied where its sibling is clamped by a bound the kernel never reads: "
          "cs = rho -> cs = min(rho, c_bar) (crho = min(rho, rho_bar) above)", scopes=("kernel",))
def _copy_clamp(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    value = _assigned_value(src, line0)
    if k is None or not isinstance(value, ast.Name):
        return []
    unused = _unused(k)
    if not unused:
        return []
    # the clamps the kernel applies to this same value elsewhere say which side
    sides = [ast.unparse(c.func) for c in nodes_of(k.node, ast.Call) if ast.unparse(c.func) in ("tl.minimum", "tl.maximum")
             and any(isinstance(a, ast.Name) and a.id == value.id for a in c.args)]
    out = []
    for f in dict.fromkeys(sides or ["tl.minimum", "tl.maximum"]):
        for u in unused[:3]:
            e = _swap(src, value, f"{f}({value.id}, {u})", f"`{value.id}` clamped by the unread `{u}` like its sibling")
            if e:
                out.append(e)
    return out


def _dead_max(k: Kernel) -> list[tuple[str, set[str]]]:
    """Dead locals computed as a maximum (tl.maximum / tl.max), with the names their maximum is over."""
    dead = set(_dead_values(k.node.body))
    out = []
    for a in nodes_of(k.node, ast.Assign):
        t = a.targets[0] if len(a.targets) == 1 else None
        if isinstance(t, ast.Name) and t.id in dead and re.match(r"tl\.(maximum|max)\(", ast.unparse(a.value)):
            out.append((t.id, {n.id for n in nodes_of(a.value, ast.Name)}))
    return out


@operator("exp_shift_max", "stable", 1, "exponentials of values whose maximum the kernel computes and never uses: "
          "exp(la), exp(lb) -> exp(la - m), exp(lb - m) with m = max(la, lb)", global_=True)
def _exp_shift_max(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        for m, over in _dead_max(k):
            exps = [c for c in nodes_of(k.node, ast.Call) if ast.unparse(c.func) in ("tl.exp", "tl.exp2") and c.args
                    and {n.id for n in nodes_of(c.args[0], ast.Name)} & over]
            parts = [(c.args[0], f"{ast.unparse(c.args[0])} - {m}" if not isinstance(c.args[0], ast.BinOp)
                      else f"({ast.unparse(c.args[0])}) - {m}") for c in exps]
            e = _replace(src, parts, f"kernel `{k.name}`: subtract the unused maximum `{m}` inside its exponentials")
            if parts and e:
                out.append(e)
    return out


def _factors(node: ast.expr) -> list[ast.expr]:
    """The operands of a product chain a * b * c."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return _factors(node.left) + _factors(node.right)
    return [node]


@operator("sibling_factor", "operand", 3, "a product missing a factor its sibling product a few lines up has: "
          "gamma * lam * last -> gamma * lam * nonterm * last (gamma * v * nonterm above)", scopes=("kernel",))
def _sibling_factor(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None or not _value_stmt(src, line0):
        return []
    chains = [n for n in _stmt_nodes(src, line0, ast.BinOp) if isinstance(n.op, ast.Mult)]
    inner = {id(c.left) for c in chains} | {id(c.right) for c in chains}
    tops = [n for n in chains if id(n) not in inner]
    nearby = [n for n in nodes_of(k.node, ast.BinOp) if isinstance(n.op, ast.Mult)
              and 0 < line0 + 1 - n.lineno <= 3]
    out = []
    for top in tops:
        have = {ast.unparse(f) for f in _factors(top)}
        for sib in nearby:
            theirs = [ast.unparse(f) for f in _factors(sib) if isinstance(f, ast.Name)]
            if not have & set(theirs):
                continue
            for f in theirs:
                if f not in have:
                    e = _swap(src, top, f"{ast.unparse(top)} * {f}", f"`{ast.unparse(top)}` missing the factor `{f}`")
                    if e:
                        out.append(e)
    return out[:4]


@operator("scaled_threshold", "operand", 3, "a threshold missing its scale, a reduction the kernel computes and never "
          "reads: p < min_p -> p < min_p * top", scopes=("kernel",))
def _scaled_threshold(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    dead = [n for n, last in _dead_values(k.node.body).items() if last < line0 + 1 and any(
        isinstance(a, ast.Assign) and any(getattr(t, "id", None) == n for t in a.targets)
        and re.match(r"tl\.(max|min|sum)\(", ast.unparse(a.value)) for a in nodes_of(k.node, ast.Assign))]
    out = []
    for c in _stmt_nodes(src, line0, ast.Compare):
        for side in [c.left, *c.comparators]:
            if not isinstance(side, (ast.Name, ast.Attribute, ast.BinOp)) or isinstance(side, ast.Constant):
                continue
            for d in dead[:2]:
                for op in ("*", "/"):
                    text = ast.unparse(side)
                    e = _swap(src, side, f"({text}) {op} {d}" if isinstance(side, ast.BinOp) else f"{text} {op} {d}",
                              f"`{text}` {op} the unread `{d}`")
                    if e:
                        out.append(e)
    return out


@operator("clamp_nesting", "order", 1, "a clamp nested the other way: max(min(x, hi), lo) <-> min(max(x, lo), hi)",
          scopes=("kernel",))
def _clamp_nesting(src: Src, line0: int) -> list:
    out = []
    for n in _stmt_nodes(src, line0, ast.Call):
        outer = ast.unparse(n.func)
        inner = n.args[0] if len(n.args) == 2 else None
        if outer not in ("tl.maximum", "tl.minimum") or not isinstance(inner, ast.Call) or len(inner.args) != 2:
            continue
        if ast.unparse(inner.func) != _PAIRS[outer]:
            continue
        x, b_inner, b_outer = (ast.unparse(a) for a in (inner.args[0], inner.args[1], n.args[1]))
        new = f"{_PAIRS[outer]}({outer}({x}, {b_outer}), {b_inner})"
        e = _swap(src, n, new, "clamp nested the other way")
        if e:
            out.append(e)
    return out


@operator("drop_clamp", "compare", 1, "a clamp the reference never applies: tl.clamp(x, lo, hi) -> x",
          scopes=("kernel",))
def _drop_clamp(src: Src, line0: int) -> list:
    """A value clamped "for stability" (an IIR filter's output to [-1, 1]) where the reference lets it
    run: the clamp's first argument alone."""
    out = []
    for n in _stmt_nodes(src, line0, ast.Call):
        if ast.unparse(n.func) == "tl.clamp" and len(n.args) >= 3:
            e = _swap(src, n, ast.unparse(n.args[0]), "drop the clamp")
            if e:
                out.append(e)
    return out


@operator("scale_inside", "operand", 2, "a scalar parameter of the line missing inside exp / log: exp(x) -> exp(x / a)",
          scopes=("kernel",))
def _scale_inside(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    scalars = [p for p in k.params if p not in k.constexpr and "ptr" not in p.lower()]
    out = []
    for n in _stmt_nodes(src, line0, ast.Call):
        if not _is_call(n, "tl.exp", "tl.exp2", "tl.log"):
            continue
        inside = {x.id for x in nodes_of(n, ast.Name)}
        line_names = [x.id for x in _stmt_nodes(src, line0, ast.Name)]
        for p in dict.fromkeys(x for x in line_names if x in scalars and x not in inside):
            arg = ast.unparse(n.args[0])
            for op in ("/", "*"):
                e = _swap(src, n, f"{ast.unparse(n.func)}(({arg}) {op} {p})", f"{ast.unparse(n.func)}(... {op} {p})")
                if e:
                    out.append(e)
    return out[:4]


@operator("flip_broadcast", "axis", 2, "one vector broadcast along the other axis: v[:, None] <-> v[None, :]; "
          "or both sides of one comparison: (ri[None, :] > rj[:, None]) -> (ri[:, None] > rj[None, :])",
          scopes=("kernel",))
def _flip_broadcast(src: Src, line0: int) -> list:
    if "tl.load(" in src.lines[line0] or "tl.store(" in src.lines[line0]:
        return []  # addresses and masks: the stride and axis operators
    out = []
    # an outer comparison or product written transposed: both operands flipped at once
    for n in _stmt_nodes(src, line0, ast.Compare, ast.BinOp):
        a, b = (n.left, n.comparators[0]) if isinstance(n, ast.Compare) and len(n.comparators) == 1 else \
            (n.left, n.right) if isinstance(n, ast.BinOp) else (None, None)
        if not (isinstance(a, ast.Subscript) and isinstance(b, ast.Subscript)):
            continue
        fa, fb = _broadcast(a), _broadcast(b)
        if fa and fb and fa != fb:
            e = _replace(src, [(a, _flip(a)), (b, _flip(b))], f"`{ast.unparse(n)}` transposed: both broadcasts flipped")
            if e:
                out.append(e)
    for n in _stmt_nodes(src, line0, ast.Subscript):
        if not _broadcast(n):
            continue
        new = _flip(n)
        e = _swap(src, n, new, f"`{ast.unparse(n)}` -> `{new}`")
        if e:
            out.append(e)
    return out[:4]


def _broadcast_offsets(k: Kernel) -> dict[str, set[str]]:
    """tl.arange offset -> the broadcasts (':,None' / 'None,:') it takes anywhere in the kernel."""
    offsets = {t.id for n in nodes_of(k.node, ast.Assign) for t in n.targets
               if isinstance(t, ast.Name) and ast.unparse(n.value).startswith("tl.arange(")}
    seen: dict[str, set[str]] = {}
    for s in nodes_of(k.node, ast.Subscript):
        b = _broadcast(s)
        if b and isinstance(s.value, ast.Name) and s.value.id in offsets:
            seen.setdefault(s.value.id, set()).add(b)
    return seen


@operator("copied_selection", "axis", 2, "a row or column picked out of a tile by a line copied from its "
          "partner: `dik = tl.sum(tl.where(rows[:, None] == k, d, 0.0), axis=0)`, the same value as `dkj`'s, -> "
          "`tl.where(cols[None, :] == k, d, 0.0), axis=1`", scopes=("kernel",))
def _copied_selection(src: Src, line0: int) -> list:
    stmt = src.statements_by_line.get(line0)
    k = src.kernel_at(line0)
    if not isinstance(stmt, ast.Assign) or k is None or stmt.lineno != stmt.end_lineno:
        return []
    value = ast.unparse(stmt.value)
    if not any(n is not stmt and ast.unparse(n.value) == value for n in nodes_of(k.node, ast.Assign)):
        return []  # only a value some other line of the kernel computes the same way
    seen = _broadcast_offsets(k)
    out = []
    for call in nodes_of(stmt.value, ast.Call):
        axis = next((kw.value for kw in call.keywords if kw.arg == "axis" and isinstance(kw.value, ast.Constant)
                     and kw.value.value in (0, 1)), None)
        if axis is None or not ast.unparse(call.func).startswith("tl."):
            continue
        parts: list = [(axis, str(1 - axis.value))]
        for s in nodes_of(call, ast.Subscript):
            b = _broadcast(s)
            if not b or not isinstance(s.value, ast.Name) or s.value.id not in seen:
                continue
            flipped = ":,None" if b == "None,:" else "None,:"
            partners = [o for o, bs in seen.items() if o != s.value.id and bs == {flipped}]
            if len(partners) != 1:
                parts = []
                break
            parts.append((s, f"{partners[0]}[None, :]" if flipped == "None,:" else f"{partners[0]}[:, None]"))
        if len(parts) > 1:
            e = _replace(src, parts, f"`{ast.unparse(call)}` copied from its partner: picked along the other axis")
            if e:
                out.append(e)
    return out


@operator("mask_loop_bound", "compare", 2, "a mask inside a loop bounded by another extent than the loop's: "
          "`rows < n_rows` -> `rows < end` for `for r0 in range(start, end, B)`", scopes=("kernel",))
def _mask_loop_bound(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    out = []
    for loop in nodes_of(k.node, ast.For):
        it = loop.iter
        if not (isinstance(it, ast.Call) and ast.unparse(it.func) in ("range", "tl.range", "tl.static_range")
                and len(it.args) >= 2 and isinstance(loop.target, ast.Name)
                and loop.lineno - 1 < line0 < (loop.end_lineno or loop.lineno)):
            continue
        end, var = it.args[1], loop.target.id
        derived = {var} | {s.targets[0].id for s in nodes_of(loop, ast.Assign) if len(s.targets) == 1
                           and isinstance(s.targets[0], ast.Name) and var in {n.id for n in nodes_of(s.value, ast.Name)}}
        for c in _stmt_nodes(src, line0, ast.Compare):
            if len(c.ops) == 1 and isinstance(c.ops[0], (ast.Lt, ast.LtE)) and ast.unparse(c.left) in derived \
                    and ast.unparse(c.comparators[0]) != ast.unparse(end):
                e = _swap(src, c.comparators[0], ast.unparse(end), f"bound `{ast.unparse(c)}` by the loop's end "
                          f"`{ast.unparse(end)}`")
                if e:
                    out.append(e)
    return out


@operator("sign_zero", "sign", 2, "a sign that gives zero its own case: where(c >= 0, 1, -1) -> (c > 0) - (c < 0)",
          scopes=("kernel",))
def _sign_zero(src: Src, line0: int) -> list:
    out = []
    for n in _stmt_nodes(src, line0, ast.Call):
        if ast.unparse(n.func) != "tl.where" or len(n.args) != 3 or not isinstance(n.args[0], ast.Compare):
            continue
        cmp, hi, lo = n.args
        vals = [a.operand.value * -1 if isinstance(a, ast.UnaryOp) and isinstance(a.operand, ast.Constant) else
                getattr(a, "value", None) for a in (hi, lo)]
        if sorted(v for v in vals if isinstance(v, (int, float))) != [-1, 1] or len(cmp.ops) != 1:
            continue
        x, bound = ast.unparse(cmp.left), ast.unparse(cmp.comparators[0])
        up = isinstance(cmp.ops[0], (ast.Gt, ast.GtE)) == (vals[0] == 1)  # +1 above the bound
        a, b = (">", "<") if up else ("<", ">")
        new = f"(({x} {a} {bound}).to(tl.float32) - ({x} {b} {bound}).to(tl.float32))"
        e = _swap(src, n, new, f"sign of `{x}` with 0 for 0")
        if e:
            out.append(e)
    return out


@operator("mask_width", "operand", 1, "a repeated-digit bit mask one digit short: 0x5555555 -> 0x55555555",
          scopes=("kernel", "cuda"))
def _mask_width(src: Src, line0: int) -> list:
    text = src.lines[line0]
    out = []
    for m in re.finditer(r"\b0x([0-9a-fA-F])\1{2,}\b", text):
        digits = len(m.group(0)) - 2
        for want in (8, 16, 4):
            if want != digits and abs(want - digits) == 1:
                new = "0x" + m.group(1) * want
                out.append((f"line {line0 + 1}: mask `{m.group(0)}` -> `{new}`", line0, line0 + 1,
                            [text[: m.start()] + new + text[m.end():]]))
    return out


_IDENTITY = {"max": 'float("-inf")', "argmax": 'float("-inf")', "min": 'float("inf")', "argmin": 'float("inf")',
             "sum": "0.0"}


def _bool_masks(k: Kernel) -> list[str]:
    """Names the kernel assigns a comparison or a conjunction of them (`is_t = cols == t`, `valid = a & b`)."""
    out: list[str] = []
    for n in nodes_of(k.node, ast.Assign):
        if len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and (
                isinstance(n.value, ast.Compare) or isinstance(n.value, ast.BinOp) and isinstance(n.value.op, ast.BitAnd)
                and any(isinstance(s, ast.Compare) for s in (n.value.left, n.value.right))):
            if n.targets[0].id not in out:
                out.append(n.targets[0].id)
    return out


@operator("masked_reduction", "mask", 3, "a reduction over every element where some must be left out: "
          "tl.max(x, axis=1) -> tl.max(tl.where(is_t, -inf, x), axis=1), with a mask the kernel holds",
          scopes=("kernel",))
def _masked_reduction(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    masks = _bool_masks(k)
    out = []
    for call in _stmt_nodes(src, line0, ast.Call):
        f = ast.unparse(call.func)
        op = f.rsplit(".", 1)[-1]
        if not f.startswith("tl.") or op not in _IDENTITY or not call.args:
            continue
        arg = call.args[0]
        text = ast.unparse(arg)
        if text.startswith("tl.where("):
            continue
        for m in masks[-2:]:  # the masks made last: the ones a reduction below is likely to need
            if m in {n.id for n in nodes_of(arg, ast.Name)}:
                continue
            ident = _IDENTITY[op]
            for new, what in ((f"tl.where({m}, {ident}, {text})", f"leave `{m}` out of the {op}"),
                              (f"tl.where({m}, {text}, {ident})", f"only `{m}` in the {op}")):
                e = _swap(src, arg, new, what)
                if e:
                    out.append(e)
    return out[:4]
