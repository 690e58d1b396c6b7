"""NVIDIA targets: the default arch, the PTX ISA version each SM target needs, and mapping an arch to
its compute capability and to the `.target` Triton emits for it.
"""

from __future__ import annotations

import re

from kagent.log import get_logger

log = get_logger("tools.ptx")

DEFAULT_ARCH = "sm_90a"

# PTX ISA version that introduced each SM target (PTX ISA "Target ISA notes").
MIN_PTX_VERSION = {
    "sm_70": (6, 0), "sm_72": (6, 1), "sm_75": (6, 3), "sm_80": (7, 0), "sm_86": (7, 1), "sm_87": (7, 4),
    "sm_89": (7, 8), "sm_90": (7, 8), "sm_90a": (8, 0), "sm_100": (8, 6), "sm_100a": (8, 6),
    "sm_120": (8, 7), "sm_120a": (8, 7),
}


def arch_to_capability(arch: str) -> int:
    """'sm_90a' -> 90."""
    m = re.fullmatch(r"sm_(\d+)[a-z]?", arch)
    if not m:
        raise ValueError(f"not an NVIDIA arch: {arch!r} (expected e.g. sm_90a)")
    return int(m[1])


def triton_arch(arch: str) -> str:
    """The `.target` Triton emits for arch's compute capability: Triton (3.6, 3.7) compiles every
    capability >= 90 for its arch-specific variant (sm_90 -> sm_90a, sm_100 -> sm_100a), so lowering
    for plain sm_90 would give PTX whose target ptxas and the checks reject. Raises ValueError with
    one line for an arch that is not sm_<digits>[suffix], or whose suffix Triton cannot emit."""
    cap = arch_to_capability(arch)
    try:
        from triton.backends.nvidia.compiler import sm_arch_from_capability
    except ImportError:  # the rule of triton 3.6/3.7, for machines without triton's NVIDIA backend
        want = f"sm_{cap}{'a' if cap >= 90 else ''}"
    else:
        want = sm_arch_from_capability(cap)
    if arch not in (want, f"sm_{cap}"):
        alt = f" (or sm_{cap})" if want != f"sm_{cap}" else ""
        raise ValueError(f"--arch {arch}: Triton emits .target {want} for compute capability {cap}; "
                         f"use {want}{alt}")
    if arch != want:
        log.info("arch %s normalised to %s, the target Triton emits", arch, want)
    return want
