"""Disassembly (llvm-objdump-19) of a code object's .text and `emit_assembly`, which writes it back
as one reassemblable .s: labelled branches, `.amdhsa_kernel` blocks, .rodata and metadata.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import yaml
from pydantic import Field

from kagent.errors import InputError, ToolchainError
from kagent.tools.amdgpu.codeobject import CodeObject, SymbolInfo
from kagent.tools.amdgpu.common import GFX9, KD_SIZE, _M
from kagent.tools.amdgpu.toolchain import llvm_tool, run_tool


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
