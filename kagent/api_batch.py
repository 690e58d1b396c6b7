"""`kagent.batch(...)`: many repairs under one shared token budget, pydantic in, BatchSummary out.

Layer 6. kagent.api re-exports `batch` (beside `verify` and `repair`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from kagent.batch_plan import BatchOptions, BatchSummary, KernelResult, KernelSpec
from kagent.config import VerifyConfig
from kagent.errors import InputError

__all__ = ["batch", "batch_options", "BatchOptions", "BatchSummary", "KernelResult", "KernelSpec"]


def batch_options(
    *,
    token_budget: int,
    verify: dict[str, Any] | VerifyConfig | None = None,
    model: str | None = None,
    **fields: Any,
) -> BatchOptions:
    """BatchOptions from keyword arguments (None means the default); raises InputError."""
    from kagent.repair_api import resolve_model

    given = {k: v for k, v in fields.items() if v is not None}
    if isinstance(verify, VerifyConfig):
        given["verify"] = verify
    elif verify:
        given["verify"] = {**VerifyConfig().model_dump(), **verify}
    try:
        return BatchOptions.model_validate({"token_budget": token_budget, "model": resolve_model(model), **given})
    except ValidationError as exc:
        lines = str(exc).splitlines()
        raise InputError(f"{lines[1] if len(lines) > 1 else lines[0]}: {lines[-1].strip()}") from exc


def batch(
    inputs: str | Path | list[str | Path] | list[KernelSpec],
    *,
    token_budget: int,
    out: str | Path | None = None,
    options: BatchOptions | None = None,
    reference_dir: str | Path | None = None,
    on_event: Callable[[str, dict[str, Any]], None] | None = None,
    **fields: Any,
) -> BatchSummary:
    """Repair every kernel in `inputs` (directories, globs, JSONL manifests, or KernelSpec objects)
    under one shared `token_budget`; resumable: call again with the same arguments to continue.

    `fields` set BatchOptions (jobs=2, executor="ray", model="offline", verify={"seeds": 1}, ...).
    """
    from kagent.batch import run_batch

    opts = options.model_copy(update={"token_budget": token_budget}) if options else batch_options(
        token_budget=token_budget, **fields)
    items = inputs if isinstance(inputs, list) else [inputs]
    if items and all(isinstance(i, KernelSpec) for i in items):
        target = Path(out) if out else Path("runs")
        target.mkdir(parents=True, exist_ok=True)
        manifest = target / "inputs.jsonl"
        manifest.write_text("".join(i.model_dump_json() + "\n" for i in items))  # type: ignore[union-attr]
        paths = [str(manifest)]
    elif any(isinstance(i, KernelSpec) for i in items):
        raise InputError("give either paths or KernelSpec objects, not both")
    else:
        paths = [str(i) for i in items]
    return run_batch(paths, opts, out, reference_dir=reference_dir, on_event=on_event)
