"""Comparison and bound operators: `<` / `<=`, `>` / `>=`, off-by-one bounds (Triton and CUDA C)."""

from __future__ import annotations

import ast
import math
import re

from kagent.patterns.operators.base import TEMPLATE_ARGS, Src, code_part, one_line, operator, sub_each
from kagent.patterns.operators.generic import _replace
from kagent.patterns.operators.reference import _number

_LE = re.compile(r"(?<![<>=!])<=(?!=)")
_LT = re.compile(r"(?<![<>=!-])<(?![<=])")
_GE = re.compile(r"(?<![<>=!-])>=(?!=)")
_GT = re.compile(r"(?<![<>=!-])>(?![>=])")
_MINUS_ONE = re.compile(r"(\b\w+(?:\[[^\]]*\])?)\s*-\s*1\b(?![.\d])")
_PLUS_ONE = re.compile(r"(\b\w+(?:\[[^\]]*\])?)\s*\+\s*1\b(?![.\d])")


def _skip(text: str) -> bool:
    t = text.strip()
    return not t or t.startswith(("#", "//", "import", "from", "@", "#include", "template")) or "->" in t and "<" not in t


def _edits(src: Src, line0: int, rx: re.Pattern[str], repl: str, what: str) -> list:
    text = src.lines[line0]
    if _skip(text):
        return []
    code = code_part(text)
    if "<<<" in code or "<torch" in code or "#include" in code or "template" in code:
        return []
    # C++ template brackets (`x.data_ptr<float>()`, `static_cast<int64_t>(r)`) are no comparison
    brackets = {i for m in TEMPLATE_ARGS.finditer(code) for i in (m.start(1), m.end(1) - 1)}
    return [one_line(f"line {line0 + 1}: {what}", line0, new + text[len(code):])
            for new in sub_each(rx, lambda m: None if m.start() in brackets else m.expand(repl), code)]


@operator("cmp_strict", "compare", 1, "a bound `<=` / `>=` made strict", scopes=("kernel", "cuda", "host"))
def _strict(src: Src, line0: int) -> list:
    return _edits(src, line0, _LE, "<", "`<=` -> `<`") + _edits(src, line0, _GE, ">", "`>=` -> `>`")


@operator("cmp_loose", "compare", 2, "a strict bound `<` / `>` made inclusive", scopes=("kernel", "cuda"))
def _loose(src: Src, line0: int) -> list:
    return _edits(src, line0, _LT, "<=", "`<` -> `<=`") + _edits(src, line0, _GT, ">=", "`>` -> `>=`")


@operator("bound_off_by_one", "compare", 2, "drop or add the `- 1` / `+ 1` of a bound", scopes=("kernel", "cuda", "host"))
def _off_by_one(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    if not re.search(r"[<>]|range\(|for\s*\(|cdiv|mask", code):
        return []
    out = _edits(src, line0, _MINUS_ONE, r"\1", "drop `- 1` of a bound")
    out += _edits(src, line0, _PLUS_ONE, r"\1", "drop `+ 1` of a bound")
    # a 1-based loop (a DP table's rows 1..n) stopping one short: range(1, n) -> range(1, n + 1)
    out += _edits(src, line0, _ONE_BASED, r"\1\2 + 1)", "a 1-based loop through n: `+ 1` on its stop")
    # a lower bound on a named size one off (a window's first full position: t >= P -> t >= P - 1);
    # upper bounds on an extent (`offs < n`) are the masks' and stay as they are
    out += _edits(src, line0, _LOWER_NAMED, r"\1 - 1", "a lower bound `- 1`")
    out += _edits(src, line0, _LOWER_NAMED, r"\1 + 1", "a lower bound `+ 1`")
    return out


_LOWER_NAMED = re.compile(r"(?<=[\w\])]\s)(>=?\s*[A-Za-z_]\w*)(?=\s*[)&|,]|\s*$)(?!\s*[-+*/(.\[])")


_ONE_BASED = re.compile(r"(\b(?:tl\.)?(?:static_)?range\(\s*1\s*,\s*)(\w+(?:\[[^\]]*\])?)\s*\)")


_BOUND_TEST = re.compile(r"(?<![\w.\]])([A-Za-z_]\w*(?:\[[^\]]*\])?)\s*(<=|<|>=|>)\s*(-?\s*(?:\d+\.?\d*(?:[eE][-+]?\d+)?f?|[A-Za-z_]\w*))(?![\w.(\[])")


def _negated(a: str, b: str) -> bool:
    """`-1.0` and `1.0`, `-LIM` and `LIM` (either order; 0 excluded)."""
    a, b = a.replace(" ", ""), b.replace(" ", "")
    try:
        x, y = float(a.rstrip("fF")), float(b.rstrip("fF"))
        return x == -y != 0
    except ValueError:
        return a == f"-{b}" or b == f"-{a}"


@operator("clip_subject", "compare", 2, "a clip's two sides testing different values: "
          "`tl.where(tc < -1.0, lo, tl.where(w > 1.0, hi, f(tc)))` -> both sides test `tc`", scopes=("kernel", "cuda"))
def _clip_subject(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    tests = [(m, m.group(1), m.group(2)[0], m.group(3)) for m in _BOUND_TEST.finditer(code)]
    out = []
    for m1, s1, op1, c1 in tests:
        for m2, s2, op2, c2 in tests:
            if m1.start() >= m2.start() or s1 == s2 or op1 == op2 or not _negated(c1, c2):
                continue
            for m, other in ((m2, s1), (m1, s2)):  # each side made to test the other's value
                new = code[:m.start(1)] + other + code[m.end(1):]
                out.append(one_line(f"line {line0 + 1}: the clip's other side tests `{other}` too", line0,
                                    new + text[len(code):]))
    return out


@operator("self_count", "compare", 2, "a count of the elements at or above a row's own value less one (itself) "
          "where ties must not count: tl.sum(x >= t) - 1 -> tl.sum(x > t)", scopes=("kernel",))
def _self_count(src: Src, line0: int) -> list:
    text = src.lines[line0]
    out = []
    for n in src.expressions_by_line.get(line0, []):
        if not (isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and isinstance(n.right, ast.Constant)
                and n.right.value == 1 and isinstance(n.left, ast.Call) and ast.unparse(n.left.func) == "tl.sum"):
            continue
        cmps = [c for c in ast.walk(n.left) if isinstance(c, ast.Compare) and len(c.ops) == 1
                and isinstance(c.ops[0], (ast.GtE, ast.LtE)) and c.lineno == c.end_lineno]
        if len(cmps) != 1:
            continue
        c = cmps[0]
        left, right = c.left, c.comparators[0]
        op = ">" if isinstance(c.ops[0], ast.GtE) else "<"
        strict = f"{text[left.col_offset:left.end_col_offset]} {op} {text[right.col_offset:right.end_col_offset]}"
        total = text[n.left.col_offset:c.col_offset] + strict + text[c.end_col_offset:n.left.end_col_offset]
        out.append(one_line(f"line {line0 + 1}: ties not counted: a strict count, without the `- 1`", line0,
                            text[:n.col_offset] + total + text[n.end_col_offset:]))
    return out


@operator("tie_midpoint", "compare", 2, "a two-valued order test with no case for equal operands, where ties "
          "take the midpoint: tl.where(a > b, 1.0, 0.0) -> tl.where(a > b, 1.0, tl.where(a == b, 0.5, 0.0)) (half "
          "credit for a tied pair; a sign's 0)", scopes=("kernel",))
def _tie_midpoint(src: Src, line0: int) -> list:
    out = []
    for w in src.expressions_by_line.get(line0, []):
        if not (isinstance(w, ast.Call) and ast.unparse(w.func) == "tl.where" and len(w.args) == 3
                and w.lineno == w.end_lineno):
            continue
        test, hi, lo = w.args
        a, b = _number(hi), _number(lo)
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1
                and isinstance(test.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) and a is not None and b is not None
                and a != b and math.isfinite(a + b)):
            continue
        left, right = ast.unparse(test.left), ast.unparse(test.comparators[0])
        mid = (a + b) / 2
        inner = f"tl.where({left} == {right}, {mid!r}, {ast.unparse(lo)})"
        new = f"tl.where({ast.unparse(test)}, {ast.unparse(hi)}, {inner})"
        e = _replace(src, [(w, new)], f"equal operands take the midpoint {mid!r}")
        if e:
            out.append(e)
    return out


@operator("window_range", "compare", 2, "a window's loop one short or one long: range(-R, R) -> range(-R, R + 1) "
          "(a symmetric stencil), range(1, S) -> range(0, S) (a loop that skips its first item)")
def _window_range(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = next((f for f in ast.walk(k.node) if isinstance(f, ast.For) and f.lineno - 1 == line0), None) if k else None
    if not (isinstance(stmt, ast.For) and isinstance(stmt.iter, ast.Call) and ast.unparse(stmt.iter.func) == "range"
            and len(stmt.iter.args) == 2):
        return []
    lo, hi = stmt.iter.args
    lo_t, hi_t = ast.unparse(lo), ast.unparse(hi)
    out = []
    if isinstance(lo, ast.UnaryOp) and isinstance(lo.op, ast.USub) and ast.unparse(lo.operand) == hi_t:
        e = _replace(src, [(hi, f"{hi_t} + 1")], f"`range({lo_t}, {hi_t})` -> `range({lo_t}, {hi_t} + 1)`: the whole window")
        if e:
            out.append(e)
    if isinstance(lo, ast.Constant) and lo.value == 1:
        e = _replace(src, [(lo, "0")], f"`range(1, {hi_t})` -> `range(0, {hi_t})`: the first item too")
        if e:
            out.append(e)
    return out
