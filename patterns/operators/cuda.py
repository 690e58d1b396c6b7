"""CUDA C operators (load_inline sources): thread-index axes, accumulator types, initial values,
ceil-division grids; and of the generic kind (generic.py) in C: exp arguments capped, rounding
before an integer cast, two arguments of a call exchanged. Comparisons, off-by-one bounds, sqrt/rsqrt and eps placement are shared with
Triton (compare.py, arith.py: their regexes also match C)."""

from __future__ import annotations

import itertools
import re

from kagent.patterns.operators.base import Src, call_span, code_part, one_line, operator, sub_each


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
    """(start, end) of each top-level comma-separated argument of `text` (the inside of a call)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append((start, i))
            start = i + 1
    out.append((start, len(text)))
    return out


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
