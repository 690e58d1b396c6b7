"""kagent: repair and lowering of near-miss GPU kernels, verified against their reference.

The public Python API is imported lazily so that `import kagent` stays cheap (no torch, no
litellm, no chromadb until an operation needs it).
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"


def _checkout_subpackages() -> None:
    """Imported from a checkout's root without an install (`python -m kagent` there, with an installed
    copy on PYTHONPATH shadowed by the checkout's `kagent/`): kagent.agents, .tools, .verifiers,
    .patterns and .prompts are the repository's top-level folders (pyproject's package-dir), so the
    root joins the package's path. An installed kagent has no pyproject.toml beside it."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    if (root / "pyproject.toml").is_file() and (root / "verifiers" / "__init__.py").is_file():
        if str(root) not in __path__:
            __path__.append(str(root))


_checkout_subpackages()
__all__ = ["verify", "repair", "batch", "__version__"]


def __getattr__(name: str) -> Any:
    if name in ("verify", "repair", "batch"):
        from kagent import api

        return getattr(api, name)
    raise AttributeError(f"module 'kagent' has no attribute {name!r}")
