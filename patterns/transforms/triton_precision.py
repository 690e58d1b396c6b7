"""Triton transforms for dtypes: float32 accumulators, float32 upcasts before reductions,
int64 offsets.
"""

from __future__ import annotations

import libcst as cst

from kagent.patterns.transforms.triton_source import (
    _Site,
    _Src,
    _call_name,
    _expr,
    _kwarg,
    _positional,
    _set_kwarg,
    _tl,
    _transform,
)


_LOW = {"tl.float16", "tl.bfloat16", "tl.float8e4nv", "tl.float8e5"}


@_transform("fp32_accumulator", 3, "accumulate in tl.float32, not fp16/bf16 (tl.zeros, tl.dot out_dtype)")
def _fp32_accumulator(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        for call in src.calls(kernel, "tl.zeros", "tl.full"):
            dtype = _kwarg(call, "dtype")
            pos = _positional(call)
            if dtype is not None and _tl(dtype.value) in _LOW:
                sites.append(_Site(call, lambda u: _set_kwarg(u, "dtype", _expr("tl.float32")),
                                   "accumulator dtype float32"))
            elif dtype is None and len(pos) >= (2 if _call_name(call) == "tl.zeros" else 3):
                last = pos[-1]
                if _tl(last.value) in _LOW:
                    sites.append(_Site(last, lambda u: u.with_changes(value=_expr("tl.float32")),
                                       "accumulator dtype float32"))
        for call in src.calls(kernel, "tl.dot"):
            out = _kwarg(call, "out_dtype")
            if out is not None and _tl(out.value) in _LOW:
                sites.append(_Site(call, lambda u: _set_kwarg(u, "out_dtype", _expr("tl.float32")),
                                   "tl.dot out_dtype float32"))
    return sites


_REDUCTIONS = ("tl.sum", "tl.max", "tl.min", "tl.cumsum", "tl.dot", "tl.reduce")


@_transform("upcast_before_reduction", 4, "cast loaded values to tl.float32 before arithmetic and reductions")
def _upcast_before_reduction(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        if not src.calls(kernel, *_REDUCTIONS):
            continue
        for call in src.calls(kernel, "tl.load"):
            par = src.parent.get(call)
            if isinstance(par, cst.Attribute) and par.attr.value == "to":
                continue
            if src.assigned_name(call) is None:
                continue
            sites.append(_Site(call, lambda u: _expr("{x}.to(tl.float32)", x=u),
                               "cast the loaded values to tl.float32"))
    return sites


@_transform("int64_offsets", 4, "compute offsets in int64: tl.program_id(...).to(tl.int64)")
def _int64_offsets(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for kernel in src.kernels.values():
        for call in src.calls(kernel, "tl.program_id"):
            par = src.parent.get(call)
            if isinstance(par, cst.Attribute) and par.attr.value == "to":
                continue
            sites.append(_Site(call, lambda u: _expr("{p}.to(tl.int64)", p=u),
                               "widen the program id to int64 before offset arithmetic"))
    return sites
