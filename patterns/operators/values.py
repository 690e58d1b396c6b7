"""Masks and fill values: mask insertion on loads/stores, `other=` values, reduction initial values."""

from __future__ import annotations

import ast
import re

from kagent.patterns.operators.base import Src, call_span, code_part, nodes_of, one_line, operator
from kagent.patterns.operators.generic import _replace

FILLS = ("0.0", '-float("inf")', 'float("inf")', "1.0")
_OTHER = re.compile(r"\bother\s*=\s*")


def _arg_end(text: str, start: int) -> int:
    """End of the call argument that starts at `start` (the next top-level ',' or ')')."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif c == "," and depth == 0:
            return i
    return len(text)


def _norm(v: str) -> str:
    v = v.strip().replace("'", '"')
    return {"0": "0.0", "float('-inf')": '-float("inf")', "-float(\"inf\")": '-float("inf")',
            "float(\"-inf\")": '-float("inf")', "1": "1.0"}.get(v, v)


def _tested_literals(src: Src, line0: int) -> list[str]:
    """The numbers the kernel tests its values against (`x < 4` for a base code, 4 marking a gap): a fill
    the tests single out keeps masked-off lanes out of what they count."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    out: list[str] = []
    for c in nodes_of(k.node, ast.Compare):
        for side in [c.left, *c.comparators]:
            if isinstance(side, ast.Constant) and type(side.value) in (int, float) and _norm(repr(side.value)) not in FILLS:
                out += [repr(side.value)] if repr(side.value) not in out else []
    return out[:3]


@operator("other_value", "other", 2, "the value masked-off lanes of a load read: 0, -inf, +inf, 1, or a number "
          "the kernel tests its values against")
def _other(src: Src, line0: int) -> list:
    text = src.lines[line0]
    out = []
    for m in _OTHER.finditer(text):
        end = _arg_end(text, m.end())
        cur = _norm(text[m.end():end])
        for v in (*FILLS, *_tested_literals(src, line0)):
            if v != cur:
                out.append(one_line(f"line {line0 + 1}: other={cur} -> other={v}", line0,
                                    text[: m.end()] + v + text[end:]))
    if not out:  # a masked load without other=
        for m in re.finditer(r"\btl\.load\(", text):
            end = call_span(text, m.end() - 1)
            if end is None:
                continue
            call = text[m.start():end]
            if "mask" in call and "other" not in call:
                for v in FILLS:
                    out.append(one_line(f"line {line0 + 1}: add other={v}", line0,
                                        text[: end - 1] + f", other={v}" + text[end - 1:]))
    return out


_INIT_ZEROS = re.compile(r"\btl\.zeros\(\s*(\[[^\]]*\]|\([^)]*\)|\w+)\s*,\s*dtype\s*=\s*([\w.]+)\s*\)")
_INIT_FULL = re.compile(r"\btl\.full\(\s*(\[[^\]]*\]|\([^)]*\)|\w+)\s*,\s*")
_SCALAR_INIT = re.compile(r"^(\s*\w+\s*=\s*)(0\.0|0|float\([\"']-?inf[\"']\)|-float\([\"']inf[\"']\))(\s*)$")


@operator("init_value", "init", 2, "a reduction's initial value: 0, -inf, +inf, 1")
def _init(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    out = []
    for m in _INIT_ZEROS.finditer(code):
        for v in FILLS[1:]:
            new = f"tl.full({m.group(1)}, {v}, dtype={m.group(2)})"
            out.append(one_line(f"line {line0 + 1}: tl.zeros -> tl.full(..., {v})", line0,
                                text[: m.start()] + new + text[m.end():]))
    for m in _INIT_FULL.finditer(code):
        end = _arg_end(code, m.end())
        cur = _norm(code[m.end():end])
        for v in FILLS:
            if v != cur:
                out.append(one_line(f"line {line0 + 1}: tl.full value {cur} -> {v}", line0,
                                    text[: m.end()] + v + text[end:]))
    m = _SCALAR_INIT.match(code)
    if m:
        cur = _norm(m.group(2))
        for v in FILLS:
            if v != cur:
                out.append(one_line(f"line {line0 + 1}: initial value {cur} -> {v}", line0, m.group(1) + v))
    return out


def _mask_names(src: Src, line0: int) -> list[str]:
    """Mask expressions available in the kernel around `line0`: names assigned a comparison (or
    named *mask*), then the comparisons written inline."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    names: list[str] = []
    inline: list[str] = []
    for n in ast.walk(k.node):
        if isinstance(n, ast.Assign) and n.lineno - 1 < line0:
            for t in n.targets:
                if isinstance(t, ast.Name) and (isinstance(n.value, (ast.Compare, ast.BinOp)) and
                                                any(isinstance(x, ast.Compare) for x in ast.walk(n.value))
                                                or "mask" in t.id):
                    if t.id not in names:
                        names.append(t.id)
        if isinstance(n, ast.Compare) and n.lineno - 1 <= line0:
            s = ast.unparse(n)
            if s not in inline and len(s) < 80:
                inline.append(s)
    return (names[::-1] + [i for i in inline if i not in names])[:4]


@operator("mask_insert", "mask", 2, "add a bounds mask to an unmasked tl.load / tl.store")
def _mask(src: Src, line0: int) -> list:
    text = src.lines[line0]
    out = []
    for m in re.finditer(r"\btl\.(load|store)\(", text):
        end = call_span(text, m.end() - 1)
        if end is None or "mask" in text[m.start():end]:
            continue
        for mk in _mask_names(src, line0):
            extra = f", mask={mk}" + (", other=0.0" if m.group(1) == "load" else "")
            out.append(one_line(f"line {line0 + 1}: tl.{m.group(1)} gets mask={mk}", line0,
                                text[: end - 1] + extra + text[end - 1:]))
    return out


@operator("mask_extend", "mask", 2, "bound the other axis too: a 2-D mask that checks one index only")
def _mask_extend(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    text = src.lines[line0]
    code = code_part(text)
    # bounds available in the kernel: `name < param` for index names made with tl.arange
    idx = {n.targets[0].id for n in ast.walk(k.node) if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)
           and "tl.arange" in ast.unparse(n.value)}
    for n in ast.walk(k.node):  # names built from an index name are index names too (k = k0 + offs_k)
        if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name) and any(
                isinstance(x, ast.Name) and x.id in idx for x in ast.walk(n.value)):
            idx.add(n.targets[0].id)
    bounds: list[tuple[str, str]] = []
    for n in ast.walk(k.node):
        if isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], ast.Lt):
            left = n.left.value if isinstance(n.left, ast.Subscript) else n.left
            if isinstance(left, ast.Name) and left.id in idx:
                b = (left.id, ast.unparse(n.comparators[0]))
                if b not in bounds:
                    bounds.append(b)
    # index names compared nowhere (the bug removed their bound): `r0 + tl.arange` in `for r0 in range(_, END, _)`
    loops = {n.target.id: ast.unparse(n.iter.args[1]) for n in ast.walk(k.node)
             if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and isinstance(n.iter, ast.Call)
             and ast.unparse(n.iter.func).endswith("range") and len(n.iter.args) >= 2}
    for n in ast.walk(k.node):
        if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name) and n.targets[0].id in idx:
            v = n.targets[0].id
            if any(b[0] == v for b in bounds):
                continue
            for name in (x.id for x in ast.walk(n.value) if isinstance(x, ast.Name)):
                if name in loops:
                    bounds.append((v, loops[name]))
    m = re.search(r"\bmask\s*=\s*", code)
    if not m or not bounds:
        return []
    start = m.end()
    end = _arg_end(code, start)
    expr = code[start:end]
    out = []
    two_d = "None" in expr
    for v, b in bounds:
        if re.search(rf"\b{v}\b", expr):
            continue
        forms = [f"({v}[:, None] < {b})", f"({v}[None, :] < {b})"] if two_d else [f"({v} < {b})"]
        for f in forms:
            new = code[:start] + f"{f} & ({expr.strip()})" + code[end:]
            out.append(one_line(f"line {line0 + 1}: mask also bounds {v} < {b}", line0, new))
    return out


_CLAMPS = ("tl.clamp", "tl.minimum", "tl.maximum", "min", "max", "torch.clamp")
_BOUNDS = ("0.0", "1.0", "-1.0", "6.0")


@operator("clamp_bound", "compare", 3, "a clamp's literal bound: 0, 1, -1 or 6 (relu6's 6 on a gate bounded by 1)",
          scopes=("kernel", "host"))
def _clamp_bound(src: Src, line0: int) -> list:
    out = []
    for c in ast.walk(src.tree):
        if not (isinstance(c, ast.Call) and c.lineno - 1 == line0 and ast.unparse(c.func) in _CLAMPS):
            continue
        for a in c.args:
            lit = a.operand if isinstance(a, ast.UnaryOp) and isinstance(a.op, ast.USub) else a
            if not (isinstance(lit, ast.Constant) and isinstance(lit.value, (int, float))) or a.lineno != a.end_lineno:
                continue
            text = src.lines[line0]
            if not text.isascii():
                continue
            cur = float(ast.literal_eval(a))
            if isinstance(lit.value, int) and abs(cur) >= 16:
                continue  # a size cap (`min(BLOCK, 1024)`), drop_cap's business
            for v in _BOUNDS:
                if float(v) != cur:
                    out.append(one_line(f"line {line0 + 1}: clamp bound {ast.unparse(a)} -> {v}", line0,
                                        text[: a.col_offset] + v + text[a.end_col_offset:]))
    return out


def _masked_loads(src: Src, line0: int) -> dict[str, str]:
    """Names assigned a masked `tl.load` (a cast after it allowed) in the kernel around `line0`,
    before that line: name -> the mask's text."""
    k = src.kernel_at(line0)
    out: dict[str, str] = {}
    if k is None:
        return out
    for n in sorted(ast.walk(k.node), key=lambda n: getattr(n, "lineno", 0)):
        if not (isinstance(n, ast.Assign) and n.lineno - 1 < line0 and len(n.targets) == 1
                and isinstance(n.targets[0], ast.Name)):
            continue
        load = n.value
        while isinstance(load, ast.Call) and isinstance(load.func, ast.Attribute) and load.func.attr == "to":
            load = load.func.value
        if isinstance(load, ast.Call) and ast.unparse(load.func) == "tl.load":
            mask = next((kw.value for kw in load.keywords if kw.arg == "mask"), None)
            if mask is not None:
                out[n.targets[0].id] = ast.unparse(mask)
            else:
                out.pop(n.targets[0].id, None)
        else:
            out.pop(n.targets[0].id, None)
    return out


@operator("pad_where", "mask", 2, "zero the padded lanes of a value computed from a masked load before it is "
          "reduced: d = |x - mean| -> d = tl.where(mask, |x - mean|, 0.0)")
def _pad_where(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = src.statements_by_line.get(line0) if k is not None else None
    if not isinstance(stmt, (ast.Assign, ast.AugAssign)) or stmt.lineno != stmt.end_lineno or (isinstance(stmt, ast.Assign) and (len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ast.Name))):
        return []
    value = stmt.value
    calls = {ast.unparse(c.func) for c in ast.walk(value) if isinstance(c, ast.Call)}
    if calls & {"tl.where", "tl.load", "tl.store", "tl.arange", "tl.zeros", "tl.full"}:
        return []
    loaded = _masked_loads(src, line0)
    masks = []
    for name in (n.id for n in ast.walk(value) if isinstance(n, ast.Name)):
        if name in loaded and loaded[name] not in masks:
            masks.append(loaded[name])
    if not masks or (isinstance(value, ast.Name) and isinstance(stmt, ast.Assign)):
        return []  # a plain copy of a loaded value keeps its `other=` fill
    target = stmt.targets[0].id if isinstance(stmt, ast.Assign) else ast.unparse(stmt.target)
    later = "\n".join(src.lines[line0 + 1:(k.last if k else line0 + 1)])
    fills = ["0.0"] + (['-float("inf")'] if re.search(rf"tl\.max\([^)]*\b{re.escape(target)}\b", later) else []) \
        + (['float("inf")'] if re.search(rf"tl\.min\([^)]*\b{re.escape(target)}\b", later) else [])
    text = src.lines[line0]
    a, b = value.col_offset, value.end_col_offset
    if not text.isascii():
        return []
    out = []
    for mask in masks[:2]:
        for fill in fills:
            out.append(one_line(f"line {line0 + 1}: padded lanes of `{target}` set to {fill} (mask `{mask}`)", line0,
                                text[:a] + f"tl.where({mask}, {text[a:b]}, {fill})" + text[b:]))
    return out


# Constants kernels are known to mix up, each with the ones written in its place (a formula's
# textbook value next to a look-alike's: sRGB's 2.4 / gamma 2.2, BT.709 / BT.601 luma, ln 2 / log2 e,
# the tanh-GELU and quick-GELU factors, the int8 / int4 / fp8 ranges).
_CONFUSABLE: list[tuple[str, ...]] = [
    ("2.4", "2.2"), ("0.04045", "0.0031308"), ("12.92", "1.055"),
    ("0.2126", "0.299"), ("0.7152", "0.587"), ("0.0722", "0.114"),
    ("1.4426950408889634", "0.6931471805599453"), ("0.7978845608028654", "0.7071067811865476", "1.4142135623730951"),
    ("0.044715", "0.04715"),
    ("127.0", "128.0", "255.0"), ("7.0", "8.0", "15.0"), ("448.0", "57344.0"),
    ("1e-05", "1e-06", "1e-08", "1e-12"),
]


def _num(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


_LITERAL = re.compile(r"(?<![\w.])(\d+\.\d*(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+)(?![\w.])")


@operator("known_constant", "init", 3, "a textbook constant written as its look-alike: 2.2 for sRGB's 2.4, "
          "BT.601 luma weights for BT.709, ln 2 for log2 e", scopes=("kernel", "cuda", "host"))
def _known_constant(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    out = []
    for m in _LITERAL.finditer(code):
        v = _num(m.group(1))
        for group in _CONFUSABLE:
            vals = [_num(g) for g in group]
            if not v or not any(x and abs(x - v) <= 1e-9 * abs(v) for x in vals):
                continue
            for alt in group:
                if _num(alt) != v:
                    new = code[: m.start()] + alt + code[m.end():] + text[len(code):]
                    out.append(one_line(f"line {line0 + 1}: constant {m.group(1)} -> {alt}", line0, new))
    return out


@operator("literal_sign", "sign", 1, "the sign of one float literal of a constant definition: "
          "a, b, c = (3.4445, 4.7750, 2.0315) -> (3.4445, -4.7750, 2.0315)", scopes=("kernel", "host"))
def _literal_sign(src: Src, line0: int) -> list:
    """Coefficients written out by hand (Newton-Schulz, a biquad, a colour matrix, a polynomial) where
    one sign was lost or added: flip each float literal of an assignment of literals in turn."""
    stmt = src.statements_by_line.get(line0)
    if not isinstance(stmt, (ast.Assign, ast.AnnAssign)) or stmt.value is None:
        return []
    items = stmt.value.elts if isinstance(stmt.value, (ast.Tuple, ast.List)) else [stmt.value]
    out = []
    for item in items:
        neg = isinstance(item, ast.UnaryOp) and isinstance(item.op, ast.USub)
        lit = item.operand if neg else item
        if not (isinstance(lit, ast.Constant) and type(lit.value) is float and lit.value != 0.0):
            continue
        if item.lineno != item.end_lineno or item.lineno - 1 != line0:
            continue
        text = src.lines[line0]
        old = text[item.col_offset:item.end_col_offset]
        new = ast.get_source_segment(src.source, lit) if neg else f"-{old}"
        if new is None or not text.isascii():
            continue
        out.append(one_line(f"line {line0 + 1}: constant {old} -> {new}", line0,
                            text[:item.col_offset] + new + text[item.end_col_offset:]))
    return out


@operator("window_clamp", "eps", 2, "a window's start clamped at 0 but not at the far end: "
          "tl.maximum(i - HALF, 0) -> tl.minimum(tl.maximum(i - HALF, 0), L - KS)", scopes=("kernel",))
def _window_clamp(src: Src, line0: int) -> list:
    """A sliding window (neighbourhood attention, a border-replicating filter) whose start is kept
    inside on the near side only: the far side's bound is an extent minus the window's size (or the
    extent minus one, for a single index)."""
    k = src.kernel_at(line0)
    stmt = src.statements_by_line.get(line0)
    if k is None or not isinstance(stmt, ast.Assign):
        return []
    extents = src.compared_params(k)
    widths = [p for p in k.params if p not in extents and "ptr" not in p.lower() and "stride" not in p.lower()
              and not p.startswith("BLOCK")]
    widths.sort(key=lambda p: p not in k.constexpr)  # a window's size is usually a constexpr
    clamped = {id(a) for c in nodes_of(stmt.value, ast.Call) if ast.unparse(c.func) in ("tl.minimum", "tl.clamp")
               for a in c.args}
    out = []
    for c in nodes_of(stmt.value, ast.Call):
        if (ast.unparse(c.func) != "tl.maximum" or len(c.args) != 2 or id(c) in clamped
                or not any(isinstance(a, ast.Constant) and a.value == 0 for a in c.args)):
            continue
        bounds = [f"{x} - {w}" for x in extents for w in widths] + [f"{x} - 1" for x in extents]
        for b in bounds[:12]:
            e = _replace(src, [(c, f"tl.minimum({ast.unparse(c)}, {b})")], f"`{ast.unparse(c)}` clamped at {b} too")
            if e:
                out.append(e)
    return out


_INF_TEST = re.compile(r"(tl\.abs\((\w+)\)|\b(\w+))\s*==\s*float\([\"'](?:inf|-inf)[\"']\)")


@operator("nan_check", "eps", 1, "a non-finite test that misses NaN: tl.abs(g) == inf -> (g != g) | (tl.abs(g) == inf)",
          scopes=("kernel",))
def _nan_check(src: Src, line0: int) -> list:
    """An overflow check (gradient unscaling, loss scaling) that tests for infinities only: NaN compares
    unequal to everything, so it needs its own `x != x`."""
    code = code_part(src.lines[line0])
    out = []
    for m in _INF_TEST.finditer(code):
        x = m.group(2) or m.group(3)
        if re.search(rf"\b{x}\s*!=\s*{x}\b|isnan", code):
            continue
        new = code[: m.start()] + f"(({x} != {x}) | ({m.group(0)}))" + code[m.end():]
        out.append(one_line(f"line {line0 + 1}: NaN counted with the infinities of `{x}`", line0, new))
    return out
