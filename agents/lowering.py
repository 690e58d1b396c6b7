"""The lowering agent: Triton candidate -> PTX, verified; then PTX edits, each gated.

lower() captures the candidate's Triton launches, compiles each specialisation ahead of time,
assembles Triton's PTX with ptxas, runs the structural checks, applies kagent's offline rewrite
passes and (with a model) the LLM's edits, writes the PTX, the cubins, the manifest and the
PTX-backed candidate, and (on CUDA) runs the differential test and timing against Triton.

Capture runs the candidate on the problem's shapes and on the boundary-shape cases `kagent verify`
plans for this problem (verifiers.suite.plan_cases), so every specialisation verify launches is
lowered; the differential test on CUDA runs those cases too.

Gate order for every edit (issue 7): ptxas accepts -> structural checks -> differential test
against the Triton original on the input suite (the edited specialisation must be launched by it)
-> timing stable on both sides (reject high spread) -> faster than its parent (whose speed must be
known). A failed gate is a finding the agent sees in its next round. An edit that ptxas turns into
the parent's machine code is equivalent but not faster: rejected with that reason. Without CUDA an
edit that changes the machine code ends "not verified: needs CUDA" and is not applied.

The LLM goes through kagent.tools.llm (token ledger, never-exceed budget, retries of transient
provider errors, the scripted provider in tests). Layer 4 (agents): uses tools and verifiers.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.budget import Ledger, LedgerSnapshot
from kagent.config import VerifyConfig
from kagent.log import get_logger
from kagent.report import Finding
from kagent.tools import ptx as ptxtool
from kagent.tools.ptx_launch import (
    MANIFEST_NAME,
    bundle_files,
    DiffResult,
    LoweredManifest,
    LoweredVariant,
    TimingResult,
    differential,
    manifest_dump,
    param_format,
)
from kagent.tools.triton_capture import CaptureResult, ShapeCase, capture, compile_specs
from kagent.verifiers.ptx import KernelAbi, check_ptx

log = get_logger("agents.lowering")

MAX_TIMING_SPREAD = 0.10  # reject timings whose (p90-p10)/median exceeds this (Triton's or the PTX's)
MIN_SPEEDUP = 0.01  # an edit must beat its parent by at least 1%
LLM_MAX_TOKENS = 16384  # an answer holds a whole PTX module
LLM_MIN_ANSWER_TOKENS = 1024
NEEDS_CUDA = "not run: needs CUDA"
NOT_LAUNCHED = "not run: not launched by the test inputs"
# kernel equivalence verdicts that do not fail `kagent lower` (every other one does)
PASSING_EQUIVALENCE = ("equivalent", NEEDS_CUDA, NOT_LAUNCHED)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EditRecord(_Model):
    source: Literal["pass", "llm"]
    name: str
    round: int = 0
    outcome: Literal["accepted", "rejected", "no_change", "not_verified", "stopped"]
    gate: Literal["ptxas", "structure", "differential", "timing", "speed", "none"] = "none"
    reason: str = ""
    ptx: str | None = Field(None, description="path of the edited PTX that was judged")
    prompt: str | None = Field(None, description="path of the prompt sent to the model (LLM rounds)")
    prompt_tokens: int = 0
    completion_tokens: int = 0
    findings: list[Finding] = Field(default_factory=list)


class KernelLowering(_Model):
    kernel: str
    entry: str
    role: Literal["captured", "generic"]
    key: str
    launches: int = Field(description="how many captured launches used this specialisation")
    cases: list[str] = Field(default_factory=list, description="the suite cases whose launches used it")
    grid: list[int] | None = None
    ptx: str | None = None
    triton_ptx: str | None = None
    cubin: str | None = None
    ir: dict[str, str] = Field(default_factory=dict)
    ptxas: Literal["accepted", "rejected", "not_run"] = "not_run"
    ptxas_messages: list[str] = Field(default_factory=list)
    registers: int | None = None
    spill_stores: int | None = None
    spill_loads: int | None = None
    shared_bytes: int | None = None
    num_warps: int | None = None
    same_machine_code_as_triton: bool | None = Field(
        None, description="the final cubin's code sections equal Triton's own cubin's")
    equivalence: str = Field(NEEDS_CUDA, description="differential test verdict against Triton")
    speed: TimingResult = Field(default_factory=lambda: TimingResult(status="not_measured", reason="needs CUDA"))
    findings: list[Finding] = Field(default_factory=list)
    edits: list[EditRecord] = Field(default_factory=list)


class LowerReport(_Model):
    status: Literal["ok", "error"]
    message: str = ""
    candidate: str
    reference: str | None
    arch: str
    device: Literal["cpu", "cuda"]
    out_dir: str
    ptx_candidate: str | None = None
    manifest: str | None = None
    triton_version: str | None = None
    kernels: list[KernelLowering] = Field(default_factory=list)
    shape_cases: list[ShapeCase] = Field(default_factory=list, description="verify's boundary-shape cases captured")
    cases_skipped: dict[str, str] = Field(default_factory=dict)
    differential: DiffResult | None = None
    llm: LedgerSnapshot | None = Field(None, description="tokens spent by the lowering agent's model")
    token_budget: int | None = None
    verify: dict | None = Field(None, description="kagent verify's report on the PTX-backed candidate, when run")
    findings: list[Finding] = Field(default_factory=list)
    seconds: float = 0.0


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _detect_device() -> Literal["cpu", "cuda"]:
    from kagent.tools.ptx_launch import cuda_available

    try:
        import pycuda.driver  # noqa: F401
    except ImportError:
        return "cpu"
    return "cuda" if cuda_available() else "cpu"


class _Variant:
    """Working state of one lowered specialisation while edits are judged."""

    def __init__(self, rec: KernelLowering, lv: LoweredVariant, abi: KernelAbi, triton_cubin: Path):
        self.rec, self.lv, self.abi, self.triton_cubin = rec, lv, abi, triton_cubin
        self.launched: bool | None = None  # launched by the differential test (None: not run)


def suite_shape_cases(candidate: Path, reference: Path | None, config: VerifyConfig | None = None) -> list[ShapeCase]:
    """The boundary-shape cases `kagent verify` plans for this problem (same planner, same config)."""
    from kagent.tools.problem import inspect_sources
    from kagent.verifiers.suite import plan_cases

    files = inspect_sources(candidate, reference)
    return [ShapeCase(name=c.name, seed=c.seed, overrides=c.overrides)
            for c in plan_cases(config or VerifyConfig(), files.shape_constants) if c.kind == "shape"]


def lower(candidate: str | Path, reference: str | Path | None = None, arch: str = ptxtool.DEFAULT_ARCH,
          out_dir: str | Path | None = None, model: str | None = None, rounds: int = 3,
          passes: bool = True, device: Literal["auto", "cpu", "cuda"] = "auto", timing: bool = True,
          seeds: int = 3, token_budget: int | None = None, verify_config: VerifyConfig | None = None) -> LowerReport:
    """Raises ValueError for an arch Triton cannot target, InputError for a bad candidate/problem."""
    t0 = time.time()
    arch = ptxtool.triton_arch(arch)
    candidate = Path(candidate).resolve()
    reference = Path(reference).resolve() if reference else None
    vcfg = verify_config or VerifyConfig()
    shape_cases = suite_shape_cases(candidate, reference, vcfg)
    out = Path(out_dir or candidate.parent / f"{candidate.stem}_ptx").resolve()
    out.mkdir(parents=True, exist_ok=True)
    dev: Literal["cpu", "cuda"] = _detect_device() if device == "auto" else device
    report = LowerReport(status="error", candidate=str(candidate), reference=str(reference) if reference else None,
                         arch=arch, device=dev, out_dir=str(out), shape_cases=shape_cases, token_budget=token_budget)

    cap: CaptureResult = capture(candidate, reference, device=dev, arch=arch, shape_cases=shape_cases,
                                 max_shape_numel=vcfg.max_shape_numel)
    (out / "capture.json").write_text(cap.model_dump_json(indent=1))
    report.triton_version = cap.triton_version
    report.cases_skipped = cap.cases_skipped
    if cap.status != "ok":
        report.message = f"capture {cap.status}: {cap.message}"
        report.findings.append(Finding(check="lower.capture", severity="error", message=report.message[:2000],
                                       failure_class="runtime_error" if cap.status == "error" else None))
        report.seconds = time.time() - t0
        return report

    comp = compile_specs(candidate, cap.specs, arch, out / "triton")
    by_key = {c.key: c for c in comp.compiled}
    variants: list[_Variant] = []
    for spec in cap.specs:
        c = by_key.get(spec.key)
        launches = [l for l in cap.launches if l.spec_key == spec.key] if spec.role == "captured" else []
        launches.sort(key=lambda l: l.case != "problem")  # the problem's own launch first (its grid is shown)
        rec = KernelLowering(kernel=spec.qualname, entry=c.name if c else spec.name, role=spec.role, key=spec.key,
                             launches=len(launches), cases=sorted({l.case for l in launches}),
                             grid=launches[0].grid if launches else None)
        report.kernels.append(rec)
        if c is None or c.status != "ok":
            msg = c.message if c else comp.message
            rec.findings.append(Finding(check="lower.compile", severity="error", failure_class="compile_error",
                                        message=f"Triton AOT compile failed: {msg}"[:2000]))
            continue
        v = _prepare_variant(out, arch, spec, c, rec)
        if v is not None:
            variants.append(v)

    ok_variants = [v for v in variants if v.rec.ptxas == "accepted" and not any(
        f.severity == "error" for f in v.rec.findings)]
    shutil.copyfile(candidate, out / "triton_original.py")  # beside the manifest, and in the candidate's bundle
    manifest = LoweredManifest(arch=arch, triton_version=cap.triton_version, original="triton_original.py",
                               variants=[v.lv for v in ok_variants], launches=cap.launches)
    manifest_path = out / MANIFEST_NAME
    manifest_dump(manifest, manifest_path)
    report.manifest = str(manifest_path)

    ctx = _EditContext(out=out, manifest=manifest, manifest_path=manifest_path, candidate=candidate,
                       reference=reference, device=dev, seeds=seeds, timing=timing, shape_cases=shape_cases,
                       ledger=Ledger(token_budget=token_budget))
    if ok_variants and dev == "cuda":
        base = ctx.run_differential()
        report.differential = base
        for v in ok_variants:
            _record_baseline(v, base)
    if passes:
        for v in ok_variants:
            _apply_pass(ctx, v, "copy_propagate_movs", ptxtool.copy_propagate_movs)
            _apply_pass(ctx, v, "strip_debug_info", ptxtool.strip_debug_info)
    if model:
        # the model edits what the problem's own shapes launch: only there is the parent's speed measured
        primary = [v for v in ok_variants if "problem" in v.rec.cases]
        for v in primary:
            if not _llm_rounds(ctx, v, model, rounds):
                break
        report.llm = ctx.ledger.snapshot()
    manifest_dump(manifest, manifest_path)
    report.ptx_candidate = str(ptxtool.write_ptx_candidate(out, candidate, bundle_files(manifest_path), MANIFEST_NAME,
                                                           init_signature=cap.init_signature,
                                                           forward_signature=cap.forward_signature))

    ok_keys = {v.rec.key for v in ok_variants}
    if report.kernels and len(ok_keys) == len(report.kernels):
        report.status = "ok"
        report.message = f"{len(report.kernels)} specialisation(s) lowered to PTX for {arch}"
    else:
        bad = [k.kernel for k in report.kernels if k.key not in ok_keys]
        report.message = f"lowering failed for {bad or 'all kernels'}"
    report.seconds = time.time() - t0
    (out / "report.json").write_text(report.model_dump_json(indent=1))
    return report


def _prepare_variant(out: Path, arch: str, spec, c, rec: KernelLowering) -> _Variant | None:
    """Copy Triton's PTX of one compiled specialisation, assemble and check it; its launch record."""
    rec.ir = {k: v for k, v in c.files.items() if k in ("ttir", "ttgir", "llir")}
    rec.triton_ptx = c.files["ptx"]
    meta = c.metadata
    rec.num_warps = int(meta["num_warps"])
    rec.shared_bytes = int(meta.get("shared", 0))
    stem = f"{spec.name}_{spec.key[:8]}"
    ptx_path = out / f"{stem}.ptx"
    shutil.copyfile(c.files["ptx"], ptx_path)
    abi = KernelAbi.from_spec(spec, entry=c.name, num_warps=rec.num_warps, arch=arch)
    try:
        fmt = param_format(spec)
    except NotImplementedError as e:
        rec.findings.append(Finding(check="lower.launcher", severity="error", message=str(e)))
        return None
    lv = LoweredVariant(spec=spec, entry=c.name, ptx=ptx_path.name, cubin=f"{stem}.cubin",
                        triton_ptx=str(Path(c.files["ptx"]).relative_to(out)), num_warps=rec.num_warps,
                        num_ctas=int(meta.get("num_ctas", 1)), shared=rec.shared_bytes,
                        global_scratch_size=int(meta.get("global_scratch_size", 0) or 0),
                        global_scratch_align=int(meta.get("global_scratch_align", 1) or 1),
                        profile_scratch_size=int(meta.get("profile_scratch_size", 0) or 0),
                        profile_scratch_align=int(meta.get("profile_scratch_align", 1) or 1),
                        launch_cooperative_grid=bool(meta.get("launch_cooperative_grid", False)),
                        launch_pdl=bool(meta.get("launch_pdl", False)), param_format=fmt)
    chk = check_ptx(ptx_path, abi, cubin_out=out / lv.cubin)
    _record_check(rec, chk)
    rec.ptx, rec.cubin = str(ptx_path), str(out / lv.cubin) if chk.ptxas.status == "ok" else None
    if chk.ptxas.status == "ok":
        rec.same_machine_code_as_triton = ptxtool.same_machine_code(out / lv.cubin, c.files["cubin"])
    return _Variant(rec, lv, abi, Path(c.files["cubin"]))


def _record_baseline(v: _Variant, base: DiffResult) -> None:
    """A variant's verdict from the first differential run: only a launched variant was tested."""
    v.launched = v.lv.spec.key in base.launch_counts
    if base.status in ("equivalent", "not_equivalent") and not v.launched:
        v.rec.equivalence = NOT_LAUNCHED
        v.rec.speed = TimingResult(status="not_measured", reason="this specialisation was not launched by the "
                                   "test inputs")
        return
    v.rec.equivalence = base.verdict
    v.rec.speed = base.timing


def _record_check(rec: KernelLowering, chk) -> None:
    rec.ptxas = "accepted" if chk.ptxas.status == "ok" else "rejected"
    rec.ptxas_messages = [f"line {d.line}: {d.message}" if d.line else d.message for d in chk.ptxas.diagnostics]
    if chk.ptxas.resources:
        r = chk.ptxas.resources[0]
        rec.registers, rec.spill_stores, rec.spill_loads = r.registers, r.spill_stores, r.spill_loads
    rec.findings = list(chk.findings)


class _EditContext:
    def __init__(self, out: Path, manifest: LoweredManifest, manifest_path: Path, candidate: Path,
                 reference: Path | None, device: str, seeds: int, timing: bool,
                 shape_cases: list[ShapeCase] | None = None, ledger: Ledger | None = None):
        self.out, self.manifest, self.manifest_path = out, manifest, manifest_path
        self.candidate, self.reference, self.device, self.seeds, self.timing = (candidate, reference, device,
                                                                               seeds, timing)
        self.shape_cases = list(shape_cases or [])
        self.ledger = ledger or Ledger()
        self.llm_requests = 0  # request index of the next model call (the scripted provider keys on it)
        self.seen: set[str] = set()

    def run_differential(self) -> DiffResult:
        manifest_dump(self.manifest, self.manifest_path)
        return differential(self.manifest_path, self.candidate, self.reference, seeds=self.seeds,
                            timing=self.timing, shape_cases=[c.model_dump() for c in self.shape_cases])


def _reject(rec: EditRecord, gate: str, reason: str, findings: list[Finding] | None = None) -> EditRecord:
    rec.outcome, rec.gate, rec.reason = "rejected", gate, reason[:1000]  # type: ignore[assignment]
    rec.findings = findings if findings is not None else [
        Finding(check=f"ptx.{gate}", severity="error", message=rec.reason)]
    return rec


def judge_edit(ctx: _EditContext, v: _Variant, new_ptx: str, source: Literal["pass", "llm"], name: str,
               round_: int = 0) -> EditRecord:
    """Apply the gates to one edit of v's current PTX; on acceptance v's files are updated."""
    cur_ptx_path = ctx.out / v.lv.ptx
    cur = cur_ptx_path.read_text()
    h = _sha(new_ptx)
    if new_ptx == cur:
        return EditRecord(source=source, name=name, round=round_, outcome="no_change", reason="the PTX is unchanged")
    if h in ctx.seen:
        return EditRecord(source=source, name=name, round=round_, outcome="rejected", gate="none",
                          reason="oscillation: this PTX was judged before")
    ctx.seen.add(h)
    stem = Path(v.lv.ptx).stem
    n = len(v.rec.edits) + 1
    cand_ptx = ctx.out / "edits" / f"{stem}.edit{n}.ptx"
    cand_cubin = cand_ptx.with_suffix(".cubin")
    cand_ptx.parent.mkdir(exist_ok=True)
    cand_ptx.write_text(new_ptx)
    rec = EditRecord(source=source, name=name, round=round_, outcome="rejected", ptx=str(cand_ptx))
    chk = check_ptx(cand_ptx, v.abi, cubin_out=cand_cubin)
    if chk.ptxas.status != "ok":
        bad = [f for f in chk.findings if f.check == "ptx.ptxas"]
        return _reject(rec, "ptxas", "; ".join(f.message for f in bad), bad)
    if not chk.ok:
        bad = [f for f in chk.findings if f.severity == "error"]
        return _reject(rec, "structure", "; ".join(f.message for f in bad), bad)
    if ptxtool.same_machine_code(cand_cubin, ctx.out / v.lv.cubin):
        return _reject(rec, "speed", "not faster: ptxas emits the same machine code as the parent "
                       "(equivalent, but the speed cannot change)")
    if ctx.device != "cuda":
        rec.outcome, rec.gate = "not_verified", "differential"
        rec.reason = "not verified: needs CUDA (the machine code differs from the parent; the differential test "\
                     "and timing need a GPU)"
        return rec
    if not v.launched:
        return _reject(rec, "differential", "not tested: the differential test's inputs never launch this "
                       "specialisation, so an edit to it cannot be shown equivalent")
    parent_ms = v.rec.speed.ptx_ms if v.rec.speed.status == "measured" else None
    if parent_ms is None:
        return _reject(rec, "speed", f"the parent's speed is unknown ({v.rec.speed.reason or 'not measured'}): "
                       "an edit cannot be shown faster")
    # differential + timing on the GPU, with the candidate edit swapped in
    old_ptx, old_cubin = v.lv.ptx, v.lv.cubin
    v.lv.ptx, v.lv.cubin = str(cand_ptx.relative_to(ctx.out)), str(cand_cubin.relative_to(ctx.out))
    try:
        res = ctx.run_differential()
    finally:
        v.lv.ptx, v.lv.cubin = old_ptx, old_cubin
        manifest_dump(ctx.manifest, ctx.manifest_path)
    if res.status != "equivalent":
        bad = [c for c in res.cases if not c.equal]
        reason = f"{res.status}: {res.reason}; failing cases: " + ", ".join(
            f"{c.name} ({c.mismatches} mismatches, max |diff| {c.max_abs_diff}, first at {c.first_mismatch}"
            f"{', ' + c.error if c.error else ''})" for c in bad[:4])
        return _reject(rec, "differential", reason, [Finding(check="ptx.differential", severity="error",
                                                             failure_class="numerical_mismatch", message=reason[:1000])])
    if v.lv.spec.key not in res.launch_counts:
        return _reject(rec, "differential", "not tested: the differential test did not launch the edited "
                       "specialisation")
    t = res.timing
    spreads = [x for x in (t.ptx_spread, t.triton_spread) if x is not None]
    if t.status != "measured" or t.ptx_ms is None or len(spreads) < 2 or max(spreads) > MAX_TIMING_SPREAD:
        return _reject(rec, "timing", f"timing not stable enough to judge (spread limit {MAX_TIMING_SPREAD} on "
                       f"both sides): {t.model_dump()}")
    if t.ptx_ms > parent_ms * (1 - MIN_SPEEDUP):
        return _reject(rec, "speed", f"not faster than its parent: {t.ptx_ms:.4f} ms vs {parent_ms:.4f} ms "
                       f"(needs at least {MIN_SPEEDUP:.0%} less)")
    _adopt(ctx, v, cand_ptx, cand_cubin, chk, name)
    v.rec.speed, v.rec.equivalence = t, res.verdict
    rec.outcome, rec.reason = "accepted", f"equivalent on {len(res.cases)} cases; {t.ptx_ms:.4f} ms"
    return rec


def _adopt(ctx: _EditContext, v: _Variant, ptx_path: Path, cubin_path: Path, chk, name: str) -> None:
    shutil.copyfile(ptx_path, ctx.out / v.lv.ptx)
    shutil.copyfile(cubin_path, ctx.out / v.lv.cubin)
    v.lv.edits.append(name)
    _record_check(v.rec, chk)
    v.rec.same_machine_code_as_triton = ptxtool.same_machine_code(ctx.out / v.lv.cubin, v.triton_cubin)
    manifest_dump(ctx.manifest, ctx.manifest_path)


def _apply_pass(ctx: _EditContext, v: _Variant, name: str, fn) -> None:
    res = fn((ctx.out / v.lv.ptx).read_text())
    if not res.changed:
        v.rec.edits.append(EditRecord(source="pass", name=name, outcome="no_change",
                                      reason="the pass found nothing to rewrite"))
        return
    rec = judge_edit(ctx, v, res.ptx, "pass", name)
    rec.reason = f"{res.rewrites} rewrite(s); {rec.reason}"
    v.rec.edits.append(rec)


# ----------------------------------------------------------------------------------------------
# LLM edits
# ----------------------------------------------------------------------------------------------

_PTX_BLOCK = re.compile(r"```(?:ptx)?\s*\n(?P<body>.*?)```", re.S)


def extract_ptx(answer: str) -> str | None:
    """The PTX module in a model's answer: the last fenced block holding an .entry."""
    blocks = [m["body"] for m in _PTX_BLOCK.finditer(answer) if ".entry" in m["body"]]
    return blocks[-1] if blocks else None


def render_prompt(v: _Variant, ctx: _EditContext, feedback: list[str], round_: int) -> str:
    from kagent.tools.templates import render

    ttgir_path = v.rec.ir.get("ttgir")
    ttgir = Path(ttgir_path).read_text() if ttgir_path else ""
    return render(
        "lowering.j2", kernel=v.rec.kernel, entry=v.lv.entry, arch=v.abi.arch, num_warps=v.lv.num_warps,
        shared=v.lv.shared, grid=v.rec.grid or [], params=v.abi.params, hidden_params=v.abi.hidden_params,
        registers=v.rec.registers, spill_stores=v.rec.spill_stores, spill_loads=v.rec.spill_loads,
        triton_ms=v.rec.speed.triton_ms, ptx_ms=v.rec.speed.ptx_ms, ttgir=ttgir[:20000],
        ptx=(ctx.out / v.lv.ptx).read_text(), feedback=feedback, round=round_)


SYSTEM_PROMPT = "You are an expert GPU kernel engineer. You edit PTX with minimal, exact, semantics-preserving changes."


def gate_feedback(rec: EditRecord) -> list[str]:
    """What the model sees next round about a judged edit: the gate and reason, then each finding
    with its PTX line and the text of that line (ptxas's message and line, structural findings)."""
    if rec.outcome == "accepted":
        return [f"Round {rec.round} was accepted: {rec.reason}. Try a further improvement."]
    if rec.outcome == "not_verified":
        return [f"Round {rec.round} could not be verified: {rec.reason}."]
    head = f"Round {rec.round} was rejected at the {rec.gate} gate: {rec.reason}" if rec.gate != "none" \
        else f"Round {rec.round} was rejected: {rec.reason}"
    lines = [head]
    for f in rec.findings[:10]:
        src = f.evidence.get("source")
        lines.append(f.message + (f"  (PTX line: `{src}`)" if src else ""))
    return lines


def _llm_rounds(ctx: _EditContext, v: _Variant, model: str, rounds: int) -> bool:
    """Up to `rounds` model edits of v, each judged by the gates; failed gates are fed back. False when
    the model cannot be asked again (token budget spent, provider failed for good)."""
    from kagent.errors import BudgetExceeded
    from kagent.tools import llm

    feedback: list[str] = []
    last_sig: str | None = None
    prompts = ctx.out / "llm"
    prompts.mkdir(exist_ok=True)
    stem = Path(v.lv.ptx).stem
    for r in range(1, rounds + 1):
        name = f"{model} round {r}"
        messages = [{"role": "system", "content": SYSTEM_PROMPT},
                    {"role": "user", "content": render_prompt(v, ctx, feedback, r)}]
        prompt_path = prompts / f"{stem}.round{r}.prompt.md"
        prompt_path.write_text(messages[1]["content"])
        try:
            ans = llm.complete(messages, model=model, ledger=ctx.ledger, max_tokens=LLM_MAX_TOKENS,
                               min_answer_tokens=LLM_MIN_ANSWER_TOKENS, request_index=ctx.llm_requests)
        except BudgetExceeded as e:
            v.rec.edits.append(EditRecord(source="llm", name=name, round=r, outcome="stopped", prompt=str(prompt_path),
                                          reason=f"token budget: {e}"))
            return False
        except llm.ProviderError as e:
            ctx.llm_requests += e.requests
            v.rec.edits.append(EditRecord(source="llm", name=name, round=r, outcome="stopped", prompt=str(prompt_path),
                                          reason=f"model call failed: {e}"[:500]))
            return False
        ctx.llm_requests += ans.requests
        (prompts / f"{stem}.round{r}.answer.md").write_text(ans.text)
        new = extract_ptx(ans.text)
        if new is None:
            rec = EditRecord(source="llm", name=name, round=r, outcome="rejected",
                             reason="the answer holds no ```ptx block with an .entry")
        else:
            rec = judge_edit(ctx, v, new, "llm", name, r)
        rec.prompt, rec.prompt_tokens, rec.completion_tokens = str(prompt_path), ans.usage.prompt_tokens, ans.usage.completion_tokens
        v.rec.edits.append(rec)
        feedback = gate_feedback(rec)
        if rec.outcome == "not_verified":
            return True  # without CUDA no edit that changes the machine code can be accepted: stop spending
        if rec.outcome == "accepted":
            last_sig = None
            continue
        sig = f"{rec.outcome}:{rec.gate}:{rec.reason[:120]}"
        if sig == last_sig:
            v.rec.edits.append(EditRecord(source="llm", name="guard", round=r, outcome="stopped",
                                          reason="stall: the same outcome twice in a row; stopping"))
            return True
        last_sig = sig
    return True
