"""PTX verifier: ptxas acceptance and structural checks of a (possibly edited) Triton PTX kernel.

Every problem becomes a kagent.report.Finding with the PTX line it points at:
* ptx.ptxas      - ptxas (the one Triton ships) rejects the PTX: its message and line
* ptx.entry      - exactly one .entry, named as Triton's launcher expects
* ptx.params     - the parameter list matches Triton's ABI: one param per non-constexpr argument
                   (pointer vs scalar, width), then the two hidden scratch pointers (global,
                   profile) Triton's launcher always passes
* ptx.target     - .target equals the arch, .version new enough for it, .address_size 64
* ptx.registers  - every %<prefix><n> used in the body lies in a declared `.reg %<prefix><N>` range
* ptx.param_store - no store into a kernel parameter: st.param, a st whose address is a param, or a
                   st through a register holding a param's address (mov of the param symbol or
                   cvta.param, followed through copies and pointer arithmetic)
* ptx.reqntid    - a .reqntid directive agrees with the launch block (32 * num_warps)

Layer 3 (verifiers): uses kagent.tools.ptx; runs on CPU, so CI checks it.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from kagent.report import Finding
from kagent.tools.ptx import (
    MIN_PTX_VERSION,
    PtxasResult,
    assemble,
    parse_ptx,
    register_uses,
    strip_comment,
)


class KernelAbi(BaseModel):
    """What the launcher will pass: derived from the Triton specialisation and its metadata."""

    model_config = ConfigDict(extra="forbid")

    entry: str
    params: list[str] = Field(description="per non-constexpr argument: 'ptr' or a scalar Triton type (i32, fp32, ...)")
    hidden_params: int = Field(2, description="Triton >= 3.5 appends global and profile scratch pointers")
    num_warps: int
    arch: str = "sm_90a"

    @classmethod
    def from_spec(cls, spec, entry: str, num_warps: int, arch: str) -> "KernelAbi":
        params = []
        for name in spec.arg_names:
            ty = spec.signature[name]
            if ty == "constexpr":
                continue
            params.append("ptr" if isinstance(ty, str) and ty.startswith("*") else str(ty))
        return cls(entry=entry, params=params, num_warps=num_warps, arch=arch)


_BITS = {"i1": 8, "i8": 8, "u8": 8, "i16": 16, "u16": 16, "fp16": 16, "bf16": 16, "i32": 32, "u32": 32, "fp32": 32,
         "i64": 64, "u64": 64, "fp64": 64, "ptr": 64}
_FLOAT = {"fp16", "bf16", "fp32", "fp64"}


def _ptx_bits(t: str) -> int | None:
    m = re.fullmatch(r"[usbf](\d+)", t)
    return int(m[1]) if m else None


def _finding(check: str, message: str, line: int | None = None, source: str | None = None,
             severity: str = "error", **evidence) -> Finding:
    ev = dict(evidence)
    if line is not None:
        ev["line"] = line
    if source is not None:
        ev["source"] = source.strip()
    loc = f"line {line}: " if line is not None else ""
    return Finding(check=check, severity=severity, message=loc + message,
                   failure_class="compile_error" if severity == "error" else None, evidence=ev)


def ptxas_findings(result: PtxasResult) -> list[Finding]:
    out = []
    if result.status == "timeout":
        out.append(_finding("ptx.ptxas", "ptxas ran past its time limit"))
    for d in result.diagnostics:
        sev = "error" if d.severity in ("error", "fatal") else "warning"
        if d.severity == "fatal" and any(x.severity == "error" for x in result.diagnostics):
            continue  # 'Ptx assembly aborted due to errors' repeats what the errors say
        out.append(_finding("ptx.ptxas", f"ptxas {d.severity}: {d.message}", d.line, d.source_line, sev))
    return out


def structural_findings(ptx_text: str, abi: KernelAbi) -> list[Finding]:
    lines = ptx_text.splitlines()
    mod = parse_ptx(ptx_text)
    out: list[Finding] = []

    # target / version / address size
    if mod.target is None:
        out.append(_finding("ptx.target", "no .target directive"))
    elif mod.target != abi.arch:
        out.append(_finding("ptx.target", f".target {mod.target} does not match the arch {abi.arch}",
                            mod.target_line, lines[mod.target_line - 1] if mod.target_line else None))
    need = MIN_PTX_VERSION.get(abi.arch)
    if mod.version is None:
        out.append(_finding("ptx.target", "no .version directive"))
    elif need is not None:
        try:
            have = tuple(int(x) for x in mod.version.split("."))
        except ValueError:
            have = (0, 0)
        if have < need:
            out.append(_finding("ptx.target", f".version {mod.version} is older than {need[0]}.{need[1]}, "
                                f"the first PTX ISA that knows {abi.arch}", mod.version_line))
    if mod.address_size not in (None, 64):
        out.append(_finding("ptx.target", f".address_size {mod.address_size}: Triton's ABI is 64-bit"))

    # entry
    if len(mod.entries) != 1:
        out.append(_finding("ptx.entry", f"expected exactly one .entry, found {len(mod.entries)}: "
                            f"{[e.name for e in mod.entries]}"))
    entries = [e for e in mod.entries if e.name == abi.entry]
    if not entries:
        out.append(_finding("ptx.entry", f"no .entry named {abi.entry!r} (the launcher looks it up by name)",
                            mod.entries[0].line if mod.entries else None))
        return out
    entry = entries[0]

    # parameters: Triton's ABI
    expected = abi.params + ["ptr"] * abi.hidden_params
    if len(entry.params) != len(expected):
        out.append(_finding("ptx.params", f"{len(entry.params)} parameters, Triton's launcher passes "
                            f"{len(expected)} ({len(abi.params)} kernel arguments + {abi.hidden_params} hidden "
                            f"scratch pointers)", entry.line, expected=expected,
                            found=[p.type for p in entry.params]))
    for i, (p, want) in enumerate(zip(entry.params, expected)):
        bits = _ptx_bits(p.type)
        if want == "ptr":
            if bits != 64:
                out.append(_finding("ptx.params", f"parameter {i} ({p.name}) is .{p.type}; a pointer argument "
                                    "needs 64 bits", p.line, lines[p.line - 1]))
        else:
            want_bits = _BITS.get(want)
            if want_bits is not None and bits is not None and bits != want_bits:
                out.append(_finding("ptx.params", f"parameter {i} ({p.name}) is .{p.type}; argument type {want} "
                                    f"needs {want_bits} bits", p.line, lines[p.line - 1]))
            if want in _FLOAT and p.type.startswith(("u", "s")) and want != "bf16" and want != "fp16":
                out.append(_finding("ptx.params", f"parameter {i} ({p.name}) is .{p.type}, an integer type, "
                                    f"for a {want} argument", p.line, lines[p.line - 1], severity="warning"))
            if p.pointer:
                out.append(_finding("ptx.params", f"parameter {i} ({p.name}) is declared .ptr but argument type "
                                    f"{want} is a scalar", p.line, lines[p.line - 1]))

    # registers: declared ranges
    decl: dict[str, int | None] = {}
    singles: set[str] = set()
    for r in entry.regs:
        if r.count is None:
            singles.add(r.prefix)
        else:
            decl[r.prefix] = max(decl.get(r.prefix) or 0, r.count)
    seen: set[str] = set()
    for ln, full, prefix, idx in register_uses(lines, entry):
        if full in seen:
            continue
        if prefix in decl and idx < (decl[prefix] or 0):
            continue
        if full[1:] in singles:
            continue
        seen.add(full)
        if prefix in decl:
            msg = f"register {full} is outside its declared range %{prefix}<{decl[prefix]}> (0..{decl[prefix] - 1})"
        else:
            msg = f"register {full} is used but no .reg declares %{prefix}<N>"
        out.append(_finding("ptx.registers", msg, ln, lines[ln - 1]))

    # stores into parameters: st.param, st to a param symbol, or st through a register that holds a
    # parameter's address (mov of the symbol / cvta.param, then copies and pointer arithmetic)
    pnames = {p.name for p in entry.params}
    for ln, message, sev in param_store_sites(lines, entry.body_start, entry.body_end, pnames):
        out.append(_finding("ptx.param_store", message, ln, lines[ln - 1], severity=sev))

    # block size
    if entry.reqntid is not None:
        n = 1
        for d in entry.reqntid:
            n *= d
        if n != 32 * abi.num_warps:
            out.append(_finding("ptx.reqntid", f".reqntid {entry.reqntid} but the launcher uses a block of "
                                f"32 * num_warps = {32 * abi.num_warps} threads", entry.line))
    return out


_ST_ADDR = re.compile(r"\bst(?:\.[\w:]+)*\s+\[\s*(?P<addr>%?[A-Za-z_$][\w$]*)")
# `[@p] op dst, operands;` of an instruction with a destination register
_DEF = re.compile(r"^\s*(?:@!?%[\w$]+\s+)?(?P<op>[a-z][\w.:]*)\s+(?P<dst>%[\w$]+)\s*,(?P<srcs>[^;]*);")
# instructions whose result is the address held by a register operand (or a param symbol), offset or copied
_ADDR_OPS = re.compile(r"^(?:mov|cvta|add|sub|mad)\b")


def param_store_sites(lines: list[str], start: int, end: int, pnames: set[str]) -> list[tuple[int, str, str]]:
    """(line, message, severity) of every store into a kernel parameter in lines[start..end]: an error
    for st.param, a st whose address is a param symbol, or a st through a register that holds a param's
    address (from `mov %rd, param` or `cvta.param %rd, ...`, then copies and pointer arithmetic); a
    warning where a param's address is taken but never stored through."""
    held: dict[str, tuple[str, int]] = {}  # register -> (param, line where its address was taken)
    out: list[tuple[int, str, str]] = []
    taken: dict[int, str] = {}
    stored: set[int] = set()
    for ln in range(start, end + 1):
        code = strip_comment(lines[ln - 1])
        m = _ST_ADDR.search(code)
        if re.search(r"\bst\.param\b", code) or (m and m["addr"] in pnames):
            out.append((ln, "store into a kernel parameter (kernel params are read-only and live in the .param "
                        "state space)", "error"))
        elif m and m["addr"] in held:
            param, at = held[m["addr"]]
            stored.add(at)
            out.append((ln, f"store through {m['addr']}, which holds the address of parameter {param} (taken at "
                        f"line {at}): kernel params are read-only", "error"))
        d = _DEF.match(code)
        if d is None or d["op"].startswith(("st.", "st ", "red.")):
            continue
        srcs = [t.strip() for t in d["srcs"].split(",")]
        origin = None
        if _ADDR_OPS.match(d["op"]):
            sym = next((t for t in srcs if t in pnames), None)
            if sym is not None:
                origin = (sym, ln)
                taken[ln] = sym
            else:
                origin = next((held[t] for t in srcs if t in held), None)
        if origin is not None:
            held[d["dst"]] = origin
        else:
            held.pop(d["dst"], None)  # redefined with something that is not a param's address
    for ln, param in taken.items():
        if ln not in stored:
            out.append((ln, f"takes the address of parameter {param} (generic access to a kernel parameter)",
                        "warning"))
    return sorted(out)


class PtxCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ptxas: PtxasResult
    findings: list[Finding]

    @property
    def ok(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


def check_ptx(ptx: str | Path, abi: KernelAbi, cubin_out: str | Path | None = None) -> PtxCheck:
    """Gate 1 (ptxas accepts) and gate 2 (structural checks) of every PTX edit."""
    text = Path(ptx).read_text() if isinstance(ptx, Path) else ptx
    res = assemble(ptx if isinstance(ptx, Path) else text, abi.arch, cubin_out)
    findings = ptxas_findings(res) + structural_findings(text, abi)
    return PtxCheck(ptxas=res, findings=findings)


class PtxVerifier:
    """The verifier-protocol face: run(candidate, ctx) -> list[Finding], candidate a PTX path,
    ctx a mapping with 'abi' (KernelAbi)."""

    name = "ptx"

    def run(self, candidate: str | Path, ctx) -> list[Finding]:
        return check_ptx(Path(candidate), ctx["abi"]).findings
