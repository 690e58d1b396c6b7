"""What every family of transforms shares: ProposedEdit (one concrete edit of a kernel source),
Transform (a named fix with its cost rank) and the generic transforms, whose sites say nothing about a bug.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field


class ProposedEdit(BaseModel):
    """One concrete edit of a kernel source. Pattern-independent: it names the transform."""

    model_config = ConfigDict(extra="forbid")

    transform: str
    description: str
    line: int = Field(description="1-based line of the (first) edited site")
    new_source: str
    cost: int = Field(description="the transform's cost rank: cheaper edits are tried first")


@dataclass(frozen=True)
class Transform:
    name: str
    cost: int
    summary: str
    propose: Callable[[str], list[ProposedEdit]]
    sites: Callable[[Any], list[Any]]  # the family's parsed source -> its sites (triton_source: _Src -> _Site)
    diagnostic: bool = True


# Transforms whose sites exist in most correct kernels too: their matching says nothing about a bug.
_GENERIC = {"block_next_pow2", "upcast_before_reduction", "contiguous_before_launch", "int64_offsets",
            "program_id_axis", "zeros_output", "loop_bound_off_by_one", "keepdim_shape"}
