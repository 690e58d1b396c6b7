"""Lowering of the corpus (tests/corpus/lowering, 9 real Triton kernels) on CPU: capture under the
interpreter, AOT compile for sm_90a, ptxas + structural checks, manifest and PTX-backed candidate."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kagent.agents.lowering import lower
from kagent.tools.ptx_launch import load_manifest

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "lowering"
KERNELS = sorted(p.name for p in CORPUS.iterdir() if (p / "candidate.py").is_file())


def test_corpus_is_complete():
    assert len(KERNELS) >= 8
    for need in ("vector_add", "relu", "gelu", "softmax", "layernorm", "cross_entropy", "rmsnorm",
                 "matmul_fp16", "row_sum"):
        assert need in KERNELS


@pytest.mark.parametrize("name", KERNELS)
def test_lower_corpus_kernel(name, tmp_path):
    d = CORPUS / name
    rep = lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path, passes=False, device="cpu")
    assert rep.status == "ok", (rep.message, [f.message for k in rep.kernels for f in k.findings])
    roles = {k.role for k in rep.kernels}
    assert roles == {"captured", "generic"}
    for k in rep.kernels:
        assert k.ptxas == "accepted"
        assert not [f for f in k.findings if f.severity == "error"]
        assert k.registers and k.registers > 0 and k.spill_stores == 0
        # ptxas on Triton's PTX reproduces Triton's own cubin (same machine code)
        assert k.same_machine_code_as_triton is True
        assert k.equivalence == "not run: needs CUDA"
        assert k.speed.status == "not_measured"
        assert Path(k.ptx).is_file() and Path(k.cubin).is_file()
        assert {"ttir", "ttgir", "llir"} <= set(k.ir)
    cap = [k for k in rep.kernels if k.role == "captured"]
    assert all(k.launches >= 1 and k.grid for k in cap)
    man = load_manifest(rep.manifest)
    assert len(man.variants) == len(rep.kernels)
    for v in man.variants:
        assert v.param_format.endswith("PP")  # the two hidden scratch pointers
    assert Path(rep.ptx_candidate).is_file() and (tmp_path / "triton_original.py").is_file()
    saved = json.loads((tmp_path / "report.json").read_text())
    assert saved["status"] == "ok"
    if name == "matmul_fp16":
        ptx = Path(cap[0].ptx).read_text()
        assert "wgmma" in ptx or "mma" in ptx  # tl.dot lowered to tensor-core instructions
        assert cap[0].shared_bytes > 0


def test_ptx_candidate_imports_without_gpu(tmp_path):
    d = CORPUS / "layernorm"
    rep = lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path, passes=True, device="cpu")
    assert rep.status == "ok"
    # the offline passes: strip_debug_info is proven safe on CPU by identical machine code
    edits = {e.name: e for k in rep.kernels for e in k.edits}
    assert edits["strip_debug_info"].outcome == "accepted"
    assert all(k.same_machine_code_as_triton for k in rep.kernels)
    code = ("import inspect, importlib.util, sys\n"
            f"spec = importlib.util.spec_from_file_location('cand_ptx', {rep.ptx_candidate!r})\n"
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
            "print(inspect.signature(m.ModelNew.__init__), inspect.signature(m.ModelNew.forward))\n"
            "mod = m.ModelNew(512)\n"
            "print(type(mod.inner).__name__)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "(self, dim) (self, x)" in r.stdout and "ModelNew" in r.stdout


def test_cli_json_report(tmp_path):
    import typer
    from typer.testing import CliRunner

    from kagent.cli_lower import lower as lower_cmd

    app = typer.Typer()
    app.command()(lower_cmd)
    d = CORPUS / "relu"
    res = CliRunner().invoke(app, [str(d / "candidate.py"), "--to", "ptx", "--reference", str(d / "reference.py"),
                                   "--out", str(tmp_path), "--json", "--device", "cpu", "--no-passes"])
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)
    k = rep["kernels"][0]
    assert k["ptxas"] == "accepted" and k["equivalence"] == "not run: needs CUDA" and k["ptx"].endswith(".ptx")
    bad = CliRunner().invoke(app, [str(tmp_path / "missing.py"), "--to", "ptx"])
    assert bad.exit_code == 2
    other = CliRunner().invoke(app, [str(d / "candidate.py"), "--to", "amdgcn"])
    assert other.exit_code == 2


def test_capture_error_is_reported(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import torch\nclass ModelNew(torch.nn.Module):\n    def forward(self, x):\n        raise ValueError('boom')\n")
    rep = lower(bad, CORPUS / "relu" / "reference.py", out_dir=tmp_path / "o", device="cpu")
    assert rep.status == "error" and "boom" in rep.message


def test_capture_worker_sees_no_secrets(tmp_path, monkeypatch):
    """The capture worker runs candidate code: it gets the same scrubbed environment as verify's."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-leak")
    monkeypatch.setenv("SOME_PRIVATE_SETTING", "x")
    seen = tmp_path / "env.json"
    cand = tmp_path / "cand.py"
    cand.write_text(f"import json, os\nopen({str(seen)!r}, 'a').write(json.dumps(dict(os.environ)) + '\\n')\n"
                    + (CORPUS / "relu" / "candidate.py").read_text())
    rep = lower(cand, CORPUS / "relu" / "reference.py", out_dir=tmp_path / "o", device="cpu", passes=False)
    assert rep.status == "ok", rep.message
    envs = [json.loads(line) for line in seen.read_text().splitlines()]
    assert len(envs) >= 2  # the capture worker and the AOT compile worker
    assert all("OPENAI_API_KEY" not in e and "SOME_PRIVATE_SETTING" not in e and "PATH" in e for e in envs)
    assert envs[0].get("TRITON_INTERPRET") == "1"  # capture on CPU runs the interpreter
