"""`kagent batch` plumbing with fake runners (tests/unit/batch_runners.py): every kernel ends with a
status whatever its worker does (crash, segfault, hang, exception), the budget holds across worker
processes, and a killed batch resumes with nothing lost or repeated."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kagent.api_batch import batch, batch_options
from kagent.batch_plan import KernelSpec, discover
from kagent.errors import InputError

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CORPUS = ROOT / "tests" / "corpus"


@pytest.fixture(autouse=True)
def _runner_path(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.syspath_prepend(str(HERE))


def _kernels(tmp_path, names):
    d = tmp_path / "k"
    d.mkdir(exist_ok=True)
    specs = []
    for n in names:
        (d / f"{n}.py").write_text("class ModelNew:\n    pass\n")
        # only hung kernels get a short limit: on a loaded 2-core CI machine the others may be slow
        specs.append(KernelSpec(candidate=str(d / f"{n}.py"), reference=str(d / f"{n}.py"),
                                timeout_s=2.0 if n.startswith("hang") else None))
    return specs


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat").read_text() if Path(f"/proc/{pid}/stat").exists() else ""
    return bool(stat) and stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_every_kernel_ends_with_a_status(tmp_path):
    names = ["ok_a", "crash_b", "segv_c", "hang_d", "boom_e", "spend_f", "spend_g", "spend_h", "ok_i"]
    s = batch(_kernels(tmp_path, names), token_budget=3000, out=tmp_path / "out", jobs=2,
              runner="batch_runners:dispatch", kernel_timeout_s=120.0, kill_grace_s=0.5)
    by = {k.id: k for k in s.kernels}
    assert s.complete and set(by) == set(names)
    assert by["ok_a"].status == "already_correct"
    assert by["crash_b"].status == "error" and "exit code 3" in by["crash_b"].reason
    assert by["segv_c"].status == "error" and "SIGSEGV" in by["segv_c"].reason
    assert by["hang_d"].status == "error" and "worker killed" in by["hang_d"].reason
    assert by["boom_e"].status == "error" and "ValueError: fake runner bug" in by["boom_e"].reason
    # the hung worker and everything it started are gone
    pid = int((tmp_path / "out" / "kernels" / "hang_d" / "start1").read_text())
    assert not _alive(pid)
    # the budget: shared, never exceeded, every token accounted to a kernel
    assert s.tokens_spent <= 3000 and s.tokens_reserved == 0
    assert sum(k.tokens for k in s.kernels) == s.tokens_spent
    spenders = [by[k] for k in ("spend_f", "spend_g", "spend_h")]
    assert all(k.status == "unrepaired" and "token_budget" in k.reason for k in spenders)
    assert sum(k.tokens > 0 for k in spenders) >= 2  # the last one may find the pool already drained
    assert s.tokens_spent > 3000 - 3 * (120 + 50)  # the budget was used up, not left idle
    # a fair share of what was free among the kernels not yet drawing (3 spenders + ok_i/hang_d at most)
    assert len(s.policy.first_grants) == 3 and s.policy.first_grants[0] in {3000 // n for n in range(3, 8)}
    assert s.counts == {"repaired": 0, "already_correct": 2, "cheat": 0, "unrepaired": 3, "error": 4, "pending": 0}
    out = tmp_path / "out"
    for f in ("summary.json", "summary.csv", "report.html", "batch.json", "ledger.json"):
        assert (out / f).is_file()
    assert len((out / "summary.csv").read_text().splitlines()) == 1 + len(names)


def _cli(args, env=None, **kw):
    return subprocess.Popen([sys.executable, "-m", "kagent.cli", "batch", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, **kw)


def test_kill_and_rerun_resumes_with_nothing_lost_or_repeated(tmp_path):
    names = [f"slow_{i:02d}" for i in range(10)] + ["spend_x", "spend_y"]
    specs = _kernels(tmp_path, names)
    manifest = tmp_path / "m.jsonl"
    manifest.write_text("".join(s.model_dump_json() + "\n" for s in specs))
    out = tmp_path / "out"
    env = dict(os.environ, BATCH_TEST_SLOW_S="1.0")
    args = [str(manifest), "--token-budget", "2000", "--jobs", "2", "--out", str(out), "--json",
            "--runner", "batch_runners:dispatch"]
    p = _cli(args, env=env)
    deadline = time.monotonic() + 120
    while len(list(out.glob("kernels/*/result.json"))) < 4:
        assert p.poll() is None, p.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)  # no goodbye: the coordinator dies mid-batch
    p.wait(timeout=30)
    done_before = {r.parent.name: r.stat().st_mtime_ns for r in out.glob("kernels/*/result.json")}
    in_flight = [d.parent.name for d in out.glob("kernels/*/start1") if d.parent.name not in done_before]
    spent_before = json.loads((out / "ledger.json").read_text())
    # the orphaned workers take themselves down
    for name in in_flight:
        pid = int((out / "kernels" / name / "start1").read_text())
        t = time.monotonic()
        while _alive(pid):
            assert time.monotonic() - t < 10, f"worker {pid} outlived its coordinator"
            time.sleep(0.1)
    r = _cli(args, env=env)
    stdout, stderr = r.communicate(timeout=300)
    assert r.returncode == 0, stderr
    s = json.loads(stdout)
    assert s["complete"] and len(s["kernels"]) == len(names)
    assert all(k["status"] in ("repaired", "unrepaired") for k in s["kernels"])
    for name, mtime in done_before.items():  # finished kernels were skipped, not redone
        assert (out / "kernels" / name / "result.json").stat().st_mtime_ns == mtime
        assert not (out / "kernels" / name / "start2").exists()
    starts = {k["id"]: k["starts"] for k in s["kernels"]}
    assert all(starts[n] == 2 for n in in_flight) and sum(starts.values()) == len(names) + len(in_flight)
    assert s["tokens_spent"] >= spent_before["prompt_tokens"] + spent_before["completion_tokens"]  # ledger kept
    assert s["tokens_spent"] <= 2000 and s["tokens_reserved"] == 0


def test_inputs_dir_glob_and_manifest(tmp_path):
    specs = discover([str(CORPUS / "nearmiss")])
    by = {Path(s.candidate).stem: s for s in specs}
    assert Path(by["softmax_missing_mask"].reference).name == "softmax.py"
    assert Path(by["scaled_softmax_missing_scale"].reference).name == "scaled_softmax.py"
    assert len(discover([str(CORPUS / "correct" / "soft*.py")])) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"candidate": "a.py", "colour": 1}\n')
    with pytest.raises(InputError, match="bad.jsonl:1"):
        discover([str(bad)])
    with pytest.raises(InputError, match="not a directory"):
        discover([str(tmp_path / "nothing")])


def test_an_out_dir_holding_another_batch_is_refused(tmp_path):
    a = _kernels(tmp_path, ["ok_1"])
    batch(a, token_budget=10, out=tmp_path / "o", runner="batch_runners:dispatch")
    with pytest.raises(InputError, match="holds another batch"):
        batch(a, token_budget=11, out=tmp_path / "o", runner="batch_runners:dispatch")
    with pytest.raises(InputError, match="executor"):
        batch_options(token_budget=5, executor="slurm")
