"""AMDGPU code objects: read them, disassemble them into reassemblable assembly, rebuild them.

- Reading uses pyelftools (sections, symbols, the NT_AMDGPU_METADATA note) and msgpack (the
  metadata itself); kernel descriptors (64 bytes in .rodata at `<kernel>.kd`) are decoded here.
- Disassembly, assembly and linking use LLVM 19 (llvm-objdump-19, llvm-mc-19, ld.lld-19: the only
  Debian LLVM that knows gfx942); scripts/install-llvm19.sh installs them. Every call has a
  timeout and is killed with its process group.
- `emit_assembly` writes one .s per code object: the code of every .text symbol (branches turned
  into labels, so that local edits may insert or remove instructions), one `.amdhsa_kernel` block
  per kernel reconstructed from its descriptor, the other .rodata bytes, and `.amdgpu_metadata`
  re-emitted from the note. An unedited round trip rebuilds .text and the descriptors byte for byte
  at the same addresses (`compare_objects` checks that: it is the gate before any edit).

Descriptor reconstruction covers the GFX9 family (gfx900 .. gfx942), code object v4-v6.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.errors import InputError, ToolchainError

log = logging.getLogger("kagent.tools.amdgpu")

LLVM_VERSION = 19
NT_AMDGPU_METADATA = 32
KD_SIZE = 64
INSTALL_HINT = "run `bash scripts/install-llvm19.sh` (apt-get install clang-19 lld-19 llvm-19)"

# EF_AMDGPU_MACH values (ELF e_flags & 0xff), checked against clang-19 output.
MACH = {
    0x2C: "gfx900", 0x2D: "gfx902", 0x2E: "gfx904", 0x2F: "gfx906", 0x30: "gfx908", 0x31: "gfx909",
    0x32: "gfx90c", 0x3F: "gfx90a", 0x40: "gfx940", 0x4B: "gfx941", 0x4C: "gfx942",
    0x33: "gfx1010", 0x34: "gfx1011", 0x35: "gfx1012", 0x36: "gfx1030", 0x37: "gfx1031",
    0x41: "gfx1100", 0x46: "gfx1101", 0x47: "gfx1102", 0x48: "gfx1200", 0x4E: "gfx1201",
}
GFX9 = ("gfx900", "gfx902", "gfx904", "gfx906", "gfx908", "gfx909", "gfx90c", "gfx90a", "gfx940", "gfx941", "gfx942")
GFX90A_PLUS = ("gfx90a", "gfx940", "gfx941", "gfx942")  # unified VGPR/AGPR file, accum_offset, tg_split
ARCHITECTED_FLAT_SCRATCH = ("gfx940", "gfx941", "gfx942")
FeatureSetting = Literal["unsupported", "any", "off", "on"]
_SETTING = {0: "unsupported", 1: "any", 2: "off", 3: "on"}


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ----------------------------------------------------------------------------------- subprocesses


class ToolRun(_M):
    argv: list[str]
    status: Literal["ok", "failed", "timeout"]
    returncode: int | None
    stdout: str
    stderr: str
    seconds: float


def llvm_tool(name: str) -> str:
    """Path of an LLVM 19 tool (`llvm-mc`, `llvm-objdump`, `ld.lld`, `clang`); ToolchainError if absent."""
    for cand in (f"{name}-{LLVM_VERSION}", f"/usr/lib/llvm-{LLVM_VERSION}/bin/{name}"):
        path = shutil.which(cand) or (cand if os.path.isabs(cand) and os.access(cand, os.X_OK) else None)
        if path:
            return path
    raise ToolchainError(f"{name}-{LLVM_VERSION} not found: {INSTALL_HINT}")


def llvm_available() -> bool:
    try:
        for t in ("llvm-mc", "llvm-objdump", "ld.lld"):
            llvm_tool(t)
    except ToolchainError:
        return False
    return True


def run_tool(argv: list[str], *, timeout_s: float = 60.0, cwd: str | Path | None = None) -> ToolRun:
    """Run one tool in its own process group; on timeout the whole group is killed."""
    t0 = time.monotonic()
    proc = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd, start_new_session=True
    )
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return ToolRun(argv=argv, status="timeout", returncode=None, stdout=out, stderr=err,
                       seconds=time.monotonic() - t0)
    return ToolRun(argv=argv, status="ok" if proc.returncode == 0 else "failed", returncode=proc.returncode,
                   stdout=out, stderr=err, seconds=time.monotonic() - t0)


# ----------------------------------------------------------------------------------- descriptors

# (field name, word, low bit, width) of the compute_pgm_rsrc registers and code properties; the
# directive each one maps to (None: no directive sets it; it must be zero to be reproducible).
_RSRC1 = [
    ("granulated_workitem_vgpr_count", 0, 6, None), ("granulated_wavefront_sgpr_count", 6, 4, None),
    ("priority", 10, 2, None), ("float_round_mode_32", 12, 2, ".amdhsa_float_round_mode_32"),
    ("float_round_mode_16_64", 14, 2, ".amdhsa_float_round_mode_16_64"),
    ("float_denorm_mode_32", 16, 2, ".amdhsa_float_denorm_mode_32"),
    ("float_denorm_mode_16_64", 18, 2, ".amdhsa_float_denorm_mode_16_64"), ("priv", 20, 1, None),
    ("dx10_clamp", 21, 1, ".amdhsa_dx10_clamp"), ("debug_mode", 22, 1, None),
    ("ieee_mode", 23, 1, ".amdhsa_ieee_mode"), ("bulky", 24, 1, None), ("cdbg_user", 25, 1, None),
    ("fp16_overflow", 26, 1, ".amdhsa_fp16_overflow"), ("rsrc1_reserved", 27, 5, None),
]
_RSRC2 = [
    ("enable_private_segment", 0, 1, None), ("user_sgpr_count", 1, 5, ".amdhsa_user_sgpr_count"),
    ("enable_trap_handler", 6, 1, None),
    ("system_sgpr_workgroup_id_x", 7, 1, ".amdhsa_system_sgpr_workgroup_id_x"),
    ("system_sgpr_workgroup_id_y", 8, 1, ".amdhsa_system_sgpr_workgroup_id_y"),
    ("system_sgpr_workgroup_id_z", 9, 1, ".amdhsa_system_sgpr_workgroup_id_z"),
    ("system_sgpr_workgroup_info", 10, 1, ".amdhsa_system_sgpr_workgroup_info"),
    ("system_vgpr_workitem_id", 11, 2, ".amdhsa_system_vgpr_workitem_id"),
    ("enable_exception_address_watch", 13, 1, None), ("enable_exception_memory", 14, 1, None),
    ("granulated_lds_size", 15, 9, None),
    ("exception_fp_ieee_invalid_op", 24, 1, ".amdhsa_exception_fp_ieee_invalid_op"),
    ("exception_fp_denorm_src", 25, 1, ".amdhsa_exception_fp_denorm_src"),
    ("exception_fp_ieee_div_zero", 26, 1, ".amdhsa_exception_fp_ieee_div_zero"),
    ("exception_fp_ieee_overflow", 27, 1, ".amdhsa_exception_fp_ieee_overflow"),
    ("exception_fp_ieee_underflow", 28, 1, ".amdhsa_exception_fp_ieee_underflow"),
    ("exception_fp_ieee_inexact", 29, 1, ".amdhsa_exception_fp_ieee_inexact"),
    ("exception_int_div_zero", 30, 1, ".amdhsa_exception_int_div_zero"), ("rsrc2_reserved", 31, 1, None),
]
_RSRC3_GFX90A = [("accum_offset", 0, 6, None), ("rsrc3_reserved_lo", 6, 10, None),
                 ("tg_split", 16, 1, ".amdhsa_tg_split"), ("rsrc3_reserved_hi", 17, 15, None)]
_PROPS = [
    ("user_sgpr_private_segment_buffer", 0, 1, ".amdhsa_user_sgpr_private_segment_buffer"),
    ("user_sgpr_dispatch_ptr", 1, 1, ".amdhsa_user_sgpr_dispatch_ptr"),
    ("user_sgpr_queue_ptr", 2, 1, ".amdhsa_user_sgpr_queue_ptr"),
    ("user_sgpr_kernarg_segment_ptr", 3, 1, ".amdhsa_user_sgpr_kernarg_segment_ptr"),
    ("user_sgpr_dispatch_id", 4, 1, ".amdhsa_user_sgpr_dispatch_id"),
    ("user_sgpr_flat_scratch_init", 5, 1, ".amdhsa_user_sgpr_flat_scratch_init"),
    ("user_sgpr_private_segment_size", 6, 1, ".amdhsa_user_sgpr_private_segment_size"),
    ("props_reserved_lo", 7, 3, None), ("wavefront_size32", 10, 1, ".amdhsa_wavefront_size32"),
    ("uses_dynamic_stack", 11, 1, ".amdhsa_uses_dynamic_stack"), ("props_reserved_hi", 12, 4, None),
]
_PRELOAD = [("kernarg_preload_length", 0, 7, ".amdhsa_user_sgpr_kernarg_preload_length"),
            ("kernarg_preload_offset", 7, 9, ".amdhsa_user_sgpr_kernarg_preload_offset")]


def _bits(word: int, lo: int, width: int) -> int:
    return (word >> lo) & ((1 << width) - 1)


def vgpr_granule(mcpu: str, wave32: bool = False) -> int:
    if mcpu in GFX90A_PLUS:
        return 8
    if mcpu.startswith("gfx1"):
        return 8 if wave32 else 4
    return 4


def extra_sgprs(mcpu: str, xnack: FeatureSetting, uses_vcc: bool, uses_flat_scratch: bool) -> int:
    """SGPRs the hardware reserves past the numbered ones (LLVM's getNumExtraSGPRs, GFX8/9)."""
    if mcpu.startswith("gfx1"):
        return 2 if uses_vcc else 0
    n = 2 if uses_vcc else 0
    if xnack in ("any", "on"):
        n = 4
    if uses_flat_scratch or mcpu in ARCHITECTED_FLAT_SCRATCH:
        n = 6
    return n


class KernelDescriptor(_M):
    """The 64-byte amdhsa kernel descriptor, with its bit fields decoded."""

    raw_hex: str = Field(description="the 64 bytes, hex")
    group_segment_fixed_size: int
    private_segment_fixed_size: int
    kernarg_size: int
    kernel_code_entry_byte_offset: int
    compute_pgm_rsrc1: int
    compute_pgm_rsrc2: int
    compute_pgm_rsrc3: int
    kernel_code_properties: int
    kernarg_preload: int
    reserved_nonzero: bool = Field(description="a reserved byte is non-zero (not reproducible from directives)")
    fields: dict[str, int] = Field(description="decoded bit fields of rsrc1/2/3, code properties, preload")

    @classmethod
    def from_bytes(cls, data: bytes) -> "KernelDescriptor":
        if len(data) != KD_SIZE:
            raise InputError(f"kernel descriptor must be {KD_SIZE} bytes, got {len(data)}")
        u32 = lambda o: int.from_bytes(data[o : o + 4], "little")  # noqa: E731
        rsrc1, rsrc2, rsrc3 = u32(48), u32(52), u32(44)
        props = int.from_bytes(data[56:58], "little")
        preload = int.from_bytes(data[58:60], "little")
        fields: dict[str, int] = {}
        for table, word in ((_RSRC1, rsrc1), (_RSRC2, rsrc2), (_RSRC3_GFX90A, rsrc3), (_PROPS, props), (_PRELOAD, preload)):
            for name, lo, width, _ in table:
                fields[name] = _bits(word, lo, width)
        reserved = data[12:16] + data[24:44] + data[60:64]
        return cls(
            raw_hex=data.hex(), group_segment_fixed_size=u32(0), private_segment_fixed_size=u32(4),
            kernarg_size=u32(8), kernel_code_entry_byte_offset=int.from_bytes(data[16:24], "little", signed=True),
            compute_pgm_rsrc1=rsrc1, compute_pgm_rsrc2=rsrc2, compute_pgm_rsrc3=rsrc3,
            kernel_code_properties=props, kernarg_preload=preload, reserved_nonzero=any(reserved), fields=fields,
        )

    @property
    def raw(self) -> bytes:
        return bytes.fromhex(self.raw_hex)

    def with_fields(self, **changes: int) -> "KernelDescriptor":
        """A copy with top-level sizes or decoded bit fields changed (re-encoded into the raw bytes)."""
        data = bytearray(self.raw)
        for key, value in changes.items():
            top = {"group_segment_fixed_size": 0, "private_segment_fixed_size": 4, "kernarg_size": 8}
            if key in top:
                data[top[key] : top[key] + 4] = int(value).to_bytes(4, "little")
                continue
            for table, off, size in ((_RSRC1, 48, 4), (_RSRC2, 52, 4), (_RSRC3_GFX90A, 44, 4), (_PROPS, 56, 2), (_PRELOAD, 58, 2)):
                for name, lo, width, _ in table:
                    if name == key:
                        word = int.from_bytes(data[off : off + size], "little")
                        word = (word & ~(((1 << width) - 1) << lo)) | ((int(value) & ((1 << width) - 1)) << lo)
                        data[off : off + size] = word.to_bytes(size, "little")
                        break
                else:
                    continue
                break
            else:
                raise KeyError(f"unknown descriptor field {key}")
        return KernelDescriptor.from_bytes(bytes(data))

    # register and memory budgets the descriptor grants
    def vgpr_alloc(self, mcpu: str) -> int:
        """VGPRs allocated per lane (arch + acc VGPRs together on gfx90a/gfx94x)."""
        return (self.fields["granulated_workitem_vgpr_count"] + 1) * vgpr_granule(mcpu, bool(self.fields["wavefront_size32"]))

    def sgpr_alloc(self) -> int:
        """SGPRs allocated (numbered + extra), GFX9 encoding granule 8."""
        return (self.fields["granulated_wavefront_sgpr_count"] + 1) * 8

    def accum_offset(self, mcpu: str) -> int | None:
        return (self.fields["accum_offset"] + 1) * 4 if mcpu in GFX90A_PLUS else None

    def wavefront_size(self) -> int:
        return 32 if self.fields["wavefront_size32"] else 64

    def unrepresentable(self, mcpu: str) -> list[str]:
        """Non-zero bits that no .amdhsa directive can set (the round trip would lose them)."""
        bad = [name for table in (_RSRC1, _RSRC2, _PROPS, _PRELOAD) for name, _, _, d in table
               if d is None and self.fields[name] and not name.startswith(("granulated_w", "enable_private"))]
        if mcpu in GFX90A_PLUS:
            bad += [n for n in ("rsrc3_reserved_lo", "rsrc3_reserved_hi") if self.fields[n]]
        elif self.compute_pgm_rsrc3:
            bad.append("compute_pgm_rsrc3")
        if self.reserved_nonzero:
            bad.append("reserved bytes")
        return bad

    def directives(self, name: str, mcpu: str, xnack: FeatureSetting) -> list[str]:
        """The `.amdhsa_kernel` block that makes llvm-mc emit these exact 64 bytes (GFX9 family)."""
        if mcpu not in GFX9:
            raise ToolchainError(f"kernel descriptor reconstruction supports the GFX9 family (gfx900..gfx942), not {mcpu}")
        f = self.fields
        arch_fs = mcpu in ARCHITECTED_FLAT_SCRATCH
        out = [f".amdhsa_kernel {name}",
               f"  .amdhsa_group_segment_fixed_size {self.group_segment_fixed_size}",
               f"  .amdhsa_private_segment_fixed_size {self.private_segment_fixed_size}",
               f"  .amdhsa_kernarg_size {self.kernarg_size}",
               f"  .amdhsa_user_sgpr_count {f['user_sgpr_count']}"]
        for pname, _, _, directive in _PROPS:
            if directive is None or pname == "wavefront_size32":
                continue  # wave32 does not exist on GFX9
            if arch_fs and pname in ("user_sgpr_private_segment_buffer", "user_sgpr_flat_scratch_init"):
                continue
            out.append(f"  {directive} {f[pname]}")
        if mcpu in GFX90A_PLUS:
            out += [f"  .amdhsa_user_sgpr_kernarg_preload_length {f['kernarg_preload_length']}",
                    f"  .amdhsa_user_sgpr_kernarg_preload_offset {f['kernarg_preload_offset']}"]
        if arch_fs:
            out.append(f"  .amdhsa_enable_private_segment {f['enable_private_segment']}")
        else:
            out.append(f"  .amdhsa_system_sgpr_private_segment_wavefront_offset {f['enable_private_segment']}")
        for rname, _, _, directive in _RSRC2:
            if directive and rname != "user_sgpr_count":
                out.append(f"  {directive} {f[rname]}")
        # register counts: the inverse of the assembler's granule arithmetic
        out.append(f"  .amdhsa_next_free_vgpr {self.vgpr_alloc(mcpu)}")
        extra = extra_sgprs(mcpu, xnack, uses_vcc=False, uses_flat_scratch=False)
        out.append(f"  .amdhsa_next_free_sgpr {max(1, self.sgpr_alloc() - extra)}")
        if mcpu in GFX90A_PLUS:
            out.append(f"  .amdhsa_accum_offset {self.accum_offset(mcpu)}")
        out.append("  .amdhsa_reserve_vcc 0")
        if not arch_fs:
            out.append("  .amdhsa_reserve_flat_scratch 0")
        out.append(f"  .amdhsa_reserve_xnack_mask {int(xnack in ('any', 'on'))}")  # must match the target id
        for rname, _, _, directive in _RSRC1:
            if directive:
                out.append(f"  {directive} {f[rname]}")
        if mcpu in GFX90A_PLUS:
            out.append(f"  .amdhsa_tg_split {f['tg_split']}")
        out.append(".end_amdhsa_kernel")
        return out


# ----------------------------------------------------------------------------------- code objects


class SectionInfo(_M):
    name: str
    type: str
    flags: int
    addr: int
    offset: int
    size: int
    align: int


class SymbolInfo(_M):
    name: str
    value: int
    size: int
    type: str
    bind: str
    visibility: str
    section: str | None


class KernelInfo(_M):
    name: str
    code_addr: int | None = Field(description="address of the kernel's code symbol in .text (None: missing)")
    code_size: int = 0
    kd_addr: int | None = Field(description="address of `<name>.kd` (None: missing)")
    descriptor: KernelDescriptor | None = None
    metadata: dict[str, Any] | None = Field(None, description="its entry of amdhsa.kernels")


class CodeObject(_M):
    path: str | None
    mcpu: str
    xnack: FeatureSetting
    sramecc: FeatureSetting
    target_id: str
    code_object_version: int
    e_flags: int
    sections: list[SectionInfo]
    symbols: list[SymbolInfo]
    kernels: list[KernelInfo]
    metadata: dict[str, Any] = Field(default_factory=dict)
    note_hex: str = Field("", exclude=True, repr=False)
    data: bytes = Field(b"", exclude=True, repr=False)

    def section(self, name: str) -> SectionInfo | None:
        return next((s for s in self.sections if s.name == name), None)

    def section_bytes(self, name: str) -> bytes:
        s = self.section(name)
        if s is None or s.type == "SHT_NOBITS":
            return b""
        return self.data[s.offset : s.offset + s.size]

    def vaddr_bytes(self, addr: int, size: int) -> bytes:
        for s in self.sections:
            if s.type != "SHT_NOBITS" and s.addr and s.addr <= addr and addr + size <= s.addr + s.size:
                o = s.offset + addr - s.addr
                return self.data[o : o + size]
        raise InputError(f"address {addr:#x}+{size} lies in no section")

    def kernel(self, name: str) -> KernelInfo | None:
        return next((k for k in self.kernels if k.name == name), None)

    def text_symbols(self) -> list[SymbolInfo]:
        """Named code symbols in .text, by address (kernels and device functions)."""
        syms = [s for s in self.symbols if s.section == ".text" and s.type == "STT_FUNC" and s.name]
        return sorted(syms, key=lambda s: (s.value, s.name))

    def kernel_span(self, name: str) -> tuple[int, int] | None:
        """[start, end) of a kernel's code: to the next code symbol or the end of .text."""
        k = self.kernel(name)
        text = self.section(".text")
        if k is None or k.code_addr is None or text is None:
            return None
        later = [s.value for s in self.text_symbols() if s.value > k.code_addr]
        return k.code_addr, min(later) if later else text.addr + text.size


def _target_id(mcpu: str, sramecc: FeatureSetting, xnack: FeatureSetting) -> str:
    tid = f"amdgcn-amd-amdhsa--{mcpu}"
    if sramecc in ("on", "off"):
        tid += ":sramecc" + ("+" if sramecc == "on" else "-")
    if xnack in ("on", "off"):
        tid += ":xnack" + ("+" if xnack == "on" else "-")
    return tid


def read_code_object(source: str | Path | bytes) -> CodeObject:
    """Parse an AMDGPU code object (HSA ELF): sections, symbols, metadata, kernel descriptors."""
    import io

    import msgpack
    from elftools.common.exceptions import ELFError
    from elftools.elf.elffile import ELFFile

    path = None
    if isinstance(source, (str, Path)):
        path = str(source)
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read {source}: {exc}") from exc
    else:
        data = bytes(source)
    try:
        elf = ELFFile(io.BytesIO(data))
    except ELFError as exc:
        raise InputError(f"{path or 'input'} is not an ELF file: {exc}") from exc
    if elf.header.e_machine not in ("EM_AMDGPU", 224):
        raise InputError(f"{path or 'input'} is not an AMDGPU code object (machine {elf.header.e_machine})")
    flags = elf.header.e_flags
    mcpu = MACH.get(flags & 0xFF)
    if mcpu is None:
        raise InputError(f"unknown AMDGPU processor (EF_AMDGPU_MACH {flags & 0xff:#x})")
    abi = elf.header.e_ident.EI_ABIVERSION
    cov = {2: 4, 3: 5, 4: 6}.get(abi)
    if cov is None:
        raise InputError(f"code object ABI version {abi} is not v4-v6 (HSA)")
    xnack: FeatureSetting = _SETTING[(flags >> 8) & 3]  # type: ignore[assignment]
    sramecc: FeatureSetting = _SETTING[(flags >> 10) & 3]  # type: ignore[assignment]

    sections = [
        SectionInfo(name=s.name, type=str(s["sh_type"]), flags=s["sh_flags"], addr=s["sh_addr"],
                    offset=s["sh_offset"], size=s["sh_size"], align=s["sh_addralign"])
        for s in elf.iter_sections()
    ]
    names = {i: s.name for i, s in enumerate(elf.iter_sections())}
    symbols: list[SymbolInfo] = []
    symtab = elf.get_section_by_name(".symtab") or elf.get_section_by_name(".dynsym")
    if symtab is not None:
        for sym in symtab.iter_symbols():
            shndx = sym["st_shndx"]
            symbols.append(SymbolInfo(
                name=sym.name, value=sym["st_value"], size=sym["st_size"], type=str(sym["st_info"]["type"]),
                bind=str(sym["st_info"]["bind"]), visibility=str(sym["st_other"]["visibility"]),
                section=names.get(shndx) if isinstance(shndx, int) else None))

    metadata: dict[str, Any] = {}
    note_hex = ""
    for sec in elf.iter_sections():
        if str(sec["sh_type"]) != "SHT_NOTE":
            continue
        note_hex += data[sec["sh_offset"] : sec["sh_offset"] + sec["sh_size"]].hex()
        for note in sec.iter_notes():
            if note["n_name"] == "AMDGPU" and note["n_type"] in (NT_AMDGPU_METADATA, "NT_AMDGPU_METADATA"):
                desc = note["n_desc"]
                raw = desc if isinstance(desc, bytes) else desc.encode("latin-1")
                metadata = msgpack.unpackb(raw, raw=False, strict_map_key=False)
    co = CodeObject(path=path, mcpu=mcpu, xnack=xnack, sramecc=sramecc, target_id=_target_id(mcpu, sramecc, xnack),
                    code_object_version=cov, e_flags=flags, sections=sections, symbols=symbols, kernels=[],
                    metadata=metadata, note_hex=note_hex, data=data)
    if metadata.get("amdhsa.target"):
        co.target_id = str(metadata["amdhsa.target"])

    by_name = {s.name: s for s in symbols if s.name}
    names_seen: list[str] = []
    for entry in metadata.get("amdhsa.kernels", []):
        names_seen.append(str(entry.get(".name")))
    for s in symbols:  # kernels without metadata (a broken object) still show up by their .kd
        if s.name.endswith(".kd") and s.name[:-3] not in names_seen:
            names_seen.append(s.name[:-3])
    md_by_name = {str(e.get(".name")): e for e in metadata.get("amdhsa.kernels", [])}
    for name in names_seen:
        md = md_by_name.get(name)
        kd_name = str(md.get(".symbol", f"{name}.kd")) if md else f"{name}.kd"
        code, kd = by_name.get(name), by_name.get(kd_name)
        desc = KernelDescriptor.from_bytes(co.vaddr_bytes(kd.value, KD_SIZE)) if kd is not None else None
        co.kernels.append(KernelInfo(
            name=name, code_addr=code.value if code is not None and code.section == ".text" else None,
            code_size=code.size if code is not None else 0, kd_addr=kd.value if kd is not None else None,
            descriptor=desc, metadata=md))
    return co


# ----------------------------------------------------------------------------------- disassembly


class Instruction(_M):
    addr: int
    text: str
    encoding: str = Field(description="hex of the instruction bytes, in memory order")
    target: int | None = Field(None, description="branch target address (pc-relative branches)")

    @property
    def size(self) -> int:
        return len(self.encoding) // 2

    @property
    def mnemonic(self) -> str:
        return self.text.split(None, 1)[0] if self.text else ""


_SYM_LINE = re.compile(r"^([0-9a-fA-F]+) <(.+)>:$")
_INSN_LINE = re.compile(r"^\s+(.*?)\s*//\s*([0-9A-Fa-f]+):((?:\s+[0-9A-Fa-f]{8})+)\s*(?:<([^>]+)>)?\s*$")
_BRANCH = re.compile(r"^s_(c?branch\w*|call_b64)\b")


def disassemble(co: CodeObject, *, timeout_s: float = 60.0) -> list[Instruction]:
    """Every instruction of .text, in address order (llvm-objdump-19)."""
    with tempfile.TemporaryDirectory(prefix="kagent-amdgpu-") as tmp:
        src = Path(tmp) / "in.hsaco"
        src.write_bytes(co.data)
        run = run_tool([llvm_tool("llvm-objdump"), "-d", f"--mcpu={co.mcpu}", "--section=.text", str(src)],
                       timeout_s=timeout_s)
    if run.status != "ok":
        raise ToolchainError(f"llvm-objdump failed ({run.status}): {run.stderr.strip()[:500]}")
    sym_addr = {s.name: s.value for s in co.symbols if s.name}
    out: list[Instruction] = []
    for line in run.stdout.splitlines():
        m = _INSN_LINE.match(line)
        if not m:
            continue
        text, addr_s, words, target_s = m.group(1).strip(), m.group(2), m.group(3).split(), m.group(4)
        enc = b"".join(int(w, 16).to_bytes(4, "little") for w in words)
        if not text or "unknown" in text:
            text = "; undecodable"
        target = None
        if target_s and _BRANCH.match(text):
            sym, _, off = target_s.partition("+")
            if sym in sym_addr:
                target = sym_addr[sym] + (int(off, 16) if off else 0)
        out.append(Instruction(addr=int(addr_s, 16), text=text, encoding=enc.hex(), target=target))
    return out


def label_for(addr: int) -> str:
    return f".Lkagent_{addr:x}"


def metadata_yaml(metadata: dict[str, Any]) -> str:
    import yaml

    class _Dumper(yaml.SafeDumper):
        pass

    return yaml.dump(metadata, Dumper=_Dumper, sort_keys=False, default_flow_style=False, width=1 << 16)


def _rodata_blocks(co: CodeObject) -> list[tuple[int, list[str]]]:
    """.rodata bytes outside the kernel descriptors, as labelled data blocks keyed by address."""
    ro = co.section(".rodata")
    if ro is None or ro.size == 0 or ro.type == "SHT_NOBITS":
        return []
    data = co.section_bytes(".rodata")
    kd = {k.kd_addr for k in co.kernels if k.kd_addr is not None}
    covered = bytearray(ro.size)
    for a in kd:
        covered[a - ro.addr : a - ro.addr + KD_SIZE] = b"\x01" * KD_SIZE
    syms = {s.value: s for s in co.symbols if s.section == ".rodata" and s.name and s.value not in kd}
    blocks: list[tuple[int, list[str]]] = []
    i = 0
    while i < ro.size:
        if covered[i]:
            i += 1
            continue
        j = i
        while j < ro.size and not covered[j]:
            j += 1
        chunk = data[i:j]
        if any(chunk) or any(ro.addr + o in syms for o in range(i, j)):
            lines = [f"// kagent: data at .rodata+{i:#x}", f"  .org {i:#x}"]
            for o in range(i, j):
                s = syms.get(ro.addr + o)
                if s is not None:
                    lines += _symbol_directives(s, "@object") + [f"  .size {s.name}, {s.size}", f"{s.name}:"]
                lines.append(f"  .byte {chunk[o - i]:#04x}")
            blocks.append((ro.addr + i, lines))
        i = j
    return blocks


def _symbol_directives(s: SymbolInfo, kind: str) -> list[str]:
    out = []
    if s.bind == "STB_GLOBAL":
        out.append(f"  .globl {s.name}")
    elif s.bind == "STB_WEAK":
        out.append(f"  .weak {s.name}")
    out.append(f"  .type {s.name},{kind}")
    if s.visibility != "STV_DEFAULT":
        out.append(f"  .{s.visibility[4:].lower()} {s.name}")
    return out


def emit_assembly(co: CodeObject, insns: list[Instruction] | None = None) -> str:
    """One reassemblable .s for the whole code object."""
    if co.mcpu not in GFX9:
        raise ToolchainError(f"reassembly supports the GFX9 family (gfx900..gfx942), not {co.mcpu}")
    if insns is None:
        insns = disassemble(co)
    text = co.section(".text")
    if text is None:
        raise InputError("code object has no .text section")
    by_addr = {i.addr for i in insns}
    targets = {i.target for i in insns if i.target is not None and i.target in by_addr}
    code_syms: dict[int, list[SymbolInfo]] = {}
    for s in co.text_symbols():
        code_syms.setdefault(s.value, []).append(s)
    ends: dict[int, list[SymbolInfo]] = {}
    for s in co.text_symbols():
        if s.size:
            ends.setdefault(s.value + s.size, []).append(s)
    kernels = {k.name for k in co.kernels}

    L = [f"// kagent: reassemblable assembly of {Path(co.path).name if co.path else 'a code object'}",
         f"// target {co.target_id}, code object v{co.code_object_version}; edit the code between",
         "// `kagent: begin/end` markers. Branches use .Lkagent_<addr> labels (addresses of the original).",
         f'  .amdgcn_target "{co.target_id}"',
         f"  .amdhsa_code_object_version {co.code_object_version}",
         "  .text",
         f"  .p2align {max(0, text.align.bit_length() - 1)}"]
    current: str | None = None
    for ins in insns:
        for s in ends.get(ins.addr, []):
            L.append(f".Lkagent_end_{s.name}:")
        if ins.addr in code_syms:
            if current:
                L.append(f"// kagent: end {current}")
            for s in code_syms[ins.addr]:
                current = s.name
                L.append("")
                L.append(f"// kagent: begin {s.name}" + (" (kernel)" if s.name in kernels else ""))
                if s.name in kernels:
                    L.append("  .p2align 8")  # kernel entries are 256-byte aligned
                L += _symbol_directives(s, "@function")
                if s.size:
                    L.append(f"  .size {s.name}, .Lkagent_end_{s.name}-{s.name}")
                L.append(f"{s.name}:")
        if ins.addr in targets:
            L.append(f"{label_for(ins.addr)}:")
        if ins.text == "; undecodable":
            words = [bytes.fromhex(ins.encoding)[o : o + 4] for o in range(0, ins.size, 4)]
            L.append("  .long " + ", ".join(f"{int.from_bytes(w, 'little'):#010x}" for w in words) + "  // undecodable")
        elif ins.target is not None and ins.target in by_addr:
            mnem, _, ops = ins.text.partition(" ")
            parts = [p.strip() for p in ops.split(",")] if ops.strip() else []
            parts[-1] = label_for(ins.target)
            L.append(f"  {mnem} {', '.join(parts)}")
        else:
            L.append(f"  {ins.text}")
    end_addr = text.addr + text.size
    for s in ends.get(end_addr, []):
        L.append(f".Lkagent_end_{s.name}:")
    if current:
        L.append(f"// kagent: end {current}")

    # .rodata: the descriptors (and any other data, kept at its offset with .org)
    ro = co.section(".rodata")
    data_blocks = _rodata_blocks(co)
    L += ["", "  .rodata"]
    if ro is not None:
        L.append(f"  .p2align {max(0, ro.align.bit_length() - 1)}")
    items: list[tuple[int, list[str]]] = list(data_blocks)
    for k in co.kernels:
        if k.descriptor is None or k.kd_addr is None:
            continue
        place = f"  .org {k.kd_addr - ro.addr:#x}" if data_blocks and ro is not None else "  .p2align 6"
        items.append((k.kd_addr, [f"// kagent: descriptor {k.name}", place] + k.descriptor.directives(k.name, co.mcpu, co.xnack)))
    for _, block in sorted(items, key=lambda t: t[0]):
        L += block
    if co.metadata:
        L += ["", "  .amdgpu_metadata", metadata_yaml(co.metadata).rstrip("\n"), "  .end_amdgpu_metadata"]
    return "\n".join(L) + "\n"


# ----------------------------------------------------------------------------------- rebuilding


class AsmDiagnostic(_M):
    severity: Literal["error", "warning", "note"]
    line: int | None
    column: int | None
    message: str
    source_line: str | None = None


class BuildResult(_M):
    status: Literal["ok", "assemble_error", "link_error", "timeout"]
    diagnostics: list[AsmDiagnostic] = Field(default_factory=list)
    message: str = ""
    object_bytes: bytes = Field(b"", exclude=True, repr=False)
    seconds: float = 0.0

    def first_error(self) -> str:
        for d in self.diagnostics:
            if d.severity == "error":
                return f"line {d.line}: {d.message}" + (f"  [{d.source_line.strip()}]" if d.source_line else "")
        return self.message


_DIAG = re.compile(r"^(?:[^:\n]*):(\d+):(\d+): (error|warning|note): (.*)$")


def parse_diagnostics(stderr: str, source: str) -> list[AsmDiagnostic]:
    lines = source.splitlines()
    out: list[AsmDiagnostic] = []
    for raw in stderr.splitlines():
        m = _DIAG.match(raw)
        if m:
            ln = int(m.group(1))
            out.append(AsmDiagnostic(severity=m.group(3), line=ln, column=int(m.group(2)), message=m.group(4),  # type: ignore[arg-type]
                                     source_line=lines[ln - 1] if 0 < ln <= len(lines) else None))
    if not out and stderr.strip():
        out.append(AsmDiagnostic(severity="error", line=None, column=None, message=stderr.strip()[:500]))
    return out


def mc_flags(mcpu: str, xnack: FeatureSetting, sramecc: FeatureSetting) -> list[str]:
    attrs = []
    if xnack in ("on", "off"):
        attrs.append(("+" if xnack == "on" else "-") + "xnack")
    if sramecc in ("on", "off"):
        attrs.append(("+" if sramecc == "on" else "-") + "sramecc")
    return ["-triple=amdgcn-amd-amdhsa", f"-mcpu={mcpu}"] + ([f"-mattr={','.join(attrs)}"] if attrs else [])


def build(source: str, mcpu: str, *, xnack: FeatureSetting = "any", sramecc: FeatureSetting = "any",
          timeout_s: float = 60.0) -> BuildResult:
    """Assemble (llvm-mc-19) and link (ld.lld-19 -shared) one .s into a code object."""
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="kagent-amdgpu-") as tmp:
        s, o, co = Path(tmp) / "kernel.s", Path(tmp) / "kernel.o", Path(tmp) / "kernel.hsaco"
        s.write_text(source)
        mc = run_tool([llvm_tool("llvm-mc"), *mc_flags(mcpu, xnack, sramecc), "-filetype=obj", str(s), "-o", str(o)],
                      timeout_s=timeout_s)
        if mc.status == "timeout":
            return BuildResult(status="timeout", message=f"llvm-mc ran past {timeout_s}s", seconds=time.monotonic() - t0)
        diags = parse_diagnostics(mc.stderr, source)
        if mc.status != "ok" or any(d.severity == "error" for d in diags):
            res = BuildResult(status="assemble_error", diagnostics=diags, seconds=time.monotonic() - t0)
            res.message = "llvm-mc: " + res.first_error()
            return res
        ld = run_tool([llvm_tool("ld.lld"), "-shared", "--no-undefined", str(o), "-o", str(co)], timeout_s=timeout_s)
        if ld.status != "ok":
            return BuildResult(status="timeout" if ld.status == "timeout" else "link_error", diagnostics=diags,
                               message="ld.lld: " + ld.stderr.strip()[:800], seconds=time.monotonic() - t0)
        return BuildResult(status="ok", diagnostics=diags, object_bytes=co.read_bytes(), seconds=time.monotonic() - t0)


# ----------------------------------------------------------------------------------- comparison


class KernelRoundTrip(_M):
    kernel: str
    text_identical: bool
    descriptor_identical: bool
    address_identical: bool
    metadata_identical: bool
    descriptor_diff: dict[str, list[int]] = Field(default_factory=dict, description="field: [original, rebuilt]")
    text_first_difference: int | None = Field(None, description="byte offset of the first difference in the kernel")
    note: str = ""

    @property
    def identical(self) -> bool:
        return self.text_identical and self.descriptor_identical and self.address_identical and self.metadata_identical


class RoundTrip(_M):
    verdict: Literal["identical", "different"]
    text_identical: bool
    layout_identical: bool = Field(description="every allocated section at the same address and size")
    metadata_identical: bool
    note_bytes_identical: bool
    kernels: list[KernelRoundTrip]
    differences: list[str] = Field(default_factory=list)


def descriptor_diff(a: KernelDescriptor, b: KernelDescriptor) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for key in ("group_segment_fixed_size", "private_segment_fixed_size", "kernarg_size", "kernel_code_entry_byte_offset"):
        if getattr(a, key) != getattr(b, key):
            out[key] = [getattr(a, key), getattr(b, key)]
    for key, va in a.fields.items():
        if b.fields.get(key) != va:
            out[key] = [va, b.fields.get(key, -1)]
    if a.raw != b.raw and not out:
        out["reserved bytes"] = [int(a.reserved_nonzero), int(b.reserved_nonzero)]
    return out


def compare_objects(orig: CodeObject, new: CodeObject) -> RoundTrip:
    """Per kernel: code bytes, descriptor bytes, addresses and metadata of `new` against `orig`."""
    diffs: list[str] = []
    alloc = lambda co: {s.name: (s.addr, s.size) for s in co.sections if s.flags & 0x2}  # noqa: E731  SHF_ALLOC
    la, lb = alloc(orig), alloc(new)
    layout = la == lb
    if not layout:
        diffs.append(f"section layout differs: {sorted(set(la.items()) ^ set(lb.items()))}")
    text_same = orig.section_bytes(".text") == new.section_bytes(".text")
    if not text_same:
        diffs.append(".text bytes differ")
    md_same = orig.metadata == new.metadata
    if not md_same:
        diffs.append("metadata differs")
    kernels: list[KernelRoundTrip] = []
    for k in orig.kernels:
        nk = new.kernel(k.name)
        if nk is None:
            kernels.append(KernelRoundTrip(kernel=k.name, text_identical=False, descriptor_identical=False,
                                           address_identical=False, metadata_identical=False, note="kernel missing"))
            continue
        sa, sb = orig.kernel_span(k.name), new.kernel_span(k.name)
        ta = orig.vaddr_bytes(sa[0], sa[1] - sa[0]) if sa else b""
        tb = new.vaddr_bytes(sb[0], sb[1] - sb[0]) if sb else b""
        first = None
        if ta != tb:
            first = next((i for i, (x, y) in enumerate(zip(ta, tb)) if x != y), min(len(ta), len(tb)))
        dd = descriptor_diff(k.descriptor, nk.descriptor) if k.descriptor and nk.descriptor else {"descriptor": [1, 0]}
        kernels.append(KernelRoundTrip(
            kernel=k.name, text_identical=bool(sa and sb) and ta == tb,
            descriptor_identical=bool(k.descriptor and nk.descriptor and k.descriptor.raw == nk.descriptor.raw),
            address_identical=(k.code_addr, k.kd_addr) == (nk.code_addr, nk.kd_addr),
            metadata_identical=k.metadata == nk.metadata, descriptor_diff=dd, text_first_difference=first))
    ok = layout and text_same and md_same and all(k.identical for k in kernels)
    return RoundTrip(verdict="identical" if ok else "different", text_identical=text_same, layout_identical=layout,
                     metadata_identical=md_same, note_bytes_identical=orig.note_hex == new.note_hex,
                     kernels=kernels, differences=diffs)


# ----------------------------------------------------------------------------------- register use

_REG_RANGE = re.compile(r"(?<![\w.])([vsa])\[(\d+):(\d+)\]")
_REG_ONE = re.compile(r"(?<![\w.\[])([vsa])(\d+)(?![\w\]:])")
_DS_OFFSET = re.compile(r"\boffset:(\d+)")
_DS_OFFSETS2 = re.compile(r"\boffset0:(\d+).*\boffset1:(\d+)")


class RegisterUse(_M):
    max_vgpr: int = -1
    max_sgpr: int = -1
    max_agpr: int = -1
    uses_vcc: bool = False
    uses_flat_scratch: bool = False
    uses_xnack_mask: bool = False
    uses_lds: bool = False
    max_lds_static_end: int = Field(0, description="largest `offset + access bytes` of a ds_ instruction")
    lds_example: str | None = None
    uses_scratch: bool = False
    uses_getpc: bool = False
    instructions: int = 0


_DS_BYTES = re.compile(r"_(?:b|u|i|f)(8|16|32|64|96|128)\b")


def register_use(insns: list[str]) -> RegisterUse:
    """What a list of instruction texts touches: highest v/s/a register, vcc, LDS offsets, scratch."""
    u = RegisterUse()
    for text in insns:
        text = text.split("//", 1)[0].strip()
        if not text or text.startswith((".", ";")) or text.endswith(":"):
            continue
        u.instructions += 1
        mnem, _, ops = text.partition(" ")
        for kind, lo, hi in _REG_RANGE.findall(ops):
            _bump(u, kind, int(hi))
        for kind, n in _REG_ONE.findall(ops):
            _bump(u, kind, int(n))
        if re.search(r"\bvcc(_lo|_hi)?\b", ops) or mnem.endswith("_e32") and mnem.startswith(("v_cmp", "v_addc", "v_subb", "v_cndmask", "v_add_co", "v_sub_co", "v_subrev_co", "v_div_fmas")):
            u.uses_vcc = True
        if "flat_scratch" in ops:
            u.uses_flat_scratch = True
        if "xnack_mask" in ops:
            u.uses_xnack_mask = True
        if mnem.startswith("ds_") and "gws" not in mnem and mnem not in ("ds_nop",):
            u.uses_lds = True
            m2 = _DS_OFFSETS2.search(ops)
            width = _DS_BYTES.search(mnem)
            nbytes = int(width.group(1)) // 8 if width else 4
            if m2:
                stride = 64 if "st64" in mnem else 1
                end = max(int(m2.group(1)), int(m2.group(2))) * nbytes * stride + nbytes
            else:
                m1 = _DS_OFFSET.search(ops)
                end = (int(m1.group(1)) if m1 else 0) + nbytes
            if end > u.max_lds_static_end:
                u.max_lds_static_end, u.lds_example = end, text
        if mnem.startswith("scratch_") or (mnem.startswith("buffer_") and "off, s[0:3]" in ops):
            u.uses_scratch = True
        if mnem == "s_getpc_b64":
            u.uses_getpc = True
    return u


def _bump(u: RegisterUse, kind: str, n: int) -> None:
    if kind == "v":
        u.max_vgpr = max(u.max_vgpr, n)
    elif kind == "s":
        u.max_sgpr = max(u.max_sgpr, n)
    else:
        u.max_agpr = max(u.max_agpr, n)


_BEGIN = re.compile(r"^// kagent: begin (\S+)")
_END = re.compile(r"^// kagent: end (\S+)")
_DESC = re.compile(r"^// kagent: descriptor (\S+)")
_DATA = re.compile(r"^// kagent: data at (\S+)")


def split_blocks(source: str) -> dict[str, str]:
    """The .s cut at kagent's markers: `code:<sym>`, `descriptor:<kernel>`, `header`, `metadata`."""
    blocks: dict[str, list[str]] = {"header": []}
    key = "header"
    for line in source.splitlines():
        if m := _BEGIN.match(line):
            key = f"code:{m.group(1)}"
        elif m := _DESC.match(line):
            key = f"descriptor:{m.group(1)}"
        elif m := _DATA.match(line):
            key = f"data:{m.group(1)}"
        elif line.strip() == ".amdgpu_metadata":
            key = "metadata"
        blocks.setdefault(key, []).append(line)
        if _END.match(line):
            key = "header"
        elif line.strip() == ".end_amdgpu_metadata":
            key = "header"
    return {k: "\n".join(v) for k, v in blocks.items()}


def code_lines(source: str, symbol: str) -> list[str]:
    """Instruction lines of one symbol's block in a kagent .s."""
    block = split_blocks(source).get(f"code:{symbol}", "")
    return [ln for ln in block.splitlines() if ln.startswith((" ", "\t")) and not ln.strip().startswith(".")]


# ----------------------------------------------------------------------------------- patches


class PatchResult(_M):
    status: Literal["applied", "malformed", "no_match"]
    message: str
    text: str | None = None


_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def apply_unified_diff(text: str, diff: str) -> PatchResult:
    """Apply a unified diff to `text`; every hunk's context must match exactly (offsets allowed)."""
    lines = text.splitlines()
    hunks: list[tuple[int, list[str], list[str]]] = []
    cur: tuple[int, list[str], list[str]] | None = None
    for raw in diff.splitlines():
        if raw.startswith(("--- ", "+++ ", "diff ", "index ")) and cur is None or raw.startswith(("--- ", "+++ ")) and cur and not cur[1] and not cur[2]:
            continue
        m = _HUNK.match(raw)
        if m:
            cur = (int(m.group(1)), [], [])
            hunks.append(cur)
            continue
        if cur is None:
            continue
        if raw.startswith("\\"):
            continue
        tag, body = (raw[:1], raw[1:]) if raw else (" ", "")
        if tag == " ":
            cur[1].append(body)
            cur[2].append(body)
        elif tag == "-":
            cur[1].append(body)
        elif tag == "+":
            cur[2].append(body)
        else:
            return PatchResult(status="malformed", message=f"unexpected diff line: {raw[:80]!r}")
    if not hunks:
        return PatchResult(status="malformed", message="no @@ hunks in the patch")
    shift = 0
    for n, (start, old, new) in enumerate(hunks, 1):
        want = start - 1 + shift
        pos = None
        for delta in sorted(range(-len(lines), len(lines) + 1), key=abs):
            p = want + delta
            if 0 <= p <= len(lines) - len(old) and lines[p : p + len(old)] == old:
                pos = p
                break
        if pos is None:
            return PatchResult(status="no_match", message=f"hunk {n} (line {start}) does not match the assembly")
        lines[pos : pos + len(old)] = new
        shift += len(new) - len(old) + (pos - want)
    return PatchResult(status="applied", message=f"applied {len(hunks)} hunk(s)", text="\n".join(lines) + "\n")
