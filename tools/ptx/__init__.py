"""PTX toolchain: find ptxas, assemble PTX into a cubin, parse ptxas diagnostics and `-v` resource
usage, and parse the parts of a PTX module the structural checks and rewrite passes need.

Layer 2 (tools). Runs on a machine without a GPU: ptxas is the one Triton ships in its wheel
(triton/backends/nvidia/bin/ptxas), falling back to /usr/local/cuda/bin/ptxas or $KAGENT_PTXAS.
The Triton-specific part (capturing launches, AOT compile) lives in kagent.tools.triton_capture.

Modules: arch (NVIDIA targets), ptxas (the driver), parse (PTX parser), cubin (machine-code
comparison), candidate (the PTX-backed candidate file), passes (rewrite passes), common (base model).
This package exports the names used elsewhere in kagent.
"""

from __future__ import annotations

from kagent.tools.ptx.arch import DEFAULT_ARCH, MIN_PTX_VERSION, arch_to_capability, triton_arch
from kagent.tools.ptx.candidate import write_ptx_candidate
from kagent.tools.ptx.cubin import same_machine_code
from kagent.tools.ptx.parse import parse_ptx, register_uses, strip_comment
from kagent.tools.ptx.passes import copy_propagate_movs, strip_debug_info
from kagent.tools.ptx.ptxas import PtxasResult, assemble, parse_ptxas_output, run_with_timeout

__all__ = [
    "DEFAULT_ARCH",
    "MIN_PTX_VERSION",
    "PtxasResult",
    "arch_to_capability",
    "assemble",
    "copy_propagate_movs",
    "parse_ptx",
    "parse_ptxas_output",
    "register_uses",
    "run_with_timeout",
    "same_machine_code",
    "strip_comment",
    "strip_debug_info",
    "triton_arch",
    "write_ptx_candidate",
]
