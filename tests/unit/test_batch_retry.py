"""A kernel whose batch worker was SIGKILLed (the OOM killer, say) is retried when the batch is
resumed, with the retry counted in its result; a worker killed for its time limit is not."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kagent.api import batch
from kagent.batch.plan import KernelSpec

HERE = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _runner_path(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.syspath_prepend(str(HERE))


def _specs(tmp_path: Path, names: list[str]) -> list[KernelSpec]:
    d = tmp_path / "k"
    d.mkdir(exist_ok=True)
    out = []
    for n in names:
        (d / f"{n}.py").write_text("class ModelNew:\n    pass\n")
        out.append(KernelSpec(candidate=str(d / f"{n}.py"), reference=str(d / f"{n}.py"),
                              timeout_s=1.0 if n.startswith("hang") else None))
    return out


def test_a_sigkilled_worker_is_retried_on_resume(tmp_path: Path) -> None:
    specs = _specs(tmp_path, ["oomkilled_a", "ok_b", "crash_c", "hang_d"])
    kw = dict(token_budget=1000, out=tmp_path / "out", jobs=2, runner="batch_runners:dispatch", kill_grace_s=0.2,
              crash_retries=1)
    first = {k.id: k for k in batch(specs, **kw).kernels}
    assert first["oomkilled_a"].status == "error" and "SIGKILL" in first["oomkilled_a"].reason
    assert first["oomkilled_a"].failure_class == "worker_crashed" and first["oomkilled_a"].retries == 0
    s = batch(specs, **kw)
    by = {k.id: k for k in s.kernels}
    assert s.complete and len(s.kernels) == 4
    assert by["oomkilled_a"].status == "already_correct" and by["oomkilled_a"].retries == 1
    assert by["oomkilled_a"].starts == 2
    crashed = tmp_path / "out" / "kernels" / "oomkilled_a" / "crashed-1.json"
    assert json.loads(crashed.read_text())["reason"].startswith("worker crashed (signal SIGKILL)")
    assert by["ok_b"].starts == 1  # finished kernels are not redone
    assert by["crash_c"].status == "error" and by["crash_c"].retries == 1  # retried once, crashed again
    assert by["hang_d"].starts == 1 and by["hang_d"].failure_class == "worker_lost"  # a hang is not retried
    third = {k.id: k for k in batch(specs, **kw).kernels}  # the retry limit (1) is used up
    assert third["crash_c"].retries == 1 and third["crash_c"].starts == 2
