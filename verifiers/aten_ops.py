"""The ATen operator vocabulary shared by the provenance trap (traps.py) and the torch epilogue
policy (epilogue.py): the operators a candidate's torch code may always run, and what an operator's
schema says about aliasing and writes.

Layer 3 (verifiers/): no imports of kagent.
"""

from __future__ import annotations

from typing import Any

# What torch may do for a candidate: allocate, view, copy, cast, fill. Anything else executed in
# the forward (and not nested inside one of these) computed something.
ALLOWED_OPS: frozenset[str] = frozenset(f"aten::{n}" for n in (
    "empty empty_like empty_strided new_empty new_empty_strided zeros zeros_like ones ones_like full full_like "
    "new_zeros new_ones new_full arange scalar_tensor lift lift_fresh lift_fresh_copy "
    "view view_as reshape _reshape_alias _unsafe_view as_strided transpose t permute expand expand_as squeeze "
    "unsqueeze flatten unflatten movedim swapaxes contiguous clone copy_ to _to_copy type_as detach detach_ "
    "alias slice select narrow split split_with_sizes chunk unbind fill_ zero_ resize_ set_ "
    "resolve_conj resolve_neg cat stack random_ normal_ uniform_ record_stream _has_compatible_shallow_copy_type "
    "_local_scalar_dense item is_nonzero _version "
    # views the trace records by their composite name (`G.T` is aten::numpy_T, its permute nested inside)
    "numpy_T mT mH matrix_H adjoint swapdims transpose_ t_ squeeze_ unsqueeze_ as_strided_ ravel diagonal unfold "
    "view_as_real view_as_complex"
).split())


def is_view(func: Any) -> bool:
    rets = func._schema.returns
    return bool(rets) and all(r.alias_info is not None and not r.alias_info.is_write for r in rets)


def mutates(func: Any) -> bool:
    return any(a.alias_info is not None and a.alias_info.is_write for a in func._schema.arguments)
