"""`kagent.batch(...)`: many repairs under one shared token budget, pydantic in, BatchSummary out.

Layer 6. kagent.api re-exports `batch` (beside `verify` and `repair`).
"""

from __future__ import annotations

import hashlib
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


def _write_manifest(specs: list[KernelSpec], out: str | Path | None) -> Path:
    """KernelSpec objects as a JSONL manifest of this batch's own: `<out>/inputs.jsonl`, or without
    `out` `runs/inputs/<hash of the specs>.jsonl` (so two batches never share one). Relative paths
    in the specs are taken from the current directory (a manifest's would be from its folder)."""
    from kagent.batch_plan import absolute_model

    cwd = Path.cwd()

    def absolute(spec: KernelSpec) -> KernelSpec:
        ref = Path(spec.reference) if spec.reference else None
        return spec.model_copy(update={
            "candidate": str(Path(spec.candidate).expanduser().resolve()),
            "reference": str(ref.expanduser().resolve()) if ref else None,
            "model": absolute_model(spec.model, cwd) if spec.model else None,
        })

    text = "".join(absolute(s).model_dump_json() + "\n" for s in specs)
    if out:
        manifest = Path(out) / "inputs.jsonl"
    else:
        manifest = Path("runs") / "inputs" / f"{hashlib.sha256(text.encode()).hexdigest()[:16]}.jsonl"
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(text)
    return manifest


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
        paths = [str(_write_manifest(items, out))]  # type: ignore[arg-type]
    elif any(isinstance(i, KernelSpec) for i in items):
        raise InputError("give either paths or KernelSpec objects, not both")
    else:
        paths = [str(i) for i in items]
    return run_batch(paths, opts, out, reference_dir=reference_dir, on_event=on_event)
