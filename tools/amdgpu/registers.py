"""What assembly touches (highest v/s/a register, vcc, LDS offsets, scratch: `register_use`), and
cutting a kagent .s into its marked blocks (`split_blocks`, `code_lines`).
"""

from __future__ import annotations

import re

from pydantic import Field

from kagent.tools.amdgpu.common import _M


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
