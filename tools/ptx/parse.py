"""PTX parser: the module header, each .entry's parameters, register declarations and body span, and
the registers a body uses.
"""

from __future__ import annotations

import re

from pydantic import Field

from kagent.tools.ptx.common import _Model


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
