"""PTX toolchain: find ptxas, assemble PTX into a cubin, parse ptxas diagnostics and `-v` resource
usage, and parse the parts of a PTX module the structural checks and rewrite passes need.

Layer 2 (tools). Runs on a machine without a GPU: ptxas is the one Triton ships in its wheel
(triton/backends/nvidia/bin/ptxas), falling back to /usr/local/cuda/bin/ptxas or $KAGENT_PTXAS.
The Triton-specific part (capturing launches, AOT compile) lives in kagent.tools.triton_capture.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.errors import ToolchainError
from kagent.log import get_logger

log = get_logger("tools.ptx")

DEFAULT_ARCH = "sm_90a"
PTXAS_TIMEOUT_S = 120.0


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ----------------------------------------------------------------------------------------------
# ptxas
# ----------------------------------------------------------------------------------------------


class PtxasDiagnostic(_Model):
    severity: Literal["error", "warning", "fatal", "info"]
    line: int | None = Field(None, description="1-based line in the PTX file, when ptxas gives one")
    message: str
    source_line: str | None = Field(None, description="the PTX text of that line")


class PtxasResources(_Model):
    """What `ptxas -v` reports for one entry function."""

    function: str
    registers: int
    spill_stores: int = Field(description="bytes")
    spill_loads: int = Field(description="bytes")
    stack_frame: int = Field(description="bytes")
    shared_static: int = Field(0, description="bytes of static shared memory (Triton uses dynamic)")
    barriers: int | None = None


class PtxasResult(_Model):
    status: Literal["ok", "error", "timeout"]
    ptxas: str
    arch: str
    returncode: int | None
    diagnostics: list[PtxasDiagnostic] = Field(default_factory=list)
    resources: list[PtxasResources] = Field(default_factory=list)
    cubin: str | None = Field(None, description="path of the assembled cubin (status ok)")
    log: str = ""

    @property
    def errors(self) -> list[PtxasDiagnostic]:
        return [d for d in self.diagnostics if d.severity in ("error", "fatal")]


def ptxas_path() -> Path:
    """The ptxas to use: $KAGENT_PTXAS, Triton's bundled one, then the CUDA toolkit's."""
    env = os.environ.get("KAGENT_PTXAS")
    candidates: list[Path] = [Path(env)] if env else []
    spec = importlib.util.find_spec("triton")
    if spec is not None and spec.submodule_search_locations:
        root = Path(list(spec.submodule_search_locations)[0])
        candidates.append(root / "backends" / "nvidia" / "bin" / "ptxas")
    candidates.append(Path("/usr/local/cuda/bin/ptxas"))
    which = shutil.which("ptxas")
    if which:
        candidates.append(Path(which))
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    raise ToolchainError("ptxas not found (looked at $KAGENT_PTXAS, triton's wheel, /usr/local/cuda)")


def run_with_timeout(cmd: list[str], timeout_s: float, cwd: str | None = None,
                     env: dict[str, str] | None = None) -> tuple[int | None, str, str]:
    """Run a command in its own process group; on timeout kill the whole group.

    Returns (returncode or None on timeout, stdout, stderr)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd, env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout_s)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out, err


_DIAG = re.compile(r"^ptxas\s+(?P<file>.*?), line (?P<line>\d+); (?P<sev>error|warning|fatal)\s*: (?P<msg>.*)$")
_DIAG_NOLINE = re.compile(r"^ptxas\s+(?P<sev>error|warning|fatal)\s*: (?P<msg>.*)$")
_COMPILING = re.compile(r"Compiling entry function '(?P<fn>[^']+)'")
_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers(?:, used (\d+) barriers)?(?:, (\d+) bytes smem)?")


def parse_ptxas_output(text: str, ptx_lines: list[str] | None = None) -> tuple[list[PtxasDiagnostic], list[PtxasResources]]:
    diags: list[PtxasDiagnostic] = []
    res: list[PtxasResources] = []
    fn: str | None = None
    frame: tuple[int, int, int] = (0, 0, 0)
    for raw in text.splitlines():
        line = raw.strip()
        m = _DIAG.match(line)
        if m:
            ln = int(m["line"])
            src = ptx_lines[ln - 1].strip() if ptx_lines and 0 < ln <= len(ptx_lines) else None
            diags.append(PtxasDiagnostic(severity=m["sev"], line=ln, message=m["msg"].strip(), source_line=src))
            continue
        m = _DIAG_NOLINE.match(line)
        if m:
            diags.append(PtxasDiagnostic(severity=m["sev"], message=m["msg"].strip()))
            continue
        m = _COMPILING.search(line)
        if m:
            fn, frame = m["fn"], (0, 0, 0)
            continue
        m = _FRAME.search(line)
        if m:
            frame = (int(m[1]), int(m[2]), int(m[3]))
            continue
        m = _USED.search(line)
        if m and fn is not None:
            res.append(PtxasResources(function=fn, registers=int(m[1]), stack_frame=frame[0],
                                      spill_stores=frame[1], spill_loads=frame[2],
                                      barriers=int(m[2]) if m[2] else None,
                                      shared_static=int(m[3]) if m[3] else 0))
            fn = None
    return diags, res


def assemble(ptx: str | Path, arch: str = DEFAULT_ARCH, cubin_out: str | Path | None = None,
             timeout_s: float = PTXAS_TIMEOUT_S) -> PtxasResult:
    """Assemble PTX (a path, or PTX text) with `ptxas -arch=ARCH -v`.

    Errors become diagnostics with the PTX line they point at; resources come from `-v`."""
    exe = ptxas_path()
    with tempfile.TemporaryDirectory(prefix="kagent-ptxas-") as tmp:
        if isinstance(ptx, Path) or (isinstance(ptx, str) and "\n" not in ptx and Path(ptx).is_file()):
            ptx_path = Path(ptx)
        else:
            ptx_path = Path(tmp) / "kernel.ptx"
            ptx_path.write_text(str(ptx))
        ptx_lines = ptx_path.read_text().splitlines()
        out_path = Path(cubin_out) if cubin_out else Path(tmp) / "kernel.cubin"
        cmd = [str(exe), f"-arch={arch}", "-v", str(ptx_path), "-o", str(out_path)]
        rc, out, err = run_with_timeout(cmd, timeout_s)
        text = (out or "") + (err or "")
        diags, res = parse_ptxas_output(text, ptx_lines)
        if rc is None:
            return PtxasResult(status="timeout", ptxas=str(exe), arch=arch, returncode=None,
                               diagnostics=diags, log=text[-4000:])
        ok = rc == 0 and not any(d.severity in ("error", "fatal") for d in diags)
        if not ok and not diags:
            diags.append(PtxasDiagnostic(severity="error", message=f"ptxas exited {rc}: {text.strip()[-500:]}"))
        return PtxasResult(status="ok" if ok else "error", ptxas=str(exe), arch=arch, returncode=rc,
                           diagnostics=diags, resources=res,
                           cubin=str(out_path) if ok and cubin_out else None, log=text[-4000:])


# ----------------------------------------------------------------------------------------------
# PTX parsing
# ----------------------------------------------------------------------------------------------


class PtxParam(_Model):
    name: str
    type: str = Field(description="PTX type: u64, u32, f32, b8, ...")
    pointer: bool = Field(description="declared with .ptr (Triton's tensor arguments)")
    space: str | None = Field(None, description=".ptr state space: global, shared, ...")
    line: int


class PtxRegDecl(_Model):
    prefix: str = Field(description="register name prefix, e.g. 'r' for %r<39>")
    type: str
    count: int | None = Field(description="N of %r<N> (registers 0..N-1); None for a single register")
    line: int


class PtxEntry(_Model):
    name: str
    line: int
    params: list[PtxParam]
    regs: list[PtxRegDecl]
    reqntid: list[int] | None = None
    body_start: int = Field(description="first line of the body ({)")
    body_end: int = Field(description="last line of the body (})")


class PtxModule(_Model):
    version: str | None
    version_line: int | None
    target: str | None
    target_line: int | None
    address_size: int | None
    entries: list[PtxEntry]


_ENTRY = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+(?P<name>[A-Za-z_$][\w$]*)\s*\(?")
_PARAM = re.compile(
    r"^\s*\.param\s+\.(?P<type>\w+)(?P<ptr>\s+\.ptr(?:\s+\.(?P<space>global|shared|const|local))?)?"
    r"(?:\s+\.align\s+\d+)?\s+(?P<name>[A-Za-z_$][\w$]*)\s*(?:\[\d*\])?\s*,?\s*$")
_REG = re.compile(r"^\s*\.reg\s+\.(?P<type>\w+)\s+%(?P<prefix>[A-Za-z_$][A-Za-z_$]*)(?:<(?P<n>\d+)>)?\s*;")
_REG_SINGLE = re.compile(r"^\s*\.reg\s+\.(?P<type>\w+)\s+%(?P<name>[\w$]+)\s*;")
_REQNTID = re.compile(r"\.reqntid\s+(?P<dims>\d+(?:\s*,\s*\d+)*)")


def strip_comment(line: str) -> str:
    i = line.find("//")
    return line if i < 0 else line[:i]


def parse_ptx(text: str) -> PtxModule:
    lines = text.splitlines()
    version = target = None
    version_line = target_line = None
    address_size = None
    entries: list[PtxEntry] = []
    i = 0
    while i < len(lines):
        code = strip_comment(lines[i]).strip()
        if code.startswith(".version"):
            version, version_line = code.split()[1], i + 1
        elif code.startswith(".target"):
            target, target_line = code.split()[1].rstrip(","), i + 1
        elif code.startswith(".address_size"):
            address_size = int(code.split()[1])
        else:
            m = _ENTRY.match(code)
            if m:
                entry, i = _parse_entry(lines, i, m["name"])
                entries.append(entry)
                continue
        i += 1
    return PtxModule(version=version, version_line=version_line, target=target, target_line=target_line,
                     address_size=address_size, entries=entries)


def _parse_entry(lines: list[str], start: int, name: str) -> tuple[PtxEntry, int]:
    params: list[PtxParam] = []
    regs: list[PtxRegDecl] = []
    reqntid = None
    i = start + 1
    # parameter list up to ')'
    while i < len(lines):
        code = strip_comment(lines[i]).strip()
        if code.startswith(")"):
            break
        m = _PARAM.match(code)
        if m:
            params.append(PtxParam(name=m["name"], type=m["type"], pointer=bool(m["ptr"]),
                                   space=m["space"], line=i + 1))
        i += 1
    # directives up to '{'
    while i < len(lines) and "{" not in strip_comment(lines[i]):
        m = _REQNTID.search(strip_comment(lines[i]))
        if m:
            reqntid = [int(x) for x in m["dims"].split(",")]
        i += 1
    body_start = i + 1
    depth = 0
    while i < len(lines):
        code = strip_comment(lines[i])
        depth += code.count("{") - code.count("}")
        m = _REG.match(code)
        if m:
            regs.append(PtxRegDecl(prefix=m["prefix"], type=m["type"],
                                   count=int(m["n"]) if m["n"] else None, line=i + 1))
        else:
            m = _REG_SINGLE.match(code)
            if m:  # a single named register, e.g. `.reg .b32 %tmp7;`
                regs.append(PtxRegDecl(prefix=m["name"], type=m["type"], count=None, line=i + 1))
        if depth == 0 and "}" in code:
            break
        i += 1
    return PtxEntry(name=name, line=start + 1, params=params, regs=regs, reqntid=reqntid,
                    body_start=body_start, body_end=i + 1), i + 1


_REG_USE = re.compile(r"%(?P<prefix>[A-Za-z_$][A-Za-z_$]*)(?P<idx>\d+)\b")
# special registers PTX defines (never declared with .reg)
SPECIAL_REG_PREFIXES = {"tid", "ntid", "ctaid", "nctaid", "laneid", "warpid", "nwarpid", "smid", "nsmid",
                        "gridid", "clock", "clock_hi", "lanemask_eq", "lanemask_le", "lanemask_lt",
                        "lanemask_ge", "lanemask_gt", "pm", "envreg", "globaltimer", "globaltimer_lo",
                        "globaltimer_hi", "total_smem_size", "dynamic_smem_size", "cluster_ctaid",
                        "cluster_nctaid", "clusterid", "nclusterid", "is_explicit_cluster",
                        "cluster_ctarank", "cluster_nctarank", "reserved_smem_offset_begin",
                        "reserved_smem_offset_end", "reserved_smem_offset_cap", "aggr_smem_size",
                        "current_graph_exec"}


def register_uses(lines: list[str], entry: PtxEntry) -> list[tuple[int, str, str, int]]:
    """(line, full name, prefix, index) of every %<prefix><n> register mentioned in the body."""
    uses = []
    for ln in range(entry.body_start, entry.body_end + 1):
        code = strip_comment(lines[ln - 1])
        if code.lstrip().startswith(".reg"):
            continue
        for m in _REG_USE.finditer(code):
            prefix = m["prefix"]
            if prefix in SPECIAL_REG_PREFIXES:
                continue
            uses.append((ln, m.group(0), prefix, int(m["idx"])))
    return uses


# PTX ISA version that introduced each SM target (PTX ISA "Target ISA notes").
MIN_PTX_VERSION = {
    "sm_70": (6, 0), "sm_72": (6, 1), "sm_75": (6, 3), "sm_80": (7, 0), "sm_86": (7, 1), "sm_87": (7, 4),
    "sm_89": (7, 8), "sm_90": (7, 8), "sm_90a": (8, 0), "sm_100": (8, 6), "sm_100a": (8, 6),
    "sm_120": (8, 7), "sm_120a": (8, 7),
}


def arch_to_capability(arch: str) -> int:
    """'sm_90a' -> 90."""
    m = re.fullmatch(r"sm_(\d+)[a-z]?", arch)
    if not m:
        raise ValueError(f"not an NVIDIA arch: {arch!r} (expected e.g. sm_90a)")
    return int(m[1])


def triton_arch(arch: str) -> str:
    """The `.target` Triton emits for arch's compute capability: Triton (3.6, 3.7) compiles every
    capability >= 90 for its arch-specific variant (sm_90 -> sm_90a, sm_100 -> sm_100a), so lowering
    for plain sm_90 would give PTX whose target ptxas and the checks reject. Raises ValueError with
    one line for an arch that is not sm_<digits>[suffix], or whose suffix Triton cannot emit."""
    cap = arch_to_capability(arch)
    try:
        from triton.backends.nvidia.compiler import sm_arch_from_capability
    except ImportError:  # the rule of triton 3.6/3.7, for machines without triton's NVIDIA backend
        want = f"sm_{cap}{'a' if cap >= 90 else ''}"
    else:
        want = sm_arch_from_capability(cap)
    if arch not in (want, f"sm_{cap}"):
        alt = f" (or sm_{cap})" if want != f"sm_{cap}" else ""
        raise ValueError(f"--arch {arch}: Triton emits .target {want} for compute capability {cap}; "
                         f"use {want}{alt}")
    if arch != want:
        log.info("arch %s normalised to %s, the target Triton emits", arch, want)
    return want


# ----------------------------------------------------------------------------------------------
# binaries: is an edited cubin the same machine code as Triton's?
# ----------------------------------------------------------------------------------------------


def code_sections(cubin: str | Path) -> dict[str, bytes]:
    """The machine code (.text.*) and per-kernel attribute (.nv.info.*) sections of a cubin."""
    from elftools.elf.elffile import ELFFile

    out: dict[str, bytes] = {}
    with open(cubin, "rb") as f:
        elf = ELFFile(f)
        for sec in elf.iter_sections():
            if sec.name.startswith((".text.", ".nv.info.", ".nv.shared.")) and sec.header["sh_type"] != "SHT_NOBITS":
                data = sec.data()
                out[sec.name] = _normalize_nv_info(data) if sec.name.startswith(".nv.info.") else data
    return out


_EIATTR_PARAM_CBANK = 0x0A


def _normalize_nv_info(data: bytes) -> bytes:
    """Zero the ELF symbol index inside EIATTR_PARAM_CBANK: it moves when other sections (debug
    info) come or go, without any change to the kernel."""
    buf = bytearray(data)
    i = 0
    while i + 2 <= len(buf):
        fmt, attr = buf[i], buf[i + 1]
        if fmt == 0x04:  # EIFMT_SVAL: u16 size, then data
            size = int.from_bytes(buf[i + 2:i + 4], "little")
            if attr == _EIATTR_PARAM_CBANK and size >= 4:
                buf[i + 4:i + 8] = b"\0\0\0\0"
            i += 4 + size
        elif fmt == 0x03:  # EIFMT_HVAL: u16 value
            i += 4
        elif fmt in (0x01, 0x02):  # EIFMT_NVAL / EIFMT_BVAL
            i += 2 if fmt == 0x01 else 4
        else:
            break
    return bytes(buf)


def same_machine_code(cubin_a: str | Path, cubin_b: str | Path) -> bool:
    return code_sections(cubin_a) == code_sections(cubin_b)


# ----------------------------------------------------------------------------------------------
# the PTX-backed candidate file
# ----------------------------------------------------------------------------------------------

PTX_CANDIDATE_TEMPLATE = '''"""PTX-backed candidate generated by `kagent lower --to ptx` from {original_name}.

ModelNew wraps the original Triton ModelNew (copied beside this file as {copy_name}); while its
forward runs, every launch of a lowered @triton.jit kernel goes to the lowered binary listed in
{manifest_name}, loaded with pycuda into PyTorch's primary context (same arguments, grid,
block = 32 * num_warps and shared memory as Triton's own launch). Needs CUDA and pycuda.
"""

from pathlib import Path

import torch.nn as nn

from kagent.tools.ptx_launch import PtxDispatcher
from kagent.tools.triton_capture import load_module

_HERE = Path(__file__).resolve().parent
_DIR = _HERE if (_HERE / {manifest_name!r}).is_file() else Path({abs_dir!r})
_ORIG = load_module(_DIR / {copy_name!r})
_DISPATCH = PtxDispatcher(_DIR / {manifest_name!r})


class ModelNew(nn.Module):
    def __init__{init_params}:
        super().__init__()
        self.inner = _ORIG.ModelNew({init_call})

    def forward{forward_params}:
        with _DISPATCH.active():
            return self.inner({forward_call})
'''


def _signature_code(sig: str | None) -> tuple[str, str]:
    """'(self, dim, eps=1e-06)' -> ('(self, dim, eps=1e-06)', 'dim, eps=eps'); (*args, **kwargs) when the
    signature cannot be re-emitted as code."""
    import ast

    fallback = ("(self, *args, **kwargs)", "*args, **kwargs")
    if not sig:
        return fallback
    try:
        fn = ast.parse(f"def f{sig}:\n    pass\n").body[0]
    except SyntaxError:
        return fallback
    a = fn.args
    call = [x.arg for x in a.posonlyargs + a.args][1:]
    if a.vararg:
        call.append(f"*{a.vararg.arg}")
    call += [f"{x.arg}={x.arg}" for x in a.kwonlyargs]
    if a.kwarg:
        call.append(f"**{a.kwarg.arg}")
    return sig, ", ".join(call)


def write_ptx_candidate(out_dir: str | Path, original: str | Path, manifest_name: str = "lowered.json",
                        copy_name: str = "triton_original.py", file_name: str = "candidate_ptx.py",
                        init_signature: str | None = None, forward_signature: str | None = None) -> Path:
    """Copy the original candidate beside the manifest and write the PTX-backed candidate."""
    out_dir = Path(out_dir).resolve()
    shutil.copyfile(original, out_dir / copy_name)
    path = out_dir / file_name
    (ip, ic), (fp, fc) = _signature_code(init_signature), _signature_code(forward_signature)
    path.write_text(PTX_CANDIDATE_TEMPLATE.format(original_name=Path(original).name, copy_name=copy_name,
                                                  manifest_name=manifest_name, abs_dir=str(out_dir),
                                                  init_params=ip, init_call=ic, forward_params=fp, forward_call=fc))
    return path


# ----------------------------------------------------------------------------------------------
# offline rewrite pass: copy propagation of register-to-register movs
# ----------------------------------------------------------------------------------------------

_INSTR = re.compile(r"^(?P<pred>@!?%\w+\s+)?(?P<op>[a-z][\w.:]*)(?:\s+(?P<ops>.*?))?\s*;\s*$")
_REG_TOKEN = re.compile(r"%[A-Za-z_$][\w$]*")
_LABEL = re.compile(r"^\s*(?P<label>[$A-Za-z_][\w$]*):\s*$")
_BRA = re.compile(r"\bbra(?:\.uni)?\s+(?P<label>[$A-Za-z_][\w$]*)\s*;")
_MOV = re.compile(r"^mov\.(?P<t>[usbf]\d+)$")


class PassResult(_Model):
    name: str
    changed: bool
    rewrites: int
    ptx: str
    notes: list[str] = Field(default_factory=list)


def _is_reg(tok: str) -> bool:
    m = _REG_USE.fullmatch(tok)
    return bool(m) and m["prefix"] not in SPECIAL_REG_PREFIXES


def copy_propagate_movs(ptx: str) -> PassResult:
    """Remove `mov.T %dst, %src;` where both registers have a single definition, the copy is not
    predicated, not inside a nested block, all uses of %dst follow it, and no loop boundary lies
    between %src's definition and %dst's last use; uses of %dst are renamed to %src.

    Sound on the SSA-form PTX LLVM's NVPTX back-end emits (phi copies define registers more than
    once and are left alone; inline-asm lines with several instructions count as defining every
    register they mention). ptxas does copy propagation itself, so this usually leaves the machine
    code unchanged: it shortens the PTX an agent reads; it is not a speed-up."""
    lines = ptx.splitlines()
    mod = parse_ptx(ptx)
    rewrites = 0
    for entry in mod.entries:
        while True:
            n = _copy_prop_once(lines, entry.body_start, entry.body_end)
            if n == 0:
                break
            rewrites += n
    out = "\n".join(l for l in lines if l is not None) + ("\n" if ptx.endswith("\n") else "")
    return PassResult(name="copy_propagate_movs", changed=rewrites > 0, rewrites=rewrites, ptx=out)


def _copy_prop_once(lines: list, start: int, end: int) -> int:
    defs: dict[str, list[int]] = {}
    uses: dict[str, list[int]] = {}
    labels: dict[str, int] = {}
    branches: list[tuple[int, str]] = []
    movs: list[tuple[int, str, str]] = []
    depth = 0
    for ln in range(start, end + 1):
        raw = lines[ln - 1]
        if raw is None:
            continue
        code = strip_comment(raw).strip()
        d0 = depth
        depth += code.count("{") - code.count("}")
        if not code or code.startswith((".", "{", "}")) and ";" not in code:
            continue
        m = _LABEL.match(code)
        if m:
            labels[m["label"]] = ln
            continue
        for b in _BRA.finditer(code):
            branches.append((ln, b["label"]))
        regs = [t for t in _REG_TOKEN.findall(code) if _is_reg(t)]
        if code.count(";") != 1 or code.startswith(".") or d0 > 1 or "{" in code.split()[0]:
            for r in regs:  # complex line: every register counts as defined and used here
                defs.setdefault(r, []).append(ln)
                uses.setdefault(r, []).append(ln)
            continue
        im = _INSTR.match(code)
        if not im:
            for r in regs:
                defs.setdefault(r, []).append(ln)
                uses.setdefault(r, []).append(ln)
            continue
        ops = im["ops"] or ""
        op = im["op"]
        dest: list[str] = []
        if op.startswith(("st.", "st ", "red.", "bar", "barrier", "bra", "ret", "exit", "cp.async", "fence",
                          "membar", "prefetch", "wgmma.fence", "wgmma.commit", "wgmma.wait", "griddepcontrol",
                          "trap")) or op in ("st", "ret", "exit"):
            dest = []
        elif ops.startswith("{"):
            dest = [t for t in _REG_TOKEN.findall(ops[: ops.index("}") + 1] if "}" in ops else ops) if _is_reg(t)]
        else:
            first = ops.split(",", 1)[0]
            dest = [t for t in _REG_TOKEN.findall(first) if _is_reg(t)]
        for r in dest:
            defs.setdefault(r, []).append(ln)
        for r in regs:
            if r not in dest or op.startswith(("wgmma", "mma", "atom")):
                uses.setdefault(r, []).append(ln)
            if r in dest and op.startswith(("wgmma", "mma")):
                defs.setdefault(r, []).append(ln)  # in-out accumulators
        mm = _MOV.match(op)
        if mm and not im["pred"]:
            parts = [p.strip() for p in ops.split(",")]
            if len(parts) == 2 and _is_reg(parts[0]) and _is_reg(parts[1]):
                movs.append((ln, parts[0], parts[1]))
    loops = [(labels[lab], ln) for ln, lab in branches if lab in labels and labels[lab] <= ln]
    done = 0
    touched: set[str] = set()
    for ln, dst, src in movs:
        if dst in touched or src in touched or dst == src:
            continue
        if _REG_USE.fullmatch(dst)["prefix"] != _REG_USE.fullmatch(src)["prefix"]:
            continue
        if len(defs.get(dst, [])) != 1 or len(defs.get(src, [])) != 1:
            continue
        src_def = defs[src][0]
        dst_uses = [u for u in uses.get(dst, []) if u != ln]
        if src_def >= ln or any(u <= ln for u in dst_uses):
            continue
        last = max(dst_uses) if dst_uses else ln
        if any(not (hi < src_def or lo > last) for lo, hi in loops):
            continue
        pat = re.compile(re.escape(dst) + r"(?![\w$])")
        for u in set(dst_uses):
            lines[u - 1] = pat.sub(src, lines[u - 1])
        lines[ln - 1] = None
        touched.update((dst, src))
        done += 1
    return done


def strip_debug_info(ptx: str) -> PassResult:
    """Drop `.loc`/`.file` directives and `.section .debug_*` blocks: line info only, so the machine
    code is unchanged (the gate checks that); the PTX an agent reads shrinks several-fold."""
    out: list[str] = []
    removed = 0
    skipping = False
    depth = 0
    for line in ptx.splitlines():
        code = strip_comment(line).strip()
        if skipping:
            removed += 1
            depth += code.count("{") - code.count("}")
            if depth <= 0 and ("}" in code or (not code.endswith("{") and depth == 0 and "{" in line and "}" in line)):
                skipping = False
            continue
        if re.match(r"^\.section\s+\.debug", code):
            removed += 1
            depth = code.count("{") - code.count("}")
            skipping = depth > 0 or "{" not in code
            if "{" in code and depth == 0:
                skipping = False
            continue
        if re.match(r"^\.(loc|file)\b", code):
            removed += 1
            continue
        out.append(line)
    text = "\n".join(out) + ("\n" if ptx.endswith("\n") else "")
    return PassResult(name="strip_debug_info", changed=removed > 0, rewrites=removed, ptx=text)
