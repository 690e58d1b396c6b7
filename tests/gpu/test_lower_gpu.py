"""GPU checks of `kagent lower --to ptx` (skipped without CUDA or pycuda).

Each corpus kernel, lowered to PTX and launched with pycuda, must be bitwise equal to Triton's
own launch on the input suite (seeds + value stress) and within 2% of its speed (CUDA events,
L2 flushed, median of N, at larger shapes that keep the captured specialisation); a semantically
wrong edit that ptxas accepts (a changed constant) must be rejected by the differential test."""

import re
import shutil
from pathlib import Path

import pytest

import torch
if not torch.cuda.is_available():
    pytest.skip("needs CUDA", allow_module_level=True)
try:
    import pycuda.driver  # noqa: F401
except ImportError:
    pytest.skip("needs pycuda", allow_module_level=True)

from kagent.agents.lowering import lower  # noqa: E402
from kagent.tools import ptx as ptxtool  # noqa: E402
from kagent.tools.ptx_launch import differential, load_manifest, manifest_dump  # noqa: E402
from kagent.verifiers.ptx import KernelAbi, check_ptx  # noqa: E402

pytestmark = pytest.mark.gpu

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "lowering"
KERNELS = sorted(p.name for p in CORPUS.iterdir() if (p / "candidate.py").is_file())
# shapes for timing: larger, with the same constexprs and divisibility as the captured launch
TIMING_SHAPES = {
    "vector_add": {"N": 1 << 24},
    "relu": {"batch_size": 4096, "dim": 4096},
    "gelu": {"batch_size": 4096, "dim": 4096},
    "softmax": {"batch_size": 65536},
    "layernorm": {"batch_size": 65536},
    "cross_entropy": {"batch_size": 65536},
    "rmsnorm": {"batch_size": 65536},
    "matmul_fp16": {"M": 4096, "N": 4096, "K": 4096},
    "row_sum": {"batch_size": 256},
}
MAX_SLOWDOWN = 1.02


@pytest.mark.parametrize("name", KERNELS)
def test_lowered_kernel_bitwise_and_speed(name, tmp_path):
    d = CORPUS / name
    rep = lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path, device="cuda", timing=False, seeds=3)
    assert rep.status == "ok", rep.message
    assert rep.differential is not None and rep.differential.status == "equivalent", rep.differential
    assert all(c.equal for c in rep.differential.cases) and len(rep.differential.cases) >= 6
    captured = [k for k in rep.kernels if k.role == "captured"]
    assert all(k.equivalence == "equivalent" for k in captured)  # boundary-shape specialisations too
    problem = [k for k in captured if "problem" in k.cases]  # launched by the problem's own shapes
    print(name, [(k.role, k.registers, k.same_machine_code_as_triton) for k in rep.kernels])
    big = differential(rep.manifest, d / "candidate.py", d / "reference.py", seeds=1, timing=True,
                       timing_runs=100, overrides=TIMING_SHAPES.get(name))
    assert big.status == "equivalent", big
    assert set(big.launch_counts) == {k.key for k in problem}, "timing must run the captured specialisation"
    t = big.timing
    assert t.status == "measured"
    print(name, t)
    assert t.ratio <= MAX_SLOWDOWN, f"PTX {t.ptx_ms:.4f} ms vs Triton {t.triton_ms:.4f} ms"


def test_changed_constant_accepted_by_ptxas_rejected_by_differential(tmp_path):
    d = CORPUS / "gelu"
    rep = lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path, device="cuda", timing=False, seeds=2)
    assert rep.status == "ok" and rep.differential.status == "equivalent"
    man = load_manifest(rep.manifest)
    for v in man.variants:
        p = tmp_path / v.ptx
        text = p.read_text()
        consts = re.findall(r"0f3F000000", text)  # 0.5f, the GELU's leading factor
        assert consts, "expected the 0.5 constant in the GELU PTX"
        bad = text.replace("0f3F000000", "0f3F000100")
        abi = KernelAbi.from_spec(v.spec, v.entry, v.num_warps, man.arch)
        chk = check_ptx(bad, abi, cubin_out=tmp_path / v.cubin)
        assert chk.ok, [f.message for f in chk.findings]  # ptxas and the structure checks accept it
        p.write_text(bad)
    res = differential(rep.manifest, d / "candidate.py", d / "reference.py", seeds=2, timing=False)
    assert res.status == "not_equivalent"
    assert any(c.mismatches > 0 for c in res.cases)


def test_ptx_candidate_passes_kagent_verify(tmp_path):
    from kagent import api
    d = CORPUS / "softmax"
    rep = lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path, device="cuda", timing=False, seeds=1)
    assert rep.status == "ok", (rep.message, [f.message for k in rep.kernels for f in k.findings])
    report = api.verify(rep.ptx_candidate, str(d / "reference.py"))
    assert report.verdict == "pass", report.summary
