"""Mechanical fixes for kernels: a registry of named, source-preserving libcst transforms (all for
Triton kernels today).

Each transform's `propose(source)` returns one `ProposedEdit` per matching site (and, where a
bug usually spans several sites, one more edit that fixes all of them at once). A transform
never decides that its edit is right: the repair engine applies the edits cheapest-first and
keeps what the verifier accepts. Only the touched nodes change; comments and formatting of the
rest of the file survive (libcst round-trips source exactly).

Layer 3 (patterns/): imports nothing of kagent's but pydantic models.

Modules: base (ProposedEdit, Transform), registry (TRANSFORMS, propose_all, applicable),
triton_source (the Triton source model and the decorator that makes a transform), and the Triton
transforms by seam: triton_api, triton_masks, triton_precision, triton_math, triton_launch,
triton_indexing, triton_outputs. This package exports the names used elsewhere in kagent.
"""

from __future__ import annotations

from kagent.patterns.transforms.base import ProposedEdit
from kagent.patterns.transforms.registry import TRANSFORMS, applicable, propose_all

__all__ = ["TRANSFORMS", "ProposedEdit", "applicable", "propose_all"]
