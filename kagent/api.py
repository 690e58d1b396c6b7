"""The Python API: every command's operation, pydantic in, pydantic out. The CLI, the MCP server
and the LangChain tools are faces over this module.

Layer 6. Heavy modules (torch, langgraph, chromadb, litellm) are imported inside the functions
on purpose: `import kagent.api` stays cheap and `kagent verify` never loads the repair stack.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args

from pydantic import ValidationError

from kagent.batch.plan import BatchOptions, BatchSummary, KernelResult, KernelSpec, absolute_model
from kagent.config import DeviceChoice, VerifyConfig, validation_message
from kagent.errors import InputError, KagentError
from kagent.report import VerifyReport
from kagent.repair.run import repair, resolve_model
from kagent.repair.state import RepairSummary

__all__ = [
    "verify", "cache", "repair", "batch", "batch_options", "lower", "lowering_failures", "asm", "open_patterns", "pattern_yaml",
    "BatchOptions", "BatchSummary", "KernelResult", "KernelSpec", "RepairSummary", "VerifyReport",
]


def verify(
    candidate: str | Path,
    reference: str | Path | None = None,
    config: VerifyConfig | None = None,
    **overrides: Any,
) -> VerifyReport:
    """Verify a candidate kernel against its reference (KernelBench format).

    `overrides` set VerifyConfig fields (e.g. device="cpu", seeds=2). Raises kagent.errors.InputError
    for bad input and kagent.errors.ReferenceFailed when the reference itself fails.
    """
    from kagent.verifiers.verify import verify_paths

    cfg = config or VerifyConfig()
    if overrides:
        cfg = VerifyConfig.model_validate({**cfg.model_dump(), **overrides})
    return verify_paths(candidate, reference, cfg)


# -- the reference cache --------------------------------------------------------------------------
def cache(action: str = "show", *, everything: bool = False, limit_mb: int | None = None) -> Any:
    """kagent's reference cache (kagent.verifiers.casefiles.CacheInfo): "show" its size and entries,
    "prune" it to its limit (CacheConfig, env KAGENT_CACHE_LIMIT_MB, or `limit_mb`), or "clear" it
    (`everything`: kagent's Triton and extension caches too). Raises InputError for another action."""
    from kagent.config import CacheConfig, cache_dir
    from kagent.verifiers import casefiles

    limit = (CacheConfig.from_env().limit_mb if limit_mb is None else limit_mb) << 20
    root = cache_dir()
    if action == "show":
        return casefiles.info(root, limit)
    if action == "prune":
        cfg = CacheConfig.from_env()
        return casefiles.info(root, limit, removed=casefiles.prune(root / "reference", limit, in_use_s=cfg.in_use_s))
    if action == "clear":
        return casefiles.info(root, limit, removed=casefiles.clear(root, everything=everything))
    raise InputError(f"unknown cache action {action!r} (show, prune, clear)")


# -- batch ----------------------------------------------------------------------------------------
def batch_options(
    *,
    token_budget: int,
    verify: dict[str, Any] | VerifyConfig | None = None,
    model: str | None = None,
    **fields: Any,
) -> BatchOptions:
    """BatchOptions from keyword arguments (None means the default); raises InputError."""
    given = {k: v for k, v in fields.items() if v is not None}
    if isinstance(verify, VerifyConfig):
        given["verify"] = verify
    elif verify:
        given["verify"] = {**VerifyConfig().model_dump(), **verify}
    try:
        return BatchOptions.model_validate({"token_budget": token_budget, "model": resolve_model(model), **given})
    except ValidationError as exc:
        raise InputError(validation_message(exc)) from exc


def _write_manifest(specs: list[KernelSpec], out: str | Path | None) -> Path:
    """KernelSpec objects as a JSONL manifest of this batch's own: `<out>/inputs.jsonl`, or without
    `out` `runs/inputs/<hash of the specs>.jsonl` (so two batches never share one). Relative paths
    in the specs are taken from the current directory (a manifest's would be from its folder)."""
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
    from kagent.batch.run import run_batch

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


# -- lowering and assembly ------------------------------------------------------------------------
def lower(
    candidate: str | Path,
    reference: str | Path | None = None,
    *,
    arch: str = "sm_90a",
    out_dir: str | Path | None = None,
    model: str | None = None,
    rounds: int = 3,
    passes: bool = True,
    device: str = "auto",
    token_budget: int | None = None,
    verify_lowered: bool = True,
) -> Any:
    """Lower a Triton candidate to PTX (kagent.agents.lowering.LowerReport). On CUDA, with
    `verify_lowered`, the PTX-backed candidate is verified against the reference as well.
    Raises InputError for bad input, ToolchainError for a missing toolchain."""
    from kagent.agents.lowering import lower as run_lowering

    for path in (candidate, reference):
        if path is not None and not Path(path).is_file():
            raise InputError(f"no such file: {path}")
    if device not in get_args(DeviceChoice):
        raise InputError(f"device must be one of {', '.join(get_args(DeviceChoice))}, not {device!r}")
    try:
        report = run_lowering(Path(candidate), Path(reference) if reference else None, arch=arch,
                              out_dir=Path(out_dir) if out_dir else None, model=model, rounds=rounds,
                              passes=passes, device=device, token_budget=token_budget)  # type: ignore[arg-type]
    except ValueError as exc:
        raise InputError(str(exc)) from exc
    if verify_lowered and report.device == "cuda" and report.ptx_candidate and report.status == "ok":
        try:
            rep = verify(report.ptx_candidate, reference or candidate, device="cuda")
            report.verify = json.loads(rep.model_dump_json())
        except KagentError as exc:  # the verify could not judge the candidate: the lowering's proof failed
            report.verify = {"verdict": "error", "summary": f"{type(exc).__name__}: {exc}"}
        Path(report.out_dir, "report.json").write_text(report.model_dump_json(indent=1))
    return report


def lowering_failures(report: Any) -> list[str]:
    """Why a lowering report fails (empty: it passes)."""
    from kagent.agents.lowering import PASSING_EQUIVALENCE

    out = [] if report.status == "ok" else [f"lowering: {report.message}"]
    for k in report.kernels:
        if k.ptxas != "accepted":
            out.append(f"{k.kernel} ({k.key}): ptxas {k.ptxas}")
        if k.equivalence not in PASSING_EQUIVALENCE:
            out.append(f"{k.kernel} ({k.key}): equivalence {k.equivalence}")
    diff = report.differential
    if diff is not None and diff.status not in ("equivalent", "not_run"):
        out.append(f"differential test: {diff.status}: {diff.reason[:200]}")
    if report.verify is not None and report.verify.get("verdict") != "pass":
        out.append(f"kagent verify of the PTX-backed candidate: {report.verify.get('verdict')}: "
                   f"{str(report.verify.get('summary', ''))[:200]}")
    return out


def asm(code_object: str | Path, **options: Any) -> Any:
    """AMDGPU code object -> reassemblable assembly -> optional edit -> rebuilt object, ABI-checked
    (kagent.agents.asm.AsmReport). `options` are run_asm's (mcpu, edit, model, rewrite, kernel,
    goal, out_dir, timeout_s). Raises InputError for bad input, ToolchainError for a missing toolchain."""
    from kagent.agents.asm import run_asm

    if not Path(code_object).is_file():
        raise InputError(f"no such file: {code_object}")
    edit = options.get("edit")
    if edit is not None and not Path(edit).is_file():
        raise InputError(f"no such patch file: {edit}")
    return run_asm(Path(code_object), **options)


# -- patterns -------------------------------------------------------------------------------------
def open_patterns(store_dir: str | Path | None = None, *, chroma_url: str | None = None,
                  embedding: str = "hashed") -> Any:
    """The repair-pattern library (kagent.patterns.store.PatternStore): list, search, show, add."""
    from kagent.patterns.store import PatternStore

    return PatternStore.open(Path(store_dir) if store_dir else None, chroma_url=chroma_url, embedding=embedding)


def pattern_yaml(pattern: Any) -> str:
    """One pattern as the YAML file it would be saved as."""
    from kagent.patterns.schema import dump_pattern_yaml

    return dump_pattern_yaml(pattern)
