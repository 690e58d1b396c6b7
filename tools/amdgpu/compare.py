"""Round-trip comparison of two code objects: per kernel, code bytes, descriptor fields, addresses
and metadata (`compare_objects`, the gate before any edit).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kagent.tools.amdgpu.codeobject import CodeObject
from kagent.tools.amdgpu.common import _M
from kagent.tools.amdgpu.descriptor import KernelDescriptor


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
