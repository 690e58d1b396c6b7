"""Reading an AMDGPU code object (HSA ELF) with pyelftools and msgpack: sections, symbols, the
NT_AMDGPU_METADATA note and each kernel's descriptor (`read_code_object` -> `CodeObject`).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import msgpack
from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
from pydantic import Field

from kagent.errors import InputError
from kagent.tools.amdgpu.common import _SETTING, KD_SIZE, MACH, NT_AMDGPU_METADATA, FeatureSetting, _M
from kagent.tools.amdgpu.descriptor import KernelDescriptor


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
