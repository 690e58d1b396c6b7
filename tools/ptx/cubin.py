"""Cubin comparison: the machine-code and kernel-attribute sections of a cubin (symbol indices
normalised), and whether two cubins hold the same machine code.
"""

from __future__ import annotations

from pathlib import Path

from elftools.elf.elffile import ELFFile


def code_sections(cubin: str | Path) -> dict[str, bytes]:
    """The machine code (.text.*) and per-kernel attribute (.nv.info.*) sections of a cubin."""
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
