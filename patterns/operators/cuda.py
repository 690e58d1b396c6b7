"""CUDA C operators (load_inline sources): thread-index axes, accumulator types, initial values,
ceil-division grids. Comparisons, off-by-one bounds, sqrt/rsqrt and eps placement are shared with
Triton (compare.py, arith.py: their regexes also match C)."""

from __future__ import annotations

import re

from kagent.patterns.operators.base import Src, code_part, one_line, operator, sub_each


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
