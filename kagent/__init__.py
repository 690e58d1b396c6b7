"""kagent: repair and lowering of near-miss GPU kernels, verified against their reference.

The public Python API is imported lazily so that `import kagent` stays cheap (no torch, no
litellm, no chromadb until an operation needs it).
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["verify", "repair", "batch", "__version__"]


def __getattr__(name: str) -> Any:
    if name in ("verify", "repair", "batch"):
        from kagent import api

        return getattr(api, name)
    raise AttributeError(f"module 'kagent' has no attribute {name!r}")
