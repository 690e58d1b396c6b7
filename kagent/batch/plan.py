"""`kagent batch`: its models and its plan — which kernels, with which options.

INPUTS is a directory, a glob, or a JSONL manifest:

    {"candidate": "k/softmax_nearmiss.py", "reference": "k/softmax.py", "priority": 2,
     "max_attempts": 5, "timeout_s": 600, "verify": {"seeds": 1}, "repair": {"stall_k": 2}}

Relative paths in a manifest (candidate, reference, a `script:`/`replay:` model) are relative to
the manifest's folder; relative paths in the batch options are relative to the current directory.
All are made absolute in the plan (workers run in the batch directory). In a directory or glob, every
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

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from kagent.batch.ledger import DEFAULT_FLOOR_TOKENS, POLICY_NAME, model_prices
from kagent.config import DeviceChoice, VerifyConfig
from kagent.errors import InputError
from kagent.repair.state import FinalStatus, GuardName, RepairConfig

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

    token_budget: int = Field(ge=0, description=(
        "LLM tokens shared by the whole batch; a call is made only when its worst case fits (kagent.tools.llm "
        "states the guarantee)"))
    cost_budget_usd: float | None = Field(None, ge=0, description="shared dollar budget (checked before each call)")
    jobs: int = Field(1, ge=1, description="kernels repaired at once")
    executor: Executor = "local"
    ray_address: str | None = Field(None, description="Ray cluster address; None starts a local one")
    model: str = "offline"
    max_attempts: int | None = Field(None, ge=0)
    kernel_timeout_s: float = Field(1800.0, gt=0, description="wall-time limit of one kernel's repair")
    kill_grace_s: float = Field(60.0, ge=0, description="after the limit, how long before its worker is killed")
    device: DeviceChoice = "auto"
    gpus: str = Field("all", description=(
        "local executor, CUDA: the GPUs to spread workers over, one GPU per worker: 'all' visible, N (the first N), "
        "or positions in the visible list such as '0,2,5'"))
    gpu_retire_after: int = Field(3, ge=1, description=(
        "a GPU whose health probe fails this many times in a row (after workers on it failed as a broken GPU "
        "makes them fail) leaves the rotation"))
    gpu_probe: str = Field("kagent.batch.gpus:probe_gpu", description="module:function(gpu) -> None or why the "
                           "GPU is unusable (tests)")
    verify: VerifyConfig = Field(default_factory=VerifyConfig)
    repair: RepairConfig = Field(default_factory=RepairConfig)
    runner: str = Field("kagent.batch.worker:run_job", description="module:function that repairs one kernel")
    patterns_dir: str | None = Field(None, description="pattern store directory (default: kagent's)")
    crash_retries: int = Field(2, ge=0, description=(
        "a kernel whose worker died without writing a result (killed by a signal such as the OOM killer's "
        "SIGKILL, or exited abnormally) is started again when the batch is resumed, at most this many times"))
    floor_tokens: int = Field(DEFAULT_FLOOR_TOKENS, ge=0, description=(
        "kept back for every other kernel that may still call the LLM and has not yet, so late kernels can make a "
        "call (a short prompt plus the minimum answer); a call beyond a kernel's fair share is admitted when the "
        "pool covers it without touching these floors"))

    @field_validator("gpus", mode="before")
    @classmethod
    def _gpus_text(cls, v: Any) -> Any:
        """Batches planned before --gpus took text held a list of ids (or None) here: a runtime
        option, replaced by the resuming run's own."""
        if v is None or isinstance(v, list):
            return "all"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str) and not re.fullmatch(r"all|\d+(,\d+)*", v.strip()):
            raise ValueError("'all', a count, or positions among the visible GPUs such as 0,2,5")
        return v.strip() if isinstance(v, str) else v

    @model_validator(mode="after")
    def _gpus_need_cuda(self) -> BatchOptions:
        if self.device == "cpu" and self.gpus != "all":
            raise ValueError(f"--gpus {self.gpus} needs --device cuda or auto, not cpu")
        return self


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
    diff_path: str | None = Field(None, description="the best candidate's diff against the original (diff.patch)")
    run_dir: str | None = None
    failure_class: str | None = Field(None, description="the original candidate's verdict class (pass/cheat/...)")
    triage: str = "unknown"
    guard: GuardName | None = None
    granted: int = Field(0, description="tokens drawn from the shared budget (before unspent was returned)")
    in_flight_tokens: int = Field(0, description="of `tokens`: charged for a call in flight when its worker was "
                                  "killed (the provider may have billed it)")
    seconds: float = 0.0
    starts: int = Field(1, description="how many times a worker started on it (>1 after a resume)")
    retries: int = Field(0, description="how many times it was started again because its worker crashed "
                         "(see BatchOptions.crash_retries)")
    worker: str = ""
    gpu: str | None = Field(None, description="the GPU its worker was pinned to (CUDA_VISIBLE_DEVICES; local executor)")
    started_at: float | None = Field(None, description="when its (last) worker started, epoch seconds")
    ended_at: float | None = Field(None, description="when its (last) worker ended, epoch seconds")


class GpuEvent(BaseModel):
    """Something that happened to a GPU during a batch (gpus.jsonl)."""

    model_config = ConfigDict(extra="forbid")

    time: str
    gpu: str
    event: Literal["joined", "failure", "kernel_fault", "retired", "restarted"]
    kernel: str | None = None
    detail: str = ""


class GpuUsage(BaseModel):
    """One GPU over the batch (the summary's `gpus`)."""

    model_config = ConfigDict(extra="forbid")

    gpu: str
    kernels: int = Field(0, description="kernels whose (last) worker ran on it")
    busy_s: float = Field(0.0, description="seconds during which at least one worker ran on it")
    utilisation: float = Field(0.0, description="busy_s / the batch's wall time")
    failures: int = Field(0, description="health probes it failed after a worker on it failed")
    kernel_faults: int = Field(0, description="worker failures after which it passed its probe (the kernel's own)")
    retired: bool = Field(False, description="taken out of the rotation after repeated failures")
    retired_reason: str | None = None


class PolicyReport(BaseModel):
    """The allocation policy, stated (and its numbers at the end of the batch)."""

    model_config = ConfigDict(extra="forbid")

    name: str = POLICY_NAME
    rules: list[str]
    floor_tokens: int = DEFAULT_FLOOR_TOKENS
    first_grants: list[int] = Field(default_factory=list)
    top_ups: int = Field(0, description="calls admitted beyond a kernel's grant (its grant grew)")
    refusals: int = 0
    returned_tokens: int = 0
    in_flight_tokens: int = Field(0, description="charged for calls in flight when their worker was killed")


class Invocation(BaseModel):
    """One `kagent batch` run over a batch directory (invocations/<n>.json; kagent.batch.history)."""

    model_config = ConfigDict(extra="forbid")

    n: int = Field(description="1 for the first run, 2 for the first resume, ...")
    started_at: str
    updated_at: str = Field(description="when the record was last written (start, each finished kernel, end)")
    ended_at: str | None = Field(None, description="None while running, or when the run was killed")
    seconds: float = Field(0.0, description="wall time of this run (for a killed run: up to its last kernel)")
    resumed: bool = False
    todo: int = Field(0, description="kernels it set out to run")
    finished: list[str] = Field(default_factory=list, description="kernels it finished, in order")
    retried: list[str] = Field(default_factory=list, description="kernels it started again after a worker crash")
    outcome: Literal["running", "complete", "incomplete", "interrupted", "killed"] = "running"


class BatchSummary(BaseModel):
    """What `kagent batch --json` prints (and summary.json holds)."""

    model_config = ConfigDict(extra="forbid")

    batch_dir: str
    complete: bool
    token_budget: int
    tokens_spent: int
    tokens_reserved: int = Field(0, description="held by calls in flight (0 once the batch is done)")
    tokens_in_flight: int = Field(0, description="of tokens_spent: charged for calls in flight when their worker "
                                  "was killed (the provider may have billed them)")
    cost_budget_usd: float | None = None
    cost_spent: float = 0.0
    cost_known: bool = True
    llm_calls: int = 0
    executor: Executor
    jobs: int
    model: str
    seconds: float = Field(description="wall time of the batch as a whole: every invocation's, summed")
    invocation_seconds: float = Field(0.0, description="wall time of this invocation alone")
    resumes: int = Field(0, description="how many times the batch was resumed (invocations - 1)")
    invocations: list[Invocation] = Field(default_factory=list, description="every run over this batch directory")
    counts: dict[str, int]
    policy: PolicyReport
    kernels: list[KernelResult]
    gpus: list[GpuUsage] = Field(default_factory=list, description="per-GPU use and health (local executor on CUDA)")
    gpu_events: list[GpuEvent] = Field(default_factory=list)


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
            "model": absolute_model(spec.model, base) if spec.model else None,
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


RUNTIME_OPTIONS = ("jobs", "executor", "ray_address", "gpus", "kill_grace_s", "runner", "patterns_dir",
                   "crash_retries", "gpu_retire_after", "gpu_probe")
"""Options a rerun may change (they do not change what the batch computes; the rerun's values are used).
Every other option is part of the batch's identity (its fingerprint)."""


def absolute_model(model: str, base: Path) -> str:
    """script:/replay: models name files: make their paths absolute (workers run elsewhere)."""
    for prefix in ("script:", "replay:"):
        if model.startswith(prefix):
            p = Path(model[len(prefix):]).expanduser()
            return prefix + str((p if p.is_absolute() else base / p).resolve())
    return model


def absolute_options(options: BatchOptions, base: Path | None = None) -> BatchOptions:
    """Paths in the options made absolute against `base` (default: the current directory), because
    workers run with the batch directory as their working directory."""
    base = base or Path.cwd()
    upd: dict[str, Any] = {"model": absolute_model(options.model, base)}
    if options.patterns_dir:
        p = Path(options.patterns_dir).expanduser()
        upd["patterns_dir"] = str((p if p.is_absolute() else base / p).resolve())
    return options.model_copy(update=upd)


def identity(options: BatchOptions) -> dict[str, Any]:
    """The options that make a batch what it is (all but RUNTIME_OPTIONS), flattened: a.b -> value."""
    flat: dict[str, Any] = {}

    def walk(prefix: str, v: Any) -> None:
        if isinstance(v, dict):
            for k in sorted(v):
                walk(f"{prefix}.{k}" if prefix else k, v[k])
        else:
            flat[prefix] = v

    walk("", options.model_dump(mode="json", exclude=set(RUNTIME_OPTIONS)))
    return flat


def plan_changes(old: Plan, new: Plan) -> list[str]:
    """What differs between a batch on disk and the one asked for, option by option."""
    changes: list[str] = []
    a, b = identity(old.options), identity(new.options)
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            changes.append(f"{key}: {a.get(key)!r} -> {b.get(key)!r}")
    old_k = {k.id: k.model_dump(mode="json") for k in old.kernels}
    new_k = {k.id: k.model_dump(mode="json") for k in new.kernels}
    gone, added = sorted(set(old_k) - set(new_k)), sorted(set(new_k) - set(old_k))
    changed = sorted(k for k in set(old_k) & set(new_k) if old_k[k] != new_k[k])
    if gone:
        changes.append(f"kernels no longer given: {', '.join(gone[:8])}{' ...' if len(gone) > 8 else ''}")
    if added:
        changes.append(f"new kernels: {', '.join(added[:8])}{' ...' if len(added) > 8 else ''}")
    if changed:
        changes.append(f"kernels with other paths or per-kernel options: {', '.join(changed[:8])}"
                       f"{' ...' if len(changed) > 8 else ''}")
    return changes


def _check_prices(kernels: list[PlannedKernel], options: BatchOptions) -> None:
    """With a cost budget every model that will be called needs a known price (refused otherwise:
    a dollar budget that cannot be checked before a call is no budget)."""
    if options.cost_budget_usd is None:
        return
    missing: dict[str, list[str]] = {}
    cache: dict[str, bool] = {}
    for k in kernels:
        model = k.spec.model or options.model
        if model == "offline":
            continue
        priced_as = k.spec.repair.get("price_model") or options.repair.price_model or model
        if priced_as not in cache:
            cache[priced_as] = model_prices(priced_as) is not None
        if not cache[priced_as]:
            missing.setdefault(priced_as, []).append(k.id)
    if missing:
        what = "; ".join(f"{m} (kernels {', '.join(ids[:5])}{' ...' if len(ids) > 5 else ''})" for m, ids in missing.items())
        raise InputError(
            f"--cost-budget needs each model's price per token, and litellm's price table has none for: {what}. "
            "Price the calls as a listed model (repair option price_model, e.g. in a manifest line "
            '{"repair": {"price_model": "gpt-4o"}} or kagent.batch(repair=RepairConfig(price_model=...))), '
            "or drop --cost-budget")


def make_plan(inputs: list[str], options: BatchOptions, reference_dir: str | Path | None = None) -> Plan:
    """Discover the kernels, give each a unique id, make paths absolute, and fingerprint the batch
    (kernels + every option but RUNTIME_OPTIONS). Raises InputError (bad inputs; a cost budget with
    a model of unknown price)."""
    options = absolute_options(options)
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
    _check_prices(kernels, options)
    ident = {"kernels": [k.model_dump(mode="json") for k in kernels], "options": identity(options)}
    fp = hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()[:16]
    return Plan(fingerprint=fp, inputs=list(inputs), options=options, kernels=kernels)


def start_order(kernels: list[PlannedKernel]) -> list[PlannedKernel]:
    """Higher priority first, then the order given."""
    return sorted(kernels, key=lambda k: (-k.spec.priority, k.index))
