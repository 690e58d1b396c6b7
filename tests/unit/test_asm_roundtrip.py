"""Unedited round trips: code object -> .s -> llvm-mc + ld.lld -> identical .text and descriptors."""

from __future__ import annotations

import pytest

from asm_codeobjects import NEEDS_LLVM19, OPENCL_CASES, TRITON_CASES, opencl_object, triton_object
from kagent.tools import amdgpu as A

pytestmark = NEEDS_LLVM19


@pytest.fixture(scope="session")
def cl_tmp(tmp_path_factory):  # type: ignore[no-untyped-def]
    return str(tmp_path_factory.mktemp("opencl"))


def _round_trip(data: bytes) -> tuple[A.CodeObject, A.RoundTrip, str]:
    co = A.read_code_object(data)
    source = A.emit_assembly(co)
    built = A.build(source, co.mcpu, xnack=co.xnack, sramecc=co.sramecc)
    assert built.status == "ok", built.message
    return co, A.compare_objects(co, A.read_code_object(built.object_bytes)), source


@pytest.mark.parametrize("kernel,arch", TRITON_CASES)
def test_triton_round_trip_identical(kernel: str, arch: str) -> None:
    hsaco, amdgcn = triton_object(kernel, arch)
    co, rt, source = _round_trip(hsaco)
    assert co.mcpu == arch and [k.name for k in co.kernels] == [kernel]
    assert rt.verdict == "identical", rt.differences
    k = rt.kernels[0]
    assert k.text_identical and k.descriptor_identical and k.address_identical and k.metadata_identical
    assert rt.layout_identical and rt.note_bytes_identical
    if kernel == "matmul":
        assert "v_mfma" in source, "the tl.dot matmul must exercise MFMA instructions"


@pytest.mark.parametrize("mcpu", OPENCL_CASES)
def test_opencl_round_trip_identical(mcpu: str, cl_tmp: str) -> None:
    co, rt, source = _round_trip(opencl_object(mcpu, cl_tmp))
    assert {k.name for k in co.kernels} == {"saxpy", "lds_rev"}
    assert rt.verdict == "identical", rt.differences
    assert all(k.text_identical and k.descriptor_identical for k in rt.kernels)
    assert ".Lkagent_" in source  # the branch of saxpy's bounds check became a label
    lds = co.kernel("lds_rev")
    assert lds is not None and lds.descriptor is not None and lds.descriptor.group_segment_fixed_size == 1024


def test_descriptor_decoding_matches_metadata(cl_tmp: str) -> None:
    co = A.read_code_object(opencl_object("gfx942", cl_tmp))
    for k in co.kernels:
        d, md = k.descriptor, k.metadata
        assert d is not None and md is not None
        assert d.kernarg_size >= md[".kernarg_segment_size"]
        assert d.group_segment_fixed_size == md[".group_segment_fixed_size"]
        assert d.wavefront_size() == md[".wavefront_size"] == 64
        assert d.vgpr_alloc("gfx942") >= md[".vgpr_count"]
        assert d.sgpr_alloc() >= md[".sgpr_count"]
        # with_fields re-encodes a field and leaves the others alone
        e = d.with_fields(ieee_mode=0, kernarg_size=8)
        assert e.fields["ieee_mode"] == 0 and e.kernarg_size == 8
        assert set(A.descriptor_diff(d, e)) == {"ieee_mode", "kernarg_size"}


def test_branch_labels_survive_an_insertion(cl_tmp: str) -> None:
    """Inserting an instruction before a branch target keeps the branch pointing at its target."""
    co, _, source = _round_trip(opencl_object("gfx942", cl_tmp))
    edited = source.replace("  v_ashrrev_i32_e32 v1, 31, v0\n", "  s_nop 0\n  v_ashrrev_i32_e32 v1, 31, v0\n", 1)
    assert edited != source
    built = A.build(edited, co.mcpu)
    assert built.status == "ok", built.message
    new = A.read_code_object(built.object_bytes)
    insns = [i for i in A.disassemble(new) if new.kernel_span("saxpy")[0] <= i.addr < new.kernel_span("saxpy")[1]]  # type: ignore[index]
    branch = next(i for i in insns if i.text.startswith("s_cbranch_execz"))
    target = next(i for i in insns if i.addr == branch.target)
    assert target.text == "s_endpgm"
    old = [i for i in A.disassemble(co) if co.kernel_span("saxpy")[0] <= i.addr < co.kernel_span("saxpy")[1]]  # type: ignore[index]
    old_branch = next(i for i in old if i.text.startswith("s_cbranch_execz"))
    assert branch.target - branch.addr == old_branch.target - old_branch.addr + 4  # type: ignore[operator]


def test_not_an_elf_is_input_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from kagent.errors import InputError

    with pytest.raises(InputError):
        A.read_code_object(b"not an elf at all")
