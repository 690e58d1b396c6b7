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
        assert k.registers and k.registers > 0
        if "problem" in k.cases:  # the adversarial wide-row cases (8193 columns) legitimately spill
            assert k.spill_stores == 0
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
    # the offline passes: strip_debug_info leaves the machine code as it is: equivalent, not faster
    edits = {e.name: e for k in rep.kernels for e in k.edits}
    assert edits["strip_debug_info"].outcome == "rejected" and edits["strip_debug_info"].gate == "speed"
    assert "same machine code" in edits["strip_debug_info"].reason
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

    from kagent.cli.lower import lower as lower_cmd

    app = typer.Typer()
    app.command()(lower_cmd)
    d = CORPUS / "relu"
    # --arch sm_90: Triton emits .target sm_90a for capability 90; the lowering uses what Triton emits
    res = CliRunner().invoke(app, [str(d / "candidate.py"), "--to", "ptx", "--reference", str(d / "reference.py"),
                                   "--out", str(tmp_path), "--json", "--device", "cpu", "--no-passes",
                                   "--arch", "sm_90"])
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)
    assert rep["arch"] == "sm_90a"
    k = rep["kernels"][0]
    assert k["ptxas"] == "accepted" and k["equivalence"] == "not run: needs CUDA" and k["ptx"].endswith(".ptx")
    assert not [f for f in k["findings"] if f["check"] == "ptx.target"]
    bad_arch = CliRunner().invoke(app, [str(d / "candidate.py"), "--to", "ptx", "--reference",
                                        str(d / "reference.py"), "--out", str(tmp_path / "b"), "--arch", "sm_80a"])
    assert bad_arch.exit_code == 2 and "Triton emits .target sm_80" in bad_arch.output
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
    """The capture and compile workers run candidate code: they get the same scrubbed environment
    as verify's (and, in the OS sandbox, cannot write outside their own folder: the candidate checks
    its environment itself and fails the import if a secret reached it)."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-leak")
    monkeypatch.setenv("SOME_PRIVATE_SETTING", "x")
    cand = tmp_path / "cand.py"
    cand.write_text("import os\nif 'OPENAI_API_KEY' in os.environ or 'SOME_PRIVATE_SETTING' in os.environ "
                    "or 'PATH' not in os.environ:\n    raise RuntimeError('environment leaked')\n"
                    + (CORPUS / "relu" / "candidate.py").read_text())
    rep = lower(cand, CORPUS / "relu" / "reference.py", out_dir=tmp_path / "o", device="cpu", passes=False)
    assert rep.status == "ok", rep.message
    leaky = tmp_path / "leaky.py"
    leaky.write_text("import os\nif 'PATH' in os.environ:\n    raise RuntimeError('control: the check runs')\n"
                     + (CORPUS / "relu" / "candidate.py").read_text())
    rep = lower(leaky, CORPUS / "relu" / "reference.py", out_dir=tmp_path / "o2", device="cpu", passes=False)
    assert rep.status == "error" and "control" in rep.message


def test_arch_is_normalised_to_what_triton_emits():
    from kagent.tools.ptx import triton_arch

    assert triton_arch("sm_90") == triton_arch("sm_90a") == "sm_90a"
    assert triton_arch("sm_100") == "sm_100a" and triton_arch("sm_80") == "sm_80"
    for bad in ("sm_80a", "sm_90f", "gfx942", "90"):
        with pytest.raises(ValueError):
            triton_arch(bad)


def test_ptx_candidate_refuses_to_run_without_cuda(tmp_path, monkeypatch):
    """On CPU the interpreter would run Triton's code: the PTX-backed candidate must refuse, and
    kagent verify must not pass it."""
    import kagent.api
    from kagent.tools.ptx_launch import PtxDispatcher, PtxNeedsCuda

    d = CORPUS / "relu"
    rep = lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path, passes=False, device="cpu")
    assert rep.status == "ok", rep.message
    disp = PtxDispatcher(rep.manifest)
    import torch

    # under the interpreter; and with the JIT on a machine without CUDA
    for interpret in ("1",) if torch.cuda.is_available() else ("1", "0"):
        monkeypatch.setenv("TRITON_INTERPRET", interpret)
        with pytest.raises(PtxNeedsCuda, match="needs CUDA"):
            with disp.active():
                pytest.fail("entered without CUDA")
    monkeypatch.delenv("TRITON_INTERPRET")
    report = kagent.api.verify(rep.ptx_candidate, str(d / "reference.py"), device="cpu", seeds=1,
                               stress=False, shapes=False)
    assert report.verdict != "pass"
    assert "needs CUDA" in report.model_dump_json()


def test_boundary_shape_specialisations_are_lowered_and_dispatched(tmp_path, monkeypatch):
    """verify's boundary shapes (verifiers.suite.plan_cases) launch constexprs the problem's shapes do
    not (BLOCK = next_power_of_2(cols)): capture runs them, so each has a lowered variant."""
    import torch
    from triton.runtime.jit import JITFunction

    from kagent.config import VerifyConfig
    from kagent.tools.problem import exec_module, inspect_sources
    from kagent.tools.ptx_launch import PtxDispatcher
    from kagent.tools.triton_capture import load_module
    from kagent.verifiers.suite import plan_cases

    d = CORPUS / "softmax"
    rep = lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path, passes=False, device="cpu")
    assert rep.status == "ok", rep.message
    planned = [c for c in plan_cases(VerifyConfig(), inspect_sources(d / "candidate.py", d / "reference.py")
                                     .shape_constants) if c.kind == "shape"]
    assert [(c.name, c.overrides) for c in rep.shape_cases] == [(c.name, c.overrides) for c in planned]
    assert len(planned) >= 3 and not rep.cases_skipped
    captured = [k for k in rep.kernels if k.role == "captured"]
    assert {c for k in captured for c in k.cases} == {"problem"} | {c.name for c in planned}
    man = load_manifest(rep.manifest)
    blocks = {c.value for v in man.variants if v.spec.role == "captured" for p, c in v.spec.constexprs if p == [5]}
    assert len(blocks) >= 3, blocks  # e.g. 1024 (problem, odd, plus one), 16 (primes), 1 (ones)

    disp = PtxDispatcher(rep.manifest)
    chosen: list[str] = []

    def run(jf, *args, grid, warmup, **kwargs):  # the dispatcher's choice, without launching
        variant, _ = disp._select(jf, args, kwargs)
        chosen.append(variant.spec.key)

    monkeypatch.setattr(JITFunction, "run", run)
    cand = load_module(tmp_path / "triton_original.py", "kagent_test_softmax_original")
    for i, case in enumerate([{}] + [c.overrides for c in planned]):
        prob = exec_module(d / "reference.py", f"kagent_test_softmax_problem_{i}", case)
        cand.ModelNew(*prob.get_init_inputs())(*prob.get_inputs())
    assert len(chosen) == 1 + len(planned)
    assert set(chosen) == {k.key for k in captured}  # each by its own captured specialisation
    unseen = 2 * max(blocks) + 1  # its BLOCK (next power of 2) is one no suite case launches
    with pytest.raises(LookupError, match="no lowered variant"):
        cand.ModelNew()(torch.randn(2, unseen))


def test_exit_code_fails_on_any_other_equivalence_or_failing_verify(tmp_path, monkeypatch):
    import typer
    from typer.testing import CliRunner

    import kagent.agents.lowering as L
    from kagent.cli.lower import exit_code, lower as lower_cmd
    from kagent.tools.ptx_launch import DiffResult

    d = CORPUS / "vector_add"
    base = lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path, passes=False, device="cpu")
    assert exit_code(base) == 0

    def variant(equivalence=None, **update):
        rep = base.model_copy(deep=True, update=update)
        if equivalence is not None:
            rep.kernels[0].equivalence = equivalence
        return rep

    assert exit_code(variant(L.NOT_LAUNCHED)) == 0
    assert exit_code(variant("equivalent", device="cuda", differential=DiffResult(status="equivalent"),
                             verify={"verdict": "pass"})) == 0
    for eq in ("error", "not_equivalent", "not run: worker exited 1"):
        assert exit_code(variant(eq)) == 1, eq
    assert exit_code(variant("equivalent", verify={"verdict": "fail", "summary": "oracle"})) == 1
    assert exit_code(variant("equivalent", differential=DiffResult(status="error", reason="crash"))) == 1

    app = typer.Typer()
    app.command()(lower_cmd)
    asked: dict = {}
    monkeypatch.setattr(L, "lower", lambda *a, **k: asked.update(k) or variant("error"))
    res = CliRunner().invoke(app, [str(d / "candidate.py"), "--to", "ptx", "-r", str(d / "reference.py"),
                                   "--device", "cpu", "--token-budget", "1234"])
    assert res.exit_code == 1 and "equivalence error" in res.output
    assert asked["token_budget"] == 1234
