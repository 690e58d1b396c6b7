"""Dispatch modes that do not import torch._dynamo.

torch wraps every TorchDispatchMode subclass's `__torch_dispatch__` in `torch._disable_dynamo`, whose
first call imports torch._dynamo: 1.4 s on a laptop-class CPU, ~5 s on the H200 image (docs/gpu.md,
session 27), paid inside the first case of every spawned worker (CUDA workers are not forked from a
warm server). kagent's workers run with TORCHDYNAMO_DISABLE=1 and never compile their own modes, so
the wrapper buys nothing there. A candidate that uses torch.compile still imports torch._dynamo itself.

Layer 3 (verifiers/): no imports of kagent.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T", bound=type)


def without_dynamo(cls: T) -> T:
    """Class decorator: `cls.__torch_dispatch__` unwrapped from torch's dynamo-disabling wrapper
    (where this torch wraps it; otherwise unchanged)."""
    raw = cls.__dict__.get("__torch_dispatch__")
    inner = getattr(raw, "__wrapped__", None)
    if inner is not None and not isinstance(raw, classmethod):
        cls.__torch_dispatch__ = inner  # type: ignore[attr-defined]
    return cls
