"""The Python API: the same operations as the CLI, pydantic in, pydantic out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kagent.config import VerifyConfig
from kagent.state import VerifyReport


def verify(
    candidate: str | Path,
    reference: str | Path | None = None,
    config: VerifyConfig | None = None,
    **overrides: Any,
) -> VerifyReport:
    """Verify a candidate kernel against its reference (KernelBench format).

    `overrides` set VerifyConfig fields (e.g. device="cpu", seeds=2). Raises kagent.errors.InputError
    for bad input and kagent.errors.ReferenceError_ when the reference itself fails.
    """
    from kagent.tools.problem import inspect_sources
    from kagent.verifiers.verify import verify_files

    cfg = (config or VerifyConfig()).model_copy(update=overrides) if overrides else (config or VerifyConfig())
    VerifyConfig.model_validate(cfg.model_dump())
    files = inspect_sources(candidate, reference)
    return verify_files(files, cfg)


def repair(candidate: str | Path | None = None, reference: str | Path | None = None, **kwargs: Any):
    """Repair a near-miss kernel (see kagent.repair_api.repair); returns a RepairSummary."""
    from kagent.repair_api import repair as _repair

    return _repair(candidate, reference, **kwargs)


def batch(*args: Any, **kwargs: Any):
    """Repair many kernels under one shared token budget (see kagent.api_batch.batch)."""
    from kagent.api_batch import batch as _batch

    return _batch(*args, **kwargs)
