"""Dtype operators: fp32 accumulators and casts in kernels; ModelNew's output dtype matching the input."""

from __future__ import annotations

import re

from kagent.patterns.operators.base import Src, call_span, code_part, one_line, operator, sub_each

_HALF = re.compile(r"\btl\.(float16|bfloat16)\b")


def _upcast_loads(text: str) -> str:
    out, i = [], 0
    for m in re.finditer(r"\btl\.load\(", text):
        if m.start() < i:
            continue
        end = call_span(text, m.end() - 1)
        if end is None:
            continue
        out.append(text[i:end])
        if not text[end:].startswith(".to("):
            out.append(".to(tl.float32)")
        i = end
    out.append(text[i:])
    return "".join(out)


@operator("acc_fp32", "dtype", 2, "keep an accumulator / cast in tl.float32, not fp16/bf16")
def _acc(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    return [one_line(f"line {line0 + 1}: half dtype -> tl.float32", line0, new + text[len(code):])
            for new in sub_each(_HALF, "tl.float32", code)]


@operator("upcast_load", "dtype", 3, "cast loaded values to tl.float32 before arithmetic")
def _upcast(src: Src, line0: int) -> list:
    text = src.lines[line0]
    new = _upcast_loads(text)
    return [one_line(f"line {line0 + 1}: loads cast to tl.float32", line0, new)] if new != text else []


@operator("kernel_fp32", "dtype", 3, "the whole kernel computes in fp32 (half dtypes and loads upcast)", global_=True)
def _kernel_fp32(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        a, b = k.first, k.last  # body lines: [a, b) 0-based
        body = src.lines[a:b]
        new = [_upcast_loads(_HALF.sub("tl.float32", ln)) for ln in body]
        if new != body:
            out.append((f"kernel {k.name}: fp32 throughout (accumulators, casts, loads)", a, b, new))
    return out


def _tensor_params(src: Src) -> list[str]:
    for f in src.host_functions:
        if f.name == "forward":
            return [a.arg for a in f.args.args[1:]]
    return []


_DTYPE_KW = re.compile(r"\bdtype\s*=\s*(torch\.\w+|\w+\.dtype)")


_OTHER_DTYPES = ("uint8", "int64", "int32", "bool", "float16", "bfloat16")


@operator("out_dtype", "out_dtype", 1, "allocate / return the output in the input's dtype", scopes=("host",))
def _out_dtype(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    params = _tensor_params(src)[:2]
    out = []
    if re.search(r"\btorch\.(empty|zeros|ones|full)(_like)?\(", code):
        for p in params:
            for new in sub_each(_DTYPE_KW, lambda m, p=p: None if m.group(1) == f"{p}.dtype" else f"dtype={p}.dtype", code):
                out.append(one_line(f"line {line0 + 1}: output dtype -> {p}.dtype", line0, new))
        # a result or an accumulator the reference keeps in fp32 while the inputs are half
        for new in sub_each(_DTYPE_KW, lambda m: None if m.group(1) == "torch.float32" else "dtype=torch.float32", code):
            out.append(one_line(f"line {line0 + 1}: allocated in torch.float32", line0, new))
        like = re.search(r"\btorch\.(empty|zeros|ones)_like\(", code)
        end = call_span(code, like.end() - 1) if like else None
        if end is not None and not _DTYPE_KW.search(code[like.start():end]):
            for dt in ("float32", *_OTHER_DTYPES):
                new = code[: end - 1] + f", dtype=torch.{dt}" + code[end - 1:]
                out.append(one_line(f"line {line0 + 1}: allocated in torch.{dt}", line0, new))
        # an output of another kind than the inputs (a uint8 image, int64 indices, a bool mask)
        for dt in _OTHER_DTYPES:
            for new in sub_each(_DTYPE_KW, lambda m, dt=dt: None if m.group(1) == f"torch.{dt}" else f"dtype=torch.{dt}", code):
                out.append(one_line(f"line {line0 + 1}: allocated in torch.{dt}", line0, new))
    m = re.match(r"^(\s*)return\s+(\w+)\s*$", code)
    if m and params and src.scope_of(line0) == "host":
        fn = next((f for f in src.host_functions if f.lineno - 1 < line0 <= (f.end_lineno or 0)), None)
        if fn is not None and fn.name == "forward":
            out.append(one_line(f"line {line0 + 1}: return in {params[0]}.dtype", line0,
                                f"{m.group(1)}return {m.group(2)}.to({params[0]}.dtype)"))
    for mm in re.finditer(r"\.to\((torch\.\w+)\)", code):
        for p in params:
            out.append(one_line(f"line {line0 + 1}: .to({mm.group(1)}) -> .to({p}.dtype)", line0,
                                code[: mm.start()] + f".to({p}.dtype)" + code[mm.end():]))
    return out


_DOT = re.compile(r"\btl\.dot\(")


@operator("dot_ieee", "dtype", 1, "float32 tl.dot in full precision: input_precision=\"ieee\" (a GPU's default is TF32, "
          "~1e-3 relative error; inputs that are not float32 ignore it)", global_=True)
def _dot_ieee(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        a, b = k.first, k.last
        body = list(src.lines[a:b])
        for i, text in enumerate(body):
            pieces, at = [], 0
            for m in _DOT.finditer(text):
                end = call_span(text, m.end() - 1)
                if end is None or m.start() < at:
                    continue
                if re.search(r"\b(input_precision|allow_tf32)\s*=", text[m.start():end]):
                    continue
                pieces.append(text[at:end - 1] + ', input_precision="ieee")')
                at = end
            body[i] = "".join(pieces) + text[at:]
        if body != list(src.lines[a:b]):
            out.append((f"kernel {k.name}: tl.dot in full float32 (input_precision=\"ieee\", not TF32)", a, b, body))
    return out
