"""Triton transform for invented or renamed APIs: the real name for tl.arrange, triton.ceil_div,
tl.reduce_sum, ... (a table of known misspellings).
"""

from __future__ import annotations

import libcst as cst

from kagent.patterns.transforms.triton_source import _Site, _Src, _dotted, _transform, _with_rewrite


_RENAMES = {
    "triton.next_power_of_two": "triton.next_power_of_2",
    "triton.next_pow2": "triton.next_power_of_2",
    "triton.next_power_2": "triton.next_power_of_2",
    "triton.ceil_div": "triton.cdiv",
    "triton.cdivide": "triton.cdiv",
    "triton.ceildiv": "triton.cdiv",
    "tl.program_idx": "tl.program_id",
    "tl.program_ids": "tl.program_id",
    "tl.num_program": "tl.num_programs",
    "tl.arrange": "tl.arange",
    "tl.dot_product": "tl.dot",
    "tl.matmul": "tl.dot",
    "tl.reduce_sum": "tl.sum",
    "tl.reduce_max": "tl.max",
    "tl.reduce_min": "tl.min",
    "tl.float": "tl.float32",
    "tl.half": "tl.float16",
    "tl.double": "tl.float64",
    "tl.int": "tl.int32",
    "tl.long": "tl.int64",
    "tl.bool": "tl.int1",
    "tl.constant": "tl.constexpr",
    "triton.constexpr": "tl.constexpr",
    "tl.zeros_": "tl.zeros",
    "tl.libdevice": "tl.math",
    "tl.math.exponential": "tl.math.exp",
}


@_transform("rename_invented_api", 1, "replace invented or renamed Triton APIs by the real ones")
def _rename_invented_api(src: _Src) -> list[_Site]:
    sites: list[_Site] = []
    for node in src.nodes(src.module, cst.Attribute):
        name = _dotted(node)
        if name is None:
            continue
        prefix, norm = "", name
        if name.startswith("triton.language."):
            prefix, norm = "triton.language.", "tl." + name[len("triton.language."):]
        target = _RENAMES.get(norm)
        if target is None:
            continue
        if prefix and target.startswith("tl."):
            target = prefix + target[3:]
        sites.append(_Site(node, _with_rewrite(cst.parse_expression(target)),
                           f"rename {name} -> {target}"))
    return sites
