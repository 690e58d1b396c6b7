"""`kagent batch`: its models and its plan — which kernels, with which options.

Layer 6 (beside kagent/batch.py). INPUTS is a directory, a glob, or a JSONL manifest:

    {"candidate": "k/softmax_nearmiss.py", "reference": "k/softmax.py", "priority": 2,
     "max_attempts": 5, "timeout_s": 600, "verify": {"seeds": 1}, "repair": {"stall_k": 2}}

Relative paths in a manifest are relative to the manifest's folder. In a directory or glob, every
`.py` file that defines `class ModelNew` is a candidate; its reference is the file itself when it
also defines `class Model`, else the problem file with the longest matching stem prefix in
--reference-dir (default: a `problems/` folder beside the candidates or one level up), e.g.
nearmiss/softmax_missing_mask.py -> problems/softmax.py.
"""

from __future__ import annotations

import glob as _glob
import hashlib
import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kagent.config import VerifyConfig
from kagent.errors import InputError
from kagent.repair_state import FinalStatus, GuardName, RepairConfig

Executor = Literal["local", "ray"]
KernelState = Literal["pending", "running", "done"]

_MODEL_NEW = re.compile(r"^class\s+ModelNew\b", re.M)
_MODEL = re.compile(r"^class\s+Model\b", re.M)


class KernelSpec(BaseModel):
    """One kernel of a batch: a line of a JSONL manifest (per-kernel options override the batch's)."""

    model_config = ConfigDict(extra="forbid")

    candidate: str
    reference: str | None = None
    id: str | None = Field(None, description="stable name in the batch (default: from the candidate's path)")
    model: str | None = Field(None, description="this kernel's model (default: the batch's --model)")
    priority: int = Field(0, description="higher starts first")
    max_attempts: int | None = Field(None, ge=0)
    timeout_s: float | None = Field(None, gt=0, description="wall-time limit of this kernel's repair")
    token_cap: int | None = Field(None, ge=0, description="the most this kernel may draw from the shared budget")
    verify: dict[str, Any] = Field(default_factory=dict, description="VerifyConfig overrides")
    repair: dict[str, Any] = Field(default_factory=dict, description="RepairConfig overrides")


class BatchOptions(BaseModel):
    """Batch-wide settings; each default lives here once (the CLI and kagent.batch override it)."""

    model_config = ConfigDict(extra="forbid")

    token_budget: int = Field(ge=0, description="shared by the whole batch; never exceeded")
    cost_budget_usd: float | None = Field(None, ge=0, description="shared dollar budget (checked before each call)")
    jobs: int = Field(1, ge=1, description="kernels repaired at once")
    executor: Executor = "local"
    ray_address: str | None = Field(None, description="Ray cluster address; None starts a local one")
    model: str = "offline"
    max_attempts: int | None = Field(None, ge=0)
    kernel_timeout_s: float = Field(1800.0, gt=0, description="wall-time limit of one kernel's repair")
    kill_grace_s: float = Field(60.0, ge=0, description="after the limit, how long before its worker is killed")
    device: Literal["auto", "cpu", "cuda"] = "auto"
    gpus: list[str] | None = Field(None, description="GPU ids to spread workers over (None: detect)")
    verify: VerifyConfig = Field(default_factory=VerifyConfig)
    repair: RepairConfig = Field(default_factory=RepairConfig)
    runner: str = Field("kagent.batch_worker:run_job", description="module:function that repairs one kernel")
    patterns_dir: str | None = Field(None, description="pattern store directory (default: kagent's)")


class PlannedKernel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    index: int
    candidate: str
    reference: str | None
    spec: KernelSpec


class Plan(BaseModel):
    """batch.json: what the batch is. A rerun with the same inputs and budget resumes it."""

    model_config = ConfigDict(extra="forbid")

    fingerprint: str
    inputs: list[str]
    options: BatchOptions
    kernels: list[PlannedKernel]


class KernelResult(BaseModel):
    """How one kernel ended (kernels/<id>/result.json; a row of the summary)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    input: str
    reference: str | None = None
    status: FinalStatus
    reason: str
    tokens: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    attempts: int = 0
    repaired_path: str | None = None
    run_dir: str | None = None
    failure_class: str | None = Field(None, description="the original candidate's verdict class (pass/cheat/...)")
    triage: str = "unknown"
    guard: GuardName | None = None
    granted: int = Field(0, description="tokens drawn from the shared budget (before unspent was returned)")
    seconds: float = 0.0
    starts: int = Field(1, description="how many times a worker started on it (>1 after a resume)")
    worker: str = ""


class PolicyReport(BaseModel):
    """The allocation policy, stated (and its numbers at the end of the batch)."""

    model_config = ConfigDict(extra="forbid")

    name: str = "fair-share-on-demand"
    rules: list[str]
    first_grants: list[int] = Field(default_factory=list)
    top_ups: int = 0
    refusals: int = 0
    returned_tokens: int = 0


class BatchSummary(BaseModel):
    """What `kagent batch --json` prints (and summary.json holds)."""

    model_config = ConfigDict(extra="forbid")

    batch_dir: str
    complete: bool
    token_budget: int
    tokens_spent: int
    tokens_reserved: int = Field(0, description="held by calls in flight (0 once the batch is done)")
    cost_budget_usd: float | None = None
    cost_spent: float = 0.0
    cost_known: bool = True
    llm_calls: int = 0
    executor: Executor
    jobs: int
    model: str
    seconds: float
    counts: dict[str, int]
    policy: PolicyReport
    kernels: list[KernelResult]


# -- discovery ------------------------------------------------------------------------------------
def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.") or "k"


def _is_candidate(path: Path) -> bool:
    try:
        return bool(_MODEL_NEW.search(path.read_text(errors="replace")))
    except OSError:
        return False


def _has_model(path: Path) -> bool:
    return bool(_MODEL.search(path.read_text(errors="replace")))


def _find_reference(cand: Path, reference_dirs: list[Path]) -> str | None:
    if _has_model(cand):
        return None
    stem = cand.stem
    for d in reference_dirs:
        if not d.is_dir():
            continue
        best: Path | None = None
        for p in sorted(d.glob("*.py")):
            s = p.stem
            if (stem == s or stem.startswith(s + "_")) and (best is None or len(s) > len(best.stem)):
                best = p
        if best is not None:
            return str(best.resolve())
    return None


def _specs_from_files(files: list[Path], reference_dir: Path | None) -> list[KernelSpec]:
    specs = []
    for f in files:
        dirs = [reference_dir] if reference_dir else [f.parent / "problems", f.parent.parent / "problems"]
        specs.append(KernelSpec(candidate=str(f.resolve()), reference=_find_reference(f, dirs)))
    return specs


def _specs_from_manifest(path: Path) -> list[KernelSpec]:
    specs = []
    base = path.parent
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            spec = KernelSpec.model_validate(json.loads(line))
        except (json.JSONDecodeError, ValidationError) as exc:
            raise InputError(f"{path}:{n}: not a kernel spec: {str(exc).splitlines()[0]}") from exc
        cand = Path(spec.candidate)
        ref = Path(spec.reference) if spec.reference else None
        spec = spec.model_copy(update={
            "candidate": str((cand if cand.is_absolute() else base / cand).resolve()),
            "reference": str((ref if ref.is_absolute() else base / ref).resolve()) if ref else None,
        })
        specs.append(spec)
    return specs


def discover(inputs: list[str], reference_dir: str | Path | None = None) -> list[KernelSpec]:
    """The kernel specs named by INPUTS (directories, globs, JSONL manifests, single .py files)."""
    ref_dir = Path(reference_dir).resolve() if reference_dir else None
    specs: list[KernelSpec] = []
    for item in inputs:
        p = Path(item)
        if p.is_dir():
            files = [f for f in sorted(p.glob("*.py")) if _is_candidate(f)]
            if not files:
                raise InputError(f"{item}: no candidate (.py with class ModelNew) in this directory")
            specs += _specs_from_files(files, ref_dir)
        elif p.is_file() and p.suffix in (".jsonl", ".ndjson"):
            specs += _specs_from_manifest(p)
        elif p.is_file() and p.suffix == ".py":
            specs += _specs_from_files([p], ref_dir)
        elif any(ch in item for ch in "*?["):
            files = [Path(f) for f in sorted(_glob.glob(item, recursive=True)) if f.endswith(".py")]
            files = [f for f in files if _is_candidate(f)]
            if not files:
                raise InputError(f"{item}: the glob matches no candidate file")
            specs += _specs_from_files(files, ref_dir)
        else:
            raise InputError(f"{item}: not a directory, a glob, a .jsonl manifest or a .py file")
    if not specs:
        raise InputError("no kernels to repair")
    return specs


def _validate_overrides(spec: KernelSpec, where: str) -> None:
    try:
        VerifyConfig.model_validate({**VerifyConfig().model_dump(), **spec.verify})
        RepairConfig.model_validate({**RepairConfig().model_dump(), **spec.repair})
    except ValidationError as exc:
        raise InputError(f"{where}: bad per-kernel options: {str(exc).splitlines()[0]}: "
                         f"{str(exc).splitlines()[-1].strip()}") from exc


def make_plan(inputs: list[str], options: BatchOptions, reference_dir: str | Path | None = None) -> Plan:
    """Discover the kernels, give each a unique id, and fingerprint the batch."""
    specs = discover(inputs, reference_dir)
    kernels: list[PlannedKernel] = []
    used: set[str] = set()
    for i, spec in enumerate(specs):
        _validate_overrides(spec, spec.candidate)
        base = _slug(spec.id or Path(spec.candidate).stem)
        kid, n = base, 1
        while kid in used:
            n += 1
            kid = f"{base}-{n}"
        used.add(kid)
        kernels.append(PlannedKernel(id=kid, index=i, candidate=spec.candidate, reference=spec.reference, spec=spec))
    ident = {
        "kernels": [k.model_dump(mode="json") for k in kernels],
        "token_budget": options.token_budget,
        "cost_budget_usd": options.cost_budget_usd,
        "model": options.model,
    }
    fp = hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()[:16]
    return Plan(fingerprint=fp, inputs=list(inputs), options=options, kernels=kernels)


def start_order(kernels: list[PlannedKernel]) -> list[PlannedKernel]:
    """Higher priority first, then the order given."""
    return sorted(kernels, key=lambda k: (-k.spec.priority, k.index))
