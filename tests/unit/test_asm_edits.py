"""Edits to reassembled AMDGPU assembly: llvm-mc errors, patches, the rewrite pass, the LLM loop,
the hardware runner's honest "not run", and the `kagent asm` command."""

from __future__ import annotations

import json

import pytest

from asm_codeobjects import NEEDS_LLVM19, opencl_object, triton_object, write
from kagent.agents import asm as agent
from kagent.tools import amdgpu as A
from kagent.tools.amdgpu_runner import NOT_RUN, LaunchSpec, amd_gpu_present, differential_run, pack_kernargs

pytestmark = NEEDS_LLVM19


@pytest.fixture(scope="module")
def cl(tmp_path_factory):  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.mktemp("opencl")
    data = opencl_object("gfx942", str(tmp))
    co = A.read_code_object(data)
    return co, A.emit_assembly(co), write(tmp, "k.hsaco", data)


def test_edit_that_does_not_assemble_is_rejected_with_llvm_mc_line(cl) -> None:  # type: ignore[no-untyped-def]
    co, source, _ = cl
    edited = source.replace("  v_fmac_f32_e32 v5, s4, v4\n", "  v_fmac_f32_e32 v5, s4, v4q\n", 1)
    line = edited.splitlines().index("  v_fmac_f32_e32 v5, s4, v4q") + 1
    out, _ = agent.check_edit(co, source, edited)
    assert out.status == "rejected" and out.gate == "assembles"
    d = out.diagnostics[0]
    assert d.severity == "error" and d.line == line and "invalid operand" in d.message
    assert d.source_line is not None and "v4q" in d.source_line
    assert f"line {line}" in out.message and out.message.startswith("llvm-mc:")


def test_unknown_mnemonic_message(cl) -> None:  # type: ignore[no-untyped-def]
    co, source, _ = cl
    edited = source.replace("  s_endpgm\n", "  s_frobnicate s0\n", 1)
    out, _ = agent.check_edit(co, source, edited)
    assert out.gate == "assembles" and "invalid instruction" in out.diagnostics[0].message


def test_unified_diff_patch(cl) -> None:  # type: ignore[no-untyped-def]
    co, source, _ = cl
    from kagent.tools.edits import unified_diff

    edited = source.replace("  s_endpgm\n", "  s_nop 1\n  s_endpgm\n", 1)
    new, msg = agent.apply_patch(source, unified_diff(source, edited, "k.s"))
    assert new == edited, msg
    assert agent.apply_patch(source, "@@ -1,1 +1,1 @@\n-no such line\n+x\n")[0] is None


def test_merge_waitcnt_applies_where_safe(cl) -> None:  # type: ignore[no-untyped-def]
    co0, src0, _ = cl
    # seed a doubled waitcnt at saxpy's entry (no instruction before it, none hazard-prone after)
    seeded = src0.replace("saxpy:\n", "saxpy:\n  s_waitcnt lgkmcnt(0)\n  s_waitcnt vmcnt(0)\n", 1)
    built = A.build(seeded, co0.mcpu)
    assert built.status == "ok", built.message
    co = A.read_code_object(built.object_bytes)
    src = A.emit_assembly(co)
    merged, sites = agent.merge_waitcnt(src, "saxpy")
    applied = [s for s in sites if s.applied]
    assert len(applied) == 1 and applied[0].after == "s_waitcnt vmcnt(0) lgkmcnt(0)"
    out, rb = agent.check_edit(co, src, merged, allowed={"saxpy"}, source="rewrite")
    assert out.status == "unverified" and out.text_bytes_delta == 0  # the 256-byte kernel alignment absorbs it
    assert rb is not None and rb.object is not None
    span = rb.object.kernel_span("saxpy")
    assert span is not None and rb.object.kernel_span("lds_rev") == co.kernel_span("lds_rev")


def test_merge_waitcnt_refuses_near_valu(cl) -> None:  # type: ignore[no-untyped-def]
    co, src, _ = cl
    tail = src.replace("  s_waitcnt vmcnt(0)\n", "  s_waitcnt vmcnt(0)\n  s_waitcnt lgkmcnt(0)\n", 1)
    out, sites = agent.merge_waitcnt(tail, "saxpy")
    assert sites and not any(s.applied for s in sites) and out == tail
    assert "VALU" in sites[0].reason or "hazard" in sites[0].reason


def test_edit_in_kernarg_preload_prologue_is_caught() -> None:
    """Triton's gfx942 kernels preload kernargs: hardware enters them at +256. Shrinking the
    prologue moves that entry: the ABI gate must say so."""
    co0 = A.read_code_object(triton_object("matmul", "gfx942")[0])
    src0 = A.emit_assembly(co0)
    assert co0.kernels[0].descriptor.fields["kernarg_preload_length"] > 0  # type: ignore[union-attr]
    seeded = src0.replace("  s_waitcnt lgkmcnt(0)\n", "  s_waitcnt lgkmcnt(0)\n  s_waitcnt vmcnt(0)\n", 1)
    co = A.read_code_object(A.build(seeded, co0.mcpu).object_bytes)
    src = A.emit_assembly(co)
    merged, sites = agent.merge_waitcnt(src, "matmul")
    assert [s.applied for s in sites] == [True]
    out, _ = agent.check_edit(co, src, merged, allowed={"matmul"}, source="rewrite")
    assert out.status == "rejected" and out.gate == "abi"
    assert any(f.check == "asm_abi.kernarg_preload" for f in out.findings)


def test_llm_edit_loop_feeds_back_llm_mc_error(cl, tmp_path) -> None:  # type: ignore[no-untyped-def]
    co, source, _ = cl
    bad = "<<<<<<< SEARCH\n  v_fmac_f32_e32 v5, s4, v4\n=======\n  v_fmac_f32_e32 v5, s4, v4q\n>>>>>>> REPLACE\n"
    good = "<<<<<<< SEARCH\n  v_fmac_f32_e32 v5, s4, v4\n=======\n  v_fma_f32 v5, s4, v4, v5\n>>>>>>> REPLACE\n"
    script = tmp_path / "answers.json"
    script.write_text(json.dumps([bad, good]))
    out, edited, rb = agent.llm_edit(co, source, "saxpy", model=f"script:{script}", goal="test", attempts=3)
    assert out.status == "unverified" and out.attempts == 2 and out.source == "model"
    assert "v_fma_f32 v5, s4, v4, v5" in edited
    assert rb is not None and rb.object is not None


def test_runner_says_not_run_without_amd_gpu(cl) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    co, _, _ = cl
    present, why = amd_gpu_present()
    if present:
        pytest.skip("an AMD GPU is present: the not-run path does not apply")
    assert why.startswith(NOT_RUN)
    md = co.kernel("saxpy").metadata  # type: ignore[union-attr]
    spec = LaunchSpec(args=[np.zeros(64, np.float32), np.ones(64, np.float32), 2.0, 64], outputs=[0],
                      grid=(1, 1, 1), block=(64, 1, 1))
    res = differential_run(co.data, co.data, "saxpy", md, [spec])
    assert res.status == "not_run" and not res.passed and res.reason.startswith(NOT_RUN)


def test_pack_kernargs_follows_metadata_offsets(cl) -> None:  # type: ignore[no-untyped-def]
    import struct

    co, _, _ = cl
    md = co.kernel("saxpy").metadata  # type: ignore[union-attr]
    buf = pack_kernargs(md, [0x1000, 0x2000, 2.5, 77])
    assert len(buf) == 24
    assert struct.unpack("<QQfi", buf) == (0x1000, 0x2000, 2.5, 77)
    with pytest.raises(ValueError):
        pack_kernargs(md, [1, 2])


def test_cli_json_report(cl, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import typer
    from typer.testing import CliRunner

    from kagent.cli.asm import asm

    app = typer.Typer()
    app.command()(asm)
    _, _, path = cl
    res = CliRunner().invoke(app, [str(path), "--mcpu", "gfx942", "--out", str(tmp_path / "o"), "--json"])
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)
    assert rep["verdict"] == "round_trip_ok"
    assert {k["kernel"]: k["round_trip"] for k in rep["kernels"]} == {"saxpy": "identical", "lds_rev": "identical"}
    assert all(k["hardware"]["status"] == "not_run" and NOT_RUN in k["hardware"]["reason"] for k in rep["kernels"])
    assert (tmp_path / "o" / "k.s").is_file() and (tmp_path / "o" / "k.rebuilt.hsaco").is_file()

    patch = tmp_path / "bad.patch"
    patch.write_text("<<<<<<< SEARCH\n  v_fmac_f32_e32 v5, s4, v4\n=======\n  v_fmac_f32_e32 v5, s4, v4q\n>>>>>>> REPLACE\n")
    res = CliRunner().invoke(app, [str(path), "--edit", str(patch), "--out", str(tmp_path / "o2"), "--json"])
    assert res.exit_code == 1
    rep = json.loads(res.stdout)
    assert rep["edit"]["gate"] == "assembles" and rep["edit"]["diagnostics"][0]["line"] > 0

    res = CliRunner().invoke(app, [str(path), "--mcpu", "gfx90a", "--out", str(tmp_path / "o3")])
    assert res.exit_code == 2
    notelf = write(tmp_path, "x.hsaco", b"hello")
    assert CliRunner().invoke(app, [str(notelf)]).exit_code == 2
