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

from kagent.api import batch, batch_options
from kagent.batch.plan import KernelSpec, discover
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
    s = batch(_kernels(tmp_path, names), token_budget=3000, out=tmp_path / "out", jobs=2, model="fake/llm",
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
    # a fair share of what was free among the kernels that may still call and have not drawn yet
    assert len(s.policy.first_grants) == 3 and s.policy.first_grants[0] in {3000 // n for n in range(1, 10)}
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
    # dispatched = the coordinator wrote its job.json; the worker may not have reached its start1 yet
    in_flight = [d.parent.name for d in out.glob("kernels/*/job.json") if d.parent.name not in done_before]
    spent_before = json.loads((out / "ledger.json").read_text())
    # the orphaned workers take themselves down
    for name in in_flight:
        marker = out / "kernels" / name / "start1"
        if not marker.is_file():
            continue
        pid = int(marker.read_text())
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
    with pytest.raises(InputError, match="holds another batch: token_budget: 10 -> 11"):
        batch(a, token_budget=11, out=tmp_path / "o", runner="batch_runners:dispatch")
    with pytest.raises(InputError, match="executor"):
        batch_options(token_budget=5, executor="slurm")


def test_a_resume_with_other_repair_options_is_refused_naming_them(tmp_path):
    a = _kernels(tmp_path, ["ok_1", "ok_2"])
    kw = dict(token_budget=10, out=tmp_path / "o", runner="batch_runners:dispatch")
    batch(a, max_attempts=2, verify={"seeds": 1}, **kw)
    with pytest.raises(InputError) as exc:
        batch(a, max_attempts=3, verify={"seeds": 2}, kernel_timeout_s=99.0, **kw)
    msg = str(exc.value)
    assert "max_attempts: 2 -> 3" in msg and "verify.seeds: 1 -> 2" in msg and "kernel_timeout_s: 1800.0 -> 99.0" in msg
    with pytest.raises(InputError, match="repair.stall_k: 3 -> 1"):
        from kagent.repair.state import RepairConfig

        batch(a, max_attempts=2, verify={"seeds": 1}, repair=RepairConfig(stall_k=1), **kw)
    with pytest.raises(InputError, match="new kernels: ok_3"):
        batch(a + _kernels(tmp_path, ["ok_3"]), max_attempts=2, verify={"seeds": 1}, **kw)
    # runtime options may change: the same batch resumes (nothing left to do)
    s = batch(a, max_attempts=2, verify={"seeds": 1}, jobs=2, kill_grace_s=5.0, **kw)
    assert s.complete and s.jobs == 2 and all(k.starts == 1 for k in s.kernels)


def test_a_call_in_flight_when_its_worker_is_killed_is_charged(tmp_path):
    specs = _kernels(tmp_path, ["inflight_a", "ok_b"])
    specs[0] = specs[0].model_copy(update={"timeout_s": 2.0})
    s = batch(specs, token_budget=5000, out=tmp_path / "out", model="fake/llm", runner="batch_runners:dispatch",
              kill_grace_s=0.5)
    by = {k.id: k for k in s.kernels}
    assert by["inflight_a"].status == "error" and "worker killed" in by["inflight_a"].reason
    assert by["inflight_a"].tokens == by["inflight_a"].in_flight_tokens == 1200  # 500 prompt + 700 answer limit
    assert s.tokens_spent == s.tokens_in_flight == s.policy.in_flight_tokens == 1200 and s.tokens_reserved == 0
    ledger = json.loads((tmp_path / "out" / "ledger.json").read_text())
    assert ledger["in_flight_tokens"] == 1200 and ledger["kernels"]["inflight_a"]["reserved"] == 0


def test_relative_script_model_works_in_workers(tmp_path, monkeypatch):
    """Workers run in the batch directory: a relative `script:answers.yaml` must still be found."""
    import yaml

    specs = _kernels(tmp_path, ["llm_a"])
    work = tmp_path / "work"
    work.mkdir()
    (work / "answers.yaml").write_text(yaml.safe_dump(["make the mask cover the tail"] * 3))
    monkeypatch.chdir(work)
    s = batch(specs, token_budget=5000, out="out", model="script:answers.yaml", runner="batch_runners:dispatch",
              patterns_dir="patterns")
    (k,) = s.kernels
    assert k.status == "unrepaired" and "make the mask cover the tail" in k.reason, k.reason
    assert k.tokens > 0 and s.tokens_spent == k.tokens and s.llm_calls == 1
    plan = json.loads((work / "out" / "batch.json").read_text())
    assert plan["options"]["model"] == f"script:{work / 'answers.yaml'}"
    assert plan["options"]["patterns_dir"] == str(work / "patterns")
    # the same relative command resumes the same batch
    assert batch(specs, token_budget=5000, out="out", model="script:answers.yaml",
                 runner="batch_runners:dispatch", patterns_dir="patterns").complete


def test_cost_budget_needs_a_known_price(tmp_path):
    specs = _kernels(tmp_path, ["ok_a"])
    with pytest.raises(InputError, match="no-such-provider/model-x .*kernels ok_a.*price_model"):
        batch(specs, token_budget=100, cost_budget_usd=1.0, out=tmp_path / "o1", model="no-such-provider/model-x",
              runner="batch_runners:dispatch")
    with pytest.raises(InputError, match="script:"):
        batch(specs, token_budget=100, cost_budget_usd=1.0, out=tmp_path / "o2", model="script:a.yaml",
              runner="batch_runners:dispatch")
    from kagent.repair.state import RepairConfig

    s = batch(specs, token_budget=100, cost_budget_usd=1.0, out=tmp_path / "o3", model="script:a.yaml",
              repair=RepairConfig(price_model="gpt-4o"), runner="batch_runners:dispatch")
    assert s.complete and s.cost_budget_usd == 1.0
    assert batch(specs, token_budget=100, cost_budget_usd=1.0, out=tmp_path / "o4", model="offline",
                 runner="batch_runners:dispatch").complete  # the offline engine never calls


def test_kernel_specs_without_out_get_their_own_manifest(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = _kernels(tmp_path, ["ok_a"])
    b = _kernels(tmp_path, ["ok_b", "ok_c"])
    sa = batch(a, token_budget=10, runner="batch_runners:dispatch")
    sb = batch(b, token_budget=10, runner="batch_runners:dispatch")
    assert [k.id for k in sa.kernels] == ["ok_a"] and [k.id for k in sb.kernels] == ["ok_b", "ok_c"]
    manifests = sorted((tmp_path / "runs" / "inputs").glob("*.jsonl"))
    assert len(manifests) == 2 and not (tmp_path / "runs" / "inputs.jsonl").exists()
    plan_a = json.loads((Path(sa.batch_dir) / "batch.json").read_text())
    assert Path(plan_a["inputs"][0]).read_text().count("\n") == 1  # a's manifest was not overwritten by b's
    assert batch(a, token_budget=10, runner="batch_runners:dispatch").batch_dir == sa.batch_dir  # resumes
    # relative paths in a KernelSpec are from the current directory, not from where the manifest lands
    rel = KernelSpec(candidate="k/ok_a.py", reference="k/ok_a.py")
    s = batch([rel], token_budget=10, out="rel", runner="batch_runners:dispatch")
    assert s.kernels[0].input == str(tmp_path / "k" / "ok_a.py")
