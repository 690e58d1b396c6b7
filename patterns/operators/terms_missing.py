"""Operators for a term a line lost or got in the wrong form (text rewrites of one line):

- a floor written as a shift, or the other way: `s / (t + EPS)` for `s / tl.maximum(t, EPS)` (F.normalize's
  and the mmdet losses' clamp_min(eps)), and `tl.maximum(t, eps)` for `t + eps`;
- a one-pass variance missing the mean's square: `var = tl.sum(x * x) / n` for `... / n - mean * mean`;
- a max or min missing a term's analog: `tl.maximum(hi - lo, tl.abs(hi - pc))` for
  `tl.maximum(hi - lo, tl.maximum(tl.abs(hi - pc), tl.abs(lo - pc)))` (a true range's gap down), the
  analog being the term with one name exchanged for its partner (hi / lo, left / right, ...) that the
  same line reads;
- a count that ignores a partial last block: `cnt = V` -> `tl.minimum(N - start, V)` (`rows = start + r`,
  `r < V`, `rows < N`).

Layer 3 (patterns/): pure source manipulation; nothing runs the kernel.
"""

from __future__ import annotations

import ast
import re

from kagent.patterns.operators.base import Kernel, Src, arg_spans, call_span, code_part, nodes_of, one_line, operator

_EPS = r"(?:self\.)?\w*(?:eps|EPS|Eps)\w*"
_SHIFT = re.compile(rf"\+\s*({_EPS})\s*\)")
_CLAMP = re.compile(rf"\b(tl\.maximum|fmaxf|fmax|max)\(")


def _open_of(code: str, close: int) -> int | None:
    """Index of the `(` matching the `)` at `code[close]`."""
    depth = 0
    for i in range(close, -1, -1):
        if code[i] == ")":
            depth += 1
        elif code[i] == "(":
            depth -= 1
            if depth == 0:
                return i
    return None


def _split_args(inner: str) -> list[str] | None:
    """A call's arguments at the top level (None where brackets do not balance)."""
    spans, balanced = arg_spans(inner)
    return [inner[a:b].strip() for a, b in spans] if balanced else None


@operator("eps_floor", "eps", 1, "an eps added where it is a floor, or a floor where it is added: "
          "s / (t + eps) <-> s / tl.maximum(t, eps)", scopes=("kernel", "cuda"))
def _eps_floor(src: Src, line0: int) -> list:
    code = code_part(src.lines[line0])
    clamp = "fmaxf" if src.scope_of(line0) == "cuda" else "tl.maximum"
    out = []
    for m in _SHIFT.finditer(code):  # (t + eps) -> tl.maximum(t, eps): a bracket of its own, not a call's
        close = m.end() - 1
        start = _open_of(code, close)
        if start is None or (start > 0 and (code[start - 1].isalnum() or code[start - 1] in "_.]")):
            continue
        inner = code[start + 1:m.start()].strip()
        if not inner or _split_args(inner) is None:
            continue
        new = f"{code[:start]}{clamp}({inner}, {m.group(1)}){code[close + 1:]}"
        out.append(one_line(f"line {line0 + 1}: {m.group(1)} as a floor, not a shift", line0, new))
    for m in _CLAMP.finditer(code):  # tl.maximum(t, eps) -> (t + eps)
        end = call_span(code, m.end() - 1)
        args = _split_args(code[m.end():end - 1]) if end else None
        if not args or len(args) != 2 or not re.fullmatch(_EPS, args[1]):
            continue
        new = f"{code[:m.start()]}({args[0]} + {args[1]}){code[end:]}"
        out.append(one_line(f"line {line0 + 1}: {args[1]} added, not a floor", line0, new))
    return out


_TYPE = r"(?:(?:const\s+)?(?:float|double|auto|scalar_t|acc_t)\s+)?"  # a C declaration's type
_VAR = re.compile(rf"^(\s*{_TYPE})(\w*(?:var|VAR|Var)\w*)\s*=\s*(.+?)\s*(;?)\s*$")
_MEAN = re.compile(rf"^\s*{_TYPE}(\w*(?:mean|mu|MEAN)\w*)\s*=")
_FUNCTION_START = re.compile(r"^\s*(?:def |@triton\.jit|__global__|__device__|template\s*<)")


@operator("variance_mean_square", "operand", 2, "a one-pass variance missing the mean's square: "
          "var = E[x^2] -> E[x^2] - mean * mean", scopes=("kernel", "cuda"))
def _variance_mean_square(src: Src, line0: int) -> list:
    m = _VAR.match(code_part(src.lines[line0]))
    if m is None or ("sum" not in m.group(3) and "/" not in m.group(3)):
        return []
    lead, name, rhs, semi = m.groups()
    means: list[str] = []
    for j in range(line0 - 1, max(-1, line0 - 40), -1):  # the nearest means assigned above, in the same function
        mm = _MEAN.match(code_part(src.lines[j]))
        if mm and mm.group(1) not in means:
            means.append(mm.group(1))
        if _FUNCTION_START.match(src.lines[j]):
            break
    return [one_line(f"line {line0 + 1}: {name} less {mean} squared", line0, f"{lead}{name} = {rhs} - {mean} * {mean}{semi}")
            for mean in means[:3] if not re.search(rf"\b{mean}\s*\*\s*{mean}\b", rhs)]


_PARTNERS = {"hi": "lo", "high": "low", "left": "right", "top": "bottom", "up": "down", "upper": "lower",
             "start": "end", "first": "last", "prev": "next", "min": "max", "pos": "neg", "plus": "minus"}
_PARTNERS.update({v: k for k, v in list(_PARTNERS.items())})
_EXTREME = re.compile(r"\b(tl\.maximum|tl\.minimum|fmaxf|fminf|fmax|fmin)\(")


def _analog(term: str, line: str) -> list[str]:
    """`term` with one name exchanged for its partner, where the partner is a name the line reads and the
    term does not."""
    words = set(re.findall(r"\b\w+\b", line))
    mine = set(re.findall(r"\b\w+\b", term))
    out = []
    for w in sorted(mine):
        parts = w.split("_")
        for i, p in enumerate(parts):
            q = _PARTNERS.get(p)
            if q is None:
                continue
            other = "_".join(parts[:i] + [q] + parts[i + 1:])
            if other in words and other not in mine:
                out.append(re.sub(rf"\b{w}\b", other, term))
    return out


@operator("extreme_analog_term", "operand", 2, "a max / min missing a term's analog: max(a, |hi - c|) -> "
          "max(a, max(|hi - c|, |lo - c|))", scopes=("kernel", "cuda"))
def _extreme_analog_term(src: Src, line0: int) -> list:
    code = code_part(src.lines[line0])
    out = []
    for m in _EXTREME.finditer(code):
        end = call_span(code, m.end() - 1)
        args = _split_args(code[m.end():end - 1]) if end else None
        if not args or len(args) != 2:
            continue
        fn = m.group(1)
        for a in args:
            for b in _analog(a, code):
                if b in args:
                    continue
                new_args = [f"{fn}({a}, {b})" if x is a else x for x in args]
                new = f"{code[:m.start()]}{fn}({', '.join(new_args)}){code[end:]}"
                out.append(one_line(f"line {line0 + 1}: {fn} also over {b}", line0, new))
    return out[:6]


_SQUARE = re.compile(r"\b(\w+)\s*\*\s*(\w+)\b")


@operator("repeated_extent", "divisor", 1, "a product of one size twice where the function has another: "
          "1.0 / (n_frames * n_frames) -> 1.0 / (n_frames * n_points)", scopes=("kernel", "host"))
def _repeated_extent(src: Src, line0: int) -> list:
    from kagent.patterns.operators.exprs import size_names

    code = code_part(src.lines[line0])
    sizes = size_names(src, line0)
    out = []
    for m in _SQUARE.finditer(code):
        a, b = m.groups()
        if a != b or a not in sizes:
            continue
        for other in [s for s in sizes if s != a][:4]:
            for new_pair in (f"{a} * {other}", f"{other} * {a}"):
                new = code[:m.start()] + new_pair + code[m.end():]
                out.append(one_line(f"line {line0 + 1}: {a} * {a} -> {new_pair}", line0, new))
                break
    return out


_MONOTONE = re.compile(r"\b(tl\.sqrt|tl\.exp|tl\.log|tl\.abs|sqrtf|expf|logf|fabsf)\(")
_BOUND = re.compile(r"^(tl\.minimum|tl\.maximum|fminf|fmaxf)\(")


@operator("clamp_scope", "eps", 2, "a clamp applied on the other side of a function: "
          "sqrt(min(sq, C) + eps) -> min(sqrt(sq + eps), C), and back", scopes=("kernel", "cuda"))
def _clamp_scope(src: Src, line0: int) -> list:
    code = code_part(src.lines[line0])
    out = []
    for m in _MONOTONE.finditer(code):
        end = call_span(code, m.end() - 1)
        if end is None:
            continue
        inner = code[m.end():end - 1]
        b = _BOUND.match(inner.strip())
        if b:  # f(g(a, c) rest) -> g(f(a rest), c)
            lead = len(inner) - len(inner.lstrip())
            g_end = call_span(inner, lead + b.end() - 1)
            args = _split_args(inner[lead + b.end():g_end - 1]) if g_end else None
            if args and len(args) == 2:
                rest = inner[g_end:].rstrip()
                new = f"{code[:m.start()]}{b.group(1)}({m.group(1)}({args[0]}{rest}), {args[1]}){code[end:]}"
                out.append(one_line(f"line {line0 + 1}: {b.group(1)} outside {m.group(1)}", line0, new))
        # g(f(a), c) -> f(g(a, c)): the function's call is the first argument of a bound
        before = code[:m.start()]
        g = re.search(r"\b(tl\.minimum|tl\.maximum|fminf|fmaxf)\(\s*$", before)
        if g:
            g_end = call_span(code, g.end() - 1)
            args = _split_args(code[g.end():g_end - 1]) if g_end else None
            if args and len(args) == 2 and args[0] == code[m.start():end]:
                new = f"{code[:g.start()]}{m.group(1)}({g.group(1)}({inner}, {args[1]})){code[g_end:]}"
                out.append(one_line(f"line {line0 + 1}: {g.group(1)} inside {m.group(1)}", line0, new))
    return out


_TIE_KW = re.compile(r",\s*tie_break_left\s*=\s*(False|True|0|1)\b")
_EXTREME_INDEX = re.compile(r"\btl\.(argmax|argmin)\(")


@operator("argmax_tie_rule", "compare", 1, "an argmax / argmin taking the last of tied extremes where torch takes "
          "the first: tl.argmax(y, axis=0, tie_break_left=False) -> tl.argmax(y, axis=0)", scopes=("kernel",))
def _argmax_tie_rule(src: Src, line0: int) -> list:
    code = code_part(src.lines[line0])
    out = []
    for m in _TIE_KW.finditer(code):
        if m.group(1) in ("False", "0"):
            out.append(one_line(f"line {line0 + 1}: ties to the first index, as torch", line0,
                                code[:m.start()] + code[m.end():]))
    if not out and _TIE_KW.search(code) is None:
        for m in _EXTREME_INDEX.finditer(code):  # the other rule, for a reference that takes the last
            end = call_span(code, m.end() - 1)
            if end is not None:
                out.append(one_line(f"line {line0 + 1}: ties to the last index", line0,
                                    code[:end - 1] + ", tie_break_left=False" + code[end - 1:]))
    return out


def _tile_extents(src: Src, k: Kernel) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """A kernel's local offsets and their extents (`r < V`, `r = tl.arange(0, V_BLOCK)`: r -> V, the
    comparison first), and the offsets made from them (`rows = start + r`: r -> (rows, start))."""
    extent = src.bounds(k)
    shifted: dict[str, tuple[str, str]] = {}
    for n in nodes_of(k.node, ast.Assign):
        if len(n.targets) != 1 or not isinstance(n.targets[0], ast.Name):
            continue
        t, v = n.targets[0].id, n.value
        if (isinstance(v, ast.Call) and ast.unparse(v.func) == "tl.arange" and len(v.args) == 2
                and isinstance(v.args[1], ast.Name)):
            extent.setdefault(t, v.args[1].id)
        if isinstance(v, ast.BinOp) and isinstance(v.op, ast.Add) and isinstance(v.left, ast.Name) \
                and isinstance(v.right, ast.Name):
            shifted.setdefault(v.right.id, (t, v.left.id))
    return extent, shifted


@operator("partial_count", "divisor", 2, "a block's element count that ignores a partial last block: "
          "cnt = V -> tl.minimum(N - start, V), with rows = start + r, r < V and rows < N", scopes=("kernel",))
def _partial_count(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = src.statements_by_line.get(line0)
    if k is None or not isinstance(stmt, ast.Assign) or stmt.lineno != stmt.end_lineno:
        return []
    extent, shifted = _tile_extents(src, k)
    counts = [stmt.value] if isinstance(stmt.value, ast.Name) else \
        [n.right for n in ast.walk(stmt.value) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div)
         and isinstance(n.right, ast.Name)]
    code = code_part(src.lines[line0])
    out = []
    for x in counts:
        for r, size in extent.items():
            if size != x.id or r not in shifted:
                continue
            rows, start = shifted[r]
            total = extent.get(rows)
            if total is None or total == x.id:
                continue
            new = f"{code[:x.col_offset]}tl.minimum({total} - {start}, {x.id}){code[x.end_col_offset:]}"
            out.append(one_line(f"line {line0 + 1}: {x.id} -> the rows left in the last block", line0, new))
            break
    return out
