"""`kagent batch` end to end with the real repair graph and verifier (CPU, Triton interpreter).

- Mixed kernels (correct, near-miss, cheating, crashing, hanging) from the corpus, offline model,
  a small verify suite: every kernel ends with a status; killed mid-batch and rerun, the batch
  resumes with nothing lost or repeated. CI runs 8 kernels, one or two of each kind (a couple of
  minutes on 2 cores); KAGENT_BATCH_E2E_ALL=1 runs all 30 (tens of minutes). The 30-kernel batch
  killed twice runs on every CI run in test_batch_kill_twice.py, with cheap stand-ins for repairs.
- A scripted LLM (real token counts, offline) on three near-miss kernels: the shared budget is
  never exceeded and every token is booked to a kernel.
- One kernel with the default VerifyConfig.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from kagent.batch.plan import KernelSpec

ROOT = Path(__file__).resolve().parents[2]
C = ROOT / "tests" / "corpus"
FIX = ROOT / "tests" / "unit" / "verify_fixtures"
SMALL = ["--device", "cpu", "--seeds", "1", "--no-stress", "--shape-cases", "1", "--verify-timeout", "120"]

CORRECT = ["softmax", "vector_add", "gelu", "leaky_relu", "rmsnorm", "layernorm", "log_softmax", "max_reduction"]
NEARMISS = {
    "softmax_missing_mask": "softmax", "vector_add_missing_mask": "vector_add", "leaky_relu_offbyone_mask": "leaky_relu",
    "gelu_missing_half": "gelu", "rmsnorm_eps_outside_sqrt": "rmsnorm", "log_softmax_other_zero": "log_softmax",
    "max_reduction_other_zero": "max_reduction", "softmax_offbyone_mask": "softmax",
    "vector_add_floordiv_grid": "vector_add", "softmax_no_max_subtraction": "softmax",
}
CHEATS = {"torch_matmul": "matmul", "aten_ops_helper": "softmax", "call_reference": "vector_add",
          "inherit_model": "softmax", "super_forward": "relu", "try_fallback": "softmax", "torch_compile": "relu",
          "timer_patch": "vector_add"}


ALL = bool(os.environ.get("KAGENT_BATCH_E2E_ALL"))
SUBSET = {"softmax", "softmax_missing_mask", "vector_add_missing_mask", "cheat_torch_matmul", "cheat_call_reference",
          "segfault_0", "hang_verify", "hang_killed"}


def mixed_manifest(path: Path, everything: bool = True) -> dict[str, str]:
    """Writes the 30-kernel manifest (or CI's 8 of them); returns id -> kind."""
    specs: list[KernelSpec] = []
    kinds: dict[str, str] = {}
    for n in CORRECT:
        specs.append(KernelSpec(candidate=str(C / "correct" / f"{n}.py"), reference=str(C / "problems" / f"{n}.py")))
        kinds[n] = "correct"
    for n, p in NEARMISS.items():
        specs.append(KernelSpec(candidate=str(C / "nearmiss" / f"{n}.py"), reference=str(C / "problems" / f"{p}.py"),
                                priority=1))
        kinds[n] = "nearmiss"
    for n, p in CHEATS.items():
        specs.append(KernelSpec(candidate=str(C / "cheats" / f"{n}.py"), id=f"cheat_{n}",
                                reference=str(C / "cheats" / "problems" / f"{p}.py")))
        kinds[f"cheat_{n}"] = "cheat"
    for i, ref in enumerate([C / "problems" / "softmax.py", ROOT / "kagent" / "examples" / "softmax_problem.py"]):
        specs.append(KernelSpec(candidate=str(FIX / "segfault.py"), id=f"segfault_{i}", reference=str(ref)))
        kinds[f"segfault_{i}"] = "crash"
    # one hang is caught by the verifier's worker timeout, the other by the kernel's own time limit (the
    # repair caps its verify at the time left; the batch kills the worker if that is not enough). Idle
    # hangs: a spinning one (tests/e2e/test_verify_cli.py) would take two cores from the rest of the suite
    specs.append(KernelSpec(candidate=str(FIX / "hang_idle.py"), id="hang_verify", reference=str(C / "problems" / "softmax.py"),
                            verify={"timeout_s": 15}, max_attempts=0))
    specs.append(KernelSpec(candidate=str(FIX / "hang_idle.py"), id="hang_killed", reference=str(C / "problems" / "softmax.py"),
                            verify={"timeout_s": 300}, timeout_s=5))
    kinds["hang_verify"] = kinds["hang_killed"] = "hang"
    assert len(specs) == 30
    if not everything:
        specs = [s for s in specs if (s.id or Path(s.candidate).stem) in SUBSET]
        kinds = {k: v for k, v in kinds.items() if k in SUBSET}
        assert len(specs) == len(SUBSET) == len(kinds)
    path.write_text("".join(s.model_dump_json() + "\n" for s in specs))
    return kinds


def _env(tmp_path) -> dict[str, str]:
    env = dict(os.environ, KAGENT_PATTERNS_DIR=str(tmp_path / "patterns"))
    env.pop("KAGENT_MODEL", None)
    return env


def _batch(args, env):
    return subprocess.Popen([sys.executable, "-m", "kagent.cli", "batch", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def _alive(pid: int) -> bool:
    p = Path(f"/proc/{pid}/stat")
    try:
        return p.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


# its own deadlines: up to 1500 s to the kill(s), 2400 s for the resumed run, and a few waits between
@pytest.mark.slow
@pytest.mark.timeout(4200)
def test_mixed_kernels_kill_and_resume(tmp_path):
    manifest = tmp_path / "mixed.jsonl"
    kinds = mixed_manifest(manifest, everything=ALL)
    n = len(kinds)
    out = tmp_path / "out"
    args = [str(manifest), "--token-budget", "50000", "--jobs", "2", "--out", str(out), "--json", "--model", "offline",
            "--max-attempts", "2", "--kernel-timeout", "600", *SMALL]
    env = _env(tmp_path)
    p = _batch(args, env)
    deadline = time.monotonic() + 1500

    def mid_run() -> list[str]:  # kernels whose repair run has started, with no result yet (a wider
        # window than "original verified": offline repairs are quick and the batch could finish first)
        return [d.parent.name for d in out.glob("kernels/*/run.json") if not (d.parent / "result.json").exists()]

    in_flight: list[str] = []
    kills = 0
    for _attempt in range(4):
        while len(list(out.glob("kernels/*/result.json"))) < n // 3 or not mid_run():
            assert p.poll() is None, p.stderr.read()[-3000:]
            assert time.monotonic() < deadline
            time.sleep(0.1)
        runs_before = {d.parent.name: json.loads(d.read_text())["run_dir"] for d in out.glob("kernels/*/run.json")}
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        kills += 1
        # orphaned workers take themselves (and their verify workers) down
        for lock in out.glob("kernels/*/worker.lock"):
            t = time.monotonic()
            while True:
                r = subprocess.run(["flock", "-n", str(lock), "true"])
                if r.returncode == 0:
                    break
                assert time.monotonic() - t < 20, f"{lock} still held after the coordinator died"
                time.sleep(0.2)
        done_before = {r.parent.name: r.read_text() for r in out.glob("kernels/*/result.json")}
        in_flight = [k for k in runs_before if k not in done_before]
        if in_flight:
            break
        # every repair seen mid-run finished in the second its orphaned worker had left: resume, kill again
        p = _batch(args, env)
    assert in_flight  # the kill caught at least one repair mid-run

    r = _batch(args, env)
    stdout, stderr = r.communicate(timeout=2400)
    assert r.returncode == 0, stderr[-3000:]
    s = json.loads(stdout)
    by = {k["id"]: k for k in s["kernels"]}
    assert s["complete"] and len(s["kernels"]) == len(by) == n and set(by) == set(kinds)
    for kid, kind in kinds.items():
        k = by[kid]
        assert k["status"] in ("repaired", "already_correct", "cheat", "unrepaired", "error") and k["reason"], k
        if kind == "correct":
            assert k["status"] == "already_correct", k
        elif kind == "cheat":
            assert k["status"] == "cheat", k
        elif kind in ("crash", "hang"):
            assert k["status"] in ("unrepaired", "error"), k
        if k["status"] == "repaired":
            assert Path(k["repaired_path"]).is_file()
    hk = by["hang_killed"]
    assert (hk["status"] == "error" and "worker killed" in hk["reason"]) or (
        hk["status"] == "unrepaired" and hk["failure_class"] == "timeout"), hk
    assert by["hang_verify"]["failure_class"] == "timeout"
    assert sum(by[k]["status"] == "repaired" for k in NEARMISS if k in by) >= sum(k in by for k in NEARMISS) // 2
    # nothing lost or repeated: finished kernels untouched; interrupted runs resumed in their own run dir
    for kid, text in done_before.items():
        assert (out / "kernels" / kid / "result.json").read_text() == text
    for kid in in_flight:
        assert 2 <= by[kid]["starts"] <= 1 + kills  # restarted after each kill that caught it
        assert by[kid]["run_dir"] == runs_before[kid] or by[kid]["status"] == "error"
    # finished kernels never ran again; a kernel that had started (even before its run dir was
    # written) restarts once per kill, no more
    assert all(by[kid]["starts"] == 1 for kid in done_before)
    assert all(1 <= k["starts"] <= 1 + kills for k in s["kernels"])
    assert sum(k["starts"] for k in s["kernels"]) >= n + len(in_flight)
    assert s["tokens_spent"] == 0 and s["token_budget"] == 50000  # offline: the pattern engine costs no tokens
    assert (out / "report.html").is_file() and len((out / "summary.csv").read_text().splitlines()) == n + 1


@pytest.mark.timeout(1260)  # its deadline: 1200 s
def test_scripted_llm_budget_accounting(tmp_path):
    """The shared budget with a (scripted) LLM on real near-miss kernels; the script is given by a
    path relative to the command's directory (the workers run in the batch directory)."""
    script = tmp_path / "answers.yaml"
    script.write_text(yaml.safe_dump(["I believe the kernel is correct as written. " * 8] * 12))
    manifest = tmp_path / "m.jsonl"
    specs = [KernelSpec(candidate=str(C / "nearmiss" / f"{n}.py"), reference=str(C / "problems" / f"{NEARMISS[n]}.py"))
             for n in ("softmax_missing_mask", "gelu_missing_half", "vector_add_missing_mask")]
    manifest.write_text("".join(s.model_dump_json() + "\n" for s in specs))
    budget = 7000
    r = _batch([str(manifest), "--token-budget", str(budget), "--jobs", "2", "--out", str(tmp_path / "out"), "--json",
                "--model", f"script:{os.path.relpath(script, ROOT)}", "--max-attempts", "6", *SMALL], _env(tmp_path))
    stdout, stderr = r.communicate(timeout=1200)
    assert r.returncode == 0, stderr[-3000:]
    s = json.loads(stdout)
    assert s["complete"] and s["llm_calls"] >= 2
    assert 0 < s["tokens_spent"] <= budget and s["tokens_reserved"] == 0
    assert sum(k["tokens"] for k in s["kernels"]) == s["tokens_spent"]
    ledger = json.loads((tmp_path / "out" / "ledger.json").read_text())
    assert ledger["overrun"] == 0 and ledger["in_flight_tokens"] == 0
    assert s["policy"]["name"] == "fair-share-with-floors" and s["policy"]["first_grants"]
    for k in s["kernels"]:
        assert k["status"] == "unrepaired" and k["tokens"] <= k["granted"], k
        # each run's own count (from the provider's usage) matches what the pool booked for it
        run = json.loads((Path(k["run_dir"]) / "summary.json").read_text())
        assert run["tokens"] == k["tokens"]
    assert any("token_budget" in k["reason"] or k["guard"] == "token_budget" for k in s["kernels"])


@pytest.mark.timeout(960)  # its deadline: 900 s
def test_default_verify_config_end_to_end(tmp_path):
    ex = ROOT / "kagent" / "examples"
    manifest = tmp_path / "m.jsonl"
    manifest.write_text(KernelSpec(candidate=str(ex / "softmax_nearmiss.py"), reference=str(ex / "softmax_problem.py"))
                        .model_dump_json() + "\n")
    r = _batch([str(manifest), "--token-budget", "1000", "--out", str(tmp_path / "out"), "--json"], _env(tmp_path))
    stdout, stderr = r.communicate(timeout=900)
    assert r.returncode == 0, stderr[-3000:]
    s = json.loads(stdout)
    (k,) = s["kernels"]
    assert k["status"] == "repaired" and Path(k["repaired_path"]).is_file() and k["failure_class"] == "numerical_mismatch"
    cfg = json.loads((Path(k["run_dir"]) / "config.json").read_text())["verify"]
    from kagent.config import VerifyConfig

    # the real default suite, its seed resolved (tests pin KAGENT_SEED: tests/conftest.py)
    assert cfg == VerifyConfig(seed=int(os.environ["KAGENT_SEED"])).model_dump(mode="json")
