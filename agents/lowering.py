"""The lowering agent: Triton candidate -> PTX, verified; then PTX edits, each gated.

lower() captures the candidate's Triton launches, compiles each specialisation ahead of time,
assembles Triton's PTX with ptxas, runs the structural checks, applies kagent's offline rewrite
passes and (with a model) the LLM's edits, writes the PTX, the cubins, the manifest and the
PTX-backed candidate, and (on CUDA) runs the differential test and timing against Triton.

Gate order for every edit (issue 7): ptxas accepts -> structural checks -> differential test
against the Triton original on the input suite -> timing stable (reject high spread) -> faster than
its parent. A failed gate is a finding the agent sees in its next round. On a machine without CUDA
an edit can pass the differential gate only when ptxas produces the same machine code as its
parent (then equivalence is proven without running); otherwise it stays "not run: needs CUDA" and
the edit is not applied.

Layer 4 (agents): uses tools and verifiers. litellm is imported only when a model is given.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.log import get_logger
from kagent.state import Finding
from kagent.tools import ptx as ptxtool
from kagent.tools.ptx_launch import (
    MANIFEST_NAME,
    DiffResult,
    LoweredManifest,
    LoweredVariant,
    TimingResult,
    differential,
    manifest_dump,
    param_format,
)
from kagent.tools.triton_capture import CaptureResult, capture, compile_specs
from kagent.verifiers.ptx import KernelAbi, check_ptx

log = get_logger("agents.lowering")

MAX_TIMING_SPREAD = 0.10  # reject timings whose (p90-p10)/median exceeds this
MIN_SPEEDUP = 0.01  # an edit must beat its parent by at least 1%


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EditRecord(_Model):
    source: Literal["pass", "llm"]
    name: str
    round: int = 0
    outcome: Literal["accepted", "rejected", "no_change", "not_verified"]
    gate: Literal["ptxas", "structure", "differential", "timing", "speed", "none"] = "none"
    reason: str = ""
    ptx: str | None = Field(None, description="path of the edited PTX that was judged")
    findings: list[Finding] = Field(default_factory=list)


class KernelLowering(_Model):
    kernel: str
    entry: str
    role: Literal["captured", "generic"]
    key: str
    launches: int = Field(description="how many captured launches used this specialisation")
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
    equivalence: str = Field("not run: needs CUDA", description="differential test verdict against Triton")
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
    differential: DiffResult | None = None
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


def lower(candidate: str | Path, reference: str | Path | None = None, arch: str = ptxtool.DEFAULT_ARCH,
          out_dir: str | Path | None = None, model: str | None = None, rounds: int = 3,
          passes: bool = True, device: Literal["auto", "cpu", "cuda"] = "auto", timing: bool = True,
          seeds: int = 3) -> LowerReport:
    t0 = time.time()
    candidate = Path(candidate).resolve()
    reference = Path(reference).resolve() if reference else None
    out = Path(out_dir or candidate.parent / f"{candidate.stem}_ptx").resolve()
    out.mkdir(parents=True, exist_ok=True)
    dev: Literal["cpu", "cuda"] = _detect_device() if device == "auto" else device
    report = LowerReport(status="error", candidate=str(candidate), reference=str(reference) if reference else None,
                         arch=arch, device=dev, out_dir=str(out))

    cap: CaptureResult = capture(candidate, reference, device=dev, arch=arch)
    (out / "capture.json").write_text(cap.model_dump_json(indent=1))
    report.triton_version = cap.triton_version
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
        rec = KernelLowering(kernel=spec.qualname, entry=c.name if c else spec.name, role=spec.role, key=spec.key,
                             launches=len(launches) if spec.role == "captured" else 0,
                             grid=launches[0].grid if launches and spec.role == "captured" else None)
        report.kernels.append(rec)
        if c is None or c.status != "ok":
            msg = c.message if c else comp.message
            rec.findings.append(Finding(check="lower.compile", severity="error", failure_class="compile_error",
                                        message=f"Triton AOT compile failed: {msg}"[:2000]))
            continue
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
            continue
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
        variants.append(_Variant(rec, lv, abi, Path(c.files["cubin"])))

    ok_variants = [v for v in variants if v.rec.ptxas == "accepted" and not any(
        f.severity == "error" for f in v.rec.findings)]
    manifest = LoweredManifest(arch=arch, triton_version=cap.triton_version, original="triton_original.py",
                               variants=[v.lv for v in ok_variants], launches=cap.launches)
    manifest_path = out / MANIFEST_NAME
    manifest_dump(manifest, manifest_path)
    report.manifest = str(manifest_path)
    report.ptx_candidate = str(ptxtool.write_ptx_candidate(out, candidate, MANIFEST_NAME,
                                                           init_signature=cap.init_signature,
                                                           forward_signature=cap.forward_signature))

    ctx = _EditContext(out=out, manifest=manifest, manifest_path=manifest_path, candidate=candidate,
                       reference=reference, device=dev, seeds=seeds, timing=timing)
    if ok_variants and dev == "cuda":
        base = ctx.run_differential()
        report.differential = base
        for v in ok_variants:
            v.rec.equivalence = base.verdict
            v.rec.speed = base.timing if v.lv.spec.key in base.launch_counts else TimingResult(
                status="not_measured", reason="this specialisation was not launched by the test inputs")
    if passes:
        for v in ok_variants:
            _apply_pass(ctx, v, "copy_propagate_movs", ptxtool.copy_propagate_movs)
            _apply_pass(ctx, v, "strip_debug_info", ptxtool.strip_debug_info)
    if model:
        primary = [v for v in ok_variants if v.lv.spec.role == "captured"]
        for v in primary:
            _llm_rounds(ctx, v, model, rounds)
    manifest_dump(manifest, manifest_path)

    if len(ok_variants) == len(variants) and variants:
        report.status = "ok"
        report.message = f"{len(variants)} specialisation(s) lowered to PTX for {arch}"
    else:
        bad = [v.rec.kernel for v in variants if v not in ok_variants]
        report.message = f"lowering failed for {bad or 'all kernels'}"
    report.seconds = time.time() - t0
    (out / "report.json").write_text(report.model_dump_json(indent=1))
    return report


def _record_check(rec: KernelLowering, chk) -> None:
    rec.ptxas = "accepted" if chk.ptxas.status == "ok" else "rejected"
    rec.ptxas_messages = [f"line {d.line}: {d.message}" if d.line else d.message for d in chk.ptxas.diagnostics]
    if chk.ptxas.resources:
        r = chk.ptxas.resources[0]
        rec.registers, rec.spill_stores, rec.spill_loads = r.registers, r.spill_stores, r.spill_loads
    rec.findings = list(chk.findings)


class _EditContext:
    def __init__(self, out: Path, manifest: LoweredManifest, manifest_path: Path, candidate: Path,
                 reference: Path | None, device: str, seeds: int, timing: bool):
        self.out, self.manifest, self.manifest_path = out, manifest, manifest_path
        self.candidate, self.reference, self.device, self.seeds, self.timing = (candidate, reference, device,
                                                                               seeds, timing)
        self.seen: set[str] = set()

    def run_differential(self) -> DiffResult:
        manifest_dump(self.manifest, self.manifest_path)
        return differential(self.manifest_path, self.candidate, self.reference, seeds=self.seeds,
                            timing=self.timing)


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
        rec.gate, rec.findings = "ptxas", [f for f in chk.findings if f.check == "ptx.ptxas"]
        rec.reason = "; ".join(f.message for f in rec.findings)[:1000]
        return rec
    if not chk.ok:
        rec.gate, rec.findings = "structure", [f for f in chk.findings if f.severity == "error"]
        rec.reason = "; ".join(f.message for f in rec.findings)[:1000]
        return rec
    parent_cubin = ctx.out / v.lv.cubin
    if ptxtool.same_machine_code(cand_cubin, parent_cubin):
        # identical machine code: equivalent and exactly as fast; keep the edit (it changed only the PTX text)
        rec.outcome, rec.gate = "accepted", "none"
        rec.reason = "ptxas emits the same machine code as the parent: equivalent, speed unchanged (not a speed-up)"
        _adopt(ctx, v, cand_ptx, cand_cubin, chk, name)
        return rec
    if ctx.device != "cuda":
        rec.outcome, rec.gate = "not_verified", "differential"
        rec.reason = "machine code differs from the parent; differential test not run: needs CUDA"
        return rec
    # differential + timing on the GPU, with the candidate edit swapped in
    old_ptx, old_cubin = v.lv.ptx, v.lv.cubin
    parent_ms = v.rec.speed.ptx_ms
    v.lv.ptx, v.lv.cubin = str(cand_ptx.relative_to(ctx.out)), str(cand_cubin.relative_to(ctx.out))
    res = ctx.run_differential()
    if res.status != "equivalent":
        v.lv.ptx, v.lv.cubin = old_ptx, old_cubin
        manifest_dump(ctx.manifest, ctx.manifest_path)
        rec.gate = "differential"
        bad = [c for c in res.cases if not c.equal]
        rec.reason = f"{res.status}: {res.reason}; failing cases: " + ", ".join(
            f"{c.name} ({c.mismatches} mismatches, max |diff| {c.max_abs_diff}, first at {c.first_mismatch}"
            f"{', ' + c.error if c.error else ''})" for c in bad[:4])
        rec.findings = [Finding(check="ptx.differential", severity="error", failure_class="numerical_mismatch",
                                message=rec.reason[:1000])]
        return rec
    t = res.timing
    if t.status != "measured" or (t.ptx_spread or 0) > MAX_TIMING_SPREAD:
        v.lv.ptx, v.lv.cubin = old_ptx, old_cubin
        manifest_dump(ctx.manifest, ctx.manifest_path)
        rec.gate, rec.reason = "timing", f"timing not stable enough to judge: {t.model_dump()}"
        return rec
    if parent_ms is not None and t.ptx_ms is not None and t.ptx_ms > parent_ms * (1 - MIN_SPEEDUP):
        v.lv.ptx, v.lv.cubin = old_ptx, old_cubin
        manifest_dump(ctx.manifest, ctx.manifest_path)
        rec.gate, rec.reason = "speed", f"not faster than its parent: {t.ptx_ms:.4f} ms vs {parent_ms:.4f} ms"
        return rec
    v.lv.ptx, v.lv.cubin = old_ptx, old_cubin
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
    import importlib.resources

    import jinja2

    src = importlib.resources.files("kagent.prompts").joinpath("lowering.j2").read_text()
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False)
    ttgir_path = v.rec.ir.get("ttgir")
    ttgir = Path(ttgir_path).read_text() if ttgir_path else ""
    return env.from_string(src).render(
        kernel=v.rec.kernel, entry=v.lv.entry, arch=v.abi.arch, num_warps=v.lv.num_warps, shared=v.lv.shared,
        grid=v.rec.grid or [], params=v.abi.params, hidden_params=v.abi.hidden_params,
        registers=v.rec.registers, spill_stores=v.rec.spill_stores, spill_loads=v.rec.spill_loads,
        triton_ms=v.rec.speed.triton_ms, ptx_ms=v.rec.speed.ptx_ms, ttgir=ttgir[:20000],
        ptx=(ctx.out / v.lv.ptx).read_text(), feedback=feedback, round=round_)


def _llm_rounds(ctx: _EditContext, v: _Variant, model: str, rounds: int) -> None:
    from kagent.config import offline_llm_env

    offline_llm_env()
    import litellm

    feedback: list[str] = []
    last_sig: str | None = None
    repeats = 0
    for r in range(1, rounds + 1):
        prompt = render_prompt(v, ctx, feedback, r)
        try:
            resp = litellm.completion(model=model, messages=[{"role": "user", "content": prompt}], timeout=300)
            answer = resp.choices[0].message.content or ""
        except Exception as e:  # the model call failing is an outcome of this round, reported
            v.rec.edits.append(EditRecord(source="llm", name=f"{model} round {r}", round=r, outcome="rejected",
                                          reason=f"model call failed: {type(e).__name__}: {e}"[:500]))
            return
        new = extract_ptx(answer)
        if new is None:
            rec = EditRecord(source="llm", name=f"{model} round {r}", round=r, outcome="rejected",
                             reason="the answer holds no ```ptx block with an .entry")
        else:
            rec = judge_edit(ctx, v, new, "llm", f"{model} round {r}", r)
        v.rec.edits.append(rec)
        if rec.outcome == "accepted":
            feedback = [f"Round {r} was accepted: {rec.reason}. Try a further improvement."]
            continue
        sig = f"{rec.gate}:{rec.reason[:120]}"
        repeats = repeats + 1 if sig == last_sig else 0
        last_sig = sig
        if repeats >= 1:
            v.rec.edits.append(EditRecord(source="llm", name="guard", round=r, outcome="rejected",
                                          reason="stall: the same failure twice in a row; stopping"))
            return
        feedback = [f"Round {r} was rejected at the {rec.gate} gate: {rec.reason}"] + [
            f.message for f in rec.findings[:10]]
