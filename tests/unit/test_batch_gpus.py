"""`kagent batch` over several GPUs, on CPU with a fake device list (CUDA_VISIBLE_DEVICES) and
fake runners (this module's `gpu_runner`, loaded by the workers; `fake_probe` stands in for the
health probe): each worker is pinned to one GPU, evenly; timing sections on one GPU never overlap
while those on two GPUs may; a GPU that fails is probed, its kernel restarted on it, and a GPU that
fails repeatedly leaves the rotation; a kernel's own illegal memory access is not held against its
GPU; one GPU with `--gpus all` runs as before."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from kagent.api import batch, batch_options
from kagent.batch import gpus as G
from kagent.batch.plan import KernelResult, KernelSpec
from kagent.errors import InputError
from kagent.verifiers.timing import TIMING_LOCK_ENV, timing_lock

HERE = Path(__file__).resolve().parent
RUNNER = "test_batch_gpus:gpu_runner"
PROBE = "test_batch_gpus:fake_probe"


# -- what the workers run (imported in the worker processes) ------------------------------------
def _result(job, status="already_correct", reason="fake: passes", **kw):
    k = job.kernel
    return KernelResult(id=k.id, input=k.candidate, reference=k.reference, status=status, reason=reason,
                        starts=job.starts, worker=job.worker, **kw)


def _bad_here() -> bool:
    return os.environ.get("CUDA_VISIBLE_DEVICES", "") in os.environ.get("FAKE_BAD_GPUS", "").split(",")


def gpu_runner(job, pool):
    kind = job.kernel.id.split("_")[0]
    kdir = job.kdir
    gpu = os.environ.get("CUDA_VISIBLE_DEVICES")
    with open(kdir / "env.jsonl", "a") as fh:
        fh.write(json.dumps({"gpu": gpu, "lock": os.environ.get(TIMING_LOCK_ENV), "start": job.starts}) + "\n")
    if kind == "pin":  # how many workers share this GPU right now
        active = Path(job.batch_dir) / "active" / str(gpu)
        active.mkdir(parents=True, exist_ok=True)
        me = active / str(os.getpid())
        me.touch()
        seen = len(list(active.iterdir()))
        time.sleep(0.3)
        seen = max(seen, len(list(active.iterdir())))
        me.unlink()
        (kdir / "shared_with.txt").write_text(str(seen))
        return _result(job)
    if kind == "time":  # all reach their timed section together, then take it as time_cuda does
        ready = Path(job.batch_dir) / "ready"
        ready.mkdir(exist_ok=True)
        (ready / job.kernel.id).touch()
        deadline = time.monotonic() + 60
        while len(list(ready.iterdir())) < int(os.environ.get("FAKE_TIMERS", "1")) and time.monotonic() < deadline:
            time.sleep(0.02)
        with timing_lock():
            a = time.time()
            time.sleep(0.25)
            b = time.time()
        (kdir / "timed.json").write_text(json.dumps([a, b]))
        return _result(job)
    if kind == "meet":  # inside its timed section, wait for the other kernel to be inside its own
        meet = Path(job.batch_dir) / "meet"
        meet.mkdir(exist_ok=True)
        with timing_lock():
            (meet / job.kernel.id).touch()
            deadline = time.monotonic() + 60
            while len(list(meet.iterdir())) < 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            met = len(list(meet.iterdir())) >= 2
        return _result(job, reason="met" if met else "alone")
    if kind == "bug":  # the kernel's own out-of-bounds access: its verify crashes, on any GPU
        return _result(job, "error", "verify crashed: CUDA error: an illegal memory access was encountered",
                       failure_class="crash")
    if kind == "sick":  # fine unless its GPU is broken
        if _bad_here():
            return _result(job, "error", "RuntimeError: CUDA error: unspecified launch failure", failure_class="crash")
        return _result(job)
    if kind == "die":  # its worker dies on a broken GPU (as on an Xid)
        if _bad_here():
            os._exit(7)
        return _result(job)
    if kind == "ok":
        return _result(job)
    raise AssertionError(f"unknown kind {kind!r}")


def fake_probe(gpu: str) -> str | None:
    """Broken GPUs are the ones in $FAKE_BAD_GPUS (read in the coordinator)."""
    return "Xid 79: GPU has fallen off the bus" if gpu in os.environ.get("FAKE_BAD_GPUS", "").split(",") else None


# -- fixtures -----------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def _env(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.delenv("FAKE_BAD_GPUS", raising=False)
    monkeypatch.delenv(TIMING_LOCK_ENV, raising=False)


def _kernels(tmp_path, names):
    d = tmp_path / "k"
    d.mkdir(exist_ok=True)
    specs = []
    for n in names:
        (d / f"{n}.py").write_text("class ModelNew:\n    pass\n")
        specs.append(KernelSpec(candidate=str(d / f"{n}.py"), reference=str(d / f"{n}.py")))
    return specs


def _run(tmp_path, names, out="out", **kw):
    kw.setdefault("device", "cuda")
    return batch(_kernels(tmp_path, names), token_budget=0, out=tmp_path / out, runner=RUNNER, gpu_probe=PROBE,
                 kernel_timeout_s=120.0, kill_grace_s=1.0, **kw)


def _envs(s, kid):
    return [json.loads(line) for line in (Path(s.batch_dir) / "kernels" / kid / "env.jsonl").read_text().splitlines()]


# -- choosing GPUs --------------------------------------------------------------------------------
def test_gpus_option_forms():
    vis = ["0", "1", "2", "3", "4", "5"]
    assert G.select_gpus("all", vis) == vis
    assert G.select_gpus("2", vis) == ["0", "1"]
    assert G.select_gpus("0,2,5", vis) == ["0", "2", "5"]
    assert G.select_gpus("1,0", ["GPU-a", "GPU-b"]) == ["GPU-b", "GPU-a"]  # positions in the visible list
    assert G.select_gpus("all", []) == []  # no GPU: workers are not pinned (as before)
    for bad in ("7", "0", "0,9", "1,1"):
        with pytest.raises(InputError):
            G.select_gpus(bad, vis)
    with pytest.raises(InputError):
        G.select_gpus("2", [])
    with pytest.raises(InputError):
        batch_options(token_budget=0, gpus="first two")
    assert batch_options(token_budget=0).gpus == "all"


def test_pool_spreads_round_robin_and_retires():
    pool = G.GpuPool(["0", "1", "2"], jobs=7, retire_after=2)
    picks = []
    for _ in range(7):
        g = pool.choose()
        pool.started(g)
        picks.append(g)
    assert picks == ["0", "1", "2", "0", "1", "2", "0"]  # balanced: at most ceil(7/3) = 3 each
    pool.ended("1")
    assert pool.choose() == "1" and pool.choose("2") == "2"  # a restart goes back to its GPU under its share
    assert pool.choose("0") == "1"  # "0" is at its share (3): the least loaded instead
    assert pool.failed("2", "x") is False and pool.failed("2", "y") is True
    assert pool.healthy == ["0", "1"] and pool.retired == {"2": "y"}
    pool.ok("0")
    assert pool.failed("0", "x") is False  # consecutive: one failure after success does not retire


def test_usage_counts_busy_time_as_a_union():
    def k(gpu, a, b):
        return KernelResult(id=f"k{a}", input="x", status="already_correct", reason="", gpu=gpu, started_at=a,
                            ended_at=b)

    u = G.usage([k("0", 0, 4), k("0", 2, 6), k("1", 0, 2)], [], wall_s=10.0)
    assert [(x.gpu, x.kernels, x.busy_s, x.utilisation) for x in u] == [("0", 2, 6.0, 0.6), ("1", 1, 2.0, 0.2)]


# -- the hook in verify: the sandboxed harness gets the lock ---------------------------------------
def test_verify_passes_the_timing_lock_to_its_sandboxed_worker(monkeypatch, tmp_path):
    """The sandbox passes only what it is given: verify gives its workers (and its spare) the lock."""
    from kagent.config import VerifyConfig
    from kagent.verifiers import verify as V

    class Stop(Exception):
        pass

    seen: list[dict] = []

    def fake_env(device, extra=None):
        seen.append(dict(extra or {}))
        raise Stop

    monkeypatch.setattr(V, "candidate_env", fake_env)
    monkeypatch.setattr(V, "_spares", {})
    monkeypatch.setenv(TIMING_LOCK_ENV, str(tmp_path / "0.lock"))
    for call in (lambda: V._run_job({"mode": "reference", "out_dir": str(tmp_path)}, VerifyConfig(), "cuda", tmp_path),
                 lambda: V._start_spare(VerifyConfig(), "cuda")):
        with pytest.raises(Stop):
            call()
    assert [e.get(TIMING_LOCK_ENV) for e in seen] == [str(tmp_path / "0.lock")] * 2
    monkeypatch.delenv(TIMING_LOCK_ENV)
    with pytest.raises(Stop):
        V._run_job({"mode": "reference", "out_dir": str(tmp_path)}, VerifyConfig(), "cuda", tmp_path)
    assert TIMING_LOCK_ENV not in seen[-1]


# -- pinning ----------------------------------------------------------------------------------------
def test_each_worker_pinned_to_one_gpu_evenly(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")
    names = [f"pin_{i}" for i in range(6)]
    s = _run(tmp_path, names, jobs=4)
    assert s.complete and {k.status for k in s.kernels} == {"already_correct"}
    locks = {}
    for k in s.kernels:
        env = _envs(s, k.id)
        assert len(env) == 1 and env[0]["gpu"] == k.gpu  # pinned, and the result says where
        locks.setdefault(k.gpu, set()).add(env[0]["lock"])
        assert int((Path(s.batch_dir) / "kernels" / k.id / "shared_with.txt").read_text()) <= 2  # ceil(4/2)
    assert set(locks) == {"0", "1"}
    assert all(len(v) == 1 for v in locks.values()) and locks["0"] != locks["1"]  # one timing lock per GPU
    assert [g.gpu for g in s.gpus] == ["0", "1"] and sum(g.kernels for g in s.gpus) == 6
    html = (Path(s.batch_dir) / "report.html").read_text()
    assert 'id="gpus"' in html and 'id="chart-gpus"' in html and html.count('class="run"') == 6


def test_gpus_option_picks_the_gpus(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "4,5,6")
    s = _run(tmp_path, ["ok_a", "ok_b", "ok_c"], jobs=3, gpus="1,2")
    assert {k.gpu for k in s.kernels} <= {"5", "6"}
    s = _run(tmp_path, ["ok_a", "ok_b"], out="one", jobs=2, gpus="1")
    assert {k.gpu for k in s.kernels} == {"4"}
    with pytest.raises(InputError):
        _run(tmp_path, ["ok_a"], out="bad", gpus="0,2", device="cpu")


def test_one_gpu_all_runs_as_before(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0")
    s = _run(tmp_path, ["ok_a", "ok_b"], jobs=1)
    assert s.complete and all(k.gpu == "0" and k.starts == 1 for k in s.kernels)
    assert all(_envs(s, k.id)[0]["gpu"] == "0" for k in s.kernels)
    s = _run(tmp_path, ["ok_a"], out="cpu", device="cpu")  # on CPU: not pinned, no timing lock
    assert s.kernels[0].gpu is None and _envs(s, "ok_a")[0] == {"gpu": "0", "lock": None, "start": 1}
    assert s.gpus == []


# -- timing: one kernel per GPU at a time ---------------------------------------------------------
def test_timing_sections_on_one_gpu_never_overlap(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0")
    monkeypatch.setenv("FAKE_TIMERS", "3")
    names = ["time_a", "time_b", "time_c"]
    s = _run(tmp_path, names, jobs=3)
    spans = sorted(json.loads((Path(s.batch_dir) / "kernels" / n / "timed.json").read_text()) for n in names)
    for (a0, b0), (a1, b1) in zip(spans, spans[1:]):
        assert b0 <= a1, f"timing sections overlap: {spans}"


def test_timing_sections_on_two_gpus_may_overlap(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")
    s = _run(tmp_path, ["meet_a", "meet_b"], jobs=2)
    assert {k.gpu for k in s.kernels} == {"0", "1"}
    assert [k.reason for k in s.kernels] == ["met", "met"]  # each was inside its timed section with the other


# -- failures ---------------------------------------------------------------------------------------
def test_kernel_own_illegal_access_is_not_a_gpu_failure(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")
    s = _run(tmp_path, ["bug_a", "bug_b", "bug_c", "ok_d"], jobs=2, gpu_retire_after=1)
    by = {k.id: k for k in s.kernels}
    assert all(by[k].status == "error" and by[k].failure_class == "crash" and by[k].starts == 1
               for k in ("bug_a", "bug_b", "bug_c"))
    assert by["ok_d"].status == "already_correct"
    assert not any(g.retired for g in s.gpus) and sum(g.kernel_faults for g in s.gpus) == 3
    assert {e.event for e in s.gpu_events} == {"joined", "kernel_fault"}


def test_failing_gpu_restarts_then_leaves_the_rotation(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")
    monkeypatch.setenv("FAKE_BAD_GPUS", "1")
    s = _run(tmp_path, ["sick_a", "die_b", "sick_c", "ok_d"], jobs=2, gpu_retire_after=2)
    assert s.complete and {k.status for k in s.kernels} == {"already_correct"}, [k.reason for k in s.kernels]
    assert {k.gpu for k in s.kernels} == {"0"}  # every kernel ended on the healthy GPU
    restarted = [k for k in s.kernels if k.starts > 1]
    assert restarted  # a kernel on GPU 1 was started again ...
    for k in restarted:
        gpus = [e["gpu"] for e in _envs(s, k.id)]
        assert gpus[0] == "1" and gpus[-1] == "0"
        assert (Path(s.batch_dir) / "kernels" / k.id / "gpu-failed-1.json").is_file()
    by_event = [(e.gpu, e.event) for e in s.gpu_events]
    assert by_event.count(("1", "failure")) == 2 and ("1", "retired") in by_event
    assert ("1", "restarted") in by_event  # ... first on the same GPU
    g1 = next(g for g in s.gpus if g.gpu == "1")
    assert g1.retired and "fallen off the bus" in (g1.retired_reason or "") and g1.failures == 2
    html = (Path(s.batch_dir) / "report.html").read_text()
    assert "<b>retired</b>" in html


def test_no_gpu_left_ends_kernels_as_gpu_lost_and_a_rerun_runs_them(tmp_path, monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0")
    monkeypatch.setenv("FAKE_BAD_GPUS", "0")
    s = _run(tmp_path, ["sick_a", "ok_b"], jobs=1, gpu_retire_after=1)
    assert s.complete and {(k.status, k.failure_class) for k in s.kernels} == {("error", "gpu_lost")}
    monkeypatch.setenv("FAKE_BAD_GPUS", "")  # the GPU was fixed
    s = _run(tmp_path, ["sick_a", "ok_b"], jobs=1, gpu_retire_after=1)
    assert s.complete and {k.status for k in s.kernels} == {"already_correct"} and s.resumes == 1
