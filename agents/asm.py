"""The asm agent: AMDGPU code object -> reassemblable .s -> edits -> rebuilt, ABI-checked object.

Gate order for every edit (the first that fails rejects it, with its evidence):
  0. no-edit gate: the unedited .s must rebuild .text and every descriptor byte for byte, at the
     same addresses, with the same metadata; no edit is allowed otherwise;
  1. assembles (llvm-mc; its message and line are the feedback) and links (ld.lld);
  2. ABI checks (verifiers/asm_abi: registers, LDS, scratch, kernarg, wavefront, descriptor, metadata);
  3. no changes outside the edited kernel(s);
  4. differential test on AMD hardware (tools/amdgpu_runner): "not run: needs an AMD GPU" here;
  5. timing on AMD hardware: likewise not run.
An edit that passes 0-3 is "unverified", never "verified", until 4 has run and passed.

Edits come from a patch file (search/replace blocks, a unified diff, or a whole .s), from an LLM
(prompts/asm.j2 through kagent.tools.llm), or from kagent's own rewrite passes (`merge_waitcnt`).
"""

from __future__ import annotations

import logging
import re
import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.errors import InputError
from kagent.report import Finding
from kagent.tools import amdgpu as A
from kagent.tools.amdgpu_runner import NOT_RUN, HardwareResult, amd_gpu_present
from kagent.verifiers.asm_abi import check_abi, check_scope

log = logging.getLogger("kagent.agents.asm")

Gate = Literal["patch", "no_edit_gate", "assembles", "abi", "scope", "hardware", "timing"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EditOutcome(_M):
    status: Literal["not_requested", "rejected", "unverified", "verified"]
    source: Literal["none", "patch", "model", "rewrite"] = "none"
    gate: Gate | None = Field(None, description="the gate that rejected the edit (None: none did)")
    gates_passed: list[Gate] = Field(default_factory=list)
    message: str = ""
    diagnostics: list[A.AsmDiagnostic] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)
    edited_kernels: list[str] = Field(default_factory=list)
    attempts: int = 0
    text_bytes_delta: int = 0


class KernelVerdict(_M):
    kernel: str
    round_trip: Literal["identical", "different"]
    text_identical: bool
    descriptor_identical: bool
    descriptor_diff: dict[str, list[int]] = Field(default_factory=dict)
    abi_findings: list[Finding] = Field(default_factory=list)
    edited: bool = False
    hardware: HardwareResult


class AsmReport(_M):
    verdict: Literal["round_trip_failed", "round_trip_ok", "edit_rejected", "edit_unverified", "edit_verified"]
    summary: str
    code_object: str
    mcpu: str
    target_id: str
    round_trip: A.RoundTrip
    kernels: list[KernelVerdict]
    edit: EditOutcome
    hardware: str = Field(description="the hardware verdict in words")
    timing: str
    files: dict[str, str] = Field(default_factory=dict)
    seconds: float = 0.0


# ----------------------------------------------------------------------------------- round trip


class Rebuilt(_M):
    build: A.BuildResult
    object: A.CodeObject | None = None


def rebuild(co: A.CodeObject, source: str, *, timeout_s: float = 60.0) -> Rebuilt:
    res = A.build(source, co.mcpu, xnack=co.xnack, sramecc=co.sramecc, timeout_s=timeout_s)
    if res.status != "ok":
        return Rebuilt(build=res)
    return Rebuilt(build=res, object=A.read_code_object(res.object_bytes))


def kernel_code(co: A.CodeObject, source: str) -> dict[str, list[str]]:
    return {k.name: A.code_lines(source, k.name) for k in co.kernels}


# ----------------------------------------------------------------------------------- edits


def apply_patch(source: str, patch: str) -> tuple[str | None, str]:
    """(new source, message): search/replace blocks, a unified diff, or a whole replacement .s."""
    if "<<<<<<<" in patch and "SEARCH" in patch:
        from kagent.tools.edits import apply_edits

        res = apply_edits(source, patch)
        return (res.new_source if res.status == "applied" else None), res.message
    if re.search(r"^@@ -\d+", patch, re.M):
        pr = A.apply_unified_diff(source, patch)
        return pr.text, pr.message
    if ".amdgcn_target" in patch or "// kagent: begin" in patch:
        return patch, "whole assembly file"
    return None, "the patch is neither search/replace blocks, a unified diff, nor a whole .s file"


def changed_kernels(co: A.CodeObject, before: str, after: str) -> list[str]:
    """Kernels whose code or descriptor block differs between two versions of the .s."""
    a, b = A.split_blocks(before), A.split_blocks(after)
    return [k.name for k in co.kernels
            if a.get(f"code:{k.name}") != b.get(f"code:{k.name}") or a.get(f"descriptor:{k.name}") != b.get(f"descriptor:{k.name}")]


def check_edit(co: A.CodeObject, original_source: str, edited_source: str, *, allowed: set[str] | None = None,
               source: Literal["patch", "model", "rewrite"] = "patch", timeout_s: float = 60.0) -> tuple[EditOutcome, Rebuilt | None]:
    """Gates 1-5 on one edited .s (gate 0 is the caller's: `run_asm` checks the round trip first)."""
    edited = changed_kernels(co, original_source, edited_source)
    if allowed is None:
        allowed = set(edited)
    out = EditOutcome(status="rejected", source=source, edited_kernels=edited, gates_passed=["no_edit_gate"])
    if edited_source == original_source:
        out.gate, out.message = "patch", "the edit leaves the assembly unchanged"
        return out, None
    rb = rebuild(co, edited_source, timeout_s=timeout_s)
    if rb.build.status != "ok" or rb.object is None:
        out.gate, out.diagnostics = "assembles", rb.build.diagnostics
        out.message = rb.build.message or rb.build.status
        return out, rb
    out.gates_passed.append("assembles")
    out.text_bytes_delta = len(rb.object.section_bytes(".text")) - len(co.section_bytes(".text"))
    abi = check_abi(co, rb.object, kernel_code(co, edited_source))
    out.findings = abi
    errors = [f for f in abi if f.severity == "error"]
    if errors:
        out.gate = "abi"
        out.message = "; ".join(f"{f.check}: {f.message}" for f in errors[:5])
        return out, rb
    out.gates_passed.append("abi")
    scope = check_scope(co, rb.object, allowed)
    out.findings += scope
    if scope:
        out.gate = "scope"
        out.message = "; ".join(f.message for f in scope[:5])
        return out, rb
    out.gates_passed.append("scope")
    present, why = amd_gpu_present()
    out.status = "unverified"
    out.message = why if not present else "AMD GPU present: run tools.amdgpu_runner.differential_run with the verify suite's inputs"
    return out, rb


# ----------------------------------------------------------------------------------- rewrite passes

_WAIT = re.compile(r"^\s*s_waitcnt\s+(.*)$")
_CNT = re.compile(r"(vmcnt|expcnt|lgkmcnt)\((\d+)\)")
_HAZARD_NEAR = re.compile(r"^\s*(s_nop|s_setreg|s_getreg|s_sendmsg|s_set_gpr_idx|v_readlane|v_writelane|v_readfirstlane)|\bm0\b|dpp|sdwa")
_MFMA = re.compile(r"^\s*v_(mfma|smfmac)")
_END_FLOW = re.compile(r"^\s*(s_branch|s_endpgm|s_setpc_b64)\b")
_LABEL = re.compile(r"^\S.*:\s*$")
HAZARD_WINDOW = 6
MFMA_WINDOW = 20


class RewriteSite(_M):
    line: int
    before: list[str]
    after: str | None
    applied: bool
    reason: str


def _counters(ops: str) -> dict[str, int] | None:
    ops = ops.split("//", 1)[0].strip()
    found = dict((k, int(v)) for k, v in _CNT.findall(ops))
    rest = _CNT.sub("", ops).replace("&", "").strip()
    return None if rest or not found else found


def merge_waitcnt(source: str, kernel: str) -> tuple[str, list[RewriteSite]]:
    """Merge two adjacent `s_waitcnt` of one kernel into one that waits for the stricter count of
    each counter. Semantics are unchanged (waiting for both = waiting for the minimum of each);
    the pass removes one issue slot, so it applies only where no hazard can depend on that slot:
    no label between or just before the pair, no s_nop/setreg/getreg/sendmsg/m0/lane/DPP/SDWA
    instruction within 6 instructions on either side (up to an unconditional branch), no v_
    instruction within 6 before it, and no MFMA within 20 before it."""
    lines = source.splitlines()
    begin = next((i for i, ln in enumerate(lines) if ln.startswith(f"// kagent: begin {kernel}")), None)
    if begin is None:
        raise InputError(f"kernel {kernel} has no code block in the assembly")
    end = next(i for i in range(begin, len(lines)) if lines[i].startswith(f"// kagent: end {kernel}") or i == len(lines) - 1)
    sites: list[RewriteSite] = []
    i = begin
    while i < end - 1:
        m1, m2 = _WAIT.match(lines[i]), _WAIT.match(lines[i + 1])
        if not (m1 and m2):
            i += 1
            continue
        c1, c2 = _counters(m1.group(1)), _counters(m2.group(1))
        pair = [lines[i].strip(), lines[i + 1].strip()]
        if c1 is None or c2 is None:
            sites.append(RewriteSite(line=i + 1, before=pair, after=None, applied=False, reason="waitcnt form not understood"))
            i += 2
            continue
        reason = _hazard_reason(lines, begin, end, i)
        if reason:
            sites.append(RewriteSite(line=i + 1, before=pair, after=None, applied=False, reason=reason))
            i += 2
            continue
        merged = {k: min(c1.get(k, 1 << 30), c2.get(k, 1 << 30)) for k in ("vmcnt", "expcnt", "lgkmcnt") if k in c1 or k in c2}
        text = "  s_waitcnt " + " ".join(f"{k}({v})" for k, v in merged.items())
        lines[i : i + 2] = [text]
        sites.append(RewriteSite(line=i + 1, before=pair, after=text.strip(), applied=True, reason="merged"))
        end -= 1
        i += 1
    return "\n".join(lines) + "\n", sites


def _instr(line: str) -> bool:
    s = line.strip()
    return bool(s) and not s.startswith(("//", ".", ";")) and not _LABEL.match(line)


def _hazard_reason(lines: list[str], begin: int, end: int, i: int) -> str | None:
    before: list[str] = []
    j = i - 1
    while j > begin and len(before) < MFMA_WINDOW:
        if lines[j].startswith(".L") and _LABEL.match(lines[j]) and not lines[j].startswith(".Lkagent_end_") \
                and len(before) < HAZARD_WINDOW:
            return f"a branch label ({lines[j].strip()}) within {HAZARD_WINDOW} instructions before"
        if _instr(lines[j]):
            before.append(lines[j])
        j -= 1
    after: list[str] = []
    j = i + 2
    while j < end and len(after) < HAZARD_WINDOW:
        if _instr(lines[j]):
            after.append(lines[j])
            if _END_FLOW.match(lines[j]):
                break
        j += 1
    near = before[:HAZARD_WINDOW] + after
    for ln in near:
        if _HAZARD_NEAR.search(ln):
            return f"hazard-sensitive instruction nearby: {ln.strip()}"
    for ln in before[:HAZARD_WINDOW]:
        if ln.strip().startswith("v_"):
            return f"VALU instruction within {HAZARD_WINDOW} before: {ln.strip()}"
    for ln in before:
        if _MFMA.match(ln):
            return f"MFMA within {MFMA_WINDOW} before: {ln.strip()}"
    return None


REWRITE_PASSES = {"merge_waitcnt": merge_waitcnt}


# ----------------------------------------------------------------------------------- LLM edits


def budgets(co: A.CodeObject, kernel: str) -> list[str]:
    k = co.kernel(kernel)
    if k is None or k.descriptor is None:
        return []
    d = k.descriptor
    out = [f"VGPRs: {d.vgpr_alloc(co.mcpu)} allocated" + (f" (v0..v{d.accum_offset(co.mcpu) - 1} arch, the rest AGPRs)"  # type: ignore[operator]
                                                        if d.accum_offset(co.mcpu) else ""),
           f"SGPRs: {d.sgpr_alloc()} allocated including {A.extra_sgprs(co.mcpu, co.xnack, True, False)} reserved (VCC/XNACK/flat scratch)",
           f"LDS: {d.group_segment_fixed_size} bytes static", f"scratch: {d.private_segment_fixed_size} bytes per lane",
           f"kernarg segment: {d.kernarg_size} bytes", f"wavefront size: {d.wavefront_size()}"]
    return out


def llm_edit(co: A.CodeObject, source: str, kernel: str, *, model: str, goal: str, attempts: int = 3,
             token_budget: int | None = 200_000, timeout_s: float = 60.0) -> tuple[EditOutcome, str, Rebuilt | None]:
    """Ask the model for search/replace edits to one kernel; feed gate failures back; stop after
    `attempts` or when the same failure repeats (change the hypothesis, or give up)."""
    from kagent.budget import Ledger
    from kagent.tools import llm
    from kagent.tools.edits import apply_edits
    from kagent.tools.templates import render

    ledger = Ledger(token_budget=token_budget)
    history: list[str] = []
    feedback = ""
    last: EditOutcome = EditOutcome(status="rejected", source="model", gate="patch", message="no attempt made")
    seen: list[str] = []
    kernel_asm = A.split_blocks(source).get(f"code:{kernel}", "")
    for n in range(1, attempts + 1):
        prompt = render("asm.j2", kernel_name=kernel, mcpu=co.mcpu, goal=goal, budgets=budgets(co, kernel),
                        kernel_asm=kernel_asm, feedback=feedback, history=history)
        messages = [{"role": "system", "content": "You are an expert AMDGPU assembly engineer. You make minimal, exact edits."},
                    {"role": "user", "content": prompt}]
        answer = llm.complete(messages, model=model, ledger=ledger, request_index=n - 1)
        res = apply_edits(source, answer.text)
        if res.status != "applied" or res.new_source is None:
            last = EditOutcome(status="rejected", source="model", gate="patch", message=res.message, attempts=n)
            edited = None
        else:
            edited = res.new_source
            last, rb = check_edit(co, source, edited, allowed={kernel}, source="model", timeout_s=timeout_s)
            last.attempts = n
            if last.status != "rejected":
                return last, edited, rb
        sig = f"{last.gate}: {last.message}"
        history.append(f"attempt {n}: rejected at {sig[:300]}")
        if sig in seen:
            last.message += " (same failure twice: stopped)"
            break
        seen.append(sig)
        feedback = sig
        if last.gate == "assembles" and last.diagnostics:
            d = last.diagnostics[0]
            feedback = f"llm-mc error at line {d.line}: {d.message}\n    {d.source_line or ''}"
    return last, source, None


# ----------------------------------------------------------------------------------- the command


def run_asm(code_object: str | Path, *, mcpu: str | None = None, edit: str | Path | None = None,
            model: str | None = None, rewrite: str | None = None, kernel: str | None = None,
            goal: str = "make the kernel faster without changing its results", out_dir: str | Path | None = None,
            timeout_s: float = 60.0) -> AsmReport:
    """Disassemble, check the no-edit round trip, apply at most one edit source, write the files."""
    t0 = time.monotonic()
    if sum(x is not None for x in (edit, model, rewrite)) > 1:
        raise InputError("give at most one of --edit, --model, --rewrite")
    path = Path(code_object)
    co = A.read_code_object(path)
    if mcpu and mcpu != co.mcpu:
        raise InputError(f"{path.name} is a {co.mcpu} code object, not {mcpu}")
    if kernel and co.kernel(kernel) is None:
        raise InputError(f"no kernel {kernel!r} in {path.name} (kernels: {', '.join(k.name for k in co.kernels)})")
    out = Path(out_dir) if out_dir else path.parent / f"{path.stem}.kagent-asm"
    out.mkdir(parents=True, exist_ok=True)
    source = A.emit_assembly(co)
    files = {"assembly": str(out / f"{path.stem}.s")}
    Path(files["assembly"]).write_text(source)

    rb = rebuild(co, source, timeout_s=timeout_s)
    if rb.object is None:
        rt = A.RoundTrip(verdict="different", text_identical=False, layout_identical=False, metadata_identical=False,
                         note_bytes_identical=False, kernels=[], differences=[f"rebuild failed: {rb.build.message}"])
    else:
        rt = A.compare_objects(co, rb.object)
        files["rebuilt"] = str(out / f"{path.stem}.rebuilt.hsaco")
        Path(files["rebuilt"]).write_bytes(rb.build.object_bytes)

    edit_out = EditOutcome(status="not_requested")
    edited_obj: A.CodeObject | None = None
    edited_src: str | None = None
    requested = edit is not None or model is not None or rewrite is not None
    if requested and rt.verdict != "identical":
        edit_out = EditOutcome(status="rejected", gate="no_edit_gate",
                               message="the unedited round trip is not identical; no edit is allowed: " + "; ".join(rt.differences))
    elif edit is not None:
        patch = Path(edit).read_text() if Path(str(edit)).exists() else str(edit)
        new, msg = apply_patch(source, patch)
        if new is None:
            edit_out = EditOutcome(status="rejected", source="patch", gate="patch", message=msg, gates_passed=["no_edit_gate"])
        else:
            edited_src = new
            edit_out, erb = check_edit(co, source, new, timeout_s=timeout_s)
            edited_obj = erb.object if erb else None
    elif rewrite is not None:
        if rewrite not in REWRITE_PASSES:
            raise InputError(f"unknown rewrite pass {rewrite!r} (known: {', '.join(REWRITE_PASSES)})")
        targets = [kernel] if kernel else [k.name for k in co.kernels]
        new = source
        sites: list[RewriteSite] = []
        for kname in targets:
            new, s = REWRITE_PASSES[rewrite](new, kname)
            sites += s
        applied = [s for s in sites if s.applied]
        if not applied:
            edit_out = EditOutcome(status="rejected", source="rewrite", gate="patch", gates_passed=["no_edit_gate"],
                                   message=f"{rewrite}: no site ({len(sites)} candidate(s) refused: "
                                           + "; ".join(s.reason for s in sites[:3]) + ")")
        else:
            edited_src = new
            edit_out, erb = check_edit(co, source, new, allowed=set(targets), source="rewrite", timeout_s=timeout_s)
            edited_obj = erb.object if erb else None
            edit_out.message = f"{rewrite}: {len(applied)} site(s); " + edit_out.message
    elif model is not None:
        target = kernel or (co.kernels[0].name if len(co.kernels) == 1 else None)
        if target is None:
            raise InputError("the code object has several kernels: name the one to edit with --kernel")
        edit_out, new, erb = llm_edit(co, source, target, model=model, goal=goal, timeout_s=timeout_s)
        edited_obj = erb.object if erb else None
        edited_src = new if new != source else None

    if edited_src is not None:
        files["edited_assembly"] = str(out / f"{path.stem}.edited.s")
        Path(files["edited_assembly"]).write_text(edited_src)
    if edited_obj is not None and edit_out.status != "rejected":
        files["edited"] = str(out / f"{path.stem}.edited.hsaco")
        Path(files["edited"]).write_bytes(edited_obj.data)

    present, why = amd_gpu_present()
    hw_word = why if not present else "AMD GPU present: differential run available through tools.amdgpu_runner"
    kernels: list[KernelVerdict] = []
    by_rt = {k.kernel: k for k in rt.kernels}
    for k in co.kernels:
        kr = by_rt.get(k.name)
        findings = [f for f in edit_out.findings if f.case == k.name]
        kernels.append(KernelVerdict(
            kernel=k.name, round_trip="identical" if kr and kr.identical else "different",
            text_identical=bool(kr and kr.text_identical), descriptor_identical=bool(kr and kr.descriptor_identical),
            descriptor_diff={} if kr is None or kr.descriptor_identical else kr.descriptor_diff,
            abi_findings=findings, edited=k.name in edit_out.edited_kernels,
            hardware=HardwareResult(status="not_run", reason=why if not present else "differential run not requested", kernel=k.name)))

    if rt.verdict != "identical":
        verdict = "round_trip_failed"
    elif edit_out.status == "not_requested":
        verdict = "round_trip_ok"
    elif edit_out.status == "rejected":
        verdict = "edit_rejected"
    else:
        verdict = "edit_unverified" if edit_out.status == "unverified" else "edit_verified"
    n_id = sum(1 for k in kernels if k.round_trip == "identical")
    summary = f"{n_id}/{len(kernels)} kernel(s) round-trip identical (text + descriptor)"
    if edit_out.status != "not_requested":
        summary += f"; edit {edit_out.status}" + (f" at gate {edit_out.gate}: {edit_out.message}" if edit_out.gate else "")
    if verdict == "edit_unverified":
        summary += f"; hardware: {hw_word}"
    files["report"] = str(out / "report.json")
    report = AsmReport(verdict=verdict, summary=summary, code_object=str(path), mcpu=co.mcpu, target_id=co.target_id,
                       round_trip=rt, kernels=kernels, edit=edit_out, hardware=hw_word,
                       timing=NOT_RUN if not present else "not measured", files=files, seconds=time.monotonic() - t0)
    Path(files["report"]).write_text(report.model_dump_json(indent=2))
    return report
