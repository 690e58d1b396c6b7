"""TRANSFORMS (every transform by name, in the order edits of equal cost and line are tried), and
propose_all / applicable, which run them on a source.
"""

from __future__ import annotations

from typing import Callable, Iterable

import libcst as cst

from kagent.patterns.transforms.base import ProposedEdit, Transform
from kagent.patterns.transforms.triton_api import _rename_invented_api
from kagent.patterns.transforms.triton_indexing import (
    _loop_bound,
    _row_offset,
    _stride_not_shape,
    _swap_stride_args,
)
from kagent.patterns.transforms.triton_launch import (
    _axis_beyond_grid,
    _block_next_pow2,
    _contiguous_before_launch,
    _grid_cdiv,
    _launch_args,
    _program_id_axis,
)
from kagent.patterns.transforms.triton_masks import (
    _add_missing_mask,
    _mask_padded_lanes,
    _mean_true_count,
    _other_neg_inf,
    _strict_mask_bound,
)
from kagent.patterns.transforms.triton_math import (
    _biased_variance,
    _eps_inside_sqrt,
    _exp2_log2e,
    _gelu_half,
    _sigmoid_sign,
    _softmax_subtract_max,
)
from kagent.patterns.transforms.triton_outputs import (
    _allocate_output,
    _keepdim_shape,
    _zeros_output,
)
from kagent.patterns.transforms.triton_precision import (
    _fp32_accumulator,
    _int64_offsets,
    _upcast_before_reduction,
)
from kagent.patterns.transforms.triton_source import _Src


# Cost: 1 renames ... 9 last resorts. Edits of equal cost and line are tried in this order.
TRANSFORMS: dict[str, Transform] = {
    t.name: t
    for t in [
        _rename_invented_api,
        _strict_mask_bound,
        _add_missing_mask,
        _other_neg_inf,
        _fp32_accumulator,
        _upcast_before_reduction,
        _grid_cdiv,
        _block_next_pow2,
        _mean_true_count,
        _mask_padded_lanes,
        _stride_not_shape,
        _contiguous_before_launch,
        _int64_offsets,
        _softmax_subtract_max,
        _gelu_half,
        _program_id_axis,
        _allocate_output,
        _loop_bound,
        _zeros_output,
        _exp2_log2e,
        _swap_stride_args,
        _eps_inside_sqrt,
        _biased_variance,
        _sigmoid_sign,
        _row_offset,
        _launch_args,
        _keepdim_shape,
    ]
}


# Generic transforms that still diagnose a bug in particular situations.
_DETECTORS: dict[str, Callable[[_Src], bool]] = {"program_id_axis": _axis_beyond_grid}


def propose_all(source: str, names: Iterable[str] | None = None) -> list[ProposedEdit]:
    """Every edit of the named transforms (all of them by default), cheapest first."""
    chosen = list(TRANSFORMS) if names is None else list(names)
    unknown = [n for n in chosen if n not in TRANSFORMS]
    if unknown:
        raise KeyError(f"unknown transforms: {unknown}; known: {sorted(TRANSFORMS)}")
    edits = [e for n in chosen for e in TRANSFORMS[n].propose(source)]
    return sorted(edits, key=lambda e: (e.cost, e.line))


def applicable(source: str, names: Iterable[str] | None = None, diagnostic_only: bool = True) -> list[str]:
    """Names of the transforms that find at least one site in `source` (one parse for all).

    With `diagnostic_only`, transforms whose sites also occur in most correct kernels are left
    out: a site of a diagnostic transform (an unmasked load, a `<=` mask, a `//` grid, an invented
    API, ...) is itself evidence of the bug the transform fixes.
    """
    try:
        src = _Src(source)
    except cst.ParserSyntaxError:
        return []
    out = []
    for name in (list(TRANSFORMS) if names is None else names):
        t = TRANSFORMS[name]
        if diagnostic_only and not t.diagnostic:
            if name in _DETECTORS and _DETECTORS[name](src):
                out.append(name)
            continue
        if t.sites(src):
            out.append(name)
    return out
