"""ABI checks of an edited AMDGPU code object against the original it was rebuilt from.

`check_abi(original, edited, edited_code)` returns kagent Findings with evidence, one check name
per ABI property:

  asm_abi.missing_kernel     a kernel of the original lost its code symbol, descriptor or metadata
  asm_abi.vgpr_count         the code uses VGPRs (or AGPRs) past what the descriptor allocates
  asm_abi.sgpr_count         the code uses SGPRs past the allocation (extra VCC/XNACK/flat-scratch
                             SGPRs included)
  asm_abi.lds_size           LDS smaller than the original, or a static ds_ offset past its end
  asm_abi.scratch            private segment smaller than the original, or scratch use without one
  asm_abi.kernarg            kernarg segment size or argument layout changed, or inconsistent
  asm_abi.wavefront_size     wavefront size changed, or differs between descriptor and metadata
  asm_abi.descriptor_field   any other descriptor field changed (modes, user/system SGPR enables)
  asm_abi.metadata           metadata of the kernel changed or disagrees with its descriptor
  asm_abi.register_growth    (warning) more registers allocated than before: occupancy may drop
  asm_abi.kernarg_preload    kernarg preloading: the code at entry+256 (where preloading hardware
                             starts) is no longer the code the original had there
  asm_abi.pc_relative        (warning) code size changed in a kernel that uses s_getpc_b64

`check_scope(original, edited, allowed)` is the "no changes outside the edited kernel" gate.
"""

from __future__ import annotations

from typing import Any

from kagent.report import Finding
from kagent.tools.amdgpu import (
    GFX90A_PLUS,
    CodeObject,
    KernelDescriptor,
    KernelInfo,
    RegisterUse,
    descriptor_diff,
    extra_sgprs,
    register_use,
)

# descriptor fields with a check of their own (everything else is `descriptor_field`)
_OWN_CHECK = {
    "granulated_workitem_vgpr_count": "vgpr_count",
    "granulated_wavefront_sgpr_count": "sgpr_count",
    "accum_offset": "vgpr_count",
    "group_segment_fixed_size": "lds_size",
    "granulated_lds_size": "lds_size",
    "private_segment_fixed_size": "scratch",
    "kernarg_size": "kernarg",
    "wavefront_size32": "wavefront_size",
    "kernel_code_entry_byte_offset": "layout",
}
# metadata keys compared between original and edited (register counts may legitimately change)
_MD_FIXED = (".args", ".kernarg_segment_size", ".kernarg_segment_align", ".group_segment_fixed_size",
             ".private_segment_fixed_size", ".wavefront_size", ".max_flat_workgroup_size",
             ".uniform_work_group_size", ".uses_dynamic_stack", ".symbol", ".reqd_workgroup_size")
CHECKS = ("missing_kernel", "vgpr_count", "sgpr_count", "lds_size", "scratch", "kernarg", "wavefront_size",
          "descriptor_field", "metadata", "kernarg_preload", "register_growth", "pc_relative", "scope")


def _f(check: str, kernel: str | None, message: str, severity: str = "error", **evidence: Any) -> Finding:
    return Finding(check=f"asm_abi.{check}", severity=severity, message=message, case=kernel,  # type: ignore[arg-type]
                   evidence={"kernel": kernel, **evidence})


def _args_layout(md: dict[str, Any] | None) -> list[tuple[Any, Any, Any]]:
    return [(a.get(".offset"), a.get(".size"), a.get(".value_kind")) for a in (md or {}).get(".args", [])]


def check_kernel(co: CodeObject, k: KernelInfo, use: RegisterUse) -> list[Finding]:
    """Internal consistency of one kernel of `co`: its code fits what its descriptor grants."""
    out: list[Finding] = []
    d = k.descriptor
    if d is None:
        return out
    mcpu = co.mcpu
    alloc = d.vgpr_alloc(mcpu)
    acc = d.accum_offset(mcpu)
    if mcpu in GFX90A_PLUS and acc is not None:
        if use.max_vgpr + 1 > acc:
            out.append(_f("vgpr_count", k.name, f"code uses v{use.max_vgpr} but accum_offset {acc} leaves only "
                          f"v0..v{acc - 1} as arch VGPRs", used=use.max_vgpr + 1, allocated=acc, accum_offset=acc))
        if use.max_agpr >= 0 and acc + use.max_agpr + 1 > alloc:
            out.append(_f("vgpr_count", k.name, f"code uses a{use.max_agpr}: accum_offset {acc} + {use.max_agpr + 1} "
                          f"AGPRs exceed the {alloc} VGPRs allocated", used=acc + use.max_agpr + 1, allocated=alloc))
        if use.max_vgpr + 1 > alloc:
            out.append(_f("vgpr_count", k.name, f"code uses v{use.max_vgpr} but the descriptor allocates {alloc} VGPRs",
                          used=use.max_vgpr + 1, allocated=alloc))
    else:
        for kind, n in (("v", use.max_vgpr), ("a", use.max_agpr)):
            if n + 1 > alloc:
                out.append(_f("vgpr_count", k.name, f"code uses {kind}{n} but the descriptor allocates {alloc} "
                              f"{'VGPRs' if kind == 'v' else 'AGPRs'}", used=n + 1, allocated=alloc))
    extra = extra_sgprs(mcpu, co.xnack, use.uses_vcc, use.uses_flat_scratch)
    need, have = use.max_sgpr + 1 + extra, d.sgpr_alloc()
    if use.max_sgpr >= 0 and need > have:
        out.append(_f("sgpr_count", k.name, f"code uses s{use.max_sgpr} (+{extra} reserved SGPRs = {need}) but the "
                      f"descriptor allocates {have} SGPRs", used=need, allocated=have, extra=extra))
    lds = d.group_segment_fixed_size
    dynamic_lds = bool((k.metadata or {}).get(".dynamic_lds_size")) or lds == 0
    if use.uses_lds and use.max_lds_static_end > lds and not (lds == 0 and dynamic_lds and use.max_lds_static_end <= 65536):
        out.append(_f("lds_size", k.name, f"`{use.lds_example}` reaches LDS byte {use.max_lds_static_end} but the "
                      f"kernel has {lds} bytes of LDS", needed=use.max_lds_static_end, lds=lds, instruction=use.lds_example))
    if use.uses_scratch and d.private_segment_fixed_size == 0 and not d.fields["uses_dynamic_stack"]:
        out.append(_f("scratch", k.name, "code uses scratch memory but the private segment size is 0",
                      private_segment_fixed_size=0))
    md = k.metadata or {}
    if md:
        for key, val in ((".group_segment_fixed_size", d.group_segment_fixed_size),
                         (".private_segment_fixed_size", d.private_segment_fixed_size)):
            if key in md and md[key] != val:
                out.append(_f("metadata", k.name, f"metadata {key} = {md[key]} but the descriptor says {val}",
                              key=key, metadata=md[key], descriptor=val))
        if ".kernarg_segment_size" in md and md[".kernarg_segment_size"] > d.kernarg_size:
            out.append(_f("kernarg", k.name, f"metadata kernarg segment ({md['.kernarg_segment_size']} bytes) is larger "
                          f"than the descriptor's kernarg_size {d.kernarg_size}", metadata=md[".kernarg_segment_size"],
                          descriptor=d.kernarg_size))
        end = max((int(a.get(".offset", 0)) + int(a.get(".size", 0)) for a in md.get(".args", [])), default=0)
        if end > d.kernarg_size:
            out.append(_f("kernarg", k.name, f"arguments end at byte {end} past kernarg_size {d.kernarg_size}",
                          args_end=end, kernarg_size=d.kernarg_size))
        if ".wavefront_size" in md and md[".wavefront_size"] != d.wavefront_size():
            out.append(_f("wavefront_size", k.name, f"metadata .wavefront_size {md['.wavefront_size']} but the "
                          f"descriptor runs wave{d.wavefront_size()}", metadata=md[".wavefront_size"],
                          descriptor=d.wavefront_size()))
    if mcpu.startswith("gfx9") and d.wavefront_size() != 64:
        out.append(_f("wavefront_size", k.name, f"{mcpu} runs wave64 only; the descriptor asks for wave32",
                      descriptor=d.wavefront_size()))
    return out


def _compare_descriptor(name: str, mcpu: str, a: KernelDescriptor, b: KernelDescriptor) -> list[Finding]:
    out: list[Finding] = []
    diff = descriptor_diff(a, b)
    for field, (va, vb) in diff.items():
        own = _OWN_CHECK.get(field)
        if own == "layout":
            continue  # the code moved; the descriptor still points at it (checked by the symbol)
        if field in ("granulated_workitem_vgpr_count", "granulated_wavefront_sgpr_count", "accum_offset"):
            sev = "warning" if vb > va else "error"
            check = "register_growth" if vb > va else own
            what = "more" if vb > va else "fewer"
            out.append(_f(check, name, f"descriptor {field} {va} -> {vb}: {what} registers than the original",  # type: ignore[arg-type]
                          severity=sev, field=field, original=va, edited=vb))
        elif own == "lds_size":
            if vb < va or field == "granulated_lds_size":
                out.append(_f("lds_size", name, f"LDS {field} {va} -> {vb}: smaller than the original",
                              field=field, original=va, edited=vb))
            else:
                out.append(_f("lds_size", name, f"LDS {field} {va} -> {vb}: larger than the original (occupancy)",
                              severity="warning", field=field, original=va, edited=vb))
        elif own == "scratch":
            sev = "error" if vb < va else "warning"
            out.append(_f("scratch", name, f"private segment {va} -> {vb} bytes", severity=sev, original=va, edited=vb))
        elif own == "kernarg":
            out.append(_f("kernarg", name, f"kernarg_size {va} -> {vb}: the caller's argument buffer no longer matches",
                          original=va, edited=vb))
        elif own == "wavefront_size":
            out.append(_f("wavefront_size", name, f"wavefront size {64 if not va else 32} -> {64 if not vb else 32}",
                          original=64 if not va else 32, edited=64 if not vb else 32))
        else:
            out.append(_f("descriptor_field", name, f"descriptor field {field} changed {va} -> {vb}",
                          field=field, original=va, edited=vb))
    return out


def check_abi(original: CodeObject, edited: CodeObject, edited_code: dict[str, list[str]] | None = None) -> list[Finding]:
    """Every kernel of `original` against its counterpart in `edited`.

    edited_code: the instruction lines of each kernel in the edited assembly (what register_use
    scans); without it, the kernel's own code is scanned from its disassembly by the caller's choice
    (pass {} to skip usage checks).
    """
    out: list[Finding] = []
    if edited.mcpu != original.mcpu or edited.xnack != original.xnack or edited.sramecc != original.sramecc:
        out.append(_f("descriptor_field", None, f"target changed: {original.target_id} -> {edited.target_id}",
                      original=original.target_id, edited=edited.target_id))
    for k in original.kernels:
        e = edited.kernel(k.name)
        missing = []
        if e is None or e.code_addr is None:
            missing.append(f"code symbol `{k.name}`")
        if e is None or e.kd_addr is None or e.descriptor is None:
            missing.append(f"descriptor symbol `{k.name}.kd`")
        if e is None or e.metadata is None:
            missing.append("metadata entry")
        if missing:
            out.append(_f("missing_kernel", k.name, f"kernel {k.name}: missing {', '.join(missing)} in the edited object",
                          missing=missing))
            continue
        assert e is not None and e.descriptor is not None
        if k.descriptor is not None:
            out += _compare_descriptor(k.name, original.mcpu, k.descriptor, e.descriptor)
        lines = (edited_code or {}).get(k.name)
        use = register_use(lines) if lines is not None else RegisterUse()
        out += check_kernel(edited, e, use)
        md_a, md_b = k.metadata or {}, e.metadata or {}
        for key in _MD_FIXED:
            if md_a.get(key) != md_b.get(key):
                check = "kernarg" if key in (".args", ".kernarg_segment_size", ".kernarg_segment_align") else (
                    "wavefront_size" if key == ".wavefront_size" else "metadata")
                evidence: dict[str, Any] = {"key": key, "original": md_a.get(key), "edited": md_b.get(key)}
                if key == ".args":
                    evidence = {"key": key, "original": _args_layout(md_a), "edited": _args_layout(md_b)}
                out.append(_f(check, k.name, f"metadata {key} changed: {md_a.get(key)!r} -> {md_b.get(key)!r}", **evidence))
        out += _check_preload(original, edited, k, e)
        if use.uses_getpc and lines is not None:
            sa, sb = original.kernel_span(k.name), edited.kernel_span(k.name)
            if sa and sb and sa[1] - sa[0] != sb[1] - sb[0]:
                out.append(_f("pc_relative", k.name, "the kernel computes addresses from s_getpc_b64 and its code size "
                              "changed: pc-relative literal offsets may now be wrong", severity="warning",
                              original_size=sa[1] - sa[0], edited_size=sb[1] - sb[0]))
    return out


PRELOAD_ENTRY = 256  # hardware that preloads kernargs starts the kernel 256 bytes past its entry
PRELOAD_PROBE = 32


def _check_preload(original: CodeObject, edited: CodeObject, k: KernelInfo, e: KernelInfo) -> list[Finding]:
    d = e.descriptor
    if d is None or not d.fields["kernarg_preload_length"] or k.code_addr is None or e.code_addr is None:
        return []
    sa, sb = original.kernel_span(k.name), edited.kernel_span(k.name)
    if not sa or not sb or sa[1] - sa[0] < PRELOAD_ENTRY + PRELOAD_PROBE or sb[1] - sb[0] < PRELOAD_ENTRY + PRELOAD_PROBE:
        return []
    a = original.vaddr_bytes(k.code_addr + PRELOAD_ENTRY, PRELOAD_PROBE)
    b = edited.vaddr_bytes(e.code_addr + PRELOAD_ENTRY, PRELOAD_PROBE)
    if a == b:
        return []
    return [_f("kernarg_preload", k.name, f"the kernel preloads {d.fields['kernarg_preload_length']} kernarg SGPRs, so "
               f"preloading hardware enters it at +{PRELOAD_ENTRY}; the code there changed (an edit moved code in the "
               "first 256 bytes)", entry_offset=PRELOAD_ENTRY, original=a.hex(), edited=b.hex())]


def check_scope(original: CodeObject, edited: CodeObject, allowed: set[str]) -> list[Finding]:
    """No change outside the kernels in `allowed`: code bytes, descriptor and metadata of all others."""
    out: list[Finding] = []
    for k in original.kernels:
        if k.name in allowed:
            continue
        e = edited.kernel(k.name)
        if e is None:
            continue  # reported by check_abi as missing_kernel
        sa, sb = original.kernel_span(k.name), edited.kernel_span(k.name)
        ta = original.vaddr_bytes(sa[0], sa[1] - sa[0]) if sa else b""
        tb = edited.vaddr_bytes(sb[0], sb[1] - sb[0]) if sb else b""
        if ta != tb:
            out.append(_f("scope", k.name, f"kernel {k.name} was not to be edited but its code changed",
                          original_bytes=len(ta), edited_bytes=len(tb)))
        if k.descriptor and e.descriptor:
            diff = {f: v for f, v in descriptor_diff(k.descriptor, e.descriptor).items() if f != "kernel_code_entry_byte_offset"}
            if diff:
                out.append(_f("scope", k.name, f"kernel {k.name} was not to be edited but its descriptor changed",
                              fields=diff))
        if k.metadata != e.metadata:
            out.append(_f("scope", k.name, f"kernel {k.name} was not to be edited but its metadata changed"))
    return out
