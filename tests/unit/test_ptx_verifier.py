"""PTX verifier on CPU: ptxas diagnostics with lines, structural checks, the rewrite passes.

One small Triton kernel is compiled ahead of time once (no GPU); each test edits its PTX."""

import re
from pathlib import Path

import pytest

from kagent.tools import ptx as ptxtool
from kagent.verifiers.ptx import KernelAbi, check_ptx, structural_findings

KERNEL = '''
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * alpha + 0.5, mask=m)
'''


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    import importlib.util
    import sys

    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    d = tmp_path_factory.mktemp("ptxk")
    src = d / "scale_mod.py"
    src.write_text(KERNEL)
    spec = importlib.util.spec_from_file_location("scale_mod_test", src)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["scale_mod_test"] = mod
    spec.loader.exec_module(mod)
    sig = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "alpha": "fp32", "BLOCK": "constexpr"}
    k = triton.compile(ASTSource(mod.scale_kernel, sig, {(4,): 256}, {(0,): [["tt.divisibility", 16]]}),
                       target=GPUTarget("cuda", 90, 32))
    ptx = ptxtool.strip_debug_info(k.asm["ptx"]).ptx
    (d / "triton.cubin").write_bytes(k.asm["cubin"])
    return {"ptx": ptx, "raw_ptx": k.asm["ptx"], "dir": d, "cubin": d / "triton.cubin", "num_warps": k.metadata.num_warps}


def abi(c):
    return KernelAbi(entry="scale_kernel", params=["ptr", "ptr", "i32", "fp32"], num_warps=c["num_warps"])


def checks(findings):
    return {f.check for f in findings if f.severity == "error"}


def test_triton_ptx_passes_all_checks_and_reproduces_tritons_cubin(compiled, tmp_path):
    res = check_ptx(compiled["raw_ptx"], abi(compiled), cubin_out=tmp_path / "k.cubin")
    assert res.ok, [f.message for f in res.findings]
    assert res.ptxas.status == "ok" and res.ptxas.resources[0].registers > 0
    assert res.ptxas.resources[0].spill_stores == 0
    # the same machine code as Triton's own cubin (whole-file bytes can differ in the embedded
    # temp-file name ptxas records)
    assert ptxtool.same_machine_code(tmp_path / "k.cubin", compiled["cubin"])


def _line_of(text, needle):
    for i, l in enumerate(text.splitlines(), 1):
        if needle in l:
            return i
    raise AssertionError(needle)


def test_undeclared_register_rejected_with_ptxas_message_and_line(compiled):
    ptx = compiled["ptx"]
    first_ld = next(l for l in ptx.splitlines() if "ld.param.b64" in l)
    bad = ptx.replace(first_ld, first_ld.split("%rd")[0] + "%rd999, [scale_kernel_param_0];", 1)
    line = _line_of(bad, "%rd999")
    res = check_ptx(bad, abi(compiled))
    assert res.ptxas.status == "error"
    ptxas = [f for f in res.findings if f.check == "ptx.ptxas"]
    assert any("Unknown symbol '%rd999'" in f.message and f.evidence["line"] == line for f in ptxas)
    regs = [f for f in res.findings if f.check == "ptx.registers"]
    assert regs and regs[0].evidence["line"] == line


def test_wrong_param_count_rejected_by_structure(compiled):
    ptx = compiled["ptx"]
    lines = ptx.splitlines()
    i = _line_of(ptx, "scale_kernel_param_5") - 1
    lines[i - 1] = lines[i - 1].rstrip(",")  # drop the last hidden scratch param, ptxas still accepts
    del lines[i]
    bad = "\n".join(lines) + "\n"
    res = check_ptx(bad, abi(compiled))
    assert res.ptxas.status == "ok"
    assert "ptx.params" in checks(res.findings)
    assert not res.ok


def test_store_into_param_state_space_rejected(compiled):
    ptx = compiled["ptx"]
    st = next(l for l in ptx.splitlines() if "st.global" in l)
    bad_line = st.replace("st.global.b32", "st.param.b32")
    bad_line = bad_line[: bad_line.index("[")] + "[ scale_kernel_param_2 + 0 ], " + bad_line.split("],", 1)[1].strip()
    bad = ptx.replace(st, bad_line, 1)
    line = _line_of(bad, "st.param.b32")
    res = check_ptx(bad, abi(compiled))
    assert res.ptxas.status == "error"
    assert any(f.evidence.get("line") == line and "Illegal to write to function input parameter" in f.message
               for f in res.findings if f.check == "ptx.ptxas")
    assert any(f.evidence.get("line") == line for f in res.findings if f.check == "ptx.param_store")


def test_global_store_to_param_address_rejected(compiled):
    ptx = compiled["ptx"]
    st = next(l for l in ptx.splitlines() if "st.global" in l)
    bad_line = st[: st.index("[")] + "[ scale_kernel_param_2 + 0 ], " + st.split("],", 1)[1].strip()
    bad = ptx.replace(st, bad_line, 1)
    res = check_ptx(bad, abi(compiled))
    assert res.ptxas.status == "error"
    assert any("State space mismatch" in f.message for f in res.findings)
    assert "ptx.param_store" in checks(res.findings)


def _inject_before_ret(ptx, lines):
    body = ptx.splitlines()
    i = max(n for n, l in enumerate(body) if l.strip() == "ret;")
    return "\n".join(body[:i] + lines + body[i:]) + "\n"


def _widen_rd(ptx, extra):
    """Declare `extra` more %rd registers, so injected code uses declared registers only."""
    m = re.search(r"\.reg \.b64\s+%rd<(\d+)>;", ptx)
    n = int(m[1])
    return ptx.replace(m[0], f".reg .b64 \t%rd<{n + extra}>;"), n


def test_generic_store_through_cvta_param_register_is_an_error_with_its_line(compiled):
    ptx, n = _widen_rd(compiled["ptx"], 2)
    bad = _inject_before_ret(ptx, [f"\tmov.b64 \t%rd{n}, scale_kernel_param_2;",
                                   f"\tcvta.param.u64 \t%rd{n + 1}, %rd{n};",
                                   f"\tst.u32 \t[%rd{n + 1}+1], 7;"])
    st_line = _line_of(bad, "st.u32")
    errors = [f for f in structural_findings(bad, abi(compiled))
              if f.check == "ptx.param_store" and f.severity == "error"]
    assert [f.evidence["line"] for f in errors] == [st_line]
    assert "scale_kernel_param_2" in errors[0].message and f"%rd{n + 1}" in errors[0].message
    assert not check_ptx(bad, abi(compiled)).ok


def test_param_address_through_arithmetic_is_followed_and_redefinition_clears_it(compiled):
    ptx, n = _widen_rd(compiled["ptx"], 3)
    through_add = _inject_before_ret(ptx, [f"\tmov.u64 \t%rd{n}, scale_kernel_param_3;",
                                           f"\tcvta.param.u64 \t%rd{n + 1}, %rd{n};",
                                           f"\tadd.s64 \t%rd{n + 2}, %rd{n + 1}, 4;",
                                           f"\tst.global.u32 \t[%rd{n + 2}], 7;"])
    assert "ptx.param_store" in checks(structural_findings(through_add, abi(compiled)))
    # the register is reloaded with a global pointer before the store: no error, only the warning
    reloaded = _inject_before_ret(ptx, [f"\tmov.u64 \t%rd{n}, scale_kernel_param_3;",
                                        f"\tld.param.u64 \t%rd{n}, [scale_kernel_param_1];",
                                        f"\tst.global.u32 \t[%rd{n}], 7;"])
    found = [f for f in structural_findings(reloaded, abi(compiled)) if f.check == "ptx.param_store"]
    assert [f.severity for f in found] == ["warning"]


def test_target_and_version_vs_arch(compiled):
    bad = compiled["ptx"].replace(".target sm_90a", ".target sm_80")
    assert "ptx.target" in checks(structural_findings(bad, abi(compiled)))
    old = compiled["ptx"].replace(".version 8.", ".version 7.")
    assert any("older than" in f.message for f in structural_findings(old, abi(compiled)))
    renamed = compiled["ptx"].replace("scale_kernel", "other_kernel")
    assert "ptx.entry" in checks(structural_findings(renamed, abi(compiled)))


def test_param_types_checked(compiled):
    a = KernelAbi(entry="scale_kernel", params=["ptr", "ptr", "i64", "fp32"], num_warps=compiled["num_warps"])
    f = structural_findings(compiled["ptx"], a)
    assert any(x.check == "ptx.params" and "i64" in x.message for x in f)
    a2 = KernelAbi(entry="scale_kernel", params=["ptr", "ptr", "i32", "fp32"], num_warps=compiled["num_warps"] * 2)
    assert "ptx.reqntid" in checks(structural_findings(compiled["ptx"], a2))


def test_strip_debug_info_keeps_machine_code(compiled, tmp_path):
    res = ptxtool.strip_debug_info(compiled["raw_ptx"])
    assert res.changed and ".loc" not in res.ptx and ".debug_info" not in res.ptx
    r1 = ptxtool.assemble(compiled["raw_ptx"], "sm_90a", tmp_path / "a.cubin")
    r2 = ptxtool.assemble(res.ptx, "sm_90a", tmp_path / "b.cubin")
    assert r1.status == r2.status == "ok"
    assert ptxtool.same_machine_code(tmp_path / "a.cubin", tmp_path / "b.cubin")
    # a changed constant is different machine code
    c = compiled["ptx"].replace("0f3F000000", "0f3F000001")
    assert c != compiled["ptx"]
    r3 = ptxtool.assemble(c, "sm_90a", tmp_path / "c.cubin")
    assert r3.status == "ok" and not ptxtool.same_machine_code(tmp_path / "a.cubin", tmp_path / "c.cubin")


SYNTH = """.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(
	.param .u64 .ptr .global .align 1 k_param_0,
	.param .u32 k_param_1
)
{
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<3>;
	ld.param.b64 	%rd1, [k_param_0];
	ld.param.b32 	%r1, [k_param_1];
	mov.b32 	%r2, %r1;
	mov.b32 	%r3, %r2;
	add.s32 	%r4, %r3, %r2;
	mov.b32 	%r5, 0;
$L_loop:
	mov.b32 	%r6, %r5;
	add.s32 	%r5, %r6, %r4;
	setp.lt.s32 	%p1, %r5, 100;
	@%p1 bra 	$L_loop;
	st.global.b32 	[%rd1], %r5;
	ret;
}
"""


def test_copy_propagation_removes_chains_but_not_loop_copies():
    res = ptxtool.copy_propagate_movs(SYNTH)
    assert res.rewrites == 2
    assert "mov.b32 \t%r2" not in res.ptx and "mov.b32 \t%r3" not in res.ptx
    assert "add.s32 \t%r4, %r1, %r1;" in res.ptx
    assert "mov.b32 \t%r6, %r5;" in res.ptx  # %r5 has two definitions (loop-carried): left alone


def test_ptxas_output_parser():
    text = ("ptxas info    : Compiling entry function 'k' for 'sm_90a'\n"
            "ptxas info    : Function properties for k\n"
            "    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads\n"
            "ptxas info    : Used 255 registers, used 1 barriers, 1024 bytes smem\n"
            "ptxas x.ptx, line 3; error   : Unknown symbol '%r9'\n")
    diags, res = ptxtool.parse_ptxas_output(text, ["a", "b", "add %r9"])
    assert res[0].registers == 255 and res[0].spill_stores == 4 and res[0].spill_loads == 12
    assert res[0].shared_static == 1024 and res[0].stack_frame == 8
    assert diags[0].line == 3 and diags[0].source_line == "add %r9"
