"""`kagent repair --resume` from any point a run can be stopped at: before the first checkpoint,
inside the first nodes, mid-verify, mid-loop, between the summary and the end, with the summary or
the checkpoints damaged, and after a real SIGKILL before the first checkpoint."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kagent.errors import InputError
from kagent.repair.run import repair

sys.path.insert(0, str(Path(__file__).parent))
from repair_fakes import FakeStore, FakeVerify, fake_static, make_fixes, write_toy  # noqa: E402

BUGS = 3


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("ref")
    return repair(write_toy(tmp, BUGS), runs_dir=tmp / "runs", verify_fn=FakeVerify(), patterns=FakeStore(),
                  candidate_fixes=make_fixes(), static_check=fake_static)


def _same(s, ref) -> None:
    assert (s.status, s.attempts, s.candidates, s.best_index) == (ref.status, ref.attempts, ref.candidates,
                                                                  ref.best_index)
    assert Path(s.repaired_path).read_text() == Path(ref.repaired_path).read_text()
    assert (Path(s.run_dir) / "summary.json").is_file()


def _resume(run: Path):
    return repair(resume=run, verify_fn=FakeVerify(), patterns=FakeStore(), candidate_fixes=make_fixes(),
                  static_check=fake_static)


def _only_run(tmp_path: Path) -> Path:
    runs = list((tmp_path / "runs").iterdir())
    assert len(runs) == 1
    return runs[0]


class KillingStore(FakeStore):
    """Killed in the `learn` node: after summary.json is written, before the graph ends."""

    def record_outcome(self, pid, success):
        raise KeyboardInterrupt("simulated kill in learn")


def _static_kill(path):
    raise KeyboardInterrupt("simulated kill in static_anticheat")


def _start(tmp_path: Path, **kw):
    defaults = dict(verify_fn=FakeVerify(), patterns=FakeStore(), candidate_fixes=make_fixes(),
                    static_check=fake_static)
    defaults.update(kw)
    return repair(write_toy(tmp_path, BUGS), runs_dir=tmp_path / "runs", **defaults)


def test_killed_before_the_first_checkpoint(tmp_path: Path, reference, monkeypatch: pytest.MonkeyPatch) -> None:
    import kagent.repair.run as run_mod

    real = run_mod._checkpointer

    def killed(run):
        raise KeyboardInterrupt("killed after config.json, before the first checkpoint")

    monkeypatch.setattr(run_mod, "_checkpointer", killed)
    with pytest.raises(KeyboardInterrupt):
        _start(tmp_path)
    monkeypatch.setattr(run_mod, "_checkpointer", real)
    run = _only_run(tmp_path)
    assert (run / "config.json").is_file() and not (run / "checkpoints.sqlite").exists()
    s = _resume(run)
    _same(s, reference)
    assert any(e.get("event") == "resume" and e.get("at") == ["start"] for e in _events(run))


@pytest.mark.parametrize("point", ["static_anticheat", "verify_original", "mid_loop", "learn"])
def test_killed_inside_the_graph(tmp_path: Path, reference, point: str) -> None:
    kw = {"static_anticheat": dict(static_check=_static_kill),
          "verify_original": dict(verify_fn=FakeVerify(interrupt_at=1)),
          "mid_loop": dict(verify_fn=FakeVerify(interrupt_at=3)),
          "learn": dict(patterns=KillingStore())}[point]
    with pytest.raises(KeyboardInterrupt):
        _start(tmp_path, **kw)
    run = _only_run(tmp_path)
    assert (point == "learn") == (run / "summary.json").is_file()
    _same(_resume(run), reference)
    _same(_resume(run), reference)  # and a finished run resumes to its summary


def test_damaged_summary_and_checkpoints(tmp_path: Path, reference) -> None:
    s = _start(tmp_path)
    run = Path(s.run_dir)
    (run / "summary.json").write_text(s.model_dump_json()[:40])  # cut short
    _same(_resume(run), reference)
    (run / "checkpoints.sqlite").write_bytes(b"this is not a database" * 100)
    (run / "summary.json").unlink()
    _same(_resume(run), reference)
    assert list(run.glob("checkpoints.sqlite.damaged-*"))


def test_a_cut_short_trajectory_line_does_not_break_resume(tmp_path: Path, reference) -> None:
    with pytest.raises(KeyboardInterrupt):
        _start(tmp_path, verify_fn=FakeVerify(interrupt_at=2))
    run = _only_run(tmp_path)
    with (run / "trajectory.jsonl").open("a") as fh:
        fh.write('{"ts": "2026-12-01", "event": "cand')  # the kill hit mid-write
    _same(_resume(run), reference)
    events = _events(run)
    assert events[-1]["event"] in ("learn", "summary") or events


def test_a_run_without_config_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "r").mkdir()
    with pytest.raises(InputError, match="no config.json"):
        repair(resume=tmp_path / "r")


KILLED_EARLY = """
import sys, time
sys.path.insert(0, {fakes!r})
from pathlib import Path
import kagent.repair.run as run_mod
from repair_fakes import FakeStore, FakeVerify, fake_static, make_fixes

def stall(run):  # config.json is written; the checkpointer is not opened yet
    print("CONFIG", flush=True)
    time.sleep(600)

run_mod._checkpointer = stall
run_mod.repair(Path({toy!r}), runs_dir=Path({runs!r}), verify_fn=FakeVerify(), patterns=FakeStore(),
               candidate_fixes=make_fixes(), static_check=fake_static)
"""


def test_sigkill_before_the_first_checkpoint_resumes(tmp_path: Path, reference) -> None:
    toy = write_toy(tmp_path, BUGS)
    script = KILLED_EARLY.format(fakes=str(Path(__file__).parent), toy=str(toy), runs=str(tmp_path / "runs"))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert proc.stdout.readline().strip() == "CONFIG"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    _same(_resume(_only_run(tmp_path)), reference)


def _events(run: Path) -> list[dict]:
    from kagent.repair.rundir import RunDir

    return RunDir(run).events()
