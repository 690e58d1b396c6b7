"""kagent's operations as tools for other agents: one pydantic model for each tool's arguments and
one plain function per tool, pydantic in, pydantic out. The MCP server (kagent.adapters.mcp_server) and the
LangChain/LangGraph adapter (kagent.adapters.langchain_tool) both expose exactly these, so their input
schemas come from the same models (which extend the CLI's own VerifyConfig / Pattern models).

Uses kagent.api only; heavy libraries load inside the calls.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic.fields import FieldInfo

from kagent import api
from kagent.config import AntiCheatProfile, DeviceChoice, VerifyConfig
from kagent.tools.problem import inspect_sources
from kagent.verifiers.anticheat_static import static_findings
from kagent.patterns.schema import Pattern
from kagent.repair.state import RepairSummary
from kagent.report import Finding, VerifyReport


# Descriptions for the VerifyConfig fields that carry none of their own (a tool's input schema
# documents every field; the defaults stay VerifyConfig's own).
VERIFY_FIELD_DOCS = {
    "device": "where candidate and reference run: auto (CUDA when available, else CPU), cpu or cuda",
    "max_shape_cases": "at most this many boundary-shape cases",
    "determinism": "run the candidate again and require bitwise-identical outputs",
    "batch_invariance": "require row i computed in a batch to equal row i computed alone",
    "anticheat": "run the static and dynamic anti-cheat checks",
    "anticheat_profile": "how strict the anti-cheat rules are: strict | default | lenient",
    "timing_runs": "timed runs of each kernel (the median is reported; CUDA only)",
    "error_ratio": "how many times less accurate than the reference (both measured against float64) the "
                   "candidate may be",
}


def documented(model: type[BaseModel], docs: dict[str, str], name: str) -> type[BaseModel]:
    """`model` with a description on every field: its own, else the one in `docs` (same defaults,
    same validation). A field with neither stays undocumented: tests/unit/test_mcp_schemas.py names it."""
    fields: dict[str, Any] = {}
    for fname, info in model.model_fields.items():
        if info.description or fname not in docs:
            continue
        fields[fname] = (info.annotation, FieldInfo.merge_field_infos(info, description=docs[fname]))
    return create_model(name, __base__=model, __doc__=model.__doc__, **fields)


VerifyOptions = documented(VerifyConfig, VERIFY_FIELD_DOCS, "VerifyOptions")


class VerifyKernelArgs(VerifyOptions):  # type: ignore[misc,valid-type]
    """Arguments of verify_kernel: the files, plus every VerifyConfig field (same defaults)."""

    candidate: str = Field(description="path of the candidate file (class ModelNew; may also hold Model)")
    reference: str | None = Field(None, description="path of the reference problem file (class Model)")

    def config(self) -> VerifyConfig:
        return VerifyConfig.model_validate(self.model_dump(exclude={"candidate", "reference"}))


class CheckCheatsArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    candidate: str = Field(description="path of the candidate file")
    reference: str | None = Field(None, description="path of the reference problem file (class Model)")
    profile: AntiCheatProfile = Field("default", description="strict | default | lenient")
    full_verify: bool = Field(False, description="also run the verifier's dynamic traps (runs the kernel)")
    device: DeviceChoice = Field("auto", description="where the full verify runs: auto | cpu | cuda")


class CheatCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    verdict: Literal["clean", "cheat"]
    findings: list[Finding]
    checks: list[str] = Field(description="what ran: 'static' and, with full_verify, 'verify'")
    report: VerifyReport | None = None


class RepairKernelArgs(BaseModel):
    """Arguments of repair_kernel (the `kagent repair` options)."""

    model_config = ConfigDict(extra="forbid")

    candidate: str = Field(description="path of the candidate kernel file")
    reference: str | None = Field(None, description="path of the reference problem file (class Model)")
    token_budget: int = Field(description="LLM tokens this repair may use (0: offline engine only); a call is made "
                              "only when its worst case (max_tokens answer + a bound on the prompt) fits",
                              ge=0)
    model: str | None = Field(None, description="litellm model, 'offline', script:FILE; default $KAGENT_MODEL or offline")
    max_attempts: int | None = Field(None, ge=0, description="debug steps")
    timeout_s: float | None = Field(None, gt=0, description="wall-time limit of the run")
    device: DeviceChoice = Field("auto", description="where the kernels run: auto | cpu | cuda")
    runs_dir: str = Field("runs", description="where the run directory is written")
    verify: VerifyOptions | None = Field(None, description="verifier settings (default: VerifyConfig())")  # type: ignore[valid-type]


class SearchPatternsArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(description="symptoms, an error message or a kernel excerpt")
    k: int = Field(5, ge=1, le=50, description="how many patterns to return")
    backend: Literal["triton", "cuda", "ptx", "amdgpu"] | None = Field(
        None, description="only patterns for this kernel language (default: all)")


class PatternHit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    title: str
    score: float
    reason: str
    failure_classes: list[str]
    has_fix: bool
    explanation: str


class PatternHits(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hits: list[PatternHit]


class AddPatternArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pattern: Pattern = Field(description="the pattern (the library's own schema, as in a pattern YAML file)")
    replace: bool = Field(False, description="overwrite a learned pattern with the same id (seed patterns never)")


class PatternAdded(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    status: Literal["added", "replaced"]


# -- the operations ---------------------------------------------------------------------------------
def verify_kernel(args: VerifyKernelArgs) -> VerifyReport:
    """Differential verification + anti-cheat of a candidate kernel against its reference."""
    return api.verify(args.candidate, args.reference, config=args.config())


def check_cheats(args: CheckCheatsArgs) -> CheatCheck:
    """Static anti-cheat rules over the candidate's source; optionally a full verify with dynamic traps."""
    files = inspect_sources(args.candidate, args.reference)
    ref_src = Path(files.reference).read_text()
    findings = static_findings(Path(args.candidate).read_text(), reference_source=ref_src, profile=args.profile)
    checks = ["static"]
    report = None
    if args.full_verify:
        report = api.verify(args.candidate, args.reference,
                            config=VerifyConfig(anticheat_profile=args.profile, device=args.device))
        findings += [f for f in report.findings if f.failure_class == "cheat"]
        checks.append("verify")
    cheat = any(f.severity == "error" and f.failure_class == "cheat" for f in findings) or (
        report is not None and report.verdict == "cheat")
    return CheatCheck(verdict="cheat" if cheat else "clean", findings=findings, checks=checks, report=report)


def repair_kernel(args: RepairKernelArgs) -> RepairSummary:
    """Repair a near-miss kernel under a token budget; the summary names the repaired file."""
    return api.repair(args.candidate, args.reference, model=args.model, token_budget=args.token_budget,
                      max_attempts=args.max_attempts, timeout_s=args.timeout_s,
                      device=None if args.device == "auto" else args.device,
                      verify_config=VerifyConfig.model_validate(args.verify.model_dump()) if args.verify else None,
                      runs_dir=args.runs_dir)


def _store(patterns_dir: str | None) -> Any:
    return api.open_patterns(patterns_dir)


def search_patterns(args: SearchPatternsArgs, patterns_dir: str | None = None) -> PatternHits:
    """Search the repair-pattern library by meaning."""
    hits = _store(patterns_dir).search(args.query, k=args.k, backend=args.backend)
    return PatternHits(hits=[PatternHit(id=h.pattern.id, title=h.pattern.title, score=h.score, reason=h.reason,
                                        failure_classes=list(h.pattern.symptoms.failure_classes),
                                        has_fix=h.pattern.fix is not None, explanation=h.pattern.explanation)
                             for h in hits])


def add_pattern(args: AddPatternArgs, patterns_dir: str | None = None) -> PatternAdded:
    """Validate a pattern and add it to the library (kept as a file in the store)."""
    pattern = args.pattern
    store = _store(patterns_dir)
    existed = pattern.id in {p.id for p in store.all()}
    store.add(pattern, replace=args.replace)
    return PatternAdded(id=pattern.id, status="replaced" if existed else "added")


TOOLS: dict[str, tuple[type[BaseModel], Callable[..., BaseModel]]] = {
    "verify_kernel": (VerifyKernelArgs, verify_kernel),
    "check_cheats": (CheckCheatsArgs, check_cheats),
    "repair_kernel": (RepairKernelArgs, repair_kernel),
    "search_patterns": (SearchPatternsArgs, search_patterns),
    "add_pattern": (AddPatternArgs, add_pattern),
}


def keyword_function(name: str, args_model: type[BaseModel], impl: Callable[[BaseModel], BaseModel],
                     returns: Any) -> Callable[..., BaseModel]:
    """A function whose keyword signature is `args_model`'s fields (for frameworks that read
    signatures, like the MCP SDK): it validates its keywords into the model and calls `impl`."""
    params = []
    for fname, field in args_model.model_fields.items():
        meta = [*field.metadata, Field(description=field.description)] if field.description else list(field.metadata)
        ann = Annotated[(field.annotation, *meta)] if meta else field.annotation
        default = inspect.Parameter.empty if field.is_required() else field.get_default(call_default_factory=True)
        params.append(inspect.Parameter(fname, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=ann))

    def fn(**kwargs: Any) -> BaseModel:
        return impl(args_model.model_validate(kwargs))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = impl.__doc__
    fn.__signature__ = inspect.Signature(params, return_annotation=returns)  # type: ignore[attr-defined]
    fn.__annotations__ = {p.name: p.annotation for p in params} | {"return": returns}
    return fn
