"""Constants the AMDGPU modules share (ELF note type, descriptor size, EF_AMDGPU_MACH processors,
GFX9 family tuples, feature settings) and their pydantic base model.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

NT_AMDGPU_METADATA = 32
KD_SIZE = 64

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
