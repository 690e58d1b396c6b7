"""Seeded ABI breaks in the reassembled .s: each caught by its own asm_abi check, at the abi gate."""

from __future__ import annotations

import re

import pytest

from asm_codeobjects import NEEDS_LLVM19, opencl_object, triton_object
from kagent.agents.asm import check_edit
from kagent.tools import amdgpu as A
from kagent.tools.amdgpu_runner import NOT_RUN
from kagent.verifiers.asm_abi import check_abi

pytestmark = NEEDS_LLVM19


@pytest.fixture(scope="module")
def cl(tmp_path_factory):  # type: ignore[no-untyped-def]
    co = A.read_code_object(opencl_object("gfx942", str(tmp_path_factory.mktemp("opencl"))))
    return co, A.emit_assembly(co)


@pytest.fixture(scope="module")
def mm():  # type: ignore[no-untyped-def]
    co = A.read_code_object(triton_object("matmul", "gfx942")[0])
    return co, A.emit_assembly(co)


def _in_block(source: str, key: str, old: str, new: str) -> str:
    """Replace `old` by `new` once, inside one block of the .s (code:<k>, descriptor:<k>, metadata)."""
    blocks = A.split_blocks(source)
    block = blocks[key]
    assert old in block, (key, old)
    return source.replace(block, block.replace(old, new, 1), 1)


def _checks(outcome) -> set[str]:  # type: ignore[no-untyped-def]
    return {f.check for f in outcome.findings if f.severity == "error"}


def test_original_has_no_findings(cl, mm) -> None:  # type: ignore[no-untyped-def]
    for co, source in (cl, mm):
        code = {k.name: A.code_lines(source, k.name) for k in co.kernels}
        assert check_abi(co, co, code) == []


def test_vgpr_count_too_low(mm) -> None:  # type: ignore[no-untyped-def]
    co, source = mm
    d = co.kernels[0].descriptor
    assert d is not None and d.vgpr_alloc("gfx942") == 40
    edited = _in_block(source, "descriptor:matmul", ".amdhsa_next_free_vgpr 40", ".amdhsa_next_free_vgpr 16")
    edited = _in_block(edited, "descriptor:matmul", ".amdhsa_accum_offset 36", ".amdhsa_accum_offset 16")
    out, _ = check_edit(co, source, edited)
    assert out.status == "rejected" and out.gate == "abi"
    usage = [f for f in out.findings if f.check == "asm_abi.vgpr_count" and "used" in f.evidence]
    assert usage and all(f.evidence["used"] == 36 and f.evidence["allocated"] == 16 for f in usage)
    shrink = next(f for f in out.findings if f.check == "asm_abi.vgpr_count" and "field" in f.evidence)
    assert shrink.evidence["field"] == "granulated_workitem_vgpr_count" and shrink.severity == "error"


def test_sgpr_count_too_low(mm) -> None:  # type: ignore[no-untyped-def]
    co, source = mm
    edited = re.sub(r"\.amdhsa_next_free_sgpr \d+", ".amdhsa_next_free_sgpr 2", source)
    out, _ = check_edit(co, source, edited)
    assert out.gate == "abi" and "asm_abi.sgpr_count" in _checks(out)


def test_lds_too_small(cl) -> None:  # type: ignore[no-untyped-def]
    co, source = cl
    edited = _in_block(source, "descriptor:lds_rev", ".amdhsa_group_segment_fixed_size 1024", ".amdhsa_group_segment_fixed_size 512")
    out, _ = check_edit(co, source, edited)
    assert out.gate == "abi"
    f = next(f for f in out.findings if f.check == "asm_abi.lds_size" and f.severity == "error")
    assert f.evidence["original"] == 1024 and f.evidence["edited"] == 512 and f.case == "lds_rev"


def test_lds_static_offset_past_end(cl) -> None:  # type: ignore[no-untyped-def]
    co, source = cl
    code = A.split_blocks(source)["code:lds_rev"]
    ds = next(ln for ln in code.splitlines() if ln.strip().startswith("ds_read_b32"))
    edited = _in_block(source, "code:lds_rev", ds, ds.split(" offset:")[0] + " offset:2048")
    out, _ = check_edit(co, source, edited)
    f = next(f for f in out.findings if f.check == "asm_abi.lds_size")
    assert f.evidence["needed"] == 2052 and f.evidence["lds"] == 1024


def test_kernarg_size_changed(cl) -> None:  # type: ignore[no-untyped-def]
    co, source = cl
    edited = _in_block(source, "descriptor:saxpy", ".amdhsa_kernarg_size 24", ".amdhsa_kernarg_size 16")
    out, _ = check_edit(co, source, edited)
    assert out.gate == "abi"
    kinds = [f for f in out.findings if f.check == "asm_abi.kernarg"]
    assert any(f.evidence.get("original") == 24 and f.evidence.get("edited") == 16 for f in kinds)
    assert any("args_end" in f.evidence for f in kinds)  # the arguments no longer fit


def test_kernarg_layout_changed_in_metadata(cl) -> None:  # type: ignore[no-untyped-def]
    co, source = cl
    edited = _in_block(source, "metadata", "  - .offset: 16\n", "  - .offset: 12\n")
    out, _ = check_edit(co, source, edited, allowed={"saxpy", "lds_rev"})
    assert any(f.check == "asm_abi.kernarg" and f.evidence.get("key") == ".args" for f in out.findings)


def test_wavefront_size(cl) -> None:  # type: ignore[no-untyped-def]
    co, source = cl
    edited = _in_block(source, "metadata", ".wavefront_size: 64", ".wavefront_size: 32")
    out, _ = check_edit(co, source, edited, allowed={"saxpy", "lds_rev"})
    assert out.gate == "abi"
    assert "asm_abi.wavefront_size" in _checks(out)


def test_wave32_descriptor_on_gfx9(cl) -> None:  # type: ignore[no-untyped-def]
    """wave32 cannot be written in gfx9 assembly; a descriptor carrying it is caught all the same."""
    co, _ = cl
    k = co.kernel("saxpy")
    assert k is not None and k.descriptor is not None
    bad = k.model_copy(update={"descriptor": k.descriptor.with_fields(wavefront_size32=1)})
    broken = co.model_copy(update={"kernels": [bad if x.name == "saxpy" else x for x in co.kernels]})
    checks = {f.check for f in check_abi(co, broken, {})}
    assert "asm_abi.wavefront_size" in checks


def test_missing_kernel_symbol(mm) -> None:  # type: ignore[no-untyped-def]
    co, source = mm
    edited = re.sub(r"\bmatmul\b", "matmul_renamed", source)
    out, _ = check_edit(co, source, edited)
    assert out.gate == "abi"
    f = next(f for f in out.findings if f.check == "asm_abi.missing_kernel")
    assert f.case == "matmul" and any("code symbol" in m for m in f.evidence["missing"])


def test_descriptor_field_changed(cl) -> None:  # type: ignore[no-untyped-def]
    co, source = cl
    edited = _in_block(source, "descriptor:saxpy", ".amdhsa_ieee_mode 1", ".amdhsa_ieee_mode 0")
    out, _ = check_edit(co, source, edited)
    assert out.gate == "abi"
    f = next(f for f in out.findings if f.check == "asm_abi.descriptor_field")
    assert f.evidence == {"kernel": "saxpy", "field": "ieee_mode", "original": 1, "edited": 0}


def test_change_outside_the_edited_kernel(cl) -> None:  # type: ignore[no-untyped-def]
    co, source = cl
    edited = _in_block(source, "code:saxpy", "  s_endpgm", "  s_nop 0\n  s_endpgm")
    out, _ = check_edit(co, source, edited, allowed={"lds_rev"})
    assert out.status == "rejected" and out.gate == "scope"
    assert {f.case for f in out.findings if f.check == "asm_abi.scope"} == {"saxpy"}


def test_valid_edit_is_unverified_not_passed(cl) -> None:  # type: ignore[no-untyped-def]
    co, source = cl
    edited = _in_block(source, "code:saxpy", "  s_endpgm", "  s_nop 0\n  s_endpgm")
    out, rb = check_edit(co, source, edited)
    assert out.status == "unverified" and out.gate is None
    assert out.gates_passed == ["no_edit_gate", "assembles", "abi", "scope"]
    assert out.edited_kernels == ["saxpy"]
    assert NOT_RUN in out.message
    assert rb is not None and rb.object is not None
    # the other kernel is untouched
    assert A.compare_objects(co, rb.object).kernels[1].text_identical
