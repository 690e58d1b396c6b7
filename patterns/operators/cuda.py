"""CUDA C operators (load_inline sources): thread-index axes, accumulator types, initial values,
ceil-division grids; and of the generic kind (generic.py) in C: exp arguments capped, rounding
before an integer cast, two arguments of a call exchanged. Comparisons, off-by-one bounds, sqrt/rsqrt and eps placement are shared with
Triton (compare.py, arith.py: their regexes also match C)."""

from __future__ import annotations

import itertools
import re

from kagent.patterns.operators.base import Src, arg_spans, call_span, code_part, one_line, operator, sub_each
from kagent.patterns.operators.cgrammar import _SIBLINGS


def _c(src: Src, line0: int) -> str | None:
    return code_part(src.lines[line0]) if src.scope_of(line0) == "cuda" else None


@operator("cuda_index", "pid", 2, "CUDA thread index: x <-> y axes, a missing blockIdx * blockDim term", scopes=("cuda",))
def _index(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    out = []
    for new in sub_each(r"\b(blockIdx|threadIdx|blockDim|gridDim)\.([xy])\b",
                        lambda m: f"{m.group(1)}.{'y' if m.group(2) == 'x' else 'x'}", code):
        out.append(one_line(f"line {line0 + 1}: swap a thread-index axis", line0, new))
    m = re.search(r"=\s*threadIdx\.([xyz])\s*;", code)
    if m and "blockIdx" not in code:
        a = m.group(1)
        out.append(one_line(f"line {line0 + 1}: add blockIdx.{a} * blockDim.{a}", line0,
                            code[: m.start()] + f"= blockIdx.{a} * blockDim.{a} + threadIdx.{a};" + code[m.end():]))
    return out


@operator("cuda_acc_float", "dtype", 2, "accumulate in float, not half", scopes=("cuda",))
def _acc(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    return [one_line(f"line {line0 + 1}: half accumulator -> float", line0, new)
            for new in sub_each(r"\b(__half|half|at::Half|__nv_bfloat16)(\s+\w+\s*=)", r"float\2", code)]


@operator("cuda_init", "init", 2, "a reduction's initial value: 0, -INFINITY, INFINITY", scopes=("cuda",))
def _init(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    m = re.search(r"\b(float|double)\s+(\w+)\s*=\s*(-?INFINITY|-?FLT_MAX|0\.0f|0\.0|0|-?1e\d+f?)\s*;", code)
    if not m:
        return []
    out = []
    for v in ("0.0f", "-INFINITY", "INFINITY", "1.0f"):
        if v != m.group(3):
            out.append(one_line(f"line {line0 + 1}: {m.group(2)} starts at {v}", line0,
                                code[: m.start(3)] + v + code[m.end(3):]))
    return out


@operator("cuda_grid_ceil", "grid", 1, "ceil-divide the block count: (n + t - 1) / t", scopes=("cuda", "host"))
def _grid(src: Src, line0: int) -> list:
    code = code_part(src.lines[line0])
    if not re.search(r"blocks|grid|<<<|dim3", code, re.I):
        return []
    return [one_line(f"line {line0 + 1}: floor -> ceil division of the block count", line0, new)
            for new in sub_each(r"\b(\w+(?:\.\w+\(\))?)\s*/\s*(\w+)\b(?!\s*[-+])",
                                r"(\1 + \2 - 1) / \2", code, limit=3)]


_C_EXP = re.compile(r"\b(__expf|expf|exp)\(")


@operator("cuda_exp_cap", "stable", 3, "cap an exp argument so that it cannot overflow to inf", scopes=("cuda",))
def _exp_cap(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    out = []
    for m in _C_EXP.finditer(code):
        end = call_span(code, m.end() - 1)
        if end is None:
            continue
        arg = code[m.end(): end - 1]
        out.append(one_line(f"line {line0 + 1}: cap the argument of {m.group(1)} at 80", line0,
                            code[: m.end()] + f"fminf({arg}, 80.0f))" + code[end:]))
    return out


_C_INT_CAST = re.compile(r"(\((?:int|int8_t|int16_t|int32_t|int64_t|long|short|signed char|char)\)\s*|"
                         r"static_cast<(?:int|int8_t|int32_t|int64_t|long|signed char)>)\(")


@operator("cuda_round", "dtype", 3, "round a float before its cast to an integer (the cast truncates)", scopes=("cuda",))
def _round(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    out = []
    for m in _C_INT_CAST.finditer(code):
        end = call_span(code, m.end() - 1)
        if end is None:
            continue
        out.append(one_line(f"line {line0 + 1}: round before the integer cast", line0,
                            code[: m.end() - 1] + f"(rintf{code[m.end() - 1:end]})" + code[end:]))
    return out


_C_NOT_CALL = {"if", "for", "while", "switch", "return", "sizeof", "static_cast", "reinterpret_cast"}


def _split_args(text: str) -> list[tuple[int, int]]:
    """(start, end) of each top-level comma-separated argument of `text` (the inside of a call; a template's
    angle brackets nest)."""
    return arg_spans(text, "([{<", ")]}>")[0]


def _c_shape(arg: str) -> str:
    return re.sub(r"\b[A-Za-z_]\w*\b|\b\d[\w.]*", "X", arg)


@operator("cuda_arg_swap", "args", 4, "two arguments of a call exchanged: fminf(hi, x) -> fminf(x, hi)",
          scopes=("cuda",))
def _arg_swap(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    out = []
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", code):
        if m.group(1) in _C_NOT_CALL:
            continue
        end = call_span(code, m.end() - 1)
        if end is None:
            continue
        inner = code[m.end(): end - 1]
        spans = _split_args(inner)
        if not 2 <= len(spans) <= 8:
            continue
        for (a0, a1), (b0, b1) in itertools.combinations(spans, 2):
            a, b = inner[a0:a1].strip(), inner[b0:b1].strip()
            if not a or not b or a == b or (len(spans) > 3 and _c_shape(a) != _c_shape(b)):
                continue  # in a long list only like with like (`float lo, float hi`)
            new_inner = inner[:a0] + inner[a0:a1].replace(a, b) + inner[a1:b0] + inner[b0:b1].replace(b, a) + inner[b1:]
            out.append(one_line(f"line {line0 + 1}: exchange `{a}` and `{b}` in {m.group(1)}()", line0,
                                code[: m.end()] + new_inner + code[end - 1:]))
    return out[:8]


_C_STORE = re.compile(r"^(\s*)(\*\s*\w+|\w+\s*\[[^;]+?\])\s*(\+|-)?=(?!=)\s*(.+?);\s*$")


@operator("cuda_atomic", "atomic", 2, "a store or += to memory other threads also update: *out += v -> "
          "atomicAdd(out, v)", scopes=("cuda",))
def _c_atomic(src: Src, line0: int) -> list:
    code = _c(src, line0)
    m = _C_STORE.match(code or "")
    if m is None or "__shared__" in code or re.match(r"\s*(float|double|int|const|auto|half|__half)\b", code):
        return []
    target, op, value = m.group(2).replace(" ", ""), m.group(3), m.group(4)
    if not target.startswith("*") and re.match(r"s_|sh_|smem|shared|tile", target):
        return []  # shared memory: a block's own scratch
    addr = target[1:] if target.startswith("*") else f"&{target}"
    value = f"-({value})" if op == "-" else value
    return [one_line(f"line {line0 + 1}: `{target} {op or ''}= ...` -> atomicAdd", line0,
                     f"{m.group(1)}atomicAdd({addr}, {value});")]


@operator("cuda_abs", "operand", 3, "a max of magnitudes that lost its abs: fmaxf(m, x) -> fmaxf(m, fabsf(x))",
          scopes=("cuda",))
def _c_abs(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    out = []
    for m in re.finditer(r"\b(fmaxf|fmax|max)\(\s*(\w+)\s*,\s*", code):
        end = call_span(code, m.end(0) - len(m.group(0)) + len(m.group(1)))
        if end is None:
            continue
        arg = code[m.end(): end - 1].strip()
        if arg.startswith(("fabs", "abs")):
            continue
        out.append(one_line(f"line {line0 + 1}: |{arg}| in {m.group(1)}", line0,
                            code[: m.end()] + f"fabsf({arg})" + code[end - 1:]))
    return out


_C_INT_TYPE = r"(?:const\s+)?(?:int|long|int64_t|int32_t|unsigned|size_t)"  # `long long n`: its second `long`
_C_INT_DECL = re.compile(rf"\b{_C_INT_TYPE}\s+(\w+)\s*[=;,)]")


@operator("cuda_float_div", "divisor", 2, "an integer division where a float one was meant: 200 / 3 -> "
          "200.0f / 3.0f, n / k -> (float)n / k", scopes=("cuda",))
def _c_float_div(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None or re.search(r"\bfor\s*\(|\[[^\]]*/", code) or _C_INT_DECL.match(code.strip() + ";"):
        return []  # a loop header, an index or an integer's definition: integer division is meant there
    ints = set(_C_INT_DECL.findall("\n".join(src.lines)))
    out = [one_line(f"line {line0 + 1}: float division of integer literals", line0, new)
           for new in sub_each(r"(?<![\w.])(\d+)\s*/\s*(\d+)(?![\w.])", r"\1.0f / \2.0f", code, limit=2)]
    for m in re.finditer(r"\b(\w+)\s*/\s*(\w+)\b", code):
        if m.group(1) in ints and (m.group(2) in ints or m.group(2).isdigit()):
            out.append(one_line(f"line {line0 + 1}: `{m.group(0)}` in float", line0,
                                code[: m.start()] + f"(float){m.group(1)} / {m.group(2)}" + code[m.end():]))
    return out[:3]


@operator("cuda_bitmask", "operand", 1, "a shifted field kept whole: (p >> k) -> ((p >> k) & MASK) with a mask "
          "the source applies elsewhere", scopes=("cuda",))
def _c_bitmask(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None or ">>" not in code:
        return []
    masks = sorted(set(re.findall(r"&\s*(0x[0-9A-Fa-f]+)", "\n".join(src.lines))))
    out = []
    m = re.search(r"=\s*([^;=]*>>\s*\w+)\s*;", code)
    if m and "&" not in m.group(1):
        for mask in masks[:3]:
            out.append(one_line(f"line {line0 + 1}: mask the shifted field with {mask}", line0,
                                code[: m.start(1)] + f"({m.group(1).strip()}) & {mask}" + code[m.end(1):]))
    return out


_C_SIZES = (("H", "W"), ("M", "N"), ("rows", "cols"), ("height", "width"), ("n_rows", "n_cols"))


@operator("cuda_size_swap", "stride", 2, "an index scaled by the other extent: y * H -> y * W", scopes=("cuda",))
def _c_size_swap(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None or not re.search(r"\[|\+", code):
        return []
    out = []
    for a, b in _C_SIZES:
        for x, y in ((a, b), (b, a)):
            for new in sub_each(rf"(\*\s*){x}\b", rf"\g<1>{y}", code, limit=2):
                out.append(one_line(f"line {line0 + 1}: `* {x}` -> `* {y}`", line0, new))
    return out[:4]


_C_PTR_DECL = re.compile(r"\b(?:const\s+)?(?:float|double|half|__half|int|int64_t|long|scalar_t|uint8_t)\s*\*\s*"
                         r"(?:__restrict__\s+)?(\w+)\s*=\s*(\w+)\s*(\+\s*[^;]+)?;")


@operator("cuda_row_ptr", "stride", 3, "a row pointer left at the base: float* o = out; -> out + row * dim, the offset "
          "its sibling pointers take", scopes=("cuda",))
def _c_row_ptr(src: Src, line0: int) -> list:
    code = _c(src, line0)
    m = _C_PTR_DECL.search(code or "")
    if code is None or m is None or m.group(3):
        return []
    lo = hi = line0  # the sibling declarations of the same function: up to the braces around it
    while lo > 0 and not src.lines[lo - 1].lstrip().startswith("__global__") and src.scope_of(lo - 1) == "cuda":
        lo -= 1
    while hi + 1 < len(src.lines) and src.scope_of(hi + 1) == "cuda" and not src.lines[hi + 1].startswith("}"):
        hi += 1
    offsets = []
    for ln in range(lo, hi + 1):
        other = _C_PTR_DECL.search(code_part(src.lines[ln]))
        if ln != line0 and other and other.group(3) and other.group(3) not in offsets:
            offsets.append(other.group(3))
    return [one_line(f"line {line0 + 1}: `{m.group(2)}` -> `{m.group(2)} {off.strip()}`", line0,
                     code[: m.end(2)] + " " + off.strip() + code[m.end(2):]) for off in offsets[:3]]


_C_ROUNDING = ("rintf", "roundf", "truncf", "floorf", "ceilf")
_C_ROUNDING_D = ("rint", "round", "trunc", "floor", "ceil")


@operator("cuda_round_mode", "dtype", 2, "a rounding function for another: truncf(d / box) -> rintf(d / box)",
          scopes=("cuda",))
def _c_round_mode(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    out = []
    for names in (_C_ROUNDING, _C_ROUNDING_D):
        for m in re.finditer(rf"\b({'|'.join(names)})\s*\(", code):
            for other in names:
                if other != m.group(1):
                    out.append(one_line(f"line {line0 + 1}: {m.group(1)}() -> {other}()", line0,
                                        code[: m.start(1)] + other + code[m.end(1):]))
    return out[:8]


_C_ACCUM = re.compile(r"^(\s*)(\w+(?:\s*\[[^\]]+\])?)\s*\+=\s*(.+?);\s*$")
_C_MINMAX = {f: _SIBLINGS[f][0] for f in ("fminf", "fmaxf", "fmin", "fmax", "min", "max")}


@operator("cuda_abs_sum", "operand", 2, "a sum of deviations that lost its abs: dev += x - m -> dev += fabs(x - m)",
          scopes=("cuda",))
def _c_abs_sum(src: Src, line0: int) -> list:
    code = _c(src, line0)
    m = _C_ACCUM.match(code or "")
    if m is None or re.match(r"\s*(fabsf?|abs)\s*\(", m.group(3)):
        return []
    term = m.group(3)
    depth, minus = 0, False
    for i, c in enumerate(term):  # a difference at the top level: a deviation
        depth += c in "([" and 1 or 0
        depth -= c in ")]" and 1 or 0
        if c == "-" and depth == 0 and i > 0 and term[i - 1] not in "*/(eE":
            minus = True
    if not minus:
        return []
    return [one_line(f"line {line0 + 1}: accumulate |{term.strip()}|", line0,
                     f"{m.group(1)}{m.group(2)} += fabs({term.strip()});")]


@operator("cuda_minmax_all", "compare", 2, "every min of a line a max (and back): fmaxf(fmaxf(s, a), b) -> "
          "fminf(fminf(s, a), b)", scopes=("cuda",))
def _c_minmax_all(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    rx = re.compile(rf"\b({'|'.join(_C_MINMAX)})(?=\s*\()")
    found = rx.findall(code)
    if len(found) < 2 or len(set(found)) != 1:
        return []  # one call: cuda_arg_swap's and the rewrites' sibling call; mixed calls: a clamp
    return [one_line(f"line {line0 + 1}: every {found[0]}() -> {_C_MINMAX[found[0]]}()", line0,
                     rx.sub(lambda x: _C_MINMAX[x.group(1)], code))]


_C_ARRAY_DECL = re.compile(r"\b(?:__shared__\s+)?(?:float|double|int|int64_t|long|unsigned)\s+(\w+)\s*\[[^\]]+\]\s*;")


@operator("cuda_relax", "init", 2, "a running best overwritten, not relaxed: key[i] = w -> key[i] = fminf(key[i], w)",
          scopes=("cuda",))
def _c_relax(src: Src, line0: int) -> list:
    code = _c(src, line0)
    m = re.match(r"^(\s*)((\w+)\s*\[[^\]]+\])\s*=(?!=)\s*(.+?);\s*$", code or "")
    if m is None or m.group(3) in m.group(4):
        return []
    local = {a for ln in range(len(src.lines)) if src.scope_of(ln) == "cuda"
             for a in _C_ARRAY_DECL.findall(code_part(src.lines[ln]))}
    if m.group(3) not in local:
        return []  # a kernel's own array (a key or distance vector), not an output
    return [one_line(f"line {line0 + 1}: relax `{m.group(2)}` with {f}()", line0,
                     f"{m.group(1)}{m.group(2)} = {f}({m.group(2)}, {m.group(4).strip()});") for f in ("fminf", "fmaxf")]


_C_INT_PARAM = re.compile(rf"\b{_C_INT_TYPE}\s+(\w+)\s*(?=[,)])")
_C_INT_LOCAL = re.compile(rf"^\s*{_C_INT_TYPE}\s+(\w+)\s*=")


def _c_int_names(src: Src, line0: int) -> list[str]:
    """The integer parameters of the __global__ / __device__ function around line0, then its integer
    locals defined above line0 (none outside a function)."""
    for ln in range(line0, -1, -1):
        if src.scope_of(ln) != "cuda":
            return []
        if re.search(r"__global__|__device__", src.lines[ln]):
            text, body = "", ln
            for body in range(ln, min(len(src.lines), ln + 12)):
                text += " " + code_part(src.lines[body])
                if "{" in text:
                    break
            local = [m.group(1) for k in range(body + 1, line0)
                     if (m := _C_INT_LOCAL.match(code_part(src.lines[k])))]
            return list(dict.fromkeys(_C_INT_PARAM.findall(text) + local))
    return []


@operator("cuda_extent_swap", "stride", 2, "an index divided, taken modulo or scaled by the wrong extent: idx / n_atoms "
          "-> idx / n_out, row * p -> row * n (the kernel's integer parameters and locals)", scopes=("cuda",))
def _c_extent_swap(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None or not re.search(r"[/%*]", code):
        return []
    params = _c_int_names(src, line0)
    out = []
    for m in re.finditer(r"([/%*])\s*(\w+)\b(?!\s*\()", code):
        if m.group(2) not in params:
            continue
        for q in params:
            if q != m.group(2):
                out.append(one_line(f"line {line0 + 1}: `{m.group(0)}` -> `{m.group(1)} {q}`", line0,
                                    code[: m.start(2)] + q + code[m.end(2):]))
    return out[:6]


@operator("cuda_index_shift", "stride", 2, "an index one off: s = row0 + t - j - 1 -> row0 + t - j", scopes=("cuda",))
def _c_index_shift(src: Src, line0: int) -> list:
    code = _c(src, line0)
    m = re.match(rf"^\s*{_C_INT_TYPE}\s+\w+\s*=\s*(.+?);\s*$", code or "")
    if m is None:
        return []
    expr, out = m.group(1), []
    for t in re.finditer(r"\s*([-+])\s*1\b(?!\.)", expr):
        if t.start() == 0:
            continue
        out.append(one_line(f"line {line0 + 1}: drop `{t.group(0).strip()}` of the index", line0,
                            code[: m.start(1) + t.start()] + code[m.start(1) + t.end():]))
    if not out and re.search(r"[-+]", expr):
        for sign in ("+", "-"):
            out.append(one_line(f"line {line0 + 1}: the index {sign} 1", line0,
                                code[: m.end(1)] + f" {sign} 1" + code[m.end(1):]))
    return out


@operator("cuda_break_continue", "order", 1, "a loop left where it should go on, or gone on where it should stop: "
          "`continue;` <-> `break;`", scopes=("cuda",))
def _c_break_continue(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    swap = {"break": "continue", "continue": "break"}
    return [one_line(f"line {line0 + 1}: `{m.group(1)};` -> `{swap[m.group(1)]};`", line0,
                     code[: m.start(1)] + swap[m.group(1)] + code[m.end(1):])
            for m in re.finditer(r"\b(break|continue)\s*;", code)]


_C_COMPOUND = re.compile(r"^(\s*)(\w+)\s*([-+*/])=\s*(.+?);\s*$")


@operator("cuda_odd_sibling", "operand", 2, "one of a run of like statements with another operand: cx /= msum; "
          "cy /= n; cz /= msum -> cy /= msum", scopes=("cuda",))
def _c_odd_sibling(src: Src, line0: int) -> list:
    code = _c(src, line0)
    m = _C_COMPOUND.match(code or "")
    if m is None:
        return []
    lo = hi = line0  # the run of compound assignments with the same operator around line0
    while lo > 0 and src.scope_of(lo - 1) == "cuda" and (o := _C_COMPOUND.match(code_part(src.lines[lo - 1]))) \
            and o.group(3) == m.group(3):
        lo -= 1
    while hi + 1 < len(src.lines) and src.scope_of(hi + 1) == "cuda" \
            and (o := _C_COMPOUND.match(code_part(src.lines[hi + 1]))) and o.group(3) == m.group(3):
        hi += 1
    others = [_C_COMPOUND.match(code_part(src.lines[ln])).group(4).strip() for ln in range(lo, hi + 1) if ln != line0]
    if len(others) < 2 or len(set(others)) != 1 or others[0] == m.group(4).strip():
        return []  # the others must agree with each other and differ from this one
    return [one_line(f"line {line0 + 1}: `{m.group(4).strip()}` -> `{others[0]}`, as its siblings", line0,
                     f"{m.group(1)}{m.group(2)} {m.group(3)}= {others[0]};")]


@operator("cuda_pair_count", "divisor", 2, "a count of ordered pairs for unordered ones or the other way: "
          "n * n <-> n * (n - 1)", scopes=("cuda",))
def _c_pair_count(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    out = []
    for m in re.finditer(r"\b(\w+)\s*\*\s*\1\b(?!\s*[\[(])", code):
        floating = rf"\b(double|float)\s+{m.group(1)}\b"  # declared so here or above (an int count: `- 1`)
        one = "1.0" if re.search(floating, "\n".join(src.lines[: line0 + 1])) else "1"
        for new in (f"{m.group(1)} * ({m.group(1)} - {one})", f"{m.group(1)} * ({m.group(1)} + {one})"):
            out.append(one_line(f"line {line0 + 1}: `{m.group(0)}` -> `{new}`", line0, code[: m.start()] + new + code[m.end():]))
    for m in re.finditer(r"\b(\w+)\s*\*\s*\(\s*\1\s*([-+])\s*(1(?:\.0f?)?)\s*\)", code):
        out.append(one_line(f"line {line0 + 1}: `{m.group(0)}` -> `{m.group(1)} * {m.group(1)}`", line0,
                            code[: m.start()] + f"{m.group(1)} * {m.group(1)}" + code[m.end():]))
    return out


@operator("cuda_simple_return", "operand", 2, "a gross return where the simple one is meant: p[s] / p[s - 1] -> "
          "p[s] / p[s - 1] - 1.0f", scopes=("cuda",))
def _c_simple_return(src: Src, line0: int) -> list:
    code = _c(src, line0)
    m = re.search(r"=\s*((\w+)\[([^\]]+)\]\s*/\s*\2\[\3\s*-\s*1\])\s*;", code or "")
    if m is None:
        return []
    return [one_line(f"line {line0 + 1}: `{m.group(1)}` -> `{m.group(1)} - 1.0f`", line0,
                     code[: m.end(1)] + " - 1.0f" + code[m.end(1):])]


_C_CAST_DIV = re.compile(r"\((float|double)\)\s*\(\s*([\w.\[\]]+)\s*/\s*([\w.\[\]]+)\s*\)")


@operator("cuda_int_division", "divisor", 2, "a quotient of integers cast after C truncated it: (float)(n / k) -> "
          "(float)n / (float)k", scopes=("cuda",))
def _c_int_division(src: Src, line0: int) -> list:
    code = _c(src, line0)
    if code is None:
        return []
    return [one_line(f"line {line0 + 1}: `{m.group(0)}` -> `({m.group(1)}){m.group(2)} / ({m.group(1)}){m.group(3)}`",
                     line0, code[:m.start()] + f"({m.group(1)}){m.group(2)} / ({m.group(1)}){m.group(3)}" + code[m.end():])
            for m in _C_CAST_DIV.finditer(code)]
